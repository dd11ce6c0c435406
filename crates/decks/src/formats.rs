//! Format data: our own tables of set release dates, the Harmony banlist with its
//! effective dates, the two constructed blocks and the cards a Limited organiser
//! may provide. Everything here is facts (set codes, card numbers, dates); the
//! clauses are cited by section name of the 3.4 document
//! (`comprehensive-rules-v3.4-errata-limited-tournament.md`: "Format Legality",
//! "Limited Play").

use crate::date::Date;

/// How sure we are of a release date.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    /// The day is given by the source.
    Day,
    /// Only the month is known; the date stored is the last day of that month, so
    /// a set is never called legal before it was really out.
    Month,
}

/// One official product and the first day its cards are tournament legal
/// (the floor rules' "Legal Cards" clause: cards are legal upon release).
#[derive(Clone, Copy, Debug)]
pub struct SetRelease {
    pub code: &'static str,
    pub name: &'static str,
    pub released: Date,
    pub precision: Precision,
    /// A supplemental product (excluded from Block by its clause).
    pub supplemental: bool,
    /// Where the date comes from.
    pub source: &'static str,
}

const EST: &str = "estimate (month only, not confirmed by a source we hold; \
                   checked only against the order of sets and the banlist dates)";

/// Release dates of the official products, oldest first.
pub const SET_RELEASES: &[SetRelease] = &[
    SetRelease {
        code: "PR",
        name: "Premiere",
        released: Date::ymd(2013, 12, 13),
        precision: Precision::Day,
        supplemental: false,
        source: "gonnageek.com \"Tabletop Tuesday\" review, January 2014: Enterplay released the game on 13 December 2013",
    },
    SetRelease {
        code: "CN",
        name: "Canterlot Nights",
        released: Date::ymd(2014, 6, 30),
        precision: Precision::Month,
        supplemental: false,
        source: EST,
    },
    SetRelease {
        code: "RR",
        name: "Rock N Rave",
        released: Date::ymd(2014, 8, 31),
        precision: Precision::Month,
        supplemental: true,
        source: EST,
    },
    SetRelease {
        code: "CG",
        name: "The Crystal Games",
        released: Date::ymd(2014, 12, 5),
        precision: Precision::Day,
        supplemental: false,
        source: "equestriadaily.com, December 2014 (\"The Crystal Games - Dev Team Favorites\"): booster packs in stores on 5 December; prereleases and theme decks came a few weeks earlier",
    },
    SetRelease {
        code: "AD",
        name: "Absolute Discord",
        released: Date::ymd(2015, 4, 30),
        precision: Precision::Month,
        supplemental: false,
        source: EST,
    },
    SetRelease {
        code: "EO",
        name: "Equestrian Odysseys",
        released: Date::ymd(2015, 8, 31),
        precision: Precision::Month,
        supplemental: false,
        source: "equestriadaily.com, August 2015 (\"Equestrian Odysseys - Theme Deck 2\"): prereleases one week after that post; the day is not given",
    },
    SetRelease {
        code: "HM",
        name: "High Magic",
        released: Date::ymd(2015, 11, 30),
        precision: Precision::Month,
        supplemental: false,
        source: "equestriadaily.com, November 2015 (\"High Magic Theme Deck\"): prerelease and theme decks ten days after that post; the day is not given",
    },
    SetRelease {
        code: "CS",
        name: "Celestial Solstice",
        released: Date::ymd(2015, 12, 31),
        precision: Precision::Month,
        supplemental: true,
        source: EST,
    },
    SetRelease {
        code: "MT",
        name: "Marks in Time",
        released: Date::ymd(2016, 5, 31),
        precision: Precision::Month,
        supplemental: false,
        source: "miniaturemarket.com review of 27 April 2016 says it releases that spring; Limited Play v2.0 (12 May 2016) already lists it",
    },
    SetRelease {
        code: "DE",
        name: "Defenders of Equestria",
        released: Date::ymd(2016, 11, 30),
        precision: Precision::Month,
        supplemental: false,
        source: EST,
    },
    SetRelease {
        code: "SB",
        name: "Seaquestria and Beyond",
        released: Date::ymd(2017, 11, 30),
        precision: Precision::Month,
        supplemental: false,
        source: "mylittlefans.blogspot.com, November 2017: new rules documents published for its release",
    },
    SetRelease {
        code: "FF",
        name: "Friends Forever",
        released: Date::ymd(2018, 12, 7),
        precision: Precision::Day,
        supplemental: false,
        source: "cardmarket.com expansion page for Friends Forever: releases 7 December 2018",
    },
];

/// The release record of an official product by its set code.
pub fn set_release(code: &str) -> Option<&'static SetRelease> {
    SET_RELEASES
        .iter()
        .find(|s| s.code.eq_ignore_ascii_case(code))
}

/// The official product a card number belongs to: its leading capital letters
/// ("PRpf3" is a Premiere promo, "CNf2" a Canterlot Nights foil). Promos are legal
/// with their corresponding product (floor rules, "Legal Cards").
pub fn product_of_number(number: &str) -> Option<&'static SetRelease> {
    let prefix: String = number
        .chars()
        .take_while(|c| c.is_ascii_uppercase())
        .collect();
    if prefix.is_empty() {
        return None;
    }
    set_release(&prefix)
}

/// One entry of the Harmony banlist (Format Legality, "Harmony Constructed").
#[derive(Clone, Copy, Debug)]
pub struct Ban {
    pub number: &'static str,
    pub effective: Date,
}

