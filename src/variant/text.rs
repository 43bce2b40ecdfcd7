//! A variant's position as text: SFEN in and out (letters dressed with `'` and `!` where a game
//! has more kinds than letters), square names, move text in USI, and the board diagram of `d`.

use super::position::{cell_of, kind_of, VMove, VPosition, VariantError, HAND_MAX, NO_SQUARE};
use super::rules::VariantId;
use crate::color::Color;
use std::fmt::Write;

impl VPosition {
    // SFEN

    /// Parses `<board> <side> <hand or lion square> [<move number>]`.
    pub fn from_sfen(id: VariantId, sfen: &str) -> Result<VPosition, VariantError> {
        let err = |m: String| Err(VariantError(m));
        let mut pos = VPosition::empty(id);
        let rules = pos.rules;
        let fields: Vec<&str> = sfen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 4 {
            return err(format!(
                "a {} SFEN has 3 or 4 fields: board, side, {}, move number",
                rules.name,
                if rules.drops {
                    "hands"
                } else {
                    "lion-capture square"
                }
            ));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != rules.ranks as usize {
            return err(format!(
                "{} ranks where {} has {}",
                rows.len(),
                rules.name,
                rules.ranks
            ));
        }
        for (r, row) in rows.iter().enumerate() {
            let mut f = 0usize;
            let chars: Vec<char> = row.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                if chars[i].is_ascii_digit() {
                    let mut n = 0usize;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        n = n
                            .saturating_mul(10)
                            .saturating_add(chars[i].to_digit(10).expect("digit") as usize);
                        i += 1;
                    }
                    if n == 0 {
                        return err(format!("rank {}: an empty count of 0", r + 1));
                    }
                    f = f.saturating_add(n);
                    continue;
                }
                let plus = chars[i] == '+';
                if plus {
                    i += 1;
                }
                let Some(&c) = chars.get(i) else {
                    return err(format!("rank {}: '+' without a piece", r + 1));
                };
                i += 1;
                // A dressed letter (`c'`, `l!`): the variants with more kinds than letters.
                let dress = match chars.get(i) {
                    Some(&d @ ('\'' | '!')) => {
                        i += 1;
                        Some(d)
                    }
                    _ => None,
                };
                let mut name = format!("{}{}", if plus { "+" } else { "" }, c.to_ascii_lowercase());
                name.extend(dress);
                let Some(kind) = rules.kind_index(&name) else {
                    return err(format!("{} has no piece {name:?}", rules.name));
                };
                if f >= rules.files as usize {
                    return err(format!(
                        "rank {} has more than the {} squares of {}",
                        r + 1,
                        rules.files,
                        rules.name
                    ));
                }
                let side = Color::of_letter(c);
                let sq = pos.square(f, r);
                pos.put(sq, cell_of(kind, side));
                f += 1;
            }
            if f != rules.files as usize {
                return err(format!(
                    "rank {} has {f} squares where {} has {}",
                    r + 1,
                    rules.name,
                    rules.files
                ));
            }
        }
        pos.side = match fields[1] {
            "b" => Color::Black,
            "w" => Color::White,
            s => return err(format!("side to move {s:?}: 'b' or 'w'")),
        };
        if pos.side == Color::White {
            pos.key ^= pos.zobrist.side;
        }
        if let Some(&third) = fields.get(2) {
            if rules.drops {
                pos.parse_hands(third)?;
            } else if third != "-" {
                let Some(sq) = pos.parse_square(third) else {
                    return err(format!("lion-capture square {third:?}"));
                };
                pos.set_lion_capture(sq);
            }
        }
        if let Some(&n) = fields.get(3) {
            pos.ply = n
                .parse()
                .ok()
                .filter(|&n| (1..u32::MAX / 2).contains(&n))
                .ok_or_else(|| VariantError(format!("move number {n:?}")))?;
        }
        pos.validate()?;
        Ok(pos)
    }

    pub(super) fn parse_hands(&mut self, text: &str) -> Result<(), VariantError> {
        if text == "-" {
            return Ok(());
        }
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let mut n = 0usize;
            let mut digits = false;
            while i < chars.len() && chars[i].is_ascii_digit() {
                n = n
                    .saturating_mul(10)
                    .saturating_add(chars[i].to_digit(10).expect("digit") as usize);
                i += 1;
                digits = true;
            }
            let Some(&c) = chars.get(i) else {
                return Err(VariantError(format!(
                    "hands {text:?}: a count without a piece"
                )));
            };
            i += 1;
            let n = if digits { n } else { 1 };
            let kind = self
                .rules
                .kind_index(&c.to_ascii_lowercase().to_string())
                .filter(|&k| !self.rules.kinds[k as usize].royal)
                .ok_or_else(|| VariantError(format!("hands: {c:?} is not a piece in hand")))?;
            if n == 0 || n > HAND_MAX {
                return Err(VariantError(format!("hands: {n} of {c}")));
            }
            let side = Color::of_letter(c);
            for _ in 0..n {
                self.hand_add(side, kind, 1);
            }
        }
        Ok(())
    }

    pub(super) fn validate(&self) -> Result<(), VariantError> {
        let r = self.rules;
        for side in Color::ALL {
            let kings = self.pieces[side.index()]
                .iter()
                .filter(|&&sq| {
                    r.kinds[kind_of(self.cells[sq as usize]) as usize]
                        .piece
                        .code
                        == "K"
                })
                .count();
            if r.check_rule && kings != 1 {
                return Err(VariantError(format!(
                    "{} has {kings} kings; {} needs one each",
                    if side == Color::Black {
                        "Black"
                    } else {
                        "White"
                    },
                    r.name
                )));
            }
            // Without the check rule a side may have lost its royals: the game is over.
            if !r.check_rule && kings > 1 {
                return Err(VariantError(format!(
                    "{} has {kings} kings; {} allows one",
                    if side == Color::Black {
                        "Black"
                    } else {
                        "White"
                    },
                    r.name
                )));
            }
        }
        if r.shogi_drop_rules {
            for side in Color::ALL {
                let mut pawn_files = Vec::new();
                for &sq in &self.pieces[side.index()] {
                    let k = &r.kinds[kind_of(self.cells[sq as usize]) as usize];
                    if self.depth(sq, side) < k.dead_ranks {
                        return Err(VariantError(format!(
                            "a {} that can never move again",
                            k.piece.name.to_lowercase()
                        )));
                    }
                    if k.piece.code == "P" {
                        let f = self.coords(sq).0;
                        if pawn_files.contains(&f) {
                            return Err(VariantError("two pawns on a file".into()));
                        }
                        pawn_files.push(f);
                    }
                }
            }
        }
        if r.check_rule && self.in_check(!self.side) {
            return Err(VariantError("the side not to move is in check".into()));
        }
        Ok(())
    }

    /// The position as SFEN.
    pub fn to_sfen(&self) -> String {
        let r = self.rules;
        let mut s = String::new();
        for row in 0..r.ranks as usize {
            if row > 0 {
                s.push('/');
            }
            let mut empty = 0;
            for f in 0..r.files as usize {
                match self.piece_at(self.square(f, row)) {
                    None => empty += 1,
                    Some((k, side)) => {
                        if empty > 0 {
                            let _ = write!(s, "{empty}");
                            empty = 0;
                        }
                        let name = r.kinds[k as usize].sfen;
                        s.push_str(&if side == Color::Black {
                            name.to_ascii_uppercase()
                        } else {
                            name.to_owned()
                        });
                    }
                }
            }
            if empty > 0 {
                let _ = write!(s, "{empty}");
            }
        }
        s.push_str(if self.side == Color::Black {
            " b "
        } else {
            " w "
        });
        if r.drops {
            let mut hand = String::new();
            for side in Color::ALL {
                for (k, kind) in r.kinds.iter().enumerate() {
                    let n = self.hands[side.index()][k];
                    if n > 0 {
                        if n > 1 {
                            let _ = write!(hand, "{n}");
                        }
                        hand.push_str(&if side == Color::Black {
                            kind.sfen.to_ascii_uppercase()
                        } else {
                            kind.sfen.to_owned()
                        });
                    }
                }
            }
            s.push_str(if hand.is_empty() { "-" } else { &hand });
        } else if self.lion_capture != NO_SQUARE {
            s.push_str(&self.square_name(self.lion_capture));
        } else {
            s.push('-');
        }
        let _ = write!(s, " {}", self.ply);
        s
    }

    /// A square's name: file number from the right, rank letter from the top (`12a`).
    pub fn square_name(&self, sq: u16) -> String {
        let (f, r) = self.coords(sq);
        format!(
            "{}{}",
            self.rules.files as usize - f,
            (b'a' + r as u8) as char
        )
    }

    /// Parses a square name.
    pub fn parse_square(&self, text: &str) -> Option<u16> {
        let digits: String = text.chars().take_while(|c| c.is_ascii_digit()).collect();
        let rest = &text[digits.len()..];
        let file: usize = digits.parse().ok()?;
        let mut rank_chars = rest.chars();
        let rank = rank_chars.next()?;
        if rank_chars.next().is_some() || !rank.is_ascii_lowercase() {
            return None;
        }
        let r = (rank as u8 - b'a') as usize;
        let files = self.rules.files as usize;
        if file == 0 || file > files || r >= self.rules.ranks as usize {
            return None;
        }
        Some(self.square(files - file, r))
    }

    /// A move in USI: `7g7f`, `7g7f+`, `P*5e` (`+P*4d`: micro shogi's promoted side; `2d2c-`:
    /// its promoted piece turning back), and a double move as three squares, `6f5e6d`.
    pub fn move_text(&self, m: VMove) -> String {
        if m.drop > 0 {
            let kind = &self.rules.kinds[m.drop as usize - 1];
            return format!(
                "{}*{}",
                kind.sfen.to_ascii_uppercase(),
                self.square_name(m.to)
            );
        }
        let mut s = self.square_name(m.from);
        for mid in [m.mid, m.mid2] {
            if mid != NO_SQUARE {
                s.push_str(&self.square_name(mid));
            }
        }
        s.push_str(&self.square_name(m.to));
        if m.promote {
            // Micro shogi: a promoted piece that captures turns back, written `-` as
            // fairy-stockfish writes it.
            let back = self
                .piece_at(m.from)
                .is_some_and(|(k, _)| self.rules.kinds[k as usize].promoted);
            s.push(if back { '-' } else { '+' });
        }
        s
    }

    /// The legal move written `text`, or why there is none.
    pub fn parse_move(&mut self, text: &str) -> Result<VMove, VariantError> {
        let err = |m: String| Err(VariantError(m));
        let legal = self.legal_moves();
        if let Some(m) = legal.iter().find(|&&m| self.move_text(m) == text) {
            return Ok(*m);
        }
        // Say what is wrong.
        if let Some((piece, to)) = text.split_once('*') {
            if self.parse_square(to).is_none() {
                return err(format!(
                    "{text}: no square {to:?} on the {} board",
                    self.rules.name
                ));
            }
            return err(format!("{text}: not a legal drop of {piece} here"));
        }
        let body = text.strip_suffix(['+', '-']).unwrap_or(text);
        let mut squares = Vec::new();
        let mut rest = body;
        while !rest.is_empty() {
            let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
            if digits == 0 || rest.len() < digits + 1 || !rest.is_char_boundary(digits + 1) {
                return err(format!(
                    "{text}: not a move in {} notation",
                    self.rules.name
                ));
            }
            let (name, tail) = rest.split_at(digits + 1);
            match self.parse_square(name) {
                Some(sq) => squares.push(sq),
                None => {
                    return err(format!(
                        "{text}: no square {name:?} on the {} board",
                        self.rules.name
                    ))
                }
            }
            rest = tail;
        }
        match squares.len() {
            2..=4 => err(format!("{text}: not a legal move in this position")),
            _ => err(format!(
                "{text}: a move is two squares, three for a double move, four for a lion dog's \
                 triple move"
            )),
        }
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
            let _ = writeln!(s, "  {}", (b'a' + row as u8) as char);
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
