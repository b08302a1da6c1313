"""The panels follow the board (play-test 11: at a round's end the round plan, the top bar
and the action bar showed the next round while the board still played the last blows for
seconds). While the board has not played out a batch of events that was not the
player's own answer (``Animations.shown_upto``), the round plan is read from the events
the board has come to, and the top bar shows what it said after the last batch played
out (its value is kept after each answer). No ruleset is named here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar, cast

from game.ui.intentions import round_plan as read_plan
from game.ui.intentions_panel import IntentionsPanel, PlanScreen

if TYPE_CHECKING:
    from game.engine import Battle
    from game.ui.battle_model import SideView
    from game.ui.intentions import RoundPlan
    from game.ui.top_bar import TopModel

T = TypeVar("T")


class Paced(Generic[T]):
    """A panel's value as the board has shown the battle."""

    def __init__(self) -> None:
        self._kept: list[tuple[int, T]] = []  # (the battle's events then, the value then)

    def shown(self, at: int, live: T, upto: int | None) -> T:
        """The value to show: ``live`` (the value now, with ``at`` events in the battle)
        when the board has played out every event (``upto`` None), else the last value
        kept from when the battle had at most ``upto`` events (the oldest kept, when none
        is that old)."""
        if upto is None:
            self._kept = [(at, live)]
            return live
        kept = [k for k in self._kept if k[0] < at]  # an undo cut the events: theirs go
        kept.append((at, live))
        old = [i for i, (n, _value) in enumerate(kept) if n <= upto]
        self._kept = kept[old[-1] :] if old else kept
        return self._kept[0][1]


class PacedPlan(IntentionsPanel):
    """The round plan as the board has shown the round: read from the events the board
    has come to (its "now" line moves as the board plays each unit; the "deciding…" line
    of the next decision waits for the last blows)."""

    def __init__(self) -> None:
        super().__init__()
        self._told_key: object = None
        self._told: RoundPlan | None = None

    def plan(self, scene: PlanScreen) -> RoundPlan | None:
        live = super().plan(scene)
        upto = scene.anim.shown_upto()
        if upto is None:
            return live
        told = scene.anim.told()
        upto = upto if told is None else min(told, upto)
        battle = scene.battle
        d = battle.pending
        key = (upto, len(battle.events), len(battle.answers), d.id if d else None, scene.viewer())
        if key != self._told_key:
            self._told_key = key
            self._told = read_plan(cast("Battle", BattleSoFar(battle, upto)), scene.viewer())
        return self._told


class BattleSoFar:
    """A battle read as if only its first ``upto`` events had happened yet (everything
    else is the battle's own): what the round plan reads while the board catches up."""

    def __init__(self, battle: Battle, upto: int) -> None:
        self._battle = battle
        self.events = battle.events[:upto]

    def __getattr__(self, name: str) -> object:
        return getattr(self._battle, name)


@dataclass(frozen=True, slots=True)
class TopFacts:
    """What the top bar says (``game.ui.top_bar.TopModel``), read at one moment."""

    title: str
    round: int
    limit: int | None
    before: str
    progress: str
    views: tuple[SideView, ...]
    current: str | None
    counts: tuple[str, ...]  # each side's chip count, as the screen counts it

    @classmethod
    def read(cls, model: TopModel, count: Callable[[SideView], str]) -> TopFacts:
        views = tuple(model.sides())
        return cls(
            model.title,
            model.round_no(),
            model.round_limit(),
            model.before_rounds(),
            model.objective_progress(),
            views,
            model.current_side(),
            tuple(count(v) for v in views),
        )

    def sides(self) -> Sequence[SideView]:
        return self.views

    def round_no(self) -> int:
        return self.round

    def round_limit(self) -> int | None:
        return self.limit

    def before_rounds(self) -> str:
        return self.before

    def objective_progress(self) -> str:
        return self.progress

    def current_side(self) -> str | None:
        return self.current

    def count(self, side: SideView) -> str:
        """The chip's count of ``side`` as it was read."""
        return self.counts[self.views.index(side)] if side in self.views else ""
