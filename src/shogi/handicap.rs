//! Handicap start positions: the named handicaps in common use, and the network shogi server's
//! `-handicap=` syntax, combined.
//!
//! In a handicap game the stronger player takes White (uwate), gives up pieces, and moves first.
//! The named handicaps remove White's pieces as the KIF format's 手合割 names them (the same
//! positions cshogi, python-shogi and rsshogi use). The server's syntax, as its help text gives
//! it:
//!
//! - `RL`: piece letters, each removing White's leftmost piece of that kind (White's left is
//!   the 1-file side: `L` takes the lance on 1a, as the lance handicap does);
//! - `8b,1a`: squares, removing whatever stands there;
//! - `8b=G`: a square and a piece, placing White's piece there or replacing what stands there
//!   (`+R` a promoted one);
//! - `2p`, `3p`, ... `10p`: the standard two-piece, three-piece, ... handicaps;
//! - any of these together, separated by commas: `R,B,5c,3a=G,7a=G` removes the rook, the
//!   bishop and the king's pawn and turns both silvers into golds.
//!
//! Squares are written file then rank (`8b`) or, as the server also allows, rank then file
//! (`b8`).

use super::position::{Position, PositionError, STARTPOS_SFEN};
use crate::notation::sfen::write_board;
use std::fmt;

/// A named handicap: its names (English, the server's abbreviation, KIF's Japanese) and the
/// squares of White's pieces it removes.
struct Named {
    names: &'static [&'static str],
    removed: &'static [&'static str],
}

const NAMED: &[Named] = &[
    Named {
        names: &["even", "none", "平手"],
        removed: &[],
    },
    Named {
        names: &["lance", "left-lance", "香落ち"],
        removed: &["1a"],
    },
    Named {
        names: &["right-lance", "右香落ち"],
        removed: &["9a"],
    },
    Named {
        names: &["bishop", "角落ち"],
        removed: &["2b"],
    },
    Named {
        names: &["rook", "飛車落ち"],
        removed: &["8b"],
    },
    Named {
        names: &["rook-lance", "飛香落ち"],
        removed: &["8b", "1a"],
    },
    Named {
        names: &["two-piece", "2p", "二枚落ち"],
        removed: &["8b", "2b"],
    },
    Named {
        names: &["three-piece", "3p", "三枚落ち"],
        removed: &["8b", "2b", "1a"],
    },
    Named {
        names: &["four-piece", "4p", "四枚落ち"],
        removed: &["8b", "2b", "1a", "9a"],
    },
    Named {
        names: &["five-piece", "5p", "五枚落ち"],
        removed: &["8b", "2b", "1a", "9a", "8a"],
    },
    Named {
        names: &["left-five-piece", "左五枚落ち"],
        removed: &["8b", "2b", "1a", "9a", "2a"],
    },
    Named {
        names: &["six-piece", "6p", "六枚落ち"],
        removed: &["8b", "2b", "1a", "9a", "8a", "2a"],
    },
    Named {
        names: &["eight-piece", "8p", "八枚落ち"],
        removed: &["8b", "2b", "1a", "9a", "8a", "2a", "7a", "3a"],
    },
    Named {
        names: &["ten-piece", "10p", "十枚落ち"],
        removed: &["8b", "2b", "1a", "9a", "8a", "2a", "7a", "3a", "6a", "4a"],
    },
];

/// Why a handicap cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandicapError {
    /// A part of the spec that is none of the forms.
    Unknown(String),
    /// A square with nothing on it to remove.
    Empty(String),
    /// A piece letter with no such piece of White's left to remove.
    NoneLeft(char),
    /// The king cannot be given up.
    King,
    /// The position the spec leads to is not one shogi allows.
    Position(PositionError),
}

