//! Occurrences (chapter 4 and 5): every change to the game goes through
//! [`Game::perform`], which checks the rules' restrictions ("can't", 104.2), performs the
//! change and records the event. Occurrences that replacement modifiers (710) may
//! replace are started with `Game::occur` (`rules/replace.rs`), which ends here.

use crate::card::CardType;
use crate::event::{Event, Leave};
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::rules::prohibit::Attempt;

/// What points are scored for (517.1): confronting the Problem at an area (611), the
/// bonus of the Problem at an area (514.6c), defeating a Troublemaker at an area
/// (514.6a, or by an effect), or an effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreWhy {
    Confront(Area),
    Bonus(Area),
    Defeat(Area),
    Effect,
}

/// One thing that can happen to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Occurrence {
    /// 410.4: top card of the draw deck to hand.
    Draw(PlayerId),
    /// A draw taking the bottom card of the draw deck instead (CG179's hook).
    DrawBottom(PlayerId),
    /// 410.3: from hand to discard pile.
    Discard(CardId),
    /// 410.1: from play to discard pile. `by_game` for 104.3.
    Dismiss {
        card: CardId,
        by_game: bool,
    },
    /// 410.2: from play to discard pile, by its controller.
    Retire(CardId),
    /// 410.5: to its owner's banished zone.
    Banish(CardId),
    /// 506: move to another area.
    Move {
        card: CardId,
        to: Area,
    },
    /// 506.5: send to an area. `by_loser`: the loser of a Troublemaker faceoff sends
    /// it home (514.6b).
    Send {
        card: CardId,
        to: Area,
        by_loser: bool,
    },
    /// 504.1.
    Frighten(CardId),
    /// 504.3.
    Unfrighten(CardId),
    /// 503.2.
    Exhaust(CardId),
    /// 503.3.
    Ready(CardId),
    /// 515.1.
    Flip(PlayerId),
    /// 706: a card enters play.
    EnterPlay {
        card: CardId,
        at: Area,
        face_down: bool,
    },
    /// 517: `why` is what the points are scored for.
    Score {
        player: PlayerId,
        points: u16,
        why: ScoreWhy,
    },
    GainTokens {
        player: PlayerId,
        amount: u16,
    },
    PayTokens {
        player: PlayerId,
        amount: u16,
    },
    /// A player loses action tokens (as many as they have, up to the amount); unlike
    /// paying, it can always happen.
    LoseTokens {
        player: PlayerId,
        amount: u16,
    },
    /// 607.3.
    Uncover(CardId),
    /// 301.2: turn a Mane Character over to its other side.
    TurnOver(CardId),
    /// Turn a face-up Troublemaker face-down: a new object (505.3), to be uncovered
    /// again.
    Cover(CardId),
    /// Put a card from play or a discard pile into its owner's hand (a Problem goes under
    /// its deck, 303.3).
    ToHand(CardId),
    /// Put a card from play, a hand or a discard pile on top of its owner's deck.
    ToDeckTop(CardId),
    /// Put a card on the bottom of its owner's deck (flipped cards, 514.7) or Problem
    /// deck (613.2).
    ToBottom(CardId),
    /// Put a flipped card into its owner's discard pile (a replacement for 514.7), or a
    /// banished card from beneath another (Spend).
    ToDiscard(CardId),
    /// The top card of a player's draw deck into their discard pile.
    Mill(PlayerId),
    /// 509: an attachment in play leaves its host for another card in play (it stays in
    /// play, under the same controller).
    Reattach {
        card: CardId,
        host: CardId,
    },
    /// 611.1, 611.4: a player confronts the Problem at an area (an occurrence so that
    /// replacement modifiers such as Vexing can replace it).
    Confront {
        player: PlayerId,
        area: Area,
    },
    /// 519: counters put on a card in play: +1 power counters (a negative number puts
    /// -1 counters, 519.4) or counters of a name.
    PutCounters {
        card: CardId,
        counter: crate::ability::counters::Counter,
        n: i16,
    },
    /// 519: up to `n` counters removed from a card in play (only +1 power counters,
    /// 519.4).
    RemoveCounters {
        card: CardId,
        counter: crate::ability::counters::Counter,
        n: u16,
    },
    /// Cards looked at on a deck are put back on its top or bottom (in the order the
    /// player arranges them).
    PutBack {
        card: CardId,
        bottom: bool,
    },
    /// 521.1: a token (a new card of definition `def`, owned by `owner`, 521.5) enters
    /// play at an area, ready.
    CreateToken {
        def: crate::ids::DefId,
        owner: PlayerId,
        at: Area,
        face_down: bool,
    },
}

