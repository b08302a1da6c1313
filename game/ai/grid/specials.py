"""Plans for the grid rules' special actions (issue 5 · Behaviour; 004 · Make a Swarm
Attack, Charge, Screen an Ally, Total Defense, Reload a Weapon, Stand Up, Break Free;
Shove and Grapple are in ``game.ai.grid.maneuvers``).

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
  the blows aimed at it; worth the ward's saved loss minus what the screener takes. The
  screen ends when the two part, so a unit whose Main is still free screens only from a
  square it can attack from (else that Main would carry it away as a second Move).
- Total Defense on one's own turn: +2 AC and no Shock until the next turn, for a unit
  that has no blow worth its Main action.
- Reload (a crossbow's Main action), Stand Up (Move), Break Free (Main): the unit is not
  whole until it does them; each is worth a share of the unit's worth. These are upkeep
  (``upkeep_plans``), planned at every level, easy too; the rest only with the level's
  ``specials``.
- Appeal for parley (Use a Skill, Main): worth the surrenders it may bring from a side
  the fight is going against.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from game.ai.grid import estimates
from game.ai.grid.plan import first_answer
from game.ai.grid.screening import screen_plans
from game.content.weapons import Weapon
from game.engine.answers import Answer
from game.geometry.grid import Cell
from game.rules.grid import units
from game.rules.grid.move import blockers
from game.rules.grid.state import GridState

if TYPE_CHECKING:
    from game.ai.grid.plans import Plan, Planner
    from game.engine.context import Context


def special_plans(p: Planner, after: float, stay: float) -> list[Plan]:
    """Every special plan worth a look. ``after`` is the best value of the rest of the
    turn once the Main action is spent (stand or move), ``stay`` of standing still."""
    from game.ai.grid.plan import Plan

    ctx = p.ctx
    actions = ctx.ruleset.actions
    out: list[Plan] = []
    allowed = partial(_allowed, ctx, p.unit)

    if allowed("swarm_attack"):
        out.extend(_swarm(p, after))
    if "charge" in actions and charge_possible(p):
        out.extend(_charges(p))
    if p.level.coordinate and allowed("execute"):
        out.extend(_executions(p, after))
    if allowed("screen_ally") and p.move_action_free:
        out.extend(screen_plans(p))
    if p.level.guard > 0 and allowed("total_defense") and p.main_free:
        ans = first_answer(actions["total_defense"], ctx, p.unit)
        if ans is not None:
            hx, hy = p.here
            guard = p.level.guard * float(p.loss_map()[hy, hx])
            out.append(Plan(after + guard, "total_defense", ans, p.here, "total defense"))
    if allowed("ready_item") and p.main_free:
        out.extend(_readies(p, after))
    if allowed("pick_up_item") and p.move_action_free:
        out.extend(_pick_ups(p, stay))
    if allowed("parley") and p.main_free:
        out.extend(_parley(p, after))
    from game.ai.grid.maneuvers import maneuver_plans

    out.extend(maneuver_plans(p, after))
    return out


def upkeep_plans(p: Planner, after: float, stay: float) -> list[Plan]:
    """What a unit does to be whole again, planned at every level (the baseline AI does
    them too): reload its missile weapon (Main), stand up from prone (Move), break free
    of a grapple (Main). ``after`` and ``stay`` as in ``special_plans``; standing up
    leaves the Main free, for a blow or a second Move at full speed, so it is valued
    from ``after``: a prone unit that crawls (half speed, and still prone where it
    stops) has thrown away half its walk."""
    from game.ai.grid.plan import Plan

    ctx = p.ctx
    actions = ctx.ruleset.actions
    out: list[Plan] = []
    allowed = partial(_allowed, ctx, p.unit)

    if allowed("reload"):
        shot, _ = estimates.best_shot(ctx, p.unit, estimates.TYPICAL_AC)
        for reload in actions["reload"].enumerate(ctx, p.unit):
            if shot is not None and getattr(reload, "weapon", None) == shot.id:
                out.append(Plan(after + 0.8 * p.worth, "reload", reload, p.here, "reload"))
                break
    if allowed("stand_up") and units.conditions(ctx, p.unit).prone:
        stand = first_answer(actions["stand_up"], ctx, p.unit)
        if stand is not None:
            loss = sum(p.aoo_blow(e)[0] for e in _adjacent_armed(p))
            out.append(Plan(after + 1.5 * p.worth - loss, "stand_up", stand, p.here, "stand up"))
    if allowed("break_free") and units.conditions(ctx, p.unit).grappled:
        loose = first_answer(actions["break_free"], ctx, p.unit)
        if loose is not None:
            out.append(Plan(stay + 0.8 * p.worth, "break_free", loose, p.here, "break free"))
    return out


def _allowed(ctx: Context, unit: str, kind: str) -> bool:
    """Whether the ruleset has action ``kind`` and ``unit`` may take it now."""
    actions = ctx.ruleset.actions
    return kind in actions and actions[kind].availability(ctx, unit) is None


def _adjacent_armed(p: Planner) -> list[str]:
    from game.rules.grid.opportunity import adjacent_threats

    return adjacent_threats(p.ctx, p.unit)


# -- Ready an Item ----------------------------------------------------------------------------
READY_ROUNDS = 2.0  # rounds of fighting a readied weapon is counted over


class _Arms:
    """What the weapons in reach of a unit would strike next round at the nearest few
    enemies (shared by readying a stowed weapon and picking one up)."""

    def __init__(self, p: Planner) -> None:
        self.p = p
        cells = p.board.cells
        self.pinned = bool(_adjacent_armed(p))
        self.near = sorted(p.board.enemies, key=lambda e: units.distance(p.here, cells[e]))[:3]
        self.in_hand = units.readied_weapons(p.ctx, p.unit)
        self.now = self.best_of(self.in_hand)

    def blow(self, w: Weapon, ranged: bool) -> float:
        """The best blow ``w`` would strike next round at the nearest enemies (0 when
        none is in its range after one move, or a bow is pinned)."""
        p = self.p
        tmpl = units.stats(p.ctx, p.unit).template
        best = 0.0
        for t in self.near:
            dist = units.distance(p.here, p.board.cells[t])
            if ranged:
                if w.two_handed and self.pinned or dist > (w.range_normal_squares or 0) + p.speed:
                    continue
            elif dist > p.speed + max(1, w.reach):
                continue
            thrown = ranged and w.thrown and not w.ranged
            o = estimates.prospect(
                p.ctx, p.unit, t, w, ranged, tmpl.attack_modifier(w, thrown=thrown)
            )
            st = p.board.stakes(t, p.horizon, p.level.kill_focus)
            best = max(best, st.value(o.p_kill, o.expected))
        return best

    def best_of(self, weapons: list[Weapon]) -> float:
        values = [self.blow(w, False) for w in weapons if w.melee]
        values += [self.blow(w, True) for w in weapons if w.ranged]
        return max(values, default=0.0)

    def gain(self, w: Weapon) -> float:
        """How much better a round's best blow is with ``w`` in hand (whatever it sheathes
        to make room put away)."""
        from game.rules.grid.items import sheathed_for

        gone = set(sheathed_for(self.p.ctx, self.p.unit, w.id))
        return self.best_of([w] + [x for x in self.in_hand if x.id not in gone]) - self.now


def _readies(p: Planner, after: float) -> list[Plan]:
    """Ready a stowed weapon (004 · Ready or Stow an Item, a Main action) when it strikes
    better than what is in hand over the next ``READY_ROUNDS`` rounds: a melee weapon
    for a unit left with bare hands (its spear thrown) or with a bow it cannot shoot (an
    armed enemy at its side, 004 · Make a Ranged Attack); the bow again once no enemy
    is at hand. The rounds are counted from the next one: this turn's Main is spent."""
    from game.ai.grid.plan import Plan
    from game.rules.grid.items import sheathed_for

    ctx = p.ctx
    arms = _Arms(p)
    out: list[Plan] = []
    for ans in ctx.ruleset.actions["ready_item"].enumerate(ctx, p.unit):
        w = units.weapon(ctx, getattr(ans, "weapon", ""))
        if w.ranged and arms.pinned:
            continue
        gone = set(sheathed_for(ctx, p.unit, w.id))
        if not arms.pinned and any(x.ranged for x in arms.in_hand if x.id in gone):
            # a bow is put away only when it is pinned (an armed enemy beside it): one
            # that an enemy might come up to can still step back and shoot, and readying
            # it again would cost another Main action (archers swapped to the axe and
            # back, round after round)
            continue
        gain = arms.gain(w)
        if gain <= 0:
            continue
        note = f"ready {w.name}"
        out.append(Plan(after + READY_ROUNDS * gain, "ready_item", ans, p.here, note))
    return out


