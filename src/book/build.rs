//! Building a book from opening lines: every position of the lines (and of Hisha's own
//! continuations past their ends) is searched, and the values are backed up through the tree by
//! negamax, so a book move's value is what the deepest searched positions after it say.
//!
//! 1. The lines (`startpos moves ...` or `sfen ... moves ...`, one a line) make a tree; a move's
//!    count is the number of lines that play it.
//! 2. Each line is continued by the search's best move for `extend` more plies.
//! 3. Every position of the tree is searched to `nodes` nodes: a leaf's value is its score; an
//!    inner position's value is the best of its moves' backed-up values and of the search's own
//!    best move, which is added as a book move (count 0) when the lines lack it. A written move
//!    that the search refutes is thus kept, with its low value, and never played.

use super::{Book, BookMove};
use crate::search::tt::TranspositionTable;
use crate::search::{Limits, SearchControl, SearchOptions, Searcher, ShogiBoard, MATE_BOUND};
use crate::shogi::{Move, Position};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// How to build.
#[derive(Clone, Copy, Debug)]
pub struct BuildConfig {
    /// Nodes searched in every position.
    pub nodes: u64,
    /// Plies each line is continued by the search.
    pub extend: usize,
    /// Positions searched at once.
    pub threads: usize,
}

/// What was built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuildReport {
    /// Lines read.
    pub lines: usize,
    /// Lines that did not parse (left out).
    pub bad_lines: usize,
    /// Positions searched (the book's positions and its leaves).
    pub searched: usize,
}

/// One position of the tree.
struct Node {
    pos: Position,
    /// Moves of the lines from here: move, count.
    children: Vec<(Move, u64)>,
    /// The search's best move, score (side to move's view) and completed depth.
    searched: Option<(Option<Move>, i32, u32)>,
}

/// Builds a book from `lines`; `progress` hears how many positions are searched of how many.
pub fn build(
    lines: &[String],
    config: &BuildConfig,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> (Book, BuildReport) {
    let mut report = BuildReport::default();
    let mut nodes: HashMap<u64, Node> = HashMap::new();
    let mut ends = Vec::new();
    for line in lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty()) {
        if line.starts_with('#') {
            continue;
        }
        let Ok((start, moves)) = Position::parse_line(line) else {
            report.bad_lines += 1;
            continue;
        };
        report.lines += 1;
        let mut pos = start;
        for m in moves {
            add_move(&mut nodes, &pos, m);
            pos.make_move(m);
        }
        nodes.entry(pos.key()).or_insert_with(|| leaf(&pos));
        ends.push(pos);
    }
    // Continue every line with the search's own moves.
    let tt = Arc::new(TranspositionTable::new(16));
    let mut searcher = Searcher::new(tt.clone(), SearchControl::new());
    for end in ends {
        let mut pos = end;
        for _ in 0..config.extend {
            let (best, _, _) = search(&mut searcher, &tt, &pos, config.nodes);
            let Some(m) = best else { break };
            add_move(&mut nodes, &pos, m);
            pos.make_move(m);
            nodes.entry(pos.key()).or_insert_with(|| leaf(&pos));
        }
    }
    // Search every position, on several threads.
    let keys: Vec<u64> = nodes.keys().copied().collect();
    let total = keys.len();
    let results = Mutex::new(HashMap::new());
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let tt = Arc::new(TranspositionTable::new(16));
                let mut searcher = Searcher::new(tt.clone(), SearchControl::new());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(key) = keys.get(i) else { break };
                    let r = search(&mut searcher, &tt, &nodes[key].pos, config.nodes);
                    let mut done = results.lock().expect("results lock");
                    done.insert(*key, r);
                    progress(done.len(), total);
                }
            });
        }
    });
    for (key, r) in results.into_inner().expect("results lock") {
        if let Some(n) = nodes.get_mut(&key) {
            n.searched = Some(r);
        }
    }
    report.searched = total;
    // Back the values up and write the book.
    let mut values = HashMap::new();
    let mut book = Book::new();
    let keys: Vec<u64> = nodes.keys().copied().collect();
    for key in keys {
        value(&nodes, key, &mut values, &mut Vec::new());
    }
    for node in nodes.values() {
        if node.children.is_empty() {
            continue;
        }
        let (best, score, own_depth) = node.searched.unwrap_or((None, 0, 0));
        let mut pos = node.pos.clone();
        for &(m, count) in &node.children {
            pos.make_move(m);
            let v = -values.get(&pos.key()).copied().unwrap_or(0);
            let child = nodes.get(&pos.key());
            let reply = child
                .and_then(|c| best_child(c, &values))
                .or_else(|| child.and_then(|c| c.searched?.0));
            let depth = child
                .and_then(|c| c.searched)
                .map_or(0, |(_, _, d)| d as i32 + 1);
            pos.unmake_move(m);
            book.add(
                &node.pos,
                BookMove {
                    mv: m,
                    ponder: reply,
                    value: v,
                    depth,
                    count,
                },
            );
        }
        if let Some(b) = best.filter(|b| !node.children.iter().any(|(m, _)| m == b)) {
            book.add(
                &node.pos,
                BookMove {
                    mv: b,
                    ponder: None,
                    value: score,
                    depth: own_depth as i32,
                    count: 0,
                },
            );
        }
    }
    (book, report)
}

