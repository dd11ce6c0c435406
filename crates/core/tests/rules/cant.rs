//! The general forms of prohibitions (104.2), replacements (710) and cost changes
//! (705.2b, 609.2), with synthetic scripted cards: each is checked where its action or
//! occurrence happens.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::card::{CardDef, CardType, Color::*};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Occurrence};

fn friends() -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        ..Cards::default()
    }
}

fn whose(w: Who) -> Cards {
    Cards {
        controller: Some(w),
        ..friends()
    }
}

/// P2's "GUARD" Friend (power 2) with one static ability.
fn guard(effect: StaticEffect) -> CardDef {
    with(
        friend("GUARD", Orange, 2, 1, 0),
        vec![Ability::Static {
            effect,
            condition: None,
        }],
    )
}

fn every_friend() -> Target {
    Target::Each(friends())
}

/// P1 plays an Event doing `effects`; P2 has GUARD and "PAL" at P1's Problem, P1 has
/// "MINE" there.
fn against_guard(effects: Vec<Effect>, g: StaticEffect) -> (T, [ponyccg_core::CardId; 3]) {
    against_guard_with(effects, g, 5)
}

/// [`against_guard`] with P1 holding `tokens` action tokens.
fn against_guard_with(
    effects: Vec<Effect>,
    g: StaticEffect,
    tokens: u16,
) -> (T, [ponyccg_core::CardId; 3]) {
    let (mut a, mut b2, mut c) = (None, None, None);
    let t = event_played(
        effects,
        vec![friend("MINE", Blue, 1, 1, 0)],
        vec![guard(g), friend("PAL", Orange, 1, 1, 0)],
        |b| {
            a = Some(place(b, P2, "GUARD", Area::Problem(P1)));
            b2 = Some(place(b, P2, "PAL", Area::Problem(P1)));
            c = Some(place(b, P1, "MINE", Area::Problem(P1)));
            b.set_tokens(P1, tokens);
        },
    );
    (t, [a.unwrap(), b2.unwrap(), c.unwrap()])
}

#[test]
fn r104_2_friends_that_cant_be_frightened_stay_face_up_while_others_are_frightened() {
    let (t, [g, pal, mine]) = against_guard(
        vec![Effect::Frighten(every_friend())],
        StaticEffect::Prohibit(Prohibition::BeFrightened(Some(whose(Who::You)))),
    );
    assert!(!t.g.card(g).frightened);
    assert!(!t.g.card(pal).frightened);
    assert!(t.g.card(mine).frightened, "only its controller's Friends");
}

#[test]
fn r104_2_cards_that_cant_be_readied_stay_exhausted() {
    let (mut t, [g, pal, mine]) = against_guard(
        vec![],
        StaticEffect::Prohibit(Prohibition::BeReadied(Some(whose(Who::Opponent)))),
    );
    for c in [g, pal, mine] {
        assert!(t.g.perform(Occurrence::Exhaust(c)));
    }
    assert!(!t.g.can_happen(Occurrence::Ready(mine)));
    assert!(t.g.can_happen(Occurrence::Ready(pal)));
    assert!(!t.g.perform(Occurrence::Ready(mine)));
    assert!(t.g.perform(Occurrence::Ready(pal)));
}

#[test]
fn r104_2_cards_that_cant_be_exhausted_stay_ready_and_cant_pay_an_exhaust_cost() {
    let (mut t, [g, pal, mine]) = against_guard(
        vec![],
        StaticEffect::Prohibit(Prohibition::BeExhausted(Some(whose(Who::Opponent)))),
    );
    assert!(!t.g.can_happen(Occurrence::Exhaust(mine)));
    assert!(!t.g.perform(Occurrence::Exhaust(mine)));
    assert!(
        t.g.perform(Occurrence::Exhaust(pal)),
        "only the described cards"
    );
    assert!(t.g.perform(Occurrence::Exhaust(g)));
    assert_eq!(t.g.card(mine).exhaustion, 0, "it stays ready");
}

