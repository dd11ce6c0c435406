//! Chapter 2: card names (201).

use crate::support::*;
use ponyccg_core::ability::*;
use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardDef, Color::*};
use ponyccg_core::testkit::*;
use ponyccg_core::Area;

/// A free Main Phase Event that gives its player an action token for each card in play
/// that a reference to `name` reaches.
fn count_named(number: &str, name: &str) -> CardDef {
    main_event(
        number,
        vec![Effect::GainTokens {
            who: Who::You,
            amount: Amount::CountOf(Cards {
                title: Some(name.into()),
                place: Some(Place::InPlay),
                ..Cards::default()
            }),
        }],
    )
}

fn titled(mut d: CardDef, title: &str, subtitle: &str) -> CardDef {
    d.title = title.into();
    d.subtitle = subtitle.into();
    d
}

#[test]
fn r201_3a_a_name_reaches_characters_and_troublemakers_whose_title_includes_it() {
    // A Friend and a Troublemaker titled with the name count; a Resource whose title only
    // contains the name does not, yet its whole title still refers to it (201.3).
    let mut t = board(
        deck(
            "A",
            Blue,
            vec![
                titled(friend("FR", Blue, 1, 1, 0), "Fluttershy", "Shy"),
                titled(troublemaker("TM", 1, 1, false), "Fluttershy", "Brute"),
                titled(resource("RS", Blue, 0, 1), "Fluttershy's Cottage", ""),
                count_named("NAME", "Fluttershy"),
                count_named("WHOLE", "Fluttershy's Cottage"),
            ],
            5,
        ),
        deck("B", Orange, vec![], 5),
        StartAt::MainPhase,
        |b| {
            place(b, P1, "FR", Area::Home(P1));
            place(b, P1, "TM", Area::Problem(P2));
            place(b, P1, "RS", Area::Home(P1));
            to_hand(b, P1, "NAME");
            to_hand(b, P1, "WHOLE");
            b.set_tokens(P1, 0);
        },
    );
    t.choose(P1, "play \"Event NAME\"");
    assert_eq!(
        t.g.player(P1).tokens,
        2,
        "the Friend and the Troublemaker, not the Resource"
    );
    t.choose(P1, "play \"Event WHOLE\"");
    assert_eq!(t.g.player(P1).tokens, 3, "the Resource by its whole title");
}
