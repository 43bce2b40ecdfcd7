//! Helpers shared by the integration tests.
#![allow(dead_code)]

use hisha::shogi::{generate_all, Move, MoveList, Position};

/// One line of a `name ; sfen ; d1 ; d2 ...` table.
pub struct PerftRow {
    pub name: String,
    pub sfen: String,
    pub counts: Vec<u64>,
}

/// Reads a perft table from `positions/`.
pub fn perft_table(file: &str) -> Vec<PerftRow> {
    let path = format!("{}/positions/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            PerftRow {
                name: f[0].to_string(),
                sfen: f[1].to_string(),
                counts: f[2..].iter().map(|c| c.parse().expect("count")).collect(),
            }
        })
        .collect()
}

/// All legal moves (perft convention) as USI strings.
pub fn legal_strings(pos: &Position) -> Vec<String> {
    let mut l = MoveList::new();
    generate_all(pos, &mut l);
    l.iter().map(|m| m.to_string()).collect()
}

/// Plays a move given in USI text; panics if it is not legal.
pub fn play(pos: &mut Position, usi: &str) -> Move {
    let mut l = MoveList::new();
    generate_all(pos, &mut l);
    let m = *l
        .iter()
        .find(|m| m.to_string() == usi)
        .unwrap_or_else(|| panic!("{usi} is not legal in {}", pos.to_sfen()));
    pos.do_move(m);
    m
}
