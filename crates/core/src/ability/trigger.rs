//! Triggered abilities (704), triggered effects waiting for pre-priority processing
//! (511.7), and modifiers with a duration (708).

use super::script::*;
use crate::decision::{Choice, Decision, Prompt};
use crate::event::{Event, Leave};
use crate::flow::Frame;
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::state::FaceoffKind;

/// A continuous modifier created by an effect, applied to one card (the card it names,
/// which stops being affected if it becomes a new object, 410.6).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Modifier {
    pub target: CardId,
    pub object: u32,
    pub controller: PlayerId,
    pub effect: StaticEffect,
    pub duration: Duration,
    /// 711.3a.
    pub timestamp: u32,
}

/// A triggered effect created and waiting to be processed (704.1c).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Waiting {
    pub source: CardId,
    pub controller: PlayerId,
    /// Which face's abilities (a Mane's Boosted side has its own).
    pub boosted: bool,
    pub index: u8,
    /// The card the trigger is about, if any.
    pub it: Option<CardId>,
    /// The area the trigger is about (501.5 "there").
    pub there: Option<Area>,
}

/// What a script reads its words against: the card the text is on, its controller, the
/// card and area a trigger is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ctx {
    pub source: CardId,
    pub you: PlayerId,
    pub it: Option<CardId>,
    pub there: Option<Area>,
    /// Read cards' printed colours rather than their current ones. Continuous effects
    /// read this way, so an effect describing cards by colour can't depend on itself
    /// through colours it or another effect grants (711.5).
    pub printed: bool,
}

impl Game {
    /// The abilities of a card's face-up side (505.1a: none while face-down).
    pub fn abilities(&self, c: CardId) -> &[Ability] {
        if self.card(c).face_down {
            &[]
        } else {
            &self.face(c).abilities
        }
    }

    /// Recomputes whether any card in play could trigger (a cheap guard for the scans).
    pub(crate) fn refresh_watchers(&mut self) {
        if !self.facts.triggers {
            self.st.watchers = false;
            return;
        }
        // Cards outside play only trigger on their own dismissal or flip: a pool fact.
        self.st.watchers = self.facts.lookback
            || self.st.in_play.iter().any(|&c| {
                self.abilities(c)
                    .iter()
                    .any(|a| matches!(a, Ability::Triggered { .. }))
                    || (!self.card(c).face_down
                        && self
                            .face(c)
                            .keywords
                            .iter()
                            .any(|&k| super::keyword::is_triggered(k)))
            });
    }

    /// Looks at one event for triggered abilities (704.1): every card in play, plus the
    /// card a leave-play or flip event is about (those abilities look back, 701.3).
    pub(crate) fn collect_triggers(&mut self, e: &Event) {
        if self.st.watchers_dirty {
            self.st.watchers_dirty = false;
            self.refresh_watchers();
        }
        if !self.st.watchers {
            return;
        }
        let mut found = Vec::new();
        let scan = |g: &Game, c: CardId, found: &mut Vec<Waiting>| {
            let k = g.card(c);
            let face = g.face(c);
            if k.zone == Zone::Play && k.face_down {
                return;
            }
            // Most cards have no triggered keyword; build their abilities only if needed.
            let keyword_abilities: Vec<Ability> = if face
                .keywords
                .iter()
                .any(|&k| super::keyword::is_triggered(k))
            {
                face.keywords
                    .iter()
                    .filter_map(|&kw| super::keyword::triggered(kw))
                    .collect()
            } else {
                Vec::new()
            };
            for (i, a) in face
                .abilities
                .iter()
                .chain(keyword_abilities.iter())
                .enumerate()
            {
                let Ability::Triggered {
                    when, condition, ..
                } = a
                else {
                    continue;
                };
                let you = k.controller;
                if let Some((it, there)) = g.trigger_matches(when, c, you, e) {
                    let ctx = Ctx {
                        printed: false,
                        source: c,
                        you,
                        it,
                        there,
                    };
                    if condition.as_ref().is_none_or(|cond| g.holds(cond, &ctx)) {
                        found.push(Waiting {
                            source: c,
                            controller: you,
                            boosted: k.boosted,
                            index: i as u8,
                            it,
                            there,
                        });
                    }
                }
            }
        };
        for &c in &self.st.in_play {
            scan(self, c, &mut found);
        }
        match *e {
            Event::Left {
                card,
                how: Leave::Dismiss,
                ..
            } => scan(self, card, &mut found),
            // A card put into a discard pile may trigger on that (`ToDiscardPile`), and a
            // card leaving play on leaving its area (`LeavesItsArea`).
            Event::Left {
                card,
                to: Zone::Discard,
                ..
            }
            | Event::Left {
                card,
                from: Some(_),
                ..
            }
            | Event::ToHand(card)
            | Event::ToDeckTop(card) => scan(self, card, &mut found),
            Event::Flipped { card, .. } => scan(self, card, &mut found),
            _ => {}
        }
        self.st.triggers.extend(found);
    }

