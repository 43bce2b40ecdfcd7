//! Repetition: sennichite, perpetual check, and superior/inferior repeated positions.
//!
//! In a game, the fourth occurrence of a position (same board, hands and side to move) ends it:
//! a draw, unless one side gave check with every move of the cycle, in which case that side loses.
//! A search treats the first repetition inside its tree as final, as engines do. A "superior"
//! repetition is the same board and side to move where one side now holds strictly more in hand:
//! that side has gained material going round the cycle.

use super::position::Position;

/// What a repeated position means for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// Sennichite: a draw.
    Draw,
    /// The opponent checked on every move of the cycle: the side to move wins.
    Win,
    /// The side to move checked on every move of the cycle: it loses.
    Loss,
    /// Same board, and the side to move holds more in hand than before.
    Superior,
    /// Same board, and the side to move holds less in hand than before.
    Inferior,
}

impl Position {
    /// The most recent earlier occurrence of this board (same side to move) within the last
    /// `max_plies` plies, and what it means; `None` if the board has not occurred.
    pub fn repetition(&self, max_plies: usize) -> Option<Repetition> {
        let st = self.state();
        let history = self.history();
        let limit = max_plies
            .min(st.plies_from_null as usize)
            .min(history.len());
        let us = self.side_to_move();
        let them = !us;
        let mut back = 4;
        while back <= limit {
            let old = &history[history.len() - back];
            if old.board_key == st.board_key {
                if old.hands == st.hands {
                    let moves_each = (back / 2) as u16;
                    return Some(if st.continuous_checks[them.index()] >= moves_each {
                        Repetition::Win
                    } else if st.continuous_checks[us.index()] >= moves_each {
                        Repetition::Loss
                    } else {
                        Repetition::Draw
                    });
                }
                let (now, before) = (st.hands[us.index()], old.hands[us.index()]);
                if now.dominates(before) {
                    return Some(Repetition::Superior);
                }
                if before.dominates(now) {
                    return Some(Repetition::Inferior);
                }
            }
            back += 2;
        }
        None
    }

    /// How many times the current position (board, hands, side to move) occurred before in the
    /// recorded history. Sennichite ends a game when this reaches 3 (the fourth occurrence).
    pub fn repetition_count(&self) -> usize {
        let st = self.state();
        self.history()
            .iter()
            .rev()
            .skip(3)
            .step_by(2)
            .filter(|old| old.board_key == st.board_key && old.hands == st.hands)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::{generate_all, MoveList};

    fn play(pos: &mut Position, usi: &str) {
        let mut list = MoveList::new();
        generate_all(pos, &mut list);
        let m = *list.iter().find(|m| m.to_string() == usi).expect(usi);
        pos.make_move(m);
    }

    #[test]
    fn quiet_cycle_is_a_draw() {
        let mut p = Position::startpos();
        assert_eq!(p.repetition(100), None);
        for m in ["5i5h", "5a5b", "5h5i", "5b5a"] {
            play(&mut p, m);
        }
        assert_eq!(p.repetition(100), Some(Repetition::Draw));
        assert_eq!(p.repetition_count(), 1);
    }

    #[test]
    fn perpetual_check_loses_for_the_checker() {
        // Black's rook chases the king along ranks a and b, checking every move.
        let mut p = Position::from_sfen("4k4/9/9/9/9/9/9/9/R3K4 b - 1").unwrap();
        for m in ["9i9a", "5a5b", "9a9b", "5b5a", "9b9a"] {
            play(&mut p, m);
        }
        // White to move; Black checked on every move of the cycle: White wins.
        assert_eq!(p.repetition(100), Some(Repetition::Win));
        for m in ["5a5b", "9a9b", "5b5a"] {
            play(&mut p, m);
        }
        // Black, the checker, to move in a repeated position: Black loses.
        assert_eq!(p.repetition(100), Some(Repetition::Loss));
    }
}
