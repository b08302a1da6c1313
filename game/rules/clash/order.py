"""Who goes when (000 · Determine Order, Optional Rule: Melee Clashes).

- All quick turns resolve before all full turns.
- Within each group, when both the players and their enemies take turns of that kind,
  each player unit saves DEX: made, it acts before the enemies; failed, after them. With
  no enemies in the group there is nothing to beat and no save. Those three parts
  (``Entry.part``) are what "at the same time" means for Multiple Attackers: all attacks
  on one foe within one part are one moment (``rounds.resolve``).
  Decisions: the "players" are the scenario's party side (the first side when no side is
  the party); every other side counts as the enemies and acts in the map's side order;
  within each part, units keep the map's spawn order. One leg hit rolls the save with
  disadvantage, two lose it outright (000 · Critical Hit Locations).
- Melee Clashes (``melee_clashes=on``): the DEX saves are rolled as above, then the
  group's melee attacks and gambits are re-ordered among their own places by weapon:
  enhanced before normal before impaired; then, closing in (a full turn), Reach > slow >
  balanced > fast > unarmed; already Close (a quick turn, or a full turn that strikes
  and then moves away), the reverse (unarmed and fast first, Reach last). Ties keep the
  DEX-save order. Two weapons rank as the later of the two (000 · Dual Weapons: "wait
  and strike with both"). Shots, moves and retreats keep their places.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.engine.answers import Answer
from game.engine.events import Note, Rolled
from game.engine.intentions import OrderSet
from game.rules.clash import units
from game.rules.clash.house_rules import MELEE_CLASHES, on
from game.rules.clash.saves import save
from game.rules.clash.strike import Swing, situation

if TYPE_CHECKING:
    from game.engine.context import Context

QUICK, FULL = "quick", "full"
BEFORE, ENEMIES, AFTER = 0, 1, 2  # the parts of a group (``Entry.part``)
# Closing in: the longer weapon strikes first.
CLOSING_RANK = {"reach": 0, "slow": 1, "balanced": 2, "fast": 3, "unarmed": 4}


@dataclass(frozen=True, slots=True)
class Entry:
    """One unit's declared intention for the round and its turn size."""

    unit: str
    answer: Answer
    turn: str
    part: int = 0  # within its group: 0 players who beat the enemies, 1 enemies, 2 the rest

    @property
    def melee(self) -> bool:
        return self.answer.kind in ("clash_attack", "clash_gambit")

    @property
    def closing_in(self) -> bool:
        """A full-turn blow that moves Close first (not one struck from Close before
        moving away)."""
        return self.turn == FULL and getattr(self.answer, "then_to", None) is None

    @property
    def target(self) -> str | None:
        target = getattr(self.answer, "target", None)
        return target if isinstance(target, str) else None


def beat_the_enemies(ctx: Context, entries: list[Entry], group: str) -> list[Entry]:
    """The DEX-save order of one group (see the module docstring)."""
    return dex_order(ctx, entries, group)[0]


def dex_order(ctx: Context, entries: list[Entry], group: str) -> tuple[list[Entry], dict[str, str]]:
    """The DEX-save order of one group, and per player unit what placed it ("DEX 7/11:
    before the enemies") for the screen's order list."""
    players = [e for e in entries if units.is_party(ctx, e.unit)]
    enemies = [e for e in entries if not units.is_party(ctx, e.unit)]
    side_rank = {s: i for i, s in enumerate(ctx.side_order)}
    enemies.sort(key=lambda e: side_rank.get(units.side(ctx, e.unit), 0))  # stable
    if not enemies or not players:
        return players + enemies, {}  # one part: nobody to beat
    before: list[Entry] = []
    after: list[Entry] = []
    why: dict[str, str] = {}
    for e in players:
        legs = units.state(ctx, e.unit).leg_hits
        if legs >= 2:
            ctx.emit(Note(f"{units.name(ctx, e.unit)} cannot beat anyone on a ruined leg", e.unit))
            after.append(e)
            why[e.unit] = "ruined leg: after the enemies"
            continue
        start = len(ctx.events)
        made = save(
            ctx, e.unit, "DEX", f"to act before the enemies ({group} turns)", disadvantage=legs == 1
        )
        (before if made else after).append(e)
        rolled = [r.total for r in ctx.events[start:] if isinstance(r, Rolled)]
        score = units.state(ctx, e.unit).DEX
        where = "before" if made else "after"
        why[e.unit] = f"DEX {max(rolled, default=0)}/{score}: {where} the enemies"
    parts = [(BEFORE, before), (ENEMIES, enemies), (AFTER, after)]
    return [replace(e, part=part) for part, es in parts for e in es], why


def clash_key(ctx: Context, entry: Entry) -> tuple[int, int]:
    """(enhanced 0 / normal 1 / impaired 2, weapon rank) of a melee entry."""
    answer = entry.answer
    kit = [getattr(answer, "weapon", "unarmed")]
    offhand = getattr(answer, "offhand", None)
    if isinstance(offhand, str):
        kit.append(offhand)
    ranks = []
    for weapon_id in kit:
        w = units.weapon(ctx, weapon_id)
        size = "reach" if w.reach else w.size
        rank = CLOSING_RANK[size]
        ranks.append(rank if entry.closing_in else len(CLOSING_RANK) - 1 - rank)
    tier = 1
    target = entry.target
    if target is not None and target in ctx.entities:
        impaired, enhanced = situation(ctx, Swing(entry.unit, tuple(kit)), target)
        if impaired and not enhanced:
            tier = 2
        elif enhanced and not impaired:
            tier = 0
    return (tier, max(ranks))


def order_group(ctx: Context, entries: list[Entry], group: str) -> list[Entry]:
    """The resolution order of one group, announced with ``OrderSet``."""
    order, why = dex_order(ctx, entries, group)
    if on(ctx, MELEE_CLASHES):
        slots = [i for i, e in enumerate(order) if e.melee]
        ranked = sorted((order[i] for i in slots), key=lambda e: clash_key(ctx, e))
        for i, e in zip(slots, ranked, strict=True):
            order[i] = e
    ctx.emit(
        OrderSet(
            group,
            tuple(e.unit for e in order),
            tuple(units.name(ctx, e.unit) for e in order),
            tuple(why.get(e.unit, "") for e in order),
        )
    )
    return order
