//! The variants' evaluation, for Black in centipawns: material, each kind valued by its
//! mobility on the empty board (`piece_values`), and, unless only material is asked for
//! (`Eval_Form` off), the form of the position:
//!
//! - promotion potential: a piece that may promote is worth part of what promotion would add,
//!   more the nearer it stands to the zone (a tenth of it where promotion comes by capture);
//! - advance: pawns and the other short-range pieces are worth a little more the farther they
//!   have gone;
//! - royal safety: a royal piece loses for each rank it has left its camp, gains for each of
//!   its own pieces next to it, and loses for each enemy within two squares, by the enemy's
//!   value (a lion power counts double: it takes two pieces a move);
//! - pieces in hand (the small variants) are worth a tenth more than on the board.
//!
//! The terms are set by hand from the way the large games are played; their weights are the
//! constants below, to be tuned from games.

use crate::variant::catalogue::Special;
use crate::variant::rules::{Promotion, Rules};
use crate::variant::{betza, VPosition};

/// Promotion potential, percent of the gain, by ranks from the zone (0: in it).
const PROMOTION_PERCENT: [i32; 4] = [25, 20, 12, 6];
/// Promotion potential where pieces promote by capturing, percent of the gain.
const PROMOTION_ON_CAPTURE_PERCENT: i32 = 10;
/// Advance of a short-range piece, centipawns a rank (a pawn: twice this).
const ADVANCE: i32 = 2;
/// A royal piece's penalty for each rank beyond the second of its camp.
const ROYAL_ADVANCE: i32 = 25;
/// A royal piece's bonus for each of its own pieces next to it (at most 6 count).
const ROYAL_GUARD: i32 = 12;
/// A royal piece's penalty for each enemy within two squares: this share of its value, in
/// 1/64ths.
const ROYAL_THREAT_64THS: i32 = 6;

