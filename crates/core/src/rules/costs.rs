//! Cost changes ([`StaticEffect::Cost`]): what playing a card, moving a character, the
//! Main Phase draw and rally actions (609.2) and confronting a Problem (611.2) cost a
//! player. Every cost is worked out the same way (705.2b): the base cost, then every
//! opposing change, never below none, then the player's own.

use crate::ability::trigger::{names, Ctx};
use crate::ability::{Ability, CostChange, CostPlace, CostedAction, Place, StaticEffect};
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId};
use crate::pool::{FaceFacts, StaticKinds};

/// What an action is about, for the changes to test.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Acting {
    /// The card played, moved or rallied.
    pub card: Option<CardId>,
    /// Where the action takes place: the area played to, moved to (or, for
    /// `MoveAway`, moved from), or confronted at. `None`: not known, so changes scoped
    /// to a place don't count.
    pub at: Option<Area>,
    /// The host an attachment is played on.
    pub host: Option<CardId>,
}

impl Game {
    /// 705.2b: the changes in force to what `action` costs `p`, as (what opposing cards
    /// change, what `p`'s own cards change).
    #[inline]
    pub(crate) fn cost_changes(&self, action: CostedAction, p: PlayerId, on: Acting) -> (i16, i16) {
        // Asked for every move and play offered: most often no card in play has one.
        let (opposing, own) = match self.cost_changers(action) {
            [] => (0, 0),
            scan => self.cost_changes_of(scan, action, p, on),
        };
        let own = match on.card {
            Some(c) if self.facts.hand_costs && action == CostedAction::Play => {
                own.saturating_add(self.own_hand_cost_change(c, p, on))
            }
            Some(_) | None => own,
        };
        if self.st.modifiers.is_empty() {
            return (opposing, own);
        }
        let (more_opposing, more_own) = self.modifier_cost_changes(action, p, on);
        (
            opposing.saturating_add(more_opposing),
            own.saturating_add(more_own),
        )
    }

    /// [`Game::cost_changes`] given by effects for a while (`Effect::Until` with a
    /// `StaticEffect::Cost`, CG42): read as the changed card's own, its area being
    /// "here", with players named from the view of the effect's controller, whose
    /// change it is (705.2b: opposing or own).
    fn modifier_cost_changes(&self, action: CostedAction, p: PlayerId, on: Acting) -> (i16, i16) {
        let (mut opposing, mut own) = (0i16, 0i16);
        for m in &self.st.modifiers {
            let StaticEffect::Cost(change) = &m.effect else {
                continue;
            };
            if change.action != action || self.card(m.target).object != m.object {
                continue;
            }
            let ctx = Ctx {
                player: Some(p),
                ..Ctx::printed(m.target, m.controller)
            };
            if self.change_applies(change, &ctx, p, on) {
                if m.controller == p {
                    own = own.saturating_add(change.amount);
                } else {
                    opposing = opposing.saturating_add(change.amount);
                }
            }
        }
        (opposing, own)
    }

