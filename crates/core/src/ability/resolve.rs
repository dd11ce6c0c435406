//! Following instructions (705.2f, 712): selectors, conditions, amounts, costs, and the
//! frame that resolves a list of effects one at a time, asking for choices as it goes.

use super::script::*;
use super::trigger::{Ctx, Modifier};
use crate::card::CardType;
use crate::decision::{Choice, Decision, Prompt};
use crate::flow::Frame;
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::rules::layers::ALL_LAYERS;
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
    /// This effect's group for "the rest": the cards it revealed, or else those its first
    /// `Pick` chose among.
    pub group: Vec<CardId>,
    /// The cards this effect revealed (`Effect::Reveal`).
    pub revealed: Vec<CardId>,
    /// The card the text is on has become a new object since this (delayed) effect was
    /// made (410.6): `This` names no card.
    pub this_gone: bool,
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
        })));
    }

    /// Marks the effect just pushed as one whose card has become a new object.
    pub(crate) fn this_gone_on_top(&mut self) {
        if let Some(Frame::Resolve(r)) = self.st.frames.last_mut() {
            r.sel.this_gone = true;
        }
    }

    /// The players `who` names, from `you`'s point of view.
    pub(crate) fn players_named(&self, who: Who, ctx: &Ctx) -> Vec<PlayerId> {
        match who {
            Who::You => vec![ctx.you],
            Who::Opponent => self.opponents(ctx.you).take(1).collect(),
            Who::Each => self.players_from(ctx.you),
            Who::ItsController => ctx
                .it
                .map(|c| vec![self.card(c).controller])
                .unwrap_or_default(),
            Who::ThatPlayer => ctx.player.into_iter().collect(),
            Who::ThatPlayersOpponent => ctx
                .player
                .map(|p| self.opponents(p).take(1).collect())
                .unwrap_or_default(),
        }
    }

    /// The players who do a `By` instruction: "each player" acts in turn order from the
    /// player who most recently had priority (801.1).
    fn acting_players(&self, who: Who, ctx: &Ctx) -> Vec<PlayerId> {
        match who {
            Who::Each => self.players_from(self.st.last_priority.unwrap_or(self.st.turn_player)),
            other => self.players_named(other, ctx),
        }
    }

    /// Whether card `c` fits a description, read from `ctx`'s point of view. 505.2:
    /// face-down Troublemakers fit only descriptions that ask for face-down cards.
    pub fn fits(&self, c: CardId, sel: &Cards, ctx: &Ctx) -> bool {
        let k = self.card(c);
        let d = self.def(c);
        if k.face_down && d.card_type == CardType::Troublemaker && sel.face_down != Some(true) {
            return false;
        }
        if let Some(fd) = sel.face_down {
            if k.face_down != fd {
                return false;
            }
        }
        if let Some(kind) = sel.card_type {
            // 522.1: a Dilemma in play is a Problem only.
            let ty = self.card_type(c);
            let ok = match kind {
                CardKind::Character => ty.is_character(),
                CardKind::Type(t) => ty == t,
            };
            if !ok {
                return false;
            }
        }
        if let Some(who) = sel.controller {
            let ok = match who {
                Who::You => k.controller == ctx.you,
                Who::Opponent => k.controller != ctx.you,
                Who::Each => true,
                Who::ItsController => ctx
                    .it
                    .is_some_and(|i| self.card(i).controller == k.controller),
                Who::ThatPlayer => ctx.player == Some(k.controller),
                Who::ThatPlayersOpponent => ctx.player.is_some_and(|p| p != k.controller),
            };
            if !ok {
                return false;
            }
        }
        let place = sel.place.unwrap_or(Place::InPlay);
        let ok = match place {
            Place::InPlay => k.zone == Zone::Play,
            Place::Here => {
                k.zone == Zone::Play && k.area.is_some() && k.area == self.card(ctx.source).area
            }
            Place::AtAProblem => k.zone == Zone::Play && k.area.is_some_and(|a| a.is_problem()),
            Place::AtHome => k.zone == Zone::Play && k.area.is_some_and(|a| !a.is_problem()),
            Place::There => k.zone == Zone::Play && k.area.is_some() && k.area == ctx.there,
            Place::Hand => k.zone == Zone::Hand,
            Place::Discard => k.zone == Zone::Discard,
            Place::Deck => k.zone == Zone::DrawDeck,
            Place::AtOpponentsProblem => {
                k.zone == Zone::Play
                    && k.area.is_some_and(|a| {
                        a.is_problem() && self.area_owner(a).is_some_and(|o| o != ctx.you)
                    })
            }
            Place::Involved => k.zone == Zone::Play && self.involved_cards().contains(&c),
            Place::Flipped => {
                k.zone == Zone::Flip
                    && self
                        .st
                        .faceoff
                        .as_ref()
                        .is_some_and(|f| f.flipped.iter().any(|&(_, x)| x == c))
            }
            Place::AtFaceoff => k.zone == Zone::Play && k.area.is_some_and(|a| self.faceoff_at(a)),
            Place::Elsewhere => k.zone == Zone::Play && k.area != self.card(ctx.source).area,
            Place::Revealed => self.st.revealed.contains(&c),
            Place::Anywhere => true,
        };
        if !ok || (sel.other && c == ctx.source) {
            return false;
        }
        if (sel.host && self.card(ctx.source).host != Some(c))
            || (sel.on_this && k.host != Some(ctx.source))
        {
            return false;
        }
        if let Some(h) = &sel.attached_to {
            if k.host.is_none_or(|host| !self.fits(host, h, ctx)) {
                return false;
            }
        }
        if let Some(a) = &sel.has_attached {
            let attached = self
                .st
                .in_play
                .iter()
                .any(|&x| self.card(x).host == Some(c) && self.fits(x, a, ctx));
            if !attached {
                return false;
            }
        }
        if sel.color.is_some() || !sel.any_color.is_empty() || sel.without_color.is_some() {
            let colors = self.colors_as_read(c, ctx);
            if sel.color.is_some_and(|color| !colors.contains(color))
                || (!sel.any_color.is_empty() && !sel.any_color.iter().any(|&x| colors.contains(x)))
                || sel
                    .without_color
                    .is_some_and(|color| colors.contains(color))
            {
                return false;
            }
        }
        if let Some(t) = &sel.trait_ {
            // A continuous effect reads its layer of the 711 order, so a gained trait can't
            // decide who gains it (711.5).
            let has = match self.reading(ctx) {
                Some(layer) => self.has_trait_upto(c, t, layer),
                None => self.traits(c).iter().any(|x| x.eq_ignore_ascii_case(t)),
            };
            if !has {
                return false;
            }
        }
        if let Some(title) = &sel.title {
            // 201.3a: a name matches titles that include it.
            if !d
                .title
                .to_ascii_lowercase()
                .contains(&title.to_ascii_lowercase())
            {
                return false;
            }
        }
        // 507.1: a card's power is its current power; a continuous effect reads its layer
        // of the 711 order, so a power modifier whose own description tests power can't
        // depend on itself (711.5).
        // Read only when asked for: it is the dearest thing a description can test.
        if sel.power_at_most.is_some() || sel.power_at_least.is_some() {
            let power = match self.reading(ctx) {
                Some(layer) if k.zone == Zone::Play => self.power_upto(c, layer),
                _ => self
                    .face(c)
                    .power
                    .map(|p| p.saturating_add(k.power_counters)),
            };
            if sel
                .power_at_most
                .is_some_and(|m| power.is_none_or(|p| p > m))
                || sel
                    .power_at_least
                    .is_some_and(|m| power.is_none_or(|p| p < m))
            {
                return false;
            }
        }
        if let Some(m) = sel.cost_at_most {
            if self.printed_cost(c).is_none_or(|x| x > m) {
                return false;
            }
        }
        if sel.token.is_some_and(|t| t != k.token) {
            return false;
        }
        if sel.named && !self.has_named_name(c, ctx.source) {
            return false;
        }
        if sel.unique.is_some_and(|u| u != d.is_unique()) {
            return false;
        }
        if sel.same_name_as_it
            && ctx
                .it
                .is_none_or(|i| self.def(i).full_name() != d.full_name())
        {
            return false;
        }
        if let Some(r) = sel.ready {
            // 503.4a: Problems are neither ready nor exhausted; 504.2: nor are frightened
            // cards.
            let state = if r {
                k.is_ready()
            } else {
                k.zone == Zone::Play && k.is_exhausted()
            };
            if !state || self.card_type(c) == CardType::Problem {
                return false;
            }
        }
        if sel.involved && !self.involved_cards().contains(&c) {
            return false;
        }
        true
    }

    /// The colours of `c` as a description or amount read from `ctx` sees them: in a
    /// continuous effect, as the modifiers before its layer of the 711 order leave them.
    fn colors_as_read(&self, c: CardId, ctx: &Ctx) -> crate::card::Colors {
        match self.reading(ctx) {
            Some(layer) => self.colors_upto(c, layer),
            None if self.card(c).face_down => crate::card::Colors::NONE,
            None => self.base_colors(c),
        }
    }

    /// Cards that fit, in a stable order: in play first, then hands and discard piles.
    pub(crate) fn matching(&self, sel: &Cards, ctx: &Ctx) -> Vec<CardId> {
        self.candidates(sel)
            .filter(|&c| self.fits(c, sel, ctx))
            .collect()
    }

    /// Whether some card fits `sel` ([`Game::matching`] is not empty).
    pub(crate) fn any_matching(&self, sel: &Cards, ctx: &Ctx) -> bool {
        self.candidates(sel).any(|c| self.fits(c, sel, ctx))
    }

    /// How many cards fit `sel`, counting no further than `limit`.
    pub(crate) fn count_matching(&self, sel: &Cards, ctx: &Ctx, limit: usize) -> usize {
        self.candidates(sel)
            .filter(|&c| self.fits(c, sel, ctx))
            .take(limit)
            .count()
    }

    /// The cards where `sel` looks, in the order [`Game::matching`] lists them.
    fn candidates(&self, sel: &Cards) -> impl Iterator<Item = CardId> + '_ {
        let place = sel.place.unwrap_or(Place::InPlay);
        let zone = move |p: PlayerId| -> &[CardId] {
            let pl = self.player(p);
            match place {
                Place::Hand => &pl.hand,
                Place::Discard => &pl.discard,
                Place::Deck => &pl.deck,
                Place::Flipped => &pl.flip,
                Place::InPlay
                | Place::Here
                | Place::AtAProblem
                | Place::AtHome
                | Place::There
                | Place::AtOpponentsProblem
                | Place::Involved
                | Place::AtFaceoff
                | Place::Elsewhere
                | Place::Revealed
                | Place::Anywhere => &[],
            }
        };
        let in_play: &[CardId] = match place {
            Place::Hand | Place::Discard | Place::Deck | Place::Flipped => &[],
            Place::Revealed => &self.st.revealed,
            Place::InPlay
            | Place::Here
            | Place::AtAProblem
            | Place::AtHome
            | Place::There
            | Place::AtOpponentsProblem
            | Place::Anywhere
            | Place::Involved
            | Place::AtFaceoff
            | Place::Elsewhere => &self.st.in_play,
        };
        in_play
            .iter()
            .copied()
            .chain(self.players().flat_map(move |p| zone(p).iter().copied()))
    }

    /// One card of each group of cards no choice could tell apart (same card, same
    /// controller, place and state), so two identical copies give one choice.
    pub(crate) fn distinct(&self, cards: Vec<CardId>) -> Vec<CardId> {
        let mut seen = Vec::with_capacity(cards.len());
        let mut out = Vec::with_capacity(cards.len());
        for c in cards {
            let k = self.card(c);
            let key = (
                k.def,
                k.controller,
                k.zone,
                k.area,
                k.exhaustion,
                k.frightened,
                k.face_down,
                k.power_counters,
                k.host,
                (k.boosted, k.token),
            );
            // A card with something of its own is a choice of its own; whether it has is
            // only worked out for a card like one already listed.
            match seen.iter_mut().find(|(k, _)| *k == key) {
                None => seen.push((key, c)),
                Some((_, first)) => {
                    let plain = self.no_extras(c);
                    if plain && self.no_extras(*first) {
                        continue;
                    }
                    if plain {
                        *first = c;
                    }
                }
            }
            out.push(c);
        }
        out
    }

    /// Whether a card in play has nothing of its own beyond its printed card and its
    /// state: no attachment, no modifier with a duration, no named counter, no card
    /// beneath it, no entry choice. Two such cards in the same state are interchangeable,
    /// and one choice stands for both.
    pub(crate) fn no_extras(&self, c: CardId) -> bool {
        let st = &self.st;
        let object = st.cards[c.index()].object;
        !(st.in_play
            .iter()
            .any(|&x| st.cards[x.index()].host == Some(c))
            || st
                .modifiers
                .iter()
                .any(|m| m.target == c && m.object == object)
            || st
                .named_counters
                .iter()
                .any(|n| n.card == c && n.object == object)
            || st.beneath.iter().any(|&(above, _)| above == c)
            || st.entered.iter().any(|r| r.card == c))
    }

    /// The card a `CardRef` names, if there is one.
    pub(crate) fn card_ref(&self, r: CardRef, ctx: &Ctx) -> Option<CardId> {
        match r {
            CardRef::This => Some(ctx.source),
            CardRef::It => ctx.it,
            CardRef::Host => self.card(ctx.source).host,
        }
    }

    pub(crate) fn amount(&self, a: &Amount, ctx: &Ctx) -> i16 {
        let count = |n: usize| i16::try_from(n).unwrap_or(i16::MAX);
        match a {
            Amount::N(n) => *n,
            Amount::CountOf(sel) => count(self.count_matching(sel, ctx, usize::MAX)),
            Amount::BonusThere => ctx
                .there
                .and_then(|a| self.problem_at(a))
                .and_then(|p| self.def(p).problem.as_ref())
                .map_or(0, |f| f.bonus as i16),
            Amount::Power(r) => self.card_ref(*r, ctx).map_or(0, |c| {
                if self.card(c).zone == Zone::Play {
                    self.power_upto(c, self.reading(ctx).unwrap_or(ALL_LAYERS))
                        .unwrap_or(0)
                } else {
                    self.face(c).power.unwrap_or(0)
                }
            }),
            Amount::PrintedPower(r) => self
                .card_ref(*r, ctx)
                .and_then(|c| self.face(c).power)
                .unwrap_or(0),
            Amount::Cost(r) => self
                .card_ref(*r, ctx)
                .and_then(|c| self.printed_cost(c))
                .map_or(0, i16::from),
            Amount::Colors(r) => self
                .card_ref(*r, ctx)
                .map_or(0, |c| count(self.colors_as_read(c, ctx).len())),
            Amount::Counters(r, name) => self
                .card_ref(*r, ctx)
                .map_or(0, |c| count(self.counters_named(c, name) as usize)),
            Amount::Beneath(r) => self
                .card_ref(*r, ctx)
                .map_or(0, |c| count(self.cards_beneath(c).len())),
            Amount::ColorsAmong(sel) => {
                let among = self
                    .matching(sel, ctx)
                    .into_iter()
                    .fold(crate::card::Colors::NONE, |all, c| {
                        all.union(self.colors_as_read(c, ctx))
                    });
                count(among.len())
            }
            Amount::Tokens(who) => count(
                self.players_named(*who, ctx)
                    .into_iter()
                    .map(|p| self.player(p).tokens as usize)
                    .sum(),
            ),
            Amount::Points(who) => count(
                self.players_named(*who, ctx)
                    .into_iter()
                    .map(|p| self.player(p).score as usize)
                    .sum(),
            ),
            Amount::Sum(v) => v
                .iter()
                .fold(0i16, |t, x| t.saturating_add(self.amount(x, ctx))),
            Amount::Difference(x, y) => self.amount(x, ctx).saturating_sub(self.amount(y, ctx)),
            Amount::Times(n, x) => n.saturating_mul(self.amount(x, ctx)),
            Amount::Half(x, round) => {
                let v = self.amount(x, ctx);
                match round {
                    Round::Down => v.div_euclid(2),
                    Round::Up => v.saturating_add(1).div_euclid(2),
                }
            }
        }
    }

    /// Whether two amounts compare as `cmp` says.
    fn compares(&self, a: &Amount, cmp: Cmp, b: &Amount, ctx: &Ctx) -> bool {
        let (a, b) = (self.amount(a, ctx), self.amount(b, ctx));
        match cmp {
            Cmp::AtLeast => a >= b,
            Cmp::AtMost => a <= b,
            Cmp::MoreThan => a > b,
            Cmp::LessThan => a < b,
            Cmp::EqualTo => a == b,
        }
    }

    /// Conditions ("if", "while") against the current state.
    /// 518: what a search of the controller's own deck offers: each card that fits once
    /// (copies are one choice), and failing to find (518.1).
    fn search_offer(&self, sel: &Cards, ctx: &Ctx) -> Vec<Choice> {
        let in_deck = Cards {
            place: Some(Place::Deck),
            ..sel.clone()
        };
        let found = self
            .matching(&in_deck, ctx)
            .into_iter()
            .filter(|&c| self.card(c).owner == ctx.you)
            .collect();
        let mut options: Vec<Choice> = self.distinct(found).into_iter().map(Choice::Card).collect();
        options.push(Choice::NoCard);
        options
    }

    /// Whether a faceoff (of the given kind, if any) is going on.
    pub(crate) fn in_faceoff(&self, kind: Option<FaceoffType>) -> bool {
        match (&self.st.faceoff, kind) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(f), Some(FaceoffType::Troublemaker)) => {
                matches!(f.kind, crate::state::FaceoffKind::Troublemaker { .. })
            }
            (Some(f), Some(FaceoffType::Problem)) => {
                !matches!(f.kind, crate::state::FaceoffKind::Troublemaker { .. })
            }
        }
    }

    /// How a description reads characteristics (see `rules/layers.rs`): as the modifiers
    /// before its layer of the 711 order leave them (`Some`, all of them for anything
    /// but a continuous effect), or printed values (`None`: a continuous effect in a game
    /// where no modifier can change what another reads).
    pub(crate) fn reading(&self, ctx: &Ctx) -> Option<u16> {
        if !ctx.printed {
            Some(ALL_LAYERS)
        } else if self.facts.layered {
            Some(ctx.layer)
        } else {
            None
        }
    }

    pub fn holds(&self, cond: &Condition, ctx: &Ctx) -> bool {
        match cond {
            Condition::Exists(sel) => self.any_matching(sel, ctx),
            Condition::None(sel) => !self.any_matching(sel, ctx),
            Condition::AtLeast(n, sel) => self.count_matching(sel, ctx, *n as usize) >= *n as usize,
            Condition::Involved => self.involved_cards().contains(&ctx.source),
            Condition::InFaceoff(kind) => self.in_faceoff(*kind),
            Condition::AtAProblem => {
                self.card(ctx.source).zone == Zone::Play
                    && self.card(ctx.source).area.is_some_and(|a| a.is_problem())
            }
            Condition::YourTurn => self.st.turn_player == ctx.you,
            Condition::ExcessPower => ctx
                .there
                .is_some_and(|a| self.confronts_with_excess(ctx.you, a)),
            Condition::ScoredThisPhase(n) => self.scored_this_phase(ctx.source) >= *n,
            Condition::Compare(a, cmp, b) => self.compares(a, *cmp, b, ctx),
            Condition::This(sel) => self.fits(ctx.source, sel, ctx),
            Condition::All(v) => v.iter().all(|c| self.holds(c, ctx)),
            Condition::Any(v) => v.iter().any(|c| self.holds(c, ctx)),
            Condition::Not(c) => !self.holds(c, ctx),
            Condition::Phase(p) => super::trigger::phase_name(self.st.step.phase()) == Some(*p),
            Condition::PowerOfColor(color, n) => {
                let layer = self.reading(ctx).unwrap_or(ALL_LAYERS);
                self.power_of_color_upto(ctx.you, *color, layer) >= *n
            }
            Condition::MostPowerHere(who) => {
                let Some(area) = self.card(ctx.source).area else {
                    return false;
                };
                let power = |p: PlayerId| -> u32 {
                    self.characters_at(p, area)
                        .map(|c| {
                            self.contribution_upto(c, self.reading(ctx).unwrap_or(ALL_LAYERS))
                                as u32
                        })
                        .sum()
                };
                self.players_named(*who, ctx).into_iter().any(|p| {
                    let mine = power(p);
                    self.opponents(p).all(|o| power(o) < mine)
                })
            }
            Condition::FaceoffHere => self
                .card(ctx.source)
                .area
                .is_some_and(|a| self.faceoff_at(a)),
            Condition::HostInvolved => self
                .card(ctx.source)
                .host
                .is_some_and(|h| self.involved_cards().contains(&h)),
            Condition::ItFits(sel) => ctx.it.is_some_and(|c| self.fits(c, sel, ctx)),
            Condition::FirstThisFaceoff => self
                .st
                .faceoff
                .as_ref()
                .is_some_and(|f| !f.used.contains(&ctx.source)),
            Condition::ThatPlayer(who) => {
                ctx.player.is_some_and(|p| self.names_player(*who, ctx, p))
            }
            Condition::ItDismissed => ctx.it.is_some_and(|c| self.was_dismissed(c)),
            Condition::WonByAtLeast(n) => ctx
                .player
                .and_then(|p| self.faceoff_margin(p))
                .is_some_and(|m| m >= *n),
            Condition::WonByExactly(n) => {
                ctx.player.and_then(|p| self.faceoff_margin(p)) == Some(*n)
            }
            Condition::OpponentChallenging => self.opponent_challenging(ctx.you),
            Condition::InvolvedAllColor(color) => self.involved_all_color(ctx.you, *color),
            Condition::AtLeastAtOneFaceoffArea(n, sel) => {
                let sel = Cards {
                    place: Some(Place::InPlay),
                    ..sel.clone()
                };
                let fitting = self.matching(&sel, ctx);
                self.faceoff_areas().into_iter().any(|a| {
                    fitting
                        .iter()
                        .filter(|&&c| self.card(c).area == Some(a))
                        .count()
                        >= *n as usize
                })
            }
        }
    }

    /// Whether every cost can be paid now (508.1d).
    pub(crate) fn can_pay(&self, costs: &[Cost], ctx: &Ctx) -> bool {
        let mut tokens = 0;
        for c in costs {
            let ok = match c {
                Cost::Tokens(n) => {
                    tokens += n;
                    true
                }
                Cost::ExhaustThis => self.can_happen(Occurrence::Exhaust(ctx.source)),
                Cost::Exhaust(sel) => self
                    .matching(sel, ctx)
                    .into_iter()
                    .any(|c| self.can_happen(Occurrence::Exhaust(c))),
                Cost::RetireThis => {
                    self.card(ctx.source).controller == ctx.you
                        && self.can_happen(Occurrence::Retire(ctx.source))
                }
                Cost::DismissThis => self.can_happen(Occurrence::Dismiss {
                    card: ctx.source,
                    by_game: false,
                }),
                Cost::Discard(n) => self.player(ctx.you).hand.len() >= *n as usize,
                Cost::TokensLessPer { amount, per } => {
                    tokens += self.tokens_less_per(*amount, per, ctx);
                    true
                }
                Cost::ReturnThisToHand => self.can_happen(Occurrence::ToHand(ctx.source)),
                Cost::RemoveCounters { name, amount } => {
                    self.counters_named(ctx.source, name) >= *amount
                }
                Cost::Dismiss(sel) => self.matching(sel, ctx).into_iter().any(|c| {
                    self.can_happen(Occurrence::Dismiss {
                        card: c,
                        by_game: false,
                    })
                }),
                Cost::Spend(n) => self.cards_beneath(ctx.source).len() >= *n as usize,
            };
            if !ok {
                return false;
            }
        }
        self.player(ctx.you).tokens >= tokens
    }

    /// Pays costs that `can_pay` accepted. Choices inside costs (which card to exhaust or
    /// discard) take the first that fits; a cost offering real choices belongs in a script
    /// as a separate instruction.
    pub(crate) fn pay(&mut self, costs: &[Cost], ctx: &Ctx) {
        for c in costs {
            match c {
                Cost::Tokens(n) => {
                    self.perform(Occurrence::PayTokens {
                        player: ctx.you,
                        amount: *n,
                    });
                }
                Cost::ExhaustThis => {
                    self.perform(Occurrence::Exhaust(ctx.source));
                }
                Cost::Exhaust(sel) => {
                    if let Some(x) = self
                        .matching(sel, ctx)
                        .into_iter()
                        .find(|&c| self.can_happen(Occurrence::Exhaust(c)))
                    {
                        self.perform(Occurrence::Exhaust(x));
                    }
                }
                Cost::RetireThis => {
                    self.occur(Occurrence::Retire(ctx.source));
                }
                Cost::ReturnThisToHand => {
                    self.occur(Occurrence::ToHand(ctx.source));
                }
                Cost::DismissThis => {
                    self.occur(Occurrence::Dismiss {
                        card: ctx.source,
                        by_game: false,
                    });
                }
                Cost::Dismiss(sel) => {
                    if let Some(x) = self.matching(sel, ctx).into_iter().find(|&c| {
                        self.can_happen(Occurrence::Dismiss {
                            card: c,
                            by_game: false,
                        })
                    }) {
                        self.occur(Occurrence::Dismiss {
                            card: x,
                            by_game: false,
                        });
                    }
                }
                Cost::TokensLessPer { amount, per } => {
                    self.perform(Occurrence::PayTokens {
                        player: ctx.you,
                        amount: self.tokens_less_per(*amount, per, ctx),
                    });
                }
                Cost::RemoveCounters { name, amount } => {
                    self.remove_counters(ctx.source, name, Some(*amount));
                }
                Cost::Discard(n) => {
                    for _ in 0..*n {
                        if let Some(&x) = self.player(ctx.you).hand.first() {
                            self.perform(Occurrence::Discard(x));
                        }
                    }
                }
                Cost::Spend(n) => self.spend(ctx.source, *n),
            }
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
        if r.may {
            match answer {
                Some(Choice::Yes) => {
                    r.may = false;
                    let cost = std::mem::take(&mut r.cost);
                    self.pay(&cost, &ctx);
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
        while (r.next as usize) < r.effects.len() {
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
                // The chosen card becomes `It` for the rest of the resolution, and the
                // chosen cards are `Picked`.
                Effect::Pick(t) => {
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
                    let can = |g: &Game, c| {
                        then.is_none_or(|(to, by_move)| {
                            let probe = Ctx { it: Some(c), ..ctx };
                            !g.destinations(to, by_move, c, &probe).is_empty()
                        })
                    };
                    match self.targets_that(t, &ctx, answer.take().as_ref(), &mut r.sel, can) {
                        Ok(v) => {
                            r.ctx.it = v.first().copied();
                            ctx = r.ctx;
                            if r.sel.group.is_empty() {
                                r.sel.group = self.target_pool(t, &ctx, &r.sel);
                            }
                            r.sel.all_picked.extend(v.iter().copied());
                            r.sel.picked = v;
                        }
                        Err((prompt, choices)) => {
                            return self.ask(Frame::Resolve(r), ctx.you, prompt, choices);
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
                Effect::By { who, may, effects } => {
                    // The rest of this effect waits under the named players' instructions,
                    // which run first, one player after another.
                    let players = self.acting_players(*who, &ctx);
                    r.next += 1;
                    r.chosen = None;
                    r.progress = 0;
                    self.push(Frame::Resolve(r));
                    for p in players.into_iter().rev() {
                        let theirs = Ctx { you: p, ..ctx };
                        self.push_resolution(theirs, effects.clone(), *may, Vec::new(), None);
                    }
                    return None;
                }
                _ => {}
            }
            let reveals = matches!(effect, Effect::Reveal { .. });
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

    fn finish_resolution(&mut self, event: Option<CardId>) -> Option<Decision> {
        self.st.revealed.clear();
        if let Some(e) = event {
            // 304.2: the Event goes to its owner's discard pile.
            if self.card(e).zone == Zone::Queue {
                self.relocate(e, Zone::Discard, false);
            }
        }
        None
    }

    /// The cards an effect's target names, or a question when the controller must choose.
    /// Targets of several cards are chosen one at a time: `sel.picking` keeps those
    /// chosen so far, and once `sel.done` the same cards are named again.
    fn targets(
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
    fn targets_that(
        &mut self,
        t: &Target,
        ctx: &Ctx,
        answer: Option<&Choice>,
        sel: &mut Selection,
        can: impl Fn(&Game, CardId) -> bool,
    ) -> Result<Vec<CardId>, (Prompt, Vec<Choice>)> {
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
    fn pick_limit(&self, t: &Target, ctx: &Ctx) -> Option<(usize, bool)> {
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
    fn target_pool(&self, t: &Target, ctx: &Ctx, sel: &Selection) -> Vec<CardId> {
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
    fn area_for(
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
            AreaRef::Anywhere | AreaRef::AProblem | AreaRef::AnotherProblemThanIts => {
                match answer {
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
                }
            }
        })
    }

    /// The areas an effect may move (`by_move`, by its controller) or send `card` to
    /// (506.2: never its own area; 104.2: nowhere it can't go).
    fn destinations(&self, to: AreaRef, by_move: bool, card: CardId, ctx: &Ctx) -> Vec<Area> {
        let home = Area::Home(self.card(card).controller);
        let candidates: Vec<Area> = match to {
            AreaRef::Home => vec![home],
            AreaRef::Here => self.card(ctx.source).area.into_iter().collect(),
            AreaRef::There => ctx.there.into_iter().collect(),
            AreaRef::Anywhere => std::iter::once(home).chain(self.problem_areas()).collect(),
            AreaRef::AProblem => self.problem_areas().collect(),
            AreaRef::AnotherProblemThanIts => {
                let apart = ctx.it.and_then(|i| self.card(i).area);
                self.problem_areas().filter(|&a| Some(a) != apart).collect()
            }
        };
        candidates
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

    /// The cost of `Cost::TokensLessPer`: one token fewer per card that fits.
    fn tokens_less_per(&self, amount: u16, per: &Cards, ctx: &Ctx) -> u16 {
        let n = self.matching(per, ctx).len();
        amount.saturating_sub(u16::try_from(n).unwrap_or(u16::MAX))
    }

    /// The Problem areas where at least one card that fits is in play, in area order.
    fn problems_with(&self, with: &Cards, ctx: &Ctx) -> Vec<Area> {
        let found = self.matching(with, ctx);
        self.problem_areas()
            .filter(|&a| found.iter().any(|&c| self.card(c).area == Some(a)))
            .collect()
    }

    /// Runs one instruction; asks when a choice is needed.
    fn effect_step(
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
                            let len = self.player(p).hand.len();
                            if len == 0 {
                                break;
                            }
                            // 523: uniform among every card in hand.
                            let i = crate::rng::below(&mut self.st.rng, len as u32) as usize;
                            let c = self.player(p).hand[i];
                            self.perform(Occurrence::Discard(c));
                        }
                    }
                } else if let Some(per) = std::num::NonZeroUsize::new(n) {
                    // Each discarding player chooses their own cards, one at a time, in
                    // turn order; `progress` counts the cards discarded so far.
                    let per = per.get();
                    if let Some(Choice::Card(c)) = answer {
                        self.perform(Occurrence::Discard(c));
                        *progress += 1;
                    }
                    while let Some(&p) = players.get(*progress as usize / per) {
                        if self.player(p).hand.is_empty() {
                            *progress =
                                ((*progress as usize / per + 1) * per).min(u8::MAX as usize) as u8;
                            continue;
                        }
                        let options = self
                            .player(p)
                            .hand
                            .iter()
                            .map(|&c| Choice::Card(c))
                            .collect();
                        return Step::Ask(Prompt::Discard, options, p);
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
                    self.score_points(p, n, with);
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
                        other => other.clone(),
                    };
                    self.st.modifiers.push(Modifier {
                        target: c,
                        object,
                        controller: you,
                        effect,
                        duration: *duration,
                        timestamp,
                    });
                }
            }
            Effect::Exhaust(t) => {
                for c in targets!(t) {
                    self.perform(Occurrence::Exhaust(c));
                }
            }
            Effect::Ready(t) => {
                for c in targets!(t) {
                    while self.perform(Occurrence::Ready(c)) {}
                }
            }
            Effect::Frighten(t) => {
                for c in targets!(t) {
                    self.occur(Occurrence::Frighten(c));
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
                    if self.card(c).zone == Zone::Play {
                        let k = self.card_mut(c);
                        k.power_counters = k.power_counters.saturating_add(n);
                    }
                }
            }
            Effect::RemovePowerCounters { target, amount } => {
                let n = self.amount(amount, ctx).max(0);
                for c in targets!(target) {
                    if self.card(c).zone == Zone::Play {
                        let k = self.card_mut(c);
                        // Net counters below zero are -1 counters: not touched (519.4).
                        k.power_counters -= n.min(k.power_counters.max(0));
                    }
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
            Effect::TurnOver(t) => {
                for c in targets!(t) {
                    if self.def(c).card_type == CardType::ManeCharacter
                        && self.def(c).boosted.is_some()
                    {
                        let k = self.card_mut(c);
                        k.boosted = !k.boosted;
                        self.refresh_watchers();
                        self.log(crate::event::Event::TurnedOver(c));
                    }
                }
            }
            // 104.2: a player who can't search doesn't look (nor shuffle).
            Effect::Search(_) | Effect::SearchAndPlay { .. }
                if self.prohibited(crate::rules::prohibit::Attempt::Search(you)) => {}
            Effect::Search(sel) => {
                // 518: look through the deck; the player may fail to find (518.1).
                if let Some(Choice::Card(c)) = answer {
                    self.relocate(c, Zone::Hand, false);
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
            | Effect::ChooseColor
            | Effect::Modes { .. }
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
                            self.perform(Occurrence::Flip(p));
                        }
                    }
                }
            }
            Effect::PlayFree { target, frightened } => {
                // A Resource's host is asked for once the card is known: `chosen` keeps it.
                let cards = match (*chosen, target) {
                    (Some(c), _) => vec![c],
                    _ => targets!(target),
                };
                let mut answer = if chosen.is_some() { answer } else { None };
                for c in cards {
                    if self.card(c).zone != Zone::Discard {
                        continue;
                    }
                    match self.play_free(you, c, *frightened, answer.take()) {
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
            Effect::PutIntoPlay { target, face_down } => {
                // The card first (kept while its Problem is chosen), then the Problem. A
                // card put into play leaves the hand or pile, so several targets are
                // taken again each time without those done.
                let (cards, mut place) = match (target_is_choice(target), *chosen) {
                    (true, Some(c)) => (vec![c], answer),
                    (true, None) => (targets!(target), None),
                    (false, _) => (targets!(target), answer),
                };
                for c in cards {
                    if !matches!(self.card(c).zone, Zone::Hand | Zone::Discard) {
                        continue;
                    }
                    let (at, down) = match self.def(c).card_type {
                        CardType::Friend => (Area::Home(you), false),
                        CardType::Troublemaker => match place.take() {
                            Some(Choice::Problem(a)) if self.problem_areas().any(|x| x == a) => {
                                (a, *face_down)
                            }
                            _ => {
                                let options: Vec<Choice> =
                                    self.problem_areas().map(Choice::Problem).collect();
                                if options.is_empty() {
                                    continue;
                                }
                                *chosen = Some(c);
                                return Step::Ask(Prompt::ChooseProblem, options, you);
                            }
                        },
                        _ => continue,
                    };
                    self.card_mut(c).controller = you;
                    self.enter(c, at, down, crate::rules::entering::Then::Nothing);
                }
            }
            Effect::FlipExtra(n) => {
                if self.st.faceoff.is_some() {
                    for _ in 0..*n {
                        self.perform(Occurrence::Flip(you));
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
            Effect::Discount { cards, amount } => {
                self.add_discount(ctx, cards, *amount);
            }
            Effect::PlayTroublemakerFree => {
                if let Some((p, c)) = self.play_troublemaker_free_step(ctx, answer, chosen) {
                    return Step::Ask(p, c, you);
                }
            }
            Effect::PayOr { cost, otherwise } => match answer {
                Some(Choice::Yes) => self.pay(cost, ctx),
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
            Effect::MoveToProblemWith { target, with } => {
                // As for `Move`: the card first (kept while the Problem is chosen), or
                // the cards chosen one at a time, each asked for in turn.
                let cards = match (*chosen, target) {
                    (Some(c), _) => vec![c],
                    (None, Target::Choose(_)) => {
                        let problems = self.problems_with(with, ctx);
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
                            if self.problems_with(with, ctx).contains(&a)
                                && self.may_move(you, c, a)
                            {
                                self.move_by(you, c, a);
                            }
                        }
                        _ => {
                            let options: Vec<Choice> = self
                                .problems_with(with, ctx)
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
                if let Some(&other) = targets!(theirs).first() {
                    self.exchange_control(mine, other, *duration, you);
                }
            }
        }
        Step::Done
    }
}

impl Game {
    /// Moves (506, only where the mover may move it, 104.2) or sends (506.5) a card.
    fn move_or_send(&mut self, by_move: bool, mover: PlayerId, c: CardId, a: Area) {
        if by_move {
            if self.may_move(mover, c, a) {
                self.move_by(mover, c, a);
            }
        } else {
            self.occur(Occurrence::Send { card: c, to: a });
        }
    }

    /// 508.1e: plays `c` for `p` without a cost, if its play requirement is met (205.1):
    /// a Friend to `p`'s home, a Resource on a host `p` picks (the options come back as
    /// the error until `answer` names one) or home. Other card types aren't played.
    fn play_free(
        &mut self,
        p: PlayerId,
        c: CardId,
        frightened: bool,
        answer: Option<Choice>,
    ) -> Result<(), Vec<Choice>> {
        let zone = self.card(c).zone;
        if matches!(zone, Zone::Play | Zone::Queue)
            || !self.meets_play_requirements(p, c)
            || self.card_play_prohibited(p, c)
        {
            return Ok(());
        }
        let (at, host) = match self.def(c).card_type {
            CardType::Friend => (Area::Home(p), None),
            CardType::Resource => match self.host_description(c).cloned() {
                None => (Area::Home(p), None),
                Some(sel) => {
                    let ctx = Ctx::of(c, p);
                    let hosts = self.distinct(self.matching(&sel, &ctx));
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

/// Whether a target asks the controller to choose (so the card chosen is kept while a
/// later question about it is asked).
fn target_is_choice(t: &Target) -> bool {
    // Targets chosen one at a time are remembered by the effect's selection instead.
    matches!(t, Target::Choose(_))
}

enum Step {
    Done,
    Ask(Prompt, Vec<Choice>, PlayerId),
}
