//! 711: the order continuous modifiers apply in, and what each of them reads.
//!
//! Every continuous modifier the script language has adds something to a card: power,
//! a colour, a keyword or a trait. Their descriptions, amounts and "while" conditions may
//! read those same characteristics, and then one modifier depends on another (711.3b).
//!
//! When no card of a game's pool could ever write a characteristic that a modifier
//! reads, the order can't change any result, and every modifier reads printed values:
//! the fast path, which is nearly every game. Otherwise (`PoolFacts::layered`) the
//! modifiers in force are put in the 711 order, and each reads the characteristics as
//! the modifiers before it in that order left them (its "layer"). Reading only earlier
//! layers also means a modifier never depends on itself (711.5) and a derivation always
//! ends, whatever the cards say.

use crate::ability::{Ability, Amount, Cards, Condition, Effect, StaticEffect};
use crate::card::Colors;
use crate::game::Game;
use crate::ids::CardId;

/// Characteristics a modifier writes or reads, as a small set: what a game's pool could
/// ever touch ([`crate::pool::PoolFacts`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Kinds(u8);

bitflags::bitflags! {
    impl Kinds: u8 {
        const TRAITS = 1;
        const COLORS = 2;
        const KEYWORDS = 4;
        const POWER = 8;
    }
}

impl Kinds {
    pub const NONE: Kinds = Kinds::empty();

    pub fn or(self, o: Kinds) -> Kinds {
        self.union(o)
    }
    pub fn meets(self, o: Kinds) -> bool {
        self.intersects(o)
    }
}

/// Which characteristics a modifier writes or reads, finely enough to tell whether one
/// modifier can change another's result (711.3b): which traits and which colours by
/// name, power and keywords as wholes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Reach<'a> {
    power: bool,
    keywords: bool,
    colors: Colors,
    traits: Vec<&'a str>,
}

impl<'a> Reach<'a> {
    fn join(mut self, o: Reach<'a>) -> Reach<'a> {
        self.power |= o.power;
        self.keywords |= o.keywords;
        self.colors = self.colors.union(o.colors);
        self.traits.extend(o.traits);
        self
    }

    fn power() -> Reach<'a> {
        Reach {
            power: true,
            ..Reach::default()
        }
    }

    /// Whether what `self` reads is something `w` writes.
    pub(crate) fn meets(&self, w: &Reach) -> bool {
        (self.power && w.power)
            || (self.keywords && w.keywords)
            || self.colors.intersects(w.colors)
            || self
                .traits
                .iter()
                .any(|t| w.traits.iter().any(|u| t.eq_ignore_ascii_case(u)))
    }

    pub(crate) fn kinds(&self) -> Kinds {
        let mut k = Kinds::NONE;
        for (on, kind) in [
            (self.power, Kinds::POWER),
            (self.keywords, Kinds::KEYWORDS),
            (!self.colors.is_empty(), Kinds::COLORS),
            (!self.traits.is_empty(), Kinds::TRAITS),
        ] {
            if on {
                k = k.or(kind);
            }
        }
        k
    }
}

/// Reading every modifier in force: a card's current characteristics.
pub(crate) const ALL_LAYERS: u16 = u16::MAX;

/// What a continuous effect changes.
pub(crate) fn writes(e: &StaticEffect) -> Reach<'_> {
    match e {
        StaticEffect::Power { .. } => Reach::power(),
        StaticEffect::GainColor { color, .. } => Reach {
            colors: Colors::single(*color),
            ..Reach::default()
        },
        StaticEffect::GainKeyword { .. } | StaticEffect::LoseKeyword(_) => Reach {
            keywords: true,
            ..Reach::default()
        },
        // Whichever colours the cards had: all of them are taken away.
        StaticEffect::LoseColors { .. } => Reach {
            colors: Colors::of(&crate::card::Color::ALL),
            ..Reach::default()
        },
        // Whichever colour is chosen.
        StaticEffect::GainChosenColor { .. } => Reach {
            colors: Colors::of(&crate::card::Color::ALL),
            ..Reach::default()
        },
        StaticEffect::ColoredPower { colors, .. } => Reach {
            power: true,
            colors: Colors::of(colors),
            ..Reach::default()
        },
        StaticEffect::GainTrait { trait_, .. } => Reach {
            traits: vec![trait_.as_str()],
            ..Reach::default()
        },
        // Whichever colours the copied cards have.
        StaticEffect::GainColorsOf { .. } => Reach {
            colors: Colors::of(&crate::card::Color::ALL),
            ..Reach::default()
        },
        // None of these changes a characteristic.
        StaticEffect::Cost(_)
        | StaticEffect::ContributesWhileExhausted
        | StaticEffect::Prohibit(_)
        | StaticEffect::FlipMore { .. }
        | StaticEffect::IgnoreHighestFlip { .. }
        | StaticEffect::FlipMoreThen { .. }
        | StaticEffect::FaceoffTotal { .. }
        | StaticEffect::FlippedInstead { .. }
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
        | StaticEffect::MeetConfront { .. }
        | StaticEffect::ConfrontLess { .. }
        | StaticEffect::GainType(_)
        | StaticEffect::Control(_)
        | StaticEffect::HomeLimit { .. } => Reach::default(),
        StaticEffect::OnlyWhile { effect, .. } => writes(effect),
    }
}

