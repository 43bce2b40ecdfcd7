//! Texel-style tuning: the evaluation's weights fitted by logistic regression to the results of
//! games (optionally blended with the search score of the position).
//!
//! The evaluation is linear in its weights (`eval::features`), so each position is reduced once
//! to its sparse feature counts; the prediction is `sigmoid(k * eval)`, `k` is fitted first with
//! the starting weights. The target blends the game result with the win chance of the score
//! column, `sigmoid(k_score * score)`, where `k_score` is fitted to the results on its own: the
//! scores may come from another engine (`scripts/fs_label.py` writes fairy-stockfish's or
//! GPSShogi's), whose centipawns are not ours. Then Adam minimises the mean squared error to the
//! target on a training share of the positions while a held-out share tells when to stop. Weights
//! other than material are pulled towards their start by an L2 penalty (most king-relative cells
//! are rarely seen).

use crate::eval::features::{self, NUM_FEATURES, SCALE};
use crate::eval::variant::VariantEval;
use crate::eval::WeightsError;
use crate::search::variant::VBoard;
use crate::shogi::Position;
use crate::variant::{VPosition, VariantId};
use std::sync::Arc;

/// How to fit.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// Full passes over the training positions.
    pub epochs: usize,
    /// Adam step, centipawns.
    pub learning_rate: f64,
    /// Weight of the game result in the target (the rest is the search score's win chance).
    pub result_weight: f64,
    /// L2 penalty per weight (material is not penalised).
    pub l2: f64,
    /// One game in this many is held out for validation.
    pub validation_every: usize,
    /// The feature groups to fit, by name (`features::GROUPS`); the others keep their start
    /// values. Empty: every group.
    pub only: Vec<String>,
    /// Variants: leave out the positions that are not quiet (the side to move has a capture
    /// that wins material by exchange), as quiescence search would not stand pat in them.
    pub quiet_only: bool,
}

impl Default for TuneConfig {
    fn default() -> Self {
        TuneConfig {
            epochs: 400,
            learning_rate: 2.0,
            result_weight: 0.7,
            l2: 2e-7,
            validation_every: 10,
            only: Vec::new(),
            quiet_only: false,
        }
    }
}

/// One training position: its features (Black positive) and the target, 0..1 from Black's view.
struct Sample {
    features: Vec<(u16, i16)>,
    game: usize,
    result: f32,
    score: f32,
}

/// What the tuner saw and did.
#[derive(Clone, Debug, Default)]
pub struct TuneReport {
    /// Positions read, used for training, held out.
    pub positions: usize,
    /// Training positions.
    pub train: usize,
    /// Validation positions.
    pub validation: usize,
    /// The fitted scale of the sigmoid (per centipawn).
    pub k: f64,
    /// The scale fitted to the score column (per centipawn of whoever wrote the scores).
    pub k_score: f64,
    /// Validation error with the starting weights and at the end.
    pub validation_error_start: f64,
    /// See `validation_error_start`.
    pub validation_error_end: f64,
    /// The epoch whose weights were kept (lowest validation error).
    pub best_epoch: usize,
}

