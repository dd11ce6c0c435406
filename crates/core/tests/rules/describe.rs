//! The event describer (issue 18): each event as one viewer saw it when it happened.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardType, Color::*};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Game, Viewer};

fn seen(g: &Game, viewer: Viewer) -> Vec<String> {
    g.observe_events(viewer)
        .into_iter()
        .map(|o| o.text)
        .collect()
}

fn has(lines: &[String], s: &str) -> bool {
    lines.iter().any(|l| l.contains(s))
}

/// 612.2: P1 confronts P2's Problem BP1 with 5, P2 meets it with 4; P1 flips a 1 and P2
/// a 1, so P1 wins 6 to 5; BP1 is solved and BP2 replaces it (613.2). All of it happens
/// before the next decision, in one batch of the log.
fn problem_faceoff() -> T {
    board(
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
    )
}

#[test]
fn r611_4_r515_a_confronted_problem_and_the_flips_keep_their_names_after_they_go_back() {
    let t = problem_faceoff();
    for v in [Viewer::Seat(P2), Viewer::Spectator] {
        let l = seen(&t.g, v);
        assert!(has(&l, "P1 confronts \"Problem BP1\""), "{l:#?}");
        assert!(has(&l, "P1 flips \"Blue Friend FLIPA\""), "{l:#?}");
        assert!(
            has(&l, "\"Blue Friend FLIPA\" is put on the bottom"),
            "{l:#?}"
        );
        assert!(has(&l, "\"Problem BP1\" is solved"), "{l:#?}");
        assert!(
            has(&l, "\"Problem BP1\" is replaced by \"Problem BP2\""),
            "{l:#?}"
        );
        assert!(!has(&l, "hidden"), "{l:#?}");
    }
}

#[test]
fn r613_2_characters_are_sent_home_from_the_problem_they_were_at_not_its_replacement() {
    let t = problem_faceoff();
    let l = seen(&t.g, Viewer::Seat(P1));
    assert!(
        has(
            &l,
            "\"Blue Friend F5\" is sent from P2's Problem area to P1 (you)'s home (from \"Problem BP1\")"
        ),
        "{l:#?}"
    );
    assert!(!has(&l, "from \"Problem BP2\""), "{l:#?}");
}

#[test]
fn r514_5_a_won_faceoff_shows_each_sides_flips_and_totals() {
    let t = problem_faceoff();
    let l = seen(&t.g, Viewer::Seat(P2));
    assert!(
        has(
            &l,
            "P1 wins the faceoff: P1 6 with flipped \"Blue Friend FLIPA\" (1); \
             P2 (you) 5 with flipped \"Orange Friend FLIPB\" (1)"
        ),
        "{l:#?}"
    );
    assert!(
        has(&l, "P1 flips \"Blue Friend FLIPA\" (power 1), total 6"),
        "{l:#?}"
    );
}

#[test]
fn r505_1d_a_troublemaker_played_face_down_is_named_only_to_its_controller() {
    let mut t = board(
        deck("A", Blue, vec![troublemaker("TM", 3, 1, false)], 2),
        deck("B", Orange, vec![], 2),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "TM");
            b.set_tokens(P1, 1);
        },
    );
    let _ = t.g.take_logged();
    t.choose(P1, "play \"Troublemaker TM\" face-down to \"Problem BP1\"");
    let mine = seen(&t.g, Viewer::Seat(P1));
    assert!(
        has(&mine, "P1 (you) plays \"Troublemaker TM\""),
        "{mine:#?}"
    );
    for v in [Viewer::Seat(P2), Viewer::Spectator] {
        let l = seen(&t.g, v);
        assert!(has(&l, "P1 plays a face-down Troublemaker"), "{l:#?}");
        assert!(
            has(&l, "a face-down Troublemaker enters play at P2"),
            "{l:#?}"
        );
        assert!(!has(&l, "Troublemaker TM"), "{l:#?}");
    }
    let all = seen(&t.g, Viewer::Omniscient);
    assert!(has(&all, "\"Troublemaker TM\" enters play"), "{all:#?}");
}

