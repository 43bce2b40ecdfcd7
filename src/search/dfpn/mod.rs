//! The mate solver: depth-first proof-number search (df-pn) for tsume, the attacker checking on
//! every move.
//!
//! A node is an OR node when the attacker is to move (one check that mates suffices) and an AND
//! node when the defender is (every evasion must be mated). Each node has a proof number (how
//! many leaves must still be proven to prove it) and a disproof number; df-pn expands the most
//! proving node below thresholds that it passes down, and keeps every number in a table
//! (`table.rs`) so that a subtree left is found again. What makes it solve long problems:
//!
//! - hand dominance: a board proven with some attacker's hand is proven with any larger one, and
//!   one disproven with some hand with any smaller one; the table keeps the proof hand (the
//!   least hand the proof needs) and the disproof hand (the most it can have), so one proof
//!   covers many hands;
//! - heuristic initial numbers: a check never searched is given as its proof number the number
//!   of the defender's replies (counted once and stored in the table; a drop, most checks,
//!   counted without being played), so that the check that leaves the defender fewest replies
//!   is tried first, and no check is searched only to learn that it leaves many;
//! - delayed expansion of interpositions: of the defender's drops on one square only the first
//!   is searched until it is proven, the others counted as one each meanwhile (they mostly fall
//!   the same way, and searching them side by side spreads the effort over all of them);
//! - 1+ε thresholds: the child searched is given a threshold somewhat above its best sibling's
//!   number, so that the search does not thrash between two children;
//! - repetitions: a position repeated on the path is a disproof (the attacker's perpetual check
//!   loses), but one that holds only on this path: a disproof that rests on one is never stored,
//!   so that the same position reached another way is searched again (the graph-history
//!   interaction never turns into a false result). Proofs never rest on a repetition.
//!
//! The rules are tsume's: the attacker's moves are every legal check (non-promotions included:
//! a problem may need one), the defender's every legal evasion (interpositions and drops
//! included), a pawn drop may not mate. `line.rs` reads the mating line out of the table,
//! `shortcut.rs` cuts its detours short, and searches with the length limited below the
//! line's look for shorter mates until none is left (the line is then the shortest).

pub mod line;
mod shortcut;
pub mod table;

use crate::search::mate1::mate_in_one;
use crate::search::{MateLimit, SearchControl};
use crate::shogi::attacks::{attacks, between, king_attacks};
use crate::shogi::{
    count_all, generate_all, generate_checks, has_legal_move, Bitboard, Color, Hand, Move,
    MoveList, PieceKind, Position, Square,
};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;
use table::{hand_max, hand_min, MateTable, ANY_LENGTH, INF};

/// How far a line may go before it counts as no mate (the longest known problem is 1,525).
pub const DEFAULT_MAX_PLY: usize = 2048;

/// How the defender chooses among its defences, all of them mated: what the line follows and
/// its length counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Defence {
    /// The longest resistance (a game's end: how long the mate takes however the defender
    /// plays), and of lines as long, one with no attacker's piece left in hand.
    #[default]
    Longest,
    /// As composed problems are judged: a defence after which the attacker ends with pieces in
    /// hand (a line with spare pieces) is taken only where every defence leaves some; then the
    /// longest. The published lengths of composed works count so. The searches for shorter
    /// mates limit the length against every defence, so that no line read this way is proven
    /// the shortest.
    Composed,
}

/// What a mate search answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateOutcome {
    /// A mating line (attacker first, odd length, ends in mate).
    Mate(Vec<Move>),
    /// Proven: there is no mate by continuous checks.
    NoMate,
    /// Stopped (time, `stop`) before an answer.
    Unknown,
}

/// Why `pos` is no mate problem for the side to move, if it is not one: the side to move is in
/// check (it must answer the check, not give one), or the other side has no king to mate. Such
/// a position has no mate by continuous checks, and `solve_mate` answers `NoMate` at once.
pub fn not_a_problem(pos: &Position) -> Option<&'static str> {
    if pos.in_check() {
        Some("the side to move is in check")
    } else if pos.king_square(!pos.side_to_move()).is_none() {
        Some("the side to move has no king to mate")
    } else {
        None
    }
}

/// Searches a mate by continuous checks for the side to move of `pos` within `limit`, with
/// `table` (what it holds from earlier searches is used), reporting to `report` about once a
/// second; the answer and the search's last figures.
pub fn solve_mate(
    pos: &mut Position,
    limit: MateLimit,
    control: &SearchControl,
    table: &mut MateTable,
    threads: usize,
    defence: Defence,
    report: &mut dyn FnMut(Progress),
) -> (MateOutcome, Progress) {
    let deadline = match limit {
        // A limit past the end of time is no limit.
        MateLimit::Millis(ms) => Instant::now().checked_add(std::time::Duration::from_millis(ms)),
        MateLimit::Infinite => None,
    };
    let mut solver = Solver::new(table, control, deadline, report);
    solver.set_threads(threads);
    solver.defence = defence;
    if not_a_problem(pos).is_some() {
        return (MateOutcome::NoMate, solver.progress());
    }
    let answer = match solver.solve(pos) {
        Some(true) => {
            solver.proof = (
                solver.start.elapsed().as_micros() as u64,
                solver.all_nodes(),
            );
            // First a line read greedily (proving again what the table has lost on the way),
            // within half the time left; then the solution tree measured for the defender's
            // longest resistance, which on a long problem can take far longer than the proof
            // did: the greedy line stands if the measure does not end in time.
            let deadline = solver.deadline;
            solver.deadline = deadline.map(|d| {
                let now = Instant::now();
                now + d.saturating_duration_since(now) / 2
            });
            let greedy = solver.greedy_line(pos);
            solver.deadline = deadline;
            solver.aborted = solver.control.stopped();
            // The detours of the line cut short where a few plies off it lead back sooner.
            let first = solver.mating_line(pos);
            let mut line = solver.with_shortcuts(pos, first);
            // A greedy line is a mate, but the defender may resist longer than it does: its
            // length bounds no search for a shorter mate that would call the line the shortest.
            solver.greedy = line.is_empty() && !greedy.is_empty();
            if line.is_empty() {
                line = greedy;
            }
            // Shorter mates: searched again with the length limited below the line's, until
            // there is none (the line is the shortest) or the time is up: the limit's, or
            // without one ten times what the proof took (at least a second).
            let proof_time = solver.start.elapsed();
            solver.deadline = Some(solver.deadline.unwrap_or_else(|| {
                Instant::now() + (proof_time * 10).max(std::time::Duration::from_secs(1))
            }));
            // (The length limited is the one with every interposition counted: the search's.)
            let mut full = usize::from(solver.full_length).max(line.len());
            solver.shortest = full == 1;
            // A mate within `limit` plies is proven: at first the line's length.
            let mut limit = full;
            while limit > 1 && !solver.aborted {
                solver.max_ply = limit - 2;
                match solver.solve(pos) {
                    Some(true) => {
                        limit -= 2;
                        let shorter = solver.mating_line(pos);
                        let shorter = solver.with_shortcuts(pos, shorter);
                        let shorter_full = usize::from(solver.full_length).max(shorter.len());
                        if !shorter.is_empty() && shorter_full < full {
                            (line, full) = (shorter, shorter_full);
                            solver.greedy = false;
                            limit = limit.min(full);
                        }
                        // (A line read no shorter than the one before, although a mate within
                        // the new limit is proven: the searches with lower limits still go
                        // on, and their tables may read shorter.)
                    }
                    Some(false) => {
                        // No mate within `limit - 2`: the shortest takes `limit` plies.
                        solver.shortest =
                            !solver.greedy && full == limit && defence == Defence::Longest;
                        break;
                    }
                    None => break,
                }
            }
            solver.aborted = false;
            solver.full_length = full.min(usize::from(u16::MAX)) as u16;
            if line.is_empty() {
                MateOutcome::Unknown
            } else {
                MateOutcome::Mate(line)
            }
        }
        Some(false) => MateOutcome::NoMate,
        None => MateOutcome::Unknown,
    };
    (answer, solver.progress())
}

