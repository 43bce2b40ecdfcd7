"""A small XBoard client shared by the scripts: start an engine, send lines, read its moves.

    engine = XBoardClient(["/usr/games/hachu"], "HaChu")
    engine.send("memory 64"); engine.send("new"); engine.send("variant chu")
    engine.send("go")
    move, result = engine.read_move(30)   # "e6f7,f7e6", or None and "0-1 {...}"

Only the standard library.
"""

import queue
import subprocess
import threading
import time

RESULTS = ("1-0", "0-1", "1/2-1/2", "resign")


class XBoardClient:
    """One engine process spoken to in XBoard over pipes, past the `protover 2` handshake."""

    def __init__(self, command, name):
        self.name = name
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()
        self.send("xboard")
        self.send("protover 2")
        self.wait(lambda l: l.startswith("feature") and "done=1" in l, 10)

    def _reader(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self, timeout):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise RuntimeError(f"{self.name} said nothing for {timeout:.0f} s") from None
        if line is None:
            raise RuntimeError(f"{self.name} exited")
        return line

    def wait(self, done, timeout):
        """Reads up to the line `done` accepts; returns the lines before it."""
        end = time.monotonic() + timeout
        seen = []
        while True:
            line = self.read(max(0.01, end - time.monotonic()))
            if done(line):
                return seen
            seen.append(line)

    def sync(self):
        """Pings; returns what the engine said before the pong (complaints, claims), comments
        left out."""
        self.send("ping 7")
        said = self.wait(lambda l: l.strip() == "pong 7", 30)
        return [l for l in said if not l.startswith("#")]

    def read_move(self, timeout, thinking=None):
        """After `go`: the engine's move, its legs joined (one `move` line a leg, every leg but
        the last ending in a comma), and None; or None and the result line it gave instead.
        `thinking` hears every other line."""
        legs = []
        while True:
            line = self.read(timeout)
            words = line.split()
            if not words or line.startswith("#"):
                continue
            if words[0] == "move" and len(words) > 1:
                legs.append(words[1])
                if not words[1].endswith(","):
                    return "".join(legs), None
            elif words[0] in RESULTS:
                return None, line
            elif thinking:
                thinking(words)

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
