//! What the card definitions of a game can ever do, worked out once when the game is
//! built. The pool never changes during a game, so a kind of ability that no card has
//! can't come into play later: scans for it may be skipped without changing any result.

use crate::ability::{Ability, Effect, Happening, StaticEffect, Timing, Trigger, TriggerCard};
use crate::card::{CardDef, Face, Keyword};
use crate::event::EventKinds;
use crate::ids::CardId;
use crate::rules::layers::{ability_kinds, Kinds};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PoolFacts {
    /// Some face has a static ability (702), so continuous effects must be looked for.
    pub statics: bool,
    /// Some face has an activated ability (703) or an Event's play ability (304).
    pub timed: bool,
    /// Some face has Hasty printed (it is read from the printed face only).
    pub hasty: bool,
    /// Agile is printed somewhere or named by some script (it may be gained).
    pub agile: bool,
    /// Some face has a triggered ability or a keyword that stands for one (704).
    pub triggers: bool,
    /// Some Event or activated ability has a Reaction timing (512.4b).
    pub reactions: bool,
    /// Some card is Unique (516.3).
    pub uniques: bool,
    /// Some face of the pool gives cards the Unique trait (AD199).
    pub gains_unique: bool,
    /// The kinds of event some face's triggered ability answers from outside play (its
    /// card's own leaving, discard or flip, 701.3), so the card an event of these kinds
    /// is about is scanned even when no card in play listens.
    pub lookback: EventKinds,
    /// Some face has a trigger on a state of its card ("when this card has N power"),
    /// looked for before priority is given.
    pub state_triggers: bool,
    /// 711.3b: some modifier could read a characteristic some modifier writes, so
    /// modifiers are applied in the 711 order (see `rules/layers.rs`).
    pub layered: bool,
    /// Some card is a Dilemma (522), so a card's type in play may differ from its print.
    pub dilemmas: bool,
    reads: Kinds,
    writes: Kinds,
    /// Some face has a replacement modifier (710) or a keyword standing for one, or some
    /// script may grant such a keyword; occurrences look for replacements only then.
    pub replacements: bool,
    /// Some script may grant a keyword standing for a replacement modifier, so a card
    /// whose face prints none may still have one.
    pub granted_replacing: bool,
    /// Some face has Teamwork or takes another card's printed abilities as it enters
    /// play (`Entry::AbilitiesOf`, AD202), so a card's abilities may come from another
    /// card.
    pub teamwork: bool,
    /// Some script may grant a keyword standing for a triggered ability (CG38), so a
    /// card whose face prints no trigger may still have one.
    pub gained_triggers: bool,
    /// The kinds of static effect printed on some face, for the scans that look for
    /// one kind among the abilities of the cards in play.
    pub static_kinds: StaticKinds,
    /// Some activated ability or Event has a timing usable with priority outside a
    /// faceoff and without anything to react to (512.5: Immediate).
    pub anytime: bool,
    /// Some face forbids playing cards wherever to (`Prohibition::Play`).
    pub play_bans: bool,
    /// Some face can make cards lose their abilities (`StaticEffect::LoseAbilities`).
    pub lose_abilities: bool,
    /// Some face sets the state other cards enter play in (`StaticEffect::OthersEnter`).
    pub entry_states: bool,
    /// What some face of the pool has ([`FaceFacts`] of every face together).
    pub faces: FaceFacts,
    /// Some face has an ability working out of play (`Ability::From`), so discard piles
    /// and banished zones are looked through for cards a player may play.
    pub play_elsewhere: bool,
    /// Some face changes what playing it costs while it is in its owner's hand
    /// (`Ability::From(Hand, Static(Cost(..)))`, CG30).
    pub hand_costs: bool,
    /// Some trigger or Reaction answers a player taking an action (`Happening::
    /// TakesAction`), so each action's end is marked with an event (705.2h, CN19).
    pub actions_watched: bool,
    /// Some face replaces its own discard while in its owner's hand
    /// (`Ability::From(Hand, Static(Replace(..)))`, CN25).
    pub hand_replacements: bool,
}

/// A set of kinds of static effect: the ones read by scans of their own, and what the
/// derived values read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct StaticKinds(u16);

