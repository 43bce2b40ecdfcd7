//! The mating line of a proven position, read out of the table.
//!
//! The lengths the table keeps are those of the proofs as they were found; a proof found later
//! below a node can be shorter, and a node's own entry is not revised then. So the line is not
//! read greedily from the stored lengths: first the solution tree the table holds is measured
//! (`proven_length`: the attacker's quickest proven check, the defender's longest evasion,
//! recursively, every evasion searched, any the table has lost proven again), and the line
//! follows those measures. Its length is then the true length of a mate against every defence,
//! and the defender's moves in it are its longest resistance.
//!
//! On a long problem that tree is too large to measure: every proven check of every attacker's
//! node, each with all its evasions below, and the table's proofs of different nodes can lead
//! round in circles, which the recursive measure can only leave and take again. Past
//! `MAX_TREE_VISITS` positions the graph of the best checks alone is measured (`ProofGraph`:
//! at each attacker's node the check with the shortest stored proof, another where that one
//! goes round, every evasion), as retrograde analysis measures a graph. Its length is then
//! that of a mate against every defence, the attacker keeping to those checks: a bound above
//! the shortest, which the searches for shorter mates that follow can lower, and which is the
//! shortest only once one of them finds none shorter. Among lines of the same length,
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
use super::{path_key, Defence, Solver, DEFAULT_MAX_PLY};
use crate::shogi::attacks::between;
use crate::shogi::{generate_all, has_legal_move, Move, MoveList, PieceKind, Position};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

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

    /// The order in which the defender prefers lines (the greater first): by the longest
    /// defence, longer, then with no spare pieces; by composed problems' rules, with no spare
    /// pieces, then longer.
    fn defender_key(self, defence: Defence) -> u32 {
        let (plies, whole) = (u32::from(self.plies), u32::from(!self.spare));
        match defence {
            Defence::Longest => plies << 1 | whole,
            Defence::Composed => whole << 16 | plies,
        }
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
    /// proven or the search was stopped while the line was read); `line_measures` holds the
    /// measure (every interposition counted) of each position on it, the mated one last.
    pub fn mating_line(&mut self, pos: &mut Position) -> Vec<Move> {
        let mut lengths = Lengths::new();
        let Some(root) = self.measure(pos, &mut lengths) else {
            return Vec::new();
        };
        self.full_length = root.full;
        self.line_measures.clear();
        self.line_measures.push(root.full);
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
                        let (new, old) = (
                            length.defender_key(self.defence),
                            b.defender_key(self.defence),
                        );
                        new > old || (new == old && b_move.is_drop() && !m.is_drop())
                    }
                };
                if better {
                    best = Some((m, length));
                }
            }
            let Some((m, length)) = best else {
                break;
            };
            pos.make_move(m);
            line.push(m);
            self.line_measures.push(length.full);
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

    /// Measures the solution tree the table holds below `pos` (`proven_length`), or where that
    /// is too large the proof graph of the best checks (`ProofGraph`), and records in `lengths`
    /// each position's measure; `pos`'s, or `None` where the table holds no proof of it that
    /// could be measured (or the search was stopped).
    fn measure(&mut self, pos: &mut Position, lengths: &mut Lengths) -> Option<Measure> {
        if !self.tree_too_large {
            let mut tree = TreeWalk::default();
            let exact = self.proven_length(pos, 0, lengths, &mut tree);
            if exact.is_some() || self.aborted {
                return exact;
            }
            // (It would be again: the table only gains proofs as the search goes on.)
            self.tree_too_large = tree.visits > MAX_TREE_VISITS;
            lengths.clear();
        }
        let mut graph = ProofGraph {
            defence: self.defence,
            ..ProofGraph::default()
        };
        let root = graph.add(path_key(pos.board_key(), self.attacker_hand(pos)), None);
        let frame = self.frame(pos, root, None, 0);
        self.walk(pos, &mut graph, frame)?;
        for _ in 0..MAX_WIDENINGS {
            if graph.settle(|| self.out_of_time()).is_none() {
                self.aborted = true;
                return None;
            }
            if graph.nodes[0].value.is_some() {
                break;
            }
            // Unmeasured: the checks followed go round in circles (or lead to a defence not
            // proven). One more check from each attacker's node left unmeasured.
            let widened: Vec<u32> = (0..graph.nodes.len() as u32)
                .filter(|&n| {
                    let node = &graph.nodes[n as usize];
                    node.or_node && node.value.is_none() && !node.others.is_empty()
                })
                .collect();
            if widened.is_empty() {
                break;
            }
            for n in widened {
                let path = graph.path_to(n);
                for &m in &path {
                    pos.make_move(m);
                }
                let check = graph.nodes[n as usize].others.pop().expect("a check");
                let mut frame = self.frame_of(&mut graph, n, path.len());
                frame.moves.push(check);
                let walked = self.walk(pos, &mut graph, frame);
                for &m in path.iter().rev() {
                    pos.unmake_move(m);
                }
                walked?;
            }
        }
        for node in &graph.nodes {
            if let Some(l) = node.value {
                lengths.insert(node.key, l);
            }
        }
        graph.nodes[0].value
    }

    /// Walks the proof graph from `start` (at `pos`) and adds what it meets to `graph`: from each
    /// attacker's node the checks the table holds proven by the shortest proofs (at most
    /// `CHECKS_MEASURED` of them, one more where one goes back to a position on the walk's
    /// path), from each defender's node all its evasions (any the table has lost proven again,
    /// and a node with one that cannot be is dead). Depth-first without recursion (a walk
    /// through a graph of a million positions can go a million deep); `None` if stopped or
    /// too large.
    fn walk(&mut self, pos: &mut Position, graph: &mut ProofGraph, start: Frame) -> Option<()> {
        let mut stack: Vec<Frame> = vec![start];
        let mut since_poll = 0u32;
        while let Some(top) = stack.len().checked_sub(1) {
            since_poll += 1;
            if since_poll.is_multiple_of(256) && self.out_of_time() {
                self.aborted = true;
            }
            if self.aborted || graph.nodes.len() > MAX_GRAPH_NODES {
                while let Some(frame) = stack.pop() {
                    if let Some(m) = frame.via {
                        pos.unmake_move(m);
                    }
                }
                return None;
            }
            let frame = &mut stack[top];
            if frame.dead || frame.next == frame.moves.len() {
                let frame = stack.pop().expect("a frame");
                if let Some(m) = frame.via {
                    pos.unmake_move(m);
                }
                graph.finish(frame);
                continue;
            }
            let (m, or_node, ply) = (frame.moves[frame.next], frame.or_node, frame.ply);
            frame.next += 1;
            let useless = !or_node && self.useless_interposition(pos, m);
            pos.make_move(m);
            let key = path_key(pos.board_key(), self.attacker_hand(pos));
            if let Some(&child) = graph.index.get(&key) {
                let frame = &mut stack[top];
                frame.edges.push(Edge { child, useless });
                if or_node && graph.nodes[child as usize].walking {
                    // A check back to a position on the walk's path: no proof by itself.
                    frame.next_check();
                }
                pos.unmake_move(m);
                continue;
            }
            let mated = or_node && !has_legal_move(pos);
            if !mated && !self.proven(pos) {
                // An evasion the table has lost (every evasion is mated): proved again. (A
                // check chosen as proven a moment ago is proven but for a collection since.)
                // Proved as if one ply from the root: the walk can go deeper than the
                // search's limit.
                self.path.clear();
                self.mid(pos, 1, INF, INF, false);
                if !self.proven(pos) {
                    pos.unmake_move(m);
                    let frame = &mut stack[top];
                    frame.dead |= !or_node;
                    frame.next_check();
                    continue;
                }
            }
            let parent = stack[top].node;
            let child = graph.add(key, Some((parent, m)));
            stack[top].edges.push(Edge { child, useless });
            let frame = self.frame(pos, child, Some(m), ply + 1);
            if mated {
                graph.nodes[child as usize].leaf = Some(Measure::mated(frame.spare));
                pos.unmake_move(m);
                graph.finish(frame);
            } else {
                stack.push(frame);
            }
        }
        Some(())
    }

    /// A frame to walk on from `graph`'s node `node`, `ply` from the root, with no moves yet.
    fn frame_of(&self, graph: &mut ProofGraph, node: u32, ply: usize) -> Frame {
        let n = &mut graph.nodes[node as usize];
        n.walking = true;
        Frame {
            node,
            via: None,
            ply,
            or_node: n.or_node,
            moves: Vec::new(),
            others: std::mem::take(&mut n.others),
            next: 0,
            edges: Vec::new(),
            spare: n.spare,
            dead: n.dead,
        }
    }

    /// Whether the table holds `pos` proven.
    fn proven(&self, pos: &Position) -> bool {
        self.table
            .probe(pos.board_key(), self.attacker_hand(pos), ANY_LENGTH - 1)
            .is_some_and(|f| f.pn == 0)
    }

    /// The plies left to the children of a node `ply` from the root (as `mid` counts them).
    fn budget(&self, ply: usize) -> u16 {
        self.max_ply
            .saturating_sub(ply + 1)
            .min(usize::from(ANY_LENGTH - 1)) as u16
    }

    /// The checks of the attacker's node `pos` that `walk` follows: those the table
    /// holds proven by the shortest proofs, and the mates at once (any that the table does not
    /// hold: the search stores the one mate it found, which may leave a piece in hand where
    /// another does not). The node proven again if the table has lost them all.
    fn checks_measured(&mut self, pos: &mut Position, ply: usize) -> (Vec<Move>, Vec<Move>) {
        let mut found: Vec<(bool, u16, Move)> = Vec::new();
        let budget = self.budget(ply);
        for attempt in 0..2 {
            if attempt == 1 {
                self.path.clear();
                self.mid(pos, ply, INF, INF, false);
            }
            for &m in self.children(pos, true).iter() {
                pos.make_move(m);
                let length = if has_legal_move(pos) {
                    self.table
                        .probe(pos.board_key(), self.attacker_hand(pos), ANY_LENGTH - 1)
                        .filter(|f| f.pn == 0)
                        .map(|f| f.length)
                } else {
                    Some(0)
                };
                pos.unmake_move(m);
                if let Some(length) = length {
                    found.push((length > budget, length, m));
                }
            }
            if !found.is_empty() || self.aborted {
                break;
            }
        }
        found.sort_by_key(|&(over, length, _)| (over, length));
        let mates = found
            .iter()
            .take_while(|&&(_, length, _)| length == 0)
            .count();
        let mut checks: Vec<Move> = found.into_iter().map(|(_, _, m)| m).collect();
        let others = checks.split_off(mates.max(CHECKS_MEASURED).min(checks.len()));
        (checks, others)
    }

    /// A frame of `walk` at `pos`, `ply` from the root, graph node `node`,
    /// reached by `via`.
    fn frame(&mut self, pos: &mut Position, node: u32, via: Option<Move>, ply: usize) -> Frame {
        let or_node = pos.side_to_move() == self.attacker;
        let (moves, mut others) = if or_node {
            self.checks_measured(pos, ply)
        } else {
            (self.children(pos, false).as_slice().to_vec(), Vec::new())
        };
        others.reverse();
        Frame {
            node,
            via,
            ply,
            or_node,
            moves,
            others,
            next: 0,
            edges: Vec::new(),
            spare: !self.attacker_hand(pos).is_empty(),
            dead: false,
        }
    }

    /// The plies to mate from `pos` (`ply` from the root) by the table's proofs, and whether the
    /// line ends with spare pieces: at the attacker's move the best over its proven checks, at
    /// the defender's the best over all its evasions, each side's best as `Measure` orders
    /// them; `None` where the table holds no proof (or the search was stopped).
    /// Memoised in `lengths`; `tree` keeps the line from going round in a circle, and counts the
    /// positions visited (past `MAX_TREE_VISITS`, `None`).
    fn proven_length(
        &mut self,
        pos: &mut Position,
        ply: usize,
        lengths: &mut Lengths,
        tree: &mut TreeWalk,
    ) -> Option<Measure> {
        let here = path_key(pos.board_key(), self.attacker_hand(pos));
        if let Some(&l) = lengths.get(&here) {
            return Some(l);
        }
        let or_node = pos.side_to_move() == self.attacker;
        let too_deep = ply > self.max_ply || (or_node && ply == self.max_ply);
        tree.visits += 1;
        if self.aborted || too_deep || tree.visits > MAX_TREE_VISITS || !tree.on_path.insert(here) {
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
            result = self.measure_children(pos, ply, &moves, or_node, lengths, tree);
            if result.is_some() || !or_node || self.aborted {
                break;
            }
        }
        tree.on_path.remove(&here);
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
        tree: &mut TreeWalk,
    ) -> Option<Measure> {
        if moves.is_empty() && !or_node {
            // Mated: the line ends here.
            return Some(Measure::mated(!self.attacker_hand(pos).is_empty()));
        }
        // Tsume's count (`result`, each side's best as `Measure` orders them) and the count
        // of every interposition (`full`, the attacker's least, the defender's most).
        let mut result: Option<Measure> = None;
        let mut full: Option<u16> = None;
        let budget = self.budget(ply);
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
                Some(_) => self.proven_length(pos, ply + 1, lengths, tree),
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
                    let d = self.defence;
                    if !useless && result.is_none_or(|r| l.defender_key(d) > r.defender_key(d)) {
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
    /// defender unable to take back, after which the mate stands with the piece given back to
    /// the defender: the table's proof needs no more of the dropped kind than the attacker held
    /// before, or a short search proves the position with the piece handed back
    /// (`mates_without`). Where the table has lost the proof, the drop counts.
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
            let proof = self
                .table
                .probe(pos.board_key(), self.attacker_hand(pos), ANY_LENGTH - 1)
                .filter(|f| f.pn == 0);
            let retaken = proof.is_some() && {
                let mut replies = MoveList::new();
                generate_all(pos, &mut replies);
                replies.iter().any(|r| !r.is_drop() && r.to() == to)
            };
            useless = match proof {
                Some(f) if !retaken => f.hand.count(kind) <= held || self.mates_without(pos, kind),
                _ => false,
            };
            pos.unmake_move(take);
            if useless {
                break;
            }
        }
        pos.unmake_move(m);
        useless
    }

    /// Whether the defender's node `pos` is mated with one piece of `kind` handed back from
    /// the attacker to the defender: by the table, else by a search of at most `WITHOUT_NODES`
    /// nodes (every interposition counted; its length does not matter). Remembered.
    fn mates_without(&mut self, pos: &mut Position, kind: PieceKind) -> bool {
        let key = path_key(pos.board_key(), self.attacker_hand(pos));
        if let Some(&known) = self.without.get(&(key, kind.index() as u8)) {
            return known;
        }
        let attacker = self.attacker;
        if !pos.hand_over(attacker, kind) {
            return false;
        }
        let hand = self.attacker_hand(pos);
        let proven = |s: &Self, pos: &Position| {
            s.table
                .probe(pos.board_key(), hand, ANY_LENGTH - 1)
                .is_some_and(|f| f.pn == 0)
        };
        let mut mated = proven(self, pos);
        if !mated && !self.aborted {
            let (max_ply, node_limit) = (self.max_ply, self.node_limit);
            self.max_ply = DEFAULT_MAX_PLY;
            self.node_limit = node_limit.min(self.nodes + WITHOUT_NODES);
            self.path.clear();
            self.mid(pos, 0, INF, INF, false);
            (self.max_ply, self.node_limit) = (max_ply, node_limit);
            // (The end of the budget is no stop.)
            self.aborted = self.out_of_time();
            mated = proven(self, pos);
        }
        pos.hand_over(!attacker, kind);
        if !self.aborted {
            self.without.insert((key, kind.index() as u8), mated);
        }
        mated
    }
}

