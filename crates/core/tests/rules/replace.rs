//! Replacement modifiers (710) and the keywords that stand for them (Persistent,
//! Vexing), with synthetic cards.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::{InPlay, StartAt};
use ponyccg_core::card::{CardDef, CardType, Color::*, Keyword};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Event, Occurrence, Prompt, Zone};

fn kw(mut d: CardDef, k: Keyword) -> CardDef {
    d.face.keywords.push(k);
    d
}

fn friends() -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        ..Cards::default()
    }
}

fn your_friends() -> Cards {
    Cards {
        controller: Some(Who::You),
        ..friends()
    }
}

/// A Main Phase Event dismissing each of its player's Friends.
fn wipe() -> CardDef {
    main_event("WIPE", vec![Effect::Dismiss(Target::Each(your_friends()))])
}

fn dismiss(card: ponyccg_core::CardId) -> Occurrence {
    Occurrence::Dismiss {
        card,
        by_game: false,
    }
}

/// P1 has the Persistent "PF" and a plain "F" at home and plays WIPE.
fn persistent_and_wipe(frightened: bool) -> (T, [ponyccg_core::CardId; 2]) {
    let (mut pf, mut f) = (None, None);
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                kw(friend("PF", Blue, 2, 1, 0), Keyword::Persistent),
                friend("F", Blue, 1, 1, 0),
                wipe(),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            pf = Some(place_with(
                b,
                P1,
                "PF",
                Area::Home(P1),
                InPlay {
                    frightened,
                    ..InPlay::default()
                },
            ));
            f = Some(place(b, P1, "F", Area::Home(P1)));
            to_hand(b, P1, "WIPE");
        },
    );
    (t, [pf.unwrap(), f.unwrap()])
}

#[test]
fn persistent_may_frighten_instead_when_an_effect_dismisses_it() {
    let (mut t, [pf, f]) = persistent_and_wipe(false);
    t.choose(P1, "play \"Event WIPE\"");
    let d = t.g.decision().unwrap();
    assert_eq!((d.player, &d.prompt), (P1, &Prompt::May), "710, 712.3");
    t.choose(P1, "yes");
    assert_eq!(t.g.card(pf).zone, Zone::Play, "it stays in play");
    assert!(t.g.card(pf).frightened, "504: frightened instead");
    assert_eq!(
        t.g.card(f).zone,
        Zone::Discard,
        "the other Friend is dismissed"
    );
}

#[test]
fn persistent_declined_lets_it_leave_play() {
    let (mut t, [pf, _]) = persistent_and_wipe(false);
    t.choose(P1, "play \"Event WIPE\"");
    t.choose(P1, "no");
    assert_eq!(t.g.card(pf).zone, Zone::Discard);
}

/// P1's End Phase with four Friends at home (limit 3), one of them the Persistent "PF".
fn over_home_limit() -> (T, ponyccg_core::CardId) {
    let mut pf = None;
    let t = board(
        deck(
            "A",
            Blue,
            vec![kw(friend("PF", Blue, 2, 1, 0), Keyword::Persistent)],
            6,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::EndPhase,
        |b| {
            pf = Some(place(b, P1, "PF", Area::Home(P1)));
            for n in ["AF0", "AF1", "AF2"] {
                place(b, P1, n, Area::Home(P1));
            }
        },
    );
    (t, pf.unwrap())
}

#[test]
fn r616_3_persistent_friend_retired_at_the_home_limit_may_be_frightened_instead() {
    let (mut t, pf) = over_home_limit();
    // Four Friends at home, limit 3: retiring is the player's act (616.3), not the
    // game's, so Persistent may replace it.
    t.choose(P1, "retire \"Blue Friend PF\" at home");
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::May);
    t.choose(P1, "yes");
    assert!(t.g.card(pf).frightened);
    assert_eq!(t.g.card(pf).zone, Zone::Play);
    // Still four Friends at home: the player retires again, and declines this time.
    t.choose(P1, "retire \"Blue Friend AF1\" at home");
    assert_eq!(t.g.card(pf).zone, Zone::Play);
    assert_eq!(t.g.turn_player(), P2, "616.4: the next turn began");
}

