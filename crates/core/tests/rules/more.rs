//! Script pieces from the "more" branch: a chosen card named again (`Pick`), selectors
//! reading attachments, gained traits, moves answered with where the card came from,
//! plays to a card's own area, "[x] Phase" cards outside the Main Phase (512.3) and
//! action tokens lasting until the end of the phase.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardDef, CardType, Color::*, ScriptStatus};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Zone};

fn with(mut d: CardDef, abilities: Vec<Ability>) -> CardDef {
    d.face.abilities = abilities;
    d.script = ScriptStatus::Scripted;
    d
}

fn friends() -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        ..Cards::default()
    }
}

/// An Event doing `effects`, with the given timing and no cost.
fn event_at(number: &str, timing: Timing, effects: Vec<Effect>) -> CardDef {
    let mut d = resource(number, Blue, 1, 0);
    d.card_type = CardType::Event;
    d.title = format!("Event {number}");
    with(
        d,
        vec![Ability::Play {
            timing,
            cost: vec![],
            effects,
        }],
    )
}

fn event(number: &str, effects: Vec<Effect>) -> CardDef {
    event_at(number, Timing::Phase(PhaseName::Main), effects)
}

#[test]
fn r709_a_picked_card_is_named_again_by_later_instructions() {
    let effects = vec![
        Effect::Pick(Target::Choose(Cards {
            controller: Some(Who::Opponent),
            ..friends()
        })),
        Effect::Until {
            target: Target::It,
            effect: StaticEffect::Power {
                cards: None,
                amount: Amount::N(-1),
            },
            duration: Duration::EndOfTurn,
        },
        Effect::If {
            cond: Condition::ItFits(Cards {
                power_at_most: Some(0),
                ..Cards::default()
            }),
            then: vec![Effect::Dismiss(Target::It)],
            otherwise: vec![],
        },
    ];
    let (mut one, mut two) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![event("EV", effects.clone()), event("EW", effects)],
            5,
        ),
        deck(
            "B",
            Orange,
            vec![
                friend("ONE", Orange, 1, 1, 0),
                friend("TWO", Orange, 2, 1, 0),
            ],
            5,
        ),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            to_hand(b, P1, "EW");
            one = Some(place(b, P2, "ONE", Area::Home(P2)));
            two = Some(place(b, P2, "TWO", Area::Home(P2)));
            b.set_tokens(P1, 3);
        },
    );
    let (one, two) = (one.unwrap(), two.unwrap());
    t.choose(P1, "play \"Event EV\"");
    t.choose(P1, "choose \"Orange Friend TWO\" at P2's home");
    assert_eq!(t.g.power(two), Some(1));
    assert_eq!(t.g.card(two).zone, Zone::Play);
    t.choose(P1, "play \"Event EW\"");
    t.choose(P1, "choose \"Orange Friend ONE\" at P2's home");
    assert_eq!(t.g.card(one).zone, Zone::Discard);
}

#[test]
fn r509_1_descriptions_read_a_cards_attachments_and_an_attachments_host() {
    let effects = vec![
        Effect::Exhaust(Target::Each(Cards {
            has_attached: Some(Box::new(Cards {
                card_type: Some(CardKind::Type(CardType::Resource)),
                ..Cards::default()
            })),
            ..friends()
        })),
        Effect::Dismiss(Target::Each(Cards {
            card_type: Some(CardKind::Type(CardType::Resource)),
            attached_to: Some(Box::new(Cards {
                power_at_least: Some(2),
                ..friends()
            })),
            ..Cards::default()
        })),
    ];
    let mut ids = Vec::new();
    let mut t = board(
        deck("A", Blue, vec![event("EV", effects)], 5),
        deck(
            "B",
            Orange,
            vec![
                friend("BIG", Orange, 2, 1, 0),
                friend("SMALL", Orange, 1, 1, 0),
                friend("BARE", Orange, 2, 1, 0),
                resource("R1", Orange, 0, 1),
                resource("R2", Orange, 0, 1),
            ],
            5,
        ),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            for n in ["BIG", "SMALL", "BARE"] {
                ids.push(place(b, P2, n, Area::Home(P2)));
            }
            for (n, host) in [("R1", ids[0]), ("R2", ids[1])] {
                let r = place(b, P2, n, Area::Home(P2));
                b.attach(r, host);
                ids.push(r);
            }
            b.set_tokens(P1, 3);
        },
    );
    t.choose(P1, "play \"Event EV\"");
    let [big, small, bare, r1, r2] = ids[..] else {
        unreachable!()
    };
    assert!(t.g.card(big).is_exhausted());
    assert!(t.g.card(small).is_exhausted());
    assert!(!t.g.card(bare).is_exhausted());
    assert_eq!(t.g.card(r1).zone, Zone::Discard);
    assert_eq!(t.g.card(r2).zone, Zone::Play);
}

