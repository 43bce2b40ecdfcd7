//! A first search for the variants: iterative deepening, alpha-beta with the previous
//! iteration's best move first and captures by victim value, a capture search at the leaves,
//! repetitions of the game or the line and the variants' other game ends (chu's bare king)
//! scored by each variant's rule, and the clock of `time.rs`. The
//! evaluation is material, each piece valued by its mobility on the empty board. It plays
//! legal, complete games; making the main search generic over the position, so that every
//! variant gets its pruning, tables and threads, is the next step (docs/variants.md).

use super::control::SearchControl;
use super::limits::Limits;
use super::time;
use crate::shogi::Color;
use crate::variant::catalogue::Special;
use crate::variant::rules::Rules;
use crate::variant::{betza, VMove, VPosition, Verdict};
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

/// Material values of a variant's kinds, centipawns: from the number of squares a piece reaches
/// from an average square of the empty board (a pawn about 100), doubled for the lion, two and
/// a half times for the hook movers, a fifth more for the other lion powers, more for tenjiku's
/// burning and jumping pieces, royal pieces none (their loss ends the game).
pub fn piece_values(rules: &Rules) -> Vec<i32> {
    let (files, ranks) = (rules.files as i32, rules.ranks as i32);
    rules
        .kinds
        .iter()
        .map(|k| {
            if k.royal {
                return 0;
            }
            let mut total = 0usize;
            for x in 0..files {
                for y in 0..ranks {
                    total += betza::reach_from(&k.rays, files, ranks, x, y);
                }
            }
            let mobility = total as f64 / (files * ranks) as f64;
            let special = match k.special {
                Special::None => 1.0,
                Special::Lion => 2.0,
                // The turn squares a slide's reach.
                Special::Hook | Special::DiagonalHook => 2.5,
                Special::HornedFalcon | Special::SoaringEagle | Special::LionDog => 1.2,
                // Tenjiku: burning, and captures through the lines of its slides.
                Special::FireDemon => 3.0,
                Special::Jumping(_) => 1.5,
                Special::ViceGeneral => 1.8,
                // A lion's leaps and a bishop's slides beyond them.
                Special::LionHawk => 2.6,
                Special::FreeEagle | Special::Tetrarchs => 1.3,
            };
            (100.0 * mobility.max(0.5).powf(0.85) * special).round() as i32
        })
        .collect()
}

/// The first search's evaluation, for Black: the `values` of the pieces on the board, and a
/// tenth more for those in hand.
pub fn material(pos: &VPosition, values: &[i32]) -> i32 {
    let rules = pos.rules();
    let sign = |side| if side == 0 { 1 } else { -1 };
    let mut score = 0;
    for sq in pos.squares() {
        if let Some((k, side)) = pos.piece_at(sq) {
            score += sign(side) * values[k as usize];
        }
    }
    if rules.drops {
        for k in 0..rules.kinds.len() as u8 {
            let v = values[k as usize] * 11 / 10;
            score += v * (pos.in_hand(0, k) as i32 - pos.in_hand(1, k) as i32);
        }
    }
    score
}

/// A game's end as a score for `side`, to move `ply` plies from the root.
fn verdict_score(verdict: Verdict, side: usize, ply: usize) -> i32 {
    match verdict {
        Verdict::Draw => 0,
        Verdict::Loses(s) if s == side => -MATE + ply as i32,
        Verdict::Loses(_) => MATE - ply as i32,
    }
}

struct Search<'a> {
    control: &'a SearchControl,
    values: Vec<i32>,
    nodes: u64,
    start: Instant,
    maximum: Option<Duration>,
    node_limit: u64,
    aborted: bool,
    /// The game and the line so far: each position's key, and whether its side to move is
    /// in check.
    history: Vec<(u64, bool)>,
    pv: Vec<Vec<VMove>>,
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
        let black = material(pos, &self.values);
        if pos.side() == 0 {
            black
        } else {
            -black
        }
    }

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
                            self.values[k as usize]
                        };
                    }
                }
            }
        }
        v
    }

    fn order(&self, pos: &VPosition, moves: &mut [VMove], first: Option<VMove>) {
        moves.sort_by_cached_key(|&m| {
            if Some(m) == first {
                i32::MIN
            } else {
                -(self.victim(pos, m) * 16 + if m.promote { 8 } else { 0 })
            }
        });
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
        self.order(pos, &mut moves, None);
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

    fn negamax(
        &mut self,
        pos: &mut VPosition,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        first: Option<VMove>,
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
        if depth == 0 || ply >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            // No move: mated, stalemated or royal lost; each loses in every variant here.
            return -MATE + ply as i32;
        }
        self.order(pos, &mut moves, first);
        let mut best = -INF;
        for m in moves {
            let u = pos.make(m);
            // Whether the side to move is in check matters to a repetition's verdict: the
            // child's own (a leaf needs it only if it repeats) or a deeper node's.
            let key = pos.key();
            let check =
                (depth > 1 || self.history.iter().any(|h| h.0 == key)) && pos.in_check_now();
            self.history.push((key, check));
            let score = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1, None);
            self.history.pop();
            pos.unmake(m, u);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
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
                break;
            }
        }
        best
    }
}

/// Searches `pos` (whose game so far reached the positions `history`, each its key and whether
/// its side to move was in check, the last being
/// `pos` itself) under `limits`; `report` hears every finished iteration.
pub fn search(
    pos: &mut VPosition,
    history: &[(u64, bool)],
    limits: &Limits,
    overhead_ms: u64,
    control: &SearchControl,
    report: &mut dyn FnMut(VariantInfo),
) -> VariantResult {
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
        values: piece_values(pos.rules()),
        nodes: 0,
        start,
        maximum: budget.map(|b| b.maximum),
        node_limit: limits.nodes.unwrap_or(u64::MAX),
        aborted: false,
        history: history.to_vec(),
        pv: vec![Vec::new(); MAX_PLY + 2],
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
        let score = s.negamax(pos, depth, -INF, INF, 0, result.best);
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
    // A search stopped during pondering still answers only when told (the front end waits).
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantId;

    #[test]
    fn values_order_the_pieces_as_players_do() {
        let r = VariantId::Chu.rules();
        let v = piece_values(r);
        let of = |s: &str| v[r.kind_index(s).unwrap() as usize];
        assert!(of("p") < of("g"));
        assert!(of("g") < of("r"));
        assert!(of("r") < of("q"));
        assert!(of("q") < of("n"));
        assert_eq!(of("k"), 0);
    }

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
        let r = search(&mut pos, &history, &limits, 0, &control, &mut |_| {});
        assert!(pos.move_text(r.best.unwrap()).starts_with("1l1a"));
        // Minishogi: a gold drop leaves White's king on 1a no move (G*1b mates; G*3b
        // stalemates, which loses too).
        let mut pos = VPosition::from_sfen(VariantId::Mini, "4k/5/4P/5/K4 b G 1").unwrap();
        let history = [(pos.key(), pos.in_check_now())];
        let r = search(&mut pos, &history, &limits, 0, &control, &mut |_| {});
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
        let r = search(&mut pos, &history, &limits, 0, &control, &mut |_| {});
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
        let r = search(&mut pos, &history, &limits, 0, &control, &mut |_| {});
        assert!(r.score < MATE - 100);
    }
}
