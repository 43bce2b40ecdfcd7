//! Scripted USI conversations with the real binary: the command set, ponder and ponderhit, stop,
//! time limits, and bad input (which must give `info string error` and change nothing).
//!
//! The tests assert behaviour, never how fast it came: a search that must end on its own ends
//! without `stop`, one that must wait waits, a move played without a search shows no search.
//! Every wait for an answer is generous (`WAIT`), so that a loaded machine does not fail them;
//! the latencies themselves (stop, ponderhit, the clock's use, quit) are measured by the
//! benchmark `cargo bench --bench usi_timing`.

mod common;
use common::legal_strings;
use crossbeam_channel::{Receiver, RecvTimeoutError};
use hisha::shogi::Position;
use std::io::Write;
use std::process::{Child, ChildStdin};
use std::time::{Duration, Instant};

/// How long an answer that must come is waited for: a failure, not a latency.
const WAIT: Duration = Duration::from_secs(30);

struct UsiProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl UsiProcess {
    fn start() -> UsiProcess {
        let (child, stdin, rx) = common::spawn_hisha();
        let stdin = Some(stdin);
        let mut s = UsiProcess {
            child,
            stdin,
            lines: rx,
        };
        s.send("usi");
        s.expect("usiok");
        s.send("isready");
        s.expect("readyok");
        s
    }

    fn send(&mut self, cmd: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{cmd}").unwrap();
        stdin.flush().unwrap();
    }

    /// Waits for a line starting with `prefix` (at most `WAIT`); returns it and every line
    /// before it.
    fn expect_with(&mut self, prefix: &str) -> (String, Vec<String>) {
        let deadline = Instant::now() + WAIT;
        let mut before = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) if l.starts_with(prefix) => return (l, before),
                Ok(l) => before.push(l),
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no '{prefix}' within {WAIT:?}; got {before:?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine exited while waiting for '{prefix}'; got {before:?}")
                }
            }
        }
    }

    fn expect(&mut self, prefix: &str) -> String {
        self.expect_with(prefix).0
    }

    /// Waits for the engine to exit; its status.
    fn wait_exit(&mut self) -> std::process::ExitStatus {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status;
            }
            assert!(Instant::now() < deadline, "the engine did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Asserts that no line starting with `prefix` arrives within `ms`.
    fn expect_silence(&mut self, prefix: &str, ms: u64) {
        let deadline = Instant::now() + Duration::from_millis(ms);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => assert!(!l.starts_with(prefix), "unexpected '{l}'"),
                Err(_) => return,
            }
        }
    }

    /// Sends `isready` and collects everything up to `readyok`.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.expect_with("readyok").1
    }

    /// Sends a `go` that cannot be read or played as it stands and `stop`: an error, and
    /// still one `bestmove` (or `checkmate`) for it.
    fn expect_error_and_answer(&mut self, cmd: &str, answer: &str) -> String {
        self.send(cmd);
        self.send("stop");
        let (line, before) = self.expect_with(answer);
        assert!(
            before.iter().any(|l| l.starts_with("info string error")),
            "no error for '{cmd}': {before:?}"
        );
        self.expect_silence(answer, 200);
        line
    }

    fn expect_error(&mut self, cmd: &str) {
        self.send(cmd);
        let lines = self.sync();
        assert!(
            lines.iter().any(|l| l.starts_with("info string error")),
            "no error for '{cmd}': {lines:?}"
        );
        assert!(
            !lines.iter().any(|l| l.starts_with("bestmove")),
            "{lines:?}"
        );
    }
}

impl Drop for UsiProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn bestmove_of(line: &str) -> String {
    line.split_whitespace().nth(1).expect("a move").to_string()
}

fn position_after(moves: &[&str]) -> Position {
    let mut p = Position::startpos();
    for m in moves {
        common::play(&mut p, m);
    }
    p
}

#[test]
fn handshake_declares_options() {
    let mut s = UsiProcess::start();
    s.send("usi");
    let (_, lines) = s.expect_with("usiok");
    assert!(lines.iter().any(|l| l.starts_with("id name Hisha")));
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    for opt in ["USI_Hash", "USI_Ponder", "Threads", "MultiPV"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {opt} type"))),
            "{opt} not declared"
        );
    }
    // GUIs send these even when undeclared; they must be accepted silently.
    s.send("setoption name USI_Hash value 32");
    s.send("setoption name USI_Ponder value true");
    s.send("setoption name Threads value 1");
    let lines = s.sync();
    assert!(lines.is_empty(), "{lines:?}");
}

#[test]
fn go_depth_gives_one_legal_bestmove_and_well_formed_info() {
    let mut s = UsiProcess::start();
    s.send("usinewgame");
    s.send("position startpos moves 7g7f");
    s.send("go depth 4");
    let (best, info) = s.expect_with("bestmove");
    let legal = legal_strings(&position_after(&["7g7f"]));
    assert!(legal.contains(&bestmove_of(&best)), "{best}");
    let last = info
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    for field in [
        " score ",
        " nodes ",
        " nps ",
        " time ",
        " hashfull ",
        " seldepth ",
    ] {
        assert!(last.contains(field), "{last}");
    }
    let pv_at = last.find(" pv ").expect("pv");
    assert!(
        last[..pv_at].find(" score ").is_some(),
        "pv must come last: {last}"
    );
    s.expect_silence("bestmove", 300);
}

