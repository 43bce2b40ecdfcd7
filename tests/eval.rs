//! The evaluation is symmetric: a position and its mirror image (board rotated, colours and
//! hands swapped, the other side to move) get the same score from the side to move's view.

mod common;
use hisha::eval::{evaluate, evaluate_material};
use hisha::shogi::Position;

/// The SFEN of `sfen` rotated by 180 degrees with colours swapped.
fn flip(sfen: &str) -> String {
    let f: Vec<&str> = sfen.split_whitespace().collect();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    // Expand each rank to 9 cells, reverse ranks and cells, swap colours, compress again.
    let mut ranks: Vec<Vec<String>> = f[0]
        .split('/')
        .map(|r| {
            let mut cells = Vec::new();
            let mut chars = r.chars();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    cells.extend(std::iter::repeat_n(String::new(), d as usize));
                } else if c == '+' {
                    let p = chars.next().unwrap();
                    cells.push(format!("+{}", swap(p)));
                } else {
                    cells.push(swap(c).to_string());
                }
            }
            cells.reverse();
            cells
        })
        .collect();
    ranks.reverse();
    let board: Vec<String> = ranks
        .iter()
        .map(|cells| {
            let mut s = String::new();
            let mut empty = 0;
            for c in cells {
                if c.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    let side = if f[1] == "b" { "w" } else { "b" };
    let hand: String = if f[2] == "-" {
        "-".into()
    } else {
        f[2].chars().map(swap).collect()
    };
    format!("{} {side} {hand} 1", board.join("/"))
}

#[test]
fn flipped_positions_score_the_same() {
    let mut sfens: Vec<String> = hisha::bench::positions().map(String::from).collect();
    for file in ["perft.txt", "rules.txt"] {
        sfens.extend(common::perft_table(file).into_iter().map(|r| r.sfen));
    }
    let mut checked = 0;
    for sfen in &sfens {
        let p = Position::from_sfen(sfen).unwrap();
        let q = Position::from_sfen(&flip(sfen)).unwrap();
        assert_eq!(evaluate(&p), evaluate(&q), "{sfen} vs {}", flip(sfen));
        assert_eq!(evaluate_material(&p), evaluate_material(&q), "{sfen}");
        checked += 1;
    }
    assert!(checked > 90);
}

#[test]
fn flip_is_an_involution() {
    let s = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
    assert_eq!(
        Position::from_sfen(&flip(&flip(s))).unwrap().to_sfen(),
        Position::from_sfen(s).unwrap().to_sfen()
    );
    assert_ne!(flip(s), s);
}
