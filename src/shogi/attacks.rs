//! Attack tables, computed at compile time.
//!
//! Step pieces (pawn, knight, silver, gold-likes, king) use `[colour][square]` tables. Sliders use
//! eight ray tables: the nearest blocker on a ray is the lowest set bit for rays that go up in
//! square index and the highest for rays that go down, so one `trailing_zeros` or `leading_zeros`
//! on a `u128` and one XOR give the attack set. No magic tables, no init call.

use super::bitboard::Bitboard;
use super::types::{Color, PieceKind, Square};

/// A direction as (file delta, rank delta). Rank delta -1 is "north", toward rank a.
/// Opposite directions are paired (`d ^ 1` is the opposite of `d`).
const DIRS: [(i8, i8); 8] = [
    (0, -1),  // 0 N  (index -1)
    (0, 1),   // 1 S  (index +1)
    (-1, 0),  // 2 E  (index -9)
    (1, 0),   // 3 W  (index +9)
    (-1, -1), // 4 NE (index -10)
    (1, 1),   // 5 SW (index +10)
    (1, -1),  // 6 NW (index +8)
    (-1, 1),  // 7 SE (index -8)
];
const N: usize = 0;
const S: usize = 1;
const E: usize = 2;
const W: usize = 3;
const NE: usize = 4;
const SW: usize = 5;
const NW: usize = 6;
const SE: usize = 7;

/// Whether moving along this direction increases the square index.
const POSITIVE: [bool; 8] = [false, true, false, true, false, true, true, false];

const fn ray_table() -> [[u128; 81]; 8] {
    let mut t = [[0u128; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 81 {
            let mut f = (s / 9) as i8;
            let mut r = (s % 9) as i8;
            let mut bits = 0u128;
            loop {
                f += DIRS[d].0;
                r += DIRS[d].1;
                if f < 0 || f > 8 || r < 0 || r > 8 {
                    break;
                }
                bits |= 1u128 << (f as u32 * 9 + r as u32);
            }
            t[d][s] = bits;
            s += 1;
        }
        d += 1;
    }
    t
}

static RAYS: [[u128; 81]; 8] = ray_table();

/// Steps of each step piece for Black, as (file delta, rank delta); White's are mirrored in rank.
const fn steps(kind: usize) -> &'static [(i8, i8)] {
    match kind {
        0 => &[(0, -1)],                                             // pawn
        2 => &[(-1, -2), (1, -2)],                                   // knight
        3 => &[(0, -1), (-1, -1), (1, -1), (-1, 1), (1, 1)],         // silver
        6 => &[(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1)], // gold
        7 => &[
            (0, -1),
            (-1, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (0, 1),
            (-1, 1),
            (1, 1),
        ], // king
        _ => &[],
    }
}

const fn step_table(kind: usize) -> [[u128; 81]; 2] {
    let mut t = [[0u128; 81]; 2];
    let st = steps(kind);
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 81 {
            let mut bits = 0u128;
            let mut i = 0;
            while i < st.len() {
                let f = (s / 9) as i8 + st[i].0;
                let dr = if c == 0 { st[i].1 } else { -st[i].1 };
                let r = (s % 9) as i8 + dr;
                if f >= 0 && f <= 8 && r >= 0 && r <= 8 {
                    bits |= 1u128 << (f as u32 * 9 + r as u32);
                }
                i += 1;
            }
            t[c][s] = bits;
            s += 1;
        }
        c += 1;
    }
    t
}

static PAWN: [[u128; 81]; 2] = step_table(0);
static KNIGHT: [[u128; 81]; 2] = step_table(2);
static SILVER: [[u128; 81]; 2] = step_table(3);
static GOLD: [[u128; 81]; 2] = step_table(6);
static KING: [[u128; 81]; 2] = step_table(7);

