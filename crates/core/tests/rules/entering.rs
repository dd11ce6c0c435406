//! 706.1 (entering play in four steps), 520.3 (entering play as a copy) and 711.6
//! (the controller orders modifiers that start together).

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardDef, CardType, Color, Color::*, Colors};
use ponyccg_core::decision::Prompt;
use ponyccg_core::rules::occurrence::Occurrence;
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, CardId, Pending, Zone};

fn prompt(t: &T) -> Prompt {
    match t.g.pending() {
        Pending::Decision(d) => d.prompt.clone(),
        Pending::GameOver(o) => panic!("the game is over ({o:?})"),
    }
}

/// A Blue Friend costing 1 with these abilities.
fn entrant(number: &str, abilities: Vec<Ability>) -> CardDef {
    with(friend(number, Blue, 2, 1, 0), abilities)
}

fn draw_when_this_enters_if(color: Color) -> Ability {
    draw_on(
        Trigger::on(Happening::EntersPlay).card(TriggerCard::This),
        Some(Condition::ItFits(Cards {
            color: Some(color),
            ..Cards::default()
        })),
    )
}

/// Plays `number` from P1's hand to home on a board built with `cards` in P1's deck.
fn play_from_hand(
    cards: Vec<CardDef>,
    number: &str,
    f: impl FnOnce(&mut ponyccg_core::board::Board),
) -> (T, CardId) {
    let mut id = None;
    let mut t = board(
        deck("A", Blue, cards, 5),
        deck("B", Orange, vec![friend("TG", Orange, 4, 2, 0)], 5),
        StartAt::MainPhase,
        |b| {
            id = Some(to_hand(b, P1, number));
            b.set_tokens(P1, 5);
            f(b);
        },
    );
    let card = id.unwrap();
    let name = t.g.def(card).full_name();
    t.choose(P1, &format!("play \"{name}\" to home"));
    (t, card)
}

#[test]
fn r706_1a_a_colour_chosen_as_the_card_enters_play_replaces_its_printed_one() {
    let (mut t, c) = play_from_hand(
        vec![entrant(
            "CH",
            vec![
                Ability::AsEntersPlay(Entry::Colors {
                    count: 1,
                    up_to: false,
                }),
                draw_when_this_enters_if(Pink),
            ],
        )],
        "CH",
        |_| {},
    );
    assert_eq!(prompt(&t), Prompt::AsEntersPlay);
    assert_eq!(
        t.g.card(c).zone,
        Zone::Queue,
        "706.1a comes before the card is in play"
    );
    let hand = t.g.player(P1).hand.len();
    t.choose(P1, "Pink");
    assert_eq!(t.g.card(c).zone, Zone::Play);
    assert_eq!(t.g.colors(c), Colors::single(Pink));
    assert_eq!(t.g.power_of_color(P1, Pink), 2);
    assert_eq!(t.g.power_of_color(P1, Blue), 1, "only the Mane is Blue now");
    // 706.1d: the entry trigger saw the chosen colour.
    assert_eq!(t.g.player(P1).hand.len(), hand + 1);
}

#[test]
fn r706_1a_up_to_two_colours_and_a_choice_to_stop() {
    let abilities = vec![Ability::AsEntersPlay(Entry::Colors {
        count: 2,
        up_to: true,
    })];
    let (mut t, c) = play_from_hand(vec![entrant("CH", abilities.clone())], "CH", |_| {});
    t.assert_offered("no more colours");
    t.choose(P1, "White");
    t.choose(P1, "Yellow");
    assert_eq!(t.g.card(c).zone, Zone::Play, "no third colour is asked for");
    assert_eq!(t.g.colors(c), Colors::of(&[White, Yellow]));

    let (mut t, c) = play_from_hand(vec![entrant("CH", abilities)], "CH", |_| {});
    t.choose(P1, "White");
    t.assert_not_offered("White");
    t.choose(P1, "no more colours");
    assert_eq!(t.g.colors(c), Colors::single(White));

    // Exactly one: no stopping before a colour is chosen.
    let one = vec![Ability::AsEntersPlay(Entry::Colors {
        count: 1,
        up_to: false,
    })];
    let (t, _) = play_from_hand(vec![entrant("CH", one)], "CH", |_| {});
    t.assert_not_offered("no more colours");
}

