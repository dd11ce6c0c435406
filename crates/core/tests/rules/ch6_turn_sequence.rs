//! Chapter 6: the turn sequence.

use crate::support::*;
use ponyccg_core::board::{InPlay, StartAt};
use ponyccg_core::card::Color::*;
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Event, Step, Zone};

fn blue(draw: Vec<ponyccg_core::card::CardDef>) -> ponyccg_core::PlayerDeck {
    deck("A", Blue, draw, 10)
}
fn orange(draw: Vec<ponyccg_core::card::CardDef>) -> ponyccg_core::PlayerDeck {
    deck("B", Orange, draw, 10)
}

#[test]
fn r603_1_ready_step_readies_turn_players_cards() {
    let mut friend_id = None;
    let t = board(
        blue(vec![friend("F", Blue, 2, 1, 0)]),
        orange(vec![]),
        StartAt::TurnStart,
        |b| {
            friend_id = Some(place_with(
                b,
                P1,
                "F",
                Area::Home(P1),
                InPlay {
                    exhausted: true,
                    ..Default::default()
                },
            ));
        },
    );
    assert!(t.g.card(friend_id.unwrap()).is_ready());
}

#[test]
fn r604_1_action_tokens_by_highest_score() {
    for (high, expect) in [
        (0, 2),
        (1, 2),
        (2, 3),
        (5, 3),
        (6, 4),
        (10, 4),
        (11, 5),
        (14, 5),
    ] {
        let t = board(blue(vec![]), orange(vec![]), StartAt::TurnStart, |b| {
            b.set_score(P2, high);
        });
        assert_eq!(t.g.tokens(P1), expect, "highest score {high}");
    }
}

#[test]
fn r605_1_turn_player_draws_a_card() {
    let t = board(blue(vec![]), orange(vec![]), StartAt::TurnStart, |_| {});
    assert_eq!(t.g.player(P1).hand.len(), 1);
}

#[test]
fn r605_1a_first_player_skips_first_draw() {
    let t = board(blue(vec![]), orange(vec![]), StartAt::TurnStart, |b| {
        b.set_turn(1, P1, P1)
    });
    assert_eq!(t.g.player(P1).hand.len(), 0);
    let t = board(blue(vec![]), orange(vec![]), StartAt::TurnStart, |b| {
        b.set_turn(2, P1, P2)
    });
    assert_eq!(
        t.g.player(P1).hand.len(),
        1,
        "the second player draws on their first turn"
    );
}

#[test]
fn r607_2_turn_players_troublemakers_are_uncovered() {
    let mut tm = None;
    let t = board(
        blue(vec![troublemaker("TM", 3, 1, false)]),
        orange(vec![]),
        StartAt::TroublemakerPhase,
        |b| {
            tm = Some(place_with(
                b,
                P1,
                "TM",
                Area::Problem(P2),
                InPlay {
                    face_down: true,
                    ..Default::default()
                },
            ));
        },
    );
    assert!(!t.g.card(tm.unwrap()).face_down);
}

#[test]
fn r607_1_face_up_epic_stops_uncovering_at_its_problem() {
    let (mut mine, mut epic) = (None, None);
    let t = board(
        blue(vec![troublemaker("TM", 3, 1, false)]),
        orange(vec![troublemaker("EP", 5, 2, true)]),
        StartAt::TroublemakerPhase,
        |b| {
            mine = Some(place_with(
                b,
                P1,
                "TM",
                Area::Problem(P2),
                InPlay {
                    face_down: true,
                    ..Default::default()
                },
            ));
            epic = Some(place(b, P2, "EP", Area::Problem(P2)));
        },
    );
    assert!(t.g.card(mine.unwrap()).face_down, "607.1");
    assert!(!t.g.card(epic.unwrap()).face_down);
}

#[test]
fn r607_3_uncovering_an_epic_dismisses_other_face_up_troublemakers() {
    let (mut epic, mut other) = (None, None);
    let t = board(
        blue(vec![troublemaker("EP", 5, 2, true)]),
        orange(vec![troublemaker("TM", 3, 1, false)]),
        StartAt::TroublemakerPhase,
        |b| {
            epic = Some(place_with(
                b,
                P1,
                "EP",
                Area::Problem(P2),
                InPlay {
                    face_down: true,
                    ..Default::default()
                },
            ));
            other = Some(place(b, P2, "TM", Area::Problem(P2)));
        },
    );
    assert!(!t.g.card(epic.unwrap()).face_down);
    assert_eq!(t.g.card(other.unwrap()).zone, Zone::Discard);
}

