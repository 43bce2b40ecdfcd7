//! The committed opening lines and book: every line legal, every book move legal, and the book
//! holds every position of every line.

use hisha::book::Book;
use hisha::shogi::parse_position_spec;

fn read(file: &str) -> String {
    let path = format!("{}/positions/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_book_covers_every_written_line() {
    let (book, report) = Book::parse(&read("book.db"));
    assert_eq!(report.skipped, 0, "{report:?}");
    let lines = read("book-lines.txt");
    let mut count = 0;
    for line in lines.lines().filter(|l| l.starts_with("startpos")) {
        let (mut pos, moves) =
            parse_position_spec(line).unwrap_or_else(|| panic!("not legal: {line}"));
        for m in moves {
            let entry = book
                .probe(&pos)
                .unwrap_or_else(|| panic!("{} is not in the book ({line})", pos.to_sfen()));
            assert!(
                entry.iter().any(|b| b.mv == m),
                "{m} missing at {}",
                pos.to_sfen()
            );
            pos.do_move(m);
        }
        count += 1;
    }
    assert!(count >= 24, "{count} lines");
}
