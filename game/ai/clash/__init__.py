"""The AI of the ``clash`` ruleset (source 000), answering the same Decisions as a human:
declarations (``turn``), reactions and the wound choice.

Declarations come from ``plan`` (every option valued in worth with exact dice from
``clash_odds``), reactions from ``clash_react``. The levels differ in what they weigh:

- ``baseline``: each unit alone takes the blow (or shot) worth most, else moves two
  moves toward the nearest enemy; no reactions.
- ``easy``: as ``baseline``, and 30% of the time one of its three best options instead.
- ``normal``: the side plans together: each blow is valued by what it adds to its
  moment (only the highest die lands), so attackers spread; shooters shoot then step
  out of reach, or step out of Close to shoot; a badly hurt unit outnumbered at Close
  retreats. Reactions valued exactly, Fatigue counted.
- ``tactical``: ``normal``, and it values each moment after the target's best block or
  dodge and its Fatigue (so blows go where a block cannot blunt them), and trips where
  the trip's +d12 for the others' blows of the moment still pays (a block or dodge
  cancels it). The hard level before issue 31, kept for comparison.
- ``hard``: ``tactical``, and stuns, disarms and retreats weighed by
  their expected value (``gambits``; issue 31, blunder 7); a retreat also weighs the
  morale check it may call for its side (``morale``); holds that count round ends are
  kept, and broken a round end before they fall, and a unit in an area its side wins
  by holding stays in it (``holds``).
- ``search``: hard looking a round ahead on forks of the battle (``search``, issue 31).

``ai`` is ``normal``. In declared rounds a side's plan is made at its first declaration
of the round (nothing resolves until all have declared) and handed out unit by unit; in
``initiative=dex_save`` rounds it is made again at each unit's turn. Deterministic: the
easy level's slips come from a generator seeded by the battle seed, round and unit.
"""

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
    from game.ai.core.search import SearchAI
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


def make_controller(name: str, seed: int = 0) -> ClashAI | SearchAI:
    """``game.ai.make_controller`` calls this for battles of the clash ruleset; ``search``
    is hard looking a round ahead on forks (``game.ai.clash.search``, issue 31)."""
    if name == "search":
        from game.ai.clash.search import make_search

        return make_search(name, seed)
    return ClashAI(name, seed)


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
