//! Finding the card a deck line means: by collector number, by full name
//! "Title, Subtitle" (201.1), or by a title alone when only one name has it
//! (201.1a: another subtitle is another name).

use crate::deck::Section;
use crate::formats;
use ponyccg_cards::{Catalogue, Entry, SetKind};
use ponyccg_core::card::CardType;
use std::collections::HashMap;

/// Names are matched as the catalogue matches them (case, accents, quotes and
/// punctuation ignored).
pub fn normalize(s: &str) -> String {
    ponyccg_cards::normalize_name(s)
}

/// Indexes over a catalogue for deck lists.
pub struct Resolver<'a> {
    cat: &'a Catalogue,
    by_full: HashMap<String, Vec<&'a Entry>>,
    by_title: HashMap<String, Vec<&'a Entry>>,
}

/// Why a reference matched no single card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unresolved {
    /// Nothing has that number or name; maybe a near miss.
    Unknown { suggestion: Option<String> },
    /// A title shared by several names.
    Ambiguous { candidates: Vec<String> },
    /// The card exists but its type does not belong in the section.
    WrongSection { card: String, card_type: CardType },
}

impl<'a> Resolver<'a> {
    pub fn new(cat: &'a Catalogue) -> Resolver<'a> {
        let mut by_full: HashMap<String, Vec<&Entry>> = HashMap::new();
        let mut by_title: HashMap<String, Vec<&Entry>> = HashMap::new();
        for e in cat.entries() {
            by_full
                .entry(normalize(&e.def.full_name()))
                .or_default()
                .push(e);
            by_title.entry(normalize(&e.def.title)).or_default().push(e);
        }
        Resolver {
            cat,
            by_full,
            by_title,
        }
    }

    /// The resolver over the built-in catalogue, built once.
    pub fn builtin() -> &'static Resolver<'static> {
        static R: std::sync::OnceLock<Resolver<'static>> = std::sync::OnceLock::new();
        R.get_or_init(|| Resolver::new(Catalogue::builtin()))
    }

    pub fn catalogue(&self) -> &'a Catalogue {
        self.cat
    }

    /// The card with this collector number, ignoring case and inner spaces.
    pub fn by_number(&self, number: &str) -> Option<&'a Entry> {
        let compact: String = number.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.is_empty() {
            return None;
        }
        self.cat.get(&compact)
    }

    /// Resolves a number or a name, as allowed in `section` (`None`: anywhere).
    pub fn resolve(
        &self,
        reference: &str,
        section: Option<Section>,
    ) -> Result<&'a Entry, Unresolved> {
        let fits = |e: &&Entry| section.is_none_or(|s| s.accepts(e.def.card_type));
        if let Some(e) = self.by_number(reference) {
            return if fits(&e) {
                Ok(e)
            } else {
                Err(Unresolved::WrongSection {
                    card: display(e),
                    card_type: e.def.card_type,
                })
            };
        }
        let key = normalize(reference);
        for index in [&self.by_full, &self.by_title] {
            let Some(all) = index.get(&key) else { continue };
            let fitting: Vec<&Entry> = all.iter().copied().filter(fits).collect();
            if fitting.is_empty() {
                let e = all[0];
                return Err(Unresolved::WrongSection {
                    card: display(e),
                    card_type: e.def.card_type,
                });
            }
            let mut names: Vec<String> = fitting.iter().map(|e| e.def.full_name()).collect();
            names.sort();
            names.dedup();
            if names.len() == 1 {
                return Ok(self.preferred_printing(&fitting));
            }
            let mut candidates: Vec<String> = fitting.iter().map(|e| display(e)).collect();
            candidates.sort();
            candidates.dedup();
            return Err(Unresolved::Ambiguous { candidates });
        }
        Err(Unresolved::Unknown {
            suggestion: self.cat.suggest(reference).map(display),
        })
    }

    /// Of several printings of one name, the earliest official one.
    fn preferred_printing(&self, printings: &[&'a Entry]) -> &'a Entry {
        let rank = |e: &Entry| {
            let kind = self.cat.set(&e.def.set).map(|s| s.kind);
            let kind_rank = match kind {
                Some(SetKind::Official) => 0,
                Some(SetKind::Promo) => 1,
                _ => 2,
            };
            let released = formats::set_release(&e.def.set).map(|s| s.released);
            let order = self
                .cat
                .set(&e.def.set)
                .map(|s| s.order)
                .unwrap_or(u32::MAX);
            (kind_rank, released.is_none(), released, order)
        };
        printings
            .iter()
            .copied()
            .min_by_key(|e| rank(e))
            .unwrap_or(printings[0])
    }

    /// The text a writer should put on a line for this card in this section: its
    /// full name when that reads back as the same card, else its number.
    pub fn reference_for(&self, e: &Entry, section: Option<Section>) -> String {
        let name = e.def.full_name();
        let safe = !name.contains('#') && !name.trim_end().ends_with(':') && !name.is_empty();
        match self.resolve(&name, section) {
            Ok(back) if safe && back.def.number == e.def.number && back.octgn_id == e.octgn_id => {
                name
            }
            _ => e.def.number.clone(),
        }
    }
}

/// "Applejack, Apple Vendor (CN2)".
pub fn display(e: &Entry) -> String {
    format!("{} ({})", e.def.full_name(), e.def.number)
}
