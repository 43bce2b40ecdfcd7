//! The variants' evaluation, for Black in centipawns. Like 9x9's it is linear in its weights
//! (`Layout` names the features), so `hisha tune --variant` fits it with the same tuner:
//!
//! - material: each kind on the board, and in hand by how many are held (the first, the
//!   second, the third, the rest);
//! - piece-square: each kind on each square, as its owner sees the board;
//! - near the royal pieces: each kind at each offset from its own royal and from the enemy's,
//!   within four files and ranks on the small boards and three on the large;
//! - on the boards up to 9x9 whose pieces only step, leap and slide (micro, mini, judkins, tori,
//!   sho), what each side attacks (`VPosition::for_each_attack`): each square of the king zone (the
//!   royal's and its eight neighbours) by what stands there and how many enemies attack it and how
//!   many pieces other than the royal defend it; each kind the enemy holds in hand by how many
//!   empty neighbours of the royal the enemy attacks and only the royal defends, and by how many
//!   squares it could be dropped on with check where only the royal could take it (and would stand
//!   attacked there), these three each twice over: with the attacker to move and with the defender
//!   to move (a drop game's attack is worth far more to the side that plays next); each kind's
//!   mobility (the squares it attacks that its side does not hold); each attacked piece by whether
//!   it is defended, whether its side is to move and whether a lesser piece attacks it; and the
//!   side to move.
//!
//! The weights start hand-set (`hand_set`): material from each kind's mobility on the empty
//! board (`piece_values`), a piece in hand 30% more, and these form terms:
//!
//! - promotion potential: a piece that may promote is worth part of what promotion would add,
//!   more the nearer it stands to the zone (a tenth of it where promotion comes by capture);
//! - advance: pawns and the other short-range pieces are worth a little more the farther they
//!   have gone;
//! - royal safety: a royal piece loses for each rank it has left its camp, gains for each of
//!   its own pieces next to it, and loses for each enemy within two squares, by the enemy's
//!   value (a lion power counts double: it takes two pieces a move).
//!
//! Micro, mini, judkins, tori, sho, chu and dai have fitted weights, `src/eval/variants/NAME.in`
//! (`make variant-weights`, docs/tuning.md); the others keep the hand-set weights until they
//! have data. Outside the weights, a king hunt (`king_hunt`) acts in decided games only.
//! `Eval_Form` off leaves material alone.
//!
//! The search's positions keep the material, piece-square and hand weights summed as moves are
//! made (`tally`, `VPosition::attach_tally`), so that `evaluate` visits only the squares near
//! the royals and, on the small boards, the attacks; any other position is counted piece by
//! piece, to the same score.

use super::parse_weights;
use crate::color::Color;
use crate::variant::catalogue::Special;
use crate::variant::position::Tally;
use crate::variant::rules::{Promotion, Rules};
use crate::variant::{betza, KindIx, VPosition, VariantId};
use std::sync::{Arc, OnceLock};

/// Promotion potential, percent of the gain, by ranks from the zone (0: in it).
const PROMOTION_PERCENT: [i32; 4] = [25, 20, 12, 6];
/// Promotion potential where pieces promote by capturing, percent of the gain.
const PROMOTION_ON_CAPTURE_PERCENT: i32 = 10;
/// Advance of a short-range piece, centipawns a rank (a pawn: twice this).
const ADVANCE: i32 = 2;
/// A royal piece's penalty for each rank beyond the second of its camp.
const ROYAL_ADVANCE: i32 = 25;
/// A royal piece's bonus for each of its own pieces next to it.
const ROYAL_GUARD: i32 = 12;
/// A royal piece's penalty for each enemy within two squares: this share of its value, in
/// 1/64ths.
const ROYAL_THREAT_64THS: i32 = 6;

/// Material values of a variant's kinds, centipawns: from the number of squares a piece reaches
/// from an average square of the empty board (a pawn about 100), doubled for the lion, two and
/// a half times for the hook movers, a fifth more for the other lion powers, more for tenjiku's
/// burning and jumping pieces. Royal pieces are worth nothing (the last one's loss ends the
/// game), except in a game that starts with royal pieces of several kinds (tai shogi's emperor
/// and crown prince), where losing one is not the end: there they count as their moves say,
/// the emperor as the board's free king.
pub fn piece_values(rules: &Rules) -> Vec<i32> {
    let (files, ranks) = (rules.files as i32, rules.ranks as i32);
    let several_royals = rules
        .kinds
        .iter()
        .filter(|k| k.royal && !k.promoted)
        .count()
        > 1;
    let queen = betza::parse("Q").expect("Q parses");
    rules
        .kinds
        .iter()
        .map(|k| {
            if k.royal && !several_royals {
                return 0;
            }
            let rays = if k.special == Special::Emperor {
                &queen
            } else {
                &k.rays
            };
            let mut total = 0usize;
            for x in 0..files {
                for y in 0..ranks {
                    total += betza::reach_from(rays, files, ranks, x, y);
                }
            }
            let mobility = total as f64 / (files * ranks) as f64;
            let special = match k.special {
                Special::None => 1.0,
                Special::Lion => 2.0,
                // The turn squares a slide's reach.
                Special::Hook | Special::DiagonalHook => 2.5,
                Special::HornedFalcon | Special::SoaringEagle | Special::LionDog => 1.2,
                // Tenjiku: burning, and captures through the lines of its slides.
                Special::FireDemon => 3.0,
                Special::Jumping(_) => 1.5,
                // Taikyoku: flies through lower ranks, taking them all.
                Special::RangeCapture(_) => 1.6,
                Special::IguiOrPass => 1.1,
                Special::ViceGeneral => 1.8,
                // A lion's leaps and a bishop's slides beyond them.
                Special::LionHawk => 2.6,
                Special::FreeEagle | Special::Tetrarchs => 1.3,
                // Valued as the free king (above).
                Special::Emperor => 1.0,
            };
            (100.0 * mobility.max(0.5).powf(0.85) * special).round() as i32
        })
        .collect()
}

/// The king hunt: a side ahead by at least this much material (centipawns, and an eighth of
/// what is on the board) gains `HUNT_STEP` for each square its `HUNTERS` pieces nearest the
/// enemy royal stand nearer it than the board is wide, less `HUNT_SPARE_ROYAL` for each enemy
/// royal but the last, growing to the full bonus as the lead doubles; so that a won game is
/// ended rather than drawn by the move limit, against an opponent that leaves pieces to take
/// everywhere. It is added after `squash`, which would flatten it in a game of large armies.
const MOPUP_LEAD: i32 = 1500;
/// See `MOPUP_LEAD`.
const HUNT_STEP: i32 = 30;
/// See `MOPUP_LEAD`.
const HUNTERS: usize = 6;
/// See `MOPUP_LEAD`: what the hunted side loses by each royal piece taken but its last (a
/// crown prince), outside the material that `squash` compresses.
const HUNT_SPARE_ROYAL: i32 = 3000;

