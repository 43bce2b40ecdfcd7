//! Game records of 9x9 shogi: KIF, KI2, CSA (V2.2 and V3.0), JKF, USI position text and
//! Western notation, read and written, in UTF-8 or Shift_JIS.
//!
//! The grammar of KIF, KI2, CSA and JKF is the `rsshogi` crate's (its `records` feature): KIF
//! and KI2 with their headers, handicaps (手合割) and board diagrams, `同` captures, KI2's
//! 右/左/上/引/寄/直, comments, times, every ending and variations (変化); CSA with `P1`..`P9`,
//! `PI`, `T` times and `'` comments; JKF. It was taken after it read exactly the files other
//! programs wrote (`tests/records.rs`). What is ours: every move the parser reads is replayed
//! and checked by Hisha's own rules, so that a record Hisha accepts is a legal game by the rules
//! the engine plays; a record that breaks off (a truncated file, a move that is not legal or
//! does not exist) is kept up to the move before the fault, with an error that names its line
//! and its text; the USI and Western readers; and two repairs around rsshogi 1.7: variations
//! written after a KIF's ending are kept (`ending_last`, `ending_first`), and a panic inside it
//! on hostile text becomes an error (`guarded`).
//!
//! A layer over the rules (`shogi`); the front ends and the command line use it.

pub use crate::notation::quote;
use crate::notation::western::WesternStyle;
use crate::notation::PositionSpec;
use crate::shogi::western::{parse_western, write_western};
use crate::shogi::{parse_usi_move, Move, Position};
use rsshogi::records::formats::{csa, jkf, kif, CsaVersion, ExportOptions};
use rsshogi::records::{Record, RecordInitialPosition, SpecialMove};
use std::cell::Cell;
use std::fmt;
use std::sync::Once;

pub use rsshogi::records::formats::TextEncoding as Encoding;

/// A record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// KIF (柿木形式): one numbered move a line, the origin square in brackets.
    Kif,
    /// KI2: moves written as players say them, the origin left out.
    Ki2,
    /// CSA V2.2: `+7776FU`, one a line.
    Csa,
    /// CSA V3.0 (written with its encoding line and millisecond times).
    Csa3,
    /// JKF, the JSON kifu format web viewers read.
    Jkf,
    /// USI position text: `startpos moves ...` or `sfen ... moves ...`.
    Usi,
    /// Western notation: moves in any form `notation::western` reads, numbered or not, after an
    /// optional first line `sfen ...`; written one a line in Hodges' form (`1. P-7f`).
    Western,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [Format; 7] = [
        Format::Kif,
        Format::Ki2,
        Format::Csa,
        Format::Csa3,
        Format::Jkf,
        Format::Usi,
        Format::Western,
    ];

    /// The format's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Kif => "kif",
            Format::Ki2 => "ki2",
            Format::Csa => "csa",
            Format::Csa3 => "csa3",
            Format::Jkf => "jkf",
            Format::Usi => "usi",
            Format::Western => "western",
        }
    }

    /// The format of a name (`kif`, `kifu`, `ki2`, `ki2u`, `csa`, `csa3`, `jkf`, `json`, `usi`,
    /// `sfen`), any case.
    pub fn from_name(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "kif" | "kifu" => Some(Format::Kif),
            "ki2" | "ki2u" => Some(Format::Ki2),
            "csa" => Some(Format::Csa),
            "csa3" => Some(Format::Csa3),
            "jkf" | "json" => Some(Format::Jkf),
            "usi" | "sfen" => Some(Format::Usi),
            "western" | "pgn" | "txt" => Some(Format::Western),
            _ => None,
        }
    }

    /// The format a file's name gives by its extension, if it gives one.
    pub fn from_path(path: &str) -> Option<Format> {
        let ext = std::path::Path::new(path).extension()?.to_str()?;
        Format::from_name(ext)
    }

    /// The encoding a file of this format is written in unless asked otherwise: KIF and KI2 in
    /// Shift_JIS, as most programs that read them expect (`.kifu` and `.ki2u` are their UTF-8
    /// names), the others in UTF-8.
    pub fn default_encoding(self, path: Option<&str>) -> Encoding {
        let utf8_name = path.is_some_and(|p| {
            let p = p.to_ascii_lowercase();
            p.ends_with(".kifu") || p.ends_with(".ki2u")
        });
        match self {
            Format::Kif | Format::Ki2 if !utf8_name => Encoding::ShiftJis,
            _ => Encoding::Utf8,
        }
    }

    /// The format of a record's text when nothing else says: CSA by its `V2`/`V3` line or `P1`
    /// board, JKF by its brace, USI by its first word, Western when its first line of moves
    /// reads as Western notation, else KIF if a line starts with a move number, else KI2.
    pub fn sniff(text: &str) -> Format {
        let t = text.trim_start_matches('\u{feff}').trim_start();
        if t.starts_with('{') {
            return Format::Jkf;
        }
        let lines = || t.lines().map(str::trim_start);
        // Western: the first line of moves (after an optional `sfen` line) reads as such.
        let western = lines()
            .filter(|l| !l.is_empty() && !l.starts_with("sfen "))
            .take(1)
            .any(|l| {
                let mut moves = l
                    .split_whitespace()
                    .filter(|t| !t.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()))
                    .peekable();
                moves.peek().is_some() && moves.all(|t| crate::notation::western::parse(t).is_ok())
            });
        if western {
            return Format::Western;
        }
        if t.starts_with("startpos") || t.starts_with("sfen") || t.starts_with("position") {
            return Format::Usi;
        }
        if lines().any(|l| l.starts_with("V2") || l.starts_with("V3") || l.starts_with("PI"))
            || lines().any(|l| l.starts_with("P1") || l.starts_with("+7") || l.starts_with("+2"))
        {
            return Format::Csa;
        }
        if lines().any(|l| l.starts_with(|c: char| c.is_ascii_digit())) {
            Format::Kif
        } else {
            Format::Ki2
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One move of a record's main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The move.
    pub mv: Move,
    /// Its comment, if any (lines joined by newlines).
    pub comment: Option<String>,
    /// The time it took, in milliseconds, if recorded.
    pub time_ms: Option<u32>,
}

