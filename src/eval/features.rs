//! The evaluation as a weighted sum of features: one definition of what the evaluation sees,
//! walked by two sinks. `Sum` adds up weights (the engine's evaluation); `Trace` records the
//! features themselves (the tuner fits the weights to game results from them).
//!
//! Every feature is computed for one side from that side's point of view (relative squares:
//! rank 0 is the enemy back rank, file 0 is the side's own right edge), added for Black and
//! subtracted for White, so the evaluation is symmetric by construction.
//!
//! What is seen:
//! - material on the board, and the n-th piece of each kind in hand (the first pawn in hand is
//!   worth more than the fifth);
//! - every piece's place relative to its own king (defence, castles) and to the enemy king
//!   (attack), in tables by piece class and offset;
//! - the king's square; squares next to each king attacked by the enemy, and how many of them
//!   only the king defends; empty undefended squares next to the enemy king against the kinds
//!   of pieces in hand (drop threats); the defenders around one's own king;
//! - castle shapes (Mino, high Mino, silver crown, Yagura, Anaguma, Funagakoi, either wing),
//!   worth more early in the game than late;
//! - hanging pieces, unprotected generals, locked pawns, lances and knights;
//! - slider mobility (one weight per kind, and a table by count), moves of every piece class to
//!   squares the enemy does not attack (a table by count), control of the enemy camp and of
//!   each rank, and every square we attack by who else attacks it (a table by relative square,
//!   our attackers 1/2+ and theirs 0/1/2+);
//! - entering-king progress; the side to move.

use crate::shogi::attacks::{attacks, king_attacks, pawn_attacks};
use crate::shogi::{Bitboard, Color, Hand, PieceKind, Position, Square};

/// Weights are stored in 1/`SCALE` centipawn.
pub const SCALE: i32 = 16;

/// Piece classes for the king-relative tables (gold and the promoted minors move alike).
pub const CLASSES: usize = 9;
const CLASS: [usize; 14] = [0, 1, 2, 3, 5, 6, 4, 0, 4, 4, 4, 4, 7, 8];
/// Offsets to a king: |file difference| 0..=5 (5 = farther), rank difference -5..=5 (clamped).
const REL_FILES: usize = 6;
const REL_RANKS: usize = 11;
const REL_SIZE: usize = CLASSES * REL_FILES * REL_RANKS;

/// First hand-piece feature of each hand kind (a set's worth each, `Hand::MAX`).
const fn hand_offsets() -> [usize; 7] {
    let mut o = [0; 7];
    let mut i = 1;
    while i < 7 {
        o[i] = o[i - 1] + Hand::MAX[i - 1] as usize;
        i += 1;
    }
    o
}
const HAND_OFFSET: [usize; 7] = hand_offsets();
const HAND_SIZE: usize = HAND_OFFSET[6] + Hand::MAX[6] as usize;

/// Feature groups: (name, first index, size), in index order.
pub const GROUPS: [(&str, usize, usize); 21] = [
    ("material board", MATERIAL, 14),
    ("material hand", HAND, HAND_SIZE),
    ("near own king", OWN_KING_REL, REL_SIZE),
    ("near enemy king", ENEMY_KING_REL, REL_SIZE),
    ("king square", KING_SQUARE, 45),
    ("attack on king", KING_ATTACK, 9),
    ("weak king squares", KING_WEAK, 9),
    ("drop threats", DROP_THREAT, 63),
    ("king defenders", KING_DEFENDERS, 9),
    ("mobility", MOBILITY, 5),
    ("hanging", HANGING, CLASSES),
    ("unprotected gens", UNPROTECTED, 2),
    ("locked", LOCKED, 3),
    ("castles", CASTLE, 6),
    ("entering king", ENTERING, 11),
    ("control, tempo", CONTROL, 2),
    ("activity", ACTIVITY, ACTIVITY_SIZE),
    ("control map", CONTROL_MAP, CONTROL_MAP_SIZE),
    ("safe mobility", SAFE_MOBILITY, SAFE_MOBILITY_SIZE),
    ("race", RACE, RACE_SIZE),
    ("race to move", RACE_TO_MOVE, RACE_SIZE),
];

