//! The variants' move generator against the oracles: perft of positions from random playouts,
//! counted by shogiops (lishogi's rules library: chu shogi, minishogi) and fairy-stockfish (11.1:
//! micro shogi, judkins shogi; a build of its newer source: tori and sho shogi) and the
//! taikyoku-shogi.github.io engine (taikyoku shogi: the legal moves along its random games),
//! committed in positions/variants/ (docs/variants.md says how they were made), and the start
//! positions' perft as published.

mod common;

use common::fnv;
use hisha::color::Color;
use hisha::variant::position::NO_SQUARE;
use hisha::variant::{perft, VPosition, VariantId};

/// Every line of a data file: the SFEN and the counts at depth 1, 2, ...
fn cases(file: &str) -> Vec<(String, Vec<u64>)> {
    let path = format!("{}/positions/variants/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut f = l.split('\t');
            let sfen = f.next().unwrap().to_owned();
            (sfen, f.map(|n| n.parse().unwrap()).collect())
        })
        .collect()
}

/// Checks every position of `file` at every depth it gives, up to `max_depth`; returns how
/// many positions it checked.
fn check(id: VariantId, file: &str, max_depth: usize) -> usize {
    let cases = cases(file);
    let mut wrong = Vec::new();
    for (sfen, counts) in &cases {
        let mut pos = VPosition::from_sfen(id, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        for (d, &expected) in counts.iter().enumerate().take(max_depth) {
            let got = perft(&mut pos, d as u32 + 1);
            if got != expected {
                wrong.push(format!("{sfen} depth {}: {got}, oracle {expected}", d + 1));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {}:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
    cases.len()
}

#[test]
fn micro_shogi_agrees_with_fairy_stockfish() {
    assert!(check(VariantId::Micro, "micro-perft.tsv", 3) >= 200);
}

#[test]
fn minishogi_agrees_with_shogiops() {
    assert!(check(VariantId::Mini, "mini-perft.tsv", 3) >= 200);
}

#[test]
fn judkins_shogi_agrees_with_fairy_stockfish() {
    assert!(check(VariantId::Judkins, "judkins-perft.tsv", 3) >= 200);
}

#[test]
fn tori_shogi_agrees_with_fairy_stockfish() {
    assert!(check(VariantId::Tori, "tori-perft.tsv", 3) >= 200);
}

#[test]
fn sho_shogi_agrees_with_fairy_stockfish() {
    assert!(check(VariantId::Sho, "sho-perft.tsv", 3) >= 400);
}

#[test]
fn sho_shogi_an_elephant_pinned_to_its_king_does_not_promote_out_of_the_pin() {
    // From a game against fairy-stockfish: Black's drunk elephant on 2d stands between its
    // king on 1d and White's dragon on 4d. Promoted on 2c, 1c or 3c it would be a crown prince
    // and Black two royals, but the move leaves the king attacked: fairy-stockfish (the build
    // of sho-perft.tsv) allows only 2d3d and the king's two steps, and counts 3 / 125 / 1,333.
    let sfen = "9/4g2k1/9/5+r1EK/5+p3/3+p5/1+p7/9/9 b - 211";
    let mut pos = VPosition::from_sfen(VariantId::Sho, sfen).unwrap();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&mut pos, d)).collect();
    assert_eq!(counts, [3, 125, 1333]);
}

#[test]
fn chu_shogi_agrees_with_shogiops() {
    assert!(check(VariantId::Chu, "chu-perft.tsv", 3) >= 200);
}

#[test]
fn chu_shogi_lion_cases() {
    // Hand-made cases of jh85/chushogi (tests/perft_cases.tsv), counted as lishogi counts:
    // a lone lion has 24 leaps and 8 x 8 two-step paths; the lion-capture square of the
    // third SFEN field forbids a second lion capture elsewhere.
    let cases = [
        ("kg10/12/12/12/12/12/5N6/12/12/12/12/11K b - 1", 91),
        ("kg10/12/12/12/12/12/5+O6/12/12/12/12/11K b - 1", 91),
        ("kg10/12/12/12/12/12/5+H6/12/12/12/12/11K b - 1", 44),
        ("kg10/12/12/12/12/12/5+D6/12/12/12/12/11K b - 1", 43),
        ("k11/12/12/12/7g4/6n5/5N6/12/12/12/12/11K b - 1", 91),
        ("k11/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/11K b - 1", 101),
        ("11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b - 1", 8),
        ("11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 7),
    ];
    for (sfen, expected) in cases {
        let mut pos = VPosition::from_sfen(VariantId::Chu, sfen).unwrap();
        assert_eq!(perft(&mut pos, 1), expected, "{sfen}");
    }
}

#[test]
fn taikyoku_shogi_agrees_with_the_taikyoku_site() {
    // 20 random games of 400 plies played by the taikyoku-shogi.github.io engine: every 10
    // plies, the number of legal moves and the hash of their texts, Hisha's against the
    // site's. Settled: the rain demon's leap over a piece to the second square diagonally
    // forward, a move in Hisha (the site's reading) and not in the site's table.
    let path = format!(
        "{}/positions/variants/taikyoku-moves.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let id = VariantId::Taikyoku;
    let (mut games, mut samples) = (0, 0);
    let mut history: Vec<&str> = Vec::new();
    let (mut pos, mut played) = (VPosition::start(id), 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        if f[0] == "G" {
            history = f[1].split_whitespace().collect();
            (pos, played) = (VPosition::start(id), 0);
            games += 1;
            continue;
        }
        let ply: usize = f[1].parse().unwrap();
        for m in &history[played..ply] {
            let mv = pos
                .parse_move(m)
                .unwrap_or_else(|e| panic!("game {games} ply {ply}: {m}: {e}"));
            pos.make_move(mv);
        }
        played = ply;
        let settled: Vec<&str> = f[4].split_whitespace().filter(|&s| s != "-").collect();
        let mut ours: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .map(|m| pos.move_text(m))
            .filter(|t| !settled.contains(&t.as_str()))
            .collect();
        ours.sort();
        assert_eq!(
            (ours.len().to_string(), fnv(&ours.join(" "))),
            (f[2].to_string(), f[3].to_string()),
            "game {games} ply {ply}: {}",
            pos.to_sfen()
        );
        samples += 1;
    }
    assert_eq!((games, samples), (20, 820));
    // The start position: 488 moves (the site's engine).
    assert_eq!(start_perft(id, 1), 488);
}

fn start_perft(id: VariantId, depth: u32) -> u64 {
    perft(&mut VPosition::start(id), depth)
}

#[test]
fn start_positions() {
    // fairy-stockfish's tests/perft.sh (minishogi, micro) and fairy-stockfish 11.1 (judkins).
    assert_eq!(start_perft(VariantId::Mini, 5), 533_203);
    assert_eq!(start_perft(VariantId::Micro, 5), 71_328);
    assert_eq!(start_perft(VariantId::Judkins, 5), 2_389_896);
    // fairy-stockfish's tests/perft.sh: torishogi startpos 4 103857.
    assert_eq!(start_perft(VariantId::Tori, 4), 103_857);
    // shogiops 0.18 (scripts/oracle/shogiops_perft.mjs perft chushogi 4).
    assert_eq!(start_perft(VariantId::Chu, 4), 2_134_748);
    // Wa shogi, counted by hand piece by piece (docs/variants.md): eleven pawn steps, the fox
    // 8, the swallow's wings 6, the rabbit 5, the goose 3, the king, eagle, wolf, stag, cock,
    // dog and monkey 2 each, the oxcart, crow, owl and horse 1 each, the falcon none.
    assert_eq!(start_perft(VariantId::Wa, 1), 51);
    assert_eq!(start_perft(VariantId::WaNoDrops, 1), 51);
    // Heian shogi by hand: nine pawn steps, the lances 2, silvers 6, golds 6, king 3. Heian dai
    // shogi: twelve pawn steps (the go-between blocks the king's pawn), the go-between 1, side
    // mover 2, irons 4, coppers 2, silvers 4, golds 2, king 2 (chessvariants.com's setup).
    assert_eq!(start_perft(VariantId::Heian, 1), 26);
    assert_eq!(start_perft(VariantId::HeianDai, 1), 29);
}

#[test]
fn heian_bare_king() {
    use hisha::variant::Verdict;
    // Heian shogi, 9 files by 8 ranks: White's king on 5a, alone.
    let outcome = |sfen: &str| {
        VPosition::from_sfen(VariantId::Heian, sfen)
            .unwrap()
            .outcome()
    };
    // A lone king loses...
    assert_eq!(
        outcome("4k4/9/4G4/9/9/9/9/4K4 w - 1"),
        Some(Verdict::Loses(Color::White))
    );
    // ...unless, to move, it can take the last piece (a silver on 4a: the game goes on, to two
    // bare kings)...
    assert_eq!(outcome("4kS3/9/9/9/9/9/9/4K4 w - 1"), None);
    // ...but not when it is not to move, or the piece is guarded by the other king.
    assert_eq!(
        outcome("4kS3/9/9/9/9/9/9/4K4 b - 1"),
        Some(Verdict::Loses(Color::White))
    );
    assert_eq!(
        outcome("4kS3/6K2/9/9/9/9/9/9 w - 1"),
        Some(Verdict::Loses(Color::White))
    );
    // Two bare kings draw; and heian counts pawns, where chu's rule does not.
    assert_eq!(outcome("4k4/9/9/9/9/9/9/4K4 b - 1"), Some(Verdict::Draw));
    assert_eq!(
        outcome("4k4/9/9/9/4P4/9/9/4K4 b - 1"),
        Some(Verdict::Loses(Color::White))
    );
    assert_eq!(outcome("4k4/9/4p4/9/4P4/9/9/4K4 b - 1"), None);
    // The search knows it: the gold takes White's last piece, far from White's king, and
    // that wins at once.
    use hisha::eval::variant::VariantEval;
    use hisha::search::control::SearchControl;
    use hisha::search::tt::TranspositionTable;
    use hisha::search::variant::VBoard;
    use hisha::search::{Limits, SearchOptions, Searcher, MATE};
    use std::sync::Arc;
    let mut pos = VPosition::from_sfen(VariantId::Heian, "8k/9/9/4p4/4G4/9/9/4K4 b - 1").unwrap();
    let history = vec![pos.history_entry(None)];
    let eval = Arc::new(VariantEval::new(pos.rules()));
    let mut searcher =
        Searcher::<VBoard>::new(Arc::new(TranspositionTable::new(1)), SearchControl::new());
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let mut board = VBoard::new(pos.clone(), &history, eval);
    let r = searcher.search(&mut board, &limits, &SearchOptions::default(), &mut |_| {});
    assert_eq!(pos.move_text(r.best.unwrap()), "5e5d");
    assert_eq!(r.score, MATE - 1);
}

#[test]
fn wa_shogi_drop_rules() {
    // White's king on 1a, walled in by its oxcart on 2a and pawn on 2b; Black's violent wolf on
    // 2c guards 1b; a Black sparrow pawn on file 5; a pawn and an oxcart in Black's hand.
    let legal = |sfen: &str| -> Vec<String> {
        let mut pos = VPosition::from_sfen(VariantId::Wa, sfen).unwrap();
        pos.legal_moves()
            .into_iter()
            .map(|m| pos.move_text(m))
            .collect()
    };
    let walled = legal("9ok/9p1/9W1/11/11/11/6P4/11/11/11/K10 b OP 1");
    let has = |m: &str| walled.iter().any(|x| x == m);
    // A pawn drop that mates is not allowed; one that checks and can be taken is.
    assert!(!has("P*1b"));
    let open = legal("9ok/9p1/11/11/11/11/6P4/11/11/11/K10 b OP 1");
    assert!(open.iter().any(|x| x == "P*1b"));
    // One unpromoted pawn a file; none on the last rank, nor an oxcart.
    assert!(!has("P*5d") && has("P*4d"));
    assert!(!has("P*4a") && !has("O*4a") && has("O*4b"));
    // Without drops nothing comes from the hand.
    let mut pos = VPosition::from_sfen(
        VariantId::WaNoDrops,
        "9ok/9p1/9W1/11/11/11/6P4/11/11/11/K10 b - 1",
    )
    .unwrap();
    assert!(pos
        .legal_moves()
        .iter()
        .all(|&m| !pos.move_text(m).contains('*')));
}

#[test]
fn every_variant_plays_complete_games_against_itself() {
    use hisha::eval::variant::VariantEval;
    use hisha::search::control::SearchControl;
    use hisha::search::tt::TranspositionTable;
    use hisha::search::variant::VBoard;
    use hisha::search::{Limits, SearchOptions, Searcher};
    use std::sync::Arc;
    let control = SearchControl::new();
    for id in [
        VariantId::Micro,
        VariantId::Mini,
        VariantId::Judkins,
        VariantId::Tori,
        VariantId::Heian,
        VariantId::Wa,
        VariantId::Chu,
        VariantId::HeianDai,
        VariantId::Dai,
        VariantId::Tenjiku,
        VariantId::DaiDai,
        VariantId::MakaDaiDai,
        VariantId::Tai,
        VariantId::Taikyoku,
    ] {
        // Taikyoku's 700 moves a position: its first plies only.
        let plies = if id == VariantId::Taikyoku { 12 } else { 200 };
        for game in 0..1u64 {
            let mut pos = VPosition::start(id);
            let tt = Arc::new(TranspositionTable::new(4));
            let mut searcher = Searcher::<VBoard>::new(tt, control.clone());
            let eval = Arc::new(VariantEval::new(pos.rules()));
            let mut history = vec![pos.history_entry(None)];
            let mut seed = game + 1;
            for ply in 0..plies {
                let legal = pos.legal_moves();
                // No legal move (mate, stalemate, royal lost) or a fourfold repetition ends it.
                if legal.is_empty() || history.iter().filter(|h| h.0 == pos.key()).count() >= 4 {
                    break;
                }
                let m = if ply < 4 {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    legal[(seed >> 33) as usize % legal.len()]
                } else {
                    let limits = Limits {
                        depth: Some(2),
                        ..Limits::default()
                    };
                    let mut board = VBoard::new(pos.clone(), &history, eval.clone());
                    searcher
                        .search(&mut board, &limits, &SearchOptions::default(), &mut |_| {})
                        .best
                        .expect("a move when there are legal moves")
                };
                assert!(legal.contains(&m));
                pos.make_move(m);
                history.push(pos.history_entry(Some(m)));
                // The incremental key is the key of the position read afresh.
                let again = VPosition::from_sfen(id, &pos.to_sfen()).unwrap();
                assert_eq!(again.key(), pos.key(), "{:?}: {}", id, pos.to_sfen());
            }
        }
    }
}

#[test]
fn long_random_playouts_keep_board_and_key_in_the_large_variants() {
    // Random games, captures preferred (they exercise drops, promotion by capture, the lion dog's
    // multiple captures, burning, jumping captures and the royal's loss): after every move the
    // incremental key is the key of the position read afresh from its SFEN, and every few
    // moves each legal move is made and unmade back to the same SFEN and key.
    for id in [
        VariantId::Wa,
        VariantId::Chu,
        VariantId::HeianDai,
        VariantId::Dai,
        VariantId::Tenjiku,
        VariantId::DaiDai,
        VariantId::MakaDaiDai,
        VariantId::Tai,
        VariantId::Taikyoku,
    ] {
        let mut seed = 0x5eed_u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        let mut plies = 0;
        let games = if id == VariantId::Taikyoku { 2 } else { 6 };
        for _game in 0..games {
            let mut pos = VPosition::start(id);
            for ply in 0..600 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                if ply % 25 == 0 {
                    let before = (pos.to_sfen(), pos.key());
                    for &m in &legal {
                        let u = pos.make_move(m);
                        pos.unmake_move(m, u);
                        assert_eq!((pos.to_sfen(), pos.key()), before, "{}", pos.move_text(m));
                    }
                }
                let captures: Vec<_> = legal
                    .iter()
                    .copied()
                    .filter(|m| {
                        [m.to, m.mid, m.mid2].iter().any(|&sq| {
                            sq != m.from
                                && sq != NO_SQUARE
                                && pos
                                    .piece_at(sq)
                                    .is_some_and(|(_, s)| s != pos.side_to_move())
                        })
                    })
                    .collect();
                let m = if !captures.is_empty() && next() % 2 == 0 {
                    captures[next() % captures.len()]
                } else {
                    legal[next() % legal.len()]
                };
                pos.make_move(m);
                plies += 1;
                let again = VPosition::from_sfen(id, &pos.to_sfen()).unwrap();
                assert_eq!(again.key(), pos.key(), "{id:?}: {}", pos.to_sfen());
            }
        }
        assert!(plies > 500, "{id:?}: {plies} plies");
    }
}

#[test]
fn chu_and_dai_bare_king_and_two_bare_kings() {
    use hisha::variant::Verdict;
    // lishogi's rules (shogiops' `isBareKing`): White's king on 12a, its gold on 11k, Black's
    // king alone on 1l: Black is bared and loses.
    let outcome = |sfen: &str| {
        VPosition::from_sfen(VariantId::Chu, sfen)
            .unwrap()
            .outcome()
    };
    let rows = |top: &str, k: &str, l: &str| format!("{top}/12/12/12/12/12/12/12/12/12/{k}/{l}");
    assert_eq!(
        outcome(&format!("{} b - 1", rows("k11", "1g10", "11K"))),
        Some(Verdict::Loses(Color::Black))
    );
    // ... not when its king stands next to the one piece that White has besides its king.
    assert_eq!(
        outcome(&format!("{} b - 1", rows("k11", "1g10", "2K9"))),
        None
    );
    // A pawn on Black's last rank does not count: still bared.
    assert_eq!(
        outcome(&format!("{} b - 1", rows("k5P5", "1g10", "11K"))),
        Some(Verdict::Loses(Color::Black))
    );
    // White's pawns do not count either: against a king and two pawns Black is not bared.
    assert_eq!(
        outcome("k11/12/12/12/pp10/12/12/12/12/12/12/11K b - 1"),
        None
    );
    // White bared, Black to move; and two bare kings draw.
    assert_eq!(
        outcome(&format!("{} b - 1", rows("k11", "12", "R10K"))),
        Some(Verdict::Loses(Color::White))
    );
    assert_eq!(
        outcome(&format!("{} w - 1", rows("k11", "12", "11K"))),
        Some(Verdict::Draw)
    );
    // Dai shogi has the rule too (its rules are chu's); a knight on Black's second rank can
    // never move again and does not count either.
    let dai = |sfen: &str| {
        VPosition::from_sfen(VariantId::Dai, sfen)
            .unwrap()
            .outcome()
    };
    assert_eq!(
        dai("k14/15/15/15/15/15/15/15/15/15/15/15/15/1g13/14K b - 1"),
        Some(Verdict::Loses(Color::Black))
    );
    assert_eq!(
        dai("k14/6N8/15/15/15/15/15/15/15/15/15/15/15/1g13/14K b - 1"),
        Some(Verdict::Loses(Color::Black))
    );
    assert_eq!(
        dai("k14/15/6N8/15/15/15/15/15/15/15/15/15/15/1g13/14K b - 1"),
        None
    );
}

#[test]
fn dai_dai_forbids_perpetual_chase() {
    use hisha::variant::Verdict;
    // Black's rook chases White's lone gold up and down the board's edge files: 1f1e attacks
    // it on 9e, the gold steps to 9f, 1e1f attacks it again, the gold steps back, and 1f1e
    // repeats the position. Every Black move of the cycle chased, no White move did.
    let cycle = |sfen: &str, id: VariantId| {
        let mut pos = VPosition::from_sfen(id, sfen).unwrap();
        let mut history = vec![pos.history_entry(None)];
        for text in ["1f1e", "9e9f", "1e1f", "9f9e", "1f1e"] {
            let m = pos.parse_move(text).unwrap();
            pos.make_move(m);
            history.push(pos.history_entry(Some(m)));
        }
        pos.rules()
            .search_repetition(&history, pos.side_to_move(), 0)
    };
    let lone = "k16/17/17/17/8g8/16R/17/17/17/17/17/17/17/17/17/17/16K b - 1";
    assert_eq!(
        cycle(lone, VariantId::DaiDai),
        Some(Verdict::Loses(Color::Black))
    );
    // Dai shogi has no chase rule (its board is 15x15: the same files and ranks fit).
    let dai = "k14/15/15/15/6g8/14R/15/15/15/15/15/15/15/15/14K b - 1";
    assert_eq!(cycle(dai, VariantId::Dai), Some(Verdict::Draw));
    // A gold that a rook on 9a guards is not chased: a plain repetition, no contest.
    let guarded = "k7r8/17/17/17/8g8/16R/17/17/17/17/17/17/17/17/17/17/16K b - 1";
    assert_eq!(cycle(guarded, VariantId::DaiDai), Some(Verdict::Draw));
}
