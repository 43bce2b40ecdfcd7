#!/usr/bin/env python3
"""Play a match between two USI engines through cshogi's match runner (python3 -m cshogi.cli),
and check what cshogi.cli does not: the time every move really took.

cshogi.cli forgives a move that overruns the clock by less than a second; a tournament server
does not. This script wraps cshogi's Engine.go to time every move itself and counts each move
that took longer than the engine's remaining main time plus byoyomi as a time loss, and
names the games where that happened (`games_with_overruns`), so an overrun can be matched
with what else the machine was doing at the time.

Usage:
  scripts/match.py --engine1 target/release/hisha --engine2 gnushogi --games 20 --byoyomi 1000
Engine names 'gnushogi', 'fairy-stockfish' and 'gpsshogi' are resolved to the installed opponents.
With --nodes N every move is searched to N nodes with no clock (for self-play measurements that
machine load cannot disturb).
Prints the cshogi summary, then a one-line JSON result; --out FILE also writes the JSON there.
"""

import argparse
import json
import math
import os
import sys
import time

import cshogi.cli
import cshogi.usi

HERE = os.path.dirname(os.path.abspath(__file__))
# An opening line is played whole up to this many plies (the suite's lines have up to 30).
OPENING_PLIES_MAX = 64
KNOWN = {
    "gnushogi": os.path.join(HERE, "gnushogi_usi.py"),
    "fairy-stockfish": "/usr/games/fairy-stockfish",
    "gpsshogi": "/usr/games/gpsusi",
}


def resolve(cmd):
    if cmd in KNOWN:
        return os.path.abspath(KNOWN[cmd])
    return os.path.abspath(cmd) if os.path.exists(cmd) else cmd


class Timing:
    """Per-engine move times measured around Engine.go."""

    def __init__(self):
        self.moves = {}  # engine name -> list of (elapsed_ms, budget_ms)
        self.side = {}  # engine object id -> side to move of its pending go (0 black, 1 white)
        self.reported = {}  # engine name -> moves already attributed to a game
        self.overruns = []  # end_game rows, one per engine and game with an overrun

    def install(self, fixed1=None, fixed2=None, engine2_cmd=None):
        orig_position = cshogi.usi.Engine.position
        orig_go = cshogi.usi.Engine.go
        timing = self

        def position(engine, moves=None, sfen="startpos", listener=None):
            n = len(moves) if moves else 0
            start_side = 0 if sfen == "startpos" or " b " in sfen else 1
            timing.side[id(engine)] = (start_side + n) % 2
            return orig_position(engine, moves, sfen, listener)

        def go(engine, ponder=False, btime=None, wtime=None, byoyomi=None, binc=None,
               winc=None, nodes=None, listener=None):
            t0 = time.perf_counter()
            fixed_nodes = fixed2 if fixed2 and engine.cmd == engine2_cmd else fixed1
            if fixed_nodes:
                # Fixed nodes per move: no clock at all, so machine load cannot change a game.
                result = orig_go(engine, ponder=ponder, nodes=fixed_nodes, listener=listener)
            else:
                result = orig_go(engine, ponder=ponder, btime=btime, wtime=wtime, byoyomi=byoyomi,
                                 binc=binc, winc=winc, nodes=nodes, listener=listener)
            elapsed = (time.perf_counter() - t0) * 1000.0
            if not ponder:
                side = timing.side.get(id(engine), 0)
                main = (btime if side == 0 else wtime) or 0
                budget = main + (byoyomi or 0)
                timing.moves.setdefault(engine.name, []).append((elapsed, budget))
            return result

        cshogi.usi.Engine.position = position
        cshogi.usi.Engine.go = go

    @staticmethod
    def overran(elapsed, budget):
        """A move over its clock (fixed-node moves have no budget and never overrun)."""
        return budget > 0 and elapsed > budget

    def end_game(self, game):
        """Records, for game number `game`, each engine whose moves since the last call (the
        moves of that game) overran: how many, and the game's longest move."""
        for name, moves in self.moves.items():
            new = moves[self.reported.get(name, 0):]
            self.reported[name] = len(moves)
            over = sum(1 for e, b in new if self.overran(e, b))
            if over:
                self.overruns.append({"game": game, "engine": name, "moves_over_budget": over,
                                      "max_ms": round(max(e for e, _ in new), 1)})

    def report(self):
        out = {}
        for name, moves in self.moves.items():
            over = [(e, b) for e, b in moves if self.overran(e, b)]
            out[name] = {
                "moves": len(moves),
                "max_ms": round(max(e for e, _ in moves), 1) if moves else 0,
                "max_over_budget_ms": round(max((e - b for e, b in moves), default=0), 1),
                "time_losses": len(over),
            }
        return out


