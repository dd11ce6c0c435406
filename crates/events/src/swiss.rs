//! Swiss pairings (Tournament Floor Rules, Swiss Rounds and Tier rules): players
//! with equal match points meet; nobody meets the same opponent twice while that
//! can be avoided; with an odd number of players the lowest-standing player who
//! has not had a bye gets one.
//!
//! The pairing is a search: players are taken best standing first and each is
//! paired with the next-best player still free that they have not met, backing
//! up when that leaves someone without an opponent. The search is complete, so
//! a rematch happens only when no pairing without one exists (or, in a pathological
//! case, when a large step budget runs out; then rematches are kept few).

use std::collections::BTreeSet;

/// A player as the pairing sees them. Pass players best standing first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissPlayer {
    pub id: u32,
    pub points: u32,
    pub had_bye: bool,
    pub opponents: BTreeSet<u32>,
}

/// The pairings of one round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SwissPairing {
    /// Matches, best-standing table first.
    pub pairs: Vec<(u32, u32)>,
    pub bye: Option<u32>,
    /// How many of the pairs are rematches (0 unless unavoidable).
    pub rematches: usize,
}

/// Steps the exhaustive search may take for one choice of bye.
const BUDGET: u64 = 400_000;

/// Pairs a round. `players` are the active players, best standing first.
pub fn pair_round(players: &[SwissPlayer]) -> SwissPairing {
    if players.is_empty() {
        return SwissPairing::default();
    }
    if players.len().is_multiple_of(2) {
        if let Some(pairs) = search(players) {
            return finish(players, pairs, None);
        }
        return finish(players, greedy(players), None);
    }
    // Odd: the bye goes to the lowest-standing player without one (a player who
    // already had one only if everyone has).
    let mut candidates: Vec<usize> = (0..players.len())
        .rev()
        .filter(|&i| !players[i].had_bye)
        .collect();
    if candidates.is_empty() {
        candidates = (0..players.len()).rev().collect();
    }
    for &c in &candidates {
        let rest: Vec<SwissPlayer> = players
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != c)
            .map(|(_, p)| p.clone())
            .collect();
        if let Some(pairs) = search(&rest) {
            return finish(players, pairs, Some(players[c].id));
        }
    }
    let c = candidates[0];
    let rest: Vec<SwissPlayer> = players
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != c)
        .map(|(_, p)| p.clone())
        .collect();
    finish(players, greedy(&rest), Some(players[c].id))
}

fn finish(players: &[SwissPlayer], pairs: Vec<(u32, u32)>, bye: Option<u32>) -> SwissPairing {
    let rematches = pairs
        .iter()
        .filter(|(a, b)| {
            players
                .iter()
                .find(|p| p.id == *a)
                .is_some_and(|p| p.opponents.contains(b))
        })
        .count();
    SwissPairing {
        pairs,
        bye,
        rematches,
    }
}

/// A complete pairing without rematches, if one exists (within the budget).
fn search(players: &[SwissPlayer]) -> Option<Vec<(u32, u32)>> {
    let n = players.len();
    if n % 2 == 1 {
        return None;
    }
    // Quick necessary condition: everyone has someone left to meet.
    for (i, p) in players.iter().enumerate() {
        if !players
            .iter()
            .enumerate()
            .any(|(j, q)| j != i && !p.opponents.contains(&q.id))
        {
            return None;
        }
    }
    let mut used = vec![false; n];
    let mut pairs = Vec::with_capacity(n / 2);
    let mut steps = 0u64;
    if go(players, &mut used, &mut pairs, &mut steps) {
        Some(pairs)
    } else {
        None
    }
}

fn go(
    players: &[SwissPlayer],
    used: &mut [bool],
    pairs: &mut Vec<(u32, u32)>,
    steps: &mut u64,
) -> bool {
    let Some(i) = used.iter().position(|u| !u) else {
        return true;
    };
    *steps += 1;
    if *steps > BUDGET {
        return false;
    }
    used[i] = true;
    for j in i + 1..players.len() {
        if used[j] || players[i].opponents.contains(&players[j].id) {
            continue;
        }
        used[j] = true;
        pairs.push((players[i].id, players[j].id));
        if go(players, used, pairs, steps) {
            return true;
        }
        pairs.pop();
        used[j] = false;
        if *steps > BUDGET {
            break;
        }
    }
    used[i] = false;
    false
}

/// Top-down pairing that avoids rematches where it can but always completes.
fn greedy(players: &[SwissPlayer]) -> Vec<(u32, u32)> {
    let n = players.len();
    let mut used = vec![false; n];
    let mut pairs = Vec::new();
    for i in 0..n {
        if used[i] {
            continue;
        }
        used[i] = true;
        let fresh =
            (i + 1..n).find(|&j| !used[j] && !players[i].opponents.contains(&players[j].id));
        let any = (i + 1..n).find(|&j| !used[j]);
        if let Some(j) = fresh.or(any) {
            used[j] = true;
            pairs.push((players[i].id, players[j].id));
        }
    }
    pairs
}

