//! The fan CCG's cards in words: a card's full text for `/card game:fan-ccg`
//! and the short line `/hand` shows (points, Requires, Provides).

use super::fan::{Character, FanCard, PointMark, Points, Requirement};

/// A requirement in words ("Evidence", "2 × Suspect", "MULDER (Investment ≤ 3)").
pub fn requirement(r: &Requirement) -> String {
    match r {
        Requirement::Aspect { aspect } => aspect.clone(),
        Requirement::Several { aspect, count } => format!("{count} × {aspect}"),
        Requirement::Character {
            character,
            max_investment,
        } => {
            let who = match character {
                Character::Mulder => "MULDER",
                Character::Scully => "SCULLY",
            };
            match max_investment {
                Some(m) => format!("{who} (Investment ≤ {m})"),
                None => who.to_string(),
            }
        }
        Requirement::Uncovered => "another face-up card".into(),
    }
}

/// Printed points in words.
pub fn points(p: Points) -> String {
    match p {
        Points::Value(v) => crate::words::count(v, "pt"),
        Points::Marked(PointMark::Positive) => "positive pts".into(),
        Points::Marked(PointMark::Negative) => "negative pts".into(),
        Points::Marked(PointMark::Conflict) => "conflict pts".into(),
    }
}

/// One line: name, type, points, Requires and Provides.
pub fn line(c: &FanCard) -> String {
    let mut parts = vec![c.kind.as_str().to_string()];
    parts.extend(c.points.map(points));
    if !c.requires.is_empty() {
        let r: Vec<String> = c.requires.iter().map(requirement).collect();
        parts.push(format!("requires {}", r.join(" + ")));
    }
    if !c.provides.is_empty() {
        parts.push(format!("provides {}", c.provides.join(", ")));
    }
    format!("{} ({})", c.name, parts.join(" · "))
}

/// The whole card, for `/card`.
pub fn card(c: &FanCard) -> String {
    let mut out = format!("**{}** — {} · fan CCG · {}", c.name, c.kind.as_str(), c.id);
    if let Some(p) = c.points {
        out.push_str(&format!("\nPoints: {}", points(p)));
    }
    if let Some(v) = c.draw_value {
        out.push_str(&format!("\nDraw value: {v}"));
    }
    if !c.requires.is_empty() {
        let r: Vec<String> = c.requires.iter().map(requirement).collect();
        out.push_str(&format!("\nRequires: {}", r.join(" + ")));
    }
    if !c.provides.is_empty() {
        out.push_str(&format!("\nProvides: {}", c.provides.join(", ")));
    }
    if !c.prevented_by.is_empty() {
        out.push_str(&format!("\nPrevented by: {}", c.prevented_by.join(", ")));
    }
    if let Some(n) = c.play_limit {
        out.push_str(&format!("\nAt most {n} in one round."));
    }
    if !c.text.is_empty() {
        out.push_str(&format!("\nText: {}", c.text.join(" ")));
    }
    if !c.episode.is_empty() {
        out.push_str(&format!("\nEpisode: {}", c.episode));
    }
    out
}
