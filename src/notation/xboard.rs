//! XBoard's notation as HaChu and WinBoard write the large shogi variants: a square is a file
//! letter from the left and a rank number from the bottom (`a1` is the bottom left corner); a
//! multi-leg move is its legs joined by commas (`e6f7,f7e6`); a promotion ends in `+` (`=`
//! declines one); a pass is the protocol's null move `@@@@`; a drop is the piece's letter, `@`
//! and the square (`P@e5`). `setboard` takes a FEN whose letters are SFEN's, holdings in
//! brackets, read by `setboard_sfen`.

use super::coord::Coord;
use super::usi_move::{MoveText, Suffix};

/// The null move: a pass.
pub const PASS: &str = "@@@@";

/// A move's USI text (`8g7f8g`, `5i5h+`, `P*5e`) in XBoard's legs (`e6f7`, `f7e6`), one string
/// a leg (a drop is one: `P@e5`, as CrazyWa and WinBoard write it), on a board `files` wide and
/// `ranks` high; None for a text that is not a move, a drop promoted side up, or a square off
/// the board.
pub fn to_xboard(usi: &str, files: usize, ranks: usize) -> Option<Vec<String>> {
    let (squares, suffix) = match MoveText::parse(usi).ok()? {
        MoveText::Board { squares, suffix } => (squares, suffix),
        MoveText::Drop {
            promoted: false,
            letter,
            to,
        } if to.on_board(files, ranks) => {
            return Some(vec![format!("{letter}@{}", to.xboard(files, ranks))]);
        }
        MoveText::Drop { .. } => return None,
    };
    if !squares.iter().all(|s| s.on_board(files, ranks)) {
        return None;
    }
    let names: Vec<String> = squares.iter().map(|s| s.xboard(files, ranks)).collect();
    let mut legs: Vec<String> = names.windows(2).map(|w| w.concat()).collect();
    if suffix == Suffix::Promote {
        legs.last_mut()?.push('+');
    }
    Some(legs)
}

/// An XBoard move (`e6f7,f7e6`, `h4h5+`, `h4h5=`) as USI text on a board `files` wide and
/// `ranks` high; None if it does not read (each leg must start where the last one ended).
pub fn from_xboard(text: &str, files: usize, ranks: usize) -> Option<String> {
    // A drop: the piece's letter, `@` and the square.
    if let Some((piece, square)) = text.split_once('@') {
        let mut letters = piece.chars();
        let letter = letters.next().filter(|c| c.is_ascii_uppercase())?;
        if letters.next().is_some() {
            return None;
        }
        let to = Coord::parse_xboard(square, files, ranks)?;
        return Some(
            MoveText::Drop {
                promoted: false,
                letter,
                to,
            }
            .to_string(),
        );
    }
    let (path, promote) = board_path(text, files, ranks)?;
    let usi = MoveText::Board {
        squares: path,
        suffix: if promote {
            Suffix::Promote
        } else {
            Suffix::None
        },
    };
    Some(usi.to_string())
}

/// The squares an XBoard move on the board passes (`e6f7,f7e6`: e6, f7, e6) and whether it
/// promotes (`+`; `=` declines); None if it does not read (each leg must start where the last
/// one ended), or for a drop or a pass.
pub fn board_path(text: &str, files: usize, ranks: usize) -> Option<(Vec<Coord>, bool)> {
    let promote = text.ends_with('+');
    let body = text.strip_suffix(['+', '=']).unwrap_or(text);
    let mut path: Vec<Coord> = Vec::new();
    for leg in body.split(',') {
        // A leg is two squares: a letter and its digits, twice.
        let second = leg
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_lowercase())
            .map(|(i, _)| i)?;
        let a = Coord::parse_xboard(&leg[..second], files, ranks)?;
        let b = Coord::parse_xboard(&leg[second..], files, ranks)?;
        match path.last() {
            None => path.extend([a, b]),
            Some(&end) if end == a => path.push(b),
            Some(_) => return None,
        }
    }
    Some((path, promote))
}

