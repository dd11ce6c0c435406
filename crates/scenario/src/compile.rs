//! From the file as written to a checked scenario: cards resolved, names of players,
//! areas, steps and zones understood, with the line of everything kept for messages.

use crate::names::{self, OutcomeSpec, Target};
use crate::spec::{self, Placement, S};
use crate::{ScenarioError, Src};
use ponyccg_cards::Catalogue;
use ponyccg_core::board::{InPlay, StartAt};
use ponyccg_core::card::{
    CardDef, CardType, Colors, Face, OpponentReq, PlayReq, ProblemFacts, Rarity, ReqColor,
    Requirement, ScriptStatus,
};
use ponyccg_core::{Area, PlayerId, Zone};

/// A checked scenario, ready to run.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub file: String,
    pub name: String,
    pub rules: Vec<String>,
    pub description: Option<String>,
    pub(crate) seed: u64,
    pub(crate) players: Vec<PlayerSetup>,
    pub(crate) turn: TurnSetup,
    pub(crate) steps: Vec<StepPlan>,
    pub(crate) end: StepPlan,
    pub(crate) allow_pending: bool,
}

/// A card named in the file: its facts and the line that named it.
#[derive(Clone, Debug)]
pub(crate) struct CardRef {
    pub def: CardDef,
    pub line: usize,
}

#[derive(Clone, Debug)]
pub(crate) struct Placed {
    pub card: CardRef,
    pub how: InPlay,
    pub boosted: bool,
    pub attached: Vec<Placed>,
    /// Cards banished beneath this one (Pumped), the first put there first.
    pub beneath: Vec<CardRef>,
}

#[derive(Clone, Debug)]
pub(crate) struct PlayerSetup {
    pub line: usize,
    pub mane: Placed,
    pub mane_at: Option<Area>,
    pub hand: Vec<CardRef>,
    pub deck: Vec<CardRef>,
    pub problem_deck: Vec<CardRef>,
    pub problem: Option<CardRef>,
    pub in_play: Vec<(Area, Placed)>,
    pub discard: Vec<CardRef>,
    pub banished: Vec<CardRef>,
    pub score: u16,
    pub tokens: u16,
}

#[derive(Clone, Debug)]
pub(crate) struct TurnSetup {
    pub line: usize,
    pub number: u32,
    pub player: PlayerId,
    pub first: PlayerId,
    pub start: StartAt,
}

#[derive(Clone, Debug)]
pub(crate) enum Action {
    Choose { player: PlayerId, label: String },
    PassUntil { target: Target, turn: Option<u32> },
    Concede(PlayerId),
}

#[derive(Clone, Debug)]
pub(crate) struct StepPlan {
    /// 1-based number of the step in the file (0 for `[end]`).
    pub index: usize,
    pub line: usize,
    pub action: Option<(usize, Action)>,
    pub checks: Vec<Check>,
}

#[derive(Clone, Debug)]
pub(crate) struct Check {
    pub line: usize,
    pub field: &'static str,
    pub kind: CheckKind,
}

#[derive(Clone, Debug)]
pub(crate) enum CheckKind {
    Score(PlayerId, u16),
    Tokens(PlayerId, u16),
    Now(Target),
    Turn(u32),
    TurnPlayer(PlayerId),
    Outcome(OutcomeSpec),
    Decision(DecisionCheck),
    Problem(PlayerId, Box<CardDef>),
    Cards(ZoneCheck),
    Card(Box<CardCheck>),
    Happened(String),
    NotHappened(String),
}

#[derive(Clone, Debug)]
pub(crate) struct DecisionCheck {
    pub player: Option<PlayerId>,
    pub prompt: Option<String>,
    pub offers: Vec<String>,
    pub lacks: Vec<String>,
    pub labels: Option<Vec<String>>,
}

#[derive(Clone, Debug)]
pub(crate) enum Place {
    Zone(PlayerId, Zone),
    /// Cards at an area other than the Problem card, optionally only one controller's.
    Area(Area, Option<PlayerId>),
    /// Cards at the area of the Dilemma in play with this number (522.2), "dilemma X".
    Dilemma(String, Option<PlayerId>),
}

#[derive(Clone, Debug)]
pub(crate) struct ZoneCheck {
    pub place: Place,
    pub exactly: Option<Vec<CardDef>>,
    pub order: Option<Vec<CardDef>>,
    pub contains: Vec<CardDef>,
    pub lacks: Vec<CardDef>,
    pub count: Option<usize>,
}

#[derive(Clone, Debug)]
pub(crate) enum Where {
    Zone(Zone),
    Area(Area),
    /// "home" for a card check: the home of the card's controller.
    AnyHome,
    /// The area of the Dilemma in play with this number (522.2), "dilemma X".
    Dilemma(String),
}

