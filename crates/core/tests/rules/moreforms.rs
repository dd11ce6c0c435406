//! Forms read from unusual places: a trigger on a player taking an action (705.1), a
//! card's own cost change read in its owner's hand (705.2b), and a modifier that holds
//! only while a condition does (708).

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::{InPlay, StartAt};
use ponyccg_core::card::{CardType, Color::*};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, CardId};

fn your_friends() -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        controller: Some(Who::You),
        ..Cards::default()
    }
}

#[test]
fn r705_1_taking_an_action_triggers_once_it_has_been_resolved() {
    // A Friend of P1's draws a card whenever P1 takes an action: the draw action and an
    // Event each are one action, seen once; the triggered draw is no action of its own.
    let watcher = with(
        friend("W", Blue, 1, 1, 0),
        vec![draw_on(
            Trigger::on(Happening::TakesAction).by(Actor::You),
            None,
        )],
    );
    let mut t = board(
        deck("A", Blue, vec![watcher, main_event("EV", vec![])], 8),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "W", Area::Home(P1));
            to_hand(b, P1, "EV");
            b.set_tokens(P1, 5);
        },
    );
    let hand = |t: &T| t.g.player(P1).hand.len();
    let before = hand(&t);
    t.choose(P1, "draw a card");
    assert_eq!(hand(&t), before + 2, "the action's card and the trigger's");
    t.choose(P1, "play \"Event EV\"");
    assert_eq!(
        hand(&t),
        before + 2,
        "the Event left the hand, the trigger drew one"
    );
    assert_eq!(t.g.player(P1).tokens, 4);
}

#[test]
fn r705_1_an_opponents_action_is_theirs() {
    // The same watcher with `by: Opponent` answers P2's actions only: P1's draw action
    // gives nothing.
    let watcher = with(
        friend("W", Blue, 1, 1, 0),
        vec![draw_on(
            Trigger::on(Happening::TakesAction).by(Actor::Opponent),
            None,
        )],
    );
    let mut t = board(
        deck("A", Blue, vec![watcher], 8),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "W", Area::Home(P1));
            b.set_tokens(P1, 5);
        },
    );
    let before = t.g.player(P1).hand.len();
    t.choose(P1, "draw a card");
    assert_eq!(t.g.player(P1).hand.len(), before + 1);
}

#[test]
fn r705_2b_a_cards_own_cost_change_in_hand_reads_the_area_it_is_played_to() {
    // Cheaper by 1 per Friend of P1's at the Problem it goes to: 5 with two of P1's
    // Friends at P1's Problem is 3; none at P2's Problem, 5; home is no Problem.
    let tall = with(
        friend("TT", Blue, 3, 5, 0),
        vec![Ability::From(
            OutOfPlay::Hand,
            Box::new(Ability::Static {
                effect: StaticEffect::Cost(Box::new(CostChange {
                    action: CostedAction::Play,
                    payer: Who::You,
                    cards: None,
                    at: CostPlace::AProblem,
                    on: None,
                    amount: -1,
                    times: Some(Amount::CountOf(Cards {
                        place: Some(Place::There),
                        ..your_friends()
                    })),
                    against: None,
                    minimum: None,
                })),
                condition: None,
            }),
        )],
    );
    let mut tt: Option<CardId> = None;
    let t = board(
        deck("A", Blue, vec![tall], 8),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            tt = Some(to_hand(b, P1, "TT"));
            place(b, P1, "AF0", Area::Problem(P1));
            place(b, P1, "AF1", Area::Problem(P1));
            place(b, P1, "AF2", Area::Home(P1));
        },
    );
    let tt = tt.unwrap();
    assert_eq!(t.g.play_cost_at(P1, tt, Area::Problem(P1), None), 3);
    assert_eq!(t.g.play_cost_at(P1, tt, Area::Problem(P2), None), 5);
    assert_eq!(t.g.play_cost_at(P1, tt, Area::Home(P1), None), 5);
}

/// P1 plays an Event giving P2's Friends "can't be readied" only while `cond` holds,
/// then readying them; returns whether P2's exhausted Friend is still exhausted.
fn still_exhausted_after(cond: Condition) -> bool {
    let theirs = Cards {
        controller: Some(Who::Opponent),
        ..your_friends()
    };
    let mut bx: Option<CardId> = None;
    let t = event_played(
        vec![
            Effect::Until {
                target: Target::Each(theirs.clone()),
                effect: StaticEffect::OnlyWhile {
                    cond,
                    effect: Box::new(StaticEffect::Prohibit(Prohibition::BeReadied(None))),
                },
                duration: Duration::EndOfTurn,
            },
            Effect::Ready(Target::Each(theirs)),
        ],
        vec![],
        vec![friend("BX", Orange, 1, 1, 0)],
        |b| {
            bx = Some(place_with(
                b,
                P2,
                "BX",
                Area::Home(P2),
                InPlay {
                    exhausted: true,
                    ..Default::default()
                },
            ));
            // The draw action keeps P1 in the Main Phase after the Event.
            b.set_tokens(P1, 3);
        },
    );
    assert_eq!(t.who(), P1, "still P1's Main Phase: {:?}", t.labels());
    !t.g.card(bx.unwrap()).is_ready()
}

#[test]
fn r708_a_modifier_may_hold_only_while_a_condition_does() {
    // 104.2: while the condition holds the prohibition wins over the readying; while it
    // doesn't, the modifier does nothing though it lasts (AD195 reads the Ready Phase).
    assert!(still_exhausted_after(Condition::Phase(PhaseName::Main)));
    assert!(!still_exhausted_after(Condition::Phase(PhaseName::Ready)));
}
