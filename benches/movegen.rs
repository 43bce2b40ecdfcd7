//! Criterion benchmarks: legal move generation and evaluation on a few positions, perft on
//! startpos and matsuri, and a fixed-depth search. Run with `make criterion` (cargo bench).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use hisha::shogi::{generate_all, perft, MoveList, Position};

const POSITIONS: [(&str, &str); 3] = [
    ("startpos", hisha::shogi::STARTPOS_SFEN),
    (
        "matsuri",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    ),
    (
        "max-moves",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    ),
];

fn movegen(c: &mut Criterion) {
    for (name, sfen) in POSITIONS {
        let pos = Position::from_sfen(sfen).unwrap();
        c.bench_function(&format!("generate_all/{name}"), |b| {
            b.iter(|| {
                let mut list = MoveList::new();
                generate_all(black_box(&pos), &mut list);
                list.len()
            })
        });
    }
}

fn eval_bench(c: &mut Criterion) {
    for (name, sfen) in POSITIONS {
        let pos = Position::from_sfen(sfen).unwrap();
        c.bench_function(&format!("evaluate/{name}"), |b| {
            b.iter(|| hisha::eval::evaluate(black_box(&pos)))
        });
    }
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let mut start = Position::startpos();
    group.bench_function("startpos/4", |b| b.iter(|| perft(&mut start, 4)));
    let mut matsuri = Position::from_sfen(POSITIONS[1].1).unwrap();
    group.bench_function("matsuri/3", |b| b.iter(|| perft(&mut matsuri, 3)));
    group.finish();
}

fn search_bench(c: &mut Criterion) {
    use hisha::search::tt::TranspositionTable;
    use hisha::search::{Limits, SearchControl, SearchOptions, Searcher, ShogiBoard};
    use std::sync::Arc;
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let tt = Arc::new(TranspositionTable::new(16));
    let mut searcher = Searcher::new(tt.clone(), SearchControl::new());
    let sfen = "l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1";
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    group.bench_function("bench-position-2/depth-6", |b| {
        b.iter(|| {
            tt.clear();
            searcher.new_game();
            let mut board = ShogiBoard::new(Position::from_sfen(sfen).unwrap());
            searcher
                .search(&mut board, &limits, &SearchOptions::default(), &mut |_| {})
                .nodes
        })
    });
    group.finish();
}

criterion_group!(benches, movegen, eval_bench, perft_bench, search_bench);
criterion_main!(benches);
