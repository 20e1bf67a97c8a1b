//! Games, seats and the action log.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Committed, Idem, Store, StoreError, record};

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    Lobby,
    Active,
    Finished,
    Cancelled,
}

impl GameStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Lobby => "lobby",
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Cancelled => "cancelled",
        }
    }

    fn parse(s: &str) -> Option<Self> {
        [
            GameStatus::Lobby,
            GameStatus::Active,
            GameStatus::Finished,
            GameStatus::Cancelled,
        ]
        .into_iter()
        .find(|g| g.as_str() == s)
    }
}

/// A stored game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub kind: String,
    pub guild_id: Option<String>,
    pub channel_id: String,
    pub thread_id: Option<String>,
    pub creator_id: String,
    pub status: GameStatus,
    /// JSON.
    pub options: String,
    pub seed: i64,
    /// JSON of the engine state (`None` in the lobby).
    pub state: Option<String>,
    pub state_format: i64,
    pub version: i64,
    pub action_count: i64,
    /// JSON list of seats that must act.
    pub to_act: String,
    /// JSON outcome once finished.
    pub result: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub deadline_at: Option<i64>,
    pub remind_at: Option<i64>,
    /// Milliseconds between reminders (`None`: the bot's default).
    pub remind_every: Option<i64>,
    /// The agreed time a seat has for each move (`None`: no deadline).
    pub deadline_every: Option<i64>,
    /// A pending request to take moves back (JSON), cleared by any change.
    pub undo_request: Option<String>,
    /// How long the game's AI players wait before they move (`None`: at once).
    pub ai_pause: Option<i64>,
}

/// A seat and who holds it. In the lobby `seat` is the join order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: i64,
    pub user_id: String,
    pub user_name: String,
    /// JSON of what the player brings (e.g. a deck).
    pub setup: Option<String>,
    pub joined_at: i64,
}

/// One logged action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionRow {
    pub seq: i64,
    pub seat: i64,
    pub user_id: String,
    /// JSON of the engine action.
    pub action: String,
    pub format: i64,
    pub created_at: i64,
    /// When the move was taken back (`/game undo`); replays skip it.
    pub undone_at: Option<i64>,
    /// Why an AI player made the move (`None` for a player's move).
    pub why: Option<String>,
}

#[derive(Debug, Clone)]
pub struct NewGame {
    pub kind: String,
    pub guild_id: Option<String>,
    pub channel_id: String,
    pub thread_id: Option<String>,
    pub creator_id: String,
    pub options: String,
    pub seed: i64,
    pub now: i64,
    pub remind_every: Option<i64>,
    pub deadline_every: Option<i64>,
    pub ai_pause: Option<i64>,
}

/// The new values of a game row.
#[derive(Debug, Clone)]
pub struct GameUpdate {
    pub status: GameStatus,
    pub state: Option<String>,
    pub state_format: i64,
    pub to_act: String,
    pub result: Option<String>,
    pub deadline_at: Option<i64>,
    pub remind_at: Option<i64>,
    pub now: i64,
    /// Turn timings this change opens and closes (seats), written in the
    /// same transaction.
    pub turns: Turns,
}

/// Seats whose turn starts (they became due) and ends (they acted).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Turns {
    pub started: Vec<i64>,
    pub ended: Vec<i64>,
}

