#!/usr/bin/env python3
"""Builds positions/mates.txt: mate positions with their length, every length from cshogi.

Two sources:
  games  positions from the ends of games (Hisha's self-play records, `hisha datagen` format:
         number, result, start, moves with scores), each position of a game's last plies whose
         side to move is not in check and has a mate by continuous checks;
  tsume  problems from a file of `SFEN<TAB>length<TAB>name` lines (published lengths).

The length of every position comes from cshogi's move generator, in two steps. cshogi's
`Board.mate_move(n)` for n = 1, 3, ... up to --exact (15 by default) finds a mate quickly, but
it does not try every check (a king's move that uncovers a check from a piece behind it is not
among its checks), so the first n at which it mates is only an upper bound. `mate_within`
below then settles the length: a plain AND/OR search over every legal move cshogi generates
(every check for the attacker, every evasion for the defender), asked whether a mate of n - 2
plies exists, then n - 4, ... until it answers no. A position with a mate (cshogi's df-pn
finds one) but none within --exact plies by that complete search is written with the length
`>N` (a lower bound) and, as a fourth column, the length of cshogi's df-pn line; where the
complete search at N runs out of --budget nodes, the position is left out. A tsume problem
whose published length is not the shortest is reported and left out.

Output lines: `SFEN<TAB>LENGTH<TAB>SOURCE[<TAB>CSHOGI_DFPN_LINE_LENGTH]`.

  scripts/mate_set.py games tune-data/kp/chunk-0000.txt.xz ... --per-length 25 --long 80
  scripts/mate_set.py tsume FILE
  scripts/mate_set.py recheck positions/mates.txt     # the lengths of a made file, rechecked
"""
import argparse
import lzma
import random
import sys
import time

import cshogi


def read_games(paths):
    for path in paths:
        opener = lzma.open if path.endswith(".xz") else open
        with opener(path, "rt") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) < 4:
                    continue
                moves = [m.split(":")[0] for m in parts[3].split()]
                yield f"{path.split('/')[-1]}#{parts[0]}", parts[2], moves


class OutOfBudget(Exception):
    pass


class MateWithin:
    """Whether the side to move mates within n plies, by a complete AND/OR search over
    cshogi's legal moves. A position's bounds are kept across calls: the fewest plies known to
    mate and the most plies known not to."""

    def __init__(self, budget):
        self.budget = budget
        self.nodes = 0
        self.mates = {}  # key -> n: a mate within n plies
        self.fails = {}  # key -> n: no mate within n plies

    @staticmethod
    def key(board):
        return board.zobrist_hash()

    def __call__(self, board, n):
        self.nodes = 0
        return self.attack(board, n)

    def attack(self, board, n):
        if n < 1:
            return False
        k = self.key(board)
        if self.mates.get(k, 1 << 30) <= n:
            return True
        if self.fails.get(k, -1) >= n:
            return False
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget()
        # cshogi's own mate search first, where it can be trusted: a mate it finds is a mate,
        # but not where the attacker is in check (its mate in one then answers moves that
        # leave the check, illegal ones).
        if not board.is_check():
            m = board.mate_move_in_1ply() if n == 1 else board.mate_move(min(n, 7))
            if m and board.is_legal(m):
                self.mates[k] = n
                return True
        found = False
        for m in list(board.legal_moves):
            board.push(m)
            if board.is_check() and self.defend(board, n - 1):
                found = True
            board.pop()
            if found:
                break
        if found:
            self.mates[k] = n
        else:
            self.fails[k] = n
        return found

    def defend(self, board, n):
        moves = list(board.legal_moves)
        if not moves:
            return True
        if n < 2:
            return False
        # King moves first: the likeliest escapes end the search soonest.
        king = board.king_square(board.turn)
        moves.sort(key=lambda m: cshogi.move_from(m) != king or cshogi.move_is_drop(m))
        for m in moves:
            board.push(m)
            ok = self.attack(board, n - 1)
            board.pop()
            if not ok:
                return False
        return True


def shortest_mate(board, exact, budget):
    """The shortest mate's length if at most `exact` plies, None if there is none within
    `exact`; raises OutOfBudget where the complete search needs more than `budget` nodes or
    does not confirm mate_move's mate."""
    within = MateWithin(budget)
    bound = None
    for n in range(1, exact + 1, 2):
        if (board.mate_move_in_1ply() if n == 1 else board.mate_move(n)):
            bound = n
            break
    if bound is None:
        bound = exact + 2
        if within(board, exact):
            bound = exact
    elif not within(board, bound):
        # mate_move's mate is not one by every legal move: no length from it.
        raise OutOfBudget()
    # A mate within `bound` plies exists (or none within `exact`); look for shorter ones.
    while bound > 1 and within(board, bound - 2):
        bound -= 2
    return bound if bound <= exact else None


