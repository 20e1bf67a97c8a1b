//! `/legendary`: a server's own Legendary Encounters card set. A server
//! manager imports the box file (checked first: every error is listed by
//! card and field and nothing is stored unless there are none), anyone
//! checks a file or the stored set, and the fill-in template shows where
//! to start. Games opened afterwards copy the set into their options.

use std::borrow::Cow;

use crate::app::App;
use crate::app::command::message::{Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::engine::legendary::boxfile::{read_box, template};
use crate::engine::legendary::data::{CardDef, CardSet, DataError, demo_set};
use crate::store::LegendarySetRow;

/// How many errors one reply lists.
const SHOWN: usize = 30;
/// The fill-in file's name as sent.
pub const TEMPLATE_FILE: &str = "legendary-box-template.json";

pub async fn legendary(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let reply = |text: String| Outgoing::ephemeral(&req.user.id, text);
    Ok(vec![match req.invocation.sub.as_deref() {
        Some("import") => reply(import(app, req, args).await?),
        Some("check") => reply(check(app, req, args).await?),
        Some("template") => {
            reply(template_help()).with_file(TEMPLATE_FILE, template().into_bytes())
        }
        _ => unreachable!("the registry only routes known subcommands"),
    }])
}

fn guild(req: &Request) -> Result<&str, UserError> {
    req.place.guild.as_deref().ok_or_else(|| {
        UserError::new("A card set belongs to a server: use this in one of its channels, not in a direct message.")
    })
}

fn errors_text(errors: &[DataError]) -> String {
    let mut lines: Vec<String> = errors
        .iter()
        .take(SHOWN)
        .map(|e| format!("• {e}"))
        .collect();
    if errors.len() > SHOWN {
        lines.push(format!("… and {} more.", errors.len() - SHOWN));
    }
    format!(
        "{} problem(s); nothing was stored.\n{}",
        errors.len(),
        lines.join("\n")
    )
}

/// A short account of a set: its cards, and how many abilities the bot
/// plays itself (the rest are manual steps).
pub fn summary(set: &CardSet) -> String {
    let copies: usize = set
        .cards
        .iter()
        .map(|c| usize::from(set.copies_of(&c.id)))
        .sum();
    let abilities: Vec<_> = set.cards.iter().flat_map(|c| &c.abilities).collect();
    let scripted = abilities.iter().filter(|a| a.program.is_some()).count();
    let manual = abilities.len() - scripted;
    let plays = match manual {
        0 => format!("the bot plays all {scripted} of its abilities"),
        n => format!(
            "the bot plays {scripted} of its {} abilities; the other {n} are manual steps the players do",
            abilities.len()
        ),
    };
    format!(
        "**{}**: {} distinct cards, {copies} with copies; {plays}.",
        set.name,
        set.cards.len(),
    )
}

/// The attached box file's text, if one is attached.
fn file(args: &Args) -> Result<Option<&str>, UserError> {
    match args.file("file") {
        None => Ok(None),
        Some((_, Ok(content))) => Ok(Some(content.as_str())),
        Some((name, Err(why))) => Err(UserError::new(format!(
            "Cannot read the file '{name}': {why}. Attach it again (or check the path). Nothing was stored."
        ))),
    }
}

async fn import(app: &App, req: &Request, args: &Args) -> Result<String, UserError> {
    let guild = guild(req)?;
    if !req.user.is_manager {
        return Err(UserError::new(
            "Only a server manager (Manage Server) can change this server's card set. Anyone can /legendary check a file.",
        ));
    }
    let content = file(args)?.ok_or_else(|| UserError::new("Attach the box file with file:."))?;
    let set = read_box(content).map_err(|e| UserError::new(errors_text(&e)))?;
    crate::app::command::names::check_name(
        "The box's set name",
        &set.name,
        crate::app::command::names::SET_NAME_MAX,
    )?;
    let row = LegendarySetRow {
        guild_id: guild.to_string(),
        name: set.name.clone(),
        data: serde_json::to_string(&set).expect("a card set serialises"),
        updated_by: req.user.name.clone(),
        updated_at: req.now,
    };
    app.store().set_legendary_set(&row).await?;
    Ok(format!(
        "Stored for this server. {} New Legendary games here play on it; games already open keep their cards.",
        summary(&set)
    ))
}

async fn check(app: &App, req: &Request, args: &Args) -> Result<String, UserError> {
    if let Some(content) = file(args)? {
        return Ok(match read_box(content) {
            Ok(set) => format!("No problems. {}", summary(&set)),
            Err(e) => errors_text(&e),
        });
    }
    let stored = match req.place.guild.as_deref() {
        Some(g) => app.store().legendary_set(g).await?,
        None => None,
    };
    Ok(match stored {
        Some(row) => {
            let set: CardSet = serde_json::from_str(&row.data).map_err(|e| {
                UserError::new(format!(
                    "This server's stored set cannot be read ({e}); import it again."
                ))
            })?;
            format!(
                "This server plays on its own set, imported by {}. {}",
                row.updated_by,
                summary(&set)
            )
        }
        None => format!(
            "This server plays on the demo set (invented cards). {} A server manager can import your box with /legendary import file:<box file>.",
            summary(demo_set())
        ),
    })
}

fn template_help() -> String {
    format!(
        "Here is the fill-in file (`{TEMPLATE_FILE}`): a slot for each of the box's cards, with what the rulebook states already in it. Fill in names, classes, costs, Recruit/Attack/Defense and keywords (text may stay text: the players do it by hand), then /legendary check file:<it> and, as a server manager, /legendary import file:<it>. The fields are explained in `cards/legendary/README.md` of the bot's source."
    )
}

/// The options of a new Legendary game on this server: its own card set
/// copied in, when it has one.
pub async fn with_server_set(
    app: &App,
    req: &Request,
    options: String,
) -> Result<String, UserError> {
    let Some(g) = req.place.guild.as_deref() else {
        return Ok(options);
    };
    let Some(row) = app.store().legendary_set(g).await? else {
        return Ok(options);
    };
    let mut v: serde_json::Value = serde_json::from_str(&options).expect("options are JSON");
    let set: serde_json::Value = serde_json::from_str(&row.data).map_err(|e| {
        UserError::new(format!(
            "This server's card set cannot be read ({e}); a server manager can import it again."
        ))
    })?;
    v["cards"] = set;
    Ok(v.to_string())
}

/// The options of a Series' next game, from the finished game before it
/// (rulebook, "Playing a Series"): the same Academy, options and cards; the
/// next three Seasons; the points so far and the Cliffhanger drawn.
pub async fn next_in_series(app: &App, req: &Request, previous: i64) -> Result<String, UserError> {
    use crate::engine::legendary::{LeGame, LeOptions, SeasonMode, series};
    let row = app
        .store()
        .game(previous)
        .await?
        .filter(|g| g.kind == "legendary" && g.guild_id == req.place.guild)
        .ok_or_else(|| {
            UserError::new(format!(
                "Game #{previous} is not a Legendary game of this server."
            ))
        })?;
    let state = row
        .state
        .as_deref()
        .filter(|_| row.status == crate::store::GameStatus::Finished)
        .ok_or_else(|| {
            UserError::new(format!(
                "Game #{previous} has not finished; a Series goes on after it ends."
            ))
        })?;
    let game: LeGame = serde_json::from_str(state)
        .map_err(|e| UserError::new(format!("Game #{previous} cannot be read ({e}).")))?;
    let old: LeOptions = serde_json::from_str(&row.options)
        .map_err(|e| UserError::new(format!("Game #{previous}'s options cannot be read ({e}).")))?;
    if old.series.is_none() {
        return Err(UserError::new(format!(
            "Game #{previous} was not part of a Series; start one with /game new game:legendary series:true."
        )));
    }
    let set = old.cards.as_deref().unwrap_or_else(|| demo_set());
    let next = series::next_game(&game, set, row.seed as u64 ^ 0x5e7e5).ok_or_else(|| {
        let carry = old.series.clone().unwrap_or_default();
        UserError::new(if carry.game >= 3 {
            format!("Game #{previous} was the Series' third game: the Series is over.")
        } else {
            "\"This Time They May Have Won\" was drawn: the X-Files are destroyed and the Series is lost.".into()
        })
    })?;
    let options = LeOptions {
        mode: SeasonMode::Standard,
        first_season: None,
        series: Some(next),
        ..old
    };
    Ok(serde_json::to_string(&options).expect("options serialise"))
}

/// The Legendary cards players here can read: this server's imported box
/// (when there is one), then the demo set (borrowed, never copied: this
/// runs on every autocomplete keystroke).
pub async fn card_sets(app: &App, req: &Request) -> Result<Vec<Cow<'static, CardSet>>, UserError> {
    let mut sets = Vec::new();
    if let Some(g) = req.place.guild.as_deref()
        && let Some(row) = app.store().legendary_set(g).await?
    {
        let set: CardSet = serde_json::from_str(&row.data).map_err(|e| {
            UserError::new(format!(
                "This server's card set cannot be read ({e}); a server manager can import it again."
            ))
        })?;
        sets.push(Cow::Owned(set));
    }
    sets.push(Cow::Borrowed(demo_set()));
    Ok(sets)
}

