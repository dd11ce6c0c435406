//! Persistence: a game is its replay. After every change the table's seats and replay
//! are written to the store, so a server killed at any moment restarts with every game
//! where it was.
//!
//! One code path for both backends (sqlx's `Any` driver): an embedded SQLite file (the
//! default) or a PostgreSQL database that several server processes may share. Either way
//! each stored table names the server process that owns it (`owner`, an id made afresh
//! each time a server starts). Only the owner writes a table: every write checks it in
//! the same statement, so a process that lost a table can't overwrite it. A table passes
//! to another process only when its owner is gone, or when its owner hands it over.
//!
//! Whether an owner is gone is proven by the database, never guessed from a clock:
//! - PostgreSQL: each server holds a session advisory lock named by its id on a connection
//!   of its own for as long as it runs. The lock goes with the connection (a killed process's
//!   socket is closed by its kernel), so another server that can take the lock for a
//!   moment knows that owner is gone.
//! - SQLite: the server holds the file's exclusive lock (`locking_mode = EXCLUSIVE`) for as
//!   long as it runs; a second server on the same file is refused. So every owner named
//!   in the file but this process is gone.

use ponyccg_core::replay::ReplayDeck;
use ponyccg_core::Replay;
use serde::{Deserialize, Serialize};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyConnection, AnyPool, Connection, Executor, Row};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;
use tokio::sync::Mutex;

/// How a seat is stored: enough to seat the same person (by their token) or the same
/// kind of AI again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoredSeat {
    Open,
    Person { token: String, name: String },
    Ai { kind: String },
}

/// One table as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredTable {
    pub code: String,
    pub seed: u64,
    pub catalogue: String,
    pub seats: Vec<StoredSeat>,
    /// Each seat's deck as card numbers, once taken.
    pub decks: Vec<Option<ReplayDeck>>,
    /// The game so far, once started.
    pub replay: Option<Replay>,
    pub over: bool,
    /// Left out of the lobby's list of open tables.
    #[serde(default)]
    pub private: bool,
    /// Undo is allowed.
    #[serde(default)]
    pub casual: bool,
    /// Each seat's time left on its chess clock, when the table has one.
    #[serde(default)]
    pub clock_ms: Option<Vec<u64>>,
}

/// Where games are stored, as given to `--store`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// An SQLite file (created if missing).
    Sqlite(PathBuf),
    /// SQLite in memory: keeps nothing.
    Memory,
    /// A PostgreSQL URL (`postgres://` or `postgresql://`).
    Postgres(String),
}

impl Location {
    /// A `postgres://` or `postgresql://` URL is PostgreSQL; `sqlite:PATH` or anything else
    /// is the path of an SQLite file; `:memory:` keeps nothing.
    pub fn parse(s: &str) -> Location {
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            Location::Postgres(s.to_string())
        } else if s == ":memory:" || s == "sqlite::memory:" {
            Location::Memory
        } else {
            let path = s
                .strip_prefix("sqlite://")
                .or_else(|| s.strip_prefix("sqlite:"))
                .unwrap_or(s);
            Location::Sqlite(PathBuf::from(path))
        }
    }
}

impl std::fmt::Display for Location {
    /// The location as messages name it: a URL's password is never shown.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sqlite(p) => write!(f, "{}", p.display()),
            Location::Memory => write!(f, ":memory:"),
            Location::Postgres(url) => write!(f, "{}", redacted(url)),
        }
    }
}

/// `url` with the password (between `user:` and `@`) hidden.
fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let auth_end = rest.find(['/', '?']).unwrap_or(rest.len());
    match rest[..auth_end].rfind('@') {
        Some(at) => match rest[..at].split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***{}", &rest[at..]),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Who holds a stored table, as seen by one server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    /// No such table.
    Missing,
    /// The game is over: nobody needs to own it to show its replay.
    Over,
    /// This server (it has it in memory, or has just taken it).
    Me,
    /// Another server that is running.
    Other(String),
    /// Nobody, or a server that is gone: this server may take it.
    Free,
}

