//! Uniqueness (516).

use crate::card::CardType;
use crate::decision::{Choice, Decision, Prompt};
use crate::flow::Frame;
use crate::game::Game;
use crate::ids::{CardId, PlayerId};
use crate::rules::occurrence::Occurrence;

impl Game {
    /// 516.3: whether a card in play is Unique now: the printed trait, or the trait
    /// gained from a modifier (AD199 gives it to every card in play).
    fn is_unique(&self, c: CardId) -> bool {
        self.def(c).is_unique() || (self.facts.gains_unique && self.has_trait(c, "Unique"))
    }

    /// The first uniqueness violation, as the violating player and the violating cards.
    pub fn uniqueness_violator(&self) -> Option<(PlayerId, Vec<CardId>)> {
        let face_up = |c: CardId| !self.card(c).face_down;
        // Every violation takes two face-up Unique cards, or two face-up Troublemakers at
        // one area with one controller or one of them Epic (516.4, 516.4a); usually there
        // aren't, and the search below can be skipped.
        let face_up_tm = |c: CardId| face_up(c) && self.def(c).card_type == CardType::Troublemaker;
        let in_play = &self.st.in_play;
        let unique = self.facts.uniques
            && in_play
                .iter()
                .filter(|&&c| face_up(c) && self.is_unique(c))
                .nth(1)
                .is_some();
        let crowded = || {
            in_play.iter().enumerate().any(|(i, &a)| {
                face_up_tm(a)
                    && in_play[i + 1..].iter().any(|&b| {
                        face_up_tm(b)
                            && self.card(b).area == self.card(a).area
                            && (self.card(b).controller == self.card(a).controller
                                || self.is_epic(a)
                                || self.is_epic(b))
                    })
            })
        };
        if !unique && !crowded() {
            return None;
        }
        for p in self.active_players() {
            let mine: Vec<CardId> = self
                .st
                .in_play
                .iter()
                .copied()
                .filter(|&c| self.card(c).controller == p && face_up(c))
                .collect();
            // 516.3: two Unique cards with the same name.
            for (i, &a) in mine.iter().enumerate() {
                if !self.is_unique(a) {
                    continue;
                }
                let same: Vec<CardId> = mine[i..]
                    .iter()
                    .copied()
                    .filter(|&b| {
                        self.is_unique(b) && self.def(b).full_name() == self.def(a).full_name()
                    })
                    .collect();
                if same.len() > 1 {
                    return Some((p, same));
                }
            }
            // 516.4, 306.2: two face-up Troublemakers of one player at one Problem.
            for area in self.problem_areas() {
                let tms: Vec<CardId> = self
                    .troublemakers_at(area)
                    .filter(|&t| face_up(t) && self.card(t).controller == p)
                    .collect();
                if tms.len() > 1 {
                    return Some((p, tms));
                }
            }
        }
        // 516.4a: an Epic Troublemaker with any other Troublemaker at its Problem.
        for area in self.problem_areas() {
            let tms: Vec<CardId> = self
                .troublemakers_at(area)
                .filter(|&t| face_up(t))
                .collect();
            if tms.len() > 1 && tms.iter().any(|&t| self.is_epic(t)) {
                let controllers: Vec<PlayerId> =
                    tms.iter().map(|&t| self.card(t).controller).collect();
                let violator = if controllers.iter().all(|&c| c == controllers[0]) {
                    controllers[0]
                } else {
                    // 516.2a.
                    self.st.last_priority.unwrap_or(self.st.turn_player)
                };
                return Some((violator, tms));
            }
        }
        None
    }

    /// 516.2: the violating player picks violating cards to be dismissed by the game until
    /// the violation is repaired; 516.4b protects Epic Troublemakers while others remain.
    pub(crate) fn repair_uniqueness(&mut self, answer: Option<Choice>) -> Option<Decision> {
        if let Some(Choice::Card(c)) = answer {
            // 104.3, 104.4: a dismissal by the game; only a banishing replacement applies.
            if self
                .occur(Occurrence::Dismiss {
                    card: c,
                    by_game: true,
                })
                .is_none()
            {
                self.push(Frame::Uniqueness);
                return None;
            }
        }
        let (p, cards) = self.uniqueness_violator()?;
        let all_epic = cards
            .iter()
            .all(|&c| self.def(c).card_type != CardType::Troublemaker || self.is_epic(c));
        let options: Vec<Choice> = cards
            .into_iter()
            .filter(|&c| all_epic || !self.is_epic(c))
            .map(Choice::Card)
            .collect();
        self.ask(Frame::Uniqueness, p, Prompt::RepairUniqueness, options)
    }
}
