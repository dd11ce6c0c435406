//! The bridge to the deck crate: converting deck lists, and checking a deck for an
//! event's format with the deck crate's format checks (Format Legality; Limited
//! Play, Limited Deck Construction).

use crate::limited::{Block, DeckList, LimitedPool};
use ponyccg_cards::Catalogue;
use ponyccg_decks::{check, Date, Deck, Format, Part};

/// A deck-crate deck from our deck list.
pub fn to_deck(d: &DeckList) -> Deck {
    let mut deck = Deck::new();
    deck.add(Part::Mane, &d.mane, 1);
    for (n, k) in &d.problems {
        deck.add(Part::Problems, n, *k);
    }
    for (n, k) in &d.draw {
        deck.add(Part::Draw, n, *k);
    }
    deck
}

/// Our deck list from a deck-crate deck; refused unless it has one Mane Character.
pub fn from_deck(d: &Deck) -> Result<DeckList, String> {
    let mane = d.mane_number().ok_or_else(|| {
        format!(
            "a deck needs exactly one Mane Character (102.1); this one lists {}",
            d.count(Part::Mane)
        )
    })?;
    let collect = |part: Part| {
        let mut m = std::collections::BTreeMap::new();
        for c in d.part(part) {
            if c.count > 0 {
                *m.entry(c.number.clone()).or_insert(0) += c.count;
            }
        }
        m
    };
    Ok(DeckList {
        mane: mane.to_string(),
        problems: collect(Part::Problems),
        draw: collect(Part::Draw),
    })
}

/// The format keys an event accepts (those of `ponyccg deck check`).
pub const FORMAT_NAMES: &str = Format::NAMES;

/// Parses an event format key.
pub fn parse_format(key: &str) -> Result<Format, String> {
    Format::parse(key).ok_or_else(|| {
        format!(
            "unknown format `{}` (use one of: {})",
            key.trim(),
            Format::NAMES
        )
    })
}

/// Checks a deck for an event format as of today: the violations, one line each
/// with the rule or clause it breaks (empty if legal).
pub fn check_event_deck(format: &str, deck: &DeckList) -> Result<Vec<String>, String> {
    let f = parse_format(format)?;
    let report = check(&to_deck(deck), &f, Date::today(), Catalogue::builtin());
    Ok(report.violations.iter().map(|v| v.to_string()).collect())
}

/// Checks a deck for a limited event against the player's pool (a deck list of
/// the pool's cards). Refused for events that are not limited.
pub fn check_event_deck_with_pool(
    format: &str,
    deck: &DeckList,
    pool: &Deck,
) -> Result<Vec<String>, String> {
    let Format::Limited { block, .. } = parse_format(format)? else {
        return Err(format!(
            "a pool only applies to limited events; this event's format is {format}"
        ));
    };
    let f = Format::Limited {
        block,
        pool: Some(pool.clone()),
    };
    let report = check(&to_deck(deck), &f, Date::today(), Catalogue::builtin());
    Ok(report.violations.iter().map(|v| v.to_string()).collect())
}

/// A limited pool as a deck-crate pool, each card in the part its type belongs to
/// (so that the pool can be written as a deck list and read back).
pub fn pool_deck(pool: &LimitedPool) -> Deck {
    let cat = Catalogue::builtin();
    let mut deck = Deck::new();
    for (n, k) in &pool.cards {
        let part = cat
            .get(n)
            .map_or(Part::Draw, |e| Part::for_type(e.def.card_type));
        deck.add(part, n, *k);
    }
    deck
}

fn decks_block(b: Block) -> ponyccg_decks::Block {
    match b {
        Block::Premiere => ponyccg_decks::Block::Premiere,
        Block::Odyssey => ponyccg_decks::Block::Odyssey,
    }
}

/// Checks a limited deck against its pool with the deck crate's Limited format.
pub fn check_limited_with_pool(
    deck: &DeckList,
    pool: &LimitedPool,
    block: Option<Block>,
) -> Vec<String> {
    let f = Format::Limited {
        block: block.map(decks_block),
        pool: Some(pool_deck(pool)),
    };
    check(&to_deck(deck), &f, Date::today(), Catalogue::builtin())
        .violations
        .iter()
        .map(|v| v.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limited_play_provided_cards_agree_with_the_deck_crate() {
        for b in Block::ALL {
            let mut ours: Vec<&str> = b.provided_manes().to_vec();
            let mut theirs: Vec<&str> = decks_block(b).provided_manes().to_vec();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "{b}");
            let mut ours: Vec<&str> = b.provided_starting_problems().to_vec();
            let mut theirs: Vec<&str> = decks_block(b).provided_starting_problems().to_vec();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "{b}");
            assert_eq!(b.sets(), decks_block(b).sets(), "{b}");
        }
    }

    #[test]
    fn deck_lists_convert_both_ways() {
        let d = DeckList {
            mane: "PR1".into(),
            problems: [("PR164".to_string(), 2)].into_iter().collect(),
            draw: [("PR10".to_string(), 3), ("PR11".to_string(), 1)]
                .into_iter()
                .collect(),
        };
        assert_eq!(from_deck(&to_deck(&d)).unwrap(), d);
        let mut two = to_deck(&d);
        two.add(Part::Mane, "CN1", 1);
        assert!(from_deck(&two).unwrap_err().contains("exactly one Mane"));
    }

    #[test]
    fn limited_play_event_decks_are_checked_against_the_pool() {
        let cat = Catalogue::builtin();
        let sealed =
            crate::limited::open_sealed(&Block::Premiere.sealed_mix(), None, cat, 8).unwrap();
        let deck = crate::limited::build_limited_deck(&sealed.pool, cat).unwrap();
        let pool = pool_deck(&sealed.pool);
        assert_eq!(
            check_event_deck_with_pool("limited-premiere", &deck, &pool),
            Ok(vec![])
        );
        let other =
            crate::limited::open_sealed(&Block::Premiere.sealed_mix(), None, cat, 9).unwrap();
        let v =
            check_event_deck_with_pool("limited-premiere", &deck, &pool_deck(&other.pool)).unwrap();
        assert!(!v.is_empty());
        let e = check_event_deck_with_pool("harmony", &deck, &pool).unwrap_err();
        assert!(e.contains("only applies to limited events"), "{e}");
    }

    #[test]
    fn unknown_event_format_is_refused() {
        let e = parse_format("modern").unwrap_err();
        assert!(e.contains("unknown format `modern`") && e.contains("harmony"));
    }
}
