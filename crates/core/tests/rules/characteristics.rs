//! Characteristics that continuous effects take away or borrow (711): losing colours
//! (`StaticEffect::LoseColors`, AD166), losing abilities while a condition reads power
//! (CG73), and having another card's printed abilities (`Entry::AbilitiesOf`, AD202).

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardDef, CardType, Color::*, Colors, ReqColor};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, CardId};

fn opposing_here() -> Cards {
    Cards {
        card_type: Some(CardKind::Character),
        controller: Some(Who::Opponent),
        place: Some(Place::Here),
        ..Cards::default()
    }
}

fn drainer(number: &str) -> CardDef {
    with(
        troublemaker(number, 3, 1, false),
        vec![Ability::Static {
            effect: StaticEffect::LoseColors {
                cards: Some(opposing_here()),
            },
            condition: None,
        }],
    )
}

/// A Friend that is also Pink by its own static ability.
fn also_pink(number: &str) -> CardDef {
    with(
        friend(number, Blue, 2, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::GainColor {
                cards: None,
                color: Pink,
            },
            condition: None,
        }],
    )
}

#[test]
fn r711_3_lost_colours_come_after_every_colour_gain_earlier_or_later() {
    let pump_blue = with(
        friend("PB", Orange, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Power {
                cards: Some(Cards {
                    color: Some(Blue),
                    ..Cards::default()
                }),
                amount: Amount::N(1),
            },
            condition: None,
        }],
    );
    let mut ids: Vec<CardId> = Vec::new();
    let t = board(
        deck(
            "A",
            Blue,
            vec![also_pink("G1"), also_pink("G2"), also_pink("G3")],
            5,
        ),
        deck("B", Orange, vec![drainer("TX"), pump_blue], 5),
        StartAt::MainPhase,
        |b| {
            // Before the Troublemaker, after it, and elsewhere.
            ids.push(place(b, P1, "G1", Area::Problem(P1)));
            ids.push(place(b, P2, "TX", Area::Problem(P1)));
            ids.push(place(b, P1, "G2", Area::Problem(P1)));
            ids.push(place(b, P1, "G3", Area::Home(P1)));
            ids.push(place(b, P2, "PB", Area::Problem(P1)));
        },
    );
    let [early, _, late, away, pb] = ids[..] else {
        unreachable!()
    };
    assert_eq!(t.g.colors(early), Colors::NONE);
    assert_eq!(t.g.colors(late), Colors::NONE);
    assert_eq!(t.g.colors(away), Colors::of(&[Blue, Pink]));
    // The controller's own character there keeps its colour.
    assert_eq!(t.g.colors(pb), Colors::single(Orange));
    // 711.3b: "Blue cards get +1" depends on the loss, so it reads it.
    assert_eq!(t.g.power(early), Some(2));
    assert_eq!(t.g.power(away), Some(3));
    // 507.3: P1's Blue power is the Friend at home and the Mane only.
    let mane = t.g.player(P1).mane.unwrap();
    assert_eq!(
        t.g.power_of_color(P1, Blue),
        (t.g.power(away).unwrap() + t.g.power(mane).unwrap()) as u16
    );
}

#[test]
fn r611_3c_colourless_characters_still_pay_wild_and_not_colour_power() {
    use ponyccg_core::rules::confront::meets_requirements;
    // A colourless 3-power character pays a wild requirement and a "not Blue" one, but
    // no coloured one.
    let none = [(Colors::NONE, 3)];
    assert!(meets_requirements(&none, &[], 3));
    assert!(meets_requirements(&none, &[(ReqColor::Not(Blue), 3)], 0));
    assert!(!meets_requirements(&none, &[(ReqColor::Color(Blue), 1)], 0));
}

#[test]
fn a_lose_colors_ability_reading_power_is_refused() {
    let bad = with(
        troublemaker("BAD", 3, 1, false),
        vec![Ability::Static {
            effect: StaticEffect::LoseColors {
                cards: Some(Cards {
                    power_at_least: Some(2),
                    ..opposing_here()
                }),
            },
            condition: None,
        }],
    );
    assert!(ponyccg_core::rules::ability_loss::check(&bad.face.abilities[0]).is_err());
}

