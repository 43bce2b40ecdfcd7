//! Principal variation search and quiescence search.

use super::board::{Declare, Picker, SearchBoard};
use super::ordering::OrderingContext;
use super::params::*;
use super::tt::{Bound, TtHit, EVAL_NONE};
use super::{Searcher, INFINITE, MATE, MATE_BOUND};
use crate::eval::Value;
use crate::shogi::Repetition;

/// A move's two indices in a history: (origin, destination) or (piece, destination).
type Squares = (usize, usize);

/// Mate scores are stored relative to the node, not the root.
#[inline(always)]
fn value_to_tt(v: Value, ply: usize) -> Value {
    if v >= MATE_BOUND {
        v + ply as Value
    } else if v <= -MATE_BOUND {
        v - ply as Value
    } else {
        v
    }
}

#[inline(always)]
fn value_from_tt(v: Value, ply: usize) -> Value {
    if v >= MATE_BOUND {
        v - ply as Value
    } else if v <= -MATE_BOUND {
        v + ply as Value
    } else {
        v
    }
}

/// The stored value, if its bound settles the node for the window (`alpha`, `beta`).
#[inline(always)]
fn tt_cutoff(h: &TtHit, ply: usize, alpha: Value, beta: Value) -> Option<Value> {
    let v = value_from_tt(h.value, ply);
    let cut = match h.bound {
        Bound::Exact => true,
        Bound::Lower => v >= beta,
        Bound::Upper => v <= alpha,
        Bound::None => false,
    };
    cut.then_some(v)
}

/// A pruning margin on the scale of `pos`'s evaluation (9x9's margins as tuned: a constant
/// there, folded away).
#[inline(always)]
fn margin<B: SearchBoard>(pos: &B, v: Value) -> Value {
    let percent = pos.margin_percent();
    if percent == 100 {
        v
    } else {
        v * percent / 100
    }
}

/// What a node's result says, given the window it was searched with.
#[inline(always)]
fn bound_of(best: Value, original_alpha: Value, beta: Value) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > original_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

