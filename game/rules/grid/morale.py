"""Morale (004 · Morale): most beings fight to the death only when that is their best hope.

The source gives the principle, not the mechanics; our decisions, in the spirit of its
family of rules:

- A morale check is 2d6 against the unit's Morale score; a total above the score fails.
- Fearless units (skeletons and the like) never check. Units of the party side never
  check either: they are the players' characters, whose courage is the players' choice.
- Checks are triggered, each at most once per side, by: the side's first casualty (a unit
  downed, fled or surrendered); half the side's units out of the fight; the side's leader
  (the map's ``leader`` spawn) going down. And once per unit: being the last of its side
  still fighting while below half its HP. Every fighting, non-routed unit of the side
  rolls for a side trigger.
- One event (one unit falling, fleeing or surrendering, or one wound) makes each unit roll
  at most once, for the strongest trigger it set off (leader down, then half the side down,
  then the first casualty, then alone and badly hurt); the weaker ones are used up too and
  named in the roll's line ("leader down; also first casualty").
- Odds (they fight on while it is their best shot): the roll takes −1 when the unit's side
  has at least twice the number of the foes still fighting it, and +1 when the side is
  outnumbered. A horde holds better at its first losses; a beaten side breaks sooner.
- A failed check routs the unit. On each of its turns a routed unit flees toward the
  nearest map edge (Disengaging first when an enemy could strike it and its Main action
  is free, then using its Move and, if it still has it, its Main as a second Move). On
  reaching an edge square it leaves the battle (fled). When no path to any edge exists
  it surrenders. Fled and surrendered units are out of the fight for good.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Damaged, Died, Downed, Event, LeftBattle
from game.engine.seam import Flow
from game.geometry.grid import Cell
from game.geometry.movement import reachable, shortest_path
from game.rules.grid import budget, units
from game.rules.grid.events import Routed
from game.rules.grid.state import GridState
from game.world.components import Leader

if TYPE_CHECKING:
    from game.engine.context import Context

FIRST_CASUALTY = "first casualty"
HALF_DOWN = "half the side down"
LEADER_DOWN = "leader down"


def checks_morale(ctx: Context, unit: str) -> bool:
    if not units.in_fight(ctx, unit) or ctx.get(unit, GridState).routed:
        return False
    return not units.stats(ctx, unit).fearless and not units.is_party(ctx, unit)


def fighting(ctx: Context, side: str) -> int:
    """How many units of ``side`` are still in the fight."""
    return sum(1 for u in units.units_of(ctx, side) if units.in_fight(ctx, u))


def half_down(ctx: Context, side: str) -> bool:
    """Whether half or more of ``side``'s units are out of the fight."""
    return fighting(ctx, side) * 2 <= sum(1 for _ in units.units_of(ctx, side))


def odds(ctx: Context, side: str, lost: int = 0) -> tuple[int, str]:
    """The morale roll's modifier from the numbers still fighting (less ``lost`` more of
    the side), and how it reads: −1 at two to one or better, +1 when outnumbered."""
    mine = fighting(ctx, side) - lost
    foes = sum(1 for u in ctx.units() if units.side(ctx, u) != side and units.in_fight(ctx, u))
    if mine >= 2 * foes:
        return -1, "outnumbering their foes two to one"
    if mine < foes:
        return 1, "outnumbered"
    return 0, ""


def morale_check(ctx: Context, unit: str, reason: str) -> bool:
    """Roll 2d6 (with the odds) against Morale; True when the unit holds. A failure
    routs it."""
    score = units.stats(ctx, unit).morale
    state = ctx.get(unit, GridState)
    state.morale_checks += 1
    modifier, numbers = odds(ctx, units.side(ctx, unit))
    rolled = ctx.roll(
        2,
        6,
        modifier,
        unit=unit,
        who=units.name(ctx, unit),
        purpose="morale check",
        detail=f"({reason}; {numbers})" if numbers else f"({reason})",
        target=score,
        versus="Morale",
        success_if="at_most",
        words=("holds", "breaks"),
    )
    if rolled.total <= score:
        return True
    state.routed = True
    ctx.emit(Routed(unit=unit, who=units.name(ctx, unit)))
    return False


# strongest first: one event rolls one check per unit, for the first of these it set off
STRENGTH = (LEADER_DOWN, HALF_DOWN, FIRST_CASUALTY)
ALONE = "alone and badly hurt"


def _reason(triggers: list[str]) -> str:
    head, rest = triggers[0], triggers[1:]
    return head if not rest else f"{head}; also {', '.join(rest)}"


def side_triggers(ctx: Context, event: Event, fired: dict[str, set[str]]) -> list[str]:
    """The side triggers ``event`` sets off that have not fired yet, strongest first; they
    are marked fired."""
    if not isinstance(event, Downed | Died | LeftBattle):
        return []
    side = event.side
    hit = {FIRST_CASUALTY}
    if half_down(ctx, side):
        hit.add(HALF_DOWN)
    if ctx.try_get(event.unit, Leader) is not None:
        hit.add(LEADER_DOWN)
    done = fired.setdefault(side, set())
    new = [t for t in STRENGTH if t in hit and t not in done]
    done.update(new)
    return new


