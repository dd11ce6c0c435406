//! A deck: the Mane Character, the Problem deck and the draw deck (102.1), as card
//! numbers with counts.

use crate::error::DeckError;
use ponyccg_cards::{Catalogue, Entry};
use ponyccg_core::card::CardType;

/// One line of a deck: a collector number and how many copies.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DeckCard {
    pub number: String,
    pub count: u32,
}

impl DeckCard {
    pub fn new(number: impl Into<String>, count: u32) -> DeckCard {
        DeckCard {
            number: number.into(),
            count,
        }
    }
}

/// The three parts of a deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    Mane,
    Problems,
    Draw,
}

impl Part {
    /// Where a card of this type goes when a list gives no section.
    pub fn for_type(t: CardType) -> Part {
        match t {
            CardType::ManeCharacter => Part::Mane,
            CardType::Problem => Part::Problems,
            _ => Part::Draw,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Part::Mane => "Mane Character",
            Part::Problems => "Problem deck",
            Part::Draw => "draw deck",
        }
    }
}

/// A section heading of a deck list. The draw deck may be split by card type, as
/// OCTGN files do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    Mane,
    Problems,
    Draw,
    Friends,
    Events,
    Resources,
    Troublemakers,
}

impl Section {
    pub const ALL: [Section; 7] = [
        Section::Mane,
        Section::Problems,
        Section::Draw,
        Section::Friends,
        Section::Events,
        Section::Resources,
        Section::Troublemakers,
    ];

    /// Whether a card of this type may be listed under this heading.
    pub fn accepts(self, t: CardType) -> bool {
        match self {
            Section::Mane => t == CardType::ManeCharacter,
            Section::Problems => t == CardType::Problem,
            Section::Draw => matches!(
                t,
                CardType::Friend | CardType::Event | CardType::Resource | CardType::Troublemaker
            ),
            Section::Friends => t == CardType::Friend,
            Section::Events => t == CardType::Event,
            Section::Resources => t == CardType::Resource,
            Section::Troublemakers => t == CardType::Troublemaker,
        }
    }

    pub fn part(self) -> Part {
        match self {
            Section::Mane => Part::Mane,
            Section::Problems => Part::Problems,
            _ => Part::Draw,
        }
    }

    /// The rule a card of the wrong type under this heading breaks: a Problem
    /// deck holds only Problems (101.3b), a draw deck only draw-deck types
    /// (101.2), and the Mane Character is one (102.1). A card under the wrong
    /// draw-deck heading (an Event under Friends) breaks no rule.
    pub fn rule(self) -> Option<&'static str> {
        match self {
            Section::Mane => Some("102.1"),
            Section::Problems => Some("101.3b"),
            Section::Draw => Some("101.2"),
            Section::Friends | Section::Events | Section::Resources | Section::Troublemakers => {
                None
            }
        }
    }

    /// The heading as written by our writers.
    pub fn heading(self) -> &'static str {
        match self {
            Section::Mane => "Mane Character",
            Section::Problems => "Problems",
            Section::Draw => "Draw deck",
            Section::Friends => "Friends",
            Section::Events => "Events",
            Section::Resources => "Resources",
            Section::Troublemakers => "Troublemakers",
        }
    }

    /// Reads a heading: case, punctuation and a trailing count such as "(10)" are
    /// ignored; singular and plural forms are accepted.
    pub fn parse(heading: &str) -> Option<Section> {
        let mut h = heading.trim();
        if let Some(open) = h.rfind('(') {
            let inner = h[open + 1..].trim_end_matches(')').trim();
            if h.ends_with(')') && !inner.is_empty() && inner.bytes().all(|b| b.is_ascii_digit()) {
                h = h[..open].trim();
            }
        }
        let n = crate::resolve::normalize(h);
        Some(match n.as_str() {
            "mane" | "manes" | "mane character" | "mane characters" => Section::Mane,
            "problem" | "problems" | "problem deck" => Section::Problems,
            "draw" | "draw deck" | "deck" | "main deck" => Section::Draw,
            "friend" | "friends" => Section::Friends,
            "event" | "events" => Section::Events,
            "resource" | "resources" => Section::Resources,
            "troublemaker" | "troublemakers" => Section::Troublemakers,
            _ => return None,
        })
    }

    /// Every heading a reader accepts, for error messages.
    pub fn known_headings() -> String {
        Section::ALL
            .iter()
            .map(|s| s.heading())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A deck list. Cards are kept in the order first listed; adding a number again
/// adds to its count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    /// A name for the deck, if the list gave one.
    pub name: Option<String>,
    /// The Mane Character (102.1 asks for exactly one; a list may be wrong).
    pub mane: Vec<DeckCard>,
    pub problems: Vec<DeckCard>,
    pub draw: Vec<DeckCard>,
}

impl Deck {
    pub fn new() -> Deck {
        Deck::default()
    }

    pub fn part(&self, part: Part) -> &[DeckCard] {
        match part {
            Part::Mane => &self.mane,
            Part::Problems => &self.problems,
            Part::Draw => &self.draw,
        }
    }

