use ponyccg_core::testkit::two_player_setup;
use ponyccg_core::{Game, Pending};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

#[test]
fn random_games_finish() {
    let mut total = 0u64;
    for seed in 0..200 {
        let mut g = Game::new(&two_player_setup(seed)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while let Pending::Decision(_) = g.pending() {
            let n = g.num_actions();
            g.apply_action((rng.next_u32() as usize) % n).unwrap();
            steps += 1;
            assert!(steps < 100_000, "seed {seed} did not end");
        }
        total += steps;
        if seed < 3 {
            println!(
                "seed {seed}: {:?} after {} turns, {} decisions, score {}-{}",
                g.outcome(),
                g.turn(),
                steps,
                g.score(ponyccg_core::PlayerId(0)),
                g.score(ponyccg_core::PlayerId(1))
            );
        }
    }
    println!("avg decisions {}", total / 200);
}