impl Game {
    /// Whether an occurrence can happen now (104.2a: a cost needing it can't be paid).
    pub fn can_happen(&self, occ: Occurrence) -> bool {
        // A token that has ceased to exist takes part in nothing again (521.3).
        if occ.card().is_some_and(|c| self.card(c).zone == Zone::Gone) {
            return false;
        }
        match occ {
            Occurrence::Draw(p) | Occurrence::DrawBottom(p) => {
                !self.player(p).deck.is_empty() && !self.prohibits_now(Attempt::Draw(p))
            }
            Occurrence::Discard(c) => self.card(c).zone == Zone::Hand,
            // 301.5: Mane Characters can't leave play.
            Occurrence::Dismiss { card, .. } | Occurrence::Retire(card) => {
                let c = self.card(card);
                c.zone == Zone::Play
                    && self.def(card).card_type != CardType::ManeCharacter
                    // 104.3: a "can't be dismissed" doesn't stop the game's dismissals.
                    && !matches!(occ, Occurrence::Dismiss { by_game: false, .. }
                        if self.dismiss_prohibited(card))
            }
            Occurrence::Banish(card) => {
                !(self.card(card).zone == Zone::Play
                    && self.def(card).card_type == CardType::ManeCharacter)
                    && self.card(card).zone != Zone::Banished
            }
            Occurrence::Move { card, to } | Occurrence::Send { card, to, .. } => {
                self.can_go_to(card, to, matches!(occ, Occurrence::Move { .. }))
            }
            // 504.2b: frightened cards can't become frightened.
            Occurrence::Frighten(c) => {
                self.card(c).zone == Zone::Play
                    && !self.card(c).frightened
                    && !self.prohibits_now(Attempt::Frighten(c))
            }
            Occurrence::CreateToken { .. } => self.st.cards.len() < u16::MAX as usize,
            // 609.2e: only frightened cards can be unfrightened.
            Occurrence::Unfrighten(c) => {
                self.card(c).frightened && !self.prohibits_now(Attempt::Unfrighten(c))
            }
            // 503.2a, 503.4, 504.2a.
            Occurrence::Exhaust(c) => {
                let k = self.card(c);
                k.zone == Zone::Play
                    && k.exhaustion == 0
                    && !k.frightened
                    && self.card_type(c) != CardType::Problem
                    && !self.prohibits_now(Attempt::Exhaust(c))
            }
            Occurrence::Ready(c) => {
                let k = self.card(c);
                k.zone == Zone::Play
                    && k.exhaustion > 0
                    && !k.frightened
                    && !self.prohibits_now(Attempt::Ready(c))
            }
            Occurrence::Flip(p) => !self.player(p).deck.is_empty(),
            Occurrence::EnterPlay { card, .. } => self.card(card).zone != Zone::Play,
            Occurrence::Score { player, .. } => !self.prohibits_now(Attempt::Score(player)),
            Occurrence::GainTokens { .. } => true,
            Occurrence::PayTokens { player, amount } => self.player(player).tokens >= amount,
            Occurrence::LoseTokens { .. } => true,
            Occurrence::Uncover(c) => {
                self.card(c).face_down
                    && !self.card(c).frightened
                    && self.card(c).zone == Zone::Play
                    && !self.prohibits_now(Attempt::Uncover(c))
            }
            Occurrence::TurnOver(c) => {
                self.card(c).zone == Zone::Play
                    && self.def(c).card_type == CardType::ManeCharacter
                    && self.def(c).boosted.is_some()
            }
            Occurrence::Cover(c) => {
                let k = self.card(c);
                k.zone == Zone::Play
                    && !k.face_down
                    && self.def(c).card_type == CardType::Troublemaker
            }
            Occurrence::ToBottom(_) => true,
            // Spending a card from beneath another puts it there from the banished zone.
            Occurrence::ToDiscard(c) => matches!(self.card(c).zone, Zone::Flip | Zone::Banished),
            Occurrence::Mill(p) => !self.player(p).deck.is_empty(),
            Occurrence::Reattach { card, host } => {
                card != host
                    && self.card(card).zone == Zone::Play
                    && self.card(card).host.is_some_and(|h| h != host)
                    && self.card(host).zone == Zone::Play
                    && !self.card(host).face_down
            }
            Occurrence::Confront { player, area } => self.meets_confront_requirements(player, area),
            Occurrence::PutCounters { card, n, .. } => n != 0 && self.card(card).zone == Zone::Play,
            Occurrence::RemoveCounters { card, counter, n } => {
                n > 0 && self.counters_removable(card, counter) > 0
            }
            Occurrence::PutBack { card, .. } => {
                matches!(self.card(card).zone, Zone::DrawDeck | Zone::ProblemDeck)
            }
            Occurrence::ToHand(c) | Occurrence::ToDeckTop(c) => {
                let from_play = self.card(c).zone == Zone::Play
                    && self.def(c).card_type != CardType::ManeCharacter;
                // Flipped cards can be put into a hand instead of the deck bottom (710),
                // and an Event being played can put itself on top of its owner's deck.
                // A card revealed from a deck may be put into a hand from there.
                // A banished card comes back from the banished zone (CN133).
                let elsewhere = matches!(
                    self.card(c).zone,
                    Zone::Discard | Zone::Flip | Zone::Banished
                ) || (matches!(occ, Occurrence::ToHand(_))
                    && self.card(c).zone == Zone::DrawDeck)
                    || (matches!(occ, Occurrence::ToDeckTop(_))
                        && matches!(self.card(c).zone, Zone::Hand | Zone::Queue | Zone::DrawDeck));
                (from_play
                    && !(matches!(occ, Occurrence::ToHand(_))
                        && self.prohibits_now(Attempt::ToHand(c))))
                    || elsewhere
            }
        }
    }

