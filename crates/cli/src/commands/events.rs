//! `ponyccg sealed|draft|tournament` (owned by the events work).

use clap::{Args, Subcommand};

#[derive(Args)]
pub struct SealedArgs {}
#[derive(Args)]
pub struct DraftArgs {}
#[derive(Subcommand)]
pub enum TournamentCommand {
    /// Create a tournament.
    New,
}

pub fn sealed(_a: SealedArgs) -> anyhow::Result<()> {
    anyhow::bail!("`ponyccg sealed` is not built yet")
}
pub fn draft(_a: DraftArgs) -> anyhow::Result<()> {
    anyhow::bail!("`ponyccg draft` is not built yet")
}
pub fn tournament(_c: TournamentCommand) -> anyhow::Result<()> {
    anyhow::bail!("`ponyccg tournament` is not built yet")
}
