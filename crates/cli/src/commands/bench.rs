//! `ponyccg bench`: the engine's speed and size against the architecture guide's
//! budgets, for random play on one core. Each figure is the median of several samples.

use crate::alloc_count;
use crate::gamesetup::{self, DEFAULT_AI_DECK, DEFAULT_DECK};
use anyhow::{bail, Result};
use clap::Args;
use ponyccg_core::{Game, GameSetup, Replay};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::Serialize;
use std::hint::black_box;
use std::io::Write;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Deck of the first seat: theme:NAME, synthetic:COLOUR or a deck file.
    #[arg(default_value = DEFAULT_DECK)]
    pub deck_a: String,
    /// Deck of the second seat.
    #[arg(default_value = DEFAULT_AI_DECK)]
    pub deck_b: String,
    /// Seconds per throughput sample.
    #[arg(long, default_value_t = 1.0)]
    pub seconds: f64,
    /// Samples per figure (the median is reported).
    #[arg(long, default_value_t = 5)]
    pub samples: usize,
    /// Base seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the figures as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize, Debug)]
struct Figures {
    deck_a: String,
    deck_b: String,
    samples: usize,
    decisions_per_second: f64,
    games_per_second: f64,
    average_decisions_per_game: f64,
    clone_ns: f64,
    clone_allocations: u64,
    legal_actions_ns: f64,
    apply_action_ns: f64,
    state_bytes: u64,
    state_inline_bytes: u64,
    state_heap_bytes: u64,
    replay_bytes_per_decision: f64,
    replay_json_bytes_per_decision: f64,
    budgets: Budgets,
}

/// The architecture guide's performance budgets.
#[derive(Serialize, Debug)]
struct Budgets {
    decisions_per_second_min: f64,
    clone_ns_max: f64,
    legal_actions_ns_max: f64,
    apply_action_ns_max: f64,
    state_bytes_max: u64,
    replay_bytes_per_decision_max: f64,
}

const BUDGETS: Budgets = Budgets {
    decisions_per_second_min: 2_000_000.0,
    clone_ns_max: 1_000.0,
    legal_actions_ns_max: 100.0,
    apply_action_ns_max: 1_000.0,
    state_bytes_max: 8 * 1024,
    replay_bytes_per_decision_max: 2.0,
};

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}

