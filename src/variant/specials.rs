//! The moves Betza cannot say, written by name (`catalogue::Special`): the lion's and the
//! lion-power pieces' double moves, hook movers' turns, the lion dog's triple moves, the fire
//! demon's and vice general's area moves, the jumping generals' jumps, the lion hawk's and free
//! eagle's extras and the tetrarchs' igui. A move that reaches one square by several routes is
//! one move: the generator marks reached squares in a board-sized table.

use super::catalogue::Special;
use super::position::{
    is_piece, kind_of, side_of, VMove, VPosition, EMPTY, KING_STEPS, NO_SQUARE, OFF,
};
use super::rules::{Kind, KindIx, LionTrading, Promotion};

impl VPosition {
    /// The double moves of a piece with lion power, counted as lishogi counts them: every
    /// (first step, second step) pair, those through an empty square that end where a single
    /// leap ends too included, and the returns to the start (igui, pass).
    pub(super) fn double_moves(&self, from: u16, kind: &Kind, out: &mut Vec<VMove>) {
        let side = self.side;
        for &(dx, dy) in kind.special.first_steps() {
            let mid = (from as isize + self.delta(dx, dy, side)) as u16;
            let c = self.cells[mid as usize];
            if c == OFF || (c != EMPTY && side_of(c) == side) {
                continue;
            }
            if c != EMPTY && self.rules.lion_trading.applies() && !kind.lion {
                // The first step is an ordinary capture for a falcon or eagle.
                let victim = &self.rules.kinds[kind_of(c) as usize];
                if victim.lion && !self.counter_strike_allows(mid) {
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
                if to != from && t != EMPTY && self.rules.lion_trading.applies() {
                    let victim = &self.rules.kinds[kind_of(t) as usize];
                    if victim.lion {
                        if kind.lion {
                            let bridge = c != EMPTY && !self.rules.kinds[kind_of(c) as usize].minor;
                            // HaChu counts protection after the move: the first step's
                            // victim does not protect.
                            let gone = match self.rules.lion_trading {
                                LionTrading::HaChu => mid,
                                _ => NO_SQUARE,
                            };
                            if self.distance(from, to) > 1
                                && !bridge
                                && self.attacked_by_without(to, !side, &[from, mid], gone)
                            {
                                continue;
                            }
                        } else if !self.counter_strike_allows(to) {
                            continue;
                        }
                    }
                }
                let capture = c != EMPTY || (to != from && t != EMPTY);
                out.push(VMove::double(
                    from,
                    mid,
                    to,
                    self.double_promotes(kind, mid, to, capture),
                ));
            }
        }
    }

    /// Where a double move's second step `(ex, ey)` from `mid` ends ((0, 0): back on `from`),
    /// if it may end there (on the board, not on a piece of the mover's side).
    pub(super) fn second_step(&self, from: u16, mid: u16, (ex, ey): (i8, i8)) -> Option<u16> {
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

    /// The emperor on `from` (maka dai dai, tai shogi): a leap to every square of the board
    /// that its side does not hold, taking there only a piece that the other side does not
    /// protect: attack by an ordinary move (the emperor's square counted empty), or an emperor
    /// of its own elsewhere on the board, which reaches every square.
    pub(super) fn emperor_moves(&self, from: u16, kind: KindIx, out: &mut Vec<VMove>) {
        let side = self.side;
        // The other side's emperors: how many, and one of their squares.
        let (mut emperors, mut emperor) = (0, NO_SQUARE);
        for &sq in &self.pieces[(!side).index()] {
            if self.rules.kinds[kind_of(self.cells[sq as usize]) as usize].special
                == Special::Emperor
            {
                emperors += 1;
                emperor = sq;
            }
        }
        for to in 0..self.cells.len() as u16 {
            let c = self.cells[to as usize];
            if c == OFF || to == from {
                continue;
            }
            if c == EMPTY {
                self.with_promotions(from, to, kind, false, out);
            } else if side_of(c) != side
                && (emperors == 0 || (emperors == 1 && emperor == to))
                && !self.attacked_by(to, !side, &[from])
            {
                self.with_promotions(from, to, kind, true, out);
            }
        }
    }

    /// Whether a double move through `mid` to `to` promotes: by its capture where pieces
    /// promote by capture, by stepping into the zone where promotion there is forced
    /// (`Promotion::ForcedEnd`); never under the other rules (chu's lion does not promote).
    pub(super) fn double_promotes(&self, kind: &Kind, mid: u16, to: u16, capture: bool) -> bool {
        match self.rules.promotion {
            Promotion::OnCapture => capture && kind.promotes_to.is_some(),
            Promotion::ForcedEnd(d) => {
                kind.promotes_to.is_some()
                    && (self.depth(to, self.side) < d || self.depth(mid, self.side) < d)
            }
            _ => false,
        }
    }

    /// Promotion by capture applies to this kind (it promotes, and the variant says so).
    #[inline]
    pub(super) fn promotes_by_capture(&self, kind: &Kind) -> bool {
        self.rules.promotion == Promotion::OnCapture && kind.promotes_to.is_some()
    }

    /// A hook mover's (or long-nosed goblin's, capricorn's, peacock's) moves that turn: from
    /// any empty square of one of its unlimited slides along files and ranks (`Hook`) or
    /// diagonals (`DiagonalHook`), a slide at a right angle. The straight slides are its Betza
    /// moves, already in `out` from `start`; a square reached both ways is one move.
    pub(super) fn hook_moves(&self, from: u16, kind: KindIx, start: usize, out: &mut Vec<VMove>) {
        let side = self.side;
        let k = &self.rules.kinds[kind as usize];
        let diagonal = k.special == Special::DiagonalHook;
        let lines = k
            .rays
            .iter()
            .filter(|r| r.unlimited_slide() && (r.dx != 0 && r.dy != 0) == diagonal)
            .map(|r| (r.dx, r.dy));
        let mut seen = vec![false; self.cells.len()];
        for m in &out[start..] {
            seen[m.to as usize] = true;
        }
        for (dx, dy) in lines {
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
    pub(super) fn lion_dog_moves(&self, from: u16, kind: &Kind, out: &mut Vec<VMove>) {
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
        for (dx, dy) in KING_STEPS {
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
    pub(super) fn seen(&self, moves: &[VMove]) -> Vec<bool> {
        let mut seen = vec![false; self.cells.len()];
        for m in moves {
            seen[m.to as usize] = true;
        }
        seen
    }

    /// The area move of the fire demon and the vice general: up to three king steps, through
    /// empty squares (not its own), ending on an empty square or a capture; each square not in
    /// `seen` once.
    pub(super) fn area_moves(
        &self,
        from: u16,
        kind: KindIx,
        seen: &mut [bool],
        out: &mut Vec<VMove>,
    ) {
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
    pub(super) fn jump_rank(&self, cell: u16) -> u8 {
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
    pub(super) fn jump_captures(
        &self,
        from: u16,
        kind: &Kind,
        kind_index: KindIx,
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
    pub(super) fn lion_hawk_slides(&self, from: u16, kind: KindIx, out: &mut Vec<VMove>) {
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
    pub(super) fn free_eagle_moves(&self, from: u16, kind: KindIx, out: &mut Vec<VMove>) {
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

    /// Igui on every adjacent enemy: captured without moving; with `pass`, also out to every
    /// adjacent empty square and home again (taikyoku's free eagle).
    pub(super) fn igui(&self, from: u16, pass: bool, out: &mut Vec<VMove>) {
        for mid in self.neighbours(from) {
            let c = self.cells[mid as usize];
            if (pass && c == EMPTY) || is_piece(c) && side_of(c) != self.side {
                out.push(VMove::double(from, mid, from, false));
            }
        }
    }

    /// A range capturer's moves along its unlimited slides: to every square before the first
    /// piece of its `rank` or higher (or the edge), flying over the pieces of lower rank of
    /// either side; `make_move` takes every piece it flew over and the one it stops on.
    pub(super) fn range_captures(
        &self,
        from: u16,
        kind: &Kind,
        kind_index: KindIx,
        rank: u8,
        out: &mut Vec<VMove>,
    ) {
        for ray in kind.rays.iter().filter(|r| r.unlimited_slide()) {
            let d = self.delta(ray.dx, ray.dy, self.side);
            let mut t = from as isize + d;
            loop {
                let c = self.cells[t as usize];
                if c == OFF || is_piece(c) && self.jump_rank(c) >= rank {
                    break;
                }
                if ray.mode != super::betza::Mode::Capture || c != EMPTY {
                    self.with_promotions(from, t as u16, kind_index, c != EMPTY, out);
                }
                t += d;
            }
        }
    }
}
