//! The XBoard (CECP) front end, for the variants: what WinBoard (its Alien Edition draws the
//! large shogi boards) and HaChu's and CrazyWa's players use. It starts when the first command is
//! `xboard`, and drives the same `UsiEngine` as the USI front end: the game is kept here as
//! USI move text and handed to the engine as a position (the engine goes on from the last one),
//! and the engine reads and writes the moves in XBoard's notation (`read_move`, `write_move`),
//! which needs the position (a pass, a jump). From `variant` this front end takes only the names
//! and sizes of the games it offers; in reply it describes to the GUI a game the GUI does not
//! know (`setup.rs`).
//!
//! Notation is HaChu's: a square is a file letter from the left and a rank number from the
//! bottom (the first player's side; `a1` is the bottom left corner), a multi-leg move is legs
//! joined by commas (`e6f7,f7e6`), a promotion ends in `+` (`=` declines one), a pass (a lion
//! stepping out and back without a capture) is the protocol's null move `@@@@`, a drop is the
//! piece's letter, `@` and the square (`P@e5`, as CrazyWa writes it). The first
//! player, sente, is XBoard's "white": `1-0` is a win for it. The engine prints a multi-leg move
//! one leg to a `move` line, every leg but the last ending in a comma, as HaChu does.
//!
//! Supported: `protover`, `new`, `variant`, `setboard`, `force`, `go`, `playother`,
//! `usermove`, `?`, `time`, `otim`, `level`, `st`, `sd`, `memory`, `cores`, `ping`, `post`,
//! `nopost`, `result`, `undo`, `remove`, `analyze` and `exit`, `quit`, and `lift` and `put`,
//! answered with the lifted piece's squares (`highlight.rs`); the rest of the protocol is
//! acknowledged or refused with `Error (...)`. `setboard` takes a FEN as HaChu
//! reads it, with CrazyWa's holdings in brackets (`setboard_sfen`). In analysis the engine searches without end, posting its
//! thinking; a move, `undo` or `setboard` restarts the search on the new position.

mod highlight;
mod setup;

use crate::color::Color;
use crate::notation::xboard::{setboard_sfen, to_xboard};
use crate::notation::{MoveStyle, PositionSpec};
use crate::search::Limits;
use crate::usi::response::{BestMove, EngineEvent, GameEnd, UsiScore};
use crate::usi::{EngineError, UsiEngine};
use crate::variant::VariantId;
use crossbeam_channel::{select, unbounded, Receiver, Sender};
use highlight::Lifted;
use std::io::Write;
use std::time::Instant;

/// The variants offered, by their XBoard names (HaChu's and CrazyWa's where they have them,
/// `dada` and `maka` from the table HaChu leaves off, the names WinBoard's Alien Edition
/// knows; `crazywa` is wa shogi with drops, `wa-shogi` without).
const VARIANTS: &[(&str, VariantId)] = &[
    ("chu", VariantId::Chu),
    ("dai", VariantId::Dai),
    ("tenjiku", VariantId::Tenjiku),
    ("dada", VariantId::DaiDai),
    ("maka", VariantId::MakaDaiDai),
    ("minishogi", VariantId::Mini),
    ("judkinshogi", VariantId::Judkins),
    ("torishogi", VariantId::Tori),
    ("sho", VariantId::Sho),
    ("crazywa", VariantId::Wa),
    ("wa-shogi", VariantId::WaNoDrops),
    ("heian", VariantId::Heian),
    ("heiandai", VariantId::HeianDai),
];

/// The XBoard names of the games offered: the built-in ones, then those loaded from a file
/// (`option VariantPath=FILE`), by their names in the file.
fn variant_names() -> String {
    let mut names: Vec<&str> = VARIANTS.iter().map(|v| v.0).collect();
    names.extend(crate::variant::custom::names());
    names.join(",")
}

