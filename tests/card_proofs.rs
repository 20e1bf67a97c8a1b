//! The card proofs (`tests/cards/**/*.proof`): every one reads, names a
//! card with a reviewed script, and passes through the real command path.
//! A proof's expectations are written from the card's printed text and
//! rulings; this test only runs them.

use xfiles_bot::app::proof::{self, coverage};
use xfiles_bot::cards;
use xfiles_bot::engine::xfiles::effects::scripts;

#[test]
fn every_card_proof_passes() {
    let failures: Vec<String> = proof::embedded()
        .iter()
        .filter_map(
            |p| match p.as_ref().map_err(Clone::clone).and_then(proof::run) {
                Ok(_) => None,
                Err(f) => Some(f.to_string()),
            },
        )
        .collect();
    assert!(
        failures.is_empty(),
        "{} proofs fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_proof_names_one_card_with_a_reviewed_script() {
    let mut seen = std::collections::HashSet::new();
    for p in proof::embedded().iter().flatten() {
        if let Some(value) = p.card.strip_prefix("power ") {
            let value: xfiles_bot::cards::Trait = value.parse().expect("a characteristic value");
            assert!(
                scripts().power(value).is_some(),
                "{}: no Power {value}",
                p.file
            );
            assert!(
                seen.insert((p.card.to_lowercase(), None)),
                "{}: a second proof",
                p.file
            );
            continue;
        }
        let printings: Vec<_> = cards::db()
            .iter()
            .filter(|(_, c)| c.title.eq_ignore_ascii_case(&p.card))
            .map(|(i, _)| i)
            .collect();
        assert!(
            !printings.is_empty(),
            "{}: no card is titled {}",
            p.file,
            p.card
        );
        assert!(
            printings
                .iter()
                .any(|i| scripts().of(*i).is_some_and(|s| s.automated())),
            "{}: {} has no reviewed script covering every sentence",
            p.file,
            p.card
        );
        assert!(
            seen.insert((p.card.to_lowercase(), p.dealt())),
            "{}: a second proof of {} dealing the same printing",
            p.file,
            p.card
        );
    }
}

#[test]
fn a_proof_that_does_not_hold_fails_naming_its_line() {
    let text = "proof Deep Throat\ncase wrong on purpose\nscene table phase:investigation alice:\"Deep Throat\"\nexpect alice rp = 99\n";
    let p = proof::parse("planted.proof", text).expect("it reads");
    let f = proof::run(&p).expect_err("99 RP is wrong");
    assert_eq!((f.file.as_str(), f.line), ("planted.proof", 4), "{f}");
}

#[test]
fn a_refused_command_must_be_written_as_refuse() {
    let text = "proof Deep Throat\ncase\nscene table phase:investigation alice:\"Deep Throat\"\nset alice rp:0\n@alice /play card:\"Deep Throat\" value:occult\n";
    let p = proof::parse("planted.proof", text).expect("it reads");
    let f = proof::run(&p).expect_err("0 RP cannot pay 5");
    assert!(f.message.contains("refused"), "{f}");
}

#[test]
fn coverage_json_counts_proven_cards_per_set() {
    let json: serde_json::Value =
        serde_json::from_str(&coverage::report(false, true)).expect("JSON");
    let sets = json["sets"].as_array().expect("sets");
    assert_eq!(sets.len(), cards::CardSet::ALL.len());
    for key in [
        "set",
        "official",
        "with_text",
        "proven",
        "scripted",
        "partly",
        "manual",
    ] {
        assert!(sets[0].get(key).is_some(), "no {key}");
    }
    let official = &json["official"];
    let sum = ["proven", "scripted", "partly", "manual"]
        .iter()
        .map(|k| official[k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(sum, official["with_text"].as_u64().unwrap());
    assert!(
        official["proven"].as_u64().unwrap() >= 1,
        "Deep Throat is proven"
    );
}
