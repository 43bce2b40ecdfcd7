"""A small USI client shared by the scripts: start an engine, set options, search, read its lines.

    with UsiClient(["/usr/games/fairy-stockfish"], {"Hash": 16}) as engine:
        engine.position("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
        result = engine.go("depth 6")
        print(result.bestmove, result.score, result.infos[-1])

Only the standard library: the match runner (cshogi) has its own client for games.
"""

import os
import subprocess

# The binary `cargo build --release` makes: the scripts' Hisha unless told otherwise.
HISHA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "release",
                     "hisha")

# A mate score, in centipawns, when one is wanted as a number.
MATE_CP = 30000


class EngineExited(RuntimeError):
    """The engine closed its output before answering."""


class SearchResult:
    """What one `go` gave: the bestmove line's move and ponder, and every `info` line."""

    def __init__(self, bestmove, ponder, infos, lines):
        self.bestmove = bestmove
        self.ponder = ponder
        self.infos = infos
        self.lines = lines

    @property
    def score(self):
        """The last reported score in centipawns, mates as +-MATE_CP; None if none was given."""
        for info in reversed(self.infos):
            s = info_field(info, "score")
            if s is not None:
                return s
        return None

    def last(self, field):
        """The last value of an integer `info` field (depth, nodes, time, ...), or None."""
        for info in reversed(self.infos):
            v = info_field(info, field)
            if v is not None:
                return v
        return None


def startpos(moves):
    """USI's `startpos moves ...` for a game's moves so far (just `startpos` before any)."""
    return "startpos" + (" moves " + " ".join(moves) if moves else "")


def info_field(line, field):
    """An integer field of an `info` line; `score` as centipawns (mates as +-MATE_CP)."""
    words = line.split()
    if field not in words:
        return None
    i = words.index(field)
    try:
        if field == "score":
            kind, value = words[i + 1], words[i + 2]
            if kind == "cp":
                return int(value)
            if kind == "mate":
                # "mate 5", "mate -3", or USI's signs alone ("mate +", "mate -"); mate 0 is
                # the side to move mated.
                if value in ("+", "-"):
                    return MATE_CP if value == "+" else -MATE_CP
                return MATE_CP if int(value) > 0 else -MATE_CP
            return None
        return int(words[i + 1])
    except (IndexError, ValueError):
        return None


class UsiClient:
    """One engine process spoken to in USI over pipes."""

    def __init__(self, command, options=None, ready_timeout=None, quiet=False):
        """`quiet` discards what the engine writes to standard error."""
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
            stderr=subprocess.DEVNULL if quiet else None,
        )
        self.send("usi")
        self.id_lines = self.wait_for("usiok")
        for name, value in (options or {}).items():
            self.set_option(name, value)
        self.sync()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.quit()

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_line(self):
        line = self.process.stdout.readline()
        if not line:
            raise EngineExited(f"{self.process.args[0]} exited")
        return line.rstrip("\n")

    def wait_for(self, prefix):
        """Reads up to a line starting with `prefix`; returns the lines before it and it."""
        lines = []
        while True:
            line = self.read_line()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def set_option(self, name, value=None):
        self.send(f"setoption name {name}" + ("" if value is None else f" value {value}"))

    def sync(self):
        """`isready`, then waits for `readyok`; returns what came before it."""
        self.send("isready")
        return self.wait_for("readyok")[:-1]

    def new_game(self):
        self.send("usinewgame")

    def position(self, spec):
        """`spec` as USI writes it: 'startpos moves ...' or 'sfen ... moves ...'."""
        self.send(f"position {spec}")

    def perft_moves(self, spec):
        """The moves `go perft 1` lists after `position spec` (one `move: count` line each, as
        Hisha and fairy-stockfish print them, up to `Nodes searched`)."""
        self.position(spec)
        self.send("go perft 1")
        legal = set()
        while True:
            line = self.read_line()
            if line.startswith("Nodes searched"):
                return legal
            if ": " in line and not line.startswith("info"):
                legal.add(line.split(": ")[0])

    def variant_state(self, spec):
        """Hisha's view of a variant's position (its `d`): (sfen, verdict), the verdict "on",
        "drawn", "black wins" or "white wins" by the variant's rules."""
        self.position(spec)
        self.send("d")
        sfen = verdict = None
        for line in self.sync():
            if "sfen " in line:
                sfen = line.split("sfen ", 1)[1].strip()
            if "game: " in line:
                # "on", "drawn (why)", "black wins (why)", "white wins (why)"
                verdict = line.split("game: ", 1)[1].split(" (")[0].strip()
        if sfen is None or verdict is None:
            raise RuntimeError(f"Hisha's `d` gave no sfen or verdict after {spec}")
        return sfen, verdict

    def go(self, args):
        """Sends `go <args>` and waits for its `bestmove`."""
        self.send(f"go {args}")
        lines = self.wait_for("bestmove")
        words = lines[-1].split()
        bestmove = words[1] if len(words) > 1 else None
        ponder = words[3] if len(words) > 3 and words[2] == "ponder" else None
        infos = [l for l in lines[:-1] if l.startswith("info")]
        return SearchResult(bestmove, ponder, infos, lines)

    def quit(self):
        if self.process.poll() is None:
            try:
                self.send("quit")
                self.process.wait(timeout=5)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
