//! The mate search's table: proof and disproof numbers by position, with the attacker's hand.
//!
//! A position is found by its board key (the board and the side to move); every entry of it
//! carries the attacker's hand it was searched with, so that one lookup also finds what hand
//! dominance gives: a board proven with hand `h` is proven with any hand holding at least `h`
//! (the entry keeps the proof hand, the least hand the proof needs), and one disproven with `h`
//! is disproven with any hand holding at most `h` (the entry keeps the disproof hand, the most it
//! can have). Entries are kept in clusters of `CLUSTER` by key; a full cluster gives up the entry
//! that cost the least work. When the table fills up, `collect` empties the cheapest part of it.

use super::super::zeroed::{split_over_cores, Zeroable, ZeroedBlock, PREFAULT_MAX_MB};
use crate::shogi::{Hand, PieceKind};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// The infinite proof or disproof number.
pub const INF: u32 = u32::MAX / 2;

/// A disproof's length when it holds for mates of any length (see `Entry::length`).
pub const ANY_LENGTH: u16 = u16::MAX;

/// Entries a cluster: 8 of 24 bytes, three cache lines.
const CLUSTER: usize = 8;

/// A cluster, on cache-line boundaries: unaligned, its 192 bytes would touch four lines.
#[repr(C, align(64))]
struct Cluster([Slot; CLUSTER]);

// SAFETY: a cluster is atomic integers, all valid at zero: empty entries (`Slot::load` reads
// all zeros as key 0); its alignment is 64.
unsafe impl Zeroable for Cluster {}

/// An entry as the table keeps it: three words, the first the key xor the other two. The
/// solver's threads share the table without waiting for one another, so an entry may be read
/// while another thread writes it: the words of two writes mixed then give another key than
/// the one looked up, and the entry is passed over as another position's (Hyatt and Mann's
/// lockless hashing). A mixture passes only where the xor of its data words equals that of
/// the write its key word came from: for two writes of one key, only when the data is one
/// write's, whole (see `load`); for two keys, by a coincidence of the two entries' numbers.
struct Slot([AtomicU64; 3]);

impl Slot {
    /// The entry (key 0: empty, or torn).
    #[inline]
    fn load(&self) -> Entry {
        let w1 = self.0[1].load(Relaxed);
        let w2 = self.0[2].load(Relaxed);
        // Mixed words of two writes of one key pass only where the word taken from the other
        // write equals this one's: the data is one write's, whole.
        let key = self.0[0].load(Relaxed) ^ w1 ^ w2;
        Entry {
            key,
            hand: Hand::from_raw(w1 as u32),
            pn: (w1 >> 32) as u32,
            dn: w2 as u32,
            length: (w2 >> 32) as u16,
            work: (w2 >> 48) as u16,
        }
    }

    #[inline]
    fn save(&self, e: &Entry) {
        let w1 = u64::from(e.hand.raw()) | u64::from(e.pn) << 32;
        let w2 = u64::from(e.dn) | u64::from(e.length) << 32 | u64::from(e.work) << 48;
        self.0[0].store(e.key ^ w1 ^ w2, Relaxed);
        self.0[1].store(w1, Relaxed);
        self.0[2].store(w2, Relaxed);
    }
}

/// One searched position.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The board key (0: the slot is empty).
    pub key: u64,
    /// The attacker's hand: the hand searched with, the proof hand once proven, the disproof
    /// hand once disproven.
    pub hand: Hand,
    /// Proof number.
    pub pn: u32,
    /// Disproof number.
    pub dn: u32,
    /// Once proven: the plies to mate by the proof found. Once disproven: there is no mate
    /// within this many plies, `ANY_LENGTH` for none at all (a search for a shorter mate
    /// limits the length, and finds disproofs that hold only up to it).
    pub length: u16,
    /// The nodes spent below it, saturating (what replacement keeps).
    pub work: u16,
}

impl Entry {
    /// Whether the table keeps the entry over others: a proof of more than a mate in one. The
    /// measure of the solution tree and the line read it from the proofs alone; a proof lost
    /// under a proof that rests on it is proven again another way, and proofs found again so
    /// can make circles, each proven by the next, which no measure can read (docs/results.md).
    /// A mate in one (or a mated position) is found again at once, by itself.
    #[inline]
    fn kept(&self) -> bool {
        self.pn == 0 && self.length >= 2
    }

