//! A variant's position as text: SFEN in and out (letters dressed with `'` and `!` where a game
//! has more kinds than letters), square names, move text in USI, and the board diagram of `d`.

use super::position::{cell_of, kind_of, VMove, VPosition, VariantError, HAND_MAX, NO_SQUARE};
use super::rules::{KindIx, VariantId};
use crate::color::Color;
use crate::notation::coord::rank_name;
use crate::notation::sfen::{self, Sfen};
use crate::notation::{xboard, Coord, MoveText, Suffix};
use std::fmt::Write;

impl VPosition {
    /// Parses `<board> <side> <hands or lion square> [<move number>]`.
    pub fn from_sfen(id: VariantId, text: &str) -> Result<VPosition, VariantError> {
        let mut pos = VPosition::empty(id);
        let rules = pos.rules;
        let sfen = Sfen::parse(text, rules.files as usize, rules.ranks as usize)?;
        for (r, row) in sfen.board.iter().enumerate() {
            for (f, token) in row.iter().enumerate() {
                let Some(token) = token else { continue };
                let kind =
                    rules
                        .kind_index(&token.name())
                        .ok_or_else(|| VariantError::UnknownPiece {
                            game: rules.name,
                            name: token.to_string(),
                        })?;
                let sq = pos.square(f, r);
                pos.put(sq, cell_of(kind, token.color()));
            }
        }
        pos.side = sfen.side;
        if pos.side == Color::White {
            pos.key ^= pos.zobrist.side;
        }
        if rules.drops {
            for (n, token) in sfen.hands()? {
                let kind = rules
                    .kind_index(&token.name())
                    .filter(|&k| !rules.kinds[k as usize].royal && !token.promoted)
                    .ok_or_else(|| VariantError::NotInHand(token.to_string()))?;
                let held = pos.hands[token.color().index()][kind as usize] as usize;
                if held + n as usize > HAND_MAX {
                    return Err(VariantError::HandCount(token.to_string()));
                }
                for _ in 0..n {
                    pos.hand_add(token.color(), kind, 1);
                }
            }
        } else if let Some(third) = sfen.third.filter(|&t| t != "-") {
            let sq = pos
                .parse_square(third)
                .ok_or_else(|| VariantError::LionSquare(third.to_string()))?;
            pos.set_lion_capture(sq);
        }
        if let Some(n) = sfen.move_number {
            pos.ply = n;
        }
        pos.validate()?;
        Ok(pos)
    }

    pub(super) fn validate(&self) -> Result<(), VariantError> {
        let r = self.rules;
        for side in Color::ALL {
            // The king (tori shogi's phoenix; tai shogi's emperor and crown prince): a royal
            // kind that is no promotion (a crown prince is one in chu shogi), one of each.
            let kind_index = |sq: u16| kind_of(self.cells[sq as usize]);
            let kind = |sq: u16| &r.kinds[kind_index(sq) as usize];
            let pieces = &self.pieces[side.index()];
            let kings = (0..r.kinds.len() as KindIx)
                .filter(|&k| r.kinds[k as usize].royal && !r.kinds[k as usize].promoted)
                .map(|k| pieces.iter().filter(|&&sq| kind_index(sq) == k).count())
                .max()
                .unwrap_or(0);
            let royals = pieces.iter().filter(|&&sq| kind(sq).royal).count();
            // Without the check rule a side may have lost its royals: the game is over. With
            // it, a crown prince may be left after the king is taken (sho shogi).
            if (r.check_rule && royals == 0) || kings > 1 {
                return Err(VariantError::KingCount {
                    game: r.name,
                    side,
                    kings,
                });
            }
        }
        if r.shogi_drop_rules {
            for side in Color::ALL {
                let mut pawn_files = vec![0u8; r.files as usize];
                for &sq in &self.pieces[side.index()] {
                    let k = &r.kinds[kind_of(self.cells[sq as usize]) as usize];
                    if self.depth(sq, side) < k.dead_ranks {
                        return Err(VariantError::Stranded(k.piece.name));
                    }
                    if k.drop_pawn {
                        let f = &mut pawn_files[self.coords(sq).0];
                        *f += 1;
                        if *f > r.pawns_per_file {
                            return Err(VariantError::TooManyPawns {
                                pawn: k.piece.name,
                                per_file: r.pawns_per_file,
                            });
                        }
                    }
                }
            }
        }
        if r.check_rule && self.in_check(!self.side) {
            return Err(VariantError::OpponentInCheck);
        }
        Ok(())
    }

