//! Co-operative leagues (Legendary Encounters): members form teams of 1-5
//! for each game (`/league play with:@a @b`), and a finished game records,
//! for the team that played it, its Series points and whether it defeated
//! the End Game. Standings rank teams by Series points, then End Games
//! defeated, then fewer games. How xfiles-bot plays it: every league game
//! is scored as the first game of a Series (the rulebook's Series Score
//! Chart), so teams of any size compare on one scale.

use std::collections::BTreeMap;

use super::common::{active, member, names_of};
use super::rounds::open_game;
use crate::app::App;
use crate::app::command::message::{Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::store::{GameStatus, LeagueRow, TeamGameRow};

/// The most players a Legendary game seats.
const MOST_PLAYERS: usize = 5;

/// `/league play with:`: opens a co-operative league game for the caller
/// and the named teammates, pinging them to join.
pub(crate) async fn play(
    app: &App,
    req: &Request,
    args: &Args,
    l: &LeagueRow,
) -> Result<Vec<Outgoing>, UserError> {
    let members = app.store().league_members(l.id).await?;
    let playing: Vec<_> = active(&members).into_iter().cloned().collect();
    if !playing.iter().any(|m| m.user_id == req.user.id) {
        return Err(UserError::new(format!(
            "Join {} first (/league join) to play its games.",
            l.name
        )));
    }
    let mut team = vec![req.user.id.clone()];
    for named in args
        .text("with")
        .unwrap_or_default()
        .split([' ', ','])
        .filter(|w| !w.trim().is_empty())
    {
        let m = member(&playing, named)?;
        if team.contains(&m.user_id) {
            return Err(UserError::new(format!(
                "{} is named twice (or is you); name each teammate once.",
                m.user_name
            )));
        }
        team.push(m.user_id.clone());
    }
    if team.len() > MOST_PLAYERS {
        return Err(UserError::new(format!(
            "A team is 1 to {MOST_PLAYERS} players; you named {} teammates.",
            team.len() - 1
        )));
    }
    let options = format!("{} series:true", l.game_options);
    let (mut out, game) = open_game(app, req, &options, l, None).await?;
    app.store().add_team_game(l.id, game, &team).await?;
    let mates: Vec<String> = team[1..].to_vec();
    let text = if mates.is_empty() {
        format!(
            "**{}**: game #{game} is <@{}>'s solo game; start it with /game start.",
            l.name, req.user.id
        )
    } else {
        let who: Vec<String> = mates.iter().map(|u| format!("<@{u}>")).collect();
        format!(
            "**{}**: game #{game} is <@{}>'s team with {}. Join it with /game join game:{game}.",
            l.name,
            req.user.id,
            who.join(", ")
        )
    };
    out.push(
        Outgoing::channel(&req.place.channel, text)
            .in_game(game)
            .with_ping(mates),
    );
    Ok(out)
}

/// Records the finished team games not yet reported: the team is whoever
/// sat at the game; its Series points and End Game come from the outcome.
pub(crate) async fn settle(
    app: &App,
    l: &LeagueRow,
    now: i64,
) -> Result<Vec<TeamGameRow>, UserError> {
    for g in app.store().team_games(l.id).await? {
        if g.reported_at.is_some() {
            continue;
        }
        let Some(row) = app.store().game(g.game_id).await? else {
            continue;
        };
        if row.status != GameStatus::Finished {
            continue;
        }
        let Some(Ok(outcome)) = row
            .result
            .as_deref()
            .map(serde_json::from_str::<crate::engine::Outcome>)
        else {
            continue;
        };
        let team = outcome.team.unwrap_or(crate::engine::TeamResult {
            won: false,
            series_points: None,
        });
        let players: Vec<String> = app
            .store()
            .seats(g.game_id)
            .await?
            .into_iter()
            .map(|s| s.user_id)
            .collect();
        let score = (
            i64::from(team.series_points.unwrap_or(0)),
            i64::from(team.won),
        );
        app.store()
            .report_team_game(l.id, g.game_id, &players, score, now)
            .await?;
    }
    Ok(app.store().team_games(l.id).await?)
}

/// A team's totals.
#[derive(Default)]
struct Totals {
    points: i64,
    end_games: i64,
    games: usize,
}

/// `/league standings` of a co-operative league: teams by Series points,
/// then End Games defeated, then fewer games.
pub(crate) async fn standings(app: &App, l: &LeagueRow, now: i64) -> Result<String, UserError> {
    let games = settle(app, l, now).await?;
    let members = app.store().league_members(l.id).await?;
    let name = names_of(&members);
    let mut teams: BTreeMap<Vec<String>, Totals> = BTreeMap::new();
    for g in games.iter().filter(|g| g.reported_at.is_some()) {
        let mut key = g.players.clone();
        key.sort();
        let t = teams.entry(key).or_default();
        t.points += g.points.unwrap_or(0);
        t.end_games += g.end_games.unwrap_or(0);
        t.games += 1;
    }
    let mut rows: Vec<(Vec<String>, Totals)> = teams.into_iter().collect();
    rows.sort_by(|(_, a), (_, b)| {
        (b.points, b.end_games, std::cmp::Reverse(b.games)).cmp(&(
            a.points,
            a.end_games,
            std::cmp::Reverse(a.games),
        ))
    });
    let mut out = format!(
        "**{} — team standings** (Series points, then End Games defeated, then fewer games)\n",
        l.name
    );
    if rows.is_empty() {
        out.push_str("No finished game yet: a team opens one with /league play with:@teammate.\n");
    }
    for (i, (team, t)) in rows.iter().enumerate() {
        let names: Vec<String> = team.iter().map(|u| name(u)).collect();
        out.push_str(&format!(
            "{}. {} — {} Series points, {} End Game(s) defeated in {} game(s)\n",
            i + 1,
            names.join(" & "),
            t.points,
            t.end_games,
            t.games
        ));
    }
    let open = games.iter().filter(|g| g.reported_at.is_none()).count();
    if open > 0 {
        out.push_str(&format!("{open} game(s) still in play.\n"));
    }
    Ok(out)
}

/// `/league history` and `/league player` of a co-operative league: the
/// games (of `only` a player, if given) and what each team earned.
pub(crate) async fn games_text(
    app: &App,
    l: &LeagueRow,
    only: Option<&str>,
    now: i64,
) -> Result<String, UserError> {
    let games = settle(app, l, now).await?;
    let members = app.store().league_members(l.id).await?;
    let name = names_of(&members);
    let mut out = match only {
        Some(u) => format!("**{}** in {}:\n", name(u), l.name),
        None => format!("**{} — games**\n", l.name),
    };
    let mut total = Totals::default();
    for g in games
        .iter()
        .filter(|g| only.is_none_or(|u| g.players.iter().any(|p| p == u)))
    {
        let names: Vec<String> = g.players.iter().map(|u| name(u)).collect();
        let result = match (g.points, g.end_games) {
            (Some(p), Some(e)) => {
                total.points += p;
                total.end_games += e;
                total.games += 1;
                format!(
                    "{p} Series points, {}",
                    if e > 0 {
                        "End Game defeated"
                    } else {
                        "the conspiracy won"
                    }
                )
            }
            _ => "in play".into(),
        };
        out.push_str(&format!(
            "• game #{}: {} — {result}\n",
            g.game_id,
            names.join(" & ")
        ));
    }
    if total.games == 0 && games.is_empty() {
        out.push_str("No game yet.\n");
    } else if only.is_some() {
        out.push_str(&format!(
            "In all: {} Series points, {} End Game(s) defeated in {} finished game(s).\n",
            total.points, total.end_games, total.games
        ));
    }
    Ok(out)
}
