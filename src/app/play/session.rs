//! A stored game's table, shared by every command about a game: finding
//! the game a command means, its driver and table, rebuilding its record,
//! and storing one transition with its turn clock (reminder, deadline,
//! turn statistics) and, when it ends the game, the summary.

use crate::app::App;
use crate::app::command::message::{Invocation, Outgoing, Place, Request, User, UserError};
use crate::app::command::spec::Args;
use crate::app::encode_response;
use crate::app::games::driver::{Driver, GameKind, GameLog, Record, Table, Transition};
use crate::store::{
    Committed, GameRow, GameStatus, GameUpdate, Idem, NewAction, SeatRow, StoreError, Turns,
};

pub fn driver_of<'a>(app: &'a App, game: &GameRow) -> Result<&'a dyn Driver, UserError> {
    let kind = GameKind::parse(&game.kind).ok_or_else(|| {
        UserError::new(format!(
            "Game #{} is of an unknown kind '{}'.",
            game.id, game.kind
        ))
    })?;
    app.driver(kind).ok_or_else(|| {
        UserError::new(format!(
            "{} has no rules engine in this build.",
            kind.name()
        ))
    })
}

pub fn kind_name(game: &GameRow) -> &'static str {
    GameKind::parse(&game.kind).map_or("an unknown game", GameKind::name)
}

/// Finds the game a command is about: the `game:` option, else the one open
/// game of this channel (or of the user, in a DM).
pub async fn resolve(
    app: &App,
    req: &Request,
    args: &Args,
    wanted: &[GameStatus],
) -> Result<GameRow, UserError> {
    let words: Vec<&str> = wanted.iter().map(|s| s.as_str()).collect();
    if let Some(id) = args.text("game") {
        let id: i64 = id
            .trim_start_matches('#')
            .parse()
            .expect("checked as a game id");
        let game = app.load_game(id).await?.ok_or_else(|| {
            UserError::new(format!(
                "There is no game #{id}. /game list shows the games here."
            ))
        })?;
        if game.guild_id.is_some() && req.place.guild.is_some() && game.guild_id != req.place.guild
        {
            return Err(UserError::new(format!(
                "Game #{id} belongs to another server."
            )));
        }
        if !wanted.contains(&game.status) {
            return Err(UserError::new(format!(
                "Game #{id} is {}; this command needs a game that is {}.",
                game.status.as_str(),
                words.join(" or ")
            )));
        }
        return Ok(game);
    }
    let open = if req.place.is_dm {
        app.store().games_of_user(&req.user.id).await?
    } else {
        app.store()
            .games_in_channel(&req.place.channel, false)
            .await?
    };
    let candidates: Vec<GameRow> = open
        .into_iter()
        .filter(|g| wanted.contains(&g.status))
        .collect();
    match candidates.len() {
        0 => Err(UserError::new(if wanted == [GameStatus::Lobby] {
            "There is no game waiting for players here. Open one with /game new game:<kind>."
                .to_string()
        } else if req.place.is_dm {
            "You are not in any game. Join one in a server channel with /game join.".to_string()
        } else {
            "There is no game in this channel. Open one with /game new game:<kind>, or name one with game:<id>.".to_string()
        })),
        1 => Ok(candidates.into_iter().next().expect("one candidate")),
        _ => {
            let mut mine = Vec::new();
            for g in &candidates {
                if app
                    .store()
                    .seats(g.id)
                    .await?
                    .iter()
                    .any(|s| s.user_id == req.user.id)
                {
                    mine.push(g.clone());
                }
            }
            if mine.len() == 1 {
                return Ok(mine.remove(0));
            }
            let ids: Vec<String> = candidates
                .iter()
                .map(|g| format!("#{} ({})", g.id, g.kind))
                .collect();
            Err(UserError::new(format!(
                "There are several games here: {}. Name one with game:<id>.",
                ids.join(", ")
            )))
        }
    }
}

/// Where a game's public messages go: its thread, else its channel.
pub fn home(game: &GameRow) -> &str {
    game.thread_id.as_deref().unwrap_or(&game.channel_id)
}

pub fn table_of(game: &GameRow, seats: &[SeatRow]) -> Table {
    Table {
        game_id: game.id,
        channel: home(game).to_string(),
        seats: seats
            .iter()
            .map(|s| (s.user_id.clone(), s.user_name.clone()))
            .collect(),
    }
}

