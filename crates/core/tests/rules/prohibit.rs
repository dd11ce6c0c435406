//! Prohibitions (104.2 "can't" wins over "can"), the game's own dismissals (104.3) and
//! requirement changes for confronting (611.2), with synthetic scripted cards.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardDef, CardType, Color, Color::*};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Occurrence};

fn prohibit(p: Prohibition) -> Ability {
    Ability::Static {
        effect: StaticEffect::Prohibit(p),
        condition: None,
    }
}

fn friends() -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        ..Cards::default()
    }
}

fn problem_title(t: &T, area: Area) -> String {
    let p = t.g.problem_at(area).unwrap();
    t.g.def(p).title.clone()
}

/// P1 plays an Event that moves (or sends) each opposing Friend home; P2's "STAY" says
/// its controller's opponents can't move it.
fn move_or_send_each_opposing_friend(send: bool) -> (T, [ponyccg_core::CardId; 2]) {
    let stay = with(
        friend("STAY", Orange, 1, 1, 0),
        vec![prohibit(Prohibition::Move {
            cards: None,
            by: Who::Opponent,
        })],
    );
    let target = Target::Each(Cards {
        controller: Some(Who::Opponent),
        ..friends()
    });
    let effect = if send {
        Effect::Send {
            target,
            to: AreaRef::Home,
        }
    } else {
        Effect::Move {
            target,
            to: AreaRef::Home,
        }
    };
    let (mut s, mut g) = (None, None);
    let mut t = board(
        deck("A", Blue, vec![main_event("EV", vec![effect])], 5),
        deck("B", Orange, vec![stay, friend("GO", Orange, 1, 1, 0)], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            s = Some(place(b, P2, "STAY", Area::Problem(P1)));
            g = Some(place(b, P2, "GO", Area::Problem(P1)));
            b.set_tokens(P1, 2);
        },
    );
    t.choose(P1, "play \"Event EV\"");
    (t, [s.unwrap(), g.unwrap()])
}

#[test]
fn r104_2_a_card_its_opponents_cant_move_stays_while_another_is_moved() {
    let (t, [stay, go]) = move_or_send_each_opposing_friend(false);
    assert_eq!(t.g.card(go).area, Some(Area::Home(P2)));
    assert_eq!(t.g.card(stay).area, Some(Area::Problem(P1)));
    // Its own controller still may move it.
    assert!(t.g.may_move(P2, stay, Area::Home(P2)));
    assert!(!t.g.may_move(P1, stay, Area::Home(P2)));
}

#[test]
fn r506_5_sending_is_not_moving_so_a_card_that_cant_be_moved_is_still_sent() {
    let (t, [stay, go]) = move_or_send_each_opposing_friend(true);
    assert_eq!(t.g.card(go).area, Some(Area::Home(P2)));
    assert_eq!(t.g.card(stay).area, Some(Area::Home(P2)));
}

#[test]
fn r104_2_characters_that_cant_move_away_are_offered_no_move_from_there() {
    let lock = with(
        friend("LOCK", Blue, 1, 1, 0),
        vec![prohibit(Prohibition::MoveAway(Cards {
            card_type: Some(CardKind::Character),
            other: true,
            ..Cards::default()
        }))],
    );
    let t = board(
        deck(
            "A",
            Blue,
            vec![lock, friend("F", Blue, 1, 1, 0), friend("H", Blue, 1, 1, 0)],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "LOCK", Area::Problem(P1));
            place(b, P1, "F", Area::Problem(P1));
            place(b, P1, "H", Area::Home(P1));
            b.set_tokens(P1, 5);
        },
    );
    let here = problem_title(&t, Area::Problem(P1));
    let there = problem_title(&t, Area::Problem(P2));
    t.assert_not_offered(&format!("move \"Blue Friend F\" from \"{here}\" to home"));
    t.assert_not_offered(&format!(
        "move \"Blue Friend F\" from \"{here}\" to \"{there}\""
    ));
    // The card itself isn't covered, and cards elsewhere may still move in.
    t.assert_offered(&format!(
        "move \"Blue Friend LOCK\" from \"{here}\" to home"
    ));
    t.assert_offered(&format!("move \"Blue Friend H\" from home to \"{here}\""));
}

