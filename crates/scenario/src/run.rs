//! Running a scenario: actions, expectations, strictness, the report.

use crate::compile::{
    Action, CardCheck, Check, CheckKind, DecisionCheck, Place, Scenario, StepPlan, Where, ZoneCheck,
};
use crate::names::{prompt_key, OutcomeSpec};
use crate::ScenarioError;
use ponyccg_core::card::{CardDef, Colors};
use ponyccg_core::decision::Prompt;
use ponyccg_core::{Area, CardId, Event, Game, Outcome, Step, Viewer, WinReason, Zone};
use std::fmt;

/// One way the game did not do what the file expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub file: String,
    pub line: usize,
    /// 1-based number of the `[[step]]`, 0 for `[end]` and the start.
    pub step: usize,
    pub field: String,
    pub expected: String,
    pub found: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.step == 0 {
            String::new()
        } else {
            format!("step {}, ", self.step)
        };
        write!(
            f,
            "{}:{}: {at}`{}`\n    expected: {}\n    found:    {}",
            self.file, self.line, self.field, self.expected, self.found
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    Failed(Vec<Failure>),
    /// The file could not be read, understood or set up.
    Invalid(ScenarioError),
}

/// The result of running one scenario file.
#[derive(Clone, Debug)]
pub struct Report {
    pub file: String,
    pub name: Option<String>,
    pub verdict: Verdict,
    /// Every decision taken and every event, in order, as readable lines.
    pub trace: Vec<String>,
}

impl Report {
    pub(crate) fn invalid(e: ScenarioError) -> Report {
        Report {
            file: e.file.clone(),
            name: None,
            verdict: Verdict::Invalid(e),
            trace: Vec::new(),
        }
    }
    pub fn passed(&self) -> bool {
        self.verdict == Verdict::Passed
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.name.as_deref().unwrap_or("");
        match &self.verdict {
            Verdict::Passed => write!(f, "ok     {} ({name})", self.file),
            Verdict::Invalid(e) => write!(f, "ERROR  {e}"),
            Verdict::Failed(fs) => {
                write!(f, "FAILED {} ({name})", self.file)?;
                for x in fs {
                    write!(f, "\n  {x}")?;
                }
                Ok(())
            }
        }
    }
}

struct Runner<'a> {
    s: &'a Scenario,
    g: Game,
    trace: Vec<String>,
    /// Events since the last action began (for `happened`).
    recent: Vec<String>,
    /// The pending decision was matched by a `decision` expectation.
    decision_seen: bool,
    /// The finished game's outcome was matched by an `outcome` expectation.
    outcome_seen: bool,
}

fn number_eq(d: &CardDef, want: &CardDef) -> bool {
    d.number.eq_ignore_ascii_case(&want.number)
}

fn show(d: &CardDef) -> String {
    format!("{} \"{}\"", d.number, d.full_name())
}

fn show_list(g: &Game, cards: &[CardId]) -> String {
    if cards.is_empty() {
        return "nothing".into();
    }
    let v: Vec<String> = cards.iter().map(|&c| show(g.def(c))).collect();
    format!("[{}]", v.join(", "))
}

fn show_defs(d: &[CardDef]) -> String {
    if d.is_empty() {
        return "nothing".into();
    }
    let v: Vec<String> = d.iter().map(show).collect();
    format!("[{}]", v.join(", "))
}

fn show_colors(c: Colors) -> String {
    let v: Vec<&str> = c.iter().map(|x| x.name()).collect();
    if v.is_empty() {
        "no colour".into()
    } else {
        v.join(", ")
    }
}

fn show_outcome(o: Option<&Outcome>) -> String {
    match o {
        None => "ongoing".into(),
        Some(Outcome::Draw) => "draw".into(),
        Some(Outcome::Win { winner, reason }) => match reason {
            WinReason::Points => format!("{winner} wins by points"),
            WinReason::OpponentsLeft => format!("{winner} wins by concession"),
        },
    }
}

/// An area in expectations and failure messages (where a card is now).
fn show_area(g: &Game, a: Area) -> String {
    match a {
        Area::Home(p) => format!("{p}'s home"),
        Area::Problem(p) => format!("{p}'s Problem area"),
        // The Dilemma's name is kept even after it has left play (522.3).
        Area::Dilemma(d) => format!("the Dilemma area of \"{}\"", g.name(d)),
    }
}

