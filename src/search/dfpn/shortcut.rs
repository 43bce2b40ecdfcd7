//! Shortcuts: mates shorter than the line's, found a few plies off it.
//!
//! df-pn settles an attacker's node with the first check it proves and leaves the others
//! unsearched, so the solution tree the table holds can take a detour where another check
//! rejoins it sooner. On Microcosmos the first line goes `3a4a 4b3b 2a3a 3b2b N*3d 3c3d 3a2a
//! 2b3b` where `N*3d 3c3d 3a4a 4b3b` reaches the same position four plies sooner, and takes
//! such detours some sixty times. A search for a shorter mate from the root (`solve_mate`)
//! removes them one a search, each a search of the whole problem.
//!
//! A shortcut search looks instead at each attacker's node of the line, the last first, for a
//! mate shorter than the node's measure within a search a few plies deep whose leaves are the
//! table's proofs (the positions of the line further on among them): every check, then every
//! evasion where there are few, then every check again, each position found proven in the
//! table at its stored length or mated. What it finds is stored as proofs, with their proof
//! hands as the search works them out, so that the line read again goes through it; that line
//! can meet other detours, on the defender's other defences, and is searched again until no
//! shortcut is found. A pass over a line of 1,585 plies takes some 20 ms.
//!
//! Near the line's end a quicker mate can also take another way altogether (in
//! Shin-Tougenkyou's ending, a defence that the first line mates in 19 plies shtsume mates in
//! 13). So the attacker's nodes of
//! the last `TAIL_PLIES` plies are each searched again, as the root is, with the length limited
//! below their measure, each search given `TAIL_NODES` nodes.

use super::table::{ANY_LENGTH, INF};
use super::{path_key, Solver};
use crate::shogi::{Hand, Move, Position};

/// The plies a shortcut search looks ahead of an attacker's node: check, evasion, check,
/// evasion, then the table.
const DEPTH: u32 = 4;

/// The most evasions a defender's node of a shortcut search may have (more, and a quicker mate
/// through it is unlikely: the search leaves it).
const MAX_EVASIONS: usize = 4;

/// The plies at the end of the line whose attacker's nodes are searched for shorter mates by
/// searches of their own.
const TAIL_PLIES: usize = 31;

/// The nodes each of those searches may take.
const TAIL_NODES: u64 = 100_000;

/// The work a stored shortcut is given: the most, so that the table keeps it while the line is
/// read again and the searches for shorter mates go on.
const KEPT: u64 = u64::MAX;

