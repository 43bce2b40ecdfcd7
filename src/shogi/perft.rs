//! Perft: counting the leaves of the legal move tree, the standard check of a move generator.

use super::movegen::generate_all;
use super::moves::{Move, MoveList};
use super::position::Position;

/// Number of legal move sequences of length `depth` (pointless non-promotions included).
/// The last ply is counted without being played.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    generate_all(pos, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        pos.do_move(m);
        nodes += perft(pos, depth - 1);
        pos.undo_move(m);
    }
    nodes
}

/// Perft split by root move, in generation order.
pub fn perft_divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    generate_all(pos, &mut list);
    list.iter()
        .map(|&m| {
            pos.do_move(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.undo_move(m);
            (m, n)
        })
        .collect()
}
