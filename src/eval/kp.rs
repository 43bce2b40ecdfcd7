//! The learned king-relative form: one table of values for every piece (on the board by its
//! kind and square, in hand by its kind and how many), relative to the square of the king of
//! the side looking (Bonanza's king-piece tables; NNUE's HalfKP input without the network).
//!
//! Each side sees the board from its own side (White's view is the board turned round) and
//! mirrored so that its king stands on files 1 to 5: the table has 45 king squares, and for
//! each the values of every friendly non-king piece, every enemy piece (the enemy king
//! included) and the n-th piece of each kind in either hand. A side's sum is its view of the
//! position; the evaluation adds Black's and subtracts White's, so it is symmetric by
//! construction. The values are fitted to scored self-play positions (`tune::kp`) on top of
//! the rest of the evaluation, and kept in `kp.bin` (compiled in).
//!
//! The search keeps each side's sum and updates it with every move (`Accumulator`): a move
//! changes two or three entries, and only a king's move has its side's sum made again.

use crate::shogi::{Color, Hand, Move, PieceKind, Position, Square};
use std::sync::LazyLock;

/// Squares of the board.
const SQUARES: usize = 81;
/// King squares of a table: files 1 to 5 of the side's own view.
pub const KING_SQUARES: usize = 45;
/// Friendly kinds (no king: it is the table's index).
const FRIEND_KINDS: usize = 13;
/// Board entries: friendly kinds, then every enemy kind, on every square.
const BOARD: usize = (FRIEND_KINDS + 14) * SQUARES;
/// Hand entries of one side: the n-th piece of each kind, a set's worth.
const HAND_SIDE: usize = 38;
/// Entries of one king square: the board, then Black's view of its own hand, then the enemy's.
pub const PIECES: usize = BOARD + 2 * HAND_SIDE;
/// Entries of the whole table.
pub const SIZE: usize = KING_SQUARES * PIECES;

/// First hand entry of each hand kind (`PieceKind::HAND` order).
const HAND_FIRST: [usize; 7] = {
    let mut o = [0; 7];
    let mut i = 1;
    while i < 7 {
        o[i] = o[i - 1] + Hand::MAX[i - 1] as usize;
        i += 1;
    }
    o
};

/// The values, in 1/`SCALE` centipawn.
pub type Table = [i16];

/// The values' unit: 1/SCALE centipawn.
pub const SCALE: i32 = 32;

/// The file the fitted table is read from.
const TABLE_FILE: &[u8] = include_bytes!("kp.bin");
/// The file's first bytes (the format's version is the last).
pub const MAGIC: &[u8; 8] = b"HISHAKP1";

/// Reads a table file: `MAGIC`, then `SIZE` little-endian i16s. An empty file is a table of
/// zeros (no learned form).
pub fn parse_table(bytes: &[u8]) -> Result<Box<Table>, String> {
    if bytes.is_empty() {
        return Ok(vec![0; SIZE].into_boxed_slice());
    }
    let body = bytes
        .strip_prefix(MAGIC.as_slice())
        .ok_or("not a king-piece table (no HISHAKP1 header)")?;
    if body.len() != 2 * SIZE {
        return Err(format!(
            "a king-piece table has {SIZE} values, this one {}",
            body.len() / 2
        ));
    }
    Ok(body
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect())
}

/// A table as its file.
pub fn table_file(table: &Table) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    for v in table {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// Slots of a king square's board entries: the friendly kinds (no king), then every enemy kind.
pub const BOARD_SLOTS: usize = FRIEND_KINDS + 14;
/// Hand entries of a king square: Black's view of its own hand, then of the enemy's.
pub const HAND_ENTRIES: usize = 2 * HAND_SIDE;

/// What an entry of the table stands for, in the view of the side whose table it is (its king
/// on files 1 to 5). Squares are `file * 9 + rank`, from 0, in that view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A piece on the board.
    Board {
        /// The king's square.
        king: usize,
        /// The piece's slot (`BOARD_SLOTS`).
        slot: usize,
        /// The piece's square.
        square: usize,
    },
    /// The n-th piece of a hand kind.
    Hand {
        /// The king's square.
        king: usize,
        /// The entry's place among `HAND_ENTRIES`.
        index: usize,
    },
}

/// What entry `e` (below `SIZE`) of the table stands for.
pub fn entry(e: usize) -> Entry {
    let (king, p) = (e / PIECES, e % PIECES);
    if p < BOARD {
        Entry::Board {
            king,
            slot: p / SQUARES,
            square: p % SQUARES,
        }
    } else {
        Entry::Hand {
            king,
            index: p - BOARD,
        }
    }
}

/// The table compiled in.
pub static TABLE: LazyLock<Box<Table>> =
    LazyLock::new(|| parse_table(TABLE_FILE).expect("src/eval/kp.bin is a king-piece table"));

