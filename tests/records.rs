//! Game records: files written by other programs read exactly, round trips through every format
//! over 500 complete games, and faulty records refused with the line and the move named.
//!
//! tests/data/records/ is written by scripts/record_fixtures.py: KIF, KI2 and CSA files from
//! cshogi's writers (KIF and KI2 in Shift_JIS), with each file's moves and final position by
//! cshogi, and by python-shogi's KIF reader as a second opinion.

use hisha::record::{self, Encoding, Format, GameRecord};
use hisha::shogi::{parse_usi_move, Position};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records");

/// Board, side to move and hands of an SFEN (not the move number, which writers count apart).
fn board_key(sfen: &str) -> String {
    sfen.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn moves_text(game: &GameRecord) -> Vec<String> {
    game.moves.iter().map(|m| m.mv.to_string()).collect()
}

#[test]
fn files_written_by_cshogi_read_exactly() {
    let expected = std::fs::read_to_string(format!("{DIR}/expected.tsv")).unwrap();
    let mut files = 0;
    for line in expected.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (file, count, final_sfen, ending, moves) = (f[0], f[1], f[2], f[3], f[4]);
        let bytes = std::fs::read(format!("{DIR}/{file}")).unwrap();
        // By the extension, then again from the text alone.
        for format in [Format::from_path(file), None] {
            let read = record::read(&bytes, format).unwrap_or_else(|e| panic!("{file}: {e}"));
            assert!(read.error.is_none(), "{file}: {:?}", read.error);
            let game = &read.game;
            assert_eq!(game.moves.len().to_string(), count, "{file}");
            assert_eq!(moves_text(game).join(" "), moves, "{file}");
            assert_eq!(
                board_key(&game.position_at(game.moves.len()).to_sfen()),
                final_sfen,
                "{file}"
            );
            assert_eq!(game.ending.as_deref(), Some(ending), "{file}");
            assert_eq!(game.black.as_deref(), Some("Sente"), "{file}");
        }
        files += 1;
    }
    assert_eq!(files, 66);
}

/// The 500 games of games.txt.
fn games() -> Vec<(Position, Vec<hisha::shogi::Move>)> {
    let text = std::fs::read_to_string(format!("{DIR}/games.txt")).unwrap();
    text.lines()
        .map(|line| {
            let (sfen, moves) = line.split_once('\t').unwrap();
            let start = Position::from_sfen(sfen).unwrap();
            let mut pos = start.clone();
            let moves = moves
                .split_whitespace()
                .map(|t| {
                    let m = parse_usi_move(&pos, t).unwrap_or_else(|| panic!("{sfen}: {t}"));
                    pos.make_move(m);
                    m
                })
                .collect();
            (start, moves)
        })
        .collect()
}

#[test]
fn every_format_round_trips_500_games() {
    let games = games();
    assert_eq!(games.len(), 500);
    for format in Format::ALL {
        for encoding in [Encoding::Utf8, Encoding::ShiftJis] {
            for (start, moves) in &games {
                let game = GameRecord::from_moves(start, moves).unwrap();
                let bytes = game.write(format, encoding).unwrap();
                let back = record::read(&bytes, Some(format))
                    .unwrap_or_else(|e| panic!("{format}: {e}\n{}", start.to_sfen()));
                assert!(back.error.is_none(), "{format}: {:?}", back.error);
                assert_eq!(
                    board_key(&back.game.start.to_sfen()),
                    board_key(&start.to_sfen()),
                    "{format}"
                );
                assert_eq!(
                    moves_text(&back.game),
                    moves_text(&game),
                    "{format} {encoding:?} from {}",
                    start.to_sfen()
                );
                // And told from the text alone.
                let sniffed = record::read(&bytes, None).unwrap();
                assert_eq!(sniffed.game.moves.len(), moves.len(), "{format} sniffed");
            }
        }
    }
}

#[test]
fn an_illegal_move_keeps_the_moves_before_it() {
    // Move 3, ２二角成(88), is not legal: the pawn on 7g stands in the bishop's way.
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ２六歩(27)\n   2 ８四歩(83)\n   3 ２二角成(88)\n   4 ３四歩(33)\n";
    let read = record::read(kif.as_bytes(), Some(Format::Kif)).unwrap();
    assert_eq!(moves_text(&read.game), ["2g2f", "8c8d"]);
    let e = read.error.expect("an error");
    assert_eq!(e.line, Some(5), "{e}");
    assert!(e.to_string().contains("２二角成"), "{e}");
}

