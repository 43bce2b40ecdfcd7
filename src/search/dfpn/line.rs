//! The mating line of a proven position, read out of the table.
//!
//! The lengths the table keeps are those of the proofs as they were found; a proof found later
//! below a node can be shorter, and a node's own entry is not revised then. So the line is not
//! read greedily from the stored lengths: first the solution tree the table holds is measured
//! (`proven_length`: the attacker's quickest proven check, the defender's longest evasion,
//! recursively, every evasion searched, any the table has lost proven again), and the line
//! follows those measures. Its length is then the true length of a mate against every defence,
//! and the defender's moves in it are its longest resistance. Among lines of the same length,
//! both sides choose as tsume's rules have the solution end: with no attacker's piece left in
//! hand (a line that leaves one is a flawed, "spare pieces" line, which the defender avoids and
//! the attacker does not choose); then, among the defender's moves, a move on the board comes
//! before a drop (an interposition only there to be taken).

use super::table::{ANY_LENGTH, INF};
use super::{path_key, Solver};
use crate::shogi::{has_legal_move, Move, Position};
use std::collections::{HashMap, HashSet};

/// What the measure of a proven position says of the best line from it (see the module's text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Measure {
    /// Plies to mate.
    plies: u16,
    /// The attacker ends the line with pieces in hand.
    spare: bool,
}

impl Measure {
    /// The order in which the attacker prefers lines: shorter, then with no spare pieces.
    fn attacker_key(self) -> (u16, bool) {
        (self.plies, self.spare)
    }

    /// The order in which the defender prefers lines: longer, then with no spare pieces.
    fn defender_key(self) -> (u16, bool) {
        (self.plies, !self.spare)
    }

    /// One ply further up.
    fn before(self) -> Measure {
        Measure {
            plies: self.plies + 1,
            ..self
        }
    }
}

/// Measured positions: `path_key` to their measure.
type Lengths = HashMap<u64, Measure>;

