//! Words of a script line, and the cursor verbs read their arguments with.
//!
//! A line is words separated by spaces; `"..."` is one word; `( ... )` groups
//! words (a selector's filters). Vocabulary words are written in lower case
//! with dashes (`alien-investigation`), alternatives joined by `|`.

use std::cmp::Ordering;
use std::str::FromStr;

use super::ast::{Cond, Duration, FactPat, Kind, Num, PhaseName, Qual, Selector, Who};
use crate::cards::{Activator, CardType, Category, Keyword, Pool, Section, Skill, Trait};

/// One word of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    Word(String),
    Str(String),
    Group(Vec<Tok>),
}

impl Tok {
    pub fn text(&self) -> String {
        match self {
            Tok::Word(w) | Tok::Str(w) => w.clone(),
            Tok::Group(g) => format!(
                "({})",
                g.iter().map(Tok::text).collect::<Vec<_>>().join(" ")
            ),
        }
    }
}

/// Splits a line into words.
pub fn lex(line: &str) -> Result<Vec<Tok>, String> {
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    let toks = lex_until(&chars, &mut i, None)?;
    Ok(toks)
}

fn lex_until(chars: &[char], i: &mut usize, close: Option<char>) -> Result<Vec<Tok>, String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<Tok>| {
        if !word.is_empty() {
            out.push(Tok::Word(std::mem::take(word)));
        }
    };
    while *i < chars.len() {
        let c = chars[*i];
        *i += 1;
        match c {
            ' ' | '\t' | ',' => flush(&mut word, &mut out),
            '"' => {
                flush(&mut word, &mut out);
                let mut s = String::new();
                loop {
                    let Some(&c) = chars.get(*i) else {
                        return Err("a quoted word is not closed".into());
                    };
                    *i += 1;
                    if c == '"' {
                        break;
                    }
                    s.push(c);
                }
                out.push(Tok::Str(s));
            }
            '(' => {
                flush(&mut word, &mut out);
                let inner = lex_until(chars, i, Some(')'))?;
                out.push(Tok::Group(inner));
            }
            ')' if close == Some(')') => {
                flush(&mut word, &mut out);
                return Ok(out);
            }
            ')' => return Err("')' without '('".into()),
            c => word.push(c),
        }
    }
    if close.is_some() {
        return Err("'(' is not closed".into());
    }
    flush(&mut word, &mut out);
    Ok(out)
}

/// Parses a vocabulary word written `alien-investigation` or `Alien Investigation`.
pub fn term<T: FromStr>(word: &str) -> Option<T> {
    word.replace('-', " ").parse().ok()
}

pub(crate) fn list<T: FromStr>(word: &str, what: &str) -> Result<Vec<T>, String> {
    word.split('|')
        .map(|w| term(w).ok_or_else(|| format!("'{w}' is not a {what}")))
        .collect()
}

pub fn skill(word: &str) -> Result<Skill, String> {
    match word {
        "lrc" => Ok(Skill::LongRangeCombat),
        "crc" => Ok(Skill::CloseRangeCombat),
        "res" => Ok(Skill::Resources),
        _ => term(word).ok_or_else(|| format!("'{word}' is not a skill")),
    }
}

pub fn skills(word: &str) -> Result<Vec<Skill>, String> {
    word.split('|').map(skill).collect()
}

pub fn keywords(word: &str) -> Result<Vec<Keyword>, String> {
    list(word, "Keyword")
}

pub fn section(word: &str) -> Result<Section, String> {
    match word {
        "bureau" => Ok(Section::Bureau),
        "field" => Ok(Section::Field),
        "hospital" => Ok(Section::Hospital),
        _ => Err(format!(
            "'{word}' is not a section (bureau, field, hospital)"
        )),
    }
}

pub fn pool(word: &str) -> Result<Pool, String> {
    match word {
        "rp" => Ok(Pool::Rp),
        "cp" => Ok(Pool::Cp),
        _ => Err(format!("'{word}' is not a pool (rp, cp)")),
    }
}

