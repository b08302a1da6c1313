"""``scuffle``: a small ruleset written only inside ``tests/``, to prove the seam
(game/engine/README.md · Adding a ruleset). Nothing outside ``tests/`` names it.

The rules, whole:

- Sides act in the map's side order, each unit of the side once a round in the order the
  side picks (a ``choose_unit`` decision) — the shared decision kinds.
- On its turn a unit may **Step** (to any free, passable square up to 3 squares away) and
  **Punch** (an adjacent enemy), each once, in either order, then **Rest** (ends the turn).
- A punch deals 1d4 + the attacker's ``punch``. The one struck may **Brace** (a reaction,
  once a round): it halves the blow, rounded down.
- **Grit** is the one health track; at 0 the unit is out of the fight.
- The battle ends when at most one side is standing, or a draw after 30 rounds.

Numbers come from the content's ``[units.<id>.scuffle]`` table (``grit``, ``punch``);
missing ones are derived from the template: grit = 4 + its hit dice, punch = 1.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from game.content import Content
from game.content.schema import ContentSchema, register_schema, unregister_schema
from game.content.tables import Table
from game.content.templates import UnitTemplate
from game.engine.answers import Answer, ChooseUnit, register_answer
from game.engine.battle import Battle, UnitView
from game.engine.context import Context
from game.engine.decision import Option
from game.engine.events import (
    BattleStarted,
    Damaged,
    Died,
    Event,
    Moved,
    RoundEnded,
    RoundStarted,
    UnitActivated,
    UnitDone,
)
from game.engine.presentation import AnswerPreview, Row
from game.engine.presenter import Presenter
from game.engine.seam import ActionSpec, Flow, HealthTrack, ReactionSpec, Ruleset
from game.geometry.grid import Cell
from game.rules.ending import check_end, finish
from game.world import readers
from game.world.components import Position

RULESET_ID = "scuffle"
ROUND_LIMIT = 30
STEP = 3


# -- content ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ScuffleStats:
    """What ``[units.<id>.scuffle]`` says (None: derive it)."""

    grit: int | None
    punch: int | None


class ScuffleSchema(ContentSchema):
    id = RULESET_ID

    def unit(self, table: Table) -> ScuffleStats | None:
        count = len(table.problems)
        grit = table.integer("grit", 1, 99, default=None)
        punch = table.integer("punch", 0, 9, default=None)
        table.finish()
        return ScuffleStats(grit, punch) if len(table.problems) == count else None


# -- components and events ---------------------------------------------------------------------
@dataclass(slots=True)
class Grit:
    """The one health track."""

    current: int
    maximum: int
    punch: int


@dataclass(slots=True)
class Turn:
    """What the unit has done this round."""

    acted: bool = False
    stepped: bool = False
    punched: bool = False
    braced: bool = False


@dataclass(frozen=True, slots=True)
class Punched(Event):
    kind: ClassVar[str] = "scuffle_punched"
    tone: ClassVar[str] = "hit"
    attacker: str
    target: str
    who: str
    whom: str

    def text(self) -> str:
        return f"{self.who} punches {self.whom}"


# -- answers ------------------------------------------------------------------------------------
@register_answer
@dataclass(frozen=True, slots=True)
class Step(Answer):
    kind: ClassVar[str] = "scuffle_step"
    label: ClassVar[str] = "Step"
    unit: str
    to: Cell


@register_answer
@dataclass(frozen=True, slots=True)
class Punch(Answer):
    kind: ClassVar[str] = "scuffle_punch"
    label: ClassVar[str] = "Punch"
    unit: str
    target: str


@register_answer
@dataclass(frozen=True, slots=True)
class Rest(Answer):
    kind: ClassVar[str] = "scuffle_rest"
    label: ClassVar[str] = "Rest"
    unit: str


@register_answer
@dataclass(frozen=True, slots=True)
class Brace(Answer):
    kind: ClassVar[str] = "scuffle_brace"
    label: ClassVar[str] = "Brace"
    unit: str


# -- readers ------------------------------------------------------------------------------------
def grit(ctx: Context, unit: str) -> Grit:
    return ctx.get(unit, Grit)


def standing(ctx: Context, unit: str) -> bool:
    return grit(ctx, unit).current > 0


def enemies(ctx: Context, unit: str) -> Iterator[str]:
    side = readers.side(ctx, unit)
    return (u for u in ctx.units() if readers.side(ctx, u) != side and standing(ctx, u))


def adjacent(a: Cell, b: Cell) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


# -- actions ------------------------------------------------------------------------------------
class StepSpec(ActionSpec):
    kind = Step.kind
    label = "Step"
    cost = "Step"
    answer_type = Step
    target_kind = "cell"
    target_field = "to"
    moves = True

    def availability(self, ctx: Context, unit: str) -> str | None:
        return "already stepped this turn" if ctx.get(unit, Turn).stepped else None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        x, y = readers.cell(ctx, unit)
        for dy in range(-STEP, STEP + 1):
            for dx in range(-STEP, STEP + 1):
                answer = Step(unit, (x + dx, y + dy))
                if (dx or dy) and self.validate(ctx, answer) is None:
                    yield answer

    def validate(self, ctx: Context, answer: Any) -> str | None:
        here, to = readers.cell(ctx, answer.unit), answer.to
        if max(abs(here[0] - to[0]), abs(here[1] - to[1])) > STEP:
            return f"a step goes at most {STEP} squares"
        if not ctx.grid.in_bounds(to) or ctx.grid.blocks_move(to):
            return "that square cannot be entered"
        if readers.occupant(ctx, to) is not None:
            return "that square is taken"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        start = readers.cell(ctx, answer.unit)
        ctx.get(answer.unit, Turn).stepped = True
        ctx.get(answer.unit, Position).move_to(answer.to)
        who = readers.name(ctx, answer.unit)
        ctx.emit(Moved(unit=answer.unit, who=who, start=start, path=(answer.to,), feet=0))
        return
        yield


class PunchSpec(ActionSpec):
    kind = Punch.kind
    label = "Punch"
    cost = "Punch"
    answer_type = Punch
    target_kind = "unit"
    target_field = "target"
    attacks = True

    def availability(self, ctx: Context, unit: str) -> str | None:
        if ctx.get(unit, Turn).punched:
            return "already punched this turn"
        here = readers.cell(ctx, unit)
        if not any(adjacent(here, readers.cell(ctx, e)) for e in enemies(ctx, unit)):
            return "no enemy within reach"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [
            Punch(unit, e) for e in enemies(ctx, unit) if self.validate(ctx, Punch(unit, e)) is None
        ]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if answer.target not in ctx.entities:
            return f"no unit {answer.target!r}"
        if answer.target not in set(enemies(ctx, answer.unit)):
            return "not an enemy in the fight"
        if not adjacent(readers.cell(ctx, answer.unit), readers.cell(ctx, answer.target)):
            return "out of reach"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        ctx.get(answer.unit, Turn).punched = True
        who, whom = readers.name(ctx, answer.unit), readers.name(ctx, answer.target)
        trigger = Punched(answer.unit, answer.target, who, whom)
        ctx.emit(trigger)
        yield from ctx.window("punched", trigger)
        blow = ctx.roll(
            1, 4, grit(ctx, answer.unit).punch, unit=answer.unit, who=who, purpose="punch"
        )
        amount = blow.total // 2 if ctx.get(answer.target, Turn).braced else blow.total
        hurt = grit(ctx, answer.target)
        hurt.current = max(0, hurt.current - amount)
        ctx.emit(
            Damaged(
                unit=answer.target,
                who=whom,
                amount=amount,
                hp=hurt.current,
                max_hp=hurt.maximum,
                source="punch",
                by=answer.unit,
            )
        )
        if hurt.current == 0:
            side = readers.side(ctx, answer.target)
            ctx.emit(Died(unit=answer.target, who=whom, side=side, cause="slain"))


class RestSpec(ActionSpec):
    kind = Rest.kind
    label = "Rest"
    cost = "—"
    answer_type = Rest

    def availability(self, ctx: Context, unit: str) -> str | None:
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [Rest(unit)]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        return
        yield


class BraceSpec(ReactionSpec):
    """The one struck may brace, once a round: the blow is halved."""

    kind = Brace.kind
    window = "punched"
    cost = "halves the blow; once a round"

    def offers(self, ctx: Context, unit: str, trigger: Any) -> list[Answer]:
        if unit != trigger.target or ctx.get(unit, Turn).braced:
            return []
        return [Brace(unit)]

    def perform(self, ctx: Context, answer: Any, trigger: Any) -> Flow:
        ctx.get(answer.unit, Turn).braced = True
        return
        yield


# -- what the screen shows ------------------------------------------------------------------------
class ScufflePresenter(Presenter):
    """The card rows and bars come from the shared views (one track, Grit); a punch is
    previewed in the ruleset's own words."""

    def answer_preview(
        self, battle: Battle, answer: Answer, *, cover_why: str = ""
    ) -> AnswerPreview | None:
        if not isinstance(answer, Punch):
            return None
        punch = battle.edit(answer.unit, Grit).punch
        target = battle.unit(answer.target)
        drops = sum(1 for face in range(1, 5) if face + punch >= target.hp) / 4
        return AnswerPreview(
            weapon="unarmed",
            allowed=True,
            reason="",
            rows=(
                Row("Punch", f"1d4+{punch}"),
                Row("Grit left", f"{target.hp}/{target.max_hp}"),
                Row("Chance to knock out", f"{drops:.0%}"),
            ),
            outcome=(1 + punch, 4 + punch),
            drops=drops,
        )


