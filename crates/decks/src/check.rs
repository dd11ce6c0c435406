//! Deck legality: the deckbuilding rules of 101 and 102.1, and the formats of the
//! 3.4 document ("Format Legality": Harmony, Block; "Limited Play"). Every
//! violation is reported at once, each naming the card, the count and the clause.

use crate::date::Date;
use crate::deck::{Deck, Part};
use crate::formats::{self, Block, SetRelease};
use crate::resolve::{display, normalize};
use ponyccg_cards::{Catalogue, Entry, SetKind};
use ponyccg_core::card::{CardType, Color, OpponentReq, ReqColor};
use std::collections::{BTreeMap, HashMap};
use std::fmt;

/// What a deck is checked against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// Only the deckbuilding rules of 101 (and one Mane Character, 102.1).
    Constructed,
    /// Every released official product, with the banlist.
    Harmony,
    /// One block's set releases, supplemental products excluded, Harmony bans applied.
    Block(Block),
    /// A limited deck: the sizes of "Limited Deck Construction"; with a pool, every
    /// card must come from it, apart from the Mane Characters and Starting Problems
    /// the organiser may provide (those of `block`, or of both blocks).
    Limited {
        block: Option<Block>,
        pool: Option<Deck>,
    },
}

impl Format {
    /// Parses the command-line names: constructed, harmony, block-premiere,
    /// block-odyssey, limited, limited-premiere, limited-odyssey.
    pub fn parse(s: &str) -> Option<Format> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "constructed" => Format::Constructed,
            "harmony" => Format::Harmony,
            "block-premiere" => Format::Block(Block::Premiere),
            "block-odyssey" => Format::Block(Block::Odyssey),
            "limited" => Format::Limited {
                block: None,
                pool: None,
            },
            "limited-premiere" => Format::Limited {
                block: Some(Block::Premiere),
                pool: None,
            },
            "limited-odyssey" => Format::Limited {
                block: Some(Block::Odyssey),
                pool: None,
            },
            _ => return None,
        })
    }

    pub const NAMES: &'static str =
        "constructed, harmony, block-premiere, block-odyssey, limited, limited-premiere, limited-odyssey";

    pub fn name(&self) -> String {
        match self {
            Format::Constructed => "Constructed (101)".into(),
            Format::Harmony => "Harmony".into(),
            Format::Block(b) => format!("Block ({})", b.name()),
            Format::Limited { block: Some(b), .. } => format!("Limited ({})", b.name()),
            Format::Limited { block: None, .. } => "Limited".into(),
        }
    }

    fn is_limited(&self) -> bool {
        matches!(self, Format::Limited { .. })
    }
}

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The rule number ("101.2") or format clause ("Format Legality: Harmony banlist").
    pub clause: String,
    /// The card concerned, as "Full Name (NUMBER)".
    pub card: Option<String>,
    /// The count concerned: copies of the card, or the size of the deck part.
    pub count: Option<u32>,
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] ", self.clause)?;
        if let Some(card) = &self.card {
            write!(f, "{card}")?;
            if let Some(n) = self.count {
                write!(f, " x{n}")?;
            }
            write!(f, ": ")?;
        }
        f.write_str(&self.message)
    }
}

/// Counts of a deck, shown for every check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub mane: Vec<String>,
    pub draw_total: u32,
    pub problem_total: u32,
    pub starting_problems: u32,
    /// Draw deck cards by type name.
    pub by_type: BTreeMap<String, u32>,
    /// Draw deck cards having each colour (a two-colour card counts for both).
    pub by_color: BTreeMap<String, u32>,
    pub colorless: u32,
    /// Per colour: how many draw deck cards have a play requirement in it, and the
    /// highest power asked.
    pub play_reqs: BTreeMap<String, (u32, u16)>,
    /// Per requirement colour ("Blue", "not Blue", "Wild", "Rainbow"): how many
    /// Problems ask it of their owner, and the highest power asked.
    pub problem_owner_reqs: BTreeMap<String, (u32, u16)>,
    /// The smallest and largest opponent requirement of the Problems.
    pub problem_opponent_range: Option<(u16, u16)>,
    pub problem_unmeetable: u32,
}