/// Games the GUI draws without being told: chu (XBoard knows it), and those it takes for the
/// Alien Edition's (XBoard leaves them out of its menu; the Alien Edition knows them).
const GUI_KNOWS: &[&str] = &["chu", "dai", "tenjiku", "dada", "maka"];

/// Other names of the games offered: dai dai's before it took the Alien Edition's.
const ALIASES: &[(&str, &str)] = &[("daidai", "dada")];

/// The game named `name`: an XBoard name or a USI name of a built-in game offered, or a game
/// loaded from a file.
fn find_variant(name: &str) -> Option<(&'static str, VariantId)> {
    let name = ALIASES.iter().find(|a| a.0 == name).map_or(name, |a| a.1);
    VARIANTS
        .iter()
        .find(|v| v.0 == name || v.1.rules().name == name)
        .copied()
        .or_else(|| match VariantId::from_name(name)? {
            id @ VariantId::Custom(_) => Some((id.rules().name, id)),
            _ => None,
        })
}

/// The clock as XBoard gives it.
#[derive(Clone, Copy, Debug, Default)]
struct Clock {
    /// Moves per session (0: the whole game).
    moves_per_session: u32,
    /// Increment, ms.
    increment_ms: u64,
    /// Exactly this long a move (`st`), ms.
    per_move_ms: Option<u64>,
    /// The engine's and the opponent's time left, ms.
    own_ms: Option<u64>,
    other_ms: Option<u64>,
    /// Depth limit (`sd`).
    depth: Option<u32>,
}

struct Session<'a, E: UsiEngine> {
    engine: &'a mut E,
    out: &'a mut dyn Write,
    events: Sender<EngineEvent>,
    variant: (&'static str, VariantId),
    /// The position the game started from (`setboard`), as SFEN; None: the variant's setup.
    start: Option<String>,
    moves: Vec<String>,
    force: bool,
    /// The side the engine plays (0 first), when not in force mode.
    engine_side: usize,
    clock: Clock,
    post: bool,
    searching: bool,
    /// The running search's move is to be thrown away (`force`, `new`, `undo` during it).
    discard: bool,
    /// Commands that need an idle engine, received during a search.
    deferred: Vec<String>,
    game_over: bool,
    /// Analysis mode (`analyze` until `exit`): the engine searches the position without end,
    /// posting its thinking, and plays nothing.
    analyzing: bool,
    /// The running search is an analysis whose lines are still wanted.
    analysis_search: bool,
    /// The piece the user holds in the GUI (`lift`, `put`).
    lifted: Lifted,
}

/// Runs XBoard until `quit` or the end of input (`xboard` itself already read).
pub fn run<E: UsiEngine>(engine: &mut E, input: Receiver<String>, out: &mut dyn Write) {
    let (events, events_rx) = unbounded::<EngineEvent>();
    let mut s = Session {
        engine,
        out,
        events,
        variant: VARIANTS[0],
        start: None,
        moves: Vec::new(),
        force: false,
        engine_side: 1,
        clock: Clock::default(),
        post: false,
        searching: false,
        discard: false,
        deferred: Vec::new(),
        game_over: false,
        analyzing: false,
        analysis_search: false,
        lifted: Lifted::default(),
    };
    s.select_variant(VARIANTS[0], false);
    loop {
        select! {
            recv(events_rx) -> event => {
                if let Ok(event) = event {
                    s.on_event(event);
                }
            }
            recv(input) -> line => {
                while let Ok(event) = events_rx.try_recv() {
                    s.on_event(event);
                }
                let Ok(line) = line else { break };
                if !s.on_line(line.trim()) {
                    break;
                }
            }
        }
    }
    if s.searching {
        // Quitting: what waited is dropped, and no analysis starts again.
        s.deferred.clear();
        s.analyzing = false;
        s.engine.stop();
        while s.searching {
            match events_rx.recv() {
                Ok(event) => s.on_event(event),
                Err(_) => break,
            }
        }
    }
}

