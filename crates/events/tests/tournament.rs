//! Tournament flows by the Tournament Floor Rules: scoring, participation minimum,
//! registration with deck checks, results, drops, standings, elimination rounds,
//! penalties.

mod common;

use common::{deck, event, first_wins, lenient, win};
use ponyccg_events::frac::Frac;
use ponyccg_events::limited::DeckList;
use ponyccg_events::tournament::{
    EventError, Outcome, PenaltyKind, Report, RoundKind, Tier, Tournament,
};
use std::collections::BTreeSet;

#[test]
fn scoring_win_three_loss_one_draw_one_bye_three() {
    let mut t = event(5, Tier::One, false);
    t.pair_next_round().unwrap();
    let r = t.current_round().unwrap().clone();
    assert_eq!(r.matches.len(), 3);
    let bye = r.matches.iter().find(|m| m.b.is_none()).unwrap().a;
    let m1 = &r.matches[0];
    let m2 = &r.matches[1];
    t.report(None, m1.table, &win(t.name_of(m1.a))).unwrap();
    t.report(None, m2.table, &Report::Draw).unwrap();
    assert_eq!(t.points(m1.a), 3);
    assert_eq!(t.points(m1.b.unwrap()), 1);
    assert_eq!(t.points(m2.a), 1);
    assert_eq!(t.points(m2.b.unwrap()), 1);
    assert_eq!(t.points(bye), 3);
}

#[test]
fn participation_minimums_four_players() {
    let mut t = event(3, Tier::One, false);
    let e = t.pair_next_round().unwrap_err();
    assert!(e.to_string().contains("at least 4 players"), "{e}");
    t.register("P4", deck(4), &lenient).unwrap();
    t.pair_next_round().unwrap();
    assert_eq!(t.swiss_rounds, Some(3), "4 players play 3 rounds");
}

#[test]
fn deck_lists_registration_checks_the_deck_and_closes_at_round_one() {
    let mut t = event(4, Tier::Two, false);
    let mut bad = deck(1);
    bad.mane = "CN1".into();
    let e = t.register("Eve", bad, &lenient).unwrap_err();
    assert!(matches!(e, EventError::IllegalDeck { .. }));
    assert!(e.to_string().contains("not legal for harmony"), "{e}");
    let e = t.register("p1", deck(1), &lenient).unwrap_err();
    assert!(e.to_string().contains("already registered"), "{e}");
    let e = t.register("  ", deck(1), &lenient).unwrap_err();
    assert!(e.to_string().contains("needs a name"), "{e}");
    let mut odd = Tournament::new("X", "nonsense", Tier::One, None, false, 1).unwrap();
    let e = odd.register("A", deck(1), &lenient).unwrap_err();
    assert!(e.to_string().contains("unknown format"), "{e}");
    t.pair_next_round().unwrap();
    let e = t.register("Late", deck(1), &lenient).unwrap_err();
    assert!(e.to_string().contains("registration is closed"), "{e}");
    assert_eq!(t.players.len(), 4);
}

#[test]
fn swiss_rounds_next_round_needs_every_result() {
    let mut t = event(8, Tier::One, false);
    t.pair_next_round().unwrap();
    t.report(None, 1, &win(t.name_of(t.rounds[0].matches[0].a)))
        .unwrap();
    let before = t.clone();
    let e = t.pair_next_round().unwrap_err();
    assert!(matches!(e, EventError::ResultsMissing(_)));
    assert!(e.to_string().contains("table 2, table 3, table 4"), "{e}");
    assert_eq!(t, before);
}

#[test]
fn swiss_rounds_stop_at_the_announced_number() {
    let mut t = event(6, Tier::One, false);
    for _ in 0..4 {
        t.pair_next_round().unwrap();
        first_wins(&mut t);
    }
    let e = t.pair_next_round().unwrap_err().to_string();
    assert!(e.contains("all 4 Swiss rounds"), "{e}");
    let e = t.make_top_cut().unwrap_err().to_string();
    assert!(e.contains("not announced"), "{e}");
}

