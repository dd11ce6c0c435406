//! Issue 18, tournaments for organisers, through the binary: drops before round 1,
//! playable registrations, editing and withdrawing before the start, printable
//! pairings and standings, the round clock and random deck checks.

mod common;
use common::ponyccg;
use std::path::PathBuf;

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ponyccg-org-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

const THEMES: [&str; 6] = [
    "applejack",
    "fluttershy",
    "rarity",
    "rainbow-dash",
    "pinkie-pie",
    "twilight-sparkle",
];

/// A new event in `dir` with `players` registered (P1, P2, ...).
fn event(dir: &std::path::Path, tier: &str, players: usize) -> String {
    let db = dir.join("cup.sqlite").to_str().unwrap().to_string();
    let (ok, out) = ponyccg(&[
        "tournament",
        "new",
        &db,
        "--name",
        "Pony & <Cup>",
        "--format",
        "constructed",
        "--tier",
        tier,
        "--seed",
        "7",
    ]);
    assert!(ok, "{out}");
    for i in 0..players {
        let (ok, out) = ponyccg(&[
            "tournament",
            "register",
            &db,
            &format!("P{}", i + 1),
            &format!("theme:{}", THEMES[i % THEMES.len()]),
        ]);
        assert!(ok, "{out}");
    }
    db
}

/// Tournament Policies, Swiss Rounds: five registered, one dropped before round 1:
/// four play, so 3 rounds, not the 4 of five players.
#[test]
fn swiss_rounds_a_drop_before_round_one_does_not_count_toward_the_rounds() {
    let dir = tmp("drop");
    let db = event(&dir, "1", 5);
    let (ok, out) = ponyccg(&["tournament", "drop", &db, "P5"]);
    assert!(ok, "{out}");
    let (ok, out) = ponyccg(&["tournament", "pair", &db]);
    assert!(ok, "{out}");
    assert!(out.contains("Swiss round 1 of 3."), "{out}");
    assert!(!out.contains("bye"), "{out}");
}

