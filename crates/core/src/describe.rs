//! The event describer: every logged event in words, as one viewer may see it.
//!
//! What a line may say is settled when the event is logged, not when it is read: by then
//! a flipped card is back in its deck, a solved Problem in its Problem deck and another
//! Problem at its area. So [`Game::log`] keeps, beside each event, a [`Note`] of the
//! names, areas and faceoff totals as they were, and of which players might know each
//! card it names (505.1d, 401.2). Redaction happens here, in the core, so every front end
//! (the terminal, replays, scenario traces, a server) shows the same.

use crate::card::CardType;
use crate::event::{Event, Leave};
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};
use std::fmt;

/// Who reads the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Viewer {
    /// A player: their own hidden cards and what they looked at are named to them.
    Seat(PlayerId),
    /// Someone watching who knows only public information.
    Spectator,
    /// Sees every card (a scenario's author, a judge reading a finished game).
    Omniscient,
}

impl Viewer {
    /// The seat, for a player's view.
    pub fn seat(self) -> Option<PlayerId> {
        match self {
            Viewer::Seat(p) => Some(p),
            Viewer::Spectator | Viewer::Omniscient => None,
        }
    }
}

/// One logged event with what its description needs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Logged {
    pub event: Event,
    note: Note,
}

/// One event as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observed {
    pub text: String,
    /// Routine state changes (readying, phase boundaries, 517.2 bookkeeping) a live log
    /// may leave out; scenario traces keep them.
    pub bookkeeping: bool,
}

impl fmt::Display for Observed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Bit of [`Known::by`] for public information; player `p` has bit `p` (a game has at
/// most 8 players, `SetupError::TooManyPlayers`).
const PUBLIC: u32 = 1 << 31;
const EVERYONE: u32 = u32::MAX;

/// A card named by an event, as it was then.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Known {
    card: CardId,
    name: String,
    owner: PlayerId,
    /// Who may know which card it is: a bit per player, and [`PUBLIC`].
    by: u32,
    /// 505.1d: a face-down Troublemaker in play is said to be one.
    face_down_troublemaker: bool,
}

/// One side of a faceoff as the comparison found it (514.5).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Side {
    player: PlayerId,
    total: u16,
    /// Flipped cards (public, 515): name, power, and whether it was ignored (515.4).
    flips: Vec<(String, i16, bool)>,
}

/// What a description needs that the event itself doesn't keep.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Note {
    cards: Vec<Known>,
    /// The Problem at each Problem area named, or the Dilemma whose area it is.
    areas: Vec<(Area, Option<(CardId, String)>)>,
    /// A flipped card's power and its player's total straight after the flip.
    flip: Option<(i16, u16)>,
    /// A won faceoff's sides.
    sides: Vec<Side>,
    /// The name of the counters an event put or removed (519).
    counter: Option<String>,
}

