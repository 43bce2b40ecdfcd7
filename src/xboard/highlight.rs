//! What a lifted piece can do, for the GUI: XBoard sends `lift SQUARE` when the user picks a
//! piece up (and `put SQUARE` where it is set down) to an engine that asked for it
//! (`feature highlight=1`), and the engine answers `highlight` with a board of colours, as a
//! FEN's board part: the squares the piece can end its move on yellow (`Y`) or red where a
//! piece stands there (`R`), magenta where it may promote there or not (`M`: the GUI asks),
//! and cyan (`C`) where a move of several legs can stop on its way, so that the GUI waits for
//! the next leg: when the piece is set down on a cyan square the GUI lifts it there again, and
//! the answer is the next leg's squares. XBoard takes the marks as the legal destinations in a
//! game it does not know, even with its own legality testing on (a king's step that sho's
//! crown prince makes legal), and with the testing off it refuses a move to a square left
//! unmarked.
//!
//! Drops are left to the GUI (a piece lifted from the holdings gets no answer), and so are a
//! pass and the choice of promotion: XBoard's `choice` is ignored while its legality testing is
//! on, and a square marked for a forced promotion (`B`) then leaves the move hanging, so tori
//! shogi's forced promotions are still offered as a choice by the GUI, the move that declines
//! refused by the engine.

use crate::notation::coord::Coord;
use crate::notation::sfen::write_board;
use crate::notation::xboard::board_path;
use crate::usi::response::ListedMove;
use std::collections::HashMap;

/// The piece being moved in the GUI: the squares it was lifted from, the first where it
/// stood, then each square a multi-leg move stopped on.
#[derive(Clone, Debug, Default)]
pub(super) struct Lifted {
    path: Vec<Coord>,
    /// Where it was last set down, if after the last lift.
    put: Option<Coord>,
}

impl Lifted {
    /// `lift SQUARE`: the `highlight` line to send, if the piece there has a move. A lift where
    /// the piece was just set down on its way (a cyan square) goes on with the same move;
    /// any other starts again.
    pub(super) fn lift(
        &mut self,
        square: &str,
        moves: &[ListedMove],
        files: usize,
        ranks: usize,
    ) -> Option<String> {
        let put = self.put.take();
        let Some(at) = Coord::parse_xboard(square, files, ranks) else {
            // The holdings, or nothing the board has.
            self.path.clear();
            return None;
        };
        if put == Some(at) && !self.path.is_empty() {
            let mut longer = self.path.clone();
            longer.push(at);
            if let Some(line) = highlight(moves, &longer, files, ranks) {
                self.path = longer;
                return Some(line);
            }
        }
        self.path = vec![at];
        highlight(moves, &self.path, files, ranks)
    }

    /// `put SQUARE` (a trailing comma: the user held the control key).
    pub(super) fn put(&mut self, square: &str, files: usize, ranks: usize) {
        self.put = Coord::parse_xboard(square.trim_end_matches(','), files, ranks);
    }

    /// The position changed: what was lifted is forgotten.
    pub(super) fn clear(&mut self) {
        *self = Lifted::default();
    }
}

/// What the squares after `path` are to the moves that start along it.
#[derive(Default)]
struct Mark {
    /// A move stops on its way here.
    on_the_way: bool,
    /// A move ends here promoting, or not promoting.
    promoting: bool,
    plain: bool,
    onto_piece: bool,
}

/// The `highlight` line for the piece moved along `path` (`moves`: the legal moves in XBoard's
/// notation); None when no move starts along it.
fn highlight(moves: &[ListedMove], path: &[Coord], files: usize, ranks: usize) -> Option<String> {
    let mut marks: HashMap<Coord, Mark> = HashMap::new();
    for m in moves {
        let Some((squares, promote)) = board_path(&m.text, files, ranks) else {
            continue;
        };
        if squares.len() <= path.len() || !squares.starts_with(path) {
            continue;
        }
        let next = squares[path.len()];
        let mark = marks.entry(next).or_default();
        if squares.len() > path.len() + 1 {
            mark.on_the_way = true;
        } else {
            if promote {
                mark.promoting = true;
            } else {
                mark.plain = true;
            }
            mark.onto_piece |= m.onto_piece;
        }
    }
    if marks.is_empty() {
        return None;
    }
    let colour = |m: &Mark| {
        if m.on_the_way {
            "C"
        } else if m.promoting && m.plain {
            "M"
        } else if m.onto_piece {
            "R"
        } else {
            "Y"
        }
    };
    // USI's ranks from the top (the second player's side), files from the left.
    let marks = &marks;
    let board = write_board((1..=ranks).map(|rank| {
        (1..=files)
            .rev()
            .map(move |file| marks.get(&Coord::new(file, rank)).map(colour))
    }));
    Some(format!("highlight {board}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(moves: &[(&str, bool)]) -> Vec<ListedMove> {
        moves
            .iter()
            .map(|&(text, onto_piece)| ListedMove {
                text: text.to_string(),
                onto_piece,
            })
            .collect()
    }

    #[test]
    fn a_lifted_piece_marks_its_targets_by_kind() {
        // On a 5x5 board: b2 steps to b3 (empty), takes on c3, may promote or not on b4, must
        // promote on a4; another piece's move and a drop are not marked.
        let moves = listed(&[
            ("b2b3", false),
            ("b2c3", true),
            ("b2b4", false),
            ("b2b4+", false),
            ("b2a4+", false),
            ("d1d2", false),
            ("P@e3", false),
        ]);
        let mut lifted = Lifted::default();
        assert_eq!(
            lifted.lift("b2", &moves, 5, 5).as_deref(),
            Some("highlight 5/YM3/1YR2/5/5")
        );
        // Nothing moves from a3, nor from the holdings.
        assert_eq!(lifted.lift("a3", &moves, 5, 5), None);
        assert_eq!(lifted.lift("`2", &moves, 5, 5), None);
    }

    #[test]
    fn a_multi_leg_move_goes_on_where_it_was_put() {
        // A lion on c3 of a 5x5 board: to d4 and on to e5 or back to c3 (igui), or to d4 alone;
        // to b2 and on to a1.
        let moves = listed(&[
            ("c3d4", true),
            ("c3d4,d4e5", false),
            ("c3d4,d4c3", true),
            ("c3b2,b2a1", false),
        ]);
        let mut lifted = Lifted::default();
        assert_eq!(
            lifted.lift("c3", &moves, 5, 5).as_deref(),
            Some("highlight 5/3C1/5/1C3/5")
        );
        lifted.put("d4", 5, 5);
        assert_eq!(
            lifted.lift("d4", &moves, 5, 5).as_deref(),
            Some("highlight 4Y/5/2R2/5/5")
        );
        // Lifted again somewhere else: a new move.
        lifted.put("e5", 5, 5);
        assert_eq!(lifted.lift("b2", &moves, 5, 5), None);
        // A lift on a square not just put on starts again, even on the way of a move.
        assert_eq!(
            lifted.lift("c3", &moves, 5, 5).as_deref(),
            Some("highlight 5/3C1/5/1C3/5")
        );
        assert_eq!(lifted.lift("d4", &moves, 5, 5), None);
    }

    #[test]
    fn wide_boards_count_empty_squares_in_several_digits() {
        let moves = listed(&[("a1l1", false)]);
        let mut lifted = Lifted::default();
        let line = lifted.lift("a1", &moves, 12, 2).unwrap();
        assert_eq!(line, "highlight 12/11Y");
    }
}
