//! The effect vocabulary of Legendary Encounters cards: a closed list of
//! verbs, written in card data as `do: "draw 1; may defeat_own 1"` and
//! kept as a parsed [`Program`] (serialised back to the same text). Text
//! the vocabulary cannot say stays a manual step played by the players.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::data::Class;

/// Whom a verb affects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Who {
    /// The player resolving the card (the current player, unless a card
    /// says otherwise: rulebook, "Card Abilities").
    You,
    /// Every player, the current player first, then clockwise.
    Each,
    /// The next player (yourself when alone: rulebook, "Next Player").
    Next,
    /// Every other player.
    Others,
    /// A player the current player chooses.
    Chosen,
    /// The player whose turn it is (for a card played on another's turn).
    Current,
}

/// Where a verb looks for a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Area {
    Shadows,
    Field,
    Bureau,
    Any,
}

/// One verb with its arguments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// `recruit N`: +N Recruit Points, of the card's class.
    Recruit(i32),
    /// `attack N`: +N Attack, of the card's class.
    Attack(i32),
    /// `draw N [who]`.
    Draw(u8, Who),
    /// `discard N [who]`: each chooses N cards of their hand to discard.
    Discard(u8, Who),
    /// `heal N [who]`: heal the N most recent Strikes (Scars cannot be healed).
    Heal(u8, Who),
    /// `belief [who]`: gain a Belief (nothing when none are left).
    GainBelief(Who),
    /// `doubt [who]`: gain a Doubt (nothing when none are left).
    GainDoubt(Who),
    /// `strike [who]`: draw a Strike.
    Strike(Who),
    /// `scar [who]`: gain the top Strike as a Scar, unseen.
    Scar(Who),
    /// `avoid N`: the current player may avoid N Strikes this turn.
    Avoid(u8),
    /// `scan shadows|bureau|any`: reveal a hidden card of your choice without paying.
    Scan(Area),
    /// `defeat_own N`: defeat N of your cards (in hand or played this turn).
    DefeatOwn(u8),
    /// `special_agent`: gain the top Special Agent without paying.
    GainSpecialAgent,
    /// `conspiracy N`: add the top N Conspiracy cards to the Shadows, hidden.
    Conspiracy(u8),
    /// `defeat_enemy MAX [area]`: defeat a revealed Enemy with at most MAX Defense.
    DefeatEnemy(u8, Area),
    /// `defense N`: while in force, this card (or the End Game, for
    /// Evidence) has +N Defense.
    Defense(i32),
    /// `health N`: while in force, the End Game has +N Health.
    Health(i32),
    /// `silence`: "Trust No One" until the end of the turn: no strategy
    /// talk, no showing hands.
    Silence,
    /// `fight_player who`: pay Attack equal to that player's Avatar Defense;
    /// they draw a Strike (rulebook, "Fighting a Player").
    FightPlayer(Who),
    /// `top_deck`: the card just gained goes on top of your deck.
    TopDeck,
    /// `defeat_doubts N`: the team defeats up to N Doubts from its hands.
    DefeatDoubts(u8),
    /// `pay_attack N`: a cost (Leads): spend N Attack.
    PayAttack(i32),
    /// `pay_recruit N`: a cost: spend N Recruit Points.
    PayRecruit(i32),
    /// `discard_class CLASS`: a cost: discard a card of that class.
    DiscardClass(Class),
    /// `may <step>`: the resolving player may decline.
    May(Box<Step>),
    /// `special KEY`: a unique card's own rule, a small Rust handler
    /// (`special.rs`), for text no verb says.
    Special(String),
    /// `no_heal`: while in force, no Strike can be healed.
    NoHeal,
    /// `symptom [who]`: gain a Symptom; a third one defeats the player.
    Symptom(Who),
    /// `cancel_strike`: (Vigilant) when another player draws a Strike
    /// (alone: you), you may discard this to cancel it.
    CancelStrike,
    /// `rule`: the game's rules play this text from the card's own fields
    /// (the Fear Strike, "This Time They May Have Won").
    Rule,
    /// `nothing`: flavour text; there is nothing to do.
    Nothing,
}

/// A parsed list of steps.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Program(pub Vec<Step>);

fn int<T: std::str::FromStr>(word: Option<&str>, verb: &str) -> Result<T, String> {
    let w = word.ok_or_else(|| format!("`{verb}` needs a number"))?;
    w.parse()
        .map_err(|_| format!("`{verb}` needs a number, not `{w}`"))
}

fn who(word: Option<&str>, verb: &str) -> Result<Who, String> {
    Ok(match word {
        None | Some("you") => Who::You,
        Some("each") => Who::Each,
        Some("next") => Who::Next,
        Some("others") => Who::Others,
        Some("chosen") => Who::Chosen,
        Some("current") => Who::Current,
        Some(w) => {
            return Err(format!(
                "`{verb}`: `{w}` is not a player; use you, each, next, others, chosen or current"
            ));
        }
    })
}

