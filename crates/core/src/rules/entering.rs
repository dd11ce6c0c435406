//! 706.1: putting a card into play, in its four steps. A card with "as this card enters
//! play" abilities (706.1a) or with static abilities whose order its controller chooses
//! (711.6) can't enter at once: its controller decides first. Such an entry waits in the
//! same queue as occurrences waiting for a replacement choice (`rules/replace.rs`), so
//! it happens in its place among them and before the next frame runs, and then becomes
//! a [`Frame::Enter`].
//!
//! - 706.1a: the abilities are found once, as the entry starts (one gained meanwhile is
//!   not applied), then applied in order; the choices are kept in an [`Entered`] record.
//! - 706.1b: "enters play with counters".
//! - 706.1c: the card's static abilities start; when two or more of them depend on each
//!   other, they start at the same moment and the controller orders them (711.6).
//! - 706.1d: the card is put into play and its entry is logged, which triggers "when …
//!   enters play"; then what the entry was part of goes on (a played card's 705.2g).

use crate::ability::trigger::Ctx;
use crate::ability::{Ability, CardKind, Cards, Entry, Place};
use crate::card::{Color, Colors};
use crate::decision::{Choice, Decision, Prompt};
use crate::flow::Frame;
use crate::game::Game;
use crate::ids::{Area, CardId, DefId, PlayerId, Zone};
use crate::rules::layers::{is_characteristic, reads_static, writes};
use crate::rules::occurrence::Occurrence;
use crate::rules::replace::Settling;

/// What a card's entry decided, kept while it is in play and afterwards until it enters
/// play again (its leave-play abilities may read what it named).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Entered {
    pub card: CardId,
    /// The colours it is instead of its printed ones (`Entry::Colors`, `RevealedColors`).
    pub colors: Option<Colors>,
    /// A card whose name was named (`Entry::Name`).
    pub name: Option<CardId>,
    /// 520.3: the card's own definition while it is a copy of another.
    pub own: Option<DefId>,
    /// 711.6: the order its controller gave its interdependent static abilities.
    pub statics: Vec<u8>,
    /// The card whose printed abilities it has (`Entry::AbilitiesOf`).
    pub abilities_of: Option<CardId>,
}

/// What the entry is part of, done once the card is in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Then {
    /// Put into play without being played.
    Nothing,
    /// 509.2, 705.2g: attach it to its host, and it has been played by `player`; an
    /// effect may have it played frightened.
    Played {
        player: PlayerId,
        host: Option<CardId>,
        frightened: bool,
    },
    /// 509.2: put into play attached to its host, without being played (AD112).
    Attached { host: CardId },
}

/// A card on its way into play while its controller makes its entry choices.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Entering {
    card: CardId,
    at: Area,
    face_down: bool,
    then: Then,
    /// 706.1a: its "as this enters play" abilities, found as the entry started.
    todo: Vec<Entry>,
    /// How many of `todo` have been applied.
    done: u8,
    /// Colours picked so far for an `Entry::Colors` allowing several.
    picked: Colors,
    /// +1 power counters it enters with, and whether it enters exhausted (706.1b).
    counters: i16,
    exhausted: bool,
    /// 711.6: whether its static abilities have been ordered.
    ordered: bool,
}

/// One step of an entry: finished, a question, or waiting for a queued occurrence.
enum Step {
    Done,
    Ask(PlayerId, Vec<Choice>),
    Wait,
}

impl Entering {
    /// The card entering play (the one asking its entry choices).
    pub(crate) fn entering_card(&self) -> CardId {
        self.card
    }
}

impl Game {
    /// 706.1: puts `card` into play at `at`, then does `then`. When its controller has
    /// choices to make first, the entry is queued (see the module notes) and happens
    /// before the next frame runs; a frame calling this should not read the card's new
    /// state straight after.
    pub(crate) fn enter(&mut self, card: CardId, at: Area, face_down: bool, then: Then) {
        let todo: Vec<Entry> = if face_down {
            Vec::new()
        } else {
            self.abilities(card)
                .iter()
                .filter_map(|a| match a {
                    Ability::AsEntersPlay(e) => Some(e.clone()),
                    _ => None,
                })
                .collect()
        };
        let mut e = Entering {
            card,
            at,
            face_down,
            then,
            todo,
            done: 0,
            picked: Colors::NONE,
            counters: 0,
            exhausted: false,
            ordered: false,
        };
        self.forget_entry(card);
        if self.st.replacing.is_empty() {
            if let Step::Done = self.entry_step(&mut e, None) {
                return;
            }
        }
        self.st.replacing.push(Settling::Enter(Box::new(e)));
    }