fn phase(word: &str) -> Result<PhaseName, String> {
    Ok(match word {
        "briefing" => PhaseName::Briefing,
        "healing" => PhaseName::Healing,
        "requisition" => PhaseName::Requisition,
        "deployment" => PhaseName::Deployment,
        "case-assignment" => PhaseName::CaseAssignment,
        "investigation" => PhaseName::Investigation,
        "debriefing" => PhaseName::Debriefing,
        "drawn" => PhaseName::Drawn,
        "case-end" => PhaseName::CaseEnd,
        _ => return Err(format!("'{word}' is not a phase")),
    })
}

pub fn phases(word: &str) -> Result<Vec<PhaseName>, String> {
    word.split('|').map(phase).collect()
}

/// The words of a line after its verb, read left to right.
pub struct Args {
    toks: Vec<Tok>,
    at: usize,
    pub verb: String,
}

impl Args {
    pub fn new(verb: &str, toks: Vec<Tok>) -> Args {
        Args {
            toks,
            at: 0,
            verb: verb.to_string(),
        }
    }

    fn err(&self, what: &str) -> String {
        format!("{}: {what}", self.verb)
    }

    pub fn is_done(&self) -> bool {
        self.at >= self.toks.len()
    }

    pub fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    /// The next words are `kind(filters)`.
    pub fn next_is_selector(&self) -> bool {
        matches!(self.toks.get(self.at), Some(Tok::Word(_)))
            && matches!(self.toks.get(self.at + 1), Some(Tok::Group(_)))
    }

    pub fn peek_word(&self) -> Option<&str> {
        match self.peek() {
            Some(Tok::Word(w)) => Some(w.as_str()),
            _ => None,
        }
    }

    pub fn take(&mut self) -> Result<Tok, String> {
        let t = self
            .toks
            .get(self.at)
            .cloned()
            .ok_or_else(|| self.err("more words expected"))?;
        self.at += 1;
        Ok(t)
    }

    pub fn word(&mut self) -> Result<String, String> {
        match self.take()? {
            Tok::Word(w) => Ok(w),
            t => Err(self.err(&format!("a word expected, found {}", t.text()))),
        }
    }

    /// The next word must be `w`.
    pub fn expect(&mut self, w: &str) -> Result<(), String> {
        let got = self.word()?;
        if got == w {
            Ok(())
        } else {
            Err(self.err(&format!("'{w}' expected, found '{got}'")))
        }
    }