#[test]
fn conceding_and_dropping_results_refused_for_missing_twice_dropped_and_strangers() {
    let mut t = event(5, Tier::One, false);
    let e = t.report(None, 1, &Report::Draw).unwrap_err();
    assert!(e.to_string().contains("no round has been paired"), "{e}");
    t.pair_next_round().unwrap();
    let r = t.current_round().unwrap().clone();
    let before = t.clone();
    let e = t.report(None, 9, &Report::Draw).unwrap_err();
    assert!(matches!(e, EventError::NoSuchMatch(_)), "{e}");
    assert!(e.to_string().contains("no table 9"));
    let e = t.report(Some(4), 1, &Report::Draw).unwrap_err();
    assert!(e.to_string().contains("there is no round 4"), "{e}");
    let bye_table = r.matches.iter().find(|m| m.b.is_none()).unwrap().table;
    let e = t.report(None, bye_table, &Report::Draw).unwrap_err();
    assert!(e.to_string().contains("is a bye"), "{e}");
    // A winner who is not at the table.
    let m = &r.matches[0];
    let stranger = t.name_of(r.matches[1].a).to_string();
    let e = t.report(None, m.table, &win(&stranger)).unwrap_err();
    assert!(e.to_string().contains("does not play at table"), "{e}");
    let e = t.report(None, m.table, &win("Nobody")).unwrap_err();
    assert!(matches!(e, EventError::NoSuchPlayer(_)));
    assert_eq!(t, before);
    // Twice.
    t.report(None, m.table, &Report::Draw).unwrap();
    let after = t.clone();
    let e = t.report(None, m.table, &Report::Draw).unwrap_err();
    assert!(matches!(e, EventError::AlreadyReported(_)), "{e}");
    assert_eq!(t, after);
    // A dropped player: the drop concedes the open match, and no report is taken.
    let m2 = &r.matches[1];
    let dropper = t.name_of(m2.a).to_string();
    t.drop_player(&dropper).unwrap();
    assert_eq!(
        t.current_round().unwrap().matches[1].result,
        Some(Outcome::Win {
            winner: m2.b.unwrap(),
            games: None
        })
    );
    let after = t.clone();
    let e = t.report(None, m2.table, &Report::Draw).unwrap_err();
    assert!(matches!(e, EventError::Dropped(_)), "{e}");
    let e = t.drop_player(&dropper).unwrap_err();
    assert!(matches!(e, EventError::Dropped(_)), "{e}");
    assert_eq!(t, after);
}

#[test]
fn conceding_and_dropping_dropped_players_are_not_paired() {
    let mut t = event(6, Tier::One, false);
    t.pair_next_round().unwrap();
    first_wins(&mut t);
    t.drop_player("P3").unwrap();
    t.pair_next_round().unwrap();
    let id = t.find_player("P3").unwrap().id;
    assert!(!t
        .current_round()
        .unwrap()
        .matches
        .iter()
        .any(|m| m.involves(id)));
    assert_eq!(
        t.current_round()
            .unwrap()
            .matches
            .iter()
            .filter(|m| m.b.is_none())
            .count(),
        1
    );
    let s = t.standings();
    assert!(s.iter().any(|x| x.player == id && !x.active));
}

