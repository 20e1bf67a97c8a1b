//! Limited leagues with the FCU cube: sealed pools (and safe mode) and the
//! booster draft run by DM. An organiser deals (`/league deal`); each
//! drafter sees only the pile in front of them and their own pool, picks
//! with a button or `/pick`, and a pick deadline makes the default pick.
//! Once the pools are complete, decks are checked against them
//! (`/deck check league:`) and league games open only with a deck built
//! from its player's pool. The draft itself is `crate::league::limited`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::common::{active, keep, only_one, organiser, pick, read_due};
use crate::app::App;
use crate::app::command::message::{Menu, Outgoing, Request, UserError};
use crate::app::command::registry::FORMATS;
use crate::app::command::spec::Args;
use crate::cards::cube;
use crate::cards::{self, CardType};
use crate::decks::{self, Deck};
use crate::engine::GameRng;
use crate::league::limited::{self, Draft, Pass, PickError, Pool};
use crate::store::{LeagueRow, LimitedRow};

/// A draft pick's time when the league sets none.
const DEFAULT_PICK_TIME: i64 = 12 * 3600 * 1000;

/// What a limited league's event holds once dealt: the players in passing
/// order (user ids) and their pools, or the draft in progress.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Event {
    Sealed {
        seats: Vec<String>,
        pools: Vec<Pool>,
    },
    Draft {
        seats: Vec<String>,
        draft: Draft,
    },
}

impl Event {
    fn seats(&self) -> &[String] {
        match self {
            Event::Sealed { seats, .. } | Event::Draft { seats, .. } => seats,
        }
    }

    /// The pools, once complete (a draft's when it is done).
    fn pools(&self) -> Option<&[Pool]> {
        match self {
            Event::Sealed { pools, .. } => Some(pools),
            Event::Draft { draft, .. } if draft.is_done() => Some(&draft.pools),
            Event::Draft { .. } => None,
        }
    }
}

/// `/league create format:` read: the limited format and pick time, or
/// `None` for a constructed league.
pub(crate) fn format_of(
    args: &Args,
    kind: &str,
    pairing: &str,
) -> Result<Option<(&'static str, Option<i64>)>, UserError> {
    let format = args.text("format").unwrap_or("constructed");
    let Some(&format) = FORMATS.iter().skip(1).find(|f| **f == format) else {
        return Ok(None);
    };
    if kind != "xfiles-ccg" {
        return Err(UserError::new(format!(
            "Limited play uses the FCU cube of the X-Files CCG: create the league with game:xfiles-ccg (not {kind}), or leave format: out."
        )));
    }
    if pairing == "free" {
        return Err(UserError::new(
            "A limited league plays rounds: choose pairing:swiss or pairing:round-robin.",
        ));
    }
    let every = match args.text("pick") {
        Some(t) if format == "draft" => {
            Some(crate::app::parse_duration(t).map_err(UserError::new)?)
        }
        Some(_) => {
            return Err(UserError::new(
                "pick: is the draft's time for a pick; sealed play has no picks.",
            ));
        }
        None if format == "draft" => Some(DEFAULT_PICK_TIME),
        None => None,
    };
    Ok(Some((format, every)))
}

/// The answer to creating a limited league.
pub(crate) fn opened(row: &LeagueRow, limited: Option<(&str, Option<i64>)>) -> String {
    let (format, every) = limited.unwrap_or(("sealed", None));
    let how = match format {
        "draft" => format!(
            "an FCU cube booster draft for 3 or 4 players by DM ({} a pick)",
            crate::app::describe_duration(every.unwrap_or(DEFAULT_PICK_TIME))
        ),
        "sealed-safe" => "FCU cube sealed pools in safe mode (2 or 3 players)".into(),
        _ => "FCU cube sealed pools (2 players)".into(),
    };
    format!(
        "League **{}** is open: {how}, then {} rounds with decks built from the pools. Members join with /league join league:\"{}\"; an organiser deals with /league deal.",
        row.name, row.pairing, row.name
    )
}

