//! Micro-benchmarks behind `ponyccg bench`: random playouts, clone of a mid-game state,
//! `legal_actions` and `apply_action`, on the synthetic decks of the test kit (the core
//! can't read the card catalogue).

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use ponyccg_core::testkit::two_player_setup;
use ponyccg_core::Game;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn fresh(seed: u64) -> Game {
    let mut g = Game::new(&two_player_setup(seed)).expect("the test kit's decks are playable");
    g.set_logging(false);
    g
}

fn playout(g: &mut Game, rng: &mut ChaCha8Rng) -> u64 {
    let mut n = 0;
    while g.num_actions() > 0 {
        let i = (rng.next_u32() as usize) % g.num_actions();
        g.apply_action(i).expect("a listed action");
        n += 1;
    }
    n
}

/// Games stopped half way through.
fn mid_game_states() -> Vec<Game> {
    (0..32)
        .map(|s| {
            let mut g = fresh(s);
            let mut rng = ChaCha8Rng::seed_from_u64(s);
            let len = playout(&mut g.clone(), &mut rng.clone());
            for _ in 0..len / 2 {
                let i = (rng.next_u32() as usize) % g.num_actions();
                g.apply_action(i).expect("a listed action");
            }
            g
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let mut seed = 0u64;
    c.bench_function("random playout (setup to game over)", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = fresh(seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            black_box(playout(&mut g, &mut rng))
        })
    });
    let states = mid_game_states();
    let mut k = 0usize;
    c.bench_function("clone mid-game state", |b| {
        b.iter(|| {
            k = (k + 1) % states.len();
            black_box(states[k].clone())
        })
    });
    c.bench_function("legal_actions", |b| {
        b.iter(|| {
            k = (k + 1) % states.len();
            black_box(black_box(&states[k]).legal_actions())
        })
    });
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    c.bench_function("apply_action (mid-game, random action)", |b| {
        b.iter_batched(
            || {
                k = (k + 1) % states.len();
                let g = states[k].clone();
                let i = (rng.next_u32() as usize) % g.num_actions();
                (g, i)
            },
            |(mut g, i)| {
                g.apply_action(i).expect("a listed action");
                g
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);
