//! The thread is the game's complete public record: shared checks for the
//! random playouts of every game.
#![allow(dead_code)]

use std::sync::LazyLock;

use xfiles_bot::app::games::host::GameUi;
use xfiles_bot::app::{Outgoing, Table};
use xfiles_bot::engine::{Audience, Event, Viewer};

static SEAT_NUMBER: LazyLock<regex::Regex> =
    LazyLock::new(|| regex::Regex::new(r"\b[Ss]eat \d").expect("valid"));

/// Every public event of a step has a line in the thread, and no message
/// (channel or DM) names a player by seat number.
pub fn every_public_event_has_a_line_naming_players<G: GameUi>(
    after: &G,
    events: &[Event<G::Event>],
    messages: &[Outgoing],
    table: &Table,
    seed: u64,
) {
    let spectator = after.view(Viewer::Spectator);
    for e in events.iter().filter(|e| e.audience == Audience::All) {
        let line = G::event_line(&spectator, &e.body, table);
        assert!(
            line.as_deref().is_some_and(|l| !l.trim().is_empty()),
            "seed {seed}: public event {:?} has no line in the thread",
            e.body
        );
    }
    for m in messages {
        assert!(
            !SEAT_NUMBER.is_match(&m.text),
            "seed {seed}: a message names a seat instead of a player:\n{}",
            m.text
        );
    }
}
