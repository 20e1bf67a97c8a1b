//! Asynchronous play: each game's reminder interval and agreed deadline, the
//! scheduler's tick (reminders, and the default move once a deadline passes),
//! vacations, forced advances and `/game stats` (moves and the waits
//! before them, from the logged move times). Times come from the caller,
//! so the tick is as testable as any command.
//!
//! A passed deadline makes the engine's default move (`Driver::default_move`:
//! it spends no card or point and never declines what a player earned); a
//! forced advance is only for a player idle past the deadline or reminder
//! interval. The due times are columns of `games`, so they survive restarts;
//! each is claimed first (`lease`). `App::tick` runs this, then the
//! leagues' jobs.

use super::lease::{DEADLINE_LEASE_MS, claim};
use super::seats::due;
use super::session::{
    Stored, driver_of, home, kind_name, next_times, remind_every, resolve, say_first,
    store_transition, system_request, table_of,
};
use crate::app::command::message::{Invocation, Outgoing, Request, User, UserError};
use crate::app::command::spec::Args;
use crate::app::games::driver::DefaultMove;
use crate::app::{App, Reaction};
use crate::store::{ActionRow, GameRow, GameStatus, SeatRow};

const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

/// The bot's timing settings (`REMIND_AFTER`, `MIN_INTERVAL`).
#[derive(Debug, Clone, Copy)]
pub struct Schedule {
    /// Reminder interval of games that set none.
    pub remind_after: i64,
    /// The shortest reminder interval or deadline a game may agree on.
    pub min_interval: i64,
    /// How long a committed change's posts may stay undelivered before any
    /// process delivers them (its first process was killed meanwhile).
    pub outbox_after: i64,
}

impl Default for Schedule {
    fn default() -> Self {
        Schedule {
            remind_after: DAY,
            min_interval: HOUR,
            outbox_after: MINUTE,
        }
    }
}

/// "90s", "30m", "12h", "2d", "1w", "1d12h"; a bare number is hours.
pub fn parse_duration(text: &str) -> Result<i64, String> {
    let t = text.trim().to_ascii_lowercase().replace(' ', "");
    let bad = || {
        format!(
            "'{text}' is not a duration; write it like 30m, 12h, 2d or 1d12h (m minutes, h hours, d days, w weeks)"
        )
    };
    if t.is_empty() {
        return Err(bad());
    }
    if let Ok(hours) = t.parse::<i64>() {
        return hours.checked_mul(HOUR).ok_or_else(bad);
    }
    let (mut total, mut number) = (0i64, String::new());
    for c in t.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            's' => 1_000,
            'm' => MINUTE,
            'h' => HOUR,
            'd' => DAY,
            'w' => 7 * DAY,
            _ => return Err(bad()),
        };
        let n: i64 = number.parse().map_err(|_| bad())?;
        total = n
            .checked_mul(unit)
            .and_then(|v| total.checked_add(v))
            .ok_or_else(bad)?;
        number.clear();
    }
    if number.is_empty() {
        Ok(total)
    } else {
        Err(bad())
    }
}

/// A duration in the largest whole units: "2 d 4 h", "45 min", "3 s".
pub fn describe_duration(ms: i64) -> String {
    let ms = ms.max(0);
    let parts = [(DAY, "d"), (HOUR, "h"), (MINUTE, "min"), (1_000, "s")];
    let mut out = Vec::new();
    let mut rest = ms;
    for (unit, word) in parts {
        if rest >= unit && out.len() < 2 {
            out.push(format!("{} {word}", rest / unit));
            rest %= unit;
        } else if !out.is_empty() {
            break;
        }
    }
    if out.is_empty() {
        format!("{ms} ms")
    } else {
        out.join(" ")
    }
}

/// A game's reminder interval and deadline, from `/game new`.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    pub remind_every: Option<i64>,
    pub deadline_every: Option<i64>,
}

