"""Damage, critical damage and ability loss (000 · Attacking & Damage, Unarmed Combat &
Brawls, Critical Damage, Optional rule: Critical Hit Locations, Ability Score Loss, Wounds).

- A blow's roll minus the target's Armor goes into HP; what HP cannot hold (damage taking
  HP *below* zero; exactly zero holds) goes into STR, and the target then saves STR
  against Critical Damage. Unaware and overburdened targets take it all in STR.
  Decision: Armor counts against every blow, those into STR included (parries too).
- A failed save: a non-lethal blow (unarmed, or a ``nonlethal`` weapon) knocks the target
  out. Otherwise a player character (a unit of the party side) rolls the d6 table (1 dies,
  2–5 incapacitated: out of the fight, dying within the hour; 6 "not today": regains
  1d4 HP) or, with ``critical=locations``, the d10 hit locations. Decision: any other
  unit is taken out (dies), as Cairn's monsters are.
- Whoever failed the save and still fights is impaired in its attacks and enhanced
  against (``ClashState.crit_failed``).
- STR 0 kills; DEX 0 paralyses; WIL 0 makes delirious (both: out of the fight).
- Wounds fill inventory slots; a unit that has one of the kind chooses to worsen it or
  take a new slot (a decision to its controller); a permanent wound lowers a fitting
  ability by 1 (burns and frostbite DEX, nerve damage WIL, poisoning STR: decision).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.decision import Option
from game.engine.events import Damaged, Died, Downed, Note
from game.engine.seam import Flow
from game.rules.clash import units
from game.rules.clash.content import ClashWeapon, clash_stats
from game.rules.clash.events import AbilityLost, SlotFilled
from game.rules.clash.house_rules import CRITICAL, WOUNDS, on, rule
from game.rules.clash.saves import save
from game.world import ground

if TYPE_CHECKING:
    from game.engine.context import Context

WOUND_LEVELS = ("light", "severe", "permanent")
WOUND_ABILITY = {"burns": "DEX", "frostbite": "DEX", "nerve damage": "WIL", "poisoning": "STR"}


@dataclass(frozen=True, slots=True)
class Blow:
    """One blow about to land: who struck (None for no one), the rolled total, the
    weapon (its tags decide non-lethal and the wound), and how it lands."""

    by: str | None
    rolled: int
    weapon: ClashWeapon | None
    to_str: bool = False  # straight to STR (a lost parry, a won one)
    crit_save: bool = True  # False: no Critical Damage save (000 · Parry)


def harm(ctx: Context, target: str, blow: Blow) -> Flow:
    """Apply ``blow`` to ``target``: Armor, HP, STR, the Critical Damage save."""
    st = units.state(ctx, target)
    who = units.name(ctx, target)
    dealt = max(0, blow.rolled - st.armor)
    armor = f" - Armor {st.armor}" if st.armor else ""
    ctx.emit(Note(f"{who} is struck for {blow.rolled}{armor} = {dealt}", target))
    if dealt == 0:
        return
    straight = blow.to_str or st.unaware or st.overburdened
    if straight:
        why = "unaware" if st.unaware else "overburdened" if st.overburdened else "parry"
        lost = dealt
    else:
        h = units.health(ctx, target)
        taken = min(h.hp, dealt)
        h.hp -= taken
        lost = dealt - taken
        if taken:
            ctx.emit(Damaged(target, who, taken, h.hp, h.max_hp, "hit", by=blow.by))
        why = "HP spent"
        if lost == 0:
            return
    lose_ability(ctx, target, "STR", lost, why, by=blow.by)
    if not units.in_fight(ctx, target) or not blow.crit_save:
        return
    if not save(ctx, target, "STR", "against Critical Damage"):
        yield from critical(ctx, target, blow)


def lose_ability(
    ctx: Context, unit: str, ability: str, amount: int, source: str, by: str | None = None
) -> None:
    """000 · Ability Score Loss: STR 0 dies, DEX 0 paralysed, WIL 0 delirious (``by``: whose
    blow it was, for the record)."""
    st = units.state(ctx, unit)
    value = max(0, st.score(ability) - amount)
    setattr(st, ability, value)
    who = units.name(ctx, unit)
    ctx.emit(AbilityLost(unit, who, ability, amount, value, source, by))
    if value > 0:
        return
    if ability == "STR":
        kill(ctx, unit, "STR 0")
    elif ability == "DEX" and not st.paralysed:
        st.paralysed = True
        ctx.emit(Downed(unit, who, units.side(ctx, unit), "paralysed (DEX 0)"))
    elif ability == "WIL" and not st.delirious:
        st.delirious = True
        ctx.emit(Downed(unit, who, units.side(ctx, unit), "delirious (WIL 0)"))


def kill(ctx: Context, unit: str, cause: str) -> None:
    cond = units.conditions(ctx, unit)
    if cond.dead:
        return
    cond.dead = True
    ctx.emit(Died(unit, units.name(ctx, unit), units.side(ctx, unit), cause))


def critical(ctx: Context, target: str, blow: Blow) -> Flow:
    """A failed Critical Damage save."""
    who = units.name(ctx, target)
    side = units.side(ctx, target)
    st = units.state(ctx, target)
    if blow.weapon is not None and blow.weapon.nonlethal:
        units.conditions(ctx, target).unconscious = True
        ctx.emit(Downed(target, who, side, "knocked out (a non-lethal blow)", by=blow.by))
        return
    if not units.is_party(ctx, target):
        kill(ctx, target, "critical damage")
        return
    if rule(ctx, CRITICAL) == "locations":
        hit_location(ctx, target, blow.by)
    else:
        d6 = ctx.roll(1, 6, unit=target, who=who, purpose="critical damage")
        if d6.total == 1:
            kill(ctx, target, "critical damage: 1")
        elif d6.total <= 5:
            units.conditions(ctx, target).mortally_wounded = True
            ctx.emit(Downed(target, who, side, "incapacitated: dies within the hour", by=blow.by))
        else:
            h = units.health(ctx, target)
            regain = ctx.roll(1, 4, unit=target, who=who, purpose="'Not today' HP regained")
            h.hp = min(h.max_hp, h.hp + regain.total)
            ctx.emit(Note(f"{who}: not today! Back to {h.hp} HP", target))
    if units.in_fight(ctx, target):
        st.crit_failed = True
        ctx.emit(Note(f"{who} fights on, impaired by critical damage", target))
    if blow.by is not None and on(ctx, WOUNDS) and not units.conditions(ctx, target).dead:
        kind = clash_stats(units.template(ctx, blow.by), ctx.content).wound
        if kind:
            yield from gain_wound(ctx, target, kind)


def hit_location(ctx: Context, target: str, by: str | None = None) -> None:
    """000 · Optional rule: Critical Hit Locations (d10), an Injury in the inventory."""
    who = units.name(ctx, target)
    st = units.state(ctx, target)
    d10 = ctx.roll(1, 10, unit=target, who=who, purpose="hit location").total
    st.injuries += 1
    if d10 <= 5:
        ctx.emit(Note(f"{who} is hit in the torso", target))
        more = ctx.roll(1, 4, unit=target, who=who, purpose="torso: extra STR lost").total
        lose_ability(ctx, target, "STR", more, "torso", by=by)
    elif d10 <= 7:
        st.leg_hits += 1
        leg = "left" if d10 == 6 else "right"
        ctx.emit(
            Note(
                f"{who} is hit in the {leg} leg: moves at half speed, and loses the "
                "order's DEX saves" + (" outright" if st.leg_hits > 1 else " with disadvantage"),
                target,
            )
        )
    elif d10 <= 9:
        st.arm_hits += 1
        arm = "left" if d10 == 8 else "right"
        dropped = disarm(ctx, target)
        what = f"drops the {dropped}" if dropped else "has nothing to drop"
        ctx.emit(
            Note(
                f"{who} is hit in the {arm} arm and {what}; no two-handed or dual weapons now",
                target,
            )
        )
    else:
        kill(ctx, target, "hit in the head")
    if not units.conditions(ctx, target).dead:
        ctx.emit(SlotFilled(target, who, "an injury", st.used_slots, st.slots))


def disarm(ctx: Context, unit: str) -> str | None:
    """Drop the unit's first carried weapon (to its square); its name, or None."""
    st = units.state(ctx, unit)
    if not st.weapons:
        return None
    dropped = st.weapons.pop(0)
    ground.lay(dropped, unit, units.cell(ctx, unit))
    return ctx.content.weapons[dropped].name


