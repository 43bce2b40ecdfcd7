//! Move diagrams of catalogue pieces, drawn like the neighbourhood grids of the catalogue
//! literature: the piece in the centre facing up, `o` a square it steps or leaps to, a line
//! (`|`, `-`, `\`, `/`) a direction it slides on without limit, a digit a limited slide,
//! `x` a leap past the squares between, `!` its special move's squares.

use super::betza::{self, Mode};
use super::catalogue::{PieceDef, Special};

/// The diagram of a piece, `size` squares across (odd).
pub fn diagram(piece: &PieceDef, size: i8) -> String {
    let half = size / 2;
    let rays = betza::parse(piece.betza).expect("catalogue Betza parses");
    let mut grid = vec![vec!['.'; size as usize]; size as usize];
    let mut put = |x: i8, y: i8, c: char| {
        if x.abs() <= half && y.abs() <= half {
            let cell = &mut grid[(half - y) as usize][(x + half) as usize];
            if *cell == '.' || c != 'o' {
                *cell = c;
            }
        }
    };
    for r in &rays {
        let mark = match r.mode {
            Mode::Move => 'm',
            Mode::Capture => 'c',
            Mode::Both => 'o',
        };
        if r.leap {
            put(
                r.dx,
                r.dy,
                if r.dx.abs() > 1 || r.dy.abs() > 1 {
                    'x'
                } else {
                    mark
                },
            );
            continue;
        }
        if r.range == 1 {
            put(r.dx, r.dy, mark);
            continue;
        }
        let line = match (r.dx.signum(), r.dy.signum()) {
            (0, _) => '|',
            (_, 0) => '-',
            (a, b) if a == b => '/',
            _ => '\\',
        };
        let limit = if r.range == 0 {
            half
        } else {
            (r.range as i8).min(half)
        };
        for k in 1..=limit {
            let c = if r.range != 0 && k == limit {
                char::from_digit(r.range as u32, 10).unwrap_or('o')
            } else {
                line
            };
            put(r.dx * k, r.dy * k, c);
        }
    }
    if piece.special != Special::None {
        for &(dx, dy) in piece.special.first_steps() {
            put(dx, dy, '!');
            if piece.special != Special::Lion {
                put(2 * dx, 2 * dy, '!');
            }
        }
    }
    grid[half as usize][half as usize] = '^';
    let mut out = String::new();
    for row in grid {
        out.extend(row.iter().flat_map(|&c| [c, ' ']));
        out.pop();
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::catalogue::find;

    #[test]
    fn gold_and_knight() {
        assert_eq!(diagram(find("G").unwrap(), 3), "o o o\no ^ o\n. o .\n");
        assert_eq!(
            diagram(find("N").unwrap(), 5),
            ". x . x .\n. . . . .\n. . ^ . .\n. . . . .\n. . . . .\n"
        );
        assert_eq!(
            diagram(find("L").unwrap(), 5).lines().next(),
            Some(". . | . .")
        );
    }
}
