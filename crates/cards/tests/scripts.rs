//! Ability scripts: loading, errors that name file, line and card, and rendering.

use ponyccg_cards::script::{parse_abilities, parse_script_file};
use ponyccg_cards::{render, Catalogue};
use ponyccg_core::card::ScriptStatus;

#[test]
fn builtin_scripts_load_and_make_cards_playable() {
    let cat = Catalogue::builtin();
    let pr1 = &cat.get("PR1").unwrap().def;
    assert_eq!(pr1.script, ScriptStatus::Scripted);
    assert!(!pr1.face.abilities.is_empty());
    assert!(!pr1.boosted.as_ref().unwrap().abilities.is_empty());
}

#[test]
fn every_scripted_card_renders_a_line_per_ability() {
    for e in Catalogue::builtin()
        .entries()
        .filter(|e| e.def.script == ScriptStatus::Scripted)
    {
        let n =
            e.def.face.abilities.len() + e.def.boosted.as_ref().map_or(0, |b| b.abilities.len());
        let text = render::card_text(&e.def);
        assert!(text.len() >= n, "{}: {text:?}", e.def.number);
        assert!(text.iter().all(|l| !l.trim().is_empty()));
    }
}

#[test]
fn a_script_error_names_file_line_and_card() {
    let text = "{\n    \"PR21\": (abilities: []),\n    \"PR29\": (abilities: [\n        Triggered(when: Nonsense, effects: []),\n    ]),\n}\n";
    let e = parse_script_file("scripts/X.ron", text)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("scripts/X.ron:4"), "{e}");
    assert!(e.contains("card PR29"), "{e}");
}

#[test]
fn a_second_script_for_a_card_is_refused() {
    let text = "{\n    \"PR21\": (abilities: []),\n    \"PR21\": (abilities: []),\n}\n";
    let e = parse_script_file("scripts/X.ron", text)
        .unwrap_err()
        .to_string();
    assert!(e.contains("second script"), "{e}");
}

#[test]
fn scripts_for_unknown_cards_or_missing_sides_are_refused() {
    let mut cat = Catalogue::from_sources(Catalogue::builtin_sources().iter().copied()).unwrap();
    let e = cat
        .apply_scripts([("scripts/X.ron", "{ \"PR9999\": (abilities: []) }")])
        .unwrap_err()
        .to_string();
    assert!(e.contains("no card PR9999"), "{e}");
    let e = cat
        .apply_scripts([(
            "scripts/Y.ron",
            "{\n \"PR21\": (boosted: [Static(effect: ContributesWhileExhausted)]),\n}",
        )])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("scripts/Y.ron:2") && e.contains("no Boosted side"),
        "{e}"
    );
}

#[test]
fn a_lose_abilities_script_reading_colours_is_refused_with_its_place() {
    let mut cat = Catalogue::from_sources(Catalogue::builtin_sources().iter().copied()).unwrap();
    let e = cat
        .apply_scripts([(
            "scripts/Z.ron",
            "{\n \"PR21\": (abilities: [\n  Static(effect: LoseAbilities(cards: Some((color: Some(Blue))))),\n ]),\n}",
        )])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("scripts/Z.ron:2") && e.contains("LoseAbilities"),
        "{e}"
    );
}

/// 704.1: a trigger naming a part its event doesn't have (who draws a card is known, but a
/// draw is about no card) could never fire; it is refused with its place.
#[test]
fn a_trigger_naming_a_part_its_event_lacks_is_refused_with_its_place() {
    let mut cat = Catalogue::from_sources(Catalogue::builtin_sources().iter().copied()).unwrap();
    let e = cat
        .apply_scripts([(
            "scripts/T.ron",
            "{\n \"PR21\": (abilities: [\n  Triggered(when: (on: Draws, card: This), effects: []),\n ]),\n}",
        )])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("scripts/T.ron:2") && e.contains("PR21") && e.contains("Draws"),
        "{e}"
    );
    // A Reaction's trigger is checked too: a turn starting has no area.
    let e = cat
        .apply_scripts([(
            "scripts/T.ron",
            "{\n \"PR21\": (abilities: [\n  Activated(timing: Reaction(when: (on: TurnStarts, at: Here)), effects: []),\n ]),\n}",
        )])
        .unwrap_err()
        .to_string();
    assert!(e.contains("TurnStarts") && e.contains("`at`"), "{e}");
}

#[test]
fn scripts_change_the_catalogue_version() {
    let facts_only = Catalogue::from_sources(Catalogue::builtin_sources().iter().copied()).unwrap();
    if !Catalogue::builtin_scripts().is_empty() {
        assert_ne!(facts_only.version(), Catalogue::builtin().version());
    }
}

#[test]
fn inline_abilities_parse_with_positions() {
    let ok = parse_abilities("[Static(effect: ContributesWhileExhausted)]").unwrap();
    assert_eq!(ok.len(), 1);
    let (line, _col, msg) = parse_abilities("[\n  Static(effect: Bogus)]").unwrap_err();
    assert_eq!(line, 2, "{msg}");
}

proptest::proptest! {
    #[test]
    fn script_parsing_never_panics(text in "\\PC{0,200}") {
        let _ = parse_script_file("fuzz.ron", &text);
        let _ = parse_abilities(&text);
    }
}

#[test]
fn every_scripted_card_has_a_scenario_of_its_own() {
    // A script nobody has run is not done (the Premiere issue asks for a scenario per
    // card that fails if the ability does nothing or the wrong thing).
    let missing: Vec<String> = Catalogue::builtin()
        .entries()
        .filter(|e| e.def.script == ScriptStatus::Scripted)
        .filter(|e| !ponyccg_cards::has_scenario(&e.def.number))
        .map(|e| e.def.number.clone())
        .collect();
    assert!(missing.is_empty(), "no scenario for {missing:?}");
}

#[test]
fn premiere_is_complete() {
    let cat = Catalogue::builtin();
    let pr: Vec<_> = cat.entries().filter(|e| e.def.set == "PR").collect();
    assert_eq!(pr.len(), 213);
    let unscripted: Vec<&str> = pr
        .iter()
        .filter(|e| e.def.script == ScriptStatus::Unscripted)
        .map(|e| e.def.number.as_str())
        .collect();
    assert!(unscripted.is_empty(), "unscripted: {unscripted:?}");
}
