//! The game state: a flat arena of cards, each player's zones, and the turn.
//! Plain data (no `Rc`, `RefCell` or trait objects) so that a clone is cheap.

use crate::decision::Decision;
use crate::event::Event;
use crate::flow::Frame;
use crate::ids::{Area, CardId, DefId, PlayerId, Zone};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};

/// One physical card and its state in the game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    pub def: DefId,
    pub owner: PlayerId,
    /// 513.2: the owner unless a modifier changes it; in the queue, whoever put it there.
    pub controller: PlayerId,
    pub zone: Zone,
    /// The card's area while in play (501).
    pub area: Option<Area>,
    pub face_down: bool,
    /// 504: frightened cards are face-down and neither ready nor exhausted.
    pub frightened: bool,
    /// 503.2: exhaustion counters; a card with none is ready.
    pub exhaustion: u8,
    /// 301.2: a Mane Character turned over to its Boosted side.
    pub boosted: bool,
    /// 519.4: +1 power counters (negative for -1 counters).
    pub power_counters: i16,
    /// 509: the host this attachment is attached to.
    pub host: Option<CardId>,
    /// 410.6: a fresh number each time the card becomes a different card (zone change,
    /// position change in an ordered zone, turned face-down). Views and effects refer to
    /// cards by it, so a stale reference stops working and hidden moves can't be traced.
    pub object: u32,
    /// 521: a token, created by an effect; it exists only in play (521.3, 521.4) and
    /// costs nothing (521.1).
    pub token: bool,
}

impl Card {
    /// A card as it starts: owned and controlled by `owner`, in `zone`, in no state.
    pub(crate) fn fresh(def: DefId, owner: PlayerId, zone: Zone, object: u32, token: bool) -> Card {
        Card {
            def,
            owner,
            controller: owner,
            zone,
            area: None,
            face_down: false,
            frightened: false,
            exhaustion: 0,
            boosted: false,
            power_counters: 0,
            host: None,
            object,
            token,
        }
    }

    pub fn is_exhausted(&self) -> bool {
        self.exhaustion > 0 && !self.frightened
    }
    pub fn is_ready(&self) -> bool {
        self.zone == Zone::Play && self.exhaustion == 0 && !self.frightened
    }
}

/// A player's own zones (401.4) and counters.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Player {
    pub mane: Option<CardId>,
    /// Top of deck is the *end* of the vector, so drawing is a `pop`.
    pub deck: Vec<CardId>,
    /// Top of the Problem deck is the end of the vector.
    pub problem_deck: Vec<CardId>,
    pub hand: Vec<CardId>,
    pub discard: Vec<CardId>,
    pub banished: Vec<CardId>,
    pub flip: Vec<CardId>,
    pub score: u16,
    pub tokens: u16,
    /// 103.5: removed from the game (lost or conceded).
    pub removed: bool,
    pub turns_taken: u32,
    /// How many of `tokens` last only until the current phase ends (spent first).
    pub phase_tokens: u16,
}

/// Phases and steps of the turn (601.3), plus the game's setup (102).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    Setup,
    Ready,
    Action,
    Draw,
    Uncover,
    Challenge,
    Main,
    Confront,
    Faceoff,
    Solve,
    EndOfTurn,
    WrapUp,
}

/// The five phases of 601.3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    Setup,
    Ready,
    Troublemaker,
    Main,
    Score,
    End,
}

impl Step {
    pub fn phase(self) -> Phase {
        match self {
            Step::Setup => Phase::Setup,
            Step::Ready | Step::Action | Step::Draw => Phase::Ready,
            Step::Uncover | Step::Challenge => Phase::Troublemaker,
            Step::Main => Phase::Main,
            Step::Confront | Step::Faceoff | Step::Solve => Phase::Score,
            Step::EndOfTurn | Step::WrapUp => Phase::End,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Step::Setup => "Setup",
            Step::Ready => "Ready Step",
            Step::Action => "Action Step",
            Step::Draw => "Draw Step",
            Step::Uncover => "Uncover Step",
            Step::Challenge => "Challenge Step",
            Step::Main => "Main Phase",
            Step::Confront => "Confront Step",
            Step::Faceoff => "Faceoff Step",
            Step::Solve => "Solve Step",
            Step::EndOfTurn => "End of Turn Step",
            Step::WrapUp => "Wrap Up Step",
        }
    }
}