#[derive(Clone, Debug)]
pub(crate) struct CardCheck {
    pub card: CardDef,
    pub owner: Option<PlayerId>,
    pub within: Option<Where>,
    pub zone: Option<Zone>,
    pub area: Option<Where>,
    pub power: Option<Option<i16>>,
    pub colors: Option<Colors>,
    pub traits: Option<Vec<String>>,
    pub exhausted: Option<bool>,
    pub ready: Option<bool>,
    pub frightened: Option<bool>,
    pub face_down: Option<bool>,
    pub counters: Option<i16>,
    pub named: Option<std::collections::BTreeMap<String, u16>>,
    pub boosted: Option<bool>,
    pub host: Option<CardDef>,
}

/// Numbers in a scenario stay small, so that no sum the engine makes can overflow.
const LIMIT: i64 = 1000;

struct Ctx<'a> {
    src: &'a Src<'a>,
    cat: &'a Catalogue,
    inline: Vec<CardDef>,
    players: usize,
}

impl<'a> Ctx<'a> {
    fn err<T>(
        &self,
        offset: usize,
        field: &str,
        msg: impl Into<String>,
    ) -> Result<T, ScenarioError> {
        Err(self.src.err(offset, field, msg))
    }

    fn line(&self, offset: usize) -> usize {
        self.src.line(offset)
    }

    /// A card by number or full name: the file's own cards first, then the stock cards,
    /// then the catalogue.
    fn card(&self, name: &str, offset: usize, field: &str) -> Result<CardRef, ScenarioError> {
        let line = self.line(offset);
        let key = name.trim();
        let simple = |s: &str| {
            s.chars()
                .filter(|c| c.is_alphanumeric())
                .collect::<String>()
                .to_lowercase()
        };
        if key.is_empty() {
            return self.err(offset, field, "a card name or number is empty");
        }
        // "token Rock": a token an effect described (521.1), by its name; it only
        // matches the tokens the game makes, so it belongs in expectations.
        if let Some(rest) = key
            .get(..6)
            .filter(|p| p.eq_ignore_ascii_case("token "))
            .map(|_| key[6..].trim())
            .filter(|r| !r.is_empty())
        {
            let mut def =
                ponyccg_core::ability::tokens::token_def(&ponyccg_core::ability::TokenSpec {
                    card_type: ponyccg_core::card::CardType::Friend,
                    power: 0,
                    traits: Vec::new(),
                    colors: Vec::new(),
                    keywords: Vec::new(),
                    name: Some(rest.to_string()),
                });
            def.face.power = None;
            return Ok(CardRef { def, line });
        }
        if let Some(d) = self
            .inline
            .iter()
            .find(|d| d.number.eq_ignore_ascii_case(key))
            .or_else(|| {
                self.inline.iter().find(|d| {
                    simple(&d.full_name()) == simple(key) || simple(&d.title) == simple(key)
                })
            })
        {
            return Ok(CardRef {
                def: d.clone(),
                line,
            });
        }
        if let Some(d) = crate::stock::cards()
            .iter()
            .find(|d| d.number.eq_ignore_ascii_case(key) || simple(&d.full_name()) == simple(key))
        {
            return Ok(CardRef {
                def: d.clone(),
                line,
            });
        }
        let cat = self.cat;
        let entry = cat
            .get(key)
            .or_else(|| cat.find_name(key).into_iter().next());
        match entry {
            Some(e) => Ok(CardRef {
                def: e.def.clone(),
                line,
            }),
            None => {
                let hint = match cat.suggest(key) {
                    Some(e) => format!(
                        " (did you mean {} \"{}\"?)",
                        e.def.number,
                        e.def.full_name()
                    ),
                    None => String::new(),
                };
                self.err(
                    offset,
                    field,
                    format!(
                        "no card {key:?} among the file's [[card]] definitions, the stock cards or the catalogue{hint}"
                    ),
                )
            }
        }
    }

    fn player(&self, s: &str, offset: usize, field: &str) -> Result<PlayerId, ScenarioError> {
        names::player(s, self.players).or_else(|m| self.err(offset, field, m))
    }

    fn players_map(
        &self,
        m: &S<std::collections::BTreeMap<String, u16>>,
        field: &'static str,
        make: fn(PlayerId, u16) -> CheckKind,
        out: &mut Vec<Check>,
    ) -> Result<(), ScenarioError> {
        for (k, v) in m.get_ref() {
            let p = self.player(k, m.span().start, field)?;
            out.push(Check {
                line: self.line(m.span().start),
                field,
                kind: make(p, *v),
            });
        }
        Ok(())
    }
}

fn wrap<T>(
    r: Result<T, String>,
    src: &Src,
    offset: usize,
    field: &str,
) -> Result<T, ScenarioError> {
    r.map_err(|m| src.err(offset, field, m))
}

