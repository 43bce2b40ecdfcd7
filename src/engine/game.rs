//! The game being played, behind one seam: 9x9 shogi on its bitboard core (`shogi/`, searched as
//! `ShogiBoard`) or one of the other games of the family on the generic machine (`variant/`,
//! searched as `VBoard`). The engine holds one `Game`, made by `USI_Variant`; setting the
//! position, searching, the mate search, perft, the picture of `d`, the explained evaluation,
//! the end of the game and move text in each notation all go through it, so that nothing else
//! asks which game is played.

use super::Settings;
use crate::color::Color;
use crate::eval::variant::VariantEval;
use crate::notation::board::BoardStyle;
use crate::notation::{MoveStyle, PositionSpec};
use crate::search::dfpn::table::MateTable;
use crate::search::dfpn::{solve_mate, Defence, MateOutcome, Progress};
use crate::search::tt::TranspositionTable;
use crate::search::variant::VBoard;
use crate::search::{
    Limits, MateLimit, Score, SearchControl, SearchEvent, SearchInfo, SearchOptions, Searcher,
    ShogiBoard, MATE_BOUND,
};
use crate::shogi::perft::perft_divide_until;
use crate::shogi::{generate_all, parse_usi_move, IllegalMove, MoveList, Position};
use crate::usi::response::{BestMove, CheckmateAnswer, GameEnd, InfoLine, ListedMove, UsiScore};
use crate::usi::EngineError;
use crate::variant::{VMove, VPosition, VariantError, VariantId, Verdict};
use std::sync::Arc;

/// What the worker thread searches with: the one search, for 9x9 shogi's board and for the
/// variants' (each keeps its own ordering tables; they share the transposition table), and the
/// evaluation of the variant last searched (made once: its values take a moment on the large
/// boards).
pub(super) struct Searchers {
    shogi: Searcher<ShogiBoard>,
    variant: Searcher<VBoard>,
    variant_eval: Option<(VariantId, Arc<VariantEval>)>,
    /// The mate solver's table, made at `isready` in 9x9 or at the first `go mate` (and again
    /// when its size changes).
    mate: Option<MateTable>,
}

impl Searchers {
    pub(super) fn new(tt: &Arc<TranspositionTable>, control: &Arc<SearchControl>) -> Searchers {
        Searchers {
            shogi: Searcher::new(tt.clone(), control.clone()),
            variant: Searcher::new(tt.clone(), control.clone()),
            variant_eval: None,
            mate: None,
        }
    }

    pub(super) fn set_tt(&mut self, tt: &Arc<TranspositionTable>) {
        self.shogi.set_tt(tt.clone());
        self.variant.set_tt(tt.clone());
    }

    pub(super) fn new_game(&mut self) {
        self.shogi.new_game();
        self.variant.new_game();
        if let Some(t) = self.mate.as_mut() {
            t.clear();
        }
    }

    /// The mate solver's table, of `mb` MiB.
    fn mate_table(&mut self, mb: usize) -> &mut MateTable {
        if self.mate.as_ref().is_none_or(|t| t.size_mb() != mb) {
            self.mate = None;
            self.mate = Some(MateTable::new(mb));
        }
        self.mate.as_mut().expect("just made")
    }

    /// Makes the mate solver's table of `mb` MiB ready for a `go mate` (at `isready`): made if
    /// it is not, and mapped now rather than on the search's clock (`MateTable::prepare`).
    pub(super) fn prepare_mate_table(&mut self, mb: usize) {
        self.mate_table(mb).prepare();
    }

    /// The mate table's size, MiB, if it is made.
    #[cfg(test)]
    pub(super) fn mate_table_mb(&self) -> Option<usize> {
        self.mate.as_ref().map(MateTable::size_mb)
    }

    /// Makes the evaluation of `game`'s variant ready (at `isready`), with the sums its
    /// positions keep (`VariantEval::tally`): in the largest games that takes longer than a
    /// short byoyomi (taikyoku: about 100 ms), which the first search would otherwise spend.
    pub(super) fn prepare_variant_eval(&mut self, game: &VariantGame) {
        self.variant_eval(&game.pos).tally(&game.pos);
    }

    /// The variant whose evaluation is made, if its sums are made too.
    #[cfg(test)]
    pub(super) fn variant_eval_made(&self) -> Option<crate::variant::VariantId> {
        self.variant_eval
            .as_ref()
            .filter(|(_, eval)| eval.tally_made())
            .map(|(id, _)| *id)
    }

