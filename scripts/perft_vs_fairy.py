#!/usr/bin/env python3
"""Perft throughput of Hisha against fairy-stockfish 11.1, measured in one run on one machine.

  python3 scripts/perft_vs_fairy.py [depth] [sfen]

Times `go perft <depth>` in both engines over USI (from sending the command to reading the
`Nodes searched` line), checks that the counts agree, and prints leaves/s and the ratio.
"""
import sys
import time

from usi_client import HISHA, UsiClient


def timed_perft(cmd, depth, sfen):
    with UsiClient(cmd) as engine:
        engine.position("startpos" if sfen == "startpos" else f"sfen {sfen}")
        t0 = time.perf_counter()
        engine.send(f"go perft {depth}")
        line = engine.wait_for("Nodes searched")[-1]
        elapsed = time.perf_counter() - t0
    return int(line.split(":")[1]), elapsed


def main():
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    sfen = sys.argv[2] if len(sys.argv) > 2 else "startpos"
    h_nodes, h_t = timed_perft([HISHA], depth, sfen)
    f_nodes, f_t = timed_perft(["/usr/games/fairy-stockfish"], depth, sfen)
    print(f"position {sfen}, perft {depth}")
    print(f"hisha          : {h_nodes} leaves in {h_t:.2f} s = {h_nodes / h_t / 1e6:.1f} M leaves/s")
    print(f"fairy-stockfish: {f_nodes} leaves in {f_t:.2f} s = {f_nodes / f_t / 1e6:.1f} M leaves/s")
    if h_nodes != f_nodes:
        print("counts differ (fairy-stockfish 11.1 is known to be wrong on pawn-drop mates)")
    print(f"ratio (hisha / fairy-stockfish): {(h_nodes / h_t) / (f_nodes / f_t):.1f}x")


if __name__ == "__main__":
    main()