    /// The frame of an entry waiting for its controller's choices.
    pub(crate) fn entry_frame(
        &mut self,
        mut e: Box<Entering>,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        match self.entry_step(&mut e, answer) {
            Step::Done => None,
            Step::Ask(p, choices) => self.ask(Frame::Enter(e), p, Prompt::AsEntersPlay, choices),
            Step::Wait => {
                self.push(Frame::Enter(e));
                None
            }
        }
    }

    /// Applies what can be applied; stops at the first question.
    fn entry_step(&mut self, e: &mut Entering, mut answer: Option<Choice>) -> Step {
        let card = e.card;
        let you = self.card(card).controller;
        while (e.done as usize) < e.todo.len() {
            let entry = e.todo[e.done as usize].clone();
            match self.apply_entry(e, &entry, answer.take(), you) {
                Step::Done => e.done += 1,
                other => return other,
            }
        }
        if !e.ordered {
            if let Some(Choice::StaticFirst { card: c, index }) = answer.take() {
                if c == card {
                    self.entered_mut(card).statics.push(index);
                }
            }
            let left: Vec<u8> = self
                .interdependent_statics(card)
                .into_iter()
                .filter(|i| self.entered(card).is_none_or(|r| !r.statics.contains(i)))
                .collect();
            if left.len() >= 2 {
                let choices = left
                    .into_iter()
                    .map(|index| Choice::StaticFirst { card, index })
                    .collect();
                return Step::Ask(you, choices);
            }
            e.ordered = true;
        }
        self.perform(Occurrence::EnterPlay {
            card,
            at: e.at,
            face_down: e.face_down,
        });
        // An entry that could not happen (the card went elsewhere while its choices were
        // made) finishes nothing either, and a copy it was to be is undone (520.3).
        if self.card(card).zone != Zone::Play {
            self.left_play_as_copy(card);
            return Step::Done;
        }
        if e.counters != 0 || e.exhausted {
            let k = self.card_mut(card);
            k.power_counters = k.power_counters.saturating_add(e.counters);
            if e.exhausted {
                k.exhaustion = 1;
            }
        }
        match e.then {
            Then::Nothing => {}
            Then::Attached { host } => self.card_mut(card).host = Some(host),
            Then::Played {
                player,
                host,
                frightened,
            } => {
                // 509.2: an attachment enters play attached to its host.
                if host.is_some() {
                    self.card_mut(card).host = host;
                }
                // 705.2g: "when you play" triggers once the card has entered play.
                self.log(crate::event::Event::Played { player, card });
                if frightened {
                    self.perform(Occurrence::Frighten(card));
                }
            }
        }
        Step::Done
    }