#[test]
fn r702_a_gained_trait_is_read_by_descriptions_and_shown_by_the_card() {
    let giver = with(
        friend("GIVE", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::GainTrait {
                cards: Some(Cards {
                    controller: Some(Who::You),
                    place: Some(Place::Here),
                    other: true,
                    ..friends()
                }),
                trait_: "Critter".into(),
            },
            condition: Some(Condition::AtAProblem),
        }],
    );
    let critters = Cards {
        trait_: Some("Critter".into()),
        ..friends()
    };
    let (mut near, mut far) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                giver,
                friend("NEAR", Blue, 1, 1, 0),
                friend("FAR", Blue, 1, 1, 0),
                event("EV", vec![Effect::Exhaust(Target::Each(critters))]),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            place(b, P1, "GIVE", Area::Problem(P1));
            near = Some(place(b, P1, "NEAR", Area::Problem(P1)));
            far = Some(place(b, P1, "FAR", Area::Home(P1)));
            b.set_tokens(P1, 3);
        },
    );
    let (near, far) = (near.unwrap(), far.unwrap());
    assert!(t.g.current_traits(near).iter().any(|x| x == "Critter"));
    assert!(t.g.current_traits(far).is_empty());
    t.choose(P1, "play \"Event EV\"");
    assert!(t.g.card(near).is_exhausted());
    assert!(!t.g.card(far).is_exhausted());
}

#[test]
fn r506_a_trigger_on_a_move_can_send_the_card_back_where_it_came_from() {
    let watch = with(
        friend("WATCH", Blue, 1, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::MovedAway).card(TriggerCard::Any(Cards {
                other: true,
                ..friends()
            })),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::Send {
                target: Target::It,
                to: AreaRef::There,
            }],
        }],
    );
    let mut f = None;
    let mut t = board(
        deck("A", Blue, vec![watch, friend("F", Blue, 1, 1, 0)], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "WATCH", Area::Home(P1));
            f = Some(place(b, P1, "F", Area::Problem(P1)));
            b.set_tokens(P1, 3);
        },
    );
    let f = f.unwrap();
    let here =
        t.g.def(t.g.problem_at(Area::Problem(P1)).unwrap())
            .title
            .clone();
    t.choose(
        P1,
        &format!("move \"Blue Friend F\" from \"{here}\" to home"),
    );
    assert_eq!(t.g.card(f).area, Some(Area::Problem(P1)));
}

#[test]
fn r705_2g_a_play_to_this_cards_area_triggers_and_a_play_elsewhere_doesnt() {
    let watch = with(
        friend("WATCH", Blue, 1, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::Played)
                .card(TriggerCard::Any(friends()))
                .at(Spot::Here),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::Exhaust(Target::It)],
        }],
    );
    let (mut a, mut h) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                watch,
                friend("IN", Blue, 1, 1, 0),
                friend("OUT", Blue, 1, 1, 0),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "WATCH", Area::Problem(P1));
            a = Some(to_hand(b, P1, "IN"));
            h = Some(to_hand(b, P1, "OUT"));
            b.set_tokens(P1, 5);
        },
    );
    let here =
        t.g.def(t.g.problem_at(Area::Problem(P1)).unwrap())
            .title
            .clone();
    t.choose(P1, "play \"Blue Friend OUT\" to home");
    t.choose(P1, &format!("play \"Blue Friend IN\" to \"{here}\""));
    assert!(t.g.card(a.unwrap()).is_exhausted());
    assert!(!t.g.card(h.unwrap()).is_exhausted());
}