    fn part_mut(&mut self, part: Part) -> &mut Vec<DeckCard> {
        match part {
            Part::Mane => &mut self.mane,
            Part::Problems => &mut self.problems,
            Part::Draw => &mut self.draw,
        }
    }

    /// Adds copies of a card number to a part (merging with an earlier line).
    pub fn add(&mut self, part: Part, number: &str, count: u32) {
        let cards = self.part_mut(part);
        match cards.iter_mut().find(|c| c.number == number) {
            Some(c) => c.count = c.count.saturating_add(count),
            None => cards.push(DeckCard::new(number, count)),
        }
    }

    /// Number of cards in a part.
    pub fn count(&self, part: Part) -> u32 {
        self.part(part)
            .iter()
            .fold(0u32, |a, c| a.saturating_add(c.count))
    }

    /// The Mane Character's number when the deck has exactly one.
    pub fn mane_number(&self) -> Option<&str> {
        match self.mane.as_slice() {
            [one] if one.count == 1 => Some(&one.number),
            _ => None,
        }
    }

    /// The Mane Character's catalogue entry when the deck has exactly one.
    pub fn mane_entry<'a>(&self, cat: &'a Catalogue) -> Option<&'a Entry> {
        self.mane_number().and_then(|n| cat.get(n))
    }

    /// One catalogue entry per copy of each card of a part, in list order.
    pub fn expand<'a>(&self, part: Part, cat: &'a Catalogue) -> Result<Vec<&'a Entry>, DeckError> {
        let mut out = Vec::new();
        for c in self.part(part) {
            let e = cat
                .get(&c.number)
                .ok_or_else(|| DeckError::UnknownNumber(c.number.clone()))?;
            out.extend(std::iter::repeat_n(e, c.count as usize));
        }
        Ok(out)
    }

    /// The deck as the engine's cards, for a game (every copy of each card; exactly one
    /// Mane Character, 102.1).
    pub fn player_deck(&self, cat: &Catalogue) -> Result<ponyccg_core::PlayerDeck, DeckError> {
        let part = |p: Part| -> Result<Vec<_>, DeckError> {
            Ok(self
                .expand(p, cat)?
                .into_iter()
                .map(|e| e.def.clone())
                .collect())
        };
        let manes = part(Part::Mane)?;
        let [mane] = <[_; 1]>::try_from(manes).map_err(|m| DeckError::ManeCount(m.len()))?;
        Ok(ponyccg_core::PlayerDeck {
            mane,
            problems: part(Part::Problems)?,
            draw: part(Part::Draw)?,
        })
    }

    /// The deck with duplicate numbers merged, zero counts dropped and every part
    /// sorted by number: two lists are the same deck when these are equal.
    pub fn normalized(&self) -> Deck {
        let norm = |cards: &[DeckCard]| {
            let mut merged: Vec<DeckCard> = Vec::new();
            for c in cards.iter().filter(|c| c.count > 0) {
                match merged.iter_mut().find(|m| m.number == c.number) {
                    Some(m) => m.count = m.count.saturating_add(c.count),
                    None => merged.push(c.clone()),
                }
            }
            merged.sort_by(|a, b| a.number.cmp(&b.number));
            merged
        };
        Deck {
            name: self.name.clone(),
            mane: norm(&self.mane),
            problems: norm(&self.problems),
            draw: norm(&self.draw),
        }
    }

    /// Whether two decks hold the same cards in the same parts (order and names
    /// aside).
    pub fn same_cards(&self, other: &Deck) -> bool {
        let (a, b) = (self.normalized(), other.normalized());
        a.mane == b.mane && a.problems == b.problems && a.draw == b.draw
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_merges_and_counts() {
        let mut d = Deck::new();
        d.add(Part::Draw, "PR12", 2);
        d.add(Part::Draw, "PR13", 1);
        d.add(Part::Draw, "PR12", 1);
        assert_eq!(
            d.draw,
            vec![DeckCard::new("PR12", 3), DeckCard::new("PR13", 1)]
        );
        assert_eq!(d.count(Part::Draw), 4);
        assert_eq!(d.mane_number(), None);
        d.add(Part::Mane, "PR2", 1);
        assert_eq!(d.mane_number(), Some("PR2"));
    }

    #[test]
    fn same_cards_ignores_order() {
        let mut a = Deck::new();
        a.add(Part::Draw, "PR12", 2);
        a.add(Part::Draw, "PR13", 1);
        let mut b = Deck::new();
        b.add(Part::Draw, "PR13", 1);
        b.add(Part::Draw, "PR12", 2);
        assert!(a.same_cards(&b));
        b.add(Part::Problems, "PR13", 1);
        assert!(!a.same_cards(&b));
    }

    #[test]
    fn headings_parse() {
        assert_eq!(Section::parse("Mane Character"), Some(Section::Mane));
        assert_eq!(Section::parse("PROBLEMS (10)"), Some(Section::Problems));
        assert_eq!(Section::parse("draw-deck"), Some(Section::Draw));
        assert_eq!(Section::parse("Trouble makers"), None);
        for s in Section::ALL {
            assert_eq!(Section::parse(s.heading()), Some(s));
        }
    }
}