impl Turns {
    fn list(seats: &[i64]) -> String {
        seats
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// A turn closes when its seat acts ($1 game, $2 seat, $3 now).
const END_TURN: &str =
    "UPDATE turns SET acted_at = $3 WHERE game_id = $1 AND seat = $2 AND acted_at IS NULL";
/// A turn opens when a seat becomes due; the player is the seat's.
const START_TURN: &str = "INSERT INTO turns (game_id, seat, user_id, due_at) \
     SELECT game_id, seat, user_id, $3 FROM seats WHERE game_id = $1 AND seat = $2 ON CONFLICT DO NOTHING";

/// Writes a change's turn timings inside its transaction.
async fn write_turns(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game: i64,
    turns: &Turns,
    now: i64,
) -> Result<(), StoreError> {
    for (sql, seats) in [(END_TURN, &turns.ended), (START_TURN, &turns.started)] {
        for seat in seats {
            sqlx::query(sql)
                .bind(game)
                .bind(seat)
                .bind(now)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

/// An action to append to the log.
#[derive(Debug, Clone)]
pub struct NewAction {
    pub seat: i64,
    pub user_id: String,
    pub action: String,
    pub format: i64,
    /// Why an AI player chose it (`/game why`).
    pub why: Option<String>,
}

/// A game's new state, version-checked ($1 id, $2 expected version; the
/// rest bound by `bind_update`). Any change voids a pending undo request.
const UPDATE_GAME: &str = "UPDATE games SET status = $3, state = $4, state_format = $5, to_act = $6, result = $7, \
     deadline_at = $8, remind_at = $9, updated_at = $10, version = version + 1, \
     action_count = action_count + $11, undo_request = NULL WHERE id = $1 AND version = $2";

/// The columns of a game row, as a literal so queries stay static SQL.
macro_rules! game_columns {
    () => {
        "id, kind, guild_id, channel_id, thread_id, creator_id, status, options, seed, state, state_format, \
         version, action_count, to_act, result, created_at, updated_at, deadline_at, remind_at, \
         remind_every, deadline_every, undo_request, ai_pause"
    };
}

fn game_row(row: &AnyRow) -> Result<GameRow, StoreError> {
    let id: i64 = row.try_get("id")?;
    let status: String = row.try_get("status")?;
    let status = GameStatus::parse(&status).ok_or_else(|| StoreError::Corrupt {
        game: id,
        message: format!("unknown status '{status}'"),
    })?;
    Ok(GameRow {
        id,
        kind: row.try_get("kind")?,
        guild_id: row.try_get("guild_id")?,
        channel_id: row.try_get("channel_id")?,
        thread_id: row.try_get("thread_id")?,
        creator_id: row.try_get("creator_id")?,
        status,
        options: row.try_get("options")?,
        seed: row.try_get("seed")?,
        state: row.try_get("state")?,
        state_format: row.try_get("state_format")?,
        version: row.try_get("version")?,
        action_count: row.try_get("action_count")?,
        to_act: row.try_get("to_act")?,
        result: row.try_get("result")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        deadline_at: row.try_get("deadline_at")?,
        remind_at: row.try_get("remind_at")?,
        remind_every: row.try_get("remind_every")?,
        deadline_every: row.try_get("deadline_every")?,
        undo_request: row.try_get("undo_request")?,
        ai_pause: row.try_get("ai_pause")?,
    })
}

fn seat_row(row: &AnyRow) -> Result<SeatRow, StoreError> {
    Ok(SeatRow {
        seat: row.try_get("seat")?,
        user_id: row.try_get("user_id")?,
        user_name: row.try_get("user_name")?,
        setup: row.try_get("setup")?,
        joined_at: row.try_get("joined_at")?,
    })
}

impl Store {
    /// Creates a game in the lobby. `respond` builds the response to remember
    /// under the key once the id is known.
    pub async fn create_game(
        &self,
        new: &NewGame,
        seats: &[SeatRow],
        key: &str,
        respond: impl FnOnce(i64) -> String,
    ) -> Result<Committed<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "INSERT INTO games (kind, guild_id, channel_id, thread_id, creator_id, status, options, seed, created_at, updated_at, \
             remind_every, deadline_every, ai_pause) VALUES ($1, $2, $3, $4, $5, 'lobby', $6, $7, $8, $8, $9, $10, $11) RETURNING id",
        )
        .bind(&new.kind)
        .bind(&new.guild_id)
        .bind(&new.channel_id)
        .bind(&new.thread_id)
        .bind(&new.creator_id)
        .bind(&new.options)
        .bind(new.seed)
        .bind(new.now)
        .bind(new.remind_every)
        .bind(new.deadline_every)
        .bind(new.ai_pause)
        .fetch_one(&mut *tx)
        .await?;
        let id: i64 = row.try_get("id")?;
        let idem = Idem {
            key,
            response: respond(id),
            owes: false,
        };
        if let Some(dup) = record(&mut tx, &idem, Some(id), new.now).await? {
            return Ok(Committed::Duplicate(dup));
        }
        for (n, s) in seats.iter().enumerate() {
            sqlx::query(
                "INSERT INTO seats (game_id, seat, user_id, user_name, setup, joined_at) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(n as i64)
            .bind(&s.user_id)
            .bind(&s.user_name)
            .bind(&s.setup)
            .bind(s.joined_at)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(Committed::Applied(id))
    }

    pub async fn game(&self, id: i64) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(game_row).transpose()
    }

    /// Games bound to a channel (or thread), newest first, optionally by status.
    pub async fn games_in_channel(
        &self,
        channel: &str,
        open_only: bool,
    ) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE (channel_id = $1 OR thread_id = $1) \
              AND ($2 = 0 OR status IN ('lobby', 'active')) ORDER BY id DESC"
        ))
        .bind(channel)
        .bind(i64::from(open_only))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    /// Open games a user is seated in, newest first.
    pub async fn games_of_user(&self, user: &str) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE status IN ('lobby', 'active') \
              AND id IN (SELECT game_id FROM seats WHERE user_id = $1) ORDER BY id DESC"
        ))
        .bind(user)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    /// Ids of every game with the given status (or all games).
    pub async fn game_ids(&self, status: Option<GameStatus>) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = match status {
            Some(s) => {
                sqlx::query_as("SELECT id FROM games WHERE status = $1 ORDER BY id")
                    .bind(s.as_str())
                    .fetch_all(&self.pool)
                    .await?
            }
            None => {
                sqlx::query_as("SELECT id FROM games ORDER BY id")
                    .fetch_all(&self.pool)
                    .await?
            }
        };
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    /// Active games whose reminder or deadline falls at or before `now`.
    pub async fn due_games(&self, now: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE status = 'active' AND (remind_at <= $1 OR deadline_at <= $1) ORDER BY id"
        ))
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    /// The earliest pending reminder or deadline of an active game,
    /// reminder of a league round, or draft pick deadline.
    pub async fn next_due(&self) -> Result<Option<i64>, StoreError> {
        let row: (Option<i64>, Option<i64>) = sqlx::query_as(
            "SELECT MIN(remind_at), MIN(deadline_at) FROM games WHERE status = 'active'",
        )
        .fetch_one(&self.pool)
        .await?;
        let games = match row {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let leagues = [
            self.next_round_reminder().await?,
            self.next_pick_deadline().await?,
            self.next_season_end().await?,
        ];
        Ok([games].into_iter().chain(leagues).flatten().min())
    }

    pub async fn seats(&self, game: i64) -> Result<Vec<SeatRow>, StoreError> {
        let rows = sqlx::query("SELECT seat, user_id, user_name, setup, joined_at FROM seats WHERE game_id = $1 ORDER BY seat")
            .bind(game)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(seat_row).collect()
    }

    /// The whole action log of a game, in order, moves taken back included.
    pub async fn actions(&self, game: i64) -> Result<Vec<ActionRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, seat, user_id, action, format, created_at, undone_at, why FROM actions WHERE game_id = $1 ORDER BY seq",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ActionRow {
                    seq: r.try_get("seq")?,
                    seat: r.try_get("seat")?,
                    user_id: r.try_get("user_id")?,
                    action: r.try_get("action")?,
                    format: r.try_get("format")?,
                    created_at: r.try_get("created_at")?,
                    undone_at: r.try_get("undone_at")?,
                    why: r.try_get("why")?,
                })
            })
            .collect()
    }

    /// Seats a user (or updates their setup) in a lobby game.
    pub async fn set_seat(
        &self,
        game: i64,
        expected_version: i64,
        seat: &SeatRow,
        idem: &Idem<'_>,
        now: i64,
    ) -> Result<Committed<()>, StoreError> {
        let mut tx = self.pool.begin().await?;
        if let Some(dup) = record(&mut tx, idem, Some(game), now).await? {
            return Ok(Committed::Duplicate(dup));
        }
        bump_version(&mut tx, game, expected_version, now).await?;
        let updated = sqlx::query(
            "UPDATE seats SET user_name = $3, setup = $4 WHERE game_id = $1 AND user_id = $2",
        )
        .bind(game)
        .bind(&seat.user_id)
        .bind(&seat.user_name)
        .bind(&seat.setup)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            sqlx::query(
                "INSERT INTO seats (game_id, seat, user_id, user_name, setup, joined_at) \
                 VALUES ($1, (SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE game_id = $1), $2, $3, $4, $5)",
            )
            .bind(game)
            .bind(&seat.user_id)
            .bind(&seat.user_name)
            .bind(&seat.setup)
            .bind(seat.joined_at)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(Committed::Applied(()))
    }

    /// Removes a user's seat from a lobby game.
    pub async fn remove_seat(
        &self,
        game: i64,
        expected_version: i64,
        user: &str,
        idem: &Idem<'_>,
        now: i64,
    ) -> Result<Committed<()>, StoreError> {
        let mut tx = self.pool.begin().await?;
        if let Some(dup) = record(&mut tx, idem, Some(game), now).await? {
            return Ok(Committed::Duplicate(dup));
        }
        bump_version(&mut tx, game, expected_version, now).await?;
        sqlx::query("DELETE FROM seats WHERE game_id = $1 AND user_id = $2")
            .bind(game)
            .bind(user)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Committed::Applied(()))
    }

    /// Writes a game's new state in one transaction: optionally renumbers its
    /// seats (at start) and appends one action to the log. Fails with
    /// [`StoreError::Conflict`] when the game's version is no longer `expected_version`.
    pub async fn update_game(
        &self,
        game: i64,
        expected_version: i64,
        update: &GameUpdate,
        seats: Option<&[SeatRow]>,
        action: Option<&NewAction>,
        idem: &Idem<'_>,
    ) -> Result<Committed<()>, StoreError> {
        if self.backend == super::Backend::Postgres && seats.is_none() {
            return self
                .update_game_pg(game, expected_version, update, action, idem)
                .await;
        }
        let mut tx = self.pool.begin().await?;
        if let Some(dup) = record(&mut tx, idem, Some(game), update.now).await? {
            return Ok(Committed::Duplicate(dup));
        }
        let changed = bind_update(
            sqlx::query(UPDATE_GAME),
            game,
            expected_version,
            update,
            action.is_some(),
        )
        .execute(&mut *tx)
        .await?;
        if changed.rows_affected() != 1 {
            return Err(missing_or_conflict(&mut tx, game).await);
        }
        if let Some(seats) = seats {
            sqlx::query("DELETE FROM seats WHERE game_id = $1")
                .bind(game)
                .execute(&mut *tx)
                .await?;
            for s in seats {
                sqlx::query(
                    "INSERT INTO seats (game_id, seat, user_id, user_name, setup, joined_at) VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(game)
                .bind(s.seat)
                .bind(&s.user_id)
                .bind(&s.user_name)
                .bind(&s.setup)
                .bind(s.joined_at)
                .execute(&mut *tx)
                .await?;
            }
        }
        if let Some(a) = action {
            sqlx::query(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, format, created_at, why) \
                 VALUES ($1, (SELECT action_count FROM games WHERE id = $1), $2, $3, $4, $5, $6, $7)",
            )
            .bind(game)
            .bind(a.seat)
            .bind(&a.user_id)
            .bind(&a.action)
            .bind(a.format)
            .bind(update.now)
            .bind(&a.why)
            .execute(&mut *tx)
            .await?;
        }
        write_turns(&mut tx, game, &update.turns, update.now).await?;
        tx.commit().await?;
        Ok(Committed::Applied(()))
    }

    /// PostgreSQL: the same change as one atomic statement (one round trip).
    /// A stale version updates nothing; a seen key aborts the whole statement
    /// through the unique violation, and the first response is returned.
    async fn update_game_pg(
        &self,
        game: i64,
        expected_version: i64,
        update: &GameUpdate,
        action: Option<&NewAction>,
        idem: &Idem<'_>,
    ) -> Result<Committed<()>, StoreError> {
        let (seat, user, act, format) = match action {
            Some(a) => (a.seat, a.user_id.as_str(), a.action.as_str(), a.format),
            None => (0, "", "", 0),
        };
        let query = sqlx::query(
            "WITH g AS (UPDATE games SET status = $3, state = $4, state_format = $5, to_act = $6, result = $7, \
             deadline_at = $8, remind_at = $9, updated_at = $10, version = version + 1, action_count = action_count + $11, \
             undo_request = NULL WHERE id = $1 AND version = $2 RETURNING action_count), \
             a AS (INSERT INTO actions (game_id, seq, seat, user_id, action, format, created_at, why) \
             SELECT $1, g.action_count, $12, $13, $14, $15, $10, $20 FROM g WHERE $11 = 1 RETURNING seq), \
             e AS (UPDATE turns SET acted_at = $10 WHERE game_id = $1 AND acted_at IS NULL AND EXISTS (SELECT 1 FROM g) \
             AND seat IN (SELECT unnest(string_to_array($18, ','))::bigint)), \
             s AS (INSERT INTO turns (game_id, seat, user_id, due_at) SELECT game_id, seat, user_id, $10 FROM seats \
             WHERE game_id = $1 AND EXISTS (SELECT 1 FROM g) AND seat IN (SELECT unnest(string_to_array($19, ','))::bigint) \
             ON CONFLICT DO NOTHING) \
             INSERT INTO interactions (key, game_id, response, created_at, owed_at) SELECT $16, $1, $17, $10, $21 FROM g \
             RETURNING (SELECT COUNT(*) FROM a)",
        );
        let done = bind_update(query, game, expected_version, update, action.is_some())
            .bind(seat)
            .bind(user)
            .bind(act)
            .bind(format)
            .bind(idem.key)
            .bind(&idem.response)
            .bind(Turns::list(&update.turns.ended))
            .bind(Turns::list(&update.turns.started))
            .bind(action.and_then(|a| a.why.clone()))
            .bind(idem.owes.then_some(update.now))
            .fetch_optional(&self.pool)
            .await;
        match done {
            Ok(Some(_)) => Ok(Committed::Applied(())),
            Ok(None) => {
                if let Some(first) = self.interaction(idem.key).await? {
                    return Ok(Committed::Duplicate(first));
                }
                Err(match self.game(game).await? {
                    Some(_) => StoreError::Conflict(game),
                    None => StoreError::NoSuchGame(game),
                })
            }
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                match self.interaction(idem.key).await? {
                    Some(first) => Ok(Committed::Duplicate(first)),
                    None => Err(StoreError::Conflict(game)),
                }
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Takes moves back: marks the live actions from `from_seq` on as undone
    /// and stores the replayed state, in one transaction.
    pub async fn rewind(
        &self,
        game: i64,
        expected_version: i64,
        from_seq: i64,
        update: &GameUpdate,
        idem: &Idem<'_>,
    ) -> Result<Committed<()>, StoreError> {
        let mut tx = self.pool.begin().await?;
        if let Some(dup) = record(&mut tx, idem, Some(game), update.now).await? {
            return Ok(Committed::Duplicate(dup));
        }
        let changed = bind_update(
            sqlx::query(UPDATE_GAME),
            game,
            expected_version,
            update,
            false,
        )
        .execute(&mut *tx)
        .await?;
        if changed.rows_affected() != 1 {
            return Err(missing_or_conflict(&mut tx, game).await);
        }
        sqlx::query(
            "UPDATE actions SET undone_at = $3 WHERE game_id = $1 AND seq >= $2 AND undone_at IS NULL",
        )
        .bind(game)
        .bind(from_seq)
        .bind(update.now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Committed::Applied(()))
    }

    /// Records (or clears) a pending request to take moves back; the
    /// version check makes a request on a changed game fail as a conflict.
    pub async fn set_undo_request(
        &self,
        game: i64,
        expected_version: i64,
        request: Option<&str>,
    ) -> Result<(), StoreError> {
        let changed = sqlx::query(
            "UPDATE games SET undo_request = $3, version = version + 1 WHERE id = $1 AND version = $2",
        )
        .bind(game)
        .bind(expected_version)
        .bind(request)
        .execute(&self.pool)
        .await?;
        if changed.rows_affected() != 1 {
            return Err(StoreError::Conflict(game));
        }
        Ok(())
    }

    /// Moves reminder and deadline times without touching the game's version
    /// (they are scheduling, not game state).
    pub async fn set_schedule(
        &self,
        game: i64,
        remind_at: Option<i64>,
        deadline_at: Option<i64>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET remind_at = $2, deadline_at = $3, version = version + 1 WHERE id = $1")
            .bind(game)
            .bind(remind_at)
            .bind(deadline_at)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Claims a due reminder or deadline for this process: moves the game's
    /// times on, if its row is still at `version` (then bumped). Of several
    /// processes that saw the same due game, exactly one claims it.
    pub async fn claim_schedule(
        &self,
        game: i64,
        version: i64,
        remind_at: Option<i64>,
        deadline_at: Option<i64>,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET remind_at = $3, deadline_at = $4, version = version + 1 \
             WHERE id = $1 AND version = $2",
        )
        .bind(game)
        .bind(version)
        .bind(remind_at)
        .bind(deadline_at)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// How many default moves deadlines made in a game (each is logged
    /// under its own key).
    pub async fn deadline_moves(&self, game: i64) -> Result<i64, StoreError> {
        let row: (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM interactions WHERE game_id = $1 AND key LIKE 'deadline:%'",
        )
        .bind(game)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.0)
    }

    /// A game's version (None: no such game): whether a kept copy is current.
    pub async fn game_version(&self, game: i64) -> Result<Option<i64>, StoreError> {
        let row: Option<(i64,)> = sqlx::query_as("SELECT version FROM games WHERE id = $1")
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.0))
    }
}

