//! How fast the engine answers over USI, as a GUI sees it: the latency of `stop`, `ponderhit`,
//! `isready` during a search and `quit`, and how much of each clock a search uses. The tests
//! assert that these answers come; this measures when. Run with `cargo bench --bench
//! usi_timing` (or `make timing`); it prints each scenario's median and worst of `ROUNDS` runs
//! beside the bound a GUI's clock sets, on an otherwise idle machine.

#[path = "../tests/common/mod.rs"]
mod common;

use crossbeam_channel::Receiver;
use std::io::Write;
use std::process::{Child, ChildStdin};
use std::time::{Duration, Instant};

/// Runs of each scenario.
const ROUNDS: usize = 7;

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let (child, stdin, lines) = common::spawn_hisha();
        let mut e = Engine {
            child,
            stdin,
            lines,
        };
        e.send("usi");
        e.wait_for("usiok");
        e.send("setoption name USI_OwnBook value false");
        e.send("isready");
        e.wait_for("readyok");
        e
    }

    fn send(&mut self, cmd: &str) {
        writeln!(self.stdin, "{cmd}").expect("engine stdin");
        self.stdin.flush().expect("engine stdin");
    }

    /// Waits for a line starting with `prefix`.
    fn wait_for(&mut self, prefix: &str) {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no {prefix:?}"));
            if line.starts_with(prefix) {
                return;
            }
        }
    }

    /// Sends `cmd` and times the wait for a line starting with `prefix`.
    fn time(&mut self, cmd: &str, prefix: &str) -> Duration {
        let t = Instant::now();
        self.send(cmd);
        self.wait_for(prefix);
        t.elapsed()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One scenario: its name, the bound the GUI sets (None: as fast as can be), and a run.
type Scenario = (&'static str, Option<u64>, fn(&mut Engine) -> Duration);

fn scenarios() -> Vec<Scenario> {
    vec![
        ("stop during go infinite", None, |e| {
            e.send("position startpos moves 7g7f");
            e.send("go infinite");
            e.wait_for("info depth 6");
            e.time("stop", "bestmove")
        }),
        ("isready during go infinite", None, |e| {
            e.send("position startpos moves 7g7f");
            e.send("go infinite");
            e.wait_for("info depth 6");
            let t = e.time("isready", "readyok");
            e.send("stop");
            e.wait_for("bestmove");
            t
        }),
        ("ponderhit, byoyomi 300 ms", Some(300), |e| {
            e.send("position startpos moves 7g7f 3c3d");
            e.send("go ponder btime 0 wtime 0 byoyomi 300");
            e.wait_for("info depth 6");
            e.time("ponderhit", "bestmove")
        }),
        ("go btime 100 wtime 100", Some(100), |e| {
            e.send("position startpos moves 7g7f");
            e.time("go btime 100 wtime 100", "bestmove")
        }),
        ("go byoyomi 500", Some(500), |e| {
            e.send("position startpos moves 7g7f");
            e.time("go btime 0 wtime 0 byoyomi 500", "bestmove")
        }),
        ("go btime 1000 binc 100", Some(1100), |e| {
            e.send("position startpos moves 7g7f");
            e.time("go btime 1000 wtime 1000 binc 100 winc 100", "bestmove")
        }),
        ("go movetime 300", Some(300), |e| {
            e.send("position startpos moves 7g7f");
            e.time("go movetime 300", "bestmove")
        }),
        ("one legal move, byoyomi 2000", Some(2000), |e| {
            e.send("position sfen k8/9/9/9/9/9/9/7r1/8K b - 1");
            e.time("go btime 0 wtime 0 byoyomi 2000", "bestmove")
        }),
        ("book move, byoyomi 2000", Some(2000), |e| {
            e.send("setoption name USI_OwnBook value true");
            e.send("position startpos");
            let t = e.time("go btime 0 wtime 0 byoyomi 2000", "bestmove");
            e.send("setoption name USI_OwnBook value false");
            t
        }),
        ("quit during go infinite", None, |e| {
            e.send("position startpos moves 7g7f");
            e.send("go infinite");
            e.wait_for("info depth 6");
            let t = Instant::now();
            e.send("quit");
            e.child.wait().expect("exit");
            t.elapsed()
        }),
    ]
}

fn main() {
    // `cargo bench` passes flags such as `--bench`; a name filters the scenarios.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    println!(
        "{:<32} {:>9} {:>9} {:>9}",
        "scenario", "median ms", "worst ms", "bound ms"
    );
    for (name, bound, run) in scenarios() {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let mut times: Vec<Duration> = (0..ROUNDS)
            .map(|_| {
                // A fresh engine a run: quit ends it, and no run inherits another's table.
                let mut e = Engine::start();
                run(&mut e)
            })
            .collect();
        times.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let worst = *times.last().expect("runs");
        let over = bound.is_some_and(|b| ms(worst) > b as f64);
        println!(
            "{name:<32} {:>9.1} {:>9.1} {:>9}{}",
            ms(times[ROUNDS / 2]),
            ms(worst),
            bound.map_or("-".to_string(), |b| b.to_string()),
            if over { "  over the bound" } else { "" }
        );
    }
}
