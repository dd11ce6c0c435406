//! Cards beneath cards and other ways to pay for a card: the glossary keywords Pumped
//! (with Spend), Redeem and Transform X, and 705.2b's order of cost modifiers.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardDef, CardType, Color::*, Keyword};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, CardId, Zone};

const CHALLENGE: &str = "challenge \"Troublemaker TM\" at \"Problem AP1\"";

fn keyword(mut d: CardDef, k: Keyword) -> CardDef {
    d.face.keywords.push(k);
    d
}

fn named(mut d: CardDef, title: &str, subtitle: &str) -> CardDef {
    d.title = title.into();
    d.subtitle = subtitle.into();
    d
}

/// A Pumped Friend that flips one more card at the first flip while involved, so its
/// controller has two flipped cards to put away.
fn pumped_flipping_two() -> CardDef {
    keyword(
        with(
            friend("PU", Blue, 2, 1, 0),
            vec![Ability::Static {
                effect: StaticEffect::FlipMore {
                    who: Who::You,
                    amount: 1,
                },
                condition: Some(Condition::Involved),
            }],
        ),
        Keyword::Pumped,
    )
}

/// P1 challenges a 1-power Troublemaker with the Pumped Friend (at `pumped_at`) and
/// `F` at P1's Problem; returns the game, the Pumped Friend and P1's top deck cards.
fn pumped_challenge(pumped_at: Area) -> (T, CardId, Vec<CardId>, CardId) {
    let (mut pu, mut tops, mut b1) = (None, Vec::new(), None);
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                pumped_flipping_two(),
                friend("F", Blue, 1, 1, 0),
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
            pu = Some(place(b, P1, "PU", pumped_at));
            place(b, P1, "F", Area::Problem(P1));
            // The top of a deck is its last card.
            let d = &b.game().player(P1).deck;
            tops = vec![d[d.len() - 1], d[d.len() - 2]];
            let d2 = &b.game().player(P2).deck;
            b1 = d2.last().copied();
        },
    );
    (t, pu.unwrap(), tops, b1.unwrap())
}

#[test]
fn pumped_banishes_one_flipped_card_beneath_it_once_per_faceoff() {
    // P1 flips A1 and A3 and wins; A1 goes beneath the Pumped Friend, A3 (the Pumped
    // card used up) and P2's flip (not P1's card) go to the deck bottom unasked.
    let (mut t, pu, tops, b1) = pumped_challenge(Area::Problem(P1));
    t.choose(P1, CHALLENGE);
    assert_eq!(
        t.labels(),
        vec!["choose \"Blue Friend PU\" at \"Problem AP1\"", "none"]
    );
    t.choose(P1, "choose \"Blue Friend PU\" at \"Problem AP1\"");
    assert!(t.g.faceoff().is_none(), "nothing more was asked");
    assert_eq!(t.g.card(tops[0]).zone, Zone::Banished);
    assert_eq!(t.g.cards_beneath(pu), vec![tops[0]]);
    assert_eq!(t.g.card(tops[1]).zone, Zone::DrawDeck);
    assert_eq!(t.g.player(P1).deck[0], tops[1], "at the bottom");
    assert_eq!(t.g.card(b1).zone, Zone::DrawDeck);
}

#[test]
fn pumped_works_only_in_a_faceoff_involving_the_card() {
    // The Pumped Friend waits at home: nothing replaces either flipped card, so both go
    // to the deck bottom, in the order P1 chooses (514.7).
    let (mut t, pu, tops, _) = pumped_challenge(Area::Home(P1));
    t.choose(P1, CHALLENGE);
    assert_eq!(
        t.labels(),
        vec![
            "put \"Blue Friend A1\" on the bottom",
            "put \"Blue Friend A3\" on the bottom"
        ]
    );
    t.choose(P1, "put \"Blue Friend A1\" on the bottom");
    // P2 flipped twice too (the first flips tied) and orders theirs.
    t.choose(P2, "put \"Orange Friend B1\" on the bottom");
    assert!(t.g.faceoff().is_none());
    assert_eq!(t.g.card(tops[0]).zone, Zone::DrawDeck);
    assert!(t.g.cards_beneath(pu).is_empty());
}

#[test]
fn pumped_declined_keeps_the_deck_bottom_and_stays_available_this_faceoff() {
    // Declining for A1 uses nothing up, so the Pumped Friend is offered for A3.
    let (mut t, pu, tops, _) = pumped_challenge(Area::Problem(P1));
    t.choose(P1, CHALLENGE);
    t.choose(P1, "none");
    t.choose(P1, "choose \"Blue Friend PU\" at \"Problem AP1\"");
    assert_eq!(
        t.g.card(tops[0]).zone,
        Zone::DrawDeck,
        "A1 went to the bottom"
    );
    assert_eq!(t.g.cards_beneath(pu), vec![tops[1]]);
    assert_eq!(t.g.player(P1).deck[0], tops[0]);
}

