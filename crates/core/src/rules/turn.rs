//! The turn sequence (601-616) as a program: a list of stages walked by one frame.

use crate::card::CardType;
use crate::event::Event;
use crate::flow::{Frame, WindowKind};
use crate::game::Game;
use crate::ids::{Area, CardId, Zone};
use crate::rules::occurrence::Occurrence;
use crate::state::{Phase, Step};

/// Where the turn is. `Begin` through `End` in order; each stage pushes its successor
/// underneath whatever frames it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TurnStage {
    Begin,
    /// 603, 604: no priority in the Ready Phase until after the Action Step (601.2a).
    ReadyAndActionSteps,
    DrawStepStart,
    DrawStep,
    DrawStepEnd,
    ReadyPhaseEnd,
    TroublemakerPhaseStart,
    UncoverStepStart,
    UncoverStep,
    UncoverStepEnd,
    ChallengeStepStart,
    ChallengeStep,
    ChallengeStepEnd,
    TroublemakerPhaseEnd,
    MainPhaseStart,
    MainPhaseEnd,
    ScorePhaseStart,
    ConfrontSteps,
    FaceoffStepStart,
    FaceoffStep,
    FaceoffStepEnd,
    SolveStepStart,
    SolveStep,
    SolveStepEnd,
    ScorePhaseEnd,
    EndPhaseStart,
    EndOfTurnStepStart,
    EndOfTurnStepEnd,
    WrapUp,
    End,
}

impl Game {
    /// A boundary window (601.2) held first by the turn player (510.2).
    pub(crate) fn boundary_window(&mut self, end_of_phase: bool) {
        let holder = self.st.turn_player;
        self.push(Frame::Window {
            kind: WindowKind::Boundary { end_of_phase },
            holder,
            passes: 0,
        });
    }

    fn then(&mut self, next: TurnStage) {
        self.push(Frame::Turn(next));
    }

    /// Begins `phase` at its first step `first`: the game is in the phase as its start is
    /// announced, so abilities working "during" it (a `Phase` condition) already apply to
    /// what answers its start.
    fn begin_phase(&mut self, phase: Phase, first: Step) {
        debug_assert_eq!(first.phase(), phase);
        self.end_phase_modifiers();
        if phase == Phase::End {
            self.end_score_phase_modifiers();
        }
        self.st.step = first;
        self.log(Event::PhaseBegan(phase));
        self.begin_step(first);
    }

    fn begin_step(&mut self, step: Step) {
        self.st.step = step;
        self.log(Event::StepBegan(step));
    }

