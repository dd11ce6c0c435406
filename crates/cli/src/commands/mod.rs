//! One module per command group.

pub mod bench;
pub mod cards;
pub mod deck;
pub mod events;
pub mod play;
pub mod replay;
pub mod scenario;
pub mod serve;
pub mod simulate;

use anyhow::{bail, Context};
use std::path::Path;

/// Refuses an output file that already exists unless `force`: checked before any
/// work, so that a long draft is not played and then thrown away.
pub fn refuse_existing(path: Option<&Path>, force: bool, option: &str) -> anyhow::Result<()> {
    if let Some(p) = path.filter(|p| !force && p.exists()) {
        bail!(
            "{} already exists; give --force to replace it, or choose another {option}",
            p.display()
        );
    }
    Ok(())
}

/// Writes an output file; an existing file is replaced only with `force`.
pub fn write_file(path: &Path, text: &str, force: bool) -> anyhow::Result<()> {
    use std::io::Write as _;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .create_new(!force)
        .open(path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => anyhow::anyhow!(
                "{} already exists; give --force to replace it",
                path.display()
            ),
            _ => anyhow::Error::new(e).context(format!("cannot write {}", path.display())),
        })?;
    f.write_all(text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}
