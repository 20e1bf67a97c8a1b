//! The X-Files CCG's end-of-game summary: how long it ran, who played how
//! many cards, every question and guess with its answer, and the hidden
//! information made public (each X-File, Bluffs still face down).

use std::collections::BTreeMap;

use crate::app::games::driver::Table;
use crate::cards::db;
use crate::engine::Seat;
use crate::engine::xfiles::{XfEvent, XfView};

/// The summary of a finished game from its final spectator view (which
/// shows what was hidden) and every one of its events.
pub fn of(v: &XfView, events: &[XfEvent], t: &Table) -> String {
    let turns = events
        .iter()
        .filter_map(|e| match e {
            XfEvent::TurnStarted { turn, .. } => Some(*turn),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let mut played: BTreeMap<Seat, usize> = BTreeMap::new();
    for e in events {
        if let XfEvent::Played { seat, .. } = e {
            *played.entry(*seat).or_default() += 1;
        }
    }
    let cards: Vec<String> = (0..v.players.len() as Seat)
        .map(|s| format!("{} {}", t.name(s), played.get(&s).copied().unwrap_or(0)))
        .collect();
    let mut out = format!(
        "**Game #{} summary** — {}. Cards played: {}.",
        t.game_id,
        crate::words::count(turns, "turn"),
        cards.join(", ")
    );
    let questions = questions(events, t);
    if !questions.is_empty() {
        out.push_str(&format!(
            "\nQuestions and guesses:\n{}",
            questions.join("\n")
        ));
    }
    out.push_str(&format!("\nNow public: {}", hidden_made_public(v, t)));
    out
}

/// Each question with its answer, and each guess, in order.
fn questions(events: &[XfEvent], t: &Table) -> Vec<String> {
    let mut out = Vec::new();
    for (i, e) in events.iter().enumerate() {
        match e {
            XfEvent::Asked {
                seat,
                of,
                category,
                value,
            } => {
                let answer = events[i + 1..].iter().find_map(|a| match a {
                    XfEvent::Answer {
                        category: c,
                        value: v,
                        yes,
                        ..
                    } if c == category && v == value => Some(if *yes { "yes" } else { "no" }),
                    _ => None,
                });
                out.push(format!(
                    "• {} asked {}: {} {value}? {}",
                    t.name(*seat),
                    t.name(*of),
                    category.as_str().to_uppercase(),
                    answer.unwrap_or("(no answer)")
                ));
            }
            XfEvent::Guessed {
                seat,
                of,
                xfile,
                right,
            } => out.push(format!(
                "• {} guessed {}'s X-File was {}: {}",
                t.name(*seat),
                t.name(*of),
                db().get(*xfile).title,
                if *right { "right" } else { "wrong" }
            )),
            _ => {}
        }
    }
    out
}

/// Each player's X-File and the Bluffs still face down.
fn hidden_made_public(v: &XfView, t: &Table) -> String {
    let mut parts: Vec<String> = v
        .players
        .iter()
        .enumerate()
        .map(|(s, p)| match p.xfile {
            Some(x) => format!("{}'s X-File was {}", t.name(s as Seat), db().get(x).title),
            None => format!("{} chose no X-File", t.name(s as Seat)),
        })
        .collect();
    for site in &v.sites {
        let down: Vec<&str> = site
            .face_down_at_end
            .iter()
            .map(|c| db().get(*c).title.as_str())
            .collect();
        if !down.is_empty() {
            parts.push(format!(
                "face down under {}: {}",
                db().get(site.card).title,
                crate::words::names(&down)
            ));
        }
    }
    parts.join("; ") + "."
}
