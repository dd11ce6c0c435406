//! Faceoffs started by effects (514.1, 514.3c-e, 514.6d, 707.4, 608 by an effect) and
//! changes to who is involved (514.3d, 104.2).

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardType, Color::*};
use ponyccg_core::event::Event;
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Zone};

fn friends(controller: Who) -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        controller: Some(controller),
        ..Cards::default()
    }
}

fn between(winner: Vec<Effect>, loser: Vec<Effect>, at_end: bool) -> Effect {
    Effect::Faceoff {
        start: FaceoffStart::Between {
            yours: friends(Who::You),
            theirs: Cards {
                power_vs: Some(Box::new((Cmp::AtLeast, Amount::Power(CardRef::It)))),
                ..friends(Who::Opponent)
            },
        },
        winner,
        loser,
        at_end,
    }
}

fn draw_one() -> Effect {
    Effect::Draw {
        who: Who::You,
        amount: Amount::N(1),
    }
}

#[test]
fn r514_3c_an_effect_faceoff_involves_only_the_cards_it_names_and_514_6d_each_side_follows_its_instructions(
) {
    // P1's Friend 2 against P2's Friend 3 (P2's Friend 1 is too weak to be offered): P1
    // flips 5 and wins 7 to 4 although P2's other Friends at home would have made it 13.
    // The winner scores a point and the loser two, each as "you".
    let mut t = event_played(
        vec![between(
            vec![Effect::Score {
                who: Who::You,
                amount: Amount::N(1),
            }],
            vec![Effect::Score {
                who: Who::You,
                amount: Amount::N(2),
            }],
            false,
        )],
        vec![friend("A2", Blue, 2, 1, 0), friend("A5", Blue, 5, 1, 0)],
        vec![
            friend("B3", Orange, 3, 1, 0),
            friend("B1", Orange, 1, 1, 0),
            friend("B9", Orange, 9, 1, 0),
        ],
        |b| {
            place(b, P1, "A2", Area::Home(P1));
            place(b, P2, "B3", Area::Home(P2));
            place(b, P2, "B1", Area::Home(P2));
            place(b, P2, "B9", Area::Home(P2));
        },
    );
    assert_eq!(
        t.labels(),
        vec![
            "choose \"Orange Friend B3\" at P2's home".to_string(),
            "choose \"Orange Friend B9\" at P2's home".to_string()
        ]
    );
    t.choose(P1, "choose \"Orange Friend B3\" at P2's home");
    assert!(t.g.faceoff().is_none());
    assert_eq!(t.g.score(P1), 1, "the winner's instructions");
    assert_eq!(t.g.score(P2), 2, "the loser's instructions");
}

#[test]
fn r707_4_the_rest_of_the_effect_waits_for_the_faceoff_to_end() {
    let mut t = event_played(
        vec![between(vec![], vec![], false), draw_one()],
        vec![friend("A2", Blue, 2, 1, 0)],
        vec![friend("B3", Orange, 3, 1, 0)],
        |b| {
            place(b, P1, "A2", Area::Home(P1));
            place(b, P2, "B3", Area::Home(P2));
        },
    );
    t.g.set_logging(true);
    // Both Friends are the only ones that fit: nothing to choose.
    let _ = t.labels();
    let events = t.g.take_events();
    let ended = events
        .iter()
        .position(|e| matches!(e, Event::FaceoffEnded))
        .expect("the faceoff ran");
    let drew = events
        .iter()
        .position(|e| matches!(e, Event::Drew { player, .. } if *player == P1))
        .expect("P1 drew");
    assert!(ended < drew, "the draw comes after the faceoff");
}

