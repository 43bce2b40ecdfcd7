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
    pos.make_move(m);
    m
}

/// Starts the `hisha` binary with piped stdin and stdout (stderr dropped); its stdout arrives
/// as lines on the returned channel, read on a thread of its own.
pub fn spawn_hisha() -> (
    std::process::Child,
    std::process::ChildStdin,
    crossbeam_channel::Receiver<String>,
) {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_hisha"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start hisha");
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = crossbeam_channel::unbounded();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let stdin = child.stdin.take().unwrap();
    (child, stdin, rx)
}

/// FNV-1a (64 bits) of `text` as 16 hex digits, as the oracle scripts write their hashes of
/// move lists (scripts/taikyoku_oracle, scripts/hachu_oracle.py).
pub fn fnv(text: &str) -> String {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    format!("{h:016x}")
}
