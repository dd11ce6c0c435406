//! Limited play: the block table of the Limited Play section (recommended sealed
//! and draft mixes, the Mane Characters and Starting Problems an organiser
//! provides), sealed pools, checking a limited deck against its pool, and an
//! automatic deck builder used by AI drafters and `ponyccg sealed`.

use crate::cards::CardLookup;
use crate::packs::{pack_spec, Pack, PackError, PackMix};
use ponyccg_core::card::{CardDef, CardType, Color, Colors, Rarity, ReqColor, ScriptStatus};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// Minimum draw deck size of a limited deck (Limited Play, Limited Deck Construction).
pub const LIMITED_MIN_DRAW: u32 = 30;
/// Exact Problem deck size of a limited deck (same section).
pub const LIMITED_PROBLEMS: u32 = 5;
/// Copies of one name a draw deck may hold (101.2).
pub const MAX_DRAW_COPIES: u32 = 3;
/// Copies of one name a Problem deck may hold (101.3a).
pub const MAX_PROBLEM_COPIES: u32 = 2;
/// Boosters a sealed pool is opened from (Limited Play, Sealed Deck Format).
pub const SEALED_PACKS: u32 = 8;
/// Boosters each drafter opens (Limited Play, Booster Draft Format).
pub const DRAFT_PACKS: u32 = 4;

/// The two blocks of the Limited Play table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Block {
    Premiere,
    Odyssey,
}

/// Errors of limited play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitedError {
    #[error("unknown block `{0}` (use premiere or odyssey)")]
    UnknownBlock(String),
    #[error(transparent)]
    Pack(#[from] PackError),
    #[error("card {0} is not in the catalogue")]
    UnknownCard(String),
    #[error("the pool cannot make a limited deck: {0}")]
    PoolTooThin(String),
}

impl Block {
    pub const ALL: [Block; 2] = [Block::Premiere, Block::Odyssey];

    pub fn parse(s: &str) -> Result<Block, LimitedError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "premiere" | "premiere-block" | "pr" => Ok(Block::Premiere),
            "odyssey" | "odyssey-block" | "eo" => Ok(Block::Odyssey),
            _ => Err(LimitedError::UnknownBlock(s.trim().to_string())),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Block::Premiere => "Premiere block",
            Block::Odyssey => "Odyssey block",
        }
    }

    /// The sets of the block (Format Legality, Block Constructed).
    pub fn sets(self) -> &'static [&'static str] {
        match self {
            Block::Premiere => &["PR", "CN", "CG", "AD"],
            Block::Odyssey => &["EO", "HM", "MT"],
        }
    }

    /// The block a booster set belongs to.
    pub fn of_set(set: &str) -> Option<Block> {
        Block::ALL
            .into_iter()
            .find(|b| b.sets().iter().any(|s| s.eq_ignore_ascii_case(set)))
    }

    fn mix(pairs: &[(&str, u32)]) -> PackMix {
        PackMix(
            pairs
                .iter()
                .map(|(s, n)| (pack_spec(s).expect("block tables name known sets"), *n))
                .collect(),
        )
    }

    /// The recommended sealed mix (eight boosters).
    pub fn sealed_mix(self) -> PackMix {
        match self {
            Block::Premiere => Block::mix(&[("PR", 2), ("CN", 2), ("CG", 2), ("AD", 2)]),
            Block::Odyssey => Block::mix(&[("EO", 3), ("HM", 2), ("MT", 3)]),
        }
    }

    /// The recommended draft mix (four boosters per drafter).
    pub fn draft_mix(self) -> PackMix {
        match self {
            Block::Premiere => Block::mix(&[("AD", 1), ("CG", 1), ("CN", 1), ("PR", 1)]),
            Block::Odyssey => Block::mix(&[("MT", 2), ("HM", 1), ("EO", 1)]),
        }
    }

    /// The same block in the deck-format rules, which hold the Limited Play tables.
    fn rules(self) -> ponyccg_decks::Block {
        match self {
            Block::Premiere => ponyccg_decks::Block::Premiere,
            Block::Odyssey => ponyccg_decks::Block::Odyssey,
        }
    }

    /// Collector numbers of the Mane Characters an organiser provides.
    pub fn provided_manes(self) -> &'static [&'static str] {
        self.rules().provided_manes()
    }

    /// Collector numbers of the Starting Problems an organiser provides.
    pub fn provided_starting_problems(self) -> &'static [&'static str] {
        self.rules().provided_starting_problems()
    }
}

impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The block every set of a mix belongs to, if they share one.
pub fn block_of_mix(mix: &PackMix) -> Option<Block> {
    let mut blocks = mix.0.iter().map(|(p, _)| Block::of_set(p.set));
    let first = blocks.next()??;
    blocks.all(|b| b == Some(first)).then_some(first)
}

/// A player's limited pool: the cards opened (or drafted) and the cards the
/// organiser provides.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LimitedPool {
    /// Opened or drafted cards, by collector number, with counts.
    pub cards: BTreeMap<String, u32>,
    /// Mane Characters available on request.
    pub provided_manes: Vec<String>,
    /// Starting Problems available on request, in any number.
    pub provided_starting_problems: Vec<String>,
}

impl LimitedPool {
    /// A pool of these cards plus the provided cards of `block` (if any).
    pub fn new<'a>(cards: impl IntoIterator<Item = &'a str>, block: Option<Block>) -> LimitedPool {
        let mut pool = LimitedPool::default();
        for c in cards {
            *pool.cards.entry(c.to_string()).or_insert(0) += 1;
        }
        if let Some(b) = block {
            pool.provided_manes = b.provided_manes().iter().map(|s| s.to_string()).collect();
            pool.provided_starting_problems = b
                .provided_starting_problems()
                .iter()
                .map(|s| s.to_string())
                .collect();
        }
        pool
    }

    pub fn from_packs(packs: &[Pack], block: Option<Block>) -> LimitedPool {
        LimitedPool::new(
            packs
                .iter()
                .flat_map(|p| p.cards.iter().map(String::as_str)),
            block,
        )
    }

    pub fn size(&self) -> u32 {
        self.cards.values().sum()
    }

    fn is_provided_mane(&self, n: &str) -> bool {
        self.provided_manes
            .iter()
            .any(|m| m.eq_ignore_ascii_case(n))
    }
    fn is_provided_problem(&self, n: &str) -> bool {
        self.provided_starting_problems
            .iter()
            .any(|m| m.eq_ignore_ascii_case(n))
    }
    /// Copies in the pool of the card named like `d` (another printing of the
    /// same card serves, as the deck format checks count pools by name).
    fn count_named(&self, d: &CardDef, cards: &dyn CardLookup) -> u32 {
        let name = d.full_name();
        self.cards
            .iter()
            .filter(|(k, _)| cards.card(k).is_some_and(|x| x.full_name() == name))
            .map(|(_, v)| *v)
            .sum()
    }
}

/// A sealed pool: the opened boosters and the pool made of them.
#[derive(Clone, Debug)]
pub struct Sealed {
    pub packs: Vec<Pack>,
    pub pool: LimitedPool,
}

/// Opens a sealed pool from `mix` with a generator seeded by `seed`. The provided
/// cards are those of `block`; with `None` they are those of the mix's block, if
/// all its sets share one.
pub fn open_sealed(
    mix: &PackMix,
    block: Option<Block>,
    cards: &dyn CardLookup,
    seed: u64,
) -> Result<Sealed, LimitedError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let packs = mix.open_all(cards, &mut rng)?;
    let block = block.or_else(|| block_of_mix(mix));
    let pool = LimitedPool::from_packs(&packs, block);
    Ok(Sealed { packs, pool })
}

/// A limited deck as card numbers with counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeckList {
    pub mane: String,
    pub problems: BTreeMap<String, u32>,
    pub draw: BTreeMap<String, u32>,
}

impl DeckList {
    pub fn draw_size(&self) -> u32 {
        self.draw.values().sum()
    }
    pub fn problem_size(&self) -> u32 {
        self.problems.values().sum()
    }
}