def on_event(ctx: Context, event: Event, fired: dict[str, set[str]]) -> None:
    """The morale system's reaction to a casualty or a wound: each unit of the side rolls
    at most one check for it (the strongest trigger; the others named in its line)."""
    if isinstance(event, Downed | Died | LeftBattle):
        side = event.side
    elif isinstance(event, Damaged) and units.in_fight(ctx, event.unit):
        side = units.side(ctx, event.unit)
    else:
        return
    triggers = side_triggers(ctx, event, fired)
    lone = _lone(ctx, side, fired)
    for unit in list(units.units_of(ctx, side)):
        mine = triggers + ([ALONE] if unit == lone else [])
        if mine and checks_morale(ctx, unit):
            morale_check(ctx, unit, _reason(mine))


def _lone(ctx: Context, side: str, fired: dict[str, set[str]]) -> str | None:
    """The side's last fighting unit when it is below half HP and has not checked for
    that yet (marked fired)."""
    fighting = [u for u in units.units_of(ctx, side) if units.in_fight(ctx, u)]
    if len(fighting) != 1:
        return None
    unit = fighting[0]
    h = units.health(ctx, unit)
    key = f"alone and hurt: {unit}"
    if (
        h.hp * 2 < h.max_hp
        and key not in fired.setdefault(side, set())
        and checks_morale(ctx, unit)
    ):
        fired[side].add(key)
        return unit
    return None


def on_edge(ctx: Context, at: Cell) -> bool:
    return at[0] in (0, ctx.grid.width - 1) or at[1] in (0, ctx.grid.height - 1)


def leave(ctx: Context, unit: str, how: str) -> None:
    """The unit is out of the fight for good: "fled" (off an edge) or "withdrew" (under a
    truce, ``use_skill``) leave the field; "surrendered" stays on its square."""
    leave_together(ctx, [unit], how)


def leave_together(ctx: Context, group: list[str], how: str) -> None:
    """``leave`` for several units at once: all are out before the first ``LeftBattle``
    goes out, so none of them checks morale on seeing the others go."""
    for unit in group:
        cond = units.conditions(ctx, unit)
        if how in ("fled", "withdrew"):
            cond.fled = True
        else:
            cond.surrendered = True
    for unit in group:
        side = units.side(ctx, unit)
        ctx.emit(LeftBattle(unit=unit, who=units.name(ctx, unit), side=side, how=how))


def escape_route(ctx: Context, unit: str) -> tuple[Cell, ...] | None:
    """The cheapest path to the nearest edge square (cells entered), or None if cornered."""
    from game.rules.grid.move import blockers

    occupied, passable = blockers(ctx, unit)
    start = units.cell(ctx, unit)
    far = ctx.grid.width * ctx.grid.height * 4
    costs = reachable(ctx.grid, start, far, occupied, passable)
    edges = [c for c in costs if on_edge(ctx, c)]
    if not edges:
        return None
    goal = min(edges, key=lambda c: (costs[c], c[1], c[0]))
    path = shortest_path(ctx.grid, start, goal, occupied, passable)
    return None if path is None else tuple(path[1:])


def flee(ctx: Context, unit: str) -> Flow:
    """A routed unit's whole turn, taken by the rules without asking anyone."""
    from game.rules.grid.move import move_squares, walk
    from game.rules.grid.opportunity import adjacent_threats

    if on_edge(ctx, units.cell(ctx, unit)):
        leave(ctx, unit, "fled")
        return
    route = escape_route(ctx, unit)
    if route is None:
        leave(ctx, unit, "surrendered")
        return
    if adjacent_threats(ctx, unit) and budget.unavailable(ctx, unit, budget.MAIN) is None:
        budget.spend(ctx, unit, budget.MAIN, "Disengage")
        units.conditions(ctx, unit).disengaged = True
    while route and budget.unavailable(ctx, unit, budget.MOVE) is None:
        squares = move_squares(ctx, unit)
        step_count = 0
        spent = 0
        for c in route:
            cost = ctx.grid.terrain(c).move_cost
            if spent + cost > squares:
                break
            spent += cost
            step_count += 1
        taken = units.occupied_cells(ctx)
        while step_count and taken.get(route[step_count - 1], unit) != unit:
            step_count -= 1  # never stop on someone else's square
        if step_count == 0:
            break
        leg, route = route[:step_count], route[step_count:]
        budget.spend(ctx, unit, budget.MOVE, "flight")
        yield from walk(ctx, unit, leg)
        if not units.in_fight(ctx, unit):
            return
        if on_edge(ctx, units.cell(ctx, unit)):
            leave(ctx, unit, "fled")
            return
