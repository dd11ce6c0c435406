//! Abilities working out of play and cards played from zones other than the hand
//! (`Ability::From`, `StaticEffect::PlayAsFromHand`, 401.1, 410.6, 609.2a, 705.2),
//! cards banished beneath a card (410.5), colours copied from other cards (711), and the
//! named hook `DrawFromBottom` (410.4, 710).

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardDef, CardType, Color::*, Colors};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Zone};

/// A 2-cost Blue Friend its owner may play from their discard pile.
fn from_discard() -> CardDef {
    with(
        friend("FD", Blue, 2, 2, 0),
        vec![Ability::From(
            OutOfPlay::Discard,
            Box::new(Ability::Static {
                effect: StaticEffect::PlayAsFromHand,
                condition: None,
            }),
        )],
    )
}

#[test]
fn r609_2a_a_card_working_from_the_discard_pile_is_played_from_there_only() {
    let mut t = board(
        deck("A", Blue, vec![from_discard()], 4),
        deck("B", Orange, vec![], 4),
        StartAt::MainPhase,
        |b| {
            let c = b.take(P1, "FD").unwrap();
            b.to_zone(c, Zone::Discard).unwrap();
            b.set_tokens(P1, 2);
        },
    );
    t.assert_offered("play \"Blue Friend FD\" from the discard pile to home");
    t.choose(P1, "play \"Blue Friend FD\" from the discard pile to home");
    let c =
        t.g.in_play()
            .iter()
            .copied()
            .find(|&c| t.g.def(c).number == "FD")
            .expect("in play");
    assert_eq!(t.g.card(c).area, Some(Area::Home(P1)));
    assert_eq!(t.g.player(P1).tokens, 0, "705.2: its cost is paid");
}

#[test]
fn r401_1_the_ability_works_only_from_its_zone_and_for_its_owner() {
    // Banished, it is not in the discard pile; in P2's discard pile, it is not P1's.
    let t = board(
        deck("A", Blue, vec![from_discard()], 4),
        deck("B", Orange, vec![from_discard()], 4),
        StartAt::MainPhase,
        |b| {
            let c = b.take(P1, "FD").unwrap();
            b.to_zone(c, Zone::Banished).unwrap();
            let theirs = b.take(P2, "FD").unwrap();
            b.to_zone(theirs, Zone::Discard).unwrap();
            b.set_tokens(P1, 5);
        },
    );
    assert!(
        !t.labels().iter().any(|l| l.contains("FD")),
        "{:?}",
        t.labels()
    );
}

#[test]
fn r705_2_too_few_tokens_and_no_offer() {
    let t = board(
        deck("A", Blue, vec![from_discard()], 4),
        deck("B", Orange, vec![], 4),
        StartAt::MainPhase,
        |b| {
            let c = b.take(P1, "FD").unwrap();
            b.to_zone(c, Zone::Discard).unwrap();
            b.set_tokens(P1, 1);
        },
    );
    t.assert_not_offered("play \"Blue Friend FD\" from the discard pile to home");
}

/// "EV" banishes an Event from P1's discard pile and lets P1 play it while it stays
/// banished.
fn banish_and_allow() -> Vec<Effect> {
    vec![
        Effect::Pick(Target::Choose(Cards {
            card_type: Some(CardKind::Type(CardType::Event)),
            controller: Some(Who::You),
            place: Some(Place::Discard),
            ..Cards::default()
        })),
        Effect::Banish(Target::It),
        Effect::Until {
            target: Target::It,
            effect: StaticEffect::PlayAsFromHand,
            duration: Duration::Permanently,
        },
    ]
}

#[test]
fn r410_6_a_permission_to_play_lasts_while_the_card_stays_banished() {
    let drawn = main_event(
        "DR",
        vec![Effect::Draw {
            who: Who::You,
            amount: Amount::N(1),
        }],
    );
    let mut t = event_played(banish_and_allow(), vec![drawn], vec![], |b| {
        let c = b.take(P1, "DR").unwrap();
        b.to_zone(c, Zone::Discard).unwrap();
        b.set_tokens(P1, 3);
    });
    // The only Event in the discard pile is taken without a question.
    t.assert_offered("play \"Event DR\" from the banished zone");
    let before = t.g.player(P1).hand.len();
    t.choose(P1, "play \"Event DR\" from the banished zone");
    assert_eq!(t.g.player(P1).hand.len(), before + 1, "its instructions");
    // 410.6: now in the discard pile, a new card the permission doesn't reach.
    t.assert_not_offered("play \"Event DR\" from the discard pile");
    t.assert_not_offered("play \"Event DR\" from the banished zone");
}

