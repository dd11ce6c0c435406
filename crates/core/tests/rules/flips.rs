//! Faceoff flips (514.4-514.7, 515): how many cards are flipped, ignored flips, power
//! total modifiers, where flipped cards go at the end, and the Random keyword.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardType, Color::*, Keyword};
use ponyccg_core::event::Event;
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, PlayerId, Zone};

fn static_(effect: StaticEffect, condition: Option<Condition>) -> Ability {
    Ability::Static { effect, condition }
}

fn flips_by(events: &[Event], p: PlayerId) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Flipped { player, .. } if *player == p))
        .count()
}

const CHALLENGE: &str = "challenge \"Troublemaker TM\" at \"Problem AP1\"";

#[test]
fn r514_4a_more_flips_only_at_the_first_flip() {
    // 2 + 1 + 1 against 3 + 1 ties; at the re-flip P1 flips one card (1) against 2 and
    // loses. Flipping two again would have brought up the 5 and won.
    let more = with(
        friend("FM", Blue, 2, 1, 0),
        vec![static_(
            StaticEffect::FlipMore {
                who: Who::You,
                amount: 1,
            },
            Some(Condition::Involved),
        )],
    );
    let a1 = || friend("A1", Blue, 1, 1, 0);
    let mut tm = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![more, a1(), a1(), a1(), friend("A5", Blue, 5, 1, 0)],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 3, 1, false),
                friend("B1", Orange, 1, 1, 0),
                friend("B2", Orange, 2, 1, 0),
            ],
            0,
        ),
        StartAt::ChallengeStep,
        |b| {
            tm = Some(place(b, P2, "TM", Area::Problem(P1)));
            place(b, P1, "FM", Area::Problem(P1));
        },
    );
    t.g.set_logging(true);
    t.choose(P1, CHALLENGE);
    let events = t.g.take_events();
    assert_eq!(flips_by(&events, P1), 3, "two at first, one at the re-flip");
    assert_eq!(flips_by(&events, P2), 2);
    assert_eq!(t.g.card(tm.unwrap()).zone, Zone::Play, "P2 won 6 to 5");
    assert_eq!(t.g.score(P1), 0);
}

#[test]
fn r515_4_the_highest_ignored_flip_adds_nothing_but_stays_flipped() {
    // P2's card makes P1 flip one more (3 and 1) and ignore the 3: 2 + 1 = 3 loses to
    // 3 + 1. Counted, the 3 would make 6 and win.
    let spoiler = with(
        friend("SP", Orange, 1, 1, 0),
        vec![
            static_(
                StaticEffect::FlipMore {
                    who: Who::Opponent,
                    amount: 1,
                },
                None,
            ),
            static_(StaticEffect::IgnoreHighestFlip { who: Who::Opponent }, None),
        ],
    );
    let mut tm = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                friend("F", Blue, 2, 1, 0),
                friend("A3", Blue, 3, 1, 0),
                friend("A1", Blue, 1, 1, 0),
            ],
            2,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 3, 1, false),
                spoiler,
                friend("B1", Orange, 1, 1, 0),
            ],
            2,
        ),
        StartAt::ChallengeStep,
        |b| {
            tm = Some(place(b, P2, "TM", Area::Problem(P1)));
            place(b, P2, "SP", Area::Home(P2));
            place(b, P1, "F", Area::Problem(P1));
        },
    );
    t.g.set_logging(true);
    t.choose(P1, CHALLENGE);
    let events = t.g.take_events();
    assert_eq!(flips_by(&events, P1), 2);
    assert_eq!(t.g.card(tm.unwrap()).zone, Zone::Play, "4 beats 3");
    assert_eq!(t.g.score(P1), 0);
}

