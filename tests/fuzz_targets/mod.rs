//! The fuzz targets' checks, one function a reader of outside text: each reads its input and
//! panics where a check fails (a panic of the reader itself counts too). Shared by the mutation
//! fuzzing of `tests/fuzz.rs` and the AFL++ harness of `fuzz/` (which includes this file by
//! path), so that both check the same things.
#![allow(dead_code)]

use hisha::book::Book;
use hisha::engine::Engine;
use hisha::notation::western;
use hisha::record::{self, Format};
use hisha::shogi::western::parse_western;
use hisha::shogi::{handicap_position, parse_usi_move, Position};
use hisha::usi::{self, command};
use hisha::variant::position::VPosition;
use hisha::variant::rules::VariantId;
use hisha::xboard;

/// Input bytes as text, invalid UTF-8 replaced.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A USI command line.
pub fn usi(t: &str) {
    let _ = command::parse(t);
}

/// The most lines a session target plays (any search they start is stopped at the end of
/// input).
const SESSION_LINES: usize = 24;

/// The lines a USI session begins with: the tables at their least (1 MiB), so that a session
/// does not spend its time having the system clear the default tables' pages (most of a
/// session's cost with them: a new engine each input). The input may set them again.
const USI_PREAMBLE: &[&str] = &[
    "setoption name USI_Hash value 1",
    "setoption name MateHash value 1",
];

/// The same for an XBoard session (`memory` sets the table).
const XBOARD_PREAMBLE: &[&str] = &["memory 1"];

/// The preamble, the input's lines (at most `SESSION_LINES`), then the end of input.
fn session_input(preamble: &[&str], t: &str) -> crossbeam_channel::Receiver<String> {
    let (tx, rx) = crossbeam_channel::unbounded();
    for line in preamble {
        tx.send(line.to_string()).expect("the receiver is here");
    }
    for line in t.lines().take(SESSION_LINES) {
        tx.send(line.to_string()).expect("the receiver is here");
    }
    rx
}

/// A USI session in process: the input's lines to a new engine, which must return at the end
/// of input (a search it started stopped) without a panic.
pub fn usi_session(t: &str) {
    let mut engine = Engine::new();
    let mut out = Vec::new();
    usi::run(&mut engine, None, session_input(USI_PREAMBLE, t), &mut out);
}

/// An XBoard session in process (`xboard` already read): the input's lines to a new engine,
/// which must return at the end of input without a panic.
pub fn xboard_session(t: &str) {
    let mut engine = Engine::new();
    let mut out = Vec::new();
    xboard::run(&mut engine, session_input(XBOARD_PREAMBLE, t), &mut out);
}

/// Position text (SFEN and moves): every position the moves reach stays consistent.
pub fn position(t: &str) {
    if let Ok((mut pos, moves)) = Position::parse_line(t) {
        for m in moves {
            pos.make_move(m);
        }
        assert!(pos.is_consistent());
    }
}

/// Move text on `pos`, in every notation read.
pub fn moves(pos: &Position, t: &str) {
    let _ = parse_usi_move(pos, t);
    let _ = western::parse(t);
    let _ = parse_western(pos, t);
    let _ = hisha::notation::xboard::from_xboard(t, 12, 12);
}

/// A handicap spec.
pub fn handicap(t: &str) {
    let _ = handicap_position(t);
}

/// A variant's SFEN and move text, for every game: every move of a position read (the first
/// eight) is written and read back as itself.
pub fn variant(t: &str) {
    for id in VariantId::ALL {
        if let Ok(mut pos) = VPosition::from_sfen(id, t) {
            let _ = pos.parse_move(t);
            let _ = pos.parse_move("6f5e6d");
            for m in pos.legal_moves().into_iter().take(8) {
                let text = pos.move_text(m);
                assert_eq!(pos.parse_move(&text).ok(), Some(m), "{text}");
            }
        }
    }
}

/// A file of game definitions (`VariantPath`): loaded or refused with a line, and every game
/// loaded reads its start position and lists its moves. (Each game loaded stays, up to
/// `custom::MAX_GAMES` a process; after that only refusals are exercised.)
pub fn variant_definitions(t: &str) {
    if let Ok(ids) = hisha::variant::custom::load(t) {
        for id in ids {
            let mut pos = VPosition::start(id);
            let _ = hisha::variant::perft(&mut pos, 2);
            let _ = hisha::variant::custom::definition(id, "again");
        }
    }
}

/// An opening book: what was read writes a book that reads back to itself, nothing skipped.
pub fn book(t: &str) {
    let (book, _) = Book::parse(t);
    let written = book.to_text();
    let (again, report) = Book::parse(&written);
    assert_eq!(report.skipped, 0, "{written}");
    assert_eq!(again.to_text(), written);
    let _ = book.probe(&Position::startpos());
}

/// A game record, read as every format (and guessed); whatever reads is written in every one.
pub fn records(bytes: &[u8]) {
    for format in [
        None,
        Some(Format::Kif),
        Some(Format::Ki2),
        Some(Format::Csa),
        Some(Format::Jkf),
        Some(Format::Usi),
        Some(Format::Western),
    ] {
        if let Ok(read) = record::read(bytes, format) {
            for out in Format::ALL {
                let _ = read.game.write(out, record::Encoding::Utf8);
            }
        }
    }
}
