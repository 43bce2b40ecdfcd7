#!/bin/sh
# Variant matches on a borrowed many-core machine that has Python 3 and nothing else: RUNS
# runs of scripts/variant_match.py side by side, each with its own seed (SEED+1 to SEED+RUNS)
# and Hisha's binary from the kit (`make match-kit`, or any build copied to $KIT/hisha). No
# run begins a game after STOP_AFTER seconds. Each run writes $OUT/run-I.txt (its games and
# summary) and $OUT/moves-I.txt (every game's moves); $OUT/summary.txt adds them up.
#
#   OUT=/tmp/tk VARIANT=taikyokushogi RUNS=14 GAMES=20 NODES=3000 STOP_AFTER=330 \
#     sh scripts/kit_variants.sh --opponent random --max-plies 2000
#
# Arguments after the settings go to every run (the opponent, its options, the ply limit).
set -eu
KIT=${KIT:-match-kit}
OUT=${OUT:-matches/kit-variants}
PY=${PY:-python3}
VARIANT=${VARIANT:-taikyokushogi}
RUNS=${RUNS:-14}
SEED=${SEED:-100}
mkdir -p "$OUT"
nproc > "$OUT/machine.txt"
uname -a >> "$OUT/machine.txt"
i=1
while [ "$i" -le "$RUNS" ]; do
  "$PY" scripts/variant_match.py "$VARIANT" "${GAMES:-20}" --nodes "${NODES:-3000}" \
    --seed $((SEED + i)) --hisha "$KIT/hisha" --stop-after "${STOP_AFTER:-330}" \
    --moves "$OUT/moves-$i.txt" "$@" > "$OUT/run-$i.txt" 2>&1 &
  i=$((i + 1))
done
wait
"$PY" - "$OUT" > "$OUT/summary.txt" <<'EOF'
import glob, re, sys
out = sys.argv[1]
tally = {"Hisha wins": 0, "draw": 0, "loss": 0, "void": 0}
plies, cut, faults = [], 0, []
for path in sorted(glob.glob(out + "/run-*.txt")):
    for line in open(path):
        m = re.match(r"game \d+: Hisha (Black|White): (.*) in (\d+) plies", line)
        if m:
            outcome = m.group(2)
            plies.append(int(m.group(3)))
            if outcome == "Hisha wins":
                tally["Hisha wins"] += 1
            elif outcome.startswith("draw"):
                tally["draw"] += 1
                cut += "ply limit" in outcome
            elif outcome.startswith("void"):
                tally["void"] += 1
            else:
                tally["loss"] += 1
        if line.startswith("faults:") or line.startswith("longest move"):
            faults.append(f"{path.rsplit('/', 1)[-1]}: {line.strip()}")
games = tally["Hisha wins"] + tally["draw"] + tally["loss"]
print(f"{games} games: +{tally['Hisha wins']} ={tally['draw']} -{tally['loss']} "
      f"(void {tally['void']}); draws at the ply limit {cut}; "
      f"plies mean {sum(plies) / max(len(plies), 1):.0f}, longest {max(plies, default=0)}")
print("\n".join(faults))
EOF
cat "$OUT/summary.txt"
