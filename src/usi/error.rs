//! The errors the front ends report as `info string error: ...` (XBoard: `Error (...)`): a
//! command line that does not parse, an option value an option does not take, and what an
//! engine refuses. The engine's refusals carry the rules' own error (a bad SFEN, an illegal
//! move) as their source.

use crate::notation::SpecError;
use std::error::Error;
use std::fmt;

/// Why a line is not a USI command (or not all of one).
#[derive(Debug, PartialEq, Eq)]
pub enum CommandError {
    /// No such command.
    Unknown(String),
    /// `setoption` without `name <id>`.
    SetOption,
    /// A `position` whose start does not parse.
    Position(SpecError),
    /// `gameover` with a word other than win, lose or draw.
    GameOver(String),
    /// `bench` with a depth outside 1..64.
    BenchDepth(String),
    /// `d` with a word that is no board style.
    BoardStyle(String),
    /// `ponderhit` with something other than a clock.
    PonderHit,
    /// `go perft` without a depth in 1..20: nothing runs.
    PerftDepth(String),
    /// A `go` some of whose words could not be read: `command` is the `go` with those words
    /// left out, which still runs (every `go` is answered).
    Go {
        /// The `go` as far as it could be read.
        command: Box<super::command::Command>,
        /// What was left out, and why.
        errors: Vec<GoError>,
    },
}

/// A word of `go` that could not be read.
#[derive(Debug, PartialEq, Eq)]
pub enum GoError {
    /// A limit without its value.
    NeedsValue(String),
    /// A limit whose value is not a number.
    NotANumber {
        /// The limit.
        key: String,
        /// What came instead.
        value: String,
    },
    /// `depth 0`.
    DepthZero,
    /// `searchmoves` with no move.
    NoSearchMoves,
    /// A word `go` does not know.
    Unknown(String),
}

impl fmt::Display for GoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoError::NeedsValue(key) => write!(f, "go {key} needs a value"),
            GoError::NotANumber { key, value } => {
                write!(f, "go {key} expects a number, got '{value}'")
            }
            GoError::DepthZero => f.write_str("go depth must be at least 1"),
            GoError::NoSearchMoves => f.write_str("go searchmoves needs at least one move"),
            GoError::Unknown(word) => write!(f, "unknown go argument '{word}'"),
        }
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(c) => write!(f, "unknown command '{c}'"),
            CommandError::SetOption => f.write_str("setoption expects 'name <id> [value <x>]'"),
            CommandError::Position(e) => e.fmt(f),
            CommandError::GameOver(w) => {
                write!(f, "gameover expects win, lose or draw, got '{w}'")
            }
            CommandError::BenchDepth(d) => write!(f, "bench depth must be 1..64, got '{d}'"),
            CommandError::BoardStyle(s) => write!(
                f,
                "d takes a board style (standard, alternate, small, email) and flip, got '{s}'"
            ),
            CommandError::PonderHit => {
                f.write_str("ponderhit accepts only btime, wtime, byoyomi, binc and winc")
            }
            CommandError::PerftDepth(d) => write!(f, "go perft depth must be 1..20, got '{d}'"),
            CommandError::Go { errors, .. } => {
                let parts: Vec<String> = errors.iter().map(GoError::to_string).collect();
                write!(f, "{}; searching without it", parts.join("; "))
            }
        }
    }
}

impl Error for CommandError {}

/// Why an option did not take a value.
#[derive(Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No value given.
    NeedsValue(String),
    /// A spin's value that is not an integer.
    NotAnInteger {
        /// The option.
        name: String,
        /// The value.
        value: String,
    },
    /// A spin's value outside its range.
    OutOfRange {
        /// The option.
        name: String,
        /// The value.
        value: i64,
        /// The range.
        min: i64,
        /// The range.
        max: i64,
    },
    /// A check's value that is not true or false.
    NotABool {
        /// The option.
        name: String,
        /// The value.
        value: String,
    },
    /// A combo's value that is not one of its words.
    NotOneOf {
        /// The option.
        name: String,
        /// The value.
        value: String,
        /// The words it takes.
        vars: Vec<String>,
    },
    /// A text the option refused, and why.
    Refused {
        /// The option.
        name: String,
        /// Why.
        why: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::NeedsValue(name) => write!(f, "option {name} needs a value"),
            OptionError::NotAnInteger { name, value } => {
                write!(f, "option {name} expects an integer, got '{value}'")
            }
            OptionError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(f, "option {name}: {value} is outside {min}..{max}"),
            OptionError::NotABool { name, value } => {
                write!(f, "option {name} expects true or false, got '{value}'")
            }
            OptionError::NotOneOf { name, value, vars } => {
                write!(
                    f,
                    "option {name}: '{value}' is not one of {}",
                    vars.join(", ")
                )
            }
            OptionError::Refused { name, why } => write!(f, "option {name}: {why}"),
        }
    }
}

impl Error for OptionError {}

/// Why an engine refused a command; the engine goes on as it was.
#[derive(Debug)]
pub enum EngineError {
    /// No option of this name.
    UnknownOption(String),
    /// A value the option does not take.
    Option(OptionError),
    /// A position the game refuses: its SFEN, or a move of its line (the rules' error).
    Position(Box<dyn Error + Send + Sync>),
    /// A move that is not legal in the position, or that the notation asked for cannot say.
    Move(Box<dyn Error + Send + Sync>),
    /// The hash table could not be had (the old one is kept).
    Hash(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::UnknownOption(name) => write!(f, "unknown option '{name}'"),
            EngineError::Option(e) => e.fmt(f),
            EngineError::Position(e) => write!(f, "bad position: {e}"),
            EngineError::Move(e) => e.fmt(f),
            EngineError::Hash(e) => e.fmt(f),
        }
    }
}

impl Error for EngineError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            EngineError::Option(e) => Some(e),
            EngineError::Position(e) | EngineError::Move(e) => Some(e.as_ref()),
            _ => None,
        }
    }
}

impl From<OptionError> for EngineError {
    fn from(e: OptionError) -> EngineError {
        EngineError::Option(e)
    }
}
