"""Map objectives that decide battles, the same for every ruleset (maps/README.md ·
Objectives).

The rules, as the map contract states them:

- **hold** (``rounds`` N): a side *holds* the area at a round's end when one of its units
  in the fight stands in it and no unit of another side in the fight does. With N, the side
  (the objective's, or any side when it names none) that holds it at N round ends in a row
  wins. Without N it counts at the round limit: there each side counts the limit holds it
  holds (its own and those for any side); the side with the most wins, a tie is a draw.
- **reach** (``count`` N, default 1): N different units of the side have each stood in the
  area in the fight when an action ended (when the battle checks its end: after every
  action in ``grid``, after every moment in ``clash``). The side wins.
- **escape** (``count`` N, default half the side's units, rounded up): a unit of the side
  in the fight that stands in the area when an action ends leaves the map there
  (``OffMap``, ``Ruleset.leave_map``): saved, out of the fight, no casualty. The side wins
  when N have.
- **protect** (``unit`` U or the area; ``rounds`` N, default 1): with U, the side loses at
  once when U is out of the fight (escaping is not); without U, the side loses when the
  other sides hold the area (a unit of another side in it, none of the side's) at N round
  ends in a row. The other side wins (with several others: the one still in the fight,
  if only one is; otherwise a draw).

When several apply at the same check, the first in the map's order decides; objectives
come before "last side standing", and limit holds before the round limit's draw.

The progress (hold streaks, the units that reached or escaped) is ``ctx.objectives``: a
tuple of frozen ``Progress`` values, one per objective, replaced on each change (so a fork
copies it as a context field and ``state_hash`` covers it). Only neutral reads: the
ruleset's ``in_fight``, positions and sides.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

import esper

from game.engine.events import Event
from game.world.components import OffMap
from game.world.readers import cell, name, side, units_of

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.maps.battlefield import Objective

HOLD, REACH, ESCAPE, PROTECT = "hold", "reach", "escape", "protect"


@dataclass(frozen=True, slots=True)
class Progress:
    """One objective's progress: who holds it (hold; for protect, whoever of the others
    holds the guarded area) and for how many round ends in a row, and the units that
    reached it (reach) or left the map through it (escape)."""

    holder: str | None = None
    streak: int = 0
    units: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Decided:
    """The objective that ends the battle: ``winner`` (None: a draw) and why."""

    winner: str | None
    objective: str
    reason: str


@dataclass(frozen=True, slots=True)
class Escaped(Event):
    """A unit left the map through an escape objective (maps/README.md · Objectives)."""

    kind: ClassVar[str] = "escaped"
    tone: ClassVar[str] = "turn"
    unit: str
    who: str
    side: str
    objective: str
    saved: int
    needed: int

    def text(self) -> str:
        return f"{self.who} escapes by {self.objective} ({self.saved} of {self.needed} saved)"


@dataclass(frozen=True, slots=True)
class ObjectiveHeld(Event):
    """At a round's end, ``name`` holds an objective that counts rounds (``rounds`` of
    ``needed``); for a protected area, the enemy holds it."""

    kind: ClassVar[str] = "objective_held"
    tone: ClassVar[str] = "turn"
    objective: str
    side: str
    name: str
    rounds: int
    needed: int

    def text(self) -> str:
        return f"{self.name} hold {self.objective}: {self.rounds} of {self.needed} rounds"


# -- reading the board --------------------------------------------------------------------
def off_map(ctx: Context, unit: str) -> bool:
    """Whether the unit has escaped (left the map through an objective)."""
    return esper.try_component(ctx.entity(unit), OffMap) is not None


def fighting(ctx: Context, unit: str) -> bool:
    """In the fight by its ruleset's word and still on the map."""
    return not off_map(ctx, unit) and ctx.ruleset.in_fight(ctx, unit)


def holder(ctx: Context, objective: Objective) -> str | None:
    """The side whose units in the fight alone stand in the area, or None."""
    present = {
        side(ctx, u) for u in ctx.units() if cell(ctx, u) in objective.cells and fighting(ctx, u)
    }
    return next(iter(present)) if len(present) == 1 else None


def for_side(objective: Objective, side_id: str) -> bool:
    return objective.side is None or objective.side == side_id


def needed(ctx: Context, objective: Objective, side_id: str | None = None) -> int:
    """How many units must reach or escape (of ``side_id``: the objective's side, or the
    escaping unit's when it names none), or how many round ends a hold must last."""
    if objective.kind == HOLD or objective.kind == PROTECT:
        return objective.rounds or 1
    if objective.count:
        return objective.count
    who = objective.side or side_id
    if objective.kind == ESCAPE and who is not None:
        return (sum(1 for _ in units_of(ctx, who)) + 1) // 2
    return 1


def progress(ctx: Context) -> tuple[Progress, ...]:
    """Every objective's progress (fresh ones before the first check)."""
    state = ctx.objectives
    if state is None:
        return tuple(Progress() for _ in ctx.battlefield.objectives)
    return state


