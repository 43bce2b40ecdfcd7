//! The search: iterative deepening over a principal variation search with a transposition table
//! and a quiescence search over captures.
//!
//! The search never prints. It reports `SearchEvent`s through a callback; the engine layer turns
//! them into protocol text. It stops when `SearchControl::stop` is raised, when its time or node
//! budget runs out, or when its depth limit is reached; while pondering or in `go infinite` it
//! then waits for `stop`/`ponderhit` before returning, because USI forbids an early `bestmove`.
//!
//! The search is generic over the board (`board::SearchBoard`): 9x9 shogi's `shogi::ShogiBoard`
//! and the variants' `variant::VBoard` go through the same code, monomorphised for each.
//!
//! This file holds one search thread's state (`Searcher`); the rest is one job a file: `board`
//! (what the search needs of a board, the traits alone), `shogi` and `variant` (the boards),
//! `limits` (what a search is asked), `result` (what it answers), `control` (the flags it shares
//! while it runs), `smp` (Lazy SMP threads), `deepening` (iterative deepening at the root),
//! `negamax` (the tree search and quiescence), `ordering` (the history tables every board
//! orders by), `move_picker` and `see` (9x9's staged picker and static exchange), `time` (the
//! clock), `tt` (the transposition table, on huge pages: `huge_pages`), `params` (tuned
//! constants), and the mate searches: `mate1` and `mate3` (short mates near the leaves) and
//! `dfpn` (the proof-number search behind `go mate` and `hisha mate`).

pub mod board;
pub mod control;
mod deepening;
pub mod dfpn;
mod huge_pages;
pub mod limits;
pub mod mate1;
pub mod mate3;
pub mod move_picker;
mod negamax;
pub mod ordering;
pub mod params;
pub mod result;
pub mod see;
pub mod shogi;
mod smp;
pub mod time;
pub mod tt;
pub mod variant;
mod zeroed;

use crate::eval::Value;
pub use board::{Dims, SearchBoard};
pub use control::SearchControl;
pub use limits::{Limits, MateLimit, SearchOptions};
pub use mate1::mate_in_one;
pub use mate3::mate_in_three;
pub use params::Features;
use params::*;
pub use result::{Score, SearchEvent, SearchInfo, SearchResult, INFINITE, MATE, MATE_BOUND};
pub use shogi::ShogiBoard;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;
use tt::TranspositionTable;

#[derive(Clone, Debug)]
struct RootMove<M> {
    mv: M,
    score: Value,
    previous_score: Value,
    seldepth: u32,
    pv: Vec<M>,
}

fn lmr_table() -> [[i32; 64]; 64] {
    let mut t = [[0; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) as i32;
        }
    }
    t
}

/// One search thread's state for board `B` (9x9 shogi by default): tables that persist between
/// searches of a game, and counters.
pub struct Searcher<B: SearchBoard = ShogiBoard> {
    tt: Arc<TranspositionTable>,
    control: Arc<SearchControl>,
    /// The board the ordering tables are sized for.
    dims: Dims,
    history: ordering::History,
    continuation: ordering::ContinuationHistory,
    capture_history: ordering::CaptureHistory,
    /// The move that refuted each (piece, destination), indexed as the continuation's slots.
    counter_moves: Vec<Option<B::Move>>,
    /// The (piece, destination) of the move played at each ply of the current line.
    moved: [Option<(usize, usize)>; MAX_PLY + 2],
    // Per-search state.
    nodes: u64,
    seldepth: usize,
    start: Instant,
    budget: Option<time::TimeBudget>,
    node_limit: u64,
    aborted: bool,
    infinite: bool,
    root_depth: i32,
    killers: [[Option<B::Move>; 2]; MAX_PLY + 2],
    /// Static evaluation at each ply of the current line (`EVAL_NONE` in check).
    evals: [Value; MAX_PLY + 2],
    /// Recent static evaluations by position key (quiescence nodes repeat across iterations).
    eval_cache: Box<[(u64, Value)]>,
    /// The evaluation the cached evaluations were made with (`SearchBoard::evaluation_id`).
    evaluation_id: usize,
    /// The move left out at each ply by a singular-extension search.
    excluded: [Option<B::Move>; MAX_PLY + 2],
    pv: Vec<[Option<B::Move>; MAX_PLY + 2]>,
    pv_len: [usize; MAX_PLY + 2],
    root_moves: Vec<RootMove<B::Move>>,
    pv_index: usize,
    features: Features,
    contempt: Value,
    /// `SearchOptions::max_moves_to_draw` (0: none).
    max_moves_to_draw: u32,
    lmr: Box<[[i32; 64]; 64]>,
    /// 0 for the main thread; helpers are numbered from 1 and never report.
    helper_id: usize,
    /// Who is to move at the root and the overhead, to rebuild the budget on `ponderhit`.
    root_side: crate::color::Color,
    move_overhead_ms: u64,
    /// Lazy SMP helpers, kept between searches so their histories carry over.
    helpers: Vec<Searcher<B>>,
}