/// The most nodes `mates_without` searches.
const WITHOUT_NODES: u64 = 20_000;

/// The most checks `walk` follows from an attacker's node, mates at once apart.
const CHECKS_MEASURED: usize = 1;

/// `proven_length`'s walk: the positions on its path (for it not to go round in a circle),
/// and how many it has visited.
#[derive(Default)]
struct TreeWalk {
    on_path: HashSet<u64>,
    visits: usize,
}

/// The most positions the exact measure (`proven_length`) visits: past it, the proof graph of
/// the best checks alone is measured.
const MAX_TREE_VISITS: usize = 2_000_000;

/// The most positions a proof graph takes in (about 150 bytes each): past it, no measure.
const MAX_GRAPH_NODES: usize = 2_000_000;

/// The most times the proof graph is widened where it goes round in circles.
const MAX_WIDENINGS: usize = 32;

/// The proof graph the table holds below a position, and each node's measure once settled.
///
/// The table's lengths are those of proofs as they were found, and a proof of one node may
/// rest on another that was found on another path: together they can go round in a circle,
/// which is no proof. So each node's measure is worked out from its children's as retrograde
/// analysis does, from none known (only the mated leaves) down to where nothing changes: at
/// the attacker's node the best of its checks' measures, at the defender's the best of its
/// evasions' once every one of them has one (`Measure`'s orders, useless interpositions left
/// out of tsume's count). A node's measure is then always that of a tree of proofs below it,
/// circles left out, and the shortest mate against the longest defence the graph holds.
#[derive(Default)]
struct ProofGraph {
    /// `path_key` to node.
    index: HashMap<u64, u32>,
    nodes: Vec<GraphNode>,
    /// How the defender chooses.
    defence: Defence,
}