impl Game {
    /// Notes what `e` needs to be described later as it is now.
    pub(crate) fn note(&self, e: &Event) -> Note {
        let mut n = Note::default();
        let mut card = |g: &Game, c: CardId| {
            if !n.cards.iter().any(|k| k.card == c) {
                n.cards.push(g.known(c, e));
            }
        };
        let mut areas = Vec::new();
        match e {
            Event::TurnBegan { .. }
            | Event::StepBegan(_)
            | Event::FirstPlayer(_)
            | Event::Mulliganed(_)
            | Event::GainedTokens { .. }
            | Event::PaidTokens { .. }
            | Event::LostTokens { .. }
            | Event::Drew { .. }
            | Event::FaceoffBegan
            | Event::FaceoffWon { .. }
            | Event::FaceoffEnded
            | Event::Scored { .. }
            | Event::Conceded(_)
            | Event::LoopEnded
            | Event::PhaseBegan(_)
            | Event::PhaseEnded(_)
            | Event::ActionTaken { .. } => {}
            Event::StartingProblem { card: c, .. }
            | Event::Peeked { card: c, .. }
            | Event::Covered(c)
            | Event::Readied(c)
            | Event::Exhausted(c)
            | Event::Played { card: c, .. }
            | Event::Frightened(c)
            | Event::Unfrightened(c)
            | Event::Uncovered(c)
            | Event::Left { card: c, .. }
            | Event::Challenged {
                troublemaker: c, ..
            }
            | Event::Confronted { problem: c, .. }
            | Event::Flipped { card: c, .. }
            | Event::Solved { problem: c }
            | Event::TurnedOver(c)
            | Event::Defeated {
                troublemaker: c, ..
            }
            | Event::ToDeckTop(c)
            | Event::ToHand(c)
            | Event::Ignored(c)
            | Event::Milled { card: c, .. }
            | Event::ScoredWith { card: c, .. }
            | Event::ControlChanged { card: c, .. }
            | Event::Revealed { card: c, .. } => card(self, *c),
            Event::Counters {
                card: c, counter, ..
            } => {
                card(self, *c);
                n.counter = Some(self.counter_name(*counter).to_string());
            }
            Event::EnteredPlay { card: c, area, .. } => {
                card(self, *c);
                areas.push(*area);
            }
            Event::Moved {
                card: c, from, to, ..
            }
            | Event::Sent { card: c, from, to } => {
                card(self, *c);
                areas.extend([*from, *to]);
            }
            Event::Replaced { old, new } => {
                card(self, *old);
                if let Some(x) = new {
                    card(self, *x);
                }
            }
            Event::Reattached { card: c, host } => {
                card(self, *c);
                card(self, *host);
            }
        }
        n.areas = areas
            .into_iter()
            .map(|a| {
                let there = match a {
                    Area::Home(_) => None,
                    Area::Problem(_) => self.problem_at(a),
                    Area::Dilemma(d) => Some(d),
                };
                (a, there.map(|p| (p, self.name(p))))
            })
            .collect();
        match e {
            Event::Flipped { player, card } => {
                n.flip = Some((self.power(*card).unwrap_or(0), self.power_total(*player)));
            }
            Event::FaceoffWon { .. } => n.sides = self.faceoff_sides(),
            // The faceoff is over by now; a tie kept its sides when it was found.
            Event::FaceoffEnded => n.sides = self.st.books.tied_sides.clone().unwrap_or_default(),
            _ => {}
        }
        n
    }

    /// Each side of the faceoff going on: its total and flips (none outside a faceoff).
    pub(crate) fn faceoff_sides(&self) -> Vec<Side> {
        let Some(f) = &self.st.faceoff else {
            return Vec::new();
        };
        f.players
            .iter()
            .map(|&p| Side {
                player: p,
                total: self.power_total(p),
                flips: f
                    .flipped
                    .iter()
                    .filter(|&&(q, _)| q == p)
                    .map(|&(_, c)| {
                        (
                            self.name(c),
                            self.power(c).unwrap_or(0),
                            f.ignored.contains(&c),
                        )
                    })
                    .collect(),
            })
            .collect()
    }

    /// Card `c` as `e` names it: who may know it now, and who the event itself shows it
    /// to (a card that has just left a public place was seen there).
    fn known(&self, c: CardId, e: &Event) -> Known {
        let k = self.card(c);
        let mut by = 0;
        for p in self.players() {
            if self.is_visible_to(c, p) {
                by |= 1 << p.0;
            }
        }
        if self.is_public(c) {
            by |= PUBLIC;
        }
        let troublemaker = self.def(c).card_type == CardType::Troublemaker;
        // A card that has just changed zones was seen where it was (a flipped card back
        // in its deck, a card from a discard pile in a hand).
        let before = match self.st.books.relocated {
            Some((x, from, face_down, controller)) if x == c => match from {
                Zone::Play if face_down && troublemaker => 1 << controller.0,
                Zone::Play
                | Zone::Discard
                | Zone::Banished
                | Zone::Flip
                | Zone::Queue
                | Zone::Gone => EVERYONE,
                Zone::Hand | Zone::DrawDeck | Zone::ProblemDeck => 1 << k.owner.0,
                // Set aside face-down: who saw it there is not kept past its leaving.
                Zone::SetAside => 0,
            },
            _ => 0,
        };
        by |= match e {
            Event::Revealed { .. } | Event::Covered(_) => EVERYONE,
            Event::Peeked { player, .. } => 1 << player.0,
            // 613.2: it was in play, face-up, until it was replaced.
            Event::Replaced { old, .. } if *old == c => EVERYONE,
            Event::Left { card, .. } | Event::ToDeckTop(card) | Event::ToHand(card)
                if *card == c =>
            {
                before
            }
            _ => 0,
        };
        Known {
            card: c,
            name: self.name(c),
            owner: k.owner,
            by,
            face_down_troublemaker: k.zone == Zone::Play && k.face_down && troublemaker,
        }
    }

