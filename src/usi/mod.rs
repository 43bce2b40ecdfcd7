//! The USI front end. It knows nothing of bitboards: it drives any `UsiEngine`.
//!
//! stdin is read on its own thread and arrives here as lines on a channel; whatever takes long (a
//! search, `go mate`, `go perft`, `bench`) runs on the engine's own thread and its events arrive
//! on a second channel. The loop `select!`s over both, so `stop`, `ponderhit`, `isready` and
//! `quit` are answered while one runs. `quit` (or the end of input) stops the search, and the
//! engine exits once it has answered: a script that pipes `go depth 10` and `quit` still reads
//! its `bestmove`.

pub mod command;
pub mod error;
pub mod options;
pub mod response;

use crate::notation::board::BoardStyle;
use crate::notation::{MoveStyle, PositionSpec};
use crate::search::{Limits, MateLimit};
use command::Command;
use crossbeam_channel::{select, unbounded, Receiver, Sender};
pub use error::{CommandError, EngineError, OptionError};
use options::UsiOption;
use response::{info_string, EngineEvent};
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::time::Duration;

/// What the front ends (USI, and XBoard over the same engine) need from an engine. A command
/// that fails leaves the engine as it was.
pub trait UsiEngine {
    /// `id name`.
    fn name(&self) -> String;
    /// `id author`.
    fn author(&self) -> String;
    /// The declared options.
    fn options(&self) -> Vec<UsiOption>;
    /// Sets an option; the engine may also accept aliases it did not declare (`Hash`, ...).
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), EngineError>;
    /// Heavy initialisation (the hash table, the book) happens here, not in `usi`. Returns what
    /// to tell the user (`info string`; errors start with `error:`); after an error the engine
    /// goes on as it was.
    fn is_ready(&mut self) -> Vec<String>;
    /// A new game starts: forget what was learnt.
    fn new_game(&mut self) -> Result<(), EngineError>;
    /// Sets the root position; on error the previous one stays.
    fn set_position(&mut self, spec: &PositionSpec) -> Result<(), EngineError>;
    /// Starts a search on its own thread. Whatever happens (a search that cannot start, a
    /// panic inside it), exactly one `EngineEvent::BestMove` follows.
    fn go(&mut self, limits: Limits, events: Sender<EngineEvent>);
    /// Starts a mate search; exactly one `EngineEvent::Checkmate` follows (`notimplemented`
    /// where the game has no mate search).
    fn go_mate(&mut self, limit: MateLimit, events: Sender<EngineEvent>);
    /// Asks the running search to stop (it still sends its answer).
    fn stop(&mut self);
    /// The opponent played the ponder move; `clock` replaces the clock given with `go ponder`.
    fn ponderhit(&mut self, clock: Option<Limits>);
    /// Called after the search's final event: joins the search thread.
    fn search_finished(&mut self);
    /// Starts perft on its own thread: a `Raw` line per root move and the total, then exactly
    /// one `Done`.
    fn perft(&mut self, depth: u32, events: Sender<EngineEvent>);
    /// A picture of the position: the engine's own, or in `style` (9x9 shogi), turned for
    /// White if `flip`.
    fn display(&self, style: Option<BoardStyle>, flip: bool) -> String;
    /// Starts the bench on its own thread: its report as messages, then exactly one `Done`.
    fn bench(&mut self, depth: Option<u32>, events: Sender<EngineEvent>);
    /// The static evaluation of the position, explained.
    fn explain_eval(&self) -> String;
    /// Whether the game is over at the current position, by the rules of the game played (a
    /// front end that keeps the game, as XBoard's, announces it); `None` while it goes on.
    fn game_end(&self) -> Option<response::GameEnd>;
    /// `usi`, a move of the current position in USI text, written in `style`; None if it is
    /// not a legal move here or `style` cannot write it.
    fn write_move(&self, usi: &str, style: MoveStyle) -> Option<String>;
    /// The legal move of the current position written `text` in `style`, as USI text.
    fn read_move(&self, text: &str, style: MoveStyle) -> Result<String, EngineError>;
    /// Every legal move of the current position that `style` can write, in `style`.
    fn legal_moves(&self, style: MoveStyle) -> Vec<response::ListedMove>;
}

/// The longest error message sent, in characters (USI and XBoard).
pub const MAX_ERROR_CHARS: usize = 400;

/// The most bytes of one input line that are kept (a 10,000-move game's `position` line is
/// about 50 KB).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// What the reader puts before a line it cut at `MAX_LINE_BYTES` (the rest of the line is
/// dropped unread): the front ends refuse such a line, except a `go`, which still runs.
pub const CUT_LINE: &str = "\u{1}cut\u{1}";

/// How long `quit` waits for a stopped search's answer before it exits without it (a search
/// answers `stop` within a millisecond or so; this only bounds a search that went wrong).
const QUIT_WAIT: Duration = Duration::from_secs(5);

