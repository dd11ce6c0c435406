//! Control changes (513.2, 513.7): a player gains control of a card in play, for a
//! while or for as long as it stays in play, and players exchange control of cards.
//!
//! The controller is kept on the card (`Card::controller`), which everything reads; a
//! change with a duration is remembered here so control can go back when it ends. While
//! several changes apply to one card, the latest decides (711.3a timestamps); when the
//! last one ends, the card returns to the controller it had before the first.

use crate::ability::script::Duration;
use crate::event::Event;
use crate::game::Game;
use crate::ids::{CardId, PlayerId, Zone};

/// One control change in effect on a card (513.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ControlChange {
    pub card: CardId,
    /// The card as one object (410.6): the change ends when the card becomes a new one
    /// (leaving play gives it back to its owner, 513.2).
    pub object: u32,
    /// Who controls the card because of this change.
    pub to: PlayerId,
    /// Who controlled it just before.
    pub before: PlayerId,
    pub duration: Duration,
    /// The controller of the effect that made the change (for "your next turn").
    pub by: PlayerId,
    /// For a change a static ability makes (`StaticEffect::Control`, CG140): that
    /// ability's card as one object; the change lasts while the ability gives it.
    pub source: Option<(CardId, u32)>,
}

impl Game {
    /// Whether `p` can gain control of `c` now: a card in play another player controls.
    pub(crate) fn can_gain_control(&self, p: PlayerId, c: CardId) -> bool {
        let k = self.card(c);
        k.zone == Zone::Play && k.controller != p && !self.player(p).removed
    }

    /// `p` gains control of `c` (513.2), until `duration` ends (`Permanently`: for as
    /// long as the card stays in play). Returns whether control changed.
    pub(crate) fn gain_control(
        &mut self,
        p: PlayerId,
        c: CardId,
        duration: Duration,
        by: PlayerId,
    ) -> bool {
        if !self.can_gain_control(p, c) {
            return false;
        }
        let before = self.card(c).controller;
        self.st.control.retain(|x| {
            // Forget changes to an earlier object of this card.
            x.card != c || x.object == self.st.cards[c.index()].object
        });
        self.st.control.push(ControlChange {
            card: c,
            object: self.card(c).object,
            to: p,
            before,
            duration,
            by,
            source: None,
        });
        self.set_controller(c, p);
        true
    }

    /// What the static "you control …" abilities in force give (CG140): each card with
    /// the player who gets it and the ability's card as one object, in play order.
    fn control_grants(&self) -> Vec<(CardId, PlayerId, (CardId, u32))> {
        let mut out = Vec::new();
        if !self.facts.static_kinds.has(crate::pool::StaticKinds::OTHER) {
            return out;
        }
        for &s in &self.st.in_play {
            let k = self.card(s);
            if k.zone != Zone::Play || k.face_down {
                continue;
            }
            for a in self.abilities(s).iter() {
                let crate::ability::Ability::Static {
                    effect: crate::ability::StaticEffect::Control(sel),
                    condition,
                } = a
                else {
                    continue;
                };
                let ctx = self.ctx_of(s);
                if condition.as_ref().is_none_or(|c| self.holds(c, &ctx)) {
                    for c in self.matching(sel, &ctx) {
                        out.push((c, k.controller, (s, k.object)));
                    }
                }
            }
        }
        out
    }

    /// Whether a change a static ability made no longer has that ability giving it.
    fn control_change_stale(
        grants: &[(CardId, PlayerId, (CardId, u32))],
        x: &ControlChange,
    ) -> bool {
        x.source.is_some_and(|src| {
            !grants
                .iter()
                .any(|&(c, p, s)| c == x.card && p == x.to && s == src)
        })
    }

    /// The cards a static ability gives that its player doesn't control yet.
    fn control_ungranted(
        &self,
        grants: &[(CardId, PlayerId, (CardId, u32))],
    ) -> Vec<(CardId, PlayerId, (CardId, u32))> {
        grants
            .iter()
            .copied()
            .filter(|&(c, p, src)| {
                self.can_gain_control(p, c)
                    && !self.st.control.iter().any(|x| {
                        x.card == c && x.source == Some(src) && x.object == self.card(c).object
                    })
            })
            .collect()
    }

