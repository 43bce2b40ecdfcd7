//! The fit of the king-piece table (`eval::kp`) to scored self-play positions (`datagen`).
//!
//! The table is fitted on top of the rest of the evaluation, which stays as it is: each position
//! is reduced once to the rest's value (side to move, centipawns) and its table entries in each
//! side's view; the prediction is `sigmoid(k * (rest + table))`, with `k` fitted to the games'
//! results from the rest alone, and the target blends the game's result with the win chance of
//! the deeper search's score, `sigmoid(k * score)` (the scores are Hisha's own centipawns).
//! Beside each entry's own value the fit learns values many entries share (`Factors`), and the
//! table written is the sum. Adam minimises the squared error over mini-batches in an order
//! shuffled by a fixed seed, with an L2 pull towards zero on the entries' own values (not on
//! the shared ones); one game in `validation_every` is held out, and the epoch with the lowest
//! held-out error is kept. Everything runs on one thread in a fixed order, so the same
//! data and configuration give the same table byte for byte.

use super::datagen::GameRecord;
use crate::eval::kp::{entry, Entry, View, BOARD_SLOTS, HAND_ENTRIES, SCALE, SIZE};
use crate::shogi::{Color, Position};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// How to fit.
#[derive(Clone, Debug)]
pub struct KpConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions a step.
    pub batch: usize,
    /// Adam's step, centipawns.
    pub learning_rate: f64,
    /// Weight of the game result in the target (the rest: the score's win chance).
    pub result_weight: f64,
    /// L2 pull of every entry's own value towards zero (not of the shared values).
    pub l2: f64,
    /// One game in this many is held out.
    pub validation_every: u64,
    /// The seed of the order.
    pub seed: u64,
    /// Fit shared values beside the table's own (`Factors`).
    pub factors: bool,
}

impl Default for KpConfig {
    fn default() -> Self {
        KpConfig {
            epochs: 6,
            batch: 4096,
            learning_rate: 0.1,
            result_weight: 0.0,
            l2: 1e-6,
            validation_every: 10,
            seed: 1,
            factors: true,
        }
    }
}

/// What the fit saw and did.
#[derive(Clone, Debug, Default)]
pub struct KpReport {
    /// Positions read.
    pub positions: usize,
    /// Of which fitted to.
    pub train: usize,
    /// Of which held out.
    pub validation: usize,
    /// The sigmoid's scale, per centipawn.
    pub k: f64,
    /// Each epoch's training and held-out error (epoch 0: before the fit).
    pub errors: Vec<(f64, f64)>,
    /// The epoch kept.
    pub best_epoch: usize,
}

/// The positions, reduced: each one's rest of the evaluation, target, side and table entries.
#[derive(Default)]
struct Samples {
    /// Black's view's entries, then White's, of every position in turn.
    entries: Vec<u32>,
    /// Where each position's entries start, where its White view's start, and where they end.
    bounds: Vec<[u32; 3]>,
    /// The rest of the evaluation, centipawns, side to move.
    rest: Vec<f32>,
    /// The game's result for the side to move (1, 0.5, 0).
    result: Vec<f32>,
    /// The deeper search's score, centipawns, side to move.
    score: Vec<f32>,
    /// +1 with Black to move, -1 with White.
    sign: Vec<f32>,
}

impl Samples {
    fn push(&mut self, pos: &Position, score: i32, black_result: f32) {
        let (Some(black), Some(white)) = (View::of(pos, Color::Black), View::of(pos, Color::White))
        else {
            return;
        };
        let start = self.entries.len() as u32;
        black.for_each(pos, &mut |e| self.entries.push(e as u32));
        let mid = self.entries.len() as u32;
        white.for_each(pos, &mut |e| self.entries.push(e as u32));
        self.bounds.push([start, mid, self.entries.len() as u32]);
        let black_to_move = pos.side_to_move() == Color::Black;
        self.rest.push(crate::eval::evaluate(pos) as f32);
        self.result.push(if black_to_move {
            black_result
        } else {
            1.0 - black_result
        });
        self.score.push(score as f32);
        self.sign.push(if black_to_move { 1.0 } else { -1.0 });
    }

    fn len(&self) -> usize {
        self.bounds.len()
    }

