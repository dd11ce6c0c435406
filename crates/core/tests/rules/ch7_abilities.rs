//! Chapter 7: abilities and modifiers, with synthetic scripted cards.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::{InPlay, StartAt};
use ponyccg_core::card::{CardDef, CardType, Color::*, ScriptStatus};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Prompt, Step, Zone};

fn plus(n: i16) -> StaticEffect {
    StaticEffect::Power {
        cards: None,
        amount: Amount::N(n),
    }
}

fn on_play(effects: Vec<Effect>, optional: bool, cost: Vec<Cost>) -> Ability {
    Ability::Triggered {
        when: Trigger::on(Happening::Played)
            .by(Actor::You)
            .card(TriggerCard::This),
        condition: None,
        optional,
        cost,
        effects,
    }
}

fn friends_here_of_yours() -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        controller: Some(Who::You),
        place: Some(Place::Here),
        other: true,
        ..Cards::default()
    }
}

#[test]
fn r702_1_static_ability_modifies_while_in_play_and_stops_when_it_leaves() {
    let lead = with(
        friend("LEAD", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Power {
                cards: Some(friends_here_of_yours()),
                amount: Amount::N(2),
            },
            condition: None,
        }],
    );
    let (mut l, mut f, mut g) = (None, None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![lead, friend("F", Blue, 1, 1, 0), friend("G", Blue, 1, 1, 0)],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            l = Some(place(b, P1, "LEAD", Area::Problem(P1)));
            f = Some(place(b, P1, "F", Area::Problem(P1)));
            g = Some(place(b, P1, "G", Area::Home(P1)));
        },
    );
    assert_eq!(t.g.power(f.unwrap()), Some(3));
    assert_eq!(t.g.power(g.unwrap()), Some(1), "not here");
    assert_eq!(t.g.power(l.unwrap()), Some(1), "not itself");
    t.g.perform(ponyccg_core::Occurrence::Dismiss {
        card: l.unwrap(),
        by_game: false,
    });
    assert_eq!(t.g.power(f.unwrap()), Some(1), "708.5: nothing was flagged");
}

#[test]
fn r704_1_when_you_play_this_card_triggers_and_r616_4_its_modifier_ends_with_the_turn() {
    let pumped = with(
        friend("PUMP", Blue, 1, 1, 0),
        vec![on_play(
            vec![Effect::Until {
                target: Target::This,
                effect: plus(1),
                duration: Duration::EndOfTurn,
            }],
            false,
            vec![],
        )],
    );
    let mut c = None;
    let mut t = board(
        deck("A", Blue, vec![pumped], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            c = Some(to_hand(b, P1, "PUMP"));
            b.set_tokens(P1, 2);
        },
    );
    t.choose(P1, "play \"Blue Friend PUMP\" to home");
    assert_eq!(t.g.power(c.unwrap()), Some(2));
    t.choose(P1, "end the Main Phase");
    // 616.4: the modifier ended with the turn.
    assert_eq!(t.g.turn_player(), P2);
    assert_eq!(t.g.power(c.unwrap()), Some(1));
}

#[test]
fn r712_3_a_may_effect_is_created_and_the_choice_made_as_it_resolves() {
    let drawer = with(
        friend("DRAW", Blue, 1, 1, 0),
        vec![on_play(
            vec![Effect::Draw {
                who: Who::You,
                amount: Amount::N(2),
            }],
            true,
            vec![Cost::Tokens(1)],
        )],
    );
    let mut t = board(
        deck("A", Blue, vec![drawer], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "DRAW");
            b.set_tokens(P1, 3);
        },
    );
    t.choose(P1, "play \"Blue Friend DRAW\" to home");
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::May);
    t.choose(P1, "yes");
    assert_eq!(t.g.player(P1).hand.len(), 2);
    assert_eq!(t.g.tokens(P1), 1, "1 to play, 1 for the may");
}

#[test]
fn r508_1d_a_may_whose_cost_cant_be_paid_is_not_offered() {
    let drawer = with(
        friend("DRAW", Blue, 1, 1, 0),
        vec![on_play(
            vec![Effect::Draw {
                who: Who::You,
                amount: Amount::N(2),
            }],
            true,
            vec![Cost::Tokens(5)],
        )],
    );
    let mut t = board(
        deck("A", Blue, vec![drawer], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "DRAW");
            b.set_tokens(P1, 2);
        },
    );
    t.choose(P1, "play \"Blue Friend DRAW\" to home");
    assert!(t.g.player(P1).hand.is_empty());
    assert_ne!(t.g.decision().map(|d| d.prompt.clone()), Some(Prompt::May));
}