fn spender(n: u8) -> CardDef {
    keyword(
        with(
            friend("SP", Blue, 1, 1, 0),
            vec![Ability::Activated {
                timing: Timing::Phase(PhaseName::Main),
                condition: None,
                cost: vec![Cost::Spend(n)],
                effects: vec![Effect::Draw {
                    who: Who::You,
                    amount: Amount::N(2),
                }],
            }],
        ),
        Keyword::Pumped,
    )
}

#[test]
fn spend_puts_cards_from_beneath_into_the_discard_pile() {
    let (mut sp, mut x) = (None, None);
    let mut t = board(
        deck("A", Blue, vec![spender(1), friend("X", Blue, 1, 1, 0)], 4),
        deck("B", Orange, vec![], 4),
        StartAt::MainPhase,
        |b| {
            sp = Some(place(b, P1, "SP", Area::Home(P1)));
            let c = b.take(P1, "X").unwrap();
            b.beneath(c, sp.unwrap());
            x = Some(c);
        },
    );
    let (sp, x) = (sp.unwrap(), x.unwrap());
    assert_eq!(t.g.card(x).zone, Zone::Banished);
    let hand = t.g.player(P1).hand.len();
    t.choose(P1, "use \"Blue Friend SP\"");
    assert_eq!(t.g.card(x).zone, Zone::Discard);
    assert!(t.g.cards_beneath(sp).is_empty());
    assert_eq!(t.g.player(P1).hand.len(), hand + 2);
    // Nothing is left beneath it, so the ability can't be used again.
    t.assert_not_offered("use \"Blue Friend SP\"");
}

#[test]
fn spend_is_not_offered_with_too_few_cards_beneath() {
    let t = board(
        deck("A", Blue, vec![spender(2), friend("X", Blue, 1, 1, 0)], 4),
        deck("B", Orange, vec![], 4),
        StartAt::MainPhase,
        |b| {
            let sp = place(b, P1, "SP", Area::Home(P1));
            let c = b.take(P1, "X").unwrap();
            b.beneath(c, sp);
        },
    );
    t.assert_not_offered("use \"Blue Friend SP\"");
}

#[test]
fn cards_beneath_count_while_the_card_stays_in_play() {
    // +2 power for each card beneath; spent or left behind, a card stops counting.
    let big = with(
        friend("BIG", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Power {
                cards: None,
                amount: Amount::Times(2, Box::new(Amount::Beneath(CardRef::This))),
            },
            condition: Some(Condition::Compare(
                Amount::Beneath(CardRef::This),
                Cmp::AtLeast,
                Amount::N(1),
            )),
        }],
    );
    let (mut big_id, mut xs) = (None, Vec::new());
    let t = board(
        deck(
            "A",
            Blue,
            vec![big, friend("X", Blue, 1, 1, 0), friend("Y", Blue, 1, 1, 0)],
            4,
        ),
        deck("B", Orange, vec![], 4),
        StartAt::MainPhase,
        |b| {
            let c = place(b, P1, "BIG", Area::Home(P1));
            for n in ["X", "Y"] {
                let x = b.take(P1, n).unwrap();
                b.beneath(x, c);
                xs.push(x);
            }
            big_id = Some(c);
        },
    );
    let big = big_id.unwrap();
    assert_eq!(t.g.power(big), Some(5));
    let mut g = t.g.clone();
    g.perform(ponyccg_core::rules::occurrence::Occurrence::ToDiscard(
        xs[0],
    ));
    assert_eq!(g.power(big), Some(3), "a spent card no longer counts");
    g.perform(ponyccg_core::rules::occurrence::Occurrence::ToHand(big));
    assert!(
        g.cards_beneath(big).is_empty(),
        "410.6: a new card has none"
    );
}

/// A 5-cost Friend titled "Alpha" with Redeem, needing `req` Blue power.
fn redeemer(cost: u8, req: u16) -> CardDef {
    keyword(
        named(friend("RD", Blue, 3, cost, req), "Alpha", "New"),
        Keyword::Redeem,
    )
}

#[test]
fn redeem_retires_a_card_with_the_same_title_for_3_less() {
    let (mut old, mut other) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                redeemer(5, 0),
                named(friend("OLD", Blue, 1, 1, 0), "Alpha", "Old"),
                friend("OT", Blue, 1, 1, 0),
            ],
            3,
        ),
        deck("B", Orange, vec![], 3),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "RD");
            old = Some(place(b, P1, "OLD", Area::Home(P1)));
            other = Some(place(b, P1, "OT", Area::Home(P1)));
            b.set_tokens(P1, 2);
        },
    );
    t.assert_not_offered("play \"Alpha, New\" to home");
    t.assert_not_offered("play \"Alpha, New\" to home, retiring \"Blue Friend OT\" from home");
    t.choose(
        P1,
        "play \"Alpha, New\" to home, retiring \"Alpha, Old\" from home",
    );
    assert_eq!(t.g.card(old.unwrap()).zone, Zone::Discard);
    assert_eq!(t.g.card(other.unwrap()).zone, Zone::Play);
    assert_eq!(t.g.tokens(P1), 0);
    assert!(t.g.in_play().iter().any(|&c| t.g.def(c).number == "RD"));
}

