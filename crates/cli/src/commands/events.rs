//! `ponyccg sealed|draft|tournament` (owned by the events work). See docs/events.md.

use anyhow::{bail, Context};
use clap::{Args, Subcommand};
use ponyccg_cards::Catalogue;
use ponyccg_decks::{load_deck, write_text, Resolver};
use ponyccg_events::draft::{run_draft, AiDrafter, Drafter, TerminalDrafter};
use ponyccg_events::formats::{
    check_event_deck, check_event_deck_with_pool, check_limited_with_pool, from_deck, parse_format,
    pool_deck, to_deck,
};
use ponyccg_events::limited::{
    block_of_mix, build_playable_limited_deck, open_sealed, Block, DeckList, LimitedPool,
    Playability,
};
use ponyccg_events::packs::PackMix;
use ponyccg_events::store;
use ponyccg_events::tournament::{
    EventError, Outcome, PenaltyKind, Report, RoundKind, Tier, Tournament,
};
use ponyccg_events::CardLookup;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Prints to standard output; a reader that stopped reading (`| head`) is not an error.
fn emit(s: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(s.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    })
}

/// The block and pack mix of a limited event: `--packs` wins, else the block's
/// recommended mix (`sealed` picks the sealed one, `draft` the draft one).
fn mix_and_block(
    block: Option<&str>,
    packs: Option<&str>,
    sealed: bool,
) -> anyhow::Result<(PackMix, Option<Block>)> {
    let block = block.map(Block::parse).transpose()?;
    let mix = match (packs, block) {
        (Some(p), _) => PackMix::parse(p)?,
        (None, Some(b)) if sealed => b.sealed_mix(),
        (None, Some(b)) => b.draft_mix(),
        (None, None) => {
            bail!("name a block (--block premiere|odyssey) or a pack mix (--packs PR:2,CN:2,...)")
        }
    };
    let block = block.or_else(|| block_of_mix(&mix));
    Ok((mix, block))
}

fn describe(cat: &Catalogue, n: &str) -> String {
    match cat.card(n) {
        Some(d) => {
            let colors: Vec<&str> = d.face.colors.iter().map(|c| c.name()).collect();
            format!(
                "{:<7} {:<2} {:<14} {:<13} {}",
                d.number,
                d.rarity.code(),
                d.card_type.name(),
                if colors.is_empty() {
                    "-".to_string()
                } else {
                    colors.join("/")
                },
                d.full_name()
            )
        }
        None => n.to_string(),
    }
}

fn deck_text(deck: &DeckList, name: &str) -> String {
    let mut d = to_deck(deck);
    d.name = Some(name.to_string());
    write_text(&d, Resolver::builtin())
}

fn write_or_print(
    out: Option<&Path>,
    text: &str,
    what: &str,
    force: bool,
) -> anyhow::Result<String> {
    match out {
        Some(p) => {
            super::write_file(p, text, force)?;
            Ok(format!("{what} written to {}\n", p.display()))
        }
        None => Ok(format!("\n{text}")),
    }
}

/// One sentence on whether the engine can play a built deck. Legality (the rules)
/// and playability (the engine, which refuses cards whose text is not scripted
/// yet) are separate questions; both are answered.
fn playability_note(how: &Playability) -> String {
    let list = |v: &[String]| {
        let shown: Vec<&str> = v.iter().take(6).map(String::as_str).collect();
        let more = v.len().saturating_sub(shown.len());
        if more > 0 {
            format!("{} and {more} more", shown.join(", "))
        } else {
            shown.join(", ")
        }
    };
    match how {
        Playability::Playable => "The engine plays every card of it.".into(),
        Playability::PlayableLeavingOut(v) => format!(
            "Built from playable cards only, so the engine plays it: left out {} (not scripted yet).",
            list(v)
        ),
        Playability::Unplayable(v) => format!(
            "The engine can't play it yet: no legal deck of playable cards fits this pool, and {} {} not scripted yet.",
            list(v),
            if v.len() == 1 { "is" } else { "are" }
        ),
    }
}

#[derive(Args)]
pub struct SealedArgs {
    /// premiere or odyssey: the recommended mix and the provided Mane Characters
    /// and Starting Problems of that block.
    #[arg(long)]
    block: Option<String>,
    /// Any mix instead, e.g. PR:2,CN:2,CG:2,AD:2.
    #[arg(long)]
    packs: Option<String>,
    /// Seed of the pack generator (the same seed opens the same pool).
    #[arg(long)]
    seed: Option<u64>,
    /// Check this deck (text or .o8d) against the pool instead of building one.
    #[arg(long)]
    deck: Option<String>,
    /// Write the pool as a deck list here (usable with `deck check --pool`).
    #[arg(long = "pool-out")]
    pool_out: Option<PathBuf>,
    /// Write the built deck here instead of printing it.
    #[arg(short, long)]
    out: Option<PathBuf>,
    /// Replace the files given by --out and --pool-out if they exist.
    #[arg(long)]
    force: bool,
}

pub fn sealed(a: SealedArgs) -> anyhow::Result<()> {
    super::refuse_existing(a.pool_out.as_deref(), a.force, "--pool-out")?;
    if a.deck.is_none() {
        super::refuse_existing(a.out.as_deref(), a.force, "--out")?;
    }
    let cat = Catalogue::builtin();
    let (mix, block) = mix_and_block(a.block.as_deref(), a.packs.as_deref(), true)?;
    let seed = seed_or_clock(a.seed);
    let sealed = open_sealed(&mix, block, cat, seed)?;
    let mut s = String::new();
    writeln!(
        s,
        "Sealed pool: {} pack(s) ({mix}), seed {seed}{}",
        sealed.packs.len(),
        block.map_or(String::new(), |b| format!(", provided cards of the {b}"))
    )?;
    if a.deck.is_none() {
        for (i, p) in sealed.packs.iter().enumerate() {
            writeln!(s, "\nPack {} ({}):", i + 1, p.set)?;
            for n in &p.cards {
                writeln!(s, "  {}", describe(cat, n))?;
            }
        }
    }
    if let Some(p) = &a.pool_out {
        let mut d = pool_deck(&sealed.pool);
        d.name = Some(format!("Sealed pool, seed {seed}"));
        super::write_file(p, &write_text(&d, Resolver::builtin()), a.force)?;
        writeln!(s, "\nPool written to {}", p.display())?;
    }
    match &a.deck {
        Some(file) => {
            let deck = from_deck(&load_deck(file)?).map_err(anyhow::Error::msg)?;
            let v = check_limited_with_pool(&deck, &sealed.pool, block);
            emit(&s)?;
            if v.is_empty() {
                emit(&format!(
                    "\n{file} is a legal limited deck for this pool.\n"
                ))?;
            } else {
                let mut e = format!("{file} is not legal for this pool:\n");
                for x in &v {
                    writeln!(e, "  {x}")?;
                }
                bail!(e.trim_end().to_string());
            }
        }
        None => {
            let (deck, how) = build_playable_limited_deck(&sealed.pool, cat)?;
            writeln!(
                s,
                "\nBuilt a legal limited deck: {} draw cards, {} Problems. {}",
                deck.draw_size(),
                deck.problem_size(),
                playability_note(&how)
            )?;
            s.push_str(&write_or_print(
                a.out.as_deref(),
                &deck_text(&deck, &format!("Sealed deck, seed {seed}")),
                "Deck",
                a.force,
            )?);
            emit(&s)?;
        }
    }
    Ok(())
}

