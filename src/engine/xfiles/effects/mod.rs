//! Card behaviour as data, and the one interpreter that runs it.
//!
//! Each card's script (`cards/xfiles-ccg/scripts/**/*.xfs`, matched to the
//! printings by title and text) gives it abilities played from the hand (a
//! mode each), abilities used in play, triggers, statics and replacements,
//! built from a closed list of verbs (`verbs`). The interpreter (`run`)
//! carries a program out step by step; a step that needs a player's choice
//! or a skill check suspends the effect as plain data in the game state
//! (`state`), resumed by the `Choose` action or the check's end. Statics and
//! lasting effects are read through `statics`; `triggers` starts effects on
//! game events; `abilities` uses cards in play.

pub mod abilities;
pub mod ast;
mod cond;
pub mod coverage;
pub mod db;
pub mod lex;
pub mod lint;
pub mod parse;
pub mod run;
mod select;
pub mod special;
pub mod state;
pub mod statics;
#[cfg(test)]
mod testing;
mod triggers;
pub mod verbs;

pub use db::{ScriptDb, scripts, use_scripts};
