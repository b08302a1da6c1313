"""Attack resolution (004 · Attack Rolls, Damage, Shock, Make a Melee/Ranged Attack).

One function, ``assess``, decides whether an attack is possible and with which itemised
modifiers; the pure ``preview`` (UI hover, AI) and the rolling ``attack_flow`` both use it,
so what the player is shown is what is rolled.

Roll: d20 + attack bonus (the template's: attack bonus + the better allowed attribute +
combat skill + magic for the party; attack bonus + magic for NPCs, whose bonus comes from
HD) + situation modifiers, against the target's AC; equal or more hits.

Situation modifiers (004 · Attack Rolls table):
- cover from the geometry: half -2, full -4 (for melee and ranged alike);
- a prone target: +2 when adjacent, -2 when shot at from further away; attacking in melee
  while prone -4;
- beyond the weapon's normal range, up to its long range: -2;
- an armed enemy with the shooter in its melee reach: one-handed missile or thrown
  weapons -4, two-handed missile weapons (bows, crossbows) cannot shoot;
- a target the shooter cannot see but whose square it knows (it stands in concealing
  terrain): -4. With no line of sight at all the attack is not possible.

Damage on a hit: weapon die + the damage modifier (attribute + magic, + Brawl unarmed),
at least the Shock the weapon would inflict on this target on a miss, and at least 1.
Shock on a miss (melee attacks only; thrown attacks do not Shock): the weapon's points +
attribute + magic when the target's AC is at most the rating (or the rating is ``-``),
unless the target is immune (Total Defense) or its shield has not yet stopped a Shock
this round (then the shield stops this one): applied by the Shock system
(``shock.ShockOnMiss``) on the miss event; ``shock_on_miss`` and ``shock_stopped`` say
what it would do.

Decisions where the source is silent: no automatic hit or miss on a natural 20 or 1; a
downed, fled or surrendered unit cannot be attacked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.content.weapons import Weapon
from game.engine.events import Note
from game.engine.seam import Flow
from game.geometry.grid import Cover
from game.rules.grid import hooks, units
from game.rules.grid.damage import apply_damage
from game.rules.grid.events import AttackDeclared, AttackResolved
from game.rules.preview import AttackPreview, Modifier

if TYPE_CHECKING:
    from game.engine.context import Context

MELEE = "melee"
RANGED = "ranged"


@dataclass(frozen=True, slots=True)
class Extras:
    """Extra terms a special attack brings (Swarm, Charge, Snap Attack, dual wielding).

    ``modifiers`` add to the attack roll; ``damage_bonus`` adds to hit damage but not to
    Shock and never past the weapon's maximum when ``cap_bonus`` is set; ``shock_always``
    makes Shock apply past AC, shields and Shock immunity (Swarm)."""

    modifiers: tuple[Modifier, ...] = ()
    damage_bonus: int = 0
    cap_bonus: bool = False
    shock_always: bool = False
    label: str = ""


NO_EXTRAS = Extras()


@dataclass(frozen=True, slots=True)
class Assessment:
    allowed: bool
    reason: str
    ranged: bool
    attack_bonus: int
    modifiers: tuple[Modifier, ...] = field(default=())
    cover: Cover | None = None

    @property
    def total(self) -> int:
        return self.attack_bonus + sum(m.value for m in self.modifiers)

    @property
    def terms(self) -> tuple[int, ...]:
        """The attack bonus, then each modifier: the parts ``total`` adds up from."""
        return (self.attack_bonus, *(m.value for m in self.modifiers))


def _no(reason: str, ranged: bool) -> Assessment:
    return Assessment(False, reason, ranged, 0)


def in_enemy_melee(ctx: Context, unit: str, here: tuple[int, int] | None = None) -> bool:
    """An armed enemy has ``unit`` (standing on ``here``, by default its own square) within
    its melee reach (004 · Make a Ranged Attack)."""
    if here is None:
        here = units.cell(ctx, unit)
    for e in units.enemies(ctx, unit):
        reach = units.melee_reach(ctx, e)
        if reach and units.distance(units.cell(ctx, e), here) <= reach:
            if reach == 1 or ctx.sight.sees(units.cell(ctx, e), here):
                return True
    return False


def target_ac(ctx: Context, target: str) -> tuple[int, tuple[Modifier, ...]]:
    """The target's AC now: the template's AC, +2 under Total Defense, -2 while charging."""
    ac = units.stats(ctx, target).ac
    cond = units.conditions(ctx, target)
    mods: list[Modifier] = []
    if cond.total_defense:
        mods.append(Modifier("Total Defense", 2))
    if cond.charging:
        mods.append(Modifier("charging", -2))
    return ac + sum(m.value for m in mods), tuple(mods)


def assess(
    ctx: Context,
    attacker: str,
    target: str,
    weapon: Weapon,
    ranged: bool,
    extras: Extras = NO_EXTRAS,
    *,
    from_cell: tuple[int, int] | None = None,
) -> Assessment:
    """Can ``attacker`` attack ``target`` with ``weapon`` (as a ranged attack if ``ranged``),
    and with which modifiers? Pure. ``from_cell`` assesses from another square (AI)."""
    if target == attacker:
        return _no("cannot attack oneself", ranged)
    if not units.in_fight(ctx, target):
        return _no(f"{units.name(ctx, target)} is out of the fight", ranged)
    if units.side(ctx, target) == units.side(ctx, attacker):
        return _no(f"{units.name(ctx, target)} is an ally", ranged)
    here = from_cell if from_cell is not None else units.cell(ctx, attacker)
    there = units.cell(ctx, target)
    dist = units.distance(here, there)
    tmpl = units.stats(ctx, attacker).template
    cover = ctx.sight.cover(here, there)
    mods: list[Modifier] = []
    target_cond = units.conditions(ctx, target)
    if ranged:
        if not weapon.shoots:
            return _no(f"{weapon.name} is not a ranged or thrown weapon", True)
        long_sq = weapon.range_long_squares or 0
        normal_sq = weapon.range_normal_squares or 0
        if dist > long_sq:
            reach_ft = long_sq * 5
            return _no(f"out of range ({dist * 5} ft, {weapon.name} reaches {reach_ft} ft)", True)
        if weapon.ranged and weapon.id in units.loadout(ctx, attacker).unloaded:
            return _no(f"{weapon.name} must be reloaded", True)
        concealed = ctx.grid.terrain(there).concealment
        if cover is None:
            return _no(f"no line of sight to {units.name(ctx, target)}", True)
        if in_enemy_melee(ctx, attacker, here):
            if weapon.ranged and weapon.two_handed:
                return _no(f"cannot shoot a {weapon.name} with an enemy in melee reach", True)
            mods.append(Modifier("shooting while in melee", -4))
        if dist > normal_sq:
            mods.append(Modifier("long range", -2))
        if concealed:
            mods.append(Modifier("target unseen (concealed)", -4))
        if target_cond.prone:
            mods.append(Modifier("prone target", 2 if dist <= 1 else -2))
        bonus = tmpl.attack_modifier(weapon, thrown=weapon.thrown and not weapon.ranged)
    else:
        if not weapon.melee:
            return _no(f"{weapon.name} is not a melee weapon", False)
        if dist > weapon.reach:
            return _no(f"{units.name(ctx, target)} is out of reach ({weapon.reach * 5} ft)", False)
        if cover is None:
            return _no(f"no line of sight to {units.name(ctx, target)}", False)
        if target_cond.prone and dist <= 1:
            mods.append(Modifier("adjacent prone target", 2))
        if units.conditions(ctx, attacker).prone:
            mods.append(Modifier("attacking while prone", -4))
        bonus = tmpl.attack_modifier(weapon)
    if cover == Cover.HALF:
        mods.append(Modifier("half cover", -2))
    elif cover == Cover.FULL:
        mods.append(Modifier("full cover", -4))
    mods.extend(hooks.attack_modifiers(ctx, attacker, target, weapon, ranged, here))
    mods.extend(extras.modifiers)
    return Assessment(True, "", ranged, bonus, tuple(mods), cover)


def hit_chance(total_bonus: int, ac: int) -> float:
    """Chance that d20 + ``total_bonus`` ≥ ``ac``."""
    faces = 21 - (ac - total_bonus)
    return min(20, max(0, faces)) / 20


def damage_distribution(count: int, sides: int) -> dict[int, float]:
    dist = {0: 1.0}
    for _ in range(count):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for f in range(1, sides + 1):
                nxt[total + f] = nxt.get(total + f, 0.0) + p / sides
        dist = nxt
    return dist


def shock_on_miss(ctx: Context, attacker: str, target: str, weapon: Weapon, ranged: bool) -> int:
    """The Shock ``target`` would take if this attack missed (0 if none applies), before any
    shield or immunity."""
    if ranged or weapon.shock is None:
        return 0
    ac, _ = target_ac(ctx, target)
    if not weapon.shock.applies_to(ac):
        return 0
    return units.stats(ctx, attacker).template.shock_damage(weapon)


def shock_stopped(ctx: Context, target: str) -> str:
    """Why a Shock would not land on ``target`` now ("" if it would)."""
    cond = units.conditions(ctx, target)
    if cond.total_defense:
        return "immune to Shock (Total Defense)"
    if units.loadout(ctx, target).shield and not cond.shock_ignored:
        return "the shield ignores the first Shock this round"
    return ""


def damage_range(
    ctx: Context, attacker: str, target: str, weapon: Weapon, ranged: bool, extras: Extras
) -> tuple[int, int, int]:
    """(min, max, bonus) of hit damage."""
    tmpl = units.stats(ctx, attacker).template
    bonus = weapon.damage.bonus + tmpl.damage_modifier(weapon)
    floor = max(1, shock_on_miss(ctx, attacker, target, weapon, ranged))
    lo = max(floor, weapon.damage.count + bonus)
    hi = max(floor, weapon.damage.count * weapon.damage.sides + bonus)
    more, _ = hooks.damage_bonus(ctx, attacker, target, weapon, ranged)
    hi += max(0, extras.damage_bonus if not extras.cap_bonus else 0)
    return lo + more, hi + more, bonus


def preview(
    ctx: Context,
    attacker: str,
    target: str,
    weapon_id: str,
    ranged: bool | None = None,
    extras: Extras = NO_EXTRAS,
) -> AttackPreview:
    """Pure: what an attack would look like (the UI hover and the AI's numbers). One that
    cannot be made now (``allowed`` false) still names the damage and Shock of its blow,
    with no chance to hit: what an attack already declared threatens (the reaction
    prompt's stakes), when the shot has unloaded the bow."""
    weapon = units.weapon(ctx, weapon_id)
    if ranged is None:
        ranged = weapon.ranged or (
            weapon.thrown and units.distance(units.cell(ctx, attacker), units.cell(ctx, target)) > 1
        )
    a = assess(ctx, attacker, target, weapon, ranged, extras)
    ac, _ = target_ac(ctx, target)
    shock = shock_on_miss(ctx, attacker, target, weapon, ranged)
    cover_name = "none" if a.cover in (None, Cover.NONE) else a.cover.name.lower()
    lo, hi, bonus = damage_range(ctx, attacker, target, weapon, ranged, extras)
    if not a.allowed:
        return AttackPreview(
            attacker,
            target,
            weapon_id,
            ranged,
            False,
            a.reason,
            a.attack_bonus,
            a.modifiers,
            ac,
            0.0,
            lo,
            hi,
            shock,
            cover_name,
            0.0,
        )
    p_hit = hit_chance(a.total, ac)
    hp = units.health(ctx, target).hp
    floor = max(1, shock)
    p_drop_on_hit = 0.0
    for faces, p in damage_distribution(weapon.damage.count, weapon.damage.sides).items():
        dmg = max(floor, faces + bonus + extras.damage_bonus)
        if extras.cap_bonus:
            dmg = min(
                dmg,
                max(
                    floor,
                    weapon.damage.max + units.stats(ctx, attacker).template.damage_modifier(weapon),
                ),
            )
        dmg += hooks.damage_bonus(ctx, attacker, target, weapon, ranged)[0]
        if dmg >= hp:
            p_drop_on_hit += p
    if extras.shock_always and not ranged and weapon.shock is not None:
        shock = units.stats(ctx, attacker).template.shock_damage(weapon)  # past AC (Swarm)
    stopped = shock_stopped(ctx, target)
    if extras.shock_always and not units.conditions(ctx, target).total_defense:
        stopped = ""
    shock_lands = 0 if stopped else shock
    p_drop_on_miss = 1.0 if shock_lands >= hp and shock_lands > 0 else 0.0
    kill = p_hit * p_drop_on_hit + (1 - p_hit) * p_drop_on_miss
    return AttackPreview(
        attacker,
        target,
        weapon_id,
        ranged,
        True,
        "",
        a.attack_bonus,
        a.modifiers,
        ac,
        p_hit,
        lo,
        hi,
        shock,
        cover_name,
        kill,
    )


def attack_flow(
    ctx: Context,
    attacker: str,
    target: str,
    weapon: Weapon,
    *,
    ranged: bool,
    mode: str,
    extras: Extras = NO_EXTRAS,
) -> Flow:
    """Roll one attack and apply its outcome, with the reaction windows:

    - ``attack_rolled`` (trigger: the ``Rolled`` attack event) — e.g. Total Defense after
      seeing the roll; the hit is decided against the AC *after* the window;
    - ``before_damage`` (trigger: ``AttackResolved`` with hit) — e.g. a Snap Attack that
      downs the attacker prevents the damage.
    """
    target = yield from hooks.redirect(ctx, attacker, target, weapon, ranged, mode)
    a = assess(ctx, attacker, target, weapon, ranged, extras)
    if not a.allowed:
        ctx.emit(Note(f"{units.name(ctx, attacker)} cannot attack: {a.reason}", attacker))
        return
    who, whom = units.name(ctx, attacker), units.name(ctx, target)
    verb = {"melee": "attacks", "ranged": "shoots at" if weapon.ranged else "throws at"}.get(
        mode, f"makes {'an' if mode[0] in 'aeiou' else 'a'} {mode} attack on"
    )
    mods_text = ", ".join(f"{m.label} {m.value:+d}" for m in a.modifiers)
    ctx.emit(
        AttackDeclared(
            attacker=attacker,
            target=target,
            weapon=weapon.id,
            mode=mode,
            text_=f"{who} {verb} {whom} with {weapon.name}"
            + (f" ({extras.label})" if extras.label else "")
            + (f" [{mods_text}]" if mods_text else ""),
            thrown=ranged and not weapon.ranged,
        )
    )
    ac, _ = target_ac(ctx, target)
    rolled = ctx.roll(
        1,
        20,
        a.total,
        unit=attacker,
        who=who,
        purpose="attack roll",
        detail=f"vs {whom}",
        target=ac,
        versus="AC",
        words=("hit", "miss"),
        terms=a.terms,
    )
    yield from ctx.window("attack_rolled", rolled)
    final_ac, _ = target_ac(ctx, target)
    if final_ac != ac:
        ctx.emit(Note(f"{whom}'s AC is now {final_ac}", target))
    hit = rolled.total >= final_ac
    resolved = AttackResolved(
        attacker=attacker,
        target=target,
        weapon=weapon.id,
        mode=mode,
        hit=hit,
        total=rolled.total,
        ac=final_ac,
        shocks=True,
        ranged=ranged,
        shock_always=extras.shock_always,
    )
    ctx.emit(resolved)
    if not hit:
        return  # its Shock is applied by the Shock system (``shock.ShockOnMiss``)
    tmpl = units.stats(ctx, attacker).template
    yield from ctx.window("before_damage", resolved)
    if not units.in_fight(ctx, attacker):
        ctx.emit(Note(f"{who} falls before the blow lands: no damage", attacker))
        return
    if not units.in_fight(ctx, target):
        return
    bonus = weapon.damage.bonus + tmpl.damage_modifier(weapon)
    shock = shock_on_miss(ctx, attacker, target, weapon, ranged)
    roll = ctx.roll(
        weapon.damage.count,
        weapon.damage.sides,
        bonus,
        unit=attacker,
        who=who,
        purpose="damage",
        detail=f"with {weapon.name}",
    )
    amount = roll.total
    if extras.damage_bonus:
        extra = extras.damage_bonus
        if extras.cap_bonus:
            top = weapon.damage.max + tmpl.damage_modifier(weapon)
            extra = max(0, min(extra, top - amount))
        amount += extra
    more, why = hooks.damage_bonus(ctx, attacker, target, weapon, ranged)
    if more:
        ctx.emit(Note(f"{more:+d} damage ({why})", attacker))
        amount += more
    floor = max(1, shock)
    if amount < floor:
        ctx.emit(Note(f"raised to {floor} (a hit never does less than its Shock)", attacker))
        amount = floor
    apply_damage(ctx, target, amount, "hit", attacker)
