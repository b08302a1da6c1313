"""Threat (004 · Combat Action Types, Run): the squares each unit's melee reach covers.

A unit threatens the squares within its reach (1, 2 with a Long weapon) that it can see
from its own, while it is in the fight with a readied armed melee weapon (natural weapons
count, bare hands do not, and nothing while grappling or grappled:
``units.threatening_weapons``). Leaving a threatened square for one that is not provokes
an attack of opportunity; a provoking action does so next to the threatener
(``opportunity``).

``Threat`` is a component of every unit, kept by the Threat system (``ThreatWatch``): it
recomputes a unit's squares whenever what they depend on may have changed — the unit
moved (``Moved``), fell or left the fight (``Downed``, ``Died``, ``LeftBattle``: the
fallen also drop their weapons and let go of grapples), threw a weapon (it leaves the
hand as the throw is declared: ``AttackDeclared``), readied, stowed or picked one up, or
took or lost a hold (the rules say so with a ``Note``) — and at every action's start and
turn's start (``BudgetSpent``, ``UnitActivated``), so a change made any other way (a test
setting a loadout by hand) is seen before anyone steps. The squares depend only on the
unit's square, its reach and the terrain (``ctx.grid.version``), so a unit whose three
are as before keeps its component untouched. The system runs after every other one handling the same
event (grapples ended on a death, weapons dropped), and emits nothing.

Readers: the provocation checks (``opportunity``), the path preview
(``GridRuleset.provocations``), and anything drawing or weighing threatened squares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from game.engine.events import Died, Downed, LeftBattle, Moved, Note, UnitActivated
from game.engine.systems import System
from game.geometry.grid import Cell
from game.rules.grid import units
from game.rules.grid.events import AttackDeclared, BudgetSpent

if TYPE_CHECKING:
    from game.engine.context import Context


@dataclass(frozen=True, slots=True)
class Threat:
    """``cells``: the squares the unit threatens now (empty when it threatens none);
    ``cell``, ``reach`` and ``terrain`` (the grid's version): what they were computed
    from. A value: the system replaces it when it changes (so a forked battle shares it
    until then)."""

    cell: Cell
    reach: int
    terrain: int
    cells: frozenset[Cell]

    def covers(self, at: Cell) -> bool:
        return at in self.cells


def threat(ctx: Context, unit: str) -> Threat:
    return ctx.get(unit, Threat)


def reach_now(ctx: Context, unit: str) -> int:
    """The unit's threatening reach now: 0 out of the fight or with no armed melee weapon."""
    return units.melee_reach(ctx, unit) if units.in_fight(ctx, unit) else 0


def covered_cells(ctx: Context, here: Cell, reach: int) -> frozenset[Cell]:
    """The squares within ``reach`` of ``here`` that a unit on ``here`` can see."""
    if reach <= 0:
        return frozenset()
    x0, y0 = here
    return frozenset(
        c
        for c in (
            (x, y)
            for y in range(y0 - reach, y0 + reach + 1)
            for x in range(x0 - reach, x0 + reach + 1)
        )
        if ctx.grid.in_bounds(c) and ctx.sight.sees(here, c)
    )


def reckon(ctx: Context, unit: str) -> Threat:
    """``unit``'s ``Threat`` worked out afresh from the state now."""
    here, reach = units.cell(ctx, unit), reach_now(ctx, unit)
    return Threat(here, reach, ctx.grid.version, covered_cells(ctx, here, reach))


def refresh(ctx: Context, unit: str) -> None:
    """Bring ``unit``'s ``Threat`` up to date (untouched when what it depends on is)."""
    t = threat(ctx, unit)
    here, reach = units.cell(ctx, unit), reach_now(ctx, unit)
    if t.cell != here or t.reach != reach or t.terrain != ctx.grid.version:
        cells = covered_cells(ctx, here, reach)
        esper.add_component(ctx.entity(unit), Threat(here, reach, ctx.grid.version, cells))


def refresh_all(ctx: Context) -> None:
    for unit in ctx.units():
        refresh(ctx, unit)


class ThreatWatch(System):
    """The Threat system (see the module's docstring)."""

    def __init__(self) -> None:
        super().__init__(priority=1)
        on = self.on_event
        self.handles = {
            kind: on
            for kind in (
                Moved,
                Downed,
                Died,
                LeftBattle,
                Note,
                AttackDeclared,
                BudgetSpent,
                UnitActivated,
            )
        }

    def on_event(self, ctx: Context, event: object) -> None:
        refresh_all(ctx)


def setup(ctx: Context) -> None:
    """A ``Threat`` for every unit, computed once the units hold their start loadouts
    (run after the rest of the set-up), and the system that keeps it."""
    for unit in ctx.units():
        esper.add_component(ctx.entity(unit), reckon(ctx, unit))
    system = ThreatWatch()
    esper.add_processor(system, system.priority)