#[test]
fn time_limits_are_kept() {
    let mut s = UsiProcess::start();
    // The clock, not the book: the start position is in the built-in book.
    s.send("setoption name USI_OwnBook value false");
    s.send("position startpos");
    // Each clock ends the search by itself (no `stop` is sent); how close to the clock it
    // answers is the benchmark's to measure.
    for go in [
        "go btime 100 wtime 100",
        "go btime 0 wtime 0 byoyomi 500",
        "go btime 1000 wtime 1000 binc 100 winc 100",
        "go movetime 300",
    ] {
        s.send(go);
        s.expect("bestmove");
    }
    // Byoyomi is used, not thrown away: the search does not answer at once.
    let t = Instant::now();
    s.send("go btime 0 wtime 0 byoyomi 500");
    s.expect("bestmove");
    assert!(
        t.elapsed() > Duration::from_millis(200),
        "byoyomi was not used: {:?}",
        t.elapsed()
    );
    // A single legal move is played without a search, whatever the clock.
    s.send("position sfen k8/9/9/9/9/9/9/7r1/8K b - 1");
    s.send("go btime 0 wtime 0 byoyomi 2000");
    let (best, before) = s.expect_with("bestmove");
    assert_eq!(best, "bestmove 1i2h");
    assert!(
        !before.iter().any(|l| l.starts_with("info depth")),
        "{before:?}"
    );
    // Analysis of the same position still searches the one move, for its score and line.
    s.send("go depth 3");
    s.expect("info depth 3");
    let best = s.expect("bestmove");
    assert_eq!(best.split_whitespace().nth(1), Some("1i2h"), "{best}");
    // searchmoves may name a non-promotion the search would leave out (bishop 6f3c, not 6f3c+).
    s.send("position sfen 1n3g2l/l2sk2s1/1pp1ppnp1/4g1p1p/p5r2/1PPBGP2P/P3P1PPN/2SR2S2/LN1G2K1L b b2p 41");
    s.send("go depth 4 searchmoves 6f3c");
    let best = s.expect("bestmove");
    assert_eq!(best.split_whitespace().nth(1), Some("6f3c"), "{best}");
}

#[test]
fn infinite_waits_for_stop() {
    let mut s = UsiProcess::start();
    s.send("position startpos");
    s.send("go infinite");
    s.expect("info depth");
    s.expect_silence("bestmove", 500);
    // isready is answered during the search without stopping it.
    s.send("isready");
    s.expect("readyok");
    s.send("stop");
    s.expect("bestmove");
    s.expect_silence("bestmove", 300);
}

#[test]
fn ponder_then_ponderhit_or_stop_or_gameover() {
    let mut s = UsiProcess::start();
    s.send("setoption name USI_OwnBook value false");
    s.send("setoption name USI_Ponder value true");
    s.send("position startpos moves 7g7f 3c3d");
    s.send("go ponder btime 0 wtime 0 byoyomi 300");
    s.expect_silence("bestmove", 700);
    // After ponderhit the clock applies: the search ends by itself.
    s.send("ponderhit");
    s.expect("bestmove");

    s.send("go ponder btime 0 wtime 0 byoyomi 300");
    s.expect_silence("bestmove", 400);
    s.send("stop");
    s.expect("bestmove");

    s.send("go ponder btime 0 wtime 0 byoyomi 300");
    s.expect_silence("bestmove", 300);
    s.send("gameover lose");
    s.expect("bestmove");
    s.expect_silence("bestmove", 300);

    // ShogiHome's early ponder: a bare `go ponder`, the clock comes with `ponderhit`.
    s.send("position startpos moves 7g7f 3c3d 2g2f");
    s.send("go ponder");
    s.expect_silence("bestmove", 400);
    s.send("ponderhit btime 0 wtime 0 byoyomi 300");
    s.expect("bestmove");

    // Even a position with a mate in one is not answered before ponderhit.
    s.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    s.send("go ponder btime 0 wtime 0 byoyomi 300");
    s.expect_silence("bestmove", 500);
    s.send("ponderhit");
    let best = s.expect("bestmove");
    assert_eq!(bestmove_of(&best), "G*5b");
}

#[test]
fn mated_side_resigns() {
    let mut s = UsiProcess::start();
    // White is mated (head gold on 5b, protected by the pawn on 5c).
    s.send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    s.send("go btime 0 wtime 0 byoyomi 100");
    assert_eq!(s.expect("bestmove"), "bestmove resign");
}

#[test]
fn go_mate_and_go_perft() {
    let mut s = UsiProcess::start();
    s.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    s.send("go mate 1000");
    assert_eq!(s.expect("checkmate"), "checkmate G*5b");
    s.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1");
    s.send("go mate infinite");
    assert_eq!(s.expect("checkmate"), "checkmate nomate");
    // The attacker in check: no tsume, said so, and answered at once.
    s.send("position sfen 4k4/9/9/9/9/9/9/4r4/4K4 b G 1");
    s.send("go mate infinite");
    let (answer, before) = s.expect_with("checkmate");
    assert_eq!(answer, "checkmate nomate");
    assert!(
        before
            .iter()
            .any(|l| l.starts_with("info string not a mate problem")),
        "{before:?}"
    );
    s.send("position startpos");
    s.send("go perft 3");
    let (total, split) = s.expect_with("Nodes searched");
    assert_eq!(total, "Nodes searched: 25470");
    assert!(split.contains(&"7g7f: 1110".to_string()), "{split:?}");
}

#[test]
fn go_mate_reads_the_line_by_the_defence_rule_set() {
    // After G 4a3a the king's longest defence, 3b2b, is mated in 5 more, the gold taking the
    // lance on the way (a piece to spare); 3b4b is mated at once, with none
    // (positions/mates.txt, line 69: cshogi counts 7, shtsume 3).
    let mut s = UsiProcess::start();
    s.send("position sfen +R4G1nl/6k2/4ppppp/9/9/9/9/9/9 b r2b3g4s3n3l13p 1");
    s.send("go mate 10000");
    assert_eq!(s.expect("checkmate").split(' ').count(), 1 + 7);
    s.send("setoption name MateDefence value Composed");
    s.send("go mate 10000");
    assert_eq!(s.expect("checkmate"), "checkmate 4a3a 3b4b 9a4a");
}