#[test]
fn r104_2_friends_that_cant_be_played_to_a_problem_are_offered_elsewhere() {
    let guard = with(
        friend("GUARD", Orange, 1, 1, 0),
        vec![prohibit(Prohibition::PlayHere {
            cards: Cards {
                power_at_most: Some(2),
                ..friends()
            },
            by: Who::Opponent,
            on: None,
        })],
    );
    let t = board(
        deck(
            "A",
            Blue,
            vec![friend("SMALL", Blue, 2, 1, 0), friend("BIG", Blue, 3, 1, 0)],
            5,
        ),
        deck("B", Orange, vec![guard], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "SMALL");
            to_hand(b, P1, "BIG");
            place(b, P2, "GUARD", Area::Problem(P1));
            b.set_tokens(P1, 5);
        },
    );
    let here = problem_title(&t, Area::Problem(P1));
    let there = problem_title(&t, Area::Problem(P2));
    t.assert_not_offered(&format!("play \"Blue Friend SMALL\" to \"{here}\""));
    t.assert_offered(&format!("play \"Blue Friend SMALL\" to \"{there}\""));
    t.assert_offered("play \"Blue Friend SMALL\" to home");
    t.assert_offered(&format!("play \"Blue Friend BIG\" to \"{here}\""));
}

#[test]
fn r104_3_a_card_that_cant_be_dismissed_is_still_dismissed_by_the_game() {
    let shield = with(
        friend("SHIELD", Blue, 1, 1, 0),
        vec![prohibit(Prohibition::BeDismissed(Some(Cards {
            place: Some(Place::Here),
            ..friends()
        })))],
    );
    let (mut s, mut f) = (None, None);
    let mut t = board(
        deck("A", Blue, vec![shield, friend("F", Blue, 1, 1, 0)], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            s = Some(place(b, P1, "SHIELD", Area::Problem(P1)));
            f = Some(place(b, P1, "F", Area::Problem(P1)));
        },
    );
    let (s, f) = (s.unwrap(), f.unwrap());
    assert!(t.g.dismiss_prohibited(f));
    assert!(!t.g.can_happen(Occurrence::Dismiss {
        card: f,
        by_game: false
    }));
    // 104.2a: a cost needing it can't be paid either.
    assert!(!t.g.can_happen(Occurrence::Dismiss {
        card: s,
        by_game: false
    }));
    assert!(
        t.g.can_happen(Occurrence::Retire(f)),
        "retiring isn't dismissing"
    );
    assert!(t.g.perform(Occurrence::Dismiss {
        card: f,
        by_game: true
    }));
    assert_eq!(t.g.card(f).zone, ponyccg_core::Zone::Discard);
}

#[test]
fn r611_1_a_player_who_cant_confront_there_doesnt_meet_the_requirements() {
    let wall = with(
        friend("WALL", Orange, 1, 1, 0),
        vec![prohibit(Prohibition::Confront {
            by: Who::Opponent,
            unless_characters: 3,
        })],
    );
    let big = |n: &str| friend(n, Blue, 3, 1, 0);
    let (mut a, mut third) = (None, None);
    let mut t = board(
        deck("A", Blue, vec![big("X"), big("Y"), big("Z")], 5),
        deck("B", Orange, vec![wall], 5),
        StartAt::MainPhase,
        |b| {
            a = Some(place(b, P1, "X", Area::Problem(P2)));
            place(b, P1, "Y", Area::Problem(P2));
            third = Some(place(b, P1, "Z", Area::Home(P1)));
            place(b, P2, "WALL", Area::Problem(P2));
            b.set_tokens(P1, 5);
        },
    );
    let _ = a;
    // Two characters with 6 power would meet the 5 wild power, but that's not enough here.
    assert!(t.g.confront_prohibited(P1, Area::Problem(P2)));
    assert!(!t.g.meets_confront_requirements(P1, Area::Problem(P2)));
    assert!(
        !t.g.confront_prohibited(P2, Area::Problem(P2)),
        "only opponents"
    );
    let there = problem_title(&t, Area::Problem(P2));
    t.choose(
        P1,
        &format!("move \"Blue Friend Z\" from home to \"{there}\""),
    );
    assert!(t.g.meets_confront_requirements(P1, Area::Problem(P2)));
    let _ = third;
}

