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
//! - `KIND` selects all moves, captures only (`CAPTURES`) or non-captures only (`QUIETS`, drops
//!   included). In check every kind yields every evasion, because a side in check must answer
//!   it; the move picker generates evasions once.

use super::attacks::*;
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::types::{Color, PieceKind, Square};

const ALL_KINDS: u8 = 0;
const CAPTURES: u8 = 1;
const QUIETS: u8 = 2;
const QUIET_BOARD: u8 = 3;

/// Every legal move, pointless non-promotions included (the perft convention).
pub fn generate_all(pos: &Position, list: &mut MoveList) {
    generate::<true, ALL_KINDS>(pos, list);
}

/// How many moves `generate_all` would give, counted without listing them. In check (what the
/// mate solver asks, counting the defender's replies to each check it has not searched yet:
/// its initial proof number) from the few squares that answer the check; otherwise the list
/// is made and counted.
pub fn count_all(pos: &Position) -> u32 {
    let checkers = pos.checkers();
    let us = pos.side_to_move();
    let (Some(king), Some(checker)) = (pos.king_square(us), checkers.lsb()) else {
        let mut list = MoveList::new();
        generate::<true, ALL_KINDS>(pos, &mut list);
        return list.len() as u32;
    };
    let them = !us;
    let own = pos.color_pieces(us);
    let occ = pos.occupied();
    let without_king = occ - Bitboard::from_square(king);
    let steps = king_attacks(king) - own;
    let mut n = (steps - pos.attacked_squares(them, steps, without_king)).count();
    if checkers.more_than_one() {
        return n;
    }
    // A pinned piece never answers a check: its line and the check's meet only at the king.
    let movers = own - Bitboard::from_square(king) - (pos.blockers_for_king(us) & own);
    let between = between(king, checker);
    for to in between | Bitboard::from_square(checker) {
        for from in pos.attackers_to(to, us, occ) & movers {
            n += 1;
            let kind = pos.piece_on(from).map_or(PieceKind::Gold, |p| p.kind());
            // A move that may promote is also counted unpromoted where the piece could still
            // move from there (the pointless non-promotions included, as `generate_all` has).
            if kind.can_promote()
                && (from.in_zone(us) || to.in_zone(us))
                && to.relative_rank(us) >= kind.min_relative_rank()
            {
                n += 1;
            }
        }
    }
    let hand = pos.hand(us);
    if hand.is_empty() || between.is_empty() {
        return n;
    }
    for kind in PieceKind::HAND {
        if hand.has(kind) {
            n += drop_squares(pos, kind, between).count();
        }
    }
    n
}

/// Every legal move except the pointless non-promotions (what the search plays).
pub fn generate_legal(pos: &Position, list: &mut MoveList) {
    generate::<false, ALL_KINDS>(pos, list);
}

/// Legal captures (all evasions when in check), without pointless non-promotions.
pub fn generate_captures(pos: &Position, list: &mut MoveList) {
    generate::<false, CAPTURES>(pos, list);
}

/// Legal non-captures, drops included (all evasions when in check), without pointless
/// non-promotions. With `generate_captures` this splits `generate_legal` in two.
pub fn generate_quiets(pos: &Position, list: &mut MoveList) {
    generate::<false, QUIETS>(pos, list);
}

/// Legal non-captures that give check, drops included, without pointless non-promotions. The
/// side to move must not be in check. Drops are only tried on the squares that check; board
/// moves are generated and kept when they check (directly or by discovery).
pub fn generate_quiet_checks(pos: &Position, list: &mut MoveList) {
    debug_assert!(!pos.in_check());
    let us = pos.side_to_move();
    let them = !us;
    let Some(ek) = pos.king_square(them) else {
        return;
    };
    let mut board = MoveList::new();
    generate::<false, QUIET_BOARD>(pos, &mut board);
    for &m in board.iter() {
        if pos.gives_check(m) {
            list.push(m);
        }
    }
    let hand = pos.hand(us);
    let occ = pos.occupied();
    for kind in PieceKind::HAND {
        if !hand.has(kind) {
            continue;
        }
        // A piece of ours on these squares would attack the king (patterns mirror by colour).
        let mut t = (attacks(them, kind, ek, occ) - occ)
            & Bitboard::relative_ranks_from(us, kind.min_relative_rank());
        if kind == PieceKind::Pawn {
            t = t - pos.pieces(us, PieceKind::Pawn).fill_files();
            if let Some(sq) = t.lsb() {
                if is_pawn_drop_mate(pos, sq, ek) {
                    t.clear(sq);
                }
            }
        }
        for to in t {
            list.push(Move::drop(kind, to));
        }
    }
}

