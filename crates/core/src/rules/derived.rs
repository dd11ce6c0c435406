//! Derived characteristics (chapter 2, 505, 507, 711): printed values, then the card's
//! state, then continuous modifiers (702, 708) and continuous keywords. Computed on
//! demand, never stored (708.5). The order modifiers apply in, and what each of them
//! reads, is in `layers.rs`.

use crate::ability::trigger::Ctx;
use crate::ability::{Amount, StaticEffect};
use crate::card::{CardType, Colors, Face, Keyword};
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::pool::StaticKinds;
use crate::rules::layers::{Origin, ALL_LAYERS};

impl Game {
    /// The face-up side's printed information (301.3: a Mane's face-up side).
    pub fn face(&self, c: CardId) -> &Face {
        let d = self.def(c);
        match (&d.boosted, self.card(c).boosted) {
            (Some(b), true) => b,
            _ => &d.face,
        }
    }

    pub(crate) fn ctx_of(&self, source: CardId) -> Ctx {
        Ctx::printed(source, self.card(source).controller)
    }

    /// Continuous effects in force that apply to `c`: from static abilities of face-up
    /// cards in play (702, 701.3) whose conditions hold, and from modifiers on `c` (708).
    fn effects_on(&self, c: CardId, f: impl FnMut(&StaticEffect, &Ctx)) {
        self.effects_on_upto(c, ALL_LAYERS, f)
    }

    /// [`Game::effects_on`] for the modifiers before position `layer` of the 711 order
    /// (all of them with [`ALL_LAYERS`]); in a game whose modifiers can't depend on each
    /// other, every modifier reads printed values and the order doesn't matter.
    fn effects_on_upto(&self, c: CardId, layer: u16, f: impl FnMut(&StaticEffect, &Ctx)) {
        self.effects_where_upto(c, layer, StaticKinds::ALL, f)
    }

    /// [`Game::effects_on_upto`] for a caller that reads only the kinds of effect in
    /// `wanted`: whether the others apply is not worked out (their selectors and
    /// conditions are the costly part), and the wanted ones keep their layers. Play is
    /// not looked through at all when no face of the pool has a wanted static ability.
    fn effects_where_upto(
        &self,
        c: CardId,
        layer: u16,
        wanted: StaticKinds,
        mut f: impl FnMut(&StaticEffect, &Ctx),
    ) {
        if !self.facts.statics {
            return self.modifiers_on(c, &mut f);
        }
        if !self.facts.layered {
            // One kind has a list of its own; several are read from the list of every
            // card with a static ability.
            let kind = if wanted.bits().count_ones() == 1 {
                crate::pool::FaceFacts::statics(wanted)
            } else {
                crate::pool::FaceFacts::STATIC
            };
            let scan: &[CardId] = if self.facts.static_kinds.has(wanted) {
                self.in_play_with(kind)
            } else {
                &[]
            };
            for &s in scan {
                for a in self.abilities(s) {
                    if let crate::ability::Ability::Static { effect, condition } = a {
                        // With the skips off, every static is asked as it is.
                        if !StaticKinds::of(effect).has(wanted)
                            || (self.scan_skips && s != c && never_for_others(effect))
                        {
                            continue;
                        }
                        let ctx = self.ctx_of(s);
                        if self.static_applies(s, c, effect, condition.as_ref(), &ctx) {
                            f(effect, &ctx);
                        }
                    }
                }
            }
            return self.modifiers_on(c, &mut f);
        }
        let obj = self.card(c).object;
        for (pos, origin) in self.modifier_order().into_iter().enumerate() {
            if pos >= layer as usize {
                break;
            }
            match origin {
                Origin::Static(s, i) => {
                    if let Some(crate::ability::Ability::Static { effect, condition }) =
                        self.abilities(s).get(i as usize).filter(|a| match a {
                            crate::ability::Ability::Static { effect, .. } => {
                                StaticKinds::of(effect).has(wanted)
                            }
                            _ => true,
                        })
                    {
                        let ctx = Ctx {
                            layer: pos as u16,
                            ..self.ctx_of(s)
                        };
                        if self.static_applies(s, c, effect, condition.as_ref(), &ctx) {
                            f(effect, &ctx);
                        }
                    }
                }
                Origin::Modifier(j) => {
                    let m = &self.st.modifiers[j as usize];
                    if m.target == c && m.object == obj {
                        let ctx = Ctx {
                            printed: true,
                            layer: pos as u16,
                            ..Ctx::of(c, m.controller)
                        };
                        f(&m.effect, &ctx);
                    }
                }
            }
        }
    }

