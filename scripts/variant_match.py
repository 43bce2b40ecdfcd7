#!/usr/bin/env python3
"""A match in a shogi variant: Hisha against an opponent, both colours in turn, every move
checked, every move timed.

    variant_match.py VARIANT GAMES --opponent {hachu,crazywa,fairy,random,hisha}
                     [--byoyomi MS | --nodes N] [--opponent-nodes N | --opponent-byoyomi MS]
                     [--random-plies K]
                     [--max-plies P] [--seed S] [--hisha BIN] [--hisha-option NAME=VALUE ...]
                     [--opponent-option NAME=VALUE ...] [--opponent-binary BIN] [--moves FILE]
                     [--balanced CP] [--stop-after SECONDS] [--referee {oracle,hisha}]
                     [--variant-path FILE] [--opponent-variant NAME]

Opponents: `hachu` (HaChu 0.21 through scripts/hachu_usi.py: chu, dai, tenjiku, wa without
drops), `crazywa` (CrazyWa 1.0.5 through the same adapter: minishogi, judkins, tori, wa), `fairy`
(fairy-stockfish 11.1: micro, mini, judkins; tori and sho with a newer build that the
environment variable FAIRY_STOCKFISH names), `random` (a uniformly random legal move), `hisha`
(a second Hisha, --opponent-binary or the same, with its own --opponent-option settings, such as
`Eval_Form=false` for material only).

Legality: every move of either side must be in the referee's list, shogiops (chu, minishogi) or
fairy-stockfish (micro, judkins, tori) where one exists, else a separate Hisha process (wa,
the Heian games, dai, tenjiku, dai dai, maka dai dai, tai: no other program generates their
moves), or with --referee hisha a Hisha process always. fairy-stockfish lists mates by a pawn
drop (tori shogi's swallow), which the rules forbid: a move the referee lists and the judge's
rules refuse is such a mate, a fault of the side that played it, or else a rules dispute. A game ends by the rules, as the judge (a
Hisha process: `d` prints the verdict) rules them: no legal move or a royal lost, chu's bare
king, a fourfold repetition (a draw, a loss for Black in minishogi, a loss for the side that
checked at every move since the first occurrence), or --max-plies (a draw, counted apart as a
game cut short: 3000 by default, so that the large games end by their rules).

Openings: the first --random-plies plies (2 by default) are random legal moves, the same for
both games of a pair of colours; --seed gives other ones. Some of them decide the game (a piece
left hanging, a king laid open), and then each engine wins the pair's game in which it has the
good side. With --balanced CP (micro, mini, judkins), an opening is drawn again until
fairy-stockfish, searching it to depth 12, scores it within CP centipawns of even.

A move that is not legal, a move later than the byoyomi plus --tolerance ms (counted against the
engine's own clock: the runner's time from sending `go` to reading `bestmove`), a crash or a
protocol error loses the game for the side at fault, and is counted as a fault of that side;
an opponent's resignation is a loss for it. HaChu follows its own chu rules where they differ
from lishogi's (which Hisha and shogiops follow: a lion taking a protected lion from afar after
a pawn or go-between on its first step, which lishogi counts as still protecting): a game in
which HaChu plays a move the referee rejects, or refuses one it accepts, is void, not scored,
and listed as a rules dispute with the move. At the end: Hisha's wins, draws and losses, its
score with a 95% error bar and the Elo difference, faults by side, and each side's longest and
mean move (by the script's clock: a time odds match is told by what each side took).

A game defined in a file: --variant-path FILE has every Hisha process (the players, the referee
and the judge) load FILE (`VariantPath`) before VARIANT is set, and --opponent-variant NAME
tells the opponent NAME instead of VARIANT. `daishogi-hachu --variant-path
positions/variants/hachu.ini --opponent hachu --opponent-variant daishogi` plays dai by
HaChu's rules, with no lion trading (HaChu's dai has none), so that no game is void.
"""

import argparse
import math
import os
import random
import sys
import time

from usi_client import HISHA, UsiClient, startpos
from variant_games import Referee, SHOGIOPS, FSF_NAMES, FSF

HERE = os.path.dirname(os.path.abspath(__file__))
# Hisha's names of the variants fairy-stockfish plays, and fairy-stockfish's.
FSF_VARIANTS = {"microshogi": "micro", "minishogi": "minishogi", "judkins": "judkins",
                "torishogi": "torishogi", "shoshogi": "shoshogi"}
# The USI letter of the pawn of the drop rules, where it is not P.
PAWN_LETTER = {"torishogi": "S"}


def referee_is_fairy(variant):
    """Whether fairy-stockfish referees the variant (it lists mates by a pawn drop)."""
    return variant in FSF_NAMES and variant not in SHOGIOPS


