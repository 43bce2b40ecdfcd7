//! The transposition table: lock-free entries that several search threads may share.
//!
//! Each entry is two `AtomicU64`s: the data word and the key XORed with the data word. A reader
//! that sees a torn write (data from one store, key from another) gets a key that does not match
//! and treats the entry as empty, so no lock is needed. Entries sit in buckets of four (one cache
//! line); a store replaces the same key, else the entry with the least depth and oldest age.
//! The table has as many buckets as the size asked for holds (any number, not only a power of
//! two): a key's bucket is the high half of `key * buckets`.
//!
//! ```text
//! data: bits 0..16 move | 16..32 value (i16) | 32..48 static eval (i16) | 48..56 depth | 56..58 bound | 58..64 age
//! ```

pub use super::zeroed::PREFAULT_MAX_MB;
use super::zeroed::{split_over_cores, Zeroable, ZeroedBlock};
use crate::eval::Value;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

/// Stored as the static evaluation when there is none (the side to move was in check).
pub const EVAL_NONE: Value = i16::MIN as Value;

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// No information.
    None = 0,
    /// The true value is at most this (fail low).
    Upper = 1,
    /// The true value is at least this (fail high).
    Lower = 2,
    /// The exact value.
    Exact = 3,
}

/// A copy of one entry, as read.
#[derive(Clone, Copy, Debug)]
pub struct TtHit {
    /// Best move found, if any, as its board encodes it (`SearchBoard::encode`; still to be
    /// checked for legality: keys collide).
    pub mv: Option<u16>,
    /// Stored value, adjusted for mate distance by the caller.
    pub value: Value,
    /// Static evaluation of the position, or `EVAL_NONE`.
    pub eval: Value,
    /// Depth the value was searched to.
    pub depth: i32,
    /// Bound type.
    pub bound: Bound,
}

#[derive(Default)]
struct Entry {
    key: AtomicU64,
    data: AtomicU64,
}

const BUCKET: usize = 4;

/// Four entries on one 64-byte cache line (a probe touches one line, never two).
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; BUCKET]);

// SAFETY: a bucket is atomics, all valid at zero (the empty entries `Bucket::default` makes),
// and 64-byte aligned.
unsafe impl Zeroable for Bucket {}

/// A table size whose memory cannot be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSizeError(pub usize);

impl std::fmt::Display for TableSizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot allocate {} MiB for the hash table", self.0)
    }
}

impl std::error::Error for TableSizeError {}

/// A shared transposition table.
pub struct TranspositionTable {
    buckets: ZeroedBlock<Bucket>,
    /// The size asked for, MiB.
    size_mb: usize,
    age: AtomicU8,
    /// Something was stored since the table was made or cleared (a clean table is not
    /// cleared again: `usinewgame` after `isready` costs nothing).
    dirty: AtomicBool,
}

impl TranspositionTable {
    /// A table of `mb` mebibytes (at least one bucket), or an error if the memory cannot be had.
    ///
    /// The memory comes zeroed from the system (an empty bucket is all zero bytes) instead of
    /// being written here, so that a table of gigabytes is ready at once; its pages are
    /// touched as the search first uses them.
    pub fn try_new(mb: usize) -> Result<TranspositionTable, TableSizeError> {
        let bytes = mb.saturating_mul(1024 * 1024);
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let buckets = ZeroedBlock::new(n).ok_or(TableSizeError(mb))?;
        Ok(TranspositionTable {
            buckets,
            size_mb: mb,
            age: AtomicU8::new(0),
            dirty: AtomicBool::new(false),
        })
    }

