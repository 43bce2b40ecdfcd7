//! The 9x9 engine behind `usi::UsiEngine`: a root position, the options, the transposition
//! table, and one worker thread at a time for whatever takes long (a search, a mate search,
//! `go perft`, `bench`), so that the front end stays free to answer `stop`, `isready` and `quit`.

mod options;

use crate::book::{choose, Book, BookPolicy};
use crate::eval::variant::VariantEval;
use crate::eval::{Weights, WEIGHTS};
use crate::search::mate::{mate_search, MateOutcome};
use crate::search::params::SEARCH_STACK_BYTES;
use crate::search::tt::TranspositionTable;
use crate::search::variant::VBoard;
use crate::search::ShogiBoard;
use crate::search::{
    Limits, MateLimit, Score, SearchControl, SearchEvent, SearchInfo, SearchOptions, Searcher,
    MATE_BOUND,
};
use crate::shogi::perft::perft_divide_until;
use crate::shogi::{generate_all, parse_usi_move, Color, EnteringKingRule, MoveList, Position};
use crate::usi::options::UsiOption;
use crate::usi::response::{BestMove, CheckmateAnswer, EngineEvent, GameEnd, InfoLine, UsiScore};
use crate::usi::UsiEngine;
use crate::variant::{RepetitionRule, VPosition, VariantId, Verdict};
use crossbeam_channel::Sender;
use std::borrow::Cow;
use std::sync::Arc;
use std::thread::JoinHandle;

/// Default hash size, MiB.
pub const DEFAULT_HASH_MB: usize = 64;

/// Engine settings, as set by `setoption`.
#[derive(Clone, Debug)]
pub struct Settings {
    /// USI_Hash, MiB.
    pub hash_mb: usize,
    /// USI_Ponder: whether to send `ponder` moves.
    pub ponder: bool,
    /// Eval_Off: the evaluation groups switched off, as given.
    pub eval_off: String,
    /// What every search is given: Threads, MultiPV, MoveOverhead, Contempt and the `Search_*`
    /// switches.
    pub search: SearchOptions,
    /// EnteringKingRule: the 9x9 game's declaration rule.
    pub entering_king_rule: EnteringKingRule,
    /// The 9x9 evaluation's weights, less the groups named by Eval_Off.
    pub weights: Arc<Weights>,
    /// USI_OwnBook: whether to play from the book.
    pub own_book: bool,
    /// BookFile: the book's path, `built_in` (the book compiled into the binary) or `no_book`.
    pub book_file: String,
    /// BookMoves: the book is used up to this move number.
    pub book_moves: u32,
    /// BookEvalDiff, BookSelect, BookRandom.
    pub book_policy: BookPolicy,
    /// USI_Variant: the game played (`None`: shogi, on the 9x9 core).
    pub variant: Option<VariantId>,
}

/// The `BookFile` value that means no book.
pub const NO_BOOK: &str = "no_book";

/// The `BookFile` value that means the book compiled into the binary, `positions/book.db`
/// (`make book`), so that the engine has its book wherever the binary is copied.
pub const BUILT_IN_BOOK: &str = "built_in";

/// The text of the built-in book.
const BUILT_IN_BOOK_TEXT: &str = include_str!("../../positions/book.db");

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mb: DEFAULT_HASH_MB,
            ponder: false,
            eval_off: String::new(),
            search: SearchOptions::default(),
            entering_king_rule: EnteringKingRule::default(),
            weights: Arc::new(WEIGHTS),
            own_book: true,
            book_file: BUILT_IN_BOOK.to_string(),
            book_moves: 16,
            book_policy: BookPolicy::default(),
            variant: None,
        }
    }
}

/// The standard-shogi engine.
pub struct Engine {
    position: Position,
    settings: Settings,
    tt: Arc<TranspositionTable>,
    control: Arc<SearchControl>,
    searcher: Option<Searchers>,
    worker: Option<JoinHandle<Searchers>>,
    /// The book read from `book_from`.
    book: Option<Arc<Book>>,
    book_from: String,
    /// The game of a variant other than shogi, when one is selected.
    variant: Option<VariantGame>,
}