pub(crate) fn compile(
    src: &Src,
    cat: &Catalogue,
    raw: spec::File,
) -> Result<Scenario, ScenarioError> {
    let header_off = raw.scenario.span().start;
    let header = raw.scenario.into_inner();
    if header.name.trim().is_empty() {
        return Err(src.err(header_off, "name", "the scenario needs a name"));
    }
    let n = raw.player.len();
    if n < 2 {
        return Err(src.err(
            0,
            "player",
            format!("a scenario needs at least two [[player]] tables, found {n}"),
        ));
    }
    if n > 8 {
        return Err(src.err(
            raw.player[8].span().start,
            "player",
            "a game holds at most 8 players",
        ));
    }
    let mut ctx = Ctx {
        src,
        cat,
        inline: Vec::new(),
        players: n,
    };
    for c in &raw.card {
        let def = inline_card(src, c)?;
        if ctx
            .inline
            .iter()
            .any(|d| d.number.eq_ignore_ascii_case(&def.number))
        {
            return Err(src.err(
                c.get_ref().number.span().start,
                "number",
                format!("card number {:?} is defined twice", def.number),
            ));
        }
        ctx.inline.push(def);
    }
    let mut players = Vec::new();
    for (i, p) in raw.player.iter().enumerate() {
        players.push(player_setup(&ctx, PlayerId(i as u8), p)?);
    }
    let turn = turn_setup(&ctx, &raw.turn)?;
    let mut steps = Vec::new();
    for (i, s) in raw.step.iter().enumerate() {
        let plan = step_plan(&ctx, i + 1, s)?;
        if let Some(a) = &s.get_ref().allow_pending {
            return Err(src.err(
                a.span().start,
                "allow_pending",
                "allow_pending belongs in [end], not in a [[step]]",
            ));
        }
        steps.push(plan);
    }
    let (end, allow_pending) = match &raw.end {
        Some(e) => {
            let ee = e.get_ref();
            let action = [&ee.choose, &ee.pass_until, &ee.concede, &ee.player]
                .into_iter()
                .flatten()
                .next();
            if let Some(a) = action {
                return Err(src.err(
                    a.span().start,
                    "end",
                    "[end] holds only expectations; put actions in a [[step]]",
                ));
            }
            let plan = step_plan(&ctx, 0, e)?;
            let allow = e
                .get_ref()
                .allow_pending
                .as_ref()
                .is_some_and(|a| *a.get_ref());
            (plan, allow)
        }
        None => (
            StepPlan {
                index: 0,
                line: 0,
                action: None,
                checks: Vec::new(),
            },
            false,
        ),
    };
    Ok(Scenario {
        file: src.file.to_string(),
        name: header.name,
        rules: header.rules,
        description: header.description,
        seed: header.seed,
        players,
        turn,
        steps,
        end,
        allow_pending,
    })
}

