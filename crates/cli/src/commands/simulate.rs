//! `ponyccg simulate`: many seeded AI games between two decks, in parallel.
//!
//! Game `i` takes its seed from the base seed and `i` only, and the results are added up
//! in game order, so a seed gives the same results whatever the number of threads.
//!
//! With `--random-decks SETS`, every game gets two fresh seeded Harmony decks from the
//! playable cards of SETS (`random:SETS:SEED`, see `ponyccg_decks::random`). Such a run
//! plays every game even when some fail, and reports each failure (a panic, a refused
//! choice, a broken invariant, a game without end) with the specs that replay it.

use crate::gamesetup::{self, DEFAULT_AI_DECK, DEFAULT_DECK};
use anyhow::{anyhow, bail, Result};
use clap::Args;
use ponyccg_ai::{derive_seed, play_out_until, player_by_name, PlayError};
use ponyccg_core::{CardId, Game, GameSetup, PlayerDeck, PlayerId, Zone};
use ponyccg_decks::{Date, Pool};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The most worker threads `simulate` starts, whatever `--threads` asks.
const MAX_THREADS: usize = 256;

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// Deck A: deck:NAME, theme:NAME, starter:NAME, synthetic:COLOUR, random:SETS:SEED
    /// or a deck file.
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
    /// Worker threads [default: the number of cores; at most 256, and at most one per game].
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print the results as JSON (and no progress bar).
    #[arg(long)]
    pub json: bool,
    /// Refuse a deck that is not legal in this format (constructed, harmony,
    /// block-premiere, ...); without it, a deck that breaks the deckbuilding rules
    /// plays with a warning.
    #[arg(long)]
    pub format: Option<String>,
    /// Call time on a game still going after this many turns: the higher score wins,
    /// equal scores draw (as when time is called in a tournament). Random players can
    /// stall forever, each unable or unwilling to score.
    #[arg(long, default_value_t = 200)]
    pub max_turns: u32,
    /// Give every game two fresh random Harmony decks built from the playable cards of
    /// these sets (`premiere`, `CN+CG`, `premiere+PR`); DECK_A and DECK_B are then not
    /// used.
    #[arg(long, value_name = "SETS")]
    pub random_decks: Option<String>,
}

/// Decisions played between two checks of the invariants.
const CHECK_EVERY: usize = 256;

/// 401.1: every card is in exactly one zone, and the zone lists agree with the cards.
/// A card of a player who left the game is not looked at.
fn check_invariants(g: &Game) -> Result<(), String> {
    let mut seen = vec![0u32; g.num_cards()];
    for p in g.players() {
        if g.player(p).removed {
            continue;
        }
        for z in Zone::ALL {
            let listed_by_player = match z {
                Zone::DrawDeck
                | Zone::ProblemDeck
                | Zone::Hand
                | Zone::Discard
                | Zone::Banished
                | Zone::Flip => true,
                // Shared lists, read below; a card that is gone is in no list.
                Zone::Play | Zone::Queue | Zone::Gone | Zone::SetAside => false,
            };
            if !listed_by_player {
                continue;
            }
            for c in g.zone(p, z) {
                seen[c.index()] += 1;
                let card = g.card(c);
                if card.zone != z {
                    return Err(format!(
                        "card {c:?} is listed in {z:?} but is in {:?}",
                        card.zone
                    ));
                }
                if card.owner != p {
                    return Err(format!(
                        "card {c:?} is listed in {p}'s {z:?} but {} owns it",
                        card.owner
                    ));
                }
            }
        }
    }
    for &c in g.in_play().iter().chain(g.queue()) {
        seen[c.index()] += 1;
        if g.card(c).zone == Zone::Play && g.card(c).area.is_none() {
            return Err(format!("card {c:?} is in play in no area"));
        }
    }
    for (i, n) in seen.iter().enumerate() {
        let c = CardId(i as u16);
        let card = g.card(c);
        let expected = match card.zone {
            Zone::Gone | Zone::SetAside => 0,
            Zone::DrawDeck
            | Zone::ProblemDeck
            | Zone::Hand
            | Zone::Play
            | Zone::Discard
            | Zone::Banished
            | Zone::Flip
            | Zone::Queue => 1,
        };
        if *n != expected && !g.player(card.owner).removed {
            return Err(format!(
                "card {c:?} ({:?}) is listed {n} times; expected {expected}",
                card.zone
            ));
        }
    }
    Ok(())
}