/// The Harmony banlist as printed in the 3.4 document, with effective dates.
/// Block uses it too (Format Legality, "Block Constructed").
pub const HARMONY_BANLIST: &[Ban] = &[
    Ban {
        number: "PR16",
        effective: Date::ymd(2015, 1, 30),
    },
    Ban {
        number: "PR83",
        effective: Date::ymd(2015, 1, 30),
    },
    Ban {
        number: "CN42",
        effective: Date::ymd(2015, 1, 30),
    },
    Ban {
        number: "CG136",
        effective: Date::ymd(2015, 1, 30),
    },
    Ban {
        number: "CN65",
        effective: Date::ymd(2015, 9, 23),
    },
    Ban {
        number: "EO103",
        effective: Date::ymd(2016, 1, 25),
    },
    Ban {
        number: "PR175",
        effective: Date::ymd(2016, 6, 1),
    },
    Ban {
        number: "CN47",
        effective: Date::ymd(2016, 7, 27),
    },
    Ban {
        number: "HM150",
        effective: Date::ymd(2016, 8, 31),
    },
];

/// The ban on a card number in force on a date, if any.
pub fn ban_on(number: &str, as_of: Date) -> Option<&'static Ban> {
    HARMONY_BANLIST
        .iter()
        .find(|b| b.number.eq_ignore_ascii_case(number) && as_of >= b.effective)
}

/// Any ban on a card number, whatever its date.
pub fn ban_of(number: &str) -> Option<&'static Ban> {
    HARMONY_BANLIST
        .iter()
        .find(|b| b.number.eq_ignore_ascii_case(number))
}

/// The two blocks of Format Legality, "Block Constructed".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Block {
    Premiere,
    Odyssey,
}

impl Block {
    pub fn name(self) -> &'static str {
        match self {
            Block::Premiere => "Premiere block",
            Block::Odyssey => "Odyssey block",
        }
    }

    /// The set codes of the block's set releases.
    pub fn sets(self) -> &'static [&'static str] {
        match self {
            Block::Premiere => &["PR", "CN", "CG", "AD"],
            Block::Odyssey => &["EO", "HM", "MT"],
        }
    }

    /// The Mane Characters a Limited organiser may provide for this block
    /// (Limited Play, table of provided cards).
    pub fn provided_manes(self) -> &'static [&'static str] {
        match self {
            Block::Premiere => &["CN1", "CN2", "CN3", "CN5", "CN6", "CN7"],
            Block::Odyssey => &[
                "EO1", "EO2", "EO4", "EO5", "EO7", "EO8", "MT1", "MT2", "MT3",
            ],
        }
    }

    /// The Starting Problems a Limited organiser may provide for this block.
    pub fn provided_starting_problems(self) -> &'static [&'static str] {
        match self {
            Block::Premiere => &["PR168", "PR190", "PR192", "PR177", "PR170", "PR164"],
            Block::Odyssey => &["EO191", "EO200", "EO202"],
        }
    }

    pub const ALL: [Block; 2] = [Block::Premiere, Block::Odyssey];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_dates_are_real_days_in_release_order() {
        for s in SET_RELEASES {
            let d = s.released;
            assert_eq!(Date::new(d.year, d.month, d.day), Some(d), "{}", s.code);
        }
        for w in SET_RELEASES.windows(2) {
            assert!(
                w[0].released <= w[1].released,
                "{} after {}",
                w[0].code,
                w[1].code
            );
        }
        for b in HARMONY_BANLIST {
            let d = b.effective;
            assert_eq!(Date::new(d.year, d.month, d.day), Some(d), "{}", b.number);
        }
    }

    #[test]
    fn every_banned_card_was_released_before_its_ban() {
        for b in HARMONY_BANLIST {
            let set = product_of_number(b.number).expect("banned card's set is in the table");
            assert!(
                set.released < b.effective,
                "{} banned before its set {}",
                b.number,
                set.code
            );
        }
    }

    #[test]
    fn block_sets_and_provided_cards_are_in_their_block() {
        for block in Block::ALL {
            for code in block.sets() {
                let s = set_release(code).expect("block set has a release date");
                assert!(!s.supplemental);
            }
            for n in block
                .provided_manes()
                .iter()
                .chain(block.provided_starting_problems())
            {
                let set = product_of_number(n).unwrap();
                assert!(
                    block.sets().contains(&set.code),
                    "{n} outside {}",
                    block.name()
                );
            }
        }
    }

    #[test]
    fn product_of_promo_and_foil_numbers() {
        assert_eq!(product_of_number("PRpf3").unwrap().code, "PR");
        assert_eq!(product_of_number("CNf2").unwrap().code, "CN");
        assert_eq!(product_of_number("AD-3").unwrap().code, "AD");
        assert!(product_of_number("GF7").is_none());
        assert!(product_of_number("LL3").is_none());
        assert!(product_of_number("12").is_none());
    }

    #[test]
    fn ban_applies_from_its_effective_day() {
        let ban = Date::ymd(2016, 6, 1);
        assert!(ban_on("PR175", ban).is_some());
        assert!(ban_on("PR175", ban.pred()).is_none());
        assert!(ban_on("pr175", Date::ymd(2026, 11, 21)).is_some());
        assert!(ban_on("PR12", Date::ymd(2026, 11, 21)).is_none());
    }
}
