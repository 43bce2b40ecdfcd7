//! Games defined in a file: a user describes a game of the shogi family in text (board, pieces
//! from the catalogue or new ones in Betza's notation with the named special moves, promotions,
//! drops, royals, repetition, setup), loads it with the `VariantPath` option, and plays it as a
//! `USI_Variant` value like the built-in games. `definition` writes a built-in game in the same
//! format (`hisha pieces --variant V --definition`), and the built-in games so written load and
//! play exactly like the built-in ones (tests/variant_files.rs).
//!
//! The format (docs/variants.md has it with an example): `#` starts a comment; a game is a
//! section `[name]` followed by `key = value` lines:
//!
//! ```text
//! [name]                     the USI_Variant value
//! aliases = a b              other names (optional)
//! board = 9x9                files x ranks, 2 to 36 each
//! start = <SFEN>             the start position (board, side, hands or -, move number)
//! drops = yes|no             captured pieces go to the hand
//! promotion = zone N | forced-zone N | chu-zone N | hachu-zone N | forced-end N | on-capture |
//!     flip-on-capture | none
//! check-rule = yes|no        no move may leave a royal attacked (else royals are captured)
//! drop-rules = yes|no        shogi's: pawns per file, no pawn-drop mate, no dead drop
//! pawn = CODE N              the pawn of the drop rules and how many a file (P 1)
//! lion-trading = yes|no|hachu chu shogi's rules on taking lions (lishogi's; HaChu's)
//! perpetual-chase = yes|no   perpetual chase loses as perpetual check does (dai dai shogi)
//! bare-king = yes|no|lone    chu shogi's bare king (yes), the Heian games' (lone)
//! repetition = draw | sente-loses | mover-loses
//! taker-becomes = A:B ...    a piece that takes an A becomes a B (maka dai dai's deva)
//! define CODE = BETZA [royal] [special NAME] ["English name"]
//! piece LETTERS = CODE or English name [-> LETTERS]
//! ```
//!
//! Pieces are `piece` lines, in order: the SFEN letters (`p`, `+p`, `c'`), the catalogue piece
//! it moves as, and what it promotes to. `define` adds a piece of the game's own (a code the
//! catalogue does not use). Every error names its line.

use super::betza;
use super::catalogue::{self, PieceDef, Special};
use super::position::{VPosition, Zobrist};
use super::rules::{BareKing, LionTrading, Promotion, RepetitionRule, Rules, Spec, VariantId};
use crate::notation::sfen;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{OnceLock, RwLock};

/// The most games the files loaded may define, all together (each stays loaded: positions
/// may still refer to it).
pub const MAX_GAMES: usize = 64;
/// The longest definition file read.
pub const MAX_BYTES: usize = 1 << 20;
/// The most kinds of piece a game may have: every name the SFEN letters and marks give, each
/// also promoted (468).
const MAX_KINDS: usize = 2 * 26 * (sfen::MARKS.len() + 1);

/// A game loaded from a file, as the variant machinery uses it.
pub(super) struct Entry {
    pub(super) spec: Spec,
    pub(super) rules: Rules,
    pub(super) zobrist: OnceLock<Zobrist>,
    pub(super) coordinates: OnceLock<Vec<(i16, i16)>>,
    /// Its section of the file, for loading it again without a copy.
    text: String,
    /// Found by name (a definition whose start position was refused is kept, unnamed).
    visible: AtomicBool,
}

static REGISTRY: RwLock<Vec<&'static Entry>> = RwLock::new(Vec::new());

fn registry() -> std::sync::RwLockReadGuard<'static, Vec<&'static Entry>> {
    REGISTRY.read().unwrap_or_else(|e| e.into_inner())
}

/// The game `VariantId::Custom(n)` names.
pub(super) fn entry(n: u16) -> &'static Entry {
    registry()[n as usize]
}

/// The latest loaded game of this name or alias (lower case).
pub(super) fn find(name: &str) -> Option<VariantId> {
    registry()
        .iter()
        .enumerate()
        .rev()
        .find(|(_, e)| {
            e.visible.load(Ordering::Relaxed)
                && (e.spec.name == name || e.spec.aliases.contains(&name))
        })
        .map(|(i, _)| VariantId::Custom(i as u16))
}

