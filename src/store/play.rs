//! Asynchronous play: game threads, players away, what the bot knows of each
//! user's DMs, long button commands, and turn timings. None of this is game
//! state, so none of it bumps a game's version.

use sqlx::Row;

use super::{Store, StoreError};

/// What the bot knows of a user's direct messages.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DmRecord {
    pub channel: Option<String>,
    /// When a DM last failed (closed DMs); `None` once one gets through.
    pub failed_at: Option<i64>,
}

/// One player's turn timings in one game (milliseconds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnStat {
    pub user_id: String,
    pub seat: i64,
    /// Finished turns, fastest first.
    pub durations: Vec<i64>,
    /// Since when the seat has been due, if it is now.
    pub waiting_since: Option<i64>,
}

impl Store {
    /// Binds a game to the thread the bot opened for it.
    pub async fn set_thread(&self, game: i64, thread: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET thread_id = $2 WHERE id = $1")
            .bind(game)
            .bind(thread)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Marks a seated user away until a time (`None`: back).
    pub async fn set_away(
        &self,
        game: i64,
        user: &str,
        until: Option<i64>,
    ) -> Result<bool, StoreError> {
        let done =
            sqlx::query("UPDATE seats SET away_until = $3 WHERE game_id = $1 AND user_id = $2")
                .bind(game)
                .bind(user)
                .bind(until)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Seats away at `now`, with the time each comes back.
    pub async fn away(&self, game: i64, now: i64) -> Result<Vec<(i64, i64)>, StoreError> {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT seat, away_until FROM seats WHERE game_id = $1 AND away_until > $2 ORDER BY seat",
        )
        .bind(game)
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows)
    }

    pub async fn dm_record(&self, user: &str) -> Result<DmRecord, StoreError> {
        let row: Option<(Option<String>, Option<i64>)> =
            sqlx::query_as("SELECT dm_channel, dm_failed_at FROM users WHERE user_id = $1")
                .bind(user)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row
            .map(|(channel, failed_at)| DmRecord { channel, failed_at })
            .unwrap_or_default())
    }

    /// Remembers a user's DM channel, or that DMs to them fail.
    pub async fn set_dm_record(
        &self,
        user: &str,
        record: &DmRecord,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO users (user_id, dm_channel, dm_failed_at, updated_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (user_id) DO UPDATE SET dm_channel = $2, dm_failed_at = $3, updated_at = $4",
        )
        .bind(user)
        .bind(&record.channel)
        .bind(record.failed_at)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Keeps a button's command under a short id (Discord allows 100 characters).
    pub async fn save_button(&self, id: &str, command: &str, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO buttons (id, command, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING",
        )
        .bind(id)
        .bind(command)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn button(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> = sqlx::query_as("SELECT command FROM buttons WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.0))
    }

    /// When `seat` last did something in the game: its latest action or the
    /// moment it last became due, whichever is later.
    pub async fn last_seen(&self, game: i64, seat: i64) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query(
            "SELECT MAX(t) AS t FROM (
                SELECT MAX(created_at) AS t FROM actions WHERE game_id = $1 AND seat = $2
                UNION ALL
                SELECT MAX(due_at) AS t FROM turns WHERE game_id = $1 AND seat = $2 AND acted_at IS NULL
            ) AS seen",
        )
        .bind(game)
        .bind(seat)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<Option<i64>, _>("t")?)
    }

    /// Turn timings of a game, per seat.
    pub async fn turn_stats(&self, game: i64) -> Result<Vec<TurnStat>, StoreError> {
        let rows: Vec<(i64, String, i64, Option<i64>)> = sqlx::query_as(
            "SELECT seat, user_id, due_at, acted_at FROM turns WHERE game_id = $1 ORDER BY seat, due_at",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        let mut out: Vec<TurnStat> = Vec::new();
        for (seat, user_id, due_at, acted_at) in rows {
            if out.last().is_none_or(|s| s.seat != seat) {
                out.push(TurnStat {
                    user_id,
                    seat,
                    durations: Vec::new(),
                    waiting_since: None,
                });
            }
            let stat = out.last_mut().expect("just pushed");
            match acted_at {
                Some(at) => stat.durations.push(at - due_at),
                None => stat.waiting_since = Some(due_at),
            }
        }
        for s in &mut out {
            s.durations.sort_unstable();
        }
        Ok(out)
    }
}