#[test]
fn redeem_needs_a_card_with_the_same_title() {
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                redeemer(5, 0),
                named(friend("NO", Blue, 1, 1, 0), "Alphabet", "Old"),
            ],
            3,
        ),
        deck("B", Orange, vec![], 3),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "RD");
            place(b, P1, "NO", Area::Home(P1));
            b.set_tokens(P1, 5);
        },
    );
    t.assert_offered("play \"Alpha, New\" to home");
    assert!(
        !t.labels().iter().any(|l| l.contains("retiring")),
        "{:?}",
        t.labels()
    );
}

#[test]
fn redeem_still_checks_the_play_requirement() {
    // 705.2b: the Alpha at play gives 1 Blue power; 3 are needed, so neither way of
    // playing it is offered.
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                redeemer(5, 3),
                named(friend("OLD", Blue, 1, 1, 0), "Alpha", "Old"),
            ],
            3,
        ),
        deck("B", Orange, vec![], 3),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "RD");
            place(b, P1, "OLD", Area::Home(P1));
            b.set_tokens(P1, 9);
        },
    );
    assert!(
        !t.labels().iter().any(|l| l.contains("Alpha, New")),
        "{:?}",
        t.labels()
    );
}

#[test]
fn r705_2b_opposing_cost_modifiers_apply_before_the_players_own() {
    // A 1-cost Redeem Friend played to a Problem where opponents pay 2 more: 1 + 2, then
    // 3 less, is 0. Taking the 3 off first (to 0) and adding 2 would make it 2.
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
    let mut rd = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                redeemer(1, 0),
                named(friend("OLD", Blue, 1, 1, 0), "Alpha", "Old"),
            ],
            3,
        ),
        deck("B", Orange, vec![wall], 3),
        StartAt::MainPhase,
        |b| {
            rd = Some(to_hand(b, P1, "RD"));
            place(b, P1, "OLD", Area::Home(P1));
            place(b, P2, "WALL", Area::Problem(P1));
            b.set_tokens(P1, 0);
        },
    );
    assert_eq!(t.g.redeem_cost(P1, rd.unwrap(), Area::Problem(P1)), 0);
    t.choose(
        P1,
        "play \"Alpha, New\" to \"Problem AP1\", retiring \"Alpha, Old\" from home",
    );
    assert_eq!(t.g.card(rd.unwrap()).area, Some(Area::Problem(P1)));
}

/// A Friend "Gamma, Sea" costing 5 with Transform 2.
fn transformer() -> CardDef {
    keyword(
        named(friend("TF", Blue, 4, 5, 0), "Gamma", "Sea"),
        Keyword::Transform(2),
    )
}

#[test]
fn transform_returns_a_friend_whose_title_includes_this_ones_and_pays_x() {
    let mut land = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                transformer(),
                named(friend("LA", Blue, 2, 1, 0), "Princess Gamma", "Land"),
            ],
            3,
        ),
        deck("B", Orange, vec![], 3),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "TF");
            land = Some(place(b, P1, "LA", Area::Problem(P1)));
            b.set_tokens(P1, 3);
        },
    );
    t.assert_not_offered("play \"Gamma, Sea\" to home");
    t.choose(
        P1,
        "play \"Gamma, Sea\" to home for its Transform cost, returning \"Princess Gamma, Land\" from \"Problem AP1\" to hand",
    );
    assert_eq!(t.g.card(land.unwrap()).zone, Zone::Hand);
    assert_eq!(t.g.tokens(P1), 1);
}

#[test]
fn transform_is_refused_for_a_shared_subtitle_or_another_title() {
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                transformer(),
                named(friend("SA", Blue, 2, 1, 0), "Gamma", "Sea"),
                named(friend("DE", Blue, 2, 1, 0), "Delta", "Land"),
                named(friend("GA", Blue, 2, 1, 0), "Gam", "Land"),
            ],
            3,
        ),
        deck("B", Orange, vec![], 3),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "TF");
            place(b, P1, "SA", Area::Home(P1));
            place(b, P1, "DE", Area::Home(P1));
            place(b, P1, "GA", Area::Home(P1));
            b.set_tokens(P1, 9);
        },
    );
    t.assert_offered("play \"Gamma, Sea\" to home");
    assert!(
        !t.labels().iter().any(|l| l.contains("Transform")),
        "{:?}",
        t.labels()
    );
}