/// Everything wrong with a limited deck built from `pool`: the deck construction
/// rules of the Limited Play section, the copy limits of 101.2/101.3a, and that
/// every card comes from the pool or from the provided cards. Empty if legal.
pub fn check_limited_deck(
    deck: &DeckList,
    pool: &LimitedPool,
    cards: &dyn CardLookup,
) -> Vec<String> {
    let mut out = Vec::new();
    // Mane Character.
    match cards.card(&deck.mane) {
        None => out.push(format!(
            "Mane Character {} is not in the catalogue",
            deck.mane
        )),
        Some(d) if d.card_type != CardType::ManeCharacter => out.push(format!(
            "{} ({}) is not a Mane Character",
            d.full_name(),
            d.number
        )),
        Some(d) => {
            if !pool.is_provided_mane(&d.number) && pool.count_named(d, cards) == 0 {
                out.push(format!(
                    "Mane Character {} ({}) is neither in the pool nor provided",
                    d.full_name(),
                    d.number
                ));
            }
        }
    }
    // Problem deck.
    let problems = deck.problem_size();
    if problems != LIMITED_PROBLEMS {
        out.push(format!(
            "the Problem deck has {problems} cards; a limited Problem deck has exactly {LIMITED_PROBLEMS} (Limited Play, Limited Deck Construction)"
        ));
    }
    let mut starting = 0;
    let mut by_name: BTreeMap<String, u32> = BTreeMap::new();
    for (n, &k) in &deck.problems {
        let Some(d) = cards.card(n) else {
            out.push(format!("Problem {n} is not in the catalogue"));
            continue;
        };
        if d.card_type != CardType::Problem {
            out.push(format!(
                "{} ({}) in the Problem deck is not a Problem",
                d.full_name(),
                d.number
            ));
        }
        if d.is_starting_problem() {
            starting += k;
        }
        let provided = pool.is_provided_problem(&d.number);
        if !provided {
            *by_name.entry(d.full_name()).or_insert(0) += k;
            let have = pool.count_named(d, cards);
            if k > have {
                out.push(format!(
                    "{} ({}): {k} in the Problem deck but {have} in the pool",
                    d.full_name(),
                    d.number
                ));
            }
        }
    }
    for (name, k) in by_name {
        if k > MAX_PROBLEM_COPIES {
            out.push(format!(
                "{k} copies of {name} in the Problem deck; at most {MAX_PROBLEM_COPIES} (101.3a)"
            ));
        }
    }
    if starting == 0 && problems > 0 {
        out.push(
            "the Problem deck has no Starting Problem (Limited Play, Limited Deck Construction)"
                .into(),
        );
    }
    // Draw deck.
    let draw = deck.draw_size();
    if draw < LIMITED_MIN_DRAW {
        out.push(format!(
            "the draw deck has {draw} cards; a limited draw deck has at least {LIMITED_MIN_DRAW} (Limited Play, Limited Deck Construction)"
        ));
    }
    let mut by_name: BTreeMap<String, u32> = BTreeMap::new();
    for (n, &k) in &deck.draw {
        let Some(d) = cards.card(n) else {
            out.push(format!("card {n} is not in the catalogue"));
            continue;
        };
        if matches!(d.card_type, CardType::Problem | CardType::ManeCharacter) {
            out.push(format!(
                "{} ({}) is a {} and cannot be in the draw deck",
                d.full_name(),
                d.number,
                d.card_type
            ));
        }
        *by_name.entry(d.full_name()).or_insert(0) += k;
        let have = pool.count_named(d, cards);
        if k > have {
            out.push(format!(
                "{} ({}): {k} in the draw deck but {have} in the pool",
                d.full_name(),
                d.number
            ));
        }
    }
    for (name, k) in by_name {
        if k > MAX_DRAW_COPIES {
            out.push(format!(
                "{k} copies of {name} in the draw deck; at most {MAX_DRAW_COPIES} (101.2)"
            ));
        }
    }
    out
}

/// Every colour a card asks for: its own colours and those of its play
/// requirements.
pub fn card_colors(d: &CardDef) -> Colors {
    let mut c = d.face.colors;
    for r in &d.play_reqs {
        c.insert(r.color);
    }
    c
}

