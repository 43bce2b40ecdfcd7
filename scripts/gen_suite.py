#!/usr/bin/env python3
"""Make the opening suite for matches: real openings, 12 to 30 plies deep, checked balanced.

  python3 scripts/gen_suite.py lines GAMES OUT       # opening lines from GPSShogi's book
  python3 scripts/gen_suite.py check LINES COUNT OUT # score them, keep COUNT balanced ones

`lines` plays GAMES games of GPSShogi against itself with its opening book on (`BookDepth`
100), both sides choosing among the book's moves at random as the book weights them, and
stops each game where the book ends (a book move is answered with no `info` line; the first
searched move ends the line). GPSShogi's book is made from professional game records, so every
line is an opening that strong players chose. Lines shorter than 12 plies are dropped, longer
ones are cut at 30; each line is written with its length and its two strategies.

`check` scores each distinct final position with a deep search by two engines, Hisha
(target/release/hisha, SUITE_NODES nodes, 2,000,000 by default) and fairy-stockfish
(depth SUITE_FS_DEPTH, 16 by default), keeps the positions both call balanced (within
SUITE_MARGIN, 150 cp, for the side to move), and writes each kept line's scores beside OUT
(OUT's name less its extension, then `-check.txt`). Candidates are taken in turn from the four
strategy pairs (Ibisha or Furibisha for each side; each pair in a fixed shuffled order) until
COUNT are kept, so that no one opening fills the suite. Each line is played twice in a match,
once with each colour.
"""
import os
import random
import sys
from collections import defaultdict

import cshogi

from usi_client import HISHA, UsiClient

GPS = "/usr/games/gpsusi"
FAIRY = "/usr/games/fairy-stockfish"
MIN_PLIES, MAX_PLIES = 12, 30


def strategies(board):
    """Each side's rook strategy, Black's then White's: 'I' (Ibisha, the rook on files 1-4 for
    Black, 6-9 for White, or exchanged) or 'F' (Furibisha, the rook swung to the centre or the
    other wing)."""
    rooks = {}
    for sq in range(81):
        piece = board.piece(sq)
        if piece in (cshogi.BROOK, cshogi.BPROM_ROOK):
            rooks[cshogi.BLACK] = sq
        elif piece in (cshogi.WROOK, cshogi.WPROM_ROOK):
            rooks[cshogi.WHITE] = sq
    out = ""
    for color in (cshogi.BLACK, cshogi.WHITE):
        if color not in rooks:
            out += "I"
            continue
        file = rooks[color] // 9 + 1  # cshogi numbers the squares file by file from 1a
        ibisha = file <= 4 if color == cshogi.BLACK else file >= 6
        out += "I" if ibisha else "F"
    return out


def play_lines(games, out):
    seen = set()
    written = 0
    with UsiClient([GPS], {"BookDepth": 100, "LimitDepth": 4, "Thread": 1}, quiet=True) as gps, open(out, "w") as f:
        for _ in range(games):
            gps.new_game()
            moves = []
            while len(moves) < MAX_PLIES:
                gps.position("startpos moves " + " ".join(moves) if moves else "startpos")
                result = gps.go("btime 0 wtime 0 byoyomi 100")
                if result.infos or result.bestmove in (None, "resign", "win"):
                    break  # searched: the book has ended
                moves.append(result.bestmove)
            if len(moves) < MIN_PLIES:
                continue
            key = " ".join(moves)
            if key in seen:
                continue
            seen.add(key)
            board = cshogi.Board()
            for m in moves:
                board.push_usi(m)
            f.write(f"{len(moves)} {strategies(board)} startpos moves {key}\n")
            f.flush()
            written += 1
    print(f"{written} distinct lines of {MIN_PLIES}-{MAX_PLIES} plies from {games} games", file=sys.stderr)


def check(lines_file, count, out):
    nodes = int(os.environ.get("SUITE_NODES", 2_000_000))
    depth = int(os.environ.get("SUITE_FS_DEPTH", 16))
    margin = int(os.environ.get("SUITE_MARGIN", 150))
    groups = defaultdict(list)
    seen = set()
    for line in open(lines_file):
        plies, strat, spec = line.split(" ", 2)
        spec = spec.strip()
        board = cshogi.Board()
        for m in spec.split()[2:]:
            board.push_usi(m)
        key = " ".join(board.sfen().split()[:3])
        if key not in seen:
            seen.add(key)
            groups[strat].append((int(plies), spec))
    # Candidates in round-robin order over the strategy pairs (each group in a fixed shuffled
    # order), so that the first COUNT balanced ones spread over the pairs.
    rng = random.Random(25)
    for g in groups.values():
        rng.shuffle(g)
    order = []
    while any(groups.values()):
        for strat in sorted(groups):
            if groups[strat]:
                order.append((strat, *groups[strat].pop()))
    hisha = UsiClient([HISHA], {"USI_Hash": 256, "Threads": 1})
    fairy = UsiClient([FAIRY], {"Hash": 256, "Threads": 1})
    kept = []
    for i, (strat, plies, spec) in enumerate(order):
        if len(kept) == count:
            break
        scores = []
        for engine, go in ((hisha, f"nodes {nodes}"), (fairy, f"depth {depth}")):
            engine.new_game()
            engine.position(spec)
            scores.append(engine.go(go).score)
        ok = all(s is not None and abs(s) <= margin for s in scores)
        print(f"{i + 1}/{len(order)} {strat} {plies} hisha {scores[0]} fairy {scores[1]} "
              f"{'kept' if ok else 'dropped'}", file=sys.stderr, flush=True)
        if ok:
            kept.append((strat, spec, plies, scores))
    hisha.quit()
    fairy.quit()
    with open(out, "w") as f:
        for _, spec, _, _ in kept:
            f.write(f"{spec}\n")
    # Beside it, what the check found for each line, in the same order.
    with open(os.path.splitext(out)[0] + "-check.txt", "w") as f:
        f.write(f"# {os.path.basename(out)}, line by line: the strategies (Black, White; I Ibisha, "
                f"F Furibisha), the plies, and the scores for the side to move of Hisha at {nodes} "
                f"nodes and fairy-stockfish at depth {depth} (kept: both within {margin} cp).\n")
        for n, (strat, _, plies, scores) in enumerate(kept, 1):
            f.write(f"{n} {strat} {plies} {scores[0]} {scores[1]}\n")
    tally = defaultdict(int)
    for strat, *_ in kept:
        tally[strat] += 1
    print(f"wrote {len(kept)} of {i + 1} checked: "
          + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())), file=sys.stderr)


def main():
    if not ((len(sys.argv) == 4 and sys.argv[1] == "lines")
            or (len(sys.argv) == 5 and sys.argv[1] == "check")):
        sys.exit(__doc__)
    if sys.argv[1] == "lines":
        play_lines(int(sys.argv[2]), sys.argv[3])
    else:
        check(sys.argv[2], int(sys.argv[3]), sys.argv[4])


if __name__ == "__main__":
    main()