    /// Consumes the word `w` if it comes next.
    pub fn eat(&mut self, w: &str) -> bool {
        if self.peek_word() == Some(w) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// Consumes `key=value` if it comes next and returns the value.
    pub fn keyed(&mut self, key: &str) -> Option<String> {
        let prefix = format!("{key}=");
        match self.peek_word() {
            Some(w) if w.starts_with(&prefix) => {
                let v = w[prefix.len()..].to_string();
                self.at += 1;
                Some(v)
            }
            _ => None,
        }
    }

    pub fn string(&mut self) -> Result<String, String> {
        match self.take()? {
            Tok::Str(s) | Tok::Word(s) => Ok(s),
            t => Err(self.err(&format!("text expected, found {}", t.text()))),
        }
    }

    pub fn end(&self) -> Result<(), String> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(self.err(&format!("unexpected '{}'", t.text()))),
        }
    }

    pub fn num(&mut self) -> Result<Num, String> {
        let w = self.take()?;
        num_of(&w).map_err(|e| self.err(&e))
    }

    /// A signed amount: `+2`, `-1`, `x`.
    pub fn amount(&mut self) -> Result<Num, String> {
        self.num()
    }

    pub fn pool(&mut self) -> Result<Pool, String> {
        let w = self.word()?;
        pool(&w).map_err(|e| self.err(&e))
    }

    pub fn skill(&mut self) -> Result<Skill, String> {
        let w = self.word()?;
        skill(&w).map_err(|e| self.err(&e))
    }

    pub fn skills(&mut self) -> Result<Vec<Skill>, String> {
        let w = self.word()?;
        skills(&w).map_err(|e| self.err(&e))
    }

    pub fn keywords(&mut self) -> Result<Vec<Keyword>, String> {
        let w = self.word()?;
        keywords(&w).map_err(|e| self.err(&e))
    }

    pub fn section(&mut self) -> Result<Section, String> {
        let w = self.word()?;
        section(&w).map_err(|e| self.err(&e))
    }

    pub fn category(&mut self) -> Result<Category, String> {
        let w = self.word()?;
        term(&w).ok_or_else(|| self.err(&format!("'{w}' is not a characteristic category")))
    }

    pub fn trait_value(&mut self) -> Result<Trait, String> {
        let w = self.word()?;
        term(&w).ok_or_else(|| self.err(&format!("'{w}' is not a characteristic value")))
    }

    /// A variable name (a bare word).
    pub fn var(&mut self) -> Result<String, String> {
        self.word()
    }

    pub fn selector(&mut self) -> Result<Selector, String> {
        let kind = self.word()?;
        let quals = match self.peek() {
            Some(Tok::Group(_)) => match self.take()? {
                Tok::Group(g) => g,
                _ => unreachable!(),
            },
            _ => Vec::new(),
        };
        selector(&kind, &quals).map_err(|e| self.err(&e))
    }

    /// `who` words: me, opponent, active, target-owner (default `me`).
    pub fn who_or_me(&mut self) -> Result<Who, String> {
        match self.peek_word() {
            Some(w) => match who(w) {
                Some(x) => {
                    self.at += 1;
                    Ok(x)
                }
                None => Ok(Who::Me),
            },
            None => Ok(Who::Me),
        }
    }

    pub fn duration(&mut self) -> Result<Duration, String> {
        let w = self.word()?;
        duration(&w).map_err(|e| self.err(&e))
    }

    pub fn cond(&mut self) -> Result<Cond, String> {
        let rest: Vec<Tok> = self.toks[self.at..].to_vec();
        self.at = self.toks.len();
        cond(&rest).map_err(|e| self.err(&e))
    }

    /// Everything left, as words (for sub-parsers).
    pub fn rest(&mut self) -> Vec<Tok> {
        let rest = self.toks[self.at..].to_vec();
        self.at = self.toks.len();
        rest
    }
}

pub fn who(w: &str) -> Option<Who> {
    Some(match w {
        "me" => Who::Me,
        "opponent" => Who::Opponent,
        "active" => Who::Active,
        "target-owner" => Who::TargetOwner,
        _ => return None,
    })
}

pub fn duration(w: &str) -> Result<Duration, String> {
    Ok(match w {
        "check" => Duration::Check,
        "round" => Duration::Round,
        "combat" => Duration::Combat,
        "site" => Duration::Site,
        "turn" => Duration::Turn,
        "in-play" => Duration::WhileInPlay,
        "permanent" => Duration::Permanent,
        "next-play" => Duration::NextPlay,
        _ if w.starts_with("turns:") => {
            Duration::Turns(
                w[6..].parse().ok().filter(|n| *n > 0).ok_or_else(|| {
                    format!("'{w}': turns:<n> counts this turn and the next n - 1")
                })?,
            )
        }
        _ => {
            return Err(format!(
                "'{w}' is not a duration (check, round, combat, site, turn, turns:<n>, in-play, permanent)"
            ));
        }
    })
}

