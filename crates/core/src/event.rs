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
    Moved {
        card: CardId,
        from: Area,
        to: Area,
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
}