impl fmt::Display for HandicapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandicapError::Unknown(s) => write!(
                f,
                "{s:?} is not a handicap (a name such as rook or 2p, piece letters such as RL, \
                 squares such as 8b, or 8b=G)"
            ),
            HandicapError::Empty(s) => write!(f, "nothing stands on {s} to remove"),
            HandicapError::NoneLeft(c) => write!(f, "White has no {c} left to remove"),
            HandicapError::King => write!(f, "the king cannot be given up"),
            HandicapError::Position(e) => write!(f, "not a shogi position: {e}"),
        }
    }
}

impl std::error::Error for HandicapError {}

/// The board as tokens: `grid[rank][9 - file]`, rank 0 = a.
type Grid = [[Option<String>; 9]; 9];

fn start_grid() -> Grid {
    let mut grid: Grid = Default::default();
    let board = STARTPOS_SFEN.split_whitespace().next().expect("a board");
    for (r, row) in board.split('/').enumerate() {
        let mut c = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                c += d as usize;
            } else {
                grid[r][c] = Some(ch.to_string());
                c += 1;
            }
        }
    }
    grid
}

/// A square written `8b` or `b8`: (rank index, column index).
fn square(text: &str) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let (file, rank) = if b[0].is_ascii_digit() {
        (b[0], b[1])
    } else {
        (b[1], b[0])
    };
    let file = (b'1'..=b'9')
        .contains(&file)
        .then(|| usize::from(file - b'0'))?;
    let rank = (b'a'..=b'i')
        .contains(&rank.to_ascii_lowercase())
        .then(|| usize::from(rank.to_ascii_lowercase() - b'a'))?;
    Some((rank, 9 - file))
}

/// White's piece token for a letter (`G`, `+R`, either case).
fn white_piece(text: &str) -> Option<String> {
    let (promoted, letter) = match text.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let mut chars = letter.chars();
    let c = chars.next()?.to_ascii_lowercase();
    if chars.next().is_some() || !"kgsnlrbp".contains(c) {
        return None;
    }
    if promoted && !"snlrbp".contains(c) {
        return None;
    }
    Some(format!("{}{c}", if promoted { "+" } else { "" }))
}

/// The start position of handicap `spec`: a name (`rook`, `2p`, `飛車落ち`, ...; `even` for no
/// handicap) or the server's syntax, White to move except for `even`.
pub fn handicap_position(spec: &str) -> Result<Position, HandicapError> {
    let spec = spec.trim();
    let spec = spec.strip_prefix("-handicap=").unwrap_or(spec);
    let spec = spec.strip_prefix("handicap=").unwrap_or(spec);
    let mut grid = start_grid();
    let mut changed = false;
    for part in spec.split(',').map(str::trim) {
        if part.is_empty() {
            return Err(HandicapError::Unknown(spec.to_string()));
        }
        if let Some(named) = NAMED
            .iter()
            .find(|n| n.names.iter().any(|name| name.eq_ignore_ascii_case(part)))
        {
            for sq in named.removed {
                let (r, c) = square(sq).expect("a square");
                grid[r][c] = None;
            }
            changed |= !named.removed.is_empty();
        } else if let Some((sq, piece)) = part.split_once('=') {
            let (r, c) = square(sq).ok_or_else(|| HandicapError::Unknown(part.to_string()))?;
            let token =
                white_piece(piece).ok_or_else(|| HandicapError::Unknown(part.to_string()))?;
            grid[r][c] = Some(token);
            changed = true;
        } else if let Some((r, c)) = square(part) {
            if grid[r][c]
                .as_deref()
                .is_some_and(|t| t.ends_with(['k', 'K']))
            {
                return Err(HandicapError::King);
            }
            grid[r][c]
                .take()
                .ok_or_else(|| HandicapError::Empty(part.to_string()))?;
            changed = true;
        } else if !part.is_empty() && part.chars().all(|c| "RBGSNLPK".contains(c)) {
            for letter in part.chars() {
                if letter == 'K' {
                    return Err(HandicapError::King);
                }
                let token = letter.to_ascii_lowercase().to_string();
                // White's leftmost: from the 1-file (the last column) towards the 9-file.
                let found = (0..9)
                    .rev()
                    .flat_map(|c| (0..9).map(move |r| (r, c)))
                    .find(|&(r, c)| grid[r][c].as_deref() == Some(token.as_str()))
                    .ok_or(HandicapError::NoneLeft(letter))?;
                grid[found.0][found.1] = None;
            }
            changed = true;
        } else {
            return Err(HandicapError::Unknown(part.to_string()));
        }
    }
    let side = if changed { "w" } else { "b" };
    let board = write_board(grid.iter().map(|row| row.iter().map(|c| c.as_deref())));
    Position::from_sfen(&format!("{board} {side} - 1")).map_err(HandicapError::Position)
}

