//! Static evaluation: material, with pieces in hand worth more than pieces on the board, plus
//! "form" (`features.rs`: king safety, castles, piece placement relative to both kings and the
//! rest), a weighted sum whose weights are learned (`weights.in`, written by `hisha tune`).
//!
//! The design asks for a very high king value (it is never traded, so it does not enter the
//! sum here; the search knows mate), a high tokin value (a tokin costs the opponent a gold-like
//! piece but gives back only a pawn when taken), and pieces in hand worth 30% more than on the board
//! because a piece in hand can be dropped anywhere. Scores are in centipawns from the point of view
//! of the side to move.

pub mod features;
pub mod kp;
pub mod variant;

use crate::shogi::{Color, Hand, PieceKind, Position};

/// Why a weights file, or a list of feature groups, was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// A token that is not an integer.
    NotAWeight(String),
    /// Another number of weights than the evaluation has.
    Count {
        /// Weights read.
        found: usize,
        /// The evaluation's.
        expected: usize,
    },
    /// A feature group the evaluation does not have; the groups it has.
    UnknownGroup {
        /// The name given.
        name: String,
        /// The names there are.
        groups: Vec<String>,
    },
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeightsError::NotAWeight(t) => write!(f, "'{t}' is not a weight"),
            WeightsError::Count { found, expected } => {
                write!(f, "{found} weights, the evaluation has {expected}")
            }
            WeightsError::UnknownGroup { name, groups } => write!(
                f,
                "unknown evaluation group '{name}' (groups: {})",
                groups.join(", ")
            ),
        }
    }
}

impl std::error::Error for WeightsError {}

/// Reads a weights file as `weights_text` writes it (and as the engine includes it): `//`
/// comments, then `size` numbers in brackets.
pub fn parse_weights(text: &str, size: usize) -> Result<Vec<i32>, WeightsError> {
    let mut weights = Vec::with_capacity(size);
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        for token in code.split([',', '[', ']']) {
            let token = token.trim();
            if token.is_empty() {
                continue;
            }
            let w = token
                .parse()
                .map_err(|_| WeightsError::NotAWeight(token.to_string()))?;
            weights.push(w);
        }
    }
    if weights.len() != size {
        return Err(WeightsError::Count {
            found: weights.len(),
            expected: size,
        });
    }
    Ok(weights)
}

/// A weights file: `header` as comments, then the weights group by group (name, first index,
/// size), twelve to a line; `source` names the file that defines the features.
pub fn weights_text(
    weights: &[i32],
    header: &str,
    groups: &[(&str, usize, usize)],
    source: &str,
) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for line in header.lines() {
        let _ = writeln!(out, "// {line}");
    }
    let _ = writeln!(
        out,
        "// Weights in 1/{} centipawn, by feature group (see {source}).",
        features::SCALE
    );
    out.push_str("[\n");
    for &(name, first, size) in groups {
        let _ = writeln!(out, "    // {name}");
        for chunk in weights[first..first + size].chunks(12) {
            let line: Vec<String> = chunk.iter().map(|x| x.to_string()).collect();
            let _ = writeln!(out, "    {},", line.join(", "));
        }
    }
    out.push_str("]\n");
    out
}

/// A search score in centipawns (or a mate score, see `search`).
pub type Value = i32;

/// Board values by `PieceKind` index.
pub const PIECE_VALUE: [Value; 14] = [
    100,   // pawn
    350,   // lance
    420,   // knight
    550,   // silver
    850,   // bishop
    1000,  // rook
    600,   // gold
    15000, // king (only used for move ordering and exchange estimates)
    600,   // tokin: as good as a gold on the board, and cheap to lose
    590,   // promoted lance
    590,   // promoted knight
    590,   // promoted silver
    1150,  // horse
    1350,  // dragon
];

/// Hand bonus as a percentage of the board value: a piece in hand can be dropped anywhere.
pub const HAND_BONUS_PERCENT: Value = 30;

/// Value of one piece of a hand kind held in hand.
pub const fn hand_value(kind: PieceKind) -> Value {
    PIECE_VALUE[kind.index()] * (100 + HAND_BONUS_PERCENT) / 100
}