#[test]
fn persistent_declined_at_the_home_limit_retires_it() {
    let (mut t, pf) = over_home_limit();
    t.choose(P1, "retire \"Blue Friend PF\" at home");
    t.choose(P1, "no");
    assert_eq!(t.g.card(pf).zone, Zone::Discard);
    assert_eq!(t.g.turn_player(), P2);
}

/// P2's Vexing "VX" is at P1's Problem, where P1 has enough to confront (3 blue and 1
/// not blue) in the Score Phase.
fn vexing_confront(answer: &str) -> (T, ponyccg_core::CardId) {
    let mut vx = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![friend("F3", Blue, 3, 1, 0), friend("O1", Orange, 1, 1, 0)],
            5,
        ),
        deck(
            "B",
            Orange,
            vec![kw(friend("VX", Orange, 1, 1, 0), Keyword::Vexing)],
            5,
        ),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "F3", Area::Problem(P1));
            place(b, P1, "O1", Area::Problem(P1));
            vx = Some(place(b, P2, "VX", Area::Problem(P1)));
        },
    );
    let d = t.g.decision().unwrap();
    assert_eq!(
        (d.player, &d.prompt),
        (P2, &Prompt::May),
        "Vexing's controller is asked"
    );
    t.choose(P2, answer);
    (t, vx.unwrap())
}

#[test]
fn r611_vexing_retires_its_card_instead_of_the_confront() {
    let (mut t, vx) = vexing_confront("yes");
    assert_eq!(t.g.card(vx).zone, Zone::Discard, "retired");
    assert_eq!(t.g.score(P1), 0, "no point: the confront didn't happen");
    assert!(!t
        .g
        .take_events()
        .iter()
        .any(|e| matches!(e, Event::Confronted { .. })));
    assert_eq!(
        t.g.turn_player(),
        P2,
        "the confront step wasn't offered again"
    );
}

#[test]
fn r611_4_vexing_declined_lets_the_confront_score() {
    let (t, vx) = vexing_confront("no");
    assert_eq!(t.g.card(vx).zone, Zone::Play);
    assert_eq!(t.g.score(P1), 1);
}

#[test]
fn vexing_does_not_replace_its_own_controllers_confront() {
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                friend("F3", Blue, 3, 1, 0),
                kw(friend("VX", Orange, 1, 1, 0), Keyword::Vexing),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "F3", Area::Problem(P1));
            place(b, P1, "VX", Area::Problem(P1));
        },
    );
    assert_eq!(t.g.score(P1), 1);
}

#[test]
fn r104_2a_an_occurrence_that_cant_happen_is_not_replaced() {
    let guard = with(
        friend("GUARD", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Prohibit(Prohibition::BeDismissed(Some(friends()))),
            condition: None,
        }],
    );
    let mut pf = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                kw(friend("PF", Blue, 2, 1, 0), Keyword::Persistent),
                guard,
                wipe(),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            pf = Some(place(b, P1, "PF", Area::Home(P1)));
            place(b, P1, "GUARD", Area::Home(P1));
            to_hand(b, P1, "WIPE");
        },
    );
    let pf = pf.unwrap();
    assert!(t.g.replacements(dismiss(pf)).is_empty());
    assert_eq!(
        t.g.replacements(Occurrence::Retire(pf)).len(),
        1,
        "retiring can happen, so Persistent would replace it"
    );
    t.choose(P1, "play \"Event WIPE\"");
    // No question about Persistent: the dismissal can't happen at all.
    assert_ne!(t.g.decision().unwrap().prompt, Prompt::May);
    assert_eq!(t.g.card(pf).zone, Zone::Play);
    assert!(!t.g.card(pf).frightened);
}

