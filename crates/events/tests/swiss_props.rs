//! Swiss pairing invariants over random tournaments of 4 to 200 players
//! (Tournament Floor Rules: Swiss Rounds, Scoring, Conceding and Dropping).

mod common;

use common::{deck, lenient};
use ponyccg_events::swiss::suggested_rounds;
use ponyccg_events::tournament::{Outcome, Report, RoundKind, Tier, Tournament};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};

/// Opponents each player has met in Swiss rounds before `round_index`.
fn met_before(t: &Tournament, round_index: usize) -> BTreeMap<u32, BTreeSet<u32>> {
    let mut m: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
    for r in &t.rounds[..round_index] {
        for x in &r.matches {
            if let Some(b) = x.b {
                m.entry(x.a).or_default().insert(b);
                m.entry(b).or_default().insert(x.a);
            }
        }
    }
    m
}

fn byes_before(t: &Tournament, round_index: usize) -> BTreeSet<u32> {
    t.rounds[..round_index]
        .iter()
        .flat_map(|r| r.matches.iter())
        .filter(|m| m.b.is_none())
        .map(|m| m.a)
        .collect()
}

/// Whether `players` can all be paired without a rematch (exhaustive).
fn perfect(players: &[u32], met: &BTreeMap<u32, BTreeSet<u32>>) -> bool {
    let Some((&first, rest)) = players.split_first() else {
        return true;
    };
    for (i, &other) in rest.iter().enumerate() {
        if met.get(&first).is_some_and(|s| s.contains(&other)) {
            continue;
        }
        let mut left: Vec<u32> = rest.to_vec();
        left.remove(i);
        if perfect(&left, met) {
            return true;
        }
    }
    false
}

/// Whether a round without rematches, with the bye to someone without one (if
/// anyone lacks one), exists.
fn rematch_free_exists(
    active: &[u32],
    met: &BTreeMap<u32, BTreeSet<u32>>,
    byes: &BTreeSet<u32>,
) -> bool {
    if active.len().is_multiple_of(2) {
        return perfect(active, met);
    }
    let mut cands: Vec<u32> = active
        .iter()
        .copied()
        .filter(|p| !byes.contains(p))
        .collect();
    if cands.is_empty() {
        cands = active.to_vec();
    }
    cands.iter().any(|c| {
        let rest: Vec<u32> = active.iter().copied().filter(|p| p != c).collect();
        perfect(&rest, met)
    })
}

