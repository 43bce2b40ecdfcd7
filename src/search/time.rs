//! Time management: from the clock to an optimum and a maximum thinking time for one move.
//!
//! - Byoyomi only (no main time left): think for the byoyomi less the overhead, every move
//!   (unused byoyomi is lost, so the search does not stop early).
//! - Main time (with or without byoyomi or increment): aim at a slice of the main time plus most
//!   of the byoyomi/increment, never more than a sixth of the main time plus the byoyomi.
//! - Keep `overhead` ms for the GUI and the pipe, but at most a fifth of what is available (or
//!   `MIN_KEPT_MS`, up to two fifths), so that a short byoyomi is still used with room for a
//!   loaded machine: 70 ms of 100, 160 of 200, 900 of 1000 with the default overhead.
//!
//! Every number comes from the GUI and may be absurd (`btime 9223372036854775807`): each is
//! first capped at `MAX_CLOCK_MS`, and the arithmetic saturates.

use super::limits::Limits;
use crate::shogi::Color;
use std::time::Duration;

/// How long one search may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Stop starting new iterations once this much time is used (scaled by how settled the
    /// best move is, when `flexible`).
    pub optimum: Duration,
    /// Stop the search, wherever it is, at this time.
    pub maximum: Duration,
    /// Whether time saved now is time gained later. With only byoyomi (or `movetime`) it is
    /// not: the search then uses its whole budget.
    pub flexible: bool,
}

/// Clock values above this (about 31 years) are read as this: no game needs more, and the
/// budget's arithmetic (sums, scaling by small factors) cannot overflow below it.
pub const MAX_CLOCK_MS: u64 = 1_000_000_000_000;

/// The least kept back of a short clock (less only where the overhead is set lower): on a
/// loaded machine the answer came up to 17 ms after the search's time (taikyoku, byoyomi 100).
pub const MIN_KEPT_MS: u64 = 30;

/// The budget for `us` under `limits`, or `None` for a search with no time limit.
pub fn budget(limits: &Limits, us: Color, overhead_ms: u64) -> Option<TimeBudget> {
    let overhead_ms = overhead_ms.min(MAX_CLOCK_MS);
    if let Some(mt) = limits.movetime {
        let mt = mt.min(MAX_CLOCK_MS);
        let t = mt.saturating_sub(overhead_ms.min(mt / 4)).max(1);
        return Some(TimeBudget {
            optimum: Duration::from_millis(t),
            maximum: Duration::from_millis(t),
            flexible: false,
        });
    }
    if !limits.has_clock() {
        return None;
    }
    let main = limits.time[us.index()].unwrap_or(0).min(MAX_CLOCK_MS);
    let inc = limits.inc[us.index()].min(MAX_CLOCK_MS);
    let byo = limits.byoyomi.min(MAX_CLOCK_MS);
    // The most this move can take without flagging, less the overhead: at most a fifth, or
    // `MIN_KEPT_MS`, but never more than two fifths (a clock nearly run out).
    let hard = {
        let total = main.saturating_add(byo);
        let kept = (total / 5).max(MIN_KEPT_MS).min(total / 5 * 2);
        total.saturating_sub(overhead_ms.min(kept)).max(1)
    };
    let (optimum, maximum) = if main == 0 {
        (hard, hard)
    } else {
        let optimum = (main / 35)
            .saturating_add(inc / 4 * 3)
            .saturating_add(byo / 10 * 9);
        let maximum = (main / 6).saturating_add(inc).saturating_add(byo).min(hard);
        (optimum.min(maximum), maximum)
    };
    Some(TimeBudget {
        optimum: Duration::from_millis(optimum.max(1)),
        maximum: Duration::from_millis(maximum.max(1)),
        flexible: main > 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(main: u64, inc: u64, byo: u64) -> Limits {
        Limits {
            time: [Some(main), Some(main)],
            inc: [inc, inc],
            byoyomi: byo,
            ..Limits::default()
        }
    }

    #[test]
    fn byoyomi_only_uses_the_byoyomi_less_overhead() {
        let b = budget(&clock(0, 0, 1000), Color::Black, 100).unwrap();
        assert_eq!(b.maximum, Duration::from_millis(900));
    }

    #[test]
    fn short_byoyomi_is_still_used() {
        let think = |byo: u64, overhead: u64| {
            budget(&clock(0, 0, byo), Color::Black, overhead)
                .unwrap()
                .maximum
                .as_millis()
        };
        assert_eq!(think(100, 100), 70);
        assert_eq!(think(200, 100), 160);
        assert_eq!(think(300, 100), 240);
        assert_eq!(think(1000, 100), 900);
        // A lower overhead is kept whole.
        assert_eq!(think(100, 10), 90);
        assert_eq!(think(50, 100), 30);
        assert_eq!(think(20, 100), 12);
    }

    #[test]
    fn nearly_flagged_still_answers_in_time() {
        let b = budget(&clock(100, 0, 0), Color::White, 100).unwrap();
        assert!(b.maximum <= Duration::from_millis(25));
        assert!(b.optimum <= b.maximum);
    }

    #[test]
    fn sudden_death_never_plans_past_the_clock() {
        for main in [1u64, 50, 500, 5_000, 60_000, 600_000] {
            let b = budget(&clock(main, 0, 0), Color::Black, 100).unwrap();
            assert!(b.maximum.as_millis() as u64 <= main.max(1));
        }
    }

    #[test]
    fn absurd_clock_values_give_a_budget_without_overflow() {
        let huge = [u64::MAX, i64::MAX as u64, MAX_CLOCK_MS + 1];
        for &h in &huge {
            for limits in [
                Limits {
                    time: [Some(h), Some(0)],
                    byoyomi: h,
                    ..Limits::default()
                },
                clock(h, h, h),
                clock(0, h, 0),
                clock(0, 0, h),
                Limits {
                    movetime: Some(h),
                    ..Limits::default()
                },
            ] {
                for us in [Color::Black, Color::White] {
                    for overhead in [0, 100, h] {
                        let b = budget(&limits, us, overhead).unwrap();
                        assert!(b.optimum <= b.maximum);
                        assert!(b.maximum <= Duration::from_millis(2 * MAX_CLOCK_MS));
                        // The search scales the optimum by at most a few times.
                        let _ = b.optimum.mul_f32(4.0);
                    }
                }
            }
        }
    }

    #[test]
    fn no_clock_means_no_budget() {
        assert_eq!(budget(&Limits::default(), Color::Black, 100), None);
    }
}