#[test]
fn r511_7a_a_player_orders_their_own_waiting_effects() {
    let watcher = |n: &str, who: Who| {
        with(
            friend(n, Blue, 1, 1, 0),
            vec![Ability::Triggered {
                when: Trigger::on(Happening::EntersPlay).card(TriggerCard::Any(Cards {
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    other: true,
                    ..Cards::default()
                })),
                condition: None,
                optional: false,
                cost: vec![],
                effects: vec![Effect::Draw {
                    who,
                    amount: Amount::N(1),
                }],
            }],
        )
    };
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                watcher("W1", Who::You),
                watcher("W2", Who::Opponent),
                friend("NEW", Blue, 1, 1, 0),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "W1", Area::Home(P1));
            place(b, P1, "W2", Area::Home(P1));
            to_hand(b, P1, "NEW");
            b.set_tokens(P1, 2);
        },
    );
    t.choose(P1, "play \"Blue Friend NEW\" to home");
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::OrderTriggers);
    t.choose(P1, "resolve \"Blue Friend W2\" first");
    assert_eq!(t.g.player(P2).hand.len(), 1);
    assert_eq!(t.g.player(P1).hand.len(), 1);
}

#[test]
fn r304_2_an_event_follows_its_instructions_then_goes_to_the_discard_pile() {
    let ev = event(
        "EV",
        1,
        Timing::Phase(PhaseName::Main),
        vec![Effect::Draw {
            who: Who::You,
            amount: Amount::N(2),
        }],
    );
    let mut t = board(
        deck("A", Blue, vec![ev], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            b.set_tokens(P1, 1);
        },
    );
    t.choose(P1, "play \"Event EV\"");
    assert_eq!(t.g.player(P1).hand.len(), 2);
    assert_eq!(t.g.player(P1).discard.len(), 1);
    assert!(t.g.queue().is_empty());
}

#[test]
fn r512_3_phase_timing_only_for_the_turn_player_in_that_phase() {
    let ev = event(
        "EV",
        0,
        Timing::Phase(PhaseName::Main),
        vec![Effect::Draw {
            who: Who::You,
            amount: Amount::N(1),
        }],
    );
    let imm = event(
        "IM",
        0,
        Timing::Immediate,
        vec![Effect::Draw {
            who: Who::You,
            amount: Amount::N(1),
        }],
    );
    let t = board(
        deck("A", Blue, vec![], 5),
        deck("B", Orange, vec![ev, imm], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P2, "EV");
            to_hand(b, P2, "IM");
        },
    );
    // In the window opening the Main Phase, P2 receives priority: Immediate only.
    assert_eq!(t.who(), P2);
    t.assert_offered("play \"Event IM\"");
    t.assert_not_offered("play \"Event EV\"");
}

#[test]
fn r512_3_any_phase_timing_for_the_turn_player_in_any_phase_from_the_draw_step_on() {
    let draw = || {
        vec![Effect::Draw {
            who: Who::You,
            amount: Amount::N(1),
        }]
    };
    let t = {
        let mut t = board(
            deck("A", Blue, vec![event("AP", 0, Timing::AnyPhase, draw())], 5),
            deck(
                "B",
                Orange,
                vec![
                    event("BP", 0, Timing::AnyPhase, draw()),
                    event("IM", 0, Timing::Immediate, draw()),
                ],
                5,
            ),
            StartAt::TurnStart,
            |b| {
                to_hand(b, P1, "AP");
                to_hand(b, P2, "BP");
                to_hand(b, P2, "IM");
            },
        );
        // 601.2a: the first window of P1's turn is in the Draw Step, where P2 may use an
        // Immediate card but not their Any Phase one (not their turn).
        assert_eq!(t.g.step(), Step::Draw);
        assert_eq!(t.who(), P2);
        t.assert_offered("play \"Event IM\"");
        t.assert_not_offered("play \"Event BP\"");
        t.choose(P2, "pass");
        // As the window closes P1 may open another with it (512.3).
        assert_eq!(t.g.step(), Step::Draw);
        assert_eq!(t.who(), P1);
        t.assert_offered("play \"Event AP\"");
        t.choose(P1, "play \"Event AP\"");
        t
    };
    assert_eq!(t.g.player(P1).discard.len(), 1, "the Event was played");
}

#[test]
fn r512_4_faceoff_timing_only_during_a_faceoff() {
    let ev = event(
        "BOOST",
        0,
        Timing::Faceoff(None),
        vec![Effect::Until {
            target: Target::Choose(Cards {
                card_type: Some(CardKind::Character),
                controller: Some(Who::You),
                ..Cards::default()
            }),
            effect: plus(5),
            duration: Duration::ThisFaceoff,
        }],
    );
    let mut tm = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![friend("F", Blue, 1, 1, 0), friend("FL1", Blue, 1, 1, 0)],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 4, 2, false),
                friend("FL2", Orange, 1, 1, 0),
                ev,
            ],
            0,
        ),
        StartAt::ChallengeStep,
        |b| {
            tm = Some(place(b, P2, "TM", Area::Problem(P1)));
            place(b, P1, "F", Area::Problem(P1));
            to_hand(b, P2, "BOOST");
        },
    );
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
    // P2 holds a Faceoff Event but controls no character: nothing to choose, so the
    // boost goes nowhere; P2 may still play it.
    assert_eq!(t.who(), P2);
    t.assert_offered("play \"Event BOOST\"");
    t.choose(P2, "pass");
    // The Troublemaker (4+1) beats 1+1: P1 sends F home.
    assert_eq!(t.g.score(P1), 0);
    assert_eq!(t.g.card(tm.unwrap()).zone, Zone::Play);
}