def _pick_ups(p: Planner, stay: float) -> list[Plan]:
    """Pick up a weapon lying beside the unit (004 · Pick up an Item: a Move action that
    provokes) when it strikes better than what is in hand: a bandit whose spear lies at
    its foe's feet takes it back, and its Main is still free to strike with it this turn.
    Counted over ``READY_ROUNDS`` rounds and this one when the Main is free, less the
    attacks of opportunity the stoop provokes; the unit stays where it stands."""
    from game.ai.grid.plan import Plan

    ctx = p.ctx
    arms = _Arms(p)
    aoo = 0.0
    if not units.conditions(ctx, p.unit).disengaged:
        aoo = p.level.aoo * sum(p.aoo_blow(e)[0] for e in _adjacent_armed(p))
    best: dict[str, Plan] = {}
    for ans in ctx.ruleset.actions["pick_up_item"].enumerate(ctx, p.unit):
        w = units.weapon(ctx, getattr(ans, "weapon", ""))
        if w.ranged and arms.pinned:
            continue
        gain = arms.gain(w)
        if gain <= 0:
            continue
        # this turn's Main strikes with it too, when an enemy stands within its reach
        now = p.main_free and any(
            units.distance(p.here, p.board.cells[e]) <= max(1, w.reach) for e in arms.near
        )
        value = stay + (READY_ROUNDS + (1.0 if now else 0.0)) * gain - aoo
        if w.id not in best or value > best[w.id].score:
            best[w.id] = Plan(value, "pick_up_item", ans, p.here, f"pick up {w.name}")
    return list(best.values())