#[derive(Args)]
pub struct DraftArgs {
    /// premiere or odyssey: the recommended draft mix and provided cards.
    #[arg(long)]
    block: Option<String>,
    /// Any mix of boosters per drafter instead, e.g. MT:2,HM:1,EO:1.
    #[arg(long)]
    packs: Option<String>,
    /// Drafters in the pod (8 recommended).
    #[arg(long, default_value_t = 8)]
    seats: usize,
    /// Every seat is an AI (no terminal drafter).
    #[arg(long = "ai-only")]
    ai_only: bool,
    /// Your name at the table.
    #[arg(long, default_value = "You")]
    name: String,
    /// Event tier: at 2 or 3 drafted cards cannot be reviewed between picks.
    #[arg(long, default_value = "1")]
    tier: String,
    #[arg(long)]
    seed: Option<u64>,
    /// Write your (or, with --ai-only, seat 1's) built deck here.
    #[arg(short, long)]
    out: Option<PathBuf>,
    /// Replace the file given by --out if it exists.
    #[arg(long)]
    force: bool,
    /// Write every seat's pool and built deck into this folder (`seat-N.pool.txt`,
    /// `seat-N.deck.txt`), ready for `tournament register --pool`. Existing files are
    /// never overwritten.
    #[arg(long = "out-dir")]
    out_dir: Option<PathBuf>,
}

/// Writes `text` to a new file `dir/name`; an existing file is left as it is.
fn write_new(dir: &Path, name: &str, text: &str) -> anyhow::Result<()> {
    use std::io::Write as _;
    let path = dir.join(name);
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .with_context(|| {
            format!(
                "writing {} (an existing file is never replaced)",
                path.display()
            )
        })?;
    f.write_all(text.as_bytes())
        .with_context(|| format!("writing {}", path.display()))
}

/// The largest booster draft pod (Limited Play, Booster Draft Format: pods of
/// roughly equal size, 8 recommended).
const MAX_POD: usize = 8;

/// Pod sizes for a draft of `seats`: as few pods of at most [`MAX_POD`] as will do,
/// their sizes differing by one at most.
fn pod_sizes(seats: usize) -> Vec<usize> {
    let pods = seats.div_ceil(MAX_POD).max(1);
    (0..pods)
        .map(|i| seats / pods + usize::from(i < seats % pods))
        .collect()
}

pub fn draft(a: DraftArgs) -> anyhow::Result<()> {
    let cat = Catalogue::builtin();
    let (mix, block) = mix_and_block(a.block.as_deref(), a.packs.as_deref(), false)?;
    if a.seats < 2 {
        bail!("a draft pod needs at least 2 seats, not {}", a.seats);
    }
    super::refuse_existing(a.out.as_deref(), a.force, "--out")?;
    let tier = Tier::parse(&a.tier)?;
    let seed = seed_or_clock(a.seed);
    let stdin = std::io::stdin();
    let mut pod: Vec<Box<dyn Drafter>> = Vec::new();
    if !a.ai_only {
        pod.push(Box::new(TerminalDrafter {
            name: a.name.clone(),
            input: stdin.lock(),
            output: std::io::stdout(),
            review_between_picks: tier == Tier::One,
        }));
    }
    while pod.len() < a.seats {
        pod.push(Box::new(AiDrafter::new(format!("AI {}", pod.len() + 1))));
    }
    let names: Vec<String> = pod.iter().map(|d| d.name().to_string()).collect();
    let sizes = pod_sizes(a.seats);
    emit(&format!(
        "Booster draft: {} seats{}, boosters {} (most recent first), seed {seed}.\nPacks 1 and 3 pass left, 2 and 4 pass right.\n",
        a.seats,
        if sizes.len() > 1 {
            format!(
                " in {} pods of {} (at most {MAX_POD} a pod)",
                sizes.len(),
                sizes.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
            )
        } else {
            String::new()
        },
        mix.in_opening_order()
            .iter()
            .map(|p| p.set)
            .collect::<Vec<_>>()
            .join(", ")
    ))?;
    if let Some(dir) = &a.out_dir {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("creating the folder {}", dir.display()))?;
    }
    // Each pod drafts on its own, from its own packs: seats 1-8 (say) are pod 1.
    let mut picks: Vec<Vec<String>> = Vec::new();
    let mut pod_of: Vec<usize> = Vec::new();
    let mut rest = pod;
    for (i, n) in sizes.iter().enumerate() {
        let tail = rest.split_off(*n);
        let mut this = rest;
        rest = tail;
        let pod_seed = if i == 0 {
            seed
        } else {
            ponyccg_ai::derive_seed(seed, i as u64)
        };
        let result = run_draft(&mut this, &mix, cat, pod_seed)?;
        pod_of.extend(std::iter::repeat_n(i + 1, *n));
        picks.extend(result.picks);
    }
    let mut s = String::from("\nDraft complete.\n");
    let mut mine: Option<DeckList> = None;
    for (seat, name) in names.iter().enumerate() {
        let pool = LimitedPool::new(picks[seat].iter().map(String::as_str), block);
        if let Some(dir) = &a.out_dir {
            let mut d = pool_deck(&pool);
            d.name = Some(format!("Draft pool of {name}, seed {seed}"));
            write_new(
                dir,
                &format!("seat-{}.pool.txt", seat + 1),
                &write_text(&d, Resolver::builtin()),
            )?;
        }
        match build_playable_limited_deck(&pool, cat) {
            Ok((deck, how)) => {
                if let Some(dir) = &a.out_dir {
                    write_new(
                        dir,
                        &format!("seat-{}.deck.txt", seat + 1),
                        &deck_text(&deck, &format!("Draft deck of {name}, seed {seed}")),
                    )?;
                }
                let legal = check_limited_with_pool(&deck, &pool, block).is_empty();
                let mane = cat
                    .card(&deck.mane)
                    .map_or(deck.mane.clone(), |d| d.full_name());
                writeln!(
                    s,
                    "  seat {}{}: {name:<8} {} picks; deck {} draw + {} Problems, Mane {mane}{}\n      {}",
                    seat + 1,
                    if sizes.len() > 1 {
                        format!(" (pod {})", pod_of[seat])
                    } else {
                        String::new()
                    },
                    picks[seat].len(),
                    deck.draw_size(),
                    deck.problem_size(),
                    if legal { ", legal" } else { " (NOT LEGAL)" },
                    playability_note(&how)
                )?;
                if seat == 0 {
                    mine = Some(deck);
                }
            }
            Err(e) => writeln!(s, "  seat {}: {name}: no deck ({e})", seat + 1)?,
        }
    }
    if !a.ai_only {
        writeln!(s, "\nYour picks:")?;
        for n in &picks[0] {
            writeln!(s, "  {}", describe(cat, n))?;
        }
    }
    if let Some(deck) = mine {
        writeln!(s, "\nA limited deck built from seat 1's picks:")?;
        s.push_str(&write_or_print(
            a.out.as_deref(),
            &deck_text(&deck, &format!("Draft deck, seed {seed}")),
            "Deck",
            a.force,
        )?);
    }
    emit(&s)
}

