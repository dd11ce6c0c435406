//! Script pieces that compose: amounts read from the game and combined (708.2b), targets
//! of several cards chosen one at a time, modal choices made by a player or at random
//! (523), revealing and putting cards on the bottom of a deck or into it, "the rest",
//! and delayed effects.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::{Board, InPlay, StartAt};
use ponyccg_core::card::{CardType, Color::*};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Event, GameSetup, Pending, Phase, Prompt, Zone};

fn friends_of(who: Who) -> Cards {
    Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        controller: Some(who),
        ..Cards::default()
    }
}

fn draw(n: i16) -> Effect {
    Effect::Draw {
        who: Who::You,
        amount: Amount::N(n),
    }
}

fn gain(amount: Amount) -> Effect {
    Effect::GainTokens {
        who: Who::You,
        amount,
    }
}

fn prompt(t: &T) -> Prompt {
    match t.g.pending() {
        Pending::Decision(d) => d.prompt.clone(),
        Pending::GameOver(o) => panic!("the game is over ({o:?})"),
    }
}

/// Answers priority and phase-action decisions (passing, ending the phase) until `done`.
fn run_until(t: &mut T, done: impl Fn(&T) -> bool) {
    for _ in 0..200 {
        if done(t) {
            return;
        }
        let who = t.who();
        let label = ["pass", "end the Main Phase", "let the phase go on"]
            .into_iter()
            .find(|l| t.offered(l))
            .unwrap_or_else(|| panic!("unexpected decision: {:?}", t.labels()));
        t.choose(who, label);
    }
    panic!("never got there");
}

#[test]
fn r709_amounts_read_the_game_and_combine() {
    // P2 has 3 tokens and 5 points: 2 × 3 + half of 5 rounded up (3) + (1 − 3) = 7,
    // and with half rounded down, 6.
    let sum = |round| {
        gain(Amount::Sum(vec![
            Amount::Times(2, Box::new(Amount::Tokens(Who::Opponent))),
            Amount::Half(Box::new(Amount::Points(Who::Opponent)), round),
            Amount::Difference(Box::new(Amount::N(1)), Box::new(Amount::N(3))),
        ]))
    };
    let mut t = event_played(
        vec![sum(Round::Up), sum(Round::Down)],
        vec![],
        vec![],
        |b| {
            b.set_tokens(P1, 0);
            b.set_tokens(P2, 3);
            b.set_score(P2, 5);
        },
    );
    assert_eq!(t.g.tokens(P1), 7 + 6);
    assert_eq!(t.g.tokens(P2), 3);
    let _ = &mut t;
}

#[test]
fn r709_card_amounts_read_power_printed_power_cost_and_colours() {
    // The chosen Friend has printed power 2 (+3 counters: power 5) and cost 4.
    let effects = vec![
        Effect::Pick(Target::Choose(friends_of(Who::Opponent))),
        gain(Amount::Power(CardRef::It)),
        Effect::Draw {
            who: Who::You,
            amount: Amount::PrintedPower(CardRef::It),
        },
        Effect::Score {
            who: Who::You,
            amount: Amount::Sum(vec![Amount::Cost(CardRef::It), Amount::Colors(CardRef::It)]),
        },
    ];
    let hand_before = 1;
    let t = event_played(effects, vec![], vec![friend("TGT", Orange, 2, 4, 0)], |b| {
        b.set_tokens(P1, 1);
        let c = b.take(P2, "TGT").unwrap();
        b.to_play(
            c,
            Area::Home(P2),
            InPlay {
                counters: 3,
                ..InPlay::default()
            },
        )
        .unwrap();
    });
    assert_eq!(t.g.tokens(P1), 1 + 5);
    assert_eq!(t.g.player(P1).hand.len(), hand_before - 1 + 2);
    assert_eq!(t.g.score(P1), 4 + 1);
}

