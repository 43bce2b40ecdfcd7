//! The variants on the one search: `VBoard` puts a variant's position (`VPosition`) behind
//! `SearchBoard`, and `VPicker` orders its moves, so that chu, dai, tenjiku, dai dai and the
//! small boards are searched by the same code as 9x9 shogi (`negamax`, `deepening`, `smp`):
//! iterative deepening with aspiration windows, PVS, the shared transposition table,
//! quiescence, null move, the futility family, late-move reductions, singular and check
//! extensions, killers, countermoves and histories, Lazy SMP, MultiPV and pondering.
//!
//! What is the variants' own: the moves (the generic generator, lion double moves and all),
//! the evaluation (`eval::variant`, made once per variant and shared), a static exchange
//! evaluation over the pieces' ordinary moves (least valuable attacker first, lines opening
//! behind the capturers), the ends of a game by each variant's rules (a captured royal, chu's
//! bare king, repetitions with perpetual check counted from the first occurrence, none
//! across a pass), a capture search that skips the captures that lose material and stops
//! after `QSEARCH_PLIES` captures (tenjiku's jumping generals would make a full one explode)
//! and, where range capturers fly over whole files, after the best `RANGE_QSEARCH_BREADTH`
//! captures of a position, and root moves ordered captures first for a first iteration that
//! a node limit may cut short on a board of a thousand moves.

use super::board::{Dims, Picker, SearchBoard};
use super::ordering::OrderingContext;
use super::params::{HISTORY_MAX, LMP_BASE};
use crate::eval::variant::{material, VariantEval};
use crate::eval::{Value, EVAL_LIMIT};
use crate::shogi::{Color, Repetition};
use crate::variant::catalogue::Special;
use crate::variant::position::{Undo, NO_SQUARE};
use crate::variant::{KindIx, VMove, VPosition, Verdict};
use std::sync::Arc;

/// The most captures quiescence tries in one position (the best by victim first) in a game
/// with range capturers (taikyoku), which take every piece they fly over and would otherwise
/// give it dozens of winning captures a node, each side's in turn. Other games try them all.
const RANGE_QSEARCH_BREADTH: usize = 8;

/// Late-move pruning's base count on the boards larger than 9x9's, whose positions have more
/// moves (chu: over a hundred): twice 9x9's `LMP_BASE` (61.3% in 200 games of chu self-play
/// at 10,000 nodes, docs/results.md).
const LARGE_BOARD_LMP_BASE: usize = 2 * LMP_BASE;

/// On the boards larger than 9x9's, a quiet move to within this many king steps of an enemy
/// royal piece is kept from the shallow pruning (`keeps_from_pruning`).
const ROYAL_ATTACK_DISTANCE: usize = 2;

/// What a threat wins (`threatens`): two pawns. In a dai game against HaChu, a lion moved
/// two squares from White's free king, which could then neither stay nor get away without
/// losing material; reduced, the quiet move was found only by a search of 130,000 nodes,
/// and of 30,000 once a threat is reduced less.
const THREAT_GAIN: Value = 200;

/// A capture of a royal piece, as valued by move ordering, delta pruning and the exchange
/// estimate (it ends the game).
const ROYAL_VALUE: Value = EVAL_LIMIT;

/// A variant's position as the search sees it: the position, its game and line (for
/// repetitions), and what the moves made here need to be taken back.
#[derive(Clone)]
pub struct VBoard {
    pos: VPosition,
    eval: Arc<VariantEval>,
    /// The game so far and the line searched: each position's key, whether its side to move
    /// was in check (by Betza's rays for the positions of the line, which see every check but
    /// the special pieces' rarer ones), and whether the move to it chased (dai dai's rule).
    history: Vec<(u64, bool, bool)>,
    undos: Vec<Undo>,
    /// Each pass (null move) on the line: the index in `history` of the position it reached,
    /// and the lion-capture state it forgot.
    passes: Vec<(usize, u16)>,
    dims: Dims,
    /// Whether the game has range capturers (taikyoku): their moves take the pieces they fly
    /// over, and quiescence tries at most `RANGE_QSEARCH_BREADTH` captures a position.
    range_capture: bool,
    /// The last `gives_check` answer: the position's key, the move and whether it checks.
    /// The search asks before it makes the move, and `make_move` would work it out again.
    check_memo: Option<(u64, VMove, bool)>,
    /// A move list to reuse (`threatens`).
    scratch: Vec<VMove>,
}

impl VBoard {
    /// The search's view of `pos`, whose game went through `history` (as
    /// `VPosition::history_entry` records each position, the last being `pos`), evaluated by
    /// `eval`.
    pub fn new(
        mut pos: VPosition,
        history: &[(u64, bool, bool)],
        eval: Arc<VariantEval>,
    ) -> VBoard {
        pos.attach_tally(Some(eval.tally(&pos)));
        let cells = usize::from(pos.rules().files) * usize::from(pos.rules().ranks);
        let kinds = pos.rules().kinds.len();
        let mut history = history.to_vec();
        if history.last().map(|h| h.0) != Some(pos.key()) {
            let mut p = pos.clone();
            history.push(p.history_entry(None));
        }
        let range_capture = pos
            .rules()
            .kinds
            .iter()
            .any(|k| matches!(k.special, Special::RangeCapture(_)));
        VBoard {
            range_capture,
            check_memo: None,
            scratch: Vec::new(),
            history,
            eval,
            undos: Vec::new(),
            passes: Vec::new(),
            dims: Dims {
                cells,
                origins: cells + kinds,
                pieces: 2 * kinds,
                kinds,
            },
            pos,
        }
    }

    /// Whether the side to move has a legal capture that wins material once the exchange on
    /// its square is played out (`see_ge`): a position that is not quiet.
    pub fn has_winning_capture(&mut self) -> bool {
        let in_check = self.in_check();
        let mut moves = Vec::new();
        self.pos.pseudo_board_captures(&mut moves);
        moves.into_iter().any(|m| {
            self.is_capture(m) && self.pos.is_legal_given(m, in_check) && self.see_ge(m, 1)
        })
    }

    /// The position.
    pub fn position(&self) -> &VPosition {
        &self.pos
    }

    /// A board square's index in the ordering tables: its place on the board, top rank first
    /// (the position's square indices include a border the tables need not hold).
    #[inline]
    fn table_square(&self, sq: u16) -> usize {
        let (x, y) = self.pos.coords(sq);
        y * usize::from(self.pos.rules().files) + x
    }

    /// The value of the piece of kind `k` (a royal one: ending the game).
    #[inline]
    fn value(&self, k: KindIx) -> Value {
        if self.pos.rules().kinds[k as usize].royal {
            ROYAL_VALUE
        } else {
            self.eval.values()[k as usize]
        }
    }