#[test]
fn r512_4c_a_reaction_answers_each_instance_once() {
    let opponent_moves = Trigger::on(Happening::Moved)
        .card(TriggerCard::Any(Cards {
            controller: Some(Who::Opponent),
            ..Cards::default()
        }))
        .at(Spot::AProblem);
    let watcher = with(
        friend("WA", Orange, 1, 1, 0),
        vec![Ability::Activated {
            condition: None,
            timing: Timing::Reaction {
                when: Box::new(opponent_moves),
                condition: None,
            },
            cost: vec![],
            effects: vec![Effect::Draw {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let mut t = board(
        deck("A", Blue, vec![friend("F", Blue, 1, 1, 0)], 5),
        deck("B", Orange, vec![watcher], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P2, "WA", Area::Home(P2));
            place(b, P1, "F", Area::Home(P1));
            b.set_tokens(P1, 6);
        },
    );
    // Nothing to react to yet (512.4d): P1 acts first.
    t.choose(P1, "move \"Blue Mane AM\" from home to \"Problem AP1\"");
    t.choose(P2, "use \"Orange Friend WA\"");
    assert_eq!(t.g.player(P2).hand.len(), 1);
    // The same instance can't be answered again: the window closes, P1 moves again.
    t.choose(P1, "move \"Blue Friend F\" from home to \"Problem AP1\"");
    // A new instance: the Reaction is offered again.
    t.choose(P2, "use \"Orange Friend WA\"");
    assert_eq!(t.g.player(P2).hand.len(), 2);
}

#[test]
fn r703_1c_activated_ability_as_often_as_its_cost_can_be_paid() {
    let tap = with(
        friend("TAP", Blue, 1, 1, 0),
        vec![Ability::Activated {
            condition: None,
            timing: Timing::Phase(PhaseName::Main),
            cost: vec![Cost::ExhaustThis],
            effects: vec![Effect::GainTokens {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let mut t = board(
        deck("A", Blue, vec![tap], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "TAP", Area::Home(P1));
            b.set_tokens(P1, 0);
        },
    );
    t.choose(P1, "use \"Blue Friend TAP\"");
    assert_eq!(t.g.tokens(P1), 1);
    t.assert_not_offered("use \"Blue Friend TAP\"");
}

#[test]
fn r301_2_a_mane_character_turns_over_when_its_trigger_says() {
    let mut m = mane("BM", Blue, 1, 3);
    m.face.abilities = vec![Ability::Triggered {
        when: Trigger::on(Happening::Confronts)
            .by(Actor::You)
            .at(Spot::Here),
        condition: None,
        optional: false,
        cost: vec![],
        effects: vec![Effect::TurnOver(Target::This)],
    }];
    m.script = ScriptStatus::Scripted;
    let mut p1 = deck(
        "A",
        Blue,
        vec![friend("F3", Blue, 3, 1, 0), friend("O1", Orange, 1, 1, 0)],
        5,
    );
    p1.mane = m;
    let t = board(p1, deck("B", Orange, vec![], 5), StartAt::ScorePhase, |b| {
        let mm = b.mane(P1);
        b.to_play(mm, Area::Problem(P1), InPlay::default()).unwrap();
        place(b, P1, "F3", Area::Problem(P1));
        place(b, P1, "O1", Area::Problem(P1));
    });
    let mm = t.g.player(P1).mane.unwrap();
    assert!(t.g.card(mm).boosted);
    assert_eq!(t.g.power(mm), Some(3));
}

#[test]
fn r616_4a_triggers_in_wrap_up_get_a_window_and_modifiers_end() {
    let eot = with(
        friend("EOT", Blue, 1, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::TurnEnds).by(Actor::You),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::Draw {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let t = board(
        deck("A", Blue, vec![eot], 5),
        deck("B", Orange, vec![], 5),
        StartAt::EndPhase,
        |b| {
            place(b, P1, "EOT", Area::Home(P1));
        },
    );
    assert_eq!(t.g.player(P1).hand.len(), 1);
    assert_eq!(t.g.turn_player(), P2);
    let _ = Step::WrapUp;
}

#[test]
fn r711_4_a_modifier_that_depends_on_a_later_one_applies_after_it() {
    // Your Blue Friends get +1 (in play first); a later card makes your Friends Blue.
    // The boost depends on the colour it reads, so it applies after the later modifier
    // and every Friend made Blue gets it (711.3b, 711.4); neither depends on itself.
    let blue_boost = with(
        friend("BB", Yellow, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Power {
                cards: Some(Cards {
                    color: Some(Blue),
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    ..Cards::default()
                }),
                amount: Amount::N(1),
            },
            condition: None,
        }],
    );
    let painter = with(
        friend("PA", Yellow, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::GainColor {
                cards: Some(Cards {
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    ..Cards::default()
                }),
                color: Blue,
            },
            condition: None,
        }],
    );
    let (mut b, mut f) = (None, None);
    let t = board(
        deck(
            "A",
            Blue,
            vec![blue_boost, painter, friend("F", Blue, 2, 1, 0)],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |bd| {
            b = Some(place(bd, P1, "BB", Area::Home(P1)));
            place(bd, P1, "PA", Area::Home(P1));
            f = Some(place(bd, P1, "F", Area::Home(P1)));
        },
    );
    assert_eq!(t.g.power(f.unwrap()), Some(3), "printed Blue: +1");
    assert_eq!(
        t.g.power(b.unwrap()),
        Some(2),
        "made Blue by a later effect: the boost applies after it"
    );
    assert!(t.g.colors(b.unwrap()).contains(Blue));
}

#[test]
fn each_player_discards_the_cards_they_choose() {
    let ev = event(
        "ALL",
        0,
        Timing::Phase(PhaseName::Main),
        vec![Effect::Discard {
            who: Who::Each,
            amount: Amount::N(1),
            random: false,
        }],
    );
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                ev,
                friend("KEEP", Blue, 1, 1, 0),
                friend("DROP", Blue, 1, 1, 0),
            ],
            5,
        ),
        deck(
            "B",
            Orange,
            vec![friend("OK", Orange, 1, 1, 0), friend("OD", Orange, 1, 1, 0)],
            5,
        ),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "ALL");
            to_hand(b, P1, "KEEP");
            to_hand(b, P1, "DROP");
            to_hand(b, P2, "OK");
            to_hand(b, P2, "OD");
            b.set_tokens(P1, 1);
        },
    );
    t.choose(P1, "play \"Event ALL\"");
    t.choose(P1, "discard \"Blue Friend DROP\"");
    t.choose(P2, "discard \"Orange Friend OD\"");
    assert_eq!(t.g.player(P1).discard.len(), 2, "the Event and DROP");
    assert_eq!(t.g.player(P2).discard.len(), 1);
}

#[test]
fn r507_1_a_choice_by_power_reads_current_power() {
    // "Dismiss an opposing Friend with power 1 or less": a 1-power Friend with +1 from
    // another card has 2 power and is not a choice.
    let booster = with(
        friend("BO", Orange, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Power {
                cards: Some(Cards {
                    title: Some("Orange Friend SMALL".into()),
                    ..Cards::default()
                }),
                amount: Amount::N(1),
            },
            condition: None,
        }],
    );
    let ev = event(
        "ZAP",
        0,
        Timing::Phase(PhaseName::Main),
        vec![Effect::Dismiss(Target::Choose(Cards {
            card_type: Some(CardKind::Type(CardType::Friend)),
            controller: Some(Who::Opponent),
            power_at_most: Some(1),
            ..Cards::default()
        }))],
    );
    let mut small = None;
    let mut t = board(
        deck("A", Blue, vec![ev], 5),
        deck(
            "B",
            Orange,
            vec![
                booster,
                friend("SMALL", Orange, 1, 1, 0),
                friend("ZERO", Orange, 0, 1, 0),
            ],
            5,
        ),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "ZAP");
            place(b, P2, "BO", Area::Home(P2));
            small = Some(place(b, P2, "SMALL", Area::Home(P2)));
            place(b, P2, "ZERO", Area::Home(P2));
            b.set_tokens(P1, 1);
        },
    );
    assert_eq!(t.g.power(small.unwrap()), Some(2));
    t.choose(P1, "play \"Event ZAP\"");
    // BO has 1 power and ZERO 0: both may be chosen; SMALL may not.
    t.assert_offered("choose \"Orange Friend ZERO\" at P2's home");
    t.assert_not_offered("choose \"Orange Friend SMALL\" at P2's home");
}

#[test]
fn r410_6a_a_dismissed_card_returns_from_the_discard_pile_to_hand() {
    let homing = with(
        friend("HOME", Blue, 1, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::Dismissed).card(TriggerCard::This),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::ReturnToHand(Target::This)],
        }],
    );
    let mut c = None;
    let mut t = board(
        deck("A", Blue, vec![homing], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            c = Some(place(b, P1, "HOME", Area::Home(P1)));
            b.set_tokens(P1, 2);
        },
    );
    t.g.perform(ponyccg_core::Occurrence::Dismiss {
        card: c.unwrap(),
        by_game: false,
    });
    t.choose(P1, "draw a card");
    assert_eq!(t.g.card(c.unwrap()).zone, Zone::Hand);
}

