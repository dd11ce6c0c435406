//! A static ability that has its controller play with the top card of their deck
//! revealed (CN197): every player may see which card is on top, whichever it is.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{Color::*, ScriptStatus};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, CardId, Zone};

fn top(t: &T, p: ponyccg_core::PlayerId, n: usize) -> Vec<CardId> {
    t.g.player(p).deck.iter().rev().take(n).copied().collect()
}

#[test]
fn r702_the_top_card_of_the_controllers_deck_is_revealed_while_the_card_is_in_play() {
    let mut shower = friend("SHOW", Blue, 1, 1, 0);
    shower.face.abilities = vec![Ability::Static {
        effect: StaticEffect::RevealTopOfDeck,
        condition: None,
    }];
    shower.script = ScriptStatus::Scripted;
    let mut s = None;
    let mut t = board(
        deck("A", Blue, vec![shower], 6),
        deck("B", Orange, vec![], 6),
        StartAt::MainPhase,
        |b| {
            s = Some(place(b, P1, "SHOW", Area::Home(P1)));
            b.set_tokens(P1, 3);
        },
    );
    let s = s.unwrap();
    let mine = top(&t, P1, 2);
    let theirs = top(&t, P2, 1);
    // Both players see P1's top card; not the one beneath it, nor P2's top card.
    assert!(t.g.is_visible_to(mine[0], P2));
    assert!(t.g.is_visible_to(mine[0], P1));
    assert!(!t.g.is_visible_to(mine[1], P2));
    assert!(!t.g.is_visible_to(theirs[0], P1));
    // A draw reveals the next card instead.
    t.choose(P1, "draw a card");
    assert_eq!(t.g.card(mine[0]).zone, Zone::Hand);
    assert!(t.g.is_visible_to(mine[1], P2));
    assert_eq!(t.g.card(s).zone, Zone::Play);
}