fn need(n: i16, color_needed: Option<(Color, u16)>) -> CardDef {
    with(
        friend("NEED", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Cost(Box::new(CostChange {
                action: CostedAction::Confront,
                payer: Who::You,
                cards: None,
                at: CostPlace::Here,
                on: None,
                amount: n,
                times: None,
                against: None,
                minimum: None,
            })),
            condition: color_needed.map(|(c, x)| Condition::PowerOfColor(c, x)),
        }],
    )
}

#[test]
fn r611_2_a_players_own_card_can_lower_what_they_need_to_confront() {
    // The opposing Problem needs 5 wild power; P1 has 4 there with the lowering card, and
    // 5 Blue power in play counting the Mane Character at home.
    let build = |n: i16, cond: Option<(Color, u16)>| {
        board(
            deck(
                "A",
                Blue,
                vec![need(n, cond), friend("T", Blue, 3, 1, 0)],
                5,
            ),
            deck("B", Orange, vec![], 5),
            StartAt::MainPhase,
            |b| {
                place(b, P1, "NEED", Area::Problem(P2));
                place(b, P1, "T", Area::Problem(P2));
            },
        )
    };
    assert!(build(-1, None)
        .g
        .meets_confront_requirements(P1, Area::Problem(P2)));
    assert!(!build(0, None)
        .g
        .meets_confront_requirements(P1, Area::Problem(P2)));
    assert!(!build(-1, Some((Blue, 6)))
        .g
        .meets_confront_requirements(P1, Area::Problem(P2)));
    assert!(build(-1, Some((Blue, 5)))
        .g
        .meets_confront_requirements(P1, Area::Problem(P2)));
}

#[test]
fn r611_2_an_opposing_card_can_lower_what_a_player_needs_to_confront() {
    // The opposing Problem needs 5 wild power and P1 has 4 there; P2's card at that Problem
    // lowers what its opponents need by `n` (an Eccentric 1 Friend of P2 may stand there too).
    let build = |n: i16, eccentric: bool| {
        let ease = with(
            friend("EASE", Orange, 1, 1, 0),
            vec![Ability::Static {
                effect: StaticEffect::Cost(Box::new(CostChange {
                    action: CostedAction::Confront,
                    payer: Who::Opponent,
                    cards: None,
                    at: CostPlace::Here,
                    on: None,
                    amount: n,
                    times: None,
                    against: None,
                    minimum: None,
                })),
                condition: None,
            }],
        );
        let mut eccentric_friend = friend("EC", Orange, 1, 1, 0);
        eccentric_friend
            .face
            .keywords
            .push(ponyccg_core::card::Keyword::Eccentric(1));
        board(
            deck(
                "A",
                Blue,
                vec![friend("T", Blue, 3, 1, 0), friend("U", Blue, 1, 1, 0)],
                5,
            ),
            deck("B", Orange, vec![ease, eccentric_friend], 5),
            StartAt::MainPhase,
            |b| {
                place(b, P1, "T", Area::Problem(P2));
                place(b, P1, "U", Area::Problem(P2));
                place(b, P2, "EASE", Area::Problem(P2));
                if eccentric {
                    place(b, P2, "EC", Area::Problem(P2));
                }
            },
        )
    };
    let meets = |n: i16, eccentric: bool| {
        build(n, eccentric)
            .g
            .meets_confront_requirements(P1, Area::Problem(P2))
    };
    assert!(meets(-1, false), "5 - 1 wild power needed, 4 there");
    assert!(!meets(0, false));
    assert!(!meets(-1, true), "5 + 1 - 1 needed");
    assert!(meets(-2, true), "5 + 1 - 2 needed");
}