# -- Execution Attacks -----------------------------------------------------------------------
def _executions(p: Planner, after: float) -> list[Plan]:
    """Execution attacks on the unsuspecting (004 · Execution Attacks, surprise round): a
    sure melee hit, or a DEX/Shoot check against 8, then the target's Physical save at
    the attacker's skill or it drops to 0 HP; a made save takes maximum damage."""
    from game.ai.grid.plan import Plan
    from game.rules.grid.checks import check_bonus, skill_level
    from game.rules.grid.execution import EXECUTION_DIFFICULTY

    ctx = p.ctx
    out: list[Plan] = []
    tmpl = units.stats(ctx, p.unit).template
    for ans in ctx.ruleset.actions["execute"].enumerate(ctx, p.unit):
        target = getattr(ans, "target", "")
        weapon = units.weapon(ctx, getattr(ans, "weapon", ""))
        ranged = bool(getattr(ans, "ranged", False))
        hp = units.health(ctx, target).hp
        p_hit = 1.0
        if ranged:
            dist = units.distance(p.here, p.board.cells[target])
            near = 4 if dist <= 2 else 2 if dist <= (weapon.range_normal_squares or 0) else 0
            bonus, _ = check_bonus(ctx, p.unit, ("DEX",), ("shoot",))
            p_hit = _two_d6_at_least(EXECUTION_DIFFICULTY - bonus - near)
        penalty = max(0, skill_level(ctx, p.unit, weapon.skill))
        save = units.stats(ctx, target).save
        p_save = min(1.0, max(0.0, (21 - save - penalty) / 20))
        top = max(1, weapon.damage.max + tmpl.damage_modifier(weapon))
        p_kill = p_hit * ((1 - p_save) + p_save * (1.0 if top >= hp else 0.0))
        expected = p_hit * ((1 - p_save) * hp + p_save * min(top, hp))
        o = estimates.Odds(weapon.id, ranged, p_hit, float(min(top, hp)), p_kill, expected)
        gain = p.attack_gain(target, o)
        out.append(Plan(gain + after, "execute", ans, p.here, f"execute {target}"))
    return out


def _parley(p: Planner, after: float) -> list[Plan]:
    """Appeal for parley (004 · Use a Skill, as the grid rules decide it): a CHA check
    against 8, then every enemy in sight that checks morale and whose side the fight is
    going against rolls 2d6 + 1 (+2 when we have more units in the fight) above its
    Morale and surrenders. Worth what those surrenders are worth (a fall each, morale
    checks included), less the attacks of opportunity of the adjacent. An appeal heard
    only by the party is put to its controller: not counted (it may refuse)."""
    from game.ai.grid.plan import Plan
    from game.rules.grid import morale
    from game.rules.grid.checks import check_bonus
    from game.rules.grid.use_skill import PARLEY_DIFFICULTY, PARLEY_PENALTY, losing

    ctx = p.ctx
    ours = morale.fighting(ctx, units.side(ctx, p.unit))
    gain = 0.0
    for enemy in p.board.enemies:
        if not morale.checks_morale(ctx, enemy):
            continue
        if not ctx.sight.sees(p.board.cells[enemy], p.here):
            continue
        side = units.side(ctx, enemy)
        if not losing(ctx, side, ours):
            continue
        raised = PARLEY_PENALTY + (1 if ours > morale.fighting(ctx, side) else 0)
        p_yield = _two_d6_at_least(units.stats(ctx, enemy).morale + 1 - raised)
        gain += p_yield * p.board.stakes(enemy, p.horizon, True).down
    if gain <= 0:
        return []
    ans = first_answer(ctx.ruleset.actions["parley"], ctx, p.unit)
    if ans is None:
        return []
    bonus, _ = check_bonus(ctx, p.unit, ("CHA",), ())
    heard = _two_d6_at_least(PARLEY_DIFFICULTY - bonus) * gain
    loss = 0.0 if p.disengaged else sum(p.aoo_blow(e)[0] for e in _adjacent_armed(p))
    return [Plan(after + heard - loss, "parley", ans, p.here, "appeal for parley")]


