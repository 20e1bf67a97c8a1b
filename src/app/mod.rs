//! The application layer: turns one user's command into engine actions,
//! store changes and outgoing messages, whatever the transport. The console
//! and Discord adapters only translate input and deliver the [`Outgoing`]
//! messages, so every command can be tested without Discord.
//!
//! The app is one folder per domain, and the dependency between them goes
//! one way: a module may use only those after it on this line (checked by
//! `tests/app_layers.rs`, so an import circle cannot come back).
//!
//! Layers: lookup → league → play → proof → games → command
//!
//! - `lookup`: `/card`, `/deck` (saved decks) and `/rules`.
//! - `league`: everything organised play does in the app (`/league`, `/pick`).
//! - `play`: a game's life for any game: the session that loads a game and
//!   commits a transition, `/game` and its lobby, the clock (reminders,
//!   deadlines, vacations), AI seats, undo, the record, verifying a game.
//! - `proof`: card proofs, golden scenarios run through the real handlers.
//! - `games`: the contract the app drives a game by (`games::driver`) and
//!   each hosted game's UI, lines and menus in its own folder.
//! - `command`: the language every domain speaks: option specs, requests
//!   and messages, names, the registry of every command, `/help` and
//!   autocomplete.
//!
//! This file is the composition root: [`App`] (the store, the caches, the
//! registry and the hosted games), the dispatcher and the scheduler's tick
//! use every module, and every module may use [`App`] and the response codec.

pub mod command;
pub mod games;
mod league;
mod lookup;
mod play;
pub mod proof;

pub use command::message::{
    Address, Board, BoardPart, Button, Embed, EmbedField, FileOut, Invocation, Menu, MenuOption,
    OptionValue, Outgoing, Place, Request, User, UserError,
};
pub use command::registry::Registry;
pub use command::spec::{Args, CommandSpec, OptKind, OptionSpec};
pub use games::driver::{Driver, GameKind, Reaction, Table, Transition};
pub use play::clock::{Schedule, describe_duration, parse_duration};
pub use play::verify::Verdict;

use std::sync::Mutex;

use crate::store::Store;

/// A handled request's messages.
#[derive(Debug, Clone)]
pub struct Handled {
    pub messages: Vec<Outgoing>,
    /// The key was seen before: these messages were sent the first time.
    pub replayed: bool,
}

/// How new games get their seeds.
#[derive(Debug, Clone, Copy)]
pub enum Seeds {
    /// Fresh randomness for every game.
    Random,
    /// A reproducible sequence from this base (console `--seed N`, tests).
    Fixed(u64),
}

/// The application: the store, the hosted games and the command registry.
pub struct App {
    store: Store,
    registry: Registry,
    /// The hosted games.
    drivers: Vec<Box<dyn Driver>>,
    seeds: Mutex<(Seeds, u64)>,
    schedule: Schedule,
    /// Seats of started games (they never change after the start).
    seats: Mutex<std::collections::HashMap<i64, Vec<crate::store::SeatRow>>>,
    /// Active games as this process last read or wrote them, served only
    /// while the store's version matches (another process may move a game).
    /// Writes are version-checked too: a conflict evicts the row and the
    /// command is re-evaluated against a fresh read.
    games: Mutex<std::collections::HashMap<i64, crate::store::GameRow>>,
}

impl App {
    pub fn new(store: Store, seeds: Seeds) -> App {
        App {
            store,
            registry: games::registry(),
            drivers: games::drivers(),
            seeds: Mutex::new((seeds, 0)),
            schedule: Schedule::default(),
            seats: Mutex::default(),
            games: Mutex::default(),
        }
    }

    /// The same app with these reminder and deadline settings.
    pub fn with_schedule(mut self, schedule: Schedule) -> App {
        self.schedule = schedule;
        self
    }

    pub fn schedule(&self) -> Schedule {
        self.schedule
    }

    /// Reminders and deadlines due at `now` (the scheduler calls this):
    /// the games' clocks, then the leagues' scheduled jobs.
    pub async fn tick(&self, now: i64) -> Vec<Outgoing> {
        let Some(mut out) = play::clock::tick(self, now).await else {
            return Vec::new();
        };
        out.extend(league::jobs(self, now).await);
        out
    }

