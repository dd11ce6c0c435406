//! Pieces the Canterlot Nights Limited Mane Characters need: a trigger on the controller
//! playing a card of a type (an Event; a Resource on a host that fits) and the host of
//! the card the trigger is about, a token cost lowered per card that fits, a reveal whose
//! leftovers go to the discard pile, and moving to a Problem where a card fits.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardDef, CardType, Color::*};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Prompt, Zone};

fn your_friends() -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        controller: Some(Who::You),
        ..Cards::default()
    }
}

/// A Friend that gains a token whenever its controller plays a card of `card_type`.
fn watcher(number: &str, card_type: CardType, on: Option<Cards>, effects: Vec<Effect>) -> CardDef {
    with(
        friend(number, Blue, 1, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::Played)
                .by(Actor::You)
                .card(TriggerCard::Any(Cards {
                    card_type: Some(CardKind::Type(card_type)),
                    attached_to: on.map(Box::new),
                    ..Cards::default()
                })),
            condition: None,
            optional: false,
            cost: vec![],
            effects,
        }],
    )
}

fn gain_one() -> Vec<Effect> {
    vec![Effect::GainTokens {
        who: Who::You,
        amount: Amount::N(1),
    }]
}

/// A Resource played on a Friend, doing nothing else.
fn pin(number: &str, host: Cards) -> CardDef {
    with(resource(number, Blue, 1, 1), vec![Ability::Attach(host)])
}

#[test]
fn r705_2g_playing_an_event_triggers_you_play_an_event_but_a_friend_does_not() {
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                watcher("W", CardType::Event, None, gain_one()),
                main_event("E", vec![]),
                friend("F", Blue, 1, 1, 0),
            ],
            5,
        ),
        deck("B", Orange, vec![], 6),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "W", Area::Home(P1));
            to_hand(b, P1, "E");
            to_hand(b, P1, "F");
            b.set_tokens(P1, 2);
        },
    );
    t.choose(P1, "play \"Blue Friend F\" to home");
    assert_eq!(t.g.tokens(P1), 1, "a Friend is no Event");
    t.choose(P1, "play \"Event E\"");
    assert_eq!(t.g.tokens(P1), 2, "the Event (costing 0) gave a token back");
}

#[test]
fn r509_2_a_resource_on_your_friend_triggers_and_its_host_is_that_friend() {
    let pump = vec![Effect::Until {
        target: Target::ItsHost,
        effect: StaticEffect::Power {
            cards: None,
            amount: Amount::N(2),
        },
        duration: Duration::EndOfTurn,
    }];
    let any_friend = Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        ..Cards::default()
    };
    let (mut w, mut f, mut o) = (None, None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                watcher("W", CardType::Resource, Some(your_friends()), pump),
                pin("R1", any_friend.clone()),
                pin("R2", any_friend),
                friend("F", Blue, 1, 1, 0),
            ],
            5,
        ),
        deck("B", Orange, vec![friend("O", Orange, 1, 1, 0)], 5),
        StartAt::MainPhase,
        |b| {
            w = Some(place(b, P1, "W", Area::Home(P1)));
            f = Some(place(b, P1, "F", Area::Home(P1)));
            o = Some(place(b, P2, "O", Area::Home(P2)));
            to_hand(b, P1, "R1");
            to_hand(b, P1, "R2");
            b.set_tokens(P1, 5);
        },
    );
    let (w, f, o) = (w.unwrap(), f.unwrap(), o.unwrap());
    // On an opposing Friend: the host doesn't fit, nothing triggers.
    t.choose(
        P1,
        "play \"Resource R1\" on \"Orange Friend O\" at P2's home",
    );
    assert_eq!(t.g.power(o), Some(1));
    assert_eq!(t.g.power(f), Some(1));
    // On P1's own Friend: that Friend (not the watcher, not the Resource) gets +2.
    t.choose(P1, "play \"Resource R2\" on \"Blue Friend F\" at home");
    assert_eq!(t.g.power(f), Some(3));
    assert_eq!(t.g.power(w), Some(1));
}

