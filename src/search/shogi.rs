//! 9x9 shogi on the one search: `ShogiBoard` puts a `Position` behind `SearchBoard`, with what
//! its rules and evaluation need beside it (the evaluation's weights, the learned king-piece
//! table's sums kept along the line, the entering-king rule), and the staged `MovePicker` orders
//! its moves.
//!
//! Every method is a thin `#[inline(always)]` call into `shogi/`, `eval/` or the 9x9 helpers of
//! this layer (`move_picker`, `see`, `mate1`, `mate3`): the search monomorphised for this board
//! runs exactly the code it would run on a bare `Position`.

use super::board::{Declare, Dims, Picker, SearchBoard};
use super::mate1::mate_in_one;
use super::mate3::mate_in_three;
use super::move_picker::{history_squares, moved_piece, MovePicker};
use super::ordering::OrderingContext;
use super::params::{LMP_BASE, REPETITION_SCAN_PLIES};
use super::see::see_ge;
use crate::color::Color;
use crate::eval::kp::{self, Accumulator};
use crate::eval::{
    evaluate_material, evaluate_with, Value, Weights, EVAL_LIMIT, PIECE_VALUE, WEIGHTS,
};
use crate::shogi::{
    generate_all, generate_legal, Declaration, EnteringKingRule, Move, MoveList, Position,
    Repetition,
};
use std::sync::{Arc, LazyLock};

/// The learned weights, shared by every board that is not given others.
static DEFAULT_WEIGHTS: LazyLock<Arc<Weights>> = LazyLock::new(|| Arc::new(WEIGHTS));

/// A 9x9 position as the search sees it: the position, the weights it is evaluated with, the
/// king-piece table's sums (none when the table is off or empty), and the entering-king rule the
/// game is played under.
#[derive(Clone)]
pub struct ShogiBoard {
    pos: Position,
    weights: Arc<Weights>,
    kp: Option<Accumulator>,
    entering_king_rule: EnteringKingRule,
}

/// The table compiled in, if it holds anything.
fn learned_table() -> Option<&'static kp::Table> {
    let table: &'static kp::Table = &kp::TABLE;
    table.iter().any(|&v| v != 0).then_some(table)
}

impl ShogiBoard {
    /// `pos` with the learned weights and the default entering-king rule.
    pub fn new(pos: Position) -> ShogiBoard {
        ShogiBoard::with_rules(
            pos,
            DEFAULT_WEIGHTS.clone(),
            true,
            EnteringKingRule::default(),
        )
    }

    /// `pos` evaluated with `weights` and, with `learned`, the king-piece table; under `rule`.
    pub fn with_rules(
        pos: Position,
        weights: Arc<Weights>,
        learned: bool,
        rule: EnteringKingRule,
    ) -> ShogiBoard {
        let kp = learned
            .then(learned_table)
            .flatten()
            .map(|table| Accumulator::new(&pos, table));
        ShogiBoard {
            pos,
            weights,
            kp,
            entering_king_rule: rule,
        }
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position, to play moves on between searches.
    pub fn position_mut(&mut self) -> &mut Position {
        &mut self.pos
    }
}

impl From<Position> for ShogiBoard {
    fn from(pos: Position) -> ShogiBoard {
        ShogiBoard::new(pos)
    }
}

impl SearchBoard for ShogiBoard {
    type Move = Move;
    type Picker = MovePicker;
    const QSEARCH_PLIES: i32 = i32::MAX;