class HishaReferee:
    """The legal moves from a Hisha process (`go perft 1`), for the variants no other program
    generates."""

    def __init__(self, variant, hisha, path=None):
        self.engine = UsiClient([hisha], hisha_options(variant, path), quiet=True)

    def legal(self, moves):
        return self.engine.perft_moves(startpos(moves))

    def close(self):
        self.engine.quit()


class Judge:
    """The game's state by Hisha's rules: `d` prints whether it is over, and how."""

    def __init__(self, variant, hisha, path=None):
        self.engine = UsiClient([hisha], hisha_options(variant, path), quiet=True)

    def verdict(self, moves):
        return self.engine.variant_state(startpos(moves))[1]

    def legal(self, moves):
        return self.engine.perft_moves(startpos(moves))

    def close(self):
        self.engine.quit()


class RandomMover:
    name = "random"

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, legal):
        return self.rng.choice(sorted(legal))

    def quit(self):
        pass


def hisha_options(variant, path):
    """A Hisha process's options for VARIANT: the file of games first, where there is one."""
    return ({"VariantPath": path} if path else {}) | {"USI_Variant": variant}


def options(pairs):
    out = {}
    for p in pairs or []:
        name, _, value = p.partition("=")
        out[name] = value
    return out


def start(kind, args, variant, seed):
    if kind == "random":
        return RandomMover(seed)
    opts = {"USI_Variant": args.opponent_variant or variant}
    if kind in ("hachu", "crazywa"):
        command = [sys.executable, os.path.join(HERE, "hachu_usi.py"), "--engine", kind]
        # The adapter asks a Hisha for the game's legal passes: the game as Hisha knows it.
        os.environ["HISHA"] = os.path.abspath(args.hisha)
        os.environ["HISHA_VARIANT"] = variant
        if args.variant_path:
            os.environ["HISHA_VARIANT_PATH"] = os.path.abspath(args.variant_path)
        opts["USI_Hash"] = 64
    elif kind == "fairy":
        command = [FSF]
        opts = {"UCI_Variant": FSF_NAMES.get(variant, variant), "Hash": 64}
    else:
        command = [args.opponent_binary or args.hisha]
        if not args.opponent_variant:
            opts = hisha_options(variant, args.variant_path)
    opts.update(options(args.opponent_option))
    return UsiClient(command, opts, quiet=True)


def play(variant, players, referee, judge, args, rng, moves):
    """One game, players[0] Black, its moves appended to `moves`. Returns (winner 0/1/None,
    plies, fault: (side, text) or None, times: for each side [longest move ms, ms in all,
    moves timed])."""
    times = [[0, 0, 0], [0, 0, 0]]
    for p in players:
        if isinstance(p, UsiClient):
            p.new_game()
    while len(moves) < args.max_plies:
        verdict = judge.verdict(moves)
        legal = referee.legal(moves)
        side = len(moves) % 2
        if verdict != "on" or not legal:
            if verdict == "drawn":
                return None, len(moves), None, times
            if verdict == "black wins":
                return 0, len(moves), None, times
            if verdict == "white wins" or not legal:
                return (1 if verdict == "white wins" else 1 - side), len(moves), None, times
        if len(moves) < args.random_plies:
            moves.append(rng.choice(sorted(legal)))
            continue
        player = players[side]
        if isinstance(player, RandomMover):
            moves.append(player.choose(legal))
            continue
        player.position(startpos(moves))
        go = args.go[side]
        began = time.monotonic()
        result = player.go(go)
        took = int((time.monotonic() - began) * 1000)
        times[side][0] = max(times[side][0], took)
        times[side][1] += took
        times[side][2] += 1
        limit = args.byoyomi_of[side]
        if limit and took > limit + args.tolerance:
            return 1 - side, len(moves), (side, f"move {len(moves) + 1} took {took} ms"), times
        theirs = player is not players[args.hisha_side]
        hachu = args.opponent == "hachu" and theirs
        if result.bestmove in ("resign", None):
            errors = [l for l in result.lines if "error" in l]
            # (HaChu refusing a move, or playing a pass that Hisha's rules have not.)
            if theirs and errors and ("refuses" in errors[0] or "no legal pass" in errors[0]):
                return None, len(moves), ("dispute", f"move {len(moves)}: {errors[0]}"), times
            fault = (side, f"move {len(moves) + 1}: {errors[0]}") if errors else None
            return 1 - side, len(moves), fault, times
        if result.bestmove not in legal:
            text = f"move {len(moves) + 1}: {result.bestmove} is not legal"
            if hachu:
                return None, len(moves), ("dispute", "HaChu's " + text), times
            return 1 - side, len(moves), (side, text), times
        if referee_is_fairy(args.variant) and result.bestmove not in judge.legal(moves):
            text = f"move {len(moves) + 1}: {result.bestmove}"
            if result.bestmove[1] == "*" and result.bestmove[0] == PAWN_LETTER.get(args.variant, "P"):
                return 1 - side, len(moves), (side, text + " mates by a pawn drop"), times
            return None, len(moves), ("dispute", text + " is refused by Hisha's rules"), times
        moves.append(result.bestmove)
    return None, len(moves), None, times