/// First index of each group.
pub const MATERIAL: usize = 0;
/// See `GROUPS`.
pub const HAND: usize = MATERIAL + 14;
/// See `GROUPS`.
pub const OWN_KING_REL: usize = HAND + HAND_SIZE;
/// See `GROUPS`.
pub const ENEMY_KING_REL: usize = OWN_KING_REL + REL_SIZE;
/// See `GROUPS`.
pub const KING_SQUARE: usize = ENEMY_KING_REL + REL_SIZE;
/// See `GROUPS`.
pub const KING_ATTACK: usize = KING_SQUARE + 45;
/// See `GROUPS`.
pub const KING_WEAK: usize = KING_ATTACK + 9;
/// See `GROUPS`.
pub const DROP_THREAT: usize = KING_WEAK + 9;
/// See `GROUPS`.
pub const KING_DEFENDERS: usize = DROP_THREAT + 63;
/// See `GROUPS`.
pub const MOBILITY: usize = KING_DEFENDERS + 9;
/// See `GROUPS`.
pub const HANGING: usize = MOBILITY + 5;
/// See `GROUPS`.
pub const UNPROTECTED: usize = HANGING + CLASSES;
/// See `GROUPS`.
pub const LOCKED: usize = UNPROTECTED + 2;
/// See `GROUPS`.
pub const CASTLE: usize = LOCKED + 3;
/// See `GROUPS`.
pub const ENTERING: usize = CASTLE + 6;
/// See `GROUPS`.
pub const CONTROL: usize = ENTERING + 11;
/// The side to move.
pub const TEMPO: usize = CONTROL + 1;
/// See `GROUPS`.
pub const ACTIVITY: usize = TEMPO + 1;
/// See `GROUPS`.
pub const CONTROL_MAP: usize = ACTIVITY + ACTIVITY_SIZE;
/// See `GROUPS`.
pub const SAFE_MOBILITY: usize = CONTROL_MAP + CONTROL_MAP_SIZE;
/// See `GROUPS`.
pub const RACE: usize = SAFE_MOBILITY + SAFE_MOBILITY_SIZE;
/// See `GROUPS`.
pub const RACE_TO_MOVE: usize = RACE + RACE_SIZE;
/// Number of features (and weights).
pub const NUM_FEATURES: usize = RACE_TO_MOVE + RACE_SIZE;

/// Levels of a side's pressure on the enemy king (`pressure`), 0..=7.
const PRESSURE_LEVELS: usize = 8;
/// A race: our pressure on their king against theirs on ours, one cell per pair of levels.
const RACE_SIZE: usize = PRESSURE_LEVELS * PRESSURE_LEVELS;

/// Moves of each piece class to squares the enemy does not attack, 0..=15.
const SAFE_MOBILITY_SIZE: usize = CLASSES * 16;

/// Every square we attack, by relative square (files mirrored: 5 x 9), our attackers (1, or
/// 2+ pieces other than the king) and theirs (0, 1, or 2+ pieces other than the king).
const CONTROL_MAP_SIZE: usize = 45 * 2 * 3;
/// The control-map cell of each square for each side: relative rank * 5 + mirrored file.
const CONTROL_CELL: [[u8; 81]; 2] = {
    let mut t = [[0u8; 81]; 2];
    let mut i = 0;
    while i < 81 {
        let mut c = 0;
        while c < 2 {
            let rel = if c == 0 { i } else { 80 - i };
            let (file, rank) = (rel / 9, rel % 9);
            let mirrored = if file < 8 - file { file } else { 8 - file };
            t[c][i] = (rank * 5 + mirrored) as u8;
            c += 1;
        }
        i += 1;
    }
    t
};

/// Slider mobility by kind (lance, bishop, rook, horse, dragon) and count 0..=15 (a table, where
/// `MOBILITY` is one weight per kind), then the squares we attack on each relative rank.
const MOBILITY_COUNTS: usize = 16;
const ACTIVITY_SIZE: usize = 5 * MOBILITY_COUNTS + 9;
const RANKS: [Bitboard; 9] = {
    let mut r = [Bitboard::EMPTY; 9];
    let mut i = 0;
    while i < 9 {
        r[i] = Bitboard::rank_mask(i as u8);
        i += 1;
    }
    r
};

