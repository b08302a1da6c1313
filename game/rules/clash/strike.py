"""An attack moment (000 · Attacking & Damage, Multiple Attackers, Attack Modifiers, Dual
Weapons, Gambits, Block, Dodge & Parry, Unarmed Combat & Brawls): every attack that lands
on one target at the same time.

Attacks hit automatically. In order:

1. Gambits first (they cannot be blocked, dodged or parried): the gambit roll (the weapon
   dice, the higher of two weapons; 1d4 when impaired, +1d12 when enhanced, as any
   attack) of 1–3 is the Difficulty of the target's save; a failed save suffers the
   gambit, a made one may attack back (``reactions``).
2. The reaction window for the target (fight back, block, dodge, parry), before any
   damage die.
3. Every damage attack rolls: its weapon die (two weapons: both, keep the higher),
   1d4 instead when impaired, +1d12 when enhanced (impaired and enhanced cancel:
   decision). A parried attacker's roll is set against the defender's. Of the rest only
   the single highest lands, with only that weapon's tags (non-lethal, wound).
4. Fight back: the defender, if still standing, deals its damage to the attacker it
   chose.

Impaired: the attacker failed a Critical Damage save, lies prone, or shoots at a target
behind cover (000 · Attack Modifiers, "through cover"), or a block/dodge caught it.
Enhanced: the target lies prone, is stunned, or failed a Critical Damage save (000:
"damage against them is likely Enhanced"). Improvised weapons break after the attack;
thrown weapons are gone once thrown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.events import Note
from game.engine.seam import Flow
from game.geometry.grid import Cover
from game.rules.clash import units
from game.rules.clash.bands import CLOSE, band
from game.rules.clash.content import ClashWeapon
from game.rules.clash.damage import Blow, disarm, harm
from game.rules.clash.house_rules import BLOCKING_DODGING, rule
from game.rules.clash.moving import walk
from game.rules.clash.reactions import (
    GAMBIT_WINDOW,
    WINDOW,
    GambitSaved,
    UnderAttack,
    answer_weapon,
    blocks_well,
    dodges_badly,
)
from game.rules.clash.saves import save
from game.world import ground

if TYPE_CHECKING:
    from game.engine.context import Context

# 000 · Gambits: the save each gambit calls for (decision: "determined with the Warden").
GAMBITS: dict[str, str] = {"stun": "STR", "shove": "STR", "trip": "DEX", "disarm": "DEX"}


@dataclass(frozen=True, slots=True)
class Swing:
    """One attacker's part in a moment: its weapons (two for dual weapons), a gambit or
    None, and whether it shoots (ranged or thrown)."""

    attacker: str
    weapons: tuple[str, ...]
    gambit: str | None = None
    ranged: bool = False


@dataclass(frozen=True, slots=True)
class Roll:
    total: int
    weapon: ClashWeapon


def situation(ctx: Context, swing: Swing, target: str) -> tuple[list[str], list[str]]:
    """(why the attack is impaired, why it is enhanced) before any reaction."""
    att = units.state(ctx, swing.attacker)
    tgt = units.state(ctx, target)
    impaired: list[str] = []
    enhanced: list[str] = []
    if att.crit_failed:
        impaired.append("critically hurt")
    if att.prone:
        impaired.append("prone")
    if swing.ranged:
        cover = ctx.sight.cover(units.cell(ctx, swing.attacker), units.cell(ctx, target))
        if cover is not None and cover > Cover.NONE:
            impaired.append("through cover")
    if tgt.prone:
        enhanced.append("target prone")
    if tgt.stunned:
        enhanced.append("target stunned")
    if tgt.crit_failed:
        enhanced.append("target critically hurt")
    return impaired, enhanced


def roll_attack(
    ctx: Context,
    swing: Swing,
    target: str,
    extra_impaired: tuple[str, ...] = (),
    purpose: str = "damage",
) -> Roll:
    """Roll ``swing``'s damage against ``target`` (logged, every modifier named): the
    weapon die (two weapons: both, the higher counts), 1d4 instead when impaired, +1d12
    when enhanced. A gambit rolls the same way (``purpose`` names it)."""
    impaired, enhanced = situation(ctx, swing, target)
    impaired.extend(extra_impaired)
    who = units.name(ctx, swing.attacker)
    kit = [units.weapon(ctx, w) for w in swing.weapons]
    if impaired and enhanced:
        ctx.emit(
            Note(
                f"{who}'s attack is both impaired ({', '.join(impaired)}) and enhanced "
                f"({', '.join(enhanced)}): they cancel",
                swing.attacker,
            )
        )
        impaired, enhanced = [], []
    victim = units.name(ctx, target)
    if impaired:
        r = ctx.roll(
            1,
            4,
            unit=swing.attacker,
            who=who,
            purpose=purpose,
            detail=f"vs {victim}, impaired ({', '.join(impaired)})",
        )
        return Roll(r.total, kit[0])
    best: tuple[int, ClashWeapon] | None = None
    for w in kit:
        r = ctx.roll(
            1,
            w.die,
            unit=swing.attacker,
            who=who,
            purpose=purpose,
            detail=f"vs {victim} with {w.name}",
        )
        if best is None or r.total > best[0]:
            best = (r.total, w)
    assert best is not None
    total, weapon = best
    if len(kit) > 1:
        ctx.emit(
            Note(
                f"{who} strikes with two weapons: the {weapon.name}'s {total} counts",
                swing.attacker,
            )
        )
    if enhanced:
        bonus = ctx.roll(
            1,
            12,
            unit=swing.attacker,
            who=who,
            purpose=f"enhanced {purpose}",
            detail=f"({', '.join(enhanced)})",
        )
        total += bonus.total
    return Roll(total, weapon)


def spend_weapons(ctx: Context, swing: Swing, target: str) -> None:
    """Improvised weapons break after one attack; a thrown weapon lands by its target."""
    st = units.state(ctx, swing.attacker)
    who = units.name(ctx, swing.attacker)
    for weapon_id in swing.weapons:
        w = units.weapon(ctx, weapon_id)
        if weapon_id not in st.weapons:
            continue
        if w.improvised:
            st.weapons.remove(weapon_id)
            ctx.emit(Note(f"{who}'s {w.name} breaks (improvised)", swing.attacker))
        elif swing.ranged and w.thrown:
            st.weapons.remove(weapon_id)
            ground.lay(weapon_id, swing.attacker, units.cell(ctx, target))
            whom = units.name(ctx, target)
            ctx.emit(Note(f"{who}'s {w.name} lands at {whom}'s feet", swing.attacker))


def reaches(ctx: Context, swing: Swing, target: str) -> bool:
    """A melee swing needs its target Close; a shot needs sight (checked at declaration
    for range)."""
    if not units.in_fight(ctx, swing.attacker):
        return False
    if swing.ranged:
        return bool(ctx.sight.sees(units.cell(ctx, swing.attacker), units.cell(ctx, target)))
    return band(units.cell(ctx, swing.attacker), units.cell(ctx, target)) == CLOSE


def moment(ctx: Context, target: str, swings: list[Swing]) -> Flow:
    """Resolve ``swings`` landing on ``target`` at once."""
    swings = [s for s in swings if reaches(ctx, s, target)]
    if not swings or not units.in_fight(ctx, target):
        return
    for s in [s for s in swings if s.gambit]:
        if units.in_fight(ctx, target) and reaches(ctx, s, target):
            yield from gambit(ctx, s, target)
        spend_weapons(ctx, s, target)
    damaging = [s for s in swings if not s.gambit and reaches(ctx, s, target)]
    if not damaging or not units.in_fight(ctx, target):
        return
    tgt = units.state(ctx, target)
    kits = [units.weapon(ctx, s.weapons[0]) for s in damaging]
    victim = units.name(ctx, target)
    trigger = UnderAttack(
        target=target,
        attackers=tuple(s.attacker for s in damaging),
        sizes=tuple(w.size for w in kits),
        melee=tuple(not s.ranged for s in damaging),
        text_=under_attack_text(ctx, target, damaging),
    )
    ctx.emit(trigger)
    tgt.reaction, tgt.reaction_target = "", ""
    yield from ctx.window(WINDOW, trigger)
    reaction, chosen = tgt.reaction, tgt.reaction_target
    tgt.reaction, tgt.reaction_target = "", ""
    pool: list[tuple[Swing, Roll]] = []
    for s, kit in zip(damaging, kits, strict=True):
        effect = reaction_effect(ctx, target, reaction, kit.size)
        if effect == "negated":
            ctx.emit(
                Note(
                    f"{victim}'s {reaction} turns {units.name(ctx, s.attacker)}'s attack aside",
                    target,
                )
            )
            continue
        extra = (f"{victim} {reaction}s",) if effect == "impaired" else ()
        r = roll_attack(ctx, s, target, extra)
        if reaction == "parry" and s.attacker == chosen:
            yield from parry(ctx, target, s, r)
            continue
        pool.append((s, r))
    for s in damaging:
        spend_weapons(ctx, s, target)
    if pool and units.in_fight(ctx, target):
        s, best = max(pool, key=lambda p: p[1].total)  # the first of equal highs
        if len(pool) > 1:
            rolls = ", ".join(str(r.total) for _, r in pool)
            ctx.emit(
                Note(
                    f"Multiple attackers on {victim} ({rolls}): only "
                    f"{units.name(ctx, s.attacker)}'s {best.total} lands",
                    target,
                )
            )
        yield from harm(ctx, target, Blow(s.attacker, best.total, best.weapon))
    if reaction == "fight_back" and units.in_fight(ctx, target) and units.in_fight(ctx, chosen):
        yield from strike_back(ctx, target, chosen, "fights back")


def under_attack_text(ctx: Context, target: str, swings: list[Swing]) -> str:
    """What the defender faces, for the reaction prompt and the log: "Grim (Spear, fast
    d6) and Snape (Shortbow, d6, impaired: through cover) attack Ada (Armor 1, HP 3/5, STR
    12, 4/10 slots). Every die is rolled, only the highest lands: minus Armor into HP, the
    rest into STR." """
    parts = []
    for s in swings:
        kit = [units.weapon(ctx, w) for w in s.weapons]
        dice = " or ".join(f"d{w.die}" for w in kit)
        size = "" if s.ranged else f"{kit[0].size} "
        arms = " and ".join(w.name for w in kit)
        impaired, enhanced = situation(ctx, s, target)
        how = ""
        if impaired and not enhanced:
            how = f", impaired to d4: {', '.join(impaired)}"
        elif enhanced and not impaired:
            how = f", enhanced +d12: {', '.join(enhanced)}"
        parts.append(f"{units.name(ctx, s.attacker)} ({arms}, {size}{dice}{how})")
    who = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    verb = "attacks" if len(parts) == 1 else "attack"
    st = units.state(ctx, target)
    hp = units.health(ctx, target)
    text = (
        f"{who} {verb} {units.name(ctx, target)} (Armor {st.armor}, HP {hp.hp}/"
        f"{hp.max_hp}, STR {st.STR}, {st.used_slots}/{st.slots} slots)."
    )
    if len(parts) > 1:
        text += " Every die is rolled, only the highest lands."
    return text + " Damage minus Armor goes into HP, the rest into STR."


