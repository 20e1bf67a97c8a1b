//! `/league`: a server's community leagues. Organisers (Manage Server)
//! create a league and open its rounds; members join, open their pairing's
//! game with the league's options in one command, and the finished game
//! reports its result. Standings and Glicko-2 ratings are computed from the
//! results whenever they are shown (`crate::league`).

use std::collections::BTreeMap;

use super::App;
use super::commands::Args;
use super::message::{Invocation, OptionValue, Outgoing, Request, UserError};
use crate::league::{self, Counted, Member, Pairing, Rated, Rating, Record};
use crate::store::GameStatus;
use crate::store::{AuditRow, LeagueRow, MemberRow, PairingRow, RoundRow};

pub async fn league(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let guild = req.place.guild.clone().ok_or_else(|| {
        UserError::new("Leagues belong to a server: use /league in one of its channels.")
    })?;
    let reply = |text: String| vec![Outgoing::ephemeral(&req.user.id, text)];
    match req.invocation.sub.as_deref() {
        Some("create") => create(app, req, args, &guild).await.map(reply),
        Some("list") => list(app, &guild).await.map(reply),
        Some("join") => join(app, req, args, &guild).await.map(reply),
        Some("leave") => leave(app, req, args, &guild).await.map(reply),
        Some("info") => info(app, req, args, &guild).await.map(reply),
        Some("standings") => standings_cmd(app, req, args, &guild).await,
        Some("round") => round(app, req, args, &guild).await,
        Some("play") => play(app, req, args, &guild).await,
        Some("correct") => correct(app, req, args, &guild).await.map(reply),
        Some("audit") => audit(app, args, &guild).await.map(reply),
        Some("player") => player(app, req, args, &guild).await.map(reply),
        Some("history") => history(app, req, args, &guild).await.map(reply),
        Some("close") => close(app, req, args, &guild).await,
        _ => unreachable!("the registry only routes known subcommands"),
    }
}

