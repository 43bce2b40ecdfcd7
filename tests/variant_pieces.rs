//! Every piece of dai and dai dai shogi against a move diagram drawn by hand from the rule
//! sources (the dai dai shogi article of seed 004 for its pieces, the dai shogi and chu shogi
//! rules for theirs), not from the catalogue's Betza: the piece alone in the centre of the empty
//! board (the two kings in corners off its lines), Black to move.
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

/// The squares the piece `letters` (Black) moves to from the centre of `variant`'s empty board,
/// as (dx, dy) offsets, dy forward: each once, the piece's own square (a pass) left out.
fn destinations(variant: VariantId, letters: &str) -> Vec<(i32, i32)> {
    let n = variant.rules().files as usize;
    let c = n / 2;
    // Kings next to two corners, on no line through the centre: Black's (unless the king is
    // the piece) on the second file of the last rank, White's one from the other edge of the
    // first rank.
    let mut rows = Vec::new();
    for r in 0..n {
        let mut cells = vec![String::new(); n];
        if r == 0 {
            cells[n - 2] = "k".into();
        }
        if r == n - 1 && letters != "k" {
            cells[1] = "K".into();
        }
        if r == c {
            cells[c] = letters.to_uppercase();
        }
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
    let sfen = format!("{} b - 1", rows.join("/"));
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

#[test]
fn dai_dai_pieces_move_as_drawn() {
    check(VariantId::DaiDai, DAI_DAI);
}

#[test]
fn dai_pieces_move_as_drawn() {
    check(VariantId::Dai, DAI);
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
    let undo = pos.make(m);
    assert_eq!(
        pos.to_sfen(),
        "15k1/17/17/17/17/8+Z8/17/17/17/17/17/17/17/17/17/17/1K15 w - 2"
    );
    pos.unmake(m, undo);
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
    pos.make(m);
    assert!(pos.to_sfen().contains("+E'"), "{}", pos.to_sfen());
    let m = pos.parse_move("17p17q").unwrap();
    pos.make(m);
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

#[test]
fn dai_dai_start_position() {
    // 96 pieces a side, 64 kinds, as the article lists them (two each of the violent ox,
    // savage tiger, ferocious leopard, evil wolf, violent bear, gold, silver, copper, iron, wood
    // and stone generals, angry boar, reverse chariot, lance, side mover and howling dog, 17
    // pawns, one of every other kind); the two camps mirror each other.
    let pos = VPosition::start(VariantId::DaiDai);
    let rules = VariantId::DaiDai.rules();
    let mut count = vec![[0usize; 2]; rules.kinds.len()];
    for sq in pos.squares() {
        if let Some((k, side)) = pos.piece_at(sq) {
            count[k as usize][side] += 1;
            let (f, r) = pos.coords(sq);
            let mirror = pos.square(16 - f, 16 - r);
            assert_eq!(pos.piece_at(mirror), Some((k, 1 - side)));
        }
    }
    let two = [
        "VO", "ST", "FL", "EW", "VB", "G", "S", "C", "I", "WG", "SG", "AB", "RC", "L", "SM", "HD",
    ];
    let mut kinds = 0;
    for (k, kind) in rules.kinds.iter().enumerate() {
        if kind.promoted {
            assert_eq!(count[k], [0, 0]);
            continue;
        }
        kinds += 1;
        let want = match kind.piece.code {
            "P" => 17,
            c if two.contains(&c) => 2,
            _ => 1,
        };
        assert_eq!(count[k], [want, want], "{}", kind.piece.name);
    }
    assert_eq!(kinds, 64);
    // Its 59 moves, counted by hand from the setup and the article's moves: 17 pawns less the
    // two behind the howling dogs (15), the howling dogs 4 each (8), the lion 3 and a pass (4),
    // two each by the southern barbarian, old kite, old rat, water buffalo, flying horse,
    // enchanted badger, blind monkey, rushing bird, cat sword, the side-stepping vertical
    // mover (20), one each by the blue dragon, fragrant elephant's two, the white tiger, the
    // reverse chariots, the prancing stag, the phoenix, the golds, the lion dog and its pass.
    let mut pos = pos;
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
