//! Converts the reference card data (the GameMasterLuna OCTGN set.xml files) into our
//! card files. Re-runnable:
//!
//! ```text
//! cargo run -p ponyccg-cards --example import -- /work/shared/carddata [OUT_DIR]
//! ```
//!
//! OUT_DIR defaults to `cards/` at the repository root. Only facts are written: the
//! printed game text is read to find lines that are keyword lists and to decide whether
//! a card is vanilla, and is never written out.

use ponyccg_core::card::Keyword;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Our metadata for each reference set: GUID prefix, code, name, kind, order.
const SETS: &[(&str, &str, &str, &str, u32)] = &[
    ("01ae3bb2", "PR", "Premiere", "official", 1),
    ("02aa7133", "CN", "Canterlot Nights", "official", 2),
    ("03a7c56b", "RR", "Rock 'n Rave", "official", 3),
    ("04a7a131", "CS", "Celestial Solstice", "official", 4),
    ("05a22db8", "CG", "The Crystal Games", "official", 5),
    ("06a8e246", "AD", "Absolute Discord", "official", 6),
    ("07a4d44b", "EO", "Equestrian Odysseys", "official", 7),
    ("08a02de6", "HM", "High Magic", "official", 8),
    ("09a5072a", "MT", "Marks in Time", "official", 9),
    ("10a6b93b", "DE", "Defenders of Equestria", "official", 10),
    ("11a048f2", "SB", "Seaquestria and Beyond", "official", 11),
    ("12a9d6fe", "FF", "Friends Forever", "official", 12),
    ("13a3d510", "ST", "Sands in Time", "unreleased", 13),
    ("14a77374", "LL", "Leaders and Legends", "community", 14),
    ("89f91ab6", "PROMO", "Promos", "promo", 20),
    ("88f01765", "TOKEN", "Tokens", "token", 21),
    (
        "90fa2c00",
        "VC",
        "Villain Challenge",
        "villain-challenge",
        22,
    ),
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(src) = args.first() else {
        eprintln!("usage: import CARDDATA_DIR [OUT_DIR]");
        return ExitCode::FAILURE;
    };
    let out = args
        .get(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cards"));
    match run(Path::new(src), &out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(src: &Path, out: &Path) -> Result<(), String> {
    let sets_dir = src.join("GameMasterLuna-MLPCCG-OCTGN/Sets");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&sets_dir)
        .map_err(|e| format!("{}: {e}", sets_dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("set.xml").is_file())
        .collect();
    dirs.sort();
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut total = 0;
    for dir in dirs {
        let guid = dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let &(_, code, name, kind, order) = SETS
            .iter()
            .find(|s| guid.starts_with(s.0))
            .ok_or_else(|| format!("{}: set not in the importer's table", dir.display()))?;
        let path = dir.join("set.xml");
        let xml = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let doc =
            roxmltree::Document::parse(&xml).map_err(|e| format!("{}: {e}", path.display()))?;
        let root = doc.root_element();
        let octgn_name = root.attribute("name").unwrap_or_default();
        let mut text = String::new();
        writeln!(
            text,
            "# {name}: card facts converted from the reference data by"
        )
        .unwrap();
        writeln!(
            text,
            "# `cargo run -p ponyccg-cards --example import`. Format: cards/README.md."
        )
        .unwrap();
        writeln!(text).unwrap();
        writeln!(text, "[set]").unwrap();
        writeln!(text, "code = {}", q(code)).unwrap();
        writeln!(text, "name = {}", q(name)).unwrap();
        writeln!(text, "kind = {}", q(kind)).unwrap();
        writeln!(text, "order = {order}").unwrap();
        writeln!(text, "octgn_set_id = {}", q(&guid.to_ascii_lowercase())).unwrap();
        writeln!(text, "octgn_name = {}", q(octgn_name)).unwrap();
        let mut n = 0;
        for card in root.descendants().filter(|n| n.has_tag_name("card")) {
            let c = convert(card).map_err(|e| format!("{}: {e}", path.display()))?;
            text.push('\n');
            text.push_str(&c);
            n += 1;
        }
        let file = out.join(format!("{code}.toml"));
        std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
        eprintln!("{code:6} {n:4} cards -> {}", file.display());
        total += n;
    }
    eprintln!("total  {total:4} cards");
    Ok(())
}

type Props = BTreeMap<String, String>;

fn props(node: roxmltree::Node) -> Props {
    node.children()
        .filter(|n| n.has_tag_name("property"))
        .map(|p| {
            (
                p.attribute("name").unwrap_or_default().to_string(),
                p.attribute("value").unwrap_or_default().trim().to_string(),
            )
        })
        .collect()
}

fn get<'a>(p: &'a Props, k: &str) -> &'a str {
    p.get(k).map(String::as_str).unwrap_or("")
}

fn color_of_element(e: &str) -> Option<&'static str> {
    Some(match e {
        "Loyalty" => "Blue",
        "Honesty" => "Orange",
        "Laughter" => "Pink",
        "Magic" => "Purple",
        "Generosity" => "White",
        "Kindness" => "Yellow",
        _ => return None,
    })
}

