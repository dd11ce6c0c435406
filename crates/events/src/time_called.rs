//! The end-of-match procedure of the Tournament Floor Rules (Tournament Policies,
//! End of Match Procedures), as pure functions over a small match state.
//!
//! When time is called, the turn in progress is played out; if its player took the
//! first turn of the game, the other player takes one more turn; then the higher
//! score wins and equal scores draw. The head judge may cap the procedure (5
//! minutes); when the cap is hit play stops and the scores decide at once. In
//! elimination rounds a draw is not a result: another game is played, and when time
//! has been called that game ends at the first change in points.
//!
//! Integration point for the engine: [`run_time_called`] takes a callback that
//! plays one whole turn for a given player and reports the scores afterwards (or
//! that the game ended, or that the cap was reached). The engine only needs to
//! provide that callback; [`tiebreak_game`] takes a callback that reports each
//! change of the scores in the extra game.

/// A two-player game at the moment time is called. Players are 0 and 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchState {
    /// Number of the turn in progress (1 = the first turn of the game).
    pub turn_number: u32,
    /// The player who took the first turn of the game.
    pub first_player: usize,
    /// The player whose turn is in progress.
    pub turn_player: usize,
    /// Points of players 0 and 1.
    pub scores: [u32; 2],
}

/// Errors in a match state handed to the procedure.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeCalledError {
    #[error("player {0} does not exist; players are 0 and 1")]
    NoSuchPlayer(usize),
    #[error("on turn {turn} the turn player should be {expected}, not {got}, when player {first} went first")]
    WrongTurnPlayer {
        turn: u32,
        first: usize,
        expected: usize,
        got: usize,
    },
    #[error("turn numbers start at 1")]
    NoTurn,
}

impl MatchState {
    /// Checks the state is consistent: two players, and turns alternate from the
    /// first player.
    pub fn validate(&self) -> Result<(), TimeCalledError> {
        for p in [self.first_player, self.turn_player] {
            if p > 1 {
                return Err(TimeCalledError::NoSuchPlayer(p));
            }
        }
        if self.turn_number == 0 {
            return Err(TimeCalledError::NoTurn);
        }
        let expected = if self.turn_number % 2 == 1 {
            self.first_player
        } else {
            1 - self.first_player
        };
        if expected != self.turn_player {
            return Err(TimeCalledError::WrongTurnPlayer {
                turn: self.turn_number,
                first: self.first_player,
                expected,
                got: self.turn_player,
            });
        }
        Ok(())
    }
}

/// The turns still to be played after time is called, in order: the player
/// finishing the turn in progress, then, if that player went first, the other.
pub fn remaining_turns(state: &MatchState) -> Result<Vec<usize>, TimeCalledError> {
    state.validate()?;
    let mut v = vec![state.turn_player];
    if state.turn_player == state.first_player {
        v.push(1 - state.turn_player);
    }
    Ok(v)
}

/// How a match ends once the procedure has run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Winner(usize),
    Draw,
    /// Elimination rounds only: the scores were equal, so another game is played
    /// until the first change in points ([`tiebreak_game`]).
    TiebreakGame,
}

impl Verdict {
    /// The result to report for a match between `players[0]` and `players[1]`;
    /// `None` while a tiebreak game is still to be played.
    pub fn report(self, players: [&str; 2]) -> Option<crate::tournament::Report> {
        use crate::tournament::Report;
        match self {
            Verdict::Winner(w) => Some(Report::Winner {
                name: players[w.min(1)].to_string(),
                games: None,
            }),
            Verdict::Draw => Some(Report::Draw),
            Verdict::TiebreakGame => None,
        }
    }
}

/// The verdict from the scores at the end of the procedure.
pub fn decide(scores: [u32; 2], elimination: bool) -> Verdict {
    use std::cmp::Ordering::*;
    match scores[0].cmp(&scores[1]) {
        Greater => Verdict::Winner(0),
        Less => Verdict::Winner(1),
        Equal if elimination => Verdict::TiebreakGame,
        Equal => Verdict::Draw,
    }
}

/// What happened in one turn played during the procedure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnReport {
    /// The turn ended normally; these are the scores.
    Scores([u32; 2]),
    /// The game ended during the turn (`None`: the game itself was drawn).
    GameOver(Option<usize>),
    /// The head judge's cap on the procedure was reached; play stopped with these
    /// scores.
    CapReached([u32; 2]),
}

/// Runs the procedure. `play_turn(player)` plays (or finishes) that player's turn.
pub fn run_time_called(
    state: &MatchState,
    elimination: bool,
    mut play_turn: impl FnMut(usize) -> TurnReport,
) -> Result<Verdict, TimeCalledError> {
    let mut scores = state.scores;
    for player in remaining_turns(state)? {
        match play_turn(player) {
            TurnReport::Scores(s) => scores = s,
            TurnReport::GameOver(Some(w)) if w <= 1 => return Ok(Verdict::Winner(w)),
            TurnReport::GameOver(Some(w)) => return Err(TimeCalledError::NoSuchPlayer(w)),
            TurnReport::GameOver(None) => {
                return Ok(if elimination {
                    Verdict::TiebreakGame
                } else {
                    Verdict::Draw
                })
            }
            TurnReport::CapReached(s) => return Ok(decide(s, elimination)),
        }
    }
    Ok(decide(scores, elimination))
}