impl Timing {
    pub fn from_args(app: &App, args: &Args) -> Result<Timing, UserError> {
        let min = app.schedule().min_interval;
        let read = |name: &str| -> Result<Option<i64>, UserError> {
            let Some(text) = args.text(name) else {
                return Ok(None);
            };
            let ms = parse_duration(text)
                .map_err(|e| UserError::new(format!("/game new: option {name}: {e}.")))?;
            if ms < min || ms > 60 * DAY {
                return Err(UserError::new(format!(
                    "/game new: option {name}: {} is out of range; give from {} to 60 d.",
                    describe_duration(ms),
                    describe_duration(min)
                )));
            }
            Ok(Some(ms))
        };
        Ok(Timing {
            remind_every: read("remind")?,
            deadline_every: read("deadline")?,
        })
    }

    pub fn describe(&self, app: &App) -> String {
        let every = self.remind_every.unwrap_or(app.schedule().remind_after);
        match self.deadline_every {
            Some(d) => format!(
                "Reminders after {} without a move; agreed deadline {} a move (then the game passes for you).",
                describe_duration(every),
                describe_duration(d)
            ),
            None => format!(
                "Reminders after {} without a move; no deadline (agree one with deadline:, e.g. deadline:2d).",
                describe_duration(every)
            ),
        }
    }
}

/// Moves a game's reminder and deadline (and drops the cached row).
/// Sets a game's times (a game this process claimed, or a player's own
/// change of them).
async fn reschedule(
    app: &App,
    game: &GameRow,
    remind_at: Option<i64>,
    deadline_at: Option<i64>,
) -> Result<(), UserError> {
    app.store()
        .set_schedule(game.id, remind_at, deadline_at)
        .await?;
    app.forget_game(game.id);
    Ok(())
}

/// Reminders and deadlines due at `now`, for every game. A game that fails
/// is logged and retried at the next tick; the others go on. `None` when
/// the due games cannot be read (the tick then does nothing else).
pub async fn tick(app: &App, now: i64) -> Option<Vec<Outgoing>> {
    let due = match app.store().due_games(now).await {
        Ok(games) => games,
        Err(e) => {
            tracing::warn!(error = %e, "scheduler: cannot read due games");
            return None;
        }
    };
    let mut out = Vec::new();
    for game in due {
        match tick_game(app, &game, now).await {
            Ok(messages) => out.extend(super::ai_seat::strip(messages)),
            Err(e) => tracing::warn!(game = game.id, error = %e, "scheduler: game skipped"),
        }
    }
    Some(out)
}

async fn tick_game(app: &App, game: &GameRow, now: i64) -> Result<Vec<Outgoing>, UserError> {
    let seats = app.started_seats(game.id).await?;
    let to_act: Vec<u8> = serde_json::from_str(&game.to_act).unwrap_or_default();
    if due(&to_act, &seats).is_some() {
        return ai_due(app, game, &seats, now).await;
    }
    let away = app.store().away(game.id, now).await?;
    let is_away = |s: &u8| away.iter().any(|(a, _)| *a == i64::from(*s));
    let present: Vec<u8> = to_act.iter().copied().filter(|s| !is_away(s)).collect();
    if present.is_empty() {
        // Everyone due is on vacation (or nobody is due): wait for the first return.
        let back = away.iter().map(|(_, until)| *until).min().unwrap_or(now);
        let (remind, deadline) = next_times(app, game, back.max(now));
        claim(app, game, remind, deadline).await?;
        return Ok(Vec::new());
    }
    if game.deadline_at.is_some_and(|d| d <= now) {
        // Claimed with a lease: if this process dies before the move,
        // another makes it when the lease runs out.
        let Some(game) = claim(app, game, game.remind_at, Some(now + DEADLINE_LEASE_MS)).await?
        else {
            return Ok(Vec::new());
        };
        let mut moved = apply_default(app, &game, &seats, now, None).await?;
        // An AI the default move made due answers at once, as after a command.
        moved.extend(super::ai_seat::after_command(app, &moved, now).await);
        return Ok(moved);
    }
    let remind = Some(now + remind_every(app, game));
    if claim(app, game, remind, game.deadline_at).await?.is_none() {
        return Ok(Vec::new());
    }
    Ok(reminders(app, game, &seats, &present, now).await)
}

