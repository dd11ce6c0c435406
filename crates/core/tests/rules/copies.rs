//! The "copies" branch: the keyword Teamwork (glossary), tokens (521) and copying (520).

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
        when: Trigger::YouPlay {
            card_type: CardType::Event,
            on: None,
        },
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
