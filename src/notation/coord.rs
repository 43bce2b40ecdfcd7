//! Square names for boards of any size.
//!
//! USI names a square by its file, counted from the right as Black sees the board (`1` to the
//! board's width, several digits on the large boards), and its rank, a letter from the top (`a`
//! is White's back rank): `7g`, `12a`. XBoard (and HaChu) names it by a file letter from the
//! left and a rank number from the bottom: chu's `7g` is `f6`.

/// A square by its USI file (1 = the rightmost) and rank (1 = the top rank, `a`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coord {
    /// File, from 1 on the right.
    pub file: usize,
    /// Rank, from 1 at the top.
    pub rank: usize,
}

/// The most ranks that rank names reach: `a` to `z`, then the letters doubled, `aa`, `bb` to
/// `zz` (taikyoku shogi's 36 ranks end at `jj`, as Games::Shogi and the taikyoku site name
/// them).
pub const MAX_RANKS: usize = 52;

/// The name of rank `rank` (1 is `a`, 27 is `aa`, 28 `bb`), if it has one.
pub fn rank_name(rank: usize) -> Option<String> {
    let letter = |n: usize| char::from(b'a' + n as u8);
    match rank {
        1..=26 => Some(letter(rank - 1).to_string()),
        27..=MAX_RANKS => Some(letter(rank - 27).to_string().repeat(2)),
        _ => None,
    }
}

impl Coord {
    /// The square at USI `file` and `rank`.
    pub const fn new(file: usize, rank: usize) -> Coord {
        Coord { file, rank }
    }

    /// Whether the square lies on a board `files` wide and `ranks` high.
    pub fn on_board(self, files: usize, ranks: usize) -> bool {
        (1..=files).contains(&self.file) && (1..=ranks).contains(&self.rank)
    }

    /// The USI name: `7g`, `12a`.
    pub fn usi(self) -> String {
        let mut s = self.file.to_string();
        s.push_str(rank_name(self.rank).as_deref().unwrap_or("?"));
        s
    }

    /// The square named `text` in USI, exactly one square.
    pub fn parse_usi(text: &str) -> Option<Coord> {
        match Coord::split_usi(text)?.as_slice() {
            &[one] => Some(one),
            _ => None,
        }
    }

    /// The squares of `text`, USI names run together (`8g7f8g`, `12a11b`, `36jj35ii`); None if
    /// any part is not a square name, or there is none.
    pub fn split_usi(text: &str) -> Option<Vec<Coord>> {
        if text.is_empty() {
            return None;
        }
        let mut out = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 || digits > 2 {
                return None;
            }
            let file: usize = rest[..digits].parse().ok()?;
            let letters = rest[digits..]
                .bytes()
                .take_while(u8::is_ascii_lowercase)
                .count();
            let rank = match rest.as_bytes()[digits..digits + letters] {
                [l] => (l - b'a') as usize + 1,
                [l, m] if l == m => (l - b'a') as usize + 27,
                _ => return None,
            };
            if file == 0 {
                return None;
            }
            out.push(Coord::new(file, rank));
            rest = &rest[digits + letters..];
        }
        Some(out)
    }

    /// The XBoard name on a board `files` wide and `ranks` high: a file letter from the left,
    /// a rank number from the bottom (`a1` is the bottom left corner).
    pub fn xboard(self, files: usize, ranks: usize) -> String {
        format!(
            "{}{}",
            (b'a' + (files - self.file) as u8) as char,
            ranks + 1 - self.rank
        )
    }

    /// The square named `text` in XBoard's notation on a board `files` wide and `ranks` high.
    pub fn parse_xboard(text: &str, files: usize, ranks: usize) -> Option<Coord> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        let number = chars.as_str();
        if !letter.is_ascii_lowercase()
            || number.is_empty()
            || number.len() > 2
            || !number.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let column = (letter as u8 - b'a') as usize;
        let row: usize = number.parse().ok()?;
        if column >= files || row == 0 || row > ranks {
            return None;
        }
        Some(Coord::new(files - column, ranks + 1 - row))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_names() {
        assert_eq!(Coord::new(7, 7).usi(), "7g");
        assert_eq!(Coord::new(12, 1).usi(), "12a");
        assert_eq!(Coord::parse_usi("7g"), Some(Coord::new(7, 7)));
        assert_eq!(Coord::parse_usi("12a"), Some(Coord::new(12, 1)));
        assert_eq!(
            Coord::split_usi("8g7f8g"),
            Some(vec![Coord::new(8, 7), Coord::new(7, 6), Coord::new(8, 7)])
        );
        assert_eq!(
            Coord::split_usi("12a11b"),
            Some(vec![Coord::new(12, 1), Coord::new(11, 2)])
        );
        // Beyond `z`, the letter doubled: taikyoku shogi's 36 ranks end at `jj`.
        assert_eq!(Coord::new(36, 27).usi(), "36aa");
        assert_eq!(Coord::new(1, 36).usi(), "1jj");
        assert_eq!(
            Coord::split_usi("36jj35aa1z"),
            Some(vec![
                Coord::new(36, 36),
                Coord::new(35, 27),
                Coord::new(1, 26)
            ])
        );
        assert_eq!(Coord::split_usi("1ab"), None);
        assert_eq!(Coord::split_usi("1aaa"), None);
        for bad in ["", "7", "g7", "0a", "7G", "123a", "7é", "7g7"] {
            assert_eq!(Coord::parse_usi(bad), None, "{bad}");
        }
        assert!(Coord::new(9, 9).on_board(9, 9));
        assert!(!Coord::new(10, 9).on_board(9, 9));
        assert_eq!(rank_name(26).as_deref(), Some("z"));
        assert_eq!(rank_name(27).as_deref(), Some("aa"));
        assert_eq!(rank_name(52).as_deref(), Some("zz"));
        assert_eq!(rank_name(53), None);
    }

    #[test]
    fn xboard_names() {
        // Chu (12x12): USI 5i is XBoard h4; dai dai's corners.
        assert_eq!(Coord::new(5, 9).xboard(12, 12), "h4");
        assert_eq!(Coord::parse_xboard("h4", 12, 12), Some(Coord::new(5, 9)));
        assert_eq!(Coord::new(17, 17).xboard(17, 17), "a1");
        assert_eq!(Coord::new(1, 1).xboard(17, 17), "q17");
        for bad in ["", "h", "h0", "h13", "m1", "H4", "h4x"] {
            assert_eq!(Coord::parse_xboard(bad, 12, 12), None, "{bad}");
        }
    }
}
