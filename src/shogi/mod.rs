//! The rules of 9x9 shogi and nothing else: no search, no printing, no threads.
//!
//! Conventions: squares are file-major (`1a = 0`, `9i = 80`); Black (sente) moves toward rank a;
//! a `Move` is 16 bits; a `Position` keeps the stack of earlier `State`s for unmake and repetition.

pub mod attacks;
pub mod bitboard;
pub mod declaration;
pub mod display;
pub mod hand;
pub mod handicap;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod repetition;
pub mod types;
pub mod western;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use declaration::{Declaration, EnteringKingRule};
pub use hand::Hand;
pub use handicap::{handicap_names, handicap_position, HandicapError};
pub use movegen::{
    count_all, generate_all, generate_captures, generate_checks, generate_legal,
    generate_quiet_checks, generate_quiets, has_legal_move, is_legal, is_legal_search_move,
    parse_usi_move,
};
pub use moves::{IllegalMove, Move, MoveKind, MoveList, StackList, MAX_MOVES};
pub use perft::{perft, perft_divide};
pub use position::{Position, PositionError, State, STARTPOS_SFEN};
pub use repetition::Repetition;
pub use types::{sq, Color, Piece, PieceKind, Square};
