//! Walking the staged move picker at every node yields exactly the moves of the legal generator:
//! none missing, none twice, none illegal, whatever TT move and killers it is handed (legal,
//! from another position, or garbage).

mod common;
use hisha::search::move_picker::MovePicker;
use hisha::search::ordering::{CaptureHistory, ContinuationHistory, History, OrderingContext};
use hisha::search::Dims;
use hisha::shogi::{generate_legal, Move, MoveList, PieceKind, Position};
use rand::{Rng, SeedableRng};

fn random_hint(rng: &mut impl Rng, here: &MoveList, elsewhere: &[Move]) -> Option<Move> {
    match rng.gen_range(0..4) {
        0 => None,
        1 if !here.is_empty() => Some(here[rng.gen_range(0..here.len())]),
        2 if !elsewhere.is_empty() => Some(elsewhere[rng.gen_range(0..elsewhere.len())]),
        _ => Move::from_raw(rng.gen()),
    }
}

fn continuation_table() -> &'static ContinuationHistory {
    static TABLE: std::sync::OnceLock<ContinuationHistory> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = ContinuationHistory::new(Dims::SHOGI);
        t.update((3, 40), (0, 10), 5000);
        t
    })
}

/// A capture history that reorders some captures (Black's pawns taking pawns down, Black's
/// lances taking lances up).
fn capture_table() -> &'static CaptureHistory {
    static TABLE: std::sync::OnceLock<CaptureHistory> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = CaptureHistory::new(Dims::SHOGI);
        for to in 0..81 {
            t.update((0, to), PieceKind::Pawn.index(), -16384);
            t.update((1, to), PieceKind::Lance.index(), 16384);
        }
        t
    })
}

/// Counts leaves by walking the picker; at each node checks it against `generate_legal`.
fn picker_perft(
    pos: &mut Position,
    depth: u32,
    rng: &mut impl Rng,
    history: &History,
    elsewhere: &mut Vec<Move>,
) -> u64 {
    let mut legal = MoveList::new();
    generate_legal(pos, &mut legal);
    let tt = random_hint(rng, &legal, elsewhere);
    let refutations = [
        random_hint(rng, &legal, elsewhere),
        random_hint(rng, &legal, elsewhere),
        random_hint(rng, &legal, elsewhere),
    ];
    let continuation = continuation_table();
    let ordering = OrderingContext {
        history,
        captures: capture_table(),
        continuation: [Some(continuation.after((3, 40))), None],
        continuation_table: continuation,
    };
    let mut picker = MovePicker::new(pos, tt, refutations);
    let mut seen = Vec::new();
    while let Some(m) = picker.next(pos, &ordering) {
        seen.push(m);
    }
    let mut a: Vec<u16> = seen.iter().map(|m| m.raw()).collect();
    let mut b: Vec<u16> = legal.iter().map(|m| m.raw()).collect();
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(
        a,
        b,
        "picker differs from generate_legal in {}",
        pos.to_sfen()
    );
    if let Some(t) = tt.filter(|t| legal.contains(*t)) {
        assert_eq!(seen[0], t, "a legal TT move comes first");
    }
    elsewhere.extend(legal.iter().take(3));
    if elsewhere.len() > 64 {
        elsewhere.drain(..32);
    }
    if depth <= 1 {
        return seen.len() as u64;
    }
    let mut n = 0;
    for m in seen {
        pos.make_move(m);
        n += picker_perft(pos, depth - 1, rng, history, elsewhere);
        pos.unmake_move(m);
    }
    n
}

#[test]
fn picker_walk_equals_legal_generation() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let history = History::new(Dims::SHOGI);
    let mut elsewhere = Vec::new();
    let mut positions: Vec<(String, u32)> = vec![
        (hisha::shogi::STARTPOS_SFEN.to_string(), 3),
        (
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1".into(),
            2,
        ),
    ];
    for row in common::perft_table("rules.txt") {
        positions.push((row.sfen, 2));
    }
    let mut total = 0;
    for (sfen, depth) in positions {
        let mut pos = Position::from_sfen(&sfen).unwrap();
        total += picker_perft(&mut pos, depth, &mut rng, &history, &mut elsewhere);
    }
    assert!(total > 100_000);
}

#[test]
fn quiescence_picker_gives_captures_or_evasions() {
    let history = History::new(Dims::SHOGI);
    let captures = CaptureHistory::new(Dims::SHOGI);
    for row in common::perft_table("rules.txt") {
        let pos = Position::from_sfen(&row.sfen).unwrap();
        let mut legal = MoveList::new();
        generate_legal(&pos, &mut legal);
        let mut picker = MovePicker::quiescence(&pos, None);
        let mut seen = Vec::new();
        let ordering = OrderingContext {
            history: &history,
            captures: &captures,
            continuation: [None, None],
            continuation_table: continuation_table(),
        };
        while let Some(m) = picker.next(&pos, &ordering) {
            assert!(legal.contains(m), "{m} in {}", row.sfen);
            assert!(!seen.contains(&m), "{m} twice");
            seen.push(m);
        }
        if pos.in_check() {
            assert_eq!(seen.len(), legal.len(), "all evasions in {}", row.sfen);
        } else {
            for m in &seen {
                assert!(
                    !m.is_drop() && pos.piece_on(m.to()).is_some(),
                    "{m} is not a capture"
                );
            }
        }
    }
}

#[test]
fn single_move_legality_agrees_with_generation() {
    use hisha::shogi::{generate_all, is_legal_search_move};
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let mut checked = 0;
    for row in common::perft_table("rules.txt") {
        let mut pos = Position::from_sfen(&row.sfen).unwrap();
        let mut first = MoveList::new();
        generate_legal(&pos, &mut first);
        // The position itself and each position one move later.
        let mut children = vec![None];
        children.extend(first.iter().map(|&m| Some(m)));
        for child in children {
            if let Some(m) = child {
                pos.make_move(m);
            }
            let mut legal = MoveList::new();
            let mut all = MoveList::new();
            generate_legal(&pos, &mut legal);
            generate_all(&pos, &mut all);
            for &m in all.iter() {
                assert_eq!(
                    is_legal_search_move(&pos, m),
                    legal.contains(m),
                    "{m} in {}",
                    pos.to_sfen()
                );
                checked += 1;
            }
            for _ in 0..50 {
                if let Some(m) = Move::from_raw(rng.gen()) {
                    assert_eq!(
                        is_legal_search_move(&pos, m),
                        legal.contains(m),
                        "{m} in {}",
                        pos.to_sfen()
                    );
                }
            }
            if let Some(m) = child {
                pos.unmake_move(m);
            }
        }
    }
    assert!(checked > 100_000);
}