#[test]
fn a_truncated_record_keeps_its_whole_moves() {
    let csa = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-2";
    let read = record::read(csa.as_bytes(), Some(Format::Csa)).unwrap();
    assert_eq!(moves_text(&read.game), ["7g7f", "3c3d", "8h2b+"]);
    let e = read.error.expect("an error");
    assert_eq!(e.line, Some(7), "{e}");
}

#[test]
fn a_kif_move_from_the_wrong_square_is_a_fault_not_an_ending() {
    // White's pawn is on 3c: `３四歩(34)` names an empty origin, which rsshogi reads as an
    // ending called `３四歩(34)`. The moves after it must not vanish without a word.
    let kif = "手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:00/00:00:00)\n   2 ３四歩(34)   ( 0:00/00:00:00)\n   3 ２二角成(88)   ( 0:00/00:00:00)\n";
    let read = record::read(kif.as_bytes(), Some(Format::Kif)).unwrap();
    assert_eq!(moves_text(&read.game), ["7g7f"]);
    assert_eq!(read.game.ending, None);
    let e = read.error.expect("an error");
    assert_eq!((e.line, e.ply), (Some(3), Some(2)), "{e}");
    assert!(e.to_string().contains("３四歩(34)"), "{e}");
    // An ending word that is not a move stays an ending.
    let sealed = "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 封じ手\n";
    let read = record::read(sealed.as_bytes(), Some(Format::Kif)).unwrap();
    assert!(read.error.is_none(), "{:?}", read.error);
    assert_eq!(read.game.ending.as_deref(), Some("封じ手"));
}

#[test]
fn a_ki2_fault_is_named_by_its_move_and_the_moves_before_it_on_its_line_are_kept() {
    // A pawn cannot step two squares: the fault is White's first move, on line 2, and Black's
    // move before it on the same line is kept.
    let ki2 = "手合割：平手\n▲７六歩    △３五歩    ▲２二角成\n";
    let read = record::read(ki2.as_bytes(), Some(Format::Ki2)).unwrap();
    assert_eq!(moves_text(&read.game), ["7g7f"]);
    let e = read.error.expect("an error");
    assert_eq!((e.line, e.ply), (Some(2), Some(2)), "{e}");
    assert!(e.text.contains("△３五歩") && !e.text.contains('▲'), "{e}");
}

#[test]
fn a_move_that_does_not_exist_is_named() {
    let usi = "startpos moves 7g7f 3c3d 7f7e 9z9y";
    let read = record::read(usi.as_bytes(), Some(Format::Usi)).unwrap();
    assert_eq!(moves_text(&read.game), ["7g7f", "3c3d", "7f7e"]);
    assert!(read.error.is_some());
}

#[test]
fn a_wrong_encoding_is_refused_with_its_line() {
    // Bytes that are neither UTF-8 nor Shift_JIS on line 2.
    let bytes = b"V2.2\n\xff\xfe\xfd\n+\n";
    let e = record::read(bytes, Some(Format::Csa)).unwrap_err();
    assert_eq!(e.line, Some(2), "{e}");
}

#[test]
fn a_record_that_makes_rsshogi_panic_is_an_error_and_prints_no_panic() {
    // A Shift_JIS KIF mutated by AFL (`make fuzz-afl TARGET=records`) on which rsshogi 1.7's
    // move application panics. Read, it is an error; converted on the command line, the user
    // sees that error and no panic message or backtrace.
    let path = format!("{DIR}/hostile-move.kif");
    let bytes = std::fs::read(&path).unwrap();
    assert!(record::read(&bytes, Some(Format::Kif)).is_err());
    let out = std::env::temp_dir().join(format!("hisha-hostile-{}.csa", std::process::id()));
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_hisha"))
        .args(["convert", "--to", "csa", &path])
        .arg(&out)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&out);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success());
    assert!(stderr.contains("error"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!stderr.contains("backtrace"), "{stderr}");
}

#[test]
fn hostile_text_is_quoted_safely() {
    let q = record::quote(&format!("a\u{1b}[2Jb{}", "x".repeat(200)));
    assert!(!q.contains('\u{1b}'));
    assert!(q.chars().count() < 130, "{q}");
}

