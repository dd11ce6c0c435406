//! Faceoffs (514) and flipping (515).

use crate::card::CardType;
use crate::decision::{Choice, Decision, Prompt};
use crate::event::Event;
use crate::flow::{FaceoffStage, Frame, WindowKind};
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::rules::occurrence::Occurrence;
use crate::state::{Faceoff, FaceoffKind};

impl Game {
    /// 514.2-514.3: start a faceoff; a window opens before the first flip. None can start
    /// during another (707.4a).
    pub(crate) fn start_faceoff(&mut self, kind: FaceoffKind, players: Vec<PlayerId>) {
        if self.st.faceoff.is_some() {
            return;
        }
        self.st.faceoff = Some(Faceoff {
            kind,
            players,
            flipped: Vec::new(),
            resolved: false,
        });
        self.log(Event::FaceoffBegan);
        self.push(Frame::Faceoff(FaceoffStage::Flip));
        self.faceoff_window();
    }

    fn faceoff_window(&mut self) {
        let holder = self.st.turn_player;
        self.push(Frame::Window {
            kind: WindowKind::Faceoff,
            holder,
            passes: 0,
        });
    }

    /// The areas where the faceoff is taking place (514.3e).
    pub(crate) fn faceoff_areas(&self) -> Vec<Area> {
        let Some(f) = &self.st.faceoff else {
            return Vec::new();
        };
        match &f.kind {
            FaceoffKind::Troublemaker { at, .. } => vec![*at],
            FaceoffKind::Problem { at } => vec![*at],
            FaceoffKind::MultiProblem { at } => at.clone(),
        }
    }

    /// 514.3a-514.3d: the cards involved now (involvement at a Problem is not flagged).
    pub fn involved_cards(&self) -> Vec<CardId> {
        let Some(f) = &self.st.faceoff else {
            return Vec::new();
        };
        match &f.kind {
            FaceoffKind::Troublemaker {
                troublemaker,
                object,
                challenger,
                at,
            } => {
                let mut v: Vec<CardId> = self.characters_at(*challenger, *at).collect();
                if self.troublemaker_still_involved(*troublemaker, *object, *at) {
                    v.push(*troublemaker);
                }
                v
            }
            FaceoffKind::Problem { at } => self.at(*at).filter(|&c| self.is_character(c)).collect(),
            FaceoffKind::MultiProblem { at } => at
                .iter()
                .flat_map(|&a| self.at(a).filter(|&c| self.is_character(c)))
                .collect(),
        }
    }

    fn troublemaker_still_involved(&self, tm: CardId, object: u32, at: Area) -> bool {
        let k = self.card(tm);
        k.object == object && k.zone == Zone::Play && !k.face_down && k.area == Some(at)
    }

    /// 514.5a: a player's power total in the current faceoff.
    pub fn power_total(&self, p: PlayerId) -> u16 {
        let Some(f) = &self.st.faceoff else { return 0 };
        let mut total: u16 = 0;
        for c in self.involved_cards() {
            if !self.contributes(c) {
                continue;
            }
            let mut owner_of_power = self.card(c).controller;
            // 514.5a.i: a challenger's own Troublemaker adds to the opponent's total.
            if let FaceoffKind::Troublemaker {
                troublemaker,
                challenger,
                ..
            } = f.kind
            {
                if c == troublemaker && owner_of_power == challenger {
                    owner_of_power = f
                        .players
                        .iter()
                        .copied()
                        .find(|&q| q != challenger)
                        .unwrap_or(challenger);
                }
            }
            if owner_of_power == p {
                total += self.contribution(c);
            }
        }
        for &(q, c) in &f.flipped {
            if q == p && self.card(c).zone == Zone::Flip {
                total += self.def(c).face.power.unwrap_or(0).max(0) as u16;
            }
        }
        total
    }

    /// 514.4: each involved player flips one card; returns whether anyone could.
    fn flip_all(&mut self) -> bool {
        let players = self
            .st
            .faceoff
            .as_ref()
            .map(|f| f.players.clone())
            .unwrap_or_default();
        let mut any = false;
        for p in players {
            if !self.player(p).removed {
                any |= self.perform(Occurrence::Flip(p));
            }
        }
        any
    }

    pub(crate) fn faceoff_stage(&mut self, stage: FaceoffStage) -> Option<Decision> {
        match stage {
            FaceoffStage::Flip => {
                self.flip_all();
                self.push(Frame::Faceoff(FaceoffStage::Compare));
                self.faceoff_window();
            }
            FaceoffStage::Compare => self.compare(),
            FaceoffStage::End => self.end_faceoff(),
        }
        None
    }

