"""The zones ruleset's house rules (the other way of each choice 001 leaves open), as
``RuleOption`` rows a menu lists and ``--rule NAME=VALUE`` sets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.options import RuleOption

if TYPE_CHECKING:
    from game.engine.context import Context

ROLLS = RuleOption(
    "rolls",
    "Who rolls",
    "party",
    ("party", "attacker"),
    "Party: the player's party rolls every die, to hit when it attacks and to dodge when "
    "it is attacked; fights between two other sides are rolled by the attacker. "
    "Attacker: every attacker rolls to hit, whichever side it is on (even for two "
    "players at one screen).",
    ("The party rolls", "Attackers roll"),
)
SIDE_ROLL = RuleOption(
    "side_roll",
    "Which side begins",
    "battle",
    ("battle", "round"),
    "Once: one roll at the start decides which side acts first for the whole battle. "
    "Every round: the sides roll again at the start of each round.",
    ("Once", "Every round"),
)
MORALE = RuleOption(
    "morale",
    "Morale",
    "enemies",
    ("enemies", "everyone", "off"),
    "When a side loses its leader or half its fighters, each of its fighters tests its "
    "Skill; a failure flees or asks for parley. Enemies: only the sides that are not "
    "the player's party. Everyone: the party too. Off: no morale tests.",
    ("Enemies", "Everyone", "Off"),
)
REACTIONS = RuleOption(
    "reactions",
    "Reaction roll",
    "map",
    ("map", "roll", "off"),
    "Each side whose mind is not made up rolls a d10 at the start: hostile sides fight, "
    "wary ones hold their ground until harmed, curious ones strike no one until harmed, "
    "kind and helpful ones leave in peace. Map: the sides the map marks undecided roll. "
    "Roll: every side that is not the player's party rolls. Off: every side fights.",
    ("Map", "Roll", "Off"),
)

OPTIONS: tuple[RuleOption, ...] = (ROLLS, SIDE_ROLL, MORALE, REACTIONS)


def rule(ctx: Context, option: RuleOption) -> str:
    """The battle's value of ``option`` (its default when the battle has none)."""
    return ctx.options.get(option.name, option.default)