#[test]
fn r514_1_with_no_pair_to_involve_no_faceoff_starts() {
    // P1's only Friend is stronger than every opposing Friend.
    let mut t = event_played(
        vec![between(vec![], vec![], false), draw_one()],
        vec![friend("A7", Blue, 7, 1, 0)],
        vec![friend("B3", Orange, 3, 1, 0)],
        |b| {
            place(b, P1, "A7", Area::Home(P1));
            place(b, P2, "B3", Area::Home(P2));
        },
    );
    t.g.set_logging(true);
    let _ = t.labels();
    let events = t.g.take_events();
    assert!(!events.iter().any(|e| matches!(e, Event::FaceoffBegan)));
}

#[test]
fn r514_3a_i_an_effect_challenge_with_one_card_involves_only_it_and_514_6b_sends_it_home() {
    // F (2) challenges the Troublemaker (3) alone although G (5) stands beside it: 2 + 1
    // loses to 3 + 1 and F, the only character involved, goes home; G stays.
    let tm_cards = Cards {
        card_type: Some(CardKind::Type(CardType::Troublemaker)),
        controller: Some(Who::Opponent),
        ..Cards::default()
    };
    let f = with(
        friend("F", Blue, 2, 1, 0),
        vec![Ability::Activated {
            timing: Timing::Phase(PhaseName::Main),
            condition: None,
            cost: vec![],
            effects: vec![Effect::Faceoff {
                start: FaceoffStart::Challenge {
                    troublemaker: Target::Choose(tm_cards),
                    alone: true,
                    with_one: None,
                },
                winner: vec![],
                loser: vec![],
                at_end: false,
            }],
        }],
    );
    let (mut fc, mut gc, mut tm) = (None, None, None);
    let mut t = board(
        deck("A", Blue, vec![f, friend("G", Blue, 5, 1, 0)], 4),
        deck("B", Orange, vec![troublemaker("TM", 3, 1, false)], 4),
        StartAt::MainPhase,
        |b| {
            fc = Some(place(b, P1, "F", Area::Problem(P2)));
            gc = Some(place(b, P1, "G", Area::Problem(P2)));
            tm = Some(place(b, P2, "TM", Area::Problem(P2)));
        },
    );
    t.choose(P1, "use \"Blue Friend F\"");
    assert!(t.g.faceoff().is_none());
    assert_eq!(t.g.card(tm.unwrap()).zone, Zone::Play, "P2 won 4 to 3");
    assert_eq!(t.g.card(fc.unwrap()).area, Some(Area::Home(P1)));
    assert_eq!(t.g.card(gc.unwrap()).area, Some(Area::Problem(P2)));
}

#[test]
fn r514_3d_a_card_an_effect_takes_out_of_the_faceoff_adds_nothing() {
    // An effect starts a faceoff at P1's Problem (the only one where both players have
    // characters); as it begins P1's card takes P2's Friend 1 out of it. P1's 3 + 1 ties
    // P2's 3 + 1 (instead of losing to 3 + 1 + 1) and P1's next flip of 5 wins.
    let out = with(
        friend("T", Blue, 3, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::FaceoffBegins).card(TriggerCard::This),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::Uninvolve(Target::Choose(Cards {
                power_at_most: Some(1),
                place: Some(Place::Involved),
                ..friends(Who::Opponent)
            }))],
        }],
    );
    let start = Effect::Faceoff {
        start: FaceoffStart::AtAProblem,
        winner: vec![Effect::Score {
            who: Who::You,
            amount: Amount::N(1),
        }],
        loser: vec![],
        at_end: false,
    };
    let t = event_played(
        vec![start],
        vec![
            out,
            friend("A1", Blue, 1, 1, 0),
            friend("A5", Blue, 5, 1, 0),
        ],
        vec![
            friend("B3", Orange, 3, 1, 0),
            friend("B1", Orange, 1, 1, 0),
            friend("BX", Orange, 1, 1, 0),
            friend("BY", Orange, 1, 1, 0),
        ],
        |b| {
            place(b, P1, "T", Area::Problem(P1));
            place(b, P2, "B3", Area::Problem(P1));
            place(b, P2, "B1", Area::Problem(P1));
        },
    );
    assert_eq!((t.g.score(P1), t.g.score(P2)), (1, 0), "P1 won");
}

