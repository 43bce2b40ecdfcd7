//! The search: iterative deepening over a principal variation search with a transposition table
//! and a quiescence search over captures.
//!
//! The search never prints. It reports `SearchEvent`s through a callback; the engine layer turns
//! them into protocol text. It stops when `SearchControl::stop` is raised, when its time or node
//! budget runs out, or when its depth limit is reached; while pondering or in `go infinite` it
//! then waits for `stop`/`ponderhit` before returning, because USI forbids an early `bestmove`.

pub mod limits;
pub mod mate;
pub mod move_picker;
mod negamax;
pub mod ordering;
pub mod params;
pub mod see;
pub mod time;
pub mod tt;

use crate::eval::{Value, Weights, WEIGHTS};
use crate::shogi::{
    generate_all, generate_legal, Declaration, EnteringKingRule, Move, MoveList, Position,
};
pub use limits::{Limits, MateLimit};
pub use params::Features;
use params::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tt::TranspositionTable;

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

/// One line of search progress.
#[derive(Clone, Debug)]
pub struct SearchInfo {
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
    pub pv: Vec<Move>,
}

/// What the search reports while it runs.
#[derive(Clone, Debug)]
pub enum SearchEvent {
    /// Progress: a finished iteration (one per MultiPV line).
    Info(SearchInfo),
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` when there is no legal move.
    pub best: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder: Option<Move>,
    /// Score of the best move.
    pub score: Value,
    /// Nodes searched.
    pub nodes: u64,
    /// Deepest completed iteration.
    pub depth: u32,
    /// The side to move declares an entering-king win (`bestmove win`).
    pub declare_win: bool,
}

impl SearchResult {
    /// An answer given without searching (no legal move, a declaration, a single legal move).
    pub fn immediate(best: Option<Move>, score: Value) -> SearchResult {
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

/// Flags shared between the front end and a running search.
#[derive(Default)]
pub struct SearchControl {
    stop: AtomicBool,
    helper_nodes: AtomicU64,
    pondering: AtomicBool,
    ponderhit_at: Mutex<Option<Instant>>,
    /// A clock sent with `ponderhit`, not yet taken over by the search.
    ponderhit_clock: Mutex<Option<Limits>>,
    has_ponderhit_clock: AtomicBool,
}

impl SearchControl {
    /// A fresh control block.
    pub fn new() -> Arc<SearchControl> {
        Arc::new(SearchControl::default())
    }

    /// Asks the search to stop as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the clock now applies.
    /// `clock`, if given, replaces the clock of the `go ponder` command.
    pub fn ponderhit(&self, clock: Option<Limits>) {
        let at = clock
            .as_ref()
            .and_then(|c| c.received)
            .unwrap_or_else(Instant::now);
        *self.ponderhit_at.lock().expect("ponderhit lock") = Some(at);
        if let Some(c) = clock {
            *self.ponderhit_clock.lock().expect("ponderhit lock") = Some(c);
            self.has_ponderhit_clock.store(true, Ordering::SeqCst);
        }
        self.pondering.store(false, Ordering::SeqCst);
    }

    /// The clock sent with `ponderhit`, once.
    fn take_ponderhit_clock(&self) -> Option<Limits> {
        if !self.has_ponderhit_clock.swap(false, Ordering::SeqCst) {
            return None;
        }
        self.ponderhit_clock.lock().expect("ponderhit lock").take()
    }

    /// Whether the search is pondering (no time limit until `ponderhit`).
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Resets the flags for a new search.
    pub fn reset(&self, ponder: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.helper_nodes.store(0, Ordering::SeqCst);
        self.has_ponderhit_clock.store(false, Ordering::SeqCst);
        *self.ponderhit_clock.lock().expect("ponderhit lock") = None;
        self.pondering.store(ponder, Ordering::SeqCst);
        *self.ponderhit_at.lock().expect("ponderhit lock") = None;
    }

    fn clock_start(&self, start: Instant) -> Instant {
        self.ponderhit_at
            .lock()
            .expect("ponderhit lock")
            .unwrap_or(start)
    }
}

/// Search settings that are not per-move limits.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// Lines to report (1 = normal play).
    pub multipv: usize,
    /// Time kept back each move for the GUI and the pipe, ms.
    pub move_overhead_ms: u64,
    /// Search threads (Lazy SMP): this one plus `threads - 1` helpers sharing the table.
    pub threads: usize,
    /// The entering-king rule the game is played under.
    pub entering_king_rule: EnteringKingRule,
    /// Techniques switched on.
    pub features: Features,
    /// How much worse than 0 a draw is for the side searching, centipawns.
    pub contempt: Value,
    /// The evaluation's weights (the learned ones, or with groups switched off).
    pub weights: Arc<Weights>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            multipv: 1,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            threads: 1,
            entering_king_rule: EnteringKingRule::default(),
            features: Features::default(),
            contempt: 0,
            weights: Arc::new(WEIGHTS),
        }
    }
}

#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: Value,
    previous_score: Value,
    seldepth: u32,
    pv: Vec<Move>,
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

/// One search thread's state: tables that persist between searches of a game, and counters.
pub struct Searcher {
    tt: Arc<TranspositionTable>,
    control: Arc<SearchControl>,
    history: Box<ordering::History>,
    continuation: ordering::ContinuationHistory,
    capture_history: ordering::CaptureHistory,
    counter_moves: Box<[[Option<Move>; 81]; 28]>,
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
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    /// Static evaluation at each ply of the current line (`EVAL_NONE` in check).
    evals: [Value; MAX_PLY + 2],
    /// Recent static evaluations by position key (quiescence nodes repeat across iterations).
    eval_cache: Box<[(u64, Value)]>,
    /// The weights the cached evaluations were made with.
    weights: Arc<Weights>,
    /// The move left out at each ply by a singular-extension search.
    excluded: [Option<Move>; MAX_PLY + 2],
    pv: Box<[[Option<Move>; MAX_PLY + 2]; MAX_PLY + 2]>,
    pv_len: [usize; MAX_PLY + 2],
    root_moves: Vec<RootMove>,
    pv_index: usize,
    entering_king_rule: EnteringKingRule,
    features: Features,
    contempt: Value,
    lmr: Box<[[i32; 64]; 64]>,
    /// 0 for the main thread; helpers are numbered from 1 and never report.
    helper_id: usize,
    /// Who is to move at the root and the overhead, to rebuild the budget on `ponderhit`.
    root_side: crate::shogi::Color,
    move_overhead_ms: u64,
    /// Lazy SMP helpers, kept between searches so their histories carry over.
    helpers: Vec<Searcher>,
}

impl Searcher {
    /// A searcher using `tt` and obeying `control`.
    pub fn new(tt: Arc<TranspositionTable>, control: Arc<SearchControl>) -> Searcher {
        Searcher {
            tt,
            control,
            history: Box::default(),
            continuation: ordering::ContinuationHistory::default(),
            capture_history: ordering::CaptureHistory::default(),
            counter_moves: Box::new([[None; 81]; 28]),
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
            weights: Arc::new(WEIGHTS),
            pv: Box::new([[None; MAX_PLY + 2]; MAX_PLY + 2]),
            pv_len: [0; MAX_PLY + 2],
            root_moves: Vec::new(),
            pv_index: 0,
            entering_king_rule: EnteringKingRule::default(),
            features: Features::default(),
            contempt: 0,
            lmr: Box::new(lmr_table()),
            helper_id: 0,
            root_side: crate::shogi::Color::Black,
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
        *self.history = ordering::History::default();
        self.continuation = ordering::ContinuationHistory::default();
        self.capture_history = ordering::CaptureHistory::default();
        *self.counter_moves = [[None; 81]; 28];
    }

    /// Searches `pos` under `limits`, reporting progress to `report`. Returns the best move.
    ///
    /// With `options.threads > 1`, helper threads search the same position at the same time
    /// (Lazy SMP): they share only the transposition table, start at staggered depths so that
    /// their trees differ, never report, and stop when this thread has its answer.
    pub fn search(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        options: &SearchOptions,
        report: &mut dyn FnMut(SearchEvent),
    ) -> SearchResult {
        if options.threads <= 1 {
            return self.iterate(pos, limits, options, report);
        }
        let root = pos.clone();
        while self.helpers.len() < options.threads - 1 {
            let mut helper = Searcher::new(self.tt.clone(), self.control.clone());
            helper.helper_id = self.helpers.len() + 1;
            self.helpers.push(helper);
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        let result = std::thread::scope(|scope| {
            let mut running = Vec::new();
            for helper in helpers.iter_mut().take(options.threads - 1) {
                let id = helper.helper_id;
                let mut helper_pos = root.clone();
                let helper_limits = Limits {
                    infinite: true,
                    time: [None, None],
                    inc: [0, 0],
                    byoyomi: 0,
                    movetime: None,
                    nodes: None,
                    ponder: false,
                    ..limits.clone()
                };
                let helper_options = SearchOptions {
                    multipv: 1,
                    ..options.clone()
                };
                let spawned = std::thread::Builder::new()
                    .name(format!("helper-{id}"))
                    .stack_size(SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        helper.iterate(
                            &mut helper_pos,
                            &helper_limits,
                            &helper_options,
                            &mut |_| {},
                        )
                    });
                match spawned {
                    Ok(h) => running.push(h),
                    Err(e) => log::warn!("cannot start helper thread {id}: {e}"),
                }
            }
            let result = self.iterate(pos, limits, options, report);
            // The main thread has its answer: release the helpers.
            self.control.stop();
            for h in running {
                let _ = h.join();
            }
            result
        });
        self.helpers = helpers;
        result
    }

    fn iterate(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        options: &SearchOptions,
        report: &mut dyn FnMut(SearchEvent),
    ) -> SearchResult {
        self.start = limits.received.unwrap_or_else(Instant::now);
        self.nodes = 0;
        self.aborted = false;
        self.infinite = limits.infinite || !limits.is_bounded();
        self.budget = time::budget(limits, pos.side_to_move(), options.move_overhead_ms);
        self.root_side = pos.side_to_move();
        self.move_overhead_ms = options.move_overhead_ms;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.killers = [[None; 2]; MAX_PLY + 2];
        self.entering_king_rule = options.entering_king_rule;
        self.features = options.features;
        self.contempt = options.contempt;
        if !Arc::ptr_eq(&self.weights, &options.weights) {
            self.weights = options.weights.clone();
            self.eval_cache.fill((0, 0));
        }
        if self.helper_id == 0 {
            self.tt.new_search();
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_DEPTH as u32)
            .clamp(1, MAX_DEPTH as u32) as i32;

        // Root moves, restricted by `searchmoves`. The search leaves out the non-promotions
        // that promoting always beats (bishop, rook, pawn), but a move the user names is
        // searched.
        let mut list = MoveList::new();
        if limits.searchmoves.is_empty() {
            generate_legal(pos, &mut list);
        } else {
            generate_all(pos, &mut list);
        }
        self.root_moves = list
            .iter()
            .filter(|m| {
                limits.searchmoves.is_empty() || limits.searchmoves.contains(&m.to_string())
            })
            .map(|&mv| RootMove {
                mv,
                score: -INFINITE,
                previous_score: -INFINITE,
                seldepth: 0,
                pv: vec![mv],
            })
            .collect();
        if self.root_moves.is_empty() {
            self.wait_for_stop_if_needed();
            return SearchResult::immediate(None, -MATE);
        }
        // A winning declaration needs no search (but still waits for stop/ponderhit).
        match pos.declaration(self.entering_king_rule) {
            Some(Declaration::Win) => {
                self.wait_for_stop_if_needed();
                return SearchResult {
                    declare_win: true,
                    ..SearchResult::immediate(None, MATE)
                };
            }
            Some(Declaration::TryMove(m)) if limits.searchmoves.is_empty() => {
                self.wait_for_stop_if_needed();
                return SearchResult::immediate(Some(m), MATE - 1);
            }
            _ => {}
        }
        // Put the TT move, if any, first; the rest stay in generation order until scored.
        if let Some(hit) = self.tt.probe(pos.key()) {
            if let Some(i) = self.root_moves.iter().position(|r| Some(r.mv) == hit.mv) {
                self.root_moves.swap(0, i);
            }
        }

        // One legal move in a game: nothing to think about. Analysis (infinite, a depth, nodes
        // or a move time without a clock, searchmoves) still searches it, for its score and line.
        if self.root_moves.len() == 1
            && limits.has_clock()
            && limits.searchmoves.is_empty()
            && !self.infinite
            && !limits.ponder
            && self.helper_id == 0
        {
            let score = self.tt.probe(pos.key()).map_or(0, |h| h.value);
            return SearchResult::immediate(Some(self.root_moves[0].mv), score);
        }
        let multipv = options.multipv.clamp(1, self.root_moves.len());
        let mut completed_depth = 0;
        let mut best_score = -INFINITE;
        let mut previous_best: Option<Move> = None;
        let mut stable_iterations = 0u32;
        let mut instability = 0.0f32;
        // Helpers skip the first iterations by turns so that threads work at different depths.
        let first_depth = 1 + (self.helper_id % 2) as i32;
        for depth in first_depth..=max_depth {
            self.root_depth = depth;
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
            }
            for pv_index in 0..multipv {
                self.pv_index = pv_index;
                self.seldepth = 0;
                let prev = self.root_moves[pv_index].previous_score;
                let score = self.aspiration(pos, depth, prev);
                // Stable sort keeps the order of moves whose scores are equal (unsearched ones).
                self.root_moves[pv_index..].sort_by_key(|r| std::cmp::Reverse(r.score));
                if self.aborted {
                    break;
                }
                if pv_index == 0 {
                    best_score = score;
                }
            }
            if self.aborted {
                break;
            }
            completed_depth = depth;
            self.root_moves[..multipv].sort_by_key(|r| std::cmp::Reverse(r.score));
            best_score = self.root_moves[0].score;
            if self.helper_id == 0 {
                for i in 0..multipv {
                    report(SearchEvent::Info(self.info(depth as u32, i)));
                }
            }
            // Stop early: a proven mate needs no deeper search; time is better saved.
            let mate_plies = MATE - best_score.abs();
            if best_score.abs() >= MATE_BOUND
                && depth >= 2 * mate_plies + 2
                && !self.infinite
                && !self.control.is_pondering()
            {
                break;
            }
            // How settled is the best move? Changes stretch the time, stability shrinks it.
            let best_now = self.root_moves[0].mv;
            if previous_best == Some(best_now) {
                stable_iterations += 1;
                instability *= 0.5;
            } else {
                stable_iterations = 0;
                instability = instability * 0.5 + 1.0;
            }
            previous_best = Some(best_now);
            if let Some(b) = self.budget {
                let scale = if stable_iterations >= SETTLED_ITERATIONS {
                    SETTLED_SCALE
                } else {
                    (1.0 + INSTABILITY_STRETCH * instability).min(MAX_INSTABILITY_SCALE)
                };
                let target = b
                    .optimum
                    .mul_f32(scale * OPTIMUM_USE_FOR_NEXT_ITERATION)
                    .min(b.maximum);
                if b.flexible && !self.control.is_pondering() && self.elapsed_on_clock() >= target {
                    break;
                }
            }
            if self.nodes >= self.node_limit || self.control.stopped() {
                break;
            }
        }
        if completed_depth == 0 {
            // Not even depth 1 finished: keep a score only if the first move was searched
            // (an unsearched move must not read as "mated", which would make us resign).
            let s = self.root_moves[0].score;
            best_score = if s == -INFINITE { 0 } else { s };
        }
        self.wait_for_stop_if_needed();
        let best = &self.root_moves[0];
        let ponder = best.pv.get(1).copied().or_else(|| {
            pos.do_move(best.mv);
            let reply = self.tt.probe(pos.key()).and_then(|h| h.mv).filter(|&m| {
                let mut l = MoveList::new();
                generate_legal(pos, &mut l);
                l.contains(m)
            });
            pos.undo_move(best.mv);
            reply
        });
        SearchResult {
            best: Some(best.mv),
            ponder,
            score: best_score,
            nodes: self.total_nodes(),
            depth: completed_depth as u32,
            declare_win: false,
        }
    }

    /// USI forbids `bestmove` before `stop`/`ponderhit` in ponder and infinite mode.
    fn wait_for_stop_if_needed(&mut self) {
        while !self.control.stopped() && (self.control.is_pondering() || self.infinite) {
            if self.adopt_ponderhit_clock() {
                continue;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Takes over a clock sent with `ponderhit`: the search is then bounded by it.
    fn adopt_ponderhit_clock(&mut self) -> bool {
        if self.helper_id != 0 {
            return false;
        }
        match self.control.take_ponderhit_clock() {
            Some(clock) => {
                self.budget = time::budget(&clock, self.root_side, self.move_overhead_ms);
                self.infinite = false;
                true
            }
            None => false,
        }
    }

    fn elapsed_on_clock(&self) -> Duration {
        self.control.clock_start(self.start).elapsed()
    }

    fn info(&self, depth: u32, index: usize) -> SearchInfo {
        let rm = &self.root_moves[index];
        // A move not searched to the end of this iteration shows its previous score.
        let score = if rm.score == -INFINITE {
            rm.previous_score
        } else {
            rm.score
        };
        SearchInfo {
            depth,
            seldepth: rm.seldepth.max(depth),
            multipv: index + 1,
            score: Score::from_value(score.clamp(-MATE, MATE)),
            nodes: self.total_nodes(),
            time: self.start.elapsed(),
            hashfull: self.tt.hashfull(),
            pv: rm.pv.clone(),
        }
    }

    /// Aspiration windows around the previous score, widened on failure.
    fn aspiration(&mut self, pos: &mut Position, depth: i32, previous: Value) -> Value {
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && previous.abs() < MATE_BOUND
        {
            (
                (previous - delta).max(-INFINITE),
                (previous + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.root_search(pos, depth, alpha, beta);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return score;
            }
            delta += delta / 2;
            if delta > 1500 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
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
