//! `ponyccg-mutate`: changes each scripted card's script one detail at a time and reports
//! the changes its own scenarios do not notice. See the README's command list.
//!
//! Each card is evaluated in a child process of this same program (`--worker`), so that a
//! mutant that sends the engine into an endless loop or a crash is killed after a timeout
//! and counted as killed, and the run goes on with the next mutant.

use clap::Parser;
use ponyccg_mutate::report::{CardResult, Run, Tried};
use ponyccg_mutate::{find_root, Job, Outcome, Repo};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "ponyccg-mutate",
    about = "Change card scripts one detail at a time and report the changes their scenarios miss"
)]
struct Args {
    /// Card numbers (PR12) or set codes (PR); every scripted card when none is given.
    cards: Vec<String>,
    /// Print the results as JSON instead of the summary.
    #[arg(long)]
    json: bool,
    /// Also write a Markdown report to FILE.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Overwrite the report file if it exists.
    #[arg(long)]
    force: bool,
    /// Cards evaluated at once (1 or 2).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    jobs: u8,
    /// Seconds a mutant may run before it counts as killed (an endless loop).
    #[arg(long, default_value_t = 20)]
    timeout: u64,
    /// The repository (holding cards/scripts and tests/scenarios/cards); found from the
    /// current folder when not given.
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
    /// Internal: evaluate this card's mutants and print one line each.
    #[arg(long, hide = true)]
    worker: Option<String>,
    /// Internal: the first mutant a worker evaluates.
    #[arg(long, hide = true, default_value_t = 0)]
    from: usize,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ponyccg-mutate: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Args) -> Result<(), String> {
    let root = match &args.root {
        Some(r) => {
            if !r.join("cards/scripts").is_dir() {
                return Err(format!("{}: no cards/scripts folder there", r.display()));
            }
            r.clone()
        }
        None => std::env::current_dir()
            .ok()
            .and_then(|d| find_root(&d))
            .or_else(|| find_root(Path::new(env!("CARGO_MANIFEST_DIR"))))
            .ok_or("can't find the repository (a folder with cards/scripts and tests/scenarios/cards); give --root")?,
    };
    let repo = Repo::load(&root)?;
    if let Some(card) = &args.worker {
        return worker(&repo, card, args.from);
    }
    if let Some(r) = &args.report {
        if r.exists() && !args.force {
            return Err(format!(
                "{}: the file exists (give --force to overwrite it)",
                r.display()
            ));
        }
    }
    let cards = repo.select(&args.cards)?;
    let jobs: Vec<Job> = cards
        .iter()
        .map(|c| repo.job(c))
        .collect::<Result<_, _>>()?;
    let exe = std::env::current_exe().map_err(|e| format!("can't find this program: {e}"))?;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<CardResult, String>>>> =
        Mutex::new(jobs.iter().map(|_| None).collect());
    let timeout = Duration::from_secs(args.timeout.max(1));
    std::thread::scope(|s| {
        for _ in 0..args.jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(i) else { break };
                let r = card(&exe, &root, job, timeout);
                if let Ok(mut v) = results.lock() {
                    v[i] = Some(r);
                }
            });
        }
    });
    let results = results.into_inner().map_err(|_| "a worker thread failed")?;
    let mut cards = Vec::new();
    for r in results {
        cards.push(r.ok_or("a card was not evaluated")??);
    }
    let run = Run::new(cards);
    if let Some(path) = &args.report {
        let mut command = String::from("ponyccg-mutate");
        for c in &args.cards {
            command.push(' ');
            command.push_str(c);
        }
        command.push_str(&format!(" --report {}", path.display()));
        std::fs::write(path, run.markdown(&command))
            .map_err(|e| format!("{}: can't be written: {e}", path.display()))?;
    }
    let out = if args.json {
        serde_json::to_string_pretty(&run).map_err(|e| e.to_string())? + "\n"
    } else {
        run.summary()
    };
    std::io::stdout()
        .write_all(out.as_bytes())
        .map_err(|e| format!("can't write the results: {e}"))
}

