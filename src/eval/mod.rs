//! Static evaluation: material, with pieces in hand worth more than pieces on the board, plus
//! "form" (`form.rs`: king safety and piece placement relative to both kings).
//!
//! The seed article asks for a very high king value (it is never traded, so it does not enter the
//! sum here; the search knows mate), a high tokin value (a tokin costs the opponent a gold-like
//! piece but gives back only a pawn when taken), and pieces in hand worth 30% more than on the board
//! because a piece in hand can be dropped anywhere. Scores are in centipawns from the point of view
//! of the side to move.

pub mod form;

use crate::shogi::{Color, PieceKind, Position};

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

/// Hand bonus as a percentage of the board value (the seed's 30%).
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

/// The evaluation (material and form) from the side to move's point of view.
pub fn evaluate(pos: &Position) -> Value {
    from_side_to_move(pos, material(pos) + form::form(pos))
}

/// Material only, from the side to move's point of view (the reference for measuring form).
pub fn evaluate_material(pos: &Position) -> Value {
    from_side_to_move(pos, material(pos))
}

/// A readable breakdown of the evaluation: the `eval` command prints it.
pub fn explain(pos: &Position) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let board = |c: Color| -> Value {
        PieceKind::ALL
            .iter()
            .filter(|&&k| k != PieceKind::King)
            .map(|&k| pos.pieces(c, k).count() as Value * PIECE_VALUE[k.index()])
            .sum()
    };
    let hand = |c: Color| -> Value {
        PieceKind::HAND
            .iter()
            .map(|&k| pos.hand(c).count(k) as Value * HAND_VALUE[k.index()])
            .sum()
    };
    let b = form::side_terms(pos, Color::Black);
    let w = form::side_terms(pos, Color::White);
    let _ = writeln!(out, "term              black    white    black-white");
    let mut row = |name: &str, x: Value, y: Value| {
        let _ = writeln!(out, "{name:<16} {x:>6}   {y:>6}   {:>8}", x - y);
    };
    row("material board", board(Color::Black), board(Color::White));
    row("material hand", hand(Color::Black), hand(Color::White));
    row("defence", b.defence, w.defence);
    row("attack", b.attack, w.attack);
    row("drop pressure", b.drop_pressure, w.drop_pressure);
    row("king placement", b.king_placement, w.king_placement);
    row("mobility", b.mobility, w.mobility);
    let total = material(pos) + form::form(pos);
    let _ = writeln!(out, "total (black's view): {total}");
    let _ = writeln!(out, "total (side to move's view): {}", evaluate(pos));
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
            .take(7)
            .map(|l| {
                l.split_whitespace()
                    .last()
                    .unwrap()
                    .parse::<Value>()
                    .unwrap()
            })
            .sum();
        assert_eq!(diffs, material(&p) + form::form(&p));
        assert!(text.contains(&format!("side to move's view): {}", evaluate(&p))));
    }

    #[test]
    fn startpos_is_level() {
        assert_eq!(evaluate(&Position::startpos()), 0);
        assert_eq!(evaluate_material(&Position::startpos()), 0);
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
