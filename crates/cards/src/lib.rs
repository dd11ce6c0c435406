//! The ponyccg card catalogue: the facts of every card (chapter 2 of the rules) from the
//! card files in `cards/` at the repository root, compiled into the binary.
//!
//! The file format is described in `cards/README.md`. [`Catalogue::builtin`] gives the
//! built-in data; [`Catalogue::load_dir`] reads a folder of card files (for the linter and
//! custom catalogues). Ability scripts come later: every card carries a
//! [`ScriptStatus`](ponyccg_core::card::ScriptStatus), and an unscripted card must never be
//! played as if it had no text.

mod error;
mod format;
mod names;
pub mod render;
pub mod script;

pub use error::{CatalogueError, Location};
pub use format::{SetKind, INFINITE_POWER};

/// A card name folded for matching: case, accents, quotes and punctuation ignored.
pub fn normalize_name(s: &str) -> String {
    names::normalize(s)
}

use format::{convert_card, line_of, parse_file};
use ponyccg_core::card::CardDef;
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/builtin.rs"));

/// Whether the repository this binary was built from holds a scenario file of the card's
/// own (`tests/scenarios/cards/NUMBER.toml`, or `NUMBER-*.toml`).
pub fn has_scenario(number: &str) -> bool {
    WITH_SCENARIO.binary_search(&number).is_ok()
}

/// One card of the catalogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The facts the engine reads.
    pub def: CardDef,
    /// The OCTGN GUID of the card, lower case (deck files reference cards by it).
    pub octgn_id: String,
    /// The name of the other side when it differs from the front's (a few Villain
    /// Challenge cards turn into another character).
    pub back_name: Option<String>,
    /// Data notes: decisions taken where the reference data was incomplete or odd.
    pub notes: Vec<String>,
    /// Where the card is defined.
    pub origin: Location,
}

/// One set (one card file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetInfo {
    /// The set code, e.g. "PR"; every card of the set has it as `def.set`.
    pub code: String,
    /// The set's name, e.g. "Premiere".
    pub name: String,
    pub kind: SetKind,
    /// Sort position (release order).
    pub order: u32,
    /// Release date (YYYY-MM-DD) where it is known reliably.
    pub released: Option<String>,
    /// The OCTGN set GUID and name of the reference data, where the set comes from it.
    pub octgn_set_id: Option<String>,
    pub octgn_name: Option<String>,
    /// The card file the set was read from.
    pub file: String,
    /// Number of cards in the set.
    pub cards: usize,
}

/// The card catalogue. Cheap to query: lookups by number, GUID and name are hashed.
#[derive(Clone, Debug)]
pub struct Catalogue {
    entries: Vec<Entry>,
    sets: Vec<SetInfo>,
    by_number: HashMap<String, Vec<usize>>,
    by_guid: HashMap<String, usize>,
    by_name: HashMap<String, Vec<usize>>,
    version: String,
}

/// The catalogue every command uses: the built-in one, or the one
/// [`Catalogue::use_scripts_from`] installed before first use.
static BUILTIN_CAT: OnceLock<Catalogue> = OnceLock::new();

