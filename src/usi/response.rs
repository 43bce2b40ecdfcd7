//! Engine-to-GUI lines.

use crate::color::Color;
use std::fmt::Write;

/// A score as USI prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UsiScore {
    /// `score cp X`
    Cp(i32),
    /// `score mate Y` (plies; negative when the engine is mated)
    Mate(i32),
}

/// A game's end: who won (`None`: a draw) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The winner.
    pub winner: Option<Color>,
    /// Why, in a few words.
    pub reason: String,
}

/// A legal move of the current position as a front end lists it (XBoard's highlighting of a
/// lifted piece's targets): its text in the style asked for, and whether its last square holds a
/// piece before the move (a capture, or igui's return to the piece's own square).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedMove {
    /// The move in the style asked for.
    pub text: String,
    /// Its last square holds a piece now.
    pub onto_piece: bool,
}

/// One `info` line of search progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoLine {
    /// `depth`
    pub depth: u32,
    /// `seldepth`
    pub seldepth: u32,
    /// `multipv`, printed only when several lines are requested.
    pub multipv: Option<usize>,
    /// `score`
    pub score: UsiScore,
    /// `lowerbound` (true) / `upperbound` (false)
    pub bound: Option<bool>,
    /// `nodes`
    pub nodes: u64,
    /// `time`, ms
    pub time_ms: u64,
    /// `hashfull`, permille
    pub hashfull: u32,
    /// `pv`, USI moves
    pub pv: Vec<String>,
}

impl InfoLine {
    /// The text, `pv` last (ShogiHome takes the rest of the line as the PV).
    pub fn to_usi(&self) -> String {
        let mut s = format!("info depth {} seldepth {}", self.depth, self.seldepth);
        if let Some(k) = self.multipv {
            let _ = write!(s, " multipv {k}");
        }
        match self.score {
            UsiScore::Cp(v) => {
                let _ = write!(s, " score cp {v}");
            }
            UsiScore::Mate(v) => {
                let _ = write!(s, " score mate {v}");
            }
        }
        match self.bound {
            Some(true) => s.push_str(" lowerbound"),
            Some(false) => s.push_str(" upperbound"),
            None => {}
        }
        let nps = self.nodes * 1000 / self.time_ms.max(1);
        let _ = write!(
            s,
            " nodes {} nps {} hashfull {} time {}",
            self.nodes, nps, self.hashfull, self.time_ms
        );
        if !self.pv.is_empty() {
            let _ = write!(s, " pv {}", self.pv.join(" "));
        }
        s
    }
}

/// The move an engine chooses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BestMove {
    /// A move, with an optional expected reply.
    Move {
        /// The move, USI text.
        best: String,
        /// The reply to ponder on.
        ponder: Option<String>,
    },
    /// `bestmove resign`
    Resign,
    /// `bestmove win` (entering-king declaration)
    Win,
}

impl BestMove {
    /// The `bestmove` line.
    pub fn to_usi(&self) -> String {
        match self {
            BestMove::Move {
                best,
                ponder: Some(p),
            } => format!("bestmove {best} ponder {p}"),
            BestMove::Move { best, ponder: None } => format!("bestmove {best}"),
            BestMove::Resign => "bestmove resign".into(),
            BestMove::Win => "bestmove win".into(),
        }
    }
}

/// The answer to `go mate`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckmateAnswer {
    /// A mating line, both sides' moves.
    Mate(Vec<String>),
    /// Proven: there is no mate.
    NoMate,
    /// Time ran out before an answer.
    Timeout,
    /// The game played has no mate search.
    NotImplemented,
}

impl CheckmateAnswer {
    /// The `checkmate` line.
    pub fn to_usi(&self) -> String {
        match self {
            CheckmateAnswer::Mate(pv) => format!("checkmate {}", pv.join(" ")),
            CheckmateAnswer::NoMate => "checkmate nomate".into(),
            CheckmateAnswer::Timeout => "checkmate timeout".into(),
            CheckmateAnswer::NotImplemented => "checkmate notimplemented".into(),
        }
    }
}

/// What an engine sends to the front end while it works.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineEvent {
    /// Search progress.
    Info(InfoLine),
    /// The search is over: exactly one per `go`.
    BestMove(BestMove),
    /// The mate search is over: exactly one per `go mate`.
    Checkmate(CheckmateAnswer),
    /// Free text, sent as `info string`.
    Message(String),
    /// A line sent as it is (`go perft`'s count for each move).
    Raw(String),
    /// A task that answers with no move (`go perft`, `bench`) is over: exactly one per task.
    /// It carries the task's last lines, written as the engine becomes idle, so that a command
    /// sent after reading them finds the engine idle.
    Done(Vec<EngineEvent>),
}

/// `info string <text>`, kept on one line.
pub fn info_string(text: &str) -> String {
    format!("info string {}", text.replace(['\n', '\r'], " "))
}
