//! Following instructions (705.2f, 712): the frame that resolves a list of effects one at a
//! time, asking for choices as it goes. Its parts live by concept in the modules below.

mod amounts;
mod conditions;
mod costs;
mod effects;
mod faceoffs;
mod selectors;
mod targets;

pub(crate) use costs::in_hand;

use effects::Step;
use targets::target_is_choice;

use super::script::*;
use super::trigger::Ctx;
use crate::decision::{Choice, Decision, Prompt};
use crate::flow::Frame;
use crate::game::Game;
use crate::ids::{CardId, Zone};
use crate::rules::occurrence::Occurrence;

/// An effect being followed: its instructions, where it is, and its context.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Resolution {
    pub ctx: Ctx,
    pub effects: Vec<Effect>,
    pub next: u8,
    /// 712.3: a "may" still to be answered, with its cost.
    pub may: bool,
    pub cost: Vec<Cost>,
    /// 304.2: the Event to put into the discard pile when done.
    pub event: Option<CardId>,
    /// Within the current instruction: the card chosen so far and how many of its
    /// repetitions are done.
    pub chosen: Option<CardId>,
    pub progress: u8,
    /// The cards picked so far by the instruction being followed, and which of this
    /// effect's cards the later instructions name (`Picked`, `Rest`, place `Revealed`).
    pub sel: Selection,
    /// 801.1 (`Effect::By` with `decide_first`): the instruction at which this player's
    /// decisions are over; reaching it, the effect waits in `State::decided` until every
    /// named player has decided.
    pub decided_at: Option<u8>,
}

/// What an effect remembers of the cards it chose and revealed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Selection {
    /// The cards chosen so far by the current instruction's target (one at a time), and
    /// whether its choosing is over.
    pub picking: Vec<CardId>,
    pub done: bool,
    /// The modes chosen so far by the current `Effect::Modes`.
    pub modes: Vec<u8>,
    /// The cards the latest `Pick` chose.
    pub picked: Vec<CardId>,
    /// Every card a `Pick` of this effect chose.
    pub all_picked: Vec<CardId>,
    /// The cards the `Pick`s paying the cost chose (`paying`), for `other_than_paid`.
    pub paid: Vec<CardId>,
    /// This effect's group for "the rest": the cards it revealed, or else those its first
    /// `Pick` chose among.
    pub group: Vec<CardId>,
    /// The cards this effect revealed (`Effect::Reveal`).
    pub revealed: Vec<CardId>,
    /// The card the text is on has become a new object since this (delayed) effect was
    /// made (410.6): `This` names no card.
    pub this_gone: bool,
    /// The leading instructions that pay a cost by a chosen card (`Pick` then the act on
    /// `It`, see `Game::pay_choosing`): their `Pick` offers only cards that can pay.
    pub paying: u8,
    /// The colour this effect's `Effect::ChooseColor` chose, read by descriptions with
    /// `only_chosen_color`.
    pub color: Option<crate::card::Color>,
    /// Instructions a player follows because another's effect tells them to, with no
    /// "may" of theirs (`By` without `may`): the player whose effect it is, who makes
    /// what they do happen (`Bookkeeping::causer`; CN25: "each player discards" by an
    /// opponent's card is that opponent forcing the discard).
    pub causer: Option<crate::ids::PlayerId>,
}

impl Game {
    pub(crate) fn push_resolution(
        &mut self,
        ctx: Ctx,
        effects: Vec<Effect>,
        may: bool,
        cost: Vec<Cost>,
        event: Option<CardId>,
    ) {
        self.push(Frame::Resolve(Box::new(Resolution {
            ctx,
            effects,
            next: 0,
            may,
            cost,
            event,
            chosen: None,
            progress: 0,
            sel: Selection::default(),
            decided_at: None,
        })));
    }

    /// Marks the first `n` instructions of the effect just pushed as paying its costs.
    pub(crate) fn paying_on_top(&mut self, n: usize) {
        if let Some(Frame::Resolve(r)) = self.st.frames.last_mut() {
            r.sel.paying = u8::try_from(n).unwrap_or(u8::MAX);
        }
    }