/// The names of the games loaded, in order (a name defined again once).
pub fn names() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for e in registry()
        .iter()
        .filter(|e| e.visible.load(Ordering::Relaxed))
    {
        if !out.contains(&e.spec.name) {
            out.push(e.spec.name);
        }
    }
    out
}

/// A definition that cannot be loaded: the line (1 = the first; 0 the file as a whole) and
/// what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionError {
    /// The line, from 1 (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for DefinitionError {}

fn error<T>(line: usize, message: impl Into<String>) -> Result<T, DefinitionError> {
    Err(DefinitionError {
        line,
        message: message.into(),
    })
}

/// Reads the file at `path` (a regular file of at most `MAX_BYTES`) and loads its games.
pub fn load_file(path: &str) -> Result<Vec<VariantId>, DefinitionError> {
    use std::io::Read;
    let whole = |m: String| DefinitionError {
        line: 0,
        message: m,
    };
    let meta = std::fs::metadata(path).map_err(|e| whole(format!("{path}: {e}")))?;
    if !meta.is_file() {
        return Err(whole(format!("{path}: not a regular file")));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(|e| whole(format!("{path}: {e}")))?
        .take(MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| whole(format!("{path}: {e}")))?;
    if bytes.len() > MAX_BYTES {
        return Err(whole(format!("{path}: longer than {MAX_BYTES} bytes")));
    }
    let text = String::from_utf8(bytes).map_err(|_| whole(format!("{path}: not UTF-8")))?;
    load(&text)
}

/// Loads every game of `text` (the file format above): all of them, or none and the first
/// error. A game defined again under its name replaces the earlier one for new positions; the
/// same definition loaded again is the same game.
pub fn load(text: &str) -> Result<Vec<VariantId>, DefinitionError> {
    let sections = split(text)?;
    if sections.is_empty() {
        return error(0, "no game defined (a game starts with a [name] line)");
    }
    // Parse and check every game not loaded before, before any is loaded.
    let known = |text: &str| registry().iter().position(|e| e.text == text);
    let mut drafts = Vec::new();
    for (i, section) in sections.iter().enumerate() {
        if sections[..i].iter().any(|s| s.name == section.name) {
            return error(
                section.first,
                format!("[{}] is defined twice", section.name),
            );
        }
        drafts.push(match known(&section.text) {
            Some(_) => None,
            None => Some(parse(section)?),
        });
    }
    let mut ids = Vec::new();
    let mut reg = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    for (section, draft) in sections.iter().zip(drafts) {
        if let Some(i) = reg.iter().position(|e| e.text == section.text) {
            ids.push((i, section.first, reg[i].spec.start));
            continue;
        }
        let Some(draft) = draft else {
            // Loaded meanwhile by another thread under another text: cannot happen (the text
            // is the key), but refuse rather than panic.
            return error(section.first, "loaded twice at once");
        };
        if reg.len() >= MAX_GAMES {
            return error(
                section.first,
                format!("more than {MAX_GAMES} games loaded; restart the engine"),
            );
        }
        let evaluation = draft.evaluation;
        let spec = draft.into_spec(VariantId::Custom(reg.len() as u16));
        let mut rules = Rules::build(&spec);
        if let Some(id) = evaluation {
            rules.evaluation = id;
        }
        let start = spec.start;
        let entry: &'static Entry = Box::leak(Box::new(Entry {
            spec,
            rules,
            zobrist: OnceLock::new(),
            coordinates: OnceLock::new(),
            text: section.text.clone(),
            visible: AtomicBool::new(false),
        }));
        ids.push((reg.len(), section.first, start));
        reg.push(entry);
    }
    drop(reg);
    // The start positions, read by the game's own rules.
    for &(i, line, start) in &ids {
        if let Err(e) = VPosition::from_sfen(VariantId::Custom(i as u16), start) {
            return error(line, format!("the start position: {e}"));
        }
    }
    let reg = registry();
    for &(i, _, _) in &ids {
        reg[i].visible.store(true, Ordering::Relaxed);
    }
    Ok(ids
        .into_iter()
        .map(|(i, _, _)| VariantId::Custom(i as u16))
        .collect())
}

