//! The draft generator: reads a card's text sentence by sentence with the
//! common patterns of the game's wording and writes an unreviewed script
//! (`status draft`); a sentence no pattern reads becomes a `manual` line. It
//! never touches a reviewed script: a person checks each draft against the
//! printed card and marks it `status reviewed`. `xfiles-bot cards import`
//! runs it ([`write()`]); the engine only reads the scripts it leaves.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::LazyLock;

use regex::Regex;

use crate::cards::{CardDb, CardIdx, CardType, Keyword, Skill};
use crate::engine::xfiles::effects::ast::Status;
use crate::engine::xfiles::effects::db::{identity, printed_text};
use crate::engine::xfiles::effects::parse::parse_file;

fn re(p: &str) -> Regex {
    Regex::new(p).expect("pattern")
}

fn number(word: &str) -> Option<u32> {
    word.parse().ok().or(match word {
        "zero" => Some(0),
        "one" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        "four" => Some(4),
        "five" => Some(5),
        "six" => Some(6),
        "ten" => Some(10),
        _ => None,
    })
}

/// A vocabulary word as scripts write it: `alien-investigation`.
fn dash(s: &str) -> String {
    s.trim().to_lowercase().replace(' ', "-")
}

fn skill_list(phrase: &str) -> Option<String> {
    let mut out = Vec::new();
    for part in phrase.split(" or ") {
        let s = Skill::parse_loose(part.trim())?;
        out.push(dash(s.as_str()));
    }
    Some(out.join("|"))
}

/// "evolutionary creature" → `keyword=evolutionary keyword=creature` (all must hold).
fn keyword_quals(phrase: &str) -> Option<String> {
    let words: Vec<&str> = phrase
        .split_whitespace()
        .filter(|w| *w != "keyword" && *w != "card")
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    'outer: while i < words.len() {
        for len in (1..=3).rev() {
            if i + len <= words.len()
                && let Ok(k) = words[i..i + len].join(" ").parse::<Keyword>()
            {
                out.push(format!("keyword={}", dash(k.as_str())));
                i += len;
                continue 'outer;
            }
        }
        return None;
    }
    (!out.is_empty()).then(|| out.join(" "))
}

fn keyword_alternatives(phrase: &str) -> Option<String> {
    let mut out = Vec::new();
    for part in phrase
        .replace(", or ", ", ")
        .replace(" or ", ", ")
        .split(", ")
    {
        let k: Keyword = part.trim().trim_start_matches("keyword ").parse().ok()?;
        out.push(dash(k.as_str()));
    }
    Some(out.join("|"))
}

struct Patterns {
    skill_check: Regex,
    equipment: Regex,
    negate: Regex,
    heal_on: Regex,
    place_team: Regex,
    heal: Regex,
    combat_skill: Regex,
    reduce: Regex,
    gain: Regex,
    set_prereq: Regex,
    change_prereq: Regex,
    change_kw: Regex,
    dedicated: Regex,
    res_bureau: Regex,
    income: Regex,
    search: Regex,
}

static P: LazyLock<Patterns> = LazyLock::new(|| Patterns {
    skill_check: re(
        r"^(?:play (?:this card )?to )?(?:apply an? )?(add|adds|subtract|subtracts) (\d+|one|two|three|four|zero) (?:to|from) (?:any one|one opposing|an opposing|one|any|the|a|an)(?: (?:team's|agent's|opposing team's))? ?((?:[a-z]+ ?)*?) ?(?:skill )?checks?(?: once (?:during your turn|per turn))?$",
    ),
    equipment: re(r"^adds? (\d+|one|two|three) to the (agent|team)'s ([a-z ]+?) (?:skill|rating)$"),
    negate: re(
        r"^(?:play (?:this card )?to )?negates? (?:any )?one ((?:keyword )?[a-z ]+?)(?: card)?$",
    ),
    heal_on: re(
        r"^play on (?:any|an|one) agent in the (field|hospital) to (?:immediately )?heal (one|two|\d+) points? of damage$",
    ),
    place_team: re(
        r"^(?:play|place) on (?:a|an|any|one) (?:agent|team) in the (field|hospital|bureau)(?: containing an injured agent)?$",
    ),
    heal: re(r"^the agent heals (one|two|\d+) (?:token of |points? of )?damage immediately$"),
    combat_skill: re(
        r"^play on any ((?:[a-z]+ or )?[a-z]+) (adversary|combatant) to add (\d+|one|two|three) to (?:their|its) (close|long) range combat skill(?: (?:in )?this round)?$",
    ),
    reduce: re(
        r"^play on any ([a-z]+) (?:adversary|combatant) to reduce damage from all opponent long range combat or close range combat sources by (\d+|one|two) this round$",
    ),
    gain: re(
        r"^(?:play to )?add (\d+|one|two|three|four|five) (?:\[cp\]|\[rp\]|tokens) to your (\[cp\]|\[rp\])? ?pool(?: immediately)?$",
    ),
    set_prereq: re(r"^(?:play to )?change (?:the|a) site prerequisite to ([a-z ]+?) (\d+)\+$"),
    change_prereq: re(
        r"^play (?:this card )?to change the site prerequisite (?:to )?from ([a-z ]+?) to ([a-z ]+)$",
    ),
    change_kw: re(r"^play to change one keyword ([a-z ,]+?) card to keyword ([a-z ]+)$"),
    dedicated: re(r"^this \[rp\] may be used to pay for any keyword ([a-z ,]+?) cards$"),
    res_bureau: re(
        r"^treat [a-z .]+ as a res (\d) if (?:he|she) is in the (bureau|field)(?: section)?(?: of the table)?$",
    ),
    income: re(r"^adds 1 \[rp\] to your pool every time a keyword ([a-z ]+?) card is played$"),
    search: re(
        r"^(?:play this card to )?search through your bureau deck and (?:add|place|draw) (?:any )?one ([a-z]+) card (?:to|in) your hand$",
    ),
});