/// Colours: every Element of Harmony named in Element, Multi* or Tri*.
fn colors(p: &Props) -> Vec<&'static str> {
    let mut out = Vec::new();
    for k in [
        "Element",
        "MultiPrimaryElement",
        "MultiSecondaryElement",
        "TriPrimaryElement",
        "TriSecondaryElement",
        "TriElement",
    ] {
        if let Some(c) = color_of_element(get(p, k)) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// A list of keywords separated by full stops or commas, if every part is one.
fn keyword_list(s: &str) -> Option<Vec<Keyword>> {
    let parts: Vec<&str> = s
        .split(['.', ','])
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .collect();
    if parts.is_empty() {
        return None;
    }
    parts.iter().map(|x| Keyword::parse(x)).collect()
}

struct Side {
    colors: Vec<&'static str>,
    power: Option<i64>,
    traits: Vec<String>,
    keywords: Vec<String>,
    has_text: bool,
}

fn side(p: &Props, number: &str, notes: &mut Vec<String>, label: &str) -> Result<Side, String> {
    let mut keywords: Vec<Keyword> = Vec::new();
    let kw = get(p, "Keywords");
    if !kw.is_empty() {
        match keyword_list(kw) {
            Some(k) => keywords.extend(k),
            None => {
                eprintln!(
                    "warning: {number}: {label}Keywords value is not a keyword list; ignored"
                );
                notes.push(format!(
                    "{label}the reference data's Keywords field holds no keyword (a joke entry); no keywords are recorded from it"
                ));
            }
        }
    }
    let mut has_text = false;
    for line in get(p, "Text")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        match keyword_list(line) {
            Some(k) => keywords.extend(k),
            None => has_text = true,
        }
    }
    let mut kws: Vec<String> = Vec::new();
    for k in keywords {
        let s = k.to_string();
        if !kws.contains(&s) {
            kws.push(s);
        }
    }
    let raw_traits = get(p, "Traits");
    let mut traits: Vec<String> = Vec::new();
    for t in raw_traits
        .split([',', '/'])
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        if !traits.iter().any(|x| x == t) {
            traits.push(t.to_string());
        }
    }
    if raw_traits.contains('/') {
        notes.push(format!(
            "{label}the reference data lists the traits of two characters separated by '/'; the card has the traits of both"
        ));
    }
    let power = match get(p, "Power") {
        "" => None,
        x => Some(
            x.parse::<i64>()
                .map_err(|_| format!("{number}: power {x:?}"))?,
        ),
    };
    Ok(Side {
        colors: colors(p),
        power,
        traits,
        keywords: kws,
        has_text,
    })
}

