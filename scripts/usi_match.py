"""A 9x9 match referee that needs only Python's standard library and cshogi: for machines
without shogiarena (a borrowed many-core machine with no network). Plays Hisha against any USI
engine, a process pair per game, several games at once, both colours of every opening, on a
byoyomi clock or a Fischer one (--time, --inc: a side may use its time left and the increment
on a move): Hisha's strict, the opponent's with grace (as the Makefile's matches). Hisha may
play itself (--opponent target/release/hisha, with its own --opponent-option). With
--ponder-half both engines ponder in every other pair of games (the clock runs from `ponderhit`).

    python3 scripts/usi_match.py --hisha target/release/hisha --opponent /usr/games/gpsusi \\
        --opponent-option Thread=1 --opponent-option LimitDepth=10 \\
        --opponent-option BookDepth=100 --games 56 --parallel 14 --byoyomi 1000 --out matches/gps

Every move is checked against cshogi's legal moves and kept with its time and the score its
engine gave (the mover's view), so that lost games can be read where the engines disagreed.
The rules end a game (mate, a win declared under the 27-point rule, the fourth repetition,
perpetual check) or it is a draw at --max-plies. Each finished game is one JSON line in OUT/games.jsonl, written as it ends, so a
run cut short keeps what it played; no game starts after --stop-after seconds. OUT/summary.txt
gives the score with its error bar.
"""

import argparse
import json
import math
import os
import queue
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import cshogi

# A mate score in the records, centipawns.
MATE = 30000