/// A game read from a record, its main line checked by Hisha's rules.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The start position.
    pub start: Position,
    /// The main line, every move legal where it is played.
    pub moves: Vec<RecordMove>,
    /// How the game ended, if the record says: `resign`, `sennichite`, `timeup`, ...
    pub ending: Option<String>,
    /// Black's (sente's) name, if given.
    pub black: Option<String>,
    /// White's (gote's) name, if given.
    pub white: Option<String>,
    /// The record as parsed: headers, comments and variations that a conversion keeps.
    inner: Record,
}

/// What stops a record from being read whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line (from 1) where the fault is, when the format is one of lines.
    pub line: Option<usize>,
    /// The move (from 1) where the fault is, when it is a move.
    pub ply: Option<usize>,
    /// The faulty text: the line or the move, cut short and quoted safely.
    pub text: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        if let Some(ply) = self.ply {
            write!(f, "move {ply}: ")?;
        }
        write!(f, "{}", self.message)?;
        if !self.text.is_empty() {
            write!(f, ": {}", self.text)?;
        }
        Ok(())
    }
}

impl std::error::Error for RecordError {}

/// A record read: the game, and what cut it short if something did (then the game holds the
/// moves before the fault).
#[derive(Clone, Debug)]
pub struct Read {
    /// The game as far as it could be read.
    pub game: GameRecord,
    /// The fault that ended the reading early, if any.
    pub error: Option<RecordError>,
}

/// The text of a record's bytes: UTF-8 (a byte-order mark dropped), else Shift_JIS; an error if
/// it is neither.
pub fn decode(bytes: &[u8]) -> Result<String, RecordError> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(text.to_string());
    }
    let (text, _, had_errors) = encoding_rs::SHIFT_JIS.decode(bytes);
    if had_errors {
        let at = std::str::from_utf8(bytes)
            .err()
            .map_or(0, |e| e.valid_up_to());
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        return Err(RecordError {
            line: Some(line),
            ply: None,
            text: String::new(),
            message: "the text is neither UTF-8 nor Shift_JIS".into(),
        });
    }
    Ok(text.into_owned())
}

/// Whether a KIF or KI2 line ends a line of play: the `まで` summary, or a numbered move line
/// whose move is an ending word (`投了`, `千日手`, ...).
fn is_ending(line: &str) -> bool {
    const ENDINGS: [&str; 14] = [
        "投了",
        "中断",
        "千日手",
        "詰み",
        "切れ負け",
        "反則勝ち",
        "反則負け",
        "持将棋",
        "入玉勝ち",
        "不戦勝",
        "不戦敗",
        "不詰",
        "宣言勝ち",
        "時間切れ",
    ];
    let t = line.trim_start();
    if t.starts_with("まで") {
        return true;
    }
    let mut words = t.split_whitespace();
    words
        .next()
        .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()))
        && words
            .next()
            .is_some_and(|w| ENDINGS.iter().any(|e| w.starts_with(e)))
}