#[test]
fn go_mate_with_two_threads() {
    let mut s = UsiProcess::start();
    s.send("setoption name Threads value 2");
    // A mate in 5 (cshogi's mate_move finds none shorter).
    s.send(
        "position sfen l8/2s3+R2/5pb1p/P1Bpp2P1/2P3Pk1/p5s2/NP1P+nPS1P/K1G4+p1/L6NL b GLr2gsn4p 21",
    );
    s.send("go mate 10000");
    let answer = s.expect("checkmate");
    assert_eq!(answer.split(' ').count(), 1 + 5, "{answer}");
    // A long search stopped: answered at once, the helper thread stopped with it.
    s.send("position sfen l2g5/2s3g2/3k1p2p/P2pp2P1/1pP4s1/p1+B6/NP1P+nPS1P/K1G4+p1/L6NL b RBGNLPrs3p 1");
    s.send("go mate infinite");
    std::thread::sleep(std::time::Duration::from_millis(200));
    s.send("stop");
    s.expect("checkmate");
    s.send("isready");
    s.expect("readyok");
}

#[test]
fn multipv_reports_several_lines() {
    let mut s = UsiProcess::start();
    s.send("setoption name MultiPV value 3");
    s.send("position startpos");
    s.send("go depth 3");
    let (_, info) = s.expect_with("bestmove");
    for k in 1..=3 {
        assert!(
            info.iter()
                .any(|l| l.starts_with("info depth 3 ") && l.contains(&format!(" multipv {k} "))),
            "no multipv {k}: {info:?}"
        );
    }
}

#[test]
fn bad_input_is_reported_and_changes_nothing() {
    let mut s = UsiProcess::start();
    s.send("position startpos moves 7g7f");
    s.expect_error("xyzzy");
    s.expect_error("position sfen lnsgkgsnl/9/9 b - 1");
    s.expect_error("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1");
    s.expect_error("position startpos moves 7g7f 7g7f");
    s.expect_error("position startpos moves 7g7e");
    s.expect_error("position");
    // A go that cannot be read in full, or names a move that is not legal, is reported and
    // still answered (searching without what could not be read: here until `stop`).
    let legal = legal_strings(&position_after(&["7g7f"]));
    for go in [
        "go depth zero",
        "go wibble 3",
        "go searchmoves 5e5d",
        "go searchmoves 5e5d 3c3d",
    ] {
        let best = bestmove_of(&s.expect_error_and_answer(go, "bestmove"));
        assert!(legal.contains(&best), "{go}: {best}");
        if go.ends_with("3c3d") {
            assert_eq!(best, "3c3d");
        }
    }
    s.expect_error("setoption name NoSuchOption value 1");
    s.expect_error("setoption name USI_Hash value lots");
    s.expect_error("setoption name USI_Hash value 0");
    s.expect_error("setoption name USI_Ponder value maybe");
    s.expect_error("setoption name MultiPV");
    s.expect_error("setoption name Eval_Off value castles,nonsense");
    s.expect_error("gameover maybe");
    s.send("");
    s.send("   ");
    // Bytes that are not UTF-8: an error, not the end of the conversation.
    {
        let stdin = s.stdin.as_mut().unwrap();
        stdin.write_all(b"\xff\xfe position\n").unwrap();
        stdin.flush().unwrap();
    }
    let lines = s.sync();
    assert!(
        lines.iter().any(|l| l.starts_with("info string error")),
        "{lines:?}"
    );
    // The last good position (after 7g7f, White to move) is still in place.
    s.send("go depth 2");
    let best = bestmove_of(&s.expect("bestmove"));
    assert!(
        legal_strings(&position_after(&["7g7f"])).contains(&best),
        "{best}"
    );
    // Commands that need an idle engine wait for the running search, then run in order:
    // one bestmove per go.
    s.send("go infinite");
    s.expect("info depth");
    s.send("position startpos moves 7g7f 3c3d");
    s.send("go depth 1");
    s.expect_silence("bestmove", 300);
    s.send("stop");
    let first = bestmove_of(&s.expect("bestmove"));
    assert!(
        legal_strings(&position_after(&["7g7f"])).contains(&first),
        "{first}"
    );
    let second = bestmove_of(&s.expect("bestmove"));
    assert!(
        legal_strings(&position_after(&["7g7f", "3c3d"])).contains(&second),
        "{second}"
    );
    s.expect_silence("bestmove", 300);
}

#[test]
fn quit_and_end_of_input_end_a_search_which_still_answers() {
    let start = legal_strings(&position_after(&[]));
    let mut s = UsiProcess::start();
    s.send("position startpos");
    s.send("go infinite");
    s.expect("info depth");
    s.send("quit");
    assert!(start.contains(&bestmove_of(&s.expect("bestmove"))));
    assert!(s.wait_exit().success());

    let mut s = UsiProcess::start();
    s.send("go infinite");
    s.expect("info depth");
    s.stdin = None; // close stdin
    assert!(start.contains(&bestmove_of(&s.expect("bestmove"))));
    assert!(s.wait_exit().success());

    // What waited for the search still runs, and its own searches are stopped as they start:
    // each `go` has its answer, in order, before the engine exits.
    let mut s = UsiProcess::start();
    s.send("go infinite");
    s.expect("info depth");
    s.send("position startpos moves 7g7f");
    s.send("go infinite");
    s.send("go mate infinite");
    s.send("quit");
    assert!(start.contains(&bestmove_of(&s.expect("bestmove"))));
    let reply = bestmove_of(&s.expect("bestmove"));
    assert!(
        legal_strings(&position_after(&["7g7f"])).contains(&reply),
        "{reply}"
    );
    s.expect("checkmate");
    assert!(s.wait_exit().success());
}