#[test]
fn r708_2b_an_amount_in_a_modifier_is_read_once_as_it_is_made() {
    // +X power where X is P1's tokens (2 then), then P1 gains 5 more: still +2.
    let effects = vec![
        Effect::Until {
            target: Target::Choose(friends_of(Who::You)),
            effect: StaticEffect::Power {
                cards: None,
                amount: Amount::Tokens(Who::You),
            },
            duration: Duration::EndOfTurn,
        },
        gain(Amount::N(5)),
    ];
    let mut own = None;
    let t = event_played(effects, vec![friend("OWN", Blue, 1, 1, 0)], vec![], |b| {
        own = Some(place(b, P1, "OWN", Area::Home(P1)));
        b.set_tokens(P1, 2);
    });
    assert_eq!(t.g.tokens(P1), 7);
    assert_eq!(t.g.power(own.unwrap()), Some(3));
}

/// P1 plays one of two Events drawing a card if P1 has more points than P2.
fn more_points(p1: u16, p2: u16) -> usize {
    let effects = vec![Effect::If {
        cond: Condition::Compare(
            Amount::Points(Who::You),
            Cmp::MoreThan,
            Box::new(Amount::Points(Who::Opponent)),
        ),
        then: vec![draw(1)],
        otherwise: vec![],
    }];
    let t = event_played(effects, vec![], vec![], |b| {
        b.set_score(P1, p1);
        b.set_score(P2, p2);
        b.set_tokens(P1, 3);
    });
    t.g.player(P1).hand.len()
}

#[test]
fn r709_compare_more_points_than_an_opponent() {
    assert_eq!(more_points(4, 3), 1);
    // Equal is not more.
    assert_eq!(more_points(3, 3), 0);
    assert_eq!(more_points(0, 3), 0);
}

#[test]
fn r702_a_condition_on_this_cards_own_state() {
    // +2 power while this card is exhausted and at a Problem.
    let card = with(
        friend("ME", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Power {
                cards: None,
                amount: Amount::N(2),
            },
            condition: Some(Condition::This(Cards {
                ready: Some(false),
                place: Some(Place::AtAProblem),
                ..Cards::default()
            })),
        }],
    );
    let (mut home, mut ready, mut tired) = (None, None, None);
    let t = board(
        deck("A", Blue, vec![card.clone(), card.clone(), card], 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            let exhausted = InPlay {
                exhausted: true,
                ..InPlay::default()
            };
            home = Some(place_with(b, P1, "ME", Area::Home(P1), exhausted));
            ready = Some(place(b, P1, "ME", Area::Problem(P1)));
            tired = Some(place_with(b, P1, "ME", Area::Problem(P1), exhausted));
        },
    );
    assert_eq!(t.g.power(home.unwrap()), Some(1));
    assert_eq!(t.g.power(ready.unwrap()), Some(1));
    assert_eq!(t.g.power(tired.unwrap()), Some(3));
}

#[test]
fn r709_up_to_n_picks_one_card_at_a_time_never_twice_and_stops_at_n() {
    let effects = vec![Effect::Exhaust(Target::UpTo(
        Amount::N(2),
        friends_of(Who::Opponent),
    ))];
    let mut ids = Vec::new();
    let mut t = event_played(
        effects,
        vec![],
        vec![
            friend("X", Orange, 1, 1, 0),
            friend("Y", Orange, 1, 1, 0),
            friend("Z", Orange, 1, 1, 0),
        ],
        |b| {
            for n in ["X", "Y", "Z"] {
                ids.push(place(b, P2, n, Area::Home(P2)));
            }
            b.set_tokens(P1, 3);
        },
    );
    assert_eq!(prompt(&t), Prompt::Pick);
    assert_eq!(
        t.labels(),
        [
            "choose \"Orange Friend X\" at P2's home",
            "choose \"Orange Friend Y\" at P2's home",
            "choose \"Orange Friend Z\" at P2's home",
            "none"
        ]
    );
    t.choose(P1, "choose \"Orange Friend Y\" at P2's home");
    assert_eq!(
        t.labels(),
        [
            "choose \"Orange Friend X\" at P2's home",
            "choose \"Orange Friend Z\" at P2's home",
            "done"
        ]
    );
    t.choose(P1, "choose \"Orange Friend X\" at P2's home");
    // Two chosen: no third choice, and the instruction is followed.
    assert!(t.g.card(ids[0]).is_exhausted());
    assert!(t.g.card(ids[1]).is_exhausted());
    assert!(!t.g.card(ids[2]).is_exhausted());
}

