//! The built-in catalogue and its lookups.

use ponyccg_cards::{Catalogue, SetKind};
use ponyccg_core::card::{CardType, Color, Keyword, OpponentReq, ReqColor, ScriptStatus};
use std::path::PathBuf;

fn cards_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../cards")
}

#[test]
fn builtin_loads_every_card_with_unique_guids() {
    let cat = Catalogue::builtin();
    assert_eq!(cat.len(), 2031);
    assert_eq!(cat.entries().count(), 2031);
    let mut ids: Vec<&str> = cat.entries().map(|e| e.octgn_id.as_str()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 2031);
    for e in cat.entries() {
        assert_eq!(e.octgn_id, e.octgn_id.to_ascii_lowercase());
        assert!(
            cat.set(&e.def.set).is_some(),
            "{}: unknown set",
            e.def.number
        );
    }
}

#[test]
fn builtin_is_the_cards_folder_and_the_version_is_stable() {
    let dir = Catalogue::load_dir(&cards_dir()).unwrap();
    let builtin = Catalogue::builtin();
    assert_eq!(dir.version(), builtin.version());
    assert!(builtin.version().starts_with("cards-") && builtin.version().len() == 22);
    let a: Vec<_> = dir.entries().map(|e| (&e.def, &e.octgn_id)).collect();
    let b: Vec<_> = builtin.entries().map(|e| (&e.def, &e.octgn_id)).collect();
    assert_eq!(a, b);
    // Line endings do not change the digest; a changed fact does.
    let crlf: Vec<(String, String)> = Catalogue::builtin_sources()
        .iter()
        .map(|(n, t)| (n.to_string(), t.replace('\n', "\r\n")))
        .collect();
    let c = Catalogue::from_sources(crlf.iter().map(|(n, t)| (n.as_str(), t.as_str()))).unwrap();
    let facts_only = Catalogue::from_sources(Catalogue::builtin_sources().iter().copied()).unwrap();
    assert_eq!(c.version(), facts_only.version());
    let changed: Vec<(String, String)> = Catalogue::builtin_sources()
        .iter()
        .map(|(n, t)| (n.to_string(), t.replacen("power = 1\n", "power = 2\n", 1)))
        .collect();
    let c = Catalogue::from_sources(changed.iter().map(|(n, t)| (n.as_str(), t.as_str()))).unwrap();
    assert_ne!(c.version(), builtin.version());
}

#[test]
fn sets_are_in_release_order_with_their_kinds() {
    let cat = Catalogue::builtin();
    let codes: Vec<&str> = cat.sets().iter().map(|s| s.code.as_str()).collect();
    assert_eq!(
        codes,
        [
            "PR", "CN", "RR", "CS", "CG", "AD", "EO", "HM", "MT", "DE", "SB", "FF", "ST", "LL",
            "PROMO", "TOKEN", "VC"
        ]
    );
    assert_eq!(cat.set("pr").unwrap().name, "Premiere");
    assert_eq!(cat.set("LL").unwrap().kind, SetKind::Community);
    assert_eq!(cat.set("ST").unwrap().kind, SetKind::Unreleased);
    assert_eq!(cat.set("VC").unwrap().kind, SetKind::VillainChallenge);
    assert_eq!(cat.set("TOKEN").unwrap().kind, SetKind::Token);
    assert_eq!(cat.set("PROMO").unwrap().kind, SetKind::Promo);
    assert_eq!(
        cat.sets()
            .iter()
            .filter(|s| s.kind == SetKind::Official)
            .count(),
        12
    );
    // Entries come set by set in that order.
    let first_of: Vec<String> = cat
        .sets()
        .iter()
        .map(|s| {
            cat.entries()
                .find(|e| e.def.set == s.code)
                .unwrap()
                .def
                .set
                .clone()
        })
        .collect();
    let mut order: Vec<String> = Vec::new();
    for e in cat.entries() {
        if order.last() != Some(&e.def.set) {
            order.push(e.def.set.clone());
        }
    }
    assert_eq!(order, first_of);
}

#[test]
fn get_by_number_is_case_insensitive() {
    let cat = Catalogue::builtin();
    let e = cat.get("pr1").unwrap();
    assert_eq!(e.def.full_name(), "Rainbow Dash, Flier Extraordinaire");
    assert_eq!(cat.get(" PR1 ").unwrap().def.number, "PR1");
    assert_eq!(cat.get("ad-3").unwrap().def.number, "AD-3");
    assert!(cat.get("PR214").is_none());
    assert!(cat.get("").is_none());
    // Tokens repeat T1; get gives the first, get_all all four.
    assert_eq!(cat.get_all("t1").len(), 4);
    assert_eq!(cat.get("T1").unwrap().def.title, "Rock");
    assert_eq!(cat.get_all("QC2").len(), 3);
}