/// A variant's game as the last `position` command set it.
struct VariantGame {
    /// The root position.
    pos: VPosition,
    /// The positions the game went through (the last one `pos`): each key, and whether its
    /// side to move was in check.
    keys: Vec<(u64, bool)>,
    /// The command's SFEN (None: startpos) and moves. A command that goes on from them plays
    /// only its new moves (a long game's every `position` would otherwise replay it all:
    /// 2,556 plies of dai dai took 25 ms).
    sfen: Option<String>,
    moves: Vec<String>,
}

/// What the worker thread takes to search: the one search, for 9x9 shogi's board and for the
/// variants' (each keeps its own ordering tables; they share the transposition table), and the
/// evaluation of the variant last searched (made once: its values take a moment on the large
/// boards).
struct Searchers {
    shogi: Searcher,
    variant: Searcher<VBoard>,
    variant_eval: Option<(VariantId, Arc<VariantEval>)>,
}

impl Searchers {
    fn new(tt: &Arc<TranspositionTable>, control: &Arc<SearchControl>) -> Searchers {
        Searchers {
            shogi: Searcher::new(tt.clone(), control.clone()),
            variant: Searcher::new(tt.clone(), control.clone()),
            variant_eval: None,
        }
    }

    fn set_tt(&mut self, tt: &Arc<TranspositionTable>) {
        self.shogi.set_tt(tt.clone());
        self.variant.set_tt(tt.clone());
    }