/// The inverse of `ending_last` for what rsshogi writes: the main line's ending, written after
/// the variations, put back after the main line's last move, where KIF readers look for it.
fn ending_first(text: String) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let Some(first_variation) = lines
        .iter()
        .position(|l| l.trim_start().starts_with("変化"))
    else {
        return text;
    };
    if lines[..first_variation].iter().any(|l| is_ending(l)) {
        return text;
    }
    // The last block (after the last blank line), if it holds only ending lines.
    let Some(blank) = lines.iter().rposition(|l| l.trim().is_empty()) else {
        return text;
    };
    if blank < first_variation || !lines[blank + 1..].iter().all(|l| is_ending(l)) {
        return text;
    }
    // Before the blank line that precedes the first variation.
    let insert_at = if first_variation > 0 && lines[first_variation - 1].trim().is_empty() {
        first_variation - 1
    } else {
        first_variation
    };
    let mut out: Vec<&str> = lines[..insert_at].to_vec();
    out.extend(&lines[blank + 1..]);
    out.extend(&lines[insert_at..blank]);
    let mut joined = out.join("\n");
    joined.push('\n');
    joined
}

/// KIF and KI2 text with its main line's ending (a `投了`-style move line, the `まで` summary)
/// moved after the variations (`変化：`): rsshogi 1.7 stops reading at the ending, and files
/// write their variations after it, so they would be lost.
fn ending_last(text: &str) -> std::borrow::Cow<'_, str> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(first_variation) = lines
        .iter()
        .position(|l| l.trim_start().starts_with("変化"))
    else {
        return text.into();
    };
    let (main, rest) = lines.split_at(first_variation);
    let endings: Vec<&str> = main.iter().copied().filter(|l| is_ending(l)).collect();
    if endings.is_empty() {
        return text.into();
    }
    let mut out: Vec<&str> = main.iter().copied().filter(|l| !is_ending(l)).collect();
    out.extend(
        rest.iter()
            .copied()
            .filter(|l| !l.trim_start().starts_with("まで")),
    );
    out.push("");
    out.extend(endings);
    let mut joined = out.join("\n");
    joined.push('\n');
    joined.into()
}

thread_local! {
    /// Set while this thread runs a guarded call: a panic then prints nothing.
    static QUIET_PANICS: Cell<bool> = const { Cell::new(false) };
}

/// Runs a call into rsshogi, a panic in it (hostile text has made its move application or
/// its arithmetic panic) turned into an error instead of ending the program, and without the
/// panic's message and backtrace on stderr: the user gets the error alone. (A panic hook that
/// keeps quiet only for guarded calls is installed the first time; any other panic is
/// reported as before.)
fn guarded<T>(what: &str, call: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET_PANICS.with(Cell::get) {
                previous(info);
            }
        }));
    });
    let was_quiet = QUIET_PANICS.with(|q| q.replace(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(call));
    QUIET_PANICS.with(|q| q.set(was_quiet));
    result.unwrap_or_else(|_| Err(format!("the {what} failed on this text")))
}

/// Parses `text` as `format` with rsshogi, its error as text.
fn parse_with(text: &str, format: Format) -> Result<Record, String> {
    guarded("record reader", || parse_unguarded(text, format))
}

fn parse_unguarded(text: &str, format: Format) -> Result<Record, String> {
    match format {
        Format::Kif => kif::parse_kif_str(&ending_last(text)).map_err(|e| e.to_string()),
        Format::Ki2 => kif::parse_ki2_str(&ending_last(text)).map_err(|e| e.to_string()),
        Format::Csa | Format::Csa3 => csa::parse_csa_str(text).map_err(|e| e.to_string()),
        Format::Jkf => jkf::parse_jkf_str(text).map_err(|e| e.to_string()),
        // Read by `read_usi` and `read_western`, with our own grammars.
        Format::Usi | Format::Western => Err("not a format rsshogi reads".into()),
    }
}

/// The position text of a USI record: its first line that is not empty, `position` dropped.
fn usi_line(text: &str) -> &str {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    line.strip_prefix("position").unwrap_or(line).trim()
}

