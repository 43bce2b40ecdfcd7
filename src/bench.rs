//! `bench`: fixed positions, fixed depth, one thread, fixed hash, a fresh table for each
//! position. It prints `Nodes searched: N`, the search signature that commits changing search
//! behaviour quote as `Bench: N`, and the speed.

use crate::engine::Engine;
use crate::search::Limits;
use crate::usi::UsiEngine;
use std::fmt::Write;
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

/// Runs the bench and returns its report.
pub fn run(depth: Option<u32>) -> String {
    let depth = depth.unwrap_or(DEFAULT_DEPTH);
    let mut engine = Engine::new();
    engine
        .set_option("USI_Hash", Some(&HASH_MB.to_string()))
        .expect("valid hash size");
    engine.set_option("Threads", Some("1")).expect("valid");
    engine.is_ready();
    let mut out = String::new();
    let mut total = 0u64;
    let start = Instant::now();
    for (i, sfen) in positions().enumerate() {
        engine.new_game();
        engine
            .set_position(sfen, &[])
            .expect("bench positions are valid");
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let r = engine.search_blocking(&limits, &mut |_| {});
        total += r.nodes;
        let best = r.best.map_or("resign".to_string(), |m| m.to_string());
        let _ = writeln!(
            out,
            "position {:>2}: nodes {:>10} bestmove {best:<6} score {}",
            i + 1,
            r.nodes,
            r.score
        );
    }
    let ms = start.elapsed().as_millis().max(1) as u64;
    let _ = writeln!(out, "Total time (ms) : {ms}");
    let _ = writeln!(out, "Nodes searched  : {total}");
    let _ = writeln!(out, "Nodes/second    : {}", total * 1000 / ms);
    out
}