pub fn num_of(t: &Tok) -> Result<Num, String> {
    match t {
        Tok::Word(w) => {
            let w = w.as_str();
            if let Ok(n) = w.trim_start_matches('+').parse::<i32>() {
                return Ok(Num::Lit(n));
            }
            match w {
                "x" => Ok(Num::X),
                "tokens" => Ok(Num::Tokens),
                "under" => Ok(Num::Under),
                "known-count" => Ok(Num::KnownCount),
                "rp-spent-here" => Ok(Num::RpSpentHere),
                "cards-paid" => Ok(Num::CardsPaid),
                "sold-cp" => Ok(Num::SoldCp),
                _ if w.starts_with("modifier-of:") => Ok(Num::ModifierOf(w[12..].to_string())),
                "dealt-by-agents" => Ok(Num::Dealt(true)),
                "dealt-by-foes" => Ok(Num::Dealt(false)),
                _ if w.starts_with("cost-of:") => Ok(Num::CostOf(w[8..].to_string())),
                _ if w.starts_with("health-of:") => Ok(Num::HealthOf(w[10..].to_string())),
                _ if w.starts_with('$') => Ok(Num::Var(w[1..].to_string())),
                _ if w.starts_with("skill-of:") => {
                    let (var, s) = w[9..]
                        .split_once(':')
                        .ok_or("skill-of:<var>:<skill> expected")?;
                    Ok(Num::SkillOf(var.to_string(), skill(s)?))
                }
                _ => Err(format!("'{w}' is not a number")),
            }
        }
        Tok::Group(g) if matches!(g.first(), Some(Tok::Word(w)) if w == "sum") => {
            // (sum <num> <num>...)
            Ok(Num::Sum(
                g[1..].iter().map(num_of).collect::<Result<_, _>>()?,
            ))
        }
        Tok::Group(g) if matches!(g.first(), Some(Tok::Word(w)) if w == "half") => {
            // (half <num>), rounded down
            if g.len() != 2 {
                return Err("(half <number>) expected".into());
            }
            Ok(Num::Half(Box::new(num_of(&g[1])?)))
        }
        Tok::Group(g) if matches!(g.first(), Some(Tok::Word(w)) if w == "table") => {
            // (table <num> <key>:<value>...)
            let key = g
                .get(1)
                .ok_or("(table <number> <key>:<value>...) expected")?;
            let rows = g[2..]
                .iter()
                .map(|t| match t {
                    Tok::Word(w) => w
                        .split_once(':')
                        .and_then(|(k, v)| Some((k.parse().ok()?, v.parse().ok()?)))
                        .ok_or_else(|| format!("'{w}' is not <key>:<value>")),
                    _ => Err("a table row is <key>:<value>".to_string()),
                })
                .collect::<Result<_, _>>()?;
            Ok(Num::Table(Box::new(num_of(key)?), rows))
        }
        Tok::Group(g) if matches!(g.first(), Some(Tok::Word(w)) if w == "max") => {
            // (max <num> <num>)
            if g.len() != 3 {
                return Err("(max <number> <number>) expected".into());
            }
            Ok(Num::Max(Box::new(num_of(&g[1])?), Box::new(num_of(&g[2])?)))
        }
        Tok::Group(g) => {
            // (count <selector>)
            let mut a = Args::new("count", g.clone());
            a.expect("count")?;
            let s = a.selector()?;
            a.end()?;
            Ok(Num::Count(Box::new(s)))
        }
        Tok::Str(s) => Err(format!("'{s}' is not a number")),
    }
}

fn kind(w: &str) -> Result<Kind, String> {
    Ok(match w {
        "agent" => Kind::Agent,
        "team" => Kind::Team,
        "stack" => Kind::Stack,
        "perm" => Kind::Perm,
        "hand" => Kind::Hand,
        "discard" => Kind::Discard,
        "deck" => Kind::Deck,
        "removed" => Kind::Removed,
        "site" => Kind::Site,
        "bluff" => Kind::Bluff,
        "player" => Kind::Player,
        "foe" => Kind::Foe,
        "combatant" => Kind::Combatant,
        "card" => Kind::Card,
        _ => {
            return Err(format!(
                "'{w}' is not an object kind (agent, team, stack, perm, hand, discard, deck, site, bluff, player, foe, combatant, card)"
            ));
        }
    })
}