    /// A table of `mb` mebibytes, for callers that choose a size known to fit (tests, tools).
    ///
    /// # Panics
    /// If the memory cannot be allocated.
    pub fn new(mb: usize) -> TranspositionTable {
        TranspositionTable::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The size asked for, in mebibytes.
    pub fn size_mb(&self) -> usize {
        self.size_mb
    }

    /// Whether anything was stored since the table was made or cleared.
    pub fn is_dirty(&self) -> bool {
        self.dirty.load(Ordering::Relaxed)
    }

    /// Number of buckets of four entries.
    pub fn buckets(&self) -> usize {
        self.buckets.len()
    }

    /// Forgets everything: nothing to do on a table nothing was stored in; otherwise the
    /// buckets are zeroed by as many threads as the machine has (a 4 GiB table in a fraction
    /// of a second instead of seconds).
    pub fn clear(&self) {
        self.age.store(0, Ordering::Relaxed);
        if !self.dirty.swap(false, Ordering::Relaxed) {
            return;
        }
        split_over_cores(self.buckets.len(), |part| {
            for e in self.buckets[part].iter().flat_map(|b| &b.0) {
                e.key.store(0, Ordering::Relaxed);
                e.data.store(0, Ordering::Relaxed);
            }
        });
    }

    /// Whether `clear` should empty the table in place (its pages stay mapped) rather than the
    /// table be swapped for a fresh one: a table of at most `PREFAULT_MAX_MB`, which writing
    /// empties in a few milliseconds, where a fresh one's pages fault as the next search
    /// first touches them (with huge pages, each fault zeroing 2 MiB: 100 to 200 ms of a short
    /// search's first move here, past a byoyomi of 100 ms).
    pub fn clears_in_place(&self) -> bool {
        self.size_mb <= PREFAULT_MAX_MB
    }

    /// Readies the table ahead of a search (`isready`): a table of at most `PREFAULT_MAX_MB`
    /// has its every page mapped now, by as many threads as the machine has, so that the
    /// search does not take the faults on its clock. What it holds is unchanged. (A larger one
    /// is left to be mapped as the search uses it: mapping gigabytes would take seconds.)
    pub fn prepare(&self) {
        if !self.clears_in_place() {
            return;
        }
        // One bucket a page (at least) written as it is. (A write: a read would map the
        // system's zero page, and the search's first store would fault again. And not an
        // `fetch_or(0)`, which the compiler makes a read.)
        let touch = |i: usize| {
            let key = &self.buckets[i].0[0].key;
            let v = key.load(Ordering::Relaxed);
            let _ = key.compare_exchange(v, v, Ordering::Relaxed, Ordering::Relaxed);
        };
        let stride = (4096 / std::mem::size_of::<Bucket>()).max(1);
        let n = self.buckets.len();
        split_over_cores(n.div_ceil(stride), |pages| {
            for page in pages {
                touch(page * stride);
            }
        });
        touch(n - 1);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let a = self.age.load(Ordering::Relaxed);
        self.age.store((a + 1) & 63, Ordering::Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &[Entry; BUCKET] {
        let index = (u128::from(key) * self.buckets.len() as u128) >> 64;
        &self.buckets[index as usize].0
    }

    /// Asks the CPU to start loading the bucket of `key`, so that a probe soon after finds it in
    /// cache (called right after a move is made, before the child node's other work).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.bucket(key).as_ptr() as *const i8;
            // SAFETY: `_mm_prefetch` is a hint that never faults, and `p` points into
            // `self.buckets`; SSE is part of the x86_64 baseline.
            unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtHit> {
        for e in self.bucket(key) {
            let data = e.data.load(Ordering::Relaxed);
            if data != 0 && e.key.load(Ordering::Relaxed) ^ data == key {
                return Some(decode(data));
            }
        }
        None
    }

    /// Stores a search result.
    #[inline]
    pub fn store(
        &self,
        key: u64,
        mv: Option<u16>,
        value: Value,
        eval: Value,
        depth: i32,
        bound: Bound,
    ) {
        if !self.dirty.load(Ordering::Relaxed) {
            self.dirty.store(true, Ordering::Relaxed);
        }
        let age = self.age.load(Ordering::Relaxed) as u64;
        let bucket = self.bucket(key);
        let mut victim = &bucket[0];
        let mut victim_score = i32::MAX;
        for e in bucket {
            let data = e.data.load(Ordering::Relaxed);
            if data == 0 || e.key.load(Ordering::Relaxed) ^ data == key {
                victim = e;
                if data != 0 {
                    let old = decode(data);
                    // Keep a deeper exact result of the same position from this search.
                    if bound != Bound::Exact && old.depth > depth + 2 && (data >> 58) == age {
                        return;
                    }
                }
                break;
            }
            let old_age = data >> 58;
            let age_diff = ((age + 64 - old_age) & 63) as i32;
            let score = ((data >> 48) & 0xff) as i32 - 8 * age_diff;
            if score < victim_score {
                victim_score = score;
                victim = e;
            }
        }
        // Keep the old move if this result has none and the position is the same.
        let old = victim.data.load(Ordering::Relaxed);
        let mv_bits = match mv {
            Some(m) => m as u64,
            None if victim.key.load(Ordering::Relaxed) ^ old == key => old & 0xffff,
            None => 0,
        };
        let data = mv_bits
            | ((value as i16 as u16 as u64) << 16)
            | ((eval as i16 as u16 as u64) << 32)
            | ((depth.clamp(0, 255) as u64) << 48)
            | ((bound as u64) << 56)
            | (age << 58);
        victim.data.store(data, Ordering::Relaxed);
        victim.key.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of sampled entries written in the current search (USI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) as u64;
        let n = (self.buckets.len() * BUCKET).min(1000);
        let used = self
            .buckets
            .iter()
            .flat_map(|b| &b.0)
            .take(n)
            .filter(|e| {
                let d = e.data.load(Ordering::Relaxed);
                d != 0 && d >> 58 == age
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

fn decode(data: u64) -> TtHit {
    TtHit {
        mv: std::num::NonZeroU16::new(data as u16).map(|m| m.get()),
        value: (data >> 16) as u16 as i16 as Value,
        eval: (data >> 32) as u16 as i16 as Value,
        depth: ((data >> 48) & 0xff) as i32,
        bound: match (data >> 56) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::sq::*;
    use crate::shogi::Move;

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1);
        let m = Move::board(SQ_7G, SQ_7F, false);
        tt.store(0xdead_beef_1234, Some(m.raw()), -1234, 56, 7, Bound::Lower);
        let hit = tt.probe(0xdead_beef_1234).unwrap();
        assert_eq!(hit.mv.and_then(Move::from_raw), Some(m));
        assert_eq!(hit.value, -1234);
        assert_eq!(hit.eval, 56);
        assert_eq!(hit.depth, 7);
        assert_eq!(hit.bound, Bound::Lower);
        assert!(tt.probe(0xdead_beef_1235).is_none());
        // "No static eval" survives the 16-bit packing, and so do mate scores.
        tt.store(42, None, -31_990, EVAL_NONE, 3, Bound::Upper);
        let hit = tt.probe(42).unwrap();
        assert_eq!((hit.value, hit.eval, hit.mv), (-31_990, EVAL_NONE, None));
        tt.clear();
        assert!(tt.probe(0xdead_beef_1234).is_none());
    }

    #[test]
    fn any_size_is_used_whole() {
        for mb in [1, 3, 100] {
            let tt = TranspositionTable::new(mb);
            assert_eq!(tt.size_mb(), mb);
            assert_eq!(tt.buckets() * std::mem::size_of::<Bucket>(), mb << 20);
        }
        // Every bucket is reachable: the highest keys land in the last one.
        let tt = TranspositionTable::new(3);
        tt.store(u64::MAX, None, 5, 0, 1, Bound::Exact);
        assert_eq!(tt.probe(u64::MAX).map(|h| h.value), Some(5));
        assert!(
            tt.buckets[tt.buckets() - 1].0[0]
                .data
                .load(Ordering::Relaxed)
                != 0
        );
    }

    #[test]
    fn preparing_a_table_changes_nothing_in_it() {
        // Every page is written as it is: what was stored stays, the first and last buckets'
        // included, and an empty table stays empty (`dirty` is not set either).
        let tt = TranspositionTable::new(2);
        tt.prepare();
        assert!(!tt.is_dirty() && tt.hashfull() == 0);
        let keys = [0, 1 << 40, u64::MAX / 3, u64::MAX];
        for (i, &k) in keys.iter().enumerate() {
            tt.store(k, None, i as Value + 10, 0, 3, Bound::Exact);
        }
        tt.prepare();
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(tt.probe(k).map(|h| h.value), Some(i as Value + 10));
        }
        assert!(tt.clears_in_place());
        assert!(!TranspositionTable::new(PREFAULT_MAX_MB + 1).clears_in_place());
    }

    #[test]
    fn a_size_beyond_memory_is_an_error_not_an_abort() {
        // `black_box`: an allocation nothing uses may be optimised away, and "succeed".
        let e = std::hint::black_box(TranspositionTable::try_new(usize::MAX >> 21)).err();
        assert_eq!(e, Some(TableSizeError(usize::MAX >> 21)));
        assert!(e.is_some_and(|e| e.to_string().starts_with("cannot allocate")));
    }
}
