//! `ponyccg scenario run|new`: scenario files (docs/scenarios.md).

use anyhow::{bail, Context};
use clap::Subcommand;
use std::io::Write as _;
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum ScenarioCommand {
    /// Run scenario files; directories are searched for *.toml files.
    Run {
        /// Files or directories.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print every decision and event of each scenario.
        #[arg(long)]
        trace: bool,
    },
    /// Write a commented template scenario (to stdout, or to a file).
    New {
        /// The file to write; it must not exist yet.
        output: Option<PathBuf>,
    },
}

pub fn run(c: ScenarioCommand) -> anyhow::Result<()> {
    match c {
        ScenarioCommand::Run { paths, trace } => {
            let files = ponyccg_scenario::collect_files(&paths).context("reading the paths")?;
            if files.is_empty() {
                bail!("no scenario files found in the paths given");
            }
            let mut failed = 0;
            for f in &files {
                let r = ponyccg_scenario::run_file(f);
                writeln!(std::io::stdout(), "{r}")?;
                if (trace || !r.passed()) && !r.trace.is_empty() {
                    writeln!(std::io::stdout(), "  trace:")?;
                    for l in &r.trace {
                        writeln!(std::io::stdout(), "    {l}")?;
                    }
                }
                if !r.passed() {
                    failed += 1;
                }
            }
            writeln!(
                std::io::stdout(),
                "{} scenario{}: {} passed, {failed} failed",
                files.len(),
                if files.len() == 1 { "" } else { "s" },
                files.len() - failed
            )?;
            if failed > 0 {
                bail!("{failed} of {} scenarios failed", files.len());
            }
            Ok(())
        }
        ScenarioCommand::New { output } => match output {
            None => {
                write!(std::io::stdout(), "{}", ponyccg_scenario::TEMPLATE)?;
                Ok(())
            }
            Some(path) => {
                use std::io::Write;
                let mut f = std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(&path)
                    .with_context(|| {
                        format!("{} can't be created (it may exist already)", path.display())
                    })?;
                f.write_all(ponyccg_scenario::TEMPLATE.as_bytes())
                    .with_context(|| format!("writing {}", path.display()))?;
                eprintln!("wrote {}", path.display());
                Ok(())
            }
        },
    }
}
