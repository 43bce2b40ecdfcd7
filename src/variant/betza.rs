//! Betza's notation for piece moves, the part of it that ordinary pieces need.
//!
//! A piece is a concatenation of moves; a move is modifiers, an atom and an optional range.
//! Atoms: `W` (1,0), `F` (1,1), `D` (2,0), `N` (2,1), `A` (2,2), `H` (3,0), `C` (3,1),
//! `Z` (3,2), `G` (3,3), with all their symmetric images, and the shortcuts `K` = `WF`,
//! `R` = `WW`, `B` = `FF`, `Q` = `RB`. A leaper atom jumps; a range makes it a rider: `W4`
//! slides up to 4 squares, `W0` or a doubled letter (`WW`) without limit, `R2` = `W2`.
//! Directions, from the mover's point of view: `f` forward, `b` backward, `l` left, `r` right,
//! `v` = `fb`, `s` = `lr`. On orthogonal atoms each letter is one direction and letters add up;
//! on diagonal atoms a single letter is a half (`fF` = both forward diagonals) and a pair such as
//! `fl` (or `lf`) one diagonal; on oblique atoms `ff` is the narrow and `fs` the wide forward pair (`ffN`
//! is the shogi knight), a single letter a half. Modes: `m` move only, `c` capture only, `n`
//! lame (a leap blocked by a piece on the way), `j` on a rider: its first square is jumped,
//! whatever stands there (XBetza; the heavenly tetrarchs' `jB`), and `jj`, `jjj` its first
//! two or three (taikyoku shogi's leaps that go on as slides: `jjR` leaps to the third square,
//! whatever stands on the two before, and slides on from there); `x` on a rider: it passes over
//! a piece of either side in its way (landing only where no piece of its own stands), `xxx`
//! up to three (taikyoku shogi's "triple-slashed arrow"), and is stopped by the next. The
//! multi-leg moves of XBetza (`a`) belong to the named special moves of `catalogue::Special`,
//! not to this parser.

/// What a ray may end on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// An empty square or an enemy.
    Both,
    /// An empty square only.
    Move,
    /// An enemy only.
    Capture,
}

/// One direction of a piece's move: `(dx, dy)` with `dy > 0` forward for the mover and
/// `dx > 0` to its right; `range` steps of it (0: unlimited); a `leap` is not blocked on the
/// way (a single step of a leaper atom), a `lame` leap is blocked by a piece on its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ray {
    /// File step, positive to the mover's right.
    pub dx: i8,
    /// Rank step, positive forward.
    pub dy: i8,
    /// Steps at most (0: unlimited).
    pub range: u8,
    /// Jumps to its square without passing through the squares between.
    pub leap: bool,
    /// A leap that a piece on the squares between blocks.
    pub lame: bool,
    /// A rider that jumps its first `skip` squares, whatever stands there (the range still
    /// counts from the piece).
    pub skip: u8,
    /// A rider that passes over up to `pass` pieces (of either side) in its way.
    pub pass: u8,
    /// What it may land on.
    pub mode: Mode,
}

impl Ray {
    /// A plain slide without limit (no jump, no pieces passed): the lines a hook mover turns
    /// from and a range capturer flies along.
    pub fn unlimited_slide(&self) -> bool {
        self.range == 0 && !self.leap && self.skip == 0 && self.pass == 0
    }
}

/// A Betza string that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError(pub String);

fn atom_vector(atom: char) -> Option<(i8, i8)> {
    Some(match atom {
        'W' => (1, 0),
        'F' => (1, 1),
        'D' => (2, 0),
        'N' => (2, 1),
        'A' => (2, 2),
        'H' => (3, 0),
        'C' | 'L' => (3, 1),
        'Z' | 'J' => (3, 2),
        'G' => (3, 3),
        _ => return None,
    })
}

