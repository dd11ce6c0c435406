//! Dilemmas (522) and control changes (513.6, 513.7), with synthetic cards.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::{InPlay, StartAt};
use ponyccg_core::card::{
    CardDef, CardType, Color::*, OpponentReq, ProblemFacts, ReqColor, Requirement,
};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Event, Zone};

/// A Dilemma: printed as a Resource (cost 1, power 4) with the Dilemma trait, and
/// confront requirements of `own` wild power for its area's owner, `theirs` for others.
fn dilemma(number: &str, own: u16, theirs: u16) -> CardDef {
    let mut d = resource(number, Blue, 4, 1);
    d.title = format!("Dilemma {number}");
    d.face.traits.push("Dilemma".into());
    d.problem = Some(ProblemFacts {
        owner: vec![Requirement {
            color: ReqColor::Wild,
            power: own,
        }],
        opponent: OpponentReq::Wild(theirs),
        bonus: 1,
    });
    d
}

fn dilemmas() -> Cards {
    Cards {
        trait_: Some("Dilemma".into()),
        ..Cards::default()
    }
}

fn friends(controller: Who) -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        controller: Some(controller),
        ..Cards::default()
    }
}

#[test]
fn r522_2_a_dilemma_enters_play_at_its_own_area_in_addition_to_the_others() {
    let mut t = board(
        deck("A", Blue, vec![dilemma("DIL", 2, 6)], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "DIL");
            b.set_tokens(P1, 3);
        },
    );
    let dil = t.g.player(P1).hand[0];
    // A Resource would go home (305.1a); a Dilemma goes to an area of its own.
    t.choose(P1, "play \"Dilemma DIL\"");
    assert_eq!(t.g.card(dil).zone, Zone::Play);
    assert_eq!(t.g.card(dil).area, Some(Area::Dilemma(dil)));
    assert!(!t.g.at(Area::Home(P1)).any(|c| c == dil));
    // 522.2a: the players' Problem areas are still there, with the new one besides.
    let areas: Vec<Area> = t.g.problem_areas().collect();
    assert_eq!(
        areas,
        vec![Area::Problem(P1), Area::Problem(P2), Area::Dilemma(dil)]
    );
    assert_eq!(t.g.problem_at(Area::Dilemma(dil)), Some(dil));
    // Characters can be moved there like to any Problem.
    t.assert_offered("move \"Blue Mane AM\" from home to \"Dilemma DIL\"");
}

#[test]
fn r522_1_a_dilemma_in_play_loses_its_other_types() {
    // "Dismiss each Resource" dismisses a Resource at home but not the Dilemma, which is
    // printed as a Resource but is only a Problem while in play.
    let ev = main_event(
        "EV",
        vec![Effect::Dismiss(Target::Each(Cards {
            card_type: Some(CardKind::Type(CardType::Resource)),
            ..Cards::default()
        }))],
    );
    let mut dil = None;
    let mut res = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![dilemma("DIL", 2, 6), resource("RES", Blue, 1, 1), ev],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            dil = Some(place(b, P1, "DIL", Area::Home(P1)));
            res = Some(place(b, P1, "RES", Area::Home(P1)));
            to_hand(b, P1, "EV");
            b.set_tokens(P1, 3);
        },
    );
    let (dil, res) = (dil.unwrap(), res.unwrap());
    assert_eq!(t.g.card_type(dil), CardType::Problem);
    assert_eq!(t.g.power(dil), None, "a Problem has no power (202.2)");
    t.choose(P1, "play \"Event EV\"");
    assert_eq!(t.g.card(res).zone, Zone::Discard);
    assert_eq!(t.g.card(dil).zone, Zone::Play);
    assert_eq!(t.g.card(dil).area, Some(Area::Dilemma(dil)));
}

