//! A user's saved decks as play and the domains above it read them: a
//! stored deck parsed back (`/game new deck:`, a league's deck checks,
//! `/deck`), and the refusal naming the user's decks nearest a mistyped one.

use crate::app::App;
use crate::app::command::message::{Request, UserError};
use crate::app::command::names::inert;
use crate::app::command::spec::{closest, option_value};
use crate::decks::{self, Deck, StoredDeck};
use crate::store::DeckRow;

/// The deck a saved row holds, or why it cannot be used.
pub fn stored_deck(row: &DeckRow) -> Result<Deck, UserError> {
    let stored: StoredDeck = serde_json::from_str(&row.list).map_err(|e| {
        UserError::new(format!(
            "Your deck '{}' is unreadable ({e}); import it again.",
            row.name
        ))
    })?;
    Deck::from_stored(&stored).map_err(|e| {
        UserError::new(format!(
            "Your deck '{}' cannot be used: {e}; import it again.",
            row.name
        ))
    })
}

/// "You have no deck named 'x'" with the closest of the user's deck names.
pub async fn not_found(app: &App, req: &Request, kind: &str, name: &str) -> UserError {
    let names: Vec<String> = app
        .store()
        .decks(&req.user.id, kind)
        .await
        .unwrap_or_default()
        .into_iter()
        .map(|r| r.name)
        .collect();
    // Built-in starters are decks anyone may name ("Starter: Mulder").
    let starters = if kind == "xfiles-ccg" {
        let all: Vec<&str> = decks::starters()
            .iter()
            .map(|s| s.name.rsplit_once(" (").map_or(s.name.as_str(), |(n, _)| n))
            .collect();
        format!(
            " Or a built-in starter deck: {} (/deck starters).",
            all.join(", ")
        )
    } else {
        String::new()
    };
    let typed = inert(name);
    if names.is_empty() {
        return UserError::new(format!(
            "You have no {kind} deck named '{typed}' (you have none yet). Save one with /deck import name:{} file:<deck file>.{starters}",
            inert(&option_value(name))
        ));
    }
    let hint = closest(name, names.iter().map(String::as_str))
        .map(|n| format!(" Did you mean '{n}'?"))
        .unwrap_or_default();
    UserError::new(format!(
        "You have no {kind} deck named '{typed}'.{hint} Your decks: {}.{starters}",
        names.join(", ")
    ))
}
