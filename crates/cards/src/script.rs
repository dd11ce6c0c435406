//! Ability scripts: `cards/scripts/*.ron`, one RON map per file from collector number to
//! the card's abilities, deserialised straight into the engine's typed [`Ability`]
//! values. A card with a script is playable; the facts files are untouched, so the
//! importer can be re-run without losing scripts.
//!
//! ```text
//! {
//!     "PR21": (abilities: [Triggered(when: (on: Moved, by: You, card: This, at: AProblem),
//!              effects: [Until(target: This, effect: Power(amount: N(1)), duration: EndOfTurn)])]),
//!     "PR1": (abilities: [...], boosted: [...]),
//! }
//! ```

use crate::error::{CatalogueError, Location};
use ponyccg_core::ability::Ability;
use serde::Deserialize;
use std::collections::BTreeMap;

/// One card's script: the abilities of its front (Start side) and of a Mane Character's
/// Boosted side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardScript {
    #[serde(default)]
    pub abilities: Vec<Ability>,
    #[serde(default)]
    pub boosted: Vec<Ability>,
}

/// A parsed script file: scripts by card number, each with the line it starts on.
pub type ScriptFile = BTreeMap<String, (usize, CardScript)>;

/// The card key whose entry holds `line` (the last `"XX":` key at or before it).
fn card_at(text: &str, line: usize) -> Option<String> {
    keys(text)
        .into_iter()
        .rev()
        .find(|(l, _)| *l <= line)
        .map(|(_, k)| k)
}

/// Every `"NUMBER":` key of a script map, with its line (1-based).
fn keys(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let t = l.trim_start();
        if let Some(rest) = t.strip_prefix('"') {
            if let Some(end) = rest.find('"') {
                if rest[end + 1..].trim_start().starts_with(':') {
                    out.push((i + 1, rest[..end].to_string()));
                }
            }
        }
    }
    out
}

/// Parses one script file. Errors name the file, the line and the card.
pub fn parse_script_file(file: &str, text: &str) -> Result<ScriptFile, CatalogueError> {
    let map: BTreeMap<String, CardScript> = ron::from_str(text).map_err(|e| {
        let line = e.span.start.line;
        CatalogueError::Syntax {
            at: Location {
                file: file.to_string(),
                line,
                card: card_at(text, line),
            },
            message: e.code.to_string(),
        }
    })?;
    let keys = keys(text);
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for (line, k) in &keys {
        if let Some(first) = seen.insert(k, *line) {
            return Err(CatalogueError::Invalid {
                at: Location {
                    file: file.to_string(),
                    line: *line,
                    card: Some(k.clone()),
                },
                message: format!("a second script for {k} (the first is at line {first})"),
            });
        }
    }
    Ok(map
        .into_iter()
        .map(|(k, v)| {
            let line = keys.iter().find(|(_, x)| *x == k).map_or(1, |(l, _)| *l);
            (k, (line, v))
        })
        .collect())
}

/// Parses a list of abilities written in the script language, e.g. inline in a
/// scenario file. The error carries the line and column within `text`.
pub fn parse_abilities(text: &str) -> Result<Vec<Ability>, (usize, usize, String)> {
    ron::from_str(text).map_err(|e| (e.span.start.line, e.span.start.col, e.code.to_string()))
}
