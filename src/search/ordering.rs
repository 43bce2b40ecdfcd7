//! The tables that order moves by what happened earlier in the search: butterfly history,
//! continuation history, capture history, and the view of them one node orders its moves by
//! (`OrderingContext`). Each board's picker scores its own moves with them (`move_picker.rs` for
//! 9x9, `variant.rs` for the variants); the tables know moves only by the indices a board gives
//! (`SearchBoard::history_squares`, `SearchBoard::moved_piece`), so this file imports no board.
//!
//! The tables are sized by the board (`Dims`): 9x9 shogi's, or a variant's hundreds of squares
//! and kinds.

use super::params::HISTORY_MAX;
use crate::color::Color;

/// The sizes of a board's ordering tables: squares, history origins (squares plus drop
/// kinds), coloured piece kinds (as they stand after a move) and kinds that can be captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dims {
    /// Squares of the board.
    pub cells: usize,
    /// Origins of a move: the squares, then one per droppable kind.
    pub origins: usize,
    /// Coloured piece kinds.
    pub pieces: usize,
    /// Piece kinds (a capture's victim).
    pub kinds: usize,
}

impl Dims {
    /// 9x9 shogi's: 81 squares, 7 drop kinds, 2 x 14 piece kinds.
    pub const SHOGI: Dims = Dims {
        cells: 81,
        origins: 88,
        pieces: 28,
        kinds: 14,
    };
}

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
    /// The order score of a quiet move of `side` from `squares.0` to `squares.1`, the history's
    /// indices of it; `moved` gives its (piece, destination) when a continuation table needs it.
    #[inline]
    pub fn quiet_score(
        &self,
        side: Color,
        squares: (usize, usize),
        moved: impl FnOnce() -> (usize, usize),
    ) -> i32 {
        let mut score = self.history.get(side, squares);
        if self.continuation.iter().any(Option::is_some) {
            let i = self.continuation_table.slot(moved());
            for c in self.continuation.iter().flatten() {
                score += c[i] as i32;
            }
        }
        score
    }
}

/// Moves the best-scored remaining move to position `i` (selection sort, one step).
#[inline]
pub fn pick_next<M>(moves: &mut [M], scores: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}