#[test]
fn phase_start_triggers_fire_at_the_start_of_that_phase_only() {
    let morning = with(
        friend("MORN", Blue, 1, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::PhaseStarts(PhaseName::Troublemaker)).by(Actor::You),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::GainTokens {
                who: Who::You,
                amount: Amount::N(3),
            }],
        }],
    );
    let t = board(
        deck("A", Blue, vec![morning], 5),
        deck("B", Orange, vec![], 5),
        StartAt::TurnStart,
        |b| {
            place(b, P1, "MORN", Area::Home(P1));
        },
    );
    // 2 from the Action Step, 3 from the trigger.
    assert_eq!(t.g.tokens(P1), 5);
}

#[test]
fn a_move_to_anywhere_offers_home_and_every_problem_but_the_current_area() {
    let ev = event(
        "SHIFT",
        0,
        Timing::Phase(PhaseName::Main),
        vec![Effect::Move {
            target: Target::Choose(Cards {
                card_type: Some(CardKind::Character),
                controller: Some(Who::You),
                ..Cards::default()
            }),
            to: AreaRef::Anywhere,
        }],
    );
    let mut t = board(
        deck("A", Blue, vec![ev, friend("F", Blue, 1, 1, 0)], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "SHIFT");
            place(b, P1, "F", Area::Problem(P1));
            b.set_tokens(P1, 1);
        },
    );
    t.choose(P1, "play \"Event SHIFT\"");
    t.choose(P1, "choose \"Blue Friend F\" at \"Problem AP1\"");
    t.assert_offered("choose home");
    t.assert_offered("choose \"Problem BP1\"");
    t.assert_not_offered("choose \"Problem AP1\"");
    t.choose(P1, "choose home");
    assert_eq!(t.g.characters_at(P1, Area::Home(P1)).count(), 2);
}