/// The outcome of a check.
#[derive(Clone, Debug)]
pub struct Report {
    pub format: String,
    pub as_of: Date,
    pub deck_name: Option<String>,
    pub violations: Vec<Violation>,
    /// Things worth knowing that break no rule.
    pub notes: Vec<String>,
    pub summary: Summary,
}

impl Report {
    pub fn is_legal(&self) -> bool {
        self.violations.is_empty()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = &self.deck_name {
            writeln!(f, "Deck: {n}")?;
        }
        writeln!(f, "Format: {}, as of {}", self.format, self.as_of)?;
        if self.is_legal() {
            writeln!(f, "LEGAL")?;
        } else {
            let n = self.violations.len();
            writeln!(f, "ILLEGAL: {n} violation{}", if n == 1 { "" } else { "s" })?;
            for v in &self.violations {
                writeln!(f, "  - {v}")?;
            }
        }
        let s = &self.summary;
        writeln!(f, "Summary:")?;
        writeln!(
            f,
            "  Mane Character: {}",
            if s.mane.is_empty() {
                "none".into()
            } else {
                s.mane.join("; ")
            }
        )?;
        let types: Vec<String> = s.by_type.iter().map(|(t, n)| format!("{n} {t}")).collect();
        writeln!(
            f,
            "  Draw deck: {} cards ({})",
            s.draw_total,
            types.join(", ")
        )?;
        let mut colors: Vec<String> = s.by_color.iter().map(|(c, n)| format!("{c} {n}")).collect();
        if s.colorless > 0 {
            colors.push(format!("colourless {}", s.colorless));
        }
        writeln!(f, "  Colours: {}", colors.join(", "))?;
        let reqs: Vec<String> = s
            .play_reqs
            .iter()
            .map(|(c, (n, max))| format!("{c}: {}, up to {max}", plural_n(*n, "card")))
            .collect();
        writeln!(
            f,
            "  Play requirements: {}",
            if reqs.is_empty() {
                "none".into()
            } else {
                reqs.join("; ")
            }
        )?;
        writeln!(
            f,
            "  Problem deck: {} cards ({} Starting Problems)",
            s.problem_total, s.starting_problems
        )?;
        let owner: Vec<String> = s
            .problem_owner_reqs
            .iter()
            .map(|(c, (n, max))| format!("{c}: {}, up to {max}", plural_n(*n, "Problem")))
            .collect();
        if !owner.is_empty() {
            writeln!(f, "  Problem requirements (yours): {}", owner.join("; "))?;
        }
        if let Some((lo, hi)) = s.problem_opponent_range {
            let range = if lo == hi {
                lo.to_string()
            } else {
                format!("{lo} to {hi}")
            };
            write!(f, "  Problem requirements (opponent): {range} wild power")?;
            if s.problem_unmeetable > 0 {
                write!(f, " ({} cannot be met)", s.problem_unmeetable)?;
            }
            writeln!(f)?;
        }
        for n in &self.notes {
            writeln!(f, "Note: {n}")?;
        }
        Ok(())
    }
}

const HARMONY: &str = "Format Legality: Harmony Constructed";
const HARMONY_BAN: &str = "Format Legality: Harmony banlist";
const BLOCK: &str = "Format Legality: Block Constructed";
const LIMITED: &str = "Limited Play: Limited Deck Construction";
const LIMITED_POOL: &str = "Limited Play: limited pool";

