"""Whether an attack can be made and what it needs (003 · Attacking), pure: the WIT save
of challenging circumstances, what impairs the damage, and the target's cover.

- Melee: a target within the weapon's reach (nearby; 2 squares for long weapons); a
  target not visible needs a WIT save.
- Ranged: a visible target within range; beyond half range, or after the attacker's
  move this turn ("while moving", README · Decisions), a WIT save; beyond half range
  after moving, or not visible: impossible.
- Indirect: beyond half range only, sight not needed, always a WIT save, never after a
  move.
- Barriers (full cover) block direct ranged attacks unless the target peeked out this
  round (then it has cover); half cover adds 1 to armour unless the weapon penetrates;
  a target on concealing ground takes impaired damage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.geometry.grid import Cover
from game.rules.factions import units

if TYPE_CHECKING:
    from game.engine.context import Context

MODES = ("melee", "ranged", "indirect")


@dataclass(frozen=True, slots=True)
class Aim:
    """What an attack of ``attacker`` on ``target`` with a weapon in a ``mode`` needs:
    ``reason`` (empty when it can be made), ``save`` (why a WIT save is needed, or ""),
    ``impaired`` (what impairs it), ``cover`` (armour +1 unless penetrating), ``peek``
    (the attacker peeks out from behind a barrier to make it)."""

    reason: str = ""
    save: str = ""
    impaired: tuple[str, ...] = ()
    cover: bool = False
    peek: bool = False

    @property
    def allowed(self) -> bool:
        return not self.reason


def aim(
    ctx: Context, attacker: str, target: str, weapon_id: str, mode: str, *, hold_back: bool = False
) -> Aim:
    if mode not in MODES:
        return Aim(reason=f"no such attack: {mode}")
    if weapon_id not in units.weapons(ctx, attacker):
        return Aim(reason="the attacker does not hold that weapon")
    w = units.weapon(ctx, weapon_id)
    a, t = units.cell(ctx, attacker), units.cell(ctx, target)
    dist = units.distance(a, t)
    moved = units.turn(ctx, attacker).moved and ctx.active_unit == attacker
    impaired: list[str] = []
    if w.unarmed:
        impaired.append("unarmed")
    if hold_back:
        impaired.append("held back")
    if units.fate(ctx, attacker).crippled:
        impaired.append("crippled")
    if units.concealed_spot(ctx, target):
        impaired.append("concealment")
    if mode == "melee":
        if not (w.melee or w.unarmed):
            return Aim(reason=f"{w.name} is not a melee weapon")
        if dist > w.reach:
            return Aim(reason="the target is not nearby")
        save = "" if units.sees(ctx, attacker, target) else "target not visible"
        return Aim(save=save, impaired=tuple(impaired))
    if not w.ranged:
        return Aim(reason=f"{w.name} does not shoot or throw")
    if dist > w.range:
        return Aim(reason=f"out of range ({dist} squares, range {w.range})")
    far = dist > w.half_range
    if mode == "indirect":
        if not w.indirect:
            return Aim(reason=f"{w.name} cannot fire indirectly")
        if not far:
            return Aim(reason="indirect fire only beyond half range")
        if moved:
            return Aim(reason="no indirect fire while moving")
        return Aim(save="indirect fire", impaired=tuple(impaired))
    if not units.sees(ctx, attacker, target):
        return Aim(reason="the target is not visible")
    if far and moved:
        return Aim(reason="beyond half range while moving")
    cover = units.cover(ctx, attacker, target)
    shelter = False
    if cover == Cover.FULL:
        if not units.turn(ctx, target).peeked:
            return Aim(reason="a barrier blocks the shot")
        shelter = True
    elif cover == Cover.HALF:
        shelter = True
    peek = units.cover(ctx, target, attacker) == Cover.FULL
    why = "beyond half range" if far else "while moving" if moved else ""
    return Aim(save=why, impaired=tuple(impaired), cover=shelter, peek=peek)


def modes_of(ctx: Context, unit: str, weapon_id: str) -> tuple[str, ...]:
    """The attack modes a weapon allows."""
    w = units.weapon(ctx, weapon_id)
    out = []
    if w.melee or w.unarmed:
        out.append("melee")
    if w.ranged:
        out.append("ranged")
    if w.indirect:
        out.append("indirect")
    return tuple(out)
