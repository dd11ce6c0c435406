//! Chapter 5: game concepts.

use crate::support::*;
use ponyccg_core::board::{InPlay, StartAt};
use ponyccg_core::card::Color::*;
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Occurrence, Zone};

#[test]
fn r503_2a_exhausted_cards_cant_become_exhausted_and_r503_4a_problems_never_do() {
    let mut f = None;
    let mut t = board(
        deck("A", Blue, vec![friend("F", Blue, 1, 1, 0)], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            f = Some(place(b, P1, "F", Area::Home(P1)));
        },
    );
    let f = f.unwrap();
    assert!(t.g.perform(Occurrence::Exhaust(f)));
    assert!(!t.g.perform(Occurrence::Exhaust(f)));
    let pr = t.g.problem_at(Area::Problem(P1)).unwrap();
    assert!(!t.g.perform(Occurrence::Exhaust(pr)));
}

#[test]
fn r504_1_frightening_turns_face_down_and_removes_counters_and_attachments() {
    let (mut f, mut r) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![friend("F", Blue, 2, 1, 0), resource("R", Blue, 1, 1)],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            let ff = place_with(
                b,
                P1,
                "F",
                Area::Home(P1),
                InPlay {
                    counters: 2,
                    ..Default::default()
                },
            );
            let rr = place(b, P1, "R", Area::Home(P1));
            b.attach(rr, ff);
            f = Some(ff);
            r = Some(rr);
        },
    );
    let (f, r) = (f.unwrap(), r.unwrap());
    assert_eq!(t.g.power(f), Some(4));
    assert!(t.g.perform(Occurrence::Frighten(f)));
    let k = t.g.card(f);
    assert!(k.face_down && k.frightened && k.power_counters == 0);
    assert_eq!(t.g.card(r).zone, Zone::Discard);
    // 505.1b: no power or colour while face-down; 504.2b: can't be frightened again.
    assert_eq!(t.g.power(f), None);
    assert!(t.g.colors(f).is_empty());
    assert!(!t.g.perform(Occurrence::Frighten(f)));
}

#[test]
fn r506_2_cant_move_to_current_area_or_another_players_home_and_r506_2a_troublemakers_never_home() {
    let (mut f, mut tm) = (None, None);
    let t = board(
        deck(
            "A",
            Blue,
            vec![friend("F", Blue, 1, 1, 0), troublemaker("TM", 1, 1, false)],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            f = Some(place(b, P1, "F", Area::Home(P1)));
            tm = Some(place(b, P1, "TM", Area::Problem(P2)));
        },
    );
    let g = &t.g;
    assert!(!g.can_happen(Occurrence::Move {
        card: f.unwrap(),
        to: Area::Home(P1)
    }));
    assert!(!g.can_happen(Occurrence::Move {
        card: f.unwrap(),
        to: Area::Home(P2)
    }));
    assert!(g.can_happen(Occurrence::Move {
        card: f.unwrap(),
        to: Area::Problem(P2)
    }));
    assert!(!g.can_happen(Occurrence::Move {
        card: tm.unwrap(),
        to: Area::Home(P1)
    }));
    assert!(g.can_happen(Occurrence::Move {
        card: tm.unwrap(),
        to: Area::Problem(P1)
    }));
}

#[test]
fn r507_3_power_of_a_colour_counts_every_character_in_play() {
    let t = board(
        deck(
            "A",
            Blue,
            vec![friend("F", Blue, 2, 1, 0), friend("G", Blue, 3, 1, 0)],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "F", Area::Home(P1));
            place_with(
                b,
                P1,
                "G",
                Area::Problem(P2),
                InPlay {
                    exhausted: true,
                    ..Default::default()
                },
            );
        },
    );
    assert_eq!(t.g.power_of_color(P1, Blue), 1 + 2 + 3);
    assert_eq!(t.g.power_of_color(P1, Orange), 0);
}

#[test]
fn r511_4_frightened_non_friends_are_turned_face_up() {
    let mut m = None;
    let t = board(
        deck("A", Blue, vec![], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            let mm = b.mane(P1);
            b.to_play(
                mm,
                Area::Home(P1),
                InPlay {
                    frightened: true,
                    ..Default::default()
                },
            )
            .unwrap();
            m = Some(mm);
        },
    );
    let k = t.g.card(m.unwrap());
    assert!(!k.frightened && !k.face_down);
}

