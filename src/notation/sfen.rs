//! The SFEN grammar every board shares, and the text of a position as USI sends it.
//!
//! An SFEN is `<board> <side> [<third> [<move number>]]`. The board is its ranks from the top
//! (rank `a`), separated by `/`; each rank lists its squares from the left (the highest file
//! number), a run of empty squares as a count (`9`, `12`) and a piece as a token: `+` if
//! promoted, a letter (upper case Black's, lower case White's) and, in the games with more kinds
//! than letters, a mark (`MARKS`: `'` and `!` from dai shogi on, `?` in tai shogi, the rest for
//! games with more kinds still). The side is `b` or `w`. The third field is the hands (`-`, or
//! tokens each after an optional count: `2P3p`) in the games with drops, and chu's lion-capture
//! square in the others; the move number is a positive integer.
//!
//! This file knows the grammar and no game: which letters a game has, how many pieces its set
//! holds and whether a position is legal are the rules modules' (`shogi`, `variant`), which read
//! the tokens parsed here and write positions with the writers here.

use crate::color::Color;
use std::fmt;

/// One piece as SFEN writes it: `P`, `+r`, `C'`, `+l!`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceToken {
    /// Written with a leading `+`.
    pub promoted: bool,
    /// The letter as written; its case is the piece's side.
    pub letter: char,
    /// One of `MARKS` after the letter, where a game has more kinds than letters.
    pub mark: Option<char>,
}

/// The marks that tell apart kinds of one letter, in the order the games take them: with them,
/// 26 letters name 234 kinds (taikyoku shogi has 209 before promotion).
pub const MARKS: [char; 8] = ['\'', '!', '?', '^', '~', '@', '&', '%'];

impl PieceToken {
    /// The side the letter's case gives (upper case Black).
    pub fn color(&self) -> Color {
        Color::of_letter(self.letter)
    }

    /// The token in lower case, as a game's table of kinds names it: `p`, `+r`, `c'`.
    pub fn name(&self) -> String {
        let mut s = String::with_capacity(3);
        if self.promoted {
            s.push('+');
        }
        s.push(self.letter.to_ascii_lowercase());
        s.extend(self.mark);
        s
    }
}

impl fmt::Display for PieceToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.promoted {
            f.write_str("+")?;
        }
        write!(f, "{}", self.letter)?;
        if let Some(m) = self.mark {
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

/// `name` (a kind's lower-case SFEN name: `p`, `+r`, `c'`) written for `color`.
pub fn piece_text(name: &str, color: Color) -> String {
    match color {
        Color::Black => name.to_ascii_uppercase(),
        Color::White => name.to_ascii_lowercase(),
    }
}

/// Why a text is not an SFEN (its grammar; what a game refuses is its rules module's error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SfenError {
    /// Nothing at all.
    Empty,
    /// Not 2 to 4 fields (board, side, hands or lion square, move number).
    FieldCount(usize),
    /// The board has another number of ranks than the game's.
    RankCount {
        /// Ranks written.
        found: usize,
        /// The game's.
        expected: usize,
    },
    /// A rank (counted from 1, the top) has another number of squares than the game's files.
    RankLength {
        /// The rank.
        rank: usize,
        /// Squares written.
        found: usize,
        /// The game's.
        expected: usize,
    },
    /// A run of empty squares counted 0, or a count after `+`.
    ZeroCount {
        /// The rank.
        rank: usize,
    },
    /// A character that is no count, piece or mark, or a `+` with no letter after it.
    Stray {
        /// The rank.
        rank: usize,
        /// The character.
        ch: char,
    },
    /// The side to move is not `b` or `w`.
    Side(String),
    /// The hands field does not parse: a count with no piece after it, a count of 0 or of more
    /// than three digits, or a stray character.
    Hands(String),
    /// The move number is not a positive integer.
    MoveNumber(String),
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SfenError::Empty => f.write_str("an empty SFEN"),
            SfenError::FieldCount(n) => write!(
                f,
                "an SFEN has 3 or 4 fields (board, side, hands, move number); this one has {n}"
            ),
            SfenError::RankCount { found, expected } => {
                write!(
                    f,
                    "the board has {found} ranks where the game has {expected}"
                )
            }
            SfenError::RankLength {
                rank,
                found,
                expected,
            } => write!(
                f,
                "rank {rank} has {found} squares where the game has {expected}"
            ),
            SfenError::ZeroCount { rank } => write!(f, "rank {rank}: a bad count of empty squares"),
            SfenError::Stray { rank, ch } => {
                write!(f, "rank {rank}: {ch:?} is no piece letter or count")
            }
            SfenError::Side(s) => write!(f, "side to move must be 'b' or 'w', got {s:?}"),
            SfenError::Hands(s) => write!(f, "bad hands {s:?}"),
            SfenError::MoveNumber(s) => {
                write!(f, "move number must be a positive integer, got {s:?}")
            }
        }
    }
}

