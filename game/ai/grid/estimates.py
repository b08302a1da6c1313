"""The AI's numbers: what a blow is worth, what a unit is worth (issue 5 · Behaviour).

Everything here is pure: it reads the battle through the ``grid`` rules' own pure helpers
(``resolution.assess``, ``hit_chance``, ``damage_distribution``, ``shock_on_miss``,
``shock_stopped``), so the AI weighs exactly the modifiers the dice will see
(004 · Attack Rolls, Damage, Shock).

Value scale: a unit's *worth* is the damage it deals per round against a typical AC
(``TYPICAL_AC``), plus one; downing it is worth ``worth × horizon``. Hurting it without
downing it counts half of the same share of its HP (a wound matters when it leads to a
kill). Losses to our own units are counted on the same scale, so an attack of
opportunity and a blow dealt compare directly.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.content.weapons import Weapon
from game.geometry.grid import Cell
from game.rules.grid import units
from game.rules.grid.resolution import (
    NO_EXTRAS,
    Extras,
    assess,
    damage_distribution,
    hit_chance,
    shock_on_miss,
    shock_stopped,
    target_ac,
)
from game.rules.grid.state import GridState

if TYPE_CHECKING:
    from game.engine.context import Context

TYPICAL_AC = 13
WOUND_SHARE = 0.5  # a wound that does not drop counts this much of its HP share


@dataclass(frozen=True, slots=True)
class Odds:
    """One attack's prospects: hit chance, mean damage on a hit, chance to drop the
    target, mean damage overall (hits and Shock on a miss)."""

    weapon: str
    ranged: bool
    p_hit: float
    mean_hit: float
    p_kill: float
    expected: float


def mean_damage(ctx: Context, unit: str, weapon: Weapon) -> float:
    """Mean hit damage of ``weapon`` in ``unit``'s hands (dice + bonus + modifier)."""
    tmpl = units.stats(ctx, unit).template
    d = weapon.damage
    return max(1.0, d.count * (d.sides + 1) / 2 + d.bonus + tmpl.damage_modifier(weapon))


def blow_vs_ac(ctx: Context, unit: str, weapon: Weapon, ranged: bool, ac: int, mod: int) -> float:
    """Expected damage of one attack with ``weapon`` against ``ac`` with situational
    modifier ``mod`` (Shock on a miss counted for melee, before shields)."""
    tmpl = units.stats(ctx, unit).template
    bonus = tmpl.attack_modifier(weapon, thrown=ranged and weapon.thrown and not weapon.ranged)
    p = hit_chance(bonus + mod, ac)
    shock = 0
    if not ranged and weapon.shock is not None and weapon.shock.applies_to(ac):
        shock = tmpl.shock_damage(weapon)
    return p * max(mean_damage(ctx, unit, weapon), shock) + (1 - p) * shock


def best_melee(ctx: Context, unit: str, ac: int) -> tuple[Weapon | None, float]:
    """The readied armed melee weapon with the best expected damage against ``ac``."""
    best: tuple[Weapon | None, float] = (None, 0.0)
    for w in units.readied_weapons(ctx, unit):
        if not w.melee:
            continue
        e = blow_vs_ac(ctx, unit, w, False, ac, 0)
        if e > best[1]:
            best = (w, e)
    return best


def best_shot(ctx: Context, unit: str, ac: int) -> tuple[Weapon | None, float]:
    """The readied weapon that shoots or throws with the best expected damage at normal
    range against ``ac``; missile weapons are preferred to thrown ones at equal value."""
    best: tuple[Weapon | None, float] = (None, 0.0)
    for w in units.readied_weapons(ctx, unit):
        if not w.shoots:
            continue
        e = blow_vs_ac(ctx, unit, w, True, ac, 0) * (1.0 if w.ranged else 0.8)
        if e > best[1]:
            best = (w, e)
    return best


def is_shooter(ctx: Context, unit: str) -> bool:
    """A unit whose best blow is a missile weapon (archers, crossbowmen)."""
    shot = best_shot(ctx, unit, TYPICAL_AC)
    melee = best_melee(ctx, unit, TYPICAL_AC)
    return shot[0] is not None and shot[0].ranged and shot[1] >= melee[1] * 0.8