#[test]
fn r514_5c_a_tie_flips_again() {
    let mut tm = None;
    // 2+1 against the Troublemaker's 2+1; the second flips are 5 and 1.
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                friend("F", Blue, 2, 1, 0),
                friend("A1", Blue, 1, 1, 0),
                friend("A5", Blue, 5, 1, 0),
            ],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 2, 1, false),
                friend("B1", Orange, 1, 1, 0),
                friend("B1", Orange, 1, 1, 0),
            ],
            0,
        ),
        StartAt::ChallengeStep,
        |b| {
            tm = Some(place(b, P2, "TM", Area::Problem(P1)));
            place(b, P1, "F", Area::Problem(P1));
        },
    );
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
    assert_eq!(t.g.score(P1), 1);
    assert_eq!(t.g.card(tm.unwrap()).zone, Zone::Discard);
    // 514.7: P1 orders their two different flipped cards.
    t.choose(P1, "put \"Blue Friend A5\" on the bottom");
    assert_eq!(t.g.player(P1).deck.len(), 2, "both flipped cards went back");
}

#[test]
fn r515_1_an_empty_deck_flips_nothing_and_an_unbreakable_tie_ends_the_faceoff() {
    let mut tm = None;
    let mut t = board(
        deck("A", Blue, vec![friend("F", Blue, 2, 1, 0)], 0),
        deck("B", Orange, vec![troublemaker("TM", 2, 1, false)], 0),
        StartAt::ChallengeStep,
        |b| {
            tm = Some(place(b, P2, "TM", Area::Problem(P1)));
            place(b, P1, "F", Area::Problem(P1));
        },
    );
    assert_eq!(t.g.player(P1).deck.len(), 0);
    t.choose(P1, "challenge \"Troublemaker TM\" at \"Problem AP1\"");
    assert_eq!(t.g.card(tm.unwrap()).zone, Zone::Play, "nobody won");
    assert!(t.g.faceoff().is_none());
}

#[test]
fn r516_3_two_unique_cards_with_one_name_violate_uniqueness() {
    let mut unique = friend("U", Blue, 2, 1, 0);
    unique.face.traits.push("Unique".into());
    let mut t = board(
        deck("A", Blue, vec![unique.clone(), unique], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "U", Area::Home(P1));
            place(b, P1, "U", Area::Problem(P1));
        },
    );
    t.choose(P1, "dismiss \"Blue Friend U\" at \"Problem AP1\"");
    assert_eq!(t.g.player(P1).discard.len(), 1);
}

#[test]
fn r516_4_two_face_up_troublemakers_of_one_player_at_one_problem() {
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                troublemaker("T1", 1, 1, false),
                troublemaker("T2", 2, 1, false),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "T1", Area::Problem(P2));
            place(b, P1, "T2", Area::Problem(P2));
        },
    );
    t.choose(P1, "dismiss \"Troublemaker T2\" at \"Problem BP1\"");
    assert_eq!(t.g.troublemakers_at(Area::Problem(P2)).count(), 1);
}

#[test]
fn r516_4b_an_epic_troublemaker_is_chosen_last() {
    // P2's Epic and P1's Troublemaker at one Problem: the violator (516.2a: the turn
    // player, as nobody has had priority) must dismiss the non-Epic one.
    let mut t = board(
        deck("A", Blue, vec![troublemaker("T1", 1, 1, false)], 5),
        deck("B", Orange, vec![troublemaker("EP", 5, 2, true)], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "T1", Area::Problem(P2));
            place(b, P2, "EP", Area::Problem(P2));
        },
    );
    let _ = &mut t;
    // One legal choice (the non-Epic one) is taken at once.
    let left: Vec<_> = t.g.troublemakers_at(Area::Problem(P2)).collect();
    assert_eq!(left.len(), 1);
    assert!(t.g.is_epic(left[0]));
}

fn hat(number: &str, host: ponyccg_core::ability::Cards) -> ponyccg_core::card::CardDef {
    use ponyccg_core::ability::*;
    let mut d = resource(number, Blue, 1, 1);
    d.face.abilities = vec![
        Ability::Attach(host),
        Ability::Static {
            effect: StaticEffect::Power {
                cards: Some(Cards {
                    host: true,
                    ..Cards::default()
                }),
                amount: Amount::N(2),
            },
            condition: None,
        },
    ];
    d.script = ponyccg_core::card::ScriptStatus::Scripted;
    d
}