/// Registration checks playability: a legal deck holding cards whose text is not
/// scripted is refused (naming them), so `simulate` never stops with a round open;
/// `--paper` accepts it for games played at real tables.
#[test]
fn registration_refuses_a_deck_the_engine_would_refuse() {
    let dir = tmp("playable");
    let db = event(&dir, "1", 3);
    // The Applejack theme deck plus one Equestrian Odysseys Friend whose text is
    // not scripted yet (a constructed deck: 101 only, so still legal).
    let deck = dir.join("aj-plus.txt");
    let (ok, out) = ponyccg(&[
        "deck",
        "convert",
        "theme:applejack",
        "--to",
        "text",
        "-o",
        deck.to_str().unwrap(),
    ]);
    assert!(ok, "{out}");
    let (ok, json) = ponyccg(&[
        "cards",
        "search",
        "--set",
        "EO",
        "--type",
        "friend",
        "--status",
        "unscripted",
        "--json",
    ]);
    assert!(ok, "{json}");
    let number = json
        .split("\"number\": \"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("an unscripted EO Friend")
        .to_string();
    let mut text = std::fs::read_to_string(&deck).unwrap();
    text.push_str(&format!("1 {number}\n"));
    std::fs::write(&deck, text).unwrap();
    let d = deck.to_str().unwrap();
    let (ok, out) = ponyccg(&["deck", "check", d, "--format", "constructed"]);
    assert!(ok, "the deck is legal: {out}");
    // `deck check` answers legality and playability apart.
    assert!(out.contains("Playable: not yet"), "{out}");
    assert!(out.contains(&number), "{out}");
    let (ok, out) = ponyccg(&[
        "deck",
        "check",
        "theme:applejack",
        "--format",
        "constructed",
    ]);
    assert!(ok && out.contains("Playable: yes"), "{out}");
    let (ok, out) = ponyccg(&["tournament", "register", &db, "Eve", d]);
    assert!(!ok, "{out}");
    assert!(out.contains("the engine can't play it yet"), "{out}");
    assert!(out.contains(&number), "{out}");
    let (ok, out) = ponyccg(&["tournament", "show", &db]);
    assert!(ok && !out.contains("Eve"), "{out}");
    let (ok, out) = ponyccg(&["tournament", "register", &db, "Eve", d, "--paper"]);
    assert!(ok, "{out}");
}

/// Before round 1 a registration can be edited (new deck, checked; new name) or
/// withdrawn; once round 1 is paired, neither.
#[test]
fn registration_can_be_edited_or_withdrawn_before_the_event_starts() {
    let dir = tmp("edit");
    let db = event(&dir, "1", 5);
    let (ok, out) = ponyccg(&["tournament", "withdraw", &db, "P2"]);
    assert!(ok, "{out}");
    let (ok, out) = ponyccg(&[
        "tournament",
        "edit",
        &db,
        "P3",
        "--name",
        "Carol",
        "--deck",
        "theme:pinkie-pie",
    ]);
    assert!(ok, "{out}");
    let (ok, out) = ponyccg(&["tournament", "show", &db, "--decks"]);
    assert!(ok, "{out}");
    assert!(!out.contains("P2"), "{out}");
    assert!(out.contains("Carol"), "{out}");
    let (ok, out) = ponyccg(&["tournament", "edit", &db, "P4", "--deck", "theme:nobody"]);
    assert!(!ok, "{out}");
    let (ok, out) = ponyccg(&["tournament", "pair", &db]);
    assert!(ok, "{out}");
    // Four left: three rounds.
    assert!(out.contains("Swiss round 1 of 3."), "{out}");
    let (ok, out) = ponyccg(&["tournament", "withdraw", &db, "P4"]);
    assert!(!ok && out.contains("can drop"), "{out}");
    let (ok, out) = ponyccg(&["tournament", "edit", &db, "P4", "--name", "Dan"]);
    assert!(!ok && out.contains("registration is closed"), "{out}");
}

/// Printable pairings and standings: plain text, CSV and HTML (escaped).
#[test]
fn printable_pairings_and_standings_as_text_csv_and_html() {
    let dir = tmp("print");
    let db = event(&dir, "1", 5);
    let (ok, out) = ponyccg(&["tournament", "pair", &db]);
    assert!(ok, "{out}");
    let (ok, out) = ponyccg(&["tournament", "pairings", &db, "--as", "csv"]);
    assert!(ok, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "table,player,opponent,result,deck check");
    assert_eq!(lines.len(), 4, "two tables and a bye: {out}");
    assert!(out.contains(",(bye),bye,"), "{out}");
    let (ok, out) = ponyccg(&["tournament", "pairings", &db, "--as", "html"]);
    assert!(ok, "{out}");
    assert!(out.starts_with("<!DOCTYPE html>"), "{out}");
    assert!(out.contains("Pony &amp; &lt;Cup&gt;: round 1"), "{out}");
    assert_eq!(out.matches("<tr>").count(), 4, "{out}");
    let (ok, out) = ponyccg(&["tournament", "pairings", &db]);
    assert!(ok && out.contains("Round 1 (Swiss):"), "{out}");
    assert!(out.contains("Time limit: 35 minutes"), "{out}");
    let (ok, out) = ponyccg(&["tournament", "report", &db, "1", "draw"]);
    assert!(ok, "{out}");
    let (ok, out) = ponyccg(&["tournament", "standings", &db, "--as", "csv"]);
    assert!(ok, "{out}");
    assert!(
        out.starts_with("rank,player,points,wins,losses,draws,byes,OMW%,OOMW%,status\n"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 6, "{out}");
    let (ok, out) = ponyccg(&["tournament", "standings", &db, "--as", "html"]);
    assert!(ok, "{out}");
    assert!(out.contains("<th>OMW%</th>"), "{out}");
    assert!(out.contains("after 0 complete Swiss round(s)"), "{out}");
    let (ok, out) = ponyccg(&["tournament", "standings", &db, "--as", "pdf"]);
    assert!(!ok && out.contains("use text, csv or html"), "{out}");
}

/// The round clock (Tournament Policies, Match Time Limit; Tier 2 Rules, Time
/// Limit) and random deck checks (Tier 2 and 3 Rules, Deck Checks).
#[test]
fn round_clock_by_tier_and_random_deck_checks_at_tier_two() {
    let dir = tmp("clock");
    let db = event(&dir, "2", 4);
    let (ok, out) = ponyccg(&["tournament", "clock", &db]);
    assert!(!ok && out.contains("no round has been paired"), "{out}");
    let (ok, out) = ponyccg(&["tournament", "pair", &db]);
    assert!(ok, "{out}");
    assert!(out.contains("Time limit: 35 minutes (Tier 2)"), "{out}");
    assert!(out.contains("Random deck check: table "), "{out}");
    let (ok, out) = ponyccg(&["tournament", "clock", &db, "--started", "13:50"]);
    assert!(ok, "{out}");
    assert!(out.contains("time is called at 14:25 UTC"), "{out}");
    assert!(out.contains("one more turn"), "{out}");
    assert!(out.contains("Deck check at table"), "{out}");
    let (ok, out) = ponyccg(&["tournament", "clock", &db, "--started", "25:00"]);
    assert!(!ok && out.contains("HH:MM"), "{out}");
    // Tier 2 elimination rounds: 45 minutes.
    let (ok, out) = ponyccg(&["tournament", "simulate", &db, "--seed", "1"]);
    assert!(ok, "{out}");
    // Four players: 3 Swiss rounds, then the semifinals (round 4).
    let (ok, out) = ponyccg(&["tournament", "pairings", &db, "--round", "4"]);
    assert!(ok && out.contains("Round 4 (elimination)"), "{out}");
    assert!(out.contains("Time limit: 45 minutes (Tier 2)"), "{out}");
    // A Tier 1 event has no deck checks.
    let dir1 = tmp("clock1");
    let db1 = event(&dir1, "1", 4);
    let (ok, out) = ponyccg(&["tournament", "pair", &db1]);
    assert!(ok && !out.contains("deck check"), "{out}");
}
