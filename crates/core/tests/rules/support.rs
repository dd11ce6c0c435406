//! A strict scenario harness: build a board, answer decisions by label, and fail on any
//! decision the test did not expect.

use ponyccg_core::board::{Board, InPlay, StartAt};
use ponyccg_core::card::{CardDef, Color, ReqColor};
use ponyccg_core::testkit::*;
use ponyccg_core::{Area, CardId, Game, GameSetup, Pending, PlayerDeck, PlayerId};

pub const P1: PlayerId = PlayerId(0);
pub const P2: PlayerId = PlayerId(1);

/// A deck holding the given draw cards (plus filler so nothing runs out by accident),
/// a Mane Character and two Starting Problems.
pub fn deck(prefix: &str, color: Color, draw: Vec<CardDef>, filler: usize) -> PlayerDeck {
    let mut d = draw;
    for i in 0..filler {
        d.push(friend(&format!("{prefix}F{}", i % 3), color, 1, 1, 0));
    }
    let p = |n: &str, b| {
        problem(
            &format!("{prefix}{n}"),
            &[(ReqColor::Color(color), 3), (ReqColor::Not(color), 1)],
            5,
            b,
            true,
        )
    };
    PlayerDeck {
        mane: mane(&format!("{prefix}M"), color, 1, 3),
        problems: vec![p("P1", 1), p("P2", 2)],
        draw: d,
    }
}

pub struct T {
    pub g: Game,
}

impl T {
    pub fn labels(&self) -> Vec<String> {
        self.g.labels()
    }

    pub fn who(&self) -> PlayerId {
        match self.g.pending() {
            Pending::Decision(d) => d.player,
            Pending::GameOver(o) => panic!("the game is over ({o:?})"),
        }
    }

    /// Answers the pending decision, which must be `player`'s and offer `label`.
    pub fn choose(&mut self, player: PlayerId, label: &str) {
        let who = self.who();
        assert_eq!(
            who,
            player,
            "expected a decision for {player}, but {who} is deciding: {:?}",
            self.labels()
        );
        let i = self
            .g
            .find_label(label)
            .unwrap_or_else(|| panic!("{label:?} is not offered; offered: {:#?}", self.labels()));
        self.g.apply_action(i).unwrap();
    }

    pub fn offered(&self, label: &str) -> bool {
        self.g.find_label(label).is_some()
    }

    pub fn assert_offered(&self, label: &str) {
        assert!(
            self.offered(label),
            "{label:?} should be offered; offered: {:#?}",
            self.labels()
        );
    }

    pub fn assert_not_offered(&self, label: &str) {
        assert!(
            !self.offered(label),
            "{label:?} should not be offered; offered: {:#?}",
            self.labels()
        );
    }
}

/// Builds a two-player board with `f` and starts it at `at`, P1's turn 3 (P1 went first).
pub fn board(p1: PlayerDeck, p2: PlayerDeck, at: StartAt, f: impl FnOnce(&mut Board)) -> T {
    let setup = GameSetup {
        seed: 7,
        players: vec![p1, p2],
    };
    let mut b = Board::new(&setup).unwrap();
    for p in [P1, P2] {
        let starting = b.game().player(p).problem_deck.last().copied().unwrap();
        b.to_play(starting, Area::Problem(p), InPlay::default())
            .unwrap();
    }
    b.set_turn(3, P1, P1);
    f(&mut b);
    T {
        g: b.start(at).unwrap(),
    }
}

pub fn place(b: &mut Board, p: PlayerId, number: &str, area: Area) -> CardId {
    let c = b.take(p, number).unwrap();
    b.to_play(c, area, InPlay::default()).unwrap();
    c
}

pub fn place_with(b: &mut Board, p: PlayerId, number: &str, area: Area, how: InPlay) -> CardId {
    let c = b.take(p, number).unwrap();
    b.to_play(c, area, how).unwrap();
    c
}

pub fn to_hand(b: &mut Board, p: PlayerId, number: &str) -> CardId {
    let c = b.take(p, number).unwrap();
    b.to_zone(c, ponyccg_core::Zone::Hand).unwrap();
    c
}

/// A card definition with these abilities, marked scripted.
pub fn with(mut d: CardDef, abilities: Vec<ponyccg_core::ability::Ability>) -> CardDef {
    d.face.abilities = abilities;
    d.script = ponyccg_core::card::ScriptStatus::Scripted;
    d
}

/// An Event with this cost and timing that does `effects`.
pub fn event(
    number: &str,
    cost: u8,
    timing: ponyccg_core::ability::Timing,
    effects: Vec<ponyccg_core::ability::Effect>,
) -> CardDef {
    let mut d = resource(number, Color::Blue, 1, cost);
    d.card_type = ponyccg_core::card::CardType::Event;
    d.title = format!("Event {number}");
    with(
        d,
        vec![ponyccg_core::ability::Ability::Play {
            timing,
            cost: vec![],
            effects,
        }],
    )
}

/// A Main Phase Event costing nothing that does `effects`.
pub fn main_event(number: &str, effects: Vec<ponyccg_core::ability::Effect>) -> CardDef {
    event(
        number,
        0,
        ponyccg_core::ability::Timing::Phase(ponyccg_core::ability::PhaseName::Main),
        effects,
    )
}

/// A triggered ability: when `when` happens (and `condition` holds), its controller draws
/// a card. The plainest trigger to watch for in a test.
pub fn draw_on(
    when: ponyccg_core::ability::Trigger,
    condition: Option<ponyccg_core::ability::Condition>,
) -> ponyccg_core::ability::Ability {
    use ponyccg_core::ability::{Ability, Amount, Effect, Who};
    Ability::Triggered {
        when,
        condition,
        optional: false,
        cost: vec![],
        effects: vec![Effect::Draw {
            who: Who::You,
            amount: Amount::N(1),
        }],
    }
}

/// P1 plays "EV" (doing `effects`) from hand in their Main Phase, with `more` in P1's deck
/// and `theirs` in P2's, on a board `f` adds to.
pub fn event_played(
    effects: Vec<ponyccg_core::ability::Effect>,
    more: Vec<CardDef>,
    theirs: Vec<CardDef>,
    f: impl FnOnce(&mut Board),
) -> T {
    let mut cards = vec![main_event("EV", effects)];
    cards.extend(more);
    let mut t = board(
        deck("A", Color::Blue, cards, 5),
        deck("B", Color::Orange, theirs, 5),
        StartAt::MainPhase,
        |b| {
            to_hand(b, P1, "EV");
            f(b);
        },
    );
    t.choose(P1, "play \"Event EV\"");
    t
}
