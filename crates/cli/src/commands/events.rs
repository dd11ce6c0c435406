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
    block_of_mix, build_limited_deck, open_sealed, Block, DeckList, LimitedPool,
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
            let deck = build_limited_deck(&sealed.pool, cat)?;
            writeln!(
                s,
                "\nBuilt a limited deck: {} draw cards, {} Problems.",
                deck.draw_size(),
                deck.problem_size()
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
    emit(&format!(
        "Booster draft: {} seats, boosters {} (most recent first), seed {seed}.\nPacks 1 and 3 pass left, 2 and 4 pass right.\n",
        a.seats,
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
    let result = run_draft(&mut pod, &mix, cat, seed)?;
    drop(pod);
    let mut s = String::from("\nDraft complete.\n");
    let mut mine: Option<DeckList> = None;
    for (seat, name) in names.iter().enumerate() {
        let pool: LimitedPool = result.pool(seat, block);
        if let Some(dir) = &a.out_dir {
            let mut d = pool_deck(&pool);
            d.name = Some(format!("Draft pool of {name}, seed {seed}"));
            write_new(
                dir,
                &format!("seat-{}.pool.txt", seat + 1),
                &write_text(&d, Resolver::builtin()),
            )?;
        }
        match build_limited_deck(&pool, cat) {
            Ok(deck) => {
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
                    "  seat {}: {name:<8} {} picks; deck {} draw + {} Problems, Mane {mane}{}",
                    seat + 1,
                    result.picks[seat].len(),
                    deck.draw_size(),
                    deck.problem_size(),
                    if legal { "" } else { " (NOT LEGAL)" }
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
        for n in &result.picks[0] {
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
    /// Show the standings after the Swiss rounds played.
    Standings { file: PathBuf },
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
        } => {
            let d = load_deck(&deck)?;
            let list = from_deck(&d).map_err(|e| anyhow::anyhow!("{deck}: {e}"))?;
            let id = match pool {
                None => store::update(&file, |t| t.register(&player, list, &check_event_deck))?,
                Some(p) => {
                    let pool = load_deck(&p)?;
                    let check = |f: &str, d: &DeckList| check_event_deck_with_pool(f, d, &pool);
                    store::update(&file, |t| t.register(&player, list, &check))?
                }
            };
            emit(&format!(
                "Registered {} (player {id}) with {deck}.\n",
                player.trim()
            ))
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
        TournamentCommand::Standings { file } => emit(&standings_text(&store::load(&file)?)),
        TournamentCommand::TopCut { file } => {
            let number = store::update(&file, |t| t.make_top_cut().map(|r| r.number))?;
            let t = store::load(&file)?;
            emit(&round_text(&t, number))
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
    use ponyccg_events::time_called::{decide, Verdict};
    let elimination = round.kind == RoundKind::Elimination;
    let to_win = if elimination {
        tier.elimination_games_to_win() as u32
    } else {
        1
    };
    let decks = [player_deck(&a.deck)?, player_deck(&b.deck)?];
    let mut wins = [0u32; 2];
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
        let _ = ponyccg_ai::play_out(&mut g, &mut players, GAME_DECISIONS);
        let by_seat = match g.outcome() {
            Some(ponyccg_core::Outcome::Win { winner, .. }) => Verdict::Winner(winner.index()),
            Some(ponyccg_core::Outcome::Draw) => Verdict::Draw,
            // Time: the higher score wins; equal scores draw (a further game in
            // elimination rounds).
            None => decide(
                [
                    g.score(ponyccg_core::PlayerId(0)) as u32,
                    g.score(ponyccg_core::PlayerId(1)) as u32,
                ],
                elimination,
            ),
        };
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
