//! Cards beneath cards and playing a card for a different cost: the glossary keywords
//! Pumped (with Spend), Redeem and Transform X, and the order cost modifiers are applied
//! in as an action is processed (705.2b).

use crate::card::{CardType, Keyword};
use crate::decision::Choice;
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::rules::occurrence::Occurrence;

/// Redeem: how much less the card costs when the additional cost is paid.
pub const REDEEM_REDUCTION: i16 = 3;

impl Game {
    /// The cards beneath `host`, the first put there first: banished beneath it (410.5)
    /// while it has been in play, and still banished.
    pub fn cards_beneath(&self, host: CardId) -> Vec<CardId> {
        self.st
            .beneath
            .iter()
            .filter(|&&(h, c)| h == host && self.card(c).zone == Zone::Banished)
            .map(|&(_, c)| c)
            .collect()
    }

    /// Banishes `card` beneath `host`, linking it to `host` for as long as both stay
    /// where they are.
    pub(crate) fn banish_beneath(&mut self, card: CardId, host: CardId) {
        if self.card(card).zone == Zone::Banished {
            // Already banished (beneath another card, CG40): it stays in the banished
            // zone (410.5) and is beneath its new host only.
            self.st.beneath.retain(|&(_, x)| x != card);
        } else {
            self.perform(Occurrence::Banish(card));
        }
        if self.card(card).zone == Zone::Banished && self.card(host).zone == Zone::Play {
            self.st.beneath.push((host, card));
        }
    }

    /// A card left its zone: a host that left play has nothing beneath it any more, and a
    /// card that left the banished zone is no longer beneath anything.
    pub(crate) fn unlink_beneath(&mut self, c: CardId, from: Zone) {
        if !self.st.beneath_left.is_empty() {
            self.st.beneath_left.retain(|&(h, x)| h != c && x != c);
        }
        if from == Zone::Play && self.st.beneath.iter().any(|&(h, _)| h == c) {
            let left = self.st.beneath.iter().filter(|&&(h, _)| h == c);
            self.st
                .beneath_left
                .extend(left.copied().collect::<Vec<_>>());
        }
        if !self.st.beneath.is_empty() && matches!(from, Zone::Play | Zone::Banished) {
            self.st.beneath.retain(|&(h, x)| h != c && x != c);
        }
    }

    /// Spend (glossary): `n` cards from beneath `host` go to their owners' discard piles.
    pub(crate) fn spend(&mut self, host: CardId, n: u8) {
        for c in self.cards_beneath(host).into_iter().take(n as usize) {
            self.perform(Occurrence::ToDiscard(c));
        }
    }

    /// Pumped (710, 514.7): the Pumped cards that may take flipped card `c` beneath
    /// them instead of its owner's deck bottom: face-up in play, controlled by its
    /// owner, involved in the faceoff, and not yet used this faceoff.
    pub(crate) fn pumped_replacements(&self, c: CardId, used: &[CardId]) -> Vec<CardId> {
        let owner = self.card(c).owner;
        let involved = self.involved_cards();
        involved
            .into_iter()
            .filter(|&s| {
                self.card(s).controller == owner
                    && !used.contains(&s)
                    && self.has_keyword(s, |k| k == Keyword::Pumped)
            })
            .collect()
    }

    /// 705.2b: what it costs `p` to play `card` to `to` (on `host`) starting from `base`
    /// instead of the printed cost, with `own` more (less when negative) from the player's
    /// side. The opposing modifiers are applied first, then the player's own, and a cost
    /// is never below none.
    pub(crate) fn ordered_play_cost(
        &self,
        p: PlayerId,
        card: CardId,
        to: Area,
        host: Option<CardId>,
        base: i16,
        own: i16,
    ) -> u16 {
        if self.def(card).card_type == CardType::Troublemaker {
            return self.play_cost(p, card);
        }
        let (opposing, mine) = self.cost_changes(
            crate::ability::CostedAction::Play,
            p,
            crate::rules::costs::Acting {
                card: Some(card),
                at: Some(to),
                host,
            },
        );
        let (less_opposing, less_own) = self.discount(p, card);
        let own_modifiers = mine - less_own + own;
        Self::ordered_cost(base, (opposing - less_opposing, own_modifiers)) as u16
    }

    /// Redeem: the cards `p` could retire to play `card` for less: their own Friends and
    /// face-up Troublemakers in play with the same title, one per group no choice could
    /// tell apart. A retiring that would be replaced can't pay the cost (508.1a: after
    /// CN127, whose banishing replaces it).
    pub(crate) fn redeem_candidates(&self, p: PlayerId, card: CardId) -> Vec<CardId> {
        if !self.face(card).keywords.contains(&Keyword::Redeem) {
            return Vec::new();
        }
        let title = &self.def(card).title;
        let found = self
            .st
            .in_play
            .iter()
            .copied()
            .filter(|&c| {
                let k = self.card(c);
                k.controller == p
                    && !k.face_down
                    && matches!(
                        self.def(c).card_type,
                        CardType::Friend | CardType::Troublemaker
                    )
                    && self.def(c).title.eq_ignore_ascii_case(title)
                    && self.payable(Occurrence::Retire(c))
            })
            .collect();
        self.distinct(found)
    }

