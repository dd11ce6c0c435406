//! The Wrap Up Step (616).

use crate::card::CardType;
use crate::decision::{Choice, Decision, Prompt};
use crate::flow::Frame;
use crate::game::Game;
use crate::ids::{Area, CardId};
use crate::rules::occurrence::Occurrence;

/// 616.2: the default maximum hand size.
pub const MAX_HAND_SIZE: usize = 8;

impl Game {
    /// 616.2: discard down to the maximum hand size, one card at a time.
    pub(crate) fn wrap_up_hand(&mut self, answer: Option<Choice>) -> Option<Decision> {
        let tp = self.st.turn_player;
        if let Some(Choice::Card(c)) = answer {
            self.perform(Occurrence::Discard(c));
        }
        if self.player(tp).hand.len() <= MAX_HAND_SIZE {
            return None;
        }
        let mut seen = Vec::new();
        let mut options = Vec::new();
        for &c in &self.player(tp).hand {
            if !seen.contains(&self.card(c).def) {
                seen.push(self.card(c).def);
                options.push(Choice::Card(c));
            }
        }
        self.ask(Frame::WrapUpHand, tp, Prompt::DiscardToHandSize, options)
    }

    /// 616.3: retire Friends at home beyond the home limit.
    pub(crate) fn wrap_up_home(&mut self, answer: Option<Choice>) -> Option<Decision> {
        let tp = self.st.turn_player;
        // 616.3: the player retires them (not the game), so replacements such as
        // Persistent may apply; one waiting for a choice is settled first.
        if let Some(Choice::Card(c)) = answer {
            if self.occur(Occurrence::Retire(c)).is_none() {
                self.push(Frame::WrapUpHome);
                return None;
            }
        }
        let limit = self.home_limit(tp).map_or(usize::MAX, |l| l as usize);
        let friends: Vec<_> = self
            .at(Area::Home(tp))
            .filter(|&c| self.card(c).controller == tp && self.has_type(c, CardType::Friend))
            .filter(|&c| !self.outside_home_limit(c))
            .collect();
        if friends.len() <= limit {
            return None;
        }
        let options = friends.into_iter().map(Choice::Card).collect();
        self.ask(Frame::WrapUpHome, tp, Prompt::RetireToHomeLimit, options)
    }

    /// 616.3: whether a Friend is kept out of its controller's home limit by a static
    /// ability of a card that player controls.
    fn outside_home_limit(&self, c: CardId) -> bool {
        // Only a pool with static effects of the rarer kinds can have one.
        if self.scan_skips && !self.facts.static_kinds.has(crate::pool::StaticKinds::OTHER) {
            return false;
        }
        let owner = self.card(c).controller;
        let mut out = false;
        self.each_static(|e, cond, ctx| {
            if let crate::ability::StaticEffect::OutsideHomeLimit(sel) = e {
                // Read as the home limit is checked, every modifier applied (gained traits).
                let live = crate::ability::trigger::Ctx::of(ctx.source, ctx.you);
                out |= ctx.you == owner
                    && self.fits(c, sel, &live)
                    && cond.is_none_or(|x| self.holds(x, &live));
            }
        });
        out
    }

    /// 210.1: a Problem's bonus, as a static ability at its area may set it (the lowest
    /// such setting when several do).
    pub fn problem_bonus(&self, p: CardId) -> Option<u16> {
        let printed = self.def(p).problem.as_ref()?.bonus;
        // A bonus set by an effect for a while (AD106) is a modifier, not a printed static.
        if self.scan_skips
            && !self.facts.static_kinds.has(crate::pool::StaticKinds::OTHER)
            && self.st.modifiers.is_empty()
        {
            return Some(printed);
        }
        let area = self.card(p).area;
        let mut set: Option<u16> = None;
        self.each_static(|e, cond, ctx| {
            if let crate::ability::StaticEffect::ProblemBonus(n) = e {
                if area.is_some()
                    && self.card(ctx.source).area == area
                    && cond.is_none_or(|x| self.holds(x, ctx))
                {
                    set = Some(set.map_or(*n, |m| m.min(*n)));
                }
            }
        });
        // One an effect gave a card for a while (`Effect::Until`, AD106), read as that
        // card's own: the Problem it is on, or the one at its area.
        for m in &self.st.modifiers {
            if let crate::ability::StaticEffect::ProblemBonus(n) = &m.effect {
                let c = m.target;
                if area.is_some()
                    && self.card(c).object == m.object
                    && self.card(c).zone == crate::ids::Zone::Play
                    && self.card(c).area == area
                    && !self.lacks_abilities(c)
                {
                    set = Some(set.map_or(*n, |x| x.min(*n)));
                }
            }
        }
        Some(set.unwrap_or(printed))
    }
}
