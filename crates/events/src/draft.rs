//! Booster draft (Limited Play, Booster Draft Format): a pod of drafters seated in
//! a circle opens its boosters most recent set first; the first and third boosters
//! go round to the left, the second and fourth to the right; each drafter takes one
//! card from the pack in hand and passes the rest until the packs are empty.
//!
//! Seats are numbered 0..n round the circle; passing left hands a pack from seat
//! `i` to seat `i + 1` (wrapping), passing right to seat `i - 1`.
//!
//! A [`Drafter`] is shown a [`DraftView`]: its own picks and the pack in hand,
//! nothing else, so no drafter can see another's cards.

use crate::cards::CardLookup;
use crate::limited::{
    card_colors, card_strength, engine_plays, Block, LimitedPool, LIMITED_PROBLEMS, MAX_DRAW_COPIES,
};
use crate::packs::{PackError, PackMix};
use ponyccg_core::card::{CardType, Color};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::io::{BufRead, Write};

/// Which way a pack goes round the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Left,
    Right,
}

impl Direction {
    /// The direction of the `round`-th booster (0-based): the first and third go
    /// left, the second and fourth right (and so on, alternating).
    pub fn of_round(round: usize) -> Direction {
        if round.is_multiple_of(2) {
            Direction::Left
        } else {
            Direction::Right
        }
    }

    /// The seat that receives a pack passed from `seat` at a table of `n`.
    pub fn next_seat(self, seat: usize, n: usize) -> usize {
        match self {
            Direction::Left => (seat + 1) % n,
            Direction::Right => (seat + n - 1) % n,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }
}

/// What a drafter may see when it picks.
#[derive(Clone, Copy, Debug)]
pub struct DraftView<'a> {
    /// 1-based number of the booster being drafted.
    pub pack_number: usize,
    /// 1-based pick number within this booster.
    pub pick_number: usize,
    pub direction: Direction,
    /// The pack in hand (card numbers).
    pub pack: &'a [String],
    /// This drafter's own picks so far.
    pub picks: &'a [String],
}

