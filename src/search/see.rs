//! Static exchange evaluation: the material outcome of the capture sequence on one square, each
//! side recapturing with its least valuable attacker and free to stop when behind.
//!
//! Pins are ignored (a pinned piece may "recapture"), as is usual. Sliders behind a capturer are
//! found by recomputing the attackers with the capturer lifted off the board.

use crate::eval::{Value, PIECE_VALUE};
use crate::shogi::{Bitboard, Move, PieceKind, Position, Square};

/// Kinds in the order a side prefers to recapture with (least valuable first).
const RECAPTURE_ORDER: [PieceKind; 14] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::ProPawn,
    PieceKind::ProLance,
    PieceKind::ProKnight,
    PieceKind::Silver,
    PieceKind::ProSilver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Horse,
    PieceKind::Dragon,
    PieceKind::King,
];

fn least_valuable(pos: &Position, attackers: Bitboard) -> Option<(Square, PieceKind)> {
    RECAPTURE_ORDER
        .iter()
        .find_map(|&k| (attackers & pos.kind_pieces(k)).lsb().map(|s| (s, k)))
}

/// Whether the exchange started by `m` wins at least `threshold` centipawns for the mover.
pub fn see_ge(pos: &Position, m: Move, threshold: Value) -> bool {
    let us = pos.side_to_move();
    let to = m.to();
    // What the first move wins, and the piece it leaves on `to`.
    let (mut occupied, gain, on_square) = if m.is_drop() {
        (pos.occupied(), 0, m.drop_kind())
    } else {
        let from = m.from();
        let mover = pos.piece_on(from).expect("moving piece").kind();
        let victim = pos
            .piece_on(to)
            .map_or(0, |p| PIECE_VALUE[p.kind().index()]);
        let kind = if m.is_promotion() {
            mover.promote()
        } else {
            mover
        };
        let promo = PIECE_VALUE[kind.index()] - PIECE_VALUE[mover.index()];
        (
            pos.occupied() - Bitboard::from_square(from),
            victim + promo,
            kind,
        )
    };
    occupied |= Bitboard::from_square(to);
    // `swap` is how far the side that just moved stands above the threshold, negated at
    // each step; `winning` says whether the mover is ahead if the exchange stops here.
    let mut swap = gain - threshold;
    if swap < 0 {
        return false;
    }
    swap = PIECE_VALUE[on_square.index()] - swap;
    if swap <= 0 {
        return true; // even if the piece is lost, the threshold is met
    }
    let mut side = us;
    let mut winning = true;
    loop {
        side = !side;
        let attackers = pos.attackers_to(to, side, occupied) & occupied;
        let Some((sq, kind)) = least_valuable(pos, attackers) else {
            break;
        };
        winning = !winning;
        if kind == PieceKind::King {
            // The king may take only if the square is no longer defended.
            let defended = (pos.attackers_to(to, !side, occupied) & occupied).any();
            return if defended { !winning } else { winning };
        }
        swap = PIECE_VALUE[kind.index()] - swap;
        if swap < Value::from(winning) {
            break;
        }
        occupied.clear(sq);
    }
    winning
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::{generate_all, Color, MoveList};

    /// The colour that wins the exchange started by `m` at `threshold`.
    fn see_winner(pos: &Position, m: Move, threshold: Value) -> Color {
        if see_ge(pos, m, threshold) {
            pos.side_to_move()
        } else {
            !pos.side_to_move()
        }
    }

    fn mv(pos: &Position, usi: &str) -> Move {
        let mut l = MoveList::new();
        generate_all(pos, &mut l);
        *l.iter().find(|m| m.to_string() == usi).expect(usi)
    }

    #[test]
    fn free_capture_wins() {
        let p = Position::from_sfen("4k4/9/9/4p4/4R4/9/9/9/4K4 b - 1").unwrap();
        let m = mv(&p, "5e5d");
        assert!(see_ge(&p, m, 100));
        assert!(!see_ge(&p, m, 101));
    }

    #[test]
    fn defended_pawn_costs_the_rook() {
        // The pawn on 5d is defended by a gold on 5c: rook takes pawn, gold takes rook.
        let p = Position::from_sfen("4k4/9/4g4/4p4/4R4/9/9/9/4K4 b - 1").unwrap();
        let m = mv(&p, "5e5d");
        assert!(!see_ge(&p, m, 0));
        assert!(see_ge(&p, m, -900));
    }

    #[test]
    fn xray_recapture_counts() {
        // Pawn takes pawn on 5d; the gold could retake, but the rook behind our pawn (seen
        // through 5e once the pawn has moved) would take the gold, so White stops: +100.
        let p = Position::from_sfen("4k4/9/4g4/4p4/4P4/4R4/9/9/4K4 b - 1").unwrap();
        let m = mv(&p, "5e5d");
        assert!(see_ge(&p, m, 100));
        assert!(!see_ge(&p, m, 101));
        // Without the rook the gold retakes: an even trade.
        let p = Position::from_sfen("4k4/9/4g4/4p4/4P4/9/9/9/4K4 b - 1").unwrap();
        let m = mv(&p, "5e5d");
        assert!(see_ge(&p, m, 0));
        assert!(!see_ge(&p, m, 1));
    }

    #[test]
    fn drops_can_be_lost() {
        let p = Position::from_sfen("4k4/9/4g4/9/9/9/9/9/4K4 b S 1").unwrap();
        let m = mv(&p, "S*5f");
        assert!(see_ge(&p, m, 0)); // not attacked
        let m = mv(&p, "S*5d");
        assert!(!see_ge(&p, m, 0)); // the gold on 5c takes it
        let m = mv(&p, "S*5b");
        assert!(!see_ge(&p, m, 0)); // the gold (or king) takes it
        assert_eq!(see_winner(&p, m, 0), Color::White);
    }
}
