"""The ``factions`` ruleset: source 003 (factions alternate activating one character or
passing; attacks hit automatically, with a WIT save in challenging circumstances;
reactions that take the reacting character's turn: dodge, counter, hide behind, guard,
opportunity attacks; blasts over zones; concealment and ambushes; stunts; non-lethal
attacks; morale and surrender; gear wear). See README.md for every rule, its status and
its tests, and the decisions taken where the source is silent.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from game.content.dice import Dice
from game.engine.seam import Flow, HealthTrack, Ruleset
from game.rules.factions import units
from game.rules.factions.actions import SPECS
from game.rules.factions.content import SCHEMA, factions_stats
from game.rules.factions.house_rules import OPTIONS
from game.rules.factions.rounds import combat, rounds
from game.rules.factions.state import Fate, Gear, Health, Stats, Turn

if TYPE_CHECKING:
    from game.content.loader import Content
    from game.content.templates import UnitTemplate
    from game.engine.battle import UnitView
    from game.engine.context import Context
    from game.engine.presenter import Presenter
    from game.geometry.zones import ZoneGraph
    from game.maps.battlefield import Battlefield
    from game.maps.errors import Problem


class FactionsRuleset(Ruleset):
    id = "factions"
    name = "Factions (source 003)"
    description = (
        "Sides take turns one character at a time, or pass; the round ends when everyone "
        "passes. Attacks always hit unless the shot is hard, but the target may spend its "
        "own turn to dodge, strike back, hide behind a friend or guard one. Units move "
        "zone by zone; blasts hit a whole zone. Ambushers start hidden. Broken sides "
        "surrender or run. Quick and deadly: a small battle lasts a handful of rounds."
    )
    rule_options = OPTIONS
    ai_module = "game.ai.factions"

    def __init__(self) -> None:
        super().__init__()
        self.zones: ZoneGraph | None = None
        self.initiative = ""
        for spec in SPECS:
            self.add_action(spec())

    def build_unit(
        self, content: Content, template: UnitTemplate, rng: random.Random
    ) -> tuple[object, ...]:
        """The stat block (its ``factions`` table, the rest derived) and clean state.
        Nothing is rolled; the template's hit dice are still drawn so that the build's
        generator moves as it does for every ruleset."""
        content.claim(SCHEMA)
        if isinstance(template.hp, Dice):
            template.hp.roll(rng)
        block = factions_stats(template, content)
        shield = min(1, block.armour) if template.shield else 0
        gear = Gear(
            weapons=list(template.weapons),
            held=in_hand(template.weapons, content),
            shield=shield,
            armour=block.armour - shield,
        )
        from game.rules.factions.content import factions_weapon

        for w in template.weapons:
            if factions_weapon(content.weapons[w]).improvised:
                gear.damaged.add(w)
        stats = Stats(block.STR, block.AGI, block.WIT, block.armour, block.fearless)
        return (stats, Health(block.hp, block.hp), Turn(), Fate(), gear)

    def setup(self, ctx: Context) -> None:
        from game.geometry.sight import Sight
        from game.geometry.zones import ZoneGraph

        ctx.sight = Sight(ctx.grid)
        self.zones = ZoneGraph.build(ctx.grid, ctx.battlefield.zones)

    def map_problems(self, battlefield: Battlefield) -> list[Problem]:
        """A zone hazard these rules cannot play (an attribute or effect they have not)."""
        from game.rules.factions.hazards import hazard_problems

        return hazard_problems(battlefield.zones)

    def run(self, ctx: Context) -> Flow:
        yield from combat(ctx)

    def resume(self, ctx: Context, point: Any) -> Flow:
        """Carry on from the start of a round, the scheme's one quiet point."""
        yield from rounds(ctx)

    def in_fight(self, ctx: Context, unit: str) -> bool:
        return units.in_fight(ctx, unit)

    def side_of(self, ctx: Context, unit: str) -> str:
        return units.side(ctx, unit)

    def occupies_cell(self, ctx: Context, unit: str) -> bool:
        """The standing and the surrendered hold their square; the fallen and the fled
        do not (others may step over them)."""
        return units.fate(ctx, unit).occupies_cell

    def leave_map(self, ctx: Context, unit: str) -> None:
        units.fate(ctx, unit).fled = True

    def markers(self, ctx: Context, unit: str) -> frozenset[str]:
        f = units.fate(ctx, unit)
        t = units.turn(ctx, unit)
        marks = {
            "mortally_wounded": f.incapacitated and not f.dead,
            "fled": f.fled,
            "prone": f.prone,
            "stuck": f.stuck,
            "surrendered": f.surrendered,
            "concealed": f.concealed,
            "grabbed": bool(f.grabbed_by),
            "crippled": f.crippled,
            "acted": t.acted and not t.reacted and not f.out and ctx.active_unit != unit,
            "reacted": t.reacted and not f.out,
        }
        return frozenset(k for k, v in marks.items() if v)

    def health_tracks(self, ctx: Context, unit: str) -> tuple[HealthTrack, ...]:
        h = units.health(ctx, unit)
        return (HealthTrack("HP", h.hp, h.max_hp),)

    def unit_view(self, ctx: Context, unit: str) -> UnitView:
        f = units.fate(ctx, unit)
        if f.dead:
            status = "dead"
        elif f.fled:
            status = "fled"
        elif f.incapacitated:
            status = "incapacitated"
        elif f.surrendered:
            status = "surrendered"
        else:
            status = "ready"
        return self.view_with(ctx, unit, status)

    def yet_to_act(self, ctx: Context, side: str) -> list[str] | None:
        return [u for u in units.units_of(ctx, side) if units.ready(ctx, u)]

    def sheet_rows(self, ctx: Context, unit: str, *, full: bool) -> list[tuple[str, str]]:
        from game.rules.factions.sheet import sheet

        return sheet(ctx, unit, full=full)

    def attack_preview(
        self, ctx: Context, attacker: str, target: str, weapon: str, *, ranged: bool | None = None
    ) -> Any:
        from game.rules.factions.preview import preview

        mode = "ranged" if ranged else "melee"
        if ranged is None:
            mode = "melee" if units.weapon(ctx, weapon).melee else "ranged"
        return preview(ctx, attacker, target, weapon, mode)

    def answer_preview(self, ctx: Context, answer: Any) -> Any:
        from game.rules.factions.answers import Attack
        from game.rules.factions.preview import preview

        if isinstance(answer, Attack):
            return preview(
                ctx,
                answer.unit,
                answer.target,
                answer.weapon,
                answer.mode,
                hold_back=answer.hold_back,
            )
        return None

    def presenter(self) -> Presenter:
        from game.rules.factions.presenter import FactionsPresenter

        return FactionsPresenter()

    def hash_extra(self, ctx: Context) -> Any:
        return {"initiative": self.initiative, "options": dict(sorted(ctx.options.items()))}


def in_hand(weapons: tuple[str, ...] | list[str], content: Content) -> list[str]:
    """The weapons a unit holds when the fight starts: its template's, in order, while
    its two hands allow (a two-handed weapon takes both; README · Decisions "hands");
    the rest it carries."""
    held: list[str] = []
    free = units.HANDS
    for w in weapons:
        need = 2 if content.weapons[w].two_handed else 1
        if need <= free and w not in held:
            held.append(w)
            free -= need
    return held


# The registry (game.rulesets) makes battles' rulesets from this.
RULESET = FactionsRuleset