#[test]
fn r506_2_a_card_picked_to_be_moved_home_is_never_one_already_there() {
    // Pick a character, then move "that card" home: the Mane Character at home can't be
    // moved there, so only the Friend at the Problem is offered.
    let ev = event(
        "HOMEWARD",
        0,
        Timing::Phase(PhaseName::Main),
        vec![
            Effect::Pick(Target::UpTo(
                Amount::N(1),
                Cards {
                    card_type: Some(CardKind::Character),
                    controller: Some(Who::You),
                    ..Cards::default()
                },
            )),
            Effect::Move {
                target: Target::It,
                to: AreaRef::Home,
            },
        ],
    );
    let mut t = board(
        deck("A", Blue, vec![ev, friend("F", Blue, 1, 1, 0)], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "HOMEWARD");
            place(b, P1, "F", Area::Problem(P1));
        },
    );
    t.choose(P1, "play \"Event HOMEWARD\"");
    assert_eq!(
        t.labels(),
        vec!["choose \"Blue Friend F\" at \"Problem AP1\"", "none"]
    );
    t.choose(P1, "choose \"Blue Friend F\" at \"Problem AP1\"");
    assert_eq!(t.g.characters_at(P1, Area::Home(P1)).count(), 2);
}

#[test]
fn r704_1_a_trigger_on_another_card_being_dismissed_looks_back_at_where_it_was() {
    // "When one of your other Friends here is dismissed, draw a card."
    let watcher = with(
        friend("WATCH", Blue, 1, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::Dismissed).card(TriggerCard::Any(Cards {
                card_type: Some(CardKind::Type(CardType::Friend)),
                controller: Some(Who::You),
                place: Some(Place::Here),
                other: true,
                ..Cards::default()
            })),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::Draw {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let (mut near, mut far) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                watcher,
                friend("NEAR", Blue, 1, 1, 0),
                friend("FAR", Blue, 1, 1, 0),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "WATCH", Area::Home(P1));
            near = Some(place(b, P1, "NEAR", Area::Home(P1)));
            far = Some(place(b, P1, "FAR", Area::Problem(P1)));
            b.set_tokens(P1, 3);
        },
    );
    t.g.perform(ponyccg_core::Occurrence::Dismiss {
        card: far.unwrap(),
        by_game: false,
    });
    t.choose(P1, "draw a card");
    assert_eq!(
        t.g.player(P1).hand.len(),
        1,
        "FAR wasn't here: only the action's draw"
    );
    t.g.perform(ponyccg_core::Occurrence::Dismiss {
        card: near.unwrap(),
        by_game: false,
    });
    t.choose(P1, "draw a card");
    assert_eq!(
        t.g.player(P1).hand.len(),
        3,
        "NEAR was here: the trigger drew one more"
    );
}

