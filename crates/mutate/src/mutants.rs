//! The one-detail changes made to a card's script entry. Each is a substitution in the
//! RON text, so the real loader decides whether the changed script still means something;
//! one it refuses is counted apart from the killed and the survivors.

use crate::tokens::{line_of, matching, tokenize, Tok, Token};
use serde::Serialize;

/// What kind of detail a mutant changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A number one up or one down (a count, an amount, a cost).
    Number,
    /// `optional` / `may` flipped: "you may" made compulsory or the reverse.
    May,
    /// Any other written `true`/`false` flipped.
    Flag,
    /// A player swapped (You, Opponent, Each, ...).
    Player,
    /// A place swapped (Here, There, AtHome, AtAProblem, ...).
    Place,
    /// A duration swapped (EndOfTurn, ThisFaceoff, EndOfPhase, ...).
    Duration,
    /// A phase swapped (Main, Score, ...).
    Phase,
    /// A card type swapped (Friend, Resource, Character, ...).
    CardType,
    /// A colour swapped.
    Colour,
    /// A trigger event swapped (win / lose a faceoff, confront this / any Problem, ...).
    Trigger,
    /// The card a trigger or effect is about (This, It, any card).
    Subject,
    /// An effect turned into its opposite (exhaust / ready).
    Effect,
    /// A condition (`if`, `while`, ...) dropped, negated, or its test reversed.
    Condition,
    /// An optional filter or argument (`Some(...)`) dropped.
    Filter,
    /// A cost dropped.
    Cost,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Number => "number",
            Kind::May => "may",
            Kind::Flag => "flag",
            Kind::Player => "player",
            Kind::Place => "place",
            Kind::Duration => "duration",
            Kind::Phase => "phase",
            Kind::CardType => "card type",
            Kind::Colour => "colour",
            Kind::Trigger => "trigger",
            Kind::Subject => "subject",
            Kind::Effect => "effect",
            Kind::Condition => "condition",
            Kind::Filter => "filter",
            Kind::Cost => "cost",
        }
    }
}

/// One change: replace `text[start..end]` of the script file with `replacement`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mutant {
    pub kind: Kind,
    #[serde(skip)]
    pub start: usize,
    #[serde(skip)]
    pub end: usize,
    #[serde(skip)]
    pub replacement: String,
    /// The line of the script file the change starts on.
    pub line: usize,
    /// The changed text before and after, squashed to one line.
    pub before: String,
    pub after: String,
}

impl Mutant {
    /// The script file's text with this change made.
    pub fn apply(&self, text: &str) -> String {
        let mut s = String::with_capacity(text.len() + self.replacement.len());
        s.push_str(&text[..self.start]);
        s.push_str(&self.replacement);
        s.push_str(&text[self.end..]);
        s
    }

    /// "`before` → `after`", the change as a reader sees it.
    pub fn change(&self) -> String {
        format!("`{}` → `{}`", self.before, self.after)
    }
}

/// Whether an identifier must be followed by `(` (a variant with data), must not be
/// (a unit variant), or either.
#[derive(Clone, Copy)]
enum Shape {
    Unit,
    Call,
}

