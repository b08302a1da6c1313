"""``python -m game simulate MAP``: AI-against-AI battles without a window (issue 3).

    python -m game simulate duel --games 20 --seed 1 --json
    python -m game simulate maps/fort.tmx --ai baseline,baseline --log
    python -m game simulate duel --save duel.json    # also write a save of the battle
    python -m game simulate --soak 20                # soak every shipped map (game.saves.soak)
    python -m game simulate duel --ruleset clash --rule melee_clashes=on --log
    python -m game simulate --ruleset clash --list-rules   # the ruleset's house rules

``--log`` prints each battle round by round with every roll explained; ``--json`` prints
one JSON object (games, wins per side name and "draw", each side's win_rate with its 95%
Wilson interval win_rate_ci as [low, high], wins_by: per side name and "draw" what decided
those games (a map objective's name, "last side standing", "round limit"), rounds_mean,
and the first game's winner, rounds and state_hash). ``--ai`` takes baseline, easy,
normal or hard per side; the default is ``hard``, the level that plays every rule
(reactions, gambits, retreats), so a log read to check the rules shows all of them. Seeds
are 0 … 2**63 − 1. Game ``i`` uses seed ``--seed + i``, so the same flags give the same
output byte for byte, whether the games run here, in ``--jobs N`` processes (default: all
cores) or on a Dask cluster (``--cluster ADDRESS``; ``game.cli.lab``). On a terminal a
progress bar on stderr shows games done, win rates so far and the time left (not with
``--json`` or ``--log``). Bad flags or maps: one line, exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from game.cli.lab import GameResult, GameSpec, Progress, default_jobs, run_games
from game.cli.lab import account as account  # shared with ``replay --log``
from game.rulesets import DEFAULT as DEFAULT_RULESET
from game.words import counted

NAME = "simulate"
DEFAULT_AI = "hard"  # uses the whole ruleset: a log read to check the rules shows all of it
HELP = "play AI-vs-AI battles headless and report the results"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "map", nargs="?", help="a map file or the name of a shipped map (e.g. duel)"
    )
    parser.add_argument("--ruleset", default=None, help="ruleset id (default: the map's)")
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a house rule of the ruleset, e.g. --rule melee_clashes=on (repeatable; "
        "--list-rules shows them)",
    )
    parser.add_argument(
        "--list-rules", action="store_true", help="list the ruleset's house rules and exit"
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the first game, 0 … 2**63 − 1 (default 0)"
    )
    parser.add_argument("--games", type=int, default=1, help="how many games (default 1)")
    parser.add_argument(
        "--ai",
        default=DEFAULT_AI,
        help=f"AI per side in the map's side order, comma-separated: baseline, easy, normal, "
        f"hard (default {DEFAULT_AI}: the level that plays the whole ruleset, reactions, "
        f"gambits and retreats included; baseline never reacts nor makes gambits)",
    )
    parser.add_argument("--log", action="store_true", help="print a round-by-round account")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--save", metavar="FILE", help="write a save of the battle (FILE-<seed>.json if --games>1)"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help="play games in N processes (default: all cores); the results are the same",
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play the games on a Dask distributed scheduler (tcp://host:8786); needs "
        "the [cluster] extra; the results are the same",
    )
    parser.add_argument(
        "--soak",
        type=int,
        metavar="N",
        help="N battles on every shipped map (or MAP), each save replayed; prints figures",
    )


def _fail(message: str) -> int:
    print(f"simulate: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from game.ai import UnknownController, make_controller
    from game.engine.options import (
        RuleOptionError,
        describe_options,
        parse_assignments,
        resolve_options,
    )
    from game.maps import MapError, find_map, load_battlefield
    from game.rules import UnknownRuleset, get_ruleset
    from game.saves.format import MAX_SEED

    if args.list_rules:
        try:
            specs = get_ruleset(args.ruleset or DEFAULT_RULESET).rule_options
        except UnknownRuleset as exc:
            return _fail(str(exc))
        asked = args.ruleset or DEFAULT_RULESET
        lines = describe_options(specs) or [f"the {asked} ruleset has none"]
        print("\n".join(lines))
        return 0
    try:
        args.rule_values = parse_assignments(args.rule)
    except RuleOptionError as exc:
        return _fail(str(exc))
    if not 0 <= args.seed <= MAX_SEED:
        return _fail(f"--seed must be between 0 and 2**63 − 1, got {args.seed}")
    if args.soak is not None:
        if args.save is not None:  # the soak keeps its saves to itself: say so, not ignore it
            return _fail("--save is not used with --soak (each soak battle's save is replayed)")
        return _soak(args)
    if args.map is None:
        return _fail("name a map (or use --soak N)")
    if args.games < 1 or args.games > 100_000:
        return _fail(f"--games must be between 1 and 100000, got {args.games}")
    if not 0 <= args.seed <= MAX_SEED - (args.games - 1):
        return _fail(f"--seed must be between 0 and 2**63 − 1 (for every game), got {args.seed}")
    try:
        path = find_map(args.map)
        battlefield = load_battlefield(path)
    except MapError as exc:
        lines = exc.lines() if hasattr(exc, "lines") else [str(exc)]
        return _fail(lines[0] if len(lines) == 1 else "; ".join(lines))
    except OSError as exc:
        return _fail(f"{args.map}: {exc.strerror or exc}")
    except Exception as exc:  # a loader bug must still not end in a traceback
        return _fail(f"{args.map}: could not load the map ({type(exc).__name__}: {exc})")
    ruleset = args.ruleset or battlefield.scenario.ruleset or DEFAULT_RULESET
    try:
        options = resolve_options(get_ruleset(ruleset).rule_options, args.rule_values, ruleset)
    except (UnknownRuleset, RuleOptionError) as exc:
        return _fail(str(exc))
    sides = [s.id for s in battlefield.scenario.sides]
    names = [n.strip() for n in args.ai.split(",")]
    if len(names) == 1:
        names = names * len(sides)
    if len(names) != len(sides):
        return _fail(f"--ai names {len(names)} AIs but {path.name} has {len(sides)} sides")
    try:
        for name in names:
            make_controller(name, 0, ruleset)
    except UnknownController as exc:
        return _fail(str(exc))

    if args.save is not None and not args.save.strip():
        return _fail("--save needs a file name")
    if args.cluster and args.save:
        return _fail("--save writes files where the games are played: not with --cluster")
    if args.log and args.json:  # the account would break the one JSON object
        return _fail("--log prints an account, --json one JSON object: use one of them")
    jobs = args.jobs if args.jobs is not None else default_jobs()
    if jobs < 1:
        return _fail(f"--jobs must be at least 1, got {jobs}")
    side_names = {s.id: s.name for s in battlefield.scenario.sides}
    spec = GameSpec(
        map_path=str(path),
        ruleset=ruleset,
        options=dict(options),
        ai=tuple(names),
        seed=args.seed,
        games=args.games,
        log=args.log,
        save=args.save,
    )
    named: dict[str | None, str] = {s: side_names[s] for s in sides}
    progress = Progress(args.games, named)
    progress.enabled = progress.enabled and not args.json and not args.log
    try:
        results = run_games(spec, jobs=jobs, cluster=args.cluster, on_result=progress)
    except MapError as exc:  # the ruleset could not play the map (zones' hazards, …)
        return _fail(exc.lines()[0] if exc.problems else str(exc))
    except OSError as exc:
        return _fail(f"--cluster {args.cluster}: {exc}")
    finally:
        progress.close()
    return _report(args, path.name, ruleset, options, names, side_names, sides, results)


def _report(
    args: argparse.Namespace,
    map_name: str,
    ruleset: str,
    options: dict[str, str],
    names: list[str],
    side_names: dict[str, str],
    sides: list[str],
    results: list[GameResult],
) -> int:
    """Print the games and the summary (``--json``: one object) in game order."""
    wins: dict[str, int] = {side_names[s]: 0 for s in sides}
    wins["draw"] = 0
    wins_by: dict[str, dict[str, int]] = {key: {} for key in wins}
    for r in results:
        if r.save_error:
            return _fail(r.save_error)
        key = side_names[r.winner] if r.winner else "draw"
        wins[key] += 1
        wins_by[key][r.decided_by] = wins_by[key].get(r.decided_by, 0) + 1
        if args.log:
            print(f"=== game {r.index + 1} of {args.games}, seed {r.seed} ===")
            for line in r.log:
                print(line)
        elif not args.json:
            outcome = f"{key} win" if r.winner else "draw"
            after = counted(r.rounds, "round")
            print(f"game {r.index + 1} (seed {r.seed}): {outcome} after {after} ({r.decided_by})")
    mean = round(sum(r.rounds for r in results) / len(results), 3)
    first = results[0]
    if args.json:
        from game.ai.core.stats import wilson

        sided = [side_names[s] for s in sides]
        out = {
            "map": map_name,
            "ruleset": ruleset,
            **({"rules": options} if options else {}),
            "ai": names,
            "games": args.games,
            "wins": wins,
            "wins_by": wins_by,
            "win_rate": {n: round(wins[n] / args.games, 4) for n in sided},
            "win_rate_ci": {n: [round(x, 4) for x in wilson(wins[n], args.games)] for n in sided},
            "rounds_mean": mean,
            "seed": first.seed,
            "winner": side_names[first.winner] if first.winner else None,
            "rounds": first.rounds,
            "answers": first.answers,
            "state_hash": first.state_hash,
        }
        print(json.dumps(out, sort_keys=True))
    else:
        summary = ", ".join(f"{k} {v}" for k, v in wins.items())
        decided = "; ".join(
            f"{key} by " + ", ".join(f"{k} {v}" for k, v in sorted(by.items()))
            for key, by in wins_by.items()
            if by
        )
        print(
            f"{args.games} games on {map_name} ({ruleset}): {summary}; mean rounds {mean}"
            f" ({decided})"
        )
    return 0


def _soak(args: argparse.Namespace) -> int:
    from game.maps import MapError, find_map, shipped_maps_dir
    from game.saves.soak import run_soak

    if not 1 <= args.soak <= 100_000:
        return _fail(f"--soak must be between 1 and 100000, got {args.soak}")
    try:
        maps = [find_map(args.map)] if args.map else sorted(shipped_maps_dir().glob("*.tmx"))
    except MapError as exc:
        return _fail(str(exc).splitlines()[0])
    if not maps:
        return _fail(f"no maps to soak in {shipped_maps_dir()}")
    from game.engine.options import RuleOptionError, resolve_options
    from game.rules import UnknownRuleset, get_ruleset

    ruleset = args.ruleset or "grid"
    try:
        options = resolve_options(get_ruleset(ruleset).rule_options, args.rule_values, ruleset)
    except (UnknownRuleset, RuleOptionError) as exc:
        return _fail(str(exc))
    names = [n.strip() for n in args.ai.split(",")]
    return run_soak(maps, args.soak, args.seed, names, ruleset=ruleset, options=options)
