//! The flags a running search shares with whoever started it: stop, ponder and ponderhit (with
//! the clock it may bring), and the helpers' node count.

use super::limits::Limits;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Flags shared between the front end and a running search.
#[derive(Default)]
pub struct SearchControl {
    stop: AtomicBool,
    /// Nodes searched by the helper threads (Lazy SMP), added in steps as they go.
    pub(super) helper_nodes: AtomicU64,
    pondering: AtomicBool,
    ponderhit_at: Mutex<Option<Instant>>,
    /// A clock sent with `ponderhit`, not yet taken over by the search.
    ponderhit_clock: Mutex<Option<Limits>>,
    has_ponderhit_clock: AtomicBool,
}

impl SearchControl {
    /// A fresh control block.
    pub fn new() -> Arc<SearchControl> {
        Arc::new(SearchControl::default())
    }

    /// Asks the search to stop as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the clock now applies.
    /// `clock`, if given, replaces the clock of the `go ponder` command.
    pub fn ponderhit(&self, clock: Option<Limits>) {
        let at = clock
            .as_ref()
            .and_then(|c| c.received)
            .unwrap_or_else(Instant::now);
        *self.ponderhit_at.lock().expect("ponderhit lock") = Some(at);
        if let Some(c) = clock {
            *self.ponderhit_clock.lock().expect("ponderhit lock") = Some(c);
            self.has_ponderhit_clock.store(true, Ordering::SeqCst);
        }
        self.pondering.store(false, Ordering::SeqCst);
    }

    /// The clock sent with `ponderhit`, once.
    pub(super) fn take_ponderhit_clock(&self) -> Option<Limits> {
        if !self.has_ponderhit_clock.swap(false, Ordering::SeqCst) {
            return None;
        }
        self.ponderhit_clock.lock().expect("ponderhit lock").take()
    }

    /// Whether the search is pondering (no time limit until `ponderhit`).
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Resets the flags for a new search.
    pub fn reset(&self, ponder: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.helper_nodes.store(0, Ordering::SeqCst);
        self.has_ponderhit_clock.store(false, Ordering::SeqCst);
        *self.ponderhit_clock.lock().expect("ponderhit lock") = None;
        self.pondering.store(ponder, Ordering::SeqCst);
        *self.ponderhit_at.lock().expect("ponderhit lock") = None;
    }

    /// When the clock started: at `ponderhit` if the search was pondering, else `start`.
    pub(super) fn clock_start(&self, start: Instant) -> Instant {
        self.ponderhit_at
            .lock()
            .expect("ponderhit lock")
            .unwrap_or(start)
    }
}