    /// Marks the effect just pushed as one whose card has become a new object.
    pub(crate) fn this_gone_on_top(&mut self) {
        if let Some(Frame::Resolve(r)) = self.st.frames.last_mut() {
            r.sel.this_gone = true;
        }
    }

    /// 705.2f, 707.2: follow the instructions in order, doing as much as possible.
    pub(crate) fn resolve(
        &mut self,
        mut r: Box<Resolution>,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        let mut ctx = r.ctx;
        // Place `Revealed` reads the cards this effect revealed (none for another one).
        if self.st.revealed != r.sel.revealed {
            self.st.revealed.clone_from(&r.sel.revealed);
        }
        // Place `Picked` reads the cards this effect's latest `Pick` chose.
        if self.st.picked != r.sel.picked {
            self.st.picked.clone_from(&r.sel.picked);
        }
        if self.st.paid != r.sel.paid {
            self.st.paid.clone_from(&r.sel.paid);
        }
        if r.may {
            match answer {
                Some(Choice::Yes) => {
                    r.may = false;
                    let cost = std::mem::take(&mut r.cost);
                    // A cost paid by a chosen card is chosen and names it `It`, as for
                    // activated abilities and Events.
                    let steps = self.pay_choosing(cost, &ctx);
                    if let Some(d) = r.decided_at.as_mut() {
                        *d = d.saturating_add(u8::try_from(steps.len()).unwrap_or(u8::MAX));
                    }
                    let at = r.next as usize;
                    r.sel.paying = u8::try_from(at + steps.len()).unwrap_or(u8::MAX);
                    r.effects.splice(at..at, steps);
                }
                Some(Choice::No) => return self.finish_resolution(r.event),
                _ => {
                    // A cost that can't be paid makes the offer moot (508.1d).
                    if !self.can_pay(&r.cost, &ctx) {
                        return self.finish_resolution(r.event);
                    }
                    return self.ask(
                        Frame::Resolve(r),
                        ctx.you,
                        Prompt::May,
                        vec![Choice::Yes, Choice::No],
                    );
                }
            }
            return self.resolve(r, None);
        }
        let mut answer = answer;
        while (r.next as usize) < r.effects.len() || r.decided_at == Some(r.next) {
            if r.decided_at == Some(r.next) {
                // 801.1: this player has made their decisions; what they do waits until
                // every named player has made theirs.
                r.decided_at = None;
                self.st.decided.push(*r);
                return None;
            }
            let effect = r.effects[r.next as usize].clone();
            match &effect {
                // The branch taken replaces the instruction in place.
                Effect::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    let branch = if self.holds(cond, &ctx) {
                        then.clone()
                    } else {
                        otherwise.clone()
                    };
                    let i = r.next as usize;
                    r.effects.splice(i..=i, branch);
                    continue;
                }
                // The colour chosen is written into the later instructions that give it.
                Effect::ChooseColor => {
                    let Some(Choice::Color(color)) = answer.take() else {
                        let choices = crate::card::Color::ALL.map(Choice::Color).to_vec();
                        return self.ask(Frame::Resolve(r), ctx.you, Prompt::ChooseColor, choices);
                    };
                    r.sel.color = Some(color);
                    let from = r.next as usize + 1;
                    super::tokens::each_effect_mut(&mut r.effects[from..], &mut |e| {
                        if let Effect::Until { effect, .. } = e {
                            if let StaticEffect::GainChosenColor { cards } = effect {
                                *effect = StaticEffect::GainColor {
                                    cards: cards.take(),
                                    color,
                                };
                            }
                        }
                    });
                    r.next += 1;
                    continue;
                }
                // The type chosen is written into the later conditions that test it.
                Effect::ChooseCardType => {
                    let Some(Choice::CardType(ty)) = answer.take() else {
                        use crate::card::CardType;
                        let choices = [
                            CardType::Friend,
                            CardType::Resource,
                            CardType::Event,
                            CardType::Troublemaker,
                            CardType::ManeCharacter,
                            CardType::Problem,
                        ]
                        .map(Choice::CardType)
                        .to_vec();
                        return self.ask(
                            Frame::Resolve(r),
                            ctx.you,
                            Prompt::ChooseCardType,
                            choices,
                        );
                    };
                    let from = r.next as usize + 1;
                    super::tokens::each_effect_mut(&mut r.effects[from..], &mut |e| {
                        if let Effect::If { cond, .. } = e {
                            chosen_type(cond, ty);
                        }
                    });
                    r.next += 1;
                    continue;
                }
                // 201.1: the name is kept for the later `ItIsNamed` conditions; the
                // named player is asked among what they may name (`Game::nameable`).
                Effect::Name { who, kind } => {
                    let who = *who;
                    let kind = *kind;
                    let namer = self.acting_players(who, &ctx).into_iter().next();
                    match (answer.take(), namer) {
                        (Some(Choice::Name(c)), Some(p)) if self.nameable(p, kind).contains(&c) => {
                            self.st.named = Some(c);
                        }
                        (_, Some(p)) => {
                            let options: Vec<Choice> = self
                                .nameable(p, kind)
                                .into_iter()
                                .map(Choice::Name)
                                .collect();
                            if !options.is_empty() {
                                return self.ask(Frame::Resolve(r), p, Prompt::NameCard, options);
                            }
                            self.st.named = None;
                        }
                        (_, None) => self.st.named = None,
                    }
                    r.next += 1;
                    continue;
                }
                // The card becomes `It`; the kind is written into the later
                // instructions and conditions that read it.
                Effect::ChooseCounter(sel) => {
                    match answer.take() {
                        Some(Choice::Card(c)) => r.chosen = Some(c),
                        Some(Choice::Mode(i)) => r.progress = i.saturating_add(1),
                        _ => {}
                    }
                    let Some(card) = r.chosen else {
                        let options: Vec<Choice> = self
                            .matching(sel, &ctx)
                            .into_iter()
                            .filter(|&c| {
                                self.card(c).zone == Zone::Play && !self.counter_kinds(c).is_empty()
                            })
                            .map(Choice::Card)
                            .collect();
                        if options.is_empty() {
                            r.ctx.it = None;
                            ctx = r.ctx;
                            r.next += 1;
                            continue;
                        }
                        return self.ask(Frame::Resolve(r), ctx.you, Prompt::Target, options);
                    };
                    let kinds = self.counter_kinds(card);
                    let kind = if kinds.len() == 1 {
                        kinds[0].clone()
                    } else if r.progress > 0 {
                        kinds[(r.progress - 1) as usize % kinds.len()].clone()
                    } else {
                        let options = (0..kinds.len().min(u8::MAX as usize) as u8)
                            .map(Choice::Mode)
                            .collect();
                        return self.ask(Frame::Resolve(r), ctx.you, Prompt::ChooseMode, options);
                    };
                    r.ctx.it = Some(card);
                    ctx = r.ctx;
                    let from = r.next as usize + 1;
                    super::tokens::each_effect_mut(&mut r.effects[from..], &mut |e| {
                        chosen_counter(e, &kind);
                    });
                    r.chosen = None;
                    r.progress = 0;
                    r.next += 1;
                    continue;
                }
                // The chosen card becomes `It` for the rest of the resolution, and the
                // chosen cards are `Picked`.
                Effect::Pick(t) | Effect::PickBy { target: t, .. } => {
                    // The player choosing: the controller, or the one `PickBy` names.
                    let chooser = match &effect {
                        Effect::PickBy { who, .. } => self
                            .players_named(*who, &ctx)
                            .first()
                            .copied()
                            .unwrap_or(ctx.you),
                        _ => ctx.you,
                    };
                    // A card picked to be moved or sent next must have somewhere to go.
                    let then = match r.effects.get(r.next as usize + 1) {
                        Some(Effect::Move {
                            target: Target::It,
                            to,
                        }) => Some((*to, true)),
                        Some(Effect::Send {
                            target: Target::It,
                            to,
                        }) => Some((*to, false)),
                        _ => None,
                    };
                    // A card chosen to pay a cost must be able to pay it (508.1d, 104.2),
                    // unreplaced (508.1a).
                    let paying = match r.effects.get(r.next as usize + 1) {
                        Some(Effect::Exhaust(Target::It)) if r.next < r.sel.paying => {
                            Some(Paying::Exhaust)
                        }
                        Some(Effect::Dismiss(Target::It)) if r.next < r.sel.paying => {
                            Some(Paying::Dismiss)
                        }
                        Some(Effect::Retire(Target::It)) if r.next < r.sel.paying => {
                            Some(Paying::Retire)
                        }
                        Some(Effect::DiscardCards(Target::It)) if r.next < r.sel.paying => {
                            Some(Paying::Discard)
                        }
                        _ => None,
                    };
                    let can = |g: &Game, c| {
                        then.is_none_or(|(to, by_move)| {
                            let probe = Ctx { it: Some(c), ..ctx };
                            !g.destinations(to, by_move, c, &probe).is_empty()
                        }) && paying.is_none_or(|k| {
                            g.payable(match k {
                                Paying::Exhaust => Occurrence::Exhaust(c),
                                Paying::Dismiss => Occurrence::Dismiss {
                                    card: c,
                                    by_game: false,
                                },
                                Paying::Retire => Occurrence::Retire(c),
                                Paying::Discard => Occurrence::Discard(c),
                            })
                        })
                    };
                    match self.targets_that(t, &ctx, answer.take().as_ref(), &mut r.sel, can) {
                        Ok(v) => {
                            r.ctx.it = v.first().copied();
                            ctx = r.ctx;
                            // Without a reveal, the group is what the latest choice among
                            // a description chose among, and "the rest" is counted from
                            // that choice on ("choose one of them; the other …").
                            let pool = self.target_pool(t, &ctx, &r.sel);
                            if r.sel.revealed.is_empty() && !pool.is_empty() && described(t) {
                                r.sel.group = pool;
                                r.sel.all_picked.clear();
                            }
                            r.sel.all_picked.extend(v.iter().copied());
                            if r.next < r.sel.paying {
                                r.sel.paid.extend(v.iter().copied());
                                self.st.paid.clone_from(&r.sel.paid);
                            }
                            self.st.picked.clone_from(&v);
                            r.sel.picked = v;
                        }
                        Err((prompt, choices)) => {
                            return self.ask(Frame::Resolve(r), chooser, prompt, choices);
                        }
                    }
                    r.sel.picking.clear();
                    r.sel.done = false;
                    r.next += 1;
                    continue;
                }
                // The chosen modes' instructions replace this one, in the order listed.
                Effect::Modes {
                    choose,
                    random,
                    modes,
                } => {
                    let want = (*choose as usize).min(modes.len());
                    if let Some(Choice::Mode(i)) = answer.take() {
                        r.sel.modes.push(i);
                    }
                    while r.sel.modes.len() < want {
                        let left: Vec<u8> = (0..modes.len() as u8)
                            .filter(|i| !r.sel.modes.contains(i))
                            .collect();
                        if *random {
                            // 523: uniform among the modes not chosen yet.
                            let k = crate::rng::below(&mut self.st.rng, left.len() as u32);
                            r.sel.modes.push(left[k as usize]);
                        } else {
                            let choices = left.into_iter().map(Choice::Mode).collect();
                            return self.ask(
                                Frame::Resolve(r),
                                ctx.you,
                                Prompt::ChooseMode,
                                choices,
                            );
                        }
                    }
                    let mut chosen = std::mem::take(&mut r.sel.modes);
                    chosen.sort_unstable();
                    let branch: Vec<Effect> = chosen
                        .iter()
                        .flat_map(|&i| modes[i as usize].effects.iter().cloned())
                        .collect();
                    let i = r.next as usize;
                    r.effects.splice(i..=i, branch);
                    continue;
                }
                // The delayed effect waits with this effect's point of view.
                Effect::Later { at, effects } => {
                    self.st.delayed.push(super::delayed::Delayed {
                        at: *at,
                        ctx,
                        objects: (
                            self.card(ctx.source).object,
                            ctx.it.map(|c| self.card(c).object),
                        ),
                        effects: effects.clone(),
                        due: false,
                    });
                    r.next += 1;
                    continue;
                }
                // 514.3c, 707.4: the faceoff starts as this instruction is followed; the
                // rest of the effect waits for it to end.
                Effect::Faceoff {
                    start,
                    winner,
                    loser,
                    at_end,
                } => {
                    let started =
                        self.faceoff_start(start, &ctx, answer.take(), &mut r.chosen, &mut r.sel);
                    let (kind, players) = match started {
                        Err((prompt, choices)) => {
                            return self.ask(Frame::Resolve(r), ctx.you, prompt, choices);
                        }
                        Ok(None) => {
                            r.next += 1;
                            r.chosen = None;
                            r.sel.picking.clear();
                            r.sel.done = false;
                            continue;
                        }
                        Ok(Some(k)) => k,
                    };
                    let outcome = crate::state::FaceoffOutcome {
                        ctx,
                        winner: winner.clone(),
                        loser: loser.clone(),
                        at_end: *at_end,
                    };
                    r.next += 1;
                    r.chosen = None;
                    r.progress = 0;
                    r.sel.picking.clear();
                    r.sel.done = false;
                    if (r.next as usize) < r.effects.len() {
                        self.push(Frame::Resolve(r));
                    } else {
                        self.finish_resolution(r.event);
                    }
                    self.start_faceoff(kind, players, Some(Box::new(outcome)));
                    return None;
                }
                Effect::OncePerFaceoff => {
                    match self.st.faceoff.as_mut() {
                        Some(f) if !f.used.contains(&ctx.source) => f.used.push(ctx.source),
                        _ => return self.finish_resolution(r.event),
                    }
                    r.next += 1;
                    continue;
                }
                Effect::CopyThis { who, cost } => {
                    // 520.1: the instructions so far, processed again under the named
                    // player's control, after which the rest of this effect goes on.
                    let copied: Vec<Effect> = r.effects[..r.next as usize]
                        .iter()
                        .filter(|e| !matches!(e, Effect::CopyThis { .. }))
                        .cloned()
                        .collect();
                    let players = self.acting_players(*who, &ctx);
                    r.next += 1;
                    r.chosen = None;
                    r.progress = 0;
                    self.push(Frame::Resolve(r));
                    for p in players.into_iter().rev() {
                        let theirs = Ctx {
                            you: p,
                            it: None,
                            ..ctx
                        };
                        self.push_resolution(theirs, copied.clone(), true, cost.clone(), None);
                    }
                    return None;
                }
                Effect::By {
                    who,
                    may,
                    cost,
                    effects,
                    decide_first,
                    only,
                } => {
                    // 801.1: the `Pick`s leading the instructions are decisions.
                    let lead = effects
                        .iter()
                        .take_while(|e| matches!(e, Effect::Pick(_) | Effect::PickBy { .. }))
                        .count();
                    if *decide_first && r.progress > 0 {
                        // Everyone has decided: those who said yes carry out the rest of
                        // their instructions, in turn order, after which the rest of this
                        // effect goes on with the cards they all picked as `Picked`.
                        let decided = std::mem::take(&mut self.st.decided);
                        if lead > 0 {
                            // A card two players picked is one of the cards picked.
                            let mut gathered: Vec<CardId> = Vec::new();
                            for c in decided.iter().flat_map(|d| d.sel.picked.iter().copied()) {
                                if !gathered.contains(&c) {
                                    gathered.push(c);
                                }
                            }
                            self.st.picked.clone_from(&gathered);
                            r.sel.picked = gathered;
                        }
                        r.next += 1;
                        r.chosen = None;
                        r.progress = 0;
                        self.push(Frame::Resolve(r));
                        for d in decided.into_iter().rev() {
                            self.push(Frame::Resolve(Box::new(d)));
                        }
                        return None;
                    }
                    // The rest of this effect waits under the named players' instructions,
                    // which run first, one player after another.
                    let mut players = self.acting_players(*who, &ctx);
                    if let Some(cond) = only {
                        players.retain(|&p| self.holds(cond, &Ctx { you: p, ..ctx }));
                    }
                    // Told to with no choice, they do it as this effect's controller
                    // makes them; with a "may" it is their own doing.
                    let causer = (!*may).then(|| r.sel.causer.unwrap_or(ctx.you));
                    // With `decide_first`, each player's effect stops once they have
                    // decided (`decided_at`) and waits for this instruction to be taken up
                    // again (`progress` 1), reading the cards this effect picked so far as
                    // `Picked`; otherwise the rest of this effect follows theirs.
                    let decided = decide_first
                        .then(|| (u8::try_from(lead).unwrap_or(u8::MAX), r.sel.picked.clone()));
                    if decided.is_some() {
                        r.progress = 1;
                    } else {
                        r.next += 1;
                        r.progress = 0;
                    }
                    r.chosen = None;
                    self.push(Frame::Resolve(r));
                    for p in players.into_iter().rev() {
                        let theirs = Ctx { you: p, ..ctx };
                        // A cost without a "may" is paid at once, if it can be; a player
                        // who can't pay does none of it.
                        if !*may && !cost.is_empty() {
                            if !self.can_pay(cost, &theirs) {
                                continue;
                            }
                            self.pay(cost, &theirs);
                        }
                        let cost = if *may { cost.clone() } else { Vec::new() };
                        self.push_resolution(theirs, effects.clone(), *may, cost, None);
                        if let Some(Frame::Resolve(top)) = self.st.frames.last_mut() {
                            top.sel.causer = causer.filter(|&c| c != p);
                            if let Some((at, picked)) = &decided {
                                top.decided_at = Some(*at);
                                top.sel.picked.clone_from(picked);
                            }
                        }
                    }
                    return None;
                }
                _ => {}
            }
            let reveals = matches!(effect, Effect::Reveal { .. });
            let reveals_more = matches!(effect, Effect::RevealUntil { .. });
            match self.effect_step(
                &effect,
                &ctx,
                answer.take(),
                &mut r.chosen,
                &mut r.progress,
                &mut r.sel,
            ) {
                Step::Done => {
                    if reveals {
                        // `It` names the top card revealed.
                        r.ctx.it = r.sel.revealed.first().copied();
                        ctx = r.ctx;
                        self.st.revealed.clone_from(&r.sel.revealed);
                    }
                    if reveals_more {
                        self.st.revealed.clone_from(&r.sel.revealed);
                    }
                    r.next += 1;
                    r.chosen = None;
                    r.progress = 0;
                    r.sel.picking.clear();
                    r.sel.done = false;
                    // 710.5: an occurrence waiting for a replacement choice is settled
                    // before the next instruction is followed.
                    if !self.st.replacing.is_empty() {
                        self.push(Frame::Resolve(r));
                        return None;
                    }
                }
                Step::Ask(prompt, choices, player) => {
                    return self.ask(Frame::Resolve(r), player, prompt, choices);
                }
            }
            if self.st.outcome.is_some() {
                return None;
            }
        }
        self.finish_resolution(r.event)
    }

    pub(super) fn finish_resolution(&mut self, event: Option<CardId>) -> Option<Decision> {
        self.st.revealed.clear();
        self.st.picked.clear();
        self.st.paid.clear();
        if let Some(e) = event {
            // 304.2: the Event goes to its owner's discard pile.
            if self.card(e).zone == Zone::Queue {
                self.relocate(e, Zone::Discard, false);
            }
        }
        None
    }
}