/// Splits text into sentences (keeping "i.e." and decimals intact).
fn sentences(text: &str) -> Vec<String> {
    let protected = text
        .replace(['\n', '\r'], " ")
        .replace("i.e.", "ie")
        .replace("e.g.", "eg")
        .replace('\u{2019}', "'")
        .replace('"', "");
    protected
        .split(". ")
        .map(|s| s.trim().trim_end_matches('.').trim().to_lowercase())
        .filter(|s| !s.is_empty())
        .collect()
}

/// A draft: header lines (statics, tokens), each mode's steps, and the
/// sentences left to manual play.
#[derive(Default)]
struct Draft {
    head: Vec<String>,
    modes: Vec<Vec<String>>,
    manual: Vec<String>,
}

fn read_mode(text: &str, kind: CardType, d: &mut Draft) {
    let p = &*P;
    let mut steps = Vec::new();
    let sents = sentences(text);
    let mut i = 0;
    while i < sents.len() {
        let s = sents[i].as_str();
        i += 1;
        let mut lines: Option<Vec<String>> = None;
        if let Some(c) = p.skill_check.captures(s) {
            let n = number(&c[2]).unwrap_or(0) as i32;
            let sign = if c[1].starts_with("sub") { -1 } else { 1 };
            let phrase = c[3].trim();
            let skills = if phrase.is_empty() || phrase == "site" || phrase == "any" {
                Some(String::new())
            } else {
                skill_list(phrase)
            };
            lines = skills.map(|sk| {
                vec![
                    format!("modify-check {:+} {sk}", sign * n)
                        .trim()
                        .to_string(),
                ]
            });
        } else if let (Some(c), CardType::Equipment) = (p.equipment.captures(s), kind) {
            if let Some(sk) = Skill::parse_loose(&c[3]) {
                let team = if &c[2] == "team" { " team" } else { "" };
                d.head.push(format!(
                    "static gear {} +{}{team}",
                    dash(sk.as_str()),
                    number(&c[1]).unwrap_or(0)
                ));
                lines = Some(Vec::new());
            }
        } else if let Some(c) = p.negate.captures(s) {
            lines = keyword_quals(&c[1])
                .map(|q| vec![format!("target stack({q})"), "negate target".into()]);
        } else if let Some(c) = p.heal_on.captures(s) {
            lines = Some(vec![
                format!("target agent({} damaged)", &c[1]),
                format!("heal target {}", number(&c[2]).unwrap_or(1)),
            ]);
        } else if let Some(c) = p.place_team.captures(s) {
            lines = Some(vec![format!("target agent({} damaged)", &c[1])]);
        } else if let Some(c) = p.heal.captures(s) {
            lines = Some(vec![format!("heal target {}", number(&c[1]).unwrap_or(1))]);
        } else if let Some(c) = p.combat_skill.captures(s) {
            let round = if &c[4] == "close" { "crc" } else { "lrc" };
            let who = if &c[2] == "adversary" {
                "foe"
            } else {
                "combatant"
            };
            lines = keyword_alternatives(&c[1]).map(|k| {
                vec![
                    format!("when round {round}"),
                    format!("target {who}(keyword={k})"),
                    format!("combat-boost target +{}", number(&c[3]).unwrap_or(0)),
                ]
            });
        } else if let Some(c) = p.reduce.captures(s) {
            lines = keyword_alternatives(&c[1]).map(|k| {
                vec![
                    format!("target foe(keyword={k})"),
                    format!("shield target {} all", number(&c[2]).unwrap_or(1)),
                ]
            });
        } else if let Some(c) = p.gain.captures(s) {
            let pool = if c.get(2).is_some_and(|m| m.as_str().contains("rp")) {
                "rp"
            } else {
                "cp"
            };
            lines = Some(vec![format!("gain {pool} {}", number(&c[1]).unwrap_or(0))]);
        } else if let Some(c) = p.set_prereq.captures(s) {
            lines = Skill::parse_loose(&c[1])
                .map(|sk| vec![format!("set-prereq {} {}", dash(sk.as_str()), &c[2])]);
        } else if let Some(c) = p.change_prereq.captures(s) {
            lines = match (skill_list(&c[1]), Skill::parse_loose(&c[2])) {
                (Some(from), Some(to)) => {
                    Some(vec![format!("change-prereq {from} {}", dash(to.as_str()))])
                }
                _ => None,
            };
        } else if let Some(c) = p.change_kw.captures(s) {
            lines = match (keyword_alternatives(&c[1]), keyword_alternatives(&c[2])) {
                (Some(from), Some(to)) => {
                    Some(vec![format!("change-keyword site from={from} to={to}")])
                }
                _ => None,
            };
        } else if let Some(c) = p.dedicated.captures(s) {
            if let Some(k) = keyword_alternatives(&c[1]) {
                d.head.push(format!("static dedicated-rp {k}"));
                lines = Some(Vec::new());
            }
        } else if let Some(c) = p.res_bureau.captures(s) {
            d.head.push(format!(
                "static res bearer {} while self-in {}",
                &c[1], &c[2]
            ));
            lines = Some(Vec::new());
        } else if let Some(c) = p.income.captures(s) {
            if let Some(k) = keyword_alternatives(&c[1]) {
                d.head.push(format!(
                    "trigger card-played stack(keyword={k})\n  when active\n  gain rp 1"
                ));
                lines = Some(Vec::new());
            }
        } else if let Some(c) = p.search.captures(s) {
            lines = c[1]
                .parse::<CardType>()
                .ok()
                .map(|t| vec![format!("search deck(mine type={})", dash(t.as_str()))]);
        } else {
            lines = fixed(s, d);
        }
        match lines {
            Some(l) => steps.extend(l),
            None => d.manual.push(s.to_string()),
        }
    }
    d.modes.push(steps);
}