def _two_d6_at_least(need: int) -> float:
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need) / 36


# -- Swarm -----------------------------------------------------------------------------------
def _swarm(p: Planner, after: float) -> list[Plan]:
    from game.ai.grid.plan import Plan, damage_tail

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
            if p.level.coordinate:
                # the teammates who joined gave up their blows for this strike: leaving
                # it unstruck throws them away, so it is owed at least what they gave
                plain = estimates.odds(ctx, p.unit, target, weapon, ranged)
                if plain is not None:
                    gain += others * p.attack_gain(target, plain)
            out.append(Plan(gain + after, "swarm_attack", ans, p.here, f"swarm strike {target}"))
            continue
        if (target, ranged) in seen:
            continue
        seen.add((target, ranged))
        helpers = len(_ready_helpers(p, target))
        if not helpers:
            continue
        # Joining gives up my blow and the helpers' plain blows for one strike with every
        # joiner's bonus (issue 5: swarm when the one big blow is worth more than the small
        # ones). The plain blows add up like dice (``plan.damage_tail``), so a swarm pays only
        # when single blows rarely land (a high AC), not merely because one big blow kills
        # more often than any one small blow.
        bonus = min(3, others + helpers)
        given_up = 1 + bonus - others  # my blow and the blows of the helpers who join
        plain = estimates.odds(ctx, p.unit, target, weapon, ranged)
        big = estimates.odds(ctx, p.unit, target, weapon, ranged, extras=swarm_extras(bonus))
        if plain is None or big is None:
            continue
        st = p.board.stakes(target, p.horizon, p.level.kill_focus)
        together = given_up * plain.expected
        p_plain = max(plain.p_kill, damage_tail(st.hp, together))
        edge = st.value(big.p_kill, big.expected) - st.value(p_plain, together)
        if edge <= 0:
            continue
        value = p.attack_gain(target, plain) + edge
        out.append(Plan(value + after, "swarm_attack", ans, p.here, f"join swarm {target}"))
    return out


def _ready_helpers(p: Planner, target: str) -> list[str]:
    """Teammates yet to act this round who could strike ``target`` from where they
    stand, as the rules would let them now (a crossbow that needs reloading, a bow next
    to an armed enemy or a weapon out of reach does not count). One who must walk first
    is not counted either: its planner weighs a swarm strike only from the square it is
    on, so it would charge or strike plainly, and the blow given up to join would be
    wasted."""
    ctx = p.ctx
    out = []
    for f in p.board.friends:
        if f == p.unit or ctx.get(f, GridState).acted:
            continue
        if can_strike_now(ctx, f, target):
            out.append(f)
    return out


def can_strike_now(ctx: Context, unit: str, target: str) -> bool:
    """Whether ``unit`` could attack ``target`` from where it stands with its Main: in
    melee reach, or a missile weapon (not one thrown away) at normal range, as the rules
    allow it now."""
    from game.rules.grid.attack import _weapon_problem
    from game.rules.grid.resolution import assess

    if units.budget(ctx, unit).main_used:
        return False
    dist = units.distance(units.cell(ctx, unit), units.cell(ctx, target))
    for w in units.readied_weapons(ctx, unit):
        for ranged in (False, True):
            if ranged and (not w.ranged or dist > (w.range_normal_squares or 0)):
                continue  # a shot at long range, or a weapon thrown away, is no strike to wait for
            if (
                _weapon_problem(ctx, unit, w.id, ranged) is None
                and assess(ctx, unit, target, w, ranged).allowed
            ):
                return True
    return False


