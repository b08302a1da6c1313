"""Hold an Action (Move; 004 · Hold An Action).

A unit spends its Move action to delay: its turn ends at once, and until the end of the
round it may take the rest of its turn (its Main action and Free actions) as an Instant,
"at any point until the end of the round". The points (decision) are two windows:

- ``action_declared``, a response: whenever another unit is about to carry out any
  action from its menu (Main, Move, Free or Instant; End Turn is no action), every
  holding unit — an ally, or an enemy that can see the actor — is asked whether to act
  now. A held response resolves first: the holder takes its remaining actions (ordinary
  ``turn`` decisions, End Turn to finish), and only then does the interrupted action go
  ahead, if it is still legal; if not (its target fell, its path is blocked), it is
  dropped without spending anything and the actor chooses again.
- ``turn_over``, between two turns: whenever another unit's turn is over (after the foe
  walked up, say), every holding unit is asked, whether it saw that unit or not; the
  last such window of a round is the holder's last chance.

Reactions (Total Defense, Snap Attack) are answers inside someone's action, not actions
of their own: they open no window. Unused held actions are lost when the round ends
(``Conditions.new_round``), as the source says ("until the end of the round, after which
they are lost"). So that the last unit to act in a round (typically of the side acting
second) does not throw its Move away, Hold is refused, with that reason, when no other
unit is left that could act this round (decision). Surprised units cannot hold or respond.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.answers import Answer, EndTurn, register_answer
from game.engine.decision import Decision
from game.engine.events import Event, Note, UnitDone
from game.engine.seam import ActionSpec, Flow, ReactionSpec
from game.rules.grid import units

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.rules.grid import GridRuleset


@register_answer
@dataclass(frozen=True, slots=True)
class HoldAction(Answer):
    kind: ClassVar[str] = "hold_action"
    label: ClassVar[str] = "Hold an Action"
    unit: str


@register_answer
@dataclass(frozen=True, slots=True)
class ActNow(Answer):
    """Take the held action now, before the action that triggered the window."""

    kind: ClassVar[str] = "act_now"
    label: ClassVar[str] = "Act now (held action)"
    unit: str


@dataclass(frozen=True, slots=True)
class ActionDeclared(Event):
    """A unit is about to carry out an action (the ``action_declared`` window's trigger)."""

    kind: ClassVar[str] = "action_declared"
    unit: str
    who: str
    action: str

    def text(self) -> str:
        return f"{self.who} is about to {self.action}"


class HoldActionSpec(ActionSpec):
    kind = "hold_action"
    label = "Hold an Action"
    cost = "Move"
    provokes = False
    answer_type = HoldAction
    target_kind = "none"

    def availability(self, ctx: Context, unit: str) -> str | None:
        if units.budget(ctx, unit).move_used:
            return "the Move action is already spent"
        if units.conditions(ctx, unit).surprised:
            return "surprised"
        if not anyone_left_to_act(ctx, unit):
            return "nobody else acts this round, and a held action is lost at its end"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        yield HoldAction(unit)

    def validate(self, ctx: Context, answer: HoldAction) -> str | None:
        return None

    def perform(self, ctx: Context, answer: HoldAction) -> Flow:
        b = units.budget(ctx, answer.unit)
        b.move_used = True
        units.conditions(ctx, answer.unit).held_action = True
        ctx.emit(Note(f"{units.name(ctx, answer.unit)} holds its action", answer.unit))
        return  # the turn scheme ends the activation when it sees ``held_action``
        yield


def anyone_left_to_act(ctx: Context, unit: str, *, holders: bool = True) -> bool:
    """Whether another unit may still take an action this round (one that has not had
    its turn, or, with ``holders``, that holds an action), so a held action could still
    be triggered."""
    for other in ctx.units():
        if other == unit or not units.in_fight(ctx, other):
            continue
        if (holders and units.conditions(ctx, other).held_action) or turn_to_come(ctx, other):
            return True
    return False


def turn_to_come(ctx: Context, unit: str) -> bool:
    """Whether ``unit`` (in the fight) has its own turn still to come this round: it has
    not acted, and is neither routed (it only flees) nor surprised."""
    from game.rules.grid.state import GridState

    state = ctx.get(unit, GridState)
    return not state.acted and not state.routed and not units.conditions(ctx, unit).surprised


def may_respond(ctx: Context, unit: str, actor: str) -> bool:
    """Whether ``unit`` may take its held action in response to ``actor``'s action."""
    if not may_act_now(ctx, unit, actor):
        return False
    if units.side(ctx, unit) == units.side(ctx, actor):
        return True
    return bool(ctx.sight.sees(units.cell(ctx, unit), units.cell(ctx, actor)))


def may_act_now(ctx: Context, unit: str, other: str) -> bool:
    """Whether ``unit`` holds an action it may take now, at a point of ``other``'s turn."""
    cond = units.conditions(ctx, unit)
    return cond.held_action and unit != other and not cond.surprised and units.in_fight(ctx, unit)


class ActNowReaction(ReactionSpec):
    kind = "act_now"
    window = "action_declared"
    cost = "Take the rest of your held turn now, before this action goes ahead"

    def offers(self, ctx: Context, unit: str, trigger: Any) -> list[Answer]:
        if isinstance(trigger, ActionDeclared) and may_respond(ctx, unit, trigger.unit):
            return [ActNow(unit)]
        return []

    def perform(self, ctx: Context, answer: ActNow, trigger: Any) -> Flow:
        yield from held_turn(ctx, answer.unit)


class ActBetweenTurnsReaction(ActNowReaction):
    """The same answer, offered when another unit's turn is over (``turn_over``)."""

    window = "turn_over"
    cost = "Take the rest of your held turn now, before the next unit acts"

    def offers(self, ctx: Context, unit: str, trigger: Any) -> list[Answer]:
        if isinstance(trigger, UnitDone) and may_act_now(ctx, unit, trigger.unit):
            return [ActNow(unit)]
        return []


def held_turn(ctx: Context, unit: str) -> Flow:
    """The rest of a held unit's turn, taken now (End Turn finishes it)."""
    from game.rules.grid.turn import anything_left, check_end

    units.conditions(ctx, unit).held_action = False
    before = ctx.active_unit
    ctx.active_unit = unit
    who = units.name(ctx, unit)
    ctx.emit(Note(f"{who} acts on its held action", unit))
    while units.in_fight(ctx, unit) and not ctx.over:
        options = ctx.ruleset.catalog(ctx, unit)
        if not anything_left(options):
            break
        choice = yield ctx.decide(
            "turn",
            side=units.side(ctx, unit),
            unit=unit,
            prompt=f"{who} (held action): choose an action",
            options=options,
            open=True,
        )
        if isinstance(choice, EndTurn):
            break
        yield from ctx.ruleset.perform(ctx, choice)
        if check_end(ctx):
            break
    ctx.active_unit = before


def held_response(ctx: Context, answer: Answer) -> Generator[Decision, Answer, bool]:
    """``hooks.before_action``: open the window, then say whether the action still goes."""
    actor = getattr(answer, "unit", None)
    if actor is None or actor not in ctx.entities:
        return True
    spec = ctx.ruleset.actions.get(answer.kind)
    if spec is None or answer.kind == EndTurn.kind:
        return True
    if not any(may_respond(ctx, u, actor) for u in ctx.units()):
        return True
    trigger = ActionDeclared(unit=actor, who=units.name(ctx, actor), action=spec.label.lower())
    ctx.emit(trigger)
    yield from ctx.window("action_declared", trigger)
    if not units.in_fight(ctx, actor) or ctx.over:
        return False
    reason = spec.availability(ctx, actor) or spec.validate(ctx, answer)
    if reason:
        ctx.emit(Note(f"{units.name(ctx, actor)} cannot go on: {reason}", actor))
        return False
    return True


def between_turns(ctx: Context, done: UnitDone) -> Flow:
    """``hooks.after_turn``: a unit's turn is over; holders may act now."""
    if any(may_act_now(ctx, u, done.unit) for u in ctx.units()):
        yield from ctx.window("turn_over", done)


def install(rs: GridRuleset) -> None:
    """A held response resolves before the action (``hooks.before_action``); holders may
    act between two turns (``hooks.after_turn``)."""
    rs.hooks.before_action.append(held_response)
    rs.hooks.after_turn.append(between_turns)
