#!/usr/bin/env python3
"""What each part of a variant's evaluation is worth in games: the positions of a data file
(the tuner's format, `variant_games_data.py` or `variant_tune_data.py`) are scored by Hisha's
`eval`, part by part (material, piece-square, near own royal, near enemy royal, ...), and the
games' results are fitted by a logistic regression on those parts. A part whose coefficient is
the material's is worth what the evaluation says; twice it, twice as much; below zero, it
misleads. Where a variant's terms are hand-set (the large boards) this says which to scale and
by how much, from a few dozen games, where fitting every weight would need thousands.

    variant_group_fit.py VARIANT DATA [--hisha BIN] [--folds K]

Each fit is also cross-validated (whole games held out, K folds): a part that does not lower
the held-out error over material alone is not worth trusting.
"""

import argparse
import math

from usi_client import HISHA, UsiClient


def parts_of(hisha, sfen):
    """Hisha's evaluation of a position, part by part: [(name, centipawns for Black)]."""
    hisha.send(f"position sfen {sfen}")
    hisha.send("eval")
    for line in hisha.sync():
        if "for Black, cp: " in line:
            body = line.split("cp: ", 1)[1].split("; total")[0]
            return [(p.rsplit(" ", 1)[0], int(p.rsplit(" ", 1)[1])) for p in body.split(", ")]
    raise RuntimeError(f"no evaluation for {sfen}")


def solve(a, b):
    """a x = b by Gaussian elimination with partial pivoting (a is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def sigmoid(x):
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def fit(rows, ys, ridge=1e-3, steps=25):
    """Logistic regression without intercept (the evaluation is 0 for an even game), by
    Newton's method; the result's draws count as halves."""
    d = len(rows[0])
    w = [0.0] * d
    for _ in range(steps):
        grad = [ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(d)] for i in range(d)]
        for x, y in zip(rows, ys):
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x)))
            g, h = p - y, p * (1 - p)
            for i in range(d):
                grad[i] += g * x[i]
                for j in range(d):
                    hess[i][j] += h * x[i] * x[j]
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
    return w


def mse(rows, ys, w):
    return sum((sigmoid(sum(a * b for a, b in zip(w, x))) - y) ** 2
               for x, y in zip(rows, ys)) / max(1, len(ys))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant")
    ap.add_argument("data")
    ap.add_argument("--hisha", default=HISHA)
    ap.add_argument("--folds", type=int, default=5)
    args = ap.parse_args()

    hisha = UsiClient([args.hisha], {"USI_Variant": args.variant}, quiet=True)
    names, table, results, games = None, [], [], []
    for line in open(args.data):
        sfen, result, _, game = line.rstrip("\n").split("\t")[:4]
        parts = parts_of(hisha, sfen)
        names = [n for n, _ in parts]
        table.append([v / 1000.0 for _, v in parts])
        results.append(float(result))
        games.append(int(game))
    hisha.quit()
    used = [i for i in range(len(names)) if any(row[i] for row in table)]
    material = names.index("material board")
    print(f"{len(table)} positions of {len(set(games))} games; parts in play: "
          + ", ".join(names[i] for i in used))

    def report(label, cols):
        rows = [[row[i] for i in cols] for row in table]
        errors = []
        for f in range(args.folds):
            train = [k for k, g in enumerate(games) if g % args.folds != f]
            test = [k for k, g in enumerate(games) if g % args.folds == f]
            w = fit([rows[k] for k in train], [results[k] for k in train])
            errors.append(mse([rows[k] for k in test], [results[k] for k in test], w))
        w = fit(rows, results)
        base = w[cols.index(material)]
        worth = ", ".join(f"{names[i]} {w[j] / base:+.2f}" for j, i in enumerate(cols)
                          if i != material)
        print(f"{label}: held-out error {sum(errors) / len(errors):.5f}; material "
              f"{base:.3f} logits per 1000 cp"
              + (f"; each part against material: {worth}" if worth else ""))

    even = sum((y - 0.5) ** 2 for y in results) / len(results)
    print(f"every position even: error {even:.5f}")
    report("material alone", [material])
    for i in used:
        if i != material:
            report(f"material and {names[i]}", [material, i])
    report("every part", used)


if __name__ == "__main__":
    main()