#[test]
fn r104_2_r504_3_cards_that_cant_be_unfrightened_stay_frightened() {
    // GUARD itself stays face-up (a frightened card has no abilities, 504.1).
    let (mut t, [_, pal, mine]) = against_guard(
        vec![Effect::Frighten(Target::Each(Cards {
            power_at_most: Some(1),
            ..friends()
        }))],
        StaticEffect::Prohibit(Prohibition::BeUnfrightened(Some(whose(Who::Opponent)))),
    );
    assert!(t.g.card(mine).frightened && t.g.card(pal).frightened);
    assert!(!t.g.can_happen(Occurrence::Unfrighten(mine)));
    assert!(!t.g.perform(Occurrence::Unfrighten(mine)));
    assert!(
        t.g.perform(Occurrence::Unfrighten(pal)),
        "only the described cards"
    );
    assert!(t.g.card(mine).frightened);
}

#[test]
fn r708_a_modifier_lasting_until_its_card_is_readied_ends_as_that_card_is_readied() {
    let (mut t, [g, pal, mine]) = against_guard(
        vec![Effect::Until {
            target: every_friend(),
            effect: StaticEffect::Power {
                cards: None,
                amount: Amount::N(2),
            },
            duration: Duration::Until {
                on: Happening::Readied,
                card: CardRef::It,
            },
        }],
        StaticEffect::Prohibit(Prohibition::Search(Who::Each)),
    );
    assert_eq!(t.g.power(pal), Some(3));
    for c in [g, pal, mine] {
        assert!(t.g.perform(Occurrence::Exhaust(c)));
    }
    assert!(t.g.perform(Occurrence::Ready(pal)));
    assert_eq!(t.g.power(pal), Some(1), "it ended as PAL was readied");
    assert_eq!(
        t.g.power(mine),
        Some(3),
        "another card's readying ends nothing"
    );
    assert_eq!(t.g.power(g), Some(4), "still exhausted: it lasts");
}

#[test]
fn r104_2_a_modifier_can_be_a_prohibition_carried_by_the_card_it_is_on() {
    let (mut t, [_, pal, mine]) = against_guard(
        vec![
            Effect::Frighten(every_friend()),
            Effect::Until {
                target: Target::Each(whose(Who::Opponent)),
                effect: StaticEffect::Prohibit(Prohibition::BeUnfrightened(None)),
                duration: Duration::EndOfTurn,
            },
        ],
        StaticEffect::Prohibit(Prohibition::Search(Who::Each)),
    );
    assert!(t.g.card(pal).frightened && t.g.card(mine).frightened);
    assert!(
        !t.g.perform(Occurrence::Unfrighten(pal)),
        "P2's Friends carry it"
    );
    assert!(t.g.perform(Occurrence::Unfrighten(mine)), "P1's don't");
}

#[test]
fn r104_2_a_player_who_cant_score_scores_nothing_while_the_other_scores() {
    let (t, _) = against_guard(
        vec![Effect::Score {
            who: Who::Each,
            amount: Amount::N(2),
        }],
        StaticEffect::Prohibit(Prohibition::Score(Who::Opponent)),
    );
    assert_eq!(t.g.player(P1).score, 0);
    assert_eq!(t.g.player(P2).score, 2);
}

#[test]
fn r104_2_a_player_who_cant_draw_draws_nothing_and_is_not_offered_the_draw_action() {
    let (t, _) = against_guard(
        vec![Effect::Draw {
            who: Who::Each,
            amount: Amount::N(1),
        }],
        StaticEffect::Prohibit(Prohibition::Draw(Who::Opponent)),
    );
    assert_eq!(
        t.g.player(P1).hand.len(),
        0,
        "the Event left; nothing drawn"
    );
    assert_eq!(t.g.player(P2).hand.len(), 1);
    assert!(!t.g.can_happen(Occurrence::Draw(P1)));
    assert_eq!(t.who(), P1);
    t.assert_not_offered("draw a card");
}

#[test]
fn r104_2_a_player_who_cant_search_finds_nothing() {
    let (t, _) = against_guard(
        vec![Effect::Search(friends())],
        StaticEffect::Prohibit(Prohibition::Search(Who::Opponent)),
    );
    assert_eq!(t.g.player(P1).hand.len(), 0);
    assert_eq!(t.who(), P1);
    t.assert_offered("draw a card");
}

