//! Self-play at a fixed number of nodes per move: the games the tuner learns from.
//!
//! Each game starts from an opening line, plays a few random legal moves (so that no two games
//! are alike), then lets the engine play both sides. A game ends by the rules, at `max_plies`
//! (a draw), or by adjudication once both sides' searches agree that one side is far ahead.
//! Quiet positions (not in check, the chosen move neither captures nor promotes, the score not
//! a mate) are written with the game's result and the search score, both from Black's point of
//! view, in game order: `sfen<TAB>result (1, 0.5 or 0)<TAB>score (cp)<TAB>game number`.

use crate::search::tt::TranspositionTable;
use crate::search::{Limits, SearchControl, SearchOptions, Searcher, ShogiBoard, MATE_BOUND};
use crate::shogi::{generate_legal, Color, Declaration, MoveList, Position, Repetition};
use crossbeam_channel::unbounded;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// What to play.
#[derive(Clone, Debug)]
pub struct SelfplayConfig {
    /// Games in all.
    pub games: usize,
    /// Nodes per move (each move varies it by up to a fifth either way).
    pub nodes: u64,
    /// Games played at once.
    pub threads: usize,
    /// Opening positions: "startpos moves ..." or "sfen ... moves ..." lines.
    pub openings: Vec<String>,
    /// Random legal moves played after the opening.
    pub random_plies: usize,
    /// A game still running after this many plies is a draw.
    pub max_plies: usize,
    /// Both sides agreeing that one side is this far ahead ends the game (centipawns).
    pub adjudicate: i32,
    /// Seed of the random moves.
    pub seed: u64,
}

/// What was played.
#[derive(Clone, Copy, Debug, Default)]
pub struct SelfplayStats {
    /// Games finished.
    pub games: usize,
    /// Wins for Black, wins for White, draws.
    pub results: [usize; 3],
    /// Positions written.
    pub positions: usize,
    /// Games ended by adjudication.
    pub adjudicated: usize,
}

struct GameRecord {
    /// Game number (fixes its seed and opening, whichever thread plays it).
    game: usize,
    positions: Vec<(String, i32)>,
    /// 1.0 Black won, 0.0 White won, 0.5 draw.
    result: f32,
    /// Whether the game was ended by adjudication.
    adjudicated: bool,
}

/// Plies in a row that the searches must agree on the winner before a game is adjudicated
/// (two moves of each side).
const ADJUDICATION_PLIES: usize = 4;

/// Ends a game that both sides' searches agree is decided: the same colour at least `threshold`
/// ahead for `ADJUDICATION_PLIES` plies in a row. Scores are read from Black's point of view,
/// so the two sides' searches, each scoring for itself, are compared on one scale.
#[derive(Clone, Copy, Debug)]
pub(super) struct Adjudication {
    threshold: i32,
    leader: Option<Color>,
    plies: usize,
}

impl Adjudication {
    pub(super) fn new(threshold: i32) -> Adjudication {
        Adjudication {
            threshold,
            leader: None,
            plies: 0,
        }
    }

    /// Takes the search score of the position just searched (Black's view); returns the
    /// result (1.0 Black wins, 0.0 White wins) once the game is decided.
    pub(super) fn update(&mut self, black_score: i32) -> Option<f32> {
        if black_score.abs() < self.threshold {
            self.leader = None;
            self.plies = 0;
            return None;
        }
        let leader = if black_score > 0 {
            Color::Black
        } else {
            Color::White
        };
        if self.leader == Some(leader) {
            self.plies += 1;
        } else {
            self.leader = Some(leader);
            self.plies = 1;
        }
        (self.plies >= ADJUDICATION_PLIES).then_some(if leader == Color::Black { 1.0 } else { 0.0 })
    }
}

