//! What the `/league` files share: finding the league a command names, the
//! organiser check, members by name, the results of linked games (read
//! the first time anyone looks), ratings, and the scheduler's bookkeeping
//! for due league work, and the small facts every file asks of a league row
//! (a team league, its deck format, a pairing's line). It uses no other
//! league file.

use std::collections::BTreeMap;

use crate::app::App;
use crate::app::command::message::{Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::decks;
use crate::league::{self, Counted, Member, Rated, Rating};
use crate::store::{GameStatus, LeagueRow, MemberRow, PairingRow};

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

pub(crate) fn active(members: &[MemberRow]) -> Vec<&MemberRow> {
    members.iter().filter(|m| m.left_at.is_none()).collect()
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

/// A co-operative (Legendary Encounters) league: teams, not pairings.
pub(crate) fn is_team_league(l: &LeagueRow) -> bool {
    l.kind == "legendary"
}

/// The Advanced Game's construction rules as the league plays them: Killer
/// cards only when its games open with `killer:true`.
pub(crate) fn advanced_format(l: &LeagueRow) -> decks::DeckFormat {
    let killer_cards = l
        .game_options
        .split_whitespace()
        .any(|o| o.eq_ignore_ascii_case("killer:true"));
    decks::DeckFormat::Advanced { killer_cards }
}

/// A pairing in one line: its players, its result and its game.
pub(crate) fn pairing_line(p: &PairingRow, name: &dyn Fn(&str) -> String) -> String {
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
