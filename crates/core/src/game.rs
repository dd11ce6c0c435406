//! The public face of the engine: a game as a value that is advanced until it needs a
//! decision, then answered (the architecture guide's resumable state machine).

use crate::card::{CardDef, CardType, ScriptStatus};
use crate::decision::{Choice, Decision};
use crate::event::Event;
use crate::flow::Frame;
use crate::ids::{Area, CardId, DefId, PlayerId, Zone};
use crate::state::{Card, Outcome, Player, State, Step, WinReason};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::sync::Arc;

/// One player's cards at the start of a game (102.1).
#[derive(Clone, Debug)]
pub struct PlayerDeck {
    pub mane: CardDef,
    pub problems: Vec<CardDef>,
    pub draw: Vec<CardDef>,
}

/// Everything needed to start a game: with the choices made, it reproduces the game.
#[derive(Clone, Debug)]
pub struct GameSetup {
    pub seed: u64,
    /// Players in seating order; 2 is the tested case, but nothing assumes it.
    pub players: Vec<PlayerDeck>,
}

/// Why a game can't be built from a setup.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a game needs at least 2 players, got {0}")]
    TooFewPlayers(usize),
    #[error("a game holds at most 8 players, got {0}")]
    TooManyPlayers(usize),
    #[error("{player}: {number} is a {found}, not a Mane Character (102.1)")]
    NotAMane {
        player: PlayerId,
        number: String,
        found: CardType,
    },
    #[error("{player}: {number} is a {found}; a Problem deck holds only Problems (101.3b)")]
    NotAProblem {
        player: PlayerId,
        number: String,
        found: CardType,
    },
    #[error("{player}: {number} is a {found}; a draw deck holds only Friends, Events, Resources and Troublemakers (101.2)")]
    NotADrawCard {
        player: PlayerId,
        number: String,
        found: CardType,
    },
    #[error("{player}: the Problem deck has no Starting Problem (101.3c)")]
    NoStartingProblem { player: PlayerId },
    #[error("{player}: {number} \"{name}\" has game text that is not scripted yet; the engine won't play it as if it had none")]
    Unscripted {
        player: PlayerId,
        number: String,
        name: String,
    },
    #[error(
        "{player}: {number} has the keyword {keyword}, which the engine doesn't implement yet"
    )]
    KeywordNotImplemented {
        player: PlayerId,
        number: String,
        keyword: String,
    },
    #[error("a game holds at most 65535 cards")]
    TooManyCards,
    #[error("{player}: the script of {number} can't be used: {message}")]
    BadScript {
        player: PlayerId,
        number: String,
        message: String,
    },
}

/// Why a choice was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceError {
    #[error("the game is over")]
    GameOver,
    #[error("choice {index} is out of range: the decision offers {count} choices")]
    OutOfRange { index: usize, count: usize },
    #[error("no choice is labelled \"{0}\"")]
    NoSuchLabel(String),
    #[error("{0} has left the game")]
    NotInGame(PlayerId),
}

/// What the engine is waiting for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending<'a> {
    Decision(&'a Decision),
    GameOver(&'a Outcome),
}

/// A game: immutable card definitions shared between clones, plus the state.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) pool: Arc<[CardDef]>,
    /// What the pool's cards can ever do (fixed with the pool).
    pub(crate) facts: crate::pool::PoolFacts,
    /// What each face of the pool has (fixed with the pool; see `face_facts`).
    pub(crate) faces: Arc<[crate::pool::FaceFacts]>,
    /// The kinds of event each face's triggers listen to, as `faces` is indexed.
    pub(crate) listens: Arc<[crate::event::EventKinds]>,
    /// The triggered abilities each face's keywords stand for, as `faces` is indexed.
    pub(crate) keyword_triggers: Arc<[Vec<crate::ability::Ability>]>,
    /// Whether scans through play may pass over cards by the pool's records: the trigger
    /// index, and the faces that print no cost change, prohibition or replacement (off
    /// only to check that it changes nothing).
    pub(crate) scan_skips: bool,
    pub(crate) st: State,
}

