//! The staged move picker: moves are generated and ordered in stages, so that a node that is cut
//! off by the TT move or a good capture never generates its quiet moves at all.
//!
//! Stages: the TT move; captures, best victim first, those that lose material by SEE set aside;
//! the two killers and the countermove; quiet moves (drops included) by butterfly and
//! continuation history, promotions first; the captures set aside. In check: the TT move, then
//! every evasion in one ordered list. In quiescence (not in check): the TT move if it captures,
//! then the captures that do not lose material.
//!
//! The picker is not an `Iterator` because the position is lent to it on each call; walking it
//! at every node yields exactly the moves of `generate_legal` (tests/move_picker.rs).

use super::ordering::{pick_next, History, OrderingContext};
use super::params::CAPTURE_HISTORY_ORDER_DIVISOR;
use super::see::see_ge;
use crate::color::Color;
use crate::eval::PIECE_VALUE;
use crate::shogi::{
    generate_captures, generate_legal, generate_quiets, is_legal_search_move, Move, MoveList,
    PieceKind, Position, StackList,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    TtMove,
    GenerateCaptures,
    GoodCaptures,
    Killers,
    GenerateQuiets,
    Quiets,
    BadCaptures,
    GenerateEvasions,
    Evasions,
    Done,
}

/// Bonus that puts non-capturing promotions first among the quiet moves.
const QUIET_PROMOTION_BONUS: i32 = 1 << 16;

/// Hands out the moves of one node in stages.
pub struct MovePicker {
    stage: Stage,
    quiescence: bool,
    tt_move: Option<Move>,
    killers: [Option<Move>; 3],
    killer_index: usize,
    moves: MoveList,
    scores: StackList<i32>,
    index: usize,
    bad_captures: MoveList,
    bad_index: usize,
}

impl MovePicker {
    /// A picker for a main-search node; `refutations` are the two killers and the countermove.
    pub fn new(
        pos: &Position,
        tt_move: Option<Move>,
        refutations: [Option<Move>; 3],
    ) -> MovePicker {
        MovePicker::with_mode(pos, tt_move, refutations, false)
    }

    /// A picker for a quiescence node: captures only, or every evasion when in check.
    pub fn quiescence(pos: &Position, tt_move: Option<Move>) -> MovePicker {
        MovePicker::with_mode(pos, tt_move, [None; 3], true)
    }

    fn with_mode(
        pos: &Position,
        tt_move: Option<Move>,
        killers: [Option<Move>; 3],
        quiescence: bool,
    ) -> MovePicker {
        let in_check = pos.in_check();
        let tt_move = tt_move.filter(|&m| {
            is_legal_search_move(pos, m) && (in_check || !quiescence || is_capture(pos, m))
        });
        MovePicker {
            stage: Stage::TtMove,
            quiescence: quiescence && !in_check,
            tt_move,
            killers,
            killer_index: 0,
            moves: MoveList::new(),
            scores: StackList::new(),
            index: 0,
            bad_captures: MoveList::new(),
            bad_index: 0,
        }
    }

    /// The TT move this picker will try first, if it was legal.
    pub fn tt_move(&self) -> Option<Move> {
        self.tt_move
    }

    /// The best-scored move not handed out yet (selection sort, one step).
    fn select_best(&mut self) -> Option<Move> {
        let n = self.moves.len();
        if self.index >= n {
            return None;
        }
        let i = self.index;
        pick_next(self.moves.as_mut_slice(), self.scores.as_mut_slice(), i);
        self.index += 1;
        Some(self.moves[i])
    }

    /// The next move, or `None` when every move has been handed out.
    pub fn next(&mut self, pos: &Position, ordering: &OrderingContext) -> Option<Move> {
        self.next_move(pos, ordering)
    }