def reaction_effect(ctx: Context, target: str, reaction: str, size: str) -> str:
    """What the target's block or dodge does to an attack of ``size``: "negated",
    "impaired" or "" (000 · Block, Dodge & Parry and the optional variants)."""
    graded = rule(ctx, BLOCKING_DODGING) == "graded"
    if reaction == "block" and size in ("unarmed", "fast", "balanced"):
        return "negated" if graded and blocks_well(ctx, target) else "impaired"
    if reaction == "dodge" and size in ("slow", "balanced"):
        return "impaired" if not graded or dodges_badly(ctx, target) else "negated"
    return ""


def strike_back(ctx: Context, unit: str, foe: str, how: str) -> Flow:
    """``unit`` deals its damage to ``foe`` (fight back, counter-attack); ``foe`` is the
    attacker and cannot react."""
    weapon = answer_weapon(ctx, unit, foe)
    if weapon is None:
        ctx.emit(Note(f"{units.name(ctx, unit)} cannot reach {units.name(ctx, foe)}", unit))
        return
    ctx.emit(Note(f"{units.name(ctx, unit)} {how} at {units.name(ctx, foe)}", unit))
    swing = Swing(
        unit, (weapon.id,), ranged=band(units.cell(ctx, unit), units.cell(ctx, foe)) != CLOSE
    )
    r = roll_attack(ctx, swing, foe)
    spend_weapons(ctx, swing, foe)
    yield from harm(ctx, foe, Blow(unit, r.total, r.weapon))