#[test]
fn r512_4c_a_reaction_reads_the_card_whose_occurrence_it_answers() {
    // The watcher sends home "that card": the one whose move it answers, not any other.
    let opponent_moves = Trigger::on(Happening::Moved)
        .card(TriggerCard::Any(Cards {
            controller: Some(Who::Opponent),
            ..Cards::default()
        }))
        .at(Spot::AProblem);
    let watcher = with(
        friend("WA", Orange, 1, 1, 0),
        vec![Ability::Activated {
            condition: None,
            timing: Timing::Reaction {
                when: Box::new(opponent_moves),
                condition: None,
            },
            cost: vec![],
            effects: vec![Effect::Send {
                target: Target::It,
                to: AreaRef::Home,
            }],
        }],
    );
    let mut f = None;
    let mut t = board(
        deck("A", Blue, vec![friend("F", Blue, 1, 1, 0)], 5),
        deck("B", Orange, vec![watcher], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P2, "WA", Area::Home(P2));
            f = Some(place(b, P1, "F", Area::Home(P1)));
            b.set_tokens(P1, 6);
        },
    );
    let f = f.expect("placed");
    t.choose(P1, "move \"Blue Mane AM\" from home to \"Problem AP1\"");
    t.choose(P2, "pass");
    t.choose(P1, "move \"Blue Friend F\" from home to \"Problem AP1\"");
    t.choose(P2, "use \"Orange Friend WA\"");
    assert_eq!(t.g.card(f).area, Some(Area::Home(P1)));
}

#[test]
fn losing_tokens_takes_only_what_the_player_has() {
    let drain = event(
        "DR",
        0,
        Timing::Phase(PhaseName::Main),
        vec![Effect::LoseTokens {
            who: Who::Opponent,
            amount: Amount::N(3),
        }],
    );
    let mut t = board(
        deck("A", Blue, vec![drain], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "DR");
            b.set_tokens(P1, 1);
            b.set_tokens(P2, 1);
        },
    );
    t.choose(P1, "play \"Event DR\"");
    assert_eq!(t.g.player(P2).tokens, 0);
    assert_eq!(t.g.player(P1).tokens, 1);
}

#[test]
fn r703_an_activated_ability_with_a_while_is_offered_only_while_it_holds() {
    let rover = with(
        friend("RV", Blue, 1, 1, 0),
        vec![Ability::Activated {
            timing: Timing::Phase(PhaseName::Main),
            condition: Some(Condition::AtAProblem),
            cost: vec![Cost::ExhaustThis],
            effects: vec![Effect::Draw {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let mut t = board(
        deck("A", Blue, vec![rover], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "RV", Area::Home(P1));
            b.set_tokens(P1, 3);
        },
    );
    t.assert_not_offered("use \"Blue Friend RV\"");
    t.choose(P1, "move \"Blue Friend RV\" from home to \"Problem AP1\"");
    t.assert_offered("use \"Blue Friend RV\"");
}

#[test]
fn r505_1d_looking_at_a_face_down_troublemaker_shows_it_only_to_the_looker() {
    let look = event(
        "LK",
        0,
        Timing::Phase(PhaseName::Main),
        vec![Effect::Peek(Target::Choose(Cards {
            card_type: Some(CardKind::Type(CardType::Troublemaker)),
            face_down: Some(true),
            ..Cards::default()
        }))],
    );
    let mut tm = None;
    let mut t = board(
        deck("A", Blue, vec![look], 5),
        deck("B", Orange, vec![troublemaker("TM", 2, 1, false)], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "LK");
            b.set_tokens(P1, 1);
            let how = InPlay {
                face_down: true,
                ..InPlay::default()
            };
            tm = Some(place_with(b, P2, "TM", Area::Problem(P1), how));
        },
    );
    let tm = tm.expect("placed");
    assert!(!t.g.is_visible_to(tm, P1));
    // The only fitting card is chosen by the engine; the label never named it to P1.
    t.choose(P1, "play \"Event LK\"");
    assert!(t.g.is_visible_to(tm, P1));
    assert!(t.g.card(tm).face_down);
}

#[test]
fn r505_3_a_troublemaker_turned_face_down_becomes_a_new_card() {
    let cover = event(
        "CV",
        0,
        Timing::Phase(PhaseName::Main),
        vec![Effect::Cover(Target::Each(Cards {
            card_type: Some(CardKind::Type(CardType::Troublemaker)),
            ..Cards::default()
        }))],
    );
    let mut tm = None;
    let mut t = board(
        deck("A", Blue, vec![cover], 5),
        deck("B", Orange, vec![troublemaker("TM", 2, 1, false)], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "CV");
            b.set_tokens(P1, 1);
            tm = Some(place(b, P2, "TM", Area::Problem(P1)));
        },
    );
    let tm = tm.expect("placed");
    let before = t.g.card(tm).object;
    t.choose(P1, "play \"Event CV\"");
    assert!(t.g.card(tm).face_down);
    assert_ne!(t.g.card(tm).object, before);
    assert!(!t.g.is_visible_to(tm, P1));
}

/// A Friend that gains `gains` while it has `has`.
fn trait_chain(number: &str, has: &str, gains: &str) -> CardDef {
    with(
        friend(number, Yellow, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::GainTrait {
                cards: Some(Cards {
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    trait_: Some(has.into()),
                    ..Cards::default()
                }),
                trait_: gains.into(),
            },
            condition: None,
        }],
    )
}

#[test]
fn r711_5_interdependent_modifiers_apply_the_earliest_first_then_as_dependent() {
    // Three trait gains in a circle, in play in this order: Unicorns gain Pegasus,
    // Pegasi gain Earth Pony, Earth Ponies gain Unicorn. Each depends on another, so the
    // earliest applies first (to no Unicorn yet); then the second, which now depends on
    // nothing waiting; then the third, which reads what the second left. A printed Earth
    // Pony ends up a Unicorn but not a Pegasus, where applying the gains until nothing
    // changes would give it all three; a printed Pegasus gains Earth Pony, then Unicorn.
    let mut earth = friend("E", Blue, 2, 1, 0);
    earth.face.traits = vec!["Earth Pony".into()];
    let mut pegasus = friend("PG", Blue, 2, 1, 0);
    pegasus.face.traits = vec!["Pegasus".into()];
    let (mut x, mut y) = (None, None);
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                trait_chain("U2P", "Unicorn", "Pegasus"),
                trait_chain("P2E", "Pegasus", "Earth Pony"),
                trait_chain("E2U", "Earth Pony", "Unicorn"),
                earth,
                pegasus,
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |bd| {
            place(bd, P1, "U2P", Area::Home(P1));
            place(bd, P1, "P2E", Area::Home(P1));
            place(bd, P1, "E2U", Area::Home(P1));
            x = Some(place(bd, P1, "E", Area::Home(P1)));
            y = Some(place(bd, P1, "PG", Area::Home(P1)));
        },
    );
    let (x, y) = (x.unwrap(), y.unwrap());
    assert!(t.g.has_trait(y, "Earth Pony") && t.g.has_trait(y, "Unicorn"));
    assert!(t.g.has_trait(x, "Earth Pony"));
    assert!(t.g.has_trait(x, "Unicorn"), "the last gain applies");
    assert!(
        !t.g.has_trait(x, "Pegasus"),
        "the earliest gain applied before any Unicorn existed"
    );
}

