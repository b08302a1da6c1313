"""The grid ruleset's evaluation of a battle for the search AI (issue 31), on the tactical
planner's scale (``estimates``: a unit's worth is the damage it deals a round, plus one;
dropping it is worth that over ``horizon`` rounds; a wound counts half its share of HP).

- ``value``: what stands on the field for a side: ours counted plus, the enemy's minus.
  A unit still fighting counts its worth over the horizon, less ``WOUND_SHARE`` of the
  share of HP it has lost; a routed one a fifth of that (``estimates.worth``); a unit out
  of the fight nothing, except one stabilised by first aid (004 · Use a Skill: it lives),
  which keeps ``SAVED`` of its worth. So a First Aid that succeeds adds ``SAVED`` × the
  patient's worth, and an ally left dying is lost.
- ``aid_now``: what a First Aid the unit could give now is worth (the chance of the Heal
  check, 2d6 + bonus against 8, times the patient saved, plus the square it stays on).
- ``first_aid``, ``walk_to_aid``: the saving answers the planner never plans.
- ``guard_in_hand``, ``guard``: Total Defense kept in hand (004 · Total Defense). A unit
  whose Main action is still free when the enemy's blows come takes it as the Instant
  after a roll it turns, when the blow or its Shock would drop it (``lethal_blow``; the
  tactical hard's reaction): for the leaf, as if it stood in Total Defense.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from game.ai.grid import estimates
from game.engine.answers import Answer
from game.rules.grid import units
from game.rules.grid.checks import check_bonus
from game.rules.grid.hold import turn_to_come
from game.rules.grid.move import Move
from game.rules.grid.resolution import target_ac
from game.rules.grid.total_defense import unavailable as total_defense_unavailable
from game.rules.grid.use_skill import FIRST_AID_DIFFICULTY, FirstAid, dying

if TYPE_CHECKING:
    from game.ai.grid.plans import Planner
    from game.engine.context import Context
    from game.geometry.grid import Cell

SAVED = 1.0  # share of its worth a stabilised unit keeps: a life saved counts as one taken


def unit_value(ctx: Context, unit: str, horizon: float) -> float:
    """What ``unit`` standing as it is now is worth to its side (see the module)."""
    cond = units.conditions(ctx, unit)
    if cond.stabilised and not cond.dead:
        return SAVED * estimates.worth(ctx, unit) * horizon
    if cond.out_of_action:
        return 0.0
    h = units.health(ctx, unit)
    lost = 1.0 - max(0, h.hp) / max(1, h.max_hp)
    return estimates.worth(ctx, unit) * horizon * (1.0 - estimates.WOUND_SHARE * lost)


def value(ctx: Context, side: str, horizon: float) -> float:
    """Ours minus theirs (``unit_value``)."""
    total = 0.0
    for u in ctx.units():
        v = unit_value(ctx, u, horizon)
        total += v if units.side(ctx, u) == side else -v
    return total


def p_check(bonus: int, difficulty: int) -> float:
    """Chance that 2d6 + ``bonus`` reaches ``difficulty``."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + bonus >= difficulty)
    return hits / 36.0


def first_aid(ctx: Context, unit: str) -> list[Answer]:
    """Every First Aid ``unit`` may give now (004 · Use a Skill)."""
    spec = ctx.ruleset.actions.get("first_aid")
    if spec is None or spec.availability(ctx, unit) is not None:
        return []
    return list(spec.enumerate(ctx, unit))


def aid_now(planner: Planner) -> float:
    """The best First Aid ``planner``'s unit could give now, valued (see the module);
    minus infinity when it can give none."""
    ctx, unit = planner.ctx, planner.unit
    best = float("-inf")
    answers = first_aid(ctx, unit)
    if not answers:
        return best
    bonus, _ = check_bonus(ctx, unit, ("INT", "WIS"), ("heal",))
    p = p_check(bonus, FIRST_AID_DIFFICULTY)
    x, y = planner.here
    stay = float(planner.position_values_cached()[y, x])
    for a in answers:
        assert isinstance(a, FirstAid)
        saved = SAVED * estimates.worth(ctx, a.patient) * planner.horizon
        best = max(best, p * saved + stay)
    return best