#[test]
fn r104_2_a_card_that_cannot_be_involved_alongside_another_is_not() {
    // P2's Troublemaker keeps Mane Characters out of faceoffs it is in: P1's Mane (1)
    // and Friend (3) challenge it (4); 3 + 1 loses to 4 + 1, where 4 + 1 would tie.
    let tm = with(
        troublemaker("TM", 4, 1, false),
        vec![Ability::Static {
            effect: StaticEffect::Prohibit(Prohibition::InvolvedWithThis(Cards {
                card_type: Some(CardKind::Type(CardType::ManeCharacter)),
                ..Cards::default()
            })),
            condition: None,
        }],
    );
    let mut tmc = None;
    let mut t = board(
        deck("A", Blue, vec![friend("F", Blue, 3, 1, 0)], 4),
        deck("B", Orange, vec![tm], 4),
        StartAt::ChallengeStep,
        |b| {
            place(b, P1, "F", Area::Problem(P1));
            let m = b.mane(P1);
            b.to_play(m, Area::Problem(P1), Default::default()).unwrap();
            tmc = Some(place(b, P2, "TM", Area::Problem(P1)));
        },
    );
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
    assert_eq!(t.g.card(tmc.unwrap()).zone, Zone::Play, "P2 won 5 to 4");
}

#[test]
fn r514_4a_fewer_flips_never_go_below_none() {
    // Two fewer at the first flip: nobody flips, and 3 beats the Troublemaker's 2.
    let f = with(
        friend("F", Blue, 3, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::FlipMore {
                who: Who::Each,
                amount: -2,
            },
            condition: Some(Condition::Involved),
        }],
    );
    let mut t = board(
        deck("A", Blue, vec![f], 4),
        deck("B", Orange, vec![troublemaker("TM", 2, 1, false)], 4),
        StartAt::ChallengeStep,
        |b| {
            place(b, P1, "F", Area::Problem(P1));
            place(b, P2, "TM", Area::Problem(P1));
        },
    );
    t.g.set_logging(true);
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
    let events = t.g.take_events();
    assert!(!events.iter().any(|e| matches!(e, Event::Flipped { .. })));
    assert_eq!(t.g.score(P1), 1);
}

/// A Friend that may also be played in a faceoff, to an area where its player has an
/// involved character, and then becomes involved (CN12's form).
fn faceoff_friend(number: &str, power: i16) -> ponyccg_core::card::CardDef {
    with(
        friend(number, Blue, power, 1, 0),
        vec![Ability::PlayTimed {
            timing: Timing::Faceoff(None),
            to: Some(Condition::Exists(Cards {
                card_type: Some(CardKind::Character),
                controller: Some(Who::You),
                place: Some(Place::There),
                involved: true,
                ..Cards::default()
            })),
            then: vec![Effect::Involve(Target::This)],
        }],
    )
}

#[test]
fn r514_3d_i_a_friend_played_by_its_faceoff_timing_joins_a_faceoff_at_no_problem() {
    // An effect starts a faceoff at no Problem between P1's Friend 2 at home and P2's
    // Friend 4. In its window P1 may play a Friend by its Faceoff timing to home only,
    // where P1's involved Friend is (512.4, 302.1); it becomes involved and stays so,
    // flagged (514.3d.i): 2 + 3 + 1 beats 4 + 1, and P1 scores the winner's point.
    let mut t = event_played(
        vec![between(
            vec![Effect::Score {
                who: Who::You,
                amount: Amount::N(1),
            }],
            vec![],
            false,
        )],
        vec![friend("A2", Blue, 2, 1, 0), faceoff_friend("JT", 3)],
        vec![friend("B4", Orange, 4, 1, 0)],
        |b| {
            place(b, P1, "A2", Area::Home(P1));
            place(b, P2, "B4", Area::Home(P2));
            to_hand(b, P1, "JT");
            b.set_tokens(P1, 1);
        },
    );
    assert!(t.g.faceoff().is_some());
    let home = "play \"Blue Friend JT\" to home by its timing";
    assert_eq!(t.labels(), vec![home.to_string(), "pass".to_string()]);
    t.choose(P1, home);
    assert!(t.g.faceoff().is_none());
    assert_eq!(t.g.score(P1), 1, "P1 won 6 to 5 with the Friend played");
}

