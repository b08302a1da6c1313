"""The ruleset seam (DESIGN.md · The ruleset seam).

A ``Ruleset`` bundles the policies that differ between the rules sources: the turn scheme
(a generator that runs the whole battle and yields each ``Decision``), the action catalog
(``ActionSpec`` per action kind), reaction windows (``ReactionSpec``), attack resolution
with its preview, the damage model and morale. Shared code (the engine, the AI, the UI)
talks only to this interface; there is no ``if ruleset == ...`` anywhere outside the
ruleset's own package.

Generators: the scheme and every action's ``perform`` are generators that ``yield`` a
``Decision`` whenever someone must choose and receive the (already validated) answer back
from ``yield``. Nesting with ``yield from`` lets an action open a reaction window inside
another unit's action (an attack roll → "Total Defense?"), and lets a scheme order sides,
order individuals, collect declarations before anything resolves, or interleave single
activations. Replays do not need to store generator state: the same seed and the same
answers drive the same generators to the same place.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Generator, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.answers import Answer, EndTurn
from game.engine.decision import Decision, Option
from game.engine.options import RuleOption
from game.world import ground

if TYPE_CHECKING:
    from game.content.loader import Content
    from game.content.templates import UnitTemplate
    from game.engine.battle import UnitView
    from game.engine.context import Context
    from game.engine.presenter import Presenter
    from game.maps.battlefield import Battlefield
    from game.maps.errors import Problem

# What every scheme, action and reaction generator looks like: it yields Decisions and
# receives the chosen Answer back.
Flow = Generator[Decision, Answer, None]


# What an action may be aimed at (``ActionSpec.target_kind``, ``Option.target_kind``).
TARGET_KINDS = ("none", "cell", "unit", "zone")


class ActionSpec:
    """One row of the action catalog: everything the engine, UI and AI need to know about
    one kind of action. Subclass it in one module per action (or family) and add an
    instance to the ruleset's ``actions``.

    - ``availability(ctx, unit)``: ``None`` when the unit could take this action now (some
      concrete answer may still be illegal), else the reason it cannot (the UI greys the
      button out with it). Cheap: runs for every turn decision.
    - ``enumerate(ctx, unit)``: every concrete legal answer (for the AI and tests); may be
      a representative subset when the space is huge, documented per action.
    - ``validate(ctx, answer)``: ``None`` when legal, else the reason. Must be pure: no
      rolls, no changes.
    - ``perform(ctx, answer)``: a generator that carries the action out (spends the budget,
      emits events, may yield reaction Decisions).
    """

    kind: ClassVar[str] = ""
    label: ClassVar[str] = ""
    cost: ClassVar[str] = ""  # "Main", "Move", "Free", "Instant", "Move+Main", "—"
    provokes: ClassVar[bool] = False  # the source's attack-of-opportunity column
    answer_type: ClassVar[type[Answer]] = Answer
    # What the action is aimed at, so that the UI and the AI never read the kind's name:
    # ``target_kind`` is one of ``TARGET_KINDS``: "none" (the unit itself), "cell" (a square),
    # "unit" (another unit, foe or friend), "zone" (an area); ``target_field`` names the
    # answer's field that holds it (a unit id, a cell, or a path whose last cell is the
    # square reached; "" for "none"). ``moves``: carrying it out walks the unit to another
    # square (a Move, a Charge). ``attacks``: it strikes its target to harm it (what
    # ``attack_preview`` / ``answer_preview`` price).
    target_kind: ClassVar[str] = "none"
    target_field: ClassVar[str] = ""
    moves: ClassVar[bool] = False
    attacks: ClassVar[bool] = False
    # ``helps``: its target is an ally (screen, first aid): the screen marks those targets
    # in the colour of help, not of harm. ``board_range``: how the board shows where the
    # action goes: "reach" for the ruleset's plain movement (its squares are shaded as the
    # unit's range, and a click on an empty square gives it), "attack_reach" for a moving
    # attack (the squares it can end on are outlined); "" for anything else.
    helps: ClassVar[bool] = False
    board_range: ClassVar[str] = ""

    def availability(self, ctx: Context, unit: str) -> str | None:
        raise NotImplementedError

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        raise NotImplementedError

    def validate(self, ctx: Context, answer: Any) -> str | None:
        raise NotImplementedError

    def perform(self, ctx: Context, answer: Any) -> Flow:
        raise NotImplementedError

    def option(self, ctx: Context, unit: str) -> Option:
        """The catalog entry for ``unit``; offers the exact answer when it needs no target."""
        reason = self.availability(ctx, unit)
        answer = self.answer_type(unit=unit) if self.parameterless else None  # type: ignore[call-arg]
        return Option(
            kind=self.kind,
            label=self.label,
            allowed=reason is None,
            reason=reason or "",
            cost=self.cost,
            provokes=self.provokes,
            answer=answer if reason is None else None,
            target_kind=self.target_kind,
            target_field=self.target_field,
            moves=self.moves,
            attacks=self.attacks,
            helps=self.helps,
            board_range=self.board_range,
        )

    @property
    def parameterless(self) -> bool:
        """True when the answer type has only the ``unit`` field (Disengage, End Turn)."""
        import dataclasses

        return [f.name for f in dataclasses.fields(self.answer_type)] == ["unit"]


class EndTurnAction(ActionSpec):
    """Ending the unit's turn (or, in a declaring ruleset, holding): always open, one
    answer, ``EndTurn``. A ruleset subclasses it for its label and what ending does
    (``perform``: nothing by default)."""

    kind = EndTurn.kind
    label = "End turn"
    cost = "—"
    answer_type = EndTurn

    def availability(self, ctx: Context, unit: str) -> str | None:
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [EndTurn(unit)]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        return
        yield


class ReactionSpec:
    """An Instant that may be taken inside a reaction window (004 · Combat Action Types).

    A flow opens a window with ``ctx.window(name, trigger)``; for every unit (in a fixed
    order) and every reaction registered for that window, ``offers(ctx, unit, trigger)``
    lists the answers that unit could give. When some unit has offers, the engine asks
    its controller with a ``reaction`` Decision (the offers plus ``Decline``); a chosen
    reaction is carried out by ``perform``. Flows read the world again after the window,
    so a reaction changes the outcome through the state it changes (AC raised, attacker
    downed), never through a return value.
    """

    kind: ClassVar[str] = ""
    window: ClassVar[str] = ""  # "attack_rolled", "before_damage", "action_declared" ...
    cost: ClassVar[str] = ""  # what taking it spends and does, in the prompt's words

    def offers(self, ctx: Context, unit: str, trigger: Any) -> list[Answer]:
        raise NotImplementedError

    def perform(self, ctx: Context, answer: Any, trigger: Any) -> Flow:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class HealthTrack:
    """One of a unit's health tracks in the ruleset's words ("HP" 4/6, "STR" 9/12): what
    shared screens show without knowing the ruleset. The first track is the main one."""

    label: str
    current: int
    maximum: int


class Ruleset:
    """Base of every ruleset. A fresh instance is made per battle (``get_ruleset``), so a
    ruleset may keep per-battle lists (its catalog, reactions, systems)."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    # What a player choosing the rules in the menu reads, in plain words: how a turn goes,
    # what is special, how long a battle takes (no section numbers, no internal names).
    description: ClassVar[str] = ""
    # House rules a menu can list and the command line can set (``game.engine.options``).
    rule_options: ClassVar[tuple[RuleOption, ...]] = ()
    # The module whose ``make_controller(name, seed)`` builds this ruleset's AI players
    # (``game.ai.make_controller`` asks the ruleset, so shared code never names one);
    # empty: the generic AI (``game.ai.core.generic``), which plays from the decisions.
    ai_module: ClassVar[str] = ""
    # Every unit declares its intention before anything resolves (``turn`` decisions
    # answered in secret, then revealed): the battle screen shows the round's plan.
    declares_intentions: ClassVar[bool] = False

    def __init__(self) -> None:
        self.actions: dict[str, ActionSpec] = {}
        self.reactions: list[ReactionSpec] = []

    # -- set-up and the scheme ---------------------------------------------------------
    def build_unit(
        self, content: Content, template: UnitTemplate, rng: random.Random
    ) -> tuple[object, ...]:
        """The ruleset's own components of one unit built from ``template`` (its tracks,
        budget, conditions ...). The engine calls it while building the world, once per
        unit in spawn order, with the build's seeded generator (roll hit points with it:
        the same seed builds the same units). None by default."""
        return ()

    def map_problems(self, battlefield: Battlefield) -> list[Problem]:
        """What on ``battlefield`` these rules cannot play (a zone condition naming an
        attribute they have not ...): a battle with these rules does not begin (one line
        each, ``MapError``) and ``check-map`` prints each as a warning naming the rules.
        Nothing by default."""
        return []

    def setup(self, ctx: Context) -> None:
        """Register the ruleset's systems (and anything it keeps per battle)."""
        raise NotImplementedError

    def run(self, ctx: Context) -> Flow:
        """The turn scheme: the whole battle, from the first roll to the end."""
        raise NotImplementedError

    # -- forking (game/engine/README.md · Forking a battle) ------------------------------
    def resume(self, ctx: Context, point: Any) -> Flow:
        """The turn scheme carried on from a quiet point it marked with ``ctx.quiet(point)``:
        with the state restored as it was there, this flow must do exactly what the
        original flow did from there on (yielding first the decision pending there, if the
        point was a decision). A ruleset that does not override it is forked by replaying
        every answer from the start (correct, slow)."""
        raise NotImplementedError

    @property
    def forkable(self) -> bool:
        """Whether the scheme can carry on from its quiet points (``resume``)."""
        return type(self).resume is not Ruleset.resume

    def fork_copy(self, processors: Mapping[int, object]) -> Ruleset:
        """A copy of this ruleset for a forked battle. It shares the catalog (specs are
        stateless); ``processors`` maps ``id`` of each processor of the original world to
        its copy, and attributes holding one are pointed at the copy. A ruleset that keeps
        other per-battle state outside its world copies it here (override, call super)."""
        new = copy.copy(self)
        for name, value in vars(self).items():
            if id(value) in processors:
                setattr(new, name, processors[id(value)])
        return new

    # -- the catalog ---------------------------------------------------------------------
    def add_action(self, spec: ActionSpec) -> None:
        if spec.kind in self.actions:
            raise ValueError(f"action {spec.kind!r} added twice")
        self.actions[spec.kind] = spec

    def add_reaction(self, spec: ReactionSpec) -> None:
        self.reactions.append(spec)

    def catalog(self, ctx: Context, unit: str) -> tuple[Option, ...]:
        return tuple(spec.option(ctx, unit) for spec in self.actions.values())

    def validate_action(self, ctx: Context, decision: Decision, answer: Answer) -> str | None:
        """Validate an answer to an open ``turn`` decision."""
        spec = self.actions.get(answer.kind)
        if spec is None or not isinstance(answer, spec.answer_type):
            return f"{answer.kind!r} is not an action of the {self.id} ruleset"
        if getattr(answer, "unit", None) != decision.unit:
            return f"it is {decision.unit}'s turn, not {getattr(answer, 'unit', None)}'s"
        reason = spec.availability(ctx, decision.unit or "")
        if reason is not None:
            return reason
        return spec.validate(ctx, answer)

    def legal_answers(self, ctx: Context, decision: Decision) -> list[Answer]:
        if not decision.open:
            return list(decision.answers)
        unit = decision.unit or ""
        out: list[Answer] = []
        for spec in self.actions.values():
            if spec.availability(ctx, unit) is None:
                out.extend(spec.enumerate(ctx, unit))
        return out

    def perform(self, ctx: Context, answer: Answer) -> Flow:
        yield from self.actions[answer.kind].perform(ctx, answer)

    # -- questions the UI and AI ask ------------------------------------------------------
    def provocations(
        self, ctx: Context, answer: Answer
    ) -> list[tuple[tuple[int, int], tuple[str, ...]]]:
        """Along a movement answer's path, each square whose leaving would provoke attacks
        of opportunity and the units that would make them (the UI marks the squares on the
        hovered path and names the attackers); none by default."""
        return []

    def provoking_steps(self, ctx: Context, answer: Answer) -> list[tuple[int, int]]:
        """The squares of ``provocations``."""
        return [cell for cell, _ in self.provocations(ctx, answer)]

    def attack_preview(
        self, ctx: Context, attacker: str, target: str, weapon: str, *, ranged: bool | None = None
    ) -> Any:
        raise NotImplementedError

    def sheet_rows(self, ctx: Context, unit: str, *, full: bool) -> list[tuple[str, str]] | None:
        """The unit card's rows (``full``: the unit sheet's) in this ruleset's terms, as
        (label, value); None: the screen shows the unit template's own rows."""
        return None

    def armour_class(self, ctx: Context, unit: str) -> Any:
        """The unit's AC now and what changes it from its usual AC (Total Defense +2 ...),
        for the unit card; None when the ruleset has no AC."""
        return None

    def yet_to_act(self, ctx: Context, side: str) -> list[str] | None:
        """Units of ``side`` that have not had their turn this round yet (for the UI's
        End side turn); None when the ruleset keeps no such account."""
        return None

    def ground_items(self, ctx: Context) -> list[tuple[tuple[int, int], str]]:
        """The items lying on the battlefield as (cell, weapon id), in a fixed order: the
        ``GroundItem`` entities every ruleset lays (``game.world.ground``)."""
        return [(g.cell, g.weapon) for _, g in ground.ground_items()]

    def answer_preview(self, ctx: Context, answer: Answer) -> Any:
        """Pure preview of the attack a compound answer would make as it would make it
        (a charge: from its end square, with its bonus), or None when the ruleset has no
        such preview for it (the UI then previews a plain attack)."""
        return None

    def threatened_cells(self, ctx: Context, unit: str) -> frozenset[tuple[int, int]] | None:
        """The squares ``unit`` could attack on its next turn, moving first (the screen's
        threat overlay), or None when the ruleset does not say."""
        return None

    def in_fight(self, ctx: Context, unit: str) -> bool:
        """Whether the unit still counts for its side (alive, standing, not fled ...)."""
        raise NotImplementedError

    def declares(self, ctx: Context, unit: str) -> bool:
        """Whether the turn scheme of a ruleset whose units declare (``declares_intentions``)
        asks ``unit`` to declare this round, and lets it act when its place in the order
        comes (the round plan lists it and counts it). Pure: no rolls, no changes. A unit
        in the fight by default; a ruleset whose units out of the fight still declare and
        act says so."""
        return self.in_fight(ctx, unit)

    def occupies_cell(self, ctx: Context, unit: str) -> bool:
        """Whether the unit still holds its square (no one else may stop there); every unit
        does by default."""
        return True

    def markers(self, ctx: Context, unit: str) -> frozenset[str]:
        """The condition markers the board draws on the unit's token ("prone", "fled",
        "mortally_wounded", ...); none by default."""
        return frozenset()

    def leave_map(self, ctx: Context, unit: str) -> None:
        """The unit has just left the map through an escape objective (it carries the
        shared ``OffMap`` marker already): take it out of the fight in this ruleset's
        terms, holding no square, without a casualty or a morale check. Shared code
        already counts an ``OffMap`` unit out; a ruleset that keeps its own account of
        who fights overrides this."""

    def health_tracks(self, ctx: Context, unit: str) -> tuple[HealthTrack, ...]:
        """The unit's health tracks now, the main one first (hit points, then any other
        track the ruleset keeps); ``UnitView.hp``/``max_hp`` are the main one."""
        raise NotImplementedError

    def side_of(self, ctx: Context, unit: str) -> str:
        """The side id of ``unit``."""
        raise NotImplementedError

    def unit_view(self, ctx: Context, unit: str) -> UnitView:
        """A read-only snapshot of ``unit`` (``Battle.unit``)."""
        raise NotImplementedError

    def view_with(self, ctx: Context, unit: str, status: str) -> UnitView:
        """The snapshot of ``unit`` from the shared components, with the ruleset's word
        for its ``status`` (what ``unit_view`` implementations return)."""
        from game.engine.battle import UnitView
        from game.world import readers
        from game.world.components import OffMap, Template

        tracks = self.health_tracks(ctx, unit)
        if ctx.try_get(unit, OffMap) is not None:
            status = "escaped"
        return UnitView(
            id=unit,
            name=readers.name(ctx, unit),
            side=readers.side(ctx, unit),
            template=ctx.get(unit, Template).id,
            cell=readers.cell(ctx, unit),
            hp=tracks[0].current,
            max_hp=tracks[0].maximum,
            status=status,
            in_fight=self.in_fight(ctx, unit),
            tracks=tracks,
            conditions=tuple(sorted(self.markers(ctx, unit))),
        )

    def presenter(self) -> Presenter:
        """What the screen shows of this ruleset's battles, in its terms
        (``game.engine.presenter``); the base shows what every ruleset shares."""
        from game.engine.presenter import Presenter

        return Presenter()

    def hash_extra(self, ctx: Context) -> Any:
        """Ruleset state kept outside components that ``state_hash`` must cover."""
        return None
