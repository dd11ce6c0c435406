//! Priority (510) and pre-priority processing (511).

use crate::card::CardType;
use crate::decision::{Choice, Decision, Prompt};
use crate::flow::{Frame, WindowKind};
use crate::game::Game;
use crate::ids::{Area, PlayerId};
use crate::rules::occurrence::Occurrence;
use crate::state::Step;

impl Game {
    /// A priority window: players receive priority in turn order; it closes when all
    /// pass in succession (510.2).
    pub(crate) fn window(
        &mut self,
        kind: WindowKind,
        mut holder: PlayerId,
        mut passes: u8,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        match answer {
            None => {}
            Some(Choice::Pass) => {
                passes += 1;
                holder = self.next_player(holder);
            }
            Some(action) => {
                // 705.2h: after an action, priority passes to the next player.
                let actor = holder;
                passes = 0;
                holder = self.next_player(holder);
                self.push(Frame::Window {
                    kind,
                    holder,
                    passes,
                });
                self.take_action(actor, action);
                return None;
            }
        }
        if self.st.players[holder.index()].removed {
            holder = self.next_player(holder);
        }
        if passes as usize >= self.active_players().count() {
            self.window_closed(kind);
            return None;
        }
        // 511: pre-priority processing runs before anyone receives priority; if it
        // changed something it may have created work, so come back afterwards.
        if self.pre_priority() {
            self.push(Frame::Window {
                kind,
                holder,
                passes,
            });
            return None;
        }
        self.st.last_priority = Some(holder);
        let mut choices = self.immediate_actions(holder);
        choices.push(Choice::Pass);
        self.ask(
            Frame::Window {
                kind,
                holder,
                passes,
            },
            holder,
            Prompt::Priority,
            choices,
        )
    }

    /// 510.3, 601.2c, 512.3a: as a window closes the turn player may open another with a
    /// phase action, except in an end-of-phase window or a faceoff.
    fn window_closed(&mut self, kind: WindowKind) {
        let may_open = match kind {
            WindowKind::Boundary { end_of_phase } => !end_of_phase,
            WindowKind::Action => true,
            WindowKind::Faceoff => false,
        };
        if may_open && self.st.faceoff.is_none() && self.st.step == Step::Main {
            self.push(Frame::PhaseAction);
        }
    }

    /// The turn player chooses a phase action (opening a window) or lets the game move on.
    pub(crate) fn phase_action(&mut self, answer: Option<Choice>) -> Option<Decision> {
        let tp = self.st.turn_player;
        match answer {
            Some(Choice::Continue) => None,
            Some(action) => {
                // The action opens a window (609.1); after it, priority passes on (705.2h).
                let holder = self.next_player(tp);
                self.push(Frame::Window {
                    kind: WindowKind::Action,
                    holder,
                    passes: 0,
                });
                self.take_action(tp, action);
                None
            }
            None => {
                let mut choices = self.main_phase_actions(tp);
                choices.push(Choice::Continue);
                self.ask(Frame::PhaseAction, tp, Prompt::PhaseAction, choices)
            }
        }
    }

    /// 512.5: actions a player may take whenever they have priority. Cards give these
    /// (Immediate timing phrases, Hasty, Agile); plain cards have none.
    pub(crate) fn immediate_actions(&self, _p: PlayerId) -> Vec<Choice> {
        Vec::new()
    }

    /// 511: waves of pre-priority processing until one changes nothing. Returns whether
    /// anything happened.
    pub(crate) fn pre_priority(&mut self) -> bool {
        let mut any = false;
        loop {
            let mut changed = false;
            let cards: Vec<_> = self.st.in_play.clone();
            for c in cards {
                let k = self.card(c).clone();
                if k.zone != crate::ids::Zone::Play {
                    continue;
                }
                // 511.2, 511.3: attachments without a host in play, or on a face-down host.
                if let Some(h) = k.host {
                    let host = self.card(h);
                    if host.zone != crate::ids::Zone::Play || host.face_down {
                        changed |= self.perform(Occurrence::Dismiss {
                            card: c,
                            by_game: true,
                        });
                        continue;
                    }
                }
                // 511.4: frightened non-Friends are turned face-up.
                if k.frightened && self.def(c).card_type != CardType::Friend {
                    changed |= self.perform(Occurrence::Unfrighten(c));
                }
                // 511.5: characters in another player's home go to their controller's home.
                if self.is_character(c) {
                    if let Some(Area::Home(owner)) = k.area {
                        if owner != k.controller {
                            changed |= self.perform(Occurrence::Send {
                                card: c,
                                to: Area::Home(k.controller),
                            });
                        }
                    }
                }
            }
            if !changed {
                return any;
            }
            any = true;
        }
    }
}