/// What a description reads of the cards it tests.
pub(crate) fn reads_cards(c: &Cards) -> Reach<'_> {
    let mut r = Reach {
        power: c.power_at_least.is_some()
            || c.power_at_most.is_some()
            || c.power_vs.is_some()
            || c.power_vs_cost.is_some(),
        keywords: c.keyword.is_some(),
        colors: Colors::of(&c.any_color),
        traits: c
            .trait_
            .iter()
            .chain(&c.without_trait)
            .chain(c.any_trait.iter().flat_map(|t| t.0.iter()))
            .map(String::as_str)
            .collect(),
    };
    for color in [c.color, c.without_color, c.only_color]
        .into_iter()
        .flatten()
    {
        r.colors.insert(color);
    }
    if c.only_chosen_color {
        for color in crate::card::Color::ALL {
            r.colors.insert(color);
        }
    }
    for inner in [
        &c.attached_to,
        &c.has_attached,
        &c.without_attached,
        &c.most_attached,
    ]
    .into_iter()
    .flatten()
    {
        r = r.join(reads_cards(inner));
    }
    if let Some(vs) = &c.power_vs {
        r = r.join(reads_amount(&vs.1));
    }
    if let Some(vs) = &c.cost_vs {
        r = r.join(reads_amount(&vs.1));
    }
    if let Some(vs) = &c.printed_power_vs {
        r = r.join(reads_amount(&vs.1));
    }
    r
}

/// What a condition reads.
pub(crate) fn reads_condition(c: &Condition) -> Reach<'_> {
    match c {
        Condition::Exists(s)
        | Condition::None(s)
        | Condition::AtLeast(_, s)
        | Condition::ItFits(s)
        | Condition::This(s)
        | Condition::AtLeastAtOneFaceoffArea(_, s)
        | Condition::HasMost(_, s) => reads_cards(s),
        Condition::All(v) | Condition::Any(v) => v
            .iter()
            .fold(Reach::default(), |r, c| r.join(reads_condition(c))),
        Condition::Not(c) => reads_condition(c),
        Condition::PowerOfColor(color, _) => Reach {
            power: true,
            colors: Colors::single(*color),
            ..Reach::default()
        },
        Condition::PowerAboveAll(s) => reads_cards(s).join(Reach::power()),
        Condition::MostPowerHere(_)
        | Condition::ExcessPower
        | Condition::WonByAtLeast(_)
        | Condition::WonByExactly(_) => Reach::power(),
        Condition::InvolvedAllColor(color) => Reach {
            colors: Colors::single(*color),
            ..Reach::default()
        },
        Condition::Compare(a, _, b) => reads_amount(a).join(reads_amount(b)),
        Condition::Involved
        | Condition::InFaceoff(_)
        | Condition::AtAProblem
        | Condition::YourTurn
        | Condition::TurnOf(_)
        | Condition::ScoredThisPhase(_)
        | Condition::Phase(_)
        | Condition::FaceoffHere
        | Condition::HostInvolved
        | Condition::FirstThisFaceoff
        | Condition::ThatPlayer(_)
        | Condition::OpponentChallenging
        | Condition::ItDismissed
        | Condition::ItIsChosenType
        | Condition::ItIsNamed
        | Condition::ChosenCounterIs(_) => Reach::default(),
    }
}

pub(crate) fn reads_amount(a: &Amount) -> Reach<'_> {
    // Every colour, so any colour a modifier gives counts.
    let all_colors = || Reach {
        colors: Colors::of(&crate::card::Color::ALL),
        ..Reach::default()
    };
    match a {
        Amount::CountOf(c) | Amount::PlayedThisTurnOf(_, c) => reads_cards(c),
        Amount::Power(_) => Reach::power(),
        Amount::MostPower(c) | Amount::LeastPower(c) => Reach::power().join(reads_cards(c)),
        Amount::Colors(_) => all_colors(),
        Amount::ColorsAmong(c) => all_colors().join(reads_cards(c)),
        Amount::Sum(v) => v
            .iter()
            .fold(Reach::default(), |r, x| r.join(reads_amount(x))),
        Amount::Difference(x, y) => reads_amount(x).join(reads_amount(y)),
        Amount::Times(_, x) | Amount::Half(x, _) => reads_amount(x),
        Amount::N(_)
        | Amount::BonusThere
        | Amount::PrintedPower(_)
        | Amount::Cost(_)
        | Amount::Counters(..)
        | Amount::Beneath(_)
        | Amount::Tokens(_)
        | Amount::Points(_)
        | Amount::HomeLimit(_)
        | Amount::PlayedThisTurn(_)
        | Amount::DrawnThisTurn(_) => Reach::default(),
    }
}