/// Reads USI position text by our own grammar, up to its first move that is not legal.
fn read_usi(text: &str) -> Result<Read, RecordError> {
    let line = usi_line(text);
    let spec = PositionSpec::parse(line).map_err(|e| RecordError {
        line: Some(1),
        ply: None,
        text: quote(line),
        message: e.to_string(),
    })?;
    let start = match &spec.sfen {
        None => Position::startpos(),
        Some(sfen) => Position::from_sfen(sfen).map_err(|e| RecordError {
            line: Some(1),
            ply: None,
            text: quote(sfen),
            message: e.to_string(),
        })?,
    };
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut error = None;
    for (i, token) in spec.moves.iter().enumerate() {
        match parse_usi_move(&pos, token) {
            Some(m) => {
                pos.make_move(m);
                moves.push(m);
            }
            None => {
                error = Some(RecordError {
                    line: Some(1),
                    ply: Some(i + 1),
                    text: quote(token),
                    message: format!("not a legal move in {}", pos.to_sfen()),
                });
                break;
            }
        }
    }
    let game = GameRecord::from_moves(&start, &moves)?;
    Ok(Read { game, error })
}

/// Reads a record's bytes in `format` (none: told by the text).
///
/// A record that cannot be read whole is read up to its fault: the game holds the moves before
/// it and `error` says where it is. A record of which nothing can be read (no start position)
/// is an error.
pub fn read(bytes: &[u8], format: Option<Format>) -> Result<Read, RecordError> {
    let text = decode(bytes)?;
    let format = format.unwrap_or_else(|| Format::sniff(&text));
    match format {
        Format::Usi => return read_usi(&text),
        Format::Western => return read_western(&text),
        _ => {}
    }
    // KI2 writes several moves a line: each goes on a line of its own, so that a fault is found
    // at its move (and the moves before it on that line are kept).
    let (text, origin) = if format == Format::Ki2 {
        let (split, origin) = one_move_a_line(&text);
        (split, Some(origin))
    } else {
        (text, None)
    };
    match parse_with(&text, format) {
        Ok(record) => {
            let fault = unread_move(&record, &text, format);
            from_record(record, fault)
        }
        Err(message) if format == Format::Jkf => Err(RecordError {
            line: None,
            ply: None,
            text: String::new(),
            message,
        }),
        Err(message) => {
            // The longest run of whole lines that reads: the fault is on the line after it.
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            let prefix = |n: usize| lines[..n].concat();
            let (mut good, mut bad) = (0, lines.len());
            let mut best = None;
            while bad - good > 1 {
                let mid = (good + bad) / 2;
                match parse_with(&prefix(mid), format) {
                    Ok(r) => {
                        good = mid;
                        best = Some(r);
                    }
                    Err(_) => bad = mid,
                }
            }
            // rsshogi counts moves from 0; KI2's moves are counted here, a line each.
            let ply = if format == Format::Ki2 {
                let is_move = |l: &str| l.starts_with(KI2_MOVE_MARKS);
                lines
                    .get(bad - 1)
                    .filter(|l| is_move(l))
                    .map(|_| lines[..bad - 1].iter().filter(|l| is_move(l)).count() + 1)
            } else {
                message
                    .strip_prefix("illegal move at index ")
                    .and_then(|n| n.parse::<usize>().ok())
                    .map(|n| n + 1)
            };
            let fault = RecordError {
                line: origin.map_or(Some(bad), |o| o.get(bad - 1).copied()),
                ply,
                text: quote(lines.get(bad - 1).map_or("", |l| l.trim_end())),
                message: if ply.is_some() {
                    "not a legal move".into()
                } else {
                    message
                },
            };
            match best {
                Some(record) => from_record(record, Some(fault)),
                None => Err(fault),
            }
        }
    }
}

/// What begins a KI2 move: Black's mark or White's.
const KI2_MOVE_MARKS: [char; 4] = ['▲', '△', '☗', '☖'];

