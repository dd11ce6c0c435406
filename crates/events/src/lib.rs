//! ponyccg-events: limited play and tournaments, as the Limited Play, Tournament
//! Floor Rules and Format Legality sections of the rules documents describe them.
//!
//! - [`packs`]: booster composition per set (our own data) and opening packs from a
//!   seeded generator.
//! - [`limited`]: the block table (recommended sealed and draft mixes, provided Mane
//!   Characters and Starting Problems), sealed pools, limited deck checks and an
//!   automatic limited deck builder.
//! - [`draft`]: booster draft pods with human and AI drafters.
//! - [`swiss`], [`tournament`]: Swiss pairings, standings, drops, top cut, penalties.
//! - [`time_called`]: the end-of-match procedure as a pure function.
//! - [`store`]: a tournament saved in a SQLite file.
//! - [`formats`]: deck lists and format checks through the deck crate.

pub mod cards;
pub mod draft;
pub mod formats;
pub mod frac;
pub mod limited;
pub mod packs;
pub mod store;
pub mod swiss;
pub mod time_called;
pub mod tournament;

pub use cards::CardLookup;
