//! Large tables in memory the system gives zeroed: the transposition table's buckets and the
//! mate solver's clusters.
//!
//! The standard allocator zeroes memory of an alignment above 16 bytes by writing it, and a
//! table's buckets are 64-byte aligned (one or more whole cache lines each); so the memory is
//! asked for with alignment 16 and one element more, and the elements start at its first
//! 64-byte boundary. Large blocks come from the system's zero pages untouched, asked for huge
//! pages before anything is written (`huge_pages`): a table of gigabytes is ready at once, its
//! pages touched as the search first uses them, and emptying a table is making it anew.

use std::alloc::Layout;
use std::marker::PhantomData;
use std::ptr::NonNull;

/// The largest table mapped ahead of a search (and emptied in place, its pages kept), MiB:
/// mapping or writing a larger one would take seconds, and a search that fills it runs far
/// longer than its faults take.
pub const PREFAULT_MAX_MB: usize = 256;

/// A type for which all zero bytes are a valid value (the empty one, in a table).
///
/// # Safety
/// All zero bytes must be a valid value of the type, and the type must have no padding (every
/// byte of a value is initialised: `ZeroedBlock::prefault` reads them). (Its alignment must be
/// at most 64 and it must need no drop: `ZeroedBlock::new` checks both when it is compiled.)
pub unsafe trait Zeroable: Sized {}

/// `len` elements of `T`, zeroed by the system, 64-byte aligned.
pub struct ZeroedBlock<T: Zeroable> {
    /// The allocation.
    block: NonNull<u8>,
    layout: Layout,
    /// The first element, 64-byte aligned, inside `block`.
    first: NonNull<T>,
    len: usize,
    owns: PhantomData<T>,
}

// SAFETY: the block owns its elements as a `Box<[T]>` would (freed once, in `drop`), and every
// access goes through `&[T]` or `&mut [T]`.
unsafe impl<T: Zeroable + Send> Send for ZeroedBlock<T> {}
// SAFETY: as above.
unsafe impl<T: Zeroable + Sync> Sync for ZeroedBlock<T> {}

impl<T: Zeroable> ZeroedBlock<T> {
    /// `n` (at least one) zeroed elements, or `None` if the memory cannot be had.
    pub fn new(n: usize) -> Option<ZeroedBlock<T>> {
        const ALIGN: usize = 64;
        const {
            assert!(std::mem::align_of::<T>() <= ALIGN);
            assert!(!std::mem::needs_drop::<T>());
        }
        let n = n.max(1);
        let size = n
            .checked_mul(std::mem::size_of::<T>())?
            .checked_add(ALIGN)?;
        let layout = Layout::from_size_align(size, 16).ok()?;
        // SAFETY: `layout` has a non-zero size, as `alloc_zeroed` requires.
        let block = NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })?;
        super::huge_pages::advise(block.as_ptr(), size);
        let offset = (ALIGN - block.as_ptr() as usize % ALIGN) % ALIGN;
        // SAFETY: the block holds `n` elements' bytes and 64 more, and the offset to the next
        // 64-byte boundary is below 64, so `n` elements fit after it, aligned for `T` (whose
        // alignment divides 64). All zero bytes are a valid `T` (`Zeroable`), so they are
        // initialised.
        let first = unsafe { NonNull::new_unchecked(block.as_ptr().add(offset).cast::<T>()) };
        Some(ZeroedBlock {
            block,
            layout,
            first,
            len: n,
            owns: PhantomData,
        })
    }
}

impl<T: Zeroable> ZeroedBlock<T> {
    /// Has the system back every page of the block now, each touched once (read and written
    /// back as it is), by as many threads as the machine has: the faults that map and zero
    /// the pages are then taken here, not by the search's first use of each page. (On this
    /// project's machines a fault zeroes memory at 0.3 to 2 GB/s: a fresh 64 MiB table cost a
    /// short mate search 100 to 200 ms.) What the block holds is unchanged.
    pub fn prefault(&mut self) {
        const PAGE: usize = 4096;
        let size = self.layout.size();
        let base = self.block.as_ptr() as usize;
        split_over_cores(size.div_ceil(PAGE), |pages| {
            for page in pages {
                let p = (base + page * PAGE) as *mut u8;
                // SAFETY: `p` lies inside the block (`page * PAGE < size`), whose bytes are
                // initialised (zeroed at allocation, then written only as `T`s, all of whose
                // bytes are plain integers); `&mut self` keeps every other access out, and each
                // byte is touched by one thread only, which writes back the value it read.
                unsafe { p.write_volatile(p.read_volatile()) };
            }
        });
    }
}

/// Runs `work` over `0..len` cut into one range a core, each range on a thread of its own, and
/// returns when all are done: the tables' clearing and mapping, which the memory's speed, not
/// one core's, should bound.
pub fn split_over_cores(len: usize, work: impl Fn(std::ops::Range<usize>) + Sync) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = len.div_ceil(threads).max(1);
    let work = &work;
    std::thread::scope(|scope| {
        for start in (0..len).step_by(chunk) {
            scope.spawn(move || work(start..(start + chunk).min(len)));
        }
    });
}

impl<T: Zeroable> std::ops::Deref for ZeroedBlock<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `first` points to `len` initialised, aligned elements that live as long as
        // `self` (see `new`).
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> std::ops::DerefMut for ZeroedBlock<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` makes the access exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.first.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> Drop for ZeroedBlock<T> {
    fn drop(&mut self) {
        // SAFETY: `block` was allocated with `layout` by the global allocator, once. The
        // elements need no drop of their own (checked in `new`).
        unsafe { std::alloc::dealloc(self.block.as_ptr(), self.layout) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy)]
    #[repr(C, align(64))]
    struct Line([u64; 8]);
    // SAFETY: integers, all valid at zero.
    unsafe impl Zeroable for Line {}

    #[test]
    fn a_block_is_zeroed_aligned_and_writable() {
        for n in [1, 3, 1000, 1 << 16] {
            let mut b = ZeroedBlock::<Line>::new(n).expect("memory");
            assert_eq!(b.len(), n);
            assert_eq!(b.as_ptr() as usize % 64, 0);
            assert!(b.iter().all(|l| l.0 == [0; 8]));
            b[n - 1].0[7] = 5;
            assert_eq!(b[n - 1].0[7], 5);
        }
        assert!(ZeroedBlock::<Line>::new(usize::MAX / 2).is_none());
    }
}