/// The league's event row, or why it has none.
async fn limited_of(app: &App, l: &LeagueRow) -> Result<LimitedRow, UserError> {
    app.store().limited(l.id).await?.ok_or_else(|| {
        UserError::new(format!(
            "{} is a constructed league: it has no cube pools (limited leagues are created with format:sealed, sealed-safe or draft).",
            l.name
        ))
    })
}

pub(crate) fn event_of(row: &LimitedRow) -> Option<Event> {
    row.state
        .as_deref()
        .map(|s| serde_json::from_str(s).expect("stored limited events are valid"))
}

/// `/league deal`: deals the sealed pools or starts the draft, for the
/// members in the order they joined.
pub(crate) async fn deal(
    app: &App,
    req: &Request,
    args: &Args,
    guild: &str,
) -> Result<Vec<Outgoing>, UserError> {
    let l = pick(app, args, guild).await?;
    organiser(req, Some(&l), "deal the pools")?;
    let row = limited_of(app, &l).await?;
    if row.state.is_some() {
        return Err(UserError::new(format!(
            "{}'s pools were dealt already: /league pool shows yours.",
            l.name
        )));
    }
    let members = app.store().league_members(l.id).await?;
    let seats: Vec<String> = active(&members).iter().map(|m| m.user_id.clone()).collect();
    let mut rng = GameRng::seeded(app.next_seed());
    let cube = cube::fcu();
    let event = match row.format.as_str() {
        "draft" => Event::Draft {
            draft: Draft::deal(cube, seats.len(), &mut rng, req.now).map_err(UserError::new)?,
            seats: seats.clone(),
        },
        format => Event::Sealed {
            pools: limited::seal(cube, seats.len(), format == "sealed-safe", &mut rng)
                .map_err(UserError::new)?,
            seats: seats.clone(),
        },
    };
    let next_due = next_due(&event, &row);
    let state = serde_json::to_string(&event).expect("events serialise");
    if !app
        .store()
        .save_limited(l.id, row.version, &state, next_due)
        .await?
    {
        return Err(UserError::new("The pools were just dealt by someone else."));
    }
    let who: Vec<String> = seats.iter().map(|u| format!("<@{u}>")).collect();
    let mut out = Vec::new();
    match &event {
        Event::Sealed { pools, .. } => {
            out.push(Outgoing::channel(
                &l.channel_id,
                format!(
                    "**{} — pools dealt** to {}: each pool came by DM. Build your deck from it (/league pool, /deck import, /deck check league:\"{}\"); then an organiser opens round 1.",
                    l.name,
                    who.join(", "),
                    l.name
                ),
            ).with_ping(seats.clone()));
            for (user, p) in seats.iter().zip(pools) {
                out.push(pool_message(Outgoing::dm(user, ""), &l, p));
            }
        }
        Event::Draft { draft, .. } => {
            out.push(Outgoing::channel(
                &l.channel_id,
                format!(
                    "**{} — the draft begins** in this seat order: {} (your left is the next name, wrapping round). Six Agents each pass left first; each pile comes by DM.",
                    l.name,
                    who.join(" → ")
                ),
            ).with_ping(seats.clone()));
            for (seat, user) in seats.iter().enumerate() {
                out.push(pile_message(
                    Outgoing::dm(user, ""),
                    &l,
                    &row,
                    draft,
                    &seats,
                    seat,
                    req.now,
                ));
            }
        }
    }
    Ok(out)
}

fn next_due(event: &Event, row: &LimitedRow) -> Option<i64> {
    match event {
        Event::Draft { draft, .. } if !draft.is_done() => {
            draft.next_deadline(row.pick_every.unwrap_or(DEFAULT_PICK_TIME))
        }
        _ => None,
    }
}

/// A card id's title and type.
fn card_of(id: &str) -> (String, CardType) {
    let db = cards::db();
    db.by_id(id)
        .map(|c| (db.get(c).title.clone(), db.get(c).kind))
        .unwrap_or_else(|| (id.to_string(), CardType::Placeholder))
}

