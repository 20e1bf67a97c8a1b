//! Persistence: games, seats, the append-only action log, decks, guild
//! settings and the idempotency record of handled interactions.
//!
//! One [`Store`] serves both backends through sqlx's `Any` driver with SQL
//! that both PostgreSQL (production, `DATABASE_URL=postgres://...`) and the
//! embedded SQLite default accept. Every change is one transaction; game rows
//! carry a version for optimistic concurrency; an interaction key makes a
//! redelivered command a no-op that returns the first response.
//!
//! A move, with its log entry, idempotency record and turn timings, is one
//! PostgreSQL statement; `update_game` checks the game's version. The
//! idempotency record is also the outbox: a move's posts and DMs keep
//! `owed_at` until a transport marks them delivered, so a process killed in
//! between leaves them for the next (`App::owed`, `App::delivered`). Discord
//! interaction ids are claimed in `interaction_claims` before they act
//! (`App::handle_once`), so a redelivered or replayed interaction never acts
//! twice on any replica. Migrations: `migrations/{postgres,sqlite}/`.

mod decks;
mod games;
mod leagues;
mod limited;
mod play;

use std::path::Path;
use std::time::Duration;

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Executor};

pub use decks::{DeckRow, LegendarySetRow};
pub use games::{ActionRow, GameRow, GameStatus, GameUpdate, NewAction, NewGame, SeatRow, Turns};
pub use leagues::{AuditRow, LeagueRow, MemberRow, PairingRow, RoundRow};
pub use limited::{LimitedRow, TeamGameRow};
pub use play::{DmRecord, TurnStat};

/// The database behind a [`Store`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Postgres,
    Sqlite,
}

/// Where the embedded default database lives unless `--db`/`DATABASE_URL` say otherwise.
pub const DEFAULT_SQLITE_PATH: &str = "data/xfiles-bot.sqlite3";

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open the database {url}: {source}")]
    Connect { url: String, source: sqlx::Error },
    #[error("cannot migrate the database {url}: {source}")]
    Migrate {
        url: String,
        source: sqlx::migrate::MigrateError,
    },
    #[error("unsupported database URL {url}: use postgres://... or sqlite://PATH")]
    Scheme { url: String },
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    #[error("game #{0} does not exist")]
    NoSuchGame(i64),
    #[error("game #{game} has a corrupt row: {message}")]
    Corrupt { game: i64, message: String },
    #[error("game #{0} changed while this command was being handled")]
    Conflict(i64),
}

/// The result of a change made under an interaction key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Committed<T> {
    Applied(T),
    /// The key was seen before: nothing changed; this is the first response.
    Duplicate(String),
}

/// The interaction key and the response to remember under it.
#[derive(Debug, Clone)]
pub struct Idem<'a> {
    pub key: &'a str,
    pub response: String,
    /// The response holds posts or DMs the change owes: they stay in the
    /// outbox (`interactions.owed_at`) until marked delivered.
    pub owes: bool,
}

#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    url: String,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Store({})", self.url)
    }
}

/// A URL fit for messages: the password replaced by `***`.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, tail) = rest.split_once('/').map_or((rest, ""), |(a, t)| (a, t));
    let shown = match authority.rsplit_once('@') {
        Some((creds, host)) => match creds.split_once(':') {
            Some((user, _)) => format!("{user}:***@{host}"),
            None => format!("{creds}@{host}"),
        },
        None => authority.to_string(),
    };
    if rest.contains('/') {
        format!("{scheme}://{shown}/{tail}")
    } else {
        format!("{scheme}://{shown}")
    }
}

/// The SQLite URL for a file path (creating its directory).
pub fn sqlite_url(path: &Path) -> std::io::Result<String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    Ok(format!("sqlite://{}?mode=rwc", path.display()))
}

