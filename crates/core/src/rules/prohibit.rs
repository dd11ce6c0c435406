//! Prohibitions (104.2): static abilities saying something can't happen. A "can't" wins
//! over anything trying to make the thing happen, so each is checked where its action or
//! occurrence is decided, through [`Game::prohibited`]: moving (506, in `can_go_to` and
//! `may_move`), playing a card (609.2a), confronting (611.1) and challenging (608) where
//! the choices are made, so a forbidden one is never offered; dismissing, frightening,
//! readying, scoring and drawing in `can_happen`, so a cost needing one can't be paid
//! (104.2a) and it is never replaced; searching where a search starts; contributing power
//! wherever power is totalled (`contributes`).

use crate::ability::trigger::Ctx;
use crate::ability::{Ability, Cards, Deed, Place, Prohibition, StaticEffect, Tally, Who};
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId};

/// Something a prohibition may forbid (104.2), with what it is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Attempt {
    /// Moving a card (506), by a known player or (`None`) by whoever moves it.
    Move {
        card: CardId,
        to: Area,
        by: Option<PlayerId>,
    },
    /// A player playing a card, to an area or (`None`) anywhere; an attachment on a
    /// host (`host`), when known (509.1).
    Play {
        p: PlayerId,
        card: CardId,
        to: Option<Area>,
        host: Option<CardId>,
    },
    /// Dismissing a card (not by the game, 104.3).
    Dismiss(CardId),
    /// A player confronting the Problem at an area (611.1).
    Confront { p: PlayerId, area: Area },
    /// A card becoming frightened (504.1).
    Frighten(CardId),
    /// A card being readied (503.3).
    Ready(CardId),
    /// A card being exhausted (503.2).
    Exhaust(CardId),
    /// A frightened card being unfrightened (504.3).
    Unfrighten(CardId),
    /// A face-down Troublemaker being uncovered (607.3).
    Uncover(CardId),
    /// A character's power counting toward a total (611.3, 514.5).
    Contribute(CardId),
    /// A character's power counting toward confronting the Problem at an area (611.3).
    ContributeConfront { card: CardId, area: Area },
    /// A player scoring points (517).
    Score(PlayerId),
    /// A card in play being put into its owner's hand.
    ToHand(CardId),
    /// A player scoring that many points at once, read only by per-turn limits on
    /// points (`Prohibition::PerTurn`): what would take them over the limit.
    ScorePoints { p: PlayerId, points: u16 },
    /// A player drawing a card (410.4).
    Draw(PlayerId),
    /// A player searching their deck (518).
    Search(PlayerId),
    /// A player challenging a Troublemaker (608), with their characters at its Problem
    /// or (`alone`) with one of them only, as an effect's challenge may (514.3a.i).
    Challenge {
        p: PlayerId,
        troublemaker: CardId,
        alone: Option<CardId>,
    },
}

impl Attempt {
    /// The card the attempt is about (`It` in a prohibition's condition).
    fn card(self) -> Option<CardId> {
        match self {
            Attempt::Move { card, .. }
            | Attempt::Play { card, .. }
            | Attempt::Dismiss(card)
            | Attempt::Frighten(card)
            | Attempt::Ready(card)
            | Attempt::Exhaust(card)
            | Attempt::Unfrighten(card)
            | Attempt::Uncover(card)
            | Attempt::ToHand(card)
            | Attempt::Contribute(card)
            | Attempt::ContributeConfront { card, .. } => Some(card),
            Attempt::Challenge { troublemaker, .. } => Some(troublemaker),
            Attempt::Confront { .. }
            | Attempt::Score(_)
            | Attempt::ScorePoints { .. }
            | Attempt::Draw(_)
            | Attempt::Search(_) => None,
        }
    }