/// Hand values by hand-kind index.
pub const HAND_VALUE: [Value; 7] = [
    hand_value(PieceKind::Pawn),
    hand_value(PieceKind::Lance),
    hand_value(PieceKind::Knight),
    hand_value(PieceKind::Silver),
    hand_value(PieceKind::Bishop),
    hand_value(PieceKind::Rook),
    hand_value(PieceKind::Gold),
];

/// Material balance from Black's point of view.
pub fn material(pos: &Position) -> Value {
    let mut v = 0;
    for kind in PieceKind::ALL {
        if kind == PieceKind::King {
            continue;
        }
        let n = pos.pieces(Color::Black, kind).count() as Value
            - pos.pieces(Color::White, kind).count() as Value;
        v += n * PIECE_VALUE[kind.index()];
    }
    for kind in PieceKind::HAND {
        let n = pos.hand(Color::Black).count(kind) as Value
            - pos.hand(Color::White).count(kind) as Value;
        v += n * HAND_VALUE[kind.index()];
    }
    v
}

/// One weight per feature, in 1/`features::SCALE` centipawn.
pub type Weights = [i32; features::NUM_FEATURES];

/// The learned weights (`make tune` writes them).
pub static WEIGHTS: Weights = include!("weights.in");

/// The evaluation (material and form, learned weights) from the side to move's point of view.
#[inline]
pub fn evaluate(pos: &Position) -> Value {
    evaluate_with(pos, &WEIGHTS)
}

/// No static evaluation goes beyond this, whatever the weights: it stays below the search's mate
/// scores and fits the 16 bits the transposition table keeps (the weights fitted with no L2
/// pull reach about 16,000 with every piece on one side).
pub const EVAL_LIMIT: Value = 30_000;

/// The evaluation with other weights (`weights_without`), from the side to move's point of view.
#[inline]
pub fn evaluate_with(pos: &Position, weights: &Weights) -> Value {
    from_side_to_move(pos, features::score(pos, weights)).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// The name by which an option or a command line picks feature group `g`: its name in
/// `features::GROUPS` with underscores (`near_own_king`, `castles`, `control_tempo`).
pub fn group_key(g: usize) -> String {
    features::GROUPS[g].0.replace(", ", "_").replace(' ', "_")
}

/// The learned weights with the groups named in `groups` (`group_key`s separated by `,` or `+`, or
/// empty for none) set to zero: the engine without those parts, to measure what each is worth.
pub fn weights_without(groups: &str) -> Result<Box<Weights>, WeightsError> {
    let mut w = Box::new(WEIGHTS);
    for name in groups
        .split([',', '+'])
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        let g = (0..features::GROUPS.len())
            .find(|&g| group_key(g).eq_ignore_ascii_case(name))
            .ok_or_else(|| WeightsError::UnknownGroup {
                name: name.to_string(),
                groups: (0..features::GROUPS.len()).map(group_key).collect(),
            })?;
        let (_, start, len) = features::GROUPS[g];
        w[start..start + len].fill(0);
    }
    Ok(w)
}

/// Material only, with the hand-set values (the reference for measuring the form terms).
pub fn evaluate_material(pos: &Position) -> Value {
    from_side_to_move(pos, material(pos))
}

/// The starting point of tuning: the hand-set material values, everything else zero.
pub fn initial_weights() -> Vec<i32> {
    let mut w = vec![0; features::NUM_FEATURES];
    for kind in PieceKind::ALL {
        if kind != PieceKind::King {
            w[features::MATERIAL + kind.index()] = PIECE_VALUE[kind.index()] * features::SCALE;
        }
    }
    let mut i = features::HAND;
    for (h, &max) in Hand::MAX.iter().enumerate() {
        for _ in 0..max {
            w[i] = HAND_VALUE[h] * features::SCALE;
            i += 1;
        }
    }
    w
}

