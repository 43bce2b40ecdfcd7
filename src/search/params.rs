//! Every tunable of the search, named, in one place.

/// Deepest ply the search can reach (arrays are sized by it).
pub const MAX_PLY: usize = 128;
/// Deepest iteration.
pub const MAX_DEPTH: i32 = 100;
/// Default time kept back per move for the GUI and the pipe, ms.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 100;
/// Do not start a new iteration once this fraction of the optimum time is used.
pub const OPTIMUM_USE_FOR_NEXT_ITERATION: f32 = 0.6;
/// Each change of best move in the last iterations stretches the optimum by this fraction.
pub const INSTABILITY_STRETCH: f32 = 0.4;
/// Most the optimum is stretched by instability.
pub const MAX_INSTABILITY_SCALE: f32 = 2.0;
/// A best move unchanged for this many iterations is settled...
pub const SETTLED_ITERATIONS: u32 = 5;
/// ... and the optimum shrinks to this fraction.
pub const SETTLED_SCALE: f32 = 0.6;
/// First aspiration half-window, centipawns.
pub const ASPIRATION_DELTA: i32 = 40;
/// Aspiration windows start at this depth.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
/// Plies of game history (and tree) scanned for repetitions at each node.
pub const REPETITION_SCAN_PLIES: usize = 32;
/// Quiescence: skip captures that cannot lift the score to alpha even with this margin.
pub const DELTA_MARGIN: i32 = 400;
/// Check extensions stop beyond this multiple of the root depth (drops make checks cheap).
pub const CHECK_EXTENSION_PLY_FACTOR: usize = 2;
/// History bonus cap (the "gravity" divisor).
pub const HISTORY_MAX: i32 = 16384;
// The centipawn margins of reverse futility, razoring and futility below, `DELTA_MARGIN` above
// and `NMP_EVAL_DIVISOR` follow the evaluation's scale: all doubled together for 994adaf's
// weights (self-play at fixed nodes: x1.5 +106 Elo over 200 games, x2 a further +58 over 200,
// x2.5 no better; docs/results.md, 0aec7ee).
/// Captures are ordered by the victim's value (16 per centipawn) plus the capture history
/// divided by this (the history's cap is then worth about five pawns of victim).
pub const CAPTURE_HISTORY_ORDER_DIVISOR: i32 = 2;
/// Reverse futility pruning: a node whose static eval beats beta by this per ply of depth is cut.
pub const RFP_MARGIN_PER_DEPTH: i32 = 240;
/// Reverse futility pruning applies up to this depth.
pub const RFP_MAX_DEPTH: i32 = 6;
/// Razoring: at depth <= RAZOR_MAX_DEPTH, a static eval this far below alpha (plus
/// RAZOR_MARGIN_PER_DEPTH_SQ * depth^2) goes straight to quiescence.
pub const RAZOR_MARGIN: i32 = 800;
/// See `RAZOR_MARGIN`.
pub const RAZOR_MARGIN_PER_DEPTH_SQ: i32 = 400;
/// See `RAZOR_MARGIN`.
pub const RAZOR_MAX_DEPTH: i32 = 2;
/// Futility pruning of quiet moves: skipped when static eval + FUTILITY_BASE +
/// FUTILITY_PER_DEPTH * (reduced depth) cannot reach alpha.
pub const FUTILITY_BASE: i32 = 240;
/// See `FUTILITY_BASE`.
pub const FUTILITY_PER_DEPTH: i32 = 220;
/// Futility pruning of quiet moves applies up to this reduced depth.
pub const FUTILITY_MAX_DEPTH: i32 = 7;
/// SEE pruning: quiet moves (drops included) losing more than this times the reduced depth
/// squared are skipped near the leaves...
pub const SEE_QUIET_MARGIN: i32 = 30;
/// ... and captures losing more than this per ply of depth.
pub const SEE_CAPTURE_MARGIN: i32 = 90;
/// SEE pruning applies up to this depth.
pub const SEE_PRUNING_MAX_DEPTH: i32 = 8;
/// Internal iterative reduction: a node with no TT move at this depth or more is searched a
/// ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;
/// LMR: each HISTORY_REDUCTION_DIVISOR of history score takes one ply off (or adds one).
pub const HISTORY_REDUCTION_DIVISOR: i32 = 8192;
/// Singular extensions: a TT move this deep or more is tested for being the only good move...
pub const SINGULAR_MIN_DEPTH: i32 = 8;
/// ... when the table searched it no more than this many plies shallower ...
pub const SINGULAR_TT_DEPTH_SLACK: i32 = 3;
/// ... against a bar this many centipawns per ply of depth below its stored value.
pub const SINGULAR_MARGIN_PER_DEPTH: i32 = 2;
/// Null-move pruning applies from this depth.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Null-move reduction: base plies, plus depth divided by this.
pub const NMP_BASE_REDUCTION: i32 = 3;
/// Null-move reduction grows by one ply per this many plies of depth.
pub const NMP_DEPTH_DIVISOR: i32 = 4;
/// Null-move reduction grows by one ply per this many centipawns of static eval above beta...
pub const NMP_EVAL_DIVISOR: i32 = 400;
/// ... by at most this many plies.
pub const NMP_EVAL_MAX_PLIES: i32 = 3;
/// Continuation-history pruning: a quiet move whose continuation scores after both of the last
/// two moves are negative is skipped when its reduced depth is below this.
pub const CONT_PRUNE_MAX_LMR_DEPTH: i32 = 3;
/// Late-move reductions apply from this depth.
pub const LMR_MIN_DEPTH: i32 = 3;
/// Late-move reductions apply from this move number (1-based) on.
pub const LMR_MIN_MOVE: usize = 3;
/// LMR: reduction = LMR_BASE + ln(depth) * ln(move number) / LMR_DIVISOR.
pub const LMR_BASE: f64 = 0.5;
/// See `LMR_BASE`.
pub const LMR_DIVISOR: f64 = 1.75;
/// Late-move pruning: at depth d <= LMP_MAX_DEPTH, quiet moves after LMP_BASE + d*d are skipped.
pub const LMP_MAX_DEPTH: i32 = 4;
/// See `LMP_MAX_DEPTH`.
pub const LMP_BASE: usize = 6;

