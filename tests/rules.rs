//! The rules, one at a time: each test names the rule and asserts what it implies for specific
//! moves. Move counts for these positions are checked against two independent generators in
//! tests/perft.rs (positions/rules.txt); here the assertions come from the rules themselves.

mod common;
use common::{legal_strings, play};
use hisha::shogi::{
    generate_all, generate_legal, is_legal, Color, Move, MoveList, Position, Repetition,
};
use rand::{Rng, SeedableRng};

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

#[test]
fn nifu_forbids_a_second_pawn_on_a_file() {
    let moves = legal_strings(&pos("4k4/9/9/9/9/9/4P4/9/4K4 b P 1"));
    assert!(
        !moves.iter().any(|m| m.starts_with("P*5")),
        "pawn dropped on file 5"
    );
    assert!(moves.contains(&"P*4e".to_string()));
    // A tokin is not a pawn.
    let moves = legal_strings(&pos("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1"));
    assert!(moves.contains(&"P*5e".to_string()));
}

#[test]
fn pawn_drop_mate_is_illegal() {
    assert!(!legal_strings(&pos("8k/9/6N1G/9/9/9/9/9/K8 b P 1")).contains(&"P*1b".into()));
    assert!(!legal_strings(&pos("8k/9/9/9/9/9/g1n6/9/K8 w p 1")).contains(&"P*9h".into()));
    // The defender that could take the pawn is pinned: still mate, still illegal.
    // (python-shogi gets this one wrong; cshogi agrees with us.)
    assert!(!legal_strings(&pos("R6sk/9/8G/9/9/9/9/9/K8 b P 1")).contains(&"P*1b".into()));
}

#[test]
fn pawn_drop_check_that_is_not_mate_is_legal() {
    // The king can escape to 2a.
    assert!(legal_strings(&pos("8k/9/8G/9/9/9/9/9/K8 b P 1")).contains(&"P*1b".into()));
    // The king can take the unprotected pawn.
    assert!(legal_strings(&pos("8k/9/9/9/9/9/9/9/K8 b P 1")).contains(&"P*1b".into()));
}

#[test]
fn mate_by_pawn_push_is_legal() {
    // 1c1b mates (the knight covers 2a, the gold drop is not needed): pushing is not dropping.
    let mut p = pos("8k/9/6NGP/9/9/9/9/9/K8 b - 1");
    assert!(legal_strings(&p).contains(&"1c1b".into()));
    play(&mut p, "1c1b");
    assert!(p.in_check());
    assert!(!hisha::shogi::has_legal_move(&p));
}

#[test]
fn no_drop_where_a_piece_could_never_move() {
    let moves = legal_strings(&pos("4k4/9/9/9/9/9/9/9/4K4 b PLN 1"));
    for m in &moves {
        if let Some(sq) = m.strip_prefix("P*").or_else(|| m.strip_prefix("L*")) {
            assert!(!sq.ends_with('a'), "{m}");
        }
        if let Some(sq) = m.strip_prefix("N*") {
            assert!(!sq.ends_with('a') && !sq.ends_with('b'), "{m}");
        }
    }
    let moves = legal_strings(&pos("4k4/9/9/9/9/9/9/9/4K4 w pln 1"));
    for m in &moves {
        if let Some(sq) = m.strip_prefix("P*").or_else(|| m.strip_prefix("L*")) {
            assert!(!sq.ends_with('i'), "{m}");
        }
        if let Some(sq) = m.strip_prefix("N*") {
            assert!(!sq.ends_with('i') && !sq.ends_with('h'), "{m}");
        }
    }
}

