//! `Move`: a move in 16 bits, and `MoveList`, a fixed-capacity list of them.
//!
//! ```text
//! bit 15     14    13..7                    6..0
//!     promote drop  from square, or the     to square
//!                   dropped piece kind
//! ```
//! A real move never encodes to zero (that would be 1a to 1a, no flags), so `Move` wraps a
//! `NonZeroU16` and `Option<Move>` is still two bytes.

use super::types::{PieceKind, Square};
use std::fmt;
use std::mem::MaybeUninit;
use std::num::NonZeroU16;

const DROP_FLAG: u16 = 1 << 14;
const PROMOTE_FLAG: u16 = 1 << 15;

/// A move of 9x9 shogi: a board move (with or without promotion) or a drop.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Move(NonZeroU16);

/// A decoded `Move`, for `match`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    /// A piece moves on the board.
    Board {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// Whether the piece promotes.
        promote: bool,
    },
    /// A piece from hand is put on the board.
    Drop {
        /// The (unpromoted) kind dropped.
        kind: PieceKind,
        /// Destination.
        to: Square,
    },
}

impl Move {
    /// A board move.
    #[inline(always)]
    pub fn board(from: Square, to: Square, promote: bool) -> Move {
        let bits = (to.index() as u16)
            | ((from.index() as u16) << 7)
            | if promote { PROMOTE_FLAG } else { 0 };
        // A board move has from != to, so the bits are never zero.
        Move(NonZeroU16::new(bits).expect("from == to == 1a is not a move"))
    }

    /// A drop of `kind` (a hand kind) on `to`.
    #[inline(always)]
    pub fn drop(kind: PieceKind, to: Square) -> Move {
        let bits = (to.index() as u16) | ((kind.index() as u16) << 7) | DROP_FLAG;
        Move(NonZeroU16::new(bits).expect("drop flag is set"))
    }

    /// Destination square.
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::from_index_unchecked((self.0.get() & 0x7f) as usize)
    }

    /// Origin square of a board move (meaningless for drops).
    #[inline(always)]
    pub fn from(self) -> Square {
        Square::from_index_unchecked(((self.0.get() >> 7) & 0x7f) as usize)
    }

    /// Whether this is a drop.
    #[inline(always)]
    pub fn is_drop(self) -> bool {
        self.0.get() & DROP_FLAG != 0
    }

    /// Whether this board move promotes.
    #[inline(always)]
    pub fn is_promotion(self) -> bool {
        self.0.get() & PROMOTE_FLAG != 0
    }

    /// The dropped kind of a drop (meaningless for board moves).
    #[inline(always)]
    pub fn drop_kind(self) -> PieceKind {
        PieceKind::ALL[((self.0.get() >> 7) & 0x7f) as usize]
    }

    /// The decoded view.
    #[inline]
    pub fn kind(self) -> MoveKind {
        if self.is_drop() {
            MoveKind::Drop {
                kind: self.drop_kind(),
                to: self.to(),
            }
        } else {
            MoveKind::Board {
                from: self.from(),
                to: self.to(),
                promote: self.is_promotion(),
            }
        }
    }

    /// The raw 16 bits (never zero).
    #[inline(always)]
    pub fn raw(self) -> u16 {
        self.0.get()
    }

    /// The move with these raw bits, if they are non-zero and well formed. The move may still be
    /// illegal in any given position.
    pub fn from_raw(bits: u16) -> Option<Move> {
        let to = bits & 0x7f;
        let from = (bits >> 7) & 0x7f;
        let ok = if bits & DROP_FLAG != 0 {
            bits & PROMOTE_FLAG == 0 && from < 7 && to < 81
        } else {
            from < 81 && to < 81 && from != to
        };
        if ok {
            NonZeroU16::new(bits).map(Move)
        } else {
            None
        }
    }
}

impl fmt::Display for Move {
    /// USI text: `7g7f`, `8h2b+`, `P*5e`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            MoveKind::Board { from, to, promote } => {
                write!(f, "{from}{to}{}", if promote { "+" } else { "" })
            }
            MoveKind::Drop { kind, to } => write!(f, "{}*{to}", kind.base_letter()),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A move text that names no legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub String);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: not a legal move in this position", self.0)
    }
}

impl std::error::Error for IllegalMove {}

/// The most legal moves any shogi position has is 593; leave a little room.
pub const MAX_MOVES: usize = 600;

/// A fixed-capacity list that lives on the stack and is never zero-filled: a search node builds
/// several (moves, their order scores) and most are walked only in part.
pub struct StackList<T: Copy, const N: usize = MAX_MOVES> {
    items: [MaybeUninit<T>; N],
    len: usize,
}

/// A list of moves (the capacity is enough for any shogi position).
pub type MoveList = StackList<Move>;

impl<T: Copy, const N: usize> StackList<T, N> {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> Self {
        StackList {
            // SAFETY: an array of `MaybeUninit` needs no initialisation. (The repeat expression
            // `[MaybeUninit::uninit(); N]` compiles to a memset of the whole array.)
            items: unsafe { MaybeUninit::<[MaybeUninit<T>; N]>::uninit().assume_init() },
            len: 0,
        }
    }

    /// Appends an item.
    #[inline(always)]
    pub fn push(&mut self, x: T) {
        debug_assert!(self.len < N);
        // No position has more than 593 legal moves, so a move list (or its scores) never
        // fills up; the index stays checked in release builds anyway, which is cheap and turns
        // a rules bug into a panic, not UB.
        self.items[self.len] = MaybeUninit::new(x);
        self.len += 1;
    }

    /// Number of items.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every item.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The items as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: the first `len` elements were written by `push` and `MaybeUninit<T>` has the
        // same layout as `T`.
        unsafe { std::slice::from_raw_parts(self.items.as_ptr() as *const T, self.len) }
    }

    /// The items as a mutable slice (for sorting).
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.items.as_mut_ptr() as *mut T, self.len) }
    }
}

impl<T: Copy + PartialEq, const N: usize> StackList<T, N> {
    /// Whether `x` is in the list.
    pub fn contains(&self, x: T) -> bool {
        self.as_slice().contains(&x)
    }
}

impl<T: Copy, const N: usize> Default for StackList<T, N> {
    fn default() -> Self {
        StackList::new()
    }
}

impl<T: Copy, const N: usize> std::ops::Deref for StackList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::sq::*;

    #[test]
    fn encoding() {
        assert_eq!(std::mem::size_of::<Option<Move>>(), 2);
        let m = Move::board(SQ_7G, SQ_7F, false);
        assert_eq!(m.to_string(), "7g7f");
        assert_eq!(m.from(), SQ_7G);
        assert_eq!(m.to(), SQ_7F);
        let p = Move::board(SQ_1C, SQ_1A, true);
        assert_eq!(p.to_string(), "1c1a+");
        let d = Move::drop(PieceKind::Pawn, SQ_5E);
        assert_eq!(d.to_string(), "P*5e");
        assert_eq!(d.drop_kind(), PieceKind::Pawn);
        assert_eq!(Move::drop(PieceKind::Pawn, SQ_1A).raw(), 1 << 14);
        for m in [m, p, d] {
            assert_eq!(Move::from_raw(m.raw()), Some(m));
        }
        assert_eq!(Move::from_raw(0), None);
    }
}