/// The reminder DMs (with each seat's hand) and the channel's reminder
/// that pings the `present` seats the game waits on.
async fn reminders(
    app: &App,
    game: &GameRow,
    seats: &[SeatRow],
    present: &[u8],
    now: i64,
) -> Vec<Outgoing> {
    let waited = describe_duration(now - game.updated_at);
    let mut out = Vec::new();
    for s in present {
        let Some(seat) = seats.get(usize::from(*s)) else {
            continue;
        };
        let mut dm = Outgoing::dm(
            &seat.user_id,
            format!(
                "**Game #{}** ({}) in <#{}>: a reminder, the game has waited {waited} for your move.",
                game.id,
                kind_name(game),
                home(game)
            ),
        )
        .in_game(game.id);
        if let Some(hand) = hand_view(app, game, seats, *s).await {
            dm.text.push('\n');
            dm.text.push_str(&hand.text);
            dm.buttons = hand.buttons;
        }
        out.push(dm);
    }
    let names: Vec<&str> = present
        .iter()
        .filter_map(|s| seats.get(usize::from(*s)).map(|r| r.user_name.as_str()))
        .collect();
    let deadline = match game.deadline_at {
        Some(at) => format!(
            " The agreed deadline passes in {}.",
            describe_duration(at - now)
        ),
        None => String::new(),
    };
    out.push(
        Outgoing::channel(
            home(game),
            format!(
                "Reminder: game #{} has waited {waited} for {}.{deadline}",
                game.id,
                names.join(" and ")
            ),
        )
        .in_game(game.id)
        .with_ping(
            present
                .iter()
                .filter_map(|s| seats.get(usize::from(*s)).map(|r| r.user_id.clone()))
                .collect(),
        ),
    );
    out
}

/// A game waiting on an AI seat: its moves once its pause is over; before
/// that (a reminder time came first), the reminder moves on unsent.
async fn ai_due(
    app: &App,
    game: &GameRow,
    seats: &[SeatRow],
    now: i64,
) -> Result<Vec<Outgoing>, UserError> {
    if game.deadline_at.is_none_or(|d| d <= now) {
        let moved = super::ai_seat::play_due(app, game, seats, now).await?;
        return Ok(moved.unwrap_or_default());
    }
    let remind = Some(now + remind_every(app, game));
    claim(app, game, remind, game.deadline_at).await?;
    Ok(Vec::new())
}

/// What `/hand` would show a seat (for reminder DMs).
async fn hand_view(app: &App, game: &GameRow, seats: &[SeatRow], seat: u8) -> Option<Outgoing> {
    let driver = driver_of(app, game).ok()?;
    let state = app.current_state(game).await.ok()?;
    let inv = Invocation {
        name: "hand".into(),
        sub: None,
        options: vec![],
    };
    let table = table_of(game, seats);
    match driver.handle(&table, &state, Some(seat), &inv, &Args::default()) {
        Ok(Reaction::Reply(mut messages)) if !messages.is_empty() => Some(messages.remove(0)),
        _ => None,
    }
}

