//! What a search says: scores, progress reports and its answer, as plain data.

use super::params::MAX_PLY;
use crate::eval::Value;
use crate::shogi::Move;
use std::time::Duration;

/// Mate score: being mated at the root is `-MATE`, mating in `n` plies is `MATE - n`.
pub const MATE: Value = 32000;
/// Scores beyond this are mate scores.
pub const MATE_BOUND: Value = MATE - MAX_PLY as Value;
// A static evaluation is never read as a mate score.
const _: () = assert!(crate::eval::EVAL_LIMIT < MATE_BOUND);
/// Larger than any score.
pub const INFINITE: Value = MATE + 1;

/// A score as reported to the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, side to move's view.
    Cp(Value),
    /// Mate in this many plies (negative: the side to move gets mated).
    Mate(i32),
}

impl Score {
    /// The reported form of an internal value.
    pub fn from_value(v: Value) -> Score {
        if v >= MATE_BOUND {
            Score::Mate(MATE - v)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v))
        } else {
            Score::Cp(v)
        }
    }
}

/// One line of search progress (`M`: the board's move).
#[derive(Clone, Debug)]
pub struct SearchInfo<M = Move> {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which of the MultiPV lines this is (1-based).
    pub multipv: usize,
    /// Score of the line.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Transposition table use, permille.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<M>,
}

/// What the search reports while it runs.
#[derive(Clone, Debug)]
pub enum SearchEvent<M = Move> {
    /// Progress: a finished iteration (one per MultiPV line).
    Info(SearchInfo<M>),
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct SearchResult<M = Move> {
    /// The move to play; `None` when there is no legal move.
    pub best: Option<M>,
    /// The expected reply, for pondering.
    pub ponder: Option<M>,
    /// Score of the best move.
    pub score: Value,
    /// Nodes searched.
    pub nodes: u64,
    /// Deepest completed iteration.
    pub depth: u32,
    /// The side to move declares an entering-king win (`bestmove win`).
    pub declare_win: bool,
}

impl<M> SearchResult<M> {
    /// An answer given without searching (no legal move, a declaration, a single legal move).
    pub fn immediate(best: Option<M>, score: Value) -> SearchResult<M> {
        SearchResult {
            best,
            ponder: None,
            score,
            nodes: 0,
            depth: 0,
            declare_win: false,
        }
    }
}
