#!/usr/bin/env python3
"""Time to a fixed depth with 1 and with N threads, over the bench positions.

  python3 scripts/threads_time_to_depth.py [depth] [threads]

For each position of positions/bench.sfen: usinewgame, then `go depth D` with Threads=1 and with
Threads=N (fresh hash each time), timed from sending `go` to reading `bestmove`. Prints each
position and the ratio of the total times. Needs N idle cores to mean anything.
"""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
HISHA = os.path.join(HERE, "..", "target", "release", "hisha")


def positions():
    with open(os.path.join(HERE, "..", "positions", "bench.sfen")) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                yield line


def timed(engine, sfen, depth, threads):
    def send(cmd):
        engine.stdin.write(cmd + "\n")
        engine.stdin.flush()

    send(f"setoption name Threads value {threads}")
    send("setoption name ClearHash")
    send("usinewgame")
    send("isready")
    while engine.stdout.readline().strip() != "readyok":
        pass
    send(f"position sfen {sfen}")
    t0 = time.perf_counter()
    send(f"go depth {depth}")
    while not engine.stdout.readline().startswith("bestmove"):
        pass
    return time.perf_counter() - t0


def main():
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    engine = subprocess.Popen([HISHA], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    total = {1: 0.0, threads: 0.0}
    for i, sfen in enumerate(positions(), 1):
        one = timed(engine, sfen, depth, 1)
        many = timed(engine, sfen, depth, threads)
        total[1] += one
        total[threads] += many
        print(f"position {i}: 1 thread {one:.2f} s, {threads} threads {many:.2f} s")
    print(f"total: 1 thread {total[1]:.2f} s, {threads} threads {total[threads]:.2f} s, "
          f"speed-up {total[1] / total[threads]:.2f}x (depth {depth})")
    engine.stdin.write("quit\n")
    engine.stdin.flush()


if __name__ == "__main__":
    main()