/// A child of the node being searched.
#[derive(Clone, Copy)]
struct Child {
    m: Move,
    /// The board key after `m`.
    key: u64,
    pn: u32,
    dn: u32,
    /// Proven: the plies to mate. Disproven: no mate within this many plies (`ANY_LENGTH`:
    /// none at all).
    length: u16,
    /// Its disproof rests on a repetition on this path: not to be stored.
    path_dependent: bool,
    /// Its proof hand (once proven) or disproof hand (once disproven).
    settled_hand: Hand,
    /// Neither the table nor the path knew it: its numbers are the initial ones.
    fresh: bool,
    /// An interposing drop held back until the one before it on its square is proven.
    hidden: bool,
}

/// What a search of a node found.
#[derive(Clone, Copy, Debug)]
struct Outcome {
    pn: u32,
    dn: u32,
    length: u16,
    path_dependent: bool,
    settled_hand: Hand,
}

/// What the solver tells while it runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds since the start.
    pub ms: u64,
    /// The root's proof and disproof numbers.
    pub pn: u32,
    /// See `pn`.
    pub dn: u32,
    /// The table's fill, per mille.
    pub fill: u32,
    /// When the first proof came (microseconds, nodes); 0 before.
    pub proof_us: u64,
    /// See `proof_us`.
    pub proof_nodes: u64,
    /// The mate found is known to be the shortest (none shorter exists).
    pub shortest: bool,
    /// The mate's length with every interposition counted (the line leaves out useless ones,
    /// as tsume counts); 0 before a line is read.
    pub full_length: u16,
    /// The line was read greedily (the solution tree could not be measured in the time): a
    /// mate, but the defender may resist longer than it does, and its length is no mate's.
    pub greedy: bool,
}

/// A mate search in progress.
pub struct Solver<'a> {
    table: &'a MateTable,
    control: &'a SearchControl,
    deadline: Option<Instant>,
    start: Instant,
    attacker: Color,
    nodes: u64,
    aborted: bool,
    /// A buffer of children for each ply, kept from node to node.
    buffers: Vec<Vec<Child>>,
    /// The positions of the path from the root (`path_key`), with how often each is on it.
    path: HashMap<u64, u32, BuildKeyHasher>,
    max_ply: usize,
    /// The root's numbers, for the reports.
    root: (u32, u32),
    /// When the first proof came (microseconds, nodes).
    proof: (u64, u64),
    /// The line found is the shortest.
    shortest: bool,
    /// The length of the last line read with every interposition counted.
    full_length: u16,
    /// The line found was read greedily (see `Progress::greedy`).
    greedy: bool,
    last_report: Instant,
    report: &'a mut dyn FnMut(Progress),
    /// Threads searching (this one and helpers), sharing the table.
    threads: usize,
    /// While helpers search with this thread (or this is a helper): what they share.
    shared: Option<Arc<Shared>>,
    /// This is a helper of another thread's search.
    helper: bool,
    /// How the defender chooses, for the line read.
    defence: Defence,
    /// The search ends (as if stopped) when this thread has searched this many nodes: the
    /// budget of a search of the line's tail (`shortcut.rs`).
    node_limit: u64,
    /// The measure of each position of the last line read (plies to mate, every
    /// interposition counted), from the root.
    line_measures: Vec<u16>,
    /// The solution tree's exact measure went past its limit: the proof graph is measured.
    tree_too_large: bool,
    /// The line's attacker's nodes (`path_key`) searched for a mate shorter than a length,
    /// and the length, by a search of the tail that did not prove one.
    tails_tried: std::collections::HashSet<(u64, u16)>,
    /// Defender's nodes (`path_key`) after a capture, with the kind captured, and whether
    /// they are mated with that piece handed back (`line.rs`, `mates_without`).
    without: HashMap<(u64, u8), bool>,
    /// The nodes the helpers of earlier searches searched.
    helper_nodes: u64,
}

/// What the threads of one search share besides the table: which nodes each is searching, so
/// that the others search elsewhere, and whether the search is over.
///
/// Each thread runs df-pn from the root over the shared table, and marks the nodes on its path
/// (`enter`, `leave`); a thread choosing a child gives one that another is searching a worse
/// number than it has (virtual proof numbers, after Kaneko's parallel df-pn): the threads
/// spread over the evasions of a defender's node, all of which must be proven, and over the
/// checks at an attacker's node of similar promise. What one thread settles, the others find
/// in the table.
struct Shared {
    /// Threads searching below a node, by its board key's low bits.
    busy: Box<[AtomicU8]>,
    /// The root is settled, or the search stopped: every thread returns.
    finished: AtomicBool,
    /// The helpers' nodes so far.
    nodes: AtomicU64,
}

/// Marks in `Shared::busy` (a power of two; 64 kB, in the second-level cache).
const BUSY_MARKS: usize = 1 << 16;
/// The stack of a helper thread (the search recurses a frame a ply, up to `DEFAULT_MAX_PLY`).
const HELPER_STACK: usize = 64 << 20;

impl Shared {
    fn new() -> Shared {
        Shared {
            busy: (0..BUSY_MARKS).map(|_| AtomicU8::new(0)).collect(),
            finished: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
        }
    }

    #[inline]
    fn mark(&self, key: u64) -> &AtomicU8 {
        &self.busy[key as usize & (BUSY_MARKS - 1)]
    }

    #[inline]
    fn enter(&self, key: u64) {
        self.mark(key).fetch_add(1, Relaxed);
    }

    #[inline]
    fn leave(&self, key: u64) {
        self.mark(key).fetch_sub(1, Relaxed);
    }

    /// Whether a thread is searching below the node of `key` (or one of the same low bits).
    #[inline]
    fn busy(&self, key: u64) -> bool {
        self.mark(key).load(Relaxed) != 0
    }
}

/// The 1+ε of the thresholds, as ε = 1 / EPSILON_DIVISOR.
const EPSILON_DIVISOR: u32 = 4;
/// Nodes between two looks at the clock and the stop flag.
const POLL_NODES: u64 = 4096;

