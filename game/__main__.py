"""``python -m game`` / ``shieldwall``: the game's command line."""

from __future__ import annotations

import argparse
import os
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


READER_GONE = 128 + 13  # the shell's status for a program ended by SIGPIPE (13)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; a reader that stops reading early (``check-map ford | head
    -1``) ends it quietly, as Python's documentation advises (``signal`` · Note on
    SIGPIPE): no traceback, the rest of the output going nowhere, the status a program
    ended by SIGPIPE has (play-test 8: a BrokenPipeError traceback, now and then)."""
    try:
        status = _main(argv)
        sys.stdout.flush()  # here, not at exit, where a closed pipe is reported again
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python's last flush then writes nowhere
        return READER_GONE
    return status


def _main(argv: Sequence[str] | None) -> int:
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
