//! Mate in one: a check after which the side to move has no legal reply.
//!
//! The search asks this at most nodes, so it only looks where one-move mates come from: drops and
//! moves onto the squares next to the enemy king, and knight checks. A contact check the king can
//! simply capture is dropped before it is played. Every remaining candidate is confirmed by
//! playing it and finding no legal reply, so an answer is always a real mate; what is not looked
//! for (a distant slider check with nothing to interpose, a discovered check) is left to the
//! search. A pawn drop is never an answer: mating by one is illegal.

use crate::shogi::attacks::{attacks, bishop_rays, king_attacks, rook_rays};
use crate::shogi::bitboard::Bitboard;
use crate::shogi::movegen::{has_legal_move, is_legal_search_move};
use crate::shogi::moves::Move;
use crate::shogi::position::Position;
use crate::shogi::types::{Color, PieceKind, Square};

/// Drops worth trying, strongest contact first.
const DROP_KINDS: [PieceKind; 6] = [
    PieceKind::Rook,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Silver,
    PieceKind::Knight,
    PieceKind::Lance,
];

/// What both mate probes need to know about the enemy king's surroundings.
pub(super) struct KingZone {
    pub us: Color,
    pub them: Color,
    pub ksq: Square,
    pub king_bb: Bitboard,
    pub occ: Bitboard,
    /// The squares next to the king.
    pub around: Bitboard,
    /// Squares from which a knight of ours would check (a knight check cannot be blocked).
    pub knight_checks: Bitboard,
    /// Squares next to the king that we guard (seen through the king: it cannot hide behind
    /// itself). A contact check anywhere else is answered by taking the checker.
    pub guarded: Bitboard,
    /// Where the king could step now.
    pub escapes: Bitboard,
}

impl KingZone {
    /// The zone of the king of the side not to move; `None` without one.
    pub(super) fn of(pos: &Position) -> Option<KingZone> {
        let us = pos.side_to_move();
        let them = !us;
        let ksq = pos.king_square(them)?;
        let king_bb = Bitboard::from_square(ksq);
        let occ = pos.occupied();
        let around = king_attacks(ksq);
        let guarded = pos.attacked_squares(us, around, occ - king_bb);
        Some(KingZone {
            us,
            them,
            ksq,
            king_bb,
            occ,
            around,
            knight_checks: attacks(them, PieceKind::Knight, ksq, occ),
            guarded,
            escapes: around - pos.color_pieces(them) - guarded,
        })
    }
}

/// A move that mates at once, if one of the kinds described above exists. The side to move must
/// not be in check (then `None`).
pub fn mate_in_one(pos: &mut Position) -> Option<Move> {
    if pos.in_check() {
        return None;
    }
    let KingZone {
        us,
        them,
        ksq,
        king_bb,
        occ,
        around,
        knight_checks,
        guarded,
        escapes,
    } = KingZone::of(pos)?;
    let own = pos.color_pieces(us);
    // A drop can only take guards away from the escapes (by standing in a line), so a square
    // that is free now and not attacked by the dropped piece (seen through the king, which
    // cannot hide behind itself) is free after it too.

    let hand = pos.hand(us);
    if !hand.is_empty() {
        for kind in DROP_KINDS {
            if !hand.has(kind) {
                continue;
            }
            // A piece of ours on these squares would attack the king (patterns mirror by colour).
            let reach = attacks(them, kind, ksq, occ) - occ;
            let targets = if kind == PieceKind::Knight {
                reach
            } else {
                reach & guarded
            };
            for to in targets {
                let to_bb = Bitboard::from_square(to);
                if (escapes - to_bb - attacks(us, kind, to, (occ | to_bb) - king_bb)).any() {
                    continue;
                }
                let m = Move::drop(kind, to);
                if is_legal_search_move(pos, m) && mates(pos, m) {
                    return Some(m);
                }
            }
        }
    }

    let movers = own - pos.pieces(us, PieceKind::King);
    let sliders = own & pos.sliders();
    for to in (guarded | knight_checks) - own {
        let to_bb = Bitboard::from_square(to);
        for from in pos.attackers_to(to, us, occ) & movers {
            let kind = pos.piece_on(from)?.kind();
            let from_bb = Bitboard::from_square(from);
            let after = (occ - from_bb) | to_bb;
            let may_promote = kind.can_promote() && (from.in_zone(us) || to.in_zone(us));
            for promote in [true, false] {
                if promote && !may_promote {
                    continue;
                }
                let new_kind = if promote { kind.promote() } else { kind };
                if !attacks(us, new_kind, to, after).contains(ksq) {
                    continue;
                }
                // Still guarded once the mover has left.
                if around.contains(to)
                    && (pos.attackers_to(to, us, after - king_bb) - from_bb).is_empty()
                {
                    continue;
                }
                // A free square stays free unless the moved piece attacks it or a slider of
                // ours sees it through the square the mover left.
                let mut covered = to_bb | attacks(us, new_kind, to, after - king_bb);
                for s in sliders & (rook_rays(from) | bishop_rays(from)) {
                    if let Some(p) = pos.piece_on(s) {
                        covered |= attacks(us, p.kind(), s, after - king_bb);
                    }
                }
                if (escapes - covered).any() {
                    continue;
                }
                let m = Move::board(from, to, promote);
                if is_legal_search_move(pos, m) && mates(pos, m) {
                    return Some(m);
                }
            }
        }
    }
    None
}