impl<'a> Solver<'a> {
    /// A solver for the side to move of the position it is given, using `table`, stopped by
    /// `control` or at `deadline`, reporting to `report` about once a second.
    pub fn new(
        table: &'a MateTable,
        control: &'a SearchControl,
        deadline: Option<Instant>,
        report: &'a mut dyn FnMut(Progress),
    ) -> Solver<'a> {
        let now = Instant::now();
        Solver {
            table,
            control,
            deadline,
            start: now,
            attacker: Color::Black,
            nodes: 0,
            aborted: false,
            buffers: Vec::new(),
            path: HashMap::default(),
            max_ply: DEFAULT_MAX_PLY,
            root: (1, 1),
            proof: (0, 0),
            shortest: false,
            full_length: 0,
            greedy: false,
            last_report: now,
            report,
            threads: 1,
            shared: None,
            helper: false,
            defence: Defence::Longest,
            node_limit: u64::MAX,
            tails_tried: Default::default(),
            without: HashMap::new(),
            line_measures: Vec::new(),
            tree_too_large: false,
            helper_nodes: 0,
        }
    }

    /// Searches with `threads` threads (this one and `threads - 1` helpers) sharing the table.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The nodes searched by this thread and its helpers.
    fn all_nodes(&self) -> u64 {
        let live = self.shared.as_ref().map_or(0, |s| s.nodes.load(Relaxed));
        self.nodes + self.helper_nodes + live
    }

    /// Nodes searched so far (with the helpers').
    pub fn nodes(&self) -> u64 {
        self.all_nodes()
    }

    /// Whether the search was stopped (time, `stop`) before an answer.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// What is known now.
    pub fn progress(&self) -> Progress {
        Progress {
            nodes: self.all_nodes(),
            ms: self.start.elapsed().as_millis() as u64,
            pn: self.root.0,
            dn: self.root.1,
            fill: self.table.fill(),
            proof_us: self.proof.0,
            proof_nodes: self.proof.1,
            shortest: self.shortest,
            full_length: self.full_length,
            greedy: self.greedy,
        }
    }

    /// Proves or disproves a mate for the side to move of `pos`: `Some(true)` mate, `Some(false)`
    /// no mate, `None` stopped first.
    pub fn solve(&mut self, pos: &mut Position) -> Option<bool> {
        self.attacker = pos.side_to_move();
        self.path.clear();
        let mut r = if self.threads > 1 {
            self.solve_shared(pos)
        } else {
            self.mid(pos, 0, INF, INF, false)
        };
        if self.aborted && !self.out_of_time() {
            // Stopped by a helper's end, not by `stop` or the clock: not aborted. Where the
            // helper settled the root (or ended first), the root again, alone, its children's
            // numbers in the table.
            self.aborted = false;
            if r.pn != 0 && r.dn != 0 {
                self.path.clear();
                r = self.mid(pos, 0, INF, INF, false);
            }
        }
        self.root = (r.pn, r.dn);
        if r.pn == 0 {
            Some(true)
        } else if r.dn == 0 {
            Some(false)
        } else {
            None
        }
    }

    /// The root searched by this thread and `threads - 1` helpers, until one of them settles
    /// it or the search stops.
    fn solve_shared(&mut self, pos: &mut Position) -> Outcome {
        let shared = Arc::new(Shared::new());
        let (table, control, deadline, max_ply) =
            (self.table, self.control, self.deadline, self.max_ply);
        let r = std::thread::scope(|scope| {
            for _ in 1..self.threads {
                let mut pos = pos.clone();
                let shared = Arc::clone(&shared);
                let helper = move || {
                    let mut quiet = |_| {};
                    let mut helper = Solver::new(table, control, deadline, &mut quiet);
                    helper.attacker = pos.side_to_move();
                    helper.max_ply = max_ply;
                    helper.shared = Some(Arc::clone(&shared));
                    helper.helper = true;
                    helper.mid(&mut pos, 0, INF, INF, false);
                    shared.finished.store(true, Relaxed);
                    shared.nodes.fetch_add(helper.nodes % POLL_NODES, Relaxed);
                };
                // A helper that cannot be had leaves this thread to search alone.
                let _ = std::thread::Builder::new()
                    .stack_size(HELPER_STACK)
                    .spawn_scoped(scope, helper);
            }
            self.shared = Some(Arc::clone(&shared));
            let r = self.mid(pos, 0, INF, INF, false);
            shared.finished.store(true, Relaxed);
            r
        });
        self.shared = None;
        self.helper_nodes += shared.nodes.load(Relaxed);
        r
    }

    /// Whether the search must end: `stop`, or the deadline passed.
    fn out_of_time(&self) -> bool {
        self.control.stopped() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The attacker's hand in `pos`.
    #[inline]
    fn attacker_hand(&self, pos: &Position) -> Hand {
        pos.hand(self.attacker)
    }

    fn poll(&mut self) {
        if !self.nodes.is_multiple_of(POLL_NODES) {
            return;
        }
        if self.out_of_time() {
            self.aborted = true;
        }
        if let Some(shared) = &self.shared {
            if shared.finished.load(Relaxed) {
                self.aborted = true;
            }
            if self.helper {
                // Its nodes counted for the main thread's reports.
                shared.nodes.fetch_add(POLL_NODES, Relaxed);
            }
        }
        if self.table.fill() > 900 {
            self.table.collect();
        }
        if self.last_report.elapsed().as_millis() >= 1000 {
            self.last_report = Instant::now();
            let p = self.progress();
            (self.report)(p);
        }
    }

    /// The moves of the node: every check at an OR node, every evasion at an AND node.
    fn children(&self, pos: &Position, or_node: bool) -> MoveList {
        let mut list = MoveList::new();
        self.children_into(pos, or_node, &mut list);
        list
    }

    /// `children` into a list the caller keeps (the search's: a list returned by value is
    /// copied, all 1.2 kB of it).
    fn children_into(&self, pos: &Position, or_node: bool, list: &mut MoveList) {
        if or_node {
            generate_checks(pos, list);
        } else {
            generate_all(pos, list);
        }
    }

    /// The proof hand of an AND node whose children are proven with `hands` (the attacker's
    /// hand is the same in each): the most any of them needs, and all of every kind the
    /// defender has none of (with one it could interpose a drop).
    fn and_proof_hand(&self, pos: &Position, hands: impl Iterator<Item = Hand>) -> Hand {
        let ours = self.attacker_hand(pos);
        let theirs = pos.hand(!self.attacker);
        let mut h = hands.fold(Hand::EMPTY, hand_max);
        for k in PieceKind::HAND {
            if theirs.count(k) == 0 {
                h.set_count(k, ours.count(k));
            }
        }
        hand_min(h, ours)
    }

    /// The disproof hand of an OR node with no check, or all of whose checks are disproven with
    /// the (parent-adjusted) hands `hands`: the least of them, and none more of a kind the
    /// attacker has none of (with one it could drop a new check).
    fn or_disproof_hand(&self, pos: &Position, hands: impl Iterator<Item = Hand>) -> Hand {
        let ours = self.attacker_hand(pos);
        let mut full = Hand::EMPTY;
        for (i, k) in PieceKind::HAND.iter().enumerate() {
            full.set_count(*k, Hand::MAX[i].max(ours.count(*k)));
        }
        let mut h = hands.fold(full, hand_min);
        for k in PieceKind::HAND {
            if ours.count(k) == 0 {
                h.set_count(k, 0);
            }
        }
        // Never less than the hand searched with.
        hand_max(h, ours)
    }

    /// The attacker's hand after its check `m`, with `hand` before it.
    #[inline]
    fn hand_after_check(pos: &Position, m: Move, hand: Hand) -> Hand {
        let mut h = hand;
        if m.is_drop() {
            h.remove(m.drop_kind());
        } else if let Some(victim) = pos.piece_on(m.to()) {
            h.add(victim.kind().unpromote());
        }
        h
    }

    /// A child's proof hand seen from the OR node that plays `m` to it.
    fn before_check(pos: &Position, m: Move, proof: Hand, ours: Hand) -> Hand {
        let mut h = proof;
        if m.is_drop() {
            h.add(m.drop_kind());
        } else if let Some(victim) = pos.piece_on(m.to()) {
            let k = victim.kind().unpromote();
            if h.count(k) > 0 {
                h.remove(k);
            }
        }
        hand_min(h, ours)
    }

    /// A child's disproof hand seen from the OR node that plays `m` to it.
    fn disproof_before_check(pos: &Position, m: Move, disproof: Hand) -> Hand {
        let mut h = disproof;
        if m.is_drop() {
            let k = m.drop_kind();
            if h.count(k) < Hand::CAPACITY[k.index()] {
                h.add(k);
            }
        } else if let Some(victim) = pos.piece_on(m.to()) {
            let k = victim.kind().unpromote();
            if h.count(k) > 0 {
                h.remove(k);
            }
        }
        h
    }

    /// An attacker's node `pos` (its hand `hand`, its checks `moves`) one or three plies from a
    /// search's limit (`plies`; a search for a shorter mate), settled in one visit: only a mate
    /// at once, or a mate in three against every evasion, is within the limit, so the checks
    /// are tried for one by a search of their own with no table, instead of each being a
    /// child that is keyed, probed, stored and visited again under other thresholds. A mate is
    /// stored as the search would store it (its tree too, for the line to be read through
    /// it); no mate within three, for the hand searched with alone. (A check to a position on
    /// the path is searched like another: what is found holds off the path too.)
    fn settle_near_the_limit(
        &mut self,
        pos: &mut Position,
        moves: &MoveList,
        hand: Hand,
        plies: usize,
    ) -> Outcome {
        if let Some(m) = moves.iter().copied().find(|&m| self.mates_at_once(pos, m)) {
            return self.mated_by(pos, m, hand);
        }
        let (length, settled_hand) = if plies == 1 {
            let hands = moves.iter().map(|&m| {
                Solver::disproof_before_check(pos, m, Solver::hand_after_check(pos, m, hand))
            });
            (1, self.or_disproof_hand(pos, hands))
        } else {
            if let Some(m) = self.mate_in_three(pos, moves) {
                return self.mated_in_three_by(pos, m, hand);
            }
            (3, hand)
        };
        if !self.aborted {
            self.table
                .store(pos.board_key(), settled_hand, INF, 0, length, 1);
        }
        Outcome {
            pn: INF,
            dn: 0,
            length,
            path_dependent: false,
            settled_hand,
        }
    }

    /// A check of `moves` after which every evasion is mated at once, if there is one.
    fn mate_in_three(&self, pos: &mut Position, moves: &MoveList) -> Option<Move> {
        let mut evasions = MoveList::new();
        moves.iter().copied().find(|&m| {
            pos.make_move(m);
            evasions.clear();
            generate_all(pos, &mut evasions);
            let mated = evasions.iter().all(|&e| {
                pos.make_move(e);
                let mated = self.mate_at_once(pos).is_some();
                pos.unmake_move(e);
                mated
            });
            pos.unmake_move(m);
            mated
        })
    }

    /// The attacker's node `pos` (its hand `hand`) proven by `m`, a mate in three
    /// (`mate_in_three`): each evasion's mate stored, the evasions' node, this one.
    fn mated_in_three_by(&mut self, pos: &mut Position, m: Move, hand: Hand) -> Outcome {
        pos.make_move(m);
        let mut evasions = MoveList::new();
        generate_all(pos, &mut evasions);
        let mut hands = Vec::with_capacity(evasions.len());
        for &e in evasions.iter() {
            pos.make_move(e);
            let mate = self.mate_at_once(pos).expect("proven just now");
            let h = self.attacker_hand(pos);
            hands.push(self.mated_by(pos, mate, h).settled_hand);
            pos.unmake_move(e);
        }
        let and_hand = self.and_proof_hand(pos, hands.into_iter());
        self.table.store(pos.board_key(), and_hand, 0, INF, 2, 1);
        pos.unmake_move(m);
        self.proven_by(pos, m, and_hand, hand, 3)
    }

    /// Whether the check `m` mates at once.
    #[inline]
    fn mates_at_once(&self, pos: &mut Position, m: Move) -> bool {
        pos.make_move(m);
        let mated = !has_legal_move(pos);
        pos.unmake_move(m);
        mated
    }

    /// A check of the attacker's that mates at once in `pos`, if there is one.
    fn mate_at_once(&self, pos: &mut Position) -> Option<Move> {
        let mut checks = MoveList::new();
        generate_checks(pos, &mut checks);
        checks.iter().copied().find(|&c| self.mates_at_once(pos, c))
    }

    /// The attacker's node `pos` (its hand `hand`) proven by `m`, a mate at once: the mated
    /// position stored too, for the line to be read through it.
    fn mated_by(&mut self, pos: &mut Position, m: Move, hand: Hand) -> Outcome {
        pos.make_move(m);
        let child_proof = self.and_proof_hand(pos, std::iter::empty());
        self.table.store(pos.board_key(), child_proof, 0, INF, 0, 1);
        pos.unmake_move(m);
        self.proven_by(pos, m, child_proof, hand, 1)
    }

    /// The attacker's node `pos` (its hand `hand`) proven in `length` plies by its check `m`,
    /// after which the position is proven with `child_hand`: stored, and what it says.
    fn proven_by(
        &mut self,
        pos: &Position,
        m: Move,
        child_hand: Hand,
        hand: Hand,
        length: u16,
    ) -> Outcome {
        let settled_hand = Solver::before_check(pos, m, child_hand, hand);
        self.table
            .store(pos.board_key(), settled_hand, 0, INF, length, 1);
        Outcome {
            pn: 0,
            dn: INF,
            length,
            path_dependent: false,
            settled_hand,
        }
    }

    /// Searches `pos` (at `ply` from the root) until its proof number reaches `th_pn` or its
    /// disproof number `th_dn`, or it is settled. `searched`: the node was searched before and
    /// not proven (so it has no mate in one to look for).
    fn mid(
        &mut self,
        pos: &mut Position,
        ply: usize,
        th_pn: u32,
        th_dn: u32,
        searched: bool,
    ) -> Outcome {
        self.nodes += 1;
        self.poll();
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        let start_nodes = self.nodes;
        let or_node = pos.side_to_move() == self.attacker;
        let hand = self.attacker_hand(pos);
        let mut moves = MoveList::new();
        self.children_into(pos, or_node, &mut moves);
        if moves.is_empty() {
            // No check: no mate here. No evasion: mated.
            let outcome = if or_node {
                Outcome {
                    pn: INF,
                    dn: 0,
                    length: ANY_LENGTH,
                    path_dependent: false,
                    settled_hand: self.or_disproof_hand(pos, std::iter::empty()),
                }
            } else {
                Outcome {
                    pn: 0,
                    dn: INF,
                    length: 0,
                    path_dependent: false,
                    settled_hand: self.and_proof_hand(pos, std::iter::empty()),
                }
            };
            self.table.store(
                pos.board_key(),
                outcome.settled_hand,
                outcome.pn,
                outcome.dn,
                outcome.length,
                1,
            );
            return outcome;
        }
        if or_node && (ply + 1 == self.max_ply || ply + 3 == self.max_ply) {
            return self.settle_near_the_limit(pos, &moves, hand, self.max_ply - ply);
        }
        if ply >= self.max_ply {
            // No plies left: no mate within none (what this says is not worth storing).
            return Outcome {
                pn: INF,
                dn: 0,
                length: 0,
                path_dependent: false,
                settled_hand: hand,
            };
        }
        // The plies left to the children.
        let budget = (self.max_ply - ply - 1).min(usize::from(ANY_LENGTH - 1)) as u16;
        // The children, in a buffer kept for this ply: their keys and hands without playing
        // them, their table entries fetched ahead, then looked up.
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut children = std::mem::take(&mut self.buffers[ply]);
        children.clear();
        for &m in moves.iter() {
            let key = pos.board_key_after(m);
            let child_hand = if or_node {
                Solver::hand_after_check(pos, m, hand)
            } else {
                hand
            };
            self.table.prefetch(key);
            children.push(Child {
                m,
                key,
                pn: 1,
                dn: 1,
                length: 0,
                path_dependent: false,
                settled_hand: child_hand,
                fresh: false,
                hidden: false,
            });
        }
        // Repetitions (the attacker's perpetual check loses), found while the entries load.
        for c in children.iter_mut() {
            if self.path.contains_key(&path_key(c.key, c.settled_hand)) {
                (c.pn, c.dn, c.length, c.path_dependent) = (INF, 0, ANY_LENGTH, true);
            }
        }
        if !or_node {
            // Board moves first, the captures of the checker and then the king's escapes
            // before the others (they refute a check most often), then the interposing drops,
            // square by square: among evasions of equal numbers the first is searched first.
            // (On positions/mates.txt's mates of 13 plies and more: board moves first took 7%
            // fewer nodes to the first proofs, and the long 25-ply mate 0.78 M instead of
            // 1.75 M; captures and escapes first, 5-9% fewer again, by the geometric mean.)
            // Sorted while the entries come from memory.
            let king = pos.king_square(!self.attacker);
            let checkers = pos.checkers();
            children.sort_by_key(|c| {
                let (drop, to) = (c.m.is_drop(), c.m.to());
                // (drop, not a capture, not the king's, square), packed in one number.
                u32::from(drop) << 9
                    | u32::from(!checkers.contains(to)) << 8
                    | u32::from(drop || Some(c.m.from()) != king) << 7
                    | to.index() as u32
            });
        }
        if or_node && !searched {
            // A mate in one that the quick probe sees settles the node without its children.
            // (Asked only now, with the children's entries on their way from memory: the
            // probe's work hides their latency.)
            if let Some(m) = mate_in_one(pos) {
                self.buffers[ply] = children;
                return self.mated_by(pos, m, hand);
            }
        }
        for c in children.iter_mut().filter(|c| !c.path_dependent) {
            if let Some(f) = self.table.probe(c.key, c.settled_hand, budget) {
                (c.pn, c.dn, c.length, c.settled_hand) = (f.pn, f.dn, f.length, f.hand);
            } else {
                c.fresh = true;
            }
        }
        if or_node && budget >= 2 {
            // A check never searched: its proof number is the defender's number of replies,
            // stored (at no cost: the first entry a full cluster gives up) so that it is
            // counted once. With a single ply or none left, only a mate at once could prove
            // it, which the probe above has ruled out for the most part: not worth counting.
            // (On positions/mates.txt's mates of 9 plies and more, the first proofs take a
            // third of the nodes they took with every check at 1, and half the time on those
            // of 9-15 plies, a quarter less on the longer ones.)
            let mut drops: Option<DropReplies> = None;
            let king = pos.king_square(!self.attacker);
            for c in children.iter_mut() {
                if c.fresh {
                    let replies = match king {
                        Some(king) if c.m.is_drop() => drops
                            .get_or_insert_with(|| DropReplies::new(pos, king))
                            .count(pos, c.m.drop_kind(), c.m.to()),
                        _ => reply_count(pos, c.m),
                    };
                    if replies > 0 {
                        c.pn = replies;
                        self.table.store(c.key, c.settled_hand, replies, 1, 0, 0);
                    }
                }
            }
        }
        if !or_node {
            hide_interpositions(&mut children);
        }
        let here = path_key(pos.board_key(), hand);
        self.path.insert(here, 1);
        if let Some(shared) = &self.shared {
            shared.enter(pos.board_key());
        }
        loop {
            let (pn, dn) = node_numbers(&children, or_node);
            if ply == 0 {
                self.root = (pn, dn);
            }
            if pn >= th_pn || dn >= th_dn || pn == 0 || dn == 0 || self.aborted {
                break;
            }
            // The most proving child (OR: least proof number; AND: least disproof number) and
            // the best number of the others.
            let (best, second) = best_child(&children, or_node, self.shared.as_deref());
            let c = children[best];
            // (Above the child's own number: alone the child has the node's number, below the
            // node's threshold, but a child chosen over one another thread is searching may
            // have more.)
            let (c_th_pn, c_th_dn) = if or_node {
                let cap = second.saturating_add(second / EPSILON_DIVISOR + 1).min(INF);
                (
                    th_pn.min(cap).max(c.pn + 1),
                    th_dn.saturating_sub(dn).saturating_add(c.dn).min(INF),
                )
            } else {
                let cap = second.saturating_add(second / EPSILON_DIVISOR + 1).min(INF);
                (
                    th_pn.saturating_sub(pn).saturating_add(c.pn).min(INF),
                    th_dn.min(cap).max(c.dn + 1),
                )
            };
            pos.make_move(c.m);
            let r = self.mid(pos, ply + 1, c_th_pn, c_th_dn, !c.fresh);
            pos.unmake_move(c.m);
            let c = &mut children[best];
            c.fresh = false;
            (c.pn, c.dn, c.length, c.path_dependent, c.settled_hand) =
                (r.pn, r.dn, r.length, r.path_dependent, r.settled_hand);
            if !or_node && r.pn == 0 && c.m.is_drop() {
                hide_interpositions(&mut children);
            }
        }
        self.path.remove(&here);
        if let Some(shared) = &self.shared {
            shared.leave(pos.board_key());
        }
        let (pn, dn) = node_numbers(&children, or_node);
        let work = self.nodes - start_nodes + 1;
        let outcome = if pn == 0 {
            let length;
            let settled_hand;
            if or_node {
                // The shortest of the proven checks.
                let c = children
                    .iter()
                    .filter(|c| c.pn == 0)
                    .min_by_key(|c| c.length)
                    .expect("a proven check");
                length = c.length + 1;
                settled_hand = Solver::before_check(pos, c.m, c.settled_hand, hand);
            } else {
                length = children.iter().map(|c| c.length).max().unwrap_or(0) + 1;
                settled_hand = self.and_proof_hand(pos, children.iter().map(|c| c.settled_hand));
            }
            Outcome {
                pn,
                dn,
                length,
                path_dependent: false,
                settled_hand,
            }
        } else if dn == 0 {
            if or_node {
                let path_dependent = children.iter().any(|c| c.path_dependent);
                let hands = children
                    .iter()
                    .map(|c| Solver::disproof_before_check(pos, c.m, c.settled_hand));
                Outcome {
                    pn,
                    dn,
                    length: children
                        .iter()
                        .map(|c| one_more(c.length))
                        .min()
                        .unwrap_or(ANY_LENGTH),
                    path_dependent,
                    settled_hand: self.or_disproof_hand(pos, hands),
                }
            } else {
                // A disproving evasion that does not rest on the path, if there is one, and
                // of those the one that rules out the longest mates.
                let c = children
                    .iter()
                    .filter(|c| c.dn == 0)
                    .min_by_key(|c| (c.path_dependent, std::cmp::Reverse(c.length)))
                    .expect("a disproving evasion");
                Outcome {
                    pn,
                    dn,
                    length: one_more(c.length),
                    path_dependent: c.path_dependent,
                    settled_hand: hand_max(c.settled_hand, hand),
                }
            }
        } else {
            Outcome {
                pn,
                dn,
                length: 0,
                path_dependent: false,
                settled_hand: hand,
            }
        };
        if !outcome.path_dependent && !self.aborted {
            self.table.store(
                pos.board_key(),
                outcome.settled_hand,
                outcome.pn,
                outcome.dn,
                outcome.length,
                work,
            );
        }
        self.buffers[ply] = children;
        outcome
    }
}

