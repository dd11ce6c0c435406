//! A tournament saved in a local SQLite file, so an organiser can stop and resume
//! between rounds. Every command loads the tournament, applies one operation in
//! memory and, only if it succeeded, writes the result back in one transaction:
//! a refused command leaves the file byte for byte as it was.
//!
//! The tables are plain and readable with any SQLite tool: `event` (one row),
//! `players`, `deck_cards` (each player's deck list), `rounds`, `matches` and
//! `penalties`.

use crate::limited::DeckList;
use crate::tournament::{
    EventError, Match, Outcome, Penalty, PenaltyKind, Player, Round, RoundKind, Tier, Tournament,
};
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use std::collections::BTreeMap;
use std::path::Path;

/// Schema version written to the file.
pub const SCHEMA_VERSION: i64 = 1;

/// Errors of the tournament file.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{path}: {msg}")]
    File { path: String, msg: String },
    #[error(transparent)]
    Event(#[from] EventError),
}

fn file_err(path: &Path, e: impl std::fmt::Display) -> StoreError {
    StoreError::File {
        path: path.display().to_string(),
        msg: e.to_string(),
    }
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS event (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    schema_version INTEGER NOT NULL,
    name TEXT NOT NULL,
    format TEXT NOT NULL,
    tier INTEGER NOT NULL,
    swiss_rounds INTEGER,
    top_cut INTEGER NOT NULL,
    seed TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    mane TEXT NOT NULL,
    dropped_after INTEGER,
    disqualified INTEGER NOT NULL,
    pending_game_losses INTEGER NOT NULL,
    seed INTEGER
);
CREATE TABLE IF NOT EXISTS deck_cards (
    player INTEGER NOT NULL REFERENCES players(id),
    section TEXT NOT NULL CHECK (section IN ('problem', 'draw')),
    number TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (player, section, number)
);
CREATE TABLE IF NOT EXISTS rounds (
    number INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('swiss', 'elimination'))
);
CREATE TABLE IF NOT EXISTS matches (
    round INTEGER NOT NULL REFERENCES rounds(number),
    table_no INTEGER NOT NULL,
    a INTEGER NOT NULL REFERENCES players(id),
    b INTEGER REFERENCES players(id),
    result TEXT,
    winner INTEGER,
    winner_games INTEGER,
    loser_games INTEGER,
    by_penalty INTEGER NOT NULL,
    PRIMARY KEY (round, table_no)
);
CREATE TABLE IF NOT EXISTS penalties (
    id INTEGER PRIMARY KEY,
    player INTEGER NOT NULL REFERENCES players(id),
    round INTEGER NOT NULL,
    kind TEXT NOT NULL,
    infraction TEXT NOT NULL,
    note TEXT NOT NULL,
    upgraded INTEGER NOT NULL
);
";

/// Creates a new tournament file. Refuses to overwrite an existing file.
pub fn create(path: &Path, t: &Tournament) -> Result<(), StoreError> {
    if path.exists() {
        return Err(file_err(
            path,
            "already exists; choose another file name or remove it first",
        ));
    }
    let mut conn = Connection::open(path).map_err(|e| file_err(path, e))?;
    let r = (|| -> rusqlite::Result<()> {
        let tx = conn.transaction()?;
        tx.execute_batch(SCHEMA)?;
        write(&tx, t)?;
        tx.commit()
    })();
    if let Err(e) = r {
        drop(conn);
        let _ = std::fs::remove_file(path);
        return Err(file_err(path, e));
    }
    Ok(())
}

fn open(path: &Path) -> Result<Connection, StoreError> {
    if !path.exists() {
        return Err(file_err(
            path,
            "no such tournament file (create one with `ponyccg tournament new`)",
        ));
    }
    let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE)
        .map_err(|e| file_err(path, e))?;
    // Another program's SQLite file (or another file) would otherwise fail on
    // its first query with a message about a missing table.
    let tables: Result<i64, _> = conn.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('event', 'players', 'rounds', 'matches')",
        [],
        |r| r.get(0),
    );
    match tables {
        Ok(4) => Ok(conn),
        Ok(_) => Err(file_err(
            path,
            "is an SQLite file but not a ponyccg tournament (create one with `ponyccg tournament new`)",
        )),
        Err(_) => Err(file_err(
            path,
            "is not a ponyccg tournament file (not an SQLite database)",
        )),
    }
}

/// Loads the tournament saved in `path`.
pub fn load(path: &Path) -> Result<Tournament, StoreError> {
    let conn = open(path)?;
    read(&conn).map_err(|e| file_err(path, e))
}