#[test]
fn r506_1_elsewhere_and_another_problem_keep_cards_apart() {
    let effects = vec![
        Effect::Pick(Target::Choose(Cards {
            controller: Some(Who::You),
            place: Some(Place::AtHome),
            ..friends()
        })),
        Effect::Move {
            target: Target::It,
            to: AreaRef::AProblem,
        },
        Effect::Move {
            target: Target::Choose(Cards {
                controller: Some(Who::You),
                place: Some(Place::AtHome),
                ..friends()
            }),
            to: AreaRef::AnotherProblemThanIts,
        },
    ];
    let lead = with(
        friend("LEAD", Blue, 1, 1, 0),
        vec![Ability::Activated {
            timing: Timing::Phase(PhaseName::Main),
            condition: None,
            cost: vec![],
            effects: vec![Effect::Exhaust(Target::Each(Cards {
                place: Some(Place::Elsewhere),
                ..friends()
            }))],
        }],
    );
    let mut ids = Vec::new();
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                event("EV", effects),
                friend("X", Blue, 1, 1, 0),
                friend("Y", Blue, 1, 1, 0),
                lead,
                friend("NEXT", Blue, 1, 1, 0),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            ids.push(place(b, P1, "X", Area::Home(P1)));
            ids.push(place(b, P1, "Y", Area::Home(P1)));
            ids.push(place(b, P1, "LEAD", Area::Problem(P2)));
            ids.push(place(b, P1, "NEXT", Area::Problem(P2)));
            b.set_tokens(P1, 3);
        },
    );
    let [x, y, lead, next] = ids[..] else {
        unreachable!()
    };
    let mine =
        t.g.def(t.g.problem_at(Area::Problem(P1)).unwrap())
            .title
            .clone();
    t.choose(P1, "play \"Event EV\"");
    t.choose(P1, "choose \"Blue Friend X\" at home");
    t.choose(P1, &format!("choose \"{mine}\""));
    // Y can only go to the other Problem: the engine takes the only choice.
    assert_eq!(t.g.card(x).area, Some(Area::Problem(P1)));
    assert_eq!(t.g.card(y).area, Some(Area::Problem(P2)));
    t.choose(P1, "use \"Blue Friend LEAD\"");
    assert!(t.g.card(x).is_exhausted());
    assert!(!t.g.card(y).is_exhausted());
    assert!(!t.g.card(next).is_exhausted());
    assert!(!t.g.card(lead).is_exhausted());
}

#[test]
fn r512_3_a_troublemaker_phase_card_opens_a_window_in_that_phase_only() {
    let draw = vec![Effect::Draw {
        who: Who::You,
        amount: Amount::N(1),
    }];
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                event_at("TM", Timing::Phase(PhaseName::Troublemaker), draw.clone()),
                event("MN", draw),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::TroublemakerPhase,
        |b| {
            to_hand(b, P1, "TM");
            to_hand(b, P1, "MN");
            b.set_tokens(P1, 3);
        },
    );
    t.assert_offered("play \"Event TM\"");
    t.assert_not_offered("play \"Event MN\"");
    t.assert_offered("let the phase go on");
    // Each window of the phase offers it again until the Main Phase comes.
    while t.offered("let the phase go on") {
        t.choose(P1, "let the phase go on");
    }
    // In the Main Phase it is the other way round.
    t.assert_offered("play \"Event MN\"");
    t.assert_not_offered("play \"Event TM\"");
}

#[test]
fn r601_2_tokens_for_the_phase_are_spent_first_and_the_rest_go_as_it_ends() {
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![event(
                "EV",
                vec![Effect::GainTokensForPhase {
                    who: Who::You,
                    amount: Amount::N(2),
                }],
            )],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            b.set_tokens(P1, 1);
        },
    );
    t.choose(P1, "play \"Event EV\"");
    assert_eq!(t.g.player(P1).tokens, 3);
    t.choose(P1, "draw a card");
    assert_eq!(t.g.player(P1).tokens, 2);
    t.choose(P1, "end the Main Phase");
    // One of the two was spent; the other lapses, and the token P1 had stays.
    assert_eq!(t.g.player(P1).tokens, 1);
}

#[test]
fn r509_an_attachment_can_be_moved_to_another_host_that_fits() {
    let effects = vec![
        Effect::Pick(Target::Choose(Cards {
            card_type: Some(CardKind::Type(CardType::Resource)),
            ..Cards::default()
        })),
        Effect::Reattach { to: friends() },
    ];
    let mut ids = Vec::new();
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                event("EV", effects),
                friend("OLD", Blue, 1, 1, 0),
                resource("R", Blue, 0, 1),
            ],
            5,
        ),
        deck("B", Orange, vec![friend("NEW", Orange, 1, 1, 0)], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            let old = place(b, P1, "OLD", Area::Home(P1));
            let r = place(b, P1, "R", Area::Home(P1));
            b.attach(r, old);
            ids.extend([old, r, place(b, P2, "NEW", Area::Problem(P2))]);
            b.set_tokens(P1, 3);
        },
    );
    let [_old, r, new] = ids[..] else {
        unreachable!()
    };
    t.choose(P1, "play \"Event EV\"");
    // The only other Friend is the new host; the old one and the Manes aren't offered.
    assert_eq!(t.g.card(r).host, Some(new));
    assert_eq!(t.g.card(r).area, Some(Area::Problem(P2)));
    assert_eq!(t.g.card(r).controller, P1);
    assert_eq!(t.g.card(r).zone, Zone::Play);
}

