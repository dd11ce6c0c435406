//! Properties over many seeded random games (OpenSpiel's basic tests, SabberStone's
//! clone stress test): no panic, every listed action accepted, every card in exactly one
//! zone, replays and clones reproduce the game, views hide what they must.

use ponyccg_core::card::{CardType, Color};
use ponyccg_core::testkit::{mono_deck, two_player_setup};
use ponyccg_core::{Game, GameSetup, PlayerId, Replay, Zone};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

const GAMES: u64 = 10_000;

/// 401.1: every card is in exactly one zone, and the zone lists agree with the cards.
fn check_zones(g: &Game) {
    let mut seen = vec![0u8; g.num_cards()];
    for p in g.players() {
        if g.player(p).removed {
            continue;
        }
        for z in [
            Zone::DrawDeck,
            Zone::ProblemDeck,
            Zone::Hand,
            Zone::Discard,
            Zone::Banished,
            Zone::Flip,
        ] {
            for c in g.zone(p, z) {
                seen[c.index()] += 1;
                assert_eq!(g.card(c).zone, z, "card {c:?} listed in {z:?}");
                assert_eq!(g.card(c).owner, p);
            }
        }
    }
    for &c in g.in_play().iter().chain(g.queue()) {
        seen[c.index()] += 1;
        if g.card(c).zone == Zone::Play {
            assert!(g.card(c).area.is_some());
        }
    }
    for (i, n) in seen.iter().enumerate() {
        let owner_left = g
            .player(g.card(ponyccg_core::CardId(i as u16)).owner)
            .removed;
        assert!(*n == 1 || owner_left, "card {i} is in {n} zones");
    }
}

/// 505.1d, 402.2, 404.1: a view names no card the viewer may not know.
fn check_view(g: &Game, viewer: PlayerId) {
    let v = g.observe(viewer);
    let json = serde_json::to_string(&v).unwrap();
    for c in 0..g.num_cards() {
        let c = ponyccg_core::CardId(c as u16);
        if g.is_visible_to(c, viewer) {
            continue;
        }
        let obj = g.card(c).object;
        // A hidden card in play (a face-down Troublemaker) appears, but nameless.
        for pv in &v.players {
            if let Some(h) = &pv.hand {
                assert!(
                    h.iter().all(|x| x.object != obj),
                    "hidden card in a visible hand"
                );
            }
        }
        for a in &v.areas {
            for x in &a.cards {
                if x.object == obj {
                    assert!(x.number.is_none() && x.name.is_none() && x.power.is_none());
                }
            }
        }
    }
    for p in g.players() {
        if p != viewer {
            assert!(v.players[p.index()].hand.is_none());
        }
    }
    assert!(!json.is_empty());
}

fn random_game(
    setup: &GameSetup,
    seed: u64,
    mut each: impl FnMut(&Game, &mut ChaCha8Rng),
) -> (Game, Vec<u16>) {
    let mut g = Game::new(setup).unwrap();
    g.set_logging(false);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut choices = Vec::new();
    while g.decision().is_some() {
        each(&g, &mut rng);
        let n = g.num_actions();
        let i = (rng.next_u32() as usize) % n;
        g.apply_action(i).unwrap();
        choices.push(i as u16);
        assert!(choices.len() < 200_000, "seed {seed}: no end in sight");
    }
    (g, choices)
}

#[test]
fn random_games_never_panic_and_keep_every_card_in_one_zone() {
    for seed in 0..GAMES {
        let setup = two_player_setup(seed);
        let (g, _) = random_game(&setup, seed, |g, _| {
            if seed % 20 == 0 {
                check_zones(g);
            }
        });
        check_zones(&g);
        assert!(g.outcome().is_some());
    }
}

#[test]
fn every_listed_action_is_accepted() {
    for seed in 0..GAMES / 20 {
        random_game(&two_player_setup(seed), seed, |g, _| {
            for i in g.legal_actions() {
                let mut c = g.clone();
                c.apply_action(i as usize).unwrap();
            }
            let mut c = g.clone();
            assert!(c.apply_action(g.num_actions()).is_err());
            assert_eq!(c.digest(), g.digest(), "a refused choice changed the game");
        });
    }
}

#[test]
fn replaying_seed_and_choices_gives_the_same_digest() {
    for seed in 0..GAMES / 10 {
        let setup = two_player_setup(seed);
        let (g, choices) = random_game(&setup, seed, |_, _| {});
        let mut replay = Replay::new(&setup, "testkit");
        replay.choices = choices;
        let again = replay.play(&setup, |_, _| {}).unwrap();
        assert_eq!(again.digest(), g.digest(), "seed {seed}");
    }
}

#[test]
fn a_clone_continues_identically() {
    for seed in 0..GAMES / 10 {
        let setup = two_player_setup(seed);
        let mut snapshot: Option<(Game, usize)> = None;
        let mut step = 0usize;
        let cut = 20 + (seed as usize % 60);
        let (g, choices) = random_game(&setup, seed, |g, _| {
            if step == cut {
                snapshot = Some((g.clone(), step));
            }
            step += 1;
        });
        if let Some((mut c, at)) = snapshot {
            for &i in &choices[at..] {
                c.apply_action(i as usize).unwrap();
            }
            assert_eq!(c.digest(), g.digest(), "seed {seed}");
        }
    }
}

#[test]
fn views_never_contain_hidden_cards() {
    for seed in 0..GAMES / 20 {
        random_game(&two_player_setup(seed), seed, |g, _| {
            for p in g.players() {
                check_view(g, p);
            }
        });
    }
}

#[test]
fn three_player_games_finish_too() {
    for seed in 0..200 {
        let setup = GameSetup {
            seed,
            players: vec![
                mono_deck(Color::Blue, "A"),
                mono_deck(Color::Pink, "B"),
                mono_deck(Color::White, "C"),
            ],
        };
        let (g, _) = random_game(&setup, seed, |g, _| check_zones(g));
        assert!(g.outcome().is_some());
    }
}

#[test]
fn setup_errors_are_reported_not_panics() {
    let mut setup = two_player_setup(1);
    setup.players[0]
        .problems
        .retain(|p| !p.is_starting_problem());
    assert!(Game::new(&setup).is_err());
    let mut setup = two_player_setup(1);
    let friend = setup.players[0].draw[0].clone();
    setup.players[0].mane = friend.clone();
    assert!(matches!(
        Game::new(&setup),
        Err(ponyccg_core::SetupError::NotAMane { .. })
    ));
    let mut setup = two_player_setup(1);
    setup.players[1].problems.push(friend);
    assert!(Game::new(&setup).is_err());
    let mut setup = two_player_setup(1);
    setup.players[1].draw[0].script = ponyccg_core::card::ScriptStatus::Unscripted;
    assert!(matches!(
        Game::new(&setup),
        Err(ponyccg_core::SetupError::Unscripted { .. })
    ));
    let mut setup = two_player_setup(1);
    setup.players.truncate(1);
    assert!(Game::new(&setup).is_err());
    let _ = CardType::Friend;
}