#[test]
fn r104_2_a_search_not_forbidden_finds_a_card() {
    let (t, _) = against_guard(
        vec![Effect::Search(friends())],
        StaticEffect::Prohibit(Prohibition::Search(Who::You)),
    );
    assert_eq!(t.who(), P1);
    t.assert_offered("none");
}

#[test]
fn r104_2_characters_that_cant_contribute_dont_count_toward_confronting() {
    let (t, [_, _, mine]) = against_guard(
        vec![],
        StaticEffect::Prohibit(Prohibition::Contribute(whose(Who::Opponent))),
    );
    assert!(!t.g.contributes(mine));
    let (t2, [g, pal, _]) = against_guard(
        vec![],
        StaticEffect::Prohibit(Prohibition::Contribute(whose(Who::Opponent))),
    );
    assert!(t2.g.contributes(g) && t2.g.contributes(pal));
    let _ = t;
}

#[test]
fn r710_a_card_that_would_be_frightened_is_exhausted_instead() {
    let (t, [g, pal, mine]) = against_guard(
        vec![Effect::Frighten(every_friend())],
        StaticEffect::Replace {
            cost: Vec::new(),
            then: Vec::new(),
            chooser: None,
            once: false,
            would: Would::BeFrightened(Subject::Any(whose(Who::You))),
            instead: Instead::Exhaust,
            optional: false,
        },
    );
    for c in [g, pal] {
        assert!(!t.g.card(c).frightened);
        assert_eq!(t.g.card(c).exhaustion, 1);
    }
    assert!(t.g.card(mine).frightened, "only its controller's Friends");
}

#[test]
fn r710_a_draw_replaced_by_nothing_draws_nothing_for_that_player_only() {
    let (t, _) = against_guard(
        vec![Effect::Draw {
            who: Who::Each,
            amount: Amount::N(2),
        }],
        StaticEffect::Replace {
            cost: Vec::new(),
            then: Vec::new(),
            chooser: None,
            once: false,
            would: Would::Draw(Who::Opponent),
            instead: Instead::Nothing,
            optional: false,
        },
    );
    assert_eq!(t.g.player(P1).hand.len(), 0);
    assert_eq!(t.g.player(P2).hand.len(), 2);
}

#[test]
fn r710_scoring_replaced_by_nothing_scores_nothing() {
    let (t, _) = against_guard(
        vec![Effect::Score {
            who: Who::Each,
            amount: Amount::N(1),
        }],
        StaticEffect::Replace {
            cost: Vec::new(),
            then: Vec::new(),
            chooser: None,
            once: false,
            would: Would::Score(Who::You),
            instead: Instead::Nothing,
            optional: false,
        },
    );
    assert_eq!(t.g.player(P1).score, 1);
    assert_eq!(t.g.player(P2).score, 0);
}

#[test]
fn r710_a_card_that_would_be_sent_home_is_exhausted_instead() {
    let (t, [g, _, mine]) = against_guard(
        vec![Effect::Send {
            target: every_friend(),
            to: AreaRef::Home,
        }],
        StaticEffect::Replace {
            cost: Vec::new(),
            then: Vec::new(),
            chooser: None,
            once: false,
            would: Would::BeSentHome(Subject::This),
            instead: Instead::Exhaust,
            optional: false,
        },
    );
    assert_eq!(t.g.card(g).area, Some(Area::Problem(P1)));
    assert_eq!(t.g.card(g).exhaustion, 1);
    assert_eq!(t.g.card(mine).area, Some(Area::Home(P1)));
}

fn change(action: CostedAction, payer: Who, amount: i16, cards: Option<Cards>) -> StaticEffect {
    StaticEffect::Cost(Box::new(CostChange {
        action,
        payer,
        cards,
        at: CostPlace::Anywhere,
        on: None,
        amount,
        times: None,
        against: None,
        minimum: None,
    }))
}

