"""``python -m game play`` (also ``python -m game`` alone): open the game window."""

from __future__ import annotations

import argparse
from pathlib import Path

NAME = "play"
HELP = "open the game window (the default when no command is given)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "map",
        nargs="?",
        default=None,
        help="preselect this map (.tmx) in the menu",
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="preset the menu's seed, 0 … 2**63 − 1"
    )
    parser.add_argument(
        "--ruleset", default=None, help="preset the menu's ruleset (e.g. grid, clash)"
    )
    parser.add_argument(
        "--size", default=None, metavar="WxH", help="window size for this run, e.g. 1600x900"
    )


MIN_SIZE = (960, 540)  # the smallest window the game lays out (game.ui.settings.MIN_WINDOW)
MAX_SIZE = (7680, 4320)


def _size(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size: expected WIDTHxHEIGHT like 1280x720, got {text!r}") from None
    (lo_w, lo_h), (hi_w, hi_h) = MIN_SIZE, MAX_SIZE
    if not (lo_w <= w <= hi_w and lo_h <= h <= hi_h):
        raise ValueError(f"--size: {w}x{h} is outside {lo_w}x{lo_h} .. {hi_w}x{hi_h}")
    return (w, h)


def _check(args: argparse.Namespace) -> None:
    """``ValueError`` in one line for a seed a save could not keep or an unknown ruleset
    (play-test 3: ``--seed -1`` started a battle that could not be saved)."""
    from game.rulesets import ruleset_ids
    from game.saves.format import MAX_SEED

    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise ValueError(f"--seed must be between 0 and 2**63 − 1, got {args.seed}")
    known = ruleset_ids()
    if args.ruleset is not None and args.ruleset not in known:
        raise ValueError(f"--ruleset: no ruleset {args.ruleset!r} (known: {', '.join(known)})")


def run(args: argparse.Namespace) -> int:
    try:
        size = _size(args.size)
        _check(args)
    except ValueError as exc:
        print(f"shieldwall play: {exc}")
        return 2
    map_path: Path | None = None
    if args.map is not None:
        from game.maps import MapError, find_map

        try:
            map_path = find_map(args.map)
        except MapError as exc:
            print(exc.lines()[0] if exc.problems else str(exc))
            return 2
        if not map_path.is_file():
            print(_not_a_file(map_path, args.map))
            return 2
    # Imported here so that other commands never load pygame.
    from game.ui.main import run_game

    return run_game(map_path=map_path, seed=args.seed, size=size, ruleset=args.ruleset)


def _not_a_file(path: Path, shown_as: str) -> str:
    """Why ``path`` is no map file, in check-map's words ("/tmp: file: is a directory,
    not a file"; play-test 8: play said "no such map file" of a folder)."""
    from game.maps import MapError, Problem
    from game.maps.xmlfiles import read_limited

    problems: list[Problem] = []
    read_limited(path, "file", problems)
    if not problems:  # it became a file meanwhile: say what it was not
        problems.append(Problem("file", "is not a regular file"))
    return MapError(path, problems).lines(shown_as)[0]
