//! `ponyccg deck check|show|convert` (owned by the deck-lists work).

use anyhow::{bail, Context};
use clap::{Subcommand, ValueEnum};
use ponyccg_cards::Catalogue;
use ponyccg_decks::{
    check, load_deck, theme_deck_names, write_o8d, write_text, Date, Format, Part, Resolver,
};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

/// Prints to standard output; a reader that stopped reading (`| head`) is not an error.
fn emit(s: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(s.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

fn cards(n: u32) -> String {
    format!("{n} card{}", if n == 1 { "" } else { "s" })
}

#[derive(Subcommand)]
pub enum DeckCommand {
    /// Check a deck list against a format; exits non-zero when it is illegal.
    Check {
        /// A deck file (text or .o8d) or a built-in theme deck, e.g. theme:applejack.
        file: String,
        /// constructed, harmony, block-premiere, block-odyssey, limited,
        /// limited-premiere or limited-odyssey.
        #[arg(long, default_value = "harmony")]
        format: String,
        /// The date legality is asked for (YYYY-MM-DD); today by default.
        #[arg(long = "as-of")]
        as_of: Option<String>,
        /// Limited only: the card pool (a deck list file) the deck must come from.
        #[arg(long)]
        pool: Option<String>,
    },
    /// Convert a deck list to text or OCTGN .o8d.
    Convert {
        /// A deck file (text or .o8d) or a built-in theme deck.
        file: String,
        /// The form to write.
        #[arg(long, value_enum)]
        to: ConvertTo,
        /// Write here instead of standard output.
        #[arg(short, long)]
        out: Option<PathBuf>,
        /// Replace the file given by --out if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Show a deck list card by card, with its counts.
    Show {
        /// A deck file (text or .o8d) or a built-in theme deck.
        file: String,
    },
    /// List the built-in decks: starter decks, constructed decks (`deck:NAME`) and the
    /// Premiere theme decks.
    Themes,
    /// Build a seeded random deck, legal in Harmony, from the playable cards of some
    /// sets (the same deck as the spec `random:SETS:SEED`).
    Random {
        /// Set codes and groups joined by `+`: `premiere` (CN, RR, CS, CG, AD),
        /// `CN+CG`, `premiere+PR`.
        #[arg(long, default_value = "premiere")]
        sets: String,
        /// The seed: the same sets and seed give the same deck.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The form to write.
        #[arg(long, value_enum, default_value = "text")]
        to: ConvertTo,
        /// Write here instead of standard output.
        #[arg(short, long)]
        out: Option<PathBuf>,
        /// Replace the file given by --out if it exists.
        #[arg(long)]
        force: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
pub enum ConvertTo {
    Text,
    O8d,
}

pub fn run(c: DeckCommand) -> anyhow::Result<()> {
    match c {
        DeckCommand::Check {
            file,
            format,
            as_of,
            pool,
        } => {
            let mut format = Format::parse(&format).with_context(|| {
                format!("unknown format `{format}`; use one of: {}", Format::NAMES)
            })?;
            let as_of = match as_of {
                Some(s) => s.parse::<Date>()?,
                None => Date::today(),
            };
            if let Some(p) = pool {
                match &mut format {
                    Format::Limited { pool, .. } => *pool = Some(load_deck(&p)?),
                    _ => bail!("--pool is only for the limited formats"),
                }
            }
            let deck = load_deck(&file)?;
            let report = check(&deck, &format, as_of, Catalogue::builtin());
            emit(&report.to_string())?;
            // Legality is the rules' answer; whether the engine plays the deck is a
            // separate one (it refuses cards whose text is not scripted yet).
            if let Ok(d) = crate::gamesetup::load_deck(&file) {
                let refused = crate::gamesetup::unscripted(&d);
                emit(&if refused.is_empty() {
                    "Playable: yes, the engine plays every card of it.\n".to_string()
                } else {
                    format!(
                        "Playable: not yet, the engine refuses {} card(s) whose text is not scripted: {}.\n",
                        refused.len(),
                        refused.join(", ")
                    )
                })?;
            }
            if !report.is_legal() {
                bail!(
                    "{file} is not legal in {} as of {as_of} ({} violation{})",
                    report.format,
                    report.violations.len(),
                    if report.violations.len() == 1 {
                        ""
                    } else {
                        "s"
                    }
                );
            }
            Ok(())
        }
        DeckCommand::Convert {
            file,
            to,
            out,
            force,
        } => {
            super::refuse_existing(out.as_deref(), force, "--out")?;
            let deck = load_deck(&file)?;
            let res = Resolver::builtin();
            let written = match to {
                ConvertTo::Text => write_text(&deck, res),
                ConvertTo::O8d => write_o8d(&deck, res)?,
            };
            match out {
                Some(path) => super::write_file(&path, &written, force)?,
                None => emit(&written)?,
            }
            Ok(())
        }
        DeckCommand::Show { file } => {
            let deck = load_deck(&file)?;
            let cat = Catalogue::builtin();
            let mut out = String::new();
            if let Some(n) = &deck.name {
                writeln!(out, "Deck: {n}")?;
            }
            for part in [Part::Mane, Part::Problems, Part::Draw] {
                let name = part.name();
                let heading = name[..1].to_uppercase() + &name[1..];
                writeln!(out, "{heading} ({}):", cards(deck.count(part)))?;
                for c in deck.part(part) {
                    match cat.get(&c.number) {
                        Some(e) => writeln!(
                            out,
                            "  {:>2} {:<8} {} [{}]",
                            c.count,
                            e.def.number,
                            e.def.full_name(),
                            e.def.card_type
                        )?,
                        None => writeln!(
                            out,
                            "  {:>2} {:<8} (not in the catalogue)",
                            c.count, c.number
                        )?,
                    }
                }
            }
            emit(&out)
        }
        DeckCommand::Random {
            sets,
            seed,
            to,
            out,
            force,
        } => {
            let as_of = Date::today();
            let sets = ponyccg_decks::random::parse_sets(&sets, as_of)?;
            let pool = ponyccg_decks::Pool::new(Catalogue::builtin(), &sets, as_of);
            eprintln!("{}", pool.describe());
            let deck = pool.generate(seed)?;
            let res = Resolver::builtin();
            let written = match to {
                ConvertTo::Text => write_text(&deck, res),
                ConvertTo::O8d => write_o8d(&deck, res)?,
            };
            match out {
                Some(path) => {
                    let mut file = std::fs::OpenOptions::new()
                        .write(true)
                        .create(true)
                        .truncate(true)
                        .create_new(!force)
                        .open(&path)
                        .map_err(|e| match e.kind() {
                            std::io::ErrorKind::AlreadyExists => anyhow::anyhow!(
                                "{} exists; give --force to replace it",
                                path.display()
                            ),
                            _ => anyhow::anyhow!("cannot write {}: {e}", path.display()),
                        })?;
                    file.write_all(written.as_bytes())
                        .with_context(|| format!("cannot write {}", path.display()))?;
                    eprintln!(
                        "wrote {} (random:{}:{seed}) to {}",
                        deck.name.as_deref().unwrap_or("the deck"),
                        sets.join("+"),
                        path.display()
                    );
                }
                None => emit(&written)?,
            }
            Ok(())
        }
        DeckCommand::Themes => {
            // Whether the engine plays every card of the deck, read now, not remembered.
            let line = |name: String| {
                let playable = crate::gamesetup::load_deck(&name)
                    .is_ok_and(|d| crate::gamesetup::unscripted(&d).is_empty());
                if playable {
                    format!("{name}  (playable now)\n")
                } else {
                    format!("{name}\n")
                }
            };
            let list: String = ponyccg_decks::starter_deck_names()
                .iter()
                .map(|n| line(format!("starter:{n}")))
                .chain(
                    ponyccg_decks::built_in_deck_names()
                        .iter()
                        .map(|n| line(format!("deck:{n}"))),
                )
                .chain(
                    theme_deck_names()
                        .iter()
                        .map(|n| line(format!("theme:{n}"))),
                )
                .collect();
            emit(&list)
        }
    }
}