fn rarity_value(r: Rarity) -> f64 {
    match r {
        Rarity::Common | Rarity::Fixed | Rarity::None | Rarity::Promo => 0.0,
        Rarity::Uncommon => 0.4,
        Rarity::Rare => 0.9,
        Rarity::SuperRare | Rarity::UltraRare | Rarity::RoyalRare => 1.3,
    }
}

/// A rough strength of a card for limited play, from its facts only (game text is
/// not read): power for its cost, keywords, Troublemaker points, Problem bonus, and
/// rarity as a stand-in for the strength of its text. Higher is better.
pub fn card_strength(d: &CardDef) -> f64 {
    let rarity = rarity_value(d.rarity);
    let keywords = d.face.keywords.len() as f64 * 0.3;
    let base = match d.card_type {
        CardType::ManeCharacter => 3.0 + d.face.power.unwrap_or(0) as f64 * 0.3,
        CardType::Friend => {
            let power = d.face.power.unwrap_or(0).max(0) as f64;
            let cost = d.cost.unwrap_or(1).max(1) as f64;
            let req: u16 = d.play_reqs.iter().map(|r| r.power).sum();
            1.0 + 1.5 * power / cost + 0.1 * power - 0.05 * req as f64
        }
        CardType::Event => 1.6,
        CardType::Resource => 1.5,
        CardType::Troublemaker => 1.2 + 0.4 * d.points.unwrap_or(0) as f64,
        CardType::Problem => {
            let bonus = d.problem.as_ref().map_or(0, |p| p.bonus) as f64;
            1.0 + 0.5 * bonus
        }
    };
    base + rarity + keywords
}

/// How well a Problem suits a deck of these colours: the owner's requirements
/// can be met with the deck's colours, and its bonus.
fn problem_fit(d: &CardDef, colors: Colors) -> f64 {
    let Some(p) = &d.problem else { return 0.0 };
    let mut fit = p.bonus as f64 * 0.5;
    for r in &p.owner {
        fit += match r.color {
            ReqColor::Color(c) if colors.contains(c) => 1.0,
            ReqColor::Color(_) => -1.5,
            ReqColor::Not(c) if colors.iter().any(|x| x != c) => 0.8,
            ReqColor::Not(_) => -1.0,
            ReqColor::Wild => 0.8,
            ReqColor::Rainbow => -3.0,
        };
    }
    if d.is_starting_problem() {
        fit += 0.2;
    }
    fit
}

/// Whether a card can be played in a deck of these colours.
pub fn fits_colors(d: &CardDef, colors: Colors) -> bool {
    card_colors(d).iter().all(|c| colors.contains(c))
}

/// Builds a legal limited deck from a pool: the two (or, for a thin pool, more)
/// colours with the strongest cards, the strongest thirty draw-deck cards in them,
/// the Mane Character that best fits, and five Problems with a Starting Problem.
pub fn build_limited_deck(
    pool: &LimitedPool,
    cards: &dyn CardLookup,
) -> Result<DeckList, LimitedError> {
    build_with(pool, cards, &|_| true)
}

/// Whether the engine would play this card: its game text is scripted (or it has
/// none) and its keywords are implemented. Legality is a matter of the rules;
/// this is a matter of the engine, which refuses a deck holding a card it can't
/// play rather than play it as if it had no text.
pub fn engine_plays(d: &CardDef) -> bool {
    let keywords_ok = [Some(&d.face), d.boosted.as_ref()]
        .into_iter()
        .flatten()
        .flat_map(|f| f.keywords.iter())
        .all(|&k| ponyccg_core::ability::keyword::implemented(k));
    keywords_ok && d.script != ScriptStatus::Unscripted
}

/// Whether the engine can play a built limited deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Playability {
    /// Every card of the deck is one the engine plays.
    Playable,
    /// The deck is playable because these cards of the pool, which a build from
    /// the whole pool would have used, were left out (their text is not scripted).
    PlayableLeavingOut(Vec<String>),
    /// No legal deck of playable cards only can be built from the pool; the deck
    /// is legal but holds these cards the engine can't play yet.
    Unplayable(Vec<String>),
}

