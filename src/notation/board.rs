//! Board pictures in plain text: the network shogi server's three styles (standard, alternate,
//! small) and the e-mail board of correspondence shogi, with the pieces in hand and the board
//! turned for White if asked.
//!
//! The styles, as the server's help draws one cell of each:
//!
//! ```text
//! standard   |\ N/|/+P\|   the piece's shape points away from its owner: \ N/ White's
//!                          knight, /+P\ Black's promoted pawn
//! alternate  | wN |+bP |   owner letter and piece letter, a + before a promoted piece
//! small      |wN bG bP+|   three characters a square, + after a promoted piece
//! ```
//!
//! The e-mail board writes ` wL ` cells in a ruled grid with the files above, the ranks to the
//! right, and boxes for the pieces in hand ("White in hand:" beside the top ranks, "Black in
//! hand:" beside the bottom ones), as correspondence players exchange it.
//!
//! Rules-free: a caller gives the squares (rank a first, the highest file first) and the hands.

use crate::color::Color;
use std::fmt;

/// A picture style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardStyle {
    /// The server's default: `\ N/` and `/+P\` shapes.
    Standard,
    /// The Shogi-L style: ` wN `, `+bP `.
    Alternate,
    /// Three characters a square: `wN `, `bP+`.
    Small,
    /// The correspondence e-mail board.
    Email,
}

impl BoardStyle {
    /// Every style, by name.
    pub const ALL: [(&'static str, BoardStyle); 4] = [
        ("standard", BoardStyle::Standard),
        ("alternate", BoardStyle::Alternate),
        ("small", BoardStyle::Small),
        ("email", BoardStyle::Email),
    ];

    /// The style of a name (any case).
    pub fn from_name(name: &str) -> Option<BoardStyle> {
        BoardStyle::ALL
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|&(_, s)| s)
    }
}

impl fmt::Display for BoardStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = BoardStyle::ALL
            .iter()
            .find(|(_, s)| s == self)
            .map_or("?", |(n, _)| n);
        f.write_str(name)
    }
}

/// A piece on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Its owner.
    pub color: Color,
    /// Promoted.
    pub promoted: bool,
    /// Its letter, upper case: K R B G S N L P.
    pub letter: char,
}

/// What a picture shows.
pub struct Picture<'a> {
    /// The squares, rank a first, and in each rank the highest file first (as Black sees it).
    pub rows: &'a [Vec<Option<Cell>>],
    /// Black's pieces in hand: (letter, count), strongest first.
    pub black_hand: &'a [(char, u32)],
    /// White's pieces in hand.
    pub white_hand: &'a [(char, u32)],
}

fn owner_letter(c: Color) -> char {
    match c {
        Color::Black => 'b',
        Color::White => 'w',
    }
}

/// A hand as text: `R G 2P`, or `-` when empty.
pub fn hand_text(hand: &[(char, u32)]) -> String {
    let parts: Vec<String> = hand
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|&(c, n)| {
            if n == 1 {
                c.to_string()
            } else {
                format!("{n}{c}")
            }
        })
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(" ")
    }
}

/// One square in `style`, `flip` when the picture is turned for White.
fn cell_text(style: BoardStyle, cell: Option<Cell>, flip: bool) -> String {
    let Some(c) = cell else {
        return match style {
            BoardStyle::Small => " . ".into(),
            _ => "    ".into(),
        };
    };
    let plus = if c.promoted { '+' } else { ' ' };
    match style {
        BoardStyle::Standard => {
            // Pointing away from its owner: up the picture for the side at the bottom.
            let bottom = if flip { Color::White } else { Color::Black };
            if c.color == bottom {
                format!("/{plus}{}\\", c.letter)
            } else {
                format!("\\{plus}{}/", c.letter)
            }
        }
        BoardStyle::Alternate => format!("{plus}{}{} ", owner_letter(c.color), c.letter),
        BoardStyle::Small => format!("{}{}{plus}", owner_letter(c.color), c.letter),
        BoardStyle::Email => {
            if c.promoted {
                format!("+{}{} ", owner_letter(c.color), c.letter)
            } else {
                format!(" {}{} ", owner_letter(c.color), c.letter)
            }
        }
    }
}

