//! Each hosted game's adapter: its commands, how its state is shown, and
//! how a command becomes an engine action.

mod fan;
pub mod host;
pub mod table;
pub mod xfiles;

use super::kinds::Driver;

/// Every game with a rules engine.
pub fn drivers() -> Vec<Box<dyn Driver>> {
    vec![
        Box::new(host::Host::<crate::engine::xfiles::XfGame>::new()),
        Box::new(host::Host::<crate::engine::fan::FanGame>::new()),
    ]
}
