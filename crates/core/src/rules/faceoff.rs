//! Faceoffs (514) and flipping (515).

use crate::ability::trigger::Ctx;
use crate::ability::{
    Ability, Cards, Condition, Cost, FlipDestination, Place, Prohibition, StaticEffect, Who,
};
use crate::card::CardType;
use crate::decision::{Choice, Decision, Prompt};
use crate::event::Event;
use crate::flow::{FaceoffStage, Frame, WindowKind};
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::pool::StaticKinds;
use crate::rules::occurrence::Occurrence;
use crate::state::{Faceoff, FaceoffKind, FaceoffOutcome};

impl Game {
    /// 514.2-514.3: start a faceoff; a window opens before the first flip. None can start
    /// during another (707.4a).
    pub(crate) fn start_faceoff(
        &mut self,
        kind: FaceoffKind,
        players: Vec<PlayerId>,
        outcome: Option<Box<FaceoffOutcome>>,
    ) {
        if self.st.faceoff.is_some() {
            return;
        }
        self.st.faceoff = Some(Faceoff {
            kind,
            players,
            flipped: Vec::new(),
            resolved: false,
            ignored: Vec::new(),
            used: Vec::new(),
            replaced: Vec::new(),
            putting_away: 0,
            to_bottom: Vec::new(),
            studious: Vec::new(),
            outcome,
            excluded: Vec::new(),
            scoring_bonus: false,
            flip_more: Vec::new(),
            added: Vec::new(),
        });
        self.log(Event::FaceoffBegan);
        self.push(Frame::Faceoff(FaceoffStage::FlipChoice));
        self.faceoff_window();
    }

    fn faceoff_window(&mut self) {
        let holder = self.st.turn_player;
        self.push(Frame::Window {
            kind: WindowKind::Faceoff,
            holder,
            passes: 0,
        });
    }

    /// The areas where the faceoff is taking place (514.3e).
    pub(crate) fn faceoff_areas(&self) -> Vec<Area> {
        let Some(f) = &self.st.faceoff else {
            return Vec::new();
        };
        match &f.kind {
            FaceoffKind::Troublemaker { at, .. } => vec![*at],
            FaceoffKind::Problem { at } => vec![*at],
            FaceoffKind::MultiProblem { at } => at.clone(),
            FaceoffKind::ByEffect { at, .. } => at.iter().copied().collect(),
        }
    }

    /// 514.3a-514.3d: the cards involved now (involvement at a Problem is not flagged),
    /// less those an effect made cease to be.
    pub fn involved_cards(&self) -> Vec<CardId> {
        let Some(f) = &self.st.faceoff else {
            return Vec::new();
        };
        let mut v = self.involved_by_start(f);
        if !f.added.is_empty() {
            // 514.3d, 514.3d.i: cards an effect made involved.
            let areas = self.faceoff_areas();
            for &(c, object) in &f.added {
                let k = self.card(c);
                if k.object == object
                    && k.zone == Zone::Play
                    && (areas.is_empty() || k.area.is_some_and(|a| areas.contains(&a)))
                    && !v.contains(&c)
                {
                    v.push(c);
                }
            }
        }
        if !f.excluded.is_empty() {
            v.retain(|&c| !f.excluded.contains(&(c, self.card(c).object)));
        }
        // 104.2: cards that can't be involved alongside a card that is.
        // Only cards printing a prohibition can bar any (all of play with the skips off).
        let barring: &[CardId] = if self.facts.static_kinds.has(StaticKinds::PROHIBIT) {
            self.in_play_with(crate::pool::FaceFacts::statics(StaticKinds::PROHIBIT))
        } else {
            &[]
        };
        let mut barred: Vec<(CardId, &Cards, Ctx)> = Vec::new();
        for &s in barring {
            for a in self.abilities(s) {
                if let Ability::Static {
                    effect: StaticEffect::Prohibit(Prohibition::InvolvedWithThis(sel)),
                    condition,
                } = a
                {
                    let ctx = self.ctx_of(s);
                    if v.contains(&s) && condition.as_ref().is_none_or(|c| self.holds(c, &ctx)) {
                        barred.push((s, sel, ctx));
                    }
                }
            }
        }
        for (source, sel, ctx) in barred {
            v.retain(|&c| c == source || !self.fits(c, sel, &ctx));
        }
        v
    }

