//! A position of any variant: a padded mailbox board of any size up to 36x36 with piece lists,
//! hands, the Zobrist key, and making and unmaking moves (tenjiku's burning included). The rest
//! of what a position does is in the files beside this one: `attacks.rs` (attacks and check),
//! `movegen.rs` (the legal moves), `specials.rs` (the special movers' moves), `outcome.rs` (the
//! ends of a game), `text.rs` (SFEN, move text, the board diagram) and `perft.rs`.

use super::catalogue::Special;
use super::rules::{KindIx, Rules, VariantId};
use crate::color::Color;
use crate::notation::{MoveTextError, SfenError};
use std::sync::Arc;

/// Off-board margin around the board: the longest leap of a catalogue atom is 3 squares.
pub(super) const PAD: usize = 3;
pub(super) const EMPTY: u16 = 0;
pub(super) const OFF: u16 = u16::MAX;
/// "No square".
pub const NO_SQUARE: u16 = u16::MAX;

/// The eight king steps, (dx, dy) in the mover's frame, clockwise from straight ahead: the
/// lines a lion dog moves along, and those the attack test looks along.
pub(super) const KING_STEPS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

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
    pub drop: u16,
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

/// What `make_move` changed, for `unmake_move`.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    pub(super) moved: u16,
    pub(super) captured: u16,
    pub(super) mid_captured: u16,
    pub(super) mid2_captured: u16,
    pub(super) key: u64,
    pub(super) lion_capture: u16,
    /// Tenjiku: the enemies a fire demon burnt, by `neighbours` order.
    pub(super) burnt: [u16; 8],
    /// Tenjiku: the mover itself burnt, ending next to an enemy fire demon.
    pub(super) mover_burnt: bool,
    /// Taikyoku: how many pieces a range capture took on its way (on `VPosition::flown`).
    pub(super) flown_over: u8,
}

/// Why a variant's position or move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// Not an SFEN of the game's board.
    Sfen(SfenError),
    /// A piece the game does not have.
    UnknownPiece {
        /// The game.
        game: &'static str,
        /// The piece as written.
        name: String,
    },
    /// A piece that cannot be held in hand (a royal, a promoted piece).
    NotInHand(String),
    /// More of a piece in hand than a hand holds.
    HandCount(String),
    /// Chu's lion-capture square is not a square.
    LionSquare(String),
    /// A side has a number of kings the game does not allow.
    KingCount {
        /// The game.
        game: &'static str,
        /// The side.
        side: Color,
        /// Its kings.
        kings: usize,
    },
    /// A piece that can never move again (shogi's drop rules).
    Stranded(&'static str),
    /// More unpromoted pawns of one side on a file than the drop rules allow (shogi's one,
    /// tori shogi's two swallows).
    TooManyPawns {
        /// The pawn's name.
        pawn: &'static str,
        /// How many a file may have.
        per_file: u8,
    },
    /// The side not to move is in check.
    OpponentInCheck,
    /// A move text that is not a move.
    MoveText(MoveTextError),
    /// A move that names a square the board does not have.
    NoSquare {
        /// The game.
        game: &'static str,
        /// The square as written.
        square: String,
    },
    /// A move that is not legal in the position.
    IllegalMove(String),
    /// A move text in no notation the game reads.
    Unreadable(String),
    /// A pass (the null move) where no piece can pass.
    NoPass,
}

