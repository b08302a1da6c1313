"""``python -m game`` / ``shieldwall``: the game's command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from game.cli import load_commands


class _Parser(argparse.ArgumentParser):
    """argparse that reports a wrong flag in one line and exits 2 (no usage dump)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="shieldwall",
        description="Shieldwall: tactical grid combat. With no subcommand, starts the game.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in load_commands():
        sub = subparsers.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run, command_parser=sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:  # named by the subcommand they were given to (play-test 3)
        getattr(args, "command_parser", parser).error(f"unrecognized arguments: {' '.join(extra)}")
    run = getattr(args, "run", None)
    if run is None:
        from game.cli import COMMANDS

        if "play" in COMMANDS:
            return int(parser.parse_args(["play"]).run(parser.parse_args(["play"])))
        print(
            "Shieldwall: the battle screen is not built yet. What works today: "
            + ", ".join(f"'shieldwall {c.replace('_', '-')}'" for c in COMMANDS)
            + " (see --help)."
        )
        return 0
    try:
        return int(run(args))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
