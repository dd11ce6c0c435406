//! Name matching helpers: normalisation, edit distance, and the data digest.

/// Lower case; common Latin accents folded ("Crème" → "creme"); apostrophes and quotes
/// dropped; "&" read as "and"; every other run of non-alphanumeric characters becomes
/// one space.
pub(crate) fn normalize(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for ch in s.chars() {
        if matches!(
            ch,
            '\'' | '\u{2019}' | '\u{2018}' | '"' | '\u{201c}' | '\u{201d}'
        ) {
            continue;
        }
        if ch == '&' {
            if !out.is_empty() && !space {
                out.push(' ');
            }
            out.push_str("and ");
            space = true;
            continue;
        }
        if ch.is_alphanumeric() {
            for l in ch.to_lowercase() {
                out.push(fold_accent(l));
            }
            space = false;
        } else if !out.is_empty() && !space {
            out.push(' ');
            space = true;
        }
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

fn fold_accent(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ä' | 'ã' | 'å' => 'a',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ò' | 'ó' | 'ô' | 'ö' | 'õ' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        c => c,
    }
}

/// Levenshtein distance between `a` and `b` if it is at most `limit`.
pub(crate) fn bounded_distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        let mut row_min = cur[0];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
            row_min = row_min.min(cur[j + 1]);
        }
        if row_min > limit {
            return None;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = prev[b.len()];
    (d <= limit).then_some(d)
}

/// "YYYY-MM-DD" with a plausible month and day.
pub(crate) fn is_date(s: &str) -> bool {
    let p: Vec<&str> = s.split('-').collect();
    p.len() == 3
        && p[0].len() == 4
        && p[1].len() == 2
        && p[2].len() == 2
        && p.iter().all(|x| x.bytes().all(|b| b.is_ascii_digit()))
        && (1..=12).contains(&p[1].parse::<u32>().unwrap_or(0))
        && (1..=31).contains(&p[2].parse::<u32>().unwrap_or(0))
}

/// 64-bit FNV-1a: small, fast and stable across platforms and releases.
pub(crate) struct Fnv(u64);

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    pub fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_ignores_case_punctuation_and_spacing() {
        assert_eq!(
            normalize("Rainbow Dash, Flier Extraordinaire"),
            "rainbow dash flier extraordinaire"
        );
        assert_eq!(
            normalize("  rainbow   dash -- FLIER extraordinaire!"),
            "rainbow dash flier extraordinaire"
        );
        assert_eq!(normalize("Snips & Snails"), "snips and snails");
        assert_eq!(normalize("Snips&Snails"), "snips and snails");
        assert_eq!(normalize("Rockin'"), "rockin");
        assert_eq!(normalize("!!!"), "");
        assert_eq!(normalize("Crème de la Crème"), "creme de la creme");
    }

    #[test]
    fn distance_is_levenshtein_within_limit() {
        assert_eq!(bounded_distance("kitten", "sitting", 3), Some(3));
        assert_eq!(bounded_distance("kitten", "sitting", 2), None);
        assert_eq!(bounded_distance("", "abc", 3), Some(3));
        assert_eq!(bounded_distance("same", "same", 0), Some(0));
    }

    #[test]
    fn dates() {
        assert!(is_date("2013-11-01"));
        assert!(!is_date("2013-13-01"));
        assert!(!is_date("2013-1-01"));
        assert!(!is_date("soon"));
    }

    #[test]
    fn fnv_known_value() {
        let mut h = Fnv::new();
        h.write(b"a");
        assert_eq!(h.finish(), 0xaf63_dc4c_8601_ec8c);
    }
}
