"""How the battle screen shows the ``clash`` rules (source 000), in their own words.

``ClashPresenter`` answers the screen's questions (``game.engine.presenter``): the card and
sheet rows (STR/DEX/WIL, Armor, weapons by die and size, slots, the marks of the fight;
``game.rules.clash.sheet``), the health tracks (HP, then STR, which the card shows in
words), the declaration a unit's turn asks for (000 · every unit declares first), and the
preview of an attack in 000's terms: attacks always hit, the damage die against Armor,
the impairing and enhancing circumstances, the chance the blow takes the target out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.presentation import AnswerPreview, ConditionText
from game.engine.presenter import SHARED_CONDITIONS, Presenter, rows_of

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.decision import Option

CONDITIONS: dict[str, ConditionText] = {
    "mortally_wounded": ConditionText(
        "Mortally wounded", "dies after 6 rounds unless first aid stabilises it", "harm"
    ),
    **SHARED_CONDITIONS,
}


# The icon on each action's button (game-icons names; assets/icons).
ACTION_ICONS: dict[str, str] = {
    "clash_attack": "crossed-swords",
    "clash_gambit": "shield-bash",
    "clash_shoot": "bow-arrow",
    "clash_move": "footsteps",
    "clash_retreat": "run",
}


class ClashPresenter(Presenter):
    """The battle screen in 000's terms."""

    condition_texts = CONDITIONS

    def action_icon(self, option: Option) -> str:
        return ACTION_ICONS.get(option.kind) or super().action_icon(option)

    def budget_line(self, battle: Battle, unit: str) -> str:
        """Every unit declares first: a quick turn (one action) or a full one."""
        return "Declare: quick or full turn"

    def attack_preview(
        self, battle: Battle, attacker: str, target: str, weapon: str, *, cover_why: str = ""
    ) -> AnswerPreview:
        """No hit roll (``odds`` None): the damage range after Armor and the rows of
        ``ClashRuleset.attack_preview``."""
        found = battle.attack_preview(attacker, target, weapon)
        return AnswerPreview(
            weapon=found.weapon,
            allowed=found.allowed,
            reason=found.reason,
            rows=rows_of(found.rows) if found.allowed else (),
            odds=None,
            outcome=(found.damage_min, found.damage_max),
            drops=found.kill_chance,
        )
