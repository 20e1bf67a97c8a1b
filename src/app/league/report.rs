//! `/league report` and `/league dispute`. A game two paired players opened
//! themselves (not with `/league play`) counts for their pairing only when
//! it is a game `/league play` could have opened: opened since the
//! pairing's round (a free league's week) began, seating exactly the pair,
//! with the league's game options and decks its format allows, and
//! counting for no other pairing of any league. The reporter's opponent is
//! told, and may dispute the report while the round is open: the game then
//! no longer counts, and the league's channel (its organisers) hears of it.

use super::common::{names_of, pick, settle};
use super::rounds::{WEEK, free_pairing, new_game_invocation, waiting_for_game};
use crate::app::App;
use crate::app::command::message::{Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::store::{AuditRow, GameRow, GameStatus, LeagueRow, PairingRow, SeatRow};

/// The game a command names (`game:12` or `game:#12`); 0 when unreadable.
fn game_id(args: &Args) -> i64 {
    args.text("game")
        .unwrap_or_default()
        .trim_start_matches('#')
        .parse()
        .unwrap_or(0)
}

/// A pairing's two players (a bye's second is empty).
fn players_of(p: &PairingRow) -> [String; 2] {
    [p.a_user.clone(), p.b_user.clone().unwrap_or_default()]
}

/// `/league report`'s game: one of this server, of the league's kind, not
/// cancelled.
async fn reported_game(
    app: &App,
    l: &LeagueRow,
    id: i64,
    guild: &str,
) -> Result<GameRow, UserError> {
    let game = app
        .store()
        .game(id)
        .await?
        .filter(|g| g.guild_id.as_deref() == Some(guild))
        .ok_or_else(|| {
            UserError::new(format!(
                "There is no game #{id} on this server (/game list shows yours)."
            ))
        })?;
    if game.kind != l.kind {
        return Err(UserError::new(format!(
            "Game #{id} is a {} game; {} plays {}, so it cannot count there.",
            game.kind, l.name, l.kind
        )));
    }
    if game.status == GameStatus::Cancelled {
        return Err(UserError::new(format!(
            "Game #{id} was cancelled, so it cannot count in {}.",
            l.name
        )));
    }
    Ok(game)
}

/// (e) A game counts for one pairing of one league at most.
async fn counts_nowhere(app: &App, id: i64) -> Result<(), UserError> {
    let Some((league, p)) = app.store().pairing_of_game(id).await? else {
        return Ok(());
    };
    let (name, period) = match app.store().league(league).await? {
        Some(other) => (other.name.clone(), other.period_word()),
        None => ("another league".to_string(), "round"),
    };
    Err(UserError::new(format!(
        "Game #{id} already counts in {name} ({period} {}); a game counts for one pairing of one league only.",
        p.round
    )))
}

/// The caller's pairing the game would count for: the one still waiting
/// for its game, or in free play this week's with the game's other player.
async fn the_pairing(
    app: &App,
    req: &Request,
    l: &LeagueRow,
    (id, players): (i64, &[String]),
) -> Result<PairingRow, UserError> {
    let me = req.user.id.as_str();
    if l.pairing == "free" {
        let opponent = players.iter().find(|u| *u != me).ok_or_else(|| {
            UserError::new(format!(
                "Game #{id} has no player besides you, so it cannot count in {}.",
                l.name
            ))
        })?;
        return free_pairing(app, req, Some(opponent.as_str()), l).await;
    }
    let pairings = settle(app, l, req.now).await?;
    waiting_for_game(pairings, me).ok_or_else(|| {
        UserError::new(format!(
            "You have no pairing in {} still waiting for its game: /league info shows the round.",
            l.name
        ))
    })
}

/// (b) The game's seated players are exactly the pairing's two.
fn same_players(id: i64, players: &[String], p: &PairingRow) -> Result<(), UserError> {
    let pair = players_of(p);
    let (mut seated, mut wanted) = (players.to_vec(), pair.to_vec());
    seated.sort();
    wanted.sort();
    if seated == wanted {
        return Ok(());
    }
    let who: Vec<String> = players.iter().map(|u| format!("<@{u}>")).collect();
    Err(UserError::new(format!(
        "Game #{id} is not your league game: its players are {}, and your pairing is <@{}> vs <@{}>.",
        who.join(", "),
        pair[0],
        pair[1]
    )))
}

/// When the pairing's period began: its round's opening, or in free play
/// its week's start (weeks count from the league's creation).
async fn period_start(app: &App, l: &LeagueRow, round: i64) -> Result<i64, UserError> {
    if l.pairing == "free" {
        return Ok(l.created_at + (round - 1) * WEEK);
    }
    let rounds = app.store().league_rounds(l.id).await?;
    Ok(rounds
        .iter()
        .find(|r| r.number == round)
        .map_or(l.created_at, |r| r.started_at))
}

/// (a) The game was opened for this pairing: not before the league existed,
/// its season started, or the pairing's round (week) began.
async fn opened_in_period(
    app: &App,
    l: &LeagueRow,
    p: &PairingRow,
    game: &GameRow,
) -> Result<(), UserError> {
    let (id, at) = (game.id, game.created_at);
    let before = |what: String, from: i64| {
        UserError::new(format!(
            "Game #{id} was opened before {what} (<t:{}:f>), so it cannot count there: only a game opened since then counts. Play your pairing with /league play.",
            from / 1000
        ))
    };
    if at < l.created_at {
        return Err(before(format!("{} existed", l.name), l.created_at));
    }
    if let Some(s) = l.starts_at.filter(|s| at < *s) {
        return Err(before(format!("{}'s season started", l.name), s));
    }
    let opened = period_start(app, l, p.round).await?;
    if at < opened {
        let what = format!("{} {} of {} began", l.period_word(), p.round, l.name);
        return Err(before(what, opened));
    }
    Ok(())
}

/// (c) The game has the options `/league play` opens the league's games
/// with: the same rules (the kind is checked already) and the same agreed
/// move deadline.
fn same_options(app: &App, l: &LeagueRow, game: &GameRow) -> Result<(), UserError> {
    let (_, args) = new_game_invocation(app, &l.kind, &l.game_options, None)?;
    let driver = crate::app::play::session::driver_of(app, game)?;
    let wanted = driver.build_options(&args)?;
    let deadline = crate::app::play::clock::Timing::from_args(app, &args)?.deadline_every;
    let json = |s: &str| serde_json::from_str::<serde_json::Value>(s).ok();
    let have = json(game.options.as_str());
    let same_rules = have.is_some() && have == json(wanted.as_str());
    if same_rules && game.deadline_every == deadline {
        return Ok(());
    }
    let rules = |options: &str, deadline: Option<i64>| {
        let every = deadline.map_or_else(
            || "no move deadline".to_string(),
            |d| format!("a move deadline of {}", crate::app::describe_duration(d)),
        );
        let described = driver.describe_options(options);
        format!("{} ({every})", described.trim_end_matches('.'))
    };
    Err(UserError::new(format!(
        "Game #{} was not opened with {}'s game options, so it cannot count there: it plays {}; the league plays {}. /league play opens your pairing's game with them.",
        game.id,
        l.name,
        rules(game.options.as_str(), game.deadline_every),
        rules(wanted.as_str(), deadline)
    )))
}

/// (d) Every seat's deck keeps to the league's format (its card sets, or
/// its player's limited pool), as `/league play` checks a deck.
async fn league_decks(
    app: &App,
    l: &LeagueRow,
    id: i64,
    seats: &[SeatRow],
) -> Result<(), UserError> {
    for s in seats {
        let player = (id, s.user_id.as_str());
        super::format::check_seated_deck(app, l, player, s.setup.as_deref()).await?;
    }
    Ok(())
}

/// Links the pairing to the reported game, unless the game started to
/// count somewhere meanwhile (checked again in the same statement).
async fn claim(
    app: &App,
    l: &LeagueRow,
    p: &PairingRow,
    game: i64,
    me: &str,
) -> Result<(), UserError> {
    let claimed = if p.id == 0 {
        app.store()
            .add_claimed_pairing(l.id, p, game, me)
            .await?
            .is_some()
    } else {
        app.store().claim_game(p.id, game, me).await?
    };
    if claimed {
        return Ok(());
    }
    Err(UserError::new(format!(
        "Game #{game} was counted for a pairing (or yours got its game) just now; nothing was changed: /league info shows the round."
    )))
}

/// `/league report game:`: a game the two players of a pairing opened
/// themselves counts for their pairing (in free play, for this week's
/// pairing of its two players) when it is a game `/league play` could have
/// opened; the opponent is told and may dispute it. Its result is recorded
/// when it ends, like any league game. Any refusal changes nothing.
pub(crate) async fn report(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<Vec<Outgoing>, UserError> {
    let l = pick(app, args, guild).await?;
    super::format::in_season(&l, req.now)?;
    if super::common::is_team_league(&l) {
        return Err(UserError::new(format!(
            "{}'s games count when a team opens them with /league play with:@teammate.",
            l.name
        )));
    }
    let game = reported_game(app, &l, game_id(args), guild).await?;
    counts_nowhere(app, game.id).await?;
    let seats = app.store().seats(game.id).await?;
    let players: Vec<String> = seats.iter().map(|s| s.user_id.clone()).collect();
    let mine = the_pairing(app, req, &l, (game.id, players.as_slice())).await?;
    same_players(game.id, &players, &mine)?;
    opened_in_period(app, &l, &mine, &game).await?;
    same_options(app, &l, &game)?;
    league_decks(app, &l, game.id, &seats).await?;
    claim(app, &l, &mine, game.id, &req.user.id).await?;
    settle(app, &l, req.now).await?;
    Ok(vec![reported_post(&l, &mine, game.id, &req.user.id)])
}

/// The league channel's post on a report, telling the opponent how to
/// dispute it.
fn reported_post(l: &LeagueRow, p: &PairingRow, game: i64, me: &str) -> Outgoing {
    let [a, b] = players_of(p);
    let opponent = if a == me { b.clone() } else { a.clone() };
    let (period, round) = (l.period_word(), p.round);
    Outgoing::channel(
        &l.channel_id,
        format!(
            "Game #{game} now counts in {} ({period} {round}): <@{a}> vs <@{b}>. Its result is recorded when it ends.\n<@{opponent}>, <@{me}> reported it for your pairing; if it should not count, /league dispute game:{game} before {period} {round} ends.",
            l.name
        ),
    )
    .with_ping(vec![opponent])
}

/// The league pairing game `id` counts for, in a league of this server.
async fn counted_pairing(
    app: &App,
    id: i64,
    guild: &str,
) -> Result<(LeagueRow, PairingRow), UserError> {
    let none = || {
        UserError::new(format!(
            "Game #{id} counts in no league of this server, so there is nothing to dispute."
        ))
    };
    let (league, p) = app.store().pairing_of_game(id).await?.ok_or_else(none)?;
    let l = app
        .store()
        .league(league)
        .await?
        .filter(|l| l.guild_id == guild)
        .ok_or_else(none)?;
    Ok((l, p))
}

/// A report is disputed within its round (a free league's week); after
/// that only an organiser changes a result.
async fn still_open(app: &App, l: &LeagueRow, p: &PairingRow, now: i64) -> Result<(), UserError> {
    let open = if l.pairing == "free" {
        p.round == (now - l.created_at).max(0) / WEEK + 1
    } else {
        let rounds = app.store().league_rounds(l.id).await?;
        rounds
            .iter()
            .any(|r| r.number == p.round && r.closed_at.is_none())
    };
    if open {
        return Ok(());
    }
    Err(UserError::new(format!(
        "{}'s {} {} is over, so its games can no longer be disputed; an organiser can still correct a result (/league correct).",
        l.name,
        l.period_word(),
        p.round
    )))
}

/// `/league dispute game:`: the opponent of whoever reported a game for
/// their pairing says it should not count, while its round is open. The
/// game no longer counts (a round's pairing waits for its game again), the
/// dispute goes into the audit log, and the league's channel is told so
/// its organisers can settle it.
pub(crate) async fn dispute(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<Vec<Outgoing>, UserError> {
    let id = game_id(args);
    let (l, p) = counted_pairing(app, id, guild).await?;
    super::format::in_season(&l, req.now)?;
    let reporter = p.claimed_by.clone().ok_or_else(|| {
        UserError::new(format!(
            "Game #{id} was opened with /league play in {}, not reported; an organiser corrects its result with /league correct.",
            l.name
        ))
    })?;
    let [a, b] = players_of(&p);
    let opponent = if reporter == a { b.clone() } else { a.clone() };
    if req.user.id != opponent {
        return Err(UserError::new(format!(
            "Only <@{opponent}>, whose opponent <@{reporter}> reported game #{id}, can dispute it."
        )));
    }
    still_open(app, &l, &p, req.now).await?;
    let members = app.store().league_members(l.id).await?;
    let name = names_of(&members);
    let entry = AuditRow {
        at: req.now,
        by_user: req.user.name.clone(),
        what: format!(
            "{} {}: game #{id} ({} vs {}), reported by {}, disputed by {}: it no longer counts",
            l.period_word(),
            p.round,
            name(a.as_str()),
            name(b.as_str()),
            name(reporter.as_str()),
            name(opponent.as_str())
        ),
        reason: "disputed by the reporter's opponent".into(),
    };
    let free = l.pairing == "free";
    if !app
        .store()
        .dispute_pairing(l.id, (p.id, id), free, &entry)
        .await?
    {
        return Err(UserError::new(format!(
            "Game #{id} no longer counts in {}; there is nothing to dispute.",
            l.name
        )));
    }
    Ok(vec![disputed_post(
        &l,
        &p,
        id,
        (reporter.as_str(), opponent.as_str()),
    )])
}

/// The league channel's post on a dispute, for the reporter and the
/// organisers.
fn disputed_post(
    l: &LeagueRow,
    p: &PairingRow,
    game: i64,
    (reporter, by): (&str, &str),
) -> Outgoing {
    let organisers = l.organiser_role.as_ref().map_or_else(
        || "Organisers".to_string(),
        |r| format!("Organisers (<@&{r}>)"),
    );
    let after = if l.pairing == "free" {
        "it is no longer a rated game"
    } else {
        "the pairing waits for its game again (/league play)"
    };
    Outgoing::channel(
        &l.channel_id,
        format!(
            "**{}**, {} {}: <@{by}> disputes game #{game}, which <@{reporter}> reported for their pairing: it no longer counts, and {after}. {organisers}: settle it with the players; /league correct records a result, and /league audit lists this dispute.",
            l.name,
            l.period_word(),
            p.round
        ),
    )
    .with_ping(vec![reporter.to_string()])
}
