//! `ponyccg cards search|show|coverage` (owned by the catalogue work).
//!
//! `--json` output is documented in `docs/cards-json.md`.

use anyhow::{bail, Result};
use clap::{Args, Subcommand};
use ponyccg_cards::{Catalogue, Entry, INFINITE_POWER};
use ponyccg_core::card::{
    CardType, Color, Face, Keyword, OpponentReq, ReqColor, Requirement, ScriptStatus,
};
use serde_json::{json, Value};
use std::io::Write as _;

#[derive(Subcommand)]
pub enum CardsCommand {
    /// List the cards that match every filter given (all cards when none is).
    Search(SearchArgs),
    /// Show one card's facts, by number ("PR12"), name ("Applejack, Steadfast Farmpony"),
    /// title (every card with it) or OCTGN GUID.
    Show {
        card: String,
        /// Print the facts as JSON (docs/cards-json.md).
        #[arg(long)]
        json: bool,
    },
    /// Per set: cards, vanilla, scripted and unscripted.
    Coverage {
        /// Only this set (code, e.g. PR).
        #[arg(long)]
        set: Option<String>,
        /// Print the coverage and the facts of the cards as JSON (docs/cards-json.md).
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args)]
pub struct SearchArgs {
    /// Part of the card's name (title and subtitle), ignoring case and punctuation.
    pub name: Option<String>,
    /// Set code, e.g. PR, CN, LL.
    #[arg(long)]
    pub set: Option<String>,
    /// Card type: mane, friend, event, resource, troublemaker, problem.
    #[arg(long = "type")]
    pub card_type: Option<String>,
    /// Colour (Blue, Orange, Pink, Purple, White, Yellow, an Element such as Loyalty, or
    /// "none" for colourless cards).
    #[arg(long)]
    pub color: Option<String>,
    /// Cost: N, N-M or N+.
    #[arg(long)]
    pub cost: Option<String>,
    /// Power (either side): N, N-M or N+.
    #[arg(long)]
    pub power: Option<String>,
    /// Trait, e.g. Unicorn (either side).
    #[arg(long = "trait")]
    pub trait_: Option<String>,
    /// Keyword name, e.g. Swift or Competitive (either side).
    #[arg(long)]
    pub keyword: Option<String>,
    /// Script status: vanilla, scripted or unscripted.
    #[arg(long)]
    pub status: Option<String>,
    /// Print the facts of the matching cards as JSON (docs/cards-json.md).
    #[arg(long)]
    pub json: bool,
}

pub fn run(c: CardsCommand) -> Result<()> {
    let cat = Catalogue::builtin();
    match c {
        CardsCommand::Search(a) => search(cat, &a),
        CardsCommand::Show { card, json } => show(cat, &card, json),
        CardsCommand::Coverage { set, json } => coverage(cat, set.as_deref(), json),
    }
}

/// A numeric filter: N, N-M or N+.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Range(i32, i32);

impl Range {
    fn parse(what: &str, s: &str) -> Result<Range> {
        let s = s.trim();
        let n = |x: &str| {
            x.trim()
                .parse::<i32>()
                .map_err(|_| anyhow::anyhow!("--{what} {s:?}: expected N, N-M or N+"))
        };
        if let Some(x) = s.strip_suffix('+') {
            return Ok(Range(n(x)?, i32::MAX));
        }
        if let Some((a, b)) = s.split_once('-').filter(|(a, _)| !a.is_empty()) {
            let r = Range(n(a)?, n(b)?);
            if r.0 > r.1 {
                bail!("--{what} {s:?}: the range is empty");
            }
            return Ok(r);
        }
        let x = n(s)?;
        Ok(Range(x, x))
    }
    fn has(self, x: i32) -> bool {
        (self.0..=self.1).contains(&x)
    }
}

fn norm(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '\'' | '"' | '\u{2019}'))
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                ' '
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn parse_type(s: &str) -> Result<CardType> {
    Ok(match norm(s).as_str() {
        "mane" | "mane character" | "manecharacter" => CardType::ManeCharacter,
        "friend" => CardType::Friend,
        "event" => CardType::Event,
        "resource" => CardType::Resource,
        "troublemaker" => CardType::Troublemaker,
        "problem" => CardType::Problem,
        _ => bail!("--type {s:?}: use mane, friend, event, resource, troublemaker or problem"),
    })
}

fn parse_status(s: &str) -> Result<ScriptStatus> {
    Ok(match s.trim().to_ascii_lowercase().as_str() {
        "vanilla" => ScriptStatus::Vanilla,
        "scripted" => ScriptStatus::Scripted,
        "unscripted" => ScriptStatus::Unscripted,
        _ => bail!("--status {s:?}: use vanilla, scripted or unscripted"),
    })
}

