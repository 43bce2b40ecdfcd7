//! Entering-king (nyugyoku) declaration rules.
//!
//! CSA rules (YaneuraOu's `EnteringKingRule` names): the side to move may declare a win when
//! its king stands in the enemy camp (the three far ranks), it is not in check, at least ten of
//! its other pieces stand in the enemy camp, and its points reach the threshold. Points: bishop
//! and rook (promoted or not) 5, every other piece 1, counting the pieces in the enemy camp
//! (king excluded) and every piece in hand.
//! - 27-point rule: Black needs 28, White 27.
//! - 24-point rule: 31 wins (24 to 30 would only be a draw, which is not declared).
//! - The `H` forms are for handicap games: the pieces missing from the set (the ones the giver,
//!   White, took off the board) count for White.
//! - Try rule: instead of declaring, a king that reaches the enemy king's starting square (5a for
//!   Black, 5i for White) wins; the winning move is a normal king move.

use super::attacks::king_attacks;
use super::bitboard::Bitboard;
use super::hand::Hand;
use super::moves::Move;
use super::position::Position;
use super::types::{sq, Color, PieceKind};

/// Which entering-king rule is in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EnteringKingRule {
    /// No declaration.
    NoEnteringKing,
    /// 24-point rule (31 points declare a win).
    CsaRule24,
    /// 24-point rule, handicap-aware.
    CsaRule24H,
    /// 27-point rule (Black 28, White 27).
    #[default]
    CsaRule27,
    /// 27-point rule, handicap-aware.
    CsaRule27H,
    /// The try rule: reaching the enemy king's starting square wins.
    TryRule,
}

impl EnteringKingRule {
    /// All rules with their USI names.
    pub const ALL: [(EnteringKingRule, &'static str); 6] = [
        (EnteringKingRule::NoEnteringKing, "NoEnteringKing"),
        (EnteringKingRule::CsaRule24, "CSARule24"),
        (EnteringKingRule::CsaRule24H, "CSARule24H"),
        (EnteringKingRule::CsaRule27, "CSARule27"),
        (EnteringKingRule::CsaRule27H, "CSARule27H"),
        (EnteringKingRule::TryRule, "TryRule"),
    ];

    /// The rule with this USI name (case-insensitive).
    pub fn from_name(name: &str) -> Option<EnteringKingRule> {
        Self::ALL
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(name))
            .map(|(r, _)| *r)
    }

    /// The USI name.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(r, _)| *r == self)
            .map(|(_, n)| *n)
            .unwrap_or("")
    }
}

/// What the side to move can claim under an entering-king rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Declaration {
    /// Declare a win now (`bestmove win`).
    Win,
    /// Play this king move to the try square, which wins.
    TryMove(Move),
}

fn points(kind: PieceKind) -> u32 {
    match kind.unpromote() {
        PieceKind::Bishop | PieceKind::Rook => 5,
        PieceKind::King => 0,
        _ => 1,
    }
}

fn hand_points(hand: Hand) -> u32 {
    PieceKind::HAND
        .iter()
        .map(|&k| hand.count(k) * points(k))
        .sum()
}

/// Points of the pieces missing from a full set (taken off in a handicap game).
fn missing_points(pos: &Position) -> u32 {
    let mut missing = 0;
    for kind in PieceKind::HAND {
        let on_board = (pos.kind_pieces(kind) | pos.kind_pieces(kind.promote())).count();
        let in_hand = pos.hand(Color::Black).count(kind) + pos.hand(Color::White).count(kind);
        let full = Hand::MAX[kind.index()];
        missing += full.saturating_sub(on_board + in_hand) * points(kind);
    }
    missing
}

impl Position {
    /// Declaration points of `c`: its pieces in the enemy camp (king excluded) and in hand.
    pub fn declaration_points(&self, c: Color) -> u32 {
        let camp = Bitboard::zone(c) & self.color_pieces(c);
        let board: u32 = camp
            .map(|s| points(self.piece_on(s).expect("occupied").kind()))
            .sum();
        board + hand_points(self.hand(c))
    }