#[test]
fn kif_handicap_names_start_where_ours_do() {
    // Each of cshogi's handicap files names its 手合割; Hisha's handicap of that name must be
    // the start position the record was read with.
    let mut seen = 0;
    for h in 0..13 {
        let bytes = std::fs::read(format!("{DIR}/handicap-{h}.kif")).unwrap();
        let text = record::decode(&bytes).unwrap();
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("手合割："))
            .unwrap()
            .trim();
        let read = record::read(&bytes, Some(Format::Kif)).unwrap();
        let ours = hisha::shogi::handicap_position(name).unwrap();
        assert_eq!(read.game.start.to_sfen(), ours.to_sfen(), "{name}");
        seen += 1;
    }
    assert_eq!(seen, 13);
}

#[test]
fn western_records_take_every_form() {
    // Hodges, the correspondence forms and the server's, mixed, numbered or not.
    let text = "1. P-7f 2. P3d\n3. 2g-2f Bx8h+ Sx8h B'4e\n7. B*5f\n";
    let read = record::read(text.as_bytes(), None).unwrap();
    assert!(read.error.is_none(), "{:?}", read.error);
    assert_eq!(
        moves_text(&read.game),
        ["7g7f", "3c3d", "2g2f", "2b8h+", "7i8h", "B*4e", "B*5f"]
    );
    // Written back in Hodges' form, one move a line.
    let written =
        String::from_utf8(read.game.write(Format::Western, Encoding::Utf8).unwrap()).unwrap();
    assert_eq!(
        written,
        "1. P-7f\n2. P-3d\n3. P-2f\n4. Bx8h+\n5. Sx8h\n6. B*4e\n7. B*5f\n"
    );
}

#[test]
fn variations_are_kept_where_the_format_can() {
    // A hand-made KIF: a main line ending in resignation, a variation from move 2 after it.
    let bytes = std::fs::read(format!("{DIR}/variation.kif")).unwrap();
    let read = record::read(&bytes, Some(Format::Kif)).unwrap();
    assert!(read.error.is_none(), "{:?}", read.error);
    assert_eq!(moves_text(&read.game), ["7g7f", "3c3d", "2g2f"]);
    assert_eq!(read.game.ending.as_deref(), Some("resign"));
    assert_eq!(
        read.game.moves[0].comment.as_deref(),
        Some("本譜のコメント")
    );
    assert_eq!(read.game.moves[1].time_ms, Some(2000));
    // KIF and JKF keep the variation; the KIF written puts the ending right after the main
    // line, before the variation, where other readers look for it (cshogi reads the main line
    // and the resignation from it).
    let kif = String::from_utf8(read.game.write(Format::Kif, Encoding::Utf8).unwrap()).unwrap();
    let ending = kif.find("投了").unwrap();
    let variation = kif.find("変化：2手").unwrap();
    assert!(ending < variation, "{kif}");
    assert!(kif.contains("８四歩(83)"), "{kif}");
    let jkf = String::from_utf8(read.game.write(Format::Jkf, Encoding::Utf8).unwrap()).unwrap();
    assert!(jkf.contains("\"forks\""), "{jkf}");
    // Read back, the same game.
    let again = record::read(kif.as_bytes(), Some(Format::Kif)).unwrap();
    assert_eq!(moves_text(&again.game), ["7g7f", "3c3d", "2g2f"]);
    assert_eq!(again.game.ending.as_deref(), Some("resign"));
}

#[test]
fn csa_v3_with_pieces_removed_by_pi() {
    // V3.0, `PI82HI22KA`: the two-piece handicap, White first.
    let bytes = std::fs::read(format!("{DIR}/handicap-pi-v3.csa")).unwrap();
    let read = record::read(&bytes, None).unwrap();
    assert!(read.error.is_none(), "{:?}", read.error);
    assert_eq!(
        read.game.start.to_sfen(),
        hisha::shogi::handicap_position("2p").unwrap().to_sfen()
    );
    assert_eq!(moves_text(&read.game), ["5a4b", "7g7f"]);
    assert_eq!(read.game.moves[0].time_ms, Some(3000));
    assert_eq!(read.game.ending.as_deref(), Some("resign"));
}