    /// An empty slot: all zeros (the table comes from the system zeroed), found by its key 0.
    /// (A board whose key is 0 is looked up as 1: see `MateTable::slot_key`.)
    const EMPTY: Entry = Entry {
        key: 0,
        hand: Hand::EMPTY,
        pn: 0,
        dn: 0,
        length: 0,
        work: 0,
    };
}

/// What the table says of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// Proof number.
    pub pn: u32,
    /// Disproof number.
    pub dn: u32,
    /// Plies to mate, when proven; when disproven, the plies within which there is no mate.
    pub length: u16,
    /// The entry's hand: the proof hand of a proof, the disproof hand of a disproof.
    pub hand: Hand,
}

/// The table, shared by the solver's threads (`&self` throughout, but for `clear`).
pub struct MateTable {
    clusters: ZeroedBlock<Cluster>,
    /// Entries in use: counted without atomic updates (two threads storing at once may lose a
    /// count; `collect` counts again).
    used: AtomicUsize,
    /// A thread is collecting: the others go on searching.
    collecting: AtomicBool,
    /// Something was stored since the table was made or cleared (`used` may lose counts).
    dirty: AtomicBool,
    mb: usize,
}

impl MateTable {
    /// A table of about `mb` mebibytes (less, halved until the memory can be had, where it
    /// cannot). Its memory is the system's zero pages, written only as the search uses it
    /// (`zeroed`): making a table costs nothing (`prefault` maps it ahead of a search).
    pub fn new(mb: usize) -> MateTable {
        let n = (mb.max(1).saturating_mul(1024 * 1024) / std::mem::size_of::<Cluster>()).max(1);
        MateTable::with_clusters(n, mb)
    }

    /// A table of `n` clusters (fewer where the memory cannot be had), `mb` MiB as asked.
    fn with_clusters(mut n: usize, mb: usize) -> MateTable {
        let clusters = loop {
            match ZeroedBlock::new(n) {
                Some(block) => break block,
                None if n > 1 => n /= 2,
                None => std::alloc::handle_alloc_error(std::alloc::Layout::new::<Cluster>()),
            }
        };
        MateTable {
            clusters,
            used: AtomicUsize::new(0),
            collecting: AtomicBool::new(false),
            dirty: AtomicBool::new(false),
            mb,
        }
    }

    /// The size asked for, MiB.
    pub fn size_mb(&self) -> usize {
        self.mb
    }

    /// Empties the table (nothing to do on one with nothing in it). A table of at most
    /// `PREFAULT_MAX_MB` is written empty in place by as many threads as the machine has: its
    /// pages stay mapped, and 256 MiB take a few milliseconds, against the hundreds a fresh
    /// block's faults cost the next search. A larger one is swapped for a fresh block of the
    /// system's zero pages (writing gigabytes would take seconds), or written empty where that
    /// memory cannot be had.
    pub fn clear(&mut self) {
        if std::mem::take(self.dirty.get_mut()) {
            let fresh = (self.mb > PREFAULT_MAX_MB)
                .then(|| ZeroedBlock::new(self.clusters.len()))
                .flatten();
            match fresh {
                Some(block) => self.clusters = block,
                None => {
                    let clusters = &self.clusters;
                    split_over_cores(clusters.len(), |part| {
                        for slot in clusters[part].iter().flat_map(|c| &c.0) {
                            slot.save(&Entry::EMPTY);
                        }
                    });
                }
            }
        }
        *self.used.get_mut() = 0;
    }

    /// Has the system map the table's every page now (see `ZeroedBlock::prefault`), so that a
    /// search does not take the faults on its clock. Nothing stored is changed.
    pub fn prefault(&mut self) {
        self.clusters.prefault();
    }

    /// Readies the table ahead of a search (`isready`, the command line): a table of at most
    /// `PREFAULT_MAX_MB` is mapped now (`prefault`; a fresh 64 MiB table cost a short search
    /// 100 to 200 ms of faults here), a larger one left to be mapped as the search first uses
    /// it: mapping gigabytes would take seconds before the search starts, and a search that
    /// fills such a table runs far longer than its faults take.
    pub fn prepare(&mut self) {
        if self.mb <= PREFAULT_MAX_MB {
            self.prefault();
        }
    }