/// One `[name]` section: its name, the line it starts on, its lines (number, text without
/// the comment), and its text as written (for recognising it when loaded again).
struct Section {
    name: String,
    first: usize,
    lines: Vec<(usize, String)>,
    text: String,
}

fn split(text: &str) -> Result<Vec<Section>, DefinitionError> {
    let mut out: Vec<Section> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(name) = line.strip_prefix('[') {
            let Some(name) = name.strip_suffix(']') else {
                return error(n, "a section is written [name]");
            };
            let name = name.trim().to_ascii_lowercase();
            if !valid_name(&name) {
                return error(n, format!("[{name}]: {NAME_RULE}"));
            }
            if out.len() >= MAX_GAMES {
                return error(n, format!("more than {MAX_GAMES} games in one file"));
            }
            out.push(Section {
                name,
                first: n,
                lines: Vec::new(),
                text: String::new(),
            });
            continue;
        }
        let Some(section) = out.last_mut() else {
            return error(n, "a line before the first [name] section");
        };
        section.lines.push((n, line.to_string()));
        section.text.push_str(line);
        section.text.push('\n');
    }
    for s in &mut out {
        s.text = format!("[{}]\n{}", s.name, s.text);
    }
    Ok(out)
}

/// What a game's name (or alias) may be.
const NAME_RULE: &str =
    "a game's name is 1 to 40 letters, digits, '-' or '_' (a USI_Variant value)";

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

fn yes_no(n: usize, key: &str, value: &str) -> Result<bool, DefinitionError> {
    match value {
        "yes" | "true" | "on" => Ok(true),
        "no" | "false" | "off" => Ok(false),
        _ => error(n, format!("{key}: yes or no, not {value:?}")),
    }
}

/// The special moves by their names in a file (and `jumping-1` to `jumping-3`,
/// `range-capture-1` to `range-capture-3`).
const SPECIALS: [(&str, Special); 13] = [
    ("lion", Special::Lion),
    ("horned-falcon", Special::HornedFalcon),
    ("soaring-eagle", Special::SoaringEagle),
    ("lion-dog", Special::LionDog),
    ("hook", Special::Hook),
    ("diagonal-hook", Special::DiagonalHook),
    ("fire-demon", Special::FireDemon),
    ("vice-general", Special::ViceGeneral),
    ("lion-hawk", Special::LionHawk),
    ("free-eagle", Special::FreeEagle),
    ("tetrarchs", Special::Tetrarchs),
    ("emperor", Special::Emperor),
    ("igui-or-pass", Special::IguiOrPass),
];

/// A special move by its name in the file (`lion`, `jumping-3`, ...).
pub fn special_by_name(name: &str) -> Option<Special> {
    if let Some(&(_, special)) = SPECIALS.iter().find(|(n, _)| *n == name) {
        return Some(special);
    }
    let (make, rank): (fn(u8) -> Special, &str) = match name.strip_prefix("jumping-") {
        Some(rank) => (Special::Jumping, rank),
        None => (Special::RangeCapture, name.strip_prefix("range-capture-")?),
    };
    let rank: u8 = rank.parse().ok()?;
    (1..=3).contains(&rank).then_some(make(rank))
}

/// The name a file gives `special` (`None` for none).
fn special_name(special: Special) -> Option<String> {
    match special {
        Special::None => None,
        Special::Jumping(rank) => Some(format!("jumping-{rank}")),
        Special::RangeCapture(rank) => Some(format!("range-capture-{rank}")),
        other => SPECIALS
            .iter()
            .find(|(_, s)| *s == other)
            .map(|(n, _)| n.to_string()),
    }
}

/// Whether `letters` are a kind's SFEN letters: `+` for a promoted kind, a lower-case letter,
/// a mark (`sfen::MARKS`) for the games with more kinds than letters.
fn valid_letters(letters: &str) -> bool {
    let body = letters.strip_prefix('+').unwrap_or(letters);
    let mut chars = body.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase())
        && match chars.next() {
            None => true,
            Some(mark) => sfen::MARKS.contains(&mark) && chars.next().is_none(),
        }
}