    /// The enemy pieces `m` captures: on its destination, the squares a double move passes
    /// through, and those a range capture flies over.
    #[inline]
    fn victims(&self, m: VMove) -> impl Iterator<Item = KindIx> + '_ {
        let us = self.pos.side_to_move();
        [m.to, m.mid, m.mid2]
            .into_iter()
            .enumerate()
            .filter(move |&(i, sq)| {
                // A square counts once: a double move may pass where it ends (igui ends on
                // its start, which never holds a victim).
                sq != NO_SQUARE
                    && sq != m.from
                    && match i {
                        0 => true,
                        1 => sq != m.to,
                        _ => sq != m.to && sq != m.mid,
                    }
            })
            .filter_map(move |(_, sq)| match self.pos.piece_at(sq) {
                Some((k, side)) if side != us => Some(k),
                _ => None,
            })
            .chain(
                self.flown_over(m)
                    .filter_map(move |(_, k, side)| (side != us).then_some(k)),
            )
    }

    /// The pieces `m` flies over and takes, where the game has range capturers.
    #[inline]
    fn flown_over(&self, m: VMove) -> impl Iterator<Item = (u16, KindIx, Color)> + '_ {
        self.range_capture
            .then(|| self.pos.flown_over(m))
            .into_iter()
            .flatten()
    }

    /// What `m` captures, valued, less the mover's own pieces a range capture takes.
    #[inline]
    fn victim_value(&self, m: VMove) -> Value {
        let us = self.pos.side_to_move();
        // A range capture takes the mover's own pieces on its way too.
        let own: Value = self
            .flown_over(m)
            .filter(|&(_, _, side)| side == us)
            .map(|(_, k, _)| self.value(k))
            .sum();
        self.victims(m)
            .map(|k| self.value(k))
            .sum::<Value>()
            .min(ROYAL_VALUE)
            - own
    }

    /// The kind that stands on the destination after `m` (promotion included).
    #[inline]
    fn moved_kind(&self, m: VMove) -> KindIx {
        if m.drop > 0 {
            return m.drop - 1;
        }
        let k = self.pos.piece_at(m.from).map_or(0, |(k, _)| k);
        if m.promote {
            self.pos.rules().kinds[k as usize].promotes_to.unwrap_or(k)
        } else {
            k
        }
    }

    /// The exchange on `target` after a move onto it, `side` (the mover's enemy) capturing
    /// first and the squares `gone` counted as empty: whether the mover's side keeps its
    /// threshold, `swap` being what the loss of the piece on `target` would take it below (see
    /// `see_ge`).
    fn exchange_holds(
        &self,
        target: u16,
        mut swap: Value,
        mut side: Color,
        mut gone: Vec<u16>,
    ) -> bool {
        let royal = |k: KindIx| self.pos.rules().kinds[k as usize].royal;
        // Whether the mover's side holds the threshold if the exchange stops here.
        let mut holds = true;
        while let Some((sq, k)) = self
            .pos
            .least_attacker(target, side, &gone, |k| self.value(k))
        {
            holds = !holds;
            gone.push(sq);
            if royal(k) {
                // A royal may take only a piece nobody defends.
                let defended = self
                    .pos
                    .least_attacker(target, !side, &gone, |k| self.value(k))
                    .is_some();
                return if defended { !holds } else { holds };
            }
            swap = self.value(k) - swap;
            if swap < Value::from(holds) {
                break;
            }
            side = !side;
        }
        holds
    }

    /// `exchange_holds` after `m`, on the board with `m` made: for the moves that take pieces
    /// off squares they do not name (range captures, burning).
    fn exchange_by_making(&mut self, m: VMove, swap: Value) -> bool {
        let undo = self.pos.make_move(m);
        let result = self.exchange_holds(m.to, swap, self.pos.side_to_move(), Vec::new());
        self.pos.unmake_move(m, undo);
        result
    }

    /// `exchange_by_making` without making `m`, where the board after it is this one with
    /// the mover's square and those it captures on in passing empty (the piece on `to`,
    /// whoever owns it, never takes part in the exchange on it).
    fn exchange_in_place(&self, m: VMove, swap: Value) -> bool {
        let mut gone = Vec::with_capacity(8);
        for sq in [m.from, m.mid, m.mid2] {
            if sq != NO_SQUARE && sq != m.to {
                gone.push(sq);
            }
        }
        self.exchange_holds(m.to, swap, !self.pos.side_to_move(), gone)
    }

    /// The score for the side to move of `black`'s view, within the evaluation's limit.
    #[inline]
    fn for_side_to_move(&self, black: Value) -> Value {
        let v = if self.pos.side_to_move() == Color::Black {
            black
        } else {
            -black
        };
        v.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}

/// A verdict on the game as the side to move `side` sees it.
fn as_repetition(verdict: Verdict, side: Color) -> Repetition {
    match verdict {
        Verdict::Draw => Repetition::Draw,
        Verdict::Loses(s) if s == side => Repetition::Loss,
        Verdict::Loses(_) => Repetition::Win,
    }
}

impl SearchBoard for VBoard {
    type Move = VMove;
    type Picker = VPicker;
    const QSEARCH_PLIES: i32 = 6;

