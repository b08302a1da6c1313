"""What the clash AI declares (000 · Declare Actions, Quick Turns & Full Turns, Multiple
Attackers): every unit's options as ``Choice`` rows, valued in *worth* (``clash_odds``),
and a side's declarations chosen together.

Attacks on one target in the same group of turns (quick or full) land as one moment, in
which only the highest die counts. So a ``Choice`` names the moment its blow joins
(target, group) and its damage roll; the side plan hands out blows greedily by what each
*adds* to its moment (``E[max of n] - E[max of n-1]``, through the target's Armor, HP and
STR), against what the unit could do elsewhere (another target, advancing, kiting).
A level without ``coordinate`` values every option as if the unit struck alone.

Besides blows: a trip gambit (``gambits``) lands before the moment's damage and makes
every other blow of it enhanced (+d12); shooting then stepping away, or stepping out of
Close before shooting (``kite``), is worth the blows of the enemies that could no longer
reach the shooter and, out of Close, its next shot; advancing is worth a little; a
badly hurt unit outnumbered at Close retreats (``flee``). Holds that count round ends
(``holds``, ``turtle``): leaving an area the enemy or the side itself wins by holding
costs what ``clash.holds`` says, and a unit runs into one about to fall.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from game.ai.clash.choice import Choice, PlanLevel
from game.ai.clash.gambits import gambit_choices, retreat_choice
from game.ai.clash.holds import breakers, keep_cost, keeper_areas, stay_cost
from game.ai.clash.odds import (
    Dist,
    best_of,
    die_dist,
    loss,
    out_probability,
    slot_cost,
    swing_dist,
)
from game.ai.core import objective_map
from game.engine.answers import Answer, EndTurn
from game.geometry.grid import Cell
from game.geometry.movement import distance
from game.maps.battlefield import Objective
from game.rules.clash import units
from game.rules.clash.bands import CLOSE, band
from game.rules.clash.declare import (
    ClashAttack,
    ClashGambit,
    ClashMove,
    ClashRetreat,
    ClashShoot,
    shot_problem,
)
from game.rules.clash.declare_checks import offhand_problem, weapon_problem
from game.rules.clash.moving import approach_cell, reachable_cells
from game.rules.clash.order import FULL, QUICK
from game.rules.clash.reactions import may_react
from game.rules.clash.strike import reaction_effect

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.rules.clash.content import ClashWeapon

# Worth of two moves toward the enemy when nothing better is on offer.
ADVANCE = 1.0
# A thrown weapon is gone once thrown: what losing it costs.
THROWN_COST = 1.0
# Share of an enemy's blow counted as avoided by standing out of its reach.
ESCAPE_SHARE = 0.5


@dataclass(slots=True)
class Moments:
    """The blows a side has handed out so far, by moment, with each moment's worth."""

    ctx: Context
    foresee: bool = False
    parts: dict[tuple[str, str], list[Choice]] = field(default_factory=dict)
    worth: dict[tuple[str, str], float] = field(default_factory=dict)

    def value(self, key: tuple[str, str], parts: list[Choice]) -> float:
        return moment_value(self.ctx, key[0], parts, self.foresee)

    def gain(self, c: Choice) -> float:
        """What ``c`` adds: its moment with it minus without it, plus its bonus."""
        if c.key is None:
            return c.bonus
        parts = self.parts.get(c.key, [])
        before = self.worth.get(c.key, 0.0)
        return self.value(c.key, [*parts, c]) - before + c.bonus

    def add(self, c: Choice) -> None:
        if c.key is None:
            return
        parts = self.parts.setdefault(c.key, [])
        parts.append(c)
        self.worth[c.key] = self.value(c.key, parts)