/// A pile as shown: by card type, then title. The default pick is the
/// first card shown (how xfiles-bot plays it).
fn shown(pile: &[String]) -> Vec<String> {
    let mut ids = pile.to_vec();
    ids.sort_by_key(|id| {
        let (title, kind) = card_of(id);
        (kind, title, id.clone())
    });
    ids
}

/// The DM (or reply) showing a drafter the pile in front of them.
fn pile_message(
    base: Outgoing,
    l: &LeagueRow,
    row: &LimitedRow,
    draft: &Draft,
    seats: &[String],
    seat: usize,
    now: i64,
) -> Outgoing {
    let Some(pile) = draft.pile(seat) else {
        return Outgoing {
            text: format!(
                "{}: no pile has reached you yet; it comes by DM as soon as your neighbour passes it.",
                l.name
            ),
            ..base
        };
    };
    let n = seats.len();
    let (way, to) = match Draft::direction(draft.round) {
        Pass::Left => ("left", (seat + 1) % n),
        Pass::Right => ("right", (seat + n - 1) % n),
    };
    let what = if draft.round == 0 {
        "the Agents".to_string()
    } else {
        format!("pile {} of {}", draft.round, limited::DRAFT_PILES)
    };
    let mut text = format!(
        "**{} draft — {what}**, passing {way} to <@{}>. Keep one of these {} cards:\n",
        l.name,
        seats[to],
        pile.len()
    );
    let ids = shown(pile);
    let mut menu = Menu::one(
        format!("Keep one of these {} cards", pile.len()),
        format!("/pick card:\"{{}}\" league:\"{}\"", l.name),
    );
    for id in &ids {
        let (title, kind) = card_of(id);
        text.push_str(&format!("• {title} ({kind}, {id})\n"));
        menu = menu.option(format!("{title} ({kind})"), id.clone());
    }
    if draft.queued(seat) > 0 {
        text.push_str(&format!(
            "{} more pile(s) wait after this one.\n",
            draft.queued(seat)
        ));
    }
    let every = row.pick_every.unwrap_or(DEFAULT_PICK_TIME);
    text.push_str(&format!(
        "Pick from the menu or with /pick card:<name>. If you have not picked by <t:{}:f>, the draft keeps the first card listed for you.",
        (now + every) / 1000
    ));
    Outgoing { text, ..base }.with_menus(vec![menu])
}

/// A pool listed by type, with a text file `/deck import` reads.
fn pool_message(base: Outgoing, l: &LeagueRow, pool: &Pool) -> Outgoing {
    let (list, file) = pool_listing(pool);
    let mut text = format!(
        "**Your pool in {}** ({} Agents, {} cards{}):\n{list}",
        l.name,
        pool.agents.len(),
        pool.cards.len(),
        if pool.any_sites {
            ", and any of the cube's Sites (safe mode)"
        } else {
            ""
        }
    );
    text.push_str(&format!(
        "\nBuild a deck from it: at least 3 Agents on the team (cost 20 at most), at least 60 Bureau deck cards, and your X-Files (any: the cube has none). Edit the attached list, /deck import it, then /deck check name:<deck> league:\"{}\".",
        l.name
    ));
    Outgoing { text, ..base }.with_file("pool.txt", file.into_bytes())
}

/// (listing, importable text) of a pool.
fn pool_listing(pool: &Pool) -> (String, String) {
    let mut by_kind: BTreeMap<CardType, BTreeMap<String, u32>> = BTreeMap::new();
    for id in pool.agents.iter().chain(&pool.cards) {
        let (title, kind) = card_of(id);
        *by_kind.entry(kind).or_default().entry(title).or_default() += 1;
    }
    let mut list = String::new();
    let mut file =
        String::from("# A cube pool: keep what you play, add X-Files, then /deck import.\n");
    for (kind, titles) in &by_kind {
        let lines: Vec<String> = titles.iter().map(|(t, n)| format!("{n} {t}")).collect();
        list.push_str(&format!("{kind}: {}\n", lines.join(", ")));
        let section = if *kind == CardType::Agent {
            "Team"
        } else {
            "Bureau"
        };
        file.push_str(&format!("{section}:\n{}\n", lines.join("\n")));
    }
    (list, file)
}