#[test]
fn r706_1a_entry_abilities_apply_in_order_and_r706_1b_counters() {
    let (mut t, c) = play_from_hand(
        vec![entrant(
            "CH",
            vec![
                Ability::AsEntersPlay(Entry::PowerCounters(3)),
                Ability::AsEntersPlay(Entry::Colors {
                    count: 1,
                    up_to: false,
                }),
                Ability::AsEntersPlay(Entry::Name(Some(CardKind::Type(CardType::Friend)))),
            ],
        )],
        "CH",
        |_| {},
    );
    // The colour first, then the name, each asked once.
    t.choose(P1, "Purple");
    assert_eq!(prompt(&t), Prompt::AsEntersPlay);
    assert!(
        t.labels().iter().all(|l| l.starts_with("name ")),
        "{:?}",
        t.labels()
    );
    let first = t.labels()[0].clone();
    t.choose(P1, &first);
    assert_eq!(t.g.card(c).zone, Zone::Play);
    assert_eq!(t.g.colors(c), Colors::single(Purple));
    assert_eq!(t.g.card(c).power_counters, 3);
    assert_eq!(t.g.power(c), Some(5));
}

#[test]
fn r201_1_a_named_card_cant_be_played_and_hidden_cards_are_never_offered_as_names() {
    let namer = entrant(
        "NM",
        vec![
            Ability::AsEntersPlay(Entry::Name(None)),
            Ability::Static {
                effect: StaticEffect::Prohibit(Prohibition::Play {
                    cards: Cards {
                        named: true,
                        ..Cards::default()
                    },
                    by: Who::Each,
                }),
                condition: None,
            },
        ],
    );
    let (mut t, _) = play_from_hand(
        vec![
            namer,
            friend("KEEP", Blue, 1, 1, 0),
            friend("BAN", Blue, 1, 1, 0),
        ],
        "NM",
        |b| {
            to_hand(b, P1, "KEEP");
            to_hand(b, P1, "BAN");
        },
    );
    assert_eq!(prompt(&t), Prompt::AsEntersPlay);
    // P2's Friend is only in P2's deck: its name is not offered (nothing hidden leaks).
    t.assert_not_offered("name \"Orange Friend TG\"");
    t.choose(P1, "name \"Blue Friend BAN\"");
    t.assert_offered("play \"Blue Friend KEEP\" to home");
    t.assert_not_offered("play \"Blue Friend BAN\" to home");
}

#[test]
fn r520_3_entering_play_as_a_copy_of_a_banished_friend() {
    let mut tg = friend("TG", Orange, 4, 2, 0);
    tg = with(tg, vec![draw_when_this_enters_if(Orange)]);
    let mut target = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![entrant(
                "CP",
                vec![Ability::AsEntersPlay(Entry::CopyBanished(Cards {
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    controller: Some(Who::Opponent),
                    ..Cards::default()
                }))],
            )],
            5,
        ),
        deck("B", Orange, vec![tg], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "CP");
            target = Some(place(b, P2, "TG", Area::Home(P2)));
            b.set_tokens(P1, 5);
        },
    );
    let target = target.unwrap();
    let hand = t.g.player(P1).hand.len();
    t.choose(P1, "play \"Blue Friend CP\" to home");
    let copy =
        t.g.player(P1)
            .hand
            .iter()
            .copied()
            .find(|&c| t.g.def(c).number == "CP");
    assert!(copy.is_none());
    // The only opposing Friend is chosen at once (one choice decides nothing).
    assert_eq!(t.g.card(target).zone, Zone::Banished);
    let cp =
        *t.g.in_play()
            .iter()
            .rev()
            .find(|&&c| t.g.card(c).controller == P1)
            .unwrap();
    assert_eq!(
        t.g.def(cp).number,
        "TG",
        "520.3: its printed information is the copied card's"
    );
    assert_eq!(t.g.power(cp), Some(4));
    assert_eq!(t.g.colors(cp), Colors::single(Orange));
    // 706.1d: the copied "when this enters play" ability triggers.
    assert_eq!(t.g.player(P1).hand.len(), hand);
    // Out of play it is itself again.
    t.g.perform(Occurrence::Dismiss {
        card: cp,
        by_game: false,
    });
    assert_eq!(t.g.def(cp).number, "CP");
}

/// A static ability: your Friends without colour `unless` gain colour `gain`.
fn gain_unless(gain: Color, unless: Color) -> Ability {
    Ability::Static {
        effect: StaticEffect::GainColor {
            cards: Some(Cards {
                card_type: Some(CardKind::Type(CardType::Friend)),
                controller: Some(Who::You),
                without_color: Some(unless),
                ..Cards::default()
            }),
            color: gain,
        },
        condition: None,
    }
}

