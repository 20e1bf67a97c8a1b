//! `/league create`, `list`, `join`, `leave` and `correct`: a league and
//! its members, and an organiser's correction of a result.

use super::common::*;
use super::format::{parse_sets, season};
use super::limited;
use super::rounds::new_game_invocation;
use crate::app::App;
use crate::app::command::message::{Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::store::{AuditRow, LeagueRow};

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
        None if is_team_league(row) => "Legendary Encounters, co-operative".to_string(),
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
        Ok(if is_team_league(&l) {
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
