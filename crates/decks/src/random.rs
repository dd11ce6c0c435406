//! Seeded random decks legal in Harmony, built from a chosen group of sets and only
//! from cards the engine plays (scripted or vanilla): a colour pair, a Mane Character
//! of those colours, ten Problems with a Starting Problem (101.3, 101.3c) and 45 or
//! more draw cards (101.1), at most three of a name in the draw deck (101.2) and two
//! in the Problem deck (101.3a). Every deck made is put through [`check`] before it
//! is handed out.
//!
//! A spec names one: `random:SETS:SEED`, where SETS is `premiere` (the sets of the
//! Premiere block after Premiere itself: CN, RR, CS, CG, AD), set codes joined by
//! `+` (`CN+CG`), or both (`premiere+PR`).

use crate::check::{check, Format};
use crate::date::Date;
use crate::deck::{Deck, Part};
use crate::error::DeckError;
use crate::formats::{self, HARMONY_BANLIST};
use crate::resolve::normalize;
use ponyccg_cards::{Catalogue, Entry, SetKind};
use ponyccg_core::card::{CardType, Color, Colors, ReqColor, ScriptStatus};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use std::collections::{BTreeMap, HashSet};

/// The set groups a spec may name, and the sets each stands for.
pub const SET_GROUPS: &[(&str, &[&str])] = &[("premiere", &["CN", "RR", "CS", "CG", "AD"])];

/// Draw deck size before the random extra (101.1 asks for at least 45).
const DRAW_MIN: u32 = 45;
/// At most this many cards above the minimum.
const DRAW_EXTRA: u32 = 5;
/// Problem deck size (101.3).
const PROBLEMS: u32 = 10;
/// Friends put in first, so a deck has characters to meet its own requirements.
const FRIENDS_FIRST: u32 = 24;

/// Reads a SETS list: codes and group names joined by `+`, any case. Each set must
/// be an official product released by `as_of` (Harmony: every released official
/// product).
pub fn parse_sets(s: &str, as_of: Date) -> Result<Vec<String>, DeckError> {
    let err = |message: String| DeckError::Random {
        spec: s.to_string(),
        message,
    };
    let mut out: Vec<String> = Vec::new();
    for item in s.split('+').map(str::trim) {
        if item.is_empty() {
            return Err(err(
                "an empty set name; write codes joined by `+`, e.g. `CN+CG`".into(),
            ));
        }
        let codes: Vec<String> = match SET_GROUPS
            .iter()
            .find(|(g, _)| g.eq_ignore_ascii_case(item))
        {
            Some((_, codes)) => codes.iter().map(|c| c.to_string()).collect(),
            None => {
                let Some(rel) = formats::set_release(item) else {
                    let known: Vec<&str> = formats::SET_RELEASES.iter().map(|r| r.code).collect();
                    return Err(err(format!(
                        "`{item}` is no official set legal in Harmony; known: {}, or the group{} {}",
                        known.join(", "),
                        if SET_GROUPS.len() == 1 { "" } else { "s" },
                        SET_GROUPS
                            .iter()
                            .map(|(g, _)| *g)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )));
                };
                if as_of < rel.released {
                    return Err(err(format!("{} was not released yet on {as_of}", rel.name)));
                }
                vec![rel.code.to_string()]
            }
        };
        for c in codes {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    Ok(out)
}

/// Reads `SETS:SEED` (the part of a `random:` spec after the prefix).
pub fn parse_spec(rest: &str, as_of: Date) -> Result<(Vec<String>, u64), DeckError> {
    let err = |message: &str| DeckError::Random {
        spec: format!("random:{rest}"),
        message: message.to_string(),
    };
    let Some((sets, seed)) = rest.trim().rsplit_once(':') else {
        return Err(err(
            "write `random:SETS:SEED`, e.g. `random:premiere:7` or `random:CN+CG:7`",
        ));
    };
    let seed: u64 = seed
        .trim()
        .parse()
        .map_err(|_| err("the seed after the last `:` must be a whole number"))?;
    Ok((parse_sets(sets, as_of)?, seed))
}

/// One name (201.1) the generator may use: one printing of it, from a chosen set.
#[derive(Clone, Debug)]
struct Candidate<'a> {
    entry: &'a Entry,
}

impl Candidate<'_> {
    fn number(&self) -> &str {
        &self.entry.def.number
    }
    fn colors(&self) -> Colors {
        self.entry.def.face.colors
    }
}