    /// Whether a card that has just left play fitted a description as it was in play:
    /// its facts now, its place and controller as it left (704.1: the trigger looks back).
    fn left_play_fits(
        &self,
        sel: &Cards,
        source: CardId,
        you: PlayerId,
        c: CardId,
        from: Option<Area>,
        controller: PlayerId,
    ) -> bool {
        let Some(from) = from else { return false };
        let place_ok = match sel.place.unwrap_or(Place::InPlay) {
            Place::InPlay => true,
            Place::Here => self.card(source).area == Some(from),
            Place::AtAProblem => from.is_problem(),
            Place::AtHome => !from.is_problem(),
            Place::AtOpponentsProblem => matches!(from, Area::Problem(o) if o != you),
            Place::There
            | Place::Hand
            | Place::Discard
            | Place::Deck
            | Place::Involved
            | Place::Flipped
            | Place::AtFaceoff
            | Place::Elsewhere => false,
        };
        let controller_ok = sel.controller.is_none_or(|w| names(w, controller, you));
        // The rest of the description reads the card where it is now.
        let rest = Cards {
            place: Some(Place::Discard),
            controller: None,
            ..sel.clone()
        };
        let now = Ctx {
            printed: false,
            source,
            you,
            it: None,
            there: None,
        };
        place_ok && controller_ok && self.fits(c, &rest, &now)
    }

    fn subject_fits(&self, s: &Subject, source: CardId, you: PlayerId, c: CardId) -> bool {
        match s {
            Subject::This => c == source,
            Subject::Any(sel) => self.fits(
                c,
                sel,
                &Ctx {
                    printed: false,
                    source,
                    you,
                    it: None,
                    there: None,
                },
            ),
        }
    }

    /// Whether an event meets a trigger condition of `source`; returns the card and area
    /// the trigger is about.
    pub(crate) fn reaction_matches(
        &self,
        t: &Trigger,
        source: CardId,
        you: PlayerId,
        e: &Event,
    ) -> Option<(Option<CardId>, Option<Area>)> {
        self.trigger_matches(t, source, you, e)
    }

