//! The ends of a game that a position shows by itself: a side without a royal piece, chu and
//! dai shogi's bare king (lishogi's chu rules) and the Heian games'. No legal move and
//! repetitions need the moves and the game, and are the caller's.

use super::position::{kind_of, side_of, VPosition};
use super::rules::{BareKing, Verdict};
use crate::color::Color;

impl VPosition {
    /// The game's end by the variant's rules, if it is over: a side without a royal piece
    /// loses; in chu and dai shogi (lishogi's chu rules) a bare king loses and two bare kings
    /// draw; in the Heian games a lone king loses unless it can take the last enemy piece.
    /// (No legal move, and repetitions, are the caller's: they need the moves and the game.)
    pub fn outcome(&self) -> Option<Verdict> {
        let side = self.side;
        if !self.has_royal(side) {
            return Some(Verdict::Loses(side));
        }
        match self.rules.bare_king {
            BareKing::No => return None,
            BareKing::Lone => return self.lone_outcome(),
            BareKing::Chu => {}
        }
        for c in [side, !side] {
            if self.bared(c) {
                return Some(Verdict::Loses(c));
            }
        }
        let lone = |c: Color| self.royal_squares[c.index()].len() == 1 && self.alone(c);
        if lone(Color::Black)
            && lone(Color::White)
            && !self.in_check(Color::Black)
            && !self.in_check(Color::White)
        {
            return Some(Verdict::Draw);
        }
        None
    }

    /// The Heian games' bare king (`BareKing::Lone`): a side with nothing but its king loses,
    /// unless the other is bare too (a draw), or it is to move and its king can take the other
    /// side's one piece besides the king at once (then the game goes on: the capture bares
    /// both). Under the check rule the capture is legal when the enemy king does not guard
    /// the piece.
    fn lone_outcome(&self) -> Option<Verdict> {
        let alone = |c: Color| self.pieces[c.index()].len() == self.royal_squares[c.index()].len();
        match (alone(Color::Black), alone(Color::White)) {
            (true, true) => Some(Verdict::Draw),
            (false, false) => None,
            (black_bare, _) => {
                let bare = if black_bare {
                    Color::Black
                } else {
                    Color::White
                };
                let theirs = &self.pieces[(!bare).index()];
                let royal =
                    |sq: u16| self.rules.kinds[kind_of(self.cells[sq as usize]) as usize].royal;
                let last: Vec<u16> = theirs.iter().copied().filter(|&sq| !royal(sq)).collect();
                let king = self.pieces[bare.index()][0];
                let their_king = theirs.iter().copied().find(|&sq| royal(sq));
                let takes = self.side == bare
                    && last.len() == 1
                    && self.distance(king, last[0]) == 1
                    && their_king.is_none_or(|k| self.distance(k, last[0]) > 1);
                (!takes).then_some(Verdict::Loses(bare))
            }
        }
    }

    /// lishogi's bare king: `c` has its king alone (pawns and lances on its last rank do not
    /// count), the other side its king, not in check, and more than one piece besides pawns,
    /// go-betweens and lances on its last rank: two or more, or one that the bare king does not
    /// stand next to (nor next to the king).
    pub(super) fn bared(&self, c: Color) -> bool {
        let code = |sq: u16| {
            self.rules.kinds[kind_of(self.cells[sq as usize]) as usize]
                .piece
                .code
        };
        if self.royal_squares[c.index()].len() != 1 || self.royal_squares[(!c).index()].len() != 1 {
            return false;
        }
        if !self.alone(c) {
            return false;
        }
        let theirs: Vec<u16> = self.pieces[(!c).index()]
            .iter()
            .copied()
            .filter(|&sq| !matches!(code(sq), "P" | "GB") && !self.dead(sq))
            .collect();
        if theirs.len() < 2 || self.in_check(!c) {
            return false;
        }
        let king = self.pieces[c.index()]
            .iter()
            .copied()
            .find(|&sq| self.rules.kinds[kind_of(self.cells[sq as usize]) as usize].royal)
            .expect("a royal piece");
        theirs.len() > 2 || theirs.iter().all(|&sq| self.distance(king, sq) > 1)
    }

    /// Whether `c` has one piece that can still move (its royal, where it has one): the
    /// count stops at the second.
    fn alone(&self, c: Color) -> bool {
        self.pieces[c.index()]
            .iter()
            .filter(|&&sq| !self.dead(sq))
            .take(2)
            .count()
            == 1
    }

    /// A piece that can never move again from where it stands (a pawn or lance on its side's
    /// last rank; in dai also a knight on the last two, an iron or stone general on the last),
    /// which the bare-king rule does not count.
    pub(super) fn dead(&self, sq: u16) -> bool {
        let c = self.cells[sq as usize];
        self.depth(sq, side_of(c)) < self.rules.kinds[kind_of(c) as usize].dead_ranks
    }
}