impl Step {
    pub const ALL: [Step; 12] = [
        Step::Setup,
        Step::Ready,
        Step::Action,
        Step::Draw,
        Step::Uncover,
        Step::Challenge,
        Step::Main,
        Step::Confront,
        Step::Faceoff,
        Step::Solve,
        Step::EndOfTurn,
        Step::WrapUp,
    ];

    /// A step by its name ("Draw Step", "draw", "main phase"), ignoring case.
    pub fn parse(s: &str) -> Option<Step> {
        let want = s.trim().to_ascii_lowercase();
        let bare = want.trim_end_matches(" step").trim_end_matches(" phase");
        Step::ALL.into_iter().find(|st| {
            let n = st.name().to_ascii_lowercase();
            n == want || n.trim_end_matches(" step").trim_end_matches(" phase") == bare
        })
    }
}

impl Phase {
    /// A phase by its name ("Score Phase", "score"), ignoring case.
    pub fn parse(s: &str) -> Option<Phase> {
        let want = s.trim().to_ascii_lowercase();
        let bare = want.trim_end_matches(" phase");
        [
            Phase::Setup,
            Phase::Ready,
            Phase::Troublemaker,
            Phase::Main,
            Phase::Score,
            Phase::End,
        ]
        .into_iter()
        .find(|p| p.name().to_ascii_lowercase().trim_end_matches(" phase") == bare)
    }

    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "Setup",
            Phase::Ready => "Ready Phase",
            Phase::Troublemaker => "Troublemaker Phase",
            Phase::Main => "Main Phase",
            Phase::Score => "Score Phase",
            Phase::End => "End Phase",
        }
    }
}

/// How a game ended (103).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Win {
        winner: PlayerId,
        reason: WinReason,
    },
    /// 103.2a: several players would win at once.
    Draw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinReason {
    /// 103.2: 15 or more points.
    Points,
    /// 103.3: no opponents remain (they conceded, 103.4).
    OpponentsLeft,
}

/// The kind of a faceoff (514, 608.4, 612).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FaceoffKind {
    /// 608.4: a challenge; the challenger and the Troublemaker.
    Troublemaker {
        troublemaker: CardId,
        object: u32,
        challenger: PlayerId,
        at: Area,
        /// 514.3a.i: a challenge an effect made with one character only ("with this
        /// card"), involved while it is at the Troublemaker's area.
        #[serde(default)]
        alone: Option<CardId>,
    },
    /// 514.3c: started by an effect: the cards it flagged (each while it stays the same
    /// object in play, 514.3d.i), or with `at` every character at that Problem (514.3e).
    ByEffect {
        cards: Vec<(CardId, u32)>,
        at: Option<Area>,
    },
    /// 612.2: at one Problem.
    Problem { at: Area },
    /// 612.1: at every Problem.
    MultiProblem { at: Vec<Area> },
}

/// The faceoff in progress (there is at most one, 707.4a).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Faceoff {
    pub kind: FaceoffKind,
    /// 514.3: the player who started it and that player's opponent.
    pub players: Vec<PlayerId>,
    /// Cards flipped during this faceoff, by player (they sit in each flip zone).
    pub flipped: Vec<(PlayerId, CardId)>,
    pub resolved: bool,
    /// 515.4: flipped cards ignored by effects (they stay flipped, 514.5b).
    pub ignored: Vec<CardId>,
    /// Cards whose once-per-faceoff ability has been used in this faceoff.
    pub used: Vec<CardId>,
    /// Cards whose once-per-faceoff replacement (710) has applied in this faceoff.
    pub replaced: Vec<CardId>,
    /// 514.7: the flipped cards being put away at the end, from this index on.
    pub putting_away: u32,
    /// 514.7: flipped cards bound for the bottom of their owner's deck, waiting for the
    /// owner to choose their order.
    pub to_bottom: Vec<CardId>,
    /// Glossary, Studious: players who have gained a token from a Studious card in this
    /// faceoff.
    pub studious: Vec<PlayerId>,
    /// 514.6d: what the effect that started it has the winner and the losers do.
    pub outcome: Option<Box<FaceoffOutcome>>,
    /// 514.3d: cards an effect made cease to be involved (each as the object it was).
    pub excluded: Vec<(CardId, u32)>,
    /// 514.6c: the winner's Problem bonus is being scored now, so the points scored are
    /// that bonus (`Happening::ScoresBonus`, CN142).
    pub scoring_bonus: bool,
    /// 514.4a: the answers, in order, to the "may flip more" modifiers offered before the
    /// first flip (`FaceoffStage::FlipChoice`): whether each one's player said yes.
    pub flip_more: Vec<bool>,
    /// 514.3d: cards an effect made involved (CN12), each as the object it was: in a
    /// faceoff at a Problem only while at one of its areas; flagged in one at no Problem
    /// (514.3d.i).
    pub added: Vec<(CardId, u32)>,
}