impl Game {
    /// Builds the game of 102 and runs it to the first decision.
    pub fn new(setup: &GameSetup) -> Result<Game, SetupError> {
        // 102.2, 101.3c: a game starts with a Starting Problem from each Problem deck.
        for (i, deck) in setup.players.iter().enumerate() {
            if !deck.problems.iter().any(|d| d.is_starting_problem()) {
                return Err(SetupError::NoStartingProblem {
                    player: PlayerId(i as u8),
                });
            }
        }
        let mut g = Game::build(setup)?;
        let n = g.num_players();
        g.st.frames.push(Frame::StartingProblems {
            chosen: vec![None; n],
        });
        g.advance();
        Ok(g)
    }

    /// The cards in their starting zones, decks in list order (last listed on top), and
    /// nothing run yet.
    pub(crate) fn build(setup: &GameSetup) -> Result<Game, SetupError> {
        let n = setup.players.len();
        if n < 2 {
            return Err(SetupError::TooFewPlayers(n));
        }
        if n > 8 {
            return Err(SetupError::TooManyPlayers(n));
        }
        let mut listed = 0;
        for (i, deck) in setup.players.iter().enumerate() {
            check_deck(PlayerId(i as u8), deck)?;
            listed += 1 + deck.problems.len() + deck.draw.len();
            if listed > u16::MAX as usize {
                return Err(SetupError::TooManyCards);
            }
        }
        let built = BuiltPool::of(setup)?;
        let mut ids = built.ids.iter().copied();
        let mut cards = Vec::new();
        let mut players = Vec::new();
        for (i, deck) in setup.players.iter().enumerate() {
            let p = PlayerId(i as u8);
            let mut pl = Player::default();
            let mut add = |zone: Zone, cards: &mut Vec<Card>| {
                let id = CardId(cards.len() as u16);
                let def = ids.next().expect("one pool entry per listed card");
                cards.push(Card::fresh(def, p, zone, id.0 as u32, false));
                id
            };
            // 102.1, 301.1: the Mane Character starts in play at home, Start side up.
            let mane = add(Zone::Play, &mut cards);
            cards[mane.index()].area = Some(Area::Home(p));
            pl.mane = Some(mane);
            for _ in &deck.problems {
                pl.problem_deck.push(add(Zone::ProblemDeck, &mut cards));
            }
            for _ in &deck.draw {
                pl.deck.push(add(Zone::DrawDeck, &mut cards));
            }
            players.push(pl);
        }
        let in_play = players.iter().filter_map(|p| p.mane).collect();
        let next_object = cards.len() as u32;
        let st = State {
            rng: crate::state::GameRng(ChaCha8Rng::seed_from_u64(setup.seed)),
            players,
            cards,
            in_play,
            queue: Vec::new(),
            turn: 0,
            turn_player: PlayerId(0),
            first_player: PlayerId(0),
            step: Step::Setup,
            frames: Vec::new(),
            pending: None,
            outcome: None,
            last_priority: None,
            faceoff: None,
            confronted: Vec::new(),
            contested: Vec::new(),
            solved: Vec::new(),
            played: Vec::new(),
            drawn: Vec::new(),
            tallied: Vec::new(),
            uniqueness_dirty: false,
            modifiers: Vec::new(),
            triggers: Vec::new(),
            firsts: Vec::new(),
            reactable: Vec::new(),
            peeked: Vec::new(),
            linked: Vec::new(),
            named: None,
            named_counters: Vec::new(),
            replacing: Vec::new(),
            entered: Vec::new(),
            leaving_play: None,
            beneath: Vec::new(),
            beneath_left: Vec::new(),
            last_power: Vec::new(),
            last_controller: Vec::new(),
            last_dismissed: None,
            mover: None,
            delayed: Vec::new(),
            new_phases: Vec::new(),
            skipped_phases: Vec::new(),
            last_involved: Vec::new(),
            revealed: Vec::new(),
            picked: Vec::new(),
            decided: Vec::new(),
            paid: Vec::new(),
            contributing: Vec::new(),
            next_object,
            decklook: Default::default(),
            control: Vec::new(),
            books: crate::state::Bookkeeping {
                watchers: crate::event::EventKinds::NONE,
                waves_since_decision: 0,
                loop_digests: Vec::new(),
                watchers_dirty: false,
                pre_priority_settled: false,
                reactions_possible: false,
                log: Vec::new(),
                log_enabled: true,
                decisions: 0,
                counter_names: Vec::new(),
                listed: Default::default(),
                relocated: None,
                tied_sides: None,
                actor: std::cell::Cell::new(None),
                causer: std::cell::Cell::new(None),
                challenging: std::cell::Cell::new(None),
            },
        };
        let facts = built.facts;
        let mut g = Game {
            pool: built.pool.clone(),
            facts,
            faces: built.faces.clone(),
            listens: built.listens.clone(),
            keyword_triggers: built.keyword_triggers.clone(),
            scan_skips: true,
            st,
        };
        g.st.books.reactions_possible = facts.reactions;
        g.refresh_watchers();
        Ok(g)
    }