# -- the checks -----------------------------------------------------------------------------
def check(ctx: Context, *, round_end: bool = False) -> Decided | None:
    """Update the objectives' progress and return the one that decides the battle, if any:
    after every action (escapes, reaches, a protected unit's fall) and, with
    ``round_end``, once at each round's end (holds and protected areas count rounds)."""
    objectives = ctx.battlefield.objectives
    state = list(progress(ctx))
    for i, objective in enumerate(objectives):
        if objective.kind == ESCAPE:
            state[i] = _escapes(ctx, objective, state[i])
        elif objective.kind == REACH:
            state[i] = _reaches(ctx, objective, state[i])
        elif round_end and (
            objective.kind == PROTECT
            and objective.unit is None
            or objective.kind == HOLD
            and objective.rounds
        ):
            state[i] = _round_end(ctx, objective, state[i])
    ctx.objectives = tuple(state)
    for objective, prog in zip(objectives, state, strict=True):
        decided = _decides(ctx, objective, prog)
        if decided is not None:
            return decided
    return None


def at_limit(ctx: Context) -> Decided | None:
    """At the round limit: the side holding the most limit holds (holds without
    ``rounds``) wins; None when no side leads (the round limit's draw)."""
    limit_holds = [o for o in ctx.battlefield.objectives if o.kind == HOLD and not o.rounds]
    if not limit_holds:
        return None
    score: dict[str, list[str]] = {}
    for objective in limit_holds:
        who = holder(ctx, objective)
        if who is not None and for_side(objective, who):
            score.setdefault(who, []).append(objective.name)
    if not score:
        return None
    best = max(len(held) for held in score.values())
    leaders = [s for s in ctx.side_order if len(score.get(s, ())) == best]
    if len(leaders) != 1:
        return None
    held = score[leaders[0]]
    return Decided(leaders[0], " and ".join(held), f"held {' and '.join(held)} to the end")


def _escapes(ctx: Context, objective: Objective, prog: Progress) -> Progress:
    saved = list(prog.units)
    for unit in list(ctx.units()):
        mine = side(ctx, unit)
        if for_side(objective, mine) and cell(ctx, unit) in objective.cells and fighting(ctx, unit):
            saved.append(unit)
            esper.add_component(ctx.entity(unit), OffMap(objective.name))
            ctx.ruleset.leave_map(ctx, unit)
            count = sum(1 for u in saved if side(ctx, u) == mine)
            ctx.emit(
                Escaped(
                    unit, name(ctx, unit), mine, objective.name, count, needed(ctx, objective, mine)
                )
            )
    return replace(prog, units=tuple(saved)) if len(saved) != len(prog.units) else prog


def _reaches(ctx: Context, objective: Objective, prog: Progress) -> Progress:
    new = [
        u
        for u in ctx.units()
        if u not in prog.units
        and for_side(objective, side(ctx, u))
        and cell(ctx, u) in objective.cells
        and fighting(ctx, u)
    ]
    return replace(prog, units=prog.units + tuple(new)) if new else prog


def _round_end(ctx: Context, objective: Objective, prog: Progress) -> Progress:
    """Count one more round end for whoever holds the area (hold), or for the others
    when they hold a protected area; a change of holder starts the count again."""
    who = holder(ctx, objective)
    if objective.kind == PROTECT and who == objective.side:
        who = None
    if who is not None and objective.kind == HOLD and not for_side(objective, who):
        who = None
    if who is None:
        return Progress(units=prog.units)
    streak = prog.streak + 1 if who == prog.holder else 1
    ctx.emit(
        ObjectiveHeld(objective.name, who, ctx.side_info(who).name, streak, needed(ctx, objective))
    )
    return replace(prog, holder=who, streak=streak)


def _decides(ctx: Context, objective: Objective, prog: Progress) -> Decided | None:
    need = needed(ctx, objective)
    if objective.kind == HOLD and objective.rounds and prog.holder and prog.streak >= need:
        return Decided(
            prog.holder, objective.name, f"held {objective.name} for {prog.streak} rounds"
        )
    if objective.kind in (REACH, ESCAPE):
        for who in ctx.side_order:
            done = sum(1 for u in prog.units if side(ctx, u) == who)
            if done and done >= needed(ctx, objective, who):
                if objective.kind == ESCAPE:
                    why = f"got {done} away by {objective.name}"
                else:
                    why = f"reached {objective.name}" + (f" with {done}" if done > 1 else "")
                return Decided(who, objective.name, why)
    if objective.kind == PROTECT and objective.side is not None:
        if objective.unit is not None:
            guarded = [u for u in ctx.units() if name(ctx, u) == objective.unit]
            if guarded and not off_map(ctx, guarded[0]) and not fighting(ctx, guarded[0]):
                return Decided(
                    _other(ctx, objective.side),
                    objective.name,
                    f"brought down {objective.unit} ({objective.name})",
                )
        elif prog.holder is not None and prog.streak >= need:
            return Decided(_other(ctx, objective.side), objective.name, f"took {objective.name}")
    return None


def _other(ctx: Context, loser: str) -> str | None:
    """The winner when ``loser`` fails a protect objective: its only opponent, or the
    only one still in the fight; otherwise None (a draw)."""
    others = [s for s in ctx.side_order if s != loser]
    if len(others) == 1:
        return others[0]
    standing = [s for s in others if any(fighting(ctx, u) for u in units_of(ctx, s))]
    return standing[0] if len(standing) == 1 else None
