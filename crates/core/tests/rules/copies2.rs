//! The "tokens2" branch: token copies (520.2) of Resources and Troublemakers, where they
//! go, the tokens' own rules for them (521), uniqueness (516), cards put into play
//! without being played, "if you do" after a dismissal, and the Unique selector.

use crate::support::T;
use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::{InPlay, StartAt};
use ponyccg_core::card::{CardDef, CardType, Color::*, Keyword};
use ponyccg_core::decision::Prompt;
use ponyccg_core::event::Event;
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, CardId, Zone};

/// Answers the pending decision with the only label containing every one of `parts`.
fn choose_with(t: &mut T, player: ponyccg_core::PlayerId, parts: &[&str]) {
    let labels = t.labels();
    let found: Vec<&String> = labels
        .iter()
        .filter(|l| parts.iter().all(|p| l.contains(p)))
        .collect();
    assert_eq!(found.len(), 1, "{parts:?} among {labels:#?}");
    let label = found[0].clone();
    t.choose(player, &label);
}

/// Every token made so far, in the order they were made.
fn tokens(t: &T) -> Vec<CardId> {
    (0..t.g.num_cards() as u16)
        .map(CardId)
        .filter(|&c| t.g.is_token(c))
        .collect()
}

fn pending_prompt(t: &T) -> Option<Prompt> {
    t.g.decision().map(|d| d.prompt.clone())
}

fn tm_sel() -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Troublemaker)),
        ..Cards::default()
    }
}

fn friend_sel() -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        ..Cards::default()
    }
}

/// P1 plays "EV" (doing `effects`) from hand in their Main Phase, `more` in P1's deck.
fn play_event(
    effects: Vec<Effect>,
    more: Vec<CardDef>,
    f: impl FnOnce(&mut ponyccg_core::board::Board),
) -> T {
    event_played(effects, more, vec![], f)
}

#[test]
fn r520_2_token_copy_of_a_troublemaker_keeps_printed_values_only() {
    let mut src = None;
    let mut t = play_event(
        vec![Effect::PutTokenCopy {
            of: Target::Choose(tm_sel()),
            at: None,
        }],
        vec![troublemaker("TM", 3, 1, false)],
        |b| {
            let how = InPlay {
                counters: 2,
                exhausted: true,
                ..Default::default()
            };
            src = Some(place_with(b, P1, "TM", Area::Problem(P1), how));
        },
    );
    let src = src.unwrap();
    // The only Troublemaker is taken; its copy goes to a Problem P1 picks (306.1).
    assert_eq!(pending_prompt(&t), Some(Prompt::ChooseProblem));
    assert!(t.labels().iter().all(|l| !l.contains("home")));
    choose_with(&mut t, P1, &["BP"]);
    let made = tokens(&t);
    assert_eq!(made.len(), 1);
    let copy = made[0];
    let k = t.g.card(copy);
    assert_eq!(k.zone, Zone::Play);
    assert_eq!(k.area, Some(Area::Problem(P2)));
    assert!(!k.face_down);
    assert!(k.is_ready());
    assert_eq!((k.owner, k.controller), (P1, P1));
    assert_eq!(t.g.name(copy), t.g.name(src));
    assert_eq!(t.g.power(src), Some(5));
    assert_eq!(t.g.power(copy), Some(3));
    assert_eq!(t.g.printed_cost(copy), Some(0));
}

#[test]
fn r521_4_a_troublemaker_token_turned_face_down_ceases_to_exist() {
    let mut t = play_event(
        vec![
            Effect::PutTokenCopy {
                of: Target::Each(tm_sel()),
                at: None,
            },
            Effect::Cover(Target::Each(Cards {
                token: Some(true),
                ..tm_sel()
            })),
        ],
        vec![troublemaker("TM", 3, 1, false)],
        |b| {
            place(b, P1, "TM", Area::Problem(P1));
        },
    );
    choose_with(&mut t, P1, &["BP"]);
    let made = tokens(&t);
    assert_eq!(made.len(), 1);
    assert_eq!(t.g.card(made[0]).zone, Zone::Gone);
    assert_eq!(
        t.g.at(Area::Problem(P2))
            .filter(|&c| t.g.is_token(c))
            .count(),
        0
    );
}

/// A Troublemaker that, as it is uncovered, puts a token copy of itself at each other
/// Problem (DE115's shape).
fn spreading_troublemaker() -> CardDef {
    with(
        troublemaker("SPREAD", 4, 1, false),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::Uncovered).card(TriggerCard::This),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::PutTokenCopy {
                of: Target::This,
                at: Some(CopyPlace::EachOtherProblem),
            }],
        }],
    )
}