    /// How full the table is, per mille.
    pub fn fill(&self) -> u32 {
        let used = self.used.load(Relaxed);
        (used * 1000 / (self.clusters.len() * CLUSTER).max(1)).min(1000) as u32
    }

    /// Asks the processor to bring board `key`'s cluster into the cache, ahead of a probe.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.cluster(key).as_ptr() as *const i8;
            // SAFETY: a prefetch is a hint with no effect on memory; `p` points into the table.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch(p, _MM_HINT_T0);
                _mm_prefetch(p.wrapping_add(64), _MM_HINT_T0);
                _mm_prefetch(p.wrapping_add(128), _MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The key board `key` is kept under: itself, or 1 for 0, which marks empty slots.
    #[inline]
    fn slot_key(key: u64) -> u64 {
        key.max(1)
    }

    /// The cluster's index of board `key`.
    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.clusters.len() as u128) >> 64) as usize
    }

    #[inline]
    fn cluster(&self, key: u64) -> &[Slot; CLUSTER] {
        &self.clusters[self.index(key)].0
    }

    /// What is known of board `key` with the attacker holding `hand`, with `budget` plies left
    /// for a mate: a proof (of at most `budget` plies) or disproof (of mates within at least
    /// `budget`) by dominance, the open entry of this very hand, or nothing. Of several proofs
    /// that apply, the shortest; of several disproofs, the one that rules out the longest mates.
    #[inline]
    pub fn probe(&self, key: u64, hand: Hand, budget: u16) -> Option<Found> {
        let key = MateTable::slot_key(key);
        let mut exact = None;
        // (A cluster may still hold a longer proof found before a shorter one.)
        let mut settled: Option<Found> = None;
        for slot in self.cluster(key) {
            let e = slot.load();
            if e.key != key {
                continue;
            }
            if e.pn == 0 {
                if e.length <= budget
                    && hand.dominates(e.hand)
                    && settled.is_none_or(|s| s.pn == 0 && e.length < s.length)
                {
                    settled = Some(Found {
                        pn: 0,
                        dn: INF,
                        length: e.length,
                        hand: e.hand,
                    });
                }
            } else if e.dn == 0 {
                if e.length >= budget
                    && e.hand.dominates(hand)
                    && settled.is_none_or(|s| s.dn == 0 && e.length > s.length)
                {
                    settled = Some(Found {
                        pn: INF,
                        dn: 0,
                        length: e.length,
                        hand: e.hand,
                    });
                }
            } else if e.hand == hand {
                exact = Some(Found {
                    pn: e.pn,
                    dn: e.dn,
                    length: e.length,
                    hand: e.hand,
                });
            }
        }
        settled.or(exact)
    }

    /// Stores what was found of board `key` with `hand` (for a proof, the proof hand; for a
    /// disproof, the disproof hand) after `work` nodes.
    pub fn store(&self, key: u64, hand: Hand, pn: u32, dn: u32, length: u16, work: u64) {
        let key = MateTable::slot_key(key);
        let entry = Entry {
            key,
            hand,
            pn,
            dn,
            length,
            work: work.min(u64::from(u16::MAX)) as u16,
        };
        let slots = self.cluster(key);
        let mut cluster = [Entry::EMPTY; CLUSTER];
        for (e, slot) in cluster.iter_mut().zip(slots) {
            *e = slot.load();
        }
        // What a proof or disproof makes needless: the position's open entries whose hands it
        // covers, and its proofs (disproofs) of those hands that say less.
        let covered = |e: &Entry| {
            let open = e.pn != 0 && e.dn != 0;
            e.key == key
                && e.hand != hand
                && ((pn == 0
                    && e.hand.dominates(hand)
                    && (open || (e.pn == 0 && e.length >= length)))
                    || (dn == 0
                        && hand.dominates(e.hand)
                        && (open || (e.dn == 0 && e.length <= length))))
        };
        let mut used = self.used.load(Relaxed);
        if pn == 0 || dn == 0 {
            for (e, slot) in cluster.iter_mut().zip(slots) {
                if covered(e) {
                    *e = Entry::EMPTY;
                    slot.save(e);
                    used = used.saturating_sub(1);
                }
            }
        }
        // The entry of the same hand is replaced, unless it is a proof and this is not (a
        // disproof of shorter mates leaves the proof of a longer one).
        let slot = cluster
            .iter()
            .position(|e| e.key == key && e.hand == hand && (e.pn != 0 || pn == 0))
            .or_else(|| cluster.iter().position(|e| e.key == 0))
            .unwrap_or_else(|| {
                // Full: the entry that cost the least work goes (cheap to find again), proofs
                // deeper than a mate in one last.
                (0..CLUSTER)
                    .min_by_key(|&i| (cluster[i].kept(), cluster[i].work))
                    .expect("a cluster has entries")
            });
        if cluster[slot].key == 0 {
            used += 1;
        }
        slots[slot].save(&entry);
        self.used.store(used, Relaxed);
        if !self.dirty.load(Relaxed) {
            self.dirty.store(true, Relaxed);
        }
    }

    /// Empties the entries that cost the least work (about half of those in use), to make room
    /// in a table that fills up; proofs deeper than a mate in one are kept (`Entry::kept`) while
    /// they are fewer than the rest. One thread collects at a time; another asking meanwhile
    /// returns at once.
    pub fn collect(&self) {
        if self
            .collecting
            .swap(true, std::sync::atomic::Ordering::Acquire)
        {
            return;
        }
        let slots = || self.clusters.iter().flat_map(|c| &c.0);
        let (mut kept, mut rest): (Vec<u16>, Vec<u16>) = (Vec::new(), Vec::new());
        for e in slots().map(Slot::load).filter(|e| e.key != 0) {
            if e.kept() {
                kept.push(e.work);
            } else {
                rest.push(e.work);
            }
        }
        // The work at or below which entries go (None: none go).
        let median = |works: &mut Vec<u16>| {
            let mid = works.len().checked_sub(1)? / 2;
            Some(*works.select_nth_unstable(mid).1)
        };
        let rest_cut = median(&mut rest);
        let kept_cut = if kept.len() > rest.len() {
            median(&mut kept)
        } else {
            None
        };
        let mut used = 0;
        for slot in slots() {
            let e = slot.load();
            if e.key == 0 {
                continue;
            }
            let cut = if e.kept() { kept_cut } else { rest_cut };
            if cut.is_some_and(|cut| e.work <= cut) {
                slot.save(&Entry::EMPTY);
            } else {
                used += 1;
            }
        }
        self.used.store(used, Relaxed);
        self.collecting
            .store(false, std::sync::atomic::Ordering::Release);
    }
}