/// Where the features go.
pub trait Sink {
    /// Feature `index` occurs `count` times (negative for White's features).
    fn add(&mut self, index: usize, count: i32);
}

/// Adds up weights: the evaluation.
pub struct Sum<'a> {
    /// Weights, in 1/`SCALE` centipawn.
    pub weights: &'a [i32; NUM_FEATURES],
    /// Running total.
    pub total: i32,
}

impl Sink for Sum<'_> {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        self.total += self.weights[index] * count;
    }
}

/// Records the features: what the tuner learns from.
#[derive(Default)]
pub struct Trace {
    /// (feature, count) pairs, Black's features positive; one index may occur more than once.
    pub features: Vec<(u16, i16)>,
}

impl Sink for Trace {
    fn add(&mut self, index: usize, count: i32) {
        if count != 0 {
            self.features.push((index as u16, count as i16));
        }
    }
}

/// A sink that negates: White's features go through it.
struct Negate<'a, S: Sink>(&'a mut S);

impl<S: Sink> Sink for Negate<'_, S> {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        self.0.add(index, -count);
    }
}

/// Squares attacked by each side: by pieces other than the king (at least once, at least
/// twice), and by the king.
struct AttackMaps {
    once: [Bitboard; 2],
    twice: [Bitboard; 2],
    king: [Bitboard; 2],
    /// What the piece on each square attacks (pieces other than pawns and kings; the rest of
    /// the board is left empty), computed once for the maps and the per-piece features.
    reach: [Bitboard; 81],
}

impl AttackMaps {
    fn new(pos: &Position) -> AttackMaps {
        let occupied = pos.occupied();
        let mut maps = AttackMaps {
            once: [Bitboard::EMPTY; 2],
            twice: [Bitboard::EMPTY; 2],
            king: [Bitboard::EMPTY; 2],
            reach: [Bitboard::EMPTY; 81],
        };
        for c in Color::ALL {
            let ci = c.index();
            // Pawns all at once: one step forward is one bit down (Black) or up (White) within
            // the file, and no pawn stands on its last rank.
            let pawns = pos.pieces(c, PieceKind::Pawn).0;
            maps.once[ci] = Bitboard(match c {
                Color::Black => pawns >> 1,
                Color::White => pawns << 1,
            });
            for sq in pos.color_pieces(c) - pos.kind_pieces(PieceKind::Pawn) {
                let kind = pos.piece_on(sq).expect("occupied").kind();
                if kind == PieceKind::King {
                    maps.king[ci] = king_attacks(sq);
                    continue;
                }
                let a = attacks(c, kind, sq, occupied);
                maps.reach[sq.index()] = a;
                maps.twice[ci] |= maps.once[ci] & a;
                maps.once[ci] |= a;
            }
        }
        maps
    }

    /// Every square `c` attacks, king included.
    #[inline(always)]
    fn all(&self, c: Color) -> Bitboard {
        self.once[c.index()] | self.king[c.index()]
    }
}

/// `sq` as seen by `us`: Black's squares as they are, White's rotated.
#[inline(always)]
fn relative(us: Color, sq: Square) -> Square {
    match us {
        Color::Black => sq,
        Color::White => sq.flip(),
    }
}

/// The offset cell (|file difference| 0..=5, rank difference -5..=5, clamped) of relative
/// square `p` from relative king square `k`, by `[k][p]`: a table, because the evaluation looks
/// it up twice for every piece on the board.
static KING_OFFSET: [[u8; 81]; 81] = {
    let mut t = [[0u8; 81]; 81];
    let mut k = 0;
    while k < 81 {
        let mut p = 0;
        while p < 81 {
            let df = (p / 9) as i32 - (k / 9) as i32;
            let df = if df < 0 { -df } else { df };
            let df = if df > 5 { 5 } else { df };
            let dr = (p % 9) as i32 - (k % 9) as i32;
            let dr = if dr < -5 {
                -5
            } else if dr > 5 {
                5
            } else {
                dr
            };
            t[k][p] = (df * REL_RANKS as i32 + dr + 5) as u8;
            p += 1;
        }
        k += 1;
    }
    t
};