#[test]
fn entering_king_declaration() {
    let mut s = UsiProcess::start();
    // Black: king in camp, 10 pieces there, 35 points: declares under the default CSARule27.
    let sfen = "+P+P+P+P+P+P+P+P1/RB2K4/9/9/9/9/9/9/4k4 b 2G2S2N2L9P 1";
    s.send(&format!("position sfen {sfen}"));
    s.send("go btime 0 wtime 0 byoyomi 300");
    assert_eq!(s.expect("bestmove"), "bestmove win");
    // Never declare where the rule does not allow it.
    s.send("setoption name EnteringKingRule value NoEnteringKing");
    s.send("go btime 0 wtime 0 byoyomi 300");
    assert_ne!(s.expect("bestmove"), "bestmove win");
    // Try rule: the king move to 5a is the answer.
    s.send("setoption name EnteringKingRule value TryRule");
    s.send("position sfen 9/4K4/9/9/9/9/9/9/4k4 b - 1");
    s.send("go btime 0 wtime 0 byoyomi 300");
    assert_eq!(s.expect("bestmove"), "bestmove 5b5a");
    s.expect_error("setoption name EnteringKingRule value Sometimes");
}

#[test]
fn two_threads_search_and_stop() {
    let mut s = UsiProcess::start();
    s.send("setoption name Threads value 2");
    s.send("position startpos moves 7g7f");
    s.send("go depth 6");
    let best = bestmove_of(&s.expect("bestmove"));
    assert!(
        legal_strings(&position_after(&["7g7f"])).contains(&best),
        "{best}"
    );
    // The helpers are kept between searches; a second search and a stop work as before.
    s.send("go infinite");
    s.expect("info depth");
    s.send("stop");
    s.expect("bestmove");
    s.expect_silence("bestmove", 300);
}

/// The node count of the last `info` line before a `bestmove`.
fn nodes_of(info: &[String]) -> u64 {
    let last = info
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    let words: Vec<&str> = last.split_whitespace().collect();
    let i = words.iter().position(|&w| w == "nodes").expect("nodes");
    words[i + 1].parse().expect("a count")
}

#[test]
fn a_hash_size_that_is_not_a_power_of_two_keeps_its_table_between_searches() {
    let mut s = UsiProcess::start();
    s.send("setoption name USI_Hash value 100");
    s.sync();
    s.send("usinewgame");
    s.send("position startpos moves 7g7f 3c3d");
    s.send("go depth 8");
    let first = nodes_of(&s.expect_with("bestmove").1);
    // The same search again: the table still holds the first one's results.
    s.send("go depth 8");
    let (_, info) = s.expect_with("bestmove");
    let second = nodes_of(&info);
    assert!(
        second * 2 < first,
        "the second search ({second} nodes) did not reuse the table ({first} nodes)"
    );
    // And nothing was cleared on the way: the first info line already finds the table in use.
    assert!(
        !info.iter().any(|l| l.starts_with("info string")),
        "{info:?}"
    );
}

#[test]
fn absurd_go_values_neither_crash_nor_hang() {
    let mut s = UsiProcess::start();
    let huge = "9223372036854775807";
    let fields = [
        format!("btime {huge} wtime 0 byoyomi {huge}"),
        format!("btime 0 wtime {huge} binc {huge} winc {huge}"),
        format!("btime {huge} wtime {huge} byoyomi 99999999999999999999999"),
        format!("byoyomi {huge}"),
        format!("binc {huge}"),
        format!("movetime {huge}"),
        format!("depth {huge}"),
        format!("nodes {huge}"),
        format!("movestogo {huge} btime {huge}"),
        "btime -9223372036854775808 wtime -1 byoyomi -5".to_string(),
    ];
    for go in &fields {
        for side in ["startpos", "startpos moves 7g7f"] {
            s.send(&format!("position {side}"));
            s.send(&format!("go {go}"));
            // A search may end by itself (no time left) or go on (time for ever): either way
            // one bestmove, at once after `stop`.
            std::thread::sleep(Duration::from_millis(100));
            s.send("stop");
            let best = s.expect("bestmove");
            assert!(best.split_whitespace().count() >= 2, "go {go}: {best}");
            s.expect_silence("bestmove", 50);
        }
    }
    // A clock that has run out (negative times are zero) still gets a move, at once.
    s.send("position startpos");
    s.send("go btime -9223372036854775808 wtime -1 byoyomi 0");
    s.expect("bestmove");
    s.send(&format!("go mate {huge}"));
    std::thread::sleep(Duration::from_millis(100));
    s.send("stop");
    s.expect("checkmate");
    s.send(&format!(
        "go ponder btime {huge} wtime {huge} byoyomi {huge}"
    ));
    s.expect_silence("bestmove", 100);
    s.send(&format!(
        "ponderhit btime {huge} wtime {huge} byoyomi {huge}"
    ));
    s.expect_silence("bestmove", 100);
    s.send("stop");
    s.expect("bestmove");
    s.expect_error(&format!("go perft {huge}"));
    s.expect_error(&format!("bench {huge}"));
    s.expect_error_and_answer("go btime 1e9", "bestmove");
    s.expect_error_and_answer("go mate soon", "checkmate");
    // Still alive and well.
    s.send("go depth 1");
    s.expect("bestmove");
}

