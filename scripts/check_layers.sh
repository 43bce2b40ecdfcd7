#!/usr/bin/env bash
# The layers of src/ import one way only (docs/architecture.md). For each layer, the crate
# modules it may import; any other `crate::<module>` in its files is an error. Only the front
# ends (usi/, xboard/, cli/, main.rs) print.
set -euo pipefail
cd "$(dirname "$0")/../src"

status=0
# layer (a folder or a file)  allowed imports
check() {
    local layer=$1 allowed=$2 found
    found=$(grep -rhoE 'crate::[a-z_]+' "$layer" | sort -u | sed 's/crate:://' || true)
    for module in $found; do
        if [ "$module" != "${layer%.rs}" ] && [[ " $allowed " != *" $module "* ]]; then
            echo "layers: $layer imports $module (allowed: ${allowed:-nothing})"
            grep -rn "crate::$module\b" "$layer" | head -3
            status=1
        fi
    done
}

check color.rs ""
check notation "color"
check variant "color notation"
check shogi "color notation bitboard" # bitboard!, the macro of shogi/bitboard.rs, is exported at the crate root
check eval "color notation shogi variant"
check search "color eval shogi variant"
check usi "color notation search"
check xboard "color notation usi search variant"
check bench.rs "search shogi"
check book "search shogi"
check record "color notation shogi"
check tune "color search eval shogi variant"
check engine "color notation usi bench book search eval shogi variant"
check cli "color notation engine usi xboard bench book record tune search eval shogi variant"

# main.rs is a few lines over cli/.
if grep -noE 'hisha::[a-z_]+' main.rs | grep -v 'hisha::cli'; then
    echo "layers: main.rs may use only hisha::cli"
    status=1
fi

# usi/ uses only the search's plain data types (what a go asks for).
if grep -rn 'crate::search' usi | grep -v 'crate::search::{Limits, MateLimit}'; then
    echo "layers: usi/ may use only search's Limits and MateLimit"
    status=1
fi

if grep -rnE '\b(e?print!|e?println!)' color.rs notation variant shogi eval search tune bench.rs book engine; then
    echo "layers: only the front ends (usi/, xboard/, cli/, main.rs) print"
    status=1
fi
exit $status
