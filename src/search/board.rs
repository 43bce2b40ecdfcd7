//! What the search needs of a board: the one trait that every game the engine plays implements
//! (9x9 shogi's `Position` here, the variants' `VBoard` in `variant.rs`), so that one search
//! code path (`negamax`, `deepening`, `smp`) serves them all.
//!
//! The search is generic over `SearchBoard` and monomorphised per board: 9x9 shogi pays nothing
//! for the variants (its constants fold, its calls inline). What differs between boards sits
//! behind the trait: making and unmaking moves, the staged move picker, SEE, the evaluation,
//! repetitions and the other ends of a game, the mate probes and the entering-king declaration
//! (9x9 only), and the 16-bit code a move is stored under in the transposition table.

use super::mate1::mate_in_one;
use super::mate3::mate_in_three;
use super::move_picker::MovePicker;
use super::ordering::OrderingContext;
use super::see::see_ge;
use crate::eval::{evaluate_material, evaluate_with, Value, Weights, PIECE_VALUE};
use crate::shogi::{
    generate_all, generate_legal, Color, Declaration, EnteringKingRule, Move, MoveList, Position,
    Repetition,
};

/// The sizes of a board's ordering tables: squares, history origins (squares plus drop
/// kinds), coloured piece kinds (as they stand after a move) and kinds that can be captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dims {
    /// Squares of the board.
    pub cells: usize,
    /// Origins of a move: the squares, then one per droppable kind.
    pub origins: usize,
    /// Coloured piece kinds.
    pub pieces: usize,
    /// Piece kinds (a capture's victim).
    pub kinds: usize,
}

impl Dims {
    /// 9x9 shogi's: 81 squares, 7 drop kinds, 2 x 14 piece kinds.
    pub const SHOGI: Dims = Dims {
        cells: 81,
        origins: 88,
        pieces: 28,
        kinds: 14,
    };
}

/// What an entering-king declaration gives the side to move at the root.
pub enum Declare<M> {
    /// It wins now (`bestmove win`).
    Win,
    /// This move wins (a try rule).
    Try(M),
}

/// A board the search can play on.
pub trait SearchBoard: Clone + Send + Sized + 'static {
    /// A move.
    type Move: Copy + Eq + Send + Sync + std::fmt::Debug + 'static;
    /// The staged move picker.
    type Picker: Picker<Self>;

    /// The most plies quiescence search goes below the horizon (the large variants' long-range
    /// captures would make a full capture search explode).
    const QSEARCH_PLIES: i32;
    /// The pruning margins' scale for this position's evaluation, percent (they were tuned
    /// for 9x9's).
    fn margin_percent(&self) -> i32;

    /// The sizes of this board's ordering tables.
    fn dims(&self) -> Dims;
    /// The position's Zobrist key.
    fn key(&self) -> u64;
    /// Who moves.
    fn side_to_move(&self) -> Color;
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// Makes `m`, a legal move.
    fn make_move(&mut self, m: Self::Move);
    /// Takes back `m`, the last move made.
    fn unmake_move(&mut self, m: Self::Move);
    /// Passes (null-move pruning); never in check.
    fn make_null_move(&mut self);
    /// Takes back the pass.
    fn unmake_null_move(&mut self);
    /// Whether a pass may be tried here: a real move came before it.
    fn may_pass(&self) -> bool;
    /// Whether `m` gives check.
    fn gives_check(&mut self, m: Self::Move) -> bool;
    /// Whether `m` captures.
    fn is_capture(&self, m: Self::Move) -> bool;
    /// Whether `m` promotes.
    fn is_promotion(m: Self::Move) -> bool;
    /// The kind `m` captures (for the capture history), if it captures.
    fn captured_kind(&self, m: Self::Move) -> Option<usize>;
    /// The coloured kind of the piece `m` moves, as it stands after the move, and where it goes.
    fn moved_piece(&self, m: Self::Move) -> (usize, usize);
    /// The history's origin (a square, or the cells plus a dropped kind) and destination of
    /// `m`.
    fn history_squares(&self, m: Self::Move) -> (usize, usize);
    /// Whether `m` wins at least `threshold` by static exchange.
    fn see_ge(&mut self, m: Self::Move, threshold: Value) -> bool;
    /// What a capture can win at most (the victim and, with drops, it in hand), for delta
    /// pruning; `None` when `m` captures nothing.
    fn capture_gain(&self, m: Self::Move) -> Option<Value>;
    /// A repetition of the game or the line, or another end of the game before any move is
    /// made here (the variants' captured royal, bare king); scanning `plies` back.
    fn repetition(&self, plies: usize) -> Option<Repetition>;
    /// Whether the side to move has lost already (its royal piece is gone).
    fn lost(&self) -> bool {
        false
    }
    /// An entering-king declaration the side to move can make.
    fn declaration(&self, _rule: EnteringKingRule) -> Option<Declare<Self::Move>> {
        None
    }
    /// A mate in one, if the board has a fast probe for it.
    fn mate_in_one(&mut self) -> Option<Self::Move> {
        None
    }
    /// A mate in three within `budget` nodes, if the board has a probe for it.
    fn mate_in_three(&mut self, _budget: u32, _escapes: u32) -> Option<Self::Move> {
        None
    }
    /// The static evaluation for the side to move.
    fn evaluate(&self, weights: &Weights) -> Value;
    /// Material only, for the side to move (`Eval_Form` off).
    fn evaluate_material(&self) -> Value;
    /// The moves searched at the root: the legal moves, and with `all` also the
    /// non-promotions the search leaves out (a user may name one in `searchmoves`).
    fn root_moves(&mut self, all: bool) -> Vec<Self::Move>;
    /// `m` in the protocol's notation.
    fn move_text(&self, m: Self::Move) -> String;
    /// `m` as stored in the transposition table (never 0); a picker checks a stored move for
    /// legality before it is played.
    fn encode(m: Self::Move) -> u16;
}