    /// The cards the way the faceoff started involves now (514.3a-514.3e).
    fn involved_by_start(&self, f: &Faceoff) -> Vec<CardId> {
        match &f.kind {
            FaceoffKind::Troublemaker {
                troublemaker,
                object,
                challenger,
                at,
                alone,
            } => {
                let mut v: Vec<CardId> = self
                    .characters_at(*challenger, *at)
                    .filter(|&c| alone.is_none_or(|a| a == c))
                    .collect();
                if self.troublemaker_still_involved(*troublemaker, *object, *at) {
                    v.push(*troublemaker);
                }
                v
            }
            FaceoffKind::Problem { at } => self.at(*at).filter(|&c| self.is_character(c)).collect(),
            FaceoffKind::MultiProblem { at } => at
                .iter()
                .flat_map(|&a| self.at(a).filter(|&c| self.is_character(c)))
                .collect(),
            FaceoffKind::ByEffect { at: Some(a), .. } => {
                self.at(*a).filter(|&c| self.is_character(c)).collect()
            }
            FaceoffKind::ByEffect { cards, at: None } => cards
                .iter()
                .filter(|&&(c, object)| {
                    let k = self.card(c);
                    k.object == object && k.zone == Zone::Play
                })
                .map(|&(c, _)| c)
                .collect(),
        }
    }

    fn troublemaker_still_involved(&self, tm: CardId, object: u32, at: Area) -> bool {
        let k = self.card(tm);
        k.object == object && k.zone == Zone::Play && !k.face_down && k.area == Some(at)
    }

    /// 514.5a: a player's power total in the current faceoff.
    pub fn power_total(&self, p: PlayerId) -> u16 {
        let Some(f) = &self.st.faceoff else { return 0 };
        let mut total: u16 = 0;
        for c in self.involved_cards() {
            if !self.contributes(c) {
                continue;
            }
            let mut owner_of_power = self.card(c).controller;
            // 514.5a.i: a challenger's own Troublemaker adds to the opponent's total.
            if let FaceoffKind::Troublemaker {
                troublemaker,
                challenger,
                ..
            } = &f.kind
            {
                if c == *troublemaker && owner_of_power == *challenger {
                    owner_of_power = f
                        .players
                        .iter()
                        .copied()
                        .find(|&q| q != *challenger)
                        .unwrap_or(*challenger);
                }
            }
            if owner_of_power == p {
                total += self.contribution(c);
            }
        }
        // 514.5b, 515.4: ignored cards stay flipped but add nothing; flipped cards add
        // their current power (modifiers on them count, 507.1).
        let mut flips: Vec<CardId> = f
            .flipped
            .iter()
            .filter(|&&(q, c)| q == p && self.card(c).zone == Zone::Flip && !f.ignored.contains(&c))
            .map(|&(_, c)| c)
            .collect();
        for _ in 0..self.highest_flips_ignored(p) {
            let best = flips
                .iter()
                .enumerate()
                .max_by_key(|&(i, &c)| (self.power(c).unwrap_or(0), std::cmp::Reverse(i)))
                .map(|(i, _)| i);
            if let Some(i) = best {
                flips.remove(i);
            }
        }
        let flipped: i32 = flips
            .iter()
            .map(|&c| self.power(c).unwrap_or(0).max(0) as i32)
            .sum();
        (total as i32 + flipped + self.total_modifier(p)).clamp(0, u16::MAX as i32) as u16
    }

    /// Static abilities of face-up cards in play, each with its condition unread and the
    /// context to read it in.
    pub(crate) fn each_static(&self, mut f: impl FnMut(&StaticEffect, Option<&Condition>, &Ctx)) {
        if !self.facts.statics {
            return;
        }
        for &s in &self.st.in_play {
            for a in self.abilities(s) {
                if let Ability::Static { effect, condition } = a {
                    f(effect, condition.as_ref(), &self.ctx_of(s));
                }
            }
        }
    }

    /// Whether a static effect naming `who` applies to player `p` now.
    fn static_names(&self, who: Who, cond: Option<&Condition>, ctx: &Ctx, p: PlayerId) -> bool {
        self.players_named(who, ctx).contains(&p) && cond.is_none_or(|c| self.holds(c, ctx))
    }