pub(crate) fn inline_card(src: &Src, c: &S<spec::CardSpec>) -> Result<CardDef, ScenarioError> {
    let c = c.get_ref();
    let number = c.number.get_ref().trim().to_string();
    if number.is_empty() || number.chars().any(char::is_whitespace) {
        return Err(src.err(
            c.number.span().start,
            "number",
            "a card number is one word, such as \"X12\"",
        ));
    }
    if c.name.get_ref().trim().is_empty() {
        return Err(src.err(c.name.span().start, "name", "a card needs a name"));
    }
    let ty = wrap(
        names::card_type(c.card_type.get_ref()),
        src,
        c.card_type.span().start,
        "type",
    )?;
    let colors = |list: &[S<String>]| -> Result<Colors, ScenarioError> {
        let mut out = Colors::NONE;
        for x in list {
            out.insert(wrap(
                names::color(x.get_ref()),
                src,
                x.span().start,
                "colors",
            )?);
        }
        Ok(out)
    };
    let keywords = |list: &[S<String>]| -> Result<Vec<_>, ScenarioError> {
        list.iter()
            .map(|k| wrap(names::keyword(k.get_ref()), src, k.span().start, "keywords"))
            .collect()
    };
    let refuse = |off: usize, field: &str, what: &str| -> Result<(), ScenarioError> {
        Err(src.err(off, field, format!("a {} has no {what}", ty.name())))
    };
    let is = |t: &[CardType]| t.contains(&ty);
    // Facts a type can't have are refused, so a typo can't pass unnoticed.
    if let Some(p) = &c.power {
        if ty == CardType::Problem {
            refuse(p.span().start, "power", "power (202.2)")?;
        }
    } else if !is(&[CardType::Problem, CardType::Event]) {
        return Err(src.err(
            c.name.span().start,
            "power",
            format!("a {} needs `power`", ty.name()),
        ));
    }
    if let Some(x) = &c.cost {
        if is(&[
            CardType::ManeCharacter,
            CardType::Troublemaker,
            CardType::Problem,
        ]) {
            refuse(x.span().start, "cost", "cost (204.1a)")?;
        }
    }
    if let Some(r) = c.requires.first() {
        if c.cost.is_none() {
            refuse(
                r.span().start,
                "requires",
                "play requirement without a cost (205.1a)",
            )?;
        }
    }
    if let Some(b) = &c.boosted {
        if ty != CardType::ManeCharacter {
            refuse(b.span().start, "boosted", "Boosted side (301.2)")?;
        }
    }
    for (opt, field) in [
        (c.confront.first().map(|x| x.span().start), "confront"),
        (c.opponent.as_ref().map(|x| x.span().start), "opponent"),
        (c.bonus.as_ref().map(|x| x.span().start), "bonus"),
    ] {
        if let (Some(off), false) = (opt, ty == CardType::Problem) {
            refuse(off, field, "confront requirements or bonus (209, 210)")?;
        }
    }
    if let Some(p) = &c.points {
        if ty != CardType::Troublemaker {
            refuse(p.span().start, "points", "point value (211.1)")?;
        }
    }
    for (v, field) in [
        (
            c.power
                .as_ref()
                .map(|x| (*x.get_ref() as i64, x.span().start)),
            "power",
        ),
        (
            c.bonus
                .as_ref()
                .map(|x| (*x.get_ref() as i64, x.span().start)),
            "bonus",
        ),
        (
            c.points
                .as_ref()
                .map(|x| (*x.get_ref() as i64, x.span().start)),
            "points",
        ),
    ] {
        if let Some((v, off)) = v {
            if v.abs() > LIMIT {
                return Err(src.err(off, field, format!("at most {LIMIT} in a scenario")));
            }
        }
    }
    let mut face = Face {
        colors: colors(&c.colors)?,
        power: c.power.as_ref().map(|p| *p.get_ref()),
        traits: c.traits.clone(),
        keywords: keywords(&c.keywords)?,
        abilities: Vec::new(),
    };
    if c.starting {
        if ty != CardType::Problem {
            return Err(src.err(
                c.name.span().start,
                "starting",
                "only a Problem can be a Starting Problem",
            ));
        }
        face.keywords
            .push(ponyccg_core::card::Keyword::StartingProblem);
    }
    let boosted = match &c.boosted {
        Some(b) => {
            let b = b.get_ref();
            Some(Face {
                colors: match &b.colors {
                    Some(l) => colors(l)?,
                    None => face.colors,
                },
                power: b.power.or(face.power),
                traits: b.traits.clone().unwrap_or_else(|| face.traits.clone()),
                keywords: match &b.keywords {
                    Some(l) => keywords(l)?,
                    None => face.keywords.clone(),
                },
                abilities: Vec::new(),
            })
        }
        None => None,
    };
    let mut play_reqs = Vec::new();
    for r in &c.requires {
        match wrap(
            names::requirement(r.get_ref()),
            src,
            r.span().start,
            "requires",
        )? {
            (ReqColor::Color(color), power) => play_reqs.push(PlayReq { color, power }),
            _ => {
                return Err(src.err(
                    r.span().start,
                    "requires",
                    "a play requirement names one colour (205.1), such as \"2 blue\"",
                ))
            }
        }
    }
    let problem = if ty == CardType::Problem {
        let mut owner = Vec::new();
        for r in &c.confront {
            let (color, power) = wrap(
                names::requirement(r.get_ref()),
                src,
                r.span().start,
                "confront",
            )?;
            owner.push(Requirement { color, power });
        }
        if owner.is_empty() {
            return Err(src.err(
                c.name.span().start,
                "confront",
                "a Problem needs its owner's `confront` requirements, such as [\"3 blue\", \"1 not blue\"]",
            ));
        }
        let opponent = match &c.opponent {
            None => {
                return Err(src.err(
                    c.name.span().start,
                    "opponent",
                    "a Problem needs `opponent`, the power its owner's opponents need",
                ))
            }
            Some(v) => match v.get_ref() {
                toml::Value::Integer(i) if (0..=u16::MAX as i64).contains(i) => {
                    OpponentReq::Wild(*i as u16)
                }
                toml::Value::String(s) if s.trim().eq_ignore_ascii_case("unmeetable") => {
                    OpponentReq::Unmeetable
                }
                _ => {
                    return Err(src.err(
                        v.span().start,
                        "opponent",
                        "a number of power, or \"unmeetable\"",
                    ))
                }
            },
        };
        let bonus = match &c.bonus {
            Some(b) => *b.get_ref(),
            None => return Err(src.err(c.name.span().start, "bonus", "a Problem needs `bonus`")),
        };
        Some(ProblemFacts {
            owner,
            opponent,
            bonus,
        })
    } else {
        None
    };
    let points = match (&c.points, ty) {
        (Some(p), _) => Some(*p.get_ref()),
        (None, CardType::Troublemaker) => {
            return Err(src.err(
                c.name.span().start,
                "points",
                "a Troublemaker needs `points` (211.1)",
            ))
        }
        _ => None,
    };
    if ty == CardType::ManeCharacter && face.home_limit().is_none() {
        return Err(src.err(
            c.name.span().start,
            "keywords",
            "a Mane Character needs a home limit (212), such as keywords = [\"Home Limit 3\"]",
        ));
    }
    let mut boosted = boosted;
    let mut status = ScriptStatus::Vanilla;
    for (field, text, target) in [
        ("script", &c.script, 0),
        ("boosted_script", &c.boosted_script, 1),
    ] {
        let Some(text) = text else { continue };
        let abilities = ponyccg_cards::script::parse_abilities(text.get_ref()).map_err(
            |(line, col, msg)| {
                // The script's own line within the string, counted from the value's line.
                let at = src.line(text.span().start) + line.saturating_sub(1);
                ScenarioError {
                    file: src.file.to_string(),
                    line: at,
                    field: field.to_string(),
                    message: format!("script, column {col}: {msg}"),
                }
            },
        )?;
        match (target, boosted.as_mut()) {
            (0, _) => face.abilities = abilities,
            (_, Some(b)) => b.abilities = abilities,
            (_, None) => {
                return Err(src.err(
                    text.span().start,
                    field,
                    "only a Mane Character with a Boosted side has `boosted_script`",
                ))
            }
        }
        status = ScriptStatus::Scripted;
    }
    Ok(CardDef {
        number: number.clone(),
        set: "scenario".into(),
        title: c.name.get_ref().trim().to_string(),
        subtitle: c.subtitle.trim().to_string(),
        card_type: ty,
        rarity: Rarity::Common,
        face,
        boosted,
        cost: c.cost.as_ref().map(|x| *x.get_ref()),
        play_reqs,
        problem,
        points,
        script: status,
    })
}