    /// On the boards larger than 9x9's, the piece `m` moved can take something, gaining at
    /// least `THREAT_GAIN` once the exchange there is played out: found with the move given
    /// back to its side (a pass).
    fn threatens(&mut self, m: VMove) -> bool {
        if self.dims.cells <= 81 {
            return false;
        }
        let saved = self.pos.make_null_move();
        let mut moves = std::mem::take(&mut self.scratch);
        moves.clear();
        self.pos.pseudo_captures_from(m.to, &mut moves);
        let found = moves
            .iter()
            .any(|&c| self.is_capture(c) && self.see_ge(c, THREAT_GAIN));
        self.scratch = moves;
        self.pos.unmake_null_move(saved);
        found
    }
    fn dims(&self) -> Dims {
        self.dims
    }
    #[inline]
    fn margin_percent(&self) -> i32 {
        self.eval.margin_percent()
    }
    #[inline]
    fn late_move_base(&self) -> usize {
        if usize::from(self.pos.rules().files) * usize::from(self.pos.rules().ranks) > 81 {
            LARGE_BOARD_LMP_BASE
        } else {
            LMP_BASE
        }
    }
    /// On the boards larger than 9x9's, a move to within `ROYAL_ATTACK_DISTANCE` of an enemy
    /// royal piece: the first move of a mating attack is a quiet one, often late in the order,
    /// which the pruning near the leaves would skip before a search saw the mate. In a chu
    /// game against HaChu, a 20,000-node search pruned Black's quiet 9f7d, two squares from
    /// White's king, and played into a mate in three that a search of 400,000 nodes sees.
    fn keeps_from_pruning(&self, m: VMove) -> bool {
        self.dims.cells > 81
            && self
                .pos
                .royal_squares(!self.pos.side_to_move())
                .iter()
                .any(|&r| self.pos.distance(m.to, r) <= ROYAL_ATTACK_DISTANCE)
    }
    #[inline]
    fn key(&self) -> u64 {
        self.pos.key()
    }
    #[inline]
    fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }
    #[inline]
    fn in_check(&self) -> bool {
        self.history.last().is_some_and(|h| h.1)
    }
    fn make_move(&mut self, m: VMove) {
        let known = match self.check_memo.take() {
            Some((key, checked, check)) if key == self.pos.key() && checked == m => Some(check),
            _ => None,
        };
        let undo = self.pos.make_move(m);
        self.undos.push(undo);
        let check = known.unwrap_or_else(|| self.pos.in_check(self.pos.side_to_move()));
        let chase = self.pos.rules().chase_rule && self.pos.chased(m.to);
        self.history.push((self.pos.key(), check, chase));
    }
    fn unmake_move(&mut self, m: VMove) {
        self.history.pop();
        let undo = self.undos.pop().expect("a move to take back");
        self.pos.unmake_move(m, undo);
    }
    fn make_null_move(&mut self) {
        let saved = self.pos.make_null_move();
        self.history.push((self.pos.key(), false, false));
        self.passes.push((self.history.len() - 1, saved));
    }
    fn unmake_null_move(&mut self) {
        self.history.pop();
        let (_, saved) = self.passes.pop().expect("a pass to take back");
        self.pos.unmake_null_move(saved);
    }
    #[inline]
    fn may_pass(&self) -> bool {
        self.passes
            .last()
            .is_none_or(|&(i, _)| i + 1 != self.history.len())
    }
    fn gives_check(&mut self, m: VMove) -> bool {
        let key = self.pos.key();
        let undo = self.pos.make_move(m);
        let check = self.pos.in_check(self.pos.side_to_move());
        self.pos.unmake_move(m, undo);
        self.check_memo = Some((key, m, check));
        check
    }
    #[inline]
    fn is_capture(&self, m: VMove) -> bool {
        // `victims(m).next().is_some()`, without its care to count each square once.
        let us = self.pos.side_to_move();
        let enemy = |sq: u16| {
            sq != NO_SQUARE
                && sq != m.from
                && matches!(self.pos.piece_at(sq), Some((_, side)) if side != us)
        };
        enemy(m.to)
            || enemy(m.mid)
            || enemy(m.mid2)
            || self.flown_over(m).any(|(_, _, side)| side != us)
    }
    #[inline]
    fn is_promotion(m: VMove) -> bool {
        m.promote
    }
    #[inline]
    fn captured_kind(&self, m: VMove) -> Option<usize> {
        self.victims(m).next().map(usize::from)
    }
    #[inline]
    fn moved_piece(&self, m: VMove) -> (usize, usize) {
        let kinds = self.dims.kinds;
        (
            self.pos.side_to_move().index() * kinds + self.moved_kind(m) as usize,
            self.table_square(m.to),
        )
    }
    #[inline]
    fn history_squares(&self, m: VMove) -> (usize, usize) {
        // Drops come after the squares.
        let origin = if m.drop > 0 {
            self.dims.cells + m.drop as usize - 1
        } else {
            self.table_square(m.from)
        };
        (origin, self.table_square(m.to))
    }
    /// Whether `m` gains at least `threshold` once the exchange it starts on its destination
    /// is played out, each side capturing there with its least valuable attacker (by the
    /// pieces' ordinary moves, lines opening behind them) and free to stop. A royal captures
    /// only where the other side has no attacker left; promotions during the exchange are not
    /// counted.
    fn see_ge(&mut self, m: VMove, threshold: Value) -> bool {
        let mut swap = self.victim_value(m) - threshold;
        if swap < 0 {
            return false;
        }
        swap = self.value(self.moved_kind(m)) - swap;
        if swap <= 0 {
            return true;
        }
        if self.range_capture || self.pos.rules().burning {
            self.exchange_by_making(m, swap)
        } else {
            self.exchange_in_place(m, swap)
        }
    }
    #[inline]
    fn capture_gain(&self, m: VMove) -> Option<Value> {
        if !self.is_capture(m) {
            return None;
        }
        let v = self.victim_value(m);
        // With drops, a captured piece changes sides.
        Some(if self.pos.rules().drops { 2 * v } else { v })
    }
    fn moves_played(&self) -> u32 {
        self.pos.ply().saturating_sub(1)
    }

    fn repetition(&self) -> Option<Repetition> {
        let side = self.pos.side_to_move();
        if let Some(verdict) = self.pos.outcome() {
            return Some(as_repetition(verdict, side));
        }
        // Nothing before the last pass can recur.
        let since = self.passes.last().map_or(0, |&(i, _)| i);
        let verdict = self
            .pos
            .rules()
            .search_repetition(&self.history, side, since)?;
        Some(as_repetition(verdict, side))
    }
    #[inline]
    fn lost(&self) -> bool {
        !self.pos.has_royal(self.pos.side_to_move())
    }
    fn evaluate(&self) -> Value {
        self.for_side_to_move(self.eval.evaluate(&self.pos))
    }
    fn evaluate_material(&self) -> Value {
        self.for_side_to_move(material(&self.pos, self.eval.values()))
    }
    fn evaluation_id(&self) -> usize {
        Arc::as_ptr(&self.eval) as usize
    }
    fn legal_moves(&mut self) -> Vec<VMove> {
        self.pos.legal_moves()
    }
    /// The legal moves, captures first by what they take, then promotions: on the large boards
    /// a search with a node or time limit may end its first iteration before it has tried
    /// every one of a thousand moves, and must have tried these.
    fn root_moves(&mut self) -> Vec<VMove> {
        let mut moves = self.pos.legal_moves();
        moves.sort_by_cached_key(|&m| {
            std::cmp::Reverse(if self.is_capture(m) {
                (2, self.victim_value(m))
            } else {
                (i32::from(m.promote), 0)
            })
        });
        moves
    }
    fn move_text(&self, m: VMove) -> String {
        self.pos.move_text(m)
    }
    #[inline]
    fn encode(m: VMove) -> u16 {
        let mut h = u64::from(m.from)
            | u64::from(m.to) << 16
            | u64::from(m.mid) << 32
            | u64::from(m.mid2) << 48;
        h ^= u64::from(m.drop) << 7 ^ u64::from(m.promote) << 29;
        h = h.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        ((h >> 48) as u16).max(1)
    }
}

/// The variants' move picker: every pseudo-legal move at once (the generic generator has no
/// stages), handed out best first: the table's move, captures by victim and then the least
/// valuable attacker (and the capture history), promotions, the killers and the countermove,
/// then quiet moves by history (on the boards whose continuation table is scattered, scored
/// only when their turn comes, by the histories as they then stand), and last the captures
/// that lose material in the exchange
/// (each found out when its turn among the captures comes). In quiescence, the captures that
/// do not lose material in the exchange, or every move when in check.
/// Under the check rule each move is tried for legality only when its turn comes, so the moves
/// after a cutoff are never tried; once late-move pruning begins (`skip_quiets`), the quiet moves
/// left are neither tried nor sorted, but for those the board keeps from pruning.
pub struct VPicker {
    moves: Vec<VMove>,
    scores: Vec<i32>,
    scored: bool,
    index: usize,
    tt_move: Option<VMove>,
    /// How many moves were handed out.
    tried: usize,
    refutations: [Option<VMove>; 3],
    /// Quiescence out of check: the captures that lose material in the exchange are skipped.
    winning_only: bool,
    /// Late-move pruning has begun: the quiet moves (all last here) are not handed out.
    skip_quiets: bool,
    /// Quiescence: the captures gaining less than this are pruned by the search, so they are
    /// skipped before their exchange is worked out.
    gain_floor: Value,
    /// The main search: captures that lose material in the exchange wait here, in the order
    /// they came up, until every other move (but the quiet moves skipped) has been handed out.
    losing: Vec<VMove>,
    /// How many of `losing` were handed out.
    losing_index: usize,
}

