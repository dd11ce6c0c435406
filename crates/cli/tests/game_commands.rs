//! End-to-end tests of `ponyccg play`, `simulate`, `replay` and `bench`, run as a real
//! process with piped input.

mod common;

use common::{bin, run_with_input, text, tmp_dir};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn assert_clean_failure(out: &Output, needle: &str) {
    let err = text(&out.stderr);
    assert!(
        !out.status.success(),
        "expected failure, got {:?}",
        out.status
    );
    assert!(err.contains(needle), "stderr lacks `{needle}`:\n{err}");
    assert!(!err.contains("panicked"), "a panic:\n{err}");
    assert!(!err.contains("RUST_BACKTRACE"), "a panic:\n{err}");
}

#[test]
fn play_through_a_pipe_from_first_decision_to_the_end() {
    let dir = tmp_dir("play");
    // Commands first, an illegal choice, then the first choice until the game ends.
    let mut input = String::from("help\nboard\nlog 5\ncard blue-100\n99\nno such thing\n");
    input.push_str(&"1\n".repeat(20_000));
    let out = run_with_input(
        &[
            "play",
            "--seed",
            "11",
            "--deck",
            "synthetic:blue",
            "--ai-deck",
            "synthetic:orange",
            "--ai",
            "random",
            "--as",
            "first",
            "--save",
            "game.json",
        ],
        &dir,
        &input,
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}\n{}", stdout, text(&out.stderr));
    // The board: scores and tokens of both players, the Problems with requirements,
    // the hand with costs, the phase and step.
    assert!(stdout.contains("P1 (you): score 0"), "{stdout}");
    assert!(stdout.contains("P2: score 0"));
    assert!(stdout.contains("action tokens"));
    assert!(stdout.contains("requirements: P1 (you): "));
    assert!(stdout.contains("Your hand:"));
    assert!(stdout.contains(" · cost "));
    assert!(stdout.contains("Main Phase"));
    assert!(stdout.contains("choose:\n   1. "));
    // The commands answered.
    assert!(stdout.contains("Commands:"));
    assert!(stdout.contains("\"Blue Friend blue-100\""));
    assert!(stdout.contains("there is no choice 99"));
    assert!(stdout.contains("`no such thing` is neither a choice nor a command"));
    // To the end, and saved.
    assert!(stdout.contains("Game over: "), "{stdout}");
    assert!(stdout.contains("Replay saved in game.json"));
    let saved = std::fs::read_to_string(dir.join("game.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(v["seed"], 11);
    assert!(v["choices"].as_array().unwrap().len() > 20);

    // The replay reproduces the game to the same end.
    let r = bin()
        .args(["replay", "game.json"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let rs = text(&r.stdout);
    assert!(r.status.success(), "{}", text(&r.stderr));
    assert!(rs.contains("--- Turn 1: "), "{rs}");
    assert!(rs.contains(" chose: "));
    let last_play = stdout
        .lines()
        .find(|l| l.starts_with("Game over: "))
        .unwrap();
    let last_replay = rs.lines().find(|l| l.starts_with("Game over: ")).unwrap();
    assert_eq!(
        last_play.replace(" (you)", ""),
        last_replay,
        "the replay ends as the game did"
    );

    // --json shape.
    let r = bin()
        .args(["replay", "game.json", "--json"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(r.status.success());
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(v["seed"], 11);
    assert!(v["turns"].as_array().unwrap().len() > 2);
    assert!(v["turns"][1]["turn"].as_u64().unwrap() >= 1);
    // Events are data, not preformatted strings (issue 18): each has its engine
    // event and, beside it, its line for people; choices are their own entries.
    let events = v["turns"][1]["events"].as_array().unwrap();
    assert_eq!(events[0]["kind"], "event");
    assert!(events[0]["event"]["TurnBegan"]["turn"].as_u64().unwrap() >= 1);
    assert!(events[0]["text"].as_str().unwrap().starts_with("--- Turn"));
    let all: Vec<&serde_json::Value> = v["turns"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["events"].as_array().unwrap())
        .collect();
    assert!(all
        .iter()
        .any(|e| e["kind"] == "choice" && e["label"].is_string() && e["index"].is_u64()));
    assert!(v["engine"].is_string() && v["catalogue"].is_string());
    assert!(v["outcome"].as_str().unwrap().starts_with("Game over"));
    assert_eq!(v["scores"].as_array().unwrap().len(), 2);

    // --step: Enter goes on, `q` stops.
    let r = run_with_input(&["replay", "game.json", "--step"], &dir, "\n\nq\n");
    assert!(r.status.success());
    let rs = text(&r.stdout);
    assert!(rs.contains("[Enter: next turn, q: stop]"));
    assert!(!rs.contains("Game over"), "stopped early");
}

#[test]
fn labels_pick_choices_too() {
    let dir = tmp_dir("labels");
    let out = run_with_input(
        &[
            "play",
            "--seed",
            "3",
            "--deck",
            "synthetic:pink",
            "--ai-deck",
            "synthetic:white",
            "--as",
            "second",
            "--save",
            "g.json",
        ],
        &dir,
        "start with \"Problem pink-400\"\nkeep\nconcede\n",
    );
    let s = text(&out.stdout);
    assert!(out.status.success(), "{s}\n{}", text(&out.stderr));
    assert!(s.contains("Keep this hand or mulligan"), "{s}");
    assert!(s.contains("P1 won by being the last player left"), "{s}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("g.json")).unwrap()).unwrap();
    assert_eq!(v["concessions"][0][0], 1);
}

#[test]
fn closed_stdin_concedes_saves_and_fails_cleanly() {
    let dir = tmp_dir("eof");
    let out = run_with_input(
        &[
            "play",
            "--seed",
            "4",
            "--deck",
            "synthetic:blue",
            "--ai-deck",
            "synthetic:yellow",
        ],
        &dir,
        "",
    );
    assert_clean_failure(&out, "standard input closed");
    assert!(dir.join("ponyccg-4.replay.json").exists());
    // A second game with the same seed doesn't overwrite the first.
    let out = run_with_input(
        &[
            "play",
            "--seed",
            "4",
            "--deck",
            "synthetic:blue",
            "--ai-deck",
            "synthetic:yellow",
        ],
        &dir,
        "",
    );
    assert_clean_failure(&out, "ponyccg-4-2.replay.json");
}

#[test]
fn bad_input_gets_one_clear_message() {
    let dir = tmp_dir("bad");
    let out = run_with_input(&["play", "--deck", "theme:nobody"], &dir, "");
    assert_clean_failure(&out, "`nobody`");
    let out = run_with_input(&["play", "--deck", "synthetic:green"], &dir, "");
    assert_clean_failure(&out, "synthetic:green");
    let out = run_with_input(&["play", "--deck", "no/such/file.txt"], &dir, "");
    assert_clean_failure(&out, "no/such/file.txt");
    let out = run_with_input(&["play", "--seed", "abc"], &dir, "");
    assert_clean_failure(&out, "abc");
    let out = run_with_input(&["play", "--seed", "-1"], &dir, "");
    assert!(!out.status.success());
    let out = run_with_input(
        &[
            "play",
            "--ai",
            "deep-blue",
            "--deck",
            "synthetic:blue",
            "--ai-deck",
            "synthetic:pink",
        ],
        &dir,
        "",
    );
    assert_clean_failure(&out, "deep-blue");
    let out = run_with_input(&["simulate", "synthetic:blue", "theme:nobody"], &dir, "");
    assert_clean_failure(&out, "`nobody`");
    let out = run_with_input(
        &[
            "simulate",
            "synthetic:blue",
            "synthetic:pink",
            "--players",
            "random",
        ],
        &dir,
        "",
    );
    assert_clean_failure(&out, "--players");
    let out = run_with_input(
        &[
            "simulate",
            "synthetic:blue",
            "synthetic:pink",
            "--threads",
            "0",
        ],
        &dir,
        "",
    );
    assert_clean_failure(&out, "--threads");
    let out = run_with_input(&["replay", "missing.json"], &dir, "");
    assert_clean_failure(&out, "missing.json");
    std::fs::write(dir.join("junk.json"), "not json").unwrap();
    let out = run_with_input(&["replay", "junk.json"], &dir, "");
    assert_clean_failure(&out, "not a ponyccg replay");
}

#[test]
fn decks_with_unscripted_cards_are_refused_by_name() {
    let dir = tmp_dir("unscripted");
    let out = run_with_input(&["play", "--seed", "1"], &dir, "");
    let err = text(&out.stderr);
    // While the theme decks hold unscripted cards, the default game is refused with a
    // message naming them and pointing at the synthetic decks; once they are playable,
    // the default game starts.
    if !out.status.success() && err.contains("can't be played yet") {
        assert_clean_failure(&out, "synthetic:blue");
        assert!(err.contains("theme:"), "{err}");
        let out = run_with_input(&["simulate", "--games", "2"], &dir, "");
        assert_clean_failure(&out, "can't be played yet");
        let out = run_with_input(&["bench", "--seconds", "0.01", "--samples", "1"], &dir, "");
        assert_clean_failure(&out, "can't be played yet");
    } else {
        assert!(text(&out.stdout).contains("ponyccg: you are"), "{err}");
    }
}

#[test]
fn replays_from_another_rules_version_or_catalogue_are_refused() {
    let dir = tmp_dir("versions");
    let out = run_with_input(
        &[
            "play",
            "--seed",
            "8",
            "--deck",
            "synthetic:blue",
            "--ai-deck",
            "synthetic:pink",
            "--save",
            "r.json",
        ],
        &dir,
        "quit\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Game left unfinished"));
    let good = std::fs::read_to_string(dir.join("r.json")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    assert!(v["rules"].as_u64().is_some_and(|n| n > 0), "{v}");
    v["rules"] = 999_999.into();
    std::fs::write(dir.join("rules.json"), v.to_string()).unwrap();
    let out = run_with_input(&["replay", "rules.json"], &dir, "");
    assert_clean_failure(&out, "rules version 999999");
    // A replay from before rules versions were stamped is refused as well, not guessed.
    v.as_object_mut().unwrap().remove("rules");
    std::fs::write(dir.join("old.json"), v.to_string()).unwrap();
    let out = run_with_input(&["replay", "old.json"], &dir, "");
    assert_clean_failure(&out, "predates rules versions");
    // The crate version is information only: another one alone refuses nothing.
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["engine"] = "0.0.0-elsewhere".into();
    std::fs::write(dir.join("engine.json"), v.to_string()).unwrap();
    let out = run_with_input(&["replay", "engine.json"], &dir, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["catalogue"] = "cards-other".into();
    std::fs::write(dir.join("cat.json"), v.to_string()).unwrap();
    let out = run_with_input(&["replay", "cat.json"], &dir, "");
    assert_clean_failure(&out, "cards-other");
    // The unfinished game replays to where it stopped.
    let out = run_with_input(&["replay", "r.json"], &dir, "");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("unfinished"));
}

fn simulate_json(threads: &str) -> serde_json::Value {
    let out = bin()
        .args([
            "simulate",
            "synthetic:purple",
            "synthetic:yellow",
            "--games",
            "60",
            "--players",
            "heuristic,random",
            "--seed",
            "77",
            "--threads",
            threads,
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "no progress bar when not a terminal");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn simulate_gives_the_same_results_whatever_the_thread_count() {
    let mut one = simulate_json("1");
    let mut three = simulate_json("3");
    // Output shape.
    for key in [
        "wins_a",
        "wins_b",
        "draws",
        "games",
        "seed",
        "average_turns",
        "average_score_a",
        "average_score_b",
        "average_decisions",
    ] {
        assert!(one[key].is_number(), "{key}: {one}");
    }
    for key in ["win_rate_a", "win_rate_b", "draw_rate"] {
        let r = &one[key];
        let (lo, p, hi) = (
            r["low"].as_f64().unwrap(),
            r["rate"].as_f64().unwrap(),
            r["high"].as_f64().unwrap(),
        );
        assert!(
            lo <= p && p <= hi && (0.0..=1.0).contains(&lo) && hi <= 1.0,
            "{r}"
        );
    }
    assert_eq!(one["games"], 60);
    let total = one["wins_a"].as_u64().unwrap()
        + one["wins_b"].as_u64().unwrap()
        + one["draws"].as_u64().unwrap();
    assert_eq!(total, 60);
    assert_eq!(one["threads"], 1);
    assert_eq!(three["threads"], 3);
    for v in [&mut one, &mut three] {
        let o = v.as_object_mut().unwrap();
        o.remove("threads");
        o.remove("elapsed_seconds");
    }
    assert_eq!(one, three);
    // A different seed gives different games.
    let out = bin()
        .args([
            "simulate",
            "synthetic:purple",
            "synthetic:yellow",
            "--games",
            "60",
            "--seed",
            "78",
            "--json",
            "--players",
            "heuristic,random",
        ])
        .output()
        .unwrap();
    let mut other: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let o = other.as_object_mut().unwrap();
    o.remove("threads");
    o.remove("elapsed_seconds");
    assert_ne!(one, other);
}

#[test]
fn simulate_text_output() {
    let out = bin()
        .args([
            "simulate",
            "synthetic:blue",
            "synthetic:orange",
            "--games",
            "10",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("A  synthetic:blue (heuristic):"), "{s}");
    assert!(s.contains("95% CI"));
    assert!(s.contains("average turns"));
}

#[test]
fn bench_json_shape() {
    let out = bin()
        .args([
            "bench",
            "synthetic:blue",
            "synthetic:orange",
            "--seconds",
            "0.05",
            "--samples",
            "1",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in [
        "decisions_per_second",
        "games_per_second",
        "clone_ns",
        "legal_actions_ns",
        "apply_action_ns",
        "state_bytes",
        "replay_bytes_per_decision",
    ] {
        assert!(v[key].as_f64().unwrap() > 0.0, "{key}: {v}");
    }
    assert_eq!(
        v["state_bytes"].as_u64().unwrap(),
        v["state_inline_bytes"].as_u64().unwrap() + v["state_heap_bytes"].as_u64().unwrap()
    );
    assert!(v["replay_bytes_per_decision"].as_f64().unwrap() >= 1.0);
    assert_eq!(v["budgets"]["state_bytes_max"], 8192);
}

/// Issue 18: the live log names what was public when it happened. The AI's confronted
/// Problems and every flip are named even after they went back to their decks (the log
/// is read after the batch), and each won faceoff shows both sides' flips and totals.
#[test]
fn the_live_log_names_confronted_problems_and_flips_and_shows_faceoff_totals() {
    let dir = tmp_dir("live-log");
    let input = "2\n".repeat(600);
    let out = run_with_input(
        &[
            "play",
            "--deck",
            "theme:twilight-sparkle",
            "--ai-deck",
            "theme:fluttershy",
            "--ai",
            "heuristic",
            "--seed",
            "3",
            "--as",
            "first",
        ],
        &dir,
        &input,
    );
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let confronts: Vec<&&str> = lines.iter().filter(|l| l.contains(" confronts ")).collect();
    let flips: Vec<&&str> = lines.iter().filter(|l| l.contains(" flips ")).collect();
    let won: Vec<&&str> = lines
        .iter()
        .filter(|l| l.contains(" wins the faceoff"))
        .collect();
    assert!(
        !confronts.is_empty() && !flips.is_empty() && !won.is_empty(),
        "{stdout}"
    );
    for l in confronts.iter().chain(&flips) {
        assert!(l.contains('"') && !l.contains("hidden"), "{l}");
    }
    for l in &flips {
        assert!(l.contains("), total "), "{l}");
    }
    for l in &won {
        assert!(
            l.contains("wins the faceoff: ") && l.matches(" with ").count() == 2,
            "{l}"
        );
    }
}

/// `--scripts DIR` plays the scripts of a folder in place of the built-in ones: a changed
/// script changes what a card does, and a broken one is refused by file and line.
#[test]
fn scripts_from_a_folder_replace_the_built_in_ones() {
    let d = tmp_dir("scripts");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cards/scripts");
    let copy = d.join("scripts");
    std::fs::create_dir_all(&copy).unwrap();
    for e in std::fs::read_dir(&src).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, copy.join(p.file_name().unwrap())).unwrap();
    }
    let scenario =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios/cards/CN1.toml");
    let scenario = scenario.to_str().unwrap();
    let ok = run_with_input(
        &[
            "--scripts",
            copy.to_str().unwrap(),
            "scenario",
            "run",
            scenario,
        ],
        &d,
        "",
    );
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    let cn = copy.join("CN.ron");
    let changed = std::fs::read_to_string(&cn).unwrap().replacen(
        "AtLeast(2, (type: Some(Type(Friend)), trait_: Some(\"Pegasus\")",
        "AtLeast(3, (type: Some(Type(Friend)), trait_: Some(\"Pegasus\")",
        1,
    );
    std::fs::write(&cn, changed).unwrap();
    let bites = run_with_input(
        &[
            "--scripts",
            copy.to_str().unwrap(),
            "scenario",
            "run",
            scenario,
        ],
        &d,
        "",
    );
    assert!(
        !bites.status.success(),
        "the changed CN1 script was not used"
    );
    let broken =
        std::fs::read_to_string(&cn)
            .unwrap()
            .replacen("timing: AnyPhase", "timing: AnyPhasee", 1);
    std::fs::write(&cn, broken).unwrap();
    let bad = run_with_input(
        &["--scripts", copy.to_str().unwrap(), "cards", "show", "CN1"],
        &d,
        "",
    );
    assert!(!bad.status.success());
    let err = text(&bad.stderr);
    assert!(
        err.contains("CN.ron:") && err.contains("CN1") && err.contains("AnyPhasee"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A quick game against the random AI, seat first.
fn quick_play(extra: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = [
        "play",
        "--seed",
        "5",
        "--deck",
        "synthetic:blue",
        "--ai-deck",
        "synthetic:orange",
        "--ai",
        "random",
        "--as",
        "first",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

#[test]
fn play_an_invalid_utf8_line_is_refused_and_the_game_goes_on_to_a_saved_replay() {
    // Issue 18: one line of bytes that are not UTF-8 ended the program without
    // a replay.
    let dir = tmp_dir("utf8");
    let mut input = b"\xff\xfe\xfd\n".to_vec();
    input.extend_from_slice(b"quit\n");
    let out = run_with_input(&quick_play(&["--save", "g.json"]), &dir, input);
    let s = text(&out.stdout);
    assert!(out.status.success(), "{s}\n{}", text(&out.stderr));
    assert!(s.contains("not valid UTF-8"), "{s}");
    assert!(s.contains("Replay saved in g.json"), "{s}");
    assert!(dir.join("g.json").exists());
}

#[test]
fn play_save_to_a_folder_or_a_missing_folder_still_saves_and_prints_the_score() {
    // Issue 18: `--save` naming a folder, or a file in a folder that does not
    // exist, lost the replay and skipped the final score.
    let dir = tmp_dir("savedir");
    std::fs::create_dir_all(dir.join("replays")).unwrap();
    let input = b"concede\n".to_vec();
    let out = run_with_input(&quick_play(&["--save", "replays"]), &dir, input.clone());
    let s = text(&out.stdout);
    assert!(out.status.success(), "{s}\n{}", text(&out.stderr));
    assert!(s.contains("Final score:"), "{s}");
    assert!(dir.join("replays/ponyccg-5.replay.json").exists(), "{s}");
    assert!(s.contains("replays/ponyccg-5.replay.json"), "{s}");

    let out = run_with_input(&quick_play(&["--save", "nowhere/g.json"]), &dir, input);
    let s = text(&out.stdout);
    assert!(out.status.success(), "{s}\n{}", text(&out.stderr));
    assert!(s.contains("there is no folder nowhere"), "{s}");
    assert!(s.contains("Final score:"), "{s}");
    assert!(s.contains("Replay saved in ponyccg-5.replay.json"), "{s}");
    assert!(dir.join("ponyccg-5.replay.json").exists());
}

#[test]
fn play_save_refuses_an_existing_file_unless_forced() {
    // Issue 18: `play --save` overwrote an existing file silently.
    let dir = tmp_dir("overwrite");
    std::fs::write(dir.join("keep.json"), "precious").unwrap();
    let out = run_with_input(&quick_play(&["--save", "keep.json"]), &dir, b"quit\n");
    assert_clean_failure(&out, "--force");
    assert_eq!(
        std::fs::read_to_string(dir.join("keep.json")).unwrap(),
        "precious"
    );
    let out = run_with_input(
        &quick_play(&["--save", "keep.json", "--force"]),
        &dir,
        b"quit\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(std::fs::read_to_string(dir.join("keep.json"))
        .unwrap()
        .contains("choices"));
}

/// Starts a game that waits for input, sends `signal`, and returns the output.
#[cfg(unix)]
fn signalled(name: &str, signal: &str) -> (PathBuf, Output) {
    let dir = tmp_dir(name);
    let log = std::fs::File::create(dir.join("out.txt")).unwrap();
    let mut child = bin()
        .args(quick_play(&["--save", "g.json"]))
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::from(log))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the first prompt: the handler is installed by then.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !std::fs::read_to_string(dir.join("out.txt"))
        .unwrap_or_default()
        .contains("> ")
    {
        assert!(std::time::Instant::now() < deadline, "no prompt");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let _keep_stdin_open = child.stdin.take();
    let out = child.wait_with_output().unwrap();
    (dir, out)
}

#[cfg(unix)]
#[test]
fn play_sigterm_and_sighup_save_the_game_so_far() {
    // Issue 18: SIGTERM and SIGHUP (the terminal closed) lost the game.
    for (name, sig) in [("sigterm", "-TERM"), ("sighup", "-HUP")] {
        let (dir, out) = signalled(name, sig);
        let err = text(&out.stderr);
        assert!(err.contains("saved in g.json"), "{sig}: {err}");
        assert!(dir.join("g.json").exists(), "{sig}");
    }
}

#[test]
fn play_calls_time_at_the_turn_limit() {
    // Issue 18: `yes 1 | ponyccg play ...` ran to turn 3.5 million; `play` now
    // calls time as `simulate` does, and says so.
    let dir = tmp_dir("turncap");
    let args: Vec<String> = [
        "play",
        "--deck",
        "theme:applejack",
        "--ai-deck",
        "theme:rarity",
        "--ai",
        "random",
        "--seed",
        "2",
        "--as",
        "first",
        "--max-turns",
        "12",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = run_with_input(&args, &dir, "1\n".repeat(200_000).into_bytes());
    let s = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let tail = &s[s.len().saturating_sub(2000)..];
    assert!(tail.contains("Time called after turn 12"), "{tail}");
    assert!(tail.contains("--max-turns 12"), "{tail}");
    assert!(tail.contains("Final score:"), "{tail}");
}

#[test]
fn play_prompts_name_their_card_show_costs_and_card_text() {
    // Issue 18: a "may" prompt showed only yes/no; choices hid their cost; in-game
    // `card NAME` showed a script's debug form; hand cards read "ready"; the bare
    // word `card` matched "draw a card" and spent a token.
    let dir = tmp_dir("prompts");
    let args: Vec<String> = [
        "play",
        "--deck",
        "theme:applejack",
        "--ai-deck",
        "theme:rarity",
        "--ai",
        "random",
        "--seed",
        "2",
        "--as",
        "first",
        "--max-turns",
        "40",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut input = String::from("card\ncard Applejack\n");
    input.push_str(&"1\n".repeat(20_000));
    let out = run_with_input(&args, &dir, input.into_bytes());
    let s = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // The bare `card` is a command missing its card, and nothing was drawn for it.
    assert!(s.contains("`card` needs a card's name"), "{s}");
    // Rendered rules text (712.3 below: a "may" names the card offering it).
    assert!(s.contains("rules text (rendered from its script):"), "{s}");
    assert!(!s.contains("script: Scripted"), "{s}");
    let mays: Vec<&str> = s.lines().filter(|l| l.contains("(712.3)")).collect();
    assert!(!mays.is_empty(), "this game offers a \"may\"");
    for l in mays {
        assert!(l.contains("asked by \""), "{l}");
    }
    // A play shows its cost in action tokens.
    assert!(
        s.lines()
            .any(|l| l.contains(". play \"") && l.contains(" · costs ")),
        "{s}"
    );
    // No card in hand reads ready, exhausted or frightened.
    let mut in_hand = false;
    for l in s.lines() {
        if l.starts_with("Your hand:") {
            in_hand = true;
            continue;
        }
        if l.trim().is_empty() {
            in_hand = false;
        }
        if in_hand {
            assert!(!l.contains(" · ready"), "{l}");
        }
    }
}