fn leaf(pos: &Position) -> Node {
    Node {
        pos: pos.clone(),
        children: Vec::new(),
        searched: None,
    }
}

fn add_move(nodes: &mut HashMap<u64, Node>, pos: &Position, m: Move) {
    let node = nodes.entry(pos.key()).or_insert_with(|| leaf(pos));
    match node.children.iter_mut().find(|(x, _)| *x == m) {
        Some((_, count)) => *count += 1,
        None => node.children.push((m, 1)),
    }
}

/// The search's best move, score and completed depth for `pos` at `nodes` nodes, from a fresh
/// table.
fn search(
    searcher: &mut Searcher,
    tt: &TranspositionTable,
    pos: &Position,
    nodes: u64,
) -> (Option<Move>, i32, u32) {
    tt.clear();
    searcher.new_game();
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut board = ShogiBoard::new(pos.clone());
    let r = searcher.search(&mut board, &limits, &SearchOptions::default(), &mut |_| {});
    (r.best, r.score.clamp(-MATE_BOUND, MATE_BOUND), r.depth)
}

/// The backed-up value of the position `key` (side to move's view), memoised in `values`;
/// `path` guards against cycles (a repetition inside the lines).
fn value(
    nodes: &HashMap<u64, Node>,
    key: u64,
    values: &mut HashMap<u64, i32>,
    path: &mut Vec<u64>,
) -> i32 {
    if let Some(&v) = values.get(&key) {
        return v;
    }
    let Some(node) = nodes.get(&key) else {
        return 0;
    };
    let own = node.searched.map_or(0, |(_, s, _)| s);
    if path.contains(&key) {
        return own;
    }
    path.push(key);
    let mut best = if node.children.is_empty() {
        own
    } else {
        // The search's own move counts too, at its score, when the lines do not play it (when
        // they do, its value is backed up from deeper).
        node.searched
            .and_then(|(m, s, _)| {
                m.filter(|m| !node.children.iter().any(|(c, _)| c == m))
                    .map(|_| s)
            })
            .unwrap_or(i32::MIN)
    };
    let mut pos = node.pos.clone();
    for &(m, _) in &node.children {
        pos.make_move(m);
        let v = -value(nodes, pos.key(), values, path);
        pos.unmake_move(m);
        best = best.max(v);
    }
    path.pop();
    values.insert(key, best);
    best
}

/// The best of a position's line moves by backed-up value, if it has any.
fn best_child(node: &Node, values: &HashMap<u64, i32>) -> Option<Move> {
    let mut pos = node.pos.clone();
    let mut best: Option<(i32, Move)> = None;
    for &(m, _) in &node.children {
        pos.make_move(m);
        let v = -values.get(&pos.key()).copied().unwrap_or(0);
        pos.unmake_move(m);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, m));
        }
    }
    best.map(|(_, m)| m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::{choose, BookPolicy, Selection};

    #[test]
    fn a_book_from_lines_holds_every_line_position_with_backed_up_values() {
        let lines = vec![
            "startpos moves 7g7f 3c3d 2g2f".to_string(),
            "startpos moves 7g7f 8c8d".to_string(),
            "startpos moves 2g2f 8c8d".to_string(),
            "startpos moves 9a9b".to_string(),
            "# a comment".to_string(),
        ];
        let config = BuildConfig {
            nodes: 300,
            extend: 1,
            threads: 2,
        };
        let (book, report) = build(&lines, &config, &|_, _| {});
        assert_eq!((report.lines, report.bad_lines), (3, 1));
        let start = Position::startpos();
        let moves = book
            .probe(&start)
            .expect("the start position is in the book");
        let count = |name: &str| {
            moves
                .iter()
                .find(|m| m.mv.to_string() == name)
                .map(|m| m.count)
        };
        assert_eq!(count("7g7f"), Some(2));
        assert_eq!(count("2g2f"), Some(1));
        // After 7g7f, White's two line moves are there; after 7g7f 3c3d 2g2f (the line's end),
        // the search's continuation.
        let mut pos = start.clone();
        for m in ["7g7f", "3c3d", "2g2f"] {
            let mv = crate::shogi::parse_usi_move(&pos, m).unwrap();
            pos.make_move(mv);
        }
        assert_eq!(book.probe(&pos).map(<[BookMove]>::len), Some(1));
        // The value of a book move is the negated value of the position it leads to: the best
        // move's value is the start position's value, and the choice by score picks it.
        let policy = BookPolicy {
            eval_diff: 0,
            selection: Selection::Score,
            random: false,
        };
        let best = choose(moves, &policy, &mut rand::thread_rng()).unwrap();
        assert_eq!(best.value, moves.iter().map(|m| m.value).max().unwrap());
    }
}
