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
        pos.make_move(m);
        nodes += perft(pos, depth - 1);
        pos.unmake_move(m);
    }
    nodes
}

/// Perft split by root move, in generation order.
pub fn perft_divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    generate_all(pos, &mut list);
    list.iter()
        .map(|&m| {
            pos.make_move(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake_move(m);
            (m, n)
        })
        .collect()
}

/// Perft split by root move, like `perft_divide`, that gives up (`None`) once `stop` says so;
/// `stop` is asked at every node three or more plies from the leaves.
pub fn perft_divide_until(
    pos: &mut Position,
    depth: u32,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<(Move, u64)>> {
    fn count(pos: &mut Position, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
        if depth < 3 {
            return Some(perft(pos, depth));
        }
        if stop() {
            return None;
        }
        let mut list = MoveList::new();
        generate_all(pos, &mut list);
        let mut nodes = 0;
        for &m in list.iter() {
            pos.make_move(m);
            let n = count(pos, depth - 1, stop);
            pos.unmake_move(m);
            nodes += n?;
        }
        Some(nodes)
    }
    let mut list = MoveList::new();
    generate_all(pos, &mut list);
    let mut split = Vec::with_capacity(list.len());
    for &m in list.iter() {
        pos.make_move(m);
        let n = count(pos, depth.max(1) - 1, stop);
        pos.unmake_move(m);
        split.push((m, n?));
    }
    Some(split)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_that_may_stop_counts_the_same_or_stops() {
        let mut pos = Position::startpos();
        let full = perft_divide(&mut pos, 4);
        assert_eq!(perft_divide_until(&mut pos, 4, &|| false), Some(full));
        assert_eq!(perft_divide_until(&mut pos, 4, &|| true), None);
        assert_eq!(pos.to_sfen(), Position::startpos().to_sfen());
    }
}