    /// Whether static ability `effect` of card `s` applies to card `c` now.
    fn static_applies(
        &self,
        s: CardId,
        c: CardId,
        effect: &StaticEffect,
        condition: Option<&crate::ability::Condition>,
        ctx: &Ctx,
    ) -> bool {
        let applies = match effect {
            StaticEffect::Power { cards, .. }
            | StaticEffect::GainColor { cards, .. }
            | StaticEffect::GainKeyword { cards, .. }
            | StaticEffect::ColoredPower { cards, .. }
            | StaticEffect::GainTrait { cards, .. }
            | StaticEffect::LoseColors { cards }
            | StaticEffect::GainColorsOf { cards, .. } => match cards {
                None => s == c,
                Some(sel) => self.fits(c, sel, ctx),
            },
            // Abilities of the card itself, read by the faceoff and contribution rules.
            StaticEffect::ContributesWhileExhausted
            | StaticEffect::GainChosenColor { .. }
            | StaticEffect::FlipMore { .. }
            | StaticEffect::IgnoreHighestFlip { .. }
            | StaticEffect::FlipMoreThen { .. }
            | StaticEffect::FaceoffTotal { .. }
            | StaticEffect::FlippedInstead { .. } => s == c,
            // Read where their actions happen (rules/prohibit.rs, costs.rs, replace.rs);
            // they change no card's characteristics, and their conditions may read power.
            StaticEffect::Prohibit(_)
            | StaticEffect::Cost(_)
            | StaticEffect::Replace { .. }
            | StaticEffect::LoseAbilities { .. }
            | StaticEffect::OthersEnter { .. }
            | StaticEffect::PlayAsFromHand
            | StaticEffect::NoColorRequirement
            | StaticEffect::Hook(_)
            | StaticEffect::OutsideHomeLimit(_)
            | StaticEffect::RevealTopOfDeck
            | StaticEffect::MayLookAt(_)
            | StaticEffect::TroublemakersDontBlock
            | StaticEffect::ProblemBonus(_)
            | StaticEffect::HomeLimit { .. }
            | StaticEffect::LoseKeyword(_)
            | StaticEffect::MeetConfront { .. }
            | StaticEffect::ConfrontLess { .. }
            | StaticEffect::GainType(_)
            | StaticEffect::Control(_)
            | StaticEffect::OnlyWhile { .. } => false,
        };
        applies && condition.is_none_or(|cond| self.holds(cond, ctx))
    }

    /// Modifiers with a duration on `c` (708), read in the fast path.
    fn modifiers_on(&self, c: CardId, f: &mut impl FnMut(&StaticEffect, &Ctx)) {
        let obj = self.card(c).object;
        for m in &self.st.modifiers {
            if m.target == c && m.object == obj {
                let ctx = Ctx::of(c, m.controller);
                f(&m.effect, &ctx);
            }
        }
    }

    /// Whether no card can have gained a keyword that `test` accepts now: none from
    /// Teamwork, a static ability in force or a modifier. Then a card has such a keyword
    /// only if its face prints it. With the skips off, any keyword may have been gained.
    fn no_keyword_gained(&self, test: impl Fn(Keyword) -> bool) -> bool {
        use crate::pool::FaceFacts;
        let grants = |e: &StaticEffect| matches!(e, StaticEffect::GainKeyword { keyword, .. } if test(*keyword));
        self.scan_skips
            && !self.facts.teamwork
            && !self
                .in_play_with(FaceFacts::statics(StaticKinds::GAIN_KEYWORD))
                .iter()
                .any(|&s| {
                    self.abilities(s).iter().any(|a| {
                        matches!(a, crate::ability::Ability::Static { effect, .. } if grants(effect))
                    })
                })
            && !self.st.modifiers.iter().any(|m| grants(&m.effect))
    }

    /// The cards in play that may have a keyword whose printing the face records keep
    /// as `printed` (one of [`crate::pool::FaceFacts`]' keyword kinds) and `test`
    /// accepts, in play order: those printing it while no card can have gained it,
    /// otherwise all.
    fn may_have_keyword(
        &self,
        printed: crate::pool::FaceFacts,
        test: impl Fn(Keyword) -> bool,
    ) -> &[CardId] {
        if self.no_keyword_gained(test) {
            self.in_play_with(printed)
        } else {
            &self.st.in_play
        }
    }