/// Identifier swaps: (identifier, shape, kind, replacements). A token is changed only
/// where its shape fits, so that `Each(cards)` (a target) is not taken for `Each` (a
/// player); a swap that still lands in the wrong enum is refused by the loader.
const SWAPS: &[(&str, Shape, Kind, &[&str])] = &[
    ("You", Shape::Unit, Kind::Player, &["Opponent", "Each"]),
    ("Opponent", Shape::Unit, Kind::Player, &["You", "Each"]),
    ("Each", Shape::Unit, Kind::Player, &["You", "Opponent"]),
    (
        "ItsController",
        Shape::Unit,
        Kind::Player,
        &["You", "Opponent"],
    ),
    (
        "ThatPlayer",
        Shape::Unit,
        Kind::Player,
        &["ThatPlayersOpponent"],
    ),
    (
        "ThatPlayersOpponent",
        Shape::Unit,
        Kind::Player,
        &["ThatPlayer"],
    ),
    ("Yours", Shape::Unit, Kind::Player, &["Opponents"]),
    ("Opponents", Shape::Unit, Kind::Player, &["Yours"]),
    (
        "Here",
        Shape::Unit,
        Kind::Place,
        &["There", "AtHome", "AtAProblem"],
    ),
    ("There", Shape::Unit, Kind::Place, &["Here", "AtHome"]),
    ("AtHome", Shape::Unit, Kind::Place, &["AtAProblem", "Here"]),
    ("AtAProblem", Shape::Unit, Kind::Place, &["AtHome", "Here"]),
    (
        "AtOpponentsProblem",
        Shape::Unit,
        Kind::Place,
        &["AtAProblem"],
    ),
    (
        "InPlay",
        Shape::Unit,
        Kind::Place,
        &["AtHome", "AtAProblem"],
    ),
    ("Elsewhere", Shape::Unit, Kind::Place, &["Here"]),
    ("Involved", Shape::Unit, Kind::Place, &["Here"]),
    ("Anywhere", Shape::Unit, Kind::Place, &["Home"]),
    ("Home", Shape::Unit, Kind::Place, &["AProblem"]),
    ("AProblem", Shape::Unit, Kind::Place, &["Home", "Here"]),
    ("EachOtherProblem", Shape::Unit, Kind::Place, &["AProblem"]),
    ("Hand", Shape::Unit, Kind::Place, &["Discard"]),
    ("Discard", Shape::Unit, Kind::Place, &["Hand"]),
    ("Deck", Shape::Unit, Kind::Place, &["Discard"]),
    ("Top", Shape::Unit, Kind::Place, &["Bottom"]),
    ("Bottom", Shape::Unit, Kind::Place, &["Top"]),
    ("TopOrBottom", Shape::Unit, Kind::Place, &["Top"]),
    (
        "EndOfTurn",
        Shape::Unit,
        Kind::Duration,
        &["ThisFaceoff", "EndOfPhase", "Permanently"],
    ),
    ("ThisFaceoff", Shape::Unit, Kind::Duration, &["EndOfTurn"]),
    ("EndOfPhase", Shape::Unit, Kind::Duration, &["EndOfTurn"]),
    (
        "StartOfYourNextTurn",
        Shape::Unit,
        Kind::Duration,
        &["EndOfTurn"],
    ),
    // The moments of a delayed effect: whose next turn.
    (
        "StartOfNextTurn",
        Shape::Unit,
        Kind::Duration,
        &["StartOfYourNextTurn", "EndOfTurn"],
    ),
    (
        "StartOfYourNextTurn",
        Shape::Unit,
        Kind::Duration,
        &["StartOfNextTurn"],
    ),
    ("Permanently", Shape::Unit, Kind::Duration, &["EndOfTurn"]),
    (
        "EndOfScorePhase",
        Shape::Unit,
        Kind::Duration,
        &["EndOfTurn"],
    ),
    ("Main", Shape::Unit, Kind::Phase, &["Score", "Troublemaker"]),
    ("Score", Shape::Unit, Kind::Phase, &["Main"]),
    ("Ready", Shape::Unit, Kind::Phase, &["Main"]),
    ("End", Shape::Unit, Kind::Phase, &["Main"]),
    ("Friend", Shape::Unit, Kind::CardType, &["Resource"]),
    ("Resource", Shape::Unit, Kind::CardType, &["Friend"]),
    ("Event", Shape::Unit, Kind::CardType, &["Friend"]),
    // A phase as well as a card type: each swap is refused in the other's place.
    ("Troublemaker", Shape::Unit, Kind::CardType, &["Friend"]),
    ("Troublemaker", Shape::Unit, Kind::Phase, &["Main"]),
    ("Character", Shape::Unit, Kind::CardType, &["Type(Friend)"]),
    ("Blue", Shape::Unit, Kind::Colour, &["Orange"]),
    ("Orange", Shape::Unit, Kind::Colour, &["Pink"]),
    ("Pink", Shape::Unit, Kind::Colour, &["Purple"]),
    ("Purple", Shape::Unit, Kind::Colour, &["White"]),
    ("White", Shape::Unit, Kind::Colour, &["Yellow"]),
    ("Yellow", Shape::Unit, Kind::Colour, &["Blue"]),
    ("WinFaceoff", Shape::Unit, Kind::Trigger, &["LoseFaceoff"]),
    ("LoseFaceoff", Shape::Unit, Kind::Trigger, &["WinFaceoff"]),
    (
        "ConfrontThisProblem",
        Shape::Unit,
        Kind::Trigger,
        &["Confront"],
    ),
    (
        "Confront",
        Shape::Unit,
        Kind::Trigger,
        &["ConfrontThisProblem"],
    ),
    (
        "StartOfTurn",
        Shape::Unit,
        Kind::Trigger,
        &["StartOfMainPhase"],
    ),
    (
        "StartOfMainPhase",
        Shape::Unit,
        Kind::Trigger,
        &["StartOfTurn"],
    ),
    ("This", Shape::Unit, Kind::Subject, &["It", "Any(())"]),
    ("It", Shape::Unit, Kind::Subject, &["This"]),
    ("TopOfYourDeck", Shape::Unit, Kind::Subject, &["This"]),
    ("PrintedPower", Shape::Call, Kind::Number, &["Power"]),
    (
        "FaceoffProblem",
        Shape::Unit,
        Kind::Place,
        &["AProblem", "Home"],
    ),
    ("Exhaust", Shape::Call, Kind::Effect, &["Ready"]),
    ("Ready", Shape::Call, Kind::Effect, &["Exhaust"]),
    ("Unfrighten", Shape::Call, Kind::Effect, &["Frighten"]),
    ("Exists", Shape::Call, Kind::Condition, &["None"]),
    ("None", Shape::Call, Kind::Condition, &["Exists"]),
    ("Any", Shape::Call, Kind::Condition, &["All"]),
    ("All", Shape::Call, Kind::Condition, &["Any"]),
];

