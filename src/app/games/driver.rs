//! The games the bot hosts, and the contract between the application layer
//! and each game's engine ([`Driver`]).

use std::ops::RangeInclusive;

use crate::app::command::message::{Board, Invocation, Outgoing, UserError};
use crate::app::command::spec::{Args, CommandSpec, OptionSpec};
use crate::store::DeckRow;

/// A kind of game, as named in `/game new game:<kind>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    XFilesCcg,
    XFilesCcgBasic,
    Legendary,
    FanCcg,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [
        GameKind::XFilesCcg,
        GameKind::XFilesCcgBasic,
        GameKind::Legendary,
        GameKind::FanCcg,
    ];
    pub const SLUGS: &'static [&'static str] =
        &["xfiles-ccg", "xfiles-ccg-basic", "legendary", "fan-ccg"];

    pub fn slug(self) -> &'static str {
        Self::SLUGS[self as usize]
    }

    pub fn name(self) -> &'static str {
        match self {
            GameKind::XFilesCcg => "The X-Files CCG (Advanced Game)",
            GameKind::XFilesCcgBasic => "The X-Files CCG (Basic Game)",
            GameKind::Legendary => "Legendary Encounters: The X-Files",
            GameKind::FanCcg => "The X-Files Fan CCG",
        }
    }

    /// Which saved decks the game uses (the Basic and Advanced Game share them).
    pub fn deck_kind(self) -> Option<&'static str> {
        match self {
            GameKind::XFilesCcg | GameKind::XFilesCcgBasic => Some("xfiles-ccg"),
            GameKind::FanCcg => Some("fan-ccg"),
            GameKind::Legendary => None,
        }
    }

    pub fn parse(slug: &str) -> Option<GameKind> {
        Self::ALL.into_iter().find(|k| k.slug() == slug)
    }
}

/// A started game, ready to store.
#[derive(Debug, Clone)]
pub struct Transition {
    /// JSON of the new engine state.
    pub state: String,
    /// JSON of the action to log (`None` for the start itself).
    pub action: Option<String>,
    pub to_act: Vec<u8>,
    /// JSON of the outcome when the game just ended.
    pub outcome: Option<String>,
    pub messages: Vec<Outgoing>,
    /// Why an AI player made the move (logged with it, for `/game why`).
    pub why: Option<String>,
}

/// What a game command produced.
#[derive(Debug, Clone)]
pub enum Reaction {
    /// Nothing changed (a view such as `/hand` or `/board`).
    Reply(Vec<Outgoing>),
    /// The state changed: store it (and the action) atomically.
    Change(Transition),
}

/// What replays a started game: its options, seat setups, seed and live
/// actions (moves taken back left out), upgraded to this build's format.
#[derive(Debug, Clone)]
pub struct GameLog {
    pub options: String,
    pub setups: Vec<String>,
    pub seed: u64,
    pub actions: Vec<(u8, String)>,
}

impl GameLog {
    /// The log of `game` from its seats and stored actions.
    pub fn of(
        driver: &dyn Driver,
        game: &crate::store::GameRow,
        seats: &[crate::store::SeatRow],
        stored: &[crate::store::ActionRow],
    ) -> Result<GameLog, String> {
        let mut actions = Vec::with_capacity(stored.len());
        for a in stored.iter().filter(|a| a.undone_at.is_none()) {
            let action = driver
                .upgrade_action(a.format, &a.action)
                .map_err(|e| format!("game #{}: action {}: {e}", game.id, a.seq))?;
            actions.push((a.seat as u8, action));
        }
        Ok(GameLog {
            options: game.options.clone(),
            setups: seats
                .iter()
                .map(|s| s.setup.clone().unwrap_or_else(|| "null".into()))
                .collect(),
            seed: game.seed as u64,
            actions,
        })
    }
}

/// A game replayed without its last moves (`/game undo`).
#[derive(Debug, Clone)]
pub struct Rewound {
    /// The state after the kept moves (no action to log), with a DM of its
    /// status to every seat.
    pub transition: Transition,
    /// The moves taken back, in words.
    pub taken_back: Vec<String>,
    /// Whether a move taken back made hidden information known.
    pub revealed: bool,
}

/// A game's public record, rebuilt from its log.
#[derive(Debug, Clone, Default)]
pub struct Record {
    /// Each public line, with the number of the action that made it (0: the set-up).
    pub lines: Vec<(usize, String)>,
    /// Once the game is over: its summary, hidden information made public.
    pub summary: Option<String>,
}

/// What the game does for a seat that has been idle too long.
#[derive(Debug, Clone)]
pub enum DefaultMove {
    /// The seat's default move: the change and the move in words.
    Made(u8, Transition, String),
    /// The seat must choose itself: what it earned and would lose.
    Waits(u8, String),
    /// Nobody can act.
    None,
}

/// A move an AI seat made.
#[derive(Debug, Clone)]
pub struct AiMove {
    pub seat: u8,
    pub transition: Transition,
    /// The move in words.
    pub words: String,
    /// Why the AI chose it, in one line (`/game why`).
    pub why: String,
}

/// Who sits where and in which game: what a driver needs to address messages.
#[derive(Debug, Clone)]
pub struct Table {
    pub game_id: i64,
    pub channel: String,
    /// User id and display name of each seat, in seat order.
    pub seats: Vec<(String, String)>,
}

impl Table {
    pub fn user(&self, seat: u8) -> &str {
        &self.seats[usize::from(seat)].0
    }

