//! Western shogi notation: the grammar of move text, every form read, the one asked for
//! written.
//!
//! Three families of forms are read:
//!
//! - Hodges' notation and the correspondence notation of the shogi rules texts: `P-7f`,
//!   `P7f`, `Px5e`, `P*8f` and `P'8f` (drops), `B-3c+` and `B7g+` (promotion), `S3c=` (no
//!   promotion), `+S3d` (a promoted piece), `G4a-5b` (the origin, given when needed);
//! - the network shogi server's move command: `<from>-<to>[+/=]`, `<piece>[<from>]-<to>[+/=]`,
//!   `<piece>[<from>]x<to>[+/=]`, `<piece>*<to>`, the hyphen optional, squares written file
//!   then rank (`7g`) or rank then file (`g7`), both squares of a move the same way;
//! - with `!`, `?` or `#` after them, which are dropped.
//!
//! Piece letters are upper case (K R B G S N L P); ranks are lower-case letters a to i, files
//! digits 1 to 9. What a text means on a board (which piece, whether it is legal) is the rules'
//! to decide (`shogi::western`).

use std::fmt;

/// A square as written: file 1..=9 and rank 0..=8 (`a` = 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WSquare {
    /// File, 1 to 9.
    pub file: u8,
    /// Rank, 0 (`a`) to 8 (`i`).
    pub rank: u8,
}

impl fmt::Display for WSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file, (b'a' + self.rank) as char)
    }
}

/// How a move's origin and destination are joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Separator {
    /// Nothing between them.
    None,
    /// `-`: a move (a capture too, in the server's forms).
    Move,
    /// `x`: a capture.
    Capture,
    /// `*` or `'`: a drop.
    Drop,
}

/// A move as written, before a board gives it meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WesternMove {
    /// The piece letter, if written, and whether it carries a `+` (a promoted piece).
    pub piece: Option<(bool, char)>,
    /// The origin, if written.
    pub from: Option<WSquare>,
    /// The destination.
    pub to: WSquare,
    /// What joins them.
    pub separator: Separator,
    /// `Some(true)` for a `+` after the move, `Some(false)` for `=`, `None` for neither.
    pub promote: Option<bool>,
}

/// Why a text is not a move in Western notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WesternError(pub String);

impl fmt::Display for WesternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for WesternError {}

/// A square at the start of `s` in the given order (`true`: file then rank), and the rest.
fn square(s: &[u8], file_first: bool) -> Option<(WSquare, &[u8])> {
    let (&a, rest) = s.split_first()?;
    let (&b, rest) = rest.split_first()?;
    let (file, rank) = if file_first { (a, b) } else { (b, a) };
    if !(b'1'..=b'9').contains(&file) || !(b'a'..=b'i').contains(&rank) {
        return None;
    }
    Some((
        WSquare {
            file: file - b'0',
            rank: rank - b'a',
        },
        rest,
    ))
}

/// Reads `text` as a move in any of the forms the module lists.
pub fn parse(text: &str) -> Result<WesternMove, WesternError> {
    let bad = || WesternError(format!("{text:?} is not a move in Western notation"));
    let trimmed = text.trim().trim_end_matches(['!', '?', '#']);
    if !trimmed.is_ascii() {
        return Err(bad());
    }
    let mut s = trimmed.as_bytes();
    // The promotion suffix.
    let mut promote = None;
    if let Some((&last, rest)) = s.split_last() {
        if last == b'+' || last == b'=' {
            promote = Some(last == b'+');
            s = rest;
        }
    }
    // The piece, with a + before it for a promoted one.
    let mut piece = None;
    let promoted = s.first() == Some(&b'+');
    let after_plus = if promoted { &s[1..] } else { s };
    if let Some((&c, rest)) = after_plus.split_first() {
        if b"KRBGSNLP".contains(&c) {
            piece = Some((promoted, c as char));
            s = rest;
        } else if promoted {
            return Err(bad());
        }
    }
    // Origin, separator, destination: try both square orders, the same for both squares.
    for file_first in [true, false] {
        let (from, rest) = match square(s, file_first) {
            Some((sq, rest)) => (Some(sq), rest),
            None => (None, s),
        };
        let (separator, rest) = match rest.first() {
            Some(b'-') => (Separator::Move, &rest[1..]),
            Some(b'x') => (Separator::Capture, &rest[1..]),
            Some(b'*') | Some(b'\'') => (Separator::Drop, &rest[1..]),
            _ => (Separator::None, rest),
        };
        let (to, rest) = match square(rest, file_first) {
            Some(found) => found,
            // A lone square is the destination.
            None if separator == Separator::None && rest.is_empty() => match from {
                Some(to) => {
                    if piece.is_none() {
                        return Err(bad());
                    }
                    return Ok(WesternMove {
                        piece,
                        from: None,
                        to,
                        separator,
                        promote,
                    });
                }
                None => continue,
            },
            None => continue,
        };
        if !rest.is_empty() {
            continue;
        }
        // A drop names its piece and no origin; a move names a piece or an origin.
        let valid = if separator == Separator::Drop {
            piece.is_some_and(|(p, _)| !p) && from.is_none() && promote.is_none()
        } else {
            piece.is_some() || from.is_some()
        };
        if !valid {
            return Err(bad());
        }
        return Ok(WesternMove {
            piece,
            from,
            to,
            separator,
            promote,
        });
    }
    Err(bad())
}

