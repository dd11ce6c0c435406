//! The Wrap Up Step (616).

use crate::card::CardType;
use crate::decision::{Choice, Decision, Prompt};
use crate::flow::Frame;
use crate::game::Game;
use crate::ids::Area;
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
            .filter(|&c| self.card(c).controller == tp && self.def(c).card_type == CardType::Friend)
            .collect();
        if friends.len() <= limit {
            return None;
        }
        let options = friends.into_iter().map(Choice::Card).collect();
        self.ask(Frame::WrapUpHome, tp, Prompt::RetireToHomeLimit, options)
    }
}
