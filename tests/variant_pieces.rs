//! Every piece of dai, dai dai, maka dai dai, tai, tenjiku, tori, wa and heian dai shogi against
//! a move diagram drawn by hand from the rule sources (the Wikipedia article on dai dai shogi for
//! its pieces, the dai shogi and chu shogi rules for theirs, the tori shogi rules of
//! docs/variants.md for the birds, the wa shogi article for the animals, the heian dai articles
//! for its generals, the maka dai dai and tai rules of docs/variants.md), not from the
//! catalogue's Betza: the piece alone in the centre of the empty board (the two kings in
//! corners off its lines), Black to move.
//!
//! A diagram is the 7x7 neighbourhood, forward up, the mover's left on the left: `o` a square
//! the piece moves to, `^` the piece. `total` is every square it moves to on the whole board,
//! counted by hand (a slide from the centre of 17x17 crosses 8 squares, of 15x15 7).

use hisha::variant::{VPosition, VariantId};

struct Case {
    letters: &'static str,
    name: &'static str,
    total: usize,
    diagram: &'static str,
}

const fn case(
    letters: &'static str,
    name: &'static str,
    total: usize,
    diagram: &'static str,
) -> Case {
    Case {
        letters,
        name,
        total,
        diagram,
    }
}

const DAI_DAI: &[Case] = &[
    case(
        "k",
        "king",
        8,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "a",
        "reverse chariot: forward and backward without limit",
        16,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "b",
        "bishop",
        32,
        "
            o.....o
            .o...o.
            ..o.o..
            ...^...
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "c",
        "copper general: forward, backward, diagonally forward",
        4,
        "
            .......
            .......
            ..ooo..
            ...^...
            ...o...
            .......
            .......
        ",
    ),
    case(
        "d",
        "dragon king: rook or one diagonal step",
        36,
        "
            ...o...
            ...o...
            ..ooo..
            ooo^ooo
            ..ooo..
            ...o...
            ...o...
        ",
    ),
    case(
        "e",
        "evil wolf: sideways, forward, diagonally forward",
        5,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            .......
            .......
            .......
        ",
    ),
    case(
        "f",
        "ferocious leopard: the six squares ahead and behind",
        6,
        "
            .......
            .......
            ..ooo..
            ...^...
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "g",
        "gold general",
        6,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
    case(
        "h",
        "dragon horse: bishop or one orthogonal step",
        36,
        "
            o.....o
            .o...o.
            ..ooo..
            ..o^o..
            ..ooo..
            .o...o.
            o.....o
        ",
    ),
    case(
        "i",
        "iron general: the three squares ahead",
        3,
        "
            .......
            .......
            ..ooo..
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "j",
        "hook mover: rook, then optionally a rook at 90 degrees: every square but the own \
               king's",
        287,
        "
            ooooooo
            ooooooo
            ooooooo
            ooo^ooo
            ooooooo
            ooooooo
            ooooooo
        ",
    ),
    case(
        "l",
        "lance",
        8,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "m",
        "side mover: sideways without limit, one step forward or backward",
        18,
        "
            .......
            .......
            ...o...
            ooo^ooo
            ...o...
            .......
            .......
        ",
    ),
    case(
        "n",
        "lion: anywhere within two squares",
        24,
        "
            .......
            .ooooo.
            .ooooo.
            .oo^oo.
            .ooooo.
            .ooooo.
            .......
        ",
    ),
    case(
        "o",
        "kirin: diagonal step, orthogonal jump to the second square",
        8,
        "
            .......
            ...o...
            ..o.o..
            .o.^.o.
            ..o.o..
            ...o...
            .......
        ",
    ),
    case(
        "p",
        "pawn",
        1,
        "
            .......
            .......
            ...o...
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "q",
        "queen",
        64,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "r",
        "rook",
        32,
        "
            ...o...
            ...o...
            ...o...
            ooo^ooo
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "s",
        "silver general",
        5,
        "
            .......
            .......
            ..ooo..
            ...^...
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "t",
        "savage tiger: one or two forward or backward, one diagonally forward",
        6,
        "
            .......
            ...o...
            ..ooo..
            ...^...
            ...o...
            ...o...
            .......
        ",
    ),
    case(
        "u",
        "stone general: diagonally forward",
        2,
        "
            .......
            .......
            ..o.o..
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "v",
        "vertical mover: forward and backward without limit, one step sideways",
        18,
        "
            ...o...
            ...o...
            ...o...
            ..o^o..
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "w",
        "wood general: one or two along a forward diagonal",
        4,
        "
            .......
            .o...o.
            ..o.o..
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "x",
        "phoenix: orthogonal step, diagonal jump to the second square",
        8,
        "
            .......
            .o...o.
            ...o...
            ..o^o..
            ...o...
            .o...o.
            .......
        ",
    ),
    case(
        "y",
        "long-nosed goblin: bishop, then optionally a bishop at 90 degrees (every square \
               of its colour), or an orthogonal step",
        148,
        "
            o.o.o.o
            .o.o.o.
            o.ooo.o
            .oo^oo.
            o.ooo.o
            .o.o.o.
            o.o.o.o
        ",
    ),
    case(
        "z",
        "lion dog: one, two or three squares along any line, jumping",
        24,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "a'",
        "angry boar: orthogonal step",
        4,
        "
            .......
            .......
            ...o...
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
    case(
        "b'",
        "enchanted badger: one or two forward or sideways",
        6,
        "
            .......
            ...o...
            ...o...
            .oo^oo.
            .......
            .......
            .......
        ",
    ),
    case(
        "c'",
        "cat sword: diagonal step",
        4,
        "
            .......
            .......
            ..o.o..
            ...^...
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "d'",
        "howling dog: forward without limit, one step backward",
        9,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            ...o...
            .......
            .......
        ",
    ),
    case(
        "e'",
        "eastern barbarian: one or two forward or backward, one sideways or diagonally \
                forward",
        8,
        "
            .......
            ...o...
            ..ooo..
            ..o^o..
            ...o...
            ...o...
            .......
        ",
    ),
    case(
        "f'",
        "flying dragon: one or two along a diagonal",
        8,
        "
            .......
            .o...o.
            ..o.o..
            ...^...
            ..o.o..
            .o...o.
            .......
        ",
    ),
    case(
        "g'",
        "prancing stag: one or two sideways, one diagonally or forward",
        9,
        "
            .......
            .......
            ..ooo..
            .oo^oo.
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "h'",
        "flying horse: one or two diagonally forward, one orthogonally",
        8,
        "
            .......
            .o...o.
            ..ooo..
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
    case(
        "i'",
        "left general: any step but directly left",
        7,
        "
            .......
            .......
            ..ooo..
            ...^o..
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "j'",
        "right general: any step but directly right",
        7,
        "
            .......
            .......
            ..ooo..
            ..o^...
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "k'",
        "old kite: one or two orthogonally, one diagonally forward",
        10,
        "
            .......
            ...o...
            ..ooo..
            .oo^oo.
            ...o...
            ...o...
            .......
        ",
    ),
    case(
        "l'",
        "left chariot: forward, forward-left and backward-right without limit, one step \
                back",
        25,
        "
            o..o...
            .o.o...
            ..oo...
            ...^...
            ...oo..
            .....o.
            ......o
        ",
    ),
    case(
        "m'",
        "blind monkey: diagonal step or sideways step",
        6,
        "
            .......
            .......
            ..o.o..
            ..o^o..
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "n'",
        "northern barbarian: one or two diagonally forward, one sideways or diagonally \
                backward",
        8,
        "
            .......
            .o...o.
            ..o.o..
            ..o^o..
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "o'",
        "old rat: one or two diagonally forward or straight back",
        6,
        "
            .......
            .o...o.
            ..o.o..
            ...^...
            ...o...
            ...o...
            .......
        ",
    ),
    case(
        "p'",
        "poisonous snake: jumps two forward or two diagonally backward, steps sideways",
        5,
        "
            .......
            ...o...
            .......
            ..o^o..
            .......
            .o...o.
            .......
        ",
    ),
    case(
        "q'",
        "square mover: rook, or one step diagonally forward",
        34,
        "
            ...o...
            ...o...
            ..ooo..
            ooo^ooo
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "r'",
        "right chariot: forward, forward-right and backward-left without limit, one step \
                back",
        25,
        "
            ...o..o
            ...o.o.
            ...oo..
            ...^...
            ..oo...
            .o.....
            o......
        ",
    ),
    case(
        "s'",
        "southern barbarian: one or two diagonally backward, one sideways or diagonally \
                forward",
        8,
        "
            .......
            .......
            ..o.o..
            ..o^o..
            ..o.o..
            .o...o.
            .......
        ",
    ),
    case(
        "t'",
        "white tiger: forward, backward and forward-left without limit, one or two \
                sideways, one forward-right",
        29,
        "
            o..o...
            .o.o...
            ..ooo..
            .oo^oo.
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "v'",
        "violent bear: one or two diagonally forward, one sideways",
        6,
        "
            .......
            .o...o.
            ..o.o..
            ..o^o..
            .......
            .......
            .......
        ",
    ),
    case(
        "w'",
        "western barbarian: one or two sideways, one forward, backward or diagonally \
                forward",
        8,
        "
            .......
            .......
            ..ooo..
            .oo^oo.
            ...o...
            .......
            .......
        ",
    ),
    case(
        "x'",
        "violent ox: one or two orthogonally",
        8,
        "
            .......
            ...o...
            ...o...
            .oo^oo.
            ...o...
            ...o...
            .......
        ",
    ),
    case(
        "a!",
        "racing chariot: rook, or one step diagonally backward",
        34,
        "
            ...o...
            ...o...
            ...o...
            ooo^ooo
            ..ooo..
            ...o...
            ...o...
        ",
    ),
    case(
        "b!",
        "water buffalo: bishop, sideways without limit, one or two forward or backward",
        52,
        "
            o.....o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o.....o
        ",
    ),
    case(
        "d!",
        "blue dragon: sideways and forward-right without limit, one or two forward or \
                backward, one forward-left",
        29,
        "
            ......o
            ...o.o.
            ..ooo..
            ooo^ooo
            ...o...
            ...o...
            .......
        ",
    ),
    case(
        "e!",
        "enchanted fox: one or two diagonally forward or straight back",
        6,
        "
            .......
            .o...o.
            ..o.o..
            ...^...
            ...o...
            ...o...
            .......
        ",
    ),
    case(
        "f!",
        "fragrant elephant: forward diagonals without limit, one or two otherwise",
        28,
        "
            o.....o
            .o.o.o.
            ..ooo..
            .oo^oo.
            ..ooo..
            .o.o.o.
            .......
        ",
    ),
    case(
        "g!",
        "great dragon: sideways without limit, one to three diagonally, one or two \
                forward or backward",
        32,
        "
            o.....o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o.....o
        ",
    ),
    case(
        "n!",
        "neighbouring king: any step",
        8,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "o!",
        "dove: one to five diagonally, one or two orthogonally",
        28,
        "
            o.....o
            .o.o.o.
            ..ooo..
            .oo^oo.
            ..ooo..
            .o.o.o.
            o.....o
        ",
    ),
    case(
        "q!",
        "standard bearer: the three forward directions without limit, one or two \
                otherwise",
        34,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            .oo^oo.
            ..ooo..
            .o.o.o.
            .......
        ",
    ),
    case(
        "r!",
        "rushing bird: any direction without limit but straight back",
        56,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "s!",
        "she-devil: one to five orthogonally, one or two diagonally",
        28,
        "
            ...o...
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            ...o...
        ",
    ),
    case(
        "t!",
        "free dream-eater: forward, backward and forward diagonals without limit, one to \
                five sideways",
        42,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "u!",
        "free demon: sideways and forward diagonals without limit, one to five forward \
                or backward",
        42,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "w!",
        "white elephant: backward diagonals without limit, one or two otherwise",
        28,
        "
            .......
            .o.o.o.
            ..ooo..
            .oo^oo.
            ..ooo..
            .o.o.o.
            o.....o
        ",
    ),
    case(
        "x!",
        "golden bird: forward and backward without limit, one to three diagonally, one \
                or two sideways",
        32,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            .oo^oo.
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "+n",
        "furious fiend: a lion, or up to three along any line",
        32,
        "
            o..o..o
            .ooooo.
            .ooooo.
            ooo^ooo
            .ooooo.
            .ooooo.
            o..o..o
        ",
    ),
    case(
        "+z",
        "great elephant: one to five sideways or diagonally backward, one to three \
                forward, backward or diagonally forward",
        32,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "+m'",
        "mountain witch: bishop, backward without limit, one step forward",
        41,
        "
            o.....o
            .o...o.
            ..ooo..
            ...^...
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "+o'",
        "wizard stork: bishop, forward without limit, one step backward",
        41,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ...^...
            ..ooo..
            .o...o.
            o.....o
        ",
    ),
];

const DAI: &[Case] = &[
    case(
        "n",
        "knight",
        2,
        "
            .......
            ..o.o..
            .......
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "e",
        "drunk elephant: any step but straight back",
        7,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "t",
        "blind tiger: any step but straight forward",
        7,
        "
            .......
            .......
            ..o.o..
            ..o^o..
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "p'",
        "go-between: one step forward or backward",
        2,
        "
            .......
            .......
            ...o...
            ...^...
            ...o...
            .......
            .......
        ",
    ),
    case(
        "l!",
        "lion: anywhere within two squares",
        24,
        "
            .......
            .ooooo.
            .ooooo.
            .oo^oo.
            .ooooo.
            .ooooo.
            .......
        ",
    ),
    case(
        "u",
        "stone general: diagonally forward",
        2,
        "
            .......
            .......
            ..o.o..
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "x'",
        "violent ox: one or two orthogonally",
        8,
        "
            .......
            ...o...
            ...o...
            .oo^oo.
            ...o...
            ...o...
            .......
        ",
    ),
    case(
        "f'",
        "flying dragon: one or two diagonally",
        8,
        "
            .......
            .o...o.
            ..o.o..
            ...^...
            ..o.o..
            .o...o.
            .......
        ",
    ),
    case(
        "w",
        "evil wolf: sideways, forward, diagonally forward",
        5,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            .......
            .......
            .......
        ",
    ),
    case(
        "q",
        "free king (queen)",
        56,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
];

/// The SFEN board of a grid of SFEN letters (empty strings for empty squares), top rank first.
fn placement(grid: Vec<Vec<String>>) -> String {
    let mut rows = Vec::new();
    for cells in grid {
        let mut row = String::new();
        let mut empty = 0;
        for cell in cells {
            if cell.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push_str(&cell);
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// The squares the piece `letters` (Black) moves to from the centre of `variant`'s empty board,
/// as (dx, dy) offsets, dy forward: each once, the piece's own square (a pass) left out.
fn destinations(variant: VariantId, letters: &str) -> Vec<(i32, i32)> {
    let n = variant.rules().files as usize;
    let c = n / 2;
    // Kings next to two corners, on no line through the centre: Black's (unless the king is
    // the piece) on the second file of the last rank (the third on an even board, whose
    // centre lies on the second's diagonal), White's one from the other edge of the first
    // rank.
    let mut grid = vec![vec![String::new(); n]; n];
    grid[0][n - 2] = "k".into();
    if letters != "k" {
        grid[n - 1][1 + (n + 1) % 2] = "K".into();
    }
    grid[c][c] = letters.to_uppercase();
    let sfen = format!("{} b - 1", placement(grid));
    let mut pos = VPosition::from_sfen(variant, &sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let centre = pos.square(c, c);
    let (cf, cr) = pos.coords(centre);
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        if m.from != centre || m.to == centre {
            continue;
        }
        let (f, r) = pos.coords(m.to);
        let d = (f as i32 - cf as i32, cr as i32 - r as i32);
        if !out.contains(&d) {
            out.push(d);
        }
    }
    out
}

fn check(variant: VariantId, cases: &[Case]) {
    let mut failures = Vec::new();
    for case in cases {
        let got = destinations(variant, case.letters);
        let mut want = Vec::new();
        let rows: Vec<&str> = case.diagram.split_whitespace().collect();
        assert_eq!(rows.len(), 7, "{}: 7 rows", case.letters);
        for (row, line) in rows.iter().enumerate() {
            assert_eq!(line.len(), 7, "{}: a row of 7", case.letters);
            for (col, ch) in line.chars().enumerate() {
                if ch == 'o' {
                    want.push((col as i32 - 3, 3 - row as i32));
                }
            }
        }
        let mut inside: Vec<_> = got
            .iter()
            .copied()
            .filter(|(x, y)| x.abs() <= 3 && y.abs() <= 3)
            .collect();
        inside.sort();
        want.sort();
        if inside != want || got.len() != case.total {
            failures.push(format!(
                "{} ({}): window {:?} where the diagram has {:?}; {} squares where {} are counted",
                case.letters,
                case.name,
                inside,
                want,
                got.len(),
                case.total
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Tenjiku's pieces, from the rules of docs/variants.md (HGM's, as chessvariants.com and
/// hgm.nubati.net give them): on the even board the centre square has 8 squares ahead and to
/// its left and 7 behind and to its right, so a slide crosses 8 (forward, left, forward-left)
/// or 7 squares. On the empty board the jumping generals only slide, the fire demon and the
/// vice general reach the whole 7x7 window by their area move, and the free eagle's extra
/// moves need a piece next to it.
const TENJIKU: &[Case] = &[
    case(
        "d!",
        "fire demon: diagonally and sideways without limit; up to three king steps",
        // 48 in the window; beyond it 5 + 4 + 4 + 4 on the diagonals, 5 + 4 sideways.
        74,
        "
            ooooooo
            ooooooo
            ooooooo
            ooo^ooo
            ooooooo
            ooooooo
            ooooooo
        ",
    ),
    case(
        "q!",
        "great general: a queen's slides (it jumps only to capture)",
        59,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "v!",
        "vice general: a bishop's slides; up to three king steps",
        // 48 in the window, 17 beyond it on the diagonals.
        65,
        "
            ooooooo
            ooooooo
            ooooooo
            ooo^ooo
            ooooooo
            ooooooo
            ooooooo
        ",
    ),
    case(
        "r!",
        "rook general: a rook's slides",
        30,
        "
            ...o...
            ...o...
            ...o...
            ooo^ooo
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "b!",
        "bishop general: a bishop's slides",
        29,
        "
            o.....o
            .o...o.
            ..o.o..
            ...^...
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "h!",
        "lion hawk: the lion's 24 squares, a bishop's slides beyond them",
        // 24, and 6 + 5 + 5 + 5 diagonally beyond the second square.
        45,
        "
            o.....o
            .ooooo.
            .ooooo.
            .oo^oo.
            .ooooo.
            .ooooo.
            o.....o
        ",
    ),
    case(
        "q'",
        "free eagle: a queen's slides (its leaps and double moves need a piece next to it)",
        59,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "+c!",
        "heavenly tetrarchs: slides that skip their first square; sideways to the third",
        // Diagonals 7 + 6 + 6 + 6, forward 7, backward 6, sideways 2 + 2.
        42,
        "
            o..o..o
            .o.o.o.
            .......
            oo.^.oo
            .......
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "c!",
        "chariot soldier: bishop, vertically without limit, sideways two",
        48,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            .oo^oo.
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "v'",
        "vertical soldier: forward without limit, sideways two, one back",
        13,
        "
            ...o...
            ...o...
            ...o...
            .oo^oo.
            ...o...
            .......
            .......
        ",
    ),
    case(
        "s'",
        "side soldier: sideways without limit, forward two, one back",
        18,
        "
            .......
            ...o...
            ...o...
            ooo^ooo
            ...o...
            .......
            .......
        ",
    ),
    case(
        "+d'",
        "multi general: forward and diagonally back without limit",
        22,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "d'",
        "dog: forward, diagonally back",
        3,
        "
            .......
            .......
            ...o...
            ...^...
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "w!",
        "water buffalo: diagonally and sideways without limit, two vertically",
        48,
        "
            o.....o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o.....o
        ",
    ),
];

/// Tori shogi's birds, from the rule text (docs/variants.md): on the 7x7 board the window is
/// the whole board, and every square a piece reaches from the centre is drawn.
const TORI: &[Case] = &[
    case(
        "k",
        "phoenix: one step any way",
        8,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "f",
        "falcon: one step any way but straight back",
        7,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "c",
        "crane: one step any way but sideways",
        6,
        "
            .......
            .......
            ..ooo..
            ...^...
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "p",
        "pheasant: a jump to the second square straight ahead; one step diagonally back",
        3,
        "
            .......
            ...o...
            .......
            ...^...
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "l",
        "left quail: straight forward and diagonally back to the right without limit; one \
         step diagonally back to the left",
        7,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            ..o.o..
            .....o.
            ......o
        ",
    ),
    case(
        "r",
        "right quail: straight forward and diagonally back to the left without limit; one \
         step diagonally back to the right",
        7,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            ..o.o..
            .o.....
            o......
        ",
    ),
    case(
        "s",
        "swallow: one step forward",
        1,
        "
            .......
            .......
            ...o...
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "+f",
        "eagle: one step any way; diagonally forward and straight back without limit; up to \
         two squares diagonally back",
        16,
        "
            o.....o
            .o...o.
            ..ooo..
            ..o^o..
            ..ooo..
            .o.o.o.
            ...o...
        ",
    ),
    case(
        "+s",
        "goose: a jump to the second square diagonally forward or straight back",
        3,
        "
            .......
            .o...o.
            .......
            ...^...
            .......
            ...o...
            .......
        ",
    ),
];

/// Wa shogi's animals, from the moves the Wikipedia article on wa shogi gives ("somewhat
/// standard among modern players"), the same as the Hodges leaflet's for the pieces it draws: on
/// 11x11 a slide from the centre crosses 5 squares.
const WA: &[Case] = &[
    case(
        "k",
        "crane king: one step any way",
        8,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "e",
        "cloud eagle: straight forward and back without limit; up to three squares \
         diagonally forward; one step diagonally back or sideways",
        20,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ..o^o..
            ..ooo..
            ...o...
            ...o...
        ",
    ),
    case(
        "f",
        "flying falcon: diagonally without limit; one step forward",
        21,
        "
            o.....o
            .o...o.
            ..ooo..
            ...^...
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "s",
        "swallow's wings: sideways without limit; one step forward or back",
        12,
        "
            .......
            .......
            ...o...
            ooo^ooo
            ...o...
            .......
            .......
        ",
    ),
    case(
        "x",
        "treacherous fox: one step diagonally or straight forward or back; a jump to the \
         second square on the same lines",
        12,
        "
            .......
            .o.o.o.
            ..ooo..
            ...^...
            ..ooo..
            .o.o.o.
            .......
        ",
    ),
    case(
        "r",
        "running rabbit: forward without limit; one step diagonally or straight back",
        10,
        "
            ...o...
            ...o...
            ..ooo..
            ...^...
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "w",
        "violent wolf: one step orthogonally or diagonally forward",
        6,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
    case(
        "v",
        "violent stag: one step diagonally or straight forward",
        5,
        "
            .......
            .......
            ..ooo..
            ...^...
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "g",
        "flying goose: one step diagonally forward or straight forward or back",
        4,
        "
            .......
            .......
            ..ooo..
            ...^...
            ...o...
            .......
            .......
        ",
    ),
    case(
        "c",
        "flying cock: one step diagonally forward or sideways",
        4,
        "
            .......
            .......
            ..o.o..
            ..o^o..
            .......
            .......
            .......
        ",
    ),
    case(
        "u",
        "strutting crow: one step forward or diagonally back",
        3,
        "
            .......
            .......
            ...o...
            ...^...
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "l",
        "swooping owl: one step forward or diagonally back",
        3,
        "
            .......
            .......
            ...o...
            ...^...
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "d",
        "blind dog: one step diagonally forward, sideways or straight back",
        5,
        "
            .......
            .......
            ..o.o..
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
    case(
        "m",
        "climbing monkey: one step diagonally forward or straight forward or back",
        4,
        "
            .......
            .......
            ..ooo..
            ...^...
            ...o...
            .......
            .......
        ",
    ),
    case(
        "h",
        "liberated horse: forward without limit; up to two squares straight back",
        7,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            ...o...
            ...o...
            .......
        ",
    ),
    case(
        "o",
        "oxcart: forward without limit",
        5,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "p",
        "sparrow pawn: one step forward",
        1,
        "
            .......
            .......
            ...o...
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "+f",
        "tenacious falcon: diagonally and straight forward or back without limit; one step \
         sideways",
        32,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ..o^o..
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "+s",
        "gliding swallow: a rook",
        20,
        "
            ...o...
            ...o...
            ...o...
            ooo^ooo
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "+r",
        "treacherous fox (promoted running rabbit)",
        12,
        "
            .......
            .o.o.o.
            ..ooo..
            ...^...
            ..ooo..
            .o.o.o.
            .......
        ",
    ),
    case(
        "+w",
        "bear's eyes: one step any way",
        8,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "+v",
        "roaming boar: one step diagonally, straight forward or sideways",
        7,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "+g",
        "swallow's wings (promoted flying goose)",
        12,
        "
            .......
            .......
            ...o...
            ooo^ooo
            ...o...
            .......
            .......
        ",
    ),
    case(
        "+c",
        "raiding falcon: straight forward and back without limit; one step diagonally \
         forward or sideways",
        14,
        "
            ...o...
            ...o...
            ..ooo..
            ..o^o..
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "+u",
        "flying falcon (promoted strutting crow)",
        21,
        "
            o.....o
            .o...o.
            ..ooo..
            ...^...
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "+l",
        "cloud eagle (promoted swooping owl)",
        20,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ..o^o..
            ..ooo..
            ...o...
            ...o...
        ",
    ),
    case(
        "+d",
        "violent wolf (promoted blind dog)",
        6,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
    case(
        "+m",
        "violent stag (promoted climbing monkey)",
        5,
        "
            .......
            .......
            ..ooo..
            ...^...
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "+h",
        "heavenly horse: a knight's jump forward or backward",
        4,
        "
            .......
            ..o.o..
            .......
            ...^...
            .......
            ..o.o..
            .......
        ",
    ),
    case(
        "+o",
        "plodding ox: one step any way",
        8,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "+p",
        "golden bird: one step orthogonally or diagonally forward",
        6,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
];

/// Heian dai shogi's pieces where they differ from chu's and dai's, from the reconstruction of
/// docs/variants.md (the copper general "not to the four corners", the iron general "not to the
/// three squares behind"): on 13x13 a slide from the centre crosses 6 squares.
const HEIAN_DAI: &[Case] = &[
    case(
        "c",
        "copper general: one step orthogonally",
        4,
        "
            .......
            .......
            ...o...
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
    case(
        "i",
        "iron general: one step forward, diagonally forward or sideways",
        5,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            .......
            .......
            .......
        ",
    ),
    case(
        "m",
        "side mover: sideways without limit; one step forward",
        13,
        "
            .......
            .......
            ...o...
            ooo^ooo
            .......
            .......
            .......
        ",
    ),
    case(
        "d",
        "flying dragon: diagonally without limit",
        24,
        "
            o.....o
            .o...o.
            ..o.o..
            ...^...
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "t",
        "fierce tiger: one step diagonally",
        4,
        "
            .......
            .......
            ..o.o..
            ...^...
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "a",
        "free chariot: forward and backward without limit",
        12,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "o",
        "go-between: one step forward or back",
        2,
        "
            .......
            .......
            ...o...
            ...^...
            ...o...
            .......
            .......
        ",
    ),
    case(
        "+d",
        "dragon horse: diagonally without limit; one step orthogonally",
        28,
        "
            o.....o
            .o...o.
            ..ooo..
            ..o^o..
            ..ooo..
            .o...o.
            o.....o
        ",
    ),
    case(
        "+c",
        "gold general (every other promotion)",
        6,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
];

/// Maka dai dai's pieces, from the rules of docs/variants.md (H. G. Muller's table, checked
/// against the Zillions-of-Games implementation): a slide from the centre of 19x19 crosses 9
/// squares. The many promotions to gold are checked as golds by
/// `maka_dai_dai_pieces_move_as_drawn`.
const MAKA: &[Case] = &[
    case(
        "k",
        "king: one step any way",
        8,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "a",
        "reverse chariot: forward and backward without limit",
        18,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "b",
        "bishop",
        36,
        "
            o.....o
            .o...o.
            ..o.o..
            ...^...
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "c",
        "copper general: forward, backward, diagonally forward",
        4,
        "
            .......
            .......
            ..ooo..
            ...^...
            ...o...
            .......
            .......
        ",
    ),
    case(
        "d",
        "dragon king: rook or one diagonal step",
        40,
        "
            ...o...
            ...o...
            ..ooo..
            ooo^ooo
            ..ooo..
            ...o...
            ...o...
        ",
    ),
    case(
        "e",
        "drunk elephant: any step but straight back",
        7,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "f",
        "ferocious leopard: any step but sideways",
        6,
        "
            .......
            .......
            ..ooo..
            ...^...
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "g",
        "gold general",
        6,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
    case(
        "h",
        "dragon horse: bishop or one orthogonal step",
        40,
        "
            o.....o
            .o...o.
            ..ooo..
            ..o^o..
            ..ooo..
            .o...o.
            o.....o
        ",
    ),
    case(
        "i",
        "iron general: forward and diagonally forward",
        3,
        "
            .......
            .......
            ..ooo..
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "l",
        "lance",
        9,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "m",
        "side mover: sideways without limit, one step forward or back",
        20,
        "
            .......
            .......
            ...o...
            ooo^ooo
            ...o...
            .......
            .......
        ",
    ),
    case(
        "n",
        "knight: the two narrow forward leaps",
        2,
        "
            .......
            ..o.o..
            .......
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "o",
        "kirin: diagonal step, orthogonal jump to the second square",
        8,
        "
            .......
            ...o...
            ..o.o..
            .o.^.o.
            ..o.o..
            ...o...
            .......
        ",
    ),
    case(
        "p",
        "pawn",
        1,
        "
            .......
            .......
            ...o...
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "q",
        "free king: queen",
        72,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "r",
        "rook",
        36,
        "
            ...o...
            ...o...
            ...o...
            ooo^ooo
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "s",
        "silver general",
        5,
        "
            .......
            .......
            ..ooo..
            ...^...
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "t",
        "blind tiger: any step but straight forward",
        7,
        "
            .......
            .......
            ..o.o..
            ..o^o..
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "u",
        "stone general: diagonally forward",
        2,
        "
            .......
            .......
            ..o.o..
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "v",
        "vertical mover: forward and back without limit, one step sideways",
        20,
        "
            ...o...
            ...o...
            ...o...
            ..o^o..
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "w",
        "evil wolf: forward, sideways, diagonally forward",
        5,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            .......
            .......
            .......
        ",
    ),
    case(
        "x",
        "phoenix: orthogonal step, diagonal jump to the second square",
        8,
        "
            .......
            .o...o.
            ...o...
            ..o^o..
            ...o...
            .o...o.
            .......
        ",
    ),
    case(
        "y",
        "tile general: diagonally forward or straight back",
        3,
        "
            .......
            .......
            ..o.o..
            ...^...
            ...o...
            .......
            .......
        ",
    ),
    case(
        "a'",
        "angry boar: orthogonal step",
        4,
        "
            .......
            .......
            ...o...
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
    case(
        "b'",
        "blind bear: diagonal step, or backward without limit",
        13,
        "
            .......
            .......
            ..o.o..
            ...^...
            ..ooo..
            ...o...
            ...o...
        ",
    ),
    case(
        "c'",
        "cat sword: diagonal step",
        4,
        "
            .......
            .......
            ..o.o..
            ...^...
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "d'",
        "Buddhist devil: up to three diagonally forward, one step sideways or back",
        9,
        "
            o.....o
            .o...o.
            ..o.o..
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
    case(
        "e'",
        "earth general: one step forward or back",
        2,
        "
            .......
            .......
            ...o...
            ...^...
            ...o...
            .......
            .......
        ",
    ),
    case(
        "f'",
        "flying dragon: up to two diagonally",
        8,
        "
            .......
            .o...o.
            ..o.o..
            ...^...
            ..o.o..
            .o...o.
            .......
        ",
    ),
    case(
        "g'",
        "guardian of the gods: up to three orthogonally, one step diagonally forward",
        14,
        "
            ...o...
            ...o...
            ..ooo..
            ooo^ooo
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "i'",
        "deva: diagonally forward, to its left, diagonally back to its right",
        4,
        "
            .......
            .......
            ..o.o..
            ..o^...
            ....o..
            .......
            .......
        ",
    ),
    case(
        "j'",
        "dark spirit: diagonally forward, to its right, diagonally back to its left",
        4,
        "
            .......
            .......
            ..o.o..
            ...^o..
            ..o....
            .......
            .......
        ",
    ),
    case(
        "l'",
        "left chariot: forward, forward-left and back-right without limit, one step back",
        28,
        "
            o..o...
            .o.o...
            ..oo...
            ...^...
            ...oo..
            .....o.
            ......o
        ",
    ),
    case(
        "m'",
        "old monkey: diagonal step or straight back",
        5,
        "
            .......
            .......
            ..o.o..
            ...^...
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "n'",
        "Chinese cock: diagonally forward, sideways, straight back",
        5,
        "
            .......
            .......
            ..o.o..
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
    case(
        "o'",
        "old rat: up to two diagonally forward or straight back",
        6,
        "
            .......
            .o...o.
            ..o.o..
            ...^...
            ...o...
            ...o...
            .......
        ",
    ),
    case(
        "p'",
        "go-between: one step forward or back",
        2,
        "
            .......
            .......
            ...o...
            ...^...
            ...o...
            .......
            .......
        ",
    ),
    case(
        "r'",
        "right chariot: forward, forward-right and back-left without limit, one step back",
        28,
        "
            ...o..o
            ...o.o.
            ...oo..
            ...^...
            ..oo...
            .o.....
            o......
        ",
    ),
    case(
        "s'",
        "she-devil: up to five orthogonally, two diagonally",
        28,
        "
            ...o...
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            ...o...
        ",
    ),
    case(
        "w'",
        "wrestler: up to three diagonally, one step sideways",
        14,
        "
            o.....o
            .o...o.
            ..o.o..
            ..o^o..
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "x'",
        "violent ox: up to two orthogonally",
        8,
        "
            .......
            ...o...
            ...o...
            .oo^oo.
            ...o...
            ...o...
            .......
        ",
    ),
    case(
        "y'",
        "donkey: jump to the second square forward or back, one step sideways",
        4,
        "
            .......
            ...o...
            .......
            ..o^o..
            .......
            ...o...
            .......
        ",
    ),
    case(
        "d!",
        "reclining dragon: orthogonal step, diagonal step back",
        6,
        "
            .......
            .......
            ...o...
            ..o^o..
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "f!",
        "side flier: sideways without limit, one diagonal step",
        22,
        "
            .......
            .......
            ..o.o..
            ooo^ooo
            ..o.o..
            .......
            .......
        ",
    ),
    case(
        "l!",
        "lion: anywhere within two squares",
        24,
        "
            .......
            .ooooo.
            .ooooo.
            .oo^oo.
            .ooooo.
            .ooooo.
            .......
        ",
    ),
    case(
        "s!",
        "coiled serpent: forward, back, diagonally back",
        4,
        "
            .......
            .......
            ...o...
            ...^...
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "w!",
        "lion dog: the first, second or third square along any line, jumping",
        24,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "+i'",
        "teaching king: queen, and the lion dog's moves",
        72,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "+j'",
        "Buddhist spirit: queen, and the lion's moves",
        80,
        "
            o..o..o
            .ooooo.
            .ooooo.
            ooo^ooo
            .ooooo.
            .ooooo.
            o..o..o
        ",
    ),
    case(
        "+l!",
        "furious fiend: lion, or up to three along any line",
        32,
        "
            o..o..o
            .ooooo.
            .ooooo.
            ooo^ooo
            .ooooo.
            .ooooo.
            o..o..o
        ",
    ),
    case(
        "+b'",
        "free bear: diagonally and sideways without limit",
        54,
        "
            o.....o
            .o...o.
            ..o.o..
            ooo^ooo
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "+t",
        "free tiger: any way but straight forward without limit",
        63,
        "
            o.....o
            .o...o.
            ..o.o..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "+f",
        "free leopard: any way but sideways without limit",
        54,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ...^...
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "+d!",
        "free dragon: forward and diagonally forward without limit, one step back or diagonally back",
        30,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ...^...
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "+g",
        "free gold: the gold's directions without limit",
        54,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "+s",
        "free silver: the silver's directions without limit",
        45,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ...^...
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "+c",
        "free copper: the copper's directions without limit",
        36,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ...^...
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "+y",
        "free tile: the tile's directions without limit",
        27,
        "
            o.....o
            .o...o.
            ..o.o..
            ...^...
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "+w",
        "free wolf: the evil wolf's directions without limit",
        45,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ooo^ooo
            .......
            .......
            .......
        ",
    ),
    case(
        "+i",
        "free iron: the iron's directions without limit",
        27,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "+u",
        "free stone: diagonally forward without limit",
        18,
        "
            o.....o
            .o...o.
            ..o.o..
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "+e'",
        "free earth: forward and back without limit",
        18,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "+p'",
        "free go-between: forward and back without limit",
        18,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "+c'",
        "free cat: bishop",
        36,
        "
            o.....o
            .o...o.
            ..o.o..
            ...^...
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "+s!",
        "free serpent: forward, back, diagonally back without limit",
        36,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "+o'",
        "bat: forward and diagonally back without limit",
        27,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "+m'",
        "mountain witch: diagonally and straight back without limit, one step forward",
        46,
        "
            o.....o
            .o...o.
            ..ooo..
            ...^...
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "+n'",
        "wizard stork: diagonally and straight forward without limit, one step back",
        46,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ...^...
            ..ooo..
            .o...o.
            o.....o
        ",
    ),
    case(
        "+a'",
        "free boar: diagonally and sideways without limit",
        54,
        "
            o.....o
            .o...o.
            ..o.o..
            ooo^ooo
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "+x",
        "golden bird: forward and back without limit, up to three diagonally, two sideways",
        34,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            .oo^oo.
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "+o",
        "great dragon: sideways without limit, up to three diagonally, two forward or back",
        34,
        "
            o.....o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o.....o
        ",
    ),
    case(
        "+e",
        "crown prince: one step any way",
        8,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ..ooo..
            .......
            .......
        ",
    ),
    case(
        "+p",
        "tokin: a gold",
        6,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),
    case(
        "+a",
        "a promoted reverse chariot: a gold",
        6,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ...o...
            .......
            .......
        ",
    ),

    case(
        "c!",
        "capricorn: bishop, then optionally a bishop at 90 degrees: every square of its colour \
               (both kings stand on the other)",
        180,
        "
            o.o.o.o
            .o.o.o.
            o.o.o.o
            .o.^.o.
            o.o.o.o
            .o.o.o.
            o.o.o.o
        ",
    ),
    case(
        "h!",
        "hook mover: rook, then optionally a rook at 90 degrees: every square but the own \
               king's",
        359,
        "
            ooooooo
            ooooooo
            ooooooo
            ooo^ooo
            ooooooo
            ooooooo
            ooooooo
        ",
    ),
    case(
        "+k",
        "emperor: a leap to any square not its side's, the lone enemy king unprotected",
        359,
        "
            ooooooo
            ooooooo
            ooooooo
            ooo^ooo
            ooooooo
            ooooooo
            ooooooo
        ",
    ),
];

#[test]
fn dai_dai_pieces_move_as_drawn() {
    check(VariantId::DaiDai, DAI_DAI);
}

#[test]
fn dai_pieces_move_as_drawn() {
    check(VariantId::Dai, DAI);
}

#[test]
fn tenjiku_pieces_move_as_drawn() {
    check(VariantId::Tenjiku, TENJIKU);
}

#[test]
fn tori_pieces_move_as_drawn() {
    check(VariantId::Tori, TORI);
    // Every kind has its diagram.
    let rules = VariantId::Tori.rules();
    for kind in &rules.kinds {
        assert!(
            TORI.iter().any(|c| c.letters == kind.sfen),
            "no diagram for {}",
            kind.sfen
        );
    }
}

#[test]
fn wa_pieces_move_as_drawn() {
    for id in [VariantId::Wa, VariantId::WaNoDrops] {
        check(id, WA);
        let rules = id.rules();
        for kind in &rules.kinds {
            assert!(
                WA.iter().any(|c| c.letters == kind.sfen),
                "no diagram for {}",
                kind.sfen
            );
        }
    }
}

#[test]
fn heian_dai_pieces_move_as_drawn() {
    check(VariantId::HeianDai, HEIAN_DAI);
}

#[test]
fn maka_dai_dai_pieces_move_as_drawn() {
    check(VariantId::MakaDaiDai, MAKA);
    // Every other kind is a promotion to gold.
    let gold = MAKA.iter().find(|c| c.letters == "g").unwrap();
    let rules = VariantId::MakaDaiDai.rules();
    let golds: Vec<Case> = rules
        .kinds
        .iter()
        .filter(|k| !MAKA.iter().any(|c| c.letters == k.sfen))
        .map(|k| case(k.sfen, "a promotion to gold", gold.total, gold.diagram))
        .collect();
    assert_eq!(golds.len(), 19, "the promotions to gold");
    check(VariantId::MakaDaiDai, &golds);
}

#[test]
fn every_dai_dai_kind_has_a_diagram() {
    let rules = VariantId::DaiDai.rules();
    let missing: Vec<&str> = rules
        .kinds
        .iter()
        .filter(|k| !k.promoted || ["+n", "+z", "+m'", "+o'"].contains(&k.sfen))
        .map(|k| k.sfen)
        .filter(|s| !DAI_DAI.iter().any(|c| c.letters == *s))
        .collect();
    assert!(missing.is_empty(), "no diagram for {missing:?}");
}

fn moves_from(pos: &mut VPosition, square: &str) -> Vec<String> {
    let from = pos.parse_square(square).expect("a square");
    let mut texts: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| pos.move_text(m))
        .collect();
    texts.sort();
    texts
}

#[test]
fn a_hook_mover_stops_where_it_captures_and_turns_only_on_empty_squares() {
    // Black's hook mover on 9i, a White pawn three squares ahead on 9f. Its corners are the
    // squares of its first slide: 9h and 9g up the file (9f holds the pawn), and rank i. From
    // rank i it turns onto other files, from 9h and 9g onto ranks h and g: nothing reaches 9e to
    // 9a. Every other square but its own king's: 288 - 1 - 5 = 282.
    let mut pos = VPosition::from_sfen(
        VariantId::DaiDai,
        "15k1/17/17/17/17/8p8/17/17/8J8/17/17/17/17/17/17/17/1K15 b - 1",
    )
    .unwrap();
    let moves = moves_from(&mut pos, "9i");
    assert_eq!(moves.len(), 282);
    for sq in ["9e", "9d", "9c", "9b", "9a"] {
        assert!(!moves.contains(&format!("9i{sq}")), "{sq}");
    }
    assert!(moves.contains(&"9i9f".to_owned()));
    assert!(
        moves.contains(&"9i2a".to_owned()),
        "takes the king round a corner"
    );
}

#[test]
fn the_lion_dog_captures_up_to_two_along_a_line_and_promotes() {
    // Black's lion dog on 9i, White pawns on 9h and 9g, 9f empty. Forward: plain moves to 9h and
    // 9g (captures) and 9f; igui on 9h; 9h then on to 9g; 9h and 9g then on to 9f, or back to
    // 9h; 9g (jumping 9h) then on to 9f. Every capture promotes it to a great elephant. The
    // other seven lines: three plain squares and a pass each.
    let mut pos = VPosition::from_sfen(
        VariantId::DaiDai,
        "15k1/17/17/17/17/17/8p8/8p8/8Z8/17/17/17/17/17/17/17/1K15 b - 1",
    )
    .unwrap();
    let moves = moves_from(&mut pos, "9i");
    let forward: Vec<&String> = moves
        .iter()
        .filter(|m| m.starts_with("9i9h") || m.starts_with("9i9g") || m.starts_with("9i9f"))
        .collect();
    assert_eq!(
        forward,
        [
            "9i9f",
            "9i9g+",
            "9i9g9f+",
            "9i9h+",
            "9i9h9g+",
            "9i9h9g9f+",
            "9i9h9g9h+",
            "9i9h9i+"
        ]
    );
    assert_eq!(moves.len(), 8 + 7 * 4);
    // The triple move takes both pawns; unmaking it puts them back.
    let before = pos.to_sfen();
    let m = pos.parse_move("9i9h9g9f+").unwrap();
    let undo = pos.make_move(m);
    assert_eq!(
        pos.to_sfen(),
        "15k1/17/17/17/17/8+Z8/17/17/17/17/17/17/17/17/17/17/1K15 w - 2"
    );
    pos.unmake_move(m, undo);
    assert_eq!(pos.to_sfen(), before);
}

#[test]
fn promotion_by_capture_is_compulsory_and_happens_once() {
    // A Black eastern barbarian (e') takes a pawn and becomes a lion (+E'), which does not
    // promote again when it captures; a Black pawn (no promoted rank) just captures.
    let mut pos = VPosition::from_sfen(
        VariantId::DaiDai,
        "15k1/17/17/17/17/17/17/8p8/8E'8/17/17/17/17/17/17/p16/P15K b - 1",
    )
    .unwrap();
    let moves = moves_from(&mut pos, "9i");
    assert!(moves.contains(&"9i9h+".to_owned()));
    assert!(!moves.contains(&"9i9h".to_owned()), "compulsory");
    assert!(moves_from(&mut pos, "17q").contains(&"17q17p".to_owned()));
    let m = pos.parse_move("9i9h+").unwrap();
    pos.make_move(m);
    assert!(pos.to_sfen().contains("+E'"), "{}", pos.to_sfen());
    let m = pos.parse_move("17p17q").unwrap();
    pos.make_move(m);
    let lion = moves_from(&mut pos, "9h");
    assert!(lion.iter().all(|m| !m.ends_with('+')), "{lion:?}");
    // A lone lion, counted as lishogi counts (docs/variants.md): 24 squares and the 64 paths
    // of two steps (8 of them passes).
    assert_eq!(lion.len(), 24 + 64);
}

#[test]
fn dressed_letters_are_checked() {
    for bad in [
        "15k1/17/17/17/17/17/17/17/8Y'8/17/17/17/17/17/17/17/1K15 b - 1",
        "15k1/17/17/17/17/17/17/17/8'8/17/17/17/17/17/17/17/1K15 b - 1",
        "15k1/17/17/17/17/17/17/17/8+K8/17/17/17/17/17/17/17/1K15 b - 1",
    ] {
        assert!(
            VPosition::from_sfen(VariantId::DaiDai, bad).is_err(),
            "{bad}"
        );
    }
    // Chu shogi has no dressed letters.
    assert!(VPosition::from_sfen(
        VariantId::Chu,
        "11k/12/12/12/12/5N'6/12/12/12/12/12/K11 b - 1"
    )
    .is_err());
}

/// Checks `id`'s start position: the two camps point-symmetric, no promoted piece, and of each
/// kind `pawns` pawns, `listed_n` of the pieces whose catalogue codes are `listed`, `others_n`
/// of every other kind, a side. Returns (kinds, pieces) a side.
fn check_start_counts(
    id: VariantId,
    pawns: usize,
    listed: &[&str],
    listed_n: usize,
    others_n: usize,
) -> (usize, usize) {
    let pos = VPosition::start(id);
    let rules = id.rules();
    let (files, ranks) = (rules.files as usize, rules.ranks as usize);
    let mut count = vec![[0usize; 2]; rules.kinds.len()];
    for sq in pos.squares() {
        if let Some((k, side)) = pos.piece_at(sq) {
            count[k as usize][side.index()] += 1;
            let (f, r) = pos.coords(sq);
            let mirror = pos.square(files - 1 - f, ranks - 1 - r);
            assert_eq!(pos.piece_at(mirror), Some((k, !side)));
        }
    }
    let (mut kinds, mut total) = (0, 0);
    for (k, kind) in rules.kinds.iter().enumerate() {
        if kind.promoted {
            assert_eq!(count[k], [0, 0]);
            continue;
        }
        kinds += 1;
        let want = match kind.piece.code {
            "P" => pawns,
            c if listed.contains(&c) => listed_n,
            _ => others_n,
        };
        assert_eq!(count[k], [want, want], "{}", kind.piece.name);
        total += want;
    }
    (kinds, total)
}

#[test]
fn dai_dai_start_position() {
    // 96 pieces a side, 64 kinds, as the article lists them (two each of the violent ox,
    // savage tiger, ferocious leopard, evil wolf, violent bear, gold, silver, copper, iron, wood
    // and stone generals, angry boar, reverse chariot, lance, side mover and howling dog, 17
    // pawns, one of every other kind); the two camps mirror each other.
    let two = [
        "VO", "ST", "FL", "EW", "VB", "G", "S", "C", "I", "WG", "SG", "AB", "RC", "L", "SM", "HD",
    ];
    assert_eq!(
        check_start_counts(VariantId::DaiDai, 17, &two, 2, 1),
        (64, 96)
    );
    // Its 59 moves, counted by hand from the setup and the article's moves: 17 pawns less the
    // two behind the howling dogs (15), the howling dogs 4 each (8), the lion 3 and a pass (4),
    // two each by the southern barbarian, old kite, old rat, water buffalo, flying horse,
    // enchanted badger, blind monkey, rushing bird, cat sword, the side-stepping vertical
    // mover (20), one each by the blue dragon, fragrant elephant's two, the white tiger, the
    // reverse chariots, the prancing stag, the phoenix, the golds, the lion dog and its pass.
    let mut pos = VPosition::start(VariantId::DaiDai);
    assert_eq!(pos.legal_moves().len(), 59);
}

#[test]
fn dai_start_position() {
    // Its 71 moves, counted by hand from HaChu's setup and the pieces' moves, rank by rank from
    // Black's front: the go-betweens 2, the pawns 13 (two stand behind go-betweens), the rank of
    // rooks 14 (rooks 1 each, flying dragons 3 each, side movers 1 each, dragon horses 2 each),
    // the rank of the lion 18 (violent oxen 3 each, angry boars 3 each, evil wolves 1 each,
    // kirin 2, lion 2), the rank of the drunk elephant 6, the last rank 18 (knights 2 each,
    // stone generals 2 each, iron generals 1 each, coppers 2 each, silvers and golds 1 each).
    let mut pos = VPosition::start(VariantId::Dai);
    assert_eq!(pos.legal_moves().len(), 71);
}

/// A tenjiku position: the pieces (square, SFEN letters), `side` ('b' or 'w') to move.
fn tenjiku(pieces: &[(&str, &str)], side: char) -> VPosition {
    on_board(VariantId::Tenjiku, 16, pieces, side)
}

/// A position of `id` (a square board of side `n`) with `pieces` ((square, SFEN letters)) and
/// `side` ('b' or 'w') to move.
fn on_board(id: VariantId, n: usize, pieces: &[(&str, &str)], side: char) -> VPosition {
    let mut grid = vec![vec![String::new(); n]; n];
    for (square, letters) in pieces {
        let (file, rank) = square.split_at(square.len() - 1);
        let col = n - file.parse::<usize>().expect("a file");
        let row = (rank.as_bytes()[0] - b'a') as usize;
        grid[row][col] = letters.to_string();
    }
    let sfen = format!("{} {side} - 1", placement(grid));
    VPosition::from_sfen(id, &sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

#[test]
fn dai_shogi_has_chu_shogis_lion_trading() {
    // Black's lion on 8h, White's two squares ahead on 8f. Protected by White's gold on 8e,
    // it may not be taken from afar; unprotected, it may.
    let mut pos = on_board(
        VariantId::Dai,
        15,
        &[
            ("1o", "K"),
            ("15a", "k"),
            ("8h", "L!"),
            ("8f", "l!"),
            ("8e", "g"),
        ],
        'b',
    );
    assert!(!moves_from(&mut pos, "8h").contains(&"8h8f".to_string()));
    let mut pos = on_board(
        VariantId::Dai,
        15,
        &[("1o", "K"), ("15a", "k"), ("8h", "L!"), ("8f", "l!")],
        'b',
    );
    assert!(moves_from(&mut pos, "8h").contains(&"8h8f".to_string()));
}

/// Plays `text`, checks the key against the SFEN's, runs `check`, takes the move back and
/// checks that the position is as it was.
fn play_and_take_back(pos: &mut VPosition, text: &str, check: impl Fn(&VPosition)) {
    let before = (pos.to_sfen(), pos.key());
    let m = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let undo = pos.make_move(m);
    let again = VPosition::from_sfen(VariantId::Tenjiku, &pos.to_sfen()).unwrap();
    assert_eq!(pos.key(), again.key(), "{text}: key");
    check(pos);
    pos.unmake_move(m, undo);
    assert_eq!((pos.to_sfen(), pos.key()), before, "{text}: taken back");
}

fn at(pos: &VPosition, square: &str) -> Option<String> {
    let sq = pos.parse_square(square).expect("a square");
    pos.piece_at(sq).map(|(k, side)| {
        let letters = pos.rules().kinds[k as usize].sfen;
        if side == hisha::color::Color::Black {
            letters.to_uppercase()
        } else {
            letters.to_owned()
        }
    })
}

#[test]
fn a_fire_demon_burns_the_enemies_around_where_it_stops() {
    // Black's fire demon goes 8j-8i-8h (its area move: it has no vertical slide). Around 8h:
    // White's pawn 9g, gold 9h and silver 7i burn; Black's gold 7h stays; White's rook on 8f,
    // two squares away, stays.
    let mut pos = tenjiku(
        &[
            ("15p", "K"),
            ("2a", "k"),
            ("8j", "D!"),
            ("9g", "p"),
            ("9h", "g"),
            ("7i", "s"),
            ("7h", "G"),
            ("8f", "r"),
        ],
        'b',
    );
    play_and_take_back(&mut pos, "8j8h", |pos| {
        for sq in ["9g", "9h", "7i", "8j"] {
            assert_eq!(at(pos, sq), None, "{sq}");
        }
        assert_eq!(at(pos, "8h").as_deref(), Some("D!"));
        assert_eq!(at(pos, "7h").as_deref(), Some("G"));
        assert_eq!(at(pos, "8f").as_deref(), Some("r"));
    });
    // A king next to where it stops burns too, and the game is over.
    let mut pos = tenjiku(&[("15p", "K"), ("8j", "D!"), ("9h", "k"), ("9g", "p")], 'b');
    play_and_take_back(&mut pos, "8j8h", |pos| {
        assert!(!pos.has_royal(hisha::color::Color::White));
        assert!(pos.clone().legal_moves().is_empty());
    });
}

#[test]
fn a_piece_that_stops_next_to_an_enemy_fire_demon_burns() {
    // Black's fire demons on 8h and 9i. White's gold steps 8f-8g, next to 8h: it burns. Its
    // step back to 8e is next to no demon. White's rook takes the demon on 8h from 1h and is
    // burnt by the one on 9i.
    let mut pos = tenjiku(
        &[
            ("15p", "K"),
            ("2a", "k"),
            ("8h", "D!"),
            ("9i", "D!"),
            ("8f", "g"),
            ("1h", "r"),
        ],
        'w',
    );
    play_and_take_back(&mut pos, "8f8g", |pos| {
        assert_eq!(at(pos, "8g"), None);
        assert_eq!(at(pos, "8f"), None);
    });
    play_and_take_back(&mut pos, "8f8e", |pos| {
        assert_eq!(at(pos, "8e").as_deref(), Some("g"));
    });
    play_and_take_back(&mut pos, "1h8h", |pos| {
        assert_eq!(at(pos, "8h"), None);
        assert_eq!(at(pos, "1h"), None);
        assert_eq!(at(pos, "9i").as_deref(), Some("D!"));
    });
}

#[test]
fn a_fire_demon_that_stops_next_to_an_enemy_fire_demon_is_burnt_and_burns_nothing() {
    // Three king steps 8j-8i-8h-8g bring Black's demon next to White's on 8f: the demon that
    // moved is burnt (H. G. Muller; Japanese Wikipedia), and White's pawn on 7g, next to 8g,
    // is not. Stopping on 8h instead, two squares from White's demon, it stays and burns the
    // pawn (7g is next to 8h too).
    let mut pos = tenjiku(
        &[
            ("15p", "K"),
            ("2a", "k"),
            ("8j", "D!"),
            ("8f", "d!"),
            ("7g", "p"),
        ],
        'b',
    );
    play_and_take_back(&mut pos, "8j8g", |pos| {
        assert_eq!(at(pos, "8g"), None);
        assert_eq!(at(pos, "8j"), None);
        assert_eq!(at(pos, "8f").as_deref(), Some("d!"));
        assert_eq!(at(pos, "7g").as_deref(), Some("p"));
    });
    play_and_take_back(&mut pos, "8j8h", |pos| {
        assert_eq!(at(pos, "8h").as_deref(), Some("D!"));
        assert_eq!(at(pos, "7g"), None);
        assert_eq!(at(pos, "8f").as_deref(), Some("d!"));
    });
}

/// The moves of the piece on `from` up its file (ranks before its own), as texts.
fn up_the_file(pos: &mut VPosition, from: &str) -> Vec<String> {
    let (file, rank) = from.split_at(from.len() - 1);
    moves_from(pos, from)
        .into_iter()
        .filter(|m| {
            let to = &m[from.len()..];
            let (f, r) = to.split_at(to.len() - 1);
            f == file && r < rank
        })
        .collect()
}

#[test]
fn jumping_generals_jump_lower_ranks_to_capture() {
    // Up file 8 from 8o: Black's pawn 8n, White's pawn 8l, bishop general 8j (rank 1), gold 8h.
    // A rook general (rank 1) jumps the pawns, takes 8l or 8j, and may not jump the bishop
    // general; it cannot move to an empty square beyond its own pawn. Its other moves are
    // plain slides: 8p, and rank o both ways (8 + 7).
    let pieces = [
        ("15p", "K"),
        ("2a", "k"),
        ("8n", "P"),
        ("8l", "p"),
        ("8j", "b!"),
        ("8h", "g"),
    ];
    let with = |general: &str, extra: &[(&'static str, &'static str)]| {
        let mut all: Vec<(&str, &str)> = pieces.to_vec();
        all.retain(|(sq, _)| !extra.iter().any(|(e, _)| e == sq));
        all.push(("8o", general));
        all.extend_from_slice(extra);
        tenjiku(&all, 'b')
    };
    let mut rook_general = with("R!", &[]);
    let mut want: Vec<String> = ["8o8j", "8o8l", "8o8p"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    want.extend((9..=16).map(|f| format!("8o{f}o")));
    want.extend((1..=7).map(|f| format!("8o{f}o")));
    want.sort();
    assert_eq!(moves_from(&mut rook_general, "8o"), want);
    // The great general (rank 3) jumps the bishop general too.
    let mut great = with("Q!", &[]);
    assert_eq!(up_the_file(&mut great, "8o"), ["8o8h", "8o8j", "8o8l"]);
    // It may take a king but not jump one: White's king on 8h, a gold behind it on 8f.
    let mut great = with("Q!", &[("8h", "k"), ("8f", "g"), ("2a", "")]);
    assert_eq!(up_the_file(&mut great, "8o"), ["8o8h", "8o8j", "8o8l"]);
    // The vice general (rank 2) slides only diagonally; up the file, its three king steps go
    // round its pawn (by 7n or 9n) to 8m, and on to take on 8l.
    let mut vice = with("V!", &[]);
    assert_eq!(up_the_file(&mut vice, "8o"), ["8o8l", "8o8m"]);
}

#[test]
fn the_heavenly_tetrarchs_skip_their_first_square_and_take_without_moving() {
    // Black's tetrarchs on 8h, Black's pawn on 8g, White's pawn on 7g and gold on 5h. Forward
    // (skipping 8g) 8f to 8a: 6; backward 8j to 8p: 7; left 10h, 11h; right 6h and the gold on
    // 5h; diagonals (skipping their first square) 10f to 15a: 6, 6f to 1a: 6 (past the pawn),
    // 10j to 16p: 7, 6j to 1o: 6; igui on the pawn 7g. 43.
    let mut pos = tenjiku(
        &[
            ("15p", "K"),
            ("2a", "k"),
            ("8h", "+C!"),
            ("8g", "P"),
            ("7g", "p"),
            ("5h", "g"),
        ],
        'b',
    );
    let moves = moves_from(&mut pos, "8h");
    assert_eq!(moves.len(), 43, "{moves:?}");
    for m in ["8h8f", "8h11h", "8h5h", "8h6f", "8h7g8h"] {
        assert!(moves.contains(&m.to_owned()), "{m}");
    }
    for m in ["8h8g", "8h7g", "8h9h", "8h12h", "8h4h"] {
        assert!(!moves.contains(&m.to_owned()), "{m}");
    }
}

#[test]
fn the_free_eagle_leaps_and_takes_twice_on_its_diagonals() {
    // Black's free eagle on 8h, White's pawn on 7g, Black's pawn on 9g. Queen slides: 7
    // forward, 8 back, 8 left, 7 right, the pawn on 7g, 8 and 7 on the back diagonals (46).
    // Leaps over the two pawns to 6f and 10f; and taking 7g, then igui (home), on to 6f, or
    // across to 6h or 8f. 52.
    let mut pos = tenjiku(
        &[
            ("15p", "K"),
            ("2a", "k"),
            ("8h", "Q'"),
            ("7g", "p"),
            ("9g", "P"),
        ],
        'b',
    );
    let moves = moves_from(&mut pos, "8h");
    assert_eq!(moves.len(), 52, "{moves:?}");
    for m in [
        "8h7g", "8h6f", "8h10f", "8h7g8h", "8h7g6f", "8h7g6h", "8h7g8f",
    ] {
        assert!(moves.contains(&m.to_owned()), "{m}");
    }
    assert!(!moves.iter().any(|m| m.starts_with("8h9g")));
}

#[test]
fn the_lion_hawk_is_a_lion_that_slides_diagonally() {
    // Alone on 8h: the lion's 24 squares and 64 two-step paths (lishogi's count), and the
    // diagonal slides beyond the second square: 5 + 5 + 6 + 5. A White pawn on 6f stops the
    // slide past it (5 fewer); the lion still takes it by a leap or through 7g.
    let mut pos = tenjiku(&[("15p", "K"), ("2a", "k"), ("8h", "H!")], 'b');
    assert_eq!(moves_from(&mut pos, "8h").len(), 24 + 64 + 21);
    let mut pos = tenjiku(&[("15p", "K"), ("2a", "k"), ("8h", "H!"), ("6f", "p")], 'b');
    assert_eq!(moves_from(&mut pos, "8h").len(), 24 + 64 + 16);
}

#[test]
fn the_vice_general_steps_around_its_own_pieces() {
    // Black's vice general on 8h behind its pawns on 7g, 8g and 9g: three king steps reach
    // 6f (by 7h and 6g), 7f (by 7h and 6g) and 10f, but not 8f or 8e.
    let mut pos = tenjiku(
        &[
            ("15p", "K"),
            ("2a", "k"),
            ("8h", "V!"),
            ("7g", "P"),
            ("8g", "P"),
            ("9g", "P"),
        ],
        'b',
    );
    let moves = moves_from(&mut pos, "8h");
    for m in ["8h6f", "8h7f", "8h10f"] {
        assert!(moves.contains(&m.to_owned()), "{m}");
    }
    for m in ["8h8f", "8h8e"] {
        assert!(!moves.contains(&m.to_owned()), "{m}");
    }
}

#[test]
fn tenjiku_start_position() {
    // 78 pieces a side, 36 kinds; the camps are point-symmetric.
    let pos = VPosition::start(VariantId::Tenjiku);
    let mut count = [0usize; 2];
    let mut kinds = std::collections::HashSet::new();
    for sq in pos.squares() {
        if let Some((k, side)) = pos.piece_at(sq) {
            count[side.index()] += 1;
            kinds.insert(k);
            let (f, r) = pos.coords(sq);
            assert_eq!(pos.piece_at(pos.square(15 - f, 15 - r)), Some((k, !side)));
        }
    }
    assert_eq!(count, [78, 78]);
    assert_eq!(kinds.len(), 36);
    // Its 64 moves, counted by hand rank by rank from Black's front: the dogs 1 each (2); the
    // pawns 14 (two stand behind dogs); the generals' rank 23: the horned falcons' leaps 2,
    // the soaring eagles' 4, and the jumping generals' captures over their own pawns, 17 (each
    // bishop general 3 on one diagonal: a pawn, a vertical mover and a side soldier; each rook
    // general 2: the pawn and the rook general on its file; the great general 6: up its file
    // the pawn, vice general, free eagle, free king and drunk elephant, and a pawn on a
    // diagonal; the vice general 1, a pawn); the third rank 10 (vertical soldiers, bishops,
    // dragon horses, dragon kings and water buffaloes 1 each, into the gaps of the second
    // rank); the second rank 7 (the chariot soldiers and blind tigers sideways, the kirin's
    // leap); the last rank 8 (ferocious leopards, iron, copper and silver generals).
    let mut pos = pos;
    assert_eq!(pos.legal_moves().len(), 64);
}

#[test]
fn check_counts_every_special_capture() {
    // Tenjiku: a great general checks over a pawn (it may jump it to take the king), not over
    // a great general; a fire demon checks by burning, three king steps from where it could
    // stand next to the king.
    let check = |pieces: &[(&str, &str)]| tenjiku(pieces, 'b').in_check_now();
    assert!(check(&[
        ("8p", "K"),
        ("8o", "P"),
        ("8h", "q!"),
        ("2a", "k")
    ]));
    assert!(!check(&[
        ("8p", "K"),
        ("8o", "Q!"),
        ("8h", "q!"),
        ("2a", "k")
    ]));
    assert!(check(&[("8p", "K"), ("8l", "d!"), ("2a", "k")]));
    assert!(!check(&[("8p", "K"), ("8k", "d!"), ("2a", "k")]));
    // With Black's own demon on 8n, every square next to the king that White's demon on 8l
    // reaches (7o, 8o, 9o) is next to Black's demon too, where White's is burnt before it
    // burns: no check.
    assert!(!check(&[
        ("8p", "K"),
        ("8n", "D!"),
        ("8l", "d!"),
        ("2a", "k")
    ]));
    // Dai dai: a hook mover round a corner (9a down to 9i, then along rank i to 1i).
    let mut hook = VPosition::from_sfen(
        VariantId::DaiDai,
        "8j8/17/17/17/17/17/17/17/16K/17/17/17/17/17/17/17/1k15 b - 1",
    )
    .unwrap();
    assert!(hook.in_check_now());
    // Chu, with the check of an ordinary piece: a rook on the king's file.
    let mut chu = VPosition::from_sfen(
        VariantId::Chu,
        "k11/12/12/12/12/12/12/12/12/12/12/r10K b - 1",
    )
    .unwrap();
    assert!(chu.in_check_now());
}

#[test]
fn maka_dai_dai_start_position() {
    // 96 pieces a side, 50 kinds, as the article lists them (two each of the dragon king and
    // horse, rook, bishop, side flier, violent ox, flying dragon, old rat, vertical and side
    // mover, donkey, knight, blind tiger, ferocious leopard, gold, silver, copper, tile, evil
    // wolf, iron, stone, reverse chariot, lance, earth general, go-between, blind bear, angry
    // boar and cat sword, 19 pawns, one of every other kind); the camps point-symmetric.
    let two = [
        "DK", "DH", "R", "B", "SF", "VO", "FD", "OR", "VM", "SM", "DY", "N", "BT", "FL", "G", "S",
        "C", "TG", "EW", "I", "SG", "RC", "L", "EGN", "GB", "BB", "AB", "CS",
    ];

    assert_eq!(
        check_start_counts(VariantId::MakaDaiDai, 19, &two, 2, 1),
        (50, 96)
    );
    // Its 78 moves, counted by hand from the setup and the pieces' moves: 17 pawn steps (the
    // two behind the go-betweens blocked) and the go-betweens' 2; on the fifth rank the left
    // and right chariots 1 each (straight back) and the dragon horses 3 each (back along the
    // open diagonal); on the fourth the donkeys 1 each, the violent oxen 3 each, the lion dog 3
    // (its jumps to the third square ahead and diagonally ahead) and the she-devil 2; on the
    // third the angry boars 4 each, the old rats, blind bears and evil wolves 1 each, the kirin
    // 1; on the second the reverse chariots 1 each, the Chinese cock 2, the coiled serpent 1,
    // the ferocious leopards 1 each, the reclining dragon 2; on the first the earth generals 1
    // each, the stones 2 each, the irons 2 each, the coppers and silvers 1 each.
    let mut pos = VPosition::start(VariantId::MakaDaiDai);
    assert_eq!(pos.legal_moves().len(), 78);
}

#[test]
fn the_emperor_leaps_anywhere_but_takes_only_unprotected_pieces() {
    // White: a king on 19a guarded along the first rank by a rook on 10a, a gold on 10e that
    // the rook guards, a lone silver on 3c. Black: an emperor on 10s.
    let mut pos = VPosition::from_sfen(
        VariantId::MakaDaiDai,
        "k8r9/19/16s2/19/9g9/19/19/19/19/19/19/19/19/19/19/19/19/19/9+K9 b - 1",
    )
    .unwrap();
    let moves = moves_from(&mut pos, "10s");
    assert!(moves.contains(&"10s3c".to_owned()), "the lone silver");
    assert!(
        moves.contains(&"10s10a".to_owned()),
        "the rook: nothing guards it"
    );
    assert!(!moves.contains(&"10s10e".to_owned()), "the gold is guarded");
    assert!(!moves.contains(&"10s19a".to_owned()), "the king is guarded");
    assert!(
        moves.contains(&"10s1a".to_owned()),
        "a leap to the far corner"
    );
    // Every empty square (361 less the five pieces) and the two unguarded pieces.
    assert_eq!(moves.len(), 356 + 2);
    // Taking the rook leaves the king unguarded.
    for text in ["10s10a", "3c3d"] {
        let m = pos.parse_move(text).unwrap();
        pos.make_move(m);
    }
    assert!(moves_from(&mut pos, "10a").contains(&"10a19a".to_owned()));
}

#[test]
fn a_piece_that_takes_a_deva_or_dark_spirit_becomes_what_they_promote_to() {
    // Black: a gold on 10j under a White deva (10i), a tokin on 5j under a dark spirit (5i), a
    // king on 15j under a dark spirit (15i). White's king on 19a.
    let sfen = "k18/19/19/19/19/19/19/19/4j'4i'4j'4/4K4G4+P4/19/19/19/19/19/19/19/19/19 b - 1";
    let mut pos = VPosition::from_sfen(VariantId::MakaDaiDai, sfen).unwrap();
    let gold = pos.parse_move("10j10i+").unwrap();
    let u = pos.make_move(gold);
    assert!(
        pos.to_sfen().contains("/4j'4+I'4j'4/4K9+P4/"),
        "a teaching king: {}",
        pos.to_sfen()
    );
    pos.unmake_move(gold, u);
    // A promoted piece (no promotion left) still becomes a Buddhist spirit.
    let tokin = pos.parse_move("5j5i").unwrap();
    let u = pos.make_move(tokin);
    assert!(
        pos.to_sfen().contains("/4j'4i'4+J'4/4K4G9/"),
        "a Buddhist spirit: {}",
        pos.to_sfen()
    );
    pos.unmake_move(tokin, u);
    // A king taking promotes to an emperor, as on any capture.
    let king = pos.parse_move("15j15i+").unwrap();
    pos.make_move(king);
    assert!(
        pos.to_sfen().contains("/4+K4i'4j'4/9G4+P4/"),
        "an emperor: {}",
        pos.to_sfen()
    );
}

#[test]
fn a_square_two_moves_reach_is_one_move() {
    // A lone furious fiend (dai dai): the lion's 24 squares and 64 two-step paths, and the 8
    // squares three away along its lines; its leap to the second square and its slide there
    // are one move.
    let mut pos = VPosition::from_sfen(
        VariantId::DaiDai,
        "k16/17/17/17/17/17/17/17/8+N8/17/17/17/17/17/17/17/16K b - 1",
    )
    .unwrap();
    assert_eq!(moves_from(&mut pos, "9i").len(), 24 + 64 + 8);
}

/// The turtle-snake's and vermillion sparrow's move (they move alike).
const TURTLE_SNAKE: &str = "
    o..o..o
    .o.o.o.
    ..ooo..
    ...^...
    ..ooo..
    .o...o.
    .......
";

/// Every square of the window on the eight lines (tai's free demon and free dream-eater, whose
/// limits lie beyond it).
const EVERY_LINE: &str = "
    o..o..o
    .o.o.o.
    ..ooo..
    ooo^ooo
    ..ooo..
    .o.o.o.
    o..o..o
";

/// Tai shogi's pieces that no smaller game has, the three that move there otherwise than in dai
/// dai (the rules of docs/variants.md: shogivar's table), and chu shogi's ranging pieces. From
/// the centre of 25x25 a slide crosses 12 squares.
const TAI: &[Case] = &[
    case(
        "e?",
        "fierce eagle: one step sideways, up to two diagonally",
        10,
        "
            .......
            .o...o.
            ..o.o..
            ..o^o..
            ..o.o..
            .o...o.
            .......
        ",
    ),
    case(
        "g?",
        "golden deer: diagonally forward without limit, up to two diagonally back",
        28,
        "
            o.....o
            .o...o.
            ..o.o..
            ...^...
            ..o.o..
            .o...o.
            .......
        ",
    ),
    case(
        "r?",
        "ram's-head soldier: diagonally forward without limit",
        24,
        "
            o.....o
            .o...o.
            ..o.o..
            ...^...
            .......
            .......
            .......
        ",
    ),
    case(
        "i?",
        "side dragon: forward and sideways without limit, one step back",
        37,
        "
            ...o...
            ...o...
            ...o...
            ooo^ooo
            ...o...
            .......
            .......
        ",
    ),
    case(
        "h?",
        "silver hare: up to two diagonally forward, diagonally back without limit",
        28,
        "
            .......
            .o...o.
            ..o.o..
            ...^...
            ..o.o..
            .o...o.
            o.....o
        ",
    ),
    case(
        "b?",
        "soldier: a rook's moves and diagonally back without limit",
        72,
        "
            ...o...
            ...o...
            ...o...
            ooo^ooo
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "t?",
        "turtle-snake: forward and diagonally forward without limit, one step back, up to two \
         diagonally back",
        41,
        TURTLE_SNAKE,
    ),
    case(
        "v?",
        "vermillion sparrow: as shogivar has it, the turtle-snake's move",
        41,
        TURTLE_SNAKE,
    ),
    case(
        "r!",
        "free demon: sideways and diagonally without limit, up to five forward and back",
        // 24 sideways, 48 diagonally, 10 on the file.
        82,
        EVERY_LINE,
    ),
    case(
        "t'",
        "free dream-eater: forward, back and diagonally without limit, up to five sideways",
        82,
        EVERY_LINE,
    ),
    case(
        "k!",
        "neighbouring king: every king step but straight back",
        7,
        "
            .......
            .......
            ..ooo..
            ..o^o..
            ..o.o..
            .......
            .......
        ",
    ),
    // Chu shogi's ranging pieces, which dai shogi has and the tables above do not draw.
    case(
        "t!",
        "white horse: forward, back and diagonally forward without limit",
        48,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ...^...
            ...o...
            ...o...
            ...o...
        ",
    ),
    case(
        "x!",
        "whale: forward, back and diagonally back without limit",
        48,
        "
            ...o...
            ...o...
            ...o...
            ...^...
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "o?",
        "flying ox: forward, back and diagonally without limit",
        72,
        "
            o..o..o
            .o.o.o.
            ..ooo..
            ...^...
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "f?",
        "horned falcon: diagonally, sideways and back without limit; the lion's power straight \
         forward (one or two squares)",
        86,
        "
            o.....o
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "l?",
        "soaring eagle: orthogonally and diagonally back without limit; the lion's power \
         diagonally forward (one or two squares)",
        76,
        "
            ...o...
            .o.o.o.
            ..ooo..
            ooo^ooo
            ..ooo..
            .o.o.o.
            o..o..o
        ",
    ),
    case(
        "p?",
        "peacock: a hook move from its diagonally forward slides (a second slide at a right \
         angle from any square of the first), up to two diagonally back",
        // The hook reaches every square (x, y) with x + y or y - x even and positive: 144 on
        // each family of lines, 66 on both; and the four squares diagonally back.
        226,
        "
            o.o.o.o
            .o.o.o.
            o.o.o.o
            .o.^.o.
            o.o.o.o
            .o...o.
            .......
        ",
    ),
];

#[test]
fn tai_pieces_move_as_drawn() {
    check(VariantId::Tai, TAI);
    // Every other kind moves as a piece drawn here or for dai, dai dai or maka dai dai shogi:
    // the same catalogue piece.
    let drawn = |id: VariantId, cases: &[Case], code: &str| {
        id.rules()
            .kinds
            .iter()
            .any(|k| k.piece.code == code && cases.iter().any(|c| c.letters == k.sfen))
    };
    let rules = VariantId::Tai.rules();
    let mut golds = 0;
    let mut missing = Vec::new();
    for k in &rules.kinds {
        if TAI.iter().any(|c| c.letters == k.sfen) {
            continue;
        }
        golds += usize::from(k.promoted && k.piece.code == "G");
        if !(drawn(VariantId::Tai, TAI, k.piece.code)
            || drawn(VariantId::Dai, DAI, k.piece.code)
            || drawn(VariantId::DaiDai, DAI_DAI, k.piece.code)
            || drawn(VariantId::MakaDaiDai, MAKA, k.piece.code))
        {
            missing.push(format!("{} ({})", k.sfen, k.piece.name));
        }
    }
    assert!(missing.is_empty(), "drawn nowhere: {missing:?}");
    assert_eq!(golds, 14, "the promotions to gold");
    assert_eq!(rules.kinds.len(), 93 + 36);
}

#[test]
fn tai_start_position() {
    // 177 pieces a side of 93 kinds, as the article and shogivar list them: 25 pawns; one
    // each of the emperor, crown prince, drunk elephant, lion, kirin, phoenix, lion dog, she-devil,
    // guardian of the gods, wrestler, Buddhist devil, neighbouring king, left and right general,
    // deva and dark spirit, hook mover, capricorn, great dragon, golden bird, old kite, rushing
    // bird, the four barbarians, the turtle-snake and vermillion sparrow, white tiger and blue
    // dragon, left and right chariot; two of every other kind. The camps point-symmetric.
    let one = [
        "EM", "CP", "DE", "LN", "KY", "PH", "LD", "SD", "GG", "WR", "BDV", "NKT", "LG", "RG", "DV",
        "DS", "HM", "CA", "GD", "GO", "OK", "RB", "EBA", "WBA", "NBA", "SBA", "TS", "VSP", "WT",
        "BD", "LCH", "RCH",
    ];

    assert_eq!(
        check_start_counts(VariantId::Tai, 25, &one, 1, 2),
        (93, 177)
    );
    // Its 304 moves, counted by hand from the setup and the pieces' moves: the emperor's 271,
    // one to every empty square of the board (625 less the 354 pieces; it takes nothing, since
    // White's emperor protects every White piece); 23 pawn steps (the two behind the
    // go-betweens blocked) and the go-betweens' 2; behind the pawns the donkeys' jumps two
    // squares ahead (1 each) and the lion dog's 6 (its jumps to the second and third squares
    // ahead and diagonally ahead). Every other piece is hemmed in by its own.
    let mut pos = VPosition::start(VariantId::Tai);
    let emperor = pos.parse_square("13y").unwrap();
    let moves = pos.legal_moves();
    assert_eq!(moves.iter().filter(|m| m.from == emperor).count(), 271);
    assert_eq!(moves.len(), 304);
}

#[test]
fn an_emperor_protects_every_piece_of_its_side() {
    // Black's emperor on 13y; White's emperor on 1a, a lone White silver on 13m. While White's
    // emperor stands, the silver is protected and Black's emperor cannot take it; White's
    // emperor itself, which nothing guards, it can. With White's emperor gone (a crown prince
    // left), the silver is there for the taking.
    let board = |white_royal: &str| {
        format!("24{white_royal}/25/25/25/25/25/25/25/25/25/25/25/12s12/25/25/25/25/25/25/25/25/25/25/25/12K12 b - 1")
    };
    let mut pos = VPosition::from_sfen(VariantId::Tai, &board("k")).unwrap();
    let moves = moves_from(&mut pos, "13y");
    assert!(!moves.contains(&"13y13m".to_owned()), "{moves:?}");
    assert!(moves.contains(&"13y1a".to_owned()));
    assert_eq!(moves.len(), 622 + 1);
    let mut pos = VPosition::from_sfen(VariantId::Tai, &board("z")).unwrap();
    let moves = moves_from(&mut pos, "13y");
    assert!(moves.contains(&"13y13m".to_owned()));
    assert!(
        moves.contains(&"13y1a".to_owned()),
        "the prince is unguarded"
    );
    // The same rule in maka dai dai: an emperor there protects its side as well.
    let mut maka = VPosition::from_sfen(
        VariantId::MakaDaiDai,
        "18+k/19/19/19/19/19/19/19/9s9/19/19/19/19/19/19/19/19/19/9+K9 b - 1",
    )
    .unwrap();
    assert!(!moves_from(&mut maka, "10s").contains(&"10s10i".to_owned()));
}

#[test]
fn the_peacock_turns_only_from_its_forward_diagonals() {
    // A Black peacock on 13m, a White pawn on 11k in its forward-right line: the slide stops
    // there (capture), so the squares round the corner beyond it are not reached from that
    // line; back along its diagonals it goes two squares and never turns.
    let mut pos = VPosition::from_sfen(
        VariantId::Tai,
        "24k/25/25/25/25/25/25/25/25/25/14p10/25/12P?12/25/25/25/25/25/25/25/25/25/25/25/1K23 b - 1",
    )
    .unwrap();
    let moves = moves_from(&mut pos, "13m");
    assert!(moves.contains(&"13m11k".to_owned()), "takes the pawn");
    // 12l is the only square of the forward-right line before the pawn: from it the hook
    // turns onto its perpendicular line (13k, 14j, ... and 11m, 10n, ...).
    assert!(moves.contains(&"13m13k".to_owned()));
    assert!(moves.contains(&"13m10n".to_owned()));
    // Beyond the pawn nothing on the line 10j, 9i, ...
    assert!(!moves.contains(&"13m10j".to_owned()));
    // Diagonally back: 12n, 11o, 14n, 15o; no turn from there (16p is no move of its own).
    for sq in ["12n", "11o", "14n", "15o"] {
        assert!(moves.contains(&format!("13m{sq}")), "{sq}");
    }
    assert!(!moves.contains(&"13m13q".to_owned()));
}
