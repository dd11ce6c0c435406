//! Persistence: a game is its replay. After every change the table's seats and replay
//! are written to an embedded SQLite file, so a server killed at any moment restarts
//! with every game where it was.

use ponyccg_core::replay::ReplayDeck;
use ponyccg_core::Replay;
use rusqlite::{params, Connection};
use serde::{Deserialize, Serialize};
use std::path::Path;

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

pub struct Store {
    db: Connection,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("game store {path}: {source}")]
    Open {
        path: String,
        #[source]
        source: rusqlite::Error,
    },
    #[error("game store: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("game store: table {code} is stored in a form this server can't read: {source}")]
    Form {
        code: String,
        #[source]
        source: serde_json::Error,
    },
}

impl Store {
    /// Opens (or creates) the store at `path`; `:memory:` keeps nothing.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let db = Connection::open(path).map_err(|source| StoreError::Open {
            path: path.display().to_string(),
            source,
        })?;
        db.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = FULL;
             CREATE TABLE IF NOT EXISTS ponyccg_tables (
                 code TEXT PRIMARY KEY,
                 body TEXT NOT NULL,
                 over INTEGER NOT NULL
             );",
        )
        .map_err(|source| StoreError::Open {
            path: path.display().to_string(),
            source,
        })?;
        Ok(Store { db })
    }

    /// Writes a table, replacing what was stored for it.
    pub fn save(&self, t: &StoredTable) -> Result<(), StoreError> {
        let body = serde_json::to_string(t).map_err(|source| StoreError::Form {
            code: t.code.clone(),
            source,
        })?;
        self.db.execute(
            "INSERT INTO ponyccg_tables (code, body, over) VALUES (?1, ?2, ?3)
             ON CONFLICT(code) DO UPDATE SET body = excluded.body, over = excluded.over",
            params![t.code, body, t.over],
        )?;
        Ok(())
    }

    /// One stored table.
    pub fn load(&self, code: &str) -> Result<Option<StoredTable>, StoreError> {
        let mut q = self
            .db
            .prepare("SELECT body FROM ponyccg_tables WHERE code = ?1")?;
        let mut rows = q.query(params![code])?;
        match rows.next()? {
            None => Ok(None),
            Some(r) => {
                let body: String = r.get(0)?;
                serde_json::from_str(&body)
                    .map(Some)
                    .map_err(|source| StoreError::Form {
                        code: code.to_string(),
                        source,
                    })
            }
        }
    }

    /// Every table stored, finished or not.
    pub fn load_all(&self) -> Result<Vec<StoredTable>, StoreError> {
        let mut q = self
            .db
            .prepare("SELECT code, body FROM ponyccg_tables ORDER BY code")?;
        let rows = q.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
        let mut out = Vec::new();
        for row in rows {
            let (code, body) = row?;
            out.push(
                serde_json::from_str(&body).map_err(|source| StoreError::Form { code, source })?,
            );
        }
        Ok(out)
    }
}