fn play_game(
    searcher: &mut Searcher,
    tt: &TranspositionTable,
    start: &Position,
    config: &SelfplayConfig,
    rng: &mut StdRng,
) -> GameRecord {
    tt.clear();
    searcher.new_game();
    let mut pos = start.clone();
    let mut positions = Vec::new();
    let options = SearchOptions::default();
    for _ in 0..config.random_plies {
        let mut list = MoveList::new();
        generate_legal(&pos, &mut list);
        if list.is_empty() {
            break;
        }
        let m = list.as_slice()[rng.gen_range(0..list.len())];
        pos.make_move(m);
    }
    let mut adjudication = Adjudication::new(config.adjudicate);
    let mut adjudicated = false;
    let mut plies = 0;
    let result = loop {
        let us = pos.side_to_move();
        let black_view = |v: i32| if us == Color::Black { v } else { -v };
        let loss_for_mover = if us == Color::Black { 0.0 } else { 1.0 };
        if let Some(result) = game_over(&pos, plies, config.max_plies) {
            break result;
        }
        let jitter = config.nodes / 5;
        let nodes = config.nodes - jitter + rng.gen_range(0..=2 * jitter);
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let mut board = ShogiBoard::new(pos.clone());
        let r = searcher.search(&mut board, &limits, &options, &mut |_| {});
        let Some(m) = r.best else {
            break loss_for_mover;
        };
        if r.declare_win {
            break 1.0 - loss_for_mover;
        }
        let quiet = !m.is_promotion() && (m.is_drop() || pos.piece_on(m.to()).is_none());
        if quiet && !pos.in_check() && r.score.abs() < MATE_BOUND {
            positions.push((pos.to_sfen(), black_view(r.score)));
        }
        if let Some(result) = adjudication.update(black_view(r.score)) {
            adjudicated = true;
            break result;
        }
        pos.make_move(m);
        plies += 1;
    };
    GameRecord {
        game: 0,
        positions,
        result,
        adjudicated,
    }
}

/// The result of a game over by the rules before the side to move searches (1.0 Black wins,
/// 0.0 White wins, 0.5 a draw): a fourfold repetition (perpetual check losing), `max_plies`
/// played, or a winning entering-king declaration.
pub(super) fn game_over(pos: &Position, plies: usize, max_plies: usize) -> Option<f32> {
    let loss_for_mover = if pos.side_to_move() == Color::Black {
        0.0
    } else {
        1.0
    };
    if pos.repetition_count() >= 3 {
        return Some(match pos.repetition(usize::MAX) {
            // The side that gave every check of the cycle loses: that is the opponent
            // when the side to move "wins" the repetition.
            Some(Repetition::Win) => 1.0 - loss_for_mover,
            Some(Repetition::Loss) => loss_for_mover,
            _ => 0.5,
        });
    }
    if plies >= max_plies {
        return Some(0.5);
    }
    if let Some(Declaration::Win) = pos.declaration(Default::default()) {
        return Some(1.0 - loss_for_mover);
    }
    None
}