fn faces(e: &Entry) -> impl Iterator<Item = &Face> {
    std::iter::once(&e.def.face).chain(e.def.boosted.as_ref())
}

fn search(cat: &Catalogue, a: &SearchArgs) -> Result<()> {
    if let Some(s) = &a.set {
        if cat.set(s).is_none() {
            let codes: Vec<&str> = cat.sets().iter().map(|s| s.code.as_str()).collect();
            bail!("--set {s:?}: no such set (sets: {})", codes.join(", "));
        }
    }
    let ty = a.card_type.as_deref().map(parse_type).transpose()?;
    let color = match a.color.as_deref() {
        None => None,
        Some(c)
            if matches!(
                c.trim().to_ascii_lowercase().as_str(),
                "none" | "colorless" | "colourless"
            ) =>
        {
            Some(None)
        }
        Some(c) => Some(Some(Color::parse(c).ok_or_else(|| {
            anyhow::anyhow!("--color {c:?}: use Blue, Orange, Pink, Purple, White, Yellow or none")
        })?)),
    };
    let cost = a
        .cost
        .as_deref()
        .map(|s| Range::parse("cost", s))
        .transpose()?;
    let power = a
        .power
        .as_deref()
        .map(|s| Range::parse("power", s))
        .transpose()?;
    let status = a.status.as_deref().map(parse_status).transpose()?;
    let keyword = a.keyword.as_deref().map(norm);
    if let Some(k) = &keyword {
        let known = cat
            .entries()
            .flat_map(faces)
            .flat_map(|f| f.keywords.iter())
            .any(|x| norm(x.name()) == *k)
            || Keyword::parse(k).is_some();
        if !known {
            bail!(
                "--keyword {:?}: no card has this keyword",
                a.keyword.as_deref().unwrap_or_default()
            );
        }
    }
    let name = a.name.as_deref().map(norm);
    let found: Vec<&Entry> = cat
        .entries()
        .filter(|e| {
            let d = &e.def;
            name.as_ref()
                .is_none_or(|n| norm(&d.full_name()).contains(n.as_str()))
                && a.set
                    .as_ref()
                    .is_none_or(|s| d.set.eq_ignore_ascii_case(s.trim()))
                && ty.is_none_or(|t| d.card_type == t)
                && color.is_none_or(|c| match c {
                    None => faces(e).all(|f| f.colors.is_empty()),
                    Some(c) => faces(e).any(|f| f.colors.contains(c)),
                })
                && cost.is_none_or(|r| d.cost.is_some_and(|c| r.has(c.into())))
                && power.is_none_or(|r| faces(e).any(|f| f.power.is_some_and(|p| r.has(p.into()))))
                && a.trait_
                    .as_ref()
                    .is_none_or(|t| faces(e).any(|f| f.has_trait(t.trim())))
                && keyword.as_ref().is_none_or(|k| {
                    faces(e).any(|f| f.keywords.iter().any(|x| norm(x.name()) == *k))
                })
                && status.is_none_or(|s| d.script == s)
        })
        .collect();
    if a.json {
        writeln!(
            std::io::stdout(),
            "{}",
            serde_json::to_string_pretty(&Value::Array(
                found.iter().map(|e| card_json(e)).collect()
            ))?
        )?;
        return Ok(());
    }
    for e in &found {
        writeln!(std::io::stdout(), "{}", summary_line(e))?;
    }
    writeln!(
        std::io::stdout(),
        "{} card{}",
        found.len(),
        if found.len() == 1 { "" } else { "s" }
    )?;
    Ok(())
}

fn colors_text(f: &Face) -> String {
    if f.colors.is_empty() {
        "colourless".into()
    } else {
        f.colors
            .iter()
            .map(Color::name)
            .collect::<Vec<_>>()
            .join("/")
    }
}

fn summary_line(e: &Entry) -> String {
    let d = &e.def;
    let mut parts = vec![d.card_type.name().to_string(), colors_text(&d.face)];
    if let Some(c) = d.cost {
        parts.push(format!("cost {c}"));
    }
    if let Some(p) = d.face.power {
        parts.push(format!("power {p}"));
    }
    format!("{:<8} {:<50} {}", d.number, d.full_name(), parts.join(", "))
}