fn req_color(e: &str) -> Option<String> {
    if e == "Wild" || e == "Rainbow" {
        return Some(e.to_string());
    }
    if let Some(x) = e.strip_prefix("Not ") {
        return color_of_element(x.trim()).map(|c| format!("Not {c}"));
    }
    color_of_element(e).map(str::to_string)
}

fn convert(card: roxmltree::Node) -> Result<String, String> {
    let p = props(card);
    let number = get(&p, "Number").to_string();
    let mut notes: Vec<String> = Vec::new();
    let ty = get(&p, "Type");
    if ![
        "Mane Character",
        "Friend",
        "Event",
        "Resource",
        "Troublemaker",
        "Problem",
    ]
    .contains(&ty)
    {
        return Err(format!("{number}: unknown type {ty:?}"));
    }
    let front = side(&p, &number, &mut notes, "")?;
    let mut o = String::new();
    writeln!(o, "[[card]]").unwrap();
    writeln!(o, "number = {}", q(&number)).unwrap();
    let id = card
        .attribute("id")
        .ok_or_else(|| format!("{number}: no id"))?;
    writeln!(o, "octgn_id = {}", q(&id.to_ascii_lowercase())).unwrap();
    let title = card.attribute("name").unwrap_or_default().trim();
    writeln!(o, "title = {}", q(title)).unwrap();
    let subtitle = get(&p, "Subname");
    if !subtitle.is_empty() {
        writeln!(o, "subtitle = {}", q(subtitle)).unwrap();
    }
    writeln!(o, "type = {}", q(ty)).unwrap();
    let rarity = get(&p, "Rarity");
    if !rarity.is_empty() {
        writeln!(o, "rarity = {}", q(rarity)).unwrap();
    }
    if !front.colors.is_empty() {
        writeln!(o, "colors = {}", list(&front.colors)).unwrap();
    }
    if let Some(pw) = front.power {
        writeln!(o, "power = {pw}").unwrap();
    }
    let cost = get(&p, "Cost");
    if !cost.is_empty() {
        let c: i64 = cost
            .parse()
            .map_err(|_| format!("{number}: cost {cost:?}"))?;
        writeln!(o, "cost = {c}").unwrap();
    }
    let mut play = Vec::new();
    for pre in ["", "Secondary", "Tertiary"] {
        let pw = get(&p, &format!("{pre}PlayRequiredPower"));
        let el = get(&p, &format!("{pre}PlayRequiredElement"));
        if pw.is_empty() && el.is_empty() {
            continue;
        }
        match (pw.parse::<u16>(), color_of_element(el)) {
            (Ok(n), Some(c)) => play.push(format!("{n} {c}")),
            _ => {
                eprintln!("warning: {number}: play requirement {pw:?} {el:?} is not a power and a colour; left out");
                notes.push(format!(
                    "the reference data gives a play requirement of {pw} power of colour {el:?}, which names no colour; it is left out"
                ));
            }
        }
    }
    if !play.is_empty() {
        writeln!(o, "play = {}", list(&play)).unwrap();
    }
    if !front.traits.is_empty() {
        writeln!(o, "traits = {}", list(&front.traits)).unwrap();
    }
    if !front.keywords.is_empty() {
        writeln!(o, "keywords = {}", list(&front.keywords)).unwrap();
    }
    let p1 = get(&p, "ProblemPlayerElement1");
    if !p1.is_empty() {
        let mut owner = Vec::new();
        for i in ["1", "2"] {
            let el = get(&p, &format!("ProblemPlayerElement{i}"));
            let pw = get(&p, &format!("ProblemPlayerElement{i}Power"));
            if el.is_empty() && pw.is_empty() {
                continue;
            }
            let c = match req_color(el) {
                Some(c) => c,
                // PR165 and CG167: the second requirement has a power but no colour; the
                // other two reference sources print it as "Not" the first colour.
                None if el.is_empty() && i == "2" => match color_of_element(p1) {
                    Some(first) => {
                        eprintln!("warning: {number}: second confront requirement has no colour; recorded as Not {first}");
                        notes.push(format!(
                            "the reference data gives the second owner requirement no colour; recorded as Not {first}, as the other two sources have it"
                        ));
                        format!("Not {first}")
                    }
                    None => return Err(format!("{number}: confront colour {el:?}")),
                },
                None => return Err(format!("{number}: confront colour {el:?}")),
            };
            let power = match pw {
                "∞" => "infinite".to_string(),
                "" if el == "Rainbow" => {
                    owner.push("Rainbow".to_string());
                    continue;
                }
                x => x
                    .parse::<u16>()
                    .map_err(|_| format!("{number}: confront power {x:?}"))?
                    .to_string(),
            };
            owner.push(format!("{power} {c}"));
        }
        let opp = match get(&p, "ProblemOpponentPower") {
            "infinity" | "∞" => q("unmeetable"),
            "" => {
                eprintln!("warning: {number}: no opponent requirement; recorded as unmeetable");
                notes.push(
                    "the reference data gives no opponents' requirement; recorded as unmeetable until checked against a printed card"
                        .to_string(),
                );
                q("unmeetable")
            }
            x => x
                .parse::<u16>()
                .map_err(|_| format!("{number}: opponent power {x:?}"))?
                .to_string(),
        };
        let bonus = get(&p, "Bonus");
        let bonus: u16 = bonus
            .parse()
            .map_err(|_| format!("{number}: bonus {bonus:?}"))?;
        writeln!(
            o,
            "confront = {{ owner = {}, opponent = {opp}, bonus = {bonus} }}",
            list(&owner)
        )
        .unwrap();
    } else if ty == "Troublemaker" {
        let b = get(&p, "Bonus");
        if !b.is_empty() {
            let b: u16 = b.parse().map_err(|_| format!("{number}: points {b:?}"))?;
            writeln!(o, "points = {b}").unwrap();
        }
    }
    let mut has_text = front.has_text;
    let alts: Vec<_> = card
        .children()
        .filter(|n| n.has_tag_name("alternate"))
        .collect();
    if alts.len() > 1 {
        return Err(format!("{number}: {} alternate sides", alts.len()));
    }
    if let Some(alt) = alts.first() {
        let ap = props(*alt);
        let b = side(&ap, &number, &mut notes, "boosted side: ")?;
        has_text |= b.has_text;
        let mut parts = Vec::new();
        if !b.colors.is_empty() {
            parts.push(format!("colors = {}", list(&b.colors)));
        }
        if let Some(pw) = b.power {
            parts.push(format!("power = {pw}"));
        }
        if !b.traits.is_empty() {
            parts.push(format!("traits = {}", list(&b.traits)));
        }
        if !b.keywords.is_empty() {
            parts.push(format!("keywords = {}", list(&b.keywords)));
        }
        writeln!(o, "boosted = {{ {} }}", parts.join(", ")).unwrap();
        let alt_title = alt.attribute("name").unwrap_or_default().trim();
        let alt_sub = get(&ap, "Subname");
        if alt_title != title || alt_sub != subtitle {
            let full = if alt_sub.is_empty() {
                alt_title.to_string()
            } else {
                format!("{alt_title}, {alt_sub}")
            };
            writeln!(o, "back_name = {}", q(&full)).unwrap();
        }
    }
    writeln!(
        o,
        "status = {}",
        q(if has_text { "unscripted" } else { "vanilla" })
    )
    .unwrap();
    if !notes.is_empty() {
        writeln!(o, "notes = {}", list(&notes)).unwrap();
    }
    Ok(o)
}

fn q(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => write!(out, "\\u{:04X}", c as u32).unwrap(),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn list<S: AsRef<str>>(items: &[S]) -> String {
    let v: Vec<String> = items.iter().map(|s| q(s.as_ref())).collect();
    format!("[{}]", v.join(", "))
}