    /// The evaluation of `pos`'s variant.
    fn variant_eval(&mut self, pos: &VPosition) -> Arc<VariantEval> {
        let id = pos.rules().id;
        match &self.variant_eval {
            Some((v, eval)) if *v == id => eval.clone(),
            _ => {
                let eval = Arc::new(VariantEval::new(pos.rules()));
                self.variant_eval = Some((id, eval.clone()));
                eval
            }
        }
    }
}

/// A variant's game as the last `position` command set it.
#[derive(Clone)]
pub(super) struct VariantGame {
    /// The root position.
    pos: VPosition,
    /// The positions the game went through (the last one `pos`): each key, whether its side
    /// to move was in check, and whether the move to it chased (`VPosition::history_entry`).
    keys: Vec<(u64, bool, bool)>,
    /// The command that set it. A command that goes on from it plays only its new moves (a
    /// long game's every `position` would otherwise replay it all: 2,556 plies of dai dai took
    /// 25 ms).
    spec: PositionSpec,
}

/// The game being played and its position.
#[derive(Clone)]
pub(super) enum Game {
    /// 9x9 shogi, on the bitboard core.
    Shogi(Position),
    /// Another game of the family.
    Variant(VariantGame),
}

/// How a search's move is answered.
pub(super) struct AnswerPolicy {
    /// Resign a position lost by force (not while pondering or analysing).
    pub allow_resign: bool,
    /// Send a move to ponder on.
    pub send_ponder: bool,
}

impl Game {
    /// `id`'s game at its start position.
    pub(super) fn new(id: VariantId) -> Game {
        if id == VariantId::Shogi {
            return Game::Shogi(Position::startpos());
        }
        let mut pos = VPosition::start(id);
        let first = pos.history_entry(None);
        Game::Variant(VariantGame {
            pos,
            keys: vec![first],
            spec: PositionSpec::default(),
        })
    }

    /// The 9x9 position, when the game is 9x9 shogi (the book's).
    pub(super) fn shogi(&self) -> Option<&Position> {
        match self {
            Game::Shogi(pos) => Some(pos),
            Game::Variant(_) => None,
        }
    }

    /// Sets the position `spec` describes; on error the game is left as it was.
    pub(super) fn set_position(&mut self, spec: &PositionSpec) -> Result<(), EngineError> {
        match self {
            Game::Shogi(pos) => {
                let mut next = match &spec.sfen {
                    None => Position::startpos(),
                    Some(sfen) => {
                        Position::from_sfen(sfen).map_err(|e| EngineError::Position(Box::new(e)))?
                    }
                };
                for (i, text) in spec.moves.iter().enumerate() {
                    let Some(m) = parse_usi_move(&next, text) else {
                        return Err(EngineError::Position(Box::new(
                            crate::shogi::PositionError::IllegalMove {
                                index: i + 1,
                                text: text.clone(),
                                sfen: next.to_sfen(),
                            },
                        )));
                    };
                    next.make_move(m);
                }
                *pos = next;
            }
            Game::Variant(game) => *game = game.after(spec)?,
        }
        Ok(())
    }

    /// A legal move, if there is one: the answer of a search that failed.
    pub(super) fn fallback_move(&self) -> Option<String> {
        let first = self.legal_moves(MoveStyle::Usi).into_iter().next();
        first.map(|m| m.text)
    }

