"""Items: Ready or Stow an Item (Main), Pick up an Item (Move, provokes), and weapons
dropped on the ground (004 · Ready or Stow an Item, Pick up an Item, Stand Up).

Item model (decision; the source leaves it to the GM): only weapons are items. A weapon
on the ground is an esper entity with a ``GroundItem`` component (weapon id, the unit
that dropped it, the cell; ``game.world.ground``, shared with the other rulesets). A
unit that is killed, mortally wounded, knocked out or surrenders drops the weapons in
its hands on its square; natural weapons and bare hands never drop. Units that flee take
their gear with them. A thrown weapon leaves the thrower's hand and lies on the target's
square, hit or miss (``LandThrown``); arrows and bolts are not counted. The items on the
ground are part of ``state_hash`` (``hooks.hash``).

Hands (decision): two hands; a shield takes one for the whole battle, a two-handed weapon
takes both, any other weapon one; natural weapons take none. Readying or picking up a
weapon sheathes whatever is in the way into the stowed gear at no cost (the source says
sheathing needs no action). A two-handed weapon cannot be readied with a shield on.
At the start a unit holds its template's weapons in order as far as its hands allow; the
rest are stowed (``arm``).

- Ready: a stowed weapon goes to hand. Stow: a weapon in hand goes to the pack.
- Pick up: a weapon lying on the unit's square or an adjacent one (within melee range)
  goes to hand. Adjacent armed enemies get an attack of opportunity (unless disengaged).
- Stand Up also picks up what the unit itself dropped on its own square.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import esper

from game.engine.answers import Answer, register_answer
from game.engine.events import Died, Downed, Event, LeftBattle, Note
from game.engine.seam import ActionSpec, Flow
from game.engine.systems import System
from game.geometry.grid import Cell
from game.rules.grid import budget, units
from game.rules.grid.events import AttackDeclared
from game.rules.grid.opportunity import provoke
from game.world import ground
from game.world.ground import GroundItem

if TYPE_CHECKING:
    from game.content.weapons import Weapon
    from game.engine.context import Context
    from game.rules.grid import GridRuleset


@dataclass(frozen=True, slots=True)
class ItemDropped(Event):
    kind: ClassVar[str] = "item_dropped"
    unit: str
    who: str
    weapon: str
    name: str
    cell: Cell

    def text(self) -> str:
        return f"{self.who} drops {self.name}"


@dataclass(frozen=True, slots=True)
class ItemLanded(Event):
    """A thrown weapon has left its thrower's hand and lies on ``cell`` (the target's)."""

    kind: ClassVar[str] = "item_landed"
    unit: str
    who: str
    weapon: str
    name: str
    cell: Cell
    whom: str

    def text(self) -> str:
        return f"{self.who}'s {self.name} lands at {self.whom}'s feet"


@register_answer
@dataclass(frozen=True, slots=True)
class ReadyItem(Answer):
    kind: ClassVar[str] = "ready_item"
    label: ClassVar[str] = "Ready Item"
    unit: str
    weapon: str


@register_answer
@dataclass(frozen=True, slots=True)
class StowItem(Answer):
    kind: ClassVar[str] = "stow_item"
    label: ClassVar[str] = "Stow Item"
    unit: str
    weapon: str


@register_answer
@dataclass(frozen=True, slots=True)
class PickUpItem(Answer):
    kind: ClassVar[str] = "pick_up_item"
    label: ClassVar[str] = "Pick up Item"
    unit: str
    weapon: str
    at: Cell


# -- the ground ----------------------------------------------------------------------------
def ground_items(ctx: Context) -> list[tuple[int, GroundItem]]:
    """Every item on the ground, in a fixed order (cell, weapon, owner)."""
    return ground.ground_items()


def items_at(ctx: Context, cell: Cell) -> list[tuple[int, GroundItem]]:
    return [(e, g) for e, g in ground_items(ctx) if g.cell == cell]


def drop(ctx: Context, unit: str, weapon_id: str) -> None:
    """``unit`` lets go of a readied weapon: it lies on the unit's square."""
    loadout = units.loadout(ctx, unit)
    if weapon_id in loadout.readied:
        loadout.readied.remove(weapon_id)
    at = units.cell(ctx, unit)
    ground.lay(weapon_id, unit, at)
    w = units.weapon(ctx, weapon_id)
    ctx.emit(ItemDropped(unit=unit, who=units.name(ctx, unit), weapon=w.id, name=w.name, cell=at))


def droppable(ctx: Context, unit: str) -> list[str]:
    return [
        w
        for w in units.loadout(ctx, unit).readied
        if w in ctx.content.weapons
        and not units.weapon(ctx, w).natural
        and not units.weapon(ctx, w).unarmed
    ]


def pick_up_own(ctx: Context, unit: str) -> None:
    """Stand Up: take back what the unit dropped on its own square (as hands allow)."""
    for ent, item in items_at(ctx, units.cell(ctx, unit)):
        if item.owner == unit and hands_problem(ctx, unit, item.weapon, sheathe=False) is None:
            _take(ctx, unit, ent, item)


