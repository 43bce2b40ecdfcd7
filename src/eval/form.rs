//! "Form": what the seed article asks an evaluation to see beyond material.
//!
//! - Defence: golds, silvers and promoted pieces standing close to their own king.
//! - Attack: pieces standing close to the enemy king.
//! - Drop pressure: pieces in hand against empty squares next to the enemy king (where drops land).
//! - King placement: a king that has left its back ranks is exposed (until it enters the enemy
//!   camp, where it is safe again).
//! - Mobility of bishops, rooks, horses and dragons.
//!
//! The weights are set by hand for now; the evaluation issue replaces them with learned ones.
//! Everything is computed from Black's point of view and is symmetric by construction.

use super::Value;
use crate::shogi::attacks::{bishop_attacks, rook_attacks};
use crate::shogi::{Color, PieceKind, Position};

/// Chebyshev distance between two squares.
const fn distance_table() -> [[u8; 81]; 81] {
    let mut t = [[0u8; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut b = 0;
        while b < 81 {
            let df = (a / 9) as i32 - (b / 9) as i32;
            let dr = (a % 9) as i32 - (b % 9) as i32;
            let df = if df < 0 { -df } else { df };
            let dr = if dr < 0 { -dr } else { dr };
            t[a][b] = if df > dr { df as u8 } else { dr as u8 };
            b += 1;
        }
        a += 1;
    }
    t
}
static DISTANCE: [[u8; 81]; 81] = distance_table();

/// Weight of a piece by its distance to a king (index = distance), in percent.
const CLOSENESS: [Value; 9] = [0, 100, 65, 30, 10, 0, 0, 0, 0];

/// Defence value of each kind next to its own king, by `PieceKind` index.
const DEFENCE: [Value; 14] = [
    5,  // pawn
    0,  // lance
    5,  // knight
    40, // silver
    10, // bishop
    5,  // rook
    50, // gold
    0,  // king
    45, // tokin
    45, // promoted lance
    45, // promoted knight
    45, // promoted silver
    55, // horse
    30, // dragon
];

/// Attack value of each kind next to the enemy king, by `PieceKind` index.
const ATTACK: [Value; 14] = [
    10, // pawn
    15, // lance
    30, // knight
    45, // silver
    30, // bishop
    35, // rook
    45, // gold
    0,  // king
    50, // tokin
    45, // promoted lance
    45, // promoted knight
    45, // promoted silver
    60, // horse
    80, // dragon
];

/// Drop pressure per empty square next to the enemy king, per hand piece weight point.
const DROP_PRESSURE: Value = 3;
/// Weight of hand pieces for drop pressure, by hand-kind index.
const HAND_THREAT: [Value; 7] = [1, 2, 2, 3, 3, 4, 3];
/// Bonus per square a bishop/rook (or horse/dragon) attacks.
const SLIDER_MOBILITY: Value = 3;
/// Penalty of a king by its relative rank (8 = own back rank, 0 = enemy back rank).
const KING_RANK: [Value; 9] = [40, 30, 10, -60, -60, -45, -25, -5, 0];

/// One side's form, term by term (each a bonus for that side).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FormTerms {
    /// Pieces close to their own king.
    pub defence: Value,
    /// Pieces close to the enemy king.
    pub attack: Value,
    /// Hand pieces against open squares around the enemy king.
    pub drop_pressure: Value,
    /// Where the own king stands.
    pub king_placement: Value,
    /// Squares attacked by bishops, rooks, horses and dragons.
    pub mobility: Value,
}

impl FormTerms {
    /// The sum of the terms.
    pub fn total(&self) -> Value {
        self.defence + self.attack + self.drop_pressure + self.king_placement + self.mobility
    }
}

/// The form terms of `us`.
pub fn side_terms(pos: &Position, us: Color) -> FormTerms {
    let them = !us;
    let mut t = FormTerms::default();
    let (Some(own_king), enemy_king) = (pos.king_square(us), pos.king_square(them)) else {
        return t;
    };
    let occupied = pos.occupied();
    t.king_placement = KING_RANK[own_king.relative_rank(us) as usize];
    for sq in pos.color_pieces(us) {
        let kind = pos.piece_on(sq).expect("occupied").kind();
        if kind == PieceKind::King {
            continue;
        }
        let d_own = DISTANCE[sq.index()][own_king.index()] as usize;
        t.defence += DEFENCE[kind.index()] * CLOSENESS[d_own] / 100;
        if let Some(ek) = enemy_king {
            let d_enemy = DISTANCE[sq.index()][ek.index()] as usize;
            t.attack += ATTACK[kind.index()] * CLOSENESS[d_enemy] / 100;
        }
        t.mobility += match kind {
            PieceKind::Bishop | PieceKind::Horse => {
                bishop_attacks(sq, occupied).count() as Value * SLIDER_MOBILITY
            }
            PieceKind::Rook | PieceKind::Dragon => {
                rook_attacks(sq, occupied).count() as Value * SLIDER_MOBILITY
            }
            _ => 0,
        };
    }
    if let Some(ek) = enemy_king {
        let hand = pos.hand(us);
        let threat: Value = PieceKind::HAND
            .iter()
            .map(|&k| hand.count(k) as Value * HAND_THREAT[k.index()])
            .sum();
        let open = (crate::shogi::attacks::king_attacks(ek) - occupied).count() as Value;
        t.drop_pressure = threat.min(12) * open * DROP_PRESSURE;
    }
    t
}

/// The form score from Black's point of view.
pub fn form(pos: &Position) -> Value {
    side_terms(pos, Color::Black).total() - side_terms(pos, Color::White).total()
}