/// A game as parsed, owning its text: made a `Spec` (its strings kept for the session) only
/// when it is loaded, so that a file refused or loaded again costs nothing that stays.
struct Draft {
    name: String,
    aliases: Vec<String>,
    files: u8,
    ranks: u8,
    start: String,
    drops: bool,
    promotion: Promotion,
    check_rule: bool,
    drop_rules: bool,
    pawns: (String, u8),
    lion_trading: LionTrading,
    chase_rule: bool,
    bare_king: BareKing,
    repetition: RepetitionRule,
    taker_becomes: Vec<(String, String)>,
    pieces: Vec<DraftPiece>,
    /// (SFEN letters, the piece's code, what it promotes to).
    kinds: Vec<(String, String, Option<String>)>,
    /// `evaluation = NAME`: the built-in game whose evaluation it plays with.
    evaluation: Option<VariantId>,
}

/// A `define`d piece, as parsed.
struct DraftPiece {
    code: String,
    name: String,
    betza: String,
    special: Special,
    royal: bool,
}

impl Draft {
    fn into_spec(self, id: VariantId) -> Spec {
        let pieces: Vec<PieceDef> = self
            .pieces
            .into_iter()
            .map(|p| PieceDef {
                code: leak(&p.code),
                name: leak(&p.name),
                romaji: "",
                betza: leak(&p.betza),
                special: p.special,
                royal: p.royal,
            })
            .collect();
        let pieces: &'static [PieceDef] = Box::leak(pieces.into_boxed_slice());
        let code = |c: &str| -> &'static str {
            pieces
                .iter()
                .find(|p| p.code == c)
                .map(|p| p.code)
                .or_else(|| catalogue::find(c).map(|p| p.code))
                .unwrap_or_else(|| leak(c))
        };
        let kinds: Vec<(&'static str, &'static str, Option<&'static str>)> = self
            .kinds
            .iter()
            .map(|(letters, c, promotes)| (leak(letters), code(c), promotes.as_deref().map(leak)))
            .collect();
        let aliases: Vec<&'static str> = self.aliases.iter().map(|a| leak(a)).collect();
        let taker_becomes: Vec<(&'static str, &'static str)> = self
            .taker_becomes
            .iter()
            .map(|(a, b)| (leak(a), leak(b)))
            .collect();
        Spec {
            id,
            name: leak(&self.name),
            aliases: Box::leak(aliases.into_boxed_slice()),
            files: self.files,
            ranks: self.ranks,
            start: leak(&self.start),
            drops: self.drops,
            promotion: self.promotion,
            check_rule: self.check_rule,
            shogi_drop_rules: self.drop_rules,
            pawns: (code(&self.pawns.0), self.pawns.1),
            lion_trading: self.lion_trading,
            chase_rule: self.chase_rule,
            repetition: self.repetition,
            bare_king: self.bare_king,
            taker_becomes: Box::leak(taker_becomes.into_boxed_slice()),
            pieces,
            kinds: Box::leak(kinds.into_boxed_slice()),
        }
    }
}

