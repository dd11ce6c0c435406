//! Targets: the cards and areas an instruction acts on, and the questions that choose them.

use super::*;
use crate::ability::script::*;
use crate::ability::trigger::Ctx;
use crate::decision::{Choice, Prompt};
use crate::game::Game;
use crate::ids::{Area, CardId};

impl Game {
    /// The cards an effect's target names, or a question when the controller must choose.
    /// Targets of several cards are chosen one at a time: `sel.picking` keeps those
    /// chosen so far, and once `sel.done` the same cards are named again.
    pub(super) fn targets(
        &mut self,
        t: &Target,
        ctx: &Ctx,
        answer: Option<&Choice>,
        sel: &mut Selection,
    ) -> Result<Vec<CardId>, (Prompt, Vec<Choice>)> {
        self.targets_that(t, ctx, answer, sel, |_, _| true)
    }

    /// As `targets`, but a card to choose is offered only if `can` holds for it: a choice
    /// whose instruction can't be carried out is never offered.
    pub(super) fn targets_that(
        &mut self,
        t: &Target,
        ctx: &Ctx,
        answer: Option<&Choice>,
        sel: &mut Selection,
        can: impl Fn(&Game, CardId) -> bool,
    ) -> Result<Vec<CardId>, (Prompt, Vec<Choice>)> {
        // CG158: a description naming the colour chosen earlier in this effect.
        let chosen;
        let t = match with_chosen_color(t, sel.color) {
            Some(x) => {
                chosen = x;
                &chosen
            }
            None => t,
        };
        match t {
            Target::This if sel.this_gone => Ok(vec![]),
            Target::This => Ok(vec![ctx.source]),
            Target::It => Ok(ctx.it.into_iter().collect()),
            Target::Host => Ok(self.card(ctx.source).host.into_iter().collect()),
            Target::ItsHost => Ok(ctx.it.and_then(|c| self.card(c).host).into_iter().collect()),
            Target::Each(cards) => Ok(self.matching(cards, ctx)),
            Target::Picked => Ok(sel.picked.clone()),
            Target::Rest => Ok(sel
                .group
                .iter()
                .copied()
                .filter(|c| !sel.all_picked.contains(c))
                .collect()),
            Target::Choose(cards) => match answer {
                Some(Choice::Card(c)) => Ok(vec![*c]),
                _ => {
                    let fit: Vec<CardId> = self
                        .matching(cards, ctx)
                        .into_iter()
                        .filter(|&c| can(self, c))
                        .collect();
                    let options: Vec<Choice> =
                        self.distinct(fit).into_iter().map(Choice::Card).collect();
                    if options.is_empty() {
                        return Ok(vec![]);
                    }
                    Err((Prompt::Target, options))
                }
            },
            Target::AtRandom(cards) => {
                if !sel.done {
                    // 523.1: every card that fits is a potential choice, copies included.
                    let all = self.matching(cards, ctx);
                    if !all.is_empty() {
                        let i = crate::rng::below(&mut self.st.rng, all.len() as u32);
                        sel.picking = vec![all[i as usize]];
                    }
                    sel.done = true;
                }
                Ok(sel.picking.clone())
            }
            Target::UpTo(_, cards) | Target::AnyNumber(cards) | Target::Exactly(_, cards) => {
                if sel.done {
                    return Ok(sel.picking.clone());
                }
                match answer {
                    Some(Choice::Card(c)) if !sel.picking.contains(c) => sel.picking.push(*c),
                    Some(Choice::NoCard) => {
                        sel.done = true;
                        return Ok(sel.picking.clone());
                    }
                    _ => {}
                }
                let Some((most, may_stop)) = self.pick_limit(t, ctx) else {
                    return Ok(Vec::new());
                };
                let left: Vec<CardId> = self
                    .matching(cards, ctx)
                    .into_iter()
                    .filter(|c| !sel.picking.contains(c) && can(self, *c))
                    .collect();
                let mut options: Vec<Choice> =
                    self.distinct(left).into_iter().map(Choice::Card).collect();
                if sel.picking.len() >= most || options.is_empty() {
                    sel.done = true;
                    return Ok(sel.picking.clone());
                }
                if may_stop {
                    options.push(Choice::NoCard);
                }
                // A choice of at most one card is a plain target choice.
                let prompt = if most == 1 {
                    Prompt::Target
                } else {
                    Prompt::Pick
                };
                Err((prompt, options))
            }
        }
    }

    /// For a target of several cards chosen one at a time: at most how many, and whether
    /// the controller may stop before that ("up to", "any number").
    pub(super) fn pick_limit(&self, t: &Target, ctx: &Ctx) -> Option<(usize, bool)> {
        match t {
            Target::UpTo(n, _) => Some((self.amount(n, ctx).max(0) as usize, true)),
            Target::Exactly(n, _) => Some((self.amount(n, ctx).max(0) as usize, false)),
            Target::AnyNumber(_) => Some((usize::MAX, true)),
            Target::This
            | Target::It
            | Target::Host
            | Target::ItsHost
            | Target::Choose(_)
            | Target::Each(_)
            | Target::AtRandom(_)
            | Target::Picked
            | Target::Rest => None,
        }
    }