    /// Searches the position with `searchers`, reporting each iteration's lines to `report`,
    /// and answers with its move.
    pub(super) fn search(
        &self,
        searchers: &mut Searchers,
        limits: &Limits,
        settings: &Settings,
        policy: &AnswerPolicy,
        report: &mut dyn FnMut(InfoLine),
    ) -> BestMove {
        let options: &SearchOptions = &settings.search;
        let multipv = options.multipv;
        match self {
            Game::Shogi(pos) => {
                let mut board = ShogiBoard::with_rules(
                    pos.clone(),
                    settings.weights.clone(),
                    settings.learned_form,
                    settings.entering_king_rule,
                );
                let mut on_event = |e: SearchEvent| match e {
                    SearchEvent::Info(info) => {
                        let pv = info.pv.iter().map(|m| m.to_string()).collect();
                        report(info_line(&info, multipv, pv));
                    }
                };
                let result = searchers
                    .shogi
                    .search(&mut board, limits, options, &mut on_event);
                match result.best {
                    _ if result.declare_win => BestMove::Win,
                    None => BestMove::Resign,
                    Some(_) if policy.allow_resign && result.score <= -MATE_BOUND => {
                        BestMove::Resign
                    }
                    Some(m) => BestMove::Move {
                        best: m.to_string(),
                        ponder: result
                            .ponder
                            .filter(|_| policy.send_ponder)
                            .map(|p| p.to_string()),
                    },
                }
            }
            Game::Variant(game) => {
                let eval = searchers.variant_eval(&game.pos);
                let mut board = VBoard::new(game.pos.clone(), &game.keys, eval);
                let root = &game.pos;
                let mut on_event = |e: SearchEvent<VMove>| match e {
                    SearchEvent::Info(info) => {
                        let pv = variant_line(root, &info.pv);
                        report(info_line(&info, multipv, pv));
                    }
                };
                let result = searchers
                    .variant
                    .search(&mut board, limits, options, &mut on_event);
                // No resigning: the game ends when a royal piece is taken or mated, by the
                // variant's rules.
                match result.best {
                    None => BestMove::Resign,
                    Some(m) => BestMove::Move {
                        best: root.move_text(m),
                        ponder: result
                            .ponder
                            .filter(|_| policy.send_ponder)
                            .map(|p| variant_line(root, &[m, p]).remove(1)),
                    },
                }
            }
        }
    }