    /// What the side to move may claim under `rule`, if anything.
    pub fn declaration(&self, rule: EnteringKingRule) -> Option<Declaration> {
        let us = self.side_to_move();
        let king = self.king_square(us)?;
        if self.in_check() {
            return None;
        }
        if rule == EnteringKingRule::TryRule {
            let target = match us {
                Color::Black => sq::SQ_5A,
                Color::White => sq::SQ_5I,
            };
            if !king_attacks(king).contains(target) || self.color_pieces(us).contains(target) {
                return None;
            }
            let without_king = self.occupied() - Bitboard::from_square(king);
            if self.is_attacked(target, !us, without_king) {
                return None;
            }
            return Some(Declaration::TryMove(Move::board(king, target, false)));
        }
        let (threshold, handicap) = match rule {
            EnteringKingRule::NoEnteringKing | EnteringKingRule::TryRule => return None,
            EnteringKingRule::CsaRule24 => (31, false),
            EnteringKingRule::CsaRule24H => (31, true),
            EnteringKingRule::CsaRule27 => (if us == Color::Black { 28 } else { 27 }, false),
            EnteringKingRule::CsaRule27H => (if us == Color::Black { 28 } else { 27 }, true),
        };
        if !Bitboard::zone(us).contains(king) {
            return None;
        }
        let camp = Bitboard::zone(us) & self.color_pieces(us);
        if camp.count() < 11 {
            return None; // ten pieces besides the king
        }
        let mut p = self.declaration_points(us);
        if handicap && us == Color::White {
            p += missing_points(self);
        }
        (p >= threshold).then_some(Declaration::Win)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csa27_thresholds() {
        // Black king on 5b; in camp 8 tokins + rook + bishop = 10 pieces, 18 points; hand 17.
        let p =
            Position::from_sfen("+P+P+P+P+P+P+P+P1/RB2K4/9/9/9/9/9/9/4k4 b 2G2S2N2L9P 1").unwrap();
        assert_eq!(p.declaration_points(Color::Black), 35);
        assert_eq!(
            p.declaration(EnteringKingRule::CsaRule27),
            Some(Declaration::Win)
        );
        assert_eq!(
            p.declaration(EnteringKingRule::CsaRule24),
            Some(Declaration::Win)
        );
        assert_eq!(p.declaration(EnteringKingRule::NoEnteringKing), None);
        // Nine pieces in the camp: not enough, whatever the points.
        let p =
            Position::from_sfen("+P+P+P+P+P+P+P2/RB2K4/9/9/9/9/9/9/4k4 b 2G2S2N2L10P 1").unwrap();
        assert_eq!(p.declaration(EnteringKingRule::CsaRule27), None);
    }

    #[test]
    fn points_threshold_differs_by_rule_and_side() {
        // Camp: 8 tokins and 2 golds (10 points); hand R B 8P (18): 28 points.
        let p = Position::from_sfen("+P+P+P+P+P+P+P+P1/GG2K4/9/9/9/9/9/9/4k4 b RB8P 1").unwrap();
        assert_eq!(p.declaration_points(Color::Black), 28);
        assert_eq!(
            p.declaration(EnteringKingRule::CsaRule27),
            Some(Declaration::Win)
        );
        assert_eq!(p.declaration(EnteringKingRule::CsaRule24), None);
        // 27 points: enough for White, not for Black.
        let p = Position::from_sfen("+P+P+P+P+P+P+P+P1/GG2K4/9/9/9/9/9/9/4k4 b RB7P 1").unwrap();
        assert_eq!(p.declaration(EnteringKingRule::CsaRule27), None);
        let w = Position::from_sfen("4K4/9/9/9/9/9/9/4k2gg/1+p+p+p+p+p+p+p+p w rb7p 1").unwrap();
        assert_eq!(w.declaration_points(Color::White), 27);
        assert_eq!(
            w.declaration(EnteringKingRule::CsaRule27),
            Some(Declaration::Win)
        );
        // Handicap-aware: pieces missing from the set count for White (here 8 pawns, 1 gold,
        // 2 silvers ... are missing; any missing piece lifts White over 31).
        assert_eq!(w.declaration(EnteringKingRule::CsaRule24), None);
        assert_eq!(
            w.declaration(EnteringKingRule::CsaRule24H),
            Some(Declaration::Win)
        );
    }

    #[test]
    fn no_declaration_in_check() {
        let p = Position::from_sfen("+P+P+P+P+P+P+P+P1/RB2K4/9/4r4/9/9/9/9/4k4 b 2G2S2N2L9P 1")
            .unwrap();
        assert!(p.in_check());
        assert_eq!(p.declaration(EnteringKingRule::CsaRule27), None);
    }

    #[test]
    fn try_rule() {
        let p = Position::from_sfen("9/4K4/9/9/9/9/9/9/4k4 b - 1").unwrap();
        assert_eq!(
            p.declaration(EnteringKingRule::TryRule).map(|d| match d {
                Declaration::TryMove(m) => m.to_string(),
                Declaration::Win => "win".into(),
            }),
            Some("5b5a".into())
        );
        // The try square is attacked: no try.
        let p = Position::from_sfen("r8/4K4/9/9/9/9/9/9/4k4 b - 1").unwrap();
        assert_eq!(p.declaration(EnteringKingRule::TryRule), None);
    }
}
