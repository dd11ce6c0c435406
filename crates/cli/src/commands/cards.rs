//! `ponyccg cards search|show|coverage` (owned by the catalogue work).

use clap::Subcommand;

#[derive(Subcommand)]
pub enum CardsCommand {
    /// Show one card's facts.
    Show { card: String },
}

pub fn run(_c: CardsCommand) -> anyhow::Result<()> {
    anyhow::bail!("`ponyccg cards` is not built yet")
}