/// The leagues whose event `req.user` takes part in, narrowed by `league:`.
pub(crate) async fn events_of_user(
    app: &App,
    req: &Request,
    args: &Args,
) -> Result<Vec<(LeagueRow, LimitedRow, Event)>, UserError> {
    let mut found = Vec::new();
    for id in app.store().limited_of_user(&req.user.id).await? {
        let (Some(l), Some(row)) = (
            app.store().league(id).await?,
            app.store().limited(id).await?,
        ) else {
            continue;
        };
        let Some(event) = event_of(&row) else {
            continue;
        };
        if !event.seats().contains(&req.user.id) {
            continue;
        }
        if let Some(name) = args.text("league")
            && !l.name.eq_ignore_ascii_case(name.trim())
        {
            continue;
        }
        found.push((l, row, event));
    }
    Ok(found)
}

/// `/pick card:`: keeps a card from the pile in front of you.
pub async fn pick_card(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    for _attempt in 0..5 {
        let drafts: Vec<_> = events_of_user(app, req, args)
            .await?
            .into_iter()
            .filter(|(_, _, e)| matches!(e, Event::Draft { draft, .. } if !draft.is_done()))
            .map(|(l, row, e)| (l, (row, e)))
            .collect();
        let (l, (row, event)) = only_one(
            drafts,
            "You have no draft in progress (an organiser starts one with /league deal in a draft league).",
            "You are drafting in several leagues",
        )?;
        let Event::Draft { seats, mut draft } = event else {
            unreachable!("filtered to drafts")
        };
        let seat = seats
            .iter()
            .position(|u| *u == req.user.id)
            .expect("a seat");
        let pile = draft.pile(seat).ok_or_else(|| {
            UserError::new(format!(
                "No pile has reached you yet in {}: it comes by DM as soon as your neighbour passes it.",
                l.name
            ))
        })?;
        let card = card_in_pile(pile, args.text("card").unwrap_or_default())?;
        let picked = match draft.pick(seat, &card, req.now) {
            Ok(p) => p,
            Err(PickError::NotInPile | PickError::NoPile | PickError::NoSuchSeat) => {
                unreachable!("the card was found in the seat's pile")
            }
        };
        let event = Event::Draft { seats, draft };
        let state = serde_json::to_string(&event).expect("events serialise");
        if app
            .store()
            .save_limited(l.id, row.version, &state, next_due(&event, &row))
            .await?
        {
            let Event::Draft { seats, draft } = &event else {
                unreachable!()
            };
            let mine = Outgoing::ephemeral(&req.user.id, "");
            return Ok(after_pick(
                &l,
                &row,
                (seats, draft),
                seat,
                &picked,
                mine,
                req.now,
            ));
        }
    }
    Err(UserError::new(
        "The draft is busy (several picks at once); pick again.",
    ))
}

/// A card of the pile by id or title (any case); otherwise the pile.
fn card_in_pile(pile: &[String], named: &str) -> Result<String, UserError> {
    let want = named.trim();
    if let Some(id) = pile.iter().find(|id| id.eq_ignore_ascii_case(want)) {
        return Ok(id.clone());
    }
    let norm = cards::normalize(want);
    if let Some(id) = pile
        .iter()
        .find(|id| cards::normalize(&card_of(id).0) == norm)
    {
        return Ok(id.clone());
    }
    // A part of one title only ("Weiss" for "Agent Weiss").
    let partial: Vec<&String> = pile
        .iter()
        .filter(|id| !norm.is_empty() && cards::normalize(&card_of(id).0).contains(&norm))
        .collect();
    let titles: std::collections::BTreeSet<String> =
        partial.iter().map(|id| card_of(id).0).collect();
    if titles.len() == 1 {
        return Ok(partial[0].clone());
    }
    let titles: Vec<String> = shown(pile).iter().map(|id| card_of(id).0).collect();
    let hint = crate::app::command::spec::closest(want, titles.iter().map(String::as_str))
        .map(|t| format!(" Did you mean '{t}'?"))
        .unwrap_or_default();
    Err(UserError::new(format!(
        "'{want}' is not in the pile in front of you.{hint} Your pile: {}. Nothing was picked.",
        titles.join(", ")
    )))
}

