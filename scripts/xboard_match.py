#!/usr/bin/env python3
"""Hisha against HaChu or CrazyWa with both engines speaking XBoard, as WinBoard would run them:
Hisha's XBoard front end (`hisha` whose first command is `xboard`) is tested in real games.

    xboard_match.py GAMES [--variant chu|wa-shogi|crazywa|minishogi|judkinshogi|torishogi]
                    [--st SECONDS | --level BASE INC [--grace MS]] [--random-plies K --seed S]
                    [--max-plies P] [--hisha BIN] [--moves FILE] [--stop-after SECONDS]

HaChu plays chu and wa-shogi (wa without drops), CrazyWa (`CRAZYWA`, for wa the build of `make
crazywa-wa`) the games with drops, crazywa being wa shogi with drops.

Each engine gets `new`, `variant`, `st` (or `level`) and `force`; to move, `time` and `otim`
(the time per move, or the clocks), `go`, then `force` again once its
move (one `move` line a leg) has come; the other engine gets the move as `usermove`. Every move
is translated to USI text and checked by a referee: shogiops for chu (lishogi's rules, an
independent referee), else a Hisha process speaking USI (the opponent's moves are the
independent check); the game ends when the referee finds no legal move, when the judge (a Hisha
process's `d`) finds the game over by the rules, at MAX_PLIES, or when the engine to move
resigns or claims a result (`1-0`, `0-1`, `1/2-1/2`) instead of moving.
Faults: a move the referee rejects, a move the other engine refuses (`Illegal move`), a move
later than the time per move plus 1 s, a crash; they are counted by side.

With `--level BASE INC` each side has a Fischer clock instead (`level 0 BASE INC`, BASE and INC
in seconds, `time` and `otim` from the runner's clocks before each `go`): a side whose clock
runs out loses on time, Hisha's clock strict, the opponent's with `--grace` ms. With
`--random-plies K` each pair of games (Hisha first, then the opponent first) begins with the
same K random legal moves (seeded by `--seed` and the pair), told to both engines in force
mode. No game begins after `--stop-after` seconds. The summary gives each side's longest and
mean move.
"""

import argparse
import os
import random
import re
import sys
import time

from hachu_usi import CRAZYWA, HACHU, find_pass, hachu_to_usi, usi_to_hachu
from variant_games import Referee
from variant_match import HishaReferee, Judge
from xboard_client import XBoardClient

HERE = os.path.dirname(os.path.abspath(__file__))
# XBoard's name: (the opponent, its binary, the board's size, Hisha's USI name).
GAMES = {
    "chu": ("hachu", HACHU, 12, "chushogi"),
    "wa-shogi": ("hachu", HACHU, 11, "washogi-nodrops"),
    "crazywa": ("crazywa", CRAZYWA, 11, "washogi"),
    "minishogi": ("crazywa", CRAZYWA, 5, "minishogi"),
    "judkinshogi": ("crazywa", CRAZYWA, 6, "judkins"),
    "torishogi": ("crazywa", CRAZYWA, 7, "torishogi"),
}


class XBoardEngine(XBoardClient):
    def __init__(self, name, command, variant, clock):
        super().__init__(command, name)
        for line in ("memory 64", "new", f"variant {variant}", clock, "force"):
            self.send(line)
        self.sync()
        self.times = []

    def think(self, timeout, own_cs, other_cs):
        """`go`; returns (legs joined, None) or (None, the result line given instead). The
        clocks first (centiseconds), as WinBoard sends them (HaChu plans its time per move
        from `time`, even under `st`)."""
        self.send(f"time {max(0, own_cs)}")
        self.send(f"otim {max(0, other_cs)}")
        self.send("go")
        text, result = self.read_move(timeout)
        self.send("force")
        self.sync()
        return text, result


def opening(engines, referee, args, g, n, moves):
    """The random plies game `g` begins with (the same for its pair), told to both engines."""
    rng = random.Random(f"{args.seed}:{g // 2}")
    for _ in range(args.random_plies):
        # Moves of one leg only: a lion's two steps to an empty square over an empty one are
        # its jump there, which HaChu takes only as the jump.
        legal = sorted(m for m in referee.legal(moves) if len(re.findall(r"\d+[a-z]", m)) == 2)
        if not legal:
            break
        moves.append(rng.choice(legal))
        for e in engines:
            e.send("usermove " + usi_to_hachu(moves[-1], n))
    for e in engines:
        if any("llegal" in line for line in e.sync()):
            raise RuntimeError(f"{e.name} refuses the opening {' '.join(moves)}")


