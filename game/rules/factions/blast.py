"""Blast attacks (003 · Blast attacks): a blast hits a zone and everyone in it and on its
borders (``ZoneGraph.border_cells``: the squares of other zones touching it, README ·
Decisions). A melee blast hits the attacker's own zone, spares the attacker and cannot
miss; a ranged blast hits a zone within range (its nearest square), the attacker too if
it is its own, needs the WIT save of a ranged attack, and when it misses it deviates to
a neighbouring zone chosen by a die. One damage roll for every target (README ·
Decisions); each target may dodge a ranged blast, and one target only may counter."""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import Any

from game.engine.answers import Answer
from game.engine.context import Context
from game.engine.decision import Decision
from game.engine.events import Note
from game.engine.seam import ActionSpec, Flow
from game.geometry.zones import ZoneGraph
from game.rules.factions import budget, damage, units
from game.rules.factions.answers import Blast, Counter, Dodge
from game.rules.factions.events import Attacked, BlastArea
from game.rules.factions.sneak import reveal


def blast_weapons(ctx: Context, unit: str) -> list[str]:
    return [w for w in units.weapons(ctx, unit) if units.weapon(ctx, w).blast]


def zone_distance(ctx: Context, unit: str, zone: int) -> int:
    here = units.cell(ctx, unit)
    cells = units.graph(ctx).zones[zone].cells
    return min((units.distance(here, c) for c in cells), default=10**6)


def area(ctx: Context, zone: int) -> tuple[tuple[int, int], ...]:
    return area_of(units.graph(ctx), zone)


def area_of(graph: ZoneGraph, zone: int) -> tuple[tuple[int, int], ...]:
    """The squares a blast at ``zone`` strikes: the zone's and those on its borders."""
    return tuple(sorted(graph.zones[zone].cells | graph.border_cells(zone)))


def caught(ctx: Context, zone: int, attacker: str, *, melee: bool) -> list[str]:
    cells = set(area(ctx, zone))
    return [
        u
        for u in ctx.units()
        if units.in_fight(ctx, u) and units.cell(ctx, u) in cells and not (melee and u == attacker)
    ]


class BlastSpec(ActionSpec):
    kind = Blast.kind
    label = "Blast"
    cost = "Main"
    answer_type = Blast
    target_kind = "zone"
    target_field = "zone"
    attacks = True

    def availability(self, ctx: Context, unit: str) -> str | None:
        if not blast_weapons(ctx, unit):
            return "no blast weapon"
        return budget.can(ctx, unit, budget.MAIN)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        out: list[Answer] = []
        for w in blast_weapons(ctx, unit):
            for z in range(len(units.graph(ctx).zones)):
                a = Blast(unit, w, z)
                if self.validate(ctx, a) is None and any(
                    units.side(ctx, u) != units.side(ctx, unit)
                    for u in caught(ctx, z, unit, melee=not units.weapon(ctx, w).ranged)
                ):
                    out.append(a)
        return out

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if answer.weapon not in blast_weapons(ctx, answer.unit):
            return "not a blast weapon it holds"
        zones = units.graph(ctx).zones
        if not 0 <= answer.zone < len(zones):
            return "no such zone"
        w = units.weapon(ctx, answer.weapon)
        if not w.ranged:
            if answer.zone != units.zone(ctx, answer.unit):
                return "a melee blast hits the attacker's own zone"
            return None
        moved = units.turn(ctx, answer.unit).moved
        dist = zone_distance(ctx, answer.unit, answer.zone)
        if dist > w.range:
            return "the zone is out of range"
        if dist > w.half_range and moved:
            return "beyond half range while moving"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        unit = answer.unit
        budget.spend(ctx, unit, budget.MAIN)
        w = units.weapon(ctx, answer.weapon)
        reveal(ctx, unit, "attacking")
        units.gear(ctx, unit).used.add(answer.weapon)
        zone = answer.zone
        if w.ranged:
            far = zone_distance(ctx, unit, zone) > w.half_range
            moved = units.turn(ctx, unit).moved
            why = "beyond half range" if far else "while moving" if moved else ""
            if why and not damage.save(ctx, unit, "WIT", f"to hit ({why})"):
                zone = deviate(ctx, unit, zone)
        g = units.graph(ctx)
        ctx.emit(BlastArea(zone, g.zones[zone].name, area(ctx, zone)))
        targets = caught(ctx, zone, unit, melee=not w.ranged)
        if not targets:
            ctx.emit(Note("The blast hits no one"))
            return
        rolled = damage.roll_damage(ctx, unit, w, bool(units.fate(ctx, unit).crippled))
        countered = False
        for target in targets:
            if not units.in_fight(ctx, target):
                continue
            trigger = Attacked(
                unit, target, w.id, "blast", units.name(ctx, unit), units.name(ctx, target), w.name
            )
            ctx.emit(trigger)
            reaction: Answer | None = None
            if target != unit and units.side(ctx, target) != units.side(ctx, unit):
                reaction = yield from blast_reaction(
                    ctx, unit, target, trigger, w.ranged, countered
                )
            if isinstance(reaction, Dodge) and damage.save(ctx, target, "AGI", "to dodge"):
                ctx.emit(Note(f"{units.name(ctx, target)} dodges the blast", unit=target))
                continue
            if isinstance(reaction, Counter):
                countered = True
                from game.rules.factions.strike import counter

                blow = (w.id, "melee", False, "", "")
                yield from counter(ctx, unit, target, reaction, blow, rolled)
                continue
            impaired = units.concealed_spot(ctx, target)
            hurt = damage.after_armour(
                ctx,
                target,
                4 if impaired and rolled > 4 else rolled,
                cover=False,
                penetrates=w.penetrates,
            )
            damage.harm(ctx, target, hurt, unit, w.name)


def blast_reaction(
    ctx: Context, unit: str, target: str, trigger: Attacked, ranged: bool, countered: bool
) -> Generator[Decision, Answer, Answer | None]:
    """A blast's target may dodge a ranged blast or (the first one only) counter."""
    from game.rules.factions.asking import ask, counter_label
    from game.rules.factions.defend import counters, spend

    if not units.ready(ctx, target) or units.fate(ctx, unit).concealed:
        return None
    offers: list[tuple[str, Answer]] = []
    if ranged:
        offers.append(("Dodge", Dodge(target)))
    if not countered:
        offers += [(counter_label(c), c) for c in counters(ctx, target, unit)]
    if not offers:
        return None
    choice = yield from ask(ctx, target, f"{trigger.text()}: react?", offers, trigger)
    if isinstance(choice, Dodge | Counter):
        spend(ctx, target, "dodge" if isinstance(choice, Dodge) else "counter")
        return choice
    return None


def deviate(ctx: Context, unit: str, zone: int) -> int:
    """A missed ranged blast hits a neighbouring zone: the neighbours numbered in order,
    one die of that many faces picks."""
    near = sorted(units.graph(ctx).neighbours(zone))
    if not near:
        return zone
    rolled = ctx.roll(1, len(near), unit=unit, who=units.name(ctx, unit), purpose="deviation")
    return near[rolled.total - 1]
