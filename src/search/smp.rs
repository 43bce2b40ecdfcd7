//! Lazy SMP: several threads search the same root at once, sharing only the transposition table.

use super::board::SearchBoard;
use super::limits::{Limits, SearchOptions};
use super::params::SEARCH_STACK_BYTES;
use super::result::{SearchEvent, SearchResult};
use super::Searcher;

impl<B: SearchBoard> Searcher<B> {
    /// Searches `pos` under `limits`, reporting progress to `report`. Returns the best move.
    ///
    /// With `options.threads > 1`, helper threads search the same position at the same time
    /// (Lazy SMP): they share only the transposition table, start at staggered depths so that
    /// their trees differ, never report, and stop when this thread has its answer.
    pub fn search(
        &mut self,
        pos: &mut B,
        limits: &Limits,
        options: &SearchOptions,
        report: &mut dyn FnMut(SearchEvent<B::Move>),
    ) -> SearchResult<B::Move> {
        if options.threads <= 1 {
            return self.iterate(pos, limits, options, report);
        }
        let root = pos.clone();
        while self.helpers.len() < options.threads - 1 {
            let mut helper = Searcher::new(self.tt.clone(), self.control.clone());
            helper.helper_id = self.helpers.len() + 1;
            self.helpers.push(helper);
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        let result = std::thread::scope(|scope| {
            let mut running = Vec::new();
            for helper in helpers.iter_mut().take(options.threads - 1) {
                let id = helper.helper_id;
                let mut helper_pos = root.clone();
                let helper_limits = Limits {
                    infinite: true,
                    time: [None, None],
                    inc: [0, 0],
                    byoyomi: 0,
                    movetime: None,
                    nodes: None,
                    ponder: false,
                    ..limits.clone()
                };
                let helper_options = SearchOptions {
                    multipv: 1,
                    ..options.clone()
                };
                let spawned = std::thread::Builder::new()
                    .name(format!("helper-{id}"))
                    .stack_size(SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        helper.iterate(
                            &mut helper_pos,
                            &helper_limits,
                            &helper_options,
                            &mut |_| {},
                        )
                    });
                match spawned {
                    Ok(h) => running.push(h),
                    Err(e) => log::warn!("cannot start helper thread {id}: {e}"),
                }
            }
            let result = self.iterate(pos, limits, options, report);
            // The main thread has its answer: release the helpers.
            self.control.stop();
            for h in running {
                let _ = h.join();
            }
            result
        });
        self.helpers = helpers;
        result
    }
}
