//! Golden playthroughs: seeded games of theme decks between seeded random players, kept as
//! text in `tests/golden`. A change to any of them is a change of the engine's behaviour,
//! which must come with a raised `RULES_VERSION` (crates/core/src/replay.rs) so that no
//! stored game is replayed under other rules (issue 17, versions).
//!
//! Regenerate after raising the version:
//!     PONYCCG_BLESS=1 cargo test --release -p ponyccg --test golden
//! Blessing refuses to rewrite a changed golden while the version is the one it records.

use ponyccg_ai::{player_by_name, Player};
use ponyccg_cards::Catalogue;
use ponyccg_core::replay::RULES_VERSION;
use ponyccg_core::{Game, GameSetup, Pending, PlayerDeck, PlayerId, Viewer};
use ponyccg_decks::Part;
use std::path::PathBuf;

/// Each golden: file name, seed, the two theme decks.
const GOLDENS: &[(&str, u64, &str, &str)] = &[
    ("applejack-vs-rarity", 17, "applejack", "rarity"),
    ("fluttershy-vs-pinkie-pie", 2024, "fluttershy", "pinkie-pie"),
    (
        "rainbow-dash-vs-twilight",
        5,
        "rainbow-dash",
        "twilight-sparkle",
    ),
];

/// A golden stops here if the game has not ended, to keep the files readable.
const MAX_DECISIONS: usize = 600;

const BLESS: &str = "PONYCCG_BLESS=1 cargo test --release -p ponyccg --test golden";

fn theme(name: &str) -> PlayerDeck {
    let cat = Catalogue::builtin();
    let deck = ponyccg_decks::load_deck(&format!("theme:{name}"))
        .unwrap_or_else(|e| panic!("theme deck {name}: {e}"));
    let part = |p: Part| {
        deck.expand(p, cat)
            .unwrap_or_else(|e| panic!("theme deck {name}: {e}"))
            .into_iter()
            .map(|e| e.def.clone())
            .collect::<Vec<_>>()
    };
    PlayerDeck {
        mane: part(Part::Mane)
            .into_iter()
            .next()
            .expect("a Mane Character"),
        problems: part(Part::Problems),
        draw: part(Part::Draw),
    }
}

/// The playthrough as text: every event as everyone may know it (the omniscient log,
/// bookkeeping included) and every choice with its label.
fn playthrough(seed: u64, a: &str, b: &str) -> String {
    let setup = GameSetup {
        seed,
        players: vec![theme(a), theme(b)],
    };
    let mut g = Game::new(&setup).expect("theme decks start a game");
    g.set_logging(true);
    let mut players: Vec<Box<dyn Player>> = (1..=2)
        .map(|i| player_by_name("random", seed.wrapping_mul(31).wrapping_add(i)).expect("random"))
        .collect();
    let mut out = format!(
        "# A golden playthrough (crates/cli/tests/golden.rs). Regenerate: {BLESS}\n\
         rules: {RULES_VERSION}\nseed: {seed}\ndecks: theme:{a} vs theme:{b}\nplayers: random vs random\n---\n"
    );
    let take = |g: &mut Game, out: &mut String| {
        for l in g.take_logged() {
            let o = l.observe(Viewer::Omniscient);
            out.push_str(if o.bookkeeping { "  . " } else { "  " });
            out.push_str(&o.text);
            out.push('\n');
        }
    };
    take(&mut g, &mut out);
    let mut made = 0;
    loop {
        let d = match g.pending() {
            Pending::GameOver(_) => break,
            Pending::Decision(d) => d.clone(),
        };
        if made == MAX_DECISIONS {
            out.push_str(&format!("stopped after {MAX_DECISIONS} decisions\n"));
            break;
        }
        let labels = g.labels_of(&d);
        let i = players[d.player.index()].choose(&g, &d);
        out.push_str(&format!(
            "{} chose {i} of {}: {}\n",
            d.player,
            d.choices.len(),
            labels.get(i).map(String::as_str).unwrap_or("?")
        ));
        g.apply_action(i)
            .expect("the random player chooses a legal action");
        made += 1;
        take(&mut g, &mut out);
    }
    out.push_str(&format!(
        "outcome: {:?}\nscores: {}\n",
        g.outcome(),
        g.players()
            .map(|p: PlayerId| format!("{p} {}", g.score(p)))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    out
}

fn recorded_rules(text: &str) -> Option<u32> {
    text.lines()
        .find_map(|l| l.strip_prefix("rules: "))
        .and_then(|v| v.trim().parse().ok())
}

#[test]
fn golden_playthroughs_change_only_with_the_rules_version() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden");
    let bless = std::env::var_os("PONYCCG_BLESS").is_some();
    let mut failures = Vec::new();
    for &(name, seed, a, b) in GOLDENS {
        let path = dir.join(format!("{name}.txt"));
        let now = playthrough(seed, a, b);
        let old = std::fs::read_to_string(&path).ok();
        if old.as_deref() == Some(now.as_str()) {
            continue;
        }
        let old_rules = old.as_deref().and_then(recorded_rules);
        let bumped = old_rules.is_none_or(|v| v < RULES_VERSION);
        match (bless, bumped) {
            (true, true) => {
                std::fs::write(&path, &now).expect("write the golden");
                eprintln!("golden {name}: regenerated under rules version {RULES_VERSION}");
            }
            (true, false) => failures.push(format!(
                "golden {name} changed, but it records rules version {} and this is {RULES_VERSION}: \
                 raise RULES_VERSION in crates/core/src/replay.rs before regenerating",
                old_rules.unwrap_or(0)
            )),
            (false, true) => failures.push(format!(
                "golden {name} records rules version {:?}, this is {RULES_VERSION}: regenerate with {BLESS}",
                old_rules
            )),
            (false, false) => failures.push(format!(
                "golden {name} changed under the same rules version {RULES_VERSION}: the engine's \
                 behaviour changed. Raise RULES_VERSION in crates/core/src/replay.rs, then run {BLESS}.\n\
                 first difference: {}",
                first_difference(old.as_deref().unwrap_or(""), &now)
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn first_difference(old: &str, new: &str) -> String {
    let (mut o, mut n) = (old.lines(), new.lines());
    for line in 1.. {
        match (o.next(), n.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (None, None) => return "none".into(),
            (x, y) => {
                return format!(
                    "line {line}: was `{}`, now `{}`",
                    x.unwrap_or("(end)"),
                    y.unwrap_or("(end)")
                )
            }
        }
    }
    unreachable!("the loop returns")
}