/// Index of a piece at relative square `p` in a king-relative table around relative king `k`.
#[inline(always)]
fn king_relative(class: usize, p: Square, k: Square) -> usize {
    class * REL_FILES * REL_RANKS + KING_OFFSET[k.index()][p.index()] as usize
}

/// A castle: the king's square and the pieces around it, in Black's USI coordinates
/// (file 1..=9, rank 'a'..='i'); each kind list is "any of these kinds".
struct CastleShape {
    king: (u8, char),
    pieces: &'static [((u8, char), &'static [PieceKind])],
}

const GOLD: &[PieceKind] = &[PieceKind::Gold];
const SILVER: &[PieceKind] = &[PieceKind::Silver];
const GENERAL: &[PieceKind] = &[PieceKind::Gold, PieceKind::Silver];
const LANCE: &[PieceKind] = &[PieceKind::Lance];
const KNIGHT: &[PieceKind] = &[PieceKind::Knight];

const CASTLE_SHAPES: [CastleShape; 6] = [
    // Mino: king 2h, silver 3h, gold 4i.
    CastleShape {
        king: (2, 'h'),
        pieces: &[((3, 'h'), SILVER), ((4, 'i'), GOLD)],
    },
    // High Mino: king 2h, silver 3h, golds 4g and 4i... the gold that climbed to 4g is the mark.
    CastleShape {
        king: (2, 'h'),
        pieces: &[((3, 'h'), SILVER), ((4, 'g'), GOLD)],
    },
    // Silver crown: king 2h, silver 2g above it, gold 3h beside it.
    CastleShape {
        king: (2, 'h'),
        pieces: &[((2, 'g'), SILVER), ((3, 'h'), GOLD)],
    },
    // Gold Yagura: king 8h, silver 7g, golds 7h and 6g.
    CastleShape {
        king: (8, 'h'),
        pieces: &[((7, 'g'), SILVER), ((7, 'h'), GOLD), ((6, 'g'), GOLD)],
    },
    // Anaguma: king in the corner 9i under lance 9h and knight 8i, a general on 8h.
    CastleShape {
        king: (9, 'i'),
        pieces: &[((9, 'h'), LANCE), ((8, 'i'), KNIGHT), ((8, 'h'), GENERAL)],
    },
    // Funagakoi: king 7h, golds 6i and 5h.
    CastleShape {
        king: (7, 'h'),
        pieces: &[((6, 'i'), GOLD), ((5, 'h'), GOLD)],
    },
];

/// The relative square of Black-view USI coordinates, mirrored left-right when `mirror`.
#[inline(always)]
fn castle_square((file, rank): (u8, char), mirror: bool) -> Square {
    let f = if mirror { 9 - file } else { file - 1 };
    Square::new(f, rank as u8 - b'a').expect("castle square on the board")
}

fn castle_matches(pos: &Position, us: Color, shape: &CastleShape, own_king_rel: Square) -> bool {
    [false, true].into_iter().any(|mirror| {
        castle_square(shape.king, mirror) == own_king_rel
            && shape.pieces.iter().all(|&(at, kinds)| {
                pos.piece_on(relative(us, castle_square(at, mirror)))
                    .is_some_and(|p| p.color() == us && kinds.contains(&p.kind()))
            })
    })
}

/// How early in the game it is, 0 (late) ..= 8 (opening): pieces in hand and promoted pieces
/// mean exchanges have happened.
pub fn opening_factor(pos: &Position) -> i32 {
    let mut exchanged = 0;
    for c in Color::ALL {
        let hand = pos.hand(c);
        exchanged += hand.count(PieceKind::Pawn) as i32;
        exchanged += 2 * (hand.total() - hand.count(PieceKind::Pawn)) as i32;
    }
    for k in PieceKind::ALL.into_iter().filter(|k| k.is_promoted()) {
        exchanged += 2 * pos.kind_pieces(k).count() as i32;
    }
    8 - (exchanged / 2).min(8)
}