def parry(ctx: Context, defender: str, swing: Swing, theirs: Roll) -> Flow:
    """000 · Parry: the higher roll lands straight to STR, no Critical Damage save."""
    mine_swing = Swing(defender, (units.best_melee(ctx, defender).id,))
    mine = roll_attack(ctx, mine_swing, swing.attacker)
    me, them = units.name(ctx, defender), units.name(ctx, swing.attacker)
    if mine.total > theirs.total:
        ctx.emit(Note(f"{me} parries {them} ({mine.total} beats {theirs.total})", defender))
        yield from harm(
            ctx,
            swing.attacker,
            Blow(defender, mine.total, mine.weapon, to_str=True, crit_save=False),
        )
    elif mine.total < theirs.total:
        ctx.emit(Note(f"{them} beats {me}'s parry ({theirs.total} over {mine.total})", defender))
        yield from harm(
            ctx,
            defender,
            Blow(swing.attacker, theirs.total, theirs.weapon, to_str=True, crit_save=False),
        )
    else:
        ctx.emit(
            Note(
                f"Twing! {me}'s and {them}'s weapons bounce off each other ({mine.total} each)",
                defender,
            )
        )


def gambit(ctx: Context, swing: Swing, target: str) -> Flow:
    """000 · Gambits: roll the weapon dice (dual-wielding: both, the highest), 1–3 is the
    Difficulty; save or suffer. Decision: the gambit roll is an attack's roll, so an
    impaired gambit rolls 1d4 "regardless of the attack's damage die" (000 · Attack
    Modifiers) and an enhanced one adds 1d12, as a blow would (``roll_attack``)."""
    assert swing.gambit is not None
    who, victim = units.name(ctx, swing.attacker), units.name(ctx, target)
    best = roll_attack(ctx, swing, target, purpose=f"{swing.gambit} gambit").total
    difficulty = best if best <= 3 else 0
    ability = GAMBITS[swing.gambit]
    if save(ctx, target, ability, f"against {who}'s {swing.gambit}", difficulty=difficulty):
        trigger = GambitSaved(
            target, swing.attacker, f"{victim} resists {who}'s {swing.gambit} and may attack back"
        )
        ctx.emit(trigger)
        tgt = units.state(ctx, target)
        tgt.reaction, tgt.reaction_target = "", ""
        yield from ctx.window(GAMBIT_WINDOW, trigger)
        if tgt.reaction == "counter" and units.in_fight(ctx, swing.attacker):
            tgt.reaction, tgt.reaction_target = "", ""
            yield from strike_back(ctx, target, swing.attacker, "attacks back")
        tgt.reaction, tgt.reaction_target = "", ""
        return
    apply_gambit(ctx, swing.gambit, swing.attacker, target)


