//! `bench`: fixed positions, fixed depth, one thread, fixed hash, a fresh table for each
//! position. It prints `Nodes searched: N`, the search signature that commits changing search
//! behaviour quote as `Bench: N`, and the speed.
//!
//! It builds its search from `search` alone, with the options every search starts with, so its
//! signature is the search's, whatever the engine's settings.

use crate::search::tt::TranspositionTable;
use crate::search::{Limits, SearchControl, SearchOptions, Searcher, ShogiBoard};
use crate::shogi::Position;
use std::sync::Arc;
use std::time::Instant;

/// Depth of the default bench.
pub const DEFAULT_DEPTH: u32 = 10;
/// Hash of the bench, MiB.
pub const HASH_MB: usize = 16;

/// The bench positions (compiled in, so the binary runs from any directory).
pub const POSITIONS: &str = include_str!("../positions/bench.sfen");

/// The SFENs of the bench set.
pub fn positions() -> impl Iterator<Item = &'static str> {
    POSITIONS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// What a bench run measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes searched over all positions: the signature.
    pub nodes: u64,
    /// Wall time, ms.
    pub time_ms: u64,
    /// Whether `control` stopped it before the last position.
    pub stopped: bool,
}

/// Runs the bench to `depth`, giving each line of its report to `line` as it comes; `control`
/// can stop it between and within positions.
pub fn run(depth: u32, control: Arc<SearchControl>, line: &mut dyn FnMut(String)) -> BenchResult {
    let tt = Arc::new(TranspositionTable::new(HASH_MB));
    let mut searcher = Searcher::new(tt.clone(), control.clone());
    let options = SearchOptions::default();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut total = 0u64;
    let mut stopped = false;
    let start = Instant::now();
    for (i, sfen) in positions().enumerate() {
        if control.stopped() {
            stopped = true;
            line(format!("bench stopped after {i} positions"));
            break;
        }
        tt.clear();
        searcher.new_game();
        let pos = Position::from_sfen(sfen).expect("bench positions are valid");
        let r = searcher.search(&mut ShogiBoard::new(pos), &limits, &options, &mut |_| {});
        total += r.nodes;
        let best = r.best.map_or("resign".to_string(), |m| m.to_string());
        line(format!(
            "position {:>2}: nodes {:>10} bestmove {best:<6} score {}",
            i + 1,
            r.nodes,
            r.score
        ));
    }
    let ms = start.elapsed().as_millis().max(1) as u64;
    line(format!("Total time (ms) : {ms}"));
    line(format!("Nodes searched  : {total}"));
    line(format!(
        "Nodes/second    : {}",
        total.saturating_mul(1000) / ms
    ));
    BenchResult {
        nodes: total,
        time_ms: ms,
        stopped,
    }
}