    /// Why the position is no mate problem for the side to move, if it is not one (9x9 only).
    pub(super) fn not_a_mate_problem(&self) -> Option<&'static str> {
        match self {
            Game::Shogi(pos) => crate::search::dfpn::not_a_problem(pos),
            Game::Variant(_) => None,
        }
    }

    /// The mate search's answer (9x9 only) by `threads` threads, the line read as `defence`
    /// says, reporting its progress to `report`.
    pub(super) fn mate(
        &self,
        limit: MateLimit,
        control: &SearchControl,
        searchers: &mut Searchers,
        mate_hash_mb: usize,
        (threads, defence): (usize, Defence),
        report: &mut dyn FnMut(Progress),
    ) -> CheckmateAnswer {
        let Game::Shogi(pos) = self else {
            return CheckmateAnswer::NotImplemented;
        };
        let table = searchers.mate_table(mate_hash_mb);
        let mut pos = pos.clone();
        let (answer, last) = solve_mate(&mut pos, limit, control, table, threads, defence, report);
        report(last);
        match answer {
            MateOutcome::Mate(pv) => {
                CheckmateAnswer::Mate(pv.iter().map(|m| m.to_string()).collect())
            }
            MateOutcome::NoMate => CheckmateAnswer::NoMate,
            MateOutcome::Unknown => CheckmateAnswer::Timeout,
        }
    }

    /// Perft to `depth`, split by the first move; None if `stop` said so.
    pub(super) fn perft(&self, depth: u32, stop: &dyn Fn() -> bool) -> Option<Vec<(String, u64)>> {
        match self {
            Game::Shogi(pos) => perft_divide_until(&mut pos.clone(), depth, stop)
                .map(|s| s.into_iter().map(|(m, n)| (m.to_string(), n)).collect()),
            Game::Variant(g) => crate::variant::perft_divide_until(&mut g.pos.clone(), depth, stop),
        }
    }

    /// The picture `d` shows: in `style` if one is given (9x9 shogi), turned for White if
    /// `flip`; else the engine's own, with the SFEN and the key.
    pub(super) fn display(&self, style: Option<BoardStyle>, flip: bool, move_limit: u32) -> String {
        match self {
            Game::Shogi(p) if style.is_some() || flip => {
                let style = style.unwrap_or(BoardStyle::Standard);
                format!(
                    "{}sfen: {}\n",
                    crate::shogi::display::picture(p, style, flip),
                    p.to_sfen()
                )
            }
            Game::Shogi(p) => {
                let mut s = String::new();
                for rank in 0..9u8 {
                    for file in (0..9u8).rev() {
                        let sq = crate::shogi::Square::new(file, rank).expect("on board");
                        match p.piece_on(sq) {
                            Some(pc) => s.push_str(&format!("{:>3}", pc.to_sfen())),
                            None => s.push_str("  ."),
                        }
                    }
                    s.push('\n');
                }
                s.push_str(&format!(
                    "hands: black {:?} white {:?}\nside to move: {}\nsfen: {}\nkey: {:016x}\n",
                    p.hand(Color::Black),
                    p.hand(Color::White),
                    p.side_to_move().name(),
                    p.to_sfen(),
                    p.key()
                ));
                s
            }
            Game::Variant(game) => {
                // The game's state by the variant's rules, for the scripts that referee games.
                let state = match self.outcome(move_limit) {
                    None => "on".to_string(),
                    Some(GameEnd {
                        winner: None,
                        reason,
                    }) => format!("drawn ({reason})"),
                    Some(GameEnd {
                        winner: Some(side),
                        reason,
                    }) => format!("{} wins ({reason})", side.name()),
                };
                let mut pos = game.pos.clone();
                format!(
                    "{}\nvariant: {}\nkey: {:016x}\nin check: {}\ngame: {state}\n",
                    pos.diagram(),
                    pos.rules().name,
                    pos.key(),
                    if pos.in_check_now() { "yes" } else { "no" },
                )
            }
        }
    }

    /// The static evaluation, explained by parts.
    pub(super) fn explain(&self) -> String {
        match self {
            Game::Shogi(pos) => crate::eval::explain(pos),
            Game::Variant(game) => {
                let pos = &game.pos;
                let eval = VariantEval::new(pos.rules());
                let parts: Vec<String> = eval
                    .explain(pos)
                    .iter()
                    .map(|(name, cp)| format!("{name} {cp}"))
                    .collect();
                format!(
                    "{}, for Black, cp: {}; total {}\n",
                    pos.rules().name,
                    parts.join(", "),
                    eval.evaluate(pos),
                )
            }
        }
    }

    /// The side to move.
    pub(super) fn side_to_move(&self) -> Color {
        match self {
            Game::Shogi(p) => p.side_to_move(),
            Game::Variant(g) => g.pos.side_to_move(),
        }
    }

    /// Whether the game is over, by its rules (the variants'; a 9x9 game is the GUI's to end),
    /// or drawn by `move_limit` (`MaxMovesToDraw`; 0: none): that many moves played from the
    /// start (the SFEN's move number counts) without another ending, a mate on the last move
    /// included.
    pub(super) fn outcome(&self, move_limit: u32) -> Option<GameEnd> {
        let Game::Variant(game) = self else {
            return None;
        };
        let mut pos = game.pos.clone();
        let side = pos.side_to_move();
        let (verdict, reason) = if let Some(v) = pos.outcome() {
            let reason = if !pos.has_royal(side) {
                "royal piece captured"
            } else if v == Verdict::Draw {
                "two bare kings"
            } else {
                "bare king"
            };
            (v, reason.to_string())
        } else if pos.legal_moves().is_empty() {
            let mated = pos.in_check_now();
            (
                Verdict::Loses(side),
                (if mated { "checkmate" } else { "no legal move" }).to_string(),
            )
        } else if let Some(v) = pos.rules().game_repetition(&game.keys, side) {
            // A verdict other than the variant's own rule is perpetual check's.
            let rule = pos.rules().repetition;
            let reason = if v != rule.verdict(side) {
                "perpetual check"
            } else if rule.occurrences() == 3 {
                "threefold repetition"
            } else {
                "fourfold repetition"
            };
            (v, reason.to_string())
        } else if move_limit > 0 && pos.ply().saturating_sub(1) >= move_limit {
            (Verdict::Draw, format!("move limit, {move_limit} moves"))
        } else {
            return None;
        };
        Some(GameEnd {
            winner: match verdict {
                Verdict::Draw => None,
                Verdict::Loses(s) => Some(!s),
            },
            reason,
        })
    }

    /// `usi`, a legal move here, in `style`.
    pub(super) fn write_move(&self, usi: &str, style: MoveStyle) -> Option<String> {
        match (self, style) {
            (Game::Shogi(pos), MoveStyle::Usi) => parse_usi_move(pos, usi).map(|m| m.to_string()),
            (Game::Shogi(_), MoveStyle::XBoard) => None,
            (Game::Variant(g), style) => {
                let mut pos = g.pos.clone();
                let m = pos.parse_move(usi).ok()?;
                match style {
                    MoveStyle::Usi => Some(pos.move_text(m)),
                    MoveStyle::XBoard => pos.xboard_text(m),
                }
            }
        }
    }

    /// Every legal move here that `style` can write, in `style` (9x9 shogi: USI only, its
    /// pointless non-promotions included).
    pub(super) fn legal_moves(&self, style: MoveStyle) -> Vec<ListedMove> {
        match (self, style) {
            (Game::Shogi(pos), MoveStyle::Usi) => {
                let mut list = MoveList::new();
                generate_all(pos, &mut list);
                list.as_slice()
                    .iter()
                    .map(|m| ListedMove {
                        text: m.to_string(),
                        onto_piece: pos.piece_on(m.to()).is_some(),
                    })
                    .collect()
            }
            (Game::Shogi(_), MoveStyle::XBoard) => Vec::new(),
            (Game::Variant(g), style) => {
                let mut pos = g.pos.clone();
                let moves = pos.legal_moves();
                moves
                    .into_iter()
                    .filter_map(|m| {
                        let text = match style {
                            MoveStyle::Usi => Some(pos.move_text(m)),
                            MoveStyle::XBoard => pos.xboard_text(m),
                        }?;
                        Some(ListedMove {
                            text,
                            onto_piece: m.drop == 0 && pos.piece_at(m.to).is_some(),
                        })
                    })
                    .collect()
            }
        }
    }

    /// The legal move written `text` in `style`, as USI text.
    pub(super) fn read_move(&self, text: &str, style: MoveStyle) -> Result<String, EngineError> {
        let refused = |e: VariantError| EngineError::Move(Box::new(e));
        match (self, style) {
            (Game::Shogi(pos), MoveStyle::Usi) => parse_usi_move(pos, text)
                .map(|m| m.to_string())
                .ok_or_else(|| EngineError::Move(Box::new(IllegalMove(text.to_string())))),
            // XBoard plays the large variants only.
            (Game::Shogi(_), MoveStyle::XBoard) => {
                Err(EngineError::Move(Box::new(IllegalMove(text.to_string()))))
            }
            (Game::Variant(g), style) => {
                let mut pos = g.pos.clone();
                let m = match style {
                    MoveStyle::Usi => pos.parse_move(text),
                    MoveStyle::XBoard => pos.parse_xboard_move(text),
                }
                .map_err(refused)?;
                Ok(pos.move_text(m))
            }
        }
    }
}

