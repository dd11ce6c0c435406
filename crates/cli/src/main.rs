//! `ponyccg`: every command a person types.

mod commands;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "ponyccg", version, about = "The My Little Pony Collectible Card Game, fully automated")]
struct Cli {
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Cards(c) => commands::cards::run(c),
        Command::Deck(c) => commands::deck::run(c),
        Command::Sealed(a) => commands::events::sealed(a),
        Command::Draft(a) => commands::events::draft(a),
        Command::Tournament(c) => commands::events::tournament(c),
        Command::Scenario(c) => commands::scenario::run(c),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
