//! Derived characteristics (chapter 2, 505, 507): computed from printed values and the
//! card's state on demand, never stored. Continuous modifiers (711) add to these.

use crate::card::{CardType, Colors, Face};
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};

impl Game {
    /// The face-up side's printed information (301.3: a Mane's face-up side).
    pub fn face(&self, c: CardId) -> &Face {
        let d = self.def(c);
        match (&d.boosted, self.card(c).boosted) {
            (Some(b), true) => b,
            _ => &d.face,
        }
    }

    /// A card's current power; `None` for face-down cards (505.1b) and Problems (202.2).
    pub fn power(&self, c: CardId) -> Option<i16> {
        let k = self.card(c);
        if k.face_down {
            return None;
        }
        let printed = self.face(c).power?;
        Some(printed + k.power_counters)
    }

    /// A card's current colours; none while face-down (505.1b).
    pub fn colors(&self, c: CardId) -> Colors {
        if self.card(c).face_down {
            Colors::NONE
        } else {
            self.face(c).colors
        }
    }

    /// A card's current traits; none while face-down (505.1a).
    pub fn traits(&self, c: CardId) -> &[String] {
        if self.card(c).face_down {
            &[]
        } else {
            &self.face(c).traits
        }
    }

    /// Whether the card is a character (301.4, 302.2). Face-down Friends keep their type.
    pub fn is_character(&self, c: CardId) -> bool {
        self.def(c).card_type.is_character()
    }

    /// Power a card adds to a total (105.2: never below zero for a sum).
    pub(crate) fn contribution(&self, c: CardId) -> u16 {
        self.power(c).unwrap_or(0).max(0) as u16
    }

    /// 503.5: whether a character's power counts toward confronting and faceoffs now.
    pub fn contributes(&self, c: CardId) -> bool {
        let k = self.card(c);
        k.zone == Zone::Play && !k.face_down && k.exhaustion == 0
    }

    /// 507.3: a player's power of a colour (every character they control in play).
    pub fn power_of_color(&self, p: PlayerId, color: crate::card::Color) -> u16 {
        self.st
            .in_play
            .iter()
            .copied()
            .filter(|&c| {
                self.card(c).controller == p
                    && self.is_character(c)
                    && self.colors(c).contains(color)
            })
            .map(|c| self.contribution(c))
            .sum()
    }

    /// 205.1: whether `p` meets a card's play requirements.
    pub fn meets_play_requirements(&self, p: PlayerId, card: CardId) -> bool {
        self.def(card)
            .play_reqs
            .iter()
            .all(|r| self.power_of_color(p, r.color) >= r.power)
    }

    /// Characters `p` controls at an area.
    pub fn characters_at(&self, p: PlayerId, area: Area) -> impl Iterator<Item = CardId> + '_ {
        self.at(area)
            .filter(move |&c| self.card(c).controller == p && self.is_character(c))
    }

    /// Troublemakers at an area (face-up and face-down).
    pub fn troublemakers_at(&self, area: Area) -> impl Iterator<Item = CardId> + '_ {
        self.at(area)
            .filter(move |&c| self.def(c).card_type == CardType::Troublemaker)
    }

    /// 616.3: the home limit of a player's Mane Character's face-up side.
    pub fn home_limit(&self, p: PlayerId) -> Option<u8> {
        self.player(p).mane.and_then(|m| self.face(m).home_limit())
    }

    /// Epic Troublemakers: face-up and with the Epic trait.
    pub fn is_epic(&self, c: CardId) -> bool {
        !self.card(c).face_down
            && self.def(c).card_type == CardType::Troublemaker
            && self.def(c).is_epic()
    }

    /// The area a card is at, if in play.
    pub fn area_of(&self, c: CardId) -> Option<Area> {
        self.card(c).area
    }
}