#[test]
fn r607_3_a_troublemaker_token_entering_face_up_is_uncovered_without_being_uncovered() {
    let mut src = None;
    let mut t = board(
        deck("A", Blue, vec![spreading_troublemaker()], 5),
        deck("B", Orange, vec![], 5),
        StartAt::TroublemakerPhase,
        |b| {
            let how = InPlay {
                face_down: true,
                ..Default::default()
            };
            src = Some(place_with(b, P1, "SPREAD", Area::Problem(P2), how));
        },
    );
    let src = src.unwrap();
    let events = t.g.take_events();
    let made = tokens(&t);
    // One copy, at the other Problem only; it is face-up, yet its own ability never
    // fired (no second copy), and only the original was uncovered.
    assert_eq!(made.len(), 1, "{events:?}");
    assert_eq!(t.g.card(made[0]).area, Some(Area::Problem(P1)));
    assert!(!t.g.card(made[0]).face_down);
    assert!(!t.g.card(src).face_down);
    let uncovered: Vec<CardId> = events
        .iter()
        .filter_map(|e| match e {
            Event::Uncovered(c) => Some(*c),
            _ => None,
        })
        .collect();
    assert_eq!(uncovered, vec![src]);
}

#[test]
fn r516_4_a_token_copy_at_the_same_problem_as_its_troublemaker_violates_uniqueness() {
    let mut t = play_event(
        vec![Effect::PutTokenCopy {
            of: Target::Each(tm_sel()),
            at: Some(CopyPlace::AProblem),
        }],
        vec![troublemaker("TM", 3, 1, false)],
        |b| {
            place(b, P1, "TM", Area::Problem(P1));
        },
    );
    choose_with(&mut t, P1, &["AP"]);
    // Two face-up Troublemakers of P1's at one Problem: P1 must dismiss one (516.2).
    assert_eq!(pending_prompt(&t), Some(Prompt::RepairUniqueness));
    assert_eq!(t.who(), P1);
}

#[test]
fn r516_3_a_token_copy_of_a_unique_friend_violates_uniqueness() {
    let mut star = friend("STAR", Blue, 2, 2, 0);
    star.face.traits = vec!["Unique".into()];
    let t = play_event(
        vec![Effect::TokenCopy(Target::Choose(Cards {
            unique: Some(true),
            ..friend_sel()
        }))],
        vec![star],
        |b| {
            place(b, P1, "STAR", Area::Home(P1));
        },
    );
    assert_eq!(tokens(&t).len(), 1);
    assert_eq!(pending_prompt(&t), Some(Prompt::RepairUniqueness));
}

#[test]
fn r516_3_the_unique_selector_reads_the_unique_trait() {
    let mut star = friend("STAR", Blue, 2, 2, 0);
    star.face.traits = vec!["Unique".into()];
    let plain = friend("PLAIN", Blue, 2, 2, 0);
    let mut ids = Vec::new();
    let t = play_event(
        vec![
            Effect::Exhaust(Target::Each(Cards {
                unique: Some(true),
                controller: Some(Who::You),
                ..friend_sel()
            })),
            Effect::Draw {
                who: Who::You,
                amount: Amount::CountOf(Cards {
                    unique: Some(false),
                    controller: Some(Who::You),
                    ..friend_sel()
                }),
            },
        ],
        vec![star, plain],
        |b| {
            ids.push(place(b, P1, "STAR", Area::Home(P1)));
            ids.push(place(b, P1, "PLAIN", Area::Home(P1)));
        },
    );
    let [star, plain] = ids[..] else {
        unreachable!()
    };
    assert!(t.g.card(star).is_exhausted());
    assert!(!t.g.card(plain).is_exhausted());
    // One non-Unique Friend: one card drawn.
    assert_eq!(t.g.player(P1).hand.len(), 1);
}