    /// What the card being played changes of its own cost while in its owner's hand
    /// (`From(Hand, Static(Cost(..)))`, CG30): the owner's own change (705.2b), read
    /// with the area it is played to as "there", so a count of cards `There` counts
    /// the cards at that area; nothing when the area is not known yet.
    fn own_hand_cost_change(&self, c: CardId, p: PlayerId, on: Acting) -> i16 {
        let k = self.card(c);
        if k.owner != p {
            return 0;
        }
        let in_hand = k.zone == crate::ids::Zone::Hand;
        let mut own = 0i16;
        for a in &self.face(c).abilities {
            // `PlayCost` is read wherever the card is played from (CG30 from a discard
            // pile); `From(Hand, ..)` only in the hand.
            let (change, condition) = match a {
                Ability::PlayCost(change) => (&**change, &None),
                Ability::From(crate::ability::OutOfPlay::Hand, inner) if in_hand => {
                    let Ability::Static {
                        effect: StaticEffect::Cost(change),
                        condition,
                    } = &**inner
                    else {
                        continue;
                    };
                    (&**change, condition)
                }
                Ability::From(..)
                | Ability::Static { .. }
                | Ability::Triggered { .. }
                | Ability::Activated { .. }
                | Ability::ActivatedByAny { .. }
                | Ability::Attach(_)
                | Ability::Play { .. }
                | Ability::AsEntersPlay(_)
                | Ability::PlayRequires(_)
                | Ability::PlayTimed { .. } => continue,
            };
            if change.action != CostedAction::Play {
                continue;
            }
            let ctx = Ctx {
                player: Some(p),
                there: on.at,
                ..Ctx::printed(c, p)
            };
            if self.change_applies(change, &ctx, p, on)
                && condition.as_ref().is_none_or(|w| self.holds(w, &ctx))
            {
                let amount = match &change.times {
                    None => change.amount,
                    Some(n) => change.amount.saturating_mul(self.amount(n, &ctx)),
                };
                own = own.saturating_add(amount);
            }
        }
        own
    }

    /// The cards in play that may change what `action` costs.
    #[inline]
    fn cost_changers(&self, action: CostedAction) -> &[CardId] {
        let kind = StaticKinds::of_action(action);
        if self.facts.static_kinds.has(kind) {
            self.in_play_with(FaceFacts::statics(kind))
        } else {
            &[]
        }
    }

    /// The highest "to a minimum of N" among the changes in force on what `action`
    /// costs `p` (`None`: no change sets one).
    pub(crate) fn cost_floor(&self, action: CostedAction, p: PlayerId, on: Acting) -> Option<i16> {
        match self.cost_changers(action) {
            [] => None,
            scan => self.cost_changes_scan(scan, action, p, on).2,
        }
    }

    /// [`Game::cost_changes`] of the cards `scan`.
    fn cost_changes_of(
        &self,
        scan: &[CardId],
        action: CostedAction,
        p: PlayerId,
        on: Acting,
    ) -> (i16, i16) {
        let (opposing, own, _) = self.cost_changes_scan(scan, action, p, on);
        (opposing, own)
    }

    /// The opposing and own changes of the cards `scan`, and the highest floor among
    /// them.
    fn cost_changes_scan(
        &self,
        scan: &[CardId],
        action: CostedAction,
        p: PlayerId,
        on: Acting,
    ) -> (i16, i16, Option<i16>) {
        let (mut opposing, mut own) = (0i16, 0i16);
        let mut floor: Option<i16> = None;
        for &s in scan {
            for a in self.abilities(s) {
                let Ability::Static {
                    effect: StaticEffect::Cost(change),
                    condition,
                } = a
                else {
                    continue;
                };
                if change.action != action {
                    continue;
                }
                let owner = self.card(s).controller;
                // Continuous effects read printed values here, as they always have (711.5).
                // "That player" is the paying player ("the player with the most …
                // pays less", CG171).
                let ctx = Ctx {
                    player: Some(p),
                    ..Ctx::printed(s, owner)
                };
                if self.change_applies(change, &ctx, p, on)
                    && condition.as_ref().is_none_or(|c| self.holds(c, &ctx))
                {
                    if let Some(m) = change.minimum {
                        floor = Some(floor.map_or(m, |f| f.max(m)));
                    }
                    let amount = match &change.times {
                        None => change.amount,
                        Some(n) => change.amount.saturating_mul(self.amount(n, &ctx)),
                    };
                    if owner == p {
                        own = own.saturating_add(amount);
                    } else {
                        opposing = opposing.saturating_add(amount);
                    }
                }
            }
        }
        (opposing, own, floor)
    }

