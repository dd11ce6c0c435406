//! The one error type of deck loading and writing. Every message names the file
//! and, for a bad line, the line.

/// A deck list that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DeckError {
    /// The file could not be read.
    #[error("{path}: cannot read the deck list: {error}")]
    Io { path: String, error: std::io::Error },
    /// A file far larger than any deck list, refused before it is read.
    #[error("{path}: {bytes} bytes is far too large for a deck list (at most {limit} bytes)")]
    TooLarge {
        path: String,
        bytes: u64,
        limit: u64,
    },
    /// A line (or XML element) that is not understood.
    #[error("{file}:{line}: {message}")]
    Parse {
        file: String,
        line: usize,
        message: String,
    },
    /// `theme:NAME` or `starter:NAME` with an unknown name.
    #[error("there is no built-in deck `{name}`; known: {known}")]
    UnknownTheme { name: String, known: String },
    /// A deck built in code that names a number the catalogue lacks.
    #[error("card number `{0}` is not in the catalogue")]
    UnknownNumber(String),
    /// A `random:SETS:SEED` spec that is malformed, or whose sets can't give a legal deck.
    #[error("random deck `{spec}`: {message}")]
    Random { spec: String, message: String },
    /// A deck that cannot be written in the asked form.
    #[error("cannot write the deck: {0}")]
    Write(String),
    /// 102.1: a deck to play has exactly one Mane Character.
    #[error("the deck has {0} Mane Characters; a deck has exactly one (102.1)")]
    ManeCount(usize),
}

impl DeckError {
    pub(crate) fn parse(file: &str, line: usize, message: impl Into<String>) -> DeckError {
        DeckError::Parse {
            file: file.to_string(),
            line,
            message: message.into(),
        }
    }

    /// The line an error points at, if it points at one.
    pub fn line(&self) -> Option<usize> {
        match self {
            DeckError::Parse { line, .. } => Some(*line),
            _ => None,
        }
    }
}
