//! The evaluation is symmetric: a position and its mirror image (board rotated, colours and
//! hands swapped, the other side to move) get the same score from the side to move's view.

mod common;
use hisha::eval::{evaluate, evaluate_material};
use hisha::shogi::Position;

/// The SFEN of `sfen` with the sides exchanged (the board turned round).
fn flip(sfen: &str) -> String {
    hisha::notation::sfen::flip(sfen).expect("an SFEN")
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
fn flipping_keeps_positions_legal_and_gives_them_back() {
    let mut sfens: Vec<String> = hisha::bench::positions().map(String::from).collect();
    sfens.extend(common::perft_table("perft.txt").into_iter().map(|r| r.sfen));
    for sfen in &sfens {
        let original = Position::from_sfen(sfen).unwrap().to_sfen();
        let flipped = Position::from_sfen(&flip(sfen)).unwrap();
        assert_ne!(flipped.to_sfen(), original);
        let back = Position::from_sfen(&flip(&flipped.to_sfen())).unwrap();
        assert_eq!(back.to_sfen(), original);
    }
}