    pub(crate) fn turn_stage(&mut self, stage: TurnStage) {
        use TurnStage as S;
        let tp = self.st.turn_player;
        match stage {
            S::Begin => {
                self.st.turn += 1;
                self.player_mut(tp).turns_taken += 1;
                self.st.confronted.clear();
                self.st.contested.clear();
                self.st.contributing.clear();
                self.st.solved.clear();
                self.st.played.clear();
                self.st.drawn.clear();
                self.st.tallied.clear();
                // "The first time each turn" starts counting again.
                self.st
                    .firsts
                    .retain(|&(_, _, i)| i & crate::ability::trigger::EACH_TURN == 0);
                self.end_next_turn_modifiers(tp);
                self.log(Event::TurnBegan {
                    player: tp,
                    turn: self.st.turn,
                });
                self.then(S::ReadyAndActionSteps);
            }
            S::ReadyAndActionSteps => {
                if self.phase_gives_way(Phase::Ready) {
                    return;
                }
                // 603.1: ready all of the turn player's cards.
                self.begin_step(Step::Ready);
                let mine: Vec<_> = self
                    .st
                    .in_play
                    .iter()
                    .copied()
                    .filter(|&c| self.card(c).controller == tp)
                    .collect();
                // 710: readying may be replaced (CGpf14); a replacement waiting for a
                // choice is settled before the tokens come, which wait behind it.
                for c in mine {
                    self.occur(Occurrence::Ready(c));
                }
                // 604.1: tokens by the highest score in the game.
                self.begin_step(Step::Action);
                let high = self
                    .active_players()
                    .map(|p| self.player(p).score)
                    .max()
                    .unwrap_or(0);
                let amount = match high {
                    0..=1 => 2,
                    2..=5 => 3,
                    6..=10 => 4,
                    _ => 5,
                };
                self.occur(Occurrence::GainTokens { player: tp, amount });
                self.then(S::DrawStepStart);
            }
            S::DrawStepStart => {
                self.begin_step(Step::Draw);
                self.then(S::DrawStep);
                self.boundary_window(false);
            }
            S::DrawStep => {
                // 605.1a: the first player skips the draw of their first turn.
                let first_turn = tp == self.st.first_player && self.player(tp).turns_taken == 1;
                if !first_turn {
                    self.occur(Occurrence::Draw(tp));
                }
                self.then(S::DrawStepEnd);
            }
            S::DrawStepEnd => {
                self.then(S::ReadyPhaseEnd);
                self.boundary_window(false);
            }
            S::ReadyPhaseEnd => {
                self.log(Event::PhaseEnded(Phase::Ready));
                self.then(S::TroublemakerPhaseStart);
                self.boundary_window(true);
            }
            S::TroublemakerPhaseStart => {
                if self.phase_gives_way(Phase::Troublemaker) {
                    return;
                }
                self.begin_phase(Phase::Troublemaker, Step::Uncover);
                self.then(S::UncoverStepStart);
                self.boundary_window(false);
            }
            S::UncoverStepStart => {
                self.then(S::UncoverStep);
                self.boundary_window(false);
            }
            S::UncoverStep => {
                self.then(S::UncoverStepEnd);
                self.push(Frame::Uncover);
            }
            S::UncoverStepEnd => {
                self.then(S::ChallengeStepStart);
                self.boundary_window(false);
            }
            S::ChallengeStepStart => {
                self.begin_step(Step::Challenge);
                self.then(S::ChallengeStep);
                self.boundary_window(false);
            }
            S::ChallengeStep => {
                self.then(S::ChallengeStepEnd);
                self.push(Frame::Challenge {
                    problems_done: Vec::new(),
                });
            }
            S::ChallengeStepEnd => {
                self.then(S::TroublemakerPhaseEnd);
                self.boundary_window(false);
            }
            S::TroublemakerPhaseEnd => {
                self.log(Event::PhaseEnded(Phase::Troublemaker));
                self.then(S::MainPhaseStart);
                self.boundary_window(true);
            }
            S::MainPhaseStart => {
                if self.phase_gives_way(Phase::Main) {
                    return;
                }
                // 609.1: Main Phase actions open windows as this one closes.
                self.begin_phase(Phase::Main, Step::Main);
                self.then(S::MainPhaseEnd);
                self.boundary_window(false);
            }
            S::MainPhaseEnd => {
                self.log(Event::PhaseEnded(Phase::Main));
                self.then(S::ScorePhaseStart);
                self.boundary_window(true);
            }
            S::ScorePhaseStart => {
                if self.phase_gives_way(Phase::Score) {
                    return;
                }
                self.begin_phase(Phase::Score, Step::Confront);
                self.then(S::ConfrontSteps);
                self.boundary_window(false);
            }
            S::ConfrontSteps => {
                self.then(S::FaceoffStepStart);
                self.push(Frame::ConfrontOrder { done: Vec::new() });
            }
            S::FaceoffStepStart => {
                self.begin_step(Step::Faceoff);
                self.then(S::FaceoffStep);
                self.boundary_window(false);
            }
            S::FaceoffStep => {
                self.then(S::FaceoffStepEnd);
                self.faceoff_step();
            }
            S::FaceoffStepEnd => {
                self.then(S::SolveStepStart);
                self.boundary_window(false);
            }
            S::SolveStepStart => {
                self.begin_step(Step::Solve);
                // 613.1: the Problems become solved as the step starts, before any is
                // replaced (613.2): "when this Problem is solved" sees what is there.
                let solved: Vec<CardId> = self
                    .st
                    .solved
                    .iter()
                    .filter_map(|&a| self.problem_at(a))
                    .collect();
                for problem in solved {
                    self.log(Event::Solved { problem });
                }
                self.then(S::SolveStep);
                self.boundary_window(false);
            }
            S::SolveStep => {
                self.solve_step();
                self.then(S::SolveStepEnd);
            }
            S::SolveStepEnd => {
                self.then(S::ScorePhaseEnd);
                self.boundary_window(false);
            }
            S::ScorePhaseEnd => {
                self.log(Event::PhaseEnded(Phase::Score));
                self.then(S::EndPhaseStart);
                self.boundary_window(true);
            }
            S::EndPhaseStart => {
                if self.phase_gives_way(Phase::End) {
                    return;
                }
                self.begin_phase(Phase::End, Step::EndOfTurn);
                self.then(S::EndOfTurnStepStart);
                self.boundary_window(false);
            }
            S::EndOfTurnStepStart => {
                // 615.1: end-of-turn triggers belong here (abilities).
                self.then(S::EndOfTurnStepEnd);
                self.boundary_window(false);
            }
            S::EndOfTurnStepEnd => {
                self.then(S::WrapUp);
                self.boundary_window(false);
            }
            S::WrapUp => {
                // 616.1: no priority; 616.2 then 616.3.
                self.begin_step(Step::WrapUp);
                self.then(S::End);
                self.push(Frame::WrapUpHome);
                self.push(Frame::WrapUpHand);
            }
            S::End => {
                // The End Phase is over after its Wrap Up Step (614): what waits for the
                // end of the phase is due now, as a trigger of that step.
                if self.st.step.phase() == Phase::End && !self.st.delayed.is_empty() {
                    self.delayed_due(crate::ability::Moment::EndOfPhase);
                }
                // 616.4a: triggers during the Wrap Up Step get a window, then another
                // Wrap Up Step.
                if !self.st.triggers.is_empty() || self.st.delayed.iter().any(|d| d.due) {
                    self.then(S::WrapUp);
                    self.boundary_window(false);
                    return;
                }
                // A phase started anew in the End Phase comes before the turn ends.
                if !self.st.new_phases.is_empty() {
                    let p = self.st.new_phases.remove(0);
                    self.then(phase_start(p));
                    return;
                }
                // 616.4: "this turn" modifiers end; the next player begins their turn.
                self.end_turn_modifiers();
                self.st.turn_player = self.next_player(tp);
                self.then(S::Begin);
            }
        }
    }

