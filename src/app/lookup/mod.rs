//! Looking things up: `/card`, `/deck` (a user's saved decks) and `/rules`.

pub mod card;
pub mod deck;
pub mod rules;
