"""The ``clash`` ruleset: source 000 (declared quick and full turns, melee clashes, range
bands, auto-hit damage minus Armor into HP then STR, reactions, gambits, critical damage).
See README.md for every rule, its status and its tests.

``ClashRuleset`` wires the pieces: the stat blocks (``game.rules.clash.content``) become
each unit's own components when the battle is built (``ClashState``, ``HitPoints``,
``Fate``: ``build_unit``); the turn scheme (``rounds``) asks each unit for
its intention (``declare``: the catalog), orders them (``order``) and resolves attack
moments (``strike``) with reactions (``reactions``), damage (``damage``) and morale
(``morale``). House rules: ``house_rules``. Its AI lives in ``game.ai.clash``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.content.dice import Dice
from game.engine.seam import Flow, HealthTrack
from game.rules.clash import units
from game.rules.clash.content import SCHEMA, clash_stats
from game.rules.clash.declare import SPECS
from game.rules.clash.house_rules import OPTIONS
from game.rules.clash.morale import MoraleWatch
from game.rules.clash.reactions import REACTION_SPECS
from game.rules.clash.rounds import combat, declares, rounds
from game.rules.clash.state import ClashState, Fate, HitPoints
from game.rules.clash.strike import Swing, situation
from game.rules.preview import AttackPreview, Modifier
from game.rules.still import Readings, StillRuleset

if TYPE_CHECKING:
    from game.content.loader import Content
    from game.content.templates import UnitTemplate
    from game.engine.battle import UnitView
    from game.engine.context import Context
    from game.engine.presenter import Presenter


class ClashRuleset(StillRuleset):
    id = "clash"
    memo_type = Readings  # the readers' memo (``game.rules.still``)
    name = "Clash (source 000)"
    description = (
        "Everyone acts in the same round: first every unit declares what it will do, in "
        "secret, then the plans are revealed and resolved, quick actions before full ones. "
        "Attacks always hit; the defender may fight back, block, dodge or parry, and armor "
        "soaks damage. Wounds, exhaustion and morale wear units down. Slower and more "
        "deadly; a small battle lasts about twice as many rounds as Grid."
    )
    rule_options = OPTIONS
    ai_module = "game.ai.clash"
    declares_intentions = True

    def __init__(self) -> None:
        super().__init__()
        self.morale = MoraleWatch()
        for spec in SPECS:
            self.add_action(spec())
        for reaction in REACTION_SPECS:
            self.add_reaction(reaction())

    def build_unit(
        self, content: Content, template: UnitTemplate, rng: random.Random
    ) -> tuple[object, ...]:
        """The unit's stat block (its ``clash`` table, the rest derived) as ``ClashState``
        and ``HitPoints``, and a clean ``Fate``. Nothing is rolled for clash; the build
        still draws the template's hit dice, as the world once rolled them for every
        ruleset, so the dice of the fight (and the replay of older saves) stay as they
        were for every seed."""
        content.claim(SCHEMA)
        if isinstance(template.hp, Dice):
            template.hp.roll(rng)
        block = clash_stats(template, content)
        state = ClashState(
            STR=block.STR,
            DEX=block.DEX,
            WIL=block.WIL,
            max_STR=block.STR,
            max_DEX=block.DEX,
            max_WIL=block.WIL,
            armor=block.armor,
            slots=block.slots,
            carried=block.carried,
            weapons=list(template.weapons),
        )
        return (state, HitPoints(block.hp, block.hp), Fate())

    def setup(self, ctx: Context) -> None:
        from game.geometry.sight import Sight

        ctx.sight = Sight(ctx.grid)

    def run(self, ctx: Context) -> Flow:
        yield from combat(ctx)

    def resume(self, ctx: Context, point: Any) -> Flow:
        """Carry on from the start of a round (``rounds.ROUND_START``), the one quiet
        point of this scheme (README · Forking a battle)."""
        yield from rounds(ctx)

    def fork_copy(self, processors: Mapping[int, object]) -> ClashRuleset:
        new = super().fork_copy(processors)
        assert isinstance(new, ClashRuleset)
        new.morale = MoraleWatch()
        new.morale.fired = {side: set(done) for side, done in self.morale.fired.items()}
        return new

    def leave_map(self, ctx: Context, unit: str) -> None:
        """Escaped through an objective: off the field like the fled (its ``Fate``), with
        no morale check for it."""
        units.conditions(ctx, unit).fled = True

    def in_fight(self, ctx: Context, unit: str) -> bool:
        return units.in_fight(ctx, unit)

    def declares(self, ctx: Context, unit: str) -> bool:
        """The unaware are not asked in the round they are caught (``rounds.declares``)."""
        return declares(ctx, unit)

    def side_of(self, ctx: Context, unit: str) -> str:
        return units.side(ctx, unit)

    def occupies_cell(self, ctx: Context, unit: str) -> bool:
        return units.conditions(ctx, unit).occupies_cell

    def markers(self, ctx: Context, unit: str) -> frozenset[str]:
        """Incapacitated (the board's dying marker) and fled, from the unit's ``Fate``."""
        fate = units.conditions(ctx, unit)
        return frozenset(f for f in ("mortally_wounded", "fled") if getattr(fate, f))

    def health_tracks(self, ctx: Context, unit: str) -> tuple[HealthTrack, ...]:
        """HP, then STR (damage past HP comes off STR: 000 · Hit Protection)."""
        hp = units.health(ctx, unit)
        st = units.state(ctx, unit)
        return (HealthTrack("HP", hp.hp, hp.max_hp), HealthTrack("STR", st.STR, st.max_STR))

    def unit_view(self, ctx: Context, unit: str) -> UnitView:
        cond = units.conditions(ctx, unit)
        st = units.state(ctx, unit)
        if cond.dead:
            status = "dead"
        elif cond.fled:
            status = "fled"
        elif cond.unconscious:
            status = "knocked out"
        elif cond.mortally_wounded:
            status = "incapacitated"
        elif st.paralysed:
            status = "paralysed"
        elif st.delirious:
            status = "delirious"
        else:
            status = "ready"
        return self.view_with(ctx, unit, status)

    def sheet_rows(self, ctx: Context, unit: str, *, full: bool) -> list[tuple[str, str]]:
        """STR/DEX/WIL, Armor, each weapon as clash sees it (die, size, tags), the
        inventory slots, and the marks of the fight (000's terms, not the grid's AC)."""
        from game.rules.clash.sheet import sheet

        return sheet(ctx, unit, full=full)

    def attack_preview(
        self, ctx: Context, attacker: str, target: str, weapon: str, *, ranged: bool | None = None
    ) -> AttackPreview:
        """000: attacks always hit; the damage range after Armor, the itemised
        impairing and enhancing circumstances, and the chance the blow takes the target
        out before any reaction (``kill_chance``)."""
        from game.rules.clash.preview import out_chance, preview_rows

        w = units.weapon(ctx, weapon)
        shoot = w.ranged if ranged is None else ranged
        impaired, enhanced = situation(ctx, Swing(attacker, (weapon,), ranged=shoot), target)
        mods = tuple(Modifier(f"impaired: {m}", -1) for m in impaired) + tuple(
            Modifier(f"enhanced: {m}", 1) for m in enhanced
        )
        die = 4 if impaired and not enhanced else w.die
        bonus = 12 if enhanced and not impaired else 0
        armor = units.state(ctx, target).armor
        low, high = max(0, 1 + (1 if bonus else 0) - armor), max(0, die + bonus - armor)
        kill = out_chance(ctx, target, die, bonus)
        return AttackPreview(
            attacker=attacker,
            target=target,
            weapon=weapon,
            ranged=shoot,
            allowed=units.in_fight(ctx, target),
            reason="" if units.in_fight(ctx, target) else "out of the fight",
            attack_bonus=0,
            modifiers=mods,
            target_ac=armor,
            hit_chance=1.0,
            damage_min=low,
            damage_max=high,
            shock_on_miss=0,
            cover="",
            kill_chance=kill,
            rows=preview_rows(
                ctx, target, (w.die, die, bonus), (impaired, enhanced), (low, high), kill
            ),
        )

    def threatened_cells(self, ctx: Context, unit: str) -> frozenset[tuple[int, int]] | None:
        """Close after one move, or a shot in its band and in sight (``clash.threat_cells``)."""
        from game.rules.clash.threat_cells import clash_threatened_cells

        return clash_threatened_cells(ctx, unit)

    def presenter(self) -> Presenter:
        """The battle screen in this ruleset's terms (``game.rules.clash.presenter``)."""
        from game.rules.clash.presenter import ClashPresenter

        return ClashPresenter()

    def hash_extra(self, ctx: Context) -> Any:
        return {
            "morale": {k: sorted(v) for k, v in sorted(self.morale.fired.items())},
            "options": dict(sorted(ctx.options.items())),
        }


# The registry (game.rulesets) makes battles' rulesets from this.
RULESET = ClashRuleset
