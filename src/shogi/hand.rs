//! `Hand`: the pieces one side holds, packed in a `u32` with a guard bit above every field.
//!
//! ```text
//! bit  27 26..24 23 22..21 20 19..18 17 16..14 13 12..10  9  8..6  5  4..0
//!       g  gold   g  rook   g bishop  g silver  g knight  g lance g  pawn
//! ```
//! Adding or removing a piece is one add or subtract. "Hand A holds at least as much of every
//! kind as hand B" is `(a - b) & GUARDS == 0`: a field that goes negative borrows through its guard.

use super::types::PieceKind;
use std::fmt;

const SHIFT: [u32; 7] = [0, 6, 10, 14, 18, 21, 24];
const MASK: [u32; 7] = [0x1f, 7, 7, 7, 3, 3, 7];
const GUARDS: u32 = (1 << 5) | (1 << 9) | (1 << 13) | (1 << 17) | (1 << 20) | (1 << 23) | (1 << 27);

/// Pieces in one side's hand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Hand(u32);

impl Hand {
    /// The empty hand.
    pub const EMPTY: Hand = Hand(0);

    /// Pieces of each hand kind in one set (what a real game can have).
    pub const MAX: [u32; 7] = [18, 4, 4, 4, 2, 2, 4];

    /// Most pieces of each hand kind a packed field can hold. Test positions sometimes have more
    /// than one set (three bishops, five lances); they are accepted while every total fits here.
    pub const CAPACITY: [u32; 7] = [31, 7, 7, 7, 3, 3, 7];

    /// How many pieces of `kind` (a hand kind) are held.
    #[inline(always)]
    pub fn count(self, kind: PieceKind) -> u32 {
        let i = kind.index();
        debug_assert!(i < 7);
        (self.0 >> SHIFT[i]) & MASK[i]
    }

    /// Whether at least one piece of `kind` is held.
    #[inline(always)]
    pub fn has(self, kind: PieceKind) -> bool {
        self.count(kind) != 0
    }

    /// Adds one piece of `kind`.
    #[inline(always)]
    pub fn add(&mut self, kind: PieceKind) {
        debug_assert!(self.count(kind) < Hand::CAPACITY[kind.index()]);
        self.0 += 1 << SHIFT[kind.index()];
    }

    /// Removes one piece of `kind`; it must be held.
    #[inline(always)]
    pub fn remove(&mut self, kind: PieceKind) {
        debug_assert!(self.count(kind) > 0);
        self.0 -= 1 << SHIFT[kind.index()];
    }

    /// Sets the count of `kind`; `n` must not exceed `Hand::CAPACITY`.
    pub fn set_count(&mut self, kind: PieceKind, n: u32) {
        let i = kind.index();
        debug_assert!(n <= Hand::CAPACITY[i]);
        self.0 = (self.0 & !(MASK[i] << SHIFT[i])) | (n << SHIFT[i]);
    }

    /// Whether no piece is held.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether this hand holds at least as many pieces of every kind as `other`.
    #[inline(always)]
    pub fn dominates(self, other: Hand) -> bool {
        self.0.wrapping_sub(other.0) & GUARDS == 0
    }

    /// Total number of pieces held.
    pub fn total(self) -> u32 {
        PieceKind::HAND.iter().map(|&k| self.count(k)).sum()
    }

    /// The raw packed value.
    pub fn raw(self) -> u32 {
        self.0
    }

    /// The hand whose packed value is `raw` (one `raw` gave: its guard bits clear).
    pub fn from_raw(raw: u32) -> Hand {
        debug_assert_eq!(raw & GUARDS, 0, "a packed hand has its guards clear");
        Hand(raw & !GUARDS)
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for k in PieceKind::HAND {
            let n = self.count(k);
            if n > 0 {
                write!(f, "{}{}", n, k.base_letter())?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_remove_count() {
        let mut h = Hand::EMPTY;
        for _ in 0..18 {
            h.add(PieceKind::Pawn);
        }
        for k in &PieceKind::HAND[1..] {
            for _ in 0..Hand::MAX[k.index()] {
                h.add(*k);
            }
        }
        for k in PieceKind::HAND {
            assert_eq!(h.count(k), Hand::MAX[k.index()]);
        }
        assert_eq!(h.total(), 38);
        h.remove(PieceKind::Rook);
        assert_eq!(h.count(PieceKind::Rook), 1);
        assert_eq!(h.count(PieceKind::Bishop), 2);
        assert_eq!(h.raw() & GUARDS, 0);
    }

    #[test]
    fn dominance() {
        let mut a = Hand::EMPTY;
        let mut b = Hand::EMPTY;
        assert!(a.dominates(b));
        a.add(PieceKind::Gold);
        assert!(a.dominates(b));
        assert!(!b.dominates(a));
        b.add(PieceKind::Pawn);
        assert!(!a.dominates(b));
        assert!(!b.dominates(a));
        a.add(PieceKind::Pawn);
        a.add(PieceKind::Pawn);
        assert!(a.dominates(b));
    }
}
