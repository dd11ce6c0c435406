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
//! Descriptions of these abilities may not read characteristics that modifiers change
//! (power, colours, traits, keywords): which cards an ability loss describes is decided
//! before any of those, so a script that would need them is refused as the catalogue
//! loads and as a game is built ([`check`]).
//!
//! A condition may read them (CG73: "while this card has more power than every other
//! Friend here, its Problem loses its abilities"). Such a loss depends on every modifier
//! that changes what its condition reads (711.3b), so it applies after them (711.4); the
//! abilities it would take away are among those, and whether they exist depends on it in
//! turn, so the two are interdependent (711.5). The engine settles this one way for every
//! such loss: its condition is read against the characteristics that all the other
//! modifiers leave, the abilities it would take away included, and only then does it take
//! them away; while such a condition is being read, no loss whose condition reads
//! characteristics applies (`LATE`), so the reading never comes back to itself. This is
//! 711.5 when the card losing its abilities has the earlier timestamp, as a Problem
//! nearly always has against a Friend that came to it; when the Problem is the later one
//! (put into play under a Friend already there), 711.5 would apply the loss first and
//! the engine still reads it last.

use crate::ability::trigger::Ctx;
use crate::ability::{Ability, Condition, Effect, StaticEffect};
use std::cell::Cell;

thread_local! {
    /// Set while the condition of a loss that reads characteristics is being read (see
    /// the module notes): every such loss is left out of that reading.
    static LATE: Cell<bool> = const { Cell::new(false) };
}

/// Whether an ability loss's condition reads a characteristic modifiers change, so it is
/// read last (see the module notes).
fn reads_characteristics(condition: Option<&Condition>) -> bool {
    condition.is_some_and(|c| reads_condition(c).kinds() != Kinds::NONE)
}

/// Reads `f` with the losses whose conditions read characteristics left out.
fn without_late<T>(f: impl FnOnce() -> T) -> T {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            LATE.with(|l| l.set(self.0));
        }
    }
    let _reset = Reset(LATE.with(|l| l.replace(true)));
    f()
}
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

/// Refuses a `LoseAbilities` static ability whose description reads power, colours,
/// traits or keywords (see the module notes; its condition may), and a `LoseColors` one
/// whose description or condition does:
/// Supportive and Prismatic ask whether a card lost its colours while power and colours
/// are being derived, so that answer may not need them (AD166 reads who controls a card
/// and where it is).
pub fn check(a: &Ability) -> Result<(), String> {
    if let Ability::Static {
        effect: StaticEffect::LoseColors { cards },
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
                "a LoseColors ability can't describe cards or its condition by power, \
                        colour, trait or keyword"
                    .into(),
            );
        }
    }
    if let Ability::Static {
        effect: StaticEffect::LoseAbilities { cards },
        ..
    } = a
    {
        let reads = cards
            .as_ref()
            .map_or(Kinds::NONE, |c| reads_cards(c).kinds());
        if reads != Kinds::NONE {
            return Err(
                "a LoseAbilities ability can't describe cards by power, colour, trait or \
                        keyword"
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
                let late = reads_characteristics(condition.as_ref());
                if late && LATE.with(Cell::get) {
                    return false;
                }
                let ctx = Ctx::printed(s, src.controller);
                let fits = match cards {
                    None => s == c,
                    Some(sel) => self.fits(c, sel, &ctx),
                };
                fits && !self.lost_before(s, src.object)
                    && condition.as_ref().is_none_or(|x| {
                        if late {
                            without_late(|| self.holds(x, &ctx))
                        } else {
                            self.holds(x, &ctx)
                        }
                    })
            })
        })
    }
}
