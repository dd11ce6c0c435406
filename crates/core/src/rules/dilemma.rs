//! Dilemmas (522): cards with the Dilemma trait come into play as Problems, each at an
//! area of its own that lasts only as long as the Dilemma stays in play.

use crate::card::CardType;
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};

impl Game {
    /// Whether `c` is a Dilemma in play: a Problem there whatever it is printed as
    /// (522.1).
    #[inline]
    pub fn is_dilemma_in_play(&self, c: CardId) -> bool {
        // A trait search on the hot path of every type test: skipped unless the game has
        // a Dilemma at all.
        self.facts.dilemmas && self.card(c).zone == Zone::Play && self.def(c).is_dilemma()
    }

    /// The card's type as the rules read it now: its printed type, except that a
    /// Dilemma in play is a Problem and nothing else (522.1).
    #[inline]
    pub fn card_type(&self, c: CardId) -> CardType {
        if self.is_dilemma_in_play(c) {
            CardType::Problem
        } else {
            self.def(c).card_type
        }
    }

    /// The area a card enters play at when it is put at `at`: a Dilemma always enters at
    /// its own area, never at a home or another Problem (522.2).
    pub(crate) fn entry_area(&self, c: CardId, at: Area) -> Area {
        if self.def(c).is_dilemma() {
            Area::Dilemma(c)
        } else {
            at
        }
    }

    /// Who owns an area (501.1): a Dilemma's area belongs to the Dilemma's controller
    /// (522.2b); `None` for a Dilemma area that no longer exists.
    pub fn area_owner(&self, area: Area) -> Option<PlayerId> {
        match area {
            Area::Home(p) | Area::Problem(p) => Some(p),
            Area::Dilemma(d) => self.dilemma_there(d).map(|d| self.card(d).controller),
        }
    }

    /// The Dilemma whose area `Area::Dilemma(d)` is, while that area exists (522.3).
    pub(crate) fn dilemma_there(&self, d: CardId) -> Option<CardId> {
        let k = self.st.cards.get(d.index())?;
        (k.zone == Zone::Play && k.area == Some(Area::Dilemma(d)) && self.def(d).is_dilemma())
            .then_some(d)
    }

    /// 522.3: an area that has ceased to exist (only a Dilemma's area can).
    pub fn area_gone(&self, area: Area) -> bool {
        matches!(area, Area::Dilemma(d) if self.dilemma_there(d).is_none())
    }

    /// The areas of the Dilemmas in play, in the order they entered play (522.2a: in
    /// addition to the players' own areas).
    pub(crate) fn dilemma_areas(&self) -> impl Iterator<Item = Area> + '_ {
        // Every list of areas asks this: games without a Dilemma skip the scan.
        let in_play: &[CardId] = if self.facts.dilemmas {
            &self.st.in_play
        } else {
            &[]
        };
        in_play
            .iter()
            .copied()
            .filter(|&c| self.dilemma_there(c).is_some())
            .map(Area::Dilemma)
    }
}
