//! Playing cards from zones other than the hand: a card's own ability working out of
//! play (`Ability::From`, "you may play this card from your discard pile") and a
//! modifier an effect puts on a card (`StaticEffect::PlayAsFromHand`, "while that card
//! remains banished, you may play it as though it were in your hand"). Such a card is
//! offered with the cards in the player's hand, by the same rules (609.2a, 512), and
//! played from where it is (705.2).

use crate::ability::trigger::Ctx;
use crate::ability::{Ability, StaticEffect};
use crate::game::Game;
use crate::ids::{CardId, PlayerId, Zone};

impl Game {
    /// The cards out of play, and not in `p`'s hand, that `p` may play now as though
    /// they were in their hand, in the order found (modifiers first, then `p`'s discard
    /// pile and banished zone).
    pub(crate) fn playable_elsewhere(&self, p: PlayerId) -> Vec<CardId> {
        let mut out = Vec::new();
        for m in &self.st.modifiers {
            if m.controller == p
                && m.effect == StaticEffect::PlayAsFromHand
                && self.card(m.target).object == m.object
                && matches!(self.card(m.target).zone, Zone::Discard | Zone::Banished)
                && !out.contains(&m.target)
            {
                out.push(m.target);
            }
        }
        if self.facts.play_elsewhere {
            let pl = self.player(p);
            for &c in pl.discard.iter().chain(pl.banished.iter()) {
                if !out.contains(&c) && self.plays_itself_from_here(c) {
                    out.push(c);
                }
            }
        }
        out
    }

    /// Whether `c`'s own ability lets its owner play it from the zone it is in now.
    fn plays_itself_from_here(&self, c: CardId) -> bool {
        let k = self.card(c);
        self.face(c).abilities.iter().any(|a| match a {
            Ability::From(zone, inner) if zone.zone() == k.zone => match &**inner {
                Ability::Static {
                    effect: StaticEffect::PlayAsFromHand,
                    condition,
                } => condition
                    .as_ref()
                    .is_none_or(|cond| self.holds(cond, &Ctx::of(c, k.owner))),
                // The loader lets nothing else in (`Trigger::check_ability`).
                Ability::Static { .. }
                | Ability::Triggered { .. }
                | Ability::Activated { .. }
                | Ability::Attach(_)
                | Ability::Play { .. }
                | Ability::ActivatedByAny { .. }
                | Ability::AsEntersPlay(_)
                | Ability::PlayRequires(_)
                | Ability::PlayCost(_)
                | Ability::PlayTimed { .. }
                | Ability::From(..) => false,
            },
            Ability::From(..)
            | Ability::Static { .. }
            | Ability::Triggered { .. }
            | Ability::Activated { .. }
            | Ability::Attach(_)
            | Ability::Play { .. }
            | Ability::ActivatedByAny { .. }
            | Ability::AsEntersPlay(_)
            | Ability::PlayRequires(_)
            | Ability::PlayCost(_)
            | Ability::PlayTimed { .. } => false,
        })
    }

    /// The cards `p` may play as though from their hand: the hand itself, then
    /// [`Game::playable_elsewhere`].
    pub(crate) fn playable_cards(&self, p: PlayerId) -> std::borrow::Cow<'_, [CardId]> {
        let elsewhere = self.playable_elsewhere(p);
        let hand = &self.player(p).hand;
        if elsewhere.is_empty() {
            std::borrow::Cow::Borrowed(hand)
        } else {
            let mut all = hand.clone();
            all.extend(elsewhere);
            std::borrow::Cow::Owned(all)
        }
    }
}