    /// What the game waits for.
    pub fn pending(&self) -> Pending<'_> {
        match (&self.st.outcome, &self.st.pending) {
            (Some(o), _) => Pending::GameOver(o),
            (None, Some(d)) => Pending::Decision(d),
            (None, None) => unreachable!("advance() always stops at a decision or the end"),
        }
    }

    pub fn decision(&self) -> Option<&Decision> {
        if self.st.outcome.is_some() {
            None
        } else {
            self.st.pending.as_ref()
        }
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.st.outcome.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.st.outcome.is_some()
    }

    /// The flat layer: the legal actions are `0..n` for the pending decision.
    pub fn legal_actions(&self) -> std::ops::Range<u16> {
        match self.decision() {
            Some(d) => 0..d.choices.len() as u16,
            None => 0..0,
        }
    }

    /// Number of choices of the pending decision (0 when the game is over).
    pub fn num_actions(&self) -> usize {
        self.decision().map_or(0, |d| d.choices.len())
    }

    /// Answers the pending decision with choice `index`. An illegal index is refused and
    /// changes nothing.
    pub fn apply_action(&mut self, index: usize) -> Result<(), ChoiceError> {
        if self.st.outcome.is_some() {
            return Err(ChoiceError::GameOver);
        }
        let d = self
            .st
            .pending
            .take()
            .expect("a live game always has a pending decision");
        if index >= d.choices.len() {
            let count = d.choices.len();
            self.st.pending = Some(d);
            return Err(ChoiceError::OutOfRange { index, count });
        }
        self.st.books.decisions += 1;
        self.st.books.waves_since_decision = 0;
        self.st.books.loop_digests.clear();
        let choice = d.choices[index].clone();
        let asked = self.answer(choice);
        self.advance_from(asked);
        Ok(())
    }

    /// Answers the pending decision by the label of a choice.
    pub fn apply_label(&mut self, label: &str) -> Result<(), ChoiceError> {
        if self.is_over() {
            return Err(ChoiceError::GameOver);
        }
        let i = self
            .find_label(label)
            .ok_or_else(|| ChoiceError::NoSuchLabel(label.to_string()))?;
        self.apply_action(i)
    }

    /// 103.4: a player may concede at any time; they lose and leave the game (103.5).
    pub fn concede(&mut self, player: PlayerId) -> Result<(), ChoiceError> {
        if self.st.outcome.is_some() {
            return Err(ChoiceError::GameOver);
        }
        if player.index() >= self.st.players.len() || self.st.players[player.index()].removed {
            return Err(ChoiceError::NotInGame(player));
        }
        self.log(Event::Conceded(player));
        self.remove_player(player);
        if self.st.outcome.is_none() {
            // The decision may have belonged to the player who left: the frame that asked
            // is on top of the stack and asks again when run.
            if self.st.pending.as_ref().is_some_and(|d| d.player == player) {
                self.st.pending = None;
                self.advance();
            }
        }
        Ok(())
    }

    /// 103.5, 103.5a: a player who loses is removed with everything they own.
    pub(crate) fn remove_player(&mut self, player: PlayerId) {
        self.st.players[player.index()].removed = true;
        let owned: Vec<CardId> = self
            .st
            .in_play
            .iter()
            .copied()
            .filter(|&c| self.card(c).owner == player)
            .collect();
        for c in owned {
            self.remove_from_play_list(c);
            let k = self.card_mut(c);
            // A token goes nowhere (521.3); other cards leave the game with their owner.
            k.zone = if k.token { Zone::Gone } else { Zone::Banished };
            k.area = None;
        }
        let left: Vec<PlayerId> = self.active_players().collect();
        if left.len() == 1 {
            self.st.outcome = Some(Outcome::Win {
                winner: left[0],
                reason: WinReason::OpponentsLeft,
            });
        }
    }

    /// Turns logging of events on or off (simulations run faster without).
    pub fn set_logging(&mut self, on: bool) {
        self.st.books.log_enabled = on;
        if !on {
            self.st.books.log.clear();
        }
    }

    /// Takes the events recorded since the last call.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.st.books.log)
            .into_iter()
            .map(|l| l.event)
            .collect()
    }

    /// Records an event: triggers look at it (704.1), Reactions may answer it (512.4d),
    /// and the log keeps it.
    pub(crate) fn log(&mut self, e: Event) {
        if let Event::Played { player, card } = &e {
            self.st.played.push((*player, *card));
        }
        self.collect_triggers(&e);
        if !self.st.modifiers.is_empty() {
            self.end_modifiers_on(&e);
        }
        if !self.st.delayed.is_empty() {
            self.note_delayed(&e);
        }
        if self.st.books.reactions_possible {
            self.st.reactable.push((e.clone(), Vec::new()));
        }
        if self.st.books.log_enabled {
            let note = self.note(&e);
            self.st
                .books
                .log
                .push(crate::describe::Logged::new(e, note));
        }
    }

    // ----- read access -----

    pub fn def(&self, c: CardId) -> &CardDef {
        &self.pool[self.st.cards[c.index()].def.0 as usize]
    }
    /// What the face [`Game::face`] reads of `c` has (face-up or not).
    pub(crate) fn face_facts(&self, c: CardId) -> crate::pool::FaceFacts {
        let k = &self.st.cards[c.index()];
        self.faces[2 * k.def.0 as usize + k.boosted as usize]
    }
    /// The kinds of event the triggers of the face [`Game::face`] reads of `c` listen to.
    pub(crate) fn face_listens(&self, c: CardId) -> crate::event::EventKinds {
        let k = &self.st.cards[c.index()];
        self.listens[2 * k.def.0 as usize + k.boosted as usize]
    }

    /// The triggered abilities the keywords of the face [`Game::face`] reads of `c` stand
    /// for, in keyword order.
    pub(crate) fn face_keyword_triggers(&self, c: CardId) -> &[crate::ability::Ability] {
        let k = &self.st.cards[c.index()];
        &self.keyword_triggers[2 * k.def.0 as usize + k.boosted as usize]
    }

    /// Lists the cards in play again in the index of play, after the play zone changed
    /// or a card in it may show another face (its definition or side changed).
    pub(crate) fn relist(&mut self) {
        let mut listed = std::mem::take(&mut self.st.books.listed);
        listed.rebuild(&self.st.in_play, |c| self.face_facts(c));
        self.st.books.listed = listed;
    }

    /// The cards in play a scan for abilities of one kind (a bit of
    /// [`crate::pool::FaceFacts`]) reads, in play order: those listed under it, or
    /// every card when abilities may come from other cards (Teamwork) or the skips are
    /// off.
    pub(crate) fn in_play_with(&self, kind: crate::pool::FaceFacts) -> &[CardId] {
        if self.scan_skips && !self.facts.teamwork {
            self.st.books.listed.list(kind)
        } else {
            &self.st.in_play
        }
    }

    /// Turns the scan skips off (every event scans every card for triggers, every cost,
    /// prohibition and replacement scan reads every card) or on. Results must not
    /// change: this exists for the test that checks so.
    #[doc(hidden)]
    pub fn set_scan_skips(&mut self, on: bool) {
        self.scan_skips = on;
        self.refresh_watchers();
    }
    pub fn card(&self, c: CardId) -> &Card {
        &self.st.cards[c.index()]
    }
    pub(crate) fn card_mut(&mut self, c: CardId) -> &mut Card {
        self.st.books.pre_priority_settled = false;
        &mut self.st.cards[c.index()]
    }
    pub fn num_cards(&self) -> usize {
        self.st.cards.len()
    }
    pub fn player(&self, p: PlayerId) -> &Player {
        &self.st.players[p.index()]
    }
    pub(crate) fn player_mut(&mut self, p: PlayerId) -> &mut Player {
        &mut self.st.players[p.index()]
    }
    pub fn num_players(&self) -> usize {
        self.st.players.len()
    }
    pub fn players(&self) -> impl Iterator<Item = PlayerId> {
        (0..self.st.players.len() as u8).map(PlayerId)
    }
    /// Players still in the game, in turn order from seat 0.
    pub fn active_players(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.players()
            .filter(|p| !self.st.players[p.index()].removed)
    }
    pub fn turn(&self) -> u32 {
        self.st.turn
    }
    pub fn turn_player(&self) -> PlayerId {
        self.st.turn_player
    }
    pub fn first_player(&self) -> PlayerId {
        self.st.first_player
    }
    pub fn step(&self) -> Step {
        self.st.step
    }
    pub fn score(&self, p: PlayerId) -> u16 {
        self.player(p).score
    }
    pub fn tokens(&self, p: PlayerId) -> u16 {
        self.player(p).tokens
    }
    pub fn faceoff(&self) -> Option<&crate::state::Faceoff> {
        self.st.faceoff.as_ref()
    }
    /// Decisions answered so far.
    pub fn decisions_made(&self) -> u64 {
        self.st.books.decisions
    }
    /// Cards in the play zone, in the order they entered.
    pub fn in_play(&self) -> &[CardId] {
        &self.st.in_play
    }
    pub fn queue(&self) -> &[CardId] {
        &self.st.queue
    }
    /// The cards in play at an area, in the order they entered play.
    pub fn at(&self, area: Area) -> impl Iterator<Item = CardId> + '_ {
        self.st
            .in_play
            .iter()
            .copied()
            .filter(move |&c| self.st.cards[c.index()].area == Some(area))
    }
    /// The Problem card at a Problem area (at a Dilemma's area, the Dilemma, 522.1).
    pub fn problem_at(&self, area: Area) -> Option<CardId> {
        match area {
            Area::Dilemma(d) => self.dilemma_there(d),
            _ => self
                .in_play_with(crate::pool::FaceFacts::PROBLEM_CARD)
                .iter()
                .copied()
                .find(|&c| {
                    self.st.cards[c.index()].area == Some(area)
                        && self.def(c).card_type == CardType::Problem
                }),
        }
    }
    /// The Problem areas that exist: the players' in seat order, then the Dilemmas' in
    /// the order they entered play (522.2a).
    pub fn problem_areas(&self) -> impl Iterator<Item = Area> + '_ {
        self.active_players()
            .map(Area::Problem)
            .filter(|&a| self.problem_at(a).is_some())
            .chain(self.dilemma_areas())
    }
    /// [`Game::problem_areas`] gathered without allocating in the usual case (one per
    /// player, up to 8, and a few Dilemmas).
    pub(crate) fn problem_area_list(&self) -> AreaList {
        let mut list = AreaList {
            items: [Area::Home(PlayerId(0)); AREA_LIST_INLINE],
            len: 0,
            more: Vec::new(),
        };
        for a in self.problem_areas() {
            if list.len < AREA_LIST_INLINE {
                list.items[list.len] = a;
                list.len += 1;
            } else {
                if list.more.is_empty() {
                    list.more.extend_from_slice(&list.items);
                }
                list.more.push(a);
            }
        }
        list
    }

    /// A zone's cards for one player (the play zone: every card that player controls in play).
    pub fn zone(&self, p: PlayerId, zone: Zone) -> Vec<CardId> {
        let pl = self.player(p);
        match zone {
            Zone::DrawDeck => pl.deck.clone(),
            Zone::ProblemDeck => pl.problem_deck.clone(),
            Zone::Hand => pl.hand.clone(),
            Zone::Discard => pl.discard.clone(),
            Zone::Banished => pl.banished.clone(),
            Zone::Flip => pl.flip.clone(),
            Zone::Play => self
                .st
                .in_play
                .iter()
                .copied()
                .filter(|&c| self.card(c).controller == p)
                .collect(),
            Zone::Gone => Vec::new(),
            // In no list: the cards of `p`'s that are set aside (AD114).
            Zone::SetAside => (0..self.num_cards())
                .map(|i| CardId(i as u16))
                .filter(|&c| self.card(c).zone == Zone::SetAside && self.card(c).owner == p)
                .collect(),
            Zone::Queue => self
                .st
                .queue
                .iter()
                .copied()
                .filter(|&c| self.card(c).controller == p)
                .collect(),
        }
    }

    /// Next player in turn order after `p` who is still in the game (510.1).
    pub fn next_player(&self, p: PlayerId) -> PlayerId {
        let n = self.st.players.len() as u8;
        let mut q = p;
        for _ in 0..n {
            q = PlayerId((q.0 + 1) % n);
            if !self.st.players[q.index()].removed {
                return q;
            }
        }
        p
    }

    /// Active players in turn order starting with `first`.
    pub fn players_from(&self, first: PlayerId) -> Vec<PlayerId> {
        let mut v = vec![first];
        let mut q = first;
        loop {
            q = self.next_player(q);
            if q == first {
                break;
            }
            v.push(q);
        }
        v
    }

    pub fn opponents(&self, p: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
        self.active_players().filter(move |&q| q != p)
    }

    /// Human-readable name of a card for labels and logs.
    pub fn name(&self, c: CardId) -> String {
        self.def(c).full_name()
    }

    pub(crate) fn new_object(&mut self) -> u32 {
        self.st.next_object += 1;
        self.st.next_object
    }
}

