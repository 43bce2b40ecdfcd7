#!/usr/bin/env python3
"""Complete games of a variant, Hisha against itself, every move checked by an independent
referee: shogiops, lishogi's rules library (chushogi, minishogi), or fairy-stockfish 11.1
(microshogi, judkins). A game ends when the referee finds no legal move for the side to move (it
has lost: mated, stalemated, or its royal pieces taken), at the fourth occurrence of a position
(a draw), or at MAX_PLIES (a draw).

    variant_games.py VARIANT GAMES [--byoyomi MS | --nodes N] [--random-plies K] [--max-plies P]
                     [--hisha BIN]

The first K plies of game g (default 4) are chosen at random among the legal moves (seed g), so
that games at fixed nodes differ.

Prints each game's result and length, then the totals: wins by Black and White, draws, and
faults (a move the referee rejects, no answer in time, a crash), which must be 0.
"""

import argparse
import os
import random
import subprocess
import sys
import time

from usi_client import UsiClient, startpos

HERE = os.path.dirname(os.path.abspath(__file__))
# Debian's fairy-stockfish 11.1, or the build FAIRY_STOCKFISH names (tori shogi needs one made
# from its newer source: `make -C src build largeboards=yes all=yes`).
FSF = os.environ.get("FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")
FSF_NAMES = {"microshogi": "micro", "judkins": "judkins", "torishogi": "torishogi",
             "shoshogi": "shoshogi"}
SHOGIOPS = {"chushogi": "chushogi", "minishogi": "minishogi"}


class Referee:
    """The legal moves after `startpos moves ...`, from an engine that is not Hisha."""

    def __init__(self, variant):
        if variant in SHOGIOPS:
            self.node = subprocess.Popen(
                ["node", os.path.join(HERE, "oracle", "shogiops_perft.mjs"), "serve", SHOGIOPS[variant]],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
            self.fsf = None
        else:
            self.node = None
            self.fsf = UsiClient([FSF], {"UCI_Variant": FSF_NAMES[variant]}, quiet=True)

    def legal(self, moves):
        spec = startpos(moves)
        if self.node:
            self.node.stdin.write(spec + "\n")
            self.node.stdin.flush()
            line = self.node.stdout.readline()
            if not line:
                # End of file: the referee died (shogiops not installed: npm install in
                # scripts/oracle). Its silence must not read as "no legal move".
                raise RuntimeError("the shogiops referee exited")
            line = line.strip()
            if line.startswith("illegal"):
                raise RuntimeError(line)
            return set(line.split())
        return self.fsf.perft_moves(spec)

    def close(self):
        if self.node:
            self.node.stdin.close()
            self.node.wait()
        else:
            self.fsf.quit()


def play(variant, engines, referee, go, max_plies, limit_s, opening):
    """One game; returns (result, plies, fault): result 'black', 'white' or 'draw'."""
    moves, seen = [], {}
    for e in engines:
        e.new_game()
    while len(moves) < max_plies:
        legal = referee.legal(moves)
        if not legal:
            return ("white" if len(moves) % 2 == 0 else "black"), len(moves), None
        engine = engines[len(moves) % 2]
        if len(moves) < len(opening):
            moves.append(opening[len(moves)](sorted(legal)))
            continue
        # Hisha's SFEN of the position, for the repetition count below (this sets the position).
        sfen = engine.variant_state(startpos(moves))[0]
        start = time.monotonic()
        result = engine.go(go)
        took = time.monotonic() - start
        if took > limit_s:
            return None, len(moves), f"move {len(moves) + 1} took {took:.2f} s"
        if result.bestmove not in legal:
            return None, len(moves), f"move {len(moves) + 1}: {result.bestmove} is not legal"
        moves.append(result.bestmove)
        # Fourfold repetition: the referee's move list stands for the position here only
        # approximately, so positions are compared by Hisha's SFEN.
        position = " ".join(sfen.split()[:3])
        seen[position] = seen.get(position, 0) + 1
        if seen[position] >= 4:
            return "draw", len(moves), None
    return "draw", len(moves), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant")
    ap.add_argument("games", type=int)
    ap.add_argument("--byoyomi", type=int)
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--random-plies", type=int, default=4)
    ap.add_argument("--hisha", default=os.path.join(HERE, "..", "target", "release", "hisha"))
    args = ap.parse_args()
    go = f"byoyomi {args.byoyomi}" if args.byoyomi else f"nodes {args.nodes}"
    limit_s = (args.byoyomi or 5000) / 1000 + 1.0
    referee = Referee(args.variant)
    totals = {"black": 0, "white": 0, "draw": 0}
    faults = []
    lengths = []
    for g in range(args.games):
        engines = [UsiClient([args.hisha], {"USI_Variant": args.variant}, quiet=True) for _ in range(2)]
        try:
            rng = random.Random(g)
            opening = [rng.choice] * args.random_plies
            result, plies, fault = play(args.variant, engines, referee, go, args.max_plies, limit_s,
                                        opening)
        except Exception as e:  # a crash or a protocol error is a fault, not the end of the run
            result, plies, fault = None, 0, f"{type(e).__name__}: {e}"
        for e in engines:
            try:
                e.quit()
            except Exception:
                pass
        lengths.append(plies)
        if fault:
            faults.append(f"game {g + 1}: {fault}")
        else:
            totals[result] += 1
        print(f"game {g + 1}: {result or 'fault'} in {plies} plies" + (f" ({fault})" if fault else ""),
              flush=True)
    referee.close()
    print(f"{args.variant}: {args.games} games, Black {totals['black']}, White {totals['white']}, "
          f"draws {totals['draw']}, faults {len(faults)}; plies mean {sum(lengths) / len(lengths):.0f}, "
          f"max {max(lengths)}")
    for f in faults:
        print(f)
    sys.exit(1 if faults else 0)


if __name__ == "__main__":
    main()
