//! Replacement modifiers (710). Whatever makes a card leave play (an effect, a cost, a
//! player following a rule such as 616.3, or the game itself) and a confront (611) is
//! started with [`Game::occur`] instead of [`Game::perform`]. It looks for replacement
//! modifiers that would replace the occurrence (710.1, 711.2) and applies them:
//!
//! - none: the occurrence is performed at once;
//! - one that is not a "may": it is applied at once and the search repeats;
//! - otherwise a choice is needed: the occurrence is queued and becomes a
//!   [`Frame::Replace`] before the next frame runs. The affected player picks which
//!   modifier applies first when several would (710.5); a "may" is asked of the
//!   modifier's controller (712.3). After each, the search repeats (710.5b).
//!
//! A modifier that has replaced an occurrence (or been declined for it) never applies
//! again to it or to what replaced it (710.3). An occurrence that can't happen is never
//! replaced (104.2a), but a replacement is applied even when what replaces it can't be
//! done, and then nothing happens (710.4). The game's own dismissals are replaced only
//! by banishing a non-Problem card (104.3, 104.4).

use crate::ability::keyword;
use crate::ability::trigger::Ctx;
use crate::ability::{Ability, Condition, Instead, ScoreReason, StaticEffect, Subject, Who, Would};
use crate::card::CardType;
use crate::decision::{Choice, Decision, Prompt};
use crate::flow::Frame;
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::rules::occurrence::Occurrence;
use crate::state::Step;

/// Replacement indexes at and above this name keyword replacements (Persistent,
/// Vexing); from [`TIMED_BASE`] up, replacements an effect's modifier gives the card;
/// below it, the index of a static ability of the card.
const KEYWORD_BASE: u8 = 200;
const TIMED_BASE: u8 = 100;

/// One replacement modifier: replacement `index` of `source` (see [`KEYWORD_BASE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Rid {
    pub source: CardId,
    pub index: u8,
}

/// An occurrence on its way to happening while replacements are chosen.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Replacing {
    /// What will happen now (the original, or what replaced it).
    pub occ: Occurrence,
    /// 710.3: the modifiers already applied to it (or declined), which can't apply again.
    pub used: Vec<Rid>,
    /// A "may" modifier chosen and waiting for its controller's answer (712.3).
    pub asking: Option<Rid>,
    /// Who acts (`Bookkeeping::actor`) as it was asked for: one that waits for a choice
    /// happens later, still theirs (`Prohibition::By`, CG25).
    pub actor: Option<PlayerId>,
    /// Who makes the actor do it (`Bookkeeping::causer`), kept the same way.
    pub causer: Option<PlayerId>,
}

/// Something waiting to happen before the next frame runs: an occurrence waiting for
/// replacement choices, or a card's entry waiting for its controller's choices
/// (`rules/entering.rs`). They happen in the order they were queued.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Settling {
    Replace(Replacing),
    Enter(Box<crate::rules::entering::Entering>),
    /// A replacement's instructions, followed in the occurrence's place.
    Instead(Box<(Ctx, Vec<crate::ability::Effect>)>),
}

/// A modifier that would replace the occurrence now, and what it would replace it with.
#[derive(Clone, Copy, Debug)]
struct Applicable {
    id: Rid,
    /// Who answers its "may" (and follows its instructions).
    controller: PlayerId,
    optional: bool,
    instead: Occurrence,
    /// The card and player the occurrence is about, for its instructions.
    it: Option<CardId>,
    player: Option<PlayerId>,
}

/// A replacement modifier of a card, as written (borrowed from the script: every
/// occurrence reads the modifiers of the cards that may replace it).
struct Modifier<'a> {
    index: u8,
    /// A replacement hook (`rules/hooks.rs`): it decides what it replaces, and whose
    /// "may" it is; `would`, `instead` and `optional` are then not read.
    hook: Option<crate::ability::Hook>,
    /// A keyword's is made for it (`keyword::replacement`); a script's is borrowed.
    would: std::borrow::Cow<'a, Would>,
    instead: Instead,
    optional: bool,
    /// Paid as it applies; it applies only while it can be paid.
    cost: &'a [crate::ability::Cost],
    then: &'a [crate::ability::Effect],
    chooser: Option<Who>,
    condition: Option<&'a Condition>,
    /// Used up once it has replaced an occurrence ("the next time").
    once: bool,
}

