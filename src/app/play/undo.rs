//! `/game undo`: a player takes back their last move (and every move after
//! it) by replaying the log without them, so the state stays exactly what
//! the kept moves make it. Alone only while nobody else has moved since and
//! the moves revealed no hidden information (no draw, no reveal, no answer);
//! otherwise every other player must agree (a button each) before the game
//! moves on. Moves taken back stay in the log, marked, and in the thread.

use super::seats::is_ai;
use super::session::{driver_of, home, resolve, table_of, times_after};
use super::undo_request::{UndoRequest, name_of};
use crate::app::command::message::{Button, Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::app::games::driver::GameLog;
use crate::app::{App, encode_response};
use crate::store::{
    ActionRow, Committed, GameRow, GameStatus, GameUpdate, Idem, SeatRow, StoreError,
};

/// `/game undo [refuse:true]`.
pub async fn undo(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let game = resolve(app, req, args, &[GameStatus::Active]).await?;
    let seats = app.started_seats(game.id).await?;
    let me = seats
        .iter()
        .position(|s| s.user_id == req.user.id)
        .ok_or_else(|| {
            UserError::new(format!(
                "You do not sit in game #{}; only its players can take moves back.",
                game.id
            ))
        })? as u8;
    let log = app.store().actions(game.id).await?;
    let live: Vec<ActionRow> = log.into_iter().filter(|a| a.undone_at.is_none()).collect();
    let pending = game
        .undo_request
        .as_deref()
        .and_then(|r| serde_json::from_str::<UndoRequest>(r).ok())
        .filter(|r| r.live == live.len());
    let refuse = args.flag("refuse").unwrap_or(false);
    match pending {
        Some(r) if refuse => withdraw(app, req, &game, &seats, &r).await,
        Some(r) if r.by == req.user.id => Err(UserError::new(format!(
            "You asked already; waiting for {}.",
            waiting_for(&seats, &r).join(", ")
        ))),
        Some(r) => agree(app, req, &game, &seats, &live, r).await,
        None if refuse => Err(UserError::new(format!(
            "Nobody asks to take moves back in game #{}.",
            game.id
        ))),
        None => ask(app, req, &game, &seats, &live, me).await,
    }
}

/// The players who have not agreed yet.
fn waiting_for(seats: &[SeatRow], r: &UndoRequest) -> Vec<String> {
    seats
        .iter()
        .filter(|s| s.user_id != r.by && !r.agreed.contains(&s.user_id) && !is_ai(&s.user_id))
        .map(|s| s.user_name.clone())
        .collect()
}

/// A player asks: done at once when allowed alone, else a request.
async fn ask(
    app: &App,
    req: &Request,
    game: &GameRow,
    seats: &[SeatRow],
    live: &[ActionRow],
    me: u8,
) -> Result<Vec<Outgoing>, UserError> {
    let Some(k) = live.iter().rposition(|a| a.seat == i64::from(me)) else {
        return Err(UserError::new(format!(
            "You have made no move in game #{} to take back.",
            game.id
        )));
    };
    let rewound = rewind(app, game, seats, live, k).await?;
    // AI players always agree (how xfiles-bot plays it: a practice game
    // is the player's own), so only other players' moves or eyes count.
    let others: Vec<&str> = live[k + 1..]
        .iter()
        .filter(|a| a.seat != i64::from(me) && !is_ai(&a.user_id))
        .map(|a| seats[a.seat as usize].user_name.as_str())
        .collect();
    let players_watch = seats
        .iter()
        .any(|s| s.user_id != req.user.id && !is_ai(&s.user_id));
    if others.is_empty() && !(rewound.revealed && players_watch) {
        return commit(app, req, game, seats, live[k].seq, rewound, "").await;
    }
    let why = if rewound.revealed {
        "it made hidden information known".to_string()
    } else {
        format!("{} moved since", others[0])
    };
    let request = UndoRequest {
        by: req.user.id.clone(),
        from_seq: live[k].seq,
        live: live.len(),
        agreed: Vec::new(),
    };
    store_request(app, game, Some(&request)).await?;
    let asked = seats
        .iter()
        .filter(|s| s.user_id != req.user.id)
        .map(|s| s.user_id.clone())
        .collect();
    Ok(vec![
        Outgoing::channel(
            home(game),
            format!(
                "↩ Game #{}: {} asks to take back {} ({}). Since {why}, every other player must agree before the game moves on: /game undo to agree, /game undo refuse:true to refuse.",
                game.id,
                req.user.name,
                crate::words::count(rewound.taken_back.len(), "move"),
                rewound.taken_back.join("; ")
            ),
        )
        .in_game(game.id)
        .with_ping(asked)
        .with_buttons(vec![
            Button {
                label: "Agree to undo".into(),
                command: format!("/game undo game:{}", game.id),
            },
            Button {
                label: "Refuse".into(),
                command: format!("/game undo game:{} refuse:true", game.id),
            },
        ]),
    ])
}

/// Another player agrees; the last agreement takes the moves back.
async fn agree(
    app: &App,
    req: &Request,
    game: &GameRow,
    seats: &[SeatRow],
    live: &[ActionRow],
    mut r: UndoRequest,
) -> Result<Vec<Outgoing>, UserError> {
    if !r.agreed.contains(&req.user.id) {
        r.agreed.push(req.user.id.clone());
    }
    let waiting = waiting_for(seats, &r);
    if !waiting.is_empty() {
        store_request(app, game, Some(&r)).await?;
        return Ok(vec![
            Outgoing::channel(
                home(game),
                format!(
                    "Game #{}: {} agrees to take the moves back; waiting for {}.",
                    game.id,
                    req.user.name,
                    waiting.join(", ")
                ),
            )
            .in_game(game.id),
        ]);
    }
    let k = live
        .iter()
        .position(|a| a.seq == r.from_seq)
        .ok_or_else(|| UserError::new("The moves to take back are no longer in the log."))?;
    let rewound = rewind(app, game, seats, live, k).await?;
    let agreed: Vec<&str> = r.agreed.iter().map(|u| name_of(seats, u)).collect();
    let note = format!(" (agreed by {})", agreed.join(", "));
    let by = name_of(seats, &r.by).to_string();
    let by_req = Request {
        user: crate::app::User {
            name: by,
            ..req.user.clone()
        },
        ..req.clone()
    };
    commit(app, &by_req, game, seats, r.from_seq, rewound, &note).await
}

/// A player refuses (or the asker withdraws): the request lapses.
async fn withdraw(
    app: &App,
    req: &Request,
    game: &GameRow,
    seats: &[SeatRow],
    r: &UndoRequest,
) -> Result<Vec<Outgoing>, UserError> {
    store_request(app, game, None).await?;
    let text = if r.by == req.user.id {
        format!(
            "Game #{}: {} withdraws the request to take moves back.",
            game.id, req.user.name
        )
    } else {
        format!(
            "Game #{}: {} refuses to take {}'s moves back; the game goes on as it was.",
            game.id,
            req.user.name,
            name_of(seats, &r.by)
        )
    };
    Ok(vec![Outgoing::channel(home(game), text).in_game(game.id)])
}

async fn store_request(
    app: &App,
    game: &GameRow,
    r: Option<&UndoRequest>,
) -> Result<(), UserError> {
    let json = r.map(|r| serde_json::to_string(r).expect("request serialises"));
    app.forget_game(game.id);
    match app
        .store()
        .set_undo_request(game.id, game.version, json.as_deref())
        .await
    {
        Ok(()) => Ok(()),
        Err(StoreError::Conflict(_)) => Err(changed(game.id)),
        Err(e) => Err(e.into()),
    }
}

fn changed(id: i64) -> UserError {
    UserError::new(format!(
        "Game #{id} changed meanwhile; nothing was done. Please try again."
    ))
}

/// The game replayed with the first `keep` live actions.
async fn rewind(
    app: &App,
    game: &GameRow,
    seats: &[SeatRow],
    live: &[ActionRow],
    keep: usize,
) -> Result<crate::app::games::driver::Rewound, UserError> {
    let driver = driver_of(app, game)?;
    let log = GameLog::of(driver, game, seats, live).map_err(UserError::new)?;
    driver.rewind(&table_of(game, seats), &log, keep)
}

/// Stores the rewound game and tells the table.
async fn commit(
    app: &App,
    req: &Request,
    game: &GameRow,
    seats: &[SeatRow],
    from_seq: i64,
    rewound: crate::app::games::driver::Rewound,
    note: &str,
) -> Result<Vec<Outgoing>, UserError> {
    let driver = driver_of(app, game)?;
    let t = rewound.transition;
    let due: Vec<String> = t
        .to_act
        .iter()
        .map(|s| seats[usize::from(*s)].user_id.clone())
        .collect();
    let mut messages = vec![
        Outgoing::channel(
            home(game),
            format!(
                "↩ Game #{}: {} takes back {}{note}: {}.\n{}",
                game.id,
                req.user.name,
                crate::words::count(rewound.taken_back.len(), "move"),
                rewound.taken_back.join("; "),
                driver.board(&table_of(game, seats), &t.state)?.text()
            ),
        )
        .with_ping(due),
    ];
    messages.extend(t.messages);
    let messages: Vec<Outgoing> = messages.into_iter().map(|m| m.in_game(game.id)).collect();
    let (remind_at, deadline_at) = times_after(app, (game, seats), &t.to_act, req.now);
    let update = GameUpdate {
        status: GameStatus::Active,
        state: Some(t.state),
        state_format: driver.format(),
        to_act: serde_json::to_string(&t.to_act).expect("seats serialise"),
        result: None,
        deadline_at,
        remind_at,
        now: req.now,
        turns: Default::default(),
    };
    let idem = Idem {
        key: &req.key,
        response: encode_response(&messages),
        owes: false,
    };
    app.forget_game(game.id);
    match app
        .store()
        .rewind(game.id, game.version, from_seq, &update, &idem)
        .await
    {
        Ok(Committed::Applied(())) => Ok(messages),
        Ok(Committed::Duplicate(first)) => Ok(crate::app::decode_response(&first)),
        Err(StoreError::Conflict(_)) => Err(changed(game.id)),
        Err(e) => Err(e.into()),
    }
}
