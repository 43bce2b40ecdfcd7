//! `hisha analyse RECORD`: every position of a game searched by the engine (its `Threads` and
//! hash), the record written back with the evaluation and the best line as comments in the form
//! ShogiHome reads (`#評価値=`, `#読み筋=`, `#深さ=`, `#ノード数=`, `#エンジン=`, its situation
//! words), the mistakes marked with the better move, a summary for each side, and a picture of
//! the evaluation over the game (SVG).

use super::CliError;
use crate::engine::Engine;
use crate::notation::PositionSpec;
use crate::record::{self, japanese_line, Format, GameRecord};
use crate::search::Limits;
use crate::shogi::{generate_legal, parse_usi_move, Color, Move, MoveList, Position};
use crate::usi::response::{BestMove, EngineEvent, UsiScore};
use crate::usi::UsiEngine;
use crossbeam_channel::unbounded;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};

/// The arguments of `hisha analyse`.
#[derive(clap::Args)]
pub struct AnalyseArgs {
    /// The record to analyse (any format `hisha convert` reads).
    record: String,
    /// The record's format (default: from its extension, else its text).
    #[arg(long)]
    from: Option<String>,
    /// Milliseconds a position (the default, 1000, unless --depth or --nodes is given).
    #[arg(long, conflicts_with_all = ["depth", "nodes"])]
    time: Option<u64>,
    /// Search each position to this depth instead.
    #[arg(long, conflicts_with = "nodes")]
    depth: Option<u32>,
    /// Search each position for this many nodes instead.
    #[arg(long)]
    nodes: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The transposition table, MiB.
    #[arg(long, default_value_t = 256)]
    hash: usize,
    /// A move that loses this many centipawns or more against the best is marked a mistake.
    #[arg(long, default_value_t = 200)]
    margin: i32,
    /// The analysed record (its format from the extension; default: RECORD's name with
    /// `.analysis.kifu`).
    #[arg(long)]
    out: Option<String>,
    /// The picture of the evaluation (default: RECORD's name with `.analysis.svg`; `-`: none).
    #[arg(long)]
    svg: Option<String>,
}

/// What a search found of one position.
#[derive(Clone, Debug, Default)]
struct Found {
    /// Black's view, centipawns (a mate as ±30000 less its distance).
    score: Option<i32>,
    /// The mate distance in plies, from the side to move (negative when it is mated).
    mate: Option<i32>,
    /// The best line, the best move first.
    pv: Vec<Move>,
    depth: u32,
    nodes: u64,
}

/// A mate's score for the sums and the picture.
const MATE: i32 = 30_000;
/// Scores are capped here when losses are summed and drawn.
const CAP: i32 = 3_000;

/// ShogiHome's words for a score (Black's view).
fn situation(score: i32) -> &'static str {
    match score {
        s if s >= 2000 => "先手勝勢",
        s if s >= 800 => "先手優勢",
        s if s >= 300 => "先手有利",
        s if s > -300 => "互角",
        s if s > -800 => "後手有利",
        s if s > -2000 => "後手優勢",
        _ => "後手勝勢",
    }
}

/// Searches `pos` (reached from `start` by `moves`) with `limits`.
fn search(engine: &mut Engine, start: &Position, moves: &[Move], limits: &Limits) -> Found {
    let mut pos = start.clone();
    for &m in moves {
        pos.make_move(m);
    }
    let mut legal = MoveList::new();
    generate_legal(&pos, &mut legal);
    let black = pos.side_to_move() == Color::Black;
    let to_black = |v: i32| if black { v } else { -v };
    if legal.is_empty() {
        // Mated (or stalemated, which shogi counts as lost).
        return Found {
            score: Some(to_black(-MATE)),
            mate: Some(0),
            ..Found::default()
        };
    }
    let spec = PositionSpec {
        sfen: Some(start.to_sfen()),
        moves: moves.iter().map(|m| m.to_string()).collect(),
    };
    if engine.set_position(&spec).is_err() {
        return Found::default();
    }
    let (tx, rx) = unbounded();
    engine.go(limits.clone(), tx);
    let mut found = Found::default();
    let mut best = None;
    for event in rx.iter() {
        match event {
            EngineEvent::Info(info) if info.multipv.is_none() || info.multipv == Some(1) => {
                let (score, mate) = match info.score {
                    UsiScore::Cp(v) => (v, None),
                    UsiScore::Mate(n) => (if n >= 0 { MATE - n } else { -MATE - n }, Some(n)),
                };
                if info.bound.is_none() {
                    found.score = Some(to_black(score));
                    found.mate = mate;
                    found.depth = info.depth;
                    found.nodes = info.nodes;
                    let mut p = pos.clone();
                    found.pv.clear();
                    for text in &info.pv {
                        let Some(m) = parse_usi_move(&p, text) else {
                            break;
                        };
                        p.make_move(m);
                        found.pv.push(m);
                    }
                }
            }
            EngineEvent::BestMove(b) => {
                if let BestMove::Move { best: text, .. } = b {
                    best = parse_usi_move(&pos, &text);
                }
                break;
            }
            _ => {}
        }
    }
    engine.search_finished();
    // The best move first, even when the search answered without a line.
    if let Some(b) = best {
        if found.pv.first() != Some(&b) {
            found.pv = vec![b];
        }
    }
    found
}

