//! The variants' search: iterative deepening over a principal variation search with a
//! transposition table (kept through the game in `VariantTables`), null move, reverse futility
//! and futility pruning, late-move reductions, a ply more for a check, and moves ordered by the
//! table, captures (most valuable victim, least valuable attacker), promotions, killers and a
//! history of quiet moves; a capture search at the leaves; repetitions of the game or the line
//! and the variants' other game ends (chu's bare king) scored by each variant's rule; the
//! clock of `time.rs`. The evaluation is `eval::variant`.
//!
//! It is a second search beside the 9x9 one (`negamax.rs`), which has more (SEE, mate probes,
//! singular extensions, continuation histories, Lazy SMP, MultiPV); making that one generic
//! over the position, so that every board gets all of it from one code path, is the next step
//! (docs/variants.md).

use super::control::SearchControl;
use super::limits::Limits;
use super::time;
use crate::eval::variant::VariantEval;
use crate::shogi::Color;
use crate::variant::{VMove, VPosition, Verdict};
use std::time::{Duration, Instant};

/// A mate score, from the side to move's point of view, less the plies to it.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 64;
/// Captures at most in a row in the capture search.
const QUIESCE_PLIES: usize = 6;
/// A capture must be able to bring the score within this of alpha to be searched.
const DELTA_MARGIN: i32 = 200;

/// What one finished iteration found.
#[derive(Clone, Debug)]
pub struct VariantInfo {
    /// Iteration depth.
    pub depth: u32,
    /// Score for the side to move, centipawns (mates: `MATE - plies`).
    pub score: i32,
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub time: Duration,
    /// The principal variation, as move text.
    pub pv: Vec<String>,
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct VariantResult {
    /// The move to play (none: no legal move).
    pub best: Option<VMove>,
    /// Its score.
    pub score: i32,
}

/// A game's end as a score for `side`, to move `ply` plies from the root.
fn verdict_score(verdict: Verdict, side: usize, ply: usize) -> i32 {
    match verdict {
        Verdict::Draw => 0,
        Verdict::Loses(s) if s == side => -MATE + ply as i32,
        Verdict::Loses(_) => MATE - ply as i32,
    }
}

/// How a table entry's score bounds the node's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    mv: Option<VMove>,
    score: i32,
    depth: i16,
    bound: Bound,
}

/// What the variants' search keeps from one search to the next in a game: the transposition
/// table and the history of the quiet moves.
pub struct VariantTables {
    entries: Vec<Option<Entry>>,
    /// Quiet moves' history, by side, origin (a drop: the cell count plus the kind) and
    /// destination.
    history: Vec<i32>,
    cells: usize,
    kinds: usize,
    /// The evaluation, made once for the variant (its values take a moment on large boards),
    /// and whether it has the form terms.
    eval: Option<(bool, VariantEval)>,
}

impl VariantTables {
    /// Table entries in about `mb` MiB (a power of two).
    fn entry_count(mb: usize) -> usize {
        let per = std::mem::size_of::<Option<Entry>>();
        (((mb.max(1) << 20) / per).next_power_of_two() / 2).max(1024)
    }

    /// Tables of about `mb` MiB for positions of `pos`'s variant.
    pub fn new(mb: usize, pos: &VPosition) -> VariantTables {
        let cells = pos.cell_count();
        let kinds = pos.rules().kinds.len();
        VariantTables {
            entries: vec![None; Self::entry_count(mb)],
            history: vec![0; 2 * (cells + kinds) * cells],
            cells,
            kinds,
            eval: None,
        }
    }

    /// Whether these tables fit `pos`'s variant and `mb`.
    pub fn fits(&self, mb: usize, pos: &VPosition) -> bool {
        self.cells == pos.cell_count()
            && self.kinds == pos.rules().kinds.len()
            && self.entries.len() == Self::entry_count(mb)
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(None);
        self.history.fill(0);
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & (self.entries.len() - 1)]?;
        (e.key == key).then_some(e)
    }

    fn store(&mut self, e: Entry) {
        let i = e.key as usize & (self.entries.len() - 1);
        let slot = &mut self.entries[i];
        // Keep a deeper entry of the same position unless the new one is exact.
        if let Some(old) = slot {
            if old.key == e.key && old.depth > e.depth && e.bound != Bound::Exact {
                return;
            }
        }
        *slot = Some(e);
    }

    fn history_index(&self, side: usize, m: VMove) -> usize {
        let from = if m.drop > 0 {
            self.cells + m.drop as usize - 1
        } else {
            m.from as usize
        };
        (side * (self.cells + self.kinds) + from) * self.cells + m.to as usize
    }
}

