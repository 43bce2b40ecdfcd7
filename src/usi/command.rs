//! One line of USI input to a `Command`. Parsing checks syntax only; the engine checks meaning
//! (legal SFEN, legal moves, known options).

use super::error::{CommandError, GoError};
use crate::notation::board::BoardStyle;
use crate::notation::PositionSpec;
use crate::search::{Limits, MateLimit};

/// A parsed GUI-to-engine command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `usi`
    Usi,
    /// `isready`
    IsReady,
    /// `setoption name <id> [value <x>]`
    SetOption {
        /// Option name (may not contain spaces).
        name: String,
        /// Value, if given (may contain spaces).
        value: Option<String>,
    },
    /// `usinewgame`
    UsiNewGame,
    /// `position startpos|sfen <sfen> [moves ...]`
    Position(PositionSpec),
    /// `go ...`
    Go(Limits),
    /// `go mate <ms>|infinite`
    GoMate(MateLimit),
    /// `go perft <depth>`
    GoPerft(u32),
    /// `stop`
    Stop,
    /// `ponderhit`, optionally with the clock as `go` gives it (`ponderhit btime .. wtime ..
    /// byoyomi ..`, a YaneuraOu extension that ShogiHome's early ponder relies on).
    PonderHit(Option<Limits>),
    /// `gameover win|lose|draw`
    GameOver,
    /// `quit`
    Quit,
    /// `d [standard|alternate|small|email] [flip]`: show the position, in a board style if one
    /// is named (9x9 shogi), turned for White with `flip`.
    Display(Option<BoardStyle>, bool),
    /// `bench [depth]`
    Bench(Option<u32>),
    /// `eval`: the evaluation of the position and its parts.
    Eval,
    /// An empty line.
    Nothing,
}

/// Parses one line. An error is a message for `info string error: ...`; a `go` with words it
/// cannot read is an error that carries the `go` without them, which still runs.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, rest)) = tokens.split_first() else {
        return Ok(Command::Nothing);
    };
    match head {
        "usi" => Ok(Command::Usi),
        "isready" => Ok(Command::IsReady),
        "usinewgame" => Ok(Command::UsiNewGame),
        "stop" => Ok(Command::Stop),
        "ponderhit" if rest.is_empty() => Ok(Command::PonderHit(None)),
        "ponderhit" => match parse_go(rest) {
            (Command::Go(limits), errors) if errors.is_empty() && limits.has_clock() => {
                Ok(Command::PonderHit(Some(limits)))
            }
            // The opponent did play the ponder move: the search goes on under the clock of
            // `go ponder`, and the words that could not be read are reported.
            _ => Err(CommandError::PonderHit),
        },
        "quit" => Ok(Command::Quit),
        "gameover" => match rest.first() {
            Some(&"win") | Some(&"lose") | Some(&"draw") | None => Ok(Command::GameOver),
            Some(other) => Err(CommandError::GameOver(other.to_string())),
        },
        "setoption" => parse_setoption(rest),
        "position" => PositionSpec::parse(&rest.join(" "))
            .map(Command::Position)
            .map_err(CommandError::Position),
        "go" => match rest {
            ["perft", depth @ ..] => {
                let text = depth.join(" ");
                text.parse::<u32>()
                    .ok()
                    .filter(|d| (1..=20).contains(d))
                    .map(Command::GoPerft)
                    .ok_or(CommandError::PerftDepth(text))
            }
            _ => match parse_go(rest) {
                (command, errors) if errors.is_empty() => Ok(command),
                (command, errors) => Err(CommandError::Go {
                    command: Box::new(command),
                    errors,
                }),
            },
        },
        "d" => {
            let mut style = None;
            let mut flip = false;
            for word in rest {
                if word.eq_ignore_ascii_case("flip") {
                    flip = true;
                } else {
                    style = Some(
                        BoardStyle::from_name(word)
                            .ok_or_else(|| CommandError::BoardStyle(word.to_string()))?,
                    );
                }
            }
            Ok(Command::Display(style, flip))
        }
        "eval" => Ok(Command::Eval),
        "bench" => match rest.first() {
            None => Ok(Command::Bench(None)),
            Some(d) => d
                .parse::<u32>()
                .ok()
                .filter(|&d| (1..=64).contains(&d))
                .map(|d| Command::Bench(Some(d)))
                .ok_or_else(|| CommandError::BenchDepth(d.to_string())),
        },
        other => Err(CommandError::Unknown(other.to_string())),
    }
}

