//! How this crate reads card facts. The built-in catalogue implements
//! [`CardLookup`]; tests can use a [`CardList`] of hand-made facts.

use ponyccg_core::card::CardDef;

/// Read access to card facts by collector number and by set.
pub trait CardLookup {
    /// The card with this collector number (e.g. "PR12"), if known.
    fn card(&self, number: &str) -> Option<&CardDef>;
    /// Every card whose set code is `set` (e.g. "PR"), in a stable order.
    fn set_cards(&self, set: &str) -> Vec<&CardDef>;
}

/// A plain list of card facts.
#[derive(Clone, Debug, Default)]
pub struct CardList {
    pub cards: Vec<CardDef>,
}

impl CardList {
    pub fn new(cards: Vec<CardDef>) -> CardList {
        CardList { cards }
    }
}

impl CardLookup for CardList {
    fn card(&self, number: &str) -> Option<&CardDef> {
        self.cards
            .iter()
            .find(|c| c.number.eq_ignore_ascii_case(number))
    }
    fn set_cards(&self, set: &str) -> Vec<&CardDef> {
        self.cards
            .iter()
            .filter(|c| c.set.eq_ignore_ascii_case(set))
            .collect()
    }
}

impl CardLookup for ponyccg_cards::Catalogue {
    fn card(&self, number: &str) -> Option<&CardDef> {
        self.get(number).map(|e| &e.def)
    }
    fn set_cards(&self, set: &str) -> Vec<&CardDef> {
        self.entries()
            .filter(|e| e.def.set.eq_ignore_ascii_case(set))
            .map(|e| &e.def)
            .collect()
    }
}
