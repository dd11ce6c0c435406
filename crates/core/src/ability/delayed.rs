//! Delayed effects ("at the end of the turn, …"): a one-shot effect an instruction
//! creates, which waits for its moment and then is followed as an effect of its own,
//! with the point of view (controller, `It`, area) of the effect that made it.

use super::script::{Effect, Moment};
use super::trigger::Ctx;
use crate::event::Event;
use crate::game::Game;

/// A delayed effect waiting for its moment.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Delayed {
    pub at: Moment,
    pub ctx: Ctx,
    /// The object numbers of the card the text is on and of `It` when it was made: a
    /// card that has since become a new object (410.6) is no longer the one meant.
    pub objects: (u32, Option<u32>),
    pub effects: Vec<Effect>,
    /// Its moment has come; it starts before anyone next receives priority.
    pub due: bool,
}

impl Game {
    /// Marks the delayed effects whose moment an event is.
    pub(crate) fn note_delayed(&mut self, e: &Event) {
        let moment = match e {
            // 615.1: the end of the turn, where "at the end of the turn" abilities trigger.
            Event::StepBegan(crate::state::Step::EndOfTurn) => Moment::EndOfTurn,
            Event::PhaseEnded(_) => Moment::EndOfPhase,
            Event::FaceoffEnded => Moment::EndOfFaceoff,
            Event::FaceoffBegan => {
                // 514.3: the players involved in the faceoff that begins.
                let players = self
                    .st
                    .faceoff
                    .as_ref()
                    .map(|f| f.players.clone())
                    .unwrap_or_default();
                for d in &mut self.st.delayed {
                    if d.at == Moment::StartOfYourNextFaceoff && players.contains(&d.ctx.you) {
                        d.due = true;
                    }
                }
                return;
            }
            Event::TurnBegan { player, .. } => {
                // 616.4: what waited for a faceoff "this turn" lapsed as that turn ended.
                self.st
                    .delayed
                    .retain(|d| d.at != Moment::StartOfYourNextFaceoff || d.due);
                for d in &mut self.st.delayed {
                    match d.at {
                        Moment::StartOfNextTurn => d.due = true,
                        Moment::StartOfYourNextTurn => d.due |= d.ctx.you == *player,
                        Moment::EndOfTurn
                        | Moment::EndOfPhase
                        | Moment::EndOfFaceoff
                        | Moment::StartOfYourNextFaceoff => {}
                    }
                }
                return;
            }
            _ => return,
        };
        self.delayed_due(moment);
    }

    /// Marks the delayed effects waiting for `moment` as due.
    pub(crate) fn delayed_due(&mut self, moment: Moment) {
        for d in &mut self.st.delayed {
            if d.at == moment {
                d.due = true;
            }
        }
    }

    /// Starts the delayed effects that are due, the earliest made first (each on top of
    /// the work stack, so the first made is followed first). Returns whether any did.
    pub(crate) fn start_delayed(&mut self) -> bool {
        if !self.st.delayed.iter().any(|d| d.due) {
            return false;
        }
        let (due, waiting): (Vec<Delayed>, Vec<Delayed>) = std::mem::take(&mut self.st.delayed)
            .into_iter()
            .partition(|d| d.due);
        self.st.delayed = waiting;
        for d in due.into_iter().rev() {
            let mut ctx = d.ctx;
            // 410.6: a card that changed zones since is a new object, not the one meant.
            if ctx.it.map(|c| self.card(c).object) != d.objects.1 {
                ctx.it = None;
            }
            let gone = self.card(ctx.source).object != d.objects.0;
            self.push_resolution(ctx, d.effects, false, Vec::new(), None);
            if gone {
                self.this_gone_on_top();
            }
        }
        true
    }
}
