//! The rules, one module per part of Comprehensive Rules 3.9. Each adds methods to
//! [`crate::Game`].

pub mod ability_loss;
pub mod choice_cost;
pub(crate) mod colorpower;
pub mod confront;
pub mod control;
pub(crate) mod costs;
pub mod derived;
pub mod dilemma;
pub mod entering;
pub mod faceoff;
pub mod hooks;
pub mod layers;
pub mod main_phase;
pub mod occurrence;
pub mod playcost;
pub mod priority;
pub mod prohibit;
pub mod replace;
pub mod setup;
pub mod troublemaker;
pub mod turn;
pub mod uniqueness;
pub mod wrap_up;
pub mod zones;