    fn trigger_matches(
        &self,
        t: &Trigger,
        source: CardId,
        you: PlayerId,
        e: &Event,
    ) -> Option<(Option<CardId>, Option<Area>)> {
        let here = self.card(source).area;
        let involved = || self.involved_cards().contains(&source);
        match (t, e) {
            (Trigger::Played, Event::Played { card, .. }) if *card == source => {
                Some((Some(source), here))
            }
            (Trigger::EntersPlay(s), Event::EnteredPlay { card, area, .. })
                if self.subject_fits(s, source, you, *card) =>
            {
                Some((Some(*card), Some(*area)))
            }
            (
                Trigger::Moved {
                    subject,
                    to_problem,
                    from_home,
                },
                Event::Moved { card, from, to },
            ) if self.subject_fits(subject, source, you, *card)
                && (!to_problem || to.is_problem())
                && (!from_home || !from.is_problem()) =>
            {
                Some((Some(*card), Some(*to)))
            }
            (
                Trigger::Dismissed(Subject::This),
                Event::Left {
                    card,
                    how: Leave::Dismiss,
                    ..
                },
            ) if *card == source => Some((Some(source), None)),
            (
                Trigger::Dismissed(Subject::Any(sel)),
                Event::Left {
                    card,
                    how: Leave::Dismiss,
                    from,
                    controller,
                    ..
                },
            ) if self.left_play_fits(sel, source, you, *card, *from, *controller) => {
                Some((Some(*card), *from))
            }
            (Trigger::ConfrontThisProblem, Event::Confronted { player, problem })
                if *player == you && self.card(*problem).area == here =>
            {
                Some((None, here))
            }
            (Trigger::Confront, Event::Confronted { player, problem }) if *player == you => {
                Some((None, self.card(*problem).area))
            }
            (Trigger::WinFaceoff, Event::FaceoffWon { winner }) if *winner == you && involved() => {
                Some((None, here))
            }
            (Trigger::LoseFaceoff, Event::FaceoffWon { winner })
                if *winner != you && involved() =>
            {
                Some((None, here))
            }
            (Trigger::FaceoffStarts, Event::FaceoffBegan) if involved() => Some((None, here)),
            (Trigger::OpponentStartsFaceoffHere, Event::FaceoffBegan) => {
                let f = self.st.faceoff.as_ref()?;
                (f.players.first() != Some(&you) && here.is_some_and(|h| self.faceoff_at(h)))
                    .then_some((None, here))
            }
            (Trigger::Uncovered(s), Event::Uncovered(card))
                if self.subject_fits(s, source, you, *card) =>
            {
                Some((Some(*card), self.card(*card).area))
            }
            (Trigger::Flipped, Event::Flipped { card, .. }) if *card == source => {
                Some((Some(source), None))
            }
            (Trigger::StartOfTurn, Event::TurnBegan { player, .. }) if *player == you => {
                Some((None, here))
            }
            (Trigger::StartOfMainPhase, Event::StepBegan(crate::state::Step::Main))
                if self.st.turn_player == you =>
            {
                Some((None, here))
            }
            (Trigger::EndOfTurn { yours }, Event::StepBegan(crate::state::Step::EndOfTurn))
                if !yours || self.st.turn_player == you =>
            {
                Some((None, here))
            }
            (Trigger::PhaseStarts { phase, yours }, Event::PhaseBegan(p))
            | (Trigger::PhaseEnds { phase, yours }, Event::PhaseEnded(p))
                if phase_name(*p) == Some(*phase) && (!yours || self.st.turn_player == you) =>
            {
                Some((None, here))
            }
            (
                Trigger::Defeat,
                Event::Defeated {
                    player,
                    troublemaker,
                },
            ) if *player == you => Some((Some(*troublemaker), here)),
            (Trigger::WinAnyFaceoff, Event::FaceoffWon { winner }) if *winner == you => {
                Some((None, here))
            }
            (
                Trigger::CardFlipped {
                    by,
                    during,
                    opponent_challenging,
                },
                Event::Flipped { player, card },
            ) => {
                let f = self.st.faceoff.as_ref()?;
                let by_ok = names(*by, *player, you);
                let troublemaker = matches!(f.kind, FaceoffKind::Troublemaker { .. });
                let kind_ok = match during {
                    None => true,
                    Some(FaceoffType::Troublemaker) => troublemaker,
                    Some(FaceoffType::Problem) => !troublemaker,
                };
                let challenge_ok = !opponent_challenging
                    || matches!(f.kind, FaceoffKind::Troublemaker { challenger, .. } if challenger != you);
                (by_ok && kind_ok && challenge_ok).then_some((Some(*card), None))
            }
            (Trigger::AnyFaceoffBegins, Event::FaceoffBegan) => Some((None, here)),
            (Trigger::Draws(w), Event::Drew { player })
            | (Trigger::GainsTokens(w), Event::GainedTokens { player, .. })
                if names(*w, *player, you) =>
            {
                Some((None, here))
            }
            (
                Trigger::Discards(w),
                Event::Left {
                    card,
                    how: Leave::Discard,
                    controller,
                    ..
                },
            ) if names(*w, *controller, you) => Some((Some(*card), here)),
            (
                Trigger::DefeatUsingOnly(color),
                Event::Defeated {
                    player,
                    troublemaker,
                },
            ) if *player == you && self.only_color_defeated(you, *color) => {
                Some((Some(*troublemaker), here))
            }
            (
                Trigger::ToDiscardPile,
                Event::Left {
                    card,
                    to: Zone::Discard,
                    from,
                    ..
                },
            ) if *card == source => Some((Some(source), *from)),
            (Trigger::LeavesItsArea, Event::Moved { card, from, .. })
            | (Trigger::LeavesItsArea, Event::Sent { card, from, .. })
                if *card == source =>
            {
                Some((Some(source), Some(*from)))
            }
            (
                Trigger::LeavesItsArea,
                Event::Left {
                    card,
                    from: Some(from),
                    ..
                },
            ) if *card == source => Some((Some(source), Some(*from))),
            (Trigger::LeavesItsArea, Event::ToHand(card) | Event::ToDeckTop(card))
                if *card == source =>
            {
                Some((Some(source), None))
            }
            (Trigger::MovedAway(s), Event::Moved { card, from, .. })
                if self.subject_fits(s, source, you, *card) =>
            {
                Some((Some(*card), Some(*from)))
            }
            (Trigger::PlayedHere(s), Event::Played { card, .. })
                if here.is_some()
                    && self.card(*card).zone == Zone::Play
                    && self.card(*card).area == here
                    && self.subject_fits(s, source, you, *card) =>
            {
                Some((Some(*card), here))
            }
            _ => None,
        }
    }