/// Writes the counter kind `Effect::ChooseCounter` chose (`None`: +1 power counters)
/// into an instruction that reads it.
fn chosen_counter(e: &mut Effect, kind: &Option<String>) {
    if let Effect::PutChosenCounters { target, amount } = e {
        let (target, amount) = (target.clone(), amount.clone());
        *e = match kind {
            Some(name) => Effect::PutCounters {
                target,
                name: name.clone(),
                amount,
            },
            None => Effect::Counters { target, amount },
        };
    } else if let Effect::RemoveChosenCounters { target, amount } = e {
        let (target, amount) = (target.clone(), amount.clone());
        *e = match kind {
            Some(name) => Effect::RemoveCounters {
                target,
                name: name.clone(),
                amount: Some(amount),
            },
            None => Effect::RemovePowerCounters { target, amount },
        };
    } else if let Effect::If { cond, .. } = e {
        chosen_counter_cond(cond, kind);
    }
}

/// Settles `ChosenCounterIs` once the kind is known: `All([])` always holds, `Any([])`
/// never does.
fn chosen_counter_cond(cond: &mut Condition, kind: &Option<String>) {
    if let Condition::ChosenCounterIs(name) = cond {
        let same = match kind {
            Some(k) => k.eq_ignore_ascii_case(name),
            None => name.eq_ignore_ascii_case("+1 power"),
        };
        *cond = if same {
            Condition::All(Vec::new())
        } else {
            Condition::Any(Vec::new())
        };
    } else if let Condition::All(v) | Condition::Any(v) = cond {
        v.iter_mut().for_each(|c| chosen_counter_cond(c, kind));
    } else if let Condition::Not(c) = cond {
        chosen_counter_cond(c, kind);
    }
}

