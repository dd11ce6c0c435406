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
//! turn, so the two are interdependent (711.5): the earlier of them applies first. So the
//! condition is read against the characteristics all the other modifiers leave, with the
//! abilities of a card it would take them from counted only when that card is the
//! earlier object (a Problem in play before the Friend came: CG73 reads the power its
//! Problem gives); a card that became an object after the loss's card is read without
//! its abilities, which would only apply after the loss. While such a condition is being
//! read, no loss whose condition reads characteristics applies (`LATE`), so the reading
//! never comes back to itself; two such losses are read each without the other.

use crate::ability::trigger::Ctx;
use crate::ability::{Ability, Condition, Effect, StaticEffect};
use crate::game::Game;
use crate::ids::{CardId, Zone};
use crate::rules::layers::{reads_cards, reads_condition, Kinds};
use std::cell::Cell;

thread_local! {
    /// While the condition of a loss that reads characteristics is being read (see the
    /// module notes): the card with that loss and the loss's index among its face's
    /// abilities. Every such loss is left out of that reading.
    static LATE: Cell<Option<(CardId, u8)>> = const { Cell::new(None) };
}

/// Whether an ability loss's condition reads a characteristic modifiers change, so it is
/// read last (see the module notes).
fn reads_characteristics(condition: Option<&Condition>) -> bool {
    condition.is_some_and(|c| reads_condition(c).kinds() != Kinds::NONE)
}

/// Reads `f` as the condition of loss `index` of card `source`: with the losses whose
/// conditions read characteristics left out.
fn reading_late<T>(source: CardId, index: u8, f: impl FnOnce() -> T) -> T {
    struct Reset(Option<(CardId, u8)>);
    impl Drop for Reset {
        fn drop(&mut self) {
            LATE.with(|l| l.set(self.0));
        }
    }
    let _reset = Reset(LATE.with(|l| l.replace(Some((source, index)))));
    f()
}

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

    /// The abilities of card `s` as a loss of its own is looked for: its face's and
    /// those it took from another card as it entered play (AD202 taking LL72's). Not
    /// [`Game::abilities`], which asks whether `s` lost them; its caller asks that apart.
    fn own_abilities(&self, s: CardId) -> impl Iterator<Item = &Ability> + '_ {
        let borrowed: &[Ability] = match self.abilities_of(s) {
            Some(g) => &self.def(g).face.abilities,
            None => &[],
        };
        self.face(s).abilities.iter().chain(borrowed)
    }

    /// Whether the description of loss `index` of card `source` fits `c` (its condition
    /// aside).
    fn late_loss_selects(&self, source: CardId, index: u8, c: CardId) -> bool {
        match self.own_abilities(source).nth(index as usize) {
            Some(Ability::Static {
                effect: StaticEffect::LoseAbilities { cards },
                ..
            }) => match cards {
                None => source == c,
                Some(sel) => self.fits(c, sel, &self.ctx_of(source)),
            },
            _ => false,
        }
    }

    /// Whether a `LoseAbilities` modifier with a timestamp before `before` applies to `c`.
    fn lost_before(&self, c: CardId, before: u32) -> bool {
        let k = self.card(c);
        if k.zone != Zone::Play {
            return false;
        }
        let late_reading = LATE.with(Cell::get);
        if let Some((s, i)) = late_reading {
            // 711.5: a later card the loss being read would take abilities from has them
            // only after that loss applies.
            if s != c && k.object > self.card(s).object && self.late_loss_selects(s, i, c) {
                return true;
            }
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
            self.own_abilities(s).enumerate().any(|(i, a)| {
                let Ability::Static {
                    effect: StaticEffect::LoseAbilities { cards },
                    condition,
                } = a
                else {
                    return false;
                };
                let late = reads_characteristics(condition.as_ref());
                if late && late_reading.is_some() {
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
                            reading_late(s, i as u8, || self.holds(x, &ctx))
                        } else {
                            self.holds(x, &ctx)
                        }
                    })
            })
        })
    }
}
