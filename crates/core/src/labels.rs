//! Stable, human-readable labels for choices, so tests, scenario files and people can
//! name a choice instead of an index.

use crate::decision::{Choice, Decision, Prompt};
use crate::game::Game;
use crate::ids::{Area, CardId};

impl Game {
    /// How an area is named in labels: "home", or the Problem's name (with its owner when
    /// two Problems in play share a name).
    pub fn area_label(&self, area: Area) -> String {
        match area {
            Area::Home(p) => {
                if self.decision().is_some_and(|d| d.player == p) || self.num_players() == 1 {
                    "home".to_string()
                } else {
                    format!("{p}'s home")
                }
            }
            Area::Dilemma(d) => {
                let name = self.def(d).full_name();
                let clash = self.problem_areas().any(|a| {
                    a != area
                        && self
                            .problem_at(a)
                            .is_some_and(|o| self.def(o).full_name() == name)
                });
                match self.area_owner(area) {
                    Some(p) if clash => format!("\"{name}\" ({p}'s Dilemma)"),
                    _ => format!("\"{name}\""),
                }
            }
            Area::Problem(p) => match self.problem_at(area) {
                Some(pr) => {
                    let name = self.def(pr).full_name();
                    let clash = self.problem_areas().any(|a| {
                        a != area
                            && self
                                .problem_at(a)
                                .is_some_and(|o| self.def(o).full_name() == name)
                    });
                    if clash {
                        format!("\"{name}\" ({p})")
                    } else {
                        format!("\"{name}\"")
                    }
                }
                None => format!("{p}'s Problem"),
            },
        }
    }

    /// " from <area>" for a card in play, so two copies at different areas read apart.
    fn at_label(&self, c: CardId) -> String {
        self.card(c)
            .area
            .map(|a| format!(" from {}", self.area_label(a)))
            .unwrap_or_default()
    }

    fn quoted(&self, c: CardId) -> String {
        format!("\"{}\"", self.name(c))
    }

    /// A card being played, named with where it is played from when that is not a hand
    /// (`rules/zones.rs`), so the same card in two places gets two labels.
    fn played(&self, c: CardId) -> String {
        let from = match self.card(c).zone {
            crate::ids::Zone::Discard => " from the discard pile",
            crate::ids::Zone::Banished => " from the banished zone",
            _ => "",
        };
        format!("{}{from}", self.quoted(c))
    }