impl VariantGame {
    /// The game `spec` describes: from this one when it goes on from it (only the new moves are
    /// played), else from its start.
    fn after(&self, spec: &PositionSpec) -> Result<VariantGame, EngineError> {
        let id = self.pos.rules().id;
        let goes_on = self.spec.sfen == spec.sfen && spec.moves.starts_with(&self.spec.moves);
        let (mut pos, mut keys, done) = if goes_on {
            (self.pos.clone(), self.keys.clone(), self.spec.moves.len())
        } else {
            let mut pos = match &spec.sfen {
                None => VPosition::start(id),
                Some(s) => {
                    VPosition::from_sfen(id, s).map_err(|e| EngineError::Position(Box::new(e)))?
                }
            };
            let first = pos.history_entry(None);
            (pos, vec![first], 0)
        };
        for text in spec.moves.iter().skip(done) {
            let m = pos
                .parse_move(text)
                .map_err(|e| EngineError::Position(Box::new(e)))?;
            pos.make_move(m);
            keys.push(pos.history_entry(Some(m)));
        }
        Ok(VariantGame {
            pos,
            keys,
            spec: spec.clone(),
        })
    }
}

/// `line`, a sequence of moves from `root`, in the variant's notation (which can depend on the
/// piece that moves: micro shogi's turning back).
fn variant_line(root: &VPosition, line: &[VMove]) -> Vec<String> {
    let mut pos = root.clone();
    line.iter()
        .map(|&m| {
            let text = pos.move_text(m);
            pos.make_move(m);
            text
        })
        .collect()
}

/// Converts a search report to protocol data, with its line `pv` already written out.
fn info_line<M>(info: &SearchInfo<M>, multipv: usize, pv: Vec<String>) -> InfoLine {
    InfoLine {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: (multipv > 1).then_some(info.multipv),
        score: match info.score {
            Score::Cp(v) => UsiScore::Cp(v),
            Score::Mate(n) => UsiScore::Mate(n),
        },
        bound: None,
        nodes: info.nodes,
        time_ms: info.time.as_millis() as u64,
        hashfull: info.hashfull,
        pv,
    }
}
