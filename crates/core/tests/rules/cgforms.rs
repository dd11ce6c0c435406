//! Forms added for Crystal Games cards: the prohibition on uncovering (104.2, 607.3),
//! a replacement turning its own Mane Character over (710, 301.2) and the condition
//! "more power than every other card that fits", with synthetic cards.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::{InPlay, StartAt};
use ponyccg_core::card::{CardType, Color::*, ScriptStatus};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Zone};

fn kind(t: CardType) -> Cards {
    Cards {
        card_type: Some(CardKind::Type(t)),
        ..Cards::default()
    }
}

#[test]
fn r104_2_troublemakers_that_cant_be_uncovered_stay_face_down() {
    let face_down_here = Cards {
        place: Some(Place::Here),
        face_down: Some(true),
        ..kind(CardType::Troublemaker)
    };
    let guard = with(
        friend("GUARD", Orange, 2, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Prohibit(Prohibition::BeUncovered(Some(face_down_here))),
            condition: None,
        }],
    );
    let (mut ta, mut tb) = (None, None);
    let hidden = InPlay {
        face_down: true,
        ..InPlay::default()
    };
    let t = event_played(
        vec![Effect::Uncover(Target::Each(Cards {
            face_down: Some(true),
            ..kind(CardType::Troublemaker)
        }))],
        vec![],
        vec![
            guard,
            troublemaker("TA", 2, 1, false),
            troublemaker("TB", 2, 1, false),
        ],
        |b| {
            place(b, P2, "GUARD", Area::Problem(P1));
            ta = Some(place_with(b, P2, "TA", Area::Problem(P1), hidden));
            tb = Some(place_with(b, P2, "TB", Area::Problem(P2), hidden));
        },
    );
    assert!(t.g.card(ta.unwrap()).face_down, "at the guard's area");
    assert!(!t.g.card(tb.unwrap()).face_down, "elsewhere");
}

#[test]
fn r710_a_dismissal_replaced_by_turning_this_mane_over_happens_once() {
    let mut m = mane("BM", Blue, 1, 3);
    m.boosted.as_mut().unwrap().abilities = vec![Ability::Static {
        effect: StaticEffect::Replace {
            cost: Vec::new(),
            then: Vec::new(),
            chooser: None,
            once: false,
            would: Would::BeDismissed(Subject::Any(Cards {
                controller: Some(Who::You),
                ..kind(CardType::Friend)
            })),
            instead: Instead::TurnOverThis,
            optional: false,
        },
        condition: None,
    }];
    m.script = ScriptStatus::Scripted;
    let mut p1 = deck(
        "A",
        Blue,
        vec![
            main_event(
                "EV",
                vec![Effect::Dismiss(Target::Each(Cards {
                    controller: Some(Who::You),
                    ..kind(CardType::Friend)
                }))],
            ),
            friend("F1", Blue, 1, 1, 0),
            friend("F2", Blue, 1, 1, 0),
        ],
        5,
    );
    p1.mane = m;
    let (mut f1, mut f2) = (None, None);
    let mut t = board(p1, deck("B", Orange, vec![], 5), StartAt::MainPhase, |b| {
        let mm = b.mane(P1);
        b.boost(mm);
        to_hand(b, P1, "EV");
        f1 = Some(place(b, P1, "F1", Area::Home(P1)));
        f2 = Some(place(b, P1, "F2", Area::Home(P1)));
    });
    t.choose(P1, "play \"Event EV\"");
    let mm = t.g.player(P1).mane.unwrap();
    assert!(
        !t.g.card(mm).boosted,
        "turned over instead of one dismissal"
    );
    let in_play = [f1.unwrap(), f2.unwrap()]
        .into_iter()
        .filter(|&c| t.g.card(c).zone == Zone::Play)
        .count();
    assert_eq!(
        in_play, 1,
        "the front side has no replacement for the other"
    );
}

/// "TOP" (power 2) gets +1 while it has more power than every other Friend at its area;
/// P1's "PAL" (power `pal`) is there and P1's "BIG" (power 5) is at home.
fn top_with_pal(pal: i16) -> i16 {
    let top = with(
        friend("TOP", Blue, 2, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Power {
                cards: None,
                amount: Amount::N(1),
            },
            condition: Some(Condition::PowerAboveAll(Cards {
                place: Some(Place::Here),
                ..kind(CardType::Friend)
            })),
        }],
    );
    let mut c = None;
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                top,
                friend("PAL", Blue, pal, 1, 0),
                friend("BIG", Blue, 5, 1, 0),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            c = Some(place(b, P1, "TOP", Area::Problem(P1)));
            place(b, P1, "PAL", Area::Problem(P1));
            place(b, P1, "BIG", Area::Home(P1));
        },
    );
    t.g.power(c.unwrap()).unwrap()
}

#[test]
fn power_above_all_holds_over_weaker_cards_here_only() {
    assert_eq!(
        top_with_pal(1),
        3,
        "stronger than the only other Friend here"
    );
    assert_eq!(top_with_pal(2), 2, "a tie is not more power");
}

#[test]
fn r616_3_a_static_ability_lowers_the_opponents_home_limit_only() {
    let low = with(
        friend("LOW", Orange, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::HomeLimit {
                who: Who::Opponent,
                amount: -1,
                per: None,
            },
            condition: None,
        }],
    );
    let t = board(
        deck("A", Blue, vec![], 5),
        deck("B", Orange, vec![low], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P2, "LOW", Area::Home(P2));
        },
    );
    let (mine, theirs) = (t.g.home_limit(P1).unwrap(), t.g.home_limit(P2).unwrap());
    assert_eq!(mine + 1, theirs, "P1 is LOW's controller's opponent");
}

