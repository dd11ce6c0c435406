//! Setting up any position directly, for rule tests and scenario files: the engine's
//! equivalent of an unvalidated setup that becomes a game.

use crate::card::CardType;
use crate::flow::Frame;
use crate::game::{Game, GameSetup, SetupError};
use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::rules::occurrence::Occurrence;
use crate::rules::turn::TurnStage;
use crate::state::Step;

/// Where a built position starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartAt {
    /// 102: choosing Starting Problems, then the usual setup.
    Setup,
    /// The start of the turn player's turn (Ready Step).
    TurnStart,
    TroublemakerPhase,
    ChallengeStep,
    MainPhase,
    ScorePhase,
    EndPhase,
}

/// How a card sits in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InPlay {
    pub exhausted: bool,
    pub face_down: bool,
    pub frightened: bool,
    pub counters: i16,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("{player} has no card {number} left to place (each copy is placed once; list it in the decks)")]
    NoSuchCard { player: PlayerId, number: String },
    #[error("{number} is a {card_type} and can't be put there")]
    WrongPlace { number: String, card_type: CardType },
    #[error("{0} is not in the game")]
    NoSuchPlayer(PlayerId),
    #[error("{player} has no Problem in play; a position needs one for each player")]
    NoProblem { player: PlayerId },
}

/// Builds a position. Every card comes from the players' decks: it starts in its
/// player's draw deck (or Problem deck), in deck-list order with the first listed on top.
pub struct Board {
    g: Game,
    placed: Vec<bool>,
}

impl Board {
    pub fn new(setup: &GameSetup) -> Result<Board, BoardError> {
        let mut g = Game::build(setup)?;
        // Decks read top first in list order.
        for p in 0..g.st.players.len() {
            g.st.players[p].deck.reverse();
            g.st.players[p].problem_deck.reverse();
        }
        let n = g.st.cards.len();
        Ok(Board {
            g,
            placed: vec![false; n],
        })
    }

    pub fn game(&self) -> &Game {
        &self.g
    }

    fn check_player(&self, p: PlayerId) -> Result<(), BoardError> {
        if p.index() < self.g.num_players() {
            Ok(())
        } else {
            Err(BoardError::NoSuchPlayer(p))
        }
    }

    /// The next unplaced copy of card `number` owned by `p`.
    pub fn take(&mut self, p: PlayerId, number: &str) -> Result<CardId, BoardError> {
        self.check_player(p)?;
        let found = (0..self.g.st.cards.len())
            .map(|i| CardId(i as u16))
            .find(|&c| {
                !self.placed[c.index()]
                    && self.g.card(c).owner == p
                    && self.g.def(c).number.eq_ignore_ascii_case(number)
                    && self.g.card(c).zone != Zone::Play
            });
        let c = found.ok_or_else(|| BoardError::NoSuchCard {
            player: p,
            number: number.to_string(),
        })?;
        self.placed[c.index()] = true;
        Ok(c)
    }

    fn wrong(&self, c: CardId) -> BoardError {
        BoardError::WrongPlace {
            number: self.g.def(c).number.clone(),
            card_type: self.g.def(c).card_type,
        }
    }

    pub fn to_zone(&mut self, c: CardId, zone: Zone) -> Result<(), BoardError> {
        let ty = self.g.def(c).card_type;
        let ok = match zone {
            Zone::ProblemDeck => ty == CardType::Problem,
            Zone::Hand | Zone::Discard | Zone::DrawDeck | Zone::Flip => {
                ty != CardType::Problem && ty != CardType::ManeCharacter
            }
            Zone::Banished => ty != CardType::ManeCharacter,
            Zone::Play | Zone::Queue | Zone::Gone | Zone::SetAside => false,
        };
        if !ok {
            return Err(self.wrong(c));
        }
        // Placing into a deck puts the card under those already placed, so decks read
        // top first in the order given.
        self.g
            .relocate(c, zone, matches!(zone, Zone::DrawDeck | Zone::ProblemDeck));
        Ok(())
    }

