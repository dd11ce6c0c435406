//! Effects about players other than the controller: instructions another player carries
//! out, milling, and "the first player to …" triggers (410.6), with synthetic cards.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardType, Color::*};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Prompt, Zone};

#[test]
fn r801_1_an_opponent_answers_their_own_may_and_acts_as_you() {
    // "Your opponent may draw a card": the opponent decides, and "you" in the
    // instruction is the opponent, so the card goes to their hand.
    let ev = main_event(
        "GIFT",
        vec![Effect::By {
            decide_first: false,
            only: None,
            who: Who::Opponent,
            may: true,
            cost: Vec::new(),
            effects: vec![Effect::Draw {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let mut t = board(
        deck("A", Blue, vec![ev], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "GIFT");
            // Tokens keep P1 deciding in its Main Phase after the Event.
            b.set_tokens(P1, 3);
        },
    );
    let mine = t.g.player(P1).hand.len();
    let theirs = t.g.player(P2).hand.len();
    t.choose(P1, "play \"Event GIFT\"");
    assert_eq!(t.who(), P2, "the opponent answers the may");
    match t.g.pending() {
        ponyccg_core::Pending::Decision(d) => assert_eq!(d.prompt, Prompt::May),
        other => panic!("expected a may, got {other:?}"),
    }
    t.choose(P2, "yes");
    assert_eq!(t.g.player(P2).hand.len(), theirs + 1);
    assert_eq!(
        t.g.player(P1).hand.len(),
        mine - 1,
        "only the Event left P1's hand"
    );
}

#[test]
fn r801_1_every_named_player_decides_before_any_instruction_is_carried_out() {
    // "Each player may draw a card", deciding first: the first player's yes draws
    // nothing until the second player has answered; then only those who said yes draw.
    let ev = main_event(
        "EACH",
        vec![Effect::By {
            who: Who::Each,
            may: true,
            cost: Vec::new(),
            effects: vec![Effect::Draw {
                who: Who::You,
                amount: Amount::N(1),
            }],
            decide_first: true,
            only: None,
        }],
    );
    let mut t = board(
        deck("A", Blue, vec![ev], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EACH");
            b.set_tokens(P1, 3);
        },
    );
    t.choose(P1, "play \"Event EACH\"");
    let (first, second) = (t.who(), if t.who() == P1 { P2 } else { P1 });
    let hands = |t: &T| (t.g.player(first).hand.len(), t.g.player(second).hand.len());
    let before = hands(&t);
    t.choose(first, "yes");
    assert_eq!(t.who(), second, "the other player answers next");
    assert_eq!(
        hands(&t),
        before,
        "nothing is drawn before everyone has decided"
    );
    t.choose(second, "no");
    assert_eq!(hands(&t), (before.0 + 1, before.1), "only the yes draws");
}

#[test]
fn milling_puts_the_top_cards_of_a_deck_into_its_owners_discard_pile() {
    let ev = main_event(
        "MILL",
        vec![Effect::Mill {
            who: Who::Opponent,
            amount: Amount::N(2),
        }],
    );
    let mut t = board(
        deck("A", Blue, vec![ev], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "MILL");
            b.set_tokens(P1, 3);
        },
    );
    let top: Vec<_> = t.g.player(P2).deck.iter().rev().take(2).copied().collect();
    let before = t.g.player(P2).deck.len();
    t.choose(P1, "play \"Event MILL\"");
    assert_eq!(t.g.player(P2).deck.len(), before - 2);
    let mut milled = t.g.player(P2).discard.clone();
    milled.sort();
    let mut expected = top;
    expected.sort();
    assert_eq!(milled, expected, "the two top cards, no others");
    assert_eq!(t.g.player(P1).discard.len(), 1, "only the Event");
}

#[test]
fn r410_6_the_first_player_to_trigger_is_met_once_per_object() {
    // A Friend at home: the first player to play a Friend to its area gains 2 tokens.
    let greeter = with(
        friend("GREET", Blue, 1, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::Played)
                .card(TriggerCard::Any(Cards {
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    ..Cards::default()
                }))
                .at(Spot::Here)
                .first(),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::GainTokens {
                who: Who::ThatPlayer,
                amount: Amount::N(2),
            }],
        }],
    );
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                greeter,
                friend("ONE", Blue, 1, 1, 0),
                friend("TWO", Blue, 1, 1, 0),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "GREET", Area::Home(P1));
            to_hand(b, P1, "ONE");
            to_hand(b, P1, "TWO");
            b.set_tokens(P1, 2);
        },
    );
    t.choose(P1, "play \"Blue Friend ONE\" to home");
    assert_eq!(t.g.tokens(P1), 1 + 2, "paid 1, gained 2 the first time");
    t.choose(P1, "play \"Blue Friend TWO\" to home");
    assert_eq!(t.g.tokens(P1), 2, "paid 1, nothing the second time");
}

