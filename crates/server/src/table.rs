//! A table: the one [`Game`] the server holds for a match, its seats, and the log as each
//! viewer saw it. Everything a client receives is made here from the core's redacted
//! views ([`Game::observe_as`], [`Game::observe_events`]); nothing is removed afterwards.

use ponyccg_ai::Player;
use ponyccg_core::view::View;
use ponyccg_core::{
    Area, Game, GameSetup, Pending, PlayerDeck, PlayerId, Replay, ReplayError, Viewer,
};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// Who sits in a seat.
pub enum Seat {
    /// Waiting for a person to join with the table's code.
    Open,
    /// A person, who proves it is them with the seat's secret token.
    Person { token: String, name: String },
    /// An AI player, which decides as soon as it is asked.
    Ai(Box<dyn Player>),
}

/// Why a client's answer was refused. The table is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over")]
    GameOver,
    #[error("a spectator can't make decisions")]
    Spectator,
    #[error("the game has not started: a seat is still open")]
    NotStarted,
    #[error("it is not your decision: {deciding} is deciding")]
    NotYours { deciding: PlayerId },
    #[error("decision {answered} is not the current decision ({current})")]
    Stale { answered: u64, current: u64 },
    #[error("choice {index} is out of range: this decision has {len} choices")]
    OutOfRange { index: usize, len: usize },
    #[error("undo is only for casual games")]
    NotCasual,
    #[error("you have made no decision to undo")]
    NothingToUndo,
    #[error("no undo was asked for, or you asked for it yourself")]
    NoUndoAsked,
}

/// A chess clock: each seat's time left, spent while that seat must decide.
#[derive(Clone, Debug)]
pub struct Clock {
    pub remaining_ms: Vec<u64>,
    /// When the deciding seat's time began to run (not stored: time the server was
    /// down is charged to nobody).
    since: Instant,
}

impl Clock {
    pub fn new(remaining_ms: Vec<u64>) -> Clock {
        Clock {
            remaining_ms,
            since: Instant::now(),
        }
    }
}

/// How the table's game ended other than by the rules of the game, for the log.
fn ended_line(p: PlayerId, why: &str) -> String {
    format!("{p} {why}: {p} loses the game (Tournament Floor Rules, Game Loss; 103.4)")
}

/// One choice as a client sees it: its label, what it costs, and the card or area it
/// names, so the client can offer it on the board as well as in a list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChoiceView {
    pub label: String,
    /// Action tokens it costs (609.2), where it is an action with a cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<u16>,
    /// Object number of the card it names (410.6), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<u32>,
    /// The area it names, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub area: Option<Area>,
}

/// Who sits where, as every viewer may know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub player: PlayerId,
    /// "open", "person" or the AI's kind.
    pub kind: String,
    pub name: String,
}

/// What one viewer is sent after every change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Update {
    pub table: String,
    pub viewer: Viewer,
    pub seats: Vec<SeatInfo>,
    /// The board as the viewer may know it; absent until every seat is taken.
    pub view: Option<View>,
    /// The number of the decision the viewer must answer now, if it is theirs.
    pub decision: Option<u64>,
    /// What is being asked and by which rule, when the viewer decides.
    pub asking: Option<String>,
    pub choices: Vec<ChoiceView>,
    /// Index in the viewer's log of the first line of `log`.
    pub log_from: usize,
    pub log: Vec<String>,
    /// Undo is allowed (with the opponent's consent, or directly against the AI).
    pub casual: bool,
    /// The seat that asked to undo its last decision and waits for the other's answer.
    pub undo_asked_by: Option<PlayerId>,
    /// Each seat's time left in milliseconds, when the table has a chess clock, as of
    /// this message; the deciding seat's time is running.
    pub clock_ms: Option<Vec<u64>>,
    /// How many choices the game has recorded (its replay's length).
    pub choices_made: usize,
}

/// A game at the server.
pub struct Table {
    pub code: String,
    seed: u64,
    catalogue: String,
    /// Each seat's deck, once it is taken.
    decks: Vec<Option<PlayerDeck>>,
    game: Option<Game>,
    /// Made when the game starts.
    replay: Option<Replay>,
    seats: Vec<Seat>,
    /// The log as each seat saw it (index = seat), and as spectators saw it.
    seat_logs: Vec<Vec<String>>,
    spectator_log: Vec<String>,
    casual: bool,
    clock: Option<Clock>,
    /// Whose decision each recorded choice was.
    deciders: Vec<PlayerId>,
    undo_asked: Option<PlayerId>,
    /// Bumped when the log is rewritten (an undo), so viewers are sent it again whole.
    epoch: u64,
    /// Open connections per seat, and since when a seat has had none.
    present: Vec<u32>,
    absent_since: Vec<Instant>,
}

