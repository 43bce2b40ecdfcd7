//! The command line: `hisha` with no subcommand speaks USI (XBoard when the first command is
//! `xboard`); the subcommands serve a user at a terminal or a script. This file holds the clap
//! types and the dispatch; each subcommand is one call into its file here, which reads its
//! input, calls the layers below and writes what it has to say. Like `usi/` and `xboard/`, this
//! is a front end: it prints, the layers below never do.
//!
//! A subcommand's failure is a `CliError` that `main` reports and turns into the exit status;
//! output to a closed pipe (`hisha pieces | head`) ends the command quietly.

mod analyse;
mod book;
pub mod datagen;
mod mate;
mod perft;
mod pieces;
mod records;
pub mod selfplay;
pub mod tune;
pub mod tune_kp;

use crate::search::dfpn::Defence;
use clap::{Parser, Subcommand};
use std::fmt;
use std::io::{self, Write};

/// The command line.
#[derive(Parser)]
#[command(
    name = "hisha",
    version,
    about = "Hisha, a shogi engine. With no subcommand it speaks USI on stdin/stdout."
)]
pub struct Cli {
    #[command(subcommand)]
    /// The subcommand (none: USI).
    pub command: Option<Cmd>,
}

/// The subcommands.
#[derive(Subcommand)]
pub enum Cmd {
    /// Speak USI on stdin/stdout (the default).
    Usi,
    /// Search the bench positions to a fixed depth and print the node count signature.
    Bench {
        /// Search depth.
        #[arg(default_value_t = crate::bench::DEFAULT_DEPTH)]
        depth: u32,
    },
    /// Count the leaves of the legal move tree (one line per root move, then the total).
    Perft {
        /// Depth in plies.
        depth: u32,
        /// Position (default: the starting position).
        #[arg(long)]
        sfen: Option<String>,
        /// The variant (`hisha pieces` lists them; default: shogi, on the 9x9 core).
        #[arg(long)]
        variant: Option<String>,
        /// A file of game definitions to load first (docs/variants.md), whose games
        /// `--variant` may then name.
        #[arg(long)]
        variant_path: Option<String>,
    },
    /// The piece catalogue: every piece of a variant (default: all) with its codes, names,
    /// promotion and moves in Betza's notation, or one piece's move diagram.
    Pieces {
        /// A piece's code or English name: print its move diagram.
        name: Option<String>,
        /// Only the pieces of this variant.
        #[arg(long)]
        variant: Option<String>,
        /// Write the variant as a game definition, the format of `VariantPath` (a start for
        /// a game of one's own).
        #[arg(long, requires = "variant")]
        definition: bool,
        /// A file of game definitions to load first, whose games `--variant` may then name.
        #[arg(long)]
        variant_path: Option<String>,
    },
    /// Print the static evaluation of a position and its parts.
    Eval {
        /// Position (default: the starting position).
        #[arg(long)]
        sfen: Option<String>,
    },
    /// Look for a mate by continuous checks for the side to move.
    Mate {
        /// Position to solve.
        #[arg(required_unless_present = "file", conflicts_with = "file")]
        sfen: Option<String>,
        /// Solve every position of this file instead (one a line: SFEN, then optionally a tab
        /// and the expected length, `>N` or `nomate`); prints a line of figures a position and
        /// a summary by length, with a progress bar on a terminal.
        #[arg(long)]
        file: Option<String>,
        /// Give up after this many milliseconds, a position (default: no limit).
        #[arg(long)]
        time: Option<u64>,
        /// The solver's table, MiB.
        #[arg(long, default_value_t = 256)]
        hash: usize,
        /// Threads searching (sharing the table).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// Count as composed problems are judged: the defender takes a defence that leaves
        /// the attacker pieces in hand only where every defence does (their published
        /// lengths count so). Without it, the defender's longest resistance (a game's end).
        #[arg(long)]
        composed: bool,
    },
    /// Play games against itself at fixed nodes and write quiet positions with the results
    /// (the tuner's data: `sfen<TAB>result<TAB>score`, Black's point of view).
    Selfplay(selfplay::Args),
    /// Fit the learned king-piece table to `datagen` games and write it (src/eval/kp.bin).
    TuneKp(tune_kp::Args),
    /// Self-play games whose quiet positions a deeper search scores, kept as games (one line
    /// each: number, result, start, moves with scores): the learned evaluation's data.
    Datagen(datagen::Args),
    /// Opening books in the YaneuraOu format (`#YANEURAOU-DB2016 1.00`).
    Book {
        /// What to do with books.
        #[command(subcommand)]
        command: BookCmd,
    },
    /// Fit the evaluation's weights to self-play data and write them as the weights data file.
    Tune(tune::Args),
    /// Convert a game record between KIF, KI2, CSA (V2.2, V3.0), JKF, USI position text and
    /// Western notation, every move checked.
    Convert(records::ConvertArgs),
    /// Show a game record: the players, the moves, the ending, and the board after any move.
    Show(records::ShowArgs),
    /// A handicap's start position (SFEN and board), by name or the server's syntax.
    Handicap(records::HandicapArgs),
    /// Analyse a game record: every position searched, the record written back with the
    /// evaluation, the best line and the mistakes as comments, a summary and a picture.
    Analyse(analyse::AnalyseArgs),
}