impl std::fmt::Display for VariantError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VariantError::Sfen(e) => e.fmt(f),
            VariantError::UnknownPiece { game, name } => write!(f, "{game} has no piece {name:?}"),
            VariantError::NotInHand(p) => write!(f, "hands: {p:?} is not a piece in hand"),
            VariantError::HandCount(p) => write!(f, "hands: too many {p}"),
            VariantError::LionSquare(s) => write!(f, "lion-capture square {s:?}"),
            VariantError::KingCount { game, side, kings } => write!(
                f,
                "{} has {kings} kings; {game} allows one",
                if *side == Color::Black {
                    "Black"
                } else {
                    "White"
                }
            ),
            VariantError::Stranded(name) => {
                write!(f, "a {} that can never move again", name.to_lowercase())
            }
            VariantError::TooManyPawns { pawn, per_file } => write!(
                f,
                "unpromoted {}s on a file: more than {per_file}",
                pawn.to_ascii_lowercase()
            ),
            VariantError::OpponentInCheck => f.write_str("the side not to move is in check"),
            VariantError::MoveText(e) => e.fmt(f),
            VariantError::NoSquare { game, square } => {
                write!(f, "no square {square:?} on the {game} board")
            }
            VariantError::IllegalMove(m) => write!(f, "{m}: not a legal move in this position"),
            VariantError::Unreadable(m) => write!(f, "{m}: cannot read it"),
            VariantError::NoPass => f.write_str("no piece can pass"),
        }
    }
}

impl std::error::Error for VariantError {}

impl From<SfenError> for VariantError {
    fn from(e: SfenError) -> VariantError {
        VariantError::Sfen(e)
    }
}

impl From<MoveTextError> for VariantError {
    fn from(e: MoveTextError) -> VariantError {
        VariantError::MoveText(e)
    }
}

/// A position.
#[derive(Clone, Debug)]
pub struct VPosition {
    pub(super) rules: &'static Rules,
    pub(super) stride: usize,
    pub(super) cells: Vec<u16>,
    pub(super) hands: [Vec<u8>; 2],
    pub(super) side: Color,
    pub(super) ply: u32,
    pub(super) key: u64,
    pub(super) lion_capture: u16,
    /// Each side's royal pieces' squares.
    pub(super) royal_squares: [Vec<u16>; 2],
    pub(super) pieces: [Vec<u16>; 2],
    pub(super) slot: Vec<u16>,
    pub(super) zobrist: &'static Zobrist,
    /// Each square's column and row from the top left (padding squares: out of the board).
    pub(super) xy: &'static [(i16, i16)],
    /// The pieces the range captures on the way to this position took on their way, with
    /// their squares (`Undo::flown_over` of them a move), for `unmake_move`.
    pub(super) flown: Vec<(u16, u16)>,
    /// Set only while `pseudo_board_captures` runs: the ordinary moves to empty squares are
    /// then not generated.
    pub(super) captures_only: bool,
    /// Values kept summed as pieces come and go (`attach_tally`), with their sums.
    tally: Option<Arc<Tally>>,
    tally_sum: i32,
    tally_material: [i32; 2],
}

/// Values an evaluation sums over the pieces, which the position keeps summed as it makes and
/// unmakes moves (`VPosition::attach_tally`), as it keeps its key: a value for each kind, side
/// and square (`VPosition::tally_sum`), one for each kind, side and number in hand (the value
/// of holding that many, added to the same sum), and one for each kind on the board, summed
/// by side (`VPosition::tally_material`).
pub struct Tally {
    /// By kind, side and square, as the Zobrist keys are indexed.
    board: Vec<i32>,
    /// By kind, side and count (0 to 255).
    hand: Vec<i32>,
    /// By kind.
    material: Vec<i32>,
}

impl std::fmt::Debug for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tally({} squares)", self.board.len())
    }
}

impl Tally {
    #[inline]
    fn hand_index(kind: KindIx, side: Color, count: u8) -> usize {
        (kind as usize * 2 + side.index()) * 256 + count as usize
    }
}

/// Zobrist keys of one variant.
#[derive(Debug)]
pub struct Zobrist {
    pub(super) piece: Vec<u64>,
    pub(super) hand: Vec<u64>,
    pub(super) side: u64,
    pub(super) lion: Vec<u64>,
}

pub(super) const HAND_MAX: usize = 40;

