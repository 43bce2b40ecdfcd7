//! The `hisha` binary: USI on stdin/stdout with no arguments; subcommands for command-line use.

use clap::{Parser, Subcommand};
use hisha::engine::Engine;
use hisha::search::mate::{mate_search, MateOutcome};
use hisha::search::{MateLimit, SearchControl};
use hisha::shogi::{perft_divide, Position, STARTPOS_SFEN};
use std::io::IsTerminal;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "hisha",
    version,
    about = "Hisha, a shogi engine. With no subcommand it speaks USI on stdin/stdout."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Speak USI on stdin/stdout (the default).
    Usi,
    /// Search the bench positions to a fixed depth and print the node count signature.
    Bench {
        /// Search depth.
        #[arg(default_value_t = hisha::bench::DEFAULT_DEPTH)]
        depth: u32,
    },
    /// Count the leaves of the legal move tree (one line per root move, then the total).
    Perft {
        /// Depth in plies.
        depth: u32,
        /// Position (default: the starting position).
        #[arg(long)]
        sfen: Option<String>,
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
        sfen: String,
        /// Give up after this many milliseconds (default: no limit).
        #[arg(long)]
        time: Option<u64>,
    },
}

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command.unwrap_or(Cmd::Usi) {
        Cmd::Usi => {
            if std::io::stdin().is_terminal() {
                eprintln!(
                    "Hisha {}, a USI shogi engine. Type 'usi' to begin; 'hisha --help' lists the subcommands.",
                    env!("CARGO_PKG_VERSION")
                );
            }
            let input = hisha::usi::spawn_stdin_reader();
            let mut engine = Engine::new();
            let mut stdout = std::io::stdout();
            hisha::usi::run(&mut engine, input, &mut stdout);
        }
        Cmd::Bench { depth } => print!("{}", hisha::bench::run(Some(depth))),
        Cmd::Perft { depth, sfen } => {
            let mut pos = parse_or_exit(sfen.as_deref().unwrap_or(STARTPOS_SFEN));
            let start = Instant::now();
            let split = perft_divide(&mut pos, depth.max(1));
            let secs = start.elapsed().as_secs_f64();
            let total: u64 = split.iter().map(|(_, n)| n).sum();
            for (m, n) in &split {
                println!("{m}: {n}");
            }
            println!("Nodes searched: {total}");
            println!(
                "Time: {:.3} s, {:.1} M leaves/s",
                secs,
                total as f64 / secs.max(1e-9) / 1e6
            );
        }
        Cmd::Eval { sfen } => {
            let pos = parse_or_exit(sfen.as_deref().unwrap_or(STARTPOS_SFEN));
            print!("{}", hisha::eval::explain(&pos));
        }
        Cmd::Mate { sfen, time } => {
            let mut pos = parse_or_exit(&sfen);
            let limit = time.map_or(MateLimit::Infinite, MateLimit::Millis);
            let control = SearchControl::new();
            let start = Instant::now();
            match mate_search(&mut pos, limit, &control) {
                MateOutcome::Mate(line) => {
                    let text: Vec<String> = line.iter().map(|m| m.to_string()).collect();
                    println!("mate in {} plies: {}", line.len(), text.join(" "));
                }
                MateOutcome::NoMate => println!("no mate"),
                MateOutcome::Unknown => println!("unknown (time limit reached)"),
            }
            eprintln!("{:.3} s", start.elapsed().as_secs_f64());
        }
    }
}

fn parse_or_exit(sfen: &str) -> Position {
    match Position::from_sfen(sfen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: bad SFEN: {e}");
            std::process::exit(2);
        }
    }
}