fn friend_of_yours() -> ponyccg_core::ability::Cards {
    use ponyccg_core::ability::*;
    Cards {
        card_type: Some(CardKind::Type(ponyccg_core::card::CardType::Friend)),
        controller: Some(Who::You),
        ..Cards::default()
    }
}

#[test]
fn r509_an_attachment_is_played_on_a_host_that_fits_and_follows_it() {
    let (mut f, mut h) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![hat("HAT", friend_of_yours()), friend("F", Blue, 1, 1, 0)],
            5,
        ),
        deck("B", Orange, vec![friend("O", Orange, 1, 1, 0)], 5),
        StartAt::MainPhase,
        |b| {
            h = Some(to_hand(b, P1, "HAT"));
            f = Some(place(b, P1, "F", Area::Home(P1)));
            place(b, P2, "O", Area::Home(P2));
            b.set_tokens(P1, 5);
        },
    );
    let (f, h) = (f.unwrap(), h.unwrap());
    // 509.4: only a Friend you control: not your Mane, not the opponent's Friend.
    t.assert_not_offered("play \"Resource HAT\" on \"Blue Mane AM\" at home");
    t.assert_not_offered("play \"Resource HAT\" on \"Orange Friend O\" at P2's home");
    t.choose(P1, "play \"Resource HAT\" on \"Blue Friend F\" at home");
    assert_eq!(t.g.card(h).host, Some(f));
    assert_eq!(t.g.power(f), Some(3), "the host gets +2");
    // 509.3: attachments are always at their host's area.
    t.choose(P1, "move \"Blue Friend F\" from home to \"Problem AP1\"");
    assert_eq!(t.g.card(h).area, Some(Area::Problem(P1)));
}

#[test]
fn r511_2_an_attachment_whose_host_leaves_play_is_dismissed() {
    let (mut f, mut h) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![hat("HAT", friend_of_yours()), friend("F", Blue, 1, 1, 0)],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            h = Some(to_hand(b, P1, "HAT"));
            f = Some(place(b, P1, "F", Area::Home(P1)));
            b.set_tokens(P1, 5);
        },
    );
    let (f, h) = (f.unwrap(), h.unwrap());
    t.choose(P1, "play \"Resource HAT\" on \"Blue Friend F\" at home");
    t.g.perform(Occurrence::Dismiss {
        card: f,
        by_game: false,
    });
    t.choose(P1, "draw a card");
    assert_eq!(t.g.card(h).zone, Zone::Discard, "511.2");
}

#[test]
fn r519_named_counters_are_put_counted_removed_as_a_cost_and_lost_with_the_object() {
    use ponyccg_core::ability::*;
    // A Friend whose ability costs two Harmony counters; an Event puts Harmony counters
    // on it. 519.3a: once it becomes a new object (returned to hand and played again),
    // it has none.
    let tree = with(
        friend("TR", Blue, 1, 0, 0),
        vec![Ability::Activated {
            condition: None,
            timing: Timing::Phase(PhaseName::Main),
            cost: vec![Cost::RemoveCounters {
                name: "Harmony".into(),
                amount: 2,
            }],
            effects: vec![Effect::GainTokens {
                who: Who::You,
                amount: Amount::N(3),
            }],
        }],
    );
    let on_tree = Target::Each(Cards {
        title: Some("Friend TR".into()),
        place: Some(Place::InPlay),
        ..Cards::default()
    });
    let grow = main_event(
        "GROW",
        vec![Effect::PutCounters {
            target: on_tree.clone(),
            name: "Harmony".into(),
            amount: Amount::N(3),
        }],
    );
    let back = main_event("BACK", vec![Effect::ReturnToHand(on_tree)]);
    let mut tr = None;
    let mut t = board(
        deck("A", Blue, vec![tree, grow, back], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            tr = Some(place(b, P1, "TR", Area::Home(P1)));
            to_hand(b, P1, "GROW");
            to_hand(b, P1, "BACK");
            b.set_tokens(P1, 0);
        },
    );
    let tr = tr.unwrap();
    t.assert_not_offered("use \"Blue Friend TR\"");
    t.choose(P1, "play \"Event GROW\"");
    assert_eq!(t.g.counters_named(tr, "Harmony"), 3);
    assert_eq!(
        t.g.counters_named(tr, "Time"),
        0,
        "counters of another name"
    );
    t.choose(P1, "use \"Blue Friend TR\"");
    assert_eq!(t.g.counters_named(tr, "Harmony"), 1, "two removed to pay");
    assert_eq!(t.g.player(P1).tokens, 3);
    t.assert_not_offered("use \"Blue Friend TR\"");
    t.choose(P1, "play \"Event BACK\"");
    assert_eq!(t.g.card(tr).zone, Zone::Hand);
    t.choose(P1, "play \"Blue Friend TR\" to home");
    assert_eq!(t.g.counters_named(tr, "Harmony"), 0, "519.3a: a new object");
}