#[test]
fn r609_2d_an_opposing_change_makes_the_draw_action_cost_more() {
    let at = |tokens: u16| {
        board(
            deck("A", Blue, vec![friend("HAND", Blue, 1, 1, 0)], 5),
            deck(
                "B",
                Orange,
                vec![guard(change(CostedAction::Draw, Who::Opponent, 1, None))],
                5,
            ),
            ponyccg_core::board::StartAt::MainPhase,
            |b| {
                to_hand(b, P1, "HAND");
                place(b, P2, "GUARD", Area::Problem(P1));
                b.set_tokens(P1, tokens);
            },
        )
    };
    let t = at(1);
    assert_eq!(t.who(), P1);
    t.assert_offered("play \"Blue Friend HAND\" to home");
    t.assert_not_offered("draw a card");
    let mut t = at(2);
    t.choose(P1, "draw a card");
    assert_eq!(t.g.player(P1).tokens, 0);
    assert_eq!(t.g.player(P1).hand.len(), 2);
}

#[test]
fn r609_2b_a_change_to_moving_only_some_cards_costs_only_them_more() {
    let unicorns = Cards {
        trait_: Some("Unicorn".into()),
        ..Cards::default()
    };
    let (t, [_, _, mine]) = against_guard_with(
        vec![],
        change(CostedAction::MoveTo, Who::Opponent, 2, Some(unicorns)),
        5,
    );
    assert_eq!(
        t.g.move_cost(P1, mine, Area::Home(P1)),
        2,
        "MINE is no Unicorn"
    );
    let (t, [_, _, mine]) = against_guard_with(
        vec![],
        change(CostedAction::MoveTo, Who::Opponent, 2, None),
        5,
    );
    assert_eq!(t.g.move_cost(P1, mine, Area::Home(P1)), 4);
    assert_eq!(
        t.g.move_cost(P2, mine, Area::Home(P1)),
        2,
        "not for its own controller"
    );
}

/// P1's "WK" uses an ability costing `cost` that gains a token; P1 has Friends "R1" and
/// "R2" ready at home and "EX" exhausted there, and "H1", "H2" in hand.
fn worker(cost: Cost) -> (T, [ponyccg_core::CardId; 3]) {
    let wk = with(
        friend("WK", Blue, 1, 1, 0),
        vec![Ability::Activated {
            condition: None,
            timing: Timing::Phase(PhaseName::Main),
            cost: vec![cost],
            effects: vec![Effect::GainTokens {
                who: Who::You,
                amount: Amount::N(1),
            }],
        }],
    );
    let mut ids = [None; 3];
    let cards = vec![
        wk,
        friend("R1", Blue, 1, 1, 0),
        friend("R2", Blue, 1, 1, 0),
        friend("EX", Blue, 1, 1, 0),
        friend("H1", Blue, 1, 1, 0),
        friend("H2", Blue, 1, 1, 0),
    ];
    let mut t = board(
        deck("A", Blue, cards, 5),
        deck("B", Orange, vec![], 5),
        ponyccg_core::board::StartAt::MainPhase,
        |b| {
            place(b, P1, "WK", Area::Home(P1));
            ids[0] = Some(place(b, P1, "R1", Area::Home(P1)));
            ids[1] = Some(place(b, P1, "R2", Area::Home(P1)));
            ids[2] = Some(place(b, P1, "EX", Area::Home(P1)));
            to_hand(b, P1, "H1");
            to_hand(b, P1, "H2");
            b.set_tokens(P1, 0);
        },
    );
    let ex = ids[2].unwrap();
    assert!(t.g.perform(Occurrence::Exhaust(ex)));
    t.choose(P1, "use \"Blue Friend WK\"");
    (t, ids.map(Option::unwrap))
}

#[test]
fn r508_1_the_player_chooses_which_card_is_exhausted_to_pay_and_only_ready_ones_are_offered() {
    let (mut t, [r1, r2, _]) = worker(Cost::Exhaust(Cards {
        controller: Some(Who::You),
        other: true,
        ..friends()
    }));
    t.assert_offered("choose \"Blue Friend R1\" at home");
    t.assert_not_offered("choose \"Blue Friend EX\" at home");
    t.choose(P1, "choose \"Blue Friend R2\" at home");
    assert_eq!(t.g.card(r2).exhaustion, 1);
    assert_eq!(t.g.card(r1).exhaustion, 0, "not the first that fits");
    assert_eq!(t.g.player(P1).tokens, 1);
}

