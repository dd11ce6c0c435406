//! Booster composition (Limited Play; pack odds from the reference data) checked
//! statistically over many seeded packs of the real catalogue.

use ponyccg_cards::Catalogue;
use ponyccg_core::card::Rarity;
use ponyccg_events::packs::{pack_spec, PACKS};
use ponyccg_events::CardLookup;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};

fn rarity_of(cat: &Catalogue, n: &str) -> Rarity {
    cat.card(n).expect("opened cards exist").rarity
}

#[test]
fn limited_play_booster_slots_hold_over_many_packs() {
    let cat = Catalogue::builtin();
    for spec in PACKS {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let packs = 3000;
        let mut ultra = 0usize;
        let mut common_seen: BTreeMap<String, usize> = BTreeMap::new();
        for _ in 0..packs {
            let p = spec.open(cat, &mut rng).unwrap();
            assert_eq!(p.cards.len(), 12, "{}", spec.set);
            let distinct: BTreeSet<&String> = p.cards.iter().collect();
            assert_eq!(distinct.len(), 12, "no card twice in a pack: {:?}", p.cards);
            let mut by: BTreeMap<&str, usize> = BTreeMap::new();
            for n in &p.cards {
                let d = cat.card(n).unwrap();
                assert_eq!(d.set, spec.set, "{n} opened from a {} pack", spec.set);
                *by.entry(d.rarity.code()).or_default() += 1;
                if d.rarity == Rarity::Common {
                    *common_seen.entry(n.clone()).or_default() += 1;
                }
            }
            assert_eq!(by.get("U"), Some(&3), "{:?}", p.cards);
            assert_eq!(by.get("R"), Some(&1), "{:?}", p.cards);
            let c = by.get("C").copied().unwrap_or(0);
            let ur = by.get("UR").copied().unwrap_or(0);
            assert!((c == 7 && ur == 1) || (c == 8 && ur == 0), "{:?}", p.cards);
            // Slot order: uncommons, rare, commons, then the last slot.
            assert_eq!(rarity_of(cat, &p.cards[3]), Rarity::Rare);
            ultra += ur;
        }
        let expected = if spec.set == "PR" { 0.077 } else { 0.083 };
        let rate = ultra as f64 / packs as f64;
        // Standard error at 3000 packs is about 0.005; allow four of them.
        assert!(
            (rate - expected).abs() < 0.02,
            "{}: UR rate {rate} against {expected}",
            spec.set
        );
        // Every Common of the set turns up, none overwhelmingly often.
        let commons = cat
            .set_cards(spec.set)
            .iter()
            .filter(|d| d.rarity == Rarity::Common)
            .count();
        assert_eq!(common_seen.len(), commons, "{}", spec.set);
        let mean = common_seen.values().sum::<usize>() as f64 / commons as f64;
        for (n, k) in &common_seen {
            let k = *k as f64;
            assert!(
                k > mean * 0.6 && k < mean * 1.4,
                "{n}: {k} against mean {mean}"
            );
        }
    }
}

#[test]
fn limited_play_packs_are_reproducible_from_the_seed() {
    let cat = Catalogue::builtin();
    let spec = pack_spec("EO").unwrap();
    let a = spec.open(cat, &mut ChaCha8Rng::seed_from_u64(99)).unwrap();
    let b = spec.open(cat, &mut ChaCha8Rng::seed_from_u64(99)).unwrap();
    let c = spec.open(cat, &mut ChaCha8Rng::seed_from_u64(100)).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn unknown_set_is_refused_with_the_known_list() {
    let e = pack_spec("Rock N Rave").unwrap_err().to_string();
    assert!(e.contains("Rock N Rave") && e.contains("PR, CN"), "{e}");
}