#[derive(Subcommand)]
pub enum TournamentCommand {
    /// Create a tournament file.
    New {
        /// The SQLite file to create.
        file: PathBuf,
        #[arg(long)]
        name: String,
        /// harmony, block-premiere, block-odyssey, limited, limited-premiere, ...
        #[arg(long, default_value = "harmony")]
        format: String,
        /// 1, 2 or 3.
        #[arg(long, default_value = "1")]
        tier: String,
        /// Swiss rounds to announce (default: the suggested number for the players
        /// registered, fixed when round 1 is paired).
        #[arg(long)]
        rounds: Option<u32>,
        /// Announce elimination rounds (a top cut). On by default at Tier 2 and 3.
        #[arg(long = "top-cut")]
        top_cut: bool,
        /// No elimination rounds, even at Tier 2 or 3.
        #[arg(long = "no-top-cut", conflicts_with = "top_cut")]
        no_top_cut: bool,
        /// Seed for the round 1 pairings.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Register a player with a deck (checked for the event's format).
    Register {
        file: PathBuf,
        player: String,
        /// A deck file (text or .o8d) or a built-in theme deck, e.g. theme:applejack.
        deck: String,
        /// Limited events: the player's pool (a deck list file, e.g. from
        /// `sealed --pool-out`); the deck must be built from it.
        #[arg(long)]
        pool: Option<String>,
        /// The games are played at real tables, not by the engine: accept a legal
        /// deck the engine can't play yet (`simulate` will then refuse the event).
        #[arg(long)]
        paper: bool,
    },
    /// Before round 1: change a registration (a new deck, checked again, and/or a
    /// new name).
    Edit {
        file: PathBuf,
        player: String,
        /// The new deck (file or theme:NAME).
        #[arg(long)]
        deck: Option<String>,
        /// Limited events: the pool the new deck is built from.
        #[arg(long)]
        pool: Option<String>,
        /// The new name.
        #[arg(long)]
        name: Option<String>,
        /// As for `register`: accept a legal deck the engine can't play yet.
        #[arg(long)]
        paper: bool,
    },
    /// Before round 1: withdraw a registration (as if the player never registered).
    Withdraw { file: PathBuf, player: String },
    /// Print a round's pairings, with its time limit and deck checks, as plain text,
    /// CSV or HTML (to post at the venue).
    Pairings {
        file: PathBuf,
        /// The round (default: the current one).
        #[arg(long)]
        round: Option<u32>,
        /// text, csv or html.
        #[arg(long = "as", default_value = "text")]
        output: String,
    },
    /// The round clock: the current round's time limit (35 minutes; 45 for Tier 2
    /// elimination rounds; Tier 3 elimination rounds untimed), when time is called,
    /// and the end-of-match procedure with its extra turns.
    Clock {
        file: PathBuf,
        /// When the round began, HH:MM (24-hour clock, UTC); default: now.
        #[arg(long)]
        started: Option<String>,
    },
    /// Play the rest of the tournament with AI players: the engine plays every game,
    /// rounds are paired and the top cut made as the floor rules say, until a champion
    /// or the final standings. Every round is saved as it finishes.
    Simulate {
        file: PathBuf,
        /// Seed for the games (each game's seed derives from it, the round and the table).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The AI player for every seat: heuristic or random.
        #[arg(long, default_value = "heuristic")]
        ai: String,
    },
    /// Pair the next round (Swiss, or the next elimination round after the cut).
    Pair { file: PathBuf },
    /// Report a result: `TABLE WINNER`, `TABLE draw` or `TABLE double-loss`.
    /// TABLE may also be a player's name (a name wins over a table number; `#12` is
    /// always table 12).
    Report {
        file: PathBuf,
        table: String,
        result: String,
        /// Game score of a best-of-three elimination match, e.g. 2-1.
        #[arg(long)]
        games: Option<String>,
        /// The round (default: the current one).
        #[arg(long)]
        round: Option<u32>,
    },
    /// A player drops (an open match of theirs is conceded).
    Drop { file: PathBuf, player: String },
    /// Record a penalty: procedural-error, game-warning, game-loss or
    /// disqualification, with the infraction (e.g. "slow play").
    Penalty {
        file: PathBuf,
        player: String,
        kind: String,
        infraction: String,
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Show the standings after the Swiss rounds played, as plain text, CSV or HTML.
    Standings {
        file: PathBuf,
        /// text, csv or html.
        #[arg(long = "as", default_value = "text")]
        output: String,
    },
    /// Make the top cut after the last Swiss round.
    TopCut { file: PathBuf },
    /// Show the event: players, rounds, results, penalties; with --decks the deck lists.
    Show {
        file: PathBuf,
        #[arg(long)]
        decks: bool,
    },
}

fn round_text(t: &Tournament, number: u32) -> String {
    let mut s = String::new();
    let Some(r) = t.rounds.iter().find(|r| r.number == number) else {
        return s;
    };
    let _ = writeln!(
        s,
        "Round {} ({}):",
        r.number,
        match r.kind {
            RoundKind::Swiss => "Swiss",
            RoundKind::Elimination => "elimination",
        }
    );
    for m in &r.matches {
        let res = m.result.map_or("(no result yet)".to_string(), |o| {
            let mut d = t.describe(o);
            if m.by_penalty && o != Outcome::Bye {
                d.push_str(" [penalty/drop]");
            }
            d
        });
        let seed = |id: u32| {
            t.player(id)
                .and_then(|p| p.seed)
                .filter(|_| r.kind == RoundKind::Elimination)
                .map_or(String::new(), |s| format!(" (seed {s})"))
        };
        match m.b {
            Some(b) => {
                let _ = writeln!(
                    s,
                    "  table {:>3}: {}{} v {}{} - {res}",
                    m.table,
                    t.name_of(m.a),
                    seed(m.a),
                    t.name_of(b),
                    seed(b)
                );
            }
            None => {
                let _ = writeln!(s, "  table {:>3}: {} - bye", m.table, t.name_of(m.a));
            }
        }
    }
    s
}

/// The deck check of `register` and `edit`: the event's format (against the pool,
/// for a limited event given one) and, unless the games are played on paper, that
/// the engine plays the deck, so that `simulate` never stops with a round open.
fn deck_check(
    pool: Option<&ponyccg_decks::Deck>,
    paper: bool,
) -> impl Fn(&str, &DeckList) -> Result<Vec<String>, String> + '_ {
    move |format: &str, d: &DeckList| {
        let mut v = match pool {
            Some(p) => check_event_deck_with_pool(format, d, p)?,
            None => check_event_deck(format, d)?,
        };
        if !paper {
            if let Some(e) = engine_refusal(d) {
                v.push(e);
            }
        }
        Ok(v)
    }
}

/// Why the engine would refuse to play this deck, if it would: the same check
/// `simulate` meets when it starts a game.
fn engine_refusal(d: &DeckList) -> Option<String> {
    let deck = match player_deck(d) {
        Ok(x) => x,
        Err(e) => return Some(e),
    };
    let setup = ponyccg_core::GameSetup {
        seed: 0,
        players: vec![deck.clone(), deck.clone()],
    };
    match ponyccg_core::Game::new(&setup) {
        Ok(_) => None,
        Err(ponyccg_core::SetupError::Unscripted { .. }) => {
            let cards = crate::gamesetup::unscripted(&deck);
            Some(format!(
                "the engine can't play it yet: {} card(s) have game text that is not scripted ({}); legal, but not playable (register with --paper if the games are played at real tables)",
                cards.len(),
                cards.join(", ")
            ))
        }
        Err(e) => Some(format!(
            "the engine can't play it: {e} (register with --paper if the games are played at real tables)"
        )),
    }
}

/// How a printable list is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Output {
    Text,
    Csv,
    Html,
}

