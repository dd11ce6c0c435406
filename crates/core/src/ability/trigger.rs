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
    /// The player the trigger is about ("that player").
    pub player: Option<PlayerId>,
    /// The Teamwork card whose printed ability this is, when `source` has it only
    /// through Teamwork (`index` then counts that card's abilities).
    pub from: Option<CardId>,
}

/// What a script reads its words against: the card the text is on, its controller, the
/// card and area a trigger is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ctx {
    pub source: CardId,
    pub you: PlayerId,
    pub it: Option<CardId>,
    pub there: Option<Area>,
    /// The player the trigger is about ("that player"), if any.
    pub player: Option<PlayerId>,
    /// Read cards' printed colours rather than their current ones. Continuous effects
    /// read this way, so an effect describing cards by colour can't depend on itself
    /// through colours it or another effect grants (711.5).
    pub printed: bool,
    /// With `printed`, in a game where modifiers can depend on each other: read what the
    /// modifiers before this position of the 711 order left (see `rules/layers.rs`).
    pub layer: u16,
}

impl Ctx {
    /// The card's own point of view, with no trigger to read: current colours.
    pub fn of(source: CardId, you: PlayerId) -> Ctx {
        Ctx {
            source,
            you,
            it: None,
            there: None,
            player: None,
            printed: false,
            layer: crate::rules::layers::ALL_LAYERS,
        }
    }

    /// As [`Ctx::of`], reading printed colours, as continuous effects do (711.5).
    pub fn printed(source: CardId, you: PlayerId) -> Ctx {
        Ctx {
            printed: true,
            layer: crate::rules::layers::ALL_LAYERS,
            ..Ctx::of(source, you)
        }
    }
}

impl Game {
    /// The abilities of a card's face-up side (505.1a: none while face-down), and those
    /// Teamwork cards give it (`ability/teamwork.rs`).
    #[inline]
    pub fn abilities(&self, c: CardId) -> super::teamwork::AbilityList<'_> {
        // On the hot path of every decision: only games whose pool has a Teamwork card
        // take the slower way.
        if self.lacks_abilities(c) {
            return Default::default();
        }
        if self.facts.teamwork {
            return self.abilities_with_grants(c);
        }
        super::teamwork::AbilityList::of(if self.card(c).face_down {
            &[]
        } else {
            &self.face(c).abilities
        })
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

