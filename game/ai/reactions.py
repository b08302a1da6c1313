"""Reactions: which Instant to take in a reaction window (issue 5 · Total Defense and Snap
Attack when they pay; 004 · Total Defense, Make a Snap Attack).

- Total Defense after an attack roll (window ``attack_rolled``): +2 AC turns the roll
  into a miss when it hit by 0 or 1; it also makes the unit immune to Shock. It costs
  the Main action, so it is taken when the harm it saves is worth more than the unit's
  next blow.
- Snap Attack before damage (window ``before_damage``): a blow at -4 that may drop the
  attacker before its damage lands; taken when the expected saving plus the blow itself
  is worth more than the Main action it gives up.
- An enemy's appeal for parley put to the party (grid rules, Decisions · Parley): every
  level accepts (``sure_win``): the speaker's side withdraws and the fight is won.
- Anything else: None (the controller declines).

The reactions are recognised by their answer ``kind`` and read their fields by name, so
this module does not import the rules that define them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai import estimates
from game.ai.levels import Level
from game.engine.answers import Answer
from game.engine.decision import Decision
from game.engine.events import Rolled
from game.rules.grid import units
from game.rules.grid.state import GridState

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


def _attacker_of(ctx: Context, trigger: object) -> str | None:
    for name in ("unit", "attacker"):
        who = getattr(trigger, name, None)
        if isinstance(who, str) and who in ctx.entities:
            return who
    return None


def _total_defense_pays(ctx: Context, unit: str, trigger: Rolled, level: Level) -> bool:
    """Is the roll against ``unit`` and does +2 AC save more than the Main costs?"""
    if trigger.target is None or trigger.purpose != "attack roll":
        return False
    attacker = _attacker_of(ctx, trigger)
    if attacker is None or units.side(ctx, attacker) == units.side(ctx, unit):
        return False
    if f"vs {units.name(ctx, unit)}" != trigger.detail:
        return False  # the roll is against someone else
    hit_now = trigger.total >= trigger.target
    if not hit_now or trigger.total >= trigger.target + 2:
        return False
    weapon, _ = estimates.best_melee(ctx, attacker, trigger.target)
    shot, _ = estimates.best_shot(ctx, attacker, trigger.target)
    w = weapon or shot
    if w is None:
        return False
    dmg = estimates.mean_damage(ctx, attacker, w)
    p_kill = 1.0 if dmg >= units.health(ctx, unit).hp else 0.0
    saved = estimates.harm_value(ctx, unit, level.horizon, p_kill, dmg)
    return saved > _main_value(ctx, unit, level)


def _snap_pays(ctx: Context, unit: str, answer: Answer, decision: Decision, level: Level) -> bool:
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
    saved = 0.0
    victim = getattr(decision.trigger, "target", None)
    if isinstance(victim, str) and victim in ctx.entities:
        vw = estimates.worth(ctx, victim)
        saved = p_kill * 0.5 * vw * level.horizon
    return blow + saved > _main_value(ctx, unit, level)