    /// The player the attempt is about ("that player" in a prohibition's condition).
    fn player(self) -> Option<PlayerId> {
        match self {
            Attempt::Move { by, .. } => by,
            Attempt::Play { p, .. }
            | Attempt::Confront { p, .. }
            | Attempt::Challenge { p, .. }
            | Attempt::Score(p)
            | Attempt::ScorePoints { p, .. }
            | Attempt::Draw(p)
            | Attempt::Search(p) => Some(p),
            Attempt::Dismiss(_)
            | Attempt::Frighten(_)
            | Attempt::Ready(_)
            | Attempt::Exhaust(_)
            | Attempt::Unfrighten(_)
            | Attempt::Uncover(_)
            | Attempt::ToHand(_)
            | Attempt::Contribute(_)
            | Attempt::ContributeConfront { .. } => None,
        }
    }

    /// Whether a prohibition of `pr`'s kind can be about this attempt at all: what
    /// [`Game::forbids`] looks at first, read before a prohibition's condition is
    /// worked out.
    fn may_be_forbidden_by(self, pr: &Prohibition) -> bool {
        match pr {
            Prohibition::Move { .. } | Prohibition::MoveAway(_) | Prohibition::MoveHere { .. } => {
                matches!(self, Attempt::Move { .. })
            }
            Prohibition::PlayHere { .. } | Prohibition::Play { .. } => {
                matches!(self, Attempt::Play { .. })
            }
            Prohibition::BeDismissed(_) => {
                matches!(self, Attempt::Dismiss(_))
            }
            Prohibition::Confront { .. } => matches!(self, Attempt::Confront { .. }),
            Prohibition::BeFrightened(_) => matches!(self, Attempt::Frighten(_)),
            Prohibition::BeReadied(_) => matches!(self, Attempt::Ready(_)),
            Prohibition::BeExhausted(_) => matches!(self, Attempt::Exhaust(_)),
            Prohibition::BeUnfrightened(_) => matches!(self, Attempt::Unfrighten(_)),
            Prohibition::BeUncovered(_) => matches!(self, Attempt::Uncover(_)),
            Prohibition::Contribute(_) => matches!(self, Attempt::Contribute(_)),
            Prohibition::ContributeHere(_) => matches!(self, Attempt::ContributeConfront { .. }),
            // A limit on how many contribute, read where confronting is worked out.
            Prohibition::ContributeHereMost(_) => false,
            Prohibition::Score(_) => matches!(self, Attempt::Score(_)),
            Prohibition::Draw(_) => matches!(self, Attempt::Draw(_)),
            Prohibition::Search(_) => matches!(self, Attempt::Search(_)),
            Prohibition::By { what, .. } => match what {
                Deed::Dismiss => matches!(self, Attempt::Dismiss(_)),
                Deed::Exhaust => matches!(self, Attempt::Exhaust(_)),
                Deed::ReturnToHand => matches!(self, Attempt::ToHand(_)),
            },
            Prohibition::PerTurn { what, .. } => match what {
                Tally::Points => matches!(self, Attempt::Score(_) | Attempt::ScorePoints { .. }),
                Tally::Confronts => matches!(self, Attempt::Confront { .. }),
                Tally::Draws => matches!(self, Attempt::Draw(_)),
                Tally::PlaysOfEachType => matches!(self, Attempt::Play { .. }),
            },
            Prohibition::Challenge { .. } => matches!(self, Attempt::Challenge { .. }),
            // Involvement is read where it is worked out (`rules/faceoff.rs`), never as an
            // attempt.
            Prohibition::InvolvedWithThis(_) => false,
        }
    }

    /// The area a play is to, if known.
    fn area(self) -> Option<Area> {
        match self {
            Attempt::Play { to, .. } => to,
            _ => None,
        }
    }
}

/// While it lives, `player` is the one acting (`Prohibition::By`): set for checking
/// whether a player can pay costs, which reads the game without changing it.
pub(crate) struct Acting<'a> {
    game: &'a Game,
    before: Option<PlayerId>,
}

