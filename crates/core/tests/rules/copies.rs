//! The "copies" branch: the keyword Teamwork (glossary), tokens (521) and copying (520).

use crate::support::T;
use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardDef, CardType, Color::*, Keyword};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, CardId};

/// A Friend with printed traits.
fn friend_with(
    number: &str,
    color: ponyccg_core::card::Color,
    power: i16,
    traits: &[&str],
) -> CardDef {
    let mut d = friend(number, color, power, 1, 0);
    d.face.traits = traits.iter().map(|t| t.to_string()).collect();
    d
}

/// A Teamwork Friend with the trait "Pegasus", the keyword Swift, and `abilities`.
fn teamwork(number: &str, abilities: Vec<Ability>) -> CardDef {
    let mut d = with(friend_with(number, Blue, 1, &["Pegasus"]), abilities);
    d.face.keywords = vec![Keyword::Teamwork, Keyword::Swift];
    d
}

fn plus_one_power() -> Ability {
    Ability::Static {
        effect: StaticEffect::Power {
            cards: None,
            amount: Amount::N(1),
        },
        condition: None,
    }
}

#[test]
fn glossary_teamwork_grants_to_a_trait_sharing_friend_here_only() {
    let mut ids: Vec<CardId> = Vec::new();
    let t = board(
        deck(
            "A",
            Blue,
            vec![
                teamwork("TW", vec![plus_one_power()]),
                friend_with("SHARE", Blue, 2, &["Pegasus"]),
                friend_with("AWAY", Blue, 2, &["Pegasus"]),
                friend_with("OTHER", Blue, 2, &["Unicorn"]),
            ],
            5,
        ),
        deck(
            "B",
            Orange,
            vec![friend_with("THEIRS", Orange, 2, &["Pegasus"])],
            5,
        ),
        StartAt::MainPhase,
        |b| {
            let here = Area::Problem(P1);
            ids.push(place(b, P1, "TW", here));
            ids.push(place(b, P1, "SHARE", here));
            ids.push(place(b, P1, "AWAY", Area::Home(P1)));
            ids.push(place(b, P1, "OTHER", here));
            ids.push(place(b, P2, "THEIRS", here));
        },
    );
    let [tw, share, away, other, theirs] = ids[..] else {
        unreachable!()
    };
    // The Teamwork card's own ability, and the same ability read as the sharer's own.
    assert_eq!(t.g.power(tw), Some(2));
    assert_eq!(t.g.power(share), Some(3));
    // Elsewhere, without a shared trait, or an opponent's: nothing.
    assert_eq!(t.g.power(away), Some(2));
    assert_eq!(t.g.power(other), Some(2));
    assert_eq!(t.g.power(theirs), Some(2));
    // Printed keywords come too, but never Teamwork itself.
    assert!(t.g.has_keyword(share, |k| k == Keyword::Swift));
    assert!(!t.g.has_keyword(share, |k| k == Keyword::Teamwork));
    assert!(!t.g.has_keyword(away, |k| k == Keyword::Swift));
    assert!(!t.g.has_keyword(other, |k| k == Keyword::Swift));
    assert!(!t.g.has_keyword(theirs, |k| k == Keyword::Swift));
}

#[test]
fn glossary_teamwork_a_granted_trigger_fires_for_the_receiving_card() {
    // When you play an Event, this card gets +1 power this turn.
    let trigger = Ability::Triggered {
        when: Trigger::on(Happening::Played)
            .by(Actor::You)
            .card(TriggerCard::Any(Cards {
                card_type: Some(CardKind::Type(CardType::Event)),
                ..Cards::default()
            })),
        condition: None,
        optional: false,
        cost: vec![],
        effects: vec![Effect::Until {
            target: Target::This,
            effect: StaticEffect::Power {
                cards: None,
                amount: Amount::N(1),
            },
            duration: Duration::EndOfTurn,
        }],
    };
    let mut ids: Vec<CardId> = Vec::new();
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                teamwork("TW", vec![trigger]),
                friend_with("SHARE", Blue, 2, &["Pegasus"]),
                friend_with("OTHER", Blue, 2, &["Unicorn"]),
                main_event("EV", vec![]),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            ids.push(place(b, P1, "TW", Area::Home(P1)));
            ids.push(place(b, P1, "SHARE", Area::Home(P1)));
            ids.push(place(b, P1, "OTHER", Area::Home(P1)));
            to_hand(b, P1, "EV");
            // So that the Main Phase goes on after the Event, while the modifiers last.
            b.set_tokens(P1, 3);
        },
    );
    let [tw, share, other] = ids[..] else {
        unreachable!()
    };
    t.choose(P1, "play \"Event EV\"");
    t.choose(P1, "resolve \"Blue Friend SHARE\" first");
    assert_eq!(t.g.power(tw), Some(2));
    assert_eq!(t.g.power(share), Some(3));
    assert_eq!(t.g.power(other), Some(2));
}

