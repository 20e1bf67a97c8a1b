//! `/league` rounds: pairing and opening a round, closing it, its deadline
//! reminder, and opening a pairing's game (or a free-play game). A game
//! the players opened themselves is `/league report`'s (`report.rs`).

use std::collections::BTreeMap;

use super::common::*;
use crate::app::App;
use crate::app::command::message::{Invocation, OptionValue, Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::league::{self, Counted, Member, Pairing};
use crate::store::{AuditRow, LeagueRow, MemberRow, PairingRow, RoundRow};

/// The `/game new` a league game opens with: its kind and options (and
/// the player's deck), checked like a typed command.
pub(crate) fn new_game_invocation(
    app: &App,
    kind: &str,
    options: &str,
    deck: Option<&str>,
) -> Result<(Invocation, Args), UserError> {
    let line = format!("@x /game new {options}");
    let parsed = crate::console::parse_line(&line)
        .map_err(|e| UserError::new(format!("The league's game options cannot be read: {e}")))?
        .ok_or_else(|| UserError::new("The league's game options are empty."))?;
    let mut opts: Vec<(String, OptionValue)> = parsed
        .options
        .into_iter()
        .filter(|(n, _)| !["game", "deck"].contains(&n.as_str()))
        .map(|(n, v)| (n, OptionValue::Text(v)))
        .collect();
    opts.push(("game".into(), OptionValue::Text(kind.into())));
    if let Some(d) = deck {
        opts.push(("deck".into(), OptionValue::Text(d.into())));
    }
    let inv = Invocation {
        name: "game".into(),
        sub: Some("new".into()),
        options: opts,
    };
    let spec = app.registry().find(&inv)?;
    let args = crate::app::command::spec::check(spec, &inv)
        .map_err(|e| UserError::new(format!("The league's game options: {}", e.message)))?;
    Ok((inv, args))
}

/// Opens the next round: the round-robin schedule's next round, or a Swiss
/// round from the standings so far.
pub(crate) async fn round(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<Vec<Outgoing>, UserError> {
    let l = pick(app, args, guild).await?;
    organiser(req, Some(&l), "open a round")?;
    no_rounds_in_free_play(&l)?;
    super::format::in_season(&l, req.now)?;
    super::limited::pools_ready(app, &l).await?;
    let pairings = settle(app, &l, req.now).await?;
    let members = app.store().league_members(l.id).await?;
    let rounds = app.store().league_rounds(l.id).await?;
    let last = rounds.last().map(|r| r.number);
    if let Some(open) = pairings
        .iter()
        .find(|p| p.result.is_none() && last == Some(p.round))
    {
        return Err(UserError::new(format!(
            "Round {} still has games to play ({}); they must be played first.",
            open.round,
            pairing_line(open, &|u: &str| u.to_string())
        )));
    }
    let number = last.map_or(1, |n| n + 1);
    let rows = next_tables(&l, number, &members, &pairings)?;
    let round = RoundRow {
        number,
        started_at: req.now,
        deadline_at: l.round_every.map(|e| req.now + e),
        closed_at: None,
    };
    if !app.store().open_round(l.id, &round, &rows).await? {
        return Err(UserError::new(format!(
            "Round {number} was just opened by someone else."
        )));
    }
    Ok(vec![round_post(&l, &round, &rows, &req.place.channel)])
}

/// The next round's tables as user ids (`None`: a bye).
fn next_tables(
    l: &LeagueRow,
    number: i64,
    members: &[MemberRow],
    pairings: &[PairingRow],
) -> Result<Vec<(String, Option<String>)>, UserError> {
    let playing: Vec<&MemberRow> = active(members);
    if playing.len() < 2 {
        return Err(UserError::new(
            "A round needs at least two members; more can /league join.",
        ));
    }
    let ids = member_ids(members);
    let user_of: BTreeMap<Member, &str> = ids.iter().map(|(u, m)| (*m, u.as_str())).collect();
    let ones: Vec<Member> = playing.iter().map(|m| ids[&m.user_id]).collect();
    let tables: Vec<Pairing> = if l.pairing == "round-robin" {
        let schedule = league::round_robin(&ones);
        schedule
            .get((number - 1) as usize)
            .cloned()
            .ok_or_else(|| {
                UserError::new(format!(
                    "The round-robin is complete: {} rounds for {} members.",
                    schedule.len(),
                    ones.len()
                ))
            })?
    } else {
        let results: Vec<Counted> = pairings.iter().filter_map(|p| counted(p, &ids)).collect();
        league::swiss_round(&league::records(&ones, &results))
    };
    // Each table plays the league's games a pairing, first seats alternating.
    let mut rows = Vec::new();
    for t in &tables {
        match *t {
            Pairing::Match(a, b) => {
                for g in 0..l.games_per_pairing.max(1) {
                    let (x, y) = if g % 2 == 0 { (a, b) } else { (b, a) };
                    rows.push((user_of[&x].to_string(), Some(user_of[&y].to_string())));
                }
            }
            Pairing::Bye(a) => rows.push((user_of[&a].to_string(), None)),
        }
    }
    Ok(rows)
}

/// The round's post: every table, pinging its players.
fn round_post(
    l: &LeagueRow,
    round: &RoundRow,
    rows: &[(String, Option<String>)],
    channel: &str,
) -> Outgoing {
    let name = |u: &str| format!("<@{u}>");
    let mut text = format!("**{} — round {}**\n", l.name, round.number);
    let games = l.games_per_pairing.max(1) as usize;
    // A table's games are consecutive rows: list the table once.
    let mut listed = 0;
    for (a, b) in rows {
        if listed > 0 && b.is_some() {
            listed -= 1;
            continue;
        }
        text.push_str(&match b {
            Some(b) if games > 1 => format!("• {} vs {} ({games} games)\n", name(a), name(b)),
            Some(b) => format!("• {} vs {}\n", name(a), name(b)),
            None => format!("• {}: bye (counts as a win)\n", name(a)),
        });
        if b.is_some() {
            listed = games - 1;
        }
    }
    if let Some(d) = round.deadline_at {
        text.push_str(&format!("Play by <t:{}:f>. ", d / 1000));
    }
    text.push_str("Open your game here with /league play.");
    let ping: Vec<String> = rows
        .iter()
        .flat_map(|(a, b)| std::iter::once(a.clone()).chain(b.clone()))
        .collect();
    Outgoing::channel(channel, text).with_ping(ping)
}

/// Opens a league game in this channel as `/game new` with the league's
/// options (and `options`, the league's or more): its messages and id.
pub(crate) async fn open_game(
    app: &App,
    req: &Request,
    options: &str,
    l: &LeagueRow,
    deck: Option<&str>,
) -> Result<(Vec<Outgoing>, i64), UserError> {
    let (inv, game_args) = new_game_invocation(app, &l.kind, options, deck)?;
    let sub = Request {
        invocation: inv,
        key: format!("{}:league-game", req.key),
        ..req.clone()
    };
    crate::app::play::lobby::open_new_game(app, &sub, &game_args).await
}

/// Opens the game of the caller's unplayed pairing in this channel, with
/// the league's options, and pings the opponent to join it.
/// (`league::play` picked the league, checked its season and sent a team
/// league's game to `team`.)
pub(crate) async fn play(
    app: &App,
    req: &Request,
    args: &Args,
    l: &LeagueRow,
) -> Result<Vec<Outgoing>, UserError> {
    let me = &req.user.id;
    let mine = if l.pairing == "free" {
        free_pairing(app, req, args.text("opponent"), l).await?
    } else {
        let pairings = settle(app, l, req.now).await?;
        waiting_for_game(pairings, me).ok_or_else(|| {
            UserError::new(format!(
                "You have no unplayed pairing in {} without a game: /league info shows the round.",
                l.name
            ))
        })?
    };
    let opponent = if mine.a_user == *me {
        mine.b_user.clone().expect("a bye is never unplayed")
    } else {
        mine.a_user.clone()
    };
    super::format::check_league_deck(app, l, req, args.text("deck")).await?;
    let (mut out, game) = open_game(app, req, &l.game_options, l, args.text("deck")).await?;
    attach_game(app, l, &mine, game).await?;
    out.push(
        Outgoing::channel(
            &req.place.channel,
            format!(
                "**{}**, {} {}: game #{game} is <@{me}> vs <@{opponent}>. <@{opponent}>, join it with /game join game:{game}.",
                l.name,
                l.period_word(),
                mine.round
            ),
        )
        .in_game(game)
        .with_ping(vec![opponent]),
    );
    Ok(out)
}

/// An organiser closes the current round. How xfiles-bot scores what is
/// left: a game in progress is lost by deadline by the player it waits on
/// (alone), and a game opened but never joined by the one who did not join;
/// any other pairing still to play is "not played" (no points and no game
/// for either). All of it is logged in the audit; /league correct can
/// change any of it.
pub(crate) async fn close(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<Vec<Outgoing>, UserError> {
    let l = pick(app, args, guild).await?;
    organiser(req, Some(&l), "close a round")?;
    no_rounds_in_free_play(&l)?;
    let pairings = settle(app, &l, req.now).await?;
    let rounds = app.store().league_rounds(l.id).await?;
    let r = rounds
        .last()
        .filter(|r| r.closed_at.is_none())
        .ok_or_else(|| UserError::new(format!("{} has no open round to close.", l.name)))?;
    let open: Vec<&PairingRow> = pairings
        .iter()
        .filter(|p| p.round == r.number && p.result.is_none())
        .collect();
    let mut decided = Vec::new();
    for p in &open {
        if let Some((result, why)) = loss_by_deadline(app, p).await? {
            decided.push((p.id, result, why));
        }
    }
    let lost: Vec<&String> = decided.iter().map(|(_, _, why)| why).collect();
    let unplayed = open.len() - lost.len();
    let entry = AuditRow {
        at: req.now,
        by_user: req.user.name.clone(),
        what: format!(
            "round {} closed: {unplayed} pairing(s) not played{}",
            r.number,
            lost.iter().map(|w| format!("; {w}")).collect::<String>()
        ),
        reason: "round closed by an organiser".into(),
    };
    if !app
        .store()
        .close_round(l.id, r.number, &decided, &entry)
        .await?
    {
        return Err(UserError::new(format!(
            "Round {} was closed already.",
            r.number
        )));
    }
    let mut losses: String = lost.iter().map(|w| format!("\n• {w}")).collect();
    if !lost.is_empty() {
        losses.push_str("\nThose games no longer count; their creators may /game cancel them.");
    }
    Ok(vec![Outgoing::channel(
        &l.channel_id,
        format!(
            "**{} — round {} is closed.** {unplayed} pairing(s) not played count for nobody.{losses}\nThe next round: /league round.",
            l.name, r.number
        ),
    )])
}

/// The result of a pairing whose game the round's close interrupts: lost
/// by deadline by the one player it waits on (to move, or to join).
async fn loss_by_deadline(
    app: &App,
    p: &PairingRow,
) -> Result<Option<(&'static str, String)>, UserError> {
    let (Some(game), Some(b)) = (p.game_id, p.b_user.as_deref()) else {
        return Ok(None);
    };
    let Some(row) = app.store().game(game).await? else {
        return Ok(None);
    };
    let seats = app.store().seats(game).await?;
    let late: Vec<&str> = match row.status {
        crate::store::GameStatus::Lobby => [p.a_user.as_str(), b]
            .into_iter()
            .filter(|u| !seats.iter().any(|s| s.user_id == *u))
            .collect(),
        crate::store::GameStatus::Active => {
            let to_act: Vec<i64> = serde_json::from_str(&row.to_act).unwrap_or_default();
            seats
                .iter()
                .filter(|s| to_act.contains(&s.seat))
                .map(|s| s.user_id.as_str())
                .collect()
        }
        _ => return Ok(None),
    };
    let [loser] = late.as_slice() else {
        return Ok(None);
    };
    let doing = if row.status == crate::store::GameStatus::Lobby {
        "join"
    } else {
        "move"
    };
    let result = if *loser == p.a_user { "b" } else { "a" };
    Ok(Some((
        result,
        format!("<@{loser}> lost game #{game} by deadline (it waited on them to {doing})"),
    )))
}

/// The scheduler's part: a reminder in the league's channel for each open
/// round whose deadline is near, pinging the pairings still to play. A
/// round's reminder is claimed in the database, so it fires once.
pub async fn remind_rounds(app: &App, now: i64) -> Vec<Outgoing> {
    let mut out = Vec::new();
    for (l, r) in read_due("league rounds", app.store().due_round_reminders(now).await) {
        let reminded = remind_round(app, l, r, now).await;
        keep("round reminder", (l, r), reminded, &mut out);
    }
    out
}

pub(crate) async fn remind_round(
    app: &App,
    league: i64,
    round: i64,
    now: i64,
) -> Result<Option<Outgoing>, UserError> {
    if !app.store().claim_round_reminder(league, round).await? {
        return Ok(None);
    }
    let Some(l) = app.store().league(league).await? else {
        return Ok(None);
    };
    let pairings = settle(app, &l, now).await?;
    let open: Vec<&PairingRow> = pairings
        .iter()
        .filter(|p| p.round == round && p.result.is_none())
        .collect();
    if open.is_empty() {
        return Ok(None);
    }
    let deadline = app
        .store()
        .league_rounds(league)
        .await?
        .into_iter()
        .find(|r| r.number == round)
        .and_then(|r| r.deadline_at);
    let mut text = format!(
        "**{}** — round {round} ends{}. Still to play:\n",
        l.name,
        deadline.map_or_else(String::new, |d| format!(" <t:{}:R>", d / 1000))
    );
    let mut ping = Vec::new();
    for p in open {
        let b = p.b_user.clone().unwrap_or_default();
        text.push_str(&format!("• <@{}> vs <@{b}>\n", p.a_user));
        ping.push(p.a_user.clone());
        ping.push(b);
    }
    text.push_str("Open your game with /league play.");
    Ok(Some(Outgoing::channel(&l.channel_id, text).with_ping(ping)))
}

pub(crate) const WEEK: i64 = 7 * 24 * 3600 * 1000;

/// In free play any two members play a rated game: the pairing (not yet
/// stored) of the caller and `opponent`, in the current week.
pub(crate) async fn free_pairing(
    app: &App,
    req: &Request,
    named: Option<&str>,
    l: &LeagueRow,
) -> Result<PairingRow, UserError> {
    let members = app.store().league_members(l.id).await?;
    let playing: Vec<MemberRow> = active(&members).into_iter().cloned().collect();
    if !playing.iter().any(|m| m.user_id == req.user.id) {
        return Err(UserError::new(format!(
            "Join {} first (/league join) to play its games.",
            l.name
        )));
    }
    let named = named.ok_or_else(|| {
        UserError::new(format!(
            "{} has free play: name whom you play with opponent:@name.",
            l.name
        ))
    })?;
    let opponent = member(&playing, named)?;
    if opponent.user_id == req.user.id {
        return Err(UserError::new("Your opponent must be another member."));
    }
    Ok(PairingRow {
        id: 0,
        round: (req.now - l.created_at).max(0) / WEEK + 1,
        a_user: req.user.id.clone(),
        b_user: Some(opponent.user_id.clone()),
        game_id: None,
        result: None,
        reason: None,
        reported_at: None,
        claimed_by: None,
    })
}

pub(crate) fn no_rounds_in_free_play(l: &LeagueRow) -> Result<(), UserError> {
    if l.pairing == "free" {
        return Err(UserError::new(format!(
            "{} has free play: there are no rounds; any two members play with /league play opponent:@name, and ratings are updated each week.",
            l.name
        )));
    }
    Ok(())
}

/// The caller's pairing still waiting for its game, if any.
pub(crate) fn waiting_for_game(pairings: Vec<PairingRow>, me: &str) -> Option<PairingRow> {
    pairings.into_iter().find(|p| {
        p.result.is_none()
            && p.game_id.is_none()
            && (p.a_user == me || p.b_user.as_deref() == Some(me))
    })
}

/// Links a pairing to its game; a free-play pairing is stored only now,
/// once its game exists.
async fn attach_game(app: &App, l: &LeagueRow, p: &PairingRow, game: i64) -> Result<(), UserError> {
    if p.id == 0 {
        let b = p.b_user.as_deref().unwrap_or_default();
        app.store()
            .add_pairing(l.id, p.round, &p.a_user, b, game)
            .await?;
    } else {
        app.store().link_pairing(p.id, game).await?;
    }
    Ok(())
}