#[test]
fn r512_4_a_faceoff_timing_play_needs_a_faceoff_and_an_involved_character_there() {
    // In a Troublemaker faceoff P1 starts at P2's Problem the Friend may be played by
    // its Faceoff timing there only (514.3a: P1's characters there are involved), not
    // to home or P1's own Problem.
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![faceoff_friend("JT", 3), friend("A2", Blue, 2, 1, 0)],
            4,
        ),
        deck("B", Orange, vec![troublemaker("TM", 3, 1, false)], 4),
        StartAt::ChallengeStep,
        |b| {
            place(b, P2, "TM", Area::Problem(P2));
            place(b, P1, "A2", Area::Problem(P2));
            to_hand(b, P1, "JT");
            b.set_tokens(P1, 1);
        },
    );
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem BP1\"");
    assert_eq!(
        t.labels(),
        vec![
            "play \"Blue Friend JT\" to \"Problem BP1\" by its timing".to_string(),
            "pass".to_string()
        ]
    );
}

#[test]
fn r701_3_a_card_that_left_play_has_the_power_it_had_as_it_left() {
    // P1's Friend 1 with two +1 power counters (3 power) is dismissed, then P1 draws as
    // many cards as its power: three, not its printed 1.
    let t = event_played(
        vec![
            Effect::Pick(Target::Choose(friends(Who::You))),
            Effect::Dismiss(Target::It),
            Effect::Draw {
                who: Who::You,
                amount: Amount::Power(CardRef::It),
            },
        ],
        vec![friend("A1", Blue, 1, 1, 0)],
        vec![],
        |b| {
            place_with(
                b,
                P1,
                "A1",
                Area::Home(P1),
                ponyccg_core::board::InPlay {
                    counters: 2,
                    ..Default::default()
                },
            );
        },
    );
    assert_eq!(t.g.player(P1).hand.len(), 3);
}

#[test]
fn r514_3_a_delayed_effect_for_the_next_faceoff_waits_for_it() {
    // P1 plays an Event whose instruction waits for P1's next faceoff this turn (CN147's
    // moment), then another starting a faceoff: P1 draws one card as that faceoff
    // begins, not before.
    let later = main_event(
        "LA",
        vec![Effect::Later {
            at: Moment::StartOfYourNextFaceoff,
            effects: vec![draw_one()],
        }],
    );
    let start = main_event("EV", vec![between(vec![], vec![], false)]);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![later, start, friend("A2", Blue, 2, 1, 0)],
            5,
        ),
        deck("B", Orange, vec![friend("B3", Orange, 3, 1, 0)], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "LA");
            to_hand(b, P1, "EV");
            place(b, P1, "A2", Area::Home(P1));
            place(b, P2, "B3", Area::Home(P2));
        },
    );
    t.g.set_logging(true);
    t.choose(P1, "play \"Event LA\"");
    let events = t.g.take_events();
    assert!(!events.iter().any(|e| matches!(e, Event::Drew { .. })));
    t.choose(P1, "play \"Event EV\"");
    let events = t.g.take_events();
    let began = events
        .iter()
        .position(|e| matches!(e, Event::FaceoffBegan))
        .expect("the faceoff began");
    let drew = events
        .iter()
        .position(|e| matches!(e, Event::Drew { player, .. } if *player == P1))
        .expect("P1 drew");
    let ended = events
        .iter()
        .position(|e| matches!(e, Event::FaceoffEnded))
        .expect("the faceoff ended");
    assert!(began < drew && drew < ended, "drawn in that faceoff");
}
