//! Hosts any engine in the application layer: decodes the stored state,
//! turns a command into an engine action (or a view), applies it, and routes
//! each event to the channel or to the DMs of the seats allowed to see it.
//! Channel text is built only from public events and the spectator's view.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::driver::AiMove;
use super::driver::{
    DefaultMove, Driver, GameKind, GameLog, Reaction, Record, Rewound, Table, Transition,
};
use crate::app::command::message::{Board, Button, Invocation, Menu, Outgoing, UserError};
use crate::app::command::spec::{Args, CommandSpec, OptionSpec};
use crate::engine::ai::{Decision, Level};
use crate::engine::{Audience, Event, Game, GameRng, Seat, Viewer, replay, step};
use crate::store::DeckRow;

/// What a command asks of a game.
pub enum Intent<A> {
    Act(A),
    /// Show the public board in the channel.
    Board,
    /// Show the asker their own hand and options.
    Hand,
    /// Show the asker this private text.
    Private(String),
    /// Post this text in the game's channel (a player sharing their hand).
    Public(String),
}

/// What a command's handler reads: the game, who asks, and with what.
pub struct Ask<'a, G> {
    pub game: &'a G,
    /// `None`: the asker has no seat in this game.
    pub seat: Option<Seat>,
    pub args: &'a Args,
    pub table: &'a Table,
}