fn show_where(g: &Game, c: CardId) -> String {
    let k = g.card(c);
    match (k.zone, k.area) {
        (Zone::Play, Some(a)) => show_area(g, a),
        (z, _) => format!("{}'s {}", k.owner, z.name()),
    }
}

impl<'a> Runner<'a> {
    fn fail(
        &self,
        step: &StepPlan,
        line: usize,
        field: &str,
        expected: String,
        found: String,
    ) -> Failure {
        Failure {
            file: self.s.file.clone(),
            line,
            step: step.index,
            field: field.to_string(),
            expected,
            found,
        }
    }

    fn drain(&mut self) {
        // The trace is for the scenario's author, who sees every card.
        for l in self.g.take_logged() {
            let line = l.observe(Viewer::Omniscient).text;
            self.trace.push(format!("  {line}"));
            self.recent.push(line);
        }
    }

    fn describe_decision(&self) -> String {
        match self.g.decision() {
            Some(d) => format!(
                "{} to decide ({:?}), offered {:?}",
                d.player,
                d.prompt,
                self.g.labels()
            ),
            None => format!(
                "no decision: the game is over ({})",
                show_outcome(self.g.outcome())
            ),
        }
    }

    fn act(&mut self, step: &StepPlan, line: usize, action: &Action) -> Result<(), Failure> {
        self.recent.clear();
        self.decision_seen = false;
        match action {
            Action::Choose { player, label } => {
                let d = match self.g.decision() {
                    Some(d) => d.clone(),
                    None => {
                        return Err(self.fail(
                            step,
                            line,
                            "choose",
                            format!("{player} to choose {label:?}"),
                            self.describe_decision(),
                        ))
                    }
                };
                if d.player != *player {
                    return Err(self.fail(
                        step,
                        line,
                        "player",
                        format!("a decision for {player} offering {label:?}"),
                        self.describe_decision(),
                    ));
                }
                let Some(i) = self.g.find_label(label) else {
                    return Err(self.fail(
                        step,
                        line,
                        "choose",
                        format!("{player} offered {label:?}"),
                        self.describe_decision(),
                    ));
                };
                let chosen = self.g.labels()[i].clone();
                self.trace.push(format!("{player} chooses: {chosen}"));
                if let Err(e) = self.g.apply_action(i) {
                    return Err(self.fail(
                        step,
                        line,
                        "choose",
                        format!("{label:?} accepted"),
                        e.to_string(),
                    ));
                }
                self.drain();
            }
            Action::Concede(p) => {
                if let Err(e) = self.g.concede(*p) {
                    return Err(self.fail(
                        step,
                        line,
                        "concede",
                        format!("{p} to concede"),
                        e.to_string(),
                    ));
                }
                self.trace.push(format!("{p} concedes"));
                self.drain();
            }
            Action::PassUntil { target, turn } => {
                let want = match turn {
                    Some(t) => format!("{} of turn {t}", target.name()),
                    None => target.name().to_string(),
                };
                let mut cur_turn = self.g.turn();
                let here =
                    |g: &Game, t: u32| target.matches(g.step()) && turn.is_none_or(|x| x == t);
                if here(&self.g, cur_turn) {
                    return Ok(());
                }
                for _ in 0..10_000 {
                    let d = match self.g.decision() {
                        Some(d) => d.clone(),
                        None => {
                            return Err(self.fail(
                                step,
                                line,
                                "pass_until",
                                format!("to reach the {want}"),
                                self.describe_decision(),
                            ))
                        }
                    };
                    let label = match d.prompt {
                        Prompt::Priority => "pass",
                        // Outside the Main Phase the same answer lets that phase go on.
                        Prompt::PhaseAction if self.g.step() == Step::Main => "end the Main Phase",
                        Prompt::PhaseAction => "let the phase go on",
                        _ => {
                            return Err(self.fail(
                                step,
                                line,
                                "pass_until",
                                format!(
                                "only priority and phase-action decisions on the way to the {want}"
                            ),
                                self.describe_decision(),
                            ))
                        }
                    };
                    let Some(i) = self.g.find_label(label) else {
                        return Err(self.fail(
                            step,
                            line,
                            "pass_until",
                            format!("{label:?} offered on the way to the {want}"),
                            self.describe_decision(),
                        ));
                    };
                    self.trace.push(format!("{}: {label}", d.player));
                    self.g.apply_action(i).map_err(|e| {
                        self.fail(step, line, "pass_until", label.to_string(), e.to_string())
                    })?;
                    let mut reached = false;
                    for l in self.g.take_logged() {
                        let e = &l.event;
                        match e {
                            Event::TurnBegan { turn: t, .. } => cur_turn = *t,
                            Event::StepBegan(s)
                                if target.matches(*s) && turn.is_none_or(|x| x == cur_turn) =>
                            {
                                reached = true
                            }
                            _ => {}
                        }
                        let line = l.observe(Viewer::Omniscient).text;
                        self.trace.push(format!("  {line}"));
                        self.recent.push(line);
                    }
                    if reached || here(&self.g, self.g.turn()) {
                        return Ok(());
                    }
                }
                return Err(self.fail(
                    step,
                    line,
                    "pass_until",
                    format!("to reach the {want}"),
                    "still passing after 10000 decisions".into(),
                ));
            }
        }
        Ok(())
    }

