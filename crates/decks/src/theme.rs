//! The twelve Premiere theme decks (original and enhanced), as our own lists of
//! collector numbers and counts. They were derived once from the community's OCTGN
//! deck files (GameMasterLuna/MLPCCG-OCTGN, `Decks/`); a test reads those files,
//! where present, and checks that the lists still agree.
//!
//! Reached by `theme:NAME` in [`crate::load_deck`].

use crate::deck::{Deck, Part};

pub(crate) struct ThemeDeck {
    pub name: &'static str,
    /// The OCTGN file the list was derived from.
    pub file: &'static str,
    pub mane: &'static str,
    pub problems: &'static [(&'static str, u32)],
    pub draw: &'static [(&'static str, u32)],
}

impl ThemeDeck {
    pub fn deck(&self) -> Deck {
        let mut d = Deck::new();
        d.name = Some(format!("theme:{}", self.name));
        d.add(Part::Mane, self.mane, 1);
        for (n, c) in self.problems {
            d.add(Part::Problems, n, *c);
        }
        for (n, c) in self.draw {
            d.add(Part::Draw, n, *c);
        }
        d
    }
}

/// The short names of the built-in theme decks (without the `theme:` prefix).
pub fn theme_deck_names() -> &'static [&'static str] {
    &[
        "applejack",
        "applejack-enhanced",
        "fluttershy",
        "fluttershy-enhanced",
        "pinkie-pie",
        "pinkie-pie-enhanced",
        "rainbow-dash",
        "rainbow-dash-enhanced",
        "rarity",
        "rarity-enhanced",
        "twilight-sparkle",
        "twilight-sparkle-enhanced",
    ]
}

/// A built-in theme deck by short name, with or without the `theme:` prefix
/// (case-insensitive).
pub fn theme_deck(name: &str) -> Option<Deck> {
    let n = name.trim();
    let n = n.strip_prefix("theme:").unwrap_or(n).to_ascii_lowercase();
    THEME_DECKS
        .iter()
        .find(|t| t.name == n)
        .map(ThemeDeck::deck)
}

pub(crate) fn theme_source(name: &str) -> Option<&'static str> {
    THEME_DECKS.iter().find(|t| t.name == name).map(|t| t.file)
}