/// Loads the tournament, applies `op`, and saves the result if `op` succeeded —
/// all inside one write transaction. If `op` fails nothing is written.
pub fn update<T>(
    path: &Path,
    op: impl FnOnce(&mut Tournament) -> Result<T, EventError>,
) -> Result<T, StoreError> {
    let mut conn = open(path)?;
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(|e| file_err(path, e))?;
    let mut t = read(&tx).map_err(|e| file_err(path, e))?;
    let before = t.clone();
    let out = op(&mut t)?; // dropping `tx` rolls back
    if t != before {
        clear(&tx).map_err(|e| file_err(path, e))?;
        write(&tx, &t).map_err(|e| file_err(path, e))?;
        tx.commit().map_err(|e| file_err(path, e))?;
    }
    Ok(out)
}

fn clear(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch(
        "DELETE FROM penalties; DELETE FROM matches; DELETE FROM rounds;
         DELETE FROM deck_cards; DELETE FROM players; DELETE FROM event;",
    )
}

fn outcome_fields(
    o: Option<Outcome>,
) -> (Option<&'static str>, Option<u32>, Option<u8>, Option<u8>) {
    match o {
        None => (None, None, None, None),
        Some(Outcome::Win { winner, games }) => (
            Some("win"),
            Some(winner),
            games.map(|g| g.0),
            games.map(|g| g.1),
        ),
        Some(Outcome::Draw) => (Some("draw"), None, None, None),
        Some(Outcome::DoubleLoss) => (Some("double-loss"), None, None, None),
        Some(Outcome::Bye) => (Some("bye"), None, None, None),
    }
}

fn write(conn: &Connection, t: &Tournament) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO event (id, schema_version, name, format, tier, swiss_rounds, top_cut, seed)
         VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            SCHEMA_VERSION,
            t.name,
            t.format,
            t.tier.number(),
            t.swiss_rounds,
            t.top_cut,
            t.seed.to_string()
        ],
    )?;
    for p in &t.players {
        conn.execute(
            "INSERT INTO players (id, name, mane, dropped_after, disqualified, pending_game_losses, seed)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                p.id,
                p.name,
                p.deck.mane,
                p.dropped_after,
                p.disqualified,
                p.pending_game_losses,
                p.seed
            ],
        )?;
        for (section, cards) in [("problem", &p.deck.problems), ("draw", &p.deck.draw)] {
            for (n, k) in cards {
                conn.execute(
                    "INSERT INTO deck_cards (player, section, number, count) VALUES (?1, ?2, ?3, ?4)",
                    params![p.id, section, n, k],
                )?;
            }
        }
    }
    for r in &t.rounds {
        conn.execute(
            "INSERT INTO rounds (number, kind) VALUES (?1, ?2)",
            params![r.number, r.kind.name()],
        )?;
        for m in &r.matches {
            let (result, winner, wg, lg) = outcome_fields(m.result);
            conn.execute(
                "INSERT INTO matches (round, table_no, a, b, result, winner, winner_games, loser_games, by_penalty)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![r.number, m.table, m.a, m.b, result, winner, wg, lg, m.by_penalty],
            )?;
        }
    }
    for x in &t.penalties {
        conn.execute(
            "INSERT INTO penalties (id, player, round, kind, infraction, note, upgraded)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                x.id,
                x.player,
                x.round,
                x.kind.key(),
                x.infraction,
                x.note,
                x.upgraded
            ],
        )?;
    }
    Ok(())
}

type Counts = BTreeMap<String, u32>;

fn bad(msg: String) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        0,
        rusqlite::types::Type::Text,
        Box::<dyn std::error::Error + Send + Sync>::from(msg),
    )
}