    fn check(&mut self, step: &StepPlan, c: &Check) -> Option<Failure> {
        let (file, index, line, field) = (self.s.file.clone(), step.index, c.line, c.field);
        let bad = |expected: String, found: String| {
            Some(Failure {
                file: file.clone(),
                line,
                step: index,
                field: field.to_string(),
                expected,
                found,
            })
        };
        let g = &self.g;
        match &c.kind {
            CheckKind::Score(p, n) => {
                let got = g.score(*p);
                if got != *n {
                    return bad(
                        format!("{p} has {n} points"),
                        format!("{p} has {got} points"),
                    );
                }
            }
            CheckKind::Tokens(p, n) => {
                let got = g.tokens(*p);
                if got != *n {
                    return bad(
                        format!("{p} has {n} action tokens"),
                        format!("{p} has {got} action tokens"),
                    );
                }
            }
            CheckKind::Now(t) => {
                if !t.matches(g.step()) {
                    return bad(
                        format!("the game in the {}", t.name()),
                        format!("the game in the {}", g.step().name()),
                    );
                }
            }
            CheckKind::Turn(n) => {
                if g.turn() != *n {
                    return bad(format!("turn {n}"), format!("turn {}", g.turn()));
                }
            }
            CheckKind::TurnPlayer(p) => {
                if g.turn_player() != *p {
                    return bad(format!("{p}'s turn"), format!("{}'s turn", g.turn_player()));
                }
            }
            CheckKind::Outcome(o) => {
                let ok = match (o, g.outcome()) {
                    (OutcomeSpec::Ongoing, None) => true,
                    (OutcomeSpec::Draw, Some(Outcome::Draw)) => true,
                    (OutcomeSpec::Win(p, r), Some(Outcome::Win { winner, reason })) => {
                        p == winner && r.is_none_or(|r| r == *reason)
                    }
                    _ => false,
                };
                let want = match o {
                    OutcomeSpec::Ongoing => "ongoing".to_string(),
                    OutcomeSpec::Draw => "draw".to_string(),
                    OutcomeSpec::Win(p, None) => format!("{p} wins"),
                    OutcomeSpec::Win(p, Some(WinReason::Points)) => format!("{p} wins by points"),
                    OutcomeSpec::Win(p, Some(_)) => format!("{p} wins by concession"),
                };
                if !ok {
                    return bad(want, show_outcome(g.outcome()));
                }
                if g.outcome().is_some() {
                    self.outcome_seen = true;
                }
            }
            CheckKind::Decision(d) => match self.check_decision(d) {
                Ok(()) => self.decision_seen = true,
                Err((e, f)) => return bad(e, f),
            },
            CheckKind::Problem(p, want) => {
                let want_s = format!("{} at {p}'s Problem area", show(want));
                match g.problem_at(Area::Problem(*p)) {
                    Some(c) if number_eq(g.def(c), want) => {}
                    Some(c) => return bad(want_s, show(g.def(c))),
                    None => return bad(want_s, "no Problem".into()),
                }
            }
            CheckKind::Cards(z) => {
                if let Err((e, f)) = self.check_zone(z) {
                    return bad(e, f);
                }
            }
            CheckKind::Card(cc) => {
                if let Err((e, f)) = self.check_card(cc) {
                    return bad(e, f);
                }
            }
            CheckKind::Happened(text) => {
                let t = text.to_lowercase();
                if !self.recent.iter().any(|l| l.to_lowercase().contains(&t)) {
                    return bad(
                        format!("an event matching {text:?} since the last action"),
                        self.recent_text(),
                    );
                }
            }
            CheckKind::NotHappened(text) => {
                let t = text.to_lowercase();
                if let Some(l) = self.recent.iter().find(|l| l.to_lowercase().contains(&t)) {
                    return bad(
                        format!("no event matching {text:?} since the last action"),
                        l.clone(),
                    );
                }
            }
        }
        None
    }

