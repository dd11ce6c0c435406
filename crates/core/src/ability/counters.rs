//! Named counters (519.1–519.3): markers with a name ("Harmony", "Time") that cards put
//! on cards and count. +1 power counters are the card's own `power_counters` (519.4).
//!
//! They are kept apart from the cards, in one short list of the game state, because
//! few cards use them: each entry remembers the object it was put on, so a card that
//! becomes a new object has none (519.3a, 410.6) without anything having to clear them.

use crate::game::Game;
use crate::ids::{CardId, PlayerId, Zone};
use serde::{Deserialize, Serialize};

/// A kind of counter (519): +1 power counters (519.4), or counters of a name, by the
/// name's place in the game's list of counter names (`Game::counter`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Counter {
    Power,
    Named(u8),
}

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

    /// The kinds of counters a card has (519), for a choice of "a counter on it": +1
    /// power counters as `None` (-1 counters are not removed, 519.4), then each name
    /// in the order it was first put on the card.
    pub(crate) fn counter_kinds(&self, c: CardId) -> Vec<Option<String>> {
        let obj = self.card(c).object;
        let mut kinds = Vec::new();
        if self.card(c).power_counters > 0 {
            kinds.push(None);
        }
        for n in &self.st.named_counters {
            if n.card == c && n.object == obj && n.count > 0 {
                kinds.push(Some(n.name.clone()));
            }
        }
        kinds
    }

    /// 701.3: a card that has left play is read as it was in play, so its named
    /// counters as it left stay readable (`Counters(This, ..)` after retiring it as a
    /// cost, CG202) until it changes zones again; nothing puts counters on a card out
    /// of play, and the card has none once it is back in play (a new object, 519.3a).
    pub(crate) fn keep_last_known_counters(&mut self, c: CardId, left: u32) {
        let now = self.card(c).object;
        for n in self.st.named_counters.iter_mut() {
            if n.card == c && n.object == left {
                n.object = now;
            }
        }
    }

    /// 701.3: a card that has left play is read as it was in play, so its power as it
    /// left stays readable (`Power(It)` for a defeated Troublemaker, CN147) until it
    /// changes zones again; entries for cards that have since moved are dropped here.
    pub(crate) fn keep_last_known_power(&mut self, c: CardId, power: i16) {
        let cards = &self.st.cards;
        self.st
            .last_power
            .retain(|&(x, object, _)| x != c && cards[x.index()].object == object);
        let object = self.card(c).object;
        self.st.last_power.push((c, object, power));
    }

    /// 701.3: a card's controller as it left play, kept as its power is
    /// ([`Game::keep_last_known_power`]).
    pub(crate) fn keep_last_known_controller(&mut self, c: CardId, controller: PlayerId) {
        let cards = &self.st.cards;
        self.st
            .last_controller
            .retain(|&(x, object, _)| x != c && cards[x.index()].object == object);
        let object = self.card(c).object;
        self.st.last_controller.push((c, object, controller));
    }

    /// The controller of card `c` (701.3): in play its controller; out of play, who
    /// controlled it as it left play while it stays where it went, else its owner.
    pub(crate) fn last_known_controller(&self, c: CardId) -> PlayerId {
        let k = self.card(c);
        if k.zone == Zone::Play {
            return k.controller;
        }
        self.st
            .last_controller
            .iter()
            .find(|&&(x, o, _)| x == c && o == k.object)
            .map_or(k.controller, |&(_, _, p)| p)
    }

    /// The power a card out of play had as it left play, while it stays where it went.
    pub(crate) fn last_known_power(&self, c: CardId) -> Option<i16> {
        let object = self.card(c).object;
        self.st
            .last_power
            .iter()
            .find(|&&(x, o, _)| x == c && o == object)
            .map(|&(_, _, p)| p)
    }

    /// The counter kind of a name, adding the name to the game's list the first time.
    pub(crate) fn counter(&mut self, name: &str) -> Counter {
        let names = &mut self.st.books.counter_names;
        let i = match names.iter().position(|n| n.eq_ignore_ascii_case(name)) {
            Some(i) => i,
            None => {
                names.push(name.to_string());
                names.len() - 1
            }
        };
        Counter::Named(u8::try_from(i).unwrap_or(u8::MAX))
    }

    /// The name of a kind of counter, for logs.
    pub fn counter_name(&self, counter: Counter) -> &str {
        match counter {
            Counter::Power => "+1 power",
            Counter::Named(i) => self
                .st
                .books
                .counter_names
                .get(i as usize)
                .map_or("?", String::as_str),
        }
    }

    /// How many counters of a kind could be removed from a card: its +1 power counters
    /// (-1 counters are not removed, 519.4), or its counters of the name.
    pub(crate) fn counters_removable(&self, c: CardId, counter: Counter) -> u16 {
        match counter {
            Counter::Power => u16::try_from(self.card(c).power_counters.max(0)).unwrap_or(0),
            Counter::Named(_) => self.counters_named(c, self.counter_name(counter)),
        }
    }

    /// Changes a card's counters of a kind by `delta` (the occurrence checked it may).
    pub(crate) fn change_counters(&mut self, c: CardId, counter: Counter, delta: i16) {
        match counter {
            Counter::Power => {
                let k = self.card_mut(c);
                k.power_counters = k.power_counters.saturating_add(delta);
            }
            Counter::Named(_) => {
                let name = self.counter_name(counter).to_string();
                if delta > 0 {
                    self.add_named(c, &name, delta.unsigned_abs());
                } else {
                    self.take_named(c, &name, delta.unsigned_abs());
                }
            }
        }
    }

    /// 519: puts counters on a card in play, through the occurrence path.
    pub(crate) fn put_counters(&mut self, c: CardId, name: &str, n: u16) {
        let counter = self.counter(name);
        self.perform(crate::rules::occurrence::Occurrence::PutCounters {
            card: c,
            counter,
            n: i16::try_from(n).unwrap_or(i16::MAX),
        });
    }

    /// 519: removes up to `n` counters of a name (all of them with `None`) through the
    /// occurrence path; returns how many were removed.
    pub(crate) fn remove_counters(&mut self, c: CardId, name: &str, n: Option<u16>) -> u16 {
        let counter = self.counter(name);
        let removed = n
            .map_or(u16::MAX, |n| n)
            .min(self.counters_removable(c, counter));
        self.perform(crate::rules::occurrence::Occurrence::RemoveCounters {
            card: c,
            counter,
            n: removed,
        });
        removed
    }

    fn add_named(&mut self, c: CardId, name: &str, n: u16) {
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

    fn take_named(&mut self, c: CardId, name: &str, removed: u16) {
        if removed > 0 {
            let obj = self.card(c).object;
            for x in self.st.named_counters.iter_mut() {
                if x.card == c && x.object == obj && x.name.eq_ignore_ascii_case(name) {
                    x.count -= removed;
                }
            }
            self.st.named_counters.retain(|x| x.count > 0);
        }
    }
}
