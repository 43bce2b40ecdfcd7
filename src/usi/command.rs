//! One line of USI input to a `Command`. Parsing checks syntax only; the engine checks meaning
//! (legal SFEN, legal moves, known options).

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
    Position {
        /// The SFEN, or `None` for `startpos` (the engine knows its start position).
        sfen: Option<String>,
        /// Moves to play from it, USI text.
        moves: Vec<String>,
    },
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
    /// `d`: show the position (debugging aid).
    Display,
    /// `bench [depth]`
    Bench(Option<u32>),
    /// `eval`: the evaluation of the position and its parts.
    Eval,
    /// An empty line.
    Nothing,
}

/// Parses one line. An error is a message for `info string error: ...`.
pub fn parse(line: &str) -> Result<Command, String> {
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
        "ponderhit" => match parse_go(rest)? {
            Command::Go(limits) if limits.has_clock() => Ok(Command::PonderHit(Some(limits))),
            _ => Err("ponderhit accepts only btime, wtime, byoyomi, binc and winc".into()),
        },
        "quit" => Ok(Command::Quit),
        "gameover" => match rest.first() {
            Some(&"win") | Some(&"lose") | Some(&"draw") | None => Ok(Command::GameOver),
            Some(other) => Err(format!("gameover expects win, lose or draw, got '{other}'")),
        },
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest),
        "go" => parse_go(rest),
        "d" => Ok(Command::Display),
        "eval" => Ok(Command::Eval),
        "bench" => match rest.first() {
            None => Ok(Command::Bench(None)),
            Some(d) => d
                .parse::<u32>()
                .ok()
                .filter(|&d| (1..=64).contains(&d))
                .map(|d| Command::Bench(Some(d)))
                .ok_or_else(|| format!("bench depth must be 1..64, got '{d}'")),
        },
        other => Err(format!("unknown command '{other}'")),
    }
}

fn parse_setoption(rest: &[&str]) -> Result<Command, String> {
    if rest.first() != Some(&"name") || rest.len() < 2 {
        return Err("setoption expects 'name <id> [value <x>]'".into());
    }
    let value_at = rest.iter().position(|&t| t == "value");
    let name_end = value_at.unwrap_or(rest.len());
    if name_end < 2 {
        return Err("setoption has no option name".into());
    }
    let name = rest[1..name_end].join(" ");
    let value = value_at.map(|i| rest[i + 1..].join(" "));
    Ok(Command::SetOption { name, value })
}

fn parse_position(rest: &[&str]) -> Result<Command, String> {
    let spec = PositionSpec::parse(&rest.join(" ")).map_err(|e| e.to_string())?;
    Ok(Command::Position {
        sfen: spec.sfen,
        moves: spec.moves,
    })
}

fn number(tokens: &[&str], i: usize, what: &str) -> Result<u64, String> {
    let t = tokens
        .get(i)
        .ok_or_else(|| format!("go {what} needs a value"))?;
    // Some GUIs send negative remaining times when a clock runs out: those are zero. A number
    // too large for 64 bits is the largest there is (the time manager caps what it uses).
    let (negative, digits) = match t.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("go {what} expects a number, got '{t}'"));
    }
    Ok(if negative {
        0
    } else {
        digits.parse().unwrap_or(u64::MAX)
    })
}

fn parse_go(rest: &[&str]) -> Result<Command, String> {
    let mut limits = Limits::default();
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        match key {
            "ponder" => limits.ponder = true,
            "infinite" => limits.infinite = true,
            "btime" => {
                limits.time[0] = Some(number(rest, i + 1, key)?);
                i += 1;
            }
            "wtime" => {
                limits.time[1] = Some(number(rest, i + 1, key)?);
                i += 1;
            }
            "binc" => {
                limits.inc[0] = number(rest, i + 1, key)?;
                i += 1;
            }
            "winc" => {
                limits.inc[1] = number(rest, i + 1, key)?;
                i += 1;
            }
            "byoyomi" => {
                limits.byoyomi = number(rest, i + 1, key)?;
                i += 1;
            }
            "movetime" => {
                limits.movetime = Some(number(rest, i + 1, key)?);
                i += 1;
            }
            "depth" => {
                let d = number(rest, i + 1, key)?;
                if d == 0 {
                    return Err("go depth must be at least 1".into());
                }
                limits.depth = Some(d.min(1000) as u32);
                i += 1;
            }
            "nodes" => {
                limits.nodes = Some(number(rest, i + 1, key)?);
                i += 1;
            }
            "movestogo" => {
                number(rest, i + 1, key)?; // accepted and ignored (not used by shogi GUIs)
                i += 1;
            }
            "mate" => {
                return match rest.get(i + 1) {
                    None | Some(&"infinite") => Ok(Command::GoMate(MateLimit::Infinite)),
                    Some(_) => Ok(Command::GoMate(MateLimit::Millis(number(
                        rest,
                        i + 1,
                        key,
                    )?))),
                };
            }
            "perft" => {
                let d = number(rest, i + 1, key)?;
                if !(1..=20).contains(&d) {
                    return Err("go perft depth must be 1..20".into());
                }
                return Ok(Command::GoPerft(d as u32));
            }
            "searchmoves" => {
                limits.searchmoves = rest[i + 1..].iter().map(|s| s.to_string()).collect();
                if limits.searchmoves.is_empty() {
                    return Err("go searchmoves needs at least one move".into());
                }
                break;
            }
            other => return Err(format!("unknown go argument '{other}'")),
        }
        i += 1;
    }
    Ok(Command::Go(limits))
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
    fn absurd_numbers_saturate() {
        let Ok(Command::Go(l)) =
            parse("go btime 9223372036854775807 wtime -9223372036854775808 byoyomi 99999999999999999999999 binc +5")
        else {
            panic!()
        };
        assert_eq!(l.time, [Some(i64::MAX as u64), Some(0)]);
        assert_eq!(l.byoyomi, u64::MAX);
        assert_eq!(l.inc, [5, 0]);
        assert!(parse("go btime 12a").is_err());
        assert!(parse("go btime -").is_err());
        assert!(parse("go btime 1e9").is_err());
    }

    #[test]
    fn errors() {
        assert!(parse("go depth x").is_err());
        assert!(parse("go foo").is_err());
        assert!(parse("go depth").is_err());
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
            Ok(Command::Position {
                sfen: None,
                moves: vec!["7g7f".into(), "3c3d".into()]
            })
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
