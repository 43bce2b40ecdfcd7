//! The bench signature is reproducible: the same node count on every run.

fn nodes(report: &str) -> u64 {
    report
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched  : "))
        .expect("a node count")
        .trim()
        .parse()
        .expect("a number")
}

#[test]
fn bench_is_deterministic() {
    let a = nodes(&hisha::bench::run(Some(5)));
    let b = nodes(&hisha::bench::run(Some(5)));
    assert!(a > 1000);
    assert_eq!(a, b);
}