#[test]
fn promotion_is_mandatory_where_the_piece_could_never_move_again() {
    let moves = legal_strings(&pos("4k4/6P2/9/5N3/9/9/9/9/L3K4 b - 1"));
    // Pawn to the last rank, knight to the last two ranks: promotion only.
    assert!(moves.contains(&"3b3a+".into()) && !moves.contains(&"3b3a".into()));
    assert!(
        !moves.iter().any(|m| m.starts_with("4d3b")),
        "3b holds our own pawn"
    );
    assert!(moves.contains(&"4d5b+".into()) && !moves.contains(&"4d5b".into()));
    // Lance: the last rank forces promotion, the second rank does not.
    assert!(moves.contains(&"9i9a+".into()) && !moves.contains(&"9i9a".into()));
    assert!(moves.contains(&"9i9b+".into()) && moves.contains(&"9i9b".into()));
    assert!(moves.contains(&"9i9c+".into()) && moves.contains(&"9i9c".into()));
    assert!(!moves.contains(&"9i9d+".into()) && moves.contains(&"9i9d".into()));
}

#[test]
fn promotion_is_optional_entering_inside_and_leaving_the_zone() {
    let moves = legal_strings(&pos("4k4/9/9/3S5/9/9/9/9/4K4 b - 1"));
    assert!(moves.contains(&"6d6c+".into()) && moves.contains(&"6d6c".into()));
    // Leaving the zone from 7c: promotion allowed.
    let moves = legal_strings(&pos("4k4/9/2S6/9/9/9/9/9/4K4 b - 1"));
    assert!(moves.contains(&"7c6d+".into()) && moves.contains(&"7c6d".into()));
    assert!(moves.contains(&"7c7b+".into()) && moves.contains(&"7c7b".into()));
}

#[test]
fn search_generator_skips_only_pointless_non_promotions() {
    let p = pos("4k4/9/9/9/4B4/9/9/9/R3K4 b - 1");
    let mut all = MoveList::new();
    let mut search = MoveList::new();
    generate_all(&p, &mut all);
    generate_legal(&p, &mut search);
    for m in search.iter() {
        assert!(all.contains(*m));
    }
    let skipped: Vec<String> = all
        .iter()
        .filter(|m| !search.contains(**m))
        .map(|m| m.to_string())
        .collect();
    assert!(!skipped.is_empty());
    for m in &skipped {
        // Every skipped move has a promoting twin in the search list.
        assert!(
            search.iter().any(|x| x.to_string() == format!("{m}+")),
            "{m}"
        );
    }
}

#[test]
fn pinned_pieces_move_only_along_the_pin() {
    let moves = legal_strings(&pos("4r4/9/9/9/9/9/4G4/9/4K4 b - 1"));
    assert!(moves.contains(&"5g5f".into()));
    assert!(!moves.contains(&"5g4g".into()) && !moves.contains(&"5g6f".into()));
    let moves = legal_strings(&pos("8b/9/9/9/9/9/2S6/9/K8 b - 1"));
    assert!(moves.contains(&"7g6f".into()));
    assert!(!moves.contains(&"7g7f".into()) && !moves.contains(&"7g8f".into()));
}

#[test]
fn evasions() {
    // Check by a rook along the file: king steps aside, or interpose on 5f..5h (drops too).
    let p = pos("4k4/9/9/9/4r4/9/9/9/4K4 b GSP 1");
    assert!(p.in_check());
    let moves = legal_strings(&p);
    assert!(moves.contains(&"G*5h".into()) && moves.contains(&"S*5f".into()));
    assert!(moves.contains(&"P*5g".into()));
    assert!(!moves.contains(&"G*4h".into()));
    // Double check: only king moves.
    let p = pos("4k4/9/9/9/4r4/1b7/9/9/4K4 b RBG 1");
    assert!(p.checkers().count() == 2);
    for m in legal_strings(&p) {
        assert!(m.starts_with("5i"), "{m}");
    }
    // Knight check cannot be blocked.
    let moves = legal_strings(&pos("4k4/9/9/9/9/9/3n5/9/4K4 b G 1"));
    assert!(!moves.iter().any(|m| m.starts_with("G*")));
}

#[test]
fn the_king_never_moves_into_check() {
    let moves = legal_strings(&pos("4k4/9/9/9/9/3r5/9/9/4K4 b - 1"));
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(sorted, vec!["5i4h", "5i4i", "5i5h"]);
}