    fn new_game(&mut self) {
        self.shogi.new_game();
        self.variant.new_game();
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

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine at the starting position. The hash is allocated on the first `isready`/`go`.
    pub fn new() -> Engine {
        let tt = Arc::new(TranspositionTable::new(1));
        let control = SearchControl::new();
        Engine {
            position: Position::startpos(),
            settings: Settings::default(),
            searcher: Some(Searchers::new(&tt, &control)),
            tt,
            control,
            worker: None,
            book: None,
            book_from: NO_BOOK.to_string(),
            variant: None,
        }
    }

    /// USI_Variant: plays `name` (a declared value) from its start position from now on.
    pub(crate) fn select_variant(&mut self, name: &str) {
        let id = VariantId::from_name(name).filter(|&v| v != VariantId::Shogi);
        self.settings.variant = id;
        self.position = Position::startpos();
        self.variant = id.map(|v| {
            let mut pos = VPosition::start(v);
            let first = (pos.key(), pos.in_check_now());
            VariantGame {
                pos,
                keys: vec![first],
                sfen: None,
                moves: Vec::new(),
            }
        });
    }

    fn set_variant_position(
        &mut self,
        id: VariantId,
        sfen: Option<&str>,
        moves: &[String],
    ) -> Result<(), String> {
        let (mut pos, mut keys, done) = match &self.variant {
            Some(g) if g.sfen.as_deref() == sfen && moves.starts_with(&g.moves) => {
                (g.pos.clone(), g.keys.clone(), g.moves.len())
            }
            _ => {
                let mut pos = match sfen {
                    None => VPosition::start(id),
                    Some(s) => VPosition::from_sfen(id, s).map_err(|e| format!("bad SFEN: {e}"))?,
                };
                let first = (pos.key(), pos.in_check_now());
                (pos, vec![first], 0)
            }
        };
        for (i, text) in moves.iter().enumerate().skip(done) {
            let m = pos
                .parse_move(text)
                .map_err(|e| format!("illegal move (move {} of the list): {e}", i + 1))?;
            pos.make_move(m);
            keys.push((pos.key(), pos.in_check_now()));
        }
        self.variant = Some(VariantGame {
            pos,
            keys,
            sfen: sfen.map(str::to_owned),
            moves: moves.to_vec(),
        });
        Ok(())
    }

    fn go_variant(&mut self, limits: Limits, events: Sender<EngineEvent>) -> Result<(), String> {
        let game = self.variant.as_ref().expect("a variant position");
        let (pos, keys) = (game.pos.clone(), game.keys.clone());
        if !limits.searchmoves.is_empty() {
            let legal: Vec<String> = pos
                .clone()
                .legal_moves()
                .into_iter()
                .map(|m| pos.move_text(m))
                .collect();
            if let Some(m) = limits.searchmoves.iter().find(|m| !legal.contains(m)) {
                return Err(format!("searchmoves: '{m}' is not a legal move here"));
            }
        }
        if let Err(e) = self.ensure_hash() {
            let _ = events.send(EngineEvent::Message(format!("error: {e}")));
        }
        let options = self.settings.search.clone();
        let multipv = options.multipv;
        let send_ponder = self.settings.ponder;
        let ponder = limits.ponder;
        self.spawn_worker("search", ponder, events, move |mut searchers, events| {
            let eval = searchers.variant_eval(&pos);
            let mut board = VBoard::new(pos, &keys, eval);
            let root = board.position().clone();
            let mut report = |e: SearchEvent<crate::variant::VMove>| match e {
                SearchEvent::Info(info) => {
                    let pv = variant_line(&root, &info.pv);
                    let line = info_line(&info, multipv, pv);
                    let _ = events.send(EngineEvent::Info(line));
                }
            };
            let result = searchers
                .variant
                .search(&mut board, &limits, &options, &mut report);
            // No resigning: the game ends when a royal piece is taken or mated, by the
            // variant's rules.
            let best = match result.best {
                None => BestMove::Resign,
                Some(m) => BestMove::Move {
                    best: root.move_text(m),
                    ponder: result
                        .ponder
                        .filter(|_| send_ponder)
                        .map(|p| variant_line(&root, &[m, p]).remove(1)),
                },
            };
            let _ = events.send(EngineEvent::BestMove(best));
            searchers
        })
    }

    /// Allocates the table at the size asked for, if it has another. If the memory cannot be
    /// had, the old table stays, and so does its size in the settings (so the next `go` does not
    /// try again).
    fn ensure_hash(&mut self) -> Result<(), String> {
        if self.tt.size_mb() == self.settings.hash_mb {
            return Ok(());
        }
        self.resize_hash(self.settings.hash_mb)
    }

    fn resize_hash(&mut self, mb: usize) -> Result<(), String> {
        match TranspositionTable::try_new(mb) {
            Ok(table) => {
                self.tt = Arc::new(table);
                if let Some(s) = self.searcher.as_mut() {
                    s.set_tt(&self.tt);
                }
                Ok(())
            }
            Err(e) => {
                let old = self.tt.size_mb();
                self.settings.hash_mb = old;
                Err(format!("{e}; keeping the table of {old} MiB"))
            }
        }
    }

    /// Makes the table and the book what the settings ask for; returns what to tell the user
    /// (errors start with `error:`).
    fn prepare(&mut self) -> Vec<String> {
        let mut said = Vec::new();
        if let Err(e) = self.ensure_hash() {
            said.push(format!("error: {e}"));
        }
        match self.ensure_book() {
            Ok(Some(loaded)) => said.push(loaded),
            Ok(None) => {}
            Err(e) => said.push(format!("error: {e}")),
        }
        said
    }

    /// Reads the book named by `BookFile` if it is not the one read. If it cannot be read, the
    /// engine goes on without a book and `BookFile` says so.
    fn ensure_book(&mut self) -> Result<Option<String>, String> {
        if self.settings.book_file == self.book_from {
            return Ok(None);
        }
        let file = self.settings.book_file.clone();
        self.book = None;
        self.book_from = file.clone();
        if file == NO_BOOK {
            return Ok(None);
        }
        let text: Cow<str> = if file == BUILT_IN_BOOK {
            Cow::Borrowed(BUILT_IN_BOOK_TEXT)
        } else {
            Cow::Owned(std::fs::read_to_string(&file).map_err(|e| {
                self.settings.book_file = NO_BOOK.to_string();
                self.book_from = NO_BOOK.to_string();
                format!("cannot read the book {file}: {e}; playing without a book")
            })?)
        };
        let (book, report) = Book::parse(&text);
        self.book = Some(Arc::new(book));
        Ok(Some(format!(
            "book {file}: {} positions, {} moves{}",
            report.positions,
            report.moves,
            if report.skipped > 0 {
                format!(
                    ", {} lines left out (not legal or not readable)",
                    report.skipped
                )
            } else {
                String::new()
            }
        )))
    }

    /// The book's move for the root, if the book is on and applies to this `go`: a game move
    /// (a clock or a move time, not pondering, not infinite, no searchmoves) within
    /// `BookMoves` moves of the start.
    fn book_move(&self, limits: &Limits) -> Option<(crate::book::BookMove, usize)> {
        let book = self.book.as_ref()?;
        let in_game = (limits.has_clock() || limits.movetime.is_some())
            && !limits.ponder
            && !limits.infinite
            && limits.searchmoves.is_empty();
        if !self.settings.own_book || !in_game || self.position.ply() > self.settings.book_moves {
            return None;
        }
        let moves = book.probe(&self.position)?;
        let m = choose(moves, &self.settings.book_policy, &mut rand::thread_rng())?;
        Some((m, moves.len()))
    }

    /// Runs `task` on the worker thread with the searcher (which it hands back when done);
    /// whatever it reports goes to `events`. The control flags are reset first (`ponder`: the
    /// search waits for `ponderhit`). If the thread cannot start, a fresh searcher replaces the
    /// one taken, so the next command still works.
    fn spawn_worker(
        &mut self,
        what: &str,
        ponder: bool,
        events: Sender<EngineEvent>,
        task: impl FnOnce(Searchers, &Sender<EngineEvent>) -> Searchers + Send + 'static,
    ) -> Result<(), String> {
        if self.worker.is_some() {
            return Err("a search is already running".into());
        }
        self.control.reset(ponder);
        let searcher = self.searcher.take().expect("searcher available when idle");
        let spawned = std::thread::Builder::new()
            .name(what.into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || task(searcher, &events));
        match spawned {
            Ok(handle) => {
                self.worker = Some(handle);
                Ok(())
            }
            Err(e) => {
                self.searcher = Some(Searchers::new(&self.tt, &self.control));
                Err(format!("cannot start the {what} thread: {e}"))
            }
        }
    }
}

/// `line`, a sequence of moves from `root`, in the variant's notation (which can depend on the
/// piece that moves: micro shogi's turning back).
fn variant_line(root: &VPosition, line: &[crate::variant::VMove]) -> Vec<String> {
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

impl UsiEngine for Engine {
    fn name(&self) -> String {
        format!("Hisha {}", env!("CARGO_PKG_VERSION"))
    }

    fn author(&self) -> String {
        "the Hisha developers".into()
    }

    fn options(&self) -> Vec<UsiOption> {
        let defaults = Settings::default();
        options::OPTIONS
            .iter()
            .map(|o| o.declaration(&defaults))
            .collect()
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        options::find(name)
            .ok_or_else(|| format!("unknown option '{name}'"))?
            .apply(self, value)
    }

    fn is_ready(&mut self) -> Vec<String> {
        self.prepare()
    }

    fn new_game(&mut self) -> Result<(), String> {
        let allocated = self.ensure_hash();
        self.tt.clear();
        if let Some(s) = self.searcher.as_mut() {
            s.new_game();
        }
        allocated
    }

    fn set_position(&mut self, sfen: Option<&str>, moves: &[String]) -> Result<(), String> {
        if let Some(id) = self.settings.variant {
            return self.set_variant_position(id, sfen, moves);
        }
        let mut pos = match sfen {
            None => Position::startpos(),
            Some(sfen) => Position::from_sfen(sfen).map_err(|e| format!("bad SFEN: {e}"))?,
        };
        for (i, text) in moves.iter().enumerate() {
            let Some(m) = parse_usi_move(&pos, text) else {
                return Err(format!(
                    "illegal move '{text}' (move {} of the list) in {}",
                    i + 1,
                    pos.to_sfen()
                ));
            };
            pos.make_move(m);
        }
        self.position = pos;
        Ok(())
    }

    fn go(&mut self, limits: Limits, events: Sender<EngineEvent>) -> Result<(), String> {
        if self.worker.is_some() {
            return Err("a search is already running".into());
        }
        if self.variant.is_some() {
            return self.go_variant(limits, events);
        }
        if !limits.searchmoves.is_empty() {
            let mut list = MoveList::new();
            generate_all(&self.position, &mut list);
            for m in &limits.searchmoves {
                if !list.iter().any(|x| x.to_string() == *m) {
                    return Err(format!("searchmoves: '{m}' is not a legal move here"));
                }
            }
        }
        // A table or book that cannot be had is reported; the search goes on with what there is.
        for message in self.prepare() {
            let _ = events.send(EngineEvent::Message(message));
        }
        if let Some((m, of)) = self.book_move(&limits) {
            let _ = events.send(EngineEvent::Message(format!(
                "book move {} (value {}, depth {}, count {}; one of {of})",
                m.mv, m.value, m.depth, m.count
            )));
            let ponder = m.ponder.filter(|_| self.settings.ponder);
            let _ = events.send(EngineEvent::BestMove(BestMove::Move {
                best: m.mv.to_string(),
                ponder: ponder.map(|p| p.to_string()),
            }));
            return Ok(());
        }
        let ponder = limits.ponder;
        let mut pos = ShogiBoard::with_rules(
            self.position.clone(),
            self.settings.weights.clone(),
            self.settings.entering_king_rule,
        );
        let options = self.settings.search.clone();
        // Resign a position lost by force, but never while pondering or analysing.
        let allow_resign = !limits.ponder && !limits.infinite;
        let send_ponder = self.settings.ponder;
        let multipv = self.settings.search.multipv;
        let tt_for_recovery = self.tt.clone();
        let control_for_recovery = self.control.clone();
        self.spawn_worker("search", ponder, events, move |mut searchers, events| {
            let mut report = |e: SearchEvent| match e {
                SearchEvent::Info(info) => {
                    let pv = info.pv.iter().map(|m| m.to_string()).collect();
                    let line = info_line(&info, multipv, pv);
                    let _ = events.send(EngineEvent::Info(line));
                }
            };
            let root = pos.position().clone();
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                searchers
                    .shogi
                    .search(&mut pos, &limits, &options, &mut report)
            }));
            let result = match outcome {
                Ok(r) => r,
                Err(_) => {
                    // A bug must not leave the GUI without its bestmove: answer with any legal
                    // move and start the next search with fresh tables.
                    let _ = events.send(EngineEvent::Message(
                        "error: internal search error; playing a fallback move".into(),
                    ));
                    searchers = Searchers::new(&tt_for_recovery, &control_for_recovery);
                    let mut list = MoveList::new();
                    crate::shogi::generate_legal(&root, &mut list);
                    crate::search::SearchResult::immediate(list.first().copied(), 0)
                }
            };
            let best = match result.best {
                _ if result.declare_win => BestMove::Win,
                None => BestMove::Resign,
                Some(_) if allow_resign && result.score <= -MATE_BOUND => BestMove::Resign,
                Some(m) => BestMove::Move {
                    best: m.to_string(),
                    ponder: result.ponder.filter(|_| send_ponder).map(|p| p.to_string()),
                },
            };
            let _ = events.send(EngineEvent::BestMove(best));
            searchers
        })
    }

    fn go_mate(&mut self, limit: MateLimit, events: Sender<EngineEvent>) -> Result<(), String> {
        if let Some(id) = self.settings.variant {
            return Err(format!("go mate: not available in {} yet", id.name()));
        }
        let control = self.control.clone();
        let mut pos = self.position.clone();
        self.spawn_worker("mate", false, events, move |searcher, events| {
            let answer = match mate_search(&mut pos, limit, &control) {
                MateOutcome::Mate(pv) => {
                    CheckmateAnswer::Mate(pv.iter().map(|m| m.to_string()).collect())
                }
                MateOutcome::NoMate => CheckmateAnswer::NoMate,
                MateOutcome::Unknown => CheckmateAnswer::Timeout,
            };
            let _ = events.send(EngineEvent::Checkmate(answer));
            searcher
        })
    }

    fn stop(&mut self) {
        self.control.stop();
    }

    fn ponderhit(&mut self, clock: Option<Limits>) {
        self.control.ponderhit(clock);
    }

    fn search_finished(&mut self) {
        if let Some(h) = self.worker.take() {
            match h.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => {
                    // The search thread panicked: start afresh rather than die.
                    log::error!("search thread panicked; starting a fresh searcher");
                    self.searcher = Some(Searchers::new(&self.tt, &self.control));
                }
            }
        }
    }

    fn perft(&mut self, depth: u32, events: Sender<EngineEvent>) -> Result<(), String> {
        let control = self.control.clone();
        let mut pos = self.position.clone();
        let variant = self.variant.as_ref().map(|g| g.pos.clone());
        self.spawn_worker("perft", false, events, move |searcher, events| {
            let start = std::time::Instant::now();
            let stop = || control.stopped();
            let split = match variant {
                Some(mut v) => crate::variant::perft_divide_until(&mut v, depth, &stop),
                None => perft_divide_until(&mut pos, depth, &stop)
                    .map(|s| s.into_iter().map(|(m, n)| (m.to_string(), n)).collect()),
            };
            let last = match split {
                Some(split) => {
                    let mut last: Vec<EngineEvent> = split
                        .iter()
                        .map(|(m, n)| EngineEvent::Raw(format!("{m}: {n}")))
                        .collect();
                    let total: u64 = split.iter().map(|(_, n)| n).sum();
                    let ms = start.elapsed().as_millis() as u64;
                    last.push(EngineEvent::Raw(format!("Nodes searched: {total}")));
                    last.push(EngineEvent::Message(format!(
                        "perft {depth}: {total} leaves in {ms} ms, {} leaves/s",
                        total.saturating_mul(1000) / ms.max(1)
                    )));
                    last
                }
                None => vec![EngineEvent::Message(format!("perft {depth} stopped"))],
            };
            let _ = events.send(EngineEvent::Done(last));
            searcher
        })
    }

    fn display(&self) -> String {
        if let Some(VariantGame { pos, .. }) = &self.variant {
            // The game's state by the variant's rules, for the scripts that referee games.
            let game = match self.game_end() {
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
            let mut pos = pos.clone();
            return format!(
                "{}\nkey: {:016x}\nin check: {}\ngame: {game}\n",
                pos.diagram(),
                pos.key(),
                if pos.in_check_now() { "yes" } else { "no" },
            );
        }
        let p = &self.position;
        let mut s = String::new();
        for rank in 0..9u8 {
            let mut row = String::new();
            for file in (0..9u8).rev() {
                let sq = crate::shogi::Square::new(file, rank).expect("on board");
                match p.piece_on(sq) {
                    Some(pc) => row.push_str(&format!("{:>3}", pc.to_sfen())),
                    None => row.push_str("  ."),
                }
            }
            s.push_str(&row);
            s.push('\n');
        }
        s.push_str(&format!(
            "hands: black {:?} white {:?}\nside to move: {}\nsfen: {}\nkey: {:016x}\n",
            p.hand(Color::Black),
            p.hand(Color::White),
            if p.side_to_move() == Color::Black {
                "black"
            } else {
                "white"
            },
            p.to_sfen(),
            p.key()
        ));
        s
    }

    fn game_end(&self) -> Option<GameEnd> {
        let VariantGame {
            pos, keys: history, ..
        } = self.variant.as_ref()?;
        let mut pos = pos.clone();
        let side = pos.side_to_move();
        let (verdict, reason) = if let Some(v) = pos.outcome() {
            let reason = if !pos.has_royal(side) {
                "royal piece captured"
            } else if v == Verdict::Draw {
                "two bare kings"
            } else {
                "bare king"
            };
            (v, reason)
        } else if pos.legal_moves().is_empty() {
            let mated = pos.in_check_now();
            (
                Verdict::Loses(side),
                if mated { "checkmate" } else { "no legal move" },
            )
        } else {
            let v = pos.rules().fourfold_repetition(history, side)?;
            // A verdict other than the variant's own rule is perpetual check's.
            let rule = match pos.rules().repetition {
                RepetitionRule::Draw => Verdict::Draw,
                RepetitionRule::SenteLoses => Verdict::Loses(Color::Black),
            };
            let reason = if v == rule {
                "fourfold repetition"
            } else {
                "perpetual check"
            };
            (v, reason)
        };
        Some(GameEnd {
            winner: match verdict {
                Verdict::Draw => None,
                Verdict::Loses(s) => Some(!s),
            },
            reason: reason.to_string(),
        })
    }

    fn explain_eval(&self) -> String {
        if let Some(VariantGame { pos, .. }) = &self.variant {
            let eval = crate::eval::variant::VariantEval::new(pos.rules());
            let parts: Vec<String> = eval
                .explain(pos)
                .iter()
                .map(|(name, cp)| format!("{name} {cp}"))
                .collect();
            return format!(
                "{}, for Black, cp: {}; total {}\n",
                pos.rules().name,
                parts.join(", "),
                eval.evaluate(pos),
            );
        }
        crate::eval::explain(&self.position)
    }

    fn bench(&mut self, depth: Option<u32>, events: Sender<EngineEvent>) -> Result<(), String> {
        let control = self.control.clone();
        let depth = depth.unwrap_or(crate::bench::DEFAULT_DEPTH);
        self.spawn_worker("bench", false, events, move |searcher, events| {
            // Each line as it comes, but the last (the totals) with the end.
            let mut held: Option<String> = None;
            crate::bench::run(depth, control, &mut |line| {
                if let Some(previous) = held.replace(line) {
                    let _ = events.send(EngineEvent::Message(previous));
                }
            });
            let last = held.map(EngineEvent::Message).into_iter().collect();
            let _ = events.send(EngineEvent::Done(last));
            searcher
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first `isready` reports the built-in book it reads, and nothing else.
    fn first_is_ready(engine: &mut Engine) {
        let said = engine.is_ready();
        assert!(
            said.len() == 1 && said[0].starts_with("book built_in: "),
            "{said:?}"
        );
    }

    #[test]
    fn a_hash_size_that_is_not_a_power_of_two_is_allocated_once() {
        let mut engine = Engine::new();
        engine.set_option("USI_Hash", Some("100")).unwrap();
        first_is_ready(&mut engine);
        let table = Arc::as_ptr(&engine.tt);
        assert_eq!(engine.tt.size_mb(), 100);
        assert!(engine.is_ready().is_empty());
        engine.new_game().unwrap();
        assert!(
            std::ptr::eq(table, Arc::as_ptr(&engine.tt)),
            "table reallocated"
        );
    }

    #[test]
    fn a_table_that_cannot_be_had_leaves_the_old_one() {
        let mut engine = Engine::new();
        engine.set_option("USI_Hash", Some("3")).unwrap();
        first_is_ready(&mut engine);
        let table = Arc::as_ptr(&engine.tt);
        engine.settings.hash_mb = usize::MAX >> 21;
        let said = engine.is_ready();
        assert_eq!(said.len(), 1, "{said:?}");
        let e = &said[0];
        assert!(
            e.starts_with("error: cannot allocate") && e.contains("keeping"),
            "{e}"
        );
        assert!(std::ptr::eq(table, Arc::as_ptr(&engine.tt)));
        assert_eq!(engine.settings.hash_mb, 3);
        assert!(engine.is_ready().is_empty());
    }
}