#[test]
fn r509_2_a_token_copy_of_an_attachment_enters_play_on_a_host_its_controller_picks() {
    let on_friend = with(
        resource("RES", Blue, 1, 1),
        vec![Ability::Attach(friend_sel())],
    );
    let mut ids = Vec::new();
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                main_event(
                    "EV",
                    vec![Effect::TokenCopy(Target::Choose(Cards {
                        card_type: Some(CardKind::Type(CardType::Resource)),
                        ..Cards::default()
                    }))],
                ),
                friend("MINE", Blue, 1, 1, 0),
            ],
            5,
        ),
        deck(
            "B",
            Orange,
            vec![on_friend, friend("THEIRS", Orange, 1, 1, 0)],
            5,
        ),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            ids.push(place(b, P1, "MINE", Area::Problem(P1)));
            let theirs = place(b, P2, "THEIRS", Area::Home(P2));
            let res = place(b, P2, "RES", Area::Home(P2));
            b.attach(res, theirs);
            ids.push(theirs);
            ids.push(res);
        },
    );
    t.choose(P1, "play \"Event EV\"");
    // The host is asked for among cards that fit the host description.
    assert_eq!(pending_prompt(&t), Some(Prompt::Target));
    choose_with(&mut t, P1, &["MINE"]);
    let [mine, theirs, res] = ids[..] else {
        unreachable!()
    };
    let made = tokens(&t);
    assert_eq!(made.len(), 1);
    let k = t.g.card(made[0]);
    assert_eq!(k.host, Some(mine));
    assert_eq!(k.area, Some(Area::Problem(P1)));
    assert_eq!(k.controller, P1);
    assert_eq!(t.g.name(made[0]), t.g.name(res));
    assert_eq!(t.g.card(res).host, Some(theirs));
}

#[test]
fn r305_1a_a_token_copy_of_a_resource_that_is_no_attachment_goes_to_its_controllers_home() {
    let mut src = None;
    let t = play_event(
        vec![Effect::TokenCopy(Target::Choose(Cards {
            card_type: Some(CardKind::Type(CardType::Resource)),
            ..Cards::default()
        }))],
        vec![resource("RES", Blue, 2, 3)],
        |b| {
            src = Some(place(b, P1, "RES", Area::Home(P1)));
        },
    );
    let made = tokens(&t);
    assert_eq!(made.len(), 1);
    assert_eq!(t.g.card(made[0]).area, Some(Area::Home(P1)));
    assert_eq!(t.g.card(made[0]).host, None);
    assert_eq!(t.g.printed_cost(made[0]), Some(0));
    assert_eq!(t.g.printed_cost(src.unwrap()), Some(3));
}

#[test]
fn r306_1_a_troublemaker_put_into_play_from_hand_goes_to_a_chosen_problem_unplayed() {
    let mut tm = None;
    let mut t = play_event(
        vec![
            Effect::Pick(Target::Choose(Cards {
                place: Some(Place::Hand),
                controller: Some(Who::You),
                ..tm_sel()
            })),
            Effect::PutIntoPlay {
                target: Target::It,
                face_down: false,
                at: None,
                owners: false,
                on: None,
            },
        ],
        vec![troublemaker("TM", 3, 1, false)],
        |b| {
            tm = Some(to_hand(b, P1, "TM"));
        },
    );
    let tm = tm.unwrap();
    assert_eq!(pending_prompt(&t), Some(Prompt::ChooseProblem));
    t.g.take_events();
    choose_with(&mut t, P1, &["BP"]);
    let k = t.g.card(tm);
    assert_eq!(k.zone, Zone::Play);
    assert_eq!(k.area, Some(Area::Problem(P2)));
    assert!(!k.face_down);
    assert_eq!(k.controller, P1);
    let events = t.g.take_events();
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Played { card, .. } if *card == tm)),
        "{events:?}"
    );
    assert!(!events.iter().any(|e| matches!(e, Event::Uncovered(_))));
}

/// The Persistent Friend of the second game in the test below.
fn sturdy_id(t: &T) -> u16 {
    (0..t.g.num_cards() as u16)
        .find(|&i| t.g.name(CardId(i)) == "Blue Friend STURDY")
        .unwrap()
}

#[test]
fn r410_1_if_you_do_holds_only_when_the_dismissal_happened() {
    // Dismiss a chosen Friend; if that happened, draw a card and copy it.
    let effects = vec![
        Effect::Pick(Target::Choose(friend_sel())),
        Effect::Dismiss(Target::It),
        Effect::If {
            cond: Condition::ItDismissed,
            then: vec![
                Effect::Draw {
                    who: Who::You,
                    amount: Amount::N(1),
                },
                Effect::TokenCopy(Target::It),
            ],
            otherwise: vec![],
        },
    ];
    // A plain Friend: dismissed, so a card is drawn and a copy of it (no longer in play)
    // comes into play at P1's home.
    let t = play_event(effects.clone(), vec![friend("PLAIN", Blue, 2, 2, 0)], |b| {
        place(b, P1, "PLAIN", Area::Problem(P1));
    });
    assert_eq!(t.g.player(P1).hand.len(), 1);
    let made = tokens(&t);
    assert_eq!(made.len(), 1);
    assert_eq!(t.g.card(made[0]).area, Some(Area::Home(P1)));
    assert_eq!(t.g.name(made[0]), "Blue Friend PLAIN");

    // A Persistent Friend frightened instead (710): it was not dismissed.
    let mut sturdy = friend("STURDY", Blue, 2, 2, 0);
    sturdy.face.keywords = vec![Keyword::Persistent];
    let mut t = play_event(effects, vec![sturdy], |b| {
        place(b, P1, "STURDY", Area::Problem(P1));
    });
    assert_eq!(pending_prompt(&t), Some(Prompt::May));
    t.choose(P1, "yes");
    assert!(t.g.card(CardId(sturdy_id(&t))).frightened);
    assert!(t.g.player(P1).hand.is_empty());
    assert!(tokens(&t).is_empty());
}