#[test]
fn glossary_teamwork_a_granted_activated_ability_is_used_by_the_receiving_card() {
    // Main Phase: pay 1 to ready this card.
    let ready = Ability::Activated {
        timing: Timing::Phase(PhaseName::Main),
        condition: None,
        cost: vec![Cost::Tokens(1)],
        effects: vec![Effect::Ready(Target::This)],
    };
    let mut ids: Vec<CardId> = Vec::new();
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                teamwork("TW", vec![ready]),
                friend_with("SHARE", Blue, 2, &["Pegasus"]),
                friend_with("OTHER", Blue, 2, &["Unicorn"]),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            let tired = ponyccg_core::board::InPlay {
                exhausted: true,
                ..Default::default()
            };
            ids.push(place(b, P1, "TW", Area::Home(P1)));
            ids.push(place_with(b, P1, "SHARE", Area::Home(P1), tired));
            ids.push(place_with(b, P1, "OTHER", Area::Home(P1), tired));
            b.set_tokens(P1, 3);
        },
    );
    let share = ids[1];
    t.assert_not_offered("use \"Blue Friend OTHER\"");
    t.choose(P1, "use \"Blue Friend SHARE\"");
    assert!(t.g.card(share).is_ready());
    assert_eq!(t.g.tokens(ponyccg_core::PlayerId(0)), 2);
}

fn rock() -> TokenSpec {
    TokenSpec {
        card_type: CardType::Friend,
        power: 3,
        traits: vec!["Rock".into()],
        colors: vec![Orange],
        keywords: vec![],
        name: None,
    }
}

fn make_rock() -> Effect {
    Effect::MakeToken {
        token: rock(),
        count: 1,
        at: None,
    }
}

/// The tokens in play at a player's home.
fn tokens_at_home(t: &T, p: ponyccg_core::PlayerId) -> Vec<CardId> {
    t.g.at(Area::Home(p)).filter(|&c| t.g.is_token(c)).collect()
}

/// P1 plays "EV" (doing `effects`) from hand, with 3 tokens, on a board `more` adds to.
fn play_event(
    effects: Vec<Effect>,
    more: Vec<CardDef>,
    f: impl FnOnce(&mut ponyccg_core::board::Board),
) -> T {
    let theirs = vec![friend_with("THEIRS", Orange, 2, &["Pegasus"])];
    event_played(effects, more, theirs, |b| {
        b.set_tokens(P1, 3);
        f(b);
    })
}

#[test]
fn r521_1a_a_token_without_a_name_is_named_by_its_traits_and_costs_nothing() {
    let t = play_event(vec![make_rock()], vec![], |_| {});
    let made = tokens_at_home(&t, P1);
    assert_eq!(made.len(), 1);
    let c = made[0];
    assert_eq!(t.g.name(c), "Rock");
    assert_eq!(t.g.power(c), Some(3));
    assert_eq!(t.g.printed_cost(c), Some(0));
    assert!(t.g.colors(c).contains(Orange));
    assert!(t.g.has_trait(c, "Rock"));
}

#[test]
fn r521_5_a_token_is_owned_by_the_controller_of_the_effect_that_made_it() {
    let t = play_event(
        vec![
            make_rock(),
            Effect::By {
                decide_first: false,
                only: None,
                who: Who::Opponent,
                may: false,
                cost: Vec::new(),
                effects: vec![make_rock()],
            },
        ],
        vec![],
        |_| {},
    );
    let mine = tokens_at_home(&t, P1);
    let theirs = tokens_at_home(&t, P2);
    assert_eq!((mine.len(), theirs.len()), (1, 1));
    assert_eq!(t.g.card(mine[0]).owner, P1);
    assert_eq!(t.g.card(theirs[0]).owner, P2);
    assert_eq!(t.g.card(theirs[0]).controller, P2);
}

#[test]
fn r521_3_a_token_put_into_a_hand_ceases_to_exist() {
    let t = play_event(
        vec![
            make_rock(),
            Effect::ReturnToHand(Target::Each(Cards {
                token: Some(true),
                ..Cards::default()
            })),
        ],
        vec![],
        |_| {},
    );
    assert!(tokens_at_home(&t, P1).is_empty());
    let hand = &t.g.player(P1).hand;
    assert!(hand.iter().all(|&c| !t.g.is_token(c)), "{hand:?}");
    let gone: Vec<CardId> = (0..t.g.num_cards() as u16)
        .map(CardId)
        .filter(|&c| t.g.is_token(c))
        .collect();
    assert_eq!(gone.len(), 1);
    assert_eq!(t.g.card(gone[0]).zone, ponyccg_core::Zone::Gone);
    // Nothing can bring it back: it is in no zone list.
    assert!(t
        .g
        .zone(P1, ponyccg_core::Zone::Hand)
        .iter()
        .all(|&c| c != gone[0]));
}

