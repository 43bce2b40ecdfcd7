#!/usr/bin/env python3
"""The variants' search speed: nodes and nodes per second of one or more Hisha builds, searching
a variant's positions to a fixed depth.

The positions are the start and the games its random openings reach: each opening is --plies
random legal moves (seed S + the opening's number), so every build searches the same ones.
The builds take turns, position by position, for --rounds rounds (a fresh process and hash
each search), and each build's best round is kept: the machine's noise only slows a run down.
Nodes show whether two builds search the same tree; compare speed by the ratio of nodes per
second measured in the same run.

Usage:
  scripts/variant_speed.py VARIANT DEPTH BINARY... [--openings N] [--plies K] [--rounds R]
  scripts/variant_speed.py chushogi 13 old/hisha target/release/hisha --rounds 3
"""

import argparse
import random

from usi_client import UsiClient, startpos


def openings(binary, variant, count, plies, seed):
    """The start position and `count` random openings of `plies` moves, as move lists."""
    lines = [[]]
    with UsiClient([binary], {"USI_Variant": variant}, quiet=True) as hisha:
        for n in range(count):
            rng = random.Random(seed + n)
            moves = []
            for _ in range(plies):
                legal = sorted(hisha.perft_moves(startpos(moves)))
                if not legal:
                    break
                moves.append(rng.choice(legal))
            lines.append(moves)
    return lines


def search(binary, variant, moves, depth):
    """(nodes, ms) of one search to `depth` in a fresh process."""
    options = {"USI_Variant": variant, "USI_OwnBook": "false", "USI_Hash": 64}
    with UsiClient([binary], options, quiet=True) as hisha:
        hisha.new_game()
        hisha.position(startpos(moves))
        r = hisha.go(f"depth {depth}")
        return r.last("nodes") or 0, r.last("time") or 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant")
    ap.add_argument("depth", type=int)
    ap.add_argument("binaries", nargs="+")
    ap.add_argument("--openings", type=int, default=4)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()

    lines = openings(args.binaries[0], args.variant, args.openings, args.plies, args.seed)
    best = {b: None for b in args.binaries}
    for _ in range(args.rounds):
        totals = {b: [0, 0] for b in args.binaries}
        for moves in lines:
            for b in args.binaries:
                nodes, ms = search(b, args.variant, moves, args.depth)
                totals[b][0] += nodes
                totals[b][1] += ms
        for b, (nodes, ms) in totals.items():
            nps = nodes * 1000 // max(ms, 1)
            if best[b] is None or nps > best[b][2]:
                best[b] = (nodes, ms, nps)
    first = best[args.binaries[0]][2]
    print(f"{args.variant}, depth {args.depth}, {len(lines)} positions, best of {args.rounds} rounds")
    for b, (nodes, ms, nps) in best.items():
        print(f"  {b}: {nodes} nodes, {ms} ms, {nps} nps, {nps / max(first, 1):.2f}x the first")


if __name__ == "__main__":
    main()
