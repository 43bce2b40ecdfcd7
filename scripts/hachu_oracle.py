#!/usr/bin/env python3
"""Every piece's moves compared with HaChu's, over random games: HaChu 0.21 as the move
generator oracle for the games it plays (dai, chu, and wa shogi without drops), which no engine
counts perft for.

HaChu answers XBoard's `lift SQUARE` (what a GUI sends when the user picks a piece up) with a
`highlight` board marking where the piece can go, taken from its list of legal moves: yellow,
or red onto a piece, for a move of one leg; magenta where its list has the move promoting;
cyan where a move of two legs stops on its way (a lion's capture that goes on, igui). After
`put SQUARE` there, `lift SQUARE` marks the second leg's squares. A square that is both may show
either colour (HaChu colours in the order of its list).

Each position is written as a set of entries, in USI's squares, sorted:
- `f-t` for every square a piece on f marks (the first leg of every move);
- `f-t-u` for every second leg u after a stop on t;
- `f-t+` where t is magenta and no second leg goes on from t.
From Hisha's legal moves the same set: a move of one leg gives `f-t` (and `f-t+` if it
promotes); a two-leg move through an empty square to another square is HaChu's one-leg leap
there; one through a piece (a capture that goes on, igui) gives `f-m` and `f-m-u`; a pass (out
and back through an empty square) is HaChu's null move, which it keeps as a move from a1 to a1,
so it is left out on both sides (as is a mark on the lifted square itself).

HaChu's list is made with `option Allow repeats=1` (it otherwise drops the moves that repeat a
position). Where a royal piece can be taken, HaChu's list stops at that capture: the game ends
there. A move HaChu refuses is a difference too.

    scripts/hachu_oracle.py VARIANT GAMES [--plies N] [--seed S] [--hisha BIN]
        [--write FILE --every K]

VARIANT: daishogi (Hisha's `daishogi-hachu` from positions/variants/hachu.ini: HaChu's setup,
promotions and no lion trading), chushogi (`chushogi-hachu`, the same file: HaChu's promotions
and lion trading) or washogi-nodrops. The random moves are Hisha's legal moves (seed S, game g). Compares every
position and prints each difference and the totals (exit status 1 if any). With --write, HaChu's
entries every K plies go to FILE (appended) as tests/variant_files.rs reads them: `G VARIANT MOVES`,
then `S PLY COUNT FNV-1a-HASH` of the entries joined by spaces.
"""

import argparse
import os
import random
import re
import sys

from hachu_usi import HaChu, is_out_and_back, square_to_xboard
from usi_client import UsiClient, startpos

HERE = os.path.dirname(os.path.abspath(__file__))
HISHA = os.path.join(HERE, "..", "target", "release", "hisha")
HACHU_FILE = os.path.join(HERE, "..", "positions", "variants", "hachu.ini")
# Hisha's variant for each of the adapter's games (hachu_usi.VARIANTS: HaChu's name, the board,
# the options, "Promote on entry" off in wa), and whether it comes from hachu.ini.
GAMES = {
    "daishogi": ("daishogi-hachu", True),
    "chushogi": ("chushogi-hachu", True),
    "washogi-nodrops": ("washogi-nodrops", False),
}
SQUARE = re.compile(r"(\d+)([a-z])")
# The royal pieces (the king, and the crown prince a drunk elephant promotes to).
ROYALS = ("k", "+e")


def fnv(text):
    """FNV-1a, 64 bits, as hex (tests/variants.rs computes the same)."""
    h = 0xCBF29CE484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def board_cells(sfen, n):
    """{USI square: (piece text, upper case)} of an SFEN's board on an n x n board."""
    cells = {}
    for row, rank in enumerate(sfen.split()[0].split("/")):
        col, i = 0, 0
        while i < len(rank):
            if rank[i].isdigit():
                j = i
                while j < len(rank) and rank[j].isdigit():
                    j += 1
                col += int(rank[i:j])
                i = j
                continue
            j = i + 1 if rank[i] != "+" else i + 2
            while j < len(rank) and rank[j] in "'!":
                j += 1
            piece = rank[i:j]
            cells[f"{n - col}{chr(ord('a') + row)}"] = (piece, piece.lstrip("+")[0].isupper())
            col += 1
            i = j
    return cells


def read_marks(text, n):
    """{XBoard square: colour letter} of a `highlight` board."""
    marks = {}
    for row, rank in enumerate(text.split("/")):
        col = 0
        for token in re.findall(r"\d+|[A-Z]", rank):
            if token.isdigit():
                col += int(token)
            else:
                marks[f"{chr(ord('a') + col)}{n - row}"] = token
                col += 1
    return marks


def hisha_entries(moves, cells):
    """The entries (module docstring) of Hisha's legal moves."""
    entries, promoting, stops = set(), set(), set()
    for m in moves:
        if "*" in m:
            continue
        path = ["".join(s) for s in SQUARE.findall(m.rstrip("+"))]
        if len(path) == 3 and path[1] not in cells:
            if is_out_and_back(m):
                continue  # a pass: HaChu's null move
            path = [path[0], path[2]]  # HaChu's one-leg leap
        entries.add(f"{path[0]}-{path[1]}")
        if len(path) == 2:
            if m.endswith("+"):
                promoting.add((path[0], path[1]))
        else:
            stops.add((path[0], path[1]))
            entries.add("-".join(path))
    entries |= {f"{f}-{t}+" for f, t in promoting - stops}
    return entries