impl<E: UsiEngine> Session<'_, E> {
    /// Sends a line; an error (`Error (...)`, `Illegal move (...)`) quotes input, which is
    /// made safe first (control bytes escaped, cut at `usi::MAX_ERROR_CHARS`).
    fn send(&mut self, text: &str) {
        let line = if text.starts_with("Error") || text.starts_with("Illegal move") {
            crate::notation::clip(text, crate::usi::MAX_ERROR_CHARS)
        } else {
            text.to_string()
        };
        let _ = writeln!(self.out, "{line}");
        let _ = self.out.flush();
    }

    /// The board's files and ranks.
    fn size(&self) -> (usize, usize) {
        let rules = self.variant.1.rules();
        (rules.files as usize, rules.ranks as usize)
    }

    /// The side to move now (0: the first player).
    fn to_move(&self) -> usize {
        let first = self
            .start
            .as_deref()
            .is_some_and(|sfen| sfen.split(' ').nth(1) == Some("w"));
        (usize::from(first) + self.moves.len()) % 2
    }

    /// Hands the engine the game's start and `moves`.
    fn set_position(&mut self, moves: &[String]) -> Result<(), EngineError> {
        self.lifted.clear();
        self.engine.set_position(&PositionSpec {
            sfen: self.start.clone(),
            moves: moves.to_vec(),
        })
    }

    /// The game `v` from its start; `announce`: in reply to `variant`, with the `setup` and
    /// `piece` lines of a game the GUI does not know.
    fn select_variant(&mut self, v: (&'static str, VariantId), announce: bool) {
        self.variant = v;
        if let Err(e) = self
            .engine
            .set_option("USI_Variant", Some(v.1.rules().name))
        {
            self.send(&format!("Error ({e}): variant {}", v.0));
        }
        if announce && !GUI_KNOWS.contains(&v.0) {
            // The GUI is told the board, the pieces and their moves.
            for line in setup::winboard_setup(v.1.rules()).unwrap_or_default() {
                self.send(&line);
            }
        }
        self.moves.clear();
        self.start = None;
        self.game_over = false;
        let _ = self.set_position(&[]);
        // The tables and the evaluation made now, as USI's `isready` makes them, not on the
        // first move's clock (what it reports is USI's).
        let _ = self.engine.is_ready();
    }

    /// `setboard FEN`: the game starts again from the position; a FEN the variant cannot read
    /// is an error, and the game is left as it was.
    fn setboard(&mut self, fen: &str) {
        let Some(sfen) = setboard_sfen(fen) else {
            self.send(&format!("Error (bad FEN): {fen}"));
            return;
        };
        let spec = PositionSpec {
            sfen: Some(sfen.clone()),
            moves: Vec::new(),
        };
        if let Err(e) = self.engine.set_position(&spec) {
            self.send(&format!("Error ({e}): {fen}"));
            let moves = self.moves.clone();
            let _ = self.set_position(&moves);
            return;
        }
        self.start = Some(sfen);
        self.moves.clear();
        self.game_over = false;
        self.announce_end();
    }

    /// Handles one line; false on `quit`.
    fn on_line(&mut self, line: &str) -> bool {
        let received = Instant::now();
        if let Some(kept) = line.strip_prefix(crate::usi::CUT_LINE) {
            self.send(&format!(
                "Error (longer than {} bytes): {kept}",
                crate::usi::MAX_LINE_BYTES
            ));
            return true;
        }
        let (cmd, arg) = line.split_once(' ').unwrap_or((line, ""));
        let arg = arg.trim();
        match cmd {
            "" | "xboard" | "accepted" | "rejected" | "computer" | "name" | "rating" | "ics"
            | "random" | "hard" | "easy" | "draw" | "hint" | "bk" | "otim" | "." | "hover" => {
                if cmd == "otim" {
                    self.clock.other_ms = arg.parse::<u64>().ok().map(|cs| cs * 10);
                }
            }
            "quit" => return false,
            "protover" => {
                self.send(&format!(
                    "feature ping=1 setboard=1 playother=1 usermove=1 time=1 draw=0 sigint=0 \
                     sigterm=0 reuse=1 analyze=1 colors=0 memory=1 smp=1 debug=1 highlight=1 \
                     myname=\"{}\" variants=\"{}\"",
                    self.engine.name(),
                    variant_names()
                ));
                self.send("feature done=1");
            }
            "?" => {
                if self.searching {
                    self.engine.stop();
                }
            }
            // The user handles a piece in the GUI: answered at once, thinking or not, from the
            // position the engine holds (the game's, or the one analysed).
            "lift" => {
                let (files, ranks) = self.size();
                let moves = self.engine.legal_moves(MoveStyle::XBoard);
                if let Some(marks) = self.lifted.lift(arg, &moves, files, ranks) {
                    self.send(&marks);
                }
            }
            "put" => {
                let (files, ranks) = self.size();
                self.lifted.put(arg, files, ranks);
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "time" => self.clock.own_ms = arg.parse::<u64>().ok().map(|cs| cs * 10),
            // While the engine thinks, lines wait their turn; an `exit` among them must too (it
            // would otherwise end an analysis an earlier waiting `analyze` starts after it).
            "exit" if self.searching && !self.analysis_search => {
                self.deferred.push(line.to_string());
            }
            "exit" => {
                self.analyzing = false;
                if self.searching && self.analysis_search {
                    self.analysis_search = false;
                    self.engine.stop();
                }
            }
            // Nothing waits on an analysis: a ping is answered at once.
            "ping" if self.searching && self.analysis_search => {
                self.send(&format!("pong {arg}"));
            }
            // In analysis any command that needs the engine idle stops the search first; the
            // analysis starts again once it has run.
            _ if self.searching && self.analysis_search => {
                self.analysis_search = false;
                self.engine.stop();
                self.deferred.push(line.to_string());
            }
            "result" | "force" | "new" | "undo" | "remove" if self.searching => {
                // Stop thinking; the move that comes is not played.
                self.discard = true;
                self.engine.stop();
                self.deferred.push(line.to_string());
            }
            _ if self.searching => self.deferred.push(line.to_string()),
            _ => self.execute(line, received),
        }
        true
    }

    /// A command that needs an idle engine.
    fn execute(&mut self, line: &str, received: Instant) {
        let (cmd, arg) = line.split_once(' ').unwrap_or((line, ""));
        let arg = arg.trim();
        match cmd {
            "ping" => self.send(&format!("pong {arg}")),
            "exit" => self.analyzing = false,
            "analyze" => {
                self.force = true;
                self.analyzing = true;
            }
            "new" => {
                self.analyzing = false;
                self.force = false;
                self.engine_side = 1;
                self.clock.depth = None;
                let _ = self.engine.new_game();
                self.select_variant(self.variant, false);
            }
            "variant" => match find_variant(arg) {
                Some(v) => self.select_variant(v, true),
                None => self.send(&format!("Error (unknown variant): {arg}")),
            },
            "setboard" => self.setboard(arg),
            "force" => self.force = true,
            "result" => self.force = true,
            "go" => {
                self.force = false;
                self.engine_side = self.to_move();
                // In a game already over there is no move to make: the result again, so that
                // the `go` is answered.
                if !(self.game_over && self.announce_end()) {
                    self.think(received);
                }
            }
            "playother" => {
                self.force = false;
                self.engine_side = 1 - self.to_move();
            }
            "level" => self.level(arg),
            "st" => match arg.parse::<u64>() {
                Ok(s) if s > 0 => self.clock.per_move_ms = Some(s * 1000),
                _ => self.send(&format!("Error (bad time): {line}")),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) if d > 0 => self.clock.depth = Some(d),
                _ => self.send(&format!("Error (bad depth): {line}")),
            },
            "memory" => self.option("USI_Hash", arg),
            "cores" => self.option("Threads", arg),
            "option" => {
                let (name, value) = arg.split_once('=').unwrap_or((arg, ""));
                self.option(name, value);
            }
            "undo" | "remove" => {
                let n = if cmd == "undo" { 1 } else { 2 };
                if self.moves.len() < n {
                    self.send(&format!("Error (no move to take back): {cmd}"));
                } else {
                    self.moves.truncate(self.moves.len() - n);
                    self.game_over = false;
                    let moves = self.moves.clone();
                    let _ = self.set_position(&moves);
                }
            }
            "usermove" => self.user_move(arg, received),
            _ => self.send(&format!("Error (unknown command): {cmd}")),
        }
        if self.analyzing && !self.searching && !self.game_over {
            self.analyze(received);
        }
    }

    /// Starts the analysis of the position: a search without end, its move not played.
    fn analyze(&mut self, received: Instant) {
        let limits = Limits {
            infinite: true,
            received: Some(received),
            ..Limits::default()
        };
        self.engine.go(limits, self.events.clone());
        self.searching = true;
        self.discard = true;
        self.analysis_search = true;
    }

    fn option(&mut self, name: &str, value: &str) {
        if let Err(e) = self.engine.set_option(name, Some(value)) {
            self.send(&format!("Error ({e}): option {name}"));
        } else if name == "VariantPath" {
            // The games of the file are variants now: the list again, for the GUI.
            self.send(&format!("feature variants=\"{}\"", variant_names()));
        }
    }

    /// `level MPS BASE INC`: BASE minutes or minutes:seconds, INC seconds.
    fn level(&mut self, arg: &str) {
        let words: Vec<&str> = arg.split_whitespace().collect();
        let parsed = (|| {
            let mps: u32 = words.first()?.parse().ok()?;
            let inc: f64 = words.get(2)?.parse().ok()?;
            let base = words.get(1)?;
            let (min, sec) = base.split_once(':').unwrap_or((base, "0"));
            let base_ms = min.parse::<u64>().ok()? * 60_000 + sec.parse::<u64>().ok()? * 1000;
            Some((mps, base_ms, (inc * 1000.0) as u64))
        })();
        match parsed {
            Some((mps, base_ms, inc_ms)) => {
                self.clock = Clock {
                    moves_per_session: mps,
                    increment_ms: inc_ms,
                    per_move_ms: None,
                    own_ms: Some(base_ms),
                    other_ms: Some(base_ms),
                    depth: self.clock.depth,
                };
            }
            None => self.send(&format!("Error (bad level): level {arg}")),
        }
    }

    fn user_move(&mut self, text: &str, received: Instant) {
        if self.game_over {
            self.send(&format!("Illegal move (the game is over): {text}"));
            return;
        }
        let mut moves = self.moves.clone();
        let played = self
            .engine
            .read_move(text, MoveStyle::XBoard)
            .and_then(|usi| {
                moves.push(usi);
                self.set_position(&moves)
            });
        // A refused move leaves the engine's position as it was.
        if let Err(e) = played {
            let why = e.to_string();
            let why = why.rsplit(": ").next().unwrap_or(&why);
            self.send(&format!("Illegal move ({why}): {text}"));
            return;
        }
        self.moves = moves;
        if self.announce_end() {
            return;
        }
        if !self.force && self.to_move() == self.engine_side {
            self.think(received);
        }
    }

    /// Prints the result if the game is over; true then.
    fn announce_end(&mut self) -> bool {
        let Some(GameEnd { winner, reason }) = self.engine.game_end() else {
            return false;
        };
        self.game_over = true;
        let result = match winner {
            None => "1/2-1/2",
            Some(Color::Black) => "1-0",
            Some(Color::White) => "0-1",
        };
        self.send(&format!("{result} {{{reason}}}"));
        true
    }

    fn think(&mut self, received: Instant) {
        if self.game_over || self.searching {
            return;
        }
        let side = self.to_move();
        let mut limits = Limits {
            depth: self.clock.depth,
            received: Some(received),
            ..Limits::default()
        };
        if let Some(ms) = self.clock.per_move_ms {
            limits.movetime = Some(ms);
        } else if let Some(own) = self.clock.own_ms {
            if self.clock.moves_per_session > 0 {
                // Classical: spread what is left over the moves to the next session.
                let played = (self.moves.len() / 2) as u32 % self.clock.moves_per_session;
                let left = (self.clock.moves_per_session - played).max(1) as u64;
                limits.movetime = Some((own / (left + 1)).max(10));
            } else {
                limits.time[side] = Some(own);
                limits.time[1 - side] = self.clock.other_ms.or(Some(own));
                limits.inc = [self.clock.increment_ms; 2];
            }
        } else if limits.depth.is_none() {
            limits.movetime = Some(5000);
        }
        self.engine.go(limits, self.events.clone());
        self.searching = true;
        self.discard = false;
    }

    fn on_event(&mut self, event: EngineEvent) {
        match event {
            EngineEvent::Info(info) if self.post && !self.discard || self.analysis_search => {
                let score = match info.score {
                    UsiScore::Cp(v) => v,
                    UsiScore::Mate(p) if p > 0 => 100_000 - p,
                    UsiScore::Mate(p) => -100_000 - p,
                };
                let (files, ranks) = self.size();
                let pv: Vec<String> = info
                    .pv
                    .iter()
                    .filter_map(|m| to_xboard(m, files, ranks).map(|legs| legs.join(",")))
                    .collect();
                let line = format!(
                    "{} {} {} {} {}",
                    info.depth,
                    score,
                    info.time_ms / 10,
                    info.nodes,
                    pv.join(" ")
                );
                self.send(&line);
            }
            EngineEvent::Info(_) | EngineEvent::Message(_) | EngineEvent::Raw(_) => {}
            EngineEvent::Done(_) | EngineEvent::Checkmate(_) => {
                self.engine.search_finished();
                self.searching = false;
            }
            EngineEvent::BestMove(b) => {
                self.engine.search_finished();
                self.searching = false;
                self.analysis_search = false;
                if !self.discard {
                    self.play(b);
                }
                self.discard = false;
            }
        }
        let now = Instant::now();
        // The lines that waited, in order. One of them may start an analysis (`analyze`): the
        // lines after it are then taken as in analysis, a ping answered at once, anything else
        // stopping the analysis and waiting for it to end.
        while !self.deferred.is_empty() {
            if !self.searching {
                let line = self.deferred.remove(0);
                self.execute(&line, now);
            } else if self.analysis_search && self.deferred[0].starts_with("ping") {
                let line = self.deferred.remove(0);
                let arg = line.split_once(' ').map_or("", |(_, a)| a.trim());
                self.send(&format!("pong {arg}"));
            } else {
                if self.analysis_search {
                    self.analysis_search = false;
                    self.engine.stop();
                }
                break;
            }
        }
        if self.analyzing && !self.searching && !self.game_over {
            self.analyze(now);
        }
    }

    fn play(&mut self, b: BestMove) {
        let BestMove::Move { best, .. } = b else {
            self.send("resign");
            return;
        };
        let Some(text) = self.engine.write_move(&best, MoveStyle::XBoard) else {
            self.send("resign");
            return;
        };
        let legs: Vec<&str> = text.split(',').collect();
        let mut moves = self.moves.clone();
        moves.push(best);
        if self.set_position(&moves).is_err() {
            self.send("resign");
            return;
        }
        self.moves = moves;
        let last = legs.len() - 1;
        for (i, leg) in legs.iter().enumerate() {
            self.send(&format!("move {leg}{}", if i < last { "," } else { "" }));
        }
        self.announce_end();
    }
}