/// Whole sentences with one meaning.
fn fixed(s: &str, d: &mut Draft) -> Option<Vec<String>> {
    let head = |d: &mut Draft, line: &str| {
        d.head.push(line.to_string());
        Some(Vec::new())
    };
    match s {
        "the long range combat round is skipped" => head(d, "static skip-lrc"),
        "damage caused by this creature may be split among all opponents (directed player's choice)" => {
            head(d, "static split")
        }
        "remove this card from the game" => head(d, "goes removed"),
        "the effects of this card may not be negated" => head(d, "unnegatable"),
        "place 1 [rp] on this card"
        | "if you use this [rp], replace it during your briefing phase" => Some(Vec::new()),
        "ask any one characteristic question regarding one opponent's x-file" => {
            Some(vec!["ask any".into()])
        }
        "shuffle the bureau deck" | "reshuffle your bureau deck" | "shuffle your deck" => {
            Some(Vec::new())
        }
        _ => None,
    }
}

/// A draft script for one card.
pub fn draft(card: CardIdx, db: &CardDb) -> Option<String> {
    let c = db.get(card);
    if matches!(c.kind, CardType::Site | CardType::XFile) || !c.kind.is_playable() {
        return None;
    }
    let text = c.text.as_deref().or(c.game_effect.as_deref())?;
    let mut d = Draft::default();
    for mode in text.split("Alternately,") {
        read_mode(mode, c.kind, &mut d);
    }
    let mut out = format!(
        "card {}\ntext {}\nstatus draft\n",
        c.title,
        text.replace('\n', " ")
    );
    for m in &d.manual {
        out.push_str(&format!("manual {m}\n"));
    }
    for h in &d.head {
        out.push_str(h);
        out.push('\n');
    }
    let playable = !matches!(c.kind, CardType::Agent | CardType::Equipment);
    for steps in &d.modes {
        if playable || !steps.is_empty() {
            out.push_str(if playable { "play\n" } else { "ability\n" });
            for s in steps {
                out.push_str(&format!("  {s}\n"));
            }
        }
    }
    Some(out)
}

