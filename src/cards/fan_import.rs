//! The importer that produced `cards/fan-ccg/cards.json` from the fan game's
//! `shared/data/fan-ccg/cards.json`: it reads every rules sentence of every
//! card into structured requirements and effects, and refuses a sentence it
//! does not understand.

use std::path::Path;

use serde_json::Value;

use super::fan::{
    Character, DeckLimit, Effect, FanCard, FanDb, FanFile, FanType, LimitMark, Need, PointMark,
    Points, Requirement, Sets,
};

/// Interpretations of the prototype's data, reported by the importer and
/// repeated in `cards/fan-ccg/README.md`.
pub const INTERPRETATIONS: &[&str] = &[
    "'_Abduction_' in I'm Not Supposed to Tell is met by [Missing Person], what the abduction Case of the same episode provides",
    "the theme 'Alien Encounter' of Fourth Dead in the Class of '89 is read as 'Alien Encounters', the X-FILES theme",
    "an established circumstance with no pip (null or absent) is eliminated; a translucent arrow ('pass') keeps it",
    "a required circumstance 'prev' accepts anything, '2prev' needs it present after each of the last two cards, '2' needs two cards of the round to have established it",
    "a deck limit left unmarked means one copy (game option unmarked-limit:none lifts it); '+' means any number",
    "'positive', 'negative' and 'conflict' point values are 0 before the card's own effect",
];

pub fn import(from: &Path, to: &Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(from)
        .map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    let source: Vec<Value> =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", from.display()))?;
    let cards = source.iter().map(convert).collect::<Result<Vec<_>, _>>()?;
    let n = cards.len();
    let mut json = serde_json::to_string_pretty(&FanFile { cards }).map_err(|e| e.to_string())?;
    json.push('\n');
    FanDb::from_json(&json)?;
    if let Some(dir) = to.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(to, json).map_err(|e| format!("cannot write {}: {e}", to.display()))?;
    Ok(n)
}

fn slug(name: &str) -> String {
    let n = super::normalize(name);
    n.replace(' ', "-")
}

fn strings(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(|x| x.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    }
}

fn convert(src: &Value) -> Result<FanCard, String> {
    let name = src["name"]
        .as_str()
        .ok_or("a card without a name")?
        .to_string();
    let fail = |what: String| format!("{name}: {what}");
    let kind: FanType =
        serde_json::from_value(src["type"].clone()).map_err(|e| fail(format!("type: {e}")))?;
    let text: Vec<String> = strings(src.get("description"))
        .into_iter()
        .map(|s| {
            s.trim_start_matches("70%)")
                .trim_start_matches("80%)")
                .trim()
                .to_string()
        })
        .collect();
    let mut card = FanCard {
        id: slug(&name),
        name: name.clone(),
        episode: src["episode"].as_str().unwrap_or_default().to_string(),
        kind,
        draw_value: src
            .get("drawValue")
            .and_then(Value::as_u64)
            .map(|v| v as u8),
        points: match src.get("pointValue") {
            Some(Value::Number(n)) => Some(Points::Value(
                n.as_i64().ok_or_else(|| fail("points".into()))? as i32,
            )),
            Some(Value::String(s)) => Some(Points::Marked(
                serde_json::from_value::<PointMark>(Value::String(s.clone()))
                    .map_err(|e| fail(format!("points: {e}")))?,
            )),
            _ => None,
        },
        play_limit: src
            .get("playOrdinality")
            .and_then(Value::as_u64)
            .map(|v| v as u8),
        deck_limit: match src.get("deckOrdinality") {
            Some(Value::Number(n)) => Some(DeckLimit::Copies(n.as_u64().unwrap_or(1) as u8)),
            Some(Value::String(s)) if s == "+" => Some(DeckLimit::Mark(LimitMark::Unlimited)),
            Some(Value::Null) => Some(DeckLimit::Mark(LimitMark::Unmarked)),
            None => None,
            Some(other) => return Err(fail(format!("deck ordinality {other}"))),
        },
        character: if kind == FanType::Environment {
            Character::ALL
                .into_iter()
                .find(|c| name.contains(c.as_str()))
        } else {
            None
        },
        themes: strings(src.get("theme").or_else(|| src.get("themes")))
            .into_iter()
            .map(|t| {
                if t == "Alien Encounter" {
                    "Alien Encounters".to_string()
                } else {
                    t
                }
            })
            .collect(),
        provides: strings(src.get("provides")),
        requires: Vec::new(),
        prevented_by: Vec::new(),
        needs: needs(src.get("requiresCircumstances")).map_err(&fail)?,
        sets: sets(src.get("establishesCircumstances")).map_err(&fail)?,
        investment: src
            .get("investmentValue")
            .and_then(Value::as_i64)
            .map(|v| v as i32),
        effect: None,
        flavor: src
            .get("flavorText")
            .and_then(Value::as_str)
            .map(str::to_string),
        text: text.clone(),
    };
    for sentence in &text {
        read_sentence(&mut card, sentence).map_err(|e| fail(format!("'{sentence}': {e}")))?;
    }
    Ok(card)
}

fn needs(v: Option<&Value>) -> Result<[Need; 3], String> {
    let mut out = [Need::Any; 3];
    let Some(Value::Object(map)) = v else {
        return Ok(out);
    };
    for (key, value) in map {
        let i = super::fan::CIRCUMSTANCES
            .iter()
            .position(|c| c == key)
            .ok_or(format!("unknown circumstance {key}"))?;
        out[i] = match value {
            Value::Bool(true) => Need::Present,
            Value::String(s) if s == "not" => Need::Absent,
            Value::String(s) if s == "prev" => Need::Any,
            Value::String(s) if s == "2prev" => Need::HeldTwo,
            Value::Number(n) if n.as_u64() == Some(2) => Need::CountTwo,
            other => return Err(format!("required circumstance {key}: {other}")),
        };
    }
    Ok(out)
}