    /// Whether a card has a keyword now, printed or gained.
    pub fn has_keyword(&self, c: CardId, test: impl Fn(Keyword) -> bool) -> bool {
        self.keyword_value(c, |k| test(k).then_some(0)).is_some()
    }

    /// The first keyword value `pick` accepts (printed, then gained).
    pub fn keyword_value(&self, c: CardId, pick: impl Fn(Keyword) -> Option<u8>) -> Option<u8> {
        if self.card(c).face_down || self.lacks_abilities(c) {
            return None;
        }
        let pick = |k: Keyword| {
            if self.keyword_lost(c, k) {
                None
            } else {
                pick(k)
            }
        };
        if let Some(v) = self.face(c).keywords.iter().find_map(|&k| pick(k)) {
            return Some(v);
        }
        if self.facts.teamwork {
            if let Some(v) = self.granted_keywords(c).into_iter().find_map(&pick) {
                return Some(v);
            }
        }
        let mut found = None;
        self.effects_where_upto(c, ALL_LAYERS, StaticKinds::GAIN_KEYWORD, |e, _| {
            if let StaticEffect::GainKeyword { keyword, .. } = e {
                if found.is_none() {
                    found = pick(*keyword);
                }
            }
        });
        found
    }

    /// The keywords `c` has only as gained from a static ability in force or a
    /// modifier (not printed, not given by Teamwork), still kept, in the order found.
    pub(crate) fn gained_keywords(&self, c: CardId) -> Vec<Keyword> {
        self.gained_keywords_upto(c, ALL_LAYERS)
    }

    /// [`Game::gained_keywords`] from the modifiers before `layer` of the 711 order.
    fn gained_keywords_upto(&self, c: CardId, layer: u16) -> Vec<Keyword> {
        let mut out = Vec::new();
        if self.card(c).face_down || self.lacks_abilities(c) {
            return out;
        }
        self.effects_where_upto(c, layer, StaticKinds::GAIN_KEYWORD, |e, _| {
            if let StaticEffect::GainKeyword { keyword, .. } = e {
                out.push(*keyword);
            }
        });
        let own = if self.facts.teamwork {
            self.printed_and_granted_keywords(c)
        } else {
            self.face(c).keywords.clone()
        };
        let mut kept: Vec<Keyword> = Vec::new();
        for k in out {
            if !own.contains(&k) && !kept.contains(&k) && !self.keyword_lost(c, k) {
                kept.push(k);
            }
        }
        kept
    }

    /// Whether a modifier takes keyword `k` from `c` (`StaticEffect::LoseKeyword`, CG103).
    pub(crate) fn keyword_lost(&self, c: CardId, k: Keyword) -> bool {
        !self.st.modifiers.is_empty() && {
            let object = self.card(c).object;
            self.st.modifiers.iter().any(|m| {
                m.target == c
                    && m.object == object
                    && matches!(m.effect, StaticEffect::LoseKeyword(x) if x == k)
            })
        }
    }

    /// A card's current power; `None` for face-down cards (505.1b) and Problems (202.2).
    pub fn power(&self, c: CardId) -> Option<i16> {
        self.power_upto(c, ALL_LAYERS)
    }

    /// [`Game::power`] as the modifiers before `layer` of the 711 order leave it.
    pub(crate) fn power_upto(&self, c: CardId, layer: u16) -> Option<i16> {
        let k = self.card(c);
        // 202.2, 522.1: a Dilemma in play is a Problem, which has no power.
        if k.face_down || self.is_dilemma_in_play(c) {
            return None;
        }
        let mut power = self.face(c).power?.saturating_add(k.power_counters);
        if k.zone != Zone::Play {
            // A flipped card's abilities don't apply, but modifiers put on it do (515.4,
            // "that card gets +N power this faceoff").
            if k.zone == Zone::Flip {
                for m in &self.st.modifiers {
                    if let (
                        true,
                        StaticEffect::Power {
                            amount: Amount::N(n),
                            ..
                        },
                    ) = (m.target == c && m.object == k.object, &m.effect)
                    {
                        power = power.saturating_add(*n);
                    }
                }
            }
            return Some(power);
        }
        self.effects_where_upto(c, layer, StaticKinds::POWER, |e, ctx| match e {
            StaticEffect::Power { amount, .. } => {
                power = power.saturating_add(match amount {
                    Amount::N(n) => *n,
                    a => self.amount(a, ctx),
                });
            }
            StaticEffect::ColoredPower { colors, amount, .. } => {
                power = power.saturating_add(amount.saturating_mul(colors.len() as i16));
            }
            _ => {}
        });
        Some(power.saturating_add(self.keyword_power(c, layer)))
    }