/// Makes the default move of the seat that must act: after a deadline
/// (`by: None`) or when a manager forces it (`by: Some(name)`).
async fn apply_default(
    app: &App,
    game: &GameRow,
    seats: &[SeatRow],
    now: i64,
    by: Option<&Request>,
) -> Result<Vec<Outgoing>, UserError> {
    let driver = driver_of(app, game)?;
    let table = table_of(game, seats);
    let state = app.current_state(game).await?;
    let (seat, t, words) = match driver.default_move(&table, &state)? {
        DefaultMove::Made(seat, t, words) => {
            if let Some(req) = by {
                check_idle(app, game, seats, seat, req).await?;
            }
            (seat, t, words)
        }
        DefaultMove::Waits(seat, earned) => {
            return keep_earned(app, game, seats, seat, &earned, now, by).await;
        }
        DefaultMove::None => return no_default(app, game, by).await,
    };
    let player = &seats[usize::from(seat)];
    let told = Outgoing::dm(
        &player.user_id,
        format!(
            "**Game #{}** ({}) in <#{}>: the game moved for you: {words}.",
            game.id,
            kind_name(game),
            home(game)
        ),
    )
    .in_game(game.id);
    let req = default_request(game, player, by, now);
    // Said with the move and stored with it, so a process killed before
    // posting leaves the whole post owed (the outbox).
    let mut t = t;
    say_first(&mut t.messages, home(game), default_note(game, player, by));
    t.messages.insert(1, told);
    match store_transition(app, &req, game, driver, t, None, Some(seat)).await? {
        Stored::Done(messages) => Ok(messages),
        Stored::Conflict => Err(UserError::new(format!(
            "Game #{} changed meanwhile; nothing was done. Please try again.",
            game.id
        ))),
    }
}

/// The thread's line for a default move. The move itself may be secret (an
/// X-File chosen for you): the channel only hears that the game moved, and
/// what the move made public.
fn default_note(game: &GameRow, player: &SeatRow, by: Option<&Request>) -> String {
    match by {
        None => format!(
            "⏰ Game #{}: {}'s agreed time for a move ({}) ran out, so the game made the default move for them.",
            game.id,
            player.user_name,
            describe_duration(game.deadline_every.unwrap_or(0))
        ),
        Some(req) => format!(
            "⏩ Game #{}: {} advanced the game, making the default move for {}.",
            game.id, req.user.name, player.user_name
        ),
    }
}

/// The request a default move is stored under: the deadline's system
/// request, or the manager's, made in the idle player's name.
fn default_request(game: &GameRow, player: &SeatRow, by: Option<&Request>, now: i64) -> Request {
    match by {
        None => system_request(
            game,
            player,
            format!("deadline:{}:{}", game.id, game.version),
            now,
        ),
        Some(r) => Request {
            user: User {
                id: player.user_id.clone(),
                ..r.user.clone()
            },
            ..r.clone()
        },
    }
}

/// How long a player must have been idle before the game may be advanced
/// for them: the agreed deadline, else the reminder interval.
fn idle_allowance(app: &App, game: &GameRow) -> i64 {
    game.deadline_every
        .unwrap_or_else(|| remind_every(app, game))
}

/// `/game advance` moves only for a player idle past the allowance; a
/// server manager who does not play in the game may always.
async fn check_idle(
    app: &App,
    game: &GameRow,
    seats: &[SeatRow],
    seat: u8,
    req: &Request,
) -> Result<(), UserError> {
    let seated = seats.iter().any(|s| s.user_id == req.user.id);
    if req.user.is_manager && !seated {
        return Ok(());
    }
    let seen = app
        .store()
        .last_seen(game.id, i64::from(seat))
        .await?
        .unwrap_or(game.updated_at);
    let allowed_at = seen + idle_allowance(app, game);
    if req.now >= allowed_at {
        return Ok(());
    }
    Err(UserError::new(format!(
        "{} has been idle for {}; game #{} can be advanced for them once they have been idle for {} (in {}). Nothing was changed.",
        seats[usize::from(seat)].user_name,
        describe_duration(req.now - seen),
        game.id,
        describe_duration(idle_allowance(app, game)),
        describe_duration(allowed_at - req.now)
    )))
}

/// The game has no default move for whoever must act.
async fn no_default(
    app: &App,
    game: &GameRow,
    by: Option<&Request>,
) -> Result<Vec<Outgoing>, UserError> {
    if by.is_none() {
        reschedule(app, game, game.remind_at, None).await?;
    }
    Ok(vec![
        Outgoing::channel(
            home(game),
            format!(
                "Game #{}: the game cannot move for the player who must act (no default move here). Its creator or a server manager may /game cancel it.",
                game.id
            ),
        )
        .in_game(game.id),
    ])
}