/// The `book` subcommands.
#[derive(Subcommand)]
pub enum BookCmd {
    /// Print the book's moves for a position, best value first.
    Show {
        /// The book file.
        #[arg(long)]
        file: String,
        /// Position (default: the starting position); `moves ...` may follow the SFEN.
        sfen: Option<String>,
    },
    /// Build a book from opening lines: every position searched, values backed up by negamax.
    Build {
        /// Opening lines (`startpos moves ...`), one a line; `#` starts a comment.
        #[arg(long)]
        lines: String,
        /// Where to write the book.
        #[arg(long)]
        out: String,
        /// Nodes searched in every position.
        #[arg(long, default_value_t = 1_000_000)]
        nodes: u64,
        /// Plies each line is continued by the search's own moves.
        #[arg(long, default_value_t = 2)]
        extend: usize,
        /// Positions searched at once.
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
    /// Merge books into one (a later book's move replaces an earlier one's) and write it.
    Merge {
        /// Books to merge, in order.
        #[arg(required = true)]
        books: Vec<String>,
        /// Where to write the merged book.
        #[arg(long)]
        out: String,
    },
}

/// Why a subcommand failed.
#[derive(Debug)]
pub enum CliError {
    /// A file that could not be read.
    Read(String, io::Error),
    /// A file that could not be written.
    Write(String, io::Error),
    /// Output that could not be written (other than to a closed pipe).
    Output(io::Error),
    /// An argument the command refuses: a bad SFEN, an unknown variant or piece, ...
    Input(String),
    /// The work itself failed.
    Failed(String),
}

impl CliError {
    /// The process's exit status for this error: 2 for input the command refuses, 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Read(..) | CliError::Input(_) => 2,
            _ => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Read(path, e) => write!(f, "cannot read {path}: {e}"),
            CliError::Write(path, e) => write!(f, "cannot write {path}: {e}"),
            CliError::Output(e) => write!(f, "cannot write the output: {e}"),
            CliError::Input(why) | CliError::Failed(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for CliError {}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Output(e)
    }
}

/// Runs the command line `cli`.
pub fn run(cli: Cli) -> Result<(), CliError> {
    let result = match cli.command.unwrap_or(Cmd::Usi) {
        Cmd::Usi => {
            protocol();
            Ok(())
        }
        Cmd::Bench { depth } => bench(depth),
        Cmd::Perft {
            depth,
            sfen,
            variant,
            variant_path,
        } => {
            load_variants(variant_path.as_deref())?;
            perft::run(depth, sfen.as_deref(), variant.as_deref())
        }
        Cmd::Pieces {
            name,
            variant,
            definition,
            variant_path,
        } => {
            load_variants(variant_path.as_deref())?;
            pieces::run(name.as_deref(), variant.as_deref(), definition)
        }
        Cmd::Eval { sfen } => eval(sfen.as_deref()),
        Cmd::Mate {
            sfen,
            file,
            time,
            hash,
            threads,
            composed,
        } => {
            let settings = mate::Settings {
                time,
                hash_mb: hash,
                threads: threads.into(),
                defence: if composed {
                    Defence::Composed
                } else {
                    Defence::Longest
                },
            };
            match (sfen, file) {
                (_, Some(file)) => mate::run_file(&file, &settings),
                (Some(sfen), None) => mate::run(&sfen, &settings),
                (None, None) => Err(CliError::Input("a position or --file is needed".into())),
            }
        }
        Cmd::Book { command } => book::run(command),
        Cmd::Selfplay(args) => selfplay::run(args),
        Cmd::Datagen(args) => datagen::run(args),
        Cmd::TuneKp(args) => tune_kp::run(args),
        Cmd::Tune(args) => tune::run(args),
        Cmd::Convert(args) => records::convert(args),
        Cmd::Show(args) => records::show(args),
        Cmd::Handicap(args) => records::handicap(args),
        Cmd::Analyse(args) => analyse::run(args),
    };
    match result {
        // A reader that went away (`| head`) has all it wanted.
        Err(CliError::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// USI on stdin and stdout, or XBoard when the first command is `xboard`.
fn protocol() {
    use std::io::IsTerminal;
    if io::stdin().is_terminal() {
        eprintln!(
            "Hisha {}, a USI shogi engine. Type 'usi' to begin; 'hisha --help' lists the subcommands.",
            env!("CARGO_PKG_VERSION")
        );
    }
    let input = crate::usi::spawn_stdin_reader();
    let mut engine = crate::engine::Engine::new();
    let mut stdout = io::stdout();
    let first = input.recv().ok();
    if first.as_deref().map(str::trim) == Some("xboard") {
        crate::xboard::run(&mut engine, input, &mut stdout);
    } else if first.is_some() {
        crate::usi::run(&mut engine, first, input, &mut stdout);
    }
}

/// `hisha bench`: the signature and the speed; stops early if the output goes away.
fn bench(depth: u32) -> Result<(), CliError> {
    let control = crate::search::SearchControl::new();
    let mut out = io::stdout().lock();
    let mut failed = None;
    crate::bench::run(depth, control.clone(), &mut |line| {
        if failed.is_none() {
            if let Err(e) = writeln!(out, "{line}") {
                failed = Some(e);
                control.stop();
            }
        }
    });
    failed.map_or(Ok(()), |e| Err(e.into()))
}

/// `hisha eval`: the static evaluation and its parts.
fn eval(sfen: Option<&str>) -> Result<(), CliError> {
    let pos = shogi_position(sfen)?;
    write!(io::stdout().lock(), "{}", crate::eval::explain(&pos))?;
    Ok(())
}

/// The 9x9 position of `sfen` (none: the start).
fn shogi_position(sfen: Option<&str>) -> Result<crate::shogi::Position, CliError> {
    crate::shogi::Position::from_sfen(sfen.unwrap_or(crate::shogi::STARTPOS_SFEN))
        .map_err(|e| CliError::Input(format!("bad SFEN: {e}")))
}

/// The text of `path`.
fn read(path: &str) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|e| CliError::Read(path.to_string(), e))
}

/// Writes `text` to `path`.
fn write(path: &str, text: &str) -> Result<(), CliError> {
    std::fs::write(path, text).map_err(|e| CliError::Write(path.to_string(), e))
}

/// The variant called `name` (any of its names).
/// Loads the game definitions of `path`, if given (`--variant-path`).
fn load_variants(path: Option<&str>) -> Result<(), CliError> {
    if let Some(path) = path {
        crate::variant::custom::load_file(path)
            .map_err(|e| CliError::Input(format!("--variant-path: {e}")))?;
    }
    Ok(())
}

fn variant(name: &str) -> Result<crate::variant::VariantId, CliError> {
    use crate::variant::VariantId;
    VariantId::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = VariantId::ALL
            .iter()
            .map(|v| v.name())
            .chain(crate::variant::custom::names())
            .collect();
        CliError::Input(format!(
            "no variant {name:?}; the variants: {}",
            names.join(", ")
        ))
    })
}
