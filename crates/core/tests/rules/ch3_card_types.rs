//! Chapter 3: card types.

use crate::support::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::Color::*;
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Occurrence, Zone};

#[test]
fn r301_5_mane_characters_cant_leave_play() {
    let mut t = board(
        deck("A", Blue, vec![], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |_| {},
    );
    let m = t.g.player(P1).mane.unwrap();
    assert!(!t.g.perform(Occurrence::Dismiss {
        card: m,
        by_game: true
    }));
    assert!(!t.g.perform(Occurrence::Retire(m)));
    assert_eq!(t.g.card(m).zone, Zone::Play);
}

#[test]
fn r301_3_boosted_mane_has_its_boosted_side() {
    let t = board(
        deck("A", Blue, vec![], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            let m = b.mane(P1);
            b.boost(m);
        },
    );
    let m = t.g.player(P1).mane.unwrap();
    assert_eq!(t.g.power(m), Some(3));
    assert_eq!(t.g.home_limit(P1), Some(4));
}

#[test]
fn r303_3_a_problem_never_goes_to_a_discard_pile() {
    let mut t = board(
        deck("A", Blue, vec![], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |_| {},
    );
    let pr = t.g.problem_at(Area::Problem(P1)).unwrap();
    assert!(t.g.perform(Occurrence::Dismiss {
        card: pr,
        by_game: true
    }));
    assert_eq!(t.g.card(pr).zone, Zone::ProblemDeck);
    assert_eq!(t.g.player(P1).problem_deck[0], pr, "on the bottom");
}

#[test]
fn r305_1a_resource_enters_play_at_home() {
    let mut t = board(
        deck("A", Blue, vec![resource("R", Blue, 1, 2)], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "R");
            b.set_tokens(P1, 2);
        },
    );
    t.choose(P1, "play \"Resource R\"");
    let r = t.g.at(Area::Home(P1)).find(|&c| t.g.def(c).number == "R");
    assert!(r.is_some());
}

#[test]
fn r306_1_troublemakers_enter_play_face_down_at_a_problem_only() {
    let t = board(
        deck("A", Blue, vec![troublemaker("TM", 2, 1, false)], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "TM");
            b.set_tokens(P1, 5);
        },
    );
    assert!(t.labels().iter().any(|l| l.contains("face-down")));
    assert!(!t
        .labels()
        .iter()
        .any(|l| l.starts_with("play \"Troublemaker TM\" face-down to home")));
}
