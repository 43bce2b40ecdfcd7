//! Moves as USI writes them, for every board: `7g7f`, `8h2b+`, `P*5e`, and on the large boards
//! the squares a lion or lion dog passes through (`8g7f8g`, four squares for a lion dog's triple
//! move); micro shogi drops a piece promoted side up (`+P*4d`) and writes a promoted piece that
//! turns back over `-` (`2d2c-`), as fairy-stockfish does.
//!
//! The grammar only: which of a position's moves a text names is the rules modules' to say.

use super::coord::Coord;
use std::fmt;

/// What follows a move's squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suffix {
    /// Nothing: no promotion.
    None,
    /// `+`: the piece promotes.
    Promote,
    /// `-`: micro shogi's promoted piece turns back over.
    Demote,
}

/// A move's text, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// A drop: the piece (`P`, or `+P` dropped promoted side up) and its square.
    Drop {
        /// Dropped promoted side up.
        promoted: bool,
        /// The piece's letter, upper case.
        letter: char,
        /// Where.
        to: Coord,
    },
    /// A move on the board: its squares from start to end (two, or more for a multi-step move)
    /// and its suffix.
    Board {
        /// The squares.
        squares: Vec<Coord>,
        /// Promotion.
        suffix: Suffix,
    },
}

/// Why a text is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// Not in the grammar at all.
    Syntax(String),
    /// A move of one square, or of more than four.
    SquareCount(String),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Syntax(t) => write!(f, "{t}: not a move in USI notation"),
            MoveTextError::SquareCount(t) => write!(
                f,
                "{t}: a move is two squares, three for a double move, four for a lion dog's \
                 triple move"
            ),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// The most squares a move passes through (a lion dog's triple move).
pub const MAX_SQUARES: usize = 4;

impl MoveText {
    /// Parses `text`.
    pub fn parse(text: &str) -> Result<MoveText, MoveTextError> {
        let syntax = || MoveTextError::Syntax(text.to_string());
        if let Some((piece, square)) = text.split_once('*') {
            let (promoted, letter) = match piece.as_bytes() {
                [l] => (false, *l as char),
                [b'+', l] => (true, *l as char),
                _ => return Err(syntax()),
            };
            if !letter.is_ascii_uppercase() {
                return Err(syntax());
            }
            let to = Coord::parse_usi(square).ok_or_else(syntax)?;
            return Ok(MoveText::Drop {
                promoted,
                letter,
                to,
            });
        }
        let (body, suffix) = match text.as_bytes().last() {
            Some(b'+') => (&text[..text.len() - 1], Suffix::Promote),
            Some(b'-') => (&text[..text.len() - 1], Suffix::Demote),
            _ => (text, Suffix::None),
        };
        let squares = Coord::split_usi(body).ok_or_else(syntax)?;
        if !(2..=MAX_SQUARES).contains(&squares.len()) {
            return Err(MoveTextError::SquareCount(text.to_string()));
        }
        Ok(MoveText::Board { squares, suffix })
    }

    /// The squares the move names (a drop's one square).
    pub fn squares(&self) -> Vec<Coord> {
        match self {
            MoveText::Drop { to, .. } => vec![*to],
            MoveText::Board { squares, .. } => squares.clone(),
        }
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveText::Drop {
                promoted,
                letter,
                to,
            } => write!(
                f,
                "{}{letter}*{}",
                if *promoted { "+" } else { "" },
                to.usi()
            ),
            MoveText::Board { squares, suffix } => {
                for sq in squares {
                    f.write_str(&sq.usi())?;
                }
                match suffix {
                    Suffix::None => Ok(()),
                    Suffix::Promote => f.write_str("+"),
                    Suffix::Demote => f.write_str("-"),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_and_write_back() {
        for text in [
            "7g7f", "8h2b+", "P*5e", "+P*4d", "2d2c-", "8g7f8g", "12a11b", "9i9h9g9f",
        ] {
            assert_eq!(MoveText::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(
            MoveText::parse("P*5e"),
            Ok(MoveText::Drop {
                promoted: false,
                letter: 'P',
                to: Coord::new(5, 5)
            })
        );
    }

    #[test]
    fn bad_moves_are_errors() {
        for text in [
            "", "+", "7", "7é7f", "12a12é", "p*5e", "P*", "*", "P*5e5d", "9i9h+-", "7g7f++",
        ] {
            assert!(
                matches!(MoveText::parse(text), Err(MoveTextError::Syntax(_))),
                "{text}"
            );
        }
        for text in ["7g", "1a2b3c4d5e"] {
            assert!(MoveText::parse(text).is_err(), "{text}");
        }
        assert_eq!(
            MoveText::parse("1a2b3c4d5e"),
            Err(MoveTextError::SquareCount("1a2b3c4d5e".into()))
        );
    }
}
