//! Perft: the leaf count of the legal-move tree, and the same split by the first move.

use super::position::VPosition;

/// Leaf count of the legal-move tree `depth` plies deep.
pub fn perft(pos: &mut VPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for m in moves {
        let u = pos.make_move(m);
        n += perft(pos, depth - 1);
        pos.unmake_move(m, u);
    }
    n
}

/// Perft split by the first move: (move, leaves under it), in generation order.
pub fn perft_divide(pos: &mut VPosition, depth: u32) -> Vec<(String, u64)> {
    perft_divide_until(pos, depth, &|| false).expect("never stopped")
}

/// `perft_divide`, giving up (`None`) when `stop` says so between two first moves.
pub fn perft_divide_until(
    pos: &mut VPosition,
    depth: u32,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<(String, u64)>> {
    let mut split = Vec::new();
    for m in pos.legal_moves() {
        if stop() {
            return None;
        }
        let text = pos.move_text(m);
        let u = pos.make_move(m);
        let n = perft(pos, depth.saturating_sub(1));
        pos.unmake_move(m, u);
        split.push((text, n));
    }
    Some(split)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::rules::VariantId;

    fn perft_of(id: VariantId, sfen: Option<&str>, depth: u32) -> u64 {
        let mut pos = match sfen {
            Some(s) => VPosition::from_sfen(id, s).unwrap(),
            None => VPosition::start(id),
        };
        perft(&mut pos, depth)
    }

    #[test]
    fn shogi_through_the_generic_generator() {
        // Published: 30, 900, 25470 (and the core engine's perft).
        assert_eq!(perft_of(VariantId::Shogi, None, 1), 30);
        assert_eq!(perft_of(VariantId::Shogi, None, 2), 900);
        assert_eq!(perft_of(VariantId::Shogi, None, 3), 25_470);
    }

    #[test]
    fn small_variants_start_positions() {
        // fairy-stockfish 11.1 (docs/variants.md).
        assert_eq!(perft_of(VariantId::Mini, None, 3), 2_512);
        assert_eq!(perft_of(VariantId::Judkins, None, 3), 6_183);
        assert_eq!(perft_of(VariantId::Micro, None, 4), 7_256);
    }
}