const AREA_LIST_INLINE: usize = 12;

/// A short list of areas kept inline; a longer one (many Dilemmas in play) spills into
/// `more`, which then holds the whole list.
pub(crate) struct AreaList {
    items: [Area; AREA_LIST_INLINE],
    len: usize,
    more: Vec<Area>,
}

impl std::ops::Deref for AreaList {
    type Target = [Area];
    fn deref(&self) -> &[Area] {
        if self.more.is_empty() {
            &self.items[..self.len]
        } else {
            &self.more
        }
    }
}

/// A game's pool of card definitions and what is worked out from it once (`pool.rs`),
/// with the pool entry of each listed card of the setup in list order (each player's
/// Mane, Problems, then draw deck). Equal definitions share an entry.
struct BuiltPool {
    ids: Vec<DefId>,
    pool: Arc<[CardDef]>,
    facts: crate::pool::PoolFacts,
    faces: Arc<[crate::pool::FaceFacts]>,
    listens: Arc<[crate::event::EventKinds]>,
    keyword_triggers: Arc<[Vec<crate::ability::Ability>]>,
}

thread_local! {
    /// The pools last built on this thread: games played one after another with the same
    /// decks (simulate, bench, tournaments) share one instead of copying every definition
    /// and working the records out again. Two are kept because `simulate` swaps the seats
    /// every game, which lists the same decks in the other order. A pool is shared only
    /// with a setup whose every listed card equals the entry it had, so the game built is
    /// the same.
    static LAST_POOLS: std::cell::RefCell<[Option<std::rc::Rc<BuiltPool>>; 2]> =
        const { std::cell::RefCell::new([None, None]) };
}

