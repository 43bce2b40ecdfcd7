//! `hisha mate`: a mate by continuous checks for the side to move (df-pn, `search::dfpn`), of
//! one position or of every position of a file, within a time if given.

use super::{read, shogi_position, CliError};
use crate::search::dfpn::table::MateTable;
use crate::search::dfpn::{not_a_problem, solve_mate, Defence, MateOutcome, Progress};
use crate::search::{MateLimit, SearchControl};
use crate::shogi::Position;
use std::io::{self, IsTerminal, Write};

/// How `hisha mate` solves.
pub(super) struct Settings {
    /// Give up after this many milliseconds, a position (none: no limit).
    pub time: Option<u64>,
    /// The table, MiB.
    pub hash_mb: usize,
    pub threads: usize,
    pub defence: Defence,
}

/// Solves `sfen` as `settings` say.
pub(super) fn run(sfen: &str, settings: &Settings) -> Result<(), CliError> {
    let mut pos = shogi_position(Some(sfen))?;
    if let Some(why) = not_a_problem(&pos) {
        return Err(CliError::Input(format!("not a mate problem: {why}")));
    }
    let mut table = MateTable::new(settings.hash_mb);
    table.prepare();
    let (answer, p) = solve(&mut pos, settings, &mut table, &mut |p| {
        eprintln!(
            "{} nodes, {:.1} s, table {} per mille",
            p.nodes,
            p.ms as f64 / 1000.0,
            p.fill
        );
    });
    let mut out = io::stdout().lock();
    match answer {
        MateOutcome::Mate(line) => {
            let text: Vec<String> = line.iter().map(|m| m.to_string()).collect();
            let shortest = if p.shortest {
                "the shortest"
            } else if settings.defence == Defence::Composed {
                // (Its searches for shorter mates limit the length against every defence.)
                "composed problems' count, not proven the shortest"
            } else {
                "no shorter one found in the time"
            };
            let full = usize::from(p.full_length);
            // Where useless interpositions were left out of the line: the other count.
            let other_count = if full > line.len() {
                format!("; {full} counting every interposition")
            } else {
                String::new()
            };
            if p.greedy {
                // Not measured: the defender may resist longer than this line.
                writeln!(
                    out,
                    "mate, by a line of {} plies read greedily (the defender's longest \
                     resistance not measured in the time): {}",
                    line.len(),
                    text.join(" ")
                )?;
            } else {
                writeln!(
                    out,
                    "mate in {} {} ({shortest}{other_count}): {}",
                    line.len(),
                    if line.len() == 1 { "ply" } else { "plies" },
                    text.join(" ")
                )?;
            }
        }
        MateOutcome::NoMate => writeln!(out, "no mate")?,
        // Proven, but the line was not read out of the table in the time (the longest
        // problems): a mate exists, and no line can be given.
        MateOutcome::Unknown if p.proof_nodes > 0 => writeln!(
            out,
            "unknown: a mate is proven, but its line was not read in the time"
        )?,
        MateOutcome::Unknown => writeln!(out, "unknown (time limit reached)")?,
    }
    if p.proof_nodes > 0 {
        eprintln!(
            "proved in {:.3} s, {} nodes",
            p.proof_us as f64 / 1e6,
            p.proof_nodes
        );
    }
    eprintln!(
        "{:.3} s, {} nodes, {} nodes/s",
        p.ms as f64 / 1000.0,
        p.nodes,
        p.nodes * 1000 / p.ms.max(1)
    );
    Ok(())
}

/// One search of `pos` as `settings` say.
fn solve(
    pos: &mut Position,
    settings: &Settings,
    table: &mut MateTable,
    report: &mut dyn FnMut(Progress),
) -> (MateOutcome, Progress) {
    let limit = settings.time.map_or(MateLimit::Infinite, MateLimit::Millis);
    let control = SearchControl::new();
    let (threads, defence) = (settings.threads, settings.defence);
    solve_mate(pos, limit, &control, table, threads, defence, report)
}