    /// 511.7a: the waiting effects are processed player by player, starting with the
    /// player who most recently had priority (the turn player as a window opens), each in
    /// the order they choose.
    pub(crate) fn trigger_wave(
        &mut self,
        mut wave: Vec<Waiting>,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        if let Some(Choice::Trigger(src)) = answer {
            let i = wave.iter().position(|w| w.source == src).expect("offered");
            let w = wave.remove(i);
            self.push(Frame::TriggerWave(wave));
            self.start_trigger(w);
            return None;
        }
        if wave.is_empty() {
            return None;
        }
        let first = self.st.last_priority.unwrap_or(self.st.turn_player);
        let order = self.players_from(first);
        let p = order
            .into_iter()
            .find(|p| wave.iter().any(|w| w.controller == *p));
        let Some(p) = p else {
            // Their controllers left the game (103.5a).
            return None;
        };
        let mut choices: Vec<Choice> = Vec::new();
        for w in wave.iter().filter(|w| w.controller == p) {
            if !choices.contains(&Choice::Trigger(w.source)) {
                choices.push(Choice::Trigger(w.source));
            }
        }
        self.ask(Frame::TriggerWave(wave), p, Prompt::OrderTriggers, choices)
    }

    fn start_trigger(&mut self, w: Waiting) {
        let face = if w.boosted {
            self.def(w.source)
                .boosted
                .as_ref()
                .unwrap_or(&self.def(w.source).face)
        } else {
            &self.def(w.source).face
        };
        let i = w.index as usize;
        let ability = match face.abilities.get(i) {
            Some(a) => Some(a.clone()),
            None => face
                .keywords
                .iter()
                .filter_map(|&k| super::keyword::triggered(k))
                .nth(i - face.abilities.len()),
        };
        let Some(Ability::Triggered {
            optional,
            cost,
            effects,
            ..
        }) = ability
        else {
            return;
        };
        let ctx = Ctx {
            printed: false,
            source: w.source,
            you: w.controller,
            it: w.it,
            there: w.there,
        };
        self.push_resolution(ctx, effects, optional, cost, None);
    }