impl Catalogue {
    /// The catalogue compiled into the binary, loaded once. The built-in data is checked
    /// by the crate's tests; should it ever fail to load, this reports the loader error
    /// in the panic message.
    pub fn builtin() -> &'static Catalogue {
        BUILTIN_CAT.get_or_init(|| {
            match Catalogue::from_sources(BUILTIN.iter().copied()).and_then(|mut c| {
                c.apply_scripts(BUILTIN_SCRIPTS.iter().copied())?;
                Ok(c)
            }) {
                Ok(c) => c,
                Err(e) => panic!("the built-in card data does not load: {e}"),
            }
        })
    }

    /// The built-in card facts with the ability scripts of `dir` (its `*.ron` files) in
    /// place of the built-in scripts, made the catalogue every later
    /// [`Catalogue::builtin`] call returns. Script authors try a script without
    /// rebuilding the program (`ponyccg --scripts cards/scripts …`). Fails, changing
    /// nothing, on a script error (named by file and line) or if the catalogue was
    /// already in use.
    pub fn use_scripts_from(dir: &Path) -> Result<&'static Catalogue, CatalogueError> {
        let texts = read_files(dir, "ron")?;
        if texts.is_empty() {
            return Err(CatalogueError::NoScripts {
                path: dir.to_path_buf(),
            });
        }
        let mut cat = Catalogue::from_sources(BUILTIN.iter().copied())?;
        cat.apply_scripts(texts.iter().map(|(n, t)| (n.as_str(), t.as_str())))?;
        BUILTIN_CAT
            .set(cat)
            .map_err(|_| CatalogueError::AlreadyInUse)?;
        Ok(Catalogue::builtin())
    }

    /// The names and contents of the built-in card files.
    pub fn builtin_sources() -> &'static [(&'static str, &'static str)] {
        BUILTIN
    }

    /// Reads every `*.toml` file of a folder (other files are ignored).
    pub fn load_dir(path: &Path) -> Result<Catalogue, CatalogueError> {
        let texts = read_files(path, "toml")?;
        if texts.is_empty() {
            return Err(CatalogueError::Empty {
                path: path.to_path_buf(),
            });
        }
        let mut cat = Catalogue::from_sources(texts.iter().map(|(n, t)| (n.as_str(), t.as_str())))?;
        // Ability scripts in `scripts/*.ron` beside the card files, named as in the
        // built-in catalogue (`scripts/PR.ron`).
        let sdir = path.join("scripts");
        let stexts: Vec<(String, String)> = if sdir.is_dir() {
            read_files(&sdir, "ron")?
                .into_iter()
                .map(|(n, t)| {
                    let file = Path::new(&n)
                        .file_name()
                        .and_then(|f| f.to_str())
                        .unwrap_or_default()
                        .to_string();
                    (format!("scripts/{file}"), t)
                })
                .collect()
        } else {
            Vec::new()
        };
        cat.apply_scripts(stexts.iter().map(|(n, t)| (n.as_str(), t.as_str())))?;
        Ok(cat)
    }

    /// The built-in ability script files.
    pub fn builtin_scripts() -> &'static [(&'static str, &'static str)] {
        BUILTIN_SCRIPTS
    }

    /// Attaches ability scripts to their cards, which become playable (`Scripted`).
    /// The scripts enter the catalogue's version, so replays notice a changed script.
    pub fn apply_scripts<'a>(
        &mut self,
        files: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<(), CatalogueError> {
        let mut digest = names::Fnv::new();
        digest.write(self.version.as_bytes());
        let mut claimed: HashMap<String, String> = HashMap::new();
        for (file, text) in files {
            digest.write(file.as_bytes());
            digest.write(&[0]);
            digest.write(text.replace("\r\n", "\n").as_bytes());
            for (number, (line, s)) in script::parse_script_file(file, text)? {
                let at = Location {
                    file: file.to_string(),
                    line,
                    card: Some(number.clone()),
                };
                if let Some(first) =
                    claimed.insert(number.to_ascii_uppercase(), format!("{file}:{line}"))
                {
                    return Err(CatalogueError::Invalid {
                        at,
                        message: format!("a second script for this card (the first is at {first})"),
                    });
                }
                let Some(&i) = self
                    .by_number
                    .get(&number.to_lowercase())
                    .and_then(|v| v.first())
                else {
                    return Err(CatalogueError::Invalid {
                        at,
                        message: format!("no card {number} in the catalogue"),
                    });
                };
                let def = &mut self.entries[i].def;
                if !s.boosted.is_empty() && def.boosted.is_none() {
                    return Err(CatalogueError::Invalid {
                        at,
                        message: "`boosted` abilities on a card with no Boosted side".into(),
                    });
                }
                if let Some(message) = s.abilities.iter().chain(s.boosted.iter()).find_map(|a| {
                    ponyccg_core::rules::ability_loss::check(a)
                        .and_then(|()| ponyccg_core::ability::Trigger::check_ability(a))
                        .err()
                }) {
                    return Err(CatalogueError::Invalid { at, message });
                }
                def.face.abilities = s.abilities;
                if let Some(b) = def.boosted.as_mut() {
                    b.abilities = s.boosted;
                }
                def.script = ponyccg_core::card::ScriptStatus::Scripted;
            }
        }
        if !claimed.is_empty() {
            self.version = format!("cards-{:016x}", digest.finish());
        }
        Ok(())
    }

    /// Builds a catalogue from (file name, contents) pairs. The file names are used in
    /// errors and in the version digest (by their last path component).
    pub fn from_sources<'a>(
        files: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Catalogue, CatalogueError> {
        let mut cat = Catalogue {
            entries: Vec::new(),
            sets: Vec::new(),
            by_number: HashMap::new(),
            by_guid: HashMap::new(),
            by_name: HashMap::new(),
            version: String::new(),
        };
        let mut digest = names::Fnv::new();
        let mut files: Vec<(&str, &str)> = files.into_iter().collect();
        files.sort_by_key(|(n, _)| base_name(n).to_string());
        let mut set_entries: Vec<(u32, String, Vec<Entry>)> = Vec::new();
        let mut set_codes: HashMap<String, String> = HashMap::new();
        for (file, text) in files {
            digest.write(base_name(file).as_bytes());
            digest.write(&[0]);
            for line in text.lines() {
                digest.write(line.trim_end_matches('\r').as_bytes());
                digest.write(b"\n");
            }
            digest.write(&[0]);
            let raw = parse_file(file, text)?;
            let set_line = line_of(text, raw.set.span().start);
            let rs = raw.set.into_inner();
            let set_err = |message: String| CatalogueError::Invalid {
                at: Location {
                    file: file.to_string(),
                    line: set_line,
                    card: None,
                },
                message,
            };
            let kind = SetKind::parse(&rs.kind).ok_or_else(|| {
                set_err(format!(
                    "unknown set kind {:?} (use official, promo, token, community, villain-challenge or unreleased)",
                    rs.kind
                ))
            })?;
            if rs.code.is_empty() || !rs.code.chars().all(|c| c.is_ascii_alphanumeric()) {
                return Err(set_err(format!(
                    "set code {:?} must be letters and digits",
                    rs.code
                )));
            }
            if let Some(other) = set_codes.insert(rs.code.clone(), file.to_string()) {
                return Err(set_err(format!(
                    "set code {} is also used by {other}",
                    rs.code
                )));
            }
            if let Some(d) = &rs.released {
                if !names::is_date(d) {
                    return Err(set_err(format!("released {d:?} is not a date YYYY-MM-DD")));
                }
            }
            let mut entries = Vec::with_capacity(raw.card.len());
            for rc in &raw.card {
                let line = line_of(text, rc.span().start);
                let card = rc.get_ref();
                let at = Location {
                    file: file.to_string(),
                    line,
                    card: Some(card.number.clone()),
                };
                let c =
                    convert_card(card, &rs.code).map_err(|message| CatalogueError::Invalid {
                        at: at.clone(),
                        message,
                    })?;
                entries.push(Entry {
                    def: c.def,
                    octgn_id: c.octgn_id,
                    back_name: c.back_name,
                    notes: c.notes,
                    origin: at,
                });
            }
            cat.sets.push(SetInfo {
                code: rs.code.clone(),
                name: rs.name,
                kind,
                order: rs.order,
                released: rs.released,
                octgn_set_id: rs.octgn_set_id,
                octgn_name: rs.octgn_name,
                file: file.to_string(),
                cards: entries.len(),
            });
            set_entries.push((rs.order, rs.code, entries));
        }
        cat.sets
            .sort_by(|a, b| (a.order, &a.code).cmp(&(b.order, &b.code)));
        set_entries.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        let kinds: HashMap<String, SetKind> =
            cat.sets.iter().map(|s| (s.code.clone(), s.kind)).collect();
        for (_, _, entries) in set_entries {
            for e in entries {
                let i = cat.entries.len();
                let invalid = |message: String| CatalogueError::Invalid {
                    at: e.origin.clone(),
                    message,
                };
                if let Some(&j) = cat.by_guid.get(&e.octgn_id) {
                    return Err(invalid(format!(
                        "octgn_id {} is also used by card {} ({})",
                        e.octgn_id, cat.entries[j].def.number, cat.entries[j].origin
                    )));
                }
                let key = e.def.number.to_lowercase();
                if let Some(js) = cat.by_number.get(&key) {
                    let j = js[0];
                    let other = &cat.entries[j];
                    let both_allowed =
                        kinds[&e.def.set].allows_repeated_numbers() && other.def.set == e.def.set;
                    if !both_allowed {
                        return Err(invalid(format!(
                            "number {} is also used by {} ({})",
                            e.def.number,
                            other.def.full_name(),
                            other.origin
                        )));
                    }
                }
                cat.by_guid.insert(e.octgn_id.clone(), i);
                cat.by_number.entry(key).or_default().push(i);
                for n in [
                    names::normalize(&e.def.full_name()),
                    names::normalize(&e.def.title),
                ] {
                    let v = cat.by_name.entry(n).or_default();
                    if !v.contains(&i) {
                        v.push(i);
                    }
                }
                cat.entries.push(e);
            }
        }
        cat.version = format!("cards-{:016x}", digest.finish());
        Ok(cat)
    }

    /// The card with this collector number ("PR12", case-insensitive). Where a number is
    /// shared (tokens, Villain Challenge), the first card listed; see [`Catalogue::get_all`].
    pub fn get(&self, number: &str) -> Option<&Entry> {
        self.get_all(number).into_iter().next()
    }

    /// Every card with this collector number (case-insensitive).
    pub fn get_all(&self, number: &str) -> Vec<&Entry> {
        self.by_number
            .get(&number.trim().to_lowercase())
            .map(|v| v.iter().map(|&i| &self.entries[i]).collect())
            .unwrap_or_default()
    }

    /// The card with this OCTGN GUID (case-insensitive, braces allowed).
    pub fn by_octgn_id(&self, guid: &str) -> Option<&Entry> {
        let g = guid
            .trim()
            .trim_start_matches('{')
            .trim_end_matches('}')
            .to_ascii_lowercase();
        self.by_guid.get(&g).map(|&i| &self.entries[i])
    }

    /// Cards whose full name "Title, Subtitle" (201.1) or title is `name`, ignoring case,
    /// punctuation and spacing. In catalogue order.
    pub fn find_name(&self, name: &str) -> Vec<&Entry> {
        self.by_name
            .get(&names::normalize(name))
            .map(|v| v.iter().map(|&i| &self.entries[i]).collect())
            .unwrap_or_default()
    }

    /// For a name or number that matched nothing: the card whose full name, title or
    /// number is nearest by edit distance, if one is near enough to be a likely typo.
    pub fn suggest(&self, name: &str) -> Option<&Entry> {
        let q = names::normalize(name);
        if q.is_empty() {
            return None;
        }
        let limit = (q.chars().count() / 3).clamp(1, 4);
        let mut best: Option<(usize, usize)> = None;
        let mut consider = |key: &str, i: usize| {
            if let Some(d) = names::bounded_distance(&q, key, limit) {
                if best.is_none_or(|(bd, bi)| (d, i) < (bd, bi)) {
                    best = Some((d, i));
                }
            }
        };
        for (k, v) in &self.by_name {
            consider(k, v[0]);
        }
        for (k, v) in &self.by_number {
            consider(k, v[0]);
        }
        best.map(|(_, i)| &self.entries[i])
    }

    /// Every card, by set (release order) and then in file order.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter()
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The sets, in release order.
    pub fn sets(&self) -> &[SetInfo] {
        &self.sets
    }

    /// The set with this code (case-insensitive).
    pub fn set(&self, code: &str) -> Option<&SetInfo> {
        self.sets
            .iter()
            .find(|s| s.code.eq_ignore_ascii_case(code.trim()))
    }

    /// A stable digest of the data (file names and contents, line endings normalised),
    /// e.g. "cards-0123456789abcdef". Stamped into replays.
    pub fn version(&self) -> &str {
        &self.version
    }
}