    /// Whether `c` has keyword `k` printed or given by Teamwork (not gained from a
    /// modifier, which its caller reads in its own layer), and still has its abilities.
    fn has_own_keyword(&self, c: CardId, k: Keyword) -> bool {
        // Only Teamwork grants keywords; without it in the pool there is no list to build.
        (self.face(c).keywords.contains(&k)
            || (self.facts.teamwork && self.granted_keywords(c).contains(&k)))
            && !self.lacks_abilities(c)
    }

    /// Power from continuous keywords.
    /// Keywords gained from modifiers count from those before `layer` (CG84).
    fn keyword_power(&self, c: CardId, layer: u16) -> i16 {
        let mut bonus = 0;
        if self.lacks_abilities(c) {
            return 0;
        }
        let you = self.card(c).controller;
        let area = self.card(c).area;
        let mut keywords: std::borrow::Cow<'_, [Keyword]> = if self.facts.teamwork {
            self.printed_and_granted_keywords(c).into()
        } else {
            (&self.face(c).keywords[..]).into()
        };
        if !self.no_keyword_gained(|k| {
            matches!(
                k,
                Keyword::Supportive(_)
                    | Keyword::Caretaker
                    | Keyword::Competitive(_)
                    | Keyword::Experienced
            )
        }) {
            let gained = self.gained_keywords_upto(c, layer);
            if !gained.is_empty() {
                keywords.to_mut().extend(gained);
            }
        }
        for &kw in keywords.iter() {
            if self.keyword_lost(c, kw) {
                continue;
            }
            match kw {
                // While involved in a faceoff.
                Keyword::Competitive(x)
                    if self.st.faceoff.is_some() && self.involved_cards().contains(&c) =>
                {
                    bonus += x as i16
                }
                // While with your Mane Character, if they share a colour.
                Keyword::Supportive(x) => {
                    if let Some(m) = self.player(you).mane {
                        if m != c
                            && self.card(m).area == area
                            && self.keyword_colors(m).intersects(self.keyword_colors(c))
                        {
                            bonus += x as i16;
                        }
                    }
                }
                // At a Problem with one of your Critter Friends.
                Keyword::Caretaker if area.is_some_and(|a| a.is_problem()) => {
                    let critter = self.at(area.expect("checked")).any(|o| {
                        o != c
                            && self.card(o).controller == you
                            && self.def(o).card_type == CardType::Friend
                            && self.has_trait(o, "Critter")
                    });
                    if critter {
                        bonus += 1;
                    }
                }
                // One for each card of the same name in your discard pile.
                Keyword::Experienced => {
                    let name = self.def(c).full_name();
                    bonus += self
                        .player(you)
                        .discard
                        .iter()
                        .filter(|&&d| self.def(d).full_name() == name)
                        .count() as i16;
                }
                _ => {}
            }
        }
        bonus
    }

    /// A card's current colours; none while face-down (505.1b).
    pub fn colors(&self, c: CardId) -> Colors {
        self.colors_upto(c, ALL_LAYERS)
    }

    /// [`Game::colors`] as the modifiers before `layer` of the 711 order leave them.
    pub(crate) fn colors_upto(&self, c: CardId, layer: u16) -> Colors {
        if self.card(c).face_down {
            return Colors::NONE;
        }
        let mut colors = self.base_colors(c);
        if self.card(c).zone == Zone::Play {
            // 203, 711: "loses and can't have colours" comes after every gain before
            // `layer`, whichever came first, so it is only noted here and applied last.
            let mut lost = false;
            self.effects_where_upto(c, layer, StaticKinds::COLORS, |e, ctx| match e {
                StaticEffect::LoseColors { .. } => lost = true,
                StaticEffect::GainColor { color, .. } => colors.insert(*color),
                // 711: each copied card's colours as the modifiers before this one left
                // them (the copying modifier never reads its own result, 711.5).
                StaticEffect::GainColorsOf { of, .. } => {
                    for o in self.matching(of, ctx) {
                        colors = colors.union(if ctx.layer == ALL_LAYERS {
                            self.base_colors(o)
                        } else {
                            self.colors_upto(o, ctx.layer)
                        });
                    }
                }
                StaticEffect::ColoredPower { colors: more, .. } => {
                    more.iter().for_each(|&m| colors.insert(m))
                }
                _ => {}
            });
            if lost {
                return Colors::NONE;
            }
            // Prismatic: the colours of all your other Crystal characters.
            if self.has_own_keyword(c, Keyword::Prismatic) {
                let you = self.card(c).controller;
                for &o in &self.st.in_play {
                    if o != c
                        && self.card(o).controller == you
                        && self.is_character(o)
                        && self.traits(o).iter().any(|t| t == "Crystal")
                    {
                        colors = colors.union(self.keyword_colors(o));
                    }
                }
            }
        }
        colors
    }

    /// The colours continuous keywords read of a card (Supportive, Prismatic): its
    /// printed or entry-chosen ones, none while face-down or while it has lost its
    /// colours (`StaticEffect::LoseColors`, AD166).
    fn keyword_colors(&self, c: CardId) -> Colors {
        if self.card(c).face_down || self.colors_lost(c) {
            return Colors::NONE;
        }
        self.base_colors(c)
    }

    /// Whether a `LoseColors` effect in force applies to `c` now. Only those effects
    /// are asked: their descriptions and conditions read no characteristic a modifier
    /// changes (the loader refuses it, `rules/ability_loss.rs`), so asking this while
    /// deriving power or colours never comes back to them.
    pub(crate) fn colors_lost(&self, c: CardId) -> bool {
        let k = self.card(c);
        if k.zone != Zone::Play {
            return false;
        }
        let by_modifier = self.st.modifiers.iter().any(|m| {
            m.target == c
                && m.object == k.object
                && matches!(m.effect, StaticEffect::LoseColors { .. })
        });
        if by_modifier || !self.facts.static_kinds.has(StaticKinds::COLORS) {
            return by_modifier;
        }
        let scan = self.in_play_with(crate::pool::FaceFacts::statics(StaticKinds::COLORS));
        scan.iter().any(|&s| {
            self.abilities(s).iter().any(|a| match a {
                crate::ability::Ability::Static {
                    effect: effect @ StaticEffect::LoseColors { .. },
                    condition,
                } => self.static_applies(s, c, effect, condition.as_ref(), &self.ctx_of(s)),
                _ => false,
            })
        })
    }

    /// A card's current traits; none while face-down (505.1a).
    pub fn traits(&self, c: CardId) -> &[String] {
        if self.card(c).face_down {
            &[]
        } else {
            &self.face(c).traits
        }
    }

    /// Whether a card has the trait now (printed, or gained while in play), without
    /// building the list: selectors ask this on the engine's hot path.
    pub fn has_trait(&self, c: CardId, t: &str) -> bool {
        self.has_trait_upto(c, t, ALL_LAYERS)
    }

    /// [`Game::has_trait`] as the modifiers before `layer` of the 711 order leave it.
    pub(crate) fn has_trait_upto(&self, c: CardId, t: &str, layer: u16) -> bool {
        if self.traits(c).iter().any(|x| x.eq_ignore_ascii_case(t)) {
            return true;
        }
        let mut gained = false;
        if self.card(c).zone == Zone::Play && !self.card(c).face_down {
            self.effects_where_upto(c, layer, StaticKinds::GAIN_TRAIT, |e, _| {
                if let StaticEffect::GainTrait { trait_, .. } = e {
                    gained |= trait_.eq_ignore_ascii_case(t);
                }
            });
        }
        gained
    }

    /// A card's traits now: printed, and gained from continuous effects while in play.
    pub fn current_traits(&self, c: CardId) -> Vec<String> {
        let mut out = self.traits(c).to_vec();
        if self.card(c).zone == Zone::Play && !self.card(c).face_down {
            self.effects_on(c, |e, _| {
                if let StaticEffect::GainTrait { trait_, .. } = e {
                    if !out.iter().any(|t| t.eq_ignore_ascii_case(trait_)) {
                        out.push(trait_.clone());
                    }
                }
            });
        }
        out
    }

    /// Whether the card is a character (301.4, 302.2). Face-down Friends keep their type.
    /// A card given a character type by a modifier is one while it lasts (AD126).
    pub fn is_character(&self, c: CardId) -> bool {
        self.def(c).card_type.is_character()
            || self.gained_type(c, CardType::Friend)
            || self.gained_type(c, CardType::ManeCharacter)
    }

    /// Whether the card has type `t` now: its own type as the rules read it
    /// ([`Game::card_type`]), or one a modifier on it adds (`StaticEffect::GainType`).
    pub fn has_type(&self, c: CardId, t: CardType) -> bool {
        self.card_type(c) == t || self.gained_type(c, t)
    }

    /// Whether a modifier on `c` in play gives it type `t` besides its own. Only a
    /// modifier on the card itself can (the loader refuses `GainType` as a static
    /// ability), so no other card's abilities are read and no layer is involved.
    pub(crate) fn gained_type(&self, c: CardId, t: CardType) -> bool {
        !self.st.modifiers.is_empty() && {
            let k = self.card(c);
            k.zone == Zone::Play
                && !self.is_dilemma_in_play(c)
                && self.st.modifiers.iter().any(|m| {
                    m.target == c
                        && m.object == k.object
                        && matches!(m.effect, StaticEffect::GainType(x) if x == t)
                })
        }
    }

    /// Power a card adds to a total (105.2: never below zero for a sum).
    pub(crate) fn contribution(&self, c: CardId) -> u16 {
        self.contribution_upto(c, ALL_LAYERS)
    }

    pub(crate) fn contribution_upto(&self, c: CardId, layer: u16) -> u16 {
        self.power_upto(c, layer).unwrap_or(0).max(0) as u16
    }

    /// 503.5: whether a character's power counts toward confronting and faceoffs now;
    /// Stubborn ones count while exhausted.
    pub fn contributes(&self, c: CardId) -> bool {
        let k = self.card(c);
        if k.zone != Zone::Play || k.face_down {
            return false;
        }
        // 104.2: a "doesn't contribute" wins over anything saying it does.
        if self.facts.static_kinds.has(StaticKinds::PROHIBIT)
            && self.prohibited(crate::rules::prohibit::Attempt::Contribute(c))
        {
            return false;
        }
        if k.exhaustion == 0 {
            return true;
        }
        // Stubborn is an ability of the card (lost with the others); "still contributes"
        // from another card is not.
        let lacks = self.lacks_abilities(c);
        let mut stubborn = self.has_own_keyword(c, Keyword::Stubborn);
        self.effects_where_upto(
            c,
            ALL_LAYERS,
            StaticKinds::CONTRIBUTES.union(StaticKinds::GAIN_KEYWORD),
            |e, _| {
                stubborn |= match e {
                    StaticEffect::ContributesWhileExhausted => true,
                    StaticEffect::GainKeyword {
                        keyword: Keyword::Stubborn,
                        ..
                    } => !lacks,
                    _ => false,
                }
            },
        );
        stubborn
    }

    /// 507.3: a player's power of a colour (every character they control in play).
    pub fn power_of_color(&self, p: PlayerId, color: crate::card::Color) -> u16 {
        self.power_of_color_upto(p, color, ALL_LAYERS)
    }

    pub(crate) fn power_of_color_upto(
        &self,
        p: PlayerId,
        color: crate::card::Color,
        layer: u16,
    ) -> u16 {
        self.st
            .in_play
            .iter()
            .copied()
            .filter(|&c| {
                self.card(c).controller == p
                    && self.is_character(c)
                    && self.colors_upto(c, layer).contains(color)
            })
            .map(|c| self.contribution_upto(c, layer))
            .sum()
    }

    /// 205.1: whether `p` meets a card's play requirements.
    pub fn meets_play_requirements(&self, p: PlayerId, card: CardId) -> bool {
        (self.no_color_requirement(card)
            || self
                .def(card)
                .play_reqs
                .iter()
                .all(|r| self.power_of_color(p, r.color) >= r.power))
            && self.meets_play_conditions(p, card)
    }

    /// 205.1 changed by a modifier (`StaticEffect::NoColorRequirement`, AD206): the card,
    /// as the object it is now (410.6), has no colour requirement.
    pub(crate) fn no_color_requirement(&self, card: CardId) -> bool {
        let object = self.card(card).object;
        self.st.modifiers.iter().any(|m| {
            m.target == card && m.object == object && m.effect == StaticEffect::NoColorRequirement
        })
    }

    /// 205.1: the requirements a card's printed text adds ("you must control …"), read
    /// with `p` as "you".
    pub(crate) fn meets_play_conditions(&self, p: PlayerId, card: CardId) -> bool {
        self.def(card).face.abilities.iter().all(|a| {
            let crate::ability::Ability::PlayRequires(c) = a else {
                return true;
            };
            self.holds(c, &crate::ability::trigger::Ctx::of(card, p))
        })
    }

    /// Characters `p` controls at an area.
    pub fn characters_at(&self, p: PlayerId, area: Area) -> impl Iterator<Item = CardId> + '_ {
        self.at(area)
            .filter(move |&c| self.card(c).controller == p && self.is_character(c))
    }

    /// Troublemakers at an area (face-up and face-down).
    pub fn troublemakers_at(&self, area: Area) -> impl Iterator<Item = CardId> + '_ {
        self.at(area)
            .filter(move |&c| self.def(c).card_type == CardType::Troublemaker)
    }

    /// 616.3: the home limit of a player's Mane Character's face-up side.
    pub fn home_limit(&self, p: PlayerId) -> Option<u8> {
        let printed = self
            .player(p)
            .mane
            .and_then(|m| self.face(m).home_limit())?;
        let mut change = 0i16;
        if self.facts.static_kinds.has(crate::pool::StaticKinds::OTHER) {
            for &s in &self.st.in_play {
                for a in self.abilities(s) {
                    if let crate::ability::Ability::Static {
                        effect: StaticEffect::HomeLimit { who, amount, per },
                        condition,
                    } = a
                    {
                        let ctx = self.ctx_of(s);
                        if self.names_player(*who, &ctx, p)
                            && condition.as_ref().is_none_or(|c| self.holds(c, &ctx))
                        {
                            let times = match per {
                                None => 1,
                                // Read with the player whose limit it is as "you".
                                Some(sel) => {
                                    let theirs = crate::ability::trigger::Ctx { you: p, ..ctx };
                                    self.count_matching(sel, &theirs, usize::MAX) as i16
                                }
                            };
                            change = change.saturating_add(amount.saturating_mul(times));
                        }
                    }
                }
            }
        }
        Some((i16::from(printed) + change).clamp(0, i16::from(u8::MAX)) as u8)
    }

    /// Epic Troublemakers: face-up and with the Epic trait.
    pub fn is_epic(&self, c: CardId) -> bool {
        !self.card(c).face_down
            && self.def(c).card_type == CardType::Troublemaker
            && self.def(c).is_epic()
    }

    /// The area a card is at, if in play.
    pub fn area_of(&self, c: CardId) -> Option<Area> {
        self.card(c).area
    }

    /// The change `p`'s opponents' cards make to the wild power `p` needs at a Problem
    /// (Eccentric, and opposing [`crate::ability::CostedAction::Confront`] changes); it may
    /// be negative, and the floor is applied to the whole requirement (611.2, 705.2b).
    pub fn extra_requirement(&self, p: PlayerId, area: Area) -> i16 {
        let (opposing, _) = self.cost_changes(
            crate::ability::CostedAction::Confront,
            p,
            crate::rules::costs::Acting {
                card: None,
                at: Some(area),
                host: None,
            },
        );
        self.eccentric_requirement(p, area).saturating_add(opposing)
    }

    /// The part of [`Game::extra_requirement`] from opposing Eccentric cards at `area`.
    pub(crate) fn eccentric_requirement(&self, p: PlayerId, area: Area) -> i16 {
        let mut extra = 0i16;
        for &c in self.may_have_keyword(crate::pool::FaceFacts::ECCENTRIC, |k| {
            matches!(k, Keyword::Eccentric(_))
        }) {
            if self.card(c).area != Some(area)
                || self.card(c).controller == p
                || self.card(c).face_down
            {
                continue;
            }
            extra += self
                .keyword_value(c, |k| {
                    if let Keyword::Eccentric(x) = k {
                        Some(x)
                    } else {
                        None
                    }
                })
                .unwrap_or(0) as i16;
        }
        extra
    }

    /// The cost for `p` to move a card to an area (609.2b): Swift, Showy and the cost
    /// changes in force, never below 1.
    pub fn move_cost(&self, p: PlayerId, card: CardId, to: Area) -> u16 {
        Self::move_cost_sum(
            self.move_cost_base(card) + self.move_changes(p, card, to),
            self.move_cost_extra(p, to),
        )
    }

    /// The mover's part of [`Game::move_cost`] that is the same for every destination.
    pub(crate) fn move_cost_base(&self, card: CardId) -> i16 {
        let mut cost = crate::rules::main_phase::MOVE_COST as i16;
        let may_be_swift = self.face_facts(card).has(crate::pool::FaceFacts::SWIFT)
            || !self.no_keyword_gained(|k| k == Keyword::Swift);
        if may_be_swift && self.has_keyword(card, |k| k == Keyword::Swift) {
            cost -= 1;
        }
        cost
    }

    /// [`Game::move_cost`] from its two parts.
    pub(crate) fn move_cost_sum(base: i16, extra: i16) -> u16 {
        (base + extra).max(1) as u16
    }

    /// What opposing Showy cards at `to` add to the cost for `p` of moving any card
    /// there: the same for every card, so it can be worked out once per area.
    pub(crate) fn move_cost_extra(&self, p: PlayerId, to: Area) -> i16 {
        let mut cost: i16 = 0;
        if to.is_problem() {
            for &c in self.may_have_keyword(crate::pool::FaceFacts::SHOWY, |k| {
                matches!(k, Keyword::Showy(_))
            }) {
                if self.card(c).area != Some(to)
                    || self.card(c).controller == p
                    || self.card(c).face_down
                {
                    continue;
                }
                cost += self
                    .keyword_value(c, |k| {
                        if let Keyword::Showy(x) = k {
                            Some(x)
                        } else {
                            None
                        }
                    })
                    .unwrap_or(0) as i16;
            }
        }
        cost
    }

    /// The cost for `p` to play a card wherever to (204.1, 705.2b): the printed cost
    /// with the cost changes that hold anywhere and the waiting discounts.
    pub fn play_cost(&self, p: PlayerId, card: CardId) -> u16 {
        if self.def(card).card_type == CardType::Troublemaker {
            return crate::rules::main_phase::TROUBLEMAKER_COST;
        }
        let printed = self.def(card).cost.unwrap_or(0) as i16;
        let changes = self.cost_changes(
            crate::ability::CostedAction::Play,
            p,
            crate::rules::costs::Acting {
                card: Some(card),
                at: None,
                host: None,
            },
        );
        let (less_opposing, less_own) = self.discount(p, card);
        Self::ordered_cost(printed, (changes.0 - less_opposing, changes.1 - less_own)) as u16
    }
}