async fn bump_version(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game: i64,
    expected_version: i64,
    now: i64,
) -> Result<(), StoreError> {
    let changed = sqlx::query(
        "UPDATE games SET version = version + 1, updated_at = $3 WHERE id = $1 AND version = $2",
    )
    .bind(game)
    .bind(expected_version)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    if changed.rows_affected() == 1 {
        Ok(())
    } else {
        Err(missing_or_conflict(tx, game).await)
    }
}

/// Why a version-checked update touched no row, asked inside the same
/// transaction (a second pool connection could deadlock a busy pool).
async fn missing_or_conflict(tx: &mut sqlx::Transaction<'_, sqlx::Any>, game: i64) -> StoreError {
    let exists: Result<Option<(i64,)>, sqlx::Error> =
        sqlx::query_as("SELECT id FROM games WHERE id = $1")
            .bind(game)
            .fetch_optional(&mut **tx)
            .await;
    match exists {
        Ok(Some(_)) => StoreError::Conflict(game),
        Ok(None) => StoreError::NoSuchGame(game),
        Err(e) => e.into(),
    }
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// Binds $1-$11 of a game update (both write paths share them): id,
/// expected version, the new columns, and whether an action is logged.
fn bind_update<'q>(
    query: AnyQuery<'q>,
    game: i64,
    expected_version: i64,
    update: &'q GameUpdate,
    logs_action: bool,
) -> AnyQuery<'q> {
    query
        .bind(game)
        .bind(expected_version)
        .bind(update.status.as_str())
        .bind(&update.state)
        .bind(update.state_format)
        .bind(&update.to_act)
        .bind(&update.result)
        .bind(update.deadline_at)
        .bind(update.remind_at)
        .bind(update.now)
        .bind(i64::from(logs_action))
}