#[test]
fn r608_2_challenge_needs_a_character_at_the_problem() {
    let t = board(
        blue(vec![friend("F", Blue, 2, 1, 0)]),
        orange(vec![troublemaker("TM", 3, 1, false)]),
        StartAt::ChallengeStep,
        |b| {
            place(b, P2, "TM", Area::Problem(P1));
            place(b, P1, "F", Area::Home(P1));
        },
    );
    // No character there: no challenge is offered and the game went on to the Main Phase.
    assert_eq!(t.g.step(), Step::Main);
}

#[test]
fn r608_4_challenger_wins_troublemaker_faceoff_and_defeats_it() {
    let mut tm = None;
    // P1 flips a 4, P2 flips a 1: P1 totals 2+4 = 6 against the Troublemaker's 3+1 = 4.
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![friend("F", Blue, 2, 1, 0), friend("FLIP4", Blue, 4, 1, 0)],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 3, 2, false),
                friend("FLIP1", Orange, 1, 1, 0),
            ],
            0,
        ),
        StartAt::ChallengeStep,
        |b| {
            tm = Some(place(b, P2, "TM", Area::Problem(P1)));
            place(b, P1, "F", Area::Problem(P1));
        },
    );
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
    assert_eq!(t.g.score(P1), 2, "514.6a: the Troublemaker's points");
    assert_eq!(
        t.g.card(tm.unwrap()).zone,
        Zone::Discard,
        "514.6a: dismissed"
    );
    // 514.7: flipped cards are at the bottom of their owners' decks.
    let bottom = t.g.player(P1).deck[0];
    assert_eq!(t.g.def(bottom).number, "FLIP4");
}

#[test]
fn r514_6b_challenger_loses_sends_character_home() {
    let (mut f1, mut f2) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                friend("F", Blue, 1, 1, 0),
                friend("G", Blue, 1, 1, 0),
                friend("FLIP1", Blue, 1, 1, 0),
            ],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 5, 2, false),
                friend("FLIP3", Orange, 3, 1, 0),
            ],
            0,
        ),
        StartAt::ChallengeStep,
        |b| {
            place(b, P2, "TM", Area::Problem(P1));
            f1 = Some(place(b, P1, "F", Area::Problem(P1)));
            f2 = Some(place(b, P1, "G", Area::Problem(P1)));
        },
    );
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
    t.choose(P1, "send home \"Blue Friend G\" at \"Problem AP1\"");
    assert_eq!(t.g.card(f2.unwrap()).area, Some(Area::Home(P1)));
    assert_eq!(t.g.card(f1.unwrap()).area, Some(Area::Problem(P1)));
    assert_eq!(t.g.score(P1), 0);
}

#[test]
fn r608_3_one_challenge_per_problem() {
    let mut t = board(
        deck("A", Blue, vec![friend("F", Blue, 9, 1, 0)], 5),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 1, 1, false),
                troublemaker("TN", 1, 1, false),
            ],
            5,
        ),
        StartAt::ChallengeStep,
        |b| {
            place(b, P2, "TM", Area::Problem(P1));
            place(b, P1, "F", Area::Problem(P1));
        },
    );
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
    // The Troublemaker is gone and no second challenge at that Problem is offered.
    assert_eq!(t.g.step(), Step::Main);
}

#[test]
fn r609_2a_play_requirement_and_cost() {
    let mut t = board(
        blue(vec![
            friend("BIG", Blue, 3, 2, 3),
            friend("SMALL", Blue, 2, 1, 0),
        ]),
        orange(vec![]),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "BIG");
            to_hand(b, P1, "SMALL");
            b.set_tokens(P1, 3);
        },
    );
    // The Mane has 1 Blue power: BIG needs 3 (205.1).
    t.assert_not_offered("play \"Blue Friend BIG\" to home");
    t.choose(P1, "play \"Blue Friend SMALL\" to \"Problem BP1\"");
    assert_eq!(t.g.tokens(P1), 2);
    // Now Blue power is 3: BIG is playable.
    t.choose(P1, "play \"Blue Friend BIG\" to home");
    assert_eq!(t.g.tokens(P1), 0);
}

