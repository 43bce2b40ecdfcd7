//! Attacks: whether a piece reaches a square by its ordinary moves (each kind's table of the
//! offsets its rays reach), the least valuable attacker of a square, the squares a side attacks
//! and the squares a drop would check from, and whether a side is in check.

use super::catalogue::Special;
use super::position::{
    is_piece, kind_of, side_of, VMove, VPosition, EMPTY, KING_STEPS, NO_SQUARE, OFF,
};
use super::rules::{capture_steps, Kind, KindIx, HIT_MANY};
use crate::color::Color;

/// Above this many pieces a side, the attack test asks only the pieces on the lines through
/// a square and at the game's off-line capture offsets (`VPosition::any_candidate`), not all.
const SCAN_PIECES: usize = 24;

impl VPosition {
    // Attacks

    /// Whether the piece `kind` of `side` on `from` reaches `target` with an ordinary
    /// (capturing) move, counting the squares in `empty` as empty.
    pub(super) fn reaches(
        &self,
        from: u16,
        kind: &Kind,
        side: Color,
        target: u16,
        empty: &[u16],
    ) -> bool {
        let occupied = |sq: usize| {
            let c = self.cells[sq];
            c != EMPTY && !empty.contains(&(sq as u16))
        };
        // The target's offset from the piece, in the mover's frame (dy forward).
        let ((fx, fy), (tx, ty)) = (self.xy[from as usize], self.xy[target as usize]);
        let (ox, oy) = if side == Color::Black {
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
    pub(super) fn ray_reaches(
        &self,
        from: u16,
        ray: &super::betza::Ray,
        k: isize,
        side: Color,
        occupied: &impl Fn(usize) -> bool,
    ) -> bool {
        if ray.leap {
            return !(ray.lame && self.lame_blocked(from, ray.dx, ray.dy, side, occupied));
        }
        let d = self.delta(ray.dx, ray.dy, side);
        let first = 1 + isize::from(ray.skip);
        if ray.pass == 0 {
            return (first..k).all(|i| !occupied((from as isize + d * i) as usize));
        }
        (first..k)
            .filter(|&i| occupied((from as isize + d * i) as usize))
            .count()
            <= usize::from(ray.pass)
    }

    pub(super) fn lame_blocked(
        &self,
        from: u16,
        dx: i8,
        dy: i8,
        side: Color,
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
    pub fn attacked_by(&self, target: u16, side: Color, empty: &[u16]) -> bool {
        self.attacked_by_without(target, side, empty, NO_SQUARE)
    }

    /// `attacked_by`, the piece on `gone` (if any) not counted: taken on the way (HaChu's
    /// lion-trading rule).
    pub fn attacked_by_without(&self, target: u16, side: Color, empty: &[u16], gone: u16) -> bool {
        let attacks = |sq: u16| {
            sq != target
                && sq != gone
                && self.reaches(
                    sq,
                    &self.rules.kinds[kind_of(self.cells[sq as usize]) as usize],
                    side,
                    target,
                    empty,
                )
        };
        if self.pieces[side.index()].len() > SCAN_PIECES {
            self.any_candidate(target, side, empty, attacks)
        } else {
            self.pieces[side.index()].iter().any(|&sq| attacks(sq))
        }
    }

    /// Whether `f` holds for a piece of `side` standing where a piece could attack `target`
    /// from: on the eight lines through it, each up to its first piece (the squares in `empty`
    /// not counted) and a leap beyond it (`Rules::line_leap`; to the board's edge where a ray
    /// passes over pieces), or at an offset off them at which some kind of the game captures
    /// (`Rules::off_line`). On a board of many pieces this asks far fewer of them than all.
    fn any_candidate(
        &self,
        target: u16,
        side: Color,
        empty: &[u16],
        mut f: impl FnMut(u16) -> bool,
    ) -> bool {
        let mine = |c: u16| is_piece(c) && side_of(c) == side;
        for (dx, dy) in KING_STEPS {
            let d = self.delta(dx, dy, Color::Black);
            let mut t = target as isize + d;
            // How far along the line a piece may still reach `target`: to the board's edge
            // until the first piece in the way, then no farther than it or a leap
            // (`Rules::line_leap`).
            let mut reach = u8::MAX;
            let mut distance = 1u8;
            loop {
                let c = self.cells[t as usize];
                if c == OFF || distance > reach {
                    break;
                }
                if mine(c) && f(t as u16) {
                    return true;
                }
                if reach == u8::MAX && c != EMPTY && !empty.contains(&(t as u16)) {
                    if let Some(leap) = self.rules.line_leap {
                        reach = distance.max(leap);
                    }
                }
                t += d;
                distance = distance.saturating_add(1);
            }
        }
        let (tx, ty) = self.xy[target as usize];
        let (files, ranks) = (i16::from(self.rules.files), i16::from(self.rules.ranks));
        self.rules.off_line.iter().any(|&(ox, oy)| {
            // Where a piece of `side` stands that sees `target` at (ox, oy) in its frame.
            let (fx, fy) = if side == Color::Black {
                (tx - ox, ty + oy)
            } else {
                (tx + ox, ty - oy)
            };
            (0..files).contains(&fx) && (0..ranks).contains(&fy) && {
                let sq = self.square(fx as usize, fy as usize);
                mine(self.cells[sq as usize]) && f(sq)
            }
        })
    }

    /// The least valuable (by `value`) of `side`'s pieces that attack `target` by their
    /// ordinary moves, leaving out the pieces on `gone` (their squares count as empty for
    /// slides): the next capturer in an exchange on `target`. Its square and kind; of equal
    /// values, the lowest square (whatever the order of the piece lists).
    pub fn least_attacker(
        &self,
        target: u16,
        side: Color,
        gone: &[u16],
        value: impl Fn(KindIx) -> i32,
    ) -> Option<(u16, KindIx)> {
        let mut best: Option<(i32, u16, KindIx)> = None;
        let mut consider = |sq: u16| {
            if sq == target || gone.contains(&sq) {
                return false;
            }
            let k = kind_of(self.cells[sq as usize]);
            let v = value(k);
            if best.is_some_and(|(b, b_sq, _)| (v, sq) >= (b, b_sq)) {
                return false;
            }
            if self.reaches(sq, &self.rules.kinds[k as usize], side, target, gone) {
                best = Some((v, sq, k));
            }
            false
        };
        if self.pieces[side.index()].len() > SCAN_PIECES {
            self.any_candidate(target, side, gone, consider);
        } else {
            for &sq in &self.pieces[side.index()] {
                consider(sq);
            }
        }
        best.map(|(_, sq, k)| (sq, k))
    }

    /// Calls `f(from, kind, to)` for every square `to` that `side`'s piece of `kind` on `from`
    /// attacks (could capture on, were an enemy there) by its ordinary moves, whatever stands
    /// on `to`. Only the steps, leaps and slides of the Betza rays: a board whose pieces have
    /// special moves (`Rules::line_pins` false) gets those moves' attacks left out.
    pub fn for_each_attack(&self, side: Color, f: &mut impl FnMut(u16, KindIx, u16)) {
        for &from in &self.pieces[side.index()] {
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
    /// empty (a skipping slide's first squares neither count nor block; a slide that passes
    /// pieces goes on to the first piece beyond those it may pass).
    pub(super) fn walk_slide(
        &self,
        from: u16,
        d: isize,
        ray: &super::betza::Ray,
        f: &mut impl FnMut(u16, u16),
    ) {
        let mut t = from as isize;
        let mut n = 0u8;
        let mut passed = 0u8;
        loop {
            t += d;
            n = n.saturating_add(1);
            let c = self.cells[t as usize];
            if c == OFF {
                break;
            }
            if n <= ray.skip {
                continue;
            }
            f(t as u16, c);
            if ray.range != 0 && n >= ray.range {
                break;
            }
            if c != EMPTY {
                if passed >= ray.pass {
                    break;
                }
                passed += 1;
            }
        }
    }

    /// Calls `f(sq)` for every empty square from which `side`'s piece of `kind`, dropped
    /// there, would attack `target` by a step, leap or slide (the squares a drop would check
    /// a royal from). Lame leaps are left out.
    pub fn for_each_drop_check(
        &self,
        side: Color,
        kind: KindIx,
        target: u16,
        f: &mut impl FnMut(u16),
    ) {
        for ray in &self.rules.kinds[kind as usize].rays {
            // (A slide that jumps its first squares or passes pieces is not walked backwards.)
            if ray.mode == super::betza::Mode::Move || ray.lame || ray.skip > 0 || ray.pass > 0 {
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

    /// Whether `side`'s king is attacked. A side with two royal pieces (a king and a crown
    /// prince) is never in check: either may be left to be taken, and the one left is royal
    /// again (fairy-stockfish's pseudo-royal rule, under the check rule), or the game goes on
    /// without it (where royals are captured).
    pub fn in_check(&self, side: Color) -> bool {
        match self.royal_squares[side.index()][..] {
            [sq] => self.attacked_by(sq, !side, &[]),
            _ => false,
        }
    }

    /// Whether a royal piece of `side` is attacked, whatever their number, other than a
    /// promoted one on `except` (where the last move promoted a piece: to a royal, it was not
    /// one before).
    pub(super) fn royal_attacked(&self, side: Color, except: u16) -> bool {
        self.royal_squares[side.index()].iter().any(|&sq| {
            let kind = &self.rules.kinds[kind_of(self.cells[sq as usize]) as usize];
            !(sq == except && kind.promoted) && self.attacked_by(sq, !side, &[])
        })
    }

    /// Whether the piece on `to`, of the side that has just moved, chases: attacks by an
    /// ordinary move an enemy piece, not royal (that is check), that no enemy piece protects.
    /// Dai dai shogi's rule forbids chasing perpetually (`Rules::chase_rule`).
    pub fn chased(&self, to: u16) -> bool {
        let c = self.cells[to as usize];
        if !is_piece(c) || side_of(c) == self.side {
            return false;
        }
        let kind = &self.rules.kinds[kind_of(c) as usize];
        self.pieces[self.side.index()].iter().any(|&target| {
            let victim = &self.rules.kinds[kind_of(self.cells[target as usize]) as usize];
            !victim.royal
                && self.reaches(to, kind, !self.side, target, &[])
                && !self.attacked_by(target, self.side, &[])
        })
    }

    /// The repetition rules' record of the position after `last` (the start of a game: none):
    /// its key, whether its side to move is in check, and whether `last` chased under the
    /// variant's chase rule.
    pub fn history_entry(&mut self, last: Option<VMove>) -> (u64, bool, bool) {
        let chase = self.rules.chase_rule && last.is_some_and(|m| self.chased(m.to));
        (self.key, self.in_check_now(), chase)
    }

    /// Whether the side to move is in check: its one royal piece could be taken (or, in
    /// tenjiku, burnt) by a move of the other side, were it the other side's turn. Exact for
    /// every special move: Betza's rays (`in_check`) see every capture but those of hook turns,
    /// area moves, jumps, leaps beyond the lion's and burning, which the move generator of the
    /// pieces that have them is asked for.
    pub fn in_check_now(&mut self) -> bool {
        let side = self.side;
        // A side with two royals is never in check (`in_check`).
        if self.royal_squares[side.index()].len() != 1 {
            return false;
        }
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
        // A fire demon of the side in check: an enemy demon that ends next to it is burnt
        // before it burns anything.
        let demon = |pos: &VPosition, sq: u16| {
            let c = pos.cells[sq as usize];
            is_piece(c)
                && side_of(c) == side
                && pos.rules.kinds[kind_of(c) as usize].special == Special::FireDemon
        };
        // The other side's pieces whose captures Betza does not say, moving as if on move.
        let mut moves = Vec::new();
        self.side = !self.side;
        for &sq in &self.pieces[self.side.index()] {
            let kind = &self.rules.kinds[kind_of(self.cells[sq as usize]) as usize];
            if !kind.special.betza_captures() {
                self.piece_moves(sq, &mut moves);
            }
        }
        self.side = !self.side;
        moves.iter().any(|m| {
            [m.to, m.mid, m.mid2]
                .into_iter()
                .any(|sq| sq != m.from && royal(self, sq))
                || (self.rules.burning
                    && self.rules.kinds[kind_of(self.cells[m.from as usize]) as usize].special
                        == Special::FireDemon
                    && self.neighbours(m.to).into_iter().any(|sq| royal(self, sq))
                    && !self.neighbours(m.to).into_iter().any(|sq| demon(self, sq)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::position::tests::random_games;
    use crate::variant::position::VMove;
    use crate::variant::rules::VariantId;

    /// Whether `attacked_by` (each kind's table of the offsets its rays reach; on a board of
    /// many pieces, asked only of those on the lines and the off-line offsets) agrees with the
    /// squares the rays walk to, and `least_attacker` with the least of the pieces that walk
    /// there, for every square and side of `pos`.
    fn attack_test_agrees_with_the_rays(pos: &VPosition) {
        // Any order of the kinds will do: the kind's index as its value.
        let value = |k: KindIx| i32::from(k);
        for side in Color::ALL {
            let mut walked = vec![false; pos.cells.len()];
            let mut least = vec![i32::MAX; pos.cells.len()];
            pos.for_each_attack(side, &mut |_, k, to| {
                walked[to as usize] = true;
                least[to as usize] = least[to as usize].min(value(k));
            });
            for sq in pos.squares() {
                let what = || {
                    format!(
                        "{} {} side {side:?} square {sq}",
                        pos.rules().name,
                        pos.to_sfen()
                    )
                };
                assert_eq!(
                    pos.attacked_by(sq, side, &[]),
                    walked[sq as usize],
                    "{}",
                    what()
                );
                let found = pos
                    .least_attacker(sq, side, &[], value)
                    .map(|(_, k)| value(k));
                assert_eq!(found.unwrap_or(i32::MAX), least[sq as usize], "{}", what());
            }
        }
    }

    /// `attack_test_agrees_with_the_rays` along a random game of `id` of `plies` plies, the
    /// moves drawn from `seed`.
    fn attack_test_along_a_game(id: VariantId, plies: usize, seed: &mut u64) {
        let mut pos = VPosition::start(id);
        for _ in 0..plies {
            attack_test_agrees_with_the_rays(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            pos.make_move(moves[(*seed % moves.len() as u64) as usize]);
        }
    }

    #[test]
    fn the_attack_test_agrees_with_the_rays() {
        // Along random games of every variant.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for id in VariantId::ALL {
            attack_test_along_a_game(id, 40, &mut seed);
        }
        // Taikyoku's rays, in a game of one's own: a leap to the third square that slides on
        // (`jjR`), slides that pass up to three pieces (`xxxR`, `xxxB`).
        let ids = crate::variant::custom::load(
            "[pass-and-leap]\nboard = 9x9\n\
             start = xjsgkgsjy/9/ppppppppp/9/9/9/PPPPPPPPP/9/YJSGKGSJX b - 1\n\
             define XX = vxxxR\ndefine XJ = fjjRbW\ndefine XY = xxxBW\n\
             piece k = King\npiece x = XX\npiece y = XY\npiece j = XJ\npiece s = S\n\
             piece g = G\npiece p = P\n",
        )
        .unwrap();
        for _ in 0..4 {
            attack_test_along_a_game(ids[0], 60, &mut seed);
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
    fn the_lines_scan_finds_what_asking_every_piece_finds() {
        // On the boards of many pieces, `attacked_by` and `least_attacker` ask only the pieces
        // on the lines through a square, up to the first piece in the way and a leap beyond
        // it, and those at the off-line offsets: the same answers as asking every piece, with
        // some squares counted empty (an exchange's pieces gone).
        let value = |k: KindIx| i32::from(k);
        let mut rng = 0x5851_f42d_4c95_7f2du64;
        for id in [
            VariantId::Chu,
            VariantId::Dai,
            VariantId::Tenjiku,
            VariantId::DaiDai,
        ] {
            random_games(id, 60, 99, &mut |pos| {
                let occupied: Vec<u16> = Color::ALL
                    .into_iter()
                    .flat_map(|c| pos.pieces(c).to_vec())
                    .collect();
                for target in pos.squares() {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let gone: Vec<u16> = (0..(rng % 4) as usize)
                        .map(|i| occupied[(rng >> (8 * (i + 1))) as usize % occupied.len()])
                        .collect();
                    for side in Color::ALL {
                        let reaching: Vec<(i32, u16)> = pos.pieces[side.index()]
                            .iter()
                            .filter(|&&sq| sq != target && !gone.contains(&sq))
                            .filter_map(|&sq| {
                                let k = kind_of(pos.cells[sq as usize]);
                                let kind = &pos.rules.kinds[k as usize];
                                pos.reaches(sq, kind, side, target, &gone)
                                    .then_some((value(k), sq))
                            })
                            .collect();
                        let attacked = pos.pieces[side.index()].iter().any(|&sq| {
                            let kind = &pos.rules.kinds[kind_of(pos.cells[sq as usize]) as usize];
                            sq != target && pos.reaches(sq, kind, side, target, &gone)
                        });
                        let what = || format!("{} target {target} gone {gone:?}", pos.to_sfen());
                        assert_eq!(pos.attacked_by(target, side, &gone), attacked, "{}", what());
                        assert_eq!(
                            pos.least_attacker(target, side, &gone, value)
                                .map(|(sq, k)| (value(k), sq)),
                            reaching.iter().copied().min(),
                            "{}",
                            what()
                        );
                    }
                }
            });
        }
    }

    #[test]
    fn the_attack_scan_agrees_with_the_attack_test() {
        // Random games of the boards whose pieces only step, leap and slide: a square is
        // scanned as attacked by a side exactly when `attacked_by` says so.
        for id in [VariantId::Mini, VariantId::Judkins, VariantId::Micro] {
            let mut attacked = 0;
            random_games(id, 500, 777, &mut |pos| {
                for side in Color::ALL {
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
                let king = pos.pieces[(!side).index()]
                    .iter()
                    .copied()
                    .find(|&sq| pos.rules.kinds[kind_of(pos.cells[sq as usize]) as usize].royal);
                let mut pseudo = Vec::new();
                pos.pseudo_moves(&mut pseudo);
                for kind in 0..pos.rules.kinds.len() as KindIx {
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
                        let check = pos.in_check(!side);
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
