//! `ponyccg play`: a person against an AI player in the terminal.
//!
//! The screen is drawn from the person's view only ([`Game::observe`]); log lines name
//! only the cards that player may know. Every game is saved as a replay on exit.

use crate::gamesetup::{self, card_by_number, DEFAULT_AI_DECK, DEFAULT_DECK};
use crate::render;
use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, ValueEnum};
use ponyccg_cards::Catalogue;
use ponyccg_core::card::CardDef;
use ponyccg_core::view::View;
use ponyccg_core::{Game, GameSetup, Pending, PlayerId, Replay, Viewer};
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Seed of the game (shuffles, first player, the AI's choices); random if not given.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Your deck: theme:NAME, synthetic:COLOUR or a deck file.
    #[arg(long, default_value = DEFAULT_DECK)]
    pub deck: String,
    /// The AI's deck.
    #[arg(long = "ai-deck", default_value = DEFAULT_AI_DECK)]
    pub ai_deck: String,
    /// The AI player.
    #[arg(long, default_value = "heuristic")]
    pub ai: String,
    /// Your seat: first (P1) or second (P2). Who takes the first turn is then drawn at
    /// random by the game (102.3).
    #[arg(long = "as", value_enum, default_value_t = Seat::Random)]
    pub seat: Seat,
    /// Where to save the replay [default: ponyccg-SEED.replay.json in this directory,
    /// never overwriting an existing file]. A folder gets the default name inside it;
    /// an existing file is refused unless `--force` is given.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Refuse a deck that is not legal in this format (constructed, harmony,
    /// block-premiere, ...); without it, a deck that breaks the deckbuilding rules
    /// plays with a warning.
    #[arg(long)]
    pub format: Option<String>,
    /// Overwrite the `--save` file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Call time on a game still going after this many turns, as `simulate` does: the
    /// higher score wins, equal scores draw.
    #[arg(long, default_value_t = 200)]
    pub max_turns: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Seat {
    First,
    Second,
    Random,
}

/// What is saved when the program stops, however it stops.
struct Saver {
    replay: Replay,
    path: PathBuf,
    seed: u64,
}

/// Where a replay went.
struct Saved {
    path: PathBuf,
    /// Why it is not where it was asked to go.
    fallback: Option<String>,
}

impl Saver {
    /// Saves to the chosen path or, if that cannot be written, to a fresh name in
    /// this directory, then in the temporary directory: a game is never lost
    /// because of where it was asked to go.
    fn save(&self) -> Result<Saved> {
        let json = serde_json::to_string_pretty(&self.replay)? + "\n";
        let first = match std::fs::write(&self.path, &json) {
            Ok(()) => {
                return Ok(Saved {
                    path: self.path.clone(),
                    fallback: None,
                })
            }
            Err(e) => format!("cannot write {}: {e}", self.path.display()),
        };
        for dir in [PathBuf::from("."), std::env::temp_dir()] {
            let p = free_name(&dir, self.seed);
            if std::fs::write(&p, &json).is_ok() {
                return Ok(Saved {
                    path: p,
                    fallback: Some(first),
                });
            }
        }
        bail!("{first}, nor anywhere else; the replay is lost")
    }
}

/// `ponyccg-SEED.replay.json` in `dir`, or the first free `ponyccg-SEED-N.replay.json`.
fn free_name(dir: &Path, seed: u64) -> PathBuf {
    let at = |name: String| {
        if dir == Path::new(".") {
            PathBuf::from(name)
        } else {
            dir.join(name)
        }
    };
    let first = at(format!("ponyccg-{seed}.replay.json"));
    if !first.exists() {
        return first;
    }
    (2..)
        .map(|i| at(format!("ponyccg-{seed}-{i}.replay.json")))
        .find(|p| !p.exists())
        .expect("some name is free")
}

/// The replay's path from `--save`, checked before the game starts: a folder gets
/// the default name inside it, a missing folder falls back to this directory (with
/// a note to show), and an existing file needs `--force`.
fn save_path(save: Option<&Path>, force: bool, seed: u64) -> Result<(PathBuf, Option<String>)> {
    let Some(p) = save else {
        return Ok((free_name(Path::new("."), seed), None));
    };
    if p.is_dir() {
        return Ok((free_name(p, seed), None));
    }
    if p.exists() && !force {
        bail!(
            "{} already exists; pass --force to overwrite it, or choose another --save",
            p.display()
        );
    }
    let parent = p.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(d) = parent.filter(|d| !d.is_dir()) {
        let fallback = free_name(Path::new("."), seed);
        let note = format!(
            "--save {}: there is no folder {}; the replay will be saved in {} instead",
            p.display(),
            d.display(),
            fallback.display()
        );
        return Ok((fallback, Some(note)));
    }
    Ok((p.to_path_buf(), None))
}

fn clock_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    ponyccg_ai::derive_seed(t, std::process::id() as u64) % 1_000_000_000
}