impl BuiltPool {
    fn listed(setup: &GameSetup) -> impl Iterator<Item = &CardDef> {
        setup.players.iter().flat_map(|deck| {
            std::iter::once(&deck.mane)
                .chain(deck.problems.iter())
                .chain(deck.draw.iter())
        })
    }

    fn of(setup: &GameSetup) -> Result<std::rc::Rc<BuiltPool>, SetupError> {
        let found =
            LAST_POOLS.with(|l| l.borrow().iter().flatten().find(|b| b.fits(setup)).cloned());
        if let Some(b) = found {
            return Ok(b);
        }
        let b = std::rc::Rc::new(BuiltPool::build(setup)?);
        LAST_POOLS.with(|l| {
            let mut l = l.borrow_mut();
            l[1] = l[0].take();
            l[0] = Some(b.clone());
        });
        Ok(b)
    }

    /// Whether this pool is the one `setup` builds: every listed card equals its entry.
    fn fits(&self, setup: &GameSetup) -> bool {
        let mut n = 0;
        let same = Self::listed(setup).zip(&self.ids).all(|(d, id)| {
            n += 1;
            let x = &self.pool[id.0 as usize];
            x.number == d.number && x == d
        });
        same && n == self.ids.len() && Self::listed(setup).count() == n
    }