    /// 706.1a-b: one "as this enters play" ability, with the answer to its question.
    fn apply_entry(
        &mut self,
        e: &mut Entering,
        entry: &Entry,
        answer: Option<Choice>,
        you: PlayerId,
    ) -> Step {
        let card = e.card;
        match (entry, answer) {
            (Entry::PowerCounters(n), _) => {
                e.counters = e.counters.saturating_add(*n);
                Step::Done
            }
            (Entry::Exhausted, _) => {
                e.exhausted = true;
                Step::Done
            }
            (Entry::Colors { count, up_to }, answer) => {
                let count = (*count).clamp(1, 6) as usize;
                match answer {
                    Some(Choice::Color(c)) if !e.picked.contains(c) => e.picked.insert(c),
                    Some(Choice::Continue) if *up_to => {
                        e.picked = Colors::NONE;
                        return Step::Done;
                    }
                    _ => {}
                }
                self.entered_mut(card).colors = (!e.picked.is_empty()).then_some(e.picked);
                if e.picked.len() >= count {
                    e.picked = Colors::NONE;
                    return Step::Done;
                }
                let mut choices: Vec<Choice> = Color::ALL
                    .into_iter()
                    .filter(|&c| !e.picked.contains(c))
                    .map(Choice::Color)
                    .collect();
                if *up_to {
                    choices.push(Choice::Continue);
                }
                Step::Ask(you, choices)
            }
            (Entry::RevealedColors(sel), answer) => {
                let ctx = Ctx::of(card, you);
                let sel = Cards {
                    place: Some(Place::Hand),
                    controller: None,
                    ..sel.clone()
                };
                let options: Vec<CardId> = self
                    .player(you)
                    .hand
                    .iter()
                    .copied()
                    .filter(|&c| c != card && self.fits(c, &sel, &ctx))
                    .collect();
                match answer {
                    Some(Choice::Card(c)) if options.contains(&c) => {
                        let colors = self.face(c).colors;
                        self.entered_mut(card).colors = Some(colors);
                        self.log(crate::event::Event::Revealed {
                            player: you,
                            card: c,
                        });
                        Step::Done
                    }
                    Some(Choice::NoCard) => Step::Done,
                    _ if options.is_empty() => Step::Done,
                    _ => Step::Ask(
                        you,
                        self.distinct(options)
                            .into_iter()
                            .map(Choice::Card)
                            .chain(std::iter::once(Choice::NoCard))
                            .collect(),
                    ),
                }
            }
            (Entry::Name(kind), answer) => {
                let options = self.nameable(you, *kind);
                match answer {
                    Some(Choice::Name(c)) if options.contains(&c) => {
                        self.entered_mut(card).name = Some(c);
                        Step::Done
                    }
                    _ if options.is_empty() => Step::Done,
                    _ => Step::Ask(you, options.into_iter().map(Choice::Name).collect()),
                }
            }
            (Entry::AbilitiesOf(sel), answer) => {
                let options = self.others_matching(card, you, sel);
                match answer {
                    Some(Choice::Card(c)) if options.contains(&c) => {
                        self.entered_mut(card).abilities_of = Some(c);
                        Step::Done
                    }
                    _ if options.is_empty() => Step::Done,
                    _ => Step::Ask(you, options.into_iter().map(Choice::Card).collect()),
                }
            }
            (Entry::CopyBanished(sel), answer) => {
                if self.entered(card).is_some_and(|r| r.own.is_some()) {
                    // The banishment was waiting for a replacement choice; it is settled.
                    return Step::Done;
                }
                let options = self.others_matching(card, you, sel);
                match answer {
                    Some(Choice::Card(c)) if options.contains(&c) => {
                        // 520.3: printed information only; the copy is made of the card as
                        // it was chosen, whatever replaces its banishment (710.4).
                        let copied = self.card(c).def;
                        let own = self.card(card).def;
                        self.entered_mut(card).own = Some(own);
                        self.card_mut(card).def = copied;
                        self.relist();
                        match self.occur(Occurrence::Banish(c)) {
                            None => Step::Wait,
                            Some(_) => Step::Done,
                        }
                    }
                    _ if options.is_empty() => Step::Done,
                    _ => Step::Ask(you, options.into_iter().map(Choice::Card).collect()),
                }
            }
        }
    }

    /// The names player `p` may name (201.1): one card for each name among the cards
    /// they own and the cards every player can see, so the choice reveals nothing hidden.
    pub(crate) fn nameable(&self, p: PlayerId, kind: Option<CardKind>) -> Vec<CardId> {
        let mut out: Vec<CardId> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        for i in 0..self.num_cards() {
            let c = CardId(i as u16);
            let k = self.card(c);
            let public = match k.zone {
                Zone::Play => !k.face_down,
                Zone::Discard | Zone::Banished => true,
                _ => false,
            };
            if k.token || k.zone == Zone::Gone || !(k.owner == p || public) {
                continue;
            }
            let fits = match kind {
                None => true,
                Some(CardKind::Character) => self.def(c).card_type.is_character(),
                Some(CardKind::Type(t)) => self.def(c).card_type == t,
            };
            let name = self.def(c).full_name();
            if fits && !names.contains(&name) {
                names.push(name);
                out.push(c);
            }
        }
        out
    }

    /// 711.6: the characteristic static abilities of `card` that depend on one another
    /// both ways, so the one applied first changes the result (711.5) and, starting at
    /// the same moment, their controller orders them. Only games whose modifiers can
    /// depend on each other have any.
    fn interdependent_statics(&self, card: CardId) -> Vec<u8> {
        if !self.facts.layered {
            return Vec::new();
        }
        let statics: Vec<(u8, _, _)> = self
            .abilities(card)
            .iter()
            .enumerate()
            .filter_map(|(i, a)| match a {
                Ability::Static { effect, condition } if is_characteristic(effect) => Some((
                    i as u8,
                    reads_static(effect, condition.as_ref()),
                    writes(effect),
                )),
                _ => None,
            })
            .collect();
        statics
            .iter()
            .filter(|(i, r, w)| {
                statics
                    .iter()
                    .any(|(j, r2, w2)| j != i && r.meets(w2) && r2.meets(w))
            })
            .map(|s| s.0)
            .collect()
    }