/// `agent(mine field keyword=believer)`.
pub fn selector(k: &str, quals: &[Tok]) -> Result<Selector, String> {
    let kind = kind(k)?;
    let mut out = Vec::new();
    for q in quals {
        let Tok::Word(w) = q else {
            return Err(format!("'{}' is not a filter", q.text()));
        };
        out.push(qual(w)?);
    }
    Ok(Selector { kind, quals: out })
}

fn qual(w: &str) -> Result<Qual, String> {
    if let Some((k, v)) = w.split_once('=') {
        return Ok(match k {
            "keyword" => Qual::Keyword(keywords(v)?),
            "not-keyword" => Qual::NotKeyword(keywords(v)?),
            "type" => Qual::Type(list::<CardType>(v, "card type")?),
            "title" => Qual::Title(
                v.split('|')
                    .map(|t| crate::cards::normalize(&t.replace('_', " ")))
                    .collect(),
            ),
            "asks" => Qual::Asks(list::<Category>(v, "characteristic category")?),
            "is" => Qual::Is(v.to_string()),
            "not-is" => Qual::NotIs(v.to_string()),
            "cost<" => Qual::CostAtMost(v.parse().map_err(|_| format!("'{v}' is not a number"))?),
            "uses" => Qual::Uses(skills(v)?),
            "activator" => Qual::Activator(list::<Activator>(v, "Activator")?),
            "can-use" => Qual::CanUse(keywords(v)?),
            "not-title" => Qual::NotTitle(
                v.split('|')
                    .map(|t| crate::cards::normalize(&t.replace('_', " ")))
                    .collect(),
            ),
            "hit>" => Qual::Hurt(v.parse().map_err(|_| format!("'{v}' is not a number"))?),
            "bluffs>" if v == "x" => Qual::BluffsAtLeast(None),
            "bluffs>" => Qual::BluffsAtLeast(Some(
                v.parse().map_err(|_| format!("'{v}' is not a number"))?,
            )),
            "cost" if v == "x" => Qual::CostX,
            "gear" => Qual::Gear(skills(v)?),
            "on" => Qual::On(v.to_string()),
            "same-keywords" => Qual::SameKeywords(v.to_string()),
            "alters-keywords" => Qual::AltersKeywords(v.to_string()),
            "top" => Qual::Top(v.parse().map_err(|_| format!("top={v} is not a number"))?),
            "playable-less" => Qual::Playable(
                v.parse()
                    .map_err(|_| format!("playable-less={v} is not a number"))?,
            ),
            "pool" => Qual::Pool(pool(v)?),
            "not-gear" => Qual::NotGear(skills(v)?),
            "went" => Qual::Went(section(v)?),
            _ if k.starts_with("skill:") => {
                let s = skill(k[6..].trim_end_matches('>'))?;
                let n = v
                    .trim_start_matches('>')
                    .parse()
                    .map_err(|_| format!("'{v}' is not a number"))?;
                Qual::SkillAtLeast(s, n)
            }
            _ => return Err(format!("'{k}' is not a filter")),
        });
    }
    if let Some(v) = w.strip_prefix("cost<=") {
        return Ok(Qual::CostAtMost(
            v.parse().map_err(|_| format!("'{v}' is not a number"))?,
        ));
    }
    Ok(match w {
        "mine" => Qual::Mine,
        "theirs" => Qual::Theirs,
        "bureau" => Qual::In(Section::Bureau),
        "field" => Qual::In(Section::Field),
        "hospital" => Qual::In(Section::Hospital),
        "investigating" => Qual::Investigating,
        "fighting" => Qual::Fighting,
        "damaged" => Qual::Damaged,
        "other" => Qual::Other,
        "same-team" => Qual::SameTeam,
        "temporary" => Qual::Temporary,
        "against-me" => Qual::AgainstMe,
        "forces-check" => Qual::ForcesCheck,
        "hospitalizes" => Qual::Hospitalizes,
        "abducts" => Qual::Abducts,
        "removes" => Qual::Removes,
        "face-down" => Qual::FaceDown,
        "current" => Qual::Current,
        "modifier" => Qual::Modifier,
        "self" => Qual::Itself,
        "stunned" => Qual::Stunned,
        "hurt" => Qual::Hurt(1),
        "ends-combat" => Qual::EndsCombat,
        "this-turn" => Qual::ThisTurn,
        "down" => Qual::Down,
        "movable" => Qual::Movable,
        "joinable" => Qual::Joinable,
        "playable" => Qual::Playable(0),
        "hurt-in-combat" => Qual::HurtInCombat,
        "on-own-foe" => Qual::OnOwnFoe,
        "not-controlled" => Qual::NotControlled,
        "elsewhere" => Qual::Elsewhere,
        "failed" => Qual::Failed,
        "searched" => Qual::Searched,
        "under" => Qual::Under,
        _ => return Err(format!("'{w}' is not a filter")),
    })
}

