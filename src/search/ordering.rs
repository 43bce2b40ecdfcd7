//! Move ordering: TT move, captures by victim value and capture history (least valuable
//! attacker first), promotions, killers, quiet moves by butterfly history, then captures that
//! lose material (by SEE).
//!
//! The history tables are sized by the board (`Dims`): 9x9 shogi's, or a variant's hundreds of
//! squares and kinds.

use super::board::{Dims, SearchBoard};
use super::params::{CAPTURE_HISTORY_ORDER_DIVISOR, HISTORY_MAX};
use super::see::see_ge;
use crate::eval::PIECE_VALUE;
use crate::shogi::{Color, Move, PieceKind, Position};

/// A history entry `e` after adding `bonus` (negative for a malus), pulled toward zero in
/// proportion to the bonus so that every table stays within `HISTORY_MAX` ("gravity").
#[inline(always)]
fn gravity(e: i32, bonus: i32) -> i32 {
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    e + b - e * b.abs() / HISTORY_MAX
}

/// Butterfly history: how often a quiet move caused a cutoff, by colour, origin (or dropped
/// kind, after the squares) and destination.
pub struct History {
    table: Vec<i32>,
    origins: usize,
    cells: usize,
}

impl History {
    /// An empty history for a board of `dims`.
    pub fn new(dims: Dims) -> History {
        History {
            table: vec![0; 2 * dims.origins * dims.cells],
            origins: dims.origins,
            cells: dims.cells,
        }
    }

    #[inline(always)]
    fn index(&self, c: Color, (origin, to): (usize, usize)) -> usize {
        (c.index() * self.origins + origin) * self.cells + to
    }

    /// The score for `c` of a quiet move from `origin` to `to` (`SearchBoard::history_squares`).
    #[inline(always)]
    pub fn get(&self, c: Color, squares: (usize, usize)) -> i32 {
        self.table[self.index(c, squares)]
    }

    /// Adds `bonus` (negative for a malus), pulled toward zero so values stay bounded.
    #[inline(always)]
    pub fn update(&mut self, c: Color, squares: (usize, usize), bonus: i32) {
        let i = self.index(c, squares);
        self.table[i] = gravity(self.table[i], bonus);
    }
}

/// Index of a coloured piece kind, 0..28.
#[inline(always)]
pub fn piece_index(c: Color, kind: PieceKind) -> usize {
    c.index() * 14 + kind.index()
}

/// The piece index and destination of `m` as it stands after the move (promotion included).
#[inline(always)]
pub fn moved_piece(pos: &Position, m: Move) -> (usize, usize) {
    let us = pos.side_to_move();
    let kind = if m.is_drop() {
        m.drop_kind()
    } else {
        let k = pos.piece_on(m.from()).expect("moving piece").kind();
        if m.is_promotion() {
            k.promote()
        } else {
            k
        }
    };
    (piece_index(us, kind), m.to().index())
}

/// Continuation history: how well a quiet move did right after a given move, by the earlier
/// move's (piece, destination) and this move's (piece, destination). Only for boards small
/// enough that the table (the square of pieces times cells) fits; elsewhere it stays empty and
/// the search leaves it off.
pub struct ContinuationHistory {
    table: Vec<i16>,
    cells: usize,
    slice: usize,
}

/// The largest (pieces x cells) a continuation table is made for (9x9: 28 x 81).
pub const CONTINUATION_MAX_SLICE: usize = 4096;

impl ContinuationHistory {
    /// An empty table for a board of `dims` (none when the board is too large).
    pub fn new(dims: Dims) -> ContinuationHistory {
        let slice = dims.pieces * dims.cells;
        let fits = slice <= CONTINUATION_MAX_SLICE;
        ContinuationHistory {
            table: vec![0; if fits { slice * slice } else { 0 }],
            cells: dims.cells,
            slice,
        }
    }

    /// Whether the table exists (the board is small enough).
    pub fn available(&self) -> bool {
        !self.table.is_empty()
    }

    /// The scores following the move that put piece `piece` on `to`.
    #[inline(always)]
    pub fn after(&self, (piece, to): (usize, usize)) -> &[i16] {
        let start = (piece * self.cells + to) * self.slice;
        &self.table[start..start + self.slice]
    }

    /// The index of (`piece`, `to`) in a slice.
    #[inline(always)]
    pub fn slot(&self, (piece, to): (usize, usize)) -> usize {
        piece * self.cells + to
    }

    /// Adds `bonus` for `current` played after `previous`, pulled toward zero.
    #[inline(always)]
    pub fn update(&mut self, previous: (usize, usize), current: (usize, usize), bonus: i32) {
        let i = self.slot(previous) * self.slice + self.slot(current);
        self.table[i] = gravity(self.table[i] as i32, bonus) as i16;
    }
}