/// A Friend with the `DrawFromBottom` hook.
fn bottom_drawer() -> CardDef {
    with(
        friend("HK", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Hook(Hook::DrawFromBottom),
            condition: None,
        }],
    )
}

fn unicorn(number: &str, color: ponyccg_core::card::Color) -> CardDef {
    let mut d = friend(number, color, 1, 1, 0);
    d.face.traits.push("Unicorn".into());
    d
}

/// P1 has the hook at P1's Problem with `mine` Unicorns there; P2 has `theirs` Unicorns
/// there too. P1's deck is "TOP", fillers, "BOT".
fn hook_board(mine: usize, theirs: usize) -> T {
    let mut a = vec![friend("TOP", Blue, 1, 1, 0)];
    for i in 0..mine {
        a.push(unicorn(&format!("U{i}"), Blue));
    }
    a.push(bottom_drawer());
    let b_cards: Vec<CardDef> = (0..theirs)
        .map(|i| unicorn(&format!("V{i}"), Orange))
        .collect();
    a.push(friend("BOT", Blue, 1, 1, 0));
    board(
        deck("A", Blue, a, 3),
        deck("B", Orange, b_cards, 3),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "HK", Area::Problem(P1));
            for i in 0..mine {
                place(b, P1, &format!("U{i}"), Area::Problem(P1));
            }
            for i in 0..theirs {
                place(b, P2, &format!("V{i}"), Area::Problem(P1));
            }
            let top = b.take(P1, "TOP").unwrap();
            let bot = b.take(P1, "BOT").unwrap();
            let deck: Vec<_> = b.game().player(P1).deck.clone();
            for c in deck {
                b.to_zone(c, Zone::Discard).unwrap();
            }
            b.to_zone(top, Zone::DrawDeck).unwrap();
            b.to_zone(bot, Zone::DrawDeck).unwrap();
            b.set_tokens(P1, 3);
        },
    )
}

fn in_hand(t: &T, number: &str) -> bool {
    t.g.player(P1)
        .hand
        .iter()
        .any(|&c| t.g.def(c).number == number)
}

#[test]
fn r410_4_the_player_with_the_most_unicorns_may_draw_from_the_bottom() {
    let mut t = hook_board(2, 1);
    t.choose(P1, "draw a card");
    assert_eq!(t.who(), P1, "the drawing player's may");
    t.choose(P1, "yes");
    assert!(in_hand(&t, "BOT") && !in_hand(&t, "TOP"));
    // Declined: the top card, as usual.
    let mut t = hook_board(2, 1);
    t.choose(P1, "draw a card");
    t.choose(P1, "no");
    assert!(in_hand(&t, "TOP") && !in_hand(&t, "BOT"));
}

#[test]
fn r410_4_a_tie_or_no_unicorns_and_the_draw_is_from_the_top() {
    for (mine, theirs) in [(1, 1), (0, 0), (1, 2)] {
        let mut t = hook_board(mine, theirs);
        t.choose(P1, "draw a card");
        assert!(
            in_hand(&t, "TOP") && !in_hand(&t, "BOT"),
            "{mine} against {theirs}"
        );
    }
}

/// A Crystal Friend copying the colours of opposing characters at its area.
fn copier() -> CardDef {
    let mut d = friend("CP", Yellow, 2, 2, 0);
    d.face.traits.push("Crystal".into());
    let here = |controller| Cards {
        card_type: Some(CardKind::Character),
        controller: Some(controller),
        place: Some(Place::Here),
        ..Cards::default()
    };
    with(
        d,
        vec![Ability::Static {
            effect: StaticEffect::GainColorsOf {
                cards: Some(Cards {
                    trait_: Some("Crystal".into()),
                    ..here(Who::You)
                }),
                of: here(Who::Opponent),
            },
            condition: None,
        }],
    )
}