impl Solver<'_> {
    /// The line from `pos`, which the last `solve` proved, to mate (empty if `pos` is not
    /// proven or the search was stopped while the line was read).
    pub fn mating_line(&mut self, pos: &mut Position) -> Vec<Move> {
        let mut lengths = Lengths::new();
        let mut on_path = HashSet::new();
        if self
            .proven_length(pos, 0, &mut lengths, &mut on_path)
            .is_none()
        {
            return Vec::new();
        }
        let mut line = Vec::new();
        loop {
            let or_node = pos.side_to_move() == self.attacker;
            let mut best: Option<(Move, Measure)> = None;
            for &m in self.children(pos, or_node).iter() {
                pos.make_move(m);
                let known = lengths
                    .get(&path_key(pos.board_key(), self.attacker_hand(pos)))
                    .copied();
                pos.unmake_move(m);
                let Some(length) = known else {
                    continue;
                };
                let better = match best {
                    None => true,
                    Some((_, b)) if or_node => length.attacker_key() < b.attacker_key(),
                    Some((b_move, b)) => {
                        let (new, old) = (length.defender_key(), b.defender_key());
                        new > old || (new == old && b_move.is_drop() && !m.is_drop())
                    }
                };
                if better {
                    best = Some((m, length));
                }
            }
            let Some((m, _)) = best else {
                break;
            };
            pos.make_move(m);
            line.push(m);
        }
        for &m in line.iter().rev() {
            pos.unmake_move(m);
        }
        line
    }

    /// A line from `pos`, which the last `solve` proved, to mate, read greedily from the lengths
    /// the table keeps (the attacker's shortest proven check, the defender's longest proven
    /// evasion), without measuring the solution tree: quick, but its length is not known to be
    /// the defender's longest. Empty if the table no longer holds a line to mate.
    pub fn greedy_line(&mut self, pos: &mut Position) -> Vec<Move> {
        let mut line = Vec::new();
        let mut seen = HashSet::new();
        while seen.insert(path_key(pos.board_key(), self.attacker_hand(pos))) {
            let or_node = pos.side_to_move() == self.attacker;
            let mut best: Option<(Move, u16)> = None;
            for &m in self.children(pos, or_node).iter() {
                pos.make_move(m);
                let proven = self
                    .table
                    .probe(pos.board_key(), self.attacker_hand(pos), ANY_LENGTH - 1)
                    .filter(|f| f.pn == 0);
                pos.unmake_move(m);
                if let Some(f) = proven {
                    let better =
                        best.is_none_or(|(_, b)| if or_node { f.length < b } else { f.length > b });
                    if better {
                        best = Some((m, f.length));
                    }
                }
            }
            let Some((m, _)) = best else {
                break;
            };
            pos.make_move(m);
            line.push(m);
        }
        let mated = pos.side_to_move() != self.attacker && !has_legal_move(pos);
        for &m in line.iter().rev() {
            pos.unmake_move(m);
        }
        if !mated {
            line.clear();
        }
        line
    }

    /// The plies to mate from `pos` (`ply` from the root) by the table's proofs, and whether the
    /// line ends with spare pieces: at the attacker's move the best over its proven checks, at
    /// the defender's the best over all its evasions, each side's best as `Measure` orders
    /// them; `None` where the table holds no proof (or the search was stopped).
    /// Memoised in `lengths`; `on_path` keeps the line from going round in a circle.
    fn proven_length(
        &mut self,
        pos: &mut Position,
        ply: usize,
        lengths: &mut Lengths,
        on_path: &mut HashSet<u64>,
    ) -> Option<Measure> {
        let here = path_key(pos.board_key(), self.attacker_hand(pos));
        if let Some(&l) = lengths.get(&here) {
            return Some(l);
        }
        let or_node = pos.side_to_move() == self.attacker;
        let too_deep = ply > self.max_ply || (or_node && ply == self.max_ply);
        if self.aborted || too_deep || !on_path.insert(here) {
            return None;
        }
        let moves = self.children(pos, or_node).as_slice().to_vec();
        let mut result = None;
        for attempt in 0..2 {
            if attempt == 1 {
                // The table has lost the proofs below this attacker's node: prove it again.
                self.path.clear();
                self.mid(pos, ply, INF - 1, INF - 1, false);
            }
            result = self.measure_children(pos, ply, &moves, or_node, lengths, on_path);
            if result.is_some() || !or_node || self.aborted {
                break;
            }
        }
        on_path.remove(&here);
        if let Some(l) = result {
            lengths.insert(here, l);
        }
        result
    }

    /// `proven_length` over the children `moves` of `pos`.
    fn measure_children(
        &mut self,
        pos: &mut Position,
        ply: usize,
        moves: &[Move],
        or_node: bool,
        lengths: &mut Lengths,
        on_path: &mut HashSet<u64>,
    ) -> Option<Measure> {
        if moves.is_empty() && !or_node {
            // Mated: the line ends here.
            return Some(Measure {
                plies: 0,
                spare: !self.attacker_hand(pos).is_empty(),
            });
        }
        let mut result: Option<Measure> = None;
        // The plies left to the children.
        let budget = self
            .max_ply
            .saturating_sub(ply + 1)
            .min(usize::from(ANY_LENGTH - 1)) as u16;
        for &m in moves {
            pos.make_move(m);
            let hand = self.attacker_hand(pos);
            let mut found = self
                .table
                .probe(pos.board_key(), hand, budget)
                .filter(|f| f.pn == 0);
            if found.is_none() && !or_node {
                // Every evasion is mated, but the table has lost this one: prove it again.
                self.path.clear();
                self.mid(pos, ply + 1, INF - 1, INF - 1, false);
                found = self
                    .table
                    .probe(pos.board_key(), hand, budget)
                    .filter(|f| f.pn == 0);
            }
            let child = match found {
                Some(_) => self.proven_length(pos, ply + 1, lengths, on_path),
                None => None,
            };
            pos.unmake_move(m);
            match (or_node, child) {
                (true, Some(l)) => {
                    let l = l.before();
                    if result.is_none_or(|r| l.attacker_key() < r.attacker_key()) {
                        result = Some(l);
                    }
                }
                (true, None) => {}
                (false, Some(l)) => {
                    let l = l.before();
                    if result.is_none_or(|r| l.defender_key() > r.defender_key()) {
                        result = Some(l);
                    }
                }
                (false, None) => return None,
            }
        }
        if or_node && ply < self.max_ply {
            // A mate at once that leaves a piece in hand, with one piece in hand: the table
            // holds the mate the search found, not every other; one by a drop of that piece
            // leaves none.
            let spare_mate = Some(Measure {
                plies: 1,
                spare: true,
            });
            if result == spare_mate && self.attacker_hand(pos).total() == 1 {
                for &m in moves.iter().filter(|m| m.is_drop()) {
                    pos.make_move(m);
                    let mated = !has_legal_move(pos);
                    if mated {
                        // Measured, for the line to be read through it.
                        let key = path_key(pos.board_key(), self.attacker_hand(pos));
                        lengths.insert(
                            key,
                            Measure {
                                plies: 0,
                                spare: false,
                            },
                        );
                    }
                    pos.unmake_move(m);
                    if mated {
                        result = Some(Measure {
                            plies: 1,
                            spare: false,
                        });
                        break;
                    }
                }
            }
        }
        result
    }
}
