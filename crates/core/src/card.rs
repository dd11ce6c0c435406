//! Card facts: the printed information of a card (chapter 2 of the rules), as the
//! engine reads it. The catalogue (crates/cards) builds these; the engine never
//! stores derived values here (711: derived characteristics are computed).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The six colours of 203.1a. The reference data names them after the Elements of
/// Harmony; the catalogue maps those names to these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    Blue,
    Orange,
    Pink,
    Purple,
    White,
    Yellow,
}

impl Color {
    pub const ALL: [Color; 6] = [
        Color::Blue,
        Color::Orange,
        Color::Pink,
        Color::Purple,
        Color::White,
        Color::Yellow,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Color::Blue => "Blue",
            Color::Orange => "Orange",
            Color::Pink => "Pink",
            Color::Purple => "Purple",
            Color::White => "White",
            Color::Yellow => "Yellow",
        }
    }

    /// Parses a colour by its name or its Element of Harmony (case-insensitive).
    pub fn parse(s: &str) -> Option<Color> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "blue" | "loyalty" => Color::Blue,
            "orange" | "honesty" => Color::Orange,
            "pink" | "laughter" => Color::Pink,
            "purple" | "magic" => Color::Purple,
            "white" | "generosity" => Color::White,
            "yellow" | "kindness" => Color::Yellow,
            _ => return None,
        })
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of colours (a card can have several, 203.1). A bitset so that it is `Copy`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Vec<Color>", into = "Vec<Color>")]
pub struct Colors(u8);

impl Colors {
    pub const NONE: Colors = Colors(0);

    pub fn of(colors: &[Color]) -> Colors {
        let mut c = Colors::NONE;
        for &x in colors {
            c.insert(x);
        }
        c
    }
    pub fn single(c: Color) -> Colors {
        Colors(c.bit())
    }
    pub fn insert(&mut self, c: Color) {
        self.0 |= c.bit();
    }
    pub fn union(self, other: Colors) -> Colors {
        Colors(self.0 | other.0)
    }
    pub fn contains(self, c: Color) -> bool {
        self.0 & c.bit() != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn iter(self) -> impl Iterator<Item = Color> {
        Color::ALL.into_iter().filter(move |c| self.contains(*c))
    }
    pub fn intersects(self, other: Colors) -> bool {
        self.0 & other.0 != 0
    }
}

impl From<Vec<Color>> for Colors {
    fn from(v: Vec<Color>) -> Self {
        Colors::of(&v)
    }
}
impl From<Colors> for Vec<Color> {
    fn from(c: Colors) -> Self {
        c.iter().collect()
    }
}

/// Card types of 206.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardType {
    ManeCharacter,
    Friend,
    Event,
    Resource,
    Troublemaker,
    Problem,
}

impl CardType {
    pub fn name(self) -> &'static str {
        match self {
            CardType::ManeCharacter => "Mane Character",
            CardType::Friend => "Friend",
            CardType::Event => "Event",
            CardType::Resource => "Resource",
            CardType::Troublemaker => "Troublemaker",
            CardType::Problem => "Problem",
        }
    }
    /// 301.4, 302.2: Mane Characters and Friends are characters.
    pub fn is_character(self) -> bool {
        matches!(self, CardType::ManeCharacter | CardType::Friend)
    }
}

impl fmt::Display for CardType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Rarity indicators of 213.3 (and tokens, which have none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rarity {
    Fixed,
    Common,
    Uncommon,
    Rare,
    SuperRare,
    UltraRare,
    RoyalRare,
    Promo,
    None,
}

impl Rarity {
    pub fn code(self) -> &'static str {
        match self {
            Rarity::Fixed => "F",
            Rarity::Common => "C",
            Rarity::Uncommon => "U",
            Rarity::Rare => "R",
            Rarity::SuperRare => "SR",
            Rarity::UltraRare => "UR",
            Rarity::RoyalRare => "RR",
            Rarity::Promo => "P",
            Rarity::None => "",
        }
    }
}

/// A colour a confront requirement asks for (611.3c-d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReqColor {
    Color(Color),
    /// Power of any colour but this one (611.3c).
    Not(Color),
    /// Power of any colour or none (611.3d).
    Wild,
    /// One power of each of the six colours, as the reference data's "Rainbow".
    Rainbow,
}