/// The cards of a deck the engine would refuse, as numbers.
pub fn unplayable_cards(deck: &DeckList, cards: &dyn CardLookup) -> Vec<String> {
    std::iter::once(&deck.mane)
        .chain(deck.problems.keys())
        .chain(deck.draw.keys())
        .filter(|n| cards.card(n).is_some_and(|d| !engine_plays(d)))
        .cloned()
        .collect()
}

/// As [`build_limited_deck`], preferring a deck the engine can play: when the
/// best deck from the whole pool holds cards the engine would refuse, the deck is
/// built again from the playable cards only, and that one is taken if the pool
/// allows it. The [`Playability`] says which happened.
pub fn build_playable_limited_deck(
    pool: &LimitedPool,
    cards: &dyn CardLookup,
) -> Result<(DeckList, Playability), LimitedError> {
    let full = build_with(pool, cards, &|_| true);
    let refused = match &full {
        Ok(d) => unplayable_cards(d, cards),
        Err(_) => Vec::new(),
    };
    if let (Ok(d), true) = (&full, refused.is_empty()) {
        return Ok((d.clone(), Playability::Playable));
    }
    match (build_with(pool, cards, &engine_plays), full) {
        (Ok(d), Ok(_)) => Ok((d, Playability::PlayableLeavingOut(refused))),
        (Ok(d), Err(_)) => Ok((d, Playability::Playable)),
        (Err(_), Ok(d)) => Ok((d, Playability::Unplayable(refused))),
        (Err(_), Err(e)) => Err(e),
    }
}

