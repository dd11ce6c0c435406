//! The work stack. Every pending piece of the rules is a [`Frame`]; `advance` runs the
//! top frame until one needs a decision. A frame that asks pushes itself back first, so
//! the stack is the whole "where are we" and the game can be cloned mid-anything.

use crate::decision::{Choice, Decision, Prompt};
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId};

use crate::rules::turn::TurnStage;

/// A priority window's place in the turn (601.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum WindowKind {
    /// At the start or end of a phase or step.
    Boundary { end_of_phase: bool },
    /// Opened by a phase action (510.3, 609.1).
    Action,
    /// Inside a faceoff (514).
    Faceoff,
}

/// A faceoff's progress (514.2-514.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum FaceoffStage {
    /// 514.4a: before the first flip, each player with a "may flip more" modifier says
    /// whether they will (CG43): the extra cards are part of that flip, so the choice is
    /// made before any of its cards is revealed.
    FlipChoice,
    /// 514.4, 514.5c: flip, then a window.
    Flip,
    /// 514.5: compare power totals.
    Compare,
    /// 514.7: the window after the result, then the end.
    End,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Frame {
    /// 102.2: each player picks a Starting Problem; revealed together.
    StartingProblems {
        chosen: Vec<Option<CardId>>,
    },
    /// 102.4: in turn order, each player says whether to mulligan.
    Mulligans {
        asked: u8,
        wanted: Vec<PlayerId>,
    },
    /// The turn's program counter.
    Turn(TurnStage),
    /// 510: a priority window.
    Window {
        kind: WindowKind,
        holder: PlayerId,
        passes: u8,
    },
    /// 510.3: the turn player may open another window with a phase action.
    PhaseAction,
    /// 607.2: uncover face-down Troublemakers in the turn player's order.
    Uncover,
    /// 608: challenges, one at a time.
    Challenge {
        problems_done: Vec<Area>,
    },
    /// 610.1: confront steps in the turn player's order.
    ConfrontOrder {
        done: Vec<Area>,
    },
    /// 611: the confront itself (between the step's two windows).
    Confront(Area),
    /// 611.3a: a player choosing, one at a time, which of their characters contribute to
    /// confronting a Problem under a limit on how many may (AD181).
    Contributors {
        player: PlayerId,
        area: Area,
        picked: Vec<CardId>,
    },
    Faceoff(FaceoffStage),
    /// 514.6b: the losing challenger sends an involved character home.
    SendHome {
        player: PlayerId,
        area: Area,
    },
    /// 616.2, 616.3.
    WrapUpHand,
    WrapUpHome,
    /// 516.2: the violating player dismisses violating cards until repaired.
    Uniqueness,
    /// 511.7: a wave of waiting triggered effects.
    TriggerWave(Vec<crate::ability::trigger::Waiting>),
    /// 705.2f, 712: an effect being followed.
    Resolve(Box<crate::ability::resolve::Resolution>),
    /// 710.5: an occurrence waiting for replacement modifiers to be chosen.
    Replace(Box<crate::rules::replace::Replacing>),
    /// 706.1: a card entering play while its controller makes its entry choices.
    Enter(Box<crate::rules::entering::Entering>),
    /// 705.2h: the action this player took has been resolved (below its resolution on
    /// the stack, above the window it was taken in).
    ActionDone(PlayerId),
}

impl Game {
    /// Runs the rules until a decision with more than one choice is needed or the game
    /// ends. A decision with a single choice is taken at once: nothing is decided.
    pub(crate) fn advance(&mut self) {
        self.advance_from(None);
    }

