"""Command-line subcommands of ``python -m game``.

Each subcommand is a module with ``NAME``, ``HELP``, ``add_arguments(parser)``
and ``run(args) -> int``. Only commands that work are listed in ``COMMANDS``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

# Module names under game.cli, in the order --help lists them.
COMMANDS: tuple[str, ...] = ("play", "check_map", "simulate", "replay", "bench")


def load_commands() -> list[ModuleType]:
    return [importlib.import_module(f"game.cli.{name}") for name in COMMANDS]
