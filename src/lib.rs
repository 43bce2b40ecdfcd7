//! Hisha: a shogi engine speaking USI.
//!
//! Layers, imports one way only: `usi` -> `engine` -> `search` -> `eval` -> `shogi` -> `notation`.

#![deny(clippy::undocumented_unsafe_blocks)]

pub mod notation;
pub mod shogi;