def apply_gambit(ctx: Context, kind: str, attacker: str, target: str) -> None:
    who, victim = units.name(ctx, attacker), units.name(ctx, target)
    st = units.state(ctx, target)
    if kind == "stun":
        st.stunned = True
        ctx.emit(Note(f"{who} stuns {victim}: it loses its next action", target))
    elif kind == "trip":
        st.prone = True
        ctx.emit(Note(f"{who} trips {victim}: prone until the round ends", target))
    elif kind == "disarm":
        dropped = disarm(ctx, target)
        what = f"the {dropped} falls" if dropped else "it has nothing to lose"
        ctx.emit(Note(f"{who} disarms {victim}: {what}", target))
    elif kind == "shove":
        ax, ay = units.cell(ctx, attacker)
        tx, ty = units.cell(ctx, target)
        dest = (tx + (tx > ax) - (tx < ax), ty + (ty > ay) - (ty < ay))
        free = ctx.grid.in_bounds(dest) and not ctx.grid.blocks_move(dest)
        if free and units.occupant(ctx, dest) is None:
            ctx.emit(Note(f"{who} shoves {victim} back a square", target))
            walk(ctx, target, (dest,))
        else:
            ctx.emit(Note(f"{who} shoves {victim}, who has nowhere to go and staggers", target))
