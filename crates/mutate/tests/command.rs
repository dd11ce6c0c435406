//! The mutation command on one card (PR21: +1 power until the end of the turn when it
//! moves to a Problem), not the whole run, which is too slow for every `cargo test`.

use std::process::Command;

fn mutate(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ponyccg-mutate"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the command runs")
}

fn temp(name: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("ponyccg-mutate-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

#[test]
fn pr21_a_changed_amount_is_killed_and_every_mutant_is_accounted_for() {
    let out = mutate(&["PR21", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let card = &v["cards"][0];
    assert_eq!(card["card"], "PR21");
    // PR21 has more than one scenario (PR21-moved-by-opponent.toml sorts first).
    let scenarios = card["scenarios"].as_array().expect("a list");
    assert!(
        scenarios
            .iter()
            .any(|s| s == "tests/scenarios/cards/PR21.toml"),
        "{scenarios:?}"
    );
    let mutants = card["mutants"].as_array().expect("a list");
    // The scenario checks the power is 2 after the move: +2 instead of +1 must fail it.
    let plus_two = mutants
        .iter()
        .find(|m| m["kind"] == "number" && m["after"].as_str().unwrap_or("").contains("N(2)"))
        .expect("the amount is changed");
    assert_eq!(plus_two["outcome"], "killed", "{plus_two}");
    // `It` is no subject of a trigger: the loader refuses it, and it is counted apart.
    assert!(mutants.iter().any(|m| m["outcome"] == "refused"));
    let t = &v["total"];
    let sum = ["killed", "survived", "refused"]
        .iter()
        .map(|k| t[k].as_u64().unwrap_or(0))
        .sum::<u64>();
    assert_eq!(t["mutants"].as_u64(), Some(sum));
    assert_eq!(t["mutants"].as_u64(), Some(mutants.len() as u64));
}

#[test]
fn the_report_is_markdown_with_totals_by_set_and_is_not_overwritten_without_force() {
    let path = temp("report.md");
    let p = path.to_str().expect("UTF-8 path");
    let out = mutate(&["PR21", "CG153", "--report", p]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(summary
        .lines()
        .any(|l| l.starts_with("PR21 ") && l.contains("killed")));
    assert!(summary.lines().any(|l| l.starts_with("all ")));
    let md = std::fs::read_to_string(&path).expect("the report is written");
    assert!(md.starts_with("# Mutation report"));
    assert!(md.contains("**Survivors: "));
    assert!(md.contains("| PR | 1 |"), "{md}");
    assert!(md.contains("| CG | 1 |"), "{md}");
    assert!(md.contains("| **all** | 2 |"), "{md}");
    let again = mutate(&["PR21", "--report", p]);
    assert!(!again.status.success());
    let err = String::from_utf8_lossy(&again.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("--force"), "{err}");
    let forced = mutate(&["PR21", "--report", p, "--force"]);
    assert!(forced.status.success());
    let _ = std::fs::remove_file(&path);
}

#[test]
fn an_unknown_card_is_one_clear_line_and_a_failure() {
    let out = mutate(&["PR9999"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("PR9999"), "{err}");
    assert!(out.stdout.is_empty());
}
