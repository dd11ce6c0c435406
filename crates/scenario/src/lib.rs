//! Scenario files: a position set up by hand, decisions answered by label, and the
//! expected result checked — the engine's rules questions as data anyone can write.
//!
//! The format is documented in `docs/scenarios.md`. [`parse`] reads and checks a file
//! (every error names the file, line and field); [`Scenario::run`] plays it and returns a
//! [`Report`]. Strict by default: a decision the file did not expect fails it.

mod build;
mod compile;
mod names;
mod run;
mod spec;
mod stock;

pub use compile::Scenario;
pub use run::{Failure, Report, Verdict};

use std::fmt;
use std::path::{Path, PathBuf};

/// A file that can't be read as a scenario: where, which field, what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    pub file: String,
    /// 1-based; 0 when the error concerns the whole file.
    pub line: usize,
    /// The field (key) at fault, when known.
    pub field: String,
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.field.is_empty()) {
            (0, true) => write!(f, "{}: {}", self.file, self.message),
            (0, false) => write!(f, "{}: `{}`: {}", self.file, self.field, self.message),
            (l, true) => write!(f, "{}:{}: {}", self.file, l, self.message),
            (l, false) => write!(f, "{}:{}: `{}`: {}", self.file, l, self.field, self.message),
        }
    }
}

impl std::error::Error for ScenarioError {}

/// Line lookup for byte offsets of one file.
pub(crate) struct Src<'a> {
    pub file: &'a str,
    pub text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Src<'a> {
    pub fn new(file: &'a str, text: &'a str) -> Src<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Src { file, text, starts }
    }

    /// 1-based line of a byte offset.
    pub fn line(&self, offset: usize) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(i) => i + 1,
            Err(i) => i,
        }
    }

    pub fn err(&self, offset: usize, field: &str, message: impl Into<String>) -> ScenarioError {
        ScenarioError {
            file: self.file.to_string(),
            line: self.line(offset),
            field: field.to_string(),
            message: message.into(),
        }
    }

    /// The key written at the start of the line holding `offset`, if it reads `key = ...`.
    pub fn key_at(&self, offset: usize) -> String {
        let l = self.line(offset);
        let start = self.starts[l - 1];
        let end = self.starts.get(l).copied().unwrap_or(self.text.len());
        let line = self.text.get(start..end).unwrap_or("");
        match line.split_once('=') {
            Some((k, _)) => {
                let k = k.trim().trim_matches('"');
                if !k.is_empty()
                    && k.chars()
                        .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
                {
                    k.to_string()
                } else {
                    String::new()
                }
            }
            None => String::new(),
        }
    }
}

/// Reads and checks a scenario: the TOML, every card reference, player, area, step and
/// expectation. Never panics, whatever the text.
pub fn parse(file: &str, text: &str) -> Result<Scenario, ScenarioError> {
    parse_with(file, text, ponyccg_cards::Catalogue::builtin())
}

/// As [`parse`], naming cards from `catalogue` instead of the built-in one (a catalogue
/// with changed scripts, as the mutation command builds).
pub fn parse_with(
    file: &str,
    text: &str,
    catalogue: &ponyccg_cards::Catalogue,
) -> Result<Scenario, ScenarioError> {
    let src = Src::new(file, text);
    let raw: spec::File = match toml::from_str(text) {
        Ok(f) => f,
        Err(e) => {
            let (line, field) = match e.span() {
                Some(s) => (src.line(s.start), src.key_at(s.start)),
                None => (0, String::new()),
            };
            return Err(ScenarioError {
                file: file.to_string(),
                line,
                field,
                message: e.message().trim().to_string(),
            });
        }
    };
    compile::compile(&src, catalogue, raw)
}

/// Reads, checks and runs one file.
pub fn run_file(path: &Path) -> Report {
    let file = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => match parse(&file, &text) {
            Ok(s) => s.run(),
            Err(e) => Report::invalid(e),
        },
        Err(e) => Report::invalid(ScenarioError {
            file: file.clone(),
            line: 0,
            field: String::new(),
            message: format!("can't be read: {e}"),
        }),
    }
}

/// The scenario files named: files as given, directories searched (recursively) for
/// `*.toml`, in name order.
pub fn collect_files(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found)?;
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        if p.is_dir() {
            walk(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
    Ok(())
}

/// A commented template to start a new scenario from. It is itself a passing scenario.
pub const TEMPLATE: &str = include_str!("template.toml");
