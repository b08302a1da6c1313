"""The battle's working state as the rules see it: world access, dice, events, decisions.

Rules code (schemes, actions, reactions, systems) receives a ``Context``. It is the only
thing they touch: ``ctx.get(unit, Health)`` reads a component of a unit (by its stable
``UnitId`` string), ``ctx.roll(...)`` rolls with the battle's generator and logs the roll,
``ctx.emit(event)`` announces a change, ``ctx.decide(...)`` builds the Decision a flow
yields, and ``yield from ctx.window(name, trigger)`` opens a reaction window.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

import esper

from game.engine.answers import Answer, Decline
from game.engine.decision import Decision, Option
from game.engine.dice import dice_text, roll_dice
from game.engine.events import Event, Rolled, spelled_terms
from game.geometry.grid import Grid
from game.maps.battlefield import Battlefield, SideInfo

if TYPE_CHECKING:
    from game.content import Content
    from game.engine.seam import Flow, ReactionSpec, Ruleset

C = TypeVar("C")


class Context:
    """Per-battle state shared by the engine and the ruleset (one per ``Battle``)."""

    def __init__(
        self,
        *,
        battlefield: Battlefield,
        content: Content,
        ruleset: Ruleset,
        rng: random.Random,
        world_name: str,
        seed: int,
    ) -> None:
        self.battlefield = battlefield
        self.grid: Grid = battlefield.grid
        self.content = content
        self.ruleset = ruleset
        self.rng = rng
        self.world_name = world_name
        self.seed = seed
        self.events: list[Event] = []
        self.answer_count = 0
        self.round = 0
        self.winner: str | None = None
        self.over = False
        self.active_side: str | None = None
        self.active_unit: str | None = None
        # The map objectives' progress (``game.rules.objectives``): None until the first
        # check of a map that has objectives; a tuple of frozen values, replaced on change.
        self.objectives: Any = None
        self.sides: tuple[SideInfo, ...] = battlefield.scenario.sides
        self.side_order: tuple[str, ...] = tuple(s.id for s in self.sides)
        self.entities: dict[str, int] = {}  # UnitId -> esper entity
        self._queue: deque[Event] = deque()
        self._dispatching = False
        self.sight: Any = None  # game.geometry Sight, set by the battle
        # The ruleset's house rules, every one with its value (``game.engine.options``).
        self.options: dict[str, str] = {}
        # Called by ``quiet``: the battle takes a checkpoint there (README · Forking).
        self.on_quiet: Callable[[Any, bool], None] | None = None

    # -- world access ---------------------------------------------------------------------
    def entity(self, unit: str) -> int:
        return self.entities[unit]

    def get(self, unit: str, component: type[C]) -> C:
        """The ``component`` of ``unit`` (by UnitId); KeyError if the unit has none."""
        return esper.component_for_entity(self.entities[unit], component)

    def try_get(self, unit: str, component: type[C]) -> C | None:
        return esper.try_component(self.entities[unit], component)

    def units(self) -> Iterator[str]:
        """Every unit id, in a fixed order (the order of the map's spawns)."""
        return iter(self.entities)

    def side_info(self, side: str) -> SideInfo:
        return self.battlefield.side(side)

    # -- events and dice -----------------------------------------------------------------
    def emit(self, event: Event) -> None:
        """Append ``event`` and let the systems react (queued, so never re-entrant)."""
        self._queue.append(event)
        if self._dispatching:
            return
        self._dispatching = True
        try:
            while self._queue:
                ev = self._queue.popleft()
                self.events.append(ev)
                esper.process(self, ev)
        finally:
            self._dispatching = False

    def roll(
        self,
        count: int,
        sides: int,
        modifier: int = 0,
        *,
        unit: str | None = None,
        who: str = "",
        purpose: str,
        detail: str = "",
        target: int | None = None,
        versus: str = "",
        success_if: str = "at_least",
        words: tuple[str, str] = ("", ""),
        terms: tuple[int, ...] = (),
    ) -> Rolled:
        """Roll ``count``d``sides`` + ``modifier``, emit the ``Rolled`` event and return it.

        With a ``target``, the outcome word is ``words[0]`` when the total is at least the
        target (``success_if="at_least"``) or at most it (``"at_most"``), else ``words[1]``.
        ``terms``: the parts ``modifier`` adds up from, named in the roll's text when there
        are two or more that are not zero (so ones that cancel out still show).
        """
        faces = roll_dice(self.rng, count, sides)
        total = sum(faces) + modifier
        outcome = ""
        if target is not None and any(words):
            ok = total >= target if success_if == "at_least" else total <= target
            outcome = words[0] if ok else words[1]
        event = Rolled(
            unit=unit,
            who=who,
            purpose=purpose,
            dice=dice_text(count, sides),
            faces=faces,
            modifier=modifier,
            total=total,
            target=target,
            versus=versus,
            outcome=outcome,
            detail=detail,
            terms=spelled_terms(modifier, terms),
            at_most=target is not None and success_if == "at_most",
        )
        self.emit(event)
        return event

    def quiet(self, point: Any, *, pending: bool = False) -> None:
        """Mark a quiet point of the turn scheme: from here the battle could carry on from
        its state alone with ``ruleset.resume(ctx, point)`` (README · Forking a battle).
        ``pending``: the scheme yields a decision right after this call, changing nothing
        in between, so the battle may copy its state later, only if it is forked while
        that decision is pending; otherwise (between rounds, say) it copies it now."""
        if self.on_quiet is not None:
            self.on_quiet(point, pending)

    # -- decisions -------------------------------------------------------------------------
    def decide(
        self,
        kind: str,
        *,
        side: str,
        unit: str | None,
        prompt: str,
        options: tuple[Option, ...],
        open: bool = False,
        trigger: Event | None = None,
    ) -> Decision:
        """Build the Decision a flow yields next (its id is the number of answers so far)."""
        return Decision(
            id=self.answer_count,
            kind=kind,
            side=side,
            unit=unit,
            prompt=prompt,
            options=options,
            open=open,
            trigger=trigger,
        )

    def window(self, name: str, trigger: Event, side_of: dict[str, str] | None = None) -> Flow:
        """Open the reaction window ``name`` after ``trigger``: each unit (in the fixed unit
        order) that has reactions on offer is asked, in turn. ``side_of`` maps unit → side
        (defaults to ``ruleset.side_of``)."""
        specs = [r for r in self.ruleset.reactions if r.window == name]
        if not specs:
            return
        for unit in list(self.units()):
            offers: list[tuple[ReactionSpec, Answer]] = []
            for spec in specs:
                offers.extend((spec, a) for a in spec.offers(self, unit, trigger))
            if not offers:
                continue
            side = side_of[unit] if side_of else self.ruleset.side_of(self, unit)
            options = tuple(
                Option(kind=a.kind, label=a.label, cost=spec.cost, answer=a) for spec, a in offers
            ) + (Option(kind="decline", label="Decline", answer=Decline(unit)),)
            choice = yield self.decide(
                "reaction",
                side=side,
                unit=unit,
                prompt=f"{trigger.text()} — react?",
                options=options,
                trigger=trigger,
            )
            for spec, offered in offers:
                if offered == choice:
                    yield from spec.perform(self, choice, trigger)
                    break