fn median_u64(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

/// Random players can stall a game forever (see `simulate --max-turns`); a playout stops
/// after this many turns, as `simulate` calls time by default.
const MAX_TURNS: u32 = 200;

/// A random playout to the end (or the turn limit); the number of decisions.
fn playout(g: &mut Game, rng: &mut ChaCha8Rng) -> u64 {
    let mut n = 0;
    loop {
        let k = g.num_actions();
        if k == 0 || g.turn() > MAX_TURNS {
            return n;
        }
        let i = (rng.next_u32() as usize) % k;
        if g.apply_action(i).is_err() {
            return n;
        }
        n += 1;
    }
}

pub fn run(args: BenchArgs) -> Result<()> {
    if args.samples == 0 {
        bail!("--samples must be at least 1");
    }
    if !(args.seconds > 0.0 && args.seconds <= 3600.0) {
        bail!("--seconds must be above 0 and at most 3600");
    }
    let decks = vec![
        gamesetup::load_deck(&args.deck_a)?,
        gamesetup::load_deck(&args.deck_b)?,
    ];
    let setup_for = |seed: u64| GameSetup {
        seed,
        players: decks.clone(),
    };
    // Refuse unplayable decks with the usual message.
    gamesetup::start(&setup_for(args.seed), &[&args.deck_a, &args.deck_b])?;
    let fresh = |seed: u64| {
        let mut g = Game::new(&setup_for(seed)).expect("checked above");
        g.set_logging(false);
        g
    };

    // Throughput: complete random games, setup included.
    let mut dps = Vec::new();
    let mut gps = Vec::new();
    let mut per_game = Vec::new();
    let budget = Duration::from_secs_f64(args.seconds);
    let mut seed = args.seed;
    for _ in 0..args.samples {
        let start = Instant::now();
        let (mut decisions, mut games) = (0u64, 0u64);
        while start.elapsed() < budget {
            let mut g = fresh(seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            decisions += playout(&mut g, &mut rng);
            games += 1;
            seed += 1;
        }
        let t = start.elapsed().as_secs_f64();
        dps.push(decisions as f64 / t);
        gps.push(games as f64 / t);
        per_game.push(decisions as f64 / games as f64);
    }

    // Mid-game states: each of 64 games stopped half way.
    let mut states = Vec::new();
    for s in 0..64u64 {
        let mut g = fresh(args.seed.wrapping_add(10_000 + s));
        let mut rng = ChaCha8Rng::seed_from_u64(s);
        let len = playout(&mut g.clone(), &mut rng.clone());
        for _ in 0..len / 2 {
            let k = g.num_actions();
            let _ = g.apply_action((rng.next_u32() as usize) % k);
        }
        states.push(g);
    }

    // Clone: time per clone, allocations and heap bytes of one clone.
    let reps = 2_000;
    let mut clone_ns = Vec::new();
    let mut allocs = Vec::new();
    let mut heap = Vec::new();
    for g in &states {
        let start = Instant::now();
        for _ in 0..reps {
            black_box(black_box(g).clone());
        }
        clone_ns.push(start.elapsed().as_nanos() as f64 / reps as f64);
        let (c, n, bytes) = alloc_count::measure(|| g.clone());
        drop(c);
        allocs.push(n);
        heap.push(bytes);
    }

    // legal_actions: the pending decision's action range.
    let mut legal_ns = Vec::new();
    for g in &states {
        let start = Instant::now();
        for _ in 0..reps {
            black_box(black_box(g).legal_actions());
        }
        legal_ns.push(start.elapsed().as_nanos() as f64 / reps as f64);
    }

    // apply_action: one random legal action on each of a batch of prepared clones (the
    // cloning is not timed).
    let mut apply_ns = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    for _ in 0..args.samples.max(5) {
        let mut batch: Vec<Game> = Vec::with_capacity(states.len() * 16);
        for _ in 0..16 {
            batch.extend(states.iter().cloned());
        }
        let picks: Vec<usize> = batch
            .iter()
            .map(|g| (rng.next_u32() as usize) % g.num_actions().max(1))
            .collect();
        let start = Instant::now();
        for (g, &i) in batch.iter_mut().zip(&picks) {
            let _ = black_box(g.apply_action(i));
        }
        apply_ns.push(start.elapsed().as_nanos() as f64 / batch.len() as f64);
    }

    // Replays: packed bytes per decision over complete games.
    let mut packed = 0usize;
    let mut json = 0usize;
    let mut decisions = 0usize;
    for s in 0..32u64 {
        let setup = setup_for(args.seed.wrapping_add(20_000 + s));
        let mut g = fresh(setup.seed);
        let mut r = Replay::new(&setup, &gamesetup::catalogue_version());
        let mut rng = ChaCha8Rng::seed_from_u64(s);
        while g.num_actions() > 0 && g.turn() <= MAX_TURNS {
            let i = (rng.next_u32() as usize) % g.num_actions();
            if g.apply_action(i).is_err() {
                break;
            }
            r.choices.push(i as u16);
        }
        packed += r.packed_choices().len();
        json += serde_json::to_string(&r.choices)?.len();
        decisions += r.choices.len();
    }

    let inline = std::mem::size_of::<Game>() as u64;
    let heap_bytes = median_u64(heap);
    let f = Figures {
        deck_a: args.deck_a.clone(),
        deck_b: args.deck_b.clone(),
        samples: args.samples,
        decisions_per_second: median(dps),
        games_per_second: median(gps),
        average_decisions_per_game: median(per_game),
        clone_ns: median(clone_ns),
        clone_allocations: median_u64(allocs),
        legal_actions_ns: median(legal_ns),
        apply_action_ns: median(apply_ns),
        state_bytes: inline + heap_bytes,
        state_inline_bytes: inline,
        state_heap_bytes: heap_bytes,
        replay_bytes_per_decision: packed as f64 / decisions.max(1) as f64,
        replay_json_bytes_per_decision: json as f64 / decisions.max(1) as f64,
        budgets: BUDGETS,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&f)?)?;
        return Ok(());
    }
    let ok = |good: bool| if good { "within budget" } else { "OVER BUDGET" };
    writeln!(
        out,
        "ponyccg bench: {} vs {}, random players, one core, median of {} samples{}",
        f.deck_a,
        f.deck_b,
        f.samples,
        if cfg!(debug_assertions) {
            " (DEBUG BUILD: use --release for real figures)"
        } else {
            ""
        }
    )?;
    writeln!(
        out,
        "decisions per second   {:>12.0}   budget >= {:.0}   {}",
        f.decisions_per_second,
        BUDGETS.decisions_per_second_min,
        ok(f.decisions_per_second >= BUDGETS.decisions_per_second_min)
    )?;
    writeln!(
        out,
        "games per second       {:>12.1}   ({:.0} decisions per game)",
        f.games_per_second, f.average_decisions_per_game
    )?;
    writeln!(
        out,
        "clone (mid-game)       {:>10.0} ns   budget <= {:.0} ns   {}; {} allocations",
        f.clone_ns,
        BUDGETS.clone_ns_max,
        ok(f.clone_ns <= BUDGETS.clone_ns_max),
        f.clone_allocations
    )?;
    writeln!(
        out,
        "legal_actions          {:>10.1} ns   budget <= {:.0} ns   {}",
        f.legal_actions_ns,
        BUDGETS.legal_actions_ns_max,
        ok(f.legal_actions_ns <= BUDGETS.legal_actions_ns_max)
    )?;
    writeln!(
        out,
        "apply_action           {:>10.0} ns   budget <= {:.0} ns   {}",
        f.apply_action_ns,
        BUDGETS.apply_action_ns_max,
        ok(f.apply_action_ns <= BUDGETS.apply_action_ns_max)
    )?;
    writeln!(
        out,
        "state size             {:>10} B    budget <= {} B   {} ({} inline + {} heap)",
        f.state_bytes,
        BUDGETS.state_bytes_max,
        ok(f.state_bytes <= BUDGETS.state_bytes_max),
        f.state_inline_bytes,
        f.state_heap_bytes
    )?;
    writeln!(
        out,
        "replay                 {:>10.2} B/decision   budget <= {:.0}   {} ({:.2} B as JSON)",
        f.replay_bytes_per_decision,
        BUDGETS.replay_bytes_per_decision_max,
        ok(f.replay_bytes_per_decision <= BUDGETS.replay_bytes_per_decision_max),
        f.replay_json_bytes_per_decision
    )?;
    writeln!(
        out,
        "State size is size_of::<Game>() plus the heap bytes a clone of a mid-game state \
         allocates (counted by a counting allocator); the card definitions, shared by all \
         clones behind an Arc, are not counted."
    )?;
    Ok(())
}