/// A table's options, chosen when it is made.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub casual: bool,
    /// Each seat's time, when the table has a chess clock.
    pub clock: Option<Clock>,
}

impl Table {
    /// A table whose seats are taken as given (an open seat has no deck yet). The game
    /// starts once no seat is open.
    pub fn new(
        code: String,
        seed: u64,
        catalogue: &str,
        seats: Vec<(Seat, Option<PlayerDeck>)>,
        options: Options,
    ) -> Table {
        let (seats, decks) = seats.into_iter().unzip();
        let mut t = Table::unstarted(code, seed, catalogue.to_string(), decks, seats, options);
        t.start_if_full();
        t
    }

    /// A table with no game yet: the state both a new table and a restored one start from.
    fn unstarted(
        code: String,
        seed: u64,
        catalogue: String,
        decks: Vec<Option<PlayerDeck>>,
        seats: Vec<Seat>,
        options: Options,
    ) -> Table {
        let n = seats.len();
        Table {
            code,
            seed,
            catalogue,
            decks,
            game: None,
            replay: None,
            seats,
            seat_logs: vec![Vec::new(); n],
            spectator_log: Vec::new(),
            casual: options.casual,
            clock: options.clock,
            deciders: Vec::new(),
            undo_asked: None,
            epoch: 0,
            present: vec![0; n],
            absent_since: vec![Instant::now(); n],
        }
    }

    /// Restores a started table from its replay (after a restart, an undo or to continue
    /// a stored game from a point of it): the same game at the same decision, each seat as
    /// given. A replay from other rules or another catalogue is refused, never replayed.
    pub fn restore(
        code: String,
        replay: Replay,
        setup: GameSetup,
        seats: Vec<Seat>,
        options: Options,
    ) -> Result<Table, ReplayError> {
        replay.check_versions(&replay.catalogue)?;
        let catalogue = replay.catalogue.clone();
        let mut t = Table::unstarted(code, setup.seed, catalogue, Vec::new(), seats, options);
        t.replay_into(replay, setup)?;
        t.run_ai();
        Ok(t)
    }

