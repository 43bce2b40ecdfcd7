//! Small closed types of 9x9 shogi: colours, squares, piece kinds and pieces.
//!
//! Squares are numbered file-major, as YaneuraOu and haitaka do: `1a = 0`, `1i = 8`, `2a = 9`, ...
//! `9i = 80`. A whole file is then nine consecutive bits of a bitboard, which makes lance attacks and
//! "files with a pawn" (nifu) cheap. Rank `a` (index 0) is White's back rank; Black moves toward it.

use std::fmt;
use std::num::NonZeroU8;

pub use crate::color::Color;

/// A square of the 9x9 board, `file * 9 + rank` with file 0 = "1" and rank 0 = "a".
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Square(u8);

impl Square {
    /// Number of squares.
    pub const NUM: usize = 81;

    /// The square at `file` (0 = USI file 1) and `rank` (0 = USI rank a), if both are in range.
    #[inline(always)]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 9 {
            Some(Square(file * 9 + rank))
        } else {
            None
        }
    }

    /// The square with this index (0..81), if in range.
    #[inline(always)]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 81 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square with this index; the caller guarantees `index < 81`.
    #[inline(always)]
    pub const fn from_index_unchecked(index: usize) -> Square {
        debug_assert!(index < 81);
        Square(index as u8)
    }

    /// Index 0..81.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..9 (0 = USI file 1).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 / 9
    }

    /// Rank 0..9 (0 = USI rank a).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 % 9
    }

    /// The same square seen from the other side (180 degree rotation).
    #[inline(always)]
    pub const fn flip(self) -> Square {
        Square(80 - self.0)
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline(always)]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 9 && r >= 0 && r < 9 {
            Some(Square((f * 9 + r) as u8))
        } else {
            None
        }
    }

    /// Rank counted from `color`'s side: 0 is the far (enemy back) rank for that colour.
    #[inline(always)]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Black => self.rank(),
            Color::White => 8 - self.rank(),
        }
    }

    /// Whether the square lies in `color`'s promotion zone (the three far ranks).
    #[inline(always)]
    pub const fn in_zone(self, color: Color) -> bool {
        self.relative_rank(color) < 3
    }

    /// Iterator over all 81 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file() + 1, (b'a' + self.rank()) as char)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The fourteen kinds of piece, promoted ones included.
///
/// Unpromoted kinds that can promote are 0..6; `kind | 8` is the promoted kind. The seven kinds
/// that can be held in hand are 0..7 (`Pawn` to `Gold`), which is also their hand order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    /// Fu.
    Pawn = 0,
    /// Kyo.
    Lance = 1,
    /// Kei.
    Knight = 2,
    /// Gin.
    Silver = 3,
    /// Kaku.
    Bishop = 4,
    /// Hisha.
    Rook = 5,
    /// Kin.
    Gold = 6,
    /// Gyoku / O.
    King = 7,
    /// Tokin.
    ProPawn = 8,
    /// Narikyo.
    ProLance = 9,
    /// Narikei.
    ProKnight = 10,
    /// Narigin.
    ProSilver = 11,
    /// Uma (promoted bishop).
    Horse = 12,
    /// Ryu (promoted rook).
    Dragon = 13,
}

