//! Leagues: a server's leagues, their members, rounds and pairings, and
//! the audit log of corrections. Each change is one statement or one
//! transaction; ratings and standings are computed from these rows.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Store, StoreError};

/// Unplayed pairings are reminded a day before the round's deadline (or
/// halfway through a round shorter than two days).
const DAY: i64 = 24 * 3600 * 1000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeagueRow {
    pub id: i64,
    pub guild_id: String,
    pub name: String,
    pub kind: String,
    /// `swiss`, `round-robin` or `free`.
    pub pairing: String,
    /// The `/game new` options every league game opens with, as typed.
    pub game_options: String,
    /// Where rounds are posted and reminders go.
    pub channel_id: String,
    pub round_every: Option<i64>,
    pub created_by: String,
    pub created_at: i64,
    /// A server role whose members organise the league (besides Manage Server).
    pub organiser_role: Option<String>,
    /// The card sets decks may use (slugs, space-separated; `None`: any).
    pub sets: Option<String>,
    /// Games each pairing plays.
    pub games_per_pairing: i64,
    /// The season's window (ms).
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
}

impl LeagueRow {
    /// A free league's rating periods are weeks; the others' are rounds.
    pub fn period_word(&self) -> &'static str {
        if self.pairing == "free" {
            "week"
        } else {
            "round"
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberRow {
    pub user_id: String,
    pub user_name: String,
    pub joined_at: i64,
    pub left_at: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRow {
    pub number: i64,
    pub started_at: i64,
    pub deadline_at: Option<i64>,
    pub closed_at: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingRow {
    pub id: i64,
    pub round: i64,
    pub a_user: String,
    /// `None`: a bye.
    pub b_user: Option<String>,
    pub game_id: Option<i64>,
    /// `a`, `b`, `draw`, `bye`, or `None` while unplayed.
    pub result: Option<String>,
    pub reason: Option<String>,
    /// When the result was recorded (ms).
    pub reported_at: Option<i64>,
    /// Who counted the game with `/league report` (`None`: opened with
    /// `/league play`); their opponent may dispute it.
    pub claimed_by: Option<String>,
}

fn league_row(r: &AnyRow) -> Result<LeagueRow, sqlx::Error> {
    Ok(LeagueRow {
        id: r.try_get("id")?,
        guild_id: r.try_get("guild_id")?,
        name: r.try_get("name")?,
        kind: r.try_get("kind")?,
        pairing: r.try_get("pairing")?,
        game_options: r.try_get("game_options")?,
        channel_id: r.try_get("channel_id")?,
        round_every: r.try_get("round_every")?,
        created_by: r.try_get("created_by")?,
        created_at: r.try_get("created_at")?,
        organiser_role: r.try_get("organiser_role")?,
        sets: r.try_get("sets")?,
        games_per_pairing: r.try_get("games_per_pairing")?,
        starts_at: r.try_get("starts_at")?,
        ends_at: r.try_get("ends_at")?,
    })
}

fn pairing_row(r: &AnyRow) -> Result<PairingRow, sqlx::Error> {
    Ok(PairingRow {
        id: r.try_get("id")?,
        round: r.try_get("round")?,
        a_user: r.try_get("a_user")?,
        b_user: r.try_get("b_user")?,
        game_id: r.try_get("game_id")?,
        result: r.try_get("result")?,
        reason: r.try_get("reason")?,
        reported_at: r.try_get("reported_at")?,
        claimed_by: r.try_get("claimed_by")?,
    })
}

/// Appends an organiser's action to a league's audit log, in `tx`.
async fn insert_audit(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    league: i64,
    audit: &AuditRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO league_audit (league_id, at, by_user, what, reason) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(league)
    .bind(audit.at)
    .bind(&audit.by_user)
    .bind(&audit.what)
    .bind(&audit.reason)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// Creates a league (with its limited event's format and pick time, if
    /// it is one); `None` when the server already has one of that name.
    pub async fn create_league(
        &self,
        l: &LeagueRow,
        limited: Option<(&str, Option<i64>)>,
    ) -> Result<Option<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "INSERT INTO leagues (guild_id, name, kind, pairing, game_options, channel_id, round_every, created_by, created_at, organiser_role, sets, games_per_pairing, starts_at, ends_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (guild_id, name) DO NOTHING RETURNING id",
        )
        .bind(&l.guild_id)
        .bind(&l.name)
        .bind(&l.kind)
        .bind(&l.pairing)
        .bind(&l.game_options)
        .bind(&l.channel_id)
        .bind(l.round_every)
        .bind(&l.created_by)
        .bind(l.created_at)
        .bind(&l.organiser_role)
        .bind(&l.sets)
        .bind(l.games_per_pairing)
        .bind(l.starts_at)
        .bind(l.ends_at)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(id) = row.map(|r| r.try_get::<i64, _>("id")).transpose()? else {
            return Ok(None);
        };
        if let Some((format, pick_every)) = limited {
            sqlx::query(
                "INSERT INTO league_limited (league_id, format, pick_every) VALUES ($1, $2, $3)",
            )
            .bind(id)
            .bind(format)
            .bind(pick_every)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(Some(id))
    }

    /// A server's leagues, oldest first.
    pub async fn leagues(&self, guild: &str) -> Result<Vec<LeagueRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, guild_id, name, kind, pairing, game_options, channel_id, round_every, created_by, created_at, organiser_role, sets, games_per_pairing, starts_at, ends_at \
             FROM leagues WHERE guild_id = $1 ORDER BY id",
        )
        .bind(guild)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(league_row).collect::<Result<_, _>>()?)
    }

