"""The preview of an attack in 002's terms, pure (no rolls): the chance to hit against
Defense (a natural 20 always hits, a 1 always misses), the damage range after Armour,
the chance of a critical hit, what the blow takes off Stress and Wound Points, and the
chance it takes the target out of the fight."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.preview import AttackPreview
from game.rules.stress import units

if TYPE_CHECKING:
    from game.engine.context import Context


def _faces(count: int, sides: int) -> dict[int, float]:
    dist = {0: 1.0}
    for _ in range(count):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / sides
        dist = nxt
    return dist


def _take_out(
    dist: dict[int, float], plus: int, armour: int, mult: int, hit: float, stress: int, wp: int
) -> float:
    """The chance a blow takes the target out of the fight: a plain hit's damage after
    Armour goes to Stress first, the rest to the Wound Points; a critical (a natural 20)
    × ``mult`` straight to the Wound Points."""
    if wp <= 0:
        return 0.0
    crit = 1 / 20
    plain = sum(p for n, p in dist.items() if max(0, max(1, n + plus) - armour) - stress >= wp)
    sharp = sum(p for n, p in dist.items() if max(0, max(1, n + plus) * mult - armour) >= wp)
    return (hit - crit) * plain + crit * sharp


def take_out(ctx: Context, attacker: str, target: str, weapon: str, soaked: float = 0.0) -> float:
    """The preview's chance to take ``target`` out with ``weapon``, the target first
    softened by ``soaked`` points of damage (Stress first, then Wound Points, rounded
    down): what a blow adds to blows already on their way (the AI's focus of fire)."""
    w = units.weapon(ctx, weapon)
    t = units.fighter(ctx, target)
    need = min(20, max(2, units.defense(ctx, target) - units.attack_bonus(ctx, attacker, w)))
    plus = w.damage.bonus + units.damage_bonus(ctx, attacker, w)
    lost = int(soaked)
    stress = max(0, t.stress - lost)
    wp = t.wp - max(0, lost - t.stress)
    dist = _faces(w.damage.count, w.damage.sides)
    return _take_out(dist, plus, t.armour, w.crit, (21 - need) / 20, stress, wp)


def preview(ctx: Context, attacker: str, target: str, weapon: str) -> AttackPreview:
    w = units.weapon(ctx, weapon)
    f, t = units.fighter(ctx, attacker), units.fighter(ctx, target)
    bonus = units.attack_bonus(ctx, attacker, w)
    aim = units.defense(ctx, target)
    need = min(20, max(2, aim - bonus))
    hit = (21 - need) / 20
    plus = w.damage.bonus + units.damage_bonus(ctx, attacker, w)
    dist = _faces(w.damage.count, w.damage.sides)
    low = max(0, max(1, w.damage.count + plus) - t.armour)
    high = max(0, max(1, w.damage.count * w.damage.sides + plus) - t.armour)
    kill = _take_out(dist, plus, t.armour, w.crit, hit, t.stress, t.wp)
    allowed = units.in_fight(ctx, target)
    rows = (
        ("To hit", f"d20{bonus:+d} vs Defense {aim}: {hit:.0%}"),
        ("Damage", f"{w.damage.count}d{w.damage.sides}{plus:+d} − Armour {t.armour}: {low}–{high}"),
        ("Critical (20)", f"×{w.crit}, straight to Wound Points"),
        ("Target", f"Stress {t.stress}/{t.max_stress}, WP {t.wp}/{t.max_wp}"),
        ("Initiative", f"+{w.speed} (weapon speed)"),
        ("Takes it out", f"{kill:.0%}"),
    )
    del f
    return AttackPreview(
        attacker=attacker,
        target=target,
        weapon=weapon,
        ranged=w.ranged,
        allowed=allowed,
        reason="" if allowed else "out of the fight",
        attack_bonus=bonus,
        modifiers=(),
        target_ac=aim,
        hit_chance=hit,
        damage_min=low,
        damage_max=high,
        shock_on_miss=0,
        cover="",
        kill_chance=kill,
        rows=rows,
    )