    /// 506.2, 506.2a: where a card may be moved or sent.
    pub(crate) fn can_go_to(&self, card: CardId, to: Area, by_move: bool) -> bool {
        let k = self.card(card);
        if k.zone != Zone::Play || k.area == Some(to) || k.host.is_some() {
            return false;
        }
        (match to {
            // 506.2a forbids only moving a Troublemaker to a home; sending is not moving
            // (506.5), so one may be sent to its controller's home (CN156).
            Area::Home(p) => {
                p == k.controller
                    && !(by_move && self.def(card).card_type == CardType::Troublemaker)
            }
            Area::Problem(_) | Area::Dilemma(_) => self.problem_at(to).is_some(),
        }) && !(by_move && self.move_prohibited(card, to, None))
    }

    /// 506: `player` moves a card (with a Move action or an effect they control); the
    /// move's event names who moved it (`Event::Moved`).
    pub(crate) fn move_by(&mut self, player: PlayerId, card: CardId, to: Area) -> bool {
        self.st.mover = Some(player);
        // 710: a move may be replaced; one waiting for a choice happens later, without
        // telling `YouMove` who moved it.
        let moved = self.occur(Occurrence::Move { card, to }) == Some(true);
        self.st.mover = None;
        moved
    }

    /// Performs an occurrence if it can happen. Returns whether it happened.
    pub fn perform(&mut self, occ: Occurrence) -> bool {
        if !self.can_happen(occ) {
            return false;
        }
        match occ {
            Occurrence::Draw(p) => {
                let c = self.player_mut(p).deck.pop().expect("checked");
                self.relocate(c, Zone::Hand, false);
                self.st.drawn.push(p);
                self.log(Event::Drew { player: p });
            }
            Occurrence::DrawBottom(p) => {
                // The bottom of a deck is the start of its list.
                let c = self.player(p).deck[0];
                self.relocate(c, Zone::Hand, false);
                self.st.drawn.push(p);
                self.log(Event::Drew { player: p });
            }
            Occurrence::Discard(c) => self.leave(c, Leave::Discard),
            Occurrence::Dismiss { card, .. } => {
                self.leave(card, Leave::Dismiss);
                self.note_dismissed(card);
            }
            Occurrence::Retire(card) => self.leave(card, Leave::Retire),
            Occurrence::Banish(card) => self.leave(card, Leave::Banish),
            Occurrence::Move { card, to } | Occurrence::Send { card, to, .. } => {
                let from = self.card(card).area.expect("in play");
                self.set_area(card, to);
                self.log(if matches!(occ, Occurrence::Move { .. }) {
                    // Every move is made by a player (`move_by`).
                    let by = self.st.mover.unwrap_or(self.card(card).controller);
                    Event::Moved { card, from, to, by }
                } else {
                    Event::Sent { card, from, to }
                });
            }
            Occurrence::Frighten(c) => {
                // 504.1: face-down, counters removed, attachments discarded; 505.3 a new card.
                let k = self.card_mut(c);
                k.frightened = true;
                k.face_down = true;
                k.exhaustion = 0;
                k.power_counters = 0;
                let obj = self.new_object();
                self.card_mut(c).object = obj;
                self.became_new_object(c);
                for a in self.attachments(c) {
                    self.leave(a, Leave::Dismiss);
                }
                self.st.books.watchers_dirty = true;
                self.end_while_exhausted_modifiers();
                self.log(Event::Frightened(c));
                // 521.4: a frightened token ceases to exist (after the event, which its
                // own abilities and others may answer, 521.2).
                self.vanish_token(c);
            }
            Occurrence::Unfrighten(c) => {
                let k = self.card_mut(c);
                k.frightened = false;
                k.face_down = false;
                self.st.uniqueness_dirty = true;
                self.st.books.watchers_dirty = true;
                self.log(Event::Unfrightened(c));
            }
            Occurrence::Exhaust(c) => {
                self.card_mut(c).exhaustion = 1;
                self.log(Event::Exhausted(c));
            }
            Occurrence::Ready(c) => {
                self.card_mut(c).exhaustion -= 1;
                self.end_while_exhausted_modifiers();
                self.log(Event::Readied(c));
            }
            Occurrence::Flip(p) => {
                let c = self.player_mut(p).deck.pop().expect("checked");
                self.relocate(c, Zone::Flip, false);
                if let Some(f) = self.st.faceoff.as_mut() {
                    f.flipped.push((p, c));
                }
                self.log(Event::Flipped { player: p, card: c });
            }
            Occurrence::EnterPlay {
                card,
                at,
                face_down,
            } => {
                // 522.2: a Dilemma enters play at its own area, wherever it was put.
                let at = self.entry_area(card, at);
                self.relocate(card, Zone::Play, false);
                // 410.6: the card in play is a new object; what an earlier one banished
                // with `BanishLinked` is no longer "that card" of its (place `Linked`).
                self.st.linked.retain(|&(s, _)| s != card);
                let k = self.card_mut(card);
                k.area = Some(at);
                k.face_down = face_down;
                k.exhaustion = 0;
                k.frightened = false;
                self.st.uniqueness_dirty = true;
                if !face_down {
                    self.others_entry_state(card);
                }
                self.log(Event::EnteredPlay {
                    card,
                    area: at,
                    face_down,
                });
            }
            Occurrence::Score { player, points, .. } => {
                // 104.2: a per-turn limit on points lets only what is left be scored.
                let points = self.points_allowed(player, points);
                self.st
                    .tallied
                    .push(crate::state::Tallied::Points(player, points));
                let pl = self.player_mut(player);
                pl.score = pl.score.saturating_add(points);
                self.log(Event::Scored { player, points });
                self.check_points_win();
            }
            Occurrence::GainTokens { player, amount } => {
                self.player_mut(player).tokens += amount;
                self.log(Event::GainedTokens { player, amount });
            }
            Occurrence::LoseTokens { player, amount } => {
                let amount = amount.min(self.player(player).tokens);
                let pl = self.player_mut(player);
                pl.tokens -= amount;
                pl.phase_tokens = pl.phase_tokens.saturating_sub(amount);
                if amount > 0 {
                    self.log(Event::LostTokens { player, amount });
                }
            }
            Occurrence::PayTokens { player, amount } => {
                // Tokens that are about to expire are the ones a player spends first.
                let pl = self.player_mut(player);
                pl.tokens -= amount;
                pl.phase_tokens = pl.phase_tokens.saturating_sub(amount);
                if amount > 0 {
                    self.log(Event::PaidTokens { player, amount });
                }
            }
            Occurrence::Uncover(c) => {
                self.card_mut(c).face_down = false;
                self.st.uniqueness_dirty = true;
                self.refresh_watchers();
                self.log(Event::Uncovered(c));
            }
            Occurrence::TurnOver(c) => {
                let k = self.card_mut(c);
                k.boosted = !k.boosted;
                self.refresh_watchers();
                self.log(Event::TurnedOver(c));
            }
            Occurrence::Cover(c) => {
                let object = self.new_object();
                let k = self.card_mut(c);
                k.face_down = true;
                k.object = object;
                self.became_new_object(c);
                self.refresh_watchers();
                self.log(Event::Covered(c));
                self.vanish_token(c);
            }
            Occurrence::CreateToken {
                def,
                owner,
                at,
                face_down,
            } => {
                let c = self.new_token(def, owner);
                self.st.in_play.push(c);
                self.st.books.listed.add(c, self.face_facts(c));
                self.st.books.watchers_dirty = true;
                let k = self.card_mut(c);
                k.zone = Zone::Play;
                k.area = Some(at);
                k.face_down = face_down;
                self.st.uniqueness_dirty = true;
                if !face_down {
                    self.others_entry_state(c);
                }
                self.log(Event::EnteredPlay {
                    card: c,
                    area: at,
                    face_down,
                });
            }
            Occurrence::ToBottom(c) => self.leave(c, Leave::ToDeckBottom),
            // Not discarded (that is from a hand): a flipped card, or one spent from
            // beneath a card.
            Occurrence::ToDiscard(c) => self.leave(
                c,
                if self.card(c).zone == Zone::Flip {
                    Leave::FlipToDiscard
                } else {
                    Leave::Spend
                },
            ),
            Occurrence::Mill(p) => {
                let c = self.player_mut(p).deck.pop().expect("checked");
                self.relocate(c, Zone::Discard, false);
                self.log(Event::Milled { player: p, card: c });
            }
            Occurrence::Reattach { card, host } => {
                let area = self.card(host).area;
                let k = self.card_mut(card);
                k.host = Some(host);
                k.area = area;
                self.log(Event::Reattached { card, host });
            }
            Occurrence::ToDeckTop(c) => {
                if self.card_type(c) == CardType::Problem {
                    self.leave(c, Leave::ToDeckBottom);
                } else {
                    let from_play = self.card(c).zone == Zone::Play;
                    self.relocate(c, Zone::DrawDeck, false);
                    self.log_leaving(c, from_play, Event::ToDeckTop(c));
                }
            }
            Occurrence::ToHand(c) => {
                // 303.3, then 522.3a for a Dilemma: it ends in the discard pile.
                if self.card_type(c) == CardType::Problem {
                    self.leave(c, Leave::ToDeckBottom);
                } else {
                    let from_play = self.card(c).zone == Zone::Play;
                    self.relocate(c, Zone::Hand, false);
                    self.log_leaving(c, from_play, Event::ToHand(c));
                }
            }
            Occurrence::Confront { player, area } => self.confront_now(player, area),
            Occurrence::PutCounters { card, counter, n } => {
                self.change_counters(card, counter, n);
                self.log(Event::Counters {
                    card,
                    counter,
                    delta: n,
                });
            }
            Occurrence::RemoveCounters { card, counter, n } => {
                let removed = n.min(self.counters_removable(card, counter));
                let delta = -(i16::try_from(removed).unwrap_or(i16::MAX));
                self.change_counters(card, counter, delta);
                self.log(Event::Counters {
                    card,
                    counter,
                    delta,
                });
            }
            Occurrence::PutBack { card, bottom } => {
                let zone = self.card(card).zone;
                self.relocate(card, zone, bottom);
            }
        }
        true
    }

