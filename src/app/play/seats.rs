//! Who sits at a game: an AI seat is a seat whose user id starts with `ai:`
//! (`ai:hard:1`, level inside), which AI seat is due, and how long the game
//! pauses it. Used by the session, the clock, the lobby, undo and the AI
//! seats themselves (`ai_seat`).

use crate::engine::ai::Level;
use crate::store::{GameRow, SeatRow};

const PREFIX: &str = "ai:";
/// Who the AI seats are at the table, in the order they sit down.
const NAMES: [&str; 5] = [
    "Deep Throat",
    "Mr. X",
    "Marita Covarrubias",
    "Alex Krycek",
    "The Well-Manicured Man",
];

pub fn is_ai(user_id: &str) -> bool {
    user_id.starts_with(PREFIX)
}

/// The level of an AI seat's user id ("ai:hard:1").
pub fn level_of(user_id: &str) -> Option<Level> {
    Level::parse(user_id.strip_prefix(PREFIX)?.split(':').next()?)
}

/// An AI seat joining a lobby whose seats are `taken`.
pub fn new_seat(level: Level, taken: &[SeatRow], setup: String, now: i64) -> SeatRow {
    let k = taken.iter().filter(|s| is_ai(&s.user_id)).count();
    SeatRow {
        seat: taken.len() as i64,
        user_id: format!("{PREFIX}{}:{}", level.as_str(), k + 1),
        user_name: format!("{} (AI, {})", NAMES[k % NAMES.len()], level.as_str()),
        setup: Some(setup),
        joined_at: now,
    }
}

/// The first AI seat among those due, with its level.
pub fn due(to_act: &[u8], seats: &[SeatRow]) -> Option<(u8, Level)> {
    to_act.iter().find_map(|s| {
        let row = seats.get(usize::from(*s))?;
        level_of(&row.user_id).map(|l| (*s, l))
    })
}

/// How long the game's AI players wait before moving.
pub fn pause(game: &GameRow) -> i64 {
    game.ai_pause.unwrap_or(0)
}
