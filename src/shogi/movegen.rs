//! Legal move generation.
//!
//! Every move generated here is legal: pins are honoured while generating, king moves are checked
//! against the enemy's attacks with the king lifted off the board, evasions only target the
//! checker and the squares between, and drops obey nifu, the dead-piece rule and the ban on
//! mating with a pawn drop (uchifuzume).
//!
//! Two flavours, chosen by const generics so the hot loops carry no run-time flag:
//! - `ALL` also emits the pointless non-promotions (pawn, bishop and rook that could promote,
//!   lance to the second rank). Perft counts these (YaneuraOu's LEGAL_ALL); the search skips them.
//! - `CAPTURES` (for quiescence) emits only captures when not in check; in check it emits every
//!   evasion, because a side in check must answer it.

use super::attacks::*;
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::types::{Color, PieceKind, Square};

/// Every legal move, pointless non-promotions included (the perft convention).
pub fn generate_all(pos: &Position, list: &mut MoveList) {
    generate::<true, false>(pos, list);
}

/// Every legal move except the pointless non-promotions (what the search plays).
pub fn generate_legal(pos: &Position, list: &mut MoveList) {
    generate::<false, false>(pos, list);
}

/// Legal captures (all evasions when in check), without pointless non-promotions.
pub fn generate_captures(pos: &Position, list: &mut MoveList) {
    generate::<false, true>(pos, list);
}

/// Whether the side to move has at least one legal move.
pub fn has_legal_move(pos: &Position) -> bool {
    let mut list = MoveList::new();
    generate::<false, false>(pos, &mut list);
    !list.is_empty()
}

/// Whether `m` is legal in `pos` (a full check, used for moves from outside: USI, the TT).
pub fn is_legal(pos: &Position, m: Move) -> bool {
    let mut list = MoveList::new();
    generate::<true, false>(pos, &mut list);
    list.contains(m)
}

/// A non-promotion that a player never needs: pawn, bishop or rook that could promote, or a lance
/// stopping on its second rank.
#[inline(always)]
fn pointless_non_promotion(kind: PieceKind, relative_rank: u8) -> bool {
    match kind {
        PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook => true,
        PieceKind::Lance => relative_rank == 1,
        _ => false,
    }
}

#[inline(always)]
fn push_board_moves<const ALL: bool>(
    list: &mut MoveList,
    us: Color,
    kind: PieceKind,
    from: Square,
    targets: Bitboard,
) {
    if !kind.can_promote() {
        for to in targets {
            list.push(Move::board(from, to, false));
        }
        return;
    }
    let from_zone = from.in_zone(us);
    let min_rank = kind.min_relative_rank();
    for to in targets {
        if from_zone || to.in_zone(us) {
            list.push(Move::board(from, to, true));
            let rr = to.relative_rank(us);
            if rr >= min_rank && (ALL || !pointless_non_promotion(kind, rr)) {
                list.push(Move::board(from, to, false));
            }
        } else {
            list.push(Move::board(from, to, false));
        }
    }
}

/// Every kind that moves on the board, except the king (handled first).
const BOARD_KINDS: [PieceKind; 13] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Gold,
    PieceKind::ProPawn,
    PieceKind::ProLance,
    PieceKind::ProKnight,
    PieceKind::ProSilver,
    PieceKind::Horse,
    PieceKind::Dragon,
];

fn generate<const ALL: bool, const CAPTURES: bool>(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let them = !us;
    let own = pos.color_pieces(us);
    let enemy = pos.color_pieces(them);
    let occ = own | enemy;
    let checkers = pos.checkers();
    let king = pos.king_square(us);

    // King moves: never onto a square the enemy attacks with our king lifted off the board.
    if let Some(k) = king {
        let mut targets = king_attacks(k) - own;
        if CAPTURES && checkers.is_empty() {
            targets &= enemy;
        }
        let without_king = occ - Bitboard::from_square(k);
        for to in targets {
            if !pos.is_attacked(to, them, without_king) {
                list.push(Move::board(k, to, false));
            }
        }
    }
    if checkers.more_than_one() {
        return; // double check: only the king may move
    }

    let (board_targets, drop_targets) = match (king, checkers.lsb()) {
        (Some(k), Some(checker)) => {
            let b = between(k, checker);
            (b | Bitboard::from_square(checker), b)
        }
        _ if CAPTURES => (enemy, Bitboard::EMPTY),
        _ => (!own, !occ),
    };

    let pinned = pos.blockers_for_king(us) & own;

    for kind in BOARD_KINDS {
        for from in pos.pieces(us, kind) {
            let mut t = attacks(us, kind, from, occ) & board_targets;
            if pinned.contains(from) {
                if let Some(k) = king {
                    t &= line(k, from);
                }
            }
            push_board_moves::<ALL>(list, us, kind, from, t);
        }
    }

    // Drops.
    let hand = pos.hand(us);
    if hand.is_empty() || drop_targets.is_empty() {
        return;
    }
    for kind in PieceKind::HAND {
        if !hand.has(kind) {
            continue;
        }
        let mut t = drop_targets & Bitboard::relative_ranks_from(us, kind.min_relative_rank());
        if kind == PieceKind::Pawn {
            t = t - pos.pieces(us, PieceKind::Pawn).fill_files();
            if let Some(ek) = pos.king_square(them) {
                // The one square where a pawn drop gives check: in front of the enemy king.
                let checking = pawn_attacks(them, ek) & t;
                if let Some(sq) = checking.lsb() {
                    if is_pawn_drop_mate(pos, sq, ek) {
                        t.clear(sq);
                    }
                }
            }
        }
        for to in t {
            list.push(Move::drop(kind, to));
        }
    }
}

/// Whether dropping a pawn of the side to move on `to` (checking the enemy king on `ek`) would
/// be mate. Worked out without making the move: the pawn gives a contact check, so the defender
/// can only take it or move the king.
fn is_pawn_drop_mate(pos: &Position, to: Square, ek: Square) -> bool {
    let us = pos.side_to_move();
    let them = !us;
    let occ = pos.occupied() | Bitboard::from_square(to);
    // Take the pawn with a piece other than the king, unless that exposes the king.
    let takers = pos.attackers_to(to, them, occ) - Bitboard::from_square(ek);
    for x in takers {
        let after = occ - Bitboard::from_square(x);
        if !pos.is_attacked(ek, us, after) {
            return false;
        }
    }
    // Move the king (taking the pawn included) to a square we do not attack.
    let without_king = occ - Bitboard::from_square(ek);
    for s in king_attacks(ek) - pos.color_pieces(them) {
        if !pos.is_attacked(s, us, without_king) {
            return false;
        }
    }
    true
}