    /// Logs a card's move into a hand or onto a deck, telling leave-play triggers
    /// whether it came from play.
    fn log_leaving(&mut self, c: CardId, from_play: bool, e: Event) {
        if from_play {
            self.st.leaving_play = Some(c);
        }
        self.log(e);
        self.st.leaving_play = None;
    }

    /// 103.2, 103.2a: 15 points wins at once; several at once is a draw.
    pub(crate) fn check_points_win(&mut self) {
        if self.st.outcome.is_some() {
            return;
        }
        let winners: Vec<PlayerId> = self
            .active_players()
            .filter(|&p| self.player(p).score >= 15)
            .collect();
        self.st.outcome = match winners.len() {
            0 => return,
            1 => Some(crate::state::Outcome::Win {
                winner: winners[0],
                reason: crate::state::WinReason::Points,
            }),
            _ => Some(crate::state::Outcome::Draw),
        };
    }

    /// Cards attached to `host`.
    pub fn attachments(&self, host: CardId) -> Vec<CardId> {
        self.st
            .in_play
            .iter()
            .copied()
            .filter(|&c| self.card(c).host == Some(host))
            .collect()
    }

    /// A card leaves its place for its owner's discard pile, banished zone or deck bottom.
    fn leave(&mut self, c: CardId, how: Leave) {
        let (from, controller) = (self.card(c).area, self.card(c).controller);
        let is_problem = self.def(c).card_type == CardType::Problem;
        // 522.3a: a Dilemma (a Problem only while in play) that would go to a Problem
        // deck goes to its owner's discard pile instead.
        let dilemma = self.is_dilemma_in_play(c);
        let to = match how {
            Leave::Banish => Zone::Banished,
            _ if dilemma => Zone::Discard,
            // 303.3: a Problem never enters a hand or discard pile.
            Leave::Dismiss
            | Leave::Retire
            | Leave::Discard
            | Leave::Cancel
            | Leave::Spend
            | Leave::FlipToDiscard
                if is_problem =>
            {
                Zone::ProblemDeck
            }
            Leave::Dismiss
            | Leave::Retire
            | Leave::Discard
            | Leave::Cancel
            | Leave::Spend
            | Leave::FlipToDiscard => Zone::Discard,
            Leave::ToDeckBottom if is_problem => Zone::ProblemDeck,
            Leave::ToDeckBottom => Zone::DrawDeck,
        };
        self.relocate(c, to, true);
        self.log(Event::Left {
            card: c,
            to,
            how,
            from,
            controller,
        });
    }

