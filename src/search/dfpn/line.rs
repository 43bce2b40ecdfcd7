//! The mating line of a proven position, read out of the table: at each attacker's move the
//! proven check with the shortest mate, at each defender's move the evasion with the longest,
//! a drop interposed between checker and king counted two plies short (an interposition that
//! is simply taken, mudaai, does not make a mate longer), and any child the table has lost
//! proven again.

use super::table::INF;
use super::Solver;
use crate::shogi::{Move, Position};
use std::collections::HashSet;

impl Solver<'_> {
    /// The line from `pos`, which the last `solve` proved, to mate (empty if `pos` is not
    /// proven or the search was stopped while the line was read).
    pub fn mating_line(&mut self, pos: &mut Position) -> Vec<Move> {
        let mut line: Vec<Move> = Vec::new();
        let mut seen = HashSet::new();
        let mut retried = false;
        while line.len() < self.max_ply && !self.aborted {
            if !seen.insert(pos.key()) {
                break;
            }
            let or_node = pos.side_to_move() == self.attacker;
            let moves = self.children(pos, or_node);
            let mut best: Option<(Move, i32)> = None;
            for &m in moves.iter() {
                pos.make_move(m);
                let mut found = self.table.probe(pos.board_key(), self.attacker_hand(pos));
                if found.is_none_or(|f| f.pn != 0 && f.dn != 0) && !or_node {
                    // The table lost it: prove it again (every evasion is mated).
                    self.path.clear();
                    self.mid(pos, line.len() + 1, INF - 1, INF - 1);
                    found = self.table.probe(pos.board_key(), self.attacker_hand(pos));
                }
                pos.unmake_move(m);
                let Some(f) = found.filter(|f| {
                    f.pn == 0 && line.len() + 1 + usize::from(f.length) <= self.max_ply
                }) else {
                    continue;
                };
                let length = i32::from(f.length);
                let better = match best {
                    None => true,
                    Some((_, b)) if or_node => length < b,
                    Some((_, b)) => {
                        let effective = |m: Move, l: i32| if m.is_drop() { l - 2 } else { l };
                        effective(m, length) > effective(best.expect("a best").0, b)
                            || (effective(m, length) == effective(best.expect("a best").0, b)
                                && !m.is_drop()
                                && best.expect("a best").0.is_drop())
                    }
                };
                if better {
                    best = Some((m, length));
                }
            }
            let Some((m, _)) = best else {
                if or_node && !retried {
                    // The table lost the proof of this node: prove it again, once.
                    retried = true;
                    seen.remove(&pos.key());
                    self.path.clear();
                    self.mid(pos, line.len(), INF - 1, INF - 1);
                    continue;
                }
                break;
            };
            retried = false;
            pos.make_move(m);
            line.push(m);
        }
        for &m in line.iter().rev() {
            pos.unmake_move(m);
        }
        line
    }
}