/// The league a command names, or the server's only one.
async fn pick(app: &App, args: &Args, guild: &str) -> Result<LeagueRow, UserError> {
    let leagues = app.store().leagues(guild).await?;
    let names = || {
        leagues
            .iter()
            .map(|l| format!("'{}'", l.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match args.text("league") {
        Some(name) => leagues
            .iter()
            .find(|l| l.name.eq_ignore_ascii_case(name.trim()))
            .cloned()
            .ok_or_else(|| {
                UserError::new(if leagues.is_empty() {
                    format!("This server has no league '{name}' (it has none yet; an organiser opens one with /league create).")
                } else {
                    format!("This server has no league '{name}'. Its leagues: {}.", names())
                })
            }),
        None => match leagues.as_slice() {
            [only] => Ok(only.clone()),
            [] => Err(UserError::new(
                "This server has no league yet; an organiser opens one with /league create name:<name> game:<kind>.",
            )),
            _ => Err(UserError::new(format!(
                "Which league? Add league:<name>. This server's leagues: {}.",
                names()
            ))),
        },
    }
}

fn organiser(req: &Request, what: &str) -> Result<(), UserError> {
    if req.user.is_manager {
        Ok(())
    } else {
        Err(UserError::new(format!(
            "Only an organiser (Manage Server) can {what}."
        )))
    }
}

async fn create(app: &App, req: &Request, args: &Args, guild: &str) -> Result<String, UserError> {
    organiser(req, "create a league")?;
    let name = args.text("name").unwrap_or_default().trim().to_string();
    if name.is_empty() || name.chars().count() > 60 {
        return Err(UserError::new("A league's name is 1 to 60 characters."));
    }
    let kind = args.text("game").unwrap_or("xfiles-ccg").to_string();
    let pairing = args.text("pairing").unwrap_or("swiss").to_string();
    let round_every = match args.text("round") {
        Some(t) => Some(super::parse_duration(t).map_err(UserError::new)?),
        None => None,
    };
    let game_options = args.text("options").unwrap_or_default().trim().to_string();
    // The options must open a game now, not fail at the first pairing.
    new_game_invocation(app, &kind, &game_options, None)?;
    let row = LeagueRow {
        id: 0,
        guild_id: guild.to_string(),
        name: name.clone(),
        kind: kind.clone(),
        pairing: pairing.clone(),
        game_options,
        channel_id: req.place.channel.clone(),
        round_every,
        created_by: req.user.name.clone(),
        created_at: req.now,
    };
    match app.store().create_league(&row).await? {
        Some(_) if pairing == "free" => Ok(format!(
            "League **{name}** is open: {kind}, free play. Members join with /league join league:\"{name}\" and play any other member with /league play opponent:@name; ratings are updated each week."
        )),
        Some(_) => Ok(format!(
            "League **{name}** is open: {kind}, {pairing} pairings. Members join with /league join league:\"{name}\"; an organiser starts each round with /league round."
        )),
        None => Err(UserError::new(format!(
            "This server already has a league named '{name}'; choose another name."
        ))),
    }
}

/// The `/game new` a league game opens with: its kind and options (and
/// the player's deck), checked like a typed command.
fn new_game_invocation(
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
    let args = super::commands::check(spec, &inv)
        .map_err(|e| UserError::new(format!("The league's game options: {}", e.message)))?;
    Ok((inv, args))
}

async fn list(app: &App, guild: &str) -> Result<String, UserError> {
    let leagues = app.store().leagues(guild).await?;
    if leagues.is_empty() {
        return Ok(
            "No leagues on this server yet; an organiser opens one with /league create.".into(),
        );
    }
    let mut out = String::from("**Leagues**\n");
    for l in leagues {
        let members = active(&app.store().league_members(l.id).await?).len();
        let rounds = app.store().league_rounds(l.id).await?.len();
        out.push_str(&format!(
            "• **{}** — {}, {} pairings, {members} member(s), {rounds} round(s) played\n",
            l.name, l.kind, l.pairing
        ));
    }
    Ok(out)
}

fn active(members: &[MemberRow]) -> Vec<&MemberRow> {
    members.iter().filter(|m| m.left_at.is_none()).collect()
}

async fn join(app: &App, req: &Request, args: &Args, guild: &str) -> Result<String, UserError> {
    let l = pick(app, args, guild).await?;
    if app
        .store()
        .join_league(l.id, &req.user.id, &req.user.name, req.now)
        .await?
    {
        Ok(if l.pairing == "free" {
            format!(
                "You joined **{}**. Play any member with /league play opponent:@name.",
                l.name
            )
        } else {
            format!(
                "You joined **{}**. You will be paired from the next round.",
                l.name
            )
        })
    } else {
        Err(UserError::new(format!(
            "You are already a member of {}.",
            l.name
        )))
    }
}

async fn leave(app: &App, req: &Request, args: &Args, guild: &str) -> Result<String, UserError> {
    let l = pick(app, args, guild).await?;
    if app
        .store()
        .leave_league(l.id, &req.user.id, req.now)
        .await?
    {
        Ok(format!(
            "You left **{}**. Your results stay in its standings; /league join brings you back.",
            l.name
        ))
    } else {
        Err(UserError::new(format!(
            "You are not a member of {}.",
            l.name
        )))
    }
}

/// Records the results of finished league games not yet reported: the
/// game reports itself the first time anyone looks at the league.
async fn settle(app: &App, l: &LeagueRow, now: i64) -> Result<Vec<PairingRow>, UserError> {
    let pairings = app.store().league_pairings(l.id).await?;
    for p in pairings.iter().filter(|p| p.result.is_none()) {
        let Some(game) = p.game_id else { continue };
        let Some(row) = app.store().game(game).await? else {
            continue;
        };
        if row.status != GameStatus::Finished {
            continue;
        }
        let outcome: crate::engine::Outcome = match row.result.as_deref().map(serde_json::from_str)
        {
            Some(Ok(o)) => o,
            _ => continue,
        };
        let seats = app.store().seats(game).await?;
        let seat_of = |u: &str| seats.iter().find(|s| s.user_id == u).map(|s| s.seat as u8);
        let won = |u: Option<&str>| {
            u.and_then(seat_of)
                .is_some_and(|s| outcome.winners.contains(&s))
        };
        let result = match (won(Some(&p.a_user)), won(p.b_user.as_deref())) {
            (true, false) => "a",
            (false, true) => "b",
            _ => "draw",
        };
        app.store()
            .report_pairing(p.id, result, &outcome.summary, now)
            .await?;
    }
    Ok(app.store().league_pairings(l.id).await?)
}

/// Members' ids for the pure league code: their place in join order.
fn member_ids(members: &[MemberRow]) -> BTreeMap<String, Member> {
    members
        .iter()
        .enumerate()
        .map(|(i, m)| (m.user_id.clone(), i as Member + 1))
        .collect()
}

fn counted(p: &PairingRow, ids: &BTreeMap<String, Member>) -> Option<Counted> {
    let a = *ids.get(&p.a_user)?;
    match (
        p.result.as_deref(),
        p.b_user.as_ref().and_then(|b| ids.get(b)),
    ) {
        (Some("bye"), _) => Some(Counted::Bye(a)),
        (Some(r), Some(&b)) => {
            let score_a = match r {
                "a" => 1.0,
                "b" => 0.0,
                _ => 0.5,
            };
            Some(Counted::Game { a, b, score_a })
        }
        _ => None,
    }
}

/// Ratings after each round: one Glicko-2 rating period a round.
fn rating_history(
    members: &[Member],
    pairings: &[PairingRow],
    ids: &BTreeMap<String, Member>,
) -> Vec<BTreeMap<Member, Rating>> {
    let mut r: BTreeMap<Member, Rating> = BTreeMap::new();
    let last = pairings.iter().map(|p| p.round).max().unwrap_or(0);
    let mut out = Vec::new();
    for round in 1..=last {
        let games: Vec<Rated> = pairings
            .iter()
            .filter(|p| p.round == round)
            .filter_map(|p| match counted(p, ids)? {
                Counted::Game { a, b, score_a } => Some(Rated { a, b, score_a }),
                Counted::Bye(_) => None,
            })
            .collect();
        r = league::rate_period(&r, members, &games);
        out.push(r.clone());
    }
    out
}

async fn standings_cmd(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<Vec<Outgoing>, UserError> {
    let l = pick(app, args, guild).await?;
    let (text, png) = standings_text(app, &l, req.now).await?;
    Ok(vec![
        Outgoing::channel(&req.place.channel, text).with_file("standings.png", png),
    ])
}

/// The standings as text and as a picture.
async fn standings_text(
    app: &App,
    l: &LeagueRow,
    now: i64,
) -> Result<(String, Vec<u8>), UserError> {
    let pairings = settle(app, l, now).await?;
    let members = app.store().league_members(l.id).await?;
    let ids = member_ids(&members);
    let all: Vec<Member> = ids.values().copied().collect();
    let results: Vec<Counted> = pairings.iter().filter_map(|p| counted(p, &ids)).collect();
    let rows = league::standings(&all, &results);
    let history = rating_history(&all, &pairings, &ids);
    let rated = history.last().cloned().unwrap_or_default();
    let mut out = format!(
        "**{} — standings** (points: win 3, draw 1, bye 3; ties: opponents' match-win %, then head to head)\n",
        l.name
    );
    let mut picture_rows = Vec::new();
    let mut lines = Vec::new();
    for s in &rows {
        let m = &members[(s.member - 1) as usize];
        let r = rated.get(&s.member).copied().unwrap_or_default();
        let name = format!(
            "{}{}",
            m.user_name,
            if m.left_at.is_some() { " (left)" } else { "" }
        );
        let record = format!("{}-{}-{}", s.wins, s.losses, s.draws);
        out.push_str(&format!(
            "{}. {name} — {} pts ({record}{}) · OMW {:.0}% · rating {:.0} ±{:.0}\n",
            s.rank,
            s.points,
            if s.byes > 0 {
                format!(", {} bye", s.byes)
            } else {
                String::new()
            },
            s.omw * 100.0,
            r.rating,
            2.0 * r.deviation
        ));
        picture_rows.push(league::picture::Row {
            rank: s.rank,
            name,
            points: s.points,
            record,
            omw: s.omw,
            rating: r.rating,
        });
        lines.push(
            history
                .iter()
                .map(|h| h.get(&s.member).copied().unwrap_or_default().rating)
                .collect(),
        );
    }
    let png =
        league::picture::standings_png(&format!("{} — standings", l.name), &picture_rows, &lines);
    Ok((out, png))
}

async fn info(app: &App, req: &Request, args: &Args, guild: &str) -> Result<String, UserError> {
    let l = pick(app, args, guild).await?;
    let pairings = settle(app, &l, req.now).await?;
    let members = app.store().league_members(l.id).await?;
    let rounds = app.store().league_rounds(l.id).await?;
    let name = |u: &str| {
        members
            .iter()
            .find(|m| m.user_id == u)
            .map_or_else(|| u.to_string(), |m| m.user_name.clone())
    };
    let mut out = format!(
        "**{}** — {}, {} pairings{}. Members: {}.\n",
        l.name,
        l.kind,
        l.pairing,
        if l.game_options.is_empty() {
            String::new()
        } else {
            format!(", games open with `{}`", l.game_options)
        },
        active(&members)
            .iter()
            .map(|m| m.user_name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    if l.pairing == "free" {
        let week = pairings.iter().map(|p| p.round).max();
        out.push_str("Free play: any two members play a rated game with /league play opponent:@name; ratings are updated each week.\n");
        for p in pairings.iter().filter(|p| Some(p.round) == week) {
            out.push_str(&format!("• {}\n", pairing_line(p, &name)));
        }
    } else if let Some(r) = rounds.last() {
        out.push_str(&format!("Round {}:\n", r.number));
        for p in pairings.iter().filter(|p| p.round == r.number) {
            out.push_str(&format!("• {}\n", pairing_line(p, &name)));
        }
    } else {
        out.push_str("No round yet: an organiser starts one with /league round.\n");
    }
    Ok(out)
}

fn pairing_line(p: &PairingRow, name: &dyn Fn(&str) -> String) -> String {
    let Some(b) = &p.b_user else {
        return format!("{}: bye (counts as a win)", name(&p.a_user));
    };
    let (a, b) = (name(&p.a_user), name(b));
    let game = p
        .game_id
        .map_or_else(String::new, |g| format!(" (game #{g})"));
    match p.result.as_deref() {
        Some("a") => format!("**{a}** beat {b}{game}"),
        Some("b") => format!("**{b}** beat {a}{game}"),
        Some("unplayed") => format!("{a} vs {b}{game}: not played (the round closed)"),
        Some(_) => format!("{a} and {b} drew{game}"),
        None => format!("{a} vs {b}{game}: to play"),
    }
}

/// Opens the next round: the round-robin schedule's next round, or a Swiss
/// round from the standings so far.
async fn round(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<Vec<Outgoing>, UserError> {
    organiser(req, "open a round")?;
    let l = pick(app, args, guild).await?;
    no_rounds_in_free_play(&l)?;
    let pairings = settle(app, &l, req.now).await?;
    let members = app.store().league_members(l.id).await?;
    let rounds = app.store().league_rounds(l.id).await?;
    if let Some(open) = pairings
        .iter()
        .find(|p| p.result.is_none() && rounds.last().is_some_and(|r| r.number == p.round))
    {
        return Err(UserError::new(format!(
            "Round {} still has games to play ({}); they must be played first.",
            open.round,
            pairing_line(open, &|u: &str| u.to_string())
        )));
    }
    let playing: Vec<&MemberRow> = active(&members);
    if playing.len() < 2 {
        return Err(UserError::new(
            "A round needs at least two members; more can /league join.",
        ));
    }
    let ids = member_ids(&members);
    let user_of: BTreeMap<Member, &str> = ids.iter().map(|(u, m)| (*m, u.as_str())).collect();
    let number = rounds.last().map_or(1, |r| r.number + 1);
    let ones: Vec<Member> = playing.iter().map(|m| ids[&m.user_id]).collect();
    let tables: Vec<Pairing> = if l.pairing == "round-robin" {
        let schedule = league::round_robin(&ones);
        let i = (number - 1) as usize;
        schedule.get(i).cloned().ok_or_else(|| {
            UserError::new(format!(
                "The round-robin is complete: {} rounds for {} members.",
                schedule.len(),
                ones.len()
            ))
        })?
    } else {
        let records: Vec<Record> = ones
            .iter()
            .map(|m| swiss_record(*m, &pairings, &ids))
            .collect();
        league::swiss_round(&records)
    };
    let rows: Vec<(String, Option<String>)> = tables
        .iter()
        .map(|t| match *t {
            Pairing::Match(a, b) => (user_of[&a].to_string(), Some(user_of[&b].to_string())),
            Pairing::Bye(a) => (user_of[&a].to_string(), None),
        })
        .collect();
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
    let name = |u: &str| format!("<@{u}>");
    let mut text = format!("**{} — round {number}**\n", l.name);
    for (a, b) in &rows {
        text.push_str(&match b {
            Some(b) => format!("• {} vs {}\n", name(a), name(b)),
            None => format!("• {}: bye (counts as a win)\n", name(a)),
        });
    }
    if let Some(d) = round.deadline_at {
        text.push_str(&format!("Play by <t:{}:f>. ", d / 1000));
    }
    text.push_str("Open your game here with /league play.");
    let ping: Vec<String> = rows
        .iter()
        .flat_map(|(a, b)| std::iter::once(a.clone()).chain(b.clone()))
        .collect();
    Ok(vec![
        Outgoing::channel(&req.place.channel, text).with_ping(ping),
    ])
}

fn swiss_record(m: Member, pairings: &[PairingRow], ids: &BTreeMap<String, Member>) -> Record {
    let mut r = Record {
        member: m,
        points: 0.0,
        opponents: vec![],
        byes: 0,
    };
    for c in pairings.iter().filter_map(|p| counted(p, ids)) {
        match c {
            Counted::Bye(a) if a == m => {
                r.byes += 1;
                r.points += 3.0;
            }
            Counted::Game { a, b, score_a } if a == m || b == m => {
                let (o, s) = if a == m {
                    (b, score_a)
                } else {
                    (a, 1.0 - score_a)
                };
                r.opponents.push(o);
                r.points += if s > 0.5 {
                    3.0
                } else if s == 0.5 {
                    1.0
                } else {
                    0.0
                };
            }
            _ => {}
        }
    }
    r
}

/// Opens the game of the caller's unplayed pairing in this channel, with
/// the league's options, and pings the opponent to join it.
async fn play(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<Vec<Outgoing>, UserError> {
    let l = pick(app, args, guild).await?;
    let me = &req.user.id;
    let mine = if l.pairing == "free" {
        free_pairing(app, req, args, &l).await?
    } else {
        let pairings = settle(app, &l, req.now).await?;
        pairings
            .into_iter()
            .find(|p| {
                p.result.is_none()
                    && p.game_id.is_none()
                    && (p.a_user == *me || p.b_user.as_deref() == Some(me.as_str()))
            })
            .ok_or_else(|| {
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
    let (inv, game_args) = new_game_invocation(app, &l.kind, &l.game_options, args.text("deck"))?;
    let sub = Request {
        invocation: inv,
        key: format!("{}:league-game", req.key),
        ..req.clone()
    };
    let mut out = super::game_cmd::game(app, &sub, &game_args).await?;
    let game = app
        .store()
        .games_of_user(me)
        .await?
        .into_iter()
        .filter(|g| g.creator_id == *me && g.created_at == req.now)
        .map(|g| g.id)
        .max()
        .ok_or_else(|| UserError::new("The league game could not be opened."))?;
    if mine.id == 0 {
        // A free-play pairing is stored once its game exists.
        let b = mine.b_user.as_deref().unwrap_or_default();
        app.store()
            .add_pairing(l.id, mine.round, &mine.a_user, b, game)
            .await?;
    } else {
        app.store().link_pairing(mine.id, game).await?;
    }
    out.push(
        Outgoing::channel(
            &req.place.channel,
            format!(
                "**{}**, {} {}: game #{game} is <@{me}> vs <@{opponent}>. <@{opponent}>, join it with /game join game:{game}.",
                l.name,
                period_word(&l),
                mine.round
            ),
        )
        .in_game(game)
        .with_ping(vec![opponent]),
    );
    Ok(out)
}

/// A member named by mention (`<@id>`), id or name.
fn member<'a>(members: &'a [MemberRow], who: &str) -> Result<&'a MemberRow, UserError> {
    let w = who.trim().trim_start_matches("<@").trim_start_matches('!');
    let w = w.trim_end_matches('>').trim_start_matches('@');
    members
        .iter()
        .find(|m| m.user_id == w || m.user_name.eq_ignore_ascii_case(w))
        .ok_or_else(|| {
            let names: Vec<&str> = members.iter().map(|m| m.user_name.as_str()).collect();
            UserError::new(format!(
                "'{who}' is not a member of this league. Members: {}.",
                names.join(", ")
            ))
        })
}

/// An organiser sets a pairing's result (from `player`'s side) with a
/// reason; the old and new results go into the audit log.
async fn correct(app: &App, req: &Request, args: &Args, guild: &str) -> Result<String, UserError> {
    organiser(req, "correct a result")?;
    let l = pick(app, args, guild).await?;
    let reason = args.text("reason").unwrap_or_default().trim().to_string();
    if reason.is_empty() {
        return Err(UserError::new(
            "Say why with reason:<text>; it is kept in the league's audit log.",
        ));
    }
    let pairings = settle(app, &l, req.now).await?;
    let members = app.store().league_members(l.id).await?;
    let who = member(&members, args.text("player").unwrap_or_default())?;
    let round = args.int("round").unwrap_or(0);
    let p = pairings
        .iter()
        .find(|p| {
            p.round == round
                && p.b_user.is_some()
                && (p.a_user == who.user_id || p.b_user.as_deref() == Some(who.user_id.as_str()))
        })
        .ok_or_else(|| {
            UserError::new(format!(
                "{} played no game in round {round}: /league history lists the rounds.",
                who.user_name
            ))
        })?;
    let is_a = p.a_user == who.user_id;
    let result = match (args.text("result").unwrap_or_default(), is_a) {
        ("win", true) | ("loss", false) => "a",
        ("win", false) | ("loss", true) => "b",
        _ => "draw",
    };
    let name = |u: &str| {
        members
            .iter()
            .find(|m| m.user_id == u)
            .map_or_else(|| u.to_string(), |m| m.user_name.clone())
    };
    let was = pairing_line(p, &name);
    let mut now_p = p.clone();
    now_p.result = Some(result.to_string());
    let now_line = pairing_line(&now_p, &name);
    let entry = AuditRow {
        at: req.now,
        by_user: req.user.name.clone(),
        what: format!("round {round}: {was} → {now_line}"),
        reason,
    };
    app.store()
        .correct_pairing(l.id, p.id, result, &entry)
        .await?;
    Ok(format!(
        "Corrected in {}: {}. Standings and ratings count it from now on; /league audit lists every correction.",
        l.name, entry.what
    ))
}

async fn audit(app: &App, args: &Args, guild: &str) -> Result<String, UserError> {
    let l = pick(app, args, guild).await?;
    let log = app.store().league_audit(l.id).await?;
    if log.is_empty() {
        return Ok(format!("No result of {} has been corrected.", l.name));
    }
    let mut out = format!("**{} — corrections**\n", l.name);
    for a in log {
        out.push_str(&format!(
            "• <t:{}:d> {}: {} — \"{}\"\n",
            a.at / 1000,
            a.by_user,
            a.what,
            a.reason
        ));
    }
    Ok(out)
}

/// One member's games, record and rating after each round.
async fn player(app: &App, req: &Request, args: &Args, guild: &str) -> Result<String, UserError> {
    let l = pick(app, args, guild).await?;
    let pairings = settle(app, &l, req.now).await?;
    let members = app.store().league_members(l.id).await?;
    let who = match args.text("player") {
        Some(p) => member(&members, p)?,
        None => member(&members, &req.user.id)?,
    };
    let ids = member_ids(&members);
    let all: Vec<Member> = ids.values().copied().collect();
    let me = ids[&who.user_id];
    let name = |u: &str| {
        members
            .iter()
            .find(|m| m.user_id == u)
            .map_or_else(|| u.to_string(), |m| m.user_name.clone())
    };
    let results: Vec<Counted> = pairings.iter().filter_map(|p| counted(p, &ids)).collect();
    let row = league::standings(&all, &results)
        .into_iter()
        .find(|s| s.member == me)
        .expect("every member has a row");
    let mut out = format!(
        "**{}** in {}: rank {}, {} pts ({}-{}-{}), OMW {:.0}%.\n",
        who.user_name,
        l.name,
        row.rank,
        row.points,
        row.wins,
        row.losses,
        row.draws,
        row.omw * 100.0
    );
    let history = rating_history(&all, &pairings, &ids);
    for (i, rated) in history.iter().enumerate() {
        let round = i as i64 + 1;
        let r = rated[&me];
        let mine = pairings.iter().find(|p| {
            p.round == round
                && (p.a_user == who.user_id || p.b_user.as_deref() == Some(who.user_id.as_str()))
        });
        out.push_str(&format!(
            "Round {round}: {} · rating {:.0} ±{:.0}\n",
            mine.map_or_else(|| "not paired".to_string(), |p| pairing_line(p, &name)),
            r.rating,
            2.0 * r.deviation
        ));
    }
    Ok(out)
}

/// Every round's pairings and results.
async fn history(app: &App, req: &Request, args: &Args, guild: &str) -> Result<String, UserError> {
    let l = pick(app, args, guild).await?;
    let pairings = settle(app, &l, req.now).await?;
    let members = app.store().league_members(l.id).await?;
    let name = |u: &str| {
        members
            .iter()
            .find(|m| m.user_id == u)
            .map_or_else(|| u.to_string(), |m| m.user_name.clone())
    };
    let mut out = format!("**{} — history**\n", l.name);
    let mut round = 0;
    for p in &pairings {
        if p.round != round {
            round = p.round;
            out.push_str(&format!("Round {round}:\n"));
        }
        out.push_str(&format!("• {}\n", pairing_line(p, &name)));
    }
    if pairings.is_empty() {
        out.push_str("No round yet.\n");
    }
    Ok(out)
}

/// An organiser closes the current round: pairings still to play are
/// scored "not played" (no points and no game for either: how xfiles-bot
/// scores them; an organiser can /league correct one), logged in the audit.
async fn close(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<Vec<Outgoing>, UserError> {
    organiser(req, "close a round")?;
    let l = pick(app, args, guild).await?;
    no_rounds_in_free_play(&l)?;
    let pairings = settle(app, &l, req.now).await?;
    let rounds = app.store().league_rounds(l.id).await?;
    let r = rounds
        .last()
        .filter(|r| r.closed_at.is_none())
        .ok_or_else(|| UserError::new(format!("{} has no open round to close.", l.name)))?;
    let unplayed = pairings
        .iter()
        .filter(|p| p.round == r.number && p.result.is_none())
        .count();
    let entry = AuditRow {
        at: req.now,
        by_user: req.user.name.clone(),
        what: format!(
            "round {} closed: {unplayed} pairing(s) not played",
            r.number
        ),
        reason: "round closed by an organiser".into(),
    };
    if !app.store().close_round(l.id, r.number, &entry).await? {
        return Err(UserError::new(format!(
            "Round {} was closed already.",
            r.number
        )));
    }
    Ok(vec![Outgoing::channel(
        &l.channel_id,
        format!(
            "**{} — round {} is closed.** {unplayed} pairing(s) not played count for nobody. The next round: /league round.",
            l.name, r.number
        ),
    )])
}

/// The scheduler's part: a reminder in the league's channel for each open
/// round whose deadline is near, pinging the pairings still to play. A
/// round's reminder is claimed in the database, so it fires once.
pub async fn remind_rounds(app: &App, now: i64) -> Vec<Outgoing> {
    let due = match app.store().due_round_reminders(now).await {
        Ok(d) => d,
        Err(e) => {
            tracing::warn!(error = %e, "scheduler: cannot read league rounds");
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for (league, round) in due {
        match remind_round(app, league, round, now).await {
            Ok(m) => out.extend(m),
            Err(e) => {
                tracing::warn!(league, round, error = %e.message, "scheduler: round reminder skipped")
            }
        }
    }
    out
}

async fn remind_round(
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

/// A free league's rating periods are weeks; the others' are rounds.
fn period_word(l: &LeagueRow) -> &'static str {
    if l.pairing == "free" { "week" } else { "round" }
}

const WEEK: i64 = 7 * 24 * 3600 * 1000;

/// In free play any two members play a rated game: the pairing (not yet
/// stored) of the caller and `opponent`, in the current week.
async fn free_pairing(
    app: &App,
    req: &Request,
    args: &Args,
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
    let named = args.text("opponent").ok_or_else(|| {
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
    })
}

fn no_rounds_in_free_play(l: &LeagueRow) -> Result<(), UserError> {
    if l.pairing == "free" {
        return Err(UserError::new(format!(
            "{} has free play: there are no rounds; any two members play with /league play opponent:@name, and ratings are updated each week.",
            l.name
        )));
    }
    Ok(())
}
