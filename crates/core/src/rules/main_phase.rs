//! Main Phase actions (609.2) and processing an action (705.2).

use crate::ability::trigger::Ctx;
use crate::ability::{Amount, Cards, Cost, CostedAction, Effect, Place, Target, Who};
use crate::card::CardType;
use crate::decision::Choice;
use crate::event::Event;
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::rules::colorpower::ColorPowers;
use crate::rules::occurrence::Occurrence;

/// 609.2b: a move costs 2 and never less than 1.
pub const MOVE_COST: u16 = 2;
/// 609.2c, 609.2d.
pub const TROUBLEMAKER_COST: u16 = 1;
pub const DRAW_COST: u16 = 1;
/// 609.2e.
pub const RALLY_COST: u16 = 2;

impl Game {
    /// Every Main Phase action the player can take now (609.2), one choice per distinct
    /// outcome: copies of a card in the same situation give one choice.
    pub(crate) fn main_phase_actions(&self, p: PlayerId) -> Vec<Choice> {
        // Room for a typical list and the caller's "continue", so it is allocated once.
        let mut out = Vec::with_capacity(32);
        let tokens = self.player(p).tokens;
        let problems = self.problem_area_list();
        // The hand, and any card the player may play as though it were there.
        let hand = self.playable_cards(p);
        let powers = ColorPowers::new(self, p);
        for (i, &c) in hand.iter().enumerate() {
            let (def, zone) = (self.card(c).def, self.card(c).zone);
            if hand[..i]
                .iter()
                .any(|&x| self.card(x).def == def && self.card(x).zone == zone)
                || self.card_play_prohibited(p, c)
            {
                continue;
            }
            // Costs scoped to a place are checked per destination below.
            match self.def(c).card_type {
                CardType::Friend if powers.meets_play_requirements(c) => {
                    self.push_friend_plays(&mut out, p, c, &problems, tokens)
                }
                CardType::Resource if powers.meets_play_requirements(c) => {
                    match self.host_description(c) {
                        // 305.1b, 509.1: an attachment is played on a card that fits.
                        Some(sel) => {
                            let ctx = crate::ability::trigger::Ctx::of(c, p);
                            for host in self.distinct(self.matching(sel, &ctx)) {
                                let at = self.card(host).area;
                                // An attachment is played to its host's area (CG181).
                                if at.is_some_and(|a| {
                                    !self.play_on_prohibited(p, c, host)
                                        && tokens >= self.play_cost_at(p, c, a, Some(host))
                                }) {
                                    out.push(Choice::PlayOn { card: c, host });
                                }
                            }
                        }
                        None if tokens
                            >= self.play_cost_at(p, c, self.entry_area(c, Area::Home(p)), None) =>
                        {
                            out.push(Choice::PlayResource { card: c })
                        }
                        None => {}
                    }
                }
                CardType::Troublemaker => {
                    for &a in problems.iter() {
                        if !self.play_prohibited(p, c, a)
                            && tokens >= self.troublemaker_cost(p, c, a)
                        {
                            out.push(Choice::PlayTroublemaker { card: c, to: a });
                        }
                    }
                }
                // Events are played by their timing phrases (512), which need abilities.
                _ => {}
            }
        }
        let mover = |c: CardId| {
            let k = self.card(c);
            (k.controller == p && self.is_character(c)).then_some((
                k.def,
                k.area,
                k.exhaustion,
                k.frightened,
                k.power_counters,
            ))
        };
        // Home first, then the Problems; what opposing cards add is the same for every mover.
        let mut extra = [(Area::Home(p), 0i16); 13];
        let mut spilled = Vec::new();
        let targets: &[(Area, i16)] = if problems.len() < extra.len() {
            for (i, &a) in problems.iter().enumerate() {
                extra[i + 1] = (a, self.move_cost_extra(p, a));
            }
            &extra[..problems.len() + 1]
        } else {
            // More Problem areas than fit inline (many Dilemmas, 522.2a).
            spilled.push((Area::Home(p), 0i16));
            spilled.extend(problems.iter().map(|&a| (a, self.move_cost_extra(p, a))));
            &spilled
        };
        let in_play = &self.st.in_play;
        // Each card's situation is read once: comparing it with every earlier card's
        // afresh made this scan quadratic in reads of types and modifiers.
        let mut inline_keys = [None; 48];
        let mut spilled_keys = Vec::new();
        let keys: &[Option<_>] = if in_play.len() <= inline_keys.len() {
            for (slot, &c) in inline_keys.iter_mut().zip(in_play.iter()) {
                *slot = mover(c);
            }
            &inline_keys[..in_play.len()]
        } else {
            spilled_keys.extend(in_play.iter().map(|&c| mover(c)));
            &spilled_keys
        };
        for (i, &c) in in_play.iter().enumerate() {
            let Some(key) = keys[i] else {
                continue;
            };
            // An earlier character in the same situation already gave these choices.
            let mut plain = None;
            if keys[..i].iter().zip(in_play.iter()).any(|(&k, &o)| {
                k == Some(key)
                    && self.no_extras(o)
                    && *plain.get_or_insert_with(|| self.no_extras(c))
            }) {
                continue;
            }
            // 104.2: a card that can't be unfrightened is not offered for rallying.
            if key.3
                && tokens >= self.action_cost(CostedAction::Rally, p, RALLY_COST, Some(c))
                && self.can_happen(Occurrence::Unfrighten(c))
            {
                out.push(Choice::Rally { card: c });
            }
            let base = self.move_cost_base(c);
            for &(to, extra) in targets {
                let cost = Self::move_cost_sum(base + self.move_changes(p, c, to), extra);
                if tokens >= cost && self.may_move(p, c, to) {
                    out.push(Choice::Move { card: c, to });
                }
            }
        }
        if tokens >= self.action_cost(CostedAction::Draw, p, DRAW_COST, None)
            && self.can_happen(Occurrence::Draw(p))
        {
            out.push(Choice::Draw);
        }
        // 609.2a, 609.2f: Main Phase Events and abilities.
        self.timed_actions(p, true, &mut out, &powers);
        out
    }

