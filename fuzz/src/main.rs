//! Coverage-guided fuzzing (AFL++ through `cargo afl`) of every reader of outside text: the
//! target is chosen by `HISHA_FUZZ_TARGET` (`usi`, `usi_session`, `xboard_session` (whole
//! sessions in process), `position`, `moves`, `handicap`, `variant`, `book`, `records`), and the
//! seeds of each are in `fuzz/corpus/<target>/`. A panic is a crash that AFL keeps, an input
//! not answered within AFL's timeout a hang. `make fuzz-afl TARGET=usi AFL_SECONDS=600` builds
//! and runs one.
//!
//! The checks are `tests/fuzz_targets/mod.rs`, the same that the mutation fuzzing of
//! `tests/fuzz.rs` runs in `cargo test`.

#[path = "../../tests/fuzz_targets/mod.rs"]
mod targets;

use hisha::shogi::Position;
use std::sync::OnceLock;
use targets::text;

fn main() {
    let target = std::env::var("HISHA_FUZZ_TARGET").unwrap_or_default();
    let run: fn(&[u8]) = match target.as_str() {
        "usi" => |b| targets::usi(&text(b)),
        "usi_session" => |b| targets::usi_session(&text(b)),
        "xboard_session" => |b| targets::xboard_session(&text(b)),
        "position" => |b| targets::position(&text(b)),
        "moves" => |b| {
            static POS: OnceLock<Position> = OnceLock::new();
            let pos = POS.get_or_init(|| {
                Position::after_line("startpos moves 7g7f 3c3d").expect("a legal line")
            });
            targets::moves(pos, &text(b));
        },
        "handicap" => |b| targets::handicap(&text(b)),
        "variant" => |b| targets::variant(&text(b)),
        "book" => |b| targets::book(&text(b)),
        "records" => targets::records,
        _ => {
            eprintln!(
                "HISHA_FUZZ_TARGET must be one of usi, usi_session, xboard_session, position, \
                 moves, handicap, variant, book, records"
            );
            std::process::exit(2);
        }
    };
    afl::fuzz!(|data: &[u8]| run(data));
}
