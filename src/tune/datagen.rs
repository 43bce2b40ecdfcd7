//! Training data for the learned evaluation: self-play games whose positions are scored by a
//! deeper search than the one that plays them, kept as games (moves and scores), not positions.
//!
//! A game starts from an opening line (the start position, the opening suite, the book's
//! lines; a minority from random plies), plays a few random legal moves so that no two games
//! are alike, then a shallow search (`play_nodes`) plays both sides while a deeper one
//! (`label_nodes`) scores every quiet position: not in check, its best move neither a capture
//! nor a promotion, the score not a mate. The game ends by the rules, at `max_plies` (a draw), or
//! by adjudication once the scores agree for four plies that one side is far ahead.
//!
//! One line a game, tab-separated, in game order:
//!
//! ```text
//! <game> <TAB> <result: 1, 0.5 or 0 for Black> <TAB> <start SFEN> <TAB> <move>[:<score>] ...
//! ```
//!
//! A score is the deeper search's, in centipawns for the side to move before the move. Every
//! search is at fixed nodes on one thread with a fresh table a game, and a game's random choices
//! come from the seed and its number: the same configuration writes the same file, whatever the
//! threads' timing, and any range of games can be played on its own (the make target plays
//! the data in chunks and skips the chunks already written).

use super::selfplay::{game_over, Adjudication};
use crate::search::tt::TranspositionTable;
use crate::search::{Limits, SearchControl, SearchOptions, Searcher, ShogiBoard, MATE_BOUND};
use crate::shogi::{generate_legal, parse_usi_move, Color, Move, MoveList, Position};
use crossbeam_channel::unbounded;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// What to play.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// The first game's number.
    pub first_game: u64,
    /// Games to play.
    pub games: u64,
    /// Nodes of the search that plays each move.
    pub play_nodes: u64,
    /// Nodes of the search that scores each position.
    pub label_nodes: u64,
    /// Games played at once.
    pub threads: usize,
    /// Opening lines (`startpos moves ...`, `sfen ... moves ...`), one chosen a game.
    pub openings: Vec<String>,
    /// One game in this many starts from random plies from the start position instead of an
    /// opening line (0: never).
    pub random_opening_every: u64,
    /// Random plies of such a game.
    pub random_opening_plies: usize,
    /// Random legal moves after the opening line: up to this many, drawn a game.
    pub random_plies: usize,
    /// A game still running after this many plies is a draw.
    pub max_plies: usize,
    /// Both sides' scores agreeing that one side is this far ahead ends the game (cp).
    pub adjudicate: i32,
    /// The seed of every random choice.
    pub seed: u64,
}

/// What was played.
#[derive(Clone, Copy, Debug, Default)]
pub struct DatagenStats {
    /// Games finished.
    pub games: u64,
    /// Wins for Black, wins for White, draws.
    pub results: [u64; 3],
    /// Positions scored.
    pub positions: u64,
}

/// One game as recorded.
#[derive(Clone)]
pub struct GameRecord {
    /// Its number.
    pub game: u64,
    /// 1.0 Black won, 0.0 White won, 0.5 a draw.
    pub result: f32,
    /// Where the searches took over.
    pub start: Position,
    /// The moves played, each with the deeper search's score of the position it was played in
    /// (side to move's view) when that position was scored.
    pub moves: Vec<(Move, Option<i32>)>,
}

impl GameRecord {
    /// The record's line (without its newline).
    pub fn to_line(&self) -> String {
        let mut s = format!("{}\t{}\t{}\t", self.game, self.result, self.start.to_sfen());
        for (i, (m, score)) in self.moves.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let _ = write!(s, "{m}");
            if let Some(v) = score {
                let _ = write!(s, ":{v}");
            }
        }
        s
    }

    /// Reads a record's line; None if it is not one (or a move is not legal).
    pub fn parse(line: &str) -> Option<GameRecord> {
        let mut fields = line.split('\t');
        let game = fields.next()?.parse().ok()?;
        let result = fields.next()?.parse().ok()?;
        let start = Position::from_sfen(fields.next()?).ok()?;
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for word in fields.next().unwrap_or("").split_whitespace() {
            let (text, score) = match word.split_once(':') {
                Some((t, v)) => (t, Some(v.parse().ok()?)),
                None => (word, None),
            };
            let m = parse_usi_move(&pos, text)?;
            pos.make_move(m);
            moves.push((m, score));
        }
        Some(GameRecord {
            game,
            result,
            start,
            moves,
        })
    }

    /// Calls `f(position, score)` for every scored position of the game.
    pub fn for_each_scored(&self, f: &mut impl FnMut(&Position, i32)) {
        let mut pos = self.start.clone();
        for &(m, score) in &self.moves {
            if let Some(v) = score {
                f(&pos, v);
            }
            pos.make_move(m);
        }
    }
}