/// What a static ability reads to decide which cards it applies to, whether it applies,
/// and by how much.
pub(crate) fn reads_static<'a>(e: &'a StaticEffect, condition: Option<&'a Condition>) -> Reach<'a> {
    let own = match e {
        StaticEffect::Power { cards, amount } => cards
            .as_ref()
            .map_or_else(Reach::default, reads_cards)
            .join(reads_amount(amount)),
        // It reads every colour of the cards it copies from.
        StaticEffect::GainColorsOf { cards, of } => cards
            .as_ref()
            .map_or_else(Reach::default, reads_cards)
            .join(reads_cards(of))
            .join(Reach {
                colors: Colors::of(&crate::card::Color::ALL),
                ..Reach::default()
            }),
        StaticEffect::GainColor { cards, .. }
        | StaticEffect::GainKeyword { cards, .. }
        | StaticEffect::ColoredPower { cards, .. }
        | StaticEffect::GainTrait { cards, .. }
        | StaticEffect::LoseColors { cards }
        | StaticEffect::GainChosenColor { cards } => {
            cards.as_ref().map_or_else(Reach::default, reads_cards)
        }
        // Abilities of the card itself, with nothing to select.
        StaticEffect::ContributesWhileExhausted
        | StaticEffect::FlipMore { .. }
        | StaticEffect::IgnoreHighestFlip { .. }
        | StaticEffect::FlipMoreThen { .. }
        | StaticEffect::FaceoffTotal { .. }
        | StaticEffect::FlippedInstead { .. } => Reach::default(),
        // Not in the 711 order (`is_characteristic`): they read current values where
        // their actions happen, after every modifier has applied.
        StaticEffect::Cost(_)
        | StaticEffect::Prohibit(_)
        | StaticEffect::Replace { .. }
        | StaticEffect::LoseAbilities { .. }
        | StaticEffect::OthersEnter { .. }
        | StaticEffect::PlayAsFromHand
        | StaticEffect::NoColorRequirement
        | StaticEffect::Hook(_)
        | StaticEffect::ProblemBonus(_)
        | StaticEffect::RevealTopOfDeck
        | StaticEffect::MayLookAt(_)
        | StaticEffect::TroublemakersDontBlock
        | StaticEffect::HomeLimit { .. } => Reach::default(),
        StaticEffect::OutsideHomeLimit(cards) | StaticEffect::Control(cards) => reads_cards(cards),
        // Modifiers only, read where keywords and confronting are.
        StaticEffect::LoseKeyword(_) | StaticEffect::GainType(_) => Reach::default(),
        StaticEffect::ConfrontLess { .. } => Reach::default(),
        StaticEffect::MeetConfront { condition, .. } => condition
            .as_ref()
            .map_or_else(Reach::default, reads_condition),
        StaticEffect::OnlyWhile { cond, effect } => {
            reads_static(effect, None).join(reads_condition(cond))
        }
    };
    own.join(condition.map_or_else(Reach::default, reads_condition))
}

/// What an ability can ever read and write through continuous modifiers: its own static
/// effect, and the modifiers with a duration its instructions create (those are fixed to
/// one card as they are made, 708.2b, so they only write).
pub(crate) fn ability_kinds(a: &Ability) -> (Kinds, Kinds) {
    fn in_effects(v: &[Effect]) -> Kinds {
        let (mut held, mut created) = (Kinds::NONE, Kinds::NONE);
        for e in v {
            e.parts(
                |nested| held = held.or(in_effects(nested)),
                |effect| created = created.or(writes(effect).kinds()),
            );
        }
        held.or(created)
    }
    match a {
        // Prohibitions and the like are not in the order: they read current values.
        Ability::Static { effect, .. } if !is_characteristic(effect) => (Kinds::NONE, Kinds::NONE),
        Ability::Static { effect, condition } => (
            reads_static(effect, condition.as_ref()).kinds(),
            writes(effect).kinds(),
        ),
        Ability::Triggered { effects, .. }
        | Ability::Activated { effects, .. }
        | Ability::ActivatedByAny { effects, .. }
        | Ability::Play { effects, .. } => (Kinds::NONE, in_effects(effects)),
        Ability::PlayTimed { then, .. } => (Kinds::NONE, in_effects(then)),
        // Colours an entry chose are read as the card's printed ones.
        Ability::Attach(_)
        | Ability::AsEntersPlay(_)
        | Ability::PlayRequires(_)
        | Ability::PlayCost(_) => (Kinds::NONE, Kinds::NONE),
        // Out of play no characteristic is changed.
        Ability::From(..) => (Kinds::NONE, Kinds::NONE),
    }
}

