#!/usr/bin/env python3
"""Hisha's mate solver and cshogi's df-pn on the same positions, in the same run.

  scripts/mate_bench.py positions/mates.txt --time 10000 [--hisha target/release/hisha]

Hisha solves the file with `hisha mate --file FILE --time MS` (each position with a fresh
table). cshogi (`cshogi.DfPn`, its df-pn; depth 2048, the largest node limit it takes) solves each position in a
worker process that is killed at the same time limit (its search cannot be stopped from
Python). A position counts as solved at the time its first mate was found: Hisha's proof
time, cshogi's search time; the time to the first mate, summed over a group, counts a position
not solved as the whole limit. Lengths: Hisha's answer against the file's; cshogi's line against
the same. Prints a Markdown table by length group, then each engine's nodes a second.
"""
import argparse
import multiprocessing as mp
import subprocess
import sys
import time

GROUPS = [(1, 3), (5, 7), (9, 11), (13, 15), (17, 23), (25, 31), (33, 100000)]
BUCKETS = [1000, 10000, 60000]


def read_problems(path):
    problems = []
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            continue
        f = line.rstrip("\n").split("\t")
        expected = f[1] if len(f) > 1 else "-"
        problems.append((f[0], expected))
    return problems


def hisha(binary, path, ms):
    out = subprocess.run([binary, "mate", "--file", path, "--time", str(ms)],
                         capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines():
        if line.startswith("#"):
            continue
        f = line.split("\t")
        rows.append({"answer": f[1], "plies": f[2], "shortest": f[3] == "yes",
                     "ms": int(f[5]) if f[5] != "-" else 0,
                     "nodes": int(f[6]) if f[6] != "-" else 0,
                     "proof_ms": int(f[7]) if f[7] != "-" else 0,
                     "proof_nodes": int(f[8]) if f[8] != "-" else 0})
    return rows


def cshogi_worker(conn):
    import cshogi
    while True:
        sfen = conn.recv()
        board = cshogi.Board(sfen)
        dfpn = cshogi.DfPn(2048, 2 ** 32 - 1)
        start = time.time()
        found = dfpn.search(board)
        ms = int((time.time() - start) * 1000)
        conn.send((found, ms, dfpn.searched_node, len(dfpn.get_pv(board)) if found else 0))


def cshogi_runs(problems, ms):
    results = []
    parent, child = mp.Pipe()
    worker = mp.Process(target=cshogi_worker, args=(child,), daemon=True)
    worker.start()
    for i, (sfen, _) in enumerate(problems):
        print(f"\rcshogi {i + 1}/{len(problems)}", end="", file=sys.stderr)
        parent.send(sfen)
        if parent.poll(ms / 1000):
            found, took, nodes, plies = parent.recv()
            results.append({"found": found, "ms": took, "nodes": nodes, "plies": plies})
        else:
            worker.kill()
            worker.join()
            results.append({"found": None, "ms": ms, "nodes": 0, "plies": 0})
            parent, child = mp.Pipe()
            worker = mp.Process(target=cshogi_worker, args=(child,), daemon=True)
            worker.start()
    worker.kill()
    print(file=sys.stderr)
    return results


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("file")
    p.add_argument("--time", type=int, default=10000, help="ms a position, each engine")
    p.add_argument("--hisha", default="target/release/hisha")
    args = p.parse_args()
    problems = read_problems(args.file)
    start = time.time()
    h = hisha(args.hisha, args.file, args.time)
    h_time = time.time() - start
    assert len(h) == len(problems), (len(h), len(problems))
    c = cshogi_runs(problems, args.time)
    buckets = [b for b in BUCKETS if b <= args.time] or [args.time]
    names = " | ".join(f"{b // 1000} s" for b in buckets)
    print(f"| plies | positions | Hisha: mate found in {names} | length right | shortest proven "
          f"| cshogi: mate found in {names} | its line the shortest "
          f"| time to the first mate, Hisha / cshogi (s) |")
    print("|---|---|" + "---|" * (2 * len(buckets) + 4))
    rows = [(f"{lo}-{hi}" if hi < 100000 else f"{lo}+",
             [i for i, (_, e) in enumerate(problems)
              if e != "-" and not e.startswith(">") and lo <= int(e) <= hi])
            for lo, hi in GROUPS]
    for bound in sorted({e for _, e in problems if e.startswith(">")}):
        rows.append((f"more than {bound[1:]}",
                     [i for i, (_, e) in enumerate(problems) if e == bound]))
    for label, idx in rows:
        if not idx:
            continue

        def right(i):
            e, r = problems[i][1], h[i]
            if r["answer"] != "mate":
                return False  # none, or longer than the shortest
            return int(r["plies"]) > int(e[1:]) if e.startswith(">") else r["plies"] == e

        hf = [sum(1 for i in idx if h[i]["answer"] in ("mate", "long") and h[i]["proof_ms"] <= b)
              for b in buckets]
        cf = [sum(1 for i in idx if c[i]["found"] and c[i]["ms"] <= b) for b in buckets]
        exact = [i for i in idx if not problems[i][1].startswith(">")]
        c_short = sum(1 for i in exact if c[i]["found"] and str(c[i]["plies"]) == problems[i][1])
        h_first = sum(h[i]["proof_ms"] if h[i]["answer"] in ("mate", "long") else args.time
                      for i in idx) / 1000
        c_first = sum(c[i]["ms"] if c[i]["found"] else args.time for i in idx) / 1000
        c_lines = f"{c_short} of {len(exact)}" if exact else "-"
        h_right = sum(1 for i in idx if right(i))
        h_short = sum(1 for i in idx if h[i]["shortest"])
        cells = ([label, len(idx)] + hf + [h_right, h_short] + cf
                 + [c_lines, f"{h_first:.1f} / {c_first:.1f}"])
        print("| " + " | ".join(map(str, cells)) + " |")
    h_nodes = sum(r["nodes"] for r in h)
    h_ms = sum(r["ms"] for r in h)
    c_done = [r for r in c if r["found"] is not None]
    c_nodes = sum(r["nodes"] for r in c_done)
    c_ms = sum(r["ms"] for r in c_done)
    print(f"\nHisha: {h_nodes} nodes in {h_ms / 1000:.1f} s, {h_nodes * 1000 // max(h_ms, 1)} "
          f"nodes/s (the run {h_time:.0f} s). cshogi (searches that ended): {c_nodes} nodes in "
          f"{c_ms / 1000:.1f} s, {c_nodes * 1000 // max(c_ms, 1)} nodes/s.")


if __name__ == "__main__":
    main()