#[test]
fn r609_2b_move_costs_two_and_not_to_current_area() {
    let mut t = board(blue(vec![]), orange(vec![]), StartAt::MainPhase, |b| {
        b.set_tokens(P1, 3)
    });
    t.assert_not_offered("move \"Blue Mane AM\" from home to home");
    t.choose(P1, "move \"Blue Mane AM\" from home to \"Problem AP1\"");
    assert_eq!(t.g.tokens(P1), 1);
    t.assert_not_offered("move \"Blue Mane AM\" from \"Problem AP1\" to home");
    assert!(t.g.player(P1).mane.is_some());
}

#[test]
fn r609_2c_troublemaker_face_down_for_one() {
    let mut tm = None;
    let mut t = board(
        blue(vec![troublemaker("TM", 3, 1, false)]),
        orange(vec![]),
        StartAt::MainPhase,
        |b| {
            tm = Some(to_hand(b, P1, "TM"));
            b.set_tokens(P1, 1);
        },
    );
    t.choose(P1, "play \"Troublemaker TM\" face-down to \"Problem BP1\"");
    let k = t.g.card(tm.unwrap());
    assert!(k.face_down);
    assert_eq!(k.area, Some(Area::Problem(P2)));
    assert_eq!(t.g.tokens(P1), 0);
}

#[test]
fn r609_2d_draw_for_one_and_r609_2e_rally_for_two() {
    let mut f = None;
    let mut t = board(
        blue(vec![friend("F", Blue, 2, 1, 0)]),
        orange(vec![]),
        StartAt::MainPhase,
        |b| {
            f = Some(place_with(
                b,
                P1,
                "F",
                Area::Home(P1),
                InPlay {
                    frightened: true,
                    ..Default::default()
                },
            ));
            b.set_tokens(P1, 3);
        },
    );
    t.choose(P1, "draw a card");
    assert_eq!((t.g.tokens(P1), t.g.player(P1).hand.len()), (2, 1));
    t.choose(P1, "rally \"Blue Friend F\"");
    assert!(!t.g.card(f.unwrap()).frightened);
    assert_eq!(t.g.tokens(P1), 0);
}

#[test]
fn r611_4_confronting_scores_a_point() {
    let mut t = board(
        blue(vec![
            friend("F3", Blue, 3, 1, 0),
            friend("O1", Orange, 1, 1, 0),
        ]),
        orange(vec![]),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "F3", Area::Problem(P1));
            place(b, P1, "O1", Area::Problem(P1));
        },
    );
    let _ = &mut t;
    assert_eq!(t.g.score(P1), 1);
    assert!(t.g.take_events_contains_confront());
}

trait Confronted {
    fn take_events_contains_confront(&mut self) -> bool;
}
impl Confronted for ponyccg_core::Game {
    fn take_events_contains_confront(&mut self) -> bool {
        self.take_events()
            .iter()
            .any(|e| matches!(e, Event::Confronted { .. }))
    }
}

#[test]
fn r503_5_exhausted_characters_do_not_count_for_confronting() {
    let t = board(
        blue(vec![
            friend("F3", Blue, 3, 1, 0),
            friend("O1", Orange, 1, 1, 0),
        ]),
        orange(vec![]),
        StartAt::ScorePhase,
        |b| {
            place_with(
                b,
                P1,
                "F3",
                Area::Problem(P1),
                InPlay {
                    exhausted: true,
                    ..Default::default()
                },
            );
            place(b, P1, "O1", Area::Problem(P1));
        },
    );
    assert_eq!(t.g.score(P1), 0);
}

#[test]
fn r611_3b_a_character_pays_one_colour_only() {
    // A Blue/Orange... the testkit's Friends are one colour; 3 Blue power can't pay both
    // "3 Blue" and "1 not Blue".
    let t = board(
        blue(vec![friend("F4", Blue, 4, 1, 0)]),
        orange(vec![]),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "F4", Area::Problem(P1));
        },
    );
    assert_eq!(
        t.g.score(P1),
        0,
        "611.3c: the second line needs power that isn't Blue"
    );
}

#[test]
fn r611_3d_opponents_problem_needs_wild_power() {
    let t = board(
        blue(vec![friend("F5", Blue, 5, 1, 0)]),
        orange(vec![]),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "F5", Area::Problem(P2));
        },
    );
    assert_eq!(t.g.score(P1), 1);
}