/// Checks a deck against a format on a date. Never fails: unknown card numbers are
/// violations too.
pub fn check(deck: &Deck, format: &Format, as_of: Date, cat: &Catalogue) -> Report {
    let mut v: Vec<Violation> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    let limited = format.is_limited();
    let viol =
        |clause: &str, card: Option<&Entry>, count: Option<u32>, message: String| Violation {
            clause: clause.to_string(),
            card: card.map(display),
            count,
            message,
        };

    // Resolve every line once.
    let mut parts: HashMap<Part, Vec<(&Entry, u32)>> = HashMap::new();
    for part in [Part::Mane, Part::Problems, Part::Draw] {
        let mut resolved = Vec::new();
        for c in deck.part(part).iter().filter(|c| c.count > 0) {
            match cat.get(&c.number) {
                Some(e) => resolved.push((e, c.count)),
                None => v.push(Violation {
                    clause: "catalogue".into(),
                    card: Some(c.number.clone()),
                    count: Some(c.count),
                    message: format!("no card has this number (in the {})", part.name()),
                }),
            }
        }
        parts.insert(part, resolved);
    }
    let (manes, problems, draw) = (
        &parts[&Part::Mane],
        &parts[&Part::Problems],
        &parts[&Part::Draw],
    );

    // 102.1: exactly one Mane Character.
    let mane_total: u32 = manes.iter().map(|(_, n)| n).sum();
    if mane_total != 1 {
        v.push(Violation {
            clause: "102.1".into(),
            card: None,
            count: Some(mane_total),
            message: format!("a deck needs exactly one Mane Character; this one has {mane_total}"),
        });
    }
    for (e, n) in manes {
        if e.def.card_type != CardType::ManeCharacter {
            v.push(viol(
                "102.1",
                Some(e),
                Some(*n),
                format!("is a {}, not a Mane Character", e.def.card_type),
            ));
        }
    }

    // Draw deck: 101.1 size (Limited: 30), 101.2 types and copies.
    let draw_total: u32 = draw.iter().map(|(_, n)| n).sum();
    let (draw_min, draw_clause) = if limited {
        (30, LIMITED)
    } else {
        (45, "101.1")
    };
    if draw_total < draw_min {
        v.push(Violation {
            clause: draw_clause.into(),
            card: None,
            count: Some(draw_total),
            message: format!("the draw deck has {draw_total} cards; it needs at least {draw_min}"),
        });
    }
    for (e, n) in draw {
        if !matches!(
            e.def.card_type,
            CardType::Friend | CardType::Event | CardType::Resource | CardType::Troublemaker
        ) {
            v.push(viol(
                "101.2",
                Some(e),
                Some(*n),
                format!(
                    "is a {}; a draw deck holds only Friends, Events, Resources and Troublemakers",
                    e.def.card_type
                ),
            ));
        }
    }
    // 101.2 holds in Limited too: no card is provided for the draw deck, so every
    // draw card comes from the pool and keeps the copy limit.
    for (e, n) in copies_by_name(draw) {
        if n > 3 {
            v.push(viol(
                "101.2",
                Some(e),
                Some(n),
                format!("{n} copies of one name in the draw deck; at most 3"),
            ));
        }
    }

    // Problem deck: 101.3 size (Limited: 5), 101.3a copies, 101.3b types, 101.3c start.
    let problem_total: u32 = problems.iter().map(|(_, n)| n).sum();
    let (problem_size, problem_clause) = if limited { (5, LIMITED) } else { (10, "101.3") };
    if problem_total != problem_size {
        v.push(Violation {
            clause: problem_clause.into(),
            card: None,
            count: Some(problem_total),
            message: format!(
                "the Problem deck has {problem_total} cards; it needs exactly {problem_size}"
            ),
        });
    }
    for (e, n) in problems {
        if e.def.card_type != CardType::Problem {
            v.push(viol(
                "101.3b",
                Some(e),
                Some(*n),
                format!(
                    "is a {}; a Problem deck holds only Problems",
                    e.def.card_type
                ),
            ));
        }
    }
    // 101.3a holds in Limited as well, except for the Starting Problems an organiser
    // may provide, which the Limited Play section allows in any number.
    let provided_sp_names: Vec<String> = match format {
        Format::Limited { block, .. } => block
            .map_or(Block::ALL.to_vec(), |b| vec![b])
            .iter()
            .flat_map(|b| b.provided_starting_problems())
            .filter_map(|n| cat.get(n))
            .map(|e| normalize(&e.def.full_name()))
            .collect(),
        Format::Constructed | Format::Harmony | Format::Block(_) => Vec::new(),
    };
    for (e, n) in copies_by_name(problems)
        .into_iter()
        .filter(|(e, _)| !provided_sp_names.contains(&normalize(&e.def.full_name())))
    {
        if n > 2 {
            v.push(viol(
                "101.3a",
                Some(e),
                Some(n),
                format!("{n} copies of one name in the Problem deck; at most 2"),
            ));
        }
    }
    let starting: u32 = problems
        .iter()
        .filter(|(e, _)| e.def.card_type == CardType::Problem && e.def.is_starting_problem())
        .map(|(_, n)| n)
        .sum();
    if starting == 0 {
        v.push(Violation {
            clause: if limited {
                LIMITED.into()
            } else {
                "101.3c".into()
            },
            card: None,
            count: Some(0),
            message: "the Problem deck has no Problem with the Starting Problem keyword".into(),
        });
    }

    // Every distinct card of the deck, once, with its total count.
    let mut distinct: Vec<(&Entry, u32)> = Vec::new();
    for (e, n) in manes.iter().chain(problems).chain(draw) {
        match distinct
            .iter_mut()
            .find(|(d, _)| d.def.number == e.def.number && d.octgn_id == e.octgn_id)
        {
            Some(d) => d.1 += n,
            None => distinct.push((e, *n)),
        }
    }

    // 521.3: tokens exist only in play.
    for (e, n) in &distinct {
        if set_kind(cat, e) == Some(SetKind::Token) {
            v.push(viol(
                "521.3",
                Some(e),
                Some(*n),
                "is a token; tokens cannot be put in a deck".into(),
            ));
        }
    }

    // The format's card pool.
    let banned_names = banned_names(cat);
    for (e, n) in &distinct {
        let e: &Entry = e;
        let kind = set_kind(cat, e);
        if kind == Some(SetKind::Token) {
            continue; // reported above
        }
        match format {
            Format::Constructed => {}
            Format::Harmony | Format::Block(_) | Format::Limited { .. } => {
                let clause = match format {
                    Format::Harmony => HARMONY,
                    Format::Block(_) => BLOCK,
                    _ => LIMITED,
                };
                let product = match product(cat, e, kind) {
                    Ok(p) => p,
                    Err(why) => {
                        v.push(viol(clause, Some(e), Some(*n), why));
                        continue;
                    }
                };
                match product {
                    Some(p) => {
                        if as_of < p.released {
                            v.push(viol(
                                clause,
                                Some(e),
                                Some(*n),
                                format!(
                                    "{} was not released yet (released {}{})",
                                    p.name,
                                    p.released,
                                    approx(p)
                                ),
                            ));
                        }
                        if let Format::Block(b) = format {
                            if p.supplemental {
                                v.push(viol(
                                    BLOCK,
                                    Some(e),
                                    Some(*n),
                                    format!(
                                        "{} is a supplemental product, not legal in Block",
                                        p.name
                                    ),
                                ));
                            } else if !b.sets().contains(&p.code) {
                                v.push(viol(
                                    BLOCK,
                                    Some(e),
                                    Some(*n),
                                    format!("{} is not a set of the {}", p.name, b.name()),
                                ));
                            }
                        }
                    }
                    None if matches!(format, Format::Block(_)) => v.push(viol(
                        BLOCK,
                        Some(e),
                        Some(*n),
                        "a promo whose product is unknown cannot be placed in a block".into(),
                    )),
                    None => notes.push(format!(
                        "{} is a promo whose legal date we do not know; it is treated as legal",
                        display(e)
                    )),
                }
                if !limited {
                    if let Some((ban_number, ban)) =
                        banned_names.get(&normalize(&e.def.full_name()))
                    {
                        if as_of >= ban.effective {
                            v.push(viol(
                                HARMONY_BAN,
                                Some(e),
                                Some(*n),
                                format!(
                                    "banned since {} (banlist entry {ban_number})",
                                    ban.effective
                                ),
                            ));
                        } else {
                            notes.push(format!(
                                "{} is banned from {} on",
                                display(e),
                                ban.effective
                            ));
                        }
                    }
                }
            }
        }
    }

    if let Format::Limited { block, pool } = format {
        limited_checks(
            &distinct,
            manes,
            problems,
            *block,
            pool.as_ref(),
            cat,
            &mut v,
            &mut notes,
        );
    }

    Report {
        format: format.name(),
        as_of,
        deck_name: deck.name.clone(),
        violations: v,
        notes,
        summary: summarize(manes, problems, draw),
    }
}

