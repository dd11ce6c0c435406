//! Effects: carrying out one instruction, asking when a choice is needed.

use super::*;
use crate::ability::script::*;
use crate::ability::trigger::{Ctx, Modifier};
use crate::card::CardType;
use crate::decision::{Choice, Prompt};
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::rules::occurrence::Occurrence;

impl Game {
    /// Runs one instruction; asks when a choice is needed.
    pub(super) fn effect_step(
        &mut self,
        effect: &Effect,
        ctx: &Ctx,
        answer: Option<Choice>,
        chosen: &mut Option<CardId>,
        progress: &mut u8,
        sel: &mut Selection,
    ) -> Step {
        let you = ctx.you;
        macro_rules! targets {
            ($t:expr) => {
                match self.targets($t, ctx, answer.as_ref(), sel) {
                    Ok(v) => v,
                    Err((p, c)) => return Step::Ask(p, c, you),
                }
            };
        }
        match effect {
            Effect::Draw { who, amount } => {
                let n = self.amount(amount, ctx).max(0);
                for p in self.players_named(*who, ctx) {
                    for _ in 0..n {
                        self.occur(Occurrence::Draw(p));
                    }
                }
            }
            Effect::DrawFromBottom { who, amount } => {
                let n = self.amount(amount, ctx).max(0);
                for p in self.players_named(*who, ctx) {
                    for _ in 0..n {
                        self.occur(Occurrence::DrawBottom(p));
                    }
                }
            }
            Effect::Discard {
                who,
                amount,
                random,
            } => {
                // Bounded so the count of cards discarded fits the frame's progress.
                let n = self.amount(amount, ctx).clamp(0, 60) as usize;
                let players = self.players_named(*who, ctx);
                if *random {
                    for p in players {
                        for _ in 0..n {
                            // A card whose discard waits for a replacement choice (CN25)
                            // is on its way out already.
                            let hand: Vec<CardId> = self
                                .player(p)
                                .hand
                                .iter()
                                .copied()
                                .filter(|&c| !self.discard_waiting(c))
                                .collect();
                            if hand.is_empty() {
                                break;
                            }
                            // 523: uniform among every card in hand.
                            let i = crate::rng::below(&mut self.st.rng, hand.len() as u32) as usize;
                            // 710: an opponent's effect may be replaced (CN25).
                            self.occur(Occurrence::Discard(hand[i]));
                        }
                    }
                } else if let Some(per) = std::num::NonZeroUsize::new(n) {
                    // Each discarding player chooses their own cards, one at a time, in
                    // turn order; `progress` counts the cards discarded so far.
                    let per = per.get();
                    if let Some(Choice::Card(c)) = answer {
                        self.occur(Occurrence::Discard(c));
                        *progress += 1;
                    }
                    while let Some(&p) = players.get(*progress as usize / per) {
                        if self.player(p).hand.iter().all(|&c| self.discard_waiting(c)) {
                            *progress =
                                ((*progress as usize / per + 1) * per).min(u8::MAX as usize) as u8;
                            continue;
                        }
                        let options = self
                            .player(p)
                            .hand
                            .iter()
                            .filter(|&&c| !self.discard_waiting(c))
                            .map(|&c| Choice::Card(c))
                            .collect();
                        return Step::Ask(Prompt::Discard, options, p);
                    }
                }
            }
            Effect::DiscardHand(who) => {
                for p in self.players_named(*who, ctx) {
                    // A replacement may keep a card from the discard pile: each card once.
                    for c in self.player(p).hand.clone() {
                        if self.player(p).hand.contains(&c) {
                            self.occur(Occurrence::Discard(c));
                        }
                    }
                }
            }
            Effect::GainTokens { who, amount } => {
                let n = self.amount(amount, ctx).max(0) as u16;
                for p in self.players_named(*who, ctx) {
                    self.perform(Occurrence::GainTokens {
                        player: p,
                        amount: n,
                    });
                }
            }
            Effect::Score { who, amount } => {
                let n = self.amount(amount, ctx).max(0) as u16;
                for p in self.players_named(*who, ctx) {
                    // 517.2: scored with the card whose effect it is.
                    let with = if p == you {
                        vec![ctx.source]
                    } else {
                        Vec::new()
                    };
                    self.score_points(p, n, with, crate::rules::occurrence::ScoreWhy::Effect);
                }
            }
            Effect::Until {
                target,
                effect,
                duration,
            } => {
                for c in targets!(target) {
                    let timestamp = self.new_object();
                    let object = self.card(c).object;
                    // 708.2b: amounts are read as the modifier is created.
                    let effect = match effect {
                        StaticEffect::Power { cards, amount } => StaticEffect::Power {
                            cards: cards.clone(),
                            amount: Amount::N(self.amount(amount, ctx)),
                        },
                        StaticEffect::FaceoffTotal { who, amount } => StaticEffect::FaceoffTotal {
                            who: *who,
                            amount: Amount::N(self.amount(amount, ctx)),
                        },
                        other => other.clone(),
                    };
                    let ends = self.modifier_ends(*duration, c, ctx.source);
                    // A new type or colour may change what 511.2-511.5 find.
                    self.st.books.pre_priority_settled = false;
                    self.st.modifiers.push(Modifier {
                        target: c,
                        object,
                        controller: you,
                        source: (ctx.source, self.card(ctx.source).object),
                        effect,
                        duration: *duration,
                        ends,
                        timestamp,
                    });
                }
            }
            Effect::Uninvolve(t) => {
                // 514.3d: for the rest of the faceoff, as the object each is now.
                for c in targets!(t) {
                    let object = self.card(c).object;
                    if let Some(f) = self.st.faceoff.as_mut() {
                        if !f.excluded.contains(&(c, object)) {
                            f.excluded.push((c, object));
                        }
                    }
                }
            }
            Effect::Involve(t) => {
                // 514.3d: as the object each is now, while it stays so.
                for c in targets!(t) {
                    let object = self.card(c).object;
                    if self.card(c).zone != crate::ids::Zone::Play {
                        continue;
                    }
                    if let Some(f) = self.st.faceoff.as_mut() {
                        f.excluded.retain(|&x| x != (c, object));
                        if !f.added.contains(&(c, object)) {
                            f.added.push((c, object));
                        }
                    }
                }
            }
            Effect::EndFaceoff => self.end_faceoff_early(),
            Effect::Exhaust(t) => {
                for c in targets!(t) {
                    self.perform(Occurrence::Exhaust(c));
                }
            }
            Effect::Ready(t) => {
                // 710: readying may be replaced (CGpf14).
                for c in targets!(t) {
                    self.occur(Occurrence::Ready(c));
                }
            }
            Effect::Frighten(t) => {
                for c in targets!(t) {
                    self.occur(Occurrence::Frighten(c));
                }
            }
            Effect::Unfrighten(t) => {
                for c in targets!(t) {
                    self.occur(Occurrence::Unfrighten(c));
                }
            }
            // 710: these go through `occur`, so replacement modifiers may take their
            // place; a replacement needing a choice is settled before the next instruction
            // (see `resolve`).
            Effect::Dismiss(t) => {
                for c in targets!(t) {
                    self.occur(Occurrence::Dismiss {
                        card: c,
                        by_game: false,
                    });
                }
            }
            Effect::Retire(t) => {
                for c in targets!(t) {
                    if self.card(c).controller == you {
                        self.occur(Occurrence::Retire(c));
                    }
                }
            }
            Effect::Banish(t) => {
                for c in targets!(t) {
                    self.occur(Occurrence::Banish(c));
                }
            }
            Effect::ReturnToHand(t) => {
                for c in targets!(t) {
                    self.occur(Occurrence::ToHand(c));
                }
            }
            Effect::ToDeckTop(t) => {
                for c in targets!(t) {
                    self.occur(Occurrence::ToDeckTop(c));
                }
            }
            Effect::Move { target, to } | Effect::Send { target, to } => {
                // A card chosen first (kept while its area is chosen), then the area; only
                // a card with somewhere to go is offered. Cards chosen one at a time are
                // remembered by the selection: each is asked for in turn (`progress`
                // counts those done). Every card that fits goes where one answer says.
                let by_move = matches!(effect, Effect::Move { .. });
                let cards = match (*chosen, target) {
                    (Some(c), _) => vec![c],
                    (None, Target::Choose(_)) => {
                        let can = |g: &Game, c| !g.destinations(*to, by_move, c, ctx).is_empty();
                        let v = match self.targets_that(target, ctx, answer.as_ref(), sel, can) {
                            Ok(v) => v,
                            Err((p, c)) => return Step::Ask(p, c, you),
                        };
                        if let Some(&c) = v.first() {
                            *chosen = Some(c);
                            return self.effect_step(effect, ctx, None, chosen, progress, sel);
                        }
                        v
                    }
                    (None, Target::UpTo(..) | Target::AnyNumber(_) | Target::Exactly(..)) => {
                        let can = |g: &Game, c| !g.destinations(*to, by_move, c, ctx).is_empty();
                        match self.targets_that(target, ctx, answer.as_ref(), sel, can) {
                            Ok(v) => v,
                            Err((p, c)) => return Step::Ask(p, c, you),
                        }
                    }
                    (None, Target::Each(_)) => {
                        for c in targets!(target) {
                            let area = match self.area_for(*to, by_move, c, ctx, answer.as_ref()) {
                                Ok(a) => a,
                                Err((p, ch)) => return Step::Ask(p, ch, you),
                            };
                            if let Some(a) = area {
                                self.move_or_send(by_move, you, c, a);
                            }
                        }
                        return Step::Done;
                    }
                    (
                        None,
                        Target::This
                        | Target::It
                        | Target::Host
                        | Target::ItsHost
                        | Target::AtRandom(_)
                        | Target::Picked
                        | Target::Rest,
                    ) => targets!(target),
                };
                let mut answer = answer;
                for (i, &c) in cards.iter().enumerate().skip(*progress as usize) {
                    let area = match self.area_for(*to, by_move, c, ctx, answer.take().as_ref()) {
                        Ok(a) => a,
                        Err((p, ch)) => {
                            *progress = i.min(u8::MAX as usize) as u8;
                            return Step::Ask(p, ch, you);
                        }
                    };
                    if let Some(a) = area {
                        self.move_or_send(by_move, you, c, a);
                    }
                    *progress = (i + 1).min(u8::MAX as usize) as u8;
                }
            }
            Effect::Counters { target, amount } => {
                let n = self.amount(amount, ctx);
                for c in targets!(target) {
                    self.perform(Occurrence::PutCounters {
                        card: c,
                        counter: crate::ability::counters::Counter::Power,
                        n,
                    });
                }
            }
            Effect::RemovePowerCounters { target, amount } => {
                let n = self.amount(amount, ctx).max(0);
                for c in targets!(target) {
                    self.perform(Occurrence::RemoveCounters {
                        card: c,
                        counter: crate::ability::counters::Counter::Power,
                        n: u16::try_from(n).unwrap_or(0),
                    });
                }
            }
            Effect::PutCounters {
                target,
                name,
                amount,
            } => {
                let n = self.amount(amount, ctx).max(0) as u16;
                for c in targets!(target) {
                    self.put_counters(c, name, n);
                }
            }
            Effect::RemoveCounters {
                target,
                name,
                amount,
            } => {
                let n = amount.as_ref().map(|a| self.amount(a, ctx).max(0) as u16);
                for c in targets!(target) {
                    self.remove_counters(c, name, n);
                }
            }
            // No counter was chosen (`Effect::ChooseCounter` rewrites them once one is).
            Effect::PutChosenCounters { .. } | Effect::RemoveChosenCounters { .. } => {}
            Effect::TurnOver(t) => {
                for c in targets!(t) {
                    self.perform(Occurrence::TurnOver(c));
                }
            }
            // 104.2: a player who can't search doesn't look (nor shuffle).
            Effect::Search(_) | Effect::SearchFor(_) | Effect::SearchAndPlay { .. }
                if self.prohibited(crate::rules::prohibit::Attempt::Search(you)) => {}
            Effect::SearchFor(t) => {
                // 518: the cards found go to hand, then the deck is shuffled.
                for c in targets!(t) {
                    self.perform(Occurrence::ToHand(c));
                }
                self.shuffle_deck(you);
            }
            Effect::Search(sel) => {
                // 518: look through the deck; the player may fail to find (518.1).
                if let Some(Choice::Card(c)) = answer {
                    self.perform(Occurrence::ToHand(c));
                    self.shuffle_deck(you);
                } else if answer == Some(Choice::NoCard) {
                    self.shuffle_deck(you);
                } else {
                    return Step::Ask(Prompt::Target, self.search_offer(sel, ctx), you);
                }
            }
            // Handled as the resolution reaches them (see `resolve`).
            Effect::If { .. }
            | Effect::OncePerFaceoff
            | Effect::Pick(_)
            | Effect::PickBy { .. }
            | Effect::ChooseCardType
            | Effect::Name { .. }
            | Effect::ChooseCounter(_)
            | Effect::ChooseColor
            | Effect::Modes { .. }
            | Effect::Faceoff { .. }
            | Effect::Later { .. } => {}
            Effect::Reveal { deck, count } => {
                let n = self.amount(count, ctx).max(0) as usize;
                sel.revealed.clear();
                if let Some((p, zone)) = self.deck_of(*deck, ctx) {
                    let list = match zone {
                        Zone::ProblemDeck => &self.player(p).problem_deck,
                        _ => &self.player(p).deck,
                    };
                    // The top of a deck is the end of its list.
                    sel.revealed = list.iter().rev().take(n).copied().collect();
                    for &c in &sel.revealed {
                        self.log(crate::event::Event::Revealed {
                            player: you,
                            card: c,
                        });
                    }
                }
                sel.group.clone_from(&sel.revealed);
            }
            Effect::RevealUntil { deck, count, until } => {
                let want = self.amount(count, ctx).max(0) as usize;
                let read = Cards {
                    place: Some(Place::Anywhere),
                    ..until.clone()
                };
                if let Some((p, zone)) = self.deck_of(*deck, ctx) {
                    let list: Vec<CardId> = match zone {
                        Zone::ProblemDeck => self.player(p).problem_deck.clone(),
                        _ => self.player(p).deck.clone(),
                    };
                    let mut found = 0;
                    // The top of a deck is the end of its list; cards already revealed
                    // by this effect are passed over.
                    for c in list.into_iter().rev() {
                        if found >= want {
                            break;
                        }
                        if sel.revealed.contains(&c) {
                            continue;
                        }
                        sel.revealed.push(c);
                        self.log(crate::event::Event::Revealed {
                            player: you,
                            card: c,
                        });
                        if self.fits(c, &read, ctx) {
                            found += 1;
                        }
                    }
                }
                sel.group.clone_from(&sel.revealed);
                self.st.revealed.clone_from(&sel.revealed);
            }
            Effect::ToDeckBottom(t) => {
                for c in targets!(t) {
                    self.occur(Occurrence::ToBottom(c));
                }
            }
            Effect::ShuffleIntoDeck(t) => {
                let mut decks: Vec<PlayerId> = Vec::new();
                for c in targets!(t) {
                    let owner = self.card(c).owner;
                    self.occur(Occurrence::ToDeckTop(c));
                    if !decks.contains(&owner) {
                        decks.push(owner);
                    }
                }
                for p in decks {
                    self.shuffle_deck(p);
                }
            }
            Effect::Shuffle(who) => {
                for p in self.players_named(*who, ctx) {
                    self.shuffle_deck(p);
                }
            }
            Effect::Defeat(t) => {
                for c in targets!(t) {
                    let k = self.card(c);
                    if k.zone != Zone::Play
                        || k.face_down
                        || self.card_type(c) != CardType::Troublemaker
                    {
                        continue;
                    }
                    let points = self.def(c).points.unwrap_or(0);
                    let why = k
                        .area
                        .map_or(crate::rules::occurrence::ScoreWhy::Effect, |a| {
                            crate::rules::occurrence::ScoreWhy::Defeat(a)
                        });
                    self.log(crate::event::Event::Defeated {
                        player: you,
                        troublemaker: c,
                    });
                    self.score_points(you, points, vec![ctx.source], why);
                    self.occur(Occurrence::Dismiss {
                        card: c,
                        by_game: false,
                    });
                }
            }
            Effect::NewPhase(p) => {
                self.st
                    .new_phases
                    .push(crate::ability::trigger::phase_of(*p));
            }
            Effect::SkipPhase(p) => {
                // "The next" such phase is one phase however many effects name it (AD200
                // twice): a phase already to be skipped is not skipped a second time later.
                let phase = crate::ability::trigger::phase_of(*p);
                if !self.st.skipped_phases.contains(&phase) {
                    self.st.skipped_phases.push(phase);
                }
            }
            Effect::ReplaceProblem(t) => {
                for c in targets!(t) {
                    let k = self.card(c);
                    if k.zone != Zone::Play || self.card_type(c) != CardType::Problem {
                        continue;
                    }
                    if let Some(area) = k.area {
                        self.replace_problem(area);
                    }
                }
            }
            Effect::LoseGame(who) => {
                for p in self.players_named(*who, ctx) {
                    if self.st.outcome.is_none() && !self.player(p).removed {
                        self.remove_player(p);
                    }
                }
            }
            Effect::Ignore(t) => {
                for c in targets!(t) {
                    let Some(f) = self.st.faceoff.as_mut() else {
                        break;
                    };
                    // 515.4a: a card already ignored can't be ignored again.
                    if f.flipped.iter().any(|&(_, x)| x == c) && !f.ignored.contains(&c) {
                        f.ignored.push(c);
                        self.log(crate::event::Event::Ignored(c));
                    }
                }
            }
            Effect::Flip { who, amount } => {
                if self.st.faceoff.is_some() {
                    for p in self.players_named(*who, ctx) {
                        for _ in 0..*amount {
                            self.occur(Occurrence::Flip(p));
                        }
                    }
                }
            }
            Effect::PlayFree {
                target,
                frightened,
                on,
            } => {
                // A Resource's host is asked for once the card is known: `chosen` keeps it.
                // Only cards that could be played this way are offered (CN80: an
                // Accessory that can't go on it is not).
                let cards = match (*chosen, target) {
                    (Some(c), _) => vec![c],
                    _ => {
                        let on = on.as_ref().map(|s| (s, ctx));
                        match self.targets_that(target, ctx, answer.as_ref(), sel, |g, c| {
                            g.can_play_free_on(you, c, on)
                        }) {
                            Ok(v) => v,
                            Err((p, c)) => return Step::Ask(p, c, you),
                        }
                    }
                };
                let mut answer = if chosen.is_some() { answer } else { None };
                for c in cards {
                    // From a discard pile, or from a hand ("play an Accessory on this
                    // card for free": CN80).
                    if !matches!(self.card(c).zone, Zone::Discard | Zone::Hand) {
                        continue;
                    }
                    let on = on.as_ref().map(|s| (s, ctx));
                    match self.play_free_on(you, c, *frightened, answer.take(), on) {
                        Ok(()) => {}
                        Err(options) => {
                            *chosen = Some(c);
                            return Step::Ask(Prompt::Target, options, you);
                        }
                    }
                }
            }
            Effect::SearchAndPlay { cards, frightened } => {
                // 518: the player may fail to find (518.1); the deck is shuffled after.
                match (*chosen, answer) {
                    (Some(c), a) => {
                        if let Err(options) = self.play_free(you, c, *frightened, a) {
                            return Step::Ask(Prompt::Target, options, you);
                        }
                        self.shuffle_deck(you);
                    }
                    (None, Some(Choice::Card(c))) => {
                        *chosen = Some(c);
                        if let Err(options) = self.play_free(you, c, *frightened, None) {
                            return Step::Ask(Prompt::Target, options, you);
                        }
                        self.shuffle_deck(you);
                    }
                    (None, Some(Choice::NoCard)) => self.shuffle_deck(you),
                    (None, _) => {
                        return Step::Ask(Prompt::Target, self.search_offer(cards, ctx), you);
                    }
                }
            }
            Effect::Show(t) => {
                for c in targets!(t) {
                    let owner = self.card(c).owner;
                    self.log(crate::event::Event::Revealed {
                        player: owner,
                        card: c,
                    });
                    // A card set aside face-down is known to everyone from now on.
                    if self.card(c).zone == Zone::SetAside {
                        let object = self.card(c).object;
                        for p in self.players().collect::<Vec<_>>() {
                            if !self.st.peeked.contains(&(object, p)) {
                                self.st.peeked.push((object, p));
                            }
                        }
                    }
                }
            }
            Effect::SetAside(t) => {
                // 518.1: a card in a draw deck is found by searching it.
                let cards = targets!(t);
                let searched = cards.iter().any(|&c| self.card(c).zone == Zone::DrawDeck);
                if searched && self.prohibited(crate::rules::prohibit::Attempt::Search(you)) {
                    return Step::Done;
                }
                let mut decks = Vec::new();
                for c in cards {
                    let k = self.card(c);
                    if !matches!(
                        k.zone,
                        Zone::DrawDeck | Zone::Hand | Zone::Discard | Zone::Banished
                    ) {
                        continue;
                    }
                    if k.zone == Zone::DrawDeck && !decks.contains(&k.owner) {
                        decks.push(k.owner);
                    }
                    self.relocate(c, Zone::SetAside, false);
                    let object = self.card(c).object;
                    self.st.peeked.push((object, you));
                }
                // 518.2: each deck searched is shuffled by its owner.
                for p in decks {
                    self.shuffle_deck(p);
                }
            }
            Effect::DiscardCards(t) => {
                for c in targets!(t) {
                    self.occur(Occurrence::Discard(c));
                }
            }
            Effect::BanishBeneath(t) => {
                // 410.5: only beneath a card in play.
                if self.card(ctx.source).zone == Zone::Play {
                    for c in targets!(t) {
                        self.banish_beneath(c, ctx.source);
                    }
                }
            }
            Effect::BanishBeneathIt(t) => {
                // 410.5: only beneath a card in play.
                if let Some(host) = ctx.it.filter(|&h| self.card(h).zone == Zone::Play) {
                    for c in targets!(t) {
                        self.banish_beneath(c, host);
                    }
                }
            }
            Effect::SpendCards(t) => {
                for c in targets!(t) {
                    if self.card(c).zone == Zone::Banished {
                        self.perform(Occurrence::ToDiscard(c));
                    }
                }
            }
            Effect::BanishLinked(t) => {
                for c in targets!(t) {
                    // A banishment waiting for a replacement choice is linked now: the
                    // card comes back only if it is still banished then.
                    let waiting = self.occur(Occurrence::Banish(c)).is_none();
                    if waiting || self.card(c).zone == Zone::Banished {
                        self.st.linked.push((ctx.source, c));
                    }
                }
            }
            Effect::ReturnLinked => {
                let source = ctx.source;
                // One card at a time: the answer is the Problem for the first one left.
                if let Some(Choice::Problem(at)) = answer {
                    if let Some(i) = self.st.linked.iter().position(|&(s, _)| s == source) {
                        let (_, c) = self.st.linked.remove(i);
                        if self.card(c).zone == Zone::Banished {
                            let owner = self.card(c).owner;
                            self.card_mut(c).controller = owner;
                            self.perform(Occurrence::EnterPlay {
                                card: c,
                                at,
                                face_down: true,
                            });
                            self.perform(Occurrence::Uncover(c));
                        }
                    }
                }
                while let Some(i) = self.st.linked.iter().position(|&(s, _)| s == source) {
                    let c = self.st.linked[i].1;
                    let options: Vec<Choice> = self.problem_areas().map(Choice::Problem).collect();
                    if self.card(c).zone != Zone::Banished || options.is_empty() {
                        self.st.linked.remove(i);
                        continue;
                    }
                    return Step::Ask(Prompt::ChooseProblem, options, you);
                }
            }
            Effect::Reattach { to } => {
                let Some(card) = ctx.it else {
                    return Step::Done;
                };
                match answer {
                    Some(Choice::Card(host)) => {
                        self.perform(Occurrence::Reattach { card, host });
                    }
                    _ => {
                        let own = Ctx {
                            you: self.card(card).controller,
                            source: card,
                            ..*ctx
                        };
                        let hosts: Vec<CardId> = self
                            .matching(to, ctx)
                            .into_iter()
                            .filter(|&h| {
                                self.can_happen(Occurrence::Reattach { card, host: h })
                                    && self
                                        .host_description(card)
                                        .is_none_or(|d| self.fits(h, d, &own))
                            })
                            .collect();
                        let options: Vec<Choice> =
                            self.distinct(hosts).into_iter().map(Choice::Card).collect();
                        if !options.is_empty() {
                            return Step::Ask(Prompt::Target, options, you);
                        }
                    }
                }
            }
            Effect::GainTokensForPhase { who, amount } => {
                let n = self.amount(amount, ctx).max(0) as u16;
                for p in self.players_named(*who, ctx) {
                    self.perform(Occurrence::GainTokens {
                        player: p,
                        amount: n,
                    });
                    let pl = self.player_mut(p);
                    pl.phase_tokens = pl.phase_tokens.saturating_add(n);
                }
            }
            Effect::LoseTokens { who, amount } => {
                let n = self.amount(amount, ctx).max(0) as u16;
                for p in self.players_named(*who, ctx) {
                    self.perform(Occurrence::LoseTokens {
                        player: p,
                        amount: n,
                    });
                }
            }
            Effect::Peek(t) => {
                for c in targets!(t) {
                    let object = self.card(c).object;
                    if self.card(c).face_down && !self.st.peeked.contains(&(object, you)) {
                        self.st.peeked.push((object, you));
                        self.log(crate::event::Event::Peeked {
                            player: you,
                            card: c,
                        });
                    }
                }
            }
            Effect::Cover(t) => {
                for c in targets!(t) {
                    self.perform(Occurrence::Cover(c));
                }
            }
            Effect::Uncover(t) => {
                for c in targets!(t) {
                    self.perform(Occurrence::Uncover(c));
                }
            }
            Effect::Mill { who, amount } => {
                let n = self.amount(amount, ctx).max(0);
                for p in self.players_named(*who, ctx) {
                    for _ in 0..n {
                        self.perform(Occurrence::Mill(p));
                    }
                }
            }
            // Resolved by `resolve`, which runs the named players' instructions.
            Effect::By { .. } | Effect::CopyThis { .. } => {}
            Effect::MakeToken { token, count, at } => {
                if let Some(def) = self.token_def_id(token) {
                    let area = match at {
                        Some(AreaRef::Here) => self.card(ctx.source).area,
                        Some(AreaRef::There) => ctx.there,
                        _ => None,
                    }
                    .unwrap_or(Area::Home(you));
                    for _ in 0..*count {
                        self.perform(Occurrence::CreateToken {
                            def,
                            owner: you,
                            at: area,
                            face_down: false,
                        });
                    }
                }
            }
            Effect::TokenCopy(t) | Effect::PutTokenCopy { of: t, .. } => {
                let at = match effect {
                    Effect::PutTokenCopy { at, .. } => *at,
                    _ => None,
                };
                // A chosen card is kept (`chosen`) while its place is asked for; with
                // several targets, `progress` counts those done (the new copies come
                // after them in play, so the ones done stay first).
                let (cards, mut place) = match (target_is_choice(t), *chosen) {
                    (true, Some(c)) => (vec![c], answer),
                    (true, None) => (targets!(t), None),
                    (false, _) => (targets!(t), answer),
                };
                let choice = target_is_choice(t);
                let start = if choice { 0 } else { *progress as usize };
                for (i, &c) in cards.iter().enumerate().skip(start) {
                    if let Err((prompt, options)) = self.place_token_copy(c, at, ctx, place.take())
                    {
                        *chosen = Some(c);
                        *progress = i.min(u8::MAX as usize) as u8;
                        return Step::Ask(prompt, options, you);
                    }
                    if !choice {
                        *progress = (i + 1).min(u8::MAX as usize) as u8;
                    }
                }
            }
            Effect::PutIntoPlay {
                target,
                face_down,
                at,
                owners,
                on,
            } => {
                // The card first (kept while its Problem is chosen), then the Problem. A
                // card put into play leaves the hand or pile, so several targets are
                // taken again each time without those done.
                let (cards, mut place) = match (target_is_choice(target), *chosen) {
                    (true, Some(c)) => (vec![c], answer),
                    (true, None) => (targets!(target), None),
                    (false, _) => (targets!(target), answer),
                };
                for c in cards {
                    // A flipped card (a Chaos card putting itself into play), a card
                    // found in a deck, a banished card and a card set aside (AD114)
                    // come into play the same way.
                    if !matches!(
                        self.card(c).zone,
                        Zone::Hand
                            | Zone::Discard
                            | Zone::DrawDeck
                            | Zone::Flip
                            | Zone::Banished
                            | Zone::SetAside
                    ) {
                        continue;
                    }
                    // 513.2: the player who will control it, and whose home it goes to.
                    let holder = if *owners { self.card(c).owner } else { you };
                    let (at, down) = match (self.def(c).card_type, *at) {
                        (CardType::Friend, None) => (Area::Home(holder), false),
                        // Where the text says: the one area, or one the controller picks.
                        (CardType::Friend, Some(to)) => {
                            let options: Vec<Area> = self
                                .areas_named(to, Area::Home(holder), ctx)
                                .into_iter()
                                .filter(|&a| !a.is_problem() || self.problem_at(a).is_some())
                                .collect();
                            match place.take() {
                                Some(Choice::Problem(a)) if options.contains(&a) => (a, false),
                                _ if options.len() == 1 => (options[0], false),
                                _ if options.is_empty() => continue,
                                _ => {
                                    *chosen = Some(c);
                                    let options = options.into_iter().map(Choice::Problem);
                                    return Step::Ask(
                                        Prompt::ChooseProblem,
                                        options.collect(),
                                        you,
                                    );
                                }
                            }
                        }
                        (CardType::Troublemaker, to) => {
                            // 306.1: only ever at a Problem; `at` narrows which ones.
                            let named: Vec<Area> = match to {
                                None => self.problem_areas().collect(),
                                Some(to) => self
                                    .areas_named(to, Area::Home(holder), ctx)
                                    .into_iter()
                                    .filter(|&a| self.problem_areas().any(|x| x == a))
                                    .collect(),
                            };
                            match place.take() {
                                Some(Choice::Problem(a)) if named.contains(&a) => (a, *face_down),
                                _ if to.is_some() && named.len() == 1 => (named[0], *face_down),
                                _ => {
                                    if named.is_empty() {
                                        continue;
                                    }
                                    *chosen = Some(c);
                                    let options = named.into_iter().map(Choice::Problem);
                                    return Step::Ask(
                                        Prompt::ChooseProblem,
                                        options.collect(),
                                        you,
                                    );
                                }
                            }
                        }
                        (CardType::Resource, _) => {
                            // 509.2: an attachment enters play attached to a host that
                            // fits its host description (and `on`), the controller picking.
                            let Some(desc) = self.host_description(c).cloned() else {
                                continue;
                            };
                            let cctx = Ctx::of(c, holder);
                            let mut hosts = self.distinct(self.matching(&desc, &cctx));
                            if let Some(on) = on {
                                hosts.retain(|&h| self.fits(h, on, ctx));
                            }
                            let host = match place.take() {
                                Some(Choice::Card(h)) if hosts.contains(&h) => h,
                                _ if hosts.is_empty() => continue,
                                _ => {
                                    *chosen = Some(c);
                                    let options = hosts.into_iter().map(Choice::Card);
                                    return Step::Ask(Prompt::Target, options.collect(), you);
                                }
                            };
                            let Some(at) = self.card(host).area else {
                                continue;
                            };
                            self.card_mut(c).controller = holder;
                            let then = crate::rules::entering::Then::Attached { host };
                            self.enter(c, at, false, then);
                            continue;
                        }
                        _ => continue,
                    };
                    self.card_mut(c).controller = holder;
                    self.enter(c, at, down, crate::rules::entering::Then::Nothing);
                }
            }
            Effect::FlipExtra(n) => {
                if self.st.faceoff.is_some() {
                    for _ in 0..*n {
                        self.occur(Occurrence::Flip(you));
                    }
                }
            }
            Effect::LookAt {
                deck,
                count,
                reveal,
                take,
                back,
            } => {
                if let Some((p, c)) = self.look_step(
                    *deck,
                    count,
                    *reveal,
                    take.as_ref(),
                    *back,
                    ctx,
                    answer,
                    progress,
                ) {
                    return Step::Ask(p, c, you);
                }
            }
            Effect::Discount {
                cards,
                amount,
                faceoff,
            } => {
                self.add_discount(ctx, cards, *amount, *faceoff);
            }
            Effect::PlayTroublemakerFree => {
                if let Some((p, c)) = self.play_troublemaker_free_step(ctx, answer, chosen) {
                    return Step::Ask(p, c, you);
                }
            }
            Effect::PayOr {
                cost,
                otherwise,
                then,
            } => match answer {
                // The player chooses which card pays a cost naming "a card" (508.1), as
                // for an ability's cost: the card that paid is `It` for `then`.
                Some(Choice::Yes) => {
                    let mut steps = self.pay_choosing(cost.clone(), ctx);
                    let paying = steps.len();
                    steps.extend(then.iter().cloned());
                    if !steps.is_empty() {
                        self.push_resolution(*ctx, steps, false, Vec::new(), None);
                        self.paying_on_top(paying);
                    }
                }
                Some(Choice::No) => {
                    self.push_resolution(*ctx, otherwise.clone(), false, Vec::new(), None)
                }
                _ if self.can_pay(cost, ctx) => {
                    return Step::Ask(Prompt::May, vec![Choice::Yes, Choice::No], you);
                }
                _ => self.push_resolution(*ctx, otherwise.clone(), false, Vec::new(), None),
            },
            Effect::Inspired => {
                if let Some((p, c)) = self.inspired_step(ctx, answer, progress) {
                    return Step::Ask(p, c, you);
                }
            }
            Effect::Studious => {
                let first = match self.st.faceoff.as_mut() {
                    Some(f) if f.studious.contains(&you) => false,
                    Some(f) => {
                        f.studious.push(you);
                        true
                    }
                    None => true,
                };
                if first {
                    self.perform(Occurrence::GainTokens {
                        player: you,
                        amount: 1,
                    });
                }
            }
            Effect::MoveToProblemWith {
                target,
                with,
                condition,
            } => {
                // As for `Move`: the card first (kept while the Problem is chosen), or
                // the cards chosen one at a time, each asked for in turn.
                let cards = match (*chosen, target) {
                    (Some(c), _) => vec![c],
                    (None, Target::Choose(_)) => {
                        let problems = self.problems_with(with, condition.as_ref(), ctx);
                        let can = |g: &Game, c| problems.iter().any(|&a| g.may_move(you, c, a));
                        let v = match self.targets_that(target, ctx, answer.as_ref(), sel, can) {
                            Ok(v) => v,
                            Err((p, c)) => return Step::Ask(p, c, you),
                        };
                        if let Some(&c) = v.first() {
                            *chosen = Some(c);
                            return self.effect_step(effect, ctx, None, chosen, progress, sel);
                        }
                        v
                    }
                    (None, Target::Each(_)) => targets!(target),
                    (
                        None,
                        Target::This
                        | Target::It
                        | Target::Host
                        | Target::ItsHost
                        | Target::UpTo(..)
                        | Target::AnyNumber(_)
                        | Target::Exactly(..)
                        | Target::AtRandom(_)
                        | Target::Picked
                        | Target::Rest,
                    ) => targets!(target),
                };
                let mut answer = answer;
                for (i, &c) in cards.iter().enumerate().skip(*progress as usize) {
                    match answer.take() {
                        Some(Choice::Problem(a)) => {
                            if self
                                .problems_with(with, condition.as_ref(), ctx)
                                .contains(&a)
                                && self.may_move(you, c, a)
                            {
                                self.move_by(you, c, a);
                            }
                        }
                        _ => {
                            let options: Vec<Choice> = self
                                .problems_with(with, condition.as_ref(), ctx)
                                .into_iter()
                                .filter(|&a| self.may_move(you, c, a))
                                .map(Choice::Problem)
                                .collect();
                            if !options.is_empty() {
                                *progress = i.min(u8::MAX as usize) as u8;
                                return Step::Ask(Prompt::ChooseProblem, options, you);
                            }
                        }
                    }
                    *progress = (i + 1).min(u8::MAX as usize) as u8;
                }
            }
            Effect::GainControl { target, duration } => {
                for c in targets!(target) {
                    self.gain_control(you, c, *duration, you);
                }
            }
            Effect::ExchangeControl {
                yours,
                theirs,
                duration,
                chooser,
            } => {
                // The first card is kept while the second is chosen, as for `Move`.
                let mine = match *chosen {
                    Some(c) => c,
                    None => {
                        let Some(&c) = targets!(yours).first() else {
                            // 513.7: with no card to give, nothing is exchanged.
                            return Step::Done;
                        };
                        *chosen = Some(c);
                        return self.effect_step(effect, ctx, None, chosen, progress, sel);
                    }
                };
                // The player `chooser` names picks the other card (AD116), with the
                // description still read from the controller's view.
                let picker = chooser
                    .and_then(|w| self.players_named(w, ctx).first().copied())
                    .unwrap_or(you);
                let theirs = match self.targets(theirs, ctx, answer.as_ref(), sel) {
                    Ok(v) => v,
                    Err((p, c)) => return Step::Ask(p, c, picker),
                };
                if let Some(&other) = theirs.first() {
                    self.exchange_control(mine, other, *duration, you);
                }
            }
        }
        Step::Done
    }