#[test]
fn by_octgn_id_accepts_any_case_and_braces() {
    let cat = Catalogue::builtin();
    let e = cat
        .by_octgn_id("5FF3E6BF-84FB-4387-8931-CFD18710C93C")
        .unwrap();
    assert_eq!(e.def.number, "PR1");
    assert_eq!(
        cat.by_octgn_id("{5ff3e6bf-84fb-4387-8931-cfd18710c93c}")
            .unwrap()
            .def
            .number,
        "PR1"
    );
    assert!(cat
        .by_octgn_id("00000000-0000-0000-0000-000000000000")
        .is_none());
}

#[test]
fn find_name_by_full_name_or_title() {
    let cat = Catalogue::builtin();
    let v = cat.find_name("rainbow dash flier extraordinaire");
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].def.number, "PR1");
    let v = cat.find_name("Rainbow Dash, Flier Extraordinaire");
    assert_eq!(v[0].def.number, "PR1");
    let all = cat.find_name("RAINBOW DASH");
    assert!(all.len() > 10, "{}", all.len());
    assert!(all.iter().all(|e| e.def.title == "Rainbow Dash"));
    assert_eq!(
        cat.find_name("Snips and Snails, Dynamic Duo")[0].def.number,
        "PR49"
    );
    assert_eq!(cat.find_name("Creme de la Creme")[0].def.number, "PR107");
    assert_eq!(
        cat.find_name("pinkie pie pinkie responsibility pie")[0]
            .def
            .number,
        "PR45"
    );
    assert!(cat.find_name("Rainbow Dsah").is_empty());
}

#[test]
fn suggest_finds_near_misses_only() {
    let cat = Catalogue::builtin();
    assert_eq!(
        cat.suggest("Rainbow Dsah").unwrap().def.title,
        "Rainbow Dash"
    );
    assert_eq!(
        cat.suggest("Flutershy, Guidance Counselor")
            .unwrap()
            .def
            .number,
        "PR83"
    );
    assert_eq!(cat.suggest("PR0213").unwrap().def.number, "PR213");
    assert!(cat.suggest("zzzzzzzzzzzzzzzzzzzzzzzz").is_none());
    assert!(cat.suggest("").is_none());
}

#[test]
fn facts_of_some_well_known_cards() {
    let cat = Catalogue::builtin();
    // A Mane Character: both sides, home limits.
    let rd = &cat.get("PR1").unwrap().def;
    assert_eq!(rd.card_type, CardType::ManeCharacter);
    assert_eq!(rd.face.home_limit(), Some(3));
    let b = rd.boosted.as_ref().unwrap();
    assert_eq!(b.home_limit(), Some(4));
    assert!(b.keywords.contains(&Keyword::Swift));
    assert_eq!(b.power, Some(3));
    // Its abilities come from cards/scripts/PR.ron.
    assert_eq!(rd.script, ScriptStatus::Scripted);
    // Every Mane Character has a boosted side.
    assert!(cat
        .entries()
        .filter(|e| e.def.card_type == CardType::ManeCharacter)
        .all(|e| e.def.boosted.is_some()));
    assert_eq!(
        cat.entries()
            .filter(|e| e.def.card_type == CardType::ManeCharacter)
            .count(),
        80
    );
    // Multicolour cards get all their colours.
    let tri = cat
        .entries()
        .filter(|e| e.def.face.colors.len() == 3)
        .count();
    assert_eq!(tri, 12);
    // Problems with "Not" requirements and Troublemakers with points.
    let p = cat.get("PR165").unwrap().def.problem.clone().unwrap();
    assert_eq!(p.owner[1].color, ReqColor::Not(Color::Yellow));
    assert_eq!(p.opponent, OpponentReq::Wild(5));
    assert!(cat
        .entries()
        .filter(|e| e.def.card_type == CardType::Troublemaker)
        .all(|e| e.def.points.is_some()));
    assert_eq!(
        cat.entries()
            .filter(|e| e
                .def
                .problem
                .as_ref()
                .is_some_and(|p| p.opponent == OpponentReq::Unmeetable))
            .count(),
        4
    );
    // Events and Resources keep their power.
    assert!(cat
        .entries()
        .filter(|e| matches!(e.def.card_type, CardType::Event | CardType::Resource))
        .all(|e| e.def.face.power.is_some()));
    // Vanilla cards exist and never include a Mane Character.
    let vanilla: Vec<_> = cat
        .entries()
        .filter(|e| e.def.script == ScriptStatus::Vanilla)
        .collect();
    assert_eq!(vanilla.len(), 173);
    assert!(vanilla
        .iter()
        .all(|e| matches!(e.def.card_type, CardType::Friend | CardType::Problem)));
}