/// A game's own random source: its number and the seed.
fn game_rng(seed: u64, game: u64) -> StdRng {
    StdRng::seed_from_u64(seed ^ game.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Plays `pos` on by `plies` random legal moves (fewer if the game ends).
fn random_moves(pos: &mut Position, plies: usize, rng: &mut StdRng) {
    for _ in 0..plies {
        let mut list = MoveList::new();
        generate_legal(pos, &mut list);
        if list.is_empty() {
            return;
        }
        pos.make_move(list.as_slice()[rng.gen_range(0..list.len())]);
    }
}

/// The searches of one thread, each with its own table.
struct Searches {
    play: (Searcher, Arc<TranspositionTable>),
    label: (Searcher, Arc<TranspositionTable>),
}

impl Searches {
    fn new() -> Searches {
        let make = || {
            let tt = Arc::new(TranspositionTable::new(16));
            (Searcher::new(tt.clone(), SearchControl::new()), tt)
        };
        Searches {
            play: make(),
            label: make(),
        }
    }
}

fn play_game(
    game: u64,
    openings: &[Position],
    config: &DatagenConfig,
    searches: &mut Searches,
) -> GameRecord {
    let mut rng = game_rng(config.seed, game);
    let mut pos =
        if config.random_opening_every > 0 && game.is_multiple_of(config.random_opening_every) {
            let mut pos = Position::startpos();
            random_moves(&mut pos, config.random_opening_plies, &mut rng);
            pos
        } else {
            openings[rng.gen_range(0..openings.len())].clone()
        };
    let plies = rng.gen_range(0..=config.random_plies);
    random_moves(&mut pos, plies, &mut rng);
    // A fresh start: the position's history is not part of the record.
    let start = Position::from_sfen(&pos.to_sfen()).expect("a position's own SFEN");
    let mut pos = start.clone();
    for (_, tt) in [&searches.play, &searches.label] {
        tt.clear();
    }
    searches.play.0.new_game();
    searches.label.0.new_game();
    let options = SearchOptions::default();
    let search = |s: &mut (Searcher, Arc<TranspositionTable>), pos: &Position, nodes: u64| {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        s.0.search(
            &mut ShogiBoard::new(pos.clone()),
            &limits,
            &options,
            &mut |_| {},
        )
    };
    let mut adjudication = Adjudication::new(config.adjudicate);
    let mut moves = Vec::new();
    let result = loop {
        let loss_for_mover = if pos.side_to_move() == Color::Black {
            0.0
        } else {
            1.0
        };
        if let Some(result) = game_over(&pos, moves.len(), config.max_plies) {
            break result;
        }
        let label = search(&mut searches.label, &pos, config.label_nodes);
        let Some(best) = label.best else {
            break loss_for_mover;
        };
        if label.declare_win {
            break 1.0 - loss_for_mover;
        }
        let quiet = !best.is_promotion() && (best.is_drop() || pos.piece_on(best.to()).is_none());
        let score =
            (quiet && !pos.in_check() && label.score.abs() < MATE_BOUND).then_some(label.score);
        let black = if pos.side_to_move() == Color::Black {
            label.score
        } else {
            -label.score
        };
        if let Some(result) = adjudication.update(black) {
            break result;
        }
        let played = search(&mut searches.play, &pos, config.play_nodes);
        let m = played.best.unwrap_or(best);
        pos.make_move(m);
        moves.push((m, score));
    };
    GameRecord {
        game,
        result,
        start,
        moves,
    }
}

/// Plays the games of `config` and writes their records to `out` in game order; `progress`
/// hears about every finished game.
pub fn datagen(
    config: &DatagenConfig,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&DatagenStats),
) -> std::io::Result<DatagenStats> {
    let openings: Vec<Position> = config
        .openings
        .iter()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| Position::after_line(l).ok())
        .collect();
    let openings = if openings.is_empty() {
        vec![Position::startpos()]
    } else {
        openings
    };
    let end = config.first_game + config.games;
    let next_game = AtomicU64::new(config.first_game);
    let (tx, rx) = unbounded::<GameRecord>();
    let mut stats = DatagenStats::default();
    std::thread::scope(|scope| -> std::io::Result<()> {
        for _ in 0..config.threads.max(1) {
            let tx = tx.clone();
            let (next_game, openings) = (&next_game, &openings);
            std::thread::Builder::new()
                .stack_size(crate::search::params::SEARCH_STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let mut searches = Searches::new();
                    loop {
                        let g = next_game.fetch_add(1, Ordering::Relaxed);
                        if g >= end {
                            break;
                        }
                        let record = play_game(g, openings, config, &mut searches);
                        if tx.send(record).is_err() {
                            break;
                        }
                    }
                })
                .expect("spawn a data thread");
        }
        drop(tx);
        // Games finish out of order; they are written in game order.
        let mut finished = std::collections::BTreeMap::new();
        let mut next_to_write = config.first_game;
        for record in rx {
            stats.games += 1;
            stats.positions += record.moves.iter().filter(|m| m.1.is_some()).count() as u64;
            stats.results[if record.result > 0.75 {
                0
            } else if record.result < 0.25 {
                1
            } else {
                2
            }] += 1;
            finished.insert(record.game, record);
            while let Some(record) = finished.remove(&next_to_write) {
                writeln!(out, "{}", record.to_line())?;
                next_to_write += 1;
            }
            progress(&stats);
        }
        Ok(())
    })?;
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(games: u64) -> DatagenConfig {
        DatagenConfig {
            first_game: 7,
            games,
            play_nodes: 200,
            label_nodes: 400,
            threads: 2,
            openings: vec!["startpos moves 7g7f 3c3d".into(), "startpos".into()],
            random_opening_every: 3,
            random_opening_plies: 6,
            random_plies: 4,
            max_plies: 60,
            adjudicate: 2000,
            seed: 5,
        }
    }

    #[test]
    fn records_read_back_and_the_same_games_come_out_whatever_the_threads() {
        let mut first = Vec::new();
        let stats = datagen(&config(4), &mut first, &mut |_| {}).unwrap();
        assert_eq!(stats.games, 4);
        assert!(stats.positions > 0);
        let text = String::from_utf8(first).unwrap();
        let records: Vec<GameRecord> = text
            .lines()
            .map(|l| GameRecord::parse(l).unwrap())
            .collect();
        assert_eq!(
            records.iter().map(|r| r.game).collect::<Vec<_>>(),
            [7, 8, 9, 10]
        );
        for (line, record) in text.lines().zip(&records) {
            assert_eq!(record.to_line(), line);
            let mut scored = 0;
            record.for_each_scored(&mut |pos, v| {
                assert!(!pos.in_check());
                assert!(v.abs() < MATE_BOUND);
                scored += 1;
            });
            assert_eq!(
                scored,
                record.moves.iter().filter(|m| m.1.is_some()).count()
            );
        }
        // One thread, or the games played one range at a time: the same lines.
        let mut again = Vec::new();
        datagen(
            &DatagenConfig {
                threads: 1,
                ..config(4)
            },
            &mut again,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(String::from_utf8(again).unwrap(), text);
        let mut second_half = Vec::new();
        datagen(
            &DatagenConfig {
                first_game: 9,
                ..config(2)
            },
            &mut second_half,
            &mut |_| {},
        )
        .unwrap();
        let tail: Vec<&str> = text.lines().skip(2).collect();
        assert_eq!(
            String::from_utf8(second_half).unwrap(),
            tail.join("\n") + "\n"
        );
    }

    #[test]
    fn a_line_that_is_not_a_record_is_refused() {
        for bad in [
            "",
            "1\t1\tnot an sfen\t7g7f",
            "1\tx\tlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t7g7f",
            "1\t1\tlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t7g7e",
            "1\t1\tlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t7g7f:x",
        ] {
            assert!(GameRecord::parse(bad).is_none(), "{bad}");
        }
    }
}