/// The child's side: the baseline, then one line per mutant from `from` on.
fn worker(repo: &Repo, card: &str, from: usize) -> Result<(), String> {
    // The engine's panics are results here (the mutant is killed), not noise.
    std::panic::set_hook(Box::new(|_| {}));
    let job = repo.job(card)?;
    let mut out = std::io::stdout().lock();
    let mut say = |line: String| {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    };
    match job.baseline(&repo.base) {
        Ok(()) => say("base\tok".into()),
        Err(e) => {
            say(format!("base\tfail\t{}", one_line(&e)));
            return Ok(());
        }
    }
    for i in from..job.mutants.len() {
        let line = match job.evaluate(&repo.base, i) {
            Outcome::Killed(how) => format!("{i}\tkilled\t{}", one_line(&how)),
            Outcome::Survived => format!("{i}\tsurvived"),
            Outcome::Refused(why) => format!("{i}\trefused\t{}", one_line(&why)),
        };
        say(line);
    }
    Ok(())
}

fn one_line(s: &str) -> String {
    s.replace(['\n', '\t'], " ")
}

/// The parent's side for one card: runs workers until every mutant has an outcome,
/// killing one that goes quiet for longer than `timeout`.
fn card(exe: &Path, root: &Path, job: &Job, timeout: Duration) -> Result<CardResult, String> {
    let n = job.mutants.len();
    let mut outcomes: Vec<Option<Outcome>> = vec![None; n];
    let mut baseline: Option<Result<(), String>> = None;
    let mut next = 0;
    while baseline.is_none() || (baseline == Some(Ok(())) && next < n) {
        let mut child = Command::new(exe)
            .arg("--worker")
            .arg(&job.number)
            .arg("--from")
            .arg(next.to_string())
            .arg("--root")
            .arg(root)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("can't start a worker for {}: {e}", job.number))?;
        let stdout = child.stdout.take().ok_or("a worker has no output")?;
        let (tx, rx) = mpsc::channel::<String>();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        loop {
            // Loading the catalogue comes before the first line: allow for it.
            let wait = if baseline.is_none() {
                timeout + Duration::from_secs(60)
            } else {
                timeout
            };
            match rx.recv_timeout(wait) {
                Ok(line) => {
                    let mut parts = line.splitn(3, '\t');
                    let (a, b, c) = (
                        parts.next().unwrap_or(""),
                        parts.next().unwrap_or(""),
                        parts.next().unwrap_or("").to_string(),
                    );
                    if a == "base" {
                        baseline = Some(if b == "ok" { Ok(()) } else { Err(c) });
                        continue;
                    }
                    let Ok(i) = a.parse::<usize>() else { continue };
                    if i < n {
                        outcomes[i] = Some(match b {
                            "killed" => Outcome::Killed(c),
                            "survived" => Outcome::Survived,
                            _ => Outcome::Refused(c),
                        });
                        next = i + 1;
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    if baseline.is_none() {
                        baseline = Some(Err(format!(
                            "the unchanged scenarios did not finish within {}s",
                            wait.as_secs()
                        )));
                    } else if next < n {
                        outcomes[next] = Some(Outcome::Killed(format!(
                            "did not finish within {}s",
                            timeout.as_secs()
                        )));
                        next += 1;
                    }
                    break;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let status = child.wait().map_err(|e| e.to_string())?;
                    let mut err = String::new();
                    if let Some(mut e) = child.stderr.take() {
                        let _ = std::io::Read::read_to_string(&mut e, &mut err);
                    }
                    if baseline.is_none() {
                        return Err(format!(
                            "the worker for {} failed ({status}): {}",
                            job.number,
                            err.trim()
                        ));
                    }
                    if baseline == Some(Ok(())) && next < n {
                        outcomes[next] =
                            Some(Outcome::Killed(format!("the engine crashed ({status})")));
                        next += 1;
                    }
                    break;
                }
            }
        }
        let _ = reader.join();
    }
    let baseline_failure = baseline.and_then(|b| b.err());
    Ok(CardResult {
        card: job.number.clone(),
        set: job.set.clone(),
        file: job.file.clone(),
        scenarios: job.scenarios.iter().map(|(p, _)| p.clone()).collect(),
        baseline_failure,
        mutants: job
            .mutants
            .iter()
            .zip(outcomes)
            .filter_map(|(m, o)| {
                o.map(|outcome| Tried {
                    mutant: m.clone(),
                    outcome,
                })
            })
            .collect(),
    })
}