    /// Members in the order they joined (those who left too).
    pub async fn league_members(&self, league: i64) -> Result<Vec<MemberRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT user_id, user_name, joined_at, left_at FROM league_members WHERE league_id = $1 ORDER BY joined_at, user_id",
        )
        .bind(league)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(MemberRow {
                    user_id: r.try_get("user_id")?,
                    user_name: r.try_get("user_name")?,
                    joined_at: r.try_get("joined_at")?,
                    left_at: r.try_get("left_at")?,
                })
            })
            .collect()
    }

    /// Joins (or rejoins) a league; false when already a member.
    pub async fn join_league(
        &self,
        league: i64,
        user: &str,
        name: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO league_members (league_id, user_id, user_name, joined_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (league_id, user_id) DO UPDATE SET left_at = NULL, user_name = excluded.user_name \
             WHERE league_members.left_at IS NOT NULL",
        )
        .bind(league)
        .bind(user)
        .bind(name)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Leaves a league (results stay); false when not a member.
    pub async fn leave_league(
        &self,
        league: i64,
        user: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE league_members SET left_at = $3 WHERE league_id = $1 AND user_id = $2 AND left_at IS NULL",
        )
        .bind(league)
        .bind(user)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    pub async fn league_rounds(&self, league: i64) -> Result<Vec<RoundRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT number, started_at, deadline_at, closed_at FROM league_rounds WHERE league_id = $1 ORDER BY number",
        )
        .bind(league)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(RoundRow {
                    number: r.try_get("number")?,
                    started_at: r.try_get("started_at")?,
                    deadline_at: r.try_get("deadline_at")?,
                    closed_at: r.try_get("closed_at")?,
                })
            })
            .collect()
    }

    pub async fn league_pairings(&self, league: i64) -> Result<Vec<PairingRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, round, a_user, b_user, game_id, result, reason, reported_at, claimed_by FROM league_pairings WHERE league_id = $1 ORDER BY round, id",
        )
        .bind(league)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(pairing_row).collect::<Result<_, _>>()?)
    }

    /// Opens round `number` with its pairings, in one transaction; false
    /// when that round exists already (another organiser was first).
    pub async fn open_round(
        &self,
        league: i64,
        round: &RoundRow,
        pairings: &[(String, Option<String>)],
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let opened = sqlx::query(
            "INSERT INTO league_rounds (league_id, number, started_at, deadline_at, remind_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (league_id, number) DO NOTHING",
        )
        .bind(league)
        .bind(round.number)
        .bind(round.started_at)
        .bind(round.deadline_at)
        .bind(round.deadline_at.map(|d| (d - DAY).max(round.started_at + (d - round.started_at) / 2)))
        .execute(&mut *tx)
        .await?;
        if opened.rows_affected() == 0 {
            return Ok(false);
        }
        for (a, b) in pairings {
            let result = b.is_none().then_some("bye");
            sqlx::query(
                "INSERT INTO league_pairings (league_id, round, a_user, b_user, result, reported_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(league)
            .bind(round.number)
            .bind(a)
            .bind(b.as_deref())
            .bind(result)
            .bind(b.is_none().then_some(round.started_at))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Links an unplayed pairing to the game opened for it; false when it
    /// has one already.
    pub async fn link_pairing(&self, pairing: i64, game: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE league_pairings SET game_id = $2 WHERE id = $1 AND game_id IS NULL AND result IS NULL",
        )
        .bind(pairing)
        .bind(game)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Records the result a finished game reported (only once).
    pub async fn report_pairing(
        &self,
        pairing: i64,
        result: &str,
        reason: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE league_pairings SET result = $2, reason = $3, reported_at = $4 WHERE id = $1 AND result IS NULL",
        )
        .bind(pairing)
        .bind(result)
        .bind(reason)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditRow {
    pub at: i64,
    pub by_user: String,
    pub what: String,
    pub reason: String,
}

impl Store {
    /// An organiser's correction of a pairing's result, with its audit
    /// entry, in one transaction.
    pub async fn correct_pairing(
        &self,
        league: i64,
        pairing: i64,
        result: &str,
        audit: &AuditRow,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "UPDATE league_pairings SET result = $3, reason = $4, reported_at = $5 WHERE id = $1 AND league_id = $2",
        )
        .bind(pairing)
        .bind(league)
        .bind(result)
        .bind(&audit.reason)
        .bind(audit.at)
        .execute(&mut *tx)
        .await?;
        insert_audit(&mut tx, league, audit).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The audit log, oldest first.
    pub async fn league_audit(&self, league: i64) -> Result<Vec<AuditRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT at, by_user, what, reason FROM league_audit WHERE league_id = $1 ORDER BY id",
        )
        .bind(league)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(AuditRow {
                    at: r.try_get("at")?,
                    by_user: r.try_get("by_user")?,
                    what: r.try_get("what")?,
                    reason: r.try_get("reason")?,
                })
            })
            .collect()
    }
}

