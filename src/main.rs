//! The `hisha` binary: USI on stdin/stdout with no arguments; subcommands for command-line use.

use clap::{Parser, Subcommand};
use hisha::engine::Engine;
use hisha::eval::parse_weights as parse_variant_weights;
use hisha::eval::variant::{weights_file as variant_weights_file, VariantEval};
use hisha::search::mate::{mate_search, MateOutcome};
use hisha::search::{MateLimit, SearchControl};
use hisha::shogi::{perft_divide, Position, STARTPOS_SFEN};
use hisha::tune::{
    parse_weights_file, selfplay, tune, tune_variant, weights_file, SelfplayConfig, SelfplayStats,
    TuneConfig, TuneReport,
};
use hisha::variant::VariantId;
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
        /// The variant (`hisha pieces` lists them; default: shogi, on the 9x9 core).
        #[arg(long)]
        variant: Option<String>,
    },
    /// The piece catalogue: every piece of a variant (default: all) with its codes, names,
    /// promotion and moves in Betza's notation, or one piece's move diagram.
    Pieces {
        /// A piece's code or English name: print its move diagram.
        name: Option<String>,
        /// Only the pieces of this variant.
        #[arg(long)]
        variant: Option<String>,
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
    /// Play games against itself at fixed nodes and write quiet positions with the results
    /// (the tuner's data: `sfen<TAB>result<TAB>score`, Black's point of view).
    Selfplay {
        /// Games to play.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// Nodes per move.
        #[arg(long, default_value_t = 5000)]
        nodes: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Opening lines ("startpos moves ..."), one per line.
        #[arg(long, default_value = "positions/openings-random.txt")]
        openings: String,
        /// Random legal moves after each opening.
        #[arg(long, default_value_t = 4)]
        random_plies: usize,
        /// Seed of the random moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output file.
        #[arg(long)]
        out: String,
    },
    /// Opening books in the YaneuraOu format (`#YANEURAOU-DB2016 1.00`).
    Book {
        #[command(subcommand)]
        command: BookCmd,
    },
    /// Fit the evaluation's weights to self-play data and write them as the weights data file.
    Tune {
        /// Data files written by `selfplay` (none: write the starting weights as they are).
        data: Vec<String>,
        /// Where to write the weights (the engine includes src/eval/weights.in, and a variant's
        /// from src/eval/variants/NAME.in, the default with --variant).
        #[arg(long)]
        out: Option<String>,
        /// Fit a variant's evaluation (microshogi, minishogi, judkins, ...) to positions of
        /// that variant.
        #[arg(long)]
        variant: Option<String>,
        /// Full passes over the data.
        #[arg(long, default_value_t = 400)]
        epochs: usize,
        /// Weight of the game result in the target (the rest: the search score).
        #[arg(long, default_value_t = 0.7)]
        result_weight: f64,
        /// Adam step, centipawns.
        #[arg(long, default_value_t = 2.0)]
        learning_rate: f64,
        /// L2 penalty pulling the non-material weights towards their start. With
        /// --from-scratch the start is zero, and the default keeps the sparse positional
        /// weights near zero; `make tune`'s final fit uses 0.
        #[arg(long, default_value_t = 2e-7)]
        l2: f64,
        /// Start from the hand-set material values instead of the weights compiled in.
        #[arg(long, conflicts_with = "start")]
        from_scratch: bool,
        /// Start from the weights in this file (as `tune` writes them) instead of the weights
        /// compiled in.
        #[arg(long)]
        start: Option<String>,
        /// A line for the weights file's header (how it was made).
        #[arg(long)]
        note: Option<String>,
        /// Fit only this feature group (repeatable; names as `hisha eval` prints them); the
        /// other weights keep their start values.
        #[arg(long, value_name = "GROUP")]
        only: Vec<String>,
        /// Variants: fit only the quiet positions (no capture that wins material by exchange
        /// for the side to move).
        #[arg(long)]
        quiet: bool,
    },
}

#[derive(Subcommand)]
enum BookCmd {
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

/// The text of `file`, or the process exits with an error.
fn read_or_exit(file: &str) -> String {
    std::fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("error: cannot read {file}: {e}");
        std::process::exit(2);
    })
}

