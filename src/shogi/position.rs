//! `Position`: the board, hands and side to move, with make/unmake and the history of states.
//!
//! Unmake is "pop the previous `State`" plus putting back the moved and captured pieces. The
//! `State` stack is also the game record that repetition detection reads (keys, hands, checks).
//! In debug builds every make and unmake is followed by a from-scratch consistency check.

use super::attacks::*;
use super::bitboard::Bitboard;
use super::hand::Hand;
use super::movegen::parse_usi_move;
use super::moves::{Move, MoveKind};
use super::types::{Color, Piece, PieceKind, Square};
use super::zobrist;
use crate::notation::sfen::{self, PositionSpec, Sfen, SfenError, SpecError};

/// What changes with every move and is restored by popping on unmake.
#[derive(Clone, Copy, Debug)]
pub struct State {
    /// Zobrist key of the board and side to move.
    pub board_key: u64,
    /// Additive Zobrist key of both hands.
    pub hand_key: u64,
    /// Both hands.
    pub hands: [Hand; 2],
    /// Pieces giving check to the side to move.
    pub checkers: Bitboard,
    /// The piece captured by the move that led here.
    pub captured: Option<Piece>,
    /// The move that led here (None at the root or after a null move).
    pub last_move: Option<Move>,
    /// For each colour, how many of its consecutive moves so far gave check (perpetual check).
    pub continuous_checks: [u16; 2],
    /// Plies since the last null move (repetition search stops there).
    pub plies_from_null: u16,
}

/// A 9x9 shogi position.
#[derive(Clone)]
pub struct Position {
    board: [Option<Piece>; 81],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; 14],
    king: [Option<Square>; 2],
    side: Color,
    ply: u32,
    state: State,
    history: Vec<State>,
}

