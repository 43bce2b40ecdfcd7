#!/usr/bin/env python3
"""Hisha against HaChu with both engines speaking XBoard, as WinBoard would run them: Hisha's
XBoard front end (`hisha` whose first command is `xboard`) is tested in real games.

    xboard_match.py GAMES [--variant chu] [--st SECONDS] [--max-plies P] [--hisha BIN]

Each engine gets `new`, `variant`, `st` and `force`; to move, `time` and `otim` (the time per
move), `go`, then `force` again once its
move (one `move` line a leg) has come; the other engine gets the move as `usermove`. Every move
is translated to USI text and checked by shogiops (chu: lishogi's rules, an independent
referee); the game ends when the referee finds no legal move, at MAX_PLIES, or when the engine
to move resigns or claims a result (`1-0`, `0-1`, `1/2-1/2`) instead of moving.
Faults: a move the referee rejects, a move the other engine refuses (`Illegal move`), a move
later than the time per move plus 1 s, a crash; they are counted by side.
"""

import argparse
import os
import sys
import time

from hachu_usi import HACHU, find_pass, hachu_to_usi, usi_to_hachu
from variant_games import Referee
from xboard_client import XBoardClient

HERE = os.path.dirname(os.path.abspath(__file__))
SIZES = {"chu": 12, "dai": 15, "tenjiku": 16}
USI_NAMES = {"chu": "chushogi", "dai": "daishogi", "tenjiku": "tenjikushogi"}


class XBoardEngine(XBoardClient):
    def __init__(self, name, command, variant, st):
        super().__init__(command, name)
        for line in ("memory 64", "new", f"variant {variant}", f"st {st}", "force"):
            self.send(line)
        self.sync()

    def think(self, timeout, st):
        """`go`; returns (legs joined, None) or (None, the result line given instead). The
        clock first, as WinBoard sends it (HaChu plans its time per move from `time`, even
        under `st`)."""
        self.send(f"time {st * 100}")
        self.send(f"otim {st * 100}")
        self.send("go")
        text, result = self.read_move(timeout)
        self.send("force")
        self.sync()
        return text, result


def play(engines, referee, args, n):
    """players[0] moves first. Returns (winner 0/1/None, plies, fault (side, text) or None)."""
    moves = []
    while len(moves) < args.max_plies:
        legal = referee.legal(moves)
        side = len(moves) % 2
        if not legal:
            return 1 - side, len(moves), None
        mover, other = engines[side], engines[1 - side]
        began = time.monotonic()
        text, _ = mover.think(args.st + 30, args.st)
        took = time.monotonic() - began
        if text is None:
            # Resigned or claimed without moving: the side to move gives up.
            return 1 - side, len(moves), None
        if took > args.st + 1.0:
            return 1 - side, len(moves), (side, f"move {len(moves) + 1} took {took:.2f} s")
        # A pass is the null move @@@@ in both engines' notation; the referee gets it as a
        # legal out-and-back move.
        usi = find_pass(USI_NAMES[args.variant], moves) if text == "@@@@" else hachu_to_usi(text, n)
        if usi not in legal:
            return 1 - side, len(moves), (side, f"move {len(moves) + 1}: {text} ({usi}) is not legal")
        moves.append(usi)
        other.send("usermove " + (text if text == "@@@@" else usi_to_hachu(usi, n)))
        complaint = [l for l in other.sync() if "llegal" in l]
        if complaint:
            return None, len(moves), (1 - side, f"{other.name} refuses {text}: {complaint[0]}")
    return None, len(moves), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int)
    ap.add_argument("--variant", default="chu", choices=["chu"])
    ap.add_argument("--st", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=500)
    ap.add_argument("--hisha", default=os.path.join(HERE, "..", "target", "release", "hisha"))
    args = ap.parse_args()
    n = SIZES[args.variant]
    referee = Referee(USI_NAMES[args.variant])
    score = {"hisha": 0.0, "hachu": 0.0}
    faults = []
    for g in range(args.games):
        hisha = XBoardEngine("hisha", [args.hisha], args.variant, args.st)
        hachu = XBoardEngine("hachu", [HACHU], args.variant, args.st)
        hachu.send("option Allow repeats=1")
        engines = [hisha, hachu] if g % 2 == 0 else [hachu, hisha]
        try:
            winner, plies, fault = play(engines, referee, args, n)
        except Exception as e:
            winner, plies, fault = None, 0, (None, f"{type(e).__name__}: {e}")
        for e in engines:
            e.quit()
        if winner is None:
            score["hisha"] += 0.5
            score["hachu"] += 0.5
            outcome = "draw"
        else:
            score[engines[winner].name] += 1
            outcome = f"{engines[winner].name} wins"
        if fault:
            who = engines[fault[0]].name if fault[0] is not None else "runner"
            faults.append(f"game {g + 1}: {who}: {fault[1]}")
        print(f"game {g + 1}: {engines[0].name} first: {outcome} in {plies} plies"
              + (f" ({fault[1]})" if fault else ""), flush=True)
    referee.close()
    print(f"{args.variant} over XBoard, st {args.st}: {args.games} games, Hisha {score['hisha']}, "
          f"HaChu {score['hachu']}; faults {len(faults)}")
    for f in faults:
        print("  " + f)
    sys.exit(1 if faults else 0)


if __name__ == "__main__":
    main()
