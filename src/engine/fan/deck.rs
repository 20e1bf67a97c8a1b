//! A Fan CCG player's decks: environment, draw, sideboard and cover
//! (rules intro, "Decks"), their text list and their checks.

use serde::{Deserialize, Serialize};

use super::FanOptions;
use crate::cards::fan::{DeckLimit, FanIdx, FanType, LimitMark, fan_db};
use crate::decks::limits::{self, MAX_COPIES};

/// Draw deck size: 3 to 5 times 13 (rules intro, marked speculative).
pub const DRAW_DECK: std::ops::RangeInclusive<usize> = 39..=65;
/// Sideboard size: up to 13 (rules intro, marked speculative).
pub const SIDEBOARD_MAX: usize = 13;

/// What a player brings to a Fan CCG game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FanDeck {
    pub name: String,
    pub environment: Vec<FanIdx>,
    pub draw: Vec<FanIdx>,
    #[serde(default)]
    pub sideboard: Vec<FanIdx>,
    /// Cover cards: each lets one card be played face down.
    #[serde(default)]
    pub cover: u8,
}

impl FanDeck {
    /// Every rule the deck breaks (empty when legal).
    pub fn problems(&self, options: &FanOptions) -> Vec<String> {
        let db = fan_db();
        let mut out = Vec::new();
        if self.environment.len() < 3 {
            out.push(format!(
                "the environment deck has {} cards; it needs at least 3",
                self.environment.len()
            ));
        }
        for c in &self.environment {
            if db.get(*c).kind != FanType::Environment {
                out.push(format!(
                    "{} is not an environment card; it cannot be in the environment deck",
                    db.get(*c).name
                ));
            }
        }
        let mut by_capitals: std::collections::BTreeMap<String, usize> = Default::default();
        for c in &self.environment {
            *by_capitals.entry(db.get(*c).capital_part()).or_default() += 1;
        }
        for (caps, n) in &by_capitals {
            if *n > 2 {
                out.push(format!("{n} environment cards are named {caps}; at most two may share the capital part of a name"));
            }
        }
        for needed in ["SCULLY", "MULDER", "X-FILES"] {
            if !by_capitals.contains_key(needed) {
                out.push(format!("the environment deck has no {needed} card; set-up places a SCULLY, a MULDER and an X-FILES card"));
            }
        }
        if !DRAW_DECK.contains(&self.draw.len()) {
            out.push(format!(
                "the draw deck has {} cards; it needs {} to {}",
                self.draw.len(),
                DRAW_DECK.start(),
                DRAW_DECK.end()
            ));
        }
        for c in self.draw.iter().chain(&self.sideboard) {
            if !db.get(*c).kind.in_draw_deck() {
                out.push(format!(
                    "{} is an environment card; it belongs in the environment deck",
                    db.get(*c).name
                ));
            }
        }
        if self.sideboard.len() > SIDEBOARD_MAX {
            out.push(format!(
                "the sideboard has {} cards; at most {SIDEBOARD_MAX}",
                self.sideboard.len()
            ));
        }
        let mut counted: Vec<FanIdx> = self.draw.clone();
        counted.sort();
        counted.dedup();
        for c in counted {
            let n = self.draw.iter().filter(|d| **d == c).count();
            if let Some(max) = limit(c, options)
                && n > max
            {
                out.push(format!(
                    "{}: {n} copies in the draw deck; at most {max}",
                    db.get(c).name
                ));
            }
        }
        out
    }
}

impl FanDeck {
    /// The deck an AI seat plays when it is given none: every environment
    /// card, and a seeded draw of 52 cards within each card's limit (three
    /// of a card without one), so AI games vary yet replay alike.
    pub fn house(options: &FanOptions, seed: u64) -> FanDeck {
        let db = fan_db();
        let mut environment = Vec::new();
        let mut by_capitals: std::collections::BTreeMap<String, usize> = Default::default();
        for (i, c) in db.iter().filter(|(_, c)| c.kind == FanType::Environment) {
            let n = by_capitals.entry(c.capital_part()).or_default();
            if *n < 2 {
                *n += 1;
                environment.push(i);
            }
        }
        let mut pool: Vec<FanIdx> = db
            .iter()
            .filter(|(_, c)| c.kind.in_draw_deck())
            .flat_map(|(i, _)| std::iter::repeat_n(i, limit(i, options).unwrap_or(3)))
            .collect();
        crate::engine::GameRng::seeded(seed).shuffle(&mut pool);
        pool.truncate(52);
        FanDeck {
            name: "House deck".into(),
            environment,
            draw: pool,
            sideboard: Vec::new(),
            cover: 2,
        }
    }
}

/// The most copies of a card a draw deck may hold (`None`: no limit).
pub fn limit(card: FanIdx, options: &FanOptions) -> Option<usize> {
    match fan_db().get(card).deck_limit {
        Some(DeckLimit::Copies(n)) => Some(usize::from(n)),
        Some(DeckLimit::Mark(LimitMark::Unlimited)) | None => None,
        Some(DeckLimit::Mark(LimitMark::Unmarked)) => match options.unmarked_limit {
            super::UnmarkedLimit::One => Some(1),
            super::UnmarkedLimit::None => None,
        },
    }
}

