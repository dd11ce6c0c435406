//! OCTGN deck files (`.o8d`): XML with one `<section name=…>` per part and one
//! `<card qty=… id=GUID>Title</card>` per line. Cards are found by GUID; the
//! element text is only shown to people.

use crate::deck::{Deck, Section};
use crate::error::DeckError;
use crate::resolve::{display, Resolver};

/// The OCTGN game GUID of the My Little Pony CCG game definition.
pub const GAME_ID: &str = "65656467-b709-43b2-a5c6-80c2f216adf9";

/// The sections our writer emits, in the order the community files use.
const WRITE_ORDER: [(&str, Section); 6] = [
    ("Mane Character", Section::Mane),
    ("Friends", Section::Friends),
    ("Resources", Section::Resources),
    ("Events", Section::Events),
    ("Troublemakers", Section::Troublemakers),
    ("Problems", Section::Problems),
];

/// Reads an `.o8d` file. `file` names the source in error messages.
pub fn parse_o8d(src: &str, file: &str, res: &Resolver) -> Result<Deck, DeckError> {
    let doc = roxmltree::Document::parse(src).map_err(|e| {
        DeckError::parse(
            file,
            e.pos().row as usize,
            format!("not a well-formed OCTGN deck file: {e}"),
        )
    })?;
    let line_of = |n: roxmltree::Node| doc.text_pos_at(n.range().start).row as usize;
    let root = doc.root_element();
    if root.tag_name().name() != "deck" {
        return Err(DeckError::parse(
            file,
            line_of(root),
            format!(
                "the root element is <{}>, not <deck>",
                root.tag_name().name()
            ),
        ));
    }
    if let Some(game) = root.attribute("game") {
        if !game.trim().eq_ignore_ascii_case(GAME_ID) {
            return Err(DeckError::parse(
                file,
                line_of(root),
                format!("this deck is for another OCTGN game ({game}), not the My Little Pony CCG"),
            ));
        }
    }
    let mut deck = Deck::new();
    for child in root.children().filter(|n| n.is_element()) {
        match child.tag_name().name() {
            "notes" => {
                let text: String = child
                    .text()
                    .unwrap_or("")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                if !text.is_empty() {
                    deck.name = Some(text);
                }
            }
            "section" => {
                let name = child.attribute("name").unwrap_or("");
                let section = Section::parse(name).ok_or_else(|| {
                    DeckError::parse(
                        file,
                        line_of(child),
                        format!(
                            "unknown section `{name}` (known: {})",
                            Section::known_headings()
                        ),
                    )
                })?;
                for card in child.children().filter(|n| n.is_element()) {
                    let line = line_of(card);
                    let err = |m: String| DeckError::parse(file, line, m);
                    if card.tag_name().name() != "card" {
                        return Err(err(format!(
                            "unexpected <{}> in a section",
                            card.tag_name().name()
                        )));
                    }
                    let title = card.text().unwrap_or("").trim();
                    let qty = card.attribute("qty").unwrap_or("");
                    let count: u32 = qty
                        .trim()
                        .parse()
                        .ok()
                        .filter(|&n| (1..=crate::text::MAX_LINE_COUNT).contains(&n))
                        .ok_or_else(|| {
                            err(format!(
                                "qty=\"{qty}\" of `{title}` is not a count from 1 to {}",
                                crate::text::MAX_LINE_COUNT
                            ))
                        })?;
                    let id = card
                        .attribute("id")
                        .ok_or_else(|| err(format!("`{title}` has no id")))?;
                    let entry = res.catalogue().by_octgn_id(id).ok_or_else(|| {
                        err(format!(
                            "no card has the OCTGN id {id} (listed as `{title}`)"
                        ))
                    })?;
                    if !section.accepts(entry.def.card_type) {
                        return Err(err(format!(
                            "{} is a {} and cannot be listed under {}{}",
                            display(entry),
                            entry.def.card_type,
                            name,
                            section.rule().map_or(String::new(), |r| format!(" ({r})"))
                        )));
                    }
                    deck.add(section.part(), &entry.def.number, count);
                }
            }
            other => {
                return Err(DeckError::parse(
                    file,
                    line_of(child),
                    format!("unexpected <{other}> in <deck>"),
                ));
            }
        }
    }
    Ok(deck)
}

/// Writes a deck as an `.o8d` file. Fails for a number the catalogue lacks or a
/// card whose type has no section here (a Friend in the Problem deck, say).
pub fn write_o8d(deck: &Deck, res: &Resolver) -> Result<String, DeckError> {
    let mut by_section: Vec<Vec<(u32, &ponyccg_cards::Entry)>> =
        vec![Vec::new(); WRITE_ORDER.len()];
    for (part, cards) in [
        (Section::Mane, &deck.mane),
        (Section::Problems, &deck.problems),
        (Section::Draw, &deck.draw),
    ] {
        for c in cards.iter().filter(|c| c.count > 0) {
            let e = res
                .by_number(&c.number)
                .ok_or_else(|| DeckError::UnknownNumber(c.number.clone()))?;
            if !part.accepts(e.def.card_type) {
                return Err(DeckError::Write(format!(
                    "{} is a {} in the {}; an OCTGN file has no place for it",
                    display(e),
                    e.def.card_type,
                    part.part().name()
                )));
            }
            let slot = WRITE_ORDER
                .iter()
                .position(|(_, s)| s.accepts(e.def.card_type))
                .ok_or_else(|| DeckError::Write(format!("no OCTGN section for {}", display(e))))?;
            by_section[slot].push((c.count, e));
        }
    }
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n");
    out.push_str(&format!("<deck game=\"{GAME_ID}\">\n"));
    for ((name, _), cards) in WRITE_ORDER.iter().zip(&by_section) {
        out.push_str(&format!("  <section name=\"{name}\" shared=\"False\">\n"));
        for (count, e) in cards {
            out.push_str(&format!(
                "    <card qty=\"{count}\" id=\"{}\">{}</card>\n",
                escape(&e.octgn_id),
                escape(&e.def.title)
            ));
        }
        out.push_str("  </section>\n");
    }
    let notes = deck
        .name
        .as_deref()
        .map(|n| n.split_whitespace().collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    out.push_str(&format!(
        "  <notes><![CDATA[{}]]></notes>\n",
        notes.replace("]]>", "]] >")
    ));
    out.push_str("</deck>\n");
    Ok(out)
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