    /// Triggers on a state of their own card ("when this card has N power"): each
    /// triggers once per object (410.6) when the state holds as priority is about to be
    /// given; `firsts` remembers the objects already seen.
    pub(crate) fn collect_state_triggers(&mut self) {
        if !self.facts.state_triggers {
            return;
        }
        let mut found = Vec::new();
        for &c in &self.st.in_play {
            let k = self.card(c);
            if k.zone != Zone::Play || k.face_down || self.lacks_abilities(c) {
                continue;
            }
            for (i, a) in self.face(c).abilities.iter().enumerate() {
                let Ability::Triggered {
                    when: Trigger::HasPower(n),
                    condition,
                    ..
                } = a
                else {
                    continue;
                };
                if self.st.firsts.contains(&(c, k.object, i as u8))
                    || self.power(c).is_none_or(|p| p < *n)
                {
                    continue;
                }
                let ctx = Ctx {
                    printed: false,
                    layer: crate::rules::layers::ALL_LAYERS,
                    source: c,
                    you: k.controller,
                    it: None,
                    there: k.area,
                    player: None,
                };
                if condition.as_ref().is_none_or(|cond| self.holds(cond, &ctx)) {
                    found.push((
                        (c, k.object, i as u8),
                        Waiting {
                            source: c,
                            controller: k.controller,
                            boosted: k.boosted,
                            index: i as u8,
                            it: None,
                            there: k.area,
                            player: None,
                            from: None,
                        },
                    ));
                }
            }
        }
        for (first, w) in found {
            self.st.firsts.push(first);
            self.st.triggers.push(w);
        }
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
        let mut firsts = Vec::new();
        let mut scan = |g: &Game, c: CardId, found: &mut Vec<Waiting>| {
            let k = g.card(c);
            if k.zone == Zone::Play && (k.face_down || g.lacks_abilities(c)) {
                return;
            }
            if g.face_facts(c).has(crate::pool::FaceFacts::TRIGGERED) {
                g.scan_face(c, None, e, found, &mut firsts);
            }
            if g.facts.teamwork {
                for t in g.teamwork_grantors(c) {
                    g.scan_face(c, Some(t), e, found, &mut firsts);
                }
            }
        };
        for i in 0..self.st.in_play.len() {
            scan(self, self.st.in_play[i], &mut found);
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
        self.st.firsts.extend(firsts);
        self.st.triggers.extend(found);
    }

    /// Looks for triggered abilities of `c` met by an event: those printed on `c`'s
    /// face-up side, or with `from`, those a Teamwork card gives it (read as `c`'s own).
    fn scan_face(
        &self,
        c: CardId,
        from: Option<CardId>,
        e: &Event,
        found: &mut Vec<Waiting>,
        firsts: &mut Vec<(CardId, u32, u8)>,
    ) {
        let k = self.card(c);
        let face = self.face(from.unwrap_or(c));
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
            let first = matches!(when, Trigger::First(_));
            // Granted abilities count apart from the card's own for "the first time".
            let key = (
                c,
                k.object,
                (i as u8) | if from.is_some() { 0x80 } else { 0 },
            );
            if first && self.st.firsts.contains(&key) {
                continue;
            }
            if let Some(About { it, there, player }) = self.trigger_matches(when, c, you, e) {
                let ctx = Ctx {
                    printed: false,
                    layer: crate::rules::layers::ALL_LAYERS,
                    source: c,
                    you,
                    it,
                    there,
                    player,
                };
                if condition.as_ref().is_none_or(|cond| self.holds(cond, &ctx)) {
                    if first {
                        firsts.push(key);
                    }
                    found.push(Waiting {
                        source: c,
                        controller: you,
                        boosted: k.boosted && from.is_none(),
                        index: i as u8,
                        it,
                        there,
                        player,
                        from,
                    });
                }
            }
        }
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
            Place::AtOpponentsProblem => {
                from.is_problem() && self.area_owner(from).is_some_and(|o| o != you)
            }
            Place::There
            | Place::Hand
            | Place::Discard
            | Place::Deck
            | Place::Involved
            | Place::Flipped
            | Place::AtFaceoff
            | Place::Elsewhere
            | Place::Revealed => false,
        };
        let controller_ok = sel.controller.is_none_or(|w| names(w, controller, you));
        // The rest of the description reads the card where it is now.
        let rest = Cards {
            place: Some(Place::Discard),
            controller: None,
            ..sel.clone()
        };
        let now = Ctx::of(source, you);
        place_ok && controller_ok && self.fits(c, &rest, &now)
    }

    fn subject_fits(&self, s: &Subject, source: CardId, you: PlayerId, c: CardId) -> bool {
        match s {
            Subject::This => c == source,
            Subject::Any(sel) => self.fits(c, sel, &Ctx::of(source, you)),
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
            .map(|a| (a.it, a.there))
    }

    fn trigger_matches(
        &self,
        t: &Trigger,
        source: CardId,
        you: PlayerId,
        e: &Event,
    ) -> Option<About> {
        let here = self.card(source).area;
        let at_here = |a: Option<Area>| a.is_some() && a == here;
        // Triggers about a player ("when a player …", "that player").
        let about_player = match (t, e) {
            (Trigger::WinFaceoffBy { during, at_least }, Event::FaceoffWon { winner })
                if *winner == you
                    && self.in_faceoff(*during)
                    && self.faceoff_margin(*winner).is_some_and(|m| m >= *at_least) =>
            {
                Some((None, you))
            }
            (Trigger::PlayerConfrontsHere, Event::Confronted { player, problem })
                if at_here(self.card(*problem).area) =>
            {
                Some((None, *player))
            }
            (Trigger::PlayerWinsFaceoffHere { by_exactly }, Event::FaceoffWon { winner })
                if here.is_some_and(|h| self.faceoff_at(h))
                    && by_exactly.is_none_or(|n| self.faceoff_margin(*winner) == Some(n)) =>
            {
                Some((None, *winner))
            }
            (
                Trigger::PlayerDefeatsHere,
                Event::Defeated {
                    player,
                    troublemaker,
                },
            ) if at_here(self.card(*troublemaker).area) => Some((Some(*troublemaker), *player)),
            (Trigger::PlayerMovesHere(s), Event::Moved { card, to, .. })
                if at_here(Some(*to)) && self.subject_fits(s, source, you, *card) =>
            {
                Some((Some(*card), self.card(*card).controller))
            }
            (Trigger::PlayerPlaysHere(s), Event::Played { player, card })
                if self.card(*card).zone == Zone::Play
                    && at_here(self.card(*card).area)
                    && self.subject_fits(s, source, you, *card) =>
            {
                Some((Some(*card), *player))
            }
            (Trigger::OpponentsPhaseStarts(phase), Event::PhaseBegan(p))
                if phase_name(*p) == Some(*phase) && self.st.turn_player != you =>
            {
                Some((None, self.st.turn_player))
            }
            (Trigger::PhaseStarts { .. }, _) | (Trigger::PhaseEnds { .. }, _) => {
                // Whose phase it is, for "that player" (the rest of the match is below).
                self.trigger_matches_plain(t, source, you, e)
                    .map(|(it, _)| (it, self.st.turn_player))
            }
            // Whether it was met before is the scan's question (it knows the ability).
            (Trigger::First(inner), _) => return self.trigger_matches(inner, source, you, e),
            _ => None,
        };
        if let Some((it, player)) = about_player {
            return Some(About {
                it,
                there: here,
                player: Some(player),
            });
        }
        self.trigger_matches_plain(t, source, you, e)
            .map(|(it, there)| About {
                it,
                there,
                player: None,
            })
    }

    /// The power by which `winner` leads every other player in the current faceoff.
    fn faceoff_margin(&self, winner: PlayerId) -> Option<u16> {
        let f = self.st.faceoff.as_ref()?;
        let mine = self.power_total(winner);
        let best_other = f
            .players
            .iter()
            .filter(|&&p| p != winner)
            .map(|&p| self.power_total(p))
            .max()?;
        mine.checked_sub(best_other)
    }

    fn trigger_matches_plain(
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
            (Trigger::ScoreWith, Event::ScoredWith { card, .. })
                if *card == source && self.card(source).controller == you =>
            {
                Some((Some(source), here))
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
            (
                Trigger::LeavesPlay,
                Event::Left {
                    card,
                    from: Some(from),
                    ..
                },
            ) if *card == source => Some((Some(source), Some(*from))),
            (Trigger::LeavesPlay, Event::ToHand(card) | Event::ToDeckTop(card))
                if *card == source && self.st.leaving_play == Some(source) =>
            {
                Some((Some(source), None))
            }
            (
                Trigger::ToDiscardPileFromPlay,
                Event::Left {
                    card,
                    to: Zone::Discard,
                    from: Some(from),
                    ..
                },
            ) if *card == source => Some((Some(source), Some(*from))),
            (Trigger::MovedAway(s), Event::Moved { card, from, .. })
                if self.subject_fits(s, source, you, *card) =>
            {
                Some((Some(*card), Some(*from)))
            }
            (Trigger::YouMove(s), Event::Moved { card, to, .. })
                if self.st.mover == Some(you) && self.subject_fits(s, source, you, *card) =>
            {
                Some((Some(*card), Some(*to)))
            }
            (Trigger::YouPlay { card_type, on }, Event::Played { player, card })
                if *player == you
                    && self.def(*card).card_type == *card_type
                    && on.as_ref().is_none_or(|sel| {
                        self.card(*card)
                            .host
                            .is_some_and(|h| self.fits(h, sel, &Ctx::of(source, you)))
                    }) =>
            {
                Some((Some(*card), self.card(*card).area))
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
        let face = if let Some(t) = w.from {
            &self.def(t).face
        } else if w.boosted {
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
            layer: crate::rules::layers::ALL_LAYERS,
            source: w.source,
            you: w.controller,
            it: w.it,
            there: w.there,
            player: w.player,
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
        self.end_control_changes(|x| {
            matches!(x.duration, Duration::EndOfTurn | Duration::EndOfPhase)
        });
    }

    /// A phase is over once its end-of-phase window has closed (601.2); its modifiers
    /// end as the next phase begins.
    pub(crate) fn end_phase_modifiers(&mut self) {
        self.expire_phase_tokens();
        self.st
            .modifiers
            .retain(|m| m.duration != Duration::EndOfPhase);
        self.end_control_changes(|x| x.duration == Duration::EndOfPhase);
    }

    /// The Score Phase is over as the End Phase begins: what lasted until its end ends.
    pub(crate) fn end_score_phase_modifiers(&mut self) {
        self.st
            .modifiers
            .retain(|m| m.duration != Duration::EndOfScorePhase);
        self.end_control_changes(|x| x.duration == Duration::EndOfScorePhase);
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
        self.end_control_changes(|x| x.duration == Duration::StartOfYourNextTurn && x.by == p);
    }

    /// Modifiers lasting for a faceoff end with it.
    pub(crate) fn end_faceoff_modifiers(&mut self) {
        self.st
            .modifiers
            .retain(|m| m.duration != Duration::ThisFaceoff);
        self.end_control_changes(|x| x.duration == Duration::ThisFaceoff);
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

/// What a trigger is about: a card, an area ("there") and a player ("that player").
struct About {
    it: Option<CardId>,
    there: Option<Area>,
    player: Option<PlayerId>,
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
pub(crate) fn names(who: Who, player: PlayerId, you: PlayerId) -> bool {
    match who {
        Who::Each => true,
        Who::You => player == you,
        Who::Opponent => player != you,
        Who::ItsController | Who::ThatPlayer | Who::ThatPlayersOpponent => false,
    }
}