/// The eight (or four) images of a vector.
fn images((a, b): (i8, i8)) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let v = (x * sx, y * sy);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// Whether `(dx, dy)` is among the directions `dirs` (the modifier letters) for an atom of
/// shape `(a, b)`.
fn direction_allowed(dirs: &str, (a, b): (i8, i8), (dx, dy): (i8, i8)) -> bool {
    if dirs.is_empty() {
        return true;
    }
    let single = |c: char| match c {
        'f' => dy > 0,
        'b' => dy < 0,
        'l' => dx < 0,
        'r' => dx > 0,
        'v' => dx == 0 || (a == b) || dy.abs() > dx.abs(),
        's' => dy == 0 || (a == b) || dx.abs() > dy.abs(),
        _ => false,
    };
    let chars: Vec<char> = dirs.chars().collect();
    if b == 0 {
        // Orthogonal: every letter a direction of its own.
        return chars.iter().any(|&c| single(c));
    }
    let mut i = 0;
    let mut any = false;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        // On a diagonal atom `lf` is `fl`, one diagonal (tori shogi's quails are written so).
        let side_first = a == b && matches!(c, 'l' | 'r') && matches!(next, Some('f' | 'b'));
        let pair = side_first
            || matches!(c, 'f' | 'b')
                && matches!(next, Some('l' | 'r' | 's' | 'f' | 'b'))
                && !(a == b && matches!(next, Some('f' | 'b' | 's')));
        if pair {
            let n = next.expect("pair");
            let ok = if a == b {
                single(c) && single(n)
            } else {
                match n {
                    'f' | 'b' => single(c) && dy.abs() > dx.abs(),
                    's' => single(c) && dx.abs() > dy.abs(),
                    _ => single(c) && single(n),
                }
            };
            any |= ok;
            i += 2;
        } else {
            any |= single(c);
            i += 1;
        }
    }
    any
}

/// Parses a Betza string into rays. Each direction appears once, with the longest range and
/// the widest mode given it.
pub fn parse(text: &str) -> Result<Vec<Ray>, BetzaError> {
    let err = |m: &str| BetzaError(format!("{text:?}: {m}"));
    let chars: Vec<char> = text.chars().collect();
    let mut rays: Vec<Ray> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let mut dirs = String::new();
        let (mut only_move, mut only_capture, mut lame) = (false, false, false);
        let (mut skip, mut pass) = (0u8, 0u8);
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            match chars[i] {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' => dirs.push(chars[i]),
                'm' => only_move = true,
                'c' => only_capture = true,
                'n' => lame = true,
                'j' => skip = skip.saturating_add(1),
                'x' => pass = pass.saturating_add(1),
                other => return Err(err(&format!("modifier {other:?} is not supported"))),
            }
            i += 1;
        }
        let Some(&atom) = chars.get(i) else {
            return Err(err("a move ends without an atom"));
        };
        i += 1;
        // Shortcuts expand to their atoms, with a rider range for R, B, Q.
        let (atoms, mut range): (Vec<char>, u8) = match atom {
            'K' => (vec!['W', 'F'], 1),
            'R' => (vec!['W'], 0),
            'B' => (vec!['F'], 0),
            'Q' => (vec!['W', 'F'], 0),
            a if atom_vector(a).is_some() => (vec![a], 1),
            other => return Err(err(&format!("unknown atom {other:?}"))),
        };
        if atom_vector(atom).is_some() && chars.get(i) == Some(&atom) {
            range = 0;
            i += 1;
        }
        let mut digits = String::new();
        while i < chars.len() && chars[i].is_ascii_digit() {
            digits.push(chars[i]);
            i += 1;
        }
        if !digits.is_empty() {
            range = digits.parse().map_err(|_| err("bad range"))?;
        }
        let mode = match (only_move, only_capture) {
            (true, false) => Mode::Move,
            (false, true) => Mode::Capture,
            _ => Mode::Both,
        };
        for a in atoms {
            let shape = atom_vector(a).expect("atom");
            for (dx, dy) in images(shape) {
                if !direction_allowed(&dirs, shape, (dx, dy)) {
                    continue;
                }
                let leap = range == 1 && (dx.abs() > 1 || dy.abs() > 1);
                if skip > 0 && (range == 1 || range != 0 && range <= skip) {
                    return Err(err("j needs a rider longer than its jump"));
                }
                if pass > 0 && range == 1 {
                    return Err(err("x needs a rider"));
                }
                let ray = Ray {
                    dx,
                    dy,
                    range,
                    leap,
                    lame: leap && lame,
                    mode,
                    skip,
                    pass,
                };
                merge(&mut rays, ray);
            }
        }
    }
    Ok(rays)
}

