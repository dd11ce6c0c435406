//! Looking at the top of a deck and putting the cards back in a chosen order (Charged Up,
//! Inspired, Meticulous), revealing and taking one, discounts on the next card played,
//! and points scored with a card (517.2). The state these need is one value on
//! [`crate::state::State`] so it is cloned, hashed and digested with the rest.

use super::script::*;
use super::trigger::Ctx;
use crate::decision::{Choice, Prompt};
use crate::event::Event;
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::rules::occurrence::Occurrence;

/// Everything this module keeps in the state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DeckLook {
    /// The cards a player is looking at and has not put back yet.
    pub look: Option<Look>,
    /// Discounts waiting for the next card that fits, in the order they were made.
    pub discounts: Vec<Discount>,
    /// Players who used an Inspired card to look this turn, with the turn number.
    pub inspired: Vec<(PlayerId, u32)>,
    /// 517.2: points scored with each card (by object number) during the Score Phase
    /// of the turn given.
    pub scored_with: Vec<ScoredWith>,
}

/// 517.2: points scored with one card (as one object) in one turn's Score Phase.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScoredWith {
    pub card: CardId,
    pub object: u32,
    pub turn: u32,
    pub points: u16,
}

/// Cards taken off the top of a deck to look at; they stay in the deck until placed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Look {
    pub player: PlayerId,
    pub owner: PlayerId,
    pub zone: Zone,
    pub cards: Vec<CardId>,
    pub revealed: bool,
    /// Whether the chance to take one into hand is over.
    pub took: bool,
}

/// "The next [card] you play this turn costs N less" (PR11, PR84, PR136, PR151).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Discount {
    pub player: PlayerId,
    /// The card that made it, for reading the description.
    pub source: CardId,
    pub cards: Cards,
    /// Less (more when negative).
    pub amount: i16,
    /// The turn it was made; it lapses when the turn ends.
    pub turn: u32,
    /// The card `It` named as it was made, read by the description ("that Friend", AD84).
    pub it: Option<CardId>,
    /// It lapses as the current faceoff ends (AD48).
    pub faceoff: bool,
}

impl Game {
    /// Whether `viewer` is looking at `c`, or it is revealed to everyone.
    /// Whether `c` is the top card of its owner's draw deck while a static ability of a
    /// card they control has them play with it revealed (CN197).
    pub(crate) fn top_revealed(&self, c: CardId) -> bool {
        let owner = self.card(c).owner;
        if self.player(owner).deck.last() != Some(&c)
            || (self.scan_skips && !self.facts.static_kinds.has(crate::pool::StaticKinds::OTHER))
        {
            return false;
        }
        let mut shown = false;
        self.each_static(|e, cond, ctx| {
            if let crate::ability::StaticEffect::RevealTopOfDeck = e {
                let live = crate::ability::trigger::Ctx::of(ctx.source, ctx.you);
                shown |= ctx.you == owner && cond.is_none_or(|x| self.holds(x, &live));
            }
        });
        shown
    }

    pub(crate) fn looked_at_by(&self, c: CardId, viewer: PlayerId) -> bool {
        self.st
            .decklook
            .look
            .as_ref()
            .is_some_and(|l| (l.player == viewer || l.revealed) && l.cards.contains(&c))
    }

    /// The cards being looked at, if `viewer` may see them.
    pub fn looking_at(&self, viewer: PlayerId) -> Vec<CardId> {
        match &self.st.decklook.look {
            Some(l) if l.player == viewer || l.revealed => l.cards.clone(),
            _ => Vec::new(),
        }
    }

    /// The cards revealed to everyone, if any are.
    pub fn looking_at_publicly(&self) -> Vec<CardId> {
        match &self.st.decklook.look {
            Some(l) if l.revealed => l.cards.clone(),
            _ => Vec::new(),
        }
    }

    /// The cards anyone is looking at.
    pub fn looking_at_any(&self) -> Vec<CardId> {
        self.st
            .decklook
            .look
            .as_ref()
            .map(|l| l.cards.clone())
            .unwrap_or_default()
    }