#[test]
fn perft_and_bench_leave_the_front_end_free() {
    let mut s = UsiProcess::start();
    s.send("position startpos");
    // Long enough to still be running when the commands below arrive.
    s.send("go perft 9");
    s.send("isready");
    let (_, before) = s.expect_with("readyok");
    assert!(!before.iter().any(|l| l.starts_with("Nodes")), "{before:?}");
    s.send("stop");
    s.expect("info string perft 9 stopped");
    // Commands that need an idle engine wait for it, and the engine works afterwards.
    s.send("go perft 3");
    assert_eq!(s.expect("Nodes searched"), "Nodes searched: 25470");
    s.send("bench 30");
    s.send("isready");
    s.expect("readyok");
    s.send("stop");
    s.expect("info string bench stopped");
    s.send("go depth 1");
    s.expect("bestmove");
    s.send("go perft 9");
    s.send("isready");
    s.expect("readyok");
    s.send("quit");
    assert!(s.wait_exit().success());
}

#[test]
fn a_command_sent_after_perft_has_answered_finds_the_engine_idle() {
    // A script reads perft's "Nodes searched" and sends its next commands at once: they must
    // not wait behind the ended perft (nor `d` answer after the `readyok` that follows it).
    let mut s = UsiProcess::start();
    for i in 0..2000 {
        s.send("position startpos");
        s.send("go perft 1");
        s.expect("Nodes searched");
        s.send("position startpos moves 7g7f");
        s.send("d");
        s.send("isready");
        let (_, before) = s.expect_with("readyok");
        assert!(
            before
                .iter()
                .any(|l| l.contains("sfen: lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP")),
            "round {i}: {before:?}"
        );
    }
}

/// Whether the engine said it played a book move among `lines`.
fn said_book_move(lines: &[String]) -> bool {
    lines.iter().any(|l| l.contains("book move"))
}

#[test]
fn the_built_in_book_is_on_by_default() {
    let mut s = UsiProcess::start();
    s.send("position startpos");
    s.send("go btime 0 wtime 0 byoyomi 2000");
    let (_, before) = s.expect_with("bestmove");
    // Played from the book, without a search.
    assert!(
        before
            .iter()
            .any(|l| l.starts_with("info string book move ")),
        "{before:?}"
    );
    assert!(
        !before.iter().any(|l| l.starts_with("info depth")),
        "{before:?}"
    );
    // BookFile no_book switches it off; built_in brings it back.
    s.send("setoption name BookFile value no_book");
    s.send("go btime 0 wtime 0 byoyomi 200");
    let (_, before) = s.expect_with("bestmove");
    assert!(!said_book_move(&before), "{before:?}");
    s.send("setoption name BookFile value built_in");
    let said = s.sync();
    assert!(
        said.iter()
            .any(|l| l.starts_with("info string book built_in: ") && l.contains(" positions")),
        "{said:?}"
    );
}

