//! A limited league's event (its dealt pools or draft in progress, saved
//! with a version so concurrent picks cannot both land) and co-operative
//! league games (a team's Series points and End Games defeated).

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Store, StoreError};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitedRow {
    pub league_id: i64,
    /// `sealed`, `sealed-safe` or `draft`.
    pub format: String,
    /// Milliseconds a draft pick may take.
    pub pick_every: Option<i64>,
    /// The JSON of the pools or the draft; `None` until dealt.
    pub state: Option<String>,
    pub version: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamGameRow {
    pub game_id: i64,
    /// The players' user ids.
    pub players: Vec<String>,
    pub points: Option<i64>,
    pub end_games: Option<i64>,
    pub reported_at: Option<i64>,
}

fn limited_row(r: &AnyRow) -> Result<LimitedRow, sqlx::Error> {
    Ok(LimitedRow {
        league_id: r.try_get("league_id")?,
        format: r.try_get("format")?,
        pick_every: r.try_get("pick_every")?,
        state: r.try_get("state")?,
        version: r.try_get("version")?,
    })
}

impl Store {
    pub async fn limited(&self, league: i64) -> Result<Option<LimitedRow>, StoreError> {
        let row = sqlx::query(
            "SELECT league_id, format, pick_every, state, version FROM league_limited WHERE league_id = $1",
        )
        .bind(league)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(limited_row).transpose()?)
    }

    /// Saves the event's new state if nobody saved since `version` was
    /// read; false when someone did (the caller reads again).
    pub async fn save_limited(
        &self,
        league: i64,
        version: i64,
        state: &str,
        next_due: Option<i64>,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE league_limited SET state = $3, next_due = $4, version = version + 1 \
             WHERE league_id = $1 AND version = $2",
        )
        .bind(league)
        .bind(version)
        .bind(state)
        .bind(next_due)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// The dealt limited events `user` takes part in (league ids).
    pub async fn limited_of_user(&self, user: &str) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(
            "SELECT l.league_id FROM league_limited l JOIN league_members m ON m.league_id = l.league_id \
             WHERE m.user_id = $1 AND l.state IS NOT NULL ORDER BY l.league_id",
        )
        .bind(user)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    /// Drafts with a pick deadline passed at `now` (league ids).
    pub async fn due_drafts(&self, now: i64) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(
            "SELECT league_id FROM league_limited WHERE next_due IS NOT NULL AND next_due <= $1 ORDER BY league_id",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    /// The earliest pick deadline of any draft.
    pub async fn next_pick_deadline(&self) -> Result<Option<i64>, StoreError> {
        let row: (Option<i64>,) = sqlx::query_as("SELECT MIN(next_due) FROM league_limited")
            .fetch_one(&self.pool)
            .await?;
        Ok(row.0)
    }

    /// Records a co-operative league game when it is opened.
    pub async fn add_team_game(
        &self,
        league: i64,
        game: i64,
        players: &[String],
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO league_team_games (league_id, game_id, players) VALUES ($1, $2, $3)",
        )
        .bind(league)
        .bind(game)
        .bind(serde_json::to_string(players).expect("ids serialise"))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn team_games(&self, league: i64) -> Result<Vec<TeamGameRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT game_id, players, points, end_games, reported_at FROM league_team_games \
             WHERE league_id = $1 ORDER BY game_id",
        )
        .bind(league)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let players: String = r.try_get("players")?;
                Ok(TeamGameRow {
                    game_id: r.try_get("game_id")?,
                    players: serde_json::from_str(&players).unwrap_or_default(),
                    points: r.try_get("points")?,
                    end_games: r.try_get("end_games")?,
                    reported_at: r.try_get("reported_at")?,
                })
            })
            .collect()
    }

    /// Records a finished co-operative game's team and score (once).
    pub async fn report_team_game(
        &self,
        league: i64,
        game: i64,
        players: &[String],
        (points, end_games): (i64, i64),
        at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE league_team_games SET points = $3, end_games = $4, reported_at = $5, players = $6 \
             WHERE league_id = $1 AND game_id = $2 AND reported_at IS NULL",
        )
        .bind(league)
        .bind(game)
        .bind(points)
        .bind(end_games)
        .bind(at)
        .bind(serde_json::to_string(players).expect("ids serialise"))
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
