#!/usr/bin/env python3
"""Relabel tuner data with another engine's search score: fairy-stockfish's, or GPSShogi's.

Reads the tuner's lines ("sfen<TAB>result<TAB>score<TAB>game", Black's point of view) and writes
the same lines with the score replaced by the engine's score for the position at a fixed depth
(Black's point of view, the engine's centipawns; mates, and anything beyond, as +-30000).

Usage: scripts/fs_label.py --depth 6 IN OUT [--every N] [--offset K] [--resume]
       scripts/fs_label.py --gps --depth 4 IN OUT [--every N] [--offset K] [--resume] [--gps-ms MS]

With --gps the scores come from GPSShogi (`gpsusi`, a former world champion) searching to its
`LimitDepth` (4..10) with its book off: about 0.3 s a position at depth 4 on one core here, about
40 times fairy-stockfish's cost at depth 7, but a stronger judge of the middle game (2026-11-23:
GPSShogi won a game from a position that fairy-stockfish and Hisha both scored +1000 for the
loser, and the weights fitted to its scores won where those fitted to fairy-stockfish's lost).

`hisha tune` fits its own scale to these scores (they are not our centipawns), and with
`--result-weight 0` fits the evaluation to them alone: the evaluation learns from a stronger
engine's judgement instead of the noisy results of fast self-play games. About 4 ms a position at
depth 6 on one core here.
"""

import argparse
import sys

from usi_client import MATE_CP, UsiClient

FS = "/usr/games/fairy-stockfish"
GPS = "/usr/games/gpsusi"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inp")
    ap.add_argument("out")
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--every", type=int, default=1, help="keep one line in N")
    ap.add_argument("--offset", type=int, default=0, help="which line of each N")
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--engine", default=None, help="engine binary (default: fairy-stockfish's, or GPSShogi's with --gps)")
    ap.add_argument("--gps", action="store_true", help="score with GPSShogi to --depth (its LimitDepth, 4..10)")
    ap.add_argument("--resume", action="store_true", help="keep OUT's lines and score only the positions it lacks")
    ap.add_argument("--gps-ms", type=int, default=60000,
                    help="with --gps: at most this long a position (its byoyomi), ms; the search stops at "
                         "--depth or then, whichever comes first")
    args = ap.parse_args()
    binary = args.engine or (GPS if args.gps else FS)

    if args.gps:
        # One thread, no book, a fixed depth; GPSShogi has no `go depth` (it exits on one).
        options = {"Thread": 1, "BookDepth": 0, "LimitDepth": args.depth}
        go = f"btime 0 wtime 0 byoyomi {args.gps_ms}"
    else:
        options = {"Hash": args.hash}
        go = f"depth {args.depth}"
    engine = UsiClient([binary], options)
    # With --resume an existing OUT keeps its positions and they are not scored again
    # (GPSShogi's labelling takes hours and may be stopped and resumed).
    scored = set()
    if args.resume:
        try:
            with open(args.out) as old:
                scored = {line.split("\t", 1)[0] for line in old}
        except FileNotFoundError:
            pass
    done = 0
    with open(args.inp) as f, open(args.out, "a" if args.resume else "w") as out:
        for i, line in enumerate(f):
            if i % args.every != args.offset:
                continue
            parts = line.rstrip("\n").split("\t")
            sfen = parts[0]
            if sfen in scored:
                continue
            engine.position(f"sfen {sfen}")
            score = engine.go(go).score
            if score is None:  # no search output: leave the position out
                continue
            score = max(-MATE_CP, min(MATE_CP, score))  # GPSShogi's mates are about +-1,150,000
            if " w " in sfen:
                score = -score
            parts[2] = str(score)
            out.write("\t".join(parts) + "\n")
            out.flush()
            done += 1
    engine.quit()
    print(f"{done} positions labelled", file=sys.stderr)


if __name__ == "__main__":
    main()
