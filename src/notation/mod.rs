//! Text formats for every board of the family: square names (`coord`), the SFEN grammar and
//! the position text USI sends (`sfen`), USI move text (`usi_move`) and XBoard's notation
//! (`xboard`). Record formats (KIF, KI2, CSA, JKF) and Western notation will live here too.
//!
//! The lowest layer beside `color`: it knows text, not rules. A game's letters, its pieces and
//! what is legal are the rules modules' (`shogi`, `variant`), which parse and write positions and
//! moves with the grammar here; the protocols (`usi`, `xboard`) read commands with it.

pub mod board;
pub mod coord;
pub mod sfen;
pub mod usi_move;
pub mod western;
pub mod xboard;

pub use coord::Coord;

/// A notation a move can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveStyle {
    /// USI: `7g7f`, `P*5e`, `8g7f8g` (`usi_move`).
    Usi,
    /// XBoard, as HaChu writes the large variants: `h4h5`, `e6f7,f7e6`, `@@@@` (`xboard`).
    XBoard,
}
/// Text from outside (a command, a file name, a move) for an error message: quoted, control
/// characters escaped, cut after 80 characters, so that a hostile line cannot reach the
/// terminal raw or flood the log.
pub fn quote(text: &str) -> String {
    format!("\"{}\"", clip(text, 80))
}

/// `text` safe to print on one line: control characters escaped (`\u{1b}`, `\0`...), and
/// cut after `max` characters with a note of how long it was.
pub fn clip(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == max {
            out.push_str(&format!("… ({} characters in all)", text.chars().count()));
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

pub use sfen::{PieceToken, PositionSpec, Sfen, SfenError, SpecError};
pub use usi_move::{MoveText, MoveTextError, Suffix};