bitflags::bitflags! {
    impl StaticKinds: u16 {
        const PROHIBIT = 1;
        /// Cost changes of playing cards.
        const PLAY_COST = 2;
        /// Cost changes of the draw and rally actions.
        const ACTION_COST = 4;
        /// Cost changes of moving, to or away from an area.
        const MOVE_COST = 8;
        /// Replacement modifiers (710).
        const REPLACE = 16;
        /// Changes to what confronting needs (611.2).
        const CONFRONT_COST = 32;
        const FACEOFF = 64;
        /// Changes power: Power and ColoredPower.
        const POWER = 128;
        /// Changes colours: GainColor and ColoredPower.
        const COLORS = 256;
        const GAIN_KEYWORD = 512;
        const GAIN_TRAIT = 1024;
        const CONTRIBUTES = 2048;
        /// Every other kind.
        const OTHER = 4096;
    }
}

impl StaticKinds {
    pub const ALL: StaticKinds = StaticKinds::all();

    pub(crate) fn of(e: &StaticEffect) -> StaticKinds {
        match e {
            StaticEffect::Power { .. } => Self::POWER,
            StaticEffect::ColoredPower { .. } => Self::POWER.union(Self::COLORS),
            StaticEffect::GainColor { .. }
            | StaticEffect::GainChosenColor { .. }
            | StaticEffect::LoseColors { .. }
            | StaticEffect::GainColorsOf { .. } => Self::COLORS,
            StaticEffect::GainKeyword { .. } => Self::GAIN_KEYWORD,
            StaticEffect::GainTrait { .. } => Self::GAIN_TRAIT,
            StaticEffect::ContributesWhileExhausted => Self::CONTRIBUTES,
            StaticEffect::Prohibit(_) => Self::PROHIBIT,
            StaticEffect::OnlyWhile { effect, .. } => Self::of(effect),
            StaticEffect::Cost(c) => Self::of_action(c.action),
            StaticEffect::Replace { .. } => Self::REPLACE,
            StaticEffect::FlipMore { .. }
            | StaticEffect::IgnoreHighestFlip { .. }
            | StaticEffect::FlipMoreThen { .. }
            | StaticEffect::FaceoffTotal { .. }
            | StaticEffect::FlippedInstead { .. } => Self::FACEOFF,
            StaticEffect::LoseAbilities { .. }
            | StaticEffect::OthersEnter { .. }
            | StaticEffect::PlayAsFromHand
            | StaticEffect::NoColorRequirement
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
            | StaticEffect::Control(_) => Self::OTHER,
            StaticEffect::Hook(h) => match crate::rules::hooks::kind(*h) {
                crate::rules::hooks::HookKind::Replacement => Self::REPLACE,
            },
        }
    }

    /// The kind of the cost changes of an action.
    pub(crate) const fn of_action(a: crate::ability::CostedAction) -> StaticKinds {
        use crate::ability::CostedAction;
        match a {
            CostedAction::Play => Self::PLAY_COST,
            CostedAction::MoveTo | CostedAction::MoveAway => Self::MOVE_COST,
            CostedAction::Draw | CostedAction::Rally | CostedAction::Challenge => Self::ACTION_COST,
            CostedAction::Confront => Self::CONFRONT_COST,
        }
    }

    /// Whether the two sets share a kind (for the pool's set: whether some face of the
    /// pool has a static ability of a kind in `k`).
    pub fn has(self, k: StaticKinds) -> bool {
        self.intersects(k)
    }
}

impl PoolFacts {
    pub(crate) fn of(pool: &[CardDef]) -> PoolFacts {
        let mut f = PoolFacts::default();
        let faces = pool
            .iter()
            .flat_map(|d| [Some(&d.face), d.boosted.as_ref()])
            .flatten();
        for face in faces {
            f.add(face);
            f.faces |= FaceFacts::of(face);
        }
        f.gains_unique = pool
            .iter()
            .flat_map(|d| [Some(&d.face), d.boosted.as_ref()])
            .flatten()
            .any(|face| {
                face.abilities.iter().any(|a| {
                    matches!(a, Ability::Static { effect: StaticEffect::GainTrait { trait_, .. }, .. }
                        if trait_.eq_ignore_ascii_case("Unique"))
                })
            });
        f.uniques = f.gains_unique || pool.iter().any(|d| d.is_unique());
        f.dilemmas = pool.iter().any(|d| d.is_dilemma());
        f.layered = f.reads.meets(f.writes);
        f
    }

