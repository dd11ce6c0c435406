//! Random Harmony decks on the command line (issue 16, item 4): `deck random`, the
//! `random:SETS:SEED` spec wherever a deck is named, and `simulate --random-decks`,
//! which gives every game fresh decks and reports failures and the turn-cap share.

mod common;

use common::{run, text, tmp_dir};

/// The block with Premiere itself, whose cards are all scripted: a deck can be built
/// whatever the scripting of the later sets has reached.
const SETS: &str = "premiere+PR";

#[test]
fn a_sample_of_random_games_over_the_pool_runs_clean() {
    // Random players: the heuristic player takes seconds a game over these decks.
    let out = run(&[
        "simulate",
        "--random-decks",
        SETS,
        "--games",
        "24",
        "--players",
        "random,random",
        "--seed",
        "16",
        "--threads",
        "2",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"], 24);
    assert_eq!(v["failures"], 0, "{v}");
    let decided = v["wins_a"].as_u64().unwrap()
        + v["wins_b"].as_u64().unwrap()
        + v["draws"].as_u64().unwrap();
    assert_eq!(decided, 24);
    let cap = v["turn_cap_rate"]["rate"].as_f64().unwrap();
    assert!(
        (cap - v["called"].as_f64().unwrap() / 24.0).abs() < 1e-9,
        "{v}"
    );
    assert!(
        v["random_pool"]
            .as_str()
            .unwrap()
            .contains("Mane Characters"),
        "{v}"
    );
}

#[test]
fn deck_random_writes_a_legal_list_and_keeps_an_existing_file() {
    let dir = tmp_dir("write");
    let file = dir.join("r.txt");
    let f = file.to_str().unwrap();
    let out = run(&["deck", "random", "--sets", SETS, "--seed", "4", "-o", f]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("playable"),
        "{}",
        text(&out.stderr)
    );
    let first = std::fs::read_to_string(&file).unwrap();

    let out = run(&["deck", "random", "--sets", SETS, "--seed", "5", "-o", f]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--force"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), first);

    let out = run(&[
        "deck", "random", "--sets", SETS, "--seed", "5", "-o", f, "--force",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_ne!(std::fs::read_to_string(&file).unwrap(), first);

    let out = run(&["deck", "check", f, "--format", "harmony"]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("LEGAL"));

    // The file and a spec are both decks `simulate` takes.
    let spec = format!("random:{SETS}:9");
    let out = run(&["simulate", f, &spec, "--games", "2", "--threads", "1"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_spec_gives_the_same_list_as_deck_random() {
    let a = run(&["deck", "random", "--sets", SETS, "--seed", "11"]);
    let b = run(&["deck", "show", &format!("random:{SETS}:11")]);
    assert!(a.status.success() && b.status.success());
    let c = run(&[
        "deck",
        "convert",
        &format!("random:{SETS}:11"),
        "--to",
        "text",
    ]);
    assert_eq!(text(&a.stdout), text(&c.stdout));
}

#[test]
fn sets_too_small_for_a_deck_are_refused_in_one_message() {
    // Rock 'n Rave holds 14 cards: too few names for 45 draw cards.
    for args in [
        vec!["deck", "random", "--sets", "RR"],
        vec!["simulate", "--random-decks", "RR", "--games", "2"],
        vec!["simulate", "random:RR:1", "random:RR:2", "--games", "2"],
    ] {
        let out = run(&args);
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            err.contains("no Harmony-legal deck can be built"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    let out = run(&["deck", "random", "--sets", "XX"]);
    assert!(text(&out.stderr).contains("`XX` is no official set"));
}