/// A card line's copies and name, `N Name` / `Nx Name` / `Name`, or why
/// the line is refused before its name is looked up (too long, too many
/// copies: the [`limits`]).
fn split_count(line: &str) -> Result<(usize, &str), String> {
    limits::check_line(line)?;
    let Some((first, rest)) = line.split_once(char::is_whitespace) else {
        return Ok((1, line));
    };
    let digits = first.trim_end_matches(['x', 'X']);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Ok((1, line));
    }
    match digits.parse::<usize>() {
        Ok(n) if n <= MAX_COPIES as usize => Ok((n, rest.trim())),
        _ => Err(limits::too_many_copies(line)),
    }
}

/// The Fan CCG card a line names, or why it names none.
fn find_card(card_name: &str) -> Result<FanIdx, String> {
    let db = fan_db();
    db.find(card_name).ok_or_else(|| {
        let hint = db
            .closest(card_name)
            .map(|c| format!("; did you mean {}?", db.get(c).name))
            .unwrap_or_default();
        format!("'{card_name}' is not a Fan CCG card{hint}")
    })
}

/// A card line: its number, its copies and name (or why it is refused),
/// and its section.
type CardLine<'a> = (
    usize,
    Result<(usize, &'a str), String>,
    Option<&'static str>,
);

/// Reads a text list with sections `Environment:`, `Draw:`, `Sideboard:` and
/// a line `Cover: N`; each card line is `N Name` / `Nx Name` / `Name`.
/// Without sections, environment cards go to the environment deck and the
/// rest to the draw deck. A list past the [`limits`] is refused before any
/// name is looked up; otherwise every bad line is reported.
pub fn parse_fan_list(name: &str, text: &str) -> Result<FanDeck, Vec<String>> {
    limits::check_lines(text).map_err(|p| vec![p])?;
    let db = fan_db();
    let mut deck = FanDeck {
        name: name.to_string(),
        environment: vec![],
        draw: vec![],
        sideboard: vec![],
        cover: 0,
    };
    // (line number, problem): put in line order at the end.
    let mut problems: Vec<(usize, String)> = Vec::new();
    let lines = read_lines(text, &mut deck, &mut problems);
    let total: usize = lines
        .iter()
        .filter_map(|(_, counted, _)| counted.as_ref().ok())
        .map(|(n, _)| n)
        .sum();
    limits::check_cards(total as u64).map_err(|p| vec![p])?;
    for (no, counted, section) in lines {
        let found = counted.and_then(|(n, card_name)| find_card(card_name).map(|c| (n, c)));
        let (count, card) = match found {
            Ok(found) => found,
            Err(e) => {
                problems.push((no, e));
                continue;
            }
        };
        let target = match section {
            Some("environment") => &mut deck.environment,
            Some("sideboard") => &mut deck.sideboard,
            Some(_) => &mut deck.draw,
            None if db.get(card).kind == FanType::Environment => &mut deck.environment,
            None => &mut deck.draw,
        };
        target.extend(std::iter::repeat_n(card, count));
    }
    if !problems.is_empty() {
        problems.sort_by_key(|(no, _)| *no);
        return Err(problems
            .into_iter()
            .map(|(no, p)| format!("line {no}: {p}"))
            .collect());
    }
    if deck.environment.is_empty() && deck.draw.is_empty() {
        return Err(vec![
            "the list has no cards; write one card a line, e.g. '2 Arrested'".into(),
        ]);
    }
    Ok(deck)
}

/// The first pass: the name, cover and sections into `deck`, their problems
/// into `problems`, and the card lines, checked but not looked up.
fn read_lines<'a>(
    text: &'a str,
    deck: &mut FanDeck,
    problems: &mut Vec<(usize, String)>,
) -> Vec<CardLine<'a>> {
    let mut section: Option<&'static str> = None;
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            continue;
        }
        let lower = line.to_lowercase();
        if let Some(n) = lower.strip_prefix("cover:") {
            match n.trim().parse::<u8>() {
                Ok(n) => deck.cover = n,
                Err(_) => problems.push((i + 1, "'Cover:' needs a number of cover cards".into())),
            }
            continue;
        }
        if let Some(rest) = lower.strip_prefix("name:") {
            if deck.name.is_empty() {
                deck.name = line[line.len() - rest.len()..].trim().to_string();
            }
            continue;
        }
        if let Some(head) = lower.strip_suffix(':') {
            section = match head.trim() {
                "environment" => Some("environment"),
                "draw" | "draw deck" | "deck" => Some("draw"),
                "sideboard" => Some("sideboard"),
                other => {
                    problems.push((
                        i + 1,
                        format!("unknown section '{other}' (use Environment:, Draw:, Sideboard:)"),
                    ));
                    section
                }
            };
            continue;
        }
        lines.push((i + 1, split_count(line), section));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::{FanDeck, FanOptions};
    use crate::engine::fan::UnmarkedLimit;

    #[test]
    fn the_house_deck_is_legal_for_every_seed_and_option() {
        for unmarked_limit in [UnmarkedLimit::One, UnmarkedLimit::None] {
            let options = FanOptions {
                unmarked_limit,
                ..FanOptions::default()
            };
            for seed in 0..20 {
                let deck = FanDeck::house(&options, seed);
                assert_eq!(deck.problems(&options), Vec::<String>::new(), "seed {seed}");
            }
        }
        let options = FanOptions::default();
        assert_ne!(
            FanDeck::house(&options, 1).draw,
            FanDeck::house(&options, 2).draw
        );
    }
}
