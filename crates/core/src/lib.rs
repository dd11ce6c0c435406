//! ponyccg-core: the rules engine of the My Little Pony CCG, by Comprehensive Rules 3.9.
//!
//! Pure: no I/O, no clocks, no global state, no threads. A [`Game`] is a value that runs
//! until it needs a decision ([`Pending::Decision`]) or is over ([`Pending::GameOver`]).
//! Decisions are answered by index ([`Game::apply_action`], the flat layer) or by label
//! ([`Game::apply_label`]); an illegal answer is refused and changes nothing.

pub mod ability;
pub mod board;
pub mod card;
pub mod decision;
pub mod describe;
mod digest;
pub mod event;
mod flow;
pub mod game;
pub mod ids;
mod labels;
mod pool;
pub mod replay;
mod rng;
pub mod rules;
pub mod state;
pub mod testkit;
pub mod view;

pub use decision::{Choice, Decision, Prompt};
pub use describe::{Logged, Observed, Viewer};
pub use event::Event;
pub use game::{ChoiceError, Game, GameSetup, Pending, PlayerDeck, SetupError};
pub use ids::{Area, CardId, PlayerId, Zone};
pub use replay::{Replay, ReplayError};
pub use rules::occurrence::Occurrence;
pub use state::{Outcome, Phase, Step, WinReason};
pub use view::View;
