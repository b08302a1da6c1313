"""The stress ruleset's house rules (the choices 002 leaves to the Referee), as
``RuleOption`` rows a menu lists and ``--rule NAME=VALUE`` sets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.options import ON_OFF, RuleOption

if TYPE_CHECKING:
    from game.engine.context import Context

SHARED_INITIATIVE = RuleOption(
    "shared_initiative",
    "Shared initiative",
    "off",
    ON_OFF,
    "On: identical monsters (the same kind on the same side, not the party) share one "
    "initiative roll, so a pack acts together.",
)
MORALE = RuleOption(
    "morale",
    "Morale",
    "on",
    ON_OFF,
    "On: at the end of each round the computer's units check their nerve when badly hurt "
    "or outnumbered; a unit that fails runs away.",
)

OPTIONS: tuple[RuleOption, ...] = (SHARED_INITIATIVE, MORALE)


def on(ctx: Context, option: RuleOption) -> bool:
    return ctx.options.get(option.name, option.default) == "on"