def walk_to_aid(planner: Planner) -> tuple[Answer, Answer] | None:
    """A Move to the square beside a dying ally that one Move reaches most cheaply in
    attacks of opportunity, then First Aid on it, when the Main action is still free."""
    ctx, unit = planner.ctx, planner.unit
    if "first_aid" not in ctx.ruleset.actions or not planner.main_free:
        return None
    if not planner.move_action_free or not planner.can_move:
        return None
    side = units.side(ctx, unit)
    patients = [
        u for u in ctx.units() if u != unit and units.side(ctx, u) == side and dying(ctx, u)
    ]
    if not patients:
        return None
    costs, _ = planner.tree(False)
    best: tuple[float, tuple[Cell, ...], str] | None = None
    for p in patients:
        px, py = units.cell(ctx, p)
        for goal in ((px + dx, py + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            if goal == planner.here or costs.get(goal, planner.speed + 1) > planner.speed:
                continue
            path, loss, _ = planner.route(goal, planner.speed)
            if path and (best is None or loss < best[0]):
                best = (loss, path, p)
    return (Move(unit, best[1]), FirstAid(unit, best[2])) if best is not None else None


def beside_enemy(ctx: Context, unit: str) -> bool:
    """Whether an armed enemy stands within its melee reach of ``unit``."""
    here = units.cell(ctx, unit)
    for e in units.enemies(ctx, unit):
        reach = units.melee_reach(ctx, e)
        if reach and units.distance(units.cell(ctx, e), here) <= reach:
            return True
    return False


def guard_in_hand(ctx: Context, unit: str) -> bool:
    """Whether ``unit`` will have Total Defense to take as an Instant when the enemy's
    next blows come (004 · Total Defense: it spends the Main action of the round): its
    Main is free now and an enemy still has its turn to come this round, or every enemy
    has had its turn (they strike next round, before ``unit`` has spent the new Main)."""
    if "total_defense" not in ctx.ruleset.actions:
        return False
    enemies = [e for e in units.enemies(ctx, unit) if units.in_fight(ctx, e)]
    if not any(lethal_blow(ctx, e, unit) for e in enemies):
        return False  # hard takes it only against a blow that would drop the unit
    if any(turn_to_come(ctx, e) for e in enemies):
        return total_defense_unavailable(ctx, unit) is None
    cond = units.conditions(ctx, unit)
    return units.in_fight(ctx, unit) and not cond.surprised and not cond.total_defense


def lethal_blow(ctx: Context, enemy: str, unit: str) -> bool:
    """Whether one blow of ``enemy``'s readied weapons (its mean damage on a hit, or a
    melee weapon's Shock on a miss) would drop ``unit``: the blows against which the
    tactical hard takes Total Defense when the roll lets it (``reactions``: the harm
    saved is then the unit itself, worth more than its Main action)."""
    hp = units.health(ctx, unit).hp
    ac, _ = target_ac(ctx, unit)
    tmpl = units.stats(ctx, enemy).template
    for w in units.readied_weapons(ctx, enemy):
        if estimates.mean_damage(ctx, enemy, w) >= hp:
            return True
        if w.melee and w.shock is not None and w.shock.applies_to(ac):
            if tmpl.shock_damage(w) >= hp:
                return True
    return False


@contextmanager
def guard(ctx: Context, unit: str) -> Iterator[None]:
    """``unit`` counted as in Total Defense while inside (AC +2, no Shock: the planner's
    exposure reads them through ``resolution.target_ac`` and ``shock_stopped``); reset
    after. Only for a fork the search owns."""
    cond = units.conditions(ctx, unit)
    before = cond.total_defense
    cond.total_defense = True
    try:
        yield
    finally:
        cond.total_defense = before