fn approx(p: &SetRelease) -> &'static str {
    match p.precision {
        formats::Precision::Day => "",
        formats::Precision::Month => ", month known only",
    }
}

fn set_kind(cat: &Catalogue, e: &Entry) -> Option<SetKind> {
    cat.set(&e.def.set).map(|s| s.kind)
}

/// The official product a card belongs to, `Ok(None)` for a promo of unknown
/// product, or why the card is from no released official product.
fn product(
    cat: &Catalogue,
    e: &Entry,
    kind: Option<SetKind>,
) -> Result<Option<&'static SetRelease>, String> {
    let set_name = cat
        .set(&e.def.set)
        .map(|s| s.name.clone())
        .unwrap_or_else(|| e.def.set.clone());
    match kind {
        Some(SetKind::Official) => formats::set_release(&e.def.set).map(Some).ok_or_else(|| {
            format!("{set_name} has no known release date, so it cannot be called released")
        }),
        Some(SetKind::Promo) => Ok(formats::product_of_number(&e.def.number)),
        Some(SetKind::Community) => Err(format!(
            "{set_name} is a community set, legal in no official format"
        )),
        Some(SetKind::VillainChallenge) => Err(format!(
            "{set_name} cards belong to the fan Villain Challenge format only"
        )),
        Some(SetKind::Unreleased) => Err(format!("{set_name} was never released")),
        Some(SetKind::Token) => Err("tokens cannot be put in a deck".into()),
        None => Err(format!("set `{}` is unknown", e.def.set)),
    }
}

