#!/usr/bin/env python3
"""Scale some feature groups of a weights file (src/eval/weights.in) by a factor.

The fit to fairy-stockfish's shallow scores gives the king-safety groups less weight than play
against it rewards; `make tune` scales them after the fit.

Usage:
  scripts/scale_weights.py IN OUT FACTOR "group name" ["group name" ...]
Group names are those of src/eval/features.rs GROUPS, as the weights file writes them in its
comments ("near own king", "drop threats", ...). Names that match no group are an error.
"""
import re
import sys


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    src, dst, factor, groups = sys.argv[1], sys.argv[2], float(sys.argv[3]), set(sys.argv[4:])
    out, current, seen = [], None, set()
    with open(src) as f:
        for line in f:
            header = re.match(r"^    // (.+?)\s*$", line)
            if header:
                current = header.group(1)
                seen.add(current)
            elif current in groups and re.match(r"^\s*-?\d", line):
                values = [int(v) for v in line.strip().rstrip(",").split(",")]
                line = "    " + ", ".join(str(round(v * factor)) for v in values) + ",\n"
            out.append(line)
    missing = groups - seen
    if missing:
        sys.exit(f"no such group in {src}: {', '.join(sorted(missing))}")
    with open(dst, "w") as f:
        f.write("".join(out))


if __name__ == "__main__":
    main()
