//! The two sides, shared by every board of the family: 9x9 shogi, the variants, their notation
//! and the search. It imports nothing, so every layer may use it.

use std::ops::Not;

/// The two sides. Black (sente) moves first in an even game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Color {
    /// Sente, the first player, moving up the board (toward rank a).
    Black = 0,
    /// Gote, the second player, moving down the board.
    White = 1,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// 0 for Black, 1 for White.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour with index `i` (0 Black, anything else White).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Color {
        if i == 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The opponent.
    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The side of a piece letter as SFEN writes it: upper case Black, lower case White.
    #[inline]
    pub fn of_letter(letter: char) -> Color {
        if letter.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        }
    }

    /// `letter` in this colour's case (upper case for Black).
    #[inline]
    pub fn letter_case(self, letter: char) -> char {
        match self {
            Color::Black => letter.to_ascii_uppercase(),
            Color::White => letter.to_ascii_lowercase(),
        }
    }

    /// The lower-case English name (`black`, `white`).
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.flip()
    }
}
