//! Coverage-guided fuzzing (AFL++ through `cargo afl`) of every reader of outside text: the
//! target is chosen by `HISHA_FUZZ_TARGET` (`usi`, `position`, `moves`, `handicap`, `variant`,
//! `book`, `records`), and the seeds of each are in `fuzz/corpus/<target>/`. A panic is a
//! crash that AFL keeps. `make fuzz-afl TARGET=usi SECONDS=600` builds and runs one.
//!
//! The checks are those of `tests/fuzz.rs` (mutation fuzzing with a fixed seed, in `cargo
//! test`): nothing panics; a position reached by the moves of a line stays consistent; a book
//! read and written reads back to itself.

use hisha::book::Book;
use hisha::notation::western;
use hisha::record::{self, Format};
use hisha::shogi::western::parse_western;
use hisha::shogi::{handicap_position, parse_usi_move, Position};
use hisha::usi::command;
use hisha::variant::position::VPosition;
use hisha::variant::rules::VariantId;
use std::sync::OnceLock;

fn usi(t: &str) {
    let _ = command::parse(t);
}

fn position(t: &str) {
    if let Ok((mut pos, moves)) = Position::parse_line(t) {
        for m in moves {
            pos.make_move(m);
        }
        assert!(pos.is_consistent());
    }
}

fn moves(t: &str) {
    let pos = Position::after_line("startpos moves 7g7f 3c3d").expect("a legal line");
    let _ = parse_usi_move(&pos, t);
    let _ = western::parse(t);
    let _ = parse_western(&pos, t);
    let _ = hisha::notation::xboard::from_xboard(t, 12, 12);
}

fn handicap(t: &str) {
    let _ = handicap_position(t);
}

fn variant(t: &str) {
    static STARTS: OnceLock<Vec<VPosition>> = OnceLock::new();
    let starts = STARTS.get_or_init(|| VariantId::ALL.into_iter().map(VPosition::start).collect());
    for (id, start) in VariantId::ALL.into_iter().zip(starts) {
        if let Ok(mut pos) = VPosition::from_sfen(id, t) {
            let _ = pos.parse_move(t);
            // Every move written reads back as itself.
            for m in pos.legal_moves().into_iter().take(8) {
                let text = pos.move_text(m);
                assert_eq!(pos.parse_move(&text).ok(), Some(m), "{text}");
            }
        }
        let _ = start.clone().parse_move(t);
    }
}

fn book(t: &str) {
    let (book, _) = Book::parse(t);
    let written = book.to_text();
    let (again, report) = Book::parse(&written);
    assert_eq!(report.skipped, 0, "{written}");
    assert_eq!(again.to_text(), written);
    let _ = book.probe(&Position::startpos());
}

fn records(bytes: &[u8]) {
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

fn main() {
    let target = std::env::var("HISHA_FUZZ_TARGET").unwrap_or_default();
    let run: fn(&[u8]) = match target.as_str() {
        "usi" => |b| usi(&String::from_utf8_lossy(b)),
        "position" => |b| position(&String::from_utf8_lossy(b)),
        "moves" => |b| moves(&String::from_utf8_lossy(b)),
        "handicap" => |b| handicap(&String::from_utf8_lossy(b)),
        "variant" => |b| variant(&String::from_utf8_lossy(b)),
        "book" => |b| book(&String::from_utf8_lossy(b)),
        "records" => records,
        _ => {
            eprintln!(
                "HISHA_FUZZ_TARGET must be one of usi, position, moves, handicap, variant, book, \
                 records"
            );
            std::process::exit(2);
        }
    };
    afl::fuzz!(|data: &[u8]| run(data));
}