    /// Whether a change of a card (seen through `ctx`) applies to `p` taking its action.
    fn change_applies(&self, ch: &CostChange, ctx: &Ctx, p: PlayerId, on: Acting) -> bool {
        // The cheap tests first: most changes are told apart by who pays and where.
        if !names(ch.payer, p, ctx.you) {
            return false;
        }
        let place_ok = match ch.at {
            CostPlace::Anywhere => true,
            // The draw action takes place nowhere in particular.
            CostPlace::Here if ch.action == CostedAction::Draw => true,
            CostPlace::Here => on.at.is_some() && self.card(ctx.source).area == on.at,
            CostPlace::AProblem => on.at.is_some_and(|a| a.is_problem()),
        };
        if !place_ok {
            return false;
        }
        let card_ok = match (&ch.cards, on.card) {
            (None, _) => true,
            (Some(sel), Some(c)) => match ch.action {
                // A card being played is read where it is, in its player's hand.
                CostedAction::Play => self.fits_in(c, sel, Place::Hand, ctx),
                CostedAction::MoveTo
                | CostedAction::MoveAway
                | CostedAction::Rally
                | CostedAction::Challenge
                | CostedAction::Draw
                | CostedAction::Confront => self.fits(c, sel, ctx),
            },
            (Some(_), None) => false,
        };
        let host_ok = || match &ch.on {
            None => true,
            Some(sel) => on.host.is_some_and(|h| self.fits(h, sel, ctx)),
        };
        card_ok
            && host_ok()
            && ch.against.as_ref().is_none_or(|cond| {
                self.opponents(p)
                    .take(1)
                    .any(|o| self.holds(cond, &Ctx { you: o, ..*ctx }))
            })
    }

    /// 705.2b: `base` with the changes applied in order: opposing first (never below
    /// none), then the player's own, and the whole never below none.
    pub(crate) fn ordered_cost(base: i16, (opposing, own): (i16, i16)) -> i16 {
        (base.saturating_add(opposing).max(0))
            .saturating_add(own)
            .max(0)
    }

    /// What playing the Troublemaker `card` face-down to the Problem at `to` costs `p`:
    /// 609.2c's token with the play cost changes in force (705.2b), opposing first.
    pub(crate) fn troublemaker_cost(&self, p: PlayerId, card: CardId, to: Area) -> u16 {
        let changes = self.cost_changes(
            CostedAction::Play,
            p,
            Acting {
                card: Some(card),
                at: Some(to),
                host: None,
            },
        );
        Self::ordered_cost(crate::rules::main_phase::TROUBLEMAKER_COST as i16, changes) as u16
    }

    /// What a Main Phase action with a fixed base cost (609.2d, 609.2e) costs `p`.
    pub(crate) fn action_cost(
        &self,
        action: CostedAction,
        p: PlayerId,
        base: u16,
        card: Option<CardId>,
    ) -> u16 {
        let on = Acting {
            card,
            at: card.and_then(|c| self.card(c).area),
            host: None,
        };
        let changes = self.cost_changes(action, p, on);
        let cost = Self::ordered_cost(base as i16, changes);
        // "To a minimum of N": the cost before the changes that set it, if lower, stays.
        let cost = match self.cost_floor(action, p, on) {
            Some(m) => cost.max(m.min(Self::ordered_cost(base as i16, (changes.0, 0)))),
            None => cost,
        };
        cost as u16
    }

    /// 609.2b: what the changes in force add to the cost for `p` of moving `card` to
    /// `to` (moving to `to`, and away from where it is).
    pub(crate) fn move_changes(&self, p: PlayerId, card: CardId, to: Area) -> i16 {
        // Moving to and away share a kind, so one look tells for both.
        if self.cost_changers(CostedAction::MoveTo).is_empty() {
            return 0;
        }
        let (a, b) = self.cost_changes(
            CostedAction::MoveTo,
            p,
            Acting {
                card: Some(card),
                at: Some(to),
                host: None,
            },
        );
        let (c, d) = self.cost_changes(
            CostedAction::MoveAway,
            p,
            Acting {
                card: Some(card),
                at: self.card(card).area,
                host: None,
            },
        );
        a.saturating_add(b).saturating_add(c).saturating_add(d)
    }
}
