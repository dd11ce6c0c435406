//! Building the position of a scenario with the engine's [`Board`].

use crate::compile::{first_line_of, CardRef, Placed, PlayerSetup, Scenario};
use crate::ScenarioError;
use ponyccg_core::board::{Board, BoardError, InPlay};
use ponyccg_core::card::CardDef;
use ponyccg_core::{Area, CardId, Game, GameSetup, PlayerDeck, PlayerId, SetupError, Zone};

impl Scenario {
    fn error(&self, line: usize, field: &str, message: impl Into<String>) -> ScenarioError {
        ScenarioError {
            file: self.file.clone(),
            line,
            field: field.to_string(),
            message: message.into(),
        }
    }

    /// The draw cards of a player in the order the board takes them: every card placed
    /// somewhere first, the draw deck (top first) last, so that taking a copy never takes
    /// one meant to stay in the deck.
    fn draw_list(p: &PlayerSetup) -> Vec<&CardRef> {
        let mut v: Vec<&CardRef> = Vec::new();
        for a in &p.mane.attached {
            v.push(&a.card);
        }
        v.extend(p.mane.beneath.iter());
        for (_, pl) in &p.in_play {
            v.push(&pl.card);
            v.extend(pl.attached.iter().map(|a| &a.card));
            v.extend(pl.beneath.iter());
        }
        v.extend(p.hand.iter());
        v.extend(p.discard.iter());
        v.extend(p.banished.iter().filter(|r| !is_problem(&r.def)));
        v.extend(p.deck.iter());
        v
    }

    fn problem_list(p: &PlayerSetup) -> Vec<&CardRef> {
        let mut v: Vec<&CardRef> = Vec::new();
        v.extend(p.problem.iter());
        v.extend(p.banished.iter().filter(|r| is_problem(&r.def)));
        v.extend(p.problem_deck.iter());
        v
    }

    fn setup_error(&self, e: &SetupError) -> ScenarioError {
        let at = |player: PlayerId, number: &str| {
            self.players
                .get(player.index())
                .map_or(0, |p| first_line_of(p, number))
        };
        let line = match e {
            SetupError::NotAMane { player, number, .. }
            | SetupError::NotAProblem { player, number, .. }
            | SetupError::NotADrawCard { player, number, .. }
            | SetupError::Unscripted { player, number, .. } => at(*player, number),
            SetupError::NoStartingProblem { player } => {
                self.players.get(player.index()).map_or(0, |p| p.line)
            }
            _ => 0,
        };
        let hint = match e {
            SetupError::NoStartingProblem { .. } => {
                " — the engine checks this even for positions set up mid-game; give one of the player's Problems `starting = true`"
            }
            SetupError::Unscripted { .. } => {
                " — define a plain card with [[card]] to pose the question without it"
            }
            SetupError::NotADrawCard { .. } => " — it can't be in a hand, deck, discard pile or in play here",
            _ => "",
        };
        self.error(line, "", format!("{e}{hint}"))
    }

