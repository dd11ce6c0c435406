//! Deck lists and format legality.
//!
//! - [`Deck`]: the Mane Character, the Problem deck and the draw deck as card
//!   numbers with counts; [`Deck::expand`] gives one catalogue entry per copy.
//! - Reading and writing: the plain-text list people type ([`parse_text`],
//!   [`write_text`], described in `crates/decks/README.md`) and OCTGN `.o8d` files
//!   ([`parse_o8d`], [`write_o8d`]). [`load_deck`] reads either, or a built-in
//!   theme deck by `theme:NAME`, a built-in constructed deck by `deck:NAME`
//!   ([`built_in_deck`]), or a seeded random Harmony deck by `random:SETS:SEED`
//!   ([`random`]).
//! - Legality: [`check`] against a [`Format`] on a [`Date`]; every violation at
//!   once, with the rule or format clause it breaks.

pub mod check;
pub mod date;
pub mod deck;
pub mod error;
pub mod formats;
pub mod o8d;
pub mod random;
pub mod resolve;
pub mod text;
mod theme;

pub use check::{check, Format, Report, Summary, Violation};
pub use date::Date;
pub use deck::{Deck, DeckCard, Part, Section};
pub use error::DeckError;
pub use formats::Block;
pub use o8d::{parse_o8d, write_o8d};
pub use random::{random_deck, Pool, PoolCounts};
pub use resolve::Resolver;
pub use text::{parse_text, write_text};
pub use theme::{theme_deck, theme_deck_names};

/// The two file forms of a deck list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckFormat {
    Text,
    O8d,
}

/// Which form a file is in: `.o8d` by its extension, or XML by its first
/// character; anything else is text.
pub fn detect_format(path: &str, contents: &str) -> DeckFormat {
    let lower = path.to_ascii_lowercase();
    let start = contents.trim_start_matches('\u{feff}').trim_start();
    if lower.ends_with(".o8d") || lower.ends_with(".xml") || start.starts_with('<') {
        DeckFormat::O8d
    } else {
        DeckFormat::Text
    }
}

/// Parses deck list contents in either form with the built-in catalogue.
pub fn parse_deck(contents: &str, file: &str) -> Result<Deck, DeckError> {
    let res = Resolver::builtin();
    match detect_format(file, contents) {
        DeckFormat::O8d => parse_o8d(contents, file, res),
        DeckFormat::Text => parse_text(contents, file, res),
    }
}

/// Built-in starter decks: our own lists of cards the engine plays today.
const STARTERS: &[(&str, &str)] = &[
    ("rainbow-dash", include_str!("../starters/rainbow-dash.txt")),
    ("fluttershy", include_str!("../starters/fluttershy.txt")),
];

/// Names of the built-in starter decks (`starter:NAME`).
pub fn starter_deck_names() -> Vec<&'static str> {
    STARTERS.iter().map(|(n, _)| *n).collect()
}

/// Built-in constructed decks (`deck:NAME`): our own Harmony-legal lists of
/// Premiere-block cards (CN, RR, CS, CG, AD) the engine plays today, one per colour pair,
/// named by their colours (`crates/decks/decks/`).
const BUILT_IN: &[(&str, &str)] = &[
    ("blue-purple", include_str!("../decks/blue-purple.txt")),
    ("purple-white", include_str!("../decks/purple-white.txt")),
    ("white-orange", include_str!("../decks/white-orange.txt")),
    ("orange-pink", include_str!("../decks/orange-pink.txt")),
    ("pink-yellow", include_str!("../decks/pink-yellow.txt")),
    ("yellow-blue", include_str!("../decks/yellow-blue.txt")),
];

/// Names of the built-in constructed decks (`deck:NAME`, without the prefix).
pub fn built_in_deck_names() -> Vec<&'static str> {
    BUILT_IN.iter().map(|(n, _)| *n).collect()
}

/// A built-in constructed deck by name, with or without the `deck:` prefix
/// (case-insensitive); an unknown name is an error listing the known ones.
pub fn built_in_deck(name: &str) -> Result<Deck, DeckError> {
    let n = name.trim();
    let n = n
        .strip_prefix("deck:")
        .unwrap_or(n)
        .trim()
        .to_ascii_lowercase();
    match BUILT_IN.iter().find(|(known, _)| *known == n) {
        Some((known, text)) => parse_deck(text, &format!("deck:{known}")),
        None => Err(DeckError::UnknownTheme {
            name: format!("deck:{n}"),
            known: BUILT_IN
                .iter()
                .map(|(k, _)| format!("deck:{k}"))
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}

/// Loads a deck: `deck:NAME` for a built-in constructed deck, `theme:NAME` for a
/// built-in theme deck, `starter:NAME` for a built-in starter deck,
/// `random:SETS:SEED` for a seeded random Harmony deck (see [`random`]), else a file in text or `.o8d` form, read with the built-in catalogue.
pub fn load_deck(path_or_name: &str) -> Result<Deck, DeckError> {
    if let Some(rest) = path_or_name.trim().strip_prefix("random:") {
        return random_deck(rest, Date::today(), ponyccg_cards::Catalogue::builtin());
    }
    if let Some(name) = path_or_name.trim().strip_prefix("starter:") {
        let Some((n, text)) = STARTERS
            .iter()
            .find(|(n, _)| *n == name.trim().to_ascii_lowercase())
        else {
            return Err(DeckError::UnknownTheme {
                name: name.to_string(),
                known: STARTERS
                    .iter()
                    .map(|(n, _)| format!("starter:{n}"))
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        };
        return parse_deck(text, &format!("starter:{n}"));
    }
    if path_or_name.trim().starts_with("deck:") {
        return built_in_deck(path_or_name);
    }
    if let Some(name) = path_or_name.trim().strip_prefix("theme:") {
        return theme_deck(name).ok_or_else(|| DeckError::UnknownTheme {
            name: name.to_string(),
            known: theme_deck_names()
                .iter()
                .map(|n| format!("theme:{n}"))
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    let bytes = read_limited(path_or_name)?;
    let contents = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        DeckError::Parse {
            file: path_or_name.to_string(),
            line,
            message: "the file is not UTF-8 text".into(),
        }
    })?;
    parse_deck(&contents, path_or_name)
}

/// The largest deck file read: a 60-card list in the most verbose form (an OCTGN
/// file with long comments) is a few tens of kilobytes.
pub const MAX_DECK_FILE_BYTES: u64 = 1 << 20;

/// Reads a deck file, refusing one larger than [`MAX_DECK_FILE_BYTES`] by its size
/// before reading it (or, for a pipe, as soon as it passes the limit).
fn read_limited(path: &str) -> Result<Vec<u8>, DeckError> {
    use std::io::Read as _;
    let io = |error| DeckError::Io {
        path: path.to_string(),
        error,
    };
    let too_large = |bytes| DeckError::TooLarge {
        path: path.to_string(),
        bytes,
        limit: MAX_DECK_FILE_BYTES,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let size = file.metadata().map_err(io)?.len();
    if size > MAX_DECK_FILE_BYTES {
        return Err(too_large(size));
    }
    let mut bytes = Vec::new();
    file.take(MAX_DECK_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_DECK_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// The OCTGN file a built-in theme deck was derived from (its file name).
pub fn theme_deck_source(name: &str) -> Option<&'static str> {
    theme::theme_source(name.strip_prefix("theme:").unwrap_or(name))
}