/// Resolves a card argument: number, GUID, full name or title. Errors say "did you mean".
fn resolve<'a>(cat: &'a Catalogue, q: &str) -> Result<Vec<&'a Entry>> {
    let by_number = cat.get_all(q);
    if !by_number.is_empty() {
        return Ok(by_number);
    }
    if let Some(e) = cat.by_octgn_id(q) {
        return Ok(vec![e]);
    }
    let by_name = cat.find_name(q);
    if !by_name.is_empty() {
        return Ok(by_name);
    }
    match cat.suggest(q) {
        Some(s) => bail!(
            "no card {q:?}; did you mean {} ({})?",
            s.def.full_name(),
            s.def.number
        ),
        None => bail!("no card {q:?} (give a number such as PR12, a name, or an OCTGN id)"),
    }
}

fn show(cat: &Catalogue, q: &str, json: bool) -> Result<()> {
    let found = resolve(cat, q)?;
    if json {
        writeln!(
            std::io::stdout(),
            "{}",
            serde_json::to_string_pretty(&Value::Array(
                found.iter().map(|e| card_json(e)).collect()
            ))?
        )?;
        return Ok(());
    }
    for (i, e) in found.iter().enumerate() {
        if i > 0 {
            writeln!(std::io::stdout())?;
        }
        write!(std::io::stdout(), "{}", show_text(cat, e))?;
    }
    Ok(())
}

fn req_text(r: &Requirement) -> String {
    let p = if r.power == INFINITE_POWER {
        "∞".to_string()
    } else {
        r.power.to_string()
    };
    match r.color {
        ReqColor::Color(c) => format!("{p} {c}"),
        ReqColor::Not(c) => format!("{p} non-{c}"),
        ReqColor::Wild => format!("{p} Wild"),
        ReqColor::Rainbow => "1 of each colour (Rainbow)".into(),
    }
}

