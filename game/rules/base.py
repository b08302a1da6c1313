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

from collections.abc import Generator, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.answers import Answer
from game.engine.decision import Decision, Option
from game.rules.options import RuleOption
from game.world import ground

if TYPE_CHECKING:
    from game.engine.battle import UnitView
    from game.engine.context import Context
    from game.engine.presentation import Track
    from game.engine.presenter import Presenter

# What every scheme, action and reaction generator looks like: it yields Decisions and
# receives the chosen Answer back.
Flow = Generator[Decision, Answer, None]


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
        )

    @property
    def parameterless(self) -> bool:
        """True when the answer type has only the ``unit`` field (Disengage, End Turn)."""
        import dataclasses

        return [f.name for f in dataclasses.fields(self.answer_type)] == ["unit"]


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
class Modifier:
    """One itemised bonus or penalty ("half cover", -2)."""

    label: str
    value: int


@dataclass(frozen=True, slots=True)
class AttackPreview:
    """What the UI shows when hovering a target and what the AI weighs (pure, no rolls).

    ``allowed`` false means the attack cannot be made (``reason`` says why). ``hit_chance``
    is exact for a d20 roll; ``modifiers`` itemise the situation; ``kill_chance`` is the
    chance this one attack drops the target from its current HP. ``rows``: the preview
    in the ruleset's own terms as (label, value) — a label led by two spaces itemises the
    row above it; empty: the screen shows the d20 rows (hit chance, bonus, AC, Shock …).
    """

    attacker: str
    target: str
    weapon: str
    ranged: bool
    allowed: bool
    reason: str
    attack_bonus: int
    modifiers: tuple[Modifier, ...]
    target_ac: int
    hit_chance: float
    damage_min: int
    damage_max: int
    shock_on_miss: int
    cover: str
    kill_chance: float
    rows: tuple[tuple[str, str], ...] = ()

    @property
    def total_bonus(self) -> int:
        return self.attack_bonus + sum(m.value for m in self.modifiers)


class Ruleset:
    """Base of every ruleset. A fresh instance is made per battle (``get_ruleset``), so a
    ruleset may keep per-battle lists (its catalog, reactions, systems)."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    # House rules a menu can list and the command line can set (``game.rules.options``).
    rule_options: ClassVar[tuple[RuleOption, ...]] = ()
    # The module whose ``make_controller(name, seed)`` builds this ruleset's AI players
    # (``game.ai.make_controller`` asks the ruleset, so shared code never names one);
    # empty: the default AIs of ``game.ai``.
    ai_module: ClassVar[str] = ""
    # Every unit declares its intention before anything resolves (``turn`` decisions
    # answered in secret, then revealed): the battle screen shows the round's plan.
    declares_intentions: ClassVar[bool] = False

    def __init__(self) -> None:
        self.actions: dict[str, ActionSpec] = {}
        self.reactions: list[ReactionSpec] = []

    # -- set-up and the scheme ---------------------------------------------------------
    def setup(self, ctx: Context) -> None:
        """Add the ruleset's components to the units and register its systems."""
        raise NotImplementedError

    def run(self, ctx: Context) -> Flow:
        """The turn scheme: the whole battle, from the first roll to the end."""
        raise NotImplementedError

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
    ) -> AttackPreview:
        raise NotImplementedError

    def sheet_rows(self, ctx: Context, unit: str, *, full: bool) -> list[tuple[str, str]] | None:
        """The unit card's rows (``full``: the unit sheet's) in this ruleset's terms, as
        (label, value); None: the screen shows the unit template's own rows."""
        return None

    def armour_class(self, ctx: Context, unit: str) -> tuple[int, tuple[Modifier, ...]] | None:
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

    def answer_preview(self, ctx: Context, answer: Answer) -> AttackPreview | None:
        """Pure preview of the attack a compound answer would make as it would make it
        (a charge: from its end square, with its bonus), or None when the ruleset has no
        such preview for it (the UI then previews a plain attack)."""
        return None

    def in_fight(self, ctx: Context, unit: str) -> bool:
        """Whether the unit still counts for its side (alive, standing, not fled ...)."""
        raise NotImplementedError

    def side_of(self, ctx: Context, unit: str) -> str:
        """The side id of ``unit``."""
        raise NotImplementedError

    def unit_view(self, ctx: Context, unit: str) -> UnitView:
        """A read-only snapshot of ``unit`` (``Battle.unit``)."""
        raise NotImplementedError

    def view_with(
        self, ctx: Context, unit: str, status: str, tracks: tuple[Track, ...] = ()
    ) -> UnitView:
        """The snapshot of ``unit`` from the shared components, with the ruleset's word
        for its ``status`` and its health ``tracks`` after HP (what ``unit_view``
        implementations return); its conditions are read from the shared ``Conditions``."""
        from game.engine.battle import UnitView
        from game.engine.presentation import Track
        from game.world import readers
        from game.world.components import Template

        h = readers.health(ctx, unit)
        return UnitView(
            id=unit,
            name=readers.name(ctx, unit),
            side=readers.side(ctx, unit),
            template=ctx.get(unit, Template).id,
            cell=readers.cell(ctx, unit),
            hp=h.hp,
            max_hp=h.max_hp,
            status=status,
            in_fight=self.in_fight(ctx, unit),
            tracks=(Track("HP", h.hp, h.max_hp), *tracks),
            conditions=condition_words(ctx, unit),
        )

    def presenter(self) -> Presenter:
        """What the screen shows of this ruleset's battles, in its terms
        (``game.engine.presenter``); the base shows what every ruleset shares."""
        from game.engine.presenter import Presenter

        return Presenter()

    def hash_extra(self, ctx: Context) -> Any:
        """Ruleset state kept outside components that ``state_hash`` must cover."""
        return None


# flags of the shared ``Conditions`` a screen shows, in this order
CONDITION_FLAGS = (
    "prone",
    "total_defense",
    "disengaged",
    "mortally_wounded",
    "fled",
    "surrendered",
)


def condition_words(ctx: Context, unit: str) -> tuple[str, ...]:
    """The unit's conditions from its shared ``Conditions`` component ("prone",
    "grappled", "screening", "holding" …); none when it has no such component."""
    from game.world.components import Conditions

    try:
        c = ctx.get(unit, Conditions)
    except KeyError:
        return ()
    out = [flag for flag in CONDITION_FLAGS if getattr(c, flag, False)]
    if getattr(c, "grappled", False) or getattr(c, "grappling", None):
        out.append("grappled")
    if getattr(c, "screening", None):
        out.append("screening")
    if getattr(c, "held_action", False):
        out.append("holding")
    return tuple(out)