#[test]
fn r505_2_a_face_down_troublemaker_entering_play_is_seen_only_by_face_down_descriptions() {
    // P2's watcher scores a point whenever a card of its description enters play; P1 then
    // plays a Troublemaker face-down, or a Friend.
    let score_after = |face_down: Option<bool>, play: &str| {
        let watcher = with(
            friend("W", Orange, 1, 1, 0),
            vec![ponyccg_core::ability::Ability::Triggered {
                when: ponyccg_core::ability::Trigger {
                    card: ponyccg_core::ability::TriggerCard::Any(ponyccg_core::ability::Cards {
                        face_down,
                        ..Default::default()
                    }),
                    ..ponyccg_core::ability::Trigger::on(
                        ponyccg_core::ability::Happening::EntersPlay,
                    )
                },
                condition: None,
                optional: false,
                cost: vec![],
                effects: vec![ponyccg_core::ability::Effect::Score {
                    who: ponyccg_core::ability::Who::You,
                    amount: ponyccg_core::ability::Amount::N(1),
                }],
            }],
        );
        let mut t = board(
            deck(
                "A",
                Blue,
                vec![troublemaker("TM", 3, 1, false), friend("F", Blue, 1, 1, 0)],
                5,
            ),
            deck("B", Orange, vec![watcher], 5),
            StartAt::MainPhase,
            |b| {
                to_hand(b, P1, "TM");
                to_hand(b, P1, "F");
                place(b, P2, "W", Area::Home(P2));
                b.set_tokens(P1, 2);
            },
        );
        t.choose(P1, play);
        t.g.score(P2)
    };
    let down = "play \"Troublemaker TM\" face-down to \"Problem BP1\"";
    let friend_home = "play \"Blue Friend F\" to home";
    assert_eq!(score_after(None, friend_home), 1, "a face-up card is seen");
    assert_eq!(score_after(None, down), 0, "505.2: not a face-down one");
    assert_eq!(
        score_after(Some(true), down),
        1,
        "unless face-down is asked for"
    );
}

#[test]
fn r506_5_a_troublemaker_may_be_sent_to_its_controllers_home_and_r516_4_is_not_crowded_there() {
    // 506.2a forbids only moving a Troublemaker to a home; sending is not moving (506.5),
    // and 506.2 still keeps it out of another player's home (CN156).
    let (mut a, mut b2) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                troublemaker("TA", 1, 1, false),
                troublemaker("TB", 1, 1, false),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            a = Some(place(b, P1, "TA", Area::Problem(P2)));
            b2 = Some(place(b, P1, "TB", Area::Problem(P1)));
        },
    );
    let (a, b2) = (a.unwrap(), b2.unwrap());
    assert!(!t.g.can_happen(Occurrence::Move {
        card: a,
        to: Area::Home(P1)
    }));
    assert!(!t.g.can_happen(Occurrence::Send {
        card: a,
        to: Area::Home(P2),
        by_loser: false
    }));
    for c in [a, b2] {
        assert!(t.g.perform(Occurrence::Send {
            card: c,
            to: Area::Home(P1),
            by_loser: false
        }));
        assert_eq!(t.g.card(c).area, Some(Area::Home(P1)));
    }
    // 306.2, 516.4: two face-up Troublemakers of one player at one home are not at a
    // Problem, so they don't violate uniqueness.
    assert_eq!(t.g.uniqueness_violator(), None);
}
