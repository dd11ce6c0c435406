//! ponyccg-core: the rules engine of the My Little Pony CCG, by Comprehensive Rules 3.9.
//!
//! Pure: no I/O, no clocks, no global state, no threads.

pub mod card;
