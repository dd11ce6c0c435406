//! Property tests: text and .o8d round trips, and no panic on arbitrary input to
//! either parser.

use ponyccg_cards::Catalogue;
use ponyccg_core::card::CardType;
use ponyccg_decks::{
    parse_deck, parse_o8d, parse_text, write_o8d, write_text, Deck, DeckCard, Resolver,
};
use proptest::prelude::*;

fn res() -> &'static Resolver<'static> {
    Resolver::builtin()
}

/// Card numbers by deck part, from the whole catalogue (numbers shared by several
/// cards are left out: a number alone cannot say which of them is meant).
fn pools() -> &'static (Vec<String>, Vec<String>, Vec<String>) {
    static P: std::sync::OnceLock<(Vec<String>, Vec<String>, Vec<String>)> =
        std::sync::OnceLock::new();
    P.get_or_init(|| {
        let cat = Catalogue::builtin();
        let (mut m, mut p, mut d) = (Vec::new(), Vec::new(), Vec::new());
        for e in cat
            .entries()
            .filter(|e| cat.get_all(&e.def.number).len() == 1)
        {
            let n = e.def.number.clone();
            match e.def.card_type {
                CardType::ManeCharacter => m.push(n),
                CardType::Problem => p.push(n),
                _ => d.push(n),
            }
        }
        (m, p, d)
    })
}

fn cards(pick: Vec<(prop::sample::Index, u32)>, from: &[String]) -> Vec<DeckCard> {
    let mut out: Vec<DeckCard> = Vec::new();
    for (i, n) in pick {
        let number = i.get(from).clone();
        match out.iter_mut().find(|c| c.number == number) {
            Some(c) => c.count = (c.count + n).min(99),
            None => out.push(DeckCard::new(number, n)),
        }
    }
    out
}

fn arb_deck() -> impl Strategy<Value = Deck> {
    (
        prop::option::of("[A-Za-z0-9][A-Za-z0-9 ',!-]{0,20}[A-Za-z0-9]"),
        prop::collection::vec((any::<prop::sample::Index>(), 1u32..=2), 0..3),
        prop::collection::vec((any::<prop::sample::Index>(), 1u32..=3), 0..12),
        prop::collection::vec((any::<prop::sample::Index>(), 1u32..=4), 0..40),
    )
        .prop_map(|(name, m, p, d)| {
            let (mp, pp, dp) = pools();
            Deck {
                name: name.map(|n| n.split_whitespace().collect::<Vec<_>>().join(" ")),
                mane: cards(m, mp),
                problems: cards(p, pp),
                draw: cards(d, dp),
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn text_round_trip(deck in arb_deck()) {
        let t = write_text(&deck, res());
        let back = parse_text(&t, "t", res()).map_err(|e| TestCaseError::fail(format!("{e}\n{t}")))?;
        prop_assert!(back.same_cards(&deck), "{}", t);
        prop_assert_eq!(back.name, deck.name);
    }

    #[test]
    fn o8d_round_trip(deck in arb_deck()) {
        let x = write_o8d(&deck, res()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let back = parse_o8d(&x, "x", res()).map_err(|e| TestCaseError::fail(format!("{e}\n{x}")))?;
        prop_assert!(back.same_cards(&deck), "{}", x);
        prop_assert_eq!(back.name, deck.name);
    }

    #[test]
    fn text_parser_never_panics(src in ".{0,400}") {
        if let Err(e) = parse_text(&src, "f", res()) {
            prop_assert!(e.to_string().starts_with("f:"));
        }
    }

    #[test]
    fn text_parser_never_panics_on_deck_like_lines(
        lines in prop::collection::vec(
            prop_oneof![
                "[0-9]{0,4}[xX×]? ?[A-Za-z ,'!-]{0,30}",
                "\\[?[A-Za-z ]{0,15}\\]?:?",
                "[#/]{1,2}.{0,20}",
                "[0-9]{1,3} (PR|CN|EO|LL|T|NM)[0-9a-z]{0,4}",
            ],
            0..20,
        )
    ) {
        let src = lines.join("\n");
        let _ = parse_text(&src, "f", res());
    }

    #[test]
    fn o8d_parser_never_panics(src in ".{0,400}") {
        if let Err(e) = parse_o8d(&src, "f", res()) {
            prop_assert!(e.to_string().starts_with("f:"));
        }
        let _ = parse_deck(&src, "f.o8d");
    }

    #[test]
    fn o8d_parser_never_panics_on_xml_like_input(
        qty in "[-0-9a-z]{0,5}",
        id in "[0-9a-f-]{0,40}",
        section in "[A-Za-z ]{0,16}",
        title in "[A-Za-z <>&;\"']{0,12}",
        cut in 0usize..400,
    ) {
        let src = format!(
            "<?xml version=\"1.0\"?>\n<deck game=\"65656467-b709-43b2-a5c6-80c2f216adf9\">\n<section name=\"{section}\">\n<card qty=\"{qty}\" id=\"{id}\">{title}</card>\n</section>\n<notes><![CDATA[x]]></notes>\n</deck>\n"
        );
        let end = (0..=cut.min(src.len())).rev().find(|&i| src.is_char_boundary(i)).unwrap_or(0);
        for s in [&src[..], &src[..end]] {
            let _ = parse_o8d(s, "f", res());
        }
    }
}