/// One line of a Problem's confront requirements (209.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Requirement {
    pub color: ReqColor,
    pub power: u16,
}

/// The amount of power an opponent needs: a number, or a requirement no amount of
/// power meets (some Problems print an infinity sign).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpponentReq {
    Wild(u16),
    Unmeetable,
}

/// A Problem's confront requirements and bonus (209, 210).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProblemFacts {
    /// The owner's requirements (printed beneath the text box).
    pub owner: Vec<Requirement>,
    /// The opponents' requirement (printed on the opposite side).
    pub opponent: OpponentReq,
    /// Problem bonus (210.1).
    pub bonus: u16,
}

/// A play requirement (205.1): characters with this much combined power of the colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayReq {
    pub color: Color,
    pub power: u16,
}

/// The keywords of the 3.9 glossary plus the printed flags the engine reads.
/// Each is implemented once in the engine (701.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Keyword {
    Agile,
    Calming(u8),
    Caretaker,
    Competitive(u8),
    Diligent(u8),
    Eccentric(u8),
    Experienced,
    Hasty,
    HomeLimit(u8),
    Inspired,
    Meticulous(u8),
    Persistent,
    Prepared,
    Prismatic,
    Pumped,
    Random,
    Redeem,
    Showy(u8),
    StartingProblem,
    Stubborn,
    Studious,
    Supportive(u8),
    Swift,
    Teamwork,
    Transform(u8),
    Traveler,
    Vexing,
    Villain,
    /// Community keywords found only in the Villain Challenge / community sets.
    Harmonious(u8),
    Tyrannical(u8),
}

impl Keyword {
    pub fn name(self) -> &'static str {
        use Keyword::*;
        match self {
            Agile => "Agile",
            Calming(_) => "Calming",
            Caretaker => "Caretaker",
            Competitive(_) => "Competitive",
            Diligent(_) => "Diligent",
            Eccentric(_) => "Eccentric",
            Experienced => "Experienced",
            Hasty => "Hasty",
            HomeLimit(_) => "Home Limit",
            Inspired => "Inspired",
            Meticulous(_) => "Meticulous",
            Persistent => "Persistent",
            Prepared => "Prepared",
            Prismatic => "Prismatic",
            Pumped => "Pumped",
            Random => "Random",
            Redeem => "Redeem",
            Showy(_) => "Showy",
            StartingProblem => "Starting Problem",
            Stubborn => "Stubborn",
            Studious => "Studious",
            Supportive(_) => "Supportive",
            Swift => "Swift",
            Teamwork => "Teamwork",
            Transform(_) => "Transform",
            Traveler => "Traveler",
            Vexing => "Vexing",
            Villain => "Villain",
            Harmonious(_) => "Harmonious",
            Tyrannical(_) => "Tyrannical",
        }
    }

    pub fn value(self) -> Option<u8> {
        use Keyword::*;
        match self {
            Calming(x) | Competitive(x) | Diligent(x) | Eccentric(x) | HomeLimit(x)
            | Meticulous(x) | Showy(x) | Supportive(x) | Transform(x) | Harmonious(x)
            | Tyrannical(x) => Some(x),
            _ => None,
        }
    }

    /// Parses "Competitive 2", "Swift", "Home Limit 3." (a stray full stop is allowed).
    pub fn parse(s: &str) -> Option<Keyword> {
        use Keyword::*;
        let s = s.trim().trim_end_matches('.').trim();
        let (word, num) = match s.rfind(' ') {
            Some(i) if s[i + 1..].parse::<u8>().is_ok() => {
                (s[..i].trim(), s[i + 1..].parse::<u8>().ok())
            }
            _ => (s, None),
        };
        let w = word.to_ascii_lowercase();
        Some(match (w.as_str(), num) {
            ("agile", None) => Agile,
            ("calming", Some(x)) => Calming(x),
            ("caretaker", None) => Caretaker,
            ("competitive", Some(x)) => Competitive(x),
            ("diligent", Some(x)) => Diligent(x),
            ("eccentric", Some(x)) => Eccentric(x),
            ("experienced", None) => Experienced,
            ("hasty", None) => Hasty,
            ("home limit", Some(x)) => HomeLimit(x),
            ("inspired", None) => Inspired,
            ("meticulous", Some(x)) => Meticulous(x),
            ("persistent", None) => Persistent,
            ("prepared", None) => Prepared,
            ("prismatic", None) => Prismatic,
            ("pumped", None) => Pumped,
            ("random", None) => Random,
            ("redeem", None) => Redeem,
            ("showy", Some(x)) => Showy(x),
            ("starting problem", None) => StartingProblem,
            ("stubborn", None) => Stubborn,
            ("studious", None) => Studious,
            ("supportive", Some(x)) => Supportive(x),
            ("swift", None) => Swift,
            ("teamwork", None) => Teamwork,
            ("transform", Some(x)) => Transform(x),
            ("traveler", None) => Traveler,
            ("vexing", None) => Vexing,
            ("villain", None) => Villain,
            ("harmonious", Some(x)) => Harmonious(x),
            ("tyrannical", Some(x)) => Tyrannical(x),
            _ => return None,
        })
    }
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value() {
            Some(v) => write!(f, "{} {}", self.name(), v),
            None => f.write_str(self.name()),
        }
    }
}

