//! Both protocols driven as processes with mutated sessions: batches of command lines mutated
//! from real ones, then `stop` and `isready` (USI) or `ping` (XBoard), which must be answered
//! within a bound every time: no crash, no hang, whatever came before.
//!
//! `cargo test` plays `FUZZ_BATCHES` batches (default 40) of 20 lines a protocol; `make fuzz`
//! more. A third test sends USI lines that change the engine's state, one at a time
//! (`FUZZ_BATCHES` times 10), and checks that every one refused left the state as it was.

mod common;

use crossbeam_channel::Receiver;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::time::Duration;

fn batches() -> usize {
    std::env::var("FUZZ_BATCHES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40)
}

/// A line mutated from `corpus`: words dropped, doubled, swapped in from another line, numbers
/// changed, bytes flipped. Never `quit` (the session must go on).
fn mutated_line(rng: &mut StdRng, corpus: &[&str]) -> String {
    let base: Vec<&str> = corpus[rng.gen_range(0..corpus.len())].split(' ').collect();
    let other: Vec<&str> = corpus[rng.gen_range(0..corpus.len())].split(' ').collect();
    let mut words: Vec<String> = base.iter().map(|w| w.to_string()).collect();
    for _ in 0..rng.gen_range(0..3) {
        let at = rng.gen_range(0..=words.len());
        match rng.gen_range(0..6) {
            0 if at < words.len() => {
                words.remove(at);
            }
            1 => words.insert(at, other[rng.gen_range(0..other.len())].to_string()),
            2 => words.insert(
                at,
                ["0", "-1", "1", "99999999999999999999", "3", "x", "infinite"][rng.gen_range(0..7)]
                    .to_string(),
            ),
            3 if at < words.len() => {
                let w = words[at].clone();
                words.insert(at, w);
            }
            4 if at < words.len() && !words[at].is_empty() => {
                let mut bytes = words[at].clone().into_bytes();
                let i = rng.gen_range(0..bytes.len());
                bytes[i] ^= 1 << rng.gen_range(0..7);
                words[at] = String::from_utf8_lossy(&bytes).into_owned();
            }
            _ => {}
        }
    }
    let line = words.join(" ");
    if line.split_whitespace().next() == Some("quit") {
        "isready".to_string()
    } else {
        line
    }
}

fn send(stdin: &mut std::process::ChildStdin, line: &str) {
    writeln!(stdin, "{line}").unwrap();
    stdin.flush().unwrap();
}

/// The lines before the first one that `end` accepts, which must come within `wait`.
fn lines_until(
    rx: &Receiver<String>,
    end: impl Fn(&str) -> bool,
    wait: Duration,
    what: &str,
) -> Vec<String> {
    let deadline = std::time::Instant::now() + wait;
    let mut lines = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) if end(&line) => return lines,
            Ok(line) => lines.push(line),
            Err(_) => panic!("no end of the answer within {wait:?} after {what}"),
        }
    }
}

/// Waits for a line starting with `prefix`, at most `wait`.
fn expect(rx: &Receiver<String>, prefix: &str, wait: Duration, what: &str) {
    lines_until(
        rx,
        |l| l.starts_with(prefix),
        wait,
        &format!("{what} ('{prefix}')"),
    );
}

#[test]
fn usi_sessions_always_answer() {
    let corpus = [
        "position startpos moves 7g7f 3c3d 8h2b+",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f",
        "position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
        "go depth 3",
        "go nodes 2000",
        "go btime 100 wtime 100 byoyomi 50",
        "go ponder btime 100 wtime 100",
        "go infinite",
        "go mate 200",
        "go perft 3",
        "ponderhit",
        "stop",
        "setoption name USI_Hash value 16",
        "setoption name MultiPV value 3",
        "setoption name USI_Variant value chushogi",
        "setoption name USI_Variant value shogi",
        "setoption name Threads value 2",
        "usinewgame",
        "gameover win",
        "d small",
        "eval",
        "bench 2",
    ];
    let (mut child, mut stdin, rx) = common::spawn_hisha();
    send(&mut stdin, "usi");
    expect(&rx, "usiok", Duration::from_secs(10), "usi");
    let mut rng = StdRng::seed_from_u64(54);
    for batch in 0..batches() {
        let lines: Vec<String> = (0..20).map(|_| mutated_line(&mut rng, &corpus)).collect();
        for line in &lines {
            send(&mut stdin, line);
        }
        send(&mut stdin, "stop");
        send(&mut stdin, "isready");
        expect(
            &rx,
            "readyok",
            Duration::from_secs(30),
            &format!("batch {batch}: {lines:?}"),
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "batch {batch} ended the engine"
        );
    }
    send(&mut stdin, "quit");
    assert!(child.wait().unwrap().success());
}

/// The lines up to `readyok` (which must come within `wait`).
fn until_ready(rx: &Receiver<String>, wait: Duration, what: &str) -> Vec<String> {
    lines_until(rx, |l| l == "readyok", wait, what)
}