/// How many legal replies the defender has to the attacker's check `m` in `pos`.
fn reply_count(pos: &mut Position, m: Move) -> u32 {
    pos.make_move(m);
    let replies = count_all(pos);
    pos.unmake_move(m);
    replies
}

/// The defender's replies to the attacker's drop checks in one position, counted without
/// playing them (drops are most of the checks, and this is several times quicker): the king's
/// steps to squares nothing attacks, the captures of the dropped piece, and against a distant
/// check the interpositions, by a move or a drop. An estimate: a pinned defender is taken to
/// have no move, and a drop that cuts one of the attacker's lines to a square next to the king
/// is not seen to free it.
struct DropReplies {
    attacker: Color,
    defender: Color,
    king: Square,
    occupied: Bitboard,
    /// The squares next to the defender's king it could step to now.
    safe: Bitboard,
    /// The defender's pieces pinned to its king.
    pinned: Bitboard,
    /// Where the defender may drop each kind of its hand (empty for the kinds it has none of).
    drop_squares: [Bitboard; 7],
}

impl DropReplies {
    /// The counter for `pos`, the attacker to move, the defender's king on `king`.
    fn new(pos: &Position, king: Square) -> DropReplies {
        let attacker = pos.side_to_move();
        let defender = !attacker;
        let occupied = pos.occupied();
        let without_king = occupied - Bitboard::from_square(king);
        let mut safe = king_attacks(king) - pos.color_pieces(defender);
        for sq in safe {
            if pos.is_attacked(sq, attacker, without_king) {
                safe.clear(sq);
            }
        }
        let hand = pos.hand(defender);
        let mut drop_squares = [Bitboard::EMPTY; 7];
        for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
            if hand.has(kind) {
                let mut t = Bitboard::relative_ranks_from(defender, kind.min_relative_rank());
                if kind == PieceKind::Pawn {
                    t = t - pos.pieces(defender, PieceKind::Pawn).fill_files();
                }
                drop_squares[i] = t;
            }
        }
        DropReplies {
            attacker,
            defender,
            king,
            occupied,
            safe,
            pinned: pos.blockers_for_king(defender) & pos.color_pieces(defender),
            drop_squares,
        }
    }

    /// The replies to the attacker's drop of `kind` on `to` (a check).
    fn count(&self, pos: &Position, kind: PieceKind, to: Square) -> u32 {
        let king = Bitboard::from_square(self.king);
        let occupied = self.occupied | Bitboard::from_square(to);
        let movers = |sq: Square| {
            (pos.attackers_to(sq, self.defender, occupied) - king - self.pinned).count()
        };
        // The piece attacks through the king: the king cannot step back along its line.
        let hits = attacks(self.attacker, kind, to, occupied - king);
        let mut n = (self.safe - hits).count() + movers(to);
        for sq in between(to, self.king) {
            n += movers(sq);
            n += self.drop_squares.iter().filter(|t| t.contains(sq)).count() as u32;
        }
        n
    }
}