    /// Puts a card into play at an area (a Problem card at its owner's Problem area).
    pub fn to_play(&mut self, c: CardId, area: Area, how: InPlay) -> Result<(), BoardError> {
        let ty = self.g.def(c).card_type;
        let ok = match ty {
            CardType::Problem => {
                area == Area::Problem(self.g.card(c).owner) && self.g.problem_at(area).is_none()
            }
            CardType::Troublemaker => area.is_problem(),
            CardType::Event => false,
            CardType::ManeCharacter | CardType::Friend | CardType::Resource => true,
        };
        if !ok {
            return Err(self.wrong(c));
        }
        if self.g.card(c).zone != Zone::Play {
            self.g.perform(Occurrence::EnterPlay {
                card: c,
                at: area,
                face_down: how.face_down || how.frightened,
            });
        } else {
            self.g.card_mut(c).area = Some(area);
        }
        let k = self.g.card_mut(c);
        k.frightened = how.frightened;
        k.face_down = how.face_down || how.frightened;
        k.exhaustion = u8::from(how.exhausted && !how.frightened);
        k.power_counters = how.counters;
        Ok(())
    }

    /// The Mane Character of a player (already in play at home).
    pub fn mane(&self, p: PlayerId) -> CardId {
        self.g
            .player(p)
            .mane
            .expect("every player has a Mane Character")
    }

    pub fn attach(&mut self, attachment: CardId, host: CardId) {
        let area = self.g.card(host).area;
        let k = self.g.card_mut(attachment);
        k.host = Some(host);
        k.area = area;
    }

    /// Banishes `card` beneath `host` (in play), as Pumped does.
    pub fn beneath(&mut self, card: CardId, host: CardId) {
        self.g.relocate(card, Zone::Banished, false);
        self.g.st.beneath.push((host, card));
    }

    pub fn boost(&mut self, mane: CardId) {
        self.g.card_mut(mane).boosted = true;
        self.g.relist();
    }

    pub fn set_score(&mut self, p: PlayerId, score: u16) {
        self.g.player_mut(p).score = score;
    }
    pub fn set_tokens(&mut self, p: PlayerId, tokens: u16) {
        self.g.player_mut(p).tokens = tokens;
    }

    /// Whose turn it is, which turn of the game, and who went first.
    pub fn set_turn(&mut self, turn: u32, turn_player: PlayerId, first_player: PlayerId) {
        self.g.st.turn = turn;
        self.g.st.turn_player = turn_player;
        self.g.st.first_player = first_player;
        for p in self.g.players().collect::<Vec<_>>() {
            // Turns each player has begun, consistent with the turn number.
            let order =
                (p.0 as i64 - first_player.0 as i64).rem_euclid(self.g.num_players() as i64) as u32;
            let upto = if p == turn_player {
                turn
            } else {
                turn.saturating_sub(1)
            };
            self.g.player_mut(p).turns_taken = upto
                .saturating_add(self.g.num_players() as u32 - 1 - order)
                / self.g.num_players() as u32;
        }
    }

    /// Starts the game at `at` and runs it to the first decision.
    pub fn start(mut self, at: StartAt) -> Result<Game, BoardError> {
        let g = &mut self.g;
        if at != StartAt::Setup {
            for p in g.players().collect::<Vec<_>>() {
                if g.problem_at(Area::Problem(p)).is_none() {
                    return Err(BoardError::NoProblem { player: p });
                }
            }
        }
        let (stage, step) = match at {
            StartAt::Setup => {
                // 102: the game begins before the first turn.
                g.st.turn = 0;
                let n = g.num_players();
                for p in 0..n {
                    g.st.players[p].turns_taken = 0;
                    g.st.players[p].deck.reverse();
                    g.st.players[p].problem_deck.reverse();
                }
                g.st.frames.push(Frame::StartingProblems {
                    chosen: vec![None; n],
                });
                g.advance();
                return Ok(self.g);
            }
            StartAt::TurnStart => (TurnStage::ReadyAndActionSteps, Step::Ready),
            StartAt::TroublemakerPhase => (TurnStage::TroublemakerPhaseStart, Step::Uncover),
            StartAt::ChallengeStep => (TurnStage::ChallengeStepStart, Step::Challenge),
            StartAt::MainPhase => (TurnStage::MainPhaseStart, Step::Main),
            StartAt::ScorePhase => (TurnStage::ScorePhaseStart, Step::Confront),
            StartAt::EndPhase => (TurnStage::EndPhaseStart, Step::EndOfTurn),
        };
        if g.st.turn == 0 {
            g.st.turn = 1;
            let tp = g.st.turn_player;
            g.player_mut(tp).turns_taken = 1;
        }
        g.st.step = step;
        // Placing cards is not play: nothing it did triggers, and the log starts here.
        g.st.triggers.clear();
        g.st.reactable.clear();
        g.st.books.log.clear();
        g.st.frames.push(Frame::Turn(stage));
        g.st.uniqueness_dirty = true;
        g.advance();
        Ok(self.g)
    }
}