/// A game command's handler. Each game lists its commands once, by name
/// with their handlers ([`GameUi::HANDLERS`]); the options of every game
/// command are declared in `table.rs`, shared by the games that use them.
pub enum Handler<G: Game> {
    /// A move: the action the command means.
    Act(fn(&Ask<'_, G>) -> Result<G::Action, UserError>),
    /// Text shown to the asker only.
    Show(fn(&Ask<'_, G>) -> Result<String, UserError>),
    /// Text the asker chooses to post in the game's channel.
    Public(fn(&Ask<'_, G>) -> Result<String, UserError>),
    /// The public board, in the channel.
    Board,
    /// The asker's own hand and options.
    Hand,
}

/// A game's presentation: its commands, options and texts.
pub trait GameUi: Game {
    const KIND: GameKind;
    /// The game commands this game handles, each with its handler.
    const HANDLERS: &'static [(&'static str, Handler<Self>)];
    /// Options of shared commands that belong to other games: refused, with
    /// this reason.
    const FOREIGN_OPTIONS: (&'static [&'static str], &'static str) = (&[], "");

    /// Options of `/game new` for this game (`kind`: which of the kinds
    /// this engine plays, see [`Host::as_kind`]).
    fn new_game_options(kind: GameKind) -> Vec<OptionSpec>;
    fn build_options(kind: GameKind, args: &Args) -> Result<Self::Options, UserError>;
    /// The kind of game this one is (an engine may play several).
    fn variant(&self) -> GameKind {
        Self::KIND
    }
    fn describe_options(options: &Self::Options) -> String;
    /// A player's saved deck, checked and turned into their setup.
    fn setup(options: &Self::Options, deck: &DeckRow) -> Result<Self::Setup, UserError>;
    /// For a game without decks: the seat's setup from `/game join` options.
    fn seat_pick(_options: &Self::Options, _args: &Args) -> Result<Option<Self::Setup>, UserError> {
        Ok(None)
    }

    // Text is rendered only from a view (the spectator's or one seat's), so
    // no hidden card can reach a message: these functions never see the state.

    /// One event as a line for the view's viewer (`None` to say nothing).
    fn event_line(view: &Self::View, event: &Self::Event, table: &Table) -> Option<String>;

    /// The public board, from the spectator's view.
    fn board(view: &Self::View, table: &Table) -> Board;

    /// A seat's private status from its own view and its legal actions:
    /// hand, and what it may do now.
    fn status_for(view: &Self::View, legal: &[Self::Action], table: &Table) -> String;

    /// One public line saying who must act and how.
    fn next_line(view: &Self::View, table: &Table) -> String;

    /// The seat an event asks to choose now (its options and menu then go
    /// to that seat privately, even if it was already due).
    fn asks_to_choose(_event: &Self::Event) -> Option<Seat> {
        None
    }

    /// An action in words, with players' names ("choose alice to play first").
    fn describe(view: &Self::View, action: &Self::Action, table: &Table) -> String;

    /// The summary posted when the game is over, from the final spectator
    /// view (which shows what was hidden) and every event of the game
    /// (private ones too: at the end, hidden information is public).
    fn summary(_view: &Self::View, _events: &[Self::Event], _table: &Table) -> String {
        String::new()
    }

    /// Buttons for the frequent steps of a seat that must act, from its
    /// own view and legal actions.
    fn buttons(_view: &Self::View, _legal: &[Self::Action], _game: i64) -> Vec<Button> {
        Vec::new()
    }

    /// The moves a seat's menus may offer, from its legal actions: with
    /// every option where `legal_actions` offers a sample (every target of
    /// a card).
    fn menu_actions(&self, _seat: Seat, legal: Vec<Self::Action>) -> Vec<Self::Action> {
        legal
    }

    /// Pick lists for a seat that must act (a pending choice, targets,
    /// damage), from its own view: each option's command is a legal move.
    fn menus(_view: &Self::View, _legal: &[Self::Action], _table: &Table) -> Vec<Menu> {
        Vec::new()
    }

    /// Names a seat may give to an option of a command, for autocomplete
    /// (`None`: nothing game-specific).
    fn choices(
        _view: &Self::View,
        _legal: &[Self::Action],
        _command: &str,
        _option: &str,
    ) -> Option<Vec<String>> {
        None
    }

    /// Why this game refuses one of its kind's commands (a variant without
    /// it), before its handler runs.
    fn refuses(&self, _command: &str) -> Option<String> {
        None
    }

    /// What `seat` earned and would lose by a pass or a default move (a
    /// question, a guess), with how to use or decline it.
    fn earned(&self, _seat: Seat) -> Option<String> {
        None
    }

    /// The AI player's move from its seat's own view and legal actions
    /// (`None`: this game has no AI; see [`crate::engine::ai::Ai`]).
    fn ai_decide(
        _view: &Self::View,
        _legal: &[Self::Action],
        _level: Level,
        _rng: &mut GameRng,
    ) -> Option<Decision<Self::Action>> {
        None
    }

    /// The view an AI in `seat` decides from (see [`crate::engine::ai::Ai::ai_view`]).
    fn ai_view(&self, seat: Seat) -> Self::View {
        self.view(Viewer::Seat(seat))
    }

    /// The deck an AI seat plays when it is given none, dealt with `seed`.
    fn ai_setup(_options: &Self::Options, _seed: u64) -> Result<Self::Setup, UserError> {
        Err(UserError::new("this game has no AI player"))
    }

    /// Whether [`GameUi::ai_decide`] answers.
    const HAS_AI: bool = false;
}

/// The [`Driver`] for any engine with a [`GameUi`].
pub struct Host<G> {
    kind: GameKind,
    engine: std::marker::PhantomData<G>,
}

impl<G: GameUi> Host<G> {
    pub fn new() -> Self {
        Self::as_kind(G::KIND)
    }

    /// The engine hosting another kind of game it plays (the X-Files CCG
    /// engine plays the Basic Game too): its options differ.
    pub fn as_kind(kind: GameKind) -> Self {
        Host {
            kind,
            engine: std::marker::PhantomData,
        }
    }
}

impl<G: GameUi> Default for Host<G> {
    fn default() -> Self {
        Self::new()
    }
}

fn decode<T: DeserializeOwned>(what: &str, text: &str) -> Result<T, UserError> {
    serde_json::from_str(text).map_err(|e| {
        UserError::new(format!(
            "This game's {what} cannot be read ({e}); nothing was changed. A server manager can check it with `xfiles-bot game verify`."
        ))
    })
}

fn encode<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("engine values serialise")
}

impl<G: GameUi> Host<G> {
    /// Messages for the events of one step: one channel post with the public
    /// lines, one DM per seat with its private lines, and a DM prompt to each
    /// seat that has just become due to act.
    pub fn messages(
        before: &[Seat],
        game: &G,
        events: &[Event<G::Event>],
        table: &Table,
    ) -> Vec<Outgoing> {
        let mut public = Vec::new();
        let mut private: BTreeMap<Seat, Vec<String>> = BTreeMap::new();
        let spectator = game.view(Viewer::Spectator);
        let mut seat_views: BTreeMap<Seat, G::View> = BTreeMap::new();
        for e in events {
            match &e.audience {
                Audience::All => public.extend(G::event_line(&spectator, &e.body, table)),
                Audience::Seats(seats) => {
                    for s in seats {
                        let view = seat_views
                            .entry(*s)
                            .or_insert_with(|| game.view(Viewer::Seat(*s)));
                        private
                            .entry(*s)
                            .or_default()
                            .extend(G::event_line(view, &e.body, table));
                    }
                }
            }
        }
        let mut out = Vec::new();
        let after = game.to_act();
        let choosing: Vec<Seat> = events
            .iter()
            .filter_map(|e| G::asks_to_choose(&e.body))
            .collect();
        let newly_due: Vec<String> = after
            .iter()
            .filter(|s| !before.contains(s))
            .map(|s| table.user(*s).to_string())
            .collect();
        if !public.is_empty() {
            if game.outcome().is_none() {
                public.push(G::next_line(&spectator, table));
            }
            out.push(Outgoing::channel(&table.channel, public.join("\n")).with_ping(newly_due));
        }
        let seats: Vec<Seat> = (0..table.seats.len() as Seat).collect();
        for s in seats {
            let mut lines = private.remove(&s).unwrap_or_default();
            let newly_due = after.contains(&s) && (!before.contains(&s) || choosing.contains(&s));
            if newly_due {
                lines.push(format!("Your move.\n{}", status(game, s, table)));
            }
            if lines.is_empty() {
                continue;
            }
            let header = format!(
                "**Game #{}** ({}) in <#{}>",
                table.game_id,
                game.variant().name(),
                table.channel
            );
            let msg = Outgoing::dm(table.user(s), format!("{header}\n{}", lines.join("\n")));
            out.push(if newly_due {
                with_controls(msg, game, s, table)
            } else {
                msg
            });
        }
        named(out, table)
    }

    fn outcome_json(game: &G) -> Option<String> {
        game.outcome().map(|o| encode(&o))
    }

    /// The stored change and messages of one applied action.
    fn after_step(
        before: &[Seat],
        action: &G::Action,
        next: &G,
        events: &[Event<G::Event>],
        table: &Table,
    ) -> Transition {
        Transition {
            state: encode(next),
            action: Some(encode(action)),
            to_act: next.to_act(),
            outcome: Self::outcome_json(next),
            messages: Self::messages(before, next, events, table),
            why: None,
        }
    }
}

impl<G: GameUi> Driver for Host<G> {
    fn kind(&self) -> GameKind {
        self.kind
    }

    fn options(&self) -> Vec<OptionSpec> {
        G::new_game_options(self.kind)
    }

    fn build_options(&self, args: &Args) -> Result<String, UserError> {
        Ok(encode(&G::build_options(self.kind, args)?))
    }

    fn describe_options(&self, options: &str) -> String {
        match serde_json::from_str::<G::Options>(options) {
            Ok(o) => G::describe_options(&o),
            Err(_) => "Options unreadable.".into(),
        }
    }

    fn seats(&self, options: &str) -> RangeInclusive<usize> {
        serde_json::from_str::<G::Options>(options)
            .map(|o| G::seats(&o))
            .unwrap_or(2..=2)
    }

    fn seat_setup(&self, options: &str, deck: &DeckRow) -> Result<String, UserError> {
        let options: G::Options = decode("options", options)?;
        Ok(encode(&G::setup(&options, deck)?))
    }

    fn seat_pick(&self, options: &str, args: &Args) -> Result<Option<String>, UserError> {
        let options: G::Options = decode("options", options)?;
        Ok(G::seat_pick(&options, args)?.map(|s| encode(&s)))
    }

    fn start(
        &self,
        table: &Table,
        options: &str,
        setups: &[String],
        seed: u64,
    ) -> Result<Transition, UserError> {
        let (options, setups) = Self::inputs(options, setups)?;
        let (game, events) = G::new(options, setups, seed)
            .map_err(|r| UserError::new(format!("The game cannot start: {r}.")))?;
        let mut messages = Self::messages(&[], &game, &events, table);
        let names: Vec<String> = table
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{}. {}", i + 1, s.1))
            .collect();
        let intro = format!(
            "**Game #{} has started**: {}.",
            table.game_id,
            names.join(", ")
        );
        match messages
            .iter_mut()
            .find(|m| m.to == crate::app::Address::Channel(table.channel.clone()))
        {
            Some(m) => m.text = format!("{intro}\n{}", m.text),
            None => messages.insert(
                0,
                Outgoing::channel(
                    &table.channel,
                    format!(
                        "{intro}\n{}",
                        G::next_line(&game.view(Viewer::Spectator), table)
                    ),
                )
                .with_ping(
                    game.to_act()
                        .iter()
                        .map(|s| table.user(*s).to_string())
                        .collect(),
                ),
            ),
        }
        Ok(Transition {
            state: encode(&game),
            action: None,
            to_act: game.to_act(),
            outcome: Self::outcome_json(&game),
            messages,
            why: None,
        })
    }

    fn commands(&self) -> Vec<CommandSpec> {
        super::table::game_commands()
            .into_iter()
            .filter(|c| G::HANDLERS.iter().any(|(name, _)| *name == c.name))
            .collect()
    }

    fn handle(
        &self,
        table: &Table,
        state: &str,
        seat: Option<u8>,
        inv: &Invocation,
        args: &Args,
    ) -> Result<Reaction, UserError> {
        let game: G = decode("state", state)?;
        if seat.is_none() && inv.name != "board" {
            // Spectators may look at the board; everything else is a seat's.
            return Err(not_seated(table));
        }
        let reaction = self.react(&game, table, seat, inv, args);
        match reaction {
            Ok(Reaction::Reply(messages)) => Ok(Reaction::Reply(named(messages, table))),
            Ok(change) => Ok(change),
            Err(e) => Err(UserError::new(table.named(&e.message))),
        }
    }

    fn record(&self, table: &Table, log: &GameLog) -> Result<Record, UserError> {
        let (mut game, events, actions) = Self::begin(table, log)?;
        let mut record = Record::default();
        let mut all = Vec::new();
        let mut note = |game: &G, i: usize, events: Vec<Event<G::Event>>| {
            let public = events.iter().any(|e| e.audience == Audience::All);
            let spectator = public.then(|| game.view(Viewer::Spectator));
            for e in events {
                if let Some(view) = spectator.as_ref().filter(|_| e.audience == Audience::All)
                    && let Some(line) = G::event_line(view, &e.body, table)
                {
                    record.lines.push((i, table.named(&line)));
                }
                all.push(e.body);
            }
        };
        note(&game, 0, events);
        for (i, step) in actions.iter().enumerate() {
            let events = Self::redo(table, &mut game, i + 1, step)?;
            note(&game, i + 1, events);
        }
        if game.outcome().is_some() {
            let end = game.view(Viewer::Spectator);
            record.summary = Some(table.named(&G::summary(&end, &all, table)));
        }
        Ok(record)
    }

    fn rewind(&self, table: &Table, log: &GameLog, keep: usize) -> Result<Rewound, UserError> {
        let (mut game, _, actions) = Self::begin(table, log)?;
        for (i, step) in actions[..keep].iter().enumerate() {
            Self::redo(table, &mut game, i + 1, step)?;
        }
        let kept = game.clone();
        let mut taken_back = Vec::new();
        let mut revealed = false;
        for (i, step) in actions[keep..].iter().enumerate() {
            taken_back.push(format!(
                "{}: {}",
                table.name(step.0),
                G::describe(&game.view(Viewer::Seat(step.0)), &step.1, table)
            ));
            let events = Self::redo(table, &mut game, keep + i + 1, step)?;
            revealed |= events
                .iter()
                .any(|e| e.audience != Audience::All || G::reveals(&e.body));
        }
        let messages = (0..table.seats.len() as Seat)
            .map(|s| {
                Outgoing::dm(
                    table.user(s),
                    format!(
                        "**Game #{}** ({}) in <#{}>: moves were taken back.\n{}",
                        table.game_id,
                        kept.variant().name(),
                        table.channel,
                        status(&kept, s, table)
                    ),
                )
            })
            .collect();
        Ok(Rewound {
            transition: Transition {
                state: encode(&kept),
                action: None,
                to_act: kept.to_act(),
                outcome: None,
                messages: named(messages, table),
                why: None,
            },
            taken_back,
            revealed,
        })
    }

    fn random_move(
        &self,
        table: &Table,
        state: &str,
        pick: u64,
    ) -> Result<Option<(u8, Transition)>, UserError> {
        let game: G = decode("state", state)?;
        let due = game.to_act();
        if due.is_empty() {
            return Ok(None);
        }
        let seat = due[(pick % due.len() as u64) as usize];
        let legal: Vec<G::Action> = game
            .legal_actions(seat)
            .into_iter()
            .filter(|a| !G::resigns(a))
            .collect();
        if legal.is_empty() {
            return Ok(None);
        }
        let action = legal[((pick >> 8) % legal.len() as u64) as usize].clone();
        let (next, events) = step(&game, seat, &action).map_err(|r| UserError::new(r.reason))?;
        let before = game.to_act();
        Ok(Some((
            seat,
            Self::after_step(&before, &action, &next, &events, table),
        )))
    }

    fn has_ai(&self) -> bool {
        G::HAS_AI
    }

    fn ai_setup(&self, options: &str, seed: u64) -> Result<String, UserError> {
        let options: G::Options = decode("options", options)?;
        G::ai_setup(&options, seed).map(|s| encode(&s))
    }

    fn ai_move(
        &self,
        table: &Table,
        state: &str,
        seat: u8,
        level: Level,
        seed: u64,
    ) -> Result<AiMove, UserError> {
        let game: G = decode("state", state)?;
        let legal = game.legal_actions(seat);
        let view = game.ai_view(seat);
        let decided = (!legal.is_empty())
            .then(|| G::ai_decide(&view, &legal, level, &mut GameRng::seeded(seed)))
            .flatten();
        // A refused choice (a bug) falls back to the default move, so an AI
        // seat never stalls its game.
        let chosen = decided
            .and_then(|d| step(&game, seat, &d.action).ok().map(|s| (d, s)))
            .or_else(|| {
                let action = game.default_action(seat)?;
                let stepped = step(&game, seat, &action).ok()?;
                Some((Decision::new(action, "its default move"), stepped))
            });
        let Some((decision, (next, events))) = chosen else {
            return Err(UserError::new(format!(
                "the AI in seat {} has no move it can make",
                seat + 1
            )));
        };
        let words = table.named(&G::describe(&view, &decision.action, table));
        Ok(AiMove {
            seat,
            transition: Self::after_step(&game.to_act(), &decision.action, &next, &events, table),
            words,
            why: table.named(&decision.why),
        })
    }

    fn default_move(&self, table: &Table, state: &str) -> Result<DefaultMove, UserError> {
        let game: G = decode("state", state)?;
        let before = game.to_act();
        for seat in before.iter().copied() {
            if let Some(earned) = game.earned(seat) {
                return Ok(DefaultMove::Waits(seat, table.named(&earned)));
            }
            let Some(action) = game.default_action(seat) else {
                continue;
            };
            let (next, events) =
                step(&game, seat, &action).map_err(|r| UserError::new(r.reason))?;
            let words = table.named(&G::describe(&game.view(Viewer::Seat(seat)), &action, table));
            return Ok(DefaultMove::Made(
                seat,
                Self::after_step(&before, &action, &next, &events, table),
                words,
            ));
        }
        Ok(DefaultMove::None)
    }

    fn suggest(
        &self,
        _table: &Table,
        state: &str,
        seat: Option<u8>,
        command: &str,
        option: &str,
    ) -> Option<Vec<String>> {
        let game: G = serde_json::from_str(state).ok()?;
        let seat = seat?;
        G::choices(
            &game.view(Viewer::Seat(seat)),
            &game.legal_actions(seat),
            command,
            option,
        )
    }

    fn board(&self, table: &Table, state: &str) -> Result<Board, UserError> {
        let game: G = decode("state", state)?;
        Ok(board(&game, table))
    }

    fn format(&self) -> i64 {
        i64::from(G::FORMAT)
    }

    fn resigns(&self, action: &str) -> bool {
        serde_json::from_str::<G::Action>(action).is_ok_and(|a| G::resigns(&a))
    }

    fn replay(
        &self,
        options: &str,
        setups: &[String],
        seed: u64,
        actions: &[(u8, String)],
    ) -> Result<String, String> {
        let options: G::Options =
            serde_json::from_str(options).map_err(|e| format!("options: {e}"))?;
        let setups: Vec<G::Setup> = setups
            .iter()
            .map(|s| serde_json::from_str(s))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("setup: {e}"))?;
        let actions: Vec<(Seat, G::Action)> = actions
            .iter()
            .enumerate()
            .map(|(i, (s, a))| {
                serde_json::from_str(a)
                    .map(|a| (*s, a))
                    .map_err(|e| format!("action {}: {e}", i + 1))
            })
            .collect::<Result<_, _>>()?;
        let game: G = replay(options, setups, seed, &actions)
            .map_err(|(i, r)| format!("action {i} is refused on replay: {r}"))?;
        Ok(encode(&game))
    }
}

impl<G: GameUi> Host<G> {
    /// A game's options and seat setups, decoded.
    fn inputs(options: &str, setups: &[String]) -> Result<(G::Options, Vec<G::Setup>), UserError> {
        let setups = setups
            .iter()
            .map(|s| decode("seat setup", s))
            .collect::<Result<_, _>>()?;
        Ok((decode("options", options)?, setups))
    }

    /// The game a log starts (with its set-up events) and its actions decoded.
    #[allow(clippy::type_complexity)]
    fn begin(
        table: &Table,
        log: &GameLog,
    ) -> Result<(G, Vec<Event<G::Event>>, Vec<(Seat, G::Action)>), UserError> {
        let (options, setups) = Self::inputs(&log.options, &log.setups)?;
        let actions = log
            .actions
            .iter()
            .map(|(s, a)| decode("action log", a).map(|a| (*s, a)))
            .collect::<Result<_, _>>()?;
        let (game, events) =
            G::new(options, setups, log.seed).map_err(|r| unreplayable(table, 0, r))?;
        Ok((game, events, actions))
    }

    /// Applies the `i`-th action of a log (1-based) again.
    fn redo(
        table: &Table,
        game: &mut G,
        i: usize,
        (seat, action): &(Seat, G::Action),
    ) -> Result<Vec<Event<G::Event>>, UserError> {
        game.apply(*seat, action)
            .map_err(|r| unreplayable(table, i, r))
    }

    /// A command's reaction, before players are named.
    fn react(
        &self,
        game: &G,
        table: &Table,
        seat: Option<u8>,
        inv: &Invocation,
        args: &Args,
    ) -> Result<Reaction, UserError> {
        let user = inv_user(table, seat);
        match intent(game, seat, inv, args, table)? {
            Intent::Board => {
                let board = board(game, table);
                Ok(Reaction::Reply(vec![
                    Outgoing::channel(&table.channel, board.text()).with_embed(board.embed()),
                ]))
            }
            Intent::Public(text) => Ok(Reaction::Reply(vec![
                Outgoing::channel(&table.channel, text).in_game(table.game_id),
            ])),
            Intent::Private(text) => {
                let seat = seat.ok_or_else(|| not_seated(table))?;
                Ok(Reaction::Reply(vec![Outgoing::ephemeral(
                    table.user(seat),
                    text,
                )]))
            }
            Intent::Hand => {
                let seat = seat.ok_or_else(|| not_seated(table))?;
                Ok(Reaction::Reply(vec![with_controls(
                    Outgoing::ephemeral(&user, status(game, seat, table)),
                    game,
                    seat,
                    table,
                )]))
            }
            Intent::Act(action) => {
                let seat = seat.ok_or_else(|| not_seated(table))?;
                let before = game.to_act();
                let (next, events) = step(game, seat, &action).map_err(|r| {
                    let mut text = format!("Refused: {}.", r.reason);
                    let view = game.view(Viewer::Seat(seat));
                    let allowed: Vec<String> = game
                        .legal_actions(seat)
                        .iter()
                        .filter(|a| !G::resigns(a))
                        .map(|a| G::describe(&view, a, table))
                        .collect();
                    if !allowed.is_empty() {
                        let (shown, more) = you_may(&allowed, 12, "; ");
                        text.push_str(&format!(
                            "\nYou may now: {shown}{}.",
                            if more > 0 {
                                format!(" (and {more} more; see /hand)")
                            } else {
                                String::new()
                            }
                        ));
                    }
                    text.push_str("\nNothing was changed.");
                    UserError::new(text)
                })?;
                Ok(Reaction::Change(Self::after_step(
                    &before, &action, &next, &events, table,
                )))
            }
        }
    }
}

/// What a command from `seat` (`None`: not seated) means, by its handler.
fn intent<G: GameUi>(
    game: &G,
    seat: Option<Seat>,
    inv: &Invocation,
    args: &Args,
    table: &Table,
) -> Result<Intent<G::Action>, UserError> {
    let (foreign, why) = G::FOREIGN_OPTIONS;
    if let Some(o) = foreign.iter().find(|o| args.has(o)) {
        return Err(UserError::new(format!("Option {o} {why}")));
    }
    let Some((_, handler)) = G::HANDLERS.iter().find(|(name, _)| *name == inv.name) else {
        return Err(UserError::new(format!(
            "/{} is not a command of {}.",
            inv.name,
            game.variant().name()
        )));
    };
    if let Some(why) = game.refuses(&inv.name) {
        return Err(UserError::new(why));
    }
    let ask = Ask {
        game,
        seat,
        args,
        table,
    };
    Ok(match handler {
        Handler::Act(f) => Intent::Act(f(&ask)?),
        Handler::Show(f) => Intent::Private(f(&ask)?),
        Handler::Public(f) => Intent::Public(f(&ask)?),
        Handler::Board => Intent::Board,
        Handler::Hand => Intent::Hand,
    })
}

/// A seat's private status, from its own view.
fn status<G: GameUi>(game: &G, seat: Seat, table: &Table) -> String {
    G::status_for(
        &game.view(Viewer::Seat(seat)),
        &game.legal_actions(seat),
        table,
    )
}

/// A stored log that no longer replays: nothing is changed.
fn unreplayable(table: &Table, i: usize, r: crate::engine::Refusal) -> UserError {
    UserError::new(format!(
        "Game #{}'s log does not replay (action {i}: {}); nothing was changed. A server manager can check it with `xfiles-bot game verify`.",
        table.game_id, r.reason
    ))
}

/// The public board, players named.
fn board<G: GameUi>(game: &G, table: &Table) -> Board {
    G::board(&game.view(Viewer::Spectator), table).map_text(|l| table.named(l))
}

/// A seat's message with the buttons and menus for its next move, built
/// from its legal actions and its own view.
fn with_controls<G: GameUi>(msg: Outgoing, game: &G, seat: Seat, table: &Table) -> Outgoing {
    let legal = game.legal_actions(seat);
    let view = game.view(Viewer::Seat(seat));
    let buttons = G::buttons(&view, &legal, table.game_id);
    let offered = game.menu_actions(seat, legal);
    let menus = G::menus(&view, &offered, table);
    msg.with_buttons(buttons).with_menus(menus)
}

/// Every message with players named, never numbered by seat.
fn named(messages: Vec<Outgoing>, table: &Table) -> Vec<Outgoing> {
    messages
        .into_iter()
        .map(|mut m| {
            m.text = table.named(&m.text);
            m
        })
        .collect()
}

fn inv_user(table: &Table, seat: Option<u8>) -> String {
    seat.map(|s| table.user(s).to_string()).unwrap_or_default()
}

fn not_seated(table: &Table) -> UserError {
    UserError::new(format!(
        "You do not sit in game #{}; only its players can do that. /board shows the table.",
        table.game_id
    ))
}

/// Splits a list option: "A; B" (card names may contain commas).
pub fn split_list(text: &str) -> Vec<String> {
    text.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// " (and N more)" after a list that left `n` entries out, else nothing.
pub fn and_more(n: usize) -> String {
    if n > 0 {
        format!(" (and {n} more)")
    } else {
        String::new()
    }
}

/// A "You may" list: the entries (each a move as the command that makes
/// it, command first) sorted without repeats, at most `max` shown but every
/// kind of move (an entry's first word) at least once, so many moves of one
/// kind never hide another; joined by `sep`, with how many were left out.
pub fn you_may(entries: &[String], max: usize, sep: &str) -> (String, usize) {
    let mut all = entries.to_vec();
    all.sort();
    all.dedup();
    let kind = |e: &str| e.split_whitespace().next().unwrap_or_default().to_string();
    let mut kinds = std::collections::BTreeSet::new();
    let mut shown: Vec<bool> = all.iter().map(|e| kinds.insert(kind(e))).collect();
    let mut room = max.saturating_sub(kinds.len());
    for s in shown.iter_mut().filter(|s| !**s) {
        if room == 0 {
            break;
        }
        *s = true;
        room -= 1;
    }
    let left = shown.iter().filter(|s| !**s).count();
    let list: Vec<&str> = all
        .iter()
        .zip(&shown)
        .filter(|(_, s)| **s)
        .map(|(e, _)| e.as_str())
        .collect();
    (list.join(sep), left)
}