/// Spawns the stdin reader: one line per message; the channel closes at end of input.
/// Bytes that are not UTF-8 are replaced (and then rejected as a bad command), not fatal. A
/// line longer than `MAX_LINE_BYTES` is cut and marked with `CUT_LINE`, so that one line
/// costs at most that much memory however long it is.
pub fn spawn_stdin_reader() -> Receiver<String> {
    let (tx, rx) = unbounded();
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut buf: Vec<u8> = Vec::with_capacity(4096);
            let mut cut = false;
            loop {
                let (used, end_of_line) = match input.fill_buf() {
                    Ok([]) | Err(_) => (0, None),
                    Ok(chunk) => {
                        let newline = chunk.iter().position(|&b| b == b'\n');
                        let take = newline.unwrap_or(chunk.len());
                        let room = MAX_LINE_BYTES.saturating_sub(buf.len());
                        buf.extend_from_slice(&chunk[..take.min(room)]);
                        cut |= take > room;
                        match newline {
                            Some(i) => (i + 1, Some(true)),
                            None => (chunk.len(), Some(false)),
                        }
                    }
                };
                input.consume(used);
                let at_end = end_of_line.is_none();
                if end_of_line == Some(false) {
                    continue;
                }
                if at_end && buf.is_empty() && !cut {
                    break;
                }
                let text = String::from_utf8_lossy(&buf);
                let text = text.trim_end_matches(['\n', '\r']);
                let line = if cut {
                    format!("{CUT_LINE}{text}")
                } else {
                    text.to_string()
                };
                buf.clear();
                cut = false;
                if tx.send(line).is_err() || at_end {
                    break;
                }
            }
        })
        .expect("spawn stdin reader");
    rx
}

/// Runs the protocol, `first` (a line already read, if any) before the rest of `input`.
pub fn run<E: UsiEngine>(
    engine: &mut E,
    first: Option<String>,
    input: Receiver<String>,
    out: &mut dyn Write,
) {
    let (events_tx, events_rx) = unbounded::<EngineEvent>();
    let mut front = FrontEnd {
        engine,
        out,
        events: events_tx,
        searching: false,
        quitting: false,
        deferred: VecDeque::new(),
    };
    if let Some(line) = first {
        if !front.on_line(&line) {
            front.finish(&events_rx);
            return;
        }
    }
    loop {
        select! {
            recv(events_rx) -> event => {
                if let Ok(event) = event {
                    front.on_event(event);
                }
            }
            recv(input) -> line => {
                // A search that has already answered is over, whatever order select! chose.
                while let Ok(event) = events_rx.try_recv() {
                    front.on_event(event);
                }
                let Ok(line) = line else {
                    front.quit(); // end of input: behave as `quit`
                    front.finish(&events_rx);
                    return;
                };
                if !front.on_line(&line) {
                    front.finish(&events_rx);
                    return;
                }
            }
        }
    }
}

/// The protocol state: whether a search runs, and the commands waiting for it to end.
struct FrontEnd<'a, E: UsiEngine> {
    engine: &'a mut E,
    out: &'a mut dyn Write,
    events: Sender<EngineEvent>,
    searching: bool,
    /// `quit` was received: every search started from now on is stopped at once.
    quitting: bool,
    /// Commands that need an idle engine, received during a search; run in order after it.
    deferred: VecDeque<Command>,
}