#[test]
fn r301_5_a_persistent_mane_character_is_never_asked() {
    let mut a = deck("A", Blue, vec![wipe()], 5);
    a.mane = kw(a.mane, Keyword::Persistent);
    let mut t = board(a, deck("B", Orange, vec![], 5), StartAt::MainPhase, |b| {
        to_hand(b, P1, "WIPE");
    });
    let m = t.g.player(P1).mane.unwrap();
    assert!(t.g.has_keyword(m, |k| k == Keyword::Persistent));
    assert!(t.g.replacements(dismiss(m)).is_empty());
    assert!(t.g.replacements(Occurrence::Banish(m)).is_empty());
    let _ = &mut t;
}

#[test]
fn r505_1a_a_frightened_persistent_friend_is_face_down_without_its_keyword() {
    let (mut t, [pf, f]) = persistent_and_wipe(true);
    t.choose(P1, "play \"Event WIPE\"");
    // No question: both are dismissed, and P1's Main Phase has nothing left to do.
    assert_eq!(t.g.card(pf).zone, Zone::Discard);
    assert_eq!(t.g.card(f).zone, Zone::Discard);
}

#[test]
fn r710_4_a_replacement_applies_even_when_its_occurrence_cant_be_done() {
    // P2's Mane Character has Vexing and stands at P1's Problem. Retiring it can't
    // happen (301.5), yet choosing the replacement still stops P1's confront.
    let mut b = deck("B", Orange, vec![], 5);
    b.mane = kw(b.mane, Keyword::Vexing);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![friend("F3", Blue, 3, 1, 0), friend("O1", Orange, 1, 1, 0)],
            5,
        ),
        b,
        StartAt::ScorePhase,
        |b| {
            place(b, P1, "F3", Area::Problem(P1));
            place(b, P1, "O1", Area::Problem(P1));
            let m = b.mane(P2);
            b.to_play(m, Area::Problem(P1), InPlay::default()).unwrap();
        },
    );
    let m = t.g.player(P2).mane.unwrap();
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::May);
    t.choose(P2, "yes");
    assert_eq!(t.g.card(m).zone, Zone::Play, "still in play");
    assert_eq!(t.g.score(P1), 0, "the confront was replaced all the same");
}

/// P1's Persistent "PF" is at P1's Problem beside "SAVE", whose modifier may put a
/// Friend of P1's there on top of its deck instead of being dismissed.
fn two_replacements() -> (T, ponyccg_core::CardId) {
    let save = with(
        friend("SAVE", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Replace {
                cost: Vec::new(),
                then: Vec::new(),
                chooser: None,
                once: false,
                would: Would::BeDismissed(Subject::Any(Cards {
                    place: Some(Place::Here),
                    other: true,
                    ..your_friends()
                })),
                instead: Instead::ToDeckTop,
                optional: true,
            },
            condition: None,
        }],
    );
    let kill = main_event(
        "KILL",
        vec![Effect::Dismiss(Target::Each(Cards {
            title: Some("PF".into()),
            ..friends()
        }))],
    );
    let mut pf = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                kw(friend("PF", Blue, 2, 1, 0), Keyword::Persistent),
                save,
                kill,
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            pf = Some(place(b, P1, "PF", Area::Problem(P1)));
            place(b, P1, "SAVE", Area::Problem(P1));
            to_hand(b, P1, "KILL");
        },
    );
    t.choose(P1, "play \"Event KILL\"");
    let d = t.g.decision().unwrap();
    assert_eq!((d.player, &d.prompt), (P1, &Prompt::Replacement), "710.5");
    assert_eq!(
        t.labels(),
        [
            "frighten it instead by \"Blue Friend PF\"",
            "put it on top of its deck instead by \"Blue Friend SAVE\"",
        ]
    );
    (t, pf.unwrap())
}

#[test]
fn r710_5_the_affected_player_chooses_which_replacement_applies_first() {
    let (mut t, pf) = two_replacements();
    t.choose(P1, "frighten it instead by \"Blue Friend PF\"");
    t.choose(P1, "yes");
    // Frightening is not a dismissal: the other modifier no longer applies (710.5a).
    assert!(t.g.card(pf).frightened);
    assert_eq!(t.g.card(pf).zone, Zone::Play);
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::PhaseAction);
}

