//! The heuristic player must beat the random one in at least 90% of 1,000 seeded games
//! across deck pairings, seats alternating.
//!
//! By default the pairings are the twelve Premiere theme decks, in six pairs. Point the
//! test at other decks with `PONYCCG_WINRATE_DECKS`, a comma-separated list of `A/B` pairings where each
//! side is `theme:NAME`, a deck file, or `synthetic:COLOUR`, e.g.
//! `PONYCCG_WINRATE_DECKS=theme:applejack/theme:rarity cargo test --release -p ponyccg-ai`.

use ponyccg_ai::{
    derive_seed, play_out, play_out_until, HeuristicPlayer, PlayError, Player, RandomPlayer,
};
use ponyccg_core::card::Color;
use ponyccg_core::testkit::mono_deck;
use ponyccg_core::{Game, GameSetup, PlayerDeck, PlayerId};

const GAMES: u64 = 1_000;
/// Turns after which a stalled game is called.
const MAX_TURNS: u32 = 200;

fn synthetic(name: &str) -> Option<PlayerDeck> {
    let c = Color::parse(name.strip_prefix("synthetic:")?)?;
    Some(mono_deck(c, &format!("{}-", c.name().to_ascii_lowercase())))
}

fn load(name: &str) -> PlayerDeck {
    if let Some(d) = synthetic(name) {
        return d;
    }
    ponyccg_decks::load_deck(name)
        .and_then(|d| d.player_deck(ponyccg_cards::Catalogue::builtin()))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn pairings() -> Vec<(PlayerDeck, PlayerDeck)> {
    let spec = std::env::var("PONYCCG_WINRATE_DECKS").unwrap_or_else(|_| {
        "theme:applejack/theme:fluttershy,theme:pinkie-pie/theme:rainbow-dash,\
         theme:rarity/theme:twilight-sparkle,\
         theme:applejack-enhanced/theme:pinkie-pie-enhanced,\
         theme:fluttershy-enhanced/theme:rarity-enhanced,\
         theme:rainbow-dash-enhanced/theme:twilight-sparkle-enhanced"
            .to_string()
    });
    spec.split(',')
        .map(|pair| {
            let (a, b) = pair
                .trim()
                .split_once('/')
                .unwrap_or_else(|| panic!("`{pair}` is not A/B"));
            (load(a.trim()), load(b.trim()))
        })
        .collect()
}

#[test]
fn heuristic_beats_random_in_90_percent_of_1000_games() {
    let pairs = pairings();
    let mut wins = 0u64;
    let mut draws = 0u64;
    let mut called = 0u64;
    for i in 0..GAMES {
        let (a, b) = &pairs[(i as usize) % pairs.len()];
        // Each pairing is played both ways round, and the heuristic takes either seat.
        let (deck_h, deck_r) = if (i / pairs.len() as u64).is_multiple_of(2) {
            (a, b)
        } else {
            (b, a)
        };
        let h_seat = (i % 2) as usize;
        let seed = derive_seed(2024, i);
        let mut decks = vec![deck_r.clone(), deck_r.clone()];
        decks[h_seat] = deck_h.clone();
        let setup = GameSetup {
            seed,
            players: decks,
        };
        let mut g = Game::new(&setup).expect("the decks are playable");
        g.set_logging(false);
        let mut players: Vec<Box<dyn Player>> = vec![
            Box::new(RandomPlayer::new(derive_seed(seed, 1))),
            Box::new(RandomPlayer::new(derive_seed(seed, 2))),
        ];
        players[h_seat] = Box::new(HeuristicPlayer::new(derive_seed(seed, 3)));
        // A game both sides let stall is called at the turn limit, as a tournament round
        // is when time runs out: the higher score wins (simulate does the same).
        let winner = match play_out_until(&mut g, &mut players, 1_000_000, MAX_TURNS) {
            Ok(rec) => rec.winner(),
            Err(PlayError::TurnLimit { scores, .. }) => {
                called += 1;
                match scores[h_seat].cmp(&scores[1 - h_seat]) {
                    std::cmp::Ordering::Greater => Some(PlayerId(h_seat as u8)),
                    std::cmp::Ordering::Less => Some(PlayerId(1 - h_seat as u8)),
                    std::cmp::Ordering::Equal => None,
                }
            }
            Err(e) => panic!("game {i} (seed {seed}): {e}"),
        };
        match winner {
            Some(w) if w == PlayerId(h_seat as u8) => wins += 1,
            None => draws += 1,
            _ => {}
        }
    }
    let rate = wins as f64 / GAMES as f64;
    println!(
        "heuristic won {wins} of {GAMES} ({:.1}%), {draws} draws, {called} called at turn {MAX_TURNS}",
        rate * 100.0
    );
    assert!(called <= GAMES / 20, "{called} games stalled");
    assert!(
        rate >= 0.90,
        "heuristic won only {wins} of {GAMES} games against random"
    );
}

#[test]
fn players_are_deterministic_given_their_seed() {
    let run = || {
        let setup = GameSetup {
            seed: 99,
            players: vec![
                synthetic("synthetic:blue").unwrap(),
                synthetic("synthetic:pink").unwrap(),
            ],
        };
        let mut g = Game::new(&setup).unwrap();
        let mut players: Vec<Box<dyn Player>> = vec![
            Box::new(HeuristicPlayer::new(5)),
            Box::new(RandomPlayer::new(6)),
        ];
        let rec = play_out(&mut g, &mut players, 1_000_000).unwrap();
        (rec, g.digest())
    };
    assert_eq!(run(), run());
}

#[test]
fn every_choice_is_in_range_and_the_game_ends() {
    for seed in 0..50 {
        let setup = GameSetup {
            seed,
            players: vec![
                synthetic("synthetic:white").unwrap(),
                synthetic("synthetic:yellow").unwrap(),
            ],
        };
        let mut g = Game::new(&setup).unwrap();
        let mut players: Vec<Box<dyn Player>> = vec![
            Box::new(HeuristicPlayer::new(seed)),
            Box::new(HeuristicPlayer::new(seed + 1)),
        ];
        let rec = play_out(&mut g, &mut players, 1_000_000).unwrap();
        assert!(g.is_over());
        assert!(!rec.choices.is_empty());
    }
}

#[test]
fn random_games_between_theme_decks_end_or_reach_the_turn_limit() {
    // Every card of these two theme decks is scripted: random play explores them without
    // a refused choice or an endless stretch of decisions within a turn.
    let (a, b) = (load("theme:rainbow-dash"), load("theme:rarity"));
    let mut called = 0;
    for i in 0..200 {
        let seed = derive_seed(77, i);
        let setup = GameSetup {
            seed,
            players: if i % 2 == 0 {
                vec![a.clone(), b.clone()]
            } else {
                vec![b.clone(), a.clone()]
            },
        };
        let mut g = Game::new(&setup).expect("the theme decks are playable");
        g.set_logging(false);
        let mut players: Vec<Box<dyn Player>> = vec![
            Box::new(RandomPlayer::new(derive_seed(seed, 1))),
            Box::new(RandomPlayer::new(derive_seed(seed, 2))),
        ];
        match play_out_until(&mut g, &mut players, 1_000_000, 200) {
            Ok(_) => {}
            Err(PlayError::TurnLimit { .. }) => called += 1,
            Err(e) => panic!("game {i} (seed {seed}): {e}"),
        }
    }
    assert!(called < 20, "{called} of 200 games stalled");
}

/// The scan skips (the trigger index; cost-change, prohibition and replacement scans
/// passing over faces that print none) change nothing in theme-deck games either: with
/// them on and off, the same choices give the same events, digests and choice counts at
/// every decision. (`ponyccg-cards`' random-game test does the same over every scripted
/// card.)
#[test]
fn the_scan_skips_change_no_theme_game() {
    use ponyccg_core::Pending;
    let pairs = [
        ("theme:rarity", "theme:applejack"),
        (
            "theme:fluttershy-enhanced",
            "theme:twilight-sparkle-enhanced",
        ),
        ("theme:pinkie-pie", "theme:rainbow-dash-enhanced"),
    ];
    let mut decisions = 0;
    for (n, (x, y)) in pairs.iter().enumerate() {
        let (a, b) = (load(x), load(y));
        for i in 0..8u64 {
            let seed = derive_seed(91 + n as u64, i);
            let setup = GameSetup {
                seed,
                players: vec![a.clone(), b.clone()],
            };
            let mut on = Game::new(&setup).expect("the theme decks are playable");
            let mut off = on.clone();
            off.set_scan_skips(false);
            let mut pick = derive_seed(seed, 3);
            for step in 0..4000 {
                assert_eq!(
                    on.digest(),
                    off.digest(),
                    "{x}/{y} seed {seed}, step {step}"
                );
                assert_eq!(
                    on.take_events(),
                    off.take_events(),
                    "{x}/{y} seed {seed}, step {step}"
                );
                let n = match on.pending() {
                    Pending::GameOver(_) => break,
                    Pending::Decision(d) => d.choices.len(),
                };
                assert_eq!(n, off.num_actions(), "{x}/{y} seed {seed}, step {step}");
                pick = derive_seed(pick, step);
                let k = (pick % n as u64) as usize;
                on.apply_action(k).expect("an offered choice");
                off.apply_action(k).expect("an offered choice");
                decisions += 1;
            }
        }
    }
    assert!(decisions > 5_000, "only {decisions} decisions compared");
}