/// Pieces in hand of one kind counted in buckets: the first, the second, the third, and the
/// rest together.
const HAND_BUCKETS: usize = 4;
/// Weights are stored in 1/`SCALE` centipawn, as the 9x9 evaluation's.
pub use super::features::SCALE;

/// The feature groups, in the order of the weights.
const GROUP_NAMES: [&str; GROUPS] = [
    "material board",
    "material hand",
    "piece-square",
    "near own royal",
    "near enemy royal",
    "king zone",
    "drop threats",
    "drop checks",
    "mobility",
    "threats",
    "tempo",
];
/// How many feature groups.
const GROUPS: usize = 11;
/// Indices into `GROUP_NAMES` (material on the board is group 0, its index the kind's).
const HAND: usize = 1;
const PST: usize = 2;
const OWN_ROYAL: usize = 3;
const ENEMY_ROYAL: usize = 4;
const ZONE: usize = 5;
const DROP_THREATS: usize = 6;
const DROP_CHECKS: usize = 7;
const MOBILITY: usize = 8;
const THREATS: usize = 9;
const TEMPO: usize = 10;

/// Counts of attackers and defenders in the king zone: 0, 1, 2, 3 or more.
const ZONE_COUNTS: usize = 4;
/// Squares of the king zone: the royal's own and its eight neighbours.
const ZONE_SQUARES: usize = 9;
/// What stands on a square of the king zone: nothing, a piece of the royal's side, an enemy.
const ZONE_OCCUPANTS: usize = 3;
/// The empty squares next to a royal that the enemy attacks and only the royal defends: 0, 1,
/// 2, 3 or more (where a dropped piece would stand safely next to it).
const DROP_BUCKETS: usize = 4;
/// Squares a piece attacks, not counting those its own side holds: 0 to 15 or more.
const MOBILITY_BUCKETS: usize = 16;
/// An attacked piece: undefended or defended, its side to move or not, attacked by a piece
/// worth less than it or not.
const THREAT_STATES: usize = 8;
/// The attack groups are computed on boards of at most this many cells (border included),
/// where the tables fit on the stack: the small boards.
const ATTACK_CELLS: usize = 256;

/// Where each feature group of a variant's evaluation starts, and how large it is.
#[derive(Clone, Debug)]
pub struct Layout {
    kinds: usize,
    cells: usize,
    files: usize,
    ranks: usize,
    /// How far from a royal piece the king-relative tables reach, in files or ranks.
    window: i32,
    /// Squares in the window, (2 * window + 1)^2.
    span: usize,
    /// Each group's first index and size, by `GROUP_NAMES`.
    groups: [(usize, usize); GROUPS],
    /// Whether the attack groups (king zone to tempo) are evaluated: on the small boards,
    /// whose pieces only step, leap and slide (`Rules::line_pins`). On the others they have
    /// no features.
    attacks: bool,
}

impl Layout {
    fn new(rules: &Rules) -> Layout {
        let (files, ranks) = (rules.files as usize, rules.ranks as usize);
        let kinds = rules.kinds.len();
        // The small boards: every square a piece can stand on from the king; the large ones:
        // the king's neighbourhood.
        let window = if files.max(ranks) <= 9 { 4 } else { 3 };
        let span = (2 * window as usize + 1).pow(2);
        let attacks = rules.line_pins && files.max(ranks) <= 9;
        let on = |n: usize| if attacks { n } else { 0 };
        let sizes = [
            kinds,
            kinds * HAND_BUCKETS,
            kinds * files * ranks,
            kinds * span,
            kinds * span,
            on(2 * ZONE_SQUARES * ZONE_OCCUPANTS * ZONE_COUNTS * ZONE_COUNTS),
            if rules.drops {
                on(kinds * DROP_BUCKETS * 2)
            } else {
                0
            },
            if rules.drops {
                on(kinds * DROP_BUCKETS * 2)
            } else {
                0
            },
            on(kinds * MOBILITY_BUCKETS),
            on(kinds * THREAT_STATES),
            on(1),
        ];
        let mut groups = [(0, 0); GROUPS];
        let mut next = 0;
        for (g, size) in groups.iter_mut().zip(sizes) {
            *g = (next, size);
            next += size;
        }
        Layout {
            kinds,
            cells: files * ranks,
            files,
            ranks,
            window,
            span,
            groups,
            attacks,
        }
    }