    pub fn name(&self, seat: u8) -> &str {
        &self.seats[usize::from(seat)].1
    }

    /// `text` with every "seat N" an engine wrote replaced by that
    /// player's display name: players are never named by seat.
    pub fn named(&self, text: &str) -> String {
        static SEAT: std::sync::LazyLock<regex::Regex> =
            std::sync::LazyLock::new(|| regex::Regex::new(r"\b[Ss]eat (\d+)\b").expect("valid"));
        SEAT.replace_all(text, |c: &regex::Captures| {
            let n: usize = c[1].parse().unwrap_or(0);
            match self.seats.get(n.wrapping_sub(1)) {
                Some((_, name)) => name.clone(),
                None => c[0].to_string(),
            }
        })
        .into_owned()
    }

    pub fn seat_of(&self, user: &str) -> Option<u8> {
        self.seats
            .iter()
            .position(|(id, _)| id == user)
            .map(|i| i as u8)
    }
}

/// One game's engine, seen through JSON so the application layer can host
/// every game alike. `EngineDriver` implements it for any [`crate::engine::Game`].
pub trait Driver: Send + Sync {
    fn kind(&self) -> GameKind;

    /// Options of `/game new` this game reads (besides `game` and `deck`).
    fn options(&self) -> Vec<OptionSpec>;

    /// JSON of the engine options from `/game new`'s arguments.
    fn build_options(&self, args: &Args) -> Result<String, UserError>;

    /// One line describing the options ("Killer cards allowed").
    fn describe_options(&self, options: &str) -> String;

    fn seats(&self, options: &str) -> RangeInclusive<usize>;

    /// Checks a player's deck for this game and returns the seat's setup
    /// JSON, or explains every problem.
    fn seat_setup(&self, options: &str, deck: &DeckRow) -> Result<String, UserError>;

    /// For a game without decks: the seat's setup from `/game join` options
    /// (a Legendary Avatar), `None` when they name nothing.
    fn seat_pick(&self, options: &str, args: &Args) -> Result<Option<String>, UserError>;

    /// Creates the game.
    fn start(
        &self,
        table: &Table,
        options: &str,
        setups: &[String],
        seed: u64,
    ) -> Result<Transition, UserError>;

    /// The game's own commands.
    fn commands(&self) -> Vec<CommandSpec>;

    /// Handles one game command from a seated player (or `None`: a spectator).
    fn handle(
        &self,
        table: &Table,
        state: &str,
        seat: Option<u8>,
        inv: &Invocation,
        args: &Args,
    ) -> Result<Reaction, UserError>;

    /// The public board (for `/game status` and the channel), players named.
    fn board(&self, table: &Table, state: &str) -> Result<Board, UserError>;

    /// Version of the state/action format this build writes.
    fn format(&self) -> i64;

    /// Rebuilds the state JSON from the log (for `game verify`).
    fn replay(
        &self,
        options: &str,
        setups: &[String],
        seed: u64,
        actions: &[(u8, String)],
    ) -> Result<String, String>;

    /// Replays the first `keep` actions of the log and describes the rest,
    /// which `/game undo` takes back.
    fn rewind(&self, table: &Table, log: &GameLog, keep: usize) -> Result<Rewound, UserError>;

    /// The public record of the game the log replays to (`/game log`, and
    /// the summary posted when the game ends).
    fn record(&self, table: &Table, log: &GameLog) -> Result<Record, UserError>;

    /// Rewrites an action logged in an older format into this build's format.
    /// Each format change of a game's actions adds its step here.
    fn upgrade_action(&self, format: i64, action: &str) -> Result<String, String> {
        if format == self.format() {
            Ok(action.to_string())
        } else {
            Err(format!(
                "no migration from action format {format} to {}",
                self.format()
            ))
        }
    }

    /// Whether an action (JSON, this build's format) gives the game up.
    fn resigns(&self, action: &str) -> bool;

    /// The move the game makes for a seat whose agreed deadline passed: a
    /// pass or the end of a step where the rules allow one, else the first
    /// legal move; never one that declines what the seat earned.
    fn default_move(&self, table: &Table, state: &str) -> Result<DefaultMove, UserError>;

    /// Whether this game has an AI player (`/game new opponent:ai`).
    fn has_ai(&self) -> bool {
        false
    }

    /// The setup (deck) an AI seat plays when it is given none.
    fn ai_setup(&self, _options: &str, _seed: u64) -> Result<String, UserError> {
        Err(UserError::new("this game has no AI player"))
    }

    /// The move of the AI in `seat`, decided from that seat's view only;
    /// `seed` makes its choice reproducible.
    fn ai_move(
        &self,
        _table: &Table,
        _state: &str,
        seat: u8,
        _level: crate::engine::ai::Level,
        _seed: u64,
    ) -> Result<AiMove, UserError> {
        Err(UserError::new(format!(
            "seat {} is an AI, but this game has no AI player",
            seat + 1
        )))
    }

    /// Autocomplete values for an option of a game command: names from the
    /// seat's own hand or table where the option takes them (`None`: no
    /// game-specific list).
    fn suggest(
        &self,
        table: &Table,
        state: &str,
        seat: Option<u8>,
        command: &str,
        option: &str,
    ) -> Option<Vec<String>>;

    /// A random legal move (never a resignation) of a seat that must act,
    /// for bots and tests; `None` when nobody can act.
    fn random_move(
        &self,
        table: &Table,
        state: &str,
        pick: u64,
    ) -> Result<Option<(u8, Transition)>, UserError>;
}
