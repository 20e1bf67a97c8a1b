//! Writes `cards/xfiles-ccg/effects.json`: every card's text read sentence by
//! sentence into [`Effect`]s. A sentence no pattern reads leaves the card
//! (or that "Alternately" mode) to manual play.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::LazyLock;

use regex::Regex;

use super::effects::{CardEffects, Effect, Mode, Section};
use super::{CardDb, CardType, Keyword, Pool, Skill};

fn re(p: &str) -> Regex {
    Regex::new(p).expect("pattern")
}

fn number(word: &str) -> Option<u32> {
    word.parse().ok().or(match word {
        "one" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        "four" => Some(4),
        "five" => Some(5),
        "six" => Some(6),
        _ => None,
    })
}

/// "alien investigation", "behavioral" → skills; "site" or "" → any.
fn skills(phrase: &str) -> Option<Vec<Skill>> {
    let p = phrase.trim();
    if p.is_empty() || p == "site" || p == "any" {
        return Some(Vec::new());
    }
    let mut out = Vec::new();
    for part in p.split(" or ") {
        out.push(Skill::parse_loose(part.trim())?);
    }
    Some(out)
}

/// "evolutionary creature" → [Evolutionary, Creature], longest names first.
fn keywords(phrase: &str) -> Option<Vec<Keyword>> {
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
                out.push(k);
                i += len;
                continue 'outer;
            }
        }
        return None;
    }
    (!out.is_empty()).then_some(out)
}

fn keyword_list(phrase: &str) -> Option<Vec<Keyword>> {
    let mut out = Vec::new();
    for part in phrase
        .replace(", or ", ", ")
        .replace(" or ", ", ")
        .split(", ")
    {
        out.extend(keywords(part.trim())?);
    }
    Some(out)
}

struct Patterns {
    skill_check: Regex,
    equipment: Regex,
    negate: Regex,
    target: Regex,
    heal: Regex,
    heal_on: Regex,
    combat_skill: Regex,
    reduce: Regex,
    gain: Regex,
    set_prereq: Regex,
    change_kw: Regex,
    dedicated: Regex,
    res_bureau: Regex,
    tokens_site: Regex,
    tokens_bluff: Regex,
    income: Regex,
}

static P: LazyLock<Patterns> = LazyLock::new(|| Patterns {
    skill_check: re(
        r"^(?:play (?:this card )?to )?(add|adds|subtract|subtracts) (\d+|one|two|three|four) (?:to|from) (?:any one|one opposing|an opposing|one|any|the|a|an)(?: (?:team's|agent's|opposing team's))? ?((?:[a-z]+ ?)*?) ?(?:skill )?checks?(?: once (?:during your turn|per turn))?$",
    ),
    equipment: re(r"^adds? (\d+|one|two|three) to the (agent|team)'s ([a-z ]+?) skill$"),
    negate: re(
        r"^(?:play (?:this card )?to )?negates? (?:any )?one ((?:keyword )?[a-z ]+?)(?: card)?$",
    ),
    target: re(
        r"^(?:play|place) on (?:a|an|any|one) (?:agent|team) in the (field|hospital|bureau)(?: containing an injured agent)?$",
    ),
    heal: re(r"^the agent heals (one|two|\d+) (?:token of |points? of )?damage immediately$"),
    heal_on: re(
        r"^play on (?:any|an|one) agent in the (field|hospital) to (?:immediately )?heal (one|two|\d+) points? of damage$",
    ),
    combat_skill: re(
        r"^(?:play on any ((?:[a-z]+ or )?[a-z]+) (?:adversary|combatant) to add|combatants that can use martial arts may play this card to add) (\d+|one|two|three) to (?:their|its) (close|long) range combat skill(?: (?:in )?this round)?$",
    ),
    reduce: re(
        r"^play on any ([a-z]+) (?:adversary|combatant) to reduce damage from all opponent long range combat or close range combat sources by (\d+|one|two) this round$",
    ),
    gain: re(
        r"^play to add (\d+|one|two|three|four|five) (?:\[cp\]|tokens) to your (?:\[cp\] )?pool(?: immediately)?$",
    ),
    set_prereq: re(r"^play to change (?:the|a) site prerequisite to ([a-z ]+?) (\d+)\+$"),
    change_kw: re(r"^play to change one keyword ([a-z ,]+?) card to keyword ([a-z ]+)$"),
    dedicated: re(r"^this \[rp\] may be used to pay for any keyword ([a-z ]+?) cards$"),
    res_bureau: re(
        r"^treat [a-z .]+ as a res (\d) if he is in the bureau section(?: of the table)?$",
    ),
    tokens_site: re(r"^place (three|3) tokens on this card$"),
    tokens_bluff: re(r"^discard (?:a )?token to examine any one bluff card$"),
    income: re(r"^adds 1 \[rp\] to your pool every time a keyword ([a-z ]+?) card is played$"),
});

