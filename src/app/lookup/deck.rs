//! `/deck import|list|show|check|delete`: a user's saved decks. Deck
//! contents are private: every answer is ephemeral. An import's parse and
//! card lookups run on tokio's blocking pool, and its answer lists at most
//! [`LISTED`] bad lines, notes or rule violations.

use crate::app::App;
use crate::app::command::message::{Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::app::play::decks::{not_found, stored_deck};
use crate::decks::{self, Deck, DeckFormat};
use crate::engine::fan;
use crate::store::DeckRow;
use crate::words::{count, tally};

/// The most lines of one kind an answer lists (bad lines, notes, broken
/// rules): a list of a thousand misspelt lines answers in a message or two,
/// not in hundreds (Discord takes 2,000 characters a message).
const LISTED: usize = 20;

pub async fn deck(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let kind = args.text("game").unwrap_or("xfiles-ccg");
    let reply = |text: String| Ok(vec![Outgoing::ephemeral(&req.user.id, text)]);
    match req.invocation.sub.as_deref() {
        Some("import") => reply(import(app, req, args, kind).await?),
        Some("list") => reply(list(app, req, kind).await?),
        Some("show") => {
            let row = load(app, req, args, kind).await?;
            reply(render(kind, &row)?)
        }
        Some("check") if kind == "xfiles-ccg" && args.text("league").is_some() => {
            let row = load(app, req, args, kind).await?;
            let mut deck = stored_deck(&row)?;
            deck.name = row.name.clone();
            reply(crate::app::league::format::deck_check(app, req, args, &deck).await?)
        }
        Some("check") => {
            let row = load(app, req, args, kind).await?;
            reply(check(kind, &row, args)?)
        }
        Some("export") => export(app, req, args, kind).await,
        Some("starters") => reply(starters_text()),
        Some("delete") => {
            let name = args.text("name").unwrap_or_default();
            if app.store().delete_deck(&req.user.id, kind, name).await? {
                reply(format!(
                    "Deleted your deck '{}'.",
                    crate::app::command::names::inert(name)
                ))
            } else {
                Err(not_found(app, req, kind, name).await)
            }
        }
        _ => unreachable!("the registry only routes known subcommands"),
    }
}

async fn import(app: &App, req: &Request, args: &Args, kind: &str) -> Result<String, UserError> {
    let text = deck_text(args)?;
    match kind {
        "xfiles-ccg" => save_xfiles(app, req, args, &text).await,
        "fan-ccg" => {
            let name = deck_name(args, None)?;
            let exists = refuse_existing(app, req, args, kind, &name).await?;
            save_fan(app, req, (name, &text, exists)).await
        }
        other => Err(UserError::new(format!(
            "Decks for {other} cannot be imported."
        ))),
    }
}

/// Whether the user has a deck named `name` (true), refused unless the
/// import says `replace:true`.
async fn refuse_existing(
    app: &App,
    req: &Request,
    args: &Args,
    kind: &str,
    name: &str,
) -> Result<bool, UserError> {
    let exists = app.store().deck(&req.user.id, kind, name).await?.is_some();
    if exists && !args.flag("replace").unwrap_or(false) {
        return Err(UserError::new(format!(
            "You already have a deck named '{name}'. Import it again with replace:true to replace it, or choose another name:. Nothing was saved."
        )));
    }
    Ok(exists)
}

/// The list an import reads: the file's content or `text:`.
fn deck_text(args: &Args) -> Result<String, UserError> {
    match (args.file("file"), args.text("text")) {
        (Some((file, Ok(content))), None) => {
            if content.trim().is_empty() {
                return Err(UserError::new(format!(
                    "The deck file '{file}' is empty. Nothing was saved."
                )));
            }
            Ok(content.clone())
        }
        (Some((file, Err(why))), None) => Err(UserError::new(format!(
            "Cannot read the deck file '{file}': {why}. Check the path (or attach the file again). Nothing was saved."
        ))),
        (None, Some(text)) => Ok(text.replace(';', "\n")),
        (Some(_), Some(_)) => Err(UserError::new(
            "Give the deck either as file:<file> or as text:<list>, not both.",
        )),
        (None, None) => Err(UserError::new(
            "/deck import needs the deck: file:<deck.json or deck.txt> or text:\"2 Aubrey, MO; 2 Knife; ...\". Nothing was saved.",
        )),
    }
}

/// `/deck starters`: the built-in starter decks and what each holds.
fn starters_text() -> String {
    let db = crate::cards::db();
    let mut out = String::from(
        "**Starter decks** — each is its fixed pack (Ancillary Documentation pp. 38-42) plus random cards of its set, drawn with the game's seed: Premiere 40 (25 common, 12 uncommon, 3 rare; FAQ97 #3, #6, #9), The Truth is Out There 15 (InQuest #28 p. 90; a booster's 9 common, 4 uncommon, 2 rare); never Ultra-Rares. Play one by name: /game new game:xfiles-ccg-basic deck:\"Starter: Mulder\" (or /game join deck:…).\n",
    );
    for s in decks::starters() {
        let names = |kind: crate::cards::CardType| {
            s.fixed
                .iter()
                .filter(|c| db.get(**c).kind == kind)
                .map(|c| db.get(*c).title.clone())
                .collect::<Vec<_>>()
        };
        let agents = names(crate::cards::CardType::Agent);
        let xfiles = names(crate::cards::CardType::XFile);
        out.push_str(&format!(
            "• **{}** — Agents: {}; X-Files: {}; {} more fixed cards\n",
            s.name,
            agents.join(" · "),
            xfiles.join(" · "),
            s.fixed.len() - agents.len() - xfiles.len()
        ));
    }
    out.trim_end().to_string()
}

/// `/deck export`: a saved deck as a file in GCCG's format, the deck
/// builder's JSON or a text list; importing it gives the same deck.
async fn export(
    app: &App,
    req: &Request,
    args: &Args,
    kind: &str,
) -> Result<Vec<Outgoing>, UserError> {
    if kind != "xfiles-ccg" {
        return Err(UserError::new(
            "Only X-Files CCG decks can be exported (to GCCG, the deck builder's JSON or text).",
        ));
    }
    let row = load(app, req, args, kind).await?;
    let mut deck = stored_deck(&row)?;
    deck.name = row.name.clone();
    let (content, ext, label) = match args.text("format").unwrap_or("gccg") {
        "json" => (decks::to_json(&deck), "json", "the deck builder's JSON"),
        "text" => (decks::to_text(&deck), "txt", "a text list"),
        _ => (decks::to_gccg(&deck), "deck", "a GCCG deck file"),
    };
    let file: String = row
        .name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    Ok(vec![
        Outgoing::ephemeral(
            &req.user.id,
            format!(
                "Your deck '{}' as {label} ({}, {}, {}). /deck import reads it back.",
                row.name,
                count(deck.team.len(), "Agent"),
                count(deck.xfiles.len(), "X-File"),
                count(deck.bureau_size(), "Bureau deck card")
            ),
        )
        .with_file(format!("{file}.{ext}"), content.into_bytes()),
    ])
}

/// Saves an X-Files CCG deck list and checks it for the Advanced Game:
/// named by `name:`, else by the list's own name, else by the file's.
async fn save_xfiles(
    app: &App,
    req: &Request,
    args: &Args,
    text: &str,
) -> Result<String, UserError> {
    let kind = "xfiles-ccg";
    let list = text.to_string();
    let parsed = off_runtime(move || decks::parse_list("", &list))
        .await?
        .map_err(|e| {
            UserError::new(format!(
                "The deck was not saved. Fix these lines and import it again:\n{}",
                listed(&e.problems, "")
            ))
        })?;
    let name = deck_name(args, parsed.list_name.as_deref())?;
    let exists = refuse_existing(app, req, args, kind, &name).await?;
    let mut deck = parsed.deck;
    deck.name = name.clone();
    let row = DeckRow {
        owner_id: req.user.id.clone(),
        game_kind: kind.to_string(),
        name: name.clone(),
        list: serde_json::to_string(&deck.to_stored()).expect("decks serialise"),
        updated_at: req.now,
    };
    app.store().save_deck(&row).await?;
    let mut out = format!(
        "{} deck '{name}': {}, {}, {}.",
        if exists {
            "Replaced your"
        } else {
            "Saved your"
        },
        count(deck.team.len(), "Agent"),
        count(deck.xfiles.len(), "X-File"),
        count(deck.bureau_size(), "Bureau deck card")
    );
    if !parsed.notes.is_empty() {
        out.push('\n');
        out.push_str(&listed(&parsed.notes, "Note: "));
    }
    out.push('\n');
    out.push_str(&verdict(
        &deck,
        DeckFormat::Advanced {
            killer_cards: false,
        },
        "Advanced Game",
    ));
    Ok(out)
}

/// Saves a fan CCG deck list and checks it.
async fn save_fan(
    app: &App,
    req: &Request,
    (name, text, exists): (String, &str, bool),
) -> Result<String, UserError> {
    let kind = "fan-ccg";
    let (list_name, list) = (name.clone(), text.to_string());
    let deck = off_runtime(move || fan::parse_fan_list(&list_name, &list))
        .await?
        .map_err(|problems| {
            UserError::new(format!(
                "The deck was not saved. Fix these lines and import it again:\n{}",
                listed(&problems, "")
            ))
        })?;
    let row = DeckRow {
        owner_id: req.user.id.clone(),
        game_kind: kind.to_string(),
        name: name.clone(),
        list: serde_json::to_string(&fan::FanDeck {
            name: name.clone(),
            ..deck.clone()
        })
        .expect("decks serialise"),
        updated_at: req.now,
    };
    app.store().save_deck(&row).await?;
    Ok(format!(
        "{} Fan CCG deck '{name}': {} environment, {} draw, {}, {}.\n{}",
        if exists {
            "Replaced your"
        } else {
            "Saved your"
        },
        deck.environment.len(),
        deck.draw.len(),
        count(deck.sideboard.len(), "sideboard card"),
        count(deck.cover, "cover card"),
        fan_verdict(&deck, &fan::FanOptions::default())
    ))
}

/// Runs a list's parse and card lookups on tokio's blocking pool: a long
/// list takes a good part of a second of CPU, which must not hold up the
/// async workers serving everyone else's commands.
async fn off_runtime<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, UserError> {
    match tokio::task::spawn_blocking(work).await {
        Ok(done) => Ok(done),
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        Err(_) => Err(UserError::new(
            "The bot is shutting down; nothing was saved. Import the deck again in a moment.",
        )),
    }
}

/// The first [`LISTED`] items, one a line after `prefix`, then how many
/// more there are: "… and 80 more (100 in all)".
fn listed(items: &[String], prefix: &str) -> String {
    let mut lines: Vec<String> = items
        .iter()
        .take(LISTED)
        .map(|item| format!("{prefix}{item}"))
        .collect();
    if items.len() > LISTED {
        lines.push(format!(
            "… and {} more ({} in all)",
            items.len() - LISTED,
            items.len()
        ));
    }
    lines.join("\n")
}

/// The deck's name: `name:`, else the list's own name (`own`: a deck
/// builder JSON's `"name"`), else the imported file's name without its
/// extension ("mulder.json" → "mulder"). Names the user did not type as
/// one are made plain ([`crate::app::command::names::plain`]); every name is checked.
fn deck_name(args: &Args, own: Option<&str>) -> Result<String, UserError> {
    let given = args.text("name").map(str::trim).filter(|n| !n.is_empty());
    if let Some(given) = given {
        return crate::app::command::names::check_name(
            "A deck's name",
            given,
            crate::app::command::names::DECK_NAME_MAX,
        );
    }
    if let Some(own) = own
        .map(crate::app::command::names::plain)
        .filter(|n| !n.is_empty())
    {
        return crate::app::command::names::check_name(
            "The deck's own name in the file",
            &own,
            crate::app::command::names::DECK_NAME_MAX,
        )
        .map_err(|e| {
            UserError::new(e.message.replace(
                "Nothing was saved.",
                "Give the deck a name with name:<name>. Nothing was saved.",
            ))
        });
    }
    let from_file = args.file("file").map(|(file, _)| {
        let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
        let stem = base.rsplit_once('.').map_or(base, |(stem, _)| stem);
        crate::app::command::names::plain(stem)
    });
    let name = from_file.filter(|n| !n.is_empty()).ok_or_else(|| {
        UserError::new(
            "Name the deck: /deck import name:<name> text:\"...\" (a file's name is used when name: is left out). Nothing was saved.",
        )
    })?;
    crate::app::command::names::check_name(
        "A deck's name",
        &name,
        crate::app::command::names::DECK_NAME_MAX,
    )
}

fn fan_verdict(deck: &fan::FanDeck, options: &fan::FanOptions) -> String {
    let problems = deck.problems(options);
    if problems.is_empty() {
        "Legal for the Fan CCG.".to_string()
    } else {
        format!(
            "Not legal for the Fan CCG ({} problems):\n{}",
            problems.len(),
            listed(&problems, "• ")
        )
    }
}

fn fan_deck(row: &DeckRow) -> Result<fan::FanDeck, UserError> {
    serde_json::from_str(&row.list).map_err(|e| {
        UserError::new(format!(
            "Your deck '{}' is unreadable ({e}); import it again.",
            row.name
        ))
    })
}

fn render_fan(deck: &fan::FanDeck) -> String {
    let db = crate::cards::fan::fan_db();
    let group = |cards: &[crate::cards::fan::FanIdx]| {
        let mut counts: Vec<(String, usize)> = Vec::new();
        for c in cards {
            let n = &db.get(*c).name;
            match counts.iter_mut().find(|(m, _)| m == n) {
                Some((_, k)) => *k += 1,
                None => counts.push((n.clone(), 1)),
            }
        }
        counts
            .iter()
            .map(|(n, k)| format!("{k} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "**{}**\nEnvironment ({}): {}\nDraw deck ({}): {}\nSideboard ({}): {}\nCover cards: {}",
        deck.name,
        deck.environment.len(),
        group(&deck.environment),
        deck.draw.len(),
        group(&deck.draw),
        deck.sideboard.len(),
        group(&deck.sideboard),
        deck.cover
    )
}

async fn list(app: &App, req: &Request, kind: &str) -> Result<String, UserError> {
    let rows = app.store().decks(&req.user.id, kind).await?;
    if rows.is_empty() {
        return Ok(format!(
            "You have no {kind} decks. Save one with /deck import name:<name> file:<deck file>."
        ));
    }
    let mut out = format!("Your {kind} decks:\n");
    for row in rows {
        let summary = match kind {
            "xfiles-ccg" => match stored_deck(&row) {
                Ok(deck) => {
                    let legal = decks::validate(
                        &deck,
                        DeckFormat::Advanced {
                            killer_cards: false,
                        },
                    )
                    .is_empty();
                    format!(
                        "{}, {}, {}{}",
                        count(deck.team.len(), "Agent"),
                        count(deck.xfiles.len(), "X-File"),
                        count(deck.bureau_size(), "card"),
                        if legal {
                            ", legal"
                        } else {
                            ", not legal: see /deck check"
                        }
                    )
                }
                Err(e) => format!("unreadable: {}", e.message),
            },
            _ => match fan_deck(&row) {
                Ok(deck) => format!(
                    "{} draw cards, {}",
                    deck.draw.len(),
                    if deck.problems(&fan::FanOptions::default()).is_empty() {
                        "legal"
                    } else {
                        "not legal: see /deck check"
                    }
                ),
                Err(e) => format!("unreadable: {}", e.message),
            },
        };
        out.push_str(&format!("• {} — {summary}\n", row.name));
    }
    Ok(out.trim_end().to_string())
}

fn render(kind: &str, row: &DeckRow) -> Result<String, UserError> {
    match kind {
        "xfiles-ccg" => Ok(stored_deck(row)?.render()),
        _ => Ok(render_fan(&fan_deck(row)?)),
    }
}

fn check(kind: &str, row: &DeckRow, args: &Args) -> Result<String, UserError> {
    let killer_cards = args.flag("killer").unwrap_or(false);
    match kind {
        "xfiles-ccg" => {
            let deck = stored_deck(row)?;
            let (format, label) = match args.text("format") {
                Some("basic") => (DeckFormat::Basic { killer_cards }, "Basic Game"),
                _ => (DeckFormat::Advanced { killer_cards }, "Advanced Game"),
            };
            Ok(format!(
                "Deck '{}': {}",
                row.name,
                verdict(&deck, format, label)
            ))
        }
        _ => Ok(format!(
            "Deck '{}': {}",
            row.name,
            fan_verdict(&fan_deck(row)?, &fan::FanOptions::default())
        )),
    }
}

/// "Legal for the Advanced Game." or the list of violations; for the Basic
/// Game, what its set-up sets aside.
pub fn verdict(deck: &Deck, format: DeckFormat, label: &str) -> String {
    let violations = decks::validate(deck, format);
    let mut out = if violations.is_empty() {
        format!("Legal for the {label}.")
    } else {
        format!("Not legal for the {label} ({} problems):", violations.len())
    };
    if !violations.is_empty() {
        let lines: Vec<String> = violations.iter().map(ToString::to_string).collect();
        out.push('\n');
        out.push_str(&listed(&lines, "• "));
    }
    if let DeckFormat::Basic { killer_cards } = format {
        let aside = crate::engine::xfiles::basic::set_aside(deck, killer_cards);
        if !aside.is_empty() {
            let db = crate::cards::db();
            // Copies counted, so the count before the names reads right.
            let names = tally(aside.iter().map(|c| db.get(*c).title.as_str()));
            out.push_str(&format!(
                "\nAt set-up the Basic Game sets aside the {} it does not use — Advanced, Combat, Agent and Killer cards (FAQ97 #11, FAQ21 #45): {}.",
                count(aside.len(), "card"),
                crate::words::names(&names)
            ));
        }
    }
    out
}

async fn load(app: &App, req: &Request, args: &Args, kind: &str) -> Result<DeckRow, UserError> {
    let name = args.text("name").unwrap_or_default();
    match app.store().deck(&req.user.id, kind, name).await? {
        Some(row) => Ok(row),
        None => Err(not_found(app, req, kind, name).await),
    }
}