/// Swaps for the actor of a trigger (`by:` in a `when: (...)`), whose values are the
/// trigger actor's (`Anyone`, `You`, `Opponent`), not a player's: `Each` is no actor and
/// `Anyone` is no player, so the generic player swaps would offer only refused values
/// there and never the likely slip of "any player" for "you" or the reverse.
const ACTOR_SWAPS: &[(&str, &[&str])] = &[
    ("You", &["Opponent", "Anyone"]),
    ("Opponent", &["You", "Anyone"]),
    ("Anyone", &["You", "Opponent"]),
];

/// Swaps for where a trigger's event happened (`at:` / `from:` in a `when: (...)`), whose
/// values are the trigger's (`Anywhere`, `Here`, `Home`, `AProblem`, `InPlay`): the
/// generic place swaps of `Here` and `InPlay` name only places the loader refuses there.
const SPOT_SWAPS: &[(&str, &[&str])] = &[
    ("Here", &["Home", "AProblem"]),
    ("Home", &["AProblem", "Here"]),
    ("AProblem", &["Home", "Here"]),
    ("InPlay", &["Home", "AProblem"]),
    ("Anywhere", &["Home"]),
];

/// Fields whose `Some(...)` value is a condition rather than a filter.
const CONDITION_FIELDS: &[&str] = &["if", "while", "unless", "cond", "condition"];
/// Fields whose boolean is "may" (712.3).
const MAY_FIELDS: &[&str] = &["optional", "may"];

