#!/usr/bin/env python3
"""USI adapter for HaChu 0.21 (Debian package hachu, /usr/games/hachu), an XBoard engine that
plays chu, dai, tenjiku and wa shogi (without drops), and with `--engine crazywa` for CrazyWa
1.0.5 (Debian package crazywa, /usr/games/crazywa), the same author's XBoard engine for shogi,
minishogi, judkins, tori shogi and wa shogi with drops; the match scripts run them as they run
any USI engine.

Standard library only. Speaks USI on stdin/stdout with Hisha's variant conventions
(`USI_Variant` chushogi, daishogi, tenjikushogi, washogi-nodrops, or CrazyWa's; `position
startpos moves ...` in Hisha's move text), drives one HaChu child process, and writes what goes
wrong to stderr.

How HaChu is driven (from its sources, hachu.c and move.c, and by experiment):

* `memory N` must come before `new`, or HaChu crashes at its first search (it has no hash
  table until told its size); `variant X` comes after `new`.
* Tenjiku crashes it whatever the order: `variant tenjiku` after `memory` is a segmentation
  fault, and without `memory` the first search is (0.21 from Debian, and 0.23 built from its
  repository alike: its board is 16x16 inside, with no border for a 16x16 game). When HaChu
  dies the adapter ends too, so that a match sees a crash rather than waiting.
* Squares are a file letter from the left and a rank number from the bottom of the first
  mover's side: on an N x N board, USI's file f is letter `a + N - f`, and USI's rank letter of
  index r (a = 0, the top) is number `N - r`. Hisha's `7g7f` is HaChu's `f6f7` in chu.
* A multi-leg move (lion, lion dog, eagle, falcon) is legs joined by commas, each leg written
  as from and to: Hisha's `8g7f8g` is HaChu's `e6f7,f7e6`. HaChu prints its own multi-leg moves
  as one `move` line a leg, every leg but the last ending in a comma.
* A promotion ends in `+`; no suffix is a move without promotion. A drop is the piece's letter,
  `@` and the square (Hisha's `S*3c` is CrazyWa's `S@e5` in tori).
* CrazyWa is driven as HaChu is (`memory`, `st 1` and `time`), less HaChu's option; it does
  not say when it finds a move it is sent illegal, so a dispute shows as its next move failing
  the referee.
* A pass (a lion stepping out and back without a capture, Hisha's `6h7g6h`) is `@@@@`, the
  protocol's null move, both ways: HaChu refuses the two-leg form of a move that captures
  nothing. The adapter sends the two-leg form and, when HaChu refuses it, `@@@@`; HaChu's own
  `@@@@` is written as any legal pass, found by asking Hisha (`HISHA`, by default the release
  build beside this script) for the legal moves: every pass leaves the same position. Where
  Hisha knows the game by another name (a game of a file, `daishogi-hachu`), the environment's
  `HISHA_VARIANT` and `HISHA_VARIANT_PATH` name it and its file.
* A double move through an empty square (Hisha's `7g7f6f`, as lishogi writes it) is HaChu's
  one-leg jump (`f6g7`): when HaChu refuses the two-leg form, the adapter sends the jump.
* The adapter keeps HaChu in `force` mode: it replays the game's new moves with `usermove`,
  and to search sends `st 1` (a time per move), `time T` (centiseconds; with `st`, HaChu plans
  0.4 T and stops at about T), then `go`, and `force` again when the move has come.
  A result line (`1-0 {...}`, `0-1`, `1/2-1/2`) instead of a move is `bestmove resign`.
* HaChu refuses a move it finds illegal with `Illegal move`; the adapter then reports it in an
  `info string` and answers `bestmove resign`, so the match script sees the dispute.
* HaChu's search does not poll its input outside pondering, so `stop` is answered when the
  search ends by itself (its clock is the one the adapter gives it).
"""

import os
import re
import sys

from xboard_client import XBoardClient

HACHU = os.environ.get("HACHU", "/usr/games/hachu")
CRAZYWA = os.environ.get("CRAZYWA", "/usr/games/crazywa")
HISHA = os.environ.get(
    "HISHA", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "release", "hisha"))
VARIANTS = {"chushogi": ("chu", 12), "daishogi": ("dai", 15), "tenjikushogi": ("tenjiku", 16),
            "washogi-nodrops": ("wa-shogi", 11)}
# Each engine: (binary, name, Hisha's variant names to the engine's and the board's size).
ENGINES = {
    "hachu": (HACHU, "HaChu", VARIANTS),
    "crazywa": (CRAZYWA, "CrazyWa", {"shogi": ("shogi", 9), "minishogi": ("minishogi", 5),
                                     "judkins": ("judkinshogi", 6),
                                     "torishogi": ("torishogi", 7),
                                     "washogi": ("crazywa", 11)}),
}
SQUARE = re.compile(r"(\d+)([a-z])")
# What the adapter keeps back from each move's time, ms: HaChu overruns its budget a little,
# and in dai at 1.6 s by up to 350 ms (a fifth of a long time is kept back).
MARGIN_MS = 150
MARGIN_SHARE = 5