/// Copies per name (201.1: title and subtitle), summed over printings.
fn copies_by_name<'a>(cards: &[(&'a Entry, u32)]) -> Vec<(&'a Entry, u32)> {
    let mut out: Vec<(&Entry, u32, String)> = Vec::new();
    for (e, n) in cards {
        let key = normalize(&e.def.full_name());
        match out.iter_mut().find(|(_, _, k)| *k == key) {
            Some(x) => x.1 += n,
            None => out.push((e, *n, key)),
        }
    }
    out.into_iter().map(|(e, n, _)| (e, n)).collect()
}

/// The banned names (every printing of a banned card is banned).
fn banned_names(cat: &Catalogue) -> HashMap<String, (&'static str, &'static formats::Ban)> {
    let mut out = HashMap::new();
    for ban in formats::HARMONY_BANLIST {
        if let Some(e) = cat.get(ban.number) {
            out.insert(normalize(&e.def.full_name()), (ban.number, ban));
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn limited_checks(
    distinct: &[(&Entry, u32)],
    manes: &[(&Entry, u32)],
    problems: &[(&Entry, u32)],
    block: Option<Block>,
    pool: Option<&Deck>,
    cat: &Catalogue,
    v: &mut Vec<Violation>,
    notes: &mut Vec<String>,
) {
    let blocks: Vec<Block> = match block {
        Some(b) => vec![b],
        None => Block::ALL.to_vec(),
    };
    let provided_mane = |e: &Entry| {
        blocks
            .iter()
            .any(|b| b.provided_manes().contains(&e.def.number.as_str()))
    };
    let provided_sp = |e: &Entry| {
        blocks.iter().any(|b| {
            b.provided_starting_problems()
                .contains(&e.def.number.as_str())
        })
    };
    let Some(pool) = pool else {
        for (e, _) in manes {
            if !provided_mane(e) {
                notes.push(format!(
                    "{} is not among the Mane Characters an organiser may provide; it must come from your pool",
                    display(e)
                ));
            }
        }
        return;
    };
    // Pool cards count by name, so another printing of a card in the pool serves.
    let mut available: HashMap<String, u32> = HashMap::new();
    for part in [Part::Mane, Part::Problems, Part::Draw] {
        for c in pool.part(part) {
            if let Some(e) = cat.get(&c.number) {
                *available.entry(normalize(&e.def.full_name())).or_default() += c.count;
            }
        }
    }
    let from_mane = |e: &Entry| manes.iter().any(|(m, _)| m.def.number == e.def.number);
    let from_problems = |e: &Entry| problems.iter().any(|(p, _)| p.def.number == e.def.number);
    for (e, n) in distinct {
        let mut needed = *n;
        if from_mane(e) && provided_mane(e) {
            needed = needed.saturating_sub(
                manes
                    .iter()
                    .filter(|(m, _)| m.def.number == e.def.number)
                    .map(|(_, c)| c)
                    .sum(),
            );
        }
        if from_problems(e) && provided_sp(e) {
            needed = needed.saturating_sub(
                problems
                    .iter()
                    .filter(|(p, _)| p.def.number == e.def.number)
                    .map(|(_, c)| c)
                    .sum(),
            );
        }
        let have = available
            .get(&normalize(&e.def.full_name()))
            .copied()
            .unwrap_or(0);
        if needed > have {
            v.push(Violation {
                clause: LIMITED_POOL.into(),
                card: Some(display(e)),
                count: Some(needed),
                message: format!("the deck uses {needed} from the pool, which holds {have}"),
            });
        }
    }
}

fn summarize(
    manes: &[(&Entry, u32)],
    problems: &[(&Entry, u32)],
    draw: &[(&Entry, u32)],
) -> Summary {
    let mut s = Summary {
        mane: manes.iter().map(|(e, _)| display(e)).collect(),
        ..Summary::default()
    };
    for (e, n) in draw {
        s.draw_total += n;
        *s.by_type.entry(plural(e.def.card_type)).or_default() += n;
        if e.def.face.colors.is_empty() {
            s.colorless += n;
        }
        for c in e.def.face.colors.iter() {
            *s.by_color.entry(c.name().to_string()).or_default() += n;
        }
        for r in &e.def.play_reqs {
            let slot = s.play_reqs.entry(r.color.name().to_string()).or_default();
            slot.0 += n;
            slot.1 = slot.1.max(r.power);
        }
    }
    for (e, n) in problems {
        s.problem_total += n;
        if e.def.card_type == CardType::Problem && e.def.is_starting_problem() {
            s.starting_problems += n;
        }
        let Some(p) = &e.def.problem else { continue };
        for r in &p.owner {
            let key = match r.color {
                ReqColor::Color(c) => c.name().to_string(),
                ReqColor::Not(c) => format!("not {}", Color::name(c)),
                ReqColor::Wild => "Wild".into(),
                ReqColor::Rainbow => "Rainbow".into(),
            };
            let slot = s.problem_owner_reqs.entry(key).or_default();
            slot.0 += n;
            slot.1 = slot.1.max(r.power);
        }
        match p.opponent {
            OpponentReq::Wild(w) => {
                s.problem_opponent_range = Some(match s.problem_opponent_range {
                    Some((lo, hi)) => (lo.min(w), hi.max(w)),
                    None => (w, w),
                })
            }
            OpponentReq::Unmeetable => s.problem_unmeetable += n,
        }
    }
    s
}

fn plural_n(n: u32, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

fn plural(t: CardType) -> String {
    format!("{}s", t.name())
}
