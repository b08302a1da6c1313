"""The preview of an attack before it is made (pure): the chance it lands (1, or the WIT
save's chance in challenging circumstances), the damage after armour, the chance the
blow takes the target out, and why (save, impaired, cover) in 003's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.factions import damage, units
from game.rules.factions.aim import aim
from game.rules.preview import AttackPreview, Modifier

if TYPE_CHECKING:
    from game.engine.context import Context


def save_chance(score: int) -> float:
    """A d20 at or under ``score``."""
    return max(0, min(20, score)) / 20


def preview(
    ctx: Context, attacker: str, target: str, weapon: str, mode: str, *, hold_back: bool = False
) -> AttackPreview:
    shot = aim(ctx, attacker, target, weapon, mode, hold_back=hold_back)
    w = units.weapon(ctx, weapon)
    die = damage.die_of(w, bool(shot.impaired))
    armour = units.armour(ctx, target) + (1 if shot.cover and not w.penetrates else 0)
    hit = save_chance(units.stats(ctx, attacker).WIT) if shot.save else 1.0
    hp = units.health(ctx, target).hp
    drops = sum(1 for face in range(1, die + 1) if face - armour >= hp) / die
    low, high = max(0, 1 - armour), max(0, die - armour)
    mods = tuple(Modifier(f"impaired: {m}", -1) for m in shot.impaired)
    if shot.cover:
        mods += (Modifier("cover: armour +1" if not w.penetrates else "cover (penetrated)", 0),)
    rows: list[tuple[str, str]] = [
        ("To hit", "automatic" if not shot.save else f"WIT save ({shot.save}): {hit:.0%}"),
        ("Damage", f"d{die} − armour {armour}: {low}–{high}"),
    ]
    rows += [(f"  {m.label}", "") for m in mods]
    rows.append(("Chance to drop", f"{hit * drops:.0%}"))
    return AttackPreview(
        attacker=attacker,
        target=target,
        weapon=weapon,
        ranged=mode != "melee",
        allowed=shot.allowed and units.in_fight(ctx, target),
        reason=shot.reason or ("" if units.in_fight(ctx, target) else "out of the fight"),
        attack_bonus=0,
        modifiers=mods,
        target_ac=armour,
        hit_chance=hit,
        damage_min=low,
        damage_max=high,
        shock_on_miss=0,
        cover="cover" if shot.cover else "",
        kill_chance=hit * drops,
        rows=tuple(rows),
    )
