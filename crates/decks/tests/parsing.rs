//! Reading deck lists: the text form and OCTGN .o8d, names (201.1, 201.1a), and
//! bad input that must give one clear error naming the file and line.

use ponyccg_cards::{Catalogue, Entry};
use ponyccg_core::card::CardType;
use ponyccg_decks::{
    load_deck, parse_deck, parse_o8d, parse_text, theme_deck, theme_deck_names, write_o8d,
    write_text, Deck, DeckCard, DeckError, Resolver,
};

fn res() -> &'static Resolver<'static> {
    Resolver::builtin()
}

fn cat() -> &'static Catalogue {
    Catalogue::builtin()
}

fn text(src: &str) -> Result<Deck, DeckError> {
    parse_text(src, "test.txt", res())
}

fn err_at(src: &str, line: usize) -> String {
    let e = text(src).expect_err("must fail");
    assert_eq!(e.line(), Some(line), "{e}");
    let s = e.to_string();
    assert!(s.starts_with(&format!("test.txt:{line}: ")), "{s}");
    s
}

fn entry(n: &str) -> &'static Entry {
    cat().get(n).unwrap()
}

#[test]
fn text_reads_names_numbers_counts_sections_comments() {
    let aj = entry("CN2"); // a Mane Character with a subtitle
    let friend = entry("PR12");
    let src = format!(
        "# my deck\nName:  Orange Aggro \n\n[Mane Character]\n1 {}\n\nDraw deck:\n3x PR12   # {}\n2 {}\n// note\nProblems:\n2× PR177\n",
        aj.def.full_name(),
        friend.def.full_name(),
        entry("PR13").def.full_name().to_uppercase(),
    );
    let d = text(&src).unwrap();
    assert_eq!(d.name.as_deref(), Some("Orange Aggro"));
    assert_eq!(d.mane, vec![DeckCard::new("CN2", 1)]);
    assert_eq!(
        d.draw,
        vec![DeckCard::new("PR12", 3), DeckCard::new("PR13", 2)]
    );
    assert_eq!(d.problems, vec![DeckCard::new("PR177", 2)]);
}

#[test]
fn text_without_sections_places_cards_by_type_and_merges_lines() {
    let d = text("1 CN2\n2 PR12\n1 PR177\n1 pr12\r\n").unwrap();
    assert_eq!(d.mane, vec![DeckCard::new("CN2", 1)]);
    assert_eq!(d.draw, vec![DeckCard::new("PR12", 3)]);
    assert_eq!(d.problems, vec![DeckCard::new("PR177", 1)]);
}

#[test]
fn r201_1_names_are_case_and_punctuation_tolerant() {
    // A name with punctuation, written without it and in another case.
    let e = cat()
        .entries()
        .find(|e| {
            e.def.set == "PR"
                && e.def.full_name().contains('\'')
                && e.def.card_type == CardType::Problem
        })
        .unwrap();
    let loose: String = e
        .def
        .full_name()
        .replace(['\'', '!', ',', '?'], "")
        .to_lowercase();
    let d = text(&format!("Problems:\n1 {loose}\n")).unwrap();
    assert_eq!(d.problems, vec![DeckCard::new(e.def.number.clone(), 1)]);
    let dashed = format!("1 {}", entry("CN2").def.full_name().replace(", ", " - "));
    assert_eq!(text(&dashed).unwrap().mane, vec![DeckCard::new("CN2", 1)]);
}