# -- the ruleset ---------------------------------------------------------------------------------
class ScuffleRuleset(Ruleset):
    id = RULESET_ID
    name = "Scuffle (test ruleset)"
    description = (
        "A small ruleset for tests: sides take turns in map order; each unit may step up "
        "to three squares and punch a neighbour once. A punch always lands; the one struck "
        "may brace to halve it. Grit runs out fast: a battle lasts a few rounds."
    )
    schema = ScuffleSchema()

    def __init__(self) -> None:
        super().__init__()
        for spec in (StepSpec(), PunchSpec(), RestSpec()):
            self.add_action(spec)
        self.add_reaction(BraceSpec())

    def build_unit(
        self, content: Content, template: UnitTemplate, rng: random.Random
    ) -> tuple[object, ...]:
        content.claim(self.schema)
        stats = template.tables.get(RULESET_ID) or ScuffleStats(None, None)
        assert isinstance(stats, ScuffleStats)
        most = stats.grit if stats.grit is not None else 4 + template.hd
        punch = stats.punch if stats.punch is not None else 1
        return (Grit(most, most, punch), Turn())

    def setup(self, ctx: Context) -> None:
        pass

    def run(self, ctx: Context) -> Flow:
        ctx.emit(
            BattleStarted(title=ctx.battlefield.scenario.title, ruleset=self.id, seed=ctx.seed)
        )
        while True:
            ctx.round += 1
            ctx.emit(RoundStarted(ctx.round))
            for unit in ctx.units():
                turn = ctx.get(unit, Turn)
                turn.acted = turn.stepped = turn.punched = turn.braced = False
            for side in ctx.side_order:
                ctx.active_side = side
                yield from self._side_turn(ctx, side)
                if check_end(ctx):
                    return
            ctx.active_side = None
            ctx.emit(RoundEnded(ctx.round))
            if ctx.round >= ROUND_LIMIT:
                finish(ctx, None, f"round limit {ROUND_LIMIT}")
                return

    def _side_turn(self, ctx: Context, side: str) -> Flow:
        while True:
            ready = [
                u
                for u in readers.units_of(ctx, side)
                if standing(ctx, u) and not ctx.get(u, Turn).acted
            ]
            if not ready:
                return
            unit = ready[0]
            if len(ready) > 1:
                options = tuple(
                    Option(kind="choose_unit", label=readers.name(ctx, u), answer=ChooseUnit(u))
                    for u in ready
                )
                choice = yield ctx.decide(
                    "choose_unit",
                    side=side,
                    unit=None,
                    prompt="Who scuffles next?",
                    options=options,
                )
                unit = choice.unit  # type: ignore[attr-defined]
            yield from self._turn(ctx, side, unit)
            if check_end(ctx):
                return

    def _turn(self, ctx: Context, side: str, unit: str) -> Flow:
        ctx.get(unit, Turn).acted = True
        ctx.active_unit = unit
        who = readers.name(ctx, unit)
        ctx.emit(UnitActivated(unit=unit, who=who))
        while standing(ctx, unit) and not ctx.over:
            choice = yield ctx.decide(
                "turn",
                side=side,
                unit=unit,
                prompt=f"{who}: scuffle",
                options=self.catalog(ctx, unit),
                open=True,
            )
            if isinstance(choice, Rest):
                break
            yield from self.perform(ctx, choice)
            if check_end(ctx):
                return
        ctx.emit(UnitDone(unit=unit, who=who))
        ctx.active_unit = None

    def in_fight(self, ctx: Context, unit: str) -> bool:
        return standing(ctx, unit)

    def occupies_cell(self, ctx: Context, unit: str) -> bool:
        return standing(ctx, unit)

    def markers(self, ctx: Context, unit: str) -> frozenset[str]:
        return frozenset({"braced"}) if ctx.get(unit, Turn).braced else frozenset()

    def health_tracks(self, ctx: Context, unit: str) -> tuple[HealthTrack, ...]:
        g = grit(ctx, unit)
        return (HealthTrack("Grit", g.current, g.maximum),)

    def side_of(self, ctx: Context, unit: str) -> str:
        return readers.side(ctx, unit)

    def unit_view(self, ctx: Context, unit: str) -> UnitView:
        return self.view_with(ctx, unit, "ready" if standing(ctx, unit) else "knocked out")

    def presenter(self) -> Presenter:
        return ScufflePresenter()

    def sheet_rows(self, ctx: Context, unit: str, *, full: bool) -> list[tuple[str, str]]:
        g = grit(ctx, unit)
        return [("Grit", f"{g.current}/{g.maximum}"), ("Punch", f"1d4+{g.punch}")]


def install() -> None:
    """Register the ruleset and its content schema for this process."""
    from game.rulesets import register_ruleset

    register_ruleset(RULESET_ID, ScuffleRuleset)
    register_schema(ScuffleRuleset.schema)


def uninstall() -> None:
    from game.rulesets import unregister_ruleset

    unregister_ruleset(RULESET_ID)
    unregister_schema(RULESET_ID)
