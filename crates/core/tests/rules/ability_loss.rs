//! "Loses and can't have abilities" (`StaticEffect::LoseAbilities`): from a static
//! ability or as a modifier with a duration, in timestamp order (711.3).

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardDef, CardType, Color::*, Keyword};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, CardId, GameSetup, SetupError};

fn plus(n: i16) -> Ability {
    Ability::Static {
        effect: StaticEffect::Power {
            cards: None,
            amount: Amount::N(n),
        },
        condition: None,
    }
}

fn friends_here(opposing: bool) -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        place: Some(Place::Here),
        controller: opposing.then_some(Who::Opponent),
        ..Cards::default()
    }
}

fn silencer(cards: Cards) -> Ability {
    Ability::Static {
        effect: StaticEffect::LoseAbilities { cards: Some(cards) },
        condition: None,
    }
}

/// A Swift Friend with +2 power from its own static ability.
fn strong(number: &str, color: ponyccg_core::card::Color) -> CardDef {
    let mut d = with(friend(number, color, 1, 1, 0), vec![plus(2)]);
    d.face.keywords = vec![Keyword::Swift];
    d
}

#[test]
fn losing_abilities_removes_static_abilities_and_keywords_of_the_cards_described_only() {
    let mut tm = troublemaker("TX", 3, 1, false);
    tm = with(tm, vec![silencer(friends_here(false))]);
    let mut ids: Vec<CardId> = Vec::new();
    let t = board(
        deck("A", Blue, vec![strong("S1", Blue), strong("S2", Blue)], 5),
        deck("B", Orange, vec![tm], 5),
        StartAt::MainPhase,
        |b| {
            ids.push(place(b, P1, "S1", Area::Problem(P1)));
            ids.push(place(b, P1, "S2", Area::Home(P1)));
            ids.push(place(b, P2, "TX", Area::Problem(P1)));
        },
    );
    let [here, home, _] = ids[..] else {
        unreachable!()
    };
    assert!(t.g.lacks_abilities(here));
    assert_eq!(t.g.power(here), Some(1), "its +2 is gone");
    assert!(!t.g.has_keyword(here, |k| k == Keyword::Swift));
    assert!(!t.g.lacks_abilities(home));
    assert_eq!(t.g.power(home), Some(3));
    assert!(t.g.has_keyword(home, |k| k == Keyword::Swift));
}

#[test]
fn r711_3_of_two_cards_taking_each_others_abilities_the_earlier_one_applies() {
    let a = with(
        friend("A1", Blue, 1, 1, 0),
        vec![silencer(friends_here(true)), plus(1)],
    );
    let b = with(
        friend("B1", Orange, 1, 1, 0),
        vec![silencer(friends_here(true)), plus(1)],
    );
    let mut ids: Vec<CardId> = Vec::new();
    let t = board(
        deck("A", Blue, vec![a], 5),
        deck("B", Orange, vec![b], 5),
        StartAt::MainPhase,
        |bd| {
            ids.push(place(bd, P1, "A1", Area::Problem(P1)));
            ids.push(place(bd, P2, "B1", Area::Problem(P1)));
        },
    );
    let [first, second] = ids[..] else {
        unreachable!()
    };
    // The earlier card's ability applies first and takes the later card's away, so the
    // later card's never applies.
    assert!(t.g.lacks_abilities(second));
    assert!(!t.g.lacks_abilities(first));
    assert_eq!(t.g.power(first), Some(2));
    assert_eq!(t.g.power(second), Some(1));
}

#[test]
fn losing_abilities_until_the_end_of_the_turn_stops_its_triggered_abilities() {
    let hush = main_event(
        "HUSH",
        vec![Effect::Until {
            target: Target::Choose(Cards {
                card_type: Some(CardKind::Type(CardType::Friend)),
                controller: Some(Who::Opponent),
                ..Cards::default()
            }),
            effect: StaticEffect::LoseAbilities { cards: None },
            duration: Duration::EndOfTurn,
        }],
    );
    let mut mover = strong("MV", Orange);
    mover.face.abilities.push(draw_on(
        Trigger::on(Happening::Moved).card(TriggerCard::Any(Cards::default())),
        None,
    ));
    let mut ids: Vec<CardId> = Vec::new();
    let mut t = board(
        deck("A", Blue, vec![hush, friend("W", Blue, 1, 1, 0)], 5),
        deck("B", Orange, vec![mover], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "HUSH");
            ids.push(place(b, P1, "W", Area::Home(P1)));
            ids.push(place(b, P2, "MV", Area::Home(P2)));
            b.set_tokens(P1, 5);
        },
    );
    let [walker, mv] = ids[..] else {
        unreachable!()
    };
    assert_eq!(t.g.power(mv), Some(3));
    t.choose(P1, "play \"Event HUSH\"");
    assert!(t.g.lacks_abilities(mv));
    assert_eq!(t.g.power(mv), Some(1));
    let hand = t.g.player(P2).hand.len();
    let label = t
        .labels()
        .into_iter()
        .find(|l| l.starts_with("move \"Blue Friend W\""))
        .expect("a move is offered");
    t.choose(P1, &label);
    assert_ne!(t.g.card(walker).area, Some(Area::Home(P1)));
    assert_eq!(
        t.g.player(P2).hand.len(),
        hand,
        "its trigger is gone this turn"
    );
}

#[test]
fn a_lose_abilities_ability_describing_cards_by_colour_is_refused_as_the_game_is_built() {
    let bad = with(
        friend("BAD", Blue, 1, 1, 0),
        vec![silencer(Cards {
            color: Some(Orange),
            ..Cards::default()
        })],
    );
    assert!(ponyccg_core::rules::ability_loss::check(&bad.face.abilities[0]).is_err());
    let setup = GameSetup {
        seed: 1,
        players: vec![deck("A", Blue, vec![bad], 5), deck("B", Orange, vec![], 5)],
    };
    match ponyccg_core::Game::new(&setup) {
        Err(SetupError::BadScript { number, .. }) => assert_eq!(number, "BAD"),
        other => panic!("expected a refusal, got {:?}", other.err()),
    }
}
