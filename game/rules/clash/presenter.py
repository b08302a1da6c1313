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

from game.engine.presentation import (
    AnswerPreview,
    ConditionText,
    Harm,
    LegendRow,
    Motion,
    PlanGroup,
)
from game.engine.presenter import COVER_ROWS, SHARED_CONDITIONS, Presenter
from game.rules.clash.events import AbilityLost
from game.rules.clash.reactions import UnderAttack

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.decision import Option
    from game.engine.events import Event
    from game.engine.lesson import Lesson

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

    def plan_groups(self) -> tuple[PlanGroup, ...]:
        """Quick turns resolve before full turns (000 · Determine Quick Turns & Full
        Turns); the order within a group is set by DEX saves when it begins."""
        note = "order: DEX saves when they begin"
        return (
            PlanGroup("quick", "Quick turns (one action)", "Q", note),
            PlanGroup("full", "Full turns (move + action)", "F", note),
        )

    def action_icon(self, option: Option) -> str:
        return ACTION_ICONS.get(option.kind) or super().action_icon(option)

    def legend_rows(self) -> tuple[LegendRow, ...]:
        """000: a shot through cover is impaired; the sheet's inventory slots."""
        return (
            *COVER_ROWS,
            LegendRow(
                "words",
                "gear, Fatigue and injuries fill them (unit sheet); past them: overburdened",
                "Slots",
            ),
        )

    def lessons(self) -> tuple[Lesson, ...]:
        """The guided first round of 000 (``game.rules.clash.lesson``)."""
        from game.rules.clash.lesson import CLASH_LESSON

        return (CLASH_LESSON,)

    def action_folded(self, option: Option) -> bool:
        """000: a shot is folded out of the bar for a fighter with nothing to shoot or
        throw."""
        return not option.allowed and option.reason == "no ranged or thrown weapon"

    def motions(self, battle: Battle, event: Event) -> tuple[Motion, ...]:
        """000 · attacks always hit: the attackers close in on their target together (a
        shot flies), and a blow past HP shows on the ability it strikes (STR, DEX, WIL)."""
        if isinstance(event, UnderAttack):
            shots = tuple(
                Motion("shot", actor=a, target=event.target, missile="arrow")
                for a, melee in zip(event.attackers, event.melee, strict=False)
                if not melee
            )
            blades = tuple(a for a, m in zip(event.attackers, event.melee, strict=False) if m)
            if len(blades) > 1:
                return (*shots, Motion("close_in", target=event.target, actors=blades))
            return shots + tuple(Motion("lunge", actor=a, target=event.target) for a in blades)
        if isinstance(event, AbilityLost):
            track, amount = event.ability, event.amount
            return (Motion("harm", target=event.unit, amount=amount, track=track, words=track),)
        return super().motions(battle, event)

    def damage_of(self, battle: Battle, event: Event) -> Harm | None:
        """000 · Hit Protection: a blow past HP (and an Ability Score Loss) comes off the
        ability it strikes, a track of its own (STR, DEX, WIL)."""
        if isinstance(event, AbilityLost):
            return Harm(event.ability, event.amount, event.unit, event.by)
        return super().damage_of(battle, event)

    def budget_line(self, battle: Battle, unit: str) -> str:
        """Every unit declares first: a quick turn (one action) or a full one."""
        return "Declare: quick or full turn"

    def attack_preview(
        self, battle: Battle, attacker: str, target: str, weapon: str, *, cover_why: str = ""
    ) -> AnswerPreview:
        """No hit roll (``odds`` None): the damage range after Armor and the rows of
        ``ClashRuleset.attack_preview``."""
        found = battle.attack_preview(attacker, target, weapon)
        return found.shown(odds=False)
