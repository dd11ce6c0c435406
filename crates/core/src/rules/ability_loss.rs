//! Losing abilities: "loses and can't have abilities" (`StaticEffect::LoseAbilities`),
//! from a static ability or as a modifier with a duration. A card that has lost its
//! abilities has none while the modifier applies: printed, granted (Teamwork) or gained
//! (keywords from modifiers), so it triggers nothing, and its static abilities, keywords
//! and replacements do nothing (701.3 still says where abilities work; this says which
//! exist). 509.4a: an attachment's host description is not an ability it loses.
//!
//! A static ability making cards lose abilities is itself an ability that can be lost.
//! The modifiers apply in timestamp order (711.3): one applies only if its card had not
//! lost its abilities to an earlier one. Reading only earlier timestamps ends every
//! search, and two such cards facing each other both keep the earlier one's effect.
//! Descriptions and conditions of these abilities may not read characteristics that
//! modifiers change (power, colours, traits, keywords): whether a card has abilities is
//! decided before any of those, so a script that would need them is refused as the
//! catalogue loads and as a game is built ([`check`]).

use crate::ability::trigger::Ctx;
use crate::ability::{Ability, Effect, StaticEffect};
use crate::game::Game;
use crate::ids::{CardId, Zone};
use crate::rules::layers::{reads_cards, reads_condition, Kinds};

/// Whether an ability can make cards lose their abilities (a pool fact).
pub(crate) fn makes_lose(a: &Ability) -> bool {
    let lose = |e: &StaticEffect| matches!(e, StaticEffect::LoseAbilities { .. });
    match a {
        Ability::Static { effect, .. } => lose(effect),
        _ => {
            let mut found = false;
            crate::ability::tokens::each_effect(a, &mut |e| {
                found |= matches!(e, Effect::Until { effect, .. } if lose(effect));
            });
            found
        }
    }
}

/// Refuses a `LoseAbilities` static ability whose description or condition reads power,
/// colours, traits or keywords (see the module notes).
pub fn check(a: &Ability) -> Result<(), String> {
    if let Ability::Static {
        effect: StaticEffect::LoseAbilities { cards },
        condition,
    } = a
    {
        let reads = cards
            .as_ref()
            .map_or(Kinds::NONE, |c| reads_cards(c).kinds())
            .or(condition
                .as_ref()
                .map_or(Kinds::NONE, |c| reads_condition(c).kinds()));
        if reads != Kinds::NONE {
            return Err(
                "a LoseAbilities ability can't describe cards or its condition by \
                        power, colour, trait or keyword"
                    .into(),
            );
        }
    }
    Ok(())
}

impl Game {
    /// Whether card `c` has lost its abilities and can't have any now.
    #[inline]
    pub fn lacks_abilities(&self, c: CardId) -> bool {
        self.facts.lose_abilities && self.lost_before(c, u32::MAX)
    }

    /// Whether a `LoseAbilities` modifier with a timestamp before `before` applies to `c`.
    fn lost_before(&self, c: CardId, before: u32) -> bool {
        let k = self.card(c);
        if k.zone != Zone::Play {
            return false;
        }
        let by_modifier = self.st.modifiers.iter().any(|m| {
            m.target == c
                && m.object == k.object
                && m.timestamp < before
                && matches!(m.effect, StaticEffect::LoseAbilities { .. })
        });
        if by_modifier {
            return true;
        }
        self.st.in_play.iter().any(|&s| {
            let src = self.card(s);
            if src.face_down || src.object >= before {
                return false;
            }
            self.face(s).abilities.iter().any(|a| {
                let Ability::Static {
                    effect: StaticEffect::LoseAbilities { cards },
                    condition,
                } = a
                else {
                    return false;
                };
                let ctx = Ctx::printed(s, src.controller);
                let fits = match cards {
                    None => s == c,
                    Some(sel) => self.fits(c, sel, &ctx),
                };
                fits && condition.as_ref().is_none_or(|x| self.holds(x, &ctx))
                    && !self.lost_before(s, src.object)
            })
        })
    }
}