/// P1 has `n` Critter Friends at home, `tokens` tokens and a Friend whose Main Phase
/// ability costs 3 tokens less 1 per Critter Friend P1 controls.
fn critter_board(n: usize, tokens: u16) -> T {
    let critters = Cards {
        trait_: Some("Critter".into()),
        ..your_friends()
    };
    let user = with(
        friend("U", Blue, 1, 1, 0),
        vec![Ability::Activated {
            timing: Timing::Phase(PhaseName::Main),
            condition: None,
            cost: vec![Cost::TokensLessPer {
                amount: 3,
                per: critters,
            }],
            effects: vec![Effect::Draw {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let mut draw = vec![user];
    for i in 0..n {
        let mut c = friend(&format!("C{i}"), Blue, 1, 1, 0);
        c.face.traits = vec!["Critter".into()];
        draw.push(c);
    }
    let mut o = friend("OC", Orange, 1, 1, 0);
    o.face.traits = vec!["Critter".into()];
    board(
        deck("A", Blue, draw, 5),
        deck("B", Orange, vec![o], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "U", Area::Home(P1));
            for i in 0..n {
                place(b, P1, &format!("C{i}"), Area::Home(P1));
            }
            // An opposing Critter doesn't lower the cost.
            place(b, P2, "OC", Area::Home(P2));
            b.set_tokens(P1, tokens);
        },
    )
}

#[test]
fn r508_1d_a_token_cost_lowered_per_card_that_fits_never_below_none() {
    // One Critter: 2 tokens, more than P1 has.
    let t = critter_board(1, 1);
    t.assert_not_offered("use \"Blue Friend U\"");
    // Two: 1 token.
    let mut t = critter_board(2, 1);
    let hand = t.g.player(P1).hand.len();
    t.choose(P1, "use \"Blue Friend U\"");
    assert_eq!(t.g.tokens(P1), 0);
    assert_eq!(t.g.player(P1).hand.len(), hand + 1);
    // Four: nothing to pay.
    let mut t = critter_board(4, 1);
    t.choose(P1, "use \"Blue Friend U\"");
    assert_eq!(t.g.tokens(P1), 1);
}

#[test]
fn revealed_cards_left_over_go_to_the_discard_pile_and_the_friend_must_be_taken() {
    let dig = main_event(
        "DIG",
        vec![Effect::LookAt {
            deck: DeckRef::Yours,
            count: Amount::N(3),
            reveal: true,
            take: Some(Cards {
                card_type: Some(CardKind::Type(CardType::Friend)),
                ..Cards::default()
            }),
            back: PutBack::Discard,
        }],
    );
    // The deck, top first: Y, R, X, then Z.
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                dig,
                friend("Y", Blue, 2, 1, 0),
                resource("R", Blue, 1, 1),
                friend("X", Blue, 3, 1, 0),
                friend("Z", Blue, 1, 1, 0),
            ],
            0,
        ),
        deck("B", Orange, vec![], 6),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "DIG");
        },
    );
    let top: Vec<_> = t.g.player(P1).deck.iter().rev().take(4).copied().collect();
    let names: Vec<_> = top.iter().map(|&c| t.g.name(c)).collect();
    t.choose(P1, "play \"Event DIG\"");
    // Two Friends among the three: a choice between them, with no way to decline.
    let d = t.g.decision().unwrap();
    assert_eq!(d.prompt, Prompt::Target);
    assert_eq!(t.labels().len(), 2, "{:?}", t.labels());
    let pick = t
        .labels()
        .into_iter()
        .find(|l| l.contains(&names[0]))
        .unwrap();
    t.choose(P1, &pick);
    assert_eq!(t.g.card(top[0]).zone, Zone::Hand);
    for &c in [top[1], top[2]].iter() {
        assert_eq!(t.g.card(c).zone, Zone::Discard, "{}", t.g.name(c));
    }
    assert_eq!(t.g.card(top[3]).zone, Zone::DrawDeck);
    assert!(t.g.looking_at(P1).is_empty());
}

#[test]
fn r506_moving_to_a_problem_where_a_card_fits_offers_only_those_problems() {
    let mut marker = friend("K", Blue, 1, 1, 0);
    marker.face.traits = vec!["Critter".into()];
    let hop = main_event(
        "HOP",
        vec![Effect::MoveToProblemWith {
            target: Target::Choose(Cards {
                place: Some(Place::AtHome),
                other: true,
                ..your_friends()
            }),
            condition: None,
            with: Cards {
                trait_: Some("Critter".into()),
                ..your_friends()
            },
        }],
    );
    let (mut m, mut k) = (None, None);
    let mut t = board(
        deck("A", Blue, vec![hop, marker, friend("M", Blue, 1, 1, 0)], 5),
        deck("B", Orange, vec![], 6),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "HOP");
            k = Some(place(b, P1, "K", Area::Problem(P2)));
            m = Some(place(b, P1, "M", Area::Home(P1)));
        },
    );
    let (m, k) = (m.unwrap(), k.unwrap());
    t.choose(P1, "play \"Event HOP\"");
    // One Friend at home and one Problem with a Critter: nothing to ask.
    assert_eq!(t.g.card(m).area, Some(Area::Problem(P2)));
    assert_eq!(t.g.card(k).area, Some(Area::Problem(P2)));
}
