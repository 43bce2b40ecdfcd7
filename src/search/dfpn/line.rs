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
//!
//! Tsume's count leaves out useless interpositions (mudaai): a drop between the checking piece
//! and the king that the attacker takes, the defender unable to take back, after which the
//! mate goes on without the piece taken (the table's proof hand there does not hold it, so the
//! mate stands with the piece given back to the defender). Such a drop only lengthens the
//! line by two plies; the defender's longest resistance is measured without it, and a check
//! that only useless interpositions answer mates. Both counts are kept: tsume's, which the
//! line follows, and the one with every interposition (what the search's length limit counts,
//! and what move-by-move solvers report).

use super::table::{ANY_LENGTH, INF};
use super::{path_key, Solver};
use crate::shogi::attacks::between;
use crate::shogi::{generate_all, has_legal_move, Move, MoveList, Position};
use std::collections::{HashMap, HashSet};

/// What the measure of a proven position says of the best line from it (see the module's text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Measure {
    /// Plies to mate by tsume's count (useless interpositions left out).
    plies: u16,
    /// The attacker ends the line with pieces in hand.
    spare: bool,
    /// Plies to mate with every interposition counted (both sides choosing by this count
    /// alone: the shortest mate against the longest defence).
    full: u16,
}

impl Measure {
    /// Mated here.
    fn mated(spare: bool) -> Measure {
        Measure {
            plies: 0,
            spare,
            full: 0,
        }
    }

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
            full: self.full + 1,
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
        let Some(root) = self.proven_length(pos, 0, &mut lengths, &mut on_path) else {
            return Vec::new();
        };
        self.full_length = root.full;
        let mut line = Vec::new();
        loop {
            let or_node = pos.side_to_move() == self.attacker;
            let mut best: Option<(Move, Measure)> = None;
            for &m in self.children(pos, or_node).iter() {
                if !or_node && self.useless_interposition(pos, m) {
                    continue;
                }
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
    /// evasion), without measuring the solution tree: its length is not known to be the
    /// defender's longest, but it is read in about the time of one walk down the line. Where
    /// the table has lost a proof on the way (an attacker's node with no proven check, an
    /// evasion not proven), that node is proven again. Empty if no line to mate was read (the
    /// search stopped, or the stored lengths led round in a circle).
    pub fn greedy_line(&mut self, pos: &mut Position) -> Vec<Move> {
        let mut line = Vec::new();
        let mut seen = HashSet::new();
        while !self.aborted && seen.insert(path_key(pos.board_key(), self.attacker_hand(pos))) {
            let or_node = pos.side_to_move() == self.attacker;
            let ply = line.len();
            let mut best = self.best_proven_child(pos, or_node, ply);
            if best.is_none() && or_node && !self.aborted && ply < self.max_ply {
                // The table has lost the proofs below this attacker's node: prove it again.
                self.path.clear();
                self.mid(pos, ply, INF, INF, false);
                best = self.best_proven_child(pos, or_node, ply);
            }
            let Some(m) = best else {
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

    /// `greedy_line`'s choice at `pos`, `ply` from the root: the attacker's proven check of the
    /// shortest stored length, or the defender's evasion of the longest (each evasion the table
    /// has lost proven again; `None` if one cannot be).
    fn best_proven_child(&mut self, pos: &mut Position, or_node: bool, ply: usize) -> Option<Move> {
        let mut best: Option<(Move, u16)> = None;
        for &m in self.children(pos, or_node).iter() {
            pos.make_move(m);
            let probe = |s: &Self, pos: &Position| {
                s.table
                    .probe(pos.board_key(), s.attacker_hand(pos), ANY_LENGTH - 1)
                    .filter(|f| f.pn == 0)
            };
            let mut proven = probe(self, pos);
            if proven.is_none() && !or_node && !self.aborted {
                self.path.clear();
                self.mid(pos, ply + 1, INF, INF, false);
                proven = probe(self, pos);
            }
            pos.unmake_move(m);
            match proven {
                Some(f) => {
                    let better =
                        best.is_none_or(|(_, b)| if or_node { f.length < b } else { f.length > b });
                    if better {
                        best = Some((m, f.length));
                    }
                }
                // An evasion not mated: no line through this node.
                None if !or_node => return None,
                None => {}
            }
        }
        best.map(|(m, _)| m)
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
                self.mid(pos, ply, INF, INF, false);
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
            return Some(Measure::mated(!self.attacker_hand(pos).is_empty()));
        }
        // Tsume's count (`result`, each side's best as `Measure` orders them) and the count
        // of every interposition (`full`, the attacker's least, the defender's most).
        let mut result: Option<Measure> = None;
        let mut full: Option<u16> = None;
        // The plies left to the children.
        let budget = self
            .max_ply
            .saturating_sub(ply + 1)
            .min(usize::from(ANY_LENGTH - 1)) as u16;
        for &m in moves {
            let useless = !or_node && self.useless_interposition(pos, m);
            pos.make_move(m);
            let hand = self.attacker_hand(pos);
            let mut found = self
                .table
                .probe(pos.board_key(), hand, budget)
                .filter(|f| f.pn == 0);
            if found.is_none() && !or_node {
                // Every evasion is mated, but the table has lost this one: prove it again.
                self.path.clear();
                self.mid(pos, ply + 1, INF, INF, false);
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
                    full = Some(full.map_or(l.full, |f| f.min(l.full)));
                    if result.is_none_or(|r| l.attacker_key() < r.attacker_key()) {
                        result = Some(l);
                    }
                }
                (true, None) => {}
                (false, Some(l)) => {
                    let l = l.before();
                    full = Some(full.map_or(l.full, |f| f.max(l.full)));
                    if !useless && result.is_none_or(|r| l.defender_key() > r.defender_key()) {
                        result = Some(l);
                    }
                }
                (false, None) => return None,
            }
        }
        if !or_node && result.is_none() {
            // Only useless interpositions answer the check: by tsume's count, mated.
            result = Some(Measure::mated(!self.attacker_hand(pos).is_empty()));
        }
        if or_node && ply < self.max_ply {
            // A mate at once that leaves a piece in hand, with one piece in hand: the table
            // holds the mate the search found, not every other; one by a drop of that piece
            // leaves none.
            let spare_mate = result.is_some_and(|r| r.plies == 1 && r.spare && r.full == 1);
            if spare_mate && self.attacker_hand(pos).total() == 1 {
                for &m in moves.iter().filter(|m| m.is_drop()) {
                    pos.make_move(m);
                    let mated = !has_legal_move(pos);
                    if mated {
                        // Measured, for the line to be read through it.
                        let key = path_key(pos.board_key(), self.attacker_hand(pos));
                        lengths.insert(key, Measure::mated(false));
                    }
                    pos.unmake_move(m);
                    if mated {
                        result = Some(Measure::mated(false).before());
                        break;
                    }
                }
            }
        }
        result.map(|r| Measure {
            full: full.unwrap_or(r.full),
            ..r
        })
    }

    /// Whether the defender's `m` in `pos` (in check) is a useless interposition: a drop
    /// between the one checking piece and the king that the attacker takes with a check, the
    /// defender unable to take back, after which the table's proof needs no more of the
    /// dropped kind than the attacker held before (the mate stands with the piece given back).
    /// Where the table has lost the proof, the drop counts.
    fn useless_interposition(&mut self, pos: &mut Position, m: Move) -> bool {
        if !m.is_drop() {
            return false;
        }
        let checkers = pos.checkers();
        let (Some(checker), Some(king)) = (checkers.lsb(), pos.king_square(pos.side_to_move()))
        else {
            return false;
        };
        if checkers.more_than_one() || !between(checker, king).contains(m.to()) {
            return false;
        }
        let kind = m.drop_kind();
        let to = m.to();
        pos.make_move(m);
        let held = self.attacker_hand(pos).count(kind);
        let mut useless = false;
        for &take in self.children(pos, true).iter() {
            if take.is_drop() || take.to() != to {
                continue;
            }
            pos.make_move(take);
            let needless = self
                .table
                .probe(pos.board_key(), self.attacker_hand(pos), ANY_LENGTH - 1)
                .is_some_and(|f| f.pn == 0 && f.hand.count(kind) <= held);
            let retaken = needless && {
                let mut replies = MoveList::new();
                generate_all(pos, &mut replies);
                replies.iter().any(|r| !r.is_drop() && r.to() == to)
            };
            pos.unmake_move(take);
            if needless && !retaken {
                useless = true;
                break;
            }
        }
        pos.unmake_move(m);
        useless
    }
}
