//! The destination side of a move prohibition (104.2, 506): cards that can't be moved to
//! an area, by the named players.

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardType, Color::*};
use ponyccg_core::testkit::*;
use ponyccg_core::Area;

fn gate(by: Who) -> ponyccg_core::card::CardDef {
    with(
        friend("GATE", Blue, 1, 1, 0),
        vec![Ability::Static {
            effect: StaticEffect::Prohibit(Prohibition::MoveHere {
                cards: Cards {
                    card_type: Some(CardKind::Type(CardType::Friend)),
                    ..Cards::default()
                },
                by,
            }),
            condition: None,
        }],
    )
}

fn position(by: Who) -> (T, [ponyccg_core::CardId; 3]) {
    let (mut mine, mut theirs, mut mane) = (None, None, None);
    let t = board(
        deck("A", Blue, vec![gate(by), friend("MINE", Blue, 1, 1, 0)], 5),
        deck("B", Orange, vec![friend("THEIRS", Orange, 1, 1, 0)], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "GATE", Area::Problem(P1));
            mine = Some(place(b, P1, "MINE", Area::Home(P1)));
            theirs = Some(place(b, P2, "THEIRS", Area::Home(P2)));
            mane = b.game().player(P2).mane;
        },
    );
    (t, [mine.unwrap(), theirs.unwrap(), mane.unwrap()])
}

#[test]
fn r104_2_opponents_cant_move_friends_to_the_area_of_a_move_here_prohibition() {
    let (t, [mine, theirs, their_mane]) = position(Who::Opponent);
    assert!(
        !t.g.may_move(P2, theirs, Area::Problem(P1)),
        "to its area: barred"
    );
    assert!(
        t.g.may_move(P2, theirs, Area::Problem(P2)),
        "elsewhere: free"
    );
    assert!(
        t.g.may_move(P2, their_mane, Area::Problem(P1)),
        "not a Friend: free"
    );
    assert!(
        t.g.may_move(P1, mine, Area::Problem(P1)),
        "its controller: free"
    );
}

#[test]
fn r104_2_a_move_here_prohibition_on_each_player_bars_its_controller_too() {
    let (t, [mine, theirs, _]) = position(Who::Each);
    assert!(!t.g.may_move(P1, mine, Area::Problem(P1)));
    assert!(!t.g.may_move(P2, theirs, Area::Problem(P1)));
    assert!(t.g.may_move(P1, mine, Area::Problem(P2)));
}
