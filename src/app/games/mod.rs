//! Each hosted game's adapter: its commands, how its state is shown, and
//! how a command becomes an engine action.

use super::kinds::Driver;

/// Every game with a rules engine.
pub fn drivers() -> Vec<Box<dyn Driver>> {
    Vec::new()
}