impl Game {
    /// 710: performs an occurrence, letting replacement modifiers replace it. Returns
    /// whether it (or what replaced it) happened, or `None` when a player must choose
    /// first: the occurrence is then queued and settled before the next frame runs, so a
    /// frame that gets `None` should stop and continue later (pushing itself back).
    pub(crate) fn occur(&mut self, occ: Occurrence) -> Option<bool> {
        let mut r = Replacing {
            occ,
            used: Vec::new(),
            asking: None,
            actor: self.st.books.actor.get(),
            causer: self.st.books.causer.get(),
        };
        // Behind an occurrence already waiting, this one waits too, so they still
        // happen in order (the rest of "dismiss each …" is looked at while the first
        // is being decided, with the replacing cards still in play).
        if !self.st.replacing.is_empty() {
            self.st.replacing.push(Settling::Replace(r));
            return None;
        }
        match self.apply_forced(&mut r) {
            Some(done) => Some(done),
            None => {
                self.st.replacing.push(Settling::Replace(r));
                None
            }
        }
    }

    /// 517: `player` scores `points` (an occurrence replacements may replace); the points
    /// count as scored with `with` (517.2) unless something else happened instead. One
    /// waiting for a replacement choice counts as scored with them.
    pub(crate) fn score_points(
        &mut self,
        player: PlayerId,
        points: u16,
        with: Vec<CardId>,
        why: crate::rules::occurrence::ScoreWhy,
    ) {
        let before = self.player(player).score;
        let done = self.occur(Occurrence::Score {
            player,
            points,
            why,
        });
        let gained = self.player(player).score.saturating_sub(before);
        if done.is_none() {
            self.score_with(with, points);
        } else if gained > 0 {
            // Only what was scored counts (a per-turn limit may cut it, AD75).
            self.score_with(with, gained);
        }
    }

    /// The cards whose replacement modifiers would replace `occ` now (710.1), in play
    /// order, one entry per modifier.
    pub fn replacements(&self, occ: Occurrence) -> Vec<CardId> {
        self.applicable(occ, &[])
            .into_iter()
            .map(|a| a.id.source)
            .collect()
    }

    /// 508.1a: whether `occ` would be replaced now whatever anyone chooses (a modifier
    /// that applies and isn't a "may"), so a cost needing it can't be paid. A "may"
    /// another player could decline leaves the cost payable.
    pub(crate) fn surely_replaced(&self, occ: Occurrence) -> bool {
        self.applicable(occ, &[]).iter().any(|a| !a.optional)
    }

    /// Applies modifiers that need no choice; performs the occurrence once none
    /// applies. `None` when a choice is needed.
    fn apply_forced(&mut self, r: &mut Replacing) -> Option<bool> {
        loop {
            let apps = self.applicable(r.occ, &r.used);
            match apps.as_slice() {
                [] => return Some(self.perform(r.occ)),
                [one] if !one.optional => {
                    let one = *one;
                    self.take(r, one);
                }
                _ => return None,
            }
        }
    }

    /// Turns the queued occurrences into frames (the first queued runs first).
    pub(crate) fn push_replacing(&mut self) {
        let queued = std::mem::take(&mut self.st.replacing);
        for r in queued.into_iter().rev() {
            self.push(match r {
                Settling::Replace(r) => Frame::Replace(Box::new(r)),
                Settling::Enter(e) => Frame::Enter(e),
                Settling::Instead(x) => {
                    let (ctx, effects) = *x;
                    self.push_resolution(ctx, effects, false, Vec::new(), None);
                    continue;
                }
            });
        }
    }