    /// Transform X: the Friends `p` could return to hand to play `card` for X: their own
    /// face-up Friends whose title includes this card's title (201.3a) and whose
    /// subtitle differs from this card's; as for Redeem, one whose return would be
    /// replaced can't pay the cost (508.1a).
    pub(crate) fn transform_candidates(&self, p: PlayerId, card: CardId) -> Vec<CardId> {
        if self.transform_cost(card).is_none() {
            return Vec::new();
        }
        let def = self.def(card);
        let title = def.title.to_lowercase();
        let found = self
            .st
            .in_play
            .iter()
            .copied()
            .filter(|&c| {
                let k = self.card(c);
                let d = self.def(c);
                k.controller == p
                    && !k.face_down
                    && d.card_type == CardType::Friend
                    && d.title.to_lowercase().contains(&title)
                    && !d.subtitle.eq_ignore_ascii_case(&def.subtitle)
                    && self.payable(Occurrence::ToHand(c))
            })
            .collect();
        self.distinct(found)
    }

    /// The X of a card's printed Transform X.
    pub fn transform_cost(&self, card: CardId) -> Option<u8> {
        self.face(card).keywords.iter().find_map(|&k| match k {
            Keyword::Transform(x) => Some(x),
            _ => None,
        })
    }

    /// The cost of playing a Friend with Redeem to `to` while retiring a card for it.
    pub fn redeem_cost(&self, p: PlayerId, card: CardId, to: Area) -> u16 {
        let printed = self.def(card).cost.unwrap_or(0) as i16;
        self.ordered_play_cost(p, card, to, None, printed, -REDEEM_REDUCTION)
    }

    /// The cost of playing a Friend for its Transform cost to `to`.
    pub fn transformed_cost(&self, p: PlayerId, card: CardId, to: Area) -> u16 {
        let x = self.transform_cost(card).unwrap_or(0) as i16;
        self.ordered_play_cost(p, card, to, None, x, 0)
    }

    /// Redeem and Transform: the other ways `p` may play Friend `card` to each area
    /// (the caller has checked its play requirements, 705.2b).
    pub(crate) fn push_alternative_plays(
        &self,
        out: &mut Vec<Choice>,
        p: PlayerId,
        card: CardId,
        problems: &[Area],
        tokens: u16,
    ) {
        let redeem = self.redeem_candidates(p, card);
        let transform = self.transform_candidates(p, card);
        if redeem.is_empty() && transform.is_empty() {
            return;
        }
        for to in std::iter::once(Area::Home(p)).chain(problems.iter().copied()) {
            if self.play_prohibited(p, card, to) {
                continue;
            }
            if !redeem.is_empty() && tokens >= self.redeem_cost(p, card, to) {
                for &retire in &redeem {
                    out.push(Choice::PlayRedeemed { card, to, retire });
                }
            }
            if !transform.is_empty() && tokens >= self.transformed_cost(p, card, to) {
                for &returning in &transform {
                    out.push(Choice::PlayTransformed {
                        card,
                        to,
                        returning,
                    });
                }
            }
        }
    }

    /// 705.2b-705.2c: the costs are determined first (the card paid with still in play),
    /// then paid: the additional cost, then the tokens.
    pub(crate) fn play_redeemed(&mut self, p: PlayerId, card: CardId, to: Area, retire: CardId) {
        let cost = self.redeem_cost(p, card, to);
        if self.player(p).tokens < cost || !self.pay_leave_play(Occurrence::Retire(retire)) {
            return;
        }
        self.play_to(p, card, cost, to, false, None);
    }

    /// An additional cost that takes a card out of play, through the replacement
    /// mechanism like every other cost (710): false only when it can't be paid at all. A
    /// replaced cost (a Persistent Friend frightened instead) still counts as paid, and a
    /// replacement waiting for a choice is settled before the next frame runs.
    fn pay_leave_play(&mut self, occ: Occurrence) -> bool {
        self.occur(occ) != Some(false)
    }

    /// Transform X, as [`Game::play_redeemed`]: the Friend goes to its owner's hand, then
    /// the tokens are paid.
    pub(crate) fn play_transformed(
        &mut self,
        p: PlayerId,
        card: CardId,
        to: Area,
        returning: CardId,
    ) {
        let cost = self.transformed_cost(p, card, to);
        if self.player(p).tokens < cost || !self.pay_leave_play(Occurrence::ToHand(returning)) {
            return;
        }
        self.play_to(p, card, cost, to, false, None);
    }
}