def score_with_error(wins, losses, draws):
    """Score, its 95% error (normal approximation), and the Elo interval it implies
    (None where the interval reaches 0% or 100%, where Elo is unbounded)."""
    n = wins + losses + draws
    if n == 0:
        return 0.0, 0.0, None, None, None
    s = (wins + draws / 2) / n
    var = (wins * (1 - s) ** 2 + losses * s ** 2 + draws * (0.5 - s) ** 2) / n
    err = 1.96 * math.sqrt(var / n)

    def elo(p):
        if p <= 0 or p >= 1:
            return None
        return round(-400 * math.log10(1 / p - 1), 1)

    return s, err, elo(s), elo(s - err), elo(s + err)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine1", required=True)
    ap.add_argument("--engine2", required=True)
    ap.add_argument("--options1", default="")
    ap.add_argument("--options2", default="")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--byoyomi", type=int, default=None)
    ap.add_argument("--time", type=int, default=None, help="main time, ms")
    ap.add_argument("--inc", type=int, default=None, help="increment, ms")
    ap.add_argument("--nodes", type=int, default=None,
                    help="fixed nodes per move instead of a clock (both engines must support go nodes)")
    ap.add_argument("--nodes2", type=int, default=None,
                    help="with --nodes: engine2's nodes per move, where it differs from engine1's "
                         "(fixed-node matches against another engine, whose nodes cost differently)")
    ap.add_argument("--draw", type=int, default=320, help="draw after this many plies")
    ap.add_argument("--opening", default=None, help="file of opening move sequences (cshogi format)")
    ap.add_argument("--csa", default=None, help="file for the CSA game records (all games)")
    ap.add_argument("--out", default=None)
    args = ap.parse_args()

    timing = Timing()
    if args.nodes2 and not args.nodes:
        ap.error("--nodes2 needs --nodes")
    if args.nodes2 and resolve(args.engine1) == resolve(args.engine2):
        ap.error("--nodes2 tells the engines apart by command: give two different commands")
    timing.install(args.nodes, args.nodes2, resolve(args.engine2))

    outcomes = {"illegal": 0, "timeup": 0}
    real_print = print

    def tracking_print(*a, **kw):
        text = " ".join(str(x) for x in a)
        if "反則" in text:
            outcomes["illegal"] += 1
        if "切れ負け" in text:
            outcomes["timeup"] += 1
        real_print(*a, **kw)
        sys.stdout.flush()

    cshogi.cli.print = tracking_print

    def opts(s):
        d = {}
        for kv in filter(None, s.split(",")):
            k, v = kv.split(":", 1)
            d[k] = v
        return d

    if args.csa and os.path.dirname(args.csa):
        os.makedirs(os.path.dirname(args.csa), exist_ok=True)

    def summary(res):
        w, l, d = res["engine1_won"], res["engine2_won"], res["draw"]
        s, err, elo, elo_lo, elo_hi = score_with_error(w, l, d)
        return {
            "engine1": res["engine1_name"], "engine2": res["engine2_name"],
            "games": w + l + d, "wins": w, "losses": l, "draws": d,
            "score": round(s, 4), "score_err95": round(err, 4),
            "elo": elo, "elo_low95": elo_lo, "elo_high95": elo_hi,
            "byoyomi": args.byoyomi, "time": args.time, "inc": args.inc, "nodes": args.nodes,
            "nodes2": args.nodes2 or args.nodes,
            "games_ended_by_illegal_move_or_perpetual_check": outcomes["illegal"],
            "games_ended_by_cshogi_timeup": outcomes["timeup"],
            "move_times": timing.report(),
            "games_with_overruns": timing.overruns,
        }

    def write(data):
        if args.out:
            with open(args.out, "w") as f:
                f.write(json.dumps(data, ensure_ascii=False) + "\n")

    def after_each_game(res):
        # Keep the summary current, so an interrupted match still leaves its figures.
        games = res["engine1_won"] + res["engine2_won"] + res["draw"]
        timing.end_game(games)
        write(summary(res))
        return True

    res = cshogi.cli.main(
        resolve(args.engine1), resolve(args.engine2), opts(args.options1), opts(args.options2),
        games=args.games, byoyomi=args.byoyomi, time=args.time, inc=args.inc, draw=args.draw,
        opening=args.opening, opening_moves=OPENING_PLIES_MAX, csa=args.csa, multi_csa=True,
        callback=after_each_game,
    )
    final = summary(res)
    real_print(json.dumps(final, ensure_ascii=False))
    write(final)


if __name__ == "__main__":
    main()