impl Store {
    /// A server's league by id.
    pub async fn league(&self, id: i64) -> Result<Option<LeagueRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, guild_id, name, kind, pairing, game_options, channel_id, round_every, created_by, created_at, organiser_role, sets, games_per_pairing, starts_at, ends_at \
             FROM leagues WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(league_row).transpose()?)
    }

    /// Open rounds whose reminder is due: (league, round).
    pub async fn due_round_reminders(&self, now: i64) -> Result<Vec<(i64, i64)>, StoreError> {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT league_id, number FROM league_rounds WHERE closed_at IS NULL AND remind_at <= $1 ORDER BY league_id, number",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows)
    }

    /// Claims a round's reminder: true for exactly one caller.
    pub async fn claim_round_reminder(&self, league: i64, round: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE league_rounds SET remind_at = NULL WHERE league_id = $1 AND number = $2 AND remind_at IS NOT NULL",
        )
        .bind(league)
        .bind(round)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// The earliest pending round reminder.
    pub async fn next_round_reminder(&self) -> Result<Option<i64>, StoreError> {
        let row: (Option<i64>,) =
            sqlx::query_as("SELECT MIN(remind_at) FROM league_rounds WHERE closed_at IS NULL")
                .fetch_one(&self.pool)
                .await?;
        Ok(row.0)
    }

    /// Closes a round in one transaction: the `decided` pairings get their
    /// result (pairing id, result, reason), the others still unplayed are
    /// scored `unplayed`, with an audit entry; false when it was closed
    /// already.
    pub async fn close_round(
        &self,
        league: i64,
        round: i64,
        decided: &[(i64, &str, String)],
        audit: &AuditRow,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let closed = sqlx::query(
            "UPDATE league_rounds SET closed_at = $3, remind_at = NULL WHERE league_id = $1 AND number = $2 AND closed_at IS NULL",
        )
        .bind(league)
        .bind(round)
        .bind(audit.at)
        .execute(&mut *tx)
        .await?;
        if closed.rows_affected() == 0 {
            return Ok(false);
        }
        for (pairing, result, reason) in decided {
            sqlx::query(
                "UPDATE league_pairings SET result = $3, reason = $4, reported_at = $5 \
                 WHERE id = $1 AND league_id = $2 AND result IS NULL",
            )
            .bind(pairing)
            .bind(league)
            .bind(*result)
            .bind(reason)
            .bind(audit.at)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query(
            "UPDATE league_pairings SET result = 'unplayed', reason = $3, reported_at = $4 \
             WHERE league_id = $1 AND round = $2 AND result IS NULL",
        )
        .bind(league)
        .bind(round)
        .bind(&audit.reason)
        .bind(audit.at)
        .execute(&mut *tx)
        .await?;
        insert_audit(&mut tx, league, audit).await?;
        tx.commit().await?;
        Ok(true)
    }
}

