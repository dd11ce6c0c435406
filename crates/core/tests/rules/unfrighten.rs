//! Unfrightening as an effect (609.2e without the Rally action), the `Unfrightened`
//! trigger event, and `frightened` in card descriptions (504).

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::{InPlay, StartAt};
use ponyccg_core::card::{CardType, Color::*};
use ponyccg_core::testkit::*;
use ponyccg_core::Area;

fn frightened_friends(f: Option<bool>) -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        frightened: f,
        ..Cards::default()
    }
}

fn scared() -> InPlay {
    InPlay {
        frightened: true,
        face_down: true,
        ..InPlay::default()
    }
}

#[test]
fn r609_2e_an_unfrighten_effect_turns_each_frightened_friend_face_up_without_a_token() {
    let (mut mine, mut theirs, mut calm) = (None, None, None);
    let t = event_played(
        vec![Effect::Unfrighten(Target::Each(frightened_friends(None)))],
        vec![friend("MINE", Blue, 1, 1, 0), friend("CALM", Blue, 1, 1, 0)],
        vec![friend("PAL", Orange, 1, 1, 0)],
        |b| {
            mine = Some(place_with(b, P1, "MINE", Area::Home(P1), scared()));
            theirs = Some(place_with(b, P2, "PAL", Area::Problem(P1), scared()));
            calm = Some(place(b, P1, "CALM", Area::Home(P1)));
            b.set_tokens(P1, 3);
        },
    );
    for c in [mine.unwrap(), theirs.unwrap()] {
        assert!(!t.g.card(c).frightened);
        assert!(!t.g.card(c).face_down, "609.2e: turned face-up");
    }
    assert!(!t.g.card(calm.unwrap()).frightened);
    assert_eq!(
        t.g.player(P1).tokens,
        3,
        "no Rally action, so no token is paid"
    );
}

#[test]
fn r504_a_description_with_frightened_reaches_only_frightened_cards() {
    let (mut scared_one, mut calm) = (None, None);
    let t = event_played(
        vec![Effect::Dismiss(Target::Each(frightened_friends(Some(
            true,
        ))))],
        vec![friend("MINE", Blue, 1, 1, 0), friend("CALM", Blue, 1, 1, 0)],
        vec![],
        |b| {
            scared_one = Some(place_with(b, P1, "MINE", Area::Home(P1), scared()));
            calm = Some(place(b, P1, "CALM", Area::Home(P1)));
        },
    );
    assert_eq!(
        t.g.card(scared_one.unwrap()).zone,
        ponyccg_core::Zone::Discard
    );
    assert_eq!(t.g.card(calm.unwrap()).zone, ponyccg_core::Zone::Play);
}

#[test]
fn r504_frightened_false_reaches_only_cards_in_play_that_are_not_frightened() {
    let (mut scared_one, mut calm) = (None, None);
    let t = event_played(
        vec![Effect::Exhaust(Target::Each(frightened_friends(Some(
            false,
        ))))],
        vec![friend("MINE", Blue, 1, 1, 0), friend("CALM", Blue, 1, 1, 0)],
        vec![],
        |b| {
            scared_one = Some(place_with(b, P1, "MINE", Area::Home(P1), scared()));
            calm = Some(place(b, P1, "CALM", Area::Home(P1)));
        },
    );
    assert!(t.g.card(calm.unwrap()).exhaustion > 0);
    assert!(t.g.card(scared_one.unwrap()).frightened);
}

#[test]
fn r609_2e_becoming_unfrightened_fires_an_unfrightened_trigger_once_for_its_card() {
    let watcher = with(
        friend("WATCH", Blue, 1, 1, 0),
        vec![draw_on(
            Trigger::on(Happening::Unfrightened).card(TriggerCard::This),
            None,
        )],
    );
    let (mut w, mut other) = (None, None);
    let mut t = board(
        deck("A", Blue, vec![watcher, friend("OTHER", Blue, 1, 1, 0)], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            w = Some(place_with(b, P1, "WATCH", Area::Home(P1), scared()));
            other = Some(place_with(b, P1, "OTHER", Area::Home(P1), scared()));
            b.set_tokens(P1, 5);
        },
    );
    let hand = t.g.player(P1).hand.len();
    t.choose(P1, "rally \"Blue Friend OTHER\"");
    assert_eq!(
        t.g.player(P1).hand.len(),
        hand,
        "another card's rally: no draw"
    );
    t.choose(P1, "rally \"Blue Friend WATCH\"");
    assert!(!t.g.card(w.unwrap()).frightened);
    assert_eq!(t.g.player(P1).hand.len(), hand + 1, "its own: one draw");
}
