//! The keyword Teamwork (glossary): a Friend's other Friends at its area, controlled by
//! the same player and sharing a trait with it, have its other printed abilities too.
//!
//! Granted abilities are never stored: they are found as a card's abilities are read
//! (`Game::abilities`), so they start and stop with the situation, like any other
//! continuous effect (708.5). The receiving Friend reads them as its own: "this card" is
//! the receiver. Traits are compared as printed, so an ability that gives traits can't
//! decide which cards receive it (711.5).

use super::script::Ability;
use crate::card::{CardType, Keyword};
use crate::game::Game;
use crate::ids::{CardId, Zone};

/// A card's abilities now: those of its face-up side, then those Teamwork cards give it.
/// Indexes run through both, in that order.
#[derive(Clone, Debug, Default)]
pub struct AbilityList<'a> {
    own: &'a [Ability],
    granted: Vec<&'a [Ability]>,
}

impl<'a> AbilityList<'a> {
    #[inline]
    pub(crate) fn of(own: &'a [Ability]) -> AbilityList<'a> {
        AbilityList {
            own,
            granted: Vec::new(),
        }
    }

    #[inline]
    pub fn iter(&self) -> Iter<'a, std::iter::Copied<std::slice::Iter<'_, &'a [Ability]>>> {
        Iter {
            cur: self.own.iter(),
            rest: self.granted.iter().copied(),
        }
    }

    pub fn get(&self, i: usize) -> Option<&'a Ability> {
        self.iter().nth(i)
    }

    pub fn len(&self) -> usize {
        self.own.len() + self.granted.iter().map(|s| s.len()).sum::<usize>()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The abilities of an [`AbilityList`], own first. (A plain loop over slices: this runs
/// on the engine's hottest path, where most cards have no granted abilities.)
pub struct Iter<'a, I> {
    cur: std::slice::Iter<'a, Ability>,
    rest: I,
}

impl<'a, I: Iterator<Item = &'a [Ability]>> Iterator for Iter<'a, I> {
    type Item = &'a Ability;
    #[inline]
    fn next(&mut self) -> Option<&'a Ability> {
        loop {
            if let Some(a) = self.cur.next() {
                return Some(a);
            }
            self.cur = self.rest.next()?.iter();
        }
    }
}

impl<'a> IntoIterator for AbilityList<'a> {
    type Item = &'a Ability;
    type IntoIter = Iter<'a, std::vec::IntoIter<&'a [Ability]>>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        Iter {
            cur: self.own.iter(),
            rest: self.granted.into_iter(),
        }
    }
}

impl Game {
    /// The Teamwork cards giving `c` their other printed abilities now, in the order
    /// they entered play. Empty at no cost unless some card of the game has Teamwork.
    #[inline]
    pub(crate) fn teamwork_grantors(&self, c: CardId) -> Vec<CardId> {
        if !self.facts.teamwork {
            return Vec::new();
        }
        self.teamwork_grantors_scan(c)
    }

    #[inline(never)]
    fn teamwork_grantors_scan(&self, c: CardId) -> Vec<CardId> {
        let k = self.card(c);
        if k.zone != crate::ids::Zone::Play
            || k.face_down
            || self.def(c).card_type != CardType::Friend
        {
            return Vec::new();
        }
        let traits = &self.face(c).traits;
        self.st
            .in_play
            .iter()
            .copied()
            .filter(|&g| {
                let t = self.card(g);
                g != c
                    && !t.face_down
                    && t.zone == Zone::Play
                    && t.controller == k.controller
                    && t.area == k.area
                    && self.face(g).keywords.contains(&Keyword::Teamwork)
                    && !self.keyword_lost(g, Keyword::Teamwork)
                    && !self.lacks_abilities(g)
                    && self
                        .face(g)
                        .traits
                        .iter()
                        .any(|x| traits.iter().any(|y| y.eq_ignore_ascii_case(x)))
            })
            .collect()
    }

    /// The keywords Teamwork cards give `c` (every printed keyword of theirs but
    /// Teamwork itself).
    #[inline]
    pub(crate) fn granted_keywords(&self, c: CardId) -> Vec<Keyword> {
        let mut out = Vec::new();
        if !self.facts.teamwork {
            return out;
        }
        for g in self.teamwork_grantors(c) {
            for &k in &self.face(g).keywords {
                if k != Keyword::Teamwork && !out.contains(&k) {
                    out.push(k);
                }
            }
        }
        // Every printed keyword of the card it took its abilities from (AD202).
        if let Some(g) = self.abilities_of(c) {
            for &k in &self.def(g).face.keywords {
                if !out.contains(&k) {
                    out.push(k);
                }
            }
        }
        out
    }

    /// The printed keywords of `c`'s face-up side and those Teamwork gives it.
    pub(crate) fn printed_and_granted_keywords(&self, c: CardId) -> Vec<Keyword> {
        let mut out = self.face(c).keywords.clone();
        for k in self.granted_keywords(c) {
            if !out.contains(&k) {
                out.push(k);
            }
        }
        out
    }

    /// [`Game::abilities`] with the Teamwork grants added.
    #[inline(never)]
    pub(crate) fn abilities_with_grants(&self, c: CardId) -> AbilityList<'_> {
        if self.card(c).face_down {
            return AbilityList::default();
        }
        let mut list = AbilityList::of(&self.face(c).abilities);
        for g in self.teamwork_grantors(c) {
            list.granted.push(&self.def(g).face.abilities);
        }
        if let Some(g) = self.abilities_of(c) {
            list.granted.push(&self.def(g).face.abilities);
        }
        list
    }
}