def _take(ctx: Context, unit: str, ent: int, item: GroundItem) -> None:
    make_room(ctx, unit, item.weapon)
    esper.delete_entity(ent, immediate=True)
    units.loadout(ctx, unit).readied.append(item.weapon)
    ctx.emit(Note(f"{units.name(ctx, unit)} picks up {units.weapon(ctx, item.weapon).name}", unit))


class DropOnFall(System):
    """Fallen and surrendering units drop the weapons in their hands."""

    def __init__(self) -> None:
        super().__init__(priority=15)
        self.handles = {Died: self.on_fall, Downed: self.on_fall, LeftBattle: self.on_fall}

    def on_fall(self, ctx: Context, event: Died | Downed | LeftBattle) -> None:
        if isinstance(event, LeftBattle) and event.how != "surrendered":
            return
        for w in droppable(ctx, event.unit):
            drop(ctx, event.unit, w)


class LandThrown(System):
    """A thrown weapon leaves the thrower's hand as the throw is declared and lies on the
    target's square, hit or miss, until someone picks it up."""

    def __init__(self) -> None:
        super().__init__(priority=15)
        self.handles = {AttackDeclared: self.on_attack}

    def on_attack(self, ctx: Context, event: AttackDeclared) -> None:
        if not event.thrown:
            return
        loadout = units.loadout(ctx, event.attacker)
        if event.weapon in loadout.readied:
            loadout.readied.remove(event.weapon)
        at = units.cell(ctx, event.target)
        ground.lay(event.weapon, event.attacker, at)
        w = units.weapon(ctx, event.weapon)
        ctx.emit(
            ItemLanded(
                unit=event.attacker,
                who=units.name(ctx, event.attacker),
                weapon=w.id,
                name=w.name,
                cell=at,
                whom=units.name(ctx, event.target),
            )
        )


def hash_items(ctx: Context) -> Any:
    return [[g.cell[0], g.cell[1], g.weapon, g.owner] for _, g in ground_items(ctx)]


# -- hands ---------------------------------------------------------------------------------
def _hands(w: Weapon) -> int:
    if w.natural or w.unarmed:
        return 0
    return 2 if w.two_handed else 1


def hands_free(ctx: Context, unit: str, without: tuple[str, ...] = ()) -> int:
    loadout = units.loadout(ctx, unit)
    used = 1 if loadout.shield else 0
    for w in loadout.readied:
        if w in ctx.content.weapons and w not in without:
            used += _hands(units.weapon(ctx, w))
    return 2 - used


def hands_problem(ctx: Context, unit: str, weapon_id: str, *, sheathe: bool = True) -> str | None:
    """Why ``unit`` cannot take ``weapon_id`` in hand (sheathing others if ``sheathe``)."""
    w = units.weapon(ctx, weapon_id)
    need = _hands(w)
    if need == 2 and units.loadout(ctx, unit).shield:
        return f"{w.name} needs both hands and a shield is on the arm"
    free = hands_free(ctx, unit, tuple(units.loadout(ctx, unit).readied) if sheathe else ())
    if free < need:
        return f"no free hand for {w.name}"
    return None


def sheathed_for(ctx: Context, unit: str, weapon_id: str) -> list[str]:
    """The readied weapons (last first) that taking ``weapon_id`` in hand sheathes."""
    readied = list(units.loadout(ctx, unit).readied)
    need = _hands(units.weapon(ctx, weapon_id))
    out: list[str] = []
    while hands_free(ctx, unit, tuple(out)) < need and readied:
        out.append(readied.pop())
    return out


def make_room(ctx: Context, unit: str, weapon_id: str) -> None:
    """Sheathe readied weapons (last first) until ``weapon_id`` fits (no action needed)."""
    loadout = units.loadout(ctx, unit)
    for w in sheathed_for(ctx, unit, weapon_id):
        loadout.readied.remove(w)
        loadout.stowed.append(w)
        ctx.emit(Note(f"{units.name(ctx, unit)} sheathes {units.weapon(ctx, w).name}", unit))


# -- actions -------------------------------------------------------------------------------
class ReadyItemSpec(ActionSpec):
    kind = "ready_item"
    label = "Ready Item"
    cost = "Main"
    provokes = False
    answer_type = ReadyItem
    target_kind = "none"

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = budget.unavailable(ctx, unit, budget.MAIN)
        if reason:
            return reason
        if not any(self._ok(ctx, unit, w) for w in units.loadout(ctx, unit).stowed):
            return "nothing stowed that could be readied"
        return None

    def _ok(self, ctx: Context, unit: str, w: str) -> bool:
        return w in ctx.content.weapons and hands_problem(ctx, unit, w) is None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        for w in units.loadout(ctx, unit).stowed:
            if self._ok(ctx, unit, w):
                yield ReadyItem(unit, w)

    def validate(self, ctx: Context, answer: ReadyItem) -> str | None:
        if answer.weapon not in units.loadout(ctx, answer.unit).stowed:
            return f"{answer.weapon!r} is not in {units.name(ctx, answer.unit)}'s pack"
        if answer.weapon not in ctx.content.weapons:
            return f"no weapon {answer.weapon!r}"
        return hands_problem(ctx, answer.unit, answer.weapon)

    def perform(self, ctx: Context, answer: ReadyItem) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN, self.label)
        loadout = units.loadout(ctx, answer.unit)
        make_room(ctx, answer.unit, answer.weapon)
        loadout.stowed.remove(answer.weapon)
        loadout.readied.insert(0, answer.weapon)
        name = units.weapon(ctx, answer.weapon).name
        ctx.emit(Note(f"{units.name(ctx, answer.unit)} readies {name}", answer.unit))
        return
        yield


