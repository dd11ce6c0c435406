//! `ponyccg draft --out-dir`: every seat's pool and deck written for registration, and an
//! existing file never replaced.

mod common;
use common::ponyccg;

#[test]
fn a_draft_writes_each_seats_pool_and_deck_and_never_overwrites() {
    let dir = std::env::temp_dir().join(format!("ponyccg-draft-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let args = [
        "draft",
        "--ai-only",
        "--packs",
        "PR:4",
        "--seats",
        "4",
        "--seed",
        "3",
        "--out-dir",
        d,
    ];
    let (ok, out) = ponyccg(&args);
    assert!(ok, "{out}");
    for seat in 1..=4 {
        let pool = std::fs::read_to_string(dir.join(format!("seat-{seat}.pool.txt"))).unwrap();
        assert!(pool.contains("Mane Character"), "{pool}");
    }
    let deck = std::fs::read_to_string(dir.join("seat-1.deck.txt")).unwrap();
    // A second draft into the same folder stops at the first existing file, which keeps
    // what it held.
    let (ok, out) = ponyccg(&args);
    assert!(!ok);
    assert!(out.contains("never replaced"), "{out}");
    assert_eq!(
        std::fs::read_to_string(dir.join("seat-1.deck.txt")).unwrap(),
        deck
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn output_files_are_never_replaced_without_force() {
    // Issue 18: `deck convert -o`, `sealed -o` / `--pool-out` and `draft -o`
    // replaced an existing file silently.
    let dir = std::env::temp_dir().join(format!("ponyccg-noclobber-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let keep = dir.join("keep.txt");
    let k = keep.to_str().unwrap();
    let runs: [Vec<&str>; 4] = [
        vec![
            "deck",
            "convert",
            "theme:applejack",
            "--to",
            "text",
            "-o",
            k,
        ],
        vec!["sealed", "--block", "premiere", "--seed", "1", "-o", k],
        vec![
            "sealed",
            "--block",
            "premiere",
            "--seed",
            "1",
            "--pool-out",
            k,
        ],
        vec![
            "draft",
            "--ai-only",
            "--packs",
            "PR:4",
            "--seats",
            "2",
            "--seed",
            "3",
            "-o",
            k,
        ],
    ];
    for args in runs {
        std::fs::write(&keep, "precious").unwrap();
        let (ok, out) = ponyccg(&args);
        assert!(!ok, "{args:?} replaced the file: {out}");
        assert!(out.contains("--force"), "{args:?}: {out}");
        assert_eq!(
            std::fs::read_to_string(&keep).unwrap(),
            "precious",
            "{args:?}"
        );
        let mut forced = args.clone();
        forced.push("--force");
        let (ok, out) = ponyccg(&forced);
        assert!(ok, "{forced:?}: {out}");
        assert_ne!(
            std::fs::read_to_string(&keep).unwrap(),
            "precious",
            "{forced:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
