"""The ``grid`` ruleset's own components (source 004), added to every unit when the
battle is built (``build_unit``): the template's numbers (``Stats``), hit points
(``Health``), the round's action budget (``Budget``) and the conditions (``Conditions``).

The shared world (``game.world.components``) holds what every ruleset has; these are
004's: Combat Action Types (budget), Go Prone, Grappling, Screen an Ally, Total Defense,
Disengage, Charge, Hold an Action, Shock (a shield ignores the first Shock each round),
Reload a Weapon, Morale. Mutable ones are changed only by the engine's answer path.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import esper

from game.content.dice import Dice
from game.content.loader import Content
from game.content.templates import UnitTemplate


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


# The grid components every unit gets from ``build_unit``, in this order.
GRID_COMPONENTS: tuple[type, ...] = (Stats, Health, Budget, Conditions)


def roll_hp(hp: int | Dice, rng: random.Random) -> int:
    """The unit's hit points: a fixed number, or the template's dice rolled (at least 1)."""
    return hp if isinstance(hp, int) else max(1, hp.roll(rng))


def build_unit(content: Content, template: UnitTemplate, rng: random.Random) -> tuple[object, ...]:
    """The grid components of one unit built from ``template``. Hit points given as dice
    are rolled with ``rng`` (one roll per unit, in spawn order, as ever), so the same seed
    builds the same units."""
    max_hp = roll_hp(template.hp, rng)
    return (Stats.from_template(template), Health(max_hp, max_hp), Budget(), Conditions())


class GridPresence:
    """The grid's ``Presence`` for a ``WorldHandle``: out of the fight and holding a
    square as the unit's ``Conditions`` say (read in the active world)."""

    def out_of_action(self, entity: int) -> bool:
        return esper.component_for_entity(entity, Conditions).out_of_action

    def occupies_cell(self, entity: int) -> bool:
        return esper.component_for_entity(entity, Conditions).occupies_cell
