#!/usr/bin/env python3
"""Nodes each engine needs to reach each depth, summed over the bench positions.

How fast the tree grows with depth (the effective branching factor) is what decides how an
engine scales with time; this compares Hisha's growth with fairy-stockfish's on the same
positions (each engine's own depth, nodes from its last `info` line at that depth).

Usage:
  scripts/nodes_to_depth.py ENGINE DEPTH [Option:value ...]
  scripts/nodes_to_depth.py fairy-stockfish 14
  scripts/nodes_to_depth.py target/release/hisha 12 Search_SingularExtension:false
"""

import os
import sys

from usi_client import UsiClient

FS = "/usr/games/fairy-stockfish"
BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "positions", "bench.sfen")


def run(cmd, sfens, depth, options):
    totals = {}
    with UsiClient(cmd, dict(options)) as engine:
        for sfen in sfens:
            engine.new_game()
            engine.position("sfen " + sfen)
            nodes_at = {}
            for info in engine.go(f"depth {depth}").infos:
                words = info.split()
                if "depth" in words and "nodes" in words:
                    d = int(words[words.index("depth") + 1])
                    nodes_at[d] = int(words[words.index("nodes") + 1])
            for d, n in nodes_at.items():
                totals.setdefault(d, []).append(n)
    return totals


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    engine, depth = sys.argv[1], int(sys.argv[2])
    options = [tuple(o.split(":", 1)) for o in sys.argv[3:]]
    if engine == "fairy-stockfish":
        cmd = [FS]
        options = [("UCI_Variant", "shogi"), ("Hash", "64"), ("Threads", "1")] + options
    else:
        cmd = [engine]
        options = [("USI_Hash", "64")] + options
    with open(BENCH) as f:
        sfens = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    totals = run(cmd, sfens, depth, options)
    print("depth  positions  nodes")
    for d in sorted(totals):
        print(f"{d:5}  {len(totals[d]):9}  {sum(totals[d]):,}")


if __name__ == "__main__":
    main()