fn read(conn: &Connection) -> rusqlite::Result<Tournament> {
    let version: Option<i64> = conn
        .query_row("SELECT schema_version FROM event WHERE id = 1", [], |r| {
            r.get(0)
        })
        .optional()?;
    match version {
        None => return Err(bad("the file holds no tournament".into())),
        Some(v) if v != SCHEMA_VERSION => {
            return Err(bad(format!(
                "the file was written with schema version {v}; this program reads version {SCHEMA_VERSION}"
            )))
        }
        Some(_) => {}
    }
    let (name, format, tier, swiss_rounds, top_cut, seed): (
        String,
        String,
        u8,
        Option<u32>,
        bool,
        String,
    ) = conn.query_row(
        "SELECT name, format, tier, swiss_rounds, top_cut, seed FROM event WHERE id = 1",
        [],
        |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        },
    )?;
    let tier = Tier::parse(&tier.to_string()).map_err(|e| bad(e.to_string()))?;
    let seed: u64 = seed
        .parse()
        .map_err(|_| bad(format!("bad seed `{seed}`")))?;
    let mut cards: BTreeMap<u32, (Counts, Counts)> = BTreeMap::new();
    {
        let mut st = conn.prepare("SELECT player, section, number, count FROM deck_cards")?;
        let rows = st.query_map([], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, u32>(3)?,
            ))
        })?;
        for row in rows {
            let (p, section, n, k) = row?;
            let e = cards.entry(p).or_default();
            match section.as_str() {
                "problem" => e.0.insert(n, k),
                _ => e.1.insert(n, k),
            };
        }
    }
    let mut players = Vec::new();
    {
        let mut st = conn.prepare(
            "SELECT id, name, mane, dropped_after, disqualified, pending_game_losses, seed
             FROM players ORDER BY id",
        )?;
        let rows = st.query_map([], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, Option<u32>>(3)?,
                r.get::<_, bool>(4)?,
                r.get::<_, u32>(5)?,
                r.get::<_, Option<u32>>(6)?,
            ))
        })?;
        for row in rows {
            let (id, name, mane, dropped_after, disqualified, pending, seed) = row?;
            let (problems, draw) = cards.remove(&id).unwrap_or_default();
            players.push(Player {
                id,
                name,
                deck: DeckList {
                    mane,
                    problems,
                    draw,
                },
                dropped_after,
                disqualified,
                pending_game_losses: pending,
                seed,
            });
        }
    }
    let mut rounds = Vec::new();
    {
        let mut st = conn.prepare("SELECT number, kind FROM rounds ORDER BY number")?;
        let rows = st.query_map([], |r| Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?)))?;
        for row in rows {
            let (number, kind) = row?;
            let kind = match kind.as_str() {
                "swiss" => RoundKind::Swiss,
                "elimination" => RoundKind::Elimination,
                k => return Err(bad(format!("unknown round kind `{k}`"))),
            };
            rounds.push(Round {
                number,
                kind,
                matches: Vec::new(),
            });
        }
    }
    {
        let mut st = conn.prepare(
            "SELECT round, table_no, a, b, result, winner, winner_games, loser_games, by_penalty
             FROM matches ORDER BY round, table_no",
        )?;
        let rows = st.query_map([], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, u32>(2)?,
                r.get::<_, Option<u32>>(3)?,
                r.get::<_, Option<String>>(4)?,
                r.get::<_, Option<u32>>(5)?,
                r.get::<_, Option<u8>>(6)?,
                r.get::<_, Option<u8>>(7)?,
                r.get::<_, bool>(8)?,
            ))
        })?;
        for row in rows {
            let (round, table, a, b, result, winner, wg, lg, by_penalty) = row?;
            let result = match (result.as_deref(), winner) {
                (None, _) => None,
                (Some("win"), Some(w)) => Some(Outcome::Win {
                    winner: w,
                    games: wg.zip(lg),
                }),
                (Some("draw"), _) => Some(Outcome::Draw),
                (Some("double-loss"), _) => Some(Outcome::DoubleLoss),
                (Some("bye"), _) => Some(Outcome::Bye),
                (Some(x), _) => return Err(bad(format!("unknown match result `{x}`"))),
            };
            let r = rounds
                .iter_mut()
                .find(|r| r.number == round)
                .ok_or_else(|| bad(format!("a match refers to missing round {round}")))?;
            r.matches.push(Match {
                table,
                a,
                b,
                result,
                by_penalty,
            });
        }
    }
    let mut penalties = Vec::new();
    {
        let mut st = conn.prepare(
            "SELECT id, player, round, kind, infraction, note, upgraded FROM penalties ORDER BY id",
        )?;
        let rows = st.query_map([], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, u32>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, bool>(6)?,
            ))
        })?;
        for row in rows {
            let (id, player, round, kind, infraction, note, upgraded) = row?;
            let kind = PenaltyKind::parse(&kind).map_err(|e| bad(e.to_string()))?;
            penalties.push(Penalty {
                id,
                player,
                round,
                kind,
                infraction,
                note,
                upgraded,
            });
        }
    }
    let t = Tournament {
        name,
        format,
        tier,
        swiss_rounds,
        top_cut,
        seed,
        players,
        rounds,
        penalties,
    };
    t.validate()
        .map_err(|e| bad(format!("the saved tournament is inconsistent: {e}")))?;
    Ok(t)
}
