//! `/league`: a server's community leagues. Organisers (Manage Server)
//! create a league and open its rounds; members join, open their pairing's
//! game with the league's options in one command, and the finished game
//! reports its result. Standings and Glicko-2 ratings are computed from the
//! results whenever they are shown (`crate::league`). This file holds the
//! dispatch, membership, results and corrections; rounds and games are in
//! `rounds.rs`, reported games in `report.rs`, the views in `views.rs`, a
//! league's format and season in `format.rs`, limited leagues in
//! `limited.rs`, co-operative (team) leagues in `team.rs`.

pub mod format;
pub mod limited;
pub mod report;
pub mod rounds;
pub mod team;
pub mod views;

use std::collections::BTreeMap;

use crate::app::App;
use crate::app::command::message::{Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::league::{self, Counted, Member, Rated, Rating};
use crate::store::{AuditRow, GameStatus, LeagueRow, MemberRow, PairingRow};
use format::{parse_sets, season};
use rounds::{close, new_game_invocation, play, round};
use views::{audit, history, info, pairing_line, player, standings_cmd};

pub async fn league(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    if req.invocation.sub.as_deref() == Some("pool") {
        // Pools are private: this one works in DMs too.
        return limited::pool(app, req, args).await;
    }
    let guild = req.place.guild.clone().ok_or_else(|| {
        UserError::new("Leagues belong to a server: use /league in one of its channels.")
    })?;
    let reply = |text: String| vec![Outgoing::ephemeral(&req.user.id, text)];
    match req.invocation.sub.as_deref() {
        Some("create") => create(app, req, args, &guild).await,
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
        Some("report") => report::report(app, req, args, &guild).await,
        Some("dispute") => report::dispute(app, req, args, &guild).await,
        Some("deal") => limited::deal(app, req, args, &guild).await,
        _ => unreachable!("the registry only routes known subcommands"),
    }
}

/// The league a command names, or the server's only one.
pub(crate) async fn pick(app: &App, args: &Args, guild: &str) -> Result<LeagueRow, UserError> {
    pick_named(app, args.text("league"), guild).await
}

/// The league named `named`, or the server's only one.
pub(crate) async fn pick_named(
    app: &App,
    named: Option<&str>,
    guild: &str,
) -> Result<LeagueRow, UserError> {
    let leagues = app.store().leagues(guild).await?;
    let names = || {
        leagues
            .iter()
            .map(|l| format!("'{}'", l.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match named {
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

/// Organisers: whoever may Manage Server, and the league's organiser role.
pub(crate) fn organiser(req: &Request, l: Option<&LeagueRow>, what: &str) -> Result<(), UserError> {
    let role = l.and_then(|l| l.organiser_role.as_deref());
    if req.user.is_manager || role.is_some_and(|r| req.user.roles.iter().any(|m| m == r)) {
        return Ok(());
    }
    Err(UserError::new(match role {
        Some(r) => format!("Only an organiser (Manage Server or the role <@&{r}>) can {what}."),
        None => format!("Only an organiser (Manage Server) can {what}."),
    }))
}

/// A role named by mention (`<@&id>`) or id.
fn role_id(text: &str) -> String {
    let t = text.trim();
    t.strip_prefix("<@&")
        .and_then(|r| r.strip_suffix('>'))
        .unwrap_or(t.trim_start_matches('@'))
        .to_string()
}

/// `/league create`: the organiser's answer, and a post announcing the
/// league in its channel.
pub(crate) async fn create(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<Vec<Outgoing>, UserError> {
    organiser(req, None, "create a league")?;
    let name = crate::app::command::names::check_name(
        "A league's name",
        args.text("name").unwrap_or_default(),
        crate::app::command::names::LEAGUE_NAME_MAX,
    )?;
    let kind = args.text("game").unwrap_or("xfiles-ccg").to_string();
    // Co-operative leagues have no pairings: teams form for each game.
    let pairing = match kind.as_str() {
        "legendary" => "free".to_string(),
        _ => args.text("pairing").unwrap_or("swiss").to_string(),
    };
    let round_every = match args.text("round") {
        Some(t) => Some(crate::app::parse_duration(t).map_err(UserError::new)?),
        None => None,
    };
    let game_options = args.text("options").unwrap_or_default().trim().to_string();
    // The options must open a game now, not fail at the first pairing.
    new_game_invocation(app, &kind, &game_options, None)?;
    let limited = limited::format_of(args, &kind, &pairing)?;
    let sets = args.text("sets").map(parse_sets).transpose()?.flatten();
    if sets.is_some() && kind != "xfiles-ccg" {
        return Err(UserError::new(
            "sets: limits an X-Files CCG league's decks to card sets; leave it out for other games.",
        ));
    }
    let (starts_at, ends_at) = season(args)?;
    let earlier = match args.text("from") {
        Some(from) => Some(pick_named(app, Some(from), guild).await?),
        None => None,
    };
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
        organiser_role: args.text("organisers").map(role_id),
        sets,
        games_per_pairing: args.int("games").unwrap_or(1),
        starts_at,
        ends_at,
    };
    let made = app
        .store()
        .create_league(&row, limited.as_ref().map(|(f, p)| (*f, *p)))
        .await?;
    let brought = match (made, &earlier) {
        (Some(id), Some(e)) => {
            let members = app.store().league_members(e.id).await?;
            for m in active(&members) {
                app.store()
                    .join_league(id, &m.user_id, &m.user_name, req.now)
                    .await?;
            }
            format!(
                " The {} members of {} are members already.",
                active(&members).len(),
                e.name
            )
        }
        _ => String::new(),
    };
    let opened = created_text(&row, limited, made.is_some())?;
    Ok(vec![
        Outgoing::ephemeral(&req.user.id, format!("{opened}{brought}")),
        created_post(&row, limited, &req.user.id, &brought),
    ])
}

/// The channel's news of a new league: what it plays and how to join. It
/// pings nobody (the organiser is named, not notified); the league's name
/// passed the name policy, so it is plain text.
fn created_post(
    row: &LeagueRow,
    limited: Option<(&'static str, Option<i64>)>,
    by: &str,
    brought: &str,
) -> Outgoing {
    let what = match limited {
        Some(("draft", _)) => format!("{}, an FCU cube booster draft", row.kind),
        Some(_) => format!("{}, FCU cube sealed pools", row.kind),
        None if team::is_team_league(row) => "Legendary Encounters, co-operative".to_string(),
        None if row.pairing == "free" => format!("{}, free play", row.kind),
        None => format!("{}, {} pairings", row.kind, row.pairing),
    };
    let name = &row.name;
    Outgoing::channel(
        &row.channel_id,
        format!(
            "New league **{name}** ({what}), opened by <@{by}>. Join it with /league join league:\"{name}\".{brought}"
        ),
    )
}

/// The answer to `/league create`.
fn created_text(
    row: &LeagueRow,
    limited: Option<(&'static str, Option<i64>)>,
    made: bool,
) -> Result<String, UserError> {
    let (name, kind, pairing) = (&row.name, &row.kind, &row.pairing);
    let made = made.then_some(());
    match made {
        Some(_) if limited.is_some() => Ok(limited::opened(row, limited)),
        Some(_) if kind == "legendary" => Ok(format!(
            "League **{name}** is open: Legendary Encounters, co-operative. Members join with /league join league:\"{name}\"; a team of 1-5 members opens a game with /league play with:@teammate, and the standings rank teams by Series points, then End Games defeated."
        )),
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

pub(crate) async fn list(app: &App, guild: &str) -> Result<String, UserError> {
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

pub(crate) fn active(members: &[MemberRow]) -> Vec<&MemberRow> {
    members.iter().filter(|m| m.left_at.is_none()).collect()
}

pub(crate) async fn join(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<String, UserError> {
    let l = pick(app, args, guild).await?;
    if app
        .store()
        .join_league(l.id, &req.user.id, &req.user.name, req.now)
        .await?
    {
        Ok(if team::is_team_league(&l) {
            format!(
                "You joined **{}**. Open a game with teammates: /league play with:@name.",
                l.name
            )
        } else if l.pairing == "free" {
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

pub(crate) async fn leave(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<String, UserError> {
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

/// Records the results of league games not yet reported: a game reports
/// itself the first time anyone looks at the league.
pub(crate) async fn settle(
    app: &App,
    l: &LeagueRow,
    now: i64,
) -> Result<Vec<PairingRow>, UserError> {
    let pairings = app.store().league_pairings(l.id).await?;
    for p in pairings.iter().filter(|p| p.result.is_none()) {
        if let Some((result, why)) = first_result(app, p).await? {
            app.store().report_pairing(p.id, result, &why, now).await?;
        }
    }
    Ok(app.store().league_pairings(l.id).await?)
}

/// A pairing's result: the first result between its two players in its
/// game. One of them resigning decides it (the other wins) even while the
/// game goes on for others; else the finished game's winners do.
async fn first_result(
    app: &App,
    p: &PairingRow,
) -> Result<Option<(&'static str, String)>, UserError> {
    let (Some(game), Some(b)) = (p.game_id, p.b_user.as_deref()) else {
        return Ok(None);
    };
    let Some(row) = app.store().game(game).await? else {
        return Ok(None);
    };
    if !matches!(row.status, GameStatus::Active | GameStatus::Finished) {
        return Ok(None);
    }
    let seats = app.store().seats(game).await?;
    // With two seats a resignation ends the game: its outcome says it.
    if seats.len() > 2
        && let Some(loser) = first_resignation(app, &row, [p.a_user.as_str(), b]).await?
    {
        let result = if loser == p.a_user { "b" } else { "a" };
        return Ok(Some((result, format!("<@{loser}> resigned game #{game}"))));
    }
    if row.status != GameStatus::Finished {
        return Ok(None);
    }
    let outcome: crate::engine::Outcome = match row.result.as_deref().map(serde_json::from_str) {
        Some(Ok(o)) => o,
        _ => return Ok(None),
    };
    let won = |u: &str| {
        seats
            .iter()
            .find(|s| s.user_id == u)
            .is_some_and(|s| outcome.winners.contains(&(s.seat as u8)))
    };
    let result = match (won(&p.a_user), won(b)) {
        (true, false) => "a",
        (false, true) => "b",
        _ => "draw",
    };
    Ok(Some((result, outcome.summary)))
}

/// Which of `pair` resigned first in `game` (moves taken back left out).
async fn first_resignation(
    app: &App,
    game: &crate::store::GameRow,
    pair: [&str; 2],
) -> Result<Option<String>, UserError> {
    let driver = crate::app::play::session::driver_of(app, game)?;
    let actions = app.store().actions(game.id).await?;
    let resigned = actions
        .iter()
        .filter(|a| a.undone_at.is_none() && pair.contains(&a.user_id.as_str()))
        .find(|a| {
            driver
                .upgrade_action(a.format, &a.action)
                .is_ok_and(|action| driver.resigns(&action))
        });
    Ok(resigned.map(|a| a.user_id.clone()))
}

/// Members' ids for the pure league code: their place in join order.
pub(crate) fn member_ids(members: &[MemberRow]) -> BTreeMap<String, Member> {
    members
        .iter()
        .enumerate()
        .map(|(i, m)| (m.user_id.clone(), i as Member + 1))
        .collect()
}

/// A pairing's result as the standings and ratings count it: `None`
/// while unplayed, and for a pairing the round's close left unplayed (no
/// game for either: no points, no rated result).
pub(crate) fn counted(p: &PairingRow, ids: &BTreeMap<String, Member>) -> Option<Counted> {
    let a = *ids.get(&p.a_user)?;
    let b = p.b_user.as_ref().and_then(|b| ids.get(b)).copied();
    let score_a = match (p.result.as_deref()?, b) {
        ("bye", _) => return Some(Counted::Bye(a)),
        ("unplayed", _) | (_, None) => return None,
        ("a", _) => 1.0,
        ("b", _) => 0.0,
        _ => 0.5,
    };
    Some(Counted::Game { a, b: b?, score_a })
}

/// Ratings after each round: one Glicko-2 rating period a round.
/// A member's rating across every league of this server for the same
/// game, one rating period a week (by when results were recorded), with
/// the number of rated games.
pub(crate) async fn server_rating(
    app: &App,
    l: &LeagueRow,
    user: &str,
    now: i64,
) -> Result<(Rating, usize), UserError> {
    const WEEK: i64 = 7 * 24 * 3600 * 1000;
    let mut ids: BTreeMap<String, Member> = BTreeMap::new();
    let mut games: Vec<(i64, Rated)> = Vec::new();
    for other in app.store().leagues(&l.guild_id).await? {
        if other.kind != l.kind {
            continue;
        }
        for p in settle(app, &other, now).await? {
            let (Some(b), Some(at)) = (p.b_user.clone(), p.reported_at) else {
                continue;
            };
            for u in [&p.a_user, &b] {
                let next = ids.len() as Member + 1;
                ids.entry(u.clone()).or_insert(next);
            }
            if let Some(g) = counted(&p, &ids).and_then(rated) {
                games.push((at, g));
            }
        }
    }
    let Some(me) = ids.get(user).copied() else {
        return Ok((Rating::default(), 0));
    };
    let members: Vec<Member> = ids.values().copied().collect();
    let first = games.iter().map(|(at, _)| *at).min().unwrap_or(now);
    let weeks = (now - first).max(0) / WEEK + 1;
    let mut r: BTreeMap<Member, Rating> = BTreeMap::new();
    for w in 0..weeks {
        let in_week: Vec<Rated> = games
            .iter()
            .filter(|(at, _)| (at - first) / WEEK == w)
            .map(|(_, g)| *g)
            .collect();
        r = league::rate_period(&r, &members, &in_week);
    }
    let played = games.iter().filter(|(_, g)| g.a == me || g.b == me).count();
    Ok((r.get(&me).copied().unwrap_or_default(), played))
}

pub(crate) fn rating_history(
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
            .filter_map(|p| counted(p, ids).and_then(rated))
            .collect();
        r = league::rate_period(&r, members, &games);
        out.push(r.clone());
    }
    out
}

/// A member's name by user id (the id itself for a stranger).
pub(crate) fn names_of(members: &[MemberRow]) -> impl Fn(&str) -> String + '_ {
    |u: &str| {
        members
            .iter()
            .find(|m| m.user_id == u)
            .map_or_else(|| u.to_string(), |m| m.user_name.clone())
    }
}

/// A played game as a rated result (a bye is not rated).
fn rated(c: Counted) -> Option<Rated> {
    match c {
        Counted::Game { a, b, score_a } => Some(Rated { a, b, score_a }),
        Counted::Bye(_) => None,
    }
}

/// A member named by mention (`<@id>`), id or name.
pub(crate) fn member<'a>(members: &'a [MemberRow], who: &str) -> Result<&'a MemberRow, UserError> {
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
pub(crate) async fn correct(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<String, UserError> {
    let l = pick(app, args, guild).await?;
    organiser(req, Some(&l), "correct a result")?;
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
    let name = names_of(&members);
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

/// The scheduler's due league work of a kind (`what`); none when it cannot
/// be read (logged; the next tick tries again).
pub(crate) fn read_due<K>(what: &str, due: Result<Vec<K>, crate::store::StoreError>) -> Vec<K> {
    due.unwrap_or_else(|e| {
        tracing::warn!(error = %e, "scheduler: cannot read {what}");
        Vec::new()
    })
}

/// Keeps one due item's messages; a failure is logged and retried next tick.
pub(crate) fn keep<M: IntoIterator<Item = Outgoing>>(
    what: &str,
    item: impl std::fmt::Debug,
    result: Result<M, UserError>,
    out: &mut Vec<Outgoing>,
) {
    match result {
        Ok(m) => out.extend(m),
        Err(e) => tracing::warn!(?item, error = %e.message, "scheduler: {what} skipped"),
    }
}

/// The only one of `found` (a league's item), or why not: `none` when
/// there is none, and the leagues to choose from when there are several.
pub(crate) fn only_one<T>(
    found: Vec<(LeagueRow, T)>,
    none: &str,
    several: &str,
) -> Result<(LeagueRow, T), UserError> {
    if found.len() > 1 {
        let names: Vec<String> = found.iter().map(|(l, _)| l.name.clone()).collect();
        return Err(UserError::new(format!(
            "{several}; add league:<name> ({}).",
            names.join(", ")
        )));
    }
    found.into_iter().next().ok_or_else(|| UserError::new(none))
}