/// Where a continuous modifier in force comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The static ability at this index among the card's abilities.
    Static(CardId, u8),
    /// The modifier at this index of `State::modifiers`.
    Modifier(u16),
}

struct InForce<'a> {
    origin: Origin,
    timestamp: u32,
    /// 711.6: the order among modifiers with the same timestamp (a card's static
    /// abilities start together), as their controller chose it.
    rank: u16,
    reads: Reach<'a>,
    writes: Reach<'a>,
}

/// Whether effects_on passes a static effect on to the derived values (the rest are read
/// where their actions happen).
pub(crate) fn is_characteristic(e: &StaticEffect) -> bool {
    match e {
        StaticEffect::Power { .. }
        | StaticEffect::GainColor { .. }
        | StaticEffect::GainKeyword { .. }
        | StaticEffect::ColoredPower { .. }
        | StaticEffect::GainTrait { .. }
        | StaticEffect::GainChosenColor { .. }
        | StaticEffect::LoseColors { .. }
        | StaticEffect::ContributesWhileExhausted
        | StaticEffect::FlipMore { .. }
        | StaticEffect::IgnoreHighestFlip { .. }
        | StaticEffect::FlipMoreThen { .. }
        | StaticEffect::FaceoffTotal { .. }
        | StaticEffect::FlippedInstead { .. }
        | StaticEffect::GainColorsOf { .. } => true,
        StaticEffect::Cost(_)
        | StaticEffect::Prohibit(_)
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
        | StaticEffect::Control(_) => false,
        // Read where its effect's action happens (only `Prohibit` for now).
        StaticEffect::OnlyWhile { .. } => false,
    }
}

impl Game {
    /// 711.3–711.5: the continuous modifiers in force, in the order they apply. A static
    /// ability's timestamp is when its card became the object it is (entering play or
    /// turning face-up, 410.6); a modifier with a duration has the one it was made with.
    /// Each step applies the earliest modifier that depends on no modifier still
    /// waiting (711.3, 711.4); when every one waiting depends on another, they are
    /// interdependent and the earliest goes first (711.5).
    pub(crate) fn modifier_order(&self) -> Vec<Origin> {
        let mut waiting: Vec<InForce> = Vec::new();
        for &s in self.in_play_with(crate::pool::FaceFacts::STATIC) {
            let chosen: &[u8] = self.entered(s).map_or(&[], |r| &r.statics);
            for (i, a) in self.abilities(s).iter().enumerate() {
                if let Ability::Static { effect, condition } = a {
                    if is_characteristic(effect) {
                        let i = i as u8;
                        let rank = chosen
                            .iter()
                            .position(|&x| x == i)
                            .unwrap_or(chosen.len() + i as usize);
                        waiting.push(InForce {
                            origin: Origin::Static(s, i),
                            timestamp: self.card(s).object,
                            rank: rank as u16,
                            reads: reads_static(effect, condition.as_ref()),
                            writes: writes(effect),
                        });
                    }
                }
            }
        }
        for (j, m) in self.st.modifiers.iter().enumerate() {
            waiting.push(InForce {
                origin: Origin::Modifier(j as u16),
                timestamp: m.timestamp,
                rank: 0,
                reads: Reach::default(),
                writes: writes(&m.effect),
            });
        }
        waiting.sort_by_key(|m| (m.timestamp, m.rank));
        let mut order = Vec::with_capacity(waiting.len());
        while !waiting.is_empty() {
            let free = (0..waiting.len()).find(|&i| {
                !waiting
                    .iter()
                    .enumerate()
                    .any(|(j, o)| j != i && waiting[i].reads.meets(&o.writes))
            });
            let m = waiting.remove(free.unwrap_or(0));
            order.push(m.origin);
        }
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_reads_what_its_fields_test() {
        let sel = Cards {
            trait_: Some("Unicorn".into()),
            attached_to: Some(Box::new(Cards {
                power_at_least: Some(3),
                ..Cards::default()
            })),
            ..Cards::default()
        };
        let k = reads_cards(&sel).kinds();
        assert!(k.meets(Kinds::TRAITS) && k.meets(Kinds::POWER));
        assert!(!k.meets(Kinds::COLORS));
        let unicorn = StaticEffect::GainTrait {
            cards: None,
            trait_: "unicorn".into(),
        };
        let pegasus = StaticEffect::GainTrait {
            cards: None,
            trait_: "Pegasus".into(),
        };
        assert!(reads_cards(&sel).meets(&writes(&unicorn)));
        assert!(!reads_cards(&sel).meets(&writes(&pegasus)));
    }
}
