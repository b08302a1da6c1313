"""One attack from declaration to damage (003 · Attacking, Reacting to an attack, Attack
stunts, Non-lethal attacks): the WIT save to hit, then a proposed stunt, then the
target's reaction (``defend``), then damage, or the counter's simultaneous blows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Note
from game.rules.factions import damage, units
from game.rules.factions.aim import aim
from game.rules.factions.answers import STUNT_WORDS, AcceptStunt, Counter, Dodge
from game.rules.factions.asking import ask
from game.rules.factions.defend import defend
from game.rules.factions.events import Attacked
from game.rules.factions.sneak import reveal

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.engine.seam import Flow

NON_LETHAL = ("disarm", "grapple")


def strike(
    ctx: Context,
    attacker: str,
    target: str,
    weapon_id: str,
    mode: str,
    *,
    hold_back: bool = False,
    stunt: str = "",
    how: str = "",
    drop_weapon: str = "",
    reactable: bool = True,
) -> Flow:
    """Resolve one attack (``how``: "disarm"/"grapple" for the non-lethal ones, whose
    effect is applied by ``effect`` after any counter)."""
    w = units.weapon(ctx, weapon_id)
    shot = aim(ctx, attacker, target, weapon_id, mode, hold_back=hold_back)
    surprised = units.fate(ctx, attacker).concealed and units.side(ctx, attacker) != units.side(
        ctx, target
    )
    trigger = Attacked(
        attacker,
        target,
        weapon_id,
        how or mode,
        units.name(ctx, attacker),
        units.name(ctx, target),
        w.name,
    )
    ctx.emit(trigger)
    reveal(ctx, attacker, "attacking")
    units.gear(ctx, attacker).used.add(weapon_id)
    if shot.peek:
        units.turn(ctx, attacker).peeked = True
    if shot.save and not damage.save(ctx, attacker, "WIT", f"to hit ({shot.save})"):
        ctx.emit(Note(f"{units.name(ctx, attacker)} misses", unit=attacker))
        return
    if stunt:
        words = STUNT_WORDS[stunt]
        choice = yield from ask(
            ctx,
            target,
            f"{units.name(ctx, attacker)} offers: be {words} instead of the blow?",
            [(f"Accept: {words}", AcceptStunt(target, stunt))],
            trigger,
        )
        if isinstance(choice, AcceptStunt):
            apply_stunt(ctx, attacker, target, stunt)
            return
    aware = reactable and not surprised
    struck, reaction = target, None
    if aware:
        struck, reaction = yield from defend(ctx, attacker, target, trigger)
    if isinstance(reaction, Dodge):
        if damage.save(ctx, struck, "AGI", "to dodge"):
            ctx.emit(Note(f"{units.name(ctx, struck)} dodges the attack", unit=struck))
            return
    if isinstance(reaction, Counter):
        blow = (weapon_id, mode, shot.cover, how, drop_weapon)
        yield from counter(ctx, attacker, struck, reaction, blow)
        return
    if how in NON_LETHAL:
        effect(ctx, attacker, struck, how, drop_weapon)
        return
    impaired = bool(shot.impaired)
    if struck != target:  # a new target: its own protection
        impaired = bool(aim(ctx, attacker, struck, weapon_id, mode, hold_back=hold_back).impaired)
    rolled = damage.roll_damage(ctx, attacker, w, impaired)
    hurt = damage.after_armour(ctx, struck, rolled, cover=shot.cover, penetrates=w.penetrates)
    damage.harm(ctx, struck, hurt, attacker, w.name)


def counter(
    ctx: Context,
    attacker: str,
    target: str,
    reaction: Counter,
    blow: tuple[str, str, bool, str, str],
    rolled: int | None = None,
) -> Flow:
    """Both roll damage at once; whoever suffers more after reductions is hit first (a
    tie: both at once); one brought down by the first blow strikes no more. A non-lethal
    attack's effect comes last. ``rolled``: the attacker's damage die already rolled (a
    blast rolls once for all its targets)."""
    weapon_id, mode, cover, how, drop_weapon = blow
    theirs = aim(ctx, target, attacker, reaction.weapon, reaction.mode)
    units.gear(ctx, target).used.add(reaction.weapon)
    mine_w, theirs_w = units.weapon(ctx, weapon_id), units.weapon(ctx, reaction.weapon)
    to_target = 0
    if how not in NON_LETHAL:
        impaired = bool(aim(ctx, attacker, target, weapon_id, mode).impaired)
        if rolled is None:
            rolled = damage.roll_damage(ctx, attacker, mine_w, impaired)
        to_target = damage.after_armour(
            ctx, target, rolled, cover=cover, penetrates=mine_w.penetrates
        )
    rolled_back = damage.roll_damage(ctx, target, theirs_w, bool(theirs.impaired))
    to_attacker = damage.after_armour(
        ctx, attacker, rolled_back, cover=theirs.cover, penetrates=theirs_w.penetrates
    )
    blows = [
        (target, to_target, attacker, mine_w.name),
        (attacker, to_attacker, target, theirs_w.name),
    ]
    if how in NON_LETHAL:
        blows = blows[1:]
    elif to_attacker > to_target:
        blows.reverse()
    tie = len(blows) == 2 and to_attacker == to_target
    for victim, amount, by, source in blows:
        if not units.in_fight(ctx, by) and not tie:
            continue  # brought down before its blow landed
        damage.harm(ctx, victim, amount, by, source)
    if how in NON_LETHAL and units.in_fight(ctx, attacker):
        effect(ctx, attacker, target, how, drop_weapon)
    return
    yield


def effect(ctx: Context, attacker: str, target: str, how: str, drop_weapon: str) -> None:
    """A non-lethal attack's STR save (003 · Non-lethal attacks): Disarm drops the weapon
    the attacker chose (``drop_weapon``), Grapple grabs."""
    if damage.save(ctx, target, "STR", f"against the {how}"):
        return
    if how == "disarm":
        drop(ctx, target, drop_weapon)
        return
    damage.let_go(ctx, target)
    units.fate(ctx, attacker).holding = target
    units.fate(ctx, target).grabbed_by = attacker
    ctx.emit(Note(f"{units.name(ctx, attacker)} grabs {units.name(ctx, target)}", unit=target))


def drop(ctx: Context, unit: str, weapon_id: str) -> None:
    """``unit`` drops ``weapon_id`` on its square."""
    from game.world import ground

    g = units.gear(ctx, unit)
    if weapon_id not in g.weapons or weapon_id in g.dropped:
        return
    g.dropped.append(weapon_id)
    if weapon_id in g.held:
        g.held.remove(weapon_id)
    ground.lay(weapon_id, unit, units.cell(ctx, unit))
    ctx.emit(
        Note(f"{units.name(ctx, unit)} drops the {units.weapon_words(ctx, weapon_id)}", unit=unit)
    )


def apply_stunt(ctx: Context, attacker: str, target: str, stunt: str) -> None:
    """The accepted stunt (003 · Attack stunts) instead of damage."""
    f = units.fate(ctx, target)
    ctx.emit(Note(f"{units.name(ctx, target)} is {STUNT_WORDS[stunt]}", unit=target))
    if stunt == "knock_down":
        f.prone = True
    elif stunt == "cripple":
        f.crippled = True
    elif stunt == "surrender":
        damage.surrender(ctx, target)
    elif stunt == "disarm":
        held = [w for w in units.weapons(ctx, target) if w != "unarmed"]
        if held:
            drop(ctx, target, held[0])