def open_swarms(p: Planner) -> list[tuple[str, int]]:
    """(target, others already in it) for each swarm our side started this round and
    has not struck yet: the teammates who joined gave up their blows for its strike, so
    hard sends a unit that can strike it next (``TacticalAI.choose_unit``)."""
    from game.rules.grid.maneuver_state import maneuvers
    from game.rules.grid.swarm import others_in_swarm

    ctx = p.ctx
    out = []
    for e in p.board.enemies:
        state = maneuvers(ctx, e)
        if state.swarm_struck or state.swarm_side != p.board.side:
            continue
        others = others_in_swarm(ctx, p.unit, e)
        if others:
            out.append((e, others))
    return out


# -- Charge ----------------------------------------------------------------------------------
CHARGE_ENDS = 3  # end squares checked by the rules per target and weapon (best first)


def charge_possible(p: Planner) -> bool:
    """The charge's own preconditions (budget, prone, grappling), without looking for a
    line: ``_charges`` looks for the lines itself, far cheaper than the rules' listing."""
    from game.rules.grid import budget

    if budget.unavailable(p.ctx, p.unit, budget.MOVE_AND_MAIN) is not None:
        return False
    cond = units.conditions(p.ctx, p.unit)
    return not (cond.prone or cond.grappled or cond.grappling)


def _charge_ends(p: Planner) -> list[tuple[str, str, bool, Cell]]:
    """Candidate charges (target, weapon, thrown, end square): end squares that reach the
    target, that a walk of at most twice the movement reaches (a straight line never
    costs less), best end squares first and ``CHARGE_ENDS`` of them per target and
    weapon. The rules still check each one (``charge_problem``)."""
    from game.rules.grid.attack import _weapon_problem

    ctx = p.ctx
    limit = 2 * p.speed
    costs, _ = p.tree(False)
    pos = p.position_values_cached()
    _occupied, passable = blockers(ctx, p.unit)
    out: list[tuple[str, str, bool, Cell]] = []
    for target in p.board.enemies:
        there = p.board.cells[target]
        for w in units.readied_weapons(ctx, p.unit):
            for thrown in (False, True):
                if thrown and not w.thrown or not thrown and not w.melee:
                    continue
                if _weapon_problem(ctx, p.unit, w.id, thrown) is not None:
                    continue
                reach = (w.range_normal_squares or 0) if thrown else w.reach
                if units.distance(p.here, there) > limit + reach:
                    continue
                ends = [
                    c
                    for c, cost in costs.items()
                    if cost <= limit
                    and c != p.here
                    and c not in passable
                    and units.distance(c, there) <= reach
                ]
                ends.sort(key=lambda c: -float(pos[c[1], c[0]]))
                out.extend((target, w.id, thrown, c) for c in ends[:CHARGE_ENDS])
    return out


def _charges(p: Planner) -> list[Plan]:
    from game.ai.grid.plan import Plan

    try:
        from game.rules.grid.charge import CHARGE
    except ImportError:  # pragma: no cover
        return []
    from game.geometry.movement import straight_line

    ctx = p.ctx
    spec = ctx.ruleset.actions["charge"]
    make = spec.answer_type
    pos = p.position_values_cached()
    loss = p.loss_map()
    best: dict[tuple[str, str], tuple[float, Answer]] = {}
    start_aoo, start_survive = 0.0, 1.0
    if not units.conditions(ctx, p.unit).disengaged:
        for enemy in _adjacent_armed(p):  # a charge provokes from where it starts
            blow, p_kill = p.aoo_blow(enemy)
            start_aoo += start_survive * blow * p.level.aoo
            start_survive *= 1 - p_kill
    for target, weapon, thrown, to in _charge_ends(p):
        ans = make(p.unit, target, weapon, to, thrown)  # type: ignore[call-arg]
        if spec.validate(ctx, ans) is not None:
            continue
        o = estimates.odds(ctx, p.unit, target, weapon, thrown, from_cell=to, extras=CHARGE)
        if o is None:
            continue
        x, y = to
        value = float(pos[y, x]) - 0.25 * p.level.exposure * float(loss[y, x])
        line = tuple(straight_line(p.here, to)[1:])
        aoo, survive = p.path_aoo(line)
        aoo = start_aoo + start_survive * aoo
        survive *= start_survive
        gain = p.attack_gain(target, o)
        if thrown:  # the weapon leaves the hand, as in any throw
            gain -= p.throw_cost(units.weapon(ctx, weapon))
        value += survive * gain - aoo
        key = (target, weapon)
        if key not in best or value > best[key][0]:
            best[key] = (value, ans)
    return [
        Plan(v, "charge", a, getattr(a, "to", p.here), f"charge {getattr(a, 'target', '')}")
        for v, a in best.values()
    ]