/// How many cards of the chosen sets the generator could choose from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PoolCounts {
    /// Cards (printings) of the chosen sets, scripted or not.
    pub printed: usize,
    /// Of those, the ones the engine plays (scripted or vanilla), not banned.
    pub playable: usize,
    /// Distinct playable names by part.
    pub manes: usize,
    pub problems: usize,
    pub starting_problems: usize,
    pub draw: usize,
}

/// The playable cards of a group of sets, read once; [`Pool::generate`] then makes
/// any number of decks.
#[derive(Clone, Debug)]
pub struct Pool<'a> {
    cat: &'a Catalogue,
    sets: Vec<String>,
    as_of: Date,
    manes: Vec<Candidate<'a>>,
    problems: Vec<Candidate<'a>>,
    draw: Vec<Candidate<'a>>,
    counts: PoolCounts,
}

fn pick<T>(rng: &mut ChaCha8Rng, items: &[T]) -> Option<usize> {
    if items.is_empty() {
        None
    } else {
        Some((rng.next_u64() % items.len() as u64) as usize)
    }
}

fn shuffle<T>(rng: &mut ChaCha8Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

impl<'a> Pool<'a> {
    /// The playable cards of `sets` in Harmony on `as_of`: official printings the
    /// engine plays, one printing per name, banned names left out.
    pub fn new(cat: &'a Catalogue, sets: &[String], as_of: Date) -> Pool<'a> {
        let banned: HashSet<String> = HARMONY_BANLIST
            .iter()
            .filter(|b| as_of >= b.effective)
            .filter_map(|b| cat.get(b.number))
            .map(|e| normalize(&e.def.full_name()))
            .collect();
        let mut counts = PoolCounts::default();
        // One printing per name, the first met; names keep catalogue order.
        let mut by_name: BTreeMap<String, Candidate<'a>> = BTreeMap::new();
        let mut order: Vec<String> = Vec::new();
        for e in cat.entries() {
            if !sets.iter().any(|s| s.eq_ignore_ascii_case(&e.def.set)) {
                continue;
            }
            if cat.set(&e.def.set).map(|s| s.kind) != Some(SetKind::Official) {
                continue;
            }
            counts.printed += 1;
            let playable = match e.def.script {
                ScriptStatus::Vanilla | ScriptStatus::Scripted => true,
                ScriptStatus::Unscripted => false,
            };
            // A number shared by several cards would not read back as this card.
            let unambiguous = cat.get_all(&e.def.number).len() == 1;
            let name = normalize(&e.def.full_name());
            if !playable || !unambiguous || banned.contains(&name) {
                continue;
            }
            counts.playable += 1;
            if let std::collections::btree_map::Entry::Vacant(slot) = by_name.entry(name) {
                order.push(slot.key().clone());
                slot.insert(Candidate { entry: e });
            }
        }
        let (mut manes, mut problems, mut draw) = (Vec::new(), Vec::new(), Vec::new());
        for name in &order {
            let c = by_name[name].clone();
            match c.entry.def.card_type {
                CardType::ManeCharacter => manes.push(c),
                CardType::Problem => problems.push(c),
                CardType::Friend
                | CardType::Event
                | CardType::Resource
                | CardType::Troublemaker => draw.push(c),
            }
        }
        counts.manes = manes.len();
        counts.problems = problems.len();
        counts.starting_problems = problems
            .iter()
            .filter(|c| c.entry.def.is_starting_problem())
            .count();
        counts.draw = draw.len();
        Pool {
            cat,
            sets: sets.to_vec(),
            as_of,
            manes,
            problems,
            draw,
            counts,
        }
    }

    pub fn counts(&self) -> &PoolCounts {
        &self.counts
    }

    pub fn sets(&self) -> &[String] {
        &self.sets
    }

    /// One line saying how many cards the generator could choose from.
    pub fn describe(&self) -> String {
        let c = &self.counts;
        format!(
            "{}: {} of {} cards are playable (scripted or vanilla, not banned): {} Mane Character{}, \
             {} Problem{} ({} Starting), {} draw card{} (distinct names)",
            self.sets.join("+"),
            c.playable,
            c.printed,
            c.manes,
            if c.manes == 1 { "" } else { "s" },
            c.problems,
            if c.problems == 1 { "" } else { "s" },
            c.starting_problems,
            c.draw,
            if c.draw == 1 { "" } else { "s" },
        )
    }

    /// Why no legal deck can be made from this pool, if none can.
    pub fn why_not(&self) -> Option<String> {
        let mut lacks = Vec::new();
        if self.manes.is_empty() {
            lacks.push("no Mane Character".to_string());
        }
        if self.counts.starting_problems == 0 {
            lacks.push("no Starting Problem (101.3c)".to_string());
        }
        if (self.problems.len() as u32) * 2 < PROBLEMS {
            lacks.push(format!(
                "{} Problem names, and ten Problems at two a name need 5 (101.3a)",
                self.problems.len()
            ));
        }
        if (self.draw.len() as u32) * 3 < DRAW_MIN {
            lacks.push(format!(
                "{} draw card names, and 45 draw cards at three a name need 15 (101.1, 101.2)",
                self.draw.len()
            ));
        }
        if lacks.is_empty() {
            None
        } else {
            Some(format!(
                "no Harmony-legal deck can be built: the pool has {}. {}",
                lacks.join("; "),
                self.describe()
            ))
        }
    }

    /// The deck of `seed`. The same pool and seed give the same deck.
    pub fn generate(&self, seed: u64) -> Result<Deck, DeckError> {
        let spec = format!("random:{}:{seed}", self.sets.join("+"));
        if let Some(why) = self.why_not() {
            return Err(DeckError::Random { spec, message: why });
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);

        // The colour pair: among those with a Mane of their colours, preferably one
        // whose own cards fill the draw deck.
        let mut pairs: Vec<(Color, Color)> = Vec::new();
        for (i, a) in Color::ALL.iter().enumerate() {
            for b in &Color::ALL[i + 1..] {
                pairs.push((*a, *b));
            }
        }
        let in_pair = |pair: (Color, Color), c: Color| c == pair.0 || c == pair.1;
        let colours_in = |pair: (Color, Color), cs: Colors| cs.iter().all(|c| in_pair(pair, c));
        let mane_fits = |pair: (Color, Color), m: &Candidate| {
            !m.colors().is_empty() && colours_in(pair, m.colors())
        };
        let on_colour = |pair: (Color, Color), c: &Candidate| {
            colours_in(pair, c.colors())
                && c.entry.def.play_reqs.iter().all(|r| in_pair(pair, r.color))
        };
        let with_mane: Vec<(Color, Color)> = pairs
            .iter()
            .copied()
            .filter(|p| self.manes.iter().any(|m| mane_fits(*p, m)))
            .collect();
        if with_mane.is_empty() {
            return Err(DeckError::Random {
                spec,
                message: format!(
                    "no Harmony-legal deck can be built: no playable Mane Character has a colour. {}",
                    self.describe()
                ),
            });
        }
        let filled: Vec<(Color, Color)> = with_mane
            .iter()
            .copied()
            .filter(|p| {
                self.draw.iter().filter(|c| on_colour(*p, c)).count() as u32 * 3 >= DRAW_MIN
            })
            .collect();
        let choices = if filled.is_empty() {
            &with_mane
        } else {
            &filled
        };
        let pair = choices[pick(&mut rng, choices).expect("not empty")];

        let mut deck = Deck::new();
        let manes: Vec<&Candidate> = self.manes.iter().filter(|m| mane_fits(pair, m)).collect();
        let mane = manes[pick(&mut rng, &manes).expect("a pair with a Mane")];
        deck.add(Part::Mane, mane.number(), 1);

        // Problems: those asking their owner only for the pair's colours (or for
        // power of any colour) first.
        let problem_fits = |c: &Candidate| {
            c.entry.def.problem.as_ref().is_none_or(|p| {
                p.owner.iter().all(|r| match r.color {
                    ReqColor::Color(col) => in_pair(pair, col),
                    ReqColor::Not(_) | ReqColor::Wild | ReqColor::Rainbow => true,
                })
            })
        };
        let starting = by_fit(
            &mut rng,
            self.problems
                .iter()
                .filter(|c| c.entry.def.is_starting_problem())
                .collect(),
            &problem_fits,
        );
        let others = by_fit(
            &mut rng,
            self.problems
                .iter()
                .filter(|c| !c.entry.def.is_starting_problem())
                .collect(),
            &problem_fits,
        );
        let first = starting[0];
        let mut problems: Vec<&Candidate> = vec![first];
        problems.extend(others);
        problems.extend(starting[1..].iter().copied());
        fill(&mut rng, &mut deck, Part::Problems, &problems, PROBLEMS, 2);

        // Draw deck: on-colour Friends first, then every on-colour card, then (only
        // if the pool runs short) the rest.
        let target = DRAW_MIN + (rng.next_u32() % (DRAW_EXTRA + 1));
        let capacity = self.draw.len() as u32 * 3;
        let target = target.min(capacity);
        let mut friends: Vec<&Candidate> = self
            .draw
            .iter()
            .filter(|c| c.entry.def.card_type == CardType::Friend && on_colour(pair, c))
            .collect();
        shuffle(&mut rng, &mut friends);
        fill(
            &mut rng,
            &mut deck,
            Part::Draw,
            &friends,
            FRIENDS_FIRST.min(target),
            3,
        );
        let mut fitting: Vec<&Candidate> =
            self.draw.iter().filter(|c| on_colour(pair, c)).collect();
        shuffle(&mut rng, &mut fitting);
        fill(&mut rng, &mut deck, Part::Draw, &fitting, target, 3);
        let mut rest: Vec<&Candidate> = self.draw.iter().filter(|c| !on_colour(pair, c)).collect();
        shuffle(&mut rng, &mut rest);
        fill(&mut rng, &mut deck, Part::Draw, &rest, target, 3);

        deck.name = Some(format!(
            "Random {} #{seed} ({}/{})",
            self.sets.join("+"),
            pair.0.name(),
            pair.1.name()
        ));
        let report = check(&deck, &Format::Harmony, self.as_of, self.cat);
        if !report.is_legal() {
            // A defect of this generator: say so rather than hand out the deck.
            return Err(DeckError::Random {
                spec,
                message: format!(
                    "the generated deck breaks Harmony legality: {}",
                    report
                        .violations
                        .iter()
                        .map(|v| v.to_string())
                        .collect::<Vec<_>>()
                        .join("; ")
                ),
            });
        }
        Ok(deck)
    }
}

/// The candidates that fit first, each group shuffled.
fn by_fit<'c, 'a>(
    rng: &mut ChaCha8Rng,
    cs: Vec<&'c Candidate<'a>>,
    fits: &dyn Fn(&Candidate) -> bool,
) -> Vec<&'c Candidate<'a>> {
    let (mut good, mut rest): (Vec<_>, Vec<_>) = cs.into_iter().partition(|c| fits(c));
    shuffle(rng, &mut good);
    shuffle(rng, &mut rest);
    good.extend(rest);
    good
}

/// Adds copies of the candidates, in order, until the part holds `target` cards:
/// a random 1 to `max` copies of each on the first pass, then up to `max` each.
fn fill(
    rng: &mut ChaCha8Rng,
    deck: &mut Deck,
    part: Part,
    cands: &[&Candidate],
    target: u32,
    max: u32,
) {
    let held = |deck: &Deck, n: &str| {
        deck.part(part)
            .iter()
            .find(|c| c.number == n)
            .map_or(0, |c| c.count)
    };
    for pass in 0..2 {
        for c in cands {
            let have = deck.count(part);
            if have >= target {
                return;
            }
            let room = max - held(deck, c.number()).min(max);
            let want = if pass == 0 {
                1 + rng.next_u32() % max
            } else {
                max
            };
            let add = want.min(room).min(target - have);
            if add > 0 {
                deck.add(part, c.number(), add);
            }
        }
    }
}

/// The deck of a `random:SETS:SEED` spec (the part after `random:`), legal in
/// Harmony on `as_of`.
pub fn random_deck(rest: &str, as_of: Date, cat: &Catalogue) -> Result<Deck, DeckError> {
    let (sets, seed) = parse_spec(rest, as_of)?;
    Pool::new(cat, &sets, as_of).generate(seed)
}
