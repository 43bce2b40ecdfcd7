#!/usr/bin/env python3
"""Writes the record test data in tests/data/records/ (tests/records.rs reads it).

  scripts/record_fixtures.py [--chunk tune-data/kp/chunk-0000.txt.xz]

- games.txt: 500 complete self-play games (`make kp-data`'s chunk 0, moves only, one a line:
  SFEN <TAB> USI moves), for the round trips through every format;
- files written by cshogi 1.1.0's KIF (Shift_JIS), KI2 and CSA writers: 8 of those games (KIF
  and CSA; they start from an opening position, which KIF writes as a board diagram) and 8
  random games from the start position (KIF, KI2 and CSA; random play scatters the pieces, so
  KI2's 右/左/上/引/寄/直 are needed often), each with another ending;
- each of KIF's 13 named handicaps: 30 random plies from it, as KIF (by its 手合割 name) and
  CSA (by its board);
- expected.tsv: for each file, the moves it holds and the final position by cshogi (the writer
  and, for KIF, python-shogi's reader as a second opinion, which must agree), and the ending.
"""
import argparse
import datetime
import lzma
import os
import random

import cshogi
import cshogi.CSA
import cshogi.KI2
import cshogi.KIF
import shogi.KIF

OUT = "tests/data/records"
# KIF's 手合割 names and their positions, as cshogi's KIF reader has them (python-shogi's and
# rsshogi's tables agree).
HANDICAPS = {name: sfen for name, sfen in cshogi.KIF.Parser.HANDYCAP_SFENS.items()
             if name != "平手" and sfen}
T0 = datetime.datetime(2026, 11, 26, 12, 0, 0)
# (cshogi KIF reason, CSA end code, KI2 reason, the ending's name in `hisha show`)
ENDINGS = [
    ("resign", "%TORYO", "%TORYO", "resign"),
    ("sennichite", "%SENNICHITE", "%SENNICHITE", "sennichite"),
    ("draw", "%JISHOGI", "%JISHOGI", "impasse"),
    ("win", "%KACHI", "%KACHI", "win by declaration"),
    ("illegal_win", "%TIME_UP", "%TORYO", None),
    ("illegal_lose", "%CHUDAN", "%TORYO", None),
]


def board_key(sfen):
    return " ".join(sfen.split()[:3])


def random_game(rng, plies, sfen=cshogi.STARTING_SFEN):
    """Up to `plies` random legal moves from `sfen`, as USI."""
    board = cshogi.Board(sfen)
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        m = rng.choice(legal)
        moves.append(cshogi.move_to_usi(m))
        board.push(m)
    return moves


def write_files(name, sfen, moves, ending, formats):
    """Writes `moves` from `sfen` in `formats`; returns [(file, final sfen)]."""
    kif_reason, csa_code, ki2_code, _ = ending
    out = []
    board = cshogi.Board(sfen)
    if "kif" in formats:
        k = cshogi.KIF.Exporter(f"{OUT}/{name}.kif")
        k.header(["Sente", "Gote"], T0, None if sfen == cshogi.STARTING_SFEN else board)
    if "csa" in formats:
        c = cshogi.CSA.Exporter(f"{OUT}/{name}.csa")
        c.info(board, ["Sente", "Gote"])
    if "ki2" in formats:
        k2 = cshogi.KI2.Exporter(f"{OUT}/{name}.ki2")
        k2.header(["Sente", "Gote"], T0)
    for i, usi in enumerate(moves):
        m = board.move_from_usi(usi)
        if "kif" in formats:
            k.move(m, i % 7, i * 3)
        if "csa" in formats:
            c.move(m, i % 7, comment="* 12 7g7f" if i == 3 else None)
        if "ki2" in formats:
            k2.move(m, "a comment" if i == 5 else None)
        board.push(m)
    final = board_key(board.sfen())
    if "kif" in formats:
        k.end(kif_reason, 1, len(moves) * 3)
        k.close()
        out.append((f"{name}.kif", final))
    if "csa" in formats:
        c.endgame(csa_code)
        c.close()
        out.append((f"{name}.csa", final))
    if "ki2" in formats:
        k2.board = board
        k2.move_number = board.move_number
        k2.end(ki2_code)
        k2.close()
        out.append((f"{name}.ki2", final))
    return out


def csa_ending(code):
    return {"%TORYO": "resign", "%SENNICHITE": "sennichite", "%JISHOGI": "impasse",
            "%KACHI": "win by declaration", "%TIME_UP": "time up",
            "%CHUDAN": "interrupted"}[code]


def kif_ending(reason):
    return {"resign": "resign", "sennichite": "sennichite", "draw": "impasse",
            "win": "win by declaration", "illegal_win": "win by an illegal move",
            "illegal_lose": "loss by an illegal move"}[reason]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chunk", default="tune-data/kp/chunk-0000.txt.xz")
    args = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    games = []
    for line in lzma.open(args.chunk, "rt"):
        f = line.rstrip("\n").split("\t")
        games.append((f[2], [t.split(":")[0] for t in f[3].split()]))
        if len(games) == 500:
            break
    with open(f"{OUT}/games.txt", "w") as g:
        for sfen, moves in games:
            g.write(f"{sfen}\t{' '.join(moves)}\n")
    rng = random.Random(53)
    rows = []
    for i in range(8):
        ending = ENDINGS[i % len(ENDINGS)]
        sfen, moves = games[i]
        for file, final in write_files(f"game-{i}", sfen, moves, ending, ["kif", "csa"]):
            rows.append((file, moves, final, ending))
        moves = random_game(rng, rng.randrange(60, 160))
        for file, final in write_files(f"random-{i}", cshogi.STARTING_SFEN, moves, ending,
                                       ["kif", "ki2", "csa"]):
            rows.append((file, moves, final, ending))
    # Every named handicap: KIF by its 手合割 name (the reader must know the position), CSA by
    # its board, 30 random plies from it.
    for h, name in enumerate(HANDICAPS):
        sfen = HANDICAPS[name]
        moves = random_game(rng, 30, sfen)
        board = cshogi.Board(sfen)
        k = cshogi.KIF.Exporter(f"{OUT}/handicap-{h}.kif")
        k.header(["Sente", "Gote"], T0, name)
        c = cshogi.CSA.Exporter(f"{OUT}/handicap-{h}.csa")
        c.info(board, ["Sente", "Gote"])
        for i, usi in enumerate(moves):
            m = board.move_from_usi(usi)
            k.move(m, 1, i + 1)
            c.move(m, 1)
            board.push(m)
        final = board_key(board.sfen())
        k.end("resign")
        k.close()
        c.endgame("%TORYO")
        c.close()
        rows.append((f"handicap-{h}.kif", moves, final, ENDINGS[0]))
        rows.append((f"handicap-{h}.csa", moves, final, ENDINGS[0]))
    with open(f"{OUT}/expected.tsv", "w") as e:
        e.write("# file\tmoves\tfinal position (board, side, hands)\tending\tUSI moves\n")
        for file, moves, final, ending in rows:
            if file.endswith(".kif"):
                # python-shogi's reader, the second opinion.
                parsed = shogi.KIF.Parser.parse_file(f"{OUT}/{file}")[0]
                assert parsed["moves"] == moves, file
                name = kif_ending(ending[0])
            elif file.endswith(".csa"):
                name = csa_ending(ending[1])
            else:
                name = csa_ending(ending[2]) if ending[2] != "%TORYO" else "resign"
            e.write(f"{file}\t{len(moves)}\t{final}\t{name}\t{' '.join(moves)}\n")
    print(f"{len(rows)} files, {len(games)} games")


if __name__ == "__main__":
    main()
