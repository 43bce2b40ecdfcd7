#!/usr/bin/env python3
"""Time to a fixed depth with 1 and with N threads, over the bench positions.

  python3 scripts/threads_time_to_depth.py [depth] [threads]

For each position of positions/bench.sfen: usinewgame, then `go depth D` with Threads=1 and with
Threads=N (fresh hash each time), timed from sending `go` to reading `bestmove`. Prints each
position and the ratio of the total times. Needs N idle cores to mean anything.
"""
import os
import sys
import time

from usi_client import HISHA, UsiClient

HERE = os.path.dirname(os.path.abspath(__file__))


def positions():
    with open(os.path.join(HERE, "..", "positions", "bench.sfen")) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                yield line


def timed(engine, sfen, depth, threads):
    engine.set_option("Threads", threads)
    engine.set_option("ClearHash")
    engine.new_game()
    engine.sync()
    engine.position(f"sfen {sfen}")
    t0 = time.perf_counter()
    engine.go(f"depth {depth}")
    return time.perf_counter() - t0


def main():
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    engine = UsiClient([HISHA])
    total = {1: 0.0, threads: 0.0}
    for i, sfen in enumerate(positions(), 1):
        one = timed(engine, sfen, depth, 1)
        many = timed(engine, sfen, depth, threads)
        total[1] += one
        total[threads] += many
        print(f"position {i}: 1 thread {one:.2f} s, {threads} threads {many:.2f} s")
    print(f"total: 1 thread {total[1]:.2f} s, {threads} threads {total[threads]:.2f} s, "
          f"speed-up {total[1] / total[threads]:.2f}x (depth {depth})")
    engine.quit()


if __name__ == "__main__":
    main()