#[rustfmt::skip]
pub(crate) const THEME_DECKS: &[ThemeDeck] = &[
    ThemeDeck {
        name: "applejack",
        file: "Applejack Theme Deck.o8d",
        mane: "PR2",
        problems: &[("PR177", 2), ("PR190", 2), ("PR182", 1), ("PR162", 2), ("PR175", 2), ("PR189", 1)],
        draw: &[("PR63", 2), ("PR52", 2), ("PR54", 3), ("PR55", 3), ("PR60", 2), ("PR58", 2), ("PR26", 2), ("PR22", 2), ("PR25", 2), ("PR28", 2), ("PR29", 2), ("PR33", 2), ("PR30", 2), ("PR135", 2), ("PR149", 1), ("PR142", 2), ("PR139", 2), ("PR98", 3), ("PR102", 1), ("PR109", 1), ("PR111", 1), ("PR157", 2), ("PR155", 2)],
    },
    ThemeDeck {
        name: "applejack-enhanced",
        file: "Applejack Theme Enhanced.o8d",
        mane: "PR2",
        problems: &[("PR177", 2), ("PR190", 2), ("PR162", 2), ("PR175", 2), ("PR195", 2)],
        draw: &[("PR63", 2), ("PR54", 3), ("PR55", 3), ("PR60", 3), ("PR58", 2), ("PR28", 3), ("PR29", 3), ("PR33", 3), ("PR30", 2), ("PR64", 2), ("PR149", 3), ("PR150", 2), ("PR102", 2), ("PR109", 2), ("PR111", 2), ("PR112", 1), ("PR157", 2), ("PR160", 2), ("PR158", 1), ("PR159", 2)],
    },
    ThemeDeck {
        name: "fluttershy",
        file: "Fluttershy Theme Deck.o8d",
        mane: "PR6",
        problems: &[("PR164", 2), ("PR161", 1), ("PR183", 2), ("PR191", 2), ("PR190", 2), ("PR173", 1)],
        draw: &[("PR87", 2), ("PR81", 2), ("PR80", 2), ("PR86", 2), ("PR85", 2), ("PR92", 2), ("PR94", 2), ("PR22", 2), ("PR25", 2), ("PR28", 2), ("PR29", 3), ("PR30", 2), ("PR33", 3), ("PR139", 2), ("PR134", 1), ("PR149", 2), ("PR148", 2), ("PR100", 3), ("PR111", 1), ("PR116", 1), ("PR130", 1), ("PR160", 2), ("PR158", 2)],
    },
    ThemeDeck {
        name: "fluttershy-enhanced",
        file: "Fluttershy Theme Enhanced.o8d",
        mane: "PR6",
        problems: &[("PR164", 2), ("PR161", 2), ("PR191", 2), ("PR190", 2), ("PR194", 2)],
        draw: &[("PR81", 3), ("PR80", 3), ("PR85", 3), ("PR92", 2), ("PR28", 2), ("PR29", 3), ("PR30", 2), ("PR33", 3), ("PR26", 3), ("PR84", 2), ("PR134", 1), ("PR149", 2), ("PR148", 3), ("PR116", 2), ("PR130", 1), ("PR108", 3), ("PR123", 1), ("PR160", 3), ("PR158", 1), ("PR159", 2)],
    },
    ThemeDeck {
        name: "pinkie-pie",
        file: "Pinkie Pie Theme Deck.o8d",
        mane: "PR3",
        problems: &[("PR192", 2), ("PR185", 2), ("PR169", 1), ("PR184", 2), ("PR170", 2), ("PR174", 1)],
        draw: &[("PR38", 2), ("PR36", 2), ("PR37", 3), ("PR40", 2), ("PR42", 2), ("PR48", 2), ("PR71", 2), ("PR73", 2), ("PR76", 2), ("PR75", 2), ("PR78", 2), ("PR79", 3), ("PR44", 2), ("PR143", 2), ("PR144", 1), ("PR147", 2), ("PR141", 2), ("PR96", 3), ("PR110", 1), ("PR113", 1), ("PR107", 1), ("PR157", 2), ("PR155", 2)],
    },
    ThemeDeck {
        name: "pinkie-pie-enhanced",
        file: "Pinkie Pie Theme Enhanced (fixed).o8d",
        mane: "PR3",
        problems: &[("PR192", 2), ("PR185", 2), ("PR170", 2), ("PR174", 2), ("PR180", 2)],
        draw: &[("PR38", 3), ("PR36", 3), ("PR37", 3), ("PR48", 2), ("PR76", 3), ("PR75", 3), ("PR79", 3), ("PR77", 3), ("PR46", 2), ("PR143", 2), ("PR131", 2), ("PR110", 3), ("PR113", 3), ("PR114", 2), ("PR118", 2), ("PR157", 3), ("PR159", 2), ("PR158", 1)],
    },
    ThemeDeck {
        name: "rainbow-dash",
        file: "Rainbow Dash Theme Deck.o8d",
        mane: "PR1",
        problems: &[("PR178", 1), ("PR168", 2), ("PR167", 2), ("PR170", 2), ("PR174", 1), ("PR176", 2)],
        draw: &[("PR13", 2), ("PR7", 2), ("PR8", 2), ("PR9", 1), ("PR12", 2), ("PR14", 2), ("PR16", 1), ("PR20", 3), ("PR70", 2), ("PR73", 2), ("PR78", 2), ("PR76", 2), ("PR79", 3), ("PR71", 2), ("PR136", 2), ("PR140", 1), ("PR141", 2), ("PR147", 2), ("PR97", 3), ("PR103", 1), ("PR107", 1), ("PR120", 1), ("PR160", 2), ("PR158", 2)],
    },
    ThemeDeck {
        name: "rainbow-dash-enhanced",
        file: "Rainbow Dash Theme Enhanced.o8d",
        mane: "PR1",
        problems: &[("PR168", 2), ("PR167", 2), ("PR170", 2), ("PR174", 2), ("PR171", 2)],
        draw: &[("PR13", 3), ("PR7", 2), ("PR8", 2), ("PR9", 2), ("PR14", 3), ("PR70", 2), ("PR78", 2), ("PR76", 3), ("PR79", 3), ("PR75", 2), ("PR77", 2), ("PR151", 3), ("PR136", 2), ("PR120", 1), ("PR118", 2), ("PR127", 3), ("PR160", 3), ("PR157", 3), ("PR159", 2)],
    },
    // The source's file for this deck holds Rainbow Dash's Problems and draw deck under
    // Rarity's Mane (checked against the file itself), so this list does too: a Rarity Mane
    // over blue cards, not the white deck that was sold. We don't invent a list; a correct
    // one replaces this when a source gives it.
    ThemeDeck {
        name: "rarity",
        file: "Rarity Theme Deck.o8d",
        mane: "PR5",
        problems: &[("PR178", 1), ("PR168", 2), ("PR167", 2), ("PR170", 2), ("PR174", 1), ("PR176", 2)],
        draw: &[("PR13", 2), ("PR7", 2), ("PR8", 2), ("PR9", 1), ("PR12", 2), ("PR14", 2), ("PR16", 1), ("PR20", 3), ("PR70", 2), ("PR73", 2), ("PR78", 2), ("PR76", 2), ("PR79", 3), ("PR71", 2), ("PR136", 2), ("PR140", 1), ("PR141", 2), ("PR147", 2), ("PR97", 3), ("PR103", 1), ("PR107", 1), ("PR120", 1), ("PR160", 2), ("PR158", 2)],
    },
    ThemeDeck {
        name: "rarity-enhanced",
        file: "Rarity Theme Deck Enhanced (fixed).o8d",
        mane: "PR5",
        problems: &[("PR168", 2), ("PR170", 2), ("PR174", 2), ("PR180", 2), ("PR167", 2)],
        draw: &[("PR13", 2), ("PR7", 2), ("PR9", 2), ("PR12", 3), ("PR14", 2), ("PR20", 3), ("PR70", 2), ("PR78", 2), ("PR79", 3), ("PR75", 3), ("PR77", 2), ("PR133", 3), ("PR151", 2), ("PR103", 2), ("PR107", 1), ("PR118", 3), ("PR127", 2), ("PR160", 3), ("PR158", 1), ("PR159", 2)],
    },
    ThemeDeck {
        name: "twilight-sparkle",
        file: "Twilight Sparkle Theme Deck.o8d",
        mane: "PR4",
        problems: &[("PR177", 2), ("PR190", 2), ("PR182", 1), ("PR162", 2), ("PR175", 2), ("PR189", 1)],
        draw: &[("PR63", 2), ("PR52", 2), ("PR54", 3), ("PR55", 3), ("PR60", 2), ("PR58", 2), ("PR26", 2), ("PR22", 2), ("PR25", 2), ("PR28", 2), ("PR29", 2), ("PR33", 2), ("PR30", 2), ("PR135", 2), ("PR149", 1), ("PR142", 2), ("PR139", 2), ("PR98", 3), ("PR102", 1), ("PR109", 1), ("PR111", 1), ("PR157", 2), ("PR155", 2)],
    },
    ThemeDeck {
        name: "twilight-sparkle-enhanced",
        file: "Twilight Sparkle Theme Enhanced.o8d",
        mane: "PR4",
        problems: &[("PR177", 2), ("PR190", 2), ("PR162", 2), ("PR175", 2), ("PR188", 2)],
        draw: &[("PR63", 2), ("PR55", 3), ("PR60", 3), ("PR58", 2), ("PR26", 3), ("PR28", 2), ("PR29", 2), ("PR33", 3), ("PR30", 2), ("PR64", 2), ("PR23", 1), ("PR149", 3), ("PR150", 3), ("PR102", 1), ("PR109", 2), ("PR111", 1), ("PR126", 2), ("PR124", 2), ("PR157", 2), ("PR160", 2), ("PR159", 2)],
    },
];
