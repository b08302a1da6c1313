"""Components of a battle's esper world: plain dataclasses, one instance per unit.

Values that never change during a battle are frozen (``UnitId``, ``Name``, ``Side``,
``Template``, ``Stats``); what the engine mutates is not (``Position``, ``Health``,
``Loadout``, ``Budget``, ``Conditions``, ``Sight``). Only the engine's answer path
mutates them (DESIGN.md · The path of one decision). Mutable containers inside are
plain sets and lists so ``copy.deepcopy`` snapshots them (see ``game.world.snapshot``).

Rules named here are from source 004: Combat Action Types (budget), Go Prone, Grappling,
Screen an Ally, Total Defense, Disengage, Charge, Hold an Action, Shock (a shield
ignores the first Shock each round), Reload a Weapon, Morale.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.content.templates import UnitTemplate
from game.geometry.grid import Cell


@dataclass(frozen=True, slots=True)
class UnitId:
    """The unit's stable id ("bandit", "bandit-2" ...). Actions, events and saves name
    units by this, never by the esper entity number."""

    id: str


@dataclass(frozen=True, slots=True)
class Name:
    """The display name the map author gave the unit."""

    text: str


@dataclass(frozen=True, slots=True)
class Side:
    """The id of the side the unit fights for (a ``SideInfo.id`` of the scenario)."""

    id: str


@dataclass(frozen=True, slots=True)
class Template:
    """The id of the unit template the unit was built from."""

    id: str


@dataclass(frozen=True, slots=True)
class AiHint:
    """The map author's hint for the AI ("hold", "guard", "aggressive", ...)."""

    hint: str


@dataclass(frozen=True, slots=True)
class Leader:
    """Marks the side's leader as the map author placed it."""


@dataclass(slots=True)
class Position:
    """The unit's square on the grid."""

    x: int
    y: int

    @property
    def cell(self) -> Cell:
        return (self.x, self.y)

    def move_to(self, cell: Cell) -> None:
        self.x, self.y = cell


@dataclass(frozen=True, slots=True)
class Stats:
    """Numbers derived from the template when the battle is built. ``ac`` is the unit's
    AC before situational changes (Total Defense +2, Charge -2). ``template`` gives the
    rules helpers: ``stats.template.attack_modifier(weapon)`` and friends."""

    template: UnitTemplate
    party: bool
    hd: int
    attack_bonus: int
    ac: int
    speed_ft: int
    size: str
    morale: int
    fearless: bool
    trained: bool
    save: int

    @classmethod
    def from_template(cls, template: UnitTemplate) -> Stats:
        return cls(
            template=template,
            party=template.is_party,
            hd=template.hd,
            attack_bonus=template.attack_bonus,
            ac=template.ac,
            speed_ft=template.speed_ft,
            size=template.size,
            morale=template.morale,
            fearless=template.fearless,
            trained=template.trained,
            save=template.save,
        )

    @property
    def speed_squares(self) -> int:
        return self.speed_ft // 5

    def modifier(self, attribute: str) -> int:
        return self.template.modifier(attribute)

    def skill(self, name: str) -> int:
        return self.template.skill(name)


@dataclass(slots=True)
class Health:
    """Hit points. At 0 a unit is down: the party is mortally wounded, NPCs die."""

    hp: int
    max_hp: int

    @property
    def down(self) -> bool:
        return self.hp <= 0

    @property
    def wounded(self) -> bool:
        return self.hp < self.max_hp


@dataclass(slots=True)
class Loadout:
    """What the unit carries. ``readied`` weapons are in hand (the first is the one used by
    default; two readied one-handed weapons is dual wielding); ``stowed`` ones need a
    Ready action. ``unloaded`` holds ranged weapons that must be reloaded before the next
    shot (004 · Reload a Weapon). Unarmed attacks need no entry: they are always there."""

    readied: list[str]
    stowed: list[str] = field(default_factory=list)
    armour: str | None = None
    shield: str | None = None
    unloaded: set[str] = field(default_factory=set)
    dropped: list[str] = field(default_factory=list)  # dropped on going prone / disarmed

    @property
    def main_weapon(self) -> str | None:
        return self.readied[0] if self.readied else None