def log(msg):
    try:
        sys.stderr.write(f"hachu_usi: {msg}\n")
        sys.stderr.flush()
    except Exception:
        pass


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def square_to_xboard(square, n):
    """Hisha's square (`3c`) on an n x n board as XBoard's (`e5` on 7x7)."""
    f, r = SQUARE.fullmatch(square).groups()
    return f"{chr(ord('a') + n - int(f))}{n - (ord(r) - ord('a'))}"


def usi_to_hachu(move, n):
    """Hisha's move text on an n x n board (`8g7f8g`, `5i5h+`, `S*3c`) as HaChu's
    (`e6f7,f7e6`; drops as CrazyWa writes them, `S@e5`)."""
    if len(move) > 2 and move[1] == "*" and SQUARE.fullmatch(move[2:]):
        return f"{move[0]}@{square_to_xboard(move[2:], n)}"
    promote = move.endswith("+")
    squares = SQUARE.findall(move.rstrip("+"))
    if len(squares) < 2 or "".join(f + r for f, r in squares) != move.rstrip("+"):
        raise ValueError(f"cannot read move {move!r}")
    names = [f"{chr(ord('a') + n - int(f))}{n - (ord(r) - ord('a'))}" for f, r in squares]
    legs = [names[i] + names[i + 1] for i in range(len(names) - 1)]
    return ",".join(legs) + ("+" if promote else "")


def hachu_to_usi(move, n):
    """HaChu's move text (`e6f7,f7e6`, `h4h5+`, `S@e5`) as Hisha's (`8g7f8g`, `5i5h+`,
    `S*3c`)."""
    drop = re.fullmatch(r"([A-Z])@([a-z])(\d+)", move)
    if drop:
        piece, f, r = drop.groups()
        return f"{piece}*{n - (ord(f) - ord('a'))}{chr(ord('a') + n - int(r))}"
    promote = move.endswith("+")
    squares = re.findall(r"([a-z])(\d+)", move.rstrip("+"))
    if len(squares) < 2:
        raise ValueError(f"cannot read HaChu move {move!r}")
    path = [squares[0]]
    for sq in squares[1:]:
        if sq != path[-1]:  # a leg starts where the last ended
            path.append(sq)
    text = "".join(f"{n - (ord(f) - ord('a'))}{chr(ord('a') + n - int(r))}" for f, r in path)
    return text + ("+" if promote else "")


def is_out_and_back(move):
    """Whether a move's text ends on the square it starts from (a pass or igui)."""
    squares = SQUARE.findall(move.rstrip("+"))
    return len(squares) >= 3 and squares[0] == squares[-1]


def find_pass(variant, moves):
    """A legal pass after `moves` in Hisha's text: an out-and-back move that leaves every piece
    on the board (igui, which takes one, does not)."""
    from usi_client import UsiClient, startpos

    path = os.environ.get("HISHA_VARIANT_PATH")
    opts = ({"VariantPath": path} if path else {}) | {
        "USI_Variant": os.environ.get("HISHA_VARIANT", variant)}
    with UsiClient([HISHA], opts, quiet=True) as hisha:
        def pieces(line):
            sfen = hisha.variant_state(startpos(line))[0].split()[0]
            return sum(c.isalpha() for c in sfen)

        before = pieces(moves)
        for m in sorted(hisha.perft_moves(startpos(moves))):
            if is_out_and_back(m) and pieces(moves + [m]) == before:
                return m
    raise ValueError("HaChu passed (@@@@) but Hisha finds no legal pass")


