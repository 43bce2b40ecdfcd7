//! A position of any variant: a padded mailbox board of any size up to 36x36, hands, Zobrist
//! key, make/unmake, and the legal moves under the variant's rules.

use std::fmt::Write;

use super::catalogue::Special;
use super::rules::{capture_steps, Kind, Promotion, Rules, VariantId, HIT_MANY};

/// Off-board margin around the board: the longest leap of a catalogue atom is 3 squares.
const PAD: usize = 3;
const EMPTY: u16 = 0;
const OFF: u16 = u16::MAX;
/// "No square".
pub const NO_SQUARE: u16 = u16::MAX;

/// A side: 0 Black (sente, upper case, moves up the board), 1 White.
pub type Side = usize;

/// A move: `from` to `to`, through `mid` (and `mid2`) for a lion's double move (a lion dog's
/// triple move), or a drop of `drop - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VMove {
    /// Where the piece starts (`NO_SQUARE` for a drop).
    pub from: u16,
    /// The first step of a double move (`NO_SQUARE` otherwise).
    pub mid: u16,
    /// The second step of a lion dog's triple move (`NO_SQUARE` otherwise).
    pub mid2: u16,
    /// Where it ends (the start again for igui or a pass).
    pub to: u16,
    /// The dropped kind + 1 (0: not a drop).
    pub drop: u8,
    /// The piece promotes (turns over, in micro shogi).
    pub promote: bool,
}

impl VMove {
    /// A double move through `mid` (igui and passes end on `from`).
    pub fn double(from: u16, mid: u16, to: u16, promote: bool) -> VMove {
        VMove {
            from,
            mid,
            mid2: NO_SQUARE,
            to,
            drop: 0,
            promote,
        }
    }

    /// A plain move.
    pub fn normal(from: u16, to: u16, promote: bool) -> VMove {
        VMove {
            from,
            mid: NO_SQUARE,
            mid2: NO_SQUARE,
            to,
            drop: 0,
            promote,
        }
    }
}

/// What `make` changed, for `unmake`.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    moved: u16,
    captured: u16,
    mid_captured: u16,
    mid2_captured: u16,
    key: u64,
    lion_capture: u16,
    /// Tenjiku: the enemies a fire demon burnt, by `neighbours` order.
    burnt: [u16; 8],
    /// Tenjiku: the mover itself burnt, ending next to an enemy fire demon.
    mover_burnt: bool,
}

/// A bad SFEN or move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError(pub String);

impl std::fmt::Display for VariantError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A position.
#[derive(Clone, Debug)]
pub struct VPosition {
    rules: &'static Rules,
    stride: usize,
    cells: Vec<u16>,
    hands: [Vec<u8>; 2],
    side: Side,
    ply: u32,
    key: u64,
    lion_capture: u16,
    royals: [u8; 2],
    pieces: [Vec<u16>; 2],
    slot: Vec<u16>,
    zobrist: &'static Zobrist,
    /// Each square's column and row from the top left (padding squares: out of the board).
    xy: &'static [(i16, i16)],
}

/// Zobrist keys of one variant.
#[derive(Debug)]
pub struct Zobrist {
    piece: Vec<u64>,
    hand: Vec<u64>,
    side: u64,
    lion: Vec<u64>,
}

const HAND_MAX: usize = 40;

fn zobrist(id: VariantId) -> &'static Zobrist {
    use std::sync::OnceLock;
    static CELLS: [OnceLock<Zobrist>; VariantId::ALL.len()] =
        [const { OnceLock::new() }; VariantId::ALL.len()];
    let i = id.index();
    CELLS[i].get_or_init(|| {
        let r = id.rules();
        let cells = (r.files as usize + 2 * PAD) * (r.ranks as usize + 2 * PAD);
        let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ (i as u64 + 1).wrapping_mul(0x1234_5678_9abc);
        let mut next = move || {
            // splitmix64
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let n = r.kinds.len() * 2;
        Zobrist {
            piece: (0..n * cells).map(|_| next()).collect(),
            hand: (0..n * (HAND_MAX + 1)).map(|_| next()).collect(),
            side: next(),
            lion: (0..cells).map(|_| next()).collect(),
        }
    })
}

/// The column and row of every square of a variant's padded board, so that the attack test
/// needs no division.
fn coordinates(id: VariantId) -> &'static [(i16, i16)] {
    use std::sync::OnceLock;
    static CELLS: [OnceLock<Vec<(i16, i16)>>; VariantId::ALL.len()] =
        [const { OnceLock::new() }; VariantId::ALL.len()];
    CELLS[id.index()].get_or_init(|| {
        let r = id.rules();
        let stride = r.files as usize + 2 * PAD;
        let cells = stride * (r.ranks as usize + 2 * PAD);
        (0..cells)
            .map(|sq| {
                let at = |v: usize| v as i16 - PAD as i16;
                (at(sq % stride), at(sq / stride))
            })
            .collect()
    })
}

#[inline]
fn cell_of(kind: u8, side: Side) -> u16 {
    1 + ((kind as u16) << 1 | side as u16)
}
#[inline]
fn kind_of(cell: u16) -> u8 {
    ((cell - 1) >> 1) as u8
}
#[inline]
fn side_of(cell: u16) -> Side {
    ((cell - 1) & 1) as Side
}
#[inline]
fn is_piece(cell: u16) -> bool {
    cell != EMPTY && cell != OFF
}

impl VPosition {
    /// The start position of a variant.
    pub fn start(id: VariantId) -> VPosition {
        VPosition::from_sfen(id, id.rules().start).expect("the start position parses")
    }

    fn empty(id: VariantId) -> VPosition {
        let rules = id.rules();
        let stride = rules.files as usize + 2 * PAD;
        let height = rules.ranks as usize + 2 * PAD;
        let mut cells = vec![OFF; stride * height];
        for r in 0..rules.ranks as usize {
            for f in 0..rules.files as usize {
                cells[(r + PAD) * stride + f + PAD] = EMPTY;
            }
        }
        VPosition {
            rules,
            stride,
            slot: vec![0; cells.len()],
            cells,
            hands: [vec![0; rules.kinds.len()], vec![0; rules.kinds.len()]],
            side: 0,
            ply: 1,
            key: 0,
            lion_capture: NO_SQUARE,
            royals: [0, 0],
            pieces: [Vec::new(), Vec::new()],
            zobrist: zobrist(id),
            xy: coordinates(id),
        }
    }

    /// The variant's rules.
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The Zobrist key.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Move number.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The board square index of file column `f` (0: the leftmost, the highest file number)
    /// and row `r` (0: the top rank, `a`).
    pub fn square(&self, f: usize, r: usize) -> u16 {
        ((r + PAD) * self.stride + f + PAD) as u16
    }

    /// (column, row) of a square index.
    pub fn coords(&self, sq: u16) -> (usize, usize) {
        let (x, y) = self.xy[sq as usize];
        debug_assert!(x >= 0 && y >= 0, "square {sq} is off the board");
        (x as usize, y as usize)
    }