/// KI2 text with each move on a line of its own, and for each of its lines the line (from 1) of
/// `text` it comes from. A line that begins with a move is cut before each further move mark;
/// other lines (headers, comments) are kept whole.
fn one_move_a_line(text: &str) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut origin = Vec::new();
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let trimmed = line.trim();
        if !trimmed.starts_with(KI2_MOVE_MARKS) {
            out.push_str(line);
            origin.push(n + 1);
            continue;
        }
        let starts: Vec<usize> = trimmed
            .match_indices(KI2_MOVE_MARKS)
            .map(|(i, _)| i)
            .collect();
        for (k, &at) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(trimmed.len());
            out.push_str(trimmed[at..end].trim());
            out.push('\n');
            origin.push(n + 1);
        }
    }
    (out, origin)
}

/// A KIF move line that rsshogi could not read as a move (`３四歩(34)`, whose piece is not on
/// the square it names) ends its main line as an ending of that name, and the moves after it
/// were lost without a word: such an ending is the record's fault, on that line. Ending words
/// stay endings, the listed ones and any other (`封じ手`).
fn unread_move(record: &Record, text: &str, format: Format) -> Option<RecordError> {
    if format != Format::Kif {
        return None;
    }
    let Some(SpecialMove::Unknown(name)) = record.main_terminal().map(|t| t.kind()) else {
        return None;
    };
    let looks_like_move = name
        .chars()
        .next()
        .is_some_and(|c| ('１'..='９').contains(&c) || c == '同');
    if !looks_like_move {
        return None;
    }
    let ply = record
        .main_line_ids()
        .into_iter()
        .filter(|&id| record.node(id).mv().is_some())
        .count()
        + 1;
    // The numbered line of that ply whose move is `name`.
    let number = ply.to_string();
    let line = text.lines().enumerate().find(|(_, l)| {
        let mut words = l.split_whitespace();
        words.next() == Some(number.as_str())
            && words.next().is_some_and(|w| w.starts_with(name.as_str()))
    });
    Some(RecordError {
        line: line.map(|(n, _)| n + 1),
        ply: Some(ply),
        text: quote(line.map_or(name.as_str(), |(_, l)| l.trim_end())),
        message: "not a legal move".into(),
    })
}

/// Reads moves in Western notation, numbered or not, from the start position or the SFEN of an
/// optional first line `sfen ...`, up to the first token that is not a legal move.
fn read_western(text: &str) -> Result<Read, RecordError> {
    let mut lines = text.lines().enumerate().peekable();
    let mut start = Position::startpos();
    while let Some((_, l)) = lines.peek() {
        if l.trim().is_empty() {
            lines.next();
        } else {
            break;
        }
    }
    if let Some(&(n, l)) = lines.peek() {
        let l = l.trim();
        if let Some(sfen) = l.strip_prefix("sfen ") {
            start = Position::from_sfen(sfen.trim()).map_err(|e| RecordError {
                line: Some(n + 1),
                ply: None,
                text: quote(l),
                message: e.to_string(),
            })?;
            lines.next();
        }
    }
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut error = None;
    'lines: for (n, line) in lines {
        for token in line.split_whitespace() {
            // Move numbers (`12.`, `12...`, `12`) and results are not moves.
            let bare = token.trim_end_matches('.');
            if bare.chars().all(|c| c.is_ascii_digit())
                || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token)
            {
                continue;
            }
            match parse_western(&pos, token) {
                Ok(m) => {
                    pos.make_move(m);
                    moves.push(m);
                }
                Err(e) => {
                    error = Some(RecordError {
                        line: Some(n + 1),
                        ply: Some(moves.len() + 1),
                        text: quote(token),
                        message: e.to_string(),
                    });
                    break 'lines;
                }
            }
        }
    }
    let game = GameRecord::from_moves(&start, &moves)?;
    Ok(Read { game, error })
}

/// Our game from rsshogi's record: its main line replayed by our rules up to the first move
/// they do not take.
fn from_record(record: Record, mut error: Option<RecordError>) -> Result<Read, RecordError> {
    let sfen = record.init_position_sfen().to_string();
    let start = Position::from_sfen(&sfen).map_err(|e| RecordError {
        line: None,
        ply: None,
        text: quote(&sfen),
        message: format!("the start position is not one Hisha plays: {e}"),
    })?;
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut ended = false;
    for id in record.main_line_ids() {
        let node = record.node(id);
        let Some(entry) = node.mv() else {
            continue;
        };
        let text = entry.mv().to_usi();
        match parse_usi_move(&pos, &text) {
            Some(m) => {
                pos.make_move(m);
                moves.push(RecordMove {
                    mv: m,
                    comment: node.comment().map(str::to_string),
                    time_ms: node.time_ms(),
                });
            }
            None => {
                error = Some(RecordError {
                    line: None,
                    ply: Some(moves.len() + 1),
                    text: quote(&text),
                    message: format!("not a legal move in {}", pos.to_sfen()),
                });
                ended = true;
                break;
            }
        }
    }
    let ending = if ended || error.is_some() {
        None
    } else {
        record.main_terminal().map(|t| ending_name(t.kind()))
    };
    let meta = record.metadata();
    let game = GameRecord {
        start,
        ending,
        black: meta.black_player().map(str::to_string),
        white: meta.white_player().map(str::to_string),
        inner: if ended || error.is_some() {
            rebuild(&sfen, &moves)?
        } else {
            record
        },
        moves,
    };
    Ok(Read { game, error })
}

