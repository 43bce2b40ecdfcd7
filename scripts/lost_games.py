"""Where Hisha's lost games were lost: reads the games.jsonl records of scripts/usi_match.py
(each move with its engine's score, the mover's view) and, for each game Hisha lost, finds the
turning point: the first ply after which the opponent's own score never fell below +THRESHOLD
again. It prints, per lost game, that ply, the opponent's score there and what Hisha's score
said one move before (where they disagreed), Hisha's best score of the game, and a summary by
phase. With cshogi importable, the SFEN at the turning point is printed too, to be searched
again (`position sfen ...`, `go depth N`). Last, each engine's calibration on all the games:
for each range of its own scores (after ply 30), how many games entered it and what share of
them that engine went on to win; an engine whose scores mean what they say wins most games it
called well ahead.

    python3 scripts/lost_games.py matches/gps/games.jsonl [more.jsonl ...] [--threshold 300]
"""

import argparse
import json
import statistics

try:
    import cshogi
except ImportError:  # the SFENs are left out
    cshogi = None


def turning_point(record, threshold):
    """(ply, opponent's score there, Hisha's score at its move before) for a lost game, or None
    when the opponent's scores never settled above the threshold (a game lost on time, say)."""
    hisha_first = 0 if record["hisha_black"] else 1
    scores = record.get("scores") or []
    theirs = [(i, s) for i, s in enumerate(scores) if i % 2 != hisha_first and s is not None]
    turn = None
    for i, s in reversed(theirs):
        if s < threshold:
            break
        turn = (i, s)
    if turn is None:
        return None
    ply, score = turn
    before = next((scores[j] for j in range(ply - 1, -1, -1)
                   if j % 2 == hisha_first and scores[j] is not None), None)
    return ply, score, before


def sfen_after(record, plies):
    if cshogi is None or record.get("opening", "startpos") != "startpos":
        return None
    board = cshogi.Board()
    for m in record["moves"][:plies]:
        board.push_usi(m)
    return board.sfen()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("files", nargs="+")
    p.add_argument("--threshold", type=int, default=300,
                   help="the opponent's score (cp, its view) that counts as won for it")
    args = p.parse_args()
    records = [json.loads(line) for f in args.files for line in open(f) if line.strip()]
    lost = [r for r in records if r["result"] == 0.0]
    print(f"{len(records)} games, {len(lost)} lost")
    phases = {"opening (plies 1-40)": 0, "middle game (41-80)": 0, "late (81-)": 0,
              "no turning point": 0}
    turns, missed, thrown = [], 0, 0
    for r in lost:
        hisha_first = 0 if r["hisha_black"] else 1
        own = [s for i, s in enumerate(r.get("scores") or []) if i % 2 == hisha_first
               and s is not None]
        best = max(own, default=None)
        if best is not None and best >= args.threshold:
            thrown += 1
        tp = turning_point(r, args.threshold)
        colour = "Black" if r["hisha_black"] else "White"
        if tp is None:
            phases["no turning point"] += 1
            print(f"game {r['game']:3} as {colour}, {r['plies']} plies, {r['why']}: no turning point")
            continue
        ply, score, before = tp
        turns.append(ply + 1)
        phases["opening (plies 1-40)" if ply < 40 else
               "middle game (41-80)" if ply < 80 else "late (81-)"] += 1
        if before is not None and before >= -100:
            missed += 1
        sfen = sfen_after(r, ply)
        print(f"game {r['game']:3} as {colour}, {r['plies']} plies, {r['why']}: turning ply "
              f"{ply + 1}, opponent {score:+} cp, Hisha {before if before is None else f'{before:+}'}"
              f" a ply before, Hisha's best {best if best is None else f'{best:+}'}"
              + (f"\n    sfen {sfen}" if sfen else ""))
    if turns:
        print(f"turning plies: median {statistics.median(turns)}, "
              f"range {min(turns)}-{max(turns)}")
    print("by phase: " + ", ".join(f"{k} {v}" for k, v in phases.items()))
    print(f"lost where Hisha's own score a ply before the turn was still >= -100 cp: {missed}")
    print(f"lost after Hisha's own score had reached +{args.threshold} or more: {thrown}")
    for engine in ("Hisha", "opponent"):
        print(f"{engine}'s calibration: " + "; ".join(
            f"{lo:+} to {hi:+}: {n} games, won {100 * won / n:.0f}%"
            for (lo, hi), (n, won) in calibration(records, engine == "Hisha") if n))


# Ranges of an engine's own score, centipawns (mate scores in the outer two).
INF = float("inf")
RANGES = [(-INF, -2000), (-2000, -1000), (-1000, -500), (-500, -200), (-200, 200), (200, 500),
          (500, 1000), (1000, 2000), (2000, INF)]


def calibration(records, hisha, after=30):
    """For each range of RANGES: the games in which that engine's own score (after ply
    `after`) entered it, and how many of them it went on to win (a draw a half)."""
    out = []
    for lo, hi in RANGES:
        n = won = 0
        for r in records:
            hisha_first = 0 if r["hisha_black"] else 1
            own = [s for i, s in enumerate(r.get("scores") or [])
                   if i >= after and s is not None and (i % 2 == hisha_first) == hisha]
            if any(lo <= s < hi for s in own):
                n += 1
                won += r["result"] if hisha else 1.0 - r["result"]
        out.append(((lo, hi), (n, won)))
    return out

if __name__ == "__main__":
    main()
