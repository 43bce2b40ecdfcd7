//! `hisha pieces`: the piece catalogue, every piece of a variant (default: all) with its codes,
//! names, promotion and moves in Betza's notation, or one piece's move diagram.

use super::{variant, CliError};
use crate::variant::{catalogue, custom, diagram, VariantId};
use std::io::{self, Write};

/// The diagram of the piece `name` (of `variant_name`'s pieces first), or the pieces of
/// `variant_name` (none: every variant), or with `definition` that variant as a game definition
/// (`VariantPath`'s format).
pub(super) fn run(
    name: Option<&str>,
    variant_name: Option<&str>,
    definition: bool,
) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    if let (true, Some(v)) = (definition, variant_name) {
        let id = variant(v)?;
        // Under a name of its own: a built-in game's name cannot be defined again.
        write!(
            out,
            "{}",
            custom::definition(id, &format!("{}-copy", id.name()))
        )?;
        return Ok(());
    }
    if let Some(name) = name {
        // A game's own pieces first (taikyoku's share codes with other games' pieces).
        let own =
            match variant_name {
                Some(v) => variant(v)?.rules().kinds.iter().map(|k| k.piece).find(|p| {
                    p.code.eq_ignore_ascii_case(name) || p.name.eq_ignore_ascii_case(name)
                }),
                None => None,
            };
        let p = own.or_else(|| catalogue::lookup(name)).ok_or_else(|| {
            CliError::Input(format!(
                "no piece {name:?} in the catalogue (`hisha pieces` lists them)"
            ))
        })?;
        let romaji = if p.romaji.is_empty() {
            String::new()
        } else {
            format!(" ({})", p.romaji)
        };
        writeln!(out, "{}{romaji}, {}: {}", p.name, p.code, p.xbetza())?;
        if p.royal {
            writeln!(out, "royal")?;
        }
        // Wide enough for slides and for leaps of three squares (the lion dog's).
        let size = if p.betza.contains(['R', 'B', 'Q', 'H', 'C', 'Z', 'G']) {
            9
        } else {
            5
        };
        write!(out, "{}", diagram::diagram(p, size))?;
        if !p.special.describe().is_empty() {
            writeln!(out, "!: {}", p.special.describe())?;
        }
        return Ok(());
    }
    let variants: Vec<VariantId> = match variant_name {
        Some(v) => vec![variant(v)?],
        None => VariantId::ALL.to_vec(),
    };
    for v in variants {
        let r = v.rules();
        writeln!(out, "{} ({}x{}):", r.name, r.files, r.ranks)?;
        for k in &r.kinds {
            let promotes = k
                .promotes_to
                .map(|p| format!(" -> {}", r.kinds[p as usize].sfen.to_ascii_uppercase()))
                .unwrap_or_default();
            let line = format!(
                "  {:<3} {:<4} {:<22} {:<18} {:<14}{}",
                k.sfen.to_ascii_uppercase(),
                k.piece.code,
                k.piece.name,
                k.piece.romaji,
                k.piece.xbetza(),
                promotes
            );
            writeln!(out, "{}", line.trim_end())?;
        }
    }
    Ok(())
}