    #[inline(always)]
    fn margin_percent(&self) -> i32 {
        100
    }
    #[inline(always)]
    fn late_move_base(&self) -> usize {
        LMP_BASE
    }
    #[inline(always)]
    fn dims(&self) -> Dims {
        Dims::SHOGI
    }
    #[inline(always)]
    fn key(&self) -> u64 {
        self.pos.key()
    }
    #[inline(always)]
    fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }
    #[inline(always)]
    fn in_check(&self) -> bool {
        self.pos.in_check()
    }
    #[inline(always)]
    fn make_move(&mut self, m: Move) {
        if let Some(acc) = &mut self.kp {
            let table: &kp::Table = &kp::TABLE;
            let king = acc.push_move(&self.pos, m, table);
            self.pos.make_move(m);
            if king {
                acc.refresh(&self.pos, !self.pos.side_to_move(), table);
            }
        } else {
            self.pos.make_move(m)
        }
    }
    #[inline(always)]
    fn unmake_move(&mut self, m: Move) {
        self.pos.unmake_move(m);
        if let Some(acc) = &mut self.kp {
            acc.pop();
        }
    }
    #[inline(always)]
    fn make_null_move(&mut self) {
        self.pos.make_null_move();
        if let Some(acc) = &mut self.kp {
            acc.push_null();
        }
    }
    #[inline(always)]
    fn unmake_null_move(&mut self) {
        self.pos.unmake_null_move();
        if let Some(acc) = &mut self.kp {
            acc.pop();
        }
    }
    #[inline(always)]
    fn may_pass(&self) -> bool {
        self.pos.last_move().is_some()
    }
    #[inline(always)]
    fn gives_check(&mut self, m: Move) -> bool {
        self.pos.gives_check(m)
    }
    #[inline(always)]
    fn is_capture(&self, m: Move) -> bool {
        !m.is_drop() && self.pos.piece_on(m.to()).is_some()
    }
    #[inline(always)]
    fn is_promotion(m: Move) -> bool {
        m.is_promotion()
    }
    #[inline(always)]
    fn captured_kind(&self, m: Move) -> Option<usize> {
        if m.is_drop() {
            return None;
        }
        self.pos.piece_on(m.to()).map(|p| p.kind().index())
    }
    #[inline(always)]
    fn moved_piece(&self, m: Move) -> (usize, usize) {
        moved_piece(&self.pos, m)
    }
    #[inline(always)]
    fn history_squares(&self, m: Move) -> (usize, usize) {
        history_squares(m)
    }
    #[inline(always)]
    fn see_ge(&mut self, m: Move, threshold: Value) -> bool {
        see_ge(&self.pos, m, threshold)
    }
    #[inline(always)]
    fn capture_gain(&self, m: Move) -> Option<Value> {
        self.pos
            .piece_on(m.to())
            .map(|victim| PIECE_VALUE[victim.kind().index()] * 2)
    }
    #[inline(always)]
    fn repetition(&self) -> Option<Repetition> {
        self.pos.repetition(REPETITION_SCAN_PLIES)
    }
    #[inline(always)]
    fn moves_played(&self) -> u32 {
        self.pos.ply().saturating_sub(1)
    }
    #[inline(always)]
    fn declaration(&self) -> Option<Declare<Move>> {
        match self.pos.declaration(self.entering_king_rule)? {
            Declaration::Win => Some(Declare::Win),
            Declaration::TryMove(m) => Some(Declare::Try(m)),
        }
    }
    #[inline(always)]
    fn mate_in_one(&mut self) -> Option<Move> {
        mate_in_one(&mut self.pos)
    }
    #[inline(always)]
    fn mate_in_three(&mut self, budget: u32, escapes: u32) -> Option<Move> {
        mate_in_three(&mut self.pos, budget, escapes)
    }
    #[inline(always)]
    fn evaluate(&self) -> Value {
        let form = evaluate_with(&self.pos, &self.weights);
        match &self.kp {
            None => form,
            Some(acc) => (form + acc.value(self.pos.side_to_move())).clamp(-EVAL_LIMIT, EVAL_LIMIT),
        }
    }
    #[inline(always)]
    fn evaluate_material(&self) -> Value {
        evaluate_material(&self.pos)
    }
    fn evaluation_id(&self) -> usize {
        // The weights' address, its lowest bit (always clear) set when the table is on.
        Arc::as_ptr(&self.weights) as usize | usize::from(self.kp.is_some())
    }
    fn legal_moves(&mut self) -> Vec<Move> {
        let mut list = MoveList::new();
        generate_all(&self.pos, &mut list);
        list.iter().copied().collect()
    }
    fn root_moves(&mut self) -> Vec<Move> {
        let mut list = MoveList::new();
        generate_legal(&self.pos, &mut list);
        list.iter().copied().collect()
    }
    fn move_text(&self, m: Move) -> String {
        m.to_string()
    }
    #[inline(always)]
    fn encode(m: Move) -> u16 {
        m.raw()
    }
}

impl Picker<ShogiBoard> for MovePicker {
    #[inline(always)]
    fn main(board: &mut ShogiBoard, tt_move: Option<u16>, refutations: [Option<Move>; 3]) -> Self {
        MovePicker::new(&board.pos, tt_move.and_then(Move::from_raw), refutations)
    }

    #[inline(always)]
    fn quiescence(board: &mut ShogiBoard, tt_move: Option<u16>) -> Self {
        MovePicker::quiescence(&board.pos, tt_move.and_then(Move::from_raw))
    }

    #[inline(always)]
    fn tt_move(&self) -> Option<Move> {
        MovePicker::tt_move(self)
    }

    #[inline(always)]
    fn next(&mut self, board: &mut ShogiBoard, ordering: &OrderingContext) -> Option<Move> {
        self.next_move(&board.pos, ordering)
    }
}