    /// Whether [`Game::settle_control_statics`] has anything to do (read-only).
    pub(crate) fn control_statics_due(&self) -> bool {
        let grants = self.control_grants();
        self.st
            .control
            .iter()
            .any(|x| Self::control_change_stale(&grants, x))
            || !self.control_ungranted(&grants).is_empty()
    }

    /// 513.2 with a static ability (CG140): the changes whose ability no longer gives
    /// the card end, then each card an ability gives its player and they don't control
    /// comes under their control, for as long as that lasts. Run by pre-priority
    /// processing; returns whether control changed.
    pub(crate) fn settle_control_statics(&mut self) -> bool {
        let grants = self.control_grants();
        let mut changed = false;
        if self
            .st
            .control
            .iter()
            .any(|x| Self::control_change_stale(&grants, x))
        {
            self.end_control_changes(|x| Self::control_change_stale(&grants, x));
            changed = true;
        }
        for (c, p, src) in self.control_ungranted(&grants) {
            if self.gain_control(p, c, Duration::Permanently, p) {
                if let Some(last) = self.st.control.last_mut() {
                    last.source = Some(src);
                }
                changed = true;
            }
        }
        changed
    }

    /// 513.7: `a`'s controller and `b`'s controller exchange control of them, both at
    /// once, or nothing happens if either part can't.
    pub(crate) fn exchange_control(
        &mut self,
        a: CardId,
        b: CardId,
        duration: Duration,
        by: PlayerId,
    ) -> bool {
        let (pa, pb) = (self.card(a).controller, self.card(b).controller);
        if a == b || pa == pb || !self.can_gain_control(pb, a) || !self.can_gain_control(pa, b) {
            return false;
        }
        self.gain_control(pb, a, duration, by);
        self.gain_control(pa, b, duration, by);
        true
    }

    fn set_controller(&mut self, c: CardId, p: PlayerId) {
        let from = self.card(c).controller;
        if from == p {
            return;
        }
        self.card_mut(c).controller = p;
        // Whose abilities it has, what "your" reads (513.5, 513.6): the card's triggered
        // abilities now watch for its new controller; 511.5 sends a character out of
        // another player's home at the next pre-priority processing.
        self.st.uniqueness_dirty = true;
        self.st.books.watchers_dirty = true;
        self.log(Event::ControlChanged {
            card: c,
            from,
            to: p,
        });
    }

    /// Control changes whose duration `ends` says is over end now; each card goes to the
    /// latest change still in effect on it, or back to its controller before them all.
    pub(crate) fn end_control_changes(&mut self, ends: impl Fn(&ControlChange) -> bool) {
        if self.st.control.is_empty() {
            return;
        }
        // Stale entries (the card left play or became a new object) are dropped first.
        let current = |g: &Game, x: &ControlChange| {
            let k = g.card(x.card);
            k.zone == Zone::Play && k.object == x.object
        };
        let all = std::mem::take(&mut self.st.control);
        let live: Vec<ControlChange> = all.into_iter().filter(|x| current(self, x)).collect();
        let (ended, kept): (Vec<_>, Vec<_>) = live.iter().cloned().partition(|x| ends(x));
        self.st.control = kept;
        let mut cards: Vec<CardId> = ended.iter().map(|x| x.card).collect();
        cards.sort();
        cards.dedup();
        for c in cards {
            let latest = self
                .st
                .control
                .iter()
                .rev()
                .find(|x| x.card == c)
                .map(|x| x.to);
            let first = live.iter().find(|x| x.card == c).map(|x| x.before);
            if let Some(p) = latest.or(first) {
                let p = if self.player(p).removed {
                    self.card(c).owner
                } else {
                    p
                };
                self.set_controller(c, p);
            }
        }
    }
}