    /// Moves (506, only where the mover may move it, 104.2) or sends (506.5) a card.
    pub(super) fn move_or_send(&mut self, by_move: bool, mover: PlayerId, c: CardId, a: Area) {
        if by_move {
            if self.may_move(mover, c, a) {
                self.move_by(mover, c, a);
            }
        } else {
            self.occur(Occurrence::Send {
                card: c,
                to: a,
                by_loser: false,
            });
        }
    }

    /// 508.1e: plays `c` for `p` without a cost, if its play requirement is met (205.1):
    /// a Friend to `p`'s home, a Resource on a host `p` picks (the options come back as
    /// the error until `answer` names one) or home. Other card types aren't played.
    pub(super) fn play_free(
        &mut self,
        p: PlayerId,
        c: CardId,
        frightened: bool,
        answer: Option<Choice>,
    ) -> Result<(), Vec<Choice>> {
        self.play_free_on(p, c, frightened, answer, None)
    }

    /// Whether [`Game::play_free_on`] would play `c` (508.1e, 205.1, 509.1): from a
    /// discard pile or a hand, its requirement met, nothing forbidding it, and, for an
    /// attachment, a host that fits; with `on`, only an attachment whose host fits it.
    pub(super) fn can_play_free_on(
        &self,
        p: PlayerId,
        c: CardId,
        on: Option<(&Cards, &Ctx)>,
    ) -> bool {
        if !matches!(self.card(c).zone, Zone::Discard | Zone::Hand)
            || !self.meets_play_requirements(p, c)
            || self.card_play_prohibited(p, c)
        {
            return false;
        }
        match self.def(c).card_type {
            CardType::Friend => on.is_none(),
            CardType::Resource => match self.host_description(c) {
                None => on.is_none(),
                Some(sel) => !self.free_play_hosts(p, c, sel, on).is_empty(),
            },
            CardType::ManeCharacter
            | CardType::Event
            | CardType::Troublemaker
            | CardType::Problem => false,
        }
    }

