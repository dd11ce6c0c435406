//! Looking at the top of a deck and putting the cards back in a chosen order, revealing
//! and taking one, Inspired and Meticulous (glossary), discounts on the next card played,
//! costs scoped to a place, and points scored with a card (517.2).

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardDef, CardType, Color::*};
use ponyccg_core::testkit::*;
use ponyccg_core::{CardId, Prompt};

fn look(count: i16, back: PutBack) -> Effect {
    Effect::LookAt {
        deck: DeckRef::Yours,
        count: Amount::N(count),
        reveal: false,
        take: None,
        back,
    }
}

/// The top `n` cards of P1's deck, top first.
fn top(t: &T, n: usize) -> Vec<CardId> {
    t.g.player(P1).deck.iter().rev().take(n).copied().collect()
}

fn name(t: &T, c: CardId) -> String {
    t.g.name(c)
}

/// P1 holds `hand` (one of `p1_draw`); the rest of `p1_draw` and three distinct Friends
/// (X1-X3) make up P1's deck.
fn board_with(mut p1_draw: Vec<CardDef>, hand: &str) -> T {
    for x in ["X1", "X2", "X3"] {
        p1_draw.push(friend(x, Blue, 1, 1, 0));
    }
    board(
        deck("A", Blue, p1_draw, 0),
        deck("B", Orange, vec![], 6),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, hand);
            b.set_tokens(P1, 3);
        },
    )
}

#[test]
fn look_at_top_cards_and_put_them_back_on_top_one_at_a_time() {
    let mut t = board_with(
        vec![main_event("LOOK", vec![look(2, PutBack::Top)])],
        "LOOK",
    );
    let before = top(&t, 3);
    t.choose(P1, "play \"Event LOOK\"");
    let d = t.g.decision().unwrap();
    assert_eq!(d.prompt, Prompt::Arrange);
    // Only the top two are looked at, and only the looking player sees them.
    assert_eq!(t.g.looking_at(P1), before[..2].to_vec());
    assert!(t.g.looking_at(P2).is_empty());
    assert!(t.g.is_visible_to(before[0], P1));
    assert!(!t.g.is_visible_to(before[0], P2));
    assert!(!t.g.is_visible_to(before[2], P1));
    assert_not_offered_name(&t, &name(&t, before[2]));
    // The top card goes back first; the second, placed last, ends on top.
    let first = format!("put \"{}\" on top", name(&t, before[0]));
    t.choose(P1, &first);
    let after = top(&t, 3);
    assert_eq!(t.g.player(P1).deck.len(), 3);
    assert_eq!(name(&t, after[0]), name(&t, before[1]));
    assert_eq!(name(&t, after[1]), name(&t, before[0]));
    assert_eq!(after[2], before[2]);
    assert!(t.g.looking_at(P1).is_empty(), "the look is over");
}

fn assert_not_offered_name(t: &T, n: &str) {
    assert!(
        !t.labels().iter().any(|l| l.contains(n)),
        "{n} should not be offered: {:?}",
        t.labels()
    );
}

#[test]
fn revealed_cards_are_seen_by_everyone_and_one_that_fits_may_be_taken() {
    let reveal = Effect::LookAt {
        deck: DeckRef::Yours,
        count: Amount::N(3),
        reveal: true,
        take: Some(Cards {
            power_at_least: Some(1),
            title: Some("X2".into()),
            ..Cards::default()
        }),
        back: PutBack::TopOrBottom,
    };
    let mut t = board_with(vec![main_event("SHOW", vec![reveal])], "SHOW");
    let before = top(&t, 3);
    t.choose(P1, "play \"Event SHOW\"");
    assert_eq!(t.g.looking_at(P2), before, "revealed to the opponent too");
    assert!(t.g.is_visible_to(before[0], P2));
    // Only the card that fits may be taken, or none.
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::Target);
    assert_eq!(t.labels().len(), 2, "{:?}", t.labels());
    t.choose(P1, "choose \"Blue Friend X2\"");
    assert_eq!(t.g.player(P1).hand.len(), 1);
    assert_eq!(name(&t, t.g.player(P1).hand[0]), "Blue Friend X2");
    // Each of the other two may go on the top or the bottom.
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::Arrange);
    assert_eq!(t.labels().len(), 4, "{:?}", t.labels());
    let other: Vec<CardId> = before
        .iter()
        .copied()
        .filter(|&c| name(&t, c) != "Blue Friend X2")
        .collect();
    let bottom = format!("put \"{}\" on the bottom", name(&t, other[0]));
    t.choose(P1, &bottom);
    let deck = &t.g.player(P1).deck;
    assert_eq!(deck.len(), 2);
    assert_eq!(deck[0], other[0], "on the bottom");
    assert_eq!(deck[1], other[1]);
}

fn with_keyword(mut d: CardDef, k: ponyccg_core::card::Keyword) -> CardDef {
    d.face.keywords.push(k);
    d
}