fn area(word: Option<&str>, verb: &str) -> Result<Area, String> {
    Ok(match word {
        None | Some("any") => Area::Any,
        Some("shadows") => Area::Shadows,
        Some("field") => Area::Field,
        Some("bureau") => Area::Bureau,
        Some(w) => {
            return Err(format!(
                "`{verb}`: `{w}` is not an area; use shadows, field, bureau or any"
            ));
        }
    })
}

/// Every verb, for error messages and the data documentation.
pub const VERBS: &[&str] = &[
    "recruit",
    "attack",
    "draw",
    "discard",
    "heal",
    "belief",
    "doubt",
    "strike",
    "scar",
    "avoid",
    "scan",
    "defeat_own",
    "special_agent",
    "conspiracy",
    "defeat_enemy",
    "defense",
    "health",
    "silence",
    "fight_player",
    "top_deck",
    "defeat_doubts",
    "pay_attack",
    "pay_recruit",
    "discard_class",
    "may",
    "special",
    "no_heal",
    "symptom",
    "cancel_strike",
    "rule",
    "nothing",
];

fn step(words: &[&str]) -> Result<Step, String> {
    let (verb, rest) = words.split_first().ok_or("an empty step")?;
    let a = rest.first().copied();
    let b = rest.get(1).copied();
    let s = match *verb {
        "may" => Step::May(Box::new(step(rest)?)),
        "special" => {
            let key = a.ok_or("`special` needs a handler's name")?;
            if !super::special::KEYS.contains(&key) {
                return Err(format!(
                    "`special {key}`: no such handler; the handlers are: {}",
                    super::special::KEYS.join(", ")
                ));
            }
            Step::Special(key.to_string())
        }
        "recruit" => Step::Recruit(int(a, verb)?),
        "attack" => Step::Attack(int(a, verb)?),
        "draw" => Step::Draw(int(a, verb)?, who(b, verb)?),
        "discard" => Step::Discard(int(a, verb)?, who(b, verb)?),
        "heal" => Step::Heal(int(a, verb)?, who(b, verb)?),
        "belief" => Step::GainBelief(who(a, verb)?),
        "doubt" => Step::GainDoubt(who(a, verb)?),
        "strike" => Step::Strike(who(a, verb)?),
        "scar" => Step::Scar(who(a, verb)?),
        "avoid" => Step::Avoid(int(a, verb)?),
        "scan" => Step::Scan(area(a, verb)?),
        "defeat_own" => Step::DefeatOwn(int(a, verb)?),
        "special_agent" => Step::GainSpecialAgent,
        "conspiracy" => Step::Conspiracy(int(a, verb)?),
        "defeat_enemy" => Step::DefeatEnemy(int(a, verb)?, area(b, verb)?),
        "defense" => Step::Defense(int(a, verb)?),
        "health" => Step::Health(int(a, verb)?),
        "silence" => Step::Silence,
        "no_heal" => Step::NoHeal,
        "symptom" => Step::Symptom(who(a, verb)?),
        "cancel_strike" => Step::CancelStrike,
        "rule" => Step::Rule,
        "nothing" => Step::Nothing,
        "fight_player" => Step::FightPlayer(who(a, verb)?),
        "top_deck" => Step::TopDeck,
        "defeat_doubts" => Step::DefeatDoubts(int(a, verb)?),
        "pay_attack" => Step::PayAttack(int(a, verb)?),
        "pay_recruit" => Step::PayRecruit(int(a, verb)?),
        "discard_class" => {
            let w = a.ok_or("`discard_class` needs a class")?;
            Step::DiscardClass(Class::parse(w).ok_or_else(|| {
                format!(
                    "`discard_class`: `{w}` is not a class; use {}",
                    Class::NAMES
                )
            })?)
        }
        other => {
            return Err(format!(
                "`{other}` is not a verb; the verbs are: {}",
                VERBS.join(", ")
            ));
        }
    };
    let takes = match &s {
        Step::May(_) => rest.len(),
        Step::GainSpecialAgent
        | Step::Silence
        | Step::TopDeck
        | Step::NoHeal
        | Step::CancelStrike
        | Step::Rule
        | Step::Nothing => 0,
        Step::Draw(..) | Step::Discard(..) | Step::Heal(..) | Step::DefeatEnemy(..) => 2,
        _ => 1,
    };
    if rest.len() > takes {
        return Err(format!("`{verb}` takes at most {takes} word(s) after it"));
    }
    Ok(s)
}

impl Program {
    /// Parses `step; step; …` (case-insensitive).
    pub fn parse(text: &str) -> Result<Program, String> {
        let lower = text.to_lowercase();
        let mut steps = Vec::new();
        for part in lower.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            let words: Vec<&str> = part.split_whitespace().collect();
            steps.push(step(&words).map_err(|e| format!("in `{part}`: {e}"))?);
        }
        Ok(Program(steps))
    }
}