    /// Plays `replay` from the start, rebuilding the game, the logs and who made which
    /// choice.
    fn replay_into(&mut self, replay: Replay, setup: GameSetup) -> Result<(), ReplayError> {
        let n = self.seats.len();
        let mut seat_logs = vec![Vec::new(); n];
        let mut spectator_log = Vec::new();
        let mut deciders = Vec::new();
        let g = replay.play(&setup, |g, step| {
            if step.is_none() {
                g.set_logging(true);
            }
            Self::collect_into(g, &mut seat_logs, &mut spectator_log);
            if let Some(d) = g.decision() {
                deciders.push(d.player);
            }
        })?;
        deciders.truncate(replay.choices.len());
        self.decks = setup.players.into_iter().map(Some).collect();
        self.game = Some(g);
        self.replay = Some(replay);
        self.seat_logs = seat_logs;
        self.spectator_log = spectator_log;
        self.deciders = deciders;
        self.epoch += 1;
        if let Some(c) = self.clock.as_mut() {
            c.since = Instant::now();
        }
        Ok(())
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn catalogue(&self) -> &str {
        &self.catalogue
    }

    /// Each seat's deck, once taken.
    pub fn decks(&self) -> &[Option<PlayerDeck>] {
        &self.decks
    }

    /// The game so far, once it has started.
    pub fn replay(&self) -> Option<&Replay> {
        self.replay.as_ref()
    }

    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    pub fn is_over(&self) -> bool {
        self.game.as_ref().is_some_and(Game::is_over)
    }

    /// The seat whose secret this is.
    pub fn seat_of(&self, token: &str) -> Option<PlayerId> {
        self.seats
            .iter()
            .position(|s| match s {
                Seat::Person { token: t, .. } => t == token,
                Seat::Open | Seat::Ai(_) => false,
            })
            .map(|i| PlayerId(i as u8))
    }

    /// Seats a person in the first open seat; `None` if there is none.
    pub fn join(&mut self, token: String, name: String, deck: PlayerDeck) -> Option<PlayerId> {
        let i = self.seats.iter().position(|s| matches!(s, Seat::Open))?;
        self.seats[i] = Seat::Person { token, name };
        // A game continued from a stored one has its decks already; keep them.
        if self.game.is_none() {
            self.decks[i] = Some(deck);
        }
        self.start_if_full();
        Some(PlayerId(i as u8))
    }

    pub fn has_open_seat(&self) -> bool {
        self.seats.iter().any(|s| matches!(s, Seat::Open))
    }

    fn start_if_full(&mut self) {
        if self.game.is_some() || self.has_open_seat() {
            return;
        }
        let Some(players) = self.decks.iter().cloned().collect::<Option<Vec<_>>>() else {
            return;
        };
        let setup = GameSetup {
            seed: self.seed,
            players,
        };
        // Each deck was checked to start a game as it was seated.
        let Ok(mut g) = Game::new(&setup) else {
            return;
        };
        g.set_logging(true);
        self.replay = Some(Replay::new(&setup, &self.catalogue));
        self.game = Some(g);
        if let Some(c) = self.clock.as_mut() {
            c.since = Instant::now();
        }
        self.collect_log();
        self.run_ai();
    }

    /// `seat` answers decision number `decision` with choice `index`. Every part of the
    /// answer is checked before anything changes.
    pub fn decide(
        &mut self,
        seat: Option<PlayerId>,
        decision: u64,
        index: usize,
    ) -> Result<(), Refusal> {
        let seat = seat.ok_or(Refusal::Spectator)?;
        // A flag that fell before this answer arrived decides the game first.
        if self.tick(Instant::now(), None) {
            return Err(Refusal::GameOver);
        }
        let g = self.game.as_mut().ok_or(Refusal::NotStarted)?;
        let d = match g.pending() {
            Pending::GameOver(_) => return Err(Refusal::GameOver),
            Pending::Decision(d) => d,
        };
        if d.player != seat {
            return Err(Refusal::NotYours { deciding: d.player });
        }
        let current = g.decisions_made();
        if decision != current {
            return Err(Refusal::Stale {
                answered: decision,
                current,
            });
        }
        let len = d.choices.len();
        if index >= len {
            return Err(Refusal::OutOfRange { index, len });
        }
        self.charge_clock(Instant::now());
        let g = self.game.as_mut().ok_or(Refusal::NotStarted)?;
        g.apply_action(index)
            .map_err(|_| Refusal::OutOfRange { index, len })?;
        if let Some(r) = self.replay.as_mut() {
            r.choices.push(index as u16);
        }
        self.deciders.push(seat);
        self.undo_asked = None;
        self.collect_log();
        self.run_ai();
        Ok(())
    }

    /// `seat` concedes (103.4).
    pub fn concede(&mut self, seat: Option<PlayerId>) -> Result<(), Refusal> {
        let seat = seat.ok_or(Refusal::Spectator)?;
        let g = self.game.as_mut().ok_or(Refusal::NotStarted)?;
        if g.is_over() {
            return Err(Refusal::GameOver);
        }
        g.concede(seat).map_err(|_| Refusal::GameOver)?;
        if let Some(r) = self.replay.as_mut() {
            let at = r.choices.len();
            r.concessions.push((seat.0, at));
        }
        self.undo_asked = None;
        self.collect_log();
        self.run_ai();
        Ok(())
    }

    /// `seat` asks to take back its last decision (and everything after it). Against
    /// AI seats only, it is done at once; otherwise the other seat is asked.
    /// Returns whether the game changed.
    pub fn ask_undo(&mut self, seat: Option<PlayerId>) -> Result<bool, Refusal> {
        let seat = seat.ok_or(Refusal::Spectator)?;
        self.undo_point(seat)?;
        let against_ai_only = self
            .seats
            .iter()
            .enumerate()
            .all(|(i, s)| i == seat.index() || matches!(s, Seat::Ai(_)));
        if against_ai_only {
            self.undo(seat)?;
            return Ok(true);
        }
        self.undo_asked = Some(seat);
        Ok(false)
    }

    /// The other seat answers an undo request.
    pub fn answer_undo(&mut self, seat: Option<PlayerId>, accept: bool) -> Result<(), Refusal> {
        let seat = seat.ok_or(Refusal::Spectator)?;
        let asker = self
            .undo_asked
            .filter(|&a| a != seat)
            .ok_or(Refusal::NoUndoAsked)?;
        self.undo_asked = None;
        if accept {
            self.undo(asker)?;
        }
        Ok(())
    }

    /// Where `seat`'s last decision is in the replay, if it may be undone.
    fn undo_point(&self, seat: PlayerId) -> Result<usize, Refusal> {
        if !self.casual {
            return Err(Refusal::NotCasual);
        }
        let g = self.game.as_ref().ok_or(Refusal::NotStarted)?;
        if g.is_over() {
            return Err(Refusal::GameOver);
        }
        self.deciders
            .iter()
            .rposition(|&p| p == seat)
            .ok_or(Refusal::NothingToUndo)
    }

    /// Takes back `seat`'s last decision and every later one: the game is the replay of
    /// the choices before it, so it is exactly as it was when `seat` was asked.
    fn undo(&mut self, seat: PlayerId) -> Result<(), Refusal> {
        let at = self.undo_point(seat)?;
        let (Some(mut replay), Some(players)) = (
            self.replay.clone(),
            self.decks.iter().cloned().collect::<Option<Vec<_>>>(),
        ) else {
            return Err(Refusal::NotStarted);
        };
        replay.choices.truncate(at);
        replay.concessions.retain(|&(_, when)| when < at);
        let setup = GameSetup {
            seed: self.seed,
            players,
        };
        let before = (self.game.take(), self.replay.take());
        if self.replay_into(replay, setup).is_err() {
            // The shorter replay is a prefix of one that played: this can't fail, but if
            // it did the game stays as it was.
            (self.game, self.replay) = before;
            return Err(Refusal::NothingToUndo);
        }
        let line = format!("{seat} took back a decision (undo)");
        for l in self.seat_logs.iter_mut() {
            l.push(line.clone());
        }
        self.spectator_log.push(line);
        Ok(())
    }

    /// Charges the time since the last change to the seat that was deciding.
    fn charge_clock(&mut self, now: Instant) {
        let deciding = self
            .game
            .as_ref()
            .and_then(|g| g.decision())
            .map(|d| d.player);
        if let (Some(c), Some(p)) = (self.clock.as_mut(), deciding) {
            let spent = now.saturating_duration_since(c.since).as_millis() as u64;
            if let Some(r) = c.remaining_ms.get_mut(p.index()) {
                *r = r.saturating_sub(spent);
            }
            c.since = now;
        }
    }

    /// A person connected to (or left) `seat`.
    pub fn connected(&mut self, seat: PlayerId, on: bool) {
        let i = seat.index();
        if let Some(n) = self.present.get_mut(i) {
            *n = if on { *n + 1 } else { n.saturating_sub(1) };
            if *n == 0 {
                self.absent_since[i] = Instant::now();
            }
        }
    }

    /// Ends the game of a seat whose flag fell (its clock reached zero while it had to
    /// decide) or who has been away for `abandon_after` while the game waited on them.
    /// Either is a game loss for that seat, as the Tournament Floor Rules give for a
    /// player who is not there to play (Tardiness; Game Loss); it is recorded as a
    /// concession (103.4) so the replay ends the same way. Returns whether it changed.
    pub fn tick(&mut self, now: Instant, abandon_after: Option<Duration>) -> bool {
        let Some(g) = self.game.as_ref() else {
            return false;
        };
        let Some(p) = g.decision().map(|d| d.player) else {
            return false;
        };
        let flag = self.clock.as_ref().is_some_and(|c| {
            let spent = now.saturating_duration_since(c.since).as_millis() as u64;
            c.remaining_ms.get(p.index()).is_some_and(|&r| r <= spent)
        });
        let person = matches!(self.seats.get(p.index()), Some(Seat::Person { .. }));
        let away = person
            && abandon_after.is_some_and(|limit| {
                self.present.get(p.index()) == Some(&0)
                    && now.saturating_duration_since(self.absent_since[p.index()]) >= limit
            });
        if !flag && !away {
            return false;
        }
        self.charge_clock(now);
        if self.concede(Some(p)).is_err() {
            return false;
        }
        let line = ended_line(
            p,
            if flag {
                "ran out of time on the clock"
            } else {
                "left the game"
            },
        );
        for l in self.seat_logs.iter_mut() {
            l.push(line.clone());
        }
        self.spectator_log.push(line);
        true
    }

    pub fn casual(&self) -> bool {
        self.casual
    }

    /// Each seat's time left, as of the last change.
    pub fn clock_ms(&self) -> Option<&[u64]> {
        self.clock.as_ref().map(|c| c.remaining_ms.as_slice())
    }

    /// Bumped whenever the log was rewritten.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// AI seats answer until a person must decide or the game is over.
    fn run_ai(&mut self) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        loop {
            let d = match g.pending() {
                Pending::GameOver(_) => break,
                Pending::Decision(d) => d.clone(),
            };
            let Some(Seat::Ai(ai)) = self.seats.get_mut(d.player.index()) else {
                break;
            };
            let i = ai.choose(g, &d).min(d.choices.len().saturating_sub(1));
            if g.apply_action(i).is_err() {
                break;
            }
            if let Some(r) = self.replay.as_mut() {
                r.choices.push(i as u16);
            }
            self.deciders.push(d.player);
            // Each AI decision's events are observed before the next one is made, so
            // every line is worded as it was when it happened.
            let (seats, spectator) = (&mut self.seat_logs, &mut self.spectator_log);
            Self::collect_into(g, seats, spectator);
        }
    }

