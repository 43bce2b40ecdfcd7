"""Hisha's resident memory over long searches: for each game, `go infinite` from its start
position for --seconds, the process's resident set (VmRSS) sampled twice a second, then its
peak (VmHWM) after `stop`; for 9x9 also `go mate infinite` on a long mate (the mate solver's
own table, MateHash). Prints one row a search: the peak, the table that search fills, and what
is beyond it. Linux only (/proc).

    python3 scripts/memory_watch.py --seconds 600 --hash 64     # ten minutes a game
"""

import argparse
import os
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from usi_client import HISHA  # noqa: E402

VARIANTS = ["shogi", "microshogi", "minishogi", "judkins", "torishogi", "heianshogi", "shoshogi",
            "washogi", "chushogi", "heiandaishogi", "daishogi", "tenjikushogi", "daidaishogi"]
# A long mate for the solver (positions/mates-long.txt's first line).
MATE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "positions",
                         "mates-long.txt")


def status_kib(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def watch(hisha, variant, seconds, hash_mb, mate_mb, mate_sfen=None):
    proc = subprocess.Popen([hisha], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1)
    lines = []
    threading.Thread(target=lambda: lines.extend(l.strip() for l in proc.stdout),
                     daemon=True).start()

    def send(text):
        proc.stdin.write(text + "\n")
        proc.stdin.flush()

    def wait(prefix, timeout=60):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if any(l.startswith(prefix) for l in list(lines)):
                return True
            time.sleep(0.05)
        return False

    send("usi")
    wait("usiok")
    send(f"setoption name USI_Hash value {hash_mb}")
    send(f"setoption name MateHash value {mate_mb}")
    if variant != "shogi":
        send(f"setoption name USI_Variant value {variant}")
    send("isready")
    wait("readyok")
    send("usinewgame")
    before = status_kib(proc.pid, "VmRSS")
    if mate_sfen:
        send(f"position sfen {mate_sfen}")
        send("go mate infinite")
    else:
        send("position startpos")
        send("go infinite")
    samples = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        samples.append(status_kib(proc.pid, "VmRSS"))
        time.sleep(0.5)
    send("stop")
    answered = wait("checkmate" if mate_sfen else "bestmove", 30)
    peak = status_kib(proc.pid, "VmHWM")
    send("quit")
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    return before, samples, peak, answered


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--hash", type=int, default=64, help="USI_Hash, MiB")
    p.add_argument("--mate-hash", type=int, default=64, help="MateHash, MiB")
    p.add_argument("--variants", nargs="*", default=VARIANTS)
    p.add_argument("--no-mate", action="store_true")
    p.add_argument("--hisha", default=HISHA)
    args = p.parse_args()
    mate = None
    if not args.no_mate:
        with open(MATE_FILE) as f:
            mate = next(l.split("\t")[0].strip() for l in f
                        if l.strip() and not l.startswith("#"))
    runs = [(v, None) for v in args.variants] + ([("shogi", mate)] if mate else [])
    print("| search | seconds | RSS at go, MiB | peak RSS, MiB | its table (USI_Hash or "
          "MateHash), MiB | beyond it, MiB | answered |")
    print("|---|---|---|---|---|---|---|")
    for variant, sfen in runs:
        before, samples, peak, answered = watch(args.hisha, variant, args.seconds, args.hash,
                                                args.mate_hash, sfen)
        # `go` fills the USI_Hash table, `go mate` the MateHash one; the other is never touched.
        budget = args.mate_hash if sfen else args.hash
        name = f"{variant} go mate infinite" if sfen else f"{variant} go infinite"
        print(f"| {name} | {args.seconds:.0f} | {before / 1024:.1f} | {peak / 1024:.1f} | "
              f"{budget} | {peak / 1024 - budget:+.1f} | {'yes' if answered else 'NO'} |",
              flush=True)


if __name__ == "__main__":
    main()