#[test]
fn r522_2b_a_dilemmas_area_is_owned_by_its_controller() {
    // P2's Dilemma: P2 needs its owner's side (2), P1 the opponents' side (6).
    let mut dil = None;
    let t = board(
        deck("A", Blue, vec![friend("F3", Blue, 3, 1, 0)], 5),
        deck(
            "B",
            Orange,
            vec![dilemma("DIL", 2, 6), friend("G3", Orange, 3, 1, 0)],
            5,
        ),
        StartAt::MainPhase,
        |b| {
            let d = place(b, P2, "DIL", Area::Home(P2));
            place(b, P1, "F3", Area::Dilemma(d));
            place(b, P2, "G3", Area::Dilemma(d));
            dil = Some(d);
        },
    );
    let area = Area::Dilemma(dil.unwrap());
    assert_eq!(t.g.area_owner(area), Some(P2));
    assert!(t.g.meets_confront_requirements(P2, area));
    assert!(!t.g.meets_confront_requirements(P1, area));
}

#[test]
fn r522_3_a_dilemmas_area_ceases_to_exist_when_it_leaves_play() {
    let ev = main_event("EV", vec![Effect::Dismiss(Target::Choose(dilemmas()))]);
    let mut ids = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![dilemma("DIL", 2, 6), friend("F", Blue, 1, 1, 0), ev],
            5,
        ),
        deck(
            "B",
            Orange,
            vec![
                friend("G", Orange, 1, 1, 0),
                troublemaker("TM", 2, 1, false),
            ],
            5,
        ),
        StartAt::MainPhase,
        |b| {
            let d = place(b, P1, "DIL", Area::Home(P1));
            let f = place(b, P1, "F", Area::Dilemma(d));
            let g = place(b, P2, "G", Area::Dilemma(d));
            let tm = place_with(
                b,
                P2,
                "TM",
                Area::Dilemma(d),
                InPlay {
                    face_down: true,
                    ..InPlay::default()
                },
            );
            to_hand(b, P1, "EV");
            b.set_tokens(P1, 3);
            ids = Some((d, f, g, tm));
        },
    );
    let (d, f, g, tm) = ids.unwrap();
    let problem_deck = t.g.player(P1).problem_deck.len();
    t.choose(P1, "play \"Event EV\"");
    assert_eq!(t.g.card(d).zone, Zone::Discard);
    // 511.5: characters there go to their controllers' homes; 511.6: other cards there
    // are dismissed by the game.
    assert_eq!(t.g.card(f).area, Some(Area::Home(P1)));
    assert_eq!(t.g.card(g).area, Some(Area::Home(P2)));
    assert_eq!(t.g.card(tm).zone, Zone::Discard);
    assert!(t.g.area_gone(Area::Dilemma(d)));
    // No Problem replaces it (an exception to 613.2).
    assert_eq!(
        t.g.problem_areas().collect::<Vec<_>>(),
        vec![Area::Problem(P1), Area::Problem(P2)]
    );
    assert_eq!(t.g.player(P1).problem_deck.len(), problem_deck);
}

#[test]
fn r522_3a_a_dilemma_that_would_go_to_a_problem_deck_goes_to_the_discard_pile() {
    // Returning a Problem to a hand puts it under its Problem deck instead (303.3); a
    // Dilemma goes to its owner's discard pile instead of that.
    let ev = main_event("EV", vec![Effect::ReturnToHand(Target::Choose(dilemmas()))]);
    let mut dil = None;
    let mut t = board(
        deck("A", Blue, vec![ev], 5),
        deck("B", Orange, vec![dilemma("DIL", 2, 6)], 5),
        StartAt::MainPhase,
        |b| {
            dil = Some(place(b, P2, "DIL", Area::Home(P2)));
            to_hand(b, P1, "EV");
            b.set_tokens(P1, 3);
        },
    );
    let dil = dil.unwrap();
    let problems = t.g.player(P2).problem_deck.len();
    t.choose(P1, "play \"Event EV\"");
    assert_eq!(t.g.card(dil).zone, Zone::Discard);
    assert!(t.g.player(P2).discard.contains(&dil));
    assert_eq!(t.g.player(P2).problem_deck.len(), problems);
    assert!(!t.g.player(P2).hand.contains(&dil));
}

