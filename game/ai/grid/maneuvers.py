"""Shove and Grapple plans (issue 5 · Behaviour: "shoves and grapples when useful";
004 · Combat Maneuvers).

A maneuver is an attack roll and, on a hit, an opposed 2d6 check in lieu of damage
(``maneuver_preview.maneuver_odds`` gives both chances). It is worth its Main action
only where the effect outweighs the blow the same action would strike, on the same
scale as every other plan (``game.ai.grid.estimates``):

- Knock prone: until it stands, adjacent melee blows on the target are at +2 and its own
  melee at -4; standing up spends its Move and provokes an attack of opportunity from
  each armed unit of ours beside it. Worth the extra blows of our units yet to act
  (+2 is a tenth more hits, on blows that hit about half the time) plus those
  opportunity blows.
- Grapple: the target may neither move nor use weapons (bare hands only) and takes the
  grapplers' unarmed damage at the end of the round. Worth the harm its weapon (or bow)
  would have done to us next round beyond its bare hands, plus that damage. A grappler
  fights bare-handed too, so it lets go (a Free action) once its weapon is worth more.

Only the unit's own square is considered (the planner runs again after every move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.grid import estimates
from game.ai.grid.plan import first_answer
from game.rules.grid import units
from game.rules.grid.resolution import target_ac
from game.rules.grid.state import GridState

if TYPE_CHECKING:
    from game.ai.grid.plans import Plan, Planner

PRONE_EDGE = 0.2  # +2 to hit on blows that land about half the time: a fifth more damage
STAND_UP_SHARE = 0.7  # chance a prone enemy stands up (and provokes) rather than fight on


def maneuver_plans(p: Planner, after: float) -> list[Plan]:
    """Shove-prone and Grapple plans on the enemies beside the unit, and letting go of
    a grapple that no longer pays. ``after`` is the best value of the rest of the turn
    once the Main action is spent."""
    ctx = p.ctx
    actions = ctx.ruleset.actions
    out: list[Plan] = []

    def allowed(kind: str) -> bool:
        return kind in actions and actions[kind].availability(ctx, p.unit) is None

    if p.main_free and allowed("shove"):
        out.extend(_shoves(p, after))
    if p.main_free and allowed("grapple"):
        out.extend(_grapples(p, after))
    if p.main_free and allowed("release_grapple"):
        # letting go pays only for a weapon blow this turn: with the Main spent (on the
        # grapple itself, say) the hold is worth keeping until the next turn
        out.extend(_release(p, after))
    return out


def _shoves(p: Planner, after: float) -> list[Plan]:
    from game.ai.grid.plan import Plan
    from game.rules.grid.maneuver_preview import maneuver_odds
    from game.rules.grid.shove import PRONE, WRESTLE

    ctx = p.ctx
    out: list[Plan] = []
    for ans in ctx.ruleset.actions["shove"].enumerate(ctx, p.unit):
        target = getattr(ans, "target", "")
        if getattr(ans, "effect", "") != PRONE or units.conditions(ctx, target).prone:
            continue
        p_hit, p_win = maneuver_odds(ctx, p.unit, target, getattr(ans, "weapon", ""), WRESTLE)
        beside = _armed_beside(p, target)
        # hard (side-level play): our units beside it yet to act strike it at +2
        extra = PRONE_EDGE * _edge_blows(p, target, beside) if p.level.coordinate else 0.0
        st = p.board.stakes(target, p.horizon, p.level.kill_focus)
        # and it stands up, provoking our armed units beside it (or fights on prone)
        provoked = sum(_blow(p, f, target) for f in beside)
        gain = p_hit * p_win * (st.value(0.0, extra) + STAND_UP_SHARE * provoked)
        out.append(Plan(after + gain, "shove", ans, p.here, f"shove {target} prone"))
    return out


def _grapples(p: Planner, after: float) -> list[Plan]:
    from game.ai.grid.plan import Plan
    from game.rules.grid.grapple import BRAWL
    from game.rules.grid.maneuver_preview import maneuver_odds

    ctx = p.ctx
    out: list[Plan] = []
    for ans in ctx.ruleset.actions["grapple"].enumerate(ctx, p.unit):
        target = getattr(ans, "target", "")
        p_hit, p_win = maneuver_odds(ctx, p.unit, target, units.UNARMED, BRAWL)
        held = _held_harm(p, target)
        if held <= 0:
            continue
        st = p.board.stakes(target, p.horizon, p.level.kill_focus)
        squeeze = st.value(0.0, _unarmed_mean(p, p.unit))  # end-of-round damage
        gain = p_hit * p_win * (held + squeeze)
        out.append(Plan(after + gain, "grapple", ans, p.here, f"grapple {target}"))
    return out


def _release(p: Planner, after: float) -> list[Plan]:
    """Let go (Free) when the unit's weapon strikes the held enemy (or another) for more
    than holding it is worth."""
    from game.ai.grid.plan import Plan

    ctx = p.ctx
    held = units.conditions(ctx, p.unit).grappling
    if held is None or held not in p.board.cells:
        return []
    melee, _ = estimates.best_melee(ctx, p.unit, estimates.TYPICAL_AC)
    weapons = [w for w in units.melee_weapons(ctx, p.unit) if not w.unarmed]
    if melee is None or not weapons:
        return []
    armed = max(_weapon_blow(p, w.id, held) for w in weapons)
    bare = _weapon_blow(p, units.UNARMED, held)
    keep = _held_harm(p, held)
    if armed - bare <= keep:
        return []
    ans = first_answer(ctx.ruleset.actions["release_grapple"], ctx, p.unit)
    if ans is None:
        return []
    return [Plan(after + armed - bare - keep, "release_grapple", ans, p.here, f"let go of {held}")]


def _held_harm(p: Planner, enemy: str) -> float:
    """What holding ``enemy`` saves us next round: its best blow (or shot) on the unit
    it could hurt most, beyond what its bare hands would do."""
    ctx = p.ctx
    ac, _ = target_ac(ctx, p.unit)
    melee, _ = estimates.best_melee(ctx, enemy, ac)
    shot, _ = estimates.best_shot(ctx, enemy, ac)
    if shot is not None and shot.ranged and shot.two_handed and _pinned_by_others(p, enemy):
        shot = None  # a bow beside another armed unit of ours cannot shoot anyway
    best = 0.0
    for w, ranged in ((melee, False), (shot, True)):
        if w is not None and not w.unarmed:
            best = max(best, estimates.blow_vs_ac(ctx, enemy, w, ranged, ac, 0))
    bare_w = units.weapon(ctx, units.UNARMED) if units.UNARMED in ctx.content.weapons else None
    bare = estimates.blow_vs_ac(ctx, enemy, bare_w, False, ac, 0) if bare_w else 0.0
    return p.stakes.value(0.0, max(0.0, best - bare))


def _pinned_by_others(p: Planner, enemy: str) -> bool:
    """Whether an armed unit of ours other than this one has ``enemy`` within reach."""
    return any(f != p.unit for f in _armed_beside(p, enemy))


def _unarmed_mean(p: Planner, unit: str) -> float:
    if units.UNARMED not in p.ctx.content.weapons:
        return 0.0
    return estimates.mean_damage(p.ctx, unit, units.weapon(p.ctx, units.UNARMED))


def _armed_beside(p: Planner, target: str) -> list[str]:
    """Our units (this one included) beside ``target`` that could strike it as it
    stands up: armed for melee and in reach."""
    ctx = p.ctx
    at = p.board.cells[target]
    out = []
    for f in p.board.friends:
        if ctx.get(f, GridState).routed:
            continue
        reach = units.melee_reach(ctx, f)
        if reach and units.distance(p.board.cells[f], at) <= reach:
            out.append(f)
    return out


def _edge_blows(p: Planner, target: str, beside: list[str]) -> float:
    """The damage the units of ``beside`` other than this one, yet to act this round
    with their Main action free, would deal ``target`` with their best melee weapon."""
    ctx = p.ctx
    ac, _ = target_ac(ctx, target)
    total = 0.0
    for f in beside:
        if f == p.unit or ctx.get(f, GridState).acted or units.budget(ctx, f).main_used:
            continue
        weapon, _ = estimates.best_melee(ctx, f, estimates.TYPICAL_AC)
        if weapon is not None:
            total += estimates.blow_vs_ac(ctx, f, weapon, False, ac, 0)
    return total


def _blow(p: Planner, unit: str, target: str) -> float:
    """Value of ``unit``'s best melee blow on ``target`` lying prone."""
    weapon, _ = estimates.best_melee(p.ctx, unit, estimates.TYPICAL_AC)
    if weapon is None:
        return 0.0
    return _weapon_blow(p, weapon.id, target, attacker=unit, mod=2)


def _weapon_blow(
    p: Planner, weapon_id: str, target: str, *, attacker: str | None = None, mod: int = 0
) -> float:
    ctx = p.ctx
    who = attacker or p.unit
    w = units.weapon(ctx, weapon_id)
    ac, _ = target_ac(ctx, target)
    expected = estimates.blow_vs_ac(ctx, who, w, False, ac, mod)
    st = p.board.stakes(target, p.horizon, p.level.kill_focus)
    return st.value(0.0, expected)
