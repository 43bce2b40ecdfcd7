//! `hisha tune-kp`: fits the king-piece table (`eval::kp`) to `hisha datagen` games and writes it
//! as the file the engine includes (`src/eval/kp.bin`).

use super::{read, CliError};
use crate::eval::kp::table_file;
use crate::tune::{fit_kp, GameRecord, KpConfig};
use std::io::{self, Read, Write};
use std::time::Instant;

/// The subcommand's arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Files of `hisha datagen` games (`-`: standard input).
    #[arg(required = true)]
    pub data: Vec<String>,
    /// Where to write the table.
    #[arg(long, default_value = "src/eval/kp.bin")]
    pub out: String,
    /// Passes over the data.
    #[arg(long, default_value_t = 6)]
    pub epochs: usize,
    /// Positions a step.
    #[arg(long, default_value_t = 4096)]
    pub batch: usize,
    /// Adam's step, centipawns.
    #[arg(long, default_value_t = 0.1)]
    pub learning_rate: f64,
    /// Weight of the game result in the target (the rest: the score's win chance).
    #[arg(long, default_value_t = 0.0)]
    pub result_weight: f64,
    /// L2 pull of every entry's own value towards zero (not of the shared values).
    #[arg(long, default_value_t = 1e-6)]
    pub l2: f64,
    /// The seed of the order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Fit the table's values alone, without the values its entries share (piece on a square,
    /// piece at an offset from the king, hand piece, whatever the king's square).
    #[arg(long)]
    pub no_factors: bool,
    /// Also write each epoch's training and held-out error to this file (`epoch train held-out`).
    #[arg(long)]
    pub curve: Option<String>,
}

/// Fits the table and writes it.
pub(super) fn run(args: Args) -> Result<(), CliError> {
    let mut text = String::new();
    for file in &args.data {
        if file == "-" {
            io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| CliError::Read(file.clone(), e))?;
        } else {
            text.push_str(&read(file)?);
        }
        if !text.ends_with('\n') && !text.is_empty() {
            text.push('\n');
        }
    }
    let started = Instant::now();
    let mut bad = 0usize;
    let games: Vec<GameRecord> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| {
            let g = GameRecord::parse(l);
            bad += usize::from(g.is_none());
            g
        })
        .collect();
    drop(text);
    if bad > 0 {
        eprintln!("warning: {bad} lines are not games and were left out");
    }
    eprintln!(
        "{} games read in {:.0} s",
        games.len(),
        started.elapsed().as_secs_f64()
    );
    let config = KpConfig {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.learning_rate,
        result_weight: args.result_weight,
        l2: args.l2,
        seed: args.seed,
        factors: !args.no_factors,
        ..KpConfig::default()
    };
    let (table, report) = fit_kp(games, &config, &mut |epoch, train, valid| {
        eprintln!(
            "epoch {epoch}: train {train:.6}, held out {valid:.6} ({:.0} s)",
            started.elapsed().as_secs_f64()
        );
    });
    std::fs::write(&args.out, table_file(&table))
        .map_err(|e| CliError::Write(args.out.clone(), e))?;
    if let Some(path) = &args.curve {
        let mut curve = String::from("epoch train held-out\n");
        for (epoch, (t, v)) in report.errors.iter().enumerate() {
            curve.push_str(&format!("{epoch} {t:.6} {v:.6}\n"));
        }
        std::fs::write(path, curve).map_err(|e| CliError::Write(path.clone(), e))?;
    }
    let (start, best) = (report.errors[0].1, report.errors[report.best_epoch].1);
    writeln!(
        io::stdout().lock(),
        "{} positions ({} fitted, {} held out), k = {:.6}/cp; held-out error {start:.6} -> \
         {best:.6} at epoch {} of {}; table written to {} in {:.0} s",
        report.positions,
        report.train,
        report.validation,
        report.k,
        report.best_epoch,
        args.epochs,
        args.out,
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}
