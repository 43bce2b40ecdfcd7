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
    /// Coloured piece kinds, numbered side x kinds + kind (Black's first).
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
/// move's (piece, destination) and this move's (piece, destination). Where a slice per earlier
/// (piece, destination) would make the table too large (the large variants), the earlier move
/// is known by its side and destination alone; where even that is too large, the table stays
/// empty and the search leaves it off.
pub struct ContinuationHistory {
    table: Vec<i16>,
    cells: usize,
    slice: usize,
    /// Kinds per side when earlier moves are known by side and destination (`Dims::pieces`
    /// gives a coloured kind's side), else 0.
    coarse_kinds: usize,
}

/// The largest (pieces x cells) a continuation table is made for with a slice per earlier
/// (piece, destination) (9x9: 28 x 81).
pub const CONTINUATION_MAX_SLICE: usize = 4096;
/// The most entries a table with earlier moves known by side and destination may have
/// (8 MiB): chu's (2 x 144 squares x 78 x 144) and wa's fit. In self-play at fixed nodes the
/// table gained chu +51 Elo in 200 games and dai nothing in 200 (docs/results.md), so dai's
/// (22 MiB) and the larger boards' are not made.
pub const CONTINUATION_MAX_COARSE: usize = 1 << 22;

impl ContinuationHistory {
    /// An empty table for a board of `dims` (none when the board is too large).
    pub fn new(dims: Dims) -> ContinuationHistory {
        let slice = dims.pieces * dims.cells;
        let (slices, coarse_kinds) = if slice <= CONTINUATION_MAX_SLICE {
            (slice, 0)
        } else if 2 * dims.cells * slice <= CONTINUATION_MAX_COARSE && dims.kinds > 0 {
            (2 * dims.cells, dims.kinds)
        } else {
            (0, 0)
        };
        ContinuationHistory {
            table: vec![0; slices * slice],
            cells: dims.cells,
            slice,
            coarse_kinds,
        }
    }

    /// Whether the table exists (the board is small enough).
    pub fn available(&self) -> bool {
        !self.table.is_empty()
    }

    /// Whether earlier moves are known by side and destination alone (the large boards): a
    /// slice is then tens of kilobytes, and reading it for every quiet move of a node costs
    /// cache misses that a node cut off early need not pay.
    pub fn scattered(&self) -> bool {
        self.coarse_kinds > 0
    }

    /// The scores following the move that put piece `piece` on `to`.
    #[inline(always)]
    pub fn after(&self, previous: (usize, usize)) -> &[i16] {
        let start = self.earlier(previous) * self.slice;
        &self.table[start..start + self.slice]
    }

    /// The slice of an earlier move that put `piece` on `to`.
    #[inline(always)]
    fn earlier(&self, (piece, to): (usize, usize)) -> usize {
        match piece.checked_div(self.coarse_kinds) {
            None => piece * self.cells + to,
            Some(side) => side * self.cells + to,
        }
    }

    /// The index of (`piece`, `to`) in a slice.
    #[inline(always)]
    pub fn slot(&self, (piece, to): (usize, usize)) -> usize {
        piece * self.cells + to
    }

    /// Adds `bonus` for `current` played after `previous`, pulled toward zero.
    #[inline(always)]
    pub fn update(&mut self, previous: (usize, usize), current: (usize, usize), bonus: i32) {
        let i = self.earlier(previous) * self.slice + self.slot(current);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continuation_tables_are_sized_by_the_board() {
        // 9x9: a slice per earlier (piece, destination).
        let small = ContinuationHistory::new(Dims::SHOGI);
        assert_eq!(small.table.len(), (28 * 81) * (28 * 81));
        // Chu's 144 squares and 2 x 39 kinds: earlier moves by side and destination.
        let chu = Dims {
            cells: 144,
            origins: 144 + 39,
            pieces: 78,
            kinds: 39,
        };
        let mut t = ContinuationHistory::new(chu);
        assert!(t.available());
        assert_eq!(t.table.len(), (2 * 144) * (78 * 144));
        // The last piece of either side on the last square, after either side's move there.
        let (black_last, white_last) = ((38, 143), (77, 143));
        t.update(black_last, white_last, 1000);
        let i = t.slot(white_last);
        assert!(t.after(black_last)[i] > 0);
        // The same side's other pieces' moves to that square share the slice; the other
        // side's do not.
        assert_eq!(t.after((0, 143))[i], t.after(black_last)[i]);
        assert_eq!(t.after(white_last)[i], 0);
        // Dai's 225 squares and 2 x 55 kinds are too many even for that.
        let dai = Dims {
            cells: 225,
            origins: 225 + 55,
            pieces: 110,
            kinds: 55,
        };
        assert!(!ContinuationHistory::new(dai).available());
    }
}
