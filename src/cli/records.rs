//! `hisha convert` and `hisha show`: game records between formats, and a record's moves and
//! positions at a terminal.

use super::CliError;
use crate::notation::board::BoardStyle;
use crate::notation::western::WesternStyle;
use crate::record::{self, Encoding, Format, GameRecord, Read};
use crate::shogi::display::picture;
use crate::shogi::western::write_western;
use crate::shogi::{handicap_names, handicap_position, Position};
use std::io::{self, Read as _, Write};

/// The arguments of `hisha convert`.
#[derive(clap::Args)]
pub struct ConvertArgs {
    /// The record to read (`-`: standard input).
    input: String,
    /// The record to write (`-`: standard output).
    output: String,
    /// The input's format: kif, ki2, csa, jkf, usi, western (default: from its extension, else
    /// its text).
    #[arg(long)]
    from: Option<String>,
    /// The output's format: kif, ki2, csa (V2.2), csa3 (V3.0), jkf, usi, western (default: from its
    /// extension).
    #[arg(long)]
    to: Option<String>,
    /// The output's encoding: utf8 or sjis (default: Shift_JIS for .kif and .ki2 files, UTF-8
    /// for the rest, for .kifu and .ki2u, and on standard output).
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
    #[arg(required_unless_present = "position", conflicts_with = "position")]
    record: Option<String>,
    /// Show a USI position text instead (`startpos moves 7g7f`, `sfen ...`).
    #[arg(long)]
    position: Option<String>,
    /// The record's format (default: from its extension, else its text).
    #[arg(long)]
    from: Option<String>,
    /// Show the position after this many moves (default: the last).
    #[arg(long)]
    ply: Option<usize>,
    /// The board's style: kif (a KIF diagram, the default), standard, alternate, small or
    /// email (the network shogi server's three and the correspondence e-mail board).
    #[arg(long, default_value = "kif")]
    style: String,
    /// Turn the board for White.
    #[arg(long)]
    flip: bool,
    /// The moves' notation: usi (the default), hodges (`P-7f`), email (`P7f`, `P'8f`) or
    /// server (`7g-7f`).
    #[arg(long, default_value = "usi")]
    notation: String,
}

/// The arguments of `hisha handicap`.
#[derive(clap::Args)]
pub struct HandicapArgs {
    /// The handicap: a name (rook, 2p, 飛車落ち, ...) or the server's syntax (`RL`, `8b,1a`,
    /// `8b=G`, combined with commas); none: list the names.
    spec: Option<String>,
    /// The board's style (as `hisha show`'s).
    #[arg(long, default_value = "kif")]
    style: String,
    /// Turn the board for White.
    #[arg(long)]
    flip: bool,
}

/// `pos` drawn in the style named `style` (`kif` or a `BoardStyle`).
fn board(pos: &Position, style: &str, flip: bool) -> Result<String, CliError> {
    if style.eq_ignore_ascii_case("kif") {
        if flip {
            return Err(CliError::Input(
                "the KIF diagram is not turned: --flip needs another --style".into(),
            ));
        }
        return Ok(GameRecord::diagram(pos));
    }
    let style = BoardStyle::from_name(style).ok_or_else(|| {
        CliError::Input(format!(
            "unknown board style {} (kif, standard, alternate, small, email)",
            record::quote(style)
        ))
    })?;
    Ok(picture(pos, style, flip))
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
pub(super) fn load(path: &str, from: Option<&str>) -> Result<Read, CliError> {
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
    let utf8_name = matches!(
        args.to.as_deref().map(str::to_ascii_lowercase).as_deref(),
        Some("kifu" | "ki2u")
    );
    let encoding = match args
        .encoding
        .as_deref()
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        // Standard output and the UTF-8 names get UTF-8.
        None if args.output == "-" || utf8_name => Encoding::Utf8,
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
    let read = match (&args.record, &args.position) {
        (_, Some(text)) => record::read(text.as_bytes(), Some(Format::Usi))
            .map_err(|e| CliError::Input(e.to_string()))?,
        (Some(path), None) => load(path, args.from.as_deref())?,
        (None, None) => return Err(CliError::Input("a record or --position is needed".into())),
    };
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
    let style = match args.notation.to_ascii_lowercase().as_str() {
        "usi" => None,
        name => Some(WesternStyle::from_name(name).ok_or_else(|| {
            CliError::Input(format!(
                "unknown notation {} (usi, hodges, email, server)",
                record::quote(name)
            ))
        })?),
    };
    let mut pos = game.start.clone();
    for (i, m) in game.moves.iter().enumerate() {
        let text = match style {
            None => m.mv.to_string(),
            Some(style) => write_western(&pos, m.mv, style),
        };
        pos.make_move(m.mv);
        write!(out, "{:>4} {text}", i + 1)?;
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
    write!(out, "{}", board(&pos, &args.style, args.flip)?)?;
    writeln!(out, "sfen {}", pos.to_sfen())?;
    Ok(())
}

/// `hisha handicap SPEC`: the handicap's start position as SFEN (for `position sfen` in USI)
/// and as a board; without SPEC the named handicaps.
pub(super) fn handicap(args: HandicapArgs) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    let Some(spec) = &args.spec else {
        for names in handicap_names() {
            writeln!(out, "{names}")?;
        }
        return Ok(());
    };
    let pos = handicap_position(spec).map_err(|e| CliError::Input(e.to_string()))?;
    writeln!(out, "sfen {}", pos.to_sfen())?;
    write!(out, "{}", board(&pos, &args.style, args.flip)?)?;
    Ok(())
}
