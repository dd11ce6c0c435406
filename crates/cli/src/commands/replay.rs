//! `ponyccg replay FILE`: a saved game, turn by turn, from its log.

use crate::gamesetup;
use crate::render;
use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use ponyccg_core::event::Event;
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
    /// 0 before the first turn (setup, mulligans).
    turn: u32,
    player: Option<String>,
    events: Vec<Item>,
}

/// One entry of a turn in `replay --json`: an engine event as data (with its line
/// for people beside it), or a recorded choice.
#[derive(Serialize, Debug)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Item {
    Event {
        event: serde_json::Value,
        text: String,
        /// Routine bookkeeping the text log leaves out.
        bookkeeping: bool,
    },
    Choice {
        player: String,
        index: u16,
        label: String,
    },
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
    // A concession names a seat and a point in the game; a seat the game does not
    // have, or a point past its last choice, is a damaged file, not a player who
    // left the game.
    for &(seat, at) in &replay.concessions {
        if usize::from(seat) >= replay.decks.len() {
            bail!(
                "{} is a damaged replay: it records a concession by seat {} (P{}), but the game has {} players",
                path.display(),
                seat,
                u16::from(seat) + 1,
                replay.decks.len()
            );
        }
        if at > replay.choices.len() {
            bail!(
                "{} is a damaged replay: it records a concession after choice {at}, but it holds only {} choices",
                path.display(),
                replay.choices.len()
            );
        }
    }
    Ok(replay)
}

/// What the walk through a replay hands on.
enum Step {
    /// Events were logged: take them from the game.
    Events,
    /// A player made a recorded choice.
    Choice {
        player: PlayerId,
        index: u16,
        label: String,
    },
}

/// Runs the replay, calling `sink` whenever events may have been logged and before
/// each choice; `sink` returns false to stop.
fn walk(replay: &Replay, mut sink: impl FnMut(&mut Game, Step) -> Result<bool>) -> Result<Game> {
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
    if !sink(&mut g, Step::Events)? {
        return Ok(g);
    }
    for (i, &c) in replay.choices.iter().enumerate() {
        concede_at(&mut g, i)?;
        if !sink(&mut g, Step::Events)? {
            return Ok(g);
        }
        let label =
            g.labels().get(c as usize).cloned().ok_or_else(|| {
                anyhow!("choice {i} of the replay ({c}) is not one the game offers")
            })?;
        let player = g
            .decision()
            .map(|d| d.player)
            .expect("a decision is pending");
        let step = Step::Choice {
            player,
            index: c,
            label,
        };
        if !sink(&mut g, step)? {
            return Ok(g);
        }
        g.apply_action(c as usize)
            .map_err(|e| anyhow!("choice {i} of the replay is refused: {e}"))?;
        if !sink(&mut g, Step::Events)? {
            return Ok(g);
        }
    }
    concede_at(&mut g, replay.choices.len())?;
    sink(&mut g, Step::Events)?;
    Ok(g)
}

/// The walk as log lines for people, with runs of one line collapsed.
fn walk_lines(replay: &Replay, mut line: impl FnMut(String) -> Result<bool>) -> Result<Game> {
    walk(replay, |g, step| match step {
        Step::Events => {
            for l in render::collapse(render::log_lines(g, Viewer::Omniscient)) {
                if !line(l)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        Step::Choice { player, label, .. } => line(format!("  {player} chose: {label}")),
    })
}

pub fn run(args: ReplayArgs) -> Result<()> {
    let replay = load(&args.file)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        let mut turns: Vec<Turn> = vec![Turn::default()];
        let g = walk(&replay, |g, step| {
            match step {
                Step::Events => {
                    for logged in g.take_logged() {
                        let seen = logged.observe(Viewer::Omniscient);
                        if let Event::TurnBegan { player, turn } = &logged.event {
                            turns.push(Turn {
                                turn: *turn,
                                player: Some(player.to_string()),
                                events: Vec::new(),
                            });
                        }
                        turns.last_mut().expect("one").events.push(Item::Event {
                            event: serde_json::to_value(&logged.event)?,
                            text: seen.text,
                            bookkeeping: seen.bookkeeping,
                        });
                    }
                }
                Step::Choice {
                    player,
                    index,
                    label,
                } => turns.last_mut().expect("one").events.push(Item::Choice {
                    player: player.to_string(),
                    index,
                    label,
                }),
            }
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
    let g = walk_lines(&replay, |l| {
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
