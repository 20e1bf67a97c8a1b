//! A league's format and season: the card sets its decks may use, how
//! many games a pairing plays, and the season's window (play opens on its
//! start date and closes on its end date, when `views::season_ends` posts
//! the final standings once), and the deck checks a league makes. The next season is a new league created `from:` the last
//! one, which brings its members along.

use super::limited::{event_of, events_of_user, limited_violations};
use crate::app::App;
use crate::app::command::message::{Request, UserError};
use crate::app::command::spec::{Args, closest};
use crate::cards::{self, CardSet};
use crate::decks::{self, Deck, Violation};
use crate::store::LeagueRow;

const DAY: i64 = 24 * 3600 * 1000;

/// Every set, in the data's order.
fn all_sets() -> Vec<CardSet> {
    let mut sets: Vec<CardSet> = cards::db().iter().map(|(_, c)| c.set).collect();
    sets.sort();
    sets.dedup();
    sets
}

/// `sets:` read: `official`, `all`, or set slugs (or names) separated by
/// spaces or commas; `None` when any set will do.
pub(crate) fn parse_sets(text: &str) -> Result<Option<String>, UserError> {
    let t = text.trim().to_ascii_lowercase();
    if t.is_empty() || t == "all" || t == "any" {
        return Ok(None);
    }
    let sets = all_sets();
    if t == "official" {
        let official: Vec<&str> = sets
            .iter()
            .filter(|s| s.is_official())
            .map(|s| s.slug())
            .collect();
        return Ok(Some(official.join(" ")));
    }
    let mut chosen = Vec::new();
    for word in t.split([' ', ',']).filter(|w| !w.is_empty()) {
        let found = sets
            .iter()
            .find(|s| s.slug() == word || s.to_string().eq_ignore_ascii_case(word));
        match found {
            Some(s) => chosen.push(s.slug()),
            None => {
                let hint = closest(word, sets.iter().map(|s| s.slug()))
                    .map(|s| format!(" Did you mean '{s}'?"))
                    .unwrap_or_default();
                return Err(UserError::new(format!(
                    "'{word}' is not a card set.{hint} Sets: official (the six printed ones), all, or any of {}.",
                    sets.iter().map(|s| s.slug()).collect::<Vec<_>>().join(", ")
                )));
            }
        }
    }
    Ok(Some(chosen.join(" ")))
}

