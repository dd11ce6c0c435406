//! Mutation testing of card scripts: each scripted card's script is changed one detail at
//! a time (a number, a player, a place, a "may", a duration, a condition, ...) and the
//! card's own scenarios are run against the changed catalogue. A change under which all
//! of them still pass "survives": the scenarios do not pin that detail down.
//!
//! The changes are made to the RON text and re-read by the real loader
//! ([`ponyccg_cards::Catalogue::apply_scripts`]), so this crate knows no script types.

pub mod mutants;
pub mod report;
pub mod tokens;

use mutants::Mutant;
use ponyccg_cards::Catalogue;
use serde::Serialize;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use tokens::EntrySpan;

/// The repository files a run reads.
pub struct Repo {
    pub root: PathBuf,
    /// The catalogue as the working tree has it: card files and scripts.
    pub base: Catalogue,
    /// Script files: (name as the loader knows it, e.g. "scripts/PR.ron", text).
    pub scripts: Vec<(String, String)>,
    /// `tests/scenarios/cards/*.toml`: (path shown in messages, text).
    pub scenarios: Vec<(String, String)>,
}

impl Repo {
    /// Reads `ROOT/cards` (facts and scripts) and `ROOT/tests/scenarios/cards`.
    pub fn load(root: &Path) -> Result<Repo, String> {
        let cards = root.join("cards");
        let base = Catalogue::load_dir(&cards).map_err(|e| e.to_string())?;
        let mut scripts = Vec::new();
        for p in files_with(&cards.join("scripts"), "ron")? {
            let text = read(&p)?;
            let name = format!("scripts/{}", file_name(&p));
            scripts.push((name, text));
        }
        let dir = root.join("tests/scenarios/cards");
        let mut scenarios = Vec::new();
        for p in files_with(&dir, "toml")? {
            let text = read(&p)?;
            let shown = format!("tests/scenarios/cards/{}", file_name(&p));
            scenarios.push((shown, text));
        }
        Ok(Repo {
            root: root.to_path_buf(),
            base,
            scripts,
            scenarios,
        })
    }

    /// Every scripted card, in script file order, with its set (the script file's stem).
    pub fn scripted(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for (name, text) in &self.scripts {
            let set = set_of(name);
            if let Ok(map) = ponyccg_cards::script::parse_script_file(name, text) {
                let mut cards: Vec<(usize, String)> =
                    map.into_iter().map(|(k, (line, _))| (line, k)).collect();
                cards.sort();
                out.extend(cards.into_iter().map(|(_, k)| (k, set.clone())));
            }
        }
        out
    }

    /// The cards named on the command line (card numbers or set codes), in order, each
    /// once; an unknown name is an error naming it.
    pub fn select(&self, names: &[String]) -> Result<Vec<String>, String> {
        let all = self.scripted();
        if names.is_empty() {
            return Ok(all.into_iter().map(|(k, _)| k).collect());
        }
        let mut out: Vec<String> = Vec::new();
        for n in names {
            let picked: Vec<&String> = match all.iter().find(|(k, _)| k.eq_ignore_ascii_case(n)) {
                Some((k, _)) => vec![k],
                None => {
                    let set: Vec<&String> = all
                        .iter()
                        .filter(|(_, s)| s.eq_ignore_ascii_case(n))
                        .map(|(k, _)| k)
                        .collect();
                    if set.is_empty() {
                        return Err(if self.base.get(n).is_some() {
                            format!("card {n} has no script in cards/scripts/")
                        } else {
                            format!("no scripted card or set {n:?} (give card numbers such as PR12, or set codes such as PR)")
                        });
                    }
                    set
                }
            };
            for k in picked {
                if !out.contains(k) {
                    out.push(k.clone());
                }
            }
        }
        Ok(out)
    }

    /// The job for one card: its script entry, its own scenarios and its mutants.
    pub fn job(&self, number: &str) -> Result<Job, String> {
        for (name, text) in &self.scripts {
            if let Some(entry) = tokens::find_entry(text, number) {
                let prefix = format!("{}.toml", number.to_ascii_lowercase());
                let dash = format!("{}-", number.to_ascii_lowercase());
                let scenarios = self
                    .scenarios
                    .iter()
                    .filter(|(p, _)| {
                        let f = p.rsplit('/').next().unwrap_or(p).to_ascii_lowercase();
                        f == prefix || (f.starts_with(&dash) && f.ends_with(".toml"))
                    })
                    .cloned()
                    .collect();
                let mutants = mutants::mutants(text, entry.start, entry.end);
                return Ok(Job {
                    number: number.to_string(),
                    set: set_of(name),
                    file: name.clone(),
                    text: text.clone(),
                    entry,
                    scenarios,
                    mutants,
                });
            }
        }
        Err(format!("card {number} has no entry in cards/scripts/"))
    }
}