    /// Moves a card between zones, keeping every zone list right. The card becomes a new
    /// object (410.6). `bottom` puts it at the bottom of an ordered destination.
    pub(crate) fn relocate(&mut self, c: CardId, to: Zone, bottom: bool) {
        let from = self.card(c).zone;
        let owner = self.card(c).owner;
        // A token that has ceased to exist never comes back (521.3).
        if from == Zone::Gone {
            return;
        }
        self.st.books.relocated = Some((c, from, self.card(c).face_down, self.card(c).controller));
        // 701.3: its power as it leaves play, read afterwards as it was in play.
        let left_power = if from == Zone::Play && to != Zone::Play {
            self.power(c)
        } else {
            None
        };
        let left_controller = self.card(c).controller;
        // 521.3: a token going to any zone but play ceases to exist on the way.
        let to = if self.card(c).token && to != Zone::Play {
            Zone::Gone
        } else {
            to
        };
        match from {
            Zone::Play => {
                self.remove_from_play_list(c);
                if !self.st.entered.is_empty() {
                    self.left_play_as_copy(c);
                }
            }
            Zone::Queue => self.st.queue.retain(|&x| x != c),
            Zone::SetAside => {}
            z => {
                let list = self.zone_list(owner, z);
                if let Some(i) = list.iter().rposition(|&x| x == c) {
                    list.remove(i);
                }
            }
        }
        self.st.books.pre_priority_settled = false;
        self.unlink_beneath(c, from);
        match to {
            Zone::Play => self.st.in_play.push(c),
            Zone::Queue => self.st.queue.push(c),
            Zone::Gone | Zone::SetAside => {}
            z => {
                let list = self.zone_list(owner, z);
                if bottom {
                    list.insert(0, c);
                } else {
                    list.push(c);
                }
            }
        }
        let old_object = self.card(c).object;
        let obj = self.new_object();
        let k = self.card_mut(c);
        k.zone = to;
        k.object = obj;
        if from == Zone::Play && to != Zone::Play {
            self.keep_last_known_counters(c, old_object);
        }
        if let Some(p) = left_power {
            self.keep_last_known_power(c, p);
        }
        if from == Zone::Play && to != Zone::Play {
            self.keep_last_known_controller(c, left_controller);
        }
        // 410.6: what lasted until an event happens to that card ends with the object.
        self.end_stale_until_modifiers();
        if from == Zone::Play || to == Zone::Play {
            self.st.books.watchers_dirty = true;
        }
        if from == Zone::Play {
            self.end_while_exhausted_modifiers();
        }
        let k = self.card_mut(c);
        if to != Zone::Play {
            k.area = None;
            k.host = None;
            k.exhaustion = 0;
            k.frightened = false;
            k.face_down = false;
            k.power_counters = 0;
            k.boosted = false;
            k.controller = owner;
        }
        if to == Zone::Play {
            self.st.books.listed.add(c, self.face_facts(c));
        }
    }

