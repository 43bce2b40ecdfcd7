//! What the search needs of a board: the one trait that every game the engine plays implements
//! (9x9 shogi's `ShogiBoard` in `shogi.rs`, the variants' `VBoard` in `variant.rs`), so that one
//! search code path (`negamax`, `deepening`, `smp`) serves them all. This file holds the traits
//! alone; each board, with its move picker, lives in its own file.
//!
//! The search is generic over `SearchBoard` and monomorphised per board: 9x9 shogi pays nothing
//! for the variants (its constants fold, its calls inline). What differs between boards sits
//! behind the trait: making and unmaking moves, the staged move picker, SEE, the evaluation,
//! repetitions and the other ends of a game, the mate probes and the entering-king declaration
//! (9x9 only), and the 16-bit code a move is stored under in the transposition table. A board
//! carries what its rules and evaluation need (9x9's weights and entering-king rule, a
//! variant's evaluation and game history), so no method takes an argument a board ignores.

pub use super::ordering::Dims;
use super::ordering::OrderingContext;
use crate::color::Color;
use crate::eval::Value;
use crate::shogi::Repetition;

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
    /// Late-move pruning's base count of quiet moves (`LMP_BASE` on 9x9's board): a board
    /// with more moves a position keeps more of them.
    fn late_move_base(&self) -> usize;
    /// Whether the shallow pruning (late-move, continuation history, futility, SEE) leaves the
    /// quiet move `m` alone: none on 9x9's board.
    #[inline]
    fn keeps_from_pruning(&self, _m: Self::Move) -> bool {
        false
    }

    /// Whether `m`, just made, left its piece able to win material by a capture (a threat
    /// the reply must meet): such a move is reduced a ply less. None on 9x9's board.
    #[inline]
    fn threatens(&mut self, _m: Self::Move) -> bool {
        false
    }

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
    /// A repetition of the game or the line by the board's rule, or another end of the game
    /// before any move is made here (the variants' captured royal, bare king).
    fn repetition(&self) -> Option<Repetition>;
    /// The moves played in the game so far (the SFEN move number less one).
    fn moves_played(&self) -> u32;
    /// Whether the side to move has lost already (its royal piece is gone).
    fn lost(&self) -> bool {
        false
    }
    /// An entering-king declaration the side to move can make under the board's rule.
    fn declaration(&self) -> Option<Declare<Self::Move>> {
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
    /// The static evaluation for the side to move, by the board's own evaluation.
    fn evaluate(&self) -> Value;
    /// Material only, for the side to move (`Eval_Form` off).
    fn evaluate_material(&self) -> Value;
    /// What identifies the evaluation this board uses: evaluations cached by position key are
    /// kept between searches while it stays the same.
    fn evaluation_id(&self) -> usize;
    /// Every legal move, including those the search leaves out because another move always
    /// beats them (a user may name one in `searchmoves`).
    fn legal_moves(&mut self) -> Vec<Self::Move>;
    /// The moves the search plays at the root: the legal moves, less those another move
    /// always beats (9x9's non-promotions of bishop, rook and pawn).
    fn root_moves(&mut self) -> Vec<Self::Move> {
        self.legal_moves()
    }
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
    /// A picker for a quiescence node: captures, or every evasion when in check.
    fn quiescence(pos: &mut B, tt_move: Option<u16>) -> Self;
    /// The table's move this picker hands out first, if it is legal here.
    fn tt_move(&self) -> Option<B::Move>;
    /// The next move, or `None` when every move has been handed out (the board is handed over
    /// mutably so that a picker of pseudo-legal moves can try each before handing it out).
    fn next(&mut self, pos: &mut B, ordering: &OrderingContext) -> Option<B::Move>;
    /// Late-move pruning has begun: every quiet move from here on would be skipped unsearched
    /// but those the board keeps from pruning (`SearchBoard::keeps_from_pruning`), and a picker
    /// that hands out its quiet moves last may stop handing out the others. The other moves
    /// (promotions, losing captures) are still handed out: a picker that orders some of them
    /// among its quiet moves ignores it.
    fn skip_quiets(&mut self) {}
    /// Quiescence's delta pruning: from here on, a capture (not a promotion) whose
    /// `capture_gain` is below `floor` will be skipped by the search, so a picker that tests
    /// its captures' exchanges may skip them before testing. A picker may ignore it.
    fn skip_gains_below(&mut self, _floor: Value) {}
}
