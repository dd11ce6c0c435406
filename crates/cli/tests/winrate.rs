//! The heuristic player beats the random one in at least 90% of 1,000 seeded games on
//! real cards: the two starter decks, each deck played by the heuristic player in 500
//! games, seats alternating.

mod common;

use common::simulate_json;

fn heuristic_wins(deck_a: &str, deck_b: &str, games: u32, seed: u32) -> u64 {
    let v = simulate_json(&[
        deck_a,
        deck_b,
        "--games",
        &games.to_string(),
        "--players",
        "heuristic,random",
        "--seed",
        &seed.to_string(),
    ]);
    v["wins_a"].as_u64().expect("wins_a")
}

#[test]
fn heuristic_beats_random_in_nine_games_of_ten_on_the_starter_decks() {
    let a = heuristic_wins("starter:rainbow-dash", "starter:fluttershy", 500, 11);
    let b = heuristic_wins("starter:fluttershy", "starter:rainbow-dash", 500, 12);
    let rate = (a + b) as f64 / 1000.0;
    assert!(
        rate >= 0.90,
        "heuristic won {} of 1000 ({a} as Rainbow Dash, {b} as Fluttershy)",
        a + b
    );
}
