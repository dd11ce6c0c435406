//! The twelve built-in Premiere theme decks: they load, they are legal under 101,
//! and the Harmony banlist catches the two banned cards they hold.

use ponyccg_cards::Catalogue;
use ponyccg_decks::{check, load_deck, parse_o8d, theme_deck, theme_deck_names, theme_deck_source};
use ponyccg_decks::{Date, Format, Part, Resolver};
use std::path::PathBuf;

fn today() -> Date {
    "2026-11-21".parse().unwrap()
}

fn cat() -> &'static Catalogue {
    Catalogue::builtin()
}

/// The decks holding a card the Harmony banlist banned, with the ban's number and date.
fn banned_in(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "rainbow-dash" | "rarity" => Some(("PR16", "2015-01-30")),
        "applejack" | "applejack-enhanced" | "twilight-sparkle" | "twilight-sparkle-enhanced" => {
            Some(("PR175", "2016-06-01"))
        }
        _ => None,
    }
}

#[test]
fn there_are_twelve_theme_decks_and_all_load() {
    assert_eq!(theme_deck_names().len(), 12);
    for name in theme_deck_names() {
        let by_name = theme_deck(name).unwrap_or_else(|| panic!("{name}"));
        let loaded = load_deck(&format!("theme:{name}")).unwrap();
        assert!(by_name.same_cards(&loaded));
        assert_eq!(by_name.count(Part::Mane), 1, "{name}");
        assert_eq!(by_name.count(Part::Problems), 10, "{name}");
        assert_eq!(by_name.count(Part::Draw), 45, "{name}");
        assert_eq!(by_name.expand(Part::Draw, cat()).unwrap().len(), 45);
        assert!(by_name.mane_entry(cat()).is_some());
    }
    assert!(theme_deck("theme:nonexistent").is_none());
    assert!(load_deck("theme:nonexistent")
        .unwrap_err()
        .to_string()
        .contains("theme:applejack"));
}

#[test]
fn r101_every_theme_deck_is_legal_constructed() {
    for name in theme_deck_names() {
        let deck = theme_deck(name).unwrap();
        let report = check(&deck, &Format::Constructed, today(), cat());
        assert!(report.is_legal(), "{name}:\n{report}");
    }
}

#[test]
fn harmony_banlist_theme_decks_as_of_today_and_before_the_ban() {
    for name in theme_deck_names() {
        let deck = theme_deck(name).unwrap();
        let report = check(&deck, &Format::Harmony, today(), cat());
        match banned_in(name) {
            Some((number, date)) => {
                assert_eq!(report.violations.len(), 1, "{name}:\n{report}");
                let v = &report.violations[0];
                assert!(v.clause.contains("Harmony banlist"), "{v}");
                assert!(
                    v.card.as_deref().unwrap().contains(&format!("({number})")),
                    "{v}"
                );
                assert!(v.message.contains(date), "{v}");
                assert_eq!(v.count, Some(if number == "PR16" { 1 } else { 2 }));
                let before: Date = date.parse::<Date>().unwrap().pred();
                let earlier = check(&deck, &Format::Harmony, before, cat());
                assert!(earlier.is_legal(), "{name} as of {before}:\n{earlier}");
            }
            None => assert!(report.is_legal(), "{name}:\n{report}"),
        }
    }
}

#[test]
fn harmony_theme_decks_were_not_legal_before_premiere_was_released() {
    let deck = theme_deck("fluttershy").unwrap();
    let report = check(
        &deck,
        &Format::Harmony,
        "2013-12-12".parse().unwrap(),
        cat(),
    );
    assert!(!report.is_legal());
    assert!(
        report
            .violations
            .iter()
            .all(|v| v.message.contains("not released yet")),
        "{report}"
    );
    assert!(check(
        &deck,
        &Format::Harmony,
        "2013-12-13".parse().unwrap(),
        cat()
    )
    .is_legal());
}

#[test]
fn block_premiere_theme_decks_follow_the_harmony_bans() {
    for name in theme_deck_names() {
        let deck = theme_deck(name).unwrap();
        let report = check(
            &deck,
            &Format::Block(ponyccg_decks::Block::Premiere),
            today(),
            cat(),
        );
        assert_eq!(
            report.is_legal(),
            banned_in(name).is_none(),
            "{name}:\n{report}"
        );
        let odyssey = check(
            &deck,
            &Format::Block(ponyccg_decks::Block::Odyssey),
            today(),
            cat(),
        );
        assert!(!odyssey.is_legal(), "{name} is all Premiere");
    }
}

/// The lists were derived from the community's OCTGN files; where those files are
/// beside the repository (../shared, as in CI), they must still agree.
#[test]
fn theme_decks_match_the_octgn_files_they_came_from() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/carddata/GameMasterLuna-MLPCCG-OCTGN/Decks");
    let root = match ponyccg_cards::reference_dir(root, "the reference decks are") {
        Ok(Some(r)) => r,
        Ok(None) => return,
        Err(e) => panic!("{e}"),
    };
    let res = Resolver::builtin();
    for name in theme_deck_names() {
        let file = theme_deck_source(name).unwrap();
        let dir = if name.ends_with("-enhanced") {
            "MLP CCG Enhanced Theme Decks"
        } else {
            "MLP CCG Original Theme Decks"
        };
        let path = root.join(dir).join(file);
        let src = std::fs::read_to_string(&path).unwrap();
        let parsed = parse_o8d(&src, &path.display().to_string(), res).unwrap();
        assert!(
            parsed.same_cards(&theme_deck(name).unwrap()),
            "{name} differs from {file}"
        );
        let loaded = load_deck(path.to_str().unwrap()).unwrap();
        assert!(loaded.same_cards(&parsed));
    }
}

#[test]
fn theme_deck_summary_counts_types_and_colours() {
    let deck = theme_deck("applejack").unwrap();
    let report = check(&deck, &Format::Constructed, today(), cat());
    let s = &report.summary;
    assert_eq!(s.draw_total, 45);
    assert_eq!(s.problem_total, 10);
    assert_eq!(s.by_type.values().sum::<u32>(), 45);
    assert!(s.starting_problems >= 1);
    assert!(s.by_color.contains_key("Orange"), "{report}");
    let text = report.to_string();
    assert!(
        text.contains("LEGAL") && text.contains("Draw deck: 45 cards"),
        "{text}"
    );
}

#[test]
fn a_missing_reference_folder_skips_visibly_and_fails_under_ci() {
    let missing = PathBuf::from("/nonexistent/ponyccg/shared/carddata");
    assert_eq!(
        ponyccg_cards::reference_dir_under(missing.clone(), "the reference decks are", false),
        Ok(None)
    );
    let e =
        ponyccg_cards::reference_dir_under(missing, "the reference decks are", true).unwrap_err();
    assert!(e.contains("CI=true") && e.contains("../shared"), "{e}");
}