/// The hand holding, of every kind, the more of `a` and `b`.
pub fn hand_max(a: Hand, b: Hand) -> Hand {
    let mut h = Hand::EMPTY;
    for k in PieceKind::HAND {
        h.set_count(k, a.count(k).max(b.count(k)));
    }
    h
}

/// The hand holding, of every kind, the fewer of `a` and `b`.
pub fn hand_min(a: Hand, b: Hand) -> Hand {
    let mut h = Hand::EMPTY;
    for k in PieceKind::HAND {
        h.set_count(k, a.count(k).min(b.count(k)));
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(pieces: &[(PieceKind, u32)]) -> Hand {
        let mut h = Hand::EMPTY;
        for &(k, n) in pieces {
            h.set_count(k, n);
        }
        h
    }

    #[test]
    fn dominance_finds_proofs_and_disproofs_of_other_hands() {
        let mut t = MateTable::new(1);
        let gold = hand(&[(PieceKind::Gold, 1)]);
        let gold_silver = hand(&[(PieceKind::Gold, 1), (PieceKind::Silver, 1)]);
        t.store(42, gold, 0, INF, 7, 100);
        // More than the proof hand: proven; less: not known.
        assert_eq!(
            t.probe(42, gold_silver, 100).map(|f| (f.pn, f.length)),
            Some((0, 7))
        );
        assert_eq!(t.probe(42, Hand::EMPTY, 100), None);
        // A disproof with a silver holds for no silver, not for a gold.
        let silver = hand(&[(PieceKind::Silver, 1)]);
        t.store(43, silver, INF, 0, ANY_LENGTH, 100);
        assert_eq!(t.probe(43, Hand::EMPTY, 100).map(|f| f.dn), Some(0));
        assert_eq!(t.probe(43, gold, 100), None);
        // Limited: a proof of 7 plies is no proof within 5; no mate within 5 says nothing of 9.
        assert_eq!(t.probe(42, gold_silver, 5), None);
        t.store(45, silver, INF, 0, 5, 100);
        assert_eq!(
            t.probe(45, silver, 5).map(|f| (f.dn, f.length)),
            Some((0, 5))
        );
        assert_eq!(t.probe(45, silver, 9), None);
        // A disproof of short mates leaves the proof of a longer one of the same hand.
        t.store(46, gold, 0, INF, 9, 100);
        t.store(46, gold, INF, 0, 7, 100);
        assert_eq!(t.probe(46, gold, 9).map(|f| (f.pn, f.length)), Some((0, 9)));
        assert_eq!(t.probe(46, gold, 7).map(|f| f.dn), Some(0));
        // An open entry is found for its own hand only.
        t.store(44, gold, 3, 5, 0, 10);
        assert_eq!(t.probe(44, gold, 100).map(|f| (f.pn, f.dn)), Some((3, 5)));
        assert_eq!(t.probe(44, gold_silver, 100), None);
        // Key 0, which marks an empty slot, is a key like any other.
        assert_eq!(t.probe(0, Hand::EMPTY, 100), None);
        t.store(0, gold, 0, INF, 3, 10);
        assert_eq!(
            t.probe(0, gold, 100).map(|f| (f.pn, f.length)),
            Some((0, 3))
        );
        t.clear();
        assert_eq!(t.probe(0, gold, 100), None);
        assert_eq!(t.probe(42, gold_silver, 100), None);
        assert_eq!(hand_max(gold, silver), gold_silver);
        assert_eq!(hand_min(gold_silver, silver), silver);
    }

    #[test]
    fn of_the_proofs_that_apply_the_shortest_is_found() {
        let t = MateTable::new(1);
        let gold = hand(&[(PieceKind::Gold, 1)]);
        let gold_silver = hand(&[(PieceKind::Gold, 1), (PieceKind::Silver, 1)]);
        // An older proof of 9 plies with a gold, then one of 5 that needs a silver too: both
        // stay (neither covers the other), and with both pieces in hand both apply.
        t.store(42, gold, 0, INF, 9, 100);
        t.store(42, gold_silver, 0, INF, 5, 100);
        assert_eq!(
            t.probe(42, gold_silver, 100).map(|f| (f.length, f.hand)),
            Some((5, gold_silver))
        );
        assert_eq!(t.probe(42, gold, 100).map(|f| f.length), Some(9));
        // No mate within 5 with a silver, no mate at all with nothing: with nothing, both.
        let silver = hand(&[(PieceKind::Silver, 1)]);
        t.store(43, silver, INF, 0, 5, 100);
        t.store(43, Hand::EMPTY, INF, 0, ANY_LENGTH, 100);
        assert_eq!(
            t.probe(43, Hand::EMPTY, 3).map(|f| (f.dn, f.length)),
            Some((0, ANY_LENGTH))
        );
    }

    #[test]
    fn a_torn_entry_is_passed_over() {
        // One thread's write of another position caught half done by a reader: the words of
        // the two entries mixed are neither's, and the probe finds nothing.
        let t = MateTable::new(1);
        let gold = hand(&[(PieceKind::Gold, 1)]);
        t.store(42, gold, 0, INF, 7, 100);
        assert!(t.probe(42, gold, 100).is_some());
        let slot = &t.cluster(42)[0];
        let other = Slot([AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)]);
        other.save(&Entry {
            key: 42 + (1 << 40),
            hand: Hand::EMPTY,
            pn: 3,
            dn: 5,
            length: 0,
            work: 9,
        });
        for word in 0..3 {
            let kept = slot.0[word].load(Relaxed);
            slot.0[word].store(other.0[word].load(Relaxed), Relaxed);
            assert_eq!(t.probe(42, gold, 100), None, "word {word} torn");
            assert_ne!(slot.load().key, 42 + (1 << 40), "word {word} torn");
            slot.0[word].store(kept, Relaxed);
        }
        assert!(t.probe(42, gold, 100).is_some());
    }

    #[test]
    fn collection_keeps_the_costly_entries() {
        let t = MateTable::new(1);
        for k in 1..=1000u64 {
            t.store(k * 7919, Hand::EMPTY, 1, 1, 0, k);
        }
        let before = t.used.load(Relaxed);
        t.collect();
        let after = t.used.load(Relaxed);
        assert!(after < before && after > 0);
        assert!(t.probe(1000 * 7919, Hand::EMPTY, 100).is_some());
        assert!(t.probe(7919, Hand::EMPTY, 100).is_none());
    }

    #[test]
    fn proofs_outlive_cheaper_entries_in_a_full_cluster_and_a_collection() {
        // Keys of one cluster (a table of one cluster): eight open entries of much work, then a
        // proof of a mate in 3 of little work; a ninth open entry displaces an open one, not
        // the proof. A proof of a mate in one is displaced like any cheap entry.
        let t = MateTable::with_clusters(1, 1);
        t.store(1, Hand::EMPTY, 0, INF, 3, 1);
        for k in 2..=8 {
            t.store(k, Hand::EMPTY, 2, 2, 0, 1000 + k);
        }
        t.store(9, Hand::EMPTY, 2, 2, 0, 5000);
        assert_eq!(t.probe(1, Hand::EMPTY, 100).map(|f| f.pn), Some(0));
        assert_eq!(
            t.probe(2, Hand::EMPTY, 100),
            None,
            "the cheapest open entry went"
        );
        t.store(10, Hand::EMPTY, 0, INF, 1, 1);
        t.store(11, Hand::EMPTY, 2, 2, 0, 6000);
        assert_eq!(
            t.probe(10, Hand::EMPTY, 100),
            None,
            "a mate in one is not kept"
        );
        assert_eq!(t.probe(1, Hand::EMPTY, 100).map(|f| f.pn), Some(0));
        // A collection empties the cheaper half of the open entries (of 4 to 8, 9 and 11: 4 to
        // 7) and keeps the proof, cheap as it is: proofs are fewer than the rest.
        t.collect();
        assert_eq!(t.probe(1, Hand::EMPTY, 100).map(|f| f.pn), Some(0));
        for k in 4..=7 {
            assert_eq!(t.probe(k, Hand::EMPTY, 100), None, "{k}");
        }
        for k in [8, 9, 11] {
            assert!(t.probe(k, Hand::EMPTY, 100).is_some(), "{k}");
        }
        // Where proofs are most of the table, the cheaper half of them goes too.
        let t = MateTable::new(1);
        for k in 1..=300u64 {
            t.store(k * 7919, Hand::EMPTY, 0, INF, 5, k);
        }
        for k in 301..=400u64 {
            t.store(k * 7919, Hand::EMPTY, 2, 2, 0, k);
        }
        t.collect();
        assert!(t.probe(7919, Hand::EMPTY, 100).is_none());
        assert!(t.probe(300 * 7919, Hand::EMPTY, 100).is_some());
        assert!(t.probe(301 * 7919, Hand::EMPTY, 100).is_none());
    }

    #[test]
    fn a_prefaulted_table_keeps_its_entries_and_a_cleared_one_is_empty() {
        let mut t = MateTable::new(1);
        t.store(42, Hand::EMPTY, 0, INF, 7, 100);
        t.prefault();
        assert_eq!(t.probe(42, Hand::EMPTY, 100).map(|f| f.length), Some(7));
        t.clear();
        assert_eq!(t.probe(42, Hand::EMPTY, 100), None);
        assert_eq!(t.fill(), 0);
        // Used again after the clear, and cleared again.
        t.store(42, Hand::EMPTY, 3, 4, 0, 1);
        assert!(t.probe(42, Hand::EMPTY, 100).is_some());
        t.clear();
        assert_eq!(t.probe(42, Hand::EMPTY, 100), None);
    }
}