/// Whether [`Game::static_applies`] says no for every card but the effect's own, so a
/// scan for another card passes over it without building its context.
fn never_for_others(effect: &StaticEffect) -> bool {
    match effect {
        StaticEffect::Power { cards, .. }
        | StaticEffect::GainColor { cards, .. }
        | StaticEffect::GainKeyword { cards, .. }
        | StaticEffect::ColoredPower { cards, .. }
        | StaticEffect::GainTrait { cards, .. }
        | StaticEffect::LoseColors { cards }
        | StaticEffect::GainColorsOf { cards, .. } => cards.is_none(),
        StaticEffect::ContributesWhileExhausted
        | StaticEffect::GainChosenColor { .. }
        | StaticEffect::FlipMore { .. }
        | StaticEffect::IgnoreHighestFlip { .. }
        | StaticEffect::FlipMoreThen { .. }
        | StaticEffect::FaceoffTotal { .. }
        | StaticEffect::FlippedInstead { .. } => true,
        // Never applies to a card's characteristics (`static_applies`), so skipping it is
        // the same as asking.
        StaticEffect::Prohibit(_)
        | StaticEffect::Cost(_)
        | StaticEffect::Replace { .. }
        | StaticEffect::LoseAbilities { .. }
        | StaticEffect::OthersEnter { .. }
        | StaticEffect::PlayAsFromHand
        | StaticEffect::NoColorRequirement
        | StaticEffect::Hook(_)
        | StaticEffect::OutsideHomeLimit(_)
        | StaticEffect::ProblemBonus(_)
        | StaticEffect::HomeLimit { .. }
        | StaticEffect::RevealTopOfDeck
        | StaticEffect::Control(_)
        | StaticEffect::MayLookAt(_)
        | StaticEffect::TroublemakersDontBlock => true,
        // Only ever modifiers on one card (the loader refuses them as static abilities),
        // so no static ability of this kind is scanned.
        StaticEffect::LoseKeyword(_)
        | StaticEffect::MeetConfront { .. }
        | StaticEffect::ConfrontLess { .. }
        | StaticEffect::GainType(_)
        | StaticEffect::OnlyWhile { .. } => true,
    }
}