#[test]
fn r514_5a_a_total_modifier_for_players_who_fit_reads_each_player_as_you() {
    // +2 to the total of each player with a Blue Friend involved: P1 (2 + 1 + 2) beats
    // the Troublemaker (3 + 1); P2 has none, so gets nothing.
    let blue_involved = Cards {
        card_type: Some(CardKind::Type(CardType::Friend)),
        controller: Some(Who::You),
        color: Some(Blue),
        place: Some(Place::Involved),
        ..Cards::default()
    };
    let cheer = with(
        friend("CH", Orange, 1, 1, 0),
        vec![static_(
            StaticEffect::FaceoffTotal {
                who: Who::Each,
                amount: Amount::N(2),
            },
            Some(Condition::Exists(blue_involved)),
        )],
    );
    let mut tm = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![friend("F", Blue, 2, 1, 0), friend("A1", Blue, 1, 1, 0)],
            2,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 3, 1, false),
                cheer,
                friend("B1", Orange, 1, 1, 0),
            ],
            2,
        ),
        StartAt::ChallengeStep,
        |b| {
            tm = Some(place(b, P2, "TM", Area::Problem(P1)));
            place(b, P2, "CH", Area::Home(P2));
            place(b, P1, "F", Area::Problem(P1));
        },
    );
    t.choose(P1, CHALLENGE);
    assert_eq!(t.g.card(tm.unwrap()).zone, Zone::Discard, "5 beats 4");
    assert_eq!(t.g.score(P1), 1);
}

#[test]
fn r514_7_a_may_replacement_sends_one_flipped_card_to_hand_once_per_faceoff() {
    // P1 flips two cards (1 and 3); the owner chooses to take the first into hand; the
    // replacement is used up, so the second goes to the deck bottom as usual.
    let keeper = with(
        friend("KE", Blue, 2, 1, 0),
        vec![
            static_(
                StaticEffect::FlipMore {
                    who: Who::You,
                    amount: 1,
                },
                Some(Condition::Involved),
            ),
            static_(
                StaticEffect::FlippedInstead {
                    cost: Vec::new(),
                    cards: None,
                    whose: Who::You,
                    to: FlipDestination::Hand,
                    optional: true,
                    once_per_faceoff: true,
                },
                Some(Condition::Involved),
            ),
        ],
    );
    let (mut a1, mut a3) = (None, None);
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                keeper,
                friend("A1", Blue, 1, 1, 0),
                friend("A3", Blue, 3, 1, 0),
            ],
            2,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 1, 1, false),
                friend("B1", Orange, 1, 1, 0),
            ],
            2,
        ),
        StartAt::ChallengeStep,
        |b| {
            place(b, P2, "TM", Area::Problem(P1));
            place(b, P1, "KE", Area::Problem(P1));
            // The top of a deck is its last card.
            let d = &b.game().player(P1).deck;
            a1 = d.last().copied();
            a3 = d.get(d.len() - 2).copied();
        },
    );
    t.choose(P1, CHALLENGE);
    assert_eq!(
        t.labels(),
        vec!["choose \"Blue Friend KE\" at \"Problem AP1\"", "none"]
    );
    t.choose(P1, "choose \"Blue Friend KE\" at \"Problem AP1\"");
    assert_eq!(t.g.card(a1.unwrap()).zone, Zone::Hand);
    assert_eq!(t.g.card(a3.unwrap()).zone, Zone::DrawDeck);
    assert!(t.g.faceoff().is_none());
}

#[test]
fn r710_5_a_mandatory_replacement_applies_to_every_flipped_card() {
    // Flipped cards of both players go to their owners' discard piles, with no question.
    let pit = with(
        friend("PI", Orange, 1, 1, 0),
        vec![static_(
            StaticEffect::FlippedInstead {
                cost: Vec::new(),
                cards: None,
                whose: Who::Each,
                to: FlipDestination::Discard,
                optional: false,
                once_per_faceoff: false,
            },
            None,
        )],
    );
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![friend("F", Blue, 3, 1, 0), friend("A1", Blue, 1, 1, 0)],
            2,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 1, 1, false),
                pit,
                friend("B1", Orange, 1, 1, 0),
            ],
            2,
        ),
        StartAt::ChallengeStep,
        |b| {
            place(b, P2, "TM", Area::Problem(P1));
            place(b, P2, "PI", Area::Home(P2));
            place(b, P1, "F", Area::Problem(P1));
        },
    );
    t.choose(P1, CHALLENGE);
    assert!(t.g.faceoff().is_none());
    assert_eq!(t.g.player(P1).discard.len(), 1, "P1's flip");
    // P2's discard: the defeated Troublemaker and the flipped card.
    assert_eq!(t.g.player(P2).discard.len(), 2);
}

