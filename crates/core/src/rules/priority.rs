//! Priority (510) and pre-priority processing (511).

use crate::card::CardType;
use crate::decision::{Choice, Decision, Prompt};
use crate::flow::{Frame, WindowKind};
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId};
use crate::rules::colorpower::ColorPowers;
use crate::rules::occurrence::Occurrence;
use crate::state::Step;

impl Game {
    /// A priority window: players receive priority in turn order; it closes when all
    /// pass in succession (510.2).
    pub(crate) fn window(
        &mut self,
        kind: WindowKind,
        mut holder: PlayerId,
        mut passes: u8,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        match answer {
            None => {}
            Some(Choice::Pass) => {
                passes += 1;
                holder = self.next_player(holder);
            }
            Some(action) => {
                // 705.2h: after an action, priority passes to the next player.
                let actor = holder;
                passes = 0;
                holder = self.next_player(holder);
                self.push(Frame::Window {
                    kind,
                    holder,
                    passes,
                });
                self.mark_action_end(actor);
                self.take_action(actor, action);
                return None;
            }
        }
        loop {
            if self.st.players[holder.index()].removed {
                holder = self.next_player(holder);
            }
            if passes as usize >= self.active_players().count() {
                // 512.4d: Reactions answer only what happened since this window closed.
                self.st.reactable.clear();
                self.window_closed(kind);
                return None;
            }
            // 511: pre-priority processing runs before anyone receives priority; if it
            // changed something it may have created work, so come back afterwards.
            if self.pre_priority() {
                self.push(Frame::Window {
                    kind,
                    holder,
                    passes,
                });
                return None;
            }
            // Delayed effects whose moment has come start before the waiting triggered
            // effects are processed.
            if self.st.delayed.iter().any(|d| d.due) {
                self.push(Frame::Window {
                    kind,
                    holder,
                    passes,
                });
                self.start_delayed();
                return None;
            }
            self.collect_state_triggers();
            // 511.7: then the triggered effects waiting, as one wave; new ones wait (511.7b).
            if !self.st.triggers.is_empty() {
                if self.loop_detected() {
                    // 802.3: a loop with no optional actions ends here; the effect that
                    // would begin the next repetition doesn't trigger, and play proceeds.
                    self.st.triggers.clear();
                    self.log(crate::event::Event::LoopEnded);
                } else {
                    self.push(Frame::Window {
                        kind,
                        holder,
                        passes,
                    });
                    let wave = std::mem::take(&mut self.st.triggers);
                    self.push(Frame::TriggerWave(wave));
                    return None;
                }
            }
            self.st.last_priority = Some(holder);
            let mut choices = self.immediate_actions(holder);
            if choices.is_empty() {
                // Passing is the only choice, and a decision with a single choice is
                // taken at once (see `advance_from`): pass here without asking.
                passes += 1;
                holder = self.next_player(holder);
                continue;
            }
            choices.push(Choice::Pass);
            return self.ask(
                Frame::Window {
                    kind,
                    holder,
                    passes,
                },
                holder,
                Prompt::Priority,
                choices,
            );
        }
    }

    /// 510.3, 601.2c, 512.3a: as a window closes the turn player may open another with a
    /// phase action, except in an end-of-phase window or a faceoff.
    fn window_closed(&mut self, kind: WindowKind) {
        let may_open = match kind {
            WindowKind::Boundary { end_of_phase } => !end_of_phase,
            WindowKind::Action => true,
            WindowKind::Faceoff => false,
        };
        if may_open && self.st.faceoff.is_none() {
            // 512.3: outside the Main Phase only "[x] Phase" cards open windows, so the
            // turn player is asked only when they have one to use.
            if self.st.step == Step::Main || !self.other_phase_actions().is_empty() {
                self.push(Frame::PhaseAction);
            }
        }
    }