    pub(crate) fn remove_from_play_list(&mut self, c: CardId) {
        self.st.books.pre_priority_settled = false;
        if let Some(i) = self.st.in_play.iter().position(|&x| x == c) {
            self.st.in_play.remove(i);
            self.st.books.listed.remove(c);
        }
    }

    fn zone_list(&mut self, p: PlayerId, z: Zone) -> &mut Vec<CardId> {
        let pl = self.player_mut(p);
        match z {
            Zone::DrawDeck => &mut pl.deck,
            Zone::ProblemDeck => &mut pl.problem_deck,
            Zone::Hand => &mut pl.hand,
            Zone::Discard => &mut pl.discard,
            Zone::Banished => &mut pl.banished,
            Zone::Flip => &mut pl.flip,
            Zone::Play | Zone::Queue | Zone::Gone | Zone::SetAside => {
                unreachable!("shared zones are kept on the state, and nowhere is no zone")
            }
        }
    }

    /// Puts a card (and its attachments, 509.3) at a new area.
    fn set_area(&mut self, c: CardId, to: Area) {
        self.card_mut(c).area = Some(to);
        for a in self.attachments(c) {
            self.card_mut(a).area = Some(to);
        }
    }

    /// Shuffles a player's draw deck with the game's RNG (every card becomes new, 410.6).
    pub(crate) fn shuffle_deck(&mut self, p: PlayerId) {
        let mut deck = std::mem::take(&mut self.player_mut(p).deck);
        crate::rng::shuffle(&mut self.st.rng, &mut deck);
        for &c in &deck {
            let obj = self.new_object();
            self.card_mut(c).object = obj;
        }
        self.player_mut(p).deck = deck;
    }

    pub(crate) fn shuffle_problem_deck(&mut self, p: PlayerId) {
        let mut deck = std::mem::take(&mut self.player_mut(p).problem_deck);
        crate::rng::shuffle(&mut self.st.rng, &mut deck);
        self.player_mut(p).problem_deck = deck;
    }
}
