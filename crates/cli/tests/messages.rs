//! Messages that misled (issue 18): each case runs the real binary and checks the
//! message says what is wrong.

mod common;
use common::ponyccg;
use std::path::PathBuf;

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ponyccg-msg-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn a_replay_conceding_for_a_seat_the_game_lacks_is_called_damaged() {
    // It said "P11 has left the game".
    let dir = tmp("replay");
    let path = dir.join("g.json");
    let p = path.to_str().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ponyccg"))
        .args([
            "play",
            "--seed",
            "3",
            "--deck",
            "synthetic:blue",
            "--ai-deck",
            "synthetic:orange",
            "--ai",
            "random",
            "--as",
            "first",
            "--save",
            p,
        ])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(path.exists(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    v["concessions"] = serde_json::json!([[10, 0]]);
    std::fs::write(&path, v.to_string()).unwrap();
    let (ok, out) = ponyccg(&["replay", p]);
    assert!(!ok);
    assert!(out.contains("damaged replay"), "{out}");
    assert!(
        out.contains("seat 10 (P11)") && out.contains("2 players"),
        "{out}"
    );
    assert!(!out.contains("has left the game"), "{out}");
}

#[test]
fn an_sqlite_file_that_is_not_a_tournament_is_named_so() {
    // It said "no such table: event". An empty file is an empty SQLite database.
    let dir = tmp("sqlite");
    let db = dir.join("other.sqlite");
    std::fs::write(&db, "").unwrap();
    let (ok, out) = ponyccg(&["tournament", "standings", db.to_str().unwrap()]);
    assert!(!ok);
    assert!(out.contains("not a ponyccg tournament"), "{out}");
    assert!(!out.contains("no such table"), "{out}");
}

#[test]
fn simulate_reports_the_threads_it_used() {
    // It reported "100000 threads" for two games.
    let (ok, out) = ponyccg(&[
        "simulate",
        "synthetic:blue",
        "synthetic:orange",
        "--games",
        "2",
        "--players",
        "random,random",
        "--threads",
        "100000",
        "--json",
    ]);
    assert!(ok, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["threads"], 2, "{v}");
    // Machine-readable results carry the versions that made them.
    assert!(v["engine"].as_str().is_some_and(|s| !s.is_empty()), "{v}");
    assert!(
        v["catalogue"].as_str().is_some_and(|s| !s.is_empty()),
        "{v}"
    );
}

/// A four-player tournament with a player called "12", paired for round 1.
fn paired_event(dir: &std::path::Path) -> String {
    let db = dir.join("cup.sqlite");
    let db = db.to_str().unwrap().to_string();
    let (ok, out) = ponyccg(&[
        "tournament",
        "new",
        &db,
        "--name",
        "Cup",
        "--format",
        "harmony",
        "--seed",
        "1",
    ]);
    assert!(ok, "{out}");
    for name in ["12", "Ann", "Bea", "Cid"] {
        let (ok, out) = ponyccg(&["tournament", "register", &db, name, "starter:fluttershy"]);
        assert!(ok, "{out}");
    }
    let (ok, out) = ponyccg(&["tournament", "pair", &db]);
    assert!(ok, "{out}");
    db
}

#[test]
fn report_a_draw_with_a_game_score_is_refused() {
    // `report 1 draw --games 2-1` was accepted.
    let dir = tmp("drawgames");
    let db = paired_event(&dir);
    let (ok, out) = ponyccg(&["tournament", "report", &db, "1", "draw", "--games", "2-1"]);
    assert!(!ok, "{out}");
    assert!(out.contains("--games"), "{out}");
    let (ok, out) = ponyccg(&["tournament", "report", &db, "1", "draw"]);
    assert!(ok, "{out}");
}

#[test]
fn report_by_a_player_named_like_a_number_finds_the_player() {
    // A player named "12" was read as table 12.
    let dir = tmp("named12");
    let db = paired_event(&dir);
    let (ok, out) = ponyccg(&["tournament", "report", &db, "12", "12"]);
    assert!(ok, "{out}");
    // "Round 1, table N: 12 ..."; with four players there are tables 1 and 2.
    let table: u32 = out
        .split("table ")
        .nth(1)
        .and_then(|r| r.split(':').next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!(table == 1 || table == 2, "{out}");
    // `#N` is always table N.
    let other = format!("#{}", 3 - table);
    let (ok, out) = ponyccg(&["tournament", "report", &db, &other, "draw"]);
    assert!(ok, "{out}");
}

#[test]
fn standings_straight_after_pair_count_no_round_as_played() {
    // It said "after 1 Swiss round(s)" with nothing reported.
    let dir = tmp("standings");
    let db = paired_event(&dir);
    let (ok, out) = ponyccg(&["tournament", "standings", &db]);
    assert!(ok, "{out}");
    assert!(out.contains("after 0 complete Swiss round(s)"), "{out}");
    assert!(
        out.contains("round 1 in progress: 2 result(s) still to report"),
        "{out}"
    );
}