/// Mate scores are stored relative to the node.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE - MAX_PLY as i32 {
        score + ply as i32
    } else if score <= -MATE + MAX_PLY as i32 {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE - MAX_PLY as i32 {
        score - ply as i32
    } else if score <= -MATE + MAX_PLY as i32 {
        score + ply as i32
    } else {
        score
    }
}

/// Null-move reduction, plies, and the depth it starts at.
const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// Reverse futility pruning: depths and margin a ply.
const RFP_MAX_DEPTH: i32 = 3;
const RFP_MARGIN: i32 = 120;
/// Futility pruning of quiet moves: depths and margin a ply.
const FUTILITY_MAX_DEPTH: i32 = 2;
const FUTILITY_MARGIN: i32 = 150;
const HISTORY_MAX: i32 = 1 << 14;

struct Search<'a> {
    control: &'a SearchControl,
    tables: &'a mut VariantTables,
    eval: VariantEval,
    nodes: u64,
    start: Instant,
    maximum: Option<Duration>,
    node_limit: u64,
    aborted: bool,
    /// The game and the line so far: each position's key, and whether its side to move is
    /// in check.
    history: Vec<(u64, bool)>,
    pv: Vec<Vec<VMove>>,
    killers: Vec<[Option<VMove>; 2]>,
    root_depth: i32,
    /// The best move of the last finished iteration, searched first.
    root_best: Option<VMove>,
    /// Late-move reductions by depth and move number.
    lmr: [[i32; 64]; 64],
}