/// Whether the side to move has at least one legal move.
pub fn has_legal_move(pos: &Position) -> bool {
    let mut list = MoveList::new();
    generate::<false, ALL_KINDS>(pos, &mut list);
    !list.is_empty()
}

/// The legal move whose USI text is `text` (`7g7f`, `P*5e`, `8h2b+`), if there is one.
pub fn parse_usi_move(pos: &Position, text: &str) -> Option<Move> {
    let mut list = MoveList::new();
    generate::<true, ALL_KINDS>(pos, &mut list);
    list.iter().copied().find(|m| m.to_string() == text)
}

/// Every legal move that gives check, the pointless non-promotions included (a tsume may need
/// one): the mate solver's attacker moves. Drops only on the squares that check; board moves
/// kept when they land where their piece (promoted or not) attacks the enemy king, or when they
/// leave a line on which they hid one of our sliders from it (discovered check). In check, the
/// evasions that check.
pub fn generate_checks(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let them = !us;
    let Some(ek) = pos.king_square(them) else {
        return;
    };
    if pos.in_check() {
        let mut all = MoveList::new();
        generate::<true, ALL_KINDS>(pos, &mut all);
        for &m in all.iter() {
            if pos.gives_check(m) {
                list.push(m);
            }
        }
        return;
    }
    let own = pos.color_pieces(us);
    let occ = pos.occupied();
    let king = pos.king_square(us);
    let pinned = pos.blockers_for_king(us) & own;
    // Our pieces that hide one of our sliders from the enemy king.
    let discoverers = pos.blockers_for_king(them) & own;
    // Where each kind of ours would attack the enemy king from (a slider's squares without the
    // piece that moves, below).
    let mut checks_from = [Bitboard::EMPTY; 14];
    let (diagonal, orthogonal) = (bishop_attacks(ek, occ), rook_attacks(ek, occ));
    let (gold, king_steps) = (gold_attacks(them, ek), king_attacks(ek));
    for (kind, from) in [
        (PieceKind::Pawn, pawn_attacks(them, ek)),
        (PieceKind::Lance, lance_attacks(them, ek, occ)),
        (PieceKind::Knight, knight_attacks(them, ek)),
        (PieceKind::Silver, silver_attacks(them, ek)),
        (PieceKind::Bishop, diagonal),
        (PieceKind::Rook, orthogonal),
        (PieceKind::Gold, gold),
        (PieceKind::ProPawn, gold),
        (PieceKind::ProLance, gold),
        (PieceKind::ProKnight, gold),
        (PieceKind::ProSilver, gold),
        (PieceKind::Horse, diagonal | king_steps),
        (PieceKind::Dragon, orthogonal | king_steps),
    ] {
        checks_from[kind.index()] = from;
    }
    let sliders = |k: PieceKind| {
        matches!(
            k,
            PieceKind::Lance
                | PieceKind::Bishop
                | PieceKind::Rook
                | PieceKind::Horse
                | PieceKind::Dragon
        )
    };
    if let Some(k) = king {
        if discoverers.contains(k) {
            let without_king = occ - Bitboard::from_square(k);
            for to in king_attacks(k) - own - line(ek, k) {
                if !pos.is_attacked(to, them, without_king) {
                    list.push(Move::board(k, to, false));
                }
            }
        }
    }
    // A piece that steps one square checks from next to the king unless it uncovers a slider:
    // the others are not looked at.
    let steppers_in_reach = near_squares(ek) | discoverers;
    for kind in BOARD_KINDS {
        let mut froms = pos.pieces(us, kind);
        if !sliders(kind) && kind != PieceKind::Knight {
            froms &= steppers_in_reach;
        }
        for from in froms {
            let mut t = attacks(us, kind, from, occ) - own;
            if pinned.contains(from) {
                if let Some(k) = king {
                    t &= line(k, from);
                }
            }
            if t.is_empty() {
                continue;
            }
            let discovering = discoverers.contains(from);
            let off_line = if discovering {
                t - line(ek, from)
            } else {
                Bitboard::EMPTY
            };
            let without_from = occ - Bitboard::from_square(from);
            let checks = |k: PieceKind| {
                if sliders(k) {
                    attacks(them, k, ek, without_from)
                } else {
                    checks_from[k.index()]
                }
            };
            let plain = checks(kind);
            let promoted = if kind.can_promote() {
                checks(kind.promote())
            } else {
                Bitboard::EMPTY
            };
            let from_zone = from.in_zone(us);
            let min_rank = kind.min_relative_rank();
            for to in t & (plain | promoted | off_line) {
                let discovered = off_line.contains(to);
                let may_promote = kind.can_promote() && (from_zone || to.in_zone(us));
                if may_promote && (discovered || promoted.contains(to)) {
                    list.push(Move::board(from, to, true));
                }
                let may_stay = !may_promote || to.relative_rank(us) >= min_rank;
                if may_stay && (discovered || plain.contains(to)) {
                    list.push(Move::board(from, to, false));
                }
            }
        }
    }
    let hand = pos.hand(us);
    for kind in PieceKind::HAND {
        if !hand.has(kind) {
            continue;
        }
        let mut t = (checks_from[kind.index()] - occ)
            & Bitboard::relative_ranks_from(us, kind.min_relative_rank());
        if kind == PieceKind::Pawn {
            t = t - pos.pieces(us, PieceKind::Pawn).fill_files();
            if let Some(sq) = t.lsb() {
                if is_pawn_drop_mate(pos, sq, ek) {
                    t.clear(sq);
                }
            }
        }
        for to in t {
            list.push(Move::drop(kind, to));
        }
    }
}