    /// The frame of an occurrence waiting for replacement choices (710.5).
    pub(crate) fn replace_frame(
        &mut self,
        mut r: Box<Replacing>,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        match answer {
            Some(Choice::Replacement { card, index }) => {
                let id = Rid {
                    source: card,
                    index,
                };
                // 710.5a: a modifier that no longer applies does nothing.
                if let Some(a) = self
                    .applicable(r.occ, &r.used)
                    .into_iter()
                    .find(|a| a.id == id)
                {
                    if a.optional {
                        r.asking = Some(id);
                    } else {
                        self.take(&mut r, a);
                    }
                }
            }
            Some(Choice::Yes) => {
                if let Some(id) = r.asking.take() {
                    if let Some(a) = self
                        .applicable(r.occ, &r.used)
                        .into_iter()
                        .find(|a| a.id == id)
                    {
                        self.take(&mut r, a);
                    }
                }
            }
            Some(Choice::No) => {
                if let Some(id) = r.asking.take() {
                    r.used.push(id);
                }
            }
            _ => {}
        }
        if let Some(id) = r.asking {
            // 712.3: the modifier's "may" (a hook's may be another player's).
            let who = self
                .applicable(r.occ, &r.used)
                .into_iter()
                .find(|a| a.id == id)
                .map_or(self.card(id.source).controller, |a| a.controller);
            return self.ask(
                Frame::Replace(r),
                who,
                Prompt::May,
                vec![Choice::Yes, Choice::No],
            );
        }
        if self.apply_forced(&mut r).is_some() {
            return None;
        }
        let apps = self.applicable(r.occ, &r.used);
        if let [one] = apps.as_slice() {
            r.asking = Some(one.id);
            return self.ask(
                Frame::Replace(r),
                one.controller,
                Prompt::May,
                vec![Choice::Yes, Choice::No],
            );
        }
        let who = self.affected_player(r.occ);
        let choices = apps
            .iter()
            .map(|a| Choice::Replacement {
                card: a.id.source,
                index: a.id.index,
            })
            .collect();
        self.ask(Frame::Replace(r), who, Prompt::Replacement, choices)
    }

    /// Applies a modifier: its controller pays its cost, if it has one, and what it
    /// names takes the occurrence's place (710.3: it won't apply again).
    fn take(&mut self, r: &mut Replacing, a: Applicable) {
        r.used.push(a.id);
        let found = self
            .modifiers_of(a.id.source)
            .into_iter()
            .find(|m| m.index == a.id.index)
            .map(|m| (m.cost.to_vec(), m.then.to_vec(), m.once));
        if let Some((cost, then, once)) = found {
            if !cost.is_empty() {
                let ctx = self.ctx_of(a.id.source);
                self.pay(&cost, &ctx);
            }
            if !then.is_empty() {
                // Followed before the next frame runs, as a queued occurrence is.
                let ctx = Ctx {
                    you: a.controller,
                    it: a.it,
                    player: a.player,
                    ..self.ctx_of(a.id.source)
                };
                self.st
                    .replacing
                    .push(Settling::Instead(Box::new((ctx, then))));
            }
            if once {
                self.use_up_timed(a.id);
            }
        }
        r.occ = a.instead;
    }

    /// Whether the discard of `c` waits for a replacement choice (710.5): the card is
    /// still in its hand but on its way out, so it is not picked to be discarded again.
    pub(crate) fn discard_waiting(&self, c: CardId) -> bool {
        self.st.replacing.iter().any(|s| match s {
            Settling::Replace(r) => r.occ == Occurrence::Discard(c),
            Settling::Enter(_) | Settling::Instead(_) => false,
        })
    }

    /// Removes a replacement an effect gave a card for a while (`once`: "the next
    /// time"), found as `modifiers_of` numbers them.
    fn use_up_timed(&mut self, id: Rid) {
        let Some(i) = id.index.checked_sub(TIMED_BASE) else {
            return;
        };
        let object = self.card(id.source).object;
        let found = self
            .st
            .modifiers
            .iter()
            .enumerate()
            .filter(|(_, m)| {
                m.target == id.source
                    && m.object == object
                    && matches!(m.effect, StaticEffect::Replace { .. })
            })
            .nth(i as usize)
            .map(|(k, _)| k);
        if let Some(k) = found {
            self.st.modifiers.remove(k);
        }
    }