/// Material values of a variant's kinds, centipawns: from the number of squares a piece reaches
/// from an average square of the empty board (a pawn about 100), doubled for the lion, two and
/// a half times for the hook movers, a fifth more for the other lion powers, more for tenjiku's
/// burning and jumping pieces, royal pieces none (their loss ends the game).
pub fn piece_values(rules: &Rules) -> Vec<i32> {
    let (files, ranks) = (rules.files as i32, rules.ranks as i32);
    rules
        .kinds
        .iter()
        .map(|k| {
            if k.royal {
                return 0;
            }
            let mut total = 0usize;
            for x in 0..files {
                for y in 0..ranks {
                    total += betza::reach_from(&k.rays, files, ranks, x, y);
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
                Special::ViceGeneral => 1.8,
                // A lion's leaps and a bishop's slides beyond them.
                Special::LionHawk => 2.6,
                Special::FreeEagle | Special::Tetrarchs => 1.3,
            };
            (100.0 * mobility.max(0.5).powf(0.85) * special).round() as i32
        })
        .collect()
}

/// A variant's evaluation tables.
pub struct VariantEval {
    values: Vec<i32>,
    /// Promotion gain of each kind (its promoted kind's value less its own; 0: none).
    gain: Vec<i32>,
    /// Short-range kinds (that gain from advancing), and pawns.
    advance: Vec<i32>,
    /// Lion powers (a double threat near a royal piece).
    lion: Vec<bool>,
    royal: Vec<bool>,
    promotion: Promotion,
    form: bool,
    ranks: i32,
}

impl VariantEval {
    /// The evaluation of `rules`' variant; `form` off leaves material only.
    pub fn new(rules: &Rules, form: bool) -> VariantEval {
        let values = piece_values(rules);
        let gain = rules
            .kinds
            .iter()
            .enumerate()
            .map(|(i, k)| match k.promotes_to {
                Some(p) if !k.promoted => (values[p as usize] - values[i]).max(0),
                _ => 0,
            })
            .collect();
        let advance = rules
            .kinds
            .iter()
            .enumerate()
            .map(|(i, k)| {
                if k.royal {
                    0
                } else if k.piece.code == "P" {
                    2 * ADVANCE
                } else if values[i] <= 400 {
                    ADVANCE
                } else {
                    0
                }
            })
            .collect();
        VariantEval {
            gain,
            advance,
            lion: rules
                .kinds
                .iter()
                .map(|k| {
                    k.lion
                        || matches!(
                            k.special,
                            Special::Lion | Special::LionHawk | Special::FireDemon
                        )
                })
                .collect(),
            royal: rules.kinds.iter().map(|k| k.royal).collect(),
            values,
            promotion: rules.promotion,
            form,
            ranks: rules.ranks as i32,
        }
    }

    /// The material value of each kind.
    pub fn values(&self) -> &[i32] {
        &self.values
    }

    /// The score for Black.
    pub fn evaluate(&self, pos: &VPosition) -> i32 {
        let mut score = material(pos, &self.values);
        if self.form {
            score += self.form(pos, 0) - self.form(pos, 1);
        }
        score
    }

    /// `side`'s form terms.
    pub fn form(&self, pos: &VPosition, side: usize) -> i32 {
        let mut score = 0;
        let zone = match self.promotion {
            Promotion::Zone(d) | Promotion::ChuZone(d) => Some(d as i32),
            _ => None,
        };
        for &sq in pos.pieces(side) {
            let Some((k, _)) = pos.piece_at(sq) else {
                continue;
            };
            let k = k as usize;
            // Ranks from the far end (0: the last rank), and from the own end.
            let (_, row) = pos.coords(sq);
            let far = if side == 0 {
                row as i32
            } else {
                self.ranks - 1 - row as i32
            };
            let advanced = self.ranks - 1 - far;
            if self.royal[k] {
                score -= ROYAL_ADVANCE * (advanced - 1).max(0);
                score += self.royal_safety(pos, sq, side);
                continue;
            }
            score += self.advance[k] * advanced;
            if self.gain[k] > 0 {
                let percent = match zone {
                    Some(d) => {
                        let away = (far - d + 1).max(0) as usize;
                        PROMOTION_PERCENT.get(away).copied().unwrap_or(0)
                    }
                    None => match self.promotion {
                        Promotion::OnCapture => PROMOTION_ON_CAPTURE_PERCENT,
                        _ => 0,
                    },
                };
                score += self.gain[k] * percent / 100;
            }
        }
        score
    }

    /// The guards next to the royal piece on `king`, less the enemies within two squares.
    fn royal_safety(&self, pos: &VPosition, king: u16, side: usize) -> i32 {
        let (kf, kr) = pos.coords(king);
        let (files, ranks) = (pos.rules().files as usize, pos.rules().ranks as usize);
        let mut guards = 0;
        let mut threat = 0;
        for r in kr.saturating_sub(2)..(kr + 3).min(ranks) {
            for f in kf.saturating_sub(2)..(kf + 3).min(files) {
                let Some((k, s)) = pos.piece_at(pos.square(f, r)) else {
                    continue;
                };
                let k = k as usize;
                if s == side {
                    if !self.royal[k] && kf.abs_diff(f) <= 1 && kr.abs_diff(r) <= 1 {
                        guards += 1;
                    }
                } else if !self.royal[k] {
                    let v = self.values[k] * ROYAL_THREAT_64THS / 64;
                    threat += if self.lion[k] { 2 * v } else { v };
                }
            }
        }
        ROYAL_GUARD * guards.min(6) - threat
    }
}

/// Material for Black: the `values` of the pieces on the board, and a tenth more for those in
/// hand.
pub fn material(pos: &VPosition, values: &[i32]) -> i32 {
    let rules = pos.rules();
    let mut score = 0;
    for (side, sign) in [(0, 1), (1, -1)] {
        for &sq in pos.pieces(side) {
            if let Some((k, _)) = pos.piece_at(sq) {
                score += sign * values[k as usize];
            }
        }
    }
    if rules.drops {
        for k in 0..rules.kinds.len() as u8 {
            let v = values[k as usize] * 11 / 10;
            score += v * (pos.in_hand(0, k) as i32 - pos.in_hand(1, k) as i32);
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantId;

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
    }

    #[test]
    fn point_symmetric_starts_are_even() {
        for id in VariantId::ALL {
            let pos = VPosition::start(id);
            let eval = VariantEval::new(id.rules(), true);
            // The camps are each other's turned half way round where both forms agree.
            if eval.form(&pos, 0) == eval.form(&pos, 1) {
                assert_eq!(eval.evaluate(&pos), 0, "{}", id.rules().name);
            }
        }
        for id in [VariantId::Chu, VariantId::Tenjiku, VariantId::Mini] {
            let pos = VPosition::start(id);
            let eval = VariantEval::new(id.rules(), true);
            assert_eq!(eval.evaluate(&pos), 0, "{}", id.rules().name);
        }
    }

    #[test]
    fn form_rewards_a_pawn_near_the_zone_and_a_guarded_king() {
        let id = VariantId::Chu;
        let eval = VariantEval::new(id.rules(), true);
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
        let material = VariantEval::new(id.rules(), false);
        let m = |sfen: &str| material.evaluate(&VPosition::from_sfen(id, sfen).unwrap());
        assert_eq!(
            m("k11/12/12/12/12/12/12/12/12/1G10/12/K11 b - 1"),
            m("k11/12/12/12/12/12/12/12/12/12/1G10/K11 b - 1")
        );
    }
}
