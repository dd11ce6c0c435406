//! What happened: one record per occurrence performed (the game log).

use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::state::Step;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    TurnBegan {
        player: PlayerId,
        turn: u32,
    },
    StepBegan(Step),
    StartingProblem {
        player: PlayerId,
        card: CardId,
    },
    FirstPlayer(PlayerId),
    Mulliganed(PlayerId),
    GainedTokens {
        player: PlayerId,
        amount: u16,
    },
    PaidTokens {
        player: PlayerId,
        amount: u16,
    },
    LostTokens {
        player: PlayerId,
        amount: u16,
    },
    /// A player looked at a face-down card (only they learn what it is).
    Peeked {
        player: PlayerId,
        card: CardId,
    },
    /// A face-up Troublemaker was turned face-down.
    Covered(CardId),
    Drew {
        player: PlayerId,
    },
    Readied(CardId),
    Exhausted(CardId),
    Played {
        player: PlayerId,
        card: CardId,
    },
    EnteredPlay {
        card: CardId,
        area: Area,
        face_down: bool,
    },
    /// 506: a card was moved by a player (with a Move action or an effect they control).
    Moved {
        card: CardId,
        from: Area,
        to: Area,
        by: PlayerId,
    },
    Sent {
        card: CardId,
        from: Area,
        to: Area,
    },
    Frightened(CardId),
    Unfrightened(CardId),
    Uncovered(CardId),
    Left {
        card: CardId,
        to: Zone,
        how: Leave,
        /// Where it was, and who controlled it, as it left (for leave-play triggers).
        from: Option<Area>,
        controller: PlayerId,
    },
    Challenged {
        player: PlayerId,
        troublemaker: CardId,
    },
    Confronted {
        player: PlayerId,
        problem: CardId,
    },
    FaceoffBegan,
    Flipped {
        player: PlayerId,
        card: CardId,
    },
    FaceoffWon {
        winner: PlayerId,
    },
    FaceoffEnded,
    Scored {
        player: PlayerId,
        points: u16,
    },
    Solved {
        problem: CardId,
    },
    Replaced {
        old: CardId,
        new: Option<CardId>,
    },
    Conceded(PlayerId),
    /// 301.2.
    TurnedOver(CardId),
    /// 802.3: a loop of mandatory effects was ended.
    LoopEnded,
    /// A phase began or reached its end (601.2), for "at the start/end of" triggers.
    PhaseBegan(crate::state::Phase),
    PhaseEnded(crate::state::Phase),
    /// 514.6a: a Troublemaker was defeated by this player.
    Defeated {
        player: PlayerId,
        troublemaker: CardId,
    },
    /// A card put on top of its owner's deck.
    ToDeckTop(CardId),
    /// A card put into a hand from play or a deck.
    ToHand(CardId),
    /// 515.4: a flipped card is ignored.
    Ignored(CardId),
    /// The top card of a player's deck put into their discard pile.
    Milled {
        player: PlayerId,
        card: CardId,
    },
    /// 517.2: points a player has just scored were scored with this card.
    ScoredWith {
        card: CardId,
        points: u16,
    },
    /// 509: an attachment is attached to another card.
    Reattached {
        card: CardId,
        host: CardId,
    },
    /// 513.2: a card in play changes controller.
    ControlChanged {
        card: CardId,
        from: PlayerId,
        to: PlayerId,
    },
    /// A player revealed a card (from their hand, or from the top of a deck).
    Revealed {
        player: PlayerId,
        card: CardId,
    },
    /// 519: counters were put on (`delta` > 0) or removed from a card.
    Counters {
        card: CardId,
        counter: crate::ability::counters::Counter,
        delta: i16,
    },
    /// 705.1, 705.2h: a player's action (playing a card, a Main Phase action, or
    /// activating an ability) has been resolved, as priority passes on. Logged only in a
    /// game with a card that answers it ("after an opponent takes an action", CN19).
    ActionTaken {
        player: PlayerId,
    },
}

/// The ways a card leaves its place (410).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Leave {
    Dismiss,
    Retire,
    Discard,
    Banish,
    Cancel,
    /// Put on the bottom of a deck (flipped cards, replaced Problems).
    ToDeckBottom,
    /// Spent (glossary): put into the discard pile from beneath a card.
    Spend,
    /// A flipped card put into its owner's discard pile from the flip zone instead of
    /// the bottom of the deck (515, 710).
    FlipToDiscard,
}