    /// What a replacement modifier does instead, in words for a choice's label.
    pub(crate) fn replacement_words(&self, card: CardId, index: u8) -> String {
        let Some(m) = self
            .modifiers_of(card)
            .into_iter()
            .find(|m| m.index == index)
        else {
            return "replace".into();
        };
        if let Some(h) = m.hook {
            return crate::rules::hooks::instead_words(h).into();
        }
        match m.instead {
            Instead::ToDeckTop => "put it on top of its deck instead",
            Instead::ToDeckBottom => "put it on the bottom of its deck instead",
            Instead::Frighten => "frighten it instead",
            Instead::RetireThis => "retire the card instead",
            Instead::ExhaustThis => "exhaust the card instead",
            Instead::TurnOverThis => "turn the card over instead",
            Instead::ToHand => "return it to its hand instead",
            Instead::Banish => "banish it instead",
            Instead::Exhaust => "exhaust it instead",
            Instead::SendHome => "send it home instead",
            Instead::Dismiss => "dismiss it instead",
            Instead::Retire => "retire it instead",
            Instead::Nothing => "prevent it",
            Instead::YouScore => "score the points instead",
            Instead::ScoreFewer(_) => "score fewer points instead",
        }
        .into()
    }

    /// 710.5: the player an occurrence affects: the controller of the card it is about,
    /// or the confronting player.
    fn affected_player(&self, occ: Occurrence) -> PlayerId {
        match occ {
            Occurrence::Confront { player, .. }
            | Occurrence::Draw(player)
            | Occurrence::Flip(player)
            | Occurrence::DrawBottom(player)
            | Occurrence::Score { player, .. } => player,
            other => other
                .card()
                .map_or(self.st.turn_player, |c| self.card(c).controller),
        }
    }