fn parse_setoption(rest: &[&str]) -> Result<Command, CommandError> {
    if rest.first() != Some(&"name") || rest.len() < 2 {
        return Err(CommandError::SetOption);
    }
    let value_at = rest.iter().position(|&t| t == "value");
    let name_end = value_at.unwrap_or(rest.len());
    if name_end < 2 {
        return Err(CommandError::SetOption);
    }
    let name = rest[1..name_end].join(" ");
    let value = value_at.map(|i| rest[i + 1..].join(" "));
    Ok(Command::SetOption { name, value })
}

/// The number after `key` at `tokens[i]`. Some GUIs send negative remaining times when a clock
/// runs out: those are zero. A number too large for 64 bits is the largest there is (the time
/// manager caps what it uses).
fn number(tokens: &[&str], i: usize, key: &str) -> Result<u64, GoError> {
    let t = tokens
        .get(i)
        .ok_or_else(|| GoError::NeedsValue(key.to_string()))?;
    let (negative, digits) = match t.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(GoError::NotANumber {
            key: key.to_string(),
            value: t.to_string(),
        });
    }
    Ok(if negative {
        0
    } else {
        digits.parse().unwrap_or(u64::MAX)
    })
}

/// `go`'s words as far as they can be read, and what could not be (left out: a limit whose
/// value does not read is skipped with its value).
fn parse_go(rest: &[&str]) -> (Command, Vec<GoError>) {
    let mut limits = Limits::default();
    let mut errors = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        // A limit with a value: the value, read or not, is consumed with the key.
        let mut value = |i: &mut usize| {
            *i += 1;
            number(rest, *i, key).map_err(|e| errors.push(e)).ok()
        };
        if ["btime", "wtime", "binc", "winc", "byoyomi"].contains(&key) {
            limits.clock_given = true;
        }
        match key {
            "ponder" => limits.ponder = true,
            "infinite" => limits.infinite = true,
            "btime" => limits.time[0] = value(&mut i).or(limits.time[0]),
            "wtime" => limits.time[1] = value(&mut i).or(limits.time[1]),
            "binc" => limits.inc[0] = value(&mut i).unwrap_or(limits.inc[0]),
            "winc" => limits.inc[1] = value(&mut i).unwrap_or(limits.inc[1]),
            "byoyomi" => limits.byoyomi = value(&mut i).unwrap_or(limits.byoyomi),
            "movetime" => limits.movetime = value(&mut i).or(limits.movetime),
            "nodes" => limits.nodes = value(&mut i).or(limits.nodes),
            // Accepted and ignored (not used by shogi GUIs).
            "movestogo" => {
                value(&mut i);
            }
            "depth" => match value(&mut i) {
                Some(0) => errors.push(GoError::DepthZero),
                Some(d) => limits.depth = Some(d.min(1000) as u32),
                None => {}
            },
            "mate" => {
                let limit = match rest.get(i + 1) {
                    None | Some(&"infinite") => MateLimit::Infinite,
                    Some(_) => value(&mut i).map_or(MateLimit::Infinite, MateLimit::Millis),
                };
                return (Command::GoMate(limit), errors);
            }
            "searchmoves" => {
                limits.searchmoves = rest[i + 1..].iter().map(|s| s.to_string()).collect();
                if limits.searchmoves.is_empty() {
                    errors.push(GoError::NoSearchMoves);
                }
                break;
            }
            other => errors.push(GoError::Unknown(other.to_string())),
        }
        i += 1;
    }
    (Command::Go(limits), errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_with_clock() {
        let Ok(Command::Go(l)) = parse("go btime 1000 wtime 2000 byoyomi 500") else {
            panic!()
        };
        assert_eq!(l.time, [Some(1000), Some(2000)]);
        assert_eq!(l.byoyomi, 500);
        let Ok(Command::Go(l)) = parse("go ponder btime 0 wtime 0 binc 10 winc 20") else {
            panic!()
        };
        assert!(l.ponder);
        assert_eq!(l.inc, [10, 20]);
    }

    #[test]
    fn a_zero_clock_is_a_clock() {
        // `go byoyomi 0` alone once searched for ever: a clock of nothing is still a clock.
        for text in ["go byoyomi 0", "go binc -100 winc -100", "go btime 0"] {
            let c = parse(text);
            let limits = match &c {
                Ok(Command::Go(l)) => l.clone(),
                Err(CommandError::Go { command, .. }) => match command.as_ref() {
                    Command::Go(l) => l.clone(),
                    _ => panic!("{text}: {c:?}"),
                },
                _ => panic!("{text}: {c:?}"),
            };
            assert!(limits.has_clock() && limits.is_bounded(), "{text}");
        }
        let Ok(Command::Go(l)) = parse("go depth 3") else {
            panic!()
        };
        assert!(!l.has_clock());
    }

    #[test]
    fn absurd_numbers_saturate() {
        let Ok(Command::Go(l)) =
            parse("go btime 9223372036854775807 wtime -9223372036854775808 byoyomi 99999999999999999999999 binc +5")
        else {
            panic!()
        };
        assert_eq!(l.time, [Some(i64::MAX as u64), Some(0)]);
        assert_eq!(l.byoyomi, u64::MAX);
        assert_eq!(l.inc, [5, 0]);
        for bad in ["go btime 12a", "go btime -", "go btime 1e9"] {
            let Err(CommandError::Go { command, errors }) = parse(bad) else {
                panic!("{bad}")
            };
            // The unreadable value is left out; the clock word still puts the go on the clock.
            assert_eq!(
                *command,
                Command::Go(Limits {
                    clock_given: true,
                    ..Limits::default()
                })
            );
            assert_eq!(errors.len(), 1);
        }
    }

    #[test]
    fn errors() {
        // A go with words it cannot read still runs, without them.
        for (bad, read) in [
            ("go depth x", "go"),
            ("go foo", "go"),
            ("go depth", "go"),
            ("go depth 0 nodes 5", "go nodes 5"),
            ("go btime 100 frob wtime 200", "go btime 100 wtime 200"),
            ("go searchmoves", "go"),
        ] {
            let Err(CommandError::Go { command, .. }) = parse(bad) else {
                panic!("{bad}")
            };
            assert_eq!(Ok(*command), parse(read), "{bad}");
        }
        assert!(matches!(
            parse("go mate soon"),
            Err(CommandError::Go { command, .. }) if *command == Command::GoMate(MateLimit::Infinite)
        ));
        assert_eq!(
            parse("go perft 0"),
            Err(CommandError::PerftDepth("0".into()))
        );
        assert_eq!(
            parse("go perft x"),
            Err(CommandError::PerftDepth("x".into()))
        );
        assert!(parse("position").is_err());
        assert!(parse("position sfen").is_err());
        assert!(parse("setoption").is_err());
        assert!(parse("setoption name").is_err());
        assert!(parse("xyzzy").is_err());
        assert_eq!(parse("   "), Ok(Command::Nothing));
    }

    #[test]
    fn position_and_options() {
        assert_eq!(
            parse("position startpos moves 7g7f 3c3d"),
            Ok(Command::Position(PositionSpec {
                sfen: None,
                moves: vec!["7g7f".into(), "3c3d".into()]
            }))
        );
        assert_eq!(
            parse("setoption name USI_Hash value 256"),
            Ok(Command::SetOption {
                name: "USI_Hash".into(),
                value: Some("256".into())
            })
        );
        assert_eq!(
            parse("go mate 1000"),
            Ok(Command::GoMate(MateLimit::Millis(1000)))
        );
        assert_eq!(
            parse("go mate infinite"),
            Ok(Command::GoMate(MateLimit::Infinite))
        );
        assert_eq!(parse("go perft 3"), Ok(Command::GoPerft(3)));
        assert_eq!(parse("ponderhit"), Ok(Command::PonderHit(None)));
        let Ok(Command::PonderHit(Some(l))) = parse("ponderhit btime 100 wtime 200 byoyomi 1000")
        else {
            panic!()
        };
        assert_eq!(l.byoyomi, 1000);
        assert!(parse("ponderhit depth 3").is_err());
    }
}