fn parse(section: &Section) -> Result<Draft, DefinitionError> {
    let builtin = VariantId::ALL
        .iter()
        .any(|v| v.name() == section.name || v.rules().aliases().contains(&section.name.as_str()));
    if builtin {
        return error(
            section.first,
            format!("[{}] is a built-in game's name", section.name),
        );
    }
    let mut aliases: Vec<String> = Vec::new();
    let mut board: Option<(u8, u8)> = None;
    let mut start: Option<String> = None;
    let mut drops = false;
    let mut promotion = Promotion::Zone(0);
    let mut check_rule = true;
    let mut drop_rules = false;
    let mut pawns: (String, u8) = ("P".to_string(), 1);
    let mut lion_trading = LionTrading::No;
    let mut chase_rule = false;
    let mut bare_king = BareKing::No;
    let mut repetition = RepetitionRule::Draw;
    let mut taker_becomes: Vec<(usize, String, String)> = Vec::new();
    let mut pieces: Vec<DraftPiece> = Vec::new();
    let mut kinds: Vec<(usize, String, String, Option<String>)> = Vec::new();
    let mut evaluation: Option<(usize, VariantId)> = None;
    let mut seen: Vec<String> = Vec::new();
    for (n, line) in &section.lines {
        let n = *n;
        let Some((key, value)) = line.split_once('=') else {
            return error(n, "expected key = value");
        };
        let (key, value) = (key.trim(), value.trim());
        let word = key.split_whitespace().next().unwrap_or("");
        if !matches!(word, "piece" | "define") {
            if key != word {
                return error(n, format!("unknown key {key:?}"));
            }
            if seen.iter().any(|k| k == key) {
                return error(n, format!("{key} is given twice"));
            }
            seen.push(key.to_string());
        }
        match word {
            "aliases" => {
                for a in value.split_whitespace() {
                    let a = a.to_ascii_lowercase();
                    if !valid_name(&a) {
                        return error(n, format!("alias {a:?}: {NAME_RULE}"));
                    }
                    if VariantId::from_name(&a).is_some_and(|v| !matches!(v, VariantId::Custom(_)))
                    {
                        return error(n, format!("alias {a} is a built-in game's name"));
                    }
                    aliases.push(a);
                }
            }
            "board" => {
                let size = value.split_once('x').and_then(|(f, r)| {
                    Some((f.trim().parse::<u8>().ok()?, r.trim().parse::<u8>().ok()?))
                });
                match size {
                    Some((f, r)) if (2..=36).contains(&f) && (2..=36).contains(&r) => {
                        board = Some((f, r))
                    }
                    _ => return error(n, "board: FILESxRANKS, each 2 to 36 (9x9)"),
                }
            }
            "start" => start = Some(value.to_string()),
            "evaluation" => {
                let name = value.to_ascii_lowercase();
                match VariantId::from_name(&name) {
                    Some(id) if !matches!(id, VariantId::Custom(_)) => evaluation = Some((n, id)),
                    _ => {
                        return error(
                            n,
                            format!("evaluation: {value:?} is not a built-in game of Hisha's"),
                        )
                    }
                }
            }
            "drops" => drops = yes_no(n, key, value)?,
            "check-rule" => check_rule = yes_no(n, key, value)?,
            "drop-rules" => drop_rules = yes_no(n, key, value)?,
            "lion-trading" => {
                lion_trading = match value {
                    "hachu" => LionTrading::HaChu,
                    "yes" | "true" | "on" => LionTrading::Lishogi,
                    "no" | "false" | "off" => LionTrading::No,
                    _ => return error(n, format!("{key}: yes, no or hachu, not {value:?}")),
                }
            }
            "perpetual-chase" => chase_rule = yes_no(n, key, value)?,
            "bare-king" => {
                bare_king = match value {
                    "lone" => BareKing::Lone,
                    "yes" | "true" | "on" => BareKing::Chu,
                    "no" | "false" | "off" => BareKing::No,
                    _ => return error(n, format!("{key}: yes, no or lone, not {value:?}")),
                }
            }
            "promotion" => {
                let mut w = value.split_whitespace();
                let kind = w.next().unwrap_or("");
                let depth = w.next().map(|d| d.parse::<u8>());
                promotion = match (kind, depth, w.next()) {
                    ("on-capture", None, None) => Promotion::OnCapture,
                    ("flip-on-capture", None, None) => Promotion::FlipOnCapture,
                    ("none", None, None) => Promotion::Zone(0),
                    ("zone", Some(Ok(d)), None) => Promotion::Zone(d),
                    ("forced-zone", Some(Ok(d)), None) => Promotion::ForcedZone(d),
                    ("chu-zone", Some(Ok(d)), None) => Promotion::ChuZone(d),
                    ("hachu-zone", Some(Ok(d)), None) => Promotion::HachuZone(d),
                    ("forced-end", Some(Ok(d)), None) => Promotion::ForcedEnd(d),
                    _ => {
                        return error(
                            n,
                            "promotion: zone N, forced-zone N, chu-zone N, hachu-zone N, \
                             forced-end N, on-capture, flip-on-capture or none",
                        )
                    }
                };
            }
            "repetition" => {
                repetition = match value {
                    "draw" => RepetitionRule::Draw,
                    "sente-loses" => RepetitionRule::SenteLoses,
                    "mover-loses" => RepetitionRule::MoverLoses,
                    _ => return error(n, "repetition: draw, sente-loses or mover-loses"),
                }
            }
            "taker-becomes" => {
                for pair in value.split_whitespace() {
                    let Some((a, b)) = pair.split_once(':') else {
                        return error(n, format!("taker-becomes: LETTERS:LETTERS, not {pair:?}"));
                    };
                    let (a, b) = (a.to_ascii_lowercase(), b.to_ascii_lowercase());
                    if !valid_letters(&a) || !valid_letters(&b) {
                        return error(n, format!("taker-becomes: {pair:?} is not two kinds"));
                    }
                    taker_becomes.push((n, a, b));
                }
            }
            "pawn" => {
                let mut w = value.split_whitespace();
                let (Some(code), count, None) = (w.next(), w.next(), w.next()) else {
                    return error(n, "pawn: CODE [COUNT] (P 1)");
                };
                let count = match count.map(str::parse::<u8>) {
                    None => 1,
                    Some(Ok(c)) if c >= 1 => c,
                    _ => return error(n, "pawn: the count is a number from 1"),
                };
                pawns = (code.to_ascii_uppercase(), count);
            }
            "define" => {
                let code = key["define".len()..].trim().to_ascii_uppercase();
                if code.is_empty()
                    || code.len() > 6
                    || !code
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '\'')
                {
                    return error(n, "define CODE = ...: a code of 1 to 6 letters or digits");
                }
                // A catalogue code may be defined again: the game's own piece comes first in
                // the game (as taikyoku shogi's pieces do in the built-in game).
                if pieces.iter().any(|p| p.code == code) {
                    return error(n, format!("{code} is already a piece's code in this game"));
                }
                pieces.push(parse_define(n, &code, value)?);
            }
            "piece" => {
                let letters = key["piece".len()..].trim().to_ascii_lowercase();
                if !valid_letters(&letters) {
                    return error(
                        n,
                        "piece LETTERS = ...: a lower-case letter, + before it if promoted, \
                         a mark (' ! ? ^ ~ @ & %) after it",
                    );
                }
                if kinds.iter().any(|k| k.1 == letters) {
                    return error(n, format!("piece {letters} is given twice"));
                }
                let (what, promotes) = match value.split_once("->") {
                    Some((w, p)) => (w.trim(), Some(p.trim().to_ascii_lowercase())),
                    None => (value, None),
                };
                let code = pieces
                    .iter()
                    .find(|p| p.code.eq_ignore_ascii_case(what))
                    .map(|p| p.code.clone())
                    .or_else(|| catalogue::lookup(what).map(|p| p.code.to_string()))
                    .or_else(|| {
                        pieces
                            .iter()
                            .find(|p| p.name.eq_ignore_ascii_case(what))
                            .map(|p| p.code.clone())
                    });
                let Some(code) = code else {
                    return error(
                        n,
                        format!("no piece {what:?} (a catalogue code or name, or a define)"),
                    );
                };
                if let Some(p) = &promotes {
                    if !valid_letters(p) {
                        return error(n, format!("-> {p}: not a kind's letters"));
                    }
                }
                kinds.push((n, letters, code, promotes));
            }
            _ => return error(n, format!("unknown key {key:?}")),
        }
    }
    if kinds.is_empty() || kinds.len() > MAX_KINDS {
        return error(
            section.first,
            format!("a game has 1 to {MAX_KINDS} piece lines"),
        );
    }
    for (n, letters, _, promotes) in &kinds {
        if let Some(base) = letters.strip_prefix('+') {
            if !kinds.iter().any(|k| k.1 == base) {
                return error(
                    *n,
                    format!("{letters} is the promotion of {base}, not given"),
                );
            }
            if promotes.is_some() {
                return error(*n, format!("{letters} is promoted: it promotes no further"));
            }
        }
        if let Some(p) = promotes {
            if !kinds.iter().any(|k| &k.1 == p) {
                return error(*n, format!("-> {p}: no piece line gives {p}"));
            }
        }
    }
    for (n, a, b) in &taker_becomes {
        for letters in [a, b] {
            if !kinds.iter().any(|k| &k.1 == letters) {
                return error(*n, format!("taker-becomes: no piece line gives {letters}"));
            }
        }
    }
    let Some((files, ranks)) = board else {
        return error(section.first, "no board = FILESxRANKS");
    };
    let Some(start) = start else {
        return error(section.first, "no start = SFEN");
    };
    if drop_rules && !kinds.iter().any(|k| k.2 == pawns.0) && pawns.0 != "P" {
        return error(
            section.first,
            format!("pawn = {}: no piece is one", pawns.0),
        );
    }
    if let Some((n, id)) = evaluation {
        same_pieces(n, id, (files, ranks), drops, &kinds)?;
    }
    Ok(Draft {
        name: section.name.clone(),
        aliases,
        files,
        ranks,
        start,
        drops,
        promotion,
        check_rule,
        drop_rules,
        pawns,
        lion_trading,
        chase_rule,
        bare_king,
        repetition,
        taker_becomes: taker_becomes.into_iter().map(|(_, a, b)| (a, b)).collect(),
        pieces,
        kinds: kinds
            .into_iter()
            .map(|(_, letters, code, promotes)| (letters, code, promotes))
            .collect(),
        evaluation: evaluation.map(|(_, id)| id),
    })
}