/// A file name for a title: `hard-evidence.xfs`.
pub fn slug(title: &str) -> String {
    let mut s = String::new();
    for ch in title.to_lowercase().chars() {
        if ch.is_ascii_alphanumeric() {
            s.push(ch);
        } else if !s.ends_with('-') {
            s.push('-');
        }
    }
    format!("{}.xfs", s.trim_matches('-'))
}

/// Splits a script file into its `card` blocks (text kept as written).
fn blocks(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("card ") || out.is_empty() {
            out.push(String::new());
        }
        let last = out.last_mut().expect("pushed");
        last.push_str(line);
        last.push('\n');
    }
    out
}

/// Writes draft scripts for every card with text and no reviewed script,
/// under `dir/official` or `dir/fan`. Reviewed blocks are kept as written;
/// drafts are written again. Returns (drafts written, reviewed kept).
pub fn write(dir: &Path, db: &CardDb) -> Result<(usize, usize), String> {
    let mut files: BTreeMap<std::path::PathBuf, Vec<String>> = BTreeMap::new();
    let mut reviewed = Vec::new();
    for group in ["official", "fan"] {
        let sub = dir.join(group);
        std::fs::create_dir_all(&sub).map_err(|e| format!("{}: {e}", sub.display()))?;
        for entry in std::fs::read_dir(&sub).map_err(|e| format!("{}: {e}", sub.display()))? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.extension().is_none_or(|x| x != "xfs") {
                continue;
            }
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut kept = Vec::new();
            for b in blocks(&text) {
                let parsed = parse_file(&path.display().to_string(), &b)?;
                if parsed.iter().any(|s| s.status == Status::Reviewed) {
                    for s in &parsed {
                        for t in &s.titles {
                            for x in &s.texts {
                                reviewed.push(identity(t, x));
                            }
                        }
                    }
                    kept.push(b);
                }
            }
            files.insert(path, kept);
        }
    }
    let mut drafted: Vec<(String, String)> = Vec::new();
    let mut written = 0;
    for (idx, card) in db.iter() {
        let Some(text) = printed_text(idx) else {
            continue;
        };
        let id = identity(&card.title, text);
        if reviewed.contains(&id) || drafted.contains(&id) {
            continue;
        }
        let Some(d) = draft(idx, db) else {
            continue;
        };
        drafted.push(id);
        let group = if card.set.is_official() {
            "official"
        } else {
            "fan"
        };
        let path = dir.join(group).join(slug(&card.title));
        files.entry(path).or_default().push(d);
        written += 1;
    }
    for (path, blocks) in files {
        if blocks.is_empty() {
            let _ = std::fs::remove_file(&path);
            continue;
        }
        let text = blocks.join("\n").replace("\n\n\n", "\n\n");
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok((written, reviewed.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::db;

    fn draft_of(id: &str) -> String {
        draft(db().by_id(id).expect("card"), db()).expect("a draft")
    }

    #[test]
    fn the_common_patterns_become_steps() {
        let d = draft_of("XF96-0207v1");
        assert!(d.contains("modify-check +2 behavioral"), "{d}");
        assert!(d.contains("status draft"));
        let d = draft_of("XF96-0321v1");
        assert!(d.contains("static gear close-range-combat +1"), "{d}");
        let d = draft_of("XF96-0293v1");
        assert!(d.contains("target stack(keyword=adversary)"), "{d}");
    }

    #[test]
    fn an_unread_sentence_becomes_a_manual_line() {
        let d = draft_of("XF96-0292v1");
        assert!(d.contains("manual "), "{d}");
    }

    #[test]
    fn every_draft_parses() {
        for (idx, _) in db().iter() {
            if let Some(d) = draft(idx, db()) {
                parse_file("draft.xfs", &d).unwrap_or_else(|e| panic!("{e}\n{d}"));
            }
        }
    }

    #[test]
    fn slugs_are_file_names() {
        assert_eq!(slug("Dr. Sheila Braun"), "dr-sheila-braun.xfs");
        assert_eq!(slug("Smoke & Mirrors"), "smoke-mirrors.xfs");
    }
}
