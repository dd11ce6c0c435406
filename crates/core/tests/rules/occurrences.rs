//! Every change to the game goes through the one occurrence path (chapter 4, 104.2, 710):
//! counters (519), turning a Mane Character over (301.2), searching a card into a hand
//! (518) and putting looked-at cards back on a deck are performed as occurrences and
//! recorded as events, like every other change.

use crate::support::*;
use ponyccg_core::ability::counters::Counter;
use ponyccg_core::ability::*;
use ponyccg_core::card::{CardType, Color::*};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Event, Zone};

fn each_friend_in_play() -> Target {
    Target::Each(Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        place: Some(Place::InPlay),
        ..Cards::default()
    })
}

#[test]
fn r519_power_counters_put_and_removed_are_events() {
    let mut mine = None;
    let mut t = event_played(
        vec![
            Effect::Counters {
                target: each_friend_in_play(),
                amount: Amount::N(3),
            },
            Effect::RemovePowerCounters {
                target: each_friend_in_play(),
                amount: Amount::N(1),
            },
        ],
        vec![friend("MINE", Blue, 1, 1, 0)],
        vec![],
        |b| mine = Some(place(b, P1, "MINE", Area::Problem(P1))),
    );
    let mine = mine.unwrap();
    assert_eq!(t.g.card(mine).power_counters, 2);
    let counted: Vec<i16> =
        t.g.take_events()
            .into_iter()
            .filter_map(|e| match e {
                Event::Counters {
                    card,
                    counter: Counter::Power,
                    delta,
                } if card == mine => Some(delta),
                _ => None,
            })
            .collect();
    assert_eq!(counted, vec![3, -1]);
}

#[test]
fn r519_4_minus_one_counters_are_not_removed_and_nothing_is_recorded() {
    let mut mine = None;
    let mut t = event_played(
        vec![
            Effect::Counters {
                target: each_friend_in_play(),
                amount: Amount::N(-2),
            },
            Effect::RemovePowerCounters {
                target: each_friend_in_play(),
                amount: Amount::N(1),
            },
        ],
        vec![friend("MINE", Blue, 1, 1, 0)],
        vec![],
        |b| mine = Some(place(b, P1, "MINE", Area::Problem(P1))),
    );
    let mine = mine.unwrap();
    assert_eq!(t.g.card(mine).power_counters, -2);
    let n =
        t.g.take_events()
            .into_iter()
            .filter(|e| matches!(e, Event::Counters { card, .. } if *card == mine))
            .count();
    assert_eq!(n, 1, "only the -1 counters put on are an event");
}

#[test]
fn r518_a_searched_card_goes_to_hand_as_an_event() {
    let mut t = event_played(
        vec![Effect::Search(Cards {
            title: Some("Blue Friend FIND".into()),
            ..Cards::default()
        })],
        vec![friend("FIND", Blue, 1, 1, 0)],
        vec![],
        |_| {},
    );
    let found =
        t.g.player(P1)
            .deck
            .iter()
            .copied()
            .find(|&c| t.g.name(c) == "Blue Friend FIND")
            .expect("in the deck");
    t.g.take_events();
    t.choose(P1, "choose \"Blue Friend FIND\"");
    assert_eq!(t.g.card(found).zone, Zone::Hand);
    assert!(t
        .g
        .take_events()
        .iter()
        .any(|e| matches!(e, Event::ToHand(c) if *c == found)));
}

#[test]
fn r519_named_counters_are_events_with_their_name() {
    let mut mine = None;
    let mut t = event_played(
        vec![Effect::PutCounters {
            target: each_friend_in_play(),
            name: "Harmony".into(),
            amount: Amount::N(2),
        }],
        vec![friend("MINE", Blue, 1, 1, 0)],
        vec![],
        |b| mine = Some(place(b, P1, "MINE", Area::Problem(P1))),
    );
    let mine = mine.unwrap();
    assert_eq!(t.g.counters_named(mine, "Harmony"), 2);
    let named: Vec<(String, i16)> =
        t.g.take_events()
            .into_iter()
            .filter_map(|e| match e {
                Event::Counters {
                    card,
                    counter,
                    delta,
                } if card == mine => Some((t.g.counter_name(counter).to_string(), delta)),
                _ => None,
            })
            .collect();
    assert_eq!(named, vec![("Harmony".to_string(), 2)]);
}
