//! See the crate description in Cargo.toml.