/// The suggested number of Swiss rounds for a number of players (Tournament
/// Policies, Swiss Rounds table). `None` below the participation minimum of four.
pub fn suggested_rounds(players: usize) -> Option<u32> {
    Some(match players {
        0..=3 => return None,
        4 => 3,
        5..=8 => 4,
        9..=16 => 5,
        17..=24 => 6,
        25..=39 => 7,
        40..=56 => 8,
        57..=98 => 9,
        _ => 10,
    })
}

/// The size of the top cut (Tier 1 Rules, Elimination Rounds): four players for
/// events of sixteen or fewer, eight for seventeen or more.
pub fn top_cut_size(players: usize) -> usize {
    if players <= 16 {
        4
    } else {
        8
    }
}

/// Elimination pairings of seeded players (seed order, best first): the highest
/// seed meets the lowest, the next highest the next lowest, and so on.
pub fn seed_pairs<T: Copy>(seeded: &[T]) -> Vec<(T, T)> {
    let n = seeded.len();
    (0..n / 2).map(|i| (seeded[i], seeded[n - 1 - i])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(id: u32, points: u32, opp: &[u32], bye: bool) -> SwissPlayer {
        SwissPlayer {
            id,
            points,
            had_bye: bye,
            opponents: opp.iter().copied().collect(),
        }
    }

    #[test]
    fn swiss_rounds_table_matches_the_floor_rules() {
        let cases = [
            (3, None),
            (4, Some(3)),
            (5, Some(4)),
            (8, Some(4)),
            (9, Some(5)),
            (16, Some(5)),
            (17, Some(6)),
            (24, Some(6)),
            (25, Some(7)),
            (39, Some(7)),
            (40, Some(8)),
            (56, Some(8)),
            (57, Some(9)),
            (98, Some(9)),
            (99, Some(10)),
            (1000, Some(10)),
        ];
        for (n, r) in cases {
            assert_eq!(suggested_rounds(n), r, "{n} players");
        }
    }

    #[test]
    fn elimination_rounds_cut_is_four_up_to_sixteen_then_eight() {
        assert_eq!(top_cut_size(4), 4);
        assert_eq!(top_cut_size(16), 4);
        assert_eq!(top_cut_size(17), 8);
        assert_eq!(top_cut_size(200), 8);
    }

    #[test]
    fn elimination_rounds_highest_seed_meets_lowest() {
        assert_eq!(seed_pairs(&[1, 2, 3, 4]), vec![(1, 4), (2, 3)]);
        assert_eq!(
            seed_pairs(&[1, 2, 3, 4, 5, 6, 7, 8]),
            vec![(1, 8), (2, 7), (3, 6), (4, 5)]
        );
    }

    #[test]
    fn swiss_pairings_equal_points_meet() {
        // After round 1: 1,2,3,4 won (3 points), 5..8 lost (1 point).
        let ps = vec![
            p(1, 3, &[5], false),
            p(2, 3, &[6], false),
            p(3, 3, &[7], false),
            p(4, 3, &[8], false),
            p(5, 1, &[1], false),
            p(6, 1, &[2], false),
            p(7, 1, &[3], false),
            p(8, 1, &[4], false),
        ];
        let r = pair_round(&ps);
        assert_eq!(r.rematches, 0);
        assert_eq!(r.bye, None);
        for (a, b) in r.pairs {
            assert_eq!((a <= 4), (b <= 4), "{a} v {b}");
        }
    }

    #[test]
    fn swiss_pairings_backtrack_to_avoid_a_rematch() {
        // Greedy would pair 1-2 and leave 3-4, who have met; the search finds 1-3, 2-4.
        let ps = vec![
            p(1, 6, &[], false),
            p(2, 6, &[], false),
            p(3, 3, &[4], false),
            p(4, 3, &[3], false),
        ];
        let r = pair_round(&ps);
        assert_eq!(r.rematches, 0);
        assert_eq!(r.pairs, vec![(1, 3), (2, 4)]);
    }

    #[test]
    fn swiss_pairings_bye_to_lowest_without_one() {
        let ps = vec![p(1, 6, &[], false), p(2, 4, &[], false), p(3, 2, &[], true)];
        let r = pair_round(&ps);
        assert_eq!(r.bye, Some(2));
        assert_eq!(r.pairs, vec![(1, 3)]);
    }

    #[test]
    fn swiss_pairings_unavoidable_rematch_is_counted() {
        let ps = vec![p(1, 6, &[2], false), p(2, 6, &[1], false)];
        let r = pair_round(&ps);
        assert_eq!(r.pairs, vec![(1, 2)]);
        assert_eq!(r.rematches, 1);
    }
}
