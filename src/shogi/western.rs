//! Western notation on the board: a text in any form `notation::western` reads, resolved to the
//! one legal move it names, and a move written in the style asked for.
//!
//! Resolution: every legal move that fits what is written (destination; origin and piece when
//! given; a drop only when marked `*` or `'`; a capture when marked `x`). Without `+` or `=` a
//! move that may promote is taken unpromoted, as Hodges writes it, unless only the promotion is
//! legal (a pawn, lance or knight going where it could never move again).

use super::movegen::generate_all;
use super::{Move, MoveList, PieceKind, Position, Square};
use crate::notation::western::{
    parse, write, MoveFacts, Separator, WSquare, WesternError, WesternStyle,
};

fn square_of(w: WSquare) -> Square {
    Square::new(w.file - 1, w.rank).expect("a square of the board")
}

fn w_square(sq: Square) -> WSquare {
    WSquare {
        file: sq.file() + 1,
        rank: sq.rank(),
    }
}

/// The letter and promotion of the piece that `m` moves (or drops) in `pos`.
fn mover(pos: &Position, m: Move) -> (bool, char) {
    if m.is_drop() {
        return (false, m.drop_kind().base_letter());
    }
    let kind = pos.piece_on(m.from()).map_or(PieceKind::Pawn, |p| p.kind());
    (kind.is_promoted(), kind.base_letter())
}

/// The legal move `text` names in `pos`.
pub fn parse_western(pos: &Position, text: &str) -> Result<Move, WesternError> {
    let w = parse(text)?;
    let mut legal = MoveList::new();
    generate_all(pos, &mut legal);
    let to = square_of(w.to);
    let fits = |m: &Move| -> bool {
        if m.to() != to {
            return false;
        }
        if m.is_drop() != (w.separator == Separator::Drop) {
            return false;
        }
        if let Some(p) = w.piece {
            if mover(pos, *m) != p {
                return false;
            }
        }
        if let Some(from) = w.from {
            if m.is_drop() || m.from() != square_of(from) {
                return false;
            }
        }
        if w.separator == Separator::Capture && pos.piece_on(to).is_none() {
            return false;
        }
        match w.promote {
            Some(p) => m.is_promotion() == p,
            None => true,
        }
    };
    let mut found: Vec<Move> = legal.iter().copied().filter(fits).collect();
    if w.promote.is_none() && found.iter().any(|m| !m.is_promotion()) {
        found.retain(|m| !m.is_promotion());
    }
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(WesternError(format!(
            "{text:?} is not a legal move in {}",
            pos.to_sfen()
        ))),
        several => Err(WesternError(format!(
            "{text:?} is ambiguous: it could be {}",
            several
                .iter()
                .map(|&m| write_western(pos, m, WesternStyle::Hodges))
                .collect::<Vec<_>>()
                .join(" or ")
        ))),
    }
}

/// `m` (legal in `pos`) written in `style`.
pub fn write_western(pos: &Position, m: Move, style: WesternStyle) -> String {
    let piece = mover(pos, m);
    let mut legal = MoveList::new();
    generate_all(pos, &mut legal);
    let (from, capture, could_promote, ambiguous) = if m.is_drop() {
        (None, false, false, false)
    } else {
        let could = legal
            .iter()
            .any(|o| !o.is_drop() && o.from() == m.from() && o.to() == m.to() && o.is_promotion());
        let ambiguous = legal.iter().any(|o| {
            !o.is_drop() && o.to() == m.to() && o.from() != m.from() && mover(pos, *o) == piece
        });
        (
            Some(w_square(m.from())),
            pos.piece_on(m.to()).is_some(),
            could,
            ambiguous,
        )
    };
    write(
        &MoveFacts {
            piece,
            from,
            to: w_square(m.to()),
            capture,
            promotes: m.is_promotion(),
            could_promote,
            ambiguous,
        },
        style,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::movegen::walk_random_games;

    #[test]
    fn the_rules_texts_examples_on_boards() {
        let start = Position::startpos();
        let m = parse_western(&start, "P-7f").unwrap();
        assert_eq!(m.to_string(), "7g7f");
        assert_eq!(parse_western(&start, "P7f").unwrap(), m);
        assert_eq!(parse_western(&start, "7g-7f").unwrap(), m);
        assert_eq!(parse_western(&start, "g7f7").unwrap(), m);
        assert_eq!(write_western(&start, m, WesternStyle::Hodges), "P-7f");
        assert_eq!(write_western(&start, m, WesternStyle::Email), "P7f");
        assert_eq!(write_western(&start, m, WesternStyle::Server), "7g-7f");
        // Two golds can reach 5h: the origin is written, and needed.
        let m = parse_western(&start, "G6i-5h").unwrap();
        assert_eq!(m.to_string(), "6i5h");
        assert_eq!(write_western(&start, m, WesternStyle::Hodges), "G6i-5h");
        assert!(parse_western(&start, "G-5h")
            .unwrap_err()
            .0
            .contains("ambiguous"));
        // A bishop exchange: capture, promotion, drop.
        let mut pos = Position::after_line("startpos moves 7g7f 3c3d").unwrap();
        let m = parse_western(&pos, "Bx2b+").unwrap();
        assert_eq!(m.to_string(), "8h2b+");
        assert_eq!(write_western(&pos, m, WesternStyle::Hodges), "Bx2b+");
        assert_eq!(write_western(&pos, m, WesternStyle::Server), "8h-2b+");
        let n = parse_western(&pos, "B8hx2b=").unwrap();
        assert_eq!(n.to_string(), "8h2b");
        assert_eq!(write_western(&pos, n, WesternStyle::Email), "Bx2b=");
        // Without a suffix the move is taken unpromoted, as Hodges writes it.
        assert_eq!(parse_western(&pos, "Bx2b").unwrap(), n);
        pos.make_move(m);
        pos.make_move(parse_western(&pos, "Sx2b").unwrap());
        let drop = parse_western(&pos, "B'4e").unwrap();
        assert_eq!(drop.to_string(), "B*4e");
        assert_eq!(write_western(&pos, drop, WesternStyle::Email), "B'4e");
        assert_eq!(write_western(&pos, drop, WesternStyle::Hodges), "B*4e");
        // Not legal, not a move.
        assert!(parse_western(&pos, "R*5e").is_err());
        assert!(parse_western(&pos, "K-1a").is_err());
    }

    #[test]
    fn every_move_written_reads_back_as_itself() {
        // Random games: each legal move in each style, read back.
        let mut count = 0;
        walk_random_games(53, 40, 120, |pos| {
            let mut legal = MoveList::new();
            generate_all(pos, &mut legal);
            for &m in legal.iter() {
                for (_, style) in WesternStyle::ALL {
                    let text = write_western(pos, m, style);
                    assert_eq!(
                        parse_western(pos, &text),
                        Ok(m),
                        "{text} in {}",
                        pos.to_sfen()
                    );
                    count += 1;
                }
            }
        });
        assert!(count > 100_000, "{count}");
    }
}