    #[inline(always)]
    pub(super) fn next_move(&mut self, pos: &Position, ordering: &OrderingContext) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = if pos.in_check() {
                        Stage::GenerateEvasions
                    } else {
                        Stage::GenerateCaptures
                    };
                    if self.tt_move.is_some() {
                        return self.tt_move;
                    }
                }
                Stage::GenerateCaptures => {
                    generate_captures(pos, &mut self.moves);
                    for &m in self.moves.iter() {
                        self.scores.push(capture_score(ordering, pos, m));
                    }
                    self.index = 0;
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    while let Some(m) = self.select_best() {
                        if Some(m) == self.tt_move {
                            continue;
                        }
                        if !see_ge(pos, m, 0) {
                            if !self.quiescence {
                                self.bad_captures.push(m);
                            }
                            continue;
                        }
                        return Some(m);
                    }
                    self.stage = if self.quiescence {
                        Stage::Done
                    } else {
                        Stage::Killers
                    };
                }
                Stage::Killers => {
                    while self.killer_index < self.killers.len() {
                        let k = self.killers[self.killer_index];
                        self.killer_index += 1;
                        let Some(m) = k else { continue };
                        let duplicate = Some(m) == self.tt_move
                            || self.killers[..self.killer_index - 1].contains(&Some(m));
                        if !duplicate && !is_capture(pos, m) && is_legal_search_move(pos, m) {
                            return Some(m);
                        }
                    }
                    self.stage = Stage::GenerateQuiets;
                }
                Stage::GenerateQuiets => {
                    self.moves.clear();
                    generate_quiets(pos, &mut self.moves);
                    // Sort once by (score, move): quiet lists are long and usually walked far.
                    let mut keys = StackList::<u64>::new();
                    for &m in self.moves.iter() {
                        let mut score =
                            ordering.quiet_score(pos.side_to_move(), history_squares(m), || {
                                moved_piece(pos, m)
                            });
                        if m.is_promotion() {
                            score += QUIET_PROMOTION_BONUS;
                        }
                        keys.push((((score as i64 + (1 << 30)) as u64) << 16) | m.raw() as u64);
                    }
                    keys.as_mut_slice().sort_unstable_by(|a, b| b.cmp(a));
                    let sorted = self.moves.as_mut_slice();
                    for (i, key) in keys.iter().enumerate() {
                        sorted[i] = Move::from_raw(*key as u16).expect("a generated move");
                    }
                    self.index = 0;
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    while self.index < self.moves.len() {
                        let m = self.moves[self.index];
                        self.index += 1;
                        if Some(m) == self.tt_move
                            || self.killers[..self.killer_index].contains(&Some(m))
                        {
                            continue;
                        }
                        return Some(m);
                    }
                    self.stage = Stage::BadCaptures;
                }
                Stage::BadCaptures => {
                    if self.bad_index < self.bad_captures.len() {
                        self.bad_index += 1;
                        return Some(self.bad_captures[self.bad_index - 1]);
                    }
                    self.stage = Stage::Done;
                }
                Stage::GenerateEvasions => {
                    generate_legal(pos, &mut self.moves);
                    let killers = [self.killers[0], self.killers[1]];
                    for &m in self.moves.iter() {
                        self.scores
                            .push(score_move(pos, m, &killers, ordering.history));
                    }
                    self.index = 0;
                    self.stage = Stage::Evasions;
                }
                Stage::Evasions => {
                    while let Some(m) = self.select_best() {
                        if Some(m) != self.tt_move {
                            return Some(m);
                        }
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
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

/// The history's origin (a square, or 81 plus a dropped kind) and destination of `m`.
#[inline(always)]
pub fn history_squares(m: Move) -> (usize, usize) {
    let origin = if m.is_drop() {
        81 + m.drop_kind().index()
    } else {
        m.from().index()
    };
    (origin, m.to().index())
}

/// Whether `m` captures a piece.
#[inline(always)]
pub fn is_capture(pos: &Position, m: Move) -> bool {
    !m.is_drop() && pos.piece_on(m.to()).is_some()
}

/// The order score of capture `m`: the victim's value first, then the capture history, then
/// the least valuable attacker and promotion.
#[inline]
fn capture_score(ordering: &OrderingContext, pos: &Position, m: Move) -> i32 {
    let victim = pos.piece_on(m.to()).expect("a capture").kind();
    let mover = pos.piece_on(m.from()).expect("moving piece").kind();
    PIECE_VALUE[victim.index()] * 16
        + ordering.captures.get(moved_piece(pos, m), victim.index()) / CAPTURE_HISTORY_ORDER_DIVISOR
        - PIECE_VALUE[mover.index()] / 16
        + i32::from(m.is_promotion()) * 8
}

/// The order key of evasion `m`: captures that do not lose material by victim, then
/// promotions, the killers, quiet moves by history, and last the losing captures.
#[inline]
fn score_move(pos: &Position, m: Move, killers: &[Option<Move>; 2], history: &History) -> i32 {
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
    history.get(pos.side_to_move(), history_squares(m))
}