impl<E: UsiEngine> FrontEnd<'_, E> {
    /// Handles one input line; false on `quit`.
    fn on_line(&mut self, line: &str) -> bool {
        let received = std::time::Instant::now();
        let line = match line.strip_prefix(CUT_LINE) {
            // A `go` still gets its answer, from what could be kept of it.
            Some(kept) if kept.trim_start().starts_with("go") => {
                self.error(&format!(
                    "a line longer than {MAX_LINE_BYTES} bytes: the go runs on its first {MAX_LINE_BYTES}"
                ));
                kept
            }
            Some(kept) => {
                self.error(&format!(
                    "a line longer than {MAX_LINE_BYTES} bytes is ignored: {}",
                    crate::notation::quote(kept)
                ));
                return true;
            }
            None => line,
        };
        match command::parse(line) {
            Ok(Command::Quit) => {
                self.quit();
                return false;
            }
            // The clock runs from now, even if the go waits for a search to end.
            Ok(Command::Go(limits)) => self.on_command(Command::Go(Limits {
                received: Some(received),
                ..limits
            })),
            Ok(Command::PonderHit(Some(clock))) => {
                self.on_command(Command::PonderHit(Some(Limits {
                    received: Some(received),
                    ..clock
                })))
            }
            Ok(c) => self.on_command(c),
            // What could be read of a `go` still runs: every `go` gets its answer.
            Err(CommandError::Go { command, errors }) => {
                self.error(&CommandError::Go {
                    command: Box::new(Command::Nothing),
                    errors,
                });
                match *command {
                    Command::Go(limits) => self.on_command(Command::Go(Limits {
                        received: Some(received),
                        ..limits
                    })),
                    c => self.on_command(c),
                }
            }
            // A ponderhit whose clock cannot be read is still a ponderhit.
            Err(CommandError::PonderHit) => {
                self.error(&CommandError::PonderHit);
                self.on_command(Command::PonderHit(None));
            }
            Err(e) => self.error(&e),
        }
        true
    }

    fn send(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
        let _ = self.out.flush();
    }

    /// `info string error: ...`, the message made safe: what it quotes of the input may hold
    /// control bytes or be megabytes long.
    fn error(&mut self, e: &dyn std::fmt::Display) {
        let text = crate::notation::clip(&e.to_string(), MAX_ERROR_CHARS);
        self.send(&info_string(&format!("error: {text}")));
    }

    /// `quit`: the running search is stopped (it still answers, in `finish`).
    fn quit(&mut self) {
        self.quitting = true;
        if self.searching {
            self.engine.stop();
        }
    }

    /// After `quit`: the stopped search's answer is sent, and the commands that waited for it
    /// are run, each `go` among them stopped as it starts, so that every `go` has its
    /// `bestmove` (every `go mate` its `checkmate`) before the engine exits.
    fn finish(&mut self, events: &Receiver<EngineEvent>) {
        while self.searching {
            match events.recv_timeout(QUIT_WAIT) {
                Ok(event) => self.on_event(event),
                Err(_) => return,
            }
        }
    }

    /// A search (or perft, or the bench) has been started on the engine's thread.
    fn started(&mut self) {
        self.searching = true;
        if self.quitting {
            self.engine.stop();
        }
    }

    fn on_event(&mut self, event: EngineEvent) {
        match event {
            EngineEvent::Info(info) => self.send(&info.to_usi()),
            EngineEvent::Message(m) => self.send(&info_string(&m)),
            EngineEvent::Raw(line) => self.send(&line),
            EngineEvent::Done(last) => {
                self.engine.search_finished();
                self.searching = false;
                for e in last {
                    self.on_event(e);
                }
            }
            EngineEvent::BestMove(b) => {
                self.engine.search_finished();
                self.searching = false;
                self.send(&b.to_usi());
            }
            EngineEvent::Checkmate(c) => {
                self.engine.search_finished();
                self.searching = false;
                self.send(&c.to_usi());
            }
        }
        // Run what waited for the search, until one of those starts a new search.
        while !self.searching {
            let Some(c) = self.deferred.pop_front() else {
                break;
            };
            self.execute(c);
        }
    }

    fn on_command(&mut self, command: Command) {
        match command {
            // These act at once, searching or not.
            Command::Nothing => {}
            Command::Usi => {
                let (name, author) = (self.engine.name(), self.engine.author());
                self.send(&format!("id name {name}"));
                self.send(&format!("id author {author}"));
                for o in self.engine.options() {
                    self.send(&o.to_string());
                }
                self.send("usiok");
            }
            Command::IsReady => {
                if !self.searching {
                    for message in self.engine.is_ready() {
                        self.send(&info_string(&message));
                    }
                }
                self.send("readyok");
            }
            Command::Stop | Command::GameOver => {
                if self.searching {
                    self.engine.stop();
                }
            }
            Command::PonderHit(clock) => {
                if self.searching {
                    self.engine.ponderhit(clock);
                }
            }
            // The rest needs an idle engine: wait for the running search to answer.
            c if self.searching => self.deferred.push_back(c),
            c => self.execute(c),
        }
    }

    /// Runs a command that needs an idle engine.
    fn execute(&mut self, command: Command) {
        match command {
            Command::SetOption { name, value } => {
                if let Err(e) = self.engine.set_option(&name, value.as_deref()) {
                    self.error(&e);
                }
            }
            Command::UsiNewGame => {
                if let Err(e) = self.engine.new_game() {
                    self.error(&e);
                }
            }
            Command::Position(spec) => {
                if let Err(e) = self.engine.set_position(&spec) {
                    self.error(&e);
                }
            }
            // Each of these answers with exactly one final event.
            Command::Go(limits) => {
                self.engine.go(limits, self.events.clone());
                self.started();
            }
            Command::GoMate(limit) => {
                self.engine.go_mate(limit, self.events.clone());
                self.started();
            }
            Command::GoPerft(depth) => {
                self.engine.perft(depth, self.events.clone());
                self.started();
            }
            Command::Display(style, flip) => {
                for l in self.engine.display(style, flip).lines() {
                    self.send(&info_string(l));
                }
            }
            Command::Eval => {
                for l in self.engine.explain_eval().lines() {
                    self.send(&info_string(l));
                }
            }
            Command::Bench(depth) => {
                self.engine.bench(depth, self.events.clone());
                self.started();
            }
            Command::Nothing
            | Command::Usi
            | Command::IsReady
            | Command::Stop
            | Command::GameOver
            | Command::PonderHit(_)
            | Command::Quit => {}
        }
    }
}
