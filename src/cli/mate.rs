//! `hisha mate`: a mate by continuous checks for the side to move, within a time if given.

use super::{shogi_position, CliError};
use crate::search::mate::{mate_search, MateOutcome};
use crate::search::{MateLimit, SearchControl};
use std::io::{self, Write};
use std::time::Instant;

/// Solves `sfen`, giving up after `time` ms if given.
pub(super) fn run(sfen: &str, time: Option<u64>) -> Result<(), CliError> {
    let mut pos = shogi_position(Some(sfen))?;
    let limit = time.map_or(MateLimit::Infinite, MateLimit::Millis);
    let control = SearchControl::new();
    let start = Instant::now();
    let mut out = io::stdout().lock();
    match mate_search(&mut pos, limit, &control) {
        MateOutcome::Mate(line) => {
            let text: Vec<String> = line.iter().map(|m| m.to_string()).collect();
            writeln!(out, "mate in {} plies: {}", line.len(), text.join(" "))?;
        }
        MateOutcome::NoMate => writeln!(out, "no mate")?,
        MateOutcome::Unknown => writeln!(out, "unknown (time limit reached)")?,
    }
    eprintln!("{:.3} s", start.elapsed().as_secs_f64());
    Ok(())
}