#[test]
fn swiss_rounds_standings_tiebreakers_opponents_match_win_percentage() {
    // Four players, hand-made history over two rounds:
    // R1: A beats B, C beats D. R2: A beats C, B beats D.
    // A 2-0, B 1-1, C 1-1, D 0-2.
    let mut t = event(4, Tier::One, false);
    t.pair_next_round().unwrap();
    let names = |t: &Tournament, table: usize| {
        let m = &t.current_round().unwrap().matches[table];
        (
            t.name_of(m.a).to_string(),
            t.name_of(m.b.unwrap()).to_string(),
        )
    };
    let (a, b) = names(&t, 0);
    let (c, d) = names(&t, 1);
    t.report(None, 1, &win(&a)).unwrap();
    t.report(None, 2, &win(&c)).unwrap();
    t.pair_next_round().unwrap();
    // Round 2 pairs the winners and the losers.
    let r2 = t.current_round().unwrap().clone();
    let ids = |n: &str| t.find_player(n).unwrap().id;
    assert!(r2.matches[0].involves(ids(&a)) && r2.matches[0].involves(ids(&c)));
    t.report(None, 1, &win(&a)).unwrap();
    t.report(None, 2, &win(&b)).unwrap();
    let s = t.standings();
    let get = |n: &str| s.iter().find(|x| x.name == n).unwrap().clone();
    // MWP: A 1, B 1/2, C 1/2, D 1/3 (floor).
    assert_eq!(get(&a).omwp, Frac::new(1, 2));
    assert_eq!(get(&b).omwp, Frac::new(2, 3));
    assert_eq!(get(&c).omwp, Frac::new(2, 3));
    assert_eq!(get(&d).omwp, Frac::new(1, 2));
    // B and C tie on points and OMW%; OOMW% decides next.
    assert_eq!(get(&a).rank, 1);
    assert_eq!(get(&d).rank, 4);
    let oomw_b = Frac::mean([get(&a).omwp, get(&d).omwp]);
    assert_eq!(get(&b).oomwp, oomw_b);
    assert_eq!(get(&b).points, 4);
    assert_eq!(get(&c).points, 4);
}

fn finish_swiss(t: &mut Tournament) {
    while t.swiss_rounds_played() < t.planned_swiss_rounds().unwrap() {
        t.pair_next_round().unwrap();
        first_wins(t);
    }
}

#[test]
fn elimination_rounds_top_four_for_sixteen_highest_meets_lowest() {
    let mut t = event(16, Tier::One, true);
    let e = t.make_top_cut().unwrap_err().to_string();
    assert!(e.contains("after the Swiss rounds"), "{e}");
    finish_swiss(&mut t);
    assert_eq!(t.swiss_rounds_played(), 5);
    let s = t.standings();
    let cut = t.make_top_cut().unwrap().clone();
    assert_eq!(cut.kind, RoundKind::Elimination);
    assert_eq!(cut.matches.len(), 2);
    assert_eq!(
        (cut.matches[0].a, cut.matches[0].b),
        (s[0].player, Some(s[3].player))
    );
    assert_eq!(
        (cut.matches[1].a, cut.matches[1].b),
        (s[1].player, Some(s[2].player))
    );
    let e = t.make_top_cut().unwrap_err().to_string();
    assert!(e.contains("already been made"), "{e}");
    // Elimination matches cannot be drawn.
    let e = t.report(None, 1, &Report::Draw).unwrap_err().to_string();
    assert!(e.contains("cannot end in a draw"), "{e}");
    let e = t
        .report(None, 1, &Report::DoubleLoss)
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot end in a draw"), "{e}");
    // The lower seeds win; the final re-seeds them.
    let w1 = t.name_of(s[3].player).to_string();
    let w2 = t.name_of(s[2].player).to_string();
    t.report(None, 1, &win(&w1)).unwrap();
    t.report(None, 2, &win(&w2)).unwrap();
    let fin = t.pair_next_round().unwrap().clone();
    assert_eq!(
        (fin.matches[0].a, fin.matches[0].b),
        (s[2].player, Some(s[3].player))
    );
    assert_eq!(t.champion(), None);
    t.report(None, 1, &win(&w1)).unwrap();
    assert_eq!(t.champion(), Some(s[3].player));
    // Swiss standings are unchanged by elimination results.
    assert_eq!(t.standings(), s);
}

#[test]
fn elimination_rounds_top_eight_for_seventeen() {
    let mut t = event(17, Tier::Two, true);
    finish_swiss(&mut t);
    assert_eq!(t.swiss_rounds_played(), 6);
    let s = t.standings();
    let cut = t.make_top_cut().unwrap().clone();
    let pairs: Vec<(u32, u32)> = cut.matches.iter().map(|m| (m.a, m.b.unwrap())).collect();
    let seed = |i: usize| s[i - 1].player;
    assert_eq!(
        pairs,
        vec![
            (seed(1), seed(8)),
            (seed(2), seed(7)),
            (seed(3), seed(6)),
            (seed(4), seed(5))
        ]
    );
    for (i, p) in [
        seed(1),
        seed(2),
        seed(3),
        seed(4),
        seed(5),
        seed(6),
        seed(7),
        seed(8),
    ]
    .iter()
    .enumerate()
    {
        assert_eq!(t.player(*p).unwrap().seed, Some(i as u32 + 1));
    }
}

