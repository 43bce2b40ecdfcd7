fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let sfen = args.get(2).cloned().unwrap_or(hisha::shogi::STARTPOS_SFEN.to_string());
    let mut pos = hisha::shogi::Position::from_sfen(&sfen).unwrap();
    for mv in args.iter().skip(3) {
        let mut l = hisha::shogi::MoveList::new();
        hisha::shogi::generate_all(&pos, &mut l);
        let m = *l.iter().find(|m| m.to_string() == *mv).unwrap();
        pos.do_move(m);
    }
    if args.len() > 3 || std::env::var("DIVIDE").is_ok() {
        println!("{}", pos.to_sfen());
        for (m, n) in hisha::shogi::perft_divide(&mut pos, depth) { println!("{m} {n}"); }
        return;
    }
    let t = std::time::Instant::now();
    let n = hisha::shogi::perft(&mut pos, depth);
    let e = t.elapsed().as_secs_f64();
    println!("Nodes searched: {n} in {e:.3}s = {:.1} M/s", n as f64 / e / 1e6);
}