/// Stores a transition atomically (state, optional seats, optional action)
/// and returns its messages.
pub async fn store_transition(
    app: &App,
    req: &Request,
    game: &GameRow,
    driver: &dyn Driver,
    mut t: Transition,
    seats: Option<&[SeatRow]>,
    seat: Option<u8>,
) -> Result<Stored, UserError> {
    let finished = t.outcome.is_some();
    let seat_rows = match seats {
        Some(s) => s.to_vec(),
        None => app.started_seats(game.id).await?,
    };
    let mut messages = std::mem::take(&mut t.messages);
    if finished && game.status == GameStatus::Active {
        messages.extend(summary_post(app, game, seat, t.action.as_deref()).await);
    }
    if !finished && ai_moves_next(game, &seat_rows, &t.to_act, seat) {
        // The AI moves at once: "Next:" is said once it has (`play_due`).
        let next = driver.board(&table_of(game, &seat_rows), &t.state)?.footer;
        drop_last_line(&mut messages, home(game), &next);
    }
    if t.action.is_some() {
        let mover = seat.and_then(|s| seat_rows.get(usize::from(s)));
        let mover = mover.map_or(req.user.name.as_str(), |s| s.user_name.as_str());
        if let Some(line) = super::undo_request::ended_by_move(game, &seat_rows, mover) {
            say_first(&mut messages, home(game), line);
        }
    }
    let messages: Vec<Outgoing> = messages
        .into_iter()
        .map(|m| m.in_game(game.id).owed_by(&req.key))
        .collect();
    let update = game_update(app, req, (game, &seat_rows), driver, &t);
    let action = t.action.map(|action| NewAction {
        seat: i64::from(seat.unwrap_or(0)),
        user_id: req.user.id.clone(),
        action,
        format: driver.format(),
        why: t.why.take(),
    });
    let idem = Idem {
        key: &req.key,
        response: encode_response(&messages),
        owes: messages.iter().any(|m| m.owed.is_some()),
    };
    let written = app
        .store()
        .update_game(
            game.id,
            game.version,
            &update,
            seats,
            action.as_ref(),
            &idem,
        )
        .await;
    match written {
        Ok(Committed::Applied(())) => {
            app.remember_game(&updated_row(game, update, action.is_some()));
            Ok(Stored::Done(messages))
        }
        Ok(Committed::Duplicate(previous)) => {
            app.forget_game(game.id);
            Ok(Stored::Done(crate::app::decode_response(&previous)))
        }
        Err(StoreError::Conflict(_)) => {
            app.forget_game(game.id);
            Ok(Stored::Conflict)
        }
        Err(e) => {
            app.forget_game(game.id);
            Err(e.into())
        }
    }
}

/// Whether an AI seat moves right after this change: one is due and the
/// game does not pause it, or an AI just moved (its turn goes on).
fn ai_moves_next(game: &GameRow, seats: &[SeatRow], to_act: &[u8], mover: Option<u8>) -> bool {
    let ai_moved = mover
        .and_then(|s| seats.get(usize::from(s)))
        .is_some_and(|s| super::seats::is_ai(&s.user_id));
    super::seats::due(to_act, seats).is_some() && (super::seats::pause(game) == 0 || ai_moved)
}

/// Removes `line` where it ends the post to `channel`.
fn drop_last_line(messages: &mut [Outgoing], channel: &str, line: &str) {
    let to = crate::app::Address::Channel(channel.to_string());
    for m in messages.iter_mut().filter(|m| m.to == to) {
        if let Some(rest) = m.text.strip_suffix(line) {
            m.text = rest.trim_end_matches('\n').to_string();
        }
    }
}

/// `line` first in the post to `channel` (a new post if there is none).
pub fn say_first(messages: &mut Vec<Outgoing>, channel: &str, line: String) {
    let to = crate::app::Address::Channel(channel.to_string());
    match messages.iter_mut().find(|m| m.to == to) {
        Some(m) => m.text = format!("{line}\n{}", m.text),
        None => messages.insert(0, Outgoing::channel(channel, line)),
    }
}

