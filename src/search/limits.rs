//! What a search is asked: the limits of one `go` command (plain data shared by the USI parser
//! and the search) and the standing options of every search.

use super::params::{Features, DEFAULT_MOVE_OVERHEAD_MS};
use crate::eval::Value;

/// Limits of one search. Every field left at its default means "no limit of this kind".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Remaining main time in ms, by colour index (Black = `btime`, White = `wtime`).
    pub time: [Option<u64>; 2],
    /// Fischer increment in ms, by colour index.
    pub inc: [u64; 2],
    /// Byoyomi in ms (one value for both sides, as USI has).
    pub byoyomi: u64,
    /// Search exactly this long, in ms.
    pub movetime: Option<u64>,
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder: search until `ponderhit` (then the clock applies) or `stop`.
    pub ponder: bool,
    /// Restrict the root to these moves (USI text).
    pub searchmoves: Vec<String>,
    /// When the command arrived: the GUI's clock started then, not when the search did.
    pub received: Option<std::time::Instant>,
    /// A clock word (`btime`, `wtime`, `byoyomi`, `binc`, `winc`) was given, even with a zero
    /// or unreadable value: the search is on the clock (`go byoyomi 0` moves at once instead
    /// of searching for ever).
    pub clock_given: bool,
}

impl Limits {
    /// Whether any clock information was given.
    pub fn has_clock(&self) -> bool {
        self.clock_given
            || self.time.iter().any(Option::is_some)
            || self.byoyomi > 0
            || self.inc.iter().any(|&i| i > 0)
    }

    /// Whether the search may stop on its own (not infinite, not waiting for ponderhit).
    pub fn is_bounded(&self) -> bool {
        !self.infinite
            && (self.has_clock()
                || self.movetime.is_some()
                || self.depth.is_some()
                || self.nodes.is_some())
    }
}

/// A `go mate` request: a time limit in ms, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateLimit {
    /// Give up after this many ms.
    Millis(u64),
    /// Search until found, proven impossible, or stopped.
    Infinite,
}

/// Search settings that are not per-move limits. What belongs to a game's rules or evaluation
/// (9x9's weights and entering-king rule) is the board's (`SearchBoard`).
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// Lines to report (1 = normal play).
    pub multipv: usize,
    /// Time kept back each move for the GUI and the pipe, ms.
    pub move_overhead_ms: u64,
    /// Search threads (Lazy SMP): this one plus `threads - 1` helpers sharing the table.
    pub threads: usize,
    /// Techniques switched on.
    pub features: Features,
    /// How much worse than 0 a draw is for the side searching, centipawns.
    pub contempt: Value,
    /// A game that has reached this many moves without a mate is a draw (0: no limit), as
    /// tournaments and the CSA server's 256-move rule have it.
    pub max_moves_to_draw: u32,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            multipv: 1,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            threads: 1,
            features: Features::default(),
            contempt: 0,
            max_moves_to_draw: 0,
        }
    }
}