    /// The position as SFEN.
    pub fn to_sfen(&self) -> String {
        let r = self.rules;
        let text = |k: KindIx, side: Color| sfen::piece_text(r.kinds[k as usize].sfen, side);
        let board = sfen::write_board((0..r.ranks as usize).map(|row| {
            (0..r.files as usize).map(move |f| {
                self.piece_at(self.square(f, row))
                    .map(|(k, side)| text(k, side))
            })
        }));
        let third = if r.drops {
            sfen::write_hands(Color::ALL.into_iter().flat_map(|side| {
                (0..r.kinds.len()).map(move |k| {
                    (
                        u32::from(self.hands[side.index()][k]),
                        text(k as KindIx, side),
                    )
                })
            }))
        } else if self.lion_capture != NO_SQUARE {
            self.square_name(self.lion_capture)
        } else {
            "-".to_string()
        };
        format!(
            "{board} {} {third} {}",
            sfen::side_letter(self.side),
            self.ply
        )
    }

    /// The USI coordinates of a square.
    pub fn coord(&self, sq: u16) -> Coord {
        let (f, r) = self.coords(sq);
        Coord::new(self.rules.files as usize - f, r + 1)
    }

    /// The square at USI coordinates `c`, if it is on the board.
    pub fn square_at(&self, c: Coord) -> Option<u16> {
        let (files, ranks) = (self.rules.files as usize, self.rules.ranks as usize);
        c.on_board(files, ranks)
            .then(|| self.square(files - c.file, c.rank - 1))
    }

    /// A square's name: file number from the right, rank letter from the top (`12a`).
    pub fn square_name(&self, sq: u16) -> String {
        self.coord(sq).usi()
    }

    /// Parses a square name.
    pub fn parse_square(&self, text: &str) -> Option<u16> {
        self.square_at(Coord::parse_usi(text)?)
    }

    /// A move in USI: `7g7f`, `7g7f+`, `P*5e` (`+P*4d`: micro shogi's promoted side; `2d2c-`:
    /// its promoted piece turning back), and a double move as three squares, `6f5e6d`.
    pub fn move_text(&self, m: VMove) -> String {
        let text = if m.drop > 0 {
            let kind = &self.rules.kinds[m.drop as usize - 1];
            let name = kind.sfen.to_ascii_uppercase();
            MoveText::Drop {
                promoted: name.starts_with('+'),
                letter: name.chars().find(char::is_ascii_alphabetic).unwrap_or('?'),
                to: self.coord(m.to),
            }
        } else {
            let squares = [m.from, m.mid, m.mid2, m.to]
                .into_iter()
                .filter(|&sq| sq != NO_SQUARE)
                .map(|sq| self.coord(sq))
                .collect();
            // Micro shogi: a promoted piece that captures turns back, written `-` as
            // fairy-stockfish writes it.
            let back = self
                .piece_at(m.from)
                .is_some_and(|(k, _)| self.rules.kinds[k as usize].promoted);
            let suffix = match (m.promote, back) {
                (false, _) => Suffix::None,
                (true, false) => Suffix::Promote,
                (true, true) => Suffix::Demote,
            };
            MoveText::Board { squares, suffix }
        };
        text.to_string()
    }

    /// The legal move written `text`, or why there is none.
    pub fn parse_move(&mut self, text: &str) -> Result<VMove, VariantError> {
        let legal = self.legal_moves();
        if let Some(m) = legal.iter().find(|&&m| self.move_text(m) == text) {
            return Ok(*m);
        }
        // Say what is wrong.
        let parsed = MoveText::parse(text)?;
        if let Some(off) = parsed
            .squares()
            .into_iter()
            .find(|&c| self.square_at(c).is_none())
        {
            return Err(VariantError::NoSquare {
                game: self.rules.name,
                square: off.usi(),
            });
        }
        Err(VariantError::IllegalMove(text.to_string()))
    }