#[test]
fn r710_a_may_replacement_is_asked_for_each_card_an_effect_would_dismiss() {
    let saver = with(
        friend("SAVE", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Replace {
                cost: Vec::new(),
                then: Vec::new(),
                chooser: None,
                once: false,
                would: Would::BeDismissed(Subject::Any(Cards {
                    controller: Some(Who::You),
                    place: Some(Place::Here),
                    other: true,
                    ..friends()
                })),
                instead: Instead::ToDeckTop,
                optional: true,
            },
            condition: None,
        }],
    );
    let wipe = main_event(
        "WIPE",
        vec![Effect::Dismiss(Target::Each(Cards {
            controller: Some(Who::You),
            place: Some(Place::AtAProblem),
            ..friends()
        }))],
    );
    let (mut s, mut f, mut g) = (None, None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                saver,
                friend("F", Blue, 1, 1, 0),
                friend("G", Blue, 1, 1, 0),
                wipe,
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            f = Some(place(b, P1, "F", Area::Problem(P1)));
            g = Some(place(b, P1, "G", Area::Problem(P1)));
            s = Some(place(b, P1, "SAVE", Area::Problem(P1)));
            to_hand(b, P1, "WIPE");
            b.set_tokens(P1, 1);
        },
    );
    let (s, f, g) = (s.unwrap(), f.unwrap(), g.unwrap());
    let dismiss = |card| Occurrence::Dismiss {
        card,
        by_game: false,
    };
    assert_eq!(t.g.replacements(dismiss(f)), vec![s]);
    assert!(t.g.replacements(dismiss(s)).is_empty(), "not itself");
    t.choose(P1, "play \"Event WIPE\"");
    // One question per card the replacement covers, in play order.
    t.choose(P1, "yes");
    assert_eq!(t.g.card(f).zone, ponyccg_core::Zone::DrawDeck);
    assert_eq!(t.g.player(P1).deck.last(), Some(&f), "on top");
    t.choose(P1, "no");
    assert_eq!(t.g.card(g).zone, ponyccg_core::Zone::Discard);
    assert_eq!(t.g.card(s).zone, ponyccg_core::Zone::Discard);
}

#[test]
fn r104_3_the_games_own_dismissal_is_not_replaced() {
    let saver = with(
        friend("SAVE", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Replace {
                cost: Vec::new(),
                then: Vec::new(),
                chooser: None,
                once: false,
                would: Would::BeDismissed(Subject::Any(friends())),
                instead: Instead::ToDeckTop,
                optional: true,
            },
            condition: None,
        }],
    );
    let mut f = None;
    let mut t = board(
        deck("A", Blue, vec![saver, friend("F", Blue, 1, 1, 0)], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "SAVE", Area::Home(P1));
            f = Some(place(b, P1, "F", Area::Home(P1)));
        },
    );
    let f = f.unwrap();
    let by_game = Occurrence::Dismiss {
        card: f,
        by_game: true,
    };
    assert!(t.g.replacements(by_game).is_empty());
    assert_eq!(
        t.g.replacements(Occurrence::Dismiss {
            card: f,
            by_game: false
        })
        .len(),
        1,
        "an effect's dismissal would be replaced"
    );
    assert!(t.g.perform(by_game));
    assert_eq!(t.g.card(f).zone, ponyccg_core::Zone::Discard);
}