#[test]
fn r201_1a_a_title_alone_only_when_unambiguous() {
    // "Applejack" is the title of several names: rejected, with the candidates.
    let msg = err_at("Draw deck:\n3 Applejack\n", 2);
    assert!(
        msg.contains("201.1a") && msg.contains("Applejack, "),
        "{msg}"
    );
    // A title that only one name has is accepted.
    let unique = cat()
        .entries()
        .filter(|e| {
            e.def.set == "PR" && e.def.card_type == CardType::Friend && !e.def.subtitle.is_empty()
        })
        .find(|e| {
            cat()
                .entries()
                .filter(|o| o.def.title == e.def.title)
                .count()
                == 1
        })
        .unwrap();
    let d = text(&format!("2 {}\n", unique.def.title)).unwrap();
    assert_eq!(d.draw, vec![DeckCard::new(unique.def.number.clone(), 2)]);
    // A section can make a title unambiguous: only one PR-era Mane is "Applejack"? Check
    // with the section filter: the Mane section sees Mane Characters only.
    let manes: Vec<&Entry> = cat()
        .entries()
        .filter(|e| e.def.title == "Applejack" && e.def.card_type == CardType::ManeCharacter)
        .collect();
    let r = text("Mane Character:\n1 Applejack\n");
    if manes.len() == 1 {
        assert_eq!(r.unwrap().mane[0].number, manes[0].def.number);
    } else {
        assert!(r.unwrap_err().to_string().contains("201.1a"));
    }
}

#[test]
fn text_unknown_card_suggests_a_name() {
    let name = entry("PR12").def.full_name();
    let typo = format!("{}x", &name[..name.len() - 1]);
    let msg = err_at(&format!("# deck\n\n3 {typo}\n"), 3);
    assert!(
        msg.contains("did you mean") && msg.contains("(PR12)"),
        "{msg}"
    );
    let msg = err_at("3 Qwertyuiop Zxcvbnm Asdfgh\n", 1);
    assert!(msg.contains("no card is named or numbered"), "{msg}");
}

#[test]
fn text_wrong_section_is_an_error() {
    let msg = err_at("Problems:\n2 PR12\n", 2);
    assert!(msg.contains("Friend") && msg.contains("Problems"), "{msg}");
    let msg = err_at("Mane Character:\n1 PR177\n", 2);
    assert!(msg.contains("Problem"), "{msg}");
    let msg = err_at("Friends:\n1 CN2\n", 2);
    assert!(msg.contains("Mane Character"), "{msg}");
}

#[test]
fn text_malformed_lines_are_errors() {
    assert!(err_at("Sideboard:\n", 1).contains("unknown section"));
    assert!(err_at("1 PR12\n3PR12\n", 2).contains("not a card line"));
    assert!(err_at("0 PR12\n", 1).contains("count 0"));
    assert!(err_at("\n\n1000 PR12\n", 3).contains("too large"));
    assert!(err_at("3\n", 1).contains("no card after it"));
    assert!(err_at("Draw deck:\n3x\n", 2).contains("no card after it"));
    assert!(err_at("Name: a\nName: b\n", 2).contains("twice"));
}

#[test]
fn o8d_bad_input_names_the_line() {
    let r = res();
    let e = parse_o8d(
        "<deck>\n<section name=\"Problems\">\n<card qty=\"2\" id=\"x\">",
        "d.o8d",
        r,
    )
    .unwrap_err();
    assert!(e.to_string().starts_with("d.o8d:"), "{e}");
    let game = "65656467-b709-43b2-a5c6-80c2f216adf9";
    let friend = entry("PR12");
    let wrong = format!(
        "<deck game=\"{game}\">\n  <section name=\"Problems\">\n    <card qty=\"1\" id=\"{}\">X</card>\n  </section>\n</deck>",
        friend.octgn_id
    );
    let e = parse_o8d(&wrong, "d.o8d", r).unwrap_err();
    assert_eq!(e.line(), Some(3), "{e}");
    assert!(e.to_string().contains("Friend"));
    let unknown = format!(
        "<deck game=\"{game}\">\n  <section name=\"Friends\">\n\n    <card qty=\"1\" id=\"00000000-0000-0000-0000-000000000000\">Nobody</card>\n  </section>\n</deck>"
    );
    let e = parse_o8d(&unknown, "d.o8d", r).unwrap_err();
    assert_eq!(e.line(), Some(4), "{e}");
    assert!(e.to_string().contains("Nobody"));
    let qty = format!(
        "<deck game=\"{game}\"><section name=\"Friends\"><card qty=\"lots\" id=\"{}\">X</card></section></deck>",
        friend.octgn_id
    );
    assert!(parse_o8d(&qty, "d.o8d", r)
        .unwrap_err()
        .to_string()
        .contains("qty"));
    let other_game = "<deck game=\"a6c8d2e8-7cd8-11dd-8f94-e62b56d89593\"></deck>";
    assert!(parse_o8d(other_game, "d.o8d", r)
        .unwrap_err()
        .to_string()
        .contains("another OCTGN game"));
    let section = format!("<deck game=\"{game}\"><section name=\"Sideboard\"></section></deck>");
    assert!(parse_o8d(&section, "d.o8d", r)
        .unwrap_err()
        .to_string()
        .contains("unknown section"));
}

