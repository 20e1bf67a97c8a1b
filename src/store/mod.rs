//! Persistence: games, seats, the append-only action log, decks, guild
//! settings and the idempotency record of handled interactions.
//!
//! One [`Store`] serves both backends through sqlx's `Any` driver with SQL
//! that both PostgreSQL (production, `DATABASE_URL=postgres://...`) and the
//! embedded SQLite default accept. Every change is one transaction; game rows
//! carry a version for optimistic concurrency; an interaction key makes a
//! redelivered command a no-op that returns the first response.

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

    /// Forgets interaction keys older than `before` (Discord redelivers within minutes).
    pub async fn prune_interactions(&self, before: i64) -> Result<u64, StoreError> {
        let done = sqlx::query("DELETE FROM interactions WHERE created_at < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
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
        "INSERT INTO interactions (key, game_id, response, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING",
    )
    .bind(idem.key)
    .bind(game)
    .bind(&idem.response)
    .bind(now)
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