    /// The feature groups: name, first index, size.
    pub fn groups(&self) -> [(&'static str, usize, usize); GROUPS] {
        std::array::from_fn(|g| (GROUP_NAMES[g], self.groups[g].0, self.groups[g].1))
    }

    /// How many features.
    pub fn size(&self) -> usize {
        let (first, size) = self.groups[GROUPS - 1];
        first + size
    }

    /// Features before this index are material (the tuner does not pull them to their start).
    pub fn material_end(&self) -> usize {
        self.groups[PST].0
    }

    fn start(&self, group: usize) -> usize {
        self.groups[group].0
    }

    fn hand(&self, kind: usize, bucket: usize) -> usize {
        self.start(HAND) + kind * HAND_BUCKETS + bucket
    }

    /// `side`'s piece of `kind` on column `x`, row `y`, as that side sees the board.
    fn pst(&self, kind: usize, side: Color, x: usize, y: usize) -> usize {
        let cell = if side == Color::Black {
            y * self.files + x
        } else {
            (self.ranks - 1 - y) * self.files + (self.files - 1 - x)
        };
        self.start(PST) + kind * self.cells + cell
    }

    /// The offset of a piece of `side` from a royal piece, as that side sees the board, as an
    /// index into the window; None beyond it.
    fn offset(
        &self,
        side: Color,
        (x, y): (usize, usize),
        (rx, ry): (usize, usize),
    ) -> Option<usize> {
        let (mut dx, mut dy) = (x as i32 - rx as i32, y as i32 - ry as i32);
        if side == Color::White {
            (dx, dy) = (-dx, -dy);
        }
        let w = self.window;
        if dx.abs() > w || dy.abs() > w {
            return None;
        }
        Some(((dy + w) * (2 * w + 1) + dx + w) as usize)
    }

    /// A square of the king zone (`square`: 0 to 8, in the royal's side's view), what stands
    /// there, how many enemies attack it and how many of its own pieces other than the royal
    /// defend it, and whether the enemy (`attacker_to_move`) is the side to move.
    fn zone(
        &self,
        square: usize,
        occupant: usize,
        attackers: u8,
        defenders: u8,
        attacker_to_move: bool,
    ) -> usize {
        let a = usize::from(attackers).min(ZONE_COUNTS - 1);
        let d = usize::from(defenders).min(ZONE_COUNTS - 1);
        let square = square + ZONE_SQUARES * usize::from(attacker_to_move);
        self.start(ZONE)
            + ((square * ZONE_OCCUPANTS + occupant) * ZONE_COUNTS + a) * ZONE_COUNTS
            + d
    }

    /// The enemy holds a piece of `kind` in hand against `squares` weak squares next to the
    /// royal, and is (`attacker_to_move`) or is not the side to move.
    fn drop_threat(&self, kind: usize, squares: usize, attacker_to_move: bool) -> usize {
        self.start(DROP_THREATS)
            + (2 * kind + usize::from(attacker_to_move)) * DROP_BUCKETS
            + squares.min(DROP_BUCKETS - 1)
    }

    /// The enemy could drop a piece of `kind` to check from `squares` safe squares, and is
    /// (`attacker_to_move`) or is not the side to move.
    fn drop_check(&self, kind: usize, squares: usize, attacker_to_move: bool) -> usize {
        self.start(DROP_CHECKS)
            + (2 * kind + usize::from(attacker_to_move)) * DROP_BUCKETS
            + squares.min(DROP_BUCKETS - 1)
    }

    fn mobility(&self, kind: usize, squares: u8) -> usize {
        self.start(MOBILITY)
            + kind * MOBILITY_BUCKETS
            + usize::from(squares).min(MOBILITY_BUCKETS - 1)
    }

    fn threat(&self, kind: usize, defended: bool, to_move: bool, by_lesser: bool) -> usize {
        self.start(THREATS)
            + kind * THREAT_STATES
            + 4 * usize::from(by_lesser)
            + 2 * usize::from(defended)
            + usize::from(to_move)
    }
}

/// A variant's evaluation: linear in its weights (`Layout` names the features), so that
/// `hisha tune --variant` can fit them to games. The weights start from the hand-set terms
/// (module notes) and are replaced by a variant's fitted ones where `src/eval/variants/` has
/// them.
pub struct VariantEval {
    layout: Layout,
    /// In 1/`SCALE` centipawn, by `layout`.
    weights: Vec<i32>,
    /// Material values (centipawns), for the exchange estimate and `Eval_Form` off.
    values: Vec<i32>,
    /// The hand-set material values, which the fitted weights never change: the order of the
    /// pieces for the threat features (attacked by a lesser piece), the same in the fit and
    /// in play.
    rank: Vec<i32>,
    royal: Vec<bool>,
    drops: bool,
    /// The search's pruning margins for this evaluation, percent of 9x9's (`margin_percent`).
    margin_percent: i32,
    /// The material, piece-square and hand weights as a position keeps them summed (`tally`),
    /// made at the first call.
    tally: OnceLock<Arc<Tally>>,
}

/// The search's pruning margins (tuned for 9x9's evaluation) for a variant's evaluation,
/// percent. The pawn is worth about 100 as in 9x9, but the hand-set evaluations are cruder: a
/// little over half. Minishogi's fitted evaluation takes 9x9's margins whole (55.3% -> 59.5%
/// in 400 games against fairy-stockfish at byoyomi 200 ms); judkins's did not (58.0% -> 55.0%
/// in 400) and keeps the rest's (docs/results.md).
fn margin_percent(id: VariantId) -> i32 {
    match id {
        VariantId::Mini => 100,
        _ => 60,
    }
}

/// Whether short-range pieces gain `ADVANCE` for every rank they advance, or (maka dai dai,
/// and tai shogi, whose promotions work the same way) only up to the board's middle. In maka
/// dai dai every piece that takes promotes, and pawns pushed into the enemy camp only feed its
/// promotions: at 3000 nodes a move, against itself with material only, Hisha scored +0 =3 -6
/// with the bonus for every rank, +0 =12 -0 with none, +4 =7 -1 with it to the middle
/// (docs/results.md).
fn advances_all_the_way(id: VariantId) -> bool {
    !matches!(id, VariantId::MakaDaiDai | VariantId::Tai)
}

/// The fitted weights of the variants that have them (`hisha tune --variant`).
fn fitted(id: VariantId) -> Option<&'static str> {
    match id {
        VariantId::Micro => Some(include_str!("variants/microshogi.in")),
        VariantId::Mini => Some(include_str!("variants/minishogi.in")),
        VariantId::Judkins => Some(include_str!("variants/judkins.in")),
        VariantId::Tori => Some(include_str!("variants/torishogi.in")),
        VariantId::Sho => Some(include_str!("variants/shoshogi.in")),
        VariantId::Chu => Some(include_str!("variants/chushogi.in")),
        VariantId::Dai => Some(include_str!("variants/daishogi.in")),
        _ => None,
    }
}

impl VariantEval {
    /// The evaluation of `rules`' variant, with its fitted weights where it has them.
    pub fn new(rules: &Rules) -> VariantEval {
        let mut eval = VariantEval::hand_set(rules);
        if let Some(text) = fitted(rules.evaluation) {
            // A test checks every file parses to the layout's size.
            if let Ok(w) = parse_weights(text, eval.layout.size()) {
                eval.set_weights(w);
            }
        }
        eval
    }

    /// The evaluation with the hand-set starting weights.
    pub fn hand_set(rules: &Rules) -> VariantEval {
        let layout = Layout::new(rules);
        let values = piece_values(rules);
        let weights = initial_weights(rules, &layout, &values);
        VariantEval {
            layout,
            weights,
            rank: values.clone(),
            values,
            royal: rules.kinds.iter().map(|k| k.royal).collect(),
            drops: rules.drops,
            margin_percent: margin_percent(rules.evaluation),
            tally: OnceLock::new(),
        }
    }

    /// Replaces the weights (1/`SCALE` cp, by `layout()`); the material values follow the
    /// board material weights.
    pub fn set_weights(&mut self, weights: Vec<i32>) {
        assert_eq!(weights.len(), self.layout.size());
        for (k, v) in self.values.iter_mut().enumerate() {
            if !self.royal[k] {
                *v = weights[k] / SCALE;
            }
        }
        self.weights = weights;
        self.tally = OnceLock::new();
    }

