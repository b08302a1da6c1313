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


def preview(ctx: Context, attacker: str, target: str, weapon: str) -> AttackPreview:
    w = units.weapon(ctx, weapon)
    f, t = units.fighter(ctx, attacker), units.fighter(ctx, target)
    bonus = units.attack_bonus(ctx, attacker, w)
    aim = units.defense(ctx, target)
    need = min(20, max(2, aim - bonus))
    hit = (21 - need) / 20
    crit = 1 / 20
    plus = w.damage.bonus + units.damage_bonus(ctx, attacker, w)
    dist = _faces(w.damage.count, w.damage.sides)
    low = max(0, max(1, w.damage.count + plus) - t.armour)
    high = max(0, max(1, w.damage.count * w.damage.sides + plus) - t.armour)
    # out of the fight: the Wound Points left after Stress soaks a plain hit
    plain = sum(
        p for total, p in dist.items() if max(0, max(1, total + plus) - t.armour) - t.stress >= t.wp
    )
    sharp = sum(
        p for total, p in dist.items() if max(0, max(1, total + plus) * w.crit - t.armour) >= t.wp
    )
    kill = (hit - crit) * plain + crit * sharp if t.wp > 0 else 0.0
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