/// Runs P1's turn from its start until the first decision that is not a plain pass.
fn to_first_real_decision(t: &mut T) {
    while let Some(d) = t.g.decision() {
        if d.prompt != Prompt::Priority {
            break;
        }
        t.choose(t.who(), "pass");
    }
}

#[test]
fn inspired_looks_once_a_turn_at_one_opposing_card_per_inspired_card() {
    use ponyccg_core::card::Keyword::Inspired;
    let (i1, i2) = (
        with_keyword(friend("I1", Blue, 1, 1, 0), Inspired),
        with_keyword(friend("I2", Blue, 1, 1, 0), Inspired),
    );
    let mut t = board(
        deck("A", Blue, vec![i1, i2], 4),
        deck(
            "B",
            Orange,
            vec![
                friend("Y1", Orange, 1, 1, 0),
                friend("Y2", Orange, 1, 1, 0),
                friend("Y3", Orange, 1, 1, 0),
            ],
            0,
        ),
        StartAt::TurnStart,
        |b| {
            place(b, P1, "I1", ponyccg_core::Area::Home(P1));
            place(b, P1, "I2", ponyccg_core::Area::Problem(P1));
        },
    );
    to_first_real_decision(&mut t);
    let before: Vec<CardId> = t.g.player(P2).deck.iter().rev().copied().collect();
    // Two Inspired cards: the top two of the opponent's deck, each to the top or bottom.
    let d = t.g.decision().unwrap();
    assert_eq!(d.prompt, Prompt::OrderTriggers, "{:?}", t.labels());
    t.choose(P1, "resolve \"Blue Friend I1\" first");
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::Arrange);
    assert_eq!(t.g.looking_at(P1), before[..2].to_vec());
    assert_eq!(t.labels().len(), 4, "{:?}", t.labels());
    t.choose(
        P1,
        &format!("put \"{}\" on the bottom", name(&t, before[0])),
    );
    t.choose(P1, &format!("put \"{}\" on top", name(&t, before[1])));
    // The second Inspired card's look finds the turn's look used.
    assert_ne!(t.g.decision().unwrap().prompt, Prompt::Arrange);
    let after: Vec<CardId> = t.g.player(P2).deck.iter().rev().copied().collect();
    assert_eq!(after, vec![before[1], before[2], before[0]]);
}

#[test]
fn meticulous_may_look_at_your_top_cards_at_the_start_of_your_turn() {
    use ponyccg_core::card::Keyword::Meticulous;
    let m = with_keyword(friend("MET", Blue, 1, 1, 0), Meticulous(2));
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![m, friend("X1", Blue, 1, 1, 0), friend("X2", Blue, 1, 1, 0)],
            0,
        ),
        deck("B", Orange, vec![], 4),
        // From the end of P2's turn, so P1's turn begins (the Meticulous trigger).
        StartAt::EndPhase,
        |b| {
            place(b, P1, "MET", ponyccg_core::Area::Home(P1));
            b.set_turn(4, P2, P1);
        },
    );
    to_first_real_decision(&mut t);
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::May);
    t.choose(P1, "yes");
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::Arrange);
    let looked = t.g.looking_at(P1);
    assert_eq!(looked, vec![t.g.player(P1).deck[1], t.g.player(P1).deck[0]]);
    assert_eq!(t.labels().len(), 4, "{:?}", t.labels());
    let top_card = looked[0];
    t.choose(P1, &format!("put \"{}\" on the bottom", name(&t, top_card)));
    assert_eq!(
        t.g.player(P1).deck[0],
        top_card,
        "the old top card is now at the bottom"
    );
}

#[test]
fn r705_2b_a_next_card_discount_waits_for_a_card_that_fits_and_is_used_up_by_it() {
    let disc = main_event(
        "DISC",
        vec![Effect::Discount {
            cards: Cards {
                card_type: Some(CardKind::Type(CardType::Friend)),
                ..Cards::default()
            },
            amount: 2,
            faceoff: false,
        }],
    );
    let (mut f1, mut f2, mut r) = (None, None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                disc,
                friend("F1", Blue, 1, 3, 0),
                friend("F2", Blue, 1, 3, 0),
                resource("R", Blue, 1, 3),
            ],
            3,
        ),
        deck("B", Orange, vec![], 3),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "DISC");
            f1 = Some(to_hand(b, P1, "F1"));
            f2 = Some(to_hand(b, P1, "F2"));
            r = Some(to_hand(b, P1, "R"));
            b.set_tokens(P1, 9);
        },
    );
    let (f1, f2, r) = (f1.unwrap(), f2.unwrap(), r.unwrap());
    t.choose(P1, "play \"Event DISC\"");
    assert_eq!(t.g.play_cost(P1, f1), 1);
    assert_eq!(t.g.play_cost(P1, r), 3, "a Resource doesn't fit");
    t.choose(P1, "play \"Resource R\"");
    assert_eq!(t.g.tokens(P1), 6);
    assert_eq!(t.g.play_cost(P1, f1), 1, "still waiting for a Friend");
    t.choose(P1, "play \"Blue Friend F1\" to home");
    assert_eq!(t.g.tokens(P1), 5);
    assert_eq!(t.g.play_cost(P1, f2), 3, "used up by the first Friend");
}