class Engine:
    """A USI engine process whose lines are read by a thread, so that waits can time out."""

    def __init__(self, command, options, env=None):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1, env=env)
        self.lines = queue.Queue()
        # The last score the engine gave while waiting (`score cp N` or `score mate N`, as
        # centipawns with mates as +-MATE), for the record.
        self.last_score = None
        threading.Thread(target=self._read, daemon=True).start()
        self.send("usi")
        self.wait("usiok", 30)
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait("readyok", 120)
        self.send("usinewgame")

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def wait(self, prefix, timeout):
        """The first line starting with `prefix`, or None at the timeout or the engine's end."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                return None
            words = line.split()
            if words and words[0] == "info" and "score" in words:
                i = words.index("score")
                try:
                    kind, value = words[i + 1], words[i + 2]
                    if kind == "cp":
                        self.last_score = int(value)
                    elif kind == "mate":
                        sign = -1 if value.startswith("-") else 1
                        self.last_score = sign * MATE
                except (IndexError, ValueError):
                    pass
            if words and words[0] == prefix:
                return line

    def close(self, result=None):
        if result:
            self.send(f"gameover {result}")
        self.send("quit")
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def repetition_result(history, board):
    """After a move: None, or (the mover's result, why) when the position has now occurred four
    times: a draw, or a loss for a side whose every move of the cycle gave check."""
    key = board.zobrist_hash()
    seen = [i for i, (k, _) in enumerate(history) if k == key]
    if len(seen) < 4:
        return None
    cycle = history[seen[-2] + 1:]
    # history[i] is the position after ply i + 1 and whether that ply gave check; the last entry
    # is the move just played (by the mover).
    mover_checks = all(check for _, check in cycle[-1::-2])
    other_checks = all(check for _, check in cycle[-2::-2]) if len(cycle) > 1 else False
    if mover_checks:
        return 0.0, "perpetual check"
    if other_checks:
        return 1.0, "perpetual check"
    return 0.5, "repetition"


def play(game, args, opening, env):
    """Plays one game; returns its record (Hisha's result 1, 0.5, 0)."""
    hisha_black = game % 2 == 0
    board = cshogi.Board()
    start = "startpos"
    if opening:
        words = opening.split()
        if words[0] == "sfen":
            start = " ".join(words[:5])
            board.set_sfen(" ".join(words[1:5]))
            moves_from = 6 if len(words) > 5 and words[5] == "moves" else 5
        else:
            moves_from = 2 if len(words) > 1 and words[1] == "moves" else 1
        opening_moves = words[moves_from:]
    else:
        opening_moves = []
    for m in opening_moves:
        board.push_usi(m)
    played = list(opening_moves)
    history = []
    hisha = Engine([args.hisha], args.hisha_option)
    other = Engine(args.opponent, args.opponent_option, env)
    engines = [hisha, other] if hisha_black else [other, hisha]
    # Pondering, in every other pair of games with --ponder-half: each engine thinks on the
    # reply it expects while the other moves (`go ponder`), then gets `ponderhit` if that
    # reply came, else `stop` (its bestmove discarded) and the position played.
    ponder = args.ponder_half and (game // 2) % 2 == 1
    if ponder:
        for e in engines:
            e.send("setoption name USI_Ponder value true")
    # The move each engine ponders on (None: not pondering).
    expected = [None, None]
    times = {"hisha": [], "opponent": []}
    # Fischer clocks (--time), Black's and White's, ms.
    clock = [args.time, args.time]
    # Each move's score, the mover's view (None where the engine gave none: a book move).
    scores = []
    result, why = None, None
    ponder_hang = False

    def clocks():
        return (f"btime {clock[0]} wtime {clock[1]} binc {args.inc} winc {args.inc}"
                if args.time else f"btime 0 wtime 0 byoyomi {args.byoyomi}")

    ponderhits = {"hisha": 0, "opponent": 0}
    try:
        while result is None:
            mover = 0 if board.turn == cshogi.BLACK else 1
            engine = engines[mover]
            is_hisha = engine is hisha
            allowed = clock[mover] + args.inc if args.time else args.byoyomi
            hit = expected[mover] is not None and played and played[-1] == expected[mover]
            if expected[mover] is not None and not hit:
                # Pondered on another move: stopped, its answer discarded.
                engine.send("stop")
                if engine.wait("bestmove", 10) is None:
                    ponder_hang = True
            expected[mover] = None
            engine.last_score = None
            sent = time.monotonic()
            if hit:
                engine.send("ponderhit")
                ponderhits["hisha" if is_hisha else "opponent"] += 1
            else:
                engine.send(f"position {start}" + (" moves " + " ".join(played) if played
                                                   else ""))
                engine.send(f"go {clocks()}")
            limit = allowed + (args.hisha_margin if is_hisha else args.grace)
            line = engine.wait("bestmove", limit / 1000 + 10)
            spent = (time.monotonic() - sent) * 1000
            times["hisha" if is_hisha else "opponent"].append(round(spent))
            if args.time:
                clock[mover] = max(0, round(clock[mover] + args.inc - spent))
            scores.append(engine.last_score)
            mover_result = None
            if line is None:
                mover_result, why = 0.0, "no bestmove"
            elif spent > limit:
                mover_result, why = 0.0, f"time ({spent:.0f} ms)"
            else:
                move = line.split()[1] if len(line.split()) > 1 else ""
                if move == "resign":
                    mover_result, why = 0.0, "resigns"
                elif move == "win":
                    mover_result, why = (1.0, "declares a win") if board.is_nyugyoku() \
                        else (0.0, "a false win declaration")
                else:
                    legal = {cshogi.move_to_usi(m) for m in board.legal_moves}
                    if move not in legal:
                        mover_result, why = 0.0, f"illegal move {move}"
                    else:
                        board.push_usi(move)
                        played.append(move)
                        answer = line.split()
                        guess = answer[3] if ponder and len(answer) > 3 and \
                            answer[2] == "ponder" else None
                        if guess in {cshogi.move_to_usi(m) for m in board.legal_moves}:
                            # Thinks on the expected reply while the other side moves.
                            expected[mover] = guess
                            engine.send(f"position {start} moves " + " ".join(played + [guess]))
                            engine.send(f"go ponder {clocks()}")
                        history.append((board.zobrist_hash(), board.is_check()))
                        if board.is_game_over():
                            mover_result, why = 1.0, "mate"
                        else:
                            rep = repetition_result(history, board)
                            if rep:
                                mover_result, why = rep
                            elif len(played) >= args.max_plies:
                                mover_result, why = 0.5, "move limit"
            if ponder_hang and mover_result is None:
                mover_result, why = 0.0, "no bestmove after stop"
            if mover_result is not None:
                black_result = mover_result if mover == 0 else 1.0 - mover_result
                result = black_result if hisha_black else 1.0 - black_result
                mover_name = "hisha" if is_hisha else "opponent"
                why = f"{mover_name}: {why}"
    finally:
        words = {1.0: ("win", "lose"), 0.0: ("lose", "win"), 0.5: ("draw", "draw")}.get(
            result, (None, None))
        hisha.close(words[0])
        other.close(words[1])
    return {
        "game": game, "opening": opening or "startpos", "hisha_black": hisha_black,
        "result": result, "why": why, "plies": len(played), "moves": played,
        "scores": scores,
        "ponder": ponder, "ponderhits": ponderhits,
        "hisha_max_ms": max(times["hisha"], default=0),
        "opponent_max_ms": max(times["opponent"], default=0),
        "hisha_ms": times["hisha"],
        "opponent_ms": times["opponent"],
    }


def summary(records):
    """The score with a 95% error bar, Elo, and each colour's record."""
    n = len(records)
    if n == 0:
        return "no games\n"
    scores = [r["result"] for r in records]
    mean = sum(scores) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / max(n - 1, 1))
    err = 1.96 * sd / math.sqrt(n)

    def elo(p):
        p = min(max(p, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / p - 1)

    def wld(rs):
        return (sum(r["result"] == 1.0 for r in rs), sum(r["result"] == 0.0 for r in rs),
                sum(r["result"] == 0.5 for r in rs))

    w, l, d = wld(records)
    out = [f"{n} games: Hisha {w} wins, {l} losses, {d} draws, {100 * mean:.1f}% +- "
           f"{100 * err:.1f}%, {elo(mean):+.0f} Elo ({elo(mean - err):+.0f}..{elo(mean + err):+.0f})"]
    for black, name in ((True, "Black"), (False, "White")):
        w, l, d = wld([r for r in records if r["hisha_black"] == black])
        out.append(f"  Hisha as {name}: {w}-{l}-{d}")
    reasons = {}
    for r in records:
        reasons[r["why"]] = reasons.get(r["why"], 0) + 1
    out.append("  endings: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    hisha_moves = [t for r in records for t in r["hisha_ms"]]
    out.append(f"  Hisha's moves: {len(hisha_moves)}, longest {max(hisha_moves, default=0)} ms; "
               f"time losses {sum('hisha: time' in r['why'] for r in records)}, illegal moves "
               f"{sum('hisha: illegal' in r['why'] for r in records)}; opponent's longest "
               f"{max((r['opponent_max_ms'] for r in records), default=0)} ms")
    pondered = [r for r in records if r.get("ponder")]
    if pondered:
        out.append(f"  pondering in {len(pondered)} games: ponderhits Hisha "
                   f"{sum(r['ponderhits']['hisha'] for r in pondered)}, opponent "
                   f"{sum(r['ponderhits']['opponent'] for r in pondered)}")
    their_moves = [t for r in records for t in r.get("opponent_ms", [])]
    if hisha_moves and their_moves:
        out.append(f"  mean time a move: Hisha {sum(hisha_moves) / len(hisha_moves):.0f} ms, "
                   f"opponent {sum(their_moves) / len(their_moves):.0f} ms")
    return "\n".join(out) + "\n"


def option(text):
    name, _, value = text.partition("=")
    return name, value


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hisha", required=True)
    p.add_argument("--opponent", required=True, nargs="+", help="the opponent's command")
    p.add_argument("--hisha-option", type=option, action="append", default=[])
    p.add_argument("--opponent-option", type=option, action="append", default=[])
    p.add_argument("--opponent-env", action="append", default=[],
                   help="NAME=VALUE set for the opponent (OSL_HOME, LD_LIBRARY_PATH)")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--parallel", type=int, default=1)
    p.add_argument("--byoyomi", type=int, default=1000)
    p.add_argument("--time", type=int, default=0,
                   help="a Fischer clock of this many ms a side instead of byoyomi")
    p.add_argument("--inc", type=int, default=0, help="the Fischer increment, ms")
    p.add_argument("--grace", type=int, default=3000, help="the opponent's grace, ms")
    p.add_argument("--hisha-margin", type=int, default=0, help="Hisha's grace, ms")
    p.add_argument("--max-plies", type=int, default=320)
    p.add_argument("--ponder-half", action="store_true",
                   help="both engines ponder (USI_Ponder) in every other pair of games")
    p.add_argument("--openings", help="one opening a line (startpos moves ..., sfen ...)")
    p.add_argument("--stop-after", type=float, default=1e9, help="no new game after this, s")
    p.add_argument("--out", required=True)
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    env = dict(os.environ)
    for item in args.opponent_env:
        name, value = option(item)
        env[name] = value
    openings = []
    if args.openings:
        with open(args.openings) as f:
            openings = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    started = time.monotonic()
    lock = threading.Lock()
    records = []
    path = os.path.join(args.out, "games.jsonl")

    def run(game):
        if time.monotonic() - started > args.stop_after:
            return
        opening = openings[(game // 2) % len(openings)] if openings else None
        try:
            record = play(game, args, opening, env)
        except Exception as e:  # a broken game is reported, the match goes on
            record = {"game": game, "error": repr(e)}
        with lock:
            with open(path, "a") as f:
                f.write(json.dumps(record) + "\n")
            if "result" in record and record["result"] is not None:
                records.append(record)
                print(f"game {game}: {record['result']} ({record['why']}, {record['plies']} "
                      f"plies) after {time.monotonic() - started:.0f} s", flush=True)

    with ThreadPoolExecutor(max_workers=args.parallel) as pool:
        list(pool.map(run, range(args.games)))
    text = summary(records)
    with open(os.path.join(args.out, "summary.txt"), "w") as f:
        f.write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