#[test]
fn random_may_ignore_a_one_power_flip_and_flip_again_once_per_faceoff() {
    // P1's 1-power flip is ignored and replaced by a 4: 2 + 4 beats 3 + 1. The second
    // flip is also 1 power, but Random works once per faceoff.
    let mut ra = friend("RA", Blue, 2, 1, 0);
    ra.face.keywords.push(Keyword::Random);
    let mut tm = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![ra, friend("A1", Blue, 1, 1, 0), friend("A4", Blue, 4, 1, 0)],
            2,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 3, 1, false),
                friend("B1", Orange, 1, 1, 0),
            ],
            2,
        ),
        StartAt::ChallengeStep,
        |b| {
            tm = Some(place(b, P2, "TM", Area::Problem(P1)));
            place(b, P1, "RA", Area::Problem(P1));
        },
    );
    t.g.set_logging(true);
    t.choose(P1, CHALLENGE);
    t.choose(P1, "yes");
    let events = t.g.take_events();
    assert!(events.iter().any(|e| matches!(e, Event::Ignored(_))));
    assert_eq!(flips_by(&events, P1), 2);
    assert_eq!(t.g.card(tm.unwrap()).zone, Zone::Discard, "6 beats 4");
}

#[test]
fn r515_4a_an_ignored_card_cant_be_ignored_again_and_if_takes_one_branch() {
    // A Faceoff Event: if P1 has a Blue Friend involved, ignore P2's flipped cards, and
    // otherwise flip one more. Ignoring twice changes nothing (515.4a).
    let opposing_flips = Cards {
        controller: Some(Who::Opponent),
        place: Some(Place::Flipped),
        ..Cards::default()
    };
    let mut ev = resource("EV", Blue, 1, 0);
    ev.card_type = CardType::Event;
    ev.title = "Event EV".into();
    let ev = with(
        ev,
        vec![Ability::Play {
            timing: Timing::Faceoff(None),
            cost: vec![],
            effects: vec![Effect::If {
                cond: Condition::Exists(Cards {
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    controller: Some(Who::You),
                    color: Some(Blue),
                    place: Some(Place::Involved),
                    ..Cards::default()
                }),
                then: vec![
                    Effect::Ignore(Target::Each(opposing_flips.clone())),
                    Effect::Ignore(Target::Each(opposing_flips)),
                ],
                otherwise: vec![Effect::Flip {
                    who: Who::You,
                    amount: 1,
                }],
            }],
        }],
    );
    let mut tm = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![ev, friend("F", Blue, 2, 1, 0), friend("A1", Blue, 1, 1, 0)],
            2,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 2, 1, false),
                friend("B5", Orange, 5, 1, 0),
            ],
            2,
        ),
        StartAt::ChallengeStep,
        |b| {
            tm = Some(place(b, P2, "TM", Area::Problem(P1)));
            place(b, P1, "F", Area::Problem(P1));
            to_hand(b, P1, "EV");
        },
    );
    t.g.set_logging(true);
    t.choose(P1, CHALLENGE);
    // The window before the first flips, then the one after them.
    t.choose(P1, "pass");
    t.choose(P1, "play \"Event EV\"");
    while t.g.faceoff().is_some() && t.offered("pass") {
        let p = t.who();
        t.choose(p, "pass");
    }
    let events = t.g.take_events();
    let ignored = events
        .iter()
        .filter(|e| matches!(e, Event::Ignored(_)))
        .count();
    assert_eq!(ignored, 1, "515.4a");
    assert_eq!(flips_by(&events, P1), 1, "the else branch was not taken");
    assert_eq!(t.g.card(tm.unwrap()).zone, Zone::Discard, "3 beats 2");
}

#[test]
fn r514_7_the_owner_orders_their_flipped_cards_going_to_the_bottom() {
    // 3 + 1 ties 3 + 1; at the re-flip P1's 2 beats P2's 1. P1 flipped two different
    // cards and chooses which goes to the bottom first (the other ends up below it);
    // P2 flipped two copies of one card, so there is nothing for P2 to choose.
    let (mut a1, mut a2, mut b1s) = (None, None, Vec::new());
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                friend("SD", Blue, 3, 1, 0),
                friend("A1", Blue, 1, 1, 0),
                friend("A2", Blue, 2, 1, 0),
            ],
            2,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 3, 1, false),
                friend("B1", Orange, 1, 1, 0),
                friend("B1", Orange, 1, 1, 0),
            ],
            2,
        ),
        StartAt::ChallengeStep,
        |b| {
            place(b, P2, "TM", Area::Problem(P1));
            place(b, P1, "SD", Area::Problem(P1));
            let d = &b.game().player(P1).deck;
            a1 = d.last().copied();
            a2 = d.get(d.len() - 2).copied();
            let d2 = &b.game().player(P2).deck;
            b1s = d2[d2.len() - 2..].to_vec();
        },
    );
    t.choose(P1, CHALLENGE);
    assert_eq!(t.g.score(P1), 1, "P1 won 6 to 5");
    assert_eq!(
        t.labels(),
        vec![
            "put \"Blue Friend A1\" on the bottom",
            "put \"Blue Friend A2\" on the bottom"
        ]
    );
    t.choose(P1, "put \"Blue Friend A2\" on the bottom");
    assert!(t.g.faceoff().is_none(), "the last card needs no question");
    let deck = &t.g.player(P1).deck;
    assert_eq!(deck[..2], [a1.unwrap(), a2.unwrap()], "A1 went below A2");
    assert!(b1s.iter().all(|&c| t.g.card(c).zone == Zone::DrawDeck));
}