fn set_of(script_name: &str) -> String {
    let f = script_name.rsplit('/').next().unwrap_or(script_name);
    f.strip_suffix(".ron").unwrap_or(f).to_string()
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn read(p: &Path) -> Result<String, String> {
    std::fs::read_to_string(p).map_err(|e| format!("{}: can't be read: {e}", p.display()))
}

fn files_with(dir: &Path, ext: &str) -> Result<Vec<PathBuf>, String> {
    let rd =
        std::fs::read_dir(dir).map_err(|e| format!("{}: can't be read: {e}", dir.display()))?;
    let mut out: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == ext))
        .collect();
    out.sort();
    Ok(out)
}

/// One card to mutate.
pub struct Job {
    pub number: String,
    pub set: String,
    /// The script file, as the loader names it ("scripts/PR.ron").
    pub file: String,
    pub text: String,
    pub entry: EntrySpan,
    /// The card's own scenarios: (path, text).
    pub scenarios: Vec<(String, String)>,
    pub mutants: Vec<Mutant>,
}

/// What became of one mutant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", content = "detail", rename_all = "kebab-case")]
pub enum Outcome {
    /// A scenario failed (or could not be set up, or the engine panicked, or it did not
    /// finish in time): the first such, as a message.
    Killed(String),
    /// Every scenario of the card still passed.
    Survived,
    /// The loader refused the changed script: not a test result at all.
    Refused(String),
}

impl Job {
    /// The script of this card alone, as a one-entry script file whose lines match the
    /// real file's, so the loader's messages name the right line.
    fn entry_file(&self, text: &str, entry_end: usize) -> String {
        let mut s = String::from("{");
        s.push_str(&"\n".repeat(self.entry.line.saturating_sub(1)));
        s.push_str(&format!("{:?}: ", self.number));
        s.push_str(&text[self.entry.start..entry_end]);
        s.push_str("\n}\n");
        s
    }

    /// The card's scenarios run against `cat`: `None` if all pass, else the first failure.
    fn run_scenarios(&self, cat: &Catalogue) -> Option<String> {
        for (path, text) in &self.scenarios {
            let scenario = match ponyccg_scenario::parse_with(path, text, cat) {
                Ok(s) => s,
                Err(e) => return Some(format!("does not set up: {e}")),
            };
            let report = match std::panic::catch_unwind(AssertUnwindSafe(|| scenario.run())) {
                Ok(r) => r,
                Err(p) => {
                    let msg = p
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    return Some(format!("{path}: the engine panicked: {msg}"));
                }
            };
            match &report.verdict {
                ponyccg_scenario::Verdict::Passed => {}
                ponyccg_scenario::Verdict::Failed(fs) => {
                    let f = &fs[0];
                    let step = if f.step == 0 {
                        String::new()
                    } else {
                        format!(" step {}", f.step)
                    };
                    return Some(format!("{}:{}:{step} `{}`", f.file, f.line, f.field));
                }
                ponyccg_scenario::Verdict::Invalid(e) => {
                    return Some(format!("does not set up: {e}"))
                }
            }
        }
        None
    }

    /// Whether the card's scenarios pass on the unchanged catalogue: mutants of a card
    /// whose scenarios already fail tell nothing.
    pub fn baseline(&self, base: &Catalogue) -> Result<(), String> {
        if self.scenarios.is_empty() {
            return Ok(());
        }
        match self.run_scenarios(base) {
            None => Ok(()),
            Some(e) => Err(e),
        }
    }

    /// Builds the catalogue with mutant `i` and runs the card's scenarios on it.
    pub fn evaluate(&self, base: &Catalogue, i: usize) -> Outcome {
        let m = &self.mutants[i];
        let text = m.apply(&self.text);
        let end = self.entry.end + m.replacement.len() - (m.end - m.start);
        let one = self.entry_file(&text, end);
        let mut cat = base.clone();
        if let Err(e) = cat.apply_scripts([(self.file.as_str(), one.as_str())]) {
            return Outcome::Refused(e.to_string());
        }
        match self.run_scenarios(&cat) {
            Some(how) => Outcome::Killed(how),
            None => Outcome::Survived,
        }
    }
}

/// The repository root: `start` or the nearest folder above it that holds
/// `cards/scripts` and `tests/scenarios/cards`.
pub fn find_root(start: &Path) -> Option<PathBuf> {
    let mut p = Some(start);
    while let Some(d) = p {
        if d.join("cards/scripts").is_dir() && d.join("tests/scenarios/cards").is_dir() {
            return Some(d.to_path_buf());
        }
        p = d.parent();
    }
    None
}