#[test]
fn opening_book_moves_are_played_when_the_book_applies() {
    let dir = std::env::temp_dir().join(format!("hisha-book-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("book.db");
    // A move the search would not choose, so that playing it proves the book was used; a
    // second position with an illegal move, left out.
    std::fs::write(
        &book,
        "#YANEURAOU-DB2016 1.00\n\
         sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n\
         1g1f 9c9d 10 20 5\n\
         sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1\n\
         5a5c none 0 0 1\n",
    )
    .unwrap();
    let mut s = UsiProcess::start();
    s.send(&format!("setoption name BookFile value {}", book.display()));
    let said = s.sync();
    assert!(
        said.iter()
            .any(|l| l.contains("2 positions, 1 moves, 1 lines left out")),
        "{said:?}"
    );
    s.send("setoption name USI_Ponder value true");
    s.send("position startpos");
    s.send("go btime 0 wtime 0 byoyomi 2000");
    let (best, before) = s.expect_with("bestmove");
    assert_eq!(best, "bestmove 1g1f ponder 9c9d");
    assert!(
        !before.iter().any(|l| l.starts_with("info depth")),
        "{before:?}"
    );
    assert!(
        before
            .iter()
            .any(|l| l.starts_with("info string book move 1g1f")),
        "{before:?}"
    );
    // Analysis and pondering search: no book.
    s.send("go depth 2");
    let (best, before) = s.expect_with("bestmove");
    assert!(!said_book_move(&before), "{before:?}");
    assert_ne!(best, "bestmove 1g1f ponder 9c9d");
    s.send("go ponder btime 0 wtime 0 byoyomi 2000");
    s.expect_silence("bestmove", 300);
    s.send("stop");
    s.expect("bestmove");
    // Switched off, or past BookMoves: no book.
    for off in [
        "setoption name USI_OwnBook value false",
        "setoption name BookMoves value 0",
    ] {
        s.send(off);
        s.send("go btime 0 wtime 0 byoyomi 300");
        let (_, before) = s.expect_with("bestmove");
        assert!(!said_book_move(&before), "{off}: {before:?}");
        s.send("setoption name USI_OwnBook value true");
        s.send("setoption name BookMoves value 16");
    }
    // A book that cannot be read is an error; the book read before stays, as the hash table
    // does when a new size cannot be had.
    s.send("setoption name BookFile value /no/such/book.db");
    let said = s.sync();
    assert!(
        said.iter()
            .any(|l| l.starts_with("info string error: cannot read the book")),
        "{said:?}"
    );
    s.send("go btime 0 wtime 0 byoyomi 300");
    let (_, before) = s.expect_with("bestmove");
    assert!(said_book_move(&before), "{before:?}");
    s.expect_error("setoption name BookSelect value often");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The legal moves of a variant position, as USI text.
fn variant_legal(id: hisha::variant::VariantId, sfen: Option<&str>, moves: &[&str]) -> Vec<String> {
    use hisha::variant::VPosition;
    let mut pos = match sfen {
        Some(s) => VPosition::from_sfen(id, s).unwrap(),
        None => VPosition::start(id),
    };
    for m in moves {
        let mv = pos.parse_move(m).unwrap();
        pos.make_move(mv);
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| pos.move_text(m))
        .collect()
}

#[test]
fn variants_over_usi() {
    use hisha::variant::VariantId;
    let mut s = UsiProcess::start();
    // Every variant: its start perft through `go perft`, and a legal move from `go`.
    // (Dai, tenjiku and dai dai: the depth-1 counts made by hand, tests/variant_pieces.rs.)
    for (name, id, depth, count) in [
        ("microshogi", VariantId::Micro, 2, 80),
        ("minishogi", VariantId::Mini, 2, 181),
        ("judkins", VariantId::Judkins, 2, 336),
        ("chushogi", VariantId::Chu, 2, 1296),
        ("daishogi", VariantId::Dai, 1, 71),
        ("tenjikushogi", VariantId::Tenjiku, 1, 64),
        ("daidaishogi", VariantId::DaiDai, 1, 59),
    ] {
        s.send(&format!("setoption name USI_Variant value {name}"));
        s.send("position startpos");
        s.send(&format!("go perft {depth}"));
        assert_eq!(
            s.expect("Nodes searched"),
            format!("Nodes searched: {count}")
        );
        s.send("go byoyomi 200");
        let best = bestmove_of(&s.expect("bestmove"));
        assert!(
            variant_legal(id, None, &[]).contains(&best),
            "{name}: {best}"
        );
    }
    // lishogi's and fairy-stockfish's names, and fairy-stockfish's option name.
    s.send("setoption name UCI_Variant value chu");
    s.send("position startpos moves 3i3h 4e4f");
    s.send("d");
    let lines = s.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("sfen ") && l.contains(" b - 3")),
        "{lines:?}"
    );
    // A lion's double move, written as three squares: igui, taking the pawn on 8h from 7g.
    let sfen = "kg10/12/12/12/12/12/5N6/4p7/12/12/12/11K b - 1";
    s.send(&format!("position sfen {sfen} moves 7g8h7g"));
    s.send("d");
    let lines = s.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with("sfen kg10/12/12/12/12/12/5N6/12/12/12/12/11K w - 2")),
        "{lines:?}"
    );
    // Bad input changes nothing.
    s.expect_error("position sfen rbsgk/4p/5/P4/KGSBR b - 1");
    s.expect_error(&format!("position sfen {sfen} moves 7g5e7g"));
    s.expect_error(&format!("position sfen {sfen} moves 7g7c"));
    s.expect_error("position startpos moves 13a13b");
    s.expect_error("position sfen kg10/12/12/12/12/12/5Z6/4p7/12/12/12/11K b - 1");
    s.expect_error("setoption name USI_Variant value tenjikushogi-with-a-typo");
    // No mate search in the variants: answered all the same.
    s.send("go mate 1000");
    assert_eq!(s.expect("checkmate"), "checkmate notimplemented");
    s.send("go depth 1");
    let best = bestmove_of(&s.expect("bestmove"));
    assert!(
        variant_legal(VariantId::Chu, Some(sfen), &["7g8h7g"]).contains(&best),
        "{best}"
    );
    // Dai dai shogi: dressed letters and a lion dog's triple move taking two pawns.
    s.send("setoption name USI_Variant value dada");
    let dog = "15k1/17/17/17/17/17/8p8/8p8/8Z8/17/17/17/17/17/17/17/1K15 b - 1";
    s.send(&format!("position sfen {dog} moves 9i9h9g9f+"));
    s.send("d");
    let lines = s.sync();
    assert!(
        lines
            .iter()
            .any(|l| l
                .ends_with("sfen 15k1/17/17/17/17/8+Z8/17/17/17/17/17/17/17/17/17/17/1K15 w - 2")),
        "{lines:?}"
    );
    s.expect_error(&format!("position sfen {dog} moves 9i9h9g9f"));
    s.expect_error(&format!(
        "position sfen {} moves 9i9h",
        dog.replace('Z', "Y'")
    ));
    // Tenjiku shogi: a fire demon's move burns the pieces around it.
    s.send("setoption name USI_Variant value tenjiku");
    s.send(
        "position sfen 14k1/16/16/16/16/16/7p8/7pD!7/16/16/16/16/16/16/16/1K14 b - 1 moves 8h8g",
    );
    s.send("d");
    let lines = s.sync();
    assert!(
        lines.iter().any(
            |l| l.ends_with("sfen 14k1/16/16/16/16/16/8D!7/16/16/16/16/16/16/16/16/1K14 w - 2")
        ),
        "{lines:?}"
    );
    // Back to shogi, on the 9x9 core.
    s.send("setoption name USI_Variant value shogi");
    s.send("position startpos");
    s.send("go perft 3");
    assert_eq!(s.expect("Nodes searched"), "Nodes searched: 25470");
}