/// A date `YYYY-MM-DD` as the UTC midnight starting it (ms).
pub(crate) fn parse_date(text: &str) -> Result<i64, UserError> {
    let bad = || {
        UserError::new(format!(
            "'{text}' is not a date; write it as YYYY-MM-DD, e.g. 2027-01-31 (UTC)."
        ))
    };
    let parts: Vec<i64> = text
        .trim()
        .split('-')
        .map(|p| p.parse::<i64>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let [y, m, d] = parts.as_slice() else {
        return Err(bad());
    };
    if !(1..=12).contains(m) || !(1..=31).contains(d) || !(2000..=9999).contains(y) {
        return Err(bad());
    }
    Ok(days_from_civil(*y, *m, *d) * DAY)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (the civil-from-days
/// inverse of H. Hinnant's algorithms).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The season window from `starts:` and `ends:` (the end date included).
pub(crate) fn season(args: &Args) -> Result<(Option<i64>, Option<i64>), UserError> {
    let starts = args.text("starts").map(parse_date).transpose()?;
    let ends = args
        .text("ends")
        .map(|t| parse_date(t).map(|d| d + DAY))
        .transpose()?;
    if let (Some(s), Some(e)) = (starts, ends)
        && e <= s
    {
        return Err(UserError::new(
            "The season must end on or after the day it starts.",
        ));
    }
    Ok((starts, ends))
}

/// Refuses league play outside the season.
pub(crate) fn in_season(l: &LeagueRow, now: i64) -> Result<(), UserError> {
    if let Some(s) = l.starts_at.filter(|s| now < *s) {
        return Err(UserError::new(format!(
            "{}'s season starts <t:{}:D>; play opens then.",
            l.name,
            s / 1000
        )));
    }
    if let Some(e) = l.ends_at.filter(|e| now >= *e) {
        return Err(UserError::new(format!(
            "{}'s season ended <t:{}:D>; its standings are final. The next season: /league create … from:{}.",
            l.name,
            e / 1000,
            crate::app::command::spec::option_value(&l.name)
        )));
    }
    Ok(())
}

/// The cards of `deck` with no printing in the league's sets.
pub(crate) fn outside_sets(l: &LeagueRow, deck: &Deck) -> Vec<Violation> {
    let Some(sets) = &l.sets else {
        return Vec::new();
    };
    let allowed: Vec<&str> = sets.split_whitespace().collect();
    let db = cards::db();
    let mut out: Vec<Violation> = Vec::new();
    for c in deck
        .team
        .iter()
        .chain(&deck.xfiles)
        .chain(deck.bureau.iter().map(|(c, _)| c))
    {
        let printed_in = |i: &cards::CardIdx| allowed.contains(&db.get(*i).set.slug());
        if !printed_in(c) && !db.printings(*c).iter().any(printed_in) {
            let message = format!(
                "{} is not printed in {}'s sets ({})",
                db.get(*c).title,
                l.name,
                allowed.join(", ")
            );
            if !out.iter().any(|v| v.message == message) {
                out.push(Violation {
                    message,
                    source: "the league's format",
                });
            }
        }
    }
    out
}

/// `/league info`'s line on the format and season, if either is set.
pub(crate) fn describe(l: &LeagueRow) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(s) = &l.sets {
        parts.push(format!("decks from {}", s.replace(' ', ", ")));
    }
    if l.games_per_pairing > 1 {
        parts.push(format!(
            "{} games a pairing, each counted",
            l.games_per_pairing
        ));
    }
    if let Some(s) = l.starts_at {
        parts.push(format!("season from <t:{}:D>", s / 1000));
    }
    if let Some(e) = l.ends_at {
        parts.push(format!("season ends <t:{}:D>", e / 1000));
    }
    (!parts.is_empty()).then(|| format!("Format: {}.", parts.join("; ")))
}

/// Every rule `deck` breaks as `user`'s deck in league `l`: a limited
/// league's pool (with the Advanced rules), or a constructed league's sets;
/// `None` when the league checks no deck.
async fn league_violations(
    app: &App,
    l: &LeagueRow,
    user: &str,
    deck: &Deck,
) -> Result<Option<Vec<Violation>>, UserError> {
    if let Some(row) = app.store().limited(l.id).await? {
        let event = event_of(&row)
            .ok_or_else(|| UserError::new(format!("{}'s pools are not dealt yet.", l.name)))?;
        let broken = limited_violations((l, &event), user, deck)
            .map_err(|why| UserError::new(format!("In {}, {why}.", l.name)))?;
        return Ok(Some(broken));
    }
    if l.sets.is_none() {
        return Ok(None);
    }
    let mut broken = decks::validate(deck, super::common::advanced_format(l));
    broken.extend(outside_sets(l, deck));
    Ok(Some(broken))
}

/// `/league play` in a league with a deck format (a limited pool or card
/// sets): the deck must keep to it.
pub(crate) async fn check_league_deck(
    app: &App,
    l: &LeagueRow,
    req: &Request,
    deck: Option<&str>,
) -> Result<(), UserError> {
    if !checks_decks(app, l).await? {
        return Ok(());
    }
    let name = deck.ok_or_else(|| {
        UserError::new(format!(
            "{} checks decks: add deck:<name> (/deck check name:<deck> league:\"{}\" says whether it fits).",
            l.name, l.name
        ))
    })?;
    let saved = app
        .store()
        .deck(&req.user.id, "xfiles-ccg", name)
        .await?
        .ok_or_else(|| UserError::new(format!("You have no deck named '{name}' (/deck list).")))?;
    let deck = crate::app::play::decks::stored_deck(&saved)?;
    let broken = league_violations(app, l, &req.user.id, &deck)
        .await?
        .unwrap_or_default();
    if broken.is_empty() {
        return Ok(());
    }
    Err(UserError::new(format!(
        "Your deck '{name}' cannot be played in {} ({} problems); fix it, /deck import it again, and play. No game was opened.\n{}",
        l.name,
        broken.len(),
        bullets(&broken)
    )))
}

/// Whether league `l` checks its players' decks: an X-Files CCG league
/// with card sets or a limited pool.
async fn checks_decks(app: &App, l: &LeagueRow) -> Result<bool, UserError> {
    if l.kind != "xfiles-ccg" {
        return Ok(false);
    }
    Ok(l.sets.is_some() || app.store().limited(l.id).await?.is_some())
}

/// `/league report`: the deck `user` sat down with in `game` (its seat's
/// setup) must keep to the league's format, as `/league play` checks it.
pub(crate) async fn check_seated_deck(
    app: &App,
    l: &LeagueRow,
    (game, user): (i64, &str),
    setup: Option<&str>,
) -> Result<(), UserError> {
    if !checks_decks(app, l).await? {
        return Ok(());
    }
    let refused = |why: String| {
        UserError::new(format!(
            "Game #{game} cannot count in {}: <@{user}>'s deck {why}",
            l.name
        ))
    };
    let setup =
        setup.ok_or_else(|| refused("is not chosen yet (/game join deck:<name>).".into()))?;
    let stored: decks::StoredDeck = serde_json::from_str(setup)
        .map_err(|e| refused(format!("cannot be read ({e}), so it cannot be checked.")))?;
    let deck = Deck::from_stored(&stored).map_err(|e| refused(format!("cannot be read ({e}).")))?;
    let broken = league_violations(app, l, user, &deck)
        .await
        .map_err(|e| refused(format!("cannot be checked: {}", e.message)))?
        .unwrap_or_default();
    if broken.is_empty() {
        return Ok(());
    }
    Err(refused(format!(
        "'{}' breaks the league's format ({} problems), as /league play would have refused it; nothing was changed.\n{}",
        deck.name,
        broken.len(),
        bullets(&broken)
    )))
}

fn bullets(v: &[Violation]) -> String {
    v.iter()
        .map(|v| format!("• {v}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `/deck check league:`: a saved deck against that league's format (your
/// pool in a limited league, its sets otherwise). In DMs, the limited
/// leagues you have a pool in.
pub(crate) async fn deck_check(
    app: &App,
    req: &Request,
    args: &Args,
    deck: &Deck,
) -> Result<String, UserError> {
    let named = args.text("league").unwrap_or_default();
    let l = match &req.place.guild {
        Some(guild) => super::common::pick_named(app, Some(named), guild).await?,
        None => events_of_user(app, req, args)
            .await?
            .into_iter()
            .next()
            .map(|(l, ..)| l)
            .ok_or_else(|| {
                UserError::new(format!(
                    "You have no cube pool in a league named '{named}' (/league pool lists yours)."
                ))
            })?,
    };
    let broken = league_violations(app, &l, &req.user.id, deck)
        .await?
        .ok_or_else(|| {
            UserError::new(format!(
                "{} takes any legal deck (no pool, no set limits): /deck check name:{} checks the Advanced rules.",
                l.name,
                crate::app::command::spec::option_value(&deck.name)
            ))
        })?;
    if broken.is_empty() {
        return Ok(format!(
            "Deck '{}': legal for {} (Advanced Game, {}).",
            deck.name,
            l.name,
            if l.sets.is_some() {
                "within its sets"
            } else {
                "built from your pool"
            }
        ));
    }
    Ok(format!(
        "Deck '{}': not legal for {} ({} problems):\n{}",
        deck.name,
        l.name,
        broken.len(),
        bullets(&broken)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_midnights() {
        assert!(parse_date("1970-01-01").is_err(), "before 2000: a typo");
        assert_eq!(parse_date("2000-03-01").unwrap(), 951_868_800_000);
        assert_eq!(parse_date("2026-11-24").unwrap(), 1_795_478_400_000);
        assert!(parse_date("2026-13-01").is_err());
        assert!(parse_date("24/11/2026").is_err());
    }

    #[test]
    fn sets_read_official_all_and_slugs_and_refuse_unknown_ones() {
        assert_eq!(parse_sets("all").unwrap(), None);
        let official = parse_sets("official").unwrap().unwrap();
        assert!(official.starts_with("premiere the-truth-is-out-there 101361"));
        assert_eq!(
            parse_sets("premiere, 101361").unwrap().as_deref(),
            Some("premiere 101361")
        );
        let e = parse_sets("premier").unwrap_err();
        assert!(
            e.message.contains("Did you mean 'premiere'?"),
            "{}",
            e.message
        );
    }
}