#[test]
fn r611_3e_opposing_face_up_troublemaker_blocks_confronting() {
    let t = board(
        blue(vec![friend("F5", Blue, 5, 1, 0)]),
        orange(vec![troublemaker("TM", 1, 1, false)]),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "F5", Area::Problem(P2));
            place(b, P2, "TM", Area::Problem(P2));
        },
    );
    assert_eq!(t.g.score(P1), 0);
}

#[test]
fn r612_2_problem_faceoff_when_opponent_also_meets_requirements() {
    // P1: 5 Blue at P2's Problem (needs 5 wild). P2: 3 Orange + 1 Blue... P2 owns it: needs
    // 3 Orange and 1 not-Orange; give them 3 Orange and the opposing player's colour.
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![friend("F5", Blue, 5, 1, 0), friend("FLIPA", Blue, 1, 1, 0)],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                friend("O3", Orange, 3, 1, 0),
                friend("Y1", Yellow, 1, 1, 0),
                friend("FLIPB", Orange, 1, 1, 0),
            ],
            0,
        ),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "F5", Area::Problem(P2));
            place(b, P2, "O3", Area::Problem(P2));
            place(b, P2, "Y1", Area::Problem(P2));
        },
    );
    let _ = &mut t;
    // P1 confronted (1 point); faceoff 5+1 vs 4+1: P1 wins the bonus (1) of BP1.
    assert_eq!(t.g.score(P1), 2);
    // 613.2: solved and replaced; everyone there went home.
    assert_eq!(
        t.g.def(t.g.problem_at(Area::Problem(P2)).unwrap()).number,
        "BP2"
    );
    assert_eq!(t.g.characters_at(P2, Area::Home(P2)).count(), 3);
}

#[test]
fn r611_1_only_problems_whose_requirements_are_met_are_offered_to_confront() {
    // P1 meets the opposing Problem's 5 wild power but not their own Problem's blue and
    // yellow power with a lone yellow 1: no order to choose, the one confront just happens.
    let t = board(
        deck(
            "A",
            Blue,
            vec![friend("F5", Blue, 5, 1, 0), friend("Y1", Yellow, 1, 1, 0)],
            0,
        ),
        deck("B", Orange, vec![friend("FLB", Orange, 1, 1, 0)], 0),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "F5", Area::Problem(P2));
            place(b, P1, "Y1", Area::Problem(P1));
        },
    );
    assert!(!t.g.meets_confront_requirements(P1, Area::Problem(P1)));
    assert!(
        !t.offered("confront \"Problem AP1\""),
        "offered: {:?}",
        t.labels()
    );
    assert!(!t.offered("confront \"Problem BP1\""));
    assert_eq!(t.g.score(P1), 1);
}

#[test]
fn r612_1_multi_problem_faceoff_after_two_confronts() {
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                friend("F5", Blue, 5, 1, 0),
                friend("B3", Blue, 3, 1, 0),
                friend("Y1", Yellow, 1, 1, 0),
                friend("FL", Blue, 1, 1, 0),
            ],
            0,
        ),
        deck("B", Orange, vec![friend("FLB", Orange, 1, 1, 0)], 0),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "F5", Area::Problem(P2));
            place(b, P1, "B3", Area::Problem(P1));
            place(b, P1, "Y1", Area::Problem(P1));
        },
    );
    t.choose(P1, "confront \"Problem AP1\"");
    // Two confronts (2 points) and a multi-Problem faceoff P1 wins (9+1 vs 0+1): the
    // higher bonus of the two Problems (both 1 here) → 3, and both replaced.
    assert_eq!(t.g.score(P1), 3);
    assert_eq!(
        t.g.def(t.g.problem_at(Area::Problem(P1)).unwrap()).number,
        "AP2"
    );
    assert_eq!(
        t.g.def(t.g.problem_at(Area::Problem(P2)).unwrap()).number,
        "BP2"
    );
}