fn placed(
    ctx: &Ctx,
    p: &S<Placement>,
    field: &str,
    attachment: bool,
) -> Result<Placed, ScenarioError> {
    let off = p.span().start;
    let r = p.get_ref().table();
    let card = ctx.card(r.card, off, field)?;
    let t = r.t;
    let d = spec::PlacementTable::default();
    let t = t.unwrap_or(&d);
    if t.at.is_some() {
        return ctx.err(
            off,
            "at",
            "`at` is for the Mane Character; list other cards under `home` or `[player.at]`",
        );
    }
    if t.boosted {
        return ctx.err(
            off,
            "boosted",
            "only a Mane Character can be boosted (301.2)",
        );
    }
    if attachment && !t.attached.is_empty() {
        return ctx.err(
            off,
            "attached",
            "an attachment can't have attachments of its own here",
        );
    }
    if (t.counters as i64).abs() > LIMIT {
        return ctx.err(off, "counters", format!("at most {LIMIT} in a scenario"));
    }
    if t.frightened && t.exhausted {
        return ctx.err(
            off,
            "exhausted",
            "a frightened card is neither ready nor exhausted (504.2)",
        );
    }
    let mut attached = Vec::new();
    for a in &t.attached {
        attached.push(placed(ctx, a, "attached", true)?);
    }
    let beneath = refs(ctx, &t.beneath, "beneath")?;
    if beneath.iter().any(|r| is_problem_def(&r.def)) {
        return ctx.err(
            off,
            "beneath",
            "a Problem can't be banished beneath a card here",
        );
    }
    Ok(Placed {
        card,
        how: InPlay {
            exhausted: t.exhausted,
            face_down: t.face_down,
            frightened: t.frightened,
            counters: t.counters,
        },
        boosted: false,
        attached,
        beneath,
    })
}

fn is_problem_def(d: &CardDef) -> bool {
    d.card_type == CardType::Problem
}

fn refs(ctx: &Ctx, list: &[S<String>], field: &str) -> Result<Vec<CardRef>, ScenarioError> {
    list.iter()
        .map(|s| ctx.card(s.get_ref(), s.span().start, field))
        .collect()
}