#[test]
fn r710_1_a_flip_from_the_deck_can_be_replaced_for_its_player_only() {
    // P1's flips are replaced by nothing while the Friend is involved (CG93's occurrence,
    // given here as a static ability): P1 stays at 2 + 1 and never flips the 5 on top,
    // while P2's flip is untouched (3 + 1), so the Troublemaker stays.
    let stopper = with(
        friend("NF", Blue, 2, 1, 0),
        vec![static_(
            StaticEffect::Replace {
                would: Would::Flip(Who::You),
                instead: Instead::Nothing,
                optional: false,
                cost: Vec::new(),
                then: Vec::new(),
                chooser: None,
                once: false,
            },
            Some(Condition::Involved),
        )],
    );
    let mut tm = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                stopper,
                friend("A5", Blue, 5, 1, 0),
                friend("A6", Blue, 5, 1, 0),
            ],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 3, 1, false),
                friend("B1", Orange, 1, 1, 0),
                friend("B2", Orange, 1, 1, 0),
            ],
            0,
        ),
        StartAt::ChallengeStep,
        |b| {
            tm = Some(place(b, P2, "TM", Area::Problem(P1)));
            place(b, P1, "NF", Area::Problem(P1));
        },
    );
    t.choose(P1, CHALLENGE);
    let events = t.g.take_events();
    assert_eq!(flips_by(&events, P1), 0, "P1's flip is replaced");
    assert_eq!(flips_by(&events, P2), 1, "P2's flip is not");
    assert_eq!(t.g.card(tm.unwrap()).zone, Zone::Play, "3 loses to 4");
}

#[test]
fn r514_4a_a_may_flip_more_is_answered_before_the_first_flip() {
    // P1's Friend lets P1 flip one more card at the first flip, a "may" (CG43's form).
    // The extra card is part of that flip (514.4a), so P1 answers before any card of it
    // is revealed: when asked, nobody has flipped. Saying yes, P1 flips two (1 and 5)
    // and P2 one; 2 + 1 + 5 beats 3 + 1.
    let more = with(
        friend("FM", Blue, 2, 1, 0),
        vec![static_(
            StaticEffect::FlipMoreThen {
                amount: Amount::N(1),
                optional: true,
                then: Vec::new(),
            },
            Some(Condition::Involved),
        )],
    );
    let mut tm = None;
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                more,
                friend("A1", Blue, 1, 1, 0),
                friend("A5", Blue, 5, 1, 0),
            ],
            0,
        ),
        deck(
            "B",
            Orange,
            vec![
                troublemaker("TM", 3, 1, false),
                friend("B1", Orange, 1, 1, 0),
            ],
            3,
        ),
        StartAt::ChallengeStep,
        |b| {
            tm = Some(place(b, P2, "TM", Area::Problem(P1)));
            place(b, P1, "FM", Area::Problem(P1));
        },
    );
    t.g.set_logging(true);
    t.choose(P1, CHALLENGE);
    let events = t.g.take_events();
    assert_eq!(t.labels(), vec!["yes", "no"]);
    assert_eq!(flips_by(&events, P1), 0, "asked before P1's ordinary flip");
    assert_eq!(flips_by(&events, P2), 0, "asked before P2's flip");
    t.choose(P1, "yes");
    let events = t.g.take_events();
    assert_eq!(flips_by(&events, P1), 2, "the ordinary card and one more");
    assert_eq!(flips_by(&events, P2), 1);
    assert_eq!(t.g.card(tm.unwrap()).zone, Zone::Discard, "P1 won 8 to 4");
}