    /// 705.2: announce, determine and pay costs, put a played card in the queue, then
    /// follow the instructions. The listed choices were legal when offered, so the costs
    /// can be paid here.
    pub(crate) fn take_action(&mut self, p: PlayerId, action: Choice) {
        match action {
            Choice::PlayFriend { card, to } => {
                let cost = self.play_cost_at(p, card, to, None);
                self.play_to(p, card, cost, to, false, None);
            }
            Choice::PlayTimed { card, to } => {
                // 512.1: played by its own timing; what it does then waits beneath the
                // play, so it follows once the card has entered play (nothing if it hasn't).
                let then = self.timed_play_then(p, card, to);
                if !then.is_empty() {
                    self.push_resolution(Ctx::of(card, p), then, false, Vec::new(), None);
                }
                let cost = self.play_cost_at(p, card, to, None);
                self.play_to(p, card, cost, to, false, None);
            }
            Choice::PlayRedeemed { card, to, retire } => self.play_redeemed(p, card, to, retire),
            Choice::PlayTransformed {
                card,
                to,
                returning,
            } => self.play_transformed(p, card, to, returning),
            Choice::PlayOn { card, host } => {
                // 305.1b, 509.3: at its host's area, attached to it.
                if let Some(at) = self.card(host).area {
                    let cost = self.play_cost_at(p, card, at, Some(host));
                    self.play_to(p, card, cost, at, false, Some(host));
                }
            }
            Choice::PlayResource { card } => {
                // 305.1a: non-attachment Resources go to their owner's home; a Dilemma
                // to an area of its own (522.2).
                let to = self.entry_area(card, Area::Home(p));
                let cost = self.play_cost_at(p, card, to, None);
                self.play_to(p, card, cost, to, false, None);
            }
            Choice::PlayTroublemaker { card, to } => {
                // 306.1, 609.2c: face-down at a Problem.
                let cost = self.troublemaker_cost(p, card, to);
                self.play_to(p, card, cost, to, true, None);
            }
            Choice::Move { card, to } => {
                let cost = self.move_cost(p, card, to);
                if self.perform(Occurrence::PayTokens {
                    player: p,
                    amount: cost,
                }) {
                    self.move_by(p, card, to);
                }
            }
            Choice::Draw => {
                if self.perform(Occurrence::PayTokens {
                    player: p,
                    amount: self.action_cost(CostedAction::Draw, p, DRAW_COST, None),
                }) {
                    self.occur(Occurrence::Draw(p));
                }
            }
            Choice::Rally { card } => {
                if self.perform(Occurrence::PayTokens {
                    player: p,
                    amount: self.action_cost(CostedAction::Rally, p, RALLY_COST, Some(card)),
                }) {
                    self.perform(Occurrence::Unfrighten(card));
                }
            }
            Choice::Activate { card, index } => self.activate(p, card, index),
            other => unreachable!("{other:?} is not an action"),
        }
    }