/// The names of the named handicaps, one line each (English, abbreviation, Japanese).
pub fn handicap_names() -> Vec<String> {
    NAMED.iter().map(|n| n.names.join(", ")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sfen(spec: &str) -> String {
        handicap_position(spec).unwrap().to_sfen()
    }

    #[test]
    fn named_handicaps_are_kif_s() {
        // The positions KIF's 手合割 names stand for, as cshogi's and python-shogi's KIF
        // readers give them.
        for (name, board) in [
            ("香落ち", "lnsgkgsn1/1r5b1/ppppppppp"),
            ("右香落ち", "1nsgkgsnl/1r5b1/ppppppppp"),
            ("角落ち", "lnsgkgsnl/1r7/ppppppppp"),
            ("飛車落ち", "lnsgkgsnl/7b1/ppppppppp"),
            ("飛香落ち", "lnsgkgsn1/7b1/ppppppppp"),
            ("二枚落ち", "lnsgkgsnl/9/ppppppppp"),
            ("三枚落ち", "lnsgkgsn1/9/ppppppppp"),
            ("四枚落ち", "1nsgkgsn1/9/ppppppppp"),
            ("五枚落ち", "2sgkgsn1/9/ppppppppp"),
            ("左五枚落ち", "1nsgkgs2/9/ppppppppp"),
            ("六枚落ち", "2sgkgs2/9/ppppppppp"),
            ("八枚落ち", "3gkg3/9/ppppppppp"),
            ("十枚落ち", "4k4/9/ppppppppp"),
        ] {
            let s = sfen(name);
            assert_eq!(
                s,
                format!("{board}/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
                "{name}"
            );
        }
        assert_eq!(sfen("even"), STARTPOS_SFEN);
    }

    #[test]
    fn the_server_s_examples() {
        // -handicap=RL: the rook and White's leftmost lance (1a).
        assert_eq!(sfen("-handicap=RL"), sfen("rook-lance"));
        // -handicap=8b,1a: the same by squares.
        assert_eq!(sfen("8b,1a"), sfen("rook-lance"));
        // -handicap=8b=G: a gold on 8b in place of the rook.
        assert!(sfen("8b=G").starts_with("lnsgkgsnl/1g5b1/"));
        // -handicap=R,B,5c,3a=G,7a=G.
        assert_eq!(
            sfen("R,B,5c,3a=G,7a=G"),
            "lnggkggnl/9/pppp1pppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        );
        // -handicap=2p, and the preview example's 6p.
        assert_eq!(sfen("2p"), sfen("two-piece"));
        assert_eq!(sfen("6p"), sfen("六枚落ち"));
        // Both coordinate orders.
        assert_eq!(sfen("b8,a1"), sfen("rook-lance"));
    }

    #[test]
    fn letters_take_the_leftmost_first() {
        assert_eq!(sfen("LL"), sfen("4p").replace("9/ppp", "1r5b1/ppp"));
        assert!(sfen("N").starts_with("lnsgkgs1l/"));
        assert!(sfen("P").starts_with("lnsgkgsnl/1r5b1/pppppppp1/"));
    }

    #[test]
    fn bad_specs_are_refused() {
        for spec in [
            "", "7p", "K", "5a", "5e", "x", "8b=Q", "8b=+G", "RR", "2p,,R",
        ] {
            assert!(handicap_position(spec).is_err(), "{spec}");
        }
    }
}
