//! The heuristic player's answers to choices the composed script pieces ask for: cards
//! picked one at a time, and modes.

use ponyccg_ai::{HeuristicPlayer, Player};
use ponyccg_core::ability::*;
use ponyccg_core::board::{Board, InPlay, StartAt};
use ponyccg_core::card::{CardDef, CardType, Color, ReqColor, ScriptStatus};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Game, GameSetup, Pending, PlayerDeck, PlayerId, Prompt};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

fn player_deck(prefix: &str, color: Color, draw: Vec<CardDef>) -> PlayerDeck {
    let mut d = draw;
    for i in 0..5 {
        d.push(friend(&format!("{prefix}F{i}"), color, 1, 1, 0));
    }
    let p = |n: &str| {
        problem(
            &format!("{prefix}{n}"),
            &[(ReqColor::Color(color), 3)],
            5,
            1,
            true,
        )
    };
    PlayerDeck {
        mane: mane(&format!("{prefix}M"), color, 1, 3),
        problems: vec![p("P1"), p("P2")],
        draw: d,
    }
}

fn main_event(effects: Vec<Effect>) -> CardDef {
    let mut d = resource("EV", Color::Blue, 1, 0);
    d.card_type = CardType::Event;
    d.title = "Event EV".into();
    d.face.abilities = vec![Ability::Play {
        timing: Timing::Phase(PhaseName::Main),
        cost: vec![],
        effects,
    }];
    d.script = ScriptStatus::Scripted;
    d
}

/// P1 has played "EV" in their Main Phase, P2 having Friends of power 3 and 1 at home.
fn played(seed: u64, effects: Vec<Effect>) -> Game {
    played_in_order(seed, effects, ["WEAK", "STRONG"])
}

/// As `played`, P2's Friends put into play in this order.
fn played_in_order(seed: u64, effects: Vec<Effect>, order: [&str; 2]) -> Game {
    let setup = GameSetup {
        seed,
        players: vec![
            player_deck("A", Color::Blue, vec![main_event(effects)]),
            player_deck(
                "B",
                Color::Orange,
                vec![
                    friend("STRONG", Color::Orange, 3, 1, 0),
                    friend("WEAK", Color::Orange, 1, 1, 0),
                ],
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
    let ev = b.take(P1, "EV").unwrap();
    b.to_zone(ev, ponyccg_core::Zone::Hand).unwrap();
    for n in order {
        let c = b.take(P2, n).unwrap();
        b.to_play(c, Area::Home(P2), InPlay::default()).unwrap();
    }
    b.set_tokens(P1, 3);
    let mut g = b.start(StartAt::MainPhase).unwrap();
    let i = g.find_label("play \"Event EV\"").unwrap();
    g.apply_action(i).unwrap();
    g
}

fn answer(g: &mut Game, ai: &mut HeuristicPlayer) -> Prompt {
    let Pending::Decision(d) = g.pending() else {
        panic!("no decision");
    };
    let d = d.clone();
    let i = ai.choose(g, &d);
    g.apply_action(i).unwrap();
    d.prompt
}

#[test]
fn picks_the_strongest_card_first_and_takes_as_many_as_allowed() {
    let friends = Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        controller: Some(Who::Opponent),
        ..Cards::default()
    };
    let mut g = played(
        1,
        vec![Effect::Exhaust(Target::UpTo(Amount::N(2), friends))],
    );
    let mut ai = HeuristicPlayer::new(1);
    assert_eq!(g.labels()[0], "choose \"Orange Friend WEAK\" at P2's home");
    assert_eq!(answer(&mut g, &mut ai), Prompt::Pick);
    assert_eq!(
        g.labels(),
        ["choose \"Orange Friend WEAK\" at P2's home", "done"],
        "the strongest was picked first"
    );
    answer(&mut g, &mut ai);
    let exhausted = g
        .in_play()
        .iter()
        .filter(|&&c| g.card(c).controller == P2 && g.card(c).is_exhausted())
        .count();
    assert_eq!(exhausted, 2, "it didn't stop early");
}

/// A mode is weighed by what shows of its result: of two modes gaining tokens, the one
/// that gains more, wherever it is listed (the player used to pick a mode at random).
#[test]
fn a_modal_choice_takes_the_better_mode_wherever_listed() {
    let tokens = |name: &str, n: u8| Mode {
        name: name.into(),
        effects: vec![Effect::GainTokens {
            who: Who::You,
            amount: Amount::N(n.into()),
        }],
    };
    for (modes, gain) in [
        (vec![tokens("one", 1), tokens("two", 2)], 2),
        (vec![tokens("two", 2), tokens("one", 1)], 2),
    ] {
        for seed in 0..10 {
            let before = played(seed, vec![]).tokens(P1);
            let mut g = played(
                seed,
                vec![Effect::Modes {
                    choose: 1,
                    random: false,
                    modes: modes.clone(),
                }],
            );
            let mut ai = HeuristicPlayer::new(seed);
            assert_eq!(answer(&mut g, &mut ai), Prompt::ChooseMode);
            assert_eq!(g.tokens(P1), before + gain, "seed {seed}");
        }
    }
}

/// A draw is looked through for what everyone sees of it (a card more in hand), so a
/// mode that draws a card is weighed against one that gains a token, not left to chance.
#[test]
fn a_modal_choice_between_a_draw_and_a_token_is_the_same_every_time() {
    let modes = || {
        vec![Effect::Modes {
            choose: 1,
            random: false,
            modes: vec![
                Mode {
                    name: "draw".into(),
                    effects: vec![Effect::Draw {
                        who: Who::You,
                        amount: Amount::N(1),
                    }],
                },
                Mode {
                    name: "tokens".into(),
                    effects: vec![Effect::GainTokens {
                        who: Who::You,
                        amount: Amount::N(1),
                    }],
                },
            ],
        }]
    };
    for seed in 0..10 {
        let mut g = played(seed, modes());
        let mut ai = HeuristicPlayer::new(seed);
        let before = g.tokens(P1);
        assert_eq!(answer(&mut g, &mut ai), Prompt::ChooseMode);
        assert_eq!(g.tokens(P1), before, "seed {seed}: a token over a card");
    }
}

#[test]
fn a_faceoff_an_effect_starts_is_against_the_weakest_opposing_card() {
    // 514.3c: P1's Mane (1) is the only character of theirs; both opposing Friends are at
    // least as strong, and the AI takes on the weaker one.
    let mine = Cards {
        card_type: Some(CardKind::Character),
        controller: Some(Who::You),
        ..Cards::default()
    };
    let theirs = Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        controller: Some(Who::Opponent),
        power_vs: Some(Box::new((Cmp::AtLeast, Amount::Power(CardRef::It)))),
        ..Cards::default()
    };
    for seed in 0..5 {
        let g = played_in_order(
            seed,
            vec![Effect::Faceoff {
                start: FaceoffStart::Between {
                    yours: mine.clone(),
                    theirs: theirs.clone(),
                },
                winner: vec![],
                loser: vec![],
                at_end: false,
            }],
            ["STRONG", "WEAK"],
        );
        let Pending::Decision(d) = g.pending() else {
            panic!("no decision");
        };
        assert_eq!(d.prompt, Prompt::FaceoffCards);
        let mut ai = HeuristicPlayer::new(seed);
        let i = ai.choose(&g, d);
        assert_eq!(g.labels()[i], "choose \"Orange Friend WEAK\" at P2's home");
    }
}
