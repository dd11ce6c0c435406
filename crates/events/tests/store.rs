//! The tournament file: every state survives a save and load, and every refused
//! command leaves the file byte for byte unchanged (Tournament Floor Rules flows
//! run through the SQLite store).

mod common;

use common::{deck, event, first_wins, lenient, win};
use ponyccg_events::formats::check_event_deck;
use ponyccg_events::limited::DeckList;
use ponyccg_events::store::{self, StoreError};
use ponyccg_events::tournament::{PenaltyKind, Report, Tier, Tournament};
use std::path::PathBuf;

struct TempFile(PathBuf);

impl TempFile {
    fn new(tag: &str) -> TempFile {
        let p = std::env::temp_dir().join(format!(
            "ponyccg-events-test-{}-{tag}.sqlite",
            std::process::id()
        ));
        let _ = std::fs::remove_file(&p);
        TempFile(p)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn bytes(f: &TempFile) -> Vec<u8> {
    std::fs::read(&f.0).unwrap()
}

#[test]
fn persistence_round_trips_every_stage() {
    let f = TempFile::new("roundtrip");
    let mut t = event(9, Tier::Three, true);
    store::create(&f.0, &t).unwrap();
    assert_eq!(store::load(&f.0).unwrap(), t);
    // Swiss rounds with a bye, a draw, a double loss, a drop and penalties.
    t.pair_next_round().unwrap();
    let r = t.current_round().unwrap().clone();
    t.report(None, 1, &Report::Draw).unwrap();
    t.report(None, 2, &Report::DoubleLoss).unwrap();
    t.penalize(
        "P1",
        PenaltyKind::GameWarning,
        "slow play",
        "table 1, round 1",
    )
    .unwrap();
    first_wins(&mut t);
    assert!(r.matches.iter().any(|m| m.b.is_none()));
    t.drop_player("P9").unwrap();
    while t.swiss_rounds_played() < 5 {
        t.pair_next_round().unwrap();
        first_wins(&mut t);
    }
    t.penalize("P2", PenaltyKind::GameLoss, "tardiness", "")
        .unwrap();
    t.make_top_cut().unwrap();
    let m = t.current_round().unwrap().matches[0].clone();
    let name = t.name_of(m.b.unwrap()).to_string();
    t.report(
        None,
        1,
        &Report::Winner {
            name,
            games: Some((2, 0)),
        },
    )
    .unwrap();
    // Save the whole state through an update and read it back.
    let saved = t.clone();
    store::update(&f.0, |x| {
        *x = saved.clone();
        Ok(())
    })
    .unwrap();
    let loaded = store::load(&f.0).unwrap();
    assert_eq!(loaded, t);
    assert_eq!(loaded.standings(), t.standings());
}

#[test]
fn persistence_operations_through_the_file_match_in_memory() {
    let f = TempFile::new("ops");
    let mut mem = Tournament::new("Cup", "harmony", Tier::One, Some(3), false, 9).unwrap();
    store::create(&f.0, &mem).unwrap();
    for i in 0..6 {
        let name = format!("P{i}");
        mem.register(&name, deck(i), &lenient).unwrap();
        store::update(&f.0, |t| t.register(&name, deck(i), &lenient)).unwrap();
    }
    for _ in 0..3 {
        mem.pair_next_round().unwrap();
        store::update(&f.0, |t| t.pair_next_round().map(|_| ())).unwrap();
        first_wins(&mut mem);
        store::update(&f.0, |t| {
            first_wins(t);
            Ok(())
        })
        .unwrap();
        assert_eq!(store::load(&f.0).unwrap(), mem);
    }
}

/// Runs `op` through the store and checks it is refused with a message
/// containing `expect`, leaving the file unchanged.
fn refused(
    f: &TempFile,
    expect: &str,
    op: impl FnOnce(&mut Tournament) -> Result<(), ponyccg_events::tournament::EventError>,
) {
    let before = bytes(f);
    let e = store::update(&f.0, op).unwrap_err();
    assert!(matches!(e, StoreError::Event(_)), "{e}");
    assert!(e.to_string().contains(expect), "`{e}` lacks `{expect}`");
    assert_eq!(bytes(f), before, "the file changed after: {e}");
}

#[test]
fn bad_input_refusals_leave_the_saved_file_unchanged() {
    let f = TempFile::new("refusals");
    let t = event(5, Tier::One, true);
    store::create(&f.0, &t).unwrap();
    // Registration: an illegal deck (checked by the deck crate) and a duplicate.
    let illegal = DeckList {
        mane: "PR1".into(),
        problems: Default::default(),
        draw: [("PR10".to_string(), 1)].into_iter().collect(),
    };
    refused(&f, "not legal for harmony", |t| {
        t.register("Eve", illegal.clone(), &check_event_deck)
            .map(|_| ())
    });
    refused(&f, "already registered", |t| {
        t.register("P1", deck(0), &lenient).map(|_| ())
    });
    refused(&f, "no round has been paired", |t| {
        t.report(None, 1, &Report::Draw)
    });
    refused(&f, "after the Swiss rounds", |t| {
        t.make_top_cut().map(|_| ())
    });
    store::update(&f.0, |t| t.pair_next_round().map(|_| ())).unwrap();
    // Pairing before the results are in.
    refused(&f, "still has no result", |t| {
        t.pair_next_round().map(|_| ())
    });
    // A match that does not exist.
    refused(&f, "no table 7", |t| t.report(None, 7, &Report::Draw));
    refused(&f, "there is no round 3", |t| {
        t.report(Some(3), 1, &Report::Draw)
    });
    refused(&f, "no player named `Ghost`", |t| {
        t.report(None, 1, &win("Ghost"))
    });
    // Twice.
    store::update(&f.0, |t| t.report(None, 1, &Report::Draw)).unwrap();
    refused(&f, "already has a result", |t| {
        t.report(None, 1, &Report::Draw)
    });
    // A dropped player.
    let loaded = store::load(&f.0).unwrap();
    let m2 = loaded.current_round().unwrap().matches[1].clone();
    let dropper = loaded.name_of(m2.a).to_string();
    store::update(&f.0, |t| t.drop_player(&dropper)).unwrap();
    refused(&f, "has dropped", |t| t.report(None, 2, &Report::Draw));
    refused(&f, "has dropped", |t| t.drop_player(&dropper));
    // Registration after round 1, unknown players, bad penalties.
    refused(&f, "registration is closed", |t| {
        t.register("Late", deck(1), &lenient).map(|_| ())
    });
    refused(&f, "no player named `Ghost`", |t| {
        t.penalize("Ghost", PenaltyKind::GameWarning, "slow play", "")
            .map(|_| ())
    });
    // The file still loads and the tournament goes on.
    let t = store::load(&f.0).unwrap();
    assert_eq!(t.rounds.len(), 1);
}

#[test]
fn persistence_tournament_file_errors_are_clear() {
    let f = TempFile::new("files");
    let t = event(4, Tier::One, false);
    let e = store::load(&f.0).unwrap_err().to_string();
    assert!(e.contains("no such tournament file"), "{e}");
    store::create(&f.0, &t).unwrap();
    let before = bytes(&f);
    let e = store::create(&f.0, &t).unwrap_err().to_string();
    assert!(e.contains("already exists"), "{e}");
    assert_eq!(bytes(&f), before);
    // A file that is not a tournament.
    let g = TempFile::new("junk");
    std::fs::write(&g.0, b"not a database at all, just some text").unwrap();
    let e = store::load(&g.0).unwrap_err().to_string();
    assert!(e.contains(&g.0.display().to_string()), "{e}");
}

#[test]
fn persistence_inconsistent_file_is_refused_not_a_panic() {
    let f = TempFile::new("corrupt");
    let mut t = event(4, Tier::One, false);
    t.pair_next_round().unwrap();
    store::create(&f.0, &t).unwrap();
    {
        let c = rusqlite::Connection::open(&f.0).unwrap();
        c.execute_batch("PRAGMA foreign_keys = OFF").unwrap();
        c.execute("UPDATE matches SET a = 99 WHERE table_no = 1", [])
            .unwrap();
    }
    let e = store::load(&f.0).unwrap_err().to_string();
    assert!(
        e.contains("inconsistent") && e.contains("unknown player 99"),
        "{e}"
    );
    let before = bytes(&f);
    let e = store::update(&f.0, |t| t.report(None, 1, &Report::Draw)).unwrap_err();
    assert!(e.to_string().contains("inconsistent"), "{e}");
    assert_eq!(bytes(&f), before);
}