/// Every one-detail change of the entry at `text[start..end]` (a card's `( ... )` value
/// in a script file), in text order.
pub fn mutants(text: &str, start: usize, end: usize) -> Vec<Mutant> {
    let toks = tokenize(text, start, end);
    let mut out = Vec::new();
    let mut push = |kind: Kind, from: usize, to: usize, replacement: String| {
        out.push(describe(text, kind, from, to, replacement));
    };
    for (k, t) in toks.iter().enumerate() {
        let next_open = toks.get(k + 1).is_some_and(|n| n.is_punct('('));
        let is_field = toks.get(k + 1).is_some_and(|n| n.is_punct(':'));
        let field = field_of(&toks, k);
        match &t.tok {
            Tok::Int(v) => {
                push(Kind::Number, t.start, t.end, (v + 1).to_string());
                if *v != 0 {
                    push(Kind::Number, t.start, t.end, (v - 1).to_string());
                }
            }
            Tok::Ident(id) if !is_field && (id == "true" || id == "false") => {
                let kind = if field.is_some_and(|f| MAY_FIELDS.contains(&f)) {
                    Kind::May
                } else {
                    Kind::Flag
                };
                let flipped = if id == "true" { "false" } else { "true" };
                push(kind, t.start, t.end, flipped.to_string());
            }
            Tok::Ident(id) if !is_field && field == Some("by") && in_trigger(&toks, k) => {
                for (name, repl) in ACTOR_SWAPS {
                    if name == id && !next_open {
                        for r in *repl {
                            push(Kind::Player, t.start, t.end, (*r).to_string());
                        }
                    }
                }
            }
            Tok::Ident(id)
                if !is_field
                    && (field == Some("at") || field == Some("from"))
                    && in_trigger(&toks, k) =>
            {
                for (name, repl) in SPOT_SWAPS {
                    if name == id && !next_open {
                        for r in *repl {
                            push(Kind::Place, t.start, t.end, (*r).to_string());
                        }
                    }
                }
            }
            Tok::Ident(id) if !is_field => {
                for (name, shape, kind, repl) in SWAPS {
                    let fits = match shape {
                        Shape::Unit => !next_open,
                        Shape::Call => next_open,
                    };
                    if name == id && fits {
                        for r in *repl {
                            push(*kind, t.start, t.end, (*r).to_string());
                        }
                    }
                }
                if next_open {
                    let Some(close) = matching(&toks, k + 1) else {
                        continue;
                    };
                    let inner = &text[toks[k + 1].end..toks[close].start];
                    if id == "Some" {
                        let cond = field.is_some_and(|f| CONDITION_FIELDS.contains(&f));
                        let kind = if cond { Kind::Condition } else { Kind::Filter };
                        push(kind, t.start, toks[close].end, "None".into());
                        if cond {
                            push(
                                Kind::Condition,
                                toks[k + 1].end,
                                toks[close].start,
                                format!("Not({})", inner.trim()),
                            );
                        }
                    } else if id == "Not" {
                        push(
                            Kind::Condition,
                            t.start,
                            toks[close].end,
                            inner.trim().to_string(),
                        );
                    }
                }
            }
            Tok::Punct('[') if field == Some("cost") => {
                if let Some(close) = matching(&toks, k) {
                    if close > k + 1 {
                        push(Kind::Cost, t.start, toks[close].end, "[]".into());
                    }
                }
            }
            Tok::Ident(_) | Tok::Str | Tok::Punct(_) => {}
        }
    }
    out
}

/// Whether token `k` stands at the top level of a trigger, the `(...)` written for a
/// `when:` field (a triggered ability's or a Reaction's).
fn in_trigger(toks: &[Token], k: usize) -> bool {
    enclosing_open(toks, k).is_some_and(|open| {
        open >= 2 && toks[open - 1].is_punct(':') && toks[open - 2].ident() == Some("when")
    })
}

/// The `(` (or `[`) whose bracket holds token `k`, if any.
fn enclosing_open(toks: &[Token], k: usize) -> Option<usize> {
    let mut depth = 0usize;
    for i in (0..k).rev() {
        match &toks[i].tok {
            Tok::Punct(')') | Tok::Punct(']') => depth += 1,
            Tok::Punct('(') | Tok::Punct('[') => {
                if depth == 0 {
                    return Some(i);
                }
                depth -= 1;
            }
            Tok::Punct(_) | Tok::Ident(_) | Tok::Int(_) | Tok::Str => {}
        }
    }
    None
}

