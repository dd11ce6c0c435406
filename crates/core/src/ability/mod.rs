//! Abilities and modifiers (chapter 7): the typed script every card's text is written
//! in, and the machinery that runs it.
//!
//! A card's abilities (701.1) are a list of [`Ability`] values on each face. Continuous
//! abilities (702) are read whenever a derived value is computed (`derived.rs`), never
//! stored on cards (708.5). Triggered abilities (704) watch the event log and wait in
//! [`crate::state::State`] for pre-priority processing (511.7). Effects resolve through
//! frames on the work stack, so any decision they need suspends the game cleanly.

pub mod counters;
pub(crate) mod delayed;
pub mod keyword;
pub(crate) mod look;
pub(crate) mod resolve;
pub mod script;
pub mod teamwork;
pub mod tokens;
pub(crate) mod trigger;

pub use script::*;
