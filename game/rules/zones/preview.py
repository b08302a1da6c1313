"""What a player sees before committing (issue 35 · the DR12 test a player faces and its
odds): who tests what, the odds, the damage range and the chance to drop the target.
Pure: it reads the state and rolls nothing."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import product
from typing import TYPE_CHECKING, Any

from game.engine.presentation import AnswerPreview, Row
from game.rules.preview import AttackPreview
from game.rules.zones import units
from game.rules.zones.attack import plan
from game.rules.zones.checks import DR, bonus_of, edge, odds
from game.rules.zones.moving import ZoneMove, free_attackers
from game.rules.zones.state import WEAKENED
from game.rules.zones.stunts import HINDERING, Push, Stunt

if TYPE_CHECKING:
    from game.engine.context import Context


def kept_faces(advantage: int) -> dict[int, float]:
    """The chance of each kept d20 face (advantage: the better of two, and so on)."""
    net = edge(advantage)
    if net > 0:
        return {k: (k * k - (k - 1) ** 2) / 400 for k in range(1, 21)}
    if net < 0:
        return {k: ((21 - k) ** 2 - (20 - k) ** 2) / 400 for k in range(1, 21)}
    return {k: 1 / 20 for k in range(1, 21)}


def damage_faces(ctx: Context, weapons: tuple[str, ...]) -> dict[int, float]:
    """The damage distribution: each weapon's dice summed, the higher of two kept."""
    found = (units.weapon(ctx, w).damage for w in weapons)
    return dict(dice_faces(tuple((d.count, d.sides) for d in found)))


@cache
def dice_faces(dice: tuple[tuple[int, int], ...]) -> tuple[tuple[int, float], ...]:
    """``damage_faces`` of weapons rolling ``dice`` ((count, sides) each), as pairs in the
    order the faces come: the same dice always give the same distribution (kept)."""
    dists = []
    for count, sides in dice:
        dist: dict[int, float] = {}
        for faces in product(range(1, sides + 1), repeat=count):
            dist[sum(faces)] = dist.get(sum(faces), 0.0) + sides**-count
        dists.append(dist)
    out: dict[int, float] = {}
    for combo in product(*(d.items() for d in dists)):
        value = max(v for v, _ in combo)
        p = 1.0
        for _, q in combo:
            p *= q
        out[value] = out.get(value, 0.0) + p
    return tuple(out.items())


def tester_bonus(ctx: Context, unit: str, attribute: str, advantage: int) -> tuple[int, int]:
    """The tester's bonus and net edge, Weakened counted."""
    f = units.fighter(ctx, unit)
    weak = -1 if WEAKENED in f.hindrances else 0
    return bonus_of(f, attribute), edge(advantage + weak)


def outcomes(ctx: Context, attacker: str, target: str, weapons: tuple[str, ...]) -> Any:
    """(chance of harm, damage range, chance to drop the target, plan)."""
    p = plan(ctx, attacker, target, weapons)
    mod, net = tester_bonus(ctx, p.tester, p.attribute, p.advantage)
    dmg = damage_faces(ctx, weapons)
    hp = units.fighter(ctx, target).hp
    harm = drop = 0.0
    for face, q in kept_faces(net).items():
        passed = face + mod >= DR
        hurts = passed if p.attacking else not passed
        if not hurts:
            continue
        doubled = face == 20 if p.attacking else face == 1
        harm += q
        drop += q * sum(r for v, r in dmg.items() if v * (2 if doubled else 1) >= hp)
    low, high = min(dmg), max(dmg) * 2
    return harm, (low, high), drop, p, mod, net