/// `evaluation = NAME` on line `n`: the game must have the built-in game's board, drops and
/// kinds (the same letters, piece codes and promotions, in the same order), since its weights
/// are laid out by them. The rules may differ.
fn same_pieces(
    n: usize,
    id: VariantId,
    board: (u8, u8),
    drops: bool,
    kinds: &[(usize, String, String, Option<String>)],
) -> Result<(), DefinitionError> {
    let r = id.rules();
    let name = id.name();
    if board != (r.files, r.ranks) || drops != r.drops {
        return error(
            n,
            format!(
                "evaluation = {name}: {name} is {}x{} {} drops",
                r.files,
                r.ranks,
                if r.drops { "with" } else { "without" }
            ),
        );
    }
    if kinds.len() != r.kinds.len() {
        return error(
            n,
            format!(
                "evaluation = {name}: {name} has {} piece lines, this game {}",
                r.kinds.len(),
                kinds.len()
            ),
        );
    }
    for ((_, letters, code, promotes), k) in kinds.iter().zip(&r.kinds) {
        // A promoted kind has no `->` (micro shogi's flip back is the rule's).
        let promotes_to = k
            .promotes_to
            .filter(|_| !k.promoted)
            .map(|p| r.kinds[p as usize].sfen.to_string());
        if letters != k.sfen || code != k.piece.code || promotes != &promotes_to {
            return error(
                n,
                format!(
                    "evaluation = {name}: its piece lines, in order, must be {name}'s \
                     (piece {} = {}{})",
                    k.sfen,
                    k.piece.code,
                    promotes_to.map(|p| format!(" -> {p}")).unwrap_or_default()
                ),
            );
        }
    }
    Ok(())
}

