//! The engine behind `usi::UsiEngine`: the game being played (`game::Game`, 9x9 shogi or a
//! variant), the options, the transposition table, the book, and one worker thread at a time
//! for whatever takes long (a search, a mate search, `go perft`, `bench`), so that the front end
//! stays free to answer `stop`, `isready` and `quit`.
//!
//! Every job on the worker owes the front end one final answer (`bestmove`, `checkmate`, or the
//! end of perft or bench). The worker runs the job under `catch_unwind`: a panic inside it is
//! reported as `info string error: ...` and answered all the same (the search's best move so
//! far, or any legal move, or `resign`; `checkmate timeout`), and the next job starts with fresh
//! search tables.

mod game;
mod options;

use crate::book::{choose, Book, BookMove, BookPolicy, ReadReport};
use crate::eval::{Weights, WEIGHTS};
use crate::notation::board::BoardStyle;
use crate::notation::{MoveStyle, PositionSpec};
use crate::search::dfpn::{Defence, Progress};
use crate::search::params::SEARCH_STACK_BYTES;
use crate::search::tt::TranspositionTable;
use crate::search::{Limits, MateLimit, SearchControl, SearchOptions};
use crate::shogi::EnteringKingRule;
use crate::usi::options::UsiOption;
use crate::usi::response::{BestMove, CheckmateAnswer, EngineEvent, GameEnd, ListedMove};
use crate::usi::{EngineError, UsiEngine};
use crate::variant::VariantId;
use crossbeam_channel::Sender;
use game::{AnswerPolicy, Game, Searchers};
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;

/// Default hash size, MiB.
pub const DEFAULT_HASH_MB: usize = 64;

/// Default size of the mate solver's table, MiB.
pub const DEFAULT_MATE_HASH_MB: usize = 64;

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
    /// MateHash: the mate solver's table, MiB (made and mapped at `isready` in 9x9, or at the
    /// first `go mate`).
    pub mate_hash_mb: usize,
    /// MateDefence: how the mate solver's line has the defender choose (`Longest`, a game's
    /// end; `Composed`, as composed problems count).
    pub mate_defence: Defence,
    /// Eval_KP: the learned king-piece table on top of the weights (9x9).
    pub learned_form: bool,
    /// USI_OwnBook: whether to play from the book.
    pub own_book: bool,
    /// BookFile: the book's path, `built_in` (the book compiled into the binary) or `no_book`.
    pub book_file: String,
    /// VariantPath: the last file of game definitions loaded (empty: none).
    pub variant_path: String,
    /// BookMoves: the book is used up to this move number.
    pub book_moves: u32,
    /// BookEvalDiff, BookSelect, BookRandom.
    pub book_policy: BookPolicy,
}

/// The largest book file read, bytes (YaneuraOu's largest public books are a few hundred MB).
const MAX_BOOK_BYTES: u64 = 1 << 30;

/// The text of the book file `path`: a regular file of at most `MAX_BOOK_BYTES`, so that a
/// device (`/dev/zero`), a pipe (`/dev/stdin`) or a directory is refused at once instead of
/// read for ever.
fn read_book_file(path: &str) -> Result<String, String> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    if meta.len() > MAX_BOOK_BYTES {
        return Err(format!(
            "{} bytes, more than the {} a book may have",
            meta.len(),
            MAX_BOOK_BYTES
        ));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_BOOK_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_BOOK_BYTES {
        return Err("it grew past the size a book may have while it was read".into());
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}

/// The `BookFile` value that means no book.
pub const NO_BOOK: &str = "no_book";

/// The `BookFile` value that means the book compiled into the binary, `positions/book.db`
/// (`make book`), so that the engine has its book wherever the binary is copied.
pub const BUILT_IN_BOOK: &str = "built_in";

/// The text of the built-in book.
const BUILT_IN_BOOK_TEXT: &str = include_str!("../../positions/book.db");

/// The built-in book, read once a process and shared by its engines (a book is never changed
/// once read).
fn built_in_book() -> &'static (Arc<Book>, ReadReport) {
    static BOOK: OnceLock<(Arc<Book>, ReadReport)> = OnceLock::new();
    BOOK.get_or_init(|| {
        let (book, report) = Book::parse(BUILT_IN_BOOK_TEXT);
        (Arc::new(book), report)
    })
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mb: DEFAULT_HASH_MB,
            ponder: false,
            eval_off: String::new(),
            search: SearchOptions::default(),
            entering_king_rule: EnteringKingRule::default(),
            weights: Arc::new(WEIGHTS),
            mate_hash_mb: DEFAULT_MATE_HASH_MB,
            mate_defence: Defence::Longest,
            learned_form: true,
            own_book: true,
            book_file: BUILT_IN_BOOK.to_string(),
            variant_path: String::new(),
            book_moves: 16,
            book_policy: BookPolicy::default(),
        }
    }
}