struct GraphNode {
    key: u64,
    /// The node it was first reached from, and by which move (none at the root).
    parent: Option<(u32, Move)>,
    or_node: bool,
    edges: Vec<Edge>,
    /// At the attacker's node, the proven checks not followed (the next last).
    others: Vec<Move>,
    /// A defender's node with an evasion that is not proven: never measured.
    dead: bool,
    /// The attacker holds pieces here.
    spare: bool,
    /// Mated here.
    leaf: Option<Measure>,
    value: Option<Measure>,
    /// On the walk's path.
    walking: bool,
}

#[derive(Clone, Copy)]
struct Edge {
    child: u32,
    /// A useless interposition (only at the defender's nodes).
    useless: bool,
}

/// A node of `walk`'s path.
struct Frame {
    node: u32,
    via: Option<Move>,
    /// Plies from the root, on the walk's path.
    ply: usize,
    or_node: bool,
    moves: Vec<Move>,
    /// The attacker's proven checks not followed (the next last), for where those followed
    /// go round in a circle.
    others: Vec<Move>,
    next: usize,
    edges: Vec<Edge>,
    /// The attacker holds pieces here.
    spare: bool,
    dead: bool,
}

impl Frame {
    /// One more check to follow (at an attacker's node), if there is one.
    fn next_check(&mut self) {
        if self.or_node {
            if let Some(m) = self.others.pop() {
                self.moves.push(m);
            }
        }
    }
}