#[test]
fn r711_copied_colours_include_those_a_modifier_gave() {
    // P2's Orange Friend at P1's Problem is also Pink by its own static ability; the
    // copier there has Yellow, Orange and Pink, and a Crystal Friend at home only Yellow.
    let pinker = with(
        friend("PK", Orange, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::GainColor {
                cards: None,
                color: Pink,
            },
            condition: None,
        }],
    );
    let mut home_crystal = friend("HC", Yellow, 1, 1, 0);
    home_crystal.face.traits.push("Crystal".into());
    let (mut cp, mut hc) = (None, None);
    let t = board(
        deck("A", Yellow, vec![copier(), home_crystal], 4),
        deck("B", Orange, vec![pinker], 4),
        StartAt::MainPhase,
        |b| {
            cp = Some(place(b, P1, "CP", Area::Problem(P1)));
            hc = Some(place(b, P1, "HC", Area::Home(P1)));
            place(b, P2, "PK", Area::Problem(P1));
        },
    );
    assert_eq!(t.g.colors(cp.unwrap()), Colors::of(&[Yellow, Orange, Pink]));
    assert_eq!(t.g.colors(hc.unwrap()), Colors::single(Yellow));
}

/// A Resource that banishes an Event from hand beneath itself, and puts a card from
/// beneath it on top of its owner's deck.
fn keeper() -> CardDef {
    let main = |effects| Ability::Activated {
        timing: Timing::Phase(PhaseName::Main),
        condition: None,
        cost: vec![],
        effects,
    };
    with(
        resource("KP", Blue, 1, 0),
        vec![
            main(vec![Effect::BanishBeneath(Target::Choose(Cards {
                card_type: Some(CardKind::Type(CardType::Event)),
                controller: Some(Who::You),
                place: Some(Place::Hand),
                ..Cards::default()
            }))]),
            main(vec![Effect::ToDeckTop(Target::Choose(Cards {
                place: Some(Place::BeneathThis),
                ..Cards::default()
            }))]),
        ],
    )
}

#[test]
fn r410_5_banished_beneath_a_card_and_back_from_beneath_it() {
    let ev = main_event("EV", vec![]);
    let other = main_event("OT", vec![]);
    let (mut kp, mut ot) = (None, None);
    let mut t = board(
        deck("A", Blue, vec![keeper(), ev, other], 4),
        deck("B", Orange, vec![], 4),
        StartAt::MainPhase,
        |b| {
            kp = Some(place(b, P1, "KP", Area::Home(P1)));
            to_hand(b, P1, "EV");
            // Banished, but not beneath it: out of reach of `BeneathThis`.
            let o = b.take(P1, "OT").unwrap();
            b.to_zone(o, Zone::Banished).unwrap();
            ot = Some(o);
        },
    );
    let kp = kp.unwrap();
    t.choose(P1, "use \"Resource KP\" (1)");
    let beneath = t.g.cards_beneath(kp);
    assert_eq!(beneath.len(), 1);
    assert_eq!(t.g.card(beneath[0]).zone, Zone::Banished);
    t.choose(P1, "use \"Resource KP\" (2)");
    let top = *t.g.player(P1).deck.last().unwrap();
    assert_eq!(top, beneath[0], "on top of the deck");
    assert!(t.g.cards_beneath(kp).is_empty());
    assert_eq!(t.g.card(ot.unwrap()).zone, Zone::Banished);
}

fn in_their_hand() -> Cards {
    Cards {
        controller: Some(Who::Opponent),
        place: Some(Place::Hand),
        ..Cards::default()
    }
}

#[test]
fn r410_3_an_opponent_picks_their_own_card_and_a_named_type_is_tested() {
    // P2 picks a card in P2's hand; P1 names a type; on a match P1 discards it for them.
    let effects = vec![
        Effect::PickBy {
            who: Who::Opponent,
            target: Target::Choose(in_their_hand()),
        },
        Effect::ChooseCardType,
        Effect::Show(Target::It),
        Effect::If {
            cond: Condition::ItIsChosenType,
            then: vec![Effect::DiscardCards(Target::It)],
            otherwise: vec![],
        },
    ];
    for (named, discarded) in [("Friend", true), ("Event", false)] {
        let mut t = event_played(
            effects.clone(),
            vec![],
            vec![friend("X", Orange, 1, 1, 0), friend("Y", Orange, 2, 1, 0)],
            |b| {
                to_hand(b, P2, "X");
                to_hand(b, P2, "Y");
            },
        );
        assert_eq!(t.who(), P2, "the opponent chooses");
        t.choose(P2, "choose \"Orange Friend Y\"");
        assert_eq!(t.who(), P1);
        t.choose(P1, named);
        let y_discarded =
            t.g.player(P2)
                .discard
                .iter()
                .any(|&c| t.g.def(c).number == "Y");
        assert_eq!(y_discarded, discarded, "{named}");
        let in_hand = |n: &str| t.g.player(P2).hand.iter().any(|&c| t.g.def(c).number == n);
        assert!(in_hand("X"), "the card not picked stays");
        assert_eq!(in_hand("Y"), !discarded);
    }
}