impl Store {
    /// A free-play pairing, stored with the game opened for it.
    pub async fn add_pairing(
        &self,
        league: i64,
        round: i64,
        a: &str,
        b: &str,
        game: i64,
    ) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "INSERT INTO league_pairings (league_id, round, a_user, b_user, game_id) VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(league)
        .bind(round)
        .bind(a)
        .bind(b)
        .bind(game)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get("id")?)
    }
}

/// `/league report` and `/league dispute`: a game counts for one pairing of
/// one league at most, so each link is refused in SQL when the game counts
/// anywhere already.
impl Store {
    /// The pairing a game counts for, in any league, with its league's id.
    pub async fn pairing_of_game(
        &self,
        game: i64,
    ) -> Result<Option<(i64, PairingRow)>, StoreError> {
        let row = sqlx::query(
            "SELECT league_id, id, round, a_user, b_user, game_id, result, reason, reported_at, claimed_by \
             FROM league_pairings WHERE game_id = $1 ORDER BY id LIMIT 1",
        )
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = row else {
            return Ok(None);
        };
        Ok(Some((r.try_get::<i64, _>("league_id")?, pairing_row(&r)?)))
    }

    /// Links a pairing still to play to the game `by` reported; false when
    /// the pairing has a game or result already, or the game counts for a
    /// pairing of any league.
    pub async fn claim_game(&self, pairing: i64, game: i64, by: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE league_pairings SET game_id = $2, claimed_by = $3 \
             WHERE id = $1 AND game_id IS NULL AND result IS NULL \
             AND NOT EXISTS (SELECT 1 FROM league_pairings WHERE game_id = $2)",
        )
        .bind(pairing)
        .bind(game)
        .bind(by)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// A free-play pairing `p` stored with the game `by` reported; `None`
    /// when the game counts for a pairing of any league already.
    pub async fn add_claimed_pairing(
        &self,
        league: i64,
        p: &PairingRow,
        game: i64,
        by: &str,
    ) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query(
            "INSERT INTO league_pairings (league_id, round, a_user, b_user, game_id, claimed_by) \
             SELECT $1, $2, $3, $4, $5, $6 \
             WHERE NOT EXISTS (SELECT 1 FROM league_pairings WHERE game_id = $5) RETURNING id",
        )
        .bind(league)
        .bind(p.round)
        .bind(&p.a_user)
        .bind(p.b_user.as_deref())
        .bind(game)
        .bind(by)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| r.try_get::<i64, _>("id")).transpose()?)
    }

    /// A disputed report undone, with its audit entry, in one transaction:
    /// a round's pairing waits for its game again (any result recorded from
    /// it cleared); a free-play pairing, stored only with its game, goes.
    /// False when the pairing no longer holds that reported game.
    pub async fn dispute_pairing(
        &self,
        league: i64,
        (pairing, game): (i64, i64),
        free: bool,
        audit: &AuditRow,
    ) -> Result<bool, StoreError> {
        let sql = if free {
            "DELETE FROM league_pairings \
             WHERE id = $1 AND league_id = $2 AND game_id = $3 AND claimed_by IS NOT NULL"
        } else {
            "UPDATE league_pairings SET game_id = NULL, claimed_by = NULL, result = NULL, reason = NULL, reported_at = NULL \
             WHERE id = $1 AND league_id = $2 AND game_id = $3 AND claimed_by IS NOT NULL"
        };
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(sql)
            .bind(pairing)
            .bind(league)
            .bind(game)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            return Ok(false);
        }
        insert_audit(&mut tx, league, audit).await?;
        tx.commit().await?;
        Ok(true)
    }
}

impl Store {
    /// Leagues whose season ended by `now` and whose final standings are
    /// not posted yet.
    pub async fn ended_seasons(&self, now: i64) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(
            "SELECT id FROM leagues WHERE ends_at IS NOT NULL AND ends_at <= $1 AND ended_at IS NULL ORDER BY id",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    /// Claims a season's end: true for exactly one caller.
    pub async fn claim_season_end(&self, league: i64, now: i64) -> Result<bool, StoreError> {
        let done =
            sqlx::query("UPDATE leagues SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL")
                .bind(league)
                .bind(now)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() > 0)
    }

    /// The earliest season end still to announce.
    pub async fn next_season_end(&self) -> Result<Option<i64>, StoreError> {
        let row: (Option<i64>,) =
            sqlx::query_as("SELECT MIN(ends_at) FROM leagues WHERE ended_at IS NULL")
                .fetch_one(&self.pool)
                .await?;
        Ok(row.0)
    }
}