/// Why a position's text was refused: its SFEN grammar, or what shogi's rules forbid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not a position text: no start position (`startpos`, `sfen ...`).
    Spec(SpecError),
    /// Not an SFEN of a 9x9 board, or no hands field.
    Sfen(SfenError),
    /// A piece shogi does not have where it stands: an unknown letter, a promoted gold or king,
    /// a king in hand.
    UnknownPiece(String),
    /// More pieces of a kind, on the board and in hand, than the set holds.
    TooMany(PieceKind),
    /// Two kings of one side.
    TwoKings(Color),
    /// A piece on a square it can never move from (a pawn or lance on the last rank, a knight
    /// on the last two).
    Stranded(PieceKind),
    /// Two unpromoted pawns of one side on a file (counted from 1).
    TwoPawns(u8),
    /// The side not to move is in check.
    OpponentInCheck,
    /// A move of a line that is not legal where it is played (counted from 1).
    IllegalMove {
        /// Which move of the line.
        index: usize,
        /// The move as written.
        text: String,
        /// The position it was to be played in.
        sfen: String,
    },
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::Spec(e) => e.fmt(f),
            PositionError::Sfen(e) => e.fmt(f),
            PositionError::UnknownPiece(p) => write!(f, "no piece {p:?} in shogi"),
            PositionError::TooMany(k) => write!(f, "too many {} pieces", k.base_letter()),
            PositionError::TwoKings(c) => write!(f, "two {} kings", c.name()),
            PositionError::Stranded(k) => write!(f, "a {k:?} on a square where it can never move"),
            PositionError::TwoPawns(file) => {
                write!(f, "two unpromoted pawns of one side on file {file}")
            }
            PositionError::OpponentInCheck => f.write_str("the side not to move is in check"),
            PositionError::IllegalMove { index, text, sfen } => {
                write!(
                    f,
                    "illegal move '{text}' (move {index} of the list) in {sfen}"
                )
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl From<SfenError> for PositionError {
    fn from(e: SfenError) -> PositionError {
        PositionError::Sfen(e)
    }
}

/// The SFEN of the even-game starting position.
pub const STARTPOS_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

impl Position {
    /// The even-game starting position.
    pub fn startpos() -> Position {
        Position::from_sfen(STARTPOS_SFEN).expect("startpos is valid")
    }

    fn empty() -> Position {
        Position {
            board: [None; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 14],
            king: [None; 2],
            side: Color::Black,
            ply: 1,
            state: State {
                board_key: 0,
                hand_key: 0,
                hands: [Hand::EMPTY; 2],
                checkers: Bitboard::EMPTY,
                captured: None,
                last_move: None,
                continuous_checks: [0; 2],
                plies_from_null: 0,
            },
            history: Vec::with_capacity(512),
        }
    }

    /// Parses a SFEN (`<board> <side> <hand> [<ply>]`) and checks that the position is legal:
    /// piece counts within the set, at most one king a side, no piece that can never move, no two
    /// unpromoted pawns of one side on a file, and the side not to move not in check.
    pub fn from_sfen(text: &str) -> Result<Position, PositionError> {
        let sfen = Sfen::parse(text, 9, 9)?;
        if sfen.third.is_none() {
            return Err(SfenError::FieldCount(2).into());
        }
        let mut pos = Position::empty();
        for (rank, row) in sfen.board.iter().enumerate() {
            // Files are written from 9 down to 1.
            for (column, token) in row.iter().enumerate() {
                let Some(token) = token else { continue };
                let unknown = || PositionError::UnknownPiece(token.to_string());
                let mut kind = PieceKind::from_letter(token.letter.to_ascii_uppercase())
                    .filter(|_| token.mark.is_none())
                    .ok_or_else(unknown)?;
                if token.promoted {
                    if !kind.can_promote() {
                        return Err(unknown());
                    }
                    kind = kind.promote();
                }
                let color = token.color();
                if kind == PieceKind::King && pos.king[color.index()].is_some() {
                    return Err(PositionError::TwoKings(color));
                }
                let sq = Square::new(8 - column as u8, rank as u8).expect("in range");
                pos.put_piece(Piece::new(color, kind), sq);
            }
        }
        pos.side = sfen.side;
        for (n, token) in sfen.hands()? {
            let kind = PieceKind::from_letter(token.letter.to_ascii_uppercase())
                .filter(|&k| k != PieceKind::King && !token.promoted && token.mark.is_none())
                .ok_or_else(|| PositionError::UnknownPiece(token.to_string()))?;
            let hand = &mut pos.state.hands[token.color().index()];
            let total = hand.count(kind) + n;
            if total > Hand::CAPACITY[kind.index()] {
                return Err(PositionError::TooMany(kind));
            }
            hand.set_count(kind, total);
        }
        if let Some(n) = sfen.move_number {
            pos.ply = n;
        }
        pos.validate()?;
        pos.state.board_key = pos.compute_board_key();
        pos.state.hand_key = pos.compute_hand_key();
        pos.state.checkers = pos.compute_checkers();
        Ok(pos)
    }

    /// The position a USI position text reaches (`startpos moves 7g7f`, `sfen <sfen> moves
    /// ...`, or a bare SFEN), and the start and moves that lead there.
    pub fn parse_line(text: &str) -> Result<(Position, Vec<Move>), PositionError> {
        let spec = PositionSpec::parse(text).map_err(PositionError::Spec)?;
        let start = match &spec.sfen {
            None => Position::startpos(),
            Some(sfen) => Position::from_sfen(sfen)?,
        };
        let mut pos = start.clone();
        let mut played = Vec::with_capacity(spec.moves.len());
        for (i, text) in spec.moves.iter().enumerate() {
            let m = parse_usi_move(&pos, text).ok_or_else(|| PositionError::IllegalMove {
                index: i + 1,
                text: text.clone(),
                sfen: pos.to_sfen(),
            })?;
            pos.make_move(m);
            played.push(m);
        }
        Ok((start, played))
    }

    /// The position at the end of a USI position text (`parse_line`).
    pub fn after_line(text: &str) -> Result<Position, PositionError> {
        let (mut pos, moves) = Position::parse_line(text)?;
        for m in moves {
            pos.make_move(m);
        }
        Ok(pos)
    }

    fn validate(&self) -> Result<(), PositionError> {
        // Piece totals per kind must fit in a hand field, so no capture can overflow one.
        for kind in PieceKind::HAND {
            let on_board =
                (self.by_kind[kind.index()] | self.by_kind[kind.promote().index()]).count();
            let in_hand = self.state.hands[0].count(kind) + self.state.hands[1].count(kind);
            if on_board + in_hand > Hand::CAPACITY[kind.index()] {
                return Err(PositionError::TooMany(kind));
            }
        }
        for c in Color::ALL {
            for kind in [PieceKind::Pawn, PieceKind::Lance, PieceKind::Knight] {
                let dead = !Bitboard::relative_ranks_from(c, kind.min_relative_rank());
                if (self.pieces(c, kind) & dead).any() {
                    return Err(PositionError::Stranded(kind));
                }
            }
            let pawns = self.pieces(c, PieceKind::Pawn);
            for f in 0..9 {
                if (pawns & Bitboard::file_mask(f)).more_than_one() {
                    return Err(PositionError::TwoPawns(f + 1));
                }
            }
        }
        if let Some(k) = self.king[(!self.side).index()] {
            if self.attackers_to(k, self.side, self.occupied()).any() {
                return Err(PositionError::OpponentInCheck);
            }
        }
        Ok(())
    }

    /// The position as SFEN, hands in canonical order (R B G S N L P, Black first).
    pub fn to_sfen(&self) -> String {
        let board = sfen::write_board((0..9).map(|rank| {
            (0..9)
                .rev()
                .map(move |file| self.board[Square::new(file, rank).expect("on board").index()])
                .map(|p| p.map(Piece::to_sfen))
        }));
        let hands = sfen::write_hands(Color::ALL.into_iter().flat_map(|c| {
            PieceKind::HAND_BY_VALUE
                .iter()
                .map(move |&k| (self.hand(c).count(k), Piece::new(c, k).to_sfen()))
        }));
        format!(
            "{board} {} {hands} {}",
            sfen::side_letter(self.side),
            self.ply
        )
    }

    // ----------------------------------------------------------------------------------------
    // Accessors.

    /// The piece on `sq`.
    #[inline(always)]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The move number as SFEN writes it (starts at 1, +1 per ply).
    #[inline(always)]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// All pieces of `c`.
    #[inline(always)]
    pub fn color_pieces(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }

    /// All pieces of `kind`, both colours.
    #[inline(always)]
    pub fn kind_pieces(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// Pieces of colour `c` and kind `kind`.
    #[inline(always)]
    pub fn pieces(&self, c: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[c.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Pieces that move like a gold, both colours.
    #[inline(always)]
    pub fn golds(&self) -> Bitboard {
        self.by_kind[PieceKind::Gold.index()]
            | self.by_kind[PieceKind::ProPawn.index()]
            | self.by_kind[PieceKind::ProLance.index()]
            | self.by_kind[PieceKind::ProKnight.index()]
            | self.by_kind[PieceKind::ProSilver.index()]
    }

    /// The king square of `c`, if that side has a king (mate problems may omit the attacker's).
    #[inline(always)]
    pub fn king_square(&self, c: Color) -> Option<Square> {
        self.king[c.index()]
    }

    /// The hand of `c`.
    #[inline(always)]
    pub fn hand(&self, c: Color) -> Hand {
        self.state.hands[c.index()]
    }

    /// Moves a piece of `kind` (a hand kind) from `from`'s hand to the other side's, keys
    /// included; false, and nothing changed, if `from` holds none or the other hand is full.
    /// Not a move: the history is untouched, and the same call for the other side undoes it.
    /// For a mate solver's question of whether a mate stands without a piece.
    pub fn hand_over(&mut self, from: Color, kind: PieceKind) -> bool {
        let to = !from;
        let st = &mut self.state;
        if st.hands[from.index()].count(kind) == 0
            || st.hands[to.index()].count(kind) >= Hand::CAPACITY[kind.index()]
        {
            return false;
        }
        st.hands[from.index()].remove(kind);
        st.hands[to.index()].add(kind);
        st.hand_key = st
            .hand_key
            .wrapping_sub(zobrist::hand_key(from.index(), kind.index()))
            .wrapping_add(zobrist::hand_key(to.index(), kind.index()));
        debug_assert!(
            self.is_consistent(),
            "inconsistent after handing over {kind:?}"
        );
        true
    }

    /// Pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.state.checkers
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.state.checkers.any()
    }

    /// The Zobrist key of the whole position (board, side to move, hands).
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.state.board_key ^ self.state.hand_key
    }

    /// The Zobrist key of the board and side to move only.
    #[inline(always)]
    pub fn board_key(&self) -> u64 {
        self.state.board_key
    }

    /// The current state.
    #[inline(always)]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The states of earlier positions, oldest first (the current one is `state()`).
    #[inline(always)]
    pub fn history(&self) -> &[State] {
        &self.history
    }

    /// The move that led to this position, if any.
    #[inline(always)]
    pub fn last_move(&self) -> Option<Move> {
        self.state.last_move
    }

    // ----------------------------------------------------------------------------------------
    // Attacks.

    /// Pieces of colour `by` attacking `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let them = !by; // look from `sq` as if a piece of the other colour stood there
        let bk = &self.by_kind;
        let ours = self.by_color[by.index()];
        let hv = bk[PieceKind::Horse.index()];
        let dr = bk[PieceKind::Dragon.index()];
        let mut attackers = ((pawn_attacks(them, sq) & bk[PieceKind::Pawn.index()])
            | (knight_attacks(them, sq) & bk[PieceKind::Knight.index()])
            | (silver_attacks(them, sq) & bk[PieceKind::Silver.index()])
            | (gold_attacks(them, sq) & self.golds())
            | (king_attacks(sq) & (bk[PieceKind::King.index()] | hv | dr)))
            & ours;
        // Sliders are few: trace a ray only when one of them stands on it.
        let lances = bk[PieceKind::Lance.index()] & ours;
        if (lance_rays(them, sq) & lances).any() {
            attackers |= lance_attacks(them, sq, occupied) & lances;
        }
        let diagonal = (bk[PieceKind::Bishop.index()] | hv) & ours;
        if (bishop_rays(sq) & diagonal).any() {
            attackers |= bishop_attacks(sq, occupied) & diagonal;
        }
        let orthogonal = (bk[PieceKind::Rook.index()] | dr) & ours;
        if (rook_rays(sq) & orthogonal).any() {
            attackers |= rook_attacks(sq, occupied) & orthogonal;
        }
        attackers
    }

    /// The squares of `region` that pieces of `by` attack, given `occupied`. Cheaper than asking
    /// `is_attacked` of each square: every slider's attacks are worked out once, and only the
    /// squares they leave are looked up for the pieces that step.
    pub fn attacked_squares(&self, by: Color, region: Bitboard, occupied: Bitboard) -> Bitboard {
        let own = self.by_color[by.index()];
        let bk = &self.by_kind;
        let mut attacked = Bitboard::EMPTY;
        // A slider's attacks are worked out only when its lines cross the region.
        for from in own & (bk[PieceKind::Rook.index()] | bk[PieceKind::Dragon.index()]) {
            if (rook_rays(from) & region).any() {
                attacked |= rook_attacks(from, occupied) & region;
            }
        }
        for from in own & (bk[PieceKind::Bishop.index()] | bk[PieceKind::Horse.index()]) {
            if (bishop_rays(from) & region).any() {
                attacked |= bishop_attacks(from, occupied) & region;
            }
        }
        for from in own & (bk[PieceKind::Horse.index()] | bk[PieceKind::Dragon.index()]) {
            attacked |= king_attacks(from) & region;
        }
        for from in own & bk[PieceKind::Lance.index()] {
            if (lance_rays(by, from) & region).any() {
                attacked |= lance_attacks(by, from, occupied) & region;
            }
        }
        let other = !by;
        let golds = self.golds();
        for to in region - attacked {
            // Looking from `to` as a piece of the other colour: who of `by` could step here.
            let steppers = (pawn_attacks(other, to) & bk[PieceKind::Pawn.index()])
                | (knight_attacks(other, to) & bk[PieceKind::Knight.index()])
                | (silver_attacks(other, to) & bk[PieceKind::Silver.index()])
                | (gold_attacks(other, to) & golds)
                | (king_attacks(to) & bk[PieceKind::King.index()]);
            if (steppers & own).any() {
                attacked.set(to);
            }
        }
        attacked
    }

    /// Lances, bishops, rooks, horses and dragons of both colours.
    #[inline]
    pub fn sliders(&self) -> Bitboard {
        let bk = &self.by_kind;
        bk[PieceKind::Lance.index()]
            | bk[PieceKind::Bishop.index()]
            | bk[PieceKind::Rook.index()]
            | bk[PieceKind::Horse.index()]
            | bk[PieceKind::Dragon.index()]
    }

    /// Whether any piece of `by` attacks `sq` given `occupied`: `attackers_to` that stops at the
    /// first attacker found, the pieces that step before the sliders (legality tests of king
    /// moves ask this most: a quarter of the mate solver's instructions went to `attackers_to`,
    /// most of them for king moves).
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let them = !by;
        let bk = &self.by_kind;
        let ours = self.by_color[by.index()];
        let hv = bk[PieceKind::Horse.index()];
        let dr = bk[PieceKind::Dragon.index()];
        let steppers = (pawn_attacks(them, sq) & bk[PieceKind::Pawn.index()])
            | (knight_attacks(them, sq) & bk[PieceKind::Knight.index()])
            | (silver_attacks(them, sq) & bk[PieceKind::Silver.index()])
            | (gold_attacks(them, sq) & self.golds())
            | (king_attacks(sq) & (bk[PieceKind::King.index()] | hv | dr));
        if (steppers & ours).any() {
            return true;
        }
        let orthogonal = (bk[PieceKind::Rook.index()] | dr) & ours;
        if (rook_rays(sq) & orthogonal).any() && (rook_attacks(sq, occupied) & orthogonal).any() {
            return true;
        }
        let diagonal = (bk[PieceKind::Bishop.index()] | hv) & ours;
        if (bishop_rays(sq) & diagonal).any() && (bishop_attacks(sq, occupied) & diagonal).any() {
            return true;
        }
        let lances = bk[PieceKind::Lance.index()] & ours;
        (lance_rays(them, sq) & lances).any() && (lance_attacks(them, sq, occupied) & lances).any()
    }

    /// The checkers of the side to move just after the other side played `m`: the piece moved,
    /// if it attacks the king from where it landed, and a slider it uncovered, if it left a line
    /// through the king. (What `compute_checkers` finds, looking only where a check can come
    /// from: the full look took 3% of the mate solver's instructions.)
    #[inline]
    fn checkers_after(&self, m: Move) -> Bitboard {
        let by = !self.side;
        let Some(k) = self.king[self.side.index()] else {
            return Bitboard::EMPTY;
        };
        let occ = self.occupied();
        let to = m.to();
        let kind = self.board[to.index()].map_or(PieceKind::Pawn, |p| p.kind());
        let mut checkers = if attacks(by, kind, to, occ).contains(k) {
            Bitboard::from_square(to)
        } else {
            Bitboard::EMPTY
        };
        if let MoveKind::Board { from, .. } = m.kind() {
            let through = line(k, from);
            if through.any() {
                let bk = &self.by_kind;
                let ours = self.by_color[by.index()];
                let sliders = if rook_rays(k).contains(from) {
                    (rook_attacks(k, occ)
                        & (bk[PieceKind::Rook.index()] | bk[PieceKind::Dragon.index()]))
                        | (lance_attacks(self.side, k, occ) & bk[PieceKind::Lance.index()])
                } else {
                    bishop_attacks(k, occ)
                        & (bk[PieceKind::Bishop.index()] | bk[PieceKind::Horse.index()])
                };
                checkers |= sliders & ours & through;
            }
        }
        checkers
    }

    fn compute_checkers(&self) -> Bitboard {
        match self.king[self.side.index()] {
            Some(k) => self.attackers_to(k, !self.side, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Pieces (of either colour) that alone stand between `c`'s king and an enemy slider.
    /// Those of colour `c` are pinned; those of the enemy give discovered check if they move.
    pub fn blockers_for_king(&self, c: Color) -> Bitboard {
        let Some(k) = self.king[c.index()] else {
            return Bitboard::EMPTY;
        };
        let them = !c;
        let bk = &self.by_kind;
        let snipers = ((lance_rays(c, k) & bk[PieceKind::Lance.index()])
            | (bishop_rays(k) & (bk[PieceKind::Bishop.index()] | bk[PieceKind::Horse.index()]))
            | (rook_rays(k) & (bk[PieceKind::Rook.index()] | bk[PieceKind::Dragon.index()])))
            & self.by_color[them.index()];
        let occ = self.occupied();
        let mut blockers = Bitboard::EMPTY;
        for s in snipers {
            let b = between(k, s) & occ;
            if b.any() && !b.more_than_one() {
                blockers |= b;
            }
        }
        blockers
    }

    // ----------------------------------------------------------------------------------------
    // Make / unmake.

    #[inline(always)]
    fn put_piece(&mut self, p: Piece, sq: Square) {
        debug_assert!(self.board[sq.index()].is_none());
        self.board[sq.index()] = Some(p);
        self.by_color[p.color().index()].set(sq);
        self.by_kind[p.kind().index()].set(sq);
        if p.kind() == PieceKind::King {
            self.king[p.color().index()] = Some(sq);
        }
    }

    #[inline(always)]
    fn remove_piece(&mut self, sq: Square) -> Piece {
        let p = self.board[sq.index()].take().expect("a piece to remove");
        self.by_color[p.color().index()].clear(sq);
        self.by_kind[p.kind().index()].clear(sq);
        p
    }

    /// Whether `m` gives check in this position (the move must be legal here).
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side;
        let Some(ek) = self.king[(!us).index()] else {
            return false;
        };
        match m.kind() {
            MoveKind::Drop { kind, to } => attacks(us, kind, to, self.occupied()).contains(ek),
            MoveKind::Board { from, to, promote } => {
                let p = self.board[from.index()].expect("moving piece");
                let kind = if promote {
                    p.kind().promote()
                } else {
                    p.kind()
                };
                let occ =
                    (self.occupied() - Bitboard::from_square(from)) | Bitboard::from_square(to);
                if attacks(us, kind, to, occ).contains(ek) {
                    return true;
                }
                // Discovered check: a slider of ours now sees the king, which needs `from` on
                // a line through the king. (No other piece of ours can attack the king: the
                // side to move never gives check by standing still.)
                if !(rook_rays(ek) | bishop_rays(ek)).contains(from) {
                    return false;
                }
                let mine = self.by_color[us.index()] - Bitboard::from_square(from);
                (self.attackers_to(ek, us, occ) & mine).any()
            }
        }
    }

    /// The board key (board and side to move) after `m`, a legal move, without playing it.
    #[inline]
    pub fn board_key_after(&self, m: Move) -> u64 {
        let us = self.side;
        let mut key = self.state.board_key ^ zobrist::side_key();
        match m.kind() {
            MoveKind::Drop { kind, to } => {
                key ^= zobrist::piece_key(us.index(), kind.index(), to.index());
            }
            MoveKind::Board { from, to, promote } => {
                if let Some(cap) = self.board[to.index()] {
                    key ^= zobrist::piece_key((!us).index(), cap.kind().index(), to.index());
                }
                let kind = self.board[from.index()].expect("a piece to move").kind();
                let after = if promote { kind.promote() } else { kind };
                key ^= zobrist::piece_key(us.index(), kind.index(), from.index())
                    ^ zobrist::piece_key(us.index(), after.index(), to.index());
            }
        }
        key
    }

    /// Plays `m`, which must be legal in this position.
    pub fn make_move(&mut self, m: Move) {
        let us = self.side;
        let them = !us;
        let mut st = self.state;
        self.history.push(self.state);
        st.captured = None;
        st.last_move = Some(m);
        st.plies_from_null = st.plies_from_null.saturating_add(1);
        match m.kind() {
            MoveKind::Drop { kind, to } => {
                st.hands[us.index()].remove(kind);
                st.hand_key = st
                    .hand_key
                    .wrapping_sub(zobrist::hand_key(us.index(), kind.index()));
                self.put_piece(Piece::new(us, kind), to);
                st.board_key ^= zobrist::piece_key(us.index(), kind.index(), to.index());
            }
            MoveKind::Board { from, to, promote } => {
                if let Some(cap) = self.board[to.index()] {
                    self.remove_piece(to);
                    let hk = cap.kind().unpromote();
                    st.hands[us.index()].add(hk);
                    st.hand_key = st
                        .hand_key
                        .wrapping_add(zobrist::hand_key(us.index(), hk.index()));
                    st.board_key ^=
                        zobrist::piece_key(them.index(), cap.kind().index(), to.index());
                    st.captured = Some(cap);
                }
                let p = self.remove_piece(from);
                st.board_key ^= zobrist::piece_key(us.index(), p.kind().index(), from.index());
                let np = if promote {
                    Piece::new(us, p.kind().promote())
                } else {
                    p
                };
                self.put_piece(np, to);
                st.board_key ^= zobrist::piece_key(us.index(), np.kind().index(), to.index());
            }
        }
        st.board_key ^= zobrist::side_key();
        self.side = them;
        self.ply += 1;
        self.state = st;
        self.state.checkers = self.checkers_after(m);
        if self.state.checkers.any() {
            self.state.continuous_checks[us.index()] += 1;
        } else {
            self.state.continuous_checks[us.index()] = 0;
        }
        debug_assert!(self.is_consistent(), "inconsistent after {m}");
    }

    /// Takes back `m`, which must be the last move played.
    pub fn unmake_move(&mut self, m: Move) {
        let them = self.side;
        let us = !them;
        match m.kind() {
            MoveKind::Drop { to, .. } => {
                self.remove_piece(to);
            }
            MoveKind::Board { from, to, promote } => {
                let p = self.remove_piece(to);
                let op = if promote {
                    Piece::new(us, p.kind().unpromote())
                } else {
                    p
                };
                self.put_piece(op, from);
                if let Some(cap) = self.state.captured {
                    self.put_piece(cap, to);
                }
            }
        }
        self.side = us;
        self.ply -= 1;
        self.state = self.history.pop().expect("undo without a move");
        debug_assert!(self.is_consistent(), "inconsistent after undo {m}");
    }

    /// Passes the turn (for null-move pruning). The side to move must not be in check.
    pub fn make_null_move(&mut self) {
        debug_assert!(!self.in_check());
        self.history.push(self.state);
        self.state.board_key ^= zobrist::side_key();
        self.state.captured = None;
        self.state.last_move = None;
        self.state.plies_from_null = 0;
        self.side = !self.side;
        self.ply += 1;
        self.state.checkers = Bitboard::EMPTY;
    }

    /// Takes back a null move.
    pub fn unmake_null_move(&mut self) {
        self.side = !self.side;
        self.ply -= 1;
        self.state = self.history.pop().expect("undo without a null move");
    }

    // ----------------------------------------------------------------------------------------
    // Consistency.

    fn compute_board_key(&self) -> u64 {
        let mut k = 0;
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                k ^= zobrist::piece_key(p.color().index(), p.kind().index(), sq.index());
            }
        }
        if self.side == Color::White {
            k ^= zobrist::side_key();
        }
        k
    }

    fn compute_hand_key(&self) -> u64 {
        let mut k = 0u64;
        for c in Color::ALL {
            for kind in PieceKind::HAND {
                let n = self.hand(c).count(kind) as u64;
                k = k.wrapping_add(n.wrapping_mul(zobrist::hand_key(c.index(), kind.index())));
            }
        }
        k
    }

    /// Recomputes bitboards, kings, keys and checkers from the board array and compares.
    pub fn is_consistent(&self) -> bool {
        let mut by_color = [Bitboard::EMPTY; 2];
        let mut by_kind = [Bitboard::EMPTY; 14];
        let mut king = [None; 2];
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                by_color[p.color().index()].set(sq);
                by_kind[p.kind().index()].set(sq);
                if p.kind() == PieceKind::King {
                    king[p.color().index()] = Some(sq);
                }
            }
        }
        by_color == self.by_color
            && by_kind == self.by_kind
            && king == self.king
            && self.compute_board_key() == self.state.board_key
            && self.compute_hand_key() == self.state.hand_key
            && self.compute_checkers() == self.state.checkers
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_round_trip() {
        let p = Position::startpos();
        assert_eq!(p.to_sfen(), STARTPOS_SFEN);
        assert!(p.is_consistent());
        assert!(!p.in_check());
    }

    #[test]
    fn hands_any_order_canonical_output() {
        let a = Position::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        )
        .unwrap();
        assert_eq!(
            a.to_sfen(),
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
        );
    }

    #[test]
    fn a_piece_handed_over_is_the_position_with_the_hands_written_so() {
        let sfen = |hands: &str| format!("4k4/9/9/9/9/9/9/9/4K4 b {hands} 1");
        let mut pos = Position::from_sfen(&sfen("2Pg")).unwrap();
        let before = pos.key();
        assert!(pos.hand_over(Color::Black, PieceKind::Pawn));
        let handed = Position::from_sfen(&sfen("Pgp")).unwrap();
        assert_eq!((pos.to_sfen(), pos.key()), (handed.to_sfen(), handed.key()));
        // Nothing to hand over: nothing changes.
        assert!(!pos.hand_over(Color::Black, PieceKind::Gold));
        assert!(pos.hand_over(Color::White, PieceKind::Pawn));
        assert_eq!((pos.to_sfen(), pos.key()), (sfen("2Pg"), before));
        assert!(pos.is_consistent());
    }

    #[test]
    fn rejects_bad_sfen() {
        for bad in [
            "",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 19P 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2B 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 14P 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL b - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - x",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
            "P8/9/9/9/4k4/9/9/9/4K4 b - 1",
            "9/9/9/9/4k4/9/4P4/4P4/4K4 b - 1",
            "4k4/4R4/9/9/9/9/9/9/4K4 b - 1",
            "4k4/9/9/9/9/9/9/9/3KK4 b - 1",
        ] {
            assert!(Position::from_sfen(bad).is_err(), "accepted {bad:?}");
        }
    }

    #[test]
    fn the_key_after_a_move_is_the_key_the_move_makes() {
        use crate::shogi::{generate_all, MoveList};
        let mut seed = 99u64;
        let mut pos = Position::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        )
        .unwrap();
        for _ in 0..300 {
            let mut list = MoveList::new();
            generate_all(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            for &m in list.iter() {
                let expected = pos.board_key_after(m);
                pos.make_move(m);
                assert_eq!(pos.board_key(), expected, "{m}");
                pos.unmake_move(m);
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            pos.make_move(list[(seed >> 33) as usize % list.len()]);
        }
    }

    #[test]
    fn king_less_side_is_accepted() {
        let p = Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b 2G 1").unwrap();
        assert_eq!(p.king_square(Color::Black), None);
    }
}