/// The least score of a move that is not quiet: promotions score this, captures more, and the
/// refutations and history-ordered quiet moves less.
const NOT_QUIET: i32 = 1 << 23;
/// Captures score about this (by victim, attacker and capture history), always above
/// `NOT_QUIET`.
const CAPTURE: i32 = 1 << 24;
/// The score of a quiet move (not a refutation) until the quiet moves' turn comes: above any
/// history score, below the refutations'. They are then scored by their histories as these
/// stand, and a node cut off before that never reads them (a read a move for each table,
/// scattered over megabytes: `ContinuationHistory::scattered`). In self-play at 20,000 nodes
/// chu scored 52.4% in 126 with it, and searched 1.16x the nodes a second; dai, whose table
/// is not made and whose quiet moves read only the butterfly history, 37.5% in 32, and
/// scores its quiet moves at once (docs/results.md).
const UNSCORED_QUIET: i32 = 1 << 21;
// A quiet score sums the history and two continuation tables, each within `HISTORY_MAX`.
const _: () = assert!(3 * HISTORY_MAX < UNSCORED_QUIET);

impl VPicker {
    fn build(
        pos: &mut VBoard,
        tt_move: Option<u16>,
        refutations: [Option<VMove>; 3],
        captures_only: bool,
    ) -> VPicker {
        let mut moves = Vec::with_capacity(256);
        let in_check = pos.in_check();
        let winning_only = captures_only && !in_check;
        if pos.pos.has_royal(pos.pos.side_to_move()) {
            if winning_only {
                pos.pos.pseudo_board_captures(&mut moves);
                moves.retain(|&m| pos.is_capture(m));
            } else {
                pos.pos.pseudo_moves(&mut moves);
            }
        }
        let tt_move = tt_move
            .and_then(|code| moves.iter().copied().find(|&m| VBoard::encode(m) == code))
            .filter(|&m| pos.pos.is_legal_given(m, in_check));
        VPicker {
            moves,
            scores: Vec::new(),
            scored: false,
            index: 0,
            tt_move,
            tried: 0,
            refutations,
            winning_only,
            skip_quiets: false,
            gain_floor: Value::MIN,
            losing: Vec::new(),
            losing_index: 0,
        }
    }

    /// The next legal capture of those that lose material, once every other move is out.
    fn next_losing(&mut self, pos: &mut VBoard) -> Option<VMove> {
        while let Some(&m) = self.losing.get(self.losing_index) {
            self.losing_index += 1;
            if pos.pos.is_legal_given(m, pos.in_check()) {
                self.tried += 1;
                return Some(m);
            }
        }
        None
    }

    fn score(&self, pos: &VBoard, m: VMove, ordering: &OrderingContext) -> i32 {
        if Some(m) == self.tt_move {
            return i32::MAX;
        }
        if pos.is_capture(m) {
            let attacker = if m.drop > 0 {
                0
            } else {
                pos.value(pos.moved_kind(m))
            };
            let history = pos
                .captured_kind(m)
                .map_or(0, |k| ordering.captures.get(pos.moved_piece(m), k));
            return CAPTURE + pos.victim_value(m) * 16 + history / 2 - attacker / 16;
        }
        if m.promote {
            return NOT_QUIET;
        }
        if let Some(i) = self.refutations.iter().position(|&r| r == Some(m)) {
            return (1 << 22) + 2 - i as i32;
        }
        if ordering.continuation_table.scattered() {
            return UNSCORED_QUIET;
        }
        ordering.quiet_score(pos.side_to_move(), pos.history_squares(m), || {
            pos.moved_piece(m)
        })
    }
}

impl Picker<VBoard> for VPicker {
    fn main(pos: &mut VBoard, tt_move: Option<u16>, refutations: [Option<VMove>; 3]) -> Self {
        VPicker::build(pos, tt_move, refutations, false)
    }

    fn quiescence(pos: &mut VBoard, tt_move: Option<u16>) -> Self {
        VPicker::build(pos, tt_move, [None; 3], true)
    }

    fn tt_move(&self) -> Option<VMove> {
        self.tt_move
    }

    fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    fn skip_gains_below(&mut self, floor: Value) {
        self.gain_floor = floor;
    }