    /// 616.4: modifiers lasting "this turn" end in the Wrap Up Step, and so do those
    /// lasting the End Phase.
    pub(crate) fn end_turn_modifiers(&mut self) {
        self.expire_phase_tokens();
        self.st
            .modifiers
            .retain(|m| !matches!(m.duration, Duration::EndOfTurn | Duration::EndOfPhase));
    }

    /// A phase is over once its end-of-phase window has closed (601.2); its modifiers
    /// end as the next phase begins.
    pub(crate) fn end_phase_modifiers(&mut self) {
        self.expire_phase_tokens();
        self.st
            .modifiers
            .retain(|m| m.duration != Duration::EndOfPhase);
    }

    /// Action tokens gained "until the end of the phase" go as the phase's modifiers do.
    fn expire_phase_tokens(&mut self) {
        let players: Vec<PlayerId> = self.players().collect();
        for p in players {
            let pl = self.player_mut(p);
            let amount = pl.phase_tokens.min(pl.tokens);
            pl.tokens -= amount;
            pl.phase_tokens = 0;
            if amount > 0 {
                self.log(Event::LostTokens { player: p, amount });
            }
        }
    }

    /// Modifiers lasting until their controller's next turn end as that turn begins.
    pub(crate) fn end_next_turn_modifiers(&mut self, p: PlayerId) {
        self.st
            .modifiers
            .retain(|m| !(m.duration == Duration::StartOfYourNextTurn && m.controller == p));
    }

    /// Modifiers lasting for a faceoff end with it.
    pub(crate) fn end_faceoff_modifiers(&mut self) {
        self.st
            .modifiers
            .retain(|m| m.duration != Duration::ThisFaceoff);
    }

    /// Whether every character of `p` involved in the current Troublemaker faceoff has
    /// the colour. The faceoff is still on while its result is reacted to (514.7).
    fn only_color_defeated(&self, p: PlayerId, color: crate::card::Color) -> bool {
        let Some(f) = &self.st.faceoff else {
            return false;
        };
        if !matches!(f.kind, crate::state::FaceoffKind::Troublemaker { .. }) {
            return false;
        }
        let mine: Vec<CardId> = self
            .involved_cards()
            .into_iter()
            .filter(|&c| self.card(c).controller == p && self.is_character(c))
            .collect();
        !mine.is_empty() && mine.iter().all(|&c| self.colors(c).contains(color))
    }

    /// Whether the current faceoff takes place at `area`.
    pub(crate) fn faceoff_at(&self, area: Area) -> bool {
        self.faceoff_areas().contains(&area)
    }
}

/// The script's name for a phase of the turn.
pub(crate) fn phase_name(p: crate::state::Phase) -> Option<PhaseName> {
    use crate::state::Phase;
    Some(match p {
        Phase::Ready => PhaseName::Ready,
        Phase::Troublemaker => PhaseName::Troublemaker,
        Phase::Main => PhaseName::Main,
        Phase::Score => PhaseName::Score,
        Phase::End => PhaseName::End,
        Phase::Setup => return None,
    })
}

/// Whether `player` is among the players `who` names from `you`'s point of view, where the
/// description has no trigger of its own to read ("its controller" names nobody).
fn names(who: Who, player: PlayerId, you: PlayerId) -> bool {
    match who {
        Who::Each => true,
        Who::You => player == you,
        Who::Opponent => player != you,
        Who::ItsController => false,
    }
}