def balanced_opening(rng, referee, evaluator, plies, bound):
    """Random openings of `plies` plies from `rng` until one that `evaluator` (fairy-stockfish)
    scores within `bound` centipawns of even at depth 12."""
    for _ in range(1000):
        moves = []
        while len(moves) < plies:
            legal = referee.legal(moves)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        if len(moves) < plies:
            continue
        evaluator.new_game()
        evaluator.position(startpos(moves))
        score = evaluator.go("depth 12").score
        if score is not None and abs(score) <= bound:
            return moves
    raise RuntimeError(f"no opening within {bound} cp in 1000 tries")


def elo(score):
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant")
    ap.add_argument("games", type=int)
    ap.add_argument("--opponent", choices=["hachu", "crazywa", "fairy", "random", "hisha"],
                    required=True)
    ap.add_argument("--byoyomi", type=int)
    ap.add_argument("--nodes", type=int)
    ap.add_argument("--opponent-nodes", type=int)
    ap.add_argument("--opponent-byoyomi", type=int,
                    help="the opponent's byoyomi, ms, where it differs from Hisha's (time odds)")
    ap.add_argument("--tolerance", type=int, default=100,
                    help="ms beyond the byoyomi a move may take before it loses on time")
    ap.add_argument("--max-plies", type=int, default=3000)
    ap.add_argument("--random-plies", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0,
                    help="another set of random opening plies (0: the default set)")
    ap.add_argument("--hisha", default=HISHA)
    ap.add_argument("--opponent-binary", help="the opponent's binary when it is a Hisha (default: --hisha)")
    ap.add_argument("--hisha-option", action="append")
    ap.add_argument("--variant-path", metavar="FILE",
                    help="a file of games (VariantPath) every Hisha process loads first")
    ap.add_argument("--opponent-variant", metavar="NAME",
                    help="the variant's name the opponent is told (default: VARIANT)")
    ap.add_argument("--opponent-option", action="append")
    ap.add_argument("--moves", help="write each game's moves to this file")
    ap.add_argument("--stop-after", type=float, metavar="SECONDS",
                    help="begin no new game this long after the start (a borrowed machine's slot)")
    ap.add_argument("--balanced", type=int, metavar="CP",
                    help="only openings fairy-stockfish scores within CP centipawns of even")
    ap.add_argument("--referee", choices=["oracle", "hisha"], default="oracle",
                    help="hisha: a Hisha process lists the legal moves even where shogiops or "
                         "fairy-stockfish would (much faster in chu: for matches between two "
                         "Hisha builds, whose rules are not in question)")
    args = ap.parse_args()
    if args.balanced is not None and args.variant not in FSF_VARIANTS:
        ap.error("--balanced needs a variant fairy-stockfish plays: " + ", ".join(FSF_VARIANTS))
    if not args.byoyomi and not args.nodes:
        args.byoyomi = 1000
    mine = f"byoyomi {args.byoyomi}" if args.byoyomi else f"nodes {args.nodes}"
    their_byoyomi = args.opponent_byoyomi or args.byoyomi
    theirs = (f"nodes {args.opponent_nodes}" if args.opponent_nodes
              else f"byoyomi {their_byoyomi}" if their_byoyomi else f"nodes {args.nodes}")
    if args.referee == "oracle" and (args.variant in SHOGIOPS or args.variant in FSF_NAMES):
        referee = Referee(args.variant)
    else:
        referee = HishaReferee(args.variant, args.hisha, args.variant_path)
    judge = Judge(args.variant, args.hisha, args.variant_path)
    wins = draws = losses = 0
    # The opponent's name in the tallies: a second Hisha must not count as the first.
    them_name = "opponent" if args.opponent == "hisha" else args.opponent
    faults = {"hisha": [], them_name: []}
    disputes = []
    longest = {"hisha": 0, them_name: 0}
    # Each side's ms in all and moves timed (the random opening plies are not).
    spent = {"hisha": [0, 0], them_name: [0, 0]}
    lengths = []
    cut = 0
    record = open(args.moves, "w") if args.moves else None
    evaluator = None
    if args.balanced is not None:
        evaluator = UsiClient([FSF], {"UCI_Variant": FSF_VARIANTS[args.variant], "Hash": 64},
                              quiet=True)
    opening = []
    began = time.monotonic()
    for g in range(args.games):
        if args.stop_after is not None and time.monotonic() - began > args.stop_after:
            print(f"stopped after {g} games: no new game after {args.stop_after:.0f} s", flush=True)
            break
        hisha_black = g % 2 == 0
        # Both colours of a pair share their opening moves; --seed gives other openings.
        rng = random.Random(g // 2 if args.seed == 0 else f"{args.seed}:{g // 2}")
        if evaluator and g % 2 == 0:
            opening = balanced_opening(rng, referee, evaluator, args.random_plies, args.balanced)
        try:
            me = UsiClient([args.hisha], hisha_options(args.variant, args.variant_path)
                           | options(args.hisha_option), quiet=True)
            them = start(args.opponent, args, args.variant, g)
        except Exception as e:
            print(f"game {g + 1}: cannot start the engines: {e}", flush=True)
            sys.exit(2)
        players = [me, them] if hisha_black else [them, me]
        names = ["hisha", them_name] if hisha_black else [them_name, "hisha"]
        moves = list(opening) if evaluator else []
        args.go = [mine, theirs] if hisha_black else [theirs, mine]
        # Each side's byoyomi (None: nodes), for the time check.
        byoyomi = [args.byoyomi, None if args.opponent_nodes else their_byoyomi]
        args.byoyomi_of = byoyomi if hisha_black else byoyomi[::-1]
        args.hisha_side = 0 if hisha_black else 1
        try:
            winner, plies, fault, times = play(args.variant, players, referee, judge, args, rng,
                                               moves)
        except Exception as e:  # a crash or a protocol error: whose, if it can be told
            winner, plies, fault, times = (None, 0, (None, f"{type(e).__name__}: {e}"),
                                           [[0, 0, 0], [0, 0, 0]])
        for p in players:
            try:
                p.quit()
            except Exception:
                pass
        for side in (0, 1):
            longest[names[side]] = max(longest[names[side]], times[side][0])
            spent[names[side]][0] += times[side][1]
            spent[names[side]][1] += times[side][2]
        disputed = fault is not None and fault[0] == "dispute"
        if disputed:
            disputes.append(f"game {g + 1}: {fault[1]}")
        elif fault:
            who = names[fault[0]] if fault[0] is not None else "runner"
            faults.setdefault(who, []).append(f"game {g + 1}: {fault[1]}")
        if disputed:
            outcome = "void (rules dispute)"
        elif winner is None and not (fault and fault[0] is None):
            draws += 1
            outcome = "draw"
            if fault is None and plies >= args.max_plies:
                cut += 1
                outcome = "draw (ply limit)"
        elif winner is not None and names[winner] == "hisha":
            wins += 1
            outcome = "Hisha wins"
        elif winner is not None:
            losses += 1
            outcome = f"{them_name} wins"
        else:
            outcome = "void"
        lengths.append(plies)
        if record:
            record.write(f"game {g + 1} {names[0]}-{names[1]} {outcome}: startpos moves {' '.join(moves)}\n")
            record.flush()
        colour = "Black" if hisha_black else "White"
        print(f"game {g + 1}: Hisha {colour}: {outcome} in {plies} plies"
              + (f" ({fault[1]})" if fault else ""), flush=True)
        played = wins + draws + losses
        if played:
            print(f"  running: +{wins} ={draws} -{losses}, {(wins + draws / 2) / played:.1%}", flush=True)
    played = wins + draws + losses
    score = (wins + draws / 2) / max(played, 1)
    # The error bar from the spread of the game scores (1, 1/2, 0).
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / max(played, 1)
    margin = 1.96 * math.sqrt(var / max(played, 1))
    go_text = mine if theirs == mine else f"Hisha {mine}, {args.opponent} {theirs}"
    print(f"{args.variant}, Hisha vs {args.opponent}, {go_text}: {played} games, +{wins} ={draws} -{losses}, "
          f"score {score:.1%} +- {margin:.1%} (Elo {elo(score):+.0f}, "
          f"{elo(max(score - margin, 0)):+.0f} to {elo(min(score + margin, 1)):+.0f}); "
          f"plies mean {sum(lengths) / max(len(lengths), 1):.0f}; cut at {args.max_plies} plies: {cut}")
    print("faults: " + ", ".join(f"{k} {len(v)}" for k, v in faults.items()))
    print("longest move, ms: " + ", ".join(f"{k} {v}" for k, v in longest.items()))
    print("mean move, ms: " + ", ".join(f"{k} {t / max(n, 1):.0f}" for k, (t, n) in spent.items()))
    for k, v in faults.items():
        for f in v:
            print(f"  {k}: {f}")
    if disputes:
        print(f"void, the rules disputed: {len(disputes)}")
        for d in disputes:
            print(f"  {d}")
    referee.close()
    judge.close()
    if evaluator:
        evaluator.quit()
    if record:
        record.close()
    sys.exit(1 if faults["hisha"] or faults.get("runner") else 0)


if __name__ == "__main__":
    main()
