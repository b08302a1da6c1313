"""Saves, damage and its effects (003 · Attacking, Protection from attacks, Combat gear
degradation, Surrendering): a save is a d20 rolled at or under the score; damage is the
weapon's die (impaired: d4) less armour (cover +1 unless the weapon penetrates); at 0 HP
a unit is incapacitated, and any harm after that (or a final blow) kills it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Damaged, Died, Downed, LeftBattle, Note
from game.rules.factions import units
from game.rules.factions.content import FactionsWeapon
from game.rules.factions.events import GearWorn

if TYPE_CHECKING:
    from game.engine.context import Context

IMPAIRED_DIE = 4  # impaired damage: a d4 whatever the weapon (README · Decisions)
SMASH = 8  # damage before armour that breaks a damaged shield, then damaged armour


def save(ctx: Context, unit: str, stat: str, why: str, *, harder: int = 0) -> bool:
    """A save: d20 at or under the unit's ``stat`` (README · Decisions), less ``harder``
    (a hazard's DR over 12: ``hazards.peril``)."""
    score = int(getattr(units.stats(ctx, unit), stat)) - harder
    rolled = ctx.roll(
        1,
        20,
        unit=unit,
        who=units.name(ctx, unit),
        purpose=f"{stat} save",
        detail=why,
        target=score,
        versus=stat,
        success_if="at_most",
        words=("passes", "fails"),
    )
    return rolled.total <= score


def die_of(w: FactionsWeapon, impaired: bool) -> int:
    """The damage die: the weapon's, or d4 when impaired (unarmed is always impaired)."""
    return IMPAIRED_DIE if impaired or w.unarmed else w.die


def roll_damage(ctx: Context, attacker: str, w: FactionsWeapon, impaired: bool) -> int:
    """Roll the blow's damage die; a damaged weapon breaks on a 1 (003 · gear)."""
    die = die_of(w, impaired)
    rolled = ctx.roll(
        1, die, unit=attacker, who=units.name(ctx, attacker), purpose="damage", detail=w.name
    )
    g = units.gear(ctx, attacker)
    if rolled.faces[0] == 1 and w.id in g.damaged and w.id not in g.broken:
        g.broken.add(w.id)
        ctx.emit(GearWorn(attacker, units.name(ctx, attacker), w.name, "broken"))
    return rolled.total


def after_armour(ctx: Context, target: str, rolled: int, *, cover: bool, penetrates: bool) -> int:
    """Damage after the target's armour (+1 for cover unless the blow penetrates); a blow
    of ``SMASH`` or more before armour breaks a damaged shield, else damaged armour (it
    still stops this blow: README · Decisions)."""
    armour = units.armour(ctx, target) + (1 if cover and not penetrates else 0)
    g = units.gear(ctx, target)
    if rolled >= SMASH:
        for item, worth in (("shield", g.shield), ("armour", g.armour)):
            if worth and item in g.damaged and item not in g.broken:
                g.broken.add(item)
                ctx.emit(GearWorn(target, units.name(ctx, target), item, "broken"))
                break
    for item, worth in (("shield", g.shield), ("armour", g.armour)):
        if worth:
            g.used.add(item)
    return max(0, rolled - armour)


def harm(ctx: Context, target: str, amount: int, by: str | None, source: str) -> None:
    """Take ``amount`` damage. A surrendered unit harmed by the enemy fights again; at 0 HP
    it is incapacitated; harm to an incapacitated unit kills it."""
    f = units.fate(ctx, target)
    who = units.name(ctx, target)
    if amount <= 0:
        ctx.emit(Note(f"{who} takes no damage", unit=target))
        return
    if f.surrendered and by is not None and units.side(ctx, by) != units.side(ctx, target):
        f.surrendered = False
        ctx.emit(Note(f"{who} is harmed and fights on", unit=target))
    h = units.health(ctx, target)
    if f.incapacitated:
        kill(ctx, target, "slain")
        return
    h.hp = max(0, h.hp - amount)
    ctx.emit(Damaged(target, who, amount, h.hp, h.max_hp, source, by))
    if h.hp == 0:
        f.incapacitated = True
        let_go(ctx, target)
        ctx.emit(Downed(target, who, units.side(ctx, target), "incapacitated", by))


def kill(ctx: Context, target: str, cause: str) -> None:
    f = units.fate(ctx, target)
    f.dead = True
    f.incapacitated = True
    let_go(ctx, target)
    ctx.emit(Died(target, units.name(ctx, target), units.side(ctx, target), cause))


def let_go(ctx: Context, unit: str) -> None:
    """End any grapple ``unit`` is in (either side of it)."""
    f = units.fate(ctx, unit)
    if f.holding:
        units.fate(ctx, f.holding).grabbed_by = ""
        f.holding = ""
    if f.grabbed_by:
        units.fate(ctx, f.grabbed_by).holding = ""
        f.grabbed_by = ""


def surrender(ctx: Context, unit: str) -> None:
    """The unit surrenders (003 · Surrendering): out of the fight until harmed."""
    f = units.fate(ctx, unit)
    f.surrendered = True
    let_go(ctx, unit)
    ctx.emit(LeftBattle(unit, units.name(ctx, unit), units.side(ctx, unit), "surrendered"))


def flee(ctx: Context, unit: str) -> None:
    """The unit retreats off the field (a failed morale check far from the enemy)."""
    f = units.fate(ctx, unit)
    f.fled = True
    let_go(ctx, unit)
    ctx.emit(LeftBattle(unit, units.name(ctx, unit), units.side(ctx, unit), "fled"))
