//! The glossary's keywords, each implemented once in the engine.

use crate::support::*;
use ponyccg_core::board::{InPlay, StartAt};
use ponyccg_core::card::{CardDef, Color::*, Keyword};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Zone};

fn kw(mut d: CardDef, k: Keyword) -> CardDef {
    d.face.keywords.push(k);
    d
}

#[test]
fn swift_pays_one_less_to_move() {
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![kw(friend("S", Blue, 1, 1, 0), Keyword::Swift)],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "S", Area::Home(P1));
            b.set_tokens(P1, 1);
        },
    );
    t.choose(P1, "move \"Blue Friend S\" from home to \"Problem AP1\"");
    assert_eq!(t.g.tokens(P1), 0);
}

#[test]
fn showy_makes_opponents_pay_more_to_move_there() {
    let t = board(
        deck("A", Blue, vec![], 5),
        deck(
            "B",
            Orange,
            vec![kw(friend("SH", Orange, 1, 1, 0), Keyword::Showy(1))],
            5,
        ),
        StartAt::MainPhase,
        |b| {
            place(b, P2, "SH", Area::Problem(P2));
            b.set_tokens(P1, 2);
        },
    );
    let m = t.g.player(P1).mane.unwrap();
    assert_eq!(t.g.move_cost(P1, m, Area::Problem(P2)), 3);
    t.assert_not_offered("move \"Blue Mane AM\" from home to \"Problem BP1\"");
}

#[test]
fn stubborn_contributes_while_exhausted() {
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                kw(friend("ST", Blue, 3, 1, 0), Keyword::Stubborn),
                friend("O1", Orange, 1, 1, 0),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::ScorePhase,
        |b| {
            place_with(
                b,
                P1,
                "ST",
                Area::Problem(P1),
                InPlay {
                    exhausted: true,
                    ..Default::default()
                },
            );
            place(b, P1, "O1", Area::Problem(P1));
        },
    );
    assert_eq!(t.g.score(P1), 1);
}

#[test]
fn competitive_adds_power_only_in_a_faceoff() {
    let mut c = None;
    let t = board(
        deck(
            "A",
            Blue,
            vec![kw(friend("C", Blue, 1, 1, 0), Keyword::Competitive(2))],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            c = Some(place(b, P1, "C", Area::Home(P1)));
        },
    );
    assert_eq!(t.g.power(c.unwrap()), Some(1));
}

#[test]
fn supportive_adds_power_with_your_mane_sharing_a_colour() {
    let (mut a, mut b2) = (None, None);
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                kw(friend("SU", Blue, 1, 1, 0), Keyword::Supportive(2)),
                kw(friend("SO", Orange, 1, 1, 0), Keyword::Supportive(2)),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            a = Some(place(b, P1, "SU", Area::Home(P1)));
            b2 = Some(place(b, P1, "SO", Area::Home(P1)));
        },
    );
    assert_eq!(t.g.power(a.unwrap()), Some(3));
    assert_eq!(t.g.power(b2.unwrap()), Some(1), "no shared colour");
}

#[test]
fn caretaker_adds_one_at_a_problem_with_your_critter_friend() {
    let mut critter = friend("CR", Blue, 1, 1, 0);
    critter.face.traits.push("Critter".into());
    let mut c = None;
    let t = board(
        deck(
            "A",
            Blue,
            vec![kw(friend("CT", Blue, 1, 1, 0), Keyword::Caretaker), critter],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            c = Some(place(b, P1, "CT", Area::Problem(P1)));
            place(b, P1, "CR", Area::Problem(P1));
        },
    );
    assert_eq!(t.g.power(c.unwrap()), Some(2));
}

#[test]
fn eccentric_raises_what_opponents_need() {
    let t = board(
        deck("A", Blue, vec![friend("F5", Blue, 5, 1, 0)], 5),
        deck(
            "B",
            Orange,
            vec![kw(friend("EC", Orange, 1, 1, 0), Keyword::Eccentric(1))],
            5,
        ),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "F5", Area::Problem(P2));
            place(b, P2, "EC", Area::Problem(P2));
        },
    );
    assert_eq!(t.g.score(P1), 0, "5 power against 5+1");
}

#[test]
fn diligent_may_add_counters_after_a_won_faceoff() {
    let mut d = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                kw(friend("DI", Blue, 3, 1, 0), Keyword::Diligent(2)),
                friend("FL", Blue, 1, 1, 0),
            ],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 1, 1, false),
                friend("FL2", Orange, 1, 1, 0),
            ],
            0,
        ),
        StartAt::ChallengeStep,
        |b| {
            place(b, P2, "TM", Area::Problem(P1));
            d = Some(place(b, P1, "DI", Area::Problem(P1)));
        },
    );
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
    t.choose(P1, "yes");
    assert_eq!(t.g.card(d.unwrap()).power_counters, 2);
}