    /// 706.1b: what other cards in play say about the state `card` enters play in,
    /// applied as it enters (before its entry is logged, so before its triggers).
    pub(crate) fn others_entry_state(&mut self, card: CardId) {
        if !self.facts.entry_states {
            return;
        }
        let mut exhausted = false;
        let mut mods = Vec::new();
        for &s in &self.st.in_play {
            if s == card || self.card(s).face_down {
                continue;
            }
            for a in self.abilities(s).iter() {
                let Ability::Static {
                    effect: crate::ability::StaticEffect::OthersEnter { cards, does },
                    condition,
                } = a
                else {
                    continue;
                };
                let ctx = self.ctx_of(s);
                if !self.fits(card, cards, &ctx)
                    || condition.as_ref().is_some_and(|c| !self.holds(c, &ctx))
                {
                    continue;
                }
                match does {
                    crate::ability::OnEntry::Exhausted => exhausted = true,
                    crate::ability::OnEntry::Modifier { effect, duration } => {
                        mods.push((ctx.you, s, (**effect).clone(), *duration))
                    }
                }
            }
        }
        if exhausted {
            self.card_mut(card).exhaustion = 1;
        }
        let object = self.card(card).object;
        for (controller, source, effect, duration) in mods {
            let timestamp = self.new_object();
            let ends = self.modifier_ends(duration, card, source);
            self.st.modifiers.push(crate::ability::trigger::Modifier {
                target: card,
                object,
                controller,
                source: (source, self.card(source).object),
                effect,
                duration,
                ends,
                timestamp,
            });
        }
    }

    /// The entry record of a card, if it has one.
    pub(crate) fn entered(&self, card: CardId) -> Option<&Entered> {
        self.st.entered.iter().find(|r| r.card == card)
    }

    fn entered_mut(&mut self, card: CardId) -> &mut Entered {
        let i = match self.st.entered.iter().position(|r| r.card == card) {
            Some(i) => i,
            None => {
                self.st.entered.push(Entered {
                    card,
                    colors: None,
                    name: None,
                    own: None,
                    statics: Vec::new(),
                    abilities_of: None,
                });
                self.st.entered.len() - 1
            }
        };
        &mut self.st.entered[i]
    }

    /// The cards other than the entering `card` that fit `sel`, read with `you` as its
    /// controller: what an entry choice of another card offers (AD202, 520.3 copies).
    fn others_matching(
        &self,
        card: CardId,
        you: crate::ids::PlayerId,
        sel: &crate::ability::Cards,
    ) -> Vec<CardId> {
        let ctx = Ctx::of(card, you);
        self.matching(sel, &ctx)
            .into_iter()
            .filter(|&c| c != card)
            .collect()
    }

    /// A new entry starts afresh (706.1a is checked each time a card enters play).
    fn forget_entry(&mut self, card: CardId) {
        if !self.st.entered.is_empty() {
            self.st.entered.retain(|r| r.card != card);
        }
    }

    /// 505.3, 410.6: a card turned face-down in play (frightened, covered) is a new card
    /// that never entered play, so what its entry decided (chosen colours, a name, the
    /// card whose abilities it has, 520.3 copying) belongs to the object it was.
    pub(crate) fn became_new_object(&mut self, card: CardId) {
        self.left_play_as_copy(card);
        self.forget_entry(card);
    }

    /// 520.3: a card that entered play as a copy is itself again once it leaves play.
    pub(crate) fn left_play_as_copy(&mut self, card: CardId) {
        if let Some(r) = self.st.entered.iter_mut().find(|r| r.card == card) {
            if let Some(own) = r.own.take() {
                self.st.cards[card.index()].def = own;
            }
        }
    }

    /// The card whose printed abilities `c` has now (`Entry::AbilitiesOf`): only while
    /// `c` is in play face-up, as the object that chose it.
    pub(crate) fn abilities_of(&self, c: CardId) -> Option<CardId> {
        if self.st.entered.is_empty() {
            return None;
        }
        let k = self.card(c);
        if k.zone != Zone::Play || k.face_down {
            return None;
        }
        self.entered(c).and_then(|r| r.abilities_of)
    }

    /// The colours a card has before continuous modifiers: those its entry chose while
    /// it is in play, otherwise its printed ones.
    pub(crate) fn base_colors(&self, c: CardId) -> Colors {
        if !self.st.entered.is_empty() && self.card(c).zone == Zone::Play {
            if let Some(colors) = self.entered(c).and_then(|r| r.colors) {
                return colors;
            }
        }
        self.face(c).colors
    }

    /// Whether card `c` has the name `source` named as it entered play.
    pub(crate) fn has_named_name(&self, c: CardId, source: CardId) -> bool {
        self.entered(source)
            .and_then(|r| r.name)
            .is_some_and(|n| self.def(n).full_name() == self.def(c).full_name())
    }
}