fn base_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// The name and text of every `*.EXT` file of a folder, in name order (other files are
/// ignored).
fn read_files(dir: &Path, ext: &str) -> Result<Vec<(String, String)>, CatalogueError> {
    let io = |e| CatalogueError::Io {
        path: dir.to_path_buf(),
        source: e,
    };
    let mut files = Vec::new();
    for ent in std::fs::read_dir(dir).map_err(io)? {
        let p = ent.map_err(io)?.path();
        if p.extension().is_some_and(|x| x == ext) && p.is_file() {
            files.push(p);
        }
    }
    files.sort();
    let mut texts = Vec::with_capacity(files.len());
    for f in &files {
        let text = std::fs::read_to_string(f).map_err(|e| CatalogueError::Io {
            path: f.clone(),
            source: e,
        })?;
        texts.push((f.display().to_string(), text));
    }
    Ok(texts)
}

/// A folder of reference data beside the repository (`../shared`), for tests that compare
/// with it. Missing, the test is skipped with a line on the terminal (written to stderr
/// directly: the test harness captures `println!`, which hid the skip), and under CI
/// (`CI=true` in the environment) it fails instead, so a CI run can't pass without
/// checking anything.
pub fn reference_dir(
    p: std::path::PathBuf,
    what: &str,
) -> Result<Option<std::path::PathBuf>, String> {
    let ci = std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true"));
    reference_dir_under(p, what, ci)
}

/// [`reference_dir`] with the CI flag given.
pub fn reference_dir_under(
    p: std::path::PathBuf,
    what: &str,
    ci: bool,
) -> Result<Option<std::path::PathBuf>, String> {
    use std::io::Write as _;
    if p.is_dir() {
        return Ok(Some(p));
    }
    let what = format!(
        "{what} not at {} (clone the shared folder beside the repository as ../shared)",
        p.display()
    );
    if ci {
        return Err(format!("CI=true and {what}"));
    }
    let _ = writeln!(std::io::stderr(), "SKIPPED: {what}");
    Ok(None)
}