#[test]
fn r410_3_without_a_chosen_type_the_condition_fails() {
    let t = event_played(
        vec![
            Effect::Pick(Target::Choose(in_their_hand())),
            Effect::If {
                cond: Condition::ItIsChosenType,
                then: vec![Effect::DiscardCards(Target::It)],
                otherwise: vec![],
            },
        ],
        vec![],
        vec![friend("X", Orange, 1, 1, 0)],
        |b| {
            to_hand(b, P2, "X");
        },
    );
    assert!(
        t.g.player(P2)
            .hand
            .iter()
            .any(|&c| t.g.def(c).number == "X"),
        "nothing was discarded"
    );
}

/// "EV" banishes the Friend in P1's discard pile, lets P1 play it while it stays
/// banished and, with `waive`, takes away its colour requirement for as long.
fn banish_friend(waive: bool) -> Vec<Effect> {
    let mut v = vec![
        Effect::Pick(Target::Choose(Cards {
            card_type: Some(CardKind::Type(CardType::Friend)),
            controller: Some(Who::You),
            place: Some(Place::Discard),
            ..Cards::default()
        })),
        Effect::Banish(Target::It),
        Effect::Until {
            target: Target::It,
            effect: StaticEffect::PlayAsFromHand,
            duration: Duration::Permanently,
        },
    ];
    if waive {
        v.push(Effect::Until {
            target: Target::It,
            effect: StaticEffect::NoColorRequirement,
            duration: Duration::Permanently,
        });
    }
    v
}

#[test]
fn r205_1_a_card_with_no_colour_requirement_needs_no_coloured_power() {
    // A 5 Purple requirement P1 can't meet: played only once the requirement is gone
    // (AD206).
    for waive in [false, true] {
        let t = event_played(
            banish_friend(waive),
            vec![friend("PP", Purple, 2, 1, 5)],
            vec![],
            |b| {
                let c = b.take(P1, "PP").unwrap();
                b.to_zone(c, Zone::Discard).unwrap();
                b.set_tokens(P1, 3);
            },
        );
        let label = "play \"Purple Friend PP\" from the banished zone to home";
        if waive {
            t.assert_offered(label);
        } else {
            t.assert_not_offered(label);
        }
    }
}

#[test]
fn r518_1_a_card_set_aside_face_down_is_known_to_its_searcher_until_revealed() {
    // AD114: P1 takes the top Friend of P2's deck and sets it aside; P2 names a card
    // without seeing it; once revealed every player knows it.
    let mut t = event_played(
        vec![
            Effect::Pick(Target::Each(Cards {
                card_type: Some(CardKind::Type(CardType::Friend)),
                controller: Some(Who::Opponent),
                place: Some(Place::DeckTop),
                ..Cards::default()
            })),
            Effect::SetAside(Target::It),
            Effect::Name {
                who: Who::Opponent,
                kind: None,
            },
            Effect::Show(Target::It),
        ],
        vec![],
        vec![],
        |_| {},
    );
    let aside = t.g.zone(P2, Zone::SetAside);
    assert_eq!(aside.len(), 1, "one card set aside, P2's");
    let c = aside[0];
    assert!(t.g.is_visible_to(c, P1));
    assert!(
        !t.g.is_visible_to(c, P2),
        "face-down: P2 didn't see it taken"
    );
    assert_eq!(t.who(), P2, "201.1: P2 names a card");
    let label = t.labels()[0].clone();
    assert!(label.starts_with("name "), "{label}");
    t.choose(P2, &label);
    assert!(t.g.is_visible_to(c, P2), "revealed to every player");
    assert_eq!(t.g.card(c).zone, Zone::SetAside, "nothing took it back");
}