class StowItemSpec(ActionSpec):
    kind = "stow_item"
    label = "Stow Item"
    cost = "Main"
    provokes = False
    answer_type = StowItem
    target_kind = "none"

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = budget.unavailable(ctx, unit, budget.MAIN)
        if reason:
            return reason
        return None if droppable(ctx, unit) else "nothing in hand to stow"

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        for w in droppable(ctx, unit):
            yield StowItem(unit, w)

    def validate(self, ctx: Context, answer: StowItem) -> str | None:
        if answer.weapon not in droppable(ctx, answer.unit):
            return f"{answer.weapon!r} is not in {units.name(ctx, answer.unit)}'s hands"
        return None

    def perform(self, ctx: Context, answer: StowItem) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN, self.label)
        loadout = units.loadout(ctx, answer.unit)
        loadout.readied.remove(answer.weapon)
        loadout.stowed.append(answer.weapon)
        name = units.weapon(ctx, answer.weapon).name
        ctx.emit(Note(f"{units.name(ctx, answer.unit)} stows {name}", answer.unit))
        return
        yield


class PickUpItemSpec(ActionSpec):
    kind = "pick_up_item"
    label = "Pick up Item"
    cost = "Move"
    provokes = True
    answer_type = PickUpItem
    target_kind = "cell"
    target_field = "at"

    def _near(self, ctx: Context, unit: str) -> list[tuple[int, GroundItem]]:
        here = units.cell(ctx, unit)
        return [(e, g) for e, g in ground_items(ctx) if units.distance(here, g.cell) <= 1]

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = budget.unavailable(ctx, unit, budget.MOVE)
        if reason:
            return reason
        near = self._near(ctx, unit)
        if not near:
            return "no item within reach"
        if all(hands_problem(ctx, unit, g.weapon) for _, g in near):
            return hands_problem(ctx, unit, near[0][1].weapon)
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        seen: set[tuple[str, Cell]] = set()
        for _, g in self._near(ctx, unit):
            if (g.weapon, g.cell) not in seen and hands_problem(ctx, unit, g.weapon) is None:
                seen.add((g.weapon, g.cell))
                yield PickUpItem(unit, g.weapon, g.cell)

    def _find(self, ctx: Context, answer: PickUpItem) -> tuple[int, GroundItem] | None:
        for e, g in self._near(ctx, answer.unit):
            if g.weapon == answer.weapon and g.cell == answer.at:
                return e, g
        return None

    def validate(self, ctx: Context, answer: PickUpItem) -> str | None:
        if self._find(ctx, answer) is None:
            return f"no {answer.weapon!r} lying within reach at {answer.at}"
        return hands_problem(ctx, answer.unit, answer.weapon)

    def perform(self, ctx: Context, answer: PickUpItem) -> Flow:
        budget.spend(ctx, answer.unit, budget.MOVE, self.label)
        yield from provoke(ctx, answer.unit)
        if not units.in_fight(ctx, answer.unit):
            return
        found = self._find(ctx, answer)
        if found is not None:
            _take(ctx, answer.unit, found[0], found[1])


def arm(ctx: Context, unit: str) -> None:
    """The weapons ``unit`` holds when the battle starts: those its template lists, in that
    order, as long as they fit its hands (a shield takes one, a two-handed weapon both,
    natural weapons none); the rest are slung or sheathed (stowed) until readied."""
    loadout = units.loadout(ctx, unit)
    carried = [*loadout.readied, *loadout.stowed]
    loadout.readied, loadout.stowed = [], []
    for w in carried:
        if w in ctx.content.weapons and hands_problem(ctx, unit, w, sheathe=False) is None:
            loadout.readied.append(w)
        else:
            loadout.stowed.append(w)


def setup(ctx: Context) -> None:
    for unit in ctx.units():
        arm(ctx, unit)
    for system in (DropOnFall(), LandThrown()):
        esper.add_processor(system, system.priority)


def install(rs: GridRuleset) -> None:
    """Start loadouts and the item systems (``hooks.setup``); items on the ground
    are hashed (``hooks.hash``)."""
    rs.hooks.setup.append(setup)
    rs.hooks.hash["items"] = hash_items