/// How `side` sees the board: its king's table row, and whether squares are mirrored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    side: Color,
    mirror: bool,
    /// The first entry of the king's row.
    row: usize,
}

/// `sq` as `side` sees it (White's view turned round), as (file 0..9, rank 0..9).
#[inline(always)]
fn seen_from(sq: Square, side: Color) -> (usize, usize) {
    let (f, r) = (sq.file() as usize, sq.rank() as usize);
    match side {
        Color::Black => (f, r),
        Color::White => (8 - f, 8 - r),
    }
}

impl View {
    /// `side`'s view with its king on `king`.
    #[inline]
    pub fn new(side: Color, king: Square) -> View {
        let (f, r) = seen_from(king, side);
        let mirror = f > 4;
        let f = if mirror { 8 - f } else { f };
        View {
            side,
            mirror,
            row: (f * 9 + r) * PIECES,
        }
    }

    /// `side`'s view of `pos`, if it has a king.
    pub fn of(pos: &Position, side: Color) -> Option<View> {
        pos.king_square(side).map(|k| View::new(side, k))
    }

    /// The entry of a piece `color`, `kind` on `sq`.
    #[inline(always)]
    pub fn board(&self, color: Color, kind: PieceKind, sq: Square) -> usize {
        let (f, r) = seen_from(sq, self.side);
        let f = if self.mirror { 8 - f } else { f };
        let k = if color == self.side {
            // The friendly kinds skip the king.
            let i = kind.index();
            i - usize::from(i > PieceKind::King.index())
        } else {
            FRIEND_KINDS + kind.index()
        };
        self.row + k * SQUARES + f * 9 + r
    }

    /// The entry of the `n`-th (from 0) piece of hand kind `kind` held by `color`.
    #[inline(always)]
    pub fn hand(&self, color: Color, kind: PieceKind, n: u32) -> usize {
        let h = kind.index();
        let n = n.min(Hand::MAX[h] - 1) as usize;
        let side = usize::from(color != self.side);
        self.row + BOARD + side * HAND_SIDE + HAND_FIRST[h] + n
    }

    /// The sum of `table` over every piece of `pos`, in this view.
    pub fn sum(&self, pos: &Position, table: &Table) -> i32 {
        let mut s = 0;
        for c in Color::ALL {
            for kind in PieceKind::ALL {
                if kind == PieceKind::King && c == self.side {
                    continue;
                }
                for sq in pos.pieces(c, kind) {
                    s += i32::from(table[self.board(c, kind, sq)]);
                }
            }
            for kind in PieceKind::HAND {
                for n in 0..pos.hand(c).count(kind) {
                    s += i32::from(table[self.hand(c, kind, n)]);
                }
            }
        }
        s
    }

    /// Calls `f(entry)` for every piece of `pos` in this view (the fit's features).
    pub fn for_each(&self, pos: &Position, f: &mut impl FnMut(usize)) {
        for c in Color::ALL {
            for kind in PieceKind::ALL {
                if kind == PieceKind::King && c == self.side {
                    continue;
                }
                for sq in pos.pieces(c, kind) {
                    f(self.board(c, kind, sq));
                }
            }
            for kind in PieceKind::HAND {
                for n in 0..pos.hand(c).count(kind) {
                    f(self.hand(c, kind, n));
                }
            }
        }
    }
}

/// The learned form of `pos` from Black's view, in centipawns (0 without both kings).
pub fn evaluate(pos: &Position, table: &Table) -> i32 {
    let (Some(black), Some(white)) = (View::of(pos, Color::Black), View::of(pos, Color::White))
    else {
        return 0;
    };
    (black.sum(pos, table) - white.sum(pos, table)) / SCALE
}

/// Each side's sum, kept along the search's line: one entry a ply.
#[derive(Clone, Debug)]
pub struct Accumulator {
    /// Black's and White's sums, the last for the position on the board.
    stack: Vec<[i32; 2]>,
}

impl Accumulator {
    /// The sums of `pos`.
    pub fn new(pos: &Position, table: &Table) -> Accumulator {
        let mut stack = Vec::with_capacity(256);
        stack.push(Accumulator::sums(pos, table));
        Accumulator { stack }
    }

    fn sums(pos: &Position, table: &Table) -> [i32; 2] {
        Color::ALL.map(|c| View::of(pos, c).map_or(0, |v| v.sum(pos, table)))
    }

    /// The learned form of the position on the board, centipawns for `side`.
    #[inline]
    pub fn value(&self, side: Color) -> i32 {
        let [b, w] = *self.stack.last().expect("the root's sums");
        let black = (b - w) / SCALE;
        if side == Color::Black {
            black
        } else {
            -black
        }
    }

