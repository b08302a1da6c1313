"""What the battle screen shows of a ``zones`` battle: the card rows (``sheet``), the
hindrances as condition words, the turn's budget, and before any click the test a player
faces with its odds (``preview``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.presentation import AnswerPreview, ConditionText
from game.engine.presenter import SHARED_CONDITIONS, Presenter
from game.rules.zones import units

if TYPE_CHECKING:
    from game.engine.answers import Answer
    from game.engine.battle import Battle
    from game.engine.decision import Option
    from game.geometry.zones import ZoneGraph

CONDITIONS: dict[str, ConditionText] = {
    **SHARED_CONDITIONS,
    "weakened": ConditionText("Weakened", "rolls every test with disadvantage", "harm"),
    "distracted": ConditionText("Distracted", "no actions, may still move", "harm"),
    "stuck": ConditionText("Stuck", "may not move; Break free takes the action", "harm"),
    "paralysed": ConditionText("Paralysed", "may neither move nor act", "harm"),
    "ongoing": ConditionText("Ongoing damage", "loses its level in HP each turn", "harm"),
}


# 001's actions → their game-icons (each its own: the bar shows no labels when narrow)
ACTION_ICONS: dict[str, str] = {
    "zones_disengage": "back-forth",
    "zones_push": "push",
    "zones_stunt": "acrobatic",
    "zones_break_free": "breaking-chain",
}


class ZonesPresenter(Presenter):
    condition_texts = CONDITIONS
    sheet_only = ("Initiative",)

    def zone_graph(self, battle: Battle) -> ZoneGraph | None:
        """The zones the battle plays by: the board draws them, and a move is a click on
        any square of a Nearby zone."""
        return units.graph(battle.ctx)

    def budget_line(self, battle: Battle, unit: str) -> str:
        with battle._active():
            t = units.turn(battle.ctx, unit)
        move = "move spent" if t.moved else "move ready"
        action = "action spent" if t.acted else "action ready"
        return f"{move} · {action}"

    def action_icon(self, option: Option) -> str:
        return ACTION_ICONS.get(option.kind) or super().action_icon(option)

    def cover_matters(self, battle: Battle, answer: Answer | None) -> bool:
        """001's attacks have no cover modifier: no cover lines on the board."""
        return False

    def attack_preview(
        self, battle: Battle, attacker: str, target: str, weapon: str, *, cover_why: str = ""
    ) -> AnswerPreview:
        """The test (who rolls what, DR12), its odds and the damage at stake."""
        found = battle.attack_preview(attacker, target, weapon)
        return found.shown()

    def answer_preview(
        self, battle: Battle, answer: Answer, *, cover_why: str = ""
    ) -> AnswerPreview | None:
        found = battle.answer_preview(answer)
        if found is None or isinstance(found, AnswerPreview):
            return found
        return found.shown()