/// Plays `config.games` games and writes their quiet positions to `out`; `progress` hears
/// about every finished game.
pub fn selfplay(
    config: &SelfplayConfig,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&SelfplayStats),
) -> std::io::Result<SelfplayStats> {
    let openings: Vec<Position> = config
        .openings
        .iter()
        .filter_map(|l| Position::after_line(l).ok())
        .collect();
    let openings = if openings.is_empty() {
        vec![Position::startpos()]
    } else {
        openings
    };
    let next_game = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = unbounded::<GameRecord>();
    let mut stats = SelfplayStats::default();
    std::thread::scope(|scope| -> std::io::Result<()> {
        for _ in 0..config.threads.max(1) {
            let tx = tx.clone();
            let next_game = next_game.clone();
            let openings = &openings;
            std::thread::Builder::new()
                .stack_size(crate::search::params::SEARCH_STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let tt = Arc::new(TranspositionTable::new(16));
                    let mut searcher = Searcher::new(tt.clone(), SearchControl::new());
                    loop {
                        let g = next_game.fetch_add(1, Ordering::Relaxed);
                        if g >= config.games {
                            break;
                        }
                        let mut rng = StdRng::seed_from_u64(config.seed ^ (g as u64 + 1) << 8);
                        let start = &openings[g % openings.len()];
                        let record = GameRecord {
                            game: g,
                            ..play_game(&mut searcher, &tt, start, config, &mut rng)
                        };
                        if tx.send(record).is_err() {
                            break;
                        }
                    }
                })
                .expect("spawn a self-play thread");
        }
        drop(tx);
        // Games finish out of order; they are written in game order, so that the same
        // configuration writes the same file whatever the threads' timing.
        let mut finished = std::collections::BTreeMap::new();
        let mut next_to_write = 0;
        for record in rx {
            stats.games += 1;
            stats.positions += record.positions.len();
            stats.adjudicated += usize::from(record.adjudicated);
            let i = if record.result > 0.75 {
                0
            } else if record.result < 0.25 {
                1
            } else {
                2
            };
            stats.results[i] += 1;
            finished.insert(record.game, record);
            while let Some(record) = finished.remove(&next_to_write) {
                for (sfen, score) in &record.positions {
                    writeln!(out, "{sfen}\t{}\t{score}\t{}", record.result, record.game)?;
                }
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

    #[test]
    fn openings_parse() {
        let p = Position::after_line("startpos moves 7g7f 3c3d").unwrap();
        assert_eq!(
            p.to_sfen(),
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
        );
        assert!(Position::after_line("startpos moves 7g7g").is_err());
        assert!(Position::after_line("sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1").is_ok());
    }

    #[test]
    fn adjudication_reads_both_sides_scores_on_one_scale() {
        // Black far ahead: Black's searches say +3500, White's say -3500 for itself. Seen
        // from Black, every ply agrees, and the game ends after the fourth.
        let mut a = Adjudication::new(3000);
        let mover_scores = [3500, -3500, 3600, -3400];
        let mut result = None;
        for (ply, mover) in mover_scores.iter().enumerate() {
            assert_eq!(result, None, "decided too early, at ply {ply}");
            let black = if ply % 2 == 0 { *mover } else { -mover };
            result = a.update(black);
        }
        assert_eq!(result, Some(1.0));
        // White far ahead.
        let mut a = Adjudication::new(3000);
        let results: Vec<_> = [-4000, -4000, -4000, -4000].map(|s| a.update(s)).to_vec();
        assert_eq!(results, [None, None, None, Some(0.0)]);
        // A ply below the threshold, or the lead changing hands, starts the count again.
        let mut a = Adjudication::new(3000);
        for s in [3500, 3500, 3500, 2000, 3500, 3500, 3500] {
            assert_eq!(a.update(s), None);
        }
        let mut a = Adjudication::new(3000);
        for s in [3500, 3500, 3500, -3500, -3500, -3500] {
            assert_eq!(a.update(s), None);
        }
    }

    #[test]
    fn a_lopsided_game_is_adjudicated() {
        // White has a bare king and a pawn against Black's full army: every search sees Black
        // far ahead, so the game ends by adjudication long before the ply limit.
        let config = SelfplayConfig {
            games: 1,
            nodes: 2000,
            threads: 1,
            openings: vec!["sfen 4k4/9/9/9/9/4p4/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1".into()],
            random_plies: 0,
            max_plies: 200,
            adjudicate: 3000,
            seed: 3,
        };
        let mut out = Vec::new();
        let stats = selfplay(&config, &mut out, &mut |_| {}).unwrap();
        assert_eq!(stats.games, 1);
        assert_eq!(stats.adjudicated, 1);
        assert_eq!(stats.results, [1, 0, 0]);
        assert!(stats.positions <= ADJUDICATION_PLIES, "{}", stats.positions);
    }

    #[test]
    fn games_are_written_with_results() {
        let config = SelfplayConfig {
            games: 2,
            nodes: 300,
            threads: 2,
            openings: vec!["startpos".into()],
            random_plies: 4,
            max_plies: 40,
            adjudicate: 3000,
            seed: 7,
        };
        let mut out = Vec::new();
        let stats = selfplay(&config, &mut out, &mut |_| {}).unwrap();
        assert_eq!(stats.games, 2);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), stats.positions);
        let mut previous_game = 0;
        for line in text.lines() {
            let fields: Vec<&str> = line.split('\t').collect();
            let game: usize = fields[3].parse().unwrap();
            assert!(game >= previous_game, "games written in order");
            previous_game = game;
            assert_eq!(fields.len(), 4);
            assert!(Position::from_sfen(fields[0]).is_ok());
            assert!(["0", "0.5", "1"].contains(&fields[1]), "{line}");
        }
    }
}