/// The messages after a pick (made by the drafter or by default): to the
/// picker (`mine`), to each drafter facing a new pile, and in the channel
/// when a round begins or the draft ends. Nobody is told another's pick.
fn after_pick(
    l: &LeagueRow,
    row: &LimitedRow,
    (seats, draft): (&[String], &Draft),
    seat: usize,
    picked: &limited::Picked,
    mine: Outgoing,
    now: i64,
) -> Vec<Outgoing> {
    let pool = &draft.pools[seat];
    let mut text = format!(
        "You kept **{}**. Your pool: {} Agents, {} cards.",
        card_of(&picked.card).0,
        pool.agents.len(),
        pool.cards.len()
    );
    let mut out = Vec::new();
    if picked.done {
        text.push_str(" The draft is complete.");
        out.push(Outgoing { text, ..mine });
        out.push(Outgoing::channel(
            &l.channel_id,
            format!(
                "**{} — the draft is complete.** Each pool came by DM: build your deck from it (/deck import, /deck check league:\"{}\"); then an organiser opens round 1.",
                l.name, l.name
            ),
        ).with_ping(seats.to_vec()));
        for (user, p) in seats.iter().zip(&draft.pools) {
            out.push(pool_message(Outgoing::dm(user, ""), l, p));
        }
        return out;
    }
    if picked.new_piles.contains(&seat) {
        let next = pile_message(mine, l, row, draft, seats, seat, now);
        out.push(Outgoing {
            text: format!("{text}\n\n{}", next.text),
            ..next
        });
    } else {
        text.push_str(" Your next pile comes by DM when your neighbour passes it.");
        out.push(Outgoing { text, ..mine });
    }
    for s in picked.new_piles.iter().filter(|s| **s != seat) {
        out.push(pile_message(
            Outgoing::dm(&seats[*s], ""),
            l,
            row,
            draft,
            seats,
            *s,
            now,
        ));
    }
    if picked.round_began {
        let way = match Draft::direction(draft.round) {
            Pass::Left => "left",
            Pass::Right => "right",
        };
        out.push(Outgoing::channel(
            &l.channel_id,
            format!(
                "**{} draft — pile {} of {}** is open: piles now pass {way}.",
                l.name,
                draft.round,
                limited::DRAFT_PILES
            ),
        ));
    }
    out
}

/// The scheduler's part: the default pick for every drafter whose pick
/// time ran out (the first card of the pile as listed).
pub async fn pick_deadlines(app: &App, now: i64) -> Vec<Outgoing> {
    let mut out = Vec::new();
    for league in read_due("drafts", app.store().due_drafts(now).await) {
        keep(
            "default picks",
            league,
            default_picks(app, league, now).await,
            &mut out,
        );
    }
    out
}

async fn default_picks(app: &App, league: i64, now: i64) -> Result<Vec<Outgoing>, UserError> {
    let (Some(l), Some(row)) = (
        app.store().league(league).await?,
        app.store().limited(league).await?,
    ) else {
        return Ok(Vec::new());
    };
    let Some(Event::Draft { seats, mut draft }) = event_of(&row) else {
        return Ok(Vec::new());
    };
    let every = row.pick_every.unwrap_or(DEFAULT_PICK_TIME);
    let mut out = Vec::new();
    for seat in draft.overdue(now, every) {
        let Some(pile) = draft.pile(seat) else {
            continue;
        };
        let card = shown(pile).remove(0);
        let picked = draft
            .pick(seat, &card, now)
            .expect("the first card is in the pile");
        let mine = Outgoing::dm(&seats[seat], "");
        let mut msgs = after_pick(&l, &row, (&seats, &draft), seat, &picked, mine, now);
        msgs[0].text = format!(
            "⏰ Your pick time in {}'s draft ran out, so the draft kept the first card listed for you. {}",
            l.name, msgs[0].text
        );
        out.extend(msgs);
    }
    let event = Event::Draft { seats, draft };
    let state = serde_json::to_string(&event).expect("events serialise");
    if app
        .store()
        .save_limited(l.id, row.version, &state, next_due(&event, &row))
        .await?
    {
        Ok(out)
    } else {
        // A pick landed meanwhile: the next tick looks again.
        Ok(Vec::new())
    }
}