fn sets(v: Option<&Value>) -> Result<Option<[Sets; 3]>, String> {
    let Some(Value::Object(map)) = v else {
        return Ok(None);
    };
    let mut out = [Sets::Off; 3];
    for (key, value) in map {
        let i = super::fan::CIRCUMSTANCES
            .iter()
            .position(|c| c == key)
            .ok_or(format!("unknown circumstance {key}"))?;
        out[i] = match value {
            Value::Bool(true) => Sets::On,
            Value::Bool(false) | Value::Null => Sets::Off,
            Value::String(s) if s == "pass" => Sets::Keep,
            other => return Err(format!("established circumstance {key}: {other}")),
        };
    }
    Ok(Some(out))
}

/// The `[...]` and `_..._` terms of a sentence, with a "2x" count when given.
fn terms(sentence: &str) -> Vec<(String, u8)> {
    let mut out = Vec::new();
    let chars: Vec<char> = sentence.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let (open, close) = match chars[i] {
            '[' => ('[', ']'),
            '_' => ('_', '_'),
            _ => {
                i += 1;
                continue;
            }
        };
        let start = i + 1;
        let Some(len) = chars[start..].iter().position(|c| *c == close) else {
            break;
        };
        let term: String = chars[start..start + len].iter().collect();
        let count = if open == '[' && i >= 2 && chars[i - 1] == 'x' && chars[i - 2].is_ascii_digit()
        {
            chars[i - 2].to_digit(10).unwrap_or(1) as u8
        } else {
            1
        };
        out.push((
            if open == '_' {
                format!("_{term}_")
            } else {
                term
            },
            count,
        ));
        i = start + len + 1;
    }
    out
}

fn requirement(term: &str, count: u8, sentence: &str) -> Result<Requirement, String> {
    if term == "*Uncovered" {
        return Ok(Requirement::Uncovered);
    }
    if term == "_Abduction_" {
        return Ok(Requirement::Aspect {
            aspect: "Missing Person".into(),
        });
    }
    if term.starts_with('_') {
        return Err(format!("unknown requirement {term}"));
    }
    if let Some(character) =
        Character::parse(term).filter(|_| term.chars().all(|c| !c.is_lowercase()))
    {
        let max_investment = sentence
            .find("_Investment_ of +")
            .map(|i| &sentence[i + "_Investment_ of +".len()..])
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok());
        return Ok(Requirement::Character {
            character,
            max_investment,
        });
    }
    Ok(if count > 1 {
        Requirement::Several {
            aspect: term.to_string(),
            count,
        }
    } else {
        Requirement::Aspect {
            aspect: term.to_string(),
        }
    })
}

fn read_sentence(card: &mut FanCard, s: &str) -> Result<(), String> {
    let lower = s.to_lowercase();
    let set_effect = |card: &mut FanCard, e: Effect| {
        if card.effect.is_some() {
            return Err("a second special effect".to_string());
        }
        card.effect = Some(e);
        Ok(())
    };
    if lower.starts_with("requires") || lower.starts_with("pro: requires") {
        let body = s.split(';').next().unwrap_or(s);
        for (term, count) in terms(body).into_iter().filter(|(t, _)| t != "_Investment_") {
            card.requires.push(requirement(&term, count, s)?);
        }
        Ok(())
    } else if lower.starts_with("provides") {
        card.provides.extend(terms(s).into_iter().map(|t| t.0));
        Ok(())
    } else if lower.starts_with("prevented by") {
        card.prevented_by.extend(terms(s).into_iter().map(|t| t.0));
        Ok(())
    } else if lower.starts_with("playable only immediately following a _case_") {
        set_effect(card, Effect::OnlyAfterCase)
    } else if lower.starts_with("negates all aspects of") || lower.starts_with("negates [") {
        let aspect = terms(s).into_iter().next().ok_or("no aspect to negate")?.0;
        set_effect(card, Effect::NegateProviders { aspect })
    } else if lower.starts_with("while in play, at least") {
        let n = lower["while in play, at least ".len()..]
            .split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or("no count")?;
        set_effect(card, Effect::ProgressBeforeConclusion { count: n })
    } else if lower.contains("move this card to player") && lower.contains("investment") {
        let investment = card.investment.ok_or("no investment value")?;
        set_effect(card, Effect::SharesConfidence { investment })
    } else if lower.starts_with("when played, move an {environment}_character_") {
        set_effect(card, Effect::Capture)
    } else if lower.contains("if the score is negative, this card increases it to ++0") {
        set_effect(card, Effect::FloorAtZero)
    } else if lower.starts_with("add --") && lower.contains("removes {jeopardy}") {
        let n: i32 = lower["add --".len()..]
            .split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or("no penalty")?;
        set_effect(card, Effect::JeopardyPenalty { points: -n })
    } else if lower.starts_with("anti:") || lower.starts_with("failure:") {
        Ok(())
    } else if lower.starts_with("success:") {
        let provides = terms(s).into_iter().next().ok_or("no success aspect")?.0;
        let points = lower
            .split("++")
            .nth(1)
            .and_then(|r| r.trim_end_matches('.').trim().parse().ok())
            .ok_or("no success points")?;
        set_effect(
            card,
            Effect::Conflict {
                success_points: points,
                success_provides: provides,
            },
        )
    } else if lower.contains("two additional unrevealed cards in your discard pile") {
        set_effect(card, Effect::DiscardTwoMore)
    } else {
        Err("not understood".into())
    }
}