fn player_setup(
    ctx: &Ctx,
    me: PlayerId,
    p: &S<spec::PlayerSpec>,
) -> Result<PlayerSetup, ScenarioError> {
    let line = ctx.line(p.span().start);
    let p = p.get_ref();
    let moff = p.mane.span().start;
    let r = p.mane.get_ref().table();
    let mane_card = ctx.card(r.card, moff, "mane")?;
    if mane_card.def.card_type != CardType::ManeCharacter {
        return ctx.err(
            moff,
            "mane",
            format!(
                "{} \"{}\" is a {}, not a Mane Character (102.1)",
                mane_card.def.number,
                mane_card.def.full_name(),
                mane_card.def.card_type
            ),
        );
    }
    let d = spec::PlacementTable::default();
    let t = r.t.unwrap_or(&d);
    let mane_at = match &t.at {
        Some(a) => Some(names::area(a, ctx.players, Some(me)).or_else(|m| ctx.err(moff, "at", m))?),
        None => None,
    };
    if (t.counters as i64).abs() > LIMIT {
        return ctx.err(moff, "counters", format!("at most {LIMIT} in a scenario"));
    }
    if p.score as i64 > LIMIT || p.tokens as i64 > LIMIT {
        return ctx.err(
            moff,
            "score",
            format!("score and tokens are at most {LIMIT} in a scenario"),
        );
    }
    if t.boosted && mane_card.def.boosted.is_none() {
        return ctx.err(moff, "boosted", "this Mane Character has no Boosted side");
    }
    if t.face_down {
        return ctx.err(
            moff,
            "face_down",
            "a Mane Character is face-down only when frightened",
        );
    }
    if t.frightened && t.exhausted {
        return ctx.err(
            moff,
            "exhausted",
            "a frightened card is neither ready nor exhausted (504.2)",
        );
    }
    let mut mane_attached = Vec::new();
    for a in &t.attached {
        mane_attached.push(placed(ctx, a, "attached", true)?);
    }
    let mane = Placed {
        card: mane_card,
        how: InPlay {
            exhausted: t.exhausted,
            face_down: false,
            frightened: t.frightened,
            counters: t.counters,
        },
        boosted: t.boosted,
        attached: mane_attached,
        beneath: refs(ctx, &t.beneath, "beneath")?,
    };
    if mane.beneath.iter().any(|r| is_problem_def(&r.def)) {
        return ctx.err(
            moff,
            "beneath",
            "a Problem can't be banished beneath a card here",
        );
    }
    let mut in_play = Vec::new();
    for h in &p.home {
        in_play.push((Area::Home(me), placed(ctx, h, "home", false)?));
    }
    for (k, list) in &p.at {
        let area = match names::area(k, ctx.players, None) {
            Ok(a @ Area::Problem(_)) => a,
            _ => {
                return ctx.err(
                    list.span().start,
                    "at",
                    format!(
                        "keys of [player.at] are Problem areas, P1 to P{}, not {k:?} (use `home` for home)",
                        ctx.players
                    ),
                )
            }
        };
        for c in list.get_ref() {
            in_play.push((area, placed(ctx, c, "at", false)?));
        }
    }
    Ok(PlayerSetup {
        line,
        mane,
        mane_at,
        hand: refs(ctx, &p.hand, "hand")?,
        deck: refs(ctx, &p.deck, "deck")?,
        problem_deck: refs(ctx, &p.problem_deck, "problem_deck")?,
        problem: match &p.problem {
            Some(s) => Some(ctx.card(s.get_ref(), s.span().start, "problem")?),
            None => None,
        },
        in_play,
        discard: refs(ctx, &p.discard, "discard")?,
        banished: refs(ctx, &p.banished, "banished")?,
        score: p.score,
        tokens: p.tokens,
    })
}

fn turn_setup(ctx: &Ctx, t: &S<spec::TurnSpec>) -> Result<TurnSetup, ScenarioError> {
    let line = ctx.line(t.span().start);
    let t = t.get_ref();
    let player = ctx.player(t.player.get_ref(), t.player.span().start, "player")?;
    let start = names::start_at(t.start.get_ref())
        .or_else(|m| ctx.err(t.start.span().start, "start", m))?;
    let number = match &t.number {
        Some(n) if *n.get_ref() == 0 || *n.get_ref() > LIMIT as u32 => {
            return ctx.err(
                n.span().start,
                "number",
                format!("turns are numbered from 1 (to {LIMIT} here)"),
            )
        }
        Some(n) => *n.get_ref(),
        None => 1,
    };
    let n = ctx.players as u32;
    // The player whose turn `number` is, counting from the first player in seat order.
    let consistent_first = PlayerId(((player.0 as u32 + n * number - (number - 1) % n) % n) as u8);
    let first = match &t.first {
        Some(f) => {
            let fp = ctx.player(f.get_ref(), f.span().start, "first")?;
            if fp != consistent_first {
                return ctx.err(
                    f.span().start,
                    "first",
                    format!(
                        "with {n} players, if {fp} went first then turn {number} is not {player}'s (it would be {consistent_first} going first)"
                    ),
                );
            }
            fp
        }
        None => consistent_first,
    };
    Ok(TurnSetup {
        line,
        number,
        player,
        first,
        start,
    })
}

