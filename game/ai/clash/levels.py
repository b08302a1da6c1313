"""The clash AI's levels and its controller, ``ClashAI`` (the package docstring,
``game.ai.clash``, says what each level weighs): declarations from the side plan
(``plan``), reactions from ``react``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.ai.clash.plan import PlanLevel, plan_side
from game.ai.clash.react import react
from game.engine.answers import Answer, ChooseUnit, EndTurn
from game.engine.decision import Decision
from game.rules.clash import units
from game.rules.clash.house_rules import INITIATIVE, rule

if TYPE_CHECKING:
    from game.engine.battle import Battle

LEVELS: dict[str, PlanLevel] = {
    "baseline": PlanLevel(coordinate=False, kite=False, gambits=False, flee=False),
    "easy": PlanLevel(
        coordinate=False, kite=False, gambits=False, flee=False, mistake_rate=0.3, mistake_pool=3
    ),
    "normal": PlanLevel(coordinate=True, kite=True, gambits=False, flee=True),
    "hard": PlanLevel(
        coordinate=True,
        kite=True,
        gambits=True,
        flee=True,
        foresee_reactions=True,
        weigh_gambits=True,
        weigh_retreat=True,
        morale=True,
        holds=True,
        turtle=True,
    ),
    # issue 31: the hard level before it weighed stuns, disarms and retreats, kept for
    # comparison under the name grid gives its own earlier hard
    "tactical": PlanLevel(
        coordinate=True, kite=True, gambits=True, flee=True, foresee_reactions=True
    ),
}
LEVELS["ai"] = LEVELS["normal"]
# the level of the search AI's policy (``search.ClashModel``: hard)
LEVELS["search"] = LEVELS["hard"]
REACTING = ("normal", "hard", "ai", "tactical", "search")


class ClashAI:
    def __init__(self, name: str = "normal", seed: int = 0) -> None:
        self.name = name
        self.seed = seed
        self.level = LEVELS.get(name, LEVELS["normal"])
        self.reacts = name in REACTING
        self._plan: tuple[object, dict[str, Answer]] | None = None

    def choose(self, battle: Battle, decision: Decision) -> Answer:
        if esper.current_world != battle.world_name:
            esper.switch_world(battle.world_name)
        ctx = battle.ctx
        if decision.kind == "turn" and decision.unit is not None:
            answer = self.declare(battle, decision.unit)
            return answer if battle.validate(answer) is None else EndTurn(decision.unit)
        if decision.kind == "reaction" and decision.unit is not None:
            return react(ctx, decision, thinks=self.reacts)
        if decision.kind == "choose_unit":
            return next(a for a in decision.answers if isinstance(a, ChooseUnit))
        return decision.answers[0] if decision.answers else battle.legal_answers()[0]

    def declare(self, battle: Battle, unit: str) -> Answer:
        """This unit's part of its side's plan for the round."""
        ctx = battle.ctx
        side = units.side(ctx, unit)
        key: object = (battle.world_name, ctx.round, side)
        if rule(ctx, INITIATIVE) == "dex_save":
            key = (key, len(ctx.events))
        if self._plan is None or self._plan[0] != key or unit not in self._plan[1]:
            self._plan = (key, plan_side(ctx, side, self.level, self.seed))
        return self._plan[1].get(unit, EndTurn(unit))