/// Reads "sfen<TAB>result<TAB>score<TAB>game" lines, each position's features by `trace`
/// (None: leave it out); bad lines are skipped.
fn read_samples(text: &str, trace: impl Fn(&str) -> Option<Vec<(u16, i16)>>) -> Vec<Sample> {
    text.lines()
        .filter_map(|line| {
            let mut parts = line.split('\t');
            let sfen = parts.next()?;
            let result: f32 = parts.next()?.trim().parse().ok()?;
            let score: f32 = parts
                .next()
                .and_then(|s| s.trim().parse().ok())
                .unwrap_or(0.0);
            let game: usize = parts
                .next()
                .and_then(|s| s.trim().parse().ok())
                .unwrap_or(0);
            Some(Sample {
                features: trace(sfen)?,
                game,
                result,
                score,
            })
        })
        .collect()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn eval(sample: &Sample, w: &[f64]) -> f64 {
    sample
        .features
        .iter()
        .map(|&(i, c)| w[i as usize] * f64::from(c))
        .sum()
}

/// What the prediction is fitted to: the result, blended with the score's win chance.
#[derive(Clone, Copy)]
struct Target {
    result_weight: f64,
    k_score: f64,
}

impl Target {
    fn of(&self, sample: &Sample) -> f64 {
        self.result_weight * f64::from(sample.result)
            + (1.0 - self.result_weight) * sigmoid(self.k_score * f64::from(sample.score))
    }
}

fn error(samples: &[&Sample], w: &[f64], k: f64, target: Target) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = sigmoid(k * eval(s, w)) - target.of(s);
            d * d
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The `k` that makes `sigmoid(k * value(sample))` fit the results best (golden-section search
/// on a log scale).
fn fit_k(samples: &[&Sample], value: impl Fn(&Sample) -> f64) -> f64 {
    let values: Vec<f64> = samples.iter().map(|s| value(s)).collect();
    let f = |lk: f64| {
        let k = lk.exp();
        samples
            .iter()
            .zip(&values)
            .map(|(s, &v)| {
                let d = sigmoid(k * v) - f64::from(s.result);
                d * d
            })
            .sum::<f64>()
    };
    let (mut a, mut b) = ((1e-4f64).ln(), (0.05f64).ln());
    let phi = 0.618_033_988_75;
    for _ in 0..40 {
        let c = b - phi * (b - a);
        let d = a + phi * (b - a);
        if f(c) < f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0).exp()
}

/// Which features a fit may change: those of the named groups, or all when none is named.
/// Panics on a name that is not a group (the command line checks names first).
pub fn free_features(only: &[String]) -> Vec<bool> {
    if only.is_empty() {
        return vec![true; NUM_FEATURES];
    }
    let mut free = vec![false; NUM_FEATURES];
    for name in only {
        let &(_, first, size) = features::GROUPS
            .iter()
            .find(|g| g.0 == name)
            .unwrap_or_else(|| panic!("no feature group {name:?}"));
        free[first..first + size].fill(true);
    }
    free
}

/// Fits the weights to the positions in `data`, starting from `start` (in 1/`SCALE` cp).
/// Returns the weights (same units) and a report; `progress` hears (epoch, train, validation
/// error) now and then.
pub fn tune(
    data: &str,
    start: &[i32],
    config: &TuneConfig,
    progress: &mut dyn FnMut(usize, f64, f64),
) -> (Vec<i32>, TuneReport) {
    let samples = read_samples(data, |sfen| {
        let pos = Position::from_sfen(sfen).ok()?;
        (!pos.in_check()).then(|| features::trace(&pos).features)
    });
    let free = free_features(&config.only);
    fit(
        &samples,
        start,
        &free,
        features::OWN_KING_REL,
        config,
        progress,
    )
}

/// `tune` for a variant's evaluation (`eval::variant`): the positions are the variant's SFENs,
/// the weights start from `eval`'s, and every feature group is fitted (those the configuration
/// names, when it names any).
pub fn tune_variant(
    id: VariantId,
    eval: &VariantEval,
    data: &str,
    config: &TuneConfig,
    progress: &mut dyn FnMut(usize, f64, f64),
) -> Result<(Vec<i32>, TuneReport), WeightsError> {
    let layout = eval.layout();
    // The exchanges are valued by the hand-set material, so that which positions are quiet does
    // not depend on the weights compiled in (the fit must reproduce itself).
    let see_eval = Arc::new(VariantEval::hand_set(id.rules()));
    let samples = read_samples(data, |sfen| {
        let mut pos = VPosition::from_sfen(id, sfen).ok()?;
        if pos.in_check_now() {
            return None;
        }
        if config.quiet_only
            && VBoard::new(pos.clone(), &[], Arc::clone(&see_eval)).has_winning_capture()
        {
            return None;
        }
        eval.trace(&pos)
            .into_iter()
            .map(|(i, c)| Some((u16::try_from(i).ok()?, i16::try_from(c).ok()?)))
            .collect()
    });
    let mut free = vec![config.only.is_empty(); layout.size()];
    for name in &config.only {
        let Some(&(_, first, size)) = layout.groups().iter().find(|g| g.0 == name) else {
            return Err(WeightsError::UnknownGroup {
                name: name.clone(),
                groups: layout.groups().iter().map(|g| g.0.to_string()).collect(),
            });
        };
        free[first..first + size].fill(true);
    }
    Ok(fit(
        &samples,
        eval.weights(),
        &free,
        layout.material_end(),
        config,
        progress,
    ))
}

/// Fits the weights to `samples` from `start`, changing only the `free` ones; the weights from
/// `material_end` on are pulled towards their start by the L2 penalty.
fn fit(
    samples: &[Sample],
    start: &[i32],
    free: &[bool],
    material_end: usize,
    config: &TuneConfig,
    progress: &mut dyn FnMut(usize, f64, f64),
) -> (Vec<i32>, TuneReport) {
    let size = start.len();
    if samples.is_empty() {
        return (start.to_vec(), TuneReport::default());
    }
    let every = config.validation_every.max(2);
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    // Whole games are held out: positions of one game are too alike to validate each other.
    for s in samples {
        if s.game % every == 0 {
            valid.push(s);
        } else {
            train.push(s);
        }
    }
    let mut w: Vec<f64> = start
        .iter()
        .map(|&x| f64::from(x) / f64::from(SCALE))
        .collect();
    let initial = w.clone();
    let k = fit_k(&train, |s| eval(s, &w));
    let k_score = fit_k(&train, |s| f64::from(s.score));
    let target = Target {
        result_weight: config.result_weight,
        k_score,
    };
    let mut report = TuneReport {
        positions: samples.len(),
        train: train.len(),
        validation: valid.len(),
        k,
        k_score,
        validation_error_start: error(&valid, &w, k, target),
        ..TuneReport::default()
    };
    let (mut m, mut v) = (vec![0.0; size], vec![0.0; size]);
    let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
    let mut best = (report.validation_error_start, 0usize, w.clone());
    let n = train.len().max(1) as f64;
    for epoch in 1..=config.epochs {
        let mut grad = vec![0.0; size];
        for s in &train {
            let p = sigmoid(k * eval(s, &w));
            let g = 2.0 * (p - target.of(s)) * p * (1.0 - p) * k / n;
            for &(i, c) in &s.features {
                grad[i as usize] += g * f64::from(c);
            }
        }
        for i in (0..size).filter(|&i| free[i]) {
            // Material (the features before `material_end`) is not penalised.
            if i >= material_end {
                grad[i] += 2.0 * config.l2 * (w[i] - initial[i]);
            }
            m[i] = beta1 * m[i] + (1.0 - beta1) * grad[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * grad[i] * grad[i];
            let mh = m[i] / (1.0 - beta1.powi(epoch as i32));
            let vh = v[i] / (1.0 - beta2.powi(epoch as i32));
            w[i] -= config.learning_rate * mh / (vh.sqrt() + eps);
        }
        if epoch % 10 == 0 || epoch == config.epochs {
            let ve = error(&valid, &w, k, target);
            if ve < best.0 {
                best = (ve, epoch, w.clone());
            }
            progress(epoch, error(&train, &w, k, target), ve);
        }
    }
    report.validation_error_end = best.0;
    report.best_epoch = best.1;
    let out = best
        .2
        .iter()
        .map(|&x| (x * f64::from(SCALE)).round() as i32)
        .collect();
    (out, report)
}

/// The weights as the data file the engine includes (`src/eval/weights.in`).
pub fn weights_file(weights: &[i32], header: &str) -> String {
    crate::eval::weights_text(weights, header, &features::GROUPS, "src/eval/features.rs")
}

/// Reads a weights file as `weights_file` writes it (and as the engine includes it).
pub fn parse_weights_file(text: &str) -> Result<Vec<i32>, WeightsError> {
    crate::eval::parse_weights(text, NUM_FEATURES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_that_wins_games_gains_value() {
        // Black wins whenever it holds a gold, loses whenever White does: starting from a gold
        // in hand worth nothing, the fit must give the first gold in hand a positive value.
        let mut data = String::new();
        for game in 0..40 {
            data.push_str(&format!("4k4/9/9/9/9/9/9/9/4K4 b G 1\t1\t0\t{game}\n"));
            data.push_str(&format!("4k4/9/9/9/9/9/9/9/4K4 b g 1\t0\t0\t{game}\n"));
            data.push_str(&format!("4k4/9/9/9/9/9/9/9/4K4 b P 1\t0.5\t0\t{game}\n"));
        }
        let gold = features::HAND + 34; // after 18 pawns, 4 lances, 4 knights, 4 silvers, 2+2
        let mut start = crate::eval::initial_weights();
        start[gold] = 0;
        let config = TuneConfig {
            epochs: 50,
            ..TuneConfig::default()
        };
        let (w, report) = tune(&data, &start, &config, &mut |_, _, _| {});
        assert_eq!(report.positions, 120);
        assert!(report.validation_error_end < report.validation_error_start);
        assert!(w[gold] > 0, "gold in hand: {}", w[gold]);
    }

    #[test]
    fn a_variant_fit_follows_the_scores() {
        // Minishogi: Black holding a gold is scored far better than the hand-set weights say,
        // White holding one far worse; the first gold in hand must gain value, and a group name
        // the variant lacks is an error.
        let mut data = String::new();
        for game in 0..40 {
            data.push_str(&format!("4k/5/5/5/K4 b G 1\t0.5\t2000\t{game}\n"));
            data.push_str(&format!("4k/5/5/5/K4 b g 1\t0.5\t-2000\t{game}\n"));
            data.push_str(&format!("4k/5/5/5/K4 b - 1\t0.5\t0\t{game}\n"));
        }
        let id = VariantId::Mini;
        let eval = VariantEval::hand_set(id.rules());
        let gold = eval.layout().groups()[1].1 + 3 * 4; // hand: king, rook, bishop, then gold
        let config = TuneConfig {
            epochs: 50,
            result_weight: 0.0,
            ..TuneConfig::default()
        };
        let (w, report) = tune_variant(id, &eval, &data, &config, &mut |_, _, _| {}).unwrap();
        assert_eq!(report.positions, 120);
        assert!(report.validation_error_end < report.validation_error_start);
        assert!(
            w[gold] > eval.weights()[gold],
            "{} {}",
            w[gold],
            eval.weights()[gold]
        );
        let bad = TuneConfig {
            only: vec!["castles".into()],
            ..config
        };
        assert!(tune_variant(id, &eval, &data, &bad, &mut |_, _, _| {}).is_err());
    }

    #[test]
    fn a_quiet_fit_leaves_out_the_positions_with_a_winning_capture() {
        // The second position: Black's rook takes an undefended gold.
        let mut data = String::new();
        for game in 0..10 {
            data.push_str(&format!("4k/5/5/5/K1R2 b - 1\t0.5\t0\t{game}\n"));
            data.push_str(&format!("4k/5/2g2/5/K1R2 b - 1\t0.5\t900\t{game}\n"));
        }
        let id = VariantId::Mini;
        let eval = VariantEval::hand_set(id.rules());
        let fit = |quiet_only| {
            let config = TuneConfig {
                epochs: 1,
                quiet_only,
                ..TuneConfig::default()
            };
            tune_variant(id, &eval, &data, &config, &mut |_, _, _| {})
                .unwrap()
                .1
                .positions
        };
        assert_eq!(fit(false), 20);
        assert_eq!(fit(true), 10);
    }

    #[test]
    fn groups_left_out_keep_their_weights() {
        let mut data = String::new();
        for game in 0..40 {
            data.push_str(&format!("4k4/9/9/9/9/9/9/9/4K4 b G 1\t1\t0\t{game}\n"));
            data.push_str(&format!("4k4/9/9/9/9/9/9/9/4K4 b g 1\t0\t0\t{game}\n"));
        }
        let gold = features::HAND + 34;
        let mut start = crate::eval::initial_weights();
        start[gold] = 0;
        let config = TuneConfig {
            epochs: 50,
            only: vec!["king square".to_owned()],
            ..TuneConfig::default()
        };
        let (w, _) = tune(&data, &start, &config, &mut |_, _, _| {});
        let &(_, first, size) = features::GROUPS
            .iter()
            .find(|g| g.0 == "king square")
            .unwrap();
        for (i, (&a, &b)) in w.iter().zip(&start).enumerate() {
            if !(first..first + size).contains(&i) {
                assert_eq!(a, b, "feature {i} moved");
            }
        }
    }

    #[test]
    fn the_score_column_gets_its_own_scale() {
        // Positions scored +-S win three times in four for the side the score favours, so the
        // score's win chance fits sigmoid(k * S) = 3/4: k = ln 3 / S, whatever unit S is in.
        let data = |s: i32| {
            let mut text = String::new();
            for game in 0..20 {
                for (score, result) in [
                    (s, 1),
                    (s, 1),
                    (s, 1),
                    (s, 0),
                    (-s, 0),
                    (-s, 0),
                    (-s, 0),
                    (-s, 1),
                ] {
                    text.push_str(&format!(
                        "4k4/9/9/9/9/9/9/9/4K4 b - 1\t{result}\t{score}\t{game}\n"
                    ));
                }
            }
            text
        };
        let config = TuneConfig {
            epochs: 1,
            ..TuneConfig::default()
        };
        let start = crate::eval::initial_weights();
        for s in [300, 3000] {
            let (_, report) = tune(&data(s), &start, &config, &mut |_, _, _| {});
            let expected = 3f64.ln() / f64::from(s);
            assert!(
                (report.k_score / expected - 1.0).abs() < 0.01,
                "scores of {s}: k = {}, expected {expected}",
                report.k_score
            );
        }
    }

    #[test]
    fn weights_file_has_every_weight() {
        let w: Vec<i32> = (0..NUM_FEATURES as i32).collect();
        let text = weights_file(&w, "test");
        let numbers: Vec<i32> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .flat_map(|l| l.split([',', '[', ']']))
            .filter_map(|t| t.trim().parse().ok())
            .collect();
        assert_eq!(numbers, w);
        assert_eq!(parse_weights_file(&text).unwrap(), w);
        assert!(parse_weights_file("[1, 2, 3]").is_err());
        assert!(parse_weights_file(&text.replace("[\n", "[\n x,")).is_err());
    }

    #[test]
    fn the_committed_weights_file_parses_to_the_compiled_weights() {
        let text = include_str!("../eval/weights.in");
        assert_eq!(
            parse_weights_file(text).unwrap(),
            crate::eval::WEIGHTS.to_vec()
        );
    }
}
