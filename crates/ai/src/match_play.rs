//! Running a game between players to its end.

use crate::Player;
use ponyccg_core::{ChoiceError, Game, Outcome, PlayerId};

/// How a game that was played out ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub outcome: Outcome,
    /// The turn number the game ended in.
    pub turns: u32,
    /// Final scores by seat.
    pub scores: Vec<u16>,
    /// Every choice index made, in order (the replay's choice list).
    pub choices: Vec<u16>,
}

impl GameRecord {
    /// The winner, if the game was not drawn.
    pub fn winner(&self) -> Option<PlayerId> {
        match self.outcome {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }
}

/// Why a game could not be played out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// The game was still going after this many decisions.
    NoEnd { decisions: usize },
    /// The game was still going after this many turns; the scores by seat then.
    TurnLimit { turns: u32, scores: Vec<u16> },
    /// A player gave an answer the engine refused.
    Refused { player: String, err: ChoiceError },
    /// There are fewer players than seats.
    TooFewPlayers { seats: usize, players: usize },
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::NoEnd { decisions } => {
                write!(f, "the game had not ended after {decisions} decisions")
            }
            PlayError::TurnLimit { turns, .. } => {
                write!(f, "the game had not ended after {turns} turns")
            }
            PlayError::Refused { player, err } => {
                write!(f, "the {player} player's choice was refused: {err}")
            }
            PlayError::TooFewPlayers { seats, players } => {
                write!(
                    f,
                    "the game has {seats} seats but {players} players were given"
                )
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// Plays `game` to its end, `players[i]` deciding for seat `i`. Stops with
/// [`PlayError::NoEnd`] after `max_decisions`.
pub fn play_out(
    game: &mut Game,
    players: &mut [Box<dyn Player>],
    max_decisions: usize,
) -> Result<GameRecord, PlayError> {
    play_out_until(game, players, max_decisions, u32::MAX)
}

/// As [`play_out`], and stops with [`PlayError::TurnLimit`] once turn `max_turns` has
/// been played without an end (players who can't or won't score never finish).
pub fn play_out_until(
    game: &mut Game,
    players: &mut [Box<dyn Player>],
    max_decisions: usize,
    max_turns: u32,
) -> Result<GameRecord, PlayError> {
    if players.len() < game.num_players() {
        return Err(PlayError::TooFewPlayers {
            seats: game.num_players(),
            players: players.len(),
        });
    }
    let mut choices = Vec::new();
    while let Some(d) = game.decision() {
        if choices.len() >= max_decisions {
            return Err(PlayError::NoEnd {
                decisions: choices.len(),
            });
        }
        if game.turn() > max_turns {
            return Err(PlayError::TurnLimit {
                turns: max_turns,
                scores: game.players().map(|p| game.score(p)).collect(),
            });
        }
        let who = &mut players[d.player.index()];
        let i = who.choose(game, d);
        let name = who.name();
        game.apply_action(i).map_err(|err| PlayError::Refused {
            player: name.to_string(),
            err,
        })?;
        choices.push(i as u16);
    }
    let outcome = game
        .outcome()
        .cloned()
        .expect("a game without a decision is over");
    Ok(GameRecord {
        outcome,
        turns: game.turn(),
        scores: game.players().map(|p| game.score(p)).collect(),
        choices,
    })
}
