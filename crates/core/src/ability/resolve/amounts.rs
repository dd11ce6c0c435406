//! Amounts: the numbers an instruction reads from the game.

use crate::ability::script::*;
use crate::ability::trigger::Ctx;
use crate::game::Game;
use crate::ids::Zone;
use crate::rules::layers::ALL_LAYERS;

impl Game {
    pub(crate) fn amount(&self, a: &Amount, ctx: &Ctx) -> i16 {
        let count = |n: usize| i16::try_from(n).unwrap_or(i16::MAX);
        match a {
            Amount::N(n) => *n,
            Amount::CountOf(sel) => count(self.count_matching(sel, ctx, usize::MAX)),
            Amount::BonusThere => ctx
                .there
                .and_then(|a| self.problem_at(a))
                .and_then(|p| self.problem_bonus(p))
                .map_or(0, |b| b as i16),
            Amount::Power(r) => self.card_ref(*r, ctx).map_or(0, |c| {
                if self.card(c).zone == Zone::Play {
                    self.power_upto(c, self.reading(ctx).unwrap_or(ALL_LAYERS))
                        .unwrap_or(0)
                } else {
                    // 701.3: a card that has left play, read as it was there (CG195).
                    let object = self.card(c).object;
                    self.st
                        .last_power
                        .iter()
                        .find(|&&(x, o, _)| x == c && o == object)
                        .map_or_else(|| self.face(c).power.unwrap_or(0), |&(_, _, p)| p)
                }
            }),
            Amount::PrintedPower(r) => self
                .card_ref(*r, ctx)
                .and_then(|c| self.face(c).power)
                .unwrap_or(0),
            Amount::Cost(r) => self
                .card_ref(*r, ctx)
                .and_then(|c| self.printed_cost(c))
                .map_or(0, i16::from),
            Amount::Colors(r) => self
                .card_ref(*r, ctx)
                .map_or(0, |c| count(self.colors_as_read(c, ctx).len())),
            Amount::Counters(r, name) => self
                .card_ref(*r, ctx)
                .map_or(0, |c| count(self.counters_named(c, name) as usize)),
            Amount::Beneath(r) => self
                .card_ref(*r, ctx)
                .map_or(0, |c| count(self.cards_beneath(c).len())),
            Amount::ColorsAmong(sel) => {
                let among = self
                    .matching(sel, ctx)
                    .into_iter()
                    .fold(crate::card::Colors::NONE, |all, c| {
                        all.union(self.colors_as_read(c, ctx))
                    });
                count(among.len())
            }
            Amount::Tokens(who) => count(
                self.players_named(*who, ctx)
                    .into_iter()
                    .map(|p| self.player(p).tokens as usize)
                    .sum(),
            ),
            Amount::Points(who) => count(
                self.players_named(*who, ctx)
                    .into_iter()
                    .map(|p| self.player(p).score as usize)
                    .sum(),
            ),
            Amount::HomeLimit(who) => self
                .players_named(*who, ctx)
                .into_iter()
                .map(|p| self.home_limit(p).map_or(i16::MAX, i16::from))
                .fold(0i16, i16::saturating_add),
            Amount::PlayedThisTurn(who) => {
                let named = self.players_named(*who, ctx);
                count(
                    self.st
                        .played
                        .iter()
                        .filter(|(p, _)| named.contains(p))
                        .count(),
                )
            }
            Amount::PlayedThisTurnOf(who, sel) => {
                let named = self.players_named(*who, ctx);
                let place = sel.place.unwrap_or(crate::ability::Place::Anywhere);
                count(
                    self.st
                        .played
                        .iter()
                        .filter(|&&(p, c)| named.contains(&p) && self.fits_in(c, sel, place, ctx))
                        .count(),
                )
            }
            Amount::DrawnThisTurn(who) => {
                let named = self.players_named(*who, ctx);
                count(self.st.drawn.iter().filter(|p| named.contains(p)).count())
            }
            Amount::MostPower(c) => self.powers_of(c, ctx).max().unwrap_or(0),
            Amount::LeastPower(c) => self.powers_of(c, ctx).min().unwrap_or(0),
            Amount::Sum(v) => v
                .iter()
                .fold(0i16, |t, x| t.saturating_add(self.amount(x, ctx))),
            Amount::Difference(x, y) => self.amount(x, ctx).saturating_sub(self.amount(y, ctx)),
            Amount::Times(n, x) => n.saturating_mul(self.amount(x, ctx)),
            Amount::Half(x, round) => {
                let v = self.amount(x, ctx);
                match round {
                    Round::Down => v.div_euclid(2),
                    Round::Up => v.saturating_add(1).div_euclid(2),
                }
            }
        }
    }

    /// The power of each card in play that fits, read as `Amount::Power` reads one.
    fn powers_of<'a>(&'a self, sel: &Cards, ctx: &'a Ctx) -> impl Iterator<Item = i16> + 'a {
        let upto = self.reading(ctx).unwrap_or(ALL_LAYERS);
        self.matching(sel, ctx)
            .into_iter()
            .filter(|&c| self.card(c).zone == Zone::Play)
            .map(move |c| self.power_upto(c, upto).unwrap_or(0))
    }
}
