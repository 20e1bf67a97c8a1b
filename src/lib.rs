//! xfiles-bot: play-by-post X-Files card games for Discord.
//!
//! See ARCHITECTURE.md for the map of the crate.

pub mod cards;
pub mod decks;