/// A condition: `passed`, `not <cond>`, `phase briefing|deployment`, ...
pub fn cond(toks: &[Tok]) -> Result<Cond, String> {
    let mut a = Args::new("condition", toks.to_vec());
    let c = cond_of(&mut a)?;
    a.end()?;
    Ok(c)
}

fn cond_of(a: &mut Args) -> Result<Cond, String> {
    let w = a.word()?;
    Ok(match w.as_str() {
        "not" => Cond::Not(Box::new(cond_of(a)?)),
        "passed" => Cond::Passed,
        "failed" => Cond::Not(Box::new(Cond::Passed)),
        "phase" => Cond::Phase(phases(&a.word()?)?),
        "active" => Cond::Active,
        "conspiracy" => Cond::Not(Box::new(Cond::Active)),
        "combat" => Cond::InCombat,
        "before-damage" => Cond::BeforeDamage,
        "after-damage" => Cond::AfterDamage(a.skill()?),
        "round" => Cond::Round(a.skill()?),
        "check" => Cond::InCheck(if a.is_done() { vec![] } else { a.skills()? }),
        "site-check" => Cond::SiteCheck(if a.is_done() { vec![] } else { a.skills()? }),
        "using" => Cond::Using(a.skills()?),
        "exists" => Cond::Exists(a.selector()?),
        "at-least" => {
            let n = match a.num()? {
                Num::Lit(n) => n,
                _ => return Err("at-least takes a number".into()),
            };
            Cond::AtLeast(a.selector()?, n)
        }
        "bound" => Cond::Bound(a.var()?),
        "flag" => Cond::Flag(a.var()?),
        "may" => Cond::May(a.string()?),
        "known" => {
            let c = a.category()?;
            if a.eat("theirs") {
                Cond::KnownTheirs(c)
            } else {
                Cond::Known(c)
            }
        }
        "self-in" => Cond::SelfIn(a.section()?),
        "multiplayer" => Cond::Multiplayer,
        "rp-spent" => Cond::RpSpent,
        "lrc-skipped" => Cond::LrcSkipped,
        "option" => {
            let o = a.word()?;
            if !["income-any-turn", "powers", "killer"].contains(&o.as_str()) {
                return Err(format!(
                    "'{o}' is not a game option (income-any-turn, powers, killer)"
                ));
            }
            Cond::GameOption(o)
        }
        "in-play" => Cond::InPlay(
            a.string()?
                .split('|')
                .map(crate::cards::normalize)
                .collect(),
        ),
        "happened" => Cond::Happened(fact(a)?),
        "xfile" => Cond::XFile(a.trait_value()?),
        "xfile-aside" => Cond::XFileAside(a.trait_value()?),
        "compare" => {
            let l = a.num()?;
            let op = match a.word()?.as_str() {
                ">=" => Ordering::Greater,
                "<" => Ordering::Less,
                "=" => Ordering::Equal,
                o => return Err(format!("'{o}' is not a comparison (>=, <, =)")),
            };
            let r = a.num()?;
            Cond::Compare(l, op, r)
        }
        _ => return Err(format!("'{w}' is not a condition")),
    })
}