#[test]
fn load_deck_reports_unreadable_files() {
    let e = load_deck("/nonexistent/dir/deck.txt").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("/nonexistent/dir/deck.txt: cannot read"),
        "{e}"
    );
    let dir = std::env::temp_dir().join(format!("ponyccg-decks-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, b"1 PR12\n\xff\xfe\n").unwrap();
    let e = load_deck(bad.to_str().unwrap()).unwrap_err();
    assert_eq!(e.line(), Some(2), "{e}");
    let good = dir.join("good.txt");
    std::fs::write(&good, "1 CN2\n3 PR12\n").unwrap();
    assert_eq!(
        load_deck(good.to_str().unwrap()).unwrap().draw,
        vec![DeckCard::new("PR12", 3)]
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn theme_decks_round_trip_through_text_and_o8d() {
    for name in theme_deck_names() {
        let deck = theme_deck(name).unwrap();
        let t = write_text(&deck, res());
        let back = parse_text(&t, "t", res()).unwrap();
        assert!(back.same_cards(&deck), "{name}:\n{t}");
        assert_eq!(back.name, deck.name);
        let x = write_o8d(&deck, res()).unwrap();
        let back = parse_o8d(&x, "x", res()).unwrap();
        assert!(back.same_cards(&deck), "{name}:\n{x}");
        assert_eq!(back.name, deck.name);
        assert!(parse_deck(&x, "x").unwrap().same_cards(&deck));
        // Text names cards by name, not only numbers.
        assert!(t.contains(&entry(&deck.mane[0].number).def.full_name()));
    }
}

#[test]
fn writing_o8d_refuses_misplaced_or_unknown_cards() {
    let mut d = theme_deck("rarity").unwrap();
    d.problems.push(DeckCard::new("PR12", 1));
    assert!(matches!(write_o8d(&d, res()), Err(DeckError::Write(_))));
    let mut d = theme_deck("rarity").unwrap();
    d.draw.push(DeckCard::new("ZZ1", 1));
    assert!(matches!(
        write_o8d(&d, res()),
        Err(DeckError::UnknownNumber(_))
    ));
}

/// The example in the README's text-format section reads as documented.
#[test]
fn readme_example_parses() {
    let readme = include_str!("../README.md");
    let start = readme.find("## The text format").unwrap();
    let block = &readme[start..];
    let open = block.find("```text\n").unwrap() + "```text\n".len();
    let close = open + block[open..].find("```").unwrap();
    let d = parse_text(&block[open..close], "README.md", res()).unwrap();
    assert_eq!(d.name.as_deref(), Some("Orange aggro"));
    assert_eq!(d.mane, vec![DeckCard::new("CN2", 1)]);
    assert_eq!(
        d.problems,
        vec![DeckCard::new("PR177", 2), DeckCard::new("PR190", 2)]
    );
    assert_eq!(
        d.draw,
        vec![DeckCard::new("PR13", 3), DeckCard::new("PR12", 3)]
    );
}