#[test]
fn r521_3_if_you_do_holds_for_a_token_that_ceased_to_exist_by_being_dismissed() {
    let rock = TokenSpec {
        card_type: CardType::Friend,
        power: 3,
        traits: vec!["Rock".into()],
        colors: vec![Orange],
        keywords: vec![],
        name: None,
    };
    let t = play_event(
        vec![
            Effect::MakeToken {
                token: rock,
                count: 1,
                at: None,
            },
            Effect::Pick(Target::Each(Cards {
                token: Some(true),
                ..friend_sel()
            })),
            Effect::Dismiss(Target::It),
            Effect::If {
                cond: Condition::ItDismissed,
                then: vec![Effect::TokenCopy(Target::It)],
                otherwise: vec![],
            },
        ],
        vec![],
        |_| {},
    );
    let made = tokens(&t);
    assert_eq!(made.len(), 2);
    assert_eq!(t.g.card(made[0]).zone, Zone::Gone);
    assert_eq!(t.g.card(made[1]).zone, Zone::Play);
    assert_eq!(t.g.name(made[1]), "Rock");
}

#[test]
fn r506_1_you_move_fires_only_for_moves_its_controller_makes() {
    // When you move this card, draw a card.
    let watcher = with(
        friend("WATCH", Blue, 1, 1, 0),
        vec![draw_on(
            Trigger::on(Happening::Moved)
                .by(Actor::You)
                .card(TriggerCard::This),
            None,
        )],
    );
    // Moved by the opponent's instructions: no card drawn.
    let mut w2 = None;
    let t = play_event(
        vec![Effect::By {
            decide_first: false,
            only: None,
            who: Who::Opponent,
            may: false,
            cost: Vec::new(),
            effects: vec![Effect::Move {
                target: Target::Each(Cards {
                    title: Some("Blue Friend WATCH".into()),
                    ..Cards::default()
                }),
                to: AreaRef::AnotherProblemThanIts,
            }],
        }],
        vec![watcher.clone()],
        |b| {
            w2 = Some(place(b, P1, "WATCH", Area::Problem(P1)));
        },
    );
    assert_eq!(t.g.card(w2.unwrap()).area, Some(Area::Problem(P2)));
    assert!(t.g.player(P1).hand.is_empty());
    // Moved by P1's own instructions: one card drawn.
    let mut w3 = None;
    let t = play_event(
        vec![Effect::Move {
            target: Target::Each(Cards {
                title: Some("Blue Friend WATCH".into()),
                ..Cards::default()
            }),
            to: AreaRef::AnotherProblemThanIts,
        }],
        vec![watcher],
        |b| {
            w3 = Some(place(b, P1, "WATCH", Area::Problem(P1)));
        },
    );
    assert_eq!(t.g.card(w3.unwrap()).area, Some(Area::Problem(P2)));
    assert_eq!(t.g.player(P1).hand.len(), 1);
}

#[test]
fn r201_1_same_name_as_it_needs_both_title_and_subtitle() {
    let named = |n: &str, sub: &str| {
        let mut d = friend(n, Blue, 1, 1, 0);
        d.title = "Twin".into();
        d.subtitle = sub.into();
        d
    };
    let mut ids = Vec::new();
    let t = play_event(
        vec![
            Effect::Pick(Target::Each(Cards {
                title: Some("Twin".into()),
                place: Some(Place::AtHome),
                ..friend_sel()
            })),
            Effect::Exhaust(Target::Each(Cards {
                same_name_as_it: true,
                place: Some(Place::AtAProblem),
                ..friend_sel()
            })),
        ],
        vec![
            named("T1", "First"),
            named("T2", "First"),
            named("T3", "Second"),
        ],
        |b| {
            ids.push(place(b, P1, "T1", Area::Home(P1)));
            ids.push(place(b, P1, "T2", Area::Problem(P1)));
            ids.push(place(b, P1, "T3", Area::Problem(P1)));
        },
    );
    let [_, same, other] = ids[..] else {
        unreachable!()
    };
    assert!(t.g.card(same).is_exhausted());
    assert!(!t.g.card(other).is_exhausted());
}
