//! `ponyccg`: every command a person types.

mod alloc_count;
mod commands;
mod gamesetup;
mod render;

#[global_allocator]
static ALLOC: alloc_count::Counting = alloc_count::Counting;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "ponyccg",
    version,
    about = "The My Little Pony Collectible Card Game, fully automated"
)]
struct Cli {
    /// Use the ability scripts of this folder (`*.ron`, as in `cards/scripts/`) in place
    /// of the built-in ones, to try a script without rebuilding.
    #[arg(long, global = true, value_name = "DIR")]
    scripts: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Search and show cards, and the catalogue's scripting coverage.
    #[command(subcommand)]
    Cards(commands::cards::CardsCommand),
    /// Check, show and convert deck lists.
    #[command(subcommand)]
    Deck(commands::deck::DeckCommand),
    /// Open a sealed pool and build a limited deck from it.
    Sealed(commands::events::SealedArgs),
    /// Run a booster draft pod.
    Draft(commands::events::DraftArgs),
    /// Run a tournament by the floor rules, saved in a local SQLite file.
    #[command(subcommand)]
    Tournament(commands::events::TournamentCommand),
    /// Run scenario files (a position, decisions by label, expectations), or start one.
    #[command(subcommand)]
    Scenario(commands::scenario::ScenarioCommand),
    /// Play a game in the terminal against an AI player.
    Play(commands::play::PlayArgs),
    /// Play many seeded AI games between two decks and report win rates.
    Simulate(commands::simulate::SimulateArgs),
    /// Print a saved game turn by turn.
    Replay(commands::replay::ReplayArgs),
    /// Play in the browser: serve the web client and games on this machine.
    Serve(commands::serve::ServeArgs),
    /// Measure the engine's speed and size against the performance budgets.
    Bench(commands::bench::BenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(dir) = &cli.scripts {
        if let Err(e) = ponyccg_cards::Catalogue::use_scripts_from(dir) {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    }
    let result = match cli.command {
        Command::Cards(c) => commands::cards::run(c),
        Command::Deck(c) => commands::deck::run(c),
        Command::Sealed(a) => commands::events::sealed(a),
        Command::Draft(a) => commands::events::draft(a),
        Command::Tournament(c) => commands::events::tournament(c),
        Command::Scenario(c) => commands::scenario::run(c),
        Command::Play(a) => commands::play::run(a),
        Command::Simulate(a) => commands::simulate::run(a),
        Command::Replay(a) => commands::replay::run(a),
        Command::Bench(a) => commands::bench::run(a),
        Command::Serve(a) => commands::serve::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let closed = e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            });
            if closed {
                eprintln!("error: standard output was closed before the command finished");
            } else {
                eprintln!("error: {e:#}");
            }
            ExitCode::FAILURE
        }
    }
}