impl<'a> Acting<'a> {
    pub(crate) fn new(game: &'a Game, player: PlayerId) -> Self {
        let before = game.st.books.actor.replace(Some(player));
        Acting { game, before }
    }
}

impl Drop for Acting<'_> {
    fn drop(&mut self) {
        self.game.st.books.actor.set(self.before);
    }
}

impl Game {
    /// Whether any prohibition in force (of a face-up card of `scan`, whose condition
    /// holds) forbids `attempt`. Conditions read `It` as the card concerned, and "that
    /// player" as the player concerned.
    fn any_prohibition(&self, scan: &[CardId], attempt: Attempt) -> bool {
        for &s in scan {
            for a in self.abilities(s) {
                if let Ability::Static {
                    effect: StaticEffect::Prohibit(p),
                    condition,
                } = a
                {
                    if !attempt.may_be_forbidden_by(p) {
                        continue;
                    }
                    let ctx = Ctx {
                        printed: true,
                        layer: crate::rules::layers::ALL_LAYERS,
                        source: s,
                        you: self.card(s).controller,
                        it: attempt.card(),
                        there: None,
                        player: attempt.player(),
                    };
                    if condition.as_ref().is_none_or(|c| self.holds(c, &ctx))
                        && self.forbids(p, &ctx, attempt)
                    {
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
            Who::ItsController => ctx.it.is_some_and(|c| self.last_known_controller(c) == p),
            Who::ThatPlayer => ctx.player == Some(p),
            Who::ThatPlayersOpponent => ctx.player.is_some_and(|x| x != p),
            plain => crate::ability::trigger::names(plain, p, ctx.you),
        }
    }

    /// The cards in play that may have a prohibition.
    #[inline]
    fn prohibitors(&self) -> &[CardId] {
        if self
            .facts
            .static_kinds
            .has(crate::pool::StaticKinds::PROHIBIT)
        {
            self.in_play_with(crate::pool::FaceFacts::PROHIBIT)
        } else {
            &[]
        }
    }

    /// 104.2: whether a prohibition in force forbids `attempt`.
    #[inline]
    pub(crate) fn prohibited(&self, attempt: Attempt) -> bool {
        if let Attempt::Challenge {
            p,
            troublemaker,
            alone,
        } = attempt
        {
            // Place `Challenging` reads the characters this challenge would involve.
            let before = self
                .st
                .books
                .challenging
                .replace(Some((p, troublemaker, alone)));
            let forbidden = self.prohibited_now(attempt);
            self.st.books.challenging.set(before);
            return forbidden;
        }
        self.prohibited_now(attempt)
    }

    /// [`Game::prohibited`], with whatever the attempt sets for conditions to read set.
    #[inline]
    fn prohibited_now(&self, attempt: Attempt) -> bool {
        // Asked for every move and play offered: most often no card in play has one.
        let by_cards = match self.prohibitors() {
            [] => false,
            scan => self.prohibited_by(scan, attempt),
        };
        by_cards || (!self.st.modifiers.is_empty() && self.prohibited_by_modifiers(attempt))
    }

    /// Whether a modifier that is a prohibition (`Until(target, effect: Prohibit(..))`)
    /// forbids `attempt`: it is read as a static ability of the card it is on, so "this
    /// card" (`None`) is that card (CN152).
    fn prohibited_by_modifiers(&self, attempt: Attempt) -> bool {
        self.st.modifiers.iter().any(|m| {
            // A prohibition that holds only while a condition does (AD195).
            let (p, only_while) = if let StaticEffect::Prohibit(p) = &m.effect {
                (p, None)
            } else if let StaticEffect::OnlyWhile { cond, effect } = &m.effect {
                let StaticEffect::Prohibit(p) = &**effect else {
                    return false;
                };
                (p, Some(cond))
            } else {
                return false;
            };
            if self.card(m.target).object != m.object || !attempt.may_be_forbidden_by(p) {
                return false;
            }
            let ctx = Ctx {
                printed: true,
                layer: crate::rules::layers::ALL_LAYERS,
                source: m.target,
                you: m.controller,
                it: attempt.card(),
                there: None,
                player: attempt.player(),
            };
            only_while.is_none_or(|c| self.holds(c, &ctx)) && self.forbids(p, &ctx, attempt)
        })
    }

    /// Whether some modifier is a prohibition (the fast paths that skip prohibitions
    /// when no card in play has one must still see these).
    pub(crate) fn modifier_prohibits(&self) -> bool {
        self.st.modifiers.iter().any(|m| {
            matches!(m.effect, StaticEffect::Prohibit(_))
                || matches!(&m.effect, StaticEffect::OnlyWhile { effect, .. }
                    if matches!(**effect, StaticEffect::Prohibit(_)))
        })
    }

    /// [`Game::prohibited`] by the cards `scan`.
    fn prohibited_by(&self, scan: &[CardId], attempt: Attempt) -> bool {
        if let Attempt::Play { .. } = attempt {
            // Nothing forbids playing anywhere unless some face says so.
            if !self.facts.play_bans && attempt.area().is_none() {
                return false;
            }
        }
        self.any_prohibition(scan, attempt)
    }

    /// Whether prohibition `pr` (of `ctx.source`) forbids `attempt`. Every kind of
    /// prohibition says which attempts it is about.
    fn forbids(&self, pr: &Prohibition, ctx: &Ctx, attempt: Attempt) -> bool {
        let here = self.card(ctx.source).area;
        let this_or = |sel: &Option<Cards>, card: CardId| match sel {
            None => card == ctx.source,
            Some(sel) => self.fits(card, sel, ctx),
        };
        let in_hand = |sel: &Cards| Cards {
            place: Some(Place::Hand),
            ..sel.clone()
        };
        match pr {
            Prohibition::Move { cards, by: who } => match attempt {
                Attempt::Move { card, by, .. } => {
                    let fits = match cards {
                        None => card == ctx.source,
                        Some(sel) => self.fits(card, sel, ctx),
                    };
                    fits && match by {
                        Some(m) => self.names_player(*who, ctx, m),
                        None => *who == Who::Each,
                    }
                }
                _ => false,
            },
            Prohibition::MoveAway(sel) => match attempt {
                Attempt::Move { card, to, .. } => {
                    here.is_some()
                        && self.card(card).area == here
                        && Some(to) != here
                        && self.fits(card, sel, ctx)
                }
                _ => false,
            },
            Prohibition::MoveHere { cards, by: who } => match attempt {
                Attempt::Move { card, to, by } => {
                    here == Some(to)
                        && self.card(card).area != here
                        && self.fits(card, cards, ctx)
                        && match by {
                            Some(m) => self.names_player(*who, ctx, m),
                            // An unknown mover is forbidden only when every player is.
                            None => *who == Who::Each,
                        }
                }
                _ => false,
            },
            Prohibition::PlayHere { cards, by, on } => match attempt {
                Attempt::Play { p, card, to, host } => {
                    to.is_some()
                        && here == to
                        && self.names_player(*by, ctx, p)
                        && self.fits(card, &in_hand(cards), ctx)
                        // With a host filter, only a play on a host that fits is barred.
                        && on
                            .as_ref()
                            .is_none_or(|on| host.is_some_and(|h| self.fits(h, on, ctx)))
                }
                _ => false,
            },
            Prohibition::Play { cards, by } => match attempt {
                Attempt::Play { p, card, .. } => {
                    self.names_player(*by, ctx, p) && self.fits(card, &in_hand(cards), ctx)
                }
                _ => false,
            },
            Prohibition::Confront {
                by,
                unless_characters,
            } => match attempt {
                Attempt::Confront { p, area } => {
                    here == Some(area)
                        && self.names_player(*by, ctx, p)
                        && (*unless_characters == 0
                            || self.characters_at(p, area).count() < *unless_characters as usize)
                }
                _ => false,
            },
            Prohibition::BeDismissed(sel) => match attempt {
                Attempt::Dismiss(card) => this_or(sel, card),
                _ => false,
            },
            Prohibition::BeFrightened(sel) => match attempt {
                Attempt::Frighten(card) => this_or(sel, card),
                _ => false,
            },
            Prohibition::BeReadied(sel) => match attempt {
                Attempt::Ready(card) => this_or(sel, card),
                _ => false,
            },
            Prohibition::BeExhausted(sel) => match attempt {
                Attempt::Exhaust(card) => this_or(sel, card),
                _ => false,
            },
            Prohibition::BeUnfrightened(sel) => match attempt {
                Attempt::Unfrighten(card) => this_or(sel, card),
                _ => false,
            },
            Prohibition::BeUncovered(sel) => match attempt {
                Attempt::Uncover(card) => this_or(sel, card),
                _ => false,
            },
            Prohibition::Contribute(sel) => match attempt {
                Attempt::Contribute(card) => self.fits(card, sel, ctx),
                _ => false,
            },
            Prohibition::ContributeHere(sel) => match attempt {
                Attempt::ContributeConfront { card, area } => {
                    here == Some(area) && self.fits(card, sel, ctx)
                }
                _ => false,
            },
            // Involvement is read where it is worked out (`rules/faceoff.rs`).
            Prohibition::InvolvedWithThis(_) => false,
            // Read where confronting is worked out (`rules/confront.rs`).
            Prohibition::ContributeHereMost(_) => false,
            Prohibition::Score(who) => match attempt {
                Attempt::Score(p) => self.names_player(*who, ctx, p),
                _ => false,
            },
            Prohibition::Draw(who) => match attempt {
                Attempt::Draw(p) => self.names_player(*who, ctx, p),
                _ => false,
            },
            Prohibition::Search(who) => match attempt {
                Attempt::Search(p) => self.names_player(*who, ctx, p),
                _ => false,
            },
            Prohibition::By { what, cards, by } => {
                let card = match (what, attempt) {
                    (Deed::Dismiss, Attempt::Dismiss(c))
                    | (Deed::Exhaust, Attempt::Exhaust(c))
                    | (Deed::ReturnToHand, Attempt::ToHand(c)) => c,
                    _ => return false,
                };
                this_or(cards, card)
                    && self
                        .st
                        .books
                        .actor
                        .get()
                        .is_some_and(|a| self.names_player(*by, ctx, a))
            }
            Prohibition::PerTurn { what, most, by } => {
                let Some(p) = attempt.player() else {
                    return false;
                };
                // What this attempt would add to the player's tally for the turn.
                let more = match (what, attempt) {
                    (Tally::Points, Attempt::Score(_)) => 1,
                    (Tally::Points, Attempt::ScorePoints { points, .. }) => points,
                    (Tally::Confronts, Attempt::Confront { .. })
                    | (Tally::Draws, Attempt::Draw(_))
                    | (Tally::PlaysOfEachType, Attempt::Play { .. }) => 1,
                    _ => return false,
                };
                let of_type = match attempt {
                    Attempt::Play { card, .. } => Some(self.card_type(card)),
                    _ => None,
                };
                self.names_player(*by, ctx, p)
                    && self.tally(*what, p, of_type).saturating_add(more) > *most
            }
            Prohibition::Challenge { troublemakers, by } => match attempt {
                Attempt::Challenge {
                    p, troublemaker, ..
                } => self.names_player(*by, ctx, p) && this_or(troublemakers, troublemaker),
                _ => false,
            },
        }
    }

    /// 104.2, 506: whether something forbids moving `card` to `to`. With no mover
    /// known (`by` is `None`), only prohibitions that hold whoever moves it count; the
    /// mover's own are checked where the move is chosen ([`Game::may_move`]).
    pub(crate) fn move_prohibited(&self, card: CardId, to: Area, by: Option<PlayerId>) -> bool {
        self.prohibited(Attempt::Move { card, to, by })
    }

    /// 506.2, 104.2: whether player `by` may move `card` to `to` (by a Move action or an
    /// effect they control). Sending (506.5) is not moving and ignores these.
    pub fn may_move(&self, by: PlayerId, card: CardId, to: Area) -> bool {
        self.can_go_to(card, to, true) && !self.move_prohibited(card, to, Some(by))
    }

    /// 104.2: whether something forbids `p` playing `card` at all, wherever to.
    pub fn card_play_prohibited(&self, p: PlayerId, card: CardId) -> bool {
        self.prohibited(Attempt::Play {
            p,
            card,
            to: None,
            host: None,
        })
    }

    /// 104.2: whether something forbids `p` playing `card` to `to`.
    pub fn play_prohibited(&self, p: PlayerId, card: CardId, to: Area) -> bool {
        self.prohibited(Attempt::Play {
            p,
            card,
            to: Some(to),
            host: None,
        })
    }

    /// 104.2: whether something forbids `p` playing the attachment `card` on `host`,
    /// at the host's area (509.1).
    pub fn play_on_prohibited(&self, p: PlayerId, card: CardId, host: CardId) -> bool {
        self.prohibited(Attempt::Play {
            p,
            card,
            to: self.card(host).area,
            host: Some(host),
        })
    }

    /// 104.2, 104.3: whether something forbids dismissing `card` (never the game's own
    /// dismissals; the caller leaves those out).
    pub fn dismiss_prohibited(&self, card: CardId) -> bool {
        self.prohibited(Attempt::Dismiss(card))
    }

    /// How much of `what` player `p` has done this turn (cards of type `of_type` only,
    /// for plays).
    fn tally(&self, what: Tally, p: PlayerId, of_type: Option<crate::card::CardType>) -> u16 {
        use crate::state::Tallied;
        let n: usize = match what {
            Tally::Draws => self.st.drawn.iter().filter(|&&d| d == p).count(),
            Tally::Points => self
                .st
                .tallied
                .iter()
                .map(|t| match *t {
                    Tallied::Points(q, n) if q == p => usize::from(n),
                    Tallied::Points(..) | Tallied::Confront(_) => 0,
                })
                .sum(),
            Tally::Confronts => self
                .st
                .tallied
                .iter()
                .filter(|t| matches!(t, Tallied::Confront(q) if *q == p))
                .count(),
            // The cards played this turn are already kept (705.2g).
            Tally::PlaysOfEachType => self
                .st
                .played
                .iter()
                .filter(|&&(q, c)| q == p && Some(self.card_type(c)) == of_type)
                .count(),
        };
        u16::try_from(n).unwrap_or(u16::MAX)
    }

    /// 104.2: how many of `points` player `p` may score now, a per-turn limit on points
    /// letting only what is left be scored (AD75).
    pub(crate) fn points_allowed(&self, p: PlayerId, points: u16) -> u16 {
        let mut n = points;
        while n > 0 && self.prohibits_now(Attempt::ScorePoints { p, points: n }) {
            n -= 1;
        }
        n
    }

    /// 104.2: [`Game::prohibited`], looked for only in games where something may prohibit
    /// (a card's static prohibition or a modifier's).
    pub(crate) fn prohibits_now(&self, a: Attempt) -> bool {
        (self
            .facts
            .static_kinds
            .has(crate::pool::StaticKinds::PROHIBIT)
            || self.modifier_prohibits())
            && self.prohibited(a)
    }

    /// 104.2, 611.1: whether something forbids `p` confronting the Problem at `area`.
    pub fn confront_prohibited(&self, p: PlayerId, area: Area) -> bool {
        self.prohibited(Attempt::Confront { p, area })
    }
}