/// The automatic builder over the pool cards (and provided cards) that `keep`
/// accepts.
fn build_with(
    pool: &LimitedPool,
    cards: &dyn CardLookup,
    keep: &dyn Fn(&CardDef) -> bool,
) -> Result<DeckList, LimitedError> {
    let mut defs: Vec<(&CardDef, u32)> = Vec::new();
    for (n, &k) in &pool.cards {
        let d = cards
            .card(n)
            .ok_or_else(|| LimitedError::UnknownCard(n.clone()))?;
        if keep(d) {
            defs.push((d, k));
        }
    }
    let playable: Vec<(&CardDef, u32)> = defs
        .iter()
        .copied()
        .filter(|(d, _)| !matches!(d.card_type, CardType::Problem | CardType::ManeCharacter))
        .collect();
    // Colour weights of the draw-deck cards.
    let mut weight: BTreeMap<Color, f64> = BTreeMap::new();
    for (d, k) in &playable {
        let cs = card_colors(d);
        for c in cs.iter() {
            *weight.entry(c).or_insert(0.0) += card_strength(d) * *k as f64 / cs.len() as f64;
        }
    }
    let mut order: Vec<Color> = Color::ALL.to_vec();
    order.sort_by(|a, b| {
        let wa = weight.get(a).copied().unwrap_or(0.0);
        let wb = weight.get(b).copied().unwrap_or(0.0);
        wb.total_cmp(&wa).then(a.cmp(b))
    });
    let available = |colors: Colors| -> u32 {
        usable_copies(&playable, colors)
            .iter()
            .map(|(_, k)| *k)
            .sum()
    };
    let mut colors = Colors::NONE;
    for c in order.iter().take(2) {
        colors.insert(*c);
    }
    let mut next = 2;
    while available(colors) < LIMITED_MIN_DRAW && next < order.len() {
        colors.insert(order[next]);
        next += 1;
    }
    let mut usable = usable_copies(&playable, colors);
    let total: u32 = usable.iter().map(|(_, k)| *k).sum();
    if total < LIMITED_MIN_DRAW {
        return Err(LimitedError::PoolTooThin(format!(
            "only {total} draw-deck cards can be used (at most {MAX_DRAW_COPIES} of a name), {LIMITED_MIN_DRAW} are needed"
        )));
    }
    usable.sort_by(|a, b| {
        card_strength(b.0)
            .total_cmp(&card_strength(a.0))
            .then(a.0.number.cmp(&b.0.number))
    });
    let mut draw: BTreeMap<String, u32> = BTreeMap::new();
    let mut left = LIMITED_MIN_DRAW;
    for (d, k) in usable {
        if left == 0 {
            break;
        }
        let take = k.min(left);
        draw.insert(d.number.clone(), take);
        left -= take;
    }
    // Mane Character: from the pool or the provided ones, fitting the colours.
    let mut manes: Vec<&CardDef> = defs
        .iter()
        .filter(|(d, _)| d.card_type == CardType::ManeCharacter)
        .map(|(d, _)| *d)
        .collect();
    for m in &pool.provided_manes {
        if let Some(d) = cards.card(m).filter(|d| keep(d)) {
            manes.push(d);
        }
    }
    let mane_score = |d: &CardDef| {
        let fit = if d.face.colors.intersects(colors) {
            10.0
        } else {
            0.0
        };
        let main = if d.face.colors.contains(order[0]) {
            2.0
        } else {
            0.0
        };
        fit + main + card_strength(d)
    };
    let mane = manes
        .iter()
        .max_by(|a, b| {
            mane_score(a)
                .total_cmp(&mane_score(b))
                .then(b.number.cmp(&a.number))
        })
        .ok_or_else(|| {
            LimitedError::PoolTooThin(
                "no Mane Character in the pool and none provided (name a block)".into(),
            )
        })?;
    // Problems: one Starting Problem at least, five in all.
    let mut problem_copies: Vec<(&CardDef, u32)> = defs
        .iter()
        .copied()
        .filter(|(d, _)| d.card_type == CardType::Problem)
        .collect();
    for p in &pool.provided_starting_problems {
        if let Some(d) = cards.card(p).filter(|d| keep(d)) {
            match problem_copies
                .iter_mut()
                .find(|(x, _)| x.number == d.number)
            {
                Some(e) => e.1 = MAX_PROBLEM_COPIES,
                None => problem_copies.push((d, MAX_PROBLEM_COPIES)),
            }
        }
    }
    problem_copies.sort_by(|a, b| {
        problem_fit(b.0, colors)
            .total_cmp(&problem_fit(a.0, colors))
            .then(a.0.number.cmp(&b.0.number))
    });
    let mut problems: BTreeMap<String, u32> = BTreeMap::new();
    let mut names: BTreeMap<String, u32> = BTreeMap::new();
    let first_starting = problem_copies
        .iter()
        .find(|(d, _)| d.is_starting_problem())
        .map(|(d, _)| *d)
        .ok_or_else(|| {
            LimitedError::PoolTooThin(
                "no Starting Problem in the pool and none provided (name a block)".into(),
            )
        })?;
    problems.insert(first_starting.number.clone(), 1);
    names.insert(first_starting.full_name(), 1);
    let mut count = 1;
    for (d, k) in &problem_copies {
        while count < LIMITED_PROBLEMS {
            let have = problems.get(&d.number).copied().unwrap_or(0);
            let named = names.get(&d.full_name()).copied().unwrap_or(0);
            if have >= *k || named >= MAX_PROBLEM_COPIES {
                break;
            }
            problems.insert(d.number.clone(), have + 1);
            names.insert(d.full_name(), named + 1);
            count += 1;
        }
    }
    if count < LIMITED_PROBLEMS {
        return Err(LimitedError::PoolTooThin(format!(
            "only {count} Problems can be used, {LIMITED_PROBLEMS} are needed"
        )));
    }
    Ok(DeckList {
        mane: mane.number.clone(),
        problems,
        draw,
    })
}

/// Draw-deck cards usable in these colours, with copies capped by name (101.2).
fn usable_copies<'a>(playable: &[(&'a CardDef, u32)], colors: Colors) -> Vec<(&'a CardDef, u32)> {
    let mut per_name: BTreeMap<String, u32> = BTreeMap::new();
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    let mut out = Vec::new();
    let mut sorted: Vec<(&CardDef, u32)> = playable.to_vec();
    sorted.sort_by(|a, b| {
        card_strength(b.0)
            .total_cmp(&card_strength(a.0))
            .then(a.0.number.cmp(&b.0.number))
    });
    for (d, k) in sorted {
        if !fits_colors(d, colors) || !seen.insert(d.number.as_str()) {
            continue;
        }
        let used = per_name.entry(d.full_name()).or_insert(0);
        let take = k.min(MAX_DRAW_COPIES.saturating_sub(*used));
        if take > 0 {
            *used += take;
            out.push((d, take));
        }
    }
    out
}
