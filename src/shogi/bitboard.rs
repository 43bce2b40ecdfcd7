//! `Bitboard`: a set of squares as one `u128`, bit `i` = square index `i` (file-major).
//!
//! A single `u128` keeps the set algebra one instruction pair on x86-64 and lets sliders find their
//! nearest blocker with `trailing_zeros`/`leading_zeros` on a ray (see `attacks.rs`). The 47 bits
//! above square 80 are always zero.

use super::types::{Color, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub u128);

const FULL_BITS: u128 = (1u128 << 81) - 1;

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 81 squares.
    pub const FULL: Bitboard = Bitboard(FULL_BITS);

    /// The set holding only `sq`.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// All squares of file `file` (0 = USI file 1).
    #[inline(always)]
    pub const fn file_mask(file: u8) -> Bitboard {
        Bitboard(0x1ffu128 << (9 * file as u32))
    }

    /// All squares of rank `rank` (0 = USI rank a).
    pub const fn rank_mask(rank: u8) -> Bitboard {
        let mut bits = 0u128;
        let mut f = 0;
        while f < 9 {
            bits |= 1u128 << (f * 9 + rank as u32);
            f += 1;
        }
        Bitboard(bits)
    }

    /// Squares whose relative rank for `color` is at least `min` (0 = every square).
    /// Used for "a pawn may not stand on the last rank" style masks.
    pub const fn relative_ranks_from(color: Color, min: u8) -> Bitboard {
        let mut bits = 0u128;
        let mut r = 0u8;
        while r < 9 {
            let rel = match color {
                Color::Black => r,
                Color::White => 8 - r,
            };
            if rel >= min {
                bits |= Bitboard::rank_mask(r).0;
            }
            r += 1;
        }
        Bitboard(bits)
    }

    /// The promotion zone of `color` (its three far ranks).
    pub const fn zone(color: Color) -> Bitboard {
        Bitboard(FULL_BITS & !Bitboard::relative_ranks_from(color, 3).0)
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        (self.0 >> sq.index()) & 1 != 0
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has two or more squares.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline(always)]
    pub const fn lsb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                self.0.trailing_zeros() as usize
            ))
        }
    }

    /// Adds `sq`.
    #[inline(always)]
    pub fn set(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }

    /// Removes `sq`.
    #[inline(always)]
    pub fn clear(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }

    /// The set rotated 180 degrees (what the other side sees).
    pub fn flip(self) -> Bitboard {
        // Square i maps to 80 - i: reverse the 128 bits, then shift the 81 used bits down.
        Bitboard(self.0.reverse_bits() >> (128 - 81))
    }

    /// For each file that contains a square of the set, all nine squares of that file.
    #[inline]
    pub fn fill_files(self) -> Bitboard {
        let mut out = 0u128;
        let mut f = 0;
        while f < 9 {
            let m = 0x1ffu128 << (9 * f);
            if self.0 & m != 0 {
                out |= m;
            }
            f += 1;
        }
        Bitboard(out)
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index_unchecked(self.0.trailing_zeros() as usize);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $op:tt, $atrait:ident, $afn:ident) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atrait for Bitboard {
            #[inline(always)]
            fn $afn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, &, BitAndAssign, bitand_assign);
bit_op!(BitOr, bitor, |, BitOrAssign, bitor_assign);
bit_op!(BitXor, bitxor, ^, BitXorAssign, bitxor_assign);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & FULL_BITS)
    }
}

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline(always)]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl fmt::Debug for Bitboard {
    /// A 9x9 picture, rank a at the top, file 9 on the left, as a shogi board is drawn.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in 0..9 {
            for file in (0..9).rev() {
                let sq = Square::new(file, rank).unwrap();
                write!(f, "{}", if self.contains(sq) { 'X' } else { '.' })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Builds a bitboard from a 9x9 picture of `X` and `.` (rank a first, file 9 on the left).
///
/// ```
/// use hisha::bitboard;
/// use hisha::shogi::{Bitboard, sq};
/// let b = bitboard! {
///     . . . . . . . . X
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     X . . . . . . . .
/// };
/// assert_eq!(b, Bitboard::from_square(sq::SQ_1A) | Bitboard::from_square(sq::SQ_9I));
/// ```
#[macro_export]
macro_rules! bitboard {
    ($($cell:tt)*) => {{
        let cells: &[&str] = &[$(stringify!($cell)),*];
        assert_eq!(cells.len(), 81, "a bitboard picture has 81 cells");
        let mut bits = 0u128;
        for (i, c) in cells.iter().enumerate() {
            let rank = i / 9;
            let file = 8 - i % 9;
            if *c == "X" {
                bits |= 1u128 << (file * 9 + rank);
            }
        }
        $crate::shogi::Bitboard(bits)
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(Bitboard::FULL.count(), 81);
        assert_eq!(Bitboard::zone(Color::Black).count(), 27);
        assert_eq!(
            Bitboard::zone(Color::Black).flip(),
            Bitboard::zone(Color::White)
        );
        assert_eq!(Bitboard::relative_ranks_from(Color::Black, 1).count(), 72);
        let s = Square::new(2, 3).unwrap();
        assert_eq!(
            Bitboard::from_square(s).flip(),
            Bitboard::from_square(s.flip())
        );
        assert_eq!(
            Bitboard::from_square(s).fill_files(),
            Bitboard::file_mask(2)
        );
    }

    #[test]
    fn iterate() {
        let b = Bitboard::file_mask(0) | Bitboard::from_square(Square::new(8, 8).unwrap());
        assert_eq!(b.count(), 10);
        assert_eq!(b.last(), Square::new(8, 8));
        assert!(b.more_than_one());
        assert!(!Bitboard::from_square(Square::new(4, 4).unwrap()).more_than_one());
    }
}