/// 514.6d: the instructions of the effect that started a faceoff for its winner and
/// losers, with that effect's point of view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FaceoffOutcome {
    pub ctx: crate::ability::trigger::Ctx,
    pub winner: Vec<crate::ability::Effect>,
    pub loser: Vec<crate::ability::Effect>,
    pub at_end: bool,
}

/// One thing a player did this turn, for the per-turn limits (`Prohibition::PerTurn`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Tallied {
    Points(PlayerId, u16),
    Confront(PlayerId),
}

/// The whole game state. Engine logic lives on [`crate::Game`], which pairs this with
/// the immutable card definitions. Every field is a game fact and the digest hashes them
/// all (`digest.rs`): a new field is in the digest unless it goes into [`Bookkeeping`].
#[derive(Clone, Debug, Hash)]
pub struct State {
    pub(crate) rng: GameRng,
    pub(crate) players: Vec<Player>,
    pub(crate) cards: Vec<Card>,
    /// Cards in the play zone, in the order they entered it.
    pub(crate) in_play: Vec<CardId>,
    pub(crate) queue: Vec<CardId>,
    pub(crate) turn: u32,
    pub(crate) turn_player: PlayerId,
    pub(crate) first_player: PlayerId,
    pub(crate) step: Step,
    pub(crate) frames: Vec<Frame>,
    pub(crate) pending: Option<Decision>,
    pub(crate) outcome: Option<Outcome>,
    /// 511.7a, 516.2a, 801.1: who most recently had priority.
    pub(crate) last_priority: Option<PlayerId>,
    pub(crate) faceoff: Option<Faceoff>,
    /// Problems confronted this Score Phase (612).
    pub(crate) confronted: Vec<Area>,
    /// 611.4: Problems confronted this Score Phase where an opponent also met their
    /// requirements, with the first such opponent.
    pub(crate) contested: Vec<(Area, PlayerId)>,
    /// 613.1: Problems at which Problem faceoffs were resolved this turn.
    pub(crate) solved: Vec<Area>,
    /// 705.2g: each card played this turn and who played it, in order.
    pub(crate) played: Vec<(PlayerId, CardId)>,
    /// Who drew each card drawn this turn, in order (`Amount::DrawnThisTurn`).
    pub(crate) drawn: Vec<PlayerId>,
    /// What each player did this turn that a per-turn limit counts
    /// (`Prohibition::PerTurn`): points scored and Problems confronted (cards played are
    /// in `played`).
    pub(crate) tallied: Vec<Tallied>,
    /// Set when something may have broken uniqueness (516.1), checked before the next step.
    pub(crate) uniqueness_dirty: bool,
    pub(crate) next_object: u32,
    /// 708: modifiers with a duration, in timestamp order (711.3).
    pub(crate) modifiers: Vec<crate::ability::trigger::Modifier>,
    /// 704.1c, 511.7: triggered effects waiting for pre-priority processing.
    pub(crate) triggers: Vec<crate::ability::trigger::Waiting>,
    /// 512.4d: events since the most recent priority window closed, for Reactions, with
    /// the Reactions already used on each (512.4c).
    pub(crate) reactable: Vec<(Event, Vec<CardId>)>,
    /// Face-down cards a player has looked at, by object number (401.2: a card that
    /// changes zones is a new object, so the knowledge goes with the old one).
    pub(crate) peeked: Vec<(u32, PlayerId)>,
    /// Once-per-object triggers already met ("the first player to …", "when this card
    /// has N power"), by card, object number and ability index (410.6: a card that
    /// becomes a new object starts over).
    pub(crate) firsts: Vec<(CardId, u32, u8)>,
    /// Decks being looked at, pending discounts, Inspired use and points scored with
    /// cards (see `ability/look.rs`).
    pub(crate) decklook: crate::ability::look::DeckLook,
    /// Cards an ability banished and will bring back later (`BanishLinked`): the card
    /// with the ability, and the banished card.
    pub(crate) linked: Vec<(CardId, CardId)>,
    /// The card whose name the latest `Effect::Name` named (201.1), read by
    /// `Condition::ItIsNamed`.
    pub(crate) named: Option<CardId>,
    /// 519.1: named counters on cards.
    pub(crate) named_counters: Vec<crate::ability::counters::NamedCounters>,
    /// 513.2: control changes in effect, in the order they were made.
    pub(crate) control: Vec<crate::rules::control::ControlChange>,
    /// Occurrences waiting for a replacement decision (710.5), queued by
    /// [`Game::occur`](crate::Game) and turned into frames before the next frame runs;
    /// always empty while a decision is pending.
    pub(crate) replacing: Vec<crate::rules::replace::Settling>,
    /// The card being put into a hand or on a deck from play, while its event is logged
    /// (so leave-play triggers can tell it from a card leaving a discard pile).
    pub(crate) leaving_play: Option<CardId>,
    /// Cards banished beneath a card in play (Pumped, 410.5): the card above, and the
    /// banished card, in the order they were put there. A link ends as either leaves its
    /// zone.
    pub(crate) beneath: Vec<(CardId, CardId)>,
    /// The links of hosts that have left play, as they were when it left (701.3: a card
    /// that left play is read as it was in play; CN134 pays by dismissing itself, CN164
    /// answers its own leaving), until the host or the banished card changes zones again.
    pub(crate) beneath_left: Vec<(CardId, CardId)>,
    /// The power of cards that have left play, as they were when they left (701.3: a card
    /// that left play is read as it was in play; CN147 adds a defeated Troublemaker's
    /// power later), each with the object it became, until it changes zones again.
    pub(crate) last_power: Vec<(CardId, u32, i16)>,
    /// The controller of cards that have left play, as they left (701.3), each with the
    /// object it became, until it changes zones again: `ItsController` of a dismissed
    /// Friend is who controlled it, not its owner.
    pub(crate) last_controller: Vec<(CardId, u32, PlayerId)>,
    /// 706.1a, 520.3, 711.6: what cards' entries into play decided.
    pub(crate) entered: Vec<crate::rules::entering::Entered>,
    /// The card most recently dismissed, and the object it became (read by "if you do",
    /// `Condition::ItDismissed`).
    pub(crate) last_dismissed: Option<(CardId, u32)>,
    /// The player moving a card while its move is performed (`Game::move_by`); `None`
    /// at any other time, so it needs no place in the digest.
    pub(crate) mover: Option<PlayerId>,
    /// Delayed effects waiting for their moment (`ability/delayed.rs`).
    pub(crate) delayed: Vec<crate::ability::delayed::Delayed>,
    /// Phases an effect started anew (`Effect::NewPhase`), to begin in order once the
    /// current phase is over.
    pub(crate) new_phases: Vec<Phase>,
    /// Phases whose next occurrence is skipped (`Effect::SkipPhase`).
    pub(crate) skipped_phases: Vec<Phase>,
    /// 514.7: the cards involved in the latest faceoff as it ended (each as the object
    /// it was), read by place `WasInvolved` once it is over.
    pub(crate) last_involved: Vec<(CardId, u32)>,
    /// The cards the effect being followed revealed (place `Revealed`); empty between
    /// effects.
    pub(crate) revealed: Vec<CardId>,
    /// The cards the latest `Pick` of the effect being followed chose (place `Picked`);
    /// empty between effects.
    pub(crate) picked: Vec<CardId>,
    /// 611.3a under a limit on how many contribute (AD181): the characters each player
    /// chose to contribute to confronting the Problem at an area, for the confront steps
    /// of this Score Phase.
    pub(crate) contributing: Vec<(Area, PlayerId, Vec<CardId>)>,
    /// The cards chosen to pay the cost of the effect being followed (a `Cost` that
    /// chooses a card, `Selection::paid`; description `other_than_paid`); empty between
    /// effects.
    pub(crate) paid: Vec<CardId>,
    /// 801.1: the effects of the players who have made their decisions for an
    /// `Effect::By` with `decide_first`, in turn order, waiting for the others to decide;
    /// empty between effects.
    pub(crate) decided: Vec<crate::ability::resolve::Resolution>,
    /// Engine bookkeeping beside the game facts (left out of the digest).
    pub(crate) books: Bookkeeping,
}