#[test]
fn r522_3a_a_solved_dilemma_goes_to_the_discard_pile_and_nothing_replaces_it() {
    // Both players meet their requirements at P1's Dilemma: a Problem faceoff there
    // solves it (613.1); replacing it puts it in the discard pile (522.3a).
    let mut ids = None;
    let t = board(
        // P1 flips a 5 first, so the faceoff has a winner and the Problem is solved.
        deck(
            "A",
            Blue,
            vec![
                dilemma("DIL", 2, 2),
                friend("F3", Blue, 3, 1, 0),
                friend("BIG", Blue, 5, 1, 0),
            ],
            8,
        ),
        deck("B", Orange, vec![friend("G3", Orange, 3, 1, 0)], 8),
        StartAt::ScorePhase,
        |b| {
            let d = place(b, P1, "DIL", Area::Home(P1));
            let f = place(b, P1, "F3", Area::Dilemma(d));
            let g = place(b, P2, "G3", Area::Dilemma(d));
            ids = Some((d, f, g));
        },
    );
    let (d, f, g) = ids.unwrap();
    assert!(t.g.player(P1).score >= 1, "P1 confronted the Dilemma");
    assert_eq!(t.g.card(d).zone, Zone::Discard);
    assert!(t.g.player(P1).discard.contains(&d));
    assert_eq!(t.g.card(f).area, Some(Area::Home(P1)));
    assert_eq!(t.g.card(g).area, Some(Area::Home(P2)));
    assert_eq!(
        t.g.problem_areas().collect::<Vec<_>>(),
        vec![Area::Problem(P1), Area::Problem(P2)]
    );
}

fn confront_at_dilemma(power: i16) -> (ponyccg_core::Game, ponyccg_core::CardId) {
    let mut dil = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![dilemma("DIL", 3, 9), friend("F", Blue, power, 1, 0)],
            8,
        ),
        deck("B", Orange, vec![], 8),
        StartAt::ScorePhase,
        |b| {
            let d = place(b, P1, "DIL", Area::Home(P1));
            place(b, P1, "F", Area::Dilemma(d));
            dil = Some(d);
        },
    );
    let _ = t.g.take_events();
    (t.g, dil.unwrap())
}

#[test]
fn r522_players_confront_a_dilemma_with_its_own_requirements() {
    let (g, dil) = confront_at_dilemma(3);
    assert_eq!(g.player(P1).score, 1);
    assert_eq!(
        g.card(dil).zone,
        Zone::Play,
        "confronting alone doesn't solve it"
    );
    let (g, _) = confront_at_dilemma(2);
    assert_eq!(
        g.player(P1).score,
        0,
        "2 power doesn't meet a requirement of 3"
    );
}

#[test]
fn r522_a_confronted_dilemma_is_named_in_the_confront_event() {
    let mut dil = None;
    let setup = |b: &mut ponyccg_core::board::Board| {
        let d = place(b, P1, "DIL", Area::Home(P1));
        place(b, P1, "F", Area::Dilemma(d));
        dil = Some(d);
    };
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![dilemma("DIL", 1, 9), friend("F", Blue, 1, 1, 0)],
            8,
        ),
        deck("B", Orange, vec![], 8),
        StartAt::ScorePhase,
        setup,
    );
    let dil = dil.unwrap();
    let events = t.g.take_events();
    assert!(events.iter().any(
        |e| matches!(e, Event::Confronted { player, problem } if *player == P1 && *problem == dil)
    ));
}

/// P1 plays an Event doing `effects`; P1 has Friend F (power 1) at home, P2 Friend G
/// (power 1) at home. Returns the game after the Event and (F, G).
fn control_event(
    effects: Vec<Effect>,
    p2_has_friend: bool,
    extra: Vec<CardDef>,
) -> (T, ponyccg_core::CardId, Option<ponyccg_core::CardId>) {
    let ev = main_event("EV", effects);
    let mut ids = None;
    let mut draw = vec![friend("F", Blue, 1, 1, 0), ev];
    draw.extend(extra.iter().cloned());
    let t = board(
        deck("A", Blue, draw, 5),
        deck("B", Orange, vec![friend("G", Orange, 1, 1, 0)], 5),
        StartAt::MainPhase,
        |b| {
            let f = place(b, P1, "F", Area::Home(P1));
            let g = p2_has_friend.then(|| place(b, P2, "G", Area::Home(P2)));
            for d in &extra {
                place(b, P1, &d.number, Area::Home(P1));
            }
            to_hand(b, P1, "EV");
            b.set_tokens(P1, 3);
            ids = Some((f, g));
        },
    );
    let (f, g) = ids.unwrap();
    (t, f, g)
}