impl Store {
    /// Connects and applies the migrations (idempotent).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let shown = redact_url(url);
        let backend = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            return Err(StoreError::Scheme { url: shown });
        };
        let url = if backend == Backend::Sqlite && !url.contains('?') && !url.contains(":memory:") {
            format!("{url}?mode=rwc")
        } else {
            url.to_string()
        };
        let mut options = AnyPoolOptions::new().acquire_timeout(Duration::from_secs(5));
        if backend == Backend::Sqlite {
            options = options.max_connections(4).after_connect(|conn, _| {
                Box::pin(async move {
                    conn.execute("PRAGMA busy_timeout = 10000").await?;
                    conn.execute("PRAGMA foreign_keys = ON").await?;
                    Ok(())
                })
            });
        } else {
            options = options.max_connections(16);
        }
        let connect = |source| StoreError::Connect {
            url: shown.clone(),
            source,
        };
        let pool = options.connect(&url).await.map_err(connect)?;
        if backend == Backend::Sqlite {
            // WAL lets readers run beside the single writer; it is persistent.
            pool.execute("PRAGMA journal_mode = WAL")
                .await
                .map_err(connect)?;
        }
        let migrator = match backend {
            Backend::Postgres => sqlx::migrate!("migrations/postgres"),
            Backend::Sqlite => sqlx::migrate!("migrations/sqlite"),
        };
        migrator
            .run(&pool)
            .await
            .map_err(|source| StoreError::Migrate {
                url: shown.clone(),
                source,
            })?;
        Ok(Store {
            pool,
            backend,
            url: shown,
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The database URL with its password hidden.
    pub fn url(&self) -> &str {
        &self.url
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// The first response recorded under an interaction key, if any.
    pub async fn interaction(&self, key: &str) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> =
            sqlx::query_as("SELECT response FROM interactions WHERE key = $1")
                .bind(key)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| r.0))
    }

    /// Records a response under a key outside any game change (read-only
    /// commands need no record; this is for changes that are not game rows).
    pub async fn remember(&self, idem: &Idem<'_>, now: i64) -> Result<Committed<()>, StoreError> {
        let mut tx = self.pool.begin().await?;
        if let Some(dup) = record(&mut tx, idem, None, now).await? {
            return Ok(Committed::Duplicate(dup));
        }
        tx.commit().await?;
        Ok(Committed::Applied(()))
    }

    /// Owed posts older than `before` (their process was killed before
    /// delivering them): each is claimed by moving its `owed_at` to `now`, so
    /// no other process takes it until the wait has passed again. Returns
    /// the claimed responses.
    pub async fn claim_owed(
        &self,
        before: i64,
        now: i64,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        let rows: Vec<(String, String, i64)> = sqlx::query_as(
            "SELECT key, response, owed_at FROM interactions WHERE owed_at IS NOT NULL AND owed_at < $1 ORDER BY owed_at LIMIT $2",
        )
        .bind(before)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut claimed = Vec::new();
        for (key, response, owed_at) in rows {
            let taken =
                sqlx::query("UPDATE interactions SET owed_at = $1 WHERE key = $2 AND owed_at = $3")
                    .bind(now)
                    .bind(&key)
                    .bind(owed_at)
                    .execute(&self.pool)
                    .await?;
            if taken.rows_affected() == 1 {
                claimed.push(response);
            }
        }
        Ok(claimed)
    }

    /// Marks the posts owed under these keys delivered.
    pub async fn mark_delivered(&self, keys: &[&str]) -> Result<(), StoreError> {
        for key in keys {
            sqlx::query(
                "UPDATE interactions SET owed_at = NULL WHERE key = $1 AND owed_at IS NOT NULL",
            )
            .bind(key)
            .execute(&self.pool)
            .await?;
        }
        Ok(())
    }

    /// Claims an interaction key before it acts. `Ok(None)`: this call owns
    /// it; `Ok(Some(answer))`: it was claimed before, with its first answer
    /// (`None` while that first delivery is still being handled).
    pub async fn claim_interaction(
        &self,
        key: &str,
        now: i64,
    ) -> Result<Option<Option<String>>, StoreError> {
        let inserted = sqlx::query(
            "INSERT INTO interaction_claims (key, answer, created_at) VALUES ($1, NULL, $2) ON CONFLICT (key) DO NOTHING",
        )
        .bind(key)
        .bind(now)
        .execute(&self.pool)
        .await?;
        if inserted.rows_affected() == 1 {
            return Ok(None);
        }
        let row: Option<(Option<String>,)> =
            sqlx::query_as("SELECT answer FROM interaction_claims WHERE key = $1")
                .bind(key)
                .fetch_optional(&self.pool)
                .await?;
        Ok(Some(row.and_then(|r| r.0)))
    }

    /// Stores the first answer to a claimed interaction key.
    pub async fn answer_interaction(&self, key: &str, answer: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE interaction_claims SET answer = $1 WHERE key = $2")
            .bind(answer)
            .bind(key)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Forgets interaction keys and claims older than `before` (Discord
    /// redelivers within minutes; a signed request is refused after 5).
    pub async fn prune_interactions(&self, before: i64) -> Result<u64, StoreError> {
        let mut pruned = 0;
        for sql in [
            "DELETE FROM interactions WHERE created_at < $1",
            "DELETE FROM interaction_claims WHERE created_at < $1",
        ] {
            let done = sqlx::query(sql).bind(before).execute(&self.pool).await?;
            pruned += done.rows_affected();
        }
        Ok(pruned)
    }
}

/// Inserts the interaction record inside `tx`. When the key exists, returns
/// its first response (the caller then drops the transaction: nothing changes).
async fn record(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    idem: &Idem<'_>,
    game: Option<i64>,
    now: i64,
) -> Result<Option<String>, StoreError> {
    let inserted = sqlx::query(
        "INSERT INTO interactions (key, game_id, response, created_at, owed_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING",
    )
    .bind(idem.key)
    .bind(game)
    .bind(&idem.response)
    .bind(now)
    .bind(idem.owes.then_some(now))
    .execute(&mut **tx)
    .await?;
    if inserted.rows_affected() == 1 {
        return Ok(None);
    }
    let row: (String,) = sqlx::query_as("SELECT response FROM interactions WHERE key = $1")
        .bind(idem.key)
        .fetch_one(&mut **tx)
        .await?;
    Ok(Some(row.0))
}