/// The idle seat earned something (a question): the game never declines it
/// for them. A forced advance is refused; a deadline reminds and waits.
async fn keep_earned(
    app: &App,
    game: &GameRow,
    seats: &[SeatRow],
    seat: u8,
    earned: &str,
    now: i64,
    by: Option<&Request>,
) -> Result<Vec<Outgoing>, UserError> {
    let player = &seats[usize::from(seat)];
    if by.is_some() {
        return Err(UserError::new(format!(
            "{} must choose here ({earned}); the game does not decline it for them. Nothing was changed.",
            player.user_name
        )));
    }
    reschedule(
        app,
        game,
        game.remind_at,
        game.deadline_every.map(|d| now + d),
    )
    .await?;
    Ok(vec![
        Outgoing::channel(
            home(game),
            format!(
                "⏰ Game #{}: {}'s agreed time ran out, but they earned something the game will not decline for them; it waits for their choice.",
                game.id, player.user_name
            ),
        )
        .in_game(game.id),
        Outgoing::dm(
            &player.user_id,
            format!(
                "**Game #{}** ({}) in <#{}>: your time ran out, and {earned}.",
                game.id,
                kind_name(game),
                home(game)
            ),
        )
        .in_game(game.id),
    ])
}

/// `/game advance`: the game's creator or a server manager makes the default
/// move for whoever must act, once that player has been idle long enough.
pub async fn advance(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let game = resolve(app, req, args, &[GameStatus::Active]).await?;
    if req.user.id != game.creator_id && !req.user.is_manager {
        return Err(UserError::new(format!(
            "Only the creator of game #{} or a member with Manage Server can advance it.",
            game.id
        )));
    }
    let seats = app.started_seats(game.id).await?;
    apply_default(app, &game, &seats, req.now, Some(req)).await
}

/// `/game vacation`: a player pauses reminders and the deadline for a while.
pub async fn vacation(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let game = resolve(app, req, args, &[GameStatus::Active, GameStatus::Lobby]).await?;
    let days = args.int("days").unwrap_or(7);
    let until = (days > 0).then(|| req.now + days * DAY);
    if !app.store().set_away(game.id, &req.user.id, until).await? {
        return Err(UserError::new(format!(
            "You do not sit in game #{}; only its players can take a vacation from it.",
            game.id
        )));
    }
    if until.is_none() && game.status == GameStatus::Active {
        let (remind, deadline) = next_times(app, &game, req.now);
        reschedule(app, &game, remind, deadline).await?;
    }
    let text = match until {
        Some(_) => format!(
            "{} is away from game #{} for {days} day{}: no reminders or deadline for them until they are back (/game vacation days:0 ends it early).",
            req.user.name,
            game.id,
            if days == 1 { "" } else { "s" }
        ),
        None => format!(
            "{} is back in game #{}; reminders resume.",
            req.user.name, game.id
        ),
    };
    Ok(vec![Outgoing::channel(home(&game), text).in_game(game.id)])
}

/// `/game stats`: how long the game waited for each player's moves, from
/// the times the store logged them (a move's wait runs from the change
/// before it: the previous move, or moves taken back).
pub async fn stats(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let all = [
        GameStatus::Active,
        GameStatus::Finished,
        GameStatus::Cancelled,
    ];
    let game = resolve(app, req, args, &all).await?;
    let seats = app.store().seats(game.id).await?;
    let actions = app.store().actions(game.id).await?;
    let to_act: Vec<i64> = if game.status == GameStatus::Active {
        serde_json::from_str(&game.to_act).unwrap_or_default()
    } else {
        Vec::new()
    };
    let started = app.store().turn_stats(game.id).await?;
    let last_change = actions
        .iter()
        .flat_map(|a| std::iter::once(a.created_at).chain(a.undone_at))
        .max();
    let mut text = format!(
        "**Game #{}: time to move** ({})\n",
        game.id,
        crate::words::count(actions.len(), "move")
    );
    for seat in &seats {
        text.push_str(&seat_waits(seat, &actions));
        if to_act.contains(&seat.seat) {
            let first_due = started.iter().find(|s| s.seat == seat.seat);
            if let Some(since) = last_change.or(first_due.and_then(|s| s.waiting_since)) {
                text.push_str(&format!(
                    " (to move now, for {})",
                    describe_wait(req.now - since)
                ));
            }
        }
        text.push('\n');
    }
    Ok(vec![
        Outgoing::ephemeral(&req.user.id, text.trim_end()).in_game(game.id),
    ])
}

