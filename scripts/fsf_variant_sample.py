#!/usr/bin/env python3
"""Random-playout positions of a small variant with fairy-stockfish's perft counts: the oracle
data of Hisha's micro, judkins and tori shogi move generator (docs/variants.md).

    fsf_variant_sample.py VARIANT COUNT DEPTHS SEED OUT [MAX_PLIES [START_SFEN]]
    e.g. fsf_variant_sample.py micro 200 1,2,3 3 positions/variants/micro-perft.tsv
    fsf_variant_sample.py settle VARIANT HISHA_VARIANT IN OUT HISHA_BINARY

VARIANT is fairy-stockfish's name (micro, judkins, minishogi, torishogi). The engine is
/usr/games/fairy-stockfish (11.1, Debian's), or the one FAIRY_STOCKFISH names: tori shogi needs
a newer build (`make -C src build largeboards=yes all=yes` from its public source). Each line
of OUT: the SFEN, then the perft at each depth; each position is reached by 1 to MAX_PLIES
(40 unless given) random moves from the start position (or START_SFEN). fairy-stockfish allows mate by a pawn drop
(11.1 in judkins shogi; a newer build in tori shogi, by a swallow), which those games forbid:
`settle` finds, for every count where Hisha differs from it, the leaf moves that make the
difference, and corrects the count only if each of them is a pawn drop after which
fairy-stockfish itself finds no legal reply (a mate by a pawn drop, illegal by the rules); it
writes the correction as a comment above the line. Any other difference is left as it is (and
the test fails on it).
"""

import os
import random
import subprocess
import sys

from usi_client import UsiClient

FSF = os.environ.get("FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")


def perft(engine, sfen, depth):
    """The divide of `go perft depth`: ({move: count}, total)."""
    engine.position(f"sfen {sfen}")
    engine.send(f"go perft {depth}")
    split = {}
    while True:
        line = engine.read_line()
        if line.startswith("Nodes searched:"):
            return split, int(line.split()[-1])
        if ": " in line and not line.startswith("info"):
            move, n = line.split(": ")
            split[move] = int(n)


def sfen_of(engine, spec):
    engine.position(spec)
    engine.send("d")
    sfen = None
    for line in engine.sync():
        if line.startswith("Sfen:"):
            sfen = line.split(": ", 1)[1]
    return sfen


def hisha_divide(binary, variant, sfen, depth):
    out = subprocess.run([binary, "perft", str(depth), "--variant", variant, "--sfen", sfen],
                         capture_output=True, text=True, check=True).stdout
    split = {}
    for line in out.splitlines():
        if ": " in line and not line.startswith(("Nodes", "Time")):
            move, n = line.split(": ")
            split[move] = int(n)
    return split


# The drop of each variant's pawn (tori shogi's swallow), as USI writes it.
PAWN_DROP = {"torishogi": "S*"}


def pawn_drop_mates(engine, binary, variant, sfen, depth):
    """The leaf moves fairy-stockfish counts and Hisha does not, if every one is a mate by a pawn
    drop (fairy-stockfish finds no reply to it); None if any difference is something else."""
    pawn_drop = PAWN_DROP.get(variant, "P*")
    theirs, _ = perft(engine, sfen, depth)
    ours = hisha_divide(binary, variant, sfen, depth)
    found = []
    for move in sorted(set(theirs) | set(ours)):
        if theirs.get(move) == ours.get(move):
            continue
        if move not in theirs:
            return None
        child = sfen_of(engine, f"sfen {sfen} moves {move}")
        if move not in ours:
            if depth != 1 or not move.startswith(pawn_drop) or perft(engine, child, 1)[1] != 0:
                return None
            found.append(f"{move} in {sfen}")
            continue
        deeper = pawn_drop_mates(engine, binary, variant, child, depth - 1)
        if deeper is None:
            return None
        found += deeper
    return found


def settle(variant, hisha_variant, path_in, path_out, binary):
    with UsiClient([FSF], {"UCI_Variant": variant}, quiet=True) as engine, \
            open(path_in) as f, open(path_out, "w") as out:
        for line in f:
            if line.startswith("#"):
                out.write(line)
                continue
            sfen, *counts = line.rstrip("\n").split("\t")
            fixed = []
            for d, count in enumerate(counts, 1):
                ours = sum(hisha_divide(binary, hisha_variant, sfen, d).values())
                if ours == int(count):
                    fixed.append(count)
                    continue
                mates = pawn_drop_mates(engine, binary, hisha_variant, sfen, d)
                if mates is None or int(count) - len(mates) != ours:
                    fixed.append(count)
                    continue
                out.write(f"# depth {d}: fairy-stockfish counts {count}, with {len(mates)} "
                          f"mate(s) by a pawn drop: {'; '.join(mates)}\n")
                fixed.append(str(ours))
            out.write("\t".join([sfen] + fixed) + "\n")


def main():
    if sys.argv[1] == "settle":
        settle(*sys.argv[2:7])
        return
    variant, count, depths, seed, out = sys.argv[1:6]
    max_plies = int(sys.argv[6]) if len(sys.argv) > 6 else 40
    depths = [int(d) for d in depths.split(",")]
    rng = random.Random(int(seed))
    seen = set()
    with UsiClient([FSF], {"UCI_Variant": variant}, quiet=True) as engine, open(out, "w") as f:
        start = sfen_of(engine, f"sfen {sys.argv[7]}" if len(sys.argv) > 7 else "startpos")
        while len(seen) < int(count):
            sfen = start
            for _ in range(rng.randint(1, max_plies)):
                moves, _ = perft(engine, sfen, 1)
                if not moves:
                    break
                sfen = sfen_of(engine, f"sfen {sfen} moves {rng.choice(sorted(moves))}")
            if sfen in seen:
                continue
            seen.add(sfen)
            counts = [perft(engine, sfen, d)[1] for d in depths]
            f.write("\t".join([sfen] + [str(c) for c in counts]) + "\n")
            f.flush()


if __name__ == "__main__":
    main()