/// What a line of a problem file expects: a length, a length it must exceed, or no mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expected {
    Length(usize),
    LongerThan(usize),
    NoMate,
}

impl Expected {
    fn parse(text: &str) -> Option<Expected> {
        let text = text.trim();
        if text == "nomate" {
            Some(Expected::NoMate)
        } else if let Some(n) = text.strip_prefix('>') {
            n.parse().ok().map(Expected::LongerThan)
        } else {
            text.parse().ok().map(Expected::Length)
        }
    }

    fn show(self) -> String {
        match self {
            Expected::Length(n) => n.to_string(),
            Expected::LongerThan(n) => format!(">{n}"),
            Expected::NoMate => "nomate".into(),
        }
    }

    /// Whether `answer` contradicts what was expected, `shortest` whether it was proven the
    /// shortest, `full` its length with every interposition counted: an unknown answer
    /// contradicts nothing, a mate shorter than expected by that count does, and one longer
    /// only where it was said to be the shortest and tsume's count (the line's, useless
    /// interpositions left out: published problems are counted so) is longer too.
    fn contradicted_by(self, answer: &MateOutcome, shortest: bool, full: usize) -> bool {
        match (self, answer) {
            (_, MateOutcome::Unknown) => false,
            (Expected::Length(n), MateOutcome::Mate(line)) => {
                full.max(line.len()) < n || (line.len() > n && shortest)
            }
            (Expected::LongerThan(n), MateOutcome::Mate(line)) => full.max(line.len()) <= n,
            (Expected::NoMate, MateOutcome::Mate(_)) => true,
            (Expected::NoMate, MateOutcome::NoMate) => false,
            (_, MateOutcome::NoMate) => true,
        }
    }
}

/// The time buckets of the summary, ms.
const BUCKETS: [u64; 3] = [1_000, 10_000, 60_000];

/// Solves every position of `path` (one a line: an SFEN, optionally a tab and the expected
/// length, `>N` or `nomate`, then anything; `#` starts a comment), each with a fresh table and
/// `settings`' time; one line of figures a position, then a summary by length.
pub(super) fn run_file(path: &str, settings: &Settings) -> Result<(), CliError> {
    let text = read(path)?;
    let problems: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    let mut table = MateTable::new(settings.hash_mb);
    table.prepare();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "# line\tanswer\tplies\tshortest\texpected\tms\tnodes\tproof_ms\tproof_nodes\tall_plies\tline"
    )?;
    let mut summary = Summary::default();
    let bar = io::stderr().is_terminal();
    for (done, &(number, line)) in problems.iter().enumerate() {
        if bar {
            progress_bar(done, problems.len(), &summary);
        }
        let mut fields = line.split('\t');
        let sfen = fields.next().unwrap_or("").trim();
        let expected = fields.next().and_then(Expected::parse);
        let mut pos = match Position::from_sfen(sfen) {
            Ok(p) => p,
            Err(e) => {
                writeln!(
                    out,
                    "{number}\terror\t-\t-\t-\t-\t-\t-\t-\t-\tbad SFEN: {e}"
                )?;
                summary.errors += 1;
                continue;
            }
        };
        if let Some(why) = not_a_problem(&pos) {
            writeln!(
                out,
                "{number}\terror\t-\t-\t-\t-\t-\t-\t-\t-\tnot a mate problem: {why}"
            )?;
            summary.errors += 1;
            continue;
        }
        table.clear();
        let (answer, p) = solve(&mut pos, settings, &mut table, &mut |_| {});
        let (word, plies, moves) = match &answer {
            MateOutcome::Mate(l) => (
                "mate",
                l.len().to_string(),
                l.iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            MateOutcome::NoMate => ("nomate", "-".into(), String::new()),
            MateOutcome::Unknown => ("unknown", "-".into(), String::new()),
        };
        let full = usize::from(p.full_length);
        // A line read greedily claims a mate, not its length.
        let greedy = p.greedy && matches!(answer, MateOutcome::Mate(_));
        let wrong = expected.is_some_and(|e| {
            e.contradicted_by(&answer, p.shortest, full) && !(greedy && e != Expected::NoMate)
        });
        // A mate longer than the shortest, not said to be the shortest: found, not right.
        let long = matches!((&answer, expected),
            (MateOutcome::Mate(l), Some(Expected::Length(n))) if l.len() > n && full.max(l.len()) > n);
        let word = if greedy {
            "greedy"
        } else if long {
            "long"
        } else {
            word
        };
        writeln!(
            out,
            "{number}\t{}\t{plies}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{moves}",
            if wrong { "WRONG" } else { word },
            if p.shortest { "yes" } else { "-" },
            expected.map_or("-".into(), Expected::show),
            p.ms,
            p.nodes,
            format_args!("{:.3}", p.proof_us as f64 / 1000.0),
            p.proof_nodes,
            match &answer {
                MateOutcome::Mate(l) => full.max(l.len()).to_string(),
                _ => "-".into(),
            }
        )?;
        summary.add(expected, &answer, &p, wrong);
    }
    if bar {
        eprint!("\r\x1b[K");
    }
    summary.write(&mut out, settings.time)?;
    if summary.wrong > 0 {
        return Err(CliError::Failed(format!(
            "{} answers contradict the file's expected lengths",
            summary.wrong
        )));
    }
    Ok(())
}

