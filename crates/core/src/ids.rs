//! Small integer handles into the game's arenas. `Copy`, so the state clones cheaply.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table, in turn order (106).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerId(pub u8);

impl PlayerId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

/// A physical card of the game, an index into the card arena. The rules' notion of
/// "the same card" is narrower (410.6); see [`crate::state::Card::object`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(pub u16);

impl CardId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An index into the game's pool of card definitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DefId(pub u16);

/// The areas of the play zone (501): each player's home and Problem area, and the area
/// of each Dilemma in play (522.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Area {
    Home(PlayerId),
    Problem(PlayerId),
    /// 522.2: the area a Dilemma brings with it, named by the Dilemma. It is owned by the
    /// Dilemma's controller (522.2b, [`crate::Game::area_owner`]) and exists only while
    /// the Dilemma is in play there (522.3).
    Dilemma(CardId),
}

impl Area {
    /// Whether the area is a Problem's: a player's Problem area or a Dilemma's.
    pub fn is_problem(self) -> bool {
        matches!(self, Area::Problem(_) | Area::Dilemma(_))
    }
}

/// The eight zones of 401.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    DrawDeck,
    ProblemDeck,
    Hand,
    Play,
    Discard,
    Banished,
    Flip,
    Queue,
    /// Nowhere: where a token is once it has ceased to exist (521.3, 521.4). No zone
    /// list holds it, so nothing can find it again; its arena entry stays so that events
    /// and logs naming it still read.
    Gone,
    /// Set aside face-down by an effect (AD114): out of the eight zones of 401.1 and in
    /// no list, known only to the players who have seen it (the one who set it aside,
    /// everyone once it is revealed) until an instruction puts it elsewhere; one that no
    /// instruction takes back stays there.
    SetAside,
}

impl Zone {
    pub const ALL: [Zone; 8] = [
        Zone::DrawDeck,
        Zone::ProblemDeck,
        Zone::Hand,
        Zone::Play,
        Zone::Discard,
        Zone::Banished,
        Zone::Flip,
        Zone::Queue,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Zone::DrawDeck => "draw deck",
            Zone::ProblemDeck => "Problem deck",
            Zone::Hand => "hand",
            Zone::Play => "play",
            Zone::Discard => "discard pile",
            Zone::Banished => "banished zone",
            Zone::Flip => "flip zone",
            Zone::Queue => "queue",
            Zone::Gone => "nowhere",
            Zone::SetAside => "set aside",
        }
    }
}
