//! The committed opening lines, book and suite: every line legal, every book move legal, the
//! book holds every position of every line, and the suite's lines are distinct and checked.

use hisha::book::Book;
use hisha::shogi::Position;

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
            Position::parse_line(line).unwrap_or_else(|e| panic!("not legal: {line}: {e}"));
        for m in moves {
            let entry = book
                .probe(&pos)
                .unwrap_or_else(|| panic!("{} is not in the book ({line})", pos.to_sfen()));
            assert!(
                entry.iter().any(|b| b.mv == m),
                "{m} missing at {}",
                pos.to_sfen()
            );
            pos.make_move(m);
        }
        count += 1;
    }
    assert!(count >= 24, "{count} lines");
}

/// The opening suite (positions/README.md): at least 100 lines, each legal, 12 to 30 plies,
/// no two reaching the same position, and each with its check line beside it.
#[test]
fn the_opening_suite_is_legal_and_distinct() {
    let suite = read("openings-suite.txt");
    let checks = read("openings-suite-check.txt");
    let checks: Vec<&str> = checks.lines().filter(|l| !l.starts_with('#')).collect();
    let mut seen = std::collections::HashSet::new();
    let mut count = 0;
    for (n, line) in suite.lines().enumerate() {
        assert!(
            line.starts_with("startpos moves "),
            "line {}: {line}",
            n + 1
        );
        let (mut pos, moves) =
            Position::parse_line(line).unwrap_or_else(|e| panic!("not legal: {line}: {e}"));
        assert!(
            (12..=30).contains(&moves.len()),
            "{} plies: {line}",
            moves.len()
        );
        for m in &moves {
            pos.make_move(*m);
        }
        assert!(
            seen.insert(pos.key()),
            "a second line reaches {}",
            pos.to_sfen()
        );
        // The check line: number, strategies, plies, then both scores within 150 cp.
        let fields: Vec<&str> = checks[n].split_whitespace().collect();
        assert_eq!(fields[0], (n + 1).to_string());
        assert_eq!(fields[2], moves.len().to_string(), "line {}", n + 1);
        for score in &fields[3..5] {
            let s: i32 = score.parse().unwrap();
            assert!(s.abs() <= 150, "line {}: {score}", n + 1);
        }
        count += 1;
    }
    assert!(count >= 100, "{count} lines");
    assert_eq!(count, checks.len());
}