/// `hisha analyse`.
pub(super) fn run(args: AnalyseArgs) -> Result<(), CliError> {
    let read = super::records::load(&args.record, args.from.as_deref())?;
    if let Some(e) = &read.error {
        eprintln!("{}: {e}; analysing the moves before it", args.record);
    }
    let mut game: GameRecord = read.game;
    let stem = args
        .record
        .rsplit_once('.')
        .map_or(args.record.as_str(), |(s, _)| s)
        .to_string();
    let out_path = args.out.clone().unwrap_or(format!("{stem}.analysis.kifu"));
    let out_format = Format::from_path(&out_path).ok_or_else(|| {
        CliError::Input(format!(
            "cannot tell the format of {} from its name",
            record::quote(&out_path)
        ))
    })?;
    let svg_path = args.svg.clone().unwrap_or(format!("{stem}.analysis.svg"));
    let limits = Limits {
        movetime: match (args.depth, args.nodes) {
            (None, None) => Some(args.time.unwrap_or(1000)),
            _ => None,
        },
        depth: args.depth,
        nodes: args.nodes,
        ..Limits::default()
    };

    let mut engine = Engine::new();
    for (name, value) in [
        ("Threads", args.threads.to_string()),
        ("USI_Hash", args.hash.to_string()),
        ("USI_OwnBook", "false".to_string()),
    ] {
        engine
            .set_option(name, Some(&value))
            .map_err(|e| CliError::Input(format!("{name} {value}: {e}")))?;
    }
    for line in engine.is_ready() {
        if line.starts_with("error") {
            return Err(CliError::Failed(line));
        }
    }
    let _ = engine.new_game();

    // Every position: the start and the one after each move.
    let moves: Vec<Move> = game.moves.iter().map(|m| m.mv).collect();
    let bar = io::stderr().is_terminal();
    let mut found = Vec::with_capacity(moves.len() + 1);
    for ply in 0..=moves.len() {
        if bar {
            eprint!("\ranalysing {ply}/{}", moves.len());
        }
        found.push(search(&mut engine, &game.start, &moves[..ply], &limits));
    }
    if bar {
        eprintln!();
    }

    // Each move against the best of its position: what it lost, from the mover's view.
    let mut report = String::new();
    let mut mistakes = Vec::new(); // their move numbers, for the picture
    let mut sides = [(0usize, 0i64, 0usize); 2]; // moves, summed loss, mistakes
    let mut pos = game.start.clone();
    for (i, &m) in moves.iter().enumerate() {
        let mover = pos.side_to_move();
        let sign = if mover == Color::Black { 1 } else { -1 };
        let (before, after) = (&found[i], &found[i + 1]);
        let mut lines = Vec::new();
        if let (Some(b), Some(a)) = (before.score, after.score) {
            let loss = (sign * (b.clamp(-CAP, CAP) - a.clamp(-CAP, CAP))).max(0);
            let side = &mut sides[mover as usize];
            side.0 += 1;
            side.1 += i64::from(loss);
            let best = before.pv.first().copied();
            if loss >= args.margin && best.is_some_and(|b| b != m) {
                side.2 += 1;
                mistakes.push(i + 1);
                let best_line = japanese_line(&pos, &before.pv);
                let best_move = japanese_line(&pos, &before.pv[..1]);
                lines.push(format!("【悪手】 最善手 {best_move} #評価値={b}"));
                lines.push(format!("#最善の読み筋={best_line}"));
                let _ = writeln!(
                    report,
                    "{:>4} {:<8} loses {loss:>5} cp: better {} ({})",
                    i + 1,
                    japanese_line(&pos, &[m]),
                    best_move,
                    before.pv[0]
                );
            }
        }
        pos.make_move(m);
        // The position after the move, as ShogiHome writes its analysis.
        if let Some(score) = after.score {
            match after.mate {
                Some(n) => {
                    let black_wins = score > 0;
                    lines.push(format!(
                        "#詰み={}{}",
                        if black_wins {
                            "先手勝ち"
                        } else {
                            "後手勝ち"
                        },
                        if n == 0 {
                            String::new()
                        } else {
                            format!(":{}手", n.abs())
                        }
                    ));
                }
                None => {
                    lines.push(situation(score).to_string());
                    lines.push(format!("#評価値={score}"));
                }
            }
            if !after.pv.is_empty() {
                lines.push(format!("#読み筋={}", japanese_line(&pos, &after.pv)));
            }
            lines.push(format!("#深さ={}", after.depth));
            lines.push(format!("#ノード数={}", after.nodes));
        }
        lines.push("#エンジン=Hisha".to_string());
        game.annotate(i + 1, &lines);
    }
    if let Some(score) = found[0].score {
        game.annotate(
            0,
            &[
                situation(score).to_string(),
                format!("#評価値={score}"),
                format!("#読み筋={}", japanese_line(&game.start, &found[0].pv)),
                "#エンジン=Hisha".to_string(),
            ],
        );
    }

    let encoding = out_format.default_encoding(Some(&out_path));
    let bytes = game
        .write(out_format, encoding)
        .map_err(|e| CliError::Failed(e.to_string()))?;
    std::fs::write(&out_path, bytes).map_err(|e| CliError::Write(out_path.clone(), e))?;
    if svg_path != "-" {
        let scores: Vec<Option<i32>> = found.iter().map(|f| f.score).collect();
        std::fs::write(&svg_path, svg(&scores, &mistakes))
            .map_err(|e| CliError::Write(svg_path.clone(), e))?;
    }

    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{} moves analysed ({}); written to {out_path}{}",
        moves.len(),
        match (args.depth, args.nodes) {
            (Some(d), _) => format!("depth {d}"),
            (_, Some(n)) => format!("{n} nodes"),
            _ => format!("{} ms", args.time.unwrap_or(1000)),
        },
        if svg_path == "-" {
            String::new()
        } else {
            format!(" and {svg_path}")
        }
    )?;
    for (color, name) in [(Color::Black, "black"), (Color::White, "white")] {
        let (n, loss, mistakes) = sides[color as usize];
        writeln!(
            out,
            "{name}: {n} moves, average loss {} cp, {mistakes} mistakes of {} cp or more",
            if n == 0 { 0 } else { loss / n as i64 },
            args.margin
        )?;
    }
    write!(out, "{report}")?;
    Ok(())
}

