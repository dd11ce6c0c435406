//! 507.3 for every colour at once. Building an action list asks whether each card in hand
//! meets its play requirements (205.1), and each requirement is a player's power of one
//! colour; summing play once for all colours, when first needed, gives the same numbers
//! as [`Game::power_of_color`] without deriving every character's power and colours again
//! for each card and each requirement. Nothing is kept beyond the list being built.

use crate::card::Color;
use crate::game::Game;
use crate::ids::{CardId, PlayerId};
use std::cell::OnceCell;

/// One player's power of each colour, worked out on first use.
pub(crate) struct ColorPowers<'g> {
    game: &'g Game,
    player: PlayerId,
    sums: OnceCell<[u16; Color::ALL.len()]>,
}

impl<'g> ColorPowers<'g> {
    pub(crate) fn new(game: &'g Game, player: PlayerId) -> ColorPowers<'g> {
        ColorPowers {
            game,
            player,
            sums: OnceCell::new(),
        }
    }

    /// [`Game::power_of_color`] of this player.
    pub(crate) fn of(&self, color: Color) -> u16 {
        self.sums
            .get_or_init(|| self.game.color_power_sums(self.player))[color as usize]
    }

    /// [`Game::meets_play_requirements`] of this player.
    pub(crate) fn meets_play_requirements(&self, card: CardId) -> bool {
        self.game
            .def(card)
            .play_reqs
            .iter()
            .all(|r| self.of(r.color) >= r.power)
            && self.game.meets_play_conditions(self.player, card)
    }
}

impl Game {
    /// Each colour's sum of [`Game::power_of_color`]: every character `p` controls in
    /// play adds its contribution to each of its colours.
    fn color_power_sums(&self, p: PlayerId) -> [u16; Color::ALL.len()] {
        let mut sums = [0u16; Color::ALL.len()];
        for &c in &self.st.in_play {
            if self.card(c).controller != p || !self.is_character(c) {
                continue;
            }
            let colors = self.colors(c);
            if colors.is_empty() {
                continue;
            }
            let power = self.contribution(c);
            for color in colors.iter() {
                let s = &mut sums[color as usize];
                *s += power;
            }
        }
        sums
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
