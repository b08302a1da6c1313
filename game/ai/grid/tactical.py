"""The tactical AI at three levels (issue 5): a controller that answers every kind of
Decision through ``Battle.answer``, like a human.

- ``choose_unit``: the unit with the most valuable blow to strike now goes first (a sure
  kill before a scratch); ``hard`` sends shooters before the melee so that the melee can
  finish what the arrows started, and everyone else nearest-first.
- ``turn``: ``game.ai.grid.plans`` scores the unit's possible lines of play and the first
  action of the best one is given; the planner runs again at the next decision.
- ``reaction``: Instants are weighed by ``game.ai.grid.reactions`` (normal and hard); easy and
  any window the AI does not know decline.
- anything else: a closed decision gets its first listed answer (never a refusal).

The AI never changes the battle: it reads components and calls the rules' pure helpers.
Randomness (easy's slips) comes from a ``random.Random`` seeded from the level and the
battle seed the controller was made with; there is no global ``random``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import esper

from game.ai.core.slips import slips
from game.ai.grid.board import Board, BoardCache
from game.ai.grid.levels import Level
from game.ai.grid.plans import Plan, Planner
from game.ai.grid.specials import can_strike_now, open_swarms
from game.engine.answers import Answer, ChooseUnit, Decline, EndTurn
from game.engine.decision import Decision
from game.rules.grid import units

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.context import Context


class TacticalAI:
    """One side's (or several sides') tactical controller at ``level``."""

    def __init__(self, level: Level, seed: int = 0) -> None:
        self.level = level
        self.name = level.name
        self.seed = seed
        self.rng = random.Random(f"shieldwall-ai/{level.name}/{seed}")
        self.cache = BoardCache()
        self.last_plans: list[Plan] = []  # the scored plans of the last turn decision
        self.last_planner: Planner | None = None  # ... and the planner that scored them
        self._slipped: tuple[str, int] | None = None  # (unit, round) of the last slip

    # -- the controller protocol -----------------------------------------------------------
    def choose(self, battle: Battle, decision: Decision) -> Answer:
        if esper.current_world != battle.world_name:
            esper.switch_world(battle.world_name)
        ctx = battle.ctx
        if decision.kind == "choose_unit" and decision.answers:
            return self.choose_unit(ctx, decision)
        if decision.kind == "turn" and decision.unit is not None:
            answer = self.turn(battle, decision.unit)
            if battle.validate(answer) is None:
                return answer
            for plan in self.last_plans[1:]:
                if battle.validate(plan.first) is None:
                    return plan.first
            return EndTurn(decision.unit)
        if decision.kind == "reaction" and self.level.specials:
            from game.ai.grid.holding import ACT_NOW, act_now

            if any(a.kind == ACT_NOW for a in decision.answers):
                return act_now(ctx, decision, lambda unit: self.plans(ctx, unit))
        if decision.kind == "reaction":
            from game.ai.grid.reactions import react, sure_win

            pick = sure_win(decision)
            if pick is None and self.level.reactions:
                pick = react(ctx, decision, self.level)
            if pick is not None and battle.validate(pick) is None:
                return pick
            for answer in decision.answers:
                if isinstance(answer, Decline):
                    return answer
        if decision.answers:
            return decision.answers[0]
        return battle.legal_answers()[0]

    def board(self, ctx: Context, side: str) -> Board:
        lv = self.level
        return Board(
            ctx,
            side,
            self.cache,
            lv.share,
            lv.lured,
            press_from=lv.press_from,
            press_full=lv.press_full,
            outgunned=lv.outgunned,
        )

    # -- who acts next ---------------------------------------------------------------------
    def choose_unit(self, ctx: Context, decision: Decision) -> Answer:
        board = self.board(ctx, decision.side)
        best: tuple[float, int] | None = None
        pick = decision.answers[0]
        walk = board.walk() if board.enemies else None
        for i, answer in enumerate(decision.answers):
            assert isinstance(answer, ChooseUnit)
            unit = answer.unit
            planner = Planner(ctx, unit, self.level, board)
            strikes = planner.attacks_from(None) if planner.main_free else []
            score = strikes[0][0] if strikes else 0.0
            if self.level.coordinate and planner.shooter and strikes:
                score += 100.0  # arrows first: the melee finishes the wounded
            if self.level.coordinate and any(
                can_strike_now(ctx, unit, t) for t, _ in open_swarms(planner)
            ):
                score += 200.0  # teammates joined a swarm: its striker comes next
            if walk is not None:
                x, y = units.cell(ctx, unit)
                score -= 0.01 * float(walk[y, x])
            key = (score, -i)
            if best is None or key > best:
                best, pick = key, answer
        return pick

    # -- a unit's turn ---------------------------------------------------------------------
    def turn(self, battle: Battle, unit: str) -> Answer:
        ctx = battle.ctx
        planner = self.planner(ctx, unit)
        plans = planner.plans() if planner is not None else []
        self.last_plans = plans
        self.last_planner = planner
        if not plans:
            return EndTurn(unit)
        pick = plans[0]
        if self.level.mistake_rate > 0 and self._may_slip(ctx, unit):
            pool = slips(plans, self.level.mistake_pool, self.level.mistake_margin)
            if pool:
                pick = pool[self.rng.randrange(len(pool))]
                self._slipped = (unit, ctx.round)
        if self.level.specials and pick is plans[0]:
            from game.ai.grid.holding import hold_ground, hold_instead

            held = hold_instead(ctx, unit, pick)
            if held is None and self.level.hold_ground and planner is not None:
                held = hold_ground(ctx, planner, plans)
            if held is not None:
                return held
        return pick.first

    def _may_slip(self, ctx: Context, unit: str) -> bool:
        """Whether this decision is a slip (``mistake_rate`` of them, from the
        controller's seeded generator); with ``mistake_once``, not after a slip earlier in
        the unit's turn: one misjudged line a turn, not a walk that dithers."""
        if self.level.mistake_once and self._slipped == (unit, ctx.round):
            return False
        return self.rng.random() < self.level.mistake_rate

    def plans(self, ctx: Context, unit: str) -> list[Plan]:
        """``unit``'s scored lines of play as things stand, best first (none when no
        enemy is left)."""
        planner = self.planner(ctx, unit)
        return planner.plans() if planner is not None else []

    def planner(self, ctx: Context, unit: str) -> Planner | None:
        """The planner of ``unit``'s turn as things stand (None when no enemy is left)."""
        board = self.board(ctx, units.side(ctx, unit))
        if not board.enemies:
            return None
        return Planner(ctx, unit, self.level, board)
