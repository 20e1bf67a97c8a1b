//! The log is the truth: a game's state can always be rebuilt from its
//! options, seats, seed and action log. Used to check stored games
//! (`xfiles-bot game verify`) and to upgrade states written in an older format.

use crate::app::games::driver::{Driver, GameKind};
use crate::app::{App, UserError};
use crate::store::{ActionRow, GameRow, StoreError};

/// What checking one game found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The stored state equals its replay (or the game never started).
    Consistent { actions: usize },
    /// Something is wrong; the message says what and where.
    Broken(String),
}

impl App {
    fn driver_for(&self, game: &GameRow) -> Result<&dyn Driver, String> {
        let kind = GameKind::parse(&game.kind)
            .ok_or_else(|| format!("game #{}: unknown game kind '{}'", game.id, game.kind))?;
        self.driver(kind)
            .ok_or_else(|| format!("game #{}: no rules engine for {}", game.id, kind.name()))
    }

    /// Replays a game from its log (moves taken back skipped) into this
    /// build's state format.
    pub async fn replay_game(&self, game: &GameRow) -> Result<String, String> {
        let driver = self.driver_for(game)?;
        let seats = self
            .store()
            .seats(game.id)
            .await
            .map_err(|e| e.to_string())?;
        let actions = self
            .store()
            .actions(game.id)
            .await
            .map_err(|e| e.to_string())?;
        let log = crate::app::games::driver::GameLog::of(driver, game, &seats, &actions)?;
        driver
            .replay(&log.options, &log.setups, log.seed, &log.actions)
            .map_err(|e| format!("game #{}: {e}", game.id))
    }

    /// The game's state in this build's format: as stored, or rebuilt from
    /// the log when it was written in an older format. A newer format (from a
    /// later build) is refused rather than misread.
    pub async fn current_state(&self, game: &GameRow) -> Result<String, UserError> {
        let driver = self.driver_for(game).map_err(UserError::new)?;
        let state = game
            .state
            .as_deref()
            .ok_or_else(|| UserError::new(format!("Game #{} has no state yet.", game.id)))?;
        if game.state_format == driver.format() {
            return Ok(state.to_string());
        }
        if game.state_format > driver.format() {
            return Err(UserError::new(format!(
                "Game #{} was saved by a newer version of the bot (state format {}, this one reads {}); nothing was changed.",
                game.id,
                game.state_format,
                driver.format()
            )));
        }
        tracing::info!(
            game = game.id,
            from = game.state_format,
            to = driver.format(),
            "upgrading state by replay"
        );
        self.replay_game(game).await.map_err(|e| {
            UserError::new(format!(
                "Game #{} could not be upgraded from state format {} ({e}); nothing was changed.",
                game.id, game.state_format
            ))
        })
    }

    /// The game and its log as of one moment: read again when a move was
    /// made while they were read (a live game, or a move committed by a
    /// process that has just died).
    async fn snapshot(&self, id: i64) -> Result<(GameRow, Vec<ActionRow>), StoreError> {
        let mut tries = 0;
        loop {
            let game = self
                .store()
                .game(id)
                .await?
                .ok_or(StoreError::NoSuchGame(id))?;
            let actions = self.store().actions(id).await?;
            let after = self.store().game_version(id).await?;
            tries += 1;
            if after == Some(game.version) || tries == 5 {
                return Ok((game, actions));
            }
        }
    }

    /// Checks one stored game against the replay of its log.
    pub async fn verify(&self, id: i64) -> Result<Verdict, StoreError> {
        let (game, actions) = self.snapshot(id).await?;
        if actions
            .iter()
            .enumerate()
            .any(|(i, a)| a.seq != i as i64 + 1)
        {
            return Ok(Verdict::Broken(format!(
                "game #{id}: the action log has gaps or duplicates"
            )));
        }
        if actions.len() as i64 != game.action_count {
            return Ok(Verdict::Broken(format!(
                "game #{id}: the game counts {} actions but the log holds {}",
                game.action_count,
                actions.len()
            )));
        }
        let Some(stored) = &game.state else {
            return Ok(if actions.is_empty() {
                Verdict::Consistent { actions: 0 }
            } else {
                Verdict::Broken(format!(
                    "game #{id}: actions are logged but no state is stored"
                ))
            });
        };
        let replayed = match self.replay_game(&game).await {
            Ok(r) => r,
            Err(e) => return Ok(Verdict::Broken(e)),
        };
        let same = match (
            serde_json::from_str::<serde_json::Value>(stored),
            serde_json::from_str::<serde_json::Value>(&replayed),
        ) {
            (Ok(a), Ok(b)) => a == b,
            (Err(e), _) => {
                return Ok(Verdict::Broken(format!(
                    "game #{id}: the stored state is not JSON ({e})"
                )));
            }
            _ => false,
        };
        let current = self.driver_for(&game).map(|d| d.format()).unwrap_or(0);
        Ok(if same || game.state_format != current {
            Verdict::Consistent {
                actions: actions.len(),
            }
        } else {
            Verdict::Broken(format!(
                "game #{id}: the stored state differs from the replay of its {} actions",
                actions.len()
            ))
        })
    }
}