    /// Before `pos` plays `m`: pushes the sums after it. `after` is the position once `m` is
    /// played, needed only when a king moves (its side's sum is made again).
    #[inline]
    pub fn push_move(&mut self, pos: &Position, m: Move, table: &Table) -> bool {
        let us = pos.side_to_move();
        let mut sums = *self.stack.last().expect("the root's sums");
        let views = Color::ALL.map(|c| View::of(pos, c));
        let mut king_moved = false;
        if m.is_drop() {
            let kind = m.drop_kind();
            let n = pos.hand(us).count(kind) - 1;
            for (i, v) in views.iter().enumerate() {
                if let Some(v) = v {
                    sums[i] += i32::from(table[v.board(us, kind, m.to())])
                        - i32::from(table[v.hand(us, kind, n)]);
                }
            }
        } else {
            let piece = pos.piece_on(m.from()).expect("a piece to move");
            let kind = piece.kind();
            let after = if m.is_promotion() {
                kind.promote()
            } else {
                kind
            };
            king_moved = kind == PieceKind::King;
            let captured = pos.piece_on(m.to());
            for (i, v) in views.iter().enumerate() {
                let Some(v) = v else { continue };
                if king_moved && i == us.index() {
                    continue;
                }
                let mut d = i32::from(table[v.board(us, after, m.to())])
                    - i32::from(table[v.board(us, kind, m.from())]);
                if let Some(victim) = captured {
                    let base = victim.kind().unpromote();
                    d += i32::from(table[v.hand(us, base, pos.hand(us).count(base))])
                        - i32::from(table[v.board(!us, victim.kind(), m.to())]);
                }
                sums[i] += d;
            }
        }
        self.stack.push(sums);
        king_moved
    }

    /// After a king's move: its side's sum made again for `pos`, the position now on the board.
    pub fn refresh(&mut self, pos: &Position, side: Color, table: &Table) {
        let v = View::of(pos, side).map_or(0, |v| v.sum(pos, table));
        self.stack.last_mut().expect("the sums just pushed")[side.index()] = v;
    }

    /// A pass: the same sums.
    #[inline]
    pub fn push_null(&mut self) {
        let top = *self.stack.last().expect("the root's sums");
        self.stack.push(top);
    }

    /// Takes back the last push.
    #[inline]
    pub fn pop(&mut self) {
        self.stack.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::{generate_legal, MoveList};

    /// A table of random values.
    fn random_table(seed: u64) -> Box<Table> {
        let mut x = seed;
        (0..SIZE)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % 2001) as i16 - 1000
            })
            .collect()
    }

    #[test]
    fn the_kept_sums_are_the_sums_made_again_along_random_games() {
        let table = random_table(99);
        let mut seed = 12345u64;
        for _ in 0..20 {
            let mut pos = Position::startpos();
            let mut acc = Accumulator::new(&pos, &table);
            let mut line = Vec::new();
            for _ in 0..150 {
                let mut list = MoveList::new();
                generate_legal(&pos, &mut list);
                if list.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = list.as_slice()[(seed >> 33) as usize % list.len()];
                let king = acc.push_move(&pos, m, &table);
                pos.make_move(m);
                if king {
                    acc.refresh(&pos, !pos.side_to_move(), &table);
                }
                line.push(m);
                assert_eq!(acc.stack.last(), Some(&Accumulator::sums(&pos, &table)));
            }
            // And back.
            while let Some(m) = line.pop() {
                pos.unmake_move(m);
                acc.pop();
                assert_eq!(acc.stack.last(), Some(&Accumulator::sums(&pos, &table)));
            }
        }
    }

    #[test]
    fn the_form_is_the_same_from_either_side() {
        let table = random_table(7);
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1",
            "ln1g5/1r2S1k2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K1pr/LN4G1b w BGSLPnp 1",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            let flipped = Position::from_sfen(&crate::notation::sfen::flip(sfen).unwrap()).unwrap();
            assert_eq!(
                evaluate(&pos, &table),
                -evaluate(&flipped, &table),
                "{sfen}"
            );
        }
        // Mirrored left to right: the same.
        let pos = Position::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        )
        .unwrap();
        let mirrored = Position::from_sfen(
            "ln6l/kg1+P5/3S1pn2/pP4p1p/1pS2P3/P1P2bPP1/1SG5P/8R/LKb4NL w RGgsn5p 1",
        )
        .unwrap();
        assert_eq!(evaluate(&pos, &table), evaluate(&mirrored, &table));
    }

    #[test]
    fn table_files_read_back() {
        let table = random_table(3);
        assert_eq!(parse_table(&table_file(&table)).unwrap(), table);
        assert!(parse_table(b"HISHAKP1\x01\x00").is_err());
        assert!(parse_table(b"nonsense").is_err());
        assert!(parse_table(&[]).unwrap().iter().all(|&v| v == 0));
    }
}