    fn add(&mut self, face: &Face) {
        for a in &face.abilities {
            let (r, w) = ability_kinds(a);
            self.reads = self.reads.or(r);
            self.writes = self.writes.or(w);
            match a {
                Ability::Static { effect, .. } => {
                    self.statics = true;
                    self.static_kinds |= StaticKinds::of(effect);
                    self.play_bans |= matches!(
                        effect,
                        StaticEffect::Prohibit(crate::ability::Prohibition::Play { .. })
                    );
                    self.play_bans |= matches!(
                        effect,
                        StaticEffect::Prohibit(crate::ability::Prohibition::PerTurn {
                            what: crate::ability::Tally::PlaysOfEachType,
                            ..
                        })
                    );
                    if let StaticEffect::OthersEnter { does, .. } = effect {
                        self.entry_states = true;
                        // What it gives an entering card is a modifier like any other.
                        if let crate::ability::OnEntry::Modifier { effect, .. } = does {
                            self.writes =
                                self.writes.or(crate::rules::layers::writes(effect).kinds());
                            self.lose_abilities |=
                                matches!(**effect, StaticEffect::LoseAbilities { .. });
                        }
                    }
                    self.replacements |= matches!(effect, StaticEffect::Replace { .. })
                        || StaticKinds::of(effect).has(StaticKinds::REPLACE);
                }
                Ability::Triggered { when, .. } => {
                    self.triggers = true;
                    self.actions_watched |= when.on == Happening::TakesAction;
                    self.lookback = self.lookback.or(crate::ability::trigger::looks_back(when));
                    self.state_triggers |= matches!(
                        when,
                        Trigger {
                            on: Happening::HasPower(_),
                            card: TriggerCard::This,
                            ..
                        }
                    );
                }
                // A card's abilities then come from another card too, as with Teamwork.
                Ability::AsEntersPlay(crate::ability::Entry::AbilitiesOf(_)) => {
                    self.teamwork = true;
                }
                // The host description is checked with the attachment rules (511.2), and
                // entry abilities as the card enters play (706.1a).
                Ability::Attach(_) | Ability::AsEntersPlay(_) | Ability::PlayRequires(_) => {}
                // Read where a player may play cards (`rules/zones.rs`).
                // A cost change read in the hand is looked for as the card is played
                // (`rules/costs.rs`); the others are read where a player may play cards
                // (`rules/zones.rs`).
                Ability::From(crate::ability::OutOfPlay::Hand, inner) => {
                    if matches!(
                        **inner,
                        Ability::Static {
                            effect: StaticEffect::Replace { .. },
                            ..
                        }
                    ) {
                        self.hand_replacements = true;
                        self.replacements = true;
                    } else {
                        self.hand_costs = true;
                    }
                }
                Ability::From(..) => self.play_elsewhere = true,
                // Looked for as the card is played, wherever from (`rules/costs.rs`).
                Ability::PlayCost(_) => self.hand_costs = true,
                Ability::Activated { timing, .. }
                | Ability::ActivatedByAny { timing, .. }
                | Ability::Play { timing, .. }
                | Ability::PlayTimed { timing, .. } => {
                    self.timed = true;
                    self.reactions |= matches!(timing, Timing::Reaction { .. });
                    self.actions_watched |= matches!(timing, Timing::Reaction { when, .. } if when.on == Happening::TakesAction);
                    self.anytime |= !matches!(
                        timing,
                        Timing::Phase(_)
                            | Timing::AnyPhase
                            | Timing::Faceoff(_)
                            | Timing::Reaction { .. }
                    );
                }
            }
        }
        for &k in &face.keywords {
            self.hasty |= k == Keyword::Hasty;
            self.teamwork |= k == Keyword::Teamwork;
            self.agile |= k == Keyword::Agile;
            // Continuous keywords change power and colours like modifiers do.
            self.writes = self.writes.or(match k {
                Keyword::Supportive(_)
                | Keyword::Caretaker
                | Keyword::Competitive(_)
                | Keyword::Experienced => Kinds::POWER,
                Keyword::Prismatic => Kinds::COLORS,
                _ => Kinds::NONE,
            });
            if let Some(a) = crate::ability::keyword::triggered(k) {
                self.triggers = true;
                if let Ability::Triggered { when, .. } = &a {
                    self.lookback = self.lookback.or(crate::ability::trigger::looks_back(when));
                }
                self.writes = self.writes.or(ability_kinds(&a).1);
            }
            self.replacements |= crate::ability::keyword::replacement(k).is_some();
        }
        let gains_trigger = face.abilities.iter().any(grants_triggered);
        self.gained_triggers |= gains_trigger;
        self.triggers |= gains_trigger;
        let grants = face.abilities.iter().any(grants_replacing);
        self.granted_replacing |= grants;
        self.replacements |= grants;
        self.lose_abilities |= face
            .abilities
            .iter()
            .any(crate::rules::ability_loss::makes_lose);
        // Agile can also be granted, by a static ability or by an effect's modifier.
        self.agile |= face.abilities.iter().any(grants_agile);
    }
}

