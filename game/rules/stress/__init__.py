"""The ``stress`` ruleset: source 002 (declared actions on a d12 count-up, simultaneous
ties, Stress then Wound Points, critical injuries, end-of-round morale). See README.md
for every rule, its status and its tests.

``StressRuleset`` wires the pieces: the stat blocks (``content``) become each unit's
``Fighter`` and ``RoundMarks`` (``build_unit``); the turn scheme (``rounds``) rolls base
initiative, asks each unit for its declared action (``actions``), resolves the counts
from the lowest up with simultaneous ties (``combat``), Ripostes (``reactions``), dying,
bleeding and morale (``morale``). House rules: ``house_rules``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from game.content.dice import Dice
from game.engine.seam import Flow, HealthTrack
from game.rules.preview import AttackPreview
from game.rules.still import Readings, StillRuleset
from game.rules.stress import units
from game.rules.stress.actions import SPECS
from game.rules.stress.content import SCHEMA, stress_stats
from game.rules.stress.house_rules import OPTIONS
from game.rules.stress.reactions import REACTION_SPECS
from game.rules.stress.rounds import combat, declares, rounds
from game.rules.stress.state import Fighter, RoundMarks
from game.world.components import Arrives

if TYPE_CHECKING:
    from game.content.loader import Content
    from game.content.templates import UnitTemplate
    from game.engine.battle import UnitView
    from game.engine.context import Context
    from game.engine.presenter import Presenter


class StressRuleset(StillRuleset):
    id = "stress"
    memo_type = Readings  # the readers' memo (``game.rules.still``)
    name = "Stress (source 002)"
    description = (
        "Every unit declares its action in secret, then the round counts up from the "
        "lowest initiative: quick weapons and simple moves go early, heavy blows late, and "
        "units on the same count strike at the same moment, so two fighters can drop each "
        "other. Hits wear down Stress first, then Wound Points; critical hits go straight "
        "to the body and can leave lasting injuries. Mid-length battles."
    )
    rule_options = OPTIONS
    ai_module = "game.ai.stress"
    declares_intentions = True

    def __init__(self) -> None:
        super().__init__()
        for spec in SPECS:
            self.add_action(spec())
        for reaction in REACTION_SPECS:
            self.add_reaction(reaction())

    def build_unit(
        self, content: Content, template: UnitTemplate, rng: random.Random
    ) -> tuple[object, ...]:
        """The unit's stat block as a ``Fighter`` (Wound Points = Strength score) and
        clean ``RoundMarks``. Nothing is rolled; the build still draws the template's hit
        dice so every ruleset's world is built from the same draws."""
        content.claim(SCHEMA)
        if isinstance(template.hp, Dice):
            template.hp.roll(rng)
        b = stress_stats(template, content)
        fighter = Fighter(
            hd=b.hd,
            STR=b.STR,
            AGI=b.AGI,
            INS=b.INS,
            stress=b.stress,
            max_stress=b.stress,
            wp=b.STR,
            max_wp=b.STR,
            defense=b.defense,
            armour=b.armour,
            speed=b.speed,
            weapons=list(template.weapons),
            fearsome=b.fearsome,
        )
        return (fighter, RoundMarks())

    def setup(self, ctx: Context) -> None:
        from game.geometry.sight import Sight

        ctx.sight = Sight(ctx.grid)
        for unit in ctx.units():
            late = ctx.try_get(unit, Arrives)
            if late is not None:
                units.fighter(ctx, unit).arrives = late.round
                units.fighter(ctx, unit).off_field = late.round > 1

    def run(self, ctx: Context) -> Flow:
        yield from combat(ctx)

    def resume(self, ctx: Context, point: Any) -> Flow:
        """Carry on from the start of a round, the scheme's one quiet point."""
        yield from rounds(ctx)

    def leave_map(self, ctx: Context, unit: str) -> None:
        units.fighter(ctx, unit).fled = True

    def in_fight(self, ctx: Context, unit: str) -> bool:
        return units.in_fight(ctx, unit)

    def declares(self, ctx: Context, unit: str) -> bool:
        """Downed units declare and act too (``rounds.declares``)."""
        return declares(ctx, unit)

    def side_of(self, ctx: Context, unit: str) -> str:
        return units.side(ctx, unit)

    def occupies_cell(self, ctx: Context, unit: str) -> bool:
        return units.occupies(ctx, unit)

    def markers(self, ctx: Context, unit: str) -> frozenset[str]:
        """The injuries' conditions, the stance of the round, and the body's state."""
        f = units.fighter(ctx, unit)
        found = set(f.conditions)
        if units.marks(ctx, unit).full_defense:
            found.add("full_defense")
        if f.fled:
            found.add("fled")
        if f.off_field:
            found.add("off_field")  # a late arrival: the board leaves it out
        status = units.status(ctx, unit)
        if status in ("incapacitated", "dying"):
            found.add(status)
        return frozenset(found)

    def health_tracks(self, ctx: Context, unit: str) -> tuple[HealthTrack, ...]:
        """Wound Points (the body: 0 incapacitates), then Stress (spent first)."""
        f = units.fighter(ctx, unit)
        return (HealthTrack("WP", f.wp, f.max_wp), HealthTrack("Stress", f.stress, f.max_stress))

    def unit_view(self, ctx: Context, unit: str) -> UnitView:
        return self.view_with(ctx, unit, units.status(ctx, unit))

    def sheet_rows(self, ctx: Context, unit: str, *, full: bool) -> list[tuple[str, str]]:
        from game.rules.stress.sheet import sheet

        return sheet(ctx, unit, full=full)

    def attack_preview(
        self, ctx: Context, attacker: str, target: str, weapon: str, *, ranged: bool | None = None
    ) -> AttackPreview:
        from game.rules.stress.preview import preview

        return preview(ctx, attacker, target, weapon)

    def presenter(self) -> Presenter:
        from game.rules.stress.presenter import StressPresenter

        return StressPresenter()

    def hash_extra(self, ctx: Context) -> Any:
        return {"options": dict(sorted(ctx.options.items()))}


RULESET = StressRuleset