/// The picture in `style`; `flip` turns it for White (the 1-file on the left, rank i on top).
pub fn draw(picture: &Picture<'_>, style: BoardStyle, flip: bool) -> String {
    let ranks = picture.rows.len();
    let files = picture.rows.first().map_or(0, Vec::len);
    // The files and ranks in the order drawn.
    let mut file_numbers: Vec<usize> = (1..=files).rev().collect();
    let mut rank_order: Vec<usize> = (0..ranks).collect();
    if flip {
        file_numbers.reverse();
        rank_order.reverse();
    }
    let column = |i: usize| if flip { files - 1 - i } else { i };
    let rank_letter = |r: usize| super::coord::rank_name(r + 1).unwrap_or_default();
    let width = if style == BoardStyle::Small { 3 } else { 4 };
    let mut out = String::new();
    // The files above the board, each centred over its square.
    let mut header = String::from(" ");
    for f in &file_numbers {
        header.push_str(&format!(
            "{:^w$}",
            f,
            w = width + usize::from(style != BoardStyle::Small)
        ));
    }
    let rows: Vec<String> = rank_order
        .iter()
        .map(|&r| {
            let cells: Vec<String> = (0..files)
                .map(|i| cell_text(style, picture.rows[r][column(i)], flip))
                .collect();
            if style == BoardStyle::Small {
                format!("|{}|  {}", cells.concat(), rank_letter(r))
            } else {
                format!("|{}|  {}", cells.join("|"), rank_letter(r))
            }
        })
        .collect();
    let (top_hand, bottom_hand, top_name, bottom_name) = if flip {
        (picture.black_hand, picture.white_hand, "Black", "White")
    } else {
        (picture.white_hand, picture.black_hand, "White", "Black")
    };
    match style {
        BoardStyle::Email => {
            let rule = format!("+{}+", "-".repeat(files * 5 - 1));
            // Hand boxes beside the first and the last two ranks.
            let box_rule = format!("+{}+", "-".repeat(15));
            let box_lines = |hand: &[(char, u32)]| -> [String; 2] {
                let text = hand_text(hand);
                let text = if text == "-" { String::new() } else { text };
                let (a, b) = if text.chars().count() <= 13 {
                    (text.as_str(), "")
                } else {
                    let cut = text[..13].rfind(' ').unwrap_or(13);
                    (&text[..cut], text[cut..].trim_start())
                };
                [format!("| {a:<13} |"), format!("| {b:<13} |")]
            };
            let top = box_lines(top_hand);
            let bottom = box_lines(bottom_hand);
            out.push_str(header.trim_end());
            out.push('\n');
            let mut lines = vec![rule.clone()];
            for row in &rows {
                lines.push(row.clone());
                lines.push(rule.clone());
            }
            // Beside the first five lines the top side's box, beside the last five the other's.
            let block = |name: &str, [a, b]: [String; 2]| {
                [
                    format!("{name} in hand:"),
                    box_rule.clone(),
                    a,
                    b,
                    box_rule.clone(),
                ]
            };
            let mut side = vec![String::new(); lines.len()];
            if lines.len() >= 10 {
                let last = lines.len() - 5;
                for (i, s) in block(top_name, top).into_iter().enumerate() {
                    side[i] = s;
                }
                for (i, s) in block(bottom_name, bottom).into_iter().enumerate() {
                    side[last + i] = s;
                }
            }
            for (line, s) in lines.iter().zip(&side) {
                out.push_str(line);
                if !s.is_empty() {
                    // Rank lines end in "  a"; rule lines get the same room.
                    let pad = if line.starts_with('|') { 3 } else { 6 };
                    out.push_str(&" ".repeat(pad));
                    out.push_str(s);
                }
                out.push('\n');
            }
        }
        _ => {
            let rule = if style == BoardStyle::Small {
                format!("+{}+", "-".repeat(files * 3))
            } else {
                format!("+{}", "----+".repeat(files))
            };
            out.push_str(&format!("{top_name} in hand: {}\n", hand_text(top_hand)));
            out.push_str(header.trim_end());
            out.push('\n');
            out.push_str(&rule);
            out.push('\n');
            for row in &rows {
                out.push_str(row);
                out.push('\n');
                if style != BoardStyle::Small {
                    out.push_str(&rule);
                    out.push('\n');
                }
            }
            if style == BoardStyle::Small {
                out.push_str(&rule);
                out.push('\n');
            }
            out.push_str(&format!(
                "{bottom_name} in hand: {}\n",
                hand_text(bottom_hand)
            ));
        }
    }
    out
}