class Oracle(HaChu):
    """The adapter's HaChu process, following the game in force mode (`set_moves`), asked
    where pieces go."""

    def __init__(self, variant):
        super().__init__(variant, 16)
        self.pings = 0

    def ask(self, queries):
        """Sends every query (a list of lines) at once, each followed by a ping; returns the
        `highlight` marks each got, a list each."""
        first = self.pings + 1
        lines = []
        for q in queries:
            self.pings += 1
            lines += q + [f"ping {self.pings}"]
        self.engine.send("\n".join(lines))
        answers = []
        for tag in range(first, self.pings + 1):
            said = self.engine.wait(lambda l, t=f"pong {tag}": l.strip() == t, 60)
            boards = [l.split()[1] for l in said if l.startswith("highlight ")]
            answers.append([read_marks(b, self.n) for b in boards])
        return answers

    def entries(self, squares):
        """HaChu's entries (module docstring) for the pieces on `squares` (XBoard's)."""
        entries = set()
        usi = self.usi
        for at, answer in zip(squares, self.ask([[f"lift {s}"] for s in squares])):
            if not answer:
                continue
            marks = answer[0]
            marks.pop(at, None)  # the null move, a1 to a1
            targets = sorted(marks)
            # HaChu goes on from the square lifted last: `at`, lifted again first.
            seconds = self.ask([[f"lift {at}"]] + [[f"put {t}", f"lift {t}"] for t in targets])
            for t, after in zip(targets, seconds[1:]):
                after = after[0] if after else {}
                entries.add(f"{usi(at)}-{usi(t)}")
                entries |= {f"{usi(at)}-{usi(t)}-{usi(u)}" for u in after}
                if marks[t] == "M" and not after:
                    entries.add(f"{usi(at)}-{usi(t)}+")
        return entries

    def usi(self, square):
        """XBoard's square (`e5` on 7x7) as USI's (`3c`)."""
        return f"{self.n - (ord(square[0]) - ord('a'))}{chr(ord('a') + self.n - int(square[1:]))}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variant", choices=sorted(GAMES))
    ap.add_argument("games", type=int)
    ap.add_argument("--plies", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--hisha", default=HISHA)
    ap.add_argument("--write", help="append HaChu's entries every --every plies to this file")
    ap.add_argument("--every", type=int, default=10)
    args = ap.parse_args()

    name, from_file = GAMES[args.variant]
    options = ({"VariantPath": os.path.abspath(HACHU_FILE)} if from_file else {}) | {
        "USI_Variant": name}
    out = open(args.write, "a") if args.write else None
    differences = positions = entries = 0
    with UsiClient([args.hisha], options, quiet=True) as hisha:
        for g in range(args.games):
            rng = random.Random(args.seed * 100_000 + g)
            oracle = Oracle(args.variant)
            n = oracle.n
            line, samples, found = [], [], []
            for ply in range(args.plies):
                sfen, verdict = hisha.variant_state(startpos(line))
                legal = sorted(hisha.perft_moves(startpos(line)))
                if verdict != "on" or not legal:
                    break
                cells = board_cells(sfen, n)
                black = sfen.split()[1] == "b"
                if any(cells.get("".join(sq), ("", black))[0].lower() in ROYALS
                       and cells["".join(sq)][1] != black
                       for m in legal for sq in SQUARE.findall(m)[1:]):
                    break  # a royal can be taken: HaChu's list stops at that capture
                ours = hisha_entries(legal, cells)
                mine = sorted(square_to_xboard(s, n) for s, (_, up) in cells.items()
                              if up == black)
                theirs = oracle.entries(mine)
                positions += 1
                entries += len(theirs)
                if ours != theirs:
                    found.append(f"game {g} ply {ply} ({sfen}): HaChu only "
                                 f"{sorted(theirs - ours)}, Hisha only {sorted(ours - theirs)}")
                if ply % args.every == 0:
                    text = " ".join(sorted(theirs))
                    samples.append(f"S\t{ply}\t{len(theirs)}\t{fnv(text)}")
                move = rng.choice(legal)
                try:
                    oracle.set_moves(line + [move])
                except ValueError as refusal:
                    found.append(f"game {g} ply {ply} ({sfen}): {refusal}")
                    break
                line.append(move)
            oracle.quit()
            for text in found[:5]:
                print(text)
            differences += len(found)
            print(f"game {g}: {len(line)} plies, {len(found)} differences", flush=True)
            if out and not found:
                out.write(f"G\t{args.variant}\t{' '.join(line)}\n" + "".join(
                    s + "\n" for s in samples))
                out.flush()
    print(f"{args.variant}: {args.games} games, {positions} positions, {entries} entries from "
          f"HaChu; {differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