/// P1 plays an Event that looks at the top card of their deck, unrevealed, and takes a
/// Friend into their hand.
fn searched() -> T {
    let mut t = event_played(
        vec![Effect::LookAt {
            deck: DeckRef::Yours,
            count: Amount::N(1),
            reveal: false,
            take: Some(Cards {
                card_type: Some(CardKind::Type(CardType::Friend)),
                ..Cards::default()
            }),
            back: PutBack::Top,
        }],
        vec![friend("SOUGHT", Blue, 2, 1, 0)],
        vec![],
        |_| {},
    );
    let found = t
        .labels()
        .into_iter()
        .find(|l| l.contains("SOUGHT"))
        .unwrap_or_else(|| panic!("the look offers SOUGHT: {:#?}", t.labels()));
    t.choose(P1, &found);
    t
}

#[test]
fn r401_a_card_taken_from_a_look_at_the_deck_into_a_hand_is_named_only_to_its_owner() {
    let t = searched();
    let mine = seen(&t.g, Viewer::Seat(P1));
    assert!(
        has(&mine, "\"Blue Friend SOUGHT\" is put into its owner's hand"),
        "{mine:#?}"
    );
    for v in [Viewer::Seat(P2), Viewer::Spectator] {
        let l = seen(&t.g, v);
        assert!(
            has(&l, "a hidden card is put into its owner's hand"),
            "{l:#?}"
        );
        assert!(!has(&l, "SOUGHT"), "{l:#?}");
    }
}

#[test]
fn r401_a_card_drawn_into_an_opponents_hand_is_never_named() {
    let mut t = board(
        deck("A", Blue, vec![friend("DRAWN", Blue, 1, 1, 0)], 2),
        deck("B", Orange, vec![], 2),
        StartAt::MainPhase,
        |b| b.set_tokens(P1, 1),
    );
    let _ = t.g.take_logged();
    t.choose(P1, "draw a card");
    for v in [
        Viewer::Seat(P1),
        Viewer::Seat(P2),
        Viewer::Spectator,
        Viewer::Omniscient,
    ] {
        let l = seen(&t.g, v);
        assert!(has(&l, "draws a card"), "{l:#?}");
        assert!(!has(&l, "DRAWN"), "{l:#?}");
    }
}

#[test]
fn the_log_is_described_as_it_was_not_as_the_game_is_now() {
    // Taking the log keeps each event's description: reading it later changes nothing.
    let mut t = problem_faceoff();
    let before = seen(&t.g, Viewer::Seat(P2));
    let logged = t.g.take_logged();
    assert!(t.g.observe_events(Viewer::Seat(P2)).is_empty());
    t.choose(P2, &t.labels()[0].clone());
    let after: Vec<String> = logged
        .iter()
        .map(|l| l.observe(Viewer::Seat(P2)).text)
        .collect();
    assert_eq!(before, after);
}

#[test]
fn r514_7_a_flipped_card_put_into_a_hand_instead_is_named_to_everyone_who_saw_it_flipped() {
    // P1 flips A1 and A3; a replacement (710) puts A1 into P1's hand instead of the deck
    // bottom. It was face-up in the flip zone (515), so P2 learns nothing new.
    let keeper = with(
        friend("KE", Blue, 2, 1, 0),
        vec![
            Ability::Static {
                effect: StaticEffect::FlipMore {
                    who: Who::You,
                    amount: 1,
                },
                condition: Some(Condition::Involved),
            },
            Ability::Static {
                effect: StaticEffect::FlippedInstead {
                    cost: Vec::new(),
                    cards: None,
                    whose: Who::You,
                    to: FlipDestination::Hand,
                    optional: true,
                    once_per_faceoff: true,
                },
                condition: Some(Condition::Involved),
            },
        ],
    );
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                keeper,
                friend("A1", Blue, 1, 1, 0),
                friend("A3", Blue, 3, 1, 0),
            ],
            2,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 1, 1, false),
                friend("B1", Orange, 1, 1, 0),
            ],
            2,
        ),
        StartAt::ChallengeStep,
        |b| {
            place(b, P2, "TM", Area::Problem(P1));
            place(b, P1, "KE", Area::Problem(P1));
        },
    );
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
    t.choose(P1, "choose \"Blue Friend KE\" at \"Problem AP1\"");
    for v in [Viewer::Seat(P2), Viewer::Spectator] {
        let l = seen(&t.g, v);
        assert!(
            has(&l, "\"Blue Friend A1\" is put into its owner's hand"),
            "{l:#?}"
        );
        assert!(has(&l, "\"Blue Friend A3\" is put on the bottom"), "{l:#?}");
    }
}
