//! Named counters (519.1–519.3): markers with a name ("Harmony", "Time") that cards put
//! on cards and count. +1 power counters are the card's own `power_counters` (519.4).
//!
//! They are kept apart from the cards, in one short list of the game state, because
//! few cards use them: each entry remembers the object it was put on, so a card that
//! becomes a new object has none (519.3a, 410.6) without anything having to clear them.

use crate::game::Game;
use crate::ids::CardId;

/// Counters of one name on one object.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedCounters {
    pub card: CardId,
    pub object: u32,
    pub name: String,
    pub count: u16,
}

impl Game {
    /// How many counters of a name the card has (519.2).
    pub fn counters_named(&self, c: CardId, name: &str) -> u16 {
        let obj = self.card(c).object;
        self.st
            .named_counters
            .iter()
            .find(|n| n.card == c && n.object == obj && n.name.eq_ignore_ascii_case(name))
            .map_or(0, |n| n.count)
    }

    /// Puts counters of a name on a card in play.
    pub(crate) fn put_counters(&mut self, c: CardId, name: &str, n: u16) {
        if n == 0 || self.card(c).zone != crate::ids::Zone::Play {
            return;
        }
        let obj = self.card(c).object;
        // Entries of objects the card no longer is are dropped as it gains new ones.
        self.st
            .named_counters
            .retain(|x| x.card != c || x.object == obj);
        match self
            .st
            .named_counters
            .iter_mut()
            .find(|x| x.card == c && x.name.eq_ignore_ascii_case(name))
        {
            Some(x) => x.count = x.count.saturating_add(n),
            None => self.st.named_counters.push(NamedCounters {
                card: c,
                object: obj,
                name: name.to_string(),
                count: n,
            }),
        }
    }

    /// Removes up to `n` counters of a name (all of them with `None`); returns how many
    /// were removed.
    pub(crate) fn remove_counters(&mut self, c: CardId, name: &str, n: Option<u16>) -> u16 {
        let have = self.counters_named(c, name);
        let removed = n.map_or(have, |n| n.min(have));
        if removed > 0 {
            let obj = self.card(c).object;
            for x in self.st.named_counters.iter_mut() {
                if x.card == c && x.object == obj && x.name.eq_ignore_ascii_case(name) {
                    x.count -= removed;
                }
            }
            self.st.named_counters.retain(|x| x.count > 0);
        }
        removed
    }
}
