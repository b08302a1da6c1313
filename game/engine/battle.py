"""``Battle``: a state machine that runs until it needs a choice (DESIGN.md · The path of one
decision).

    battle = Battle("maps/duel.tmx", ruleset="grid", seed=7)
    while not battle.over:
        decision = battle.pending                  # who decides what, with the options
        result = battle.answer(some_answer)        # Ok(events) or Refused(reason)

Nothing but ``answer`` changes the battle. A refused answer leaves it exactly as it was
(``state_hash()`` unchanged). ``answers`` is the list of accepted answers: the seed, the
map, the ruleset, the controllers and this list replay the battle to the same
``state_hash()`` (``Battle.replay``).

``fork()`` makes an independent copy pending the same decision (README · Forking a
battle). Each battle owns an esper world with a unique name and switches to it whenever one
of its methods runs (esper 3 keeps worlds at module level; see DESIGN.md · esper traps).
``close()`` deletes the world; simulate and tests call it when done.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import esper

from game.engine.answers import MAX_REASON, Answer, field_problem
from game.engine.context import Context
from game.engine.decision import Decision, Ok, Refused, Result
from game.engine.dice import ScriptedRandom
from game.engine.events import Event, Rolled
from game.engine.fork import Checkpoint, build_world, capture, copy_rng
from game.engine.hashing import decision_state, digest, plain
from game.maps.battlefield import Battlefield
from game.rulesets import DEFAULT as DEFAULT_RULESET

_WORLD_NUMBERS = itertools.count(1)
CONTROLLER_KINDS = ("human", "ai")


@dataclass(frozen=True, slots=True)
class UnitView:
    """A read-only snapshot of one unit for scripts, the UI and the AI."""

    id: str
    name: str
    side: str
    template: str
    cell: tuple[int, int]
    hp: int
    max_hp: int
    status: str  # "ready", "mortally wounded", "dead", "fled", "surrendered", "routed"
    in_fight: bool
    tracks: tuple[Any, ...] = ()  # the ruleset's HealthTracks, main first (hp/max_hp)
    conditions: tuple[str, ...] = ()  # the ruleset's condition markers ("prone" …)


class Battle:
    """One battle: map + ruleset + seed + controllers, driven by answers.

    ``options`` sets the ruleset's house rules by name (``Ruleset.rule_options``; the
    rest keep their defaults); ``ruleset_options`` holds all of them, as saves store them.
    ``controllers`` maps side id → controller name ("human", "ai", or an AI level such as
    "baseline"); the engine only records them (saves need them) — answering is up to the
    caller, e.g. ``game.ai.play`` for AI sides. ``dice`` replaces the battle's generator
    for the rolls of the fight (tests pass a ``ScriptedRandom``); unit hit points are then
    still rolled from ``seed``.
    """

    # an answer's rules raised halfway (a bug): the state is not what any list of whole
    # answers gives, so it is never saved (``game.saves.format.snapshot``)
    broken = False

    def __init__(
        self,
        battlefield: Battlefield | str | Path,
        ruleset: str = DEFAULT_RULESET,
        seed: int = 0,
        controllers: Mapping[str, str] | None = None,
        *,
        content: Any = None,
        dice: random.Random | None = None,
        options: Mapping[str, object] | None = None,
    ) -> None:
        from game.engine.options import resolve_options
        from game.rulesets import get_ruleset

        if not isinstance(battlefield, Battlefield):
            from game.maps.loader import load_battlefield

            # custom content: the map's spawns may name its templates
            known = None if content is None else frozenset(content.templates)
            battlefield = load_battlefield(Path(battlefield), known)
        assert isinstance(battlefield, Battlefield)
        if content is None:
            from game.content import load_content

            content = load_content()
        self.battlefield = battlefield
        self.ruleset_id = ruleset
        self.seed = seed
        side_ids = [s.id for s in battlefield.scenario.sides]
        self.controllers: dict[str, str] = {s: "ai" for s in side_ids}
        if controllers:
            unknown = set(controllers) - set(side_ids)
            if unknown:
                raise ValueError(f"no side {sorted(unknown)[0]!r} on this map")
            self.controllers.update(controllers)
        self.content = content
        if isinstance(dice, ScriptedRandom):
            # the caller's own script: faces pushed onto it later are this battle's too
            self._dice: random.Random | None = dice
            self._first_start = True
        else:
            self._dice = copy.deepcopy(dice) if dice is not None else None
        self._get_ruleset = get_ruleset
        rules = get_ruleset(ruleset)  # fails early on an unknown id
        specs = rules.rule_options
        unplayable = rules.map_problems(battlefield)
        if unplayable:  # one line for each thing these rules cannot play, before it begins
            from game.maps.errors import MapError

            raise MapError(battlefield.path, unplayable)
        # Every house rule with its value (RuleOptionError for an unknown one).
        self.ruleset_options: dict[str, str] = resolve_options(specs, options, ruleset)
        self.answers: list[Answer] = []
        # per answer: len(events) just before it was applied, and the side that gave it
        self._marks: list[tuple[int, str]] = []
        self._start()

    # -- lifecycle -------------------------------------------------------------------------
    def _start(self) -> None:
        from game.world import build_world
        from game.world.components import UnitId

        self.world_name = f"battle-{next(_WORLD_NUMBERS)}"
        if isinstance(self._dice, ScriptedRandom):
            # the first run rolls from the caller's script itself (its ``remaining`` and
            # ``log`` follow the battle); a restart (undo) from the start of the same script
            first = getattr(self, "_first_start", False)
            self._first_start = False
            rng: random.Random = self._dice if first else self._dice.fresh()
        elif self._dice is not None:
            rng = copy.deepcopy(self._dice)
        else:
            rng = random.Random(self.seed)
        build_rng = random.Random(self.seed) if self._dice is not None else rng
        ruleset = self._get_ruleset(self.ruleset_id)
        esper.switch_world(self.world_name)
        build_world(self.battlefield, self.content, self.world_name, build_rng, ruleset.build_unit)
        self.ctx = Context(
            battlefield=self.battlefield,
            content=self.content,
            ruleset=ruleset,
            rng=rng,
            world_name=self.world_name,
            seed=self.seed,
        )
        self.ctx.options = dict(self.ruleset_options)
        # Units in the order they were created (the map's spawn order): stable across replays.
        self.ctx.entities = {
            uid.id: ent for ent, uid in sorted(esper.get_component(UnitId), key=lambda p: p[0])
        }
        ruleset.setup(self.ctx)
        self._checkpoint: Checkpoint | None = None  # the last one taken
        self._quiet: tuple[int, Any] | None = None  # (answers, point) of a quiet decision
        self._restoring = False
        self.ctx.on_quiet = self._on_quiet
        self._flow = ruleset.run(self.ctx)
        self.pending: Decision | None = None
        self._advance(None)

    def _on_quiet(self, point: Any, pending: bool) -> None:
        """The scheme is at a quiet point (README · Forking a battle): a checkpoint now, or,
        at a decision about to be pending, a note to take one if forked there."""
        if self._restoring:
            return
        if pending:
            self._quiet = (len(self.answers), point)
        else:
            self._checkpoint = capture(self, point)

    def close(self) -> None:
        """Delete this battle's esper world (switching away from it first if needed)."""
        if self.world_name in esper.list_worlds():
            if esper.current_world == self.world_name:
                esper.switch_world("default")
            esper.delete_world(self.world_name)

    @contextmanager
    def _active(self) -> Iterator[None]:
        if esper.current_world != self.world_name:
            esper.switch_world(self.world_name)
        yield

    def _advance(self, answer: Answer | None) -> None:
        try:
            if answer is None:
                self.pending = next(self._flow)
            else:
                self.pending = self._flow.send(answer)
        except StopIteration:
            self.pending = None
            self.ctx.over = True

    # -- the public loop -------------------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        return self.ctx.events

    @property
    def over(self) -> bool:
        return self.pending is None

    @property
    def winner(self) -> str | None:
        return self.ctx.winner

    @property
    def round(self) -> int:
        return self.ctx.round

    def validate(self, choice: Any) -> str | None:
        """Why ``choice`` would be refused, or None if it would be accepted (pure). The
        reason is one line of at most ``MAX_REASON`` characters."""
        reason = self._refusal(choice)
        if reason is None or len(reason) <= MAX_REASON:
            return reason
        return reason[: MAX_REASON - 1] + "…"

    def _refusal(self, choice: Any) -> str | None:
        with self._active():
            decision = self.pending
            if decision is None:
                return "the battle is over"
            if not isinstance(choice, Answer):
                return f"not an answer: {type(choice).__name__}"
            problem = field_problem(choice)  # exact field types first: what saves can store
            if problem is not None:
                return f"malformed answer: {problem}"
            try:
                if decision.open:
                    return self.ctx.ruleset.validate_action(self.ctx, decision, choice)
                if choice in decision.answers:
                    return None
            except (TypeError, ValueError, KeyError, IndexError) as exc:
                return f"malformed answer {choice.describe()}: {exc}"
            wanted = ", ".join(sorted({a.kind for a in decision.answers}))
            return f"{choice.describe()} is not one of the options ({wanted})"

    def answer(self, choice: Any) -> Result:
        """Apply ``choice`` to the pending decision: Ok(events) or Refused(reason)."""
        reason = self.validate(choice)
        if reason is not None:
            return Refused(reason)
        with self._active():
            return self._apply(choice)

    def _apply(self, choice: Answer) -> Ok:
        """Apply an answer already validated (or given before, in a replay)."""
        start = len(self.ctx.events)
        self._marks.append((start, self.pending.side if self.pending else ""))
        self.answers.append(choice)
        self.ctx.answer_count = len(self.answers)
        try:
            self._advance(choice)
        except Exception:
            self.broken = True  # the rules broke off mid-answer: no whole answer's state
            raise
        return Ok(tuple(self.ctx.events[start:]))

    def legal_answers(self) -> list[Answer]:
        """Every concrete legal answer to the pending decision (empty when over)."""
        with self._active():
            if self.pending is None:
                return []
            return self.ctx.ruleset.legal_answers(self.ctx, self.pending)

    # -- undo and replay ---------------------------------------------------------------------
    def can_undo(self) -> bool:
        """True when the last answer rolled no die since it was given (undo never rerolls)."""
        if not self.answers:
            return False
        return not any(isinstance(e, Rolled) for e in self.ctx.events[self._marks[-1][0] :])

    def answered_by(self, index: int) -> str:
        """The side whose decision ``answers[index]`` answered (an undo asks whose it was)."""
        return self._marks[index][1]

    def undo(self) -> bool:
        """Take back the last answer if ``can_undo()``; rebuilds by replaying the rest."""
        if not self.can_undo():
            return False
        keep = self.answers[:-1]
        self._restart(keep)
        return True

    def _restart(self, answers: Sequence[Answer]) -> None:
        old = self.world_name
        self.answers = []
        self._marks = []
        self._start()
        if old in esper.list_worlds() and esper.current_world != old:
            esper.delete_world(old)
        for a in answers:
            result = self.answer(a)
            if not result.ok:
                at = len(self.answers)
                raise RuntimeError(f"replay diverged at answer {at}: {result.reason}")

    # -- forking ------------------------------------------------------------------------------
    def fork(self) -> Battle:
        """An independent battle in the same state, pending the same decision, with its own
        esper world: answering either never changes the other (README · Forking a battle).
        Built from the last quiet checkpoint plus the answers given since; a battle whose
        ruleset cannot resume (or with no checkpoint yet) is replayed from the start. This
        battle's world is the active one afterwards (callers reading ``ctx`` carry on)."""
        return self._fork(replay=True)

    def fork_quiet(self) -> Battle:
        """A fork of this battle as it stood at its last quiet point (README · Forking a
        battle), the answers given since *not* replayed: ``self.answers[len(f.answers):]``
        are those answers, for the caller to give again or to answer otherwise (a search
        that must not see what the other side declared in secret). A battle that cannot
        resume (or with no checkpoint yet) gives a fork at its start. This battle's world
        is the active one afterwards."""
        return self._fork(replay=False)

    def _fork(self, *, replay: bool) -> Battle:
        with self._active():
            quiet, cp = self._quiet, self._checkpoint
            if quiet is not None and quiet[0] == len(self.answers):
                if cp is None or cp.answers < quiet[0]:  # pending the quiet decision
                    cp = self._checkpoint = capture(self, quiet[1])
            if cp is None or not self.ctx.ruleset.forkable:
                new = self._replayed_copy(None if replay else 0)
            else:
                new = self._from_checkpoint(cp, replay=replay)
            esper.switch_world(self.world_name)
            return new

    def _replayed_copy(self, upto: int | None = None) -> Battle:
        """The fallback fork: a new battle with the same set-up and every answer (the first
        ``upto``) replayed."""
        new = self._blank_copy()
        new.answers, new._marks = [], []
        new._start()
        for a in self.answers[:upto]:
            new._apply(a)
        return new

    def _blank_copy(self) -> Battle:
        new = Battle.__new__(Battle)
        new.battlefield = self.battlefield
        new.ruleset_id = self.ruleset_id
        new.seed = self.seed
        new.controllers = dict(self.controllers)
        new.content = self.content
        scripted = isinstance(self._dice, ScriptedRandom)
        new._dice = copy.deepcopy(self._dice) if scripted else self._dice  # only read
        new._get_ruleset = self._get_ruleset
        new.ruleset_options = dict(self.ruleset_options)
        return new

    def _from_checkpoint(self, cp: Checkpoint, *, replay: bool = True) -> Battle:
        new = self._blank_copy()
        new.answers = self.answers[: cp.answers]
        new._marks = self._marks[: cp.answers]
        new.world_name = f"battle-{next(_WORLD_NUMBERS)}"
        ruleset = build_world(new.world_name, cp)
        rng = copy_rng(cp.rng)
        if isinstance(rng, ScriptedRandom) and isinstance(new._dice, ScriptedRandom):
            rng.follow(new._dice._script)  # noqa: SLF001 - the faces pushed since, too
        ctx = Context(
            battlefield=self.battlefield,
            content=self.content,
            ruleset=ruleset,
            rng=rng,
            world_name=new.world_name,
            seed=self.seed,
        )
        for name, value in cp.fields.items():
            setattr(ctx, name, value)
        ctx.options = dict(cp.fields["options"])
        ctx.entities = dict(cp.fields["entities"])
        ctx.events = self.ctx.events[: cp.events]
        ctx.sight = self.ctx.sight  # a pure memo of the terrain's geometry
        ctx.on_quiet = new._on_quiet
        new.ctx = ctx
        new._checkpoint = cp
        # a note of a quiet decision later than the checkpoint holds only if the answers
        # since are replayed (``fork_quiet`` leaves them to its caller)
        later = self._quiet is not None and self._quiet[0] > cp.answers
        new._quiet = None if later and not replay else self._quiet
        new._restoring = True
        new._flow = ruleset.resume(ctx, cp.point)
        new.pending = None
        new._advance(None)
        new._restoring = False
        for a in self.answers[cp.answers :] if replay else ():
            new._apply(a)
        return new

    @classmethod
    def replay(
        cls,
        battlefield: Battlefield | str | Path,
        answers: Sequence[Answer],
        ruleset: str = DEFAULT_RULESET,
        seed: int = 0,
        controllers: Mapping[str, str] | None = None,
        **kwargs: Any,
    ) -> Battle:
        """A new battle with ``answers`` applied in order (RuntimeError if one is refused)."""
        battle = cls(battlefield, ruleset, seed, controllers, **kwargs)
        for i, a in enumerate(answers):
            result = battle.answer(a)
            if not result.ok:
                raise RuntimeError(f"replay diverged at answer {i}: {result.reason}")
        return battle

    # -- reading the battle ------------------------------------------------------------------
    def unit_ids(self) -> list[str]:
        return list(self.ctx.units())

    def unit(self, unit_id: str) -> UnitView:
        with self._active():
            return self.ctx.ruleset.unit_view(self.ctx, unit_id)

    def units(self, side: str | None = None) -> list[UnitView]:
        with self._active():
            views = [self.ctx.ruleset.unit_view(self.ctx, u) for u in self.ctx.units()]
        return [v for v in views if side is None or v.side == side]

    def component(self, unit_id: str, component: type[Any]) -> Any:
        """A copy of a unit's component: what the screen, the AI and scripts read.
        Changing the copy never changes the battle (only answers do); frozen components
        are values and come as they are."""
        from game.engine.fork import copy_components

        with self._active():
            return copy_components((self.ctx.get(unit_id, component),))[0]

    def edit(self, unit_id: str, component: type[Any]) -> Any:
        """The live component, to set up a position by hand (tests, tools): the one way
        around the answer path, so it is named for what it does. Saves and replays do not
        carry hand edits; a fork taken at the decision pending now carries them (the
        battle's copy for forks is taken again), one taken later may not."""
        with self._active():
            if self._quiet is not None and self._quiet[0] == len(self.answers):
                self._checkpoint = None  # pending a quiet decision: copy again when forked
            return self.ctx.get(unit_id, component)

    def attack_preview(
        self, attacker: str, target: str, weapon: str, *, ranged: bool | None = None
    ) -> Any:
        """Pure preview of an attack (hit chance with itemised modifiers, damage, Shock)."""
        with self._active():
            return self.ctx.ruleset.attack_preview(
                self.ctx, attacker, target, weapon, ranged=ranged
            )

    def sheet_rows(self, unit: str, *, full: bool) -> list[tuple[str, str]] | None:
        """The ruleset's rows for the unit card or sheet, or None (the template's) (pure)."""
        with self._active():
            return self.ctx.ruleset.sheet_rows(self.ctx, unit, full=full)

    def armour_class(self, unit: str) -> Any:
        """The unit's AC now with the modifiers that change it, or None (pure)."""
        with self._active():
            return self.ctx.ruleset.armour_class(self.ctx, unit)

    def yet_to_act(self, side: str) -> list[str] | None:
        """Units of ``side`` that have not had their turn this round yet, or None when the
        ruleset keeps no such account (pure)."""
        with self._active():
            return self.ctx.ruleset.yet_to_act(self.ctx, side)

    def declares(self, unit: str) -> bool:
        """Whether the scheme asks ``unit`` to declare this round and lets it act at its
        place in the order (``Ruleset.declares``; pure)."""
        with self._active():
            return self.ctx.ruleset.declares(self.ctx, unit)

    def threatened_cells(self, unit: str) -> frozenset[tuple[int, int]] | None:
        """The squares ``unit`` could attack on its next turn (``Ruleset.threatened_cells``;
        None when the ruleset does not say)."""
        with self._active():
            return self.ctx.ruleset.threatened_cells(self.ctx, unit)

    def ground_items(self) -> list[tuple[tuple[int, int], str]]:
        """What lies on the ground as (cell, weapon id), in a fixed order (pure)."""
        with self._active():
            return self.ctx.ruleset.ground_items(self.ctx)

    def answer_preview(self, answer: Answer) -> Any:
        """Pure preview of the attack a compound answer (a charge) would make, as it would
        make it; None when the ruleset has none for it."""
        with self._active():
            return self.ctx.ruleset.answer_preview(self.ctx, answer)

    def provocations(self, answer: Answer) -> list[tuple[tuple[int, int], tuple[str, ...]]]:
        """Squares along a movement answer's path where leaving provokes attacks of
        opportunity, each with the units that would make them (pure; for the UI)."""
        with self._active():
            return self.ctx.ruleset.provocations(self.ctx, answer)

    def provoking_steps(self, answer: Answer) -> list[tuple[int, int]]:
        """Squares along a movement answer's path where leaving provokes attacks of
        opportunity (pure; for the UI's path preview)."""
        with self._active():
            return self.ctx.ruleset.provoking_steps(self.ctx, answer)

    def state_hash(self) -> str:
        """sha256 of everything that decides the future: units' components, round, turn
        position, the pending decision (who decides what, and the options' kinds and
        answers: not its wording) and the dice generator's state."""
        with self._active():
            units: dict[str, Any] = {}
            for uid in self.ctx.units():
                comps: tuple[Any, ...] = esper.components_for_entity(self.ctx.entity(uid))
                ordered = sorted(comps, key=lambda c: type(c).__name__)
                units[uid] = {type(c).__name__: plain(c) for c in ordered}
            state = {
                "ruleset": self.ruleset_id,
                "round": self.ctx.round,
                "active": [self.ctx.active_side, self.ctx.active_unit],
                "order": list(self.ctx.side_order),
                "events": len(self.ctx.events),
                "answers": len(self.answers),
                "pending": decision_state(self.pending),
                "winner": self.ctx.winner,
                "rng": repr(self.ctx.rng.getstate()),
                "units": units,
                "extra": plain(self.ctx.ruleset.hash_extra(self.ctx)),
            }
            if self.ctx.objectives is not None:  # a map with objectives (none: as before)
                state["objectives"] = plain(self.ctx.objectives)
            return digest(state)