#[test]
fn usi_lines_refused_change_nothing() {
    // Lines that change the engine's state, mutated: whenever one is refused (an `info string
    // error`), `d` (the game, the position, the options set) reads as it did before it.
    let corpus = [
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f",
        "position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
        "position sfen 8l/6+P2/6+Rpk/8p/9/7S1/9/9/9 b Gr2b3g3s4n3l14p 1",
        "setoption name USI_Hash value 16",
        "setoption name MultiPV value 3",
        "setoption name Threads value 2",
        "setoption name USI_Variant value chushogi",
        "setoption name USI_Variant value shogi",
        "setoption name EnteringKingRule value TryRule",
        "setoption name Contempt value -50",
        "setoption name BookMoves value 0",
        "setoption name Eval_Off value castles",
        "setoption name Search_LMR value false",
        "setoption name BookFile value no_book",
        "setoption name BookFile value built_in",
        "usinewgame",
    ];
    let (mut child, mut stdin, rx) = common::spawn_hisha();
    send(&mut stdin, "usi");
    expect(&rx, "usiok", Duration::from_secs(10), "usi");
    // `d`'s lines (without what `isready` may say of the book it reads).
    let state = |stdin: &mut std::process::ChildStdin, what: &str| {
        send(stdin, "isready");
        until_ready(&rx, Duration::from_secs(30), what);
        send(stdin, "d");
        send(stdin, "isready");
        until_ready(&rx, Duration::from_secs(30), what)
    };
    let mut rng = StdRng::seed_from_u64(56);
    let mut refused = 0;
    for i in 0..batches() * 10 {
        let line = mutated_line(&mut rng, &corpus);
        let before = state(&mut stdin, &format!("d before {line:?}"));
        send(&mut stdin, &line);
        send(&mut stdin, "isready");
        let answer = until_ready(&rx, Duration::from_secs(30), &line);
        if answer.iter().any(|l| l.starts_with("info string error")) {
            refused += 1;
            let after = state(&mut stdin, &format!("d after {line:?}"));
            assert_eq!(
                before, after,
                "line {i}, refused, changed the state: {line:?}"
            );
        }
    }
    eprintln!("{refused} lines of {} refused", batches() * 10);
    assert!(
        refused > 0,
        "no line was refused: the mutations are too mild"
    );
    send(&mut stdin, "quit");
    assert!(child.wait().unwrap().success());
}

#[test]
fn xboard_sessions_always_answer() {
    let corpus = [
        "new",
        "variant chu",
        "variant dai",
        "force",
        "go",
        "usermove h4h5",
        "usermove e6f7,f7e6",
        "analyze",
        "exit",
        "undo",
        "remove",
        "st 1",
        "sd 2",
        "level 0 1 0",
        "time 100",
        "otim 100",
        "memory 16",
        "setboard lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w",
        "variant minishogi",
        "variant crazywa",
        "setboard rbsgk/4p/5/P4/KGSBR[PPsb] w 0 1",
        "usermove P@c3",
        "usermove h3g4",
        "playother",
        "?",
        "post",
    ];
    let (mut child, mut stdin, rx) = common::spawn_hisha();
    send(&mut stdin, "xboard");
    send(&mut stdin, "protover 2");
    expect(&rx, "feature done=1", Duration::from_secs(10), "protover");
    let mut rng = StdRng::seed_from_u64(55);
    for batch in 0..batches() {
        let lines: Vec<String> = (0..20).map(|_| mutated_line(&mut rng, &corpus)).collect();
        for line in &lines {
            send(&mut stdin, line);
        }
        // Out of analysis and thinking, then a ping that must come back.
        send(&mut stdin, "exit");
        send(&mut stdin, "force");
        send(&mut stdin, "?");
        send(&mut stdin, &format!("ping {batch}"));
        expect(
            &rx,
            &format!("pong {batch}"),
            Duration::from_secs(30),
            &format!("batch {batch}: {lines:?}"),
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "batch {batch} ended the engine"
        );
    }
    send(&mut stdin, "quit");
    assert!(child.wait().unwrap().success());
}

#[test]
fn xboard_analyze_sent_while_thinking_still_answers_the_ping_after_it() {
    // Found by the sessions above: `go`, then `analyze` and `ping` while the engine thinks.
    // The analysis that the waiting `analyze` started kept the waiting `ping` from ever being
    // answered; an `exit` sent meanwhile was taken before the `analyze` it followed.
    for tail in [&["analyze", "ping 7"][..], &["analyze", "exit", "ping 7"]] {
        let (mut child, mut stdin, rx) = common::spawn_hisha();
        for line in ["xboard", "protover 2", "variant chu", "st 1", "go"] {
            send(&mut stdin, line);
        }
        for line in tail {
            send(&mut stdin, line);
        }
        expect(&rx, "pong 7", Duration::from_secs(10), &format!("{tail:?}"));
        send(&mut stdin, "quit");
        assert!(child.wait().unwrap().success());
    }
}
