//! The shogi family beyond 9x9 shogi: a piece catalogue, the variants' rules, and a position of
//! any board size with its legal moves. docs/variants.md lists every rule chosen and its source.
//!
//! This layer imports nothing else of the crate: the 9x9 engine keeps its own bitboard core.

pub mod attacks;
pub mod betza;
pub mod catalogue;
pub mod custom;
pub mod diagram;
pub mod movegen;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod rules;
pub mod specials;
mod taikyoku;
pub mod text;

pub use perft::{perft, perft_divide, perft_divide_until};
pub use position::{VMove, VPosition, VariantError};
pub use rules::{BareKing, KindIx, LionTrading, RepetitionRule, VariantId, Verdict};
