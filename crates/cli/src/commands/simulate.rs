//! `ponyccg simulate`: many seeded AI games between two decks, in parallel.
//!
//! Game `i` takes its seed from the base seed and `i` only, and the results are added up
//! in game order, so a seed gives the same results whatever the number of threads.

use crate::gamesetup::{self, DEFAULT_AI_DECK, DEFAULT_DECK};
use anyhow::{anyhow, bail, Result};
use clap::Args;
use ponyccg_ai::{derive_seed, play_out_until, player_by_name, PlayError};
use ponyccg_core::{Game, GameSetup, PlayerDeck, PlayerId};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// Deck A: theme:NAME, synthetic:COLOUR or a deck file.
    #[arg(default_value = DEFAULT_DECK)]
    pub deck_a: String,
    /// Deck B.
    #[arg(default_value = DEFAULT_AI_DECK)]
    pub deck_b: String,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// The players of deck A and deck B, e.g. `heuristic,random`.
    #[arg(long, default_value = "heuristic,heuristic")]
    pub players: String,
    /// Base seed; game i's seed derives from it and i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads [default: the number of cores].
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print the results as JSON (and no progress bar).
    #[arg(long)]
    pub json: bool,
    /// Call time on a game still going after this many turns: the higher score wins,
    /// equal scores draw (as when time is called in a tournament). Random players can
    /// stall forever, each unable or unwilling to score.
    #[arg(long, default_value_t = 200)]
    pub max_turns: u32,
}

/// Longest game accepted before it is reported as endless.
const MAX_DECISIONS: usize = 1_000_000;

/// A proportion with its Wilson score interval at 95%.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

