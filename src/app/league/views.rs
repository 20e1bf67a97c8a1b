//! `/league` views: standings (text and picture), a league's round, a
//! member's games and ratings, every round's results, the audit log, and
//! the final standings posted once a season ends (a scheduled job).

use super::common::*;
use crate::app::App;
use crate::app::command::message::{Embed, Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::league::{self, Counted, Member};
use crate::store::LeagueRow;

pub(crate) async fn standings_cmd(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<Vec<Outgoing>, UserError> {
    let l = pick(app, args, guild).await?;
    if super::common::is_team_league(&l) {
        let text = super::team::standings(app, &l, req.now).await?;
        return Ok(vec![Outgoing::channel(&req.place.channel, text)]);
    }
    let (text, png, embed) = standings_text(app, &l, req.now).await?;
    Ok(vec![
        Outgoing::channel(&req.place.channel, text)
            .with_file("standings.png", png)
            .with_embed(embed),
    ])
}

/// How standings are scored and tie-broken (Swiss and round-robin).
const SCORING: &str =
    "points: win 3, draw 1, bye 3; ties: opponents' match-win %, then head to head";

/// The standings as text, as a picture, and as an embed showing both.
pub(crate) async fn standings_text(
    app: &App,
    l: &LeagueRow,
    now: i64,
) -> Result<(String, Vec<u8>, Embed), UserError> {
    let pairings = settle(app, l, now).await?;
    let members = app.store().league_members(l.id).await?;
    let ids = member_ids(&members);
    let all: Vec<Member> = ids.values().copied().collect();
    let results: Vec<Counted> = pairings.iter().filter_map(|p| counted(p, &ids)).collect();
    let rows = league::standings(&all, &results);
    let history = rating_history(&all, &pairings, &ids);
    let rated = history.last().cloned().unwrap_or_default();
    let mut out = format!("**{} — standings** ({SCORING})\n", l.name);
    let mut picture_rows = Vec::new();
    let mut lines = Vec::new();
    let mut embed_lines = Vec::new();
    for s in &rows {
        let m = &members[(s.member - 1) as usize];
        let r = rated.get(&s.member).copied().unwrap_or_default();
        let name = format!(
            "{}{}",
            m.user_name,
            if m.left_at.is_some() { " (left)" } else { "" }
        );
        let record = format!("{}-{}-{}", s.wins, s.losses, s.draws);
        let line = format!(
            "{}. {name} — {} ({record}{}) · OMW {:.0}% · rating {:.0} ±{:.0}",
            s.rank,
            crate::words::count(s.points, "pt"),
            if s.byes > 0 {
                format!(", {} bye", s.byes)
            } else {
                String::new()
            },
            s.omw * 100.0,
            r.rating,
            2.0 * r.deviation
        );
        out.push_str(&line);
        out.push('\n');
        embed_lines.push(line);
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
    let title = format!("{} — standings", l.name);
    let png = league::picture::standings_png(&title, &picture_rows, &lines);
    let embed = Embed {
        title,
        lines: embed_lines,
        footer: Some(SCORING.to_string()),
        image: Some("standings.png".into()),
        fields: vec![],
    };
    Ok((out, png, embed))
}

pub(crate) async fn info(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<String, UserError> {
    let l = pick(app, args, guild).await?;
    let pairings = settle(app, &l, req.now).await?;
    let members = app.store().league_members(l.id).await?;
    let rounds = app.store().league_rounds(l.id).await?;
    let name = names_of(&members);
    let mut out = format!(
        "**{}** — {}, {}{}. Members: {}.\n",
        l.name,
        l.kind,
        if super::common::is_team_league(&l) {
            "co-operative".to_string()
        } else {
            format!("{} pairings", l.pairing)
        },
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
    if let Some(line) = super::format::describe(&l) {
        out.push_str(&line);
        out.push('\n');
    }
    if let Some(line) = super::limited::status(app, &l).await? {
        out.push_str(&line);
        out.push('\n');
    }
    if super::common::is_team_league(&l) {
        out.push_str("Co-operative: a team of 1-5 members opens a game with /league play with:@teammate; /league standings ranks the teams.\n");
    } else if l.pairing == "free" {
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

pub(crate) async fn audit(app: &App, args: &Args, guild: &str) -> Result<String, UserError> {
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
            crate::app::command::names::inert(&a.reason)
        ));
    }
    Ok(out)
}

/// One member's games, record and rating after each round.
pub(crate) async fn player(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<String, UserError> {
    let l = pick(app, args, guild).await?;
    let members = app.store().league_members(l.id).await?;
    let who = match args.text("player") {
        Some(p) => member(&members, p)?,
        None => member(&members, &req.user.id)?,
    };
    if super::common::is_team_league(&l) {
        return super::team::games_text(app, &l, Some(&who.user_id), req.now).await;
    }
    let pairings = settle(app, &l, req.now).await?;
    let ids = member_ids(&members);
    let all: Vec<Member> = ids.values().copied().collect();
    let me = ids[&who.user_id];
    let name = names_of(&members);
    let results: Vec<Counted> = pairings.iter().filter_map(|p| counted(p, &ids)).collect();
    let row = league::standings(&all, &results)
        .into_iter()
        .find(|s| s.member == me)
        .expect("every member has a row");
    let mut out = format!(
        "**{}** in {}: rank {}, {} ({}-{}-{}), OMW {:.0}%.\n",
        who.user_name,
        l.name,
        row.rank,
        crate::words::count(row.points, "pt"),
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
            "{} {round}: {} · rating {:.0} ±{:.0}\n",
            if l.pairing == "free" { "Week" } else { "Round" },
            mine.map_or_else(|| "not paired".to_string(), |p| pairing_line(p, &name)),
            r.rating,
            2.0 * r.deviation
        ));
    }
    let (server, games) = server_rating(app, &l, &who.user_id, req.now).await?;
    out.push_str(&format!(
        "Across this server's {} leagues: rating {:.0} ±{:.0} over {games} game(s).\n",
        l.kind,
        server.rating,
        2.0 * server.deviation
    ));
    Ok(out)
}

/// Every round's pairings and results.
pub(crate) async fn history(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<String, UserError> {
    let l = pick(app, args, guild).await?;
    if super::common::is_team_league(&l) {
        return super::team::games_text(app, &l, None, req.now).await;
    }
    let pairings = settle(app, &l, req.now).await?;
    let members = app.store().league_members(l.id).await?;
    let name = names_of(&members);
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

/// The scheduler's part: each league whose season has ended gets its final
/// standings posted in its channel, once across processes.
pub async fn season_ends(app: &App, now: i64) -> Vec<Outgoing> {
    let mut out = Vec::new();
    for id in read_due("season ends", app.store().ended_seasons(now).await) {
        keep(
            "season end",
            id,
            final_standings(app, id, now).await,
            &mut out,
        );
    }
    out
}

async fn final_standings(app: &App, id: i64, now: i64) -> Result<Option<Outgoing>, UserError> {
    if !app.store().claim_season_end(id, now).await? {
        return Ok(None);
    }
    let Some(l) = app.store().league(id).await? else {
        return Ok(None);
    };
    if is_team_league(&l) {
        let text = super::team::standings(app, &l, now).await?;
        return Ok(Some(Outgoing::channel(
            &l.channel_id,
            format!(
                "🏁 **{}: the season is over.** Final standings:\n{text}",
                l.name
            ),
        )));
    }
    let (text, png, mut embed) = standings_text(app, &l, now).await?;
    embed.title = format!("🏁 {} — final standings", l.name);
    Ok(Some(
        Outgoing::channel(
            &l.channel_id,
            format!(
                "🏁 **{}: the season is over.** Final standings:\n{text}",
                l.name
            ),
        )
        .with_file("standings.png", png)
        .with_embed(embed),
    ))
}
