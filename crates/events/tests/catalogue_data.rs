//! The block table and booster data agree with the built-in catalogue.

use ponyccg_cards::Catalogue;
use ponyccg_core::card::{CardType, Rarity};
use ponyccg_events::limited::Block;
use ponyccg_events::packs::PACKS;
use ponyccg_events::CardLookup;

#[test]
fn limited_play_provided_manes_are_mane_characters() {
    let cat = Catalogue::builtin();
    let mut names = Vec::new();
    for b in Block::ALL {
        for n in b.provided_manes() {
            let d = cat.card(n).unwrap_or_else(|| panic!("{n} missing"));
            assert_eq!(d.card_type, CardType::ManeCharacter, "{n}");
            names.push(d.title.clone());
        }
    }
    // The table lists the six ponies for each block plus the three Crusaders.
    let expected = [
        "Rainbow Dash",
        "Applejack",
        "Pinkie Pie",
        "Twilight Sparkle",
        "Rarity",
        "Fluttershy",
        "Rainbow Dash",
        "Applejack",
        "Pinkie Pie",
        "Princess Twilight Sparkle",
        "Rarity",
        "Fluttershy",
        "Scootaloo",
        "Apple Bloom",
        "Sweetie Belle",
    ];
    assert_eq!(names, expected);
}

#[test]
fn limited_play_provided_starting_problems_are_starting_problems() {
    let cat = Catalogue::builtin();
    for b in Block::ALL {
        for n in b.provided_starting_problems() {
            let d = cat.card(n).unwrap_or_else(|| panic!("{n} missing"));
            assert_eq!(d.card_type, CardType::Problem, "{n}");
            assert!(d.is_starting_problem(), "{n} {}", d.full_name());
        }
    }
}

#[test]
fn every_booster_set_has_enough_cards_of_each_slot_rarity() {
    let cat = Catalogue::builtin();
    for p in PACKS {
        let cards = cat.set_cards(p.set);
        let count = |r: Rarity| cards.iter().filter(|c| c.rarity == r).count();
        assert!(count(Rarity::Common) >= 8, "{}", p.set);
        assert!(count(Rarity::Uncommon) >= 3, "{}", p.set);
        assert!(count(Rarity::Rare) >= 1, "{}", p.set);
        assert!(count(Rarity::UltraRare) >= 1, "{}", p.set);
        assert!(cat.set(p.set).is_some(), "{}", p.set);
    }
}
