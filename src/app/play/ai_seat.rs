//! AI seats. A seat whose user id starts with `ai:` ("ai:normal:1") is
//! played by its game's AI, which decides from that seat's view only
//! (`Driver::ai_move`). It moves when due: at once after the command that
//! made it due, or, when the game set a pause, once the scheduler finds its
//! deadline passed. Both paths claim the game first (a version-checked lease),
//! so across processes each move is made once, and a process that dies
//! mid-turn leaves a lease another process takes over. While it moves at
//! once, the thread's "Next:" waits until it has moved (`session`). Messages
//! addressed to an AI are dropped; `/game why` shows why it made its last
//! move.
//!
//! Its reason is logged with the move (`actions.why`); a turn's posts are
//! merged; undo needs no AI's consent. Who is an AI seat, and when it is due,
//! is `seats`; the claim is `lease`.

use super::lease::{DEADLINE_LEASE_MS, claim};
use super::seats::{due, is_ai, pause};
use super::session::{
    Stored, driver_of, home, resolve, store_transition, system_request, table_of,
};
use crate::app::App;
use crate::app::command::message::{Address, Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::app::games::driver::{Driver, Table};
use crate::store::{GameRow, GameStatus, SeatRow};

/// Moves one claim may make: an AI's whole turn, bounded so that a game
/// never holds a process for long (the scheduler goes on from there).
const MAX_MOVES: usize = 200;
/// Drops what is addressed to an AI: its DMs and replies, its mentions.
pub fn strip(messages: Vec<Outgoing>) -> Vec<Outgoing> {
    messages
        .into_iter()
        .filter(|m| match &m.to {
            Address::Dm(u) | Address::Ephemeral(u) => !is_ai(u),
            Address::Channel(_) => true,
        })
        .map(|mut m| {
            m.ping.retain(|u| !is_ai(u));
            m
        })
        .collect()
}

/// After a command: the moves of the AI seats it made due, at once unless
/// the game pauses them (then the scheduler makes them). Games without AI
/// seats cost nothing more than the seat cache.
pub async fn after_command(app: &App, messages: &[Outgoing], now: i64) -> Vec<Outgoing> {
    let mut games: Vec<i64> = messages.iter().filter_map(|m| m.game).collect();
    games.sort_unstable();
    games.dedup();
    let mut out = Vec::new();
    for id in games {
        match play_if_due(app, id, now).await {
            Ok(messages) => out.extend(messages),
            Err(e) => {
                tracing::warn!(game = id, error = %e.message, "AI move failed; the scheduler retries")
            }
        }
    }
    out
}

/// Runs an AI's decision (a hard AI's search takes up to a few hundred
/// milliseconds) off the async workers' duty when the runtime has several:
/// the process goes on serving other games meanwhile.
fn thinking<T>(decide: impl FnOnce() -> T) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current().map(|h| h.runtime_flavor()) {
        Ok(RuntimeFlavor::MultiThread) => tokio::task::block_in_place(decide),
        _ => decide(),
    }
}

/// The AI moves of game `id` if an AI seat is due now and the game does
/// not pause it. Starts from this process's copy of the game (no store
/// round trip for other games); a stale copy loses its claim, and the
/// store's copy is tried.
async fn play_if_due(app: &App, id: i64, now: i64) -> Result<Vec<Outgoing>, UserError> {
    let cached = app.cached_game(id);
    let from_cache = cached.is_some();
    let game = match cached {
        Some(g) => g,
        None => match app.load_game(id).await? {
            Some(g) => g,
            None => return Ok(Vec::new()),
        },
    };
    match play_now(app, &game, now).await? {
        Some(moved) => Ok(moved),
        None if from_cache => match app.load_game(id).await? {
            Some(fresh) => Ok(play_now(app, &fresh, now).await?.unwrap_or_default()),
            None => Ok(Vec::new()),
        },
        None => Ok(Vec::new()),
    }
}

/// The moves of `game`'s due AI seats unless it pauses them; `None` when
/// another process claimed the game first.
async fn play_now(app: &App, game: &GameRow, now: i64) -> Result<Option<Vec<Outgoing>>, UserError> {
    if game.status != GameStatus::Active || pause(game) > 0 {
        return Ok(Some(Vec::new()));
    }
    let seats = app.started_seats(game.id).await?;
    play_due(app, game, &seats, now).await
}

