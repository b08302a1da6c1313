"""Screen an Ally (Move; 004 · Screen an Ally).

The screener moves up to its movement rate to end adjacent to an ally (the ward), or
stays if it already is. Until the start of its next turn, "provided they remain within
5 ft", anyone attacking the ward first makes an opposed check against the screener:
STR or DEX (the better) + the attacker's weapon skill, against STR or DEX + the
screener's highest combat skill. If the attacker wins, the attack goes to the ward;
otherwise it goes to the screener. A screener handles as many attackers per round as its
highest combat skill (level 0 or untrained: it cannot screen at all). With several
screeners the attacker's single roll is compared with each, and the attack goes to the
worst-rolling screener who succeeded (``hooks.redirects``, run by ``attack_flow``).

Moving to screen gives an attack of opportunity to armed enemies next to the screener's
starting square (unless it Disengaged); screening from where it stands does not.

The screen ends as soon as the two are no longer side by side (either one moved, was
pushed or thrown), or either is out of the fight (``ScreenWatch``); it does not come back
when they meet again.

Decisions where the source is silent:
- Melee attacks can always be body-blocked; a ranged or thrown attack only when the
  screener is nearer to the attacker than the ward is (it can step into the line).
- A screener that is prone, grappled or grappling, or that the attack could not reach
  (its weapon, reach, line of sight), cannot intercept.
- An attacker counts against a screener's allowance the first time it is checked in a
  round, whatever the result. Ties go to the screener (the attacker must beat it).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import esper

from game.engine.answers import Answer, register_answer
from game.engine.decision import Decision
from game.engine.events import Died, Downed, Event, LeftBattle, Moved, Note
from game.engine.seam import ActionSpec, Flow
from game.engine.systems import System
from game.geometry.grid import Cell
from game.rules.grid import budget, units
from game.rules.grid.checks import beats, check, combat_skill
from game.rules.grid.maneuver_state import maneuvers
from game.rules.grid.move import path_problem, path_to, reachable_cells, walk
from game.rules.grid.opportunity import provoke
from game.rules.grid.resolution import assess

if TYPE_CHECKING:
    from game.content.weapons import Weapon
    from game.engine.context import Context
    from game.rules.grid import GridRuleset

BODY = ("STR", "DEX")
COMBAT = ("stab", "shoot", "brawl")


@register_answer
@dataclass(frozen=True, slots=True)
class ScreenAlly(Answer):
    """Screen ``ward``, first moving along ``path`` (empty: stay)."""

    kind: ClassVar[str] = "screen_ally"
    label: ClassVar[str] = "Screen an Ally"
    unit: str
    ward: str
    path: tuple[Cell, ...] = ()


def screen_problem(ctx: Context, answer: ScreenAlly) -> str | None:
    if answer.ward not in ctx.entities:
        return f"no unit {answer.ward!r}"
    if answer.ward == answer.unit:
        return "cannot screen oneself"
    if units.side(ctx, answer.ward) != units.side(ctx, answer.unit):
        return f"{units.name(ctx, answer.ward)} is not an ally"
    if not units.in_fight(ctx, answer.ward):
        return f"{units.name(ctx, answer.ward)} is out of the fight"
    end = units.cell(ctx, answer.unit)
    if answer.path:
        problem = path_problem(ctx, answer.unit, answer.path)
        if problem:
            return problem
        end = answer.path[-1]
    if units.distance(end, units.cell(ctx, answer.ward)) != 1:
        return f"must end next to {units.name(ctx, answer.ward)}"
    return None


class ScreenAllySpec(ActionSpec):
    kind = "screen_ally"
    label = "Screen an Ally"
    cost = "Move"
    provokes = True  # only when it moves
    answer_type = ScreenAlly
    target_kind = "unit"
    helps = True
    target_field = "ward"
    moves = True

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = budget.unavailable(ctx, unit, budget.MOVE)
        if reason:
            return reason
        if combat_skill(ctx, unit) < 1:
            return "needs at least level 1 in a combat skill"
        cond = units.conditions(ctx, unit)
        if cond.grappled or cond.grappling:
            return "cannot screen while grappling or grappled"
        friends = units.units_of(ctx, units.side(ctx, unit))
        if not any(u != unit and units.in_fight(ctx, u) for u in friends):
            return "no ally to screen"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        """Staying put next to an ally, or the cheapest path to each square next to one."""
        here = units.cell(ctx, unit)
        cells = reachable_cells(ctx, unit)
        for ward in units.units_of(ctx, units.side(ctx, unit)):
            if ward == unit or not units.in_fight(ctx, ward):
                continue
            at = units.cell(ctx, ward)
            if units.distance(here, at) == 1:
                yield ScreenAlly(unit, ward, ())
            for cell in sorted(c for c in cells if units.distance(c, at) == 1):
                path = path_to(ctx, unit, cell)
                if path:
                    yield ScreenAlly(unit, ward, path)

    def validate(self, ctx: Context, answer: ScreenAlly) -> str | None:
        return screen_problem(ctx, answer)

    def perform(self, ctx: Context, answer: ScreenAlly) -> Flow:
        budget.spend(ctx, answer.unit, budget.MOVE, self.label)
        if answer.path:
            yield from provoke(ctx, answer.unit)
            if not units.in_fight(ctx, answer.unit):
                return
            yield from walk(ctx, answer.unit, answer.path)
            if not units.in_fight(ctx, answer.unit):
                return
        units.conditions(ctx, answer.unit).screening = answer.ward
        who, whom = units.name(ctx, answer.unit), units.name(ctx, answer.ward)
        ctx.emit(Note(f"{who} screens {whom}", answer.unit))


def can_intercept(
    ctx: Context, screener: str, attacker: str, ward: str, weapon: Weapon, ranged: bool
) -> bool:
    cond = units.conditions(ctx, screener)
    if cond.screening != ward or screener == attacker or not units.in_fight(ctx, screener):
        return False
    if cond.prone or cond.grappled or cond.grappling:
        return False
    if units.side(ctx, screener) == units.side(ctx, attacker):
        return False
    if units.distance(units.cell(ctx, screener), units.cell(ctx, ward)) > 1:
        return False
    state = maneuvers(ctx, screener)
    if attacker not in state.screened and len(state.screened) >= combat_skill(ctx, screener):
        return False
    if ranged:
        from_cell = units.cell(ctx, attacker)
        nearer = units.distance(from_cell, units.cell(ctx, screener))
        if nearer >= units.distance(from_cell, units.cell(ctx, ward)):
            return False
    return assess(ctx, attacker, screener, weapon, ranged).allowed


def screen_redirect(
    ctx: Context, attacker: str, target: str, weapon: Weapon, ranged: bool, mode: str
) -> Generator[Decision, Answer, str]:
    """The opposed checks of every screener of ``target``; returns who is attacked."""
    screeners = [s for s in ctx.units() if can_intercept(ctx, s, attacker, target, weapon, ranged)]
    if not screeners:
        return target
    yield from ()
    whom = units.name(ctx, target)
    purpose = f"to get past the screen on {whom}"
    attack = check(ctx, attacker, BODY, (weapon.skill,), purpose=purpose)
    best: tuple[int, str] | None = None
    for s in screeners:
        state = maneuvers(ctx, s)
        if attacker not in state.screened:
            state.screened.append(attacker)
            units.conditions(ctx, s).screens_used = len(state.screened)
        block = check(ctx, s, BODY, COMBAT, purpose=f"to screen {whom}")
        if not beats(attack.total, block.total) and (best is None or block.total < best[0]):
            best = (block.total, s)
    if best is None:
        ctx.emit(Note(f"{units.name(ctx, attacker)} gets past the screen", attacker))
        return target
    screener = best[1]
    ctx.emit(Note(f"{units.name(ctx, screener)} steps in front of {whom}", screener))
    return screener


def screen_holds(ctx: Context, screener: str) -> bool:
    """Whether ``screener``'s screen still stands: both in the fight and side by side."""
    ward = units.conditions(ctx, screener).screening
    return (
        ward is not None
        and units.in_fight(ctx, screener)
        and units.in_fight(ctx, ward)
        and units.distance(units.cell(ctx, screener), units.cell(ctx, ward)) <= 1
    )


class ScreenWatch(System):
    """Ends a screen once screener and ward part or either leaves the fight."""

    def __init__(self) -> None:
        super().__init__(priority=25)
        self.handles = {
            Moved: self.check,
            Died: self.check,
            Downed: self.check,
            LeftBattle: self.check,
        }

    def check(self, ctx: Context, event: Event) -> None:
        for screener in ctx.units():
            ward = units.conditions(ctx, screener).screening
            if ward is None or screen_holds(ctx, screener):
                continue
            units.conditions(ctx, screener).screening = None
            who, whom = units.name(ctx, screener), units.name(ctx, ward)
            ctx.emit(Note(f"{who} no longer screens {whom}", screener))


def setup(ctx: Context) -> None:
    system = ScreenWatch()
    esper.add_processor(system, system.priority)


def install(rs: GridRuleset) -> None:
    """A screener may take an attack meant for its ward (``hooks.redirects``); the
    ``ScreenWatch`` system ends screens (``hooks.setup``)."""
    rs.hooks.redirects.append(screen_redirect)
    rs.hooks.setup.append(setup)