    fn collect_log(&mut self) {
        if let Some(g) = self.game.as_mut() {
            Self::collect_into(g, &mut self.seat_logs, &mut self.spectator_log);
        }
    }

    fn collect_into(g: &mut Game, seats: &mut [Vec<String>], spectator: &mut Vec<String>) {
        for (i, log) in seats.iter_mut().enumerate() {
            log.extend(
                g.observe_events(Viewer::Seat(PlayerId(i as u8)))
                    .into_iter()
                    .filter(|o| !o.bookkeeping)
                    .map(|o| o.text),
            );
        }
        spectator.extend(
            g.observe_events(Viewer::Spectator)
                .into_iter()
                .filter(|o| !o.bookkeeping)
                .map(|o| o.text),
        );
        g.take_logged();
    }

    fn seat_infos(&self) -> Vec<SeatInfo> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatInfo {
                player: PlayerId(i as u8),
                kind: match s {
                    Seat::Open => "open".into(),
                    Seat::Person { .. } => "person".into(),
                    Seat::Ai(ai) => ai.name().into(),
                },
                name: match s {
                    Seat::Open => String::new(),
                    Seat::Person { name, .. } => name.clone(),
                    Seat::Ai(ai) => format!("{} AI", ai.name()),
                },
            })
            .collect()
    }

    /// What `viewer` is sent, with the log lines from `log_from` on.
    pub fn update_for(&self, viewer: Viewer, log_from: usize) -> Update {
        let log = match viewer {
            Viewer::Seat(p) => self.seat_logs.get(p.index()).map(Vec::as_slice),
            Viewer::Spectator | Viewer::Omniscient => Some(self.spectator_log.as_slice()),
        }
        .unwrap_or_default();
        let log_from = log_from.min(log.len());
        let mut u = Update {
            table: self.code.clone(),
            viewer,
            seats: self.seat_infos(),
            view: None,
            decision: None,
            asking: None,
            choices: Vec::new(),
            log_from,
            log: log[log_from..].to_vec(),
            casual: self.casual,
            undo_asked_by: self.undo_asked,
            clock_ms: self.clock.as_ref().map(|c| {
                let mut left = c.remaining_ms.clone();
                let deciding = self
                    .game
                    .as_ref()
                    .and_then(|g| g.decision())
                    .map(|d| d.player);
                if let Some(r) = deciding.and_then(|p| left.get_mut(p.index())) {
                    *r = r.saturating_sub(c.since.elapsed().as_millis() as u64);
                }
                left
            }),
            choices_made: self.replay.as_ref().map_or(0, |r| r.choices.len()),
        };
        let Some(g) = &self.game else {
            return u;
        };
        u.view = Some(g.observe_as(viewer));
        if let (Some(d), Some(me)) = (g.decision(), viewer.seat()) {
            if d.player == me {
                u.decision = Some(g.decisions_made());
                u.asking = Some(match g.asking_card() {
                    Some(c) => format!("{} (asked by \"{}\")", d.prompt.heading(), g.name(c)),
                    None => d.prompt.heading().to_string(),
                });
                u.choices = g
                    .labels_of(d)
                    .into_iter()
                    .zip(&d.choices)
                    .map(|(label, c)| ChoiceView {
                        label,
                        cost: g.choice_cost(me, c),
                        card: c.card().map(|k| g.card(k).object),
                        area: c.area(),
                    })
                    .collect();
            }
        }
        u
    }
}
