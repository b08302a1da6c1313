"""The attack preview the shipped rulesets build for themselves and their AIs
(``Ruleset.attack_preview`` / ``answer_preview``): hit chance with itemised modifiers,
damage range, chance to drop. The screen never reads it: it asks the ruleset's presenter
(``game.engine.presenter``), which words it in the ruleset's terms."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.presentation import AnswerPreview
from game.engine.presenter import rows_of


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

    def shown(self, *, odds: bool = True) -> AnswerPreview:
        """The preview as the screen draws it: the ruleset's own rows (none when the
        attack cannot be made), the damage range, the chance to drop; ``odds``: whether
        there is a roll to show the hit chance of (False: the attack always lands)."""
        return AnswerPreview(
            weapon=self.weapon,
            allowed=self.allowed,
            reason=self.reason,
            rows=rows_of(self.rows) if self.allowed else (),
            odds=self.hit_chance if odds else None,
            outcome=(self.damage_min, self.damage_max),
            drops=self.kill_chance,
        )

    @property
    def total_bonus(self) -> int:
        return self.attack_bonus + sum(m.value for m in self.modifiers)
