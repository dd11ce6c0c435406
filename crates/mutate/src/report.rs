//! Results of a run and the three ways of showing them: a summary for the terminal,
//! JSON, and the Markdown report kept in docs/.

use crate::mutants::{Kind, Mutant};
use crate::Outcome;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// One mutant and what became of it.
#[derive(Clone, Debug, Serialize)]
pub struct Tried {
    #[serde(flatten)]
    pub mutant: Mutant,
    #[serde(flatten)]
    pub outcome: Outcome,
}

/// Everything about one card.
#[derive(Clone, Debug, Serialize)]
pub struct CardResult {
    pub card: String,
    pub set: String,
    /// The script file ("scripts/PR.ron").
    pub file: String,
    pub scenarios: Vec<String>,
    /// Set when the card's scenarios fail on the unchanged scripts: then no mutant ran.
    pub baseline_failure: Option<String>,
    pub mutants: Vec<Tried>,
}

/// Counts over any group of mutants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub cards: usize,
    pub mutants: usize,
    pub killed: usize,
    pub survived: usize,
    pub refused: usize,
}

impl Counts {
    fn add(&mut self, o: &Outcome) {
        self.mutants += 1;
        match o {
            Outcome::Killed(_) => self.killed += 1,
            Outcome::Survived => self.survived += 1,
            Outcome::Refused(_) => self.refused += 1,
        }
    }

    /// Survivors as a share of the mutants the loader accepted, in percent.
    pub fn survivor_percent(&self) -> f64 {
        let ran = self.killed + self.survived;
        if ran == 0 {
            0.0
        } else {
            100.0 * self.survived as f64 / ran as f64
        }
    }
}

impl CardResult {
    pub fn counts(&self) -> Counts {
        let mut c = Counts {
            cards: 1,
            ..Counts::default()
        };
        for t in &self.mutants {
            c.add(&t.outcome);
        }
        c
    }

    pub fn survivors(&self) -> impl Iterator<Item = &Mutant> {
        self.mutants
            .iter()
            .filter(|t| t.outcome == Outcome::Survived)
            .map(|t| &t.mutant)
    }
}

/// The whole run.
#[derive(Clone, Debug, Serialize)]
pub struct Run {
    pub total: Counts,
    pub sets: BTreeMap<String, Counts>,
    pub kinds: BTreeMap<Kind, Counts>,
    pub cards: Vec<CardResult>,
}

impl Run {
    pub fn new(cards: Vec<CardResult>) -> Run {
        let mut total = Counts::default();
        let mut sets: BTreeMap<String, Counts> = BTreeMap::new();
        let mut kinds: BTreeMap<Kind, Counts> = BTreeMap::new();
        for c in &cards {
            total.cards += 1;
            let s = sets.entry(c.set.clone()).or_default();
            s.cards += 1;
            for t in &c.mutants {
                total.add(&t.outcome);
                s.add(&t.outcome);
                kinds.entry(t.mutant.kind).or_default().add(&t.outcome);
            }
        }
        Run {
            total,
            sets,
            kinds,
            cards,
        }
    }