    /// The turn player chooses a phase action (opening a window) or lets the game move on.
    pub(crate) fn phase_action(&mut self, answer: Option<Choice>) -> Option<Decision> {
        let tp = self.st.turn_player;
        match answer {
            Some(Choice::Continue) => None,
            Some(action) => {
                // The action opens a window (609.1); after it, priority passes on (705.2h).
                let holder = self.next_player(tp);
                self.push(Frame::Window {
                    kind: WindowKind::Action,
                    holder,
                    passes: 0,
                });
                self.mark_action_end(tp);
                self.take_action(tp, action);
                None
            }
            None => {
                let mut choices = if self.st.step == Step::Main {
                    self.main_phase_actions(tp)
                } else {
                    self.other_phase_actions()
                };
                choices.push(Choice::Continue);
                self.ask(Frame::PhaseAction, tp, Prompt::PhaseAction, choices)
            }
        }
    }

    /// 705.1, 705.2h: in a game where something answers a player taking an action, an
    /// event marks the end of each action, once everything it does has been done.
    fn mark_action_end(&mut self, actor: PlayerId) {
        if self.facts.actions_watched {
            self.push(Frame::ActionDone(actor));
        }
    }

    /// 512.3: the turn player's "[x] Phase" cards usable now, in a phase other than the
    /// Main Phase (in the Ready Phase only from the Draw Step on: nobody has priority
    /// before, 601.2a).
    fn other_phase_actions(&self) -> Vec<Choice> {
        let mut out = Vec::new();
        if self.st.step == Step::Draw
            || matches!(
                self.st.step.phase(),
                crate::state::Phase::Troublemaker
                    | crate::state::Phase::Score
                    | crate::state::Phase::End
            )
        {
            let tp = self.st.turn_player;
            self.timed_actions(tp, true, &mut out, &ColorPowers::new(self, tp));
        }
        out
    }