/// Techniques that can be switched off, to measure what each is worth (USI options
/// `Search_NullMove`, `Search_LMR`, `Search_History`, `Search_CheckExtension`, `Search_Futility`,
/// `Search_Continuation`, `Search_SingularExtension`, `Search_MateInOne`, `Search_MateInThree`,
/// `Eval_Form`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// Butterfly history (quiet-move ordering and its updates).
    pub history: bool,
    /// One-ply extension for moves that give check without losing material (SEE).
    pub check_extension: bool,
    /// Near-leaf pruning: reverse futility, razoring, late-move, futility, continuation-history
    /// and SEE pruning of moves, and internal iterative reduction.
    pub futility: bool,
    /// The form terms of the evaluation (off: material only).
    pub form_eval: bool,
    /// Continuation history and countermoves.
    pub continuation: bool,
    /// Singular extensions (and multi-cut).
    pub singular_extension: bool,
    /// Mate-in-one detection at nodes without a table entry.
    pub mate_in_one: bool,
    /// Mate-in-three detection at such nodes near the leaves that reverse futility pruning has
    /// not ended, with `mate_in_one` on (`MATE3_MAX_DEPTH`; docs/results.md: +18 to +21 Elo at
    /// fixed nodes in 1,200 games).
    pub mate_in_three: bool,
}

impl Features {
    /// Number of switches (each a `bool` field; the engine declares an option for each).
    pub const SWITCHES: usize = 10;
}

// A new switch must be counted in `Features::SWITCHES` (and so get its option).
const _: () = assert!(std::mem::size_of::<Features>() == Features::SWITCHES);

impl Default for Features {
    fn default() -> Self {
        Features {
            null_move: true,
            lmr: true,
            history: true,
            check_extension: true,
            futility: true,
            form_eval: true,
            continuation: true,
            singular_extension: true,
            mate_in_one: true,
            mate_in_three: true,
        }
    }
}
/// Mate in three is looked for at nodes this deep or shallower (where a search would not see
/// it), after mate in one fails.
pub const MATE3_MAX_DEPTH: i32 = 1;
/// Replies a mate-in-three probe may examine (each costs a mate-in-one probe).
pub const MATE3_BUDGET: u32 = 64;
/// Mate in three is only looked for when the enemy king has at most this many free squares.
pub const MATE3_MAX_ESCAPES: u32 = 2;
/// Entries of each thread's evaluation cache (a power of two).
pub const EVAL_CACHE_ENTRIES: usize = 1 << 15;
/// Stack of a search thread (deep recursion with move lists on the stack).
pub const SEARCH_STACK_BYTES: usize = 64 * 1024 * 1024;
/// Nodes between two looks at the clock and the stop flag (a power of two).
pub const ABORT_CHECK_INTERVAL: u64 = 256;
