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
