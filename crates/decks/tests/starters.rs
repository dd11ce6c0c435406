//! The built-in starter decks: legal, and playable to the end by the engine with real,
//! scripted cards (the catalogue's scripts and the engine's abilities machinery together).

use ponyccg_cards::Catalogue;
use ponyccg_core::{Game, GameSetup, PlayerDeck};
use ponyccg_decks::{check, load_deck, starter_deck_names, Date, Format};

fn player_deck(name: &str) -> PlayerDeck {
    load_deck(&format!("starter:{name}"))
        .unwrap()
        .player_deck(Catalogue::builtin())
        .unwrap()
}

#[test]
fn starter_decks_are_legal_in_harmony() {
    for n in starter_deck_names() {
        let d = load_deck(&format!("starter:{n}")).unwrap();
        let today: Date = "2026-11-21".parse().unwrap();
        let r = check(&d, &Format::Harmony, today, Catalogue::builtin());
        assert!(r.violations.is_empty(), "{n}: {:?}", r.violations);
    }
}

#[test]
fn starter_decks_play_random_games_to_the_end() {
    let names = starter_deck_names();
    let (a, b) = (player_deck(names[0]), player_deck(names[1]));
    for seed in 0..300u64 {
        let mut g = Game::new(&GameSetup {
            seed,
            players: vec![a.clone(), b.clone()],
        })
        .expect("every starter card is playable");
        g.set_logging(false);
        // A small generator of our own keeps the test free of extra dependencies.
        let mut x = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut steps = 0;
        while g.decision().is_some() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = g.num_actions();
            g.apply_action((x % n as u64) as usize).unwrap();
            steps += 1;
            assert!(steps < 100_000, "seed {seed} doesn't end");
        }
        assert!(g.outcome().is_some());
    }
}
