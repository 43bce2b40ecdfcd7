//! `hisha analyse` end to end: the record written back reads as the same game, every move with
//! the evaluation in ShogiHome's form, the summary printed, the picture drawn.

use hisha::record::{self, Format};
use std::process::Command;

#[test]
fn analyse_writes_the_game_back_with_its_evaluation() {
    let dir = std::env::temp_dir().join(format!("hisha-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("game.usi");
    // A short game: a bishop exchange and a drop.
    std::fs::write(
        &input,
        "startpos moves 7g7f 3c3d 8h2b+ 3a2b 2g2f 2b3c B*4e\n",
    )
    .unwrap();
    let out = dir.join("game.analysis.kifu");
    let svg = dir.join("game.svg");
    let run = Command::new(env!("CARGO_BIN_EXE_hisha"))
        .args([
            "analyse",
            input.to_str().unwrap(),
            "--depth",
            "4",
            "--margin",
            "150",
        ])
        .args([
            "--out",
            out.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let summary = String::from_utf8(run.stdout).unwrap();
    assert!(summary.contains("7 moves analysed"), "{summary}");
    assert!(summary.contains("black: 4 moves"), "{summary}");
    assert!(summary.contains("white: 3 moves"), "{summary}");

    let bytes = std::fs::read(&out).unwrap();
    let read = record::read(&bytes, Some(Format::Kif)).unwrap();
    assert!(read.error.is_none(), "{:?}", read.error);
    let moves: Vec<String> = read.game.moves.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(
        moves,
        ["7g7f", "3c3d", "8h2b+", "3a2b", "2g2f", "2b3c", "B*4e"]
    );
    for (i, m) in read.game.moves.iter().enumerate() {
        let c = m.comment.as_deref().unwrap_or("");
        assert!(
            c.contains("#評価値=") || c.contains("#詰み="),
            "move {}: {c}",
            i + 1
        );
        assert!(c.contains("#エンジン=Hisha"), "move {}: {c}", i + 1);
    }
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.starts_with("<svg") && picture.contains("<polyline"),
        "{picture}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn analyse_refuses_what_it_cannot_read() {
    let run = Command::new(env!("CARGO_BIN_EXE_hisha"))
        .args(["analyse", "/nonexistent/game.kif"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("cannot read"));
}
