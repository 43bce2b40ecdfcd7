#!/usr/bin/env python3
"""Training positions for a variant's evaluation: fairy-stockfish plays itself at fixed nodes (or
HaChu, for chu and dai shogi, at a fixed time a move), and every position of every game is
written with the game's result and the player's score for it, the tuner's format:

    sfen<TAB>result<TAB>score<TAB>game

(result 1 when Black won, 0 when White did, 0.5 for a draw; the score in the player's
centipawns from Black's point of view, mates as +-30000). `hisha tune --variant V` fits the
variant's weights to them (docs/tuning.md).

    variant_tune_data.py VARIANT GAMES OUT [--nodes N] [--random-plies K] [--max-plies P]
                         [--seed S]
    variant_tune_data.py chushogi|daishogi GAMES OUT --engine hachu [--movetime MS] ...

VARIANT is one fairy-stockfish plays with Hisha's letters: microshogi, minishogi, judkins,
torishogi, shoshogi (tori and sho with the build FAIRY_STOCKFISH names,
scripts/variant_games.py). With `--engine hachu`, HaChu 0.21 (Debian's hachu, through
scripts/hachu_usi.py) plays chu or dai at MS a move (its search has no node limit); a
resignation loses the game. HaChu's dai has no lion-trading rules; a lion trade of its that
Hisha's dai (chu's rules) refuses is replaced by Hisha's move (`--substitute-nodes`, 3,000),
that position left out. The first K plies (default 6) are random legal moves (seed S + game),
so games differ. A Hisha process (target/release/hisha) writes each position's SFEN and rules
when the game is over (its `d`), so positions and results follow Hisha's rules.
"""

import argparse
import os
import random
import sys

from usi_client import HISHA, MATE_CP, UsiClient, startpos
from variant_games import FSF, FSF_NAMES

FSF_VARIANT = dict(FSF_NAMES, minishogi="minishogi")
HACHU_VARIANTS = ("chushogi", "daishogi")
ADAPTER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hachu_usi.py")


def result_of(verdict):
    if verdict.startswith("black"):
        return 1.0
    if verdict.startswith("white"):
        return 0.0
    return 0.5


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant", choices=sorted(set(FSF_VARIANT) | set(HACHU_VARIANTS)))
    ap.add_argument("games", type=int)
    ap.add_argument("out")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--random-plies", type=int, default=6)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--hisha", default=HISHA)
    ap.add_argument("--engine", choices=("fairy", "hachu"), default="fairy")
    ap.add_argument("--movetime", type=int, default=200,
                    help="HaChu's ms a move (at 100 it searches about 3 plies)")
    ap.add_argument("--substitute-nodes", type=int, default=3000,
                    help="dai: Hisha's nodes for a move that replaces a lion trade of HaChu's "
                    "the rules refuse")
    args = ap.parse_args()
    substitute = args.engine == "hachu" and args.variant == "daishogi"

    if args.engine == "hachu":
        if args.variant not in HACHU_VARIANTS:
            ap.error(f"HaChu's data: {', '.join(HACHU_VARIANTS)}")
        player = UsiClient([sys.executable, ADAPTER], {"USI_Variant": args.variant}, quiet=True)
        search = f"movetime {args.movetime}"
    else:
        if args.variant not in FSF_VARIANT:
            ap.error(f"fairy-stockfish's data: {', '.join(sorted(FSF_VARIANT))}")
        player = UsiClient([FSF], {"UCI_Variant": FSF_VARIANT[args.variant], "Hash": 16},
                           quiet=True)
        search = f"nodes {args.nodes}"
    hisha = UsiClient([args.hisha], {"USI_Variant": args.variant}, quiet=True)
    written = 0
    with open(args.out, "a") as out:
        for game in range(args.games):
            rng = random.Random(args.seed + game)
            moves, rows = [], []
            player.new_game()
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
                player.position(startpos(moves))
                r = player.go(search)
                if r.bestmove == "resign" and args.engine == "hachu":
                    verdict = "white wins (resigns)" if black else "black wins (resigns)"
                    break
                if r.bestmove in (None, "resign", "(none)", "win"):
                    # The player sees no move: Hisha's judge must agree the game is over.
                    print(f"game {game}: {args.engine} has no move where Hisha's judge says 'on'",
                          file=sys.stderr)
                    verdict = "drawn"
                    break
                refused = r.bestmove not in hisha.perft_moves(startpos(moves))
                if refused and substitute:
                    # HaChu's dai has no lion-trading rules: a lion trade they forbid is
                    # replaced by Hisha's move, the position left out, and the game goes on.
                    print(f"game {game}: hachu plays {r.bestmove}, refused by the rules; "
                          "Hisha's move instead", file=sys.stderr)
                    hisha.position(startpos(moves))
                    moves.append(hisha.go(f"nodes {args.substitute_nodes}").bestmove)
                    continue
                if refused:
                    # A mate by a pawn (tori shogi's swallow) drop, which fairy-stockfish plays
                    # and the rules forbid: the game is left out.
                    print(f"game {game}: {args.engine} plays {r.bestmove}, refused by the "
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
    player.quit()
    hisha.quit()


if __name__ == "__main__":
    main()