/// `/league pool`: your pool (or your pool so far, while drafting).
pub async fn pool(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let events = events_of_user(app, req, args)
        .await?
        .into_iter()
        .map(|(l, _, e)| (l, e))
        .collect();
    let (l, event) = only_one(
        events,
        "You have no cube pool (pools are dealt in limited leagues with /league deal).",
        "You have pools in several leagues",
    )?;
    let seat = event
        .seats()
        .iter()
        .position(|u| *u == req.user.id)
        .expect("a seat");
    let p = match &event {
        Event::Sealed { pools, .. } => &pools[seat],
        Event::Draft { draft, .. } => &draft.pools[seat],
    };
    let mut message = pool_message(Outgoing::ephemeral(&req.user.id, ""), &l, p);
    if event.pools().is_none() {
        message.text = message
            .text
            .replacen("Your pool in", "Your pool so far in", 1);
    }
    Ok(vec![message])
}

/// In a limited league, rounds wait for complete pools.
pub(crate) async fn pools_ready(app: &App, l: &LeagueRow) -> Result<(), UserError> {
    let Some(row) = app.store().limited(l.id).await? else {
        return Ok(());
    };
    match event_of(&row) {
        Some(e) if e.pools().is_some() => Ok(()),
        Some(_) => Err(UserError::new(format!(
            "{}'s draft is still going on; rounds begin once every pool is complete.",
            l.name
        ))),
        None => Err(UserError::new(format!(
            "{}'s pools are not dealt yet: /league deal first.",
            l.name
        ))),
    }
}

/// Every rule `deck` breaks as `user`'s deck in a limited event: the
/// Advanced Game's construction rules and the pool's contents.
pub(crate) fn limited_violations(
    (l, event): (&LeagueRow, &Event),
    user: &str,
    deck: &Deck,
) -> Result<Vec<decks::Violation>, String> {
    let pools = event.pools().ok_or("the pools are not complete yet")?;
    let seat = event
        .seats()
        .iter()
        .position(|u| u == user)
        .ok_or("you have no pool there")?;
    // The cube holds Killer cards: they need the league's killer:true.
    let mut v = decks::validate(deck, super::common::advanced_format(l));
    v.extend(decks::within_pool(deck, &pools[seat], cube::fcu()));
    Ok(v)
}

/// `/league info`'s line on a limited league's event (public: counts only).
pub(crate) async fn status(app: &App, l: &LeagueRow) -> Result<Option<String>, UserError> {
    let Some(row) = app.store().limited(l.id).await? else {
        return Ok(None);
    };
    let what = match row.format.as_str() {
        "draft" => "FCU cube booster draft",
        "sealed-safe" => "FCU cube sealed, safe mode",
        _ => "FCU cube sealed",
    };
    Ok(Some(match event_of(&row) {
        None => format!("{what}: not dealt yet (an organiser deals with /league deal)."),
        Some(Event::Draft { draft, seats }) if !draft.is_done() => format!(
            "{what}: drafting {}, {} of {} picks made.",
            if draft.round == 0 {
                "the Agents".to_string()
            } else {
                format!("pile {} of {}", draft.round, limited::DRAFT_PILES)
            },
            draft.picks,
            Draft::total_picks(seats.len())
        ),
        Some(_) => format!(
            "{what}: pools complete; decks are checked against them (/deck check league:\"{}\").",
            l.name
        ),
    }))
}
