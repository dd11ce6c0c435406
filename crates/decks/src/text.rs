//! The plain-text deck list people type. The format is described in
//! `crates/decks/README.md`.

use crate::deck::{Deck, Part, Section};
use crate::error::DeckError;
use crate::resolve::{Resolver, Unresolved};

/// The largest count one line may give.
pub const MAX_LINE_COUNT: u32 = 99;

/// Reads a text deck list. `file` names the source in error messages.
pub fn parse_text(src: &str, file: &str, res: &Resolver) -> Result<Deck, DeckError> {
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    let mut deck = Deck::new();
    let mut section: Option<Section> = None;
    for (i, raw) in src.lines().enumerate() {
        let line_no = i + 1;
        let err = |m: String| DeckError::parse(file, line_no, m);
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = strip_prefix_ci(line, "name:") {
            if deck.name.is_some() {
                return Err(err("the deck name is given twice".into()));
            }
            let name = rest.trim();
            if !name.is_empty() {
                deck.name = Some(name.to_string());
            }
            continue;
        }
        if let Some(heading) = heading_of(line) {
            match Section::parse(heading) {
                Some(s) => {
                    section = Some(s);
                    continue;
                }
                None if line.ends_with(':') => {
                    return Err(err(format!(
                        "unknown section `{heading}` (known: {})",
                        Section::known_headings()
                    )))
                }
                // "[name]" that is no heading is read as a card.
                None => {}
            }
        }
        let (count, reference) = split_count(line).map_err(err)?;
        let entry = res
            .resolve(reference, section)
            .map_err(|u| err(explain(reference, section, u)))?;
        let part = match section {
            Some(s) => s.part(),
            None => Part::for_type(entry.def.card_type),
        };
        deck.add(part, &entry.def.number, count);
    }
    Ok(deck)
}

/// Writes a deck as text that [`parse_text`] reads back as the same deck.
pub fn write_text(deck: &Deck, res: &Resolver) -> String {
    let mut out = String::from("# ponyccg deck list\n");
    if let Some(name) = deck.name.as_deref() {
        let one_line: String = name.split_whitespace().collect::<Vec<_>>().join(" ");
        if !one_line.is_empty() {
            out.push_str(&format!("Name: {one_line}\n"));
        }
    }
    for (section, cards) in [
        (Section::Mane, &deck.mane),
        (Section::Problems, &deck.problems),
        (Section::Draw, &deck.draw),
    ] {
        out.push_str(&format!("\n{}:\n", section.heading()));
        for c in cards.iter().filter(|c| c.count > 0) {
            match res.by_number(&c.number) {
                Some(e) => {
                    let reference = res.reference_for(e, Some(section));
                    if reference == e.def.number {
                        out.push_str(&format!(
                            "{} {}  # {}\n",
                            c.count,
                            reference,
                            e.def.full_name()
                        ));
                    } else {
                        out.push_str(&format!("{} {}  # {}\n", c.count, reference, e.def.number));
                    }
                }
                None => out.push_str(&format!("{} {}\n", c.count, c.number)),
            }
        }
    }
    out
}

/// The line without a comment: a line starting with `#` or `//` is all comment; a
/// `#` after white space starts a comment.
fn strip_comment(line: &str) -> &str {
    let t = line.trim_start();
    if t.starts_with('#') || t.starts_with("//") {
        return "";
    }
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'#' && i > 0 && (bytes[i - 1] == b' ' || bytes[i - 1] == b'\t') {
            return &line[..i];
        }
    }
    line
}

fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

/// The heading text of a line that looks like a heading: `Name:` (no count in
/// front) or `[Name]`.
fn heading_of(line: &str) -> Option<&str> {
    if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
        return Some(inner.trim());
    }
    let first = line.chars().next()?;
    if let Some(h) = line.strip_suffix(':') {
        if !first.is_ascii_digit() {
            return Some(h.trim());
        }
    }
    None
}

/// "3 Name", "3x Name", "3× Name" or "Name" (one copy).
fn split_count(line: &str) -> Result<(u32, &str), String> {
    let digits_end = line
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(line.len());
    if digits_end == 0 {
        return Ok((1, line));
    }
    let digits = &line[..digits_end];
    let mut rest = &line[digits_end..];
    if let Some(r) = rest.strip_prefix(['x', 'X', '×']) {
        rest = r;
    }
    if rest.trim().is_empty() {
        return Err(format!("a count ({digits}) with no card after it"));
    }
    if !rest.starts_with(char::is_whitespace) {
        return Err(format!(
            "`{line}` is not a card line: write a count, a space and a card name or number"
        ));
    }
    let reference = rest.trim();
    let count: u32 = digits
        .parse()
        .ok()
        .filter(|&n| n <= MAX_LINE_COUNT)
        .ok_or_else(|| {
            format!("count {digits} is too large (at most {MAX_LINE_COUNT} on one line)")
        })?;
    if count == 0 {
        return Err(format!(
            "count 0 for `{reference}`: leave the line out instead"
        ));
    }
    Ok((count, reference))
}

/// The message for a reference that matched no single card.
pub(crate) fn explain(reference: &str, section: Option<Section>, u: Unresolved) -> String {
    match u {
        Unresolved::Unknown { suggestion } => match suggestion {
            Some(s) => format!("no card is named or numbered `{reference}`; did you mean {s}?"),
            None => format!("no card is named or numbered `{reference}`"),
        },
        Unresolved::Ambiguous { candidates } => format!(
            "`{reference}` is a title shared by {} cards with different subtitles (201.1a); \
             write the full name or the number: {}",
            candidates.len(),
            candidates.join("; ")
        ),
        Unresolved::WrongSection { card, card_type } => format!(
            "{card} is a {card_type} and cannot be listed under {}{}",
            section.map(|s| s.heading()).unwrap_or("this section"),
            section
                .and_then(|s| s.rule())
                .map_or(String::new(), |r| format!(" ({r})"))
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_are_stripped() {
        assert_eq!(strip_comment("# all comment"), "");
        assert_eq!(strip_comment("  // also"), "");
        assert_eq!(strip_comment("3 PR12  # Name"), "3 PR12  ");
        assert_eq!(strip_comment("3 PR#12"), "3 PR#12");
    }

    #[test]
    fn counts_split() {
        assert_eq!(
            split_count("3 Applejack, Apple Vendor"),
            Ok((3, "Applejack, Apple Vendor"))
        );
        assert_eq!(split_count("3x PR12"), Ok((3, "PR12")));
        assert_eq!(split_count("3X  PR12"), Ok((3, "PR12")));
        assert_eq!(split_count("2× PR12"), Ok((2, "PR12")));
        assert_eq!(split_count("Applejack"), Ok((1, "Applejack")));
        assert!(split_count("3PR12").is_err());
        assert!(split_count("0 PR12").is_err());
        assert!(split_count("100 PR12").is_err());
        assert!(split_count("99999999999999999999 PR12").is_err());
        assert!(split_count("3 ").is_err());
    }

    #[test]
    fn headings_detected() {
        assert_eq!(heading_of("Problems:"), Some("Problems"));
        assert_eq!(heading_of("[Mane Character]"), Some("Mane Character"));
        assert_eq!(heading_of("3 Problems:"), None);
        assert_eq!(heading_of("3 PR12"), None);
    }
}