class HaChu:
    """The child process (HaChu or CrazyWa) and what it has been told of the game."""

    def __init__(self, variant, memory_mb, kind="hachu"):
        self.variant = variant
        self.kind = kind
        binary, self.label, variants = ENGINES[kind]
        self.name, self.n = variants[variant]
        self.engine = XBoardClient([binary], self.label)
        self.send = self.engine.send
        self.sync = self.engine.sync
        self.send(f"memory {memory_mb}")
        self.moves = None
        self.reset()

    def reset(self):
        self.send("new")
        self.send(f"variant {self.name}")
        if self.kind == "hachu":
            self.send("option Allow repeats=1")
            if self.name == "wa-shogi":
                # Promotion on a move that starts or ends in the zone, as Hisha's wa shogi has
                # it (HaChu's default, on entry only, is chu's).
                self.send("option Promote on entry=0")
        self.send("force")
        self.sync()
        self.moves = []

    def set_moves(self, moves):
        """Brings HaChu's game to `moves`: the new moves only when the old game is a prefix."""
        if self.moves is None or moves[:len(self.moves)] != self.moves:
            self.reset()
        for m in moves[len(self.moves):]:
            self.send("usermove " + usi_to_hachu(m, self.n))
            complaint = [l for l in self.sync() if "llegal" in l]
            if complaint and is_out_and_back(m):
                self.send("usermove @@@@")
                complaint = [l for l in self.sync() if "llegal" in l]
            elif complaint and len(SQUARE.findall(m)) > 2:
                # A double move through an empty square is HaChu's one-leg jump.
                squares = SQUARE.findall(m.rstrip("+"))
                jump = "".join(squares[0]) + "".join(squares[-1]) + ("+" if m.endswith("+") else "")
                self.send("usermove " + usi_to_hachu(jump, self.n))
                complaint = [l for l in self.sync() if "llegal" in l]
            if complaint:
                self.moves = None
                raise ValueError(f"{self.label} refuses {m}: {complaint[0]}")
            self.moves.append(m)

    def think(self, ms):
        """HaChu's move for the side to move, in about `ms`; None when it resigns or claims."""
        cs = max(1, (ms - max(MARGIN_MS, ms // MARGIN_SHARE)) // 10)
        self.send("st 1")
        self.send(f"time {cs}")
        self.send(f"otim {cs}")
        self.send("post")
        self.send("go")
        def thinking(words):
            # depth score time(cs) nodes pv...
            try:
                d, sc, t, nodes = (int(w) for w in words[:4])
                say(f"info depth {d} score cp {sc} time {t * 10} nodes {nodes}")
            except ValueError:
                pass

        text, result = self.engine.read_move(ms / 1000 + 30, thinking)
        self.send("force")
        self.sync()
        if text is None:
            return None, result
        move = find_pass(self.variant, self.moves) if text == "@@@@" else hachu_to_usi(text, self.n)
        self.moves.append(move)
        return move, None

    def quit(self):
        self.engine.quit()


def go_time(words, black_to_move):
    """The ms to think from a `go` command's words: movetime, else byoyomi plus a share of the
    main time and the increment."""
    args = {}
    for i, w in enumerate(words):
        if w in ("movetime", "byoyomi", "btime", "wtime", "binc", "winc") and i + 1 < len(words):
            try:
                args[w] = int(words[i + 1])
            except ValueError:
                pass
    if "movetime" in args:
        return args["movetime"]
    main = args.get("btime" if black_to_move else "wtime", 0)
    inc = args.get("binc" if black_to_move else "winc", 0)
    return max(100, args.get("byoyomi", 0) + main // 40 + inc)


def main():
    kind = "crazywa" if sys.argv[1:] == ["--engine", "crazywa"] else "hachu"
    _, label, variants = ENGINES[kind]
    variant = next(iter(variants))
    memory = 64
    engine = None
    moves = []
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        try:
            if cmd == "usi":
                say(f"id name {label} (USI adapter)")
                say("id author H. G. Muller; USI adapter")
                say(f"option name USI_Variant type combo default {variant} "
                    + " ".join(f"var {v}" for v in variants))
                say("option name USI_Hash type spin default 64 min 1 max 4096")
                say("usiok")
            elif cmd == "setoption" and len(words) >= 5 and words[1] == "name" and words[3] == "value":
                if words[2] == "USI_Variant":
                    if words[4] not in variants:
                        say(f"info string error: {label} does not play {words[4]}")
                    elif words[4] != variant:
                        variant = words[4]
                        if engine:
                            engine.quit()
                            engine = None
                elif words[2] == "USI_Hash":
                    memory = max(1, int(words[4]))
            elif cmd == "isready":
                if engine is None:
                    engine = HaChu(variant, memory, kind)
                say("readyok")
            elif cmd == "usinewgame":
                if engine is None:
                    engine = HaChu(variant, memory, kind)
                engine.reset()
                moves = []
            elif cmd == "position":
                if len(words) < 2 or words[1] != "startpos":
                    say("info string error: the adapter takes only position startpos [moves ...]")
                    continue
                moves = words[3:] if len(words) > 2 and words[2] == "moves" else []
            elif cmd == "go":
                if engine is None:
                    engine = HaChu(variant, memory, kind)
                try:
                    engine.set_moves(moves)
                except ValueError as e:
                    say(f"info string error: {e}")
                    say("bestmove resign")
                    continue
                move, result = engine.think(go_time(words, len(moves) % 2 == 0))
                if move is None:
                    say(f"info string {label}: {result}")
                    say("bestmove resign")
                else:
                    say(f"bestmove {move}")
            elif cmd == "quit":
                break
            elif cmd in ("stop", "ponderhit", "gameover"):
                pass
            else:
                say(f"info string error: unknown command {cmd}")
        except Exception as e:  # keep the adapter alive; the match script counts the fault
            log(f"{type(e).__name__}: {e}")
            say(f"info string error: {type(e).__name__}: {e}")
            gone = isinstance(e, BrokenPipeError) or "exited" in str(e) or (
                engine is not None and engine.engine.proc.poll() is not None)
            if gone:
                # HaChu is gone (0.21 crashes on `variant tenjiku` once `memory` is set, and at
                # its first search without it): end too, so that the match sees a crash
                # instead of waiting for an answer.
                log(f"{label} exited; the adapter exits")
                break
            if cmd == "go":
                say("bestmove resign")
    if engine:
        engine.quit()


if __name__ == "__main__":
    main()
