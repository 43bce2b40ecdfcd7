//! The mate solver against positions/mates.txt: positions from game ends and published
//! problems, each with the length of its shortest mate as cshogi finds it (its exhaustive
//! `mate_move(n)`; scripts/mate_set.py), every interposition counted. The short ones are
//! solved here, to their exact length, and every line is checked move by move; the long ones
//! are `make mate-bench`'s. The line leaves out useless interpositions, as tsume counts: it may
//! be shorter than that length, and end in a check that only drops between the checking piece
//! and the king answer.

use hisha::search::dfpn::table::MateTable;
use hisha::search::dfpn::{solve_mate, Defence, MateOutcome};
use hisha::search::{MateLimit, SearchControl};
use hisha::shogi::attacks::between;
use hisha::shogi::{generate_all, Move, MoveList, Position};

/// The longest mate solved here.
const SHORT: usize = 11;

/// The positions with an exact length of at most `SHORT` plies: (line number, SFEN, length).
fn short_problems() -> Vec<(usize, String, usize)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/positions/mates.txt"))
        .expect("positions/mates.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|(i, l)| {
            let mut f = l.split('\t');
            let sfen = f.next()?.to_string();
            let length: usize = f.next()?.parse().ok()?;
            (length <= SHORT).then_some((i + 1, sfen, length))
        })
        .collect()
}

fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    generate_all(pos, &mut list);
    list.iter().copied().collect()
}

/// Plays `line` from `pos`: every move legal, every attacker's move a check, the end mate or
/// a check that only interposing drops answer (useless interpositions, left out of the line).
fn check_line(sfen: &str, line: &[Move]) {
    let mut pos = Position::from_sfen(sfen).expect("a position");
    for (i, &m) in line.iter().enumerate() {
        assert!(
            legal_moves(&pos).contains(&m),
            "{sfen}: move {} ({m}) is illegal",
            i + 1
        );
        pos.make_move(m);
        if i % 2 == 0 {
            assert!(pos.in_check(), "{sfen}: move {} ({m}) is no check", i + 1);
        }
    }
    let checker = pos.checkers().lsb();
    let king = pos.king_square(pos.side_to_move());
    let interposing = |m: &Move| match (checker, king) {
        (Some(c), Some(k)) => m.is_drop() && between(c, k).contains(m.to()),
        _ => false,
    };
    assert!(
        pos.in_check() && legal_moves(&pos).iter().all(interposing),
        "{sfen}: the line does not end in mate"
    );
}

#[test]
fn short_mates_are_solved_at_their_shortest() {
    solve_short_mates(1);
}

#[test]
fn short_mates_are_solved_at_their_shortest_by_two_threads() {
    solve_short_mates(2);
}

/// Every short problem solved by `threads` threads sharing the table: the shortest mate, its
/// line legal.
fn solve_short_mates(threads: usize) {
    let problems = short_problems();
    assert!(
        problems.len() >= 200,
        "only {} short problems",
        problems.len()
    );
    let control = SearchControl::new();
    let mut table = MateTable::new(16);
    let mut failures = Vec::new();
    for (number, sfen, length) in &problems {
        let mut pos = Position::from_sfen(sfen).expect("a position");
        table.clear();
        // A guard against a hang, not a time to meet: these take milliseconds.
        let (answer, p) = solve_mate(
            &mut pos,
            MateLimit::Millis(60_000),
            &control,
            &mut table,
            threads,
            Defence::Longest,
            &mut |_| {},
        );
        let full = usize::from(p.full_length);
        match answer {
            MateOutcome::Mate(line) if full == *length && line.len() <= full => {
                check_line(sfen, &line)
            }
            other => failures.push(format!(
                "line {number}: expected a mate in {length}, got {}",
                match other {
                    MateOutcome::Mate(l) =>
                        format!("a mate in {full} ({} by tsume's count)", l.len()),
                    MateOutcome::NoMate => "no mate".into(),
                    MateOutcome::Unknown => "no answer".into(),
                }
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_problem_with_the_attacker_in_check_has_no_mate() {
    // Black is in check from the rook: it must answer it, not give one.
    let mut pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/4r4/4K4 b G 1").expect("a position");
    let (answer, _) = solve_mate(
        &mut pos,
        MateLimit::Millis(60_000),
        &SearchControl::new(),
        &mut MateTable::new(1),
        1,
        Defence::Longest,
        &mut |_| {},
    );
    assert_eq!(answer, MateOutcome::NoMate);
}

#[test]
fn composed_problems_rules_pass_over_a_defence_that_leaves_spare_pieces() {
    // Game ends of positions/mates.txt whose longest defence (the file's count, cshogi's)
    // leaves the attacker pieces in hand, where a shorter one leaves none: by composed
    // problems' rules the defender takes the shorter. The counts are shtsume 1.2.7e's
    // (`shtsume -m 256 -i 60 SFEN`), which ranks defences so.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/positions/mates.txt"))
        .expect("positions/mates.txt");
    let lines: Vec<&str> = text.lines().collect();
    let control = SearchControl::new();
    let mut table = MateTable::new(16);
    let mut failures = Vec::new();
    for (number, longest, composed) in [
        (69, 7, 3),
        (78, 9, 7),
        (79, 9, 7),
        (195, 17, 5),
        (290, 15, 9),
        (291, 13, 7),
    ] {
        let sfen = lines[number - 1].split('\t').next().expect("an SFEN");
        for (defence, expected) in [(Defence::Longest, longest), (Defence::Composed, composed)] {
            let mut pos = Position::from_sfen(sfen).expect("a position");
            table.clear();
            let (answer, _) = solve_mate(
                &mut pos,
                MateLimit::Millis(60_000),
                &control,
                &mut table,
                1,
                defence,
                &mut |_| {},
            );
            match answer {
                MateOutcome::Mate(line) if line.len() == expected => check_line(sfen, &line),
                other => failures.push(format!(
                    "line {number}, {defence:?}: expected a mate in {expected}, got {other:?}"
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