/// Tables sized for no board: the first search sizes them.
const NO_DIMS: Dims = Dims {
    cells: 0,
    origins: 0,
    pieces: 0,
    kinds: 0,
};

impl<B: SearchBoard> Searcher<B> {
    /// A searcher using `tt` and obeying `control`.
    pub fn new(tt: Arc<TranspositionTable>, control: Arc<SearchControl>) -> Searcher<B> {
        Searcher {
            tt,
            control,
            dims: NO_DIMS,
            history: ordering::History::new(NO_DIMS),
            continuation: ordering::ContinuationHistory::new(NO_DIMS),
            capture_history: ordering::CaptureHistory::new(NO_DIMS),
            counter_moves: Vec::new(),
            moved: [None; MAX_PLY + 2],
            nodes: 0,
            seldepth: 0,
            start: Instant::now(),
            budget: None,
            node_limit: u64::MAX,
            aborted: false,
            infinite: false,
            root_depth: 0,
            killers: [[None; 2]; MAX_PLY + 2],
            evals: [tt::EVAL_NONE; MAX_PLY + 2],
            excluded: [None; MAX_PLY + 2],
            eval_cache: vec![(0, 0); EVAL_CACHE_ENTRIES].into_boxed_slice(),
            evaluation_id: 0,
            pv: vec![[None; MAX_PLY + 2]; MAX_PLY + 2],
            pv_len: [0; MAX_PLY + 2],
            root_moves: Vec::new(),
            pv_index: 0,
            features: Features::default(),
            contempt: 0,
            max_moves_to_draw: 0,
            lmr: Box::new(lmr_table()),
            helper_id: 0,
            root_side: crate::color::Color::Black,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            helpers: Vec::new(),
        }
    }

    /// Replaces the shared table (after a resize).
    pub fn set_tt(&mut self, tt: Arc<TranspositionTable>) {
        for h in &mut self.helpers {
            h.set_tt(tt.clone());
        }
        self.tt = tt;
    }

    /// Forgets what was learnt in earlier games (history tables).
    pub fn new_game(&mut self) {
        for h in &mut self.helpers {
            h.new_game();
        }
        self.size_tables(self.dims);
    }

    /// Makes empty ordering tables for a board of `dims`.
    fn size_tables(&mut self, dims: Dims) {
        self.dims = dims;
        self.history = ordering::History::new(dims);
        self.continuation = ordering::ContinuationHistory::new(dims);
        self.capture_history = ordering::CaptureHistory::new(dims);
        self.counter_moves = vec![None; dims.pieces * dims.cells];
    }

    /// Nodes of this thread and of its helpers.
    fn total_nodes(&self) -> u64 {
        self.nodes + self.control.helper_nodes.load(Ordering::Relaxed)
    }

    /// Polls the clock, the node limit and the stop flag; sets `aborted`.
    #[inline]
    fn check_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & (ABORT_CHECK_INTERVAL - 1) == 0 {
            if self.helper_id != 0 {
                self.control
                    .helper_nodes
                    .fetch_add(ABORT_CHECK_INTERVAL, Ordering::Relaxed);
            }
            self.adopt_ponderhit_clock();
            if self.control.stopped() || self.nodes >= self.node_limit {
                self.aborted = true;
            } else if let Some(b) = self.budget {
                if !self.control.is_pondering() && self.elapsed_on_clock() >= b.maximum {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }
}