/// The SFEN of a `setboard` FEN as HaChu reads it: the board from the top rank (the second
/// player's side) down, the first player's pieces in upper case, the letters as in SFEN (a
/// piece beyond the alphabet marked with `'` or `!`, a promoted one led by `+`), empty squares
/// counted or written `.` each, and the holdings in brackets where the game has drops; then
/// `w` for the first player to move or `b` for the second (XBoard's colours: its white moves
/// first). The rest (castling, counters) is ignored.
pub fn setboard_sfen(fen: &str) -> Option<String> {
    let mut fields = fen.split_whitespace();
    let mut board = fields.next()?;
    // Holdings, as XBoard writes them for the games with drops: `[PPn]` after the board (or
    // `[-]`), each piece in hand a letter, the first player's in upper case.
    let mut hand = String::from("-");
    if let Some(open) = board.find('[') {
        let held = board[open + 1..].strip_suffix(']')?;
        board = &board[..open];
        let mut counts: Vec<(char, u32)> = Vec::new();
        for c in held.chars().filter(|&c| c != '-') {
            if !c.is_ascii_alphabetic() {
                return None;
            }
            match counts.iter_mut().find(|(l, _)| *l == c) {
                Some((_, n)) => *n = n.checked_add(1)?,
                None => counts.push((c, 1)),
            }
        }
        // SFEN's order: the first player's (upper case) pieces first.
        counts.sort_by_key(|&(c, _)| (c.is_ascii_lowercase(), c));
        if !counts.is_empty() {
            hand = counts
                .iter()
                .map(|&(c, n)| {
                    if n > 1 {
                        format!("{n}{c}")
                    } else {
                        c.to_string()
                    }
                })
                .collect();
        }
    }
    let side = match fields.next().unwrap_or("w") {
        "w" => "b",
        "b" => "w",
        _ => return None,
    };
    // Runs of empty squares, however written ("3..", "..2"), as one count.
    let mut out = String::new();
    let mut empty = 0u32;
    let mut chars = board.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '.' {
            empty = empty.checked_add(1)?;
            continue;
        }
        if let Some(d) = c.to_digit(10) {
            let mut n = d;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n.checked_mul(10)?.checked_add(d)?;
                chars.next();
            }
            empty = empty.checked_add(n)?;
            continue;
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
            empty = 0;
        }
        out.push(c);
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    Some(format!("{out} {side} {hand} 1"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setboard_fens_read_as_hachu_reads_them() {
        // Chu's setup as HaChu writes it, the first player to move.
        let chu = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/\
                   PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w 0 1";
        assert_eq!(
            setboard_sfen(chu).as_deref(),
            Some(
                "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/\
                 PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1"
            )
        );
        // Dots and counts mixed, the second player to move, marked letters.
        assert_eq!(
            setboard_sfen("k1..8/3+c'..5 b").as_deref(),
            Some("k11/3+c'7 w - 1")
        );
        assert_eq!(setboard_sfen("k11/12 x"), None);
        // Holdings (minishogi as CrazyWa writes it): the first player's in upper case.
        assert_eq!(
            setboard_sfen("rbsgk/4p/5/P4/KGSBR[PPsb] w 0 1").as_deref(),
            Some("rbsgk/4p/5/P4/KGSBR b 2Pbs 1")
        );
        assert_eq!(
            setboard_sfen("rbsgk/4p/5/P4/KGSBR[-] b").as_deref(),
            Some("rbsgk/4p/5/P4/KGSBR w - 1")
        );
        assert_eq!(setboard_sfen("rbsgk/4p/5/P4/KGSBR[P1] w"), None);
        assert_eq!(setboard_sfen("rbsgk/4p/5/P4/KGSBR[P w"), None);
        assert_eq!(setboard_sfen(""), None);
    }

    #[test]
    fn moves_translate_both_ways() {
        // Chu (12x12): HaChu's first move h4h5 is Hisha's 5i5h.
        assert_eq!(to_xboard("5i5h", 12, 12), Some(vec!["h4h5".to_string()]));
        assert_eq!(from_xboard("h4h5", 12, 12).as_deref(), Some("5i5h"));
        // A lion's igui, a double move, a promotion, and the corners of dai dai's board.
        assert_eq!(
            to_xboard("8g7f8g", 12, 12),
            Some(vec!["e6f7".to_string(), "f7e6".to_string()])
        );
        assert_eq!(from_xboard("e6f7,f7e6", 12, 12).as_deref(), Some("8g7f8g"));
        assert_eq!(from_xboard("e6f7,f7g8", 12, 12).as_deref(), Some("8g7f6e"));
        assert_eq!(from_xboard("h4h5+", 12, 12).as_deref(), Some("5i5h+"));
        assert_eq!(from_xboard("h4h5=", 12, 12).as_deref(), Some("5i5h"));
        assert_eq!(to_xboard("5i5h+", 12, 12), Some(vec!["h4h5+".to_string()]));
        assert_eq!(to_xboard("17q1a", 17, 17), Some(vec!["a1q17".to_string()]));
        assert_eq!(from_xboard("a1q17", 17, 17).as_deref(), Some("17q1a"));
        for bad in [
            "",
            "h4",
            "h4h5,",
            "z1a1",
            "a0a1",
            "a1a13",
            "h4h5,i9i8",
            "e6f7,f7",
            "é1a1",
            "h4é5",
        ] {
            assert_eq!(from_xboard(bad, 12, 12), None, "{bad}");
        }
        // Drops: minishogi's P*3c is CrazyWa's P@c3; on wa shogi's 11x11 board, 11k is a1.
        assert_eq!(to_xboard("P*3c", 5, 5), Some(vec!["P@c3".to_string()]));
        assert_eq!(from_xboard("P@c3", 5, 5).as_deref(), Some("P*3c"));
        assert_eq!(from_xboard("S@a1", 11, 11).as_deref(), Some("S*11k"));
        for bad in ["P@", "@c3", "p@c3", "PP@c3", "P@f3", "P@c3+"] {
            assert_eq!(from_xboard(bad, 5, 5), None, "{bad}");
        }
        for bad in ["", "5i", "13a1a", "1m1a", "0a1a", "P*13e", "+P*5e"] {
            assert_eq!(to_xboard(bad, 12, 12), None, "{bad}");
        }
    }
}