#[test]
fn r711_3_a_modifier_reads_what_the_modifiers_before_it_left() {
    // Friends with 3 or more power get +1 (in play first); then an Event gives one
    // 2-power Friend +2 this turn. The +1 depends on the +2, so that Friend gets both;
    // another 2-power Friend gets neither.
    let big_boost = with(
        friend("BB", Yellow, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Power {
                cards: Some(Cards {
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    power_at_least: Some(3),
                    ..Cards::default()
                }),
                amount: Amount::N(1),
            },
            condition: None,
        }],
    );
    let pump = main_event(
        "PU",
        vec![Effect::Until {
            target: Target::Each(Cards {
                title: Some("Friend TT".into()),
                place: Some(Place::InPlay),
                ..Cards::default()
            }),
            effect: plus(2),
            duration: Duration::EndOfTurn,
        }],
    );
    let (mut two, mut other) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                big_boost,
                friend("TT", Blue, 2, 1, 0),
                friend("W", Blue, 2, 1, 0),
                pump,
                main_event("NX", vec![]),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |bd| {
            place(bd, P1, "BB", Area::Home(P1));
            two = Some(place(bd, P1, "TT", Area::Home(P1)));
            other = Some(place(bd, P1, "W", Area::Home(P1)));
            to_hand(bd, P1, "PU");
            // Something left to do, so the turn (and the +2) doesn't end at once.
            to_hand(bd, P1, "NX");
        },
    );
    assert_eq!(t.g.power(two.unwrap()), Some(2));
    t.choose(P1, "play \"Event PU\"");
    assert_eq!(t.g.power(two.unwrap()), Some(5), "2 + 2 = 4, then +1");
    assert_eq!(t.g.power(other.unwrap()), Some(2));
}

