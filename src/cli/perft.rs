//! `hisha perft`: the leaves of the legal move tree, one line per first move, the total and the
//! speed; 9x9 shogi on its core, any other game on the variant machine.

use super::{shogi_position, variant, CliError};
use crate::variant::{perft_divide, VPosition, VariantId};
use std::io::{self, Write};
use std::time::Instant;

/// Perft of `sfen` (none: the start) of `variant_name` (none: shogi) to `depth`.
pub(super) fn run(
    depth: u32,
    sfen: Option<&str>,
    variant_name: Option<&str>,
) -> Result<(), CliError> {
    let id = variant_name.map_or(Ok(VariantId::Shogi), variant)?;
    let start = Instant::now();
    let split: Vec<(String, u64)> = if id == VariantId::Shogi {
        let mut pos = shogi_position(sfen)?;
        crate::shogi::perft_divide(&mut pos, depth.max(1))
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect()
    } else {
        let mut pos = match sfen {
            None => VPosition::start(id),
            Some(s) => VPosition::from_sfen(id, s).map_err(|e| CliError::Input(e.to_string()))?,
        };
        perft_divide(&mut pos, depth.max(1))
    };
    let secs = start.elapsed().as_secs_f64();
    let total: u64 = split.iter().map(|(_, n)| n).sum();
    let mut out = io::stdout().lock();
    for (m, n) in &split {
        writeln!(out, "{m}: {n}")?;
    }
    writeln!(out, "Nodes searched: {total}")?;
    writeln!(
        out,
        "Time: {:.3} s, {:.1} M leaves/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    )?;
    Ok(())
}
