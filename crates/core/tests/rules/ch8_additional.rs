//! Chapter 8: simultaneity and loops.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardType, Color::*, ScriptStatus};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, Event, Prompt};

/// Two cards that bounce a Friend between home and a Problem forever, each move
/// triggering the next with nothing optional in it.
fn loop_cards() -> Vec<ponyccg_core::card::CardDef> {
    let bouncer_sel = Cards {
        title: Some("Bouncer".into()),
        ..Cards::default()
    };
    let mut bouncer = friend("BNC", Blue, 1, 1, 0);
    bouncer.title = "Bouncer".into();
    bouncer.face.abilities = vec![Ability::Triggered {
        when: Trigger::on(Happening::Moved)
            .card(TriggerCard::This)
            .at(Spot::AProblem),
        condition: None,
        optional: false,
        cost: vec![],
        effects: vec![Effect::Move {
            target: Target::This,
            to: AreaRef::Home,
        }],
    }];
    bouncer.script = ScriptStatus::Scripted;
    let mut keeper = friend("KPR", Blue, 1, 1, 0);
    keeper.face.abilities = vec![Ability::Triggered {
        when: Trigger::on(Happening::Moved).card(TriggerCard::Any(bouncer_sel.clone())),
        condition: Some(Condition::Exists(Cards {
            place: Some(Place::AtHome),
            card_type: Some(CardKind::Type(CardType::Friend)),
            ..bouncer_sel
        })),
        optional: false,
        cost: vec![],
        effects: vec![Effect::Move {
            target: Target::It,
            to: AreaRef::Here,
        }],
    }];
    keeper.script = ScriptStatus::Scripted;
    vec![bouncer, keeper]
}

#[test]
fn r802_3_a_loop_of_mandatory_effects_is_ended_and_play_proceeds() {
    let mut t = board(
        deck("A", Blue, loop_cards(), 5),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "KPR", Area::Problem(P1));
            place(b, P1, "BNC", Area::Home(P1));
            b.set_tokens(P1, 4);
        },
    );
    t.g.take_events();
    t.choose(P1, "move \"Bouncer\" from home to \"Problem AP1\"");
    let events = t.g.take_events();
    assert!(events.contains(&Event::LoopEnded), "802.3");
    let moves = events
        .iter()
        .filter(|e| matches!(e, Event::Moved { .. }))
        .count();
    assert!(moves > 60, "the loop really ran ({moves} moves)");
    // The game goes on: P1 is asked for the next Main Phase action.
    assert_eq!(t.g.decision().unwrap().prompt, Prompt::PhaseAction);
}
