//! `/rules`: the rules reference. The best entry in full, then runners-up of
//! its game; in a channel with a game, that game's rules rank first.

use crate::app::App;
use crate::app::command::message::{Button, Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::rules::{self, RulesGame};

pub async fn rules(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let game = match args.text("game") {
        Some(g) => RulesGame::parse(g),
        None if !req.place.is_dm => app
            .store()
            .games_in_channel(&req.place.channel, true)
            .await?
            .first()
            .and_then(|g| RulesGame::parse(&g.kind)),
        None => None,
    };
    let query = args.text("query").unwrap_or_default().trim();
    let reply = |text: String| -> Vec<Outgoing> {
        vec![
            if req.place.is_dm || args.flag("private").unwrap_or(false) {
                Outgoing::ephemeral(&req.user.id, text)
            } else {
                Outgoing::channel(&req.place.channel, text)
            },
        ]
    };
    if query.is_empty() {
        return Ok(reply(contents(game)));
    }
    let Some(found) = rules::answer(query, game, 4) else {
        let mut near: Vec<(usize, &str)> = rules::reference()
            .entries
            .iter()
            .filter(|e| !e.glossary)
            .map(|e| {
                let d = strsim::damerau_levenshtein(
                    &crate::cards::normalize(query),
                    &crate::cards::normalize(&e.title),
                );
                (d, e.title.as_str())
            })
            .collect();
        near.sort();
        let near: Vec<&str> = near.iter().take(3).map(|n| n.1).collect();
        return Err(UserError::new(format!(
            "Nothing in the rules reference matches '{}'. Closest topics: {}. Try a single word (\"bluff\", \"hospital\", \"ravage\"), or /rules with no query for the list of topics.",
            crate::app::command::names::inert(query),
            near.join(" · ")
        )));
    };
    let mut text = found.best.entry.render();
    let others = &found.also;
    if !others.is_empty() {
        let titles: Vec<&str> = others.iter().map(|h| h.entry.title.as_str()).collect();
        text.push_str(&format!("\nAlso: {}", titles.join(" · ")));
    }
    let mut out = reply(text);
    if let Some(first) = out.first_mut() {
        first.buttons = others
            .iter()
            .map(|h| Button {
                label: h.entry.title.chars().take(80).collect(),
                command: format!("/rules query:\"{}\"", h.entry.title.replace('"', "")),
            })
            .collect();
    }
    Ok(out)
}

/// The reference's sections (without the glossary), by game.
fn contents(game: Option<RulesGame>) -> String {
    let mut out = String::from("**Rules reference** — ask with /rules query:<words>.\n");
    for g in [
        RulesGame::XFilesCcg,
        RulesGame::Legendary,
        RulesGame::FanCcg,
    ] {
        if game.is_some_and(|x| x != g) {
            continue;
        }
        let titles: Vec<&str> = rules::reference()
            .entries
            .iter()
            .filter(|e| e.game == g && !e.glossary)
            .map(|e| e.title.as_str())
            .collect();
        out.push_str(&format!("{}: {}\n", g.name(), titles.join(" · ")));
    }
    out.push_str("Every Keyword, Activator, skill and characteristic has a glossary entry too: /rules query:RESOURCE.");
    out
}
