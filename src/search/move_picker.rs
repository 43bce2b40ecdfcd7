//! The staged move picker: moves are generated and ordered in stages, so that a node that is cut
//! off by the TT move or a good capture never generates its quiet moves at all.
//!
//! Stages: the TT move; captures, best victim first, those that lose material by SEE set aside;
//! the two killers and the countermove; quiet moves (drops included) by butterfly and
//! continuation history, promotions first; the captures set
//! aside. In check: the TT move, then every evasion in one ordered list. In quiescence (not in
//! check): the TT move if it captures, then the captures that do not lose material, then (when
//! asked for) the quiet checks that do not lose material.
//!
//! The picker is not an `Iterator` because the position is lent to it on each call; walking it
//! at every node yields exactly the moves of `generate_legal` (tests/move_picker.rs).

use super::board::Picker;
use super::ordering::{is_capture, pick_next, score_move, OrderingContext};
use super::see::see_ge;
use crate::shogi::{
    generate_captures, generate_legal, generate_quiet_checks, generate_quiets,
    is_legal_search_move, Move, MoveList, Position, StackList,
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
    GenerateChecks,
    QuietChecks,
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
    quiet_checks: bool,
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
        MovePicker::with_mode(pos, tt_move, refutations, false, false)
    }

    /// A picker for a quiescence node: captures only, or every evasion when in check.
    pub fn quiescence(pos: &Position, tt_move: Option<Move>) -> MovePicker {
        MovePicker::with_mode(pos, tt_move, [None; 3], true, false)
    }

    /// A quiescence picker that also hands out, after the captures, the quiet checks that do not
    /// lose material by SEE (when not in check).
    pub fn quiescence_with_checks(pos: &Position, tt_move: Option<Move>) -> MovePicker {
        MovePicker::with_mode(pos, tt_move, [None; 3], true, true)
    }

    fn with_mode(
        pos: &Position,
        tt_move: Option<Move>,
        killers: [Option<Move>; 3],
        quiescence: bool,
        quiet_checks: bool,
    ) -> MovePicker {
        let in_check = pos.in_check();
        let tt_move = tt_move.filter(|&m| {
            is_legal_search_move(pos, m) && (in_check || !quiescence || is_capture(pos, m))
        });
        MovePicker {
            stage: Stage::TtMove,
            quiescence: quiescence && !in_check,
            quiet_checks: quiescence && quiet_checks && !in_check,
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
    fn next_move(&mut self, pos: &Position, ordering: &OrderingContext) -> Option<Move> {
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
                        self.scores.push(ordering.capture_score(pos, m));
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
                    self.stage = match (self.quiescence, self.quiet_checks) {
                        (false, _) => Stage::Killers,
                        (true, true) => Stage::GenerateChecks,
                        (true, false) => Stage::Done,
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
                        let mut score = ordering.quiet_score(pos, m);
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
                Stage::GenerateChecks => {
                    self.moves.clear();
                    generate_quiet_checks(pos, &mut self.moves);
                    self.index = 0;
                    self.stage = Stage::QuietChecks;
                }
                Stage::QuietChecks => {
                    while self.index < self.moves.len() {
                        let m = self.moves[self.index];
                        self.index += 1;
                        if see_ge(pos, m, 0) {
                            return Some(m);
                        }
                    }
                    self.stage = Stage::Done;
                }
                Stage::GenerateEvasions => {
                    generate_legal(pos, &mut self.moves);
                    let killers = [self.killers[0], self.killers[1]];
                    for &m in self.moves.iter() {
                        self.scores
                            .push(score_move(pos, m, None, &killers, ordering.history));
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

impl Picker<Position> for MovePicker {
    #[inline(always)]
    fn main(pos: &mut Position, tt_move: Option<u16>, refutations: [Option<Move>; 3]) -> Self {
        MovePicker::new(pos, tt_move.and_then(Move::from_raw), refutations)
    }

    #[inline(always)]
    fn quiescence(pos: &mut Position, tt_move: Option<u16>, checks: bool) -> Self {
        let tt_move = tt_move.and_then(Move::from_raw);
        if checks {
            MovePicker::quiescence_with_checks(pos, tt_move)
        } else {
            MovePicker::quiescence(pos, tt_move)
        }
    }

    #[inline(always)]
    fn tt_move(&self) -> Option<Move> {
        self.tt_move
    }

    #[inline(always)]
    fn next(&mut self, pos: &mut Position, ordering: &OrderingContext) -> Option<Move> {
        self.next_move(pos, ordering)
    }
}
