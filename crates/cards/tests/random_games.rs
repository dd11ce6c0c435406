//! Every scripted card of every set, shuffled into random decks and played by random
//! choices: the engine must never panic, never refuse a legal choice it offered, and
//! every game must end or reach the decision cap. This is how the later sets' scripts
//! (entry choices, tokens, ability loss, Dilemmas, replacements) meet each other in
//! combinations no scenario wrote down.

use ponyccg_cards::Catalogue;
use ponyccg_core::card::{CardDef, CardType, ScriptStatus};
use ponyccg_core::{Game, GameSetup, Pending, PlayerDeck};

/// SplitMix64: a tiny seeded generator, so the test needs no RNG crate of its own.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, v: &[&'a CardDef]) -> &'a CardDef {
        v[self.below(v.len())]
    }
}

fn playable(d: &CardDef) -> bool {
    d.script != ScriptStatus::Unscripted && d.set != "TOKEN"
}

/// A game of random decks drawn from every scripted card, the later sets' cards far
/// more often than their share of the pool would give them, so their scripts meet in
/// most games.
fn random_setup(cat: &Catalogue, seed: u64, rng: &mut Mix) -> GameSetup {
    let defs: Vec<&CardDef> = cat
        .entries()
        .map(|e| &e.def)
        .filter(|d| playable(d))
        .collect();
    let of = |t: CardType| -> Vec<&CardDef> {
        defs.iter().copied().filter(|d| d.card_type == t).collect()
    };
    let manes = of(CardType::ManeCharacter);
    let problems = of(CardType::Problem);
    let starting: Vec<&CardDef> = problems
        .iter()
        .copied()
        .filter(|d| d.is_starting_problem())
        .collect();
    let draw: Vec<&CardDef> = defs
        .iter()
        .copied()
        .filter(|d| {
            matches!(
                d.card_type,
                CardType::Friend | CardType::Event | CardType::Resource | CardType::Troublemaker
            )
        })
        .collect();
    let later: Vec<&CardDef> = draw.iter().copied().filter(|d| d.set != "PR").collect();
    assert!(!later.is_empty() && !manes.is_empty() && !starting.is_empty());

    let deck = |rng: &mut Mix| {
        let mut ps = vec![rng.pick(&starting).clone()];
        while ps.len() < 10 {
            ps.push(rng.pick(&problems).clone());
        }
        let cards = (0..45)
            .map(|i| {
                if i % 2 == 0 {
                    rng.pick(&later).clone()
                } else {
                    rng.pick(&draw).clone()
                }
            })
            .collect();
        PlayerDeck {
            mane: rng.pick(&manes).clone(),
            problems: ps,
            draw: cards,
        }
    };
    GameSetup {
        seed,
        players: vec![deck(rng), deck(rng)],
    }
}

#[test]
fn random_games_with_every_scripted_card_end_without_a_panic() {
    let cat = Catalogue::builtin();
    let mut finished = 0;
    for seed in 0..60u64 {
        let mut rng = Mix(seed);
        let setup = random_setup(cat, seed, &mut rng);
        let mut g = Game::new(&setup).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for _ in 0..4000 {
            let n = match g.pending() {
                Pending::GameOver(_) => break,
                Pending::Decision(d) => d.choices.len(),
            };
            let i = rng.below(n);
            g.apply_action(i)
                .unwrap_or_else(|e| panic!("seed {seed}: offered choice {i} refused: {e}"));
        }
        if matches!(g.pending(), Pending::GameOver(_)) {
            finished += 1;
        }
    }
    // Random play ends most games well within the cap; a stuck engine would not.
    assert!(finished >= 30, "only {finished} of 60 games ended");
}

/// The scan skips change nothing: the trigger index (each event scans only the cards
/// whose triggers listen to its kind, 704.1) and the cost-change, prohibition and
/// replacement scans passing over faces that print none. Seeded random games with every
/// scripted card, played with the skips on and off by the same choices, log the same
/// events and reach the same states at every decision.
#[test]
fn the_scan_skips_change_no_game() {
    let cat = Catalogue::builtin();
    let mut decisions = 0;
    // 32 games: with fewer confront-order questions (611.1) and more cards in the pool,
    // fewer games no longer reach the decision count the comparison wants.
    for seed in 0..32u64 {
        let mut rng = Mix(seed ^ 0x7219);
        let setup = random_setup(cat, seed, &mut rng);
        let mut on = Game::new(&setup).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let mut off = on.clone();
        off.set_scan_skips(false);
        for step in 0..3000 {
            assert_eq!(on.digest(), off.digest(), "seed {seed}, step {step}");
            assert_eq!(
                on.take_events(),
                off.take_events(),
                "seed {seed}, step {step}"
            );
            let n = match on.pending() {
                Pending::GameOver(_) => break,
                Pending::Decision(d) => d.choices.len(),
            };
            assert_eq!(n, off.num_actions(), "seed {seed}, step {step}");
            let i = rng.below(n);
            on.apply_action(i).expect("an offered choice");
            off.apply_action(i).expect("an offered choice");
            decisions += 1;
        }
    }
    assert!(decisions > 10_000, "only {decisions} decisions compared");
}