impl Solver<'_> {
    /// `line` (a mate from `pos`, which the table proves, its measure read last) with the
    /// shortcuts found along it: searched again after each pass that finds one, until a pass
    /// finds none, the line read again is no shorter, or the time is up. Sets `full_length`
    /// to the line returned.
    pub(super) fn with_shortcuts(&mut self, pos: &mut Position, mut line: Vec<Move>) -> Vec<Move> {
        while !line.is_empty()
            && !self.aborted
            && (self.shortcuts_along(pos, &line) || self.tails_along(pos, &line))
        {
            let before = (usize::from(self.full_length), line.len());
            let shorter = self.mating_line(pos);
            let after = (usize::from(self.full_length), shorter.len());
            if shorter.is_empty() || after >= before {
                self.full_length = before.0.min(usize::from(u16::MAX)) as u16;
                break;
            }
            line = shorter;
        }
        line
    }

    /// Searches each attacker's node of `line` (from `pos`), the last first, for a shortcut;
    /// whether one was found (and stored).
    fn shortcuts_along(&mut self, pos: &mut Position, line: &[Move]) -> bool {
        self.along(pos, line, 0, |s, pos, ply| {
            s.node_length(pos, ply)
                .filter(|&l| l >= 3)
                .is_some_and(|length| s.shortcut_or(pos, DEPTH, length - 2).is_some())
        })
    }

    /// Searches each attacker's node of the last `TAIL_PLIES` of `line` (from `pos`), the
    /// last first, for a mate shorter than its measure, by searches with the length limited,
    /// each of at most `TAIL_NODES` nodes; whether one was found (and stored). (Not the root:
    /// its own searches for shorter mates follow.)
    fn tails_along(&mut self, pos: &mut Position, line: &[Move]) -> bool {
        let first = line.len().saturating_sub(TAIL_PLIES).max(1);
        self.along(pos, line, first, Solver::shorter_tail)
    }

    /// Calls `search` at each attacker's node of `line` (from `pos`) at `first` plies from
    /// `pos` or further, the last first, while the time lasts; whether any call found a mate.
    fn along(
        &mut self,
        pos: &mut Position,
        line: &[Move],
        first: usize,
        mut search: impl FnMut(&mut Self, &mut Position, usize) -> bool,
    ) -> bool {
        for &m in line {
            pos.make_move(m);
        }
        let mut found = false;
        for (ply, &m) in line.iter().enumerate().rev() {
            pos.unmake_move(m);
            // The attacker moves at the even plies.
            if ply < first || ply % 2 != 0 || self.aborted {
                continue;
            }
            if self.out_of_time() {
                self.aborted = true;
                continue;
            }
            found |= search(self, pos, ply);
        }
        found
    }

    /// Searches the attacker's node `pos`, `ply` from the root, for mates shorter than its
    /// measure, each shorter one found in turn, until a search proves none or ends at its
    /// budget; whether one was found.
    fn shorter_tail(&mut self, pos: &mut Position, ply: usize) -> bool {
        let key = path_key(pos.board_key(), self.attacker_hand(pos));
        let Some(mut length) = self.node_length(pos, ply) else {
            return false;
        };
        let max_ply = self.max_ply;
        let mut found = false;
        while length >= 3 && !self.aborted && self.tails_tried.insert((key, length)) {
            // A mate within `length - 2` plies from here.
            self.max_ply = ply + usize::from(length) - 2;
            self.node_limit = self.nodes + TAIL_NODES;
            self.path.clear();
            let r = self.mid(pos, ply, INF, INF, false);
            self.node_limit = u64::MAX;
            // (The end of the budget is no stop.)
            self.aborted = self.out_of_time();
            if r.pn != 0 || r.length >= length {
                break;
            }
            length = r.length;
            found = true;
        }
        self.max_ply = max_ply;
        found
    }

    /// The plies to mate from `pos`, `ply` plies down the line just read: its measure (the
    /// table's proofs may be longer, as found before shorter ones below them), else the
    /// table's shortest proof.
    fn node_length(&self, pos: &Position, ply: usize) -> Option<u16> {
        self.line_measures.get(ply).copied().or_else(|| {
            self.table
                .probe(pos.board_key(), self.attacker_hand(pos), ANY_LENGTH - 1)
                .filter(|f| f.pn == 0)
                .map(|f| f.length)
        })
    }

    /// The shortest mate within `bound` plies from the attacker's node `pos` that a search
    /// `depth` plies deep finds (every interposition counted, as the table counts), and its
    /// proof hand; stored.
    fn shortcut_or(&mut self, pos: &mut Position, depth: u32, mut bound: u16) -> Option<Proof> {
        self.nodes += 1;
        let hand = self.attacker_hand(pos);
        let mut best: Option<Proof> = None;
        for &check in self.children(pos, true).iter() {
            if bound == 0 {
                break;
            }
            pos.make_move(check);
            let mated = self.shortcut_and(pos, depth - 1, bound - 1);
            pos.unmake_move(check);
            if let Some((plies, child_hand)) = mated {
                let proof_hand = Solver::before_check(pos, check, child_hand, hand);
                best = Some((plies + 1, proof_hand));
                // Odd lengths: the next must be two plies shorter.
                bound = (plies + 1).saturating_sub(2);
            }
        }
        if let Some((length, proof_hand)) = best {
            self.table
                .store(pos.board_key(), proof_hand, 0, INF, length, KEPT);
        }
        best
    }

    /// The plies within which the defender's node `pos` is mated, if within `bound`, and the
    /// proof hand: by the table's proof, mated at once, or by a search `depth` plies deep below
    /// it; stored.
    fn shortcut_and(&mut self, pos: &mut Position, depth: u32, bound: u16) -> Option<Proof> {
        self.nodes += 1;
        let hand = self.attacker_hand(pos);
        let proven = |s: &Self, pos: &Position, bound: u16| {
            s.table
                .probe(pos.board_key(), hand, bound)
                .filter(|f| f.pn == 0)
                .map(|f| (f.length, f.hand))
        };
        if let Some(proof) = proven(self, pos, bound) {
            return Some(proof);
        }
        let evasions = self.children(pos, false);
        // (No evasion: mated, the loop below empty.)
        let within_reach = depth > 0 && bound >= 2 && evasions.len() <= MAX_EVASIONS;
        if !evasions.is_empty() && !within_reach {
            return None;
        }
        let mut longest = 0;
        let mut hands = Vec::with_capacity(evasions.len());
        for &evasion in evasions.iter() {
            pos.make_move(evasion);
            let mated = match proven(self, pos, bound - 1) {
                Some(proof) => Some(proof),
                None if depth >= 2 => self.shortcut_or(pos, depth - 1, bound - 1),
                None => None,
            };
            pos.unmake_move(evasion);
            let (plies, child_hand) = mated?;
            longest = longest.max(plies + 1);
            hands.push(child_hand);
        }
        let proof_hand = self.and_proof_hand(pos, hands.into_iter());
        self.table
            .store(pos.board_key(), proof_hand, 0, INF, longest, KEPT);
        Some((longest, proof_hand))
    }
}

/// A proof: its plies to mate and proof hand.
type Proof = (u16, Hand);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::dfpn::table::MateTable;
    use crate::search::SearchControl;
    use crate::shogi::has_legal_move;

    #[test]
    fn a_detour_of_the_first_line_is_cut_short() {
        // Microcosmos 61 plies from its end, on the published solution (as shtsume 1.2.7e
        // gives it, 1,525 plies): mate in 61. df-pn's first line here takes one of the work's
        // detours (65 plies, `3a4a 4b3b 2a3a 3b2b N*3d 3c3d 3a2a 2b3b` where `N*3d 3c3d 3a4a
        // 4b3b` reaches the same position), which the shortcut search cuts.
        let sfen = "g3+P+P+P+P+L/1p1k5/+Rn2ppppl/2+Psg+p1+R1/+b+nL6/1PP+B1ssP1/4+Ps2N/4+P1P1L/\
                    6G1g b Np 1465";
        let mut pos = Position::from_sfen(sfen).unwrap();
        let table = MateTable::new(64);
        let control = SearchControl::new();
        let mut report = |_| {};
        let mut solver = Solver::new(&table, &control, None, &mut report);
        assert_eq!(solver.solve(&mut pos), Some(true));
        let first = solver.mating_line(&mut pos);
        let line = solver.with_shortcuts(&mut pos, first.clone());
        assert_eq!(
            line.len(),
            61,
            "the first line {}, then {}",
            first.len(),
            line.len()
        );
        assert_eq!(solver.full_length, 61);
        for (ply, &m) in line.iter().enumerate() {
            assert_eq!(
                pos.in_check(),
                ply % 2 == 1,
                "ply {ply}: a check, then an evasion"
            );
            pos.make_move(m);
        }
        assert!(pos.in_check() && !has_legal_move(&pos), "mate at the end");
    }
}