    /// Every board square, top rank first.
    pub fn squares(&self) -> impl Iterator<Item = u16> + '_ {
        let (files, ranks) = (self.rules.files as usize, self.rules.ranks as usize);
        (0..ranks).flat_map(move |r| (0..files).map(move |f| self.square(f, r)))
    }

    /// The piece on a square: (kind, side).
    pub fn piece_at(&self, sq: u16) -> Option<(u8, Side)> {
        let c = self.cells[sq as usize];
        is_piece(c).then(|| (kind_of(c), side_of(c)))
    }

    /// The squares of `side`'s pieces on the board, in no order.
    pub fn pieces(&self, side: Side) -> &[u16] {
        &self.pieces[side]
    }

    /// How many of a kind a side holds in hand.
    pub fn in_hand(&self, side: Side, kind: u8) -> u8 {
        self.hands[side][kind as usize]
    }

    /// The side has a royal piece left.
    pub fn has_royal(&self, side: Side) -> bool {
        self.royals[side] > 0
    }

    fn put(&mut self, sq: u16, cell: u16) {
        let (k, s) = (kind_of(cell), side_of(cell));
        self.cells[sq as usize] = cell;
        self.slot[sq as usize] = self.pieces[s].len() as u16;
        self.pieces[s].push(sq);
        self.key ^= self.zobrist.piece[self.zkey(k, s, sq)];
        if self.rules.kinds[k as usize].royal {
            self.royals[s] += 1;
        }
    }

    fn take(&mut self, sq: u16) -> u16 {
        let cell = self.cells[sq as usize];
        let (k, s) = (kind_of(cell), side_of(cell));
        self.cells[sq as usize] = EMPTY;
        let i = self.slot[sq as usize] as usize;
        let last = self.pieces[s].pop().expect("a piece");
        if last != sq {
            self.pieces[s][i] = last;
            self.slot[last as usize] = i as u16;
        }
        self.key ^= self.zobrist.piece[self.zkey(k, s, sq)];
        if self.rules.kinds[k as usize].royal {
            self.royals[s] -= 1;
        }
        cell
    }

    #[inline]
    fn zkey(&self, kind: u8, side: Side, sq: u16) -> usize {
        (kind as usize * 2 + side) * self.cells.len() + sq as usize
    }

    fn hand_add(&mut self, side: Side, kind: u8, delta: i8) {
        let k = kind as usize;
        let z = |n: u8| (k * 2 + side) * (HAND_MAX + 1) + (n as usize).min(HAND_MAX);
        self.key ^= self.zobrist.hand[z(self.hands[side][k])];
        self.hands[side][k] = (self.hands[side][k] as i16 + delta as i16) as u8;
        self.key ^= self.zobrist.hand[z(self.hands[side][k])];
    }

    fn set_lion_capture(&mut self, sq: u16) {
        if self.lion_capture != NO_SQUARE {
            self.key ^= self.zobrist.lion[self.lion_capture as usize];
        }
        self.lion_capture = sq;
        if sq != NO_SQUARE {
            self.key ^= self.zobrist.lion[sq as usize];
        }
    }

    /// The rank distance of a square from `side`'s last rank (0 on the last rank).
    #[inline]
    fn depth(&self, sq: u16, side: Side) -> u8 {
        let r = self.coords(sq).1;
        if side == 0 {
            r as u8
        } else {
            (self.rules.ranks as usize - 1 - r) as u8
        }
    }

    #[inline]
    fn delta(&self, dx: i8, dy: i8, side: Side) -> isize {
        let d = dx as isize - dy as isize * self.stride as isize;
        if side == 0 {
            d
        } else {
            -d
        }
    }

    /// The distance between two squares in king steps.
    pub fn distance(&self, a: u16, b: u16) -> usize {
        let (af, ar) = self.coords(a);
        let (bf, br) = self.coords(b);
        af.abs_diff(bf).max(ar.abs_diff(br))
    }

    // ---------------------------------------------------------------------------------
    // SFEN

    /// Parses `<board> <side> <hand or lion square> [<move number>]`.
    pub fn from_sfen(id: VariantId, sfen: &str) -> Result<VPosition, VariantError> {
        let err = |m: String| Err(VariantError(m));
        let mut pos = VPosition::empty(id);
        let rules = pos.rules;
        let fields: Vec<&str> = sfen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 4 {
            return err(format!(
                "a {} SFEN has 3 or 4 fields: board, side, {}, move number",
                rules.name,
                if rules.drops {
                    "hands"
                } else {
                    "lion-capture square"
                }
            ));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != rules.ranks as usize {
            return err(format!(
                "{} ranks where {} has {}",
                rows.len(),
                rules.name,
                rules.ranks
            ));
        }
        for (r, row) in rows.iter().enumerate() {
            let mut f = 0usize;
            let chars: Vec<char> = row.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                if chars[i].is_ascii_digit() {
                    let mut n = 0usize;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        n = n
                            .saturating_mul(10)
                            .saturating_add(chars[i].to_digit(10).expect("digit") as usize);
                        i += 1;
                    }
                    if n == 0 {
                        return err(format!("rank {}: an empty count of 0", r + 1));
                    }
                    f = f.saturating_add(n);
                    continue;
                }
                let plus = chars[i] == '+';
                if plus {
                    i += 1;
                }
                let Some(&c) = chars.get(i) else {
                    return err(format!("rank {}: '+' without a piece", r + 1));
                };
                i += 1;
                // A dressed letter (`c'`, `l!`): the variants with more kinds than letters.
                let dress = match chars.get(i) {
                    Some(&d @ ('\'' | '!')) => {
                        i += 1;
                        Some(d)
                    }
                    _ => None,
                };
                let mut name = format!("{}{}", if plus { "+" } else { "" }, c.to_ascii_lowercase());
                name.extend(dress);
                let Some(kind) = rules.kind_index(&name) else {
                    return err(format!("{} has no piece {name:?}", rules.name));
                };
                if f >= rules.files as usize {
                    return err(format!(
                        "rank {} has more than the {} squares of {}",
                        r + 1,
                        rules.files,
                        rules.name
                    ));
                }
                let side = if c.is_ascii_uppercase() { 0 } else { 1 };
                let sq = pos.square(f, r);
                pos.put(sq, cell_of(kind, side));
                f += 1;
            }
            if f != rules.files as usize {
                return err(format!(
                    "rank {} has {f} squares where {} has {}",
                    r + 1,
                    rules.name,
                    rules.files
                ));
            }
        }
        pos.side = match fields[1] {
            "b" => 0,
            "w" => 1,
            s => return err(format!("side to move {s:?}: 'b' or 'w'")),
        };
        if pos.side == 1 {
            pos.key ^= pos.zobrist.side;
        }
        if let Some(&third) = fields.get(2) {
            if rules.drops {
                pos.parse_hands(third)?;
            } else if third != "-" {
                let Some(sq) = pos.parse_square(third) else {
                    return err(format!("lion-capture square {third:?}"));
                };
                pos.set_lion_capture(sq);
            }
        }
        if let Some(&n) = fields.get(3) {
            pos.ply = n
                .parse()
                .ok()
                .filter(|&n| (1..u32::MAX / 2).contains(&n))
                .ok_or_else(|| VariantError(format!("move number {n:?}")))?;
        }
        pos.validate()?;
        Ok(pos)
    }

    fn parse_hands(&mut self, text: &str) -> Result<(), VariantError> {
        if text == "-" {
            return Ok(());
        }
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let mut n = 0usize;
            let mut digits = false;
            while i < chars.len() && chars[i].is_ascii_digit() {
                n = n
                    .saturating_mul(10)
                    .saturating_add(chars[i].to_digit(10).expect("digit") as usize);
                i += 1;
                digits = true;
            }
            let Some(&c) = chars.get(i) else {
                return Err(VariantError(format!(
                    "hands {text:?}: a count without a piece"
                )));
            };
            i += 1;
            let n = if digits { n } else { 1 };
            let kind = self
                .rules
                .kind_index(&c.to_ascii_lowercase().to_string())
                .filter(|&k| !self.rules.kinds[k as usize].royal)
                .ok_or_else(|| VariantError(format!("hands: {c:?} is not a piece in hand")))?;
            if n == 0 || n > HAND_MAX {
                return Err(VariantError(format!("hands: {n} of {c}")));
            }
            let side = if c.is_ascii_uppercase() { 0 } else { 1 };
            for _ in 0..n {
                self.hand_add(side, kind, 1);
            }
        }
        Ok(())
    }

    fn validate(&self) -> Result<(), VariantError> {
        let r = self.rules;
        for side in 0..2 {
            let kings = self.pieces[side]
                .iter()
                .filter(|&&sq| {
                    r.kinds[kind_of(self.cells[sq as usize]) as usize]
                        .piece
                        .code
                        == "K"
                })
                .count();
            if r.check_rule && kings != 1 {
                return Err(VariantError(format!(
                    "{} has {kings} kings; {} needs one each",
                    if side == 0 { "Black" } else { "White" },
                    r.name
                )));
            }
            // Without the check rule a side may have lost its royals: the game is over.
            if !r.check_rule && kings > 1 {
                return Err(VariantError(format!(
                    "{} has {kings} kings; {} allows one",
                    if side == 0 { "Black" } else { "White" },
                    r.name
                )));
            }
        }
        if r.shogi_drop_rules {
            for side in 0..2 {
                let mut pawn_files = Vec::new();
                for &sq in &self.pieces[side] {
                    let k = &r.kinds[kind_of(self.cells[sq as usize]) as usize];
                    if self.depth(sq, side) < k.dead_ranks {
                        return Err(VariantError(format!(
                            "a {} that can never move again",
                            k.piece.name.to_lowercase()
                        )));
                    }
                    if k.piece.code == "P" {
                        let f = self.coords(sq).0;
                        if pawn_files.contains(&f) {
                            return Err(VariantError("two pawns on a file".into()));
                        }
                        pawn_files.push(f);
                    }
                }
            }
        }
        if r.check_rule && self.in_check(1 - self.side) {
            return Err(VariantError("the side not to move is in check".into()));
        }
        Ok(())
    }

    /// The position as SFEN.
    pub fn to_sfen(&self) -> String {
        let r = self.rules;
        let mut s = String::new();
        for row in 0..r.ranks as usize {
            if row > 0 {
                s.push('/');
            }
            let mut empty = 0;
            for f in 0..r.files as usize {
                match self.piece_at(self.square(f, row)) {
                    None => empty += 1,
                    Some((k, side)) => {
                        if empty > 0 {
                            let _ = write!(s, "{empty}");
                            empty = 0;
                        }
                        let name = r.kinds[k as usize].sfen;
                        s.push_str(&if side == 0 {
                            name.to_ascii_uppercase()
                        } else {
                            name.to_owned()
                        });
                    }
                }
            }
            if empty > 0 {
                let _ = write!(s, "{empty}");
            }
        }
        s.push_str(if self.side == 0 { " b " } else { " w " });
        if r.drops {
            let mut hand = String::new();
            for side in 0..2 {
                for (k, kind) in r.kinds.iter().enumerate() {
                    let n = self.hands[side][k];
                    if n > 0 {
                        if n > 1 {
                            let _ = write!(hand, "{n}");
                        }
                        hand.push_str(&if side == 0 {
                            kind.sfen.to_ascii_uppercase()
                        } else {
                            kind.sfen.to_owned()
                        });
                    }
                }
            }
            s.push_str(if hand.is_empty() { "-" } else { &hand });
        } else if self.lion_capture != NO_SQUARE {
            s.push_str(&self.square_name(self.lion_capture));
        } else {
            s.push('-');
        }
        let _ = write!(s, " {}", self.ply);
        s
    }

    /// A square's name: file number from the right, rank letter from the top (`12a`).
    pub fn square_name(&self, sq: u16) -> String {
        let (f, r) = self.coords(sq);
        format!(
            "{}{}",
            self.rules.files as usize - f,
            (b'a' + r as u8) as char
        )
    }

    /// Parses a square name.
    pub fn parse_square(&self, text: &str) -> Option<u16> {
        let digits: String = text.chars().take_while(|c| c.is_ascii_digit()).collect();
        let rest = &text[digits.len()..];
        let file: usize = digits.parse().ok()?;
        let mut rank_chars = rest.chars();
        let rank = rank_chars.next()?;
        if rank_chars.next().is_some() || !rank.is_ascii_lowercase() {
            return None;
        }
        let r = (rank as u8 - b'a') as usize;
        let files = self.rules.files as usize;
        if file == 0 || file > files || r >= self.rules.ranks as usize {
            return None;
        }
        Some(self.square(files - file, r))
    }

    /// A move in USI: `7g7f`, `7g7f+`, `P*5e` (`+P*4d`: micro shogi's promoted side; `2d2c-`:
    /// its promoted piece turning back), and a double move as three squares, `6f5e6d`.
    pub fn move_text(&self, m: VMove) -> String {
        if m.drop > 0 {
            let kind = &self.rules.kinds[m.drop as usize - 1];
            return format!(
                "{}*{}",
                kind.sfen.to_ascii_uppercase(),
                self.square_name(m.to)
            );
        }
        let mut s = self.square_name(m.from);
        for mid in [m.mid, m.mid2] {
            if mid != NO_SQUARE {
                s.push_str(&self.square_name(mid));
            }
        }
        s.push_str(&self.square_name(m.to));
        if m.promote {
            // Micro shogi: a promoted piece that captures turns back, written `-` as
            // fairy-stockfish writes it.
            let back = self
                .piece_at(m.from)
                .is_some_and(|(k, _)| self.rules.kinds[k as usize].promoted);
            s.push(if back { '-' } else { '+' });
        }
        s
    }

    /// The legal move written `text`, or why there is none.
    pub fn parse_move(&mut self, text: &str) -> Result<VMove, VariantError> {
        let err = |m: String| Err(VariantError(m));
        let legal = self.legal_moves();
        if let Some(m) = legal.iter().find(|&&m| self.move_text(m) == text) {
            return Ok(*m);
        }
        // Say what is wrong.
        if let Some((piece, to)) = text.split_once('*') {
            if self.parse_square(to).is_none() {
                return err(format!(
                    "{text}: no square {to:?} on the {} board",
                    self.rules.name
                ));
            }
            return err(format!("{text}: not a legal drop of {piece} here"));
        }
        let body = text.strip_suffix(['+', '-']).unwrap_or(text);
        let mut squares = Vec::new();
        let mut rest = body;
        while !rest.is_empty() {
            let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
            if digits == 0 || rest.len() < digits + 1 || !rest.is_char_boundary(digits + 1) {
                return err(format!(
                    "{text}: not a move in {} notation",
                    self.rules.name
                ));
            }
            let (name, tail) = rest.split_at(digits + 1);
            match self.parse_square(name) {
                Some(sq) => squares.push(sq),
                None => {
                    return err(format!(
                        "{text}: no square {name:?} on the {} board",
                        self.rules.name
                    ))
                }
            }
            rest = tail;
        }
        match squares.len() {
            2..=4 => err(format!("{text}: not a legal move in this position")),
            _ => err(format!(
                "{text}: a move is two squares, three for a double move, four for a lion dog's \
                 triple move"
            )),
        }
    }

    /// A board diagram with the hands, for `d`.
    pub fn diagram(&self) -> String {
        let r = self.rules;
        let w = if r.kinds.iter().any(|k| k.sfen.len() > 2) {
            4
        } else if r.files > 9 || r.kinds.iter().any(|k| k.sfen.len() > 1) {
            3
        } else {
            2
        };
        let mut s = String::new();
        for f in 0..r.files as usize {
            let _ = write!(s, "{:>w$}", r.files as usize - f);
        }
        s.push('\n');
        for row in 0..r.ranks as usize {
            for f in 0..r.files as usize {
                let text = match self.piece_at(self.square(f, row)) {
                    None => " .".to_owned(),
                    Some((k, side)) => {
                        let name = r.kinds[k as usize].sfen;
                        if side == 0 {
                            name.to_ascii_uppercase()
                        } else {
                            name.to_owned()
                        }
                    }
                };
                let _ = write!(s, "{text:>w$}");
            }
            let _ = writeln!(s, "  {}", (b'a' + row as u8) as char);
        }
        if r.drops {
            for side in [1, 0] {
                let mut hand = Vec::new();
                for (k, kind) in r.kinds.iter().enumerate() {
                    let n = self.hands[side][k];
                    if n > 0 {
                        hand.push(format!(
                            "{}{}",
                            kind.sfen.to_ascii_uppercase(),
                            if n > 1 {
                                format!("x{n}")
                            } else {
                                String::new()
                            }
                        ));
                    }
                }
                let _ = writeln!(
                    s,
                    "{} in hand: {}",
                    if side == 0 { "Black" } else { "White" },
                    if hand.is_empty() {
                        "-".to_owned()
                    } else {
                        hand.join(" ")
                    }
                );
            }
        }
        let _ = write!(
            s,
            "{} to move; sfen {}",
            if self.side == 0 { "Black" } else { "White" },
            self.to_sfen()
        );
        s
    }

    // ---------------------------------------------------------------------------------
    // Make and unmake

    /// Plays a move (which must come from `legal_moves`).
    pub fn make_move(&mut self, m: VMove) -> Undo {
        let side = self.side;
        let undo = Undo {
            moved: if m.drop > 0 {
                EMPTY
            } else {
                self.cells[m.from as usize]
            },
            captured: EMPTY,
            mid_captured: EMPTY,
            mid2_captured: EMPTY,
            key: self.key,
            lion_capture: self.lion_capture,
            burnt: [EMPTY; 8],
            mover_burnt: false,
        };
        let mut undo = undo;
        self.set_lion_capture(NO_SQUARE);
        if m.drop > 0 {
            let kind = m.drop - 1;
            self.hand_add(side, self.rules.kinds[kind as usize].base, -1);
            self.put(m.to, cell_of(kind, side));
        } else {
            let cell = self.take(m.from);
            let mover = kind_of(cell);
            let mover_lion = self.rules.kinds[mover as usize].lion;
            if m.mid != NO_SQUARE && is_piece(self.cells[m.mid as usize]) {
                let c = self.take(m.mid);
                undo.mid_captured = c;
                self.captured(c, m.mid, mover_lion);
            }
            if m.mid2 != NO_SQUARE && is_piece(self.cells[m.mid2 as usize]) {
                let c = self.take(m.mid2);
                undo.mid2_captured = c;
                self.captured(c, m.mid2, mover_lion);
            }
            if is_piece(self.cells[m.to as usize]) {
                let c = self.take(m.to);
                undo.captured = c;
                self.captured(c, m.to, mover_lion);
            }
            let kind = if m.promote {
                self.rules.kinds[mover as usize]
                    .promotes_to
                    .expect("a promotion of a piece that promotes")
            } else {
                mover
            };
            self.put(m.to, cell_of(kind, side));
            if self.rules.burning {
                self.burn(m.to, mover, &mut undo);
            }
        }
        self.side ^= 1;
        self.key ^= self.zobrist.side;
        self.ply += 1;
        undo
    }

    fn captured(&mut self, cell: u16, sq: u16, mover_lion: bool) {
        let k = &self.rules.kinds[kind_of(cell) as usize];
        if self.rules.lion_trading && k.lion && !mover_lion {
            self.set_lion_capture(sq);
        }
        if self.rules.drops {
            self.hand_add(self.side, k.base, 1);
        }
    }

    /// The squares around `sq`, in a fixed order.
    #[inline]
    fn neighbours(&self, sq: u16) -> [u16; 8] {
        let (s, q) = (self.stride as isize, sq as isize);
        [-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1].map(|d| (q + d) as u16)
    }

    /// Tenjiku's burning, after the piece of kind `mover` (before any promotion) ended its
    /// move on `to`: a fire demon burns every enemy around it; any other piece that ends next
    /// to an enemy fire demon is burnt itself. (The mover's own burning comes first, so a fire
    /// demon that ends next to an enemy one burns it and survives.)
    fn burn(&mut self, to: u16, mover: u8, undo: &mut Undo) {
        let side = self.side;
        let around = self.neighbours(to);
        if self.rules.kinds[mover as usize].special == Special::FireDemon {
            for (i, &sq) in around.iter().enumerate() {
                let c = self.cells[sq as usize];
                if is_piece(c) && side_of(c) != side {
                    self.take(sq);
                    undo.burnt[i] = c;
                    self.captured(c, sq, false);
                }
            }
        } else if around.iter().any(|&sq| {
            let c = self.cells[sq as usize];
            is_piece(c)
                && side_of(c) != side
                && self.rules.kinds[kind_of(c) as usize].special == Special::FireDemon
        }) {
            self.take(to);
            undo.mover_burnt = true;
        }
    }

    /// Passes the move to the other side (the search's null move); returns what
    /// `unmake_null_move` needs.
    pub fn make_null_move(&mut self) -> u16 {
        let lion_capture = self.lion_capture;
        self.set_lion_capture(NO_SQUARE);
        self.side ^= 1;
        self.ply += 1;
        self.key ^= self.zobrist.side;
        lion_capture
    }

    /// Takes back `make_null_move`, which returned `lion_capture`.
    pub fn unmake_null_move(&mut self, lion_capture: u16) {
        self.key ^= self.zobrist.side;
        self.side ^= 1;
        self.ply -= 1;
        self.set_lion_capture(lion_capture);
    }

    /// The number of square indices (the board and its border): every square, and every
    /// move's `from` and `to`, is below it.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// Takes back `m`, played with `make`, which returned `undo`.
    pub fn unmake_move(&mut self, m: VMove, undo: Undo) {
        self.side ^= 1;
        self.ply -= 1;
        let side = self.side;
        if !undo.mover_burnt {
            self.take(m.to);
        }
        if undo.burnt != [EMPTY; 8] {
            for (i, sq) in self.neighbours(m.to).into_iter().enumerate() {
                if undo.burnt[i] != EMPTY {
                    self.put(sq, undo.burnt[i]);
                }
            }
        }
        if m.drop > 0 {
            let kind = m.drop - 1;
            self.hand_add(side, self.rules.kinds[kind as usize].base, 1);
        } else {
            for (cell, sq) in [
                (undo.captured, m.to),
                (undo.mid2_captured, m.mid2),
                (undo.mid_captured, m.mid),
            ] {
                if cell != EMPTY {
                    self.put(sq, cell);
                    if self.rules.drops {
                        let base = self.rules.kinds[kind_of(cell) as usize].base;
                        self.hand_add(side, base, -1);
                    }
                }
            }
            self.put(m.from, undo.moved);
        }
        self.lion_capture = undo.lion_capture;
        self.key = undo.key;
    }

    // ---------------------------------------------------------------------------------
    // Attacks

    /// Whether the piece `kind` of `side` on `from` reaches `target` with an ordinary
    /// (capturing) move, counting the squares in `empty` as empty.
    fn reaches(&self, from: u16, kind: &Kind, side: Side, target: u16, empty: &[u16]) -> bool {
        let occupied = |sq: usize| {
            let c = self.cells[sq];
            c != EMPTY && !empty.contains(&(sq as u16))
        };
        // The target's offset from the piece, in the mover's frame (dy forward).
        let ((fx, fy), (tx, ty)) = (self.xy[from as usize], self.xy[target as usize]);
        let (ox, oy) = if side == 0 {
            (tx - fx, fy - ty)
        } else {
            (fx - tx, ty - fy)
        };
        let radius = i16::from(self.rules.files.max(self.rules.ranks)) - 1;
        let entry = kind.hits[((oy + radius) * (2 * radius + 1) + ox + radius) as usize];
        match entry {
            0 => false,
            HIT_MANY => kind.rays.iter().any(|ray| {
                let (dx, dy) = (i16::from(ray.dx), i16::from(ray.dy));
                // The target k steps along the ray.
                let k = if dx != 0 { ox / dx } else { oy / dy };
                capture_steps(ray, i32::from(radius)).contains(&i32::from(k))
                    && (dx * k, dy * k) == (ox, oy)
                    && self.ray_reaches(from, ray, k as isize, side, &occupied)
            }),
            _ => {
                let ray = &kind.rays[usize::from(entry & 0xff) - 1];
                self.ray_reaches(from, ray, (entry >> 8) as isize, side, &occupied)
            }
        }
    }

    /// Whether `ray` of a piece of `side` on `from` reaches the square `k` steps along it
    /// (a leap: its one square): a leap not blocked where it is lame, a slide whose squares
    /// before it are empty.
    #[inline]
    fn ray_reaches(
        &self,
        from: u16,
        ray: &super::betza::Ray,
        k: isize,
        side: Side,
        occupied: &impl Fn(usize) -> bool,
    ) -> bool {
        if ray.leap {
            return !(ray.lame && self.lame_blocked(from, ray.dx, ray.dy, side, occupied));
        }
        let d = self.delta(ray.dx, ray.dy, side);
        let first = if ray.skip { 2 } else { 1 };
        (first..k).all(|i| !occupied((from as isize + d * i) as usize))
    }

    fn lame_blocked(
        &self,
        from: u16,
        dx: i8,
        dy: i8,
        side: Side,
        occupied: &dyn Fn(usize) -> bool,
    ) -> bool {
        // The squares on the straight line between (D, A, H, G); oblique leaps are not lame here.
        let steps = dx.abs().max(dy.abs());
        if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
            return false;
        }
        let d = self.delta(dx.signum(), dy.signum(), side);
        (1..steps as isize).any(|k| occupied((from as isize + d * k) as usize))
    }

    /// Whether `side`'s pieces attack `target` (ordinary moves; squares in `empty` count as
    /// empty for the paths of sliding moves, but a piece standing on one still attacks: as
    /// lishogi rules, a pawn or go-between that a lion takes on its first step still protects).
    pub fn attacked_by(&self, target: u16, side: Side, empty: &[u16]) -> bool {
        self.pieces[side].iter().any(|&sq| {
            sq != target
                && self.reaches(
                    sq,
                    &self.rules.kinds[kind_of(self.cells[sq as usize]) as usize],
                    side,
                    target,
                    empty,
                )
        })
    }

    /// The least valuable (by `value`) of `side`'s pieces that attack `target` by their
    /// ordinary moves, leaving out the pieces on `gone` (their squares count as empty for
    /// slides): the next capturer in an exchange on `target`. Its square and kind.
    pub fn least_attacker(
        &self,
        target: u16,
        side: Side,
        gone: &[u16],
        value: impl Fn(u8) -> i32,
    ) -> Option<(u16, u8)> {
        let mut best: Option<(i32, u16, u8)> = None;
        for &sq in &self.pieces[side] {
            if sq == target || gone.contains(&sq) {
                continue;
            }
            let k = kind_of(self.cells[sq as usize]);
            let v = value(k);
            if best.is_some_and(|(b, _, _)| v >= b) {
                continue;
            }
            if self.reaches(sq, &self.rules.kinds[k as usize], side, target, gone) {
                best = Some((v, sq, k));
            }
        }
        best.map(|(_, sq, k)| (sq, k))
    }

    /// Calls `f(from, kind, to)` for every square `to` that `side`'s piece of `kind` on `from`
    /// attacks (could capture on, were an enemy there) by its ordinary moves, whatever stands
    /// on `to`. Only the steps, leaps and slides of the Betza rays: a board whose pieces have
    /// special moves (`Rules::line_pins` false) gets those moves' attacks left out.
    pub fn for_each_attack(&self, side: Side, f: &mut impl FnMut(u16, u8, u16)) {
        for &from in &self.pieces[side] {
            let kind_index = kind_of(self.cells[from as usize]);
            let kind = &self.rules.kinds[kind_index as usize];
            for ray in &kind.rays {
                if ray.mode == super::betza::Mode::Move {
                    continue;
                }
                let d = self.delta(ray.dx, ray.dy, side);
                if ray.leap {
                    let to = (from as isize + d) as u16;
                    if self.cells[to as usize] != OFF
                        && !(ray.lame
                            && self.lame_blocked(from, ray.dx, ray.dy, side, &|sq| {
                                self.cells[sq] != EMPTY
                            }))
                    {
                        f(from, kind_index, to);
                    }
                    continue;
                }
                self.walk_slide(from, d, ray, &mut |t, _| f(from, kind_index, t));
            }
        }
    }

    /// The squares a slide along `ray` from `from` (by `d` a step) reaches: `f(square,
    /// cell)` for each, within the ray's range, up to and including the first that is not
    /// empty (a skipping slide's first square neither counts nor blocks).
    fn walk_slide(
        &self,
        from: u16,
        d: isize,
        ray: &super::betza::Ray,
        f: &mut impl FnMut(u16, u16),
    ) {
        let mut t = from as isize;
        let mut n = 0u8;
        loop {
            t += d;
            n = n.saturating_add(1);
            let c = self.cells[t as usize];
            if c == OFF {
                break;
            }
            if ray.skip && n == 1 {
                continue;
            }
            f(t as u16, c);
            if c != EMPTY || (ray.range != 0 && n >= ray.range) {
                break;
            }
        }
    }

    /// Calls `f(sq)` for every empty square from which `side`'s piece of `kind`, dropped
    /// there, would attack `target` by a step, leap or slide (the squares a drop would check
    /// a royal from). Lame leaps are left out.
    pub fn for_each_drop_check(&self, side: Side, kind: u8, target: u16, f: &mut impl FnMut(u16)) {
        for ray in &self.rules.kinds[kind as usize].rays {
            if ray.mode == super::betza::Mode::Move || ray.lame {
                continue;
            }
            // Backwards from the target along the ray.
            let d = -self.delta(ray.dx, ray.dy, side);
            if ray.leap {
                let t = (target as isize + d) as u16;
                if self.cells[t as usize] == EMPTY {
                    f(t);
                }
                continue;
            }
            self.walk_slide(target, d, ray, &mut |t, c| {
                if c == EMPTY {
                    f(t);
                }
            });
        }
    }

    /// Whether `side`'s king is attacked.
    pub fn in_check(&self, side: Side) -> bool {
        self.pieces[side].iter().any(|&sq| {
            self.rules.kinds[kind_of(self.cells[sq as usize]) as usize].royal
                && self.attacked_by(sq, 1 - side, &[])
        })
    }

    /// The game's end by the variant's rules, if it is over: a side without a royal piece
    /// loses; in chu shogi (lishogi's rules) a bare king loses and two bare kings draw.
    /// (No legal move, and repetitions, are the caller's: they need the moves and the game.)
    pub fn outcome(&self) -> Option<super::rules::Verdict> {
        use super::rules::Verdict;
        let side = self.side;
        if !self.has_royal(side) {
            return Some(Verdict::Loses(side));
        }
        if !self.rules.bare_king {
            return None;
        }
        for c in [side, 1 - side] {
            if self.bared(c) {
                return Some(Verdict::Loses(c));
            }
        }
        let lone = |c: Side| {
            self.royals[c] == 1 && self.pieces[c].iter().filter(|&&sq| !self.dead(sq)).count() == 1
        };
        if lone(0) && lone(1) && !self.in_check(0) && !self.in_check(1) {
            return Some(Verdict::Draw);
        }
        None
    }

    /// lishogi's bare king: `c` has its king alone (pawns and lances on its last rank do not
    /// count), the other side its king, not in check, and more than one piece besides pawns,
    /// go-betweens and lances on its last rank: two or more, or one that the bare king does not
    /// stand next to (nor next to the king).
    fn bared(&self, c: Side) -> bool {
        let code = |sq: u16| {
            self.rules.kinds[kind_of(self.cells[sq as usize]) as usize]
                .piece
                .code
        };
        if self.royals[c] != 1 || self.royals[1 - c] != 1 {
            return false;
        }
        if self.pieces[c].iter().filter(|&&sq| !self.dead(sq)).count() != 1 {
            return false;
        }
        let theirs: Vec<u16> = self.pieces[1 - c]
            .iter()
            .copied()
            .filter(|&sq| !matches!(code(sq), "P" | "GB") && !self.dead(sq))
            .collect();
        if theirs.len() < 2 || self.in_check(1 - c) {
            return false;
        }
        let king = self.pieces[c]
            .iter()
            .copied()
            .find(|&sq| self.rules.kinds[kind_of(self.cells[sq as usize]) as usize].royal)
            .expect("a royal piece");
        theirs.len() > 2 || theirs.iter().all(|&sq| self.distance(king, sq) > 1)
    }

    /// An unpromoted pawn or lance on its side's last rank, which lishogi's bare-king rule
    /// does not count.
    fn dead(&self, sq: u16) -> bool {
        let c = self.cells[sq as usize];
        matches!(self.rules.kinds[kind_of(c) as usize].piece.code, "P" | "L")
            && self.depth(sq, side_of(c)) == 0
    }

    /// Whether the side to move is in check: one of its royal pieces could be taken (or, in
    /// tenjiku, burnt) by a move of the other side, were it the other side's turn. Exact for
    /// every special move: Betza's rays (`in_check`) see every capture but those of hook turns,
    /// area moves, jumps, leaps beyond the lion's and burning, which the move generator of the
    /// pieces that have them is asked for.
    pub fn in_check_now(&mut self) -> bool {
        let side = self.side;
        // Betza's rays are every capture of the pieces without special captures.
        if self.in_check(side) {
            return true;
        }
        let royal = |pos: &VPosition, sq: u16| {
            sq != NO_SQUARE && {
                let c = pos.cells[sq as usize];
                is_piece(c) && side_of(c) == side && pos.rules.kinds[kind_of(c) as usize].royal
            }
        };
        // The other side's pieces whose captures Betza does not say, moving as if on move.
        let mut moves = Vec::new();
        self.side ^= 1;
        for &sq in &self.pieces[self.side] {
            let kind = &self.rules.kinds[kind_of(self.cells[sq as usize]) as usize];
            if !kind.special.betza_captures() {
                self.piece_moves(sq, &mut moves);
            }
        }
        self.side ^= 1;
        moves.iter().any(|m| {
            [m.to, m.mid, m.mid2]
                .into_iter()
                .any(|sq| sq != m.from && royal(self, sq))
                || (self.rules.burning
                    && self.rules.kinds[kind_of(self.cells[m.from as usize]) as usize].special
                        == Special::FireDemon
                    && self.neighbours(m.to).into_iter().any(|sq| royal(self, sq)))
        })
    }

    // ---------------------------------------------------------------------------------
    // Move generation

    /// The moves of the side to move under the variant's rules; none when the game is over
    /// by the loss of the last royal piece.
    pub fn legal_moves(&mut self) -> Vec<VMove> {
        let mut moves = Vec::with_capacity(256);
        if !self.has_royal(self.side) {
            return moves;
        }
        self.pseudo_moves(&mut moves);
        if self.rules.check_rule {
            let in_check = self.in_check(self.side);
            moves.retain(|&m| self.is_legal_given(m, in_check));
        }
        moves
    }

    /// `is_legal`, knowing whether the side to move is in check now: where pins run along
    /// lines only (`Rules::line_pins`) and it is not, a drop (other than a pawn's, which may
    /// not mate) and a move from a square off every line through its royal pieces are legal
    /// without being made.
    pub fn is_legal_given(&mut self, m: VMove, in_check: bool) -> bool {
        if !self.rules.check_rule {
            return true;
        }
        if !in_check && self.rules.line_pins {
            if m.drop > 0 {
                let pawn = self.rules.kinds[m.drop as usize - 1].piece.code == "P";
                if !(pawn && self.rules.shogi_drop_rules) {
                    return true;
                }
            } else if let Some((k, _)) = self.piece_at(m.from) {
                if !self.rules.kinds[k as usize].royal && !self.on_royal_line(m.from) {
                    return true;
                }
            }
        }
        self.is_legal(m)
    }

    /// Whether `sq` shares a file, rank or diagonal with a royal piece of the side to move.
    fn on_royal_line(&self, sq: u16) -> bool {
        let (x, y) = self.coords(sq);
        self.pieces[self.side].iter().any(|&r| {
            r != sq && self.rules.kinds[kind_of(self.cells[r as usize]) as usize].royal && {
                let (rx, ry) = self.coords(r);
                x == rx || y == ry || x.abs_diff(rx) == y.abs_diff(ry)
            }
        })
    }

    /// Whether `m`, one of `pseudo_moves`, is legal under the check rule: it leaves no royal
    /// piece of the mover attacked, and, where shogi's drop rules hold, a pawn dropped with
    /// check leaves a legal reply. (Every pseudo move is legal in the variants without the
    /// check rule.)
    pub fn is_legal(&mut self, m: VMove) -> bool {
        if !self.rules.check_rule {
            return true;
        }
        let side = self.side;
        let u = self.make_move(m);
        let mut ok = !self.in_check(side);
        if ok && m.drop > 0 && self.rules.shogi_drop_rules {
            let kind = &self.rules.kinds[m.drop as usize - 1];
            if kind.piece.code == "P" && self.in_check(1 - side) {
                // No mate by a pawn drop.
                ok = self.has_legal_reply();
            }
        }
        self.unmake_move(m, u);
        ok
    }

    /// Whether `m` is a double (or triple) move that takes nothing on its way: a jump, or with
    /// `from == to` a pass.
    pub fn crosses_empty(&self, m: VMove) -> bool {
        m.drop == 0
            && m.mid != NO_SQUARE
            && [m.mid, m.mid2]
                .into_iter()
                .all(|sq| sq == NO_SQUARE || self.piece_at(sq).is_none())
    }

    /// Whether `m` is a pass: a piece steps out and back and takes nothing (a lion's jitto,
    /// the protocols' null move).
    pub fn is_pass(&self, m: VMove) -> bool {
        m.from == m.to && self.crosses_empty(m)
    }

    /// A legal pass, if the side to move has one (every pass leaves the same position).
    pub fn pass_move(&mut self) -> Option<VMove> {
        self.legal_moves().into_iter().find(|&m| self.is_pass(m))
    }

    fn has_legal_reply(&mut self) -> bool {
        let mut moves = Vec::new();
        self.pseudo_moves(&mut moves);
        let side = self.side;
        moves.into_iter().any(|m| {
            let u = self.make_move(m);
            let ok = !self.in_check(side);
            self.unmake_move(m, u);
            ok
        })
    }

    /// The moves by the pieces' powers and the drops, before the check rule.
    pub fn pseudo_moves(&self, out: &mut Vec<VMove>) {
        self.pseudo_board_moves(out);
        if self.rules.drops {
            self.drops(out);
        }
    }

    /// The moves of `pseudo_moves` but the drops (every capture among them), in the same
    /// order.
    pub fn pseudo_board_moves(&self, out: &mut Vec<VMove>) {
        for i in 0..self.pieces[self.side].len() {
            self.piece_moves(self.pieces[self.side][i], out);
        }
    }

    /// The moves of the side to move's piece on `from`, before the check rule.
    fn piece_moves(&self, from: u16, out: &mut Vec<VMove>) {
        let side = self.side;
        let kind_index = kind_of(self.cells[from as usize]);
        let kind = &self.rules.kinds[kind_index as usize];
        let start = out.len();
        for ray in &kind.rays {
            let d = self.delta(ray.dx, ray.dy, side);
            if ray.leap {
                if ray.lame
                    && self.lame_blocked(from, ray.dx, ray.dy, side, &|sq| self.cells[sq] != EMPTY)
                {
                    continue;
                }
                let to = (from as isize + d) as u16;
                self.target(from, to, kind_index, ray.mode, out);
                continue;
            }
            self.walk_slide(from, d, ray, &mut |to, _| {
                self.target(from, to, kind_index, ray.mode, out)
            });
        }
        match kind.special {
            Special::None => {}
            Special::Hook | Special::DiagonalHook => self.hook_moves(from, kind_index, start, out),
            Special::LionDog => self.lion_dog_moves(from, kind, out),
            Special::Lion | Special::HornedFalcon | Special::SoaringEagle => {
                self.double_moves(from, kind, out)
            }
            Special::LionHawk => {
                self.double_moves(from, kind, out);
                self.lion_hawk_slides(from, kind_index, out);
            }
            Special::FreeEagle => self.free_eagle_moves(from, kind_index, out),
            Special::Tetrarchs => self.igui(from, out),
            Special::FireDemon => {
                let mut seen = self.seen(&out[start..]);
                self.area_moves(from, kind_index, &mut seen, out);
            }
            Special::Jumping(rank) => self.jump_captures(from, kind, kind_index, rank, out),
            Special::ViceGeneral => {
                self.jump_captures(from, kind, kind_index, 2, out);
                let mut seen = self.seen(&out[start..]);
                self.area_moves(from, kind_index, &mut seen, out);
            }
        }
    }

    /// A move of the piece on `from` to `to` by an ordinary move of mode `mode`, if the square
    /// allows it; adds it with its promotion choices.
    #[inline]
    fn target(&self, from: u16, to: u16, kind: u8, mode: super::betza::Mode, out: &mut Vec<VMove>) {
        use super::betza::Mode;
        let c = self.cells[to as usize];
        if c == OFF {
            return;
        }
        let capture = c != EMPTY;
        if capture {
            if side_of(c) == self.side || mode == Mode::Move {
                return;
            }
            if self.rules.lion_trading && !self.lion_capture_allowed(from, to, kind) {
                return;
            }
        } else if mode == Mode::Capture {
            return;
        }
        self.with_promotions(from, to, kind, capture, out);
    }

    /// Chu shogi's lion-trading rules for an ordinary capture of the piece on `to`.
    fn lion_capture_allowed(&self, from: u16, to: u16, kind: u8) -> bool {
        let victim = &self.rules.kinds[kind_of(self.cells[to as usize]) as usize];
        if !victim.lion {
            return true;
        }
        if self.rules.kinds[kind as usize].lion {
            // A lion may take a lion that is not next to it only if no enemy piece protects it.
            self.distance(from, to) <= 1 || !self.attacked_by(to, 1 - self.side, &[from])
        } else {
            // After a lion was taken by a non-lion, a non-lion may not take a lion elsewhere.
            self.lion_capture == NO_SQUARE || self.lion_capture == to
        }
    }

    fn with_promotions(&self, from: u16, to: u16, kind: u8, capture: bool, out: &mut Vec<VMove>) {
        let k = &self.rules.kinds[kind as usize];
        if k.promotes_to.is_none() {
            out.push(VMove::normal(from, to, false));
            return;
        }
        let side = self.side;
        match self.rules.promotion {
            Promotion::Zone(depth) => {
                let can = self.depth(from, side) < depth || self.depth(to, side) < depth;
                let must = self.rules.shogi_drop_rules && self.depth(to, side) < k.dead_ranks;
                if can {
                    out.push(VMove::normal(from, to, true));
                }
                if !must {
                    out.push(VMove::normal(from, to, false));
                }
            }
            Promotion::ChuZone(depth) => {
                let (zf, zt) = (self.depth(from, side) < depth, self.depth(to, side) < depth);
                // A piece that could not move from its square unpromoted (lishogi: a pawn or
                // lance on the last rank) may promote there again.
                let stuck = self.depth(to, side) < k.dead_ranks;
                // Entering the zone, or capturing from inside it (a capture that enters it is
                // entering it).
                if (!zf && zt) || (zf && capture) || stuck {
                    out.push(VMove::normal(from, to, true));
                }
                out.push(VMove::normal(from, to, false));
            }
            Promotion::OnCapture | Promotion::FlipOnCapture => {
                out.push(VMove::normal(from, to, capture))
            }
        }
    }

    /// The double moves of a piece with lion power, counted as lishogi counts them: every
    /// (first step, second step) pair, those through an empty square that end where a single
    /// leap ends too included, and the returns to the start (igui, pass).
    fn double_moves(&self, from: u16, kind: &Kind, out: &mut Vec<VMove>) {
        let side = self.side;
        for &(dx, dy) in kind.special.first_steps() {
            let mid = (from as isize + self.delta(dx, dy, side)) as u16;
            let c = self.cells[mid as usize];
            if c == OFF || (c != EMPTY && side_of(c) == side) {
                continue;
            }
            if c != EMPTY && self.rules.lion_trading && !kind.lion {
                // The first step is an ordinary capture for a falcon or eagle.
                let victim = &self.rules.kinds[kind_of(c) as usize];
                if victim.lion && self.lion_capture != NO_SQUARE && self.lion_capture != mid {
                    continue;
                }
            }
            let seconds: &[(i8, i8)] = match kind.special {
                Special::Lion | Special::LionHawk => Special::Lion.first_steps(),
                _ => &[(0, 0), (dx, dy)],
            };
            for &step in seconds {
                let Some(to) = self.second_step(from, mid, step) else {
                    continue;
                };
                let t = self.cells[to as usize];
                if to != from && t != EMPTY && self.rules.lion_trading {
                    let victim = &self.rules.kinds[kind_of(t) as usize];
                    if victim.lion {
                        if kind.lion {
                            let bridge = c != EMPTY && !self.rules.kinds[kind_of(c) as usize].minor;
                            if self.distance(from, to) > 1
                                && !bridge
                                && self.attacked_by(to, 1 - side, &[from, mid])
                            {
                                continue;
                            }
                        } else if self.lion_capture != NO_SQUARE && self.lion_capture != to {
                            continue;
                        }
                    }
                }
                let capture = c != EMPTY || (to != from && t != EMPTY);
                out.push(VMove::double(
                    from,
                    mid,
                    to,
                    capture && self.promotes_by_capture(kind),
                ));
            }
        }
    }

    /// Where a double move's second step `(ex, ey)` from `mid` ends ((0, 0): back on `from`),
    /// if it may end there (on the board, not on a piece of the mover's side).
    fn second_step(&self, from: u16, mid: u16, (ex, ey): (i8, i8)) -> Option<u16> {
        let to = if (ex, ey) == (0, 0) {
            from
        } else {
            (mid as isize + self.delta(ex, ey, self.side)) as u16
        };
        if to == from {
            // Home (igui, a pass), whichever step leads there: the mover still stands on it.
            return Some(from);
        }
        let t = self.cells[to as usize];
        (t != OFF && (t == EMPTY || side_of(t) != self.side)).then_some(to)
    }

    /// Promotion by capture applies to this kind (it promotes, and the variant says so).
    #[inline]
    fn promotes_by_capture(&self, kind: &Kind) -> bool {
        self.rules.promotion == Promotion::OnCapture && kind.promotes_to.is_some()
    }

    /// A hook mover's (or long-nosed goblin's) moves that turn: from any empty square of a
    /// straight slide, a slide at a right angle. The straight slides are its Betza moves,
    /// already in `out` from `start`; a square reached both ways is one move.
    fn hook_moves(&self, from: u16, kind: u8, start: usize, out: &mut Vec<VMove>) {
        let side = self.side;
        let lines: [(i8, i8); 4] = if self.rules.kinds[kind as usize].special == Special::Hook {
            [(0, 1), (1, 0), (0, -1), (-1, 0)]
        } else {
            [(1, 1), (1, -1), (-1, -1), (-1, 1)]
        };
        let mut seen = vec![false; self.cells.len()];
        for m in &out[start..] {
            seen[m.to as usize] = true;
        }
        for &(dx, dy) in &lines {
            let d = self.delta(dx, dy, side);
            let mut corner = from as isize + d;
            while self.cells[corner as usize] == EMPTY {
                for (tx, ty) in [(-dy, dx), (dy, -dx)] {
                    let e = self.delta(tx, ty, side);
                    let mut t = corner + e;
                    loop {
                        let c = self.cells[t as usize];
                        if c == OFF || (c != EMPTY && side_of(c) == side) {
                            break;
                        }
                        if !seen[t as usize] {
                            seen[t as usize] = true;
                            self.target(from, t as u16, kind, super::betza::Mode::Both, out);
                        }
                        if c != EMPTY {
                            break;
                        }
                        t += e;
                    }
                }
                corner += d;
            }
        }
    }

    /// The lion dog's moves beyond its plain leaps (Betza `KADHG`): along each of the eight
    /// lines with squares s1, s2, s3, the captures on the way, written by the squares where it
    /// captures before it ends: s1 then back home (igui), s1 then s2, s1 then s3 (s2 empty),
    /// s1 and s2 then s3, s1 and s2 then back to s1, s2 then s3, s2 then back to s1 (s1 empty);
    /// and the pass, out to an empty s1 and home.
    fn lion_dog_moves(&self, from: u16, kind: &Kind, out: &mut Vec<VMove>) {
        let side = self.side;
        let promote = self.promotes_by_capture(kind);
        let cell = |sq: isize| self.cells[sq as usize];
        let enemy = |c: u16| is_piece(c) && side_of(c) != side;
        // May end on: on the board, not a friend.
        let open = |c: u16| c == EMPTY || enemy(c);
        let mut push = |mid: isize, mid2: isize, to: isize, capture: bool| {
            let sq = |x: isize| if x < 0 { NO_SQUARE } else { x as u16 };
            out.push(VMove {
                from,
                mid: sq(mid),
                mid2: sq(mid2),
                to: to as u16,
                drop: 0,
                promote: capture && promote,
            });
        };
        let home = from as isize;
        for (dx, dy) in [
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
        ] {
            let d = self.delta(dx, dy, side);
            let (s1, s2, s3) = (home + d, home + 2 * d, home + 3 * d);
            let (c1, c2) = (cell(s1), cell(s2));
            // s3 lies beyond s2; off the board when s2 is.
            let c3 = if c2 == OFF { OFF } else { cell(s3) };
            if c1 == EMPTY {
                push(s1, -1, home, false);
            }
            if enemy(c1) {
                push(s1, -1, home, true);
                if open(c2) {
                    push(s1, -1, s2, true);
                }
                if c2 == EMPTY && open(c3) {
                    push(s1, -1, s3, true);
                }
                if enemy(c2) {
                    if open(c3) {
                        push(s1, s2, s3, true);
                    }
                    push(s1, s2, s1, true);
                }
            }
            if c1 != OFF && enemy(c2) {
                if open(c3) {
                    push(s2, -1, s3, true);
                }
                if c1 == EMPTY {
                    push(s2, -1, s1, true);
                }
            }
        }
    }

    /// A board-sized table marking where the moves `moves` end.
    fn seen(&self, moves: &[VMove]) -> Vec<bool> {
        let mut seen = vec![false; self.cells.len()];
        for m in moves {
            seen[m.to as usize] = true;
        }
        seen
    }

    /// The area move of the fire demon and the vice general: up to three king steps, through
    /// empty squares (not its own), ending on an empty square or a capture; each square not in
    /// `seen` once.
    fn area_moves(&self, from: u16, kind: u8, seen: &mut [bool], out: &mut Vec<VMove>) {
        let side = self.side;
        let mut reached = vec![false; self.cells.len()];
        reached[from as usize] = true;
        let mut frontier = vec![from];
        for _ in 0..3 {
            let mut next = Vec::new();
            for &sq in &frontier {
                for t in self.neighbours(sq) {
                    let c = self.cells[t as usize];
                    if reached[t as usize] || c == OFF || (c != EMPTY && side_of(c) == side) {
                        continue;
                    }
                    reached[t as usize] = true;
                    if !seen[t as usize] {
                        seen[t as usize] = true;
                        self.target(from, t, kind, super::betza::Mode::Both, out);
                    }
                    if c == EMPTY {
                        next.push(t);
                    }
                }
            }
            frontier = next;
        }
    }

    /// Tenjiku's rank of the piece in `cell`, for the jumping generals: royal 4, a jumping
    /// general its own, anything else 0.
    fn jump_rank(&self, cell: u16) -> u8 {
        let k = &self.rules.kinds[kind_of(cell) as usize];
        if k.royal {
            4
        } else {
            k.special.jump_rank().unwrap_or(0)
        }
    }

    /// A jumping general's captures beyond the first piece on each of its slides: it jumps
    /// pieces of either side of lower rank than `rank`, and captures any enemy so reached.
    /// (The capture of the first piece is its ordinary slide.)
    fn jump_captures(
        &self,
        from: u16,
        kind: &Kind,
        kind_index: u8,
        rank: u8,
        out: &mut Vec<VMove>,
    ) {
        let side = self.side;
        for ray in &kind.rays {
            let d = self.delta(ray.dx, ray.dy, side);
            let mut t = from as isize + d;
            while self.cells[t as usize] == EMPTY {
                t += d;
            }
            // `t` holds the piece to jump, if it may.
            while self.cells[t as usize] != OFF && self.jump_rank(self.cells[t as usize]) < rank {
                t += d;
                while self.cells[t as usize] == EMPTY {
                    t += d;
                }
                let c = self.cells[t as usize];
                if c != OFF && side_of(c) != side {
                    self.target(from, t as u16, kind_index, super::betza::Mode::Capture, out);
                }
            }
        }
    }

    /// The lion hawk's bishop slides beyond its lion leaps: from the third square on, when the
    /// first two are empty.
    fn lion_hawk_slides(&self, from: u16, kind: u8, out: &mut Vec<VMove>) {
        let side = self.side;
        for (dx, dy) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
            let d = self.delta(dx, dy, side);
            let (s1, s2) = (from as isize + d, from as isize + 2 * d);
            if self.cells[s1 as usize] != EMPTY || self.cells[s2 as usize] != EMPTY {
                continue;
            }
            let mut t = s2 + d;
            loop {
                let c = self.cells[t as usize];
                if c == OFF {
                    break;
                }
                self.target(from, t as u16, kind, super::betza::Mode::Both, out);
                if c != EMPTY {
                    break;
                }
                t += d;
            }
        }
    }

    /// The free eagle's moves beyond its queen's slides, on each diagonal: over a piece on the
    /// first square, the leap to the second; when that piece is an enemy, capturing it and
    /// then one more diagonal step (on along the line, either way across it, or back home:
    /// igui).
    fn free_eagle_moves(&self, from: u16, kind: u8, out: &mut Vec<VMove>) {
        let side = self.side;
        for &(dx, dy) in Special::FreeEagle.first_steps() {
            let mid = (from as isize + self.delta(dx, dy, side)) as u16;
            let c = self.cells[mid as usize];
            if c == OFF || c == EMPTY {
                continue;
            }
            let far = (mid as isize + self.delta(dx, dy, side)) as u16;
            self.target(from, far, kind, super::betza::Mode::Both, out);
            if side_of(c) == side {
                continue;
            }
            for step in [(0, 0), (dx, dy), (dx, -dy), (-dx, dy)] {
                if let Some(to) = self.second_step(from, mid, step) {
                    out.push(VMove::double(from, mid, to, false));
                }
            }
        }
    }

    /// Igui on every adjacent enemy: captured without moving.
    fn igui(&self, from: u16, out: &mut Vec<VMove>) {
        for mid in self.neighbours(from) {
            let c = self.cells[mid as usize];
            if is_piece(c) && side_of(c) != self.side {
                out.push(VMove::double(from, mid, from, false));
            }
        }
    }

    fn drops(&self, out: &mut Vec<VMove>) {
        let side = self.side;
        let r = self.rules;
        for (k, kind) in r.kinds.iter().enumerate() {
            if self.hands[side][k] == 0 {
                continue;
            }
            // Micro shogi drops either side up.
            let faces: &[u8] = if r.promotion == Promotion::FlipOnCapture {
                &[k as u8, kind.promotes_to.unwrap_or(k as u8)]
            } else {
                &[k as u8]
            };
            for &face in faces {
                let fk = &r.kinds[face as usize];
                let pawn = r.shogi_drop_rules && fk.piece.code == "P";
                let mut pawn_files = vec![false; r.files as usize];
                if pawn {
                    for &sq in &self.pieces[side] {
                        if r.kinds[kind_of(self.cells[sq as usize]) as usize]
                            .piece
                            .code
                            == "P"
                        {
                            pawn_files[self.coords(sq).0] = true;
                        }
                    }
                }
                for sq in self.squares() {
                    if self.cells[sq as usize] != EMPTY {
                        continue;
                    }
                    if r.shogi_drop_rules && self.depth(sq, side) < fk.dead_ranks {
                        continue;
                    }
                    if pawn && pawn_files[self.coords(sq).0] {
                        continue;
                    }
                    out.push(VMove {
                        from: NO_SQUARE,
                        mid: NO_SQUARE,
                        mid2: NO_SQUARE,
                        to: sq,
                        drop: face + 1,
                        promote: false,
                    });
                }
            }
        }
    }
}