    /// The replacement modifiers of a card in play (static abilities, then keywords).
    fn modifiers_of(&self, s: CardId) -> Vec<Modifier<'_>> {
        let mut out = Vec::new();
        let in_hand = self.card(s).zone == Zone::Hand;
        for (i, a) in self.abilities(s).iter().enumerate() {
            // In play its static abilities; in its owner's hand those that work there
            // (its own discard, CN25).
            let a = match a {
                Ability::From(crate::ability::OutOfPlay::Hand, inner) if in_hand => &**inner,
                Ability::From(..) if in_hand => continue,
                Ability::From(..)
                | Ability::Static { .. }
                | Ability::Triggered { .. }
                | Ability::Activated { .. }
                | Ability::Attach(_)
                | Ability::Play { .. }
                | Ability::ActivatedByAny { .. }
                | Ability::AsEntersPlay(_)
                | Ability::PlayRequires(_)
                | Ability::PlayCost(_)
                | Ability::PlayTimed { .. } => {
                    if in_hand {
                        continue;
                    }
                    a
                }
            };
            let Ability::Static { effect, condition } = a else {
                continue;
            };
            if let StaticEffect::Hook(h) = effect {
                match crate::rules::hooks::kind(*h) {
                    crate::rules::hooks::HookKind::Replacement => out.push(Modifier {
                        index: i as u8,
                        hook: Some(*h),
                        would: std::borrow::Cow::Owned(Would::Draw(Who::Each)),
                        instead: Instead::Nothing,
                        optional: true,
                        cost: &[],
                        then: &[],
                        chooser: None,
                        condition: condition.as_ref(),
                        once: false,
                    }),
                }
                continue;
            }
            let StaticEffect::Replace {
                would,
                instead,
                optional,
                cost,
                then,
                chooser,
                once,
            } = effect
            else {
                continue;
            };
            out.push(Modifier {
                index: i as u8,
                hook: None,
                would: std::borrow::Cow::Borrowed(would),
                instead: *instead,
                optional: *optional,
                cost,
                then,
                chooser: *chooser,
                condition: condition.as_ref(),
                once: *once,
            });
        }
        // Replacements an effect gave the card for a while (`Effect::Until`), in the
        // order they were made (CN127 gives one to its controller's Mane Character).
        let object = self.card(s).object;
        let keeps = !self.lacks_abilities(s);
        let timed = self.st.modifiers.iter().filter(|m| {
            keeps
                && m.target == s
                && m.object == object
                && matches!(m.effect, StaticEffect::Replace { .. })
        });
        for (i, m) in timed.take((KEYWORD_BASE - TIMED_BASE) as usize).enumerate() {
            if let StaticEffect::Replace {
                would,
                instead,
                optional,
                cost,
                then,
                chooser,
                once,
            } = &m.effect
            {
                out.push(Modifier {
                    index: TIMED_BASE + i as u8,
                    hook: None,
                    would: std::borrow::Cow::Borrowed(would),
                    instead: *instead,
                    optional: *optional,
                    cost,
                    then,
                    chooser: *chooser,
                    condition: None,
                    once: *once,
                });
            }
        }
        for (i, &k) in keyword::REPLACING.iter().enumerate() {
            if let Some((would, instead)) = keyword::replacement(k) {
                if self.has_keyword(s, |x| x == k) {
                    out.push(Modifier {
                        index: KEYWORD_BASE + i as u8,
                        hook: None,
                        would: std::borrow::Cow::Owned(would),
                        instead,
                        optional: true,
                        cost: &[],
                        then: &[],
                        chooser: None,
                        condition: None,
                        once: false,
                    });
                }
            }
        }
        out
    }

    /// The modifiers that would replace `occ` now, leaving out those in `used` (710.3).
    fn applicable(&self, occ: Occurrence, used: &[Rid]) -> Vec<Applicable> {
        let mut out = Vec::new();
        if !self.facts.replacements {
            return out;
        }
        // A card's replacements are on its face unless they may come from elsewhere (a
        // granted keyword, Teamwork).
        let scan = if self.facts.granted_replacing {
            &self.st.in_play
        } else {
            self.in_play_with(crate::pool::FaceFacts::REPLACE)
        };
        // A card whose replacement works in its owner's hand is looked at for its own
        // occurrences there (CN25).
        let own_hand = occ
            .card()
            .filter(|&c| self.facts.hand_replacements && self.card(c).zone == Zone::Hand);
        // 104.2a: an occurrence that can't happen can't be replaced. Without a card that
        // may replace it, whether it can is left to `perform`, not worked out twice.
        if (scan.is_empty() && own_hand.is_none()) || !self.can_happen(occ) {
            return out;
        }
        for &s in scan.iter().chain(own_hand.iter()) {
            if self.card(s).zone != Zone::Play && Some(s) != own_hand {
                continue;
            }
            for m in self.modifiers_of(s) {
                let id = Rid {
                    source: s,
                    index: m.index,
                };
                if used.contains(&id) {
                    continue;
                }
                // A card in a hand is its owner's.
                let you = if Some(s) == own_hand {
                    self.card(s).owner
                } else {
                    self.card(s).controller
                };
                if let Some(h) = m.hook {
                    let ctx = self.ctx_of(s);
                    if m.condition.is_some_and(|c| !self.holds(c, &ctx)) {
                        continue;
                    }
                    if let Some((instead, chooser)) = crate::rules::hooks::replaces(self, h, s, occ)
                    {
                        out.push(Applicable {
                            id,
                            controller: chooser,
                            optional: true,
                            instead,
                            it: None,
                            player: None,
                        });
                    }
                    continue;
                }
                let Some(ctx) = self.would_fit(&m.would, s, you, occ) else {
                    continue;
                };
                if m.condition.is_some_and(|c| !self.holds(c, &ctx)) {
                    continue;
                }
                // 508.1d: a cost that can't be paid keeps the modifier from applying.
                if !m.cost.is_empty() && !self.can_pay_unreplaced(m.cost, &self.ctx_of(s)) {
                    continue;
                }
                let Some(instead) = instead_of(self, m.instead, s, ctx.it, ctx.player, occ) else {
                    continue;
                };
                // 104.3, 104.4: the game's dismissals are replaced only by banishing a
                // card that is not a Problem.
                if let Occurrence::Dismiss {
                    card,
                    by_game: true,
                } = occ
                {
                    if instead != Occurrence::Banish(card)
                        || self.def(card).card_type == CardType::Problem
                    {
                        continue;
                    }
                }
                // 712.3: the "may" is the controller's unless it names another player.
                let controller = match m.chooser {
                    None => you,
                    Some(w) => self
                        .players_named(w, &ctx)
                        .into_iter()
                        .next()
                        .unwrap_or(you),
                };
                out.push(Applicable {
                    id,
                    controller,
                    optional: m.optional,
                    instead,
                    it: ctx.it,
                    player: ctx.player,
                });
            }
        }
        out
    }

    /// Whether `occ` is what `would` watches for (of `source`, controlled by `you`); the
    /// context its condition is read in (`It` is the card concerned, `There` its area,
    /// "that player" the confronting player).
    fn would_fit(
        &self,
        would: &Would,
        source: CardId,
        you: PlayerId,
        occ: Occurrence,
    ) -> Option<Ctx> {
        let ctx = |it: Option<CardId>, there: Option<Area>, player: Option<PlayerId>| Ctx {
            source,
            you,
            it,
            there,
            player,
            printed: true,
            layer: crate::rules::layers::ALL_LAYERS,
        };
        let subject = |s: &Subject, c: CardId| match s {
            Subject::This => c == source,
            Subject::Any(sel) => self.fits(c, sel, &ctx(Some(c), None, None)),
        };
        let about =
            |s: &Subject, c: CardId| subject(s, c).then(|| ctx(Some(c), self.card(c).area, None));
        let player = |who: Who, p: PlayerId| {
            let c = ctx(None, None, Some(p));
            self.names_player(who, &c, p).then_some(c)
        };
        match would {
            Would::LeavePlay(s) => {
                let c = occ.leaves_play_card()?;
                if self.card(c).zone != Zone::Play {
                    return None;
                }
                about(s, c)
            }
            Would::BeDismissed(s) => match occ {
                Occurrence::Dismiss { card, .. } => about(s, card),
                _ => None,
            },
            Would::Confront(who) => match occ {
                Occurrence::Confront { player, area } => {
                    let c = ctx(None, Some(area), Some(player));
                    (self.card(source).area == Some(area) && self.names_player(*who, &c, player))
                        .then_some(c)
                }
                _ => None,
            },
            Would::BeFrightened(s) => match occ {
                Occurrence::Frighten(card) => about(s, card),
                _ => None,
            },
            Would::BeSentHome(s) => match occ {
                Occurrence::Send {
                    card,
                    to: Area::Home(_),
                    ..
                } => about(s, card),
                _ => None,
            },
            Would::LoserSendsHome(s) => match occ {
                Occurrence::Send {
                    card,
                    to: Area::Home(loser),
                    by_loser: true,
                } => subject(s, card).then(|| ctx(Some(card), self.card(card).area, Some(loser))),
                _ => None,
            },
            Would::SolvedSendsHome(s) => match occ {
                Occurrence::Send {
                    card,
                    to: Area::Home(_),
                    by_loser: false,
                } if self.st.step == Step::Solve
                    && self
                        .card(card)
                        .area
                        .is_some_and(|a| self.st.solved.contains(&a)) =>
                {
                    about(s, card)
                }
                _ => None,
            },
            Would::BeReadied(s) => match occ {
                Occurrence::Ready(card) => about(s, card),
                _ => None,
            },
            Would::BeMoved(s) => match occ {
                Occurrence::Move { card, .. } => about(s, card),
                _ => None,
            },
            Would::Draw(who) => match occ {
                Occurrence::Draw(p) => player(*who, p),
                _ => None,
            },
            Would::Flip(who) => match occ {
                Occurrence::Flip(p) => player(*who, p),
                _ => None,
            },
            Would::Score(who) => match occ {
                Occurrence::Score { player: p, .. } => player(*who, p),
                _ => None,
            },
            Would::ScoreHere(who, reason) => match occ {
                Occurrence::Score { player: p, why, .. } => {
                    use crate::rules::occurrence::ScoreWhy;
                    let at = match (reason, why) {
                        (ScoreReason::Confront, ScoreWhy::Confront(a))
                        | (ScoreReason::Bonus, ScoreWhy::Bonus(a))
                        | (ScoreReason::Defeat, ScoreWhy::Defeat(a)) => a,
                        (
                            ScoreReason::Confront | ScoreReason::Bonus | ScoreReason::Defeat,
                            ScoreWhy::Confront(_)
                            | ScoreWhy::Bonus(_)
                            | ScoreWhy::Defeat(_)
                            | ScoreWhy::Effect,
                        ) => return None,
                    };
                    let here = self.card(source).area;
                    // 514.6c: a Multi Problem faceoff's highest bonus is every tied
                    // Problem's bonus, not just the first's.
                    let tied = || {
                        let bonus = |a| self.problem_at(a).and_then(|q| self.problem_bonus(q));
                        here.is_some_and(|h| {
                            self.faceoff_areas().contains(&h)
                                && bonus(h).is_some()
                                && bonus(h) == bonus(at)
                        })
                    };
                    let counts = match reason {
                        ScoreReason::Bonus => here == Some(at) || tied(),
                        ScoreReason::Confront | ScoreReason::Defeat => here == Some(at),
                    };
                    if !counts {
                        return None;
                    }
                    player(*who, p)
                }
                _ => None,
            },
            // The discarding is the player's whose effect or cost makes it: the one acting
            // (`Bookkeeping::actor`), or the player whose effect tells them to with no
            // choice of theirs (`Bookkeeping::causer`: CN178's "each player discards" is
            // its controller's doing); the game's own discards are nobody's.
            Would::BeDiscarded(s, by) => match occ {
                Occurrence::Discard(card) => {
                    let actor = self.st.books.causer.get().or(self.st.books.actor.get())?;
                    let c = about(s, card)?;
                    self.names_player(*by, &ctx(Some(card), None, Some(actor)), actor)
                        .then_some(c)
                }
                _ => None,
            },
            Would::ToDiscardPile(s) => {
                let c = occ.to_discard_card()?;
                // 303.3, 522.3a: a Problem goes under its deck instead.
                if self.def(c).card_type == CardType::Problem && !self.is_dilemma_in_play(c) {
                    return None;
                }
                about(s, c)
            }
        }
    }
}