    fn build(setup: &GameSetup) -> Result<BuiltPool, SetupError> {
        let mut pool: Vec<CardDef> = Vec::new();
        let mut ids = Vec::new();
        for d in Self::listed(setup) {
            let id = match pool.iter().position(|x| x.number == d.number && x == d) {
                Some(i) => i,
                None => {
                    pool.push(d.clone());
                    pool.len() - 1
                }
            };
            ids.push(DefId(id as u16));
        }
        // 521: tokens the pool's scripts can create need definitions though no deck lists
        // them.
        for t in crate::ability::tokens::token_defs(&pool) {
            if !pool.contains(&t) {
                pool.push(t);
            }
        }
        if pool.len() > u16::MAX as usize {
            return Err(SetupError::TooManyCards);
        }
        Ok(BuiltPool {
            ids,
            facts: crate::pool::PoolFacts::of(&pool),
            faces: crate::pool::face_facts(&pool),
            listens: crate::pool::face_listens(&pool),
            keyword_triggers: crate::pool::face_keyword_triggers(&pool),
            pool: pool.into(),
        })
    }
}

fn check_deck(p: PlayerId, deck: &PlayerDeck) -> Result<(), SetupError> {
    let unscripted = |d: &CardDef| -> Result<(), SetupError> {
        let faces = [Some(&d.face), d.boosted.as_ref()];
        if let Some(k) = faces
            .into_iter()
            .flatten()
            .flat_map(|f| f.keywords.iter())
            .find(|&&k| !crate::ability::keyword::implemented(k))
        {
            return Err(SetupError::KeywordNotImplemented {
                player: p,
                number: d.number.clone(),
                keyword: k.name().to_string(),
            });
        }
        if let Some(message) = faces
            .into_iter()
            .flatten()
            .flat_map(|f| f.abilities.iter())
            .find_map(|a| {
                crate::rules::ability_loss::check(a)
                    .and_then(|()| crate::ability::Trigger::check_ability(a))
                    .err()
            })
        {
            return Err(SetupError::BadScript {
                player: p,
                number: d.number.clone(),
                message,
            });
        }
        if d.script == ScriptStatus::Unscripted {
            Err(SetupError::Unscripted {
                player: p,
                number: d.number.clone(),
                name: d.full_name(),
            })
        } else {
            Ok(())
        }
    };
    if deck.mane.card_type != CardType::ManeCharacter {
        return Err(SetupError::NotAMane {
            player: p,
            number: deck.mane.number.clone(),
            found: deck.mane.card_type,
        });
    }
    unscripted(&deck.mane)?;
    for d in &deck.problems {
        if d.card_type != CardType::Problem {
            return Err(SetupError::NotAProblem {
                player: p,
                number: d.number.clone(),
                found: d.card_type,
            });
        }
        unscripted(d)?;
    }
    for d in &deck.draw {
        if matches!(d.card_type, CardType::ManeCharacter | CardType::Problem) {
            return Err(SetupError::NotADrawCard {
                player: p,
                number: d.number.clone(),
                found: d.card_type,
            });
        }
        unscripted(d)?;
    }
    Ok(())
}