#[test]
fn r710_5b_the_other_replacement_may_then_replace_the_new_occurrence() {
    let (mut t, pf) = two_replacements();
    t.choose(
        P1,
        "put it on top of its deck instead by \"Blue Friend SAVE\"",
    );
    t.choose(P1, "yes");
    // Going on top of the deck leaves play too, so Persistent is asked about next.
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::May);
    t.choose(P1, "yes");
    assert!(t.g.card(pf).frightened);
    assert_eq!(t.g.card(pf).zone, Zone::Play);
}

#[test]
fn r710_5b_declining_the_second_lets_the_first_replacement_happen() {
    let (mut t, pf) = two_replacements();
    t.choose(
        P1,
        "put it on top of its deck instead by \"Blue Friend SAVE\"",
    );
    t.choose(P1, "yes");
    t.choose(P1, "no");
    assert_eq!(t.g.card(pf).zone, Zone::DrawDeck);
    assert_eq!(t.g.player(P1).deck.last(), Some(&pf));
}

#[test]
fn r710_3_a_modifier_never_applies_twice_to_its_own_result() {
    // "If one of your Friends would leave play, return it to its owner's hand instead":
    // going to the hand leaves play too, but the modifier that made it can't replace it
    // again, so the Friend ends in the hand (and the game doesn't loop).
    let bounce = with(
        friend("BOUNCE", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Replace {
                cost: Vec::new(),
                then: Vec::new(),
                chooser: None,
                once: false,
                would: Would::LeavePlay(Subject::Any(Cards {
                    other: true,
                    ..your_friends()
                })),
                instead: Instead::ToHand,
                optional: false,
            },
            condition: None,
        }],
    );
    let mut f = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![bounce, friend("F", Blue, 1, 1, 0), wipe()],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            f = Some(place(b, P1, "F", Area::Home(P1)));
            place(b, P1, "BOUNCE", Area::Home(P1));
            to_hand(b, P1, "WIPE");
        },
    );
    let f = f.unwrap();
    // A modifier that isn't a "may", alone: applied without a question.
    t.choose(P1, "play \"Event WIPE\"");
    assert_eq!(t.g.card(f).zone, Zone::Hand);
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::PhaseAction);
}

#[test]
fn r104_4_the_games_dismissal_is_replaced_only_by_banishing() {
    let exile = |n: &str, instead| {
        with(
            friend(n, Blue, 1, 1, 0),
            vec![Ability::Static {
                effect: StaticEffect::Replace {
                    cost: Vec::new(),
                    then: Vec::new(),
                    chooser: None,
                    once: false,
                    would: Would::BeDismissed(Subject::Any(Cards {
                        other: true,
                        ..friends()
                    })),
                    instead,
                    optional: false,
                },
                condition: None,
            }],
        )
    };
    let (mut f, mut ex) = (None, None);
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                exile("EX", Instead::Banish),
                exile("TOP", Instead::ToDeckTop),
                friend("F", Blue, 1, 1, 0),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            f = Some(place(b, P1, "F", Area::Home(P1)));
            ex = Some(place(b, P1, "EX", Area::Home(P1)));
            place(b, P1, "TOP", Area::Home(P1));
        },
    );
    let f = f.unwrap();
    assert_eq!(
        t.g.replacements(Occurrence::Dismiss {
            card: f,
            by_game: true
        }),
        vec![ex.unwrap()],
        "104.3: not put on the deck; 104.4: banished"
    );
    assert_eq!(t.g.replacements(dismiss(f)).len(), 2);
}