#[test]
fn r709_up_to_n_may_stop_early_and_exactly_n_may_not() {
    let mut ids = Vec::new();
    let mut t = event_played(
        vec![
            Effect::Exhaust(Target::UpTo(Amount::N(3), friends_of(Who::Opponent))),
            Effect::Ready(Target::Exactly(Amount::N(2), friends_of(Who::Opponent))),
        ],
        vec![],
        vec![friend("X", Orange, 1, 1, 0), friend("Y", Orange, 1, 1, 0)],
        |b| {
            for n in ["X", "Y"] {
                ids.push(place(b, P2, n, Area::Home(P2)));
            }
            b.set_tokens(P1, 3);
        },
    );
    t.choose(P1, "choose \"Orange Friend X\" at P2's home");
    t.choose(P1, "done");
    assert!(t.g.card(ids[0]).is_exhausted());
    assert!(!t.g.card(ids[1]).is_exhausted());
    // Exactly 2 of 2: no "done", one at a time.
    assert_eq!(
        t.labels(),
        [
            "choose \"Orange Friend X\" at P2's home",
            "choose \"Orange Friend Y\" at P2's home"
        ]
    );
    // Only X is left to choose, so it is taken without asking.
    t.choose(P1, "choose \"Orange Friend Y\" at P2's home");
    assert!(!t.g.card(ids[0]).is_exhausted());
    assert!(!t.g.card(ids[1]).is_exhausted());
}

#[test]
fn r709_the_rest_are_the_cards_a_pick_did_not_choose() {
    let mut ids = Vec::new();
    let mut t = event_played(
        vec![
            Effect::Pick(Target::Choose(friends_of(Who::Opponent))),
            Effect::Exhaust(Target::Rest),
        ],
        vec![],
        vec![
            friend("X", Orange, 1, 1, 0),
            friend("Y", Orange, 1, 1, 0),
            friend("Z", Orange, 1, 1, 0),
        ],
        |b| {
            for n in ["X", "Y", "Z"] {
                ids.push(place(b, P2, n, Area::Home(P2)));
            }
            b.set_tokens(P1, 3);
        },
    );
    t.choose(P1, "choose \"Orange Friend Y\" at P2's home");
    assert!(t.g.card(ids[0]).is_exhausted());
    assert!(!t.g.card(ids[1]).is_exhausted());
    assert!(t.g.card(ids[2]).is_exhausted());
}

fn modes(choose: u8, random: bool) -> Effect {
    Effect::Modes {
        choose,
        random,
        modes: vec![
            Mode {
                name: "draw".into(),
                effects: vec![draw(1)],
            },
            Mode {
                name: "tokens".into(),
                effects: vec![gain(Amount::N(1))],
            },
            Mode {
                name: "points".into(),
                effects: vec![Effect::Score {
                    who: Who::You,
                    amount: Amount::N(1),
                }],
            },
        ],
    }
}

#[test]
fn r709_choose_two_modes_each_once() {
    let mut t = event_played(vec![modes(2, false)], vec![], vec![], |b| {
        b.set_tokens(P1, 0);
    });
    assert_eq!(prompt(&t), Prompt::ChooseMode);
    assert_eq!(
        t.labels(),
        ["choose draw", "choose tokens", "choose points"]
    );
    t.choose(P1, "choose points");
    assert_eq!(t.labels(), ["choose draw", "choose tokens"]);
    t.choose(P1, "choose draw");
    assert_eq!(t.g.score(P1), 1);
    assert_eq!(t.g.player(P1).hand.len(), 1);
    assert_eq!(t.g.tokens(P1), 0);
}

