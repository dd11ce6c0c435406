//! An AI-only tournament run end to end from the command line: registration with real
//! decks, Swiss rounds, the top cut and its best-of-three matches (Tier 3), every game
//! played by the engine, everything saved in the tournament file.

mod common;
use common::ponyccg;

#[test]
fn a_simulated_tier_3_tournament_with_a_top_cut_crowns_a_champion() {
    let dir = std::env::temp_dir().join(format!("ponyccg-sim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("cup.sqlite");
    let db = db.to_str().unwrap();
    let (ok, out) = ponyccg(&[
        "tournament",
        "new",
        db,
        "--name",
        "Sim Cup",
        "--format",
        "harmony",
        "--tier",
        "3",
        "--top-cut",
        "--seed",
        "9",
    ]);
    assert!(ok, "{out}");
    for i in 0..6 {
        let deck = if i % 2 == 0 {
            "starter:rainbow-dash"
        } else {
            "starter:fluttershy"
        };
        let (ok, out) = ponyccg(&["tournament", "register", db, &format!("Player {i}"), deck]);
        assert!(ok, "{out}");
    }
    let (ok, out) = ponyccg(&["tournament", "simulate", db, "--seed", "5"]);
    assert!(ok, "{out}");
    assert!(out.contains("Champion: Player"), "{out}");
    assert!(out.contains("(elimination)"), "{out}");
    // The file holds the finished event: standings read back, nothing left to pair.
    let (ok, standings) = ponyccg(&["tournament", "standings", db]);
    assert!(ok && standings.contains("Player 0"), "{standings}");
    let (ok, _) = ponyccg(&["tournament", "pair", db]);
    assert!(!ok, "the tournament is over");
    // The same seed gives the same champion.
    let db2 = dir.join("cup2.sqlite");
    let db2 = db2.to_str().unwrap();
    ponyccg(&[
        "tournament",
        "new",
        db2,
        "--name",
        "Sim Cup",
        "--format",
        "harmony",
        "--tier",
        "3",
        "--top-cut",
        "--seed",
        "9",
    ]);
    for i in 0..6 {
        let deck = if i % 2 == 0 {
            "starter:rainbow-dash"
        } else {
            "starter:fluttershy"
        };
        ponyccg(&["tournament", "register", db2, &format!("Player {i}"), deck]);
    }
    let (_, again) = ponyccg(&["tournament", "simulate", db2, "--seed", "5"]);
    let champion = |s: &str| {
        s.lines()
            .find(|l| l.starts_with("Champion"))
            .map(str::to_string)
    };
    assert_eq!(champion(&out), champion(&again));
    std::fs::remove_dir_all(&dir).ok();
}
