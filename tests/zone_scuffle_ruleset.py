"""``zone_scuffle``: the test ruleset ``scuffle`` (scuffle_ruleset.py) played by zones, to
prove the battle screen's zones through the seam (issue 35 · zones on the grid). Written
only inside ``tests/``; nothing outside names it.

The rules are scuffle's, but a unit's **Step** goes into a zone Nearby (one zone step
from its own, ``game.geometry.zones``) that has room (its ``capacity``), and the unit
stands on the zone's landing square (the free square nearest it); the presenter hands
the screen the zone graph (``Presenter.zone_graph``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import scuffle_ruleset as scuffle
from scuffle_ruleset import PunchSpec, RestSpec, ScufflePresenter, ScuffleRuleset, Turn

from game.engine.answers import Answer, register_answer
from game.engine.battle import Battle
from game.engine.context import Context
from game.engine.events import Moved
from game.engine.seam import ActionSpec, Flow
from game.geometry.grid import Cell
from game.geometry.zones import ZoneGraph, ZoneRange
from game.world import readers
from game.world.components import Position

RULESET_ID = "zone_scuffle"
_GRAPHS: dict[int, ZoneGraph] = {}


def graph_of(ctx: Context) -> ZoneGraph:
    """The battle's zone graph, built once per battlefield."""
    field = ctx.battlefield
    found = _GRAPHS.get(id(field))
    if found is None:
        found = _GRAPHS[id(field)] = ZoneGraph.build(field.grid, field.zones)
    return found


@register_answer
@dataclass(frozen=True, slots=True)
class ZoneStep(Answer):
    kind: ClassVar[str] = "zone_scuffle_step"
    label: ClassVar[str] = "Step"
    unit: str
    zone: int


def occupied(ctx: Context, but: str) -> set[Cell]:
    return {readers.cell(ctx, u) for u in ctx.units() if u != but and scuffle.standing(ctx, u)}


class ZoneStepSpec(ActionSpec):
    kind = ZoneStep.kind
    label = "Step"
    cost = "Step"
    answer_type = ZoneStep
    target_kind = "zone"
    target_field = "zone"
    moves = True

    def availability(self, ctx: Context, unit: str) -> str | None:
        return "already stepped this turn" if ctx.get(unit, Turn).stepped else None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        here = graph_of(ctx).zone_at(readers.cell(ctx, unit))
        if here is None:
            return []
        out = [ZoneStep(unit, z) for z in sorted(graph_of(ctx).neighbours(here))]
        return [a for a in out if self.validate(ctx, a) is None]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        graph = graph_of(ctx)
        if not 0 <= answer.zone < len(graph.zones):
            return f"no zone {answer.zone}"
        here = graph.zone_at(readers.cell(ctx, answer.unit))
        if here is None or graph.range(here, answer.zone) != ZoneRange.NEARBY:
            return "a step goes into a Nearby zone"
        taken = occupied(ctx, answer.unit)
        room = graph.capacity(answer.zone)
        if room is not None and len(taken & graph.zones[answer.zone].cells) >= room:
            return "that zone is full"
        if graph.landing(answer.zone, taken, readers.cell(ctx, answer.unit)) is None:
            return "that zone is full"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        graph = graph_of(ctx)
        start = readers.cell(ctx, answer.unit)
        to = graph.landing(answer.zone, occupied(ctx, answer.unit), start)
        assert to is not None
        ctx.get(answer.unit, Turn).stepped = True
        ctx.get(answer.unit, Position).move_to(to)
        who = readers.name(ctx, answer.unit)
        ctx.emit(Moved(unit=answer.unit, who=who, start=start, path=(to,), feet=0))
        return
        yield


class ZoneScufflePresenter(ScufflePresenter):
    def zone_graph(self, battle: Battle) -> ZoneGraph | None:
        return graph_of(battle.ctx)


class ZoneScuffleRuleset(ScuffleRuleset):
    id = RULESET_ID
    name = "Zone scuffle (test ruleset)"
    description = "Scuffle played by zones: a step goes into a Nearby zone."

    def __init__(self) -> None:  # scuffle's actions with the zone step instead of its Step
        super(ScuffleRuleset, self).__init__()
        for spec in (ZoneStepSpec(), PunchSpec(), RestSpec()):
            self.add_action(spec)
        self.add_reaction(scuffle.BraceSpec())

    def presenter(self) -> ZoneScufflePresenter:
        return ZoneScufflePresenter()


def install() -> None:
    from game.content.schema import register_schema
    from game.rulesets import register_ruleset

    register_ruleset(RULESET_ID, ZoneScuffleRuleset)
    register_schema(ScuffleRuleset.schema)


def uninstall() -> None:
    from game.content.schema import unregister_schema
    from game.rulesets import unregister_ruleset

    unregister_ruleset(RULESET_ID)
    unregister_schema(scuffle.RULESET_ID)
