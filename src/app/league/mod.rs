//! `/league`: a server's community leagues. Organisers (Manage Server)
//! create a league and open its rounds; members join, open their pairing's
//! game with the league's options in one command, and the finished game
//! reports its result. Standings and Glicko-2 ratings are computed from the
//! results whenever they are shown (`crate::league`). This file holds the
//! dispatch and the scheduled jobs; what every league file shares is in
//! `common.rs` (finding the league, the organiser check, results, ratings);
//! a league and its members in `members.rs`, rounds and games in
//! `rounds.rs`, reported games in `report.rs`, the views (and a season's
//! final standings) in `views.rs`, a league's format and season in
//! `format.rs`, limited leagues in `limited.rs`, co-operative (team)
//! leagues in `team.rs`. The files use each other one way: `members`,
//! `report` → `views` → `team` → `rounds` → `format` → `limited` →
//! `common`.
//!
//! Leagues, members, rounds, pairings, the audit log, a limited league's
//! event (one JSON row with a version, so concurrent picks cannot both land)
//! and team games are rows (migrations 0005-0006, 0008). Results are read
//! from the linked games the first time anyone looks (a finished game
//! reports itself; a pairing's result is the first between its two players,
//! a resignation included; a league game seats only its pairing; an unplayed
//! pairing counts for nobody), and standings and ratings are computed from
//! them, never stored, so a correction changes them everywhere. Standings go
//! out as an `Embed` with the picture inside, text elsewhere.

pub mod common;
pub mod format;
pub mod limited;
pub mod members;
pub mod report;
pub mod rounds;
pub mod team;
pub mod views;

use crate::app::App;
use crate::app::command::message::{Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use common::{is_team_league, pick};
use members::{correct, create, join, leave, list};
use rounds::{close, round};
use views::{audit, history, info, player, standings_cmd};

/// `/league play`: a team league's co-operative game with the named
/// teammates, else the game of the caller's pairing.
async fn play(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<Vec<Outgoing>, UserError> {
    let l = pick(app, args, guild).await?;
    format::in_season(&l, req.now)?;
    if is_team_league(&l) {
        return team::play(app, req, args, &l).await;
    }
    rounds::play(app, req, args, &l).await
}

/// The leagues' scheduled jobs at `now`, in order: round reminders and
/// deadlines, draft pick deadlines, season ends.
pub async fn jobs(app: &App, now: i64) -> Vec<Outgoing> {
    let mut out = rounds::remind_rounds(app, now).await;
    out.extend(limited::pick_deadlines(app, now).await);
    out.extend(views::season_ends(app, now).await);
    out
}

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