const HELP: &str = "\
Type the number of a choice, or its label (or a unique part of it).
Commands:
  board        show the board again
  card NAME    facts of a card (a name or a card number)
  log [N]      the last N lines of the game log (default 30)
  concede      concede the game (103.4); the replay is saved
  quit         stop here; the unfinished game is saved as a replay
  help         this text";

pub fn run(args: PlayArgs) -> Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    play(args, &mut stdin.lock(), &mut stdout.lock())
}

/// The game loop, reading commands from `input` and writing the screen to `out`.
pub fn play(args: PlayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let human_seat = match args.seat {
        Seat::First => 0u8,
        Seat::Second => 1,
        Seat::Random => (ponyccg_ai::derive_seed(seed, 7) % 2) as u8,
    };
    let human = PlayerId(human_seat);
    let ai_seat = PlayerId(1 - human_seat);
    let mut ai = ponyccg_ai::player_by_name(&args.ai, ponyccg_ai::derive_seed(seed, 1))
        .map_err(|e| anyhow!("{e}"))?;
    gamesetup::check_decks(&[&args.deck, &args.ai_deck], args.format.as_deref())?;
    let mut decks = vec![
        gamesetup::load_deck(&args.ai_deck)?,
        gamesetup::load_deck(&args.ai_deck)?,
    ];
    decks[human.index()] = gamesetup::load_deck(&args.deck)?;
    let mut names = [args.ai_deck.as_str(), args.ai_deck.as_str()];
    names[human.index()] = args.deck.as_str();
    let setup = GameSetup {
        seed,
        players: decks,
    };
    let (path, note) = save_path(args.save.as_deref(), args.force, seed)?;
    let mut g = gamesetup::start(&setup, &names)?;
    let saver = Arc::new(Mutex::new(Saver {
        replay: Replay::new(&setup, &gamesetup::catalogue_version()),
        path,
        seed,
    }));
    {
        // Ctrl-C, SIGTERM and SIGHUP (the terminal closed): keep the game played so
        // far, then leave.
        let saver = Arc::clone(&saver);
        let _ = ctrlc::set_handler(move || {
            let saved = saver.lock().map(|s| s.save());
            match saved {
                Ok(Ok(saved)) => {
                    if let Some(why) = &saved.fallback {
                        eprintln!("\n{why}");
                    }
                    eprintln!(
                        "\nstopped by a signal: the game so far is saved in {}",
                        saved.path.display()
                    )
                }
                Ok(Err(e)) => eprintln!("\nstopped by a signal: {e:#}"),
                Err(_) => eprintln!("\nstopped by a signal: the replay could not be saved"),
            }
            std::process::exit(130);
        });
    }
    if let Some(note) = note {
        writeln!(out, "{note}")?;
    }

    writeln!(
        out,
        "ponyccg: you are {human} with {}, against the {} AI ({ai_seat}) with {}. Seed {seed}.",
        args.deck,
        ai.name(),
        args.ai_deck
    )?;
    writeln!(out, "Type `help` for commands.\n")?;

    let mut log: VecDeque<String> = VecDeque::new();
    let mut unseen: Vec<String> = Vec::new();
    collect_events(&mut g, human, &mut log, &mut unseen);

    // Whatever ends the loop, even an error, the replay is saved below.
    let stop = play_loop(
        &mut g,
        human,
        &mut *ai,
        &saver,
        args.max_turns,
        input,
        out,
        &mut log,
        &mut unseen,
    );
    if stop.is_ok() {
        for l in unseen.drain(..) {
            if !l.starts_with("  [") {
                let _ = writeln!(out, "{l}");
            }
        }
    }
    let saved = saver.lock().expect("not poisoned").save();
    let saved_text = match &saved {
        Ok(s) => {
            if let Some(why) = &s.fallback {
                let _ = writeln!(out, "{why}");
                eprintln!("{why}; the replay is saved in {} instead", s.path.display());
            }
            format!("Replay saved in {}", s.path.display())
        }
        Err(e) => format!("{e:#}"),
    };
    let score = || {
        g.players()
            .map(|p| format!("{} {}", render::who(p, Some(human)), g.score(p)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match (stop, g.outcome()) {
        (Err(e), _) => {
            return Err(e.context(format!("the game stopped; {saved_text}")));
        }
        (Ok(Stop::Eof), _) => bail!(
            "standard input closed before the game ended: you conceded; {}",
            saved_text.replacen("Replay saved", "the replay is saved", 1)
        ),
        (Ok(Stop::Called), _) => {
            let mut by_score: Vec<(u16, PlayerId)> = g.players().map(|p| (g.score(p), p)).collect();
            by_score.sort_by_key(|b| std::cmp::Reverse(b.0));
            let verdict = match by_score.as_slice() {
                [(a, p), (b, _), ..] if a > b => {
                    format!(
                        "{} win{} on score",
                        render::who(*p, Some(human)),
                        if *p == human { "" } else { "s" }
                    )
                }
                _ => "the game is a draw".to_string(),
            };
            writeln!(
                out,
                "\nTime called after turn {0}: the game stops at the turn limit (--max-turns {0}), as `simulate` calls time; {verdict}.",
                args.max_turns
            )?;
            writeln!(out, "Final score: {}. {saved_text}", score())?;
        }
        (Ok(Stop::Ended), Some(o)) => {
            writeln!(out, "\n{}", render::outcome(o, Some(human)))?;
            writeln!(out, "Final score: {}. {saved_text}", score())?;
        }
        (Ok(Stop::Ended), None) => writeln!(
            out,
            "Game left unfinished. Final score: {}. {saved_text}",
            score()
        )?,
    }
    saved.map(|_| ())
}

/// Why the game loop stopped.
enum Stop {
    /// The game ended, or the player quit.
    Ended,
    /// Standard input closed: the player conceded.
    Eof,
    /// The turn limit was reached.
    Called,
}

#[allow(clippy::too_many_arguments)]
fn play_loop(
    g: &mut Game,
    human: PlayerId,
    ai: &mut dyn ponyccg_ai::Player,
    saver: &Arc<Mutex<Saver>>,
    max_turns: u32,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    log: &mut VecDeque<String>,
    unseen: &mut Vec<String>,
) -> Result<Stop> {
    loop {
        let d = match g.pending() {
            Pending::GameOver(_) => return Ok(Stop::Ended),
            Pending::Decision(d) => d.clone(),
        };
        if g.turn() > max_turns {
            return Ok(Stop::Called);
        }
        if d.player != human {
            let i = ai.choose(g, &d);
            g.apply_action(i)
                .map_err(|e| anyhow!("the AI's choice was refused: {e}"))?;
            saver
                .lock()
                .expect("not poisoned")
                .replay
                .choices
                .push(i as u16);
            collect_events(g, human, log, unseen);
            continue;
        }
        for l in unseen.drain(..) {
            if !l.starts_with("  [") {
                writeln!(out, "{l}")?;
            }
        }
        let labels = g.labels();
        let shown = render::shown_choices(g, &labels);
        let by = render::asked_by(g, human);
        writeln!(
            out,
            "\n{}",
            render::board(&g.observe(human), &shown, by.as_deref())
        )?;
        match read_choice(g, human, &labels, input, out, log)? {
            Input::Choice(i) => {
                g.apply_action(i)?;
                saver
                    .lock()
                    .expect("not poisoned")
                    .replay
                    .choices
                    .push(i as u16);
                collect_events(g, human, log, unseen);
            }
            Input::Concede => {
                concede(g, human, saver)?;
                collect_events(g, human, log, unseen);
            }
            Input::Quit => return Ok(Stop::Ended),
            Input::Eof => {
                concede(g, human, saver)?;
                return Ok(Stop::Eof);
            }
        }
    }
}

fn concede(g: &mut Game, human: PlayerId, saver: &Arc<Mutex<Saver>>) -> Result<()> {
    if g.is_over() {
        return Ok(());
    }
    g.concede(human)?;
    let mut s = saver.lock().expect("not poisoned");
    let at = s.replay.choices.len();
    s.replay.concessions.push((human.0, at));
    Ok(())
}

const LOG_KEEP: usize = 2000;

fn collect_events(
    g: &mut Game,
    human: PlayerId,
    log: &mut VecDeque<String>,
    unseen: &mut Vec<String>,
) {
    let lines = render::log_lines(g, Viewer::Seat(human));
    for line in render::collapse(lines) {
        if log.len() == LOG_KEEP {
            log.pop_front();
        }
        log.push_back(line.clone());
        unseen.push(line);
    }
}

enum Input {
    Choice(usize),
    Concede,
    Quit,
    Eof,
}

fn read_choice(
    g: &Game,
    human: PlayerId,
    labels: &[String],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    log: &VecDeque<String>,
) -> Result<Input> {
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let mut bytes = Vec::new();
        let n = input
            .read_until(b'\n', &mut bytes)
            .context("cannot read standard input")?;
        if n == 0 {
            writeln!(out)?;
            return Ok(Input::Eof);
        }
        let Ok(line) = String::from_utf8(bytes) else {
            writeln!(
                out,
                "that line is not valid UTF-8 text; type a number from 1 to {}, or `help`",
                labels.len()
            )?;
            continue;
        };
        let line = line.trim();
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "" => continue,
            "help" | "?" => writeln!(out, "{HELP}")?,
            "board" => writeln!(
                out,
                "{}",
                render::board(
                    &g.observe(human),
                    &render::shown_choices(g, labels),
                    render::asked_by(g, human).as_deref()
                )
            )?,
            "log" => {
                let k = if rest.is_empty() {
                    30
                } else {
                    match rest.parse::<usize>() {
                        Ok(k) => k,
                        Err(_) => {
                            writeln!(out, "`log` takes a number of lines, e.g. `log 50`")?;
                            continue;
                        }
                    }
                };
                for l in log.iter().skip(log.len().saturating_sub(k)) {
                    writeln!(out, "{l}")?;
                }
            }
            // The bare word is a command missing its name, never a choice ("draw a
            // card" would match it and spend a token).
            "card" if rest.is_empty() => writeln!(
                out,
                "`card` needs a card's name or number, e.g. `card Applejack`; to draw, type the choice's number or `draw`"
            )?,
            "card" => writeln!(out, "{}", card_facts(rest, &g.observe(human)))?,
            "concede" => return Ok(Input::Concede),
            "quit" | "exit" => return Ok(Input::Quit),
            _ => {
                if let Ok(k) = line.parse::<usize>() {
                    if (1..=labels.len()).contains(&k) {
                        return Ok(Input::Choice(k - 1));
                    }
                    writeln!(out, "there is no choice {k}: choose 1 to {}", labels.len())?;
                    continue;
                }
                if let Some(i) = g.find_label(line) {
                    return Ok(Input::Choice(i));
                }
                let low = line.to_ascii_lowercase();
                let hits: Vec<usize> = (0..labels.len())
                    .filter(|&i| labels[i].to_ascii_lowercase().contains(&low))
                    .collect();
                match hits.as_slice() {
                    [i] => return Ok(Input::Choice(*i)),
                    [] => writeln!(
                        out,
                        "`{line}` is neither a choice nor a command; type a number from 1 to {}, or `help`",
                        labels.len()
                    )?,
                    _ => writeln!(
                        out,
                        "`{line}` matches {} choices ({}); be more precise",
                        hits.len(),
                        hits.iter()
                            .map(|i| (i + 1).to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )?,
                }
            }
        }
    }
}

/// The facts of a card (never its game text): a card on the table or in hand by name,
/// else the catalogue by number or name.
fn card_facts(query: &str, v: &View) -> String {
    let cat = Catalogue::builtin();
    let seen = v
        .players
        .iter()
        .flat_map(|p| {
            p.hand
                .iter()
                .flatten()
                .chain(&p.discard)
                .chain(&p.banished)
                .chain(&p.flipped)
        })
        .chain(
            v.areas
                .iter()
                .flat_map(|a| a.problem.iter().chain(&a.cards)),
        )
        .find(|c| {
            c.name
                .as_deref()
                .is_some_and(|n| n.eq_ignore_ascii_case(query))
                || c.number
                    .as_deref()
                    .is_some_and(|n| n.eq_ignore_ascii_case(query))
        })
        .and_then(|c| c.number.clone());
    let def = seen
        .and_then(|n| card_by_number(&n, cat))
        .or_else(|| card_by_number(query, cat))
        .or_else(|| cat.find_name(query).first().map(|e| e.def.clone()));
    match def {
        Some(d) => describe(&d),
        None => match cat.suggest(query) {
            Some(e) => format!(
                "no card `{query}`; did you mean {} \"{}\"?",
                e.def.number,
                e.def.full_name()
            ),
            None => format!("no card `{query}`"),
        },
    }
}

/// A card's facts in a few lines.
pub fn describe(d: &CardDef) -> String {
    let mut lines = vec![format!(
        "{} \"{}\" — {} ({})",
        d.number,
        d.full_name(),
        d.card_type.name(),
        d.rarity.code()
    )];
    let mut facts = Vec::new();
    if !d.face.colors.is_empty() {
        facts.push(
            d.face
                .colors
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join("/"),
        );
    }
    if let Some(p) = d.face.power {
        facts.push(format!("power {p}"));
    }
    if let Some(c) = d.cost {
        facts.push(format!("cost {c}"));
    }
    if !d.play_reqs.is_empty() {
        facts.push(format!(
            "play requirement {}",
            d.play_reqs
                .iter()
                .map(|r| format!("{} {}", r.power, r.color))
                .collect::<Vec<_>>()
                .join(" + ")
        ));
    }
    if let Some(p) = d.points {
        facts.push(format!("{p} points"));
    }
    if !facts.is_empty() {
        lines.push(format!("  {}", facts.join(" · ")));
    }
    if let Some((own, theirs, bonus)) = render::problem_requirements(d) {
        lines.push(format!(
            "  owner needs {own} · opponents need {theirs} · bonus {bonus}"
        ));
    }
    if !d.face.traits.is_empty() {
        lines.push(format!("  traits: {}", d.face.traits.join(", ")));
    }
    if !d.face.keywords.is_empty() {
        lines.push(format!(
            "  keywords: {}",
            d.face
                .keywords
                .iter()
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if let Some(b) = &d.boosted {
        lines.push(format!(
            "  boosted side: power {}",
            b.power.map_or("-".to_string(), |p| p.to_string())
        ));
    }
    match d.script {
        ponyccg_core::card::ScriptStatus::Scripted => {
            let text = ponyccg_cards::render::card_text(d);
            if !text.is_empty() {
                lines.push("  rules text (rendered from its script):".into());
                lines.extend(text.into_iter().map(|l| format!("    {l}")));
            }
        }
        ponyccg_core::card::ScriptStatus::Unscripted => {
            lines.push("  (its abilities are not scripted yet)".into())
        }
        ponyccg_core::card::ScriptStatus::Vanilla => {}
    }
    lines.join("\n")
}
