//! `hisha datagen`: self-play games scored by a deeper search, one line a game (`tune::datagen`).

use super::{read, CliError};
use crate::tune::{datagen, DatagenConfig, DatagenStats};
use std::io::{self, Write};
use std::time::Instant;

/// The subcommand's arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The first game's number (its seed and opening follow from it).
    #[arg(long, default_value_t = 0)]
    pub first_game: u64,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Nodes of the search that plays each move.
    #[arg(long, default_value_t = 1000)]
    pub play_nodes: u64,
    /// Nodes of the deeper search that scores each position.
    #[arg(long, default_value_t = 6000)]
    pub label_nodes: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Files of opening lines (`startpos moves ...`, `sfen ... moves ...`), one a line.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "positions/openings-suite.txt,positions/book-lines.txt"
    )]
    pub openings: Vec<String>,
    /// One game in this many starts from random plies from the start position (0: none).
    #[arg(long, default_value_t = 5)]
    pub random_opening_every: u64,
    /// Random plies of those games.
    #[arg(long, default_value_t = 8)]
    pub random_opening_plies: usize,
    /// Up to this many random legal moves after each opening line.
    #[arg(long, default_value_t = 2)]
    pub random_plies: usize,
    /// A game still running after this many plies is a draw.
    #[arg(long, default_value_t = 320)]
    pub max_plies: usize,
    /// The seed of every random choice.
    #[arg(long, default_value_t = 51)]
    pub seed: u64,
    /// Output file.
    #[arg(long)]
    pub out: String,
}

/// Plays the games and writes their records to `args.out`.
pub(super) fn run(args: Args) -> Result<(), CliError> {
    let mut openings = vec!["startpos".to_string()];
    for file in &args.openings {
        openings.extend(read(file)?.lines().map(str::to_owned));
    }
    let config = DatagenConfig {
        first_game: args.first_game,
        games: args.games,
        play_nodes: args.play_nodes,
        label_nodes: args.label_nodes,
        threads: args.threads,
        openings,
        random_opening_every: args.random_opening_every,
        random_opening_plies: args.random_opening_plies,
        random_plies: args.random_plies,
        max_plies: args.max_plies,
        adjudicate: 3000,
        seed: args.seed,
    };
    let path = args.out;
    let file = std::fs::File::create(&path).map_err(|e| CliError::Write(path.clone(), e))?;
    let mut writer = io::BufWriter::new(file);
    let start = Instant::now();
    let stats = datagen(&config, &mut writer, &mut |s: &DatagenStats| {
        if s.games.is_multiple_of(50) {
            eprintln!(
                "{} games ({} black wins, {} white wins, {} draws), {} positions, {:.0} s",
                s.games,
                s.results[0],
                s.results[1],
                s.results[2],
                s.positions,
                start.elapsed().as_secs_f64()
            );
        }
    })
    .map_err(|e| CliError::Write(path.clone(), e))?;
    writer
        .flush()
        .map_err(|e| CliError::Write(path.clone(), e))?;
    writeln!(
        io::stdout().lock(),
        "{} games, {} positions scored, written to {path} in {:.0} s",
        stats.games,
        stats.positions,
        start.elapsed().as_secs_f64()
    )?;
    Ok(())
}
