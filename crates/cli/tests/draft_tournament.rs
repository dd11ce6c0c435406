//! The events issue's end-to-end check: an 8-seat AI booster draft of Premiere packs,
//! then a Swiss tournament of the drafted decks (each registered with its pool), every
//! game played by the engine, all from the command line.

mod common;
use common::ponyccg;

#[test]
fn an_eight_seat_draft_then_a_swiss_tournament_of_the_drafted_decks() {
    let dir = std::env::temp_dir().join(format!("ponyccg-draft-cup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let (ok, out) = ponyccg(&[
        "draft",
        "--ai-only",
        "--packs",
        "PR:4",
        "--seats",
        "8",
        "--seed",
        "3",
        "--out-dir",
        d,
    ]);
    assert!(ok, "{out}");
    let db = dir.join("cup.sqlite");
    let db = db.to_str().unwrap();
    let (ok, out) = ponyccg(&[
        "tournament",
        "new",
        db,
        "--name",
        "Draft Cup",
        "--format",
        "limited-premiere",
        "--seed",
        "2",
    ]);
    assert!(ok, "{out}");
    let mut registered = 0;
    for seat in 1..=8 {
        let deck = dir.join(format!("seat-{seat}.deck.txt"));
        if !deck.exists() {
            // A pool that can't make a legal deck: that drafter sits the event out.
            continue;
        }
        let pool = dir.join(format!("seat-{seat}.pool.txt"));
        let (ok, out) = ponyccg(&[
            "tournament",
            "register",
            db,
            &format!("Seat {seat}"),
            deck.to_str().unwrap(),
            "--pool",
            pool.to_str().unwrap(),
        ]);
        assert!(ok, "{out}");
        registered += 1;
    }
    assert!(registered >= 4, "only {registered} drafted decks");
    let (ok, out) = ponyccg(&["tournament", "simulate", db, "--seed", "1"]);
    assert!(ok, "{out}");
    assert!(out.contains("Round 1 (Swiss)"), "{out}");
    let (ok, standings) = ponyccg(&["tournament", "standings", db]);
    assert!(ok, "{standings}");
    assert_eq!(
        standings.matches("Seat ").count(),
        registered,
        "{standings}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
