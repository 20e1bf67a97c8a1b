//! `/card`: look up a card.

use crate::app::App;
use crate::app::command::message::{Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::cards::{self, CardSet, CardType, Filter};

pub async fn card(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    match args.text("game") {
        Some("fan-ccg") => return fan_card(req, args),
        Some("legendary") => {
            let query = args.text("name").unwrap_or_default();
            let text = crate::app::games::legendary::cmd::card(app, req, query).await?;
            return Ok(vec![reply(req, args, text)]);
        }
        _ => {}
    }
    let db = cards::db();
    let query = args.text("name").unwrap_or_default();
    let filter = Filter {
        set: args.text("set").map(|s| {
            *CardSet::ALL
                .iter()
                .find(|c| c.slug() == s)
                .expect("choices are set slugs")
        }),
        kind: args
            .text("type")
            .map(|t| t.parse::<CardType>().expect("choices are card types")),
    };
    let hits = db.lookup().search(query, filter, 6);
    let Some(best) = hits.first() else {
        let scope = match (filter.set, filter.kind) {
            (None, None) => String::new(),
            (s, k) => format!(
                " among {}{}",
                k.map(|k| format!("{k} cards")).unwrap_or("cards".into()),
                s.map(|s| format!(" of {s}")).unwrap_or_default()
            ),
        };
        return Err(UserError::new(format!(
            "No card matches '{}'{scope}. Try fewer words, a card id such as XF96-0063v1, or drop the set/type filter.",
            crate::app::command::names::inert(query)
        )));
    };
    let mut text = cards::render_card_with(db, best.card, crate::app::proof::coverage::describe);
    let others: Vec<String> = hits[1..]
        .iter()
        .filter(|m| m.score >= best.score - 0.25 && !db.printings(best.card).contains(&m.card))
        .take(4)
        .map(|m| format!("{} ({})", db.get(m.card).title, db.get(m.card).id))
        .collect();
    if best.score < 0.999 && !others.is_empty() {
        text.push_str(&format!("\nOther matches: {}", others.join(" · ")));
    }
    let card = db.get(best.card);
    let terms: Vec<String> = card
        .activators
        .iter()
        .map(|a| a.as_str())
        .chain(card.keywords.iter().map(|k| k.as_str()))
        .filter(|t| crate::rules::glossary_entry(t).is_some())
        .map(|t| format!("/rules query:\"{t}\""))
        .collect();
    if !terms.is_empty() {
        text.push_str(&format!("\nWhat its words mean: {}", terms.join(" · ")));
    }
    let title = &db.get(best.card).title;
    let rulings = crate::rules::reference().rulings_for(title);
    if !rulings.is_empty() {
        text.push_str("\nRulings:");
        for r in rulings {
            text.push_str(&format!("\n• {} ({})", r.body.replace('\n', " "), r.source));
        }
    }
    Ok(vec![reply(req, args, text)])
}

/// `/card game:fan-ccg`: a card of the fan game, by name (typos welcome) or id.
fn fan_card(req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let db = cards::fan::fan_db();
    let query = args.text("name").unwrap_or_default();
    let wanted = cards::normalize(query);
    let containing = || {
        db.iter()
            .filter(|(_, c)| !wanted.is_empty() && cards::normalize(&c.name).contains(&wanted))
            .min_by_key(|(_, c)| c.name.len())
            .map(|(i, _)| i)
    };
    let found = db
        .find(query)
        .or_else(containing)
        .or_else(|| db.closest(query))
        .ok_or_else(|| {
            UserError::new(format!(
                "No fan CCG card matches '{}'. Try fewer words or the card's id.",
                crate::app::command::names::inert(query)
            ))
        })?;
    let text = cards::fan_render::card(db.get(found));
    Ok(vec![reply(req, args, text)])
}

/// A card shown to the channel, or only to the asker (`private:`, a DM).
fn reply(req: &Request, args: &Args, text: String) -> Outgoing {
    if args.flag("private").unwrap_or(false) || req.place.is_dm {
        Outgoing::ephemeral(&req.user.id, text)
    } else {
        Outgoing::channel(&req.place.channel, text)
    }
}