/// `NEAR[s]`: the squares at most two files and two ranks from `s`.
const fn near_table() -> [u128; 81] {
    let mut t = [0u128; 81];
    let mut s = 0;
    while s < 81 {
        let (f, r) = ((s / 9) as i8, (s % 9) as i8);
        let mut df = -2;
        while df <= 2 {
            let mut dr = -2;
            while dr <= 2 {
                let (g, q) = (f + df, r + dr);
                if g >= 0 && g <= 8 && q >= 0 && q <= 8 {
                    t[s] |= 1u128 << (g as u32 * 9 + q as u32);
                }
                dr += 1;
            }
            df += 1;
        }
        s += 1;
    }
    t
}

static NEAR: [u128; 81] = near_table();

/// The squares at most two files and two ranks from `sq` (itself included): where a piece that
/// steps one square (pawn, silver, gold, king and the promoted kinds) must stand to check a king
/// on `sq` with its next move.
#[inline(always)]
pub fn near_squares(sq: Square) -> Bitboard {
    Bitboard(NEAR[sq.index()])
}

/// `DIRECTION[a][b]`: the direction index from `a` to `b` when they share a line, else 8.
const fn direction_table() -> [[u8; 81]; 81] {
    let rays = ray_table();
    let mut t = [[8u8; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let mut b = 0;
            while b < 81 {
                if rays[d][a] & (1u128 << b) != 0 {
                    t[a][b] = d as u8;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

static DIRECTION: [[u8; 81]; 81] = direction_table();

#[inline(always)]
fn ray(d: usize, sq: Square) -> u128 {
    RAYS[d][sq.index()]
}

/// Attacks along one ray, stopping at (and including) the first occupied square.
#[inline(always)]
fn slide(d: usize, sq: Square, occupied: Bitboard) -> u128 {
    let r = ray(d, sq);
    let blockers = r & occupied.0;
    if blockers == 0 {
        return r;
    }
    let b = if POSITIVE[d] {
        blockers.trailing_zeros()
    } else {
        127 - blockers.leading_zeros()
    };
    r ^ RAYS[d][b as usize]
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// Squares a knight of `color` on `sq` attacks.
#[inline(always)]
pub fn knight_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(KNIGHT[color.index()][sq.index()])
}

/// Squares a silver of `color` on `sq` attacks.
#[inline(always)]
pub fn silver_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(SILVER[color.index()][sq.index()])
}

/// Squares a gold (or tokin, narikyo, narikei, narigin) of `color` on `sq` attacks.
#[inline(always)]
pub fn gold_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(GOLD[color.index()][sq.index()])
}

/// Squares a king on `sq` attacks.
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[0][sq.index()])
}

/// Squares a lance of `color` on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn lance_attacks(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    match color {
        Color::Black => Bitboard(slide(N, sq, occupied)),
        Color::White => Bitboard(slide(S, sq, occupied)),
    }
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(
        slide(NE, sq, occupied)
            | slide(NW, sq, occupied)
            | slide(SE, sq, occupied)
            | slide(SW, sq, occupied),
    )
}

/// Squares a rook on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(
        slide(N, sq, occupied)
            | slide(S, sq, occupied)
            | slide(E, sq, occupied)
            | slide(W, sq, occupied),
    )
}

/// Squares a lance of `color` on `sq` would attack on an empty board.
#[inline(always)]
pub fn lance_rays(color: Color, sq: Square) -> Bitboard {
    match color {
        Color::Black => Bitboard(ray(N, sq)),
        Color::White => Bitboard(ray(S, sq)),
    }
}

/// Squares a bishop on `sq` would attack on an empty board.
#[inline(always)]
pub fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(ray(NE, sq) | ray(NW, sq) | ray(SE, sq) | ray(SW, sq))
}

/// Squares a rook on `sq` would attack on an empty board.
#[inline(always)]
pub fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(ray(N, sq) | ray(S, sq) | ray(E, sq) | ray(W, sq))
}