    /// 705.2 for an Event (304.2) or an activated ability (703): pay, put a played card in
    /// the queue, then follow its instructions.
    fn activate(&mut self, p: PlayerId, card: CardId, index: u8) {
        use crate::ability::Ability;
        // An Event is played from the hand, or from where it may be played as though
        // it were there (`rules/zones.rs`); an activated ability works in play.
        let from_hand = matches!(
            self.card(card).zone,
            Zone::Hand | Zone::Discard | Zone::Banished
        );
        let ability = if from_hand {
            self.face(card).abilities.get(index as usize).cloned()
        } else {
            self.abilities(card).get(index as usize).cloned()
        };
        // A Reaction reads "that card", "there" and "that player" from the occurrence it
        // answers.
        let reacting = match &ability {
            Some(
                Ability::Play {
                    timing: crate::ability::Timing::Reaction { when, condition },
                    ..
                }
                | Ability::Activated {
                    timing: crate::ability::Timing::Reaction { when, condition },
                    ..
                },
            ) => self
                .reaction_available(p, card, when, condition.as_deref())
                .and_then(|i| {
                    self.reaction_matches(
                        when,
                        condition.as_deref(),
                        card,
                        p,
                        &self.st.reactable[i].0,
                    )
                }),
            _ => None,
        };
        let (it, there, player) = match reacting {
            Some((it, there, player)) => (it, there.or(self.card(card).area), player),
            None => (None, self.card(card).area, None),
        };
        let ctx = crate::ability::trigger::Ctx {
            printed: false,
            layer: crate::rules::layers::ALL_LAYERS,
            source: card,
            you: p,
            it,
            there,
            player,
        };
        match ability {
            Some(Ability::Play {
                timing,
                cost,
                effects,
            }) if from_hand => {
                self.mark_reaction(p, card, &timing);
                let tokens = self.play_cost(p, card);
                if !self.perform(Occurrence::PayTokens {
                    player: p,
                    amount: tokens,
                }) {
                    return;
                }
                let mut steps = self.pay_choosing(cost, &ctx);
                let paying = steps.len();
                steps.extend(effects);
                self.use_discounts(p, card);
                self.relocate(card, Zone::Queue, false);
                self.card_mut(card).controller = p;
                self.log(Event::Played { player: p, card });
                self.push_resolution(ctx, steps, false, Vec::new(), Some(card));
                self.paying_on_top(paying);
            }
            Some(
                Ability::Activated {
                    timing,
                    cost,
                    effects,
                    ..
                }
                | Ability::ActivatedByAny {
                    timing,
                    cost,
                    effects,
                    ..
                },
            ) => {
                self.mark_reaction(p, card, &timing);
                let mut steps = self.pay_choosing(cost, &ctx);
                let paying = steps.len();
                steps.extend(effects);
                self.push_resolution(ctx, steps, false, Vec::new(), None);
                self.paying_on_top(paying);
            }
            _ => {}
        }
    }

    /// Pays the costs of an action being taken, except those where the player chooses
    /// which card pays (which card to dismiss, exhaust or discard): those are returned as
    /// the first steps of the resolution, so the player picks among the cards that can
    /// pay, with labels, before any instruction (508.1). The action was offered only if
    /// every cost could be paid (104.2a), so the steps find what they need.
    pub(crate) fn pay_choosing(&mut self, cost: Vec<Cost>, ctx: &Ctx) -> Vec<Effect> {
        let mut fixed = Vec::new();
        let mut steps = Vec::new();
        for c in cost {
            match c {
                // The card chosen to pay is `It` for the instructions that follow ("if you
                // do", its colours: CG108, CG139); the `Pick` offers only cards that can pay
                // (`Selection::paying`).
                Cost::Dismiss(sel) => {
                    steps.push(Effect::Pick(Target::Choose(sel)));
                    steps.push(Effect::Dismiss(Target::It));
                }
                Cost::Retire(sel) => {
                    steps.push(Effect::Pick(Target::Choose(sel)));
                    steps.push(Effect::Retire(Target::It));
                }
                // Only a ready card can be exhausted (503.2a); frightened cards and
                // Problems are not ready (503.4a, 504.2).
                Cost::Exhaust(sel) => {
                    steps.push(Effect::Pick(Target::Choose(Cards {
                        ready: Some(true),
                        ..sel
                    })));
                    steps.push(Effect::Exhaust(Target::It));
                }
                Cost::DiscardA(sel) => {
                    steps.push(Effect::Pick(Target::Choose(
                        crate::ability::resolve::in_hand(&sel),
                    )));
                    steps.push(Effect::DiscardCards(Target::It));
                }
                // The card spent from is `It` for the instructions that follow.
                Cost::SpendFrom(sel) => {
                    steps.push(Effect::Pick(Target::Choose(Cards {
                        has_beneath: true,
                        ..sel
                    })));
                    steps.push(Effect::SpendCards(Target::Exactly(
                        Amount::N(1),
                        Cards {
                            place: Some(Place::BeneathIt),
                            ..Cards::default()
                        },
                    )));
                }
                // The card the counter comes from is `It`, and its kind the chosen one,
                // for the instructions that follow.
                Cost::RemoveCounterFrom(sel) => {
                    steps.push(Effect::ChooseCounter(sel));
                    steps.push(Effect::RemoveChosenCounters {
                        target: Target::It,
                        amount: Amount::N(1),
                    });
                }
                Cost::Discard(n) => steps.push(Effect::Discard {
                    who: Who::You,
                    amount: Amount::N(n as i16),
                    random: false,
                }),
                Cost::Tokens(_)
                | Cost::ExhaustThis
                | Cost::RetireThis
                | Cost::DismissThis
                | Cost::ReturnThisToHand
                | Cost::BanishThis
                | Cost::TokensLessPer { .. }
                | Cost::TokensOf(_)
                | Cost::RemoveCounters { .. }
                | Cost::Spend(_) => fixed.push(c),
            }
        }
        self.pay(&fixed, ctx);
        steps
    }

