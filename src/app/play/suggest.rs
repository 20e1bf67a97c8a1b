//! Autocomplete's answers from the games in play (`command::suggest` asks
//! through [`InPlay`]): the user's games, and names from the game a partly
//! typed game command is about.

use crate::app::App;
use crate::app::command::message::{OptionValue, Request, UserError};
use crate::app::command::suggest::{Choice, InPlay};
use crate::app::games::driver::GameKind;
use crate::store::{GameRow, GameStatus};

/// The games in play, as autocomplete sees them.
pub struct Games;

impl InPlay for Games {
    async fn games(
        &self,
        app: &App,
        req: &Request,
        partial: &str,
    ) -> Result<Vec<Choice>, UserError> {
        game_choices(app, req, partial).await
    }

    async fn names(
        &self,
        app: &App,
        req: &Request,
        option: &str,
    ) -> Result<Option<Vec<String>>, UserError> {
        game_names(app, req, option).await
    }

    async fn card_names(
        &self,
        app: &App,
        req: &Request,
        game: &str,
    ) -> Result<Option<Vec<String>>, UserError> {
        Ok(match game {
            "fan-ccg" => Some(
                crate::cards::fan::fan_db()
                    .iter()
                    .map(|(_, c)| c.name.clone())
                    .collect(),
            ),
            "legendary" => Some(crate::app::games::legendary::cmd::card_names(app, req).await?),
            _ => None,
        })
    }
}

/// The game a partly typed game command is about, without refusing: the
/// `game:` option, else the user's active game in this channel (or any, in a DM).
async fn context_game(app: &App, req: &Request) -> Result<Option<GameRow>, UserError> {
    let named = req.invocation.options.iter().find_map(|(n, v)| match v {
        OptionValue::Text(t) if n == "game" => t.trim_start_matches('#').parse().ok(),
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
    let driver = super::session::driver_of(app, &game)?;
    let table = super::session::table_of(&game, &seats);
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