    /// 514.4a: how many more (fewer, when negative) cards `p` flips at the faceoff's first
    /// flip.
    fn extra_flips(&self, p: PlayerId) -> i16 {
        let mut n = 0;
        self.each_static(|e, cond, ctx| {
            if let StaticEffect::FlipMore { who, amount } = e {
                if self.static_names(*who, cond, ctx, p) {
                    n += *amount as i16;
                }
            }
        });
        // Ones an effect gave a card for a while (`Effect::Until`, AD148), read as that
        // card's own, as `total_modifier` reads them.
        for m in &self.st.modifiers {
            if let StaticEffect::FlipMore { who, amount } = &m.effect {
                let c = m.target;
                if self.card(c).object == m.object
                    && self.card(c).zone == Zone::Play
                    && !self.lacks_abilities(c)
                    && self.static_names(*who, None, &self.ctx_of(c), p)
                {
                    n += *amount as i16;
                }
            }
        }
        n
    }

    /// 514.4a: the "may flip more, then …" modifiers that apply to their controllers at
    /// the first flip (CG43), in the order found: each with its card's point of view and
    /// whether it is a "may".
    fn flip_more_offers(&self) -> Vec<(Ctx, bool, StaticEffect)> {
        let mut found = Vec::new();
        self.each_static(|e, cond, ctx| {
            if let StaticEffect::FlipMoreThen { optional, .. } = e {
                let in_it = self
                    .st
                    .faceoff
                    .as_ref()
                    .is_some_and(|f| f.players.contains(&ctx.you));
                if in_it && cond.is_none_or(|c| self.holds(c, ctx)) {
                    found.push((Ctx::of(ctx.source, ctx.you), *optional, e.clone()));
                }
            }
        });
        found
    }

    /// 514.4a, 712.3: before the first flip, each "may flip more" modifier's player says
    /// whether they will, one modifier at a time in the order found; nothing of that
    /// flip has been revealed yet. A modifier with no "may" is taken as a yes.
    fn flip_choices(&mut self, mut answer: Option<Choice>) -> Option<Decision> {
        let offers = self.flip_more_offers();
        loop {
            let asked = self.st.faceoff.as_ref().map_or(0, |f| f.flip_more.len());
            let Some((ctx, optional, _)) = offers.get(asked) else {
                break;
            };
            let yes = if !*optional {
                true
            } else {
                match answer.take() {
                    Some(Choice::Yes) => true,
                    Some(Choice::No) => false,
                    _ => {
                        return self.ask(
                            Frame::Faceoff(FaceoffStage::FlipChoice),
                            ctx.you,
                            Prompt::May,
                            vec![Choice::Yes, Choice::No],
                        )
                    }
                }
            };
            self.faceoff_mut().flip_more.push(yes);
        }
        self.push(Frame::Faceoff(FaceoffStage::Flip));
        None
    }

    /// The card whose "may flip more" modifier is being asked about before the first
    /// flip, if any (for `Game::asking_card`).
    pub(crate) fn flip_choice_card(&self) -> Option<CardId> {
        let asked = self.st.faceoff.as_ref()?.flip_more.len();
        self.flip_more_offers().get(asked).map(|o| o.0.source)
    }

    /// 514.4a: the "may flip more, then …" modifiers their players said yes to before the
    /// first flip, each followed as its card's effect (CG43). The extra cards are counted
    /// as the flip happens (708.2b) and flipped by that effect, so a flip replacement sees
    /// each of them (515.3).
    fn flip_more_then(&mut self, offers: Vec<(Ctx, bool, StaticEffect)>) {
        let answers = self
            .st
            .faceoff
            .as_ref()
            .map(|f| f.flip_more.clone())
            .unwrap_or_default();
        let mut taken: Vec<(Ctx, i16, Vec<crate::ability::Effect>)> = Vec::new();
        for ((ctx, _, e), yes) in offers.into_iter().zip(answers) {
            if let (true, StaticEffect::FlipMoreThen { amount, then, .. }) = (yes, e) {
                let n = self.amount(&amount, &ctx);
                taken.push((ctx, n, then));
            }
        }
        // The first found is followed first (the last pushed goes first).
        for (ctx, n, then) in taken.into_iter().rev() {
            let mut effects = vec![crate::ability::Effect::Flip {
                who: Who::You,
                amount: n.clamp(0, u8::MAX as i16) as u8,
            }];
            effects.extend(then);
            self.push_resolution(ctx, effects, false, Vec::new(), None);
        }
    }

