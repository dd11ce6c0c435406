//! The file as written: serde structures mirroring the TOML, with spans kept so that
//! every later error can name its line. Nothing here knows about the engine.

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;
use std::fmt;
use toml::Spanned;

pub type S<T> = Spanned<T>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    pub scenario: S<Header>,
    #[serde(default)]
    pub card: Vec<S<CardSpec>>,
    #[serde(default)]
    pub player: Vec<S<PlayerSpec>>,
    pub turn: S<TurnSpec>,
    #[serde(default)]
    pub step: Vec<S<StepSpec>>,
    pub end: Option<S<StepSpec>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    pub name: String,
    #[serde(default)]
    pub rules: Vec<String>,
    pub description: Option<String>,
    #[serde(default)]
    pub seed: u64,
}

/// A plain card defined by the file itself (facts only, no game text).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSpec {
    pub number: S<String>,
    pub name: S<String>,
    #[serde(default)]
    pub subtitle: String,
    #[serde(rename = "type")]
    pub card_type: S<String>,
    #[serde(default)]
    pub colors: Vec<S<String>>,
    pub power: Option<S<i16>>,
    pub cost: Option<S<u8>>,
    #[serde(default)]
    pub requires: Vec<S<String>>,
    #[serde(default)]
    pub traits: Vec<String>,
    #[serde(default)]
    pub keywords: Vec<S<String>>,
    pub boosted: Option<S<FaceSpec>>,
    #[serde(default)]
    pub confront: Vec<S<String>>,
    pub opponent: Option<S<toml::Value>>,
    pub bonus: Option<S<u16>>,
    #[serde(default)]
    pub starting: bool,
    pub points: Option<S<u16>>,
    /// The card's abilities in the script language (docs/scripts.md), a RON list.
    pub script: Option<S<String>>,
    /// A Mane Character's Boosted-side abilities.
    pub boosted_script: Option<S<String>>,
}

/// The Boosted side of an inline Mane Character; unset fields copy the Start side.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaceSpec {
    pub power: Option<i16>,
    pub colors: Option<Vec<S<String>>>,
    pub traits: Option<Vec<String>>,
    pub keywords: Option<Vec<S<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    pub mane: S<Placement>,
    #[serde(default)]
    pub hand: Vec<S<String>>,
    #[serde(default)]
    pub deck: Vec<S<String>>,
    #[serde(default)]
    pub problem_deck: Vec<S<String>>,
    pub problem: Option<S<String>>,
    #[serde(default)]
    pub home: Vec<S<Placement>>,
    #[serde(default)]
    pub at: BTreeMap<String, S<Vec<S<Placement>>>>,
    #[serde(default)]
    pub discard: Vec<S<String>>,
    #[serde(default)]
    pub banished: Vec<S<String>>,
    #[serde(default)]
    pub score: u16,
    #[serde(default)]
    pub tokens: u16,
}

/// A card in play: its name alone, or a table with its state.
pub enum Placement {
    Name(String),
    Table(PlacementTable),
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct PlacementTable {
    pub card: String,
    #[serde(default)]
    pub exhausted: bool,
    #[serde(default)]
    pub frightened: bool,
    #[serde(default)]
    pub face_down: bool,
    #[serde(default)]
    pub counters: i16,
    /// Mane Characters only: turned to the Boosted side.
    #[serde(default)]
    pub boosted: bool,
    /// Mane Characters only: where it is ("home" or a Problem area such as "P2").
    pub at: Option<String>,
    #[serde(default)]
    pub attached: Vec<S<Placement>>,
    /// Cards banished beneath this card (Pumped), the first put there first.
    #[serde(default)]
    pub beneath: Vec<S<String>>,
}

impl Placement {
    pub fn table(&self) -> PlacementRef<'_> {
        match self {
            Placement::Name(n) => PlacementRef { card: n, t: None },
            Placement::Table(t) => PlacementRef {
                card: &t.card,
                t: Some(t),
            },
        }
    }
}

pub struct PlacementRef<'a> {
    pub card: &'a str,
    pub t: Option<&'a PlacementTable>,
}

impl<'de> Deserialize<'de> for Placement {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Placement;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a card (number or name) or a table with `card = ...` and its state")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Placement, E> {
                Ok(Placement::Name(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Placement, A::Error> {
                PlacementTable::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(Placement::Table)
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnSpec {
    pub number: Option<S<u32>>,
    pub player: S<String>,
    pub first: Option<S<String>>,
    pub start: S<String>,
}

/// One step: at most one action, then expectations checked after it. `[end]` uses the
/// same shape without an action.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepSpec {
    // ----- actions -----
    pub choose: Option<S<String>>,
    pub player: Option<S<String>>,
    pub pass_until: Option<S<String>>,
    pub until_turn: Option<S<u32>>,
    pub concede: Option<S<String>>,
    // ----- expectations -----
    pub score: Option<S<BTreeMap<String, u16>>>,
    pub tokens: Option<S<BTreeMap<String, u16>>>,
    pub now: Option<S<String>>,
    pub turn: Option<S<u32>>,
    pub turn_player: Option<S<String>>,
    pub outcome: Option<S<String>>,
    pub decision: Option<S<DecisionSpec>>,
    pub problem: Option<S<BTreeMap<String, String>>>,
    #[serde(default)]
    pub cards: Vec<S<ZoneSpec>>,
    #[serde(default)]
    pub card: Vec<S<CardCheckSpec>>,
    #[serde(default)]
    pub happened: Vec<S<String>>,
    #[serde(default)]
    pub not_happened: Vec<S<String>>,
    // ----- [end] only -----
    pub allow_pending: Option<S<bool>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecisionSpec {
    pub player: Option<String>,
    pub prompt: Option<String>,
    #[serde(default)]
    pub offers: Vec<String>,
    #[serde(default)]
    pub lacks: Vec<String>,
    pub labels: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneSpec {
    pub player: Option<String>,
    pub zone: Option<String>,
    pub area: Option<String>,
    pub exactly: Option<Vec<String>>,
    pub order: Option<Vec<String>>,
    #[serde(default)]
    pub contains: Vec<String>,
    #[serde(default)]
    pub lacks: Vec<String>,
    pub count: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardCheckSpec {
    pub card: String,
    pub player: Option<String>,
    #[serde(rename = "in")]
    pub within: Option<String>,
    pub zone: Option<String>,
    pub area: Option<String>,
    pub power: Option<toml::Value>,
    pub colors: Option<Vec<String>>,
    pub traits: Option<Vec<String>>,
    pub exhausted: Option<bool>,
    pub ready: Option<bool>,
    pub frightened: Option<bool>,
    pub face_down: Option<bool>,
    pub counters: Option<i16>,
    /// Counters of a name (519.1) on the card: `named = { Harmony = 2 }`.
    pub named: Option<std::collections::BTreeMap<String, u16>>,
    pub boosted: Option<bool>,
    pub host: Option<String>,
}