/// The field a value at token `k` is written for: `field: VALUE` or `field: Some(VALUE)`.
fn field_of(toks: &[Token], k: usize) -> Option<&str> {
    let at = |i: usize| toks.get(i);
    if k >= 2 && at(k - 1)?.is_punct(':') {
        return at(k - 2)?.ident();
    }
    if k >= 4
        && at(k - 1)?.is_punct('(')
        && at(k - 2)?.ident() == Some("Some")
        && at(k - 3)?.is_punct(':')
    {
        return at(k - 4)?.ident();
    }
    None
}

fn describe(text: &str, kind: Kind, start: usize, end: usize, replacement: String) -> Mutant {
    let line = line_of(text, start);
    let ls = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let le = text[end..].find('\n').map_or(text.len(), |i| end + i);
    let (before, after) = if !text[start..end].contains('\n') {
        // The change with some of its line either side, so a long line still shows it.
        let pre = squash_start(&text[ls..start]);
        let post = squash_end(strip_comment(&text[end..le]));
        (
            format!("{pre}{}{post}", &text[start..end]),
            format!("{pre}{replacement}{post}"),
        )
    } else {
        (squash(&text[start..end]), squash(&replacement))
    };
    Mutant {
        kind,
        start,
        end,
        replacement,
        line,
        before,
        after,
    }
}

/// Context kept either side of a one-line change, in characters.
const CONTEXT: usize = 45;

/// The end of the text before a change: whitespace collapsed, cut to [`CONTEXT`].
fn squash_start(s: &str) -> String {
    let one = s.split_whitespace().collect::<Vec<_>>().join(" ");
    let one = if s.ends_with(char::is_whitespace) && !one.is_empty() {
        one + " "
    } else {
        one
    };
    let n = one.chars().count();
    if n <= CONTEXT {
        return one;
    }
    let tail: String = one.chars().skip(n - CONTEXT).collect();
    format!("…{tail}")
}

/// The start of the text after a change: whitespace collapsed, cut to [`CONTEXT`].
fn squash_end(s: &str) -> String {
    let one = s.split_whitespace().collect::<Vec<_>>().join(" ");
    let one = if s.starts_with(char::is_whitespace) && !one.is_empty() {
        format!(" {one}")
    } else {
        one
    };
    let one = one.trim_end_matches(',').to_string();
    if one.chars().count() <= CONTEXT {
        return one;
    }
    let head: String = one.chars().take(CONTEXT).collect();
    format!("{head}…")
}

fn strip_comment(s: &str) -> &str {
    // A line comment after the code; string literals in scripts hold no "//".
    s.find("//").map_or(s, |i| &s[..i])
}

