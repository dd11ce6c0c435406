//! The rules, one module per part of Comprehensive Rules 3.9. Each adds methods to
//! [`crate::Game`].

pub mod confront;
pub mod derived;
pub mod faceoff;
pub mod main_phase;
pub mod occurrence;
pub mod playcost;
pub mod priority;
pub mod prohibit;
pub mod setup;
pub mod troublemaker;
pub mod turn;
pub mod uniqueness;
pub mod wrap_up;