    /// Whether anyone may know which card `c` is (505.1c-d).
    pub(crate) fn is_public(&self, c: CardId) -> bool {
        let k = self.card(c);
        match k.zone {
            Zone::DrawDeck | Zone::ProblemDeck => self
                .st
                .decklook
                .look
                .as_ref()
                .is_some_and(|l| l.revealed && l.cards.contains(&c)),
            Zone::Hand => false,
            Zone::Play => !(k.face_down && self.def(c).card_type == CardType::Troublemaker),
            Zone::Discard | Zone::Banished | Zone::Flip | Zone::Queue | Zone::Gone => true,
            // Set aside face-down (AD114): public once every player has seen it.
            Zone::SetAside => self
                .active_players()
                .all(|p| self.st.peeked.contains(&(k.object, p))),
        }
    }

    /// The events logged since the last [`Game::take_logged`] or [`Game::take_events`],
    /// as `viewer` saw each when it happened.
    pub fn observe_events(&self, viewer: Viewer) -> Vec<Observed> {
        self.st
            .books
            .log
            .iter()
            .map(|l| l.observe(viewer))
            .collect()
    }

    /// Takes the events logged since the last call, each with what describes it.
    pub fn take_logged(&mut self) -> Vec<Logged> {
        std::mem::take(&mut self.st.books.log)
    }
}

fn points(n: u16) -> &'static str {
    if n == 1 {
        "point"
    } else {
        "points"
    }
}

struct Words<'a> {
    note: &'a Note,
    viewer: Viewer,
}