/// One seat's line: its moves and how long the game waited for them.
fn seat_waits(seat: &SeatRow, actions: &[ActionRow]) -> String {
    let mine = actions.iter().filter(|a| a.seat == seat.seat).count();
    let mut waits = move_waits(actions, seat.seat);
    waits.sort_unstable();
    match waits.as_slice() {
        [] if mine == 0 => format!("{}: no move yet", seat.user_name),
        [] => format!("{}: {}", seat.user_name, crate::words::count(mine, "move")),
        w => format!(
            "{}: {}; waits: median {}, mean {}, longest {}",
            seat.user_name,
            crate::words::count(mine, "move"),
            describe_wait(w[w.len() / 2]),
            describe_wait(w.iter().sum::<i64>() / w.len() as i64),
            describe_wait(w[w.len() - 1])
        ),
    }
}

/// How long the game waited for each of `seat`'s logged moves: from the
/// change before it (the previous move, or a later undo of moves). The
/// first move of a game has no change before it in the log: not timed.
fn move_waits(actions: &[ActionRow], seat: i64) -> Vec<i64> {
    let mut undos: Vec<i64> = actions.iter().filter_map(|a| a.undone_at).collect();
    undos.sort_unstable();
    let mut out = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        let undo = undos[..undos.partition_point(|t| *t <= a.created_at)].last();
        let previous = i.checked_sub(1).map(|p| actions[p].created_at);
        let before = previous.into_iter().chain(undo.copied()).max();
        if let (true, Some(before)) = (a.seat == seat, before) {
            out.push(a.created_at - before);
        }
    }
    out
}

/// A wait in words, its two largest units: "2 days 3 h", "45 min",
/// "under 1 s".
pub fn describe_wait(ms: i64) -> String {
    let ms = ms.max(0);
    if ms < 1_000 {
        return "under 1 s".into();
    }
    let days = ms / DAY;
    let day_word = |n: i64| crate::words::count(n, "day");
    match days {
        0 => describe_duration(ms),
        _ if ms % DAY < HOUR => day_word(days),
        _ => format!("{} {} h", day_word(days), ms % DAY / HOUR),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse_in_every_unit() {
        assert_eq!(parse_duration("90s"), Ok(90_000));
        assert_eq!(parse_duration("30m"), Ok(30 * MINUTE));
        assert_eq!(parse_duration("12"), Ok(12 * HOUR));
        assert_eq!(parse_duration("1d12h"), Ok(DAY + 12 * HOUR));
        assert_eq!(parse_duration("1w"), Ok(7 * DAY));
        assert!(parse_duration("soon").unwrap_err().contains("12h"));
        assert!(parse_duration("12x").is_err());
        assert!(parse_duration("h").is_err());
    }

    #[test]
    fn durations_read_back() {
        assert_eq!(describe_duration(DAY + 4 * HOUR + 5), "1 d 4 h");
        assert_eq!(describe_duration(45 * MINUTE), "45 min");
        assert_eq!(describe_duration(3_500), "3 s");
        assert_eq!(describe_duration(20), "20 ms");
    }

    #[test]
    fn waits_read_in_days_and_hours() {
        assert_eq!(describe_wait(2 * DAY + 3 * HOUR + 5), "2 days 3 h");
        assert_eq!(describe_wait(DAY + 59 * MINUTE), "1 day");
        assert_eq!(describe_wait(45 * MINUTE), "45 min");
        assert_eq!(describe_wait(8), "under 1 s");
    }
}