def play(engines, referee, judge, args, n, moves):
    """players[0] moves first; the game's moves go to `moves`. Returns (winner 0/1/None,
    plies, fault (side, text) or None); how it ended goes to `args.ending`."""
    args.ending = "no legal move"
    clocks = [args.level[0], args.level[0]] if args.level else None
    while len(moves) < args.max_plies:
        legal = referee.legal(moves)
        side = len(moves) % 2
        if not legal:
            return 1 - side, len(moves), None
        verdict = judge.verdict(moves)
        if verdict != "on":
            args.ending = f"the judge: {verdict}"
            return {"black wins": 0, "white wins": 1}.get(verdict), len(moves), None
        mover, other = engines[side], engines[1 - side]
        if args.level:
            own, theirs = clocks[side], clocks[1 - side]
        else:
            own = theirs = args.st
        began = time.monotonic()
        text, claim = mover.think(own + 30, round(own * 100), round(theirs * 100))
        took = time.monotonic() - began
        mover.times.append(took)
        if text is None:
            # Resigned or claimed without moving: the side to move gives up.
            args.ending = f"{mover.name} gave {claim.strip()}"
            return 1 - side, len(moves), None
        if args.level:
            clocks[side] -= took
            grace = 0 if mover.name == "hisha" else args.grace / 1000
            if clocks[side] < -grace:
                return 1 - side, len(moves), (side, f"move {len(moves) + 1} lost on time "
                                                    f"({took:.2f} s, {own:.2f} s left)")
            clocks[side] += args.level[1]
        elif took > args.st + 1.0:
            return 1 - side, len(moves), (side, f"move {len(moves) + 1} took {took:.2f} s")
        # A pass is the null move @@@@ in both engines' notation; the referee gets it as a
        # legal out-and-back move.
        usi = find_pass(GAMES[args.variant][3], moves) if text == "@@@@" else hachu_to_usi(text, n)
        if usi not in legal:
            return 1 - side, len(moves), (side, f"move {len(moves) + 1}: {text} ({usi}) is not legal")
        moves.append(usi)
        other.send("usermove " + (text if text == "@@@@" else usi_to_hachu(usi, n)))
        complaint = [l for l in other.sync() if "llegal" in l]
        if complaint:
            return None, len(moves), (1 - side, f"{other.name} refuses {text}: {complaint[0]}")
    args.ending = f"cut at {args.max_plies} plies"
    return None, len(moves), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int)
    ap.add_argument("--variant", default="chu", choices=sorted(GAMES))
    ap.add_argument("--st", type=int, default=1)
    ap.add_argument("--level", type=float, nargs=2, metavar=("BASE", "INC"),
                    help="a Fischer clock of BASE seconds and INC seconds a move, instead of --st")
    ap.add_argument("--grace", type=int, default=1000, help="the opponent's grace, ms")
    ap.add_argument("--random-plies", type=int, default=0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--stop-after", type=float, help="begin no game after this many seconds")
    ap.add_argument("--max-plies", type=int, default=500)
    ap.add_argument("--hisha", default=os.path.join(HERE, "..", "target", "release", "hisha"))
    ap.add_argument("--moves", help="write each game's moves (USI text) to this file")
    args = ap.parse_args()
    record = open(args.moves, "w") if args.moves else None
    them, binary, n, usi_name = GAMES[args.variant]
    # The judge rules on the ends the referee does not see (chu's bare king: shogiops plays
    # on, and so does HaChu).
    judge = Judge(usi_name, args.hisha)
    if args.variant == "chu":
        referee = Referee(usi_name)
    else:
        referee = HishaReferee(usi_name, args.hisha)
    score = {"hisha": 0.0, them: 0.0}
    faults = []
    times = {"hisha": [], them: []}
    if args.level:
        base, inc = args.level
        clock = f"level 0 {int(base) // 60}:{int(base) % 60:02d} {inc:g}"
    else:
        clock = f"st {args.st}"
    began = time.monotonic()
    played = 0
    for g in range(args.games):
        if args.stop_after is not None and time.monotonic() - began > args.stop_after:
            break
        played += 1
        hisha = XBoardEngine("hisha", [args.hisha], args.variant, clock)
        other = XBoardEngine(them, [binary], args.variant, clock)
        if them == "hachu":
            other.send("option Allow repeats=1")
            if args.variant == "wa-shogi":
                # Promotion on a move that starts or ends in the zone, as Hisha's wa shogi has
                # it (HaChu's default, on entry only, is chu's).
                other.send("option Promote on entry=0")
        engines = [hisha, other] if g % 2 == 0 else [other, hisha]
        moves = []
        try:
            opening(engines, referee, args, g, n, moves)
            winner, plies, fault = play(engines, referee, judge, args, n, moves)
        except Exception as e:
            winner, plies, fault = None, 0, (None, f"{type(e).__name__}: {e}")
        for e in engines:
            e.quit()
            times[e.name] += e.times
        if winner is None:
            score["hisha"] += 0.5
            score[them] += 0.5
            outcome = "draw"
        else:
            score[engines[winner].name] += 1
            outcome = f"{engines[winner].name} wins"
        if fault:
            who = engines[fault[0]].name if fault[0] is not None else "runner"
            faults.append(f"game {g + 1}: {who}: {fault[1]}")
        print(f"game {g + 1}: {engines[0].name} first: {outcome} in {plies} plies"
              + (f" ({fault[1]})" if fault else f" ({args.ending})"), flush=True)
        if record:
            print(f"game {g + 1} {engines[0].name}-{engines[1].name} {outcome}: startpos moves "
                  + " ".join(moves), file=record, flush=True)
    referee.close()
    judge.close()
    print(f"{args.variant} over XBoard, {clock}: {played} games, Hisha {score['hisha']}, "
          f"{them} {score[them]}; faults {len(faults)}")
    for name, ts in times.items():
        if ts:
            print(f"  {name}: {len(ts)} moves, longest {max(ts) * 1000:.0f} ms, "
                  f"mean {sum(ts) / len(ts) * 1000:.0f} ms")
    for f in faults:
        print("  " + f)
    sys.exit(1 if faults else 0)


if __name__ == "__main__":
    main()
