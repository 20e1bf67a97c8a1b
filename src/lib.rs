//! xfiles-bot: play-by-post X-Files card games for Discord.
//!
//! See ARCHITECTURE.md for the map of the crate.

pub mod app;
pub mod cards;
pub mod console;
pub mod decks;
pub mod discord;
pub mod engine;
pub mod league;
pub mod rules;
pub mod store;
pub mod tools;
pub mod words;