/// The information on one face of a card. Mane Characters have two (301.2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Face {
    pub colors: Colors,
    /// Printed power (202.1); `None` for Problems (202.2).
    pub power: Option<i16>,
    pub traits: Vec<String>,
    pub keywords: Vec<Keyword>,
    /// The face's abilities as our own script (701.1); keywords are listed above.
    #[serde(default)]
    pub abilities: Vec<crate::ability::Ability>,
}

impl Face {
    pub fn has_trait(&self, t: &str) -> bool {
        self.traits.iter().any(|x| x.eq_ignore_ascii_case(t))
    }
    pub fn has_keyword(&self, k: fn(&Keyword) -> bool) -> bool {
        self.keywords.iter().any(k)
    }
    pub fn home_limit(&self) -> Option<u8> {
        self.keywords.iter().find_map(|k| match k {
            Keyword::HomeLimit(x) => Some(*x),
            _ => None,
        })
    }
}

/// Whether the engine can play a card's abilities. A card whose text is not
/// scripted yet must never be played as if it had no text (the catalogue issue).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScriptStatus {
    /// The card has no game text beyond facts the engine already reads.
    Vanilla,
    /// Its abilities are scripted.
    Scripted,
    /// It has game text that is not scripted yet.
    Unscripted,
}

/// Everything printed on a card that the rules read. Built by the catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDef {
    /// Collector number with its set code, e.g. "PR12" (213.2).
    pub number: String,
    /// Set code, e.g. "PR".
    pub set: String,
    pub title: String,
    pub subtitle: String,
    pub card_type: CardType,
    pub rarity: Rarity,
    /// Start side for Mane Characters.
    pub face: Face,
    /// Boosted side of a Mane Character.
    pub boosted: Option<Face>,
    /// Printed cost in action tokens (204.1); `None` for cards without one.
    pub cost: Option<u8>,
    pub play_reqs: Vec<PlayReq>,
    pub problem: Option<ProblemFacts>,
    /// Troublemaker point value (211.1).
    pub points: Option<u16>,
    pub script: ScriptStatus,
}

impl CardDef {
    /// The card's name: Title and Subtitle (201.1).
    pub fn full_name(&self) -> String {
        if self.subtitle.is_empty() {
            self.title.clone()
        } else {
            format!("{}, {}", self.title, self.subtitle)
        }
    }
    pub fn is_character(&self) -> bool {
        self.card_type.is_character()
    }
    pub fn is_starting_problem(&self) -> bool {
        self.face.keywords.contains(&Keyword::StartingProblem)
    }
    /// 516.3: the Unique trait.
    pub fn is_unique(&self) -> bool {
        self.face.has_trait("Unique")
    }
    /// Epic Troublemakers (516.4a, 607.1).
    pub fn is_epic(&self) -> bool {
        self.face.has_trait("Epic")
    }
    pub fn is_dilemma(&self) -> bool {
        self.face.has_trait("Dilemma")
    }
}