#[test]
fn tier_three_elimination_rounds_are_best_of_three() {
    let mut t = event(4, Tier::Three, true);
    finish_swiss(&mut t);
    t.make_top_cut().unwrap();
    let m = t.current_round().unwrap().matches[0].clone();
    let a = t.name_of(m.a).to_string();
    let e = t.report(None, 1, &win(&a)).unwrap_err().to_string();
    assert!(e.contains("best of three"), "{e}");
    for bad in [(1, 0), (2, 2), (3, 1)] {
        let rep = Report::Winner {
            name: a.clone(),
            games: Some(bad),
        };
        assert!(t.report(None, 1, &rep).is_err(), "{bad:?}");
    }
    let rep = Report::Winner {
        name: a.clone(),
        games: Some((2, 1)),
    };
    t.report(None, 1, &rep).unwrap();
    assert_eq!(
        t.current_round().unwrap().matches[0].result,
        Some(Outcome::Win {
            winner: m.a,
            games: Some((2, 1))
        })
    );
}

#[test]
fn tournament_penalties_second_game_warning_for_same_infraction_is_a_game_loss() {
    let mut t = event(4, Tier::One, false);
    t.pair_next_round().unwrap();
    let m = t.current_round().unwrap().matches[0].clone();
    let a = t.name_of(m.a).to_string();
    let p = t
        .penalize(&a, PenaltyKind::GameWarning, "Slow Play", "")
        .unwrap();
    assert_eq!(p.kind, PenaltyKind::GameWarning);
    assert_eq!(p.round, 1);
    let p = t
        .penalize(&a, PenaltyKind::GameWarning, "looking at extra cards", "")
        .unwrap();
    assert_eq!(p.kind, PenaltyKind::GameWarning, "a different infraction");
    assert_eq!(m.result, None);
    let p = t
        .penalize(&a, PenaltyKind::GameWarning, "slow play", "again")
        .unwrap();
    assert_eq!(p.kind, PenaltyKind::GameLoss);
    assert!(p.upgraded);
    // The Game Loss decides the match in progress.
    assert_eq!(
        t.current_round().unwrap().matches[0].result,
        Some(Outcome::Win {
            winner: m.b.unwrap(),
            games: None
        })
    );
    let e = t.report(None, 1, &Report::Draw).unwrap_err().to_string();
    assert!(e.contains("set by a penalty"), "{e}");
    assert_eq!(t.penalties.len(), 3);
    // Procedural errors change nothing else.
    let before = t.current_round().unwrap().clone();
    t.penalize(&a, PenaltyKind::ProceduralError, "missed trigger", "")
        .unwrap();
    assert_eq!(t.current_round().unwrap(), &before);
}

#[test]
fn tournament_penalties_game_loss_to_both_players_is_a_loss_for_both() {
    let mut t = event(4, Tier::One, false);
    t.pair_next_round().unwrap();
    let m = t.current_round().unwrap().matches[0].clone();
    let (a, b) = (
        t.name_of(m.a).to_string(),
        t.name_of(m.b.unwrap()).to_string(),
    );
    t.penalize(&a, PenaltyKind::GameLoss, "drawing extra cards", "")
        .unwrap();
    t.penalize(&b, PenaltyKind::GameLoss, "drawing extra cards", "")
        .unwrap();
    assert_eq!(
        t.current_round().unwrap().matches[0].result,
        Some(Outcome::DoubleLoss)
    );
    assert_eq!(t.points(m.a), 1);
    assert_eq!(t.points(m.b.unwrap()), 1);
}