    /// Builds the game at its starting point.
    pub(crate) fn build(&self) -> Result<Game, ScenarioError> {
        let setup = GameSetup {
            seed: self.seed,
            players: self
                .players
                .iter()
                .map(|p| PlayerDeck {
                    mane: p.mane.card.def.clone(),
                    problems: Self::problem_list(p)
                        .iter()
                        .map(|r| r.def.clone())
                        .collect(),
                    draw: Self::draw_list(p).iter().map(|r| r.def.clone()).collect(),
                })
                .collect(),
        };
        let mut b = Board::new(&setup).map_err(|e| match e {
            BoardError::Setup(s) => self.setup_error(&s),
            other => self.error(0, "", other.to_string()),
        })?;
        for (i, p) in self.players.iter().enumerate() {
            let me = PlayerId(i as u8);
            let take = |b: &mut Board, r: &CardRef| -> Result<CardId, ScenarioError> {
                b.take(me, &r.def.number)
                    .map_err(|e| self.error(r.line, "", e.to_string()))
            };
            let board = |r: &CardRef, e: BoardError| self.error(r.line, "", board_message(e));
            if let Some(pr) = &p.problem {
                let c = take(&mut b, pr)?;
                b.to_play(c, Area::Problem(me), InPlay::default())
                    .map_err(|e| board(pr, e))?;
            }
            for r in p.banished.iter().filter(|r| is_problem(&r.def)) {
                let c = take(&mut b, r)?;
                b.to_zone(c, Zone::Banished).map_err(|e| board(r, e))?;
            }
            // The Mane Character is in play from the start (102.1).
            let mane = b.mane(me);
            let mane_area = p.mane_at.unwrap_or(Area::Home(me));
            if let Area::Home(owner) = mane_area {
                if owner != me {
                    return Err(self.error(
                        p.mane.card.line,
                        "at",
                        "a character can't be at another player's home (506.2)",
                    ));
                }
            }
            b.to_play(mane, mane_area, p.mane.how)
                .map_err(|e| board(&p.mane.card, e))?;
            if p.mane.boosted {
                b.boost(mane);
            }
            self.attach_all(&mut b, me, mane, &p.mane.attached, mane_area)?;
            for r in &p.mane.beneath {
                let c = take(&mut b, r)?;
                b.beneath(c, mane);
            }
            for (area, pl) in &p.in_play {
                if let Area::Home(owner) = area {
                    debug_assert_eq!(*owner, me);
                }
                let c = take(&mut b, &pl.card)?;
                b.to_play(c, *area, pl.how)
                    .map_err(|e| board(&pl.card, e))?;
                self.attach_all(&mut b, me, c, &pl.attached, *area)?;
                for r in &pl.beneath {
                    let x = take(&mut b, r)?;
                    b.beneath(x, c);
                }
            }
            for (list, zone) in [(&p.hand, Zone::Hand), (&p.discard, Zone::Discard)] {
                for r in list {
                    let c = take(&mut b, r)?;
                    b.to_zone(c, zone).map_err(|e| board(r, e))?;
                }
            }
            for r in p.banished.iter().filter(|r| !is_problem(&r.def)) {
                let c = take(&mut b, r)?;
                b.to_zone(c, Zone::Banished).map_err(|e| board(r, e))?;
            }
            b.set_score(me, p.score);
            b.set_tokens(me, p.tokens);
        }
        b.set_turn(self.turn.number, self.turn.player, self.turn.first);
        // What is left in the decks must be exactly what the file lists, top first.
        for (i, p) in self.players.iter().enumerate() {
            let me = PlayerId(i as u8);
            let g = b.game();
            let deck: Vec<String> = g
                .zone(me, Zone::DrawDeck)
                .iter()
                .rev()
                .map(|&c| g.def(c).number.clone())
                .collect();
            let want: Vec<String> = p.deck.iter().map(|r| r.def.number.clone()).collect();
            let pdeck: Vec<String> = g
                .zone(me, Zone::ProblemDeck)
                .iter()
                .rev()
                .map(|&c| g.def(c).number.clone())
                .collect();
            let pwant: Vec<String> = p
                .problem_deck
                .iter()
                .map(|r| r.def.number.clone())
                .collect();
            if deck != want || pdeck != pwant {
                return Err(self.error(
                    p.line,
                    "deck",
                    format!(
                        "the board did not come out as written (draw deck {deck:?}, Problem deck {pdeck:?}); this is a bug of the scenario runner"
                    ),
                ));
            }
        }
        b.start(self.turn.start)
            .map_err(|e| self.error(self.turn.line, "start", board_message(e)))
    }

    fn attach_all(
        &self,
        b: &mut Board,
        me: PlayerId,
        host: CardId,
        list: &[Placed],
        area: Area,
    ) -> Result<(), ScenarioError> {
        for a in list {
            let c = b
                .take(me, &a.card.def.number)
                .map_err(|e| self.error(a.card.line, "attached", e.to_string()))?;
            b.to_play(c, area, a.how)
                .map_err(|e| self.error(a.card.line, "attached", board_message(e)))?;
            b.attach(c, host);
        }
        Ok(())
    }
}

fn is_problem(d: &CardDef) -> bool {
    d.card_type == ponyccg_core::card::CardType::Problem
}

fn board_message(e: BoardError) -> String {
    match e {
        BoardError::WrongPlace { number, card_type } => format!(
            "{number} is a {card_type} and can't be put there (Troublemakers only at a Problem (306.1), \
             Events never in play, a Problem only at its owner's empty Problem area, Mane Characters and \
             Problems never in hands, decks or discard piles)"
        ),
        BoardError::NoProblem { player } => format!(
            "{player} has no Problem in play; give the player `problem = ...` to start anywhere but setup"
        ),
        other => other.to_string(),
    }
}