/// Splits text into sentences (keeping "i.e." and decimals intact).
fn sentences(text: &str) -> Vec<String> {
    let protected = text
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

/// Reads one mode's text; `automated` when every sentence was understood.
fn read_mode(text: &str, kind: CardType) -> Mode {
    let mut effects = Vec::new();
    let mut understood = true;
    let mut section: Option<Section> = None;
    let p = &*P;
    let sents = sentences(text);
    let mut i = 0;
    while i < sents.len() {
        let s = sents[i].as_str();
        i += 1;
        let sec = |w: &str| match w {
            "field" => Some(Section::Field),
            "hospital" => Some(Section::Hospital),
            "bureau" => Some(Section::Bureau),
            _ => None,
        };
        let got: Option<Vec<Effect>> = if let Some(c) = p.skill_check.captures(s) {
            let n = number(&c[2]).unwrap_or(0) as i32;
            let sign = if c[1].starts_with("sub") { -1 } else { 1 };
            skills(&c[3]).map(|skills| {
                vec![Effect::SkillCheck {
                    amount: sign * n,
                    skills,
                }]
            })
        } else if let (Some(c), CardType::Equipment) = (p.equipment.captures(s), kind) {
            Skill::parse_loose(&c[3]).map(|skill| {
                vec![Effect::Equipment {
                    skill,
                    amount: number(&c[1]).unwrap_or(0) as i32,
                    team: &c[2] == "team",
                }]
            })
        } else if let Some(c) = p.negate.captures(s) {
            keywords(&c[1]).map(|keywords| vec![Effect::Negate { keywords }])
        } else if let Some(c) = p.heal_on.captures(s) {
            Some(vec![Effect::Heal {
                amount: number(&c[2]).unwrap_or(1) as u8,
                section: sec(&c[1]),
            }])
        } else if let Some(c) = p.target.captures(s) {
            section = sec(&c[1]);
            Some(Vec::new())
        } else if let Some(c) = p.heal.captures(s) {
            Some(vec![Effect::Heal {
                amount: number(&c[1]).unwrap_or(1) as u8,
                section,
            }])
        } else if let Some(c) = p.combat_skill.captures(s) {
            let targets = c
                .get(1)
                .map_or(Some(Vec::new()), |m| keyword_list(m.as_str()));
            let skill = if &c[3] == "close" {
                Skill::CloseRangeCombat
            } else {
                Skill::LongRangeCombat
            };
            targets.map(|targets| {
                vec![Effect::CombatSkill {
                    skill,
                    amount: number(&c[2]).unwrap_or(0) as i32,
                    targets,
                }]
            })
        } else if let Some(c) = p.reduce.captures(s) {
            keyword_list(&c[1]).map(|targets| {
                vec![Effect::ReduceDamage {
                    amount: number(&c[2]).unwrap_or(1) as u8,
                    targets,
                }]
            })
        } else if let Some(c) = p.gain.captures(s) {
            Some(vec![Effect::GainPool {
                pool: Pool::Cp,
                amount: number(&c[1]).unwrap_or(0),
            }])
        } else if let Some(c) = p.set_prereq.captures(s) {
            Skill::parse_loose(&c[1]).map(|skill| {
                vec![Effect::SetPrerequisite {
                    skill,
                    threshold: c[2].parse().unwrap_or(4),
                }]
            })
        } else if let Some(c) = p.change_kw.captures(s) {
            match (keyword_list(&c[1]), keywords(&c[2])) {
                (Some(from), Some(to)) if to.len() == 1 => {
                    Some(vec![Effect::ChangeKeyword { from, to: to[0] }])
                }
                _ => None,
            }
        } else if let Some(c) = p.dedicated.captures(s) {
            keyword_list(&c[1]).map(|keywords| vec![Effect::DedicatedRp { keywords }])
        } else if let Some(c) = p.res_bureau.captures(s) {
            Some(vec![Effect::ResInBureau {
                res: c[1].parse().unwrap_or(1),
            }])
        } else if let Some(c) = p.income.captures(s) {
            keyword_list(&c[1]).map(|keywords| {
                vec![Effect::Income {
                    pool: Pool::Rp,
                    keywords,
                }]
            })
        } else if p.tokens_site.is_match(s) {
            // The next sentence says what the tokens do.
            match sents.get(i).map(String::as_str) {
                Some("discard a token to play a site for zero [rp] cost")
                | Some("discard a token to play a site for 0 [rp] cost") => {
                    i += 1;
                    Some(vec![Effect::FreeSiteTokens { tokens: 3 }])
                }
                Some(next) if p.tokens_bluff.is_match(next) => {
                    i += 1;
                    Some(vec![Effect::PeekBluffTokens { tokens: 3 }])
                }
                _ => None,
            }
        } else {
            fixed(s)
        };
        match got {
            Some(mut e) => effects.append(&mut e),
            None => understood = false,
        }
    }
    Mode {
        effects,
        automated: understood,
        text: text.trim().to_string(),
    }
}

/// Whole sentences with one meaning.
fn fixed(s: &str) -> Option<Vec<Effect>> {
    Some(match s {
        "the long range combat round is skipped" => vec![Effect::SkipLongRange],
        "damage caused by this creature may be split among all opponents (directed player's choice)" =>
        {
            vec![Effect::SplitDamage]
        }
        "any agent wounded by the manitou may not heal wounds until a healing card is successfully played on him" =>
        {
            vec![Effect::WoundsBlockHealing]
        }
        "ask any one characteristic question regarding one opponent's x-file" => {
            vec![Effect::ExtraQuestion]
        }
        "remove this card from the game" => vec![Effect::RemoveFromGame],
        "the effects of this card may not be negated" => vec![Effect::Unnegatable],
        "play on a team of three or more agents moving to the same site" => vec![],
        "the team may only send two agents to that site (owning player's choice)" => {
            vec![Effect::TeamLimit { agents: 2 }]
        }
        "any extra agents remain in the team but may not contribute their skills to any checks this turn" =>
        {
            vec![]
        }
        "in addition, playing this card will prevent the use of the evasive maneuver card by this team this turn" =>
        {
            vec![]
        }
        "place 1 [rp] on this card"
        | "if you use this [rp], replace it during your briefing phase" => vec![],
        "[rp]s generated by agent mulder must be used to purchase cards"
        | "rps generated by mulder must be used to purchase cards" => {
            vec![Effect::ResMustBuy]
        }
        "agent krycek allows you to choose to add to the conspiracy pool instead of the resource pool during the briefing phase"
        | "he may choose to add to the conspiracy pool instead of the resource pool during his briefing phase"
        | "if he is in the bureau section, he may contribute to the conspiracy pool instead of the resources pool during the briefing phase" =>
        {
            vec![Effect::ResToConspiracy]
        }
        "place bluff card back on the site after examining" => vec![],
        _ => return None,
    })
}

/// Reads every card of the database; returns the file's content.
pub fn build(db: &CardDb) -> BTreeMap<String, CardEffects> {
    let mut out = BTreeMap::new();
    for (_, card) in db.iter() {
        let Some(text) = card.text.as_ref().or(card.game_effect.as_ref()) else {
            continue;
        };
        if card.kind == CardType::Site {
            continue;
        }
        let modes = text
            .split("Alternately,")
            .map(|m| read_mode(m, card.kind))
            .collect();
        out.insert(card.id.clone(), CardEffects { modes });
    }
    out
}

/// Writes `effects.json` next to the set files; returns (cards with text, automated).
pub fn import(to: &Path, db: &CardDb) -> Result<(usize, usize), String> {
    let all = build(db);
    let automated = all.values().filter(|e| e.automated()).count();
    let mut json = serde_json::to_string_pretty(&all).map_err(|e| e.to_string())?;
    json.push('\n');
    let path = to.join("effects.json");
    std::fs::write(&path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok((all.len(), automated))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, kind: CardType) -> Mode {
        read_mode(text, kind)
    }

    #[test]
    fn reads_the_common_patterns() {
        let m = read(
            "Adds 2 to one Team's BEHAVIORAL skill check.",
            CardType::Witness,
        );
        assert_eq!(
            m.effects,
            vec![Effect::SkillCheck {
                amount: 2,
                skills: vec![Skill::Behavioral]
            }]
        );
        assert!(m.automated);
        let m = read(
            "Adds 1 to the Agent's CLOSE RANGE COMBAT skill.",
            CardType::Equipment,
        );
        assert_eq!(
            m.effects,
            vec![Effect::Equipment {
                skill: Skill::CloseRangeCombat,
                amount: 1,
                team: false
            }]
        );
        let m = read("Negate any one Keyword ADVERSARY card.", CardType::Event);
        assert_eq!(
            m.effects,
            vec![Effect::Negate {
                keywords: vec![Keyword::Adversary]
            }]
        );
        let m = read("Negates one EVOLUTIONARY CREATURE.", CardType::Witness);
        assert_eq!(
            m.effects,
            vec![Effect::Negate {
                keywords: vec![Keyword::Evolutionary, Keyword::Creature]
            }]
        );
        let m = read(
            "Play on any Agent in the Field to immediately Heal one point of damage.",
            CardType::Combat,
        );
        assert_eq!(
            m.effects,
            vec![Effect::Heal {
                amount: 1,
                section: Some(Section::Field)
            }]
        );
        let m = read(
            "Play to change the Site Prerequisite to OBSERVATION 3+.",
            CardType::Bluff,
        );
        assert_eq!(
            m.effects,
            vec![Effect::SetPrerequisite {
                skill: Skill::Observation,
                threshold: 3
            }]
        );
    }

    #[test]
    fn an_unread_sentence_leaves_the_card_manual() {
        let m = read(
            "Adds 2 to one Team's BEHAVIORAL skill check. Then sing a song.",
            CardType::Witness,
        );
        assert!(!m.automated);
        assert_eq!(m.effects.len(), 1);
    }
}