#[test]
fn sennichite_and_perpetual_check_in_a_game() {
    let mut p = Position::startpos();
    for m in [
        "2h1h", "8b9b", "1h2h", "9b8b", "2h1h", "8b9b", "1h2h", "9b8b",
    ] {
        play(&mut p, m);
    }
    assert_eq!(p.repetition(100), Some(Repetition::Draw));
    assert_eq!(p.repetition_count(), 2);
    for m in ["2h1h", "8b9b", "1h2h", "9b8b"] {
        play(&mut p, m);
    }
    // The fourth occurrence: sennichite.
    assert_eq!(p.repetition_count(), 3);
}

#[test]
fn superior_and_inferior_repetition() {
    // White drops a pawn, Black's rook takes it and goes home: the board repeats with Black
    // a pawn richer.
    let mut p = pos("4k4/9/9/9/9/9/9/7R1/4K4 b p 1");
    for m in ["2h2g", "P*2f", "2g2f", "5a5b", "2f2h", "5b5a"] {
        play(&mut p, m);
    }
    assert_eq!(p.repetition(100), Some(Repetition::Superior));
    // The same board as after Black's first move, White to move, a pawn poorer.
    play(&mut p, "2h2g");
    assert_eq!(p.repetition(100), Some(Repetition::Inferior));
}

/// Random games: every generated move is legal by a brute-force check, make/unmake restores the
/// position exactly, SFEN round-trips, and `gives_check` agrees with making the move.
#[test]
fn random_games_are_self_consistent() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(20_261_122);
    let mut positions = 0;
    for _game in 0..60 {
        let mut p = Position::startpos();
        for _ply in 0..200 {
            let mut list = MoveList::new();
            generate_all(&p, &mut list);
            if list.is_empty() {
                assert!(
                    p.in_check(),
                    "no legal move but not in check: {}",
                    p.to_sfen()
                );
                break;
            }
            let sfen = p.to_sfen();
            let key = p.key();
            let again = Position::from_sfen(&sfen).expect("round trip");
            assert_eq!(again.to_sfen(), sfen);
            assert_eq!(again.key(), key, "incremental key differs from a fresh one");
            let us = p.side_to_move();
            for &m in list.iter() {
                let gives = p.gives_check(m);
                p.make_move(m);
                let king = p.king_square(us).expect("both kings on board");
                assert!(
                    !p.is_attacked(king, !us, p.occupied()),
                    "{m} leaves the king in check in {sfen}"
                );
                assert_eq!(gives, p.in_check(), "gives_check wrong for {m} in {sfen}");
                p.unmake_move(m);
                assert_eq!(p.key(), key);
            }
            assert_eq!(p.to_sfen(), sfen);
            // Prefer captures and drops so hands fill up.
            let caps: Vec<Move> = list
                .iter()
                .copied()
                .filter(|m| !m.is_drop() && p.piece_on(m.to()).is_some())
                .collect();
            let m = if !caps.is_empty() && rng.gen_bool(0.5) {
                caps[rng.gen_range(0..caps.len())]
            } else {
                list[rng.gen_range(0..list.len())]
            };
            assert!(is_legal(&p, m));
            p.make_move(m);
            positions += 1;
        }
    }
    assert!(positions > 5000);
}

#[test]
fn sfen_round_trips_for_every_listed_position() {
    for file in ["perft.txt", "rules.txt"] {
        for row in common::perft_table(file) {
            let p = pos(&row.sfen);
            let out = p.to_sfen();
            let again = pos(&out);
            assert_eq!(again.to_sfen(), out);
            assert_eq!(again.key(), p.key());
        }
    }
    for sfen in hisha::bench::positions() {
        let p = pos(sfen);
        assert_eq!(pos(&p.to_sfen()).to_sfen(), p.to_sfen());
    }
    // Hands in any order in, canonical order out (R B G S N L P, Black first).
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b 2p3PbGrLsNS 1");
    assert_eq!(p.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b GSNL3Prbs2p 1");
    assert_eq!(p.hand(Color::Black).count(hisha::shogi::PieceKind::Pawn), 3);
}

#[test]
fn handicap_positions_start_with_white() {
    let p = pos("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    assert_eq!(p.side_to_move(), Color::White);
    assert_eq!(legal_strings(&p).len(), 26);
}