/// The evaluation over the game as an SVG line chart: Black's view, capped at ±3000, the
/// mistakes (move numbers) marked.
fn svg(scores: &[Option<i32>], marks: &[usize]) -> String {
    let (w, h, pad) = (800.0, 300.0, 30.0);
    let n = scores.len().max(2) - 1;
    let x = |i: usize| pad + (w - 2.0 * pad) * i as f64 / n as f64;
    let y = |v: i32| h / 2.0 - (h / 2.0 - pad) * f64::from(v.clamp(-CAP, CAP)) / f64::from(CAP);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n\
         <line x1=\"{pad}\" y1=\"{mid}\" x2=\"{right}\" y2=\"{mid}\" stroke=\"#999\"/>\n\
         <text x=\"4\" y=\"{top}\" font-size=\"11\">+{CAP}</text>\n\
         <text x=\"4\" y=\"{bottom}\" font-size=\"11\">-{CAP}</text>\n\
         <text x=\"{right}\" y=\"{label}\" font-size=\"11\" text-anchor=\"end\">evaluation for Black, by move</text>\n",
        mid = h / 2.0,
        right = w - pad,
        top = pad,
        bottom = h - pad + 10.0,
        label = h - 8.0,
    );
    let points: Vec<String> = scores
        .iter()
        .enumerate()
        .filter_map(|(i, v)| v.map(|v| format!("{:.1},{:.1}", x(i), y(v))))
        .collect();
    let _ = writeln!(
        s,
        "<polyline fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" points=\"{}\"/>",
        points.join(" ")
    );
    for &m in marks {
        if let Some(Some(v)) = scores.get(m) {
            let _ = writeln!(
                s,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"4\" fill=\"#d03030\"><title>move {m}</title></circle>",
                x(m),
                y(*v)
            );
        }
    }
    s.push_str("</svg>\n");
    s
}