#[test]
fn r613_2_replacing_keeps_face_down_troublemakers_and_dismisses_face_up_ones() {
    let mut down = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![friend("F5", Blue, 5, 1, 0), friend("FL", Blue, 1, 1, 0)],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                friend("O3", Orange, 3, 1, 0),
                friend("Y1", Yellow, 1, 1, 0),
                troublemaker("TD", 2, 1, false),
                friend("FLB", Orange, 1, 1, 0),
            ],
            0,
        ),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "F5", Area::Problem(P2));
            place(b, P2, "O3", Area::Problem(P2));
            place(b, P2, "Y1", Area::Problem(P2));
            down = Some(place_with(
                b,
                P2,
                "TD",
                Area::Problem(P2),
                InPlay {
                    face_down: true,
                    ..Default::default()
                },
            ));
        },
    );
    let _ = &mut t;
    assert_eq!(t.g.card(down.unwrap()).area, Some(Area::Problem(P2)));
    assert_eq!(
        t.g.def(t.g.problem_at(Area::Problem(P2)).unwrap()).number,
        "BP2"
    );
}

#[test]
fn r613_2_replacing_sends_attachments_home_with_their_host_and_dismisses_those_on_the_problem() {
    // P2's Friend O3 at P2's Problem wears a Resource; another Resource is on the Problem
    // itself. P1 wins the Problem faceoff there: O3 goes home first, taking its Resource
    // along; only the Resource on the Problem is still there to be dismissed.
    use ponyccg_core::ability::{Ability, CardKind, Cards};
    use ponyccg_core::card::CardType;
    let on = |number: &str, t: CardType| {
        with(
            resource(number, Orange, 1, 1),
            vec![Ability::Attach(Cards {
                card_type: Some(CardKind::Type(t)),
                ..Cards::default()
            })],
        )
    };
    let (mut o3, mut worn, mut pinned) = (None, None, None);
    let t = board(
        deck(
            "A",
            Blue,
            vec![friend("F5", Blue, 5, 1, 0), friend("FLIPA", Blue, 1, 1, 0)],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                friend("O3", Orange, 3, 1, 0),
                friend("Y1", Yellow, 1, 1, 0),
                on("WORN", CardType::Friend),
                on("PIN", CardType::Problem),
                friend("FLIPB", Orange, 1, 1, 0),
            ],
            0,
        ),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "F5", Area::Problem(P2));
            o3 = Some(place(b, P2, "O3", Area::Problem(P2)));
            place(b, P2, "Y1", Area::Problem(P2));
            let w = place(b, P2, "WORN", Area::Problem(P2));
            b.attach(w, o3.unwrap());
            worn = Some(w);
            let problem = b.game().problem_at(Area::Problem(P2)).unwrap();
            let p = place(b, P2, "PIN", Area::Problem(P2));
            b.attach(p, problem);
            pinned = Some(p);
        },
    );
    assert_eq!(
        t.g.def(t.g.problem_at(Area::Problem(P2)).unwrap()).number,
        "BP2",
        "the Problem was replaced"
    );
    let (o3, worn, pinned) = (o3.unwrap(), worn.unwrap(), pinned.unwrap());
    assert_eq!(t.g.card(o3).area, Some(Area::Home(P2)));
    assert_eq!(
        t.g.card(worn).zone,
        Zone::Play,
        "the worn Resource stays in play"
    );
    assert_eq!(t.g.card(worn).area, Some(Area::Home(P2)));
    assert_eq!(t.g.card(worn).host, Some(o3));
    assert_eq!(t.g.card(pinned).zone, Zone::Discard);
}

#[test]
fn r616_2_discard_down_to_eight() {
    let mut t = board(
        deck("A", Blue, vec![], 30),
        orange(vec![]),
        StartAt::EndPhase,
        |b| {
            for _ in 0..10 {
                to_hand(b, P1, "AF0");
            }
        },
    );
    let _ = &mut t;
    // All ten are copies of one card: the choices collapse to one and are taken.
    assert_eq!(t.g.player(P1).hand.len(), 8);
    assert_eq!(t.g.player(P1).discard.len(), 2);
}

#[test]
fn r616_3_retire_friends_beyond_home_limit() {
    let mut t = board(blue(vec![]), orange(vec![]), StartAt::EndPhase, |b| {
        for n in ["AF0", "AF1", "AF2", "AF0"] {
            place(b, P1, n, Area::Home(P1));
        }
    });
    // Home limit 3 with 4 Friends at home: retire one.
    t.choose(P1, "retire \"Blue Friend AF1\" at home");
    assert_eq!(
        t.g.characters_at(P1, Area::Home(P1)).count(),
        4,
        "3 Friends and the Mane"
    );
    assert_eq!(t.g.turn_player(), P2, "616.4: the next turn began");
}