/// A readable breakdown of the evaluation by feature group: the `eval` command prints it.
pub fn explain(pos: &Position) -> String {
    use std::fmt::Write;
    let trace = features::trace(pos);
    let mut parts = [[0i64; 2]; features::GROUPS.len()];
    for &(index, count) in &trace.features {
        let (group, _) = features::group_of(index as usize);
        let side = usize::from(count < 0);
        parts[group][side] += i64::from(WEIGHTS[index as usize]) * i64::from(count.abs());
    }
    let mut out = String::new();
    let _ = writeln!(out, "term                  black    white    black-white");
    for (g, &(name, _, _)) in features::GROUPS.iter().enumerate() {
        let b = parts[g][0] / i64::from(features::SCALE);
        let w = parts[g][1] / i64::from(features::SCALE);
        let _ = writeln!(out, "{name:<20} {b:>6}   {w:>6}   {:>8}", b - w);
    }
    let opening = features::opening_factor(pos);
    let _ = writeln!(out, "opening factor (castles count fully at 8): {opening}");
    let black_view = features::score(pos, &WEIGHTS);
    let _ = writeln!(out, "total (black's view): {black_view}");
    let _ = writeln!(out, "total (side to move's view): {}", evaluate(pos));
    if kp::TABLE.iter().any(|&v| v != 0) {
        let learned = kp::evaluate(pos, &kp::TABLE);
        let _ = writeln!(out, "king-piece table (black's view, Eval_KP): {learned}");
        let _ = writeln!(
            out,
            "with it (side to move's view): {}",
            (evaluate(pos) + from_side_to_move(pos, learned)).clamp(-EVAL_LIMIT, EVAL_LIMIT)
        );
    }
    out
}

fn from_side_to_move(pos: &Position, black_view: Value) -> Value {
    match pos.side_to_move() {
        Color::Black => black_view,
        Color::White => -black_view,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explanation_adds_up() {
        let p = Position::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        )
        .unwrap();
        let text = explain(&p);
        let diffs: Value = text
            .lines()
            .skip(1)
            .take(features::GROUPS.len())
            .map(|l| {
                l.split_whitespace()
                    .last()
                    .unwrap()
                    .parse::<Value>()
                    .unwrap()
            })
            .sum();
        // Each group is rounded down on its own: the parts add up to the total within rounding.
        let total = features::score(&p, &WEIGHTS);
        assert!((diffs - total).abs() <= 2 * features::GROUPS.len() as Value);
        assert!(text.contains(&format!("side to move's view): {}", evaluate(&p))));
    }

    #[test]
    fn startpos_is_level() {
        // Everything cancels but the side to move's terms: its tempo, and its cell of the
        // race-to-move table where neither side presses the other's king.
        let to_move =
            (WEIGHTS[features::TEMPO] + WEIGHTS[features::RACE_TO_MOVE]) / features::SCALE;
        assert_eq!(evaluate(&Position::startpos()), to_move);
        assert_eq!(evaluate_material(&Position::startpos()), 0);
    }

    #[test]
    fn groups_switch_off_by_name() {
        let p = Position::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        )
        .unwrap();
        assert_eq!(*weights_without("").unwrap(), WEIGHTS);
        // Every group after the two material ones, in one list ('+' and ',' both separate).
        let form: Vec<String> = (2..features::GROUPS.len()).map(group_key).collect();
        let no_form = weights_without(&form.join("+").replacen('+', ", ", 3)).unwrap();
        // Without every form group only the learned material is left.
        let material_only = features::score(&p, &no_form);
        let full = features::score(&p, &WEIGHTS);
        assert_ne!(material_only, full);
        let mut material_weights = Box::new([0; features::NUM_FEATURES]);
        material_weights[..features::OWN_KING_REL]
            .copy_from_slice(&WEIGHTS[..features::OWN_KING_REL]);
        assert_eq!(material_only, features::score(&p, &material_weights));
        assert!(weights_without("castles,nonsense").is_err());
    }

    #[test]
    fn hand_worth_thirty_percent_more() {
        assert_eq!(HAND_VALUE[PieceKind::Rook.index()], 1300);
        let p = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b R 1").unwrap();
        assert_eq!(evaluate_material(&p), 1300);
        let p = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w R 1").unwrap();
        assert_eq!(evaluate_material(&p), -1300);
    }
}