/// A variant game sent as GUIs send it, one move longer each time, reaches what the whole list
/// sent at once to a fresh engine reaches: the same position and the same verdict (here chu's
/// fourfold repetition, which needs every earlier position); a list that leaves the game, and
/// a bad one, are read from the start.
#[test]
fn a_variant_game_sent_move_by_move() {
    let shuffle = ["11j11k", "2c2b", "11k11j", "2b2c"];
    let game: Vec<&str> = shuffle.iter().cycle().take(12).copied().collect();
    let board = |s: &mut UsiProcess| -> Vec<String> {
        s.send("d");
        s.sync()
            .into_iter()
            .filter(|l| l.contains("sfen ") || l.contains("game: "))
            .collect()
    };
    let mut step = UsiProcess::start();
    step.send("setoption name USI_Variant value chushogi");
    for n in 0..=game.len() {
        step.send(&format!("position startpos moves {}", game[..n].join(" ")));
        let mut whole = UsiProcess::start();
        whole.send("setoption name USI_Variant value chushogi");
        whole.send(&format!("position startpos moves {}", game[..n].join(" ")));
        let expected = board(&mut whole);
        assert_eq!(expected.len(), 2, "{expected:?}");
        assert_eq!(board(&mut step), expected, "after {n} moves");
        if n == game.len() {
            assert!(expected[1].contains("drawn"), "{expected:?}");
        } else {
            assert!(expected[1].contains("game: on"), "{expected:?}");
        }
    }
    // Another line from the same start, then a bad move after it: the state stays.
    step.send("position startpos moves 11j11k 2c2b 3i3h");
    let branch = board(&mut step);
    assert!(branch[0].ends_with(" w - 4"), "{branch:?}");
    step.expect_error("position startpos moves 11j11k 2c2b 3i3h 13a13b");
    assert_eq!(board(&mut step), branch);
    step.send("position startpos moves 11j11k");
    assert!(board(&mut step)[0].ends_with(" w - 2"));
}

#[test]
fn d_draws_the_board_styles() {
    let mut s = UsiProcess::start();
    s.send("usi");
    s.expect("usiok");
    s.send("position startpos moves 7g7f");
    // The e-mail board: White's rook on 8b, Black's pawn moved to 7f.
    s.send("d email");
    let lines = s.sync();
    assert!(
        lines.iter().any(|l| l
            == "info string |    | wR |    |    |    |    |    | wB |    |  b   |               |"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("|    |    | bP |    |    |    |    |    |    |  f")),
        "{lines:?}"
    );
    // Turned for White, the small board puts rank i on top.
    s.send("d small flip");
    let lines = s.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string |bL bN bS bG bK")),
        "{lines:?}"
    );
    s.expect_error("d tiny");
    // The position is unchanged by the refused `d`.
    s.send("d standard");
    let lines = s.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("sfen: lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/")),
        "{lines:?}"
    );
}

#[test]
fn a_zero_clock_moves_and_a_bad_ponderhit_still_ends_the_ponder() {
    let mut s = UsiProcess::start();
    s.send("usi");
    s.expect("usiok");
    s.send("setoption name USI_OwnBook value false");
    s.send("position startpos moves 2g2f 8c8d");
    // `go byoyomi 0` once searched until `stop`.
    let start = std::time::Instant::now();
    s.send("go byoyomi 0");
    s.expect("bestmove");
    assert!(start.elapsed().as_millis() < 2000, "{:?}", start.elapsed());
    // A ponderhit whose clock cannot be read: an error, and the ponder search still turns
    // into the game's search and answers.
    s.send("go ponder btime 1000 wtime 1000 byoyomi 300");
    s.send("ponderhit btime x");
    let (_, before) = s.expect_with("bestmove");
    assert!(
        before.iter().any(|l| l.starts_with("info string error")),
        "{before:?}"
    );
}

#[test]
fn a_book_that_cannot_be_read_leaves_the_one_read() {
    // start() has read the built-in book at its `isready`.
    let mut s = UsiProcess::start();
    for bad in ["/dev/zero", "/dev/stdin", "/", "/nonexistent/book.db"] {
        s.send(&format!("setoption name BookFile value {bad}"));
        let start = std::time::Instant::now();
        let lines = s.sync();
        assert!(
            start.elapsed().as_millis() < 2000,
            "{bad}: {:?}",
            start.elapsed()
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error: cannot read the book")),
            "{bad}: {lines:?}"
        );
    }
    // The built-in book still answers from the start position.
    s.send("position startpos");
    s.send("go btime 10000 wtime 10000 byoyomi 1000");
    let (_, before) = s.expect_with("bestmove");
    assert!(
        before
            .iter()
            .any(|l| l.starts_with("info string book move")),
        "{before:?}"
    );
}

#[test]
fn errors_quote_hostile_input_safely() {
    let mut s = UsiProcess::start();
    s.send("xyzzy\u{1b}[2J\u{7}");
    s.send(&format!("setoption name {} value 1", "Q".repeat(100_000)));
    let lines = s.sync();
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    for e in errors {
        assert!(!e.chars().any(|c| c.is_control()), "{e:?}");
        assert!(e.chars().count() < 500, "{} characters", e.chars().count());
    }
}

#[test]
fn an_overlong_line_is_cut_and_refused() {
    let mut s = UsiProcess::start();
    s.send("position startpos moves 7g7f");
    // 3 MB of moves: refused whole, the position stays.
    s.send(&format!(
        "position startpos moves {}",
        vec!["2g2f"; 600_000].join(" ")
    ));
    let lines = s.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: a line longer than")),
        "{lines:?}"
    );
    s.send("d");
    let lines = s.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("sfen: lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/")),
        "{lines:?}"
    );
    // A cut `go` still runs and answers.
    s.send(&format!(
        "go depth 1 searchmoves {}",
        vec!["3c3d"; 300_000].join(" ")
    ));
    s.expect("bestmove");
}

#[test]
fn an_ended_variant_game_gets_the_verdict_d_gives() {
    // Chu: Black has a bare king, White more: `d` says White has won, and `go` resigns for
    // Black instead of playing on with a mate score.
    let mut s = UsiProcess::start();
    s.send("setoption name USI_Variant value chushogi");
    s.send("position sfen 12/6k5/7e4/5g4m1/12/12/12/12/12/12/4+m7/5K6 b - 593");
    s.send("d");
    let lines = s.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("game: white wins (bare king)")),
        "{lines:?}"
    );
    s.send("go depth 3");
    let (best, before) = s.expect_with("bestmove");
    assert_eq!(best, "bestmove resign");
    assert!(
        before
            .iter()
            .any(|l| l.contains("game over: white wins (bare king)")),
        "{before:?}"
    );
}