/// Whether `m` is legal in `pos` (a full check by generation, used for moves from outside).
pub fn is_legal(pos: &Position, m: Move) -> bool {
    let mut list = MoveList::new();
    generate::<true, ALL_KINDS>(pos, &mut list);
    list.contains(m)
}

/// Whether `m` is one of the moves `generate_legal` would produce, checked without generating:
/// for moves from the transposition table and killers, which may come from another position.
pub fn is_legal_search_move(pos: &Position, m: Move) -> bool {
    let us = pos.side_to_move();
    let them = !us;
    let own = pos.color_pieces(us);
    let occ = pos.occupied();
    let to = m.to();
    let checkers = pos.checkers();
    let king = pos.king_square(us);
    if m.is_drop() {
        let kind = m.drop_kind();
        if !pos.hand(us).has(kind) || occ.contains(to) || kind == PieceKind::King {
            return false;
        }
        if to.relative_rank(us) < kind.min_relative_rank() {
            return false;
        }
        if let (Some(k), Some(checker)) = (king, checkers.lsb()) {
            if checkers.more_than_one() || !between(k, checker).contains(to) {
                return false;
            }
        }
        if kind == PieceKind::Pawn {
            if (pos.pieces(us, PieceKind::Pawn) & Bitboard::file_mask(to.file())).any() {
                return false;
            }
            if let Some(ek) = pos.king_square(them) {
                if pawn_attacks(us, to).contains(ek) && is_pawn_drop_mate(pos, to, ek) {
                    return false;
                }
            }
        }
        return true;
    }
    let from = m.from();
    let Some(piece) = pos.piece_on(from) else {
        return false;
    };
    if piece.color() != us || own.contains(to) {
        return false;
    }
    let kind = piece.kind();
    if !attacks(us, kind, from, occ).contains(to) {
        return false;
    }
    // Promotion flag: allowed, required, and not a pointless non-promotion.
    let may_promote = kind.can_promote() && (from.in_zone(us) || to.in_zone(us));
    if m.is_promotion() {
        if !may_promote {
            return false;
        }
    } else if may_promote {
        let rr = to.relative_rank(us);
        if rr < kind.min_relative_rank() || pointless_non_promotion(kind, rr) {
            return false;
        }
    }
    if kind == PieceKind::King {
        return !pos.is_attacked(to, them, occ - Bitboard::from_square(from));
    }
    let Some(k) = king else {
        return true;
    };
    if let Some(checker) = checkers.lsb() {
        if checkers.more_than_one() {
            return false;
        }
        if !(between(k, checker) | Bitboard::from_square(checker)).contains(to) {
            return false;
        }
    }
    if (pos.blockers_for_king(us) & own).contains(from) && !line(k, from).contains(to) {
        return false;
    }
    true
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

fn generate<const ALL: bool, const KIND: u8>(pos: &Position, list: &mut MoveList) {
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
        if checkers.is_empty() {
            match KIND {
                CAPTURES => targets &= enemy,
                QUIETS | QUIET_BOARD => targets = targets - enemy,
                _ => {}
            }
        }
        let without_king = occ - Bitboard::from_square(k);
        if checkers.any() {
            // In check the king has room (its guards were not there to stop the check), and
            // the squares are looked at together: each slider once.
            for to in targets - pos.attacked_squares(them, targets, without_king) {
                list.push(Move::board(k, to, false));
            }
        } else {
            // Out of check the king mostly stands among its own pieces with a square or two
            // to go to: each looked at alone (perft 4: 4% fewer instructions than together).
            for to in targets {
                if !pos.is_attacked(to, them, without_king) {
                    list.push(Move::board(k, to, false));
                }
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
        _ if KIND == CAPTURES => (enemy, Bitboard::EMPTY),
        _ if KIND == QUIETS || KIND == QUIET_BOARD => (!occ, !occ),
        _ => (!own, !occ),
    };

    let pinned = pos.blockers_for_king(us) & own;
    // In check, only the pieces that reach a target answer it (looked for from the targets,
    // few); the others are not looked at. A pinned piece never answers a check.
    let mut responders = own;
    if checkers.any() {
        responders = Bitboard::EMPTY;
        for to in board_targets {
            responders |= pos.attackers_to(to, us, occ);
        }
        responders = responders - pinned;
    }

    for kind in BOARD_KINDS {
        for from in pos.pieces(us, kind) & responders {
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
    if KIND == QUIET_BOARD {
        return;
    }
    let hand = pos.hand(us);
    if hand.is_empty() || drop_targets.is_empty() {
        return;
    }
    for kind in PieceKind::HAND {
        if !hand.has(kind) {
            continue;
        }
        for to in drop_squares(pos, kind, drop_targets) {
            list.push(Move::drop(kind, to));
        }
    }
}

/// The squares of `targets` where the side to move may drop a `kind`: not on the last ranks
/// where it could never move, a pawn not on a file with one of ours nor where it would mate.
#[inline]
fn drop_squares(pos: &Position, kind: PieceKind, targets: Bitboard) -> Bitboard {
    let us = pos.side_to_move();
    let mut t = targets & Bitboard::relative_ranks_from(us, kind.min_relative_rank());
    if kind == PieceKind::Pawn {
        t = t - pos.pieces(us, PieceKind::Pawn).fill_files();
        if let Some(ek) = pos.king_square(!us) {
            // The one square where a pawn drop gives check: in front of the enemy king.
            let checking = pawn_attacks(!us, ek) & t;
            if let Some(sq) = checking.lsb() {
                if is_pawn_drop_mate(pos, sq, ek) {
                    t.clear(sq);
                }
            }
        }
    }
    t
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

/// Walks `games` random games of at most `plies` plies from the start position (seeded, so
/// every run sees the same positions) and hands `visit` each position that has a legal move,
/// before the random move is played. Random games expose kings and fill hands fast; `visit`
/// must leave the position as it found it.
#[cfg(test)]
pub(crate) fn walk_random_games(
    seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&mut Position),
) {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..games {
        let mut pos = Position::startpos();
        for _ in 0..plies {
            let mut list = MoveList::new();
            generate_legal(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            visit(&mut pos);
            let m = list.as_slice()[rng.gen_range(0..list.len())];
            pos.make_move(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tsume positions rich in drops, pins, promotions both ways and discovered checks.
    const TSUME: [&str; 6] = [
        "l2g5/2s3g2/3k1p2p/P2pp2P1/1pP4s1/p1+B6/NP1P+nPS1P/K1G4+p1/L6NL b RBGNLPrs3p 1",
        "l8/2s3+R2/5pb1p/P1Bpp2P1/2P3Pk1/p5s2/NP1P+nPS1P/K1G4+p1/L6NL b GLr2gsn4p 21",
        "7nk/7p1/8G/9/9/9/9/9/K8 b GP 1",
        "4k4/9/2N1S4/9/B3R4/9/9/9/K8 b G 1",
        "4k4/9/4S4/4L4/9/9/9/9/K8 b G 1",
        "8k/7P1/9/5B3/9/9/9/9/K8 b - 1",
    ];

    /// Hands `visit` every position of 100 random games, then each of `TSUME`: for the tests
    /// that check one way of working a thing out against another.
    fn each_test_position(mut visit: impl FnMut(&mut Position)) {
        walk_random_games(12, 100, 160, &mut visit);
        for sfen in TSUME {
            visit(&mut Position::from_sfen(sfen).unwrap());
        }
    }

    #[test]
    fn the_checkers_after_a_move_are_every_attacker_of_the_king() {
        // After every legal move of random games and tsume positions (discovered checks, double
        // checks, promotions, drops): what `make_move` keeps against the full look.
        let mut checks = 0;
        let mut compare = |pos: &mut Position| {
            let mut all = MoveList::new();
            generate_all(pos, &mut all);
            for &m in all.iter() {
                pos.make_move(m);
                let king = pos.king_square(pos.side_to_move()).unwrap();
                let expected = pos.attackers_to(king, !pos.side_to_move(), pos.occupied());
                assert_eq!(pos.checkers(), expected, "{} after {m}", pos.to_sfen());
                checks += usize::from(expected.any());
                pos.unmake_move(m);
            }
        };
        each_test_position(|pos| compare(pos));
        assert!(checks > 5_000, "{checks} checks");
    }

    #[test]
    fn the_attack_tests_agree_with_the_attackers() {
        // `is_attacked` and `attacked_squares`: every square, both colours, with the board's
        // blockers and with each king lifted off.
        let mut attacked = 0;
        walk_random_games(6, 100, 160, |pos| {
            let mut blockers = vec![pos.occupied()];
            for c in [Color::Black, Color::White] {
                if let Some(k) = pos.king_square(c) {
                    blockers.push(pos.occupied() - Bitboard::from_square(k));
                }
            }
            for occ in blockers {
                for by in [Color::Black, Color::White] {
                    let mut expected_set = Bitboard::EMPTY;
                    for sq in Square::all() {
                        let expected = pos.attackers_to(sq, by, occ).any();
                        assert_eq!(pos.is_attacked(sq, by, occ), expected, "{}", pos.to_sfen());
                        attacked += usize::from(expected);
                        if expected {
                            expected_set.set(sq);
                        }
                    }
                    let all = Bitboard::FULL;
                    assert_eq!(pos.attacked_squares(by, all, occ), expected_set);
                }
            }
        });
        assert!(attacked > 10_000, "{attacked} attacked squares");
    }

    #[test]
    fn counting_the_moves_agrees_with_the_generator() {
        // In every position of random games, and after every check there and in tsume
        // positions (evasions: interpositions, drops, pins, promotions both ways).
        let mut evasions_seen = 0;
        let mut compare = |pos: &mut Position| {
            let mut all = MoveList::new();
            generate_all(pos, &mut all);
            assert_eq!(count_all(pos), all.len() as u32, "{}", pos.to_sfen());
            let mut checks = MoveList::new();
            generate_checks(pos, &mut checks);
            for &m in checks.iter() {
                pos.make_move(m);
                let mut evasions = MoveList::new();
                generate_all(pos, &mut evasions);
                assert_eq!(count_all(pos), evasions.len() as u32, "{}", pos.to_sfen());
                evasions_seen += evasions.len();
                pos.unmake_move(m);
            }
        };
        each_test_position(|pos| compare(pos));
        assert!(evasions_seen > 20_000, "{evasions_seen} evasions");
    }

    #[test]
    fn the_check_generator_gives_exactly_the_checking_moves() {
        // Along random games, and in tsume positions rich in drops and discovered checks:
        // exactly the legal moves (non-promotions included) after which the opponent is in
        // check, found by playing each move.
        let mut checks_seen = 0;
        let mut compare = |pos: &mut Position| {
            let mut all = MoveList::new();
            generate_all(pos, &mut all);
            let mut expected: Vec<u16> = Vec::new();
            for &m in all.iter() {
                pos.make_move(m);
                if pos.in_check() {
                    expected.push(m.raw());
                }
                pos.unmake_move(m);
            }
            let mut got = MoveList::new();
            generate_checks(pos, &mut got);
            let mut got: Vec<u16> = got.iter().map(|m| m.raw()).collect();
            expected.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, expected, "{}", pos.to_sfen());
            checks_seen += expected.len();
        };
        each_test_position(|pos| compare(pos));
        assert!(checks_seen > 5_000, "{checks_seen} checks");
    }

    #[test]
    fn quiet_checks_are_the_checking_non_captures() {
        // Along random games: the quiet checks are exactly the legal non-captures after which
        // the opponent is in check (found by playing each move).
        let mut checks_seen = 0;
        walk_random_games(11, 100, 160, |pos| {
            if pos.in_check() {
                return;
            }
            let mut list = MoveList::new();
            generate_legal(pos, &mut list);
            let mut expected: Vec<Move> = Vec::new();
            for &m in list.iter() {
                if !m.is_drop() && pos.piece_on(m.to()).is_some() {
                    continue;
                }
                pos.make_move(m);
                if pos.in_check() {
                    expected.push(m);
                }
                pos.unmake_move(m);
            }
            let mut got = MoveList::new();
            generate_quiet_checks(pos, &mut got);
            let mut got: Vec<Move> = got.iter().copied().collect();
            expected.sort_by_key(|m| m.raw());
            got.sort_by_key(|m| m.raw());
            assert_eq!(got, expected, "{}", pos.to_sfen());
            checks_seen += expected.len();
        });
        assert!(checks_seen > 10_000, "{checks_seen} checks");
    }
}