/// The board `event_played` makes, from a game seed of one's own.
fn seeded_mode(seed: u64) -> (u16, u16, usize) {
    let setup = GameSetup {
        seed,
        players: vec![
            deck("A", Blue, vec![main_event("EV", vec![modes(1, true)])], 5),
            deck("B", Orange, vec![], 5),
        ],
    };
    let mut b = Board::new(&setup).unwrap();
    for p in [P1, P2] {
        let starting = b.game().player(p).problem_deck.last().copied().unwrap();
        b.to_play(starting, Area::Problem(p), InPlay::default())
            .unwrap();
    }
    b.set_turn(3, P1, P1);
    to_hand(&mut b, P1, "EV");
    b.set_tokens(P1, 0);
    let mut t = T {
        g: b.start(StartAt::MainPhase).unwrap(),
    };
    t.choose(P1, "play \"Event EV\"");
    (t.g.score(P1), t.g.tokens(P1), t.g.player(P1).hand.len())
}

#[test]
fn r523_a_mode_chosen_at_random_is_uniform_and_follows_the_seed() {
    let mut counts = [0; 3];
    for seed in 0..90 {
        let r = seeded_mode(seed);
        // Exactly one mode, never asked of a player.
        let i = match r {
            (0, 0, 1) => 0,
            (0, 1, 0) => 1,
            (1, 0, 0) => 2,
            other => panic!("not exactly one mode: {other:?}"),
        };
        counts[i] += 1;
        assert_eq!(seeded_mode(seed), r, "the same seed chooses the same mode");
    }
    for c in counts {
        assert!((15..=45).contains(&c), "far from uniform: {counts:?}");
    }
}

#[test]
fn r523_a_card_chosen_at_random_is_any_card_that_fits() {
    let mut seen = [false; 2];
    for seed in 0..30 {
        let setup = GameSetup {
            seed,
            players: vec![
                deck(
                    "A",
                    Blue,
                    vec![main_event(
                        "EV",
                        vec![Effect::Exhaust(Target::AtRandom(friends_of(Who::Opponent)))],
                    )],
                    5,
                ),
                deck(
                    "B",
                    Orange,
                    vec![friend("X", Orange, 1, 1, 0), friend("Y", Orange, 1, 1, 0)],
                    5,
                ),
            ],
        };
        let mut b = Board::new(&setup).unwrap();
        for p in [P1, P2] {
            let starting = b.game().player(p).problem_deck.last().copied().unwrap();
            b.to_play(starting, Area::Problem(p), InPlay::default())
                .unwrap();
        }
        b.set_turn(3, P1, P1);
        to_hand(&mut b, P1, "EV");
        b.set_tokens(P1, 3);
        let x = place(&mut b, P2, "X", Area::Home(P2));
        let y = place(&mut b, P2, "Y", Area::Home(P2));
        let mut t = T {
            g: b.start(StartAt::MainPhase).unwrap(),
        };
        t.choose(P1, "play \"Event EV\"");
        let (ex, ey) = (t.g.card(x).is_exhausted(), t.g.card(y).is_exhausted());
        assert!(ex != ey, "exactly one of them");
        seen[usize::from(ey)] = true;
    }
    assert_eq!(seen, [true, true]);
}

#[test]
fn r709_reveal_names_the_top_card_and_the_rest_go_to_the_bottom() {
    // Reveal 3: the first (top) is `It`, drawn into hand; the other two go to the
    // bottom, the fourth card staying on top.
    let effects = vec![
        Effect::Reveal {
            deck: DeckRef::Yours,
            count: Amount::N(3),
        },
        Effect::Pick(Target::It),
        Effect::ReturnToHand(Target::Picked),
        Effect::ToDeckBottom(Target::Rest),
    ];
    let mut before = Vec::new();
    let t = event_played(effects, vec![], vec![], |b| {
        b.set_tokens(P1, 3);
        before = b.game().player(P1).deck.clone();
    });
    // Deck lists run from the bottom to the top.
    let n = before.len();
    assert_eq!(t.g.player(P1).hand, [before[n - 1]]);
    let mut expected = vec![before[n - 3], before[n - 2]];
    expected.extend_from_slice(&before[..n - 3]);
    assert_eq!(t.g.player(P1).deck, expected);
}