fn merge(rays: &mut Vec<Ray>, ray: Ray) {
    if let Some(old) = rays.iter_mut().find(|r| {
        (r.dx, r.dy, r.leap, r.lame, r.skip, r.pass)
            == (ray.dx, ray.dy, ray.leap, ray.lame, ray.skip, ray.pass)
    }) {
        let longer = |a: u8, b: u8| if a == 0 || b == 0 { 0 } else { a.max(b) };
        if old.mode == ray.mode {
            old.range = longer(old.range, ray.range);
            return;
        }
        if old.range == ray.range {
            old.mode = Mode::Both;
            return;
        }
    }
    rays.push(ray);
}

/// How many squares a piece on (`x`, `y`) reaches on an empty `files` x `ranks` board.
pub fn reach_from(rays: &[Ray], files: i32, ranks: i32, x: i32, y: i32) -> usize {
    let mut n = 0;
    for r in rays {
        let max = if r.range == 0 {
            files.max(ranks)
        } else {
            r.range as i32
        };
        for k in 1..=max {
            let (tx, ty) = (x + r.dx as i32 * k, y + r.dy as i32 * k);
            if tx < 0 || ty < 0 || tx >= files || ty >= ranks {
                break;
            }
            if k > i32::from(r.skip) {
                n += 1;
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every square a piece reaches from the centre of an empty `size` x `size` board.
    fn reach(rays: &[Ray], size: i8) -> Vec<(i8, i8)> {
        let half = size / 2;
        let mut out = Vec::new();
        for r in rays {
            let max = if r.range == 0 { half } else { r.range as i8 };
            for k in 1..=max {
                let (x, y) = (r.dx * k, r.dy * k);
                if x.abs() > half || y.abs() > half {
                    break;
                }
                if k <= r.skip as i8 {
                    continue;
                }
                if !out.contains(&(x, y)) {
                    out.push((x, y));
                }
            }
        }
        out
    }

    fn squares(text: &str) -> Vec<(i8, i8)> {
        let mut v = reach(&parse(text).unwrap(), 9);
        v.sort();
        v
    }

    fn sorted(mut v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
        v.sort();
        v
    }

    #[test]
    fn shogi_pieces() {
        // Gold: the three forward squares, both sides, straight back.
        assert_eq!(
            squares("WfF"),
            sorted(vec![(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1)])
        );
        // Silver: the four diagonals and straight forward.
        assert_eq!(
            squares("FfW"),
            sorted(vec![(1, 1), (-1, 1), (1, -1), (-1, -1), (0, 1)])
        );
        // Knight: the two narrow forward leaps.
        assert_eq!(squares("ffN"), sorted(vec![(1, 2), (-1, 2)]));
        let knight = parse("ffN").unwrap();
        assert!(knight.iter().all(|r| r.leap && r.range == 1));
        // Lance: forward without limit.
        assert_eq!(squares("fR"), (1..=4).map(|k| (0, k)).collect::<Vec<_>>());
        assert_eq!(squares("K").len(), 8);
        assert_eq!(squares("Q").len(), 32);
    }

    #[test]
    fn chu_pieces() {
        // Copper: forward, back, the forward diagonals.
        assert_eq!(
            squares("vWfF"),
            sorted(vec![(0, 1), (0, -1), (1, 1), (-1, 1)])
        );
        // Side mover: one step forward or back, sideways without limit.
        assert_eq!(squares("vWsR").len(), 2 + 8);
        // Kirin: diagonal steps and orthogonal two-square leaps.
        assert_eq!(squares("FD").len(), 8);
        // Phoenix: orthogonal steps and diagonal two-square leaps.
        assert_eq!(squares("WA").len(), 8);
        // Drunk elephant: everything but straight back.
        let e = squares("FfsW");
        assert_eq!(e.len(), 7);
        assert!(!e.contains(&(0, -1)));
        // White horse: forward and back without limit, forward diagonals without limit.
        assert_eq!(squares("vRfB").len(), 8 + 8);
        // Ferocious leopard: all but sideways.
        let f = squares("FvW");
        assert_eq!(f.len(), 6);
        assert!(!f.contains(&(1, 0)));
    }

    #[test]
    fn ranges_and_modes() {
        assert_eq!(squares("R2").len(), 8);
        assert_eq!(squares("W2").len(), 8);
        assert_eq!(squares("fWW"), squares("fR"));
        let pawn = parse("mfWcfF").unwrap();
        assert_eq!(pawn.len(), 3);
        assert!(pawn
            .iter()
            .any(|r| r.dy == 1 && r.dx == 0 && r.mode == Mode::Move));
        assert!(pawn.iter().filter(|r| r.mode == Mode::Capture).count() == 2);
        // Moving and capturing the same way merge.
        assert!(parse("mWcW").unwrap().iter().all(|r| r.mode == Mode::Both));
        assert!(parse("nD").unwrap().iter().all(|r| r.lame));
        assert!(parse("fsN")
            .unwrap()
            .iter()
            .all(|r| r.dy == 1 && r.dx.abs() == 2));
        assert_eq!(parse("fN").unwrap().len(), 4);
        assert_eq!(parse("flF").unwrap().len(), 1);
        // A side letter first names one diagonal as well: tori shogi's left quail.
        assert_eq!(squares("lbF"), vec![(-1, -1)]);
        assert_eq!(squares("rbB"), squares("brB"));
        assert_eq!(squares("rbB").len(), 4);
        assert!(squares("rbB").iter().all(|&(x, y)| x > 0 && y < 0));
        // Orthogonal atoms still add letters up: right and back.
        assert_eq!(squares("rbW"), sorted(vec![(1, 0), (0, -1)]));
        // The heavenly tetrarchs' slides skip their first square; sideways they end on the
        // second or third.
        let t = squares("jBjvRjsR3");
        assert_eq!(t.len(), 3 * 4 + 3 * 2 + 2 * 2);
        assert!(!t.contains(&(1, 1)) && t.contains(&(2, 2)) && t.contains(&(3, 0)));
        assert!(!t.contains(&(4, 0)) && !t.contains(&(0, 1)));
        // Taikyoku: a leap to the third square that slides on; slides that pass three pieces.
        let h = parse("fjjR").unwrap();
        assert_eq!((h.len(), h[0].skip, h[0].range), (1, 2, 0));
        assert_eq!(squares("fjjR"), vec![(0, 3), (0, 4)]);
        assert_eq!(squares("fjjR3"), vec![(0, 3)]);
        let a = parse("vxxxR").unwrap();
        assert!(a.iter().all(|r| r.pass == 3 && r.skip == 0 && r.range == 0));
        // A pass-over slide and a plain one the same way stay two rays.
        assert_eq!(parse("fRfxxxR").unwrap().len(), 2);
    }

    #[test]
    fn bad_strings_are_errors() {
        assert!(parse("Y").is_err());
        assert!(parse("fx").is_err());
        assert!(parse("f").is_err());
        assert!(parse("xK").is_err());
        assert!(parse("jW").is_err());
        assert!(parse("jjR2").is_err());
        assert!(parse("xN").is_err());
    }
}