    /// The label of one choice of a decision.
    pub fn label(&self, prompt: &Prompt, choice: &Choice) -> String {
        match *choice {
            Choice::Pass => "pass".into(),
            Choice::Continue => match prompt {
                Prompt::Challenge => "no more challenges".into(),
                Prompt::AsEntersPlay => "no more colours".into(),
                Prompt::PhaseAction if self.st.step != crate::state::Step::Main => {
                    "let the phase go on".into()
                }
                _ => "end the Main Phase".into(),
            },
            Choice::StartingProblem(c) => format!("start with {}", self.quoted(c)),
            Choice::Mulligan => "mulligan".into(),
            Choice::Keep => "keep".into(),
            Choice::PlayFriend { card, to } => {
                format!("play {} to {}", self.played(card), self.area_label(to))
            }
            Choice::PlayTimed { card, to } => format!(
                "play {} to {} by its timing",
                self.played(card),
                self.area_label(to)
            ),
            Choice::PlayRedeemed { card, to, retire } => format!(
                "play {} to {}, retiring {}{}",
                self.quoted(card),
                self.area_label(to),
                self.quoted(retire),
                self.at_label(retire)
            ),
            Choice::PlayTransformed {
                card,
                to,
                returning,
            } => format!(
                "play {} to {} for its Transform cost, returning {}{} to hand",
                self.quoted(card),
                self.area_label(to),
                self.quoted(returning),
                self.at_label(returning)
            ),
            Choice::PlayOn { card, host } => {
                let at = self
                    .card(host)
                    .area
                    .map(|a| format!(" at {}", self.area_label(a)))
                    .unwrap_or_default();
                format!("play {} on {}{at}", self.played(card), self.quoted(host))
            }
            Choice::PlayResource { card } | Choice::PlayEvent { card } => {
                format!("play {}", self.played(card))
            }
            Choice::PlayTroublemaker { card, to } => format!(
                "play {} face-down to {}",
                self.played(card),
                self.area_label(to)
            ),
            Choice::Move { card, to } => {
                let from = self
                    .card(card)
                    .area
                    .map(|a| self.area_label(a))
                    .unwrap_or_default();
                format!(
                    "move {} from {} to {}",
                    self.quoted(card),
                    from,
                    self.area_label(to)
                )
            }
            Choice::Draw => "draw a card".into(),
            Choice::Color(c) => format!("{c}"),
            Choice::CardType(t) => t.name().into(),
            Choice::Mode(i) => self.mode_name(i),
            Choice::Name(c) => format!("name {}", self.quoted(c)),
            Choice::StaticFirst { card, index } => format!(
                "{}'s ability {} applies first",
                self.quoted(card),
                index + 1
            ),
            Choice::Rally { card } => format!("rally {}", self.quoted(card)),
            Choice::Uncover(c) => format!("uncover {}", self.quoted(c)),
            Choice::Challenge(c) => {
                let at = self
                    .card(c)
                    .area
                    .map(|a| self.area_label(a))
                    .unwrap_or_default();
                format!("challenge {} at {}", self.quoted(c), at)
            }
            Choice::Confront(a) => format!("confront {}", self.area_label(a)),
            Choice::Activate { card, index } => {
                if self.card(card).zone == crate::ids::Zone::Play {
                    let n = self
                        .abilities(card)
                        .iter()
                        .filter(|a| {
                            matches!(
                                a,
                                crate::ability::Ability::Activated { .. }
                                    | crate::ability::Ability::ActivatedByAny { .. }
                            )
                        })
                        .count();
                    if n > 1 {
                        format!("use {} ({})", self.quoted(card), index + 1)
                    } else {
                        format!("use {}", self.quoted(card))
                    }
                } else {
                    format!("play {}", self.played(card))
                }
            }
            Choice::Trigger(c) => format!("resolve {} first", self.quoted(c)),
            Choice::Yes => "yes".into(),
            Choice::No => "no".into(),
            Choice::NoCard if *prompt == Prompt::Pick && self.picked_some() => "done".into(),
            Choice::NoCard => "none".into(),
            Choice::Problem(a) => format!("choose {}", self.area_label(a)),
            Choice::ToTop(c) => format!("put {} on top", self.quoted(c)),
            Choice::ToBottom(c) => format!("put {} on the bottom", self.quoted(c)),
            Choice::Replacement { card, index } => {
                format!(
                    "{} by {}",
                    self.replacement_words(card, index),
                    self.quoted(card)
                )
            }
            Choice::Card(c) => {
                let verb = match prompt {
                    Prompt::SendHome => "send home",
                    Prompt::DiscardToHandSize => "discard",
                    Prompt::RetireToHomeLimit => "retire",
                    Prompt::RepairUniqueness => "dismiss",
                    Prompt::Discard => "discard",
                    _ => "choose",
                };
                let at = self
                    .card(c)
                    .area
                    .map(|a| format!(" at {}", self.area_label(a)))
                    .unwrap_or_default();
                // 505.1d: a face-down Troublemaker is named only to those who may see it.
                // (A searcher sees the cards of the deck they search, 518.)
                let hidden = self.card(c).zone == crate::ids::Zone::Play
                    && self
                        .decision()
                        .is_some_and(|d| !self.is_visible_to(c, d.player));
                let name = if hidden {
                    "a face-down Troublemaker".to_string()
                } else {
                    self.quoted(c)
                };
                format!("{verb} {name}{at}")
            }
        }
    }

    /// Whether the effect being followed has chosen a card already for its current
    /// one-at-a-time choice (so "no more" reads "done", not "none").
    fn picked_some(&self) -> bool {
        matches!(self.st.frames.last(), Some(crate::flow::Frame::Resolve(r)) if !r.sel.picking.is_empty())
    }

