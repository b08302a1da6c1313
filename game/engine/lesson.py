"""A guided battle (issue 30 · Learning the game): a ruleset's lesson, a short table of
steps, each shown as a hint that goes away when the player has done what it asks.

A ruleset's presenter offers its lessons (``Presenter.lessons()``), each bound to one map
(by the file's stem) and a seed, so that the enemies, who answer through the same
Decision as always, act the same way every time the lesson is played. The screen shows
the current step's hint and tells the ``LessonTracker`` what happened: the answers the
players gave, the events the battle emitted and what the screen showed them ("looks":
``LOOKS``). The tracker knows no ruleset and draws nothing; it runs without pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.engine.answers import Answer
from game.engine.events import Event

if TYPE_CHECKING:
    from game.engine.battle import Battle

# one thing that happened in a battle: an event, or a player's answer to a decision kind
Moment = Event | tuple[str, Answer]

# parts of the screen a step's hint points at, besides those its looks name: the screen
# gives them room while the step is shown (play-test 3: "watch the log" with a one-line log)
POINTS = ("log",)

# what the screen can report that it showed the player
LOOKS = (
    "preview",  # the preview of an attack on a unit (hit chance, damage, modifiers)
    "cover",  # the lines of sight to a target, some of them blocked
    "provoking",  # a hovered path that would provoke an attack when leaving a foe
    "plans",  # the panel of revealed intentions, under the mouse
    "order",  # a unit with its place in the order of the round, under the mouse
)


@dataclass(frozen=True, slots=True)
class Deed:
    """One thing that finishes a step; the fields given must all match.

    ``decision``: the kind of the decision a player answered ("choose_unit", "turn",
    "reaction"); ``answer``: the kind of that answer; ``event``: the kind of an event the
    battle emitted, ``fields`` its attribute values, and ``mine`` that the unit it names
    (``unit``, else ``attacker``) is a player's; ``look``: something the screen showed
    (one of ``LOOKS``)."""

    decision: str = ""
    answer: str = ""
    event: str = ""
    fields: tuple[tuple[str, object], ...] = ()
    mine: bool = False
    look: str = ""

    def __post_init__(self) -> None:
        if self.look and self.look not in LOOKS:
            raise ValueError(f"unknown look {self.look!r} (one of {', '.join(LOOKS)})")
        if sum(bool(x) for x in (self.decision or self.answer, self.event, self.look)) != 1:
            raise ValueError("a deed is an answer, an event or a look, exactly one")

    def by_answer(self, decision: str, answer: Answer) -> bool:
        if self.event or self.look:
            return False
        return (not self.decision or self.decision == decision) and (
            not self.answer or self.answer == answer.kind
        )

    def by_event(self, event: Event, players: Callable[[str], bool]) -> bool:
        if self.event != event.kind:
            return False
        if any(getattr(event, name, None) != value for name, value in self.fields):
            return False
        if self.mine:
            unit = getattr(event, "unit", None) or getattr(event, "attacker", None)
            return isinstance(unit, str) and players(unit)
        return True


@dataclass(frozen=True, slots=True)
class LessonStep:
    """One hint: ``title`` (a few words), ``hint`` (what to do, and why, in two or three
    short sentences) and the ``deeds``, any one of which finishes it.

    A step must never dead-end (play-test 3): ``moot`` are events that show its subject
    can no longer be seen as the hint says (the player took another way; the dice went
    elsewhere). When one is seen and no deed finished the step among the same events,
    the step finishes anyway and ``moot_note`` (why) is said above the next hint."""

    key: str
    title: str
    hint: str
    deeds: tuple[Deed, ...]
    moot: tuple[Deed, ...] = ()
    moot_note: str = ""
    cue: str = ""  # a decision kind: while a player has one before them, this step is shown
    points: tuple[str, ...] = ()  # parts of the screen its hint points at (``POINTS``)

    def __post_init__(self) -> None:
        if not self.deeds:
            raise ValueError(f"lesson step {self.key!r} has no deed to finish it")
        if any(not d.event for d in self.moot):
            raise ValueError(f"lesson step {self.key!r}: a moot deed is an event")
        if self.moot and not self.moot_note:
            raise ValueError(f"lesson step {self.key!r}: say why it went moot")
        if any(p not in POINTS for p in self.points):
            raise ValueError(f"lesson step {self.key!r}: it points at one of {POINTS}")


@dataclass(frozen=True, slots=True)
class Lesson:
    """A ruleset's guided battle on the map ``map`` (a file stem) with the dice of
    ``seed``; ``closing``: the words shown when every step is done; ``any_order``: its
    steps may be done in any order (each still shown in turn)."""

    map: str
    seed: int
    title: str
    steps: tuple[LessonStep, ...]
    closing: str
    any_order: bool = False  # a deed of any step not done yet finishes it

    def __post_init__(self) -> None:
        keys = [s.key for s in self.steps]
        if not keys or len(set(keys)) != len(keys):
            raise ValueError(f"lesson {self.map!r}: its steps need distinct keys")


@dataclass
class LessonTracker:
    """Where the player is in ``lesson``: the current step finishes when one of its deeds
    is seen after the step began; ``skipped`` ends the lesson at once.

    Steps follow what actually happened (play-test 3): a step with a ``cue`` is the
    current one while a player has a decision of that kind before them (``cue``), and in
    a lesson of ``any_order`` a deed of any step not done yet finishes that step."""

    lesson: Lesson
    index: int = 0  # the first step not done yet (the number of steps: all are done)
    skipped: bool = False
    done_keys: list[str] = field(default_factory=list)
    note: str = ""  # why the step before went moot, shown with the current one
    cue: str = ""  # the kind of the decision a player has before them now ("": none)

    @property
    def finished(self) -> bool:
        return self.skipped or self.index >= len(self.lesson.steps)

    @property
    def step(self) -> LessonStep | None:
        if self.finished:
            return None
        steps = self.lesson.steps
        if self.cue:
            cued = [s for s in steps if s.cue == self.cue and s.key not in self.done_keys]
            if cued:
                return cued[0]
        return steps[self.index]

    @property
    def position(self) -> int:
        """The current step's place in the lesson, from 0 (the number of steps: none)."""
        step = self.step
        return self.lesson.steps.index(step) if step is not None else len(self.lesson.steps)

    def open_steps(self) -> list[LessonStep]:
        """The steps what happens now may finish: the current one first, then in a lesson
        of ``any_order`` every other step not done yet."""
        step = self.step
        if step is None:
            return []
        if not self.lesson.any_order:
            return [step]
        rest = [s for s in self.lesson.steps if s is not step and s.key not in self.done_keys]
        return [step, *rest]

    def skip(self) -> None:
        self.skipped = True

    def _finish(self, step: LessonStep) -> bool:
        steps = self.lesson.steps
        self.done_keys.append(step.key)
        while self.index < len(steps) and steps[self.index].key in self.done_keys:
            self.index += 1
        self.note = ""
        return True

    def _advance_if(self, met: bool) -> bool:
        step = self.step
        if step is None or not met:
            return False
        return self._finish(step)

    def answered(self, decision: str, answer: Answer) -> bool:
        """A player's answer to a ``decision`` kind was accepted; True if it finished a
        step."""
        for step in self.open_steps():
            if any(d.by_answer(decision, answer) for d in step.deeds):
                return self._finish(step)
        return False

    def happened(self, events: Iterable[Event], players: Callable[[str], bool]) -> bool:
        """The battle emitted ``events`` (``players``: whether a unit is a player's)."""
        advanced = False
        moot = ""  # the step a moot event was seen in
        for event in events:
            current = self.step
            if current is None:
                break
            if any(d.by_event(event, players) for d in current.moot):
                moot = current.key
            for step in self.open_steps():
                if any(d.by_event(event, players) for d in step.deeds):
                    advanced = self._finish(step)
                    break
        current = self.step
        if current is not None and current.key == moot:  # no deed came among the same events
            self._finish(current)
            self.note = current.moot_note
            advanced = True
        return advanced

    def looked(self, look: str) -> bool:
        """The screen showed ``look`` (one of ``LOOKS``)."""
        for step in self.open_steps():
            if any(d.look == look for d in step.deeds):
                return self._finish(step)
        return False

    def catch_up(self, history: Iterable[Moment], players: Callable[[str], bool]) -> None:
        """Follow a battle already played (a lesson resumed from a save): ``history`` is
        what happened, in order. What the screen showed was not saved, so a step finished
        only by a look counts as done once something finishes the step after it; a step
        gone moot (``LessonStep.moot``) is done when the next answer of a player comes
        with no deed of it in between."""
        moot = ""
        for moment in [*history, None]:
            current = self.step
            if current is not None and current.key == moot and not isinstance(moment, Event):
                self._finish(current)
                self.note = current.moot_note
            if moment is None:
                break
            current = self.step
            if isinstance(moment, Event) and current is not None:
                if any(d.by_event(moment, players) for d in current.moot):
                    moot = current.key
            met = next((s for s in self.open_steps() if self._met(s, moment, players)), None)
            if met is not None:
                self._finish(met)
                continue
            step = self.step
            if step is not None and all(d.look for d in step.deeds):
                after = self.lesson.steps.index(step) + 1
                nxt = self.lesson.steps[after] if after < len(self.lesson.steps) else None
                if self._met(nxt, moment, players):
                    self._advance_if(True)
                    self._advance_if(True)

    @staticmethod
    def _met(step: LessonStep | None, moment: Moment, players: Callable[[str], bool]) -> bool:
        if step is None:
            return False
        if isinstance(moment, Event):
            return any(d.by_event(moment, players) for d in step.deeds)
        decision, answer = moment
        return any(d.by_answer(decision, answer) for d in step.deeds)


def history_of(battle: Battle) -> list[Moment]:
    """What happened in ``battle`` so far, for ``LessonTracker.catch_up``: its answers
    replayed on a fresh battle with the same map, rules and dice, each player's answer
    (a side its controllers give to a human) with the kind of decision it answered, and
    every event in order."""
    import esper

    from game.engine.battle import Battle

    was = esper.current_world
    fresh = Battle(
        battle.battlefield,
        battle.ruleset_id,
        battle.seed,
        dict(battle.controllers),
        content=battle.content,
        options=dict(battle.ruleset_options),
    )
    try:
        moments: list[Moment] = list(fresh.events)
        for answer in battle.answers:
            decision = fresh.pending
            if decision is None:
                break
            seen = len(fresh.events)
            if fresh.validate(answer) is not None:
                break
            fresh.answer(answer)
            if battle.controllers.get(decision.side) == "human":
                moments.append((decision.kind, answer))
            moments.extend(fresh.events[seen:])
        return moments
    finally:
        fresh.close()
        if was in esper.list_worlds():
            esper.switch_world(was)