/// CG73's ability on a test Friend: while it has more power than every other Friend at
/// its area, the Problem there loses its abilities.
fn strongest_silences(number: &str, power: i16) -> CardDef {
    with(
        friend(number, White, power, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::LoseAbilities {
                cards: Some(Cards {
                    card_type: Some(CardKind::Type(CardType::Problem)),
                    place: Some(Place::Here),
                    ..Cards::default()
                }),
            },
            condition: Some(Condition::PowerAboveAll(Cards {
                card_type: Some(CardKind::Type(CardType::Friend)),
                place: Some(Place::Here),
                ..Cards::default()
            })),
        }],
    )
}

/// P1's deck whose Problems give P1's Friends there +2 power.
fn pumping_problem_deck(draw: Vec<CardDef>) -> ponyccg_core::PlayerDeck {
    let mut d = deck("A", Blue, draw, 5);
    for p in &mut d.problems {
        *p = with(
            p.clone(),
            vec![Ability::Static {
                effect: StaticEffect::Power {
                    cards: Some(Cards {
                        card_type: Some(CardKind::Type(CardType::Friend)),
                        controller: Some(Who::You),
                        place: Some(Place::Here),
                        ..Cards::default()
                    }),
                    amount: Amount::N(2),
                },
                condition: None,
            }],
        );
    }
    d
}

fn silencer_board(p1_power: i16) -> (T, CardId, CardId) {
    let mut ids: Vec<CardId> = Vec::new();
    let t = board(
        pumping_problem_deck(vec![friend("W", Blue, p1_power, 1, 0)]),
        deck("B", Orange, vec![strongest_silences("SS", 3)], 5),
        StartAt::MainPhase,
        |b| {
            ids.push(place(b, P1, "W", Area::Problem(P1)));
            ids.push(place(b, P2, "SS", Area::Problem(P1)));
        },
    );
    (t, ids[0], ids[1])
}

#[test]
fn r711_5_a_power_condition_reads_the_power_the_abilities_it_would_take_give() {
    // P1's Friend has 2 + 2 from the Problem: more than the silencer's 3, so the
    // silencer is not the strongest and the Problem keeps its ability.
    let (t, w, _) = silencer_board(2);
    let problem = t.g.problem_at(Area::Problem(P1)).unwrap();
    assert!(!t.g.lacks_abilities(problem));
    assert_eq!(t.g.power(w), Some(4));
}

#[test]
fn r711_4_a_loss_reading_power_applies_once_its_condition_holds() {
    // P1's Friend has 0 + 2: less than 3, so the Problem loses its ability, and the
    // Friend is back to 0.
    let (t, w, ss) = silencer_board(0);
    let problem = t.g.problem_at(Area::Problem(P1)).unwrap();
    assert!(t.g.lacks_abilities(problem));
    assert_eq!(t.g.power(w), Some(0));
    assert!(!t.g.lacks_abilities(ss));
}

#[test]
fn a_lose_abilities_condition_may_read_power_but_its_description_may_not() {
    assert!(ponyccg_core::rules::ability_loss::check(
        &strongest_silences("OK", 3).face.abilities[0]
    )
    .is_ok());
}

/// AD202's entry on a test Friend: it has the printed abilities of a non-Unique Friend
/// its controller chooses.
fn borrower(number: &str) -> CardDef {
    let mut d = with(
        friend(number, Blue, 1, 1, 0),
        vec![Ability::AsEntersPlay(Entry::AbilitiesOf(Cards {
            card_type: Some(CardKind::Type(CardType::Friend)),
            without_trait: Some("Unique".into()),
            ..Cards::default()
        }))],
    );
    d.face.traits = vec!["Unique".into()];
    d
}