/// The game's row change for a transition: state, who is due, result and
/// the next reminder and deadline (an AI seat due moves after its pause).
fn game_update(
    app: &App,
    req: &Request,
    (game, seats): (&GameRow, &[SeatRow]),
    driver: &dyn Driver,
    t: &Transition,
) -> GameUpdate {
    let finished = t.outcome.is_some();
    let (remind_at, deadline_at) = if finished {
        (None, None)
    } else {
        times_after(app, (game, seats), &t.to_act, req.now)
    };
    let due_before: Vec<u8> = serde_json::from_str(&game.to_act).unwrap_or_default();
    let due_after = if finished { &[][..] } else { &t.to_act[..] };
    GameUpdate {
        status: if finished {
            GameStatus::Finished
        } else {
            GameStatus::Active
        },
        state: Some(t.state.clone()),
        state_format: driver.format(),
        to_act: serde_json::to_string(&t.to_act).expect("seats serialise"),
        result: t.outcome.clone(),
        deadline_at,
        remind_at,
        now: req.now,
        turns: turns(&due_before, due_after),
    }
}

/// The row as stored after `update` (kept in the cache).
fn updated_row(game: &GameRow, update: GameUpdate, with_action: bool) -> GameRow {
    GameRow {
        status: update.status,
        state: update.state,
        state_format: update.state_format,
        version: game.version + 1,
        action_count: game.action_count + i64::from(with_action),
        to_act: update.to_act,
        result: update.result,
        updated_at: update.now,
        undo_request: None,
        remind_at: update.remind_at,
        deadline_at: update.deadline_at,
        ..game.clone()
    }
}

/// The summary of a game that this action ends (a failure to build it is
/// logged: the game still ends).
async fn summary_post(
    app: &App,
    game: &GameRow,
    seat: Option<u8>,
    action: Option<&str>,
) -> Option<Outgoing> {
    let seats = app.started_seats(game.id).await.ok()?;
    let next = action.map(|a| (seat.unwrap_or(0), a.to_string()));
    match record_of(app, game, &seats, next).await {
        Ok(record) => record.summary.map(|s| Outgoing::channel(home(game), s)),
        Err(e) => {
            tracing::warn!(game = game.id, error = %e, "no end-of-game summary");
            None
        }
    }
}

/// The result of writing a transition.
pub enum Stored {
    Done(Vec<Outgoing>),
    /// Another command changed the game first: re-evaluate.
    Conflict,
}

/// A game's reminder interval: its own, else the bot's.
pub fn remind_every(app: &App, game: &GameRow) -> i64 {
    game.remind_every.unwrap_or(app.schedule().remind_after)
}

/// When the next reminder and deadline fall after a change at `now`.
pub fn next_times(app: &App, game: &GameRow, now: i64) -> (Option<i64>, Option<i64>) {
    (
        Some(now + remind_every(app, game)),
        game.deadline_every.map(|d| now + d),
    )
}

/// The next reminder and deadline once `to_act` must move: an AI seat's
/// deadline is its pause (the scheduler moves it then).
pub fn times_after(
    app: &App,
    (game, seats): (&GameRow, &[SeatRow]),
    to_act: &[u8],
    now: i64,
) -> (Option<i64>, Option<i64>) {
    let (remind_at, deadline_at) = next_times(app, game, now);
    match super::seats::due(to_act, seats) {
        Some(_) => (remind_at, Some(now + super::seats::pause(game))),
        None => (remind_at, deadline_at),
    }
}

/// The turns a change of who is due opens and closes (for turn timings).
fn turns(before: &[u8], after: &[u8]) -> Turns {
    let not_in = |a: &[u8], b: &[u8]| -> Vec<i64> {
        a.iter()
            .filter(|s| !b.contains(s))
            .map(|s| i64::from(*s))
            .collect()
    };
    Turns {
        started: not_in(after, before),
        ended: not_in(before, after),
    }
}

/// The record of `game`, its live log followed by `next` (an action about
/// to be stored).
pub async fn record_of(
    app: &App,
    game: &GameRow,
    seats: &[SeatRow],
    next: Option<(u8, String)>,
) -> Result<Record, UserError> {
    let driver = driver_of(app, game)?;
    let stored = app.store().actions(game.id).await?;
    let mut log = GameLog::of(driver, game, seats, &stored).map_err(UserError::new)?;
    log.actions.extend(next);
    driver.record(&table_of(game, seats), &log)
}

/// A request the bot makes itself, as the seat it acts for.
pub fn system_request(game: &GameRow, user: &SeatRow, key: String, now: i64) -> Request {
    Request {
        user: User {
            id: user.user_id.clone(),
            name: user.user_name.clone(),
            is_manager: false,
            roles: vec![],
        },
        place: Place {
            guild: game.guild_id.clone(),
            channel: home(game).to_string(),
            is_dm: false,
        },
        invocation: Invocation {
            name: "deadline".into(),
            sub: None,
            options: vec![],
        },
        key,
        now,
    }
}
