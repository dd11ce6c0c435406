//! Chapter 4: zones.

use crate::support::*;
use ponyccg_core::board::{InPlay, StartAt};
use ponyccg_core::card::Color::*;
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Occurrence, Zone};

#[test]
fn r410_1_only_cards_in_play_can_be_dismissed_and_r410_3_only_from_hand_discarded() {
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![friend("F", Blue, 1, 1, 0), friend("H", Blue, 1, 1, 0)],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "F");
        },
    );
    let f = t.g.player(P1).hand[0];
    assert!(!t.g.perform(Occurrence::Dismiss {
        card: f,
        by_game: false
    }));
    assert!(t.g.perform(Occurrence::Discard(f)));
    assert!(!t.g.perform(Occurrence::Discard(f)));
    assert_eq!(t.g.card(f).zone, Zone::Discard);
}

#[test]
fn r410_4_draw_takes_the_top_card_and_an_empty_deck_draws_nothing() {
    let mut t = board(
        deck("A", Blue, vec![friend("TOP", Blue, 1, 1, 0)], 0),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |_| {},
    );
    assert_eq!(t.g.player(P1).deck.len(), 1);
    assert!(t.g.perform(Occurrence::Draw(P1)));
    assert_eq!(t.g.def(t.g.player(P1).hand[0]).number, "TOP");
    assert!(!t.g.perform(Occurrence::Draw(P1)));
}

#[test]
fn r410_6_a_card_that_changes_zones_becomes_a_new_object() {
    let mut f = None;
    let mut t = board(
        deck("A", Blue, vec![friend("F", Blue, 1, 1, 0)], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            f = Some(place(b, P1, "F", Area::Home(P1)));
        },
    );
    let f = f.unwrap();
    let before = t.g.card(f).object;
    t.g.perform(Occurrence::Dismiss {
        card: f,
        by_game: false,
    });
    assert_ne!(t.g.card(f).object, before);
}

#[test]
fn r401_1_every_card_is_in_exactly_one_zone() {
    let t = board(
        deck("A", Blue, vec![], 10),
        deck("B", Orange, vec![], 10),
        StartAt::MainPhase,
        |b| {
            place_with(
                b,
                P1,
                "AF0",
                Area::Home(P1),
                InPlay {
                    exhausted: true,
                    ..Default::default()
                },
            );
        },
    );
    let mut seen = vec![0u8; t.g.num_cards()];
    for p in [P1, P2] {
        for z in [
            Zone::DrawDeck,
            Zone::ProblemDeck,
            Zone::Hand,
            Zone::Discard,
            Zone::Banished,
            Zone::Flip,
        ] {
            for c in t.g.zone(p, z) {
                seen[c.index()] += 1;
                assert_eq!(t.g.card(c).zone, z);
            }
        }
    }
    for &c in t.g.in_play() {
        seen[c.index()] += 1;
    }
    assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
}