impl<B: SearchBoard> Searcher<B> {
    /// The static evaluation, with or without the form terms, through the evaluation cache.
    #[inline]
    fn evaluate(&mut self, pos: &B) -> Value {
        if !self.features.form_eval {
            return pos.evaluate_material();
        }
        let key = pos.key();
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE_ENTRIES - 1)];
        if slot.0 == key {
            return slot.1;
        }
        let v = pos.evaluate();
        *slot = (key, v);
        v
    }

    /// The value of a draw for the side to move at `ply`: `-contempt` for the root side (which
    /// then prefers to play on when `contempt > 0`), `+contempt` for its opponent.
    #[inline]
    fn draw_value(&self, ply: usize) -> Value {
        if ply.is_multiple_of(2) {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// Whether the game has reached `max_moves_to_draw` at `pos` without a mate: the last move
    /// made the limit, and the side to move is not mated (a mate on the last move still wins).
    #[inline]
    fn move_limit_reached(&self, pos: &mut B) -> bool {
        self.max_moves_to_draw > 0
            && pos.moves_played() >= self.max_moves_to_draw
            && !(pos.in_check() && pos.legal_moves().is_empty())
    }

    /// The (piece, destination) of the move played `back` plies before `ply`, if any.
    #[inline(always)]
    fn previous_move(&self, ply: usize, back: usize) -> Option<(usize, usize)> {
        if self.features.continuation && ply >= back {
            self.moved[ply - back]
        } else {
            None
        }
    }

    /// Rewards (or, with a negative bonus, punishes) quiet move `m` at `ply` in the butterfly
    /// and continuation histories.
    fn update_quiet_stats(
        &mut self,
        ply: usize,
        us: crate::shogi::Color,
        (squares, moved): (Squares, Squares),
        bonus: i32,
    ) {
        if self.features.history {
            self.history.update(us, squares, bonus);
        }
        for back in 1..=2 {
            if let Some(previous) = self.previous_move(ply, back) {
                self.continuation.update(previous, moved, bonus);
            }
        }
    }

    /// Whether quiet move `m` at `ply` has a negative continuation score after both of the last
    /// two moves (false when either is unknown).
    #[inline]
    fn bad_continuation(&self, pos: &B, ply: usize, m: B::Move) -> bool {
        let (Some(p1), Some(p2)) = (self.previous_move(ply, 1), self.previous_move(ply, 2)) else {
            return false;
        };
        let i = self.continuation.slot(pos.moved_piece(m));
        self.continuation.after(p1)[i] < 0 && self.continuation.after(p2)[i] < 0
    }

    /// What orders the quiet moves at `ply`.
    #[inline(always)]
    fn ordering_context(&self, ply: usize) -> OrderingContext<'_> {
        OrderingContext {
            history: &self.history,
            captures: &self.capture_history,
            continuation: [
                self.previous_move(ply, 1)
                    .map(|p| self.continuation.after(p)),
                self.previous_move(ply, 2)
                    .map(|p| self.continuation.after(p)),
            ],
            continuation_table: &self.continuation,
        }
    }

    /// The slot of the counter move after (piece, destination) `previous`.
    #[inline(always)]
    fn counter_slot(&self, (piece, to): (usize, usize)) -> usize {
        piece * self.dims.cells + to
    }

    /// Searches the root moves from `pv_index` on, updating their scores and lines.
    pub(super) fn root_search(
        &mut self,
        pos: &mut B,
        depth: i32,
        mut alpha: Value,
        beta: Value,
    ) -> Value {
        let mut best = -INFINITE;
        self.nodes += 1;
        for i in self.pv_index..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            self.moved[0] = Some(pos.moved_piece(m));
            pos.make_move(m);
            let extension = i32::from(pos.in_check());
            let new_depth = depth - 1 + extension;
            let score = if i == self.pv_index {
                -self.negamax(pos, new_depth, -beta, -alpha, 1, true)
            } else {
                let s = -self.negamax(pos, new_depth, -alpha - 1, -alpha, 1, false);
                if s > alpha && s < beta && !self.aborted {
                    -self.negamax(pos, new_depth, -beta, -alpha, 1, true)
                } else {
                    s
                }
            };
            pos.unmake_move(m);
            if self.aborted {
                return best;
            }
            let rm_seldepth = self.seldepth as u32;
            if i == self.pv_index || score > alpha {
                let mut line = vec![m];
                line.extend(self.pv[1][1..self.pv_len[1]].iter().flatten());
                let rm = &mut self.root_moves[i];
                rm.score = score;
                rm.pv = line;
                rm.seldepth = rm_seldepth;
            } else {
                self.root_moves[i].score = -INFINITE;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    /// A mate probe's answer at a node: `m` mates in `plies` (1: exact; 3: its check may mate
    /// at once, so a lower bound), recorded in the PV and the table.
    #[allow(clippy::too_many_arguments)]
    fn mate_found(
        &mut self,
        m: B::Move,
        plies: Value,
        key: u64,
        eval: Value,
        depth: i32,
        ply: usize,
        pv_node: bool,
    ) -> Value {
        let v = MATE - (ply as Value + plies);
        if pv_node {
            self.pv[ply][ply] = Some(m);
            self.pv_len[ply] = ply + 1;
        }
        let bound = if plies == 1 {
            Bound::Exact
        } else {
            Bound::Lower
        };
        self.tt.store(
            key,
            Some(B::encode(m)),
            value_to_tt(v, ply),
            eval,
            depth,
            bound,
        );
        v
    }

    /// Principal variation search of `pos` to `depth` within (`alpha`, `beta`).
    pub(super) fn negamax(
        &mut self,
        pos: &mut B,
        depth: i32,
        mut alpha: Value,
        mut beta: Value,
        ply: usize,
        pv_node: bool,
    ) -> Value {
        // Step 1. At the horizon, resolve captures with quiescence search.
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }

        // Step 2. Count the node and poll the clock and the stop flag.
        self.nodes += 1;
        self.pv_len[ply] = ply;
        if self.check_abort() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);

        // Step 3. Repetition (sennichite, perpetual check) and the ply limit.
        match pos.repetition() {
            Some(Repetition::Draw) => return self.draw_value(ply),
            Some(Repetition::Win) => return MATE - ply as Value,
            Some(Repetition::Loss) => return -(MATE - ply as Value),
            _ => {}
        }
        if self.move_limit_reached(pos) {
            return self.draw_value(ply);
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        // An entering-king declaration (or a try) wins on the spot.
        match pos.declaration() {
            Some(Declare::Win) => return MATE - ply as Value,
            Some(Declare::Try(_)) => return MATE - ply as Value - 1,
            None => {}
        }

        // Step 4. Mate distance pruning: no line from here beats a shorter mate already found.
        alpha = alpha.max(-MATE + ply as Value);
        beta = beta.min(MATE - ply as Value - 1);
        if alpha >= beta {
            return alpha;
        }
        let original_alpha = alpha;

        // Step 5. Transposition table: a deep enough bound ends the node outside PV nodes (and
        // never in a singular-extension search, whose result is not the node's).
        let excluded = self.excluded[ply];
        let key = pos.key();
        let hit = self.tt.probe(key);
        if let Some(v) = hit
            .filter(|h| !pv_node && excluded.is_none() && h.depth >= depth)
            .and_then(|h| tt_cutoff(&h, ply, alpha, beta))
        {
            return v;
        }

        // Step 6. Mate in one, looked for where the table knows nothing (not in a
        // singular-extension search, whose result is not the node's).
        let in_check = pos.in_check();
        let may_probe_mate =
            self.features.mate_in_one && !in_check && hit.is_none() && excluded.is_none();
        if may_probe_mate {
            if let Some(m) = pos.mate_in_one() {
                return self.mate_found(m, 1, key, EVAL_NONE, depth, ply, pv_node);
            }
        }

        // Step 7. Static evaluation, and pruning that trusts it (never in check or at PV nodes).
        let static_eval = if in_check {
            -INFINITE
        } else {
            match hit {
                Some(h) if h.eval != EVAL_NONE => h.eval,
                _ => self.evaluate(pos),
            }
        };
        self.evals[ply] = if in_check { EVAL_NONE } else { static_eval };
        // Improving: better than our static eval two plies ago (prune less, reduce less).
        let improving = !in_check
            && ply >= 2
            && self.evals[ply - 2] != EVAL_NONE
            && static_eval > self.evals[ply - 2];
        let trusts_eval = !pv_node && !in_check && excluded.is_none() && beta.abs() < MATE_BOUND;
        if trusts_eval {
            // Reverse futility pruning: far above beta near the leaves.
            if self.features.futility
                && depth <= RFP_MAX_DEPTH
                && static_eval - margin(pos, RFP_MARGIN_PER_DEPTH) * (depth - i32::from(improving))
                    >= beta
            {
                return static_eval;
            }
        }
        // Step 7b. Near the leaves, mate in three, where the static evaluation has not already
        // ended the node (most of the nodes it would be asked at) and under step 6's conditions.
        // It is scored as a mate in three plies, though its check may mate at once: a lower
        // bound on the node's value.
        if may_probe_mate && self.features.mate_in_three && depth <= MATE3_MAX_DEPTH {
            if let Some(m) = pos.mate_in_three(MATE3_BUDGET, MATE3_MAX_ESCAPES) {
                return self.mate_found(m, 3, key, static_eval, depth, ply, pv_node);
            }
        }
        if trusts_eval {
            // Razoring: hopelessly below alpha near the leaves; let quiescence confirm it.
            if self.features.futility
                && depth <= RAZOR_MAX_DEPTH
                && static_eval
                    + margin(pos, RAZOR_MARGIN)
                    + margin(pos, RAZOR_MARGIN_PER_DEPTH_SQ) * depth * depth
                    <= alpha
            {
                let v = self.qsearch(pos, alpha, alpha + 1, ply, 0);
                if v <= alpha {
                    return v;
                }
            }
            // Null move: if passing still beats beta, a real move will too.
            if self.features.null_move
                && depth >= NMP_MIN_DEPTH
                && static_eval >= beta
                && pos.may_pass()
            {
                let r = NMP_BASE_REDUCTION
                    + depth / NMP_DEPTH_DIVISOR
                    + ((static_eval - beta) / margin(pos, NMP_EVAL_DIVISOR))
                        .min(NMP_EVAL_MAX_PLIES);
                self.moved[ply] = None;
                pos.make_null_move();
                let v = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                pos.unmake_null_move();
                if self.aborted {
                    return 0;
                }
                if v >= beta {
                    return if v >= MATE_BOUND { beta } else { v };
                }
            }
        }

        // Step 8. The staged move picker: TT move (checked for legality, keys collide), good
        // captures, killers, quiets by history, bad captures; every evasion when in check.
        let killers = self.killers[ply];
        let previous = self.previous_move(ply, 1);
        let counter = previous.and_then(|p| self.counter_moves[self.counter_slot(p)]);
        let mut picker = B::Picker::main(
            pos,
            hit.and_then(|h| h.mv),
            [killers[0], killers[1], counter],
        );
        // Internal iterative reduction: without a move from the table this node was never
        // searched (or its entry was lost); a shallower search is a cheaper way to find one.
        let depth = if self.features.futility
            && depth >= IIR_MIN_DEPTH
            && picker.tt_move().is_none()
            && excluded.is_none()
        {
            depth - 1
        } else {
            depth
        };

        // Step 9. Search the moves: the first with a full window, the rest with a null window
        // (reduced when late and quiet) and a re-search when they beat alpha.
        let us = pos.side_to_move();
        let mut best = -INFINITE;
        let mut best_move: Option<B::Move> = None;
        let mut quiets_tried: [Option<(Squares, Squares)>; 64] = [None; 64];
        let mut quiet_count = 0;
        let mut captures_tried: [Option<((usize, usize), usize)>; 32] = [None; 32];
        let mut capture_count = 0;
        let mut move_count = 0;
        loop {
            let next = {
                let ordering = self.ordering_context(ply);
                picker.next(pos, &ordering)
            };
            let Some(m) = next else { break };
            if Some(m) == excluded {
                continue;
            }
            let i = move_count;
            move_count += 1;
            let capture = pos.is_capture(m);
            let quiet = !capture && !B::is_promotion(m);
            // Shallow pruning, once a move that does not lose to mate is in hand. First late-move
            // pruning: near the leaves, late quiet moves are not worth a look (decided before
            // anything is worked out about the move).
            let may_prune = self.features.futility
                && !in_check
                && best > -MATE_BOUND
                && !(quiet && pos.keeps_from_pruning(m));
            if may_prune
                && !pv_node
                && quiet
                && depth <= LMP_MAX_DEPTH
                && quiet_count
                    >= (pos.late_move_base() + (depth * depth) as usize)
                        / (2 - usize::from(improving))
            {
                // The count only grows and `best` only rises, so every later quiet move would
                // be pruned as well.
                picker.skip_quiets();
                quiet_count += 1;
                continue;
            }
            let gives_check = pos.gives_check(m);
            // A check that SEE says does not lose material: only these are extended. With drops
            // most nodes have a dozen checks, most of them sacrifices that a full-depth search
            // (plus an extension) would only confirm. Late checks, safe or not, are reduced like
            // the other quiet moves (a safe one keeps its extension).
            let safe_check = gives_check && pos.see_ge(m, 0);
            let history_score = if quiet {
                self.ordering_context(ply).quiet_score(
                    pos.side_to_move(),
                    pos.history_squares(m),
                    || pos.moved_piece(m),
                )
            } else {
                0
            };
            if may_prune {
                // The depth this move would be searched to after reductions.
                let lmr_depth = if quiet {
                    depth - 1 - self.lmr[depth.min(63) as usize][(i + 1).min(63)]
                        + history_score / HISTORY_REDUCTION_DIVISOR
                } else {
                    depth - 1
                };
                if quiet && !gives_check {
                    // Continuation history: the move did badly after both of the last two
                    // moves.
                    if lmr_depth < CONT_PRUNE_MAX_LMR_DEPTH && self.bad_continuation(pos, ply, m) {
                        quiet_count += 1;
                        continue;
                    }
                    // Futility: even a good quiet move cannot lift the static eval to alpha.
                    if lmr_depth <= FUTILITY_MAX_DEPTH
                        && static_eval
                            + margin(pos, FUTILITY_BASE)
                            + margin(pos, FUTILITY_PER_DEPTH) * lmr_depth.max(0)
                            <= alpha
                    {
                        quiet_count += 1;
                        continue;
                    }
                    // SEE: the piece is simply lost on its new square.
                    if lmr_depth <= SEE_PRUNING_MAX_DEPTH
                        && !pos.see_ge(m, -SEE_QUIET_MARGIN * lmr_depth.max(0) * lmr_depth.max(0))
                    {
                        quiet_count += 1;
                        continue;
                    }
                } else if capture
                    && !gives_check
                    && depth <= SEE_PRUNING_MAX_DEPTH
                    && !pos.see_ge(m, -SEE_CAPTURE_MARGIN * depth)
                {
                    continue;
                }
            }
            // Singular extension: when every other move falls well short of the TT move's
            // value, the TT move is searched a ply deeper; when even the others beat beta, the
            // node is cut (multi-cut).
            let mut extension = 0;
            if let Some(h) = hit.filter(|h| {
                self.features.singular_extension
                    && Some(m) == picker.tt_move()
                    && excluded.is_none()
                    && depth >= SINGULAR_MIN_DEPTH
                    && h.depth >= depth - SINGULAR_TT_DEPTH_SLACK
                    && matches!(h.bound, Bound::Lower | Bound::Exact)
                    && h.value.abs() < MATE_BOUND
                    && ply < CHECK_EXTENSION_PLY_FACTOR * self.root_depth as usize
            }) {
                let singular_beta = h.value - margin(pos, SINGULAR_MARGIN_PER_DEPTH) * depth;
                self.excluded[ply] = Some(m);
                let v = self.negamax(
                    pos,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    false,
                );
                self.excluded[ply] = None;
                if self.aborted {
                    return 0;
                }
                if v < singular_beta {
                    extension = 1;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }
            let moved = pos.moved_piece(m);
            let captured = pos.captured_kind(m).filter(|_| capture);
            self.moved[ply] = Some(moved);
            pos.make_move(m);
            self.tt.prefetch(pos.key());
            if self.features.check_extension
                && safe_check
                && ply < CHECK_EXTENSION_PLY_FACTOR * self.root_depth as usize
            {
                extension = 1;
            }
            let new_depth = depth - 1 + extension;
            let score = if i == 0 {
                -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, pv_node)
            } else {
                // Late quiet moves (checks included) are searched shallower first.
                let mut reduction = 0;
                if self.features.lmr
                    && depth >= LMR_MIN_DEPTH
                    && i + 1 >= LMR_MIN_MOVE
                    && quiet
                    && !in_check
                {
                    reduction = self.lmr[depth.min(63) as usize][(i + 1).min(63)];
                    if pv_node {
                        reduction -= 1;
                    }
                    if !improving {
                        reduction += 1;
                    }
                    reduction -= history_score / HISTORY_REDUCTION_DIVISOR;
                    reduction = reduction.clamp(0, new_depth - 1);
                    // A move that threatens to win material is reduced a ply less: the
                    // threat shows only after the reply.
                    if reduction > 0 && pos.threatens(m) {
                        reduction -= 1;
                    }
                }
                let mut s = -self.negamax(
                    pos,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                );
                if reduction > 0 && s > alpha && !self.aborted {
                    s = -self.negamax(pos, new_depth, -alpha - 1, -alpha, ply + 1, false);
                }
                if pv_node && s > alpha && s < beta && !self.aborted {
                    -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, true)
                } else {
                    s
                }
            };
            pos.unmake_move(m);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    if pv_node {
                        self.pv[ply][ply] = Some(m);
                        let child_len = self.pv_len[ply + 1].max(ply + 1);
                        for j in ply + 1..child_len {
                            self.pv[ply][j] = self.pv[ply + 1][j];
                        }
                        self.pv_len[ply] = child_len;
                    }
                    if score >= beta {
                        let bonus = depth * depth;
                        // The captures tried before the refutation did not refute.
                        for &(c_moved, c_kind) in captures_tried[..capture_count].iter().flatten() {
                            self.capture_history.update(c_moved, c_kind, -bonus);
                        }
                        if let Some(kind) = captured {
                            self.capture_history.update(moved, kind, bonus);
                        }
                        // A quiet move that refutes: remember it as a killer and in history.
                        if !capture && !B::is_promotion(m) {
                            if killers[0] != Some(m) {
                                self.killers[ply] = [Some(m), killers[0]];
                            }
                            let squares = pos.history_squares(m);
                            self.update_quiet_stats(ply, us, (squares, moved), bonus);
                            for &q in quiets_tried[..quiet_count.min(64)].iter().flatten() {
                                self.update_quiet_stats(ply, us, q, -bonus);
                            }
                            if let Some(p) = previous {
                                let slot = self.counter_slot(p);
                                self.counter_moves[slot] = Some(m);
                            }
                        }
                        break;
                    }
                    alpha = score;
                }
            }
            if let Some(kind) = captured {
                if capture_count < captures_tried.len() {
                    captures_tried[capture_count] = Some((moved, kind));
                    capture_count += 1;
                }
            }
            if quiet {
                if quiet_count < quiets_tried.len() {
                    quiets_tried[quiet_count] = Some((pos.history_squares(m), moved));
                }
                quiet_count += 1;
            }
        }
        // No legal move: mated (shogi has no stalemate); with a move left out, that move
        // is the only one and the bar was not reached.
        if move_count == 0 {
            return if excluded.is_some() {
                alpha
            } else {
                -MATE + ply as Value
            };
        }
        if excluded.is_some() {
            return best;
        }

        // Step 10. Store the result.
        let bound = bound_of(best, original_alpha, beta);
        let stored_eval = if in_check { EVAL_NONE } else { static_eval };
        self.tt.store(
            key,
            best_move.map(B::encode),
            value_to_tt(best, ply),
            stored_eval,
            depth,
            bound,
        );
        best
    }

    /// Quiescence search: stand pat or capture until the position is quiet; all evasions in check.
    pub(super) fn qsearch(
        &mut self,
        pos: &mut B,
        mut alpha: Value,
        beta: Value,
        ply: usize,
        qdepth: i32,
    ) -> Value {
        self.nodes += 1;
        self.pv_len[ply] = ply;
        if self.check_abort() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.lost() {
            return -MATE + ply as Value;
        }
        if self.move_limit_reached(pos) {
            return self.draw_value(ply);
        }
        if ply >= MAX_PLY || -qdepth >= B::QSEARCH_PLIES {
            return self.evaluate(pos);
        }
        let key = pos.key();
        let hit = self.tt.probe(key);
        if let Some(v) = hit.and_then(|h| tt_cutoff(&h, ply, alpha, beta)) {
            return v;
        }
        let in_check = pos.in_check();
        let original_alpha = alpha;
        let stand_pat = if in_check {
            -INFINITE
        } else {
            self.evaluate(pos)
        };
        let mut best = if in_check {
            -MATE + ply as Value
        } else {
            stand_pat
        };
        if !in_check {
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        }
        // Captures that do not lose material (the picker drops the others), or every evasion.
        let tt_move = hit.and_then(|h| h.mv);
        let mut picker = B::Picker::quiescence(pos, tt_move);
        let mut best_move = None;
        let mut move_count = 0;
        loop {
            if !in_check {
                picker.skip_gains_below(alpha - stand_pat - margin(pos, DELTA_MARGIN));
            }
            let next = {
                let ordering = OrderingContext {
                    history: &self.history,
                    captures: &self.capture_history,
                    continuation: [None, None],
                    continuation_table: &self.continuation,
                };
                picker.next(pos, &ordering)
            };
            let Some(m) = next else { break };
            move_count += 1;
            if !in_check {
                // Delta pruning: even winning the victim outright cannot reach alpha.
                if let Some(gain) = pos.capture_gain(m) {
                    if stand_pat + gain + margin(pos, DELTA_MARGIN) < alpha && !B::is_promotion(m) {
                        continue;
                    }
                }
            } else if best > -MATE_BOUND && !pos.is_capture(m) && !pos.see_ge(m, 0) {
                // In check, with an escape in hand: skip the evasions that lose the moved or
                // dropped piece (with drops, a distant check has a dozen interpositions).
                continue;
            }
            pos.make_move(m);
            self.tt.prefetch(pos.key());
            let score = -self.qsearch(pos, -beta, -alpha, ply + 1, qdepth - 1);
            pos.unmake_move(m);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && move_count == 0 {
            return -MATE + ply as Value;
        }
        let bound = bound_of(best, original_alpha, beta);
        let stored_eval = if in_check { EVAL_NONE } else { stand_pat };
        self.tt.store(
            key,
            best_move.map(B::encode),
            value_to_tt(best, ply),
            stored_eval,
            0,
            bound,
        );
        best
    }
}
