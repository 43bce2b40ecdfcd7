#!/usr/bin/env python3
"""Training positions for a variant's evaluation: fairy-stockfish 11.1 plays itself at fixed
nodes, and every position of every game is written with the game's result and fairy-stockfish's
score for it, the tuner's format:

    sfen<TAB>result<TAB>score<TAB>game

(result 1 when Black won, 0 when White did, 0.5 for a draw; the score in fairy-stockfish's
centipawns from Black's point of view, mates as +-30000). `hisha tune --variant V` fits the
variant's weights to them (docs/tuning.md).

    variant_tune_data.py VARIANT GAMES OUT [--nodes N] [--random-plies K] [--max-plies P]
                         [--seed S]

VARIANT is one fairy-stockfish plays with Hisha's letters: microshogi, minishogi, judkins,
torishogi (with the build FAIRY_STOCKFISH names, scripts/variant_games.py). The
first K plies (default 6) are random legal moves (seed S + game), so games differ. A Hisha
process (target/release/hisha) writes each position's SFEN and rules when the game is over
(its `d`), so positions and results follow Hisha's rules.
"""

import argparse
import random
import sys

from usi_client import HISHA, MATE_CP, UsiClient, startpos
from variant_games import FSF, FSF_NAMES

FSF_VARIANT = dict(FSF_NAMES, minishogi="minishogi")


def result_of(verdict):
    if verdict.startswith("black"):
        return 1.0
    if verdict.startswith("white"):
        return 0.0
    return 0.5


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant", choices=sorted(FSF_VARIANT))
    ap.add_argument("games", type=int)
    ap.add_argument("out")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--random-plies", type=int, default=6)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--hisha", default=HISHA)
    args = ap.parse_args()

    fsf = UsiClient([FSF], {"UCI_Variant": FSF_VARIANT[args.variant], "Hash": 16}, quiet=True)
    hisha = UsiClient([args.hisha], {"USI_Variant": args.variant}, quiet=True)
    written = 0
    with open(args.out, "a") as out:
        for game in range(args.games):
            rng = random.Random(args.seed + game)
            moves, rows = [], []
            fsf.new_game()
            while True:
                sfen, verdict = hisha.variant_state(startpos(moves))
                if verdict != "on":
                    break
                if len(moves) >= args.max_plies:
                    verdict = "drawn"
                    break
                black = sfen.split()[1] == "b"
                if len(moves) < args.random_plies:
                    legal = hisha.perft_moves(startpos(moves))
                    moves.append(rng.choice(sorted(legal)))
                    continue
                fsf.position(startpos(moves))
                r = fsf.go(f"nodes {args.nodes}")
                if r.bestmove in (None, "resign", "(none)", "win"):
                    # fairy-stockfish sees no move: Hisha's judge must agree the game is over.
                    print(f"game {game}: fairy-stockfish has no move where Hisha's judge says 'on'",
                          file=sys.stderr)
                    verdict = "drawn"
                    break
                if r.bestmove not in hisha.perft_moves(startpos(moves)):
                    # A mate by a pawn (tori shogi's swallow) drop, which fairy-stockfish plays
                    # and the rules forbid: the game is left out.
                    print(f"game {game}: fairy-stockfish plays {r.bestmove}, refused by the "
                          "rules; left out", file=sys.stderr)
                    rows, verdict = [], None
                    break
                score = r.score
                if score is not None:
                    score = max(-MATE_CP, min(MATE_CP, score))
                    rows.append((sfen, score if black else -score))
                moves.append(r.bestmove)
            if verdict is None:
                continue
            result = result_of(verdict)
            for sfen, score in rows:
                out.write(f"{sfen}\t{result}\t{score}\t{args.seed + game}\n")
            out.flush()
            written += len(rows)
            print(f"game {game}: {verdict} in {len(moves)} plies; {written} positions", flush=True)
    fsf.quit()
    hisha.quit()


if __name__ == "__main__":
    main()
