//! Move generation: the moves by the pieces' Betza rays and the drops (pseudo-legal), the
//! promotion choices of each promotion rule, chu's lion-trading rules for ordinary captures, and
//! legality under the check rule (with the quick test for moves off every line to a royal).
//! The special movers' moves are in `specials.rs`.

use super::catalogue::Special;
use super::position::{kind_of, side_of, VMove, VPosition, EMPTY, NO_SQUARE, OFF};
use super::rules::{KindIx, LionTrading, Promotion};

impl VPosition {
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
                if !self.rules.kinds[m.drop as usize - 1].drop_pawn {
                    return true;
                }
            } else if let Some((k, _)) = self.piece_at(m.from) {
                if !self.rules.kinds[k as usize].royal && !self.on_royal_line(m.from) {
                    return true;
                }
            }
        }
        self.is_legal_knowing(m, in_check)
    }

    /// Whether `sq` shares a file, rank or diagonal with a royal piece of the side to move.
    pub(super) fn on_royal_line(&self, sq: u16) -> bool {
        let (x, y) = self.coords(sq);
        self.pieces[self.side.index()].iter().any(|&r| {
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
        let in_check = self.in_check(self.side);
        self.is_legal_knowing(m, in_check)
    }

    /// `is_legal`, knowing whether the side to move is in check now. A side in check must
    /// answer it, and a move that makes a royal piece (sho shogi's elephant promoting to a
    /// crown prince) must leave none of the side's other royal pieces attacked, whether it was
    /// in check or the elephant was pinned: fairy-stockfish allows neither.
    fn is_legal_knowing(&mut self, m: VMove, in_check: bool) -> bool {
        let side = self.side;
        let royals = self.royal_squares[side.index()].len();
        let u = self.make_move(m);
        let makes_royal = self.royal_squares[side.index()].len() > royals;
        let mut ok = if in_check || makes_royal {
            !self.royal_attacked(side, if m.promote { m.to } else { NO_SQUARE })
        } else {
            !self.in_check(side)
        };
        if ok && m.drop > 0 && self.rules.shogi_drop_rules {
            let kind = &self.rules.kinds[m.drop as usize - 1];
            if kind.drop_pawn && self.in_check(!side) {
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

    pub(super) fn has_legal_reply(&mut self) -> bool {
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
        for i in 0..self.pieces[self.side.index()].len() {
            self.piece_moves(self.pieces[self.side.index()][i], out);
        }
    }

    /// The moves of `pseudo_board_moves` with every capture among them, in the same order,
    /// and fewer of the others (only the special moves' quiet steps are left in).
    pub fn pseudo_board_captures(&mut self, out: &mut Vec<VMove>) {
        self.captures_only = true;
        self.pseudo_board_moves(out);
        self.captures_only = false;
    }

    /// The moves of `pseudo_board_captures` that start on `from` (none unless a piece of the
    /// side to move stands there), in the same order.
    pub fn pseudo_captures_from(&mut self, from: u16, out: &mut Vec<VMove>) {
        if self
            .piece_at(from)
            .is_some_and(|(_, side)| side == self.side)
        {
            self.captures_only = true;
            self.piece_moves(from, out);
            self.captures_only = false;
        }
    }

    /// The moves of the side to move's piece on `from`, before the check rule.
    pub(super) fn piece_moves(&self, from: u16, out: &mut Vec<VMove>) {
        let side = self.side;
        let kind_index = kind_of(self.cells[from as usize]);
        let kind = &self.rules.kinds[kind_index as usize];
        let start = out.len();
        let range_capture = matches!(kind.special, Special::RangeCapture(_));
        for ray in &kind.rays {
            if range_capture && ray.unlimited_slide() {
                // Its range captures (below).
                continue;
            }
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
            if ray.skip == 0 && ray.pass == 0 {
                self.plain_slide(from, d, ray, kind_index, out);
            } else {
                self.walk_slide(from, d, ray, &mut |to, _| {
                    self.target(from, to, kind_index, ray.mode, out)
                });
            }
        }
        if kind.overlapping {
            // A square that two rays reach is one move (a leap there and a slide there).
            let mut seen = vec![0u8; self.cells.len()];
            let mut kept = start;
            for i in start..out.len() {
                let m = out[i];
                let bit = 1u8 << u8::from(m.promote);
                if seen[m.to as usize] & bit == 0 {
                    seen[m.to as usize] |= bit;
                    out[kept] = m;
                    kept += 1;
                }
            }
            out.truncate(kept);
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
            Special::Tetrarchs => self.igui(from, false, out),
            Special::IguiOrPass => self.igui(from, true, out),
            Special::RangeCapture(rank) => self.range_captures(from, kind, kind_index, rank, out),
            Special::Emperor => self.emperor_moves(from, kind_index, out),
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

    /// The moves of the piece on `from` along `ray`, a slide that neither jumps nor passes
    /// pieces, in step `d`: `walk_slide` and `target` in one loop, which looks at each empty
    /// square once and, generating captures only, passes the empty squares by.
    #[inline]
    fn plain_slide(
        &self,
        from: u16,
        d: isize,
        ray: &super::betza::Ray,
        kind: KindIx,
        out: &mut Vec<VMove>,
    ) {
        use super::betza::Mode;
        let quiet = !self.captures_only && ray.mode != Mode::Capture;
        let mut t = from as isize;
        let mut n = 0u8;
        loop {
            t += d;
            n = n.wrapping_add(1);
            let c = self.cells[t as usize];
            if c == EMPTY {
                if quiet {
                    self.with_promotions(from, t as u16, kind, false, out);
                }
            } else {
                if c != OFF
                    && side_of(c) != self.side
                    && ray.mode != Mode::Move
                    && (!self.rules.lion_trading.applies()
                        || self.lion_capture_allowed(from, t as u16, kind))
                {
                    self.with_promotions(from, t as u16, kind, true, out);
                }
                return;
            }
            // A range of 0 is no limit: the board's edge ends the slide first.
            if n == ray.range {
                return;
            }
        }
    }

    /// A move of the piece on `from` to `to` by an ordinary move of mode `mode`, if the square
    /// allows it; adds it with its promotion choices.
    #[inline]
    pub(super) fn target(
        &self,
        from: u16,
        to: u16,
        kind: KindIx,
        mode: super::betza::Mode,
        out: &mut Vec<VMove>,
    ) {
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
            if self.rules.lion_trading.applies() && !self.lion_capture_allowed(from, to, kind) {
                return;
            }
        } else if mode == Mode::Capture || self.captures_only {
            return;
        }
        self.with_promotions(from, to, kind, capture, out);
    }

    /// Chu shogi's lion-trading rules for an ordinary capture of the piece on `to`.
    pub(super) fn lion_capture_allowed(&self, from: u16, to: u16, kind: KindIx) -> bool {
        let victim = &self.rules.kinds[kind_of(self.cells[to as usize]) as usize];
        if !victim.lion {
            return true;
        }
        if self.rules.kinds[kind as usize].lion {
            // A lion may take a lion that is not next to it only if no enemy piece protects it.
            self.distance(from, to) <= 1 || !self.attacked_by(to, !self.side, &[from])
        } else {
            self.counter_strike_allows(to)
        }
    }

    /// Whether a piece that is not a lion may take a lion on `at`: not on the move after a
    /// lion was taken by a piece that is not a lion, but (lishogi's rule, not HaChu's) on the
    /// square where it was taken.
    pub(super) fn counter_strike_allows(&self, at: u16) -> bool {
        self.lion_capture == NO_SQUARE
            || (self.lion_capture == at && self.rules.lion_trading == LionTrading::Lishogi)
    }

    pub(super) fn with_promotions(
        &self,
        from: u16,
        to: u16,
        kind: KindIx,
        capture: bool,
        out: &mut Vec<VMove>,
    ) {
        let k = &self.rules.kinds[kind as usize];
        if k.promotes_to.is_none() {
            out.push(VMove::normal(from, to, false));
            return;
        }
        let side = self.side;
        match self.rules.promotion {
            Promotion::Zone(depth) | Promotion::ForcedZone(depth) => {
                let can = self.depth(from, side) < depth || self.depth(to, side) < depth;
                let forced = matches!(self.rules.promotion, Promotion::ForcedZone(_));
                let must = (forced && can)
                    || self.rules.shogi_drop_rules && self.depth(to, side) < k.dead_ranks;
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
            Promotion::HachuZone(depth) => {
                let (zf, zt) = (self.depth(from, side) < depth, self.depth(to, side) < depth);
                let can = if zf && !k.promoted && k.piece.code == "P" {
                    capture && self.depth(to, side) == 0
                } else {
                    (!zf && zt) || (zf && capture)
                };
                if can {
                    out.push(VMove::normal(from, to, true));
                }
                if !can || self.depth(to, side) >= k.dead_ranks {
                    out.push(VMove::normal(from, to, false));
                }
            }
            Promotion::ForcedEnd(depth) => {
                out.push(VMove::normal(from, to, self.depth(to, side) < depth))
            }
            Promotion::OnCapture | Promotion::FlipOnCapture => {
                out.push(VMove::normal(from, to, capture))
            }
        }
    }

    pub(super) fn drops(&self, out: &mut Vec<VMove>) {
        let side = self.side;
        let r = self.rules;
        for (k, kind) in r.kinds.iter().enumerate() {
            if self.hands[side.index()][k] == 0 {
                continue;
            }
            // Micro shogi drops either side up.
            let faces: &[KindIx] = if r.promotion == Promotion::FlipOnCapture {
                &[k as KindIx, kind.promotes_to.unwrap_or(k as KindIx)]
            } else {
                &[k as KindIx]
            };
            for &face in faces {
                let fk = &r.kinds[face as usize];
                let pawn = fk.drop_pawn;
                // Unpromoted pawns on each file.
                let mut pawn_files = vec![0u8; r.files as usize];
                if pawn {
                    for &sq in &self.pieces[side.index()] {
                        if r.kinds[kind_of(self.cells[sq as usize]) as usize].drop_pawn {
                            pawn_files[self.coords(sq).0] += 1;
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
                    if pawn && pawn_files[self.coords(sq).0] >= r.pawns_per_file {
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

#[cfg(test)]
mod tests {
    use crate::variant::position::tests::random_games;
    use crate::variant::rules::VariantId;

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
}