#[test]
fn r508_1_the_player_chooses_which_card_to_discard_to_pay() {
    let (mut t, _) = worker(Cost::Discard(1));
    t.assert_offered("discard \"Blue Friend H1\"");
    t.choose(P1, "discard \"Blue Friend H2\"");
    let hand: Vec<String> =
        t.g.player(P1)
            .hand
            .iter()
            .map(|&c| t.g.def(c).title.clone())
            .collect();
    assert_eq!(hand, vec!["Blue Friend H1".to_string()]);
    assert_eq!(t.g.player(P1).tokens, 1);
}

#[test]
fn r710_a_card_that_would_go_to_a_discard_pile_goes_to_hand_instead() {
    // GUARD itself is left alone, so its replacement stays in play for the others.
    let (t, [g, pal, mine]) = against_guard(
        vec![Effect::Dismiss(Target::Each(Cards {
            power_at_most: Some(1),
            ..friends()
        }))],
        StaticEffect::Replace {
            cost: Vec::new(),
            then: Vec::new(),
            chooser: None,
            once: false,
            would: Would::ToDiscardPile(Subject::Any(whose(Who::You))),
            instead: Instead::ToHand,
            optional: false,
        },
    );
    assert_eq!(t.g.card(g).zone, ponyccg_core::Zone::Play);
    assert_eq!(t.g.card(pal).zone, ponyccg_core::Zone::Hand);
    assert_eq!(t.g.card(mine).zone, ponyccg_core::Zone::Discard);
}

#[test]
fn r710_a_card_that_would_be_moved_is_exhausted_instead_and_stays() {
    let (t, [g, pal, _]) = against_guard(
        vec![Effect::Move {
            target: Target::Each(whose(Who::Opponent)),
            to: AreaRef::Home,
        }],
        StaticEffect::Replace {
            cost: Vec::new(),
            then: Vec::new(),
            chooser: None,
            once: false,
            would: Would::BeMoved(Subject::This),
            instead: Instead::Exhaust,
            optional: false,
        },
    );
    assert_eq!(t.g.card(g).area, Some(Area::Problem(P1)));
    assert_eq!(t.g.card(g).exhaustion, 1);
    assert_eq!(t.g.card(pal).area, Some(Area::Home(P2)), "only this card");
}

#[test]
fn r104_2_a_player_who_cant_challenge_a_troublemaker_is_not_offered_it() {
    // The prohibition's condition reads the challenger as "that player".
    let tm = with(
        troublemaker("TM", 1, 1, false),
        vec![Ability::Static {
            effect: StaticEffect::Prohibit(Prohibition::Challenge {
                troublemakers: None,
                by: Who::Each,
            }),
            condition: Some(Condition::Not(Box::new(Condition::AtLeast(
                2,
                Cards {
                    controller: Some(Who::ThatPlayer),
                    place: Some(Place::Here),
                    ..friends()
                },
            )))),
        }],
    );
    let at = |n: usize| {
        let tm = tm.clone();
        board(
            deck(
                "A",
                Blue,
                vec![friend("F", Blue, 1, 1, 0), friend("G", Blue, 1, 1, 0)],
                5,
            ),
            deck("B", Orange, vec![tm], 5),
            ponyccg_core::board::StartAt::ChallengeStep,
            |b| {
                for f in ["F", "G"].into_iter().take(n) {
                    place(b, P1, f, Area::Problem(P1));
                }
                place(b, P2, "TM", Area::Problem(P1));
                b.set_tokens(P1, 1);
            },
        )
    };
    let one = at(1);
    assert_ne!(
        one.g.decision().map(|d| d.prompt.clone()),
        Some(ponyccg_core::Prompt::Challenge)
    );
    let two = at(2);
    assert_eq!(
        two.g.decision().map(|d| d.prompt.clone()),
        Some(ponyccg_core::Prompt::Challenge)
    );
}