    /// 515.4: how many of `p`'s highest flipped cards are ignored by static abilities.
    fn highest_flips_ignored(&self, p: PlayerId) -> usize {
        let mut n = 0;
        self.each_static(|e, cond, ctx| {
            if let StaticEffect::IgnoreHighestFlip { who } = e {
                if self.static_names(*who, cond, ctx, p) {
                    n += 1;
                }
            }
        });
        n
    }

    /// 514.5a: modifiers to `p`'s power total. "Players who …" (`who: Each`) read the
    /// condition with each player as "you".
    fn total_modifier(&self, p: PlayerId) -> i32 {
        let mut n = 0;
        self.each_static(|e, cond, ctx| {
            if let StaticEffect::FaceoffTotal { who, amount } = e {
                let applies = if *who == Who::Each {
                    let as_p = Ctx {
                        you: p,
                        player: Some(p),
                        ..*ctx
                    };
                    cond.is_none_or(|c| self.holds(c, &as_p))
                } else {
                    self.static_names(*who, cond, ctx, p)
                };
                if applies {
                    n += self.amount(amount, ctx) as i32;
                }
            }
        });
        // Ones an effect gave a card for a while (`Effect::Until`, CG93), read as that
        // card's own, its amount fixed as it was made (708.2b).
        for m in &self.st.modifiers {
            if let StaticEffect::FaceoffTotal { who, amount } = &m.effect {
                let c = m.target;
                if self.card(c).object == m.object
                    && self.card(c).zone == Zone::Play
                    && !self.lacks_abilities(c)
                    && self.static_names(*who, None, &self.ctx_of(c), p)
                {
                    n += self.amount(amount, &self.ctx_of(c)) as i32;
                }
            }
        }
        n
    }

    /// 710, 514.7: the replacement modifiers that would put flipped card `c` somewhere
    /// other than the bottom of its owner's deck: (source, destination, optional, cost),
    /// those with a cost only while it can be paid.
    fn flip_replacements(&self, c: CardId) -> Vec<(CardId, FlipDestination, bool, Vec<Cost>)> {
        let Some(f) = &self.st.faceoff else {
            return Vec::new();
        };
        let owner = self.card(c).owner;
        let mut out = Vec::new();
        self.each_static(|e, cond, ctx| {
            if let StaticEffect::FlippedInstead {
                cards,
                whose,
                to,
                optional,
                once_per_faceoff,
                cost,
            } = e
            {
                let fits = cards.as_ref().is_none_or(|sel| {
                    let sel = Cards {
                        place: Some(Place::Flipped),
                        ..sel.clone()
                    };
                    self.fits(c, &sel, ctx)
                });
                if fits
                    && !(*once_per_faceoff && f.replaced.contains(&ctx.source))
                    && self.static_names(*whose, cond, ctx, owner)
                    && (cost.is_empty() || self.can_pay(cost, ctx))
                {
                    out.push((ctx.source, *to, *optional, cost.clone()));
                }
            }
        });
        // Pumped: once per faceoff for each Pumped card, a "may".
        for s in self.pumped_replacements(c, &f.replaced) {
            out.push((s, FlipDestination::BeneathThis, true, Vec::new()));
        }
        out
    }

    /// 514.4: each involved player flips one card, and at the first flip as many more as
    /// modifiers say (514.4a); returns whether anyone could.
    fn flip_all(&mut self, first: bool) -> bool {
        let players = self
            .st
            .faceoff
            .as_ref()
            .map(|f| f.players.clone())
            .unwrap_or_default();
        let counts: Vec<u16> = players
            .iter()
            .map(|&p| (1 + if first { self.extra_flips(p) } else { 0 }).max(0) as u16)
            .collect();
        let mut any = false;
        for (p, n) in players.into_iter().zip(counts) {
            if !self.player(p).removed {
                for _ in 0..n {
                    // 710: a flip may be replaced (CG93); one waiting for a choice
                    // could happen, as only a flip that can happen is replaced (104.2a).
                    any |= self.occur(Occurrence::Flip(p)).unwrap_or(true);
                }
            }
        }
        any
    }

    pub(crate) fn faceoff_stage(
        &mut self,
        stage: FaceoffStage,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        match stage {
            FaceoffStage::FlipChoice => return self.flip_choices(answer),
            FaceoffStage::Flip => {
                // The offers answered before the flip, read before its cards are revealed.
                let offers = self.flip_more_offers();
                self.flip_all(true);
                self.push(Frame::Faceoff(FaceoffStage::Compare));
                self.faceoff_window();
                // Pushed last, so followed first: part of the first flip, before its
                // window opens (514.4a).
                self.flip_more_then(offers);
            }
            FaceoffStage::Compare => self.compare(),
            FaceoffStage::End => return self.end_faceoff(answer),
        }
        None
    }

