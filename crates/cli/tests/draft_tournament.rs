//! The events issue's end-to-end check: an 8-seat AI booster draft, then a Swiss
//! tournament of the drafted decks (each registered with its pool), every game
//! played by the engine, all from the command line, as docs/events.md describes.

mod common;
use common::ponyccg;

/// Drafts with these pack arguments, registers every seat's deck and simulates the
/// event. Every seat must end with a legal, playable deck.
fn draft_night(tag: &str, packs: &[&str], draft_seed: &str) {
    let dir = std::env::temp_dir().join(format!("ponyccg-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let mut args = vec!["draft", "--ai-only"];
    args.extend_from_slice(packs);
    args.extend_from_slice(&["--seats", "8", "--seed", draft_seed, "--out-dir", d]);
    let (ok, out) = ponyccg(&args);
    assert!(ok, "{out}");
    assert!(!out.contains("no deck"), "{out}");
    assert!(!out.contains("NOT LEGAL"), "{out}");
    assert!(!out.contains("can't play it"), "{out}");
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
    for seat in 1..=8 {
        let deck = dir.join(format!("seat-{seat}.deck.txt"));
        assert!(deck.exists(), "seat {seat} has no deck");
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
        assert!(ok, "seat {seat}: {out}");
    }
    let (ok, out) = ponyccg(&["tournament", "simulate", db, "--seed", "1"]);
    assert!(ok, "{out}");
    assert!(out.contains("Round 4 (Swiss)"), "{out}");
    let (ok, standings) = ponyccg(&["tournament", "standings", db]);
    assert!(ok, "{standings}");
    assert!(
        standings.contains("after 4 complete Swiss round(s)"),
        "{standings}"
    );
    assert_eq!(standings.matches("Seat ").count(), 8, "{standings}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The draft-night recipe of docs/events.md (`--packs PR:4`, seed 3): seat 6 used
/// to draft 19 Problems and end with no deck (issue 18).
#[test]
fn an_eight_seat_draft_then_a_swiss_tournament_of_the_drafted_decks() {
    draft_night("draft-cup", &["--packs", "PR:4"], "3");
}

/// Issue 16: the recommended Premiere block draft (AD, CG, CN, PR) gives every seat
/// a legal deck the engine plays, and the event runs end to end.
#[test]
fn a_premiere_block_draft_gives_every_seat_a_legal_playable_deck_and_runs_a_swiss() {
    draft_night("block-cup", &["--block", "premiere"], "5");
}

/// Limited Play, Booster Draft Format: pods of roughly equal size, 8 recommended.
/// A 12-seat draft sits in two pods of 6, each passing its own packs.
#[test]
fn booster_draft_format_bigger_drafts_split_into_pods_of_at_most_eight() {
    let draft = |seats: &str| {
        let (ok, out) = ponyccg(&[
            "draft",
            "--ai-only",
            "--packs",
            "PR:4",
            "--seats",
            seats,
            "--seed",
            "4",
        ]);
        assert!(ok, "{out}");
        out
    };
    let out = draft("12");
    assert!(out.contains("in 2 pods of 6, 6"), "{out}");
    assert!(out.contains("seat 6 (pod 1)"), "{out}");
    assert!(out.contains("seat 7 (pod 2)"), "{out}");
    assert_eq!(out.matches("48 picks").count(), 12, "{out}");
    let out = draft("17");
    assert!(out.contains("in 3 pods of 6, 6, 5"), "{out}");
}

/// Issue 16: `sealed --block premiere` builds a legal deck and says whether the
/// engine plays it (legality and playability are separate answers).
#[test]
fn sealed_premiere_block_builds_a_legal_deck_and_states_its_playability() {
    for seed in ["1", "2", "3"] {
        let (ok, out) = ponyccg(&["sealed", "--block", "premiere", "--seed", seed]);
        assert!(ok, "{out}");
        assert!(out.contains("Built a legal limited deck"), "{out}");
        assert!(
            out.contains("the engine plays it") || out.contains("The engine plays every card"),
            "{out}"
        );
    }
}