#[test]
fn tournament_penalties_game_loss_between_games_applies_to_next_match() {
    let mut t = event(4, Tier::One, false);
    t.pair_next_round().unwrap();
    first_wins(&mut t);
    t.penalize("P2", PenaltyKind::GameLoss, "tardiness", "")
        .unwrap();
    assert_eq!(t.find_player("P2").unwrap().pending_game_losses, 1);
    t.pair_next_round().unwrap();
    let id = t.find_player("P2").unwrap().id;
    let m = t
        .current_round()
        .unwrap()
        .matches
        .iter()
        .find(|m| m.involves(id))
        .unwrap()
        .clone();
    assert_eq!(
        m.result,
        Some(Outcome::Win {
            winner: m.opponent(id).unwrap(),
            games: None
        })
    );
    assert!(m.by_penalty);
    assert_eq!(t.find_player("P2").unwrap().pending_game_losses, 0);
}

#[test]
fn tournament_disqualification_removes_the_player() {
    let mut t = event(4, Tier::One, false);
    t.pair_next_round().unwrap();
    t.penalize(
        "P1",
        PenaltyKind::Disqualification,
        "cheating",
        "marked cards",
    )
    .unwrap();
    let p = t.find_player("P1").unwrap();
    assert!(p.disqualified && !p.active());
    let m = t
        .current_round()
        .unwrap()
        .matches
        .iter()
        .find(|m| m.involves(p.id))
        .unwrap();
    assert!(matches!(m.result, Some(Outcome::Win { winner, .. }) if winner != p.id));
    let e = t
        .penalize("P1", PenaltyKind::GameWarning, "x", "")
        .unwrap_err();
    assert!(matches!(e, EventError::Dropped(_)));
    let e = t
        .penalize("P2", PenaltyKind::GameWarning, "  ", "")
        .unwrap_err();
    assert!(e.to_string().contains("name the infraction"));
}

#[test]
fn scoring_match_results_can_come_from_a_callback() {
    let mut t = event(8, Tier::One, false);
    t.pair_next_round().unwrap();
    let mut calls = 0;
    t.play_round_with(|a, b, round| {
        calls += 1;
        assert_eq!(round.number, 1);
        assert_ne!(a.id, b.id);
        assert_eq!(a.deck, deck(a.id - 1));
        Ok(Report::Winner {
            name: b.name.clone(),
            games: None,
        })
    })
    .unwrap();
    assert_eq!(calls, 4);
    assert!(t.current_round().unwrap().complete());
    // A callback naming a stranger is refused and nothing is recorded.
    t.pair_next_round().unwrap();
    let before = t.clone();
    let e = t.play_round_with(|_, _, _| Ok(win("Nobody"))).unwrap_err();
    assert!(matches!(e, EventError::NoSuchPlayer(_)));
    assert_eq!(t, before);
    // A game that cannot be played (e.g. an unscripted card) records nothing.
    let mut n = 0;
    let e = t
        .play_round_with(|a, _, _| {
            n += 1;
            if n == 3 {
                Err("the engine refused the deck".into())
            } else {
                Ok(win(&a.name))
            }
        })
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("could not be played: the engine refused"),
        "{e}"
    );
    assert_eq!(t, before);
}

#[test]
fn deck_lists_are_kept_with_players() {
    let t = event(4, Tier::Two, false);
    let d: &DeckList = &t.find_player("P3").unwrap().deck;
    assert_eq!(d, &deck(2));
}

#[test]
fn elimination_rounds_a_dropped_survivor_is_not_paired_again() {
    let mut t = event(17, Tier::One, true);
    finish_swiss(&mut t);
    let s = t.standings();
    t.make_top_cut().unwrap();
    // The higher seed wins every quarterfinal, then seed 4 drops.
    first_wins(&mut t);
    let four = t.name_of(s[3].player).to_string();
    t.drop_player(&four).unwrap();
    // Seeds 1, 2, 3 remain: seed 1 goes through on a bye, 2 meets 3.
    let semi = t.pair_next_round().unwrap().clone();
    assert_eq!(
        (semi.matches[0].a, semi.matches[0].b),
        (s[1].player, Some(s[2].player))
    );
    assert_eq!(semi.matches[1].b, None);
    assert_eq!(semi.matches[1].a, s[0].player);
    let two = t.name_of(s[1].player).to_string();
    t.report(None, 1, &win(&two)).unwrap();
    let fin = t.pair_next_round().unwrap().clone();
    assert_eq!(
        (fin.matches[0].a, fin.matches[0].b),
        (s[0].player, Some(s[1].player))
    );
    // A finalist drops before playing: the final is conceded.
    t.drop_player(&two).unwrap();
    assert_eq!(t.champion(), Some(s[0].player));
    let e = t.pair_next_round().unwrap_err().to_string();
    assert!(e.contains("is over"), "{e}");
}

