//! `hisha selfplay`: games against itself at fixed nodes, their quiet positions written with
//! the results (the tuner's data: `sfen<TAB>result<TAB>score`, Black's point of view).

use super::{read, CliError};
use crate::tune::{selfplay, SelfplayConfig, SelfplayStats};
use std::io::{self, Write};
use std::time::Instant;

/// The subcommand's arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Nodes per move.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Opening lines ("startpos moves ..."), one per line.
    #[arg(long, default_value = "positions/openings-random.txt")]
    pub openings: String,
    /// Random legal moves after each opening.
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output file.
    #[arg(long)]
    pub out: String,
}

/// Plays the games and writes the positions to `args.out`.
pub(super) fn run(args: Args) -> Result<(), CliError> {
    let openings = read(&args.openings)?;
    let config = SelfplayConfig {
        games: args.games,
        nodes: args.nodes,
        threads: args.threads,
        openings: openings.lines().map(str::to_owned).collect(),
        random_plies: args.random_plies,
        max_plies: 320,
        adjudicate: 3000,
        seed: args.seed,
    };
    let path = args.out;
    let file = std::fs::File::create(&path).map_err(|e| CliError::Write(path.clone(), e))?;
    let mut writer = io::BufWriter::new(file);
    let start = Instant::now();
    let stats = selfplay(&config, &mut writer, &mut |s: &SelfplayStats| {
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
    })
    .map_err(|e| CliError::Write(path.clone(), e))?;
    writeln!(
        io::stdout().lock(),
        "{} games, {} positions written to {path} in {:.0} s",
        stats.games,
        stats.positions,
        start.elapsed().as_secs_f64()
    )?;
    Ok(())
}