#[test]
fn persistent_may_replace_retiring_it_to_pay_a_cost() {
    // "Retire this card: draw a card", on a Persistent Friend: the retirement is
    // replaced by frightening it, and the ability still resolves.
    let pf = with(
        kw(friend("PF", Blue, 2, 1, 0), Keyword::Persistent),
        vec![Ability::Activated {
            condition: None,
            timing: Timing::Phase(PhaseName::Main),
            cost: vec![Cost::RetireThis],
            effects: vec![Effect::Draw {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let mut id = None;
    let mut t = board(
        deck("A", Blue, vec![pf], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            id = Some(place(b, P1, "PF", Area::Home(P1)));
        },
    );
    let pf = id.unwrap();
    let hand = t.g.player(P1).hand.len();
    t.choose(P1, "use \"Blue Friend PF\"");
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::May);
    t.choose(P1, "yes");
    assert_eq!(t.g.card(pf).zone, Zone::Play);
    assert!(t.g.card(pf).frightened);
    assert_eq!(t.g.player(P1).hand.len(), hand + 1);
}

#[test]
fn leaves_play_triggers_when_returned_to_hand_from_play_only() {
    let homing = with(
        friend("HOME", Blue, 1, 1, 0),
        vec![Ability::Triggered {
            when: Trigger::on(Happening::LeavesPlay).card(TriggerCard::This),
            condition: None,
            optional: false,
            cost: vec![],
            effects: vec![Effect::GainTokens {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let bounce = main_event(
        "BOUNCE",
        vec![Effect::ReturnToHand(Target::Each(Cards {
            title: Some("HOME".into()),
            ..Cards::default()
        }))],
    );
    let fetch = main_event(
        "FETCH",
        vec![Effect::ReturnToHand(Target::Each(Cards {
            title: Some("HOME".into()),
            place: Some(Place::Discard),
            ..Cards::default()
        }))],
    );
    let mut t = board(
        deck("A", Blue, vec![homing.clone(), homing, bounce, fetch], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "HOME", Area::Home(P1));
            let d = b.take(P1, "HOME").unwrap();
            b.to_zone(d, Zone::Discard).unwrap();
            to_hand(b, P1, "BOUNCE");
            to_hand(b, P1, "FETCH");
        },
    );
    t.choose(P1, "play \"Event FETCH\"");
    assert_eq!(t.g.tokens(P1), 0, "from the discard pile: not leaving play");
    t.choose(P1, "play \"Event BOUNCE\"");
    assert_eq!(t.g.tokens(P1), 1, "from play to the hand");
}

/// 603.1 with 710 and 508.1d: P1's exhausted "KEEP" may stay exhausted as its turn
/// readies if P1 pays a token; the 604.1 tokens come after that choice, so with no token
/// left over from before the replacement can't apply and the card readies.
fn keep_exhausted(tokens: u16) -> (T, ponyccg_core::CardId) {
    let keep = with(
        friend("KEEP", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Replace {
                cost: vec![Cost::Tokens(1)],
                then: Vec::new(),
                chooser: None,
                once: false,
                would: Would::BeReadied(Subject::This),
                instead: Instead::Nothing,
                optional: true,
            },
            condition: None,
        }],
    );
    let mut c = None;
    let t = board(
        deck("A", Blue, vec![keep], 5),
        deck("B", Orange, vec![], 5),
        StartAt::TurnStart,
        |b| {
            c = Some(place_with(
                b,
                P1,
                "KEEP",
                Area::Home(P1),
                InPlay {
                    exhausted: true,
                    ..InPlay::default()
                },
            ));
            b.set_tokens(P1, tokens);
        },
    );
    (t, c.unwrap())
}

#[test]
fn readying_replaced_for_a_token_603_1_710() {
    let (mut t, keep) = keep_exhausted(1);
    let d = t.g.decision().unwrap();
    assert_eq!((d.player, &d.prompt), (P1, &Prompt::May), "712.3");
    t.choose(P1, "yes");
    assert!(t.g.card(keep).exhaustion > 0, "it stays exhausted");
    assert_eq!(t.g.player(P1).tokens, 2, "paid 1, then 604.1 gave 2");
}

#[test]
fn readying_not_replaced_without_the_token_508_1d_604_1() {
    let (t, keep) = keep_exhausted(0);
    assert!(!matches!(
        t.g.decision().map(|d| &d.prompt),
        Some(Prompt::May)
    ));
    assert_eq!(t.g.card(keep).exhaustion, 0, "603.1: it readied");
}