def moment_value(ctx: Context, target: str, parts: list[Choice], foresee: bool = False) -> float:
    """Worth ``target`` is expected to lose to these blows landing together: trips
    first (any landing makes the damage rolls enhanced), then the single highest roll;
    ``foresee``: the target answers
    with its best block or dodge, at the price of a Fatigue slot; and what the gambits
    that land take from it if it is still in the fight (``denial``)."""
    damage = [c for c in parts if c.dist]
    denied = denial(ctx, target, parts, damage)
    if not damage:
        return denied
    missed = 1.0
    for c in parts:
        missed *= 1.0 - c.trip

    def blow(dists: list[Dist]) -> float:
        return loss(ctx, target, best_of(dists))

    def worth(tripped: bool) -> float:
        dists = [(c.enhanced or c.dist) if tripped else c.dist for c in damage]
        value = blow(dists)
        cost = slot_cost(ctx, target) if foresee and may_react(ctx, target) else None
        if cost is None:
            return value
        for kind in ("block", "dodge"):
            changed = [caught(ctx, target, c, d, kind) for c, d in zip(damage, dists, strict=True)]
            value = min(value, blow([d for d in changed if d]) + cost)
        return value

    value = missed * worth(False)
    if missed < 1.0:
        value += (1.0 - missed) * worth(True)
    return value + denied


def denial(ctx: Context, target: str, parts: list[Choice], damage: list[Choice]) -> float:
    """What the moment's stuns and disarms take from ``target`` (``Choice.deny``): for
    each kind, the chance one lands times the most it denies, counted only if the
    target is still in the fight after the moment's highest blow (enhanced when the
    gambit makes it so: a stun)."""
    total = 0.0
    kinds: dict[str, list[Choice]] = {}
    for c in parts:
        if c.deny > 0.0:
            kinds.setdefault(str(getattr(c.answer, "gambit", "")), []).append(c)
    for group in kinds.values():
        missed = 1.0
        for c in group:
            missed *= 1.0 - c.land
        enhances = any(c.trip > 0.0 for c in group)
        dists = [(c.enhanced or c.dist) if enhances else c.dist for c in damage]
        standing = 1.0 - out_probability(ctx, target, best_of(dists)) if dists else 1.0
        total += (1.0 - missed) * max(c.deny for c in group) * standing
    return total


def caught(ctx: Context, target: str, c: Choice, dist: Dist, kind: str) -> Dist:
    """``c``'s roll ``dist`` once ``target`` blocks or dodges (``kind``): turned aside
    (empty), impaired (a d4, or the plain die when it was enhanced: they cancel) or as
    it was."""
    weapon = getattr(c.answer, "weapon", None)
    if not isinstance(weapon, str):
        return dist
    w = units.weapon(ctx, weapon)
    effect = reaction_effect(ctx, target, kind, w.size)
    if effect == "negated":
        return ()
    if effect == "impaired":
        return die_dist(w.die) if len(dist) > w.die + 1 else die_dist(4)
    return dist


def plan_side(ctx: Context, side: str, level: PlanLevel, seed: int) -> dict[str, Answer]:
    """The declaration of every unit of ``side`` that will declare this round."""
    return {u: c.answer for u, (c, _) in planned(ctx, side, level, seed).items()}


def planned(
    ctx: Context, side: str, level: PlanLevel, seed: int
) -> dict[str, tuple[Choice, float]]:
    """Every declaring unit's choice and what it adds to its side's plan. With
    ``weigh_gambits`` the enemies' plans are foreseen first (``foreseen``): what a stun
    would deny each of them."""
    who = [u for u in units.units_of(ctx, side) if declares(ctx, u)]
    denied = foreseen(ctx, side, level, seed) if level.weigh_gambits else {}
    options = {u: choices(ctx, u, level, denied) for u in who}
    if level.holds:
        for u, (move, value) in breakers(ctx, side, who).items():
            options[u].append(Choice(move, bonus=value))
    moments = Moments(ctx, level.foresee_reactions)
    out: dict[str, tuple[Choice, float]] = {}
    if not level.coordinate:
        for u in who:
            ranked = sorted(options[u], key=lambda c: -moments.gain(c))
            chosen = pick(ranked, level, f"{seed}:{ctx.round}:{u}")
            out[u] = (chosen, moments.gain(chosen))
        return out
    gains = {u: [moments.gain(c) for c in options[u]] for u in who}
    while gains:
        u, i = max(
            ((u, i) for u, g in gains.items() for i in range(len(g))),
            key=lambda ui: gains[ui[0]][ui[1]],
        )
        chosen = options[u][i]
        out[u] = (chosen, gains[u][i])
        del gains[u]
        moments.add(chosen)
        if chosen.key is None:
            continue
        for v, g in gains.items():
            for j, c in enumerate(options[v]):
                if c.key == chosen.key:
                    g[j] = moments.gain(c)
    return out


