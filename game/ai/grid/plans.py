"""Turn plans: what one unit could do with the rest of its turn, and what that is worth
(issue 5 · Behaviour).

A plan is a short line of actions (attack then step back, move then attack, run twice,
Disengage then move, stand) scored as

    blows dealt + value of the end square − attacks of opportunity taken on the way

where the end square is worth ``offence`` (what the unit could strike next round from
there) minus ``exposure`` (what the enemies could deal to it there, cover included)
minus the walk still left to the nearest enemy (``game.ai.grid.board``). Blows and losses are
on one scale (``game.ai.grid.estimates``): a likely kill of a dangerous enemy outweighs a
scratch, and a spear thrust taken while walking off outweighs a step of approach.

Every candidate gets a quick score from the arrays; the best ``level.exact_top`` are
re-scored exactly: the real path (and, when it pays, a detour that never leaves an
enemy's reach), the real attacks of opportunity it provokes (004 · Run, Disengage), and
the real attack odds from the end square (``resolution.assess`` with ``from_cell``).
Only the first action of the best plan is played; the planner runs again at the next
decision, so the rest of the plan adapts to what the dice did.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

import numpy as np

from game.ai.core import objective_map
from game.ai.grid import estimates
from game.ai.grid.blow_value import value_array, value_of
from game.ai.grid.board import SHOT_TARGETS, Array, Board
from game.ai.grid.hints import HINTS, HOLD_ROUNDS, NO_HINT, POST_REACH
from game.ai.grid.levels import Level
from game.ai.grid.plan import Plan, down_chance
from game.ai.grid.walking import board_distance, first_leg
from game.content.weapons import Weapon
from game.engine.answers import Answer, EndTurn
from game.geometry.grid import Cell
from game.geometry.movement import STEPS
from game.rules.grid import budget, units
from game.rules.grid.disengage import Disengage
from game.rules.grid.move import Move, blockers, move_squares

if TYPE_CHECKING:
    from game.engine.context import Context


class Planner:
    """Builds and scores the plans of one unit at one decision."""

    def __init__(
        self,
        ctx: Context,
        unit: str,
        level: Level,
        board: Board,
    ) -> None:
        self.ctx = ctx
        self.unit = unit
        self.level = level
        self.board = board
        self.here = units.cell(ctx, unit)
        self.hp = units.health(ctx, unit).hp
        self.worth = estimates.worth(ctx, unit)
        self.stakes = board.stakes(unit, level.horizon, level.kill_focus)
        self.horizon = level.horizon
        self.speed = move_squares(ctx, unit)
        self.shooter = estimates.is_shooter(ctx, unit)
        b = units.budget(ctx, unit)
        self.main_free = budget.unavailable(ctx, unit, budget.MAIN) is None
        self.move_action_free = not b.move_used
        actions = ctx.ruleset.actions
        self.can_move = "move" in actions and actions["move"].availability(ctx, unit) is None
        self.disengaged = units.conditions(ctx, unit).disengaged
        self._aoo_cache: dict[tuple[Cell, ...], tuple[float, float]] = {}
        self._pos: Array | None = None
        self._loss: Array | None = None
        self._exposure: Array | None = None
        self._down: Array | None = None
        self._opp: list[tuple[str, Cell, int]] | None = None
        from game.world.components import AiHint

        found = ctx.try_get(unit, AiHint)
        self.hint = found.hint if found is not None else ""
        self._trees: dict[bool, tuple[dict[Cell, int], dict[Cell, Cell]]] = {}

    # -- the value of standing somewhere ----------------------------------------------------
    def position_values(self) -> Array:
        """Value of ending the turn on each square (see the module docstring)."""
        lv = self.level
        loss = self.loss_map()
        hint = HINTS.get(self.hint, NO_HINT)
        press = lv.press * self.board.pressure() if lv.press > 0 else 0.0
        caution = hint.caution * (1.0 - 0.5 * press)
        side = units.side(self.ctx, self.unit)
        if objective_map.protected(self.ctx.battlefield, units.name(self.ctx, self.unit), side):
            caution *= 2.0  # a protected unit keeps away from danger (maps/README.md)
        follow = self.follow_costs(lv.follow * lv.exposure * caution) if lv.follow > 0 else None
        offence = self.board.offence(
            self.unit,
            self.horizon,
            lv.kill_focus,
            charge=lv.charge_reach,
            follow=follow,
        )
        walk = np.minimum(self.board.walk(), 60).astype(np.float64)
        tempo = 1.0 + self.ctx.round / 6.0
        approach = lv.approach * self.worth * tempo * walk / max(1, self.speed)
        if self.shooter:
            approach = approach * 0.5
        # Within a move of a blow, walking closer mostly adds exposure; but a standoff
        # (both sides waiting just out of reach) must not last: the pull comes back as
        # the rounds pass.
        patience = min(1.5, max(0.0, (self.ctx.round - 1) / 5))
        if hint.eager:
            patience = max(patience, 1.0)
        # A post is kept while the fight may come to it; a long standoff releases it
        # (otherwise two waiting sides end every such battle on the round limit).
        release = min(1.0, max(0.0, (self.ctx.round - HOLD_ROUNDS) / HOLD_ROUNDS))
        # Pressing the attack (hard): when waiting gains nothing, close in now.
        patience = max(patience, 1.5 * press)
        if lv.press > 0:
            release = max(release, lv.press * self.board.pressure(posts=True))
        if hint.leash > 0:
            release = max(release, self.board.broken())  # the band runs: no line to hold
        pull = (hint.approach + (1.0 - hint.approach) * release) * (1.0 + press)
        approach = np.where(offence > 0, approach * patience, approach) * pull
        if hint.leash > 0 and release < 1.0:
            # A post is held for the fight to come to it: next round's blows count only
            # near the post (a garrison does not run out of the walls to be in reach of
            # the enemy next round); blows this turn are the plans' own, untouched.
            moved = board_distance(self.board, self.here)
            offence = np.where(moved <= POST_REACH, offence, offence * release)
        if lv.survival > 0:
            # Next round's blow is struck only if the unit is still standing by then:
            # the enemy acts before its next turn, and a square in its reach may be its last.
            offence = offence * (1.0 - lv.survival * self.down_map())
        value = lv.offence * offence - lv.exposure * caution * loss - approach
        if hint.leash > 0 and release < 1.0:
            value = value - hint.leash * (1.0 - release) * self.worth * moved
        goals = objective_map.value_map(self.ctx.battlefield, side, self.worth, self.speed)
        if goals is not None:
            value = value + goals
        return self._keep_screen(value)

    def _keep_screen(self, value: Array) -> Array:
        """A unit screening an ally keeps what the screen saves only on the squares next
        to its ward (004 · Screen an Ally: the screen holds while the two stay within
        5 ft); walking off throws it away, so that walk must pay for it."""
        ward = units.conditions(self.ctx, self.unit).screening
        if not ward or ward not in self.board.friends or not self.level.specials:
            return value
        from game.ai.grid.screening import screen_saving

        saved = screen_saving(self, ward)
        if saved <= 0:
            return value
        near = board_distance(self.board, self.board.cells[ward]) <= 1
        return np.where(near, value + saved, value)

    def follow_costs(self, weight: float) -> dict[str, float]:
        """For each enemy, ``weight`` times the least the unit could lose on a square
        within its melee reach of that enemy the round after next, when the enemies have
        had a Move more to close in (``Board.exposure(late=True)``): the price of standing
        there after striking it next round."""
        late = self.board.exposure(self.unit, late=True)
        loss = value_array(self.stakes, down_chance(late, self.hp), late, True)
        walls = self.board.walls
        reach = max(1, units.melee_reach(self.ctx, self.unit) or 1)
        h, w = loss.shape
        out: dict[str, float] = {}
        for e in self.board.enemies:
            x, y = self.board.cells[e]
            y0, y1, x0, x1 = (
                max(0, y - reach),
                min(h, y + reach + 1),
                max(0, x - reach),
                min(w, x + reach + 1),
            )
            window = np.where(walls[y0:y1, x0:x1], np.inf, loss[y0:y1, x0:x1])
            best = float(window.min())
            out[e] = weight * best if np.isfinite(best) else 0.0
        return out

    def loss_map(self) -> Array:
        """Value the unit could lose on each square next round (its exposure). Next to
        an ally screening it, about half the blows aimed at it land on the screener
        instead (004 · Screen an Ally: the screen holds while the ward stays within 5 ft),
        so a ward that walks off throws its screen away."""
        if self._loss is None:
            exposure = self.exposure_map()
            self._loss = value_array(self.stakes, self.down_map(), exposure, True)
        return self._loss

    def exposure_map(self) -> Array:
        """Damage the enemies could deal the unit on each square next round, a screen's
        share taken off next to its screeners."""
        if self._exposure is None:
            exposure = self.board.exposure(self.unit)
            guarded = self._screened_squares()
            if guarded is not None:
                exposure = np.where(guarded, exposure * SCREENED, exposure)
            self._exposure = exposure
        return self._exposure

    def down_map(self) -> Array:
        """Chance the unit is downed on each square before its next turn."""
        if self._down is None:
            self._down = down_chance(self.exposure_map(), self.hp)
        return self._down

    def _screened_squares(self) -> Array | None:
        """Squares within 5 ft of an ally screening this unit now (None: no screen)."""
        guards = [
            self.board.cells[f]
            for f in self.board.friends
            if f != self.unit and units.conditions(self.ctx, f).screening == self.unit
        ]
        if not guards:
            return None
        mask = np.zeros((self.board.height, self.board.width), dtype=bool)
        for gx, gy in guards:
            mask[max(0, gy - 1) : gy + 2, max(0, gx - 1) : gx + 2] = True
        return mask

    # -- attacks of opportunity -------------------------------------------------------------
    def leaving_cost(self) -> tuple[Array, Array]:
        """Quick estimate per end square of the blows taken for walking out of enemies'
        reach from here: (value lost, chance to survive them)."""
        h, w = self.board.height, self.board.width
        cost = np.zeros((h, w))
        survive = np.ones((h, w))
        if self.disengaged or self.level.aoo <= 0:
            return cost, survive
        hx, hy = self.here
        for enemy, mask in self.board.reach_now():
            if not mask[hy, hx]:
                continue
            loss, p_kill = self.aoo_blow(enemy)
            cost = np.where(mask, cost, cost + loss)
            survive = np.where(mask, survive, survive * (1 - p_kill))
        return cost * self.level.aoo, survive

    def aoo_blow(self, enemy: str) -> tuple[float, float]:
        """(value lost, chance to be downed) for one attack of opportunity by ``enemy``."""
        ctx = self.ctx
        weapon, _ = estimates.best_melee(ctx, enemy, estimates.TYPICAL_AC)
        if weapon is None:
            return 0.0, 0.0
        tmpl = units.stats(ctx, enemy).template
        o = estimates.prospect(ctx, enemy, self.unit, weapon, False, tmpl.attack_modifier(weapon))
        return self.stakes.value(o.p_kill, o.expected), o.p_kill

    def _opportunists(self) -> list[tuple[str, Cell, int]]:
        """Enemies that could make an attack of opportunity now: (unit, square, reach)."""
        if self._opp is None:
            from game.rules.grid.opportunity import can_make_opportunity

            self._opp = [
                (e, self.board.cells[e], units.melee_reach(self.ctx, e))
                for e in self.board.enemies
                if can_make_opportunity(self.ctx, e) and units.melee_reach(self.ctx, e) > 0
            ]
        return self._opp

    def path_aoo(self, path: tuple[Cell, ...]) -> tuple[float, float]:
        """Attacks of opportunity along ``path`` as ``opportunity.leaving_threats`` would
        give them (004 · Run): (value lost, chance to survive them)."""
        if self.disengaged or self.level.aoo <= 0 or not path:
            return 0.0, 1.0
        found = self._aoo_cache.get(path)
        if found is not None:
            return found
        sees = self.ctx.sight.sees
        seen: set[str] = set()
        loss, survive = 0.0, 1.0
        at = self.here
        for step in path:
            for enemy, where, reach in self._opportunists():
                if enemy in seen or units.distance(where, at) > reach:
                    continue
                if units.distance(where, step) <= reach and sees(where, step):
                    continue
                if not sees(where, at):
                    continue
                seen.add(enemy)
                blow, p_kill = self.aoo_blow(enemy)
                loss += survive * blow
                survive *= 1 - p_kill
            at = step
        result = (loss * self.level.aoo, survive)
        self._aoo_cache[path] = result
        return result

    def tree(self, detour: bool) -> tuple[dict[Cell, int], dict[Cell, Cell]]:
        """Cheapest walks from here within two Moves (004 · Run): cost and parent of
        each square; with ``detour`` the squares enemies threaten now are avoided."""
        key = bool(detour)
        found = self._trees.get(key)
        if found is not None:
            return found
        ctx = self.ctx
        occupied, _passable = blockers(ctx, self.unit)
        blocked = set(occupied)
        if detour:
            for _, where, reach in self._opportunists():
                x0, y0 = where
                for y in range(y0 - reach, y0 + reach + 1):
                    for x in range(x0 - reach, x0 + reach + 1):
                        blocked.add((x, y))
        blocked.discard(self.here)
        grid = ctx.grid
        arrays = grid.arrays()
        block = arrays.blocks_move
        cost = arrays.move_cost
        width, height = grid.width, grid.height
        limit = 2 * self.speed if self.main_free and self.move_action_free else self.speed
        best: dict[Cell, tuple[int, int]] = {self.here: (0, 0)}
        parent: dict[Cell, Cell] = {}
        frontier: list[tuple[int, int, Cell]] = [(0, 0, self.here)]
        while frontier:
            spent, steps, cell = heapq.heappop(frontier)
            if (spent, steps) > best[cell]:
                continue
            x, y = cell
            for dx, dy in STEPS:
                nx, ny = x + dx, y + dy
                if not (0 <= nx < width and 0 <= ny < height) or block[ny, nx]:
                    continue
                if dx and dy and block[y, nx] and block[ny, x]:
                    continue
                nxt = (nx, ny)
                if nxt in blocked:
                    continue
                k = (spent + int(cost[ny, nx]), steps + 1)
                if k[0] <= limit and k < best.get(nxt, (limit + 1, 0)):
                    best[nxt] = k
                    parent[nxt] = cell
                    heapq.heappush(frontier, (k[0], k[1], nxt))
        result = ({c: v[0] for c, v in best.items()}, parent)
        self._trees[key] = result
        return result

    def path_in(self, parent: dict[Cell, Cell], goal: Cell) -> tuple[Cell, ...] | None:
        if goal not in parent:
            return None
        path = [goal]
        while path[-1] in parent:
            prev = parent[path[-1]]
            if prev == self.here:
                break
            path.append(prev)
        path.reverse()
        return tuple(path)

    def route(self, goal: Cell, limit: int) -> tuple[tuple[Cell, ...] | None, float, float]:
        """The path to ``goal`` within ``limit`` squares that costs least in attacks of
        opportunity: the cheapest walk, or a detour around enemies' reach."""
        costs, parent = self.tree(False)
        best: tuple[tuple[Cell, ...] | None, float, float] = (None, 0.0, 0.0)
        if costs.get(goal, limit + 1) <= limit:
            p = self.path_in(parent, goal)
            if p is not None:
                loss, survive = self.path_aoo(p)
                best = (p, loss, survive)
                if loss <= 0:
                    return best
        costs2, parent2 = self.tree(True)
        if costs2.get(goal, limit + 1) <= limit:
            p = self.path_in(parent2, goal)
            if p is not None:
                loss, survive = self.path_aoo(p)
                if best[0] is None or loss < best[1]:
                    best = (p, loss, survive)
        return best

    # -- attacks ----------------------------------------------------------------------------
    def attack_kinds(self) -> list[str]:
        return [k for k in ("melee_attack", "ranged_attack") if k in self.ctx.ruleset.actions]

    def attack_gain(self, target: str, o: estimates.Odds) -> float:
        """What a blow with odds ``o`` on ``target`` is worth: its chance to drop the
        target and the wound it leaves otherwise (``level.kill_focus``), or raw damage."""
        st = self.board.stakes(target, self.horizon, self.level.kill_focus)
        return value_of(st, o.p_kill, o.expected, self.level.kill_focus)

    def attacks_from(self, at: Cell | None) -> list[tuple[float, Answer, estimates.Odds]]:
        """Every attack the unit could make from ``at`` (None: from where it stands),
        with its value, best first."""
        from game.rules.grid.attack import MeleeAttack, RangedAttack

        ctx = self.ctx
        here = self.here if at is None else at
        out: list[tuple[float, Answer, estimates.Odds]] = []
        cells = self.board.cells
        near = sorted(self.board.enemies, key=lambda e: units.distance(here, cells[e]))
        for rank, target in enumerate(near):
            dist = units.distance(here, cells[target])
            if rank >= SHOT_TARGETS and dist > 2:
                break
            for w in units.readied_weapons(ctx, self.unit):
                for ranged in (False, True):
                    if ranged and not w.shoots or not ranged and not w.melee:
                        continue
                    if not ranged and dist > w.reach:
                        continue
                    if ranged and dist > (w.range_long_squares or 0):
                        continue
                    o = estimates.odds(ctx, self.unit, target, w.id, ranged, from_cell=at)
                    if o is None:
                        continue
                    kind = RangedAttack if ranged else MeleeAttack
                    gain = self.attack_gain(target, o)
                    if ranged and w.thrown and not w.ranged:
                        gain -= self.throw_cost(w)
                    out.append((gain, kind(self.unit, target, w.id), o))
        out.sort(key=lambda t: -t[0])
        return out

    def throw_cost(self, weapon: Weapon) -> float:
        """What throwing ``weapon`` away costs the unit's melee (004 · Thrown weapons land
        on the ground): when it is the unit's only armed melee weapon in hand, the next
        blow is lost readying another (or struck bare-handed), and a weaker weapon
        strikes after that. Counted in full when an enemy could come to blows next round,
        at half otherwise (``level.kill_focus``: easy throws without a thought)."""
        if not self.level.kill_focus or not weapon.melee:
            return 0.0
        ctx = self.ctx
        armed = [w for w in units.readied_weapons(ctx, self.unit) if w.melee and not w.unarmed]
        if [w.id for w in armed] != [weapon.id]:
            return 0.0
        cells = self.board.cells
        near = min(self.board.enemies, key=lambda e: units.distance(self.here, cells[e]))
        st = self.board.stakes(near, self.horizon, True)
        tmpl = units.stats(ctx, self.unit).template

        def blow(w: Weapon) -> float:
            o = estimates.prospect(ctx, self.unit, near, w, False, tmpl.attack_modifier(w))
            return st.value(o.p_kill, o.expected)

        stowed = [units.weapon(ctx, w) for w in units.loadout(ctx, self.unit).stowed]
        backup = max((blow(w) for w in stowed if w.melee and not w.unarmed), default=0.0)
        kept = blow(weapon)
        cost = kept + max(0.0, kept - backup)
        dist = units.distance(self.here, cells[near])
        return cost if dist <= self.speed + max(1, weapon.reach) + 1 else 0.5 * cost

    # -- the plans --------------------------------------------------------------------------
    def plans(self) -> list[Plan]:
        ctx = self.ctx
        pos = self.position_values_cached()
        leave_cost, leave_survive = self.leaving_cost()
        hx, hy = self.here
        stay_value = float(pos[hy, hx])
        out: list[Plan] = [Plan(stay_value, "stay", EndTurn(self.unit), self.here, "hold")]
        r1: dict[Cell, int] = {}
        r2: dict[Cell, int] = {}
        if self.can_move:
            costs, _ = self.tree(False)
            _occ, passable = blockers(ctx, self.unit)
            for c, v in costs.items():
                if c == self.here or c in passable:
                    continue
                if v <= self.speed:
                    r1[c] = v
                else:
                    r2[c] = v

        def move_value(c: Cell) -> float:
            x, y = c
            return float(pos[y, x] - leave_cost[y, x])

        best_after_move = max((move_value(c) for c in r1), default=stay_value)
        # attack from here, then perhaps step somewhere better with the Move action
        if self.main_free:
            after = stay_value
            if self.move_action_free and r1:
                after = max(stay_value, best_after_move)
            for gain, answer, _o in self.attacks_from(None)[:6]:
                out.append(Plan(gain + after, "attack", answer, self.here, "strike"))
        # move, then attack from there
        if r1:
            strike_now = None
            if self.main_free and self.move_action_free:
                strike_now = self.board.offence(
                    self.unit, self.horizon, self.level.kill_focus, now=True
                )
            for c in r1:
                x, y = c
                value = move_value(c)
                note = "reposition"
                if strike_now is not None and strike_now[y, x] > 0:
                    value += float(strike_now[y, x] * leave_survive[y, x])
                    note = "advance and strike"
                out.append(Plan(value, "move", _path_pending(self.unit), c, note))
        # run twice (the Main action as a second Move)
        if r1 and self.main_free and self.move_action_free:
            for c in r2:
                out.append(Plan(move_value(c), "run", _path_pending(self.unit), c, "run"))
        # Disengage, then walk off without attacks of opportunity
        if (
            self.level.disengage
            and self.main_free
            and self.move_action_free
            and not self.disengaged
            and "disengage" in ctx.ruleset.actions
            and leave_cost[hy, hx] == 0
            and float(leave_cost.max()) > 0
        ):
            for c in r1:
                x, y = c
                out.append(
                    Plan(float(pos[y, x]), "disengage", Disengage(self.unit), c, "disengage")
                )
        from game.ai.grid.specials import special_plans, upkeep_plans

        after_main = stay_value
        if self.move_action_free and r1:
            after_main = max(stay_value, best_after_move)
        out.extend(upkeep_plans(self, after_main, stay_value))
        if self.level.specials:
            out.extend(special_plans(self, after_main, stay_value))
        out.sort(key=lambda p: -p.score)
        return self.refine(out)

    def refine(self, plans: list[Plan]) -> list[Plan]:
        """Score the best few exactly and turn them into concrete first answers; one
        plan per distinct first answer (the best), best first."""
        exact: dict[Answer, Plan] = {}
        kept = 0
        for plan in plans:
            if kept >= max(1, self.level.exact_top):
                break
            done = self._exact(plan)
            if done is None:
                continue
            kept += 1
            known = exact.get(done.first)
            if known is None or done.score > known.score:
                exact[done.first] = done
        return sorted(exact.values(), key=lambda p: -p.score)

    def _exact(self, plan: Plan) -> Plan | None:
        ctx = self.ctx
        if plan.kind not in ("move", "run", "disengage"):
            plan.exact = True
            return plan
        pos_value = float(self.position_values_cached()[plan.end[1], plan.end[0]])
        if plan.kind == "disengage":
            path, _, _ = self.route(plan.end, self.speed)
            if path is None:
                return None
            plan.exact = True
            return plan
        limit = self.speed if plan.kind == "move" else 2 * self.speed
        path, loss, survive = self.route(plan.end, limit)
        if path is None:
            return None
        score = pos_value - loss
        if plan.kind == "move":
            if self.main_free and self.move_action_free:
                strikes = self.attacks_from(plan.end)
                if strikes:
                    score += survive * strikes[0][0]
                    plan.note = f"advance and strike {strikes[0][1].describe()}"
            plan.first = Move(self.unit, path)
        else:
            leg = first_leg(ctx, self.unit, path, self.speed)
            if leg is None:
                return None
            plan.first = Move(self.unit, leg)
        plan.score = score
        plan.exact = True
        return plan

    def position_values_cached(self) -> Array:
        if self._pos is None:
            self._pos = self.position_values()
        return self._pos


# Share of the blows a screened ward still takes next to its screener (the screener wins
# about half of the opposed checks, 004 · Screen an Ally).
SCREENED = 0.5


def _path_pending(unit: str) -> Answer:
    """The answer a move plan carries until ``refine`` finds its path and puts the real
    Move there (plans that are not refined are dropped, so this is never played)."""
    return EndTurn(unit)