    fn recent_text(&self) -> String {
        if self.recent.is_empty() {
            "no events".into()
        } else {
            self.recent.join("; ")
        }
    }

    fn check_decision(&self, d: &DecisionCheck) -> Result<(), (String, String)> {
        let Some(dec) = self.g.decision() else {
            return Err(("a pending decision".into(), self.describe_decision()));
        };
        let labels = self.g.labels();
        if let Some(p) = d.player {
            if dec.player != p {
                return Err((format!("a decision for {p}"), self.describe_decision()));
            }
        }
        if let Some(pr) = &d.prompt {
            if prompt_key(&format!("{:?}", dec.prompt)) != prompt_key(pr) {
                return Err((format!("the prompt {pr:?}"), self.describe_decision()));
            }
        }
        let has = |l: &str| labels.iter().any(|x| x.eq_ignore_ascii_case(l.trim()));
        for l in &d.offers {
            if !has(l) {
                return Err((format!("{l:?} offered"), self.describe_decision()));
            }
        }
        for l in &d.lacks {
            if has(l) {
                return Err((format!("{l:?} not offered"), self.describe_decision()));
            }
        }
        if let Some(want) = &d.labels {
            let mut a: Vec<String> = want.iter().map(|x| x.trim().to_lowercase()).collect();
            let mut b: Vec<String> = labels.iter().map(|x| x.to_lowercase()).collect();
            a.sort();
            b.sort();
            if a != b {
                return Err((
                    format!("exactly the choices {want:?}"),
                    self.describe_decision(),
                ));
            }
        }
        Ok(())
    }

    fn place_cards(&self, place: &Place) -> (String, Vec<CardId>, bool) {
        let g = &self.g;
        match place {
            Place::Zone(p, z) => {
                let mut v = g.zone(*p, *z);
                let ordered = matches!(z, Zone::DrawDeck | Zone::ProblemDeck);
                if ordered {
                    v.reverse(); // top first
                }
                (format!("{p}'s {}", z.name()), v, ordered)
            }
            Place::Area(a, who) => {
                let v: Vec<CardId> = g
                    .at(*a)
                    .filter(|&c| Some(c) != g.problem_at(*a))
                    .filter(|&c| who.is_none_or(|p| g.card(c).controller == p))
                    .collect();
                let name = match who {
                    Some(p) => format!("{p}'s cards at {}", show_area(g, *a)),
                    None => format!("the cards at {}", show_area(g, *a)),
                };
                (name, v, false)
            }
            Place::Dilemma(d, who) => {
                let v: Vec<CardId> = match self.dilemma_area(d) {
                    Some(a) => g
                        .at(a)
                        .filter(|&c| Some(c) != g.problem_at(a))
                        .filter(|&c| who.is_none_or(|p| g.card(c).controller == p))
                        .collect(),
                    None => Vec::new(),
                };
                (format!("the cards at the area of Dilemma {d}"), v, false)
            }
        }
    }

    /// The area of the Dilemma in play with `d`'s number (522.2), if there is one.
    fn dilemma_area(&self, number: &str) -> Option<Area> {
        let g = &self.g;
        g.problem_areas().find(|&a| {
            matches!(a, Area::Dilemma(_))
                && g.problem_at(a)
                    .is_some_and(|c| g.def(c).number.eq_ignore_ascii_case(number))
        })
    }

    fn check_zone(&self, z: &ZoneCheck) -> Result<(), (String, String)> {
        let g = &self.g;
        let (name, cards, _) = self.place_cards(&z.place);
        let found = || format!("{name}: {}", show_list(g, &cards));
        if let Some(n) = z.count {
            if cards.len() != n {
                return Err((format!("{n} cards in {name}"), found()));
            }
        }
        if let Some(want) = &z.order {
            let ok = want.len() == cards.len()
                && want
                    .iter()
                    .zip(&cards)
                    .all(|(w, &c)| number_eq(g.def(c), w));
            if !ok {
                return Err((
                    format!("{name} in this order: {}", show_defs(want)),
                    found(),
                ));
            }
        }
        if let Some(want) = &z.exactly {
            let mut left: Vec<CardId> = cards.clone();
            let mut ok = true;
            for w in want {
                match left.iter().position(|&c| number_eq(g.def(c), w)) {
                    Some(i) => {
                        left.remove(i);
                    }
                    None => ok = false,
                }
            }
            if !ok || !left.is_empty() {
                return Err((format!("{name}: exactly {}", show_defs(want)), found()));
            }
        }
        let mut left: Vec<CardId> = cards.clone();
        for w in &z.contains {
            match left.iter().position(|&c| number_eq(g.def(c), w)) {
                Some(i) => {
                    left.remove(i);
                }
                None => return Err((format!("{name} containing {}", show(w)), found())),
            }
        }
        for w in &z.lacks {
            if cards.iter().any(|&c| number_eq(g.def(c), w)) {
                return Err((format!("{name} without {}", show(w)), found()));
            }
        }
        Ok(())
    }

