//! The bench signature is pinned: a change to the search or the evaluation that changes the node
//! count of `hisha bench` fails here until `SIGNATURE` is updated, and the commit that updates it
//! says `Bench: N` in its message.

use hisha::bench::{run, DEFAULT_DEPTH};
use hisha::search::SearchControl;

/// `hisha bench`'s node count at the default depth.
const SIGNATURE: u64 = 925508;

#[test]
fn bench_signature_is_pinned() {
    let mut lines = Vec::new();
    let r = run(DEFAULT_DEPTH, SearchControl::new(), &mut |l| lines.push(l));
    assert!(!r.stopped);
    assert_eq!(
        lines.last().map(String::as_str),
        Some(format!("Nodes/second    : {}", r.nodes * 1000 / r.time_ms).as_str())
    );
    assert!(lines.contains(&format!("Nodes searched  : {}", r.nodes)));
    assert_eq!(
        r.nodes, SIGNATURE,
        "the bench signature changed: if the search was meant to change, set SIGNATURE to {} \
         and write `Bench: {}` in the commit message",
        r.nodes, r.nodes
    );
}

#[test]
fn bench_is_deterministic_and_can_be_stopped() {
    let a = run(5, SearchControl::new(), &mut |_| {});
    let b = run(5, SearchControl::new(), &mut |_| {});
    assert!(a.nodes > 1000);
    assert_eq!(a.nodes, b.nodes);
    let control = SearchControl::new();
    control.stop();
    let mut lines = Vec::new();
    let stopped = run(5, control, &mut |l| lines.push(l));
    assert!(stopped.stopped);
    assert_eq!(stopped.nodes, 0);
    assert_eq!(lines[0], "bench stopped after 0 positions");
}