/// The kind of an event, for the trigger index: every `Event` variant, and a card
/// leaving its place split by how. A set of kinds is an [`EventKinds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum EventKind {
    TurnBegan,
    /// The End of Turn Step begins (615.1).
    EndOfTurnStep,
    /// Any other step begins.
    StepBegan,
    StartingProblem,
    FirstPlayer,
    Mulliganed,
    GainedTokens,
    PaidTokens,
    LostTokens,
    Peeked,
    Covered,
    Drew,
    Readied,
    Exhausted,
    Played,
    EnteredPlay,
    Moved,
    Sent,
    Frightened,
    Unfrightened,
    Uncovered,
    Dismissed,
    Retired,
    Discarded,
    Banished,
    Cancelled,
    ToDeckBottom,
    Spent,
    FlippedToDiscard,
    Challenged,
    Confronted,
    FaceoffBegan,
    Flipped,
    FaceoffWon,
    FaceoffEnded,
    Scored,
    Solved,
    Replaced,
    Conceded,
    TurnedOver,
    LoopEnded,
    PhaseBegan,
    PhaseEnded,
    Defeated,
    ToDeckTop,
    ToHand,
    Ignored,
    Milled,
    ScoredWith,
    Reattached,
    ControlChanged,
    Revealed,
    Counters,
    ActionTaken,
}

/// A set of event kinds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EventKinds(u64);

// Every kind has its own bit of the set.
const _: () = assert!((EventKind::ActionTaken as u8) < 64);

impl EventKinds {
    pub const NONE: EventKinds = EventKinds(0);
    pub const ALL: EventKinds = EventKinds(u64::MAX);

    pub const fn of(kinds: &[EventKind]) -> EventKinds {
        let mut bits = 0u64;
        let mut i = 0;
        while i < kinds.len() {
            bits |= 1 << kinds[i] as u8;
            i += 1;
        }
        EventKinds(bits)
    }

    pub fn has(self, k: EventKind) -> bool {
        self.0 & (1 << k as u8) != 0
    }

    pub fn or(self, other: EventKinds) -> EventKinds {
        EventKinds(self.0 | other.0)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl Event {
    /// This event's kind.
    pub fn kind(&self) -> EventKind {
        use EventKind as K;
        match self {
            Event::TurnBegan { .. } => K::TurnBegan,
            Event::StepBegan(Step::EndOfTurn) => K::EndOfTurnStep,
            Event::StepBegan(_) => K::StepBegan,
            Event::StartingProblem { .. } => K::StartingProblem,
            Event::FirstPlayer(_) => K::FirstPlayer,
            Event::Mulliganed(_) => K::Mulliganed,
            Event::GainedTokens { .. } => K::GainedTokens,
            Event::PaidTokens { .. } => K::PaidTokens,
            Event::LostTokens { .. } => K::LostTokens,
            Event::Peeked { .. } => K::Peeked,
            Event::Covered(_) => K::Covered,
            Event::Drew { .. } => K::Drew,
            Event::Readied(_) => K::Readied,
            Event::Exhausted(_) => K::Exhausted,
            Event::Played { .. } => K::Played,
            Event::EnteredPlay { .. } => K::EnteredPlay,
            Event::Moved { .. } => K::Moved,
            Event::Sent { .. } => K::Sent,
            Event::Frightened(_) => K::Frightened,
            Event::Unfrightened(_) => K::Unfrightened,
            Event::Uncovered(_) => K::Uncovered,
            Event::Left { how, .. } => match how {
                Leave::Dismiss => K::Dismissed,
                Leave::Retire => K::Retired,
                Leave::Discard => K::Discarded,
                Leave::Banish => K::Banished,
                Leave::Cancel => K::Cancelled,
                Leave::ToDeckBottom => K::ToDeckBottom,
                Leave::Spend => K::Spent,
                Leave::FlipToDiscard => K::FlippedToDiscard,
            },
            Event::Challenged { .. } => K::Challenged,
            Event::Confronted { .. } => K::Confronted,
            Event::FaceoffBegan => K::FaceoffBegan,
            Event::Flipped { .. } => K::Flipped,
            Event::FaceoffWon { .. } => K::FaceoffWon,
            Event::FaceoffEnded => K::FaceoffEnded,
            Event::Scored { .. } => K::Scored,
            Event::Solved { .. } => K::Solved,
            Event::Replaced { .. } => K::Replaced,
            Event::Conceded(_) => K::Conceded,
            Event::TurnedOver(_) => K::TurnedOver,
            Event::LoopEnded => K::LoopEnded,
            Event::PhaseBegan(_) => K::PhaseBegan,
            Event::PhaseEnded(_) => K::PhaseEnded,
            Event::Defeated { .. } => K::Defeated,
            Event::ToDeckTop(_) => K::ToDeckTop,
            Event::ToHand(_) => K::ToHand,
            Event::Ignored(_) => K::Ignored,
            Event::Milled { .. } => K::Milled,
            Event::ScoredWith { .. } => K::ScoredWith,
            Event::Reattached { .. } => K::Reattached,
            Event::ControlChanged { .. } => K::ControlChanged,
            Event::Revealed { .. } => K::Revealed,
            Event::Counters { .. } => K::Counters,
            Event::ActionTaken { .. } => K::ActionTaken,
        }
    }
}
