"""The map's objectives as players see them (maps/README.md · Objectives): the briefing's
lines per side, the shaded and labelled areas on the board, the top bar's progress and
the victory screen's word on what decided the battle. Plain text and values; no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine import Battle
    from game.geometry.grid import Cell
    from game.maps.battlefield import Battlefield, Objective

NEUTRAL = "gold"  # the colour of an objective for every side


@dataclass(frozen=True, slots=True)
class ObjectiveArea:
    """An objective's squares, the colour to shade them (its side's, or gold) and the
    label drawn on them."""

    cells: frozenset[Cell]
    colour: str
    label: str


def goal_text(bf: Battlefield, o: Objective) -> str:
    """What the objective asks, in a few words, when the map gives no description."""
    if o.kind == "hold":
        if o.rounds:
            return f"hold {o.name} {o.rounds} round ends in a row"
        return f"hold {o.name} when the last round ends"
    if o.kind == "reach":
        return f"reach {o.name}" + (f" with {o.count} units" if o.count else "")
    if o.kind == "escape":
        return f"get {o.count or 'half of them'} off the map by {o.name}"
    if o.unit:
        return f"keep {o.unit} in the fight"
    return f"keep the enemy from holding {o.name} {o.rounds or 1} round ends in a row"


def briefing_lines(bf: Battlefield) -> list[str]:
    """One short line per objective, whose it is and what it asks, in the map's order
    ("Garrison of Greyford: hold Keep courtyard at the end"); the map's description is
    the areas' tooltip (``objective_note``)."""
    out = []
    for o in bf.objectives:
        who = bf.side(o.side).name if o.side else "Either side"
        out.append(f"{who}: {goal_text(bf, o)}")
    return out


def objective_note(bf: Battlefield, cell: Cell) -> str:
    """The tooltip of a square inside objective areas: each one's name and description."""
    return " · ".join(
        f"{o.name}: {o.description or goal_text(bf, o)}" for o in bf.objectives if cell in o.cells
    )


def with_note(tooltip: str, note: str) -> str:
    return " · ".join(t for t in (tooltip, note) if t)


def briefing_with_objectives(briefing: str, lines: Sequence[str]) -> str:
    """The map's briefing followed by its objectives."""
    if not lines:
        return briefing
    return briefing + "\n\nObjectives:\n" + "\n".join(f"• {line}" for line in lines)


def areas(bf: Battlefield) -> list[ObjectiveArea]:
    """The board's shaded objective areas, labelled with their names."""
    out = []
    for o in bf.objectives:
        colour = bf.side(o.side).colour if o.side else NEUTRAL
        out.append(ObjectiveArea(o.cells, colour, o.name))
    return out


def _holder(battle: Battle, o: Objective) -> str | None:
    """The side whose units in the fight alone stand in the area (from the unit views)."""
    present = {v.side for v in battle.units() if v.in_fight and v.cell in o.cells}
    return next(iter(present)) if len(present) == 1 else None


def progress_text(battle: Battle) -> str:
    """The top bar's objective progress: the objectives under way, shortest first
    ("The Company hold North bridge: 2 of 3 rounds · East road: 1 of 4 escaped"), a side's
    holds that count at the round limit in one phrase ("The Grey Maw Horde hold South
    bridge, Watchtower (counts at round 30)")."""
    bf = battle.battlefield
    state: Sequence[Any] = battle.ctx.objectives or ()
    parts: list[tuple[str | None, str]] = []  # (a side whose holds go here, or a text)
    held: dict[str, list[str]] = {}  # a side's holds that count at the round limit
    for i, o in enumerate(bf.objectives):
        prog = state[i] if i < len(state) else None
        who = _holder(battle, o) if _at_limit(o) else None
        if who is not None:
            if who not in held:
                held[who] = []
                parts.append((who, ""))
            held[who].append(o.name)
            continue
        text = _one(battle, o, prog)
        if text:
            parts.append((None, text))
    limit = bf.scenario.round_limit
    when = f" (counts at round {limit})" if limit else ""
    # one phrase per side (play-test 4: "X… (counts at round 30) · X… (counts at round 30)")
    return " · ".join(
        f"{bf.side(who).name} hold {', '.join(held[who])}{when}" if who else text
        for who, text in parts
    )


def _at_limit(o: Objective) -> bool:
    """A hold that counts when the last round ends (no rounds in a row, no unit)."""
    return o.kind == "hold" and not o.rounds and o.unit is None


def _one(battle: Battle, o: Objective, prog: Any) -> str:
    bf = battle.battlefield
    if o.kind in ("hold", "protect") and (o.rounds or o.kind == "protect") and o.unit is None:
        if prog is None or not prog.holder:
            return ""
        need = o.rounds or 1
        return f"{bf.side(prog.holder).name} hold {o.name}: {prog.streak} of {need} rounds"
    if o.kind == "hold":
        who = _holder(battle, o)
        limit = bf.scenario.round_limit
        when = f" (counts at round {limit})" if limit else ""
        return f"{bf.side(who).name} hold {o.name}{when}" if who else ""
    if o.kind in ("reach", "escape") and prog is not None and prog.units:
        verb = "reached" if o.kind == "reach" else "escaped"
        side = o.side or battle.unit(prog.units[-1]).side
        done = sum(1 for u in prog.units if battle.unit(u).side == side)
        need = o.count or (
            1 if o.kind == "reach" else (sum(1 for v in battle.units() if v.side == side) + 1) // 2
        )
        return f"{o.name}: {done} of {need} {verb}"
    return ""


def deciding_line(battle: Battle) -> str | None:
    """What the victory screen says decided the battle, when an objective did: the winner
    and the objective's reason ("The Company got 4 away by East road"); a draw at the
    round limit that no hold decided is None."""
    for event in reversed(battle.events):
        if event.kind == "battle_ended":
            if not getattr(event, "objective", ""):
                return None
            who = getattr(event, "name", "") or "Nobody"
            return f"{who} {getattr(event, 'reason', '')}."
    return None
