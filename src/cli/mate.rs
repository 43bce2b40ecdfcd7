//! `hisha mate`: a mate by continuous checks for the side to move (df-pn, `search::dfpn`), within
//! a time if given.

use super::{shogi_position, CliError};
use crate::search::dfpn::table::MateTable;
use crate::search::dfpn::{solve_mate, MateOutcome};
use crate::search::{MateLimit, SearchControl};
use std::io::{self, Write};

/// Solves `sfen`, giving up after `time` ms if given, with a table of `hash_mb` MiB.
pub(super) fn run(sfen: &str, time: Option<u64>, hash_mb: usize) -> Result<(), CliError> {
    let mut pos = shogi_position(Some(sfen))?;
    let limit = time.map_or(MateLimit::Infinite, MateLimit::Millis);
    let control = SearchControl::new();
    let mut table = MateTable::new(hash_mb);
    let (answer, p) = solve_mate(&mut pos, limit, &control, &mut table, &mut |p| {
        eprintln!(
            "{} nodes, {:.1} s, table {} per mille",
            p.nodes,
            p.ms as f64 / 1000.0,
            p.fill
        );
    });
    let mut out = io::stdout().lock();
    match answer {
        MateOutcome::Mate(line) => {
            let text: Vec<String> = line.iter().map(|m| m.to_string()).collect();
            writeln!(out, "mate in {} plies: {}", line.len(), text.join(" "))?;
        }
        MateOutcome::NoMate => writeln!(out, "no mate")?,
        MateOutcome::Unknown => writeln!(out, "unknown (time limit reached)")?,
    }
    if p.proof_nodes > 0 {
        eprintln!(
            "proved in {:.3} s, {} nodes",
            p.proof_ms as f64 / 1000.0,
            p.proof_nodes
        );
    }
    eprintln!(
        "{:.3} s, {} nodes, {} nodes/s",
        p.ms as f64 / 1000.0,
        p.nodes,
        p.nodes * 1000 / p.ms.max(1)
    );
    Ok(())
}