#[test]
fn r508_1e_a_troublemaker_played_for_free_costs_nothing() {
    let free = main_event("FREE", vec![Effect::PlayTroublemakerFree]);
    let mut tm = None;
    let mut t = board(
        deck("A", Blue, vec![free, troublemaker("TM", 2, 1, false)], 3),
        deck("B", Orange, vec![], 3),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "FREE");
            tm = Some(to_hand(b, P1, "TM"));
            b.set_tokens(P1, 0);
        },
    );
    t.choose(P1, "play \"Event FREE\"");
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::ChooseProblem);
    let label = t.labels()[1].clone();
    t.choose(P1, &label);
    let tm = tm.unwrap();
    assert_eq!(t.g.card(tm).zone, ponyccg_core::Zone::Play);
    assert!(t.g.card(tm).face_down);
    assert_eq!(t.g.card(tm).area, Some(ponyccg_core::Area::Problem(P2)));
    assert_eq!(t.g.tokens(P1), 0);
}

#[test]
fn r705_2b_a_cost_scoped_to_a_place_applies_only_to_cards_played_there() {
    // Opponents pay 2 more to play Friends to this card's area.
    let wall = with(
        friend("WALL", Orange, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Cost(Box::new(CostChange {
                action: CostedAction::Play,
                payer: Who::Opponent,
                cards: Some(Cards {
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    ..Cards::default()
                }),
                at: CostPlace::Here,
                on: None,
                amount: 2,
                times: None,
                against: None,
                minimum: None,
            })),
            condition: None,
        }],
    );
    let mut f = None;
    let mut t = board(
        deck("A", Blue, vec![friend("F", Blue, 1, 1, 0)], 3),
        deck("B", Orange, vec![wall, friend("G", Orange, 1, 1, 0)], 3),
        StartAt::MainPhase,
        |b| {
            place(b, P2, "WALL", ponyccg_core::Area::Problem(P1));
            f = Some(to_hand(b, P1, "F"));
            b.set_tokens(P1, 2);
        },
    );
    let f = f.unwrap();
    use ponyccg_core::Area::*;
    assert_eq!(t.g.play_cost_at(P1, f, Problem(P1), None), 3);
    assert_eq!(t.g.play_cost_at(P1, f, Problem(P2), None), 1);
    assert_eq!(t.g.play_cost_at(P1, f, Home(P1), None), 1);
    assert_eq!(t.g.play_cost(P1, f), 1, "the printed cost is unchanged");
    let to_wall = t
        .labels()
        .into_iter()
        .filter(|l| l.starts_with("play \"Blue Friend F\""))
        .count();
    assert_eq!(to_wall, 2, "home and P2's Problem only: {:?}", t.labels());
    t.choose(P1, "play \"Blue Friend F\" to home");
    assert_eq!(t.g.tokens(P1), 1);
}

#[test]
fn r517_2_confronting_scores_with_the_characters_at_that_problem() {
    // Gains 5 tokens once 2 or more points were scored with it this Score Phase.
    let watcher = with(
        friend("W", Blue, 3, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::ScoresWith)
                .by(Actor::You)
                .card(TriggerCard::This),
            condition: Some(Condition::ScoredThisPhase(2)),
            optional: false,
            cost: vec![],
            effects: vec![Effect::GainTokens {
                who: Who::You,
                amount: Amount::N(5),
            }],
        }],
    );
    let (mut w, mut o, mut h) = (None, None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                watcher,
                friend("O", Orange, 1, 1, 0),
                friend("H", Blue, 1, 1, 0),
            ],
            4,
        ),
        deck("B", Orange, vec![], 4),
        StartAt::MainPhase,
        |b| {
            w = Some(place(b, P1, "W", ponyccg_core::Area::Problem(P1)));
            o = Some(place(b, P1, "O", ponyccg_core::Area::Problem(P1)));
            h = Some(place(b, P1, "H", ponyccg_core::Area::Home(P1)));
            b.set_tokens(P1, 1);
        },
    );
    let _ = t.g.take_events();
    t.choose(P1, "end the Main Phase");
    let events = t.g.take_events();
    let with_card = |c: CardId| {
        events
            .iter()
            .any(|e| matches!(e, ponyccg_core::Event::ScoredWith { card, points: 1 } if *card == c))
    };
    assert_eq!(t.g.player(P1).score, 1);
    assert!(with_card(w.unwrap()) && with_card(o.unwrap()));
    assert!(!with_card(h.unwrap()), "not at that Problem");
    // One point is not two: the watcher's condition does not hold.
    assert!(t.g.tokens(P1) <= 1, "tokens: {}", t.g.tokens(P1));
}
