//! Selectors (705.2f): which players an instruction names, which cards fit a description,
//! and how a description reads their characteristics.

use crate::ability::script::*;
use crate::ability::trigger::Ctx;
use crate::card::CardType;
use crate::decision::Choice;
use crate::game::Game;
use crate::ids::{CardId, PlayerId, Zone};
use crate::rules::layers::ALL_LAYERS;

impl Game {
    /// The players `who` names, from `you`'s point of view.
    pub(crate) fn players_named(&self, who: Who, ctx: &Ctx) -> Vec<PlayerId> {
        match who {
            Who::You => vec![ctx.you],
            Who::Opponent => self.opponents(ctx.you).take(1).collect(),
            Who::Each => self.players_from(ctx.you),
            Who::ItsController => ctx
                .it
                .map(|c| vec![self.last_known_controller(c)])
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
    pub(super) fn acting_players(&self, who: Who, ctx: &Ctx) -> Vec<PlayerId> {
        match who {
            Who::Each => self.players_from(self.st.last_priority.unwrap_or(self.st.turn_player)),
            other => self.players_named(other, ctx),
        }
    }

    /// Whether card `c` fits a description, read from `ctx`'s point of view. 505.2:
    /// face-down Troublemakers fit only descriptions that ask for face-down cards.
    pub fn fits(&self, c: CardId, sel: &Cards, ctx: &Ctx) -> bool {
        self.fits_in(c, sel, sel.place.unwrap_or(Place::InPlay), ctx)
    }

    /// Whether `c` has power higher than every other card fitting the rest of `sel`
    /// (`Cards::most_power`); a card without power never does.
    fn has_most_power(&self, c: CardId, sel: &Cards, place: Place, ctx: &Ctx) -> bool {
        let Some(p) = self.power(c) else {
            return false;
        };
        let rest = Cards {
            most_power: false,
            place: Some(place),
            ..sel.clone()
        };
        self.matching(&rest, ctx)
            .into_iter()
            .all(|o| o == c || self.power(o).is_none_or(|q| q < p))
    }

    /// How many of `c`'s attachments fit `a`.
    fn attached_fitting(&self, c: CardId, a: &Cards, ctx: &Ctx) -> usize {
        self.st
            .in_play
            .iter()
            .filter(|&&x| self.card(x).host == Some(c) && self.fits(x, a, ctx))
            .count()
    }

    /// Whether `c` has at least one attachment fitting `a` and more of them than every
    /// other card fitting the rest of `sel` (`Cards::most_attached`); `host` is left out
    /// of the rest, so an attachment's host is measured against the cards like it.
    fn has_most_attached(
        &self,
        c: CardId,
        sel: &Cards,
        a: &Cards,
        place: Place,
        ctx: &Ctx,
    ) -> bool {
        let n = self.attached_fitting(c, a, ctx);
        if n == 0 {
            return false;
        }
        let rest = Cards {
            most_attached: None,
            host: false,
            place: Some(place),
            ..sel.clone()
        };
        self.matching(&rest, ctx)
            .into_iter()
            .all(|o| o == c || self.attached_fitting(o, a, ctx) < n)
    }

    /// [`Game::fits`] with `place` read in place of the description's own: a cost change
    /// reads the card being played in its hand without copying the description.
    pub(crate) fn fits_in(&self, c: CardId, sel: &Cards, place: Place, ctx: &Ctx) -> bool {
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
            if !self.is_kind(c, kind) {
                return false;
            }
        }
        if !sel.any_type.is_empty() && !sel.any_type.iter().any(|&k| self.is_kind(c, k)) {
            return false;
        }
        if let Some(who) = sel.controller {
            let ok = match who {
                Who::You => k.controller == ctx.you,
                Who::Opponent => k.controller != ctx.you,
                Who::Each => true,
                Who::ItsController => ctx
                    .it
                    .is_some_and(|i| self.last_known_controller(i) == k.controller),
                Who::ThatPlayer => ctx.player == Some(k.controller),
                Who::ThatPlayersOpponent => ctx.player.is_some_and(|p| p != k.controller),
            };
            if !ok {
                return false;
            }
        }
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
            Place::WasInvolved => {
                k.zone == Zone::Play
                    && if self.st.faceoff.is_some() {
                        self.involved_cards().contains(&c)
                    } else {
                        self.st.last_involved.contains(&(c, k.object))
                    }
            }
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
            Place::Picked => self.st.picked.contains(&c),
            Place::Banished => k.zone == Zone::Banished,
            Place::BeneathThis => {
                k.zone == Zone::Banished
                    && if self.card(ctx.source).zone == Zone::Play {
                        self.st.beneath.contains(&(ctx.source, c))
                    } else {
                        // Read as it was in play (701.3): what was beneath it as it left.
                        self.st.beneath_left.contains(&(ctx.source, c))
                    }
            }
            Place::Linked => k.zone == Zone::Banished && self.st.linked.contains(&(ctx.source, c)),
            Place::SetAside => k.zone == Zone::SetAside,
            Place::BeneathIt => {
                k.zone == Zone::Banished
                    && ctx.it.is_some_and(|h| {
                        self.st.beneath.contains(&(h, c)) && self.card(h).zone == Zone::Play
                    })
            }
            Place::Anywhere => true,
            Place::AtIts => {
                k.zone == Zone::Play
                    && k.area.is_some()
                    && ctx.it.is_some_and(|i| {
                        self.card(i).zone == Zone::Play && self.card(i).area == k.area
                    })
            }
            Place::DeckBottom => {
                k.zone == Zone::DrawDeck && self.player(k.owner).deck.first() == Some(&c)
            }
            Place::DeckTop => {
                k.zone == Zone::DrawDeck && self.player(k.owner).deck.last() == Some(&c)
            }
            Place::Challenging => {
                k.zone == Zone::Play
                    && self
                        .st
                        .books
                        .challenging
                        .get()
                        .is_some_and(|(p, tm, alone)| match alone {
                            Some(one) => one == c,
                            None => self
                                .card(tm)
                                .area
                                .is_some_and(|at| self.characters_at(p, at).any(|x| x == c)),
                        })
            }
        };
        if !ok || (sel.other && c == ctx.source) {
            return false;
        }
        if (sel.host && self.card(ctx.source).host != Some(c))
            || (sel.on_this && k.host != Some(ctx.source))
        {
            return false;
        }
        if sel.attached.is_some_and(|a| a != k.host.is_some()) {
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
        if let Some(a) = &sel.without_attached {
            let attached = self
                .st
                .in_play
                .iter()
                .any(|&x| self.card(x).host == Some(c) && self.fits(x, a, ctx));
            if attached {
                return false;
            }
        }
        // No colour chosen yet for "only the chosen colour" (CG158): nothing fits.
        if sel.only_chosen_color {
            return false;
        }
        if sel.color.is_some()
            || !sel.any_color.is_empty()
            || sel.without_color.is_some()
            || sel.only_color.is_some()
        {
            let colors = self.colors_as_read(c, ctx);
            if sel.color.is_some_and(|color| !colors.contains(color))
                || sel
                    .only_color
                    .is_some_and(|color| colors != crate::card::Colors::single(color))
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
        if sel.other_than_it && ctx.it == Some(c) {
            return false;
        }
        if sel.other_than_paid && self.st.paid.contains(&c) {
            return false;
        }
        if sel.is_it && ctx.it != Some(c) {
            return false;
        }
        if sel.is_this && c != ctx.source {
            return false;
        }
        if let Some(n) = sel.bottom {
            // The bottom of a deck is the start of its list.
            let k = self.card(c);
            let deck = &self.player(k.owner).deck;
            if k.zone != Zone::DrawDeck || !deck.iter().take(usize::from(n)).any(|&x| x == c) {
                return false;
            }
        }
        if let Some(a) = sel.shares_with_it {
            let shares = ctx.it.is_some_and(|i| match a {
                Aspect::Type => self.card_type(i) == self.card_type(c),
                Aspect::Color => {
                    let mine = self.colors_as_read(c, ctx);
                    self.colors_as_read(i, ctx).iter().any(|x| mine.contains(x))
                }
            });
            if !shares {
                return false;
            }
        }
        if let Some(a) = sel.differs_from_it {
            let differs = ctx.it.is_some_and(|i| match a {
                Aspect::Type => self.card_type(i) != self.card_type(c),
                // A colourless card has no colour to differ by (CSf1).
                Aspect::Color => {
                    let (a, b) = (self.colors_as_read(i, ctx), self.colors_as_read(c, ctx));
                    !a.is_empty() && !b.is_empty() && a != b
                }
            });
            if !differs {
                return false;
            }
        }
        if let Some(any) = &sel.any_trait {
            let has = |t: &String| match self.reading(ctx) {
                Some(layer) => self.has_trait_upto(c, t, layer),
                None => self.traits(c).iter().any(|x| x.eq_ignore_ascii_case(t)),
            };
            if !any.0.iter().any(has) {
                return false;
            }
        }
        if let Some((cmp, n)) = sel.printed_power {
            let printed = self.face(c).power.unwrap_or(0);
            if !cmp.holds(i32::from(printed), i32::from(n)) {
                return false;
            }
        }
        if let Some(want) = sel.keyword {
            if !self.has_keyword(c, |k| k.name() == want.name()) {
                return false;
            }
        }
        if sel.has_beneath && self.cards_beneath(c).is_empty() {
            return false;
        }
        if sel.most_power && !self.has_most_power(c, sel, place, ctx) {
            return false;
        }
        if let Some(a) = &sel.most_attached {
            if !self.has_most_attached(c, sel, a, place, ctx) {
                return false;
            }
        }
        if let Some(t) = &sel.without_trait {
            let has = match self.reading(ctx) {
                Some(layer) => self.has_trait_upto(c, t, layer),
                None => self.traits(c).iter().any(|x| x.eq_ignore_ascii_case(t)),
            };
            if has {
                return false;
            }
        }
        if let Some(title) = &sel.title {
            // 201.3a: a name reaches the characters and Troublemakers whose title includes
            // it; any other card is referred to by its whole title (201.3), so a Problem or
            // an Event whose title merely contains a character's name is not that character.
            let partial = match self.card_type(c) {
                CardType::ManeCharacter | CardType::Friend | CardType::Troublemaker => true,
                CardType::Event | CardType::Resource | CardType::Problem => false,
            };
            let have = d.title.to_ascii_lowercase();
            let want = title.to_ascii_lowercase();
            if !(if partial {
                have.contains(&want)
            } else {
                have == want
            }) {
                return false;
            }
        }
        // 507.1: a card's power is its current power; a continuous effect reads its layer
        // of the 711 order, so a power modifier whose own description tests power can't
        // depend on itself (711.5).
        // Read only when asked for: it is the dearest thing a description can test.
        if sel.power_at_most.is_some()
            || sel.power_at_least.is_some()
            || sel.power_vs.is_some()
            || sel.power_vs_cost.is_some()
        {
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
                || sel.power_vs.as_deref().is_some_and(|(cmp, amount)| {
                    power.is_none_or(|p| !cmp.holds(p as i32, self.amount(amount, ctx) as i32))
                })
                || sel.power_vs_cost.is_some_and(|cmp| {
                    let cost = self.printed_cost(c).unwrap_or(0);
                    power.is_none_or(|p| !cmp.holds(p as i32, cost as i32))
                })
            {
                return false;
            }
        }
        if let Some(m) = sel.cost_at_most {
            if self.printed_cost(c).is_none_or(|x| x > m) {
                return false;
            }
        }
        if let Some((cmp, amount)) = sel.cost_vs.as_deref() {
            let cost = self.printed_cost(c).unwrap_or(0);
            if !cmp.holds(cost as i32, self.amount(amount, ctx) as i32) {
                return false;
            }
        }
        if let Some((cmp, amount)) = sel.printed_power_vs.as_deref() {
            let printed = self.face(c).power.unwrap_or(0);
            if !cmp.holds(i32::from(printed), i32::from(self.amount(amount, ctx))) {
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
        // 504: only a card in play can be frightened.
        if sel
            .frightened
            .is_some_and(|f| k.zone != Zone::Play || k.frightened != f)
        {
            return false;
        }
        if let Some(b) = sel.boosted {
            if self.card_type(c) != CardType::ManeCharacter || k.boosted != b {
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
    pub(super) fn colors_as_read(&self, c: CardId, ctx: &Ctx) -> crate::card::Colors {
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
    pub(super) fn candidates(&self, sel: &Cards) -> impl Iterator<Item = CardId> + '_ {
        let place = sel.place.unwrap_or(Place::InPlay);
        let zone = move |p: PlayerId| -> &[CardId] {
            let pl = self.player(p);
            match place {
                Place::Hand => &pl.hand,
                Place::Discard => &pl.discard,
                Place::Deck | Place::DeckBottom | Place::DeckTop => &pl.deck,
                Place::Flipped => &pl.flip,
                Place::Banished | Place::BeneathThis | Place::BeneathIt | Place::Linked => {
                    &pl.banished
                }
                Place::InPlay
                | Place::Here
                | Place::AtAProblem
                | Place::AtHome
                | Place::There
                | Place::AtOpponentsProblem
                | Place::Involved
                | Place::WasInvolved
                | Place::AtFaceoff
                | Place::Elsewhere
                | Place::Revealed
                | Place::Picked
                | Place::AtIts
                | Place::Challenging
                | Place::SetAside
                | Place::Anywhere => &[],
            }
        };
        let in_play: &[CardId] = match place {
            Place::Hand
            | Place::Discard
            | Place::Deck
            | Place::DeckBottom
            | Place::DeckTop
            | Place::Flipped
            | Place::Banished
            | Place::BeneathThis
            | Place::Linked
            | Place::SetAside
            | Place::BeneathIt => &[],
            Place::Revealed => &self.st.revealed,
            Place::Picked => &self.st.picked,
            Place::InPlay
            | Place::Here
            | Place::AtAProblem
            | Place::AtHome
            | Place::There
            | Place::AtOpponentsProblem
            | Place::Anywhere
            | Place::Involved
            | Place::WasInvolved
            | Place::AtFaceoff
            | Place::AtIts
            | Place::Challenging
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
            CardRef::TopOfYourDeck => self.player(ctx.you).deck.last().copied(),
        }
    }

    /// 518: what a search of the controller's own deck offers: each card that fits once
    /// (copies are one choice), and failing to find (518.1).
    pub(super) fn search_offer(&self, sel: &Cards, ctx: &Ctx) -> Vec<Choice> {
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
}

/// Whether a card of type `ty` is of the kind a description names.
impl Game {
    /// Whether `c` is of a kind a description names: its type as the rules read it
    /// (522.1) or one a modifier adds (AD126's Resource that is also a Friend).
    fn is_kind(&self, c: CardId, kind: CardKind) -> bool {
        match kind {
            CardKind::Character => {
                self.card_type(c).is_character()
                    || self.gained_type(c, CardType::Friend)
                    || self.gained_type(c, CardType::ManeCharacter)
            }
            CardKind::Type(t) => self.has_type(c, t),
        }
    }
}
