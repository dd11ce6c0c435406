//! Booster packs: what each set's booster holds, and opening one from a seeded
//! generator.
//!
//! The composition is our own data, taken from the pack odds in the reference card
//! data (the `<packaging>` block of each set): every booster of the sets that were
//! sold in boosters has three Uncommons, one Rare and seven Commons, and a twelfth
//! card that is an Ultra Rare with a small chance (7.7% in Premiere, 8.3% in every
//! later set) and a Common otherwise. The reference data has no slot for Super
//! Rares, so none are opened here either.

use crate::cards::CardLookup;
use ponyccg_core::card::{CardDef, Rarity};
use rand::Rng;
use std::collections::BTreeSet;
use std::fmt;

/// One slot group of a booster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// `count` cards of this rarity, always.
    Fixed { rarity: Rarity, count: u8 },
    /// One of several options, each chosen with `per_mille` / 1000 chance.
    Choice(&'static [SlotOption]),
}

/// One option of a [`Slot::Choice`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotOption {
    pub per_mille: u16,
    pub rarity: Rarity,
    pub count: u8,
}

/// The composition of one set's booster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackSpec {
    /// Set code of the collector numbers, e.g. "PR".
    pub set: &'static str,
    /// Name of the set.
    pub name: &'static str,
    /// Release order among the booster sets (0 = oldest); boosters are opened most
    /// recent set first in a draft.
    pub release: u8,
    /// True for the post-Enterplay community set.
    pub unofficial: bool,
    pub slots: &'static [Slot],
}

const fn fixed(rarity: Rarity, count: u8) -> Slot {
    Slot::Fixed { rarity, count }
}

const PREMIERE_LAST: &[SlotOption] = &[
    SlotOption {
        per_mille: 77,
        rarity: Rarity::UltraRare,
        count: 1,
    },
    SlotOption {
        per_mille: 923,
        rarity: Rarity::Common,
        count: 1,
    },
];

const LATER_LAST: &[SlotOption] = &[
    SlotOption {
        per_mille: 83,
        rarity: Rarity::UltraRare,
        count: 1,
    },
    SlotOption {
        per_mille: 917,
        rarity: Rarity::Common,
        count: 1,
    },
];

const PREMIERE_SLOTS: &[Slot] = &[
    fixed(Rarity::Uncommon, 3),
    fixed(Rarity::Rare, 1),
    fixed(Rarity::Common, 7),
    Slot::Choice(PREMIERE_LAST),
];

const LATER_SLOTS: &[Slot] = &[
    fixed(Rarity::Uncommon, 3),
    fixed(Rarity::Rare, 1),
    fixed(Rarity::Common, 7),
    Slot::Choice(LATER_LAST),
];

const fn spec(
    set: &'static str,
    name: &'static str,
    release: u8,
    slots: &'static [Slot],
) -> PackSpec {
    PackSpec {
        set,
        name,
        release,
        unofficial: false,
        slots,
    }
}

/// Every set that was sold in boosters, oldest first.
pub const PACKS: &[PackSpec] = &[
    spec("PR", "Premiere", 0, PREMIERE_SLOTS),
    spec("CN", "Canterlot Nights", 1, LATER_SLOTS),
    spec("CG", "The Crystal Games", 2, LATER_SLOTS),
    spec("AD", "Absolute Discord", 3, LATER_SLOTS),
    spec("EO", "Equestrian Odysseys", 4, LATER_SLOTS),
    spec("HM", "High Magic", 5, LATER_SLOTS),
    spec("MT", "Marks in Time", 6, LATER_SLOTS),
    spec("DE", "Defenders of Equestria", 7, LATER_SLOTS),
    spec("SB", "Seaquestria and Beyond", 8, LATER_SLOTS),
    spec("FF", "Friends Forever", 9, LATER_SLOTS),
    PackSpec {
        set: "LL",
        name: "Leaders and Legends",
        release: 10,
        unofficial: true,
        slots: LATER_SLOTS,
    },
];