#[test]
fn r706_1a_borrowed_printed_abilities_stay_after_the_chosen_card_leaves_play() {
    let mut strong = with(
        friend("ST", Orange, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Power {
                cards: None,
                amount: Amount::N(2),
            },
            condition: None,
        }],
    );
    strong.face.keywords = vec![ponyccg_core::card::Keyword::Swift];
    let dismiss = main_event(
        "RET",
        vec![Effect::Dismiss(Target::Choose(Cards {
            controller: Some(Who::Opponent),
            card_type: Some(CardKind::Type(CardType::Friend)),
            ..Cards::default()
        }))],
    );
    let mut ids: Vec<CardId> = Vec::new();
    let mut t = board(
        deck("A", Blue, vec![borrower("BR"), dismiss], 5),
        deck("B", Orange, vec![strong, friend("PL", Orange, 1, 1, 0)], 5),
        StartAt::MainPhase,
        |b| {
            ids.push(to_hand(b, P1, "BR"));
            to_hand(b, P1, "RET");
            ids.push(place(b, P2, "ST", Area::Home(P2)));
            place(b, P2, "PL", Area::Home(P2));
            b.set_tokens(P1, 5);
        },
    );
    let [br, st] = ids[..] else { unreachable!() };
    t.choose(P1, "play \"Blue Friend BR\" to home");
    t.choose(P1, "choose \"Orange Friend ST\" at P2's home");
    assert_eq!(t.g.power(br), Some(3), "its own 1 and the borrowed +2");
    assert!(t
        .g
        .has_keyword(br, |k| k == ponyccg_core::card::Keyword::Swift));
    t.choose(P1, "play \"Event RET\"");
    t.choose(P1, "choose \"Orange Friend ST\" at P2's home");
    assert_ne!(t.g.card(st).zone, ponyccg_core::Zone::Play);
    assert_eq!(t.g.power(br), Some(3), "the printed abilities stay its own");
}

/// A silencer taking the abilities of opposing Friends at its area while it has more
/// power than every other Friend there, against a Friend of 2 power made 4 by its own
/// static ability; `friend_first` says which of the two entered play first.
fn interdependent(friend_first: bool) -> (T, CardId, CardId) {
    let mut silencer = strongest_silences("SS", 3);
    if let Ability::Static {
        effect: StaticEffect::LoseAbilities { cards },
        ..
    } = &mut silencer.face.abilities[0]
    {
        *cards = Some(Cards {
            card_type: Some(CardKind::Type(CardType::Friend)),
            controller: Some(Who::Opponent),
            place: Some(Place::Here),
            ..Cards::default()
        });
    }
    let pumped = with(
        friend("W", Blue, 2, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Power {
                cards: None,
                amount: Amount::N(2),
            },
            condition: None,
        }],
    );
    let mut ids: Vec<CardId> = Vec::new();
    let t = board(
        deck("A", Blue, vec![pumped], 5),
        deck("B", Orange, vec![silencer], 5),
        StartAt::MainPhase,
        |b| {
            if friend_first {
                ids.push(place(b, P1, "W", Area::Problem(P1)));
                ids.push(place(b, P2, "SS", Area::Problem(P1)));
            } else {
                ids.push(place(b, P2, "SS", Area::Problem(P1)));
                ids.push(place(b, P1, "W", Area::Problem(P1)));
            }
        },
    );
    let (w, ss) = if friend_first {
        (ids[0], ids[1])
    } else {
        (ids[1], ids[0])
    };
    (t, w, ss)
}

#[test]
fn r711_5_of_a_loss_and_the_abilities_it_takes_the_earlier_applies_first() {
    // The Friend's +2 is the earlier: the silencer reads 4 against its 3 and takes
    // nothing.
    let (t, w, _) = interdependent(true);
    assert!(!t.g.lacks_abilities(w));
    assert_eq!(t.g.power(w), Some(4));
    // The loss is the earlier: it reads the Friend without its +2 (2 against 3), so the
    // Friend loses that ability.
    let (t, w, ss) = interdependent(false);
    assert!(t.g.lacks_abilities(w));
    assert_eq!(t.g.power(w), Some(2));
    assert!(!t.g.lacks_abilities(ss));
}
