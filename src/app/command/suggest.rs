//! Autocomplete: the values an option may take, ranked against what the
//! user has typed so far. Answers come from memory or one indexed query, so
//! they fit Discord's 3-second window with room to spare.

use super::message::{Request, UserError};
use super::spec::OptKind;
use crate::app::{App, GameKind};
use crate::cards::Filter;
use crate::cards::db;
use crate::store::{GameRow, GameStatus};

/// Discord shows at most 25 choices.
pub const MAX_CHOICES: usize = 25;

/// One autocomplete choice: what the user sees, and the value it fills in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub label: String,
    pub value: String,
}

impl Choice {
    fn same(text: String) -> Choice {
        Choice {
            label: text.clone(),
            value: text,
        }
    }
}

/// Choices for `option` of the request's command, given the partial text.
pub async fn suggest(app: &App, req: &Request, option: &str, partial: &str) -> Vec<Choice> {
    match choices(app, req, option, partial).await {
        Ok(mut c) => {
            c.truncate(MAX_CHOICES);
            c
        }
        Err(e) => {
            tracing::debug!(error = %e, "autocomplete failed");
            Vec::new()
        }
    }
}

async fn choices(
    app: &App,
    req: &Request,
    option: &str,
    partial: &str,
) -> Result<Vec<Choice>, UserError> {
    let spec = app.registry().find(&req.invocation)?;
    let Some(o) = spec.options.iter().find(|o| o.name == option) else {
        return Ok(Vec::new());
    };
    if o.kind == OptKind::Game {
        return game_choices(app, req, partial).await;
    }
    if o.kind == OptKind::Deck {
        let kind = match req.invocation.options.iter().find(|(n, _)| n == "game") {
            Some((_, crate::app::OptionValue::Text(g))) if g == "fan-ccg" => "fan-ccg",
            _ => "xfiles-ccg",
        };
        let names: Vec<String> = app
            .store()
            .decks(&req.user.id, kind)
            .await?
            .into_iter()
            .map(|d| d.name)
            .collect();
        return Ok(rank(names, partial));
    }
    if app.registry().is_game_command(&req.invocation.name)
        && let Some(names) = game_names(app, req, option).await?
    {
        return Ok(rank(names, partial));
    }
    if o.kind == OptKind::Card {
        if partial.trim().is_empty() {
            return Ok(Vec::new());
        }
        let mut names: Vec<String> = db()
            .lookup()
            .search(partial, Filter::default(), MAX_CHOICES * 2)
            .into_iter()
            .map(|m| db().get(m.card).title.clone())
            .collect();
        names.dedup();
        return Ok(names.into_iter().map(Choice::same).collect());
    }
    Ok(Vec::new())
}

/// The game a partly typed game command is about, without refusing: the
/// `game:` option, else the user's active game in this channel (or any, in a DM).
async fn context_game(app: &App, req: &Request) -> Result<Option<GameRow>, UserError> {
    let named = req.invocation.options.iter().find_map(|(n, v)| match v {
        crate::app::OptionValue::Text(t) if n == "game" => t.trim_start_matches('#').parse().ok(),
        _ => None,
    });
    if let Some(id) = named {
        return app.load_game(id).await;
    }
    let games = if req.place.is_dm {
        app.store().games_of_user(&req.user.id).await?
    } else {
        app.store()
            .games_in_channel(&req.place.channel, true)
            .await?
    };
    let active: Vec<GameRow> = games
        .into_iter()
        .filter(|g| g.status == GameStatus::Active)
        .collect();
    for g in &active {
        if app
            .started_seats(g.id)
            .await?
            .iter()
            .any(|s| s.user_id == req.user.id)
        {
            return Ok(Some(g.clone()));
        }
    }
    Ok(active.into_iter().next())
}

/// Names from the game itself: cards in the user's hand, their Agents, the
/// players' names.
async fn game_names(
    app: &App,
    req: &Request,
    option: &str,
) -> Result<Option<Vec<String>>, UserError> {
    let Some(game) = context_game(app, req).await? else {
        return Ok(None);
    };
    let seats = app.started_seats(game.id).await?;
    if option == "player" {
        return Ok(Some(
            seats
                .iter()
                .filter(|s| s.user_id != req.user.id)
                .map(|s| s.user_name.clone())
                .collect(),
        ));
    }
    let driver = crate::app::play::session::driver_of(app, &game)?;
    let table = crate::app::play::session::table_of(&game, &seats);
    let state = app.current_state(&game).await?;
    let seat = table.seat_of(&req.user.id);
    Ok(driver.suggest(&table, &state, seat, &req.invocation.name, option))
}

async fn game_choices(app: &App, req: &Request, partial: &str) -> Result<Vec<Choice>, UserError> {
    let games = if req.place.is_dm {
        app.store().games_of_user(&req.user.id).await?
    } else {
        let mut here = app
            .store()
            .games_in_channel(&req.place.channel, true)
            .await?;
        here.extend(app.store().games_of_user(&req.user.id).await?);
        here
    };
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for g in games {
        if seen.contains(&g.id) {
            continue;
        }
        seen.push(g.id);
        let kind = GameKind::parse(&g.kind).map_or("?", GameKind::name);
        let label = format!("#{} {kind} ({})", g.id, g.status.as_str());
        let p = partial.trim().trim_start_matches('#');
        if p.is_empty() || label.to_lowercase().contains(&p.to_lowercase()) {
            out.push(Choice {
                label,
                value: g.id.to_string(),
            });
        }
    }
    Ok(out)
}

/// Names matching the partial text: prefix matches first, then words that
/// start with it, then anything containing it, then close typos.
pub fn rank(names: Vec<String>, partial: &str) -> Vec<Choice> {
    let p = crate::cards::normalize(partial);
    if p.is_empty() {
        return names.into_iter().map(Choice::same).collect();
    }
    let mut scored: Vec<(u8, String)> = names
        .into_iter()
        .filter_map(|n| {
            let k = crate::cards::normalize(&n);
            let class = if k.starts_with(&p) {
                0
            } else if k.split(' ').any(|w| w.starts_with(&p)) {
                1
            } else if k.contains(&p) {
                2
            } else if strsim::jaro_winkler(&k, &p) > 0.85 {
                3
            } else {
                return None;
            };
            Some((class, n))
        })
        .collect();
    scored.sort();
    scored.into_iter().map(|(_, n)| Choice::same(n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_matches_rank_before_inner_words_and_typos() {
        let names = [
            "Dana Scully",
            "Fox Mulder",
            "Scully's Apartment",
            "Walter Skinner",
        ]
        .map(String::from)
        .to_vec();
        let values: Vec<String> = rank(names.clone(), "scu")
            .into_iter()
            .map(|c| c.value)
            .collect();
        assert_eq!(values, ["Scully's Apartment", "Dana Scully"]);
        assert_eq!(rank(names.clone(), "").len(), 4);
        assert!(rank(names, "zzz").is_empty());
    }
}
