//! Opening books in the YaneuraOu text format, which GUIs and book tools read and write:
//!
//! ```text
//! #YANEURAOU-DB2016 1.00
//! sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
//! 7g7f 3c3d 30 32 12
//! 2g2f 8c8d 25 32 9
//! ```
//!
//! A position line (`sfen ...`, the move number optional), then one line per book move: the
//! move, the expected reply (`none` if there is none), the value in centipawns for the side to
//! move, the depth it was searched to, and how often it was chosen. Lines starting with `#` or
//! `//` are comments. Positions are found by their Zobrist key (board, side to move, hands), so a
//! position reached at another move number, or by another order of moves, is found too.
//!
//! Reading checks every position and move: a position that does not parse, or a move that is
//! not legal there, is left out and counted, never fatal. `build` makes a book from opening
//! lines with the search's help.

pub mod build;

use crate::shogi::{parse_usi_move, Move, Position};
use rand::Rng;
use std::collections::HashMap;

/// The first line of a book file.
pub const HEADER: &str = "#YANEURAOU-DB2016 1.00";

/// One move of a book position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// The expected reply, if the book knows one.
    pub ponder: Option<Move>,
    /// Value for the side to move, centipawns.
    pub value: i32,
    /// Depth the value was searched to.
    pub depth: i32,
    /// How often the move was chosen (in games, or by the book's maker).
    pub count: u64,
}

/// A book position: its SFEN without the move number, and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The position's SFEN, less the move number.
    pub sfen: String,
    /// Its moves, in the file's order.
    pub moves: Vec<BookMove>,
}

/// What reading a book found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadReport {
    /// Positions read.
    pub positions: usize,
    /// Moves read.
    pub moves: usize,
    /// Lines left out: a position that does not parse (and its moves), a move that is not
    /// legal in its position, a line that is neither.
    pub skipped: usize,
}

/// An opening book.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: HashMap<u64, BookEntry>,
}

/// How a book move is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// In proportion to the moves' counts (the most played, with `random` off).
    Count,
    /// Among the moves whose value is within the allowed distance of the best, uniformly (the
    /// best value, with `random` off).
    Score,
}

impl Selection {
    /// Every selection, with the name the `BookSelect` option uses.
    pub const NAMES: [(Selection, &'static str); 2] =
        [(Selection::Count, "count"), (Selection::Score, "score")];

    /// The option name of this selection.
    pub fn name(self) -> &'static str {
        match self {
            Selection::Count => "count",
            Selection::Score => "score",
        }
    }

    /// The selection called `name`.
    pub fn from_name(name: &str) -> Option<Selection> {
        Self::NAMES
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(name))
            .map(|(s, _)| *s)
    }
}

/// Which book moves may be played, and how one is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookPolicy {
    /// Moves whose value is more than this below the best move's are never chosen.
    pub eval_diff: i32,
    /// How a move is chosen among the rest.
    pub selection: Selection,
    /// Whether to choose at random (weighted by count, or uniformly among near-equal values);
    /// off, the choice is always the same (for analysis and tests).
    pub random: bool,
}

impl Default for BookPolicy {
    fn default() -> Self {
        BookPolicy {
            eval_diff: 30,
            selection: Selection::Score,
            random: true,
        }
    }
}

/// The SFEN of `pos` without its move number.
fn sfen_key(pos: &Position) -> String {
    let sfen = pos.to_sfen();
    match sfen.rsplit_once(' ') {
        Some((rest, _ply)) => rest.to_string(),
        None => sfen,
    }
}

impl Book {
    /// An empty book.
    pub fn new() -> Book {
        Book::default()
    }

