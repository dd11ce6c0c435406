//! Conditions ("if", "while") and comparisons, read against the current state.

use crate::ability::script::*;
use crate::ability::trigger::Ctx;
use crate::game::Game;
use crate::ids::{PlayerId, Zone};
use crate::rules::layers::ALL_LAYERS;

impl Game {
    /// Whether two amounts compare as `cmp` says.
    pub(super) fn compares(&self, a: &Amount, cmp: Cmp, b: &Amount, ctx: &Ctx) -> bool {
        cmp.holds(self.amount(a, ctx) as i32, self.amount(b, ctx) as i32)
    }

    /// Whether a faceoff (of the given kind, if any) is going on.
    pub(crate) fn in_faceoff(&self, kind: Option<FaceoffType>) -> bool {
        match (&self.st.faceoff, kind) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(f), Some(kind)) => {
                use crate::state::FaceoffKind as K;
                // 512.4a: a faceoff an effect started is neither a Troublemaker faceoff
                // (unless it is a challenge, 608) nor a Problem faceoff (612).
                let of = match f.kind {
                    K::Troublemaker { .. } => Some(FaceoffType::Troublemaker),
                    K::Problem { .. } | K::MultiProblem { .. } => Some(FaceoffType::Problem),
                    K::ByEffect { .. } => None,
                };
                of == Some(kind)
            }
        }
    }

    /// Conditions ("if", "while") against the current state.
    pub fn holds(&self, cond: &Condition, ctx: &Ctx) -> bool {
        match cond {
            Condition::Exists(sel) => self.any_matching(sel, ctx),
            Condition::None(sel) => !self.any_matching(sel, ctx),
            Condition::AtLeast(n, sel) => self.count_matching(sel, ctx, *n as usize) >= *n as usize,
            Condition::Involved => self.involved_cards().contains(&ctx.source),
            Condition::InFaceoff(kind) => self.in_faceoff(*kind),
            Condition::AtAProblem => {
                self.card(ctx.source).zone == Zone::Play
                    && self.card(ctx.source).area.is_some_and(|a| a.is_problem())
            }
            Condition::YourTurn => self.st.turn_player == ctx.you,
            Condition::TurnOf(who) => self.names_player(*who, ctx, self.st.turn_player),
            Condition::ExcessPower => ctx
                .there
                .is_some_and(|a| self.confronts_with_excess(ctx.you, a)),
            Condition::ScoredThisPhase(n) => self.scored_this_phase(ctx.source) >= *n,
            Condition::Compare(a, cmp, b) => self.compares(a, *cmp, b, ctx),
            Condition::This(sel) => self.fits(ctx.source, sel, ctx),
            Condition::All(v) => v.iter().all(|c| self.holds(c, ctx)),
            Condition::Any(v) => v.iter().any(|c| self.holds(c, ctx)),
            Condition::Not(c) => !self.holds(c, ctx),
            Condition::Phase(p) => {
                crate::ability::trigger::phase_name(self.st.step.phase()) == Some(*p)
            }
            Condition::PowerOfColor(color, n) => {
                let layer = self.reading(ctx).unwrap_or(ALL_LAYERS);
                self.power_of_color_upto(ctx.you, *color, layer) >= *n
            }
            Condition::PowerAboveAll(sel) => {
                let layers = self.reading(ctx).unwrap_or(ALL_LAYERS);
                let Some(mine) = self.power_upto(ctx.source, layers) else {
                    return false;
                };
                self.matching(sel, ctx)
                    .into_iter()
                    .filter(|&c| c != ctx.source)
                    .all(|c| self.power_upto(c, layers).is_none_or(|p| mine > p))
            }
            Condition::MostPowerHere(who) => {
                let Some(area) = self.card(ctx.source).area else {
                    return false;
                };
                let power = |p: PlayerId| -> u32 {
                    self.characters_at(p, area)
                        .map(|c| {
                            self.contribution_upto(c, self.reading(ctx).unwrap_or(ALL_LAYERS))
                                as u32
                        })
                        .sum()
                };
                self.players_named(*who, ctx).into_iter().any(|p| {
                    let mine = power(p);
                    self.opponents(p).all(|o| power(o) < mine)
                })
            }
            Condition::HasMost(who, sel) => {
                let fitting = self.matching(sel, ctx);
                let count = |p: PlayerId| {
                    fitting
                        .iter()
                        .filter(|&&c| self.card(c).controller == p)
                        .count()
                };
                self.players_named(*who, ctx).into_iter().any(|p| {
                    let mine = count(p);
                    self.players().filter(|&o| o != p).all(|o| count(o) < mine)
                })
            }
            Condition::FaceoffHere => self
                .card(ctx.source)
                .area
                .is_some_and(|a| self.faceoff_at(a)),
            Condition::HostInvolved => self
                .card(ctx.source)
                .host
                .is_some_and(|h| self.involved_cards().contains(&h)),
            Condition::ItFits(sel) => ctx.it.is_some_and(|c| self.fits(c, sel, ctx)),
            Condition::FirstThisFaceoff => self
                .st
                .faceoff
                .as_ref()
                .is_some_and(|f| !f.used.contains(&ctx.source)),
            Condition::ThatPlayer(who) => {
                ctx.player.is_some_and(|p| self.names_player(*who, ctx, p))
            }
            Condition::ItDismissed => ctx.it.is_some_and(|c| self.was_dismissed(c)),
            // `Effect::ChooseCardType` rewrites it once a type is chosen.
            Condition::ItIsChosenType => false,
            // 201.1, 201.1a: the whole name, title and subtitle.
            Condition::ItIsNamed => ctx
                .it
                .zip(self.st.named)
                .is_some_and(|(c, n)| self.def(c).full_name() == self.def(n).full_name()),
            // `Effect::ChooseCounter` settles it once a counter is chosen.
            Condition::ChosenCounterIs(_) => false,
            Condition::WonByAtLeast(n) => ctx
                .player
                .and_then(|p| self.faceoff_margin(p))
                .is_some_and(|m| m >= *n),
            Condition::WonByExactly(n) => {
                ctx.player.and_then(|p| self.faceoff_margin(p)) == Some(*n)
            }
            Condition::OpponentChallenging => self.opponent_challenging(ctx.you),
            Condition::InvolvedAllColor(color) => self.involved_all_color(ctx.you, *color),
            Condition::AtLeastAtOneFaceoffArea(n, sel) => {
                let sel = Cards {
                    place: Some(Place::InPlay),
                    ..sel.clone()
                };
                let fitting = self.matching(&sel, ctx);
                self.faceoff_areas().into_iter().any(|a| {
                    fitting
                        .iter()
                        .filter(|&&c| self.card(c).area == Some(a))
                        .count()
                        >= *n as usize
                })
            }
        }
    }
}
