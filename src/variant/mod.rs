//! The shogi family beyond 9x9 shogi: a piece catalogue, the variants' rules, and a position of
//! any board size with its legal moves. docs/variants.md lists every rule chosen and its source.
//!
//! This layer imports nothing else of the crate: the 9x9 engine keeps its own bitboard core.

pub mod betza;
pub mod catalogue;
pub mod diagram;
pub mod position;
pub mod rules;

pub use position::{perft, perft_divide, perft_divide_until, VMove, VPosition, VariantError};
pub use rules::{Repetition, VariantId, Verdict};