    pub(crate) fn deck_of(&self, deck: DeckRef, ctx: &Ctx) -> Option<(PlayerId, Zone)> {
        match deck {
            DeckRef::Yours => Some((ctx.you, Zone::DrawDeck)),
            DeckRef::Opponents => self.opponents(ctx.you).next().map(|p| (p, Zone::DrawDeck)),
            DeckRef::ThereProblem => {
                let problem = self.problem_at(ctx.there?)?;
                Some((self.card(problem).owner, Zone::ProblemDeck))
            }
            DeckRef::ItsProblem => {
                let problem = self.problem_at(self.card(ctx.it?).area?)?;
                Some((self.card(problem).owner, Zone::ProblemDeck))
            }
            DeckRef::YourProblems => Some((ctx.you, Zone::ProblemDeck)),
            DeckRef::OpponentsProblems => self
                .opponents(ctx.you)
                .next()
                .map(|p| (p, Zone::ProblemDeck)),
        }
    }

    /// The cost for `p` to play `card` to `to` (on `host`): [`Game::play_cost`] with the
    /// costs scoped to that place.
    pub fn play_cost_at(&self, p: PlayerId, card: CardId, to: Area, host: Option<CardId>) -> u16 {
        if self.def(card).card_type == crate::card::CardType::Troublemaker {
            return self.play_cost(p, card);
        }
        let printed = self.def(card).cost.unwrap_or(0) as i16;
        self.ordered_play_cost(p, card, to, host, printed, 0)
    }

    /// 517.2: `points` just scored were scored with each of `cards`. Points scored in
    /// the Score Phase are added up per card for "this Score Phase" conditions.
    pub(crate) fn score_with(&mut self, cards: Vec<CardId>, points: u16) {
        if points == 0 {
            return;
        }
        let turn = self.st.turn;
        let scoring = self.st.step.phase() == crate::state::Phase::Score;
        for c in cards {
            if scoring {
                let object = self.card(c).object;
                let list = &mut self.st.decklook.scored_with;
                list.retain(|s| s.turn == turn);
                match list.iter_mut().find(|s| s.card == c && s.object == object) {
                    Some(s) => s.points = s.points.saturating_add(points),
                    None => list.push(ScoredWith {
                        card: c,
                        object,
                        turn,
                        points,
                    }),
                }
            }
            self.log(Event::ScoredWith { card: c, points });
        }
    }

    /// 517.2: the cards of `p` involved in the current faceoff, with which points for
    /// winning it are scored.
    pub(crate) fn involved_of(&self, p: PlayerId) -> Vec<CardId> {
        self.involved_cards()
            .into_iter()
            .filter(|&c| self.card(c).controller == p)
            .collect()
    }

    /// Points scored with `c` (as the object it is now) during this Score Phase.
    pub(crate) fn scored_this_phase(&self, c: CardId) -> u16 {
        if self.st.step.phase() != crate::state::Phase::Score {
            return 0;
        }
        let object = self.card(c).object;
        self.st
            .decklook
            .scored_with
            .iter()
            .filter(|s| s.card == c && s.object == object && s.turn == self.st.turn)
            .map(|s| s.points)
            .sum()
    }

    pub(crate) fn add_discount(&mut self, ctx: &Ctx, cards: &Cards, amount: i16, faceoff: bool) {
        let turn = self.st.turn;
        let list = &mut self.st.decklook.discounts;
        list.retain(|d| d.turn == turn);
        list.push(Discount {
            player: ctx.you,
            source: ctx.source,
            cards: cards.clone(),
            amount,
            turn,
            it: ctx.it,
            faceoff,
        });
    }

    /// Discounts lasting for a faceoff lapse as it ends (AD48).
    pub(crate) fn end_faceoff_discounts(&mut self) {
        self.st.decklook.discounts.retain(|d| !d.faceoff);
    }