    /// Actions a player may take whenever they have priority, by timing (512.4, 512.5):
    /// Immediate, Faceoff (inside a faceoff of the right type), Reaction (to what
    /// happened since the last window closed), and the Hasty and Agile keywords.
    pub(crate) fn immediate_actions(&self, p: PlayerId) -> Vec<Choice> {
        let mut out = Vec::new();
        if !(self.facts.timed || self.facts.hasty || self.facts.agile) {
            return out;
        }
        let powers = ColorPowers::new(self, p);
        self.timed_actions(p, false, &mut out, &powers);
        let tokens = self.player(p).tokens;
        let mut seen = Vec::new();
        let hand: std::borrow::Cow<'_, [CardId]> = if self.facts.hasty {
            self.playable_cards(p)
        } else {
            std::borrow::Cow::Borrowed(&[])
        };
        for &c in hand.iter() {
            // Hasty: play this card as an Immediate action.
            if self.def(c).card_type == CardType::Friend
                && !seen.contains(&self.card(c).def)
                && self.face(c).keywords.contains(&crate::card::Keyword::Hasty)
                && powers.meets_play_requirements(c)
            {
                seen.push(self.card(c).def);
                let problems: Vec<Area> = self.problem_areas().collect();
                self.push_friend_plays(&mut out, p, c, &problems, tokens);
            }
        }
        // Agile: move this card as an Immediate action.
        let in_play: &[CardId] = if self.facts.agile {
            &self.st.in_play
        } else {
            &[]
        };
        for &c in in_play {
            if self.card(c).controller == p
                && self.is_character(c)
                && self.has_keyword(c, |k| k == crate::card::Keyword::Agile)
            {
                for to in std::iter::once(Area::Home(p)).chain(self.problem_areas()) {
                    if tokens >= self.move_cost(p, c, to) && self.may_move(p, c, to) {
                        out.push(Choice::Move { card: c, to });
                    }
                }
            }
        }
        out
    }

    /// Events in hand and activated abilities in play whose timing allows them now.
    /// `phase` asks for "[x] Phase" timings (512.3); otherwise the others.
    pub(crate) fn timed_actions(
        &self,
        p: PlayerId,
        phase: bool,
        out: &mut Vec<Choice>,
        powers: &ColorPowers,
    ) {
        use crate::ability::Ability;
        if !self.facts.timed {
            return;
        }
        // Outside "[x] Phase" actions only Immediate timings are usable, unless there is
        // a faceoff or something to react to (`timing_allows`).
        if !phase
            && !self.facts.anytime
            && self.st.faceoff.is_none()
            && self.st.reactable.is_empty()
        {
            return;
        }
        // Only an Event with a play ability of a timing that may allow it now can give a
        // choice (`timing_allows`).
        let play = {
            use crate::pool::FaceFacts;
            if phase {
                // 512.3: a "[x] Phase" timing names the phase it is used in.
                if self.st.step == Step::Main {
                    FaceFacts::PLAY_MAIN | FaceFacts::PLAY_PHASE
                } else {
                    FaceFacts::PLAY_PHASE
                }
            } else {
                let mut k = FaceFacts::PLAY_IMMEDIATE;
                if self.st.faceoff.is_some() {
                    k |= FaceFacts::PLAY_FACEOFF;
                }
                if !self.st.reactable.is_empty() {
                    k |= FaceFacts::PLAY_REACTION;
                }
                k
            }
        };
        // The hand, and any card the player may play as though it were there.
        let cards = if !self.scan_skips || self.facts.faces.has(play) {
            self.playable_cards(p)
        } else {
            std::borrow::Cow::Borrowed(&[][..])
        };
        let hand: &[CardId] = &cards;
        for (n, &c) in hand.iter().enumerate() {
            // Most cards in hand have no play ability of such a timing: one look at the
            // face's facts passes over them.
            if self.scan_skips && !self.face_facts(c).has(play) {
                continue;
            }
            let (def, zone) = (self.card(c).def, self.card(c).zone);
            // 512.1, 302.1: a Friend's own timed plays (CN12).
            if self.def(c).card_type == CardType::Friend {
                if !hand[..n]
                    .iter()
                    .any(|&x| self.card(x).def == def && self.card(x).zone == zone)
                    && !self.card_play_prohibited(p, c)
                    && powers.meets_play_requirements(c)
                {
                    self.push_timed_plays(p, c, phase, out);
                }
                continue;
            }
            if self.def(c).card_type != CardType::Event
                || hand[..n].iter().any(|&x| {
                    self.card(x).def == def
                        && self.card(x).zone == zone
                        && !self.card_play_prohibited(p, x)
                })
                || self.card_play_prohibited(p, c)
            {
                continue;
            }
            for (i, a) in self.face(c).abilities.iter().enumerate() {
                if let Ability::Play { timing, cost, .. } = a {
                    let ctx = crate::ability::trigger::Ctx::of(c, p);
                    if self.timing_allows(p, c, timing, phase)
                        && self.player(p).tokens >= self.play_cost(p, c)
                        && powers.meets_play_requirements(c)
                        && self.can_pay(cost, &ctx)
                    {
                        out.push(Choice::Activate {
                            card: c,
                            index: i as u8,
                        });
                    }
                }
            }
        }
        // A "[x] Phase" timing is allowed only with `phase`, the others only without
        // (`timing_allows`).
        let kind = if phase {
            crate::pool::FaceFacts::ACTIVATED_PHASE
        } else {
            crate::pool::FaceFacts::ACTIVATED_OTHER
        };
        for &c in self.in_play_with(kind) {
            let mine = self.card(c).controller == p;
            for (i, a) in self.abilities(c).iter().enumerate() {
                let (timing, condition, cost) = match a {
                    Ability::Activated {
                        timing,
                        condition,
                        cost,
                        ..
                    } if mine => (timing, condition.as_ref(), cost),
                    Ability::ActivatedByAny {
                        timing,
                        condition,
                        cost,
                        ..
                    } => (timing, condition.as_ref(), cost),
                    _ => continue,
                };
                {
                    let ctx = crate::ability::trigger::Ctx {
                        printed: false,
                        layer: crate::rules::layers::ALL_LAYERS,
                        source: c,
                        you: p,
                        it: None,
                        there: self.card(c).area,
                        player: None,
                    };
                    if self.timing_allows(p, c, timing, phase)
                        && condition.is_none_or(|w| self.holds(w, &ctx))
                        && self.can_pay(cost, &ctx)
                    {
                        out.push(Choice::Activate {
                            card: c,
                            index: i as u8,
                        });
                    }
                }
            }
        }
    }

    /// 512.1, 302.1: the plays of Friend `c` by its own timing (`Ability::PlayTimed`)
    /// that `p` may make now: one choice per area (their home or a Problem) where the
    /// ability's destination condition holds, nothing forbids the play and `p` can pay.
    fn push_timed_plays(&self, p: PlayerId, c: CardId, phase: bool, out: &mut Vec<Choice>) {
        let tokens = self.player(p).tokens;
        for a in &self.face(c).abilities {
            let crate::ability::Ability::PlayTimed { timing, to, .. } = a else {
                continue;
            };
            if !self.timing_allows(p, c, timing, phase) {
                continue;
            }
            for area in std::iter::once(Area::Home(p)).chain(self.problem_areas()) {
                let choice = Choice::PlayTimed { card: c, to: area };
                if !out.contains(&choice)
                    && self.timed_destination(p, c, to.as_ref(), area)
                    && !self.play_prohibited(p, c, area)
                    && tokens >= self.play_cost_at(p, c, area, None)
                {
                    out.push(choice);
                }
            }
        }
    }

    /// Whether a timed play's destination condition holds for `area`, read with `p` as
    /// "you" and the area as `There`.
    fn timed_destination(
        &self,
        p: PlayerId,
        c: CardId,
        to: Option<&crate::ability::Condition>,
        area: Area,
    ) -> bool {
        let ctx = crate::ability::trigger::Ctx {
            there: Some(area),
            ..crate::ability::trigger::Ctx::of(c, p)
        };
        to.is_none_or(|w| self.holds(w, &ctx))
    }

    /// What a Friend played by its own timing to `area` does once it has entered play:
    /// the `then` of the first such ability whose timing allows the play now and whose
    /// destination condition holds there.
    pub(crate) fn timed_play_then(
        &self,
        p: PlayerId,
        c: CardId,
        area: Area,
    ) -> Vec<crate::ability::Effect> {
        for a in &self.face(c).abilities {
            let crate::ability::Ability::PlayTimed { timing, to, then } = a else {
                continue;
            };
            if (self.timing_allows(p, c, timing, false) || self.timing_allows(p, c, timing, true))
                && self.timed_destination(p, c, to.as_ref(), area)
            {
                return then.clone();
            }
        }
        Vec::new()
    }

    fn timing_allows(
        &self,
        p: PlayerId,
        card: CardId,
        timing: &crate::ability::Timing,
        phase: bool,
    ) -> bool {
        use crate::ability::{PhaseName, Timing};
        match timing {
            Timing::Phase(name) => {
                // 512.3, 512.3a: the turn player, in that phase, never in a faceoff; the
                // phase is worked out only when the rest allows.
                if !(phase && p == self.st.turn_player && self.st.faceoff.is_none()) {
                    return false;
                }
                let now = match self.st.step.phase() {
                    crate::state::Phase::Ready => PhaseName::Ready,
                    crate::state::Phase::Troublemaker => PhaseName::Troublemaker,
                    crate::state::Phase::Main => PhaseName::Main,
                    crate::state::Phase::Score => PhaseName::Score,
                    crate::state::Phase::End => PhaseName::End,
                    crate::state::Phase::Setup => return false,
                };
                *name == now
            }
            // 512.3, 512.3a: as "[x] Phase", whichever phase it is.
            Timing::AnyPhase => {
                phase
                    && self.st.step.phase() != crate::state::Phase::Setup
                    && p == self.st.turn_player
                    && self.st.faceoff.is_none()
            }
            _ if phase => false,
            Timing::Immediate => true,
            Timing::Faceoff(kind) => self.in_faceoff(*kind),
            Timing::Reaction { when, condition } => self
                .reaction_available(p, card, when, condition.as_deref())
                .is_some(),
        }
    }

    /// 512.4c-d: the first event since the last window closed that this card may still
    /// react to.
    pub(crate) fn reaction_available(
        &self,
        p: PlayerId,
        card: CardId,
        trigger: &crate::ability::Trigger,
        condition: Option<&crate::ability::Condition>,
    ) -> Option<usize> {
        self.st.reactable.iter().position(|(e, used)| {
            !used.contains(&card)
                && self
                    .reaction_matches(trigger, condition, card, p, e)
                    .is_some()
        })
    }

    /// 802: whether the waves of triggered effects since the last decision form a loop
    /// nobody can stop. Only after many waves without a decision is the state digested;
    /// a repeated state is a loop, and so is an implausibly long run of waves (a loop that
    /// changes something each time, such as a growing count, never repeats exactly).
    fn loop_detected(&mut self) -> bool {
        const WATCH_AFTER: u32 = 64;
        const GIVE_UP_AFTER: u32 = 100_000;
        self.st.books.waves_since_decision += 1;
        if self.st.books.waves_since_decision <= WATCH_AFTER {
            return false;
        }
        let d = self.digest();
        let looped = self.st.books.loop_digests.contains(&d)
            || self.st.books.waves_since_decision > GIVE_UP_AFTER;
        if looped {
            self.st.books.loop_digests.clear();
            self.st.books.waves_since_decision = 0;
        } else {
            self.st.books.loop_digests.push(d);
        }
        looped
    }

    /// 511: waves of pre-priority processing until one changes nothing. Returns whether
    /// anything happened.
    pub(crate) fn pre_priority(&mut self) -> bool {
        // Nearly always nothing is due: find that out without copying the play zone, and
        // only look again once a card has changed.
        if self.st.books.pre_priority_settled {
            return false;
        }
        if !self.pre_priority_due() {
            self.st.books.pre_priority_settled = true;
            return false;
        }
        let mut any = false;
        loop {
            // 513.2: control a static ability gives (CG140), before 511.5 reads it.
            let mut changed = self.settle_control_statics();
            let cards: Vec<_> = self.st.in_play.clone();
            for c in cards {
                let k = self.card(c).clone();
                if k.zone != crate::ids::Zone::Play {
                    continue;
                }
                // 511.2, 511.3: attachments whose host is gone, face-down or no longer fits.
                if self.attachment_lost_host(c) {
                    // 104.4: only a replacement that banishes it may apply; one waiting
                    // for a choice is settled before this processing runs again.
                    match self.occur(Occurrence::Dismiss {
                        card: c,
                        by_game: true,
                    }) {
                        Some(done) => changed |= done,
                        None => return true,
                    }
                    continue;
                }
                // 511.4: frightened non-Friends are turned face-up.
                if k.frightened && !self.has_type(c, CardType::Friend) {
                    changed |= self.perform(Occurrence::Unfrighten(c));
                }
                // 511.5: characters in an area that has ceased to exist (a Dilemma's, 522.3)
                // go to their controller's home.
                if self.is_character(c)
                    && k.host.is_none()
                    && k.area.is_some_and(|a| self.area_gone(a))
                {
                    changed |= self.perform(Occurrence::Send {
                        card: c,
                        to: Area::Home(k.controller),
                        by_loser: false,
                    });
                    continue;
                }
                // 511.5: characters in another player's home go to their controller's home.
                if self.is_character(c) {
                    if let Some(Area::Home(owner)) = k.area {
                        if owner != k.controller {
                            changed |= self.perform(Occurrence::Send {
                                card: c,
                                to: Area::Home(k.controller),
                                by_loser: false,
                            });
                        }
                    }
                }
            }
            // 511.6: other cards left in an area that has ceased to exist are dismissed by
            // the game; attachments go with their hosts (and 511.2 sees to them).
            let cards: Vec<_> = self.st.in_play.clone();
            for c in cards {
                let k = self.card(c);
                if k.zone == crate::ids::Zone::Play
                    && k.host.is_none()
                    && !self.is_character(c)
                    && k.area.is_some_and(|a| self.area_gone(a))
                {
                    // 104.4, as for 511.2 above.
                    match self.occur(Occurrence::Dismiss {
                        card: c,
                        by_game: true,
                    }) {
                        Some(done) => changed |= done,
                        None => return true,
                    }
                }
            }
            if !changed {
                return any;
            }
            any = true;
        }
    }

    /// Whether some card meets a condition of 511.2-511.5 (the checks of
    /// [`Game::pre_priority`], read-only).
    fn pre_priority_due(&self) -> bool {
        self.control_statics_due()
            || self.st.in_play.iter().any(|&c| {
                let k = self.card(c);
                if k.zone != crate::ids::Zone::Play {
                    return false;
                }
                if self.attachment_lost_host(c) {
                    return true;
                }
                (k.frightened && !self.has_type(c, CardType::Friend))
                    || (matches!(k.area, Some(Area::Home(owner)) if owner != k.controller)
                        && self.is_character(c))
                    || (k.host.is_none() && k.area.is_some_and(|a| self.area_gone(a)))
            })
    }
}