/// The engine.
pub struct Engine {
    /// The game played and its position: the one answer to "which game is this".
    game: Game,
    settings: Settings,
    tt: Arc<TranspositionTable>,
    control: Arc<SearchControl>,
    /// The search tables, here while the worker is idle.
    searchers: Option<Searchers>,
    worker: Option<JoinHandle<Searchers>>,
    /// The book read from `book_from`.
    book: Option<Arc<Book>>,
    /// The `BookFile` value whose book is read (empty before the first `isready`).
    book_from: String,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Drop for Engine {
    /// Stops the worker's job and waits for its thread to end. A thread whose handle is dropped
    /// is detached, and detaching one that is just ending races glibc: `pthread_detach` reads
    /// the thread's descriptor, which lies on the thread's stack, after the ending thread has
    /// seen itself detached and unmapped that stack (the worker's 64 MiB stack is never kept
    /// in glibc's cache of stacks). An engine dropped as its search answered crashed so, in
    /// the in-process session fuzzing, twice in some three million sessions.
    fn drop(&mut self) {
        self.control.stop();
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

/// A proof or disproof number as the reports write it (`inf` for the infinite one).
fn show_number(n: u32) -> String {
    if n >= crate::search::dfpn::table::INF {
        "inf".to_string()
    } else {
        n.to_string()
    }
}

/// The text of a panic's payload.
fn panic_text(payload: &(dyn Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic")
}

impl Engine {
    /// An engine at the starting position. The hash is allocated on the first `isready`/`go`.
    pub fn new() -> Engine {
        let tt = Arc::new(TranspositionTable::new(1));
        let control = SearchControl::new();
        Engine {
            game: Game::new(VariantId::Shogi),
            settings: Settings::default(),
            searchers: Some(Searchers::new(&tt, &control)),
            tt,
            control,
            worker: None,
            book: None,
            book_from: String::new(),
        }
    }

    /// USI_Variant: plays `name` (a declared value) from its start position from now on.
    pub(crate) fn select_variant(&mut self, name: &str) {
        self.game = Game::new(VariantId::from_name(name).unwrap_or(VariantId::Shogi));
    }

    /// VariantPath: loads the games defined in the file at `path` (all of them or, with an
    /// error naming the line, none), each then a USI_Variant value. The game being played
    /// stays as it is.
    pub(crate) fn load_variants(&mut self, path: &str) -> Result<(), String> {
        if path.is_empty() || path == "<empty>" {
            self.settings.variant_path.clear();
            return Ok(());
        }
        crate::variant::custom::load_file(path).map_err(|e| e.to_string())?;
        self.settings.variant_path = path.to_string();
        Ok(())
    }

    /// Allocates the table at the size asked for, if it has another. If the memory cannot be
    /// had, the old table stays, and so does its size in the settings (so the next `go` does not
    /// try again).
    fn ensure_hash(&mut self) -> Result<(), EngineError> {
        if self.tt.size_mb() == self.settings.hash_mb {
            return Ok(());
        }
        match TranspositionTable::try_new(self.settings.hash_mb) {
            Ok(table) => {
                self.tt = Arc::new(table);
                if let Some(s) = self.searchers.as_mut() {
                    s.set_tt(&self.tt);
                }
                Ok(())
            }
            Err(e) => {
                let old = self.tt.size_mb();
                self.settings.hash_mb = old;
                Err(EngineError::Hash(format!(
                    "{e}; keeping the table of {old} MiB"
                )))
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

    /// Reads the book named by `BookFile` if it is not the one read. If it cannot be read (not
    /// a regular file, larger than `MAX_BOOK_BYTES`, not UTF-8 text), the book read before
    /// stays, and so does `BookFile`'s value.
    fn ensure_book(&mut self) -> Result<Option<String>, String> {
        if self.settings.book_file == self.book_from {
            return Ok(None);
        }
        let file = self.settings.book_file.clone();
        if file == NO_BOOK {
            self.book = None;
            self.book_from = file;
            return Ok(None);
        }
        if file == BUILT_IN_BOOK {
            let (book, report) = built_in_book();
            return Ok(Some(self.take_book(Arc::clone(book), *report, file)));
        }
        match read_book_file(&file) {
            Ok(text) => {
                let (book, report) = Book::parse(&text);
                Ok(Some(self.take_book(Arc::new(book), report, file)))
            }
            Err(e) => {
                let why = format!(
                    "cannot read the book {}: {e}",
                    crate::notation::quote(&file)
                );
                if self.book_from.is_empty() {
                    // Nothing read yet: the default, as before the option was set.
                    self.settings.book_file = BUILT_IN_BOOK.to_string();
                    let _ = self.ensure_book();
                    return Err(format!("{why}; the built-in book is used"));
                }
                self.settings.book_file = self.book_from.clone();
                Err(format!("{why}; the book {} stays", self.book_from))
            }
        }
    }

    /// Plays from `book`, read from `file` as `report` says; what to tell the user.
    fn take_book(&mut self, book: Arc<Book>, report: ReadReport, file: String) -> String {
        self.book = Some(book);
        let told = format!(
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
        );
        self.book_from = file;
        told
    }

    /// The book's move for the root, if the book is on and applies to this `go`: a 9x9 game
    /// move (a clock or a move time, not pondering, not infinite, no searchmoves) within
    /// `BookMoves` moves of the start.
    fn book_move(&self, limits: &Limits) -> Option<(BookMove, usize)> {
        let book = self.book.as_ref()?;
        let pos = self.game.shogi()?;
        let in_game = (limits.has_clock() || limits.movetime.is_some())
            && !limits.ponder
            && !limits.infinite
            && limits.searchmoves.is_empty();
        if !self.settings.own_book || !in_game || pos.ply() > self.settings.book_moves {
            return None;
        }
        let moves = book.probe(pos)?;
        let m = choose(moves, &self.settings.book_policy, &mut rand::thread_rng())?;
        Some((m, moves.len()))
    }

    /// Runs `job` on the worker thread with the search tables, then sends the answer it
    /// returns; whatever else it reports goes to `events` as it comes. If `job` panics, the
    /// panic is reported and `fallback` answers in its place, given the best move the job
    /// recorded so far (its second argument), and the next job gets fresh tables. If the
    /// thread cannot start, `fallback(None)` answers at once. The control flags are reset
    /// first (`ponder`: the search waits for `ponderhit`).
    fn spawn_job(
        &mut self,
        what: &'static str,
        ponder: bool,
        events: Sender<EngineEvent>,
        fallback: impl FnOnce(Option<String>) -> EngineEvent + Clone + Send + 'static,
        job: impl FnOnce(&mut Searchers, &mut Option<String>, &Sender<EngineEvent>) -> EngineEvent
            + Send
            + 'static,
    ) {
        if self.worker.is_some() {
            let _ = events.send(EngineEvent::Message(format!(
                "error: {what}: the engine is busy"
            )));
            let _ = events.send(fallback(None));
            return;
        }
        self.control.reset(ponder);
        let mut searchers = self
            .searchers
            .take()
            .unwrap_or_else(|| Searchers::new(&self.tt, &self.control));
        let (tt, control) = (self.tt.clone(), self.control.clone());
        let (failed, on_failure) = (events.clone(), fallback.clone());
        let spawned = std::thread::Builder::new()
            .name(what.into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let mut best = None;
                let outcome =
                    catch_unwind(AssertUnwindSafe(|| job(&mut searchers, &mut best, &events)));
                let answer = match outcome {
                    Ok(answer) => answer,
                    Err(payload) => {
                        let _ = events.send(EngineEvent::Message(format!(
                            "error: internal error in {what} ({}); answering with what is known",
                            panic_text(payload.as_ref())
                        )));
                        searchers = Searchers::new(&tt, &control);
                        fallback(best)
                    }
                };
                let _ = events.send(answer);
                searchers
            });
        match spawned {
            Ok(handle) => self.worker = Some(handle),
            Err(e) => {
                self.searchers = Some(Searchers::new(&self.tt, &self.control));
                let _ = failed.send(EngineEvent::Message(format!(
                    "error: cannot start the {what} thread: {e}"
                )));
                let _ = failed.send(on_failure(None));
            }
        }
    }

    /// `searchmoves` less the moves that are not legal here, which are reported; none left
    /// means every move.
    fn legal_searchmoves(&self, limits: &mut Limits, events: &Sender<EngineEvent>) {
        if limits.searchmoves.is_empty() {
            return;
        }
        let legal: Vec<String> = self
            .game
            .legal_moves(MoveStyle::Usi)
            .into_iter()
            .map(|m| m.text)
            .collect();
        let (kept, ignored): (Vec<String>, Vec<String>) = std::mem::take(&mut limits.searchmoves)
            .into_iter()
            .partition(|m| legal.contains(m));
        if !ignored.is_empty() {
            let _ = events.send(EngineEvent::Message(format!(
                "error: searchmoves: {} not legal here, left out{}",
                ignored.join(", "),
                if kept.is_empty() {
                    "; searching every move"
                } else {
                    ""
                }
            )));
        }
        limits.searchmoves = kept;
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

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), EngineError> {
        options::find(name)
            .ok_or_else(|| EngineError::UnknownOption(name.to_string()))?
            .apply(self, value)
    }

    fn is_ready(&mut self) -> Vec<String> {
        let said = self.prepare();
        // The tables mapped ahead of the search, while the worker is idle (a search running has
        // the tables): the mate solver's too where `go mate` would use it (9x9 shogi), and a
        // variant's evaluation.
        if let Some(s) = self.searchers.as_mut() {
            self.tt.prepare();
            match &self.game {
                Game::Shogi(_) => s.prepare_mate_table(self.settings.mate_hash_mb),
                Game::Variant(game) => s.prepare_variant_eval(game),
            }
        }
        said
    }

    fn new_game(&mut self) -> Result<(), EngineError> {
        let allocated = self.ensure_hash();
        // A used table is emptied: in place where that is quick and the worker is idle (its
        // pages stay mapped for the first move), else swapped for a fresh one (zeroed by the
        // system, nothing written: a table of gigabytes is ready at once), or cleared where
        // that memory cannot be had.
        if self.tt.is_dirty() {
            let fresh = (!self.tt.clears_in_place() || self.searchers.is_none())
                .then(|| TranspositionTable::try_new(self.tt.size_mb()).ok())
                .flatten();
            match fresh {
                Some(table) => {
                    self.tt = Arc::new(table);
                    if let Some(s) = self.searchers.as_mut() {
                        s.set_tt(&self.tt);
                    }
                }
                None => self.tt.clear(),
            }
        }
        if let Some(s) = self.searchers.as_mut() {
            s.new_game();
        }
        allocated
    }

    fn set_position(&mut self, spec: &PositionSpec) -> Result<(), EngineError> {
        self.game.set_position(spec)
    }

    fn go(&mut self, mut limits: Limits, events: Sender<EngineEvent>) {
        self.legal_searchmoves(&mut limits, &events);
        // A table or book that cannot be had is reported; the search goes on with what there is.
        for message in self.prepare() {
            let _ = events.send(EngineEvent::Message(message));
        }
        // A variant game its rules have ended: `go` says what `d` says. The side that lost
        // resigns; a side that has won, or a draw, still gets a move (the GUI ends the game).
        if let Some(end) = self.game.outcome(self.settings.search.max_moves_to_draw) {
            let to_move = self.game.side_to_move();
            let _ = events.send(EngineEvent::Message(format!(
                "game over: {} ({})",
                match end.winner {
                    Some(side) => format!("{} wins", side.name()),
                    None => "drawn".to_string(),
                },
                end.reason
            )));
            if end.winner == Some(!to_move) && !limits.ponder && !limits.infinite {
                let _ = events.send(EngineEvent::BestMove(BestMove::Resign));
                return;
            }
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
            return;
        }
        let game = self.game.clone();
        let settings = self.settings.clone();
        let policy = AnswerPolicy {
            allow_resign: !limits.ponder && !limits.infinite,
            send_ponder: self.settings.ponder,
        };
        let ponder = limits.ponder;
        let position = self.game.clone();
        self.spawn_job(
            "search",
            ponder,
            events,
            // A search that failed answers with its best move so far, or any legal one.
            move |best| {
                EngineEvent::BestMove(match best.or_else(|| position.fallback_move()) {
                    Some(best) => BestMove::Move { best, ponder: None },
                    None => BestMove::Resign,
                })
            },
            move |searchers, best, events| {
                let mut report = |line: crate::usi::response::InfoLine| {
                    if line.multipv.is_none_or(|k| k == 1) {
                        if let Some(m) = line.pv.first() {
                            *best = Some(m.clone());
                        }
                    }
                    let _ = events.send(EngineEvent::Info(line));
                };
                let answer = game.search(searchers, &limits, &settings, &policy, &mut report);
                EngineEvent::BestMove(answer)
            },
        );
    }

    fn go_mate(&mut self, limit: MateLimit, events: Sender<EngineEvent>) {
        let game = self.game.clone();
        let control = self.control.clone();
        let mb = self.settings.mate_hash_mb;
        let threads = self.settings.search.threads;
        let defence = self.settings.mate_defence;
        self.spawn_job(
            "mate",
            false,
            events,
            |_| EngineEvent::Checkmate(CheckmateAnswer::Timeout),
            move |searchers, _, events| {
                if let Some(why) = game.not_a_mate_problem() {
                    let _ = events.send(EngineEvent::Raw(format!(
                        "info string not a mate problem: {why}"
                    )));
                }
                let mut report = |p: Progress| {
                    let _ = events.send(EngineEvent::Raw(format!(
                        "info time {} nodes {} nps {} hashfull {} string proof number {}, disproof number {}{}",
                        p.ms,
                        p.nodes,
                        p.nodes * 1000 / p.ms.max(1),
                        p.fill,
                        show_number(p.pn),
                        show_number(p.dn),
                        if p.shortest { ", no shorter mate" } else { "" }
                    )));
                };
                let answer = game.mate(limit, &control, searchers, mb, (threads, defence), &mut report);
                EngineEvent::Checkmate(answer)
            },
        );
    }

    fn stop(&mut self) {
        self.control.stop();
    }

    fn ponderhit(&mut self, clock: Option<Limits>) {
        self.control.ponderhit(clock);
    }

    fn search_finished(&mut self) {
        if let Some(h) = self.worker.take() {
            // The worker catches its job's panics; a thread that still panicked leaves fresh
            // tables.
            let searchers = h
                .join()
                .unwrap_or_else(|_| Searchers::new(&self.tt, &self.control));
            self.searchers = Some(searchers);
        }
    }

    fn perft(&mut self, depth: u32, events: Sender<EngineEvent>) {
        let game = self.game.clone();
        let control = self.control.clone();
        self.spawn_job(
            "perft",
            false,
            events,
            move |_| EngineEvent::Done(vec![EngineEvent::Message(format!("perft {depth} failed"))]),
            move |_, _, _| {
                let start = std::time::Instant::now();
                let stop = || control.stopped();
                let Some(split) = game.perft(depth, &stop) else {
                    return EngineEvent::Done(vec![EngineEvent::Message(format!(
                        "perft {depth} stopped"
                    ))]);
                };
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
                EngineEvent::Done(last)
            },
        );
    }

    fn display(&self, style: Option<BoardStyle>, flip: bool) -> String {
        let mut text = self
            .game
            .display(style, flip, self.settings.search.max_moves_to_draw);
        let changed = options::changed(&self.settings);
        if !changed.is_empty() {
            text.truncate(text.trim_end_matches('\n').len());
            text.push_str("\noptions set: ");
            text.push_str(&changed.join(", "));
        }
        text
    }

    fn game_end(&self) -> Option<GameEnd> {
        self.game.outcome(self.settings.search.max_moves_to_draw)
    }

    fn explain_eval(&self) -> String {
        self.game.explain()
    }

    fn write_move(&self, usi: &str, style: MoveStyle) -> Option<String> {
        self.game.write_move(usi, style)
    }

    fn read_move(&self, text: &str, style: MoveStyle) -> Result<String, EngineError> {
        self.game.read_move(text, style)
    }

    fn legal_moves(&self, style: MoveStyle) -> Vec<ListedMove> {
        self.game.legal_moves(style)
    }

    fn bench(&mut self, depth: Option<u32>, events: Sender<EngineEvent>) {
        let control = self.control.clone();
        let depth = depth.unwrap_or(crate::bench::DEFAULT_DEPTH);
        self.spawn_job(
            "bench",
            false,
            events,
            |_| EngineEvent::Done(Vec::new()),
            move |_, _, events| {
                // Each line as it comes, but the last (the totals) with the end.
                let mut held: Option<String> = None;
                crate::bench::run(depth, control, &mut |line| {
                    if let Some(previous) = held.replace(line) {
                        let _ = events.send(EngineEvent::Message(previous));
                    }
                });
                EngineEvent::Done(held.map(EngineEvent::Message).into_iter().collect())
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossbeam_channel::unbounded;
    use std::time::Duration;

    /// The first `isready` reports the built-in book it reads, and nothing else.
    fn first_is_ready(engine: &mut Engine) {
        let said = engine.is_ready();
        assert!(
            said.len() == 1 && said[0].starts_with("book built_in: "),
            "{said:?}"
        );
    }

    #[test]
    fn engines_of_one_process_share_the_built_in_book() {
        let (mut a, mut b) = (Engine::new(), Engine::new());
        first_is_ready(&mut a);
        first_is_ready(&mut b);
        let (book_a, book_b) = (a.book.clone().unwrap(), b.book.clone().unwrap());
        assert!(Arc::ptr_eq(&book_a, &book_b), "the book read twice");
        // Off and on again: the same book, told again.
        b.set_option("BookFile", Some(NO_BOOK)).unwrap();
        assert!(b.is_ready().is_empty() && b.book.is_none());
        b.set_option("BookFile", Some(BUILT_IN_BOOK)).unwrap();
        first_is_ready(&mut b);
        assert!(Arc::ptr_eq(&book_a, b.book.as_ref().unwrap()));
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
    fn a_new_game_empties_a_small_table_in_place_and_swaps_a_large_one() {
        // A small table keeps its pages (mapped at `isready`) for the next game's first move;
        // a large one is given back for fresh pages (writing it would take seconds).
        for (mb, kept) in [(3, true), (crate::search::tt::PREFAULT_MAX_MB + 1, false)] {
            let mut engine = Engine::new();
            engine
                .set_option("USI_Hash", Some(&mb.to_string()))
                .unwrap();
            first_is_ready(&mut engine);
            let table = Arc::as_ptr(&engine.tt);
            engine
                .tt
                .store(7, None, 1, 0, 1, crate::search::tt::Bound::Exact);
            assert!(engine.tt.is_dirty());
            engine.new_game().unwrap();
            assert_eq!(
                std::ptr::eq(table, Arc::as_ptr(&engine.tt)),
                kept,
                "{mb} MiB"
            );
            assert!(!engine.tt.is_dirty() && engine.tt.probe(7).is_none());
            assert_eq!(engine.tt.size_mb(), mb);
        }
    }

    #[test]
    fn isready_makes_the_mate_table_in_shogi_only() {
        // Made (and mapped) before `go mate`, at the size asked; a variant has no mate search.
        let mut engine = Engine::new();
        engine.set_option("MateHash", Some("2")).unwrap();
        first_is_ready(&mut engine);
        let mate_mb = |e: &Engine| e.searchers.as_ref().expect("idle").mate_table_mb();
        assert_eq!(mate_mb(&engine), Some(2));
        engine.set_option("MateHash", Some("3")).unwrap();
        assert!(engine.is_ready().is_empty());
        assert_eq!(mate_mb(&engine), Some(3));
        let mut engine = Engine::new();
        engine.set_option("USI_Variant", Some("chushogi")).unwrap();
        engine.is_ready();
        assert_eq!(mate_mb(&engine), None);
    }

    #[test]
    fn isready_makes_a_variants_evaluation_before_the_first_move() {
        // Taikyoku's takes about 100 ms, a short byoyomi's whole time.
        let mut engine = Engine::new();
        let made = |e: &Engine| e.searchers.as_ref().expect("idle").variant_eval_made();
        first_is_ready(&mut engine);
        assert_eq!(made(&engine), None);
        engine.set_option("USI_Variant", Some("taishogi")).unwrap();
        assert_eq!(made(&engine), None);
        engine.is_ready();
        assert_eq!(made(&engine), Some(crate::variant::VariantId::Tai));
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

    /// The events of one job, up to its final answer (or a second of silence).
    fn answer_of(
        engine: &mut Engine,
        events: &crossbeam_channel::Receiver<EngineEvent>,
    ) -> Vec<EngineEvent> {
        let mut got = Vec::new();
        while let Ok(e) = events.recv_timeout(Duration::from_secs(60)) {
            let last = matches!(
                e,
                EngineEvent::BestMove(_) | EngineEvent::Checkmate(_) | EngineEvent::Done(_)
            );
            got.push(e);
            if last {
                engine.search_finished();
                break;
            }
        }
        got
    }

    #[test]
    fn dropping_an_engine_ends_its_worker() {
        let mut engine = Engine::new();
        let (tx, _rx) = unbounded();
        engine.go(
            Limits {
                infinite: true,
                ..Limits::default()
            },
            tx,
        );
        let control = engine.control.clone();
        drop(engine);
        // The worker's copies of the flags (its searchers') ended with its thread: nothing of
        // the engine runs on, detached.
        assert_eq!(Arc::strong_count(&control), 1);
    }

    #[test]
    fn a_job_that_panics_is_still_answered_and_the_next_one_runs() {
        let mut engine = Engine::new();
        let (tx, rx) = unbounded();
        // A search that panics after reporting a line answers with that line's move.
        engine.spawn_job(
            "search",
            false,
            tx.clone(),
            |best| {
                EngineEvent::BestMove(BestMove::Move {
                    best: best.unwrap_or_default(),
                    ponder: None,
                })
            },
            |_, best, _| {
                *best = Some("7g7f".to_string());
                panic!("a bug in the search")
            },
        );
        let got = answer_of(&mut engine, &rx);
        assert!(
            matches!(&got[0], EngineEvent::Message(m) if m.starts_with("error: internal error in search (a bug in the search)")),
            "{got:?}"
        );
        assert_eq!(
            got.last(),
            Some(&EngineEvent::BestMove(BestMove::Move {
                best: "7g7f".into(),
                ponder: None
            }))
        );
        // The other jobs' answers, each after a panic.
        for (what, expected) in [
            ("mate", EngineEvent::Checkmate(CheckmateAnswer::Timeout)),
            ("perft", EngineEvent::Done(Vec::new())),
        ] {
            let answer = expected.clone();
            engine.spawn_job(
                what,
                false,
                tx.clone(),
                move |_| answer,
                |_, _, _| panic!("boom"),
            );
            assert_eq!(
                answer_of(&mut engine, &rx).last(),
                Some(&expected),
                "{what}"
            );
        }
        // The engine works on.
        engine.go(
            Limits {
                depth: Some(2),
                ..Limits::default()
            },
            tx,
        );
        assert!(matches!(
            answer_of(&mut engine, &rx).last(),
            Some(EngineEvent::BestMove(BestMove::Move { .. }))
        ));
    }

    #[test]
    fn every_go_of_a_game_without_a_mate_search_is_answered() {
        let mut engine = Engine::new();
        engine.set_option("USI_Variant", Some("chushogi")).unwrap();
        let (tx, rx) = unbounded();
        engine.go_mate(MateLimit::Millis(100), tx);
        assert_eq!(
            answer_of(&mut engine, &rx),
            [EngineEvent::Checkmate(CheckmateAnswer::NotImplemented)]
        );
    }
}