    /// The terminal summary: a line per card, its survivors under it, totals at the end.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        for c in &self.cards {
            let n = c.counts();
            let _ = writeln!(
                s,
                "{:<7} mutants {:>3}  killed {:>3}  survived {:>3}  refused {:>3}{}",
                c.card,
                n.mutants,
                n.killed,
                n.survived,
                n.refused,
                if c.scenarios.is_empty() {
                    "  (no scenario)"
                } else {
                    ""
                }
            );
            if let Some(f) = &c.baseline_failure {
                let _ = writeln!(s, "  its scenarios fail without any change: {f}");
            }
            for m in c.survivors() {
                let _ = writeln!(
                    s,
                    "  survived  {}:{} [{}] {}",
                    c.file,
                    m.line,
                    m.kind.name(),
                    m.change()
                );
            }
        }
        let _ = writeln!(s);
        for (set, n) in &self.sets {
            let _ = writeln!(s, "{}", counts_line(set, n));
        }
        let _ = writeln!(s, "{}", counts_line("all", &self.total));
        s
    }

    /// The Markdown report.
    pub fn markdown(&self, command: &str) -> String {
        let mut s = String::new();
        let t = &self.total;
        let _ = writeln!(
            s,
            "# Mutation report: card scripts against their scenarios\n"
        );
        let _ = writeln!(
            s,
            "Made by `{command}` (crates/mutate). Each scripted card's script is changed one \
             detail at a time (a number one up or down, a player, a place, a \"may\", a \
             duration, a phase, a card type, a colour, a trigger, the card an ability is about, \
             an exhaust turned into a ready, a condition or filter dropped or negated, a cost \
             dropped) and the card's own scenarios (`tests/scenarios/cards/NUMBER[-...].toml`) \
             are run against the changed catalogue. A change is *killed* when one of them \
             fails, *survives* when all still pass, and is *refused* when the loader rejects \
             the changed script (those are not counted either way). Some survivors are \
             equivalent changes that no scenario could tell apart (a `Here` that can only \
             ever be `There` for that trigger, say).\n"
        );
        let _ = writeln!(
            s,
            "**Survivors: {} of {} mutants that ran ({:.1}%)**; {} cards, {} mutants, {} killed, {} refused.\n",
            t.survived,
            t.killed + t.survived,
            t.survivor_percent(),
            t.cards,
            t.mutants,
            t.killed,
            t.refused
        );
        let _ = writeln!(s, "## By set\n");
        table_head(&mut s, "set");
        for (set, n) in &self.sets {
            table_row(&mut s, set, n);
        }
        table_row(&mut s, "**all**", t);
        let _ = writeln!(s, "\n## By kind of change\n");
        table_head(&mut s, "change");
        for (k, n) in &self.kinds {
            table_row(&mut s, k.name(), n);
        }
        let failing: Vec<&CardResult> = self
            .cards
            .iter()
            .filter(|c| c.baseline_failure.is_some())
            .collect();
        if !failing.is_empty() {
            let _ = writeln!(s, "\n## Cards whose scenarios fail without any change\n");
            for c in failing {
                let _ = writeln!(
                    s,
                    "- {}: {}",
                    c.card,
                    c.baseline_failure.as_deref().unwrap_or("")
                );
            }
        }
        let untested: Vec<&str> = self
            .cards
            .iter()
            .filter(|c| c.scenarios.is_empty())
            .map(|c| c.card.as_str())
            .collect();
        if !untested.is_empty() {
            let _ = writeln!(
                s,
                "\n## Cards with no scenario of their own\n\n{}",
                untested.join(", ")
            );
        }
        let mut with: Vec<&CardResult> = self
            .cards
            .iter()
            .filter(|c| c.survivors().next().is_some())
            .collect();
        with.sort_by_key(|c| std::cmp::Reverse(c.counts().survived));
        let _ = writeln!(
            s,
            "\n## Survivors by card ({} cards, most first)\n",
            with.len()
        );
        for c in with {
            let n = c.counts();
            let _ = writeln!(
                s,
                "### {} — {} of {} survive ({})\n",
                c.card,
                n.survived,
                n.killed + n.survived,
                c.file
            );
            for m in c.survivors() {
                let _ = writeln!(s, "- line {} [{}]: {}", m.line, m.kind.name(), m.change());
            }
            let _ = writeln!(s);
        }
        s
    }
}

fn counts_line(label: &str, n: &Counts) -> String {
    format!(
        "{label:<4} cards {:>3}  mutants {:>5}  killed {:>5}  survived {:>4}  refused {:>4}  survivors {:.1}%",
        n.cards,
        n.mutants,
        n.killed,
        n.survived,
        n.refused,
        n.survivor_percent()
    )
}

fn table_head(s: &mut String, first: &str) {
    let _ = writeln!(
        s,
        "| {first} | cards | mutants | killed | survived | refused | survivors |\n|---|---:|---:|---:|---:|---:|---:|"
    );
}

fn table_row(s: &mut String, label: &str, n: &Counts) {
    let cards = if n.cards == 0 {
        String::new()
    } else {
        n.cards.to_string()
    };
    let _ = writeln!(
        s,
        "| {label} | {cards} | {} | {} | {} | {} | {:.1}% |",
        n.mutants,
        n.killed,
        n.survived,
        n.refused,
        n.survivor_percent()
    );
}
