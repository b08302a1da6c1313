"""The components of a factions unit (003): its stat block, its health, what it has done
this round (``Turn``) and what befell it in the battle (``Fate``), and its gear's wear
(``Gear``). Mutable ones hold only values and flat containers of values (forks copy them).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Stats:
    """The stat block (003 · stat blocks): STR, AGI, WIT, armour, fearless."""

    STR: int
    AGI: int
    WIT: int
    armour: int
    fearless: bool


@dataclass(slots=True)
class Health:
    """Hit points; at 0 the unit is incapacitated (README · Decisions)."""

    hp: int
    max_hp: int


@dataclass(slots=True)
class Turn:
    """What the unit has done this round (003 · Taking a turn): ``acted`` (its turn is
    under way or taken, or spent on a reaction: ``reacted``; set as the turn begins, so
    the acting unit is neither offered again nor reacts, while the screen's "Acted" marker
    waits for the turn's end), its ``bonus`` actions, its ``main`` action, its ``moved``
    zone, and whether it ``peeked`` out from behind a barrier to attack (it then has only
    cover there until the round ends), and whether it was ``unseen`` by every enemy when
    its turn began (it may Hide: ``sneak.HideSpec``)."""

    acted: bool = False
    reacted: bool = False
    bonus: int = 0
    main: bool = False
    moved: bool = False
    peeked: bool = False
    unseen: bool = False


@dataclass(slots=True)
class Fate:
    """What befell the unit: ``incapacitated`` (0 HP), ``dead`` (a final blow),
    ``surrendered``, ``fled`` (retreated off the field), ``immune`` (passed a morale check:
    no more checks), ``concealed`` (ambushing, hidden from the enemy), ``prone`` (knocked
    down: loses its next move), ``stuck`` (in a hazard zone: loses its next move),
    ``crippled`` (its blows are impaired), ``grabbed_by`` /
    ``holding`` (a grapple)."""

    incapacitated: bool = False
    dead: bool = False
    surrendered: bool = False
    fled: bool = False
    immune: bool = False
    concealed: bool = False
    prone: bool = False
    crippled: bool = False
    stuck: bool = False
    grabbed_by: str = ""
    holding: str = ""

    @property
    def out(self) -> bool:
        return self.incapacitated or self.dead or self.surrendered or self.fled

    @property
    def out_of_action(self) -> bool:
        """Out of the fight (the name other rulesets' conditions share)."""
        return self.out

    @property
    def occupies_cell(self) -> bool:
        """The standing and the surrendered hold their square; the fallen and fled not."""
        return not (self.incapacitated or self.dead or self.fled)


@dataclass(slots=True)
class Gear:
    """The unit's weapons (``weapons``: all it carries; ``held``: those in its hands,
    README · Decisions "hands"), what it dropped, and the wear of its gear (003 · Combat
    gear degradation): ``damaged`` and ``broken`` item ids (weapons, the ``shield``, the
    ``armour``), and the items ``used`` at least once this battle."""

    weapons: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    shield: int = 0  # armour points the shield gives
    armour: int = 0  # armour points the body armour gives
    damaged: set[str] = field(default_factory=set)
    broken: set[str] = field(default_factory=set)
    used: set[str] = field(default_factory=set)