fn grants_agile(a: &Ability) -> bool {
    let agile = |e: &StaticEffect| {
        matches!(
            e,
            StaticEffect::GainKeyword {
                keyword: Keyword::Agile,
                ..
            }
        )
    };
    grants_modifier(a, agile, agile)
}

/// Whether an ability may grant a keyword standing for a triggered ability.
fn grants_triggered(a: &Ability) -> bool {
    let gives = |e: &StaticEffect| {
        matches!(e, StaticEffect::GainKeyword { keyword, .. }
            if crate::ability::keyword::is_triggered(*keyword))
    };
    grants_modifier(a, gives, gives)
}

/// Whether an ability may give some card a replacement modifier its face doesn't print:
/// a keyword standing for one, or (an effect's or an entry's modifier) a replacement. A
/// printed static replacement is its own card's, found through the index of play
/// (`FaceFacts::REPLACE`).
fn grants_replacing(a: &Ability) -> bool {
    let keyword = |e: &StaticEffect| {
        matches!(e, StaticEffect::GainKeyword { keyword, .. }
            if crate::ability::keyword::replacement(*keyword).is_some())
    };
    grants_modifier(a, keyword, |e| {
        keyword(e) || matches!(e, StaticEffect::Replace { .. })
    })
}

/// Whether an ability may give a card a modifier: its static effect if `printed` says
/// so, or one that `granted` says so of, given to cards entering play or by an effect at
/// any depth (inside `If`, modes, delayed effects). One walk for every kind of grant, so
/// a new nesting form can't be seen by one kind and missed by another.
fn grants_modifier(
    a: &Ability,
    printed: impl Fn(&StaticEffect) -> bool,
    granted: impl Fn(&StaticEffect) -> bool,
) -> bool {
    let mut found = match a {
        Ability::Static { effect, .. } => {
            printed(effect)
                || matches!(effect, StaticEffect::OthersEnter {
                    does: crate::ability::OnEntry::Modifier { effect, .. }, ..
                } if granted(effect))
        }
        Ability::Triggered { .. }
        | Ability::Activated { .. }
        | Ability::ActivatedByAny { .. }
        | Ability::Play { .. }
        | Ability::PlayTimed { .. }
        | Ability::Attach(_)
        | Ability::AsEntersPlay(_)
        | Ability::From(..)
        | Ability::PlayRequires(_)
        | Ability::PlayCost(_) => false,
    };
    crate::ability::tokens::each_effect(a, &mut |e| {
        found |= matches!(e, Effect::Until { effect, .. } if granted(effect));
    });
    found
}