/// Capture history: how often a capture caused a cutoff, by the moving piece (as it stands
/// after the move), its destination and the kind captured. It refines the order that the
/// victim's value gives: among captures of equal victims, and across victims a little.
pub struct CaptureHistory {
    table: Vec<i16>,
    cells: usize,
    kinds: usize,
}

impl CaptureHistory {
    /// An empty table for a board of `dims`.
    pub fn new(dims: Dims) -> CaptureHistory {
        CaptureHistory {
            table: vec![0; dims.pieces * dims.cells * dims.kinds],
            cells: dims.cells,
            kinds: dims.kinds,
        }
    }

    #[inline(always)]
    fn index(&self, (piece, to): (usize, usize), captured: usize) -> usize {
        (piece * self.cells + to) * self.kinds + captured
    }

    /// The score of the capture that puts `moved` on its square, taking a `captured` kind.
    #[inline(always)]
    pub fn get(&self, moved: (usize, usize), captured: usize) -> i32 {
        self.table[self.index(moved, captured)] as i32
    }

    /// Adds `bonus` (negative for a malus), pulled toward zero so values stay bounded.
    #[inline(always)]
    pub fn update(&mut self, moved: (usize, usize), captured: usize, bonus: i32) {
        let i = self.index(moved, captured);
        self.table[i] = gravity(self.table[i] as i32, bonus) as i16;
    }
}

/// What orders the moves at one node: butterfly history and the continuation histories of
/// the last one and two plies for quiet moves, capture history for captures.
pub struct OrderingContext<'a> {
    /// Butterfly history.
    pub history: &'a History,
    /// Capture history.
    pub captures: &'a CaptureHistory,
    /// Continuation scores after the previous move and the one before it.
    pub continuation: [Option<&'a [i16]>; 2],
    /// The continuation table (for the index of a move in a slice).
    pub continuation_table: &'a ContinuationHistory,
}

impl OrderingContext<'_> {
    /// The order score of quiet move `m`.
    #[inline]
    pub fn quiet_score<B: SearchBoard>(&self, pos: &B, m: B::Move) -> i32 {
        let mut score = self.history.get(pos.side_to_move(), pos.history_squares(m));
        if self.continuation.iter().any(Option::is_some) {
            let i = self.continuation_table.slot(pos.moved_piece(m));
            for c in self.continuation.iter().flatten() {
                score += c[i] as i32;
            }
        }
        score
    }

    /// The order score of capture `m` on 9x9: the victim's value first, then the capture
    /// history, then the least valuable attacker and promotion.
    #[inline]
    pub fn capture_score(&self, pos: &Position, m: Move) -> i32 {
        let victim = pos.piece_on(m.to()).expect("a capture").kind();
        let mover = pos.piece_on(m.from()).expect("moving piece").kind();
        PIECE_VALUE[victim.index()] * 16
            + self.captures.get(moved_piece(pos, m), victim.index()) / CAPTURE_HISTORY_ORDER_DIVISOR
            - PIECE_VALUE[mover.index()] / 16
            + i32::from(m.is_promotion()) * 8
    }
}

/// Whether `m` captures a piece.
#[inline(always)]
pub fn is_capture(pos: &Position, m: Move) -> bool {
    !m.is_drop() && pos.piece_on(m.to()).is_some()
}

/// Static order key for `m`: higher is searched first.
#[inline]
pub fn score_move(
    pos: &Position,
    m: Move,
    tt_move: Option<Move>,
    killers: &[Option<Move>; 2],
    history: &History,
) -> i32 {
    if Some(m) == tt_move {
        return 1 << 30;
    }
    if !m.is_drop() {
        let mover = pos.piece_on(m.from()).expect("moving piece").kind();
        if let Some(victim) = pos.piece_on(m.to()) {
            let promo = if m.is_promotion() {
                PIECE_VALUE[mover.promote().index()] - PIECE_VALUE[mover.index()]
            } else {
                0
            };
            let mvv_lva =
                PIECE_VALUE[victim.kind().index()] * 16 + promo - PIECE_VALUE[mover.index()] / 16;
            // Captures that lose material go after the quiet moves.
            return if see_ge(pos, m, 0) {
                (1 << 24) + mvv_lva
            } else {
                -(1 << 24) + mvv_lva
            };
        }
        if m.is_promotion() {
            return (1 << 23) + PIECE_VALUE[mover.promote().index()] - PIECE_VALUE[mover.index()];
        }
    }
    if Some(m) == killers[0] {
        return (1 << 22) + 1;
    }
    if Some(m) == killers[1] {
        return 1 << 22;
    }
    history.get(pos.side_to_move(), pos.history_squares(m))
}

/// Moves the best-scored remaining move to position `i` (selection sort, one step).
#[inline]
pub fn pick_next(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}
