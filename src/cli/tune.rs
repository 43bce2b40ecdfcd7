//! `hisha tune`: fits the evaluation's weights (9x9's, or a variant's) to labelled positions and
//! writes them as the weights file the engine includes.

use super::{read, variant, write, CliError};
use crate::eval::features::GROUPS;
use crate::eval::parse_weights as parse_variant_weights;
use crate::eval::variant::{weights_file as variant_weights_file, VariantEval};
use crate::tune::{parse_weights_file, tune, tune_variant, weights_file, TuneConfig, TuneReport};
use std::io::{self, Write};
use std::time::Instant;

/// The subcommand's arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Data files written by `selfplay` (none: write the starting weights as they are).
    pub data: Vec<String>,
    /// Where to write the weights (the engine includes src/eval/weights.in, and a variant's
    /// from src/eval/variants/NAME.in, the default with --variant).
    #[arg(long)]
    pub out: Option<String>,
    /// Fit a variant's evaluation (microshogi, minishogi, judkins, ...) to positions of
    /// that variant.
    #[arg(long)]
    pub variant: Option<String>,
    /// Full passes over the data.
    #[arg(long, default_value_t = 400)]
    pub epochs: usize,
    /// Weight of the game result in the target (the rest: the search score).
    #[arg(long, default_value_t = 0.7)]
    pub result_weight: f64,
    /// Adam step, centipawns.
    #[arg(long, default_value_t = 2.0)]
    pub learning_rate: f64,
    /// L2 penalty pulling the non-material weights towards their start. With
    /// --from-scratch the start is zero, and the default keeps the sparse positional
    /// weights near zero; `make tune`'s final fit uses 0.
    #[arg(long, default_value_t = 2e-7)]
    pub l2: f64,
    /// Start from the hand-set material values instead of the weights compiled in.
    #[arg(long, conflicts_with = "start")]
    pub from_scratch: bool,
    /// Start from the weights in this file (as `tune` writes them) instead of the weights
    /// compiled in.
    #[arg(long)]
    pub start: Option<String>,
    /// A line for the weights file's header (how it was made).
    #[arg(long)]
    pub note: Option<String>,
    /// Fit only this feature group (repeatable; names as `hisha eval` prints them); the
    /// other weights keep their start values.
    #[arg(long, value_name = "GROUP")]
    pub only: Vec<String>,
    /// Variants: fit only the quiet positions (no capture that wins material by exchange
    /// for the side to move).
    #[arg(long)]
    pub quiet: bool,
}

/// Fits the weights to `args.data` and writes them.
pub(super) fn run(args: Args) -> Result<(), CliError> {
    let mut text = String::new();
    for f in &args.data {
        text.push_str(&read(f)?);
    }
    let config = TuneConfig {
        epochs: args.epochs,
        result_weight: args.result_weight,
        learning_rate: args.learning_rate,
        l2: args.l2,
        only: args.only.clone(),
        quiet_only: args.quiet,
        ..TuneConfig::default()
    };
    let progress = &mut |e: usize, t: f64, v: f64| {
        if e.is_multiple_of(50) {
            eprintln!("epoch {e}: train {t:.6}, validation {v:.6}");
        }
    };
    let started = Instant::now();
    let header = |report: &TuneReport| {
        tune_header(report, args.epochs, args.result_weight, args.note.clone())
    };
    let (out, header, contents) = if let Some(name) = &args.variant {
        let id = variant(name)?;
        let rules = id.rules();
        let mut eval = if args.from_scratch {
            VariantEval::hand_set(rules)
        } else {
            VariantEval::new(rules)
        };
        if let Some(file) = &args.start {
            let weights = parse_variant_weights(&read(file)?, eval.layout().size())
                .map_err(|e| CliError::Input(format!("{file}: {e}")))?;
            eval.set_weights(weights);
        }
        let (weights, report) = tune_variant(id, &eval, &text, &config, progress)
            .map_err(|e| CliError::Input(e.to_string()))?;
        let out = args
            .out
            .clone()
            .unwrap_or(format!("src/eval/variants/{}.in", rules.name));
        let header = header(&report);
        let contents = variant_weights_file(eval.layout(), &weights, &header);
        (out, header, contents)
    } else {
        let out = args.out.clone().unwrap_or("src/eval/weights.in".to_owned());
        let start_weights = if args.from_scratch {
            crate::eval::initial_weights()
        } else if let Some(file) = &args.start {
            parse_weights_file(&read(file)?).map_err(|e| CliError::Input(format!("{file}: {e}")))?
        } else {
            crate::eval::WEIGHTS.to_vec()
        };
        if let Some(bad) = args
            .only
            .iter()
            .find(|name| !GROUPS.iter().any(|g| g.0 == *name))
        {
            let names: Vec<&str> = GROUPS.iter().map(|g| g.0).collect();
            return Err(CliError::Input(format!(
                "no feature group {bad:?}; the groups: {}",
                names.join(", ")
            )));
        }
        let (weights, report) = tune(&text, &start_weights, &config, progress);
        let header = header(&report);
        let contents = weights_file(&weights, &header);
        (out, header, contents)
    };
    write(&out, &contents)?;
    let mut stdout = io::stdout().lock();
    writeln!(stdout, "{header}")?;
    writeln!(
        stdout,
        "{:.0} s; weights written to {out}",
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
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