/// Walks every feature of `pos` into `sink`.
pub fn accumulate<S: Sink>(pos: &Position, sink: &mut S) {
    let maps = AttackMaps::new(pos);
    let opening = opening_factor(pos);
    side(pos, Color::Black, &maps, opening, sink);
    side(pos, Color::White, &maps, opening, &mut Negate(sink));

    // The race: each side's pressure on the enemy king against the enemy's on its own, a
    // table over both (the sum of the other king terms cannot say who is faster), and a
    // second table for the side to move, one tempo ahead.
    let pressure = [
        pressure(pos, Color::Black, &maps),
        pressure(pos, Color::White, &maps),
    ];
    let (b, w) = (pressure[0], pressure[1]);
    sink.add(RACE + b * PRESSURE_LEVELS + w, 1);
    sink.add(RACE + w * PRESSURE_LEVELS + b, -1);
    match pos.side_to_move() {
        Color::Black => sink.add(RACE_TO_MOVE + b * PRESSURE_LEVELS + w, 1),
        Color::White => sink.add(RACE_TO_MOVE + w * PRESSURE_LEVELS + b, -1),
    }
}

/// How hard `us` presses the enemy king, 0..`PRESSURE_LEVELS`: the squares around it we
/// attack (one level for two), those of them only the king defends, and our pieces in hand
/// other than pawns (three at most).
fn pressure(pos: &Position, us: Color, maps: &AttackMaps) -> usize {
    let them = !us;
    let Some(ek) = pos.king_square(them) else {
        return 0;
    };
    let attacked = king_attacks(ek) & maps.all(us);
    let weak = attacked - maps.once[them.index()];
    let hand = pos.hand(us);
    let in_hand = (hand.total() - hand.count(PieceKind::Pawn)).min(3) as usize;
    (attacked.count() as usize / 2 + weak.count() as usize + in_hand).min(PRESSURE_LEVELS - 1)
}