    fn is_in(&self, c: CardId, w: &Where) -> bool {
        let k = self.g.card(c);
        match w {
            Where::Zone(z) => k.zone == *z,
            Where::Area(a) => k.zone == Zone::Play && k.area == Some(*a),
            Where::AnyHome => k.zone == Zone::Play && k.area == Some(Area::Home(k.controller)),
            Where::Dilemma(d) => {
                k.zone == Zone::Play && k.area.is_some() && k.area == self.dilemma_area(d)
            }
        }
    }

    fn check_card(&self, cc: &CardCheck) -> Result<(), (String, String)> {
        let g = &self.g;
        let matching: Vec<CardId> = (0..g.num_cards())
            .map(|i| CardId(i as u16))
            .filter(|&c| number_eq(g.def(c), &cc.card))
            // A token that ceased to exist (521.3) is no card any more.
            .filter(|&c| g.card(c).zone != Zone::Gone)
            .filter(|&c| cc.owner.is_none_or(|p| g.card(c).owner == p))
            .filter(|&c| cc.within.as_ref().is_none_or(|w| self.is_in(c, w)))
            .collect();
        let what = show(&cc.card);
        if matching.is_empty() {
            let anywhere: Vec<CardId> = (0..g.num_cards())
                .map(|i| CardId(i as u16))
                .filter(|&c| number_eq(g.def(c), &cc.card))
                .collect();
            let places: Vec<String> = anywhere.iter().map(|&c| show_where(g, c)).collect();
            return Err((
                format!("a copy of {what} matching the check's player and `in`"),
                if places.is_empty() {
                    "no copy in the game".into()
                } else {
                    format!("copies at: {}", places.join("; "))
                },
            ));
        }
        for c in matching {
            let k = g.card(c);
            let mine = format!("{what} ({})", show_where(g, c));
            let flag =
                |name: &str, want: Option<bool>, got: bool| -> Result<(), (String, String)> {
                    match want {
                        Some(w) if w != got => Err((
                            format!("{mine} {}{name}", if w { "" } else { "not " }),
                            format!("{}{name}", if got { "" } else { "not " }),
                        )),
                        _ => Ok(()),
                    }
                };
            if let Some(z) = cc.zone {
                if k.zone != z {
                    return Err((format!("{what} in the {}", z.name()), show_where(g, c)));
                }
            }
            if let Some(w) = &cc.area {
                if !self.is_in(c, w) {
                    let want = match w {
                        Where::Zone(z) => format!("the {}", z.name()),
                        Where::Area(a) => show_area(g, *a),
                        Where::AnyHome => "its controller's home".into(),
                        Where::Dilemma(d) => format!("the area of Dilemma {d}"),
                    };
                    return Err((format!("{what} at {want}"), show_where(g, c)));
                }
            }
            if let Some(p) = cc.power {
                let got = g.power(c);
                if got != p {
                    let s =
                        |x: Option<i16>| x.map_or("no power".to_string(), |v| format!("power {v}"));
                    return Err((format!("{mine} with {}", s(p)), s(got)));
                }
            }
            if let Some(col) = cc.colors {
                let got = g.colors(c);
                if got != col {
                    return Err((
                        format!("{mine} with {}", show_colors(col)),
                        show_colors(got),
                    ));
                }
            }
            if let Some(t) = &cc.traits {
                let mut a: Vec<String> = t.iter().map(|x| x.to_lowercase()).collect();
                let mut b: Vec<String> = g
                    .current_traits(c)
                    .iter()
                    .map(|x| x.to_lowercase())
                    .collect();
                a.sort();
                b.sort();
                if a != b {
                    return Err((
                        format!("{mine} with traits {t:?}"),
                        format!("{:?}", g.current_traits(c)),
                    ));
                }
            }
            flag("exhausted", cc.exhausted, k.is_exhausted())?;
            flag("ready", cc.ready, k.is_ready())?;
            flag("frightened", cc.frightened, k.frightened)?;
            flag("face-down", cc.face_down, k.face_down)?;
            flag("boosted", cc.boosted, k.boosted)?;
            if let Some(n) = cc.counters {
                if k.power_counters != n {
                    return Err((
                        format!("{mine} with {n} power counters"),
                        format!("{}", k.power_counters),
                    ));
                }
            }
            for (name, &n) in cc.named.iter().flatten() {
                let got = g.counters_named(c, name);
                if got != n {
                    return Err((format!("{mine} with {n} {name} counters"), format!("{got}")));
                }
            }
            if let Some(h) = &cc.host {
                let ok = k.host.is_some_and(|x| number_eq(g.def(x), h));
                if !ok {
                    return Err((
                        format!("{mine} attached to {}", show(h)),
                        match k.host {
                            Some(x) => format!("attached to {}", show(g.def(x))),
                            None => "not attached".into(),
                        },
                    ));
                }
            }
        }
        Ok(())
    }

