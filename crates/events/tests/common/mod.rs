//! Helpers shared by the tournament tests.
#![allow(dead_code)]

use ponyccg_events::limited::DeckList;
use ponyccg_events::tournament::{Report, Tier, Tournament};

/// A deck list for tests; `tag` makes it distinguishable.
pub fn deck(tag: u32) -> DeckList {
    DeckList {
        mane: "PR1".into(),
        problems: [
            ("PR164".to_string(), 1),
            (format!("PR{}", 165 + tag % 3), 4),
        ]
        .into_iter()
        .collect(),
        draw: [
            (format!("PR{}", 10 + tag % 20), 3),
            ("PR50".to_string(), 42),
        ]
        .into_iter()
        .collect(),
    }
}

/// A checker that accepts every deck whose Mane is PR1 and refuses others.
pub fn lenient(format: &str, d: &DeckList) -> Result<Vec<String>, String> {
    if format == "nonsense" {
        return Err("unknown format `nonsense`".into());
    }
    Ok(if d.mane == "PR1" {
        Vec::new()
    } else {
        vec![format!("Mane {} is not allowed here", d.mane)]
    })
}

pub fn event(players: usize, tier: Tier, top_cut: bool) -> Tournament {
    let mut t = Tournament::new("Test Cup", "harmony", tier, None, top_cut, 42).unwrap();
    for i in 0..players {
        t.register(&format!("P{}", i + 1), deck(i as u32), &lenient)
            .unwrap();
    }
    t
}

pub fn win(name: &str) -> Report {
    Report::Winner {
        name: name.into(),
        games: None,
    }
}

/// Reports every open match of the current round: the player listed first wins.
pub fn first_wins(t: &mut Tournament) {
    let r = t.current_round().unwrap().clone();
    for m in r.matches.iter().filter(|m| m.result.is_none()) {
        let name = t.name_of(m.a).to_string();
        t.report(None, m.table, &win(&name)).unwrap();
    }
}
