//! Deck files as `play`, `simulate` and `deck check` meet them: oversized files,
//! wrong counts, cards under the wrong heading (issue 18).

mod common;
use common::ponyccg;
use std::path::PathBuf;

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ponyccg-deckfiles-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// theme:applejack as text, with `edit` applied.
fn applejack_with(dir: &std::path::Path, edit: impl Fn(String) -> String) -> String {
    let path = dir.join("aj.txt");
    let p = path.to_str().unwrap().to_string();
    let (ok, out) = ponyccg(&[
        "deck",
        "convert",
        "theme:applejack",
        "--to",
        "text",
        "-o",
        &p,
        "--force",
    ]);
    assert!(ok, "{out}");
    let text = std::fs::read_to_string(&path).unwrap();
    let edited = edit(text.clone());
    assert_ne!(edited, text, "the edit changed nothing");
    std::fs::write(&path, edited).unwrap();
    p
}

#[test]
fn deck_check_a_friend_under_problems_names_rule_101_3b() {
    let dir = tmp("friend");
    let p = applejack_with(&dir, |t| {
        t.replace(
            "Problems:\n",
            "Problems:\n1 Granny Smith, Apple Elder  # PR28\n",
        )
    });
    let (ok, out) = ponyccg(&["deck", "check", &p, "--format", "constructed"]);
    assert!(!ok);
    assert!(out.contains("101.3b"), "{out}");
}

#[test]
fn an_oversized_deck_file_is_refused_by_its_size() {
    // Issue 18: a 10 MB deck file took 26 s and 2.3 GB before it was refused.
    let dir = tmp("big");
    let path = dir.join("big.txt");
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(10 << 20).unwrap();
    let p = path.to_str().unwrap();
    let start = std::time::Instant::now();
    let (ok, out) = ponyccg(&["deck", "check", p, "--format", "constructed"]);
    assert!(!ok);
    assert!(out.contains("far too large for a deck list"), "{out}");
    assert!(start.elapsed().as_secs() < 10);
    let (ok, out) = ponyccg(&["simulate", p, "starter:fluttershy", "--games", "1"]);
    assert!(!ok);
    assert!(out.contains("far too large"), "{out}");
}

#[test]
fn wrong_counts_warn_in_play_and_simulate_and_are_refused_under_format() {
    // Issue 18: a deck with wrong counts played with no warning. The Problem deck
    // here has 9 cards, not 10 (101.3).
    let dir = tmp("counts");
    let p = applejack_with(&dir, |t| t.replace("1 Monitor EVERYTHING!  # PR182\n", ""));
    let save = dir.join("g.json");
    let s = save.to_str().unwrap();
    let (_, out) = ponyccg(&[
        "play",
        "--deck",
        &p,
        "--ai-deck",
        "theme:rarity",
        "--ai",
        "random",
        "--seed",
        "1",
        "--save",
        s,
    ]);
    assert!(out.contains("warning: deck"), "{out}");
    assert!(out.contains("[101.3]"), "{out}");
    let (ok, out) = ponyccg(&[
        "play",
        "--deck",
        &p,
        "--ai-deck",
        "theme:rarity",
        "--format",
        "constructed",
        "--save",
        s,
        "--force",
    ]);
    assert!(!ok);
    assert!(out.contains("is not legal in Constructed"), "{out}");

    let (ok, out) = ponyccg(&[
        "simulate",
        &p,
        "theme:rarity",
        "--games",
        "2",
        "--players",
        "random,random",
    ]);
    assert!(ok, "{out}");
    assert!(
        out.contains("warning: deck") && out.contains("[101.3]"),
        "{out}"
    );
    let (ok, out) = ponyccg(&[
        "simulate",
        &p,
        "theme:rarity",
        "--games",
        "2",
        "--format",
        "harmony",
    ]);
    assert!(!ok);
    assert!(out.contains("is not legal in Harmony"), "{out}");
}
