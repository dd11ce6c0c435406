//! Prohibitions (104.2): static abilities saying something can't happen. A "can't" wins
//! over anything trying to make the thing happen, so each is checked where its action is
//! decided: moving (506, in `can_go_to` and `may_move`), playing a card to an area
//! (609.2a), dismissing (410.1, in `can_happen`) and confronting (611.1). Requirement
//! changes for confronting (611.2) live here too.

use crate::ability::trigger::Ctx;
use crate::ability::{Ability, Cards, Place, Prohibition, StaticEffect, Who};
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId};

impl Game {
    /// Whether any prohibition in force (from a face-up card in play whose condition
    /// holds) passes `test`. Conditions read `It` as `it`, the card concerned.
    fn any_prohibition(
        &self,
        it: Option<CardId>,
        mut test: impl FnMut(&Prohibition, &Ctx) -> bool,
    ) -> bool {
        if !self
            .facts
            .static_kinds
            .has(crate::pool::StaticKinds::PROHIBIT)
        {
            return false;
        }
        for &s in &self.st.in_play {
            for a in self.abilities(s) {
                if let Ability::Static {
                    effect: StaticEffect::Prohibit(p),
                    condition,
                } = a
                {
                    let ctx = Ctx {
                        printed: true,
                        layer: crate::rules::layers::ALL_LAYERS,
                        source: s,
                        you: self.card(s).controller,
                        it,
                        there: None,
                        player: None,
                    };
                    if condition.as_ref().is_none_or(|c| self.holds(c, &ctx)) && test(p, &ctx) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether `who` (from `ctx`'s point of view) names player `p`; "your opponents"
    /// names every opponent.
    pub(crate) fn names_player(&self, who: Who, ctx: &Ctx, p: PlayerId) -> bool {
        match who {
            Who::ItsController => ctx.it.is_some_and(|c| self.card(c).controller == p),
            Who::ThatPlayer => ctx.player == Some(p),
            Who::ThatPlayersOpponent => ctx.player.is_some_and(|x| x != p),
            plain => crate::ability::trigger::names(plain, p, ctx.you),
        }
    }

    /// 104.2, 506: whether something forbids moving `card` to `to`. With no mover
    /// known (`by` is `None`), only prohibitions that hold whoever moves it count; the
    /// mover's own are checked where the move is chosen ([`Game::may_move`]).
    pub(crate) fn move_prohibited(&self, card: CardId, to: Area, by: Option<PlayerId>) -> bool {
        let from = self.card(card).area;
        self.any_prohibition(Some(card), |p, ctx| match p {
            Prohibition::Move { cards, by: who } => {
                let fits = match cards {
                    None => card == ctx.source,
                    Some(sel) => self.fits(card, sel, ctx),
                };
                fits && match by {
                    Some(m) => self.names_player(*who, ctx, m),
                    None => *who == Who::Each,
                }
            }
            Prohibition::MoveAway(sel) => {
                let here = self.card(ctx.source).area;
                here.is_some() && from == here && Some(to) != here && self.fits(card, sel, ctx)
            }
            _ => false,
        })
    }

    /// 506.2, 104.2: whether player `by` may move `card` to `to` (by a Move action or an
    /// effect they control). Sending (506.5) is not moving and ignores these.
    pub fn may_move(&self, by: PlayerId, card: CardId, to: Area) -> bool {
        self.can_go_to(card, to, true) && !self.move_prohibited(card, to, Some(by))
    }

    /// 104.2: whether something forbids `p` playing `card` at all, wherever to.
    pub fn card_play_prohibited(&self, p: PlayerId, card: CardId) -> bool {
        self.facts.play_bans
            && self.any_prohibition(Some(card), |pr, ctx| self.bans_play(pr, ctx, p, card))
    }

    /// Whether prohibition `pr` is one forbidding `p` to play `card` anywhere.
    fn bans_play(&self, pr: &Prohibition, ctx: &Ctx, p: PlayerId, card: CardId) -> bool {
        match pr {
            Prohibition::Play { cards, by } => {
                let sel = Cards {
                    place: Some(Place::Hand),
                    ..cards.clone()
                };
                self.names_player(*by, ctx, p) && self.fits(card, &sel, ctx)
            }
            _ => false,
        }
    }

    /// 104.2: whether something forbids `p` playing `card` to `to`.
    pub fn play_prohibited(&self, p: PlayerId, card: CardId, to: Area) -> bool {
        self.any_prohibition(Some(card), |pr, ctx| match pr {
            Prohibition::Play { .. } => self.bans_play(pr, ctx, p, card),
            Prohibition::PlayHere { cards, by } => {
                let mut sel = cards.clone();
                sel.place = Some(Place::Hand);
                self.card(ctx.source).area == Some(to)
                    && self.names_player(*by, ctx, p)
                    && self.fits(card, &sel, ctx)
            }
            _ => false,
        })
    }

    /// 104.2, 104.3: whether something forbids dismissing `card` (never the game's own
    /// dismissals; the caller leaves those out).
    pub fn dismiss_prohibited(&self, card: CardId) -> bool {
        self.any_prohibition(Some(card), |pr, ctx| match pr {
            Prohibition::Dismiss(sel) => self.fits(card, sel, ctx),
            _ => false,
        })
    }

    /// 104.2, 611.1: whether something forbids `p` confronting the Problem at `area`.
    pub fn confront_prohibited(&self, p: PlayerId, area: Area) -> bool {
        self.any_prohibition(None, |pr, ctx| match pr {
            Prohibition::Confront {
                by,
                unless_characters,
            } => {
                self.card(ctx.source).area == Some(area)
                    && self.names_player(*by, ctx, p)
                    && self.characters_at(p, area).count() < *unless_characters as usize
            }
            _ => false,
        })
    }

    /// 611.2: how much more power (less when negative) `p`'s own cards at a Problem
    /// say `p` needs to confront it.
    pub(crate) fn own_requirement_change(&self, p: PlayerId, area: Area) -> i16 {
        if !self
            .facts
            .static_kinds
            .has(crate::pool::StaticKinds::NEED_POWER)
        {
            return 0;
        }
        let mut change = 0i16;
        for c in self.at(area) {
            if self.card(c).controller != p {
                continue;
            }
            for a in self.abilities(c) {
                if let Ability::Static {
                    effect: StaticEffect::NeedPower(n),
                    condition,
                } = a
                {
                    let ctx = Ctx {
                        printed: true,
                        layer: crate::rules::layers::ALL_LAYERS,
                        source: c,
                        you: p,
                        it: None,
                        there: Some(area),
                        player: None,
                    };
                    if condition.as_ref().is_none_or(|x| self.holds(x, &ctx)) {
                        change = change.saturating_add(*n);
                    }
                }
            }
        }
        change
    }
}
