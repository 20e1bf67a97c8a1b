//! Autocomplete: the values an option may take, ranked against what the
//! user has typed so far. Answers come from memory or one indexed query, so
//! they fit Discord's 3-second window with room to spare.

use super::message::{Request, UserError};
use super::spec::OptKind;
use crate::app::App;
use crate::cards::Filter;
use crate::cards::db;

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

/// What autocomplete asks of the games in play: `play` answers
/// (`play::suggest`), so this module needs nothing above it.
pub trait InPlay {
    /// The `game:` choices: the user's games here (all of theirs in a DM).
    fn games(
        &self,
        app: &App,
        req: &Request,
        partial: &str,
    ) -> impl Future<Output = Result<Vec<Choice>, UserError>> + Send;
    /// Names from the game a partly typed game command is about (cards in
    /// the user's hand, their Agents, the players), if there is one.
    fn names(
        &self,
        app: &App,
        req: &Request,
        option: &str,
    ) -> impl Future<Output = Result<Option<Vec<String>>, UserError>> + Send;
    /// The card names of another game than the X-Files CCG (`/card
    /// game:fan-ccg`, `game:legendary`: this server's box and the demo).
    fn card_names(
        &self,
        app: &App,
        req: &Request,
        game: &str,
    ) -> impl Future<Output = Result<Option<Vec<String>>, UserError>> + Send;
}

/// Choices for `option` of the request's command, given the partial text.
pub async fn suggest(
    app: &App,
    req: &Request,
    option: &str,
    partial: &str,
    in_play: &impl InPlay,
) -> Vec<Choice> {
    match choices(app, req, option, partial, in_play).await {
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
    in_play: &impl InPlay,
) -> Result<Vec<Choice>, UserError> {
    let spec = app.registry().find(&req.invocation)?;
    let Some(o) = spec.options.iter().find(|o| o.name == option) else {
        return Ok(Vec::new());
    };
    if o.kind == OptKind::Game {
        return in_play.games(app, req, partial).await;
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
        && let Some(names) = in_play.names(app, req, option).await?
    {
        return Ok(rank(names, partial));
    }
    if o.kind == OptKind::Card {
        if partial.trim().is_empty() {
            return Ok(Vec::new());
        }
        if let Some((_, crate::app::OptionValue::Text(game))) =
            req.invocation.options.iter().find(|(n, _)| n == "game")
            && let Some(names) = in_play.card_names(app, req, game).await?
        {
            return Ok(rank(names, partial));
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
