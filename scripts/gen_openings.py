#!/usr/bin/env python3
"""Generate balanced random openings for self-play matches (cshogi.cli --opening format).

  python3 scripts/gen_openings.py COUNT PLIES SEED > positions/openings-random.txt

Each opening is PLIES random legal moves from the start (no captures, no drops, no king moves),
kept only if a depth-6 search by target/release/hisha scores it within +-150 cp. Each line is
played twice in a match, once with each colour, so what is left of any imbalance cancels.
"""
import random
import sys

import cshogi

from usi_client import HISHA, UsiClient


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    plies = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    rng = random.Random(seed)
    engine = UsiClient([HISHA])

    def score(moves):
        engine.new_game()
        engine.position(f"startpos moves {' '.join(moves)}")
        return engine.go("depth 6").score

    seen = set()
    out = []
    while len(out) < count:
        b = cshogi.Board()
        moves = []
        for _ in range(plies):
            legal = [m for m in b.legal_moves
                     if not cshogi.move_is_drop(m) and b.piece(cshogi.move_to(m)) == 0
                     and cshogi.move_from_piece_type(m) != cshogi.KING]
            if not legal:
                break
            m = rng.choice(legal)
            moves.append(cshogi.move_to_usi(m))
            b.push(m)
        key = " ".join(moves)
        if len(moves) < plies or key in seen:
            continue
        s = score(moves)
        if s is not None and abs(s) <= 150:
            seen.add(key)
            out.append(key)
            print("startpos moves " + key, flush=True)
    engine.quit()


if __name__ == "__main__":
    main()