    /// The name of mode `i` of the modal instruction the effect being followed is at.
    fn mode_name(&self, i: u8) -> String {
        if let Some(crate::flow::Frame::Resolve(r)) = self.st.frames.last() {
            if let Some(crate::ability::Effect::Modes { modes, .. }) =
                r.effects.get(r.next as usize)
            {
                if let Some(m) = modes.get(i as usize) {
                    return format!("choose {}", m.name);
                }
            }
            // The kinds of counters on the card `Effect::ChooseCounter` chose.
            if let (Some(crate::ability::Effect::ChooseCounter(_)), Some(c)) =
                (r.effects.get(r.next as usize), r.chosen)
            {
                if let Some(k) = self.counter_kinds(c).get(i as usize) {
                    return format!("choose a {} counter", k.as_deref().unwrap_or("+1 power"));
                }
            }
        }
        format!("choose mode {}", i + 1)
    }

    /// The card whose ability or effect asks the pending decision, if one does: the
    /// effect being followed (705.2f, a "may" of 712.3), the replacement modifier
    /// waiting for its controller's answer, or the card entering play (706.1a). A
    /// decision the rules themselves ask (priority, a Main Phase action) has none.
    pub fn asking_card(&self) -> Option<CardId> {
        self.decision()?;
        match self.st.frames.last()? {
            crate::flow::Frame::Resolve(r) => Some(r.ctx.source),
            crate::flow::Frame::Replace(r) => r.asking.map(|rid| rid.source),
            crate::flow::Frame::Enter(e) => Some(e.entering_card()),
            crate::flow::Frame::Faceoff(crate::flow::FaceoffStage::FlipChoice) => {
                self.flip_choice_card()
            }
            crate::flow::Frame::StartingProblems { .. }
            | crate::flow::Frame::Mulligans { .. }
            | crate::flow::Frame::Turn(_)
            | crate::flow::Frame::Window { .. }
            | crate::flow::Frame::PhaseAction
            | crate::flow::Frame::Uncover
            | crate::flow::Frame::Challenge { .. }
            | crate::flow::Frame::ConfrontOrder { .. }
            | crate::flow::Frame::Confront(_)
            | crate::flow::Frame::Contributors { .. }
            | crate::flow::Frame::Faceoff(_)
            | crate::flow::Frame::SendHome { .. }
            | crate::flow::Frame::WrapUpHand
            | crate::flow::Frame::WrapUpHome
            | crate::flow::Frame::Uniqueness
            | crate::flow::Frame::TriggerWave(_)
            | crate::flow::Frame::ActionDone(_) => None,
        }
    }

    /// The labels of the pending decision, in choice order.
    pub fn labels(&self) -> Vec<String> {
        match self.decision() {
            Some(d) => self.labels_of(d),
            None => Vec::new(),
        }
    }

    /// The labels of a decision's choices, each different: a choice that would read like
    /// an earlier one (two copies of a card told apart only by what they carry) says what
    /// sets its card apart, or which copy of the same reading it is ("(copy 2)"),
    /// counted among its identical neighbours only, so the label does not change when
    /// other choices come and go.
    pub fn labels_of(&self, d: &Decision) -> Vec<String> {
        let mut out: Vec<String> = Vec::with_capacity(d.choices.len());
        for c in &d.choices {
            let mut l = self.label(&d.prompt, c);
            if out.contains(&l) {
                if let Some(k) = c.card() {
                    l.push_str(&self.apart(k));
                }
                if out.contains(&l) {
                    let base = l.clone();
                    let mut n = 2;
                    while out.contains(&l) {
                        l = format!("{base} (copy {n})");
                        n += 1;
                    }
                }
            }
            out.push(l);
        }
        out
    }

    /// What tells a card apart from another copy in the same place and state.
    fn apart(&self, c: CardId) -> String {
        let attached: Vec<String> = self
            .attachments(c)
            .into_iter()
            .map(|a| self.quoted(a))
            .collect();
        match (self.card(c).token, attached.is_empty()) {
            (true, true) => " (token)".into(),
            (true, false) => format!(" (token, with {} attached)", attached.join(", ")),
            (false, false) => format!(" (with {} attached)", attached.join(", ")),
            (false, true) => String::new(),
        }
    }

    /// The index of the pending choice with this label (case-insensitive).
    pub fn find_label(&self, label: &str) -> Option<usize> {
        let want = label.trim();
        self.labels()
            .iter()
            .position(|l| l.eq_ignore_ascii_case(want))
    }
}
