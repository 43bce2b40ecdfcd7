//! The USI front end. It knows nothing of bitboards: it drives any `UsiEngine`.
//!
//! stdin is read on its own thread and arrives here as lines on a channel; the engine's search runs
//! on its own thread and its events arrive on a second channel. The loop `select!`s over both, so
//! `stop`, `ponderhit`, `isready` and `quit` are answered while a search runs.

pub mod command;
pub mod options;
pub mod response;

use crate::search::{Limits, MateLimit};
use command::Command;
use crossbeam_channel::{select, unbounded, Receiver, Sender};
use options::UsiOption;
use response::{info_string, EngineEvent};
use std::io::{BufRead, Write};

/// What the front end needs from an engine.
pub trait UsiEngine {
    /// `id name`.
    fn name(&self) -> String;
    /// `id author`.
    fn author(&self) -> String;
    /// The declared options.
    fn options(&self) -> Vec<UsiOption>;
    /// Sets an option; the engine may also accept names it did not declare (`USI_Hash`, ...).
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String>;
    /// Heavy initialisation (tables, hash) happens here, not in `usi`.
    fn is_ready(&mut self);
    /// A new game starts: forget what was learnt.
    fn new_game(&mut self);
    /// Sets the root position; on error the previous position stays.
    fn set_position(&mut self, sfen: &str, moves: &[String]) -> Result<(), String>;
    /// Starts a search on its own thread; it ends with exactly one `EngineEvent::BestMove`.
    fn go(&mut self, limits: Limits, events: Sender<EngineEvent>) -> Result<(), String>;
    /// Starts a mate search; it ends with exactly one `EngineEvent::Checkmate`.
    fn go_mate(&mut self, limit: MateLimit, events: Sender<EngineEvent>) -> Result<(), String>;
    /// Asks the running search to stop (it still sends its answer).
    fn stop(&mut self);
    /// The opponent played the ponder move.
    fn ponderhit(&mut self);
    /// Called after the search's final event: joins the search thread.
    fn search_finished(&mut self);
    /// Perft split by root move, USI text.
    fn perft(&mut self, depth: u32) -> Vec<(String, u64)>;
    /// A picture of the position.
    fn display(&self) -> String;
    /// Runs the bench and returns its report lines.
    fn bench(&mut self, depth: Option<u32>) -> Vec<String>;
}

/// Spawns the stdin reader: one line per message; the channel closes at end of input.
pub fn spawn_stdin_reader() -> Receiver<String> {
    let (tx, rx) = unbounded();
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            for line in stdin.lock().lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        })
        .expect("spawn stdin reader");
    rx
}

/// Runs the protocol until `quit` or end of input.
pub fn run<E: UsiEngine>(engine: &mut E, input: Receiver<String>, out: &mut dyn Write) {
    let (events_tx, events_rx) = unbounded::<EngineEvent>();
    let mut searching = false;
    let send = |out: &mut dyn Write, text: &str| {
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    };
    loop {
        select! {
            recv(events_rx) -> event => {
                let Ok(event) = event else { continue };
                match event {
                    EngineEvent::Info(info) => send(out, &info.to_usi()),
                    EngineEvent::Message(m) => send(out, &info_string(&m)),
                    EngineEvent::BestMove(b) => {
                        engine.search_finished();
                        searching = false;
                        send(out, &b.to_usi());
                    }
                    EngineEvent::Checkmate(c) => {
                        engine.search_finished();
                        searching = false;
                        send(out, &c.to_usi());
                    }
                }
            }
            recv(input) -> line => {
                let Ok(line) = line else {
                    // End of input: behave as `quit`.
                    if searching {
                        engine.stop();
                    }
                    return;
                };
                let command = match command::parse(line.trim_end_matches('\r')) {
                    Ok(c) => c,
                    Err(e) => {
                        send(out, &info_string(&format!("error: {e}")));
                        continue;
                    }
                };
                match command {
                    Command::Nothing => {}
                    Command::Usi => {
                        send(out, &format!("id name {}", engine.name()));
                        send(out, &format!("id author {}", engine.author()));
                        for o in engine.options() {
                            send(out, &o.to_string());
                        }
                        send(out, "usiok");
                    }
                    Command::IsReady => {
                        if !searching {
                            engine.is_ready();
                        }
                        send(out, "readyok");
                    }
                    Command::Quit => {
                        if searching {
                            engine.stop();
                        }
                        return;
                    }
                    Command::Stop | Command::GameOver => {
                        if searching {
                            engine.stop();
                        }
                    }
                    Command::PonderHit => {
                        if searching {
                            engine.ponderhit();
                        }
                    }
                    _ if searching && !matches!(command, Command::Position { .. }) => {
                        send(out, &info_string("error: a search is running; send stop first"));
                    }
                    Command::SetOption { name, value } => {
                        if let Err(e) = engine.set_option(&name, value.as_deref()) {
                            send(out, &info_string(&format!("error: {e}")));
                        }
                    }
                    Command::UsiNewGame => engine.new_game(),
                    Command::Position { sfen, moves } => {
                        if let Err(e) = engine.set_position(&sfen, &moves) {
                            send(out, &info_string(&format!("error: {e}")));
                        }
                    }
                    Command::Go(limits) => match engine.go(limits, events_tx.clone()) {
                        Ok(()) => searching = true,
                        Err(e) => send(out, &info_string(&format!("error: {e}"))),
                    },
                    Command::GoMate(limit) => match engine.go_mate(limit, events_tx.clone()) {
                        Ok(()) => searching = true,
                        Err(e) => send(out, &info_string(&format!("error: {e}"))),
                    },
                    Command::GoPerft(depth) => {
                        let start = std::time::Instant::now();
                        let split = engine.perft(depth);
                        let total: u64 = split.iter().map(|(_, n)| n).sum();
                        for (m, n) in &split {
                            send(out, &format!("{m}: {n}"));
                        }
                        let ms = start.elapsed().as_millis() as u64;
                        send(out, &format!("Nodes searched: {total}"));
                        send(out, &info_string(&format!(
                            "perft {depth}: {total} leaves in {ms} ms, {} leaves/s",
                            total * 1000 / ms.max(1)
                        )));
                    }
                    Command::Display => {
                        for l in engine.display().lines() {
                            send(out, &info_string(l));
                        }
                    }
                    Command::Bench(depth) => {
                        for l in engine.bench(depth) {
                            send(out, &info_string(&l));
                        }
                    }
                }
            }
        }
    }
}