def foreseen(ctx: Context, side: str, level: PlanLevel, seed: int) -> dict[str, float]:
    """What each enemy's declaration of this round is foreseen to take from ``side``
    (000 · Gambits, stun: "loses its next action"): the enemy sides planned as this level
    would plan them without its own gambits and retreats, each unit's share of its
    moment (its blow's or shot's worth; nothing for a move or a hold)."""
    plain = replace(level, weigh_gambits=False, weigh_retreat=False)
    mine = [u for u in units.units_of(ctx, side) if units.in_fight(ctx, u)]
    others = sorted({units.side(ctx, f) for u in mine for f in units.enemies(ctx, u)})
    out: dict[str, float] = {}
    for other in others:
        for u, (c, gain) in planned(ctx, other, plain, seed).items():
            out[u] = max(0.0, gain - c.bonus) if c.key is not None else 0.0
    return out


def pick(ranked: list[Choice], level: PlanLevel, salt: str) -> Choice:
    """The best choice, or (``mistake_rate`` of the time) one of the few best, drawn
    from a generator seeded by the battle's seed, the round and the unit."""
    if level.mistake_rate and len(ranked) > 1:
        rng = random.Random(salt)
        if rng.random() < level.mistake_rate:
            return rng.choice(ranked[: level.mistake_pool])
    return ranked[0]


def declares(ctx: Context, unit: str) -> bool:
    st = units.state(ctx, unit)
    return units.in_fight(ctx, unit) and not st.unaware and not st.stunned


def choices(
    ctx: Context, unit: str, level: PlanLevel, denied: Mapping[str, float] | None = None
) -> list[Choice]:
    """Every declaration worth weighing for ``unit``, each valued; never empty.
    ``denied``: what each enemy's declaration is foreseen to take (``foreseen``)."""
    foes = units.enemies(ctx, unit)
    if not foes:
        return [Choice(EndTurn(unit))]
    here = units.cell(ctx, unit)
    close = [e for e in foes if band(here, units.cell(ctx, e)) == CLOSE]
    if level.flee and not level.weigh_retreat and close and should_flee(ctx, unit, close):
        return [Choice(ClashRetreat(unit), bonus=1.0)]
    bow = any(w.ranged for w in shooters(ctx, unit))
    escape = escape_cell(ctx, unit, foes, level.weigh_retreat) if level.kite and bow else None
    if escape is not None and escape[1] <= 0:
        escape = None
    out = list(
        melee_choices(ctx, unit, foes, close, level, escape if close else None, denied or {})
    )
    out.extend(shot_choices(ctx, unit, foes, close, escape, reach_melee=bool(out)))
    if not close:
        step = advance(ctx, unit, foes)
        if step is not None:
            out.append(Choice(step, bonus=ADVANCE))
        goal = objective_step(ctx, unit)
        if goal is not None:  # the map's objective outweighs a plain advance
            out.append(Choice(goal[0], bonus=ADVANCE + goal[1]))
    if level.weigh_retreat:
        run = retreat_choice(ctx, unit, foes, close, morale=level.morale)
        if run is not None:
            out.append(run)
    out.append(Choice(EndTurn(unit)))
    if level.holds:
        keeps = keeper_areas(ctx, unit)
        if keeps:
            out = [replace(c, bonus=c.bonus - keep_cost(ctx, unit, c.answer, keeps)) for c in out]
    if level.turtle:
        out = [replace(c, bonus=c.bonus - stay_cost(ctx, unit, c.answer)) for c in out]
    return out


def objective_step(ctx: Context, unit: str) -> tuple[Answer, float] | None:
    """What the map's objectives ask of ``unit`` (``game.ai.core.objective_map``): two
    moves toward the nearest area its side plays for, or, standing in an area to hold,
    staying there; with how much it is worth. None when its side has no objective or no
    step gets nearer."""
    side = units.side(ctx, unit)
    goals = objective_map.goals(ctx.battlefield, side)
    if not goals:
        return None
    here = units.cell(ctx, unit)

    def away(cell: Cell, objective: Objective) -> int:
        return min(distance(cell, c) for c in objective.cells)

    objective, pull = min(goals, key=lambda g: (away(here, g[0]), g[0].name))
    if here in objective.cells:
        return (EndTurn(unit), pull) if objective_map.stays(objective) else None
    cells = reachable_cells(ctx, unit, 2)
    if not cells:
        return None
    best = min(cells, key=lambda c: (away(c, objective), cells[c], c))
    if away(best, objective) >= away(here, objective):
        return None
    return ClashMove(unit, best), pull