impl std::error::Error for SfenError {}

/// An SFEN parsed by the grammar: the board's squares by rank from the top and, in each, from
/// the left; the side to move; the third field as written; the move number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sfen<'a> {
    /// The ranks from the top, each square from the left: a piece or nothing.
    pub board: Vec<Vec<Option<PieceToken>>>,
    /// The side to move.
    pub side: Color,
    /// The third field (hands, or a lion-capture square), if written.
    pub third: Option<&'a str>,
    /// The move number, if written.
    pub move_number: Option<u32>,
}

/// The largest move number read (a game of more moves is not played).
const MAX_MOVE_NUMBER: u32 = u32::MAX / 2;

impl<'a> Sfen<'a> {
    /// Parses `text` as an SFEN of a board `files` wide and `ranks` high.
    pub fn parse(text: &'a str, files: usize, ranks: usize) -> Result<Sfen<'a>, SfenError> {
        Sfen::parse_fields(text, Some((files, ranks)))
    }

    /// Parses `text` as an SFEN of any board whose ranks are all as wide as the first.
    pub fn parse_any(text: &'a str) -> Result<Sfen<'a>, SfenError> {
        Sfen::parse_fields(text, None)
    }

    fn parse_fields(text: &'a str, size: Option<(usize, usize)>) -> Result<Sfen<'a>, SfenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return Err(SfenError::Empty);
        }
        if !(2..=4).contains(&fields.len()) {
            return Err(SfenError::FieldCount(fields.len()));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        let (files, ranks) = match size {
            Some(size) => size,
            None => (rank_tokens(rows[0], 1)?.len(), rows.len()),
        };
        if rows.len() != ranks {
            return Err(SfenError::RankCount {
                found: rows.len(),
                expected: ranks,
            });
        }
        let mut board = Vec::with_capacity(ranks);
        for (r, row) in rows.iter().enumerate() {
            let squares = rank_tokens(row, r + 1)?;
            if squares.len() != files {
                return Err(SfenError::RankLength {
                    rank: r + 1,
                    found: squares.len(),
                    expected: files,
                });
            }
            board.push(squares);
        }
        let side = match fields[1] {
            "b" => Color::Black,
            "w" => Color::White,
            s => return Err(SfenError::Side(s.to_string())),
        };
        let move_number = match fields.get(3) {
            None => None,
            Some(n) => Some(
                n.parse::<u32>()
                    .ok()
                    .filter(|n| (1..=MAX_MOVE_NUMBER).contains(n))
                    .ok_or_else(|| SfenError::MoveNumber(n.to_string()))?,
            ),
        };
        Ok(Sfen {
            board,
            side,
            third: fields.get(2).copied(),
            move_number,
        })
    }

    /// The board's width.
    pub fn files(&self) -> usize {
        self.board.first().map_or(0, Vec::len)
    }

    /// The pieces in hand of the third field, each with its count; none for `-` or no field.
    pub fn hands(&self) -> Result<Vec<(u32, PieceToken)>, SfenError> {
        match self.third {
            None | Some("-") => Ok(Vec::new()),
            Some(text) => parse_hands(text),
        }
    }
}

/// The largest count of one kind in a hand the grammar reads (a game's rules allow fewer).
const MAX_HAND_DIGITS: usize = 3;

/// Reads a hands field other than `-`: tokens, each after an optional count (`2P3pb`).
pub fn parse_hands(text: &str) -> Result<Vec<(u32, PieceToken)>, SfenError> {
    let bad = || SfenError::Hands(text.to_string());
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while chars.peek().is_some() {
        let mut digits = String::new();
        while let Some(&d) = chars.peek().filter(|c| c.is_ascii_digit()) {
            digits.push(d);
            chars.next();
        }
        let count = if digits.is_empty() {
            1
        } else if digits.len() > MAX_HAND_DIGITS {
            return Err(bad());
        } else {
            digits.parse::<u32>().map_err(|_| bad())?
        };
        if count == 0 {
            return Err(bad());
        }
        let token = piece_token(&mut chars).ok_or_else(bad)?;
        out.push((count, token));
    }
    Ok(out)
}

/// The next piece token of `chars` (`+`, a letter, a mark), if one is there.
fn piece_token(chars: &mut std::iter::Peekable<std::str::Chars>) -> Option<PieceToken> {
    let promoted = chars.next_if_eq(&'+').is_some();
    let letter = chars.next_if(char::is_ascii_alphabetic)?;
    let mark = chars.next_if(|c| MARKS.contains(c));
    Some(PieceToken {
        promoted,
        letter,
        mark,
    })
}

/// The squares of one rank (`rank` counted from 1 for the errors).
fn rank_tokens(row: &str, rank: usize) -> Result<Vec<Option<PieceToken>>, SfenError> {
    let mut squares = Vec::new();
    let mut chars = row.chars().peekable();
    // More squares than any board has: the rank is too long whatever the game.
    const LONGEST: usize = 1 << 16;
    while let Some(&c) = chars.peek() {
        if c.is_ascii_digit() {
            if c == '0' {
                return Err(SfenError::ZeroCount { rank });
            }
            let mut n = 0usize;
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                n = n
                    .saturating_mul(10)
                    .saturating_add(d.to_digit(10).unwrap_or(0) as usize);
            }
            if n == 0 {
                return Err(SfenError::ZeroCount { rank });
            }
            if squares.len().saturating_add(n) > LONGEST {
                return Err(SfenError::RankLength {
                    rank,
                    found: squares.len().saturating_add(n),
                    expected: LONGEST,
                });
            }
            squares.resize(squares.len() + n, None);
            continue;
        }
        match piece_token(&mut chars) {
            Some(token) => squares.push(Some(token)),
            None if c == '+' && chars.clone().nth(1).is_some_and(|d| d.is_ascii_digit()) => {
                return Err(SfenError::ZeroCount { rank })
            }
            None => {
                // `+` followed by nothing usable: report what follows it, or the `+` itself.
                let ch = if c == '+' {
                    chars.nth(1).unwrap_or('+')
                } else {
                    c
                };
                return Err(SfenError::Stray { rank, ch });
            }
        }
    }
    Ok(squares)
}

/// `c`'s letter in an SFEN: `b` or `w`.
pub fn side_letter(c: Color) -> char {
    match c {
        Color::Black => 'b',
        Color::White => 'w',
    }
}

/// The board field: `rows` from the top, each square from the left, a piece's text or nothing
/// (runs of empty squares counted).
pub fn write_board<R, S>(rows: impl IntoIterator<Item = R>) -> String
where
    R: IntoIterator<Item = Option<S>>,
    S: AsRef<str>,
{
    let mut out = String::new();
    for (i, row) in rows.into_iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for square in row {
            match square {
                None => empty += 1,
                Some(text) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(text.as_ref());
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    out
}

/// The hands field: each piece's text after its count when more than one; `-` for none.
pub fn write_hands<S: AsRef<str>>(pieces: impl IntoIterator<Item = (u32, S)>) -> String {
    let mut out = String::new();
    for (n, text) in pieces {
        if n == 0 {
            continue;
        }
        if n > 1 {
            out.push_str(&n.to_string());
        }
        out.push_str(text.as_ref());
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// The same position with the sides exchanged: the board turned round, every piece and hand
/// given to the other side, the other side to move. A third field that is not hands (chu's
/// lion square) is dropped. For symmetry tests of any board.
pub fn flip(text: &str) -> Result<String, SfenError> {
    let sfen = Sfen::parse_any(text)?;
    let swap = |t: PieceToken| PieceToken {
        letter: if t.letter.is_ascii_uppercase() {
            t.letter.to_ascii_lowercase()
        } else {
            t.letter.to_ascii_uppercase()
        },
        ..t
    };
    let board = write_board(sfen.board.iter().rev().map(|row| {
        row.iter()
            .rev()
            .map(|square| square.map(|t| swap(t).to_string()))
    }));
    let hands = sfen.hands()?;
    // Black's hand first, as the writers put it.
    let mut swapped: Vec<(u32, PieceToken)> =
        hands.into_iter().map(|(n, t)| (n, swap(t))).collect();
    swapped.sort_by_key(|(_, t)| t.color() == Color::White);
    let hands = write_hands(swapped.iter().map(|(n, t)| (*n, t.to_string())));
    let mut out = format!("{board} {} {hands}", side_letter(!sfen.side));
    if let Some(n) = sfen.move_number {
        out.push_str(&format!(" {n}"));
    }
    Ok(out)
}

/// What follows `position` in USI, and an opening line in a file: the start (`startpos`, or
/// `sfen` and an SFEN, or a bare SFEN) and the moves played from it (after `moves`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionSpec {
    /// The SFEN, or `None` for the game's start position.
    pub sfen: Option<String>,
    /// The moves, as written.
    pub moves: Vec<String>,
}

/// Why a position text does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// No start position.
    Empty,
    /// `sfen` with nothing after it.
    NoSfen,
    /// Words after `startpos` other than `moves`.
    AfterStartpos(String),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Empty => f.write_str("position expects 'startpos' or 'sfen <sfen>'"),
            SpecError::NoSfen => f.write_str("position sfen needs a SFEN"),
            SpecError::AfterStartpos(s) => write!(f, "unexpected '{s}' after startpos"),
        }
    }
}

impl std::error::Error for SpecError {}

impl PositionSpec {
    /// Parses `startpos [moves ...]`, `sfen <sfen> [moves ...]` or `<sfen> [moves ...]`. The
    /// SFEN is checked by the game that reads it, not here.
    pub fn parse(text: &str) -> Result<PositionSpec, SpecError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let moves_at = words.iter().position(|&w| w == "moves");
        let start = &words[..moves_at.unwrap_or(words.len())];
        let moves = moves_at.map_or_else(Vec::new, |i| {
            words[i + 1..].iter().map(|s| s.to_string()).collect()
        });
        let sfen = match start {
            [] => return Err(SpecError::Empty),
            ["startpos"] => None,
            ["startpos", extra @ ..] => return Err(SpecError::AfterStartpos(extra.join(" "))),
            ["sfen"] => return Err(SpecError::NoSfen),
            ["sfen", fields @ ..] => Some(fields.join(" ")),
            fields => Some(fields.join(" ")),
        };
        Ok(PositionSpec { sfen, moves })
    }
}

