//! `ponyccg replay FILE`: a saved game, turn by turn, from its log.

use crate::gamesetup;
use crate::render;
use anyhow::{anyhow, Context, Result};
use clap::Args;
use ponyccg_core::{Game, PlayerId, Replay, Viewer};
use serde::Serialize;
use std::io::{BufRead, Write};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A replay saved by `ponyccg play`.
    pub file: PathBuf,
    /// Wait for Enter after each turn (`q` then Enter stops).
    #[arg(long)]
    pub step: bool,
    /// Print the game as JSON: turns with their log lines, the outcome and scores.
    #[arg(long, conflicts_with = "step")]
    pub json: bool,
}

#[derive(Serialize, Debug, Default)]
struct Turn {
    turn: u32,
    player: Option<String>,
    lines: Vec<String>,
}

#[derive(Serialize, Debug)]
struct Printed {
    seed: u64,
    engine: String,
    catalogue: String,
    decisions: usize,
    turns: Vec<Turn>,
    outcome: Option<String>,
    scores: Vec<u16>,
}

/// Reads and checks a replay file: one message naming the file for every failure.
pub fn load(path: &PathBuf) -> Result<Replay> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the replay {}", path.display()))?;
    let replay: Replay = serde_json::from_str(&text)
        .map_err(|e| anyhow!("{} is not a ponyccg replay: {e}", path.display()))?;
    replay
        .check_versions(&gamesetup::catalogue_version())
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    Ok(replay)
}

/// Gives the events logged since the last call to `line`; false when it asked to stop.
fn flush(g: &mut Game, line: &mut impl FnMut(&Game, String) -> Result<bool>) -> Result<bool> {
    let lines = render::log_lines(g, Viewer::Omniscient);
    for l in render::collapse(lines) {
        if !line(g, l)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Runs the replay, giving each log line (with the turn it belongs to) to `line`.
fn walk(replay: &Replay, mut line: impl FnMut(&Game, String) -> Result<bool>) -> Result<Game> {
    let setup = gamesetup::replay_setup(replay)?;
    let mut g =
        Game::new(&setup).map_err(|e| anyhow!("the replay's decks can't start a game: {e}"))?;
    let concede_at = |g: &mut Game, at: usize| -> Result<()> {
        for &(p, when) in &replay.concessions {
            if when == at && !g.is_over() {
                g.concede(PlayerId(p))
                    .map_err(|e| anyhow!("the concession after choice {at} is refused: {e}"))?;
            }
        }
        Ok(())
    };
    if !flush(&mut g, &mut line)? {
        return Ok(g);
    }
    for (i, &c) in replay.choices.iter().enumerate() {
        concede_at(&mut g, i)?;
        if !flush(&mut g, &mut line)? {
            return Ok(g);
        }
        let label =
            g.labels().get(c as usize).cloned().ok_or_else(|| {
                anyhow!("choice {i} of the replay ({c}) is not one the game offers")
            })?;
        let who = g
            .decision()
            .map(|d| d.player)
            .expect("a decision is pending");
        if !line(&g, format!("  {who} chose: {label}"))? {
            return Ok(g);
        }
        g.apply_action(c as usize)
            .map_err(|e| anyhow!("choice {i} of the replay is refused: {e}"))?;
        if !flush(&mut g, &mut line)? {
            return Ok(g);
        }
    }
    concede_at(&mut g, replay.choices.len())?;
    flush(&mut g, &mut line)?;
    Ok(g)
}

pub fn run(args: ReplayArgs) -> Result<()> {
    let replay = load(&args.file)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        let mut turns: Vec<Turn> = vec![Turn::default()];
        let g = walk(&replay, |_, l| {
            if l.starts_with("---") {
                let (turn, player) = parse_turn_header(&l);
                turns.push(Turn {
                    turn,
                    player,
                    lines: Vec::new(),
                });
            }
            turns.last_mut().expect("one").lines.push(l);
            Ok(true)
        })?;
        let printed = Printed {
            seed: replay.seed,
            engine: replay.engine.clone(),
            catalogue: replay.catalogue.clone(),
            decisions: replay.choices.len(),
            turns,
            outcome: g.outcome().map(|o| render::outcome(o, None)),
            scores: g.players().map(|p| g.score(p)).collect(),
        };
        writeln!(out, "{}", serde_json::to_string_pretty(&printed)?)?;
        return Ok(());
    }
    writeln!(
        out,
        "Replay of {} (seed {}, {} decisions)",
        args.file.display(),
        replay.seed,
        replay.choices.len()
    )?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut stepping = args.step;
    let g = walk(&replay, |_, l| {
        if stepping && l.starts_with("---") {
            write!(out, "[Enter: next turn, q: stop] ")?;
            out.flush()?;
            let mut answer = String::new();
            if input.read_line(&mut answer)? == 0 {
                // No more input: print the rest without waiting.
                stepping = false;
            } else if answer.trim().eq_ignore_ascii_case("q") {
                return Ok(false);
            }
        }
        writeln!(out, "{l}")?;
        Ok(true)
    })?;
    match g.outcome() {
        Some(o) => writeln!(out, "{}", render::outcome(o, None))?,
        None => writeln!(out, "The recorded game ends here, unfinished.")?,
    }
    writeln!(
        out,
        "Scores: {}",
        g.players()
            .map(|p| format!("{p} {}", g.score(p)))
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    Ok(())
}

/// "--- Turn 3: P1's turn ---" → (3, "P1").
fn parse_turn_header(l: &str) -> (u32, Option<String>) {
    let rest = l.trim_start_matches("--- Turn ");
    let (num, tail) = rest.split_once(':').unwrap_or((rest, ""));
    let player = tail
        .trim()
        .split_once("'s turn")
        .map(|(p, _)| p.trim().to_string());
    (num.trim().parse().unwrap_or(0), player)
}