#[test]
fn r601_2_main_phase_actions_open_windows_until_the_turn_player_moves_on() {
    let mut t = board(blue(vec![]), orange(vec![]), StartAt::MainPhase, |b| {
        b.set_tokens(P1, 2)
    });
    t.assert_offered("end the Main Phase");
    t.choose(P1, "draw a card");
    t.choose(P1, "draw a card");
    // Out of tokens: the Main Phase ends by itself and the turn passes.
    assert!(t.g.turn_player() == P2 || t.g.step() != Step::Main);
}

#[test]
fn r609_2b_copies_told_apart_by_an_attachment_are_separate_moves_with_distinct_labels() {
    let mut ids = Vec::new();
    let mut t = board(
        blue(vec![
            friend("TW", Blue, 1, 1, 0),
            friend("TW", Blue, 1, 1, 0),
            friend("TW", Blue, 1, 1, 0),
            resource("RS", Blue, 1, 1),
        ]),
        orange(vec![]),
        StartAt::MainPhase,
        |b| {
            ids.push(place(b, P1, "TW", Area::Home(P1)));
            ids.push(place(b, P1, "TW", Area::Home(P1)));
            ids.push(place(b, P1, "TW", Area::Home(P1)));
            let rs = place(b, P1, "RS", Area::Home(P1));
            b.attach(rs, ids[1]);
            b.set_tokens(P1, 5);
        },
    );
    let plain = "move \"Blue Friend TW\" from home to \"Problem AP1\"";
    let carrying = format!("{plain} (with \"Resource RS\" attached)");
    // The two bare copies are one choice; the one carrying the Resource is another.
    let moves: Vec<String> = t
        .labels()
        .into_iter()
        .filter(|l| l.starts_with(plain))
        .collect();
    assert_eq!(
        moves,
        vec![plain.to_string(), carrying.clone()],
        "{:?}",
        t.labels()
    );
    t.choose(P1, &carrying);
    assert_eq!(t.g.card(ids[1]).area, Some(Area::Problem(P1)));
    assert_eq!(t.g.card(ids[0]).area, Some(Area::Home(P1)));
}

#[test]
fn r613_1_a_problem_is_solved_before_it_is_replaced_so_its_trigger_sees_what_is_there() {
    // P2's Problem dismisses every Friend at its area as it is solved. It becomes solved
    // as the Solve Step starts (613.1), before 613.2 sends the characters home, so all
    // three Friends of the faceoff there are dismissed from it; a Friend at home is not.
    use ponyccg_core::ability::*;
    use ponyccg_core::card::CardType;
    let mut b_deck = deck(
        "B",
        Orange,
        vec![
            friend("O3", Orange, 3, 1, 0),
            friend("Y1", Yellow, 1, 1, 0),
            friend("HOMEB", Orange, 1, 1, 0),
            friend("FLIPB", Orange, 1, 1, 0),
        ],
        0,
    );
    b_deck.problems[0] = with(
        b_deck.problems[0].clone(),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::Solved).card(TriggerCard::This),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::Dismiss(Target::Each(Cards {
                card_type: Some(CardKind::Type(CardType::Friend)),
                place: Some(Place::Here),
                ..Cards::default()
            }))],
        }],
    );
    let (mut at_problem, mut home) = (Vec::new(), None);
    let t = board(
        deck(
            "A",
            Blue,
            vec![friend("F5", Blue, 5, 1, 0), friend("FLIPA", Blue, 1, 1, 0)],
            0,
        ),
        b_deck,
        StartAt::ScorePhase,
        |b| {
            at_problem.push(place(b, P1, "F5", Area::Problem(P2)));
            at_problem.push(place(b, P2, "O3", Area::Problem(P2)));
            at_problem.push(place(b, P2, "Y1", Area::Problem(P2)));
            home = Some(place(b, P2, "HOMEB", Area::Home(P2)));
        },
    );
    assert_eq!(
        t.g.def(t.g.problem_at(Area::Problem(P2)).unwrap()).number,
        "BP2",
        "the Problem was replaced"
    );
    for c in at_problem {
        assert_eq!(t.g.card(c).zone, Zone::Discard, "{}", t.g.def(c).number);
    }
    assert_eq!(t.g.card(home.unwrap()).zone, Zone::Play);
}