impl Words<'_> {
    fn p(&self, p: PlayerId) -> String {
        match self.viewer {
            Viewer::Seat(me) if me == p => format!("{p} (you)"),
            _ => p.to_string(),
        }
    }

    fn knows(&self, k: &Known) -> bool {
        match self.viewer {
            Viewer::Omniscient => true,
            Viewer::Spectator => k.by & PUBLIC != 0,
            // A seat nobody sits in knows what the public knows.
            Viewer::Seat(p) if p.0 >= 8 => k.by & PUBLIC != 0,
            Viewer::Seat(p) => k.by & (1 << p.0) != 0,
        }
    }

    fn c(&self, c: CardId) -> String {
        let Some(k) = self.note.cards.iter().find(|k| k.card == c) else {
            return "a card".to_string();
        };
        if self.knows(k) {
            format!("\"{}\"", k.name)
        } else if k.face_down_troublemaker {
            "a face-down Troublemaker".to_string()
        } else {
            "a hidden card".to_string()
        }
    }

    fn owner(&self, c: CardId) -> String {
        match self.note.cards.iter().find(|k| k.card == c) {
            Some(k) => self.p(k.owner),
            None => "its owner".to_string(),
        }
    }

    /// An area as the rules call it.
    fn area(&self, a: Area) -> String {
        match a {
            Area::Home(p) => format!("{}'s home", self.p(p)),
            Area::Problem(p) => format!("{}'s Problem area", self.p(p)),
            // The Dilemma's name is kept even after it has left play (522.3).
            Area::Dilemma(_) => match self.there(a) {
                Some((_, name)) => format!("the Dilemma area of \"{name}\""),
                None => "a Dilemma area".to_string(),
            },
        }
    }

    /// The Problem or Dilemma at an area when the event happened.
    fn there(&self, a: Area) -> Option<&(CardId, String)> {
        self.note
            .areas
            .iter()
            .find(|(x, _)| *x == a)
            .and_then(|(_, t)| t.as_ref())
    }

    /// The Problem at a player's Problem area, quoted (a Dilemma's area names it already).
    fn problem_there(&self, a: Area) -> Option<String> {
        match a {
            Area::Problem(_) => self.there(a).map(|(_, name)| format!("\"{name}\"")),
            Area::Home(_) | Area::Dilemma(_) => None,
        }
    }

    /// A move between areas; the Problems there come last, so that the words up to them
    /// read the same whichever Problem it was.
    fn between(&self, card: CardId, verb: &str, from: Area, to: Area) -> String {
        let at = match (self.problem_there(from), self.problem_there(to)) {
            (Some(f), Some(t)) => format!(" (from {f} to {t})"),
            (Some(f), None) => format!(" (from {f})"),
            (None, Some(t)) => format!(" (to {t})"),
            (None, None) => String::new(),
        };
        format!(
            "{} {verb} from {} to {}{at}",
            self.c(card),
            self.area(from),
            self.area(to)
        )
    }

    fn faceoff_won(&self, winner: PlayerId) -> String {
        let mut s = format!("{} wins the faceoff", self.p(winner));
        s.push_str(&self.sides());
        s
    }

    /// ": P1 5 with flipped ...; P2 4 with no flips", or nothing without sides.
    fn sides(&self) -> String {
        let sides: Vec<String> = self
            .note
            .sides
            .iter()
            .map(|side| {
                let flips: Vec<String> = side
                    .flips
                    .iter()
                    .map(|(name, power, ignored)| {
                        let ignored = if *ignored { ", ignored" } else { "" };
                        format!("\"{name}\" ({power}{ignored})")
                    })
                    .collect();
                let flips = if flips.is_empty() {
                    "no flips".to_string()
                } else {
                    format!("flipped {}", flips.join(", "))
                };
                format!("{} {} with {flips}", self.p(side.player), side.total)
            })
            .collect();
        if sides.is_empty() {
            String::new()
        } else {
            format!(": {}", sides.join("; "))
        }
    }

    fn line(&self, e: &Event) -> (String, bool) {
        let text = match e {
            Event::TurnBegan { player, turn } => {
                format!("--- Turn {turn}: {}'s turn ---", self.p(*player))
            }
            Event::StepBegan(s) => format!("{} begins", s.name()),
            Event::StartingProblem { player, card } => {
                format!("{} starts with {}", self.p(*player), self.c(*card))
            }
            Event::FirstPlayer(p) => format!("{} goes first", self.p(*p)),
            Event::Mulliganed(p) => format!("{} mulligans", self.p(*p)),
            Event::GainedTokens { player, amount } => {
                format!("{} gains {amount} action tokens", self.p(*player))
            }
            Event::PaidTokens { player, amount } => {
                format!("{} pays {amount} action tokens", self.p(*player))
            }
            Event::LostTokens { player, amount } => {
                format!("{} loses {amount} action tokens", self.p(*player))
            }
            Event::Peeked { player, card } => {
                format!("{} looks at {}", self.p(*player), self.c(*card))
            }
            Event::Covered(c) => format!("{} is turned face-down", self.c(*c)),
            Event::Drew { player } => format!("{} draws a card", self.p(*player)),
            Event::Readied(c) => return (format!("{} is readied", self.c(*c)), true),
            Event::Exhausted(c) => return (format!("{} is exhausted", self.c(*c)), true),
            Event::Played { player, card } => {
                format!("{} plays {}", self.p(*player), self.c(*card))
            }
            Event::EnteredPlay {
                card,
                area,
                face_down,
            } => {
                // A Problem entering its own area is not named twice.
                let problem = self
                    .problem_there(*area)
                    .filter(|_| self.there(*area).is_some_and(|(p, _)| p != card))
                    .map(|p| format!(" ({p})"))
                    .unwrap_or_default();
                format!(
                    "{} enters play at {}{}{problem}",
                    self.c(*card),
                    self.area(*area),
                    if *face_down { " face-down" } else { "" }
                )
            }
            Event::Moved { card, from, to, .. } => self.between(*card, "moves", *from, *to),
            Event::Sent { card, from, to } => self.between(*card, "is sent", *from, *to),
            Event::Frightened(c) => format!("{} is frightened", self.c(*c)),
            Event::Unfrightened(c) => format!("{} is turned face-up", self.c(*c)),
            Event::Uncovered(c) => format!("{} is uncovered", self.c(*c)),
            Event::Left { card, to, how, .. } => {
                let verb = match how {
                    Leave::Dismiss => "dismissed",
                    Leave::Retire => "retired",
                    Leave::Discard => "discarded",
                    Leave::Banish => "banished",
                    Leave::Cancel => "canceled",
                    Leave::ToDeckBottom => "put on the bottom",
                    Leave::Spend => "spent",
                    Leave::FlipToDiscard => "put from the flip zone",
                };
                format!(
                    "{} is {verb} (to {}'s {})",
                    self.c(*card),
                    self.owner(*card),
                    to.name()
                )
            }
            Event::Challenged {
                player,
                troublemaker,
            } => format!("{} challenges {}", self.p(*player), self.c(*troublemaker)),
            Event::Confronted { player, problem } => {
                format!("{} confronts {}", self.p(*player), self.c(*problem))
            }
            Event::FaceoffBegan => "a faceoff begins".to_string(),
            Event::Flipped { player, card } => {
                let (power, total) = self.note.flip.unwrap_or((0, 0));
                format!(
                    "{} flips {} (power {power}), total {total}",
                    self.p(*player),
                    self.c(*card)
                )
            }
            Event::FaceoffWon { winner } => self.faceoff_won(*winner),
            // 514.5, 802.3: a tie no flip can break ends the faceoff with no winner;
            // its totals are shown as a won faceoff's are.
            Event::FaceoffEnded if !self.note.sides.is_empty() => {
                format!("the faceoff ends in a tie{}", self.sides())
            }
            Event::FaceoffEnded => return ("the faceoff ends".to_string(), true),
            Event::Scored { player, points: n } => {
                format!("{} scores {n} {}", self.p(*player), points(*n))
            }
            Event::Solved { problem } => format!("{} is solved", self.c(*problem)),
            Event::Replaced { old, new } => match new {
                Some(n) => format!("{} is replaced by {}", self.c(*old), self.c(*n)),
                None => format!("{} is replaced by nothing", self.c(*old)),
            },
            Event::Conceded(p) => format!("{} concedes", self.p(*p)),
            Event::TurnedOver(c) => format!("{} is turned over", self.c(*c)),
            Event::LoopEnded => "a loop of mandatory effects is ended (802.3)".to_string(),
            Event::PhaseBegan(p) => return (format!("{} starts", p.name()), true),
            Event::PhaseEnded(p) => return (format!("{} reaches its end", p.name()), true),
            Event::Defeated {
                player,
                troublemaker,
            } => format!("{} defeats {}", self.p(*player), self.c(*troublemaker)),
            Event::ToDeckTop(c) => format!("{} is put on top of its owner's deck", self.c(*c)),
            Event::ToHand(c) => format!("{} is put into its owner's hand", self.c(*c)),
            Event::Ignored(c) => format!("{} is ignored", self.c(*c)),
            Event::Milled { player, card } => format!(
                "{} puts {} from the top of their deck into their discard pile",
                self.p(*player),
                self.c(*card)
            ),
            // 517.2: the points were already shown; this says which card scored them.
            Event::ScoredWith { card, points: n } => {
                return (format!("{n} point(s) scored with {}", self.c(*card)), true)
            }
            Event::Reattached { card, host } => {
                format!("{} is attached to {}", self.c(*card), self.c(*host))
            }
            Event::ControlChanged { card, from, to } => format!(
                "{} gains control of {} from {}",
                self.p(*to),
                self.c(*card),
                self.p(*from)
            ),
            Event::Revealed { player, card } => {
                format!("{} reveals {}", self.p(*player), self.c(*card))
            }
            Event::Counters { card, delta, .. } => {
                let name = self.note.counter.as_deref().unwrap_or("?");
                let n = delta.unsigned_abs();
                let s = if n == 1 { "" } else { "s" };
                if *delta >= 0 {
                    format!("{n} {name} counter{s} put on {}", self.c(*card))
                } else {
                    format!("{n} {name} counter{s} removed from {}", self.c(*card))
                }
            }
            Event::ActionTaken { player } => {
                return (format!("{}'s action is done", self.p(*player)), true)
            }
        };
        (text, false)
    }
}

impl Logged {
    pub(crate) fn new(event: Event, note: Note) -> Logged {
        Logged { event, note }
    }

    /// This event as `viewer` saw it when it happened.
    pub fn observe(&self, viewer: Viewer) -> Observed {
        let (text, bookkeeping) = Words {
            note: &self.note,
            viewer,
        }
        .line(&self.event);
        Observed { text, bookkeeping }
    }
}