#[test]
fn a_variant_game_at_the_move_limit_is_drawn() {
    // Dai dai from its start, MaxMovesToDraw 4, the moves `go depth 1` plays: after three
    // moves the game is on, after four `d` and the message before `go`'s move say it is
    // drawn (and `go` still moves); a limit of 0 is none.
    let mut s = UsiProcess::start();
    s.send("setoption name USI_Variant value daidaishogi");
    s.send("setoption name MaxMovesToDraw value 4");
    let mut moves: Vec<String> = Vec::new();
    let position = |moves: &[String]| format!("position startpos moves {}", moves.join(" "));
    s.send("position startpos");
    for n in 1..=4 {
        s.send("go depth 1");
        let (best, before) = s.expect_with("bestmove");
        assert!(
            !before.iter().any(|l| l.contains("game over")),
            "{before:?}"
        );
        moves.push(best.split_whitespace().nth(1).expect("a move").to_string());
        s.send(&position(&moves));
        s.send("d");
        let lines = s.sync();
        let state = if n < 4 {
            "game: on"
        } else {
            "game: drawn (move limit, 4 moves)"
        };
        assert!(lines.iter().any(|l| l.contains(state)), "{n}: {lines:?}");
    }
    s.send("go depth 1");
    let (best, before) = s.expect_with("bestmove");
    assert_ne!(best, "bestmove resign");
    assert!(
        before
            .iter()
            .any(|l| l.contains("game over: drawn (move limit, 4 moves)")),
        "{before:?}"
    );
    s.send("setoption name MaxMovesToDraw value 0");
    s.send("d");
    let lines = s.sync();
    assert!(lines.iter().any(|l| l.contains("game: on")), "{lines:?}");
}

#[test]
fn a_large_table_is_ready_at_once_and_renewed_at_once() {
    // The table's memory comes zeroed from the system instead of being written: `isready`
    // after a 1 GiB `USI_Hash` took seconds before, and so did `usinewgame`'s clear.
    let mut s = UsiProcess::start();
    s.send("setoption name USI_Hash value 1024");
    let start = std::time::Instant::now();
    s.sync();
    assert!(
        start.elapsed().as_millis() < 1000,
        "isready: {:?}",
        start.elapsed()
    );
    s.send("position startpos moves 2g2f 8c8d");
    s.send("go depth 6");
    s.expect("bestmove");
    let start = std::time::Instant::now();
    s.send("usinewgame");
    s.sync();
    assert!(
        start.elapsed().as_millis() < 1000,
        "usinewgame: {:?}",
        start.elapsed()
    );
    // And the renewed table works.
    s.send("go depth 6");
    s.expect("bestmove");
}

#[test]
fn a_move_limit_makes_the_last_moves_a_draw_but_a_mate_still_wins() {
    // White, a rook down, to play the 256th move: without a limit it is lost; with
    // MaxMovesToDraw 256 the game ends in a draw after this move, so the search sees 0.
    let behind = "position sfen lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 256";
    let score = |limit: u32, position: &str| {
        let mut s = UsiProcess::start();
        s.send(&format!("setoption name MaxMovesToDraw value {limit}"));
        s.send("setoption name USI_OwnBook value false");
        s.send(position);
        s.send("go depth 5");
        let (_, info) = s.expect_with("bestmove");
        let last = info
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .cloned()
            .unwrap();
        let words: Vec<&str> = last.split_whitespace().collect();
        let i = words.iter().position(|w| *w == "score").unwrap();
        format!("{} {}", words[i + 1], words[i + 2])
    };
    assert!(score(0, behind).starts_with("cp -"), "{}", score(0, behind));
    assert_eq!(score(256, behind), "cp 0");
    assert!(score(300, behind).starts_with("cp -"));
    // A mate played as the last move still wins; past the limit a move is still given.
    let mate = "position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 256";
    assert_eq!(score(256, mate), "mate 1");
    assert_eq!(
        score(
            100,
            "position sfen lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 300"
        ),
        "cp 0"
    );
}

#[test]
fn games_defined_in_a_file_are_played() {
    // VariantPath loads the built-in games written as definitions; a copy is then a
    // USI_Variant value, declared by the next `usi`, and plays. A file that cannot be loaded
    // is an error that changes nothing.
    let path = format!(
        "{}/positions/variants/definitions.ini",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut s = UsiProcess::start();
    s.send(&format!("setoption name VariantPath value {path}"));
    s.send("setoption name USI_Variant value torishogi-copy");
    s.send("position startpos");
    s.send("d");
    let lines = s.sync();
    assert!(
        lines.iter().any(|l| l.contains("torishogi-copy")),
        "{lines:?}"
    );
    s.send("go depth 3");
    let (best, _) = s.expect_with("bestmove");
    assert_ne!(best, "bestmove resign");
    s.send("usi");
    let (_, lines) = s.expect_with("usiok");
    let variant = lines
        .iter()
        .find(|l| l.contains("name USI_Variant"))
        .expect("USI_Variant declared");
    assert!(variant.contains("var chushogi-copy"), "{variant}");
    for bad in ["/nonexistent/games.ini", "/dev/zero", "/"] {
        s.send(&format!("setoption name VariantPath value {bad}"));
        let lines = s.sync();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error") && l.contains("VariantPath")),
            "{bad}: {lines:?}"
        );
    }
    s.send("d");
    let lines = s.sync();
    assert!(
        lines.iter().any(|l| l.contains("torishogi-copy")),
        "{lines:?}"
    );
}