impl Choice {
    /// The card a choice is about, if any.
    pub fn card(&self) -> Option<CardId> {
        match *self {
            Choice::StartingProblem(c)
            | Choice::PlayFriend { card: c, .. }
            | Choice::PlayTimed { card: c, .. }
            | Choice::PlayRedeemed { card: c, .. }
            | Choice::PlayTransformed { card: c, .. }
            | Choice::PlayResource { card: c }
            | Choice::PlayOn { card: c, .. }
            | Choice::PlayEvent { card: c }
            | Choice::PlayTroublemaker { card: c, .. }
            | Choice::Move { card: c, .. }
            | Choice::Rally { card: c }
            | Choice::Uncover(c)
            | Choice::Challenge(c)
            | Choice::Card(c)
            | Choice::ToTop(c)
            | Choice::ToBottom(c)
            | Choice::Activate { card: c, .. }
            | Choice::Trigger(c)
            | Choice::Replacement { card: c, .. }
            | Choice::Name(c)
            | Choice::StaticFirst { card: c, .. } => Some(c),
            Choice::Pass
            | Choice::Continue
            | Choice::Mulligan
            | Choice::Keep
            | Choice::Draw
            | Choice::Confront(_)
            | Choice::Yes
            | Choice::No
            | Choice::NoCard
            | Choice::Problem(_)
            | Choice::Color(_)
            | Choice::Mode(_)
            | Choice::CardType(_) => None,
        }
    }