    /// The weights a position of this evaluation's game (`pos`) keeps summed, so that
    /// `evaluate` need not visit every piece for them: each piece's material and
    /// piece-square weights, what each side holds in hand, and each side's material on the
    /// board (for the king hunt). A position carrying it (`VPosition::attach_tally`) is
    /// evaluated from its sums.
    pub fn tally(&self, pos: &VPosition) -> Arc<Tally> {
        Arc::clone(self.tally.get_or_init(|| {
            let l = &self.layout;
            let w = &self.weights;
            let sign = |side: Color| if side == Color::Black { 1 } else { -1 };
            Arc::new(pos.make_tally(
                |k, side, x, y| sign(side) * (w[k as usize] + w[l.pst(k as usize, side, x, y)]),
                |k, side, n| {
                    if !self.drops {
                        return 0;
                    }
                    let held: i32 = (0..usize::from(n))
                        .map(|i| w[l.hand(k as usize, i.min(HAND_BUCKETS - 1))])
                        .sum();
                    sign(side) * held
                },
                self.values.clone(),
            ))
        }))
    }

    /// Whether `tally` has made the sums (at a game's `isready`, not on a move's clock).
    #[cfg(test)]
    pub fn tally_made(&self) -> bool {
        self.tally.get().is_some()
    }

    /// The weights, 1/`SCALE` cp.
    pub fn weights(&self) -> &[i32] {
        &self.weights
    }

    /// The features' layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The scale of the search's pruning margins for this evaluation, percent of 9x9's.
    pub fn margin_percent(&self) -> i32 {
        self.margin_percent
    }

    /// The material value of each kind, centipawns.
    pub fn values(&self) -> &[i32] {
        &self.values
    }

    /// The score for Black, centipawns (`material` alone is what `Eval_Form` off uses).
    pub fn evaluate(&self, pos: &VPosition) -> i32 {
        if let (Some(mine), Some(kept)) = (self.tally.get(), pos.tally()) {
            if Arc::ptr_eq(mine, kept) {
                let mut sum = pos.tally_sum();
                self.relative_features(pos, &mut |i, c| sum += self.weights[i] * c);
                return squash(sum / SCALE) + self.hunt(pos, pos.tally_material());
            }
        }
        let mut sum = 0;
        // The material on the board by side, for the king hunt, from the same pass.
        let mut board = [0, 0];
        let kinds = self.layout.kinds;
        self.features(pos, &mut |i, c| {
            sum += self.weights[i] * c;
            if i < kinds {
                board[usize::from(c < 0)] += self.values[i];
            }
        });
        squash(sum / SCALE) + self.hunt(pos, board)
    }

    /// The king hunt (`MOPUP_LEAD`), for Black: not a weight of the tuner, it acts only in
    /// games already decided.
    pub fn king_hunt(&self, pos: &VPosition) -> i32 {
        let on_board = |side: Color| -> i32 {
            pos.pieces(side)
                .iter()
                .filter_map(|&sq| pos.piece_at(sq))
                .map(|(k, _)| self.values[k as usize])
                .sum()
        };
        self.hunt(pos, [on_board(Color::Black), on_board(Color::White)])
    }

    /// `king_hunt`, given the material on the board of each side.
    fn hunt(&self, pos: &VPosition, [black, white]: [i32; 2]) -> i32 {
        let lead = black - white;
        let threshold = MOPUP_LEAD.max((black + white) / 8);
        let ramp = (lead.abs() - threshold).min(threshold);
        if ramp <= 0 {
            return 0;
        }
        let hunter = if lead > 0 { Color::Black } else { Color::White };
        let mut royals = [(0usize, 0usize); 4];
        let mut count = 0;
        for &sq in pos.royal_squares(!hunter).iter().take(royals.len()) {
            royals[count] = pos.coords(sq);
            count += 1;
        }
        let width = self.layout.files.max(self.layout.ranks) as i32;
        // The HUNTERS largest closenesses, best first.
        let mut best = [0i32; HUNTERS];
        for &sq in pos.pieces(hunter) {
            if pos
                .piece_at(sq)
                .is_some_and(|(k, _)| self.royal[k as usize])
            {
                continue;
            }
            let (x, y) = pos.coords(sq);
            let d = royals[..count]
                .iter()
                .map(|&(rx, ry)| x.abs_diff(rx).max(y.abs_diff(ry)) as i32)
                .min()
                .unwrap_or(width);
            let mut near = width - d;
            for slot in best.iter_mut() {
                if near > *slot {
                    std::mem::swap(slot, &mut near);
                }
            }
        }
        let sum: i32 = best.iter().sum();
        // Each royal piece of the hunted side but its last stands in the way of the end.
        let spare_royals = count.saturating_sub(1) as i32;
        let full = HUNT_STEP * sum - HUNT_SPARE_ROYAL * spare_royals;
        let bonus = (i64::from(full) * i64::from(ramp) / i64::from(threshold)) as i32;
        if hunter == Color::Black {
            bonus
        } else {
            -bonus
        }
    }

    /// The position's features, Black's counted positive and White's negative.
    pub fn trace(&self, pos: &VPosition) -> Vec<(u32, i32)> {
        let mut out: Vec<(u32, i32)> = Vec::new();
        self.features(pos, &mut |i, c| out.push((i as u32, c)));
        out.sort_unstable();
        let mut merged: Vec<(u32, i32)> = Vec::with_capacity(out.len());
        for (i, c) in out {
            match merged.last_mut() {
                Some(last) if last.0 == i => last.1 += c,
                _ => merged.push((i, c)),
            }
        }
        merged.retain(|&(_, c)| c != 0);
        merged
    }