/// `define CODE = BETZA [royal] [special NAME] ["English name"]`.
fn parse_define(n: usize, code: &str, value: &str) -> Result<DraftPiece, DefinitionError> {
    let (words, name) = match value.split_once('"') {
        Some((w, rest)) => {
            let Some(name) = rest.strip_suffix('"') else {
                return error(n, "the piece's name ends with \"");
            };
            (w, Some(name.trim()))
        }
        None => (value, None),
    };
    let mut w = words.split_whitespace();
    let Some(betza_text) = w.next() else {
        return error(n, "define CODE = BETZA [royal] [special NAME] [\"name\"]");
    };
    if let Err(e) = betza::parse(betza_text) {
        return error(n, format!("Betza: {}", e.0));
    }
    let (mut royal, mut special) = (false, Special::None);
    while let Some(word) = w.next() {
        match word {
            "royal" => royal = true,
            "special" => {
                let Some(s) = w.next().and_then(special_by_name) else {
                    let names: Vec<&str> = SPECIALS.iter().map(|(n, _)| *n).collect();
                    return error(
                        n,
                        format!(
                            "special: {}, jumping-1..3 or range-capture-1..3",
                            names.join(", ")
                        ),
                    );
                };
                special = s;
            }
            other => return error(n, format!("{other:?}: royal, special NAME or \"name\"")),
        }
    }
    Ok(DraftPiece {
        code: code.to_string(),
        name: name.unwrap_or(code).to_string(),
        betza: betza_text.to_string(),
        special,
        royal,
    })
}