/// `moves` from `start` in Japanese, as KI2 and the GUIs' reading lines write them:
/// `▲７六歩△３四歩▲２二角成`. Stops at a move it cannot write.
pub fn japanese_line(start: &Position, moves: &[Move]) -> String {
    let Ok(mut pos) = rsshogi::board::Position::from_sfen(&start.to_sfen()) else {
        return String::new();
    };
    let mut text = String::new();
    for m in moves {
        let Some(mv) = rsshogi::types::Move::from_usi(&m.to_string()) else {
            break;
        };
        let Some(written) = mv.to_ki2(&pos) else {
            break;
        };
        text.push_str(&written);
        pos.apply_move(mv);
    }
    text
}

/// The name of an ending, as `hisha show` prints it.
fn ending_name(kind: &SpecialMove) -> String {
    match kind {
        SpecialMove::Interrupt => "interrupted",
        SpecialMove::Resign => "resign",
        SpecialMove::MaxMoves => "max moves",
        SpecialMove::Impasse => "impasse",
        SpecialMove::Draw => "draw",
        SpecialMove::RepetitionDraw => "sennichite",
        SpecialMove::Mate => "mate",
        SpecialMove::NoMate => "no mate",
        SpecialMove::Timeout => "time up",
        SpecialMove::WinByIllegalMove => "win by an illegal move",
        SpecialMove::LoseByIllegalMove => "loss by an illegal move",
        SpecialMove::WinByDeclaration => "win by declaration",
        SpecialMove::WinByDefault => "win by default",
        SpecialMove::LoseByDefault => "loss by default",
        SpecialMove::Try => "try",
        SpecialMove::Unknown(s) => return s.clone(),
    }
    .to_string()
}

/// An rsshogi record of a start position and moves (comments and times kept).
fn rebuild(sfen: &str, moves: &[RecordMove]) -> Result<Record, RecordError> {
    let fail = |e: rsshogi::records::RecordError| RecordError {
        line: None,
        ply: None,
        text: String::new(),
        message: format!("cannot build the record: {e}"),
    };
    let start = if sfen == Position::startpos().to_sfen() {
        RecordInitialPosition::Startpos
    } else {
        RecordInitialPosition::Sfen(sfen.to_string())
    };
    let mut record = Record::new(start).map_err(fail)?;
    let mut at = record.root_id();
    for m in moves {
        let mv = rsshogi::types::Move::from_usi(&m.mv.to_string()).ok_or_else(|| RecordError {
            line: None,
            ply: None,
            text: quote(&m.mv.to_string()),
            message: "a move rsshogi cannot hold".into(),
        })?;
        at = record
            .append_move(at, rsshogi::records::MoveEntry::new(mv))
            .map_err(fail)?;
        let node = record.node_mut(at).map_err(fail)?;
        node.set_comment(m.comment.clone());
        node.set_time_ms(m.time_ms);
    }
    Ok(record)
}

impl GameRecord {
    /// A record of a game played from `start` with `moves` (no comments, times or names).
    pub fn from_moves(start: &Position, moves: &[Move]) -> Result<GameRecord, RecordError> {
        let moves: Vec<RecordMove> = moves
            .iter()
            .map(|&mv| RecordMove {
                mv,
                comment: None,
                time_ms: None,
            })
            .collect();
        let inner = rebuild(&start.to_sfen(), &moves)?;
        Ok(GameRecord {
            start: start.clone(),
            moves,
            ending: None,
            black: None,
            white: None,
            inner,
        })
    }