/// What a modifier's `instead` makes happen: to the card concerned, or (`RetireThis`)
/// to the modifier's own card.
fn instead_of(
    g: &Game,
    instead: Instead,
    source: CardId,
    it: Option<CardId>,
    player: Option<PlayerId>,
    occ: Occurrence,
) -> Option<Occurrence> {
    Some(match instead {
        // 517: the same points, for the same reason, scored by another player or fewer.
        Instead::YouScore => match occ {
            Occurrence::Score { points, why, .. } => Occurrence::Score {
                player: g.card(source).controller,
                points,
                why,
            },
            _ => return None,
        },
        Instead::ScoreFewer(n) => match occ {
            Occurrence::Score {
                player,
                points,
                why,
            } => Occurrence::Score {
                player,
                points: points.saturating_sub(n),
                why,
            },
            _ => return None,
        },
        Instead::RetireThis => Occurrence::Retire(source),
        Instead::ExhaustThis => Occurrence::Exhaust(source),
        Instead::TurnOverThis => Occurrence::TurnOver(source),
        Instead::ToDeckTop => Occurrence::ToDeckTop(it?),
        Instead::ToDeckBottom => Occurrence::ToBottom(it?),
        Instead::Frighten => Occurrence::Frighten(it?),
        Instead::ToHand => Occurrence::ToHand(it?),
        Instead::Banish => Occurrence::Banish(it?),
        Instead::Exhaust => Occurrence::Exhaust(it?),
        Instead::SendHome => {
            let c = it?;
            Occurrence::Send {
                card: c,
                to: Area::Home(g.card(c).controller),
                by_loser: false,
            }
        }
        Instead::Dismiss => Occurrence::Dismiss {
            card: it?,
            by_game: false,
        },
        Instead::Retire => Occurrence::Retire(it?),
        // Losing no tokens is nothing happening (an occurrence that can always happen,
        // so a "nothing" result is never itself replaced).
        Instead::Nothing => Occurrence::LoseTokens {
            player: player.or_else(|| it.map(|c| g.card(c).controller))?,
            amount: 0,
        },
    })
}

