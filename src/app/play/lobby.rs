//! `/game ...` (the lobby and the game's life) and the routing of each
//! game's own commands to its driver.

use super::session::{Stored, driver_of, home, kind_name, resolve, store_transition, table_of};
use crate::app::command::message::{Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::app::games::driver::{Driver, GameKind, Reaction};
use crate::app::{App, encode_response};
use crate::engine::ai::Level;
use crate::store::{
    Committed, DeckRow, GameStatus, GameUpdate, Idem, NewGame, SeatRow, StoreError,
};

pub async fn game(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    match req.invocation.sub.as_deref() {
        Some("new") => new_game(app, req, args).await,
        Some("join") => join(app, req, args).await,
        Some("leave") => leave(app, req, args).await,
        Some("start") => start(app, req, args).await,
        Some("status") => status(app, req, args).await,
        Some("list") => list(app, req, args).await,
        Some("cancel") => cancel(app, req, args).await,
        Some("advance") => super::clock::advance(app, req, args).await,
        Some("vacation") => super::clock::vacation(app, req, args).await,
        Some("stats") => super::clock::stats(app, req, args).await,
        Some("undo") => super::undo::undo(app, req, args).await,
        Some("log") => super::record::log(app, req, args).await,
        Some("why") => super::ai_seat::why(app, req, args).await,
        _ => unreachable!("the registry only routes known subcommands"),
    }
}

async fn new_game(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    Ok(open_new_game(app, req, args).await?.0)
}

/// Opens a game as `/game new` asks: its announcement and the new game's
/// id (a repeated request gets the first one's), so a league opening a
/// pairing's game needs nothing else.
pub async fn open_new_game(
    app: &App,
    req: &Request,
    args: &Args,
) -> Result<(Vec<Outgoing>, i64), UserError> {
    if req.place.is_dm {
        return Err(UserError::new(
            "Open games in a server channel, not in a direct message: the table needs a channel.",
        ));
    }
    let kind =
        GameKind::parse(args.text("game").unwrap_or_default()).expect("choices are game kinds");
    let driver = playable_driver(app, kind)?;
    let timing = super::clock::Timing::from_args(app, args)?;
    check_new_game_options(driver, kind, args)?;
    let ai = ai_opponent(app, driver, args)?;
    let mut options = driver.build_options(args)?;
    if kind == GameKind::Legendary {
        options = match args.int("continue") {
            Some(previous) => {
                crate::app::games::legendary::cmd::next_in_series(app, req, previous).await?
            }
            None => crate::app::games::legendary::cmd::with_server_set(app, req, options).await?,
        };
    }
    let seed = app.next_seed();
    let setup = match args.text("deck") {
        Some(deck) => Some(seat_setup(app, req, driver, (&options, seed), kind, deck).await?),
        None => driver.seat_pick(&options, args)?,
    };
    let new = NewGame {
        kind: kind.slug().to_string(),
        guild_id: req.place.guild.clone(),
        channel_id: req.place.channel.clone(),
        thread_id: None,
        creator_id: req.user.id.clone(),
        options: options.clone(),
        seed: seed as i64,
        now: req.now,
        remind_every: timing.remind_every,
        deadline_every: timing.deadline_every,
        ai_pause: ai.map(|a| a.1),
    };
    let described = driver.describe_options(&options);
    let mut after = String::new();
    if kind.deck_kind().is_some() && setup.is_none() {
        after.push_str(&format!(
            "\n{} still needs to choose a deck: /game join deck:<name>.",
            req.user.name
        ));
    }
    let mut seats = vec![SeatRow {
        seat: 0,
        user_id: req.user.id.clone(),
        user_name: req.user.name.clone(),
        setup,
        joined_at: req.now,
    }];
    if let Some(ai) = ai {
        after.push_str(&seat_ai(driver, (&options, seed), ai, &mut seats, req.now)?);
    }
    after.push_str(&format!("\n{}", timing.describe(app)));
    let range = driver.seats(&options);
    let taken = seats.len();
    let announce = |id: i64| announce_new_game(req, id, kind, (taken, &range), &described, &after);
    let committed = app
        .store()
        .create_game(&new, &seats, &req.key, |id| encode_response(&announce(id)))
        .await?;
    opened(committed, announce)
}

/// The announcement and id of a game just created, or of the one a
/// repeated request created before (its announcement names it).
fn opened(
    committed: Committed<i64>,
    announce: impl Fn(i64) -> Vec<Outgoing>,
) -> Result<(Vec<Outgoing>, i64), UserError> {
    match committed {
        Committed::Applied(id) => Ok((announce(id), id)),
        Committed::Duplicate(previous) => {
            let out = crate::app::decode_response(&previous);
            let id = out.iter().find_map(|o| o.game).ok_or_else(|| {
                UserError::new("This game was opened before; /game list shows it.")
            })?;
            Ok((out, id))
        }
    }
}

/// Seats the AI opponent in the second seat; the line that says so.
fn seat_ai(
    driver: &dyn Driver,
    (options, seed): (&str, u64),
    (level, pause): (Level, i64),
    seats: &mut Vec<SeatRow>,
    now: i64,
) -> Result<String, UserError> {
    let setup = driver.ai_setup(options, seed ^ 0xA1)?;
    let seat = super::seats::new_seat(level, seats, setup, now);
    let waits = match pause {
        0 => String::new(),
        ms => format!(
            " and waits {} before each move",
            crate::app::describe_duration(ms)
        ),
    };
    let line = format!(
        "\n{} takes the second seat{waits}; /game why tells you why it made its last move.",
        seat.user_name
    );
    seats.push(seat);
    Ok(line)
}

/// The driver of a game kind, or which kinds can be opened instead.
fn playable_driver(app: &App, kind: GameKind) -> Result<&dyn Driver, UserError> {
    app.driver(kind).ok_or_else(|| {
        let ready: Vec<&str> = GameKind::ALL
            .iter()
            .filter(|k| app.driver(**k).is_some())
            .map(|k| k.slug())
            .collect();
        UserError::new(format!(
            "{} has no rules engine yet, so it cannot be played here. Games you can open now: {}.",
            kind.name(),
            if ready.is_empty() {
                "none yet".to_string()
            } else {
                ready.join(", ")
            }
        ))
    })
}

/// `/game new opponent:ai[-easy|-hard] [pause:]`: the AI's level and pause,
/// or why this game cannot have one.
fn ai_opponent(
    app: &App,
    driver: &dyn Driver,
    args: &Args,
) -> Result<Option<(Level, i64)>, UserError> {
    let Some(opponent) = args.text("opponent") else {
        return match args.has("pause") {
            true => Err(UserError::new(
                "Option pause is for a game against the AI; add opponent:ai.",
            )),
            false => Ok(None),
        };
    };
    if !driver.has_ai() {
        return Err(no_ai(app, driver.kind()));
    }
    let pause = match args.text("pause") {
        None => 0,
        Some(text) => crate::app::parse_duration(text)
            .ok()
            .filter(|ms| (0..=DAY_MS).contains(ms))
            .ok_or_else(|| {
                UserError::new(format!(
                    "/game new: option pause: '{text}' is not a pause the AI can keep; give from 0s to 1d, e.g. pause:20s."
                ))
            })?,
    };
    Ok(Some((ai_level(opponent), pause)))
}

const DAY_MS: i64 = 86_400_000;

/// The level an `opponent:`/`player:` value names ("ai" is normal).
fn ai_level(choice: &str) -> Level {
    choice
        .strip_prefix("ai-")
        .and_then(Level::parse)
        .unwrap_or(Level::Normal)
}

/// Which games have an AI, for a kind that has none.
fn no_ai(app: &App, kind: GameKind) -> UserError {
    let with: Vec<&str> = GameKind::ALL
        .iter()
        .filter(|k| app.driver(**k).is_some_and(|d| d.has_ai()))
        .map(|k| k.name())
        .collect();
    UserError::new(format!(
        "{} has no AI player. The games with one: {}.",
        kind.name(),
        with.join(", ")
    ))
}

/// Refuses `/game new` options that this game does not take.
fn check_new_game_options(
    driver: &dyn Driver,
    kind: GameKind,
    args: &Args,
) -> Result<(), UserError> {
    let options = driver.options();
    let foreign = args.names().into_iter().find(|name| {
        !["game", "deck", "remind", "deadline", "opponent", "pause"].contains(name)
            && !options.iter().any(|o| o.name == *name)
    });
    match foreign {
        Some(name) => Err(UserError::new(format!(
            "Option {name} does not apply to {}. Its options: {}.",
            kind.name(),
            options
                .iter()
                .map(|o| o.name)
                .collect::<Vec<_>>()
                .join(", ")
        ))),
        None => Ok(()),
    }
}

/// The opening post (which opens the game's thread) and the creator's seat
/// notice: the game's options, its seats, then `after` (what is still
/// missing, the timing).
fn announce_new_game(
    req: &Request,
    id: i64,
    kind: GameKind,
    (taken, seats): (usize, &std::ops::RangeInclusive<usize>),
    options: &str,
    after: &str,
) -> Vec<Outgoing> {
    let text = format!(
        "**Game #{id}: {}** opened by {}. {}\nSeats: {taken} of {}–{} taken. Join with /game join{}; {} starts it with /game start.{after}",
        kind.name(),
        req.user.name,
        options,
        seats.start(),
        seats.end(),
        if kind.deck_kind().is_some() {
            " deck:<your deck>"
        } else {
            ""
        },
        req.user.name
    );
    vec![
        Outgoing::channel(&req.place.channel, text)
            .in_game(id)
            .opening_thread(format!("Game #{id}: {}", kind.name())),
        seat_notice(req, id, kind, &req.place.channel),
    ]
}

/// The DM a player gets on taking a seat: it says where the game's private
/// messages will come, and checks that they can (closed DMs are reported).
fn seat_notice(req: &Request, game: i64, kind: GameKind, channel: &str) -> Outgoing {
    let secrets = match kind {
        GameKind::XFilesCcg | GameKind::XFilesCcgBasic => {
            "your hand, your X-File and the answers to your questions"
        }
        _ => "your hand and anything only you may see",
    };
    Outgoing::dm(
        &req.user.id,
        format!(
            "**Game #{game}** ({}) in <#{channel}>: you have a seat. Once it starts, {secrets} come here, and I tell you when it is your move.",
            kind.name()
        ),
    )
    .in_game(game)
}

/// A seat's setup from the deck it names: one of the player's saved decks,
/// or else a built-in starter ("Starter: Mulder"), whose random cards are
/// drawn with the game's seed and the player's id.
async fn seat_setup(
    app: &App,
    req: &Request,
    driver: &dyn Driver,
    (options, seed): (&str, u64),
    kind: GameKind,
    deck: &str,
) -> Result<String, UserError> {
    let deck_kind = kind
        .deck_kind()
        .ok_or_else(|| UserError::new(format!("{} uses no decks.", kind.name())))?;
    let row = match app.store().deck(&req.user.id, deck_kind, deck).await? {
        Some(row) => row,
        None => match starter_row(req, deck_kind, deck, seed) {
            Some(row) => row,
            None => {
                return Err(super::decks::not_found(app, req, deck_kind, deck).await);
            }
        },
    };
    driver.seat_setup(options, &row)
}

/// A built-in starter deck as if it were saved, its random cards dealt for
/// this player in this game.
fn starter_row(req: &Request, deck_kind: &str, name: &str, seed: u64) -> Option<DeckRow> {
    if deck_kind != "xfiles-ccg" {
        return None;
    }
    let starter = crate::decks::find_starter(name)?;
    let deck = starter.deck(seed ^ crate::engine::stable_hash(&req.user.id));
    Some(DeckRow {
        owner_id: req.user.id.clone(),
        game_kind: deck_kind.into(),
        name: starter.name.clone(),
        list: serde_json::to_string(&deck.to_stored()).expect("decks serialise"),
        updated_at: req.now,
    })
}

async fn join(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    if req.place.is_dm {
        return Err(UserError::new(
            "Join games from their server channel, not from a direct message.",
        ));
    }
    let game = resolve(app, req, args, &[GameStatus::Lobby]).await?;
    let sitter = (!args.has("player")).then_some(req.user.id.as_str());
    only_its_pairing(app, game.id, sitter).await?;
    let driver = driver_of(app, &game)?;
    let kind = GameKind::parse(&game.kind).expect("stored kinds are known");
    let seats = app.store().seats(game.id).await?;
    if let Some(player) = args.text("player") {
        return join_ai(app, req, (ai_level(player), args), (driver, &game), &seats).await;
    }
    let already = seats.iter().find(|s| s.user_id == req.user.id);
    let setup = joining_setup(app, req, args, (driver, &game), already).await?;
    if already.is_some() && !args.has("deck") && !args.has("avatar") {
        let change = if kind.deck_kind().is_some() {
            "To change your deck: /game join deck:<name>."
        } else {
            "To change your Avatar: /game join avatar:<name>."
        };
        return Err(UserError::new(format!(
            "You already sit in game #{}. {change} To leave: /game leave.",
            game.id
        )));
    }
    let max = *driver.seats(&game.options).end();
    if already.is_none() && seats.len() >= max {
        return Err(UserError::new(format!(
            "Game #{} is full ({max} seats). Open another with /game new.",
            game.id
        )));
    }
    let taken = seats.len() + usize::from(already.is_none());
    let text = if already.is_some() {
        format!(
            "{} changed their choice for game #{}.",
            req.user.name, game.id
        )
    } else {
        format!(
            "{} joins game #{} ({}). Seats taken: {taken} of {}.{}",
            req.user.name,
            game.id,
            kind_name(&game),
            max,
            if kind.deck_kind().is_some() && setup.is_none() {
                " They still need a deck: /game join deck:<name>."
            } else {
                ""
            }
        )
    };
    let mut messages = vec![Outgoing::channel(home(&game), text).in_game(game.id)];
    if already.is_none() {
        messages.push(seat_notice(req, game.id, kind, home(&game)));
    }
    let seat = SeatRow {
        seat: 0,
        user_id: req.user.id.clone(),
        user_name: req.user.name.clone(),
        setup,
        joined_at: req.now,
    };
    sit_down(app, req, &game, &seat, messages).await
}

/// A league game seats only its pairing: anyone else (`who`; `None`: an
/// AI) is refused, told whose game it is.
async fn only_its_pairing(app: &App, game: i64, who: Option<&str>) -> Result<(), UserError> {
    let Some((league, p)) = app.store().pairing_of_game(game).await? else {
        return Ok(());
    };
    if who.is_some_and(|u| p.a_user == u || p.b_user.as_deref() == Some(u)) {
        return Ok(());
    }
    let (name, period) = match app.store().league(league).await? {
        Some(l) => (l.name.clone(), l.period_word()),
        None => ("?".to_string(), "round"),
    };
    Err(UserError::new(format!(
        "Game #{game} belongs to league {name}'s {period} {} pairing <@{}> vs <@{}>; only they can sit. Open a game of your own with /game new.",
        p.round,
        p.a_user,
        p.b_user.unwrap_or_default()
    )))
}

/// `/game join player:ai[-easy|-hard] [deck:]`: a player at the table (or the
/// game's creator) seats an AI, with the deck they name (theirs or a
/// starter) or the game's own AI deck.
async fn join_ai(
    app: &App,
    req: &Request,
    (level, args): (Level, &Args),
    (driver, game): (&dyn Driver, &crate::store::GameRow),
    seats: &[SeatRow],
) -> Result<Vec<Outgoing>, UserError> {
    if !driver.has_ai() {
        return Err(no_ai(app, driver.kind()));
    }
    if req.user.id != game.creator_id && !seats.iter().any(|s| s.user_id == req.user.id) {
        return Err(UserError::new(format!(
            "Only game #{}'s players or its creator can seat an AI.",
            game.id
        )));
    }
    let max = *driver.seats(&game.options).end();
    if seats.len() >= max {
        return Err(UserError::new(format!(
            "Game #{} is full ({max} seats); nobody can sit down.",
            game.id
        )));
    }
    let kind = driver.kind();
    let seed = game.seed as u64 ^ (0xA1 + seats.len() as u64);
    let setup = match args.text("deck") {
        Some(deck) => seat_setup(app, req, driver, (&game.options, seed), kind, deck).await?,
        None => driver.ai_setup(&game.options, seed)?,
    };
    let seat = super::seats::new_seat(level, seats, setup, req.now);
    let text = format!(
        "{} seats {} in game #{} ({}). Seats taken: {} of {max}.",
        req.user.name,
        seat.user_name,
        game.id,
        kind_name(game),
        seats.len() + 1
    );
    let messages = vec![Outgoing::channel(home(game), text).in_game(game.id)];
    sit_down(app, req, game, &seat, messages).await
}

/// Stores `seat` in the lobby, with the join's messages as its answer.
async fn sit_down(
    app: &App,
    req: &Request,
    game: &crate::store::GameRow,
    seat: &SeatRow,
    messages: Vec<Outgoing>,
) -> Result<Vec<Outgoing>, UserError> {
    let idem = Idem {
        key: &req.key,
        response: encode_response(&messages),
        owes: false,
    };
    commit(
        app.store()
            .set_seat(game.id, game.version, seat, &idem, req.now)
            .await,
        messages,
    )
}

/// The setup a player joins with: the deck or pick they name, else the one
/// they already had.
async fn joining_setup(
    app: &App,
    req: &Request,
    args: &Args,
    (driver, game): (&dyn Driver, &crate::store::GameRow),
    already: Option<&SeatRow>,
) -> Result<Option<String>, UserError> {
    let picked = driver.seat_pick(&game.options, args)?;
    let kind = GameKind::parse(&game.kind).expect("stored kinds are known");
    let seed = game.seed as u64;
    Ok(match args.text("deck") {
        Some(deck) => Some(seat_setup(app, req, driver, (&game.options, seed), kind, deck).await?),
        None => picked.or_else(|| already.and_then(|s| s.setup.clone())),
    })
}

fn commit(
    result: Result<Committed<()>, StoreError>,
    messages: Vec<Outgoing>,
) -> Result<Vec<Outgoing>, UserError> {
    match result {
        Ok(Committed::Applied(())) => Ok(messages),
        Ok(Committed::Duplicate(previous)) => Ok(crate::app::decode_response(&previous)),
        Err(StoreError::Conflict(id)) => Err(conflict(id)),
        Err(e) => Err(e.into()),
    }
}

fn conflict(id: i64) -> UserError {
    UserError::new(format!(
        "Game #{id} changed while your command was being handled; nothing was done. Please try again."
    ))
}

async fn leave(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let game = match resolve(app, req, args, &[GameStatus::Lobby]).await {
        Ok(g) => g,
        Err(e) => {
            if let Ok(active) = resolve(app, req, args, &[GameStatus::Active]).await {
                return Err(UserError::new(format!(
                    "Game #{} has started; to quit it use /resign.",
                    active.id
                )));
            }
            return Err(e);
        }
    };
    let seats = app.store().seats(game.id).await?;
    let seated = seats.iter().any(|s| s.user_id == req.user.id);
    let leaving = match args.text("player") {
        None if seated => (req.user.id.clone(), req.user.name.clone()),
        None => {
            return Err(UserError::new(format!(
                "You do not sit in game #{}.",
                game.id
            )));
        }
        Some(_) => ai_leaving(req, &game, &seats, seated)?,
    };
    let messages = vec![
        Outgoing::channel(
            home(&game),
            format!(
                "{} leaves game #{}. Seats taken: {}.",
                leaving.1,
                game.id,
                seats.len() - 1
            ),
        )
        .in_game(game.id),
    ];
    let idem = Idem {
        key: &req.key,
        response: encode_response(&messages),
        owes: false,
    };
    commit(
        app.store()
            .remove_seat(game.id, game.version, &leaving.0, &idem, req.now)
            .await,
        messages,
    )
}

/// `/game leave player:ai`: the AI seated last, for a player or the
/// creator to take away (user id, name).
fn ai_leaving(
    req: &Request,
    game: &crate::store::GameRow,
    seats: &[SeatRow],
    seated: bool,
) -> Result<(String, String), UserError> {
    if !seated && req.user.id != game.creator_id {
        return Err(UserError::new(format!(
            "Only game #{}'s players or its creator can take an AI's seat away.",
            game.id
        )));
    }
    seats
        .iter()
        .rev()
        .find(|s| super::seats::is_ai(&s.user_id))
        .map(|s| (s.user_id.clone(), s.user_name.clone()))
        .ok_or_else(|| UserError::new(format!("No AI sits in game #{}.", game.id)))
}

async fn start(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let game = resolve(app, req, args, &[GameStatus::Lobby]).await?;
    let driver = driver_of(app, &game)?;
    let seats = app.store().seats(game.id).await?;
    let creator_seated = seats.iter().any(|s| s.user_id == game.creator_id);
    let allowed = req.user.id == game.creator_id
        || req.user.is_manager
        || (!creator_seated && seats.iter().any(|s| s.user_id == req.user.id));
    if !allowed {
        return Err(UserError::new(format!(
            "Only the game's creator can start game #{}.",
            game.id
        )));
    }
    if seats.iter().all(|s| super::seats::is_ai(&s.user_id)) {
        return Err(UserError::new(format!(
            "Game #{} has only AI players; take a seat with /game join first.",
            game.id
        )));
    }
    let range = driver.seats(&game.options);
    if !range.contains(&seats.len()) {
        return Err(UserError::new(format!(
            "Game #{} needs {} to {} players and has {}. Others can join with /game join.",
            game.id,
            range.start(),
            range.end(),
            seats.len()
        )));
    }
    let kind = GameKind::parse(&game.kind).expect("stored kinds are known");
    let missing: Vec<&str> = seats
        .iter()
        .filter(|s| s.setup.is_none())
        .map(|s| s.user_name.as_str())
        .collect();
    if kind.deck_kind().is_some() && !missing.is_empty() {
        return Err(UserError::new(format!(
            "Every player needs a deck before the start: {} must choose one with /game join deck:<name>.",
            missing.join(", ")
        )));
    }
    let renumbered: Vec<SeatRow> = seats
        .iter()
        .enumerate()
        .map(|(i, s)| SeatRow {
            seat: i as i64,
            ..s.clone()
        })
        .collect();
    let table = table_of(&game, &renumbered);
    let setups: Vec<String> = renumbered
        .iter()
        .map(|s| s.setup.clone().unwrap_or_else(|| "null".into()))
        .collect();
    let transition = driver.start(&table, &game.options, &setups, game.seed as u64)?;
    match store_transition(app, req, &game, driver, transition, Some(&renumbered), None).await? {
        Stored::Done(messages) => Ok(messages),
        Stored::Conflict => Err(conflict(game.id)),
    }
}

async fn status(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let all = [
        GameStatus::Lobby,
        GameStatus::Active,
        GameStatus::Finished,
        GameStatus::Cancelled,
    ];
    let game = if args.has("game") {
        resolve(app, req, args, &all).await?
    } else {
        resolve(app, req, args, &[GameStatus::Lobby, GameStatus::Active]).await?
    };
    let seats = app.store().seats(game.id).await?;
    let heading = format!(
        "**Game #{}: {}** — {}",
        game.id,
        kind_name(&game),
        game.status.as_str()
    );
    let mut text = format!("{heading}\n");
    let mut board = None;
    match (game.status, &game.state) {
        (GameStatus::Lobby, _) | (_, None) => {
            if let Ok(driver) = driver_of(app, &game) {
                text.push_str(&driver.describe_options(&game.options));
                text.push('\n');
            }
            let needs_deck = GameKind::parse(&game.kind)
                .and_then(GameKind::deck_kind)
                .is_some();
            for s in &seats {
                let ready = if !needs_deck || s.setup.is_some() {
                    "ready"
                } else {
                    "needs a deck"
                };
                text.push_str(&format!("{}. {} — {ready}\n", s.seat + 1, s.user_name));
            }
        }
        (_, Some(_)) => {
            let driver = driver_of(app, &game)?;
            let state = app.current_state(&game).await?;
            let b = driver.board(&table_of(&game, &seats), &state)?;
            text.push_str(&b.text());
            board = Some(b);
        }
    }
    let result = game
        .result
        .as_deref()
        .and_then(|r| serde_json::from_str::<crate::engine::Outcome>(r).ok())
        .map(|outcome| format!("Result: {}", outcome.summary));
    if let Some(r) = &result {
        text.push_str(&format!("\n{r}"));
    }
    let private = req.place.is_dm
        || req.place.channel != game.channel_id
            && Some(&req.place.channel) != game.thread_id.as_ref();
    let mut out = if private {
        Outgoing::ephemeral(&req.user.id, text.trim_end())
    } else {
        Outgoing::channel(&req.place.channel, text.trim_end())
    };
    if let Some(b) = board {
        // The embed repeats the text: the status line, the board, the result.
        let mut embed = b.embed();
        embed.lines = std::iter::once(heading).chain(result).collect();
        out = out.with_embed(embed);
    }
    Ok(vec![out.in_game(game.id)])
}

async fn list(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let mine = args.flag("mine").unwrap_or(false) || req.place.is_dm;
    let games = if mine {
        app.store().games_of_user(&req.user.id).await?
    } else {
        app.store()
            .games_in_channel(&req.place.channel, true)
            .await?
    };
    if games.is_empty() {
        let text = if mine {
            "You are in no open game."
        } else {
            "No open games in this channel. Open one with /game new game:<kind>."
        };
        return Ok(vec![Outgoing::ephemeral(&req.user.id, text)]);
    }
    let mut text = String::from(if mine {
        "Your open games:\n"
    } else {
        "Open games here:\n"
    });
    for g in games {
        let seats = app.store().seats(g.id).await?;
        let names: Vec<&str> = seats.iter().map(|s| s.user_name.as_str()).collect();
        text.push_str(&format!(
            "#{} {} — {} — {}\n",
            g.id,
            kind_name(&g),
            g.status.as_str(),
            names.join(", ")
        ));
    }
    Ok(vec![Outgoing::ephemeral(&req.user.id, text.trim_end())])
}

async fn cancel(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let game = resolve(app, req, args, &[GameStatus::Lobby, GameStatus::Active]).await?;
    if req.user.id != game.creator_id && !req.user.is_manager {
        return Err(UserError::new(format!(
            "Only the creator of game #{} or a server manager can cancel it. Players can /resign.",
            game.id
        )));
    }
    let messages = vec![
        Outgoing::channel(
            home(&game),
            format!("Game #{} was cancelled by {}.", game.id, req.user.name),
        )
        .in_game(game.id),
    ];
    let update = GameUpdate {
        status: GameStatus::Cancelled,
        state: game.state.clone(),
        state_format: game.state_format,
        to_act: "[]".into(),
        result: None,
        deadline_at: None,
        remind_at: None,
        now: req.now,
        turns: Default::default(),
    };
    let idem = Idem {
        key: &req.key,
        response: encode_response(&messages),
        owes: false,
    };
    app.forget_game(game.id);
    commit(
        app.store()
            .update_game(game.id, game.version, &update, None, None, &idem)
            .await,
        messages,
    )
}

/// A game's own command (`/hand`, `/pass`, ...): routed to the game's driver.
/// A concurrent change to the game makes it re-evaluate against the new state.
pub async fn game_command(
    app: &App,
    req: &Request,
    args: &Args,
) -> Result<Vec<Outgoing>, UserError> {
    const ATTEMPTS: usize = 5;
    for _ in 0..ATTEMPTS {
        let game = resolve(app, req, args, &[GameStatus::Active]).await?;
        let driver = driver_of(app, &game)?;
        if !driver
            .commands()
            .iter()
            .any(|c| c.name == req.invocation.name)
        {
            return Err(UserError::new(format!(
                "{} is not a command of {} (game #{}). /help lists the commands.",
                req.invocation.label(),
                kind_name(&game),
                game.id
            )));
        }
        let seats = app.started_seats(game.id).await?;
        let table = table_of(&game, &seats);
        let seat = table.seat_of(&req.user.id);
        let state = app.current_state(&game).await?;
        match driver.handle(&table, &state, seat, &req.invocation, args)? {
            Reaction::Reply(messages) => {
                return Ok(messages.into_iter().map(|m| m.in_game(game.id)).collect());
            }
            Reaction::Change(t) => {
                match store_transition(app, req, &game, driver, t, None, seat).await? {
                    Stored::Done(messages) => return Ok(messages),
                    Stored::Conflict => continue,
                }
            }
        }
    }
    Err(UserError::new(
        "The game is very busy right now; nothing was done. Please try again.",
    ))
}

/// Applies one random legal move to a game through the same store path as a
/// player's command (one transaction, version-checked, keyed), and the AI
/// seats' answers to it. Returns the move's logged sequence number, or
/// `None` when the game is over.
pub async fn autoplay_step(
    app: &App,
    id: i64,
    key: &str,
    pick: u64,
    now: i64,
) -> Result<Option<i64>, UserError> {
    let game = app
        .load_game(id)
        .await?
        .ok_or_else(|| UserError::new(format!("There is no game #{id}.")))?;
    if game.status != GameStatus::Active {
        return Ok(None);
    }
    let driver = driver_of(app, &game)?;
    let seats = app.started_seats(game.id).await?;
    let table = table_of(&game, &seats);
    let state = app.current_state(&game).await?;
    let Some((seat, t)) = driver.random_move(&table, &state, pick)? else {
        return Ok(None);
    };
    let req = Request {
        user: crate::app::User {
            id: table.user(seat).to_string(),
            name: table.name(seat).to_string(),
            is_manager: false,
            roles: vec![],
        },
        place: crate::app::Place {
            guild: game.guild_id.clone(),
            channel: game.channel_id.clone(),
            is_dm: false,
        },
        invocation: crate::app::Invocation {
            name: "autoplay".into(),
            sub: None,
            options: vec![],
        },
        key: key.to_string(),
        now,
    };
    match store_transition(app, &req, &game, driver, t, None, Some(seat)).await? {
        Stored::Done(messages) => {
            super::ai_seat::after_command(app, &messages, now).await;
            Ok(Some(game.action_count + 1))
        }
        Stored::Conflict => Err(conflict(id)),
    }
}