pub struct Store {
    pool: AnyPool,
    backend: Backend,
    location: Location,
    /// This server's id, written as the owner of the tables it serves.
    me: String,
    /// PostgreSQL: the connection holding this server's advisory lock, also used to
    /// test whether another server still holds its own.
    lock: Option<Mutex<AnyConnection>>,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// (The cause is in the message, not chained: it is shown once.)
    #[error("game store {location}: {error}")]
    Open {
        location: String,
        error: sqlx::Error,
    },
    #[error(
        "game store {location} is in use by another ponyccg server (an SQLite file serves one \
         server process; several share a PostgreSQL database: docs/serve-postgres.md)"
    )]
    InUse { location: String },
    #[error("game store: {0}")]
    Sql(#[from] sqlx::Error),
    #[error("game store: table {code} is stored in a form this server can't read: {source}")]
    Form {
        code: String,
        #[source]
        source: serde_json::Error,
    },
    #[error("game store: table {code} is owned by another server process")]
    NotOwner { code: String },
}

/// The schema, the same for both backends. `owner` is the server serving the table;
/// `wanted_by` a server that was asked for it and waits for it to be handed over.
const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS ponyccg_tables (
     code TEXT PRIMARY KEY,
     body TEXT NOT NULL,
     over INTEGER NOT NULL,
     owner TEXT,
     wanted_by TEXT
 )";

/// PostgreSQL advisory lock held while the schema is made, so two servers starting at
/// once don't race to create it.
const SCHEMA_LOCK: i64 = 0x504f_4e59_4343_4700;

fn random_id() -> String {
    // A positive i64, the key of this server's advisory lock on PostgreSQL.
    format!("{}", rand::random::<u64>() >> 1)
}

impl Store {
    /// Opens (or creates) the store. A file made by an older server (without owners) is
    /// brought up to date in place: its games are kept.
    pub async fn open(location: &Location) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let me = random_id();
        let shown = location.to_string();
        let open_err = |error| StoreError::Open {
            location: shown.clone(),
            error,
        };
        match location {
            Location::Postgres(url) => {
                let opts = AnyConnectOptions::from_str(url).map_err(open_err)?;
                let mut lock = AnyConnection::connect_with(&opts).await.map_err(open_err)?;
                sqlx::query("SELECT pg_advisory_lock($1)")
                    .bind(SCHEMA_LOCK)
                    .execute(&mut lock)
                    .await
                    .map_err(open_err)?;
                let made = sqlx::raw_sql(SCHEMA).execute(&mut lock).await;
                sqlx::query("SELECT pg_advisory_unlock($1)")
                    .bind(SCHEMA_LOCK)
                    .execute(&mut lock)
                    .await
                    .map_err(open_err)?;
                made.map_err(open_err)?;
                sqlx::query("SELECT pg_advisory_lock($1)")
                    .bind(lock_key(&me))
                    .execute(&mut lock)
                    .await
                    .map_err(open_err)?;
                let pool = AnyPoolOptions::new()
                    .max_connections(4)
                    .connect_with(opts)
                    .await
                    .map_err(open_err)?;
                Ok(Store {
                    pool,
                    backend: Backend::Postgres,
                    location: location.clone(),
                    me,
                    lock: Some(Mutex::new(lock)),
                })
            }
            Location::Sqlite(_) | Location::Memory => {
                let url = match location {
                    Location::Sqlite(path) => sqlite_url(path).map_err(|e| StoreError::Open {
                        location: shown.clone(),
                        error: sqlx::Error::Configuration(e.into()),
                    })?,
                    _ => "sqlite::memory:".to_string(),
                };
                let opts = AnyConnectOptions::from_str(&url).map_err(open_err)?;
                // A file another server holds is refused now, with a clear message (the pool
                // below would only retry until it timed out).
                let mut probe = AnyConnection::connect_with(&opts).await.map_err(open_err)?;
                let took =
                    sqlx::raw_sql("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT;")
                        .execute(&mut probe)
                        .await;
                let _ = probe.close().await;
                took.map_err(|e| in_use_or(e, &shown))?;
                // One connection, kept for the server's life: it holds the file's
                // exclusive lock (taken by the first write below) until the process ends.
                let pool = AnyPoolOptions::new()
                    .max_connections(1)
                    .min_connections(1)
                    .idle_timeout(None)
                    .max_lifetime(None)
                    .after_connect(|c, _| {
                        Box::pin(async move {
                            for pragma in [
                                "PRAGMA locking_mode = EXCLUSIVE",
                                "PRAGMA journal_mode = WAL",
                                "PRAGMA synchronous = FULL",
                            ] {
                                c.execute(pragma).await?;
                            }
                            Ok(())
                        })
                    })
                    .connect_with(opts)
                    .await
                    .map_err(|e| match e {
                        // Another server took the file since the probe.
                        sqlx::Error::PoolTimedOut => StoreError::InUse {
                            location: shown.clone(),
                        },
                        e => in_use_or(e, &shown),
                    })?;
                let store = Store {
                    pool,
                    backend: Backend::Sqlite,
                    location: location.clone(),
                    me,
                    lock: None,
                };
                sqlx::raw_sql("BEGIN EXCLUSIVE; COMMIT;")
                    .execute(&store.pool)
                    .await
                    .map_err(|e| in_use_or(e, &shown))?;
                sqlx::raw_sql(SCHEMA)
                    .execute(&store.pool)
                    .await
                    .map_err(open_err)?;
                // A file from before owners were stored gains the two columns; nothing
                // else changes.
                let has_owner = sqlx::query("SELECT owner, wanted_by FROM ponyccg_tables LIMIT 0")
                    .fetch_all(&store.pool)
                    .await
                    .is_ok();
                if !has_owner {
                    sqlx::raw_sql(
                        "ALTER TABLE ponyccg_tables ADD COLUMN owner TEXT;
                         ALTER TABLE ponyccg_tables ADD COLUMN wanted_by TEXT;",
                    )
                    .execute(&store.pool)
                    .await
                    .map_err(open_err)?;
                }
                Ok(store)
            }
        }
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub fn location(&self) -> &Location {
        &self.location
    }