/// A game written in the file format, `name` for its section (a built-in game's own name is
/// refused: it cannot be defined again). The built-in games so written load and play exactly
/// like the built-in ones.
pub fn definition(id: VariantId, name: &str) -> String {
    let r = id.rules();
    let spec_pawn = r
        .kinds
        .iter()
        .find(|k| k.drop_pawn)
        .map(|k| k.piece.code)
        .unwrap_or("P");
    let yes = |b: bool| if b { "yes" } else { "no" };
    let mut out = format!("[{name}]\n");
    out += &format!("board = {}x{}\n", r.files, r.ranks);
    out += &format!("start = {}\n", r.start);
    out += &format!("drops = {}\n", yes(r.drops));
    out += &format!(
        "promotion = {}\n",
        match r.promotion {
            Promotion::Zone(d) => format!("zone {d}"),
            Promotion::ForcedZone(d) => format!("forced-zone {d}"),
            Promotion::ChuZone(d) => format!("chu-zone {d}"),
            Promotion::HachuZone(d) => format!("hachu-zone {d}"),
            Promotion::ForcedEnd(d) => format!("forced-end {d}"),
            Promotion::OnCapture => "on-capture".into(),
            Promotion::FlipOnCapture => "flip-on-capture".into(),
        }
    );
    out += &format!("check-rule = {}\n", yes(r.check_rule));
    out += &format!("drop-rules = {}\n", yes(r.shogi_drop_rules));
    if r.shogi_drop_rules {
        out += &format!("pawn = {spec_pawn} {}\n", r.pawns_per_file);
    }
    out += &format!(
        "lion-trading = {}\n",
        match r.lion_trading {
            LionTrading::No => "no",
            LionTrading::Lishogi => "yes",
            LionTrading::HaChu => "hachu",
        }
    );
    if r.chase_rule {
        out += "perpetual-chase = yes\n";
    }
    out += &format!(
        "bare-king = {}\n",
        match r.bare_king {
            BareKing::No => "no",
            BareKing::Chu => "yes",
            BareKing::Lone => "lone",
        }
    );
    out += &format!(
        "repetition = {}\n",
        match r.repetition {
            RepetitionRule::Draw => "draw",
            RepetitionRule::SenteLoses => "sente-loses",
            RepetitionRule::MoverLoses => "mover-loses",
        }
    );
    if !r.taker_becomes.is_empty() {
        let pairs: Vec<String> = r
            .taker_becomes
            .iter()
            .map(|&(a, b)| format!("{}:{}", r.kinds[a as usize].sfen, r.kinds[b as usize].sfen))
            .collect();
        out += &format!("taker-becomes = {}\n", pairs.join(" "));
    }
    if !matches!(r.evaluation, VariantId::Custom(_)) {
        out += &format!("evaluation = {}\n", r.evaluation.name());
    }
    // The game's own pieces (those that are not the catalogue's under their code).
    let mut own: Vec<&PieceDef> = Vec::new();
    for k in &r.kinds {
        let catalogued = catalogue::find(k.piece.code).is_some_and(|p| std::ptr::eq(p, k.piece));
        if !catalogued && !own.iter().any(|p| std::ptr::eq(*p, k.piece)) {
            own.push(k.piece);
        }
    }
    for p in own {
        out += &format!("define {} = {}", p.code, p.betza);
        if p.royal {
            out += " royal";
        }
        if let Some(name) = special_name(p.special) {
            out += &format!(" special {name}");
        }
        out += &format!(" \"{}\"\n", p.name);
    }
    for k in &r.kinds {
        out += &format!("piece {} = {}", k.sfen, k.piece.code);
        if let Some(p) = k.promotes_to {
            // Micro shogi's promoted side turns back: the flip is the rule's, not a line's.
            if !k.promoted {
                out += &format!(" -> {}", r.kinds[p as usize].sfen);
            }
        }
        out += &format!("   # {}\n", k.piece.name);
    }
    out
}
