//! Chapter 1: starting a game, winning and losing, numeric values.

use crate::support::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::Color::*;
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Game, GameSetup, Outcome, Pending, Prompt, WinReason, Zone};

#[test]
fn r102_1_mane_starts_in_play_at_home_start_side_up() {
    let g = Game::new(&two_player_setup(1)).unwrap();
    for p in [P1, P2] {
        let m = g.player(p).mane.unwrap();
        assert_eq!(g.card(m).zone, Zone::Play);
        assert_eq!(g.card(m).area, Some(Area::Home(p)));
        assert!(!g.card(m).boosted);
    }
}

#[test]
fn r102_2_starting_problems_chosen_then_revealed_together() {
    let mut g = Game::new(&two_player_setup(1)).unwrap();
    let Pending::Decision(d) = g.pending() else {
        panic!()
    };
    assert_eq!(d.prompt, Prompt::StartingProblem);
    assert_eq!(d.player, P1);
    g.apply_action(0).unwrap();
    // P1's choice is not in play until P2 has chosen too.
    assert!(g.problem_at(Area::Problem(P1)).is_none());
    let Pending::Decision(d) = g.pending() else {
        panic!()
    };
    assert_eq!((d.player, &d.prompt), (P2, &Prompt::StartingProblem));
    g.apply_action(1).unwrap();
    for p in [P1, P2] {
        let pr = g.problem_at(Area::Problem(p)).unwrap();
        assert!(g.def(pr).is_starting_problem());
    }
}

#[test]
fn r102_3_six_card_hands_and_a_random_first_player() {
    let mut firsts = [0; 2];
    for seed in 0..40 {
        let mut g = Game::new(&two_player_setup(seed)).unwrap();
        g.apply_action(0).unwrap();
        g.apply_action(0).unwrap();
        for p in [P1, P2] {
            assert_eq!(g.player(p).hand.len(), 6);
        }
        firsts[g.first_player().index()] += 1;
    }
    assert!(firsts[0] > 5 && firsts[1] > 5, "{firsts:?}");
}

#[test]
fn r102_4_mulligans_decided_in_turn_order_and_done_together() {
    let mut g = Game::new(&two_player_setup(3)).unwrap();
    g.apply_action(0).unwrap();
    g.apply_action(0).unwrap();
    let first = g.first_player();
    let Pending::Decision(d) = g.pending() else {
        panic!()
    };
    assert_eq!((d.player, &d.prompt), (first, &Prompt::Mulligan));
    let before = g.player(first).hand.clone();
    g.apply_label("mulligan").unwrap();
    // Not done yet: the other player decides first (102.4).
    assert_eq!(g.player(first).hand, before);
    let Pending::Decision(d) = g.pending() else {
        panic!()
    };
    assert_eq!(d.prompt, Prompt::Mulligan);
    assert_ne!(d.player, first);
    g.apply_label("keep").unwrap();
    assert_eq!(g.player(first).hand.len(), 6);
    assert_eq!(g.turn(), 1);
    assert_eq!(g.turn_player(), first);
}

#[test]
fn r103_2_fifteen_points_wins_at_once_even_mid_faceoff() {
    // P1 at 14 challenges a Troublemaker worth 1 and wins: the game ends inside the faceoff.
    let mut t = board(
        deck("A", Blue, vec![friend("F", Blue, 5, 1, 0)], 3),
        deck("B", Orange, vec![troublemaker("TM", 1, 1, false)], 3),
        StartAt::ChallengeStep,
        |b| {
            b.set_score(P1, 14);
            place(b, P2, "TM", Area::Problem(P1));
            place(b, P1, "F", Area::Problem(P1));
        },
    );
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
    assert_eq!(
        t.g.outcome(),
        Some(&Outcome::Win {
            winner: P1,
            reason: WinReason::Points
        })
    );
    assert!(t.g.faceoff().is_some(), "no further actions were performed");
}

#[test]
fn r103_4_concede_at_any_decision() {
    let mut g = Game::new(&two_player_setup(5)).unwrap();
    g.concede(P1).unwrap();
    assert_eq!(
        g.outcome(),
        Some(&Outcome::Win {
            winner: P2,
            reason: WinReason::OpponentsLeft
        })
    );
    assert!(g.apply_action(0).is_err());
}

#[test]
fn r103_5_a_player_who_leaves_takes_their_cards_with_them_in_a_three_player_game() {
    let setup = GameSetup {
        seed: 2,
        players: vec![
            mono_deck(Blue, "A"),
            mono_deck(Orange, "B"),
            mono_deck(Pink, "C"),
        ],
    };
    let mut g = Game::new(&setup).unwrap();
    g.concede(P2).unwrap();
    assert!(g.outcome().is_none(), "two players remain");
    assert!(g.in_play().iter().all(|&c| g.card(c).owner != P2));
    // The game goes on between the other two.
    let mut n = 0;
    while g.decision().is_some() && n < 50 {
        assert_ne!(g.decision().unwrap().player, P2);
        g.apply_action(0).unwrap();
        n += 1;
    }
}

#[test]
fn illegal_choice_is_refused_and_changes_nothing() {
    let mut g = Game::new(&two_player_setup(9)).unwrap();
    let before = g.digest();
    let n = g.num_actions();
    assert!(g.apply_action(n).is_err());
    assert!(g.apply_label("no such choice").is_err());
    assert_eq!(g.digest(), before);
}

#[test]
fn r105_2_negative_power_adds_nothing_to_a_total() {
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                friend("NEG", Blue, -2, 1, 0),
                friend("F3", Blue, 3, 1, 0),
                friend("O1", Orange, 1, 1, 0),
            ],
            3,
        ),
        deck("B", Orange, vec![], 3),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "NEG", Area::Problem(P1));
            place(b, P1, "F3", Area::Problem(P1));
            place(b, P1, "O1", Area::Problem(P1));
        },
    );
    assert_eq!(
        t.g.score(P1),
        1,
        "the -2 did not cancel the other characters' power"
    );
}