/// Leaf count of the legal-move tree `depth` plies deep.
pub fn perft(pos: &mut VPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for m in moves {
        let u = pos.make_move(m);
        n += perft(pos, depth - 1);
        pos.unmake_move(m, u);
    }
    n
}

/// Perft split by the first move: (move, leaves under it), in generation order.
pub fn perft_divide(pos: &mut VPosition, depth: u32) -> Vec<(String, u64)> {
    perft_divide_until(pos, depth, &|| false).expect("never stopped")
}

/// `perft_divide`, giving up (`None`) when `stop` says so between two first moves.
pub fn perft_divide_until(
    pos: &mut VPosition,
    depth: u32,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<(String, u64)>> {
    let mut split = Vec::new();
    for m in pos.legal_moves() {
        if stop() {
            return None;
        }
        let text = pos.move_text(m);
        let u = pos.make_move(m);
        let n = perft(pos, depth.saturating_sub(1));
        pos.unmake_move(m, u);
        split.push((text, n));
    }
    Some(split)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn perft_of(id: VariantId, sfen: Option<&str>, depth: u32) -> u64 {
        let mut pos = match sfen {
            Some(s) => VPosition::from_sfen(id, s).unwrap(),
            None => VPosition::start(id),
        };
        perft(&mut pos, depth)
    }

    /// Whether `attacked_by` (each kind's table of the offsets its rays reach) agrees with
    /// the squares the rays walk to, for every square and side of `pos`.
    fn attack_test_agrees_with_the_rays(pos: &VPosition) {
        for side in 0..2 {
            let mut walked = vec![false; pos.cells.len()];
            pos.for_each_attack(side, &mut |_, _, to| walked[to as usize] = true);
            for sq in pos.squares() {
                assert_eq!(
                    pos.attacked_by(sq, side, &[]),
                    walked[sq as usize],
                    "{} {} side {side} square {sq}",
                    pos.rules().name,
                    pos.to_sfen()
                );
            }
        }
    }

    #[test]
    fn the_attack_test_agrees_with_the_rays() {
        // Along random games of every variant.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for id in VariantId::ALL {
            let mut pos = VPosition::start(id);
            for _ in 0..40 {
                attack_test_agrees_with_the_rays(&pos);
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.make_move(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        // Dai dai's promoted knight (Q3NAD) reaches the squares two steps away both by its
        // slide and by a leap (the table's "two or more rays"): blocked next to it, it still
        // leaps there, and no further.
        for blockers in ["8P8/7PPP7", "7P1P7/17", "7PPP7/17"] {
            let (near, far) = blockers.split_once('/').unwrap();
            let sfen =
                format!("k16/17/17/17/17/17/17/{near}/{far}/8+N8/17/17/17/17/17/17/K16 b - 1");
            let pos = VPosition::from_sfen(VariantId::DaiDai, &sfen).unwrap();
            attack_test_agrees_with_the_rays(&pos);
        }
    }

    #[test]
    fn bad_moves_are_errors_not_panics() {
        let mut pos = VPosition::start(VariantId::Chu);
        for text in [
            "", "+", "7", "7g", "7é7f", "12a12é", "1a2b3c4d", "99a99b", "P*5e", "*", "9i9h+-",
        ] {
            assert!(pos.parse_move(text).is_err(), "{text}");
        }
        assert!(VPosition::from_sfen(VariantId::Chu, "é b - 1").is_err());
        let huge = "99999999999999999999999/12/12/12/12/12/12/12/12/12/12/12 b - 1";
        assert!(VPosition::from_sfen(VariantId::Chu, huge).is_err());
        assert!(
            VPosition::from_sfen(VariantId::Mini, "4k/5/5/5/K4 b 99999999999999999999999P 1")
                .is_err()
        );
    }

    #[test]
    fn a_null_move_passes_and_is_taken_back() {
        // Chu: a lion's capture that limits the next move (lion trading) is forgotten by a pass.
        let mut pos = VPosition::start(VariantId::Chu);
        let (key, sfen) = (pos.key(), pos.to_sfen());
        let saved = pos.make_null_move();
        assert_eq!(pos.side(), 1);
        assert_ne!(pos.key(), key);
        assert_eq!(pos.to_sfen().split_whitespace().nth(1), Some("w"));
        pos.unmake_null_move(saved);
        assert_eq!((pos.key(), pos.to_sfen()), (key, sfen));
    }

    #[test]
    fn start_positions_round_trip() {
        for v in VariantId::ALL {
            let pos = VPosition::start(v);
            assert_eq!(
                pos.to_sfen(),
                v.rules()
                    .start
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
    }

    #[test]
    fn shogi_through_the_generic_generator() {
        // Published: 30, 900, 25470 (and the core engine's perft).
        assert_eq!(perft_of(VariantId::Shogi, None, 1), 30);
        assert_eq!(perft_of(VariantId::Shogi, None, 2), 900);
        assert_eq!(perft_of(VariantId::Shogi, None, 3), 25_470);
    }

    #[test]
    fn small_variants_start_positions() {
        // fairy-stockfish 11.1 (docs/variants.md).
        assert_eq!(perft_of(VariantId::Mini, None, 3), 2_512);
        assert_eq!(perft_of(VariantId::Judkins, None, 3), 6_183);
        assert_eq!(perft_of(VariantId::Micro, None, 4), 7_256);
    }

    #[test]
    fn make_unmake_restores_everything() {
        for v in VariantId::ALL {
            let mut pos = VPosition::start(v);
            let mut seed = 12345u64;
            for _ in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = moves[(seed >> 33) as usize % moves.len()];
                let before = (pos.to_sfen(), pos.key());
                for &n in &moves {
                    let u = pos.make_move(n);
                    let again = VPosition::from_sfen(v, &pos.to_sfen());
                    if let Ok(again) = again {
                        assert_eq!(again.key(), pos.key(), "{v:?}: key after {}", pos.to_sfen());
                    }
                    pos.unmake_move(n, u);
                    assert_eq!((pos.to_sfen(), pos.key()), before);
                }
                pos.make_move(m);
            }
        }
    }

    #[test]
    fn the_quick_legality_test_agrees_with_making_the_move() {
        // Random games of the check-rule variants: every pseudo move, pinned pieces, checks
        // and pawn drops included, is judged alike with and without making it.
        for id in [VariantId::Mini, VariantId::Judkins, VariantId::Micro] {
            let mut quick = 0;
            random_games(id, 3000, 12345, &mut |pos| {
                let mut pseudo = Vec::new();
                pos.pseudo_moves(&mut pseudo);
                let in_check = pos.in_check(pos.side);
                for &m in &pseudo {
                    let made = pos.is_legal(m);
                    assert_eq!(
                        pos.is_legal_given(m, in_check),
                        made,
                        "{} {}",
                        pos.to_sfen(),
                        pos.move_text(m)
                    );
                    quick += usize::from(!in_check && m.drop > 0);
                }
            });
            assert!(quick > 1000, "{}: few drops tried", id.rules().name);
        }
    }

    /// Calls `visit` on `plies` positions of random games of `id` (a new game from the start
    /// whenever one ends), the moves drawn from `seed`.
    fn random_games(
        id: VariantId,
        plies: usize,
        seed: u64,
        visit: &mut impl FnMut(&mut VPosition),
    ) {
        let mut rng = seed;
        let mut pos = VPosition::start(id);
        for _ in 0..plies {
            visit(&mut pos);
            let legal = pos.legal_moves();
            if legal.is_empty() {
                pos = VPosition::start(id);
                continue;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            pos.make_move(legal[rng as usize % legal.len()]);
        }
    }

    #[test]
    fn the_attack_scan_agrees_with_the_attack_test() {
        // Random games of the boards whose pieces only step, leap and slide: a square is
        // scanned as attacked by a side exactly when `attacked_by` says so.
        for id in [VariantId::Mini, VariantId::Judkins, VariantId::Micro] {
            let mut attacked = 0;
            random_games(id, 500, 777, &mut |pos| {
                for side in 0..2 {
                    let mut counts = vec![0u32; pos.cell_count()];
                    pos.for_each_attack(side, &mut |from, kind, to| {
                        assert_eq!(pos.piece_at(from), Some((kind, side)));
                        counts[to as usize] += 1;
                    });
                    for sq in pos.squares() {
                        let scanned = counts[sq as usize] > 0;
                        assert_eq!(scanned, pos.attacked_by(sq, side, &[]), "{}", pos.to_sfen());
                        attacked += usize::from(scanned);
                    }
                }
            });
            assert!(attacked > 1000, "{}", id.rules().name);
        }
    }

    #[test]
    fn drop_check_squares_are_where_drops_check() {
        // Random games of minishogi and judkins: the squares `for_each_drop_check` names for
        // a kind in hand are, among those it may be dropped on, exactly where its drop checks.
        let mut checks = 0;
        for id in [VariantId::Mini, VariantId::Judkins] {
            random_games(id, 1500, 4242, &mut |pos| {
                let side = pos.side;
                let king = pos.pieces[1 - side]
                    .iter()
                    .copied()
                    .find(|&sq| pos.rules.kinds[kind_of(pos.cells[sq as usize]) as usize].royal);
                let mut pseudo = Vec::new();
                pos.pseudo_moves(&mut pseudo);
                for kind in 0..pos.rules.kinds.len() as u8 {
                    let (Some(king), true) = (king, pos.in_hand(side, kind) > 0) else {
                        continue;
                    };
                    let drops: Vec<VMove> = pseudo
                        .iter()
                        .copied()
                        .filter(|m| m.drop == kind + 1)
                        .collect();
                    let mut named = Vec::new();
                    pos.for_each_drop_check(side, kind, king, &mut |sq| named.push(sq));
                    for m in drops {
                        let undo = pos.make_move(m);
                        let check = pos.in_check(1 - side);
                        pos.unmake_move(m, undo);
                        assert_eq!(check, named.contains(&m.to), "{}", pos.to_sfen());
                        checks += usize::from(check);
                    }
                }
            });
        }
        assert!(checks > 100, "{checks} checking drops");
    }
}