/// A staged move picker for board `B`.
pub trait Picker<B: SearchBoard>: Sized {
    /// A picker for a main-search node; `refutations` are the two killers and the countermove.
    fn main(pos: &mut B, tt_move: Option<u16>, refutations: [Option<B::Move>; 3]) -> Self;
    /// A picker for a quiescence node: captures (and with `checks`, quiet checks that do not
    /// lose material), or every evasion when in check.
    fn quiescence(pos: &mut B, tt_move: Option<u16>, checks: bool) -> Self;
    /// The table's move this picker hands out first, if it is legal here.
    fn tt_move(&self) -> Option<B::Move>;
    /// The next move, or `None` when every move has been handed out (the board is handed over
    /// mutably so that a picker of pseudo-legal moves can try each before handing it out).
    fn next(&mut self, pos: &mut B, ordering: &OrderingContext) -> Option<B::Move>;
}

impl SearchBoard for Position {
    type Move = Move;
    type Picker = MovePicker;
    const QSEARCH_PLIES: i32 = i32::MAX;

    #[inline(always)]
    fn margin_percent(&self) -> i32 {
        100
    }

    #[inline(always)]
    fn dims(&self) -> Dims {
        Dims::SHOGI
    }
    #[inline(always)]
    fn key(&self) -> u64 {
        Position::key(self)
    }
    #[inline(always)]
    fn side_to_move(&self) -> Color {
        Position::side_to_move(self)
    }
    #[inline(always)]
    fn in_check(&self) -> bool {
        Position::in_check(self)
    }
    #[inline(always)]
    fn make_move(&mut self, m: Move) {
        Position::make_move(self, m)
    }
    #[inline(always)]
    fn unmake_move(&mut self, m: Move) {
        Position::unmake_move(self, m)
    }
    #[inline(always)]
    fn make_null_move(&mut self) {
        Position::make_null_move(self)
    }
    #[inline(always)]
    fn unmake_null_move(&mut self) {
        Position::unmake_null_move(self)
    }
    #[inline(always)]
    fn may_pass(&self) -> bool {
        self.last_move().is_some()
    }
    #[inline(always)]
    fn gives_check(&mut self, m: Move) -> bool {
        Position::gives_check(self, m)
    }
    #[inline(always)]
    fn is_capture(&self, m: Move) -> bool {
        !m.is_drop() && self.piece_on(m.to()).is_some()
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
        self.piece_on(m.to()).map(|p| p.kind().index())
    }
    #[inline(always)]
    fn moved_piece(&self, m: Move) -> (usize, usize) {
        super::ordering::moved_piece(self, m)
    }
    #[inline(always)]
    fn history_squares(&self, m: Move) -> (usize, usize) {
        let origin = if m.is_drop() {
            81 + m.drop_kind().index()
        } else {
            m.from().index()
        };
        (origin, m.to().index())
    }
    #[inline(always)]
    fn see_ge(&mut self, m: Move, threshold: Value) -> bool {
        see_ge(self, m, threshold)
    }
    #[inline(always)]
    fn capture_gain(&self, m: Move) -> Option<Value> {
        self.piece_on(m.to())
            .map(|victim| PIECE_VALUE[victim.kind().index()] * 2)
    }
    #[inline(always)]
    fn repetition(&self, plies: usize) -> Option<Repetition> {
        Position::repetition(self, plies)
    }
    #[inline(always)]
    fn declaration(&self, rule: EnteringKingRule) -> Option<Declare<Move>> {
        match Position::declaration(self, rule)? {
            Declaration::Win => Some(Declare::Win),
            Declaration::TryMove(m) => Some(Declare::Try(m)),
        }
    }
    #[inline(always)]
    fn mate_in_one(&mut self) -> Option<Move> {
        mate_in_one(self)
    }
    #[inline(always)]
    fn mate_in_three(&mut self, budget: u32, escapes: u32) -> Option<Move> {
        mate_in_three(self, budget, escapes)
    }
    #[inline(always)]
    fn evaluate(&self, weights: &Weights) -> Value {
        evaluate_with(self, weights)
    }
    #[inline(always)]
    fn evaluate_material(&self) -> Value {
        evaluate_material(self)
    }
    fn root_moves(&mut self, all: bool) -> Vec<Move> {
        let mut list = MoveList::new();
        if all {
            generate_all(self, &mut list);
        } else {
            generate_legal(self, &mut list);
        }
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