    /// The hosts an attachment played for free may go on: those fitting its host
    /// description (509.1) and `on`, where nothing forbids playing it (CG181).
    fn free_play_hosts(
        &self,
        p: PlayerId,
        c: CardId,
        sel: &Cards,
        on: Option<(&Cards, &Ctx)>,
    ) -> Vec<CardId> {
        let ctx = Ctx::of(c, p);
        let mut hosts = self.distinct(self.matching(sel, &ctx));
        if let Some((on, octx)) = on {
            hosts.retain(|&h| self.fits(h, on, octx));
        }
        // 104.2: not on a host where something forbids playing it (CG181).
        hosts.retain(|&h| !self.play_on_prohibited(p, c, h));
        hosts
    }

    /// [`Game::play_free`], a Resource's host also fitting `on` (read with the effect's
    /// context) when given.
    pub(super) fn play_free_on(
        &mut self,
        p: PlayerId,
        c: CardId,
        frightened: bool,
        answer: Option<Choice>,
        on: Option<(&Cards, &Ctx)>,
    ) -> Result<(), Vec<Choice>> {
        let zone = self.card(c).zone;
        if matches!(zone, Zone::Play | Zone::Queue)
            || !self.meets_play_requirements(p, c)
            || self.card_play_prohibited(p, c)
        {
            return Ok(());
        }
        let (at, host) = match self.def(c).card_type {
            // "On this card" (CN80): a card that isn't an attachment can't go there, and
            // isn't played elsewhere instead (509.1).
            CardType::Friend if on.is_some() => return Ok(()),
            CardType::Friend => (Area::Home(p), None),
            CardType::Resource => match self.host_description(c).cloned() {
                None if on.is_some() => return Ok(()),
                None => (Area::Home(p), None),
                Some(sel) => {
                    let hosts = self.free_play_hosts(p, c, &sel, on);
                    match answer {
                        Some(Choice::Card(h)) if hosts.contains(&h) => {
                            let Some(at) = self.card(h).area else {
                                return Ok(());
                            };
                            (at, Some(h))
                        }
                        _ if hosts.is_empty() => return Ok(()),
                        _ => return Err(hosts.into_iter().map(Choice::Card).collect()),
                    }
                }
            },
            _ => return Ok(()),
        };
        self.play_then(p, c, 0, (at, false), host, frightened);
        Ok(())
    }
}

pub(super) enum Step {
    Done,
    Ask(Prompt, Vec<Choice>, PlayerId),
}