/// `/card game:legendary`: the card named (or its id; typos welcome) in
/// words, from this server's box first, then the demo set.
pub async fn card(app: &App, req: &Request, query: &str) -> Result<String, UserError> {
    let sets = card_sets(app, req).await?;
    let wanted = crate::cards::normalize(query);
    let all = || {
        sets.iter()
            .map(|s| &**s)
            .flat_map(|s| s.cards.iter().map(move |c| (s, c)))
    };
    let named = |c: &CardDef| crate::cards::normalize(&c.name);
    let found = all()
        .find(|(_, c)| named(c) == wanted || c.id.eq_ignore_ascii_case(query.trim()))
        .or_else(|| {
            all()
                .filter(|(_, c)| !wanted.is_empty() && named(c).contains(&wanted))
                .min_by_key(|(_, c)| c.name.len())
        })
        .or_else(|| {
            all()
                .map(|(s, c)| (strsim::jaro_winkler(&named(c), &wanted), s, c))
                .filter(|(score, _, _)| *score > 0.85)
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, s, c)| (s, c))
        });
    let Some((set, def)) = found else {
        return Err(UserError::new(format!(
            "No Legendary Encounters card matches '{}' in {}. Try fewer words or the card's id.",
            crate::app::command::names::inert(query),
            sets.iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(" or ")
        )));
    };
    let mut text = super::lines::card_text(def, set);
    let mut others: Vec<&str> = all()
        .filter(|(_, c)| c.name != def.name && !wanted.is_empty() && named(c).contains(&wanted))
        .map(|(_, c)| c.name.as_str())
        .collect();
    others.dedup();
    if !others.is_empty() {
        others.truncate(4);
        text.push_str(&format!("\nOther matches: {}", others.join(" · ")));
    }
    Ok(text)
}

/// The names `/card game:legendary name:` suggests, for autocomplete.
pub async fn card_names(app: &App, req: &Request) -> Result<Vec<String>, UserError> {
    let mut names: Vec<String> = card_sets(app, req)
        .await?
        .iter()
        .flat_map(|s| s.cards.iter().map(|c| c.name.clone()))
        .collect();
    names.sort();
    names.dedup();
    Ok(names)
}
