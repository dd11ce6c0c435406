//! Seeded random Harmony decks (issue 16, item 4): every deck made over many seeds
//! passes the Harmony check (101.1, 101.2, 101.3, 101.3a, 101.3c, 102.1, banlist),
//! holds only cards the engine plays, and a pool too small is refused in one message.

use ponyccg_cards::Catalogue;
use ponyccg_core::card::{CardType, ScriptStatus};
use ponyccg_core::{Game, GameSetup, PlayerDeck};
use ponyccg_decks::random::{parse_sets, parse_spec, Pool};
use ponyccg_decks::{check, load_deck, parse_text, write_text, Date, DeckError, Format, Part};
use ponyccg_decks::{random_deck, Resolver};

const SEEDS: u64 = 400;

fn today() -> Date {
    Date::today()
}

fn cat() -> &'static Catalogue {
    Catalogue::builtin()
}

/// The block with Premiere itself: its cards are all scripted, so a deck can always be
/// built, whatever the scripting of the later sets has reached.
fn block_pool() -> Pool<'static> {
    Pool::new(cat(), &parse_sets("premiere+PR", today()).unwrap(), today())
}

fn player_deck(d: &ponyccg_decks::Deck) -> PlayerDeck {
    d.player_deck(cat()).unwrap()
}

#[test]
fn every_seed_gives_a_harmony_legal_deck_of_playable_cards() {
    let pool = block_pool();
    for seed in 0..SEEDS {
        let d = pool
            .generate(seed)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let r = check(&d, &Format::Harmony, today(), cat());
        assert!(r.is_legal(), "seed {seed}:\n{r}");
        assert_eq!(d.count(Part::Mane), 1);
        assert_eq!(d.count(Part::Problems), 10, "101.3");
        assert!((45..=50).contains(&d.count(Part::Draw)), "101.1");
        assert!(r.summary.starting_problems >= 1, "101.3c");
        for part in [Part::Mane, Part::Problems, Part::Draw] {
            for e in d.expand(part, cat()).unwrap() {
                assert_ne!(e.def.script, ScriptStatus::Unscripted, "seed {seed}");
                assert!(
                    ["PR", "CN", "RR", "CS", "CG", "AD"].contains(&e.def.set.as_str()),
                    "seed {seed}: {} is outside the chosen sets",
                    e.def.number
                );
            }
        }
    }
}

#[test]
fn draw_cards_keep_to_the_mane_pair_when_the_pool_allows() {
    let pool = block_pool();
    for seed in 0..100 {
        let d = pool.generate(seed).unwrap();
        let mane = d.mane_entry(cat()).unwrap();
        let draw = d.expand(Part::Draw, cat()).unwrap();
        let mut pair: Vec<_> = mane.def.face.colors.iter().collect();
        // The other colour of the pair: the commonest colour in the draw deck that is
        // not the Mane's.
        for e in &draw {
            for c in e.def.face.colors.iter() {
                if !pair.contains(&c) && pair.len() < 2 {
                    pair.push(c);
                }
            }
        }
        let off = draw
            .iter()
            .filter(|e| e.def.face.colors.iter().any(|c| !pair.contains(&c)))
            .count();
        assert_eq!(off, 0, "seed {seed}: {off} off-colour cards");
        let reqs_off = draw
            .iter()
            .filter(|e| e.def.play_reqs.iter().any(|r| !pair.contains(&r.color)))
            .count();
        assert_eq!(reqs_off, 0, "seed {seed}: play requirements off the pair");
        let friends = draw
            .iter()
            .filter(|e| e.def.card_type == CardType::Friend)
            .count();
        assert!(friends >= 20, "seed {seed}: only {friends} Friends");
    }
}

#[test]
fn the_engine_starts_a_game_with_any_two_generated_decks() {
    let pool = block_pool();
    for seed in 0..50 {
        let setup = GameSetup {
            seed,
            players: vec![
                player_deck(&pool.generate(2 * seed).unwrap()),
                player_deck(&pool.generate(2 * seed + 1).unwrap()),
            ],
        };
        Game::new(&setup).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

#[test]
fn a_seed_gives_the_same_deck_and_seeds_differ() {
    let a = random_deck("premiere+PR:42", today(), cat()).unwrap();
    let b = load_deck("random:PR+premiere:42").unwrap();
    assert!(a.same_cards(&b));
    let c = random_deck("premiere+PR:43", today(), cat()).unwrap();
    assert!(!a.same_cards(&c));
}

#[test]
fn a_generated_deck_reads_back_from_its_text_list() {
    let res = Resolver::builtin();
    for seed in 0..20 {
        let d = block_pool().generate(seed).unwrap();
        let text = write_text(&d, res);
        let back = parse_text(&text, "random.txt", res).unwrap();
        assert!(d.same_cards(&back), "seed {seed}:\n{text}");
    }
}

#[test]
fn a_pool_that_cannot_make_a_deck_is_refused_in_one_message() {
    // Rock 'n Rave holds 14 cards: fewer than the 15 draw names 45 cards need.
    let e = load_deck("random:RR:1").unwrap_err();
    let msg = e.to_string();
    assert!(matches!(e, DeckError::Random { .. }), "{msg}");
    assert!(
        msg.contains("random:RR:1") && msg.contains("no Harmony-legal deck can be built"),
        "{msg}"
    );
    assert!(msg.contains("of 14 cards are playable"), "{msg}");
}

#[test]
fn the_premiere_group_builds_or_says_why_not() {
    // Depends on how far scripting of the later sets has come: either answer is fine,
    // but no other.
    let sets = parse_sets("premiere", today()).unwrap();
    assert_eq!(sets, ["CN", "RR", "CS", "CG", "AD"]);
    let pool = Pool::new(cat(), &sets, today());
    assert_eq!(
        pool.counts().printed,
        644,
        "issue 16: the five sets hold 644 cards"
    );
    for seed in 0..50 {
        match pool.generate(seed) {
            Ok(d) => assert!(check(&d, &Format::Harmony, today(), cat()).is_legal()),
            Err(e) => {
                let m = e.to_string();
                assert!(pool.why_not().is_some(), "seed {seed}: {m}");
                assert!(
                    m.contains("no Harmony-legal deck") && m.contains("of 644 cards"),
                    "{m}"
                );
            }
        }
    }
}

#[test]
fn bad_specs_are_named() {
    for (spec, says) in [
        ("premiere", "random:SETS:SEED"),
        ("premiere:x", "whole number"),
        ("XX:1", "`XX` is no official set"),
        ("LL:1", "`LL` is no official set"),
        ("CN++CG:1", "empty set name"),
    ] {
        let e = parse_spec(spec, today()).unwrap_err().to_string();
        assert!(e.contains(says), "{spec}: {e}");
    }
    // Sets not yet out on the date are refused.
    let e = parse_sets("FF", "2016-01-01".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("not released"), "{e}");
}