/// Failures listed in full; the rest are counted.
const SHOWN_FAILURES: usize = 10;

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
    /// The engine and card catalogue that played the games: results of another
    /// version are not comparable.
    engine: String,
    catalogue: String,
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
    /// Share of games called at the turn limit.
    turn_cap_rate: Rate,
    /// With --random-decks: the sets and how many cards they offer.
    #[serde(skip_serializing_if = "Option::is_none")]
    random_pool: Option<String>,
    /// Games that failed (with --random-decks, which plays on past them).
    failures: u64,
    /// The first few failures, each with the deck specs that replay it.
    failure_reports: Vec<String>,
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
    /// With --random-decks: the pool each game's decks are made from.
    random: Option<Pool<'static>>,
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
        let decks = match &self.random {
            Some(pool) => {
                let [a, b] = self.random_deck_seeds(i);
                let deck = |seed: u64| -> Result<PlayerDeck> {
                    let d = pool.generate(seed).map_err(|e| anyhow!("game {i}: {e}"))?;
                    gamesetup::player_deck(&d, &format!("random:{}:{seed}", pool.sets().join("+")))
                };
                [deck(a)?, deck(b)?]
            }
            None => self.decks.clone(),
        };
        let setup = GameSetup {
            seed,
            players: vec![decks[first].clone(), decks[second].clone()],
        };
        let mut g = Game::new(&setup).map_err(|e| anyhow!("game {i}: {e}"))?;
        g.set_logging(false);
        let players = vec![
            player_by_name(&self.players[first], derive_seed(seed, 1 + first as u64))?,
            player_by_name(&self.players[second], derive_seed(seed, 1 + second as u64))?,
        ];
        Ok((seed, g, players))
    }

    /// The specs of game `i`'s random decks (A, then B).
    fn random_specs(&self, pool: &Pool, i: u64) -> [String; 2] {
        let sets = pool.sets().join("+");
        self.random_deck_seeds(i)
            .map(|seed| format!("random:{sets}:{seed}"))
    }

    /// The seeds of game `i`'s random decks (A, then B).
    fn random_deck_seeds(&self, i: u64) -> [u64; 2] {
        let seed = derive_seed(self.seed, i);
        [1000, 1001].map(|k| derive_seed(seed, k))
    }

    /// Game `i`, with a panic turned into an error naming the game.
    fn run_caught(&self, i: u64) -> Result<Result1> {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.run(i))) {
            Ok(r) => r,
            Err(p) => {
                let what = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "a panic".into());
                bail!(
                    "game {i} (seed {}): panicked: {what}",
                    derive_seed(self.seed, i)
                )
            }
        }
    }

    /// A failure of game `i`, with what replays it.
    fn report(&self, i: u64, e: &anyhow::Error) -> String {
        match &self.random {
            Some(pool) => {
                let [a, b] = self.random_specs(pool, i);
                format!("{e:#}\n  decks: {a} {b} (deck A sits second in odd games)")
            }
            None => format!("{e:#}"),
        }
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
        // Played in stretches, the invariants checked between them.
        let played = loop {
            if let Err(broken) = check_invariants(&g) {
                bail!(
                    "game {i} (seed {seed}): invariant broken after {} decisions: {broken}",
                    g.decisions_made()
                );
            }
            let left = MAX_DECISIONS.saturating_sub(g.decisions_made() as usize);
            match play_out_until(&mut g, &mut players, CHECK_EVERY.min(left), self.max_turns) {
                Err(PlayError::NoEnd { .. }) if left > CHECK_EVERY => continue,
                Err(PlayError::NoEnd { .. }) => {
                    break Err(PlayError::NoEnd {
                        decisions: g.decisions_made() as usize,
                    })
                }
                other => break other,
            }
        };
        if let Err(broken) = check_invariants(&g) {
            bail!("game {i} (seed {seed}): invariant broken at the end: {broken}");
        }
        match played {
            Ok(rec) => Ok(Result1 {
                winner: rec.winner().map(deck_of),
                turns: rec.turns,
                score: by_deck(&rec.scores),
                decisions: g.decisions_made(),
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
    // The threads actually started: never more than the games, nor than
    // MAX_THREADS, so the count reported is the count used.
    let threads = match args.threads {
        Some(0) => bail!("--threads must be at least 1"),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
    .min(MAX_THREADS)
    .min(usize::try_from(args.games).unwrap_or(usize::MAX));
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
    let (decks, random, random_pool) = match &args.random_decks {
        Some(sets) => {
            let as_of = Date::today();
            let sets = ponyccg_decks::random::parse_sets(sets, as_of)?;
            let pool = Pool::new(ponyccg_cards::Catalogue::builtin(), &sets, as_of);
            // A pool that can't make a deck is refused once, before any game.
            let first = pool.generate(derive_seed(args.seed, 0))?;
            let d = gamesetup::player_deck(&first, "random")?;
            let described = pool.describe();
            ([d.clone(), d], Some(pool), Some(described))
        }
        None => {
            gamesetup::check_decks(&[&args.deck_a, &args.deck_b], args.format.as_deref())?;
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
            (decks, None, None)
        }
    };
    let keep_going = random.is_some();
    let (deck_a, deck_b) = match &random {
        Some(pool) => {
            let name = format!("random:{}:(per game)", pool.sets().join("+"));
            (name.clone(), name)
        }
        None => (args.deck_a.clone(), args.deck_b.clone()),
    };
    let job = Arc::new(Job {
        decks,
        random,
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
    let failed: Mutex<Vec<(u64, String)>> = Mutex::new(Vec::new());
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
                match job.run_caught(i as u64) {
                    Ok(r) => {
                        results.lock().expect("not poisoned")[i] = Some(r);
                        if let Some(b) = &bar {
                            b.inc(1);
                        }
                    }
                    Err(e) if keep_going => {
                        failed
                            .lock()
                            .expect("not poisoned")
                            .push((i as u64, job.report(i as u64, &e)));
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
    let mut failed = failed.into_inner().expect("not poisoned");
    failed.sort_by_key(|(i, _)| *i);
    // Failed games have no result; the rates are over the games that finished.
    let results: Vec<Result1> = results
        .into_inner()
        .expect("not poisoned")
        .into_iter()
        .flatten()
        .collect();
    let finished = results.len() as u64;

    let count = |w: Option<u8>| results.iter().filter(|r| r.winner == w).count() as u64;
    let (wins_a, wins_b, draws) = (count(Some(0)), count(Some(1)), count(None));
    let avg =
        |f: &dyn Fn(&Result1) -> f64| results.iter().map(f).sum::<f64>() / finished.max(1) as f64;
    let called = results.iter().filter(|r| r.called).count() as u64;
    let summary = Summary {
        engine: ponyccg_core::replay::ENGINE_VERSION.to_string(),
        catalogue: gamesetup::catalogue_version(),
        deck_a,
        deck_b,
        players: [kinds[0].clone(), kinds[1].clone()],
        games: n,
        seed: args.seed,
        threads,
        wins_a,
        wins_b,
        draws,
        called,
        max_turns: args.max_turns,
        win_rate_a: wilson(wins_a, finished),
        win_rate_b: wilson(wins_b, finished),
        draw_rate: wilson(draws, finished),
        average_turns: avg(&|r| r.turns as f64),
        average_score_a: avg(&|r| r.score[0] as f64),
        average_score_b: avg(&|r| r.score[1] as f64),
        average_decisions: avg(&|r| r.decisions as f64),
        turn_cap_rate: wilson(called, finished),
        random_pool,
        failures: failed.len() as u64,
        failure_reports: failed
            .iter()
            .take(SHOWN_FAILURES)
            .map(|(_, r)| r.clone())
            .collect(),
        elapsed_seconds: elapsed,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let failures_error = || {
        anyhow!(
            "{} of {n} games failed (the first: {})",
            summary.failures,
            summary.failure_reports.first().map_or("", String::as_str)
        )
    };
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&summary)?)?;
        if summary.failures > 0 {
            return Err(failures_error());
        }
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
    if let Some(p) = &summary.random_pool {
        writeln!(out, "fresh random Harmony decks every game from {p}")?;
    }
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
            "{} games were still going after turn {} and were decided by score: {}",
            summary.called,
            summary.max_turns,
            pct(summary.turn_cap_rate).trim_start()
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
    if summary.random_pool.is_some() {
        writeln!(
            out,
            "failures (panic, refused choice, broken invariant, no end): {}",
            summary.failures
        )?;
        for r in &summary.failure_reports {
            writeln!(out, "  - {r}")?;
        }
    }
    if summary.failures > 0 {
        return Err(failures_error());
    }
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
