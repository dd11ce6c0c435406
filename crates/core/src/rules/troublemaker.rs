//! The Troublemaker Phase: uncover (607) and challenge (608).

use crate::card::CardType;
use crate::decision::{Choice, Decision, Prompt};
use crate::event::Event;
use crate::flow::Frame;
use crate::game::Game;
use crate::ids::{Area, CardId};
use crate::rules::occurrence::Occurrence;
use crate::state::FaceoffKind;

impl Game {
    /// 607.1: an Epic Troublemaker face-up at a Problem stops uncovering there.
    fn uncoverable(&self) -> Vec<CardId> {
        let tp = self.st.turn_player;
        self.st
            .in_play
            .iter()
            .copied()
            .filter(|&c| {
                let k = self.card(c);
                k.controller == tp
                    && k.face_down
                    && !k.frightened
                    && self.def(c).card_type == CardType::Troublemaker
                    && k.area
                        .is_some_and(|a| !self.troublemakers_at(a).any(|t| self.is_epic(t)))
                    // 104.2: one that can't be uncovered is passed over.
                    && self.can_happen(Occurrence::Uncover(c))
            })
            .collect()
    }

    /// 607.2: the turn player's face-down Troublemakers are uncovered, in their order.
    pub(crate) fn uncover(&mut self, answer: Option<Choice>) -> Option<Decision> {
        if let Some(Choice::Uncover(c)) = answer {
            self.uncover_one(c);
        }
        let candidates = self.uncoverable();
        if candidates.is_empty() {
            return None;
        }
        let choices = candidates.into_iter().map(Choice::Uncover).collect();
        let tp = self.st.turn_player;
        self.ask(Frame::Uncover, tp, Prompt::Uncover, choices)
    }

    /// 607.3: turn it face-up; an Epic one dismisses the other face-up Troublemakers there.
    fn uncover_one(&mut self, c: CardId) {
        if !self.perform(Occurrence::Uncover(c)) {
            return;
        }
        if self.def(c).is_epic() {
            let area = self.card(c).area.expect("in play");
            let others: Vec<_> = self
                .troublemakers_at(area)
                .filter(|&t| t != c && !self.card(t).face_down)
                .collect();
            for t in others {
                self.occur(Occurrence::Dismiss {
                    card: t,
                    by_game: true,
                });
            }
        }
    }

    /// 608.1-608.2: Troublemakers the turn player may challenge now.
    fn challengeable(&self, problems_done: &[Area]) -> Vec<CardId> {
        let tp = self.st.turn_player;
        self.st
            .in_play
            .iter()
            .copied()
            .filter(|&c| {
                let k = self.card(c);
                let Some(area) = k.area else { return false };
                // 608.1: only a Troublemaker at a Problem is challenged (one sent to a
                // home, CN156, is not).
                area.is_problem()
                    && self.def(c).card_type == CardType::Troublemaker
                    && !k.face_down
                    && (k.controller != tp || self.def(c).is_epic())
                    && !problems_done.contains(&area)
                    && self.characters_at(tp, area).next().is_some()
                    && !self.prohibited(crate::rules::prohibit::Attempt::Challenge {
                        p: tp,
                        troublemaker: c,
                        alone: None,
                    })
                    && self.player(tp).tokens >= self.challenge_cost(tp, c)
            })
            .collect()
    }

    /// What challenging `tm` costs `p` in tokens: nothing, unless a cost change says so
    /// (AD136).
    pub(crate) fn challenge_cost(&self, p: crate::ids::PlayerId, tm: CardId) -> u16 {
        self.action_cost(crate::ability::CostedAction::Challenge, p, 0, Some(tm))
    }

    /// 608: one challenge at a time, at most one per Problem (608.1, 608.3).
    pub(crate) fn challenge(
        &mut self,
        mut problems_done: Vec<Area>,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        let tp = self.st.turn_player;
        match answer {
            Some(Choice::Challenge(tm)) => {
                let cost = self.challenge_cost(tp, tm);
                if cost > 0
                    && !self.perform(Occurrence::PayTokens {
                        player: tp,
                        amount: cost,
                    })
                {
                    return None;
                }
                let area = self.card(tm).area.expect("in play");
                problems_done.push(area);
                self.push(Frame::Challenge { problems_done });
                self.log(Event::Challenged {
                    player: tp,
                    troublemaker: tm,
                });
                let object = self.card(tm).object;
                let defender = if self.card(tm).controller == tp {
                    self.next_player(tp)
                } else {
                    self.card(tm).controller
                };
                self.start_faceoff(
                    FaceoffKind::Troublemaker {
                        troublemaker: tm,
                        object,
                        challenger: tp,
                        at: area,
                        alone: None,
                    },
                    vec![tp, defender],
                    None,
                );
                None
            }
            Some(_) => None,
            None => {
                let options = self.challengeable(&problems_done);
                if options.is_empty() {
                    return None;
                }
                let mut choices: Vec<Choice> = options.into_iter().map(Choice::Challenge).collect();
                choices.push(Choice::Continue);
                self.ask(
                    Frame::Challenge { problems_done },
                    tp,
                    Prompt::Challenge,
                    choices,
                )
            }
        }
    }
}