    /// The position after the first `ply` moves (all of them when `ply` is larger).
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = self.start.clone();
        for m in self.moves.iter().take(ply) {
            pos.make_move(m.mv);
        }
        pos
    }

    /// The record written in `format` and `encoding`.
    pub fn write(&self, format: Format, encoding: Encoding) -> Result<Vec<u8>, RecordError> {
        guarded("record writer", || {
            self.write_unguarded(format, encoding)
                .map_err(|e| e.message)
        })
        .map_err(|message| RecordError {
            line: None,
            ply: None,
            text: String::new(),
            message,
        })
    }

    fn write_unguarded(&self, format: Format, encoding: Encoding) -> Result<Vec<u8>, RecordError> {
        let fail = |e: String| RecordError {
            line: None,
            ply: None,
            text: String::new(),
            message: format!("cannot write {format}: {e}"),
        };
        let options = ExportOptions::new(encoding);
        let encode = |text: String| match encoding {
            Encoding::Utf8 => text.into_bytes(),
            Encoding::ShiftJis => encoding_rs::SHIFT_JIS.encode(&text).0.into_owned(),
        };
        let bytes = match format {
            Format::Kif => encode(ending_first(
                kif::export_kif(&self.inner).map_err(|e| fail(e.to_string()))?,
            )),
            Format::Ki2 => encode(ending_first(
                kif::export_ki2(&self.inner).map_err(|e| fail(e.to_string()))?,
            )),
            Format::Csa | Format::Csa3 => {
                let version = if format == Format::Csa3 {
                    CsaVersion::V3_0
                } else {
                    CsaVersion::V2_2
                };
                csa::export_csa_bytes_with_options(&self.inner, options.with_csa_version(version))
                    .map_err(|e| fail(e.to_string()))?
                    .into_bytes()
            }
            Format::Jkf => jkf::export_jkf(&self.inner)
                .map_err(|e| fail(e.to_string()))?
                .into_bytes(),
            Format::Usi => {
                let mut line = if self.start.to_sfen() == Position::startpos().to_sfen() {
                    "startpos".to_string()
                } else {
                    format!("sfen {}", self.start.to_sfen())
                };
                if !self.moves.is_empty() {
                    line.push_str(" moves");
                    for m in &self.moves {
                        line.push(' ');
                        line.push_str(&m.mv.to_string());
                    }
                }
                line.push('\n');
                line.into_bytes()
            }
            Format::Western => {
                let mut text = String::new();
                if self.start.to_sfen() != Position::startpos().to_sfen() {
                    text.push_str(&format!("sfen {}\n", self.start.to_sfen()));
                }
                // One move a line, numbered as shogi records number them (every move).
                let mut pos = self.start.clone();
                for (i, m) in self.moves.iter().enumerate() {
                    let written = write_western(&pos, m.mv, WesternStyle::Hodges);
                    text.push_str(&format!("{}. {written}\n", i + 1));
                    pos.make_move(m.mv);
                }
                text.into_bytes()
            }
        };
        Ok(bytes)
    }

    /// Adds `lines` to the comment of move `ply` (from 1; 0: the record's opening comment),
    /// in the record and in what it writes.
    pub fn annotate(&mut self, ply: usize, lines: &[String]) {
        let text = lines.join("\n");
        if ply == 0 {
            let comment = match self.inner.initial_comment() {
                Some(c) if !c.is_empty() => format!("{c}\n{text}"),
                _ => text,
            };
            self.inner.set_initial_comment(Some(comment));
            return;
        }
        let Some(m) = self.moves.get_mut(ply - 1) else {
            return;
        };
        let comment = match &m.comment {
            Some(c) if !c.is_empty() => format!("{c}\n{text}"),
            _ => text,
        };
        m.comment = Some(comment.clone());
        // The main line's nodes that carry moves, in order.
        let ids: Vec<_> = self
            .inner
            .main_line_ids()
            .into_iter()
            .filter(|&id| self.inner.node(id).mv().is_some())
            .collect();
        if let Some(&id) = ids.get(ply - 1) {
            if let Ok(node) = self.inner.node_mut(id) {
                node.set_comment(Some(comment));
            }
        }
    }

    /// The position as a KIF board diagram (BOD), with the hands.
    pub fn diagram(pos: &Position) -> String {
        rsshogi::board::Position::from_sfen(&pos.to_sfen())
            .map(|p| {
                let mut bod = kif::board_to_bod(&p);
                if !bod.ends_with('\n') {
                    bod.push('\n');
                }
                bod
            })
            .unwrap_or_default()
    }
}
