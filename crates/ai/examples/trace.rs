//! Replays game `i` of `ponyccg simulate A B --seed S` (heuristic against heuristic) and
//! prints every decision from turn `from` on, with the choice made: to see why a game
//! stalls.
//!
//! `cargo run --release -p ponyccg-ai --example trace -- A B SEED I FROM [TO]`

use ponyccg_ai::{derive_seed, HeuristicPlayer, Player};
use ponyccg_core::{Game, GameSetup, PlayerDeck};

/// Stops with a message (no panic on bad input).
fn fail(message: String) -> ! {
    eprintln!("trace: {message}");
    std::process::exit(2)
}

fn load(name: &str) -> PlayerDeck {
    ponyccg_decks::load_deck(name)
        .and_then(|d| d.player_deck(ponyccg_cards::Catalogue::builtin()))
        .unwrap_or_else(|e| fail(format!("{name}: {e}")))
}

fn number<T: std::str::FromStr>(s: &str, what: &str) -> T {
    s.parse()
        .unwrap_or_else(|_| fail(format!("`{s}` is not a {what}")))
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 5 {
        eprintln!("usage: trace DECK_A DECK_B SEED GAME FROM_TURN [TO_TURN]");
        std::process::exit(2);
    }
    let decks = [load(&a[0]), load(&a[1])];
    let base: u64 = number(&a[2], "seed");
    let i: u64 = number(&a[3], "game number");
    let from: u32 = number(&a[4], "turn");
    let to: u32 = a.get(5).map_or(from + 2, |t| number(t, "turn"));
    let seed = derive_seed(base, i);
    let (first, second) = if i % 2 == 1 { (1, 0) } else { (0, 1) };
    let setup = GameSetup {
        seed,
        players: vec![decks[first].clone(), decks[second].clone()],
    };
    let mut g = Game::new(&setup).unwrap_or_else(|e| fail(e.to_string()));
    let mut players: Vec<Box<dyn Player>> = vec![
        Box::new(HeuristicPlayer::new(derive_seed(seed, 1 + first as u64))),
        Box::new(HeuristicPlayer::new(derive_seed(seed, 1 + second as u64))),
    ];
    let mut last = 0;
    while let Some(d) = g.decision() {
        if g.turn() > to {
            break;
        }
        let d = d.clone();
        if g.turn() >= from && g.turn() != last {
            last = g.turn();
            for &c in g.in_play() {
                println!(
                    "   in play: {} {:?} ctl {} power {:?} ready {}",
                    g.name(c),
                    g.card(c).area,
                    g.card(c).controller,
                    g.power(c),
                    g.card(c).is_ready()
                );
            }
            for p in g.players() {
                let h: Vec<String> = g.player(p).hand.iter().map(|&c| g.name(c)).collect();
                println!("   hand {p}: {}", h.join(", "));
            }
        }
        let k = players[d.player.index()].choose(&g, &d);
        if g.turn() >= from {
            let scores: Vec<u16> = g.players().map(|p| g.score(p)).collect();
            let tokens: Vec<u16> = g.players().map(|p| g.tokens(p)).collect();
            println!(
                "t{} {:?} {} scores {:?} tokens {:?} hand {}: {:?} -> {}",
                g.turn(),
                g.step(),
                d.player,
                scores,
                tokens,
                g.player(d.player).hand.len(),
                d.prompt,
                g.label(&d.prompt, &d.choices[k])
            );
            if d.choices.len() > 1 {
                for c in &d.choices {
                    println!("      . {}", g.label(&d.prompt, c));
                }
            }
        }
        g.apply_action(k).unwrap_or_else(|e| fail(e.to_string()));
    }
    println!(
        "turn {} scores {:?}",
        g.turn(),
        g.players().map(|p| g.score(p)).collect::<Vec<_>>()
    );
}