#[test]
fn r709_a_card_in_play_goes_to_the_bottom_of_its_owners_deck() {
    let mut x = None;
    let t = event_played(
        vec![Effect::ToDeckBottom(Target::Choose(friends_of(
            Who::Opponent,
        )))],
        vec![],
        vec![friend("X", Orange, 1, 1, 0)],
        |b| {
            x = Some(place(b, P2, "X", Area::Home(P2)));
            b.set_tokens(P1, 3);
        },
    );
    let x = x.unwrap();
    assert_eq!(t.g.card(x).zone, Zone::DrawDeck);
    assert_eq!(
        t.g.player(P2).deck[0],
        x,
        "the bottom is the start of the list"
    );
}

#[test]
fn r709_shuffle_into_deck_puts_each_card_in_its_owners_deck() {
    let t = event_played(
        vec![Effect::ShuffleIntoDeck(Target::Each(Cards {
            place: Some(Place::Discard),
            ..Cards::default()
        }))],
        vec![friend("MINE", Blue, 1, 1, 0)],
        vec![friend("THEIRS", Orange, 1, 1, 0)],
        |b| {
            let m = b.take(P1, "MINE").unwrap();
            b.to_zone(m, Zone::Discard).unwrap();
            let o = b.take(P2, "THEIRS").unwrap();
            b.to_zone(o, Zone::Discard).unwrap();
        },
    );
    let has = |p, n: &str| t.g.player(p).deck.iter().any(|&c| t.g.def(c).number == n);
    assert!(has(P1, "MINE") && has(P2, "THEIRS"));
    assert!(!has(P1, "THEIRS") && !has(P2, "MINE"));
    // Only the Event, played after, is in P1's pile.
    assert_eq!(t.g.player(P1).discard.len(), 1);
    assert!(t.g.player(P2).discard.is_empty());
}

#[test]
fn r615_1_a_delayed_effect_waits_for_the_end_of_the_turn_with_its_it() {
    // Exhaust one of P1's Friends now; ready it at the end of the turn (P1's own Ready
    // Phase would only ready it in turn 5).
    let effects = vec![
        Effect::Pick(Target::Choose(friends_of(Who::You))),
        Effect::Exhaust(Target::It),
        Effect::Later {
            at: Moment::EndOfTurn,
            effects: vec![Effect::Ready(Target::It)],
        },
    ];
    let mut x = None;
    let mut t = event_played(effects, vec![friend("X", Blue, 1, 1, 0)], vec![], |b| {
        x = Some(place(b, P1, "X", Area::Home(P1)));
        b.set_tokens(P1, 3);
    });
    let x = x.unwrap();
    assert!(t.g.card(x).is_exhausted(), "not at once");
    run_until(&mut t, |t| t.g.turn() == 4);
    assert!(!t.g.card(x).is_exhausted());
}

#[test]
fn r601_2_a_delayed_effect_at_the_end_of_the_phase() {
    let mut t = event_played(
        vec![Effect::Later {
            at: Moment::EndOfPhase,
            effects: vec![draw(1)],
        }],
        vec![],
        vec![],
        |b| b.set_tokens(P1, 3),
    );
    assert_eq!(t.g.player(P1).hand.len(), 0);
    t.g.take_events();
    run_until(&mut t, |t| t.g.turn() == 4);
    let events = t.g.take_events();
    let at = |f: &dyn Fn(&Event) -> bool| events.iter().position(f);
    let drew = at(&|e| matches!(e, Event::Drew { player, .. } if *player == P1));
    let main_over = at(&|e| matches!(e, Event::PhaseEnded(Phase::Main)));
    let score = at(&|e| matches!(e, Event::StepBegan(ponyccg_core::Step::Confront)));
    assert!(
        drew.is_some() && main_over < drew && drew < score,
        "{events:?}"
    );
}