/// A hasher for keys that are hashes already (Zobrist keys): the key itself.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

type BuildKeyHasher = std::hash::BuildHasherDefault<KeyHasher>;

/// What identifies a position on the path: its board and the attacker's hand (the defender
/// holds the rest of the pieces).
#[inline]
pub(super) fn path_key(board: u64, attacker: Hand) -> u64 {
    board ^ u64::from(attacker.raw()).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A disproof's length one ply further up: no mate within one ply more.
#[inline]
fn one_more(length: u16) -> u16 {
    if length == ANY_LENGTH {
        ANY_LENGTH
    } else {
        (length + 1).min(ANY_LENGTH - 1)
    }
}

/// Delayed expansion of interpositions: of the defender's drops on one square (sorted together),
/// only the first not yet proven is searched, the others held back until it is. A held-back
/// drop counts one in its node's proof number (it is still to be proven) and nothing in its
/// disproof number; one the table knows disproven is not held back. (The long 25-ply mate
/// of positions/mates.txt: 0.62 M nodes to the first proof instead of 1.14 M; with held-back
/// drops counted as nothing, 1.20 M; with the rook revealed first instead of the pawn, 1.50 M.)
fn hide_interpositions(children: &mut [Child]) {
    let mut blocked: Option<Square> = None;
    for c in children.iter_mut().filter(|c| c.m.is_drop()) {
        let to = c.m.to();
        c.hidden = blocked == Some(to) && c.dn != 0;
        if !c.hidden && c.pn != 0 {
            blocked = Some(to);
        }
    }
}

/// A node's numbers from its children's.
#[inline]
fn node_numbers(children: &[Child], or_node: bool) -> (u32, u32) {
    let (mut min, mut sum) = (INF, 0u32);
    for c in children {
        if c.hidden {
            // Held back (see `hide_interpositions`): at an AND node, one to prove.
            sum = sum.saturating_add(1);
            continue;
        }
        let (m, s) = if or_node { (c.pn, c.dn) } else { (c.dn, c.pn) };
        min = min.min(m);
        sum = sum.saturating_add(s).min(INF);
    }
    if min != 0 {
        // Unsettled: a sum never reaches INF, which only a settled node has. (Transpositions
        // counted twice make the sums of a long problem grow without end; at INF they would
        // stop the search as if the thresholds, at most INF, were reached.)
        sum = sum.min(INF - 1);
    }
    if or_node {
        (min, sum)
    } else {
        (sum, min)
    }
}

/// The child to search (OR: least proof number; AND: least disproof number) and the least
/// number among the others. Searching with other threads (`shared`), a child that one of them
/// is searching counts a worse number (a virtual one: see `Shared`).
#[inline]
fn best_child(children: &[Child], or_node: bool, shared: Option<&Shared>) -> (usize, u32) {
    let number = |c: &Child| {
        let n = if or_node { c.pn } else { c.dn };
        match shared {
            Some(shared) if n != 0 && n < INF - 1 && shared.busy(c.key) => {
                n.saturating_add(n / 2 + 1).min(INF - 1)
            }
            _ => n,
        }
    };
    let (mut best, mut first, mut second) = (0, INF, INF);
    for (i, c) in children.iter().enumerate().filter(|(_, c)| !c.hidden) {
        let n = number(c);
        if n < first {
            second = first;
            first = n;
            best = i;
        } else if n < second {
            second = n;
        }
    }
    (best, second)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sfen` solved by one thread within a minute, by the longest defence, with the last
    /// report.
    fn solve_reported(sfen: &str) -> (MateOutcome, Progress) {
        let mut pos = Position::from_sfen(sfen).unwrap();
        let mut table = MateTable::new(16);
        let control = SearchControl::new();
        solve_mate(
            &mut pos,
            MateLimit::Millis(60_000),
            &control,
            &mut table,
            1,
            Defence::Longest,
            &mut |_| {},
        )
    }

    fn solve(sfen: &str) -> MateOutcome {
        solve_reported(sfen).0
    }

    /// A child for the numbers' tests: `m` with numbers `pn` and `dn`, searched before.
    fn child_with(m: Move, pn: u32, dn: u32) -> Child {
        Child {
            m,
            key: 0,
            pn,
            dn,
            length: 0,
            path_dependent: false,
            settled_hand: Hand::EMPTY,
            fresh: false,
            hidden: false,
        }
    }

    fn line(outcome: &MateOutcome) -> Vec<String> {
        match outcome {
            MateOutcome::Mate(l) => l.iter().map(|m| m.to_string()).collect(),
            other => panic!("no mate: {other:?}"),
        }
    }

    #[test]
    fn replies_to_drop_checks_are_counted_without_playing_them() {
        // Counted by hand: a gold dropped on the king's head can only be taken (the king's
        // other squares are the gold's); a rook dropped at a distance leaves the king its four
        // side squares and the gold and pawn drops on the three squares between.
        for (sfen, drop, replies) in [
            ("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5b", 1),
            ("4k4/9/9/9/9/9/9/9/4K4 b Rgp 1", "R*5e", 10),
            ("4k4/9/9/9/9/9/9/9/4K4 b R 1", "R*5e", 4),
        ] {
            let mut pos = Position::from_sfen(sfen).unwrap();
            let m: Move = crate::shogi::parse_usi_move(&pos, drop).unwrap();
            let king = pos.king_square(Color::White).unwrap();
            let counted = DropReplies::new(&pos, king).count(&pos, m.drop_kind(), m.to());
            assert_eq!(reply_count(&mut pos, m), replies, "{sfen} {drop}");
            assert_eq!(counted, replies, "{sfen} {drop}");
        }
    }

    #[test]
    fn a_greedy_line_is_a_mate_too() {
        // The 5-ply mate of the test below, read without measuring the solution tree.
        let sfen = "l8/2s3+R2/5pb1p/P1Bpp2P1/2P3Pk1/p5s2/NP1P+nPS1P/K1G4+p1/L6NL b GLr2gsn4p 21";
        let mut pos = Position::from_sfen(sfen).unwrap();
        let table = MateTable::new(16);
        let control = SearchControl::new();
        let mut report = |_| {};
        let mut solver = Solver::new(&table, &control, None, &mut report);
        assert_eq!(solver.solve(&mut pos), Some(true));
        let line = solver.greedy_line(&mut pos);
        assert!(line.len() % 2 == 1 && line.len() >= 5, "{line:?}");
        for &m in &line {
            pos.make_move(m);
        }
        assert!(!crate::shogi::has_legal_move(&pos) && pos.in_check());
    }

    #[test]
    fn a_greedy_line_proves_again_what_the_table_lost() {
        // The 25-ply mate of the issue: proven, then the table emptied, as its collection
        // would on a long problem; the greedy line proves each node again on the way.
        let sfen = "l2g5/2s3g2/3k1p2p/P2pp2P1/1pP4s1/p1+B6/NP1P+nPS1P/K1G4+p1/L6NL b RBGNLPrs3p 1";
        let mut pos = Position::from_sfen(sfen).unwrap();
        let mut table = MateTable::new(64);
        let control = SearchControl::new();
        let mut report = |_| {};
        let mut solver = Solver::new(&table, &control, None, &mut report);
        assert_eq!(solver.solve(&mut pos), Some(true));
        table.clear();
        let mut solver = Solver::new(&table, &control, None, &mut report);
        solver.attacker = pos.side_to_move();
        let line = solver.greedy_line(&mut pos);
        assert!(line.len() % 2 == 1 && line.len() >= 25, "{}", line.len());
        for (i, &m) in line.iter().enumerate() {
            assert!(crate::shogi::movegen::is_legal(&pos, m), "ply {i}");
            pos.make_move(m);
            assert!(i % 2 == 1 || pos.in_check(), "ply {i} is no check");
        }
        assert!(!crate::shogi::has_legal_move(&pos) && pos.in_check());
    }

    #[test]
    fn two_threads_prove_the_long_mate() {
        // The 25-ply mate of the issue, searched by this thread and a helper sharing the
        // table: proven, its line a mate, the helper's nodes counted.
        let sfen = "l2g5/2s3g2/3k1p2p/P2pp2P1/1pP4s1/p1+B6/NP1P+nPS1P/K1G4+p1/L6NL b RBGNLPrs3p 1";
        let mut pos = Position::from_sfen(sfen).unwrap();
        let table = MateTable::new(64);
        let control = SearchControl::new();
        let mut report = |_| {};
        let mut solver = Solver::new(&table, &control, None, &mut report);
        solver.set_threads(2);
        assert_eq!(solver.solve(&mut pos), Some(true));
        assert!(solver.helper_nodes > 0 && solver.nodes() > solver.nodes);
        let line = solver.greedy_line(&mut pos);
        assert!(line.len() % 2 == 1 && line.len() >= 25, "{}", line.len());
        for &m in &line {
            assert!(crate::shogi::movegen::is_legal(&pos, m));
            pos.make_move(m);
        }
        assert!(!crate::shogi::has_legal_move(&pos) && pos.in_check());
    }

    #[test]
    fn a_node_another_thread_searches_counts_worse() {
        let gold = |i| Move::drop(PieceKind::Gold, Square::from_index(i).expect("a square"));
        let child = |i, pn, key| Child {
            key,
            ..child_with(gold(i), pn, 1)
        };
        let children = [child(0, 4, 10), child(1, 5, 11), child(2, 0, 12)];
        let shared = Shared::new();
        // Alone: the least proof number (the proven one aside, which settles the node).
        let open = &children[..2];
        assert_eq!(best_child(open, true, None), (0, 5));
        assert_eq!(best_child(open, true, Some(&shared)), (0, 5));
        // The first searched by another thread: 4 counts 4 + 2 + 1, and the second is chosen.
        shared.enter(10);
        assert_eq!(best_child(open, true, Some(&shared)), (1, 7));
        // A proven child is never made worse.
        shared.enter(12);
        assert_eq!(best_child(&children, true, Some(&shared)).0, 2);
        shared.leave(10);
        shared.leave(12);
        assert_eq!(best_child(open, true, Some(&shared)), (0, 5));
    }

    #[test]
    fn interposing_drops_wait_for_the_one_before_them_on_their_square() {
        let sq = |file, rank| Square::new(file, rank).unwrap();
        let child = |kind, to, pn, dn| Child {
            fresh: true,
            ..child_with(Move::drop(kind, to), pn, dn)
        };
        let (a, b) = (sq(5, 3), sq(5, 4));
        let mut children = vec![
            child(PieceKind::Pawn, a, 3, 1),
            child(PieceKind::Gold, a, 1, 1),
            child(PieceKind::Rook, a, 2, 0),
            child(PieceKind::Pawn, b, 0, INF),
            child(PieceKind::Gold, b, 4, 2),
            child(PieceKind::Rook, b, 1, 1),
        ];
        hide_interpositions(&mut children);
        let hidden: Vec<bool> = children.iter().map(|c| c.hidden).collect();
        // On a: the pawn is searched, the gold waits, the rook (disproven) is not held back.
        // On b: the pawn is proven, so the gold is searched and the rook waits.
        assert_eq!(hidden, [false, true, false, false, false, true]);
        // At the AND node: proof number 3 + 1 + 2 + 0 + 4 + 1 (held back: one each).
        assert_eq!(node_numbers(&children, false), (11, 0));
        // The gold on b proven: the rook comes forward.
        children[4].pn = 0;
        hide_interpositions(&mut children);
        assert!(!children[5].hidden);
    }

    #[test]
    fn a_search_near_its_limit_finds_the_mates_within_it_and_no_others() {
        // A search for shorter mates settles an attacker's node one or three plies from its
        // limit by a search of its own (`settle_near_the_limit`): with a limit of one ply the
        // mate in one is found and the mate in 3 is not; the pawn drop that would mate is no
        // mate; with a limit of 3 the mate in 3 is found (such a node at the root) and the
        // mate in 5 is not; with 5, the mate in 5 (through such nodes at ply 2). The shortest
        // mates are cshogi's (the tests above).
        let limited = |sfen: &str, max_ply: usize| {
            let mut pos = Position::from_sfen(sfen).unwrap();
            let table = MateTable::new(1);
            let control = SearchControl::new();
            let mut report = |_| {};
            let mut solver = Solver::new(&table, &control, None, &mut report);
            solver.max_ply = max_ply;
            solver.solve(&mut pos)
        };
        let mate_in_3 = "k8/1+rG6/9/9/9/9/9/9/8K b BR 1";
        let mate_in_5 =
            "l8/2s3+R2/5pb1p/P1Bpp2P1/2P3Pk1/p5s2/NP1P+nPS1P/K1G4+p1/L6NL b GLr2gsn4p 21";
        assert_eq!(limited("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 1), Some(true));
        assert_eq!(limited(mate_in_3, 1), Some(false));
        assert_eq!(limited(mate_in_3, 3), Some(true));
        assert_eq!(limited(mate_in_5, 3), Some(false));
        assert_eq!(limited(mate_in_5, 5), Some(true));
        assert_eq!(limited("7nk/7p1/8G/9/9/9/9/9/K8 b P 1", 1), Some(false));
        assert_eq!(limited("7nk/7p1/8G/9/9/9/9/9/K8 b GP 1", 1), Some(true));
    }

    #[test]
    fn head_gold_mate_in_one() {
        // Gold drop on 5b, protected by the pawn on 5c.
        assert_eq!(line(&solve("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")), ["G*5b"]);
    }

    #[test]
    fn no_check_is_no_mate() {
        assert_eq!(solve("4k4/9/9/9/9/9/9/9/4K4 b - 1"), MateOutcome::NoMate);
        // No defending king: nothing to mate.
        assert_eq!(solve("9/9/9/9/9/9/9/9/4K4 b G 1"), MateOutcome::NoMate);
    }

    #[test]
    fn a_mate_by_a_pawn_drop_is_not_a_mate() {
        // P*1b would mate, and is illegal; no other check mates (cshogi agrees on both).
        assert_eq!(solve("7nk/7p1/8G/9/9/9/9/9/K8 b P 1"), MateOutcome::NoMate);
        // With a gold in hand, G*1b does.
        assert_eq!(line(&solve("7nk/7p1/8G/9/9/9/9/9/K8 b GP 1")), ["G*1b"]);
    }

    #[test]
    fn an_unsettled_sum_stays_below_the_settled_number() {
        // Two evasions, each with a proof number near INF (transpositions counted again and
        // again in a long problem): the AND node is unsettled, its sum below INF, so that the
        // root's thresholds (INF) are never reached by an unsettled node.
        let gold = Move::drop(PieceKind::Gold, Square::from_index(0).expect("a square"));
        let child = |pn, dn| child_with(gold, pn, dn);
        let open = [child(INF - 2, 5), child(INF - 2, 7)];
        assert_eq!(node_numbers(&open, false), (INF - 1, 5));
        // A disproven evasion settles it, and the sum may reach INF.
        let settled = [child(INF - 2, 5), child(INF, 0)];
        assert_eq!(node_numbers(&settled, false), (INF, 0));
        // The same at an OR node for the disproof numbers.
        assert_eq!(
            node_numbers(&[child(5, INF - 2), child(7, INF - 2)], true),
            (5, INF - 1)
        );
    }

    #[test]
    fn useless_interpositions_are_left_out_of_the_line() {
        // From a game's end (positions/mates.txt): the rook's 5b8b checks along file 8, and
        // the defender may drop a pawn on 8c, 8d, 8e and 8f in turn, each taken by the rook,
        // the pawn never needed: cshogi's exhaustive mate_move counts 13 plies; tsume's count
        // leaves the four pawns out, 5 plies: 5b8b 8g7g 8b8h+ 7g6g 7i6h+.
        let sfen = "ln1gk1g2/4r2s+R/p1pl2g2/2n1s2P1/3PpP3/2Pn1+BP2/PK2PS3/9/L1s2G3 w BNL5P3p 108";
        let (found, p) = solve_reported(sfen);
        assert_eq!(
            line(&found),
            ["5b8b", "8g7g", "8b8h+", "7g6g", "7i6h+"],
            "{sfen}"
        );
        assert_eq!((p.full_length, p.shortest), (13, true));
    }

    #[test]
    fn an_interposition_is_useless_when_the_mate_stands_without_the_piece() {
        // Shin-Tougenkyou, ply 1,200 of a line Hisha read (its mate counted 9 plies): after
        // 1g6b 5b4c 7i4i every drop on file 4 is taken by the rook with check. The table's
        // mate after P*4g 4i4g drops the pawn taken on 4d, but the rook mates without it,
        // taking whatever the defender drops. shtsume counts 3 plies; with every
        // interposition, 9 (cshogi's mate_move: none within 7, one in 9).
        let sfen = "3+N2+P1+P/P3k4/g4P1G1/lPP3pPp/+LnnS3S1/G+P1l4+p/3pp1N1+B/9/2R5s b rbgsl5p 1";
        let (found, p) = solve_reported(sfen);
        assert_eq!(line(&found), ["1g6b", "5b4c", "7i4i"], "{sfen}");
        assert_eq!(p.full_length, 9);
    }

    #[test]
    fn the_line_ends_with_no_spare_pieces_where_one_can() {
        // Mates in 3 in which some lines leave the attacker a piece in hand and others do not
        // (each reply and its mates enumerated with cshogi's move generator); shtsume's
        // solutions end with none: R*9d 8b9b (the dragon interposes where taking it would leave
        // the bishop over) and R*9b 7b8a S*7b.
        for (sfen, defence) in [
            ("k8/1+rG6/9/9/9/9/9/9/8K b BR 1", Some("8b9b")),
            ("4+B4/2k6/9/9/3B5/9/9/9/7K1 b RS 1", None),
        ] {
            let found = solve(sfen);
            let moves = line(&found);
            assert_eq!(moves.len(), 3, "{sfen}: {moves:?}");
            if let Some(d) = defence {
                assert_eq!(moves[1], d, "{sfen}: {moves:?}");
            }
            let mut pos = Position::from_sfen(sfen).unwrap();
            if let MateOutcome::Mate(l) = &found {
                for &m in l {
                    pos.make_move(m);
                }
            }
            assert!(pos.hand(Color::Black).is_empty(), "{sfen}: {moves:?}");
        }
    }

    #[test]
    fn short_mates_are_found_at_their_shortest() {
        // Positions of a 33-ply line found earlier, cshogi's mate_move giving each one's
        // shortest mate: 1, 3 and 5 plies.
        for (sfen, plies) in [
            (
                "l8/2s6/5p+R1p/P1Bpp2P1/2P2k3/p6L1/NP1P+nPG1P/K1G4+p1/L6NL b BSr2g2sn5p 29",
                1,
            ),
            (
                "l8/2s3+R2/5pb1p/P1Bpp2P1/2P3k2/p6L1/NP1P+nPG1P/K1G4+p1/L6NL b Sr2g2sn5p 27",
                3,
            ),
            (
                "l8/2s3+R2/5pb1p/P1Bpp2P1/2P3Pk1/p5s2/NP1P+nPS1P/K1G4+p1/L6NL b GLr2gsn4p 21",
                5,
            ),
        ] {
            let found = line(&solve(sfen));
            assert_eq!(found.len(), plies, "{sfen}: {found:?}");
        }
    }
}