/// The Wilson score interval for `k` successes in `n` trials, z = 1.96.
pub fn wilson(k: u64, n: u64) -> Rate {
    if n == 0 {
        return Rate {
            rate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let z = 1.959_963_984_540_054_f64;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    Rate {
        rate: p,
        low: (center - half).clamp(0.0, p),
        high: (center + half).clamp(p, 1.0),
    }
}

#[derive(Serialize, Debug)]
struct Summary {
    deck_a: String,
    deck_b: String,
    players: [String; 2],
    games: u64,
    seed: u64,
    threads: usize,
    wins_a: u64,
    wins_b: u64,
    draws: u64,
    /// Games decided at the turn limit, by score.
    called: u64,
    max_turns: u32,
    win_rate_a: Rate,
    win_rate_b: Rate,
    draw_rate: Rate,
    average_turns: f64,
    average_score_a: f64,
    average_score_b: f64,
    average_decisions: f64,
    elapsed_seconds: f64,
}

/// One game's result, seen from the decks (not the seats).
#[derive(Clone, Copy, Debug, Default)]
struct Result1 {
    winner: Option<u8>,
    turns: u32,
    score: [u16; 2],
    decisions: u64,
    /// Decided at the turn limit.
    called: bool,
}

/// The players of one game, by seat.
type Seats = Vec<Box<dyn ponyccg_ai::Player>>;

struct Job {
    decks: [PlayerDeck; 2],
    players: [String; 2],
    seed: u64,
    max_turns: u32,
}

impl Job {
    /// What game `i` was doing when it ran out of decisions: it is replayed (games are
    /// deterministic) with the log switched on for its last decisions, so a loop a card
    /// allows shows which cards take part in it.
    fn last_moves(&self, i: u64) -> String {
        const SHOWN: usize = 40;
        let Ok((_, mut g, mut players)) = self.start(i) else {
            return String::new();
        };
        let _ = play_out_until(&mut g, &mut players, MAX_DECISIONS - SHOWN, self.max_turns);
        g.set_logging(true);
        let _ = play_out_until(&mut g, &mut players, SHOWN, self.max_turns);
        let mut lines = crate::render::log_lines(&mut g, ponyccg_core::Viewer::Omniscient);
        if let Some(d) = g.decision() {
            lines.push(format!(
                "then {} is to choose among: {}",
                d.player,
                g.labels().join(" | ")
            ));
        }
        format!("its last {SHOWN} decisions:\n  {}", lines.join("\n  "))
    }

    /// Game `i` at its start, with its seed and players: deck A sits first in even games
    /// and second in odd ones.
    fn start(&self, i: u64) -> Result<(u64, Game, Seats)> {
        let seed = derive_seed(self.seed, i);
        let (first, second) = if i % 2 == 1 { (1, 0) } else { (0, 1) };
        let setup = GameSetup {
            seed,
            players: vec![self.decks[first].clone(), self.decks[second].clone()],
        };
        let mut g = Game::new(&setup).map_err(|e| anyhow!("game {i}: {e}"))?;
        g.set_logging(false);
        let players = vec![
            player_by_name(&self.players[first], derive_seed(seed, 1 + first as u64))?,
            player_by_name(&self.players[second], derive_seed(seed, 1 + second as u64))?,
        ];
        Ok((seed, g, players))
    }

    fn run(&self, i: u64) -> Result<Result1> {
        let (seed, mut g, mut players) = self.start(i)?;
        let swap = i % 2 == 1;
        let deck_of = |seat: PlayerId| if swap { 1 - seat.0 } else { seat.0 };
        let by_deck = |scores: &[u16]| {
            let mut score = [0u16; 2];
            for (seat, s) in scores.iter().enumerate() {
                score[deck_of(PlayerId(seat as u8)) as usize] = *s;
            }
            score
        };
        match play_out_until(&mut g, &mut players, MAX_DECISIONS, self.max_turns) {
            Ok(rec) => Ok(Result1 {
                winner: rec.winner().map(deck_of),
                turns: rec.turns,
                score: by_deck(&rec.scores),
                decisions: rec.choices.len() as u64,
                called: false,
            }),
            Err(PlayError::TurnLimit { turns, scores }) => {
                let score = by_deck(&scores);
                let winner = match score[0].cmp(&score[1]) {
                    std::cmp::Ordering::Greater => Some(0),
                    std::cmp::Ordering::Less => Some(1),
                    std::cmp::Ordering::Equal => None,
                };
                Ok(Result1 {
                    winner,
                    turns,
                    score,
                    decisions: g.decisions_made(),
                    called: true,
                })
            }
            Err(e @ PlayError::NoEnd { .. }) => {
                bail!("game {i} (seed {seed}): {e}\n{}", self.last_moves(i))
            }
            Err(e) => bail!("game {i} (seed {seed}): {e}"),
        }
    }
}

pub fn run(args: SimulateArgs) -> Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let threads = match args.threads {
        Some(0) => bail!("--threads must be at least 1"),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let kinds: Vec<String> = args
        .players
        .split(',')
        .map(|s| s.trim().to_ascii_lowercase())
        .collect();
    if kinds.len() != 2 {
        bail!(
            "--players takes two players separated by a comma (deck A's, then deck B's), got `{}`",
            args.players
        );
    }
    for k in &kinds {
        player_by_name(k, 0).map_err(|e| anyhow!("{e}"))?;
    }
    let decks = [
        gamesetup::load_deck(&args.deck_a)?,
        gamesetup::load_deck(&args.deck_b)?,
    ];
    // Refuse unplayable decks before any thread starts.
    gamesetup::start(
        &GameSetup {
            seed: args.seed,
            players: decks.to_vec(),
        },
        &[&args.deck_a, &args.deck_b],
    )?;
    let job = Arc::new(Job {
        decks,
        players: [kinds[0].clone(), kinds[1].clone()],
        seed: args.seed,
        max_turns: args.max_turns,
    });

    let n = args.games;
    let bar = if !args.json && std::io::stderr().is_terminal() {
        let b = indicatif::ProgressBar::new(n);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games · {per_sec} · eta {eta}",
        ) {
            b.set_style(style);
        }
        Some(b)
    } else {
        None
    };
    let stop = Arc::new(AtomicBool::new(false));
    let _ = ctrlc::set_handler(move || {
        eprintln!("\ninterrupted: no results");
        std::process::exit(130);
    });

    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result1>>> = Mutex::new(vec![None; n as usize]);
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..threads.min(n as usize) {
            s.spawn(|| loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n as usize {
                    return;
                }
                match job.run(i as u64) {
                    Ok(r) => {
                        results.lock().expect("not poisoned")[i] = Some(r);
                        if let Some(b) = &bar {
                            b.inc(1);
                        }
                    }
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        failure.lock().expect("not poisoned").get_or_insert(e);
                        return;
                    }
                }
            });
        }
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if let Some(e) = failure.into_inner().expect("not poisoned") {
        return Err(e);
    }
    let elapsed = start.elapsed().as_secs_f64();
    let results: Vec<Result1> = results
        .into_inner()
        .expect("not poisoned")
        .into_iter()
        .map(|r| r.expect("every game ran"))
        .collect();

    let count = |w: Option<u8>| results.iter().filter(|r| r.winner == w).count() as u64;
    let (wins_a, wins_b, draws) = (count(Some(0)), count(Some(1)), count(None));
    let avg = |f: &dyn Fn(&Result1) -> f64| results.iter().map(f).sum::<f64>() / n as f64;
    let summary = Summary {
        deck_a: args.deck_a.clone(),
        deck_b: args.deck_b.clone(),
        players: [kinds[0].clone(), kinds[1].clone()],
        games: n,
        seed: args.seed,
        threads,
        wins_a,
        wins_b,
        draws,
        called: results.iter().filter(|r| r.called).count() as u64,
        max_turns: args.max_turns,
        win_rate_a: wilson(wins_a, n),
        win_rate_b: wilson(wins_b, n),
        draw_rate: wilson(draws, n),
        average_turns: avg(&|r| r.turns as f64),
        average_score_a: avg(&|r| r.score[0] as f64),
        average_score_b: avg(&|r| r.score[1] as f64),
        average_decisions: avg(&|r| r.decisions as f64),
        elapsed_seconds: elapsed,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&summary)?)?;
        return Ok(());
    }
    let pct = |r: Rate| {
        format!(
            "{:5.1}%  (95% CI {:.1}%–{:.1}%)",
            r.rate * 100.0,
            r.low * 100.0,
            r.high * 100.0
        )
    };
    writeln!(
        out,
        "{} games, seed {}, {} threads; deck A sits first in even games, second in odd ones",
        n, args.seed, threads
    )?;
    writeln!(
        out,
        "A  {} ({}): {:>6} wins  {}",
        summary.deck_a,
        summary.players[0],
        wins_a,
        pct(summary.win_rate_a)
    )?;
    writeln!(
        out,
        "B  {} ({}): {:>6} wins  {}",
        summary.deck_b,
        summary.players[1],
        wins_b,
        pct(summary.win_rate_b)
    )?;
    writeln!(out, "draws: {draws}  {}", pct(summary.draw_rate))?;
    if summary.called > 0 {
        writeln!(
            out,
            "{} games were still going after turn {} and were decided by score",
            summary.called, summary.max_turns
        )?;
    }
    writeln!(
        out,
        "average turns {:.1} · average score A {:.2}, B {:.2} · average decisions {:.0}",
        summary.average_turns,
        summary.average_score_a,
        summary.average_score_b,
        summary.average_decisions
    )?;
    writeln!(
        out,
        "{:.2} s ({:.0} games/s)",
        elapsed,
        n as f64 / elapsed.max(1e-9)
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        // 50 of 100: 0.5 in [0.404, 0.596].
        let r = wilson(50, 100);
        assert!(
            (r.low - 0.4038).abs() < 1e-3 && (r.high - 0.5962).abs() < 1e-3,
            "{r:?}"
        );
        // 0 of 10: the interval starts at 0 and is not empty.
        let r = wilson(0, 10);
        assert_eq!(r.low, 0.0);
        assert!((r.high - 0.2775).abs() < 1e-3, "{r:?}");
        let r = wilson(10, 10);
        assert!(
            (r.high - 1.0).abs() < 1e-9 && (r.low - 0.7225).abs() < 1e-3,
            "{r:?}"
        );
    }
}