#[test]
fn r711_6_the_controller_orders_interdependent_modifiers_that_start_together() {
    for (first, expect) in [(1u8, Blue), (2u8, Pink)] {
        let mut d = entrant("TW", vec![gain_unless(Blue, Pink), gain_unless(Pink, Blue)]);
        d.face.colors = Colors::NONE;
        let (mut t, c) = play_from_hand(vec![d], "TW", |_| {});
        assert_eq!(prompt(&t), Prompt::AsEntersPlay);
        t.choose(
            P1,
            &format!("\"Blue Friend TW\"'s ability {first} applies first"),
        );
        assert_eq!(t.g.card(c).zone, Zone::Play);
        // 711.5 with 711.6: the one chosen first applies first and the other then
        // finds the Friend already has the colour it tests for.
        assert_eq!(
            t.g.colors(c),
            Colors::single(expect),
            "ability {first} first"
        );
    }
}

/// A Resource of P2's at P2's home whose static ability says how opposing Friends enter.
fn gatekeeper(does: OnEntry) -> CardDef {
    with(
        resource("GATE", Orange, 0, 1),
        vec![Ability::Static {
            effect: StaticEffect::OthersEnter {
                cards: Cards {
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    controller: Some(Who::Opponent),
                    ..Cards::default()
                },
                does,
            },
            condition: None,
        }],
    )
}

fn with_gate(does: OnEntry, entering: CardDef) -> (T, CardId) {
    let mut id = None;
    let mut t = board(
        deck("A", Blue, vec![entering], 5),
        deck("B", Orange, vec![gatekeeper(does)], 5),
        StartAt::MainPhase,
        |b| {
            id = Some(to_hand(b, P1, "EN"));
            place(b, P2, "GATE", Area::Home(P2));
            b.set_tokens(P1, 5);
        },
    );
    t.choose(P1, "play \"Blue Friend EN\" to home");
    (t, id.unwrap())
}

#[test]
fn r706_1b_another_card_makes_opposing_friends_enter_play_exhausted() {
    let (t, c) = with_gate(OnEntry::Exhausted, friend("EN", Blue, 2, 1, 0));
    assert_eq!(t.g.card(c).zone, Zone::Play);
    assert!(t.g.card(c).is_exhausted());
}

#[test]
fn r706_1b_a_friend_entering_without_abilities_triggers_nothing_as_it_enters() {
    let entering = entrant("EN", vec![draw_when_this_enters_if(Blue)]);
    let (t, c) = with_gate(
        OnEntry::Modifier {
            effect: Box::new(StaticEffect::LoseAbilities { cards: None }),
            duration: Duration::EndOfTurn,
        },
        entering,
    );
    assert!(t.g.lacks_abilities(c));
    assert_eq!(
        t.g.player(P1).hand.len(),
        0,
        "706.1b before 706.1d: no draw"
    );
    // The same Friend without the gate draws as it enters.
    let (t, _) = play_from_hand(
        vec![entrant("CH", vec![draw_when_this_enters_if(Blue)])],
        "CH",
        |_| {},
    );
    assert_eq!(t.g.player(P1).hand.len(), 1);
}

#[test]
fn r706_1b_a_card_that_enters_play_exhausted() {
    let (t, c) = play_from_hand(
        vec![entrant("CH", vec![Ability::AsEntersPlay(Entry::Exhausted)])],
        "CH",
        |_| {},
    );
    assert_eq!(t.g.card(c).zone, Zone::Play);
    assert!(t.g.card(c).is_exhausted());
}

#[test]
fn an_effect_choosing_a_colour_gives_that_colour_to_the_card_it_picks() {
    let paint = main_event(
        "PAINT",
        vec![
            Effect::ChooseColor,
            Effect::Until {
                target: Target::Choose(Cards {
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    controller: Some(Who::You),
                    ..Cards::default()
                }),
                effect: StaticEffect::GainChosenColor { cards: None },
                duration: Duration::EndOfTurn,
            },
        ],
    );
    // Yellow Friends of P1's get +1: the chosen colour must count for it (711.4).
    let sunny = with(
        friend("SUN", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Power {
                cards: Some(Cards {
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    controller: Some(Who::You),
                    color: Some(Yellow),
                    other: true,
                    ..Cards::default()
                }),
                amount: Amount::N(1),
            },
            condition: None,
        }],
    );
    let mut ids = Vec::new();
    let mut t = board(
        deck("A", Blue, vec![paint, sunny, friend("W", Blue, 2, 1, 0)], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "PAINT");
            place(b, P1, "SUN", Area::Home(P1));
            ids.push(place(b, P1, "W", Area::Home(P1)));
            b.set_tokens(P1, 5);
        },
    );
    let w = ids[0];
    t.choose(P1, "play \"Event PAINT\"");
    assert_eq!(prompt(&t), Prompt::ChooseColor);
    t.choose(P1, "Yellow");
    t.choose(P1, "choose \"Blue Friend W\" at home");
    assert_eq!(t.g.colors(w), Colors::of(&[Blue, Yellow]));
    assert_eq!(t.g.power(w), Some(3));
}