#[test]
fn r521_4_a_frightened_token_ceases_to_exist() {
    let t = play_event(
        vec![
            make_rock(),
            Effect::Frighten(Target::Each(Cards {
                token: Some(true),
                ..Cards::default()
            })),
        ],
        vec![friend_with("MINE", Blue, 1, &[])],
        |b| {
            place(b, P1, "MINE", Area::Home(P1));
        },
    );
    assert!(tokens_at_home(&t, P1).is_empty());
    let made: Vec<CardId> = (0..t.g.num_cards() as u16)
        .map(CardId)
        .filter(|&c| t.g.is_token(c))
        .collect();
    assert_eq!(made.len(), 1);
    assert_eq!(t.g.card(made[0]).zone, ponyccg_core::Zone::Gone);
    // The non-token Friend was not frightened: the selector read "token".
    assert_eq!(
        t.g.at(Area::Home(P1))
            .filter(|&c| t.g.card(c).frightened)
            .count(),
        0
    );
}

#[test]
fn r520_2_a_token_copy_has_printed_power_not_modified_power_and_cost_0() {
    let mut src = None;
    let mut big = friend_with("BIG", Blue, 2, &["Pegasus"]);
    big.cost = Some(4);
    let t = play_event(
        vec![Effect::TokenCopy(Target::Choose(Cards {
            title: Some("Blue Friend BIG".into()),
            ..Cards::default()
        }))],
        vec![big],
        |b| {
            let how = ponyccg_core::board::InPlay {
                counters: 2,
                exhausted: true,
                ..Default::default()
            };
            src = Some(place_with(b, P1, "BIG", Area::Problem(P1), how));
        },
    );
    let src = src.unwrap();
    assert_eq!(t.g.power(src), Some(4));
    let copy = tokens_at_home(&t, P1);
    assert_eq!(copy.len(), 1);
    let copy = copy[0];
    assert_eq!(t.g.name(copy), t.g.name(src));
    assert_eq!(t.g.power(copy), Some(2));
    assert!(t.g.card(copy).is_ready());
    assert_eq!(t.g.printed_cost(copy), Some(0));
    assert_eq!(t.g.printed_cost(src), Some(4));
    assert!(t.g.has_trait(copy, "Pegasus"));
}

#[test]
fn r520_1_a_copied_effect_is_processed_again_with_new_decisions_by_its_new_controller() {
    let exhaust_opposing = Effect::Exhaust(Target::Choose(Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        controller: Some(Who::Opponent),
        ready: Some(true),
        ..Cards::default()
    }));
    let mut ids = Vec::new();
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                main_event(
                    "EV",
                    vec![
                        exhaust_opposing,
                        Effect::CopyThis {
                            who: Who::Opponent,
                            cost: vec![Cost::Tokens(1)],
                        },
                    ],
                ),
                friend_with("ONE", Blue, 1, &[]),
                friend_with("TWO", Blue, 1, &[]),
            ],
            5,
        ),
        deck(
            "B",
            Orange,
            vec![
                friend_with("X", Orange, 1, &[]),
                friend_with("Y", Orange, 1, &[]),
            ],
            5,
        ),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            b.set_tokens(P1, 3);
            b.set_tokens(P2, 1);
            ids.push(place(b, P1, "ONE", Area::Home(P1)));
            ids.push(place(b, P1, "TWO", Area::Home(P1)));
            ids.push(place(b, P2, "X", Area::Home(P2)));
            ids.push(place(b, P2, "Y", Area::Home(P2)));
        },
    );
    t.choose(P1, "play \"Event EV\"");
    t.choose(P1, "choose \"Orange Friend X\" at P2's home");
    // P2 decides whether to copy, pays, and makes the copy's own choice among P1's cards.
    t.choose(P2, "yes");
    t.choose(P2, "choose \"Blue Friend TWO\" at P1's home");
    let [one, two, x, y] = ids[..] else {
        unreachable!()
    };
    assert!(t.g.card(x).is_exhausted());
    assert!(!t.g.card(y).is_exhausted());
    assert!(t.g.card(two).is_exhausted());
    assert!(!t.g.card(one).is_exhausted());
    assert_eq!(t.g.tokens(P2), 0);
    // 520.1a: the copy was not played.
    assert_eq!(t.g.player(P1).discard.len(), 1);
}