fn exchange() -> Effect {
    Effect::ExchangeControl {
        yours: Target::Choose(friends(Who::You)),
        theirs: Target::Choose(friends(Who::Opponent)),
        duration: Duration::EndOfTurn,
        chooser: None,
    }
}

#[test]
fn r513_7_an_exchange_of_control_that_cant_be_completed_doesnt_happen_at_all() {
    // P2 has no Friend to give: P1 keeps its own.
    let (mut t, f, _) = control_event(vec![exchange()], false, vec![]);
    t.choose(P1, "play \"Event EV\"");
    assert_eq!(t.g.card(f).controller, P1);
    assert_eq!(t.g.card(f).area, Some(Area::Home(P1)));
}

#[test]
fn r513_7_an_exchange_of_control_swaps_both_cards_at_once() {
    let (mut t, f, g) = control_event(vec![exchange()], true, vec![]);
    let g = g.unwrap();
    t.choose(P1, "play \"Event EV\"");
    assert_eq!(t.g.card(f).controller, P2);
    assert_eq!(t.g.card(g).controller, P1);
    // 511.5: each is now in a home other than its controller's, and is sent there.
    assert_eq!(t.g.card(f).area, Some(Area::Home(P2)));
    assert_eq!(t.g.card(g).area, Some(Area::Home(P1)));
    // Owners don't change (513.1).
    assert_eq!(t.g.card(f).owner, P1);
    assert_eq!(t.g.card(g).owner, P2);
}

#[test]
fn r513_6_your_cards_are_the_cards_you_control_after_gaining_control() {
    // P1's Resource gives P1's Friends +1 power; the Friend P1 takes gets it too.
    let boost = with(
        resource("BOOST", Blue, 1, 1),
        vec![Ability::Static {
            effect: StaticEffect::Power {
                cards: Some(friends(Who::You)),
                amount: Amount::N(1),
            },
            condition: None,
        }],
    );
    let gain = Effect::GainControl {
        target: Target::Choose(friends(Who::Opponent)),
        duration: Duration::Permanently,
    };
    let (mut t, _, g) = control_event(vec![gain], true, vec![boost]);
    let g = g.unwrap();
    assert_eq!(t.g.power(g), Some(1));
    t.choose(P1, "play \"Event EV\"");
    assert_eq!(t.g.card(g).controller, P1);
    assert_eq!(t.g.power(g), Some(2));
    assert_eq!(t.g.card(g).area, Some(Area::Home(P1)));
}

#[test]
fn r513_2_control_goes_back_when_its_duration_ends() {
    let gain = Effect::GainControl {
        target: Target::Choose(friends(Who::Opponent)),
        duration: Duration::EndOfTurn,
    };
    let (mut t, _, g) = control_event(vec![gain], true, vec![]);
    let g = g.unwrap();
    t.choose(P1, "play \"Event EV\"");
    assert_eq!(t.g.card(g).controller, P1);
    t.choose(P1, "end the Main Phase");
    while t.g.turn_player() == P1 && !t.g.is_over() {
        let p = t.who();
        let first = t.labels()[0].clone();
        t.choose(p, &first);
    }
    assert_eq!(t.g.card(g).controller, P2);
    assert_eq!(t.g.card(g).area, Some(Area::Home(P2)));
}

#[test]
fn r513_2_a_card_that_leaves_play_returns_to_its_owners_control() {
    let gain = Effect::GainControl {
        target: Target::Choose(friends(Who::Opponent)),
        duration: Duration::Permanently,
    };
    let dismiss = Effect::Dismiss(Target::Choose(friends(Who::You)));
    let (mut t, _, g) = control_event(vec![gain, dismiss], true, vec![]);
    let g = g.unwrap();
    t.choose(P1, "play \"Event EV\"");
    // Two Friends of P1's now: dismiss the one taken from P2.
    t.choose(P1, "choose \"Orange Friend G\" at P2's home");
    assert_eq!(t.g.card(g).zone, Zone::Discard);
    assert!(
        t.g.player(P2).discard.contains(&g),
        "to its owner's discard pile"
    );
    assert_eq!(t.g.card(g).controller, P2);
}
