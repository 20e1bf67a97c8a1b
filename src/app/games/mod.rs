//! Each hosted game's adapter: its commands, how its state is shown, and
//! how a command becomes an engine action.
//!
//! `driver` is the JSON-level contract between the app and a game
//! (`Driver`, `GameKind`, `Table`, `Transition`); `host` implements it for any
//! engine with a `GameUi`. A `GameUi` lists its commands once with their
//! handlers (`HANDLERS`: `on_<command>` functions, e.g.
//! `xfiles/commands.rs`); their options are in `table`, shared by the games.
//! Every text (board, status, event lines, the end summary) is a function of a
//! *view* (the spectator's or one seat's, plus that seat's legal actions),
//! never of the state, so the compiler keeps hidden cards out of messages. A
//! board is a `Board` (title, parts, footer) shown as text or as an embed; a
//! seat that must act gets buttons and `Menu`s (`xfiles/menus.rs`), each
//! option a command that is a legal move. Each game's folder holds its UI,
//! its event lines (`xfiles/lines.rs`, `legendary/lines.rs`) and its menus;
//! `legendary/cmd.rs` is `/legendary` (a server's box set, a Series' next
//! game).

pub mod driver;
mod fan;
pub mod host;
pub mod legendary;
pub mod table;
pub mod xfiles;

use crate::app::command::registry::{GameCommands, Registry};
use driver::{Driver, GameKind};

/// Every game with a rules engine.
pub fn drivers() -> Vec<Box<dyn Driver>> {
    vec![
        Box::new(host::Host::<crate::engine::xfiles::XfGame>::new()),
        Box::new(host::Host::<crate::engine::xfiles::XfGame>::as_kind(
            GameKind::XFilesCcgBasic,
        )),
        Box::new(host::Host::<crate::engine::fan::FanGame>::new()),
        Box::new(host::Host::<crate::engine::legendary::LeGame>::new()),
    ]
}

/// Every command: the generic ones and each hosted game's.
pub fn registry() -> Registry {
    let games = drivers()
        .iter()
        .map(|d| GameCommands {
            options: d.options(),
            commands: d.commands(),
        })
        .collect();
    Registry::new(GameKind::SLUGS, games)
}

/// The item of `among` that `text` names best, if it scores 0.85 or more;
/// `score` rates a typed text against a name (1 for an exact match).
pub fn best_named<T: Copy, N: AsRef<str>>(
    text: &str,
    among: &[T],
    name: impl Fn(T) -> N,
    score: impl Fn(&str, &str) -> f64,
) -> Option<T> {
    among
        .iter()
        .map(|c| (*c, score(text, name(*c).as_ref())))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .filter(|(_, s)| *s >= 0.85)
        .map(|(c, _)| c)
}

/// The distinct names of `among`, sorted, for an error that lists the choices.
pub fn names_of<T: Copy, N: Ord>(among: &[T], name: impl Fn(T) -> N) -> Vec<N> {
    let mut names: Vec<N> = among.iter().map(|c| name(*c)).collect();
    names.sort();
    names.dedup();
    names
}