/// A Western notation to write moves in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WesternStyle {
    /// Hodges: `P-7f`, `Px5e`, `P*8f`, `B-3c+`, `S-3c=`, `G4a-5b`.
    Hodges,
    /// The correspondence (e-mail) notation: `P7f`, `Px5e`, `P'8f`, `B7g+`, `S3c=`, `G4a-5b`.
    Email,
    /// The network shogi server's move command: `7g-7f`, `2b-8h+`, `S4c-3b=`... written as
    /// `<from>-<to>` with `+` or `=` wherever promotion was possible, `P*5e` for drops.
    Server,
}

impl WesternStyle {
    /// Every style by name.
    pub const ALL: [(&'static str, WesternStyle); 3] = [
        ("hodges", WesternStyle::Hodges),
        ("email", WesternStyle::Email),
        ("server", WesternStyle::Server),
    ];

    /// The style of a name (any case).
    pub fn from_name(name: &str) -> Option<WesternStyle> {
        WesternStyle::ALL
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|&(_, s)| s)
    }
}

/// What a writer needs to know of a move on its board.
#[derive(Clone, Copy, Debug)]
pub struct MoveFacts {
    /// The moving piece's letter (the dropped piece's), and whether it is promoted before the
    /// move.
    pub piece: (bool, char),
    /// The origin (`None` for a drop).
    pub from: Option<WSquare>,
    /// The destination.
    pub to: WSquare,
    /// It captures.
    pub capture: bool,
    /// It promotes.
    pub promotes: bool,
    /// It could have promoted (and is written with `+` or `=`).
    pub could_promote: bool,
    /// Another piece of the same kind could reach the destination (the origin is written).
    pub ambiguous: bool,
}

/// The move in `style`.
pub fn write(facts: &MoveFacts, style: WesternStyle) -> String {
    let (promoted, letter) = facts.piece;
    let piece = format!("{}{letter}", if promoted { "+" } else { "" });
    let suffix = if facts.promotes {
        "+"
    } else if facts.could_promote {
        "="
    } else {
        ""
    };
    let Some(from) = facts.from else {
        let mark = if style == WesternStyle::Email {
            '\''
        } else {
            '*'
        };
        return format!("{piece}{mark}{}", facts.to);
    };
    match style {
        WesternStyle::Server => format!("{from}-{}{suffix}", facts.to),
        WesternStyle::Hodges | WesternStyle::Email => {
            let origin = if facts.ambiguous {
                from.to_string()
            } else {
                String::new()
            };
            let sep = match (facts.capture, style, facts.ambiguous) {
                (true, _, _) => "x",
                (false, WesternStyle::Hodges, _) | (false, _, true) => "-",
                _ => "",
            };
            format!("{piece}{origin}{sep}{}{suffix}", facts.to)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> WSquare {
        square(s.as_bytes(), true).unwrap().0
    }

    #[test]
    fn every_form_of_the_rules_texts_reads() {
        // The correspondence notation's examples.
        let m = parse("G4a-5b").unwrap();
        assert_eq!(
            (m.piece, m.from, m.to),
            (Some((false, 'G')), Some(sq("4a")), sq("5b"))
        );
        let m = parse("Px5e").unwrap();
        assert_eq!((m.separator, m.to), (Separator::Capture, sq("5e")));
        for drop in ["P'8f", "P*8f"] {
            let m = parse(drop).unwrap();
            assert_eq!(
                (m.separator, m.piece, m.to),
                (Separator::Drop, Some((false, 'P')), sq("8f"))
            );
        }
        assert_eq!(parse("B7g+").unwrap().promote, Some(true));
        assert_eq!(parse("+S3d").unwrap().piece, Some((true, 'S')));
        assert_eq!(parse("S3c=").unwrap().promote, Some(false));
        // Hodges.
        assert_eq!(parse("P-7f").unwrap().to, sq("7f"));
        assert_eq!(parse("+Rx2b").unwrap().piece, Some((true, 'R')));
    }

    #[test]
    fn the_server_s_forms_read() {
        // <from>-<to>[+/=], both coordinate orders, the hyphen optional.
        for text in ["7g-7f", "7g7f", "g7-f7", "g7f7"] {
            let m = parse(text).unwrap();
            assert_eq!(
                (m.piece, m.from, m.to),
                (None, Some(sq("7g")), sq("7f")),
                "{text}"
            );
        }
        let m = parse("8h-2b+").unwrap();
        assert_eq!(m.promote, Some(true));
        // <piece>[<from>]-<to>, <piece>[<from>]x<to>, <piece>*<to>.
        let m = parse("S4c-3b=").unwrap();
        assert_eq!(
            (m.piece, m.from, m.promote),
            (Some((false, 'S')), Some(sq("4c")), Some(false))
        );
        let m = parse("Nc3xb1").unwrap();
        assert_eq!(
            (m.from, m.to, m.separator),
            (Some(sq("3c")), sq("1b"), Separator::Capture)
        );
        assert_eq!(parse("R*5e").unwrap().separator, Separator::Drop);
    }

    #[test]
    fn nonsense_is_refused() {
        for text in [
            "", "Q-7f", "7f", "P*", "+P*5e", "P*5e+", "7g-f7", "P-7j", "P-0f", "Pé7f", "x7f",
        ] {
            assert!(parse(text).is_err(), "{text}");
        }
    }
}