    /// As [`Game::advance`], starting with a decision a frame has just asked, if any.
    pub(crate) fn advance_from(&mut self, mut asked: Option<Decision>) {
        loop {
            if self.st.outcome.is_some() {
                self.st.pending = None;
                return;
            }
            // 710.5: occurrences queued for a replacement choice are settled before
            // anything else. A frame that asked after queueing one is asked again once
            // they are settled (a frame run without an answer asks afresh).
            if !self.st.replacing.is_empty() {
                asked = None;
                self.push_replacing();
            }
            if let Some(d) = asked.take() {
                if d.choices.len() == 1 {
                    let c = d.choices[0].clone();
                    asked = self.answer(c);
                    continue;
                }
                self.st.pending = Some(d);
                return;
            }
            // 516.1: uniqueness is checked continuously; the game pauses to repair it.
            if self.st.uniqueness_dirty {
                self.st.uniqueness_dirty = false;
                if self.uniqueness_violator().is_some() {
                    self.push(Frame::Uniqueness);
                }
            }
            let Some(frame) = self.st.frames.pop() else {
                unreachable!("the turn frame is never finished while the game goes on");
            };
            asked = self.run_frame(frame, None);
        }
    }

    /// Feeds a choice to the frame that asked for it (the top of the stack); it may ask
    /// again straight away.
    pub(crate) fn answer(&mut self, choice: Choice) -> Option<Decision> {
        let frame = self
            .st
            .frames
            .pop()
            .expect("a decision was asked by the top frame");
        self.run_frame(frame, Some(choice))
    }

    /// Runs one frame. With `None` it does its work or asks (pushing itself back and
    /// returning the decision); with `Some(choice)` it continues from its question.
    fn run_frame(&mut self, frame: Frame, answer: Option<Choice>) -> Option<Decision> {
        match frame {
            Frame::StartingProblems { chosen } => self.starting_problems(chosen, answer),
            Frame::Mulligans { asked, wanted } => self.mulligans(asked, wanted, answer),
            Frame::Turn(stage) => {
                self.turn_stage(stage);
                None
            }
            Frame::Window {
                kind,
                holder,
                passes,
            } => self.window(kind, holder, passes, answer),
            Frame::PhaseAction => self.phase_action(answer),
            Frame::Uncover => self.uncover(answer),
            Frame::Challenge { problems_done } => self.challenge(problems_done, answer),
            Frame::ConfrontOrder { done } => self.confront_order(done, answer),
            Frame::Confront(area) => self.confront_at(area),
            Frame::Contributors {
                player,
                area,
                picked,
            } => self.choose_contributors(player, area, picked, answer),
            Frame::Faceoff(stage) => self.faceoff_stage(stage, answer),
            Frame::SendHome { player, area } => self.send_home_choice(player, area, answer),
            Frame::WrapUpHand => self.wrap_up_hand(answer),
            Frame::WrapUpHome => self.wrap_up_home(answer),
            Frame::Uniqueness => self.repair_uniqueness(answer),
            Frame::TriggerWave(wave) => self.trigger_wave(wave, answer),
            Frame::Resolve(r) => {
                // What the effect does, its controller does (`Prohibition::By`).
                let before = self.st.books.actor.replace(Some(r.ctx.you));
                let caused = self.st.books.causer.replace(r.sel.causer);
                let asked = self.resolve(r, answer);
                self.st.books.actor.set(before);
                self.st.books.causer.set(caused);
                asked
            }
            Frame::Replace(r) => {
                // It happens as the one who caused it acts (`Prohibition::By`).
                let before = self.st.books.actor.replace(r.actor);
                let caused = self.st.books.causer.replace(r.causer);
                let asked = self.replace_frame(r, answer);
                self.st.books.actor.set(before);
                self.st.books.causer.set(caused);
                asked
            }
            Frame::Enter(e) => self.entry_frame(e, answer),
            Frame::ActionDone(player) => {
                self.log(crate::event::Event::ActionTaken { player });
                None
            }
        }
    }

    /// Pushes `frame` back and builds the decision it waits on.
    pub(crate) fn ask(
        &mut self,
        frame: Frame,
        player: PlayerId,
        prompt: Prompt,
        choices: Vec<Choice>,
    ) -> Option<Decision> {
        debug_assert!(!choices.is_empty());
        self.st.frames.push(frame);
        Some(Decision {
            player,
            prompt,
            choices,
        })
    }

    pub(crate) fn push(&mut self, frame: Frame) {
        self.st.frames.push(frame);
    }
}