    /// 514.5-514.6: compare totals; a tie flips again. A tie nobody can break by flipping
    /// would repeat forever with no choice in it, so it ends there with no winner (802.3).
    fn compare(&mut self) {
        let players = self
            .st
            .faceoff
            .as_ref()
            .expect("in a faceoff")
            .players
            .clone();
        let totals: Vec<(PlayerId, u16)> =
            players.iter().map(|&p| (p, self.power_total(p))).collect();
        let best = totals.iter().map(|t| t.1).max().unwrap_or(0);
        let leaders: Vec<PlayerId> = totals.iter().filter(|t| t.1 == best).map(|t| t.0).collect();
        if leaders.len() > 1 {
            if self.flip_all(false) {
                self.push(Frame::Faceoff(FaceoffStage::Compare));
                self.faceoff_window();
                return;
            }
            self.st.faceoff.as_mut().expect("in a faceoff").resolved = true;
            if self.st.books.log_enabled {
                self.st.books.tied_sides = Some(self.faceoff_sides());
            }
            self.push(Frame::Faceoff(FaceoffStage::End));
            self.faceoff_window();
            return;
        }
        let winner = leaders[0];
        self.st.faceoff.as_mut().expect("in a faceoff").resolved = true;
        self.log(Event::FaceoffWon { winner });
        self.push(Frame::Faceoff(FaceoffStage::End));
        self.faceoff_window();
        let kind = self.st.faceoff.as_ref().expect("in a faceoff").kind.clone();
        self.follow_outcome(winner);
        match kind {
            FaceoffKind::ByEffect { .. } => {}
            FaceoffKind::Troublemaker {
                troublemaker,
                object,
                challenger,
                at,
                ..
            } => {
                if winner == challenger {
                    // 514.6a: defeat the Troublemaker: score its points, dismiss it.
                    if self.troublemaker_still_involved(troublemaker, object, at) {
                        let points = self.def(troublemaker).points.unwrap_or(0);
                        self.log(Event::Defeated {
                            player: challenger,
                            troublemaker,
                        });
                        // 517.2 with 514.5a.i: one's own challenged Troublemaker sides
                        // with the opponent, so no points are scored with it.
                        let mut with = self.involved_of(challenger);
                        with.retain(|&c| c != troublemaker);
                        self.score_points(
                            challenger,
                            points,
                            with,
                            crate::rules::occurrence::ScoreWhy::Defeat(at),
                        );
                        self.occur(Occurrence::Dismiss {
                            card: troublemaker,
                            by_game: false,
                        });
                    }
                } else {
                    // 514.6b: the challenger sends an involved character home.
                    self.push(Frame::SendHome {
                        player: challenger,
                        area: at,
                    });
                }
            }
            FaceoffKind::Problem { .. } | FaceoffKind::MultiProblem { .. } => {
                // 514.6c: the highest bonus among the Problems there; 613.1 solved.
                let areas = self.faceoff_areas();
                // The first Problem with the highest bonus names it; a replacement
                // at a Problem with an equal bonus counts it as its own too.
                let mut best: Option<(u16, Area)> = None;
                for &a in &areas {
                    let Some(p) = self.problem_at(a) else {
                        continue;
                    };
                    if self.card_type(p) != CardType::Problem {
                        continue;
                    }
                    if let Some(b) = self.problem_bonus(p) {
                        if best.is_none_or(|(m, _)| b > m) {
                            best = Some((b, a));
                        }
                    }
                }
                let bonus = best.map_or(0, |(b, _)| b);
                let why = best
                    .map(|(_, a)| a)
                    .or(areas.first().copied())
                    .map_or(crate::rules::occurrence::ScoreWhy::Effect, |a| {
                        crate::rules::occurrence::ScoreWhy::Bonus(a)
                    });
                for a in areas {
                    if !self.st.solved.contains(&a) {
                        self.st.solved.push(a);
                    }
                }
                if let Some(f) = self.st.faceoff.as_mut() {
                    f.scoring_bonus = true;
                }
                self.score_points(winner, bonus, self.involved_of(winner), why);
                if let Some(f) = self.st.faceoff.as_mut() {
                    f.scoring_bonus = false;
                }
            }
        }
    }