/// Whitespace collapsed, trailing commas dropped, long text shortened in the middle.
fn squash(s: &str) -> String {
    let one: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    let one = one.trim_end_matches(',').trim().to_string();
    let n = one.chars().count();
    if n <= 110 {
        return one;
    }
    let head: String = one.chars().take(60).collect();
    let tail: String = one.chars().skip(n - 40).collect();
    format!("{head} … {tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(t: &str) -> Vec<Mutant> {
        mutants(t, 0, t.len())
    }

    fn applied(t: &str) -> Vec<String> {
        all(t).iter().map(|m| m.apply(t)).collect()
    }

    #[test]
    fn numbers_go_one_up_and_one_down_but_not_below_zero_from_zero() {
        let t = "(a: N(2), b: 0, c: -1)";
        let got = applied(t);
        assert!(got.contains(&"(a: N(3), b: 0, c: -1)".to_string()));
        assert!(got.contains(&"(a: N(1), b: 0, c: -1)".to_string()));
        assert!(got.contains(&"(a: N(2), b: 1, c: -1)".to_string()));
        assert!(!got.contains(&"(a: N(2), b: -1, c: -1)".to_string()));
        assert!(got.contains(&"(a: N(2), b: 0, c: -2)".to_string()));
    }

    #[test]
    fn may_is_told_apart_from_other_flags() {
        let t = "(optional: true, other: Some(false))";
        let ms = all(t);
        assert_eq!(ms[0].kind, Kind::May);
        assert_eq!(ms[0].apply(t), "(optional: false, other: Some(false))");
        assert!(ms
            .iter()
            .any(|m| m.kind == Kind::Flag && m.apply(t) == "(optional: true, other: Some(true))"));
    }

    #[test]
    fn players_swap_but_a_target_called_each_is_not_a_player() {
        let t = "(controller: Some(You), target: Each((place: Some(Here))))";
        let got = applied(t);
        assert!(
            got.contains(&"(controller: Some(Opponent), target: Each((place: Some(Here))))".into())
        );
        assert!(!got.iter().any(|g| g.contains("You((")));
    }

    #[test]
    fn a_trigger_actor_swaps_among_the_actors_and_a_prohibition_among_the_players() {
        let t = "(when: (on: Moved, by: You), effect: Prohibit(Confront(by: You)))";
        let got = applied(t);
        let trig = |by: &str| {
            format!("(when: (on: Moved, by: {by}), effect: Prohibit(Confront(by: You)))")
        };
        assert!(got.contains(&trig("Anyone")));
        assert!(got.contains(&trig("Opponent")));
        assert!(!got.contains(&trig("Each")));
        let proh = |by: &str| {
            format!("(when: (on: Moved, by: You), effect: Prohibit(Confront(by: {by})))")
        };
        assert!(got.contains(&proh("Each")));
        assert!(!got.contains(&proh("Anyone")));
        let t = "(when: (on: Moved, by: Anyone))";
        let got = applied(t);
        assert!(got.contains(&"(when: (on: Moved, by: You))".to_string()));
        assert!(got.contains(&"(when: (on: Moved, by: Opponent))".to_string()));
    }

    #[test]
    fn a_trigger_place_swaps_among_the_trigger_places() {
        let t = "(when: (on: Moved, at: Here), effect: Move(to: Here))";
        let got = applied(t);
        let trig = |at: &str| format!("(when: (on: Moved, at: {at}), effect: Move(to: Here))");
        assert!(got.contains(&trig("Home")));
        assert!(got.contains(&trig("AProblem")));
        assert!(!got.contains(&trig("AtHome")));
        assert!(
            got.contains(&"(when: (on: Moved, at: Here), effect: Move(to: AtHome))".to_string())
        );
    }

    #[test]
    fn conditions_are_dropped_and_negated_filters_dropped() {
        let t = "(when: Played, if: Some(Exists((controller: Some(You)))))";
        let ms = all(t);
        let cond: Vec<String> = ms
            .iter()
            .filter(|m| m.kind == Kind::Condition)
            .map(|m| m.apply(t))
            .collect();
        assert!(cond.contains(&"(when: Played, if: None)".into()));
        assert!(
            cond.contains(&"(when: Played, if: Some(Not(Exists((controller: Some(You))))))".into())
        );
        assert!(cond.contains(&"(when: Played, if: Some(None((controller: Some(You)))))".into()));
        assert!(ms.iter().any(|m| m.kind == Kind::Filter
            && m.apply(t) == "(when: Played, if: Some(Exists((controller: None))))"));
    }

    #[test]
    fn field_names_are_never_changed() {
        let t = "(Here: 1)";
        assert!(all(t).iter().all(|m| m.kind == Kind::Number));
    }

    #[test]
    fn a_change_is_described_by_its_line() {
        let t = "(\n  a: Some(You), // the controller\n)";
        let ms = all(t);
        let m = ms
            .iter()
            .find(|m| m.kind == Kind::Player)
            .expect("a player change");
        assert_eq!(m.line, 2);
        assert_eq!(m.change(), "`a: Some(You)` → `a: Some(Opponent)`");
    }
}
