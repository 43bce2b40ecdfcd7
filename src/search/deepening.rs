//! Iterative deepening: the root moves, one iteration a depth inside an aspiration window,
//! MultiPV, the time checks between iterations, and waiting for `stop` when USI asks for it.

use super::board::{Declare, SearchBoard};
use super::limits::Limits;
use super::params::*;
use super::result::{Score, SearchEvent, SearchInfo, SearchResult, INFINITE, MATE, MATE_BOUND};
use super::time;
use super::{RootMove, SearchOptions, Searcher};
use crate::eval::Value;
use std::time::{Duration, Instant};

impl<B: SearchBoard> Searcher<B> {
    pub(super) fn iterate(
        &mut self,
        pos: &mut B,
        limits: &Limits,
        options: &SearchOptions,
        report: &mut dyn FnMut(SearchEvent<B::Move>),
    ) -> SearchResult<B::Move> {
        self.start = limits.received.unwrap_or_else(Instant::now);
        self.nodes = 0;
        self.aborted = false;
        self.infinite = limits.infinite || !limits.is_bounded();
        self.budget = time::budget(limits, pos.side_to_move(), options.move_overhead_ms);
        self.root_side = pos.side_to_move();
        self.move_overhead_ms = options.move_overhead_ms;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.killers = [[None; 2]; MAX_PLY + 2];
        if pos.dims() != self.dims {
            self.size_tables(pos.dims());
        }
        self.features = options.features;
        // Boards too large for a continuation table go without (and without countermoves'
        // continuation pruning).
        self.features.continuation &= self.continuation.available();
        self.contempt = options.contempt;
        self.max_moves_to_draw = options.max_moves_to_draw;
        if pos.evaluation_id() != self.evaluation_id {
            self.evaluation_id = pos.evaluation_id();
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
        let list = if limits.searchmoves.is_empty() {
            pos.root_moves()
        } else {
            pos.legal_moves()
        };
        self.root_moves = list
            .into_iter()
            .filter(|&m| {
                limits.searchmoves.is_empty() || limits.searchmoves.contains(&pos.move_text(m))
            })
            .map(|mv| RootMove {
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
        match pos.declaration() {
            Some(Declare::Win) => {
                self.wait_for_stop_if_needed();
                return SearchResult {
                    declare_win: true,
                    ..SearchResult::immediate(None, MATE)
                };
            }
            Some(Declare::Try(m)) if limits.searchmoves.is_empty() => {
                self.wait_for_stop_if_needed();
                return SearchResult::immediate(Some(m), MATE - 1);
            }
            _ => {}
        }
        // Put the TT move, if any, first; the rest stay in generation order until scored.
        if let Some(hit) = self.tt.probe(pos.key()) {
            if let Some(i) = self
                .root_moves
                .iter()
                .position(|r| Some(B::encode(r.mv)) == hit.mv)
            {
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
        let mut previous_best: Option<B::Move> = None;
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
            pos.make_move(best.mv);
            let reply = self
                .tt
                .probe(pos.key())
                .and_then(|h| h.mv)
                .and_then(|code| pos.root_moves().into_iter().find(|&m| B::encode(m) == code));
            pos.unmake_move(best.mv);
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
    pub(super) fn adopt_ponderhit_clock(&mut self) -> bool {
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

    pub(super) fn elapsed_on_clock(&self) -> Duration {
        self.control.clock_start(self.start).elapsed()
    }

    fn info(&self, depth: u32, index: usize) -> SearchInfo<B::Move> {
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
    fn aspiration(&mut self, pos: &mut B, depth: i32, previous: Value) -> Value {
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
}