    /// Posts and DMs committed changes still owe after the schedule's
    /// `outbox_after` (their process died before delivering them), claimed
    /// for this process: deliver them, then call [`App::delivered`].
    pub async fn owed(&self, now: i64) -> Vec<Outgoing> {
        let before = now - self.schedule.outbox_after;
        match self.store.claim_owed(before, now, 50).await {
            Ok(responses) => responses
                .iter()
                .flat_map(|r| decode_response(r))
                .filter(|m| m.owed.is_some())
                .collect(),
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the outbox");
                Vec::new()
            }
        }
    }

    /// Marks the owed posts and DMs among `messages` delivered.
    pub async fn delivered(&self, messages: &[Outgoing]) {
        let mut keys: Vec<&str> = messages.iter().filter_map(|m| m.owed.as_deref()).collect();
        keys.sort_unstable();
        keys.dedup();
        if keys.is_empty() {
            return;
        }
        if let Err(e) = self.store.mark_delivered(&keys).await {
            tracing::warn!(error = %e, "cannot mark posts delivered");
        }
    }

    /// When the scheduler should next call [`App::tick`].
    pub async fn next_due(&self) -> Option<i64> {
        self.store.next_due().await.ok().flatten()
    }

    /// Autocomplete choices for an option of a partly typed command.
    pub async fn suggest(
        &self,
        req: &Request,
        option: &str,
        partial: &str,
    ) -> Vec<command::suggest::Choice> {
        command::suggest::suggest(self, req, option, partial, &play::suggest::Games).await
    }

    /// Binds a game to the thread a transport opened for it.
    pub async fn attach_thread(&self, game: i64, thread: &str) -> Result<(), UserError> {
        self.store.set_thread(game, thread).await?;
        self.forget_game(game);
        Ok(())
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The hosted game of this kind, if it has a rules engine.
    pub fn driver(&self, kind: GameKind) -> Option<&dyn Driver> {
        self.drivers
            .iter()
            .find(|d| d.kind() == kind)
            .map(|d| d.as_ref())
    }

    /// Handles one request. Never fails: a refusal becomes an ephemeral
    /// message to the user, and nothing is changed. A key a game move
    /// recorded before gets that move's first answer (console lines, tests).
    pub async fn handle(&self, req: &Request) -> Vec<Outgoing> {
        match self.recorded(req).await {
            Some(handled) => handled.messages,
            None => self.handle_new(req).await,
        }
    }

    /// Handles a Discord interaction exactly once, across every process on
    /// the database: its id is claimed before it acts, and a repeat (a
    /// redelivery, a replayed request, another replica) gets the first
    /// answer, or "already being handled" while the first is still running.
    pub async fn handle_once(&self, req: &Request) -> Handled {
        if let Some(handled) = self.recorded(req).await {
            return handled;
        }
        let replay = |messages| Handled {
            messages,
            replayed: true,
        };
        match self.store.claim_interaction(&req.key, req.now).await {
            Ok(None) => {}
            Ok(Some(Some(answer))) => return replay(decode_response(&answer)),
            Ok(Some(None)) => {
                return replay(vec![Outgoing::ephemeral(
                    &req.user.id,
                    "This interaction arrived twice: the first is still being handled, and only it acts.",
                )]);
            }
            Err(e) => return refused(req, e.into()),
        }
        let messages = self.handle_new(req).await;
        let answer = encode_response(&messages);
        if let Err(e) = self.store.answer_interaction(&req.key, &answer).await {
            tracing::warn!(key = req.key, error = %e, "cannot record an interaction's answer");
        }
        Handled {
            messages,
            replayed: false,
        }
    }

    /// The first answer of a key a game move recorded with its change.
    async fn recorded(&self, req: &Request) -> Option<Handled> {
        match self.store.interaction(&req.key).await {
            Ok(Some(previous)) => Some(Handled {
                messages: decode_response(&previous),
                replayed: true,
            }),
            Ok(None) => None,
            Err(e) => Some(refused(req, e.into())),
        }
    }

    async fn handle_new(&self, req: &Request) -> Vec<Outgoing> {
        match self.dispatch(req).await {
            Ok(mut messages) => {
                let replies = play::ai_seat::after_command(self, &messages, req.now).await;
                messages.extend(replies);
                play::ai_seat::strip(messages)
            }
            Err(e) => vec![Outgoing::ephemeral(&req.user.id, e.message)],
        }
    }

    async fn dispatch(&self, req: &Request) -> Result<Vec<Outgoing>, UserError> {
        let inv = &req.invocation;
        let spec = self.registry.find(inv)?;
        let args = command::spec::check(spec, inv)?;
        match inv.name.as_str() {
            "help" => command::help::help(self, req, &args),
            "card" => lookup::card::card(self, req, &args).await,
            "rules" => lookup::rules::rules(self, req, &args).await,
            "deck" => lookup::deck::deck(self, req, &args).await,
            "game" => play::lobby::game(self, req, &args).await,
            "legendary" => games::legendary::cmd::legendary(self, req, &args).await,
            "league" => league::league(self, req, &args).await,
            "pick" => league::limited::pick_card(self, req, &args).await,
            _ => play::lobby::game_command(self, req, &args).await,
        }
    }

    /// One random legal move in a game (bots, demos and crash tests).
    pub async fn autoplay_step(
        &self,
        game: i64,
        key: &str,
        pick: u64,
        now: i64,
    ) -> Result<Option<i64>, UserError> {
        play::lobby::autoplay_step(self, game, key, pick, now).await
    }

    /// The seats of a started game, from memory after the first read.
    pub(crate) async fn started_seats(
        &self,
        game: i64,
    ) -> Result<Vec<crate::store::SeatRow>, UserError> {
        if let Some(s) = self.seats.lock().expect("seat cache").get(&game) {
            return Ok(s.clone());
        }
        let seats = self.store.seats(game).await?;
        self.seats
            .lock()
            .expect("seat cache")
            .insert(game, seats.clone());
        Ok(seats)
    }

    /// A game by id: an active game from memory while the store's version
    /// says it is current (another process may have moved it), anything
    /// else from the store.
    pub(crate) async fn load_game(
        &self,
        id: i64,
    ) -> Result<Option<crate::store::GameRow>, UserError> {
        let kept = self.games.lock().expect("game cache").get(&id).cloned();
        if let Some(g) = kept
            && self.store.game_version(id).await? == Some(g.version)
        {
            return Ok(Some(g));
        }
        let game = self.store.game(id).await?;
        if let Some(g) = &game {
            self.remember_game(g);
        }
        Ok(game)
    }

    /// Keeps an active game's row (or forgets a game that is no longer active).
    pub(crate) fn remember_game(&self, game: &crate::store::GameRow) {
        let mut cache = self.games.lock().expect("game cache");
        if game.status == crate::store::GameStatus::Active {
            cache.insert(game.id, game.clone());
        } else {
            cache.remove(&game.id);
        }
    }

    /// An active game as this process last wrote it (no store read).
    pub(crate) fn cached_game(&self, id: i64) -> Option<crate::store::GameRow> {
        self.games.lock().expect("game cache").get(&id).cloned()
    }

    pub(crate) fn forget_game(&self, id: i64) {
        self.games.lock().expect("game cache").remove(&id);
    }

    /// The next game seed.
    pub(crate) fn next_seed(&self) -> u64 {
        let mut guard = self.seeds.lock().expect("seed lock");
        guard.1 += 1;
        match guard.0 {
            Seeds::Random => rand::random(),
            Seeds::Fixed(base) => splitmix(base.wrapping_add(guard.1)),
        }
    }
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A request refused before it acts (a store error), nothing changed.
fn refused(req: &Request, e: UserError) -> Handled {
    Handled {
        messages: vec![Outgoing::ephemeral(&req.user.id, e.message)],
        replayed: false,
    }
}

/// The stored form of a response (for idempotent replays).
pub(crate) fn encode_response(messages: &[Outgoing]) -> String {
    serde_json::to_string(messages).expect("messages serialise")
}

pub(crate) fn decode_response(text: &str) -> Vec<Outgoing> {
    serde_json::from_str(text).unwrap_or_default()
}