    /// Position `i`'s table value, Black's view, centipawns.
    #[inline]
    fn table(&self, i: usize, w: &[f32]) -> f32 {
        let [a, b, c] = self.bounds[i];
        let e = &self.entries;
        let black: f32 = e[a as usize..b as usize]
            .iter()
            .map(|&x| w[x as usize])
            .sum();
        let white: f32 = e[b as usize..c as usize]
            .iter()
            .map(|&x| w[x as usize])
            .sum();
        black - white
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The `k` that best predicts the results from `value`, by golden-section search.
fn fit_k(n: usize, value: impl Fn(usize) -> f64, result: impl Fn(usize) -> f64) -> f64 {
    let err = |k: f64| -> f64 {
        (0..n)
            .map(|i| (sigmoid(k * value(i)) - result(i)).powi(2))
            .sum()
    };
    let (mut lo, mut hi) = (1e-5f64, 0.05f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if err(a) < err(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Values that many entries of the table share, fitted beside the table itself (as learned
/// evaluations are trained with "factorised" features): every board entry also gets the value
/// of its piece on its square whatever the king's square, and of its piece at its offset from
/// the king; every hand entry the value of its hand piece whatever the king's square. A rare
/// entry so starts from what its commoner relatives learned, and the table generalises from far
/// less data. The table written is the sum, so the engine sees one table as before.
struct Factors {
    /// Each table entry's two factors, as indices into the fitted values.
    of: Vec<[u32; 2]>,
    /// Fitted values in all (the table's, then the factors').
    params: usize,
}

impl Factors {
    /// Piece-square factors: a slot on a square.
    const SQUARE: usize = BOARD_SLOTS * 81;
    /// Offsets from the king: 17 files by 17 ranks a slot.
    const OFFSET: usize = BOARD_SLOTS * 17 * 17;

    /// The factors, or with `on` false none (each entry's factors are then one unused value).
    fn new(on: bool) -> Factors {
        let square = SIZE;
        let offset = square + Self::SQUARE;
        let hand = offset + Self::OFFSET;
        let unused = hand + HAND_ENTRIES;
        let of = (0..SIZE)
            .map(|e| {
                if !on {
                    return [unused as u32; 2];
                }
                match entry(e) {
                    Entry::Board {
                        king,
                        slot,
                        square: sq,
                    } => {
                        let df = sq / 9 + 8 - king / 9;
                        let dr = sq % 9 + 8 - king % 9;
                        [
                            (square + slot * 81 + sq) as u32,
                            (offset + (slot * 17 + df) * 17 + dr) as u32,
                        ]
                    }
                    Entry::Hand { index, .. } => [(hand + index) as u32, unused as u32],
                }
            })
            .collect();
        Factors {
            of,
            params: unused + 1,
        }
    }

    fn params(&self) -> usize {
        self.params
    }

    /// The table from the fitted values.
    fn fold(&self, w: &[f32], table: &mut [f32]) {
        let unused = self.params - 1;
        for (e, (t, [a, b])) in table.iter_mut().zip(&self.of).enumerate() {
            let f = |i: u32| {
                if i as usize == unused {
                    0.0
                } else {
                    w[i as usize]
                }
            };
            *t = w[e] + f(*a) + f(*b);
        }
    }

    /// The fitted values' gradient from the table's.
    fn spread(&self, table_grad: &[f32], grad: &mut [f32]) {
        grad[..SIZE].copy_from_slice(table_grad);
        grad[SIZE..].fill(0.0);
        for (&g, [a, b]) in table_grad.iter().zip(&self.of) {
            grad[*a as usize] += g;
            grad[*b as usize] += g;
        }
        grad[self.params - 1] = 0.0;
    }
}

/// Fits the table to the scored positions of `games`; `progress` hears each epoch's errors.
pub fn fit_kp(
    games: impl IntoIterator<Item = GameRecord>,
    config: &KpConfig,
    progress: &mut dyn FnMut(usize, f64, f64),
) -> (Box<[i16]>, KpReport) {
    let (mut train, mut valid) = (Samples::default(), Samples::default());
    let every = config.validation_every.max(2);
    for game in games {
        let set = if game.game % every == 0 {
            &mut valid
        } else {
            &mut train
        };
        game.for_each_scored(&mut |pos, score| set.push(pos, score, game.result));
    }
    let mut report = KpReport {
        positions: train.len() + valid.len(),
        train: train.len(),
        validation: valid.len(),
        ..KpReport::default()
    };
    if train.len() == 0 {
        return (vec![0; SIZE].into_boxed_slice(), report);
    }
    let k = fit_k(
        train.len(),
        |i| f64::from(train.rest[i]),
        |i| f64::from(train.result[i]),
    );
    report.k = k;
    let lambda = config.result_weight;
    let target = |s: &Samples, i: usize| -> f64 {
        lambda * f64::from(s.result[i]) + (1.0 - lambda) * sigmoid(k * f64::from(s.score[i]))
    };
    let predict = |s: &Samples, i: usize, w: &[f32]| -> f64 {
        sigmoid(k * f64::from(s.rest[i] + s.sign[i] * s.table(i, w)))
    };
    let error = |s: &Samples, w: &[f32]| -> f64 {
        let n = s.len().max(1) as f64;
        (0..s.len())
            .map(|i| (predict(s, i, w) - target(s, i)).powi(2))
            .sum::<f64>()
            / n
    };
    // The fitted values: the table itself, then the factors every value also gets (`Factors`).
    let factors = Factors::new(config.factors);
    let params = factors.params();
    let mut w = vec![0f32; params];
    let (mut m, mut v) = (vec![0f32; params], vec![0f32; params]);
    let mut grad = vec![0f32; params];
    // The table the values add up to, and its gradient.
    let mut table = vec![0f32; SIZE];
    let mut table_grad = vec![0f32; SIZE];
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let lr = config.learning_rate as f32;
    let l2 = config.l2 as f32;
    let start_errors = (error(&train, &table), error(&valid, &table));
    report.errors.push(start_errors);
    progress(0, start_errors.0, start_errors.1);
    let mut best = (start_errors.1, 0usize, table.clone());
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut step = 0i32;
    for epoch in 1..=config.epochs {
        let mut rng = StdRng::seed_from_u64(config.seed.wrapping_add(epoch as u64));
        order.shuffle(&mut rng);
        for batch in order.chunks(config.batch.max(1)) {
            table_grad.fill(0.0);
            let scale = 1.0 / batch.len() as f64;
            for &i in batch {
                let i = i as usize;
                let p = predict(&train, i, &table);
                // d(error)/d(table value, Black's view): the chain through the sigmoid.
                let g = (2.0 * (p - target(&train, i)) * p * (1.0 - p) * k * scale) as f32
                    * train.sign[i];
                let [a, b, c] = train.bounds[i];
                for &e in &train.entries[a as usize..b as usize] {
                    table_grad[e as usize] += g;
                }
                for &e in &train.entries[b as usize..c as usize] {
                    table_grad[e as usize] -= g;
                }
            }
            factors.spread(&table_grad, &mut grad);
            step += 1;
            let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            for j in 0..params {
                // The pull is on the table's own values: the factors are what it falls back on.
                let g = grad[j] + if j < SIZE { l2 * w[j] } else { 0.0 };
                m[j] = beta1 * m[j] + (1.0 - beta1) * g;
                v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
                w[j] -= lr * (m[j] / c1) / ((v[j] / c2).sqrt() + eps);
            }
            factors.fold(&w, &mut table);
        }
        let errors = (error(&train, &table), error(&valid, &table));
        report.errors.push(errors);
        progress(epoch, errors.0, errors.1);
        if errors.1 < best.0 {
            best = (errors.1, epoch, table.clone());
        }
    }
    report.best_epoch = best.1;
    let table = best
        .2
        .iter()
        .map(|&x| (x * SCALE as f32).round().clamp(-32767.0, 32767.0) as i16)
        .collect();
    (table, report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::kp;
    use crate::shogi::{parse_usi_move, Position};

    /// A game record of `moves` from `sfen`, every position scored `score` for the side to move.
    fn record(game: u64, result: f32, sfen: &str, moves: &[&str], score: i32) -> GameRecord {
        let start = Position::from_sfen(sfen).unwrap();
        let mut pos = start.clone();
        let moves = moves
            .iter()
            .map(|t| {
                let m = parse_usi_move(&pos, t).unwrap();
                pos.make_move(m);
                (m, Some(score))
            })
            .collect();
        GameRecord {
            game,
            result,
            start,
            moves,
        }
    }

    #[test]
    fn a_piece_near_the_enemy_king_that_wins_games_gains_value() {
        // Black wins every game with a gold next to White's king, and loses every game with
        // the gold far away: the fit must value the gold near the king more for Black.
        let near = "4k4/9/4G4/9/9/9/9/9/4K4 w - 1";
        let far = "4k4/9/9/9/9/9/9/G8/4K4 w - 1";
        let moves = ["5a4a", "5i4i", "4a5a", "4i5i"];
        let mut games = Vec::new();
        for g in 0..60 {
            games.push(record(g, 1.0, near, &moves, 0));
            games.push(record(100 + g, 0.0, far, &moves, 0));
        }
        let config = KpConfig {
            epochs: 20,
            batch: 16,
            learning_rate: 2.0,
            result_weight: 1.0,
            ..KpConfig::default()
        };
        let (table, report) = fit_kp(games, &config, &mut |_, _, _| {});
        assert!(report.train > 0 && report.validation > 0);
        let (first, last) = (report.errors[0], report.errors[report.best_epoch]);
        assert!(last.1 < first.1, "{:?}", report.errors);
        let value = |sfen: &str| kp::evaluate(&Position::from_sfen(sfen).unwrap(), &table);
        assert!(
            value(near) > value(far) + 50,
            "{} {}",
            value(near),
            value(far)
        );
    }

    #[test]
    fn the_factors_carry_what_was_learned_to_king_squares_never_seen() {
        // The kings stand on the 5th file in every game. Black wins three games in four with its
        // gold two squares in front of White's king, one in four with it on 9h. With both kings
        // on the 4th file, table rows no position touched, only the shared values can tell the
        // two apart: the gold at the same offset from the kings, or on the same square.
        let near = "4k3r/9/4G4/9/9/9/9/9/4K3R b - 1";
        let far = "4k3r/9/9/9/9/9/9/G8/4K3R b - 1";
        let moves = ["1i1h", "1a1b", "1h1i", "1b1a"];
        let mut games = Vec::new();
        for g in 0..200 {
            let won = if g % 4 == 0 { 0.0 } else { 1.0 };
            games.push(record(g, won, near, &moves, 0));
            games.push(record(1000 + g, 1.0 - won, far, &moves, 0));
        }
        let value =
            |table: &[i16], sfen: &str| kp::evaluate(&Position::from_sfen(sfen).unwrap(), table);
        let (near_4, far_4) = (
            "5k2r/9/5G3/9/9/9/9/9/5K2R b - 1",
            "5k2r/9/9/9/9/9/9/G8/5K2R b - 1",
        );
        for factors in [true, false] {
            let config = KpConfig {
                epochs: 10,
                batch: 64,
                learning_rate: 2.0,
                result_weight: 1.0,
                factors,
                ..KpConfig::default()
            };
            let (table, _) = fit_kp(games.clone(), &config, &mut |_, _, _| {});
            let (a, b) = (value(&table, near), value(&table, far));
            assert!(a > b + 50, "{a} {b}");
            let (a, b) = (value(&table, near_4), value(&table, far_4));
            if factors {
                assert!(a > b + 50, "{a} {b}");
            } else {
                assert_eq!((a, b), (0, 0));
            }
        }
    }

    #[test]
    fn the_same_data_give_the_same_table() {
        let games: Vec<GameRecord> = (0..8)
            .map(|g| {
                record(
                    g,
                    (g % 3) as f32 / 2.0,
                    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                    &["7g7f", "3c3d", "2g2f"],
                    (g as i32 - 4) * 30,
                )
            })
            .collect();
        let config = KpConfig {
            epochs: 3,
            batch: 4,
            ..KpConfig::default()
        };
        let a = fit_kp(games.clone(), &config, &mut |_, _, _| {}).0;
        let b = fit_kp(games, &config, &mut |_, _, _| {}).0;
        assert_eq!(a, b);
        assert_eq!(a.len(), kp::SIZE);
    }
}
