//! The built-in constructed decks (`deck:NAME`): Harmony-legal, built only from the
//! Premiere-block sets (CN, RR, CS, CG, AD) and only from cards the engine plays today,
//! one per colour pair; an unknown name is one clear error listing the known ones.

use ponyccg_cards::Catalogue;
use ponyccg_core::card::ScriptStatus;
use ponyccg_decks::{built_in_deck, built_in_deck_names, check, load_deck, Date, Format, Part};
use std::collections::BTreeSet;

const PREMIERE_BLOCK: &[&str] = &["CN", "RR", "CS", "CG", "AD"];

#[test]
fn six_built_in_decks_are_legal_in_harmony() {
    let names = built_in_deck_names();
    assert_eq!(names.len(), 6);
    let today: Date = "2026-11-28".parse().unwrap();
    for n in names {
        let d = load_deck(&format!("deck:{n}")).unwrap();
        let r = check(&d, &Format::Harmony, today, Catalogue::builtin());
        assert!(r.violations.is_empty(), "deck:{n}: {:?}", r.violations);
    }
}

#[test]
fn built_in_decks_hold_only_playable_premiere_block_cards() {
    let cat = Catalogue::builtin();
    for n in built_in_deck_names() {
        let d = built_in_deck(n).unwrap();
        for part in [Part::Mane, Part::Problems, Part::Draw] {
            for e in d.expand(part, cat).unwrap() {
                assert!(
                    PREMIERE_BLOCK.contains(&e.def.set.as_str()),
                    "deck:{n}: {} is from {}",
                    e.def.number,
                    e.def.set
                );
                assert_ne!(
                    e.def.script,
                    ScriptStatus::Unscripted,
                    "deck:{n}: {} is not scripted",
                    e.def.number
                );
            }
        }
    }
}

#[test]
fn each_built_in_deck_has_its_own_colour_pair() {
    let cat = Catalogue::builtin();
    let mut pairs = BTreeSet::new();
    for n in built_in_deck_names() {
        let d = built_in_deck(n).unwrap();
        let mut colours = BTreeSet::new();
        for e in d.expand(Part::Draw, cat).unwrap() {
            colours.extend(e.def.face.colors.iter().map(|c| c.name()));
        }
        assert_eq!(colours.len(), 2, "deck:{n}: {colours:?}");
        assert!(pairs.insert(colours), "deck:{n} repeats a colour pair");
    }
}

#[test]
fn deck_names_resolve_with_or_without_case_and_unknown_ones_list_the_known() {
    assert!(load_deck("deck:Blue-Purple").is_ok());
    assert!(built_in_deck("deck:orange-pink").is_ok());
    let e = load_deck("deck:nobody").unwrap_err().to_string();
    assert!(e.contains("deck:nobody"), "{e}");
    for n in built_in_deck_names() {
        assert!(e.contains(&format!("deck:{n}")), "{e}");
    }
}
