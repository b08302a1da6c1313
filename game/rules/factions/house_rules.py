"""House rules of the factions ruleset (003's optional rules) as ``RuleOption`` rows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.options import ON_OFF, RuleOption

if TYPE_CHECKING:
    from game.engine.context import Context

FAST_SLOW = RuleOption(
    "fast_slow",
    "Fast and slow activations",
    "off",
    ON_OFF,
    "On: each round a d20 sets a threshold; first only characters whose WIT reaches it "
    "may act, then everyone who has not acted yet. Reactions are open to all.",
)
MORALE = RuleOption(
    "morale",
    "Morale",
    "on",
    ON_OFF,
    "On: a faction at half its number, or a lone character at half health, saves WIT at "
    "the end of the round; those who fail surrender or retreat.",
)

CHAOS = RuleOption(
    "chaos",
    "Chaos of combat",
    "off",
    ON_OFF,
    "On: a player has 15 seconds for each character's turn (a countdown on the screen); "
    "when it runs out, the character does nothing more this turn. The AI is not timed.",
)
CHAOS_SECONDS = 15.0

OPTIONS: tuple[RuleOption, ...] = (FAST_SLOW, MORALE, CHAOS)


def on(ctx: Context, option: RuleOption) -> bool:
    return ctx.options.get(option.name, option.default) == "on"