#[test]
fn studious_gains_a_token_after_a_won_faceoff() {
    let t = {
        let mut t = board(
            deck(
                "A",
                Blue,
                vec![
                    kw(friend("SD", Blue, 3, 1, 0), Keyword::Studious),
                    friend("FL", Blue, 1, 1, 0),
                ],
                0,
            ),
            deck(
                "B",
                Orange,
                vec![
                    troublemaker("TM", 1, 1, false),
                    friend("FL2", Orange, 1, 1, 0),
                ],
                0,
            ),
            StartAt::ChallengeStep,
            |b| {
                place(b, P2, "TM", Area::Problem(P1));
                place(b, P1, "SD", Area::Problem(P1));
            },
        );
        t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
        t
    };
    assert_eq!(t.g.tokens(P1), 1);
}

#[test]
fn studious_gains_at_most_one_token_per_faceoff_however_many_studious_cards() {
    // Glossary, Studious: two Studious Friends win one faceoff; the second finds a token
    // already gained from a Studious card this faceoff and gains nothing.
    let t = {
        let mut t = board(
            deck(
                "A",
                Blue,
                vec![
                    kw(friend("SD", Blue, 3, 1, 0), Keyword::Studious),
                    kw(friend("SE", Blue, 2, 1, 0), Keyword::Studious),
                    friend("FL", Blue, 1, 1, 0),
                ],
                0,
            ),
            deck(
                "B",
                Orange,
                vec![
                    troublemaker("TM", 1, 1, false),
                    friend("FL2", Orange, 1, 1, 0),
                ],
                0,
            ),
            StartAt::ChallengeStep,
            |b| {
                place(b, P2, "TM", Area::Problem(P1));
                place(b, P1, "SD", Area::Problem(P1));
                place(b, P1, "SE", Area::Problem(P1));
            },
        );
        t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
        // Both triggers wait together (511.7a); the order changes nothing.
        t.choose(P1, "resolve \"Blue Friend SE\" first");
        t
    };
    assert_eq!(t.g.tokens(P1), 1);
}

#[test]
fn villain_frightens_each_friend_at_its_problem_when_uncovered() {
    let mut f = None;
    let t = board(
        deck(
            "A",
            Blue,
            vec![kw(troublemaker("VI", 3, 2, false), Keyword::Villain)],
            5,
        ),
        deck("B", Orange, vec![friend("OF", Orange, 2, 1, 0)], 5),
        StartAt::TroublemakerPhase,
        |b| {
            place_with(
                b,
                P1,
                "VI",
                Area::Problem(P2),
                InPlay {
                    face_down: true,
                    ..Default::default()
                },
            );
            f = Some(place(b, P2, "OF", Area::Problem(P2)));
        },
    );
    assert!(t.g.card(f.unwrap()).frightened);
}

#[test]
fn calming_gives_an_opposing_friend_entering_here_less_power_this_turn() {
    let mut o = None;
    let mut t = board(
        deck("A", Blue, vec![friend("BF", Blue, 3, 1, 0)], 5),
        deck(
            "B",
            Orange,
            vec![kw(friend("CA", Orange, 1, 1, 0), Keyword::Calming(2))],
            5,
        ),
        StartAt::MainPhase,
        |b| {
            place(b, P2, "CA", Area::Problem(P2));
            o = Some(to_hand(b, P1, "BF"));
            b.set_tokens(P1, 2);
        },
    );
    t.choose(P1, "play \"Blue Friend BF\" to \"Problem BP1\"");
    assert_eq!(t.g.power(o.unwrap()), Some(1));
}

#[test]
fn hasty_friends_can_be_played_as_immediate_actions() {
    let t = board(
        deck("A", Blue, vec![], 5),
        deck(
            "B",
            Orange,
            vec![kw(friend("HA", Orange, 1, 1, 0), Keyword::Hasty)],
            5,
        ),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P2, "HA");
            b.set_tokens(P2, 1);
            b.set_tokens(P1, 1);
        },
    );
    // P2 holds priority in the window opening P1's Main Phase.
    assert_eq!(t.who(), P2);
    t.assert_offered("play \"Orange Friend HA\" to home");
}

#[test]
fn experienced_counts_same_named_cards_in_your_discard_pile() {
    let ex = kw(friend("EX", Blue, 1, 1, 0), Keyword::Experienced);
    let mut c = None;
    let t = board(
        deck("A", Blue, vec![ex.clone(), ex.clone(), ex], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            c = Some(place(b, P1, "EX", Area::Home(P1)));
            let d1 = b.take(P1, "EX").unwrap();
            b.to_zone(d1, Zone::Discard).unwrap();
            let d2 = b.take(P1, "EX").unwrap();
            b.to_zone(d2, Zone::Discard).unwrap();
        },
    );
    assert_eq!(t.g.power(c.unwrap()), Some(3));
}

#[test]
fn an_unimplemented_keyword_is_refused_not_ignored() {
    let setup = ponyccg_core::GameSetup {
        seed: 1,
        players: vec![
            deck(
                "A",
                Blue,
                // Every glossary keyword is implemented; the Villain Challenge's community
                // keywords are not.
                vec![kw(friend("P", Blue, 1, 1, 0), Keyword::Harmonious(6))],
                5,
            ),
            deck("B", Orange, vec![], 5),
        ],
    };
    assert!(matches!(
        ponyccg_core::Game::new(&setup),
        Err(ponyccg_core::SetupError::KeywordNotImplemented { .. })
    ));
}
