//! Loader errors. Each names the file and, where it can, the line and the card.

use std::path::PathBuf;

/// Where a problem was found: a card file, a line (1-based) and the card's number
/// when the problem is inside a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    pub line: usize,
    pub card: Option<String>,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.line)?;
        if let Some(c) = &self.card {
            write!(f, ": card {c}")?;
        }
        Ok(())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CatalogueError {
    /// A folder or file could not be read.
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The folder holds no `*.toml` card files.
    #[error("{}: no card files (*.toml) found", path.display())]
    Empty { path: PathBuf },
    /// The folder given for scripts holds no `*.ron` script files.
    #[error("{}: no script files (*.ron) found", path.display())]
    NoScripts { path: PathBuf },
    /// Other scripts were asked for after the catalogue was first used.
    #[error("the card catalogue was already in use when other scripts were given")]
    AlreadyInUse,
    /// The file is not valid TOML or does not have the shape of a card file.
    #[error("{at}: {message}")]
    Syntax { at: Location, message: String },
    /// A card (or the set header) has a value that is not a valid fact.
    #[error("{at}: {message}")]
    Invalid { at: Location, message: String },
}

impl CatalogueError {
    /// The place the error points at, if it has one.
    pub fn location(&self) -> Option<&Location> {
        match self {
            CatalogueError::Syntax { at, .. } | CatalogueError::Invalid { at, .. } => Some(at),
            CatalogueError::Io { .. }
            | CatalogueError::Empty { .. }
            | CatalogueError::NoScripts { .. }
            | CatalogueError::AlreadyInUse => None,
        }
    }
}