    /// This server's id (the `owner` of its tables).
    pub fn id(&self) -> &str {
        &self.me
    }

    /// Writes a table this server owns (a new table becomes its own), replacing what was
    /// stored for it. A table another server owns is not written:
    /// [`StoreError::NotOwner`].
    pub async fn save(&self, t: &StoredTable) -> Result<(), StoreError> {
        let body = serde_json::to_string(t).map_err(|source| StoreError::Form {
            code: t.code.clone(),
            source,
        })?;
        let done = sqlx::query(
            "INSERT INTO ponyccg_tables (code, body, over, owner) VALUES ($1, $2, $3, $4)
             ON CONFLICT (code) DO UPDATE SET body = excluded.body, over = excluded.over
             WHERE ponyccg_tables.owner = excluded.owner",
        )
        .bind(&t.code)
        .bind(body)
        .bind(i32::from(t.over))
        .bind(&self.me)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotOwner {
                code: t.code.clone(),
            });
        }
        Ok(())
    }

    /// One stored table.
    pub async fn load(&self, code: &str) -> Result<Option<StoredTable>, StoreError> {
        let row = sqlx::query("SELECT body FROM ponyccg_tables WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| parse(code, r.try_get(0)?)).transpose()
    }

    /// Every table stored, finished or not.
    pub async fn load_all(&self) -> Result<Vec<StoredTable>, StoreError> {
        let rows = sqlx::query("SELECT code, body FROM ponyccg_tables ORDER BY code")
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter()
            .map(|r| parse(&r.try_get::<String, _>(0)?, r.try_get(1)?))
            .collect()
    }

    /// Whether server `id` is running (this one is).
    pub async fn alive(&self, id: &str) -> Result<bool, StoreError> {
        if id == self.me {
            return Ok(true);
        }
        let Some(lock) = &self.lock else {
            // SQLite: this server holds the file's exclusive lock, so no other runs.
            return Ok(false);
        };
        let mut c = lock.lock().await;
        let key = lock_key(id);
        let got: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
            .bind(key)
            .fetch_one(&mut *c)
            .await?;
        if got {
            sqlx::query("SELECT pg_advisory_unlock($1)")
                .bind(key)
                .execute(&mut *c)
                .await?;
        }
        Ok(!got)
    }

    /// Checks that this server still holds its lock (PostgreSQL: its connection is up). A
    /// server that lost it can no longer prove it runs: it must stop serving.
    pub async fn check_held(&self) -> Result<(), StoreError> {
        if let Some(lock) = &self.lock {
            let mut c = lock.lock().await;
            let held: bool = sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
                 AND pid = pg_backend_pid() AND granted
                 AND (classid::bigint << 32) | objid::bigint = $1)",
            )
            .bind(lock_key(&self.me))
            .fetch_one(&mut *c)
            .await?;
            if !held {
                return Err(StoreError::Sql(sqlx::Error::Protocol(
                    "this server's advisory lock is no longer held".into(),
                )));
            }
        }
        Ok(())
    }

    /// Who holds table `code`.
    pub async fn holder(&self, code: &str) -> Result<Holder, StoreError> {
        let row = sqlx::query("SELECT over, owner FROM ponyccg_tables WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else {
            return Ok(Holder::Missing);
        };
        if row.try_get::<i32, _>(0)? != 0 {
            return Ok(Holder::Over);
        }
        Ok(match row.try_get::<Option<String>, _>(1)? {
            None => Holder::Free,
            Some(o) if o == self.me => Holder::Me,
            Some(o) if self.alive(&o).await? => Holder::Other(o),
            Some(_) => Holder::Free,
        })
    }

    /// Takes an unfinished table that is free (no owner, or an owner that is gone), unless
    /// a running server other than this one waits for it. Returns it if it is now this
    /// server's.
    pub async fn claim(&self, code: &str) -> Result<Option<StoredTable>, StoreError> {
        let row =
            sqlx::query("SELECT owner, wanted_by FROM ponyccg_tables WHERE code = $1 AND over = 0")
                .bind(code)
                .fetch_optional(&self.pool)
                .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let owner: Option<String> = row.try_get(0)?;
        let wanted: Option<String> = row.try_get(1)?;
        if let Some(o) = &owner {
            if o != &self.me && self.alive(o).await? {
                return Ok(None);
            }
        }
        if let Some(w) = &wanted {
            if w != &self.me && self.alive(w).await? {
                return Ok(None);
            }
        }
        // Compare and set: if anyone took or asked for it since, nothing changes.
        let body = sqlx::query(
            "UPDATE ponyccg_tables SET owner = $1, wanted_by = NULL
             WHERE code = $2 AND COALESCE(owner, '') = $3 AND COALESCE(wanted_by, '') = $4
             RETURNING body",
        )
        .bind(&self.me)
        .bind(code)
        .bind(owner.unwrap_or_default())
        .bind(wanted.unwrap_or_default())
        .fetch_optional(&self.pool)
        .await?;
        body.map(|r| parse(code, r.try_get(0)?)).transpose()
    }

    /// The unfinished tables nobody running owns: candidates for [`Store::claim`].
    pub async fn orphans(&self) -> Result<Vec<String>, StoreError> {
        let owners: Vec<Option<String>> = sqlx::query_scalar(
            "SELECT DISTINCT owner FROM ponyccg_tables WHERE over = 0
             AND (owner IS NULL OR owner <> $1)",
        )
        .bind(&self.me)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::new();
        for o in owners {
            if let Some(o) = &o {
                if self.alive(o).await? {
                    continue;
                }
            }
            let codes: Vec<String> = sqlx::query_scalar(
                "SELECT code FROM ponyccg_tables WHERE over = 0 AND COALESCE(owner, '') = $1
                 ORDER BY code",
            )
            .bind(o.unwrap_or_default())
            .fetch_all(&self.pool)
            .await?;
            out.extend(codes);
        }
        Ok(out)
    }

    /// Asks the owner of `code` to hand it over to this server.
    pub async fn want(&self, code: &str) -> Result<(), StoreError> {
        let wanted: Option<Option<String>> =
            sqlx::query_scalar("SELECT wanted_by FROM ponyccg_tables WHERE code = $1")
                .bind(code)
                .fetch_optional(&self.pool)
                .await?;
        let Some(wanted) = wanted else {
            return Ok(());
        };
        // The first running server to ask keeps its place.
        if let Some(w) = &wanted {
            if self.alive(w).await? {
                return Ok(());
            }
        }
        sqlx::query(
            "UPDATE ponyccg_tables SET wanted_by = $1
             WHERE code = $2 AND COALESCE(wanted_by, '') = $3",
        )
        .bind(&self.me)
        .bind(code)
        .bind(wanted.unwrap_or_default())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// This server's tables another running server asks for. (Requests from servers that
    /// are gone are forgotten.)
    pub async fn wanted_from_me(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT code, wanted_by FROM ponyccg_tables
             WHERE owner = $1 AND wanted_by IS NOT NULL AND wanted_by <> $1",
        )
        .bind(&self.me)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::new();
        for r in rows {
            let code: String = r.try_get(0)?;
            let w: String = r.try_get(1)?;
            if self.alive(&w).await? {
                out.push(code);
            } else {
                sqlx::query(
                    "UPDATE ponyccg_tables SET wanted_by = NULL WHERE code = $1 AND wanted_by = $2",
                )
                .bind(&code)
                .bind(&w)
                .execute(&self.pool)
                .await?;
            }
        }
        Ok(out)
    }

    /// The tables this server owns, finished or not.
    pub async fn owned(&self) -> Result<Vec<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT code FROM ponyccg_tables WHERE owner = $1 ORDER BY code")
                .bind(&self.me)
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// Gives up table `code` (stored as it is), so another server may take it at once.
    pub async fn release(&self, code: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE ponyccg_tables SET owner = NULL WHERE code = $1 AND owner = $2")
            .bind(code)
            .bind(&self.me)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Gives up every table (a server stopping in good order).
    pub async fn release_all(&self) -> Result<(), StoreError> {
        sqlx::query("UPDATE ponyccg_tables SET owner = NULL WHERE owner = $1")
            .bind(&self.me)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Closes the store: its connections, and with them (PostgreSQL) this server's lock.
    /// Returns once the lock is free (PostgreSQL ends a closed session a moment later).
    pub async fn close(self) {
        if let Some(lock) = self.lock {
            let _ = lock.into_inner().close().await;
            let key = lock_key(&self.me);
            for _ in 0..500 {
                let Ok(mut c) = self.pool.acquire().await else {
                    break;
                };
                let free: Result<bool, _> = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
                    .bind(key)
                    .fetch_one(&mut *c)
                    .await;
                match free {
                    Ok(true) => {
                        let _ = sqlx::query("SELECT pg_advisory_unlock($1)")
                            .bind(key)
                            .execute(&mut *c)
                            .await;
                        break;
                    }
                    Ok(false) => tokio::time::sleep(Duration::from_millis(10)).await,
                    Err(_) => break,
                }
            }
        }
        self.pool.close().await;
    }
}

/// The URL sqlx opens the SQLite file `path` by: absolute, with its directory's real name
/// (a URL would fold `..` and a host-like first segment), every other byte escaped.
fn sqlite_url(path: &std::path::Path) -> Result<String, String> {
    let file = path
        .file_name()
        .ok_or_else(|| "give the path of a file".to_string())?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let dir =
        std::fs::canonicalize(&dir).map_err(|e| format!("directory {}: {e}", dir.display()))?;
    let full = dir.join(file);
    let text = full
        .to_str()
        .ok_or_else(|| "the path is not UTF-8".to_string())?;
    let mut url = String::from("sqlite://");
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"/._-~".contains(&b) {
            url.push(b as char);
        } else {
            url.push_str(&format!("%{b:02X}"));
        }
    }
    url.push_str("?mode=rwc");
    Ok(url)
}

fn parse(code: &str, body: String) -> Result<StoredTable, StoreError> {
    serde_json::from_str(&body).map_err(|source| StoreError::Form {
        code: code.to_string(),
        source,
    })
}

/// The advisory lock key of server `id` (ids are made by [`random_id`]; anything else
/// maps to a key no server holds).
fn lock_key(id: &str) -> i64 {
    id.parse().unwrap_or(-1)
}

/// "Database is locked" while opening an SQLite file means another server has it.
fn in_use_or(e: sqlx::Error, location: &str) -> StoreError {
    let busy = match &e {
        sqlx::Error::Database(d) => d.message().contains("locked") || d.message().contains("busy"),
        _ => false,
    };
    if busy {
        StoreError::InUse {
            location: location.to_string(),
        }
    } else {
        StoreError::Open {
            location: location.to_string(),
            error: e,
        }
    }
}

/// How long a server waits before it checks its tables again (handing over those another
/// server asks for, taking those whose owner is gone).
pub const KEEP_EVERY: Duration = Duration::from_millis(500);