def should_flee(ctx: Context, unit: str, close: list[str]) -> bool:
    """Critically hurt, down to its last STR, and more foes at Close than friends left."""
    st = units.state(ctx, unit)
    allies = [
        u
        for u in units.units_of(ctx, units.side(ctx, unit))
        if u != unit and units.in_fight(ctx, u)
    ]
    return st.crit_failed and st.STR <= 3 and len(close) > len(allies)


def weapons_for(ctx: Context, unit: str) -> tuple[str, str | None]:
    """The melee weapon of the biggest die, with a second one when two can be used."""
    kit = [
        w
        for w in units.melee_weapons(ctx, unit)
        if weapon_problem(ctx, unit, w.id, melee=True) is None
    ]
    kit.sort(key=lambda w: (-w.die, w.id))
    main = kit[0].id
    for other in kit[1:]:
        if offhand_problem(ctx, unit, main, other.id) is None:
            return main, other.id
    return main, None


def melee_choices(
    ctx: Context,
    unit: str,
    foes: list[str],
    close: list[str],
    level: PlanLevel,
    escape: tuple[Cell, float] | None,
    denied: Mapping[str, float] | None = None,
) -> Iterable[Choice]:
    """A blow on each enemy Close or within one move; from Close, also the blow then a
    step to ``escape`` (a shooter getting out); a trip where ``gambits``."""
    main, offhand = weapons_for(ctx, unit)
    kit = (main,) if offhand is None else (main, offhand)
    for t in foes:
        group = QUICK if t in close else FULL
        if group == FULL and approach_cell(ctx, unit, t) is None:
            continue
        dist = swing_dist(ctx, unit, kit, t)
        tripped = swing_dist(ctx, unit, kit, t, enhanced=True)
        yield Choice(ClashAttack(unit, t, main, offhand), (t, group), dist, tripped)
        if escape is not None and t in close:
            yield Choice(
                ClashAttack(unit, t, main, offhand, escape[0]),
                (t, FULL),
                dist,
                tripped,
                bonus=escape[1],
            )
        if level.gambits:
            trip = trip_choice(ctx, unit, t, kit, group)
            if trip is not None:
                yield trip
        if level.weigh_gambits:
            yield from gambit_choices(ctx, unit, t, kit, group, (denied or {}).get(t, 0.0))


def trip_choice(
    ctx: Context, unit: str, target: str, kit: tuple[str, ...], group: str
) -> Choice | None:
    """A trip in ``target``'s moment: no damage of its own, but the others' blows of the
    moment roll +d12 if it lands; a saved trip lets the target strike back."""
    plain = swing_dist(ctx, unit, kit, target)
    if units.state(ctx, target).prone or len(plain) > 11:
        return None  # already enhanced against
    p = trip_chance(ctx, unit, kit, target)
    back = units.best_melee(ctx, target)
    risk = (1.0 - p) * loss(ctx, unit, swing_dist(ctx, target, (back.id,), unit))
    return Choice(
        ClashGambit(unit, target, kit[0], "trip", kit[1] if len(kit) > 1 else None),
        (target, group),
        trip=p,
        bonus=-risk,
    )


def trip_chance(ctx: Context, unit: str, kit: tuple[str, ...], target: str) -> float:
    """000 · Gambits: the gambit roll (1–3 is the Difficulty) against the target's DEX
    save, which must be at most DEX and above the Difficulty; the trip lands when it fails."""
    roll = best_of(die_dist(units.weapon(ctx, w).die) for w in kit)
    dex = min(20, units.state(ctx, target).DEX)
    total = 0.0
    for r, p in enumerate(roll):
        difficulty = r if r <= 3 else 0
        total += p * (1.0 - max(0, dex - difficulty) / 20)
    return total


def shooters(ctx: Context, unit: str) -> list[ClashWeapon]:
    """Its ranged weapons; thrown ones only for a unit without a bow."""
    kit = [
        w
        for w in units.weapons(ctx, unit)
        if (w.ranged or w.thrown) and weapon_problem(ctx, unit, w.id, melee=False) is None
    ]
    if any(w.ranged for w in kit):
        kit = [w for w in kit if w.ranged]
    return kit