/// The winner of an elimination tiebreak game after time was called: the player
/// who gains points first. `next_scores()` reports the scores each time they
/// change (starting from `start`); if both gain at the same moment the one ahead
/// wins, and if still level play goes on. Returns `None` if the callback runs out
/// (returns `None`) before anyone is ahead.
pub fn tiebreak_game(
    start: [u32; 2],
    mut next_scores: impl FnMut() -> Option<[u32; 2]>,
) -> Option<usize> {
    let mut base = start;
    while let Some(s) = next_scores() {
        if s == base {
            continue;
        }
        let gain0 = s[0] as i64 - base[0] as i64;
        let gain1 = s[1] as i64 - base[1] as i64;
        match gain0.cmp(&gain1) {
            std::cmp::Ordering::Greater => return Some(0),
            std::cmp::Ordering::Less => return Some(1),
            std::cmp::Ordering::Equal => base = s,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(turn: u32, first: usize, scores: [u32; 2]) -> MatchState {
        let turn_player = if turn % 2 == 1 { first } else { 1 - first };
        MatchState {
            turn_number: turn,
            first_player: first,
            turn_player,
            scores,
        }
    }

    #[test]
    fn end_of_match_first_player_turn_gives_the_other_one_more_turn() {
        assert_eq!(remaining_turns(&st(5, 0, [3, 4])).unwrap(), vec![0, 1]);
        assert_eq!(remaining_turns(&st(5, 1, [3, 4])).unwrap(), vec![1, 0]);
    }

    #[test]
    fn end_of_match_second_player_turn_only_finishes_that_turn() {
        assert_eq!(remaining_turns(&st(6, 0, [3, 4])).unwrap(), vec![1]);
        assert_eq!(remaining_turns(&st(2, 1, [0, 0])).unwrap(), vec![0]);
    }

    #[test]
    fn end_of_match_rejects_inconsistent_states() {
        let mut s = st(3, 0, [0, 0]);
        s.turn_player = 1;
        assert!(matches!(
            remaining_turns(&s),
            Err(TimeCalledError::WrongTurnPlayer { .. })
        ));
        s.turn_player = 2;
        assert_eq!(remaining_turns(&s), Err(TimeCalledError::NoSuchPlayer(2)));
        let s = MatchState {
            turn_number: 0,
            first_player: 0,
            turn_player: 0,
            scores: [0, 0],
        };
        assert_eq!(remaining_turns(&s), Err(TimeCalledError::NoTurn));
    }

    #[test]
    fn end_of_match_higher_score_wins_equal_draws_in_swiss() {
        assert_eq!(decide([10, 9], false), Verdict::Winner(0));
        assert_eq!(decide([2, 9], false), Verdict::Winner(1));
        assert_eq!(decide([7, 7], false), Verdict::Draw);
    }

    #[test]
    fn end_of_match_elimination_draw_goes_to_a_tiebreak_game() {
        assert_eq!(decide([7, 7], true), Verdict::TiebreakGame);
        assert_eq!(decide([8, 7], true), Verdict::Winner(0));
    }

    #[test]
    fn end_of_match_runs_the_turns_in_order_and_uses_final_scores() {
        let mut played = Vec::new();
        let v = run_time_called(&st(7, 1, [5, 5]), false, |p| {
            played.push(p);
            TurnReport::Scores(if p == 1 { [5, 8] } else { [9, 8] })
        })
        .unwrap();
        assert_eq!(played, vec![1, 0]);
        assert_eq!(v, Verdict::Winner(0));
    }

    #[test]
    fn end_of_match_game_ending_in_the_extra_turn_decides() {
        let mut played = Vec::new();
        let v = run_time_called(&st(1, 0, [0, 0]), false, |p| {
            played.push(p);
            if p == 0 {
                TurnReport::Scores([2, 0])
            } else {
                TurnReport::GameOver(Some(1))
            }
        })
        .unwrap();
        assert_eq!(played, vec![0, 1]);
        assert_eq!(v, Verdict::Winner(1));
    }

    #[test]
    fn end_of_match_cap_stops_play_immediately() {
        let mut played = Vec::new();
        let v = run_time_called(&st(3, 0, [4, 4]), false, |p| {
            played.push(p);
            TurnReport::CapReached([4, 5])
        })
        .unwrap();
        assert_eq!(played, vec![0]);
        assert_eq!(v, Verdict::Winner(1));
        let v = run_time_called(&st(3, 0, [4, 4]), true, |_| TurnReport::CapReached([4, 4]));
        assert_eq!(v.unwrap(), Verdict::TiebreakGame);
    }

    #[test]
    fn end_of_match_verdicts_become_reports() {
        use crate::tournament::Report;
        let names = ["Ann", "Bo"];
        assert_eq!(
            Verdict::Winner(1).report(names),
            Some(Report::Winner {
                name: "Bo".into(),
                games: None
            })
        );
        assert_eq!(Verdict::Draw.report(names), Some(Report::Draw));
        assert_eq!(Verdict::TiebreakGame.report(names), None);
    }

    #[test]
    fn end_of_match_tiebreak_game_ends_at_first_change_in_points() {
        let mut seq = vec![[0, 0], [0, 2], [5, 2]].into_iter();
        assert_eq!(tiebreak_game([0, 0], || seq.next()), Some(1));
        let mut seq = vec![[1, 1], [3, 1]].into_iter();
        assert_eq!(tiebreak_game([0, 0], || seq.next()), Some(0));
        let mut seq = vec![[1, 1]].into_iter();
        assert_eq!(tiebreak_game([0, 0], || seq.next()), None);
    }
}
