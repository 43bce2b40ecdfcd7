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
            if k <= r.skip as i8 {
                continue;
            }
            let c = if r.range != 0 && k == limit {
                char::from_digit(r.range as u32, 10).unwrap_or('o')
            } else {
                line
            };
            put(r.dx * k, r.dy * k, c);
        }
    }
    match piece.special {
        Special::None | Special::Jumping(_) | Special::RangeCapture(_) => {}
        // The area move: every square within three king steps.
        Special::FireDemon | Special::ViceGeneral => {
            for row in grid.iter_mut() {
                for cell in row.iter_mut() {
                    if *cell == '.' {
                        *cell = '!';
                    }
                }
            }
            let edge = (half - 3).max(0) as usize;
            for (y, row) in grid.iter_mut().enumerate() {
                for (x, cell) in row.iter_mut().enumerate() {
                    let outside = |i: usize| i < edge || i >= size as usize - edge;
                    if *cell == '!' && (outside(x) || outside(y)) {
                        *cell = '.';
                    }
                }
            }
        }
        // The emperor: every square of the board.
        Special::Emperor => {
            for row in grid.iter_mut() {
                for cell in row.iter_mut() {
                    *cell = '!';
                }
            }
        }
        // Igui on the adjacent squares (the lion's first steps).
        Special::Tetrarchs | Special::IguiOrPass => {
            for &(dx, dy) in Special::Lion.first_steps() {
                put(dx, dy, '!');
            }
        }
        special => {
            for &(dx, dy) in special.first_steps() {
                put(dx, dy, '!');
                if !matches!(special, Special::Lion | Special::LionHawk) {
                    put(2 * dx, 2 * dy, '!');
                }
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
    fn tenjiku_specials() {
        // The fire demon's area move fills the 7x7 square around it; its slides go on.
        let demon = diagram(find("FID").unwrap(), 9);
        let rows: Vec<&str> = demon.lines().collect();
        assert_eq!(rows[0], "\\ . . . . . . . /");
        assert_eq!(rows[1], ". \\ ! ! ! ! ! / .");
        assert_eq!(rows[4], "- - - - ^ - - - -");
        // The tetrarchs: igui next to them, slides from the second square, sideways to the
        // third.
        let t = diagram(find("HT").unwrap(), 9);
        let rows: Vec<&str> = t.lines().collect();
        assert_eq!(rows[3], ". . . ! ! ! . . .");
        assert_eq!(rows[4], ". 3 - ! ^ ! - 3 .");
        assert_eq!(rows[2], ". . \\ . | . / . .");
    }

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