    /// 514.5-514.6: compare totals; a tie flips again. A tie nobody can break by flipping
    /// would repeat forever with no choice in it, so it ends there with no winner (802.3).
    fn compare(&mut self) {
        let players = self
            .st
            .faceoff
            .as_ref()
            .expect("in a faceoff")
            .players
            .clone();
        let totals: Vec<(PlayerId, u16)> =
            players.iter().map(|&p| (p, self.power_total(p))).collect();
        let best = totals.iter().map(|t| t.1).max().unwrap_or(0);
        let leaders: Vec<PlayerId> = totals.iter().filter(|t| t.1 == best).map(|t| t.0).collect();
        if leaders.len() > 1 {
            if self.flip_all() {
                self.push(Frame::Faceoff(FaceoffStage::Compare));
                self.faceoff_window();
                return;
            }
            self.st.faceoff.as_mut().expect("in a faceoff").resolved = true;
            self.push(Frame::Faceoff(FaceoffStage::End));
            self.faceoff_window();
            return;
        }
        let winner = leaders[0];
        self.st.faceoff.as_mut().expect("in a faceoff").resolved = true;
        self.log(Event::FaceoffWon { winner });
        self.push(Frame::Faceoff(FaceoffStage::End));
        self.faceoff_window();
        let kind = self.st.faceoff.as_ref().expect("in a faceoff").kind.clone();
        match kind {
            FaceoffKind::Troublemaker {
                troublemaker,
                object,
                challenger,
                at,
            } => {
                if winner == challenger {
                    // 514.6a: defeat the Troublemaker: score its points, dismiss it.
                    if self.troublemaker_still_involved(troublemaker, object, at) {
                        let points = self.def(troublemaker).points.unwrap_or(0);
                        self.log(Event::Defeated {
                            player: challenger,
                            troublemaker,
                        });
                        self.perform(Occurrence::Score {
                            player: challenger,
                            points,
                        });
                        self.score_with(self.involved_of(challenger), points);
                        self.perform(Occurrence::Dismiss {
                            card: troublemaker,
                            by_game: false,
                        });
                    }
                } else {
                    // 514.6b: the challenger sends an involved character home.
                    self.push(Frame::SendHome {
                        player: challenger,
                        area: at,
                    });
                }
            }
            FaceoffKind::Problem { .. } | FaceoffKind::MultiProblem { .. } => {
                // 514.6c: the highest bonus among the Problems there; 613.1 solved.
                let areas = self.faceoff_areas();
                let bonus = areas
                    .iter()
                    .filter_map(|&a| self.problem_at(a))
                    .filter(|&p| self.def(p).card_type == CardType::Problem)
                    .filter_map(|p| self.def(p).problem.as_ref().map(|f| f.bonus))
                    .max()
                    .unwrap_or(0);
                for a in areas {
                    if !self.st.solved.contains(&a) {
                        self.st.solved.push(a);
                    }
                }
                self.perform(Occurrence::Score {
                    player: winner,
                    points: bonus,
                });
                self.score_with(self.involved_of(winner), bonus);
            }
        }
    }

    /// 514.6b: choose which involved character goes home.
    pub(crate) fn send_home_choice(
        &mut self,
        player: PlayerId,
        area: Area,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        if let Some(Choice::Card(c)) = answer {
            self.perform(Occurrence::Send {
                card: c,
                to: Area::Home(player),
            });
            return None;
        }
        let options: Vec<Choice> = self
            .characters_at(player, area)
            .filter(|&c| self.can_go_to(c, Area::Home(player), false))
            .map(Choice::Card)
            .collect();
        if options.is_empty() {
            return None;
        }
        self.ask(
            Frame::SendHome { player, area },
            player,
            Prompt::SendHome,
            options,
        )
    }

    /// 514.7: flipped cards go to the bottom of their owners' decks; the faceoff ends.
    fn end_faceoff(&mut self) {
        let Some(f) = self.st.faceoff.take() else {
            return;
        };
        self.end_faceoff_modifiers();
        for (_, c) in f.flipped {
            if self.card(c).zone == Zone::Flip {
                self.perform(Occurrence::ToBottom(c));
            }
        }
        self.log(Event::FaceoffEnded);
    }
}
