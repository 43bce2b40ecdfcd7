#!/bin/sh
# A match against GPSShogi on a borrowed many-core machine that has Python 3 and nothing else
# (no network, no Debian packages, no shogiarena): run from the repository root, with the kit
# that `make match-kit` assembled here and carried along in match-kit/ (Hisha's binary,
# gpsusi with its libraries and data, the cshogi wheel). Every game's record lands in
# $OUT/games.jsonl as it ends; $OUT/summary.txt has the score (scripts/usi_match.py).
#
#   OUT=/tmp/gps GAMES=60 PARALLEL=15 BYOYOMI=1000 STOP_AFTER=300 sh scripts/kit_match.sh
#
# OPENINGS=positions/openings-suite.txt plays the suite (each opening with both colours)
# instead of the start position; GPS_BOOK=0 turns GPSShogi's book off.
set -eu
KIT=${KIT:-match-kit}
OUT=${OUT:-matches/kit}
PY=${PY:-python3}
mkdir -p "$KIT/pylib" "$OUT"
for w in "$KIT"/wheels/*.whl; do "$PY" -m zipfile -e "$w" "$KIT/pylib"; done
nproc > "$OUT/machine.txt"
uname -a >> "$OUT/machine.txt"
PYTHONPATH="$KIT/pylib" "$PY" scripts/usi_match.py --hisha "$KIT/hisha" \
  --opponent "$KIT/gps/gpsusi" --opponent-env "OSL_HOME=$KIT/gps" \
  --opponent-env "LD_LIBRARY_PATH=$KIT/gps/lib" --opponent-option Thread=1 \
  --opponent-option LimitDepth=10 --opponent-option "BookDepth=${GPS_BOOK:-100}" \
  --games "${GAMES:-60}" --parallel "${PARALLEL:-15}" --byoyomi "${BYOYOMI:-1000}" \
  --stop-after "${STOP_AFTER:-300}" ${OPENINGS:+--openings "$OPENINGS"} --out "$OUT"
