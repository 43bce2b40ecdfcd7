#!/usr/bin/env python3
"""Perft throughput of Hisha against shogiops (lishogi's rules library, under Node.js), in one run
on one machine: chu shogi (default) or minishogi from the start position.

  python3 scripts/perft_vs_shogiops.py [depth] [rules]

Both count the same moves (docs/variants.md); the script checks that the counts agree and prints
leaves/s and the ratio. Both bulk-count the last ply (the moves are counted, not played).
"""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
HISHA = os.path.join(HERE, "..", "target", "release", "hisha")


def timed(cmd, cwd=None):
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=cwd).stdout
    return out, time.perf_counter() - t0


def main():
    depth = sys.argv[1] if len(sys.argv) > 1 else "4"
    rules = sys.argv[2] if len(sys.argv) > 2 else "chushogi"
    out, hisha_s = timed([HISHA, "perft", depth, "--variant", rules])
    hisha_n = int(next(l for l in out.splitlines() if l.startswith("Nodes searched")).split(":")[1])
    out, ops_s = timed(["node", "shogiops_perft.mjs", "perft", rules, depth],
                       cwd=os.path.join(HERE, "oracle"))
    ops_n = int(out.strip())
    if hisha_n != ops_n:
        sys.exit(f"counts differ: Hisha {hisha_n}, shogiops {ops_n}")
    print(f"{rules} perft {depth}: {hisha_n} leaves")
    print(f"hisha:    {hisha_s:.3f} s, {hisha_n / hisha_s / 1e6:.2f} M leaves/s (process start included)")
    print(f"shogiops: {ops_s:.3f} s, {ops_n / ops_s / 1e6:.3f} M leaves/s (Node.js start included)")
    print(f"ratio: {ops_s / hisha_s:.0f}x")


if __name__ == "__main__":
    main()