fn face_text(f: &Face) -> Vec<(String, String)> {
    let mut v = vec![("Colour".to_string(), colors_text(f))];
    if let Some(p) = f.power {
        v.push(("Power".into(), p.to_string()));
    }
    if !f.traits.is_empty() {
        v.push(("Traits".into(), f.traits.join(", ")));
    }
    if !f.keywords.is_empty() {
        v.push((
            "Keywords".into(),
            f.keywords
                .iter()
                .map(Keyword::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        ));
    }
    v
}

pub fn show_text(cat: &Catalogue, e: &Entry) -> String {
    let d = &e.def;
    let mut rows: Vec<(String, String)> = Vec::new();
    let set = cat
        .set(&d.set)
        .map(|s| format!("{} ({})", s.name, s.code))
        .unwrap_or_else(|| d.set.clone());
    let rarity = if d.rarity.code().is_empty() {
        "no rarity".to_string()
    } else {
        format!("rarity {}", d.rarity.code())
    };
    rows.push(("Set".into(), format!("{set}, {rarity}")));
    rows.push(("Type".into(), d.card_type.name().into()));
    let boosted_label = if d.card_type == CardType::ManeCharacter {
        "Boosted"
    } else {
        "Other side"
    };
    rows.extend(face_text(&d.face));
    if let Some(c) = d.cost {
        rows.push(("Cost".into(), c.to_string()));
    }
    if !d.play_reqs.is_empty() {
        let r: Vec<String> = d
            .play_reqs
            .iter()
            .map(|r| format!("{} {}", r.power, r.color))
            .collect();
        rows.push(("Requires".into(), r.join(" and ")));
    }
    if let Some(p) = &d.problem {
        let owner: Vec<String> = p.owner.iter().map(req_text).collect();
        let opp = match p.opponent {
            OpponentReq::Wild(n) => format!("{n} Wild"),
            OpponentReq::Unmeetable => "can't be met".into(),
        };
        rows.push((
            "Confront".into(),
            format!("owner {}; opponents {opp}", owner.join(" + ")),
        ));
        rows.push(("Bonus".into(), p.bonus.to_string()));
    }
    if let Some(p) = d.points {
        rows.push(("Points".into(), p.to_string()));
    }
    if let Some(b) = &d.boosted {
        let mut parts: Vec<String> = Vec::new();
        if let Some(n) = &e.back_name {
            parts.push(n.clone());
        }
        parts.extend(
            face_text(b)
                .into_iter()
                .map(|(k, v)| format!("{} {v}", k.to_lowercase())),
        );
        rows.push((boosted_label.into(), parts.join("; ")));
    }
    let abilities = match d.script {
        ScriptStatus::Vanilla => "none beyond its keywords (vanilla)",
        ScriptStatus::Scripted => "scripted",
        ScriptStatus::Unscripted => "abilities not scripted yet",
    };
    rows.push(("Abilities".into(), abilities.into()));
    // The rules text, rendered from the script in our own words.
    if d.script == ScriptStatus::Scripted {
        for line in ponyccg_cards::render::card_text(d) {
            rows.push(("Text".into(), line));
        }
    }
    rows.push(("OCTGN id".into(), e.octgn_id.clone()));
    for n in &e.notes {
        rows.push(("Data note".into(), n.clone()));
    }
    let mut out = format!("{}  {}\n", d.number, d.full_name());
    for (k, v) in rows {
        out.push_str(&format!("  {:<10} {v}\n", format!("{k}:")));
    }
    out
}

/// A card's facts and rendered rules text by its number, as `cards show` prints them.
pub fn text_by_number(number: &str) -> Option<String> {
    let cat = Catalogue::builtin();
    cat.get(number).map(|e| show_text(cat, e))
}

fn coverage(cat: &Catalogue, set: Option<&str>, json: bool) -> Result<()> {
    if let Some(s) = set {
        if cat.set(s).is_none() {
            bail!("--set {s:?}: no such set");
        }
    }
    let mut rows = Vec::new();
    let mut total = [0usize; 5];
    for s in cat
        .sets()
        .iter()
        .filter(|x| set.is_none_or(|c| x.code.eq_ignore_ascii_case(c.trim())))
    {
        let es: Vec<&Entry> = cat.entries().filter(|e| e.def.set == s.code).collect();
        let n = |st| es.iter().filter(|e| e.def.script == st).count();
        let r = [
            es.len(),
            n(ScriptStatus::Vanilla),
            n(ScriptStatus::Scripted),
            n(ScriptStatus::Unscripted),
            es.iter()
                .filter(|e| {
                    e.def.script == ScriptStatus::Scripted
                        && ponyccg_cards::has_scenario(&e.def.number)
                })
                .count(),
        ];
        for i in 0..5 {
            total[i] += r[i];
        }
        rows.push((s, r));
    }
    if json {
        let sets: Vec<Value> = rows
            .iter()
            .map(|(s, r)| {
                json!({"set": s.code, "name": s.name, "kind": s.kind.name(), "cards": r[0], "vanilla": r[1], "scripted": r[2], "unscripted": r[3], "scripted_with_scenario": r[4]})
            })
            .collect();
        let cards: Vec<Value> = cat
            .entries()
            .filter(|e| set.is_none_or(|c| e.def.set.eq_ignore_ascii_case(c.trim())))
            .map(card_json)
            .collect();
        let out = json!({"catalogue_version": cat.version(), "sets": sets, "cards": cards});
        writeln!(std::io::stdout(), "{}", serde_json::to_string_pretty(&out)?)?;
        return Ok(());
    }
    writeln!(
        std::io::stdout(),
        "{:<6} {:<26} {:<18} {:>6} {:>8} {:>9} {:>11} {:>7}",
        "set",
        "name",
        "kind",
        "cards",
        "vanilla",
        "scripted",
        "unscripted",
        "tested"
    )?;
    for (s, r) in &rows {
        writeln!(
            std::io::stdout(),
            "{:<6} {:<26} {:<18} {:>6} {:>8} {:>9} {:>11} {:>7}",
            s.code,
            s.name,
            s.kind.name(),
            r[0],
            r[1],
            r[2],
            r[3],
            r[4]
        )?;
    }
    writeln!(
        std::io::stdout(),
        "{:<6} {:<26} {:<18} {:>6} {:>8} {:>9} {:>11} {:>7}",
        "total",
        "",
        "",
        total[0],
        total[1],
        total[2],
        total[3],
        total[4]
    )?;
    writeln!(std::io::stdout(), "catalogue {}", cat.version())?;
    Ok(())
}

fn face_json(f: &Face) -> Value {
    json!({
        "colors": f.colors.iter().map(Color::name).collect::<Vec<_>>(),
        "power": f.power,
        "traits": f.traits,
        "keywords": f.keywords.iter().map(Keyword::to_string).collect::<Vec<_>>(),
        "home_limit": f.home_limit(),
    })
}

fn req_json(r: &Requirement) -> Value {
    let color = match r.color {
        ReqColor::Color(c) => c.name().to_string(),
        ReqColor::Not(c) => format!("Not {c}"),
        ReqColor::Wild => "Wild".into(),
        ReqColor::Rainbow => "Rainbow".into(),
    };
    let power = if r.power == INFINITE_POWER {
        json!("infinite")
    } else {
        json!(r.power)
    };
    json!({"color": color, "power": power})
}

/// One card's facts in the shape documented in docs/cards-json.md.
fn card_json(e: &Entry) -> Value {
    let d = &e.def;
    let mut v = json!({
        "number": d.number,
        "set": d.set,
        "title": d.title,
        "subtitle": d.subtitle,
        "name": d.full_name(),
        "type": d.card_type.name(),
        "rarity": if d.rarity.code().is_empty() { Value::Null } else { json!(d.rarity.code()) },
        "cost": d.cost,
        "play_requirements": d.play_reqs.iter().map(|r| json!({"color": r.color.name(), "power": r.power})).collect::<Vec<_>>(),
        "boosted": d.boosted.as_ref().map(face_json),
        "text": if d.script == ScriptStatus::Scripted { ponyccg_cards::render::card_text(d) } else { Vec::new() },
        "back_name": e.back_name,
        "confront": d.problem.as_ref().map(|p| json!({
            "owner": p.owner.iter().map(req_json).collect::<Vec<_>>(),
            "opponent": match p.opponent { OpponentReq::Wild(n) => json!(n), OpponentReq::Unmeetable => json!("unmeetable") },
            "bonus": p.bonus,
        })),
        "points": d.points,
        "script": match d.script { ScriptStatus::Vanilla => "vanilla", ScriptStatus::Scripted => "scripted", ScriptStatus::Unscripted => "unscripted" },
        "octgn_id": e.octgn_id,
        "notes": e.notes,
    });
    if let (Value::Object(m), Value::Object(f)) = (&mut v, face_json(&d.face)) {
        m.extend(f);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(Range::parse("cost", "2").unwrap(), Range(2, 2));
        assert_eq!(Range::parse("cost", "2-4").unwrap(), Range(2, 4));
        assert_eq!(Range::parse("cost", "3+").unwrap(), Range(3, i32::MAX));
        assert_eq!(Range::parse("power", "-1").unwrap(), Range(-1, -1));
        assert!(Range::parse("cost", "4-2").is_err());
        assert!(Range::parse("cost", "x").is_err());
    }

    #[test]
    fn resolve_by_number_name_title_and_guid() {
        let cat = Catalogue::builtin();
        assert_eq!(resolve(cat, "pr12").unwrap()[0].def.number, "PR12");
        assert_eq!(
            resolve(cat, "Emerald Green, Cider Aficionado").unwrap()[0]
                .def
                .number,
            "PR12"
        );
        assert_eq!(
            resolve(cat, "3b4aa10e-9174-4ce6-a51e-b0fa46ed6d45").unwrap()[0]
                .def
                .number,
            "PR12"
        );
        let e = resolve(cat, "Emerald Gren").unwrap_err().to_string();
        assert!(e.contains("did you mean Emerald Green"), "{e}");
    }

    #[test]
    fn show_text_has_facts_and_the_rendered_script() {
        let cat = Catalogue::builtin();
        let t = show_text(cat, cat.get("PR1").unwrap());
        assert!(
            t.starts_with("PR1  Rainbow Dash, Flier Extraordinaire\n"),
            "{t}"
        );
        assert!(
            t.contains("Home Limit 3")
                && t.contains("Boosted:")
                && t.contains("turn this card over"),
            "{t}"
        );
        // Any card still waiting for a script (which ones change as cards get scripted).
        let waiting = cat
            .entries()
            .find(|e| e.def.script == ScriptStatus::Unscripted)
            .unwrap();
        let t = show_text(cat, waiting);
        assert!(t.contains("abilities not scripted yet"), "{t}");
        let t = show_text(cat, cat.get("PR165").unwrap());
        assert!(
            t.contains("owner 2 Yellow + 2 non-Yellow; opponents 5 Wild"),
            "{t}"
        );
    }

    #[test]
    fn json_shape() {
        let cat = Catalogue::builtin();
        let v = card_json(cat.get("PR1").unwrap());
        assert_eq!(v["number"], "PR1");
        assert_eq!(v["colors"], json!(["Blue"]));
        assert_eq!(v["home_limit"], 3);
        assert_eq!(v["boosted"]["home_limit"], 4);
        assert_eq!(v["script"], "scripted");
        assert!(v["text"][0]
            .as_str()
            .unwrap()
            .contains("turn this card over"));
        assert!(v["confront"].is_null());
        let v = card_json(cat.get("AD176").unwrap());
        assert_eq!(v["confront"]["opponent"], "unmeetable");
        assert_eq!(v["confront"]["owner"][0]["color"], "Rainbow");
    }
}