fn fact(a: &mut Args) -> Result<FactPat, String> {
    let w = a.word()?;
    Ok(match w.as_str() {
        "adversary-hospitalized" => FactPat::AdversaryHospitalized {
            mine: if a.eat("mine") {
                Some(true)
            } else if a.eat("theirs") {
                Some(false)
            } else {
                None
            },
        },
        "adversary-killed" => FactPat::AdversaryKilled,
        "site-succeeded" => FactPat::SiteSucceeded {
            skills: if a.is_done() { vec![] } else { a.skills()? },
        },
        "site-failed" => {
            let (mut combat, mut team_of, mut keywords) = (false, None, vec![]);
            while !a.is_done() {
                if a.eat("after-combat") {
                    combat = true;
                } else if let Some(v) = a.keyed("team-of") {
                    team_of = Some(v);
                } else {
                    keywords = a.keywords()?;
                }
            }
            FactPat::SiteFailed {
                combat,
                keywords,
                team_of,
            }
        }
        "site-exact" => FactPat::SiteExact,
        "other-bluff-revealed" => FactPat::OtherBluffRevealed,
        "asked" => FactPat::Asked {
            of_me: a.eat("of-me"),
        },
        "wrong-guess" => FactPat::WrongGuess,
        "combat-ended" => FactPat::CombatEnded,
        "agent-removed" => FactPat::AgentRemoved,
        "opponent-sold" => FactPat::OpponentSold,
        "opponent-paid" => FactPat::OpponentPaid,
        "healed" => FactPat::Healed { var: a.var()? },
        "negated" => FactPat::Negated { var: a.var()? },
        "adversary-resolved" => FactPat::AdversaryResolved {
            keywords: a.keywords()?,
        },
        _ => return Err(format!("'{w}' is not something that happens")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_quotes_and_groups() {
        let t = lex(r#"choose victim agent(mine, field) "a prompt" +2"#).unwrap();
        assert_eq!(t.len(), 6);
        assert_eq!(t[4], Tok::Str("a prompt".into()));
        assert_eq!(
            t[3],
            Tok::Group(vec![Tok::Word("mine".into()), Tok::Word("field".into())])
        );
        assert!(lex("agent(mine").is_err());
        assert!(lex("\"open").is_err());
    }

    #[test]
    fn selectors_name_what_is_wrong() {
        let s = selector(
            "agent",
            &lex("mine field keyword=believer|skeptic").unwrap(),
        )
        .unwrap();
        assert_eq!(s.kind, Kind::Agent);
        assert!(s.has(&Qual::In(Section::Field)));
        assert!(s.has(&Qual::Keyword(vec![Keyword::Believer, Keyword::Skeptic])));
        let e = selector("agent", &lex("keyword=belever").unwrap()).unwrap_err();
        assert!(e.contains("belever"), "{e}");
        assert!(selector("agnet", &[]).unwrap_err().contains("object kind"));
    }

    #[test]
    fn conditions_and_numbers() {
        assert_eq!(
            cond(&lex("not check behavioral").unwrap()).unwrap(),
            Cond::Not(Box::new(Cond::InCheck(vec![Skill::Behavioral])))
        );
        assert_eq!(num_of(&Tok::Word("+3".into())).unwrap(), Num::Lit(3));
        assert_eq!(num_of(&Tok::Word("-2".into())).unwrap(), Num::Lit(-2));
        assert!(cond(&lex("sometimes").unwrap()).is_err());
        assert_eq!(
            num_of(&lex("(table x 1:-1 3:-2)").unwrap()[0]).unwrap(),
            Num::Table(Box::new(Num::X), vec![(1, -1), (3, -2)])
        );
        assert!(num_of(&lex("(table x 1=-1)").unwrap()[0]).is_err());
    }
}