def dfpn_line(board, nodes):
    dfpn = cshogi.DfPn(2048, nodes)
    if dfpn.search(board):
        return len(dfpn.get_pv(board))
    return None


def games(args):
    rng = random.Random(args.seed)
    counts = {}
    long_kept = 0
    seen = set()
    out = open(args.out, "a") if args.out else sys.stdout
    start = time.time()
    for name, sfen, moves in read_games(args.files):
        board = cshogi.Board(sfen)
        for m in moves:
            board.push_usi(m)
        # The last plies, from the end back, at most --tail.
        candidates = []
        for ply in range(len(moves), max(0, len(moves) - args.tail) - 1, -1):
            candidates.append((ply, board.sfen()))
            if ply > 0:
                board.pop()
        rng.shuffle(candidates)
        for ply, position in candidates[: args.per_game]:
            b = cshogi.Board(position)
            key = " ".join(position.split()[:3])
            if key in seen or b.is_check() or b.is_game_over():
                continue
            seen.add(key)
            line = dfpn_line(b, args.nodes)
            if line is None:
                continue
            try:
                length = shortest_mate(b, args.exact, args.budget)
            except OutOfBudget:
                continue
            if length is None:
                if long_kept >= args.long:
                    continue
                long_kept += 1
                print(f"{position}\t>{args.exact}\t{name} ply {ply}\t{line}", file=out, flush=True)
                continue
            if counts.get(length, 0) >= args.per_length:
                continue
            counts[length] = counts.get(length, 0) + 1
            print(f"{position}\t{length}\t{name} ply {ply}", file=out, flush=True)
        full = all(counts.get(n, 0) >= args.per_length for n in range(1, args.exact + 1, 2))
        if full and long_kept >= args.long:
            break
    print(f"kept {dict(sorted(counts.items()))}, long {long_kept}, "
          f"{time.time() - start:.0f} s", file=sys.stderr)


def tsume(args):
    out = open(args.out, "a") if args.out else sys.stdout
    for line in open(args.files[0]):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        sfen, published, name = line.split("\t")
        b = cshogi.Board(sfen)
        try:
            length = shortest_mate(b, max(int(published), 1), args.budget)
        except OutOfBudget:
            length = "unsettled"
        if length != int(published):
            print(f"left out: {name}: published {published}, cshogi {length}", file=sys.stderr)
            continue
        print(f"{sfen}\t{length}\t{name}", file=out, flush=True)


def recheck(args):
    """Each line of a made file again: its length settled by the complete search, the line
    written as it was where it stands, corrected (and reported) where it does not."""
    out = open(args.out, "w") if args.out else sys.stdout
    changed = 0
    for line in open(args.files[0]):
        fields = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(fields) < 3:
            print(line, end="", file=out)
            continue
        if fields[1].startswith(">") and not args.long_too:
            print(line, end="", file=out)
            continue
        b = cshogi.Board(fields[0])
        exact = args.exact if fields[1].startswith(">") else int(fields[1])
        start = time.time()
        try:
            length = shortest_mate(b, exact, args.budget)
        except OutOfBudget:
            print(f"unsettled in {args.budget} nodes, left as it was: {fields[0]} {fields[1]}",
                  file=sys.stderr, flush=True)
            print(line, end="", file=out)
            continue
        new = fields[1] if length is None and fields[1].startswith(">") else str(length)
        if new != fields[1]:
            changed += 1
            print(f"{fields[1]} -> {new}: {fields[0]} ({time.time() - start:.1f} s)",
                  file=sys.stderr, flush=True)
            fields[1] = new
            fields = fields[:3]
        print("\t".join(fields), file=out, flush=True)
    print(f"{changed} lengths changed", file=sys.stderr)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("source", choices=["games", "tsume", "recheck"])
    p.add_argument("files", nargs="+")
    p.add_argument("--out", help="append to this file (default: standard output)")
    p.add_argument("--exact", type=int, default=15, help="longest length searched exactly")
    p.add_argument("--per-length", type=int, default=25, help="positions kept a length")
    p.add_argument("--long", type=int, default=80, help="positions kept longer than --exact")
    p.add_argument("--tail", type=int, default=24, help="plies from a game's end looked at")
    p.add_argument("--per-game", type=int, default=6, help="positions tried a game")
    p.add_argument("--nodes", type=int, default=300000, help="cshogi df-pn's node limit")
    p.add_argument("--seed", type=int, default=52)
    p.add_argument("--long-too", action="store_true",
                   help="recheck: settle the `>N` lines too (a complete search of N plies each)")
    p.add_argument("--budget", type=int, default=3_000_000,
                   help="nodes of the complete search a length may take")
    args = p.parse_args()
    {"games": games, "tsume": tsume, "recheck": recheck}[args.source](args)


if __name__ == "__main__":
    main()