/// What each face of the pool has, by kind of ability, so that scans through play can
/// pass over the cards that can't matter to them. Two entries per definition: its
/// face, then the face a boosted card of it shows ([`crate::Game::face`]).
pub(crate) fn face_facts(pool: &[CardDef]) -> std::sync::Arc<[FaceFacts]> {
    pool.iter()
        .flat_map(|d| {
            let problem = if d.card_type == crate::card::CardType::Problem {
                FaceFacts::PROBLEM_CARD
            } else {
                FaceFacts::empty()
            };
            [
                FaceFacts::of(&d.face) | problem,
                FaceFacts::of(d.boosted.as_ref().unwrap_or(&d.face)) | problem,
            ]
        })
        .collect()
}

/// The triggered abilities each face's keywords stand for
/// ([`crate::ability::keyword::triggered`]), indexed as [`face_facts`]: built once per
/// game rather than at every event a card with such a keyword hears.
pub(crate) fn face_keyword_triggers(pool: &[CardDef]) -> std::sync::Arc<[Vec<Ability>]> {
    let of = |face: &Face| -> Vec<Ability> {
        face.keywords
            .iter()
            .filter_map(|&k| crate::ability::keyword::triggered(k))
            .collect()
    };
    pool.iter()
        .flat_map(|d| [of(&d.face), of(d.boosted.as_ref().unwrap_or(&d.face))])
        .collect()
}

