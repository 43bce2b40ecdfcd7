//! Hisha: a shogi engine speaking USI.
//!
//! Layers, imports one way only: `usi` -> `engine` -> `search` -> `eval` -> `shogi`; `tune`
//! (self-play and weight fitting) sits beside `engine`.
//! `shogi` is the rules of 9x9 shogi; `search` never prints (it reports events); `usi` knows no
//! bitboards and drives any engine through the `usi::UsiEngine` trait.

#![deny(clippy::undocumented_unsafe_blocks)]
#![warn(missing_docs)]

pub mod bench;
pub mod engine;
pub mod eval;
pub mod search;
pub mod shogi;
pub mod tune;
pub mod usi;
