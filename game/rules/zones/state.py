"""The components a unit carries in the ``zones`` ruleset (source 001)."""

from __future__ import annotations

from dataclasses import dataclass, field

# Hindrances (001 · Hinderance) in the order the card lists them.
WEAKENED = "weakened"
DISTRACTED = "distracted"
STUCK = "stuck"
PARALYSED = "paralysed"
HINDRANCES = (WEAKENED, DISTRACTED, STUCK, PARALYSED)

# Marks of a weapon before it breaks (README · Decisions: usages).
USAGES = 3


@dataclass(slots=True)
class Fighter:
    """The unit's stat block and what the fight has done to it.

    ``usages``: weapon id -> usages marked (a natural 1 on an attack marks one; at
    ``USAGES`` the weapon breaks). ``hindrances``: the hindrances on the unit now.
    ``ongoing``: it takes Ongoing Damage (its level) at the start of each of its turns.
    ``out``: why it is out of the fight ("" while it fights: "down", "fled", "parley").
    """

    STR: int
    DEX: int
    skill: int
    level: int
    hp: int
    max_hp: int
    causes_ongoing: bool
    weapons: list[str] = field(default_factory=list)
    usages: dict[str, int] = field(default_factory=dict)
    hindrances: list[str] = field(default_factory=list)
    ongoing: bool = False
    out: str = ""
    initiative: int = 0

    @property
    def dead(self) -> bool:
        """Down for good (0 HP: README · Decisions); the shared invariants read it."""
        return self.out == "down"

    @property
    def out_of_action(self) -> bool:
        return bool(self.out)

    @property
    def occupies_cell(self) -> bool:
        return not self.out


@dataclass(slots=True)
class TurnState:
    """What the unit has spent in its turn (001 · Action: a move and one action)."""

    moved: bool = False
    acted: bool = False
    disengaging: bool = False
    done: bool = False
