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
        type=Path,
        default=None,
        help="preselect this map (.tmx) in the menu",
    )
    parser.add_argument("--seed", type=int, default=None, help="preset the menu's seed")
    parser.add_argument(
        "--size", default=None, metavar="WxH", help="window size for this run, e.g. 1600x900"
    )


def _size(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size: expected WIDTHxHEIGHT like 1280x720, got {text!r}") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise ValueError(f"--size: {w}x{h} is outside 320x240 .. 7680x4320")
    return (w, h)


def run(args: argparse.Namespace) -> int:
    try:
        size = _size(args.size)
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
            print(f"{map_path}: no such map file")
            return 2
    # Imported here so that other commands never load pygame.
    from game.ui.main import run_game

    return run_game(map_path=map_path, seed=args.seed, size=size)
