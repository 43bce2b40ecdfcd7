//! `hisha convert` and `hisha show`: game records between formats, and a record's moves and
//! positions at a terminal.

use super::CliError;
use crate::record::{self, Encoding, Format, GameRecord, Read};
use std::io::{self, Read as _, Write};

/// The arguments of `hisha convert`.
#[derive(clap::Args)]
pub struct ConvertArgs {
    /// The record to read (`-`: standard input).
    input: String,
    /// The record to write (`-`: standard output).
    output: String,
    /// The input's format: kif, ki2, csa, jkf, usi (default: from its extension, else its text).
    #[arg(long)]
    from: Option<String>,
    /// The output's format: kif, ki2, csa (V2.2), csa3 (V3.0), jkf, usi (default: from its
    /// extension).
    #[arg(long)]
    to: Option<String>,
    /// The output's encoding: utf8 or sjis (default: Shift_JIS for .kif and .ki2, UTF-8 for
    /// the rest and for .kifu and .ki2u).
    #[arg(long)]
    encoding: Option<String>,
    /// Write the moves read before a fault (an illegal move, a truncated file) instead of
    /// failing.
    #[arg(long)]
    partial: bool,
}

/// The arguments of `hisha show`.
#[derive(clap::Args)]
pub struct ShowArgs {
    /// The record to show (`-`: standard input).
    record: String,
    /// The record's format (default: from its extension, else its text).
    #[arg(long)]
    from: Option<String>,
    /// Show the position after this many moves (default: the last).
    #[arg(long)]
    ply: Option<usize>,
}

fn format_named(name: &str) -> Result<Format, CliError> {
    Format::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        CliError::Input(format!(
            "unknown record format {} (known: {})",
            record::quote(name),
            names.join(", ")
        ))
    })
}

/// The bytes of `path` (`-`: standard input).
fn read_input(path: &str) -> Result<Vec<u8>, CliError> {
    let mut bytes = Vec::new();
    if path == "-" {
        io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::Read("standard input".into(), e))?;
    } else {
        bytes = std::fs::read(path).map_err(|e| CliError::Read(path.into(), e))?;
    }
    Ok(bytes)
}

/// Reads the record at `path`, its format by `from`, else its extension, else its text.
fn load(path: &str, from: Option<&str>) -> Result<Read, CliError> {
    let format = match from {
        Some(name) => Some(format_named(name)?),
        None => Format::from_path(path),
    };
    let bytes = read_input(path)?;
    record::read(&bytes, format).map_err(|e| CliError::Input(format!("{path}: {e}")))
}

/// `hisha convert IN OUT`.
pub(super) fn convert(args: ConvertArgs) -> Result<(), CliError> {
    let format = match args.to.as_deref() {
        Some(name) => format_named(name)?,
        None => Format::from_path(&args.output).ok_or_else(|| {
            CliError::Input(format!(
                "cannot tell the output's format from {}: give --to",
                record::quote(&args.output)
            ))
        })?,
    };
    let encoding = match args
        .encoding
        .as_deref()
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        None => format.default_encoding(Some(&args.output)),
        Some("utf8" | "utf-8") => Encoding::Utf8,
        Some("sjis" | "shift_jis" | "shift-jis" | "cp932") => Encoding::ShiftJis,
        Some(other) => {
            return Err(CliError::Input(format!(
                "unknown encoding {} (utf8 or sjis)",
                record::quote(other)
            )))
        }
    };
    let read = load(&args.input, args.from.as_deref())?;
    if let Some(e) = &read.error {
        if !args.partial {
            return Err(CliError::Input(format!(
                "{}: {e} (the {} moves before it can be kept with --partial)",
                args.input,
                read.game.moves.len()
            )));
        }
        eprintln!(
            "{}: {e}; writing the {} moves before it",
            args.input,
            read.game.moves.len()
        );
    }
    let bytes = read
        .game
        .write(format, encoding)
        .map_err(|e| CliError::Failed(e.to_string()))?;
    if args.output == "-" {
        io::stdout().lock().write_all(&bytes)?;
    } else {
        std::fs::write(&args.output, bytes).map_err(|e| CliError::Write(args.output.clone(), e))?;
    }
    Ok(())
}

/// `hisha show RECORD`: the players, the moves (USI, with times and comments), the ending and
/// the board after `--ply` moves.
pub(super) fn show(args: ShowArgs) -> Result<(), CliError> {
    let read = load(&args.record, args.from.as_deref())?;
    let game: &GameRecord = &read.game;
    let mut out = io::stdout().lock();
    if let Some(e) = &read.error {
        writeln!(out, "# {e}; the moves before it follow")?;
    }
    writeln!(
        out,
        "black: {}\nwhite: {}\nstart: {}",
        game.black.as_deref().unwrap_or("-"),
        game.white.as_deref().unwrap_or("-"),
        game.start.to_sfen()
    )?;
    for (i, m) in game.moves.iter().enumerate() {
        write!(out, "{:>4} {}", i + 1, m.mv)?;
        if let Some(ms) = m.time_ms {
            write!(out, " ({}.{:03} s)", ms / 1000, ms % 1000)?;
        }
        if let Some(c) = &m.comment {
            write!(out, "  * {}", c.replace('\n', " / "))?;
        }
        writeln!(out)?;
    }
    writeln!(
        out,
        "ending: {}",
        game.ending.as_deref().unwrap_or("not recorded")
    )?;
    let ply = args.ply.unwrap_or(game.moves.len());
    if ply > game.moves.len() {
        return Err(CliError::Input(format!(
            "--ply {ply}: the record has {} moves",
            game.moves.len()
        )));
    }
    let pos = game.position_at(ply);
    writeln!(out, "\nafter {ply} moves:")?;
    write!(out, "{}", GameRecord::diagram(&pos))?;
    writeln!(out, "sfen {}", pos.to_sfen())?;
    Ok(())
}