def shot_choices(
    ctx: Context,
    unit: str,
    foes: list[str],
    close: list[str],
    escape: tuple[Cell, float] | None,
    *,
    reach_melee: bool,
) -> Iterable[Choice]:
    """A shot at each enemy in range and sight; with ``escape``, also the shot then the
    step there, or (from Close) the step there then the shot."""
    here = units.cell(ctx, unit)
    for w in shooters(ctx, unit):
        if w.thrown and not w.ranged and reach_melee:
            continue  # keep the weapon for the blow it can strike anyway
        cost = THROWN_COST if w.thrown and not w.ranged else 0.0
        for t in foes:
            if shot_problem(ctx, unit, t, w, here) is None:
                dist = swing_dist(ctx, unit, (w.id,), t, ranged=True)
                yield Choice(ClashShoot(unit, t, w.id), (t, QUICK), dist, bonus=-cost)
                if escape is not None:
                    yield Choice(
                        ClashShoot(unit, t, w.id, None, escape[0]),
                        (t, FULL),
                        dist,
                        bonus=escape[1] - cost,
                    )
            elif (
                close
                and escape is not None
                and w.ranged
                and shot_problem(ctx, unit, t, w, escape[0]) is None
            ):
                # Step out of Close first, then shoot (a full turn).
                dist = swing_dist(ctx, unit, (w.id,), t, ranged=True)
                yield Choice(ClashShoot(unit, t, w.id, escape[0]), (t, FULL), dist, bonus=escape[1])


def escape_cell(
    ctx: Context, unit: str, foes: list[str], highest: bool = False
) -> tuple[Cell, float] | None:
    """The square within one move where the fewest enemy blows can reach ``unit`` next
    (not Close to any enemy), and what standing there instead of here is worth: the
    blows of the enemies that could get Close here but not there (one move, counted in
    a straight line), and, leaving Close, the shot it can make again next round.
    ``highest``: the blows that can reach count as one moment, only the highest die
    landing (000 · Multiple Attackers), so stepping out of one foe's reach while two
    others can still strike is worth little."""
    cells = reachable_cells(ctx, unit, 1)
    if not cells or not foes:
        return None
    here = units.cell(ctx, unit)
    threats = [
        (
            units.cell(ctx, f),
            units.speed(ctx, f) + 1,
            ESCAPE_SHARE * loss(ctx, unit, die_dist(units.best_melee(ctx, f).die)),
        )
        for f in foes
    ]
    rolls = [die_dist(units.best_melee(ctx, f).die) for f in foes]

    def danger(c: Cell) -> float:
        if highest:
            near = [
                d
                for (at, reach, _), d in zip(threats, rolls, strict=True)
                if distance(at, c) <= reach
            ]
            return ESCAPE_SHARE * loss(ctx, unit, best_of(near)) if near else 0.0
        return sum(b for at, reach, b in threats if distance(at, c) <= reach)

    def nearest(c: Cell) -> int:
        return min(distance(c, at) for at, _, _ in threats)

    ranked = sorted(
        (danger(c), -min(nearest(c), 8), cost, c) for c, cost in cells.items() if nearest(c) > 1
    )
    if not ranked:
        return None
    best = ranked[0][3]
    gain = danger(here) - ranked[0][0]
    bows = [w for w in units.weapons(ctx, unit) if w.ranged]
    if bows and nearest(here) <= 1:
        # Out of Close, it can shoot again next round (no shooting at a Close foe).
        bow = max(bows, key=lambda w: w.die)
        foe = min(foes, key=lambda f: distance(here, units.cell(ctx, f)))
        gain += ESCAPE_SHARE * loss(ctx, foe, die_dist(bow.die))
    return best, gain


def advance(ctx: Context, unit: str, foes: list[str]) -> Answer | None:
    """Two moves toward the nearest enemy (None when no step gets nearer)."""
    cells = reachable_cells(ctx, unit, 2)
    if not cells:
        return None
    here = units.cell(ctx, unit)
    goal = min((units.cell(ctx, f) for f in foes), key=lambda g: (distance(here, g), g))
    best = min(cells, key=lambda c: (distance(c, goal), cells[c], c))
    if distance(best, goal) >= distance(here, goal):
        return None
    return ClashMove(unit, best)