def add_fatigue(ctx: Context, unit: str, why: str) -> None:
    """000 · Block, Dodge & Parry: each reaction gives 1 Fatigue, which fills a slot."""
    st = units.state(ctx, unit)
    st.fatigue += 1
    ctx.emit(SlotFilled(unit, units.name(ctx, unit), f"1 Fatigue ({why})", st.used_slots, st.slots))


@register_answer
@dataclass(frozen=True, slots=True)
class WoundChoice(Answer):
    """000 · Wounds: worsen the existing wound of that kind, or take a new slot."""

    kind: ClassVar[str] = "wound_choice"
    label: ClassVar[str] = "Wound"
    unit: str
    worsen: bool


def gain_wound(ctx: Context, unit: str, kind: str) -> Flow:
    st = units.state(ctx, unit)
    who = units.name(ctx, unit)
    index = next(
        (i for i, w in enumerate(st.wounds) if w.endswith(kind) and not w.startswith("perm")),
        None,
    )
    worsen = False
    if index is not None:
        current = st.wounds[index].split(" ", 1)[0]
        options = (
            Option("wound_choice", f"Worsen the {current} {kind}", answer=WoundChoice(unit, True)),
            Option(
                "wound_choice",
                f"A new light {kind} in another slot",
                answer=WoundChoice(unit, False),
            ),
        )
        choice = yield ctx.decide(
            "reaction",
            side=units.side(ctx, unit),
            unit=unit,
            prompt=f"{who} suffers {kind} again: worsen the wound or fill a new slot?",
            options=options,
        )
        worsen = isinstance(choice, WoundChoice) and choice.worsen
    if worsen and index is not None:
        level = WOUND_LEVELS[WOUND_LEVELS.index(st.wounds[index].split(" ", 1)[0]) + 1]
        st.wounds[index] = f"{level} {kind}"
        ctx.emit(Note(f"{who}'s {kind} worsens: now {level}", unit))
        if level == "permanent":
            lose_ability(ctx, unit, WOUND_ABILITY[kind], 1, f"permanent {kind}")
        return
    st.wounds.append(f"light {kind}")
    ctx.emit(SlotFilled(unit, who, f"a light wound ({kind})", st.used_slots, st.slots))