impl Search<'_> {
    fn out_of_time(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.node_limit || self.control.stopped() {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(1024) && !self.control.is_pondering() {
            if let Some(max) = self.maximum {
                if self.control.clock_start(self.start).elapsed() >= max {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    fn evaluate(&self, pos: &VPosition) -> i32 {
        let black = self.eval.evaluate(pos);
        if pos.side() == 0 {
            black
        } else {
            -black
        }
    }

    /// The value of what `m` captures (a royal piece: far more than any other).
    fn victim(&self, pos: &VPosition, m: VMove) -> i32 {
        let mut v = 0;
        for sq in [m.to, m.mid, m.mid2] {
            if sq != crate::variant::position::NO_SQUARE && sq != m.from {
                if let Some((k, side)) = pos.piece_at(sq) {
                    if side != pos.side() {
                        let kind = &pos.rules().kinds[k as usize];
                        v += if kind.royal {
                            100_000
                        } else {
                            self.eval.values()[k as usize]
                        };
                    }
                }
            }
        }
        v
    }

    /// The value of the piece that moves (a drop: none).
    fn attacker(&self, pos: &VPosition, m: VMove) -> i32 {
        if m.drop > 0 {
            return 0;
        }
        pos.piece_at(m.from)
            .map_or(0, |(k, _)| self.eval.values()[k as usize])
    }

    /// Orders `moves`: the table's move, captures by victim then attacker (least valuable
    /// first), promotions, the killers, then the quiet moves by history.
    fn order(&self, pos: &VPosition, moves: &mut [VMove], first: Option<VMove>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let side = pos.side();
        moves.sort_by_cached_key(|&m| {
            if Some(m) == first {
                return i64::MIN;
            }
            let victim = self.victim(pos, m);
            let key: i64 = if victim > 0 {
                (1 << 40) + (victim as i64) * 64 - self.attacker(pos, m) as i64 / 16
            } else if m.promote {
                1 << 39
            } else if Some(m) == killers[0] {
                (1 << 38) + 1
            } else if Some(m) == killers[1] {
                1 << 38
            } else {
                self.tables.history[self.tables.history_index(side, m)] as i64
            };
            -key
        });
    }

    /// Rewards quiet move `best`, which cut the node at `depth`, and punishes the quiet moves
    /// tried before it.
    fn reward(&mut self, side: usize, best: VMove, tried: &[VMove], depth: i32, ply: usize) {
        let bonus = (depth * depth).min(400);
        let update = |t: &mut VariantTables, m: VMove, b: i32| {
            let i = t.history_index(side, m);
            let h = &mut t.history[i];
            *h += b - *h * b.abs() / HISTORY_MAX;
        };
        update(self.tables, best, bonus * 32);
        for &m in tried {
            update(self.tables, m, -bonus * 32);
        }
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(best) {
                k[1] = k[0];
                k[0] = Some(best);
            }
        }
    }

    /// The score of a repetition of the game or the line, by the variant's rule (perpetual
    /// check loses), for the side to move; `None` when the position is new.
    fn repetition(&self, pos: &VPosition, ply: usize) -> Option<i32> {
        let verdict = pos.rules().repetition(&self.history, pos.side())?;
        Some(verdict_score(verdict, pos.side(), ply))
    }

    /// The capture search: stand pat or a capture, at most `QUIESCE_PLIES` captures deep (the
    /// large variants' long-range captures, tenjiku's jumping generals above all, would make a
    /// full capture search explode), captures that cannot raise the score to alpha skipped.
    fn quiesce(
        &mut self,
        pos: &mut VPosition,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if !pos.has_royal(pos.side()) {
            return -MATE + ply as i32;
        }
        let stand = self.evaluate(pos);
        if ply >= MAX_PLY || qply >= QUIESCE_PLIES {
            return stand;
        }
        let all = pos.legal_moves();
        if all.is_empty() {
            return -MATE + ply as i32;
        }
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves: Vec<VMove> = all
            .into_iter()
            .filter(|&m| {
                let v = self.victim(pos, m);
                v > 0 && stand + v + DELTA_MARGIN > alpha
            })
            .collect();
        self.order(pos, &mut moves, None, MAX_PLY + 1);
        for m in moves {
            let u = pos.make(m);
            let score = -self.quiesce(pos, -beta, -alpha, ply + 1, qply + 1);
            pos.unmake(m, u);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// Principal variation search of `pos` to `depth` within (`alpha`, `beta`): the table's
    /// cutoffs and move, null move, reverse futility and futility pruning, late-move
    /// reductions, and a ply more for a check.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &mut VPosition,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
        null_allowed: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if ply > 0 {
            if let Some(score) = self.repetition(pos, ply) {
                return score;
            }
            if let Some(verdict) = pos.outcome() {
                return verdict_score(verdict, pos.side(), ply);
            }
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        // Mate distance: no line from here beats a shorter mate already found.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let original_alpha = alpha;
        let key = pos.key();
        let entry = self.tables.probe(key);
        if let Some(e) = entry.filter(|e| !pv_node && ply > 0 && e.depth as i32 >= depth) {
            let v = from_table(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => v >= beta,
                Bound::Upper => v <= alpha,
            };
            if cut {
                return v;
            }
        }
        let table_move = if ply == 0 {
            self.root_best.or(entry.and_then(|e| e.mv))
        } else {
            entry.and_then(|e| e.mv)
        };
        let side = pos.side();
        // Betza's rays see every check but the special pieces' (cheap; the pruning only
        // needs it to be nearly always right).
        let in_check = pos.in_check(side);
        let static_eval = if in_check { -INF } else { self.evaluate(pos) };
        let quiet_node = !pv_node && !in_check && beta.abs() < MATE - MAX_PLY as i32;
        if quiet_node && depth <= RFP_MAX_DEPTH && static_eval - RFP_MARGIN * depth >= beta {
            return static_eval;
        }
        if quiet_node && null_allowed && depth >= NULL_MOVE_MIN_DEPTH && static_eval >= beta {
            let r = 2 + depth / 4;
            let saved = pos.make_null();
            self.history.push((pos.key(), false));
            let v = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false, false);
            self.history.pop();
            pos.unmake_null(saved);
            if self.aborted {
                return 0;
            }
            if v >= beta {
                return if v >= MATE - MAX_PLY as i32 { beta } else { v };
            }
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            // No move: mated, stalemated or royal lost; each loses in every variant here.
            return -MATE + ply as i32;
        }
        self.order(pos, &mut moves, table_move, ply);
        let mut best = -INF;
        let mut best_move = None;
        let mut quiets: Vec<VMove> = Vec::new();
        for (i, &m) in moves.iter().enumerate() {
            let capture = self.victim(pos, m) > 0;
            let quiet = !capture && !m.promote;
            if quiet
                && quiet_node
                && i > 0
                && depth <= FUTILITY_MAX_DEPTH
                && best > -MATE + MAX_PLY as i32
                && static_eval + FUTILITY_MARGIN * depth <= alpha
            {
                continue;
            }
            let u = pos.make(m);
            // Whether the side to move is in check matters to a repetition's verdict (the
            // child's own, if it repeats, or a deeper node's) and to the extension.
            let child_key = pos.key();
            let check =
                (depth > 1 || self.history.iter().any(|h| h.0 == child_key)) && pos.in_check_now();
            self.history.push((child_key, check));
            let extension = i32::from(check && ply < 2 * self.root_depth as usize);
            let new_depth = depth - 1 + extension;
            let score = if i == 0 {
                -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, pv_node, true)
            } else {
                let reduction = if quiet && depth >= 3 && i >= 3 && !in_check && !check {
                    let r = self.lmr[depth.min(63) as usize][i.min(63)] - i32::from(pv_node);
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut s = -self.negamax(
                    pos,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                    true,
                );
                if s > alpha && reduction > 0 {
                    s = -self.negamax(pos, new_depth, -alpha - 1, -alpha, ply + 1, false, true);
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, true, true);
                }
                s
            };
            self.history.pop();
            pos.unmake(m, u);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    let tail = self.pv[ply + 1].clone();
                    let line = &mut self.pv[ply];
                    line.clear();
                    line.push(m);
                    line.extend(tail);
                }
            }
            if score >= beta {
                if quiet {
                    self.reward(side, m, &quiets, depth, ply);
                }
                break;
            }
            if quiet && quiets.len() < 64 {
                quiets.push(m);
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tables.store(Entry {
            key,
            mv: best_move,
            score: to_table(best, ply),
            depth: depth as i16,
            bound,
        });
        best
    }
}

fn lmr_table() -> [[i32; 64]; 64] {
    let mut t = [[0; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.5 + (d as f64).ln() * (m as f64).ln() / 2.2) as i32;
        }
    }
    t
}

/// Searches `pos` (whose game so far reached the positions `history`, each its key and whether
/// its side to move was in check, the last being
/// `pos` itself) under `limits`, with `tables` kept from the game's earlier searches;
/// `report` hears every finished iteration. `form` off: material only (`Eval_Form`).
#[allow(clippy::too_many_arguments)]
pub fn search(
    pos: &mut VPosition,
    history: &[(u64, bool)],
    limits: &Limits,
    overhead_ms: u64,
    control: &SearchControl,
    tables: &mut VariantTables,
    form: bool,
    report: &mut dyn FnMut(VariantInfo),
) -> VariantResult {
    let eval = match tables.eval.take() {
        Some((f, e)) if f == form => e,
        _ => VariantEval::new(pos.rules(), form),
    };
    let start = limits.received.unwrap_or_else(Instant::now);
    let us = if pos.side() == 0 {
        Color::Black
    } else {
        Color::White
    };
    let budget = if limits.infinite {
        None
    } else {
        time::budget(limits, us, overhead_ms)
    };
    let mut s = Search {
        control,
        tables,
        eval,
        nodes: 0,
        start,
        maximum: budget.map(|b| b.maximum),
        node_limit: limits.nodes.unwrap_or(u64::MAX),
        aborted: false,
        history: history.to_vec(),
        pv: vec![Vec::new(); MAX_PLY + 2],
        killers: vec![[None; 2]; MAX_PLY + 2],
        root_depth: 0,
        root_best: None,
        lmr: lmr_table(),
    };
    let legal = pos.legal_moves();
    let mut result = VariantResult {
        best: legal.first().copied(),
        score: 0,
    };
    if legal.is_empty() {
        return result;
    }
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as u32 - 1)
        .clamp(1, MAX_PLY as u32 - 1);
    for depth in 1..=max_depth {
        s.root_depth = depth as i32;
        s.root_best = result.best;
        let score = s.negamax(pos, depth as i32, -INF, INF, 0, true, false);
        if s.aborted && depth > 1 {
            break;
        }
        if let Some(&m) = s.pv[0].first() {
            result = VariantResult {
                best: Some(m),
                score,
            };
        }
        report(VariantInfo {
            depth,
            score,
            nodes: s.nodes,
            time: start.elapsed(),
            pv: s.pv[0].iter().map(|&m| pos.move_text(m)).collect(),
        });
        if s.aborted || score.abs() >= MATE - MAX_PLY as i32 {
            break;
        }
        if let Some(b) = budget {
            if !control.is_pondering() && control.clock_start(start).elapsed() >= b.optimum / 2 {
                break;
            }
        }
    }
    s.tables.eval = Some((form, s.eval));
    // A search stopped during pondering still answers only when told (the front end waits).
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantId;

    #[test]
    fn takes_a_hanging_king_in_chu_and_finds_mate_in_minishogi() {
        let control = SearchControl::new();
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        // Chu: the black rook takes the white king (whose gold and silver keep it from being
        // a bare king, which would have lost already).
        let mut pos = VPosition::from_sfen(
            VariantId::Chu,
            "gs9k/12/12/12/12/12/12/12/12/12/12/K10R b - 1",
        )
        .unwrap();
        let history = [(pos.key(), pos.in_check_now())];
        let mut tables = VariantTables::new(1, &pos);
        let r = search(
            &mut pos,
            &history,
            &limits,
            0,
            &control,
            &mut tables,
            true,
            &mut |_| {},
        );
        assert!(pos.move_text(r.best.unwrap()).starts_with("1l1a"));
        // Minishogi: a gold drop leaves White's king on 1a no move (G*1b mates; G*3b
        // stalemates, which loses too).
        let mut pos = VPosition::from_sfen(VariantId::Mini, "4k/5/4P/5/K4 b G 1").unwrap();
        let history = [(pos.key(), pos.in_check_now())];
        let mut tables = VariantTables::new(1, &pos);
        let r = search(
            &mut pos,
            &history,
            &limits,
            0,
            &control,
            &mut tables,
            true,
            &mut |_| {},
        );
        pos.make(r.best.unwrap());
        assert!(pos.legal_moves().is_empty());
        assert!(r.score >= MATE - 2);
    }

    /// From the start, the rooks step out and back (`moves`); White's rook going home then
    /// repeats the start. The game so far is `history`; White to move.
    fn rooks_shuffled(
        id: VariantId,
        start: &str,
        moves: [&str; 3],
    ) -> (VPosition, Vec<(u64, bool)>) {
        let mut pos = VPosition::from_sfen(id, start).unwrap();
        let mut history = vec![(pos.key(), pos.in_check_now())];
        for text in moves {
            let m = pos.parse_move(text).unwrap();
            pos.make(m);
            history.push((pos.key(), pos.in_check_now()));
        }
        (pos, history)
    }

    #[test]
    fn repetitions_are_scored_by_the_variants_rule() {
        let control = SearchControl::new();
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        // Minishogi: a repetition loses for Black, so White repeats at once and wins.
        let (mut pos, history) = rooks_shuffled(
            VariantId::Mini,
            "rbsgk/4p/5/P4/KGSBR b - 1",
            ["1e1d", "5a5b", "1d1e"],
        );
        let mut tables = VariantTables::new(1, &pos);
        let r = search(
            &mut pos,
            &history,
            &limits,
            0,
            &control,
            &mut tables,
            true,
            &mut |_| {},
        );
        assert_eq!(pos.move_text(r.best.unwrap()), "5b5a");
        assert_eq!(r.score, MATE - 1);
        // Judkins shogi, the same on 6x6: a repetition is a draw.
        let (mut pos, history) = rooks_shuffled(
            VariantId::Judkins,
            "rbnsgk/5p/6/6/P5/KGSNBR b - 1",
            ["1f1e", "6a6b", "1e1f"],
        );
        let m = pos.parse_move("6b6a").unwrap();
        let mut after = history.clone();
        let u = pos.make(m);
        after.push((pos.key(), pos.in_check_now()));
        pos.unmake(m, u);
        assert_eq!(
            pos.rules().repetition(&after, 0),
            Some(crate::variant::Verdict::Draw)
        );
        let mut tables = VariantTables::new(1, &pos);
        let r = search(
            &mut pos,
            &history,
            &limits,
            0,
            &control,
            &mut tables,
            true,
            &mut |_| {},
        );
        assert!(r.score < MATE - 100);
    }
}
