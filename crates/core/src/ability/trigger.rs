//! Triggered abilities (704), triggered effects waiting for pre-priority processing
//! (511.7), and modifiers with a duration (708).

use super::script::*;
use crate::decision::{Choice, Decision, Prompt};
use crate::event::{Event, EventKind, EventKinds, Leave};
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
    /// The card whose effect made it, as the object it was then (a duration may follow
    /// that card's state: `Duration::WhileThisExhausted`).
    pub source: (CardId, u32),
    pub effect: StaticEffect,
    pub duration: Duration,
    /// For `Duration::Until`: the card whose event ends it, as the object it was when
    /// the modifier was made.
    pub ends: Option<(CardId, u32)>,
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
    /// The keyword the ability stands for, when `source` has it only as gained from a
    /// static ability or modifier (CG38); `index` is then not read.
    pub gained: Option<crate::card::Keyword>,
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

    /// Recomputes the index of play after a card in play turned over or face-up or
    /// down: what its cards listen to ([`Game::recount_watchers`]) and the lists by
    /// kind of ability ([`Game::relist`]).
    pub(crate) fn refresh_watchers(&mut self) {
        self.recount_watchers();
        self.relist();
    }

    /// Recomputes the kinds of event the cards in play listen to (the game-wide part of
    /// the trigger index): an event of another kind needs no scan at all.
    fn recount_watchers(&mut self) {
        self.st.books.watchers = if !self.facts.triggers {
            EventKinds::NONE
        } else if !self.scan_skips || self.facts.teamwork || self.facts.gained_triggers {
            // Abilities granted by Teamwork or gained keywords come and go with other cards.
            EventKinds::ALL
        } else {
            // Read from the face, not the current abilities: a card that lost its
            // abilities may get them back without play changing (a superset is safe).
            // Face-down cards count too: a Troublemaker's trigger on its own play works
            // face-down (505.1a).
            self.st
                .in_play
                .iter()
                .fold(EventKinds::NONE, |k, &c| k.or(self.face_listens(c)))
        };
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
                    when:
                        Trigger {
                            on: Happening::HasPower(n),
                            ..
                        },
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
                            gained: None,
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

    /// Looks at one event for triggered abilities (704.1): the cards in play that listen
    /// to its kind, plus the card a leave-play, discard or flip event is about when it is
    /// no longer in play (those abilities look back, 701.3).
    pub(crate) fn collect_triggers(&mut self, e: &Event) {
        if self.st.books.watchers_dirty {
            self.st.books.watchers_dirty = false;
            self.recount_watchers();
        }
        let kind = e.kind();
        let lookback = self.facts.lookback.has(kind) || !self.scan_skips;
        if !self.st.books.watchers.has(kind) && !lookback {
            return;
        }
        let index = self.scan_skips;
        let mut found = Vec::new();
        let mut firsts = Vec::new();
        let mut scan = |g: &Game, c: CardId, found: &mut Vec<Waiting>| {
            let own = !index || g.face_listens(c).has(kind);
            if !own && !g.facts.teamwork && !g.facts.gained_triggers {
                return;
            }
            let k = g.card(c);
            if k.zone == Zone::Play && g.lacks_abilities(c) {
                return;
            }
            // 505.1a: a face-down card keeps only the abilities that work face-down: a
            // Troublemaker's trigger on its own play (306.1: played face-down), and a
            // card's trigger on its own turning face-down (CN164), seen as it turns.
            if k.zone == Zone::Play && k.face_down {
                if own
                    && matches!(e, Event::Played { card, .. } | Event::Covered(card) if *card == c)
                {
                    g.scan_face(c, None, e, found, &mut firsts);
                }
                return;
            }
            if own {
                g.scan_face(c, None, e, found, &mut firsts);
            }
            if g.facts.teamwork {
                for t in g.teamwork_grantors(c) {
                    g.scan_face(c, Some(t), e, found, &mut firsts);
                }
                if let Some(t) = g.abilities_of(c) {
                    g.scan_face(c, Some(t), e, found, &mut firsts);
                }
            }
            if g.facts.gained_triggers && k.zone == Zone::Play {
                g.scan_gained(c, e, found, &mut firsts);
            }
        };
        if self.st.books.watchers.has(kind) {
            // The cards with a triggered ability (every card with Teamwork in the pool or
            // the skips off), in play order.
            let cards = if self.facts.gained_triggers {
                &self.st.in_play[..]
            } else {
                self.in_play_with(crate::pool::FaceFacts::TRIGGERED)
            };
            for &c in cards {
                scan(self, c, &mut found);
            }
        }
        if lookback {
            if let Some(card) = lookback_card(e) {
                if self.card(card).zone != Zone::Play {
                    scan(self, card, &mut found);
                }
            }
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
        let face = self.face(from.unwrap_or(c));
        let keyword_abilities = self.face_keyword_triggers(from.unwrap_or(c));
        for (i, a) in face
            .abilities
            .iter()
            .chain(keyword_abilities.iter())
            .enumerate()
        {
            self.scan_ability(c, from, None, i, a, e, found, firsts);
        }
    }

    /// Looks for the triggered abilities standing for keywords `c` has only as gained
    /// from a static ability or modifier (CG38), met by an event.
    fn scan_gained(
        &self,
        c: CardId,
        e: &Event,
        found: &mut Vec<Waiting>,
        firsts: &mut Vec<(CardId, u32, u8)>,
    ) {
        for k in self.gained_keywords(c) {
            if let Some(a) = super::keyword::triggered(k) {
                self.scan_ability(c, None, Some(k), GAINED_INDEX, &a, e, found, firsts);
            }
        }
    }

    /// [`Game::scan_face`] for one ability `a`, the `i`th of its list.
    #[allow(clippy::too_many_arguments)]
    fn scan_ability(
        &self,
        c: CardId,
        from: Option<CardId>,
        gained: Option<crate::card::Keyword>,
        i: usize,
        a: &Ability,
        e: &Event,
        found: &mut Vec<Waiting>,
        firsts: &mut Vec<(CardId, u32, u8)>,
    ) {
        let k = self.card(c);
        let Ability::Triggered {
            when, condition, ..
        } = a
        else {
            return;
        };
        if k.zone == Zone::Play
            && k.face_down
            && !(matches!(when.on, Happening::Played | Happening::TurnedFaceDown)
                && when.card == TriggerCard::This)
        {
            return;
        }
        let you = k.controller;
        // Granted abilities count apart from the card's own for "the first time"; a
        // first time each turn is marked to be forgotten as the next turn begins.
        let key = (
            c,
            k.object,
            (i as u8)
                | if from.is_some() { GRANTED } else { 0 }
                | if when.each_turn { EACH_TURN } else { 0 },
        );
        if when.first && self.st.firsts.contains(&key) {
            return;
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
                if when.first {
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
                    gained,
                });
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
            Place::InPlay | Place::Anywhere => true,
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
            | Place::WasInvolved
            | Place::Flipped
            | Place::AtFaceoff
            | Place::Elsewhere
            | Place::Revealed
            | Place::Picked
            | Place::Banished
            | Place::BeneathThis
            | Place::Linked
            | Place::SetAside
            | Place::AtIts
            | Place::DeckBottom
            | Place::DeckTop
            | Place::Challenging
            | Place::BeneathIt => false,
        };
        let controller_ok = sel.controller.is_none_or(|w| names(w, controller, you));
        // The rest of the description reads the card where it is now.
        let rest = Cards {
            place: Some(Place::Anywhere),
            controller: None,
            ..sel.clone()
        };
        let now = Ctx::of(source, you);
        place_ok && controller_ok && self.fits(c, &rest, &now)
    }

    /// Whether a Reaction's condition (512.4b) is met by an event, and its condition
    /// holds; returns the card, area and player the Reaction is about.
    pub(crate) fn reaction_matches(
        &self,
        t: &Trigger,
        condition: Option<&Condition>,
        source: CardId,
        you: PlayerId,
        e: &Event,
    ) -> Option<(Option<CardId>, Option<Area>, Option<PlayerId>)> {
        let About { it, there, player } = self.trigger_matches(t, source, you, e)?;
        let ctx = Ctx {
            printed: false,
            layer: crate::rules::layers::ALL_LAYERS,
            source,
            you,
            it,
            there,
            player,
        };
        condition
            .is_none_or(|c| self.holds(c, &ctx))
            .then_some((it, there, player))
    }

    /// Whether an event is one a trigger waits for; returns what the trigger is about.
    fn trigger_matches(
        &self,
        t: &Trigger,
        source: CardId,
        you: PlayerId,
        e: &Event,
    ) -> Option<About> {
        let seen = self.seen(t.on, e)?;
        let here = self.card(source).area;
        let by_ok = match t.by {
            Actor::Anyone => true,
            Actor::You => seen.by == Some(you),
            Actor::Opponent => seen.by.is_some_and(|p| p != you),
        };
        if !by_ok {
            return None;
        }
        let card_ok = match (&t.card, seen.card) {
            (TriggerCard::Anything, _) => true,
            (TriggerCard::This | TriggerCard::Any(_), SeenCard::None) => false,
            (TriggerCard::This, SeenCard::One(c) | SeenCard::LeftPlay(c, _)) => c == source,
            (TriggerCard::This, SeenCard::Involved) => self.involved_cards().contains(&source),
            (TriggerCard::Any(sel), SeenCard::One(c)) => {
                self.trigger_card_fits(c, sel, source, you)
            }
            (TriggerCard::Any(sel), SeenCard::LeftPlay(c, controller)) => {
                self.left_play_fits(sel, source, you, c, seen.from, controller)
            }
            (TriggerCard::Any(sel), SeenCard::Involved) => self
                .involved_cards()
                .into_iter()
                .any(|c| self.fits(c, sel, &Ctx::of(source, you))),
        };
        if !card_ok {
            return None;
        }
        let spot_ok = |spot: Spot, areas: &[Area]| match spot {
            Spot::Anywhere => true,
            Spot::Here => here.is_some_and(|h| areas.contains(&h)),
            Spot::Home => areas.iter().any(|a| !a.is_problem()),
            Spot::AProblem => areas.iter().any(|a| a.is_problem()),
            Spot::InPlay => !areas.is_empty(),
        };
        let (one, faceoff_areas);
        let at: &[Area] = match seen.at {
            SeenAt::Nowhere => &[],
            SeenAt::Area(a) => {
                one = [a];
                &one
            }
            SeenAt::Faceoff => {
                faceoff_areas = self.faceoff_areas();
                &faceoff_areas
            }
        };
        let from = seen.from.as_slice();
        if !spot_ok(t.at, at) || !spot_ok(t.from, from) {
            return None;
        }
        let there = match seen.at {
            SeenAt::Nowhere => here,
            SeenAt::Area(a) => Some(a),
            // Where the faceoff takes place: this card's area if it is one of them.
            SeenAt::Faceoff => here.filter(|h| at.contains(h)).or(at.first().copied()),
        };
        Some(About {
            it: seen.it,
            there,
            player: seen.by,
        })
    }

    /// A description in a trigger reads the card wherever it is when it names no place
    /// (a played Event is not in play, nor is a discarded card).
    fn trigger_card_fits(&self, c: CardId, sel: &Cards, source: CardId, you: PlayerId) -> bool {
        let ctx = Ctx::of(source, you);
        if sel.place.is_none() && self.card(c).zone != Zone::Play {
            let anywhere = Cards {
                place: Some(Place::Anywhere),
                ..sel.clone()
            };
            return self.fits(c, &anywhere, &ctx);
        }
        self.fits(c, sel, &ctx)
    }

    /// What an event says in a trigger's terms, if it is one of `on`'s events.
    fn seen(&self, on: Happening, e: &Event) -> Option<Seen> {
        let mut s = Seen::default();
        match on {
            Happening::Played => {
                let Event::Played { player, card } = e else {
                    return None;
                };
                s.by = Some(*player);
                s.about(*card);
                if self.card(*card).zone == Zone::Play {
                    s.at = self.seen_area(*card);
                }
            }
            Happening::EntersPlay => {
                let Event::EnteredPlay { card, area, .. } = e else {
                    return None;
                };
                s.by = Some(self.card(*card).controller);
                s.about(*card);
                s.at = SeenAt::Area(*area);
            }
            Happening::Moved | Happening::MovedAway => {
                let Event::Moved { card, from, to, by } = e else {
                    return None;
                };
                s.by = Some(*by);
                s.about(*card);
                s.at = SeenAt::Area(if on == Happening::Moved { *to } else { *from });
                s.from = Some(*from);
            }
            Happening::LeavesArea | Happening::LeavesPlay => {
                match e {
                    Event::Moved { card, from, .. } | Event::Sent { card, from, .. }
                        if on == Happening::LeavesArea =>
                    {
                        s.about(*card);
                        s.at = SeenAt::Area(*from);
                        s.from = Some(*from);
                    }
                    Event::Left {
                        card,
                        from: Some(from),
                        controller,
                        ..
                    } => {
                        s.card = SeenCard::LeftPlay(*card, *controller);
                        s.it = Some(*card);
                        s.at = SeenAt::Area(*from);
                        s.from = Some(*from);
                    }
                    // From play into a hand or onto a deck (`log_leaving`).
                    Event::ToHand(card) | Event::ToDeckTop(card)
                        if self.st.leaving_play == Some(*card) =>
                    {
                        s.about(*card);
                    }
                    _ => return None,
                }
            }
            // Leaving play one way, seen where the card was.
            Happening::Dismissed | Happening::Retired => {
                let Event::Left {
                    card,
                    how: how @ (Leave::Dismiss | Leave::Retire),
                    from,
                    controller,
                    ..
                } = e
                else {
                    return None;
                };
                if (on == Happening::Dismissed) != (*how == Leave::Dismiss) {
                    return None;
                }
                s.card = SeenCard::LeftPlay(*card, *controller);
                s.it = Some(*card);
                s.at = from.map_or(SeenAt::Nowhere, SeenAt::Area);
                s.from = *from;
            }
            Happening::ToDiscardPile => match e {
                Event::Left {
                    card,
                    to: Zone::Discard,
                    from,
                    controller,
                    ..
                } => {
                    s.card = match from {
                        Some(_) => SeenCard::LeftPlay(*card, *controller),
                        None => SeenCard::One(*card),
                    };
                    s.it = Some(*card);
                    s.at = from.map_or(SeenAt::Nowhere, SeenAt::Area);
                    s.from = *from;
                }
                Event::Milled { card, .. } => {
                    s.about(*card);
                }
                _ => return None,
            },
            Happening::Discards => {
                let Event::Left {
                    card,
                    how: Leave::Discard,
                    controller,
                    ..
                } = e
                else {
                    return None;
                };
                s.by = Some(*controller);
                s.about(*card);
            }
            Happening::Confronts => {
                let Event::Confronted { player, problem } = e else {
                    return None;
                };
                s.by = Some(*player);
                s.at = self.seen_area(*problem);
            }
            Happening::FaceoffBegins => {
                let Event::FaceoffBegan = e else { return None };
                s.by = self
                    .st
                    .faceoff
                    .as_ref()
                    .and_then(|f| f.players.first().copied());
                s.card = SeenCard::Involved;
                s.at = SeenAt::Faceoff;
            }
            Happening::WinsFaceoff => {
                let Event::FaceoffWon { winner } = e else {
                    return None;
                };
                s.by = Some(*winner);
                s.card = SeenCard::Involved;
                s.at = SeenAt::Faceoff;
            }
            Happening::Defeats => {
                let Event::Defeated {
                    player,
                    troublemaker,
                } = e
                else {
                    return None;
                };
                s.by = Some(*player);
                s.about(*troublemaker);
                s.at = self.seen_area(*troublemaker);
            }
            // A change to one card's state, seen where the card is: the event must be the
            // one the happening names (`listens`).
            Happening::Uncovered
            | Happening::Frightened
            | Happening::Readied
            | Happening::Exhausted
            | Happening::TurnedOver
            | Happening::Unfrightened
            | Happening::TurnedFaceDown => {
                let (Event::Uncovered(card)
                | Event::Frightened(card)
                | Event::Readied(card)
                | Event::Exhausted(card)
                | Event::TurnedOver(card)
                | Event::Unfrightened(card)
                | Event::Covered(card)) = e
                else {
                    return None;
                };
                if !listens(on).has(e.kind()) {
                    return None;
                }
                s.about(*card);
                s.at = self.seen_area(*card);
            }
            Happening::Solved => {
                let Event::Solved { problem } = e else {
                    return None;
                };
                s.about(*problem);
                s.at = self.seen_area(*problem);
            }
            Happening::Challenges => {
                let Event::Challenged {
                    player,
                    troublemaker,
                } = e
                else {
                    return None;
                };
                s.by = Some(*player);
                s.about(*troublemaker);
                s.at = self.seen_area(*troublemaker);
            }
            Happening::Flips => {
                let Event::Flipped { player, card } = e else {
                    return None;
                };
                s.by = Some(*player);
                s.about(*card);
            }
            Happening::Draws => {
                let Event::Drew { player } = e else {
                    return None;
                };
                s.by = Some(*player);
            }
            Happening::GainsTokens => {
                let Event::GainedTokens { player, .. } = e else {
                    return None;
                };
                s.by = Some(*player);
            }
            Happening::PaysTokens => {
                let Event::PaidTokens { player, amount } = e else {
                    return None;
                };
                if *amount == 0 {
                    return None;
                }
                s.by = Some(*player);
            }
            Happening::ScoresWith => {
                let Event::ScoredWith { card, .. } = e else {
                    return None;
                };
                s.by = Some(self.card(*card).controller);
                s.about(*card);
            }
            Happening::ScoresBonus => {
                let Event::Scored { player, points } = e else {
                    return None;
                };
                let bonus = self.st.faceoff.as_ref().is_some_and(|f| f.scoring_bonus);
                if !bonus || *points == 0 {
                    return None;
                }
                s.by = Some(*player);
                s.at = SeenAt::Faceoff;
            }
            Happening::TurnStarts => {
                let Event::TurnBegan { player, .. } = e else {
                    return None;
                };
                s.by = Some(*player);
            }
            Happening::TurnEnds => {
                let Event::StepBegan(crate::state::Step::EndOfTurn) = e else {
                    return None;
                };
                s.by = Some(self.st.turn_player);
            }
            Happening::PhaseStarts(phase) | Happening::PhaseEnds(phase) => {
                let p = match (e, on) {
                    (Event::PhaseBegan(p), Happening::PhaseStarts(_))
                    | (Event::PhaseEnded(p), Happening::PhaseEnds(_)) => *p,
                    (Event::TurnBegan { .. }, Happening::PhaseStarts(_)) => {
                        crate::state::Phase::Ready
                    }
                    _ => return None,
                };
                if phase_name(p) != Some(phase) {
                    return None;
                }
                s.by = Some(self.st.turn_player);
            }
            Happening::AnyPhaseStarts => {
                match e {
                    Event::PhaseBegan(p) => {
                        phase_name(*p)?;
                    }
                    // 602: the turn begins with its Ready Phase, so the turn's start is
                    // that phase's start (no event of its own).
                    Event::TurnBegan { .. } => {}
                    _ => return None,
                }
                s.by = Some(self.st.turn_player);
            }
            Happening::TakesAction => {
                let Event::ActionTaken { player } = e else {
                    return None;
                };
                s.by = Some(*player);
            }
            // A state, looked for apart from events (`collect_state_triggers`).
            Happening::HasPower(_) => return None,
        }
        Some(s)
    }

    fn seen_area(&self, c: CardId) -> SeenAt {
        self.card(c).area.map_or(SeenAt::Nowhere, SeenAt::Area)
    }

    /// The power by which `winner` leads every other player in the current faceoff.
    pub(crate) fn faceoff_margin(&self, winner: PlayerId) -> Option<u16> {
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

    /// Whether the current faceoff is a Troublemaker faceoff an opponent of `you`
    /// started by challenging.
    pub(crate) fn opponent_challenging(&self, you: PlayerId) -> bool {
        matches!(
            self.st.faceoff.as_ref().map(|f| &f.kind),
            Some(FaceoffKind::Troublemaker { challenger, .. }) if *challenger != you
        )
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
        let ability = match (w.gained, face.abilities.get(i)) {
            (Some(k), _) => super::keyword::triggered(k),
            (None, Some(a)) => Some(a.clone()),
            (None, None) => face
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
        // What a modifier gave (a type, a colour) may have made a card unfit for its
        // host or its place (511.2-511.5): pre-priority processing looks again.
        self.st.books.pre_priority_settled = false;
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
        // What a modifier gave (a type, a colour) may have made a card unfit for its
        // host or its place (511.2-511.5): pre-priority processing looks again.
        self.st.books.pre_priority_settled = false;
        self.expire_phase_tokens();
        self.st
            .modifiers
            .retain(|m| m.duration != Duration::EndOfPhase);
        self.end_control_changes(|x| x.duration == Duration::EndOfPhase);
    }

    /// The Score Phase is over as the End Phase begins: what lasted until its end ends.
    pub(crate) fn end_score_phase_modifiers(&mut self) {
        // What a modifier gave (a type, a colour) may have made a card unfit for its
        // host or its place (511.2-511.5): pre-priority processing looks again.
        self.st.books.pre_priority_settled = false;
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
        // What a modifier gave (a type, a colour) may have made a card unfit for its
        // host or its place (511.2-511.5): pre-priority processing looks again.
        self.st.books.pre_priority_settled = false;
        self.st
            .modifiers
            .retain(|m| !(m.duration == Duration::StartOfYourNextTurn && m.controller == p));
        self.end_control_changes(|x| x.duration == Duration::StartOfYourNextTurn && x.by == p);
    }

    /// The card (and its object) whose event ends a modifier lasting `Until` one: `It` is
    /// the card the modifier is on, `This` the card the text is on, `Host` its host.
    pub(crate) fn modifier_ends(
        &self,
        duration: Duration,
        target: CardId,
        source: CardId,
    ) -> Option<(CardId, u32)> {
        let card = match duration {
            Duration::Until { card, .. } => match card {
                CardRef::It => Some(target),
                CardRef::This => Some(source),
                CardRef::Host => self.card(source).host,
                // No event of a deck's top card ends a modifier (the card on top changes
                // with every draw); such a duration ends at once.
                CardRef::TopOfYourDeck => None,
            },
            Duration::EndOfTurn
            | Duration::ThisFaceoff
            | Duration::EndOfPhase
            | Duration::StartOfYourNextTurn
            | Duration::Permanently
            | Duration::EndOfScorePhase
            | Duration::WhileThisExhausted => None,
        }?;
        Some((card, self.card(card).object))
    }

    /// Modifiers lasting `Until` an event happens to a card whose card has become a new
    /// object since (410.6) end at once, as it changes zones.
    pub(crate) fn end_stale_until_modifiers(&mut self) {
        if !self
            .st
            .modifiers
            .iter()
            .any(|m| matches!(m.duration, Duration::Until { .. }))
        {
            return;
        }
        let cards = &self.st.cards;
        self.st.modifiers.retain(|m| match (m.duration, m.ends) {
            (Duration::Until { .. }, Some((c, object))) => cards[c.index()].object == object,
            (Duration::Until { .. }, None) => false,
            (
                Duration::EndOfTurn
                | Duration::ThisFaceoff
                | Duration::EndOfPhase
                | Duration::StartOfYourNextTurn
                | Duration::Permanently
                | Duration::EndOfScorePhase
                | Duration::WhileThisExhausted,
                _,
            ) => true,
        });
    }

    /// Modifiers lasting `Until` an event happens to a card end as such an event is
    /// logged, or once that card has become a new object (410.6).
    pub(crate) fn end_modifiers_on(&mut self, e: &Event) {
        if !self
            .st
            .modifiers
            .iter()
            .any(|m| matches!(m.duration, Duration::Until { .. }))
        {
            return;
        }
        let over: Vec<bool> = self
            .st
            .modifiers
            .iter()
            .map(|m| match (m.duration, m.ends) {
                (Duration::Until { on, .. }, Some((c, object))) => {
                    self.card(c).object != object
                        || self.seen(on, e).is_some_and(|s| s.it == Some(c))
                }
                // The card it waits for was never there (a host-less `Host`).
                (Duration::Until { .. }, None) => true,
                (
                    Duration::EndOfTurn
                    | Duration::ThisFaceoff
                    | Duration::EndOfPhase
                    | Duration::StartOfYourNextTurn
                    | Duration::Permanently
                    | Duration::EndOfScorePhase
                    | Duration::WhileThisExhausted,
                    _,
                ) => false,
            })
            .collect();
        let mut i = 0;
        self.st.modifiers.retain(|_| {
            i += 1;
            !over[i - 1]
        });
    }

    /// Modifiers lasting "while this card remains exhausted" end once the card that made
    /// them is ready, or no longer the object it was (frightened, out of play: 410.6).
    pub(crate) fn end_while_exhausted_modifiers(&mut self) {
        if !self
            .st
            .modifiers
            .iter()
            .any(|m| m.duration == Duration::WhileThisExhausted)
        {
            return;
        }
        let still = |g: &Game, (c, object): (CardId, u32)| {
            let k = g.card(c);
            k.object == object && k.zone == crate::ids::Zone::Play && k.exhaustion > 0
        };
        let keep: Vec<bool> = self
            .st
            .modifiers
            .iter()
            .map(|m| m.duration != Duration::WhileThisExhausted || still(self, m.source))
            .collect();
        let mut i = 0;
        self.st.modifiers.retain(|_| {
            i += 1;
            keep[i - 1]
        });
    }

    /// Modifiers lasting for a faceoff end with it.
    pub(crate) fn end_faceoff_modifiers(&mut self) {
        // What a modifier gave (a type, a colour) may have made a card unfit for its
        // host or its place (511.2-511.5): pre-priority processing looks again.
        self.st.books.pre_priority_settled = false;
        self.st
            .modifiers
            .retain(|m| m.duration != Duration::ThisFaceoff);
        self.end_control_changes(|x| x.duration == Duration::ThisFaceoff);
        self.end_faceoff_discounts();
    }

    /// Whether `p` has characters involved in the current faceoff, every one of them
    /// with the colour. The faceoff is still on while its result is reacted to (514.7).
    pub(crate) fn involved_all_color(&self, p: PlayerId, color: crate::card::Color) -> bool {
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

/// An event in a trigger's terms: who did it, the card it happened to, where.
#[derive(Default)]
struct Seen {
    by: Option<PlayerId>,
    card: SeenCard,
    it: Option<CardId>,
    at: SeenAt,
    /// The area a card left.
    from: Option<Area>,
}

impl Seen {
    /// The event happened to this one card, which its effect names `It`.
    fn about(&mut self, card: CardId) {
        self.card = SeenCard::One(card);
        self.it = Some(card);
    }
}

#[derive(Clone, Copy, Default)]
enum SeenCard {
    #[default]
    None,
    One(CardId),
    /// A card that has left play, and its controller as it left (read as it was).
    LeftPlay(CardId, PlayerId),
    /// The cards involved in the current faceoff.
    Involved,
}

#[derive(Clone, Copy, Default)]
enum SeenAt {
    #[default]
    Nowhere,
    Area(Area),
    /// Where the current faceoff takes place (one area or several).
    Faceoff,
}

/// The card a look-back event (701.3) is about, whose own abilities may answer it from
/// outside play.
fn lookback_card(e: &Event) -> Option<CardId> {
    match e {
        Event::Left { card, .. }
        | Event::ToHand(card)
        | Event::ToDeckTop(card)
        | Event::Flipped { card, .. }
        | Event::Milled { card, .. } => Some(*card),
        _ => None,
    }
}

const LEFT: [EventKind; 8] = [
    EventKind::Dismissed,
    EventKind::Retired,
    EventKind::Discarded,
    EventKind::Banished,
    EventKind::Cancelled,
    EventKind::ToDeckBottom,
    EventKind::Spent,
    EventKind::FlippedToDiscard,
];

/// Marks in the ability index of a "first time" record (`GameState::firsts`): the
/// ability is one a Teamwork card grants, or counts the first time each turn.
pub(crate) const GRANTED: u8 = 0x80;
pub(crate) const EACH_TURN: u8 = 0x40;
/// The ability index a trigger standing for a gained keyword is recorded under.
const GAINED_INDEX: usize = 0x3f;

/// The kinds of event a trigger on `h` may answer (the trigger index).
pub(crate) fn listens(h: Happening) -> EventKinds {
    use EventKind as K;
    let left = EventKinds::of(&LEFT);
    match h {
        Happening::Played => EventKinds::of(&[K::Played]),
        Happening::EntersPlay => EventKinds::of(&[K::EnteredPlay]),
        Happening::Moved | Happening::MovedAway => EventKinds::of(&[K::Moved]),
        Happening::LeavesArea => left.or(EventKinds::of(&[
            K::Moved,
            K::Sent,
            K::ToHand,
            K::ToDeckTop,
        ])),
        Happening::LeavesPlay => left.or(EventKinds::of(&[K::ToHand, K::ToDeckTop])),
        Happening::Dismissed => EventKinds::of(&[K::Dismissed]),
        Happening::Retired => EventKinds::of(&[K::Retired]),
        Happening::ToDiscardPile => left.or(EventKinds::of(&[K::Milled])),
        Happening::Discards => EventKinds::of(&[K::Discarded]),
        Happening::Confronts => EventKinds::of(&[K::Confronted]),
        Happening::FaceoffBegins => EventKinds::of(&[K::FaceoffBegan]),
        Happening::WinsFaceoff => EventKinds::of(&[K::FaceoffWon]),
        Happening::Defeats => EventKinds::of(&[K::Defeated]),
        Happening::Uncovered => EventKinds::of(&[K::Uncovered]),
        Happening::Frightened => EventKinds::of(&[K::Frightened]),
        Happening::Readied => EventKinds::of(&[K::Readied]),
        Happening::Exhausted => EventKinds::of(&[K::Exhausted]),
        Happening::TurnedOver => EventKinds::of(&[K::TurnedOver]),
        Happening::Solved => EventKinds::of(&[K::Solved]),
        Happening::Unfrightened => EventKinds::of(&[K::Unfrightened]),
        Happening::TurnedFaceDown => EventKinds::of(&[K::Covered]),
        Happening::Challenges => EventKinds::of(&[K::Challenged]),
        Happening::Flips => EventKinds::of(&[K::Flipped]),
        Happening::Draws => EventKinds::of(&[K::Drew]),
        Happening::GainsTokens => EventKinds::of(&[K::GainedTokens]),
        Happening::PaysTokens => EventKinds::of(&[K::PaidTokens]),
        Happening::ScoresWith => EventKinds::of(&[K::ScoredWith]),
        Happening::ScoresBonus => EventKinds::of(&[K::Scored]),
        Happening::TurnStarts => EventKinds::of(&[K::TurnBegan]),
        Happening::TurnEnds => EventKinds::of(&[K::EndOfTurnStep]),
        Happening::PhaseStarts(_) | Happening::AnyPhaseStarts => {
            EventKinds::of(&[K::PhaseBegan, K::TurnBegan])
        }
        Happening::PhaseEnds(_) => EventKinds::of(&[K::PhaseEnded]),
        Happening::TakesAction => EventKinds::of(&[K::ActionTaken]),
        Happening::HasPower(_) => EventKinds::NONE,
    }
}

/// The kinds of event a trigger may answer from outside play (701.3): a card's own
/// leaving (any description may fit the card itself), or its own discard or flip.
pub(crate) fn looks_back(t: &Trigger) -> EventKinds {
    let own = matches!(t.card, TriggerCard::This);
    match t.on {
        Happening::LeavesArea
        | Happening::LeavesPlay
        | Happening::Dismissed
        | Happening::Retired
        | Happening::ToDiscardPile => listens(t.on),
        Happening::Flips | Happening::Discards if own => listens(t.on),
        Happening::Flips
        | Happening::Discards
        | Happening::Played
        | Happening::EntersPlay
        | Happening::Moved
        | Happening::MovedAway
        | Happening::Confronts
        | Happening::FaceoffBegins
        | Happening::WinsFaceoff
        | Happening::Defeats
        | Happening::Uncovered
        | Happening::Frightened
        | Happening::Readied
        | Happening::Exhausted
        | Happening::TurnedOver
        | Happening::Solved
        | Happening::Unfrightened
        | Happening::TurnedFaceDown
        | Happening::Challenges
        | Happening::Draws
        | Happening::GainsTokens
        | Happening::PaysTokens
        | Happening::ScoresWith
        | Happening::ScoresBonus
        | Happening::TurnStarts
        | Happening::TurnEnds
        | Happening::PhaseStarts(_)
        | Happening::PhaseEnds(_)
        | Happening::AnyPhaseStarts
        | Happening::TakesAction
        | Happening::HasPower(_) => EventKinds::NONE,
    }
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

/// The phase of the turn a script's phase name stands for.
pub(crate) fn phase_of(p: PhaseName) -> crate::state::Phase {
    use crate::state::Phase;
    match p {
        PhaseName::Ready => Phase::Ready,
        PhaseName::Troublemaker => Phase::Troublemaker,
        PhaseName::Main => Phase::Main,
        PhaseName::Score => Phase::Score,
        PhaseName::End => Phase::End,
    }
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