fn read_book_or_exit(file: &str) -> hisha::book::Book {
    let text = read_or_exit(file);
    let (book, report) = hisha::book::Book::parse(&text);
    eprintln!(
        "{file}: {} positions, {} moves, {} lines left out",
        report.positions, report.moves, report.skipped
    );
    book
}

fn book_command(command: BookCmd) {
    match command {
        BookCmd::Show { file, sfen } => {
            let book = read_book_or_exit(&file);
            let spec = sfen.unwrap_or_else(|| STARTPOS_SFEN.to_string());
            let Ok(pos) = Position::after_line(&spec) else {
                eprintln!("error: bad position: {spec}");
                std::process::exit(2);
            };
            match book.probe(&pos) {
                None => println!("not in the book"),
                Some(moves) => {
                    let mut moves = moves.to_vec();
                    moves.sort_by_key(|m| (std::cmp::Reverse(m.value), std::cmp::Reverse(m.count)));
                    println!("move   reply  value  depth  count");
                    for m in moves {
                        let reply = m.ponder.map_or("none".to_string(), |p| p.to_string());
                        println!(
                            "{:<6} {:<6} {:>5}  {:>5}  {:>5}",
                            m.mv.to_string(),
                            reply,
                            m.value,
                            m.depth,
                            m.count
                        );
                    }
                }
            }
        }
        BookCmd::Build {
            lines,
            out,
            nodes,
            extend,
            threads,
        } => {
            let text = read_or_exit(&lines);
            let lines: Vec<String> = text.lines().map(str::to_owned).collect();
            let config = hisha::book::build::BuildConfig {
                nodes,
                extend,
                threads,
            };
            let start = Instant::now();
            let (book, report) = hisha::book::build::build(&lines, &config, &|done, total| {
                if done % 50 == 0 || done == total {
                    eprintln!("{done} of {total} positions searched");
                }
            });
            if report.bad_lines > 0 {
                eprintln!("warning: {} lines left out (not legal)", report.bad_lines);
            }
            if let Err(e) = std::fs::write(&out, book.to_text()) {
                eprintln!("error: cannot write {out}: {e}");
                std::process::exit(1);
            }
            println!(
                "{} lines, {} positions searched, {} book positions written to {out} in {:.0} s",
                report.lines,
                report.searched,
                book.len(),
                start.elapsed().as_secs_f64()
            );
        }
        BookCmd::Merge { books, out } => {
            let mut merged = hisha::book::Book::new();
            for file in &books {
                merged.merge(&read_book_or_exit(file));
            }
            if let Err(e) = std::fs::write(&out, merged.to_text()) {
                eprintln!("error: cannot write {out}: {e}");
                std::process::exit(1);
            }
            println!("{} positions written to {out}", merged.len());
        }
    }
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
            // XBoard when the first command is `xboard`, USI otherwise.
            let first = input.recv().ok();
            if first.as_deref().map(str::trim) == Some("xboard") {
                hisha::xboard::run(&mut engine, input, &mut stdout);
            } else if first.is_some() {
                hisha::usi::run(&mut engine, first, input, &mut stdout);
            }
        }
        Cmd::Book { command } => book_command(command),
        Cmd::Bench { depth } => {
            hisha::bench::run(depth, SearchControl::new(), &mut |line| println!("{line}"));
        }
        Cmd::Perft {
            depth,
            sfen,
            variant: Some(variant),
        } if variant != "shogi" => variant_perft(&variant, sfen.as_deref(), depth),
        Cmd::Pieces { name, variant } => pieces(name.as_deref(), variant.as_deref()),
        Cmd::Perft { depth, sfen, .. } => {
            let mut pos = parse_or_exit(sfen.as_deref().unwrap_or(STARTPOS_SFEN));
            let start = Instant::now();
            let split: Vec<(String, u64)> = perft_divide(&mut pos, depth.max(1))
                .into_iter()
                .map(|(m, n)| (m.to_string(), n))
                .collect();
            print_perft(&split, start);
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
        Cmd::Selfplay {
            games,
            nodes,
            threads,
            openings,
            random_plies,
            seed,
            out,
        } => {
            let openings = read_or_exit(&openings);
            let config = SelfplayConfig {
                games,
                nodes,
                threads,
                openings: openings.lines().map(str::to_owned).collect(),
                random_plies,
                max_plies: 320,
                adjudicate: 3000,
                seed,
            };
            let file = std::fs::File::create(&out).unwrap_or_else(|e| {
                eprintln!("error: cannot write {out}: {e}");
                std::process::exit(2);
            });
            let mut writer = std::io::BufWriter::new(file);
            let start = Instant::now();
            let result = selfplay(&config, &mut writer, &mut |s: &SelfplayStats| {
                if s.games.is_multiple_of(50) {
                    eprintln!(
                        "{} games ({} black wins, {} white wins, {} draws, {} adjudicated), {} positions, {:.0} s",
                        s.games,
                        s.results[0],
                        s.results[1],
                        s.results[2],
                        s.adjudicated,
                        s.positions,
                        start.elapsed().as_secs_f64()
                    );
                }
            });
            match result {
                Ok(s) => println!(
                    "{} games, {} positions written to {out} in {:.0} s",
                    s.games,
                    s.positions,
                    start.elapsed().as_secs_f64()
                ),
                Err(e) => {
                    eprintln!("error: {e}");
                    std::process::exit(1);
                }
            }
        }
        Cmd::Tune {
            data,
            out,
            epochs,
            result_weight,
            learning_rate,
            l2,
            from_scratch,
            start,
            note,
            only,
            variant,
            quiet,
        } => {
            let mut text = String::new();
            for f in &data {
                text.push_str(&read_or_exit(f));
            }
            let config = TuneConfig {
                epochs,
                result_weight,
                learning_rate,
                l2,
                only: only.clone(),
                quiet_only: quiet,
                ..TuneConfig::default()
            };
            let progress = &mut |e: usize, t: f64, v: f64| {
                if e.is_multiple_of(50) {
                    eprintln!("epoch {e}: train {t:.6}, validation {v:.6}");
                }
            };
            let started = Instant::now();
            let (out, header, contents) = if let Some(name) = variant {
                let Some(id) = VariantId::from_name(&name) else {
                    eprintln!("error: no variant {name:?}");
                    std::process::exit(2);
                };
                let rules = id.rules();
                let mut eval = if from_scratch {
                    VariantEval::hand_set(rules)
                } else {
                    VariantEval::new(rules)
                };
                if let Some(file) = start {
                    let text = read_or_exit(&file);
                    match parse_variant_weights(&text, eval.layout().size()) {
                        Ok(w) => eval.set_weights(w),
                        Err(e) => {
                            eprintln!("error: {file}: {e}");
                            std::process::exit(2);
                        }
                    }
                }
                let (weights, report) = tune_variant(id, &eval, &text, &config, progress)
                    .unwrap_or_else(|e| {
                        eprintln!("error: {e}");
                        std::process::exit(2);
                    });
                let out = out.unwrap_or(format!("src/eval/variants/{}.in", rules.name));
                let header = tune_header(&report, epochs, result_weight, note);
                let contents = variant_weights_file(eval.layout(), &weights, &header);
                (out, header, contents)
            } else {
                let out = out.unwrap_or("src/eval/weights.in".to_owned());
                let start_weights = if from_scratch {
                    hisha::eval::initial_weights()
                } else if let Some(file) = start {
                    let text = read_or_exit(&file);
                    parse_weights_file(&text).unwrap_or_else(|e| {
                        eprintln!("error: {file}: {e}");
                        std::process::exit(2);
                    })
                } else {
                    hisha::eval::WEIGHTS.to_vec()
                };
                if let Some(bad) = only
                    .iter()
                    .find(|name| !hisha::eval::features::GROUPS.iter().any(|g| g.0 == *name))
                {
                    let names: Vec<&str> =
                        hisha::eval::features::GROUPS.iter().map(|g| g.0).collect();
                    eprintln!(
                        "error: no feature group {bad:?}; the groups: {}",
                        names.join(", ")
                    );
                    std::process::exit(2);
                }
                let (weights, report) = tune(&text, &start_weights, &config, progress);
                let header = tune_header(&report, epochs, result_weight, note);
                let contents = weights_file(&weights, &header);
                (out, header, contents)
            };
            write_or_exit(&out, &contents);
            println!("{header}");
            println!(
                "{:.0} s; weights written to {out}",
                started.elapsed().as_secs_f64()
            );
        }
    }
}

