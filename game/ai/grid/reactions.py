"""Reactions: which Instant to take in a reaction window (issue 5 · Total Defense and Snap
Attack when they pay; 004 · Total Defense, Make a Snap Attack).

- Total Defense after an attack roll (window ``attack_rolled``): +2 AC turns the roll
  into a miss when it hit by 0 or 1; it also makes the unit immune to Shock, so it is
  also offered after a miss whose Shock would land. It costs the Main action, so it is
  taken when the harm it saves (the blow, or the Shock) is worth more than the unit's
  next blow.
- Snap Attack before damage (window ``before_damage``): a blow at -4 that may drop the
  attacker before its damage lands; taken when the expected saving plus the blow itself
  is worth more than the Main action it gives up.
- An enemy's appeal for parley put to the party (grid rules, Decisions · Parley): every
  level accepts (``sure_win``): the speaker's side withdraws and the fight is won.
- Anything else: None (the controller declines).

The reactions are recognised by their answer ``kind`` and read their fields by name; the
attack they answer is read from the rules' events (``last_declared``, ``AttackResolved``)
and priced by its own weapon.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.grid import estimates
from game.ai.grid.levels import Level
from game.engine.answers import Answer
from game.engine.decision import Decision
from game.engine.events import Rolled
from game.rules.grid import units
from game.rules.grid.events import AttackResolved
from game.rules.grid.resolution import shock_on_miss, shock_stopped
from game.rules.grid.state import GridState
from game.rules.grid.total_defense import last_declared

if TYPE_CHECKING:
    from game.engine.context import Context


def react(ctx: Context, decision: Decision, level: Level) -> Answer | None:
    unit = decision.unit
    if unit is None:
        return None
    trigger = decision.trigger
    for answer in decision.answers:
        if answer.kind == "total_defense" and isinstance(trigger, Rolled):
            if _total_defense_pays(ctx, unit, trigger, level):
                return answer
        if answer.kind == "snap_attack" and _snap_pays(ctx, unit, answer, decision, level):
            return answer
    return None


def sure_win(decision: Decision) -> Answer | None:
    """Accepting an enemy's appeal for parley: its side withdraws, the fight is ours."""
    for answer in decision.answers:
        if answer.kind == "accept_parley":
            return answer
    return None


def _main_value(ctx: Context, unit: str, level: Level) -> float:
    """What the unit's Main action is worth this round (its usual blow)."""
    if ctx.get(unit, GridState).acted and units.budget(ctx, unit).main_used:
        return 0.0
    return 0.35 * estimates.worth(ctx, unit) * level.horizon


def _total_defense_pays(ctx: Context, unit: str, trigger: Rolled, level: Level) -> bool:
    """Is the roll against ``unit`` and does +2 AC save more than the Main costs? What
    it saves is priced by the attack's own weapon (a bow's arrow, not the attacker's
    best melee blow): the blow of a hit by 0 or 1, or the Shock of a miss that the
    window is offered for (Total Defense makes the unit immune to Shock)."""
    if trigger.target is None or trigger.purpose != "attack roll":
        return False
    declared = last_declared(ctx)
    if declared is None or declared.target != unit:
        return False  # the roll is against someone else
    attacker = declared.attacker
    if units.side(ctx, attacker) == units.side(ctx, unit):
        return False
    if trigger.total >= trigger.target + 2:
        return False  # +2 AC cannot turn it
    weapon = units.weapon(ctx, declared.weapon)
    if trigger.total >= trigger.target:
        harm = estimates.mean_damage(ctx, attacker, weapon)
    elif declared.mode == "swarm" and weapon.shock is not None:
        # a swarm's Shock lands past AC and shields (004 · Make a Swarm Attack)
        harm = float(units.stats(ctx, attacker).template.shock_damage(weapon))
    elif shock_stopped(ctx, unit):
        return False
    else:
        ranged = "ranged" in declared.mode
        harm = float(shock_on_miss(ctx, attacker, unit, weapon, ranged))
    if harm <= 0:
        return False
    saved = estimates.harm_value(ctx, unit, level.horizon, _drops(ctx, unit, harm), harm)
    return saved > _main_value(ctx, unit, level)


def _drops(ctx: Context, unit: str, harm: float) -> float:
    """1 when ``harm`` (a blow's mean damage) would drop ``unit``, else 0."""
    return 1.0 if harm >= units.health(ctx, unit).hp else 0.0


def _snap_pays(ctx: Context, unit: str, answer: Answer, decision: Decision, level: Level) -> bool:
    """Is a blow at -4 now, before the attacker's hit lands, worth the Main action? It
    is worth the blow itself, plus, when it is at the attacker and drops it, the harm
    of the pending hit (its weapon's mean damage on the victim) that never lands. When
    that hit would drop ``unit`` itself, its Main action is lost anyway: snapping costs
    nothing."""
    target = getattr(answer, "target", None)
    weapon = getattr(answer, "weapon", None)
    if not isinstance(target, str) or not isinstance(weapon, str):
        return False
    ranged = bool(getattr(answer, "ranged", False))
    o = estimates.odds(ctx, unit, target, weapon, ranged)
    if o is None:
        return False
    p_hit = max(0.0, o.p_hit - 0.2)  # Snap Attack is rolled at -4
    scale = p_hit / o.p_hit if o.p_hit > 0 else 0.0
    p_kill = o.p_kill * scale
    blow = estimates.harm_value(ctx, target, level.horizon, p_kill, o.expected * scale)
    saved, cost = 0.0, _main_value(ctx, unit, level)
    hit = decision.trigger
    if isinstance(hit, AttackResolved) and hit.target in ctx.entities:
        harm = estimates.mean_damage(ctx, hit.attacker, units.weapon(ctx, hit.weapon))
        dropped = _drops(ctx, hit.target, harm)
        if hit.attacker == target:
            saved = p_kill * estimates.harm_value(ctx, hit.target, level.horizon, dropped, harm)
        if hit.target == unit:
            cost *= 1.0 - dropped
    return blow + saved > cost