impl PieceKind {
    /// Number of kinds.
    pub const NUM: usize = 14;
    /// Every kind in index order.
    pub const ALL: [PieceKind; 14] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
        PieceKind::King,
        PieceKind::ProPawn,
        PieceKind::ProLance,
        PieceKind::ProKnight,
        PieceKind::ProSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];
    /// The kinds that can be held in hand, in hand order.
    pub const HAND: [PieceKind; 7] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
    ];

    /// The hand kinds, strongest first, as boards and SFEN list them.
    pub const HAND_BY_VALUE: [PieceKind; 7] = [
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Gold,
        PieceKind::Silver,
        PieceKind::Knight,
        PieceKind::Lance,
        PieceKind::Pawn,
    ];

    /// Index 0..14.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with this index, if in range.
    #[inline(always)]
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < 14 {
            Some(PieceKind::ALL[i])
        } else {
            None
        }
    }

    /// Whether this kind can promote (pawn, lance, knight, silver, bishop, rook).
    #[inline(always)]
    pub const fn can_promote(self) -> bool {
        (self as u8) < 6
    }

    /// Whether this kind is a promoted kind.
    #[inline(always)]
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }

    /// The promoted kind; the kind itself if it cannot promote.
    #[inline(always)]
    pub const fn promote(self) -> PieceKind {
        if self.can_promote() {
            PieceKind::ALL[(self as usize) | 8]
        } else {
            self
        }
    }

    /// The unpromoted kind (what goes to hand when captured).
    #[inline(always)]
    pub const fn unpromote(self) -> PieceKind {
        if self.is_promoted() {
            PieceKind::ALL[(self as usize) & 7]
        } else {
            self
        }
    }

    /// Whether the kind moves like a gold (gold and the four small promoted pieces).
    #[inline(always)]
    pub const fn moves_like_gold(self) -> bool {
        matches!(
            self,
            PieceKind::Gold
                | PieceKind::ProPawn
                | PieceKind::ProLance
                | PieceKind::ProKnight
                | PieceKind::ProSilver
        )
    }

    /// SFEN letter for Black (uppercase), without the `+` of promoted kinds.
    pub const fn base_letter(self) -> char {
        match self.unpromote() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Gold => 'G',
            _ => 'K',
        }
    }

    /// The unpromoted kind named by an uppercase SFEN letter.
    pub const fn from_letter(c: char) -> Option<PieceKind> {
        Some(match c {
            'P' => PieceKind::Pawn,
            'L' => PieceKind::Lance,
            'N' => PieceKind::Knight,
            'S' => PieceKind::Silver,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'G' => PieceKind::Gold,
            'K' => PieceKind::King,
            _ => return None,
        })
    }

    /// Smallest relative rank (0 = far rank) that an unpromoted piece of this kind may stand on
    /// and still have a move: 1 for pawn and lance, 2 for knight, 0 otherwise.
    #[inline(always)]
    pub const fn min_relative_rank(self) -> u8 {
        match self {
            PieceKind::Pawn | PieceKind::Lance => 1,
            PieceKind::Knight => 2,
            _ => 0,
        }
    }
}

/// A coloured piece, packed in one non-zero byte so `Option<Piece>` is one byte too.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Piece(NonZeroU8);

impl Piece {
    /// The piece of `color` and `kind`.
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        match NonZeroU8::new(((color as u8) << 4) | (kind as u8 + 1)) {
            Some(v) => Piece(v),
            None => unreachable!(),
        }
    }

    /// Owner.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0.get() >> 4 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Kind.
    #[inline(always)]
    pub const fn kind(self) -> PieceKind {
        PieceKind::ALL[((self.0.get() & 15) - 1) as usize]
    }

    /// SFEN text: `P`, `+r`, ...
    pub fn to_sfen(self) -> String {
        let letter = self.kind().base_letter();
        let letter = match self.color() {
            Color::Black => letter,
            Color::White => letter.to_ascii_lowercase(),
        };
        if self.kind().is_promoted() {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sfen())
    }
}

/// Square constants named like USI coordinates: `SQ_7G` is file 7, rank g.
#[allow(missing_docs)]
pub mod sq {
    use super::Square;
    macro_rules! squares {
        ($($name:ident = $file:expr, $rank:expr;)*) => {
            $(pub const $name: Square = match Square::new($file - 1, $rank) { Some(s) => s, None => unreachable!() };)*
        };
    }
    squares! {
        SQ_1A = 1,0; SQ_1B = 1,1; SQ_1C = 1,2; SQ_1D = 1,3; SQ_1E = 1,4; SQ_1F = 1,5; SQ_1G = 1,6; SQ_1H = 1,7; SQ_1I = 1,8;
        SQ_5A = 5,0; SQ_5E = 5,4; SQ_5I = 5,8;
        SQ_7F = 7,5; SQ_7G = 7,6;
        SQ_9A = 9,0; SQ_9I = 9,8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_round_trip() {
        for c in Color::ALL {
            for k in PieceKind::ALL {
                let p = Piece::new(c, k);
                assert_eq!(p.color(), c);
                assert_eq!(p.kind(), k);
            }
        }
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
    }

    #[test]
    fn promotion_pairs() {
        assert_eq!(PieceKind::Pawn.promote(), PieceKind::ProPawn);
        assert_eq!(PieceKind::Rook.promote(), PieceKind::Dragon);
        assert_eq!(PieceKind::Bishop.promote(), PieceKind::Horse);
        assert_eq!(PieceKind::Gold.promote(), PieceKind::Gold);
        assert_eq!(PieceKind::Horse.unpromote(), PieceKind::Bishop);
        assert_eq!(PieceKind::King.unpromote(), PieceKind::King);
    }

    #[test]
    fn square_names() {
        assert_eq!(sq::SQ_7G.to_string(), "7g");
        assert_eq!(sq::SQ_1A.index(), 0);
        assert_eq!(sq::SQ_9I.index(), 80);
        assert!(sq::SQ_1C.in_zone(Color::Black));
        assert!(!sq::SQ_1C.in_zone(Color::White));
        assert!(sq::SQ_1G.in_zone(Color::White));
    }
}