    fn run_step(&mut self, step: &StepPlan) -> Result<(), Vec<Failure>> {
        if let Some((line, a)) = &step.action {
            self.act(step, *line, a).map_err(|f| vec![f])?;
        }
        let mut fails = Vec::new();
        for c in &step.checks {
            if let Some(f) = self.check(step, c) {
                fails.push(f);
            }
        }
        if fails.is_empty() {
            Ok(())
        } else {
            Err(fails)
        }
    }
}

impl Scenario {
    /// Runs the scenario and reports.
    pub fn run(&self) -> Report {
        let mut report = Report {
            file: self.file.clone(),
            name: Some(self.name.clone()),
            verdict: Verdict::Passed,
            trace: Vec::new(),
        };
        let mut g = match self.build() {
            Ok(g) => g,
            Err(e) => {
                report.verdict = Verdict::Invalid(e);
                return report;
            }
        };
        let mut r = Runner {
            s: self,
            trace: Vec::new(),
            recent: Vec::new(),
            decision_seen: false,
            outcome_seen: false,
            g: {
                // Events of placing the cards come first; the game's own begin after them.
                let events = g.take_logged();
                let skip = events
                    .iter()
                    .take_while(|l| matches!(l.event, Event::EnteredPlay { .. }))
                    .count();
                let mut lines = Vec::new();
                for l in &events[skip..] {
                    lines.push(l.observe(Viewer::Omniscient).text);
                }
                report.trace.push(format!(
                    "start: turn {} ({}) at {:?}; the game runs to its first decision",
                    self.turn.number, self.turn.player, self.turn.start
                ));
                report.trace.extend(lines.iter().map(|l| format!("  {l}")));
                g
            },
        };
        r.trace = std::mem::take(&mut report.trace);
        r.recent = r
            .trace
            .iter()
            .skip(1)
            .map(|l| l.trim().to_string())
            .collect();
        let mut result = Ok(());
        for step in &self.steps {
            if let Err(f) = r.run_step(step) {
                result = Err(f);
                break;
            }
        }
        if result.is_ok() {
            result = r.run_step(&self.end);
        }
        if result.is_ok() {
            result = r.strict_end();
        }
        report.trace = r.trace;
        if let Err(f) = result {
            report.verdict = Verdict::Failed(f);
        }
        report
    }
}

impl Runner<'_> {
    /// Strict mode: the file must have expected where the game stands at the end.
    fn strict_end(&self) -> Result<(), Vec<Failure>> {
        let line = if self.s.end.line > 0 {
            self.s.end.line
        } else {
            self.s.steps.last().map_or(self.s.turn.line, |s| s.line)
        };
        let at_end = StepPlan {
            index: 0,
            line,
            action: None,
            checks: Vec::new(),
        };
        if self.g.is_over() {
            if !self.outcome_seen {
                return Err(vec![self.fail(
                    &at_end,
                    line,
                    "outcome",
                    "the game's end to be expected (add `outcome = ...` to the last step or [end])"
                        .into(),
                    format!("the game ended: {}", show_outcome(self.g.outcome())),
                )]);
            }
            return Ok(());
        }
        if !self.decision_seen && !self.s.allow_pending {
            return Err(vec![self.fail(
                &at_end,
                line,
                "decision",
                "every decision to be answered or expected (expect it with `decision = {...}`, or set [end] allow_pending = true)".into(),
                self.describe_decision(),
            )]);
        }
        Ok(())
    }
}
