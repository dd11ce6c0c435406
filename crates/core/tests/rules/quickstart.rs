//! The worked examples of the quickstart rulebooks (Canterlot Nights theme decks), as
//! situations with the same shape: who is where with what power, and what must follow.

use crate::support::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::Color::*;
use ponyccg_core::testkit::*;
use ponyccg_core::Area;

/// Confronting, example 1: the turn player meets the requirements of a Problem and
/// scores; the opponent also meets theirs there, so a Problem faceoff follows.
#[test]
fn confront_then_problem_faceoff_when_both_meet_requirements() {
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                friend("B3", Blue, 3, 1, 0),
                friend("P1", Pink, 1, 1, 0),
                friend("FLA", Blue, 1, 1, 0),
            ],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                friend("O6", Orange, 6, 1, 0),
                friend("FLB", Orange, 2, 1, 0),
            ],
            0,
        ),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "B3", Area::Problem(P1));
            place(b, P1, "P1", Area::Problem(P1));
            place(b, P2, "O6", Area::Problem(P1));
        },
    );
    // P1 confronted (1 point); faceoff 4+1 against 6+2: P2 wins AP1's bonus of 1.
    assert_eq!((t.g.score(P1), t.g.score(P2)), (1, 1));
    assert_eq!(
        t.g.def(t.g.problem_at(Area::Problem(P1)).unwrap()).number,
        "AP2"
    );
}

/// Confronting, example 2: two Problems confronted means a double (Multi) Problem
/// faceoff, even though the opponent meets the requirements of only one.
#[test]
fn two_confronts_make_a_double_problem_faceoff() {
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                friend("B3", Blue, 3, 1, 0),
                friend("Y1", Yellow, 1, 1, 0),
                friend("B5", Blue, 5, 1, 0),
                friend("FLA", Blue, 1, 1, 0),
            ],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                friend("O7", Orange, 7, 1, 0),
                friend("FLB", Orange, 5, 1, 0),
            ],
            0,
        ),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "B3", Area::Problem(P1));
            place(b, P1, "Y1", Area::Problem(P1));
            place(b, P1, "B5", Area::Problem(P2));
            place(b, P2, "O7", Area::Problem(P1));
        },
    );
    t.choose(P1, "confront \"Problem BP1\"");
    // 2 points for the confronts; the faceoff: 9+1 against 7+5: P2 wins the higher bonus.
    assert_eq!(t.g.score(P1), 2);
    assert_eq!(t.g.score(P2), 1);
    assert_eq!(
        t.g.def(t.g.problem_at(Area::Problem(P1)).unwrap()).number,
        "AP2"
    );
    assert_eq!(
        t.g.def(t.g.problem_at(Area::Problem(P2)).unwrap()).number,
        "BP2"
    );
}

/// The Problem faceoff example: 4 power against 5, flips of 3 and 1 (7 against 6).
#[test]
fn problem_faceoff_example_totals() {
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                friend("B3", Blue, 3, 1, 0),
                friend("W1", White, 1, 1, 0),
                friend("FL3", Blue, 3, 1, 0),
            ],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                friend("O5", Orange, 5, 1, 0),
                friend("FL1", Orange, 1, 1, 0),
            ],
            0,
        ),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "B3", Area::Problem(P1));
            place(b, P1, "W1", Area::Problem(P1));
            place(b, P2, "O5", Area::Problem(P1));
        },
    );
    assert_eq!(
        t.g.score(P1),
        2,
        "1 for confronting and the bonus of 1 for the faceoff"
    );
    assert_eq!(t.g.score(P2), 0);
}

/// A Troublemaker faceoff: only the challenger's characters and the Troublemaker are
/// involved; the opponent's characters at that Problem are not.
#[test]
fn troublemaker_faceoff_involves_only_the_challengers_characters() {
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![friend("B2", Blue, 2, 1, 0), friend("FLA", Blue, 2, 1, 0)],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 3, 1, false),
                friend("O9", Orange, 9, 1, 0),
                friend("FLB", Orange, 0, 1, 0),
            ],
            0,
        ),
        StartAt::ChallengeStep,
        |b| {
            place(b, P2, "TM", Area::Problem(P1));
            place(b, P2, "O9", Area::Problem(P1));
            place(b, P1, "B2", Area::Problem(P1));
        },
    );
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
    // 2+2 against 3+0: the 9-power Friend did not count.
    assert_eq!(t.g.score(P1), 1);
}
