//! One module per command group.

pub mod bench;
pub mod cards;
pub mod deck;
pub mod events;
pub mod play;
pub mod replay;
pub mod scenario;
pub mod serve;
pub mod simulate;