#[test]
fn r210_1_a_static_ability_sets_the_bonus_of_the_problem_at_its_area_only() {
    let zero = with(
        friend("ZERO", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::ProblemBonus(0),
            condition: None,
        }],
    );
    let t = board(
        deck("A", Blue, vec![zero], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "ZERO", Area::Problem(P1));
        },
    );
    let here = t.g.problem_at(Area::Problem(P1)).unwrap();
    let there = t.g.problem_at(Area::Problem(P2)).unwrap();
    assert_eq!(t.g.problem_bonus(here), Some(0));
    let printed = t.g.def(there).problem.as_ref().unwrap().bonus;
    assert!(printed > 0);
    assert_eq!(t.g.problem_bonus(there), Some(printed));
}

/// `ConfrontLess` (CG204): "N power less" is a total taken from whichever parts of the
/// requirement the player needs, coloured lines or wild (611.3d), never below none; each
/// character still pays one line only (611.3b).
mod confront_less {
    use ponyccg_core::card::{Color::*, Colors, ReqColor};
    use ponyccg_core::rules::confront::{meets_requirements, meets_requirements_less};

    fn one(c: ponyccg_core::card::Color, power: u16) -> (Colors, u16) {
        (Colors::single(c), power)
    }

    #[test]
    fn r611_3_less_power_comes_off_the_coloured_lines() {
        // 3 White and 2 non-White, with 1 White and 1 Blue: 3 short in all.
        let lines = [(ReqColor::Color(White), 3), (ReqColor::Not(White), 2)];
        let chars = [one(White, 1), one(Blue, 1)];
        assert!(!meets_requirements(&chars, &lines, 0));
        assert!(!meets_requirements_less(&chars, &lines, 0, 2), "one short");
        assert!(meets_requirements_less(&chars, &lines, 0, 3));
    }

    #[test]
    fn r611_3b_less_power_does_not_let_a_character_pay_two_lines() {
        // 3 Blue and 3 non-Blue, one Blue character of 5: it covers the Blue line (3),
        // its 2 more are only wild power, so the non-Blue line lacks 3.
        let lines = [(ReqColor::Color(Blue), 3), (ReqColor::Not(Blue), 3)];
        let chars = [one(Blue, 5)];
        assert!(!meets_requirements_less(&chars, &lines, 0, 2));
        assert!(meets_requirements_less(&chars, &lines, 0, 3));
    }

    #[test]
    fn r611_3d_less_power_comes_off_wild_and_all_power_still_counts() {
        // 2 Pink and 4 wild with 2 Pink and 1 Orange: 3 short of the wild power.
        let lines = [(ReqColor::Color(Pink), 2)];
        let chars = [one(Pink, 2), one(Orange, 1)];
        assert!(!meets_requirements_less(&chars, &lines, 4, 2));
        assert!(meets_requirements_less(&chars, &lines, 4, 3));
        // More taken off than needed leaves none (105.2), still met.
        assert!(meets_requirements_less(&chars, &lines, 4, 30));
        // No reduction reads as before.
        assert!(!meets_requirements_less(&chars, &lines, 4, 0));
        assert!(meets_requirements_less(&chars, &lines, 1, 0));
    }
}

/// `Prohibition::ContributeHereMost` (AD181): no more than N of each player's
/// characters contribute to confronting the Problem, and the player chooses which
/// (611.3a), asked as they confront it when the choice changes whether they meet it.
mod contributors_most {
    use crate::support::*;
    use ponyccg_core::ability::*;
    use ponyccg_core::board::StartAt;
    use ponyccg_core::card::Color::*;
    use ponyccg_core::testkit::*;
    use ponyccg_core::Area;

    fn limiter() -> ponyccg_core::card::CardDef {
        with(
            friend("LIM", Blue, 1, 1, 0),
            vec![Ability::Static {
                effect: StaticEffect::Prohibit(Prohibition::ContributeHereMost(2)),
                condition: None,
            }],
        )
    }

    /// P1's Problem needs 3 Blue and 1 non-Blue; P1 has the limiter (Blue 1), a Blue 3
    /// and an Orange 1 there: only the Blue 3 and the Orange 1 together meet it.
    fn game() -> T {
        board(
            deck(
                "A",
                Blue,
                vec![
                    limiter(),
                    friend("F3", Blue, 3, 1, 0),
                    friend("O1", Orange, 1, 1, 0),
                ],
                10,
            ),
            deck("B", Orange, vec![], 10),
            StartAt::ScorePhase,
            |b| {
                for n in ["LIM", "F3", "O1"] {
                    place(b, P1, n, Area::Problem(P1));
                }
            },
        )
    }

    fn label(t: &T, name: &str) -> String {
        t.labels()
            .into_iter()
            .find(|l| l.contains(&format!(" {name}\"")))
            .unwrap_or_else(|| panic!("no choice for {name}: {:?}", t.labels()))
    }

    #[test]
    fn r611_3a_the_player_chooses_which_two_contribute() {
        let mut t = game();
        assert_eq!(t.who(), P1);
        assert_eq!(t.labels().len(), 3, "{:?}", t.labels());
        let f3 = label(&t, "F3");
        t.choose(P1, &f3);
        let o1 = label(&t, "O1");
        t.choose(P1, &o1);
        assert_eq!(t.g.score(P1), 1, "611.1: the two chosen meet it");
    }

    #[test]
    fn r611_3a_the_characters_not_chosen_do_not_contribute() {
        let mut t = game();
        let lim = label(&t, "LIM");
        t.choose(P1, &lim);
        let f3 = label(&t, "F3");
        t.choose(P1, &f3);
        assert_eq!(
            t.g.score(P1),
            0,
            "the Orange 1 was not chosen: no non-Blue power, no confront"
        );
    }
}