/// Engine bookkeeping kept beside the game facts: caches of what the facts imply, the
/// loop watch, the event log and the decision count. None of it decides how the game goes
/// on, so it hashes to nothing and the digest of two games that differ only here is the
/// same.
#[derive(Clone, Debug)]
pub(crate) struct Bookkeeping {
    /// The kinds of event some card in play has a trigger for (the game-wide part of the
    /// trigger index): an event of another kind skips the scan.
    pub(crate) watchers: crate::event::EventKinds,
    /// 802: trigger waves since the last decision, and the states seen while watching
    /// for a loop.
    pub(crate) waves_since_decision: u32,
    pub(crate) loop_digests: Vec<u64>,
    /// Set when cards left play or turned over, so `watchers` is recomputed before the
    /// next scan (a card that just left still triggers on its own leaving).
    pub(crate) watchers_dirty: bool,
    /// Set when pre-priority processing found nothing to do; any change to a card or to
    /// the play zone clears it (`card_mut`, `remove_from_play_list`, `relocate`), so
    /// while it is set the search need not be repeated.
    pub(crate) pre_priority_settled: bool,
    /// Whether any card in the game has a Reaction (skips recording events for them).
    pub(crate) reactions_possible: bool,
    pub(crate) log: Vec<crate::describe::Logged>,
    pub(crate) log_enabled: bool,
    pub(crate) decisions: u64,
    /// The names of the counters put in this game, so that a counter kind is a small
    /// copyable value (`Counter::Named`).
    pub(crate) counter_names: Vec<String>,
    /// The cards in play by the kinds of ability their faces have (the index of play
    /// for everything but triggers), kept as play changes (`Game::relist`).
    pub(crate) listed: crate::pool::PlayIndex,
    /// The card that last changed zones, the zone it left, whether it was face-down there
    /// and who controlled it: the describer tells from it who saw the card before it
    /// moved.
    pub(crate) relocated: Option<(CardId, Zone, bool, PlayerId)>,
    /// A faceoff that ended tied (514.5, 802.3): each side's flips and total, for the
    /// describer's line of its end.
    pub(crate) tied_sides: Option<Vec<crate::describe::Side>>,
    /// The player whose effect is being followed or whose cost is being paid or
    /// checked: who does what happens now, for prohibitions naming who causes it
    /// (`Prohibition::By`). Set only for the call that does it.
    pub(crate) actor: std::cell::Cell<Option<PlayerId>>,
    /// The player whose effect makes the actor do what happens now, when that is
    /// another player (`Selection::causer`): "an opponent forces you to …" (CN25). Set
    /// only for the call that does it; `None` when the actor does it of their own.
    pub(crate) causer: std::cell::Cell<Option<PlayerId>>,
    /// The challenge a prohibition is being checked against (place `Challenging`): the
    /// challenger, the Troublemaker and, for an effect's challenge with one character
    /// (514.3a.i), that character. Set only for the call that checks it.
    pub(crate) challenging: std::cell::Cell<Option<(PlayerId, CardId, Option<CardId>)>>,
}

impl Hash for Bookkeeping {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

/// The game's random generator. Its position is a game fact (the same position deals the
/// same cards), so it hashes as its seed and word position.
#[derive(Clone, Debug)]
pub(crate) struct GameRng(pub(crate) ChaCha8Rng);

impl Hash for GameRng {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.0.get_seed().hash(h);
        self.0.get_word_pos().hash(h);
    }
}

impl std::ops::Deref for GameRng {
    type Target = ChaCha8Rng;
    fn deref(&self) -> &ChaCha8Rng {
        &self.0
    }
}

impl std::ops::DerefMut for GameRng {
    fn deref_mut(&mut self) -> &mut ChaCha8Rng {
        &mut self.0
    }
}