    /// 514.6d: the winner and then each loser follow the instructions the effect that
    /// started the faceoff has for them, each as "you"; with `at_end` they wait for the
    /// faceoff's end (514.7) as delayed effects.
    fn follow_outcome(&mut self, winner: PlayerId) {
        let Some(o) = self.st.faceoff.as_ref().and_then(|f| f.outcome.clone()) else {
            return;
        };
        let players = self
            .st
            .faceoff
            .as_ref()
            .expect("in a faceoff")
            .players
            .clone();
        let mut each: Vec<(PlayerId, Vec<crate::ability::Effect>)> = vec![(winner, o.winner)];
        for p in players.into_iter().filter(|&p| p != winner) {
            each.push((p, o.loser.clone()));
        }
        each.retain(|(p, e)| !e.is_empty() && !self.player(*p).removed);
        if o.at_end {
            for (p, effects) in each {
                let ctx = Ctx {
                    you: p,
                    player: Some(p),
                    ..o.ctx
                };
                self.st.delayed.push(crate::ability::delayed::Delayed {
                    at: crate::ability::Moment::EndOfFaceoff,
                    ctx,
                    objects: (self.card(o.ctx.source).object, None),
                    effects,
                    due: false,
                });
            }
        } else {
            // The winner's instructions are followed first (the last pushed goes first).
            for (p, effects) in each.into_iter().rev() {
                let ctx = Ctx {
                    you: p,
                    player: Some(p),
                    ..o.ctx
                };
                self.push_resolution(ctx, effects, false, Vec::new(), None);
            }
        }
    }

    /// 514.6b: choose which involved character goes home.
    pub(crate) fn send_home_choice(
        &mut self,
        player: PlayerId,
        area: Area,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        if let Some(Choice::Card(c)) = answer {
            // 710: the loser's sending may be replaced (CN139, CG162).
            self.occur(Occurrence::Send {
                card: c,
                to: Area::Home(player),
                by_loser: true,
            });
            return None;
        }
        // 514.6b: one that was involved (a challenge an effect made may involve fewer
        // than all of the challenger's characters there, 514.3a.i).
        let involved = self.involved_cards();
        let options: Vec<Choice> = self
            .characters_at(player, area)
            .filter(|c| involved.contains(c))
            .filter(|&c| self.can_go_to(c, Area::Home(player), false))
            .map(Choice::Card)
            .collect();
        if options.is_empty() {
            return None;
        }
        self.ask(
            Frame::SendHome { player, area },
            player,
            Prompt::SendHome,
            options,
        )
    }

    /// 514.7: flipped cards go to the bottom of their owners' decks: first each card's
    /// replacement modifiers (710) are chosen, one card at a time; then each owner puts
    /// the cards still bound for the bottom there in the order they choose. Then the
    /// faceoff ends.
    fn end_faceoff(&mut self, mut answer: Option<Choice>) -> Option<Decision> {
        if let Some(Choice::ToBottom(c)) = answer {
            self.faceoff_mut().to_bottom.retain(|&x| x != c);
            self.perform(Occurrence::ToBottom(c));
            answer = None;
        }
        loop {
            let Some(f) = &self.st.faceoff else {
                return None;
            };
            let Some(&(_, c)) = f.flipped.get(f.putting_away as usize) else {
                break;
            };
            if self.card(c).zone != Zone::Flip {
                self.faceoff_mut().putting_away += 1;
                continue;
            }
            let options = self.flip_replacements(c);
            // 710.5: the owner picks one replacement to apply; once one has, the card no
            // longer goes to the deck bottom, so no other applies (710.5a). A "may" not
            // taken leaves the others, so declining every optional one is one answer,
            // offered only when no mandatory one applies.
            let pick = match answer.take() {
                Some(Choice::Card(s)) => options.iter().find(|o| o.0 == s).cloned(),
                Some(Choice::NoCard) => None,
                _ if options.is_empty() => None,
                _ => {
                    let mut choices: Vec<Choice> = Vec::new();
                    for o in &options {
                        if !choices.contains(&Choice::Card(o.0)) {
                            choices.push(Choice::Card(o.0));
                        }
                    }
                    if options.iter().all(|o| o.2) {
                        choices.push(Choice::NoCard);
                    }
                    let owner = self.card(c).owner;
                    return self.ask(
                        Frame::Faceoff(FaceoffStage::End),
                        owner,
                        Prompt::Target,
                        choices,
                    );
                }
            };
            match pick {
                Some((source, to, _, cost)) => {
                    self.faceoff_mut().replaced.push(source);
                    // Where this card is as the replacement applies, before a cost
                    // (retiring it, CN84) takes it away.
                    let here = self.card(source).area;
                    if !cost.is_empty() {
                        let ctx = self.ctx_of(source);
                        self.pay(&cost, &ctx);
                    }
                    match to {
                        FlipDestination::Hand => self.perform(Occurrence::ToHand(c)),
                        FlipDestination::Discard => self.perform(Occurrence::ToDiscard(c)),
                        FlipDestination::BeneathThis => {
                            self.banish_beneath(c, source);
                            true
                        }
                        FlipDestination::IntoPlayHere => match here {
                            // 706.1: under its owner's control, as any card entering.
                            Some(at) => {
                                let owner = self.card(c).owner;
                                self.card_mut(c).controller = owner;
                                self.enter(c, at, false, crate::rules::entering::Then::Nothing);
                                true
                            }
                            None => false,
                        },
                    };
                }
                None => self.faceoff_mut().to_bottom.push(c),
            }
            self.faceoff_mut().putting_away += 1;
        }
        if let Some(d) = self.order_to_bottom() {
            return Some(d);
        }
        self.st.last_involved = self
            .involved_cards()
            .into_iter()
            .map(|c| (c, self.card(c).object))
            .collect();
        self.st.faceoff = None;
        self.end_faceoff_modifiers();
        self.log(Event::FaceoffEnded);
        self.st.books.tied_sides = None;
        None
    }