fn zobrist(id: VariantId) -> &'static Zobrist {
    use std::sync::OnceLock;
    static CELLS: [OnceLock<Zobrist>; VariantId::ALL.len()] =
        [const { OnceLock::new() }; VariantId::ALL.len()];
    let cell = match id {
        VariantId::Custom(n) => &super::custom::entry(n).zobrist,
        _ => &CELLS[id.index()],
    };
    cell.get_or_init(|| {
        let i = id.index();
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
    let cell = match id {
        VariantId::Custom(n) => &super::custom::entry(n).coordinates,
        _ => &CELLS[id.index()],
    };
    cell.get_or_init(|| {
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
pub(super) fn cell_of(kind: KindIx, side: Color) -> u16 {
    1 + (kind << 1 | side.index() as u16)
}
#[inline]
pub(super) fn kind_of(cell: u16) -> KindIx {
    (cell - 1) >> 1
}
#[inline]
pub(super) fn side_of(cell: u16) -> Color {
    Color::from_index(((cell - 1) & 1) as usize)
}
#[inline]
pub(super) fn is_piece(cell: u16) -> bool {
    cell != EMPTY && cell != OFF
}

impl VPosition {
    /// The start position of a variant.
    pub fn start(id: VariantId) -> VPosition {
        VPosition::from_sfen(id, id.rules().start).expect("the start position parses")
    }

    pub(super) fn empty(id: VariantId) -> VPosition {
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
            side: Color::Black,
            ply: 1,
            key: 0,
            lion_capture: NO_SQUARE,
            royal_squares: [Vec::new(), Vec::new()],
            pieces: [Vec::new(), Vec::new()],
            zobrist: zobrist(id),
            xy: coordinates(id),
            flown: Vec::new(),
            captures_only: false,
            tally: None,
            tally_sum: 0,
            tally_material: [0, 0],
        }
    }

    /// A tally of this position's variant: `board(kind, side, column, row)` for a piece on a
    /// square (column and row from the top left), `hand(kind, side, count)` for holding `count`
    /// of a kind, and `material[kind]` for a piece on the board by side.
    pub fn make_tally(
        &self,
        board: impl Fn(KindIx, Color, usize, usize) -> i32,
        hand: impl Fn(KindIx, Color, u8) -> i32,
        material: Vec<i32>,
    ) -> Tally {
        let kinds = self.rules.kinds.len();
        assert_eq!(material.len(), kinds);
        let cells = self.cells.len();
        let mut t = Tally {
            board: vec![0; kinds * 2 * cells],
            hand: vec![0; kinds * 2 * 256],
            material,
        };
        for k in 0..kinds as KindIx {
            for side in Color::ALL {
                for sq in 0..cells as u16 {
                    if self.cells[sq as usize] != OFF {
                        let (x, y) = self.coords(sq);
                        t.board[self.zkey(k, side, sq)] = board(k, side, x, y);
                    }
                }
                for n in 0..=255u8 {
                    t.hand[Tally::hand_index(k, side, n)] = hand(k, side, n);
                }
            }
        }
        t
    }

    /// Keeps `tally` summed from now on (None: no tally).
    pub fn attach_tally(&mut self, tally: Option<Arc<Tally>>) {
        // A tally of another game's board is refused.
        let fits = |t: &Tally| {
            t.material.len() == self.rules.kinds.len()
                && t.board.len() == t.material.len() * 2 * self.cells.len()
        };
        self.tally = tally.filter(|t| fits(t));
        self.tally_sum = 0;
        self.tally_material = [0, 0];
        let Some(t) = self.tally.clone() else {
            return;
        };
        for side in Color::ALL {
            for &sq in &self.pieces[side.index()] {
                let k = kind_of(self.cells[sq as usize]);
                self.tally_sum += t.board[self.zkey(k, side, sq)];
                self.tally_material[side.index()] += t.material[k as usize];
            }
            for k in 0..self.rules.kinds.len() {
                let n = self.hands[side.index()][k];
                self.tally_sum += t.hand[Tally::hand_index(k as KindIx, side, n)];
            }
        }
    }

    /// The tally the position keeps, if any.
    pub fn tally(&self) -> Option<&Arc<Tally>> {
        self.tally.as_ref()
    }

    /// The sum of the tally's board and hand values over the pieces.
    pub fn tally_sum(&self) -> i32 {
        self.tally_sum
    }

    /// The sum of the tally's material values over each side's pieces on the board.
    pub fn tally_material(&self) -> [i32; 2] {
        self.tally_material
    }

    /// The variant's rules.
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
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
    pub fn piece_at(&self, sq: u16) -> Option<(KindIx, Color)> {
        let c = self.cells[sq as usize];
        is_piece(c).then(|| (kind_of(c), side_of(c)))
    }

    /// The squares of `side`'s pieces on the board, in no order.
    pub fn pieces(&self, side: Color) -> &[u16] {
        &self.pieces[side.index()]
    }

    /// How many of a kind a side holds in hand.
    pub fn in_hand(&self, side: Color, kind: KindIx) -> u8 {
        self.hands[side.index()][kind as usize]
    }

    /// The squares of `side`'s royal pieces.
    pub fn royal_squares(&self, side: Color) -> &[u16] {
        &self.royal_squares[side.index()]
    }

    /// The side has a royal piece left.
    pub fn has_royal(&self, side: Color) -> bool {
        !self.royal_squares[side.index()].is_empty()
    }

    pub(super) fn put(&mut self, sq: u16, cell: u16) {
        let (k, s) = (kind_of(cell), side_of(cell));
        self.cells[sq as usize] = cell;
        self.slot[sq as usize] = self.pieces[s.index()].len() as u16;
        self.pieces[s.index()].push(sq);
        let z = self.zkey(k, s, sq);
        self.key ^= self.zobrist.piece[z];
        if let Some(t) = &self.tally {
            self.tally_sum += t.board[z];
            self.tally_material[s.index()] += t.material[k as usize];
        }
        if self.rules.kinds[k as usize].royal {
            self.royal_squares[s.index()].push(sq);
        }
    }

    pub(super) fn take(&mut self, sq: u16) -> u16 {
        let cell = self.cells[sq as usize];
        let (k, s) = (kind_of(cell), side_of(cell));
        self.cells[sq as usize] = EMPTY;
        let i = self.slot[sq as usize] as usize;
        let last = self.pieces[s.index()].pop().expect("a piece");
        if last != sq {
            self.pieces[s.index()][i] = last;
            self.slot[last as usize] = i as u16;
        }
        let z = self.zkey(k, s, sq);
        self.key ^= self.zobrist.piece[z];
        if let Some(t) = &self.tally {
            self.tally_sum -= t.board[z];
            self.tally_material[s.index()] -= t.material[k as usize];
        }
        if self.rules.kinds[k as usize].royal {
            let royals = &mut self.royal_squares[s.index()];
            if let Some(i) = royals.iter().position(|&r| r == sq) {
                royals.swap_remove(i);
            }
        }
        cell
    }

    #[inline]
    pub(super) fn zkey(&self, kind: KindIx, side: Color, sq: u16) -> usize {
        (kind as usize * 2 + side.index()) * self.cells.len() + sq as usize
    }

    pub(super) fn hand_add(&mut self, side: Color, kind: KindIx, delta: i8) {
        let k = kind as usize;
        let z = |n: u8| (k * 2 + side.index()) * (HAND_MAX + 1) + (n as usize).min(HAND_MAX);
        let old = self.hands[side.index()][k];
        let new = (old as i16 + delta as i16) as u8;
        self.key ^= self.zobrist.hand[z(old)];
        self.hands[side.index()][k] = new;
        self.key ^= self.zobrist.hand[z(new)];
        if let Some(t) = &self.tally {
            self.tally_sum += t.hand[Tally::hand_index(kind, side, new)]
                - t.hand[Tally::hand_index(kind, side, old)];
        }
    }

    pub(super) fn set_lion_capture(&mut self, sq: u16) {
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
    pub(super) fn depth(&self, sq: u16, side: Color) -> u8 {
        let r = self.coords(sq).1;
        if side == Color::Black {
            r as u8
        } else {
            (self.rules.ranks as usize - 1 - r) as u8
        }
    }

    #[inline]
    pub(super) fn delta(&self, dx: i8, dy: i8, side: Color) -> isize {
        let d = dx as isize - dy as isize * self.stride as isize;
        if side == Color::Black {
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

    /// The squares around `sq`, in a fixed order.
    #[inline]
    pub(super) fn neighbours(&self, sq: u16) -> [u16; 8] {
        let (s, q) = (self.stride as isize, sq as isize);
        [-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1].map(|d| (q + d) as u16)
    }

    /// The number of square indices (the board and its border): every square, and every
    /// move's `from` and `to`, is below it.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

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
            flown_over: 0,
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
            if let Some(d) = self.range_line(mover, m) {
                // Taikyoku's range capture: every piece it flew over is taken.
                let mut t = m.from as isize + d;
                while t != m.to as isize {
                    if is_piece(self.cells[t as usize]) {
                        let c = self.take(t as u16);
                        self.flown.push((t as u16, c));
                        undo.flown_over += 1;
                        if side_of(c) != side {
                            self.captured(c, t as u16, false);
                        }
                    }
                    t += d;
                }
            }
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
            let mut kind = if m.promote {
                self.rules.kinds[mover as usize]
                    .promotes_to
                    .expect("a promotion of a piece that promotes")
            } else {
                mover
            };
            if !self.rules.taker_becomes.is_empty() && !self.rules.kinds[mover as usize].royal {
                // Maka dai dai: a piece that takes a deva or dark spirit becomes what they
                // promote to (what it took last, where it took both).
                for c in [undo.mid_captured, undo.mid2_captured, undo.captured] {
                    if let Some(&(_, becomes)) = self
                        .rules
                        .taker_becomes
                        .iter()
                        .find(|&&(victim, _)| is_piece(c) && victim == kind_of(c))
                    {
                        kind = becomes;
                    }
                }
            }
            self.put(m.to, cell_of(kind, side));
            if self.rules.burning {
                self.burn(m.to, mover, &mut undo);
            }
        }
        self.side = !self.side;
        self.key ^= self.zobrist.side;
        self.ply += 1;
        undo
    }

    /// The pieces a board move `m` of the side to move flies over and takes, when it is a
    /// range capture (taikyoku): their squares, kinds and owners, the mover's own among them.
    /// Empty for every other move.
    pub fn flown_over(&self, m: VMove) -> impl Iterator<Item = (u16, KindIx, Color)> + '_ {
        let line = (m.drop == 0)
            .then(|| self.piece_at(m.from))
            .flatten()
            .and_then(|(mover, _)| self.range_line(mover, m));
        let (step, end) = line.map_or((0, 0), |d| (d, m.to as isize));
        let mut t = m.from as isize;
        std::iter::from_fn(move || {
            if step == 0 {
                return None;
            }
            loop {
                t += step;
                if t == end {
                    return None;
                }
                if let Some((k, side)) = self.piece_at(t as u16) {
                    return Some((t as u16, k, side));
                }
            }
        })
    }

    /// The step (a cell delta) of `m` along an unlimited slide of `mover`, a range capturer,
    /// when `m` flies two squares or more along one: a range capture.
    fn range_line(&self, mover: KindIx, m: VMove) -> Option<isize> {
        let kind = &self.rules.kinds[mover as usize];
        if !matches!(kind.special, Special::RangeCapture(_)) || m.mid != NO_SQUARE {
            return None;
        }
        let ((fx, fy), (tx, ty)) = (self.coords(m.from), self.coords(m.to));
        let (dx, dy) = (tx as isize - fx as isize, ty as isize - fy as isize);
        let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
        if !straight || dx.abs().max(dy.abs()) < 2 {
            return None;
        }
        let d = dx.signum() + dy.signum() * self.stride as isize;
        kind.rays
            .iter()
            .any(|r| r.unlimited_slide() && self.delta(r.dx, r.dy, self.side) == d)
            .then_some(d)
    }

    pub(super) fn captured(&mut self, cell: u16, sq: u16, mover_lion: bool) {
        let k = &self.rules.kinds[kind_of(cell) as usize];
        if self.rules.lion_trading.applies() && k.lion && !mover_lion {
            self.set_lion_capture(sq);
        }
        if self.rules.drops {
            self.hand_add(self.side, k.base, 1);
        }
    }

    /// Tenjiku's burning, after the piece of kind `mover` (before any promotion) ended its
    /// move on `to`. A piece that ends next to an enemy fire demon is burnt, a fire demon too,
    /// and then burns nothing (H. G. Muller's rule; Japanese Wikipedia's "the one that moved is
    /// burnt"); otherwise a fire demon burns every enemy around it. What it took on `to` stays
    /// taken.
    pub(super) fn burn(&mut self, to: u16, mover: KindIx, undo: &mut Undo) {
        let side = self.side;
        let around = self.neighbours(to);
        if around.iter().any(|&sq| {
            let c = self.cells[sq as usize];
            is_piece(c)
                && side_of(c) != side
                && self.rules.kinds[kind_of(c) as usize].special == Special::FireDemon
        }) {
            self.take(to);
            undo.mover_burnt = true;
        } else if self.rules.kinds[mover as usize].special == Special::FireDemon {
            for (i, &sq) in around.iter().enumerate() {
                let c = self.cells[sq as usize];
                if is_piece(c) && side_of(c) != side {
                    self.take(sq);
                    undo.burnt[i] = c;
                    self.captured(c, sq, false);
                }
            }
        }
    }

    /// Passes the move to the other side (the search's null move); returns what
    /// `unmake_null_move` needs.
    pub fn make_null_move(&mut self) -> u16 {
        let lion_capture = self.lion_capture;
        self.set_lion_capture(NO_SQUARE);
        self.side = !self.side;
        self.ply += 1;
        self.key ^= self.zobrist.side;
        lion_capture
    }

    /// Takes back `make_null_move`, which returned `lion_capture`.
    pub fn unmake_null_move(&mut self, lion_capture: u16) {
        self.key ^= self.zobrist.side;
        self.side = !self.side;
        self.ply -= 1;
        self.set_lion_capture(lion_capture);
    }

    /// Takes back `m`, played with `make_move`, which returned `undo`.
    pub fn unmake_move(&mut self, m: VMove, undo: Undo) {
        self.side = !self.side;
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
            for _ in 0..undo.flown_over {
                let (sq, cell) = self.flown.pop().expect("a range capture's piece");
                self.put(sq, cell);
                if self.rules.drops && side_of(cell) != side {
                    let base = self.rules.kinds[kind_of(cell) as usize].base;
                    self.hand_add(side, base, -1);
                }
            }
            self.put(m.from, undo.moved);
        }
        self.lion_capture = undo.lion_capture;
        self.key = undo.key;
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::variant::rules::VariantId;

    #[test]
    fn a_null_move_passes_and_is_taken_back() {
        // Chu: a lion's capture that limits the next move (lion trading) is forgotten by a pass.
        let mut pos = VPosition::start(VariantId::Chu);
        let (key, sfen) = (pos.key(), pos.to_sfen());
        let saved = pos.make_null_move();
        assert_eq!(pos.side_to_move(), Color::White);
        assert_ne!(pos.key(), key);
        assert_eq!(pos.to_sfen().split_whitespace().nth(1), Some("w"));
        pos.unmake_null_move(saved);
        assert_eq!((pos.key(), pos.to_sfen()), (key, sfen));
    }

    #[test]
    fn make_unmake_restores_everything() {
        for v in VariantId::ALL {
            let mut pos = VPosition::start(v);
            let mut seed = 12345u64;
            // Taikyoku's 36x36 board and 700 moves a position: fewer plies.
            let plies = if v.rules().files > 25 { 30 } else { 200 };
            for _ in 0..plies {
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

    /// Calls `visit` on `plies` positions of random games of `id` (a new game from the start
    /// whenever one ends), the moves drawn from `seed`.
    pub(crate) fn random_games(
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
}