/// Why a pack could not be opened or named.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PackError {
    #[error("no booster is known for set `{0}` (boosters exist for {list})", list = booster_set_list())]
    UnknownSet(String),
    #[error("set {set} has only {have} card(s) of rarity {rarity} but a booster needs {need} different ones")]
    PoolTooSmall {
        set: String,
        rarity: String,
        have: usize,
        need: usize,
    },
    #[error("a pack mix must name at least one pack")]
    EmptyMix,
    #[error("bad pack mix `{0}`: write it as SET:COUNT,SET:COUNT (e.g. PR:2,CN:2)")]
    BadMix(String),
    #[error("a mix of {0} packs is more than the {max} one pool may have", max = MAX_PACKS)]
    TooMany(u32),
}

fn booster_set_list() -> String {
    PACKS.iter().map(|p| p.set).collect::<Vec<_>>().join(", ")
}

/// The booster of a set, by set code or set name (case-insensitive).
pub fn pack_spec(set: &str) -> Result<&'static PackSpec, PackError> {
    let s = set.trim();
    PACKS
        .iter()
        .find(|p| p.set.eq_ignore_ascii_case(s) || p.name.eq_ignore_ascii_case(s))
        .ok_or_else(|| PackError::UnknownSet(s.to_string()))
}

impl PackSpec {
    /// How many cards a pack of this set holds.
    pub fn size(&self) -> usize {
        self.slots
            .iter()
            .map(|s| match s {
                Slot::Fixed { count, .. } => *count as usize,
                Slot::Choice(opts) => opts.first().map_or(0, |o| o.count as usize),
            })
            .sum()
    }

    /// Opens one booster of this set. The cards of each rarity come from `cards`;
    /// no card is put in a pack twice.
    pub fn open<R: Rng + ?Sized>(
        &self,
        cards: &dyn CardLookup,
        rng: &mut R,
    ) -> Result<Pack, PackError> {
        let set_cards = cards.set_cards(self.set);
        let mut chosen: Vec<String> = Vec::with_capacity(self.size());
        let mut used: BTreeSet<usize> = BTreeSet::new();
        for slot in self.slots {
            let (rarity, count) = match slot {
                Slot::Fixed { rarity, count } => (*rarity, *count),
                Slot::Choice(opts) => {
                    let roll = rng.gen_range(0..1000u16);
                    let mut acc = 0u16;
                    let mut pick = opts[opts.len() - 1];
                    for o in opts.iter() {
                        acc += o.per_mille;
                        if roll < acc {
                            pick = *o;
                            break;
                        }
                    }
                    (pick.rarity, pick.count)
                }
            };
            let candidates: Vec<usize> = set_cards
                .iter()
                .enumerate()
                .filter(|(i, c)| c.rarity == rarity && !used.contains(i))
                .map(|(i, _)| i)
                .collect();
            if candidates.len() < count as usize {
                let have = set_cards.iter().filter(|c| c.rarity == rarity).count();
                return Err(PackError::PoolTooSmall {
                    set: self.set.to_string(),
                    rarity: rarity_name(rarity).to_string(),
                    have,
                    need: count as usize,
                });
            }
            let mut candidates = candidates;
            for _ in 0..count {
                let k = rng.gen_range(0..candidates.len());
                let idx = candidates.swap_remove(k);
                used.insert(idx);
                chosen.push(set_cards[idx].number.clone());
            }
        }
        Ok(Pack {
            set: self.set.to_string(),
            cards: chosen,
        })
    }
}

/// A name for a rarity in messages.
pub fn rarity_name(r: Rarity) -> &'static str {
    match r {
        Rarity::Fixed => "Fixed",
        Rarity::Common => "Common",
        Rarity::Uncommon => "Uncommon",
        Rarity::Rare => "Rare",
        Rarity::SuperRare => "Super Rare",
        Rarity::UltraRare => "Ultra Rare",
        Rarity::RoyalRare => "Royal Rare",
        Rarity::Promo => "Promo",
        Rarity::None => "no rarity",
    }
}

/// An opened booster: card numbers in slot order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pack {
    pub set: String,
    pub cards: Vec<String>,
}

/// The most packs one mix may name.
pub const MAX_PACKS: u32 = 100;

/// A list of boosters to open, e.g. two Premiere and two Canterlot Nights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackMix(pub Vec<(&'static PackSpec, u32)>);