    /// The cards a `Pick` chose among, which become the effect's group for `Rest` when
    /// it has none yet.
    pub(super) fn target_pool(&self, t: &Target, ctx: &Ctx, sel: &Selection) -> Vec<CardId> {
        match t {
            Target::Choose(cards)
            | Target::Each(cards)
            | Target::AtRandom(cards)
            | Target::UpTo(_, cards)
            | Target::AnyNumber(cards)
            | Target::Exactly(_, cards) => self.matching(cards, ctx),
            Target::Picked => sel.picked.clone(),
            Target::This | Target::It | Target::Host | Target::ItsHost | Target::Rest => Vec::new(),
        }
    }

    /// Where an effect moves (`by_move`) or sends a card; a moved card may only go
    /// where its mover, the effect's controller, may move it (104.2).
    pub(super) fn area_for(
        &self,
        to: AreaRef,
        by_move: bool,
        card: CardId,
        ctx: &Ctx,
        answer: Option<&Choice>,
    ) -> Result<Option<Area>, (Prompt, Vec<Choice>)> {
        Ok(match to {
            AreaRef::Home => Some(Area::Home(self.card(card).controller)),
            AreaRef::Here => self.card(ctx.source).area,
            AreaRef::There => ctx.there,
            AreaRef::Anywhere
            | AreaRef::AProblem
            | AreaRef::AnotherProblemThanIts
            | AreaRef::FaceoffProblem => match answer {
                Some(Choice::Problem(a)) => Some(*a),
                _ => {
                    let options: Vec<Choice> = self
                        .destinations(to, by_move, card, ctx)
                        .into_iter()
                        .map(Choice::Problem)
                        .collect();
                    if options.is_empty() {
                        return Ok(None);
                    }
                    return Err((Prompt::ChooseProblem, options));
                }
            },
        })
    }

    /// The areas an effect may move (`by_move`, by its controller) or send `card` to
    /// (506.2: never its own area; 104.2: nowhere it can't go).
    pub(super) fn destinations(
        &self,
        to: AreaRef,
        by_move: bool,
        card: CardId,
        ctx: &Ctx,
    ) -> Vec<Area> {
        let home = Area::Home(self.card(card).controller);
        self.areas_named(to, home, ctx)
            .into_iter()
            .filter(|&a| {
                if by_move {
                    self.may_move(ctx.you, card, a)
                } else {
                    self.can_go_to(card, a, false)
                }
            })
            .collect()
    }

    /// The areas `to` names, `home` being the home it means; a card put into play goes
    /// to one of them (only a Problem in play is an area to go to).
    pub(super) fn areas_named(&self, to: AreaRef, home: Area, ctx: &Ctx) -> Vec<Area> {
        match to {
            AreaRef::Home => vec![home],
            AreaRef::Here => self.card(ctx.source).area.into_iter().collect(),
            AreaRef::There => ctx.there.into_iter().collect(),
            AreaRef::Anywhere => std::iter::once(home).chain(self.problem_areas()).collect(),
            AreaRef::AProblem => self.problem_areas().collect(),
            AreaRef::AnotherProblemThanIts => {
                let apart = ctx.it.and_then(|i| self.card(i).area);
                self.problem_areas().filter(|&a| Some(a) != apart).collect()
            }
            AreaRef::FaceoffProblem => self
                .faceoff_areas()
                .into_iter()
                .filter(|a| a.is_problem())
                .collect(),
        }
    }

    /// The Problem areas where at least one card that fits is in play, in area order.
    pub(super) fn problems_with(
        &self,
        with: &Cards,
        condition: Option<&Condition>,
        ctx: &Ctx,
    ) -> Vec<Area> {
        let found = self.matching(with, ctx);
        self.problem_areas()
            .filter(|&a| found.iter().any(|&c| self.card(c).area == Some(a)))
            .filter(|&a| {
                condition.is_none_or(|cond| {
                    let there = Ctx {
                        there: Some(a),
                        ..*ctx
                    };
                    self.holds(cond, &there)
                })
            })
            .collect()
    }
}

/// Whether a target asks the controller to choose (so the card chosen is kept while a
/// later question about it is asked).
pub(super) fn target_is_choice(t: &Target) -> bool {
    // Targets chosen one at a time are remembered by the effect's selection instead.
    matches!(t, Target::Choose(_))
}

/// `t` with its description's `only_chosen_color` made `only_color` with the colour
/// chosen, or `None` when there is nothing to change (with no colour chosen the
/// description is left as it is, and fits nothing).
fn with_chosen_color(t: &Target, color: Option<crate::card::Color>) -> Option<Target> {
    let set = |c: &Cards| -> Option<Cards> {
        let color = color?;
        c.only_chosen_color.then(|| Cards {
            only_chosen_color: false,
            only_color: Some(color),
            ..c.clone()
        })
    };
    match t {
        Target::Choose(c) => set(c).map(Target::Choose),
        Target::UpTo(n, c) => set(c).map(|c| Target::UpTo(n.clone(), c)),
        Target::AnyNumber(c) => set(c).map(Target::AnyNumber),
        Target::Exactly(n, c) => set(c).map(|c| Target::Exactly(n.clone(), c)),
        Target::AtRandom(c) => set(c).map(Target::AtRandom),
        Target::Each(c) => set(c).map(Target::Each),
        Target::This
        | Target::It
        | Target::Host
        | Target::Picked
        | Target::Rest
        | Target::ItsHost => None,
    }
}