#[test]
fn r705_2_a_cost_that_cant_be_paid_in_full_starts_nothing_but_instructions_do_what_they_can() {
    // 705.2b–c: exhausting this card and discarding two cards pay for the ability. With
    // one card in hand the action can't be completed, so it is not offered at all: the
    // engine checks costs before an action starts, so there is never anything to rewind.
    // 705.2f: once the instructions run, a step that can only partly happen is done as
    // far as it can be (discard three of two cards) and the next still happens.
    let worker = with(
        friend("WK", Blue, 1, 1, 0),
        vec![Ability::Activated {
            condition: None,
            timing: Timing::Phase(PhaseName::Main),
            cost: vec![Cost::ExhaustThis, Cost::Discard(2)],
            effects: vec![
                Effect::Discard {
                    who: Who::You,
                    amount: Amount::N(3),
                    random: false,
                },
                Effect::GainTokens {
                    who: Who::You,
                    amount: Amount::N(2),
                },
            ],
        }],
    );
    let mut wk = None;
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                worker,
                friend("H1", Blue, 1, 1, 0),
                friend("H2", Blue, 1, 1, 0),
                friend("H3", Blue, 1, 1, 0),
                friend("H4", Blue, 1, 1, 0),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            wk = Some(place(b, P1, "WK", Area::Home(P1)));
            to_hand(b, P1, "H1");
            b.set_tokens(P1, 0);
        },
    );
    let wk = wk.unwrap();
    t.assert_not_offered("use \"Blue Friend WK\"");
    assert!(t.g.card(wk).is_ready());
    assert_eq!(t.g.player(P1).hand.len(), 1);

    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                with(
                    friend("WK", Blue, 1, 1, 0),
                    t.g.def(wk).face.abilities.clone(),
                ),
                friend("H1", Blue, 1, 1, 0),
                friend("H2", Blue, 1, 1, 0),
                friend("H3", Blue, 1, 1, 0),
                friend("H4", Blue, 1, 1, 0),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "WK", Area::Home(P1));
            for h in ["H1", "H2", "H3", "H4"] {
                to_hand(b, P1, h);
            }
            b.set_tokens(P1, 0);
        },
    );
    t.choose(P1, "use \"Blue Friend WK\"");
    // Paying discards two, which the player chooses; the instructions discard the other
    // two of three, then still give the tokens.
    t.choose(P1, "discard \"Blue Friend H2\"");
    t.choose(P1, "discard \"Blue Friend H4\"");
    assert_eq!(t.g.player(P1).hand.len(), 2, "the cost is paid first");
    t.choose(P1, "discard \"Blue Friend H3\"");
    if t.g.decision().is_some_and(|d| d.prompt == Prompt::Discard) {
        t.choose(P1, "discard \"Blue Friend H1\"");
    }
    assert!(
        t.g.player(P1).hand.is_empty(),
        "as many as could be discarded"
    );
    assert_eq!(t.g.player(P1).discard.len(), 4);
    assert_eq!(
        t.g.player(P1).tokens,
        2,
        "the next instruction still happens"
    );
}

#[test]
fn r511_7b_a_trigger_chain_runs_one_wave_at_a_time() {
    // A Friend entering play makes its controller draw (wave 1). A second card
    // triggers on that draw and gains a token (wave 2): its trigger was not waiting when
    // the first wave began, so it is processed in the next wave, before priority.
    let arrival = with(
        friend("AR", Blue, 1, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::EntersPlay).card(TriggerCard::This),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::Draw {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let scholar = with(
        friend("SC", Blue, 1, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::Draws).by(Actor::You),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::GainTokens {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let mut t = board(
        deck("A", Blue, vec![arrival, scholar], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "AR");
            place(b, P1, "SC", Area::Home(P1));
            b.set_tokens(P1, 1);
        },
    );
    let hand = t.g.player(P1).hand.len();
    t.g.set_logging(true);
    t.choose(P1, "play \"Blue Friend AR\" to home");
    assert_eq!(t.g.player(P1).hand.len(), hand, "played one, drew one");
    assert_eq!(
        t.g.player(P1).tokens,
        1,
        "paid one, gained one in the second wave"
    );
    let events: Vec<String> = t.g.take_events().iter().map(|e| format!("{e:?}")).collect();
    let drew = events.iter().rposition(|e| e.starts_with("Drew")).unwrap();
    let gained = events
        .iter()
        .rposition(|e| e.starts_with("GainedTokens"))
        .unwrap();
    assert!(drew < gained, "the draw's trigger resolves after the draw");
}

#[test]
fn r704_1_the_first_time_each_turn_needs_the_first_time() {
    let each_turn = Trigger {
        each_turn: true,
        ..Trigger::on(Happening::Played)
    };
    assert!(each_turn.check().is_err(), "each_turn alone counts nothing");
    assert!(Trigger {
        each_turn: true,
        ..Trigger::on(Happening::Played).first()
    }
    .check()
    .is_ok());
}

#[test]
fn r704_1_frightened_and_challenges_name_only_the_parts_their_events_have() {
    // Nobody is recorded as the one who frightens a card (504.1).
    assert!(Trigger::on(Happening::Frightened)
        .by(Actor::You)
        .check()
        .is_err());
    assert!(Trigger::on(Happening::Frightened)
        .card(TriggerCard::This)
        .at(Spot::Here)
        .check()
        .is_ok());
    // 608: the challenger, the Troublemaker and its area.
    assert!(Trigger::on(Happening::Challenges)
        .by(Actor::Opponent)
        .card(TriggerCard::This)
        .at(Spot::AProblem)
        .check()
        .is_ok());
    assert!(Trigger::on(Happening::Challenges)
        .from(Spot::Home)
        .check()
        .is_err());
}