/// The features of `us`.
fn side<S: Sink>(pos: &Position, us: Color, maps: &AttackMaps, opening: i32, sink: &mut S) {
    let them = !us;
    let occupied = pos.occupied();
    let ours = pos.color_pieces(us);
    let own_king = pos.king_square(us);
    let enemy_king = pos.king_square(them);
    let own_king_rel = own_king.map(|k| relative(us, k));
    let enemy_king_rel = enemy_king.map(|k| relative(us, k));
    let defended = maps.all(us);

    // Pieces: material, place relative to both kings, hanging, unprotected, locked, mobility.
    let mut in_camp = 0;
    for sq in ours {
        let kind = pos.piece_on(sq).expect("occupied").kind();
        if kind == PieceKind::King {
            continue;
        }
        let ki = kind.index();
        let class = CLASS[ki];
        let reach = if kind == PieceKind::Pawn {
            pawn_attacks(us, sq)
        } else {
            maps.reach[sq.index()]
        };
        let rel = relative(us, sq);
        sink.add(MATERIAL + ki, 1);
        if let Some(k) = own_king_rel {
            sink.add(OWN_KING_REL + king_relative(class, rel, k), 1);
        }
        if let Some(k) = enemy_king_rel {
            sink.add(ENEMY_KING_REL + king_relative(class, rel, k), 1);
        }
        if !defended.contains(sq) && maps.all(them).contains(sq) {
            sink.add(HANGING + class, 1);
        }
        if rel.rank() < 3 {
            in_camp += 1;
        }
        match kind {
            PieceKind::Silver | PieceKind::Gold if !defended.contains(sq) => {
                sink.add(UNPROTECTED + usize::from(kind == PieceKind::Gold), 1);
            }
            PieceKind::Pawn | PieceKind::Lance => {
                let front = relative(us, Square::new(rel.file(), rel.rank() - 1).expect("front"));
                if ours.contains(front) {
                    sink.add(LOCKED + usize::from(kind == PieceKind::Lance), 1);
                }
            }
            PieceKind::Knight => {
                let targets = reach;
                if targets.any() && (targets - ours).is_empty() {
                    sink.add(LOCKED + 2, 1);
                }
            }
            _ => {}
        }
        let safe = (reach - ours - maps.all(them)).count() as usize;
        sink.add(SAFE_MOBILITY + class * 16 + safe.min(15), 1);
        let slot = match kind {
            PieceKind::Lance => 0,
            PieceKind::Bishop => 1,
            PieceKind::Rook => 2,
            PieceKind::Horse => 3,
            PieceKind::Dragon => 4,
            _ => continue,
        };
        let mobility = (reach - ours).count() as i32;
        sink.add(MOBILITY + slot, mobility);
        let bucket = (mobility as usize).min(MOBILITY_COUNTS - 1);
        sink.add(ACTIVITY + slot * MOBILITY_COUNTS + bucket, 1);
    }

    // Hand: the n-th piece of each kind.
    let hand = pos.hand(us);
    let mut hand_kinds = 0;
    for (h, &kind) in PieceKind::HAND.iter().enumerate() {
        let n = hand.count(kind).min(Hand::MAX[h]) as usize;
        for i in 0..n {
            sink.add(HAND + HAND_OFFSET[h] + i, 1);
        }
        if kind != PieceKind::Pawn && n > 0 {
            hand_kinds += 1;
        }
    }

    // Own king: square, defenders, castle, entering.
    if let Some(k) = own_king_rel {
        let file = k.file().min(8 - k.file()) as usize;
        sink.add(KING_SQUARE + k.rank() as usize * 5 + file, 1);
        let around = king_attacks(own_king.expect("own king"));
        let defenders = (around & maps.once[us.index()]).count() as usize;
        sink.add(KING_DEFENDERS + defenders.min(8), 1);
        if opening > 0 {
            for (i, shape) in CASTLE_SHAPES.iter().enumerate() {
                if castle_matches(pos, us, shape, k) {
                    sink.add(CASTLE + i, opening);
                }
            }
        }
        if k.rank() < 3 {
            sink.add(ENTERING + in_camp.min(10), 1);
        }
    }

    // Enemy king: squares around it we attack, those only the king defends, drop threats.
    if let Some(ek) = enemy_king {
        let around = king_attacks(ek);
        let attacked = around & maps.all(us);
        sink.add(KING_ATTACK + (attacked.count() as usize).min(8), 1);
        let weak = attacked - maps.once[them.index()];
        sink.add(KING_WEAK + (weak.count() as usize).min(8), 1);
        if hand_kinds > 0 {
            let open = (around - occupied - maps.once[them.index()]).count() as usize;
            sink.add(DROP_THREAT + open.min(8) * 7 + hand_kinds, 1);
        }
    }

    // Who holds each square we attack (2+ counts pieces other than the king).
    let (ui, ti) = (us.index(), them.index());
    let (all_us, all_them) = (maps.all(us), maps.all(them));
    let ours = [all_us - maps.twice[ui], maps.twice[ui]];
    let theirs = [!all_them, all_them - maps.twice[ti], maps.twice[ti]];
    for (o, &a) in ours.iter().enumerate() {
        for (t, &b) in theirs.iter().enumerate() {
            for sq in a & b {
                let cell = CONTROL_CELL[ui][sq.index()] as usize;
                sink.add(CONTROL_MAP + (cell * 2 + o) * 3 + t, 1);
            }
        }
    }

    // Control of the enemy camp, and of every rank; the move.
    let camp = Bitboard::zone(us);
    let control = maps.all(us);
    sink.add(CONTROL, (control & camp).count() as i32);
    for r in 0..9 {
        let rank = RANKS[if us == Color::Black { r } else { 8 - r }];
        sink.add(
            ACTIVITY + 5 * MOBILITY_COUNTS + r,
            (control & rank).count() as i32,
        );
    }
    if pos.side_to_move() == us {
        sink.add(TEMPO, 1);
    }
}

/// Sum of `weights` over the features of `pos`, in centipawns, from Black's point of view.
pub fn score(pos: &Position, weights: &[i32; NUM_FEATURES]) -> i32 {
    let mut sum = Sum { weights, total: 0 };
    accumulate(pos, &mut sum);
    sum.total / SCALE
}

/// The features of `pos`.
pub fn trace(pos: &Position) -> Trace {
    let mut t = Trace::default();
    accumulate(pos, &mut t);
    t
}

