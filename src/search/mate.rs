//! `go mate`: a mate search over checks, by iterative deepening of an AND/OR tree.
//!
//! The attacker may only play checks; the defender plays every legal evasion. Depth grows by two
//! plies at a time, so the first mate found is a shortest one. The answer is a full line for both
//! sides. "No mate" is only claimed when it is proven: the attacker has no check at all, or every
//! check line ran out of checks before the depth limit (the tree was searched to its end).

use super::limits::MateLimit;
use super::SearchControl;
use crate::shogi::{generate_legal, Move, MoveList, Position};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Result of a mate search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateOutcome {
    /// A mating line (attacker first, odd length, ends in mate).
    Mate(Vec<Move>),
    /// Proven that no mate by continuous checks exists.
    NoMate,
    /// Out of time or stopped.
    Unknown,
}

struct MateSearch<'a> {
    control: &'a SearchControl,
    deadline: Option<Instant>,
    nodes: u64,
    aborted: bool,
    /// Whether some line was cut by the depth limit (if not, a failure is a proof).
    cut: bool,
    /// Positions proven not mate within a given depth: key -> depth.
    no_mate: HashMap<u64, u32>,
}

impl MateSearch<'_> {
    fn poll(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            if self.control.stopped() || self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
            }
            if self.no_mate.len() > 4_000_000 {
                self.no_mate.clear();
            }
        }
        self.aborted
    }

    /// Attacker to move: a check that mates within `depth` plies.
    fn or_node(&mut self, pos: &mut Position, depth: u32) -> Option<Vec<Move>> {
        if self.poll() {
            return None;
        }
        if self.no_mate.get(&pos.key()).is_some_and(|&d| d >= depth) {
            return None;
        }
        let mut list = MoveList::new();
        generate_legal(pos, &mut list);
        let checks: Vec<Move> = list
            .iter()
            .copied()
            .filter(|&m| pos.gives_check(m))
            .collect();
        for m in checks {
            pos.make_move(m);
            let line = self.and_node(pos, depth - 1);
            pos.unmake_move(m);
            if let Some(mut line) = line {
                line.insert(0, m);
                return Some(line);
            }
            if self.aborted {
                return None;
            }
        }
        if !self.aborted {
            self.no_mate.insert(pos.key(), depth);
        }
        None
    }

    /// Defender to move, in check: mated now, or every evasion loses within `depth` plies.
    fn and_node(&mut self, pos: &mut Position, depth: u32) -> Option<Vec<Move>> {
        let mut list = MoveList::new();
        generate_legal(pos, &mut list);
        if list.is_empty() {
            return Some(Vec::new());
        }
        if depth == 0 {
            self.cut = true;
            return None;
        }
        // Sennichite by perpetual check is not a mate: refuse repeated positions.
        if pos.repetition(64).is_some() {
            return None;
        }
        let mut longest: Option<Vec<Move>> = None;
        for &m in list.iter() {
            pos.make_move(m);
            let line = self.or_node(pos, depth - 1);
            pos.unmake_move(m);
            match line {
                None => return None,
                Some(mut l) => {
                    l.insert(0, m);
                    if longest.as_ref().is_none_or(|x| l.len() > x.len()) {
                        longest = Some(l);
                    }
                }
            }
        }
        longest
    }
}

/// Searches for a mate of the side not to move, within `limit`.
pub fn mate_search(pos: &mut Position, limit: MateLimit, control: &SearchControl) -> MateOutcome {
    let deadline = match limit {
        // A limit past the end of time is no limit.
        MateLimit::Millis(ms) => Instant::now().checked_add(Duration::from_millis(ms)),
        MateLimit::Infinite => None,
    };
    let mut s = MateSearch {
        control,
        deadline,
        nodes: 0,
        aborted: false,
        cut: false,
        no_mate: HashMap::new(),
    };
    let mut depth = 1;
    while depth < 256 {
        s.cut = false;
        if let Some(line) = s.or_node(pos, depth) {
            return MateOutcome::Mate(line);
        }
        if s.aborted {
            return MateOutcome::Unknown;
        }
        if !s.cut {
            return MateOutcome::NoMate;
        }
        depth += 2;
    }
    MateOutcome::Unknown
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(sfen: &str) -> MateOutcome {
        let mut p = Position::from_sfen(sfen).unwrap();
        let c = SearchControl::new();
        mate_search(&mut p, MateLimit::Millis(10_000), &c)
    }

    #[test]
    fn head_gold_mate_in_one() {
        // Gold drop on 5b, protected by the pawn on 5c: mate.
        let MateOutcome::Mate(l) = solve("4k4/9/4P4/9/9/9/9/9/4K4 b G 1") else {
            panic!()
        };
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].to_string(), "G*5b");
    }

    #[test]
    fn no_check_is_no_mate() {
        assert_eq!(solve("4k4/9/9/9/9/9/9/9/4K4 b - 1"), MateOutcome::NoMate);
    }
}
