//! Claims on a due game: the scheduler and an AI seat move a game's times
//! on (version-checked) before acting, so across processes each reminder,
//! deadline move and AI turn is made once; a claim on a deadline is a lease
//! another process takes over when it runs out.

use crate::app::App;
use crate::app::command::message::UserError;
use crate::store::GameRow;

/// How long a claimed deadline is held before another process may make
/// the default move instead.
pub const DEADLINE_LEASE_MS: i64 = 10_000;

/// Claims a due game for this process by moving its times on; None when
/// another process claimed it first (it sends the reminder or moves).
pub async fn claim(
    app: &App,
    game: &GameRow,
    remind_at: Option<i64>,
    deadline_at: Option<i64>,
) -> Result<Option<GameRow>, UserError> {
    app.forget_game(game.id);
    let claimed = app
        .store()
        .claim_schedule(game.id, game.version, remind_at, deadline_at)
        .await?;
    Ok(claimed.then(|| GameRow {
        version: game.version + 1,
        remind_at,
        deadline_at,
        ..game.clone()
    }))
}
