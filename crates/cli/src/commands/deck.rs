//! `ponyccg deck check|show|convert` (owned by the deck-lists work).

use clap::Subcommand;

#[derive(Subcommand)]
pub enum DeckCommand {
    /// Check a deck list against a format.
    Check { file: std::path::PathBuf },
}

pub fn run(_c: DeckCommand) -> anyhow::Result<()> {
    anyhow::bail!("`ponyccg deck` is not built yet")
}
