"""The ``grid`` ruleset: source 004 on the 5-ft grid (see README.md for every rule, its
status and its tests).

``GridRuleset`` wires the pieces: the turn scheme (``turn``), the action catalog (one
module per action or family: ``move``, ``attack``, ``disengage``, ``end_turn``), attack
resolution (``resolution``), damage (``damage``), Shock (``shock``), attacks of
opportunity (``opportunity``, reading the squares each unit threatens: ``threat``), morale
(``morale``) and the systems (``systems``; README · Systems lists every one). The second
half of the rules is installed into each instance's own ``hooks`` by ``extensions``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import esper

from game.engine.seam import Flow, HealthTrack, Ruleset
from game.rules.grid import components, hooks, threat, units
from game.rules.grid.attack import MeleeAttackSpec, RangedAttackSpec
from game.rules.grid.charge import Charge, charge_preview
from game.rules.grid.disengage import DisengageSpec
from game.rules.grid.end_turn import EndTurnSpec
from game.rules.grid.extensions import INSTALLS, Install
from game.rules.grid.maneuver_preview import maneuver_answer_preview
from game.rules.grid.move import MoveSpec
from game.rules.grid.opportunity import leaving_threats
from game.rules.grid.resolution import preview, target_ac
from game.rules.grid.shock import ShockOnMiss
from game.rules.grid.state import GridState
from game.rules.grid.swarm import SwarmAttack, swarm_preview
from game.rules.grid.systems import MoraleWatch, MortalWounds, RoundReset, VisibilityRefresh
from game.rules.grid.turn import combat, rounds, yet_to_act
from game.rules.preview import AttackPreview, Modifier

if TYPE_CHECKING:
    from game.content.loader import Content
    from game.content.templates import UnitTemplate
    from game.engine.answers import Answer
    from game.engine.battle import UnitView
    from game.engine.context import Context
    from game.engine.presenter import Presenter


class GridRuleset(Ruleset):
    id = "grid"
    name = "Grid (source 004)"
    description = (
        "Sides take turns: the side that wins initiative moves all its units, one after "
        "the other, then the other side does. Each unit has a move and a main action "
        "(attack, charge, shove, grapple, or a second move). Stepping away from an enemy "
        "in reach invites a free blow; cover and flanking matter. Quick to learn; a small "
        "battle lasts a handful of rounds."
    )
    ai_module = "game.ai.grid"
    # What every instance installs, in order (``extensions.INSTALLS``: the second half's
    # actions, then each module's hooks); a variant overrides it to leave one out.
    extensions: ClassVar[tuple[Install, ...]] = INSTALLS

    def __init__(self) -> None:
        super().__init__()
        # Phases run before initiative (a surprise round goes here).
        self.opening_phases: list[Callable[[Context], Flow]] = []
        # This ruleset's own extension points (``hooks``), filled by ``extensions``.
        self.hooks = hooks.Hooks()
        self.morale = MoraleWatch()
        for spec in (MoveSpec(), MeleeAttackSpec(), RangedAttackSpec(), DisengageSpec()):
            self.add_action(spec)
        for install in self.extensions:
            install(self)
        self.add_action(EndTurnSpec())  # last, so menus list it at the end

    def build_unit(
        self, content: Content, template: UnitTemplate, rng: random.Random
    ) -> tuple[object, ...]:
        """Stats, Health (hit dice rolled with the build's generator), Budget, Conditions."""
        return components.build_unit(content, template, rng)

    def setup(self, ctx: Context) -> None:
        from game.geometry.sight import Sight

        ctx.sight = Sight(ctx.grid)
        for unit in ctx.units():
            esper.add_component(ctx.entity(unit), GridState())
        core = (RoundReset(), VisibilityRefresh(), MortalWounds(), self.morale, ShockOnMiss())
        for system in core:
            esper.add_processor(system, system.priority)
        hooks.setup(ctx)
        threat.setup(ctx)  # last: the start loadouts are in hand

    def perform(self, ctx: Context, answer: Answer) -> Flow:
        # Hold an Action and friends may act first (hooks.before_action); the action goes
        # ahead only if it is still legal afterwards.
        if (yield from hooks.before_action(ctx, answer)):
            yield from self.actions[answer.kind].perform(ctx, answer)

    def run(self, ctx: Context) -> Flow:
        yield from combat(ctx)

    def resume(self, ctx: Context, point: Any) -> Flow:
        """Carry on from a ``turn.TurnPoint``: a ``choose_unit`` or an ordinary ``turn``
        decision of the battle's rounds (README · Forking a battle)."""
        yield from rounds(ctx, point)

    def attack_preview(
        self, ctx: Context, attacker: str, target: str, weapon: str, *, ranged: bool | None = None
    ) -> AttackPreview:
        return preview(ctx, attacker, target, weapon, ranged)

    def armour_class(self, ctx: Context, unit: str) -> tuple[int, tuple[Modifier, ...]] | None:
        return target_ac(ctx, unit)

    def yet_to_act(self, ctx: Context, side: str) -> list[str] | None:
        return yet_to_act(ctx, side)

    def answer_preview(self, ctx: Context, answer: Answer) -> AttackPreview | None:
        if isinstance(answer, Charge):
            return charge_preview(ctx, answer)
        if isinstance(answer, SwarmAttack):
            return swarm_preview(ctx, answer)
        return maneuver_answer_preview(ctx, answer)

    def provocations(
        self, ctx: Context, answer: Answer
    ) -> list[tuple[tuple[int, int], tuple[str, ...]]]:
        """Squares of a path whose leaving draws attacks of opportunity and who makes them
        (004 · Combat Actions), judged from the positions now, for the UI's path preview;
        each enemy at most once (``opportunity.OPPORTUNITY_PER_ROUND``)."""
        path = getattr(answer, "path", None)
        unit = getattr(answer, "unit", None)
        if not path or not isinstance(unit, str):
            return []
        out: list[tuple[tuple[int, int], tuple[str, ...]]] = []
        struck: set[str] = set()
        at = units.cell(ctx, unit)
        for step in path:
            new = [e for e in leaving_threats(ctx, unit, at, step) if e not in struck]
            if new:
                out.append((at, tuple(new)))
                struck.update(new)
            at = step
        return out

    def leave_map(self, ctx: Context, unit: str) -> None:
        """Escaped through an objective: off the field like the fled (out of the fight,
        no square), but no ``LeftBattle``, so no one checks morale for it."""
        units.conditions(ctx, unit).fled = True

    def in_fight(self, ctx: Context, unit: str) -> bool:
        return units.in_fight(ctx, unit)

    def occupies_cell(self, ctx: Context, unit: str) -> bool:
        return units.conditions(ctx, unit).occupies_cell

    def markers(self, ctx: Context, unit: str) -> frozenset[str]:
        """Prone, Total Defense, disengaged, dying, fled, surrendered, grappled,
        screening, holding an action: the flags of the unit's ``Conditions``."""
        c = units.conditions(ctx, unit)
        flags = ("prone", "total_defense", "disengaged", "mortally_wounded", "fled")
        out = {flag for flag in (*flags, "surrendered") if getattr(c, flag)}
        if c.grappled or c.grappling:
            out.add("grappled")
        if c.screening:
            out.add("screening")
        if c.held_action:
            out.add("holding")
        return frozenset(out)

    def health_tracks(self, ctx: Context, unit: str) -> tuple[HealthTrack, ...]:
        h = units.health(ctx, unit)
        return (HealthTrack("HP", h.hp, h.max_hp),)

    def side_of(self, ctx: Context, unit: str) -> str:
        return units.side(ctx, unit)

    def unit_view(self, ctx: Context, unit: str) -> UnitView:
        cond = units.conditions(ctx, unit)
        if cond.dead:
            status = "dead"
        elif cond.fled:
            status = "fled"
        elif cond.surrendered:
            status = "surrendered"
        elif cond.stabilised:
            status = "stabilised"
        elif cond.mortally_wounded:
            status = "mortally wounded"
        elif ctx.get(unit, GridState).routed:
            status = "routed"
        else:
            status = "ready"
        return self.view_with(ctx, unit, status)

    def threatened_cells(self, ctx: Context, unit: str) -> frozenset[tuple[int, int]] | None:
        """Moving then striking, with reach and ranged weapons (``grid.threatened``)."""
        from game.rules.grid.threatened import threatened_cells

        return threatened_cells(ctx, unit)

    def presenter(self) -> Presenter:
        """The battle screen in this ruleset's terms (``game.rules.grid.presenter``)."""
        from game.rules.grid.presenter import GridPresenter

        return GridPresenter()

    def hash_extra(self, ctx: Context) -> Any:
        return {
            "morale": {k: sorted(v) for k, v in sorted(self.morale.fired.items())},
            **hooks.hash_extra(ctx),
        }


# The registry (game.rulesets) makes battles' rulesets from this.
RULESET = GridRuleset