/// The header of a weights file: how the fit went, and `note`.
fn tune_header(
    report: &TuneReport,
    epochs: usize,
    result_weight: f64,
    note: Option<String>,
) -> String {
    let mut header = if report.positions == 0 {
        "Starting weights, nothing fitted (`hisha tune` with no data).".to_owned()
    } else {
        format!(
            "Written by `hisha tune` ({} positions: {} training, {} validation; k = {:.6}/cp,\n\
             scores' k = {:.6}/cp; validation error {:.6} -> {:.6}, best epoch {} of {epochs}; result weight {result_weight}).",
            report.positions,
            report.train,
            report.validation,
            report.k,
            report.k_score,
            report.validation_error_start,
            report.validation_error_end,
            report.best_epoch
        )
    };
    if let Some(note) = note {
        header.push('\n');
        header.push_str(&note);
    }
    header
}

fn write_or_exit(path: &str, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        eprintln!("error: cannot write {path}: {e}");
        std::process::exit(1);
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

fn variant_or_exit(name: &str) -> hisha::variant::VariantId {
    hisha::variant::VariantId::from_name(name).unwrap_or_else(|| {
        let names: Vec<&str> = hisha::variant::VariantId::ALL
            .iter()
            .map(|v| v.name())
            .collect();
        eprintln!(
            "error: no variant {name:?}; the variants: {}",
            names.join(", ")
        );
        std::process::exit(2);
    })
}

fn variant_perft(variant: &str, sfen: Option<&str>, depth: u32) {
    use hisha::variant::{perft_divide, VPosition};
    let id = variant_or_exit(variant);
    let mut pos = match sfen {
        None => VPosition::start(id),
        Some(s) => VPosition::from_sfen(id, s).unwrap_or_else(|e| {
            eprintln!("error: {e}");
            std::process::exit(2);
        }),
    };
    let start = Instant::now();
    let split = perft_divide(&mut pos, depth.max(1));
    print_perft(&split, start);
}

/// A perft's lines: one per root move, the total, the time and leaves/s.
fn print_perft(split: &[(String, u64)], start: Instant) {
    let secs = start.elapsed().as_secs_f64();
    let total: u64 = split.iter().map(|(_, n)| n).sum();
    for (m, n) in split {
        println!("{m}: {n}");
    }
    println!("Nodes searched: {total}");
    println!(
        "Time: {:.3} s, {:.1} M leaves/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
}

fn pieces(name: Option<&str>, variant: Option<&str>) {
    use hisha::variant::catalogue;
    if let Some(name) = name {
        let Some(p) = catalogue::lookup(name) else {
            eprintln!("error: no piece {name:?} in the catalogue (`hisha pieces` lists them)");
            std::process::exit(2);
        };
        println!("{} ({}), {}: {}", p.name, p.romaji, p.code, p.xbetza());
        if p.royal {
            println!("royal");
        }
        // Wide enough for slides and for leaps of three squares (the lion dog's).
        let size = if p.betza.contains(['R', 'B', 'Q', 'H', 'C', 'Z', 'G']) {
            9
        } else {
            5
        };
        print!("{}", hisha::variant::diagram::diagram(p, size));
        if !p.special.describe().is_empty() {
            println!("!: {}", p.special.describe());
        }
        return;
    }
    let variants: Vec<hisha::variant::VariantId> = match variant {
        Some(v) => vec![variant_or_exit(v)],
        None => hisha::variant::VariantId::ALL.to_vec(),
    };
    for v in variants {
        let r = v.rules();
        println!("{} ({}x{}):", r.name, r.files, r.ranks);
        for k in &r.kinds {
            let promotes = k
                .promotes_to
                .map(|p| format!(" -> {}", r.kinds[p as usize].sfen.to_ascii_uppercase()))
                .unwrap_or_default();
            let line = format!(
                "  {:<3} {:<4} {:<18} {:<18} {:<14}{}",
                k.sfen.to_ascii_uppercase(),
                k.piece.code,
                k.piece.name,
                k.piece.romaji,
                k.piece.xbetza(),
                promotes
            );
            println!("{}", line.trim_end());
        }
    }
}