    /// Reads a book from its text (see the module's doc).
    pub fn parse(text: &str) -> (Book, ReadReport) {
        let mut book = Book::new();
        let mut report = ReadReport::default();
        // The position the move lines belong to; `None` after a position that did not parse.
        let mut current: Option<Position> = None;
        let mut in_bad_position = false;
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
                continue;
            }
            if let Some(sfen) = line.strip_prefix("sfen ") {
                let sfen = sfen.trim();
                // The move number is optional.
                let parsed = Position::from_sfen(sfen)
                    .or_else(|_| Position::from_sfen(&format!("{sfen} 1")));
                match parsed {
                    Ok(pos) => {
                        report.positions += 1;
                        in_bad_position = false;
                        current = Some(pos);
                    }
                    Err(_) => {
                        report.skipped += 1;
                        in_bad_position = true;
                        current = None;
                    }
                }
                continue;
            }
            match current.as_mut() {
                Some(pos) => match parse_move_line(pos, line) {
                    Some(m) => {
                        book.add(pos, m);
                        report.moves += 1;
                    }
                    None => report.skipped += 1,
                },
                // Moves of a position that did not parse were counted with it.
                None if in_bad_position => {}
                None => report.skipped += 1,
            }
        }
        (book, report)
    }

    /// Adds `m` to the moves of `pos` (replacing a move already there with the same move).
    pub fn add(&mut self, pos: &Position, m: BookMove) {
        let entry = self.entries.entry(pos.key()).or_insert_with(|| BookEntry {
            sfen: sfen_key(pos),
            moves: Vec::new(),
        });
        match entry.moves.iter_mut().find(|x| x.mv == m.mv) {
            Some(old) => *old = m,
            None => entry.moves.push(m),
        }
    }

    /// The book's moves for `pos`, if it has any.
    pub fn probe(&self, pos: &Position) -> Option<&[BookMove]> {
        self.entries
            .get(&pos.key())
            .map(|e| e.moves.as_slice())
            .filter(|m| !m.is_empty())
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book as text: the header, then the positions sorted by SFEN and each position's moves
    /// best value first (so the same book always writes the same file).
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut entries: Vec<&BookEntry> = self.entries.values().collect();
        entries.sort_by(|a, b| a.sfen.cmp(&b.sfen));
        let mut out = String::new();
        let _ = writeln!(out, "{HEADER}");
        for e in entries {
            let _ = writeln!(out, "sfen {} 1", e.sfen);
            let mut moves = e.moves.clone();
            moves.sort_by_key(|m| (std::cmp::Reverse(m.value), std::cmp::Reverse(m.count)));
            for m in moves {
                let ponder = m.ponder.map_or("none".to_string(), |p| p.to_string());
                let _ = writeln!(out, "{} {ponder} {} {} {}", m.mv, m.value, m.depth, m.count);
            }
        }
        out
    }

    /// Adds every move of `other`; where both books have a move, `other`'s replaces this one's.
    pub fn merge(&mut self, other: &Book) {
        for (key, entry) in &other.entries {
            let mine = self.entries.entry(*key).or_insert_with(|| BookEntry {
                sfen: entry.sfen.clone(),
                moves: Vec::new(),
            });
            for m in &entry.moves {
                match mine.moves.iter_mut().find(|x| x.mv == m.mv) {
                    Some(old) => *old = *m,
                    None => mine.moves.push(*m),
                }
            }
        }
    }
}

/// A move line of the position `pos`: `move reply value depth count`; the last three may be
/// missing (0, 0 and 1). The reply is kept only if it is legal after the move.
fn parse_move_line(pos: &mut Position, line: &str) -> Option<BookMove> {
    let mut fields = line.split_whitespace();
    let mv = parse_usi_move(pos, fields.next()?)?;
    let reply = fields.next().unwrap_or("none");
    let number = |f: Option<&str>, default: i64| -> Option<i64> {
        match f {
            None => Some(default),
            Some(t) => t.parse().ok(),
        }
    };
    let value = number(fields.next(), 0)?.clamp(-1_000_000, 1_000_000) as i32;
    let depth = number(fields.next(), 0)?.clamp(0, 10_000) as i32;
    let count = number(fields.next(), 1)?.max(0) as u64;
    pos.make_move(mv);
    let ponder = if reply == "none" {
        None
    } else {
        parse_usi_move(pos, reply)
    };
    pos.unmake_move(mv);
    Some(BookMove {
        mv,
        ponder,
        value,
        depth,
        count,
    })
}