fn run(n: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut t = Tournament::new("Prop", "harmony", Tier::One, None, true, seed).unwrap();
    for i in 0..n {
        t.register(&format!("P{i}"), deck(i as u32), &lenient)
            .unwrap();
    }
    let rounds = suggested_rounds(n).unwrap();
    for _ in 0..rounds {
        // Drops between rounds, keeping at least four players.
        let active: Vec<String> = t
            .players
            .iter()
            .filter(|p| p.active())
            .map(|p| p.name.clone())
            .collect();
        let mut left = active.len();
        for name in active {
            if left > 4 && rng.gen_bool(0.04) {
                t.drop_player(&name).unwrap();
                left -= 1;
            }
        }
        let index = t.rounds.len();
        let active_ids: Vec<u32> = t
            .players
            .iter()
            .filter(|p| p.active())
            .map(|p| p.id)
            .collect();
        let order: Vec<u32> = t
            .standings()
            .into_iter()
            .filter(|s| s.active)
            .map(|s| s.player)
            .collect();
        t.pair_next_round().unwrap();
        let round = t.rounds[index].clone();
        let met = met_before(&t, index);
        let byes = byes_before(&t, index);
        // Every active player is at exactly one table; nobody else is.
        let mut seen: Vec<u32> = round
            .matches
            .iter()
            .flat_map(|m| std::iter::once(m.a).chain(m.b))
            .collect();
        seen.sort();
        assert_eq!(seen, active_ids);
        // At most one bye per player while avoidable; only with an odd count.
        let bye_tables: Vec<_> = round.matches.iter().filter(|m| m.b.is_none()).collect();
        assert_eq!(bye_tables.len(), active_ids.len() % 2);
        if let Some(m) = bye_tables.first() {
            let everyone_had_one = active_ids.iter().all(|p| byes.contains(p));
            assert!(
                !byes.contains(&m.a) || everyone_had_one,
                "second bye for {}",
                m.a
            );
            assert_eq!(m.result, Some(Outcome::Bye));
            // From round 2 on, the bye goes to the lowest-standing player without
            // one, unless the others could then only be paired with a rematch.
            if index > 0 && !everyone_had_one {
                let lowest = *order.iter().rev().find(|p| !byes.contains(p)).unwrap();
                if m.a != lowest {
                    let rest: Vec<u32> = active_ids
                        .iter()
                        .copied()
                        .filter(|p| *p != lowest)
                        .collect();
                    assert!(
                        active_ids.len() <= 12 && !perfect(&rest, &met),
                        "bye to {} instead of {lowest}",
                        m.a
                    );
                }
            }
        }
        // No rematch while one is avoidable.
        let rematches = round
            .matches
            .iter()
            .filter(|m| {
                m.b.is_some_and(|b| met.get(&m.a).is_some_and(|s| s.contains(&b)))
            })
            .count();
        if rematches > 0 {
            // With more than twelve players and at most ten rounds, each player
            // has met fewer than half of the others, so by Dirac's theorem a
            // rematch-free round always exists; below that, search exhaustively.
            assert!(
                active_ids.len() <= 12,
                "{rematches} rematches among {}",
                active_ids.len()
            );
            assert!(
                !rematch_free_exists(&active_ids, &met, &byes),
                "a rematch-free round existed"
            );
        }
        // Random results.
        for m in round.matches.iter().filter(|m| m.result.is_none()) {
            let b = m.b.unwrap();
            let rep = match rng.gen_range(0..10) {
                0 => Report::Draw,
                1 => Report::DoubleLoss,
                2..=5 => common::win(t.name_of(m.a)),
                _ => common::win(t.name_of(b)),
            };
            t.report(None, m.table, &rep).unwrap();
        }
    }
    // Match points add up: recount from the match records.
    let mut pts: BTreeMap<u32, u32> = BTreeMap::new();
    let mut total = 0;
    for r in t.rounds.iter().filter(|r| r.kind == RoundKind::Swiss) {
        for m in &r.matches {
            let (pa, pb) = match m.result.unwrap() {
                Outcome::Bye => (3, 0),
                Outcome::Draw => (1, 1),
                Outcome::DoubleLoss => (1, 1),
                Outcome::Win { winner, .. } if winner == m.a => (3, 1),
                Outcome::Win { .. } => (1, 3),
            };
            *pts.entry(m.a).or_default() += pa;
            if let Some(b) = m.b {
                *pts.entry(b).or_default() += pb;
            }
            total += pa + pb;
        }
    }
    let standings = t.standings();
    assert_eq!(standings.iter().map(|s| s.points).sum::<u32>(), total);
    for s in &standings {
        assert_eq!(
            s.points,
            pts.get(&s.player).copied().unwrap_or(0),
            "{}",
            s.name
        );
        assert_eq!(s.points, 3 * s.wins + s.losses + s.draws + 3 * s.byes);
    }
    // Standings are ordered by points, then tiebreakers.
    for w in standings.windows(2) {
        assert!(
            (w[0].points, w[0].omwp, w[0].oomwp) >= (w[1].points, w[1].omwp, w[1].oomwp),
            "{:?} before {:?}",
            w[0],
            w[1]
        );
    }
    // Top cut: the best active players, highest seed against lowest.
    let cut = t.make_top_cut().unwrap().clone();
    let k = cut.matches.len() * 2;
    assert_eq!(k, if n <= 16 { 4 } else { 8 });
    let top: Vec<u32> = standings
        .iter()
        .filter(|s| s.active)
        .take(k)
        .map(|s| s.player)
        .collect();
    for (i, m) in cut.matches.iter().enumerate() {
        assert_eq!((m.a, m.b), (top[i], Some(top[k - 1 - i])));
    }
    // Single elimination to one champion.
    let mut rounds_left = k.trailing_zeros();
    loop {
        for m in t.current_round().unwrap().clone().matches {
            let w = if rng.gen_bool(0.5) { m.a } else { m.b.unwrap() };
            let name = t.name_of(w).to_string();
            t.report(None, m.table, &common::win(&name)).unwrap();
        }
        rounds_left -= 1;
        if rounds_left == 0 {
            break;
        }
        t.pair_next_round().unwrap();
    }
    let champ = t.champion().expect("a champion");
    assert!(top.contains(&champ));
    assert!(t
        .pair_next_round()
        .unwrap_err()
        .to_string()
        .contains("is over"));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn swiss_rounds_invariants_hold_for_random_tournaments(n in 4usize..=200, seed in any::<u64>()) {
        run(n, seed);
    }

    #[test]
    fn swiss_rounds_invariants_hold_for_small_tournaments(n in 4usize..=12, seed in any::<u64>()) {
        run(n, seed);
    }
}