#[test]
fn r508_1e_a_card_played_for_free_costs_nothing_but_needs_its_play_requirement() {
    let back = Effect::PlayFree {
        target: Target::Each(Cards {
            controller: Some(Who::You),
            place: Some(Place::Discard),
            ..friends()
        }),
        frightened: false,
        on: None,
    };
    let mut ids = Vec::new();
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                event("EV", vec![back]),
                friend("EASY", Blue, 1, 3, 1),
                friend("HARD", Blue, 1, 3, 9),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            for n in ["EASY", "HARD"] {
                let c = b.take(P1, n).unwrap();
                b.to_zone(c, Zone::Discard).unwrap();
                ids.push(c);
            }
            b.set_tokens(P1, 1);
        },
    );
    t.choose(P1, "play \"Event EV\"");
    assert_eq!(t.g.card(ids[0]).zone, Zone::Play);
    assert_eq!(t.g.card(ids[0]).area, Some(Area::Home(P1)));
    // 205.1: nine blue power is out of reach.
    assert_eq!(t.g.card(ids[1]).zone, Zone::Discard);
    assert_eq!(t.g.player(P1).tokens, 1);
}

#[test]
fn r518_a_card_going_to_the_discard_pile_from_hand_can_fetch_a_copy_into_play_frightened() {
    let fetch = |n: &str| {
        with(
            friend(n, Blue, 1, 1, 0),
            vec![Ability::Triggered {
                when: Trigger::on(Happening::ToDiscardPile).card(TriggerCard::This),
                condition: None,
                optional: false,
                cost: vec![],
                effects: vec![Effect::SearchAndPlay {
                    cards: Cards {
                        title: Some("Blue Friend KEEP".into()),
                        ..Cards::default()
                    },
                    frightened: true,
                }],
            }],
        )
    };
    let toss = event(
        "EV",
        vec![Effect::Discard {
            who: Who::You,
            amount: Amount::N(1),
            random: false,
        }],
    );
    let mut copy = None;
    let mut t = board(
        deck("A", Blue, vec![toss, fetch("KEEP"), fetch("KEEP")], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            to_hand(b, P1, "KEEP");
            copy = Some(b.take(P1, "KEEP").unwrap());
            b.set_tokens(P1, 1);
        },
    );
    let copy = copy.unwrap();
    t.choose(P1, "play \"Event EV\"");
    t.choose(P1, "choose \"Blue Friend KEEP\"");
    assert_eq!(t.g.card(copy).zone, Zone::Play);
    assert_eq!(t.g.card(copy).area, Some(Area::Home(P1)));
    assert!(t.g.card(copy).frightened);
    assert_eq!(t.g.player(P1).tokens, 1);
}

#[test]
fn r410_5_a_linked_banished_card_returns_when_the_card_that_banished_it_leaves_play() {
    let keeper = with(
        friend("KEEP", Blue, 1, 1, 0),
        vec![
            Ability::Activated {
                timing: Timing::Phase(PhaseName::Main),
                condition: None,
                cost: vec![],
                effects: vec![Effect::BanishLinked(Target::Choose(Cards {
                    card_type: Some(CardKind::Type(CardType::Troublemaker)),
                    ..Cards::default()
                }))],
            },
            Ability::Triggered {
                when: Trigger::on(Happening::LeavesArea).card(TriggerCard::This),
                condition: None,
                optional: false,
                cost: vec![],
                effects: vec![Effect::ReturnLinked],
            },
        ],
    );
    let drop = event(
        "EV",
        vec![Effect::Dismiss(Target::Each(Cards {
            title: Some("Blue Friend KEEP".into()),
            ..Cards::default()
        }))],
    );
    let (mut k, mut tm) = (None, None);
    let mut t = board(
        deck("A", Blue, vec![keeper, drop], 5),
        deck("B", Orange, vec![troublemaker("TM", 3, 1, false)], 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            k = Some(place(b, P1, "KEEP", Area::Problem(P1)));
            tm = Some(place(b, P2, "TM", Area::Problem(P1)));
            b.set_tokens(P1, 3);
        },
    );
    let (k, tm) = (k.unwrap(), tm.unwrap());
    t.choose(P1, "use \"Blue Friend KEEP\"");
    assert_eq!(t.g.card(tm).zone, Zone::Banished);
    t.choose(P1, "play \"Event EV\"");
    assert_eq!(t.g.card(k).zone, Zone::Discard);
    let theirs =
        t.g.def(t.g.problem_at(Area::Problem(P2)).unwrap())
            .title
            .clone();
    t.choose(P1, &format!("choose \"{theirs}\""));
    assert_eq!(t.g.card(tm).zone, Zone::Play);
    assert_eq!(t.g.card(tm).area, Some(Area::Problem(P2)));
    assert!(!t.g.card(tm).face_down);
    assert_eq!(t.g.card(tm).controller, P2);
}