/// Reports the open match of `name` in the current round: `name` wins, or draws.
fn report_for(t: &mut Tournament, name: &str, draw: bool) {
    let id = t.find_player(name).unwrap().id;
    let m = t
        .current_round()
        .unwrap()
        .matches
        .iter()
        .find(|m| m.involves(id))
        .unwrap()
        .clone();
    if m.result.is_some() {
        return;
    }
    let rep = if draw { Report::Draw } else { win(name) };
    t.report(None, m.table, &rep).unwrap();
}

/// Reports every match still open: the player listed first wins.
fn rest_first_wins(t: &mut Tournament) {
    first_wins(t);
}

#[test]
fn swiss_rounds_standings_exact_tiebreaker_ties_fall_to_registration_order() {
    // Issue 18's five-player event, seed 6: P4 and P5 end on equal points with
    // OMW exactly 5/8 and OOMW exactly 169/288, so neither tiebreaker separates
    // them and the earlier registration ranks first. Compared as floating point,
    // the two sums of the same fractions differed in the last bit.
    let mut t = Tournament::new("Tie Cup", "constructed", Tier::One, None, false, 6).unwrap();
    for i in 1..=5 {
        t.register(&format!("P{i}"), deck(i), &lenient).unwrap();
    }
    let script: [&[(&str, bool)]; 4] = [
        &[("P1", false), ("P3", false)],
        &[("P3", false), ("P2", false)],
        &[("P3", true), ("P5", false)],
        &[("P4", false), ("P5", true)],
    ];
    for round in script {
        t.pair_next_round().unwrap();
        for &(name, draw) in round {
            report_for(&mut t, name, draw);
        }
        rest_first_wins(&mut t);
    }
    let s = t.standings();
    let get = |n: &str| s.iter().find(|x| x.name == n).unwrap().clone();
    let (p4, p5) = (get("P4"), get("P5"));
    assert_eq!(p4.points, p5.points);
    assert_eq!(p4.omwp, Frac::new(5, 8));
    assert_eq!(p5.omwp, Frac::new(5, 8));
    assert_eq!(p4.oomwp, Frac::new(169, 288));
    assert_eq!(p5.oomwp, Frac::new(169, 288));
    assert!(p4.rank < p5.rank, "P4 {} P5 {}", p4.rank, p5.rank);
}

/// Issue 18: a player who drops before round 1 never plays, so the Swiss Rounds
/// table (Tournament Policies) and the top-cut size (Tier 1 Rules, Elimination
/// Rounds) count only the others. 17 registered, 2 gone before round 1: 15 players
/// take part, so 5 rounds (9-16) and a top 4, not 6 rounds and a top 8.
#[test]
fn swiss_rounds_players_dropped_before_round_one_do_not_count() {
    let mut t = event(17, Tier::One, true);
    assert_eq!(t.planned_swiss_rounds(), Some(6));
    t.drop_player("P1").unwrap();
    t.penalize("P2", PenaltyKind::Disqualification, "cheating", "")
        .unwrap();
    assert_eq!(t.participants(), 15);
    assert_eq!(t.planned_swiss_rounds(), Some(5));
    finish_swiss(&mut t);
    assert_eq!(t.swiss_rounds_played(), 5);
    let cut = t.make_top_cut().unwrap().clone();
    assert_eq!(cut.matches.len(), 2, "a top 4 for 15 players");
    // A drop after round 1 still counts: that player took part.
    let mut u = event(5, Tier::One, false);
    u.pair_next_round().unwrap();
    first_wins(&mut u);
    u.drop_player("P3").unwrap();
    assert_eq!(u.participants(), 5);
    // Four registered, one dropped before the start: below the minimum.
    let mut v = event(4, Tier::One, false);
    v.drop_player("P4").unwrap();
    let e = v.pair_next_round().unwrap_err().to_string();
    assert!(e.contains("at least 4 players"), "{e}");
}

