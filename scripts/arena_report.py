#!/usr/bin/env python3
"""Summarise a shogiarena run: each engine's score with its error bar, by colour, and the strict
clock count.

  python3 scripts/arena_report.py matches/<run> [--json FILE]

Reads the run's game database (game.db) and SPRT state (state.json). For each engine: wins,
losses, draws, the score with its 95% error (normal approximation) and the Elo interval it
implies; the same by colour; games lost on time and by an illegal move; moves played and the
longest. The runs are made with shogiarena's `expiry_margin_ms` at 0, so a move that takes
longer than the engine's clock allows loses the game there and then: the time losses counted
here are the strict count a tournament server would make (shogiarena's default margin, and
cshogi's, forgive overruns). For an SPRT run, the log-likelihood ratio, its bounds and the
decision. Only the standard library.
"""
import argparse
import json
import math
import os
import sqlite3
from collections import defaultdict


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


def tally():
    return {"wins": 0, "losses": 0, "draws": 0}


def summarise(run_dir):
    db = sqlite3.connect(os.path.join(run_dir, "game.db"))
    names = dict(db.execute("SELECT id, player_name FROM player"))
    engines = defaultdict(lambda: {"all": tally(), "black": tally(), "white": tally(),
                                   "time_losses": 0, "illegal_move_losses": 0,
                                   "moves": 0, "longest_move_ms": 0})
    games = db.execute("SELECT id, game_result, black_player_id, white_player_id, "
                       "initial_position_sfen FROM game").fetchall()
    unfinished = 0
    for game_id, result, black_id, white_id, sfen in games:
        if result in ("ERROR", "INVALID", "PAUSED"):
            unfinished += 1  # not played to an end: left out of the score
            continue
        black, white = names[black_id], names[white_id]
        if result.startswith("BLACK_WIN"):
            winner, loser = black, white
        elif result.startswith("WHITE_WIN"):
            winner, loser = white, black
        else:
            winner = loser = None
        for name, colour in ((black, "black"), (white, "white")):
            key = "draws" if winner is None else ("wins" if name == winner else "losses")
            engines[name]["all"][key] += 1
            engines[name][colour][key] += 1
        if loser is not None and result.endswith("_BY_TIMEOUT"):
            engines[loser]["time_losses"] += 1
        if loser is not None and result.endswith("_BY_ILLEGAL_MOVE"):
            engines[loser]["illegal_move_losses"] += 1
        # Who moved at each ply: the side to move of the first position, then alternately.
        words = sfen.split()
        first_side = words[1] if len(words) > 1 else "b"
        first_ply = int(words[3]) - 1 if len(words) > 3 else 0
        for ply, wall_ms in db.execute(
                "SELECT ply, COALESCE(engine_wall_time_ms, wall_time_ms) FROM game_move "
                "WHERE game_id = ?", (game_id,)):
            if wall_ms is None:
                continue
            same = (ply - first_ply) % 2 == 0
            mover = black if (first_side == "b") == same else white
            engines[mover]["moves"] += 1
            engines[mover]["longest_move_ms"] = max(engines[mover]["longest_move_ms"], wall_ms)
    out = {"run": run_dir, "games": len(games) - unfinished, "unfinished": unfinished, "engines": {}}
    for name, e in engines.items():
        w, l, d = e["all"]["wins"], e["all"]["losses"], e["all"]["draws"]
        s, err, elo, lo, hi = score_with_error(w, l, d)
        out["engines"][name] = dict(e, score=round(s, 4), score_err95=round(err, 4),
                                    elo=elo, elo_low95=lo, elo_high95=hi)
    state_file = os.path.join(run_dir, "state.json")
    if os.path.exists(state_file):
        sprt = json.load(open(state_file)).get("sprt_state")
        if sprt:
            a, b = sprt["alpha"], sprt["beta"]
            lower, upper = math.log(b / (1 - a)), math.log((1 - b) / a)
            llr = sprt["llr"]
            decision = "H1 accepted (a gain)" if llr >= upper else (
                "H0 accepted (no gain)" if llr <= lower else "undecided")
            out["sprt"] = {"model": sprt["model"], "elo0": sprt["elo0"], "elo1": sprt["elo1"],
                           "llr": round(llr, 3), "bounds": [round(lower, 3), round(upper, 3)],
                           "pentanomial": sprt.get("penta_bins"), "decision": decision}
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run_dir")
    ap.add_argument("--json", help="also write the summary here")
    args = ap.parse_args()
    out = summarise(args.run_dir)
    print(f"{out['run']}: {out['games']} games"
          + (f" ({out['unfinished']} more not finished: errors, left out)" if out["unfinished"] else ""))
    for name, e in out["engines"].items():
        a = e["all"]
        elo = "" if e["elo"] is None else f", {e['elo']:+} Elo ({e['elo_low95']}..{e['elo_high95']})"
        print(f"  {name}: {a['wins']}-{a['losses']}-{a['draws']}, "
              f"{100 * e['score']:.1f}% +- {100 * e['score_err95']:.1f}%{elo}; "
              f"as Black {e['black']['wins']}-{e['black']['losses']}-{e['black']['draws']}, "
              f"as White {e['white']['wins']}-{e['white']['losses']}-{e['white']['draws']}; "
              f"{e['moves']} moves, longest {e['longest_move_ms']} ms, "
              f"{e['time_losses']} time losses, {e['illegal_move_losses']} illegal-move losses")
    if "sprt" in out:
        s = out["sprt"]
        print(f"  SPRT [{s['elo0']}, {s['elo1']}] ({s['model']}): LLR {s['llr']} in "
              f"{s['bounds']}, pentanomial {s['pentanomial']}: {s['decision']}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
