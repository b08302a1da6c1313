"""The ``zones`` ruleset: source 001 (zones instead of squares, side then DEX initiative,
DR12 tests rolled by the party, weapon-die damage, criticals and usages, hindrances,
stunts, Ongoing Damage, morale and reactions). See README.md for every rule, its status
and its tests.

``ZonesRuleset`` wires the pieces: the stat blocks (``content``) become each unit's
``Fighter`` and ``TurnState`` (``state``); the scheme (``rounds``) orders sides and
units and runs turns of the catalog (``moving``, ``actions``, ``stunts``); attacks
(``attack``), tests (``checks``), damage and hindrances (``damage``), hazard zones
(``hazards``), morale and reactions (``morale``). House rules: ``house_rules``. The
zone graph is the geometry's (``game.geometry.zones``). Its AI lives in ``game.ai.zones``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.content.dice import Dice
from game.engine.seam import Flow, HealthTrack
from game.geometry.zones import ZoneGraph
from game.rules.still import StillRuleset
from game.rules.zones import units
from game.rules.zones.actions import AttackSpec, BreakFreeSpec, EndTurnSpec, FirstAidSpec
from game.rules.zones.content import SCHEMA, zones_stats
from game.rules.zones.house_rules import OPTIONS
from game.rules.zones.moving import DisengageSpec, MoveSpec
from game.rules.zones.rounds import TurnPoint, combat, rounds
from game.rules.zones.state import Fighter, TurnState
from game.rules.zones.stunts import PushSpec, StuntSpec

if TYPE_CHECKING:
    from game.content.loader import Content
    from game.content.templates import UnitTemplate
    from game.engine.battle import UnitView
    from game.engine.context import Context
    from game.engine.presenter import Presenter
    from game.maps.battlefield import Battlefield
    from game.maps.errors import Problem

SPECS = (
    MoveSpec,
    AttackSpec,
    DisengageSpec,
    PushSpec,
    StuntSpec,
    FirstAidSpec,
    BreakFreeSpec,
    EndTurnSpec,
)


class ZonesRuleset(StillRuleset):
    id = "zones"
    memo_type = units.Still  # the readers' memo (``units.still``)
    name = "Zones (source 001)"
    description = (
        "The field is split into zones: on its turn a unit moves to a neighbouring zone "
        "and takes one action. Units in the same zone fight hand to hand; bows reach two "
        "zones away. Your party rolls every die: a d20 plus strength or dexterity, 12 or "
        "more, to hit and to dodge. Trips, grapples and pushes hinder foes; enemies may "
        "break and flee. Quick: a small battle lasts a handful of rounds."
    )
    rule_options = OPTIONS
    ai_module = "game.ai.zones"

    def __init__(self) -> None:
        super().__init__()
        for spec in SPECS:
            self.add_action(spec())
        self.graph: ZoneGraph | None = None
        self.order: tuple[str, ...] = ()
        self.stance: dict[str, str] = {}
        self.fired: dict[str, set[str]] = {}

    def build_unit(
        self, content: Content, template: UnitTemplate, rng: random.Random
    ) -> tuple[object, ...]:
        """The unit's stat block (its ``zones`` table, the rest derived). Nothing is
        rolled; the template's hit dice are still drawn so that the build's dice stay
        those of the other rulesets for a seed."""
        content.claim(SCHEMA)
        if isinstance(template.hp, Dice):
            template.hp.roll(rng)
        s = zones_stats(template)
        fighter = Fighter(
            STR=s.STR,
            DEX=s.DEX,
            skill=s.skill,
            level=s.level,
            hp=s.hp,
            max_hp=s.hp,
            causes_ongoing=s.ongoing,
            weapons=list(template.weapons),
        )
        return (fighter, TurnState())

    def map_problems(self, battlefield: Battlefield) -> list[Problem]:
        """A hazard the map contract reads but these rules cannot play (an attribute or
        effect they have not: ``hazards.parse_hazard``), one for each such zone."""
        from game.maps.errors import Problem
        from game.rules.zones.hazards import parse_hazard

        problems = []
        for zone in battlefield.zones:
            text = zone.properties.get("hazard", "").strip()
            if text:
                try:
                    parse_hazard(text)
                except ValueError as exc:
                    problems.append(Problem(f"zone '{zone.name}'", str(exc)))
        return problems

    def setup(self, ctx: Context) -> None:
        self.graph = ZoneGraph.build(ctx.grid, ctx.battlefield.zones)
        self.order = tuple(ctx.side_order)

    def run(self, ctx: Context) -> Flow:
        yield from combat(ctx, self)

    def resume(self, ctx: Context, point: Any) -> Flow:
        """Carry on from the start of a round (after the first) or from a unit's pending
        ``turn`` decision (``rounds.TurnPoint``), the scheme's quiet points."""
        if isinstance(point, TurnPoint):
            yield from rounds(ctx, self, point.surprised, point)
        else:
            yield from rounds(ctx, self)

    def fork_copy(self, processors: Mapping[int, object]) -> ZonesRuleset:
        new = super().fork_copy(processors)
        assert isinstance(new, ZonesRuleset)
        new.stance = dict(self.stance)
        new.fired = {side: set(done) for side, done in self.fired.items()}
        return new

    def leave_map(self, ctx: Context, unit: str) -> None:
        units.fighter(ctx, unit).out = "escaped"

    def in_fight(self, ctx: Context, unit: str) -> bool:
        return units.in_fight(ctx, unit)

    def side_of(self, ctx: Context, unit: str) -> str:
        return units.side(ctx, unit)

    def occupies_cell(self, ctx: Context, unit: str) -> bool:
        return units.in_fight(ctx, unit)

    def markers(self, ctx: Context, unit: str) -> frozenset[str]:
        """The hindrances, Ongoing Damage, and the fled."""
        f = units.fighter(ctx, unit)
        marks = set(f.hindrances)
        if f.ongoing:
            marks.add("ongoing")
        if f.out in ("fled", "withdrew", "surrendered"):
            marks.add("fled")
        return frozenset(marks)

    def health_tracks(self, ctx: Context, unit: str) -> tuple[HealthTrack, ...]:
        f = units.fighter(ctx, unit)
        return (HealthTrack("HP", f.hp, f.max_hp),)

    def unit_view(self, ctx: Context, unit: str) -> UnitView:
        out = units.fighter(ctx, unit).out
        status = {"": "ready", "down": "down", "escaped": "escaped"}.get(out, out)
        return self.view_with(ctx, unit, status)

    def sheet_rows(self, ctx: Context, unit: str, *, full: bool) -> list[tuple[str, str]]:
        from game.rules.zones.sheet import sheet

        return sheet(ctx, unit, full=full)

    def attack_preview(
        self, ctx: Context, attacker: str, target: str, weapon: str, *, ranged: bool | None = None
    ) -> Any:
        from game.rules.zones.preview import attack_preview

        return attack_preview(ctx, attacker, target, (weapon,))

    def answer_preview(self, ctx: Context, answer: Any) -> Any:
        from game.rules.zones.preview import answer_preview

        return answer_preview(ctx, answer)

    def presenter(self) -> Presenter:
        from game.rules.zones.presenter import ZonesPresenter

        return ZonesPresenter()

    def hash_extra(self, ctx: Context) -> Any:
        return {
            "order": list(self.order),
            "stance": dict(sorted(self.stance.items())),
            "fired": {k: sorted(v) for k, v in sorted(self.fired.items())},
            "options": dict(sorted(ctx.options.items())),
        }


# The registry (game.rulesets) makes battles' rulesets from this.
RULESET = ZonesRuleset