    /// The area a choice is about (where a card goes, the Problem chosen), if any.
    pub fn area(&self) -> Option<Area> {
        match *self {
            Choice::PlayFriend { to, .. }
            | Choice::PlayTimed { to, .. }
            | Choice::PlayRedeemed { to, .. }
            | Choice::PlayTransformed { to, .. }
            | Choice::PlayTroublemaker { to, .. }
            | Choice::Move { to, .. } => Some(to),
            Choice::Confront(a) | Choice::Problem(a) => Some(a),
            Choice::Pass
            | Choice::Continue
            | Choice::StartingProblem(_)
            | Choice::Mulligan
            | Choice::Keep
            | Choice::PlayResource { .. }
            | Choice::PlayOn { .. }
            | Choice::PlayEvent { .. }
            | Choice::Draw
            | Choice::Rally { .. }
            | Choice::Uncover(_)
            | Choice::Challenge(_)
            | Choice::Card(_)
            | Choice::Activate { .. }
            | Choice::Trigger(_)
            | Choice::Yes
            | Choice::No
            | Choice::NoCard
            | Choice::ToTop(_)
            | Choice::ToBottom(_)
            | Choice::Replacement { .. }
            | Choice::Color(_)
            | Choice::Mode(_)
            | Choice::CardType(_)
            | Choice::Name(_)
            | Choice::StaticFirst { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::two_player_setup;

    /// The pool a thread keeps from its last game is shared only with a setup listing
    /// equal cards in the same order: a definition changed under the same number, or
    /// another deck, gets a pool of its own, and the game built again afterwards is the
    /// one built first.
    #[test]
    fn a_kept_pool_serves_only_the_same_decks() {
        let x = two_player_setup(3);
        let first = Game::build(&x).expect("the test kit's decks");
        let mut y = x.clone();
        let changed = y.players[1].draw.len() - 1;
        let d = &mut y.players[1].draw[changed];
        d.face.power = Some(d.face.power.unwrap_or(0) + 5);
        let power = d.face.power;
        let other = Game::build(&y).expect("the test kit's decks");
        let c = other
            .player(PlayerId(1))
            .deck
            .last()
            .copied()
            .expect("a draw deck");
        assert_eq!(other.face(c).power, power, "the changed card is read");
        assert!(!Arc::ptr_eq(&first.pool, &other.pool));
        let again = Game::build(&x).expect("the test kit's decks");
        assert_eq!(again.digest(), first.digest());
        assert_eq!(&*again.pool, &*first.pool);
        let shared = Game::build(&x).expect("the test kit's decks");
        assert!(
            Arc::ptr_eq(&again.pool, &shared.pool),
            "the same decks share it"
        );
    }
}