/// Claims `game` and makes its due AI seats' moves until a player must act
/// or the game ends, each stored like a player's move with its reason.
/// A turn's posts go out as one message per place. `None`: another
/// process claimed the game first (it makes the moves).
pub async fn play_due(
    app: &App,
    game: &GameRow,
    seats: &[SeatRow],
    now: i64,
) -> Result<Option<Vec<Outgoing>>, UserError> {
    if due(&to_act(game), seats).is_none() {
        return Ok(Some(Vec::new()));
    }
    let Some(mut game) = claim(app, game, game.remind_at, Some(now + DEADLINE_LEASE_MS)).await?
    else {
        return Ok(None);
    };
    let driver = driver_of(app, &game)?;
    let table = table_of(&game, seats);
    let mut out = Vec::new();
    let mut current = true;
    for _ in 0..MAX_MOVES {
        let Some((seat, level)) = due(&to_act(&game), seats) else {
            break;
        };
        current = false;
        let state = app.current_state(&game).await?;
        let seed = move_seed(&game, seat);
        let mv = thinking(|| driver.ai_move(&table, &state, seat, level, seed))?;
        let mut t = mv.transition;
        t.why = Some(mv.why);
        let key = format!("ai:{}:{}", game.id, game.version);
        let req = system_request(&game, &seats[usize::from(seat)], key, now);
        match store_transition(app, &req, &game, driver, t, None, Some(seat)).await? {
            Stored::Done(messages) => out.extend(messages),
            Stored::Conflict => break,
        }
        match app.cached_game(game.id) {
            Some(next) => (game, current) = (next, true),
            None => break,
        }
    }
    let mut out = merge(strip(out));
    if current {
        say_next(app, &game, driver, &table, &mut out).await?;
    }
    Ok(Some(out))
}

/// Ends the thread's post with who the game waits for now that the AI has
/// moved (its moves' own "Next:" lines were left out while it was due).
async fn say_next(
    app: &App,
    game: &GameRow,
    driver: &dyn Driver,
    table: &Table,
    out: &mut Vec<Outgoing>,
) -> Result<(), UserError> {
    let state = app.current_state(game).await?;
    let next = driver.board(table, &state)?.footer;
    let place = Address::Channel(home(game).to_string());
    let post = out
        .iter_mut()
        .rev()
        .find(|m| m.to == place && m.thread.is_none() && m.files.is_empty());
    match post {
        Some(m) if m.text.ends_with(&next) => {}
        Some(m) => m.text = format!("{}\n{next}", m.text),
        None => {
            let humans = to_act(game)
                .iter()
                .map(|s| table.user(*s).to_string())
                .filter(|u| !is_ai(u))
                .collect();
            out.push(
                Outgoing::channel(home(game), next)
                    .in_game(game.id)
                    .with_ping(humans),
            );
        }
    }
    Ok(())
}

fn to_act(game: &GameRow) -> Vec<u8> {
    serde_json::from_str(&game.to_act).unwrap_or_default()
}

/// The AI's seed for one move: the game's seed, how far it has gone and
/// the seat, so a game with the same moves gets the same AI moves.
fn move_seed(game: &GameRow, seat: u8) -> u64 {
    crate::engine::stable_hash(&format!("{}:{}:{seat}", game.seed, game.action_count))
}

/// One message per place and game for a run of moves: texts joined, the
/// latest buttons and menus kept (earlier ones are stale), mentions merged.
/// Posts that open a thread or carry files or an embed stay on their own.
pub fn merge(messages: Vec<Outgoing>) -> Vec<Outgoing> {
    let plain = |m: &Outgoing| m.thread.is_none() && m.files.is_empty() && m.embed.is_none();
    let mut out: Vec<Outgoing> = Vec::new();
    for m in messages {
        let same = out
            .iter_mut()
            .find(|o| o.to == m.to && o.game == m.game && plain(o) && plain(&m));
        match same {
            Some(o) => {
                o.text = format!("{}\n{}", o.text, m.text);
                o.buttons = m.buttons;
                o.menus = m.menus;
                for u in m.ping {
                    if !o.ping.contains(&u) {
                        o.ping.push(u);
                    }
                }
            }
            None => out.push(m),
        }
    }
    out
}

/// `/game why`: the reason of the last AI move of a game, in one line.
pub async fn why(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let game = resolve(app, req, args, &[GameStatus::Active, GameStatus::Finished]).await?;
    let seats = app.store().seats(game.id).await?;
    if !seats.iter().any(|s| is_ai(&s.user_id)) {
        return Err(UserError::new(format!(
            "Game #{} has no AI player; /game why explains an AI's moves. Play one with /game new opponent:ai.",
            game.id
        )));
    }
    let actions = app.store().actions(game.id).await?;
    let last = actions
        .iter()
        .rev()
        .find(|a| a.undone_at.is_none() && is_ai(&a.user_id));
    let text = match last {
        None => format!("In game #{}, no AI has moved yet.", game.id),
        Some(a) => {
            let name = seats
                .iter()
                .find(|s| s.user_id == a.user_id)
                .map_or("The AI", |s| s.user_name.as_str());
            format!(
                "Game #{}, move {}, {name}: {}.",
                game.id,
                a.seq,
                a.why.as_deref().unwrap_or("its default move")
            )
        }
    };
    Ok(vec![
        Outgoing::ephemeral(&req.user.id, text).in_game(game.id),
    ])
}
