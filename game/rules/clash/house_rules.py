"""The clash ruleset's house rules (000's optional rules and the choices it leaves to the
table), as ``RuleOption`` rows a menu lists and ``--rule NAME=VALUE`` sets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.options import ON_OFF, RuleOption

if TYPE_CHECKING:
    from game.engine.context import Context

INITIATIVE = RuleOption(
    "initiative",
    "Turn order",
    "declared",
    ("declared", "dex_save"),
    "declared: everyone declares, quick turns before full turns, DEX saves to beat the "
    "enemies (000 · Initiative & Actions); dex_save: the plain 'DEX save to go before the "
    "enemy', each unit acting in full when its turn comes.",
)
MELEE_CLASHES = RuleOption(
    "melee_clashes",
    "Melee clashes",
    "off",
    ON_OFF,
    "Order melee attacks by weapon: Reach, slow, balanced, fast when closing in; reversed "
    "when already Close; enhanced before normal before impaired (000 · Optional Rule: "
    "Melee Clashes).",
)
BLOCKING_DODGING = RuleOption(
    "blocking_dodging",
    "Blocking and dodging",
    "simple",
    ("simple", "restricted", "graded"),
    "simple: block impairs fast/balanced, dodge impairs slow/balanced; restricted: block "
    "needs a balanced/slow melee weapon or a shield, no dodging in Armor 3 or with a slow "
    "weapon; graded: those conditions decide between impairing and negating (000 · "
    "Optional Rule: Blocking & Dodging).",
)
CRITICAL = RuleOption(
    "critical",
    "Critical damage",
    "d6",
    ("d6", "locations"),
    "d6: die / incapacitated / not today; locations: the d10 hit locations with their "
    "effects and an Injury in the inventory (000 · Optional rule: Critical Hit Locations).",
)
REACTIONS = RuleOption(
    "reactions",
    "Who may react",
    "everyone",
    ("everyone", "party"),
    "everyone: every unit may fight back, block, dodge or parry; party: only the party "
    "side's units (000 gives them to player characters, 'some enemies' too).",
)
WOUNDS = RuleOption(
    "wounds",
    "Wounds",
    "on",
    ON_OFF,
    "Units with a wound kind inflict it on a failed Critical Damage save (000 · Wounds).",
)
MORALE = RuleOption(
    "morale",
    "Morale",
    "on",
    ON_OFF,
    "A side saves WIL at its first loss and at half strength, or flees (decision: Cairn's "
    "morale; 000 is silent).",
)

OPTIONS: tuple[RuleOption, ...] = (
    INITIATIVE,
    MELEE_CLASHES,
    BLOCKING_DODGING,
    CRITICAL,
    REACTIONS,
    WOUNDS,
    MORALE,
)


def rule(ctx: Context, option: RuleOption) -> str:
    """The battle's value of ``option`` (its default when the battle has none)."""
    return ctx.options.get(option.name, option.default)


def on(ctx: Context, option: RuleOption) -> bool:
    return rule(ctx, option) == "on"