    /// As phase `phase` is about to begin, whether it gives way: to a phase an effect
    /// started anew once the one before was over (CN57), or because an effect skips it
    /// (AD200), in which case the turn goes on with the phase after it.
    fn phase_gives_way(&mut self, phase: Phase) -> bool {
        if phase != Phase::Ready && !self.st.new_phases.is_empty() {
            let p = self.st.new_phases.remove(0);
            self.then(phase_start(p));
            return true;
        }
        if let Some(i) = self.st.skipped_phases.iter().position(|&p| p == phase) {
            self.st.skipped_phases.remove(i);
            self.then(match phase {
                Phase::Setup | Phase::Ready => TurnStage::TroublemakerPhaseStart,
                Phase::Troublemaker => TurnStage::MainPhaseStart,
                Phase::Main => TurnStage::ScorePhaseStart,
                Phase::Score => TurnStage::EndPhaseStart,
                Phase::End => TurnStage::End,
            });
            return true;
        }
        false
    }

    /// 613: Problems where Problem faceoffs were resolved are solved and replaced.
    fn solve_step(&mut self) {
        // The areas stay marked solved while their characters are sent home, so a
        // replacement of that sending (`SolvedSendsHome`, AD25) can tell it apart.
        let solved = self.st.solved.clone();
        for area in solved {
            self.replace_problem(area);
        }
        self.st.solved.clear();
    }

    /// 613.2, in its order: characters there go home (their attachments with them), then
    /// face-up Troublemakers there are dismissed, then the Resources on the Problem itself
    /// (both by the game); then the Problem goes to the bottom and the next one comes up.
    pub(crate) fn replace_problem(&mut self, area: Area) {
        let Some(old) = self.problem_at(area) else {
            return;
        };
        let characters: Vec<_> = self.at(area).filter(|&c| self.is_character(c)).collect();
        for c in characters {
            let home = Area::Home(self.card(c).controller);
            // 613.2 makes only the dismissals "by the game" (104.3): this sending home
            // may be replaced (AD65; AD25 through `SolvedSendsHome`).
            self.occur(Occurrence::Send {
                card: c,
                to: home,
                by_loser: false,
            });
        }
        let troublemakers: Vec<_> = self
            .at(area)
            .filter(|&c| self.card_type(c) == CardType::Troublemaker && !self.card(c).face_down)
            .collect();
        for c in troublemakers {
            self.occur(Occurrence::Dismiss {
                card: c,
                by_game: true,
            });
        }
        let resources: Vec<_> = self
            .at(area)
            .filter(|&c| {
                self.card_type(c) == CardType::Resource
                    && self.card(c).host.is_none_or(|h| h == old)
            })
            .collect();
        for c in resources {
            self.occur(Occurrence::Dismiss {
                card: c,
                by_game: true,
            });
        }
        let owner = self.card(old).owner;
        if self.is_dilemma_in_play(old) {
            // 522.3, 522.3a: a Dilemma goes to the discard pile instead of the Problem deck,
            // its area ceases to exist and nothing replaces it (an exception to 613.2).
            self.perform(Occurrence::ToBottom(old));
            self.log(Event::Replaced { old, new: None });
            return;
        }
        self.relocate(old, Zone::ProblemDeck, true);
        let new = self.player(owner).problem_deck.last().copied();
        if let Some(n) = new {
            self.perform(Occurrence::EnterPlay {
                card: n,
                at: area,
                face_down: false,
            });
        }
        self.log(Event::Replaced { old, new });
    }
}

/// The stage at which phase `p` begins.
fn phase_start(p: Phase) -> TurnStage {
    match p {
        Phase::Setup | Phase::Ready => TurnStage::ReadyAndActionSteps,
        Phase::Troublemaker => TurnStage::TroublemakerPhaseStart,
        Phase::Main => TurnStage::MainPhaseStart,
        Phase::Score => TurnStage::ScorePhaseStart,
        Phase::End => TurnStage::EndPhaseStart,
    }
}
