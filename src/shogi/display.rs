//! The 9x9 position as a text picture in the styles of `notation::board` (the network shogi
//! server's standard, alternate and small boards, and the correspondence e-mail board).

use super::{Color, PieceKind, Position, Square};
use crate::notation::board::{draw, BoardStyle, Cell, Picture};

/// `pos` drawn in `style`; `flip` turns the board for White.
pub fn picture(pos: &Position, style: BoardStyle, flip: bool) -> String {
    let rows: Vec<Vec<Option<Cell>>> = (0..9u8)
        .map(|rank| {
            (0..9u8)
                .rev()
                .map(|file| {
                    let sq = Square::new(file, rank).expect("on the board");
                    pos.piece_on(sq).map(|p| Cell {
                        color: p.color(),
                        promoted: p.kind().is_promoted(),
                        letter: p.kind().base_letter(),
                    })
                })
                .collect()
        })
        .collect();
    let hand = |c: Color| -> Vec<(char, u32)> {
        PieceKind::HAND_BY_VALUE
            .iter()
            .map(|&k| (k.base_letter(), pos.hand(c).count(k)))
            .filter(|&(_, n)| n > 0)
            .collect()
    };
    let (black_hand, white_hand) = (hand(Color::Black), hand(Color::White));
    draw(
        &Picture {
            rows: &rows,
            black_hand: &black_hand,
            white_hand: &white_hand,
        },
        style,
        flip,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_e_mail_board_of_the_start_position() {
        // The setup as the correspondence notation text draws it, the empty hand boxes
        // included (its one rule line missing the closing + restored, and "White in hand:"
        // aligned with its box as "Black in hand:" is).
        let expected = "   9    8    7    6    5    4    3    2    1
+--------------------------------------------+      White in hand:
| wL | wN | wS | wG | wK | wG | wS | wN | wL |  a   +---------------+
+--------------------------------------------+      |               |
|    | wR |    |    |    |    |    | wB |    |  b   |               |
+--------------------------------------------+      +---------------+
| wP | wP | wP | wP | wP | wP | wP | wP | wP |  c
+--------------------------------------------+
|    |    |    |    |    |    |    |    |    |  d
+--------------------------------------------+
|    |    |    |    |    |    |    |    |    |  e
+--------------------------------------------+
|    |    |    |    |    |    |    |    |    |  f
+--------------------------------------------+
| bP | bP | bP | bP | bP | bP | bP | bP | bP |  g
+--------------------------------------------+      Black in hand:
|    | bB |    |    |    |    |    | bR |    |  h   +---------------+
+--------------------------------------------+      |               |
| bL | bN | bS | bG | bK | bG | bS | bN | bL |  i   |               |
+--------------------------------------------+      +---------------+
";
        assert_eq!(
            picture(&Position::startpos(), BoardStyle::Email, false),
            expected
        );
    }

    #[test]
    fn the_server_s_cells() {
        // White's knight and Black's promoted pawn side by side, as the server's help draws
        // them in each style.
        let pos = Position::from_sfen("4k4/9/9/9/n+P7/9/9/9/4K4 b - 1").unwrap();
        let standard = picture(&pos, BoardStyle::Standard, false);
        assert!(standard.contains("|\\ N/|/+P\\|"), "{standard}");
        let alternate = picture(&pos, BoardStyle::Alternate, false);
        assert!(alternate.contains("| wN |+bP |"), "{alternate}");
        let small = picture(&pos, BoardStyle::Small, false);
        assert!(small.contains("|wN bP+"), "{small}");
    }

    #[test]
    fn flipped_for_white() {
        let pos = Position::from_sfen("4k4/9/9/9/n+P7/9/9/9/4K4 b 2Pr 1").unwrap();
        let s = picture(&pos, BoardStyle::Standard, true);
        let lines: Vec<&str> = s.lines().collect();
        // Black's hand on top, the 1-file on the left, rank i first; White's knight now points
        // up (away from White, at the bottom).
        assert_eq!(lines[0], "Black in hand: 2P");
        assert!(lines[1].trim_start().starts_with('1'), "{s}");
        assert!(lines[11].ends_with("|\\+P/|/ N\\|  e"), "{s}");
        assert_eq!(lines.last(), Some(&"White in hand: R"));
    }
}
