"""Morale and reactions (001 · Reactions & Morale).

Morale (README · Decisions): when a side loses its leader, and again when half its
fighters are out, each of its fighters still in the fight tests its Skill (DR12). A pass
fights on; a failure flees (off the field), or, for a unit that cannot move (Stuck,
Paralysed), asks for parley (it surrenders). Each trigger fires once per side. Which
sides test is the ``morale`` house rule (default: every side but the party).

Reactions: the d10 table, rolled at the start for each side the map marks undecided
(``; undecided`` on its ``sides`` line; the ``reactions`` house rule ``map``, the
default), for every side that is not the party (``roll``), or for none (``off``). The
party never rolls: its players make up its mind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import LeftBattle
from game.rules.zones import units
from game.rules.zones.checks import test
from game.rules.zones.damage import can_move
from game.rules.zones.events import SideReaction
from game.rules.zones.house_rules import MORALE, REACTIONS, rule
from game.world import readers
from game.world.components import Leader

if TYPE_CHECKING:
    from game.engine.context import Context

REACTION_TABLE = ((1, "hostile"), (3, "wary"), (7, "curious"), (9, "kind"), (10, "helpful"))
PEACEFUL = ("kind", "helpful")


def reaction(roll: int) -> str:
    """The d10 reaction: 1 hostile, 2-3 wary, 4-7 curious, 8-9 kind, 10 helpful."""
    return next(word for top, word in REACTION_TABLE if roll <= top)


def leave(ctx: Context, unit: str, how: str) -> None:
    f = units.fighter(ctx, unit)
    f.out = how
    ctx.emit(LeftBattle(unit=unit, who=units.name(ctx, unit), side=units.side(ctx, unit), how=how))


def undecided_sides(ctx: Context) -> list[str]:
    """The sides that roll on the reaction table, in the map's order (``reactions``)."""
    mode = rule(ctx, REACTIONS)
    party = units.rolling_side(ctx)
    if mode == "off":
        return []
    marked = {info.id for info in ctx.sides if info.undecided}
    return [s for s in ctx.side_order if s != party and (mode == "roll" or s in marked)]


def roll_reactions(ctx: Context, stance: dict[str, str]) -> None:
    """Roll the reaction of each undecided side (``undecided_sides``)."""
    for side in undecided_sides(ctx):
        r = ctx.roll(1, 10, purpose="reaction").total
        word = reaction(r)
        stance[side] = "hostile" if word == "hostile" else word
        ctx.emit(SideReaction(side, ctx.side_info(side).name, r, word))
        if word in PEACEFUL:
            for u in list(readers.units_of(ctx, side)):
                if units.in_fight(ctx, u):
                    leave(ctx, u, "withdrew")


def testing_sides(ctx: Context) -> list[str]:
    mode = rule(ctx, MORALE)
    if mode == "off":
        return []
    party = units.rolling_side(ctx)
    return [s for s in ctx.side_order if mode == "everyone" or s != party]


def triggers(ctx: Context, side: str) -> set[str]:
    """What has gone wrong for ``side``: "leader" (its leader is out), "half" (half its
    fighters are out)."""
    members = list(readers.units_of(ctx, side))
    out = [u for u in members if not units.in_fight(ctx, u)]
    found = set()
    if any(ctx.try_get(u, Leader) is not None for u in out):
        found.add("leader")
    if members and 2 * len(out) >= len(members):
        found.add("half")
    return found


def check(ctx: Context, fired: dict[str, set[str]]) -> None:
    """Morale tests for each side a new trigger has hit (``fired`` remembers them)."""
    for side in testing_sides(ctx):
        new = triggers(ctx, side) - fired.setdefault(side, set())
        if not new:
            continue
        fired[side] |= new
        for u in list(readers.units_of(ctx, side)):
            if not units.in_fight(ctx, u):
                continue
            if test(ctx, u, "Skill", "morale", who=units.name(ctx, u)).passed:
                continue
            leave(ctx, u, "fled" if can_move(ctx, u) else "surrendered")
