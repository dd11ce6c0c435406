//! Bad card files give one clear error naming the file, the line and the card; nothing
//! the loader is given makes it panic.

use ponyccg_cards::{Catalogue, CatalogueError};
use proptest::prelude::*;

const HEADER: &str = "[set]\ncode = \"XX\"\nname = \"Test\"\nkind = \"official\"\norder = 1\n";

const GOOD: &str = r#"
[[card]]
number = "XX1"
octgn_id = "00000000-0000-0000-0000-000000000001"
title = "Test Pony"
subtitle = "Good"
type = "Friend"
rarity = "C"
colors = ["Blue"]
power = 2
cost = 2
play = ["1 Blue"]
traits = ["Pegasus"]
keywords = ["Swift"]
status = "vanilla"
"#;

fn load(text: &str) -> Result<Catalogue, CatalogueError> {
    Catalogue::from_sources([("XX.toml", text)])
}

/// A file with one good card (lines 7–20) and a second card, XX2, starting at line 22.
fn with_second(card_body: &str) -> String {
    format!(
        "{HEADER}{GOOD}\n[[card]]\nnumber = \"XX2\"\noctgn_id = \"00000000-0000-0000-0000-000000000002\"\ntitle = \"Bad\"\n{card_body}"
    )
}

fn err(text: &str) -> String {
    match load(text) {
        Ok(_) => panic!("should fail"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_good_file_loads() {
    let c = load(&format!("{HEADER}{GOOD}")).unwrap();
    assert_eq!(c.len(), 1);
    let e = c.get("xx1").unwrap();
    assert_eq!(e.origin.line, 7);
    assert_eq!(e.def.set, "XX");
}

#[test]
fn unknown_keyword_names_file_line_and_card() {
    let t = with_second(
        "type = \"Friend\"\npower = 1\ncost = 1\nkeywords = [\"Swfit\"]\nstatus = \"vanilla\"\n",
    );
    assert_eq!(err(&t), "XX.toml:22: card XX2: unknown keyword \"Swfit\"");
}

#[test]
fn syntax_error_inside_a_card_names_its_line_and_card() {
    let t = with_second("type = \"Friend\"\npower = = 1\n");
    let e = load(&t).err().unwrap();
    let at = e.location().unwrap();
    assert_eq!(
        (at.file.as_str(), at.line, at.card.as_deref()),
        ("XX.toml", 27, Some("XX2")),
        "{e}"
    );
}

#[test]
fn wrong_value_type_names_its_line_and_card() {
    let t = with_second("type = \"Friend\"\npower = \"two\"\ncost = 1\nstatus = \"vanilla\"\n");
    let e = load(&t).err().unwrap();
    let at = e.location().unwrap();
    assert_eq!((at.line, at.card.as_deref()), (27, Some("XX2")), "{e}");
}

#[test]
fn unknown_field_is_an_error() {
    let t = with_second("type = \"Friend\"\npower = 1\ncost = 1\nstatus = \"vanilla\"\ntext = \"no printed text here\"\n");
    let e = err(&t);
    assert!(
        e.starts_with("XX.toml:") && e.contains("XX2") && e.contains("text"),
        "{e}"
    );
}

#[test]
fn fact_errors() {
    let cases = [
        ("type = \"Pony\"\npower = 1\nstatus = \"vanilla\"\n", "unknown type"),
        ("type = \"Friend\"\nstatus = \"vanilla\"\n", "needs a power"),
        ("type = \"Problem\"\npower = 1\nstatus = \"vanilla\"\n", "no power"),
        ("type = \"Problem\"\nstatus = \"vanilla\"\n", "confront requirements"),
        ("type = \"Friend\"\npower = 1\ncolors = [\"Teal\"]\nstatus = \"vanilla\"\n", "unknown colour"),
        ("type = \"Friend\"\npower = 1\nplay = [\"2 Loyalty\"]\nstatus = \"vanilla\"\n", "play requirement"),
        ("type = \"Friend\"\npower = 1\nplay = [\"1 Blue\", \"1 Blue\", \"1 Blue\", \"1 Blue\"]\nstatus = \"vanilla\"\n", "at most 3"),
        ("type = \"Friend\"\npower = 1\nrarity = \"X\"\nstatus = \"vanilla\"\n", "unknown rarity"),
        ("type = \"Friend\"\npower = 1\nstatus = \"done\"\n", "unknown status"),
        ("type = \"Friend\"\npower = 1\nstatus = \"scripted\"\n", "needs a `script`"),
        ("type = \"Friend\"\npower = 1\nstatus = \"vanilla\"\nscript = \"x\"\n", "reserved"),
        ("type = \"Friend\"\npower = 1\npoints = 1\nstatus = \"vanilla\"\n", "point value"),
        ("type = \"Friend\"\npower = 1\ncost = 300\nstatus = \"vanilla\"\n", "out of range"),
        ("type = \"Friend\"\npower = 1\nkeywords = [\"swift\"]\nstatus = \"vanilla\"\n", "must be written \"Swift\""),
        ("type = \"Mane Character\"\npower = 1\nstatus = \"vanilla\"\n", "boosted side"),
        ("type = \"Friend\"\npower = 1\nconfront = { owner = [\"2 Blue\"], opponent = 3, bonus = 1 }\nstatus = \"vanilla\"\n", "no confront requirements"),
        ("type = \"Problem\"\nconfront = { owner = [\"2 Bleu\"], opponent = 3, bonus = 1 }\nstatus = \"vanilla\"\n", "confront requirement"),
        ("type = \"Problem\"\nconfront = { owner = [\"2 Blue\"], opponent = \"lots\", bonus = 1 }\nstatus = \"vanilla\"\n", "opponent requirement"),
    ];
    for (body, want) in cases {
        let e = err(&with_second(body));
        assert!(e.starts_with("XX.toml:22: card XX2: "), "{e}");
        assert!(e.contains(want), "{e:?} should mention {want:?}");
    }
}

#[test]
fn valid_confront_forms() {
    let t = with_second("type = \"Problem\"\nconfront = { owner = [\"infinite Wild\", \"3 Not Pink\"], opponent = \"unmeetable\", bonus = 0 }\nstatus = \"vanilla\"\n");
    let c = load(&t).unwrap();
    let p = c.get("XX2").unwrap().def.problem.clone().unwrap();
    assert_eq!(p.owner[0].power, ponyccg_cards::INFINITE_POWER);
    let t = with_second("type = \"Problem\"\nconfront = { owner = [\"Rainbow\"], opponent = 7, bonus = 5 }\nstatus = \"vanilla\"\n");
    assert!(load(&t).is_ok());
}

#[test]
fn duplicates_are_errors_in_official_sets() {
    let dup_number = format!("{HEADER}{GOOD}{}", GOOD.replace("0001\"", "0002\""));
    let e = err(&dup_number);
    assert!(
        e.starts_with(
            "XX.toml:22: card XX1: number XX1 is also used by Test Pony, Good (XX.toml:7"
        ),
        "{e}"
    );
    let dup_id = format!("{HEADER}{GOOD}{}", GOOD.replace("XX1", "XX2"));
    assert!(err(&dup_id)
        .contains("octgn_id 00000000-0000-0000-0000-000000000001 is also used by card XX1"));
    // Token sets may repeat numbers.
    let tokens = dup_number.replace("kind = \"official\"", "kind = \"token\"");
    assert_eq!(load(&tokens).unwrap().get_all("XX1").len(), 2);
}

#[test]
fn set_header_errors() {
    assert!(err(&format!("{}{GOOD}", HEADER.replace("official", "fan")))
        .starts_with("XX.toml:1: unknown set kind"));
    let e = err(GOOD);
    assert!(e.starts_with("XX.toml:") && e.contains("set"), "{e}");
    let two = Catalogue::from_sources([("A.toml", HEADER), ("B.toml", HEADER)]);
    assert!(two
        .err()
        .unwrap()
        .to_string()
        .contains("set code XX is also used by A.toml"));
    let bad_date = HEADER.replace("order = 1", "order = 1\nreleased = \"2013-02-30x\"");
    assert!(err(&bad_date).contains("not a date"));
    assert!(err(&HEADER.replace("\"XX\"", "\"X X\"")).contains("set code"));
}

#[test]
fn load_dir_errors_name_the_folder() {
    let dir = std::env::temp_dir().join(format!("ponyccg-cards-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let e = Catalogue::load_dir(&dir).err().unwrap();
    assert!(matches!(e, CatalogueError::Empty { .. }), "{e}");
    std::fs::write(dir.join("XX.toml"), with_second("type = \"Friend\"\n")).unwrap();
    let e = Catalogue::load_dir(&dir).err().unwrap().to_string();
    assert!(e.contains("XX.toml:22: card XX2: "), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
    let e = Catalogue::load_dir(&dir).err().unwrap();
    assert!(matches!(e, CatalogueError::Io { .. }), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,400}") {
        let _ = load(&s);
    }

    #[test]
    fn mutated_good_files_never_panic(cut in 0usize..400, insert in "[\\[\\]=\"a-zA-Z0-9 ,.{}\n-]{0,12}") {
        let mut t = format!("{HEADER}{GOOD}");
        let mut at = cut.min(t.len());
        while !t.is_char_boundary(at) { at -= 1; }
        t.insert_str(at, &insert);
        if let Err(e) = load(&t) {
            // Every error names the file.
            prop_assert!(e.to_string().starts_with("XX.toml"));
        }
    }
}
