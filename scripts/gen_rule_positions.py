#!/usr/bin/env python3
"""Regenerate positions/rules.txt: positions for each rule with perft counts from two independent
move generators, cshogi (C++) and python-shogi (pure Python). A count goes into the file only if
both agree; a disagreement is written as a comment and the position gets no count. Hisha's own output is never used.

  pip install cshogi python-shogi && python3 scripts/gen_rule_positions.py > positions/rules.txt

Hand-made positions cover one rule each; the random ones come from seeded random games biased
toward captures, so hands fill up and drops, promotions and checks are common.
"""

import random

import cshogi
import shogi

HAND_MADE = [
    ("nifu", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1"),
    ("nifu-tokin-does-not-count", "4k4/9/9/9/9/9/4+P4/9/4K4 b P 1"),
    ("pawn-drop-mate", "8k/9/6N1G/9/9/9/9/9/K8 b P 1"),
    ("pawn-drop-check-not-mate", "8k/9/8G/9/9/9/9/9/K8 b P 1"),
    ("pawn-drop-mate-white", "8k/9/9/9/9/9/g1n6/9/K8 w p 1"),
    ("pawn-drop-king-can-take", "8k/9/9/9/9/9/9/9/K8 b P 1"),
    ("pawn-drop-mate-pinned-defender", "R6sk/9/8G/9/9/9/9/9/K8 b P 1"),
    ("pawn-push-mate-is-legal", "8k/9/6N1P/9/9/9/9/9/K8 b G 1"),
    ("dead-drops", "4k4/9/9/9/9/9/9/9/4K4 b PLN 1"),
    ("dead-drops-white", "4k4/9/9/9/9/9/9/9/4K4 w pln 1"),
    ("mandatory-promotion", "4k4/6P2/9/5N3/9/9/9/9/L3K4 b - 1"),
    ("optional-promotion-silver", "4k4/9/9/3S5/9/9/9/9/4K4 b - 1"),
    ("promotion-leaving-zone", "4k4/9/2S6/9/9/9/9/9/4K4 b - 1"),
    ("bishop-rook-promotion", "4k4/9/9/9/4B4/9/9/9/R3K4 b - 1"),
    ("pinned-gold", "4r4/9/9/9/9/9/4G4/9/4K4 b - 1"),
    ("pinned-by-bishop", "8b/9/9/9/9/9/2S6/9/K8 b - 1"),
    ("pinned-by-lance", "k3l4/9/9/9/9/9/4S4/9/4K4 b - 1"),
    ("check-interpose-drops", "4k4/9/9/9/4r4/9/9/9/4K4 b GSP 1"),
    ("double-check", "4k4/9/9/9/4r4/1b7/9/9/4K4 b RBG 1"),
    ("knight-check", "4k4/9/9/9/9/9/3n5/9/4K4 b G 1"),
    ("king-cannot-walk-into-check", "4k4/9/9/9/9/3r5/9/9/4K4 b - 1"),
    ("lone-king-tsume", "3g1n1l1/2p1g1r2/5k2S/4p1N+R1/3+p5/7N1/B8/9/9 b 2GSNb2s3l15p 1"),
    ("handicap-2-piece", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("handicap-4-piece", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
]


def perft(board, depth):
    """Leaf count; works on a cshogi.Board and on a shogi.Board (same push/pop/legal_moves)."""
    if depth == 1:
        return len(list(board.legal_moves))
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


def random_positions(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        b = cshogi.Board()
        plies = rng.randint(30, 160)
        for _ in range(plies):
            moves = list(b.legal_moves)
            if not moves or b.is_game_over():
                break
            captures = [m for m in moves if b.piece(cshogi.move_to(m)) != 0 and not cshogi.move_is_drop(m)]
            drops = [m for m in moves if cshogi.move_is_drop(m)]
            r = rng.random()
            if captures and r < 0.5:
                m = rng.choice(captures)
            elif drops and r < 0.7:
                m = rng.choice(drops)
            else:
                m = rng.choice(moves)
            b.push(m)
        if b.is_game_over() or not list(b.legal_moves):
            continue
        out.append((f"random-{len(out) + 1:02d}", b.sfen()))
    return out


def main():
    print("# Rule positions with perft counts from cshogi and python-shogi (both agree on every")
    print("# number). Regenerate with scripts/gen_rule_positions.py. Format: name ; sfen ; d1 ; d2")
    for name, sfen in HAND_MADE + random_positions(60, 20261122):
        counts = []
        for depth in (1, 2):
            a = perft(cshogi.Board(sfen), depth)
            b = perft(shogi.Board(sfen), depth)
            if a != b:
                # No count without agreement; the tests check such positions by the rule itself.
                print(f"# generators disagree, no count: {name} ; {sfen} ; depth {depth}: "
                      f"cshogi {a}, python-shogi {b}", flush=True)
                break
            counts.append(a)
        else:
            print(f"{name} ; {sfen} ; {counts[0]} ; {counts[1]}", flush=True)


if __name__ == "__main__":
    main()
