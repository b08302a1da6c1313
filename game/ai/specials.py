"""Plans for the grid rules' special actions (issue 5 · Behaviour; 004 · Make a Swarm
Attack, Charge, Screen an Ally, Total Defense, Reload a Weapon, Stand Up, Grappling).

Each function adds candidate ``Plan``s to a ``Planner``'s list, valued on the planner's
scale (blows dealt + value of the end square). They only read the rules: the answers
are built from the actions' own ``enumerate`` or checked with their ``validate`` (both
pure), and an action the ruleset does not have is simply not considered.

- Swarm: the strike is a plain attack with +2 to hit and +1 damage per other assailant
  and Shock that always lands; joining gives up one's own blow for that boost, so a join
  is worth the boost it adds to the strike a teammate who has yet to act could make.
- Charge: twice the move in a straight line and a blow at +2, at the price of -2 AC for
  the round (exposure counted 25% higher) and the attacks of opportunity of the start.
- Screen an Ally: standing next to a shooter or a badly hurt ally takes about half of
  the blows aimed at it; worth the ward's saved loss minus what the screener takes.
- Total Defense on one's own turn: +2 AC and no Shock until the next turn, for a unit
  that has no blow worth its Main action.
- Reload (a crossbow's Main action), Stand Up (Move), Break Free (Main): the unit is not
  whole until it does them; each is worth a share of the unit's worth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from game.ai import estimates
from game.engine.answers import Answer
from game.geometry.grid import Cell
from game.rules.grid import units
from game.rules.grid.state import GridState

if TYPE_CHECKING:
    from game.ai.plans import Plan, Planner

MAX_CHARGES = 60


def special_plans(p: Planner, after: float, stay: float) -> list[Plan]:
    """Every special plan worth a look. ``after`` is the best value of the rest of the
    turn once the Main action is spent (stand or move), ``stay`` of standing still."""
    from game.ai.plans import Plan

    ctx = p.ctx
    actions = ctx.ruleset.actions
    out: list[Plan] = []

    def allowed(kind: str) -> bool:
        return kind in actions and actions[kind].availability(ctx, p.unit) is None

    if allowed("swarm_attack"):
        out.extend(_swarm(p, after))
    if allowed("charge"):
        out.extend(_charges(p))
    if allowed("screen_ally") and p.move_action_free:
        out.extend(_screens(p))
    if allowed("total_defense") and p.main_free:
        ans = _parameterless(actions["total_defense"], ctx, p.unit)
        if ans is not None:
            hx, hy = p.here
            guard = 0.25 * float(p.loss_map()[hy, hx])
            out.append(Plan(after + guard, "total_defense", ans, p.here, "total defense"))
    if allowed("reload"):
        shot, _ = estimates.best_shot(ctx, p.unit, estimates.TYPICAL_AC)
        for ans in actions["reload"].enumerate(ctx, p.unit):
            if shot is not None and getattr(ans, "weapon", None) == shot.id:
                out.append(Plan(after + 0.8 * p.worth, "reload", ans, p.here, "reload"))
                break
    if allowed("stand_up") and units.conditions(ctx, p.unit).prone:
        ans = _parameterless(actions["stand_up"], ctx, p.unit)
        if ans is not None:
            loss = sum(p.aoo_blow(e)[0] for e in _adjacent_armed(p))
            out.append(Plan(stay + 1.5 * p.worth - loss, "stand_up", ans, p.here, "stand up"))
    if allowed("break_free") and units.conditions(ctx, p.unit).grappled:
        ans = _parameterless(actions["break_free"], ctx, p.unit)
        if ans is not None:
            out.append(Plan(stay + 0.8 * p.worth, "break_free", ans, p.here, "break free"))
    return out


def _parameterless(spec: Any, ctx: Any, unit: str) -> Answer | None:
    for ans in spec.enumerate(ctx, unit):
        return ans
    return None


def _adjacent_armed(p: Planner) -> list[str]:
    from game.rules.grid.opportunity import adjacent_threats

    return adjacent_threats(p.ctx, p.unit)


# -- Swarm -----------------------------------------------------------------------------------
def _swarm(p: Planner, after: float) -> list[Plan]:
    from game.ai.plans import Plan

    try:
        from game.rules.grid.swarm import others_in_swarm, swarm_extras
    except ImportError:  # pragma: no cover - the rules without Swarm
        return []
    ctx = p.ctx
    out: list[Plan] = []
    seen: set[tuple[str, bool]] = set()
    for ans in ctx.ruleset.actions["swarm_attack"].enumerate(ctx, p.unit):
        target = getattr(ans, "target", "")
        strike = bool(getattr(ans, "strike", False))
        ranged = bool(getattr(ans, "ranged", False))
        weapon = getattr(ans, "weapon", "")
        others = others_in_swarm(ctx, p.unit, target)
        if strike:
            o = estimates.odds(ctx, p.unit, target, weapon, ranged, extras=swarm_extras(others))
            if o is None:
                continue
            gain = p.attack_gain(target, o)
            out.append(Plan(gain + after, "swarm_attack", ans, p.here, f"swarm strike {target}"))
            continue
        if (target, ranged) in seen:
            continue
        seen.add((target, ranged))
        helpers = len(_ready_helpers(p, target))
        if not helpers:
            continue
        # Joining gives up my blow and the helpers' plain blows for one strike with every
        # joiner's bonus; my own plain blow stands in for a helper's (issue 5: swarm when
        # the one big blow is worth more than the small ones).
        plain = estimates.odds(ctx, p.unit, target, weapon, ranged)
        big = estimates.odds(
            ctx, p.unit, target, weapon, ranged, extras=swarm_extras(min(3, others + helpers))
        )
        if plain is None or big is None:
            continue
        # (the helpers' blows are counted here, not as a follow-up to each other)
        value = p.attack_gain(target, big, follow_up=False) - helpers * p.attack_gain(
            target, plain, follow_up=False
        )
        out.append(Plan(value + after, "swarm_attack", ans, p.here, f"join swarm {target}"))
    return out


def _ready_helpers(p: Planner, target: str) -> list[str]:
    """Teammates yet to act this round who could reach ``target`` with a blow."""
    ctx = p.ctx
    at = p.board.cells[target]
    out = []
    for f in p.board.friends:
        if f == p.unit or ctx.get(f, GridState).acted:
            continue
        if units.budget(ctx, f).main_used:
            continue
        reach = max(
            ((w.range_normal_squares or 0) if w.shoots else w.reach)
            for w in units.readied_weapons(ctx, f)
        )
        from game.rules.grid.move import move_squares

        if units.distance(p.board.cells[f], at) <= move_squares(ctx, f) + reach:
            out.append(f)
    return out


# -- Charge ----------------------------------------------------------------------------------
def _charges(p: Planner) -> list[Plan]:
    from game.ai.plans import Plan

    try:
        from game.rules.grid.charge import CHARGE
    except ImportError:  # pragma: no cover
        return []
    ctx = p.ctx
    pos = p.position_values_cached()
    loss = p.loss_map()
    best: dict[tuple[str, str], tuple[float, Answer]] = {}
    count = 0
    for ans in ctx.ruleset.actions["charge"].enumerate(ctx, p.unit):
        count += 1
        if count > MAX_CHARGES * 4:
            break
        target = getattr(ans, "target", "")
        to: Cell = getattr(ans, "to", p.here)
        thrown = bool(getattr(ans, "thrown", False))
        o = estimates.odds(
            ctx, p.unit, target, getattr(ans, "weapon", ""), thrown, from_cell=to, extras=CHARGE
        )
        if o is None:
            continue
        x, y = to
        value = float(pos[y, x]) - 0.25 * p.level.exposure * float(loss[y, x])
        from game.geometry.movement import straight_line

        line = tuple(straight_line(p.here, to)[1:])
        aoo, survive = p.path_aoo(line)
        if not units.conditions(ctx, p.unit).disengaged:
            for enemy in _adjacent_armed(p):  # a charge provokes from where it starts
                blow, p_kill = p.aoo_blow(enemy)
                aoo += survive * blow * p.level.aoo
                survive *= 1 - p_kill
        value += survive * p.attack_gain(target, o) - aoo
        key = (target, getattr(ans, "weapon", ""))
        if key not in best or value > best[key][0]:
            best[key] = (value, ans)
    return [
        Plan(v, "charge", a, getattr(a, "to", p.here), f"charge {getattr(a, 'target', '')}")
        for v, a in best.values()
    ]


# -- Screen an Ally --------------------------------------------------------------------------
def _screens(p: Planner) -> list[Plan]:
    """Screen the ally whose expected loss is highest and who is worth more than us."""
    from game.ai.plans import Plan

    ctx = p.ctx
    spec = ctx.ruleset.actions["screen_ally"]
    answer_type = spec.answer_type
    if units.stats(ctx, p.unit).template.combat_skill < 1:
        return []
    costs, parent = p.tree(False)
    pos = p.position_values_cached()
    out: list[Plan] = []
    for ward in p.board.friends:
        if ward == p.unit:
            continue
        wx, wy = p.board.cells[ward]
        exposure = float(p.board.exposure(ward)[wy, wx])
        if exposure <= 0:
            continue
        st = p.board.stakes(ward, p.horizon, True)
        from game.ai.plans import down_chance

        p_down = float(down_chance(np.array(exposure), st.hp))
        ward_loss = st.value(p_down, exposure)
        mine = p.stakes.value(0.0, exposure * 0.5)
        saved = 0.5 * ward_loss - mine
        if saved <= 0:
            continue
        best: tuple[float, Answer] | None = None
        for c, cost in costs.items():
            if cost > p.speed or units.distance(c, (wx, wy)) != 1:
                continue
            path = () if c == p.here else p.path_in(parent, c)
            if path is None:
                continue
            ans = answer_type(p.unit, ward, path)  # type: ignore[call-arg]
            if spec.validate(ctx, ans) is not None:
                continue
            aoo, _ = p.path_aoo(path) if path else (0.0, 1.0)
            value = float(pos[c[1], c[0]]) + saved - aoo
            if p.main_free:
                strikes = p.attacks_from(c)
                if strikes:
                    value += strikes[0][0]
            if best is None or value > best[0]:
                best = (value, ans)
        if best is not None:
            end = getattr(best[1], "path", ()) or (p.here,)
            out.append(Plan(best[0], "screen_ally", best[1], end[-1], f"screen {ward}"))
    return out