/// One line on standard error, redrawn: the share done and what was solved so far.
fn progress_bar(done: usize, total: usize, s: &Summary) {
    const WIDTH: usize = 30;
    let filled = done * WIDTH / total.max(1);
    eprint!(
        "\r[{}{}] {done}/{total}  solved {}  unknown {}  wrong {}",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled),
        s.solved,
        s.unknown,
        s.wrong
    );
}

/// The counts of a file's run.
#[derive(Default)]
struct Summary {
    solved: usize,
    nomate: usize,
    unknown: usize,
    wrong: usize,
    errors: usize,
    nodes: u64,
    ms: u64,
    /// By length group (`group`): positions, those whose mate was found within each of
    /// `BUCKETS`, and those whose answer is known to be the shortest.
    /// By length group: positions, mates found within each of `BUCKETS`, mates of the
    /// expected length (or proven shortest where no length was expected), proven shortest.
    groups: std::collections::BTreeMap<usize, (usize, [usize; 3], usize, usize)>,
}

/// The length group of an expected (or found) length: 1-3, 5-7, 9-11, 13-15, 17-23, 25-31,
/// 33 and more, as their first length.
fn group(plies: usize) -> usize {
    match plies {
        0..=3 => 1,
        4..=7 => 5,
        8..=11 => 9,
        12..=15 => 13,
        16..=23 => 17,
        24..=31 => 25,
        _ => 33,
    }
}

fn group_name(g: usize) -> &'static str {
    match g {
        1 => "1-3",
        5 => "5-7",
        9 => "9-11",
        13 => "13-15",
        17 => "17-23",
        25 => "25-31",
        _ => "33+",
    }
}