    /// `m` in XBoard's notation: its legs joined by commas (`e6f7,f7e6`), `@@@@` for a pass, a
    /// drop `P@e5`; a double move that takes nothing on its way is the one leg of a jump, as
    /// HaChu and WinBoard write it. None for a drop promoted side up (micro shogi's), which
    /// XBoard cannot say.
    pub fn xboard_text(&self, m: VMove) -> Option<String> {
        if self.is_pass(m) {
            return Some(xboard::PASS.to_string());
        }
        let (files, ranks) = (self.rules.files as usize, self.rules.ranks as usize);
        let usi = if self.crosses_empty(m) {
            MoveText::Board {
                squares: vec![self.coord(m.from), self.coord(m.to)],
                suffix: if m.promote {
                    Suffix::Promote
                } else {
                    Suffix::None
                },
            }
            .to_string()
        } else {
            self.move_text(m)
        };
        xboard::to_xboard(&usi, files, ranks).map(|legs| legs.join(","))
    }

    /// The legal move written `text` in XBoard's notation (`@@@@`: a pass), or why there is
    /// none.
    pub fn parse_xboard_move(&mut self, text: &str) -> Result<VMove, VariantError> {
        if text == xboard::PASS {
            return self.pass_move().ok_or(VariantError::NoPass);
        }
        let (files, ranks) = (self.rules.files as usize, self.rules.ranks as usize);
        let usi = xboard::from_xboard(text, files, ranks)
            .ok_or_else(|| VariantError::Unreadable(text.to_string()))?;
        self.parse_move(&usi)
    }

    /// A board diagram with the hands, for `d`.
    pub fn diagram(&self) -> String {
        let r = self.rules;
        let w = if r.kinds.iter().any(|k| k.sfen.len() > 2) {
            4
        } else if r.files > 9 || r.kinds.iter().any(|k| k.sfen.len() > 1) {
            3
        } else {
            2
        };
        let mut s = String::new();
        for f in 0..r.files as usize {
            let _ = write!(s, "{:>w$}", r.files as usize - f);
        }
        s.push('\n');
        for row in 0..r.ranks as usize {
            for f in 0..r.files as usize {
                let text = match self.piece_at(self.square(f, row)) {
                    None => " .".to_owned(),
                    Some((k, side)) => {
                        let name = r.kinds[k as usize].sfen;
                        if side == Color::Black {
                            name.to_ascii_uppercase()
                        } else {
                            name.to_owned()
                        }
                    }
                };
                let _ = write!(s, "{text:>w$}");
            }
            let _ = writeln!(s, "  {}", rank_name(row + 1).unwrap_or_default());
        }
        if r.drops {
            for side in [Color::White, Color::Black] {
                let mut hand = Vec::new();
                for (k, kind) in r.kinds.iter().enumerate() {
                    let n = self.hands[side.index()][k];
                    if n > 0 {
                        hand.push(format!(
                            "{}{}",
                            kind.sfen.to_ascii_uppercase(),
                            if n > 1 {
                                format!("x{n}")
                            } else {
                                String::new()
                            }
                        ));
                    }
                }
                let _ = writeln!(
                    s,
                    "{} in hand: {}",
                    if side == Color::Black {
                        "Black"
                    } else {
                        "White"
                    },
                    if hand.is_empty() {
                        "-".to_owned()
                    } else {
                        hand.join(" ")
                    }
                );
            }
        }
        let _ = write!(
            s,
            "{} to move; sfen {}",
            if self.side == Color::Black {
                "Black"
            } else {
                "White"
            },
            self.to_sfen()
        );
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_moves_are_errors_not_panics() {
        let mut pos = VPosition::start(VariantId::Chu);
        for text in [
            "", "+", "7", "7g", "7é7f", "12a12é", "1a2b3c4d", "99a99b", "P*5e", "*", "9i9h+-",
        ] {
            assert!(pos.parse_move(text).is_err(), "{text}");
        }
        assert!(VPosition::from_sfen(VariantId::Chu, "é b - 1").is_err());
        let huge = "99999999999999999999999/12/12/12/12/12/12/12/12/12/12/12 b - 1";
        assert!(VPosition::from_sfen(VariantId::Chu, huge).is_err());
        assert!(
            VPosition::from_sfen(VariantId::Mini, "4k/5/5/5/K4 b 99999999999999999999999P 1")
                .is_err()
        );
    }

    #[test]
    fn start_positions_round_trip() {
        for v in VariantId::ALL {
            let pos = VPosition::start(v);
            assert_eq!(
                pos.to_sfen(),
                v.rules()
                    .start
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
    }
}
