//! A game's life, for any hosted game: the session that loads a game and
//! commits a transition (`session`), `/game` and its lobby (`lobby`), the
//! clock (reminders, deadlines, vacations: `clock`), AI seats, undo, the
//! public record, and checking a stored game against its log (`verify`).

pub mod ai_seat;
pub mod clock;
pub mod decks;
pub mod lease;
pub mod lobby;
pub mod record;
pub mod seats;
pub mod session;
pub mod suggest;
pub mod undo;
pub mod undo_request;
pub mod verify;