impl ProofGraph {
    fn add(&mut self, key: u64, parent: Option<(u32, Move)>) -> u32 {
        let node = self.nodes.len() as u32;
        self.index.insert(key, node);
        self.nodes.push(GraphNode {
            key,
            parent,
            or_node: false,
            edges: Vec::new(),
            others: Vec::new(),
            dead: false,
            spare: false,
            leaf: None,
            value: None,
            walking: true,
        });
        node
    }

    /// What the walk found at a node, kept.
    fn finish(&mut self, frame: Frame) {
        let node = &mut self.nodes[frame.node as usize];
        node.walking = false;
        node.or_node = frame.or_node;
        node.dead = frame.dead;
        node.spare = frame.spare;
        node.edges.extend_from_slice(&frame.edges);
        node.others = frame.others;
    }

    /// The moves from the root to `node`, by the way it was first reached.
    fn path_to(&self, mut node: u32) -> Vec<Move> {
        let mut path = Vec::new();
        while let Some((parent, m)) = self.nodes[node as usize].parent {
            path.push(m);
            node = parent;
        }
        path.reverse();
        path
    }

    /// A node's measure from its children's as they stand.
    fn evaluate(&self, node: &GraphNode) -> Option<Measure> {
        if node.leaf.is_some() || node.dead {
            return node.leaf;
        }
        let edges = &node.edges;
        let mut result: Option<Measure> = None;
        let mut full: Option<u16> = None;
        for e in edges {
            let child = self.nodes[e.child as usize].value.map(Measure::before);
            if node.or_node {
                let Some(l) = child else { continue };
                full = Some(full.map_or(l.full, |f| f.min(l.full)));
                if result.is_none_or(|r| l.attacker_key() < r.attacker_key()) {
                    result = Some(l);
                }
            } else {
                let l = child?;
                full = Some(full.map_or(l.full, |f| f.max(l.full)));
                let d = self.defence;
                if !e.useless && result.is_none_or(|r| l.defender_key(d) > r.defender_key(d)) {
                    result = Some(l);
                }
            }
        }
        if !node.or_node && result.is_none() {
            // Only useless interpositions answer the check: by tsume's count, mated.
            result = full.map(|_| Measure::mated(node.spare));
        }
        result.map(|r| Measure {
            full: full.unwrap_or(r.full),
            ..r
        })
    }