    /// The part of the score (centipawns, Black's) each feature group gives.
    pub fn explain(&self, pos: &VPosition) -> Vec<(&'static str, i32)> {
        let groups = self.layout.groups();
        let mut sums = [0i32; GROUPS];
        self.features(pos, &mut |i, c| {
            let g = groups.iter().rposition(|g| g.1 <= i).unwrap_or(0);
            sums[g] += self.weights[i] * c;
        });
        let mut parts: Vec<(&'static str, i32)> = groups
            .iter()
            .zip(sums)
            .map(|(g, s)| (g.0, s / SCALE))
            .collect();
        let total: i32 = parts.iter().map(|p| p.1).sum();
        parts.push(("lead squashed", squash(total) - total));
        parts.push(("king hunt", self.king_hunt(pos)));
        parts
    }

    /// Calls `f(feature, count)` for every feature of the position, Black's +1, White's -1.
    fn features(&self, pos: &VPosition, f: &mut impl FnMut(usize, i32)) {
        let l = &self.layout;
        for side in Color::ALL {
            let sign = if side == Color::Black { 1 } else { -1 };
            for &sq in pos.pieces(side) {
                let Some((k, _)) = pos.piece_at(sq) else {
                    continue;
                };
                let k = k as usize;
                let (x, y) = pos.coords(sq);
                f(k, sign);
                f(l.pst(k, side, x, y), sign);
            }
            if self.drops {
                for k in 0..l.kinds {
                    for i in 0..pos.in_hand(side, k as KindIx) as usize {
                        f(l.hand(k, i.min(HAND_BUCKETS - 1)), sign);
                    }
                }
            }
        }
        self.relative_features(pos, f);
    }

    /// The features other than material, piece-square and hand (which a position's tally
    /// keeps summed): each piece's offset from the royals, and on the small boards the attack
    /// groups.
    fn relative_features(&self, pos: &VPosition, f: &mut impl FnMut(usize, i32)) {
        let l = &self.layout;
        let (own, enemy) = (l.start(OWN_ROYAL), l.start(ENEMY_ROYAL));
        // The first four royal pieces of each side (a side rarely has more than two).
        let mut royals: [[(usize, usize); 4]; 2] = [[(0, 0); 4]; 2];
        let mut royal_count = [0usize; 2];
        for side in Color::ALL {
            for &sq in pos.royal_squares(side).iter().take(4) {
                royals[side.index()][royal_count[side.index()]] = pos.coords(sq);
                royal_count[side.index()] += 1;
            }
        }
        // Each piece within the window of a royal, found by looking at the window's squares
        // (a few dozen, where a large board has a hundred pieces or more).
        let w = l.window as usize;
        let (files, ranks) = (l.files, l.ranks);
        for royal_side in Color::ALL {
            for &(rx, ry) in &royals[royal_side.index()][..royal_count[royal_side.index()]] {
                for y in ry.saturating_sub(w)..(ry + w + 1).min(ranks) {
                    for x in rx.saturating_sub(w)..(rx + w + 1).min(files) {
                        let Some((k, side)) = pos.piece_at(pos.square(x, y)) else {
                            continue;
                        };
                        let k = k as usize;
                        if self.royal[k] {
                            continue;
                        }
                        let sign = if side == Color::Black { 1 } else { -1 };
                        let group = if side == royal_side { own } else { enemy };
                        if let Some(o) = l.offset(side, (x, y), (rx, ry)) {
                            f(group + k * l.span + o, sign);
                        }
                    }
                }
            }
        }
        if l.attacks && pos.cell_count() <= ATTACK_CELLS {
            self.attack_features(pos, royals, royal_count, f);
        }
    }

    /// The attack groups (king zone to tempo), on the small boards: what each side attacks,
    /// counted square by square.
    fn attack_features(
        &self,
        pos: &VPosition,
        royals: [[(usize, usize); 4]; 2],
        royal_count: [usize; 2],
        f: &mut impl FnMut(usize, i32),
    ) {
        let l = &self.layout;
        // By side and square: attackers, those of them royal, and (by a piece's square) the
        // squares the piece attacks that its own side does not hold.
        let mut attacks = [[0u8; ATTACK_CELLS]; 2];
        let mut royal = [[0u8; ATTACK_CELLS]; 2];
        let mut reach = [0u8; ATTACK_CELLS];
        // By side and square: the value of the least valuable attacker (royals: the most).
        let mut least = [[i32::MAX; ATTACK_CELLS]; 2];
        for side in Color::ALL {
            pos.for_each_attack(side, &mut |from, kind, to| {
                let (to, kind) = (usize::from(to), usize::from(kind));
                attacks[side.index()][to] += 1;
                if self.royal[kind] {
                    royal[side.index()][to] += 1;
                    least[side.index()][to] = least[side.index()][to].min(i32::MAX - 1);
                } else {
                    least[side.index()][to] = least[side.index()][to].min(self.rank[kind]);
                }
                if !matches!(pos.piece_at(to as u16), Some((_, s)) if s == side) {
                    reach[usize::from(from)] += 1;
                }
            });
        }
        let to_move = pos.side_to_move();
        for side in Color::ALL {
            let sign = if side == Color::Black { 1 } else { -1 };
            let them = !side;
            // Mobility and attacked pieces.
            for &sq in pos.pieces(side) {
                let Some((k, _)) = pos.piece_at(sq) else {
                    continue;
                };
                let k = usize::from(k);
                if self.royal[k] {
                    continue;
                }
                let i = usize::from(sq);
                f(l.mobility(k, reach[i]), sign);
                if attacks[them.index()][i] > 0 {
                    let lesser = least[them.index()][i] < self.rank[k];
                    f(
                        l.threat(k, attacks[side.index()][i] > 0, side == to_move, lesser),
                        sign,
                    );
                }
            }
            // The zone of the first royal piece.
            if royal_count[side.index()] == 0 {
                continue;
            }
            let (rx, ry) = royals[side.index()][0];
            let royal_sq = pos.square(rx, ry);
            let mut weak = 0;
            for dy in -1i32..=1 {
                for dx in -1i32..=1 {
                    // The royal's side's view: White's board turned round.
                    let (vx, vy) = if side == Color::Black {
                        (dx, dy)
                    } else {
                        (-dx, -dy)
                    };
                    let (x, y) = (rx as i32 + vx, ry as i32 + vy);
                    if x < 0 || y < 0 || x >= l.files as i32 || y >= l.ranks as i32 {
                        continue;
                    }
                    let sq = pos.square(x as usize, y as usize);
                    let i = usize::from(sq);
                    let occupant = match pos.piece_at(sq) {
                        None => 0,
                        Some((_, s)) if s == side => 1,
                        Some(_) => 2,
                    };
                    let defenders = attacks[side.index()][i] - royal[side.index()][i];
                    let square = ((dy + 1) * 3 + dx + 1) as usize;
                    f(
                        l.zone(
                            square,
                            occupant,
                            attacks[them.index()][i],
                            defenders,
                            them == to_move,
                        ),
                        sign,
                    );
                    if square != 4
                        && occupant == 0
                        && attacks[them.index()][i] > 0
                        && defenders == 0
                    {
                        weak += 1;
                    }
                }
            }
            // What the enemy holds in hand against those squares.
            if self.drops {
                for k in 0..l.kinds {
                    if pos.in_hand(them, k as KindIx) > 0 {
                        f(l.drop_threat(k, weak, them == to_move), sign);
                        // The squares it would check from where nothing but the royal
                        // could take it, and the royal not either (guarded or away).
                        let mut safe = 0;
                        pos.for_each_drop_check(them, k as KindIx, royal_sq, &mut |sq| {
                            let i = usize::from(sq);
                            let near = pos.distance(sq, royal_sq) <= 1;
                            if attacks[side.index()][i] == royal[side.index()][i]
                                && (!near || attacks[them.index()][i] > 0)
                            {
                                safe += 1;
                            }
                        });
                        f(l.drop_check(k, safe, them == to_move), sign);
                    }
                }
            }
        }
        f(l.start(TEMPO), if to_move == Color::Black { 1 } else { -1 });
    }
}

/// The hand-set weights (1/`SCALE` cp): material from `values`, a piece in hand worth 30% more
/// than on the board, and the form terms of the module notes.
fn initial_weights(rules: &Rules, l: &Layout, values: &[i32]) -> Vec<i32> {
    let mut w = vec![0; l.size()];
    let (pst, own, enemy) = (l.start(PST), l.start(OWN_ROYAL), l.start(ENEMY_ROYAL));
    let zone = match rules.promotion {
        Promotion::Zone(d)
        | Promotion::ForcedZone(d)
        | Promotion::ChuZone(d)
        | Promotion::HachuZone(d)
        | Promotion::ForcedEnd(d) => Some(d as i32),
        _ => None,
    };
    for (k, kind) in rules.kinds.iter().enumerate() {
        w[k] = values[k] * SCALE;
        for b in 0..HAND_BUCKETS {
            w[l.hand(k, b)] = values[k] * SCALE * 13 / 10;
        }
        let gain = match kind.promotes_to {
            Some(p) if !kind.promoted => (values[p as usize] - values[k]).max(0),
            _ => 0,
        };
        let advance = if kind.royal {
            0
        } else if kind.piece.code == "P" {
            2 * ADVANCE
        } else if values[k] <= 400 {
            ADVANCE
        } else {
            0
        };
        for y in 0..l.ranks {
            // Black's view: ranks from the far end (0: the last rank) and advanced from its own.
            let far = y as i32;
            let advanced = l.ranks as i32 - 1 - far;
            let mut v = if kind.royal {
                -ROYAL_ADVANCE * (advanced - 1).max(0)
            } else if advances_all_the_way(rules.evaluation) {
                advance * advanced
            } else {
                advance * advanced.min(l.ranks as i32 / 2 - 1)
            };
            if gain > 0 {
                let percent = match zone {
                    Some(d) => {
                        let away = (far - d + 1).max(0) as usize;
                        PROMOTION_PERCENT.get(away).copied().unwrap_or(0)
                    }
                    None if rules.promotion == Promotion::OnCapture => PROMOTION_ON_CAPTURE_PERCENT,
                    None => 0,
                };
                v += gain * percent / 100;
            }
            for x in 0..l.files {
                w[pst + k * l.cells + y * l.files + x] = v * SCALE;
            }
        }
        if kind.royal {
            continue;
        }
        let lion = kind.lion
            || matches!(
                kind.special,
                Special::Lion | Special::LionHawk | Special::FireDemon
            );
        let threat = values[k] * ROYAL_THREAT_64THS / 64 * if lion { 2 } else { 1 };
        let win = l.window;
        for dy in -win..=win {
            for dx in -win..=win {
                let o = ((dy + win) * (2 * win + 1) + dx + win) as usize;
                if dx.abs() <= 1 && dy.abs() <= 1 {
                    w[own + k * l.span + o] = ROYAL_GUARD * SCALE;
                }
                if dx.abs() <= 2 && dy.abs() <= 2 {
                    w[enemy + k * l.span + o] = threat * SCALE;
                }
            }
        }
    }
    w
}

/// The weights as the file `fitted` includes, with `header` as comments.
pub fn weights_file(layout: &Layout, weights: &[i32], header: &str) -> String {
    super::weights_text(weights, header, &layout.groups(), "src/eval/variant.rs")
}

/// A score squashed to fit the search's scores (`EVAL_LIMIT`) with room for the king hunt:
/// itself up to `SQUASH_KNEE`, then growing as its logarithm, so that a larger lead still
/// scores higher and the terms keep their proportions. An army is worth about 27,000
/// centipawns in chu, 98,000 in tenjiku, 216,000 in tai and 785,000 in taikyoku, and a lead
/// beyond 30,000 would otherwise leave every move scored the same; the small boards never
/// reach the knee.
pub fn squash(score: i32) -> i32 {
    let excess = score.abs() - SQUASH_KNEE;
    if excess <= 0 {
        return score;
    }
    let scale = f64::from(SQUASH_SCALE);
    let squashed = SQUASH_KNEE + (scale * (f64::from(excess) / scale).ln_1p()) as i32;
    squashed * score.signum()
}

/// See `squash`: a lead kept as it is.
const SQUASH_KNEE: i32 = 12_000;
/// See `squash`: the scale of its logarithm (a whole taikyoku army squashes to about 21,400,
/// 3,000,000 to 23,500).
const SQUASH_SCALE: i32 = 1_500;

/// Material for Black: the `values` of the pieces on the board, and 30% more for those in
/// hand, squashed as the evaluation is (`squash`).
pub fn material(pos: &VPosition, values: &[i32]) -> i32 {
    let rules = pos.rules();
    let mut score = 0;
    for (side, sign) in [(Color::Black, 1), (Color::White, -1)] {
        for &sq in pos.pieces(side) {
            if let Some((k, _)) = pos.piece_at(sq) {
                score += sign * values[k as usize];
            }
        }
    }
    if rules.drops {
        for k in 0..rules.kinds.len() as KindIx {
            let v = values[k as usize] * 13 / 10;
            score +=
                v * (pos.in_hand(Color::Black, k) as i32 - pos.in_hand(Color::White, k) as i32);
        }
    }
    squash(score)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_squashed_lead_keeps_its_order_within_the_limit() {
        for v in [0, 1, -1, 999, -11_999, SQUASH_KNEE, -SQUASH_KNEE] {
            assert_eq!(squash(v), v);
        }
        let mut last = squash(SQUASH_KNEE);
        for v in (SQUASH_KNEE + 1..3_000_000).step_by(997) {
            let s = squash(v);
            assert!(s >= last && s < 23_500, "{v}: {s}");
            assert_eq!(squash(-v), -s);
            last = s;
        }
        // A thousand centipawns more still counts at a lead of 300,000.
        assert!(squash(301_000) > squash(300_000));
    }

    #[test]
    fn values_order_the_pieces_as_players_do() {
        let r = VariantId::Chu.rules();
        let v = piece_values(r);
        let of = |s: &str| v[r.kind_index(s).unwrap() as usize];
        assert!(of("p") < of("g"));
        assert!(of("g") < of("r"));
        assert!(of("r") < of("q"));
        assert!(of("q") < of("n"));
        assert_eq!(of("k"), 0);
        assert_eq!(
            of("+e"),
            0,
            "the prince, when the king may be the last royal"
        );
    }

    #[test]
    fn royals_count_where_a_game_starts_with_several() {
        // Tai shogi: losing the emperor or the crown prince is not the end while the other
        // stands; the emperor is valued as the free king, the prince as a king's steps.
        let r = VariantId::Tai.rules();
        let v = piece_values(r);
        let of = |s: &str| v[r.kind_index(s).unwrap() as usize];
        assert_eq!(of("k"), of("q"));
        assert!(of("z") > of("g") && of("z") < of("r"));
        assert_eq!(of("+e"), of("z"));
        // Maka dai dai: the king is the one royal at the start; its emperor counts nothing.
        let r = VariantId::MakaDaiDai.rules();
        let v = piece_values(r);
        assert_eq!(v[r.kind_index("+k").unwrap() as usize], 0);
    }

    /// The start is the same turned half way round, the camps swapped.
    fn point_symmetric(pos: &VPosition) -> bool {
        let r = pos.rules();
        let (files, ranks) = (r.files as usize, r.ranks as usize);
        (0..files).all(|x| {
            (0..ranks).all(|y| {
                let a = pos.piece_at(pos.square(x, y));
                let b = pos.piece_at(pos.square(files - 1 - x, ranks - 1 - y));
                a.map(|(k, s)| (k, !s)) == b
            })
        })
    }

    #[test]
    fn point_symmetric_starts_are_even() {
        let mut symmetric = Vec::new();
        for id in VariantId::ALL {
            let pos = VPosition::start(id);
            if !point_symmetric(&pos) {
                continue;
            }
            symmetric.push(id);
            // The same start with White to move is Black's turned round: its score for White
            // is the first's for Black (only the tempo term differs from an even 0).
            let sfen = pos.to_sfen().replacen(" b ", " w ", 1);
            let turned = VPosition::from_sfen(id, &sfen).unwrap();
            for eval in [
                VariantEval::new(id.rules()),
                VariantEval::hand_set(id.rules()),
            ] {
                assert_eq!(
                    eval.evaluate(&pos),
                    -eval.evaluate(&turned),
                    "{}",
                    id.rules().name
                );
                if !eval.layout.attacks {
                    assert_eq!(eval.evaluate(&pos), 0, "{}", id.rules().name);
                }
            }
        }
        for id in [VariantId::Chu, VariantId::Tenjiku, VariantId::Mini] {
            assert!(symmetric.contains(&id), "{}", id.rules().name);
        }
    }

    #[test]
    fn the_attack_groups_are_the_small_boards_and_fit_their_tables() {
        for id in VariantId::ALL {
            let r = id.rules();
            let l = Layout::new(r);
            let small = r.files.max(r.ranks) <= 9;
            assert_eq!(l.attacks, small && r.line_pins, "{}", r.name);
            let attack_features: usize = l.groups()[ZONE..].iter().map(|g| g.2).sum();
            assert_eq!(attack_features > 0, l.attacks, "{}", r.name);
            if l.attacks {
                assert!(
                    VPosition::start(id).cell_count() <= ATTACK_CELLS,
                    "{}",
                    r.name
                );
            }
        }
        for id in [VariantId::Micro, VariantId::Mini, VariantId::Judkins] {
            assert!(Layout::new(id.rules()).attacks, "{}", id.rules().name);
        }
    }

    #[test]
    fn the_king_zone_counts_attacks_and_drop_threats() {
        // White's king on 1a; Black's rook on 2c attacks 2b and 2a next to it, which nothing
        // of White's but the king defends; Black holds a gold.
        let id = VariantId::Mini;
        let eval = VariantEval::new(id.rules());
        let l = &eval.layout;
        let pos = VPosition::from_sfen(id, "4k/5/3R1/5/K4 w G 1").unwrap();
        // Each side's features as they are counted (a trace would net them off).
        let mut trace = Vec::new();
        eval.features(&pos, &mut |i, c| trace.push((i, c)));
        let has = |i: usize, c: i32| trace.contains(&(i, c));
        let rook = id.rules().kind_index("r").unwrap() as usize;
        let gold = id.rules().kind_index("g").unwrap() as usize;
        // 2b, from White's king: a rank forward (down the board) and a file to its left
        // (White's right): the zone's square 2 as White sees it. Empty, one attacker, no
        // defender but the king.
        assert!(has(l.zone(2, 0, 1, 0, false), -1), "{trace:?}");
        // 1b, straight ahead of White's king (square 1): not attacked.
        assert!(has(l.zone(1, 0, 0, 0, false), -1), "{trace:?}");
        // Two weak squares, and a gold to drop on them.
        assert!(has(l.drop_threat(gold, 2, false), -1), "{trace:?}");
        // The rook reaches 8 squares.
        assert!(has(l.mobility(rook, 8), 1), "{trace:?}");
        // White to move.
        assert!(has(l.start(TEMPO), -1), "{trace:?}");

        // With Black, the attacker, to move, the same attacks count as the mover's threats.
        let pos = VPosition::from_sfen(id, "4k/5/3R1/5/K4 b G 1").unwrap();
        let mut trace = Vec::new();
        eval.features(&pos, &mut |i, c| trace.push((i, c)));
        let has = |i: usize, c: i32| trace.contains(&(i, c));
        assert!(has(l.zone(2, 0, 1, 0, true), -1), "{trace:?}");
        assert!(!has(l.zone(2, 0, 1, 0, false), -1), "{trace:?}");
        assert!(has(l.drop_threat(gold, 2, true), -1), "{trace:?}");
        assert!(!has(l.drop_threat(gold, 2, false), -1), "{trace:?}");
        assert!(has(l.start(TEMPO), 1), "{trace:?}");
    }

    #[test]
    fn the_score_is_the_weights_times_the_traced_features() {
        let games = [
            (VariantId::Mini, "rb1gk/1s2p/5/PK3/1GSBR w Pp 3"),
            (
                VariantId::Chu,
                "k11/12/12/12/12/12/12/12/12/2n9/1G10/K11 b - 1",
            ),
            (VariantId::Judkins, "rbnsgk/5p/6/6/P5/KGSNBR b - 1"),
        ];
        for (id, sfen) in games {
            let pos = VPosition::from_sfen(id, sfen).unwrap();
            let eval = VariantEval::new(id.rules());
            let sum: i32 = eval
                .trace(&pos)
                .iter()
                .map(|&(i, c)| eval.weights()[i as usize] * c)
                .sum();
            assert_eq!(
                sum / SCALE + eval.king_hunt(&pos),
                eval.evaluate(&pos),
                "{sfen}"
            );
            let parts: i32 = eval.explain(&pos).iter().map(|p| p.1).sum();
            assert!((parts - eval.evaluate(&pos)).abs() <= 5, "{sfen}");
        }
    }

    #[test]
    fn a_position_keeping_the_tally_scores_as_one_counting_every_piece() {
        for id in VariantId::ALL {
            let eval = VariantEval::new(id.rules());
            let mut pos = VPosition::start(id);
            pos.attach_tally(Some(eval.tally(&pos)));
            let scan = |pos: &VPosition, side: Color| -> Vec<u16> {
                let mut royals: Vec<u16> = pos
                    .pieces(side)
                    .iter()
                    .copied()
                    .filter(|&sq| {
                        pos.piece_at(sq)
                            .is_some_and(|(k, _)| eval.royal[k as usize])
                    })
                    .collect();
                royals.sort_unstable();
                royals
            };
            let check = |pos: &VPosition| {
                let mut counted = pos.clone();
                counted.attach_tally(None);
                assert_eq!(
                    eval.evaluate(pos),
                    eval.evaluate(&counted),
                    "{id:?} {}",
                    pos.to_sfen()
                );
                for side in Color::ALL {
                    let mut kept = pos.royal_squares(side).to_vec();
                    kept.sort_unstable();
                    assert_eq!(kept, scan(pos, side), "{id:?} {}", pos.to_sfen());
                }
            };
            let plies = if id.rules().files > 25 { 40 } else { 300 };
            let mut rng = 0x9e37_79b9_7f4a_7c15u64;
            for _ in 0..plies {
                check(&pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let before = (pos.tally_sum(), pos.tally_material());
                for &m in moves.iter().take(40) {
                    let u = pos.make_move(m);
                    check(&pos);
                    pos.unmake_move(m, u);
                    assert_eq!((pos.tally_sum(), pos.tally_material()), before);
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                pos.make_move(moves[rng as usize % moves.len()]);
            }
        }
    }

    #[test]
    fn a_side_far_ahead_hunts_the_king() {
        let id = VariantId::Chu;
        let eval = VariantEval::new(id.rules());
        let at = |sfen: &str| {
            let pos = VPosition::from_sfen(id, sfen).unwrap();
            (eval.king_hunt(&pos), eval.evaluate(&pos))
        };
        // Three dragons against a bare king: nearer is better, by the hunt.
        let far = at("k11/12/12/12/12/12/12/12/12/12/12/DDDK8 b - 1");
        let near = at("k11/12/DDD9/12/12/12/12/12/12/12/12/3K8 b - 1");
        assert!(far.0 > 0 && near.0 > far.0, "{far:?} {near:?}");
        // White far ahead: the hunt is White's.
        let white = at("K11/12/12/12/12/12/12/12/12/12/ddd9/3k8 b - 1");
        assert!(white.0 < 0, "{white:?}");
        // An even game: no hunt.
        assert_eq!(at("k11/d11/12/12/12/12/12/12/12/12/D11/K11 b - 1").0, 0);
    }

    #[test]
    fn every_fitted_weights_file_fits_its_variant() {
        for id in VariantId::ALL {
            if let Some(text) = fitted(id) {
                let layout = Layout::new(id.rules());
                let w = parse_weights(text, layout.size());
                assert!(w.is_ok(), "{}: {w:?}", id.rules().name);
                // The file round-trips.
                let w = w.unwrap();
                let again = parse_weights(&weights_file(&layout, &w, "x"), layout.size());
                assert_eq!(again.unwrap(), w);
            }
        }
    }

    #[test]
    fn the_search_prunes_minishogi_by_9x9s_margins_and_the_rest_by_less() {
        let percent = |id: VariantId| VariantEval::new(id.rules()).margin_percent();
        assert_eq!(percent(VariantId::Mini), 100);
        for id in [
            VariantId::Micro,
            VariantId::Judkins,
            VariantId::Chu,
            VariantId::DaiDai,
        ] {
            assert_eq!(percent(id), 60, "{}", id.rules().name);
        }
    }

    #[test]
    fn form_rewards_a_pawn_near_the_zone_and_a_guarded_king() {
        let id = VariantId::Chu;
        let eval = VariantEval::new(id.rules());
        let at = |sfen: &str| eval.evaluate(&VPosition::from_sfen(id, sfen).unwrap());
        // The same pawn, far from the zone and a rank from it.
        let far = at("k11/12/12/12/12/12/12/12/5P6/12/12/K11 b - 1");
        let near = at("k11/12/12/12/12/5P6/12/12/12/12/12/K11 b - 1");
        assert!(near > far, "{near} {far}");
        // A king with a gold next to it, and with the gold away.
        let guarded = at("k11/12/12/12/12/12/12/12/12/12/1G10/K11 b - 1");
        let alone = at("k11/12/12/12/12/12/12/12/12/1G10/12/K11 b - 1");
        assert!(guarded > alone, "{guarded} {alone}");
        // A white lion two squares from Black's king, and far from it.
        let lion_near = at("k11/12/12/12/12/12/12/12/12/2n9/12/K11 b - 1");
        let lion_far = at("k11/12/12/12/12/2n9/12/12/12/12/12/K11 b - 1");
        assert!(lion_near < lion_far, "{lion_near} {lion_far}");
        // Material only: none of this.
        let m = |sfen: &str| material(&VPosition::from_sfen(id, sfen).unwrap(), eval.values());
        assert_eq!(
            m("k11/12/12/12/12/12/12/12/12/1G10/12/K11 b - 1"),
            m("k11/12/12/12/12/12/12/12/12/12/1G10/K11 b - 1")
        );
    }
}