/// The index of a feature's group and its name.
pub fn group_of(index: usize) -> (usize, &'static str) {
    GROUPS
        .iter()
        .enumerate()
        .rev()
        .find(|(_, &(_, first, _))| index >= first)
        .map(|(i, &(name, _, _))| (i, name))
        .unwrap_or((0, "material board"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_tile_the_features() {
        let mut next = 0;
        for &(_, first, size) in GROUPS.iter() {
            assert_eq!(first, next);
            next += size;
        }
        assert_eq!(next, NUM_FEATURES);
    }

    #[test]
    fn score_is_the_weighted_trace() {
        let weights: [i32; NUM_FEATURES] = std::array::from_fn(|i| (i as i32 * 37) % 101 - 50);
        for sfen in [
            crate::shogi::STARTPOS_SFEN,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "4k4/9/9/9/9/9/9/9/4K4 b R2G 1",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            let traced: i32 = trace(&pos)
                .features
                .iter()
                .map(|&(i, c)| weights[i as usize] * i32::from(c))
                .sum();
            assert_eq!(score(&pos, &weights), traced / SCALE, "{sfen}");
        }
    }

    fn count(pos: &Position, index: usize) -> i32 {
        trace(pos)
            .features
            .iter()
            .filter(|&&(i, _)| i as usize == index)
            .map(|&(_, c)| i32::from(c))
            .sum()
    }

    #[test]
    fn castles_are_recognised_for_both_sides_and_wings() {
        // Black in Mino (king 2h, silver 3h, gold 4i), White in a mirrored Mino (king 8b,
        // silver 7b, gold 6a): the features cancel.
        let both = "ln1g3nl/1ks6/ppppppppp/9/9/9/PPPPPPPPP/6SK1/LN3G1NL b - 1";
        let pos = Position::from_sfen(both).unwrap();
        assert_eq!(count(&pos, CASTLE), 0);
        // Black alone: counted once, with the full opening factor.
        let black = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/6SK1/LN3G1NL b - 1";
        let pos = Position::from_sfen(black).unwrap();
        assert_eq!(count(&pos, CASTLE), 8);
        // Gold Yagura for White (king 2b, silver 3c, golds 3b and 4c).
        let yagura = "lnsg3nl/6gk1/5gsp1/9/9/9/9/9/4K4 b - 1";
        let pos = Position::from_sfen(yagura).unwrap();
        assert_eq!(count(&pos, CASTLE + 3), -8);
        // Anaguma for Black: king 9i, lance 9h, knight 8i, silver 8h.
        let anaguma = "4k4/9/9/9/9/9/9/LS7/KN7 b - 1";
        let pos = Position::from_sfen(anaguma).unwrap();
        assert_eq!(count(&pos, CASTLE + 4), 8);
    }

    #[test]
    fn opening_factor_falls_with_exchanges() {
        assert_eq!(opening_factor(&Position::startpos()), 8);
        let traded = "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/7R1/LNSGKGSNL b Bb 1";
        assert_eq!(opening_factor(&Position::from_sfen(traded).unwrap()), 6);
    }

    #[test]
    fn race_cells_count_both_sides_pressure() {
        // Black: a pawn on 5c attacks 5b, which only White's king on 5a defends (one level for
        // the weak square, none for one attacked square), and three pieces in hand other than
        // pawns: level 4. White presses nothing: level 0.
        let black_to_move = "4k4/9/4P4/9/9/9/9/9/4K4 b G2S3p 1";
        let pos = Position::from_sfen(black_to_move).unwrap();
        assert_eq!(count(&pos, RACE + 4 * PRESSURE_LEVELS), 1);
        assert_eq!(count(&pos, RACE + 4), -1);
        assert_eq!(count(&pos, RACE_TO_MOVE + 4 * PRESSURE_LEVELS), 1);
        // With White to move the race table is the same and the side-to-move cell is White's.
        let white_to_move = black_to_move.replace(" b ", " w ");
        let pos = Position::from_sfen(&white_to_move).unwrap();
        assert_eq!(count(&pos, RACE + 4 * PRESSURE_LEVELS), 1);
        assert_eq!(count(&pos, RACE_TO_MOVE + 4 * PRESSURE_LEVELS), 0);
        assert_eq!(count(&pos, RACE_TO_MOVE + 4), -1);
    }

    #[test]
    fn nth_piece_in_hand_has_its_own_feature() {
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 3P 1").unwrap();
        for i in 0..3 {
            assert_eq!(count(&pos, HAND + i), 1);
        }
        assert_eq!(count(&pos, HAND + 3), 0);
    }
}