impl Summary {
    fn add(&mut self, expected: Option<Expected>, answer: &MateOutcome, p: &Progress, wrong: bool) {
        self.nodes += p.nodes;
        self.ms += p.ms;
        if wrong {
            self.wrong += 1;
        }
        let found = match answer {
            MateOutcome::Mate(l) => {
                self.solved += 1;
                Some(l.len())
            }
            MateOutcome::NoMate => {
                self.nomate += 1;
                None
            }
            MateOutcome::Unknown => {
                self.unknown += 1;
                None
            }
        };
        let length = match expected {
            Some(Expected::Length(n)) => Some(n),
            Some(Expected::LongerThan(n)) => Some(found.unwrap_or(n + 2).max(n + 2)),
            Some(Expected::NoMate) => None,
            None => found,
        };
        let Some(length) = length else {
            return;
        };
        let entry = self.groups.entry(group(length)).or_default();
        entry.0 += 1;
        if found.is_some() && !wrong {
            for (i, &limit) in BUCKETS.iter().enumerate() {
                if p.proof_us <= limit * 1000 {
                    entry.1[i] += 1;
                }
            }
            let right_length = match expected {
                // Either count: a file's lengths may count every interposition or, as
                // published problems do, leave the useless ones out.
                Some(Expected::Length(n)) => found == Some(n) || usize::from(p.full_length) == n,
                _ => p.shortest,
            };
            if right_length {
                entry.2 += 1;
            }
            if p.shortest {
                entry.3 += 1;
            }
        }
    }

    fn write(&self, out: &mut impl Write, time: Option<u64>) -> io::Result<()> {
        let total = self.solved + self.nomate + self.unknown + self.errors;
        writeln!(
            out,
            "# {total} positions: {} mate, {} no mate, {} unknown, {} refused; {} contradict the file",
            self.solved, self.nomate, self.unknown, self.errors, self.wrong
        )?;
        writeln!(
            out,
            "# {} nodes in {:.1} s, {} nodes/s{}",
            self.nodes,
            self.ms as f64 / 1000.0,
            self.nodes * 1000 / self.ms.max(1),
            time.map_or(String::new(), |t| format!(", at most {t} ms a position"))
        )?;
        writeln!(
            out,
            "# plies\tpositions\tmate found in 1 s\t10 s\t60 s\tshortest found\tshortest proven"
        )?;
        // A column beyond the time a position had says nothing: a dash.
        let column = |i: usize, count: usize| match time {
            Some(t) if BUCKETS[i] > t.max(BUCKETS[0]) => "-".to_string(),
            _ => count.to_string(),
        };
        for (&g, &(n, within, right, shortest)) in &self.groups {
            writeln!(
                out,
                "# {}\t{n}\t{}\t{}\t{}\t{right}\t{shortest}",
                group_name(g),
                column(0, within[0]),
                column(1, within[1]),
                column(2, within[2])
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_lengths_are_read_and_checked() {
        assert_eq!(Expected::parse("7"), Some(Expected::Length(7)));
        assert_eq!(Expected::parse(">15"), Some(Expected::LongerThan(15)));
        assert_eq!(Expected::parse("nomate"), Some(Expected::NoMate));
        assert_eq!(Expected::parse("seven"), None);
        let square = crate::shogi::Square::from_index(0).expect("a square");
        let gold = crate::shogi::Move::drop(crate::shogi::PieceKind::Gold, square);
        let three = MateOutcome::Mate(vec![gold; 3]);
        assert!(!Expected::Length(3).contradicted_by(&three, true, 3));
        assert!(Expected::Length(5).contradicted_by(&three, false, 3));
        assert!(Expected::LongerThan(3).contradicted_by(&three, false, 3));
        assert!(Expected::NoMate.contradicted_by(&three, false, 3));
        assert!(!Expected::Length(5).contradicted_by(&MateOutcome::Unknown, false, 0));
        assert!(Expected::Length(5).contradicted_by(&MateOutcome::NoMate, false, 0));
        // Longer than the shortest: wrong only where said to be the shortest.
        assert!(!Expected::Length(1).contradicted_by(&three, false, 3));
        assert!(Expected::Length(1).contradicted_by(&three, true, 3));
        // Three plies by tsume's count, five with two useless interpositions: right by either.
        assert!(!Expected::Length(5).contradicted_by(&three, true, 5));
        assert!(!Expected::Length(3).contradicted_by(&three, true, 5));
        assert!(!Expected::LongerThan(3).contradicted_by(&three, false, 5));
        assert!(Expected::Length(7).contradicted_by(&three, false, 5));
    }
}