impl fmt::Display for PositionSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.sfen {
            None => f.write_str("startpos")?,
            Some(s) => write!(f, "sfen {s}")?,
        }
        if !self.moves.is_empty() {
            write!(f, " moves {}", self.moves.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    #[test]
    fn the_start_position_reads_and_writes_back() {
        let sfen = Sfen::parse(START, 9, 9).unwrap();
        assert_eq!(sfen.side, Color::Black);
        assert_eq!(sfen.third, Some("-"));
        assert_eq!(sfen.move_number, Some(1));
        assert_eq!(sfen.board[0][0].unwrap().to_string(), "l");
        assert_eq!(sfen.board[1][1].unwrap().to_string(), "r");
        assert_eq!(sfen.board[1][0], None);
        let board = write_board(
            sfen.board
                .iter()
                .map(|row| row.iter().map(|s| s.map(|t| t.to_string()))),
        );
        assert_eq!(board, START.split(' ').next().unwrap());
    }

    #[test]
    fn counts_of_several_digits_and_marked_letters() {
        // Chu's second rank and a tenjiku-style marked promoted letter.
        let sfen = Sfen::parse_any("a1b1txot1b1a/12/3+c'7x! b - 1").unwrap();
        assert_eq!(sfen.files(), 12);
        let t = sfen.board[2][3].unwrap();
        assert_eq!((t.promoted, t.letter, t.mark), (true, 'c', Some('\'')));
        assert_eq!(t.name(), "+c'");
        assert_eq!(sfen.board[2][11].unwrap().name(), "x!");
        assert_eq!(sfen.board[2][10], None);
    }

    #[test]
    fn hands_with_counts() {
        let hands = parse_hands("R2b10P").unwrap();
        let text: Vec<(u32, String)> = hands.iter().map(|(n, t)| (*n, t.to_string())).collect();
        assert_eq!(
            text,
            [
                (1, "R".to_string()),
                (2, "b".to_string()),
                (10, "P".to_string())
            ]
        );
        assert_eq!(write_hands(text), "R2b10P");
        assert_eq!(write_hands(Vec::<(u32, &str)>::new()), "-");
        for bad in ["2", "0P", "1234P", "P2", "*", "p-"] {
            assert!(parse_hands(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn grammar_errors_are_named() {
        let cases = [
            ("", SfenError::Empty),
            ("9/9 b - 1 x", SfenError::FieldCount(5)),
            (
                "9/9 b - 1",
                SfenError::RankCount {
                    found: 2,
                    expected: 9,
                },
            ),
            (
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
                SfenError::RankLength {
                    rank: 9,
                    found: 8,
                    expected: 9,
                },
            ),
            (
                "lnsgkgsnl/1r5b1/ppppppppp/09/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                SfenError::ZeroCount { rank: 4 },
            ),
            (
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN* b - 1",
                SfenError::Stray { rank: 9, ch: '*' },
            ),
            (
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
                SfenError::Side("x".into()),
            ),
            (
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0",
                SfenError::MoveNumber("0".into()),
            ),
        ];
        for (text, error) in cases {
            assert_eq!(Sfen::parse(text, 9, 9), Err(error), "{text}");
        }
        // Huge counts and text that is not ASCII are errors, not panics.
        let huge = "99999999999999999999999/12/12/12/12/12/12/12/12/12/12/12 b - 1";
        assert!(Sfen::parse(huge, 12, 12).is_err());
        assert!(Sfen::parse("é b - 1", 12, 12).is_err());
        assert!(Sfen::parse_any("+ b").is_err());
    }

    #[test]
    fn flipping_twice_gives_the_position_back() {
        assert_eq!(
            flip("4k4/9/9/9/9/9/9/9/4K3R b P 3").unwrap(),
            "r3k4/9/9/9/9/9/9/9/4K4 w p 3"
        );
        let sfen = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
        let once = flip(sfen).unwrap();
        assert_ne!(once, sfen);
        assert_eq!(flip(&once).unwrap(), sfen);
    }

    #[test]
    fn position_texts() {
        let p = PositionSpec::parse("startpos moves 7g7f 3c3d").unwrap();
        assert_eq!(p.sfen, None);
        assert_eq!(p.moves, ["7g7f", "3c3d"]);
        assert_eq!(p.to_string(), "startpos moves 7g7f 3c3d");
        let p = PositionSpec::parse(&format!("sfen {START} moves 7g7f")).unwrap();
        assert_eq!(p.sfen.as_deref(), Some(START));
        let bare = PositionSpec::parse(START).unwrap();
        assert_eq!(bare.sfen.as_deref(), Some(START));
        assert!(bare.moves.is_empty());
        assert_eq!(PositionSpec::parse(""), Err(SpecError::Empty));
        assert_eq!(PositionSpec::parse("sfen"), Err(SpecError::NoSfen));
        assert_eq!(
            PositionSpec::parse("startpos 7g7f"),
            Err(SpecError::AfterStartpos("7g7f".into()))
        );
    }
}