def attack_preview(
    ctx: Context, attacker: str, target: str, weapons: tuple[str, ...]
) -> AttackPreview:
    from game.rules.zones.actions import attack_problem

    reason = (
        attack_problem(ctx, attacker, target, weapons[0], weapons[1] if len(weapons) > 1 else "")
        or ""
    )
    harm, (low, high), drop, p, mod, net = outcomes(ctx, attacker, target, weapons)
    tester = units.name(ctx, p.tester)
    edge_word = {1: ", advantage", -1: ", disadvantage", 0: ""}[net]
    test_row = f"{tester}: {p.attribute} {mod:+d} vs DR{DR}{edge_word}"
    chance = odds(mod, net)
    rows: list[tuple[str, str]] = [
        ("Test", test_row),
        ("Odds to hit" if p.attacking else "Odds to dodge", f"{chance:.0%}"),
        ("Damage", f"{low}–{high // 2} ({'×2 on a 20' if p.attacking else '×2 on a 1'})"),
        ("Chance to drop", f"{drop:.0%}"),
    ]
    if len(weapons) > 1:
        rows.append(("Dual-wielding", "both dice, the higher kept"))
    return AttackPreview(
        attacker=attacker,
        target=target,
        weapon=weapons[0],
        ranged=p.ranged,
        allowed=not reason,
        reason=reason,
        attack_bonus=mod,
        modifiers=(),
        target_ac=DR,
        hit_chance=harm,
        damage_min=low,
        damage_max=high,
        shock_on_miss=0,
        cover="",
        kill_chance=drop,
        rows=tuple(rows),
    )


def rows_of(pairs: Iterable[tuple[str, str]]) -> tuple[Row, ...]:
    return tuple(Row(a, b) for a, b in pairs)


def test_preview(
    ctx: Context, tester: str, attribute: str, what: str, *, passing: bool = True
) -> AnswerPreview:
    """A stunt's or first aid's test and its odds (``passing``: the tester wants to pass)."""
    mod, net = tester_bonus(ctx, tester, attribute, 0)
    chance = odds(mod, net)
    if not passing:
        chance = 1 - chance
    rows = (
        ("Test", f"{units.name(ctx, tester)}: {attribute} {mod:+d} vs DR{DR}"),
        ("Odds", f"{chance:.0%}"),
        ("On success", what),
    )
    return AnswerPreview(weapon="", allowed=True, reason="", rows=rows_of(rows), odds=chance)


def answer_preview(ctx: Context, answer: Any) -> AnswerPreview | AttackPreview | None:
    """The preview of any answer with a test or a risk in it."""
    from game.rules.zones.actions import FirstAid, ZoneAttack

    if isinstance(answer, ZoneAttack):
        weapons = (answer.weapon, answer.offhand) if answer.offhand else (answer.weapon,)
        return attack_preview(ctx, answer.unit, answer.target, weapons)
    if isinstance(answer, Stunt) and answer.stunt in HINDERING:
        attribute, hindrance = HINDERING[answer.stunt]
        p = plan(ctx, answer.unit, answer.target, ("unarmed",))
        tester = answer.unit if p.attacking else answer.target
        return test_preview(ctx, tester, attribute, f"the foe is {hindrance}", passing=p.attacking)
    if isinstance(answer, Push):
        mine = units.fighter(ctx, answer.unit).STR
        theirs = units.fighter(ctx, answer.target).STR
        win = sum(1 for a in range(1, 21) for b in range(1, 21) if a + mine > b + theirs) / 400
        zone = units.graph(ctx).zones[answer.zone].name
        rows = (
            ("Test", f"STR {mine:+d} against STR {theirs:+d}"),
            ("Odds", f"{win:.0%}"),
            ("On success", f"pushed into {zone}"),
        )
        return AnswerPreview(weapon="", allowed=True, reason="", rows=rows_of(rows), odds=win)
    if isinstance(answer, FirstAid):
        return test_preview(ctx, answer.unit, "Skill", "heals 1d4 HP, ends Ongoing Damage")
    if isinstance(answer, ZoneMove):
        foes = [units.name(ctx, e) for e in free_attackers(ctx, answer.unit)]
        area = units.graph(ctx).zones[answer.zone]
        lines = [("Zone", area.name), ("Free attacks", ", ".join(foes) if foes else "none")]
        if area.properties.get("hazard"):
            lines.append(("Hazard", area.properties["hazard"]))
        return AnswerPreview(weapon="", allowed=True, reason="", rows=rows_of(lines))
    return None