_WORTH: dict[tuple[int, str, str, tuple[str, ...]], float] = {}


def worth(ctx: Context, unit: str) -> float:
    """Damage per round the unit deals against a typical AC, plus one; a routed unit is
    running for the edge and is worth a fifth of that (004 · Morale)."""
    key = (
        id(ctx),
        units.stats(ctx, unit).template.id,
        unit,
        tuple(units.loadout(ctx, unit).readied),
    )
    base = _WORTH.get(key)
    if base is None:
        melee = best_melee(ctx, unit, TYPICAL_AC)[1]
        shot = best_shot(ctx, unit, TYPICAL_AC)[1]
        base = 1.0 + max(melee, shot)
        if len(_WORTH) > 4096:
            _WORTH.clear()
        _WORTH[key] = base
    if ctx.get(unit, GridState).routed:
        return base * 0.2
    return base


def odds(
    ctx: Context,
    attacker: str,
    target: str,
    weapon_id: str,
    ranged: bool,
    *,
    from_cell: Cell | None = None,
    extras: Extras = NO_EXTRAS,
) -> Odds | None:
    """The prospects of one attack from ``from_cell`` (default: where the attacker is),
    or None when the rules would not allow it. Mirrors ``resolution.preview``."""
    weapon = units.weapon(ctx, weapon_id)
    a = assess(ctx, attacker, target, weapon, ranged, extras, from_cell=from_cell)
    if not a.allowed:
        return None
    return prospect(ctx, attacker, target, weapon, ranged, a.total, extras)


def prospect(
    ctx: Context,
    attacker: str,
    target: str,
    weapon: Weapon,
    ranged: bool,
    total_bonus: int,
    extras: Extras = NO_EXTRAS,
) -> Odds:
    """The prospects of an attack rolled with ``total_bonus`` (bonus and situational
    modifiers already summed) against ``target`` as it stands now."""
    ac, _ = target_ac(ctx, target)
    p_hit = hit_chance(total_bonus, ac)
    tmpl = units.stats(ctx, attacker).template
    bonus = weapon.damage.bonus + tmpl.damage_modifier(weapon)
    shock = shock_on_miss(ctx, attacker, target, weapon, ranged)
    if extras.shock_always and not ranged and weapon.shock is not None:
        shock = tmpl.shock_damage(weapon)
    floor = max(1, shock)
    hp = units.health(ctx, target).hp
    top = weapon.damage.max + tmpl.damage_modifier(weapon)
    p_drop_hit = 0.0
    mean_hit = 0.0
    for faces, p in damage_distribution(weapon.damage.count, weapon.damage.sides).items():
        dmg = faces + bonus + extras.damage_bonus
        if extras.cap_bonus:
            dmg = min(dmg, max(top, faces + bonus))
        dmg = max(floor, dmg)
        mean_hit += p * dmg
        if dmg >= hp:
            p_drop_hit += p
    stopped = shock_stopped(ctx, target)
    if extras.shock_always and not units.conditions(ctx, target).total_defense:
        stopped = ""
    lands = 0 if stopped else shock
    p_drop_miss = 1.0 if 0 < lands and lands >= hp else 0.0
    p_kill = p_hit * p_drop_hit + (1 - p_hit) * p_drop_miss
    expected = p_hit * mean_hit + (1 - p_hit) * lands
    return Odds(weapon.id, ranged, p_hit, mean_hit, p_kill, expected)


def p_break(morale: int) -> float:
    """Chance that 2d6 rolls above ``morale`` (004 · Morale, as the grid rules roll it;
    pass the score less the roll's odds modifier)."""
    above = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b > morale)
    return above / 36