/// Squares a piece of `color` and `kind` on `sq` attacks, given the occupied squares.
#[inline]
pub fn attacks(color: Color, kind: PieceKind, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(color, sq),
        PieceKind::Lance => lance_attacks(color, sq, occupied),
        PieceKind::Knight => knight_attacks(color, sq),
        PieceKind::Silver => silver_attacks(color, sq),
        PieceKind::Bishop => bishop_attacks(sq, occupied),
        PieceKind::Rook => rook_attacks(sq, occupied),
        PieceKind::King => king_attacks(sq),
        PieceKind::Horse => bishop_attacks(sq, occupied) | king_attacks(sq),
        PieceKind::Dragon => rook_attacks(sq, occupied) | king_attacks(sq),
        _ => gold_attacks(color, sq),
    }
}

/// Squares strictly between `a` and `b` when they share a line; empty otherwise.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    let d = DIRECTION[a.index()][b.index()] as usize;
    if d == 8 {
        return Bitboard::EMPTY;
    }
    Bitboard((RAYS[d][a.index()] ^ RAYS[d][b.index()]) & !(1u128 << b.index()))
}

/// The whole line through `a` and `b` (both included) when they share one; empty otherwise.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    let d = DIRECTION[a.index()][b.index()] as usize;
    if d == 8 {
        return Bitboard::EMPTY;
    }
    let opposite = d ^ 1;
    Bitboard(RAYS[d][a.index()] | RAYS[opposite][a.index()] | (1u128 << a.index()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard;
    use crate::shogi::sq::*;

    #[test]
    fn step_pieces() {
        let e = SQ_5E;
        assert_eq!(pawn_attacks(Color::Black, e).count(), 1);
        assert!(pawn_attacks(Color::Black, e).contains(Square::new(4, 3).unwrap()));
        assert!(pawn_attacks(Color::White, e).contains(Square::new(4, 5).unwrap()));
        assert_eq!(king_attacks(e).count(), 8);
        assert_eq!(gold_attacks(Color::Black, e).count(), 6);
        assert_eq!(silver_attacks(Color::Black, e).count(), 5);
        assert_eq!(
            knight_attacks(Color::Black, e),
            bitboard! {
                . . . . . . . . .
                . . . . . . . . .
                . . . X . X . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
            }
        );
        assert!(knight_attacks(Color::Black, SQ_1B).is_empty());
    }

    #[test]
    fn sliders() {
        let occ = Bitboard::from_square(Square::new(4, 1).unwrap())
            | Bitboard::from_square(Square::new(1, 4).unwrap());
        let r = rook_attacks(SQ_5E, occ);
        assert_eq!(
            r,
            bitboard! {
                . . . . . . . . .
                . . . . X . . . .
                . . . . X . . . .
                . . . . X . . . .
                X X X X . X X X .
                . . . . X . . . .
                . . . . X . . . .
                . . . . X . . . .
                . . . . X . . . .
            }
        );
        assert_eq!(bishop_attacks(SQ_5E, Bitboard::EMPTY).count(), 16);
        assert_eq!(
            lance_attacks(Color::Black, SQ_1I, Bitboard::EMPTY).count(),
            8
        );
        assert_eq!(
            lance_attacks(Color::White, SQ_1I, Bitboard::EMPTY).count(),
            0
        );
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(SQ_1A, SQ_1I).count(), 7);
        assert_eq!(between(SQ_1A, SQ_9I).count(), 7);
        assert_eq!(between(SQ_1A, SQ_5E).count(), 3);
        assert_eq!(between(SQ_1A, SQ_7G).count(), 5);
        assert!(between(SQ_1A, Square::new(2, 1).unwrap()).is_empty());
        assert_eq!(between(SQ_1A, Square::new(1, 2).unwrap()), Bitboard::EMPTY);
        assert_eq!(line(SQ_5E, SQ_1A).count(), 9);
        assert_eq!(line(SQ_5E, Square::new(4, 0).unwrap()).count(), 9);
        // Every line is symmetric and holds both squares.
        for a in Square::all() {
            for b in Square::all() {
                let l = line(a, b);
                if a != b && l.any() {
                    assert!(l.contains(a) && l.contains(b));
                    assert_eq!(l, line(b, a));
                }
            }
        }
        for a in Square::all() {
            for b in Square::all() {
                assert_eq!(between(a, b), between(b, a));
            }
        }
    }
}
