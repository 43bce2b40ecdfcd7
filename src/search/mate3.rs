//! Mate in three: a check, every reply to it, and a mate in one after each.
//!
//! The search asks this near the leaves, where a mate two moves deep lies beyond its horizon.
//! The last move is looked for by `mate_in_one`, which only finds the mates it promises (contact
//! checks and knight checks), so a `Some` answer is always a real mate and a `None` proves
//! nothing. `budget` caps the replies examined (each costs a `mate_in_one`), so a position full
//! of checks cannot make one node expensive; a search that runs out answers `None`.

use super::mate1::{mate_in_one, KingZone};
use crate::shogi::attacks::attacks;
use crate::shogi::movegen::{generate_legal, is_legal_search_move};
use crate::shogi::moves::{Move, MoveList};
use crate::shogi::position::Position;
use crate::shogi::types::PieceKind;

/// A check after which every legal reply allows a mate in one (or there is none: mate at once),
/// examining at most `budget` replies. Only looked for when the side to move has a piece other
/// than a pawn in hand and the enemy king at most `max_escapes` free squares around it, and
/// only among the checks that come next to the king or by a knight (drops and board moves):
/// where mates in three come from, and cheap to list. The side to move must
/// not be in check (then `None`).
pub fn mate_in_three(pos: &mut Position, budget: u32, max_escapes: u32) -> Option<Move> {
    if pos.in_check() {
        return None;
    }
    let hand = pos.hand(pos.side_to_move());
    if !PieceKind::HAND
        .iter()
        .any(|&k| k != PieceKind::Pawn && hand.has(k))
    {
        return None;
    }
    let KingZone {
        us,
        them,
        ksq,
        occ,
        around,
        knight_checks,
        escapes,
        ..
    } = KingZone::of(pos)?;
    if escapes.count() > max_escapes {
        return None;
    }
    let own = pos.color_pieces(us);
    let mut checks = MoveList::new();
    for to in (around | knight_checks) - occ {
        for kind in PieceKind::HAND {
            if hand.has(kind) && attacks(them, kind, ksq, occ).contains(to) {
                checks.push(Move::drop(kind, to));
            }
        }
    }
    let movers = own - pos.pieces(us, PieceKind::King);
    for to in (around | knight_checks) - own {
        for from in pos.attackers_to(to, us, occ) & movers {
            let Some(piece) = pos.piece_on(from) else {
                continue;
            };
            let kind = piece.kind();
            let may_promote = kind.can_promote() && (from.in_zone(us) || to.in_zone(us));
            for promote in [true, false] {
                if !promote || may_promote {
                    checks.push(Move::board(from, to, promote));
                }
            }
        }
    }
    let mut left = budget;
    for &m in checks.iter() {
        if !is_legal_search_move(pos, m) || !pos.gives_check(m) {
            continue;
        }
        pos.make_move(m);
        let mated = every_reply_mated(pos, &mut left);
        pos.unmake_move(m);
        match mated {
            Some(true) => return Some(m),
            Some(false) => {}
            None => return None,
        }
    }
    None
}

/// Whether every legal reply of the side to move (in check) allows a mate in one: `None` once
/// the budget is spent.
fn every_reply_mated(pos: &mut Position, left: &mut u32) -> Option<bool> {
    let mut replies = MoveList::new();
    generate_legal(pos, &mut replies);
    // Cheap refutation first: more replies than budget cannot all be examined.
    if replies.len() as u32 > *left {
        *left = 0;
        return None;
    }
    for &r in replies.iter() {
        *left -= 1;
        pos.make_move(r);
        let mated = mate_in_one(pos).is_some();
        pos.unmake_move(r);
        if !mated {
            return Some(false);
        }
    }
    Some(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::movegen::walk_random_games;
    use crate::shogi::{generate_legal, has_legal_move};

    /// Whether `m` really mates in three by brute force: after it, every legal reply has a
    /// legal move after which the defender has no legal move (a pawn drop excluded by the
    /// generator, which never offers a mating pawn drop).
    fn brute_mates_in_three(pos: &mut Position, m: Move) -> bool {
        pos.make_move(m);
        let mut ok = pos.in_check();
        if ok {
            let mut replies = MoveList::new();
            generate_legal(pos, &mut replies);
            for &r in replies.iter() {
                pos.make_move(r);
                let mut ours = MoveList::new();
                generate_legal(pos, &mut ours);
                let mut found = false;
                for &x in ours.iter() {
                    pos.make_move(x);
                    if pos.in_check() && !has_legal_move(pos) {
                        found = true;
                    }
                    pos.unmake_move(x);
                    if found {
                        break;
                    }
                }
                pos.unmake_move(r);
                if !found {
                    ok = false;
                    break;
                }
            }
        }
        pos.unmake_move(m);
        ok
    }

    #[test]
    fn no_answer_without_a_mate() {
        let mut pos = Position::from_sfen(crate::shogi::STARTPOS_SFEN).unwrap();
        assert_eq!(mate_in_three(&mut pos, 1000, 8), None);
    }

    #[test]
    fn every_answer_on_random_games_mates() {
        // Random positions from random games: whatever `mate_in_three` answers must be a mate in
        // three (or one) by brute force.
        // Some of them must be mates that `mate_in_one` does not see.
        let (mut found, mut beyond_one) = (0, 0);
        walk_random_games(7, 300, 160, |pos| {
            if pos.in_check() {
                return;
            }
            if let Some(m) = mate_in_three(pos, 400, 8) {
                found += 1;
                assert!(
                    brute_mates_in_three(pos, m),
                    "{} : {m} is no mate in three",
                    pos.to_sfen()
                );
                if mate_in_one(pos).is_none() {
                    beyond_one += 1;
                    // With no budget only a check with no reply at all can be answered.
                    if let Some(m0) = mate_in_three(pos, 0, 8) {
                        pos.make_move(m0);
                        assert!(!has_legal_move(pos), "{m0} has a reply");
                        pos.unmake_move(m0);
                    }
                }
            }
        });
        assert!(
            beyond_one > 0,
            "{found} mates in three, none beyond mate in one"
        );
    }
}
