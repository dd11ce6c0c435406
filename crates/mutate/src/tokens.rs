//! Just enough of RON's lexical structure to change a script one token at a time:
//! identifiers, integers, strings, punctuation, with comments and whitespace skipped.
//! Knowing no Rust types keeps the mutations working while the script grammar changes.

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    Ident(String),
    /// An integer literal, its sign included when a `-` is written right before it.
    Int(i64),
    Str,
    Punct(char),
}

/// A token and its byte range in the text it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub start: usize,
    pub end: usize,
}

impl Token {
    pub fn is_punct(&self, c: char) -> bool {
        self.tok == Tok::Punct(c)
    }

    pub fn ident(&self) -> Option<&str> {
        match &self.tok {
            Tok::Ident(s) => Some(s),
            Tok::Int(_) | Tok::Str | Tok::Punct(_) => None,
        }
    }
}

/// Tokens of `text[from..to]`, with ranges into `text`. Unterminated strings and comments
/// end the scan: the loader reports them, not this.
pub fn tokenize(text: &str, from: usize, to: usize) -> Vec<Token> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = from;
    while i < to {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if text[i..].starts_with("//") {
            i = text[i..].find('\n').map_or(to, |n| i + n);
        } else if text[i..].starts_with("/*") {
            i = text[i + 2..].find("*/").map_or(to, |n| i + 2 + n + 2);
        } else if c == b'"' {
            let start = i;
            i += 1;
            while i < to && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(to);
            out.push(Token {
                tok: Tok::Str,
                start,
                end: i,
            });
        } else if c.is_ascii_digit() || (c == b'-' && i + 1 < to && b[i + 1].is_ascii_digit()) {
            let start = i;
            i += 1;
            while i < to && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            match text[start..i].parse::<i64>() {
                Ok(v) => out.push(Token {
                    tok: Tok::Int(v),
                    start,
                    end: i,
                }),
                // Floats, hex and suffixed numbers are not in the script language: leave
                // them as opaque punctuation so that nothing changes them.
                Err(_) => out.push(Token {
                    tok: Tok::Str,
                    start,
                    end: i,
                }),
            }
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < to && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Token {
                tok: Tok::Ident(text[start..i].to_string()),
                start,
                end: i,
            });
        } else {
            let ch = text[i..].chars().next().unwrap_or(' ');
            out.push(Token {
                tok: Tok::Punct(ch),
                start: i,
                end: i + ch.len_utf8(),
            });
            i += ch.len_utf8();
        }
    }
    out
}

/// The index of the token closing the bracket opened at `open` (`(`, `[` or `{`).
pub fn matching(tokens: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, t) in tokens.iter().enumerate().skip(open) {
        match t.tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(k);
                }
            }
            Tok::Punct(_) | Tok::Ident(_) | Tok::Int(_) | Tok::Str => {}
        }
    }
    None
}

/// Where a card's entry is in a script file: the line of its `"NUMBER":` key and the
/// byte range of its value, the `( ... )` after the key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrySpan {
    pub line: usize,
    pub start: usize,
    pub end: usize,
}

/// Finds the entry of card `number` (case-insensitive) in a script file's text.
pub fn find_entry(text: &str, number: &str) -> Option<EntrySpan> {
    let all = tokenize(text, 0, text.len());
    let mut depth = 0usize;
    for (k, t) in all.iter().enumerate() {
        match t.tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => depth = depth.saturating_sub(1),
            Tok::Punct(_) | Tok::Ident(_) | Tok::Int(_) | Tok::Str => {}
        }
        // Keys of the file's map only, never a string inside an entry.
        if depth != 1 || t.tok != Tok::Str || !all.get(k + 1).is_some_and(|c| c.is_punct(':')) {
            continue;
        }
        let key = text[t.start..t.end].trim_matches('"');
        if !key.eq_ignore_ascii_case(number) {
            continue;
        }
        let open = k + 2;
        if !all.get(open).is_some_and(|o| o.is_punct('(')) {
            return None;
        }
        let close = matching(&all, open)?;
        return Some(EntrySpan {
            line: line_of(text, t.start),
            start: all[open].start,
            end: all[close].end,
        });
    }
    None
}

/// 1-based line of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_strings_are_not_tokens_of_the_script() {
        let t = "// You 3\n(a: \"You 3\", b: -2, /* Here */ c: Some(This))";
        let toks = tokenize(t, 0, t.len());
        let idents: Vec<&str> = toks.iter().filter_map(Token::ident).collect();
        assert_eq!(idents, ["a", "b", "c", "Some", "This"]);
        assert!(toks.iter().any(|x| x.tok == Tok::Int(-2)));
    }

    #[test]
    fn an_entry_is_found_by_its_key_and_ends_at_its_bracket() {
        let t = "{\n  \"PR1\": (abilities: [X(\"PR12\": 1)]),\n  \"PR12\": (abilities: []),\n}";
        let e = find_entry(t, "pr12").expect("found");
        assert_eq!(&t[e.start..e.end], "(abilities: [])");
        assert_eq!(e.line, 3);
        let e = find_entry(t, "PR1").expect("found");
        assert_eq!(&t[e.start..e.end], "(abilities: [X(\"PR12\": 1)])");
        assert!(find_entry(t, "PR2").is_none());
    }
}