def morale_cascade(
    ctx: Context,
    unit: str,
    horizon: float,
    *,
    shared: bool = True,
    memo: dict[Hashable, Any] | None = None,
) -> float:
    """What ``unit`` going down costs its side beyond itself: the morale check it would
    trigger (the side's first casualty, half the side down, the leader down; 004 ·
    Morale as the grid rules trigger it; one check per unit however many fire) may rout
    every unit of the side that checks.

    ``shared=False`` counts only the leader's own check: the first casualty and half the
    side down come from whichever unit falls, so a side that keeps each of its units
    out of harm for their sake only delays them (against the party, who never break, the
    delay buys nothing); the side weighs them when it picks its targets instead.

    ``memo``: a dict that lives as long as the battle does not change (an AI's picture
    of one decision); the side's roll odds are worked out once in it."""
    from game.rules.grid.morale import FIRST_CASUALTY, HALF_DOWN, LEADER_DOWN
    from game.world.components import Leader

    side = units.side(ctx, unit)
    lost = 1 if units.in_fight(ctx, unit) else 0
    fired, roster, fighting, terms = _side_morale(ctx, side, lost, horizon, memo)
    mates = len(roster) - (1 if unit in roster else 0)
    fighting_mates = len(fighting) - (1 if unit in fighting else 0)
    triggers = 0
    if shared and FIRST_CASUALTY not in fired:
        triggers += 1
    if shared and HALF_DOWN not in fired and fighting_mates * 2 <= mates + 1:
        triggers += 1
    if LEADER_DOWN not in fired and ctx.try_get(unit, Leader) is not None:
        triggers += 1
    if not triggers:
        return 0.0
    total = 0.0
    for u in fighting:
        if u != unit and u in terms:
            total += terms[u]
    return total


def _side_morale(
    ctx: Context, side: str, lost: int, horizon: float, memo: dict[Hashable, Any] | None
) -> tuple[set[str], list[str], list[str], dict[str, float]]:
    """(triggers fired, the side's units, those still fighting, each checking unit's
    chance to break times its worth over ``horizon``) with the odds of a side that has
    ``lost`` one more unit (``morale.odds``)."""
    from game.rules.grid.morale import checks_morale, odds

    key = ("side-morale", side, lost, horizon)
    if memo is not None:
        found = memo.get(key)
        if found is not None:
            return found
    watch = getattr(ctx.ruleset, "morale", None)
    fired: set[str] = set(getattr(watch, "fired", {}).get(side, set()))
    roster = list(units.units_of(ctx, side))
    fighting = [u for u in roster if units.in_fight(ctx, u)]
    modifier = odds(ctx, side, lost=lost)[0]
    terms = {
        u: p_break(units.stats(ctx, u).morale - modifier) * worth(ctx, u) * horizon
        for u in fighting
        if checks_morale(ctx, u)
    }
    result = (fired, roster, fighting, terms)
    if memo is not None:
        memo[key] = result
    return result


@dataclass(frozen=True, slots=True)
class Stakes:
    """What hurting one unit is worth: ``down`` for dropping it (its worth over the
    horizon plus the morale checks its fall sets off), ``per_hp`` for each point of a
    wound that does not drop it (``WOUND_SHARE`` of its worth, spread over its HP)."""

    hp: int
    down: float
    per_hp: float

    def value(self, p_kill: float, expected: float) -> float:
        if self.hp <= 0:
            return 0.0
        return p_kill * self.down + (1 - p_kill) * min(expected, self.hp) * self.per_hp

    def raw(self, expected: float) -> float:
        """Easy's view: damage as a share of the unit, no thought of the kill."""
        return min(expected, self.hp) * self.per_hp / WOUND_SHARE * 0.5


def stakes(
    ctx: Context,
    unit: str,
    horizon: float,
    *,
    morale: bool = True,
    shared: bool = True,
    memo: dict[Hashable, Any] | None = None,
) -> Stakes:
    """What hurting ``unit`` is worth; ``morale`` counts the checks its fall sets off
    (``shared``, ``memo``: see ``morale_cascade``)."""
    hp = units.health(ctx, unit).hp
    w = worth(ctx, unit) * horizon
    cost = morale_cascade(ctx, unit, horizon, shared=shared, memo=memo) if morale else 0.0
    down = w + cost
    return Stakes(hp, down, WOUND_SHARE * w / max(1, hp))


def harm_value(ctx: Context, unit: str, horizon: float, p_kill: float, expected: float) -> float:
    """What dealing ``expected`` damage with chance ``p_kill`` of dropping ``unit`` is
    worth (also the loss when ``unit`` is ours)."""
    return stakes(ctx, unit, horizon).value(p_kill, expected)
