//! 507.3 for the play requirements of an action list. Building the list asks whether each
//! card in hand meets its play requirements (205.1), and each requirement is a player's
//! power of one colour. The player's coloured characters are listed once, each one's
//! contribution is derived at most once, and a requirement stops adding as soon as it is
//! met (contributions are never negative), so the answers are those of
//! [`Game::power_of_color`] without deriving every character's power for each card and
//! each requirement. Nothing is kept beyond the list being built.

use crate::card::{Color, Colors};
use crate::game::Game;
use crate::ids::{CardId, PlayerId};
use std::cell::{Cell, OnceCell};

/// One of the player's characters with a colour: its colours, and its contribution once
/// some requirement has needed it.
struct Colored {
    card: CardId,
    colors: Colors,
    power: Cell<Option<u16>>,
}

/// One player's power of each colour, worked out as far as the requirements asked need.
pub(crate) struct ColorPowers<'g> {
    game: &'g Game,
    player: PlayerId,
    chars: OnceCell<Vec<Colored>>,
}

impl<'g> ColorPowers<'g> {
    pub(crate) fn new(game: &'g Game, player: PlayerId) -> ColorPowers<'g> {
        ColorPowers {
            game,
            player,
            chars: OnceCell::new(),
        }
    }

    /// The characters `p` controls in play that have a colour, in play order; only
    /// these add to a colour's power (507.3).
    fn chars(&self) -> &[Colored] {
        self.chars.get_or_init(|| {
            let g = self.game;
            g.st.in_play
                .iter()
                .filter(|&&c| g.card(c).controller == self.player && g.is_character(c))
                .filter_map(|&c| {
                    let colors = g.colors(c);
                    (!colors.is_empty()).then_some(Colored {
                        card: c,
                        colors,
                        power: Cell::new(None),
                    })
                })
                .collect()
        })
    }

    fn contribution(&self, k: &Colored) -> u16 {
        match k.power.get() {
            Some(n) => n,
            None => {
                let n = self.game.contribution(k.card);
                k.power.set(Some(n));
                n
            }
        }
    }

    /// Whether this player's [`Game::power_of_color`] of `color` is at least `need`.
    /// Contributions are never negative, so the sum stops growing toward `need` only
    /// upward: it stops as soon as it gets there, and the characters after are not
    /// derived.
    fn at_least(&self, color: Color, need: u16) -> bool {
        let mut sum = 0u32;
        for k in self.chars() {
            if sum >= need as u32 {
                break;
            }
            if k.colors.contains(color) {
                sum += self.contribution(k) as u32;
            }
        }
        sum >= need as u32
    }

    /// [`Game::power_of_color`] of this player.
    #[cfg(test)]
    pub(crate) fn of(&self, color: Color) -> u16 {
        self.chars()
            .iter()
            .filter(|k| k.colors.contains(color))
            .map(|k| self.contribution(k))
            .sum()
    }

    /// [`Game::meets_play_requirements`] of this player.
    pub(crate) fn meets_play_requirements(&self, card: CardId) -> bool {
        (self.game.no_color_requirement(card)
            || self
                .game
                .def(card)
                .play_reqs
                .iter()
                .all(|r| self.at_least(r.color, r.power)))
            && self.game.meets_play_conditions(self.player, card)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::two_player_setup;

    /// The one-pass sums and the per-colour sum of 507.3 agree at every decision of
    /// seeded random games, and so do the play requirements read from each.
    #[test]
    fn one_pass_color_powers_agree_with_power_of_color() {
        for seed in 0..6u64 {
            let mut g = Game::new(&two_player_setup(seed)).expect("the test kit's decks");
            g.set_logging(false);
            let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            let mut checked = 0;
            while g.num_actions() > 0 && g.turn() < 60 {
                for p in g.players() {
                    let powers = ColorPowers::new(&g, p);
                    for color in Color::ALL {
                        assert_eq!(powers.of(color), g.power_of_color(p, color));
                    }
                    for &c in &g.player(p).hand {
                        assert_eq!(
                            powers.meets_play_requirements(c),
                            g.meets_play_requirements(p, c)
                        );
                        checked += 1;
                    }
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                g.apply_action((x % g.num_actions() as u64) as usize)
                    .expect("a listed action");
            }
            assert!(checked > 0);
        }
    }
}