impl Output {
    fn parse(s: &str) -> anyhow::Result<Output> {
        match s.trim().to_ascii_lowercase().as_str() {
            "text" | "txt" => Ok(Output::Text),
            "csv" => Ok(Output::Csv),
            "html" => Ok(Output::Html),
            other => bail!("--as {other}: use text, csv or html"),
        }
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn html_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// A table as CSV or as a standalone HTML page (a title, one table, print-friendly).
fn printable_table(
    title: &str,
    notes: &[String],
    head: &[&str],
    rows: &[Vec<String>],
    output: Output,
) -> String {
    let mut s = String::new();
    match output {
        Output::Csv => {
            let _ = writeln!(
                s,
                "{}",
                head.iter()
                    .map(|h| csv_field(h))
                    .collect::<Vec<_>>()
                    .join(",")
            );
            for r in rows {
                let _ = writeln!(
                    s,
                    "{}",
                    r.iter().map(|c| csv_field(c)).collect::<Vec<_>>().join(",")
                );
            }
        }
        Output::Html | Output::Text => {
            let _ = writeln!(
                s,
                "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>\n<style>body{{font-family:sans-serif}}table{{border-collapse:collapse}}th,td{{border:1px solid #444;padding:4px 10px;text-align:left}}th{{background:#eee}}</style>\n</head>\n<body>\n<h1>{0}</h1>",
                html_escape(title)
            );
            for n in notes {
                let _ = writeln!(s, "<p>{}</p>", html_escape(n));
            }
            let _ = writeln!(
                s,
                "<table>\n<thead><tr>{}</tr></thead>\n<tbody>",
                head.iter()
                    .map(|h| format!("<th>{}</th>", html_escape(h)))
                    .collect::<String>()
            );
            for r in rows {
                let _ = writeln!(
                    s,
                    "<tr>{}</tr>",
                    r.iter()
                        .map(|c| format!("<td>{}</td>", html_escape(c)))
                        .collect::<String>()
                );
            }
            let _ = writeln!(s, "</tbody>\n</table>\n</body>\n</html>");
        }
    }
    s
}

/// The round's time limit and, at Tier 2 and 3, the tables picked for a random
/// deck check.
fn round_notes(t: &Tournament, number: u32) -> String {
    let Some(r) = t.rounds.iter().find(|r| r.number == number) else {
        return String::new();
    };
    let mut s = match t.round_minutes(r.kind) {
        Some(m) => format!("Time limit: {m} minutes ({}).\n", t.tier),
        None => format!(
            "Time limit: none ({} elimination rounds are untimed, expected to end within two hours).\n",
            t.tier
        ),
    };
    let checks = t.deck_check_tables(number, 1);
    if !checks.is_empty() {
        let _ = writeln!(
            s,
            "Random deck check: table {} (decks collected when presented to be cut; those players get extra time).",
            checks.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
        );
    }
    s
}

fn pairings_printable(t: &Tournament, number: u32, output: Output) -> String {
    let Some(r) = t.rounds.iter().find(|r| r.number == number) else {
        return String::new();
    };
    if output == Output::Text {
        let mut s = format!("{}\n", t.name);
        s.push_str(&round_text(t, number));
        s.push_str(&round_notes(t, number));
        return s;
    }
    let checks = t.deck_check_tables(number, 1);
    let rows: Vec<Vec<String>> = r
        .matches
        .iter()
        .map(|m| {
            vec![
                m.table.to_string(),
                t.name_of(m.a).to_string(),
                m.b.map_or("(bye)".to_string(), |b| t.name_of(b).to_string()),
                m.result.map_or(String::new(), |o| t.describe(o)),
                if checks.contains(&m.table) {
                    "yes".into()
                } else {
                    String::new()
                },
            ]
        })
        .collect();
    let notes: Vec<String> = round_notes(t, number).lines().map(str::to_string).collect();
    printable_table(
        &format!(
            "{}: round {} ({})",
            t.name,
            number,
            match r.kind {
                RoundKind::Swiss => "Swiss",
                RoundKind::Elimination => "elimination",
            }
        ),
        &notes,
        &["table", "player", "opponent", "result", "deck check"],
        &rows,
        output,
    )
}

fn standings_printable(t: &Tournament, output: Output) -> String {
    let heading = standings_text(t);
    let title = heading
        .lines()
        .next()
        .unwrap_or("")
        .trim_end_matches(':')
        .to_string();
    let rows: Vec<Vec<String>> = t
        .standings()
        .into_iter()
        .map(|x| {
            vec![
                x.rank.to_string(),
                x.name.clone(),
                x.points.to_string(),
                x.wins.to_string(),
                x.losses.to_string(),
                x.draws.to_string(),
                x.byes.to_string(),
                format!("{:.2}", x.omwp.to_f64() * 100.0),
                format!("{:.2}", x.oomwp.to_f64() * 100.0),
                if x.active { "active" } else { "dropped" }.to_string(),
            ]
        })
        .collect();
    printable_table(
        &title,
        &[],
        &[
            "rank", "player", "points", "wins", "losses", "draws", "byes", "OMW%", "OOMW%",
            "status",
        ],
        &rows,
        output,
    )
}

/// `HH:MM` as minutes after midnight.
fn parse_hhmm(s: &str) -> anyhow::Result<u32> {
    let bad = || anyhow::anyhow!("--started {s}: give the time as HH:MM, e.g. 14:05");
    let (h, m) = s.trim().split_once(':').ok_or_else(bad)?;
    let h: u32 = h.parse().map_err(|_| bad())?;
    let m: u32 = m.parse().map_err(|_| bad())?;
    if h > 23 || m > 59 {
        return Err(bad());
    }
    Ok(h * 60 + m)
}

fn hhmm(minutes: u32) -> String {
    let m = minutes % (24 * 60);
    format!("{:02}:{:02}", m / 60, m % 60)
}

/// The round clock: the time limit of the current round and when time is called,
/// with the end-of-match procedure (Tournament Policies, End of Match Procedures).
fn clock_text(t: &Tournament, started: Option<&str>) -> anyhow::Result<String> {
    let r = t
        .current_round()
        .context("no round has been paired yet: the clock starts with a round")?;
    let start = match started {
        Some(x) => parse_hhmm(x)?,
        None => {
            let secs = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            ((secs / 60) % (24 * 60)) as u32
        }
    };
    let mut s = format!(
        "{}, round {} ({}), {}: started {} UTC.\n",
        t.name,
        r.number,
        match r.kind {
            RoundKind::Swiss => "Swiss",
            RoundKind::Elimination => "elimination",
        },
        t.tier,
        hhmm(start)
    );
    match t.round_minutes(r.kind) {
        Some(m) => {
            writeln!(
                s,
                "Time limit {m} minutes: time is called at {} UTC.",
                hhmm(start + m)
            )?;
            writeln!(
                s,
                "When time is called: the turn in progress is finished; if its player took the first turn of the game, the opponent takes one more turn; then the higher score wins, equal scores draw{}. The head judge may cap this at 5 minutes (by {} UTC at the latest), when the scores decide at once.",
                if r.kind == RoundKind::Elimination {
                    " (here another game is played, to the first change in points)"
                } else {
                    ""
                },
                hhmm(start + m + 5)
            )?;
        }
        None => writeln!(
            s,
            "No time limit: {} elimination rounds are untimed, expected to finish within two hours (by {} UTC).",
            t.tier,
            hhmm(start + 120)
        )?,
    }
    let checks = t.deck_check_tables(r.number, 1);
    if !checks.is_empty() {
        writeln!(
            s,
            "Deck check at table {}: those players get extra time to finish.",
            checks
                .iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )?;
    }
    let open = r.matches.iter().filter(|m| m.result.is_none()).count();
    writeln!(s, "{open} match(es) still open.")?;
    Ok(s)
}

fn standings_text(t: &Tournament) -> String {
    // A round just paired has no results yet: count only complete rounds, and say
    // how far the open one is.
    let swiss: Vec<_> = t
        .rounds
        .iter()
        .filter(|r| r.kind == RoundKind::Swiss)
        .collect();
    let complete = swiss.iter().filter(|r| r.complete()).count();
    let open = swiss
        .iter()
        .find(|r| !r.complete())
        .map_or(String::new(), |r| {
            let missing = r.matches.iter().filter(|m| m.result.is_none()).count();
            format!(
                " (round {} in progress: {missing} result(s) still to report)",
                r.number
            )
        });
    let mut s = format!(
        "Standings of {} after {complete} complete Swiss round(s){open}:\n  rank  player                pts  W-L-D  byes  OMW%    OOMW%\n",
        t.name,
    );
    for x in t.standings() {
        let _ = writeln!(
            s,
            "  {:>4}  {:<20} {:>4}  {}-{}-{}  {:>4}  {:>6.2}  {:>6.2}{}",
            x.rank,
            x.name,
            x.points,
            x.wins,
            x.losses,
            x.draws,
            x.byes,
            x.omwp.to_f64() * 100.0,
            x.oomwp.to_f64() * 100.0,
            if x.active { "" } else { "  (dropped)" }
        );
    }
    s
}

/// The table `report` means: a registered player's name first (a player may be
/// called "12"), then `#N` or a bare number for table N.
fn table_number(t: &Tournament, table: &str) -> Result<u32, EventError> {
    let table = table.trim();
    if t.players.iter().any(|p| p.name.eq_ignore_ascii_case(table)) {
        return t.table_of(table);
    }
    match table.strip_prefix('#').unwrap_or(table).parse::<u32>() {
        Ok(n) => Ok(n),
        Err(_) => t.table_of(table),
    }
}

fn parse_games(s: &str) -> anyhow::Result<(u8, u8)> {
    let (a, b) = s
        .split_once('-')
        .with_context(|| format!("a game score looks like 2-1, not `{s}`"))?;
    let p = |x: &str| {
        x.trim()
            .parse::<u8>()
            .with_context(|| format!("a game score looks like 2-1, not `{s}`"))
    };
    Ok((p(a)?, p(b)?))
}

pub fn tournament(c: TournamentCommand) -> anyhow::Result<()> {
    match c {
        TournamentCommand::New {
            file,
            name,
            format,
            tier,
            rounds,
            top_cut,
            no_top_cut,
            seed,
        } => {
            parse_format(&format).map_err(anyhow::Error::msg)?;
            let tier = Tier::parse(&tier)?;
            let cut = if no_top_cut {
                false
            } else {
                top_cut || tier != Tier::One
            };
            let seed = seed_or_clock(seed);
            let t = Tournament::new(&name, &format, tier, rounds, cut, seed)?;
            store::create(&file, &t)?;
            emit(&format!(
                "Created {} ({}, {}, {}, {}) in {}.\n",
                t.name,
                t.format,
                t.tier,
                rounds.map_or(
                    "Swiss rounds by the suggested table".to_string(),
                    |r| format!("{r} Swiss rounds")
                ),
                if cut { "with a top cut" } else { "no top cut" },
                file.display()
            ))
        }
        TournamentCommand::Register {
            file,
            player,
            deck,
            pool,
            paper,
        } => {
            let d = load_deck(&deck)?;
            let list = from_deck(&d).map_err(|e| anyhow::anyhow!("{deck}: {e}"))?;
            let pool = pool.as_deref().map(load_deck).transpose()?;
            let check = deck_check(pool.as_ref(), paper);
            let id = store::update(&file, |t| t.register(&player, list, &check))?;
            emit(&format!(
                "Registered {} (player {id}) with {deck}.\n",
                player.trim()
            ))
        }
        TournamentCommand::Edit {
            file,
            player,
            deck,
            pool,
            name,
            paper,
        } => {
            if deck.is_none() && name.is_none() {
                bail!("give --deck and/or --name: the registration's new deck or name");
            }
            if pool.is_some() && deck.is_none() {
                bail!("--pool goes with --deck: the pool the new deck is built from");
            }
            let list = match &deck {
                Some(file) => {
                    Some(from_deck(&load_deck(file)?).map_err(|e| anyhow::anyhow!("{file}: {e}"))?)
                }
                None => None,
            };
            let pool = pool.as_deref().map(load_deck).transpose()?;
            let check = deck_check(pool.as_ref(), paper);
            let id = store::update(&file, |t| {
                t.edit_registration(&player, name.as_deref(), list, &check)
            })?;
            let t = store::load(&file)?;
            emit(&format!(
                "Changed the registration of player {id}: {}{}.\n",
                t.name_of(id),
                deck.map_or(String::new(), |d| format!(", now with {d}"))
            ))
        }
        TournamentCommand::Withdraw { file, player } => {
            let p = store::update(&file, |t| t.withdraw(&player))?;
            emit(&format!(
                "Withdrew the registration of {} (player {}).\n",
                p.name, p.id
            ))
        }
        TournamentCommand::Pairings {
            file,
            round,
            output,
        } => {
            let t = store::load(&file)?;
            let output = Output::parse(&output)?;
            let number = match round {
                Some(n) => n,
                None => t
                    .current_round()
                    .map(|r| r.number)
                    .context("no round has been paired yet")?,
            };
            if !t.rounds.iter().any(|r| r.number == number) {
                bail!(
                    "there is no round {number} ({} paired so far)",
                    t.rounds.len()
                );
            }
            emit(&pairings_printable(&t, number, output))
        }
        TournamentCommand::Clock { file, started } => {
            let t = store::load(&file)?;
            emit(&clock_text(&t, started.as_deref())?)
        }
        TournamentCommand::Simulate { file, seed, ai } => simulate(&file, seed, &ai),
        TournamentCommand::Pair { file } => {
            let (t, number) = {
                let number = store::update(&file, |t| t.pair_next_round().map(|r| r.number))?;
                (store::load(&file)?, number)
            };
            let planned = t.swiss_rounds.unwrap_or(0);
            let mut s = round_text(&t, number);
            if t.current_round()
                .is_some_and(|r| r.kind == RoundKind::Swiss)
            {
                let _ = writeln!(s, "Swiss round {} of {planned}.", t.swiss_rounds_played());
            }
            s.push_str(&round_notes(&t, number));
            emit(&s)
        }
        TournamentCommand::Report {
            file,
            table,
            result,
            games,
            round,
        } => {
            let games = games.as_deref().map(parse_games).transpose()?;
            let no_games = |what: &str| -> anyhow::Result<()> {
                if games.is_some() {
                    bail!("--games gives the game score of a match someone won; {what} has none");
                }
                Ok(())
            };
            let report = match result.trim().to_ascii_lowercase().as_str() {
                "draw" => {
                    no_games("a draw")?;
                    Report::Draw
                }
                "double-loss" | "double loss" => {
                    no_games("a double loss")?;
                    Report::DoubleLoss
                }
                _ => Report::Winner {
                    name: result.clone(),
                    games,
                },
            };
            let summary = store::update(&file, |t| {
                let table_no = table_number(t, &table)?;
                t.report(round, table_no, &report)?;
                let r = round.unwrap_or_else(|| t.current_round().map_or(0, |r| r.number));
                let res = t
                    .rounds
                    .iter()
                    .find(|x| x.number == r)
                    .and_then(|x| x.matches.iter().find(|m| m.table == table_no))
                    .and_then(|m| m.result)
                    .map(|o| t.describe(o))
                    .unwrap_or_default();
                let open = t.current_round().map_or(0, |r| {
                    r.matches.iter().filter(|m| m.result.is_none()).count()
                });
                Ok(format!(
                    "Round {r}, table {table_no}: {res}. {open} match(es) of the round still open.\n"
                ))
            })?;
            emit(&summary)
        }
        TournamentCommand::Drop { file, player } => {
            store::update(&file, |t| t.drop_player(&player))?;
            emit(&format!("{} has dropped.\n", player.trim()))
        }
        TournamentCommand::Penalty {
            file,
            player,
            kind,
            infraction,
            note,
        } => {
            let kind = PenaltyKind::parse(&kind)?;
            let p = store::update(&file, |t| t.penalize(&player, kind, &infraction, &note))?;
            emit(&format!(
                "Recorded {} for {} ({}) in round {}{}.\n",
                p.kind.key(),
                player.trim(),
                p.infraction,
                p.round,
                if p.upgraded {
                    ": a second game warning for the same infraction, so a game loss"
                } else {
                    ""
                }
            ))
        }
        TournamentCommand::Standings { file, output } => {
            let output = Output::parse(&output)?;
            let t = store::load(&file)?;
            emit(&match output {
                Output::Text => standings_text(&t),
                Output::Csv | Output::Html => standings_printable(&t, output),
            })
        }
        TournamentCommand::TopCut { file } => {
            let number = store::update(&file, |t| t.make_top_cut().map(|r| r.number))?;
            let t = store::load(&file)?;
            let mut s = round_text(&t, number);
            s.push_str(&round_notes(&t, number));
            emit(&s)
        }
        TournamentCommand::Show { file, decks } => {
            let t = store::load(&file)?;
            let mut s = format!(
                "{}: {}, {}, Swiss rounds {}, {}, seed {}\n\nPlayers:\n",
                t.name,
                t.format,
                t.tier,
                t.planned_swiss_rounds()
                    .map_or("not fixed yet".to_string(), |r| r.to_string()),
                if t.top_cut { "top cut" } else { "no top cut" },
                t.seed
            );
            for p in &t.players {
                let status = if p.disqualified {
                    " (disqualified)".to_string()
                } else if let Some(r) = p.dropped_after {
                    format!(" (dropped after {r} round(s) paired)")
                } else {
                    String::new()
                };
                writeln!(s, "  {:>3}. {}{status}", p.id, p.name)?;
                if decks {
                    for line in deck_text(&p.deck, &p.name).lines() {
                        writeln!(s, "        {line}")?;
                    }
                }
            }
            for r in &t.rounds {
                s.push('\n');
                s.push_str(&round_text(&t, r.number));
            }
            if !t.penalties.is_empty() {
                writeln!(s, "\nPenalties:")?;
                for x in &t.penalties {
                    writeln!(
                        s,
                        "  #{} round {}: {} - {} ({}){}{}",
                        x.id,
                        x.round,
                        t.name_of(x.player),
                        x.kind.key(),
                        x.infraction,
                        if x.upgraded { ", upgraded" } else { "" },
                        if x.note.is_empty() {
                            String::new()
                        } else {
                            format!(" - {}", x.note)
                        }
                    )?;
                }
            }
            if let Some(w) = t.champion() {
                writeln!(s, "\nWinner: {}", t.name_of(w))?;
            }
            emit(&s)
        }
    }
}

/// A registered deck as the engine's cards.
fn player_deck(d: &DeckList) -> Result<ponyccg_core::PlayerDeck, String> {
    let cat = Catalogue::builtin();
    let def = |n: &str| {
        crate::gamesetup::card_by_number(n, cat)
            .ok_or_else(|| format!("card {n} is not in the catalogue"))
    };
    let many = |m: &std::collections::BTreeMap<String, u32>| -> Result<Vec<_>, String> {
        let mut v = Vec::new();
        for (n, k) in m {
            for _ in 0..*k {
                v.push(def(n)?);
            }
        }
        Ok(v)
    };
    Ok(ponyccg_core::PlayerDeck {
        mane: def(&d.mane)?,
        problems: many(&d.problems)?,
        draw: many(&d.draw)?,
    })
}

/// Decisions after which a game is taken to have run out of time: the end-of-match
/// procedure then decides it by score.
const GAME_DECISIONS: usize = 5_000;

/// Decisions allowed for one extra turn of the end-of-match procedure: past this the
/// head judge's cap is taken to be reached and the scores decide at once.
const EXTRA_TURN_DECISIONS: usize = 1_000;

fn scores_of(g: &ponyccg_core::Game) -> [u32; 2] {
    [
        g.score(ponyccg_core::PlayerId(0)) as u32,
        g.score(ponyccg_core::PlayerId(1)) as u32,
    ]
}

fn verdict_of(
    g: &ponyccg_core::Game,
    elimination: bool,
) -> Option<ponyccg_events::time_called::Verdict> {
    use ponyccg_events::time_called::Verdict;
    match g.outcome()? {
        ponyccg_core::Outcome::Win { winner, .. } => Some(Verdict::Winner(winner.index())),
        ponyccg_core::Outcome::Draw if elimination => Some(Verdict::TiebreakGame),
        ponyccg_core::Outcome::Draw => Some(Verdict::Draw),
    }
}

/// Plays a game; one that runs past [`GAME_DECISIONS`] has run out of time, and the
/// end-of-match procedure of `ponyccg_events::time_called` finishes it: the turn in
/// progress is played out, the opponent takes one more turn if the turn player went
/// first, then the scores decide.
fn play_timed_game(
    g: &mut ponyccg_core::Game,
    players: &mut [Box<dyn ponyccg_ai::Player>],
    elimination: bool,
    decisions: usize,
) -> Result<ponyccg_events::time_called::Verdict, String> {
    use ponyccg_ai::PlayError;
    use ponyccg_events::time_called::{decide, run_time_called, MatchState, TurnReport};
    match ponyccg_ai::play_out(g, players, decisions) {
        Ok(_) => {}
        Err(PlayError::NoEnd { .. }) => {}
        Err(e) => return Err(e.to_string()),
    }
    if let Some(v) = verdict_of(g, elimination) {
        return Ok(v);
    }
    let state = MatchState {
        turn_number: g.turn().max(1),
        first_player: g.first_player().index(),
        turn_player: g.turn_player().index(),
        scores: scores_of(g),
    };
    let mut failure = None;
    let verdict = run_time_called(&state, elimination, |_player| {
        let turn = g.turn();
        match ponyccg_ai::play_out_until(g, players, EXTRA_TURN_DECISIONS, turn) {
            Ok(_) => match g.outcome() {
                Some(ponyccg_core::Outcome::Win { winner, .. }) => {
                    TurnReport::GameOver(Some(winner.index()))
                }
                Some(ponyccg_core::Outcome::Draw) | None => TurnReport::GameOver(None),
            },
            Err(PlayError::TurnLimit { .. }) => TurnReport::Scores(scores_of(g)),
            Err(PlayError::NoEnd { .. }) => TurnReport::CapReached(scores_of(g)),
            Err(e) => {
                failure = Some(e.to_string());
                TurnReport::CapReached(scores_of(g))
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    // A state the procedure can't read (turns not alternating from the first
    // player) is decided by the scores, as the head judge's cap would.
    Ok(verdict.unwrap_or_else(|_| decide(scores_of(g), elimination)))
}

/// An elimination game after time was called ends at the first change in points
/// (`time_called::tiebreak_game`); a game that ends first decides by its result.
fn first_change_in_points(
    g: &mut ponyccg_core::Game,
    players: &mut [Box<dyn ponyccg_ai::Player>],
) -> Result<ponyccg_events::time_called::Verdict, String> {
    use ponyccg_ai::PlayError;
    use ponyccg_events::time_called::{tiebreak_game, Verdict};
    let mut failure = None;
    let mut decisions = 0;
    let start = scores_of(g);
    let leader = tiebreak_game(start, || {
        if g.outcome().is_some() || decisions >= GAME_DECISIONS {
            return None;
        }
        decisions += 1;
        match ponyccg_ai::play_out_until(g, players, 1, u32::MAX) {
            Ok(_) | Err(PlayError::NoEnd { .. }) => Some(scores_of(g)),
            Err(e) => {
                failure = Some(e.to_string());
                None
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(match leader {
        Some(w) => Verdict::Winner(w),
        None => verdict_of(g, true).unwrap_or(Verdict::TiebreakGame),
    })
}

/// One match between two registered players, played by the engine: one game in a Swiss
/// round; in an elimination round as many as the tier asks, a drawn game replayed.
fn play_match(
    a: &ponyccg_events::tournament::Player,
    b: &ponyccg_events::tournament::Player,
    round: &ponyccg_events::tournament::Round,
    tier: Tier,
    seed: u64,
    ai: &str,
) -> Result<Report, String> {
    use ponyccg_events::time_called::Verdict;
    let elimination = round.kind == RoundKind::Elimination;
    let to_win = if elimination {
        tier.elimination_games_to_win() as u32
    } else {
        1
    };
    let decks = [player_deck(&a.deck)?, player_deck(&b.deck)?];
    let mut wins = [0u32; 2];
    let mut time_was_called = false;
    for game in 0..(4 * to_win as u64 + 8) {
        if wins.contains(&to_win) {
            break;
        }
        let base = ponyccg_ai::derive_seed(
            seed,
            ((round.number as u64) << 40) | ((a.id as u64) << 20) | b.id as u64,
        );
        let game_seed = ponyccg_ai::derive_seed(base, game);
        // Seats alternate from game to game.
        let first = (game % 2) as usize;
        let seats = [first, 1 - first];
        let setup = ponyccg_core::GameSetup {
            seed: game_seed,
            players: vec![decks[seats[0]].clone(), decks[seats[1]].clone()],
        };
        let mut g = ponyccg_core::Game::new(&setup).map_err(|e| e.to_string())?;
        g.set_logging(false);
        let mut players = vec![
            ponyccg_ai::player_by_name(ai, ponyccg_ai::derive_seed(game_seed, 1))
                .map_err(|e| e.to_string())?,
            ponyccg_ai::player_by_name(ai, ponyccg_ai::derive_seed(game_seed, 2))
                .map_err(|e| e.to_string())?,
        ];
        let by_seat = if time_was_called {
            first_change_in_points(&mut g, &mut players)?
        } else {
            play_timed_game(&mut g, &mut players, elimination, GAME_DECISIONS)?
        };
        if by_seat == Verdict::TiebreakGame {
            // Equal scores in an elimination round after time: the next game ends at
            // the first change in points.
            time_was_called = time_was_called || g.outcome().is_none();
        }
        match by_seat {
            Verdict::Winner(seat) => wins[seats[seat]] += 1,
            Verdict::Draw if !elimination => return Ok(Report::Draw),
            Verdict::Draw | Verdict::TiebreakGame => {}
        }
    }
    let (w, l) = if wins[0] >= wins[1] {
        (a, (wins[0], wins[1]))
    } else {
        (b, (wins[1], wins[0]))
    };
    if l.0 < to_win {
        return Err(format!(
            "{} v {}: no winner after many games",
            a.name, b.name
        ));
    }
    Ok(Report::Winner {
        name: w.name.clone(),
        games: (to_win > 1).then_some((l.0 as u8, l.1 as u8)),
    })
}

fn simulate(file: &Path, seed: u64, ai: &str) -> anyhow::Result<()> {
    ponyccg_ai::player_by_name(ai, 0).map_err(|e| anyhow::anyhow!("{e}"))?;
    // Each pass either plays the open round or opens the next one; a tournament has
    // far fewer rounds than this bound.
    for _ in 0..200 {
        let t = store::load(file)?;
        if let Some(c) = t.champion() {
            emit(&standings_text(&t))?;
            return emit(&format!("Champion: {}", t.name_of(c)));
        }
        let tier = t.tier;
        match t.current_round() {
            Some(r) if !r.complete() => {
                let number = r.number;
                store::update(file, |t| {
                    t.play_round_with(|a, b, r| play_match(a, b, r, tier, seed, ai))
                })?;
                let t = store::load(file)?;
                emit(&round_text(&t, number))?;
            }
            _ => {
                let planned = t.planned_swiss_rounds().unwrap_or(0);
                let cut_started = t.rounds.iter().any(|r| r.kind == RoundKind::Elimination);
                if t.swiss_rounds_played() < planned || cut_started {
                    store::update(file, |t| t.pair_next_round().map(|_| ()))?;
                } else if t.top_cut {
                    store::update(file, |t| t.make_top_cut().map(|_| ()))?;
                } else {
                    return emit(&standings_text(&t));
                }
            }
        }
    }
    bail!("the tournament did not finish")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ponyccg_events::time_called::Verdict;

    fn theme(name: &str) -> ponyccg_core::PlayerDeck {
        let d = load_deck(&format!("theme:{name}")).unwrap();
        player_deck(&from_deck(&d).unwrap()).unwrap()
    }

    /// Tournament Policies, End of Match Procedures, as `tournament simulate` runs
    /// it: when time is called mid-game the turn in progress is finished and, if its
    /// player went first, the opponent takes one more turn; then the scores decide.
    #[test]
    fn end_of_match_procedures_time_called_plays_the_extra_turns_then_scores_decide() {
        let mut extra_seen = [false; 2];
        for seed in 0..12u64 {
            let setup = ponyccg_core::GameSetup {
                seed,
                players: vec![theme("applejack"), theme("rarity")],
            };
            let mut g = ponyccg_core::Game::new(&setup).unwrap();
            g.set_logging(false);
            let mut players = vec![
                ponyccg_ai::player_by_name("heuristic", seed).unwrap(),
                ponyccg_ai::player_by_name("heuristic", seed + 100).unwrap(),
            ];
            // Time is called after 60 decisions: where is the game then?
            let mut probe = g.clone();
            let mut probe_players = vec![
                ponyccg_ai::player_by_name("heuristic", seed).unwrap(),
                ponyccg_ai::player_by_name("heuristic", seed + 100).unwrap(),
            ];
            let _ = ponyccg_ai::play_out(&mut probe, &mut probe_players, 60);
            if probe.outcome().is_some() {
                continue;
            }
            let turn = probe.turn();
            let went_first = probe.turn_player() == probe.first_player();
            let v = play_timed_game(&mut g, &mut players, false, 60).unwrap();
            if g.outcome().is_none() {
                let extra = if went_first { 2 } else { 1 };
                assert_eq!(g.turn(), turn + extra, "seed {seed}");
                extra_seen[extra as usize - 1] = true;
                let s = scores_of(&g);
                let expected = match s[0].cmp(&s[1]) {
                    std::cmp::Ordering::Greater => Verdict::Winner(0),
                    std::cmp::Ordering::Less => Verdict::Winner(1),
                    std::cmp::Ordering::Equal => Verdict::Draw,
                };
                assert_eq!(v, expected, "seed {seed}");
            }
        }
        assert!(extra_seen.iter().any(|x| *x), "no game reached time");
    }

    #[test]
    fn booster_draft_format_pods_of_at_most_eight_roughly_equal() {
        assert_eq!(pod_sizes(2), vec![2]);
        assert_eq!(pod_sizes(8), vec![8]);
        assert_eq!(pod_sizes(9), vec![5, 4]);
        assert_eq!(pod_sizes(16), vec![8, 8]);
        assert_eq!(pod_sizes(17), vec![6, 6, 5]);
        for n in 2..100 {
            let v = pod_sizes(n);
            assert_eq!(v.iter().sum::<usize>(), n);
            assert!(v.iter().all(|k| *k <= MAX_POD && *k >= 2), "{n}: {v:?}");
            assert!(v.iter().max().unwrap() - v.iter().min().unwrap() <= 1);
        }
    }
}