fn step_plan(ctx: &Ctx, index: usize, s: &S<spec::StepSpec>) -> Result<StepPlan, ScenarioError> {
    let line = ctx.line(s.span().start);
    let s = s.get_ref();
    let mut actions = Vec::new();
    if let Some(label) = &s.choose {
        let off = label.span().start;
        let player = match &s.player {
            Some(p) => ctx.player(p.get_ref(), p.span().start, "player")?,
            None => {
                return ctx.err(
                    off,
                    "player",
                    "`choose` needs `player`, the player whose decision it is",
                )
            }
        };
        actions.push((
            off,
            Action::Choose {
                player,
                label: label.get_ref().clone(),
            },
        ));
    } else if let Some(p) = &s.player {
        return ctx.err(p.span().start, "player", "`player` goes with `choose`");
    }
    if let Some(t) = &s.pass_until {
        let target =
            names::target(t.get_ref()).or_else(|m| ctx.err(t.span().start, "pass_until", m))?;
        actions.push((
            t.span().start,
            Action::PassUntil {
                target,
                turn: s.until_turn.as_ref().map(|x| *x.get_ref()),
            },
        ));
    } else if let Some(u) = &s.until_turn {
        return ctx.err(
            u.span().start,
            "until_turn",
            "`until_turn` goes with `pass_until`",
        );
    }
    if let Some(c) = &s.concede {
        let p = ctx.player(c.get_ref(), c.span().start, "concede")?;
        actions.push((c.span().start, Action::Concede(p)));
    }
    if actions.len() > 1 {
        return ctx.err(
            actions[1].0,
            "",
            "a step takes one action (choose, pass_until or concede); split it into several [[step]]s",
        );
    }
    let action = actions.pop().map(|(off, a)| (ctx.line(off), a));
    let mut checks = Vec::new();
    let mut push = |off: usize, field: &'static str, kind: CheckKind| {
        checks.push(Check {
            line: ctx.line(off),
            field,
            kind,
        })
    };
    let mut pending: Vec<Check> = Vec::new();
    if let Some(m) = &s.score {
        ctx.players_map(m, "score", CheckKind::Score, &mut pending)?;
    }
    if let Some(m) = &s.tokens {
        ctx.players_map(m, "tokens", CheckKind::Tokens, &mut pending)?;
    }
    if let Some(n) = &s.now {
        let t = names::target(n.get_ref()).or_else(|m| ctx.err(n.span().start, "now", m))?;
        push(n.span().start, "now", CheckKind::Now(t));
    }
    if let Some(n) = &s.turn {
        push(n.span().start, "turn", CheckKind::Turn(*n.get_ref()));
    }
    if let Some(p) = &s.turn_player {
        let pl = ctx.player(p.get_ref(), p.span().start, "turn_player")?;
        push(p.span().start, "turn_player", CheckKind::TurnPlayer(pl));
    }
    if let Some(o) = &s.outcome {
        let spec = names::outcome(o.get_ref(), ctx.players)
            .or_else(|m| ctx.err(o.span().start, "outcome", m))?;
        push(o.span().start, "outcome", CheckKind::Outcome(spec));
    }
    if let Some(d) = &s.decision {
        let off = d.span().start;
        let dd = d.get_ref();
        let player = match &dd.player {
            Some(p) => Some(ctx.player(p, off, "decision.player")?),
            None => None,
        };
        if let Some(pr) = &dd.prompt {
            if !names::PROMPTS
                .iter()
                .any(|k| names::prompt_key(k) == names::prompt_key(pr))
            {
                return ctx.err(
                    off,
                    "decision.prompt",
                    format!("a prompt: {}, not {pr:?}", names::PROMPTS.join(", ")),
                );
            }
        }
        push(
            off,
            "decision",
            CheckKind::Decision(DecisionCheck {
                player,
                prompt: dd.prompt.clone(),
                offers: dd.offers.clone(),
                lacks: dd.lacks.clone(),
                labels: dd.labels.clone(),
            }),
        );
    }
    if let Some(m) = &s.problem {
        let off = m.span().start;
        for (k, v) in m.get_ref() {
            let p = ctx.player(k, off, "problem")?;
            let c = ctx.card(v, off, "problem")?;
            push(off, "problem", CheckKind::Problem(p, Box::new(c.def)));
        }
    }
    for z in &s.cards {
        let off = z.span().start;
        let zz = z.get_ref();
        let who = match &zz.player {
            Some(p) => Some(ctx.player(p, off, "cards.player")?),
            None => None,
        };
        let place = match (&zz.zone, &zz.area) {
            (Some(zn), None) => {
                let zone = names::zone(zn).or_else(|m| ctx.err(off, "cards.zone", m))?;
                match who {
                    Some(p) => Place::Zone(p, zone),
                    None => {
                        return ctx.err(
                            off,
                            "cards.player",
                            "a zone check needs `player`, whose zone it is",
                        )
                    }
                }
            }
            (None, Some(a)) => match dilemma_name(a) {
                Some(n) => Place::Dilemma(ctx.card(n, off, "cards.area")?.def.number, who),
                None => {
                    let area = names::area(a, ctx.players, who)
                        .or_else(|m| ctx.err(off, "cards.area", m))?;
                    Place::Area(area, who)
                }
            },
            _ => {
                return ctx.err(
                    off,
                    "cards",
                    "a [[step.cards]] check names exactly one of `zone` or `area`",
                )
            }
        };
        let list = |l: &[String]| -> Result<Vec<CardDef>, ScenarioError> {
            l.iter()
                .map(|n| ctx.card(n, off, "cards").map(|r| r.def))
                .collect()
        };
        let check = ZoneCheck {
            place,
            exactly: zz.exactly.as_deref().map(list).transpose()?,
            order: zz.order.as_deref().map(list).transpose()?,
            contains: list(&zz.contains)?,
            lacks: list(&zz.lacks)?,
            count: zz.count,
        };
        if check.exactly.is_none()
            && check.order.is_none()
            && check.contains.is_empty()
            && check.lacks.is_empty()
            && check.count.is_none()
        {
            return ctx.err(
                off,
                "cards",
                "a [[step.cards]] check needs exactly, order, contains, lacks or count",
            );
        }
        push(off, "cards", CheckKind::Cards(check));
    }
    for c in &s.card {
        let off = c.span().start;
        let cc = c.get_ref();
        let card = ctx.card(&cc.card, off, "card.card")?.def;
        let owner = match &cc.player {
            Some(p) => Some(ctx.player(p, off, "card.player")?),
            None => None,
        };
        let where_ = |s: &str, field: &str| -> Result<Where, ScenarioError> {
            if s.trim().eq_ignore_ascii_case("home") {
                return Ok(Where::AnyHome);
            }
            if let Ok(z) = names::zone(s) {
                return Ok(Where::Zone(z));
            }
            if let Some(n) = dilemma_name(s) {
                return Ok(Where::Dilemma(ctx.card(n, off, field)?.def.number));
            }
            names::area(s, ctx.players, None)
                .map(Where::Area)
                .or_else(|m| ctx.err(off, field, format!("{m}, or a zone")))
        };
        let power = match &cc.power {
            None => None,
            Some(toml::Value::Integer(i)) if (i16::MIN as i64..=i16::MAX as i64).contains(i) => {
                Some(Some(*i as i16))
            }
            Some(toml::Value::String(s)) if s.trim().eq_ignore_ascii_case("none") => Some(None),
            Some(_) => {
                return ctx.err(
                    off,
                    "card.power",
                    "a number, or \"none\" for a card without power (face-down)",
                )
            }
        };
        let colors = match &cc.colors {
            Some(l) => {
                let mut out = Colors::NONE;
                for x in l {
                    out.insert(names::color(x).or_else(|m| ctx.err(off, "card.colors", m))?);
                }
                Some(out)
            }
            None => None,
        };
        let check = CardCheck {
            card,
            owner,
            within: cc
                .within
                .as_deref()
                .map(|s| where_(s, "card.in"))
                .transpose()?,
            zone: match &cc.zone {
                Some(z) => Some(names::zone(z).or_else(|m| ctx.err(off, "card.zone", m))?),
                None => None,
            },
            area: cc
                .area
                .as_deref()
                .map(|s| where_(s, "card.area"))
                .transpose()?,
            power,
            colors,
            traits: cc.traits.clone(),
            exhausted: cc.exhausted,
            ready: cc.ready,
            frightened: cc.frightened,
            face_down: cc.face_down,
            counters: cc.counters,
            named: cc.named.clone(),
            boosted: cc.boosted,
            host: match &cc.host {
                Some(h) => Some(ctx.card(h, off, "card.host")?.def),
                None => None,
            },
        };
        push(off, "card", CheckKind::Card(Box::new(check)));
    }
    for h in &s.happened {
        push(
            h.span().start,
            "happened",
            CheckKind::Happened(h.get_ref().clone()),
        );
    }
    for h in &s.not_happened {
        push(
            h.span().start,
            "not_happened",
            CheckKind::NotHappened(h.get_ref().clone()),
        );
    }
    pending.extend(checks);
    pending.sort_by_key(|c| c.line);
    Ok(StepPlan {
        index,
        line,
        action,
        checks: pending,
    })
}

/// Placements grouped by the card number they use, for error lines.
pub(crate) fn first_line_of(p: &PlayerSetup, number: &str) -> usize {
    let mut all: Vec<&CardRef> = vec![&p.mane.card];
    all.extend(p.problem.iter());
    all.extend(p.hand.iter());
    all.extend(p.deck.iter());
    all.extend(p.problem_deck.iter());
    all.extend(p.discard.iter());
    all.extend(p.banished.iter());
    for (_, pl) in &p.in_play {
        all.push(&pl.card);
        all.extend(pl.attached.iter().map(|a| &a.card));
        all.extend(pl.beneath.iter());
    }
    all.extend(p.mane.attached.iter().map(|a| &a.card));
    all.extend(p.mane.beneath.iter());
    all.into_iter()
        .find(|r| r.def.number.eq_ignore_ascii_case(number))
        .map_or(p.line, |r| r.line)
}

/// The Dilemma named by an area written "dilemma X" (the area of Dilemma X in play).
fn dilemma_name(s: &str) -> Option<&str> {
    let t = s.trim();
    let (head, rest) = t.split_once(' ')?;
    head.eq_ignore_ascii_case("dilemma").then(|| rest.trim())
}