    /// Every node's measure, worked down from none to where nothing changes, the shortest
    /// first (a node whose measure changes has its parents worked out again; with no useless
    /// interposition in the graph, each node's first measure is its last); `None` if the
    /// search was stopped first.
    fn settle(&mut self, mut stopped: impl FnMut() -> bool) -> Option<()> {
        // Each node's parents, for a change to be passed up.
        let mut starts = vec![0u32; self.nodes.len() + 1];
        for e in self.nodes.iter().flat_map(|n| &n.edges) {
            starts[e.child as usize + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        let mut parents = vec![0u32; starts[self.nodes.len()] as usize];
        let mut fill = starts.clone();
        for (i, node) in self.nodes.iter().enumerate() {
            for e in &node.edges {
                parents[fill[e.child as usize] as usize] = i as u32;
                fill[e.child as usize] += 1;
            }
        }
        let mut heap = BinaryHeap::new();
        for (i, node) in self.nodes.iter_mut().enumerate() {
            node.value = node.leaf;
            if let Some(l) = node.leaf {
                heap.push(Reverse((l.plies, l.full, i as u32)));
            }
        }
        let mut steps = 0u64;
        while let Some(Reverse((plies, full, n))) = heap.pop() {
            let now = self.nodes[n as usize].value;
            if now.is_none_or(|l| (l.plies, l.full) != (plies, full)) {
                // Passed up already with a shorter measure.
                continue;
            }
            for &p in &parents[starts[n as usize] as usize..starts[n as usize + 1] as usize] {
                steps += 1;
                if steps.is_multiple_of(4096) && stopped() {
                    return None;
                }
                let parent = &self.nodes[p as usize];
                let value = self.evaluate(parent);
                if value != parent.value {
                    self.nodes[p as usize].value = value;
                    if let Some(l) = value {
                        heap.push(Reverse((l.plies, l.full, p)));
                    }
                }
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node given as (attacker's node, mated here, edges (child, useless)).
    type Spec<'a> = (bool, bool, &'a [(u32, bool)]);

    fn graph(nodes: &[Spec]) -> ProofGraph {
        let mut g = ProofGraph::default();
        for (i, &(or_node, mated, edges)) in nodes.iter().enumerate() {
            let n = g.add(i as u64, None);
            let node = &mut g.nodes[n as usize];
            node.or_node = or_node;
            node.leaf = mated.then(|| Measure::mated(false));
            node.edges = edges
                .iter()
                .map(|&(child, useless)| Edge { child, useless })
                .collect();
        }
        g
    }

    fn plies(g: &ProofGraph, node: usize) -> Option<(u16, u16)> {
        g.nodes[node].value.map(|l| (l.plies, l.full))
    }

    #[test]
    fn a_circle_is_no_proof_but_a_way_out_of_it_is() {
        // The root's first check is answered by a move back to the root; its second mates
        // in three.
        let mut g = graph(&[
            (true, false, &[(1, false), (2, false)]),
            (false, false, &[(0, false)]),
            (false, false, &[(3, false)]),
            (true, false, &[(4, false)]),
            (false, true, &[]),
        ]);
        g.settle(|| false).expect("settled");
        assert_eq!(plies(&g, 0), Some((3, 3)));
        assert_eq!(plies(&g, 1), Some((4, 4)));
        // Alone, the circle proves nothing.
        let mut g = graph(&[(true, false, &[(1, false)]), (false, false, &[(0, false)])]);
        g.settle(|| false).expect("settled");
        assert_eq!(plies(&g, 0), None);
    }

    #[test]
    fn a_useless_interposition_is_left_out_of_the_count() {
        // Check 1 is answered by a board move (mated in one after it) and by a useless
        // interposition (mated in three); check 5 by one move, mated in three after it. By
        // tsume's count check 1 mates in three, by the full count both in five.
        let mut g = graph(&[
            (true, false, &[(5, false), (1, false)]),
            (false, false, &[(2, false), (3, true)]),
            (true, false, &[(4, false)]),
            (true, false, &[(6, false)]),
            (false, true, &[]),
            (false, false, &[(9, false)]),
            (false, false, &[(7, false)]),
            (true, false, &[(8, false)]),
            (false, true, &[]),
            (true, false, &[(10, false)]),
            (false, false, &[(11, false)]),
            (true, false, &[(12, false)]),
            (false, true, &[]),
        ]);
        g.settle(|| false).expect("settled");
        assert_eq!(plies(&g, 1), Some((2, 4)));
        assert_eq!(plies(&g, 5), Some((4, 4)));
        assert_eq!(plies(&g, 0), Some((3, 5)));
    }

    #[test]
    fn a_defence_not_proven_leaves_its_node_unmeasured() {
        let mut g = graph(&[
            (true, false, &[(1, false)]),
            (false, false, &[(2, false)]),
            (false, true, &[]),
        ]);
        g.nodes[1].dead = true;
        g.settle(|| false).expect("settled");
        assert_eq!(plies(&g, 0), None);
    }
}
