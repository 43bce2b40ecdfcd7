//! Mutation fuzzing of every reader of outside text: USI command lines, SFEN and position text,
//! USI and Western move text, handicap specs, the variants' SFEN and moves, XBoard move text,
//! opening books and the record formats. Each target gets inputs mutated from a corpus of real ones (bytes
//! flipped, inserted, deleted, duplicated, spliced from another input, cut); none may panic.
//!
//! `cargo test` runs a short pass (`FUZZ_ITERATIONS`, default 3,000 a target); `make fuzz` a
//! long one. The seed is fixed, so a failure reproduces; `FUZZ_SEED` picks another.
//! `FUZZ_THREADS` (default 1) spreads a target's inputs over that many threads: the inputs,
//! made in order on one thread, are the same whatever the count, and a failure names its
//! input's number.

mod fuzz_targets;

use fuzz_targets as target;
use fuzz_targets::text;
use hisha::shogi::Position;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::panic::{catch_unwind, AssertUnwindSafe};

fn iterations() -> usize {
    std::env::var("FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3_000)
}

fn threads() -> usize {
    std::env::var("FUZZ_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
        .max(1)
}

fn seed() -> u64 {
    std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(54)
}

/// Bytes that make readers stumble: separators, signs, digits, letters of every grammar,
/// multi-byte characters and control bytes.
const SPICE: &[&[u8]] = &[
    b" ",
    b"/",
    b"+",
    b"-",
    b"*",
    b"'",
    b"=",
    b"x",
    b",",
    b"0",
    b"9",
    b"99999999999999999999",
    b"-1",
    b"\n",
    b"\t",
    b"\0",
    b"\x1b",
    b"\xff",
    "\u{e9}".as_bytes(),
    "歩".as_bytes(),
    "同　".as_bytes(),
    "変化：".as_bytes(),
    "まで".as_bytes(),
    b"P*",
    b"+R",
    b"moves",
    b"sfen",
    b"startpos",
    b"%TORYO",
    b"PI",
    b"P1",
    b"{",
    b"}",
    b"[",
    b"\"",
    b"!",
    b"@",
    b"c'",
    b"l!",
];

/// One mutation of `input`, sometimes with a piece of `other`.
fn mutate(rng: &mut StdRng, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = input.to_vec();
    for _ in 0..rng.gen_range(1..=4) {
        let at = if v.is_empty() {
            0
        } else {
            rng.gen_range(0..=v.len())
        };
        match rng.gen_range(0..7) {
            0 if !v.is_empty() => {
                let i = rng.gen_range(0..v.len());
                v[i] ^= 1 << rng.gen_range(0..8);
            }
            1 => {
                let s = SPICE[rng.gen_range(0..SPICE.len())];
                v.splice(at..at, s.iter().copied());
            }
            2 if at < v.len() => {
                let end = (at + rng.gen_range(1..8)).min(v.len());
                v.drain(at..end);
            }
            3 if at < v.len() => {
                let end = (at + rng.gen_range(1..16)).min(v.len());
                let piece: Vec<u8> = v[at..end].to_vec();
                v.splice(end..end, piece);
            }
            4 if !other.is_empty() => {
                let a = rng.gen_range(0..other.len());
                let b = (a + rng.gen_range(1..32)).min(other.len());
                v.splice(at..at, other[a..b].iter().copied());
            }
            5 => v.truncate(at),
            _ => {
                let byte = rng.gen::<u8>();
                v.insert(at, byte);
            }
        }
    }
    v
}

/// Feeds `iterations()` mutations of `corpus` to `target`; a panic fails the test with the
/// input that caused it.
fn fuzz(name: &str, corpus: &[&[u8]], target: impl Fn(&[u8]) + Sync) {
    fuzz_n(name, corpus, iterations(), target);
}

/// `fuzz` with `n` mutations, on `threads()` threads.
fn fuzz_n(name: &str, corpus: &[&[u8]], n: usize, target: impl Fn(&[u8]) + Sync) {
    let mut rng = StdRng::seed_from_u64(seed() ^ name.len() as u64);
    let (tx, rx) = crossbeam_channel::bounded::<(usize, Vec<u8>)>(1024);
    // The first input that panicked (the least number), if any.
    let failed = std::sync::Mutex::new(None::<(usize, Vec<u8>)>);
    std::thread::scope(|scope| {
        for _ in 0..threads() {
            let (rx, failed, target) = (rx.clone(), &failed, &target);
            scope.spawn(move || {
                for (i, input) in rx {
                    if catch_unwind(AssertUnwindSafe(|| target(&input))).is_err() {
                        let mut f = failed.lock().unwrap_or_else(|e| e.into_inner());
                        if f.as_ref().is_none_or(|(j, _)| i < *j) {
                            *f = Some((i, input));
                        }
                    }
                }
            });
        }
        drop(rx);
        for i in 0..n {
            let a = corpus[rng.gen_range(0..corpus.len())];
            let b = corpus[rng.gen_range(0..corpus.len())];
            let input = mutate(&mut rng, a, b);
            let stop = failed.lock().unwrap_or_else(|e| e.into_inner()).is_some();
            if stop || tx.send((i, input)).is_err() {
                break;
            }
        }
        drop(tx);
    });
    if let Some((i, input)) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        panic!(
            "{name}: input {i} panicked: {:?}",
            String::from_utf8_lossy(&input)
        );
    }
    // The corpus itself too.
    for input in corpus {
        target(input);
    }
}

#[test]
fn usi_command_lines() {
    let corpus: &[&[u8]] = &[
        b"usi",
        b"isready",
        b"setoption name USI_Hash value 64",
        b"setoption name BookFile value no_book",
        b"position startpos moves 7g7f 3c3d 8h2b+",
        b"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f",
        b"go btime 1000 wtime 1000 byoyomi 500",
        b"go ponder binc 100 winc 100 searchmoves 7g7f 2g2f",
        b"go mate 1000",
        b"go perft 3",
        b"ponderhit btime 100 wtime 100 byoyomi 1000",
        b"d email flip",
        b"gameover win",
        b"bench 3",
    ];
    fuzz("usi", corpus, |b| target::usi(&text(b)));
}

/// Session corpora: short games and analyses, with the commands that change state between.
const USI_SESSION: &[&[u8]] = &[
    b"usi\nisready\nusinewgame\nposition startpos moves 7g7f\ngo nodes 300\nstop",
    b"setoption name USI_Variant value chushogi\nposition startpos\ngo depth 1\ngo mate 10",
    b"position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1\ngo mate 100\nd\ngo ponder\nponderhit",
    b"setoption name MultiPV value 3\ngo infinite\nstop\nsetoption name USI_Hash value 2",
    b"setoption name USI_Variant value minishogi\nposition startpos moves 1e1d\ngo perft 3",
];

const XBOARD_SESSION: &[&[u8]] = &[
    b"protover 2\nnew\nsd 1\ngo\nusermove h4h5\n?\nping 1",
    b"protover 2\nvariant chu\nforce\nusermove e6f7,f7e6\nanalyze\nexit\nundo\nremove",
    b"new\nvariant dai\nst 1\nlevel 0 1 0\ntime 100\notim 100\nplayother\npost\nmemory 16",
    b"setboard lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w\ngo",
    b"variant sho\nlift e1\nput e2\nlift e2\nhover e2\nanalyze\nlift a3\nput a4,\nexit",
];

#[test]
fn usi_sessions_in_process() {
    // A tenth as many: each input makes an engine and may start searches.
    fuzz_n("usi_session", USI_SESSION, iterations() / 10, |b| {
        target::usi_session(&text(b))
    });
}

#[test]
fn xboard_sessions_in_process() {
    fuzz_n("xboard_session", XBOARD_SESSION, iterations() / 10, |b| {
        target::xboard_session(&text(b))
    });
}

#[test]
fn sfen_and_position_text() {
    let corpus: &[&[u8]] = &[
        b"startpos moves 7g7f 3c3d",
        b"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        b"sfen l2g5/2s3g2/3k1p2p/P2pp2P1/1pP4s1/p1+B6/NP1P+nPS1P/K1G4+p1/L6NL b RBGNLPrs3p 1",
        b"sfen 4k4/9/9/9/9/9/9/9/4K4 b 2G18p 1 moves G*5b",
        b"sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b",
    ];
    fuzz("position", corpus, |b| target::position(&text(b)));
}

#[test]
fn move_text_on_a_board() {
    let pos = Position::after_line("startpos moves 7g7f 3c3d").unwrap();
    let corpus: &[&[u8]] = &[
        b"8h2b+", b"2g2f", b"P*5e", b"P-2f", b"Bx2b+", b"B8hx2b=", b"G6i-5h", b"7i-6h", b"g7-f7",
        b"Nc3xb1", b"B'4e", b"+Rx2b",
    ];
    fuzz("moves", corpus, |b| target::moves(&pos, &text(b)));
}

#[test]
fn handicap_specs() {
    let corpus: &[&[u8]] = &[
        b"RL",
        b"8b,1a",
        b"8b=G",
        b"R,B,5c,3a=G,7a=G",
        b"2p",
        b"6p",
        b"rook-lance",
        "飛車落ち".as_bytes(),
        b"-handicap=b8,a1",
        b"8b=+R",
    ];
    fuzz("handicap", corpus, |b| target::handicap(&text(b)));
}

#[test]
fn variant_definition_files() {
    let file = std::fs::read_to_string(format!(
        "{}/positions/variants/definitions.ini",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    // Each game of the built-in definitions, renamed so that every one can load.
    let games: Vec<String> = file
        .split("\n[")
        .skip(1)
        .map(|g| format!("[fuzz-{g}"))
        .collect();
    let mut corpus: Vec<&[u8]> = games.iter().map(|g| g.as_bytes()).collect();
    corpus.push(b"[w]\nboard = 5x5\nstart = 4k/5/5/5/K4 b - 1\ndefine WZ = WfD royal special lion\npiece k = WZ\n");
    // Few: each game that loads stays loaded.
    fuzz_n("variant definitions", &corpus, 400, |b| {
        target::variant_definitions(&text(b))
    });
}

#[test]
fn variant_sfen_and_moves() {
    let corpus: &[&[u8]] = &[
        b"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
        b"rbsgk/4p/5/P4/KGSBR b - 1",
        b"12/6k5/7e4/5g4m1/12/12/12/12/12/12/4+m7/5K6 b - 593",
        b"6f5e6d", b"9i9h9g9f", b"12a", b"c'", b"l!",
        // Taikyoku: 36 ranks to `jj`, marks past `!`, a double move on the last ranks.
        b"k35/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/\
          36/36/36/36/36/36/G@q%1p?32/35K b - 1",
        b"36jj35ii", b"13gg14hh13gg", b"q%", b"+a&",
    ];
    fuzz("variant", corpus, |b| target::variant(&text(b)));
}

#[test]
fn opening_books() {
    // The start of the shipped book, and small books with every kind of line.
    let shipped =
        std::fs::read_to_string(format!("{}/positions/book.db", env!("CARGO_MANIFEST_DIR")))
            .unwrap();
    let head: String = shipped.lines().take(40).collect::<Vec<_>>().join("\n");
    let corpus: &[&[u8]] = &[
        head.as_bytes(),
        b"#YANEURAOU-DB2016 1.00\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n7g7f 3c3d 50 20 3\n2g2f none 40 18 1\n",
        b"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -\n// a comment\n5i5h\n",
        b"sfen 4k4/9/9/9/9/9/9/9/4K4 b P2r 1\nP*5b none 9999 1 1\nsfen bad\n1a1b\n",
    ];
    fuzz("book", corpus, |b| target::book(&text(b)));
}

#[test]
fn records() {
    let files: Vec<Vec<u8>> = ["game-0.kif", "random-1.ki2", "game-1.csa", "variation.kif"]
        .iter()
        .map(|f| {
            std::fs::read(format!(
                "{}/tests/data/records/{f}",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap()
        })
        .chain([
            b"startpos moves 7g7f 3c3d".to_vec(),
            b"1. P-7f P-3d 2. Bx2b+ Sx2b".to_vec(),
            br#"{"header":{},"initial":{"preset":"HIRATE"},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]}"#.to_vec(),
        ])
        .collect();
    let corpus: Vec<&[u8]> = files.iter().map(Vec::as_slice).collect();
    // Records are long: a tenth of the mutations, each on a whole file.
    let n = (iterations() / 10).max(100);
    let mut rng = StdRng::seed_from_u64(seed());
    for i in 0..n {
        let a = corpus[rng.gen_range(0..corpus.len())];
        let b = corpus[rng.gen_range(0..corpus.len())];
        let input = mutate(&mut rng, a, b);
        let outcome = catch_unwind(AssertUnwindSafe(|| target::records(&input)));
        assert!(
            outcome.is_ok(),
            "record input {i} panicked: {:?}",
            String::from_utf8_lossy(&input)
        );
    }
}