    /// 514.7: the owner of the cards bound for the bottom chooses which goes first, while
    /// they have different cards there; copies of one card are put away without asking.
    fn order_to_bottom(&mut self) -> Option<Decision> {
        loop {
            let in_flip = |g: &Game, c: CardId| g.card(c).zone == Zone::Flip;
            let waiting = &self.st.faceoff.as_ref()?.to_bottom;
            if waiting.iter().any(|&c| !in_flip(self, c)) {
                let still: Vec<CardId> = waiting
                    .iter()
                    .copied()
                    .filter(|&c| in_flip(self, c))
                    .collect();
                self.faceoff_mut().to_bottom = still;
            }
            let &first = self.st.faceoff.as_ref()?.to_bottom.first()?;
            let owner = self.card(first).owner;
            let mut options: Vec<Choice> = Vec::new();
            for &c in &self.st.faceoff.as_ref()?.to_bottom {
                if self.card(c).owner == owner
                    && !options
                        .iter()
                        .any(|o| matches!(o, Choice::ToBottom(d) if self.card(*d).def == self.card(c).def))
                {
                    options.push(Choice::ToBottom(c));
                }
            }
            if options.len() > 1 {
                return self.ask(
                    Frame::Faceoff(FaceoffStage::End),
                    owner,
                    Prompt::Arrange,
                    options,
                );
            }
            self.faceoff_mut().to_bottom.retain(|&x| x != first);
            self.perform(Occurrence::ToBottom(first));
        }
    }

    /// An effect ends the faceoff before it has a result (AD42, AD87): nobody wins or
    /// loses (no 514.6 result, no 514.6d instructions), and the flips still to come are
    /// skipped. 514.7 ends a faceoff at once, so the faceoff window the effect was used in
    /// closes as the effect finishes, nobody getting priority in it again, and the faceoff
    /// ends as 514.7 says (flipped cards to the decks' bottoms, end-of-faceoff triggers).
    pub(crate) fn end_faceoff_early(&mut self) {
        match self.st.faceoff.as_mut() {
            Some(f) if !f.resolved => f.resolved = true,
            Some(_) | None => return,
        }
        let Some(at) = self
            .st
            .frames
            .iter()
            .rposition(|f| matches!(f, Frame::Faceoff(_)))
        else {
            return;
        };
        if let Frame::Faceoff(stage) = &mut self.st.frames[at] {
            *stage = FaceoffStage::End;
        }
        for f in &mut self.st.frames[at + 1..] {
            if let Frame::Window {
                kind: WindowKind::Faceoff,
                passes,
                ..
            } = f
            {
                // Every player counts as having passed: the window closes when next reached.
                *passes = u8::MAX;
            }
        }
    }

    fn faceoff_mut(&mut self) -> &mut Faceoff {
        self.st.faceoff.as_mut().expect("in a faceoff")
    }
}
