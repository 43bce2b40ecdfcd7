#!/usr/bin/env python3
"""Training positions from the games `variant_match.py --moves FILE` recorded: every K-th
position of every decided or drawn game, with the game's result, in the tuner's format

    sfen<TAB>result<TAB>score<TAB>game

(result 1 when Black won, 0 when White did, 0.5 for a draw; the score column 0: these positions
are fitted to results alone, `hisha tune --variant V --result-weight 1`). For the variants no
other engine plays (dai dai), or plays at Hisha's strength, self-play results are the only
labels there are (docs/tuning.md).

    variant_games_data.py VARIANT OUT RECORD... [--every K] [--skip P] [--hisha BIN]

A Hisha process replays each game (its `position` goes on from the last command, so a game of
thousands of plies is read in about a second) and writes each position's SFEN by its `d`.
Games that were void (a fault or a rules dispute) are left out.
"""

import argparse
import re

from usi_client import HISHA, UsiClient

LINE = re.compile(r"^game (\d+) (\S+)-(\S+) ([^:]+): startpos(?: moves (.*))?$")


def black_result(black, white, outcome):
    """1, 0 or 0.5 for Black, from the record's names and outcome; None for a void game."""
    if outcome.startswith("draw"):
        return 0.5
    if outcome == "Hisha wins":
        winner = "hisha"
    elif outcome.endswith(" wins"):
        winner = outcome[: -len(" wins")]
    else:
        return None
    if winner == black:
        return 1.0
    if winner == white:
        return 0.0
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant")
    ap.add_argument("out")
    ap.add_argument("records", nargs="+")
    ap.add_argument("--every", type=int, default=8, help="write every K-th position")
    ap.add_argument("--skip", type=int, default=4, help="leave out the first P plies")
    ap.add_argument("--hisha", default=HISHA)
    args = ap.parse_args()

    hisha = UsiClient([args.hisha], {"USI_Variant": args.variant}, quiet=True)
    games = written = 0
    with open(args.out, "w") as out:
        for path in args.records:
            for line in open(path):
                m = LINE.match(line.strip())
                if not m:
                    continue
                _, black, white, outcome, moves = m.groups()
                result = black_result(black, white, outcome)
                if result is None:
                    continue
                moves = moves.split() if moves else []
                games += 1
                hisha.new_game()
                for ply in range(args.skip, len(moves), args.every):
                    spec = "startpos moves " + " ".join(moves[:ply]) if ply else "startpos"
                    sfen, verdict = hisha.variant_state(spec)
                    if verdict != "on":
                        break
                    out.write(f"{sfen}\t{result}\t0\t{games}\n")
                    written += 1
    hisha.quit()
    print(f"{games} games, {written} positions")


if __name__ == "__main__":
    main()