@dataclass(slots=True)
class Budget:
    """Actions spent this round (004 · Combat Action Types): one Main, one Move, and the
    Main may be spent on a second Move; Free actions are counted only so a ruleset can
    cap them. Reset at the start of the unit's turn."""

    main_used: bool = False
    move_used: bool = False
    second_move_used: bool = False  # the Move bought with the Main action
    free_used: int = 0
    squares_moved: int = 0

    @property
    def can_main(self) -> bool:
        return not self.main_used

    @property
    def can_move(self) -> bool:
        return not self.move_used or not self.main_used

    def spend_move(self) -> None:
        """Spend the Move action, or the Main action as a second Move when it is gone."""
        if not self.move_used:
            self.move_used = True
        elif not self.main_used:
            self.main_used = True
            self.second_move_used = True
        else:
            raise ValueError("no Move or Main action left this round")

    def reset(self) -> None:
        self.main_used = False
        self.move_used = False
        self.second_move_used = False
        self.free_used = 0
        self.squares_moved = 0


@dataclass(slots=True)
class Conditions:
    """Everything that is on or off about a unit. Unit references are UnitId strings.

    Round-scoped flags (``disengaged``, ``charging``, ``shock_ignored``, ``screens_used``,
    ``held_action``) are cleared by ``new_round``; ``total_defense`` and ``screening``
    last until the start of the unit's next turn (``start_turn``)."""

    prone: bool = False
    grappled_by: set[str] = field(default_factory=set)
    grappling: str | None = None
    total_defense: bool = False
    screening: str | None = None  # the ward this unit screens
    screens_used: int = 0
    disengaged: bool = False
    charging: bool = False  # AC -2 until the end of the round
    held_action: bool = False
    shock_ignored: bool = False  # a shield has already stopped one Shock this round
    surprised: bool = False
    mortally_wounded: bool = False  # dying: dies when ``mortal_rounds_left`` runs out
    mortal_rounds_left: int = 0  # end-of-round ticks left to a dying unit (a countdown)
    stabilised: bool = False  # was dying, tended: no longer dying, still out of the fight
    unconscious: bool = False
    fled: bool = False
    surrendered: bool = False
    dead: bool = False

    @property
    def out_of_action(self) -> bool:
        """No longer fighting: dead, dying, stabilised, knocked out, fled or surrendered."""
        return (
            self.dead
            or self.mortally_wounded
            or self.stabilised
            or self.unconscious
            or self.fled
            or self.surrendered
        )

    @property
    def occupies_cell(self) -> bool:
        """Still on the field in its square (the fled have left it, the dead lie there but
        do not block; a surrendered unit still stands)."""
        return not (
            self.dead or self.fled or self.mortally_wounded or self.stabilised or self.unconscious
        )

    @property
    def grappled(self) -> bool:
        return bool(self.grappled_by)

    def start_turn(self) -> None:
        self.total_defense = False
        self.screening = None

    def new_round(self) -> None:
        self.disengaged = False
        self.charging = False
        self.shock_ignored = False
        self.screens_used = 0
        self.held_action = False


@dataclass(slots=True)
class Sight:
    """Cache of the cells this unit sees, refreshed by the visibility system when it or
    the blocking layout changes. ``origin`` is the cell it was computed from and
    ``version`` the battlefield's blocking-layout version at that time."""

    visible: frozenset[Cell] | None = None
    origin: Cell | None = None
    version: int = -1

    def invalidate(self) -> None:
        self.visible = None
        self.origin = None
        self.version = -1

    def is_fresh(self, origin: Cell, version: int) -> bool:
        return self.visible is not None and self.origin == origin and self.version == version


# Components every unit gets from build_world, in this order.
UNIT_COMPONENTS: tuple[type, ...] = (
    UnitId,
    Name,
    Side,
    Template,
    Position,
    Stats,
    Health,
    Loadout,
    Budget,
    Conditions,
    Sight,
)