    /// 512.4c: a Reaction answers one instance of its condition.
    fn mark_reaction(&mut self, p: PlayerId, card: CardId, timing: &crate::ability::Timing) {
        if let crate::ability::Timing::Reaction { when, condition } = timing {
            if let Some(i) = self.reaction_available(p, card, when, condition.as_deref()) {
                self.st.reactable[i].1.push(card);
            }
        }
    }

    /// 509.4: the host description of an attachment, read from its printed face so it
    /// holds even after the attachment loses its abilities (509.4a).
    pub fn host_description(&self, c: CardId) -> Option<&crate::ability::Cards> {
        self.def(c).face.abilities.iter().find_map(|a| match a {
            crate::ability::Ability::Attach(sel) => Some(sel),
            _ => None,
        })
    }

    /// 511.2, 511.3: whether an attachment has lost its host: the host left play, is
    /// face-down, or no longer fits the host description.
    pub(crate) fn attachment_lost_host(&self, c: CardId) -> bool {
        let Some(h) = self.card(c).host else {
            return false;
        };
        let host = self.card(h);
        if host.zone != Zone::Play || host.face_down {
            return true;
        }
        match self.host_description(c) {
            Some(sel) => {
                let ctx = crate::ability::trigger::Ctx::of(c, self.card(c).controller);
                !self.fits(h, sel, &ctx)
            }
            None => false,
        }
    }

    /// Plays a card from hand into play (705.2a-d, 706).
    pub(crate) fn play_to(
        &mut self,
        p: PlayerId,
        card: CardId,
        cost: u16,
        to: Area,
        face_down: bool,
        host: Option<CardId>,
    ) {
        self.play_then(p, card, cost, (to, face_down), host, false)
    }

    /// [`Game::play_to`], the card frightened once it is in play when `frightened`.
    pub(crate) fn play_then(
        &mut self,
        p: PlayerId,
        card: CardId,
        cost: u16,
        (to, face_down): (Area, bool),
        host: Option<CardId>,
        frightened: bool,
    ) {
        let to = self.entry_area(card, to);
        if !self.perform(Occurrence::PayTokens {
            player: p,
            amount: cost,
        }) {
            return;
        }
        self.use_discounts(p, card);
        self.relocate(card, Zone::Queue, false);
        self.card_mut(card).controller = p;
        self.enter(
            card,
            to,
            face_down,
            crate::rules::entering::Then::Played {
                player: p,
                host,
                frightened,
            },
        );
    }
}

impl Game {
    /// 302.1: a Friend is played to its player's home or to a Problem, where `p` can
    /// pay what it costs to play it there and nothing forbids it (104.2).
    pub(crate) fn push_friend_plays(
        &self,
        out: &mut Vec<Choice>,
        p: PlayerId,
        card: CardId,
        problems: &[Area],
        tokens: u16,
    ) {
        for to in std::iter::once(Area::Home(p)).chain(problems.iter().copied()) {
            if !self.play_prohibited(p, card, to) && tokens >= self.play_cost_at(p, card, to, None)
            {
                out.push(Choice::PlayFriend { card, to });
            }
        }
        self.push_alternative_plays(out, p, card, problems, tokens);
    }
}