impl Occurrence {
    /// The card an occurrence is about, if one.
    pub fn card(self) -> Option<CardId> {
        use Occurrence::*;
        match self {
            Discard(c)
            | Dismiss { card: c, .. }
            | Retire(c)
            | Banish(c)
            | Move { card: c, .. }
            | Send { card: c, .. }
            | Frighten(c)
            | Unfrighten(c)
            | Exhaust(c)
            | Ready(c)
            | EnterPlay { card: c, .. }
            | Uncover(c)
            | TurnOver(c)
            | Cover(c)
            | ToHand(c)
            | ToDeckTop(c)
            | ToBottom(c)
            | ToDiscard(c)
            | Reattach { card: c, .. }
            | PutCounters { card: c, .. }
            | RemoveCounters { card: c, .. }
            | PutBack { card: c, .. } => Some(c),
            Draw(_)
            | DrawBottom(_)
            | Flip(_)
            | Score { .. }
            | GainTokens { .. }
            | PayTokens { .. }
            | LoseTokens { .. }
            | Mill(_)
            | Confront { .. }
            | CreateToken { .. } => None,
        }
    }

    /// The card this occurrence would put into a discard pile, if it is one that can.
    fn to_discard_card(self) -> Option<CardId> {
        use Occurrence::*;
        match self {
            Dismiss { card: c, .. } | Retire(c) | Discard(c) | ToDiscard(c) => Some(c),
            Draw(_)
            | DrawBottom(_)
            | Banish(_)
            | Move { .. }
            | Send { .. }
            | Frighten(_)
            | Unfrighten(_)
            | Exhaust(_)
            | Ready(_)
            | Flip(_)
            | EnterPlay { .. }
            | Score { .. }
            | GainTokens { .. }
            | PayTokens { .. }
            | LoseTokens { .. }
            | Uncover(_)
            | TurnOver(_)
            | Cover(_)
            | ToHand(_)
            | ToDeckTop(_)
            | ToBottom(_)
            | Mill(_)
            | Reattach { .. }
            | Confront { .. }
            | PutCounters { .. }
            | RemoveCounters { .. }
            | PutBack { .. }
            | CreateToken { .. } => None,
        }
    }

    /// The card this occurrence would take out of play, if it is one that can (the
    /// caller checks the card is in play).
    fn leaves_play_card(self) -> Option<CardId> {
        use Occurrence::*;
        match self {
            Dismiss { card: c, .. }
            | Retire(c)
            | Banish(c)
            | ToHand(c)
            | ToDeckTop(c)
            | ToBottom(c) => Some(c),
            Draw(_)
            | DrawBottom(_)
            | Discard(_)
            | Move { .. }
            | Send { .. }
            | Frighten(_)
            | Unfrighten(_)
            | Exhaust(_)
            | Ready(_)
            | Flip(_)
            | EnterPlay { .. }
            | Score { .. }
            | GainTokens { .. }
            | PayTokens { .. }
            | LoseTokens { .. }
            | Uncover(_)
            | TurnOver(_)
            | Cover(_)
            | ToDiscard(_)
            | Mill(_)
            | Reattach { .. }
            | Confront { .. }
            | PutCounters { .. }
            | RemoveCounters { .. }
            | PutBack { .. }
            | CreateToken { .. } => None,
        }
    }
}