impl PackMix {
    /// Parses `SET:COUNT,SET:COUNT` (set codes or names; a bare `SET` is one pack).
    pub fn parse(s: &str) -> Result<PackMix, PackError> {
        let mut out = Vec::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (set, n) = match part.rsplit_once(':') {
                Some((set, n)) => (
                    set,
                    n.trim()
                        .parse::<u32>()
                        .map_err(|_| PackError::BadMix(s.to_string()))?,
                ),
                None => (part, 1),
            };
            if n == 0 {
                return Err(PackError::BadMix(s.to_string()));
            }
            out.push((pack_spec(set)?, n));
        }
        if out.is_empty() {
            return Err(PackError::EmptyMix);
        }
        let mix = PackMix(out);
        if mix.total() > MAX_PACKS {
            return Err(PackError::TooMany(mix.total()));
        }
        Ok(mix)
    }

    pub fn total(&self) -> u32 {
        self.0.iter().fold(0u32, |a, (_, n)| a.saturating_add(*n))
    }

    /// The boosters one by one, most recent set first (the draft opening order).
    pub fn in_opening_order(&self) -> Vec<&'static PackSpec> {
        let mut v: Vec<&'static PackSpec> = self
            .0
            .iter()
            .flat_map(|(p, n)| std::iter::repeat_n(*p, *n as usize))
            .collect();
        v.sort_by_key(|p| std::cmp::Reverse(p.release));
        v
    }

    /// Opens every booster of the mix, most recent set first.
    pub fn open_all<R: Rng + ?Sized>(
        &self,
        cards: &dyn CardLookup,
        rng: &mut R,
    ) -> Result<Vec<Pack>, PackError> {
        self.in_opening_order()
            .into_iter()
            .map(|p| p.open(cards, rng))
            .collect()
    }
}

impl fmt::Display for PackMix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|(p, n)| format!("{}:{}", p.set, n))
            .collect();
        f.write_str(&parts.join(","))
    }
}

/// Whether a card can be opened in a booster at all (it has a booster rarity).
pub fn in_boosters(card: &CardDef) -> bool {
    pack_spec(&card.set).is_ok_and(|spec| {
        spec.slots.iter().any(|s| match s {
            Slot::Fixed { rarity, .. } => *rarity == card.rarity,
            Slot::Choice(opts) => opts.iter().any(|o| o.rarity == card.rarity),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_slot_sums_to_one() {
        for p in PACKS {
            for s in p.slots {
                if let Slot::Choice(opts) = s {
                    let total: u16 = opts.iter().map(|o| o.per_mille).sum();
                    assert_eq!(total, 1000, "{}", p.set);
                    let first = opts[0].count;
                    assert!(opts.iter().all(|o| o.count == first));
                }
            }
            assert_eq!(p.size(), 12, "{}", p.set);
        }
    }

    #[test]
    fn release_order_is_the_listing_order() {
        for (i, p) in PACKS.iter().enumerate() {
            assert_eq!(p.release as usize, i);
        }
    }

    #[test]
    fn mix_parses_and_orders_most_recent_first() {
        let m = PackMix::parse("PR:1, Canterlot Nights:1,AD,cg:1").unwrap();
        assert_eq!(m.total(), 4);
        let order: Vec<&str> = m.in_opening_order().iter().map(|p| p.set).collect();
        assert_eq!(order, ["AD", "CG", "CN", "PR"]);
        assert!(matches!(
            PackMix::parse("XX:2"),
            Err(PackError::UnknownSet(_))
        ));
        assert!(matches!(PackMix::parse("PR:x"), Err(PackError::BadMix(_))));
        assert!(matches!(PackMix::parse("PR:0"), Err(PackError::BadMix(_))));
        assert!(matches!(PackMix::parse(" , "), Err(PackError::EmptyMix)));
        assert!(matches!(
            PackMix::parse("PR:4294967295,CN:2"),
            Err(PackError::TooMany(_)) | Err(PackError::BadMix(_))
        ));
        assert!(matches!(
            PackMix::parse("PR:60,CN:41"),
            Err(PackError::TooMany(101))
        ));
    }
}