/// Errors of a draft.
#[derive(Debug, thiserror::Error)]
pub enum DraftError {
    #[error("a draft pod needs at least 2 drafters, this one has {0}")]
    PodTooSmall(usize),
    #[error(transparent)]
    Pack(#[from] PackError),
    #[error("seat {seat} ({name}) picked card {index} from a pack of {len}")]
    BadPick {
        seat: usize,
        name: String,
        index: usize,
        len: usize,
    },
    #[error("{0} stopped the draft")]
    Stopped(String),
    #[error("reading a pick: {0}")]
    Io(#[from] std::io::Error),
}

/// A player in a draft pod: a person at a terminal or an AI.
pub trait Drafter {
    fn name(&self) -> &str;
    /// Chooses a card from `view.pack` and returns its index there.
    fn pick(&mut self, view: &DraftView<'_>, cards: &dyn CardLookup) -> Result<usize, DraftError>;
    /// Called between boosters with the drafter's picks, for review.
    fn review(&mut self, _picks: &[String], _cards: &dyn CardLookup) {}
}

/// One pick, for the draft log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PickRecord {
    pub pack_number: usize,
    pub pick_number: usize,
    pub seat: usize,
    /// The seat whose booster this pack was when opened.
    pub opened_by: usize,
    pub card: String,
}

/// The result of a draft: each seat's picks, in order, and the log.
#[derive(Clone, Debug)]
pub struct DraftResult {
    pub picks: Vec<Vec<String>>,
    pub log: Vec<PickRecord>,
}

impl DraftResult {
    /// Seat `seat`'s limited pool, with the provided cards of `block`.
    pub fn pool(&self, seat: usize, block: Option<Block>) -> LimitedPool {
        LimitedPool::new(self.picks[seat].iter().map(String::as_str), block)
    }
}

/// Runs a draft: every drafter opens the boosters of `mix` (most recent set
/// first) from a generator seeded by `seed`.
pub fn run_draft(
    drafters: &mut [Box<dyn Drafter + '_>],
    mix: &PackMix,
    cards: &dyn CardLookup,
    seed: u64,
) -> Result<DraftResult, DraftError> {
    let n = drafters.len();
    if n < 2 {
        return Err(DraftError::PodTooSmall(n));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let order = mix.in_opening_order();
    let mut picks: Vec<Vec<String>> = vec![Vec::new(); n];
    let mut log = Vec::new();
    for (round, spec) in order.iter().enumerate() {
        let direction = Direction::of_round(round);
        // packs[i] = (the pack seat i holds, who opened it)
        let mut packs: Vec<(Vec<String>, usize)> = Vec::with_capacity(n);
        for seat in 0..n {
            packs.push((spec.open(cards, &mut rng)?.cards, seat));
        }
        let mut pick_number = 0;
        while packs.iter().any(|(p, _)| !p.is_empty()) {
            pick_number += 1;
            for seat in 0..n {
                let (pack, opened_by) = &mut packs[seat];
                if pack.is_empty() {
                    continue;
                }
                let view = DraftView {
                    pack_number: round + 1,
                    pick_number,
                    direction,
                    pack,
                    picks: &picks[seat],
                };
                let index = drafters[seat].pick(&view, cards)?;
                if index >= pack.len() {
                    return Err(DraftError::BadPick {
                        seat,
                        name: drafters[seat].name().to_string(),
                        index,
                        len: pack.len(),
                    });
                }
                let card = pack.remove(index);
                log.push(PickRecord {
                    pack_number: round + 1,
                    pick_number,
                    seat,
                    opened_by: *opened_by,
                    card: card.clone(),
                });
                picks[seat].push(card);
            }
            // Pass: the pack at seat i goes to direction.next_seat(i).
            let mut passed: Vec<(Vec<String>, usize)> = vec![(Vec::new(), 0); n];
            for (seat, p) in packs.into_iter().enumerate() {
                passed[direction.next_seat(seat, n)] = p;
            }
            packs = passed;
        }
        for (seat, d) in drafters.iter_mut().enumerate() {
            d.review(&picks[seat], cards);
        }
    }
    Ok(DraftResult { picks, log })
}

/// An AI drafter: takes the strongest card, favouring the two colours its picks
/// lean to once it has a few cards.
#[derive(Clone, Debug)]
pub struct AiDrafter {
    pub name: String,
}

impl AiDrafter {
    pub fn new(name: impl Into<String>) -> AiDrafter {
        AiDrafter { name: name.into() }
    }

    /// The colours this drafter is committed to, from its own picks: the two
    /// colours with the most strength among them, once it has at least four picks.
    pub fn committed_colors(picks: &[String], cards: &dyn CardLookup) -> Vec<Color> {
        if picks.len() < 4 {
            return Vec::new();
        }
        let mut w: BTreeMap<Color, f64> = BTreeMap::new();
        for p in picks {
            if let Some(d) = cards.card(p) {
                if d.card_type == CardType::Problem {
                    continue;
                }
                let cs = card_colors(d);
                for c in cs.iter() {
                    *w.entry(c).or_insert(0.0) += card_strength(d) / cs.len() as f64;
                }
            }
        }
        let mut v: Vec<(Color, f64)> = w.into_iter().collect();
        v.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        v.into_iter().take(2).map(|(c, _)| c).collect()
    }

    /// The value of taking `number` given the colours committed to.
    pub fn pick_value(number: &str, committed: &[Color], cards: &dyn CardLookup) -> f64 {
        let Some(d) = cards.card(number) else {
            return f64::NEG_INFINITY;
        };
        let strength = card_strength(d);
        if committed.is_empty() || d.card_type == CardType::Problem {
            return strength;
        }
        let cs = card_colors(d);
        let on = cs.iter().filter(|c| committed.contains(c)).count();
        let factor = if cs.is_empty() || on == cs.len() {
            1.0
        } else if on > 0 {
            0.6
        } else {
            0.35
        };
        strength * factor
    }
}

impl AiDrafter {
    /// [`AiDrafter::pick_value`] for a drafter already holding `picks`, discounted
    /// for what its limited deck could not use: a sixth Problem (a limited Problem
    /// deck has five, and a block provides Starting Problems), a second Mane
    /// Character, a fourth copy of a draw card's name (101.2), and, by half, a card
    /// the engine can't play yet. Without these discounts a drafter could end with
    /// 19 Problems and too few draw cards for a legal deck (issue 18).
    pub fn value_with_picks(
        number: &str,
        picks: &[String],
        committed: &[Color],
        cards: &dyn CardLookup,
    ) -> f64 {
        let base = AiDrafter::pick_value(number, committed, cards);
        let Some(d) = cards.card(number) else {
            return base;
        };
        let held = |pred: &dyn Fn(&ponyccg_core::card::CardDef) -> bool| {
            picks
                .iter()
                .filter(|p| cards.card(p).is_some_and(pred))
                .count() as u32
        };
        let mut v = base;
        if !engine_plays(d) {
            v *= 0.5;
        }
        match d.card_type {
            CardType::Problem => {
                v *= if held(&|x| x.card_type == CardType::Problem) >= LIMITED_PROBLEMS {
                    0.05
                } else {
                    0.5
                };
            }
            CardType::ManeCharacter => {
                if held(&|x| x.card_type == CardType::ManeCharacter) > 0 {
                    v *= 0.1;
                }
            }
            CardType::Friend | CardType::Event | CardType::Resource | CardType::Troublemaker => {
                let name = d.full_name();
                if held(&|x| x.full_name() == name) >= MAX_DRAW_COPIES {
                    v *= 0.05;
                }
            }
        }
        v
    }
}

impl Drafter for AiDrafter {
    fn name(&self) -> &str {
        &self.name
    }
    fn pick(&mut self, view: &DraftView<'_>, cards: &dyn CardLookup) -> Result<usize, DraftError> {
        let committed = AiDrafter::committed_colors(view.picks, cards);
        let value = |n: &str| AiDrafter::value_with_picks(n, view.picks, &committed, cards);
        let best = view
            .pack
            .iter()
            .enumerate()
            .max_by(|(ia, a), (ib, b)| value(a).total_cmp(&value(b)).then(ib.cmp(ia)))
            .map(|(i, _)| i);
        best.ok_or_else(|| DraftError::Stopped(format!("{} was handed an empty pack", self.name)))
    }
}

/// A person drafting at a terminal: shown the pack, types the number of a card.
/// `list` shows their picks (unless reviewing between picks is off, as at Tier 2
/// and higher events); `quit` stops the draft. Picks are always shown between
/// boosters.
pub struct TerminalDrafter<R: BufRead, W: Write> {
    pub name: String,
    pub input: R,
    pub output: W,
    pub review_between_picks: bool,
}

impl<R: BufRead, W: Write> TerminalDrafter<R, W> {
    fn describe(cards: &dyn CardLookup, n: &str) -> String {
        match cards.card(n) {
            Some(d) => {
                let colors: Vec<&str> = d.face.colors.iter().map(|c| c.name()).collect();
                let mut s = format!("{} [{}] {}", d.number, d.rarity.code(), d.full_name());
                s.push_str(&format!(" - {}", d.card_type));
                if !colors.is_empty() {
                    s.push_str(&format!(", {}", colors.join("/")));
                }
                if let (true, Some(p)) = (d.is_character(), d.face.power) {
                    s.push_str(&format!(", power {p}"));
                }
                for r in &d.play_reqs {
                    s.push_str(&format!(", needs {} {}", r.power, r.color));
                }
                if let Some(c) = d.cost {
                    s.push_str(&format!(", cost {c}"));
                }
                s
            }
            None => n.to_string(),
        }
    }
}

impl<R: BufRead, W: Write> Drafter for TerminalDrafter<R, W> {
    fn name(&self) -> &str {
        &self.name
    }
    fn pick(&mut self, view: &DraftView<'_>, cards: &dyn CardLookup) -> Result<usize, DraftError> {
        writeln!(
            self.output,
            "\nPack {}, pick {} (passing {}). You have {} card(s).",
            view.pack_number,
            view.pick_number,
            view.direction.name(),
            view.picks.len()
        )?;
        for (i, n) in view.pack.iter().enumerate() {
            writeln!(self.output, "  {:>2}. {}", i + 1, Self::describe(cards, n))?;
        }
        loop {
            write!(
                self.output,
                "Pick 1-{} (or `list`, `quit`): ",
                view.pack.len()
            )?;
            self.output.flush()?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                return Err(DraftError::Stopped(format!("{} (end of input)", self.name)));
            }
            let t = line.trim();
            match t {
                "quit" | "q" => return Err(DraftError::Stopped(self.name.clone())),
                "list" | "l" if !self.review_between_picks => {
                    writeln!(
                        self.output,
                        "Drafted cards cannot be reviewed between picks at this event; they are shown after each pack."
                    )?;
                    continue;
                }
                "list" | "l" => {
                    for n in view.picks {
                        writeln!(self.output, "    {}", Self::describe(cards, n))?;
                    }
                    continue;
                }
                _ => {}
            }
            match t.parse::<usize>() {
                Ok(k) if (1..=view.pack.len()).contains(&k) => return Ok(k - 1),
                _ => writeln!(
                    self.output,
                    "`{t}` is not a card number between 1 and {}.",
                    view.pack.len()
                )?,
            }
        }
    }
    fn review(&mut self, picks: &[String], cards: &dyn CardLookup) {
        let _ = writeln!(self.output, "\nYour picks so far ({}):", picks.len());
        for n in picks {
            let _ = writeln!(self.output, "    {}", Self::describe(cards, n));
        }
    }
}