/// The kinds of event each face's triggered abilities (scripted and keyword) listen to,
/// indexed as [`face_facts`]: a scan passes over a card that doesn't listen to an
/// event's kind.
pub(crate) fn face_listens(pool: &[CardDef]) -> std::sync::Arc<[EventKinds]> {
    let of = |face: &Face| {
        let keyword = face
            .keywords
            .iter()
            .filter_map(|&k| crate::ability::keyword::triggered(k));
        let listens = |kinds: EventKinds, a: &Ability| match a {
            Ability::Triggered { when, .. } => kinds.or(crate::ability::trigger::listens(when.on)),
            Ability::Static { .. }
            | Ability::Activated { .. }
            | Ability::ActivatedByAny { .. }
            | Ability::Attach(_)
            | Ability::Play { .. }
            | Ability::PlayTimed { .. }
            | Ability::AsEntersPlay(_)
            | Ability::PlayRequires(_)
            | Ability::PlayCost(_)
            | Ability::From(..) => kinds,
        };
        let printed = face.abilities.iter().fold(EventKinds::NONE, listens);
        keyword.fold(printed, |kinds, a| listens(kinds, &a))
    };
    pool.iter()
        .flat_map(|d| [of(&d.face), of(d.boosted.as_ref().unwrap_or(&d.face))])
        .collect()
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FaceFacts(u32);

bitflags::bitflags! {
    impl FaceFacts: u32 {
        /// An activated ability, of its controller's or anyone's (703), with a "[x]
        /// Phase" timing (512.3).
        const ACTIVATED_PHASE = 1;
        /// An Event's play ability (304) with a "[x] Phase" timing (512.3) for another
        /// phase than the Main Phase, or for any phase.
        const PLAY_PHASE = 2;
        /// A static ability (702).
        const STATIC = 4;
        /// An activated ability with any other timing (512.4).
        const ACTIVATED_OTHER = 8;
        /// A static prohibition (104.2), read by `rules/prohibit.rs`.
        const PROHIBIT = 16;
        /// A static cost change (705.2b), read by `rules/costs.rs`.
        const COST = 32;
        /// A static replacement modifier (710) or a printed keyword standing for one,
        /// read by `rules/replace.rs`.
        const REPLACE = 64;
        /// An Event's play ability with an Immediate timing (512.4a).
        const PLAY_IMMEDIATE = 128;
        /// The kinds of static effect printed ([`StaticKinds`], one bit each from here
        /// on; see [`FaceFacts::statics`]).
        const STATIC_KINDS = (StaticKinds::ALL.bits() as u32) << FaceFacts::STATIC_SHIFT;
        /// Showy printed (read for the cost of moving to a Problem, 609.2b).
        const SHOWY = 1 << 21;
        /// Eccentric printed (read for confront requirements, 611.2).
        const ECCENTRIC = 1 << 22;
        /// Swift printed (read for the cost of moving).
        const SWIFT = 1 << 23;
        /// The card is a Problem (201): its area's Problem card is found among these.
        const PROBLEM_CARD = 1 << 24;
        /// A triggered ability, printed or a keyword's (704): the cards an event's scan
        /// for triggers reads, in play order, are listed under this.
        const TRIGGERED = 1 << 25;
        /// An Event's play ability with a Faceoff timing (512.4b). Read only of cards
        /// in hand, so this and the next two need no list of the index of play.
        const PLAY_FACEOFF = 1 << FaceFacts::LISTS;
        /// An Event's play ability with a Reaction timing (512.4b).
        const PLAY_REACTION = 2 << FaceFacts::LISTS;
        /// An Event's play ability with a "Main Phase" timing (512.3).
        const PLAY_MAIN = 4 << FaceFacts::LISTS;
    }
}

// The kinds of static effect fit between the bits below them and Showy.
const _: () = assert!(StaticKinds::ALL.bits() < 1 << (21 - FaceFacts::STATIC_SHIFT));

impl FaceFacts {
    const STATIC_SHIFT: u32 = 8;
    /// The kinds listed by the index of play (the bits below this one).
    const LISTS: usize = 28;

    /// The record of faces printing static effects of the kinds `k`.
    pub(crate) const fn statics(k: StaticKinds) -> FaceFacts {
        FaceFacts::from_bits_retain((k.bits() as u32) << Self::STATIC_SHIFT)
    }

    fn of(face: &Face) -> FaceFacts {
        let mut f = FaceFacts::default();
        for a in &face.abilities {
            if let Ability::Static { effect, .. } = a {
                f |= Self::statics(StaticKinds::of(effect));
            }
            f |= match a {
                Ability::Activated { timing, .. } | Ability::ActivatedByAny { timing, .. } => {
                    match timing {
                        Timing::Phase(_) | Timing::AnyPhase => Self::ACTIVATED_PHASE,
                        Timing::Faceoff(_) | Timing::Immediate | Timing::Reaction { .. } => {
                            Self::ACTIVATED_OTHER
                        }
                    }
                }
                Ability::Static { effect, .. } => {
                    Self::STATIC
                        | match effect {
                            StaticEffect::Prohibit(_) => Self::PROHIBIT,
                            StaticEffect::Cost(_) => Self::COST,
                            StaticEffect::Replace { .. } => Self::REPLACE,
                            StaticEffect::Hook(h) => match crate::rules::hooks::kind(*h) {
                                crate::rules::hooks::HookKind::Replacement => Self::REPLACE,
                            },
                            StaticEffect::Power { .. }
                            | StaticEffect::GainColor { .. }
                            | StaticEffect::GainKeyword { .. }
                            | StaticEffect::ContributesWhileExhausted
                            | StaticEffect::ColoredPower { .. }
                            | StaticEffect::FlipMore { .. }
                            | StaticEffect::IgnoreHighestFlip { .. }
                            | StaticEffect::FlipMoreThen { .. }
                            | StaticEffect::FaceoffTotal { .. }
                            | StaticEffect::FlippedInstead { .. }
                            | StaticEffect::GainTrait { .. }
                            | StaticEffect::LoseAbilities { .. }
                            | StaticEffect::GainChosenColor { .. }
                            | StaticEffect::LoseColors { .. }
                            | StaticEffect::OthersEnter { .. }
                            | StaticEffect::PlayAsFromHand
                            | StaticEffect::NoColorRequirement
                            | StaticEffect::GainColorsOf { .. }
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
                            | StaticEffect::OnlyWhile { .. } => Self::empty(),
                        }
                }
                Ability::Play { timing, .. } | Ability::PlayTimed { timing, .. } => match timing {
                    Timing::Phase(crate::ability::PhaseName::Main) => Self::PLAY_MAIN,
                    Timing::Phase(
                        crate::ability::PhaseName::Ready
                        | crate::ability::PhaseName::Troublemaker
                        | crate::ability::PhaseName::Score
                        | crate::ability::PhaseName::End,
                    )
                    | Timing::AnyPhase => Self::PLAY_PHASE,
                    Timing::Immediate => Self::PLAY_IMMEDIATE,
                    Timing::Faceoff(_) => Self::PLAY_FACEOFF,
                    Timing::Reaction { .. } => Self::PLAY_REACTION,
                },
                // Triggered abilities are indexed by the events they listen to
                // (`face_listens`).
                Ability::Triggered { .. }
                | Ability::Attach(_)
                | Ability::AsEntersPlay(_)
                | Ability::From(..)
                | Ability::PlayRequires(_)
                | Ability::PlayCost(_) => Self::empty(),
            };
        }
        if face
            .keywords
            .iter()
            .any(|&k| crate::ability::keyword::replacement(k).is_some())
        {
            f |= Self::REPLACE;
        }
        let prints = |k: fn(&Keyword) -> bool| face.keywords.iter().any(k);
        if prints(|k| matches!(k, Keyword::Showy(_))) {
            f |= Self::SHOWY;
        }
        if prints(|k| matches!(k, Keyword::Eccentric(_))) {
            f |= Self::ECCENTRIC;
        }
        if prints(|k| *k == Keyword::Swift) {
            f |= Self::SWIFT;
        }
        if face
            .abilities
            .iter()
            .any(|a| matches!(a, Ability::Triggered { .. }))
            || prints(|k| crate::ability::keyword::is_triggered(*k))
        {
            f |= Self::TRIGGERED;
        }
        f
    }

    pub fn has(self, k: FaceFacts) -> bool {
        self.intersects(k)
    }
}

/// The index of play: the cards in play listed under each kind of ability their face
/// has (each bit of [`FaceFacts`]), in the order they entered play, so that a scan for
/// one kind (cost changes, prohibitions, replacements, timed actions, static effects
/// of one kind) reads only the cards that can contribute and in the same order as a
/// scan of the whole play zone. A card is added as it enters play and taken out as it
/// leaves; the whole is worked out again when a card in play comes to show another
/// face (`Game::relist`). A card's face is read whether it is face-up or not, so a
/// face-down card is listed too (a superset is safe: the scans read its abilities,
/// which are none).
#[derive(Clone, Debug, Default)]
pub(crate) struct PlayIndex {
    /// The lists, one after another.
    cards: Vec<CardId>,
    /// Where each kind's list ends in `cards`.
    ends: [u32; FaceFacts::LISTS],
}

impl PlayIndex {
    /// The cards in play whose face has `kind` (one kind), in play order.
    pub(crate) fn list(&self, kind: FaceFacts) -> &[CardId] {
        debug_assert_eq!(kind.bits().count_ones(), 1, "one kind at a time");
        let i = kind.bits().trailing_zeros() as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.cards[start as usize..self.ends[i] as usize]
    }

    /// Lists a card that has just entered play (at the end of the play zone) under the
    /// kinds its face has, `facts`: at the end of each of those lists, as a rebuild would.
    pub(crate) fn add(&mut self, c: CardId, facts: FaceFacts) {
        for i in 0..FaceFacts::LISTS {
            if facts.has(FaceFacts::from_bits_retain(1 << i)) {
                self.cards.insert(self.ends[i] as usize, c);
                self.ends[i..].iter_mut().for_each(|e| *e += 1);
            }
        }
    }

    /// Takes a card that has left play out of every list.
    pub(crate) fn remove(&mut self, c: CardId) {
        if !self.cards.contains(&c) {
            return;
        }
        let (mut read, mut kept) = (0, 0);
        for end in self.ends.iter_mut() {
            while read < *end as usize {
                let x = self.cards[read];
                read += 1;
                if x != c {
                    self.cards[kept] = x;
                    kept += 1;
                }
            }
            *end = kept as u32;
        }
        self.cards.truncate(kept);
    }

    /// Lists the cards of `in_play` again, reading their faces' records with `facts`.
    pub(crate) fn rebuild(&mut self, in_play: &[CardId], facts: impl Fn(CardId) -> FaceFacts) {
        self.cards.clear();
        let any = in_play
            .iter()
            .fold(FaceFacts::empty(), |f, &c| f.union(facts(c)));
        for i in 0..FaceFacts::LISTS {
            let kind = FaceFacts::from_bits_retain(1 << i);
            if any.has(kind) {
                self.cards
                    .extend(in_play.iter().copied().filter(|&c| facts(c).has(kind)));
            }
            self.ends[i] = self.cards.len() as u32;
        }
    }
}