/// Whether playing `m` (legal) leaves the opponent in check with no legal move.
fn mates(pos: &mut Position, m: Move) -> bool {
    pos.make_move(m);
    let mated = pos.in_check() && !king_can_step(pos) && !has_legal_move(pos);
    pos.unmake_move(m);
    mated
}

/// Whether the king of the side to move has a square to step to (the cheap test that rules out
/// most checks before the full search for a reply).
fn king_can_step(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let Some(ksq) = pos.king_square(us) else {
        return true;
    };
    let occ = pos.occupied() - Bitboard::from_square(ksq);
    let free = king_attacks(ksq) - pos.color_pieces(us);
    pos.attacked_squares(!us, free, occ) != free
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::generate_legal;
    use crate::shogi::movegen::walk_random_games;
    use crate::shogi::MoveList;

    /// Every mate in one among the legal moves, by brute force.
    fn all_mates(pos: &mut Position) -> Vec<Move> {
        let mut list = MoveList::new();
        generate_legal(pos, &mut list);
        list.iter().copied().filter(|&m| mates(pos, m)).collect()
    }

    #[test]
    fn finds_head_gold_drop() {
        // White king 5a, Black pawn 5c guards 5b: G*5b mates.
        let mut pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
        let m = mate_in_one(&mut pos).expect("mate");
        assert_eq!(m.to_string(), "G*5b");
    }

    #[test]
    fn no_pawn_drop_mate() {
        // P*5b would mate (the gold on 5c guards it, nothing can take it) but is illegal.
        let mut pos = Position::from_sfen("3lkl3/3p1p3/4G4/9/9/9/9/9/4K4 b P 1").unwrap();
        assert!(all_mates(&mut pos).is_empty());
        assert_eq!(mate_in_one(&mut pos), None);
    }

    /// Whether `m` is a mate of the kind `mate_in_one` promises to find: the moved or dropped
    /// piece itself checks, from a square next to the king or by a knight.
    fn findable(pos: &Position, m: Move) -> bool {
        let us = pos.side_to_move();
        let ksq = pos.king_square(!us).unwrap();
        let kind = if m.is_drop() {
            m.drop_kind()
        } else {
            let k = pos.piece_on(m.from()).unwrap().kind();
            if m.is_promotion() {
                k.promote()
            } else {
                k
            }
        };
        let after = (pos.occupied()
            - Bitboard::from_square(if m.is_drop() { m.to() } else { m.from() }))
            | Bitboard::from_square(m.to());
        attacks(us, kind, m.to(), after).contains(ksq)
            && (king_attacks(ksq).contains(m.to()) || kind == PieceKind::Knight)
    }

    #[test]
    fn agrees_with_brute_force_on_random_games() {
        // Random games expose kings and fill hands fast, so one-move mates are common. At every
        // position: an answer is a mate, and when brute force finds a findable mate, so does
        // `mate_in_one`.
        let (mut positions, mut with_mate) = (0, 0);
        walk_random_games(7, 300, 160, |pos| {
            if pos.in_check() {
                return;
            }
            positions += 1;
            let brute = all_mates(pos);
            let found = mate_in_one(pos);
            if let Some(m) = found {
                assert!(brute.contains(&m), "{}: {m} is not a mate", pos.to_sfen());
            }
            if brute.iter().any(|&m| findable(pos, m)) {
                with_mate += 1;
                assert!(found.is_some(), "{}: missed {brute:?}", pos.to_sfen());
            }
        });
        assert!(
            positions > 10_000 && with_mate > 300,
            "{positions} positions, {with_mate} mates"
        );
    }
}
