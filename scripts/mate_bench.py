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

With `--shtsume PATH` (`make shtsume` builds it), shtsume, a tsume solver in C, solves the
same positions too over USI (`go mate MS`), with a table of Hisha's size. Its time is the time
to its answer less the middle of its times on three mates in one (what clearing its table
costs, which Hisha's figures leave out too). Its answer is its first mate counted as a tsume
solver counts one (useless interpositions left out), so only its times are compared.
"""
import argparse
import multiprocessing as mp
import os
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
                     "proof_ms": float(f[7]) if f[7] != "-" else 0,
                     "proof_nodes": int(f[8]) if f[8] != "-" else 0,
                     # The length with every interposition counted (the file's lengths are
                     # cshogi's, counted so); the line leaves useless ones out, as tsume does.
                     "all_plies": f[9] if len(f) > 10 else f[2]})
    return rows


def cshogi_worker(conn):
    import cshogi
    while True:
        sfen = conn.recv()
        board = cshogi.Board(sfen)
        dfpn = cshogi.DfPn(2048, 2 ** 32 - 1)
        start = time.perf_counter()
        found = dfpn.search(board)
        ms = (time.perf_counter() - start) * 1000
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


MATES_IN_ONE = [
    "k8/9/PK7/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1",
    "3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1",
    "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
]


def shtsume_runs(path, problems, ms, hash_mb=256):
    path = os.path.abspath(path)
    proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            bufsize=1, cwd=os.path.dirname(path))

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def wait(prefix):
        while True:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit("shtsume ended")
            if line.startswith(prefix):
                return line.split()

    def solve(sfen):
        send("usinewgame")
        send("position sfen " + sfen)
        start = time.perf_counter()
        send(f"go mate {ms}")
        answer = wait("checkmate")[1:]
        took = (time.perf_counter() - start) * 1000
        found = bool(answer) and answer[0] not in ("nomate", "timeout", "notimplemented")
        return found, took, len(answer) if found else 0

    send("usi")
    wait("usiok")
    send(f"setoption name USI_Hash value {hash_mb}")
    send("isready")
    wait("readyok")
    # What a search costs shtsume before it starts (its table cleared): its time on three mates
    # in one (positions/mates.txt's first three), the middle one.
    overhead = sorted(solve(sfen)[1] for sfen in MATES_IN_ONE)[1]
    results = []
    for i, (sfen, _) in enumerate(problems):
        print(f"\rshtsume {i + 1}/{len(problems)}", end="", file=sys.stderr)
        found, took, plies = solve(sfen)
        results.append({"found": found, "ms": max(0.0, took - overhead), "plies": plies})
    send("quit")
    print(file=sys.stderr)
    return results, overhead


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("file")
    p.add_argument("--time", type=int, default=10000, help="ms a position, each engine")
    p.add_argument("--hisha", default="target/release/hisha")
    p.add_argument("--shtsume", help="a shtsume binary, to solve the positions too")
    args = p.parse_args()
    problems = read_problems(args.file)
    start = time.perf_counter()
    h = hisha(args.hisha, args.file, args.time)
    h_time = time.perf_counter() - start
    assert len(h) == len(problems), (len(h), len(problems))
    c = cshogi_runs(problems, args.time)
    s, s_overhead = shtsume_runs(args.shtsume, problems, args.time) if args.shtsume else (None, 0)
    buckets = [b for b in BUCKETS if b <= args.time] or [args.time]
    names = " | ".join(f"{b // 1000} s" for b in buckets)
    print(f"| plies | positions | Hisha: mate found in {names} | length right | shortest proven "
          f"| cshogi: mate found in {names} | its line the shortest "
          f"| time to the first mate, Hisha / cshogi (s) |"
          + (f" shtsume: mate found in {names} | its time to the first mate (s) |" if s else ""))
    print("|---|---|" + "---|" * (2 * len(buckets) + 4) + ("---|" * (len(buckets) + 1) if s else ""))
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
            plies = r["all_plies"]
            return int(plies) > int(e[1:]) if e.startswith(">") else plies == e

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
                 + [c_lines, f"{h_first:.2f} / {c_first:.2f}"])
        if s:
            cells += [sum(1 for i in idx if s[i]["found"] and s[i]["ms"] <= b) for b in buckets]
            cells.append(f"{sum(s[i]['ms'] if s[i]['found'] else args.time for i in idx) / 1000:.2f}")
        print("| " + " | ".join(map(str, cells)) + " |")
    h_nodes = sum(r["nodes"] for r in h)
    h_ms = sum(r["ms"] for r in h)
    c_done = [r for r in c if r["found"] is not None]
    c_nodes = sum(r["nodes"] for r in c_done)
    c_ms = sum(r["ms"] for r in c_done)
    print(f"\nHisha: {h_nodes} nodes in {h_ms / 1000:.1f} s, {h_nodes * 1000 // max(h_ms, 1)} "
          f"nodes/s (the run {h_time:.0f} s). cshogi (searches that ended): {c_nodes} nodes in "
          f"{c_ms / 1000:.1f} s, {int(c_nodes * 1000 / max(c_ms, 1))} nodes/s."
          + (f" shtsume's answer to a mate in one, taken off its times: {s_overhead:.0f} ms."
             if s else ""))


if __name__ == "__main__":
    main()
