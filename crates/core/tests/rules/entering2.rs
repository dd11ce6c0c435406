//! The pieces added for the cards that use "as this card enters play" abilities: a
//! trigger on being put into a discard pile from play (701.3, looking back), removing
//! +1 power counters (519.4), and an amount counting colours among cards (711.3b).

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::{InPlay, StartAt};
use ponyccg_core::card::{CardDef, CardType, Color::*};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, CardId, Zone};

fn draws_when(n: &str, when: Trigger) -> CardDef {
    with(friend(n, Blue, 1, 1, 0), vec![draw_on(when, None)])
}

fn titled(t: &str) -> Cards {
    Cards {
        title: Some(t.into()),
        ..Cards::default()
    }
}

#[test]
fn r701_3_put_into_a_discard_pile_from_play_triggers_but_not_from_hand() {
    let kill = main_event(
        "KILL",
        vec![Effect::Dismiss(Target::Each(titled("Blue Friend WP")))],
    );
    let toss = main_event(
        "TOSS",
        vec![Effect::Discard {
            who: Who::You,
            amount: Amount::N(1),
            random: false,
        }],
    );
    let back = main_event(
        "BACK",
        vec![Effect::ReturnToHand(Target::Each(titled("Blue Friend WR")))],
    );
    let (mut wp, mut wh, mut wr) = (None, None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                draws_when(
                    "WP",
                    Trigger::on(Happening::ToDiscardPile)
                        .card(TriggerCard::This)
                        .from(Spot::InPlay),
                ),
                draws_when(
                    "WH",
                    Trigger::on(Happening::ToDiscardPile)
                        .card(TriggerCard::This)
                        .from(Spot::InPlay),
                ),
                draws_when(
                    "WR",
                    Trigger::on(Happening::ToDiscardPile)
                        .card(TriggerCard::This)
                        .from(Spot::InPlay),
                ),
                kill,
                toss,
                back,
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            wp = Some(place(b, P1, "WP", Area::Home(P1)));
            wr = Some(place(b, P1, "WR", Area::Home(P1)));
            wh = Some(to_hand(b, P1, "WH"));
            to_hand(b, P1, "KILL");
            to_hand(b, P1, "TOSS");
            to_hand(b, P1, "BACK");
        },
    );
    let (wp, wh, wr) = (wp.unwrap(), wh.unwrap(), wr.unwrap());
    let hand = |t: &T| t.g.player(P1).hand.len();

    // Into a hand from play: not a discard pile, so nothing.
    let before = hand(&t);
    t.choose(P1, "play \"Event BACK\"");
    assert_eq!(t.g.card(wr).zone, Zone::Hand);
    assert_eq!(
        hand(&t),
        before - 1 + 1,
        "only the returned card came to hand"
    );

    // From play: with no trigger left in play, it looks back from the discard pile and draws.
    let before = hand(&t);
    t.choose(P1, "play \"Event KILL\"");
    assert_eq!(t.g.card(wp).zone, Zone::Discard);
    assert_eq!(
        hand(&t),
        before - 1 + 1,
        "the dismissed Friend's trigger drew"
    );

    // From hand into the discard pile: not from play, so nothing.
    let before = hand(&t);
    t.choose(P1, "play \"Event TOSS\"");
    t.choose(P1, "discard \"Blue Friend WH\"");
    assert_eq!(t.g.card(wh).zone, Zone::Discard);
    assert_eq!(
        hand(&t),
        before - 2,
        "no card drawn for a discard from hand"
    );
}

#[test]
fn r519_4_removing_plus_one_power_counters_never_goes_below_none() {
    let strip = main_event(
        "STRIP",
        vec![Effect::RemovePowerCounters {
            target: Target::Each(Cards {
                card_type: Some(CardKind::Type(CardType::Friend)),
                controller: Some(Who::You),
                ..Cards::default()
            }),
            amount: Amount::N(3),
        }],
    );
    let mut ids: Vec<CardId> = Vec::new();
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                friend("C5", Blue, 1, 1, 0),
                friend("C2", Blue, 1, 1, 0),
                friend("C0", Blue, 1, 1, 0),
                friend("CM", Blue, 2, 1, 0),
                strip,
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            for (n, counters) in [("C5", 5), ("C2", 2), ("C0", 0), ("CM", -1)] {
                ids.push(place_with(
                    b,
                    P1,
                    n,
                    Area::Home(P1),
                    InPlay {
                        counters,
                        ..InPlay::default()
                    },
                ));
            }
            to_hand(b, P1, "STRIP");
        },
    );
    t.choose(P1, "play \"Event STRIP\"");
    let counters: Vec<i16> = ids.iter().map(|&c| t.g.card(c).power_counters).collect();
    // Three off five; the two there are; none to take; a -1 counter is not a +1 one.
    assert_eq!(counters, vec![2, 0, 0, -1]);
    assert_eq!(t.g.power(ids[3]), Some(1));
}

/// A Pink Friend with 5 power and -1 power for each colour among its controller's
/// characters.
fn colour_counter() -> CardDef {
    with(
        friend("PT", Pink, 5, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Power {
                cards: None,
                amount: Amount::Times(
                    -1,
                    Box::new(Amount::ColorsAmong(Cards {
                        card_type: Some(CardKind::Character),
                        controller: Some(Who::You),
                        ..Cards::default()
                    })),
                ),
            },
            condition: None,
        }],
    )
}

#[test]
fn r711_3b_one_for_each_colour_among_your_characters_each_colour_once_and_gained_ones_too() {
    let yellowing = with(
        friend("YG", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::GainColor {
                cards: Some(Cards {
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    controller: Some(Who::You),
                    ..Cards::default()
                }),
                color: Yellow,
            },
            condition: None,
        }],
    );
    for with_yellow in [false, true] {
        let mut pt = None;
        let t = board(
            deck(
                "A",
                Blue,
                vec![
                    colour_counter(),
                    friend("OR", Orange, 1, 1, 0),
                    friend("BL", Blue, 1, 1, 0),
                    yellowing.clone(),
                ],
                5,
            ),
            // The opponent's colours are not counted.
            deck("B", White, vec![friend("WH", White, 1, 1, 0)], 5),
            StartAt::MainPhase,
            |b| {
                pt = Some(place(b, P1, "PT", Area::Home(P1)));
                place(b, P1, "OR", Area::Home(P1));
                place(b, P1, "BL", Area::Home(P1));
                place(b, P2, "WH", Area::Home(P2));
                // Placed after the counting card: the 711 order still applies the colour
                // it gives first, as the count reads colours (711.3b).
                if with_yellow {
                    place(b, P1, "YG", Area::Home(P1));
                }
            },
        );
        let pt = pt.unwrap();
        // Blue (the Mane and two Friends, once), Pink, Orange, and Yellow when given.
        let expect = if with_yellow { 1 } else { 2 };
        assert_eq!(t.g.power(pt), Some(expect), "with yellow: {with_yellow}");
    }
}
