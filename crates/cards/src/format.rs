//! The card file format (`cards/*.toml`, described in `cards/README.md`) and its
//! conversion into [`CardDef`]s. Every check that can fail returns an error naming the
//! file, line and card; nothing here panics on bad input.

use crate::error::{CatalogueError, Location};
use ponyccg_core::card::{
    CardDef, CardType, Color, Colors, Face, Keyword, OpponentReq, PlayReq, ProblemFacts, Rarity,
    ReqColor, Requirement, ScriptStatus,
};
use serde::Deserialize;
use toml::Spanned;

/// The power recorded for a confront requirement printed as an infinity sign: more
/// than any number of characters can ever provide, so it can never be met.
pub const INFINITE_POWER: u16 = u16::MAX;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawFile {
    pub set: Spanned<RawSet>,
    #[serde(default)]
    pub card: Vec<Spanned<RawCard>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawSet {
    pub code: String,
    pub name: String,
    pub kind: String,
    pub order: u32,
    #[serde(default)]
    pub released: Option<String>,
    #[serde(default)]
    pub octgn_set_id: Option<String>,
    #[serde(default)]
    pub octgn_name: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCard {
    pub number: String,
    pub octgn_id: String,
    pub title: String,
    #[serde(default)]
    pub subtitle: String,
    #[serde(rename = "type")]
    pub card_type: String,
    #[serde(default)]
    pub rarity: Option<String>,
    #[serde(default)]
    pub colors: Vec<String>,
    #[serde(default)]
    pub power: Option<i64>,
    #[serde(default)]
    pub cost: Option<i64>,
    #[serde(default)]
    pub play: Vec<String>,
    #[serde(default)]
    pub traits: Vec<String>,
    #[serde(default)]
    pub keywords: Vec<String>,
    #[serde(default)]
    pub confront: Option<RawConfront>,
    #[serde(default)]
    pub points: Option<i64>,
    #[serde(default)]
    pub boosted: Option<RawFace>,
    #[serde(default)]
    pub back_name: Option<String>,
    pub status: String,
    /// Reserved for the ability script language; not accepted yet.
    #[serde(default)]
    pub script: Option<toml::Value>,
    #[serde(default)]
    pub notes: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawFace {
    #[serde(default)]
    pub colors: Vec<String>,
    #[serde(default)]
    pub power: Option<i64>,
    #[serde(default)]
    pub traits: Vec<String>,
    #[serde(default)]
    pub keywords: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawConfront {
    pub owner: Vec<String>,
    pub opponent: toml::Value,
    pub bonus: i64,
}

/// The kind of a set: where its cards come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum SetKind {
    /// An Enterplay expansion.
    Official,
    /// Enterplay promotional cards.
    Promo,
    /// Tokens that card abilities put into play.
    Token,
    /// A fan-made set published after Enterplay stopped.
    Community,
    /// The fan-made 3-against-1 Villain Challenge format.
    VillainChallenge,
    /// Cards that were designed but never released.
    Unreleased,
}

impl SetKind {
    pub fn parse(s: &str) -> Option<SetKind> {
        Some(match s {
            "official" => SetKind::Official,
            "promo" => SetKind::Promo,
            "token" => SetKind::Token,
            "community" => SetKind::Community,
            "villain-challenge" => SetKind::VillainChallenge,
            "unreleased" => SetKind::Unreleased,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            SetKind::Official => "official",
            SetKind::Promo => "promo",
            SetKind::Token => "token",
            SetKind::Community => "community",
            SetKind::VillainChallenge => "villain-challenge",
            SetKind::Unreleased => "unreleased",
        }
    }
    /// Whether the same collector number may name several different cards in a set
    /// of this kind (the token and Villain Challenge data repeat numbers).
    pub fn allows_repeated_numbers(self) -> bool {
        matches!(self, SetKind::Token | SetKind::VillainChallenge)
    }
}

/// 1-based line of a byte offset.
pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The number of the card whose `[[card]]` table holds `offset`, found by looking at
/// the text itself (used for syntax errors, where no parsed card exists).
pub(crate) fn card_at(text: &str, offset: usize) -> Option<String> {
    // An error spanning a whole table starts at its `[[card]]` header: include it.
    let end = floor_char_boundary(text, (offset + "[[card]]".len()).min(text.len()));
    let start = text[..end].rfind("[[card]]")?;
    let rest = &text[start + "[[card]]".len()..];
    let stop = rest.find("[[card]]").unwrap_or(rest.len());
    rest[..stop].lines().find_map(|l| {
        let l = l.trim();
        let v = l
            .strip_prefix("number")?
            .trim_start()
            .strip_prefix('=')?
            .trim();
        let v = v.strip_prefix('"')?;
        Some(v[..v.find('"')?].to_string())
    })
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

pub(crate) fn parse_card_type(s: &str) -> Option<CardType> {
    Some(match s {
        "Mane Character" => CardType::ManeCharacter,
        "Friend" => CardType::Friend,
        "Event" => CardType::Event,
        "Resource" => CardType::Resource,
        "Troublemaker" => CardType::Troublemaker,
        "Problem" => CardType::Problem,
        _ => return None,
    })
}

pub(crate) fn parse_rarity(s: &str) -> Option<Rarity> {
    Some(match s {
        "F" => Rarity::Fixed,
        "C" => Rarity::Common,
        "U" => Rarity::Uncommon,
        "R" => Rarity::Rare,
        "SR" => Rarity::SuperRare,
        "UR" => Rarity::UltraRare,
        "RR" => Rarity::RoyalRare,
        "P" => Rarity::Promo,
        _ => return None,
    })
}

/// A colour by its English name only ("Blue"), as the card files write it.
pub(crate) fn parse_color_name(s: &str) -> Option<Color> {
    Color::ALL.into_iter().find(|c| c.name() == s)
}

fn parse_power(s: &str) -> Option<u16> {
    match s {
        "infinite" => Some(INFINITE_POWER),
        _ => s.parse().ok(),
    }
}

/// "2 Blue" → a play requirement.
pub(crate) fn parse_play_req(s: &str) -> Result<PlayReq, String> {
    let bad = || format!("play requirement {s:?} is not \"<power> <colour>\", e.g. \"2 Blue\"");
    let (n, c) = s.trim().split_once(' ').ok_or_else(bad)?;
    let power = n.parse::<u16>().map_err(|_| bad())?;
    let color = parse_color_name(c.trim()).ok_or_else(bad)?;
    Ok(PlayReq { color, power })
}

/// "4 Yellow", "3 Not Yellow", "6 Wild", "infinite Wild", "Rainbow" → a confront
/// requirement. "Rainbow" asks for one power of each colour and is recorded with power 1.
pub(crate) fn parse_requirement(s: &str) -> Result<Requirement, String> {
    let s = s.trim();
    if s == "Rainbow" {
        return Ok(Requirement {
            color: ReqColor::Rainbow,
            power: 1,
        });
    }
    let bad = || {
        format!(
            "confront requirement {s:?} is not \"<power> <colour>\" (colour: a colour name, \
             \"Not <colour>\" or \"Wild\"; power: a number or \"infinite\"), or \"Rainbow\""
        )
    };
    let (n, c) = s.split_once(' ').ok_or_else(bad)?;
    let power = parse_power(n).ok_or_else(bad)?;
    let c = c.trim();
    let color = if c == "Wild" {
        ReqColor::Wild
    } else if let Some(x) = c.strip_prefix("Not ") {
        ReqColor::Not(parse_color_name(x.trim()).ok_or_else(bad)?)
    } else {
        ReqColor::Color(parse_color_name(c).ok_or_else(bad)?)
    };
    Ok(Requirement { color, power })
}

fn parse_opponent(v: &toml::Value) -> Result<OpponentReq, String> {
    match v {
        toml::Value::Integer(n) => u16::try_from(*n)
            .map(OpponentReq::Wild)
            .map_err(|_| format!("opponent requirement {n} is out of range 0..=65535")),
        toml::Value::String(s) if s == "unmeetable" => Ok(OpponentReq::Unmeetable),
        other => Err(format!(
            "opponent requirement must be a number or \"unmeetable\", not {other}"
        )),
    }
}

fn colors(list: &[String]) -> Result<Colors, String> {
    let mut out = Colors::NONE;
    for c in list {
        let col = parse_color_name(c).ok_or_else(|| {
            format!("unknown colour {c:?} (use Blue, Orange, Pink, Purple, White or Yellow)")
        })?;
        if out.contains(col) {
            return Err(format!("colour {c} is listed twice"));
        }
        out.insert(col);
    }
    Ok(out)
}

fn keywords(list: &[String]) -> Result<Vec<Keyword>, String> {
    let mut out = Vec::with_capacity(list.len());
    for k in list {
        let kw = Keyword::parse(k).ok_or_else(|| format!("unknown keyword {k:?}"))?;
        if kw.to_string() != *k {
            return Err(format!(
                "keyword {k:?} must be written {:?}",
                kw.to_string()
            ));
        }
        if out.contains(&kw) {
            return Err(format!("keyword {k} is listed twice"));
        }
        out.push(kw);
    }
    Ok(out)
}

fn traits(list: &[String]) -> Result<Vec<String>, String> {
    for t in list {
        if t.trim().is_empty() || t.trim() != t || t.contains(',') {
            return Err(format!(
                "trait {t:?} must be one non-empty word or phrase without commas or outer spaces"
            ));
        }
    }
    Ok(list.to_vec())
}

fn power(p: Option<i64>) -> Result<Option<i16>, String> {
    p.map(|x| i16::try_from(x).map_err(|_| format!("power {x} is out of range")))
        .transpose()
}

fn make_face(
    colors_: &[String],
    power_: Option<i64>,
    traits_: &[String],
    kws: &[String],
) -> Result<Face, String> {
    Ok(Face {
        colors: colors(colors_)?,
        power: power(power_)?,
        traits: traits(traits_)?,
        keywords: keywords(kws)?,
        // Scripts are attached after the facts are read.
        abilities: Vec::new(),
    })
}

/// Checks an OCTGN GUID (8-4-4-4-12 hexadecimal digits) and returns it in lower case.
pub(crate) fn guid(s: &str) -> Result<String, String> {
    let groups: Vec<&str> = s.split('-').collect();
    let ok = groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(g, n)| g.len() == n && g.bytes().all(|b| b.is_ascii_hexdigit()));
    if ok {
        Ok(s.to_ascii_lowercase())
    } else {
        Err(format!(
            "octgn_id {s:?} is not a GUID (8-4-4-4-12 hexadecimal digits)"
        ))
    }
}

/// What the conversion of one card gives besides its [`CardDef`].
pub(crate) struct Converted {
    pub def: CardDef,
    pub octgn_id: String,
    pub back_name: Option<String>,
    pub notes: Vec<String>,
}

/// Turns a parsed card into a [`CardDef`], checking every fact. `set_code` is the
/// code of the set file the card is in.
pub(crate) fn convert_card(raw: &RawCard, set_code: &str) -> Result<Converted, String> {
    if raw.number.trim().is_empty() || raw.number.trim() != raw.number {
        return Err(format!(
            "number {:?} must be non-empty without outer spaces",
            raw.number
        ));
    }
    if raw.title.trim().is_empty() {
        return Err("title is empty".into());
    }
    let card_type = parse_card_type(&raw.card_type).ok_or_else(|| {
        format!(
            "unknown type {:?} (use Mane Character, Friend, Event, Resource, Troublemaker or Problem)",
            raw.card_type
        )
    })?;
    let rarity = match &raw.rarity {
        None => Rarity::None,
        Some(r) => parse_rarity(r)
            .ok_or_else(|| format!("unknown rarity {r:?} (use F, C, U, R, SR, UR, RR or P)"))?,
    };
    let face = make_face(&raw.colors, raw.power, &raw.traits, &raw.keywords)?;
    match (card_type, face.power) {
        (CardType::Problem, Some(_)) => return Err("a Problem has no power (202.2)".into()),
        (t, None) if t != CardType::Problem => return Err(format!("a {t} needs a power")),
        _ => {}
    }
    let cost = match raw.cost {
        None => None,
        Some(c) => Some(u8::try_from(c).map_err(|_| format!("cost {c} is out of range 0..=255"))?),
    };
    if cost.is_some()
        && matches!(
            card_type,
            CardType::ManeCharacter | CardType::Problem | CardType::Troublemaker
        )
    {
        return Err(format!("a {card_type} has no cost"));
    }
    if raw.play.len() > 3 {
        return Err(format!(
            "{} play requirements given; a card has at most 3",
            raw.play.len()
        ));
    }
    let play_reqs = raw
        .play
        .iter()
        .map(|s| parse_play_req(s))
        .collect::<Result<Vec<_>, _>>()?;
    let boosted = match &raw.boosted {
        None => None,
        Some(b) => {
            let f = make_face(&b.colors, b.power, &b.traits, &b.keywords)
                .map_err(|e| format!("boosted side: {e}"))?;
            if f.power.is_none() {
                return Err("boosted side: needs a power".into());
            }
            Some(f)
        }
    };
    if card_type == CardType::ManeCharacter && boosted.is_none() {
        return Err("a Mane Character needs its boosted side (`boosted = {...}`)".into());
    }
    if raw.back_name.is_some() && boosted.is_none() {
        return Err("back_name is given but there is no other side (`boosted`)".into());
    }
    let problem = match &raw.confront {
        None => None,
        Some(c) => {
            if card_type == CardType::Problem || face.has_trait("Dilemma") {
                if c.owner.is_empty() || c.owner.len() > 2 {
                    return Err(format!(
                        "confront.owner has {} requirements; give 1 or 2",
                        c.owner.len()
                    ));
                }
                let owner = c
                    .owner
                    .iter()
                    .map(|s| parse_requirement(s))
                    .collect::<Result<Vec<_>, _>>()?;
                let opponent = parse_opponent(&c.opponent)?;
                let bonus = u16::try_from(c.bonus)
                    .map_err(|_| format!("confront.bonus {} is out of range", c.bonus))?;
                Some(ProblemFacts {
                    owner,
                    opponent,
                    bonus,
                })
            } else {
                return Err(format!(
                    "a {card_type} has no confront requirements (only Problems and Dilemma cards do)"
                ));
            }
        }
    };
    if card_type == CardType::Problem && problem.is_none() {
        return Err("a Problem needs its confront requirements (`confront = {...}`)".into());
    }
    let points = match raw.points {
        None => None,
        Some(p) if card_type == CardType::Troublemaker => {
            Some(u16::try_from(p).map_err(|_| format!("points {p} is out of range"))?)
        }
        Some(_) => {
            return Err(format!(
                "a {card_type} has no point value (only Troublemakers do)"
            ))
        }
    };
    if raw.script.is_some() {
        return Err(
            "`script` is reserved for ability scripts, which this version cannot read yet".into(),
        );
    }
    let script = match raw.status.as_str() {
        "vanilla" => ScriptStatus::Vanilla,
        "unscripted" => ScriptStatus::Unscripted,
        "scripted" => {
            return Err(
                "status \"scripted\" needs a `script`, which this version cannot read yet".into(),
            )
        }
        s => return Err(format!("unknown status {s:?} (use vanilla or unscripted)")),
    };
    let octgn_id = guid(&raw.octgn_id)?;
    Ok(Converted {
        def: CardDef {
            number: raw.number.clone(),
            set: set_code.to_string(),
            title: raw.title.clone(),
            subtitle: raw.subtitle.clone(),
            card_type,
            rarity,
            face,
            boosted,
            cost,
            play_reqs,
            problem,
            points,
            script,
        },
        octgn_id,
        back_name: raw.back_name.clone(),
        notes: raw.notes.clone(),
    })
}

/// Parses one card file. `file` is the name used in errors.
pub(crate) fn parse_file(file: &str, text: &str) -> Result<RawFile, CatalogueError> {
    toml::from_str::<RawFile>(text).map_err(|e| {
        let offset = e.span().map(|s| s.start).unwrap_or(0);
        CatalogueError::Syntax {
            at: Location {
                file: file.to_string(),
                line: line_of(text, offset),
                card: card_at(text, offset),
            },
            message: e.message().trim().to_string(),
        }
    })
}