/// The move to play from `moves` under `policy`, or `None` if none qualifies (every count is
/// zero when choosing by count).
pub fn choose<R: Rng>(moves: &[BookMove], policy: &BookPolicy, rng: &mut R) -> Option<BookMove> {
    let best = moves.iter().map(|m| m.value).max()?;
    let floor = best.saturating_sub(policy.eval_diff.max(0));
    let candidates: Vec<&BookMove> = moves.iter().filter(|m| m.value >= floor).collect();
    match policy.selection {
        Selection::Count => {
            let total: u64 = candidates.iter().map(|m| m.count).sum();
            if total == 0 {
                return None;
            }
            if !policy.random {
                // The most played; among equals, the better value, then the file's order.
                return candidates
                    .iter()
                    .copied()
                    .reduce(|a, b| {
                        if (b.count, b.value) > (a.count, a.value) {
                            b
                        } else {
                            a
                        }
                    })
                    .copied();
            }
            let mut pick = rng.gen_range(0..total);
            for m in &candidates {
                if pick < m.count {
                    return Some(**m);
                }
                pick -= m.count;
            }
            None
        }
        Selection::Score => {
            if !policy.random {
                return candidates.iter().find(|m| m.value == best).map(|m| **m);
            }
            Some(*candidates[rng.gen_range(0..candidates.len())])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    fn book_text() -> String {
        format!(
            "{HEADER}\n\
             # a comment\n\
             sfen {START}\n\
             7g7f 3c3d 30 20 12\n\
             2g2f 8c8d 25 20 30\n\
             5i5h none -200 10 1\n\
             7g7e none 0 0 1\n\
             this line means nothing\n\
             sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b -\n\
             2g2f 8c8d 40 18 3\n\
             sfen not a position\n\
             7g7f none 0 0 1\n"
        )
    }

    #[test]
    fn a_book_is_read_checked_and_found_by_position() {
        let (book, report) = Book::parse(&book_text());
        // 7g7e is not legal, a line says nothing, and the bad position and its move line count
        // once.
        assert_eq!(
            report,
            ReadReport {
                positions: 2,
                moves: 4,
                skipped: 3
            }
        );
        let start = Position::from_sfen(START).unwrap();
        let moves = book.probe(&start).unwrap();
        assert_eq!(moves.len(), 3);
        assert_eq!(moves[0].mv.to_string(), "7g7f");
        assert_eq!(moves[0].ponder.map(|m| m.to_string()), Some("3c3d".into()));
        assert_eq!(
            (moves[0].value, moves[0].depth, moves[0].count),
            (30, 20, 12)
        );
        assert_eq!(moves[2].ponder, None);
        // Reached by moves, at move number 3, with no move number in the book.
        let mut pos = start.clone();
        for m in ["7g7f", "3c3d"] {
            let mv = parse_usi_move(&pos, m).unwrap();
            pos.make_move(mv);
        }
        assert_eq!(book.probe(&pos).unwrap()[0].value, 40);
        assert!(book
            .probe(&Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap())
            .is_none());
    }

    #[test]
    fn written_text_reads_back_the_same() {
        let (book, _) = Book::parse(&book_text());
        let text = book.to_text();
        assert!(text.starts_with(HEADER));
        let (again, report) = Book::parse(&text);
        assert_eq!(report.skipped, 0);
        assert_eq!(again.to_text(), text);
        assert_eq!(again.len(), 2);
    }

    #[test]
    fn merging_adds_and_replaces_moves() {
        let (mut book, _) = Book::parse(&book_text());
        let (other, _) = Book::parse(&format!(
            "sfen {START}\n7g7f 3c3d 55 30 1\n6i7h none 10 5 2\n"
        ));
        book.merge(&other);
        let start = Position::from_sfen(START).unwrap();
        let moves = book.probe(&start).unwrap();
        assert_eq!(moves.len(), 4);
        assert_eq!(
            moves
                .iter()
                .find(|m| m.mv.to_string() == "7g7f")
                .unwrap()
                .value,
            55
        );
    }

    #[test]
    fn selection_names_round_trip() {
        for (selection, name) in Selection::NAMES {
            assert_eq!(selection.name(), name);
            assert_eq!(Selection::from_name(name), Some(selection));
        }
    }

    #[test]
    fn choice_by_score_and_by_count() {
        let (book, _) = Book::parse(&book_text());
        let moves = book.probe(&Position::from_sfen(START).unwrap()).unwrap();
        let mut rng = StdRng::seed_from_u64(1);
        let fixed = |selection, eval_diff| BookPolicy {
            eval_diff,
            selection,
            random: false,
        };
        let pick = |p: BookPolicy, rng: &mut StdRng| choose(moves, &p, rng).unwrap().mv.to_string();
        assert_eq!(pick(fixed(Selection::Score, 30), &mut rng), "7g7f");
        assert_eq!(pick(fixed(Selection::Count, 30), &mut rng), "2g2f");
        // 2g2f is 5 below the best: out of reach with a distance of 0.
        assert_eq!(pick(fixed(Selection::Count, 0), &mut rng), "7g7f");
        // At random, never the move 230 below the best, and both near-equal ones.
        for selection in [Selection::Score, Selection::Count] {
            let policy = BookPolicy {
                eval_diff: 30,
                selection,
                random: true,
            };
            let mut seen = std::collections::HashSet::new();
            for _ in 0..200 {
                seen.insert(pick(policy, &mut rng));
            }
            assert_eq!(seen.len(), 2, "{seen:?}");
            assert!(!seen.contains("5i5h"));
        }
        assert_eq!(choose(&[], &BookPolicy::default(), &mut rng), None);
    }
}