    /// The discounts of `p` waiting for a card in hand that fits them, this turn.
    fn discounts_for(&self, p: PlayerId, card: CardId) -> impl Iterator<Item = usize> + '_ {
        let turn = self.st.turn;
        self.st
            .decklook
            .discounts
            .iter()
            .enumerate()
            .filter(move |(_, d)| {
                let ctx = Ctx {
                    it: d.it,
                    ..Ctx::of(d.source, p)
                };
                let in_hand = Cards {
                    place: Some(Place::Hand),
                    ..d.cards.clone()
                };
                d.player == p && d.turn == turn && self.fits(card, &in_hand, &ctx)
            })
            .map(|(i, _)| i)
    }

    /// How much the waiting discounts take off `card`'s cost for `p`, as (what those an
    /// opposing card made take off, what `p`'s own cards' take off): 705.2b applies the
    /// opposing changes first ("they must pay +[2]", AD154).
    pub(crate) fn discount(&self, p: PlayerId, card: CardId) -> (i16, i16) {
        self.discounts_for(p, card)
            .map(|i| &self.st.decklook.discounts[i])
            .fold((0i16, 0i16), |(opp, own), d| {
                if self.card(d.source).controller == p {
                    (opp, own.saturating_add(d.amount))
                } else {
                    (opp.saturating_add(d.amount), own)
                }
            })
    }

    /// `card` is being played by `p` (still in hand): the discounts it fits are used up.
    pub(crate) fn use_discounts(&mut self, p: PlayerId, card: CardId) {
        let used: Vec<usize> = self.discounts_for(p, card).collect();
        if used.is_empty() {
            return;
        }
        let mut i = 0;
        self.st.decklook.discounts.retain(|_| {
            i += 1;
            !used.contains(&(i - 1))
        });
    }

    /// [`Effect::PlayTroublemakerFree`]: the Troublemaker first (kept in `chosen`), then
    /// the Problem.
    pub(crate) fn play_troublemaker_free_step(
        &mut self,
        ctx: &Ctx,
        answer: Option<Choice>,
        chosen: &mut Option<CardId>,
    ) -> Option<(Prompt, Vec<Choice>)> {
        let you = ctx.you;
        match (answer, *chosen) {
            (Some(Choice::Card(c)), None) => *chosen = Some(c),
            (Some(Choice::Problem(a)), Some(c)) => {
                if self.card(c).zone == Zone::Hand {
                    self.play_to(you, c, 0, a, true, None);
                }
                return None;
            }
            _ => {}
        }
        if chosen.is_none() {
            let sel = Cards {
                card_type: Some(CardKind::Type(crate::card::CardType::Troublemaker)),
                place: Some(Place::Hand),
                ..Cards::default()
            };
            let mine: Vec<CardId> = self.player(you).hand.clone();
            let fit = mine
                .into_iter()
                .filter(|&c| self.fits(c, &sel, ctx))
                .collect();
            let options: Vec<Choice> = self.distinct(fit).into_iter().map(Choice::Card).collect();
            return (!options.is_empty()).then_some((Prompt::Target, options));
        }
        let c = chosen.unwrap_or(ctx.source);
        // 104.2: not where something forbids playing it.
        let areas: Vec<Choice> = self
            .problem_areas()
            .filter(|&a| !self.play_prohibited(you, c, a))
            .map(Choice::Problem)
            .collect();
        (!areas.is_empty()).then_some((Prompt::ChooseProblem, areas))
    }

    /// One step of the Inspired keyword's look (glossary): the first Inspired card to
    /// resolve this turn uses the turn's look, counting the Inspired cards its
    /// controller has as it starts; later ones do nothing.
    pub(crate) fn inspired_step(
        &mut self,
        ctx: &Ctx,
        answer: Option<Choice>,
        started: &mut u8,
    ) -> Option<(Prompt, Vec<Choice>)> {
        let mut count = 0;
        if *started == 0 {
            let turn = self.st.turn;
            let used = &mut self.st.decklook.inspired;
            if used.contains(&(ctx.you, turn)) {
                return None;
            }
            used.retain(|&(_, t)| t == turn);
            used.push((ctx.you, turn));
            count = self
                .st
                .in_play
                .iter()
                .filter(|&&c| {
                    self.card(c).controller == ctx.you
                        && self.has_keyword(c, |k| k == crate::card::Keyword::Inspired)
                })
                .count() as i16;
        }
        self.look_step(
            DeckRef::Opponents,
            &Amount::N(count),
            false,
            None,
            PutBack::TopOrBottom,
            ctx,
            answer,
            started,
        )
    }

    /// One step of [`Effect::LookAt`]: start looking (`started` false), take a card, put
    /// the rest back one at a time. Returns a question while cards are left to place.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn look_step(
        &mut self,
        deck: DeckRef,
        count: &Amount,
        reveal: bool,
        take: Option<&Cards>,
        back: PutBack,
        ctx: &Ctx,
        answer: Option<Choice>,
        started: &mut u8,
    ) -> Option<(Prompt, Vec<Choice>)> {
        if *started == 0 {
            *started = 1;
            let (owner, zone) = self.deck_of(deck, ctx)?;
            let list = match zone {
                Zone::ProblemDeck => &self.player(owner).problem_deck,
                _ => &self.player(owner).deck,
            };
            let n = (self.amount(count, ctx).max(0) as usize).min(list.len());
            if n == 0 {
                return None;
            }
            // The top of a deck is the end of its list; the first card is the top one.
            let cards: Vec<CardId> = list.iter().rev().take(n).copied().collect();
            self.st.decklook.look = Some(Look {
                player: ctx.you,
                owner,
                zone,
                cards,
                revealed: reveal,
                took: take.is_none(),
            });
        }
        let mut look = self.st.decklook.look.take()?;
        match answer {
            Some(Choice::Card(c)) if !look.took && look.cards.contains(&c) => {
                look.took = true;
                look.cards.retain(|&x| x != c);
                self.perform(Occurrence::ToHand(c));
            }
            Some(Choice::NoCard) => look.took = true,
            Some(Choice::ToTop(c)) if look.cards.contains(&c) => {
                look.cards.retain(|&x| x != c);
                self.perform(Occurrence::PutBack {
                    card: c,
                    bottom: false,
                });
            }
            Some(Choice::ToBottom(c)) if look.cards.contains(&c) => {
                look.cards.retain(|&x| x != c);
                self.perform(Occurrence::PutBack {
                    card: c,
                    bottom: true,
                });
            }
            _ => {}
        }
        // Copies of a card are one choice: which copy goes where can't matter.
        let mut distinct: Vec<CardId> = Vec::new();
        for &c in &look.cards {
            if !distinct
                .iter()
                .any(|&d| self.card(d).def == self.card(c).def)
            {
                distinct.push(c);
            }
        }
        if !look.took {
            if let Some(sel) = take {
                let any = Cards {
                    place: Some(Place::Deck),
                    controller: None,
                    ..sel.clone()
                };
                let mut options: Vec<Choice> = distinct
                    .iter()
                    .filter(|&&c| self.fits(c, &any, ctx))
                    .map(|&c| Choice::Card(c))
                    .collect();
                if !options.is_empty() {
                    // Cards bound for the discard pile leave no reason to refuse: the
                    // take is an instruction there, not a "may".
                    if back != PutBack::Discard {
                        options.push(Choice::NoCard);
                    }
                    self.st.decklook.look = Some(look);
                    return Some((Prompt::Target, options));
                }
            }
            look.took = true;
        }
        if distinct.is_empty() {
            return None;
        }
        if back == PutBack::Discard {
            // No order to choose: the looked-at cards are the top of their deck.
            for c in look.cards {
                // The cards looked at are the top ones, in order: each goes as the
                // deck's top card into the discard pile.
                if self.player(look.owner).deck.last() == Some(&c) {
                    self.perform(Occurrence::Mill(look.owner));
                }
            }
            return None;
        }
        let mut options = Vec::with_capacity(distinct.len() * 2);
        for &c in &distinct {
            if matches!(back, PutBack::Top | PutBack::TopOrBottom) {
                options.push(Choice::ToTop(c));
            }
            if matches!(back, PutBack::Bottom | PutBack::TopOrBottom) {
                options.push(Choice::ToBottom(c));
            }
        }
        self.st.decklook.look = Some(look);
        Some((Prompt::Arrange, options))
    }
}