/// Issue 18, for organisers: before round 1 a registration can be withdrawn or
/// changed (a new deck is checked like a new one); afterwards neither.
#[test]
fn deck_lists_registration_can_be_withdrawn_or_edited_before_the_start() {
    let mut t = event(5, Tier::One, false);
    let gone = t.withdraw("p2").unwrap();
    assert_eq!(gone.name, "P2");
    assert!(t.find_player("P2").is_err());
    assert_eq!(t.players.len(), 4);
    let mut bad = deck(1);
    bad.mane = "PR2".into();
    let e = t
        .edit_registration("P3", None, Some(bad), &lenient)
        .unwrap_err()
        .to_string();
    assert!(e.contains("not legal"), "{e}");
    let e = t
        .edit_registration("P3", Some("p4"), None, &lenient)
        .unwrap_err()
        .to_string();
    assert!(e.contains("already registered"), "{e}");
    t.edit_registration("P3", Some("Carol"), Some(deck(7)), &lenient)
        .unwrap();
    assert_eq!(t.find_player("Carol").unwrap().deck, deck(7));
    // A new registration gets a fresh id even after a withdrawal.
    let id = t.register("Dan", deck(3), &lenient).unwrap();
    assert_eq!(id, 6);
    t.validate().unwrap();
    t.pair_next_round().unwrap();
    let e = t.withdraw("Dan").unwrap_err().to_string();
    assert!(e.contains("can drop"), "{e}");
    let e = t
        .edit_registration("Dan", None, Some(deck(1)), &lenient)
        .unwrap_err()
        .to_string();
    assert!(e.contains("registration is closed"), "{e}");
}

/// Tier 2 and Tier 3 Rules, Deck Checks: at least one game a round, picked at
/// random; Tier 1 recommends none. Tournament Policies, Match Time Limit and the
/// tiers' Time Limit: 35 minutes, 45 for Tier 2 elimination rounds, Tier 3
/// elimination rounds untimed.
#[test]
fn deck_checks_random_tables_at_tier_two_and_three_and_round_time_limits() {
    let mut t = event(8, Tier::Two, true);
    t.pair_next_round().unwrap();
    let picks = t.deck_check_tables(1, 1);
    assert_eq!(picks.len(), 1);
    assert!((1..=4).contains(&picks[0]));
    assert_eq!(
        t.deck_check_tables(1, 1),
        picks,
        "the same seed, the same pick"
    );
    assert_eq!(
        t.deck_check_tables(1, 9).len(),
        4,
        "only tables with a game"
    );
    let spread: BTreeSet<u32> = (0..40u64)
        .map(|seed| {
            let mut u = event(8, Tier::Three, false);
            u.seed = seed;
            u.pair_next_round().unwrap();
            u.deck_check_tables(1, 1)[0]
        })
        .collect();
    assert!(spread.len() > 1, "picks are random: {spread:?}");
    let mut one = event(8, Tier::One, false);
    one.pair_next_round().unwrap();
    assert!(one.deck_check_tables(1, 1).is_empty());
    assert_eq!(one.round_minutes(RoundKind::Swiss), Some(35));
    assert_eq!(one.round_minutes(RoundKind::Elimination), Some(35));
    assert_eq!(t.round_minutes(RoundKind::Swiss), Some(35));
    assert_eq!(t.round_minutes(RoundKind::Elimination), Some(45));
    let three = event(4, Tier::Three, true);
    assert_eq!(three.round_minutes(RoundKind::Swiss), Some(35));
    assert_eq!(three.round_minutes(RoundKind::Elimination), None);
}
