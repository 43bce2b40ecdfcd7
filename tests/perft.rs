//! Perft against published tables (positions/perft.txt) and against counts on which two
//! independent generators agree (positions/rules.txt). Deep rows are `#[ignore]`d: run them with
//! `make perft-deep` (cargo test --release --test perft -- --ignored).

mod common;
use common::perft_table;
use hisha::shogi::{perft, Position};

/// Rows with more leaves than this are left to the deep test.
const QUICK_MAX_LEAVES: u64 = 25_000_000;

fn check(file: &str, min: u64, max: u64) -> usize {
    let mut checked = 0;
    for row in perft_table(file) {
        let mut pos = Position::from_sfen(&row.sfen)
            .unwrap_or_else(|e| panic!("{}: bad SFEN {}: {e}", row.name, row.sfen));
        for (i, &expected) in row.counts.iter().enumerate() {
            if expected < min || expected > max {
                continue;
            }
            let depth = i as u32 + 1;
            let got = perft(&mut pos, depth);
            assert_eq!(got, expected, "{} depth {depth} ({})", row.name, row.sfen);
            checked += 1;
        }
    }
    checked
}

#[test]
fn published_tables_quick() {
    assert!(check("perft.txt", 0, QUICK_MAX_LEAVES) >= 30);
}

#[test]
fn two_generators_agree_with_us() {
    assert!(check("rules.txt", 0, u64::MAX) >= 160);
}

#[test]
#[ignore = "deep perft: minutes in release mode; run with make perft-deep"]
fn published_tables_deep() {
    let max = std::env::var("HISHA_PERFT_MAX_LEAVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000_000_000u64);
    assert!(check("perft.txt", QUICK_MAX_LEAVES + 1, max) >= 5);
}