fn who_word(w: Who) -> &'static str {
    match w {
        Who::You => "",
        Who::Each => " each",
        Who::Next => " next",
        Who::Others => " others",
        Who::Chosen => " chosen",
        Who::Current => " current",
    }
}

fn area_word(a: Area) -> &'static str {
    match a {
        Area::Shadows => "shadows",
        Area::Field => "field",
        Area::Bureau => "bureau",
        Area::Any => "any",
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Recruit(n) => write!(f, "recruit {n}"),
            Step::Attack(n) => write!(f, "attack {n}"),
            Step::Draw(n, w) => write!(f, "draw {n}{}", who_word(*w)),
            Step::Discard(n, w) => write!(f, "discard {n}{}", who_word(*w)),
            Step::Heal(n, w) => write!(f, "heal {n}{}", who_word(*w)),
            Step::GainBelief(w) => write!(f, "belief{}", who_word(*w)),
            Step::GainDoubt(w) => write!(f, "doubt{}", who_word(*w)),
            Step::Strike(w) => write!(f, "strike{}", who_word(*w)),
            Step::Scar(w) => write!(f, "scar{}", who_word(*w)),
            Step::Avoid(n) => write!(f, "avoid {n}"),
            Step::Scan(a) => write!(f, "scan {}", area_word(*a)),
            Step::DefeatOwn(n) => write!(f, "defeat_own {n}"),
            Step::GainSpecialAgent => write!(f, "special_agent"),
            Step::Conspiracy(n) => write!(f, "conspiracy {n}"),
            Step::DefeatEnemy(n, a) => write!(f, "defeat_enemy {n} {}", area_word(*a)),
            Step::Defense(n) => write!(f, "defense {n}"),
            Step::Health(n) => write!(f, "health {n}"),
            Step::Silence => write!(f, "silence"),
            Step::FightPlayer(w) => write!(f, "fight_player{}", who_word(*w)),
            Step::TopDeck => write!(f, "top_deck"),
            Step::DefeatDoubts(n) => write!(f, "defeat_doubts {n}"),
            Step::PayAttack(n) => write!(f, "pay_attack {n}"),
            Step::PayRecruit(n) => write!(f, "pay_recruit {n}"),
            Step::DiscardClass(c) => write!(f, "discard_class {}", c.word()),
            Step::May(s) => write!(f, "may {s}"),
            Step::Special(k) => write!(f, "special {k}"),
            Step::NoHeal => write!(f, "no_heal"),
            Step::Symptom(w) => write!(f, "symptom{}", who_word(*w)),
            Step::CancelStrike => write!(f, "cancel_strike"),
            Step::Rule => write!(f, "rule"),
            Step::Nothing => write!(f, "nothing"),
        }
    }
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&parts.join("; "))
    }
}

impl Serialize for Program {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Program {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Program::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verb_parses_and_prints_back() {
        let text = "recruit 2; attack 1; draw 1; draw 2 each; discard 1 others; heal 1; \
                    belief; doubt each; strike next; scar chosen; avoid 1; scan shadows; \
                    defeat_own 1; special_agent; conspiracy 1; defeat_enemy 3 field; \
                    defense 2; health 5; silence; fight_player next; top_deck; \
                    defeat_doubts 2; pay_attack 3; pay_recruit 2; discard_class tech; may draw 1; \
                    special body_swap; no_heal; symptom; cancel_strike; rule; nothing; \
                    draw 1 current";
        let p = Program::parse(text).unwrap();
        assert_eq!(p.0.len(), 33);
        let again = Program::parse(&p.to_string()).unwrap();
        assert_eq!(p, again);
        let covered: Vec<String> =
            p.0.iter()
                .map(|s| s.to_string().split(' ').next().unwrap().to_string())
                .collect();
        for v in VERBS {
            assert!(covered.iter().any(|c| c == v), "{v} untested");
        }
    }

    #[test]
    fn errors_name_the_step_and_say_how_to_fix_it() {
        let e = Program::parse("draw 1; fly 2").unwrap_err();
        assert!(e.contains("`fly 2`") && e.contains("the verbs are"), "{e}");
        let e = Program::parse("draw two").unwrap_err();
        assert!(e.contains("needs a number, not `two`"), "{e}");
        let e = Program::parse("strike everybody").unwrap_err();
        assert!(e.contains("use you, each"), "{e}");
        let e = Program::parse("discard_class magic").unwrap_err();
        assert!(e.contains("not a class"), "{e}");
        let e = Program::parse("special fly").unwrap_err();
        assert!(e.contains("the handlers are: body_swap"), "{e}");
        let e = Program::parse("silence now").unwrap_err();
        assert!(e.contains("at most 0"), "{e}");
    }
}