#[test]
fn r509_1_a_description_can_ask_for_attachments_whose_host_fits() {
    // "Dismiss each Resource on an opposing Friend": only the Resource whose host is the
    // opponent's Friend goes, whoever controls the Resource itself.
    let ev = main_event(
        "CLEAR",
        vec![Effect::Dismiss(Target::Each(Cards {
            card_type: Some(CardKind::Type(CardType::Resource)),
            attached_to: Some(Box::new(Cards {
                card_type: Some(CardKind::Type(CardType::Friend)),
                controller: Some(Who::Opponent),
                ..Cards::default()
            })),
            ..Cards::default()
        }))],
    );
    let (mut theirs, mut mine) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![ev, friend("MF", Blue, 1, 1, 0), resource("MR", Blue, 1, 1)],
            5,
        ),
        deck(
            "B",
            Orange,
            vec![friend("TF", Orange, 1, 1, 0), resource("TR", Orange, 1, 1)],
            5,
        ),
        StartAt::MainPhase,
        |b| {
            let mf = place(b, P1, "MF", Area::Home(P1));
            let tf = place(b, P2, "TF", Area::Home(P2));
            let mr = place(b, P1, "MR", Area::Home(P1));
            b.attach(mr, mf);
            let tr = place(b, P2, "TR", Area::Home(P2));
            b.attach(tr, tf);
            theirs = Some(tr);
            mine = Some(mr);
            to_hand(b, P1, "CLEAR");
            b.set_tokens(P1, 3);
        },
    );
    t.choose(P1, "play \"Event CLEAR\"");
    assert_eq!(t.g.card(theirs.unwrap()).zone, Zone::Discard);
    assert_eq!(t.g.card(mine.unwrap()).zone, Zone::Play);
}

#[test]
fn r514_2_a_description_can_ask_for_cards_involved_in_the_faceoff() {
    // "Exhaust each character in the faceoff": the challenger at the Problem, not the
    // same player's Friend at home.
    let mut ev = main_event(
        "TIRE",
        vec![Effect::Exhaust(Target::Each(Cards {
            card_type: Some(CardKind::Character),
            involved: true,
            ..Cards::default()
        }))],
    );
    if let Some(Ability::Play { timing, .. }) = ev.face.abilities.first_mut() {
        *timing = Timing::Faceoff(None);
    }
    let (mut fighter, mut resting) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![friend("F", Blue, 1, 1, 0), friend("G", Blue, 1, 1, 0)],
            5,
        ),
        deck("B", Orange, vec![troublemaker("TM", 4, 2, false), ev], 5),
        StartAt::ChallengeStep,
        |b| {
            place(b, P2, "TM", Area::Problem(P1));
            fighter = Some(place(b, P1, "F", Area::Problem(P1)));
            resting = Some(place(b, P1, "G", Area::Home(P1)));
            to_hand(b, P2, "TIRE");
        },
    );
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
    t.choose(P2, "play \"Event TIRE\"");
    assert!(!t.g.card(fighter.unwrap()).is_ready());
    assert!(t.g.card(resting.unwrap()).is_ready());
}

#[test]
fn r703_1_an_ability_any_player_may_activate_and_r508_1_its_chosen_dismiss_cost() {
    // P2's card: "Main Phase, any player: dismiss one of your Friends to draw a card".
    // P1 uses it in P1's Main Phase, choosing which of P1's Friends pays.
    let post = with(
        friend("POST", Orange, 1, 1, 0),
        vec![Ability::ActivatedByAny {
            timing: Timing::Phase(PhaseName::Main),
            condition: None,
            cost: vec![Cost::Dismiss(Cards {
                card_type: Some(CardKind::Type(CardType::Friend)),
                controller: Some(Who::You),
                ..Cards::default()
            })],
            effects: vec![Effect::Draw {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let (mut keep, mut pay) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![friend("K", Blue, 1, 1, 0), friend("PAY", Blue, 2, 1, 0)],
            5,
        ),
        deck("B", Orange, vec![post], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P2, "POST", Area::Home(P2));
            keep = Some(place(b, P1, "K", Area::Home(P1)));
            pay = Some(place(b, P1, "PAY", Area::Home(P1)));
            b.set_tokens(P1, 3);
        },
    );
    let hand = t.g.player(P1).hand.len();
    t.choose(P1, "use \"Orange Friend POST\"");
    assert_eq!(t.who(), P1);
    t.assert_not_offered("choose \"Orange Friend POST\" at P2's home");
    t.choose(P1, "choose \"Blue Friend PAY\" at home");
    assert_eq!(t.g.card(pay.unwrap()).zone, Zone::Discard);
    assert_eq!(t.g.card(keep.unwrap()).zone, Zone::Play);
    assert_eq!(t.g.player(P1).hand.len(), hand + 1);
}

#[test]
fn r410_6_a_trigger_on_having_power_fires_once_per_object_and_permanent_power_lasts() {
    // "When this card has 3 power, draw a card", and Events giving it +1 power
    // permanently: it draws when it reaches 3, not again at 4.
    let grow = with(
        friend("GROW", Blue, 2, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::HasPower(3)).card(TriggerCard::This),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::Draw {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let feed = |n: &str| {
        main_event(
            n,
            vec![Effect::Until {
                target: Target::Each(Cards {
                    title: Some("Friend GROW".into()),
                    ..Cards::default()
                }),
                effect: StaticEffect::Power {
                    cards: None,
                    amount: Amount::N(1),
                },
                duration: Duration::Permanently,
            }],
        )
    };
    let mut g = None;
    let mut t = board(
        deck("A", Blue, vec![grow, feed("F1"), feed("F2")], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            g = Some(place(b, P1, "GROW", Area::Home(P1)));
            to_hand(b, P1, "F1");
            to_hand(b, P1, "F2");
            b.set_tokens(P1, 3);
        },
    );
    let hand = t.g.player(P1).hand.len();
    t.choose(P1, "play \"Event F1\"");
    assert_eq!(t.g.power(g.unwrap()), Some(3));
    assert_eq!(
        t.g.player(P1).hand.len(),
        hand - 1 + 1,
        "played F1, drew one"
    );
    t.choose(P1, "play \"Event F2\"");
    assert_eq!(t.g.power(g.unwrap()), Some(4));
    assert_eq!(
        t.g.player(P1).hand.len(),
        hand - 1,
        "played F2, no second draw"
    );
}
