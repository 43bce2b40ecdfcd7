#!/usr/bin/env python3
"""Tuner data from match records: the quiet positions of CSA games, with each game's result.

Reads CSA game records (a file may hold several games separated by `/`, as match runners write
them) and writes the tuner's lines ("sfen<TAB>result<TAB>score<TAB>game", Black's point of view), keeping a
position when the move played from it is quiet (no capture, no promotion) and the side to move is
not in check, as `hisha selfplay` does. Only the engines' moves count (those with a score
comment, not the opening's). The score column is the mover's reported score, from Black's point
of view as cshogi writes it; scripts/fs_label.py replaces it with fairy-stockfish's.

Games against the reference engines put the evaluation where it fails: the positions a stronger
opponent steers Hisha into, not only those self-play reaches.

Usage: scripts/csa_positions.py OUT FILE.csa [FILE.csa ...]
Needs cshogi (PyPI).
"""

import re
import sys

import cshogi

MOVE = re.compile(r"^[+-]\d{4}[A-Z]{2}$")


def games_of(text):
    """The games of a CSA file: lists of lines, one list per game."""
    for chunk in re.split(r"^/\s*$", text, flags=re.M):
        lines = [line.strip() for line in chunk.strip().splitlines()]
        if any(MOVE.match(line) for line in lines):
            yield lines


def result_for_black(lines, moves):
    """1, 0.5 or 0 for Black, or None when the game did not end by resignation or repetition."""
    ends = [line for line in lines if line.startswith("%")]
    if not ends:
        return None
    if ends[-1] == "%SENNICHITE":
        return 0.5
    if ends[-1] == "%TORYO":
        # The side to move resigned.
        black_to_move = len(moves) % 2 == 0
        return 0.0 if black_to_move else 1.0
    return None


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out_path, inputs = sys.argv[1], sys.argv[2:]
    written = 0
    game_id = 0
    with open(out_path, "w") as out:
        for path in inputs:
            with open(path) as f:
                text = f.read()
            for lines in games_of(text):
                moves = [line for line in lines if MOVE.match(line)]
                result = result_for_black(lines, moves)
                if result is None or not any(line == "PI" for line in lines):
                    continue
                game_id += 1
                board = cshogi.Board()
                rows = []
                for i, line in enumerate(lines):
                    if not MOVE.match(line):
                        continue
                    sfen = board.sfen()
                    in_check = board.is_check()
                    move = board.move_from_csa(line[1:])
                    if move == 0 or not board.is_legal(move):
                        break
                    quiet = cshogi.move_is_drop(move) or (
                        not cshogi.move_is_promotion(move)
                        and board.piece(cshogi.move_to(move)) == cshogi.NONE
                    )
                    score = None
                    for later in lines[i + 1 : i + 3]:
                        if later.startswith("'**"):
                            parts = later.split()
                            if len(parts) > 1 and re.fullmatch(r"-?\d+", parts[1]):
                                score = int(parts[1])
                            break
                    # Moves without a score are the opening's, not the engines'.
                    if quiet and not in_check and score is not None and abs(score) < 30000:
                        rows.append(f"{sfen}\t{result}\t{score}\t{game_id}\n")
                    board.push(move)
                out.writelines(rows)
                written += len(rows)
    print(f"{game_id} games, {written} positions -> {out_path}", file=sys.stderr)


if __name__ == "__main__":
    main()