    fn next(&mut self, pos: &mut VBoard, ordering: &OrderingContext) -> Option<VMove> {
        if !self.scored {
            self.scores = self
                .moves
                .iter()
                .map(|&m| self.score(pos, m, ordering))
                .collect();
            self.scored = true;
        }
        loop {
            let i = self.index;
            if i >= self.moves.len() {
                return self.next_losing(pos);
            }
            // The first of the best-scored moves left (the ties keep their order).
            let rest = &self.scores[i..];
            let (mut best, mut top) = (i, rest[0]);
            for (j, &s) in (i + 1..).zip(&rest[1..]) {
                if s > top {
                    (best, top) = (j, s);
                }
            }
            if top == UNSCORED_QUIET && !self.skip_quiets {
                // Only plain quiet moves are left (and the losing captures, which wait).
                let side = pos.side_to_move();
                for j in i..self.moves.len() {
                    let m = self.moves[j];
                    self.scores[j] =
                        ordering.quiet_score(side, pos.history_squares(m), || pos.moved_piece(m));
                }
                continue;
            }
            if self.skip_quiets && top < NOT_QUIET {
                // Only quiet moves are left: of them, those the board keeps from pruning.
                match (i..self.moves.len()).find(|&j| pos.keeps_from_pruning(self.moves[j])) {
                    Some(j) => best = j,
                    None => {
                        self.index = self.moves.len();
                        return self.next_losing(pos);
                    }
                }
            }
            self.moves.swap(i, best);
            self.scores.swap(i, best);
            self.index += 1;
            let m = self.moves[i];
            // The main search: a capture (the table's move aside) that loses the exchange
            // waits until the other moves are out.
            if !self.winning_only && top > NOT_QUIET && top != i32::MAX && !pos.see_ge(m, 0) {
                self.losing.push(m);
                continue;
            }
            if self.winning_only {
                if pos.range_capture && self.tried == RANGE_QSEARCH_BREADTH {
                    return None;
                }
                // Delta pruning would skip it whatever the exchange (the search checks again).
                if !m.promote && pos.capture_gain(m).is_some_and(|g| g < self.gain_floor) {
                    continue;
                }
                if !pos.see_ge(m, 0) {
                    continue;
                }
            }
            // The table's move was tried when the picker was made.
            if Some(m) == self.tt_move || pos.pos.is_legal_given(m, pos.in_check()) {
                self.tried += 1;
                return Some(m);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::control::SearchControl;
    use crate::search::ordering::{CaptureHistory, ContinuationHistory, History};
    use crate::search::tt::TranspositionTable;
    use crate::search::{Limits, SearchOptions, SearchResult, Searcher, MATE};
    use crate::variant::VariantId;

    /// A search of `pos` (whose game went through `history`) to `depth`.
    fn search(pos: &VPosition, history: &[(u64, bool, bool)], depth: u32) -> SearchResult<VMove> {
        let tt = Arc::new(TranspositionTable::new(4));
        let mut searcher = Searcher::<VBoard>::new(tt, SearchControl::new());
        let eval = Arc::new(VariantEval::new(pos.rules()));
        let mut board = VBoard::new(pos.clone(), history, eval);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        searcher.search(&mut board, &limits, &SearchOptions::default(), &mut |_| {})
    }

    fn start(id: VariantId, sfen: &str) -> (VPosition, Vec<(u64, bool, bool)>) {
        let mut pos = VPosition::from_sfen(id, sfen).unwrap();
        let history = vec![pos.history_entry(None)];
        (pos, history)
    }

    #[test]
    fn takes_a_hanging_king_in_chu_and_finds_mate_in_minishogi() {
        // Chu: the black rook takes the white king (whose gold and silver keep it from being
        // a bare king, which would have lost already).
        let (pos, history) = start(
            VariantId::Chu,
            "gs9k/12/12/12/12/12/12/12/12/12/12/K10R b - 1",
        );
        let r = search(&pos, &history, 3);
        assert!(pos.move_text(r.best.unwrap()).starts_with("1l1a"));
        assert_eq!(r.score, MATE - 1);
        // Minishogi: a gold drop leaves White's king on 1a no move (G*1b mates; G*3b
        // stalemates, which loses too).
        let (mut pos, history) = start(VariantId::Mini, "4k/5/4P/5/K4 b G 1");
        let r = search(&pos, &history, 3);
        pos.make_move(r.best.unwrap());
        assert!(pos.legal_moves().is_empty());
        assert!(r.score >= MATE - 2);
    }

    #[test]
    fn the_capture_generator_gives_every_capture_in_order() {
        use rand::{rngs::StdRng, Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(11);
        for id in VariantId::ALL {
            let (pos, history) = start(id, &VPosition::start(id).to_sfen());
            let mut board = VBoard::new(pos, &history, Arc::new(VariantEval::new(id.rules())));
            let mut captures_seen = 0;
            for _ply in 0..120 {
                let (mut all, mut captures) = (Vec::new(), Vec::new());
                board.pos.pseudo_board_moves(&mut all);
                board.pos.pseudo_board_captures(&mut captures);
                all.retain(|&m| board.is_capture(m));
                captures.retain(|&m| board.is_capture(m));
                assert_eq!(captures, all, "{}", board.pos.to_sfen());
                captures_seen += all.len();
                let moves = board.legal_moves();
                if moves.is_empty() || board.repetition().is_some() {
                    break;
                }
                board.make_move(moves[rng.gen_range(0..moves.len())]);
            }
            assert!(captures_seen > 0, "{id:?}");
        }
    }

    #[test]
    fn the_exchange_in_place_agrees_with_making_the_move() {
        use rand::{rngs::StdRng, Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(7);
        let mut compared = 0;
        for id in [
            VariantId::Chu,
            VariantId::Dai,
            VariantId::Wa,
            VariantId::Shogi,
        ] {
            for _game in 0..6 {
                let (pos, history) = start(id, &VPosition::start(id).to_sfen());
                let eval = Arc::new(VariantEval::new(id.rules()));
                let mut board = VBoard::new(pos, &history, eval);
                for _ply in 0..160 {
                    let moves = board.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    for &m in &moves {
                        for swap in [1, 60, 250, 700, 1500, 4000] {
                            assert_eq!(
                                board.exchange_in_place(m, swap),
                                board.exchange_by_making(m, swap),
                                "{} in {}, swap {swap}",
                                board.pos.move_text(m),
                                board.pos.to_sfen()
                            );
                            compared += 1;
                        }
                    }
                    let m = moves[rng.gen_range(0..moves.len())];
                    board.make_move(m);
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }

    /// From the start, the rooks step out and back (`moves`); White's rook going home then
    /// repeats the start. The game so far is `history`; White to move.
    fn rooks_shuffled(
        id: VariantId,
        sfen: &str,
        moves: [&str; 3],
    ) -> (VPosition, Vec<(u64, bool, bool)>) {
        let (mut pos, mut history) = start(id, sfen);
        for text in moves {
            let m = pos.parse_move(text).unwrap();
            pos.make_move(m);
            history.push(pos.history_entry(Some(m)));
        }
        (pos, history)
    }

    #[test]
    fn repetitions_are_scored_by_the_variants_rule() {
        // Minishogi: a repetition loses for Black, so White repeats at once and wins.
        let (pos, history) = rooks_shuffled(
            VariantId::Mini,
            "rbsgk/4p/5/P4/KGSBR b - 1",
            ["1e1d", "5a5b", "1d1e"],
        );
        let r = search(&pos, &history, 2);
        assert_eq!(pos.move_text(r.best.unwrap()), "5b5a");
        assert_eq!(r.score, MATE - 1);
        // Judkins shogi, the same on 6x6: a repetition is a draw, not a win.
        let (pos, history) = rooks_shuffled(
            VariantId::Judkins,
            "rbnsgk/5p/6/6/P5/KGSNBR b - 1",
            ["1f1e", "6a6b", "1e1f"],
        );
        let r = search(&pos, &history, 2);
        assert!(r.score < MATE - 100);
    }

    #[test]
    fn no_repetition_across_a_pass() {
        // Black's king walks a triangle, one of its moves answered by a pass: the kings stand
        // where they stood, Black to move, but only because White passed. Before the pass
        // nothing counts (in minishogi it would lose for Black).
        let (pos, history) = start(VariantId::Mini, "4k/5/5/5/K4 b - 1");
        let eval = Arc::new(VariantEval::new(pos.rules()));
        let mut board = VBoard::new(pos, &history, eval);
        let play = |board: &mut VBoard, text: &str| {
            let m = board.pos.parse_move(text).unwrap();
            board.make_move(m);
        };
        play(&mut board, "5e5d");
        board.make_null_move();
        for text in ["5d4e", "1a1b", "4e5e", "1b1a"] {
            play(&mut board, text);
        }
        assert_eq!(board.key(), board.history[0].0);
        assert_eq!(board.repetition(), None);
        // The same walk with White's moves all made: a repetition.
        let (pos, history) = start(VariantId::Mini, "4k/5/5/5/K4 b - 1");
        let mut board = VBoard::new(pos, &history, Arc::clone(&board.eval));
        for text in ["5e5d", "1a1b", "5d5e", "1b1a"] {
            play(&mut board, text);
        }
        assert_eq!(board.repetition(), Some(Repetition::Loss));
    }

    #[test]
    fn moves_are_made_and_taken_back_with_their_history() {
        let (pos, history) = start(VariantId::Chu, &VPosition::start(VariantId::Chu).to_sfen());
        let eval = Arc::new(VariantEval::new(pos.rules()));
        let mut board = VBoard::new(pos.clone(), &history, eval);
        let before = (board.key(), board.history.len());
        for m in board.root_moves() {
            board.make_move(m);
            assert!(board.may_pass());
            board.make_null_move();
            assert!(!board.may_pass());
            board.unmake_null_move();
            board.unmake_move(m);
            assert_eq!((board.key(), board.history.len()), before);
        }
        // Every legal move has a table code, and few share one.
        let codes: std::collections::HashSet<u16> =
            board.root_moves().into_iter().map(VBoard::encode).collect();
        assert!(!codes.contains(&0));
        assert!(codes.len() + 1 >= board.root_moves().len());
    }

    /// The ordering tables of a search that has not begun.
    struct EmptyTables {
        history: History,
        captures: CaptureHistory,
        continuation: ContinuationHistory,
    }

    impl EmptyTables {
        fn new(dims: Dims) -> EmptyTables {
            EmptyTables {
                history: History::new(dims),
                captures: CaptureHistory::new(dims),
                continuation: ContinuationHistory::new(dims),
            }
        }

        fn ordering(&self) -> OrderingContext<'_> {
            OrderingContext {
                history: &self.history,
                captures: &self.captures,
                continuation: [None, None],
                continuation_table: &self.continuation,
            }
        }
    }

    /// One step of a xorshift generator: the random games' moves.
    fn xorshift(rng: &mut u64) {
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
    }

    /// The moves handed out are the legal ones, each once, whatever their order.
    fn assert_same_moves(board: &VBoard, handed: &mut [VMove], legal: &mut [VMove]) {
        let key = |m: &VMove| (m.from, m.to, m.mid, m.mid2, m.drop, m.promote);
        handed.sort_by_key(key);
        legal.sort_by_key(key);
        assert_eq!(handed, legal, "{}", board.pos.to_sfen());
    }

    /// Every move `picker` hands out, in order.
    fn hand_out(
        picker: &mut VPicker,
        board: &mut VBoard,
        ordering: &OrderingContext,
    ) -> Vec<VMove> {
        std::iter::from_fn(|| picker.next(board, ordering)).collect()
    }

    #[test]
    fn the_picker_hands_out_exactly_the_legal_moves() {
        // Positions from random games of the check-rule variants, checks and pins included;
        // the table's move, legal or not, must not change the set.
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        for id in [VariantId::Mini, VariantId::Micro, VariantId::Judkins] {
            let pos = VPosition::start(id);
            let eval = Arc::new(VariantEval::new(pos.rules()));
            let mut board = VBoard::new(pos, &[], eval);
            let tables = EmptyTables::new(board.dims());
            let ordering = tables.ordering();
            let mut checks = 0;
            for _ in 0..300 {
                let mut legal = board.pos.legal_moves();
                if legal.is_empty() {
                    board = VBoard::new(VPosition::start(id), &[], board.eval.clone());
                    continue;
                }
                checks += usize::from(board.in_check());
                xorshift(&mut rng);
                let mut pseudo = Vec::new();
                board.pos.pseudo_moves(&mut pseudo);
                let tt = pseudo[rng as usize % pseudo.len()];
                for tt_move in [None, Some(VBoard::encode(tt))] {
                    let mut picker = VPicker::main(&mut board, tt_move, [None; 3]);
                    let mut handed = hand_out(&mut picker, &mut board, &ordering);
                    assert_same_moves(&board, &mut handed, &mut legal);
                }
                let m = legal[rng as usize % legal.len()];
                board.make_move(m);
            }
            assert!(checks > 0, "{}: no position in check", id.rules().name);
        }
    }

    #[test]
    fn once_quiet_moves_are_skipped_only_loud_and_kept_moves_are_handed_out() {
        // Along random games: with the skip asked for at the first quiet move, the picker hands
        // out that one quiet move, every legal capture and promotion, whatever their order, and
        // the quiet moves the board keeps from pruning (chu's near the enemy king; none in
        // minishogi).
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut kept_seen = 0;
        for id in [VariantId::Chu, VariantId::Mini] {
            let pos = VPosition::start(id);
            let eval = Arc::new(VariantEval::new(pos.rules()));
            let mut board = VBoard::new(pos, &[], eval);
            let tables = EmptyTables::new(board.dims());
            let ordering = tables.ordering();
            let (mut promotions, mut skipped) = (0, 0);
            for _ in 0..400 {
                let legal = board.pos.legal_moves();
                if legal.is_empty() {
                    board = VBoard::new(VPosition::start(id), &[], board.eval.clone());
                    continue;
                }
                let quiet = |b: &VBoard, m: VMove| !b.is_capture(m) && !m.promote;
                let mut picker = VPicker::main(&mut board, None, [None; 3]);
                let mut handed = Vec::new();
                while let Some(m) = picker.next(&mut board, &ordering) {
                    if quiet(&board, m) {
                        picker.skip_quiets();
                    }
                    handed.push(m);
                }
                let key = |m: &VMove| (m.from, m.to, m.mid, m.mid2, m.drop, m.promote);
                let (mut loud, mut handed_quiet): (Vec<VMove>, Vec<VMove>) =
                    handed.into_iter().partition(|&m| !quiet(&board, m));
                let mut expected: Vec<VMove> = legal
                    .iter()
                    .copied()
                    .filter(|&m| !quiet(&board, m))
                    .collect();
                loud.sort_by_key(key);
                expected.sort_by_key(key);
                assert_eq!(loud, expected, "{}", board.pos.to_sfen());
                let quiets = legal.len() - expected.len();
                let kept: Vec<VMove> = legal
                    .iter()
                    .copied()
                    .filter(|&m| quiet(&board, m) && board.keeps_from_pruning(m))
                    .collect();
                let mut expected_quiet = kept.clone();
                if let Some(&first) = handed_quiet.first() {
                    if !kept.contains(&first) {
                        expected_quiet.push(first);
                    }
                }
                handed_quiet.sort_by_key(key);
                expected_quiet.sort_by_key(key);
                assert_eq!(handed_quiet, expected_quiet, "{}", board.pos.to_sfen());
                assert_eq!(
                    handed_quiet.len().min(1),
                    quiets.min(1),
                    "{}",
                    board.pos.to_sfen()
                );
                kept_seen += kept.len();
                promotions +=
                    usize::from(expected.iter().any(|m| m.promote && !board.is_capture(*m)));
                skipped += quiets - handed_quiet.len();
                xorshift(&mut rng);
                board.make_move(legal[rng as usize % legal.len()]);
            }
            assert!(
                promotions > 0,
                "{}: no promotion without a capture",
                id.rules().name
            );
            assert!(skipped > 0, "{}: nothing skipped", id.rules().name);
        }
        assert!(kept_seen > 0, "no quiet move near a king kept");
    }

    #[test]
    fn chu_quiet_moves_come_in_the_order_of_the_histories_when_their_turn_comes() {
        // Along random chu games (whose continuation table is scattered): the history changes
        // after the first move is handed out, as a search of that move changes it, and the
        // plain quiet moves then come out by their scores as the history stands, every legal
        // move once. A picker that scored them when it was made would keep the old order.
        let mut rng = 0x5851_f42d_4c95_7f2du64;
        let pos = VPosition::start(VariantId::Chu);
        let eval = Arc::new(VariantEval::new(pos.rules()));
        let mut board = VBoard::new(pos, &[], eval);
        let mut tables = EmptyTables::new(board.dims());
        assert!(tables.continuation.scattered());
        let mut reordered = 0;
        for _ in 0..150 {
            let mut legal = board.pos.legal_moves();
            if legal.is_empty() {
                board = VBoard::new(VPosition::start(VariantId::Chu), &[], board.eval.clone());
                continue;
            }
            let side = board.pos.side_to_move();
            let mut picker = VPicker::main(&mut board, None, [None; 3]);
            let Some(first) = picker.next(&mut board, &tables.ordering()) else {
                panic!("no move handed out: {}", board.pos.to_sfen());
            };
            for &m in &legal {
                xorshift(&mut rng);
                let bonus = (rng % 2001) as i32 - 1000;
                tables.history.update(side, board.history_squares(m), bonus);
            }
            let mut handed = vec![first];
            handed.extend(hand_out(&mut picker, &mut board, &tables.ordering()));
            let quiet = |m: VMove| !board.is_capture(m) && !m.promote;
            // Where the first move is quiet, the quiet moves were scored then, before the
            // change: those positions are left out.
            let scores: Vec<i32> = if quiet(first) {
                Vec::new()
            } else {
                handed[1..]
                    .iter()
                    .filter(|&&m| quiet(m))
                    .map(|&m| tables.history.get(side, board.history_squares(m)))
                    .collect()
            };
            assert!(
                scores.windows(2).all(|w| w[0] >= w[1]),
                "{}: {scores:?}",
                board.pos.to_sfen()
            );
            reordered += usize::from(scores.len() > 1);
            assert_same_moves(&board, &mut handed, &mut legal);
            xorshift(&mut rng);
            board.make_move(legal[rng as usize % legal.len()]);
        }
        assert!(
            reordered > 100,
            "only {reordered} positions with quiet moves to order"
        );
    }

    #[test]
    fn captures_that_lose_the_exchange_come_after_every_other_move() {
        // Along random chu games: every legal move is handed out once, and the captures that
        // lose material in the exchange last, in their order as captures.
        let mut rng = 0x2f0e_1b5c_44d3_a9e7u64;
        let pos = VPosition::start(VariantId::Chu);
        let eval = Arc::new(VariantEval::new(pos.rules()));
        let mut board = VBoard::new(pos, &[], eval);
        let tables = EmptyTables::new(board.dims());
        let ordering = tables.ordering();
        let mut losing_seen = 0;
        for _ in 0..300 {
            let mut legal = board.pos.legal_moves();
            if legal.is_empty() {
                board = VBoard::new(VPosition::start(VariantId::Chu), &[], board.eval.clone());
                continue;
            }
            let mut picker = VPicker::main(&mut board, None, [None; 3]);
            let mut handed = hand_out(&mut picker, &mut board, &ordering);
            let losing: Vec<bool> = handed
                .iter()
                .map(|&m| board.is_capture(m) && !board.see_ge(m, 0))
                .collect();
            let first = losing.iter().position(|&l| l).unwrap_or(handed.len());
            assert!(
                losing[first..].iter().all(|&l| l),
                "{}",
                board.pos.to_sfen()
            );
            let scores: Vec<i32> = handed[first..]
                .iter()
                .map(|&m| picker.score(&board, m, &ordering))
                .collect();
            assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
            losing_seen += handed.len() - first;
            assert_same_moves(&board, &mut handed, &mut legal);
            xorshift(&mut rng);
            board.make_move(legal[rng as usize % legal.len()]);
        }
        assert!(losing_seen > 0);
    }

    #[test]
    fn quiescence_skips_the_captures_below_the_gain_floor_and_no_others() {
        // Along random chu games: with a floor set, the capture picker hands out what it hands
        // out without one, less the captures (not promotions) gaining less than the floor.
        let mut rng = 0x51_7cc1_b727_220au64;
        let pos = VPosition::start(VariantId::Chu);
        let eval = Arc::new(VariantEval::new(pos.rules()));
        let mut board = VBoard::new(pos, &[], eval);
        let tables = EmptyTables::new(board.dims());
        let ordering = tables.ordering();
        let (mut kept, mut dropped) = (0, 0);
        for _ in 0..300 {
            let legal = board.pos.legal_moves();
            if legal.is_empty() || board.in_check() {
                board = VBoard::new(VPosition::start(VariantId::Chu), &[], board.eval.clone());
                continue;
            }
            xorshift(&mut rng);
            let floor = (rng % 1500) as Value;
            let mut hand_out = |floor: Option<Value>| {
                let mut picker = VPicker::quiescence(&mut board, None);
                if let Some(f) = floor {
                    picker.skip_gains_below(f);
                }
                hand_out(&mut picker, &mut board, &ordering)
            };
            let all = hand_out(None);
            let floored = hand_out(Some(floor));
            let expected: Vec<VMove> = all
                .iter()
                .copied()
                .filter(|&m| m.promote || board.capture_gain(m).unwrap() >= floor)
                .collect();
            assert_eq!(floored, expected, "{}", board.pos.to_sfen());
            kept += floored.len();
            dropped += all.len() - floored.len();
            board.make_move(legal[rng as usize % legal.len()]);
        }
        assert!(kept > 0 && dropped > 0, "kept {kept}, dropped {dropped}");
    }

    #[test]
    fn a_lion_captures_on_its_first_step() {
        // Black's lion on 7g, a white pawn on 7f: igui (7g7f7g) and a capture in passing
        // (7g7f6e) take it; a step past it (7g6f5e) does not.
        let (mut pos, history) = start(
            VariantId::Chu,
            "11k/12/12/12/12/5p6/5N6/12/12/12/12/K11 b - 1",
        );
        let eval = Arc::new(VariantEval::new(pos.rules()));
        let pawn = eval.values()[pos.piece_at(pos.parse_square("7f").unwrap()).unwrap().0 as usize];
        let igui = pos.parse_move("7g7f7g").unwrap();
        let passing = pos.parse_move("7g7f6e").unwrap();
        let quiet = pos.parse_move("7g6f5e").unwrap();
        // Igui takes; a step out and back to an empty square is a pass.
        assert!(!pos.is_pass(igui));
        let pass = pos.pass_move().expect("the lion can pass");
        assert!(pos.is_pass(pass) && !pos.is_pass(quiet));
        let mut board = VBoard::new(pos, &history, eval);
        for m in [igui, passing] {
            assert!(board.is_capture(m));
            assert_eq!(board.capture_gain(m), Some(pawn));
            assert!(board.captured_kind(m).is_some());
        }
        assert!(!board.is_capture(quiet));
        assert_eq!(board.capture_gain(quiet), None);
        // Igui leaves the lion where it was: nothing can take it back.
        assert!(board.see_ge(igui, pawn));
    }

    #[test]
    fn a_move_that_leaves_its_piece_able_to_win_material_threatens() {
        // Black's lion on 7i, a lone white rook on 5g and a lone white pawn on 9h. On 6h the
        // lion attacks the rook; on 8h only the pawn, less than a threat's gain; on 7j
        // nothing.
        let (mut pos, history) = start(
            VariantId::Chu,
            "11k/12/12/12/12/12/7r4/3p8/5N6/12/12/K11 b - 1",
        );
        let moves: Vec<VMove> = ["7i6h", "7i8h", "7i7j"]
            .iter()
            .map(|t| pos.parse_move(t).unwrap())
            .collect();
        let eval = Arc::new(VariantEval::new(pos.rules()));
        let mut board = VBoard::new(pos, &history, eval);
        let threats: Vec<bool> = moves
            .iter()
            .map(|&m| {
                assert!(!board.is_capture(m));
                board.make_move(m);
                let t = board.threatens(m);
                board.unmake_move(m);
                t
            })
            .collect();
        assert_eq!(threats, [true, false, false]);
    }

    #[test]
    fn the_exchange_counts_defenders_and_the_pieces_behind_them() {
        let see = |sfen: &str, text: &str, threshold: Value| {
            let (mut pos, history) = start(VariantId::Chu, sfen);
            let m = pos.parse_move(text).unwrap();
            let eval = Arc::new(VariantEval::new(pos.rules()));
            VBoard::new(pos, &history, eval).see_ge(m, threshold)
        };
        // A rook takes a pawn that a gold defends: it loses the rook for the pawn.
        let defended = "11k/12/12/5g6/5p6/12/12/12/12/5R6/12/K11 b - 1";
        assert!(!see(defended, "7j7e", 0));
        assert!(see(defended, "7j7e", -3000));
        // A pawn steps where a rook attacks and a gold defends: the rook will not take.
        let guarded = "5r5k/12/12/12/12/12/5PG5/12/12/12/12/K11 b - 1";
        assert!(see(guarded, "7g7f", 0));
        let unguarded = "5r5k/12/12/12/12/12/5P6/12/12/12/12/K11 b - 1";
        assert!(!see(unguarded, "7g7f", 0));
        // A silver takes a pawn defended by a gold with a rook behind it; Black's rook
        // retakes, and the second rook behind the first keeps White's rook out.
        let battery = "5r5k/12/12/5g6/5p6/6S5/12/12/5R6/5R6/12/K11 b - 1";
        assert!(see(battery, "6f7e", 0));
        let single = "5r5k/12/12/5g6/5p6/6S5/12/12/5R6/12/12/K11 b - 1";
        assert!(!see(single, "6f7e", 0));
        // A king may not take a defended piece.
        let king = "11k/12/12/12/5p6/5g6/5K6/12/12/12/12/12 b - 1";
        assert!(!see(king, "7g7f", 0));
    }

    #[test]
    fn a_position_with_a_winning_capture_is_not_quiet() {
        let quiet = |sfen: &str| {
            let (pos, history) = start(VariantId::Mini, sfen);
            let eval = Arc::new(VariantEval::new(pos.rules()));
            !VBoard::new(pos, &history, eval).has_winning_capture()
        };
        assert!(quiet("rbsgk/4p/5/P4/KGSBR b - 1"));
        // Black's rook takes an undefended gold.
        assert!(!quiet("4k/5/2g2/5/K1R2 b - 1"));
        // The pawn it could take is defended by a gold: taking loses the rook.
        assert!(quiet("4k/2g2/2p2/5/K1R2 b - 1"));
        // A capture that would leave Black's king in check is no capture: the rook is pinned
        // by the bishop.
        assert!(!quiet("2g2/k4/2R2/5/K4 b - 1"));
        assert!(quiet("2g1b/k4/2R2/5/K4 b - 1"));
    }

    #[test]
    fn a_range_capture_takes_what_it_flies_over() {
        // A 9x9 game with taikyoku's range capture: `q` a queen of rank 3 that takes every
        // piece of lower rank it flies over, golds, kings.
        let text = "[fly]\nboard = 9x9\nstart = 4k4/9/9/9/9/9/9/9/4K4 b - 1\n\
                    define XRQ = Q special range-capture-3\n\
                    piece k = King\npiece g = G\npiece q = XRQ\n";
        let ids = crate::variant::custom::load(text).unwrap_or_else(|e| panic!("{e}"));
        // Black's queen on 9e; White's golds on 7e and 5e, each landing square up to 4e
        // guarded by White's golds on 7d and 5d; Black's own gold on 9c.
        let (pos, history) = start(ids[0], "7k1/9/G8/2g1g4/Q1g1g4/9/9/9/K8 b - 1");
        let eval = Arc::new(VariantEval::new(pos.rules()));
        let gold = eval.values()[pos.rules().kind_index("g").unwrap() as usize];
        let mut board = VBoard::new(pos, &history, eval);
        let m = |board: &mut VBoard, text: &str| board.pos.parse_move(text).unwrap();
        // To 3e, an empty square: both golds taken, and the exchange wins them.
        let fly = m(&mut board, "9e3e");
        assert!(board.is_capture(fly));
        assert_eq!(board.victims(fly).count(), 2);
        assert_eq!(board.victim_value(fly), 2 * gold);
        assert!(board.see_ge(fly, 2 * gold));
        // Landing on 5e takes both golds too, but the gold on 5d takes the queen back.
        let onto = m(&mut board, "9e5e");
        assert_eq!(board.victim_value(onto), 2 * gold);
        assert!(!board.see_ge(onto, 1));
        // Up the file, over its own gold: a loss, not a capture.
        let own = m(&mut board, "9e9a");
        assert!(!board.is_capture(own));
        assert_eq!(board.victim_value(own), -gold);
        // So the position is not quiet: its one winning capture lands on an empty square.
        assert!(board.has_winning_capture());
    }

    #[test]
    fn a_lead_of_many_pieces_still_scores_by_its_size() {
        // Taikyoku: Black's whole army against White's king, and against its king and a row of
        // pawns. A taikyoku army is worth some 785,000 centipawns; each lead must still score
        // below the limit of the search's scores, the larger one higher.
        let opening = VPosition::start(VariantId::Taikyoku).to_sfen();
        let rows: Vec<&str> = opening.split(' ').next().unwrap().split('/').collect();
        let position = |second_row: &str| {
            let mut board = vec!["17k18".to_string(), second_row.to_string()];
            board.extend(std::iter::repeat_n("36".to_string(), 22));
            board.extend(rows[24..].iter().map(|r| r.to_string()));
            let (pos, history) = start(VariantId::Taikyoku, &(board.join("/") + " b - 1"));
            let eval = Arc::new(VariantEval::new(pos.rules()));
            VBoard::new(pos, &history, eval).evaluate()
        };
        let (king, king_and_pawns) = (position("36"), position(&"p".repeat(36)));
        assert!(king < EVAL_LIMIT, "{king}");
        assert!(king > king_and_pawns, "{king} {king_and_pawns}");
    }
}
