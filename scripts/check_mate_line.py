#!/usr/bin/env python3
"""Checks a mating line with cshogi, move by move: every move legal, every attacker's move a
check, the last position mate (or, where the line leaves out useless interpositions as tsume
counts, a check that only the defender's drops answer), and (tsume's rule) no piece left in
the attacker's hand.

    hisha mate SFEN --time MS > out.txt
    scripts/check_mate_line.py SFEN out.txt        # or the moves themselves after the SFEN

Reads the moves from the file (the `hisha mate` answer: `mate in N plies (...): MOVES`) or
from the remaining arguments. Exits 1, saying where, on the first fault.
"""
import os
import sys

import cshogi


def moves_from(args):
    if len(args) == 1 and os.path.exists(args[0]):
        text = open(args[0], encoding="utf-8").read()
        for line in text.splitlines():
            if line.startswith("mate in "):
                return line.split(":", 1)[1].split()
        sys.exit(f"{args[0]}: no line starting 'mate in '")
    return args


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    board = cshogi.Board(sys.argv[1])
    moves = moves_from(sys.argv[2:])
    attacker = board.turn
    for i, usi in enumerate(moves, 1):
        move = board.move_from_usi(usi)
        if move == 0 or not board.is_legal(move):
            sys.exit(f"ply {i}: {usi} is not legal in {board.sfen()}")
        board.push(move)
        if board.turn != attacker and not board.is_check():
            sys.exit(f"ply {i}: the attacker's {usi} is no check")
    if board.turn == attacker:
        sys.exit(f"after {len(moves)} plies the attacker is to move: {board.sfen()}")
    if board.is_game_over():
        end = "mate at the end"
    elif all(cshogi.move_is_drop(m) for m in board.legal_moves):
        end = "at the end a check that only interposing drops answer"
    else:
        sys.exit(f"after {len(moves)} plies the defender is not mated: {board.sfen()}")
    spare = sum(board.pieces_in_hand[attacker])
    print(
        f"{len(moves)} plies: every move legal, every attacker's move a check, {end};"
        f" {spare} piece(s) left in the attacker's hand"
    )
    sys.exit(1 if spare else 0)


if __name__ == "__main__":
    main()
