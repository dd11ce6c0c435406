//! Stock cards: the plain Manes, Friends, Problems, Troublemakers and Events that card
//! scenarios need around the card they test, usable by name in any scenario without a
//! `[[card]]` table. A file's own `[[card]]` definitions come first, so a file may still
//! define a card of the same name; the built-in catalogue comes after.
//!
//! They are written as `[[card]]` tables and read by the same code as a file's own, so a
//! stock card is exactly the card its table would define.

use crate::compile::inline_card;
use crate::spec::{CardSpec, S};
use crate::Src;
use ponyccg_core::card::CardDef;
use serde::Deserialize;
use std::fmt::Write;
use std::sync::OnceLock;

pub(crate) const COLORS: [&str; 6] = ["Blue", "Orange", "Pink", "Purple", "White", "Yellow"];

/// The stock cards as `[[card]]` tables (documented in docs/scenarios.md).
pub(crate) fn text() -> String {
    let mut s = String::new();
    let mut card = |number: String, name: String, body: String| {
        let _ = writeln!(s, "[[card]]\nnumber = {number:?}\nname = {name:?}\n{body}");
    };
    for c in COLORS {
        let lc = c.to_lowercase();
        // Home Limit 3 (the usual) and 5 (room for more Friends at home).
        card(
            format!("{c}Mane"),
            format!("{c} Mane"),
            format!(
                "type = \"mane\"\ncolors = [\"{lc}\"]\npower = 1\nkeywords = [\"Home Limit 3\"]"
            ),
        );
        card(
            format!("{c}ManeHL5"),
            format!("{c} Mane HL5"),
            format!(
                "type = \"mane\"\ncolors = [\"{lc}\"]\npower = 1\nkeywords = [\"Home Limit 5\"]"
            ),
        );
        for p in 1..=9 {
            card(
                format!("{c}Friend{p}"),
                format!("{c} Friend {p}"),
                format!("type = \"friend\"\ncolors = [\"{lc}\"]\npower = {p}\ncost = 1"),
            );
        }
        // Out of reach of either side with plain cards: nothing is confronted by chance.
        for bonus in [1, 2] {
            let (number, name) = if bonus == 1 {
                (format!("{c}Problem"), format!("{c} Problem"))
            } else {
                (
                    format!("{c}Problem{bonus}"),
                    format!("{c} Problem Bonus {bonus}"),
                )
            };
            card(
                number,
                name,
                format!(
                    "type = \"problem\"\nconfront = [\"9 {lc}\"]\nopponent = 9\nbonus = {bonus}\nstarting = true"
                ),
            );
        }
    }
    for p in 1..=6 {
        card(
            format!("Troublemaker{p}"),
            format!("Troublemaker {p}"),
            format!("type = \"troublemaker\"\npower = {p}\npoints = 1"),
        );
        card(
            format!("Event{p}"),
            format!("Event {p}"),
            format!("type = \"event\"\npower = {p}\ncost = 1"),
        );
    }
    s
}

#[derive(Deserialize)]
struct File {
    card: Vec<S<CardSpec>>,
}

/// The stock cards, read once.
pub(crate) fn cards() -> &'static [CardDef] {
    static CARDS: OnceLock<Vec<CardDef>> = OnceLock::new();
    CARDS.get_or_init(|| {
        let text = text();
        let src = Src::new("<stock cards>", &text);
        // The text above is fixed; the crate's tests read it, so it never fails here.
        let file: File = toml::from_str(&text).unwrap_or(File { card: Vec::new() });
        file.card
            .iter()
            .filter_map(|c| inline_card(&src, c).ok())
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stock_card_reads_and_none_shares_a_name_or_number() {
        let text = text();
        let file: File = toml::from_str(&text).expect("stock cards are TOML");
        let n = file.card.len();
        assert_eq!(cards().len(), n, "every stock card compiles");
        let mut seen = std::collections::HashSet::new();
        for d in cards() {
            assert!(seen.insert(d.number.to_lowercase()), "{}", d.number);
            assert!(
                seen.insert(d.full_name().to_lowercase()),
                "{}",
                d.full_name()
            );
        }
    }

    #[test]
    fn no_stock_card_hides_a_catalogue_card() {
        let cat = ponyccg_cards::Catalogue::builtin();
        for d in cards() {
            assert!(cat.get(&d.number).is_none(), "{}", d.number);
            assert!(
                cat.find_name(&d.full_name()).is_empty(),
                "{}",
                d.full_name()
            );
        }
    }
}
