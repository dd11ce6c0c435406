//! Starting a game (102).

use crate::decision::{Choice, Decision, Prompt};
use crate::event::Event;
use crate::flow::Frame;
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId};
use crate::rules::occurrence::Occurrence;
use crate::rules::turn::TurnStage;

impl Game {
    /// 102.2: players choose Starting Problems simultaneously. They are asked in seat
    /// order (no turn player exists yet) and the choices are revealed together.
    pub(crate) fn starting_problems(
        &mut self,
        mut chosen: Vec<Option<CardId>>,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        if let Some(Choice::StartingProblem(c)) = answer {
            let p = self.card(c).owner;
            chosen[p.index()] = Some(c);
        }
        let undecided = self.active_players().find(|p| chosen[p.index()].is_none());
        if let Some(p) = undecided {
            let mut options: Vec<CardId> = Vec::new();
            for &c in &self.player(p).problem_deck {
                if self.def(c).is_starting_problem()
                    && !options
                        .iter()
                        .any(|&o| self.card(o).def == self.card(c).def)
                {
                    options.push(c);
                }
            }
            let choices = options.into_iter().map(Choice::StartingProblem).collect();
            return self.ask(
                Frame::StartingProblems { chosen },
                p,
                Prompt::StartingProblem,
                choices,
            );
        }
        for (i, c) in chosen.iter().enumerate() {
            if let Some(c) = *c {
                let p = PlayerId(i as u8);
                self.perform(Occurrence::EnterPlay {
                    card: c,
                    at: Area::Problem(p),
                    face_down: false,
                });
                self.log(Event::StartingProblem { player: p, card: c });
            }
        }
        // 102.3: a random first player, then shuffles and opening hands.
        let active: Vec<PlayerId> = self.active_players().collect();
        let first = active[crate::rng::below(&mut self.st.rng, active.len() as u32) as usize];
        self.st.first_player = first;
        self.st.turn_player = first;
        self.log(Event::FirstPlayer(first));
        for p in active {
            self.shuffle_problem_deck(p);
            self.shuffle_deck(p);
            for _ in 0..6 {
                self.perform(Occurrence::Draw(p));
            }
        }
        self.push(Frame::Mulligans {
            asked: 0,
            wanted: Vec::new(),
        });
        None
    }

    /// 102.4: in turn order each player decides; the mulligans then happen together.
    pub(crate) fn mulligans(
        &mut self,
        mut asked: u8,
        mut wanted: Vec<PlayerId>,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        let order = self.players_from(self.st.first_player);
        if let Some(a) = answer {
            if a == Choice::Mulligan {
                wanted.push(order[asked as usize]);
            }
            asked += 1;
        }
        if (asked as usize) < order.len() {
            let p = order[asked as usize];
            return self.ask(
                Frame::Mulligans { asked, wanted },
                p,
                Prompt::Mulligan,
                vec![Choice::Keep, Choice::Mulligan],
            );
        }
        // 102.4a: hand shuffled into the deck, then six new cards.
        for p in wanted {
            for c in self.player(p).hand.clone() {
                self.relocate(c, crate::ids::Zone::DrawDeck, false);
            }
            self.shuffle_deck(p);
            for _ in 0..6 {
                self.perform(Occurrence::Draw(p));
            }
            self.log(Event::Mulliganed(p));
        }
        // 102.5: the game starts.
        self.push(Frame::Turn(TurnStage::Begin));
        None
    }
}
