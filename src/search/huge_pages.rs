//! Large tables on huge pages: a hint to the system that a block of memory is best backed by
//! 2 MiB pages (Linux's transparent huge pages, where the system leaves the choice to the
//! program). A probe of a table of hundreds of megabytes lands on a page the processor's
//! address cache has not seen, and with 4 KiB pages each costs a walk of the page tables; with
//! 2 MiB pages the cache covers the table. Elsewhere, or where the system refuses, nothing
//! changes: the memory is the same either way.

/// Asks for huge pages for the whole pages inside `len` bytes from `start`, before they are
/// first touched (pages already in use are not moved).
pub fn advise(start: *const u8, len: usize) {
    #[cfg(target_os = "linux")]
    {
        use std::ffi::{c_int, c_void};
        extern "C" {
            fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
        }
        /// Linux's `MADV_HUGEPAGE`.
        const MADV_HUGEPAGE: c_int = 14;
        const PAGE: usize = 4096;
        let first = (start as usize).next_multiple_of(PAGE);
        let end = (start as usize).saturating_add(len) & !(PAGE - 1);
        if end > first {
            // SAFETY: the range lies inside a block the caller owns (whole pages of it), and
            // the advice changes how the system backs it, never its contents; the call's
            // result is a hint's, ignored.
            unsafe {
                madvise(first as *mut c_void, end - first, MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, len);
}