/// Writes the chosen card type into `ItIsChosenType` conditions (`Effect::ChooseCardType`).
fn chosen_type(cond: &mut Condition, ty: crate::card::CardType) {
    match cond {
        Condition::ChosenCounterIs(_) => {}
        Condition::ItIsChosenType => {
            *cond = Condition::ItFits(Cards {
                card_type: Some(CardKind::Type(ty)),
                place: Some(Place::Anywhere),
                ..Cards::default()
            })
        }
        Condition::All(v) | Condition::Any(v) => v.iter_mut().for_each(|c| chosen_type(c, ty)),
        Condition::Not(c) => chosen_type(c, ty),
        Condition::Exists(_)
        | Condition::None(_)
        | Condition::AtLeast(..)
        | Condition::Involved
        | Condition::InFaceoff(_)
        | Condition::AtAProblem
        | Condition::YourTurn
        | Condition::TurnOf(_)
        | Condition::ExcessPower
        | Condition::ScoredThisPhase(_)
        | Condition::Phase(_)
        | Condition::PowerOfColor(..)
        | Condition::MostPowerHere(_)
        | Condition::HasMost(..)
        | Condition::FaceoffHere
        | Condition::HostInvolved
        | Condition::ItFits(_)
        | Condition::FirstThisFaceoff
        | Condition::ItIsNamed
        | Condition::AtLeastAtOneFaceoffArea(..)
        | Condition::ThatPlayer(_)
        | Condition::Compare(..)
        | Condition::This(_)
        | Condition::ItDismissed
        | Condition::WonByAtLeast(_)
        | Condition::WonByExactly(_)
        | Condition::OpponentChallenging
        | Condition::InvolvedAllColor(_)
        | Condition::PowerAboveAll(_) => {}
    }
}

/// Whether a target chooses among the cards a description fits (rather than naming
/// cards the effect already knows).
fn described(t: &Target) -> bool {
    match t {
        Target::Choose(_)
        | Target::UpTo(..)
        | Target::AnyNumber(_)
        | Target::Exactly(..)
        | Target::AtRandom(_)
        | Target::Each(_) => true,
        Target::This
        | Target::It
        | Target::Host
        | Target::ItsHost
        | Target::Picked
        | Target::Rest => false,
    }
}

/// What a chosen card pays for in a cost (see `Selection::paying`).
#[derive(Clone, Copy)]
enum Paying {
    Exhaust,
    Dismiss,
    Retire,
    Discard,
}
