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
//!
//! Scripts live in `cards/xfiles-ccg/scripts/{official,fan}/<title>.xfs`,
//! embedded by `build.rs` (the language: `cards/xfiles-ccg/scripts/README.md`).
//! `statics::in_force_of` weighs the conditions of only the kinds a question
//! reads. After each action two state checks run (`table.rs`: a card
//! attached to a Team follows it, one watching a Bureau leaves play when it
//! changes). X-File Powers (`powers.rs`, option `powers:true`) are scripts
//! too (`scripts/powers.xfs`, `power <Value>`): an effect's `Source.power`
//! names the Power so no event names the secret X-File.
//!
//! What happened this turn is kept as `Fact`s (an Agent forced to move or
//! removed, a question asked, a card negated, a combat ended): cards played
//! "when" or "after" something answer them right after the bot has moved
//! on, and may undo a forced move (True Grit). A window the rules open for
//! answers is folded into the next move, never a step of its own and never
//! opened only for a player holding a card: an opponent's purchase is drawn
//! at the active player's next move (`XfGame::owed_draw`, Relentless
//! Pursuit), the end of the Case Assignment Phase (`Phase::CaseEnd`) ends
//! with the first move of the Investigation Phase, and a failed Site's card,
//! Keywords and Team stay in `Fact::SiteFailed` (Suspect Description).
//!
//! `coverage` reports scripted / partly / manual per set (`xfiles-bot cards
//! coverage [--names]`); `lint` checks every script for plays that only
//! change a combat their card cannot be played in. Draft scripts are written
//! by `crate::tools::draft`, outside the engine.

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
