//! Swiss pairings (Tournament Floor Rules, Swiss Rounds and Tier rules): players
//! with equal match points meet; nobody meets the same opponent twice while that
//! can be avoided; with an odd number of players the lowest-standing player who
//! has not had a bye gets one.
//!
//! The pairing is a branch-and-bound search for the rematch-free pairing of
//! least cost, a pair costing the square of its point gap: players are taken
//! best standing first and each tries partners of its own score group first.
//! The search is complete, so score groups are split only when no rematch-free
//! pairing keeps them together, and a rematch happens only when no pairing
//! without one exists (or, in a pathological case, when a large step budget runs
//! out; then the best pairing found is kept, or rematches are kept few).

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

/// What pairing two players costs: the square of their point gap, so players
/// of one score group pair for free, and two one-group floats cost less than
/// one float across two groups.
pub fn pair_cost(a: u32, b: u32) -> u64 {
    let d = u64::from(a.abs_diff(b));
    d * d
}

/// A complete pairing without rematches, if one exists (within the budget), of
/// least total [`pair_cost`]: score groups stay together whenever they can.
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
    let mut levels: Vec<u32> = players.iter().map(|p| p.points).collect();
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    let group: Vec<usize> = players
        .iter()
        .map(|p| levels.iter().position(|&l| l == p.points).expect("listed"))
        .collect();
    let mut counts = vec![0usize; levels.len()];
    for &g in &group {
        counts[g] += 1;
    }
    // Each player's possible partners, cheapest first, then by standing.
    let partners: Vec<Vec<(u64, usize)>> = (0..n)
        .map(|i| {
            let mut v: Vec<(u64, usize)> = (0..n)
                .filter(|&j| j != i && !players[i].opponents.contains(&players[j].id))
                .map(|j| (pair_cost(players[i].points, players[j].points), j))
                .collect();
            v.sort_unstable();
            v
        })
        .collect();
    let mut s = Search {
        players,
        levels: &levels,
        group: &group,
        partners: &partners,
        counts,
        used: vec![false; n],
        pairs: Vec::with_capacity(n / 2),
        best: None,
        floor: 0,
        steps: 0,
    };
    s.floor = s.lower_bound();
    s.go(0);
    s.best.map(|(_, pairs)| pairs)
}

struct Search<'a> {
    players: &'a [SwissPlayer],
    /// Distinct point totals, highest first.
    levels: &'a [u32],
    /// Each player's index into `levels`.
    group: &'a [usize],
    partners: &'a [Vec<(u64, usize)>],
    /// Unpaired players per score group.
    counts: Vec<usize>,
    used: Vec<bool>,
    pairs: Vec<(u32, u32)>,
    best: Option<(u64, Vec<(u32, u32)>)>,
    /// The lower bound at the start: a pairing that costs this much is optimal.
    floor: u64,
    steps: u64,
}

impl Search<'_> {
    /// Whenever the unpaired players of the groups above a gap are odd in
    /// number, some pair crosses that gap, and a pair's cost is at least the
    /// sum of the squares of the gaps it crosses.
    fn lower_bound(&self) -> u64 {
        let mut above = 0usize;
        let mut bound = 0;
        for k in 0..self.levels.len().saturating_sub(1) {
            above += self.counts[k];
            if above % 2 == 1 {
                bound += pair_cost(self.levels[k], self.levels[k + 1]);
            }
        }
        bound
    }

    fn done(&self) -> bool {
        self.steps > BUDGET || self.best.as_ref().is_some_and(|(c, _)| *c <= self.floor)
    }

    fn go(&mut self, cost: u64) {
        let Some(i) = self.used.iter().position(|u| !u) else {
            if self.best.as_ref().is_none_or(|(c, _)| cost < *c) {
                self.best = Some((cost, self.pairs.clone()));
            }
            return;
        };
        self.steps += 1;
        if self.steps > BUDGET {
            return;
        }
        let limit = self.best.as_ref().map_or(u64::MAX, |(c, _)| *c);
        if cost + self.lower_bound() >= limit {
            return;
        }
        self.used[i] = true;
        self.counts[self.group[i]] -= 1;
        for k in 0..self.partners[i].len() {
            let (c, j) = self.partners[i][k];
            if self.used[j] {
                continue;
            }
            let limit = self.best.as_ref().map_or(u64::MAX, |(c, _)| *c);
            if cost + c >= limit {
                break;
            }
            self.used[j] = true;
            self.counts[self.group[j]] -= 1;
            self.pairs.push((self.players[i].id, self.players[j].id));
            self.go(cost + c);
            self.pairs.pop();
            self.counts[self.group[j]] += 1;
            self.used[j] = false;
            if self.done() {
                break;
            }
        }
        self.counts[self.group[i]] += 1;
        self.used[i] = false;
    }
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
