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
    "Declare first: every unit says what it will do, then quick actions go before full "
    "ones, and a unit that makes its DEX save acts before the enemies. Save to go first: "
    "simpler; each unit saves DEX to go before the enemy and then does all it does at once.",
    ("Declare first", "Save to go first"),
)
MELEE_CLASHES = RuleOption(
    "melee_clashes",
    "Melee clashes",
    "off",
    ON_OFF,
    "On: melee blows land in weapon order: reach weapons, then slow, balanced and fast "
    "ones when closing in, the other way round once already close; an advantaged blow "
    "before a normal one before a hampered one.",
)
BLOCKING_DODGING = RuleOption(
    "blocking_dodging",
    "Blocking and dodging",
    "simple",
    ("simple", "restricted", "graded"),
    "Simple: a block hampers fast and balanced weapons, a dodge slow and balanced ones. "
    "Restricted: blocking needs a balanced or slow melee weapon or a shield, and there is "
    "no dodging in the heaviest armor or with a slow weapon. Graded: those same conditions "
    "decide whether a block or dodge only hampers the blow or stops it.",
    ("Simple", "Restricted", "Graded"),
)
CRITICAL = RuleOption(
    "critical",
    "Critical damage",
    "d6",
    ("d6", "locations"),
    "One die: a critical hit kills, knocks out or spares the unit on one roll. Hit "
    "locations: where the blow lands (head, arm, leg...) decides its effect, and the "
    "injury stays with the unit.",
    ("One die", "Hit locations"),
)
REACTIONS = RuleOption(
    "reactions",
    "Who may react",
    "everyone",
    ("everyone", "party"),
    "Everyone: every unit may fight back, block, dodge or parry. Party only: only the "
    "player's party may; their enemies take the blows.",
    ("Everyone", "Party only"),
)
WOUNDS = RuleOption(
    "wounds",
    "Wounds",
    "on",
    ON_OFF,
    "On: creatures that burn, poison, freeze or shock leave a wound when a critical hit "
    "gets through; a wound takes an inventory slot and can grow worse.",
)
MORALE = RuleOption(
    "morale",
    "Morale",
    "on",
    ON_OFF,
    "On: a side saves WIL at its first loss and again at half strength; a unit that fails "
    "runs away.",
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
