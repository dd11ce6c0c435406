//! One module per command group.

pub mod cards;
pub mod deck;
pub mod events;
pub mod scenario;
