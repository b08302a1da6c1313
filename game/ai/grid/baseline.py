"""The baseline AI (issue 3): walk toward the nearest enemy and hit it.

- ``choose_unit``: the unit nearest to an enemy acts first.
- ``turn``: stand up when prone, break free when grappled, reload a weapon that needs it
  (when no enemy is at hand); then attack if any attack is possible (the one with the
  best chance to drop the target, then the best expected damage); otherwise a shooter
  that can shoot from a square it can reach goes to the nearest such square (not inside
  an enemy's reach when it can help it), and everyone else moves to the reachable square
  nearest (by walking distance) to an enemy. A shooter caught in melee with a bow
  Disengages first. Otherwise End Turn.
- ``reaction`` and anything else: the first option that is not obviously harmful, which
  for Instants offered today means ``Decline``.

Deterministic: ties go to the first candidate in the engine's order; ``seed`` is kept for
controllers that want randomness (this one does not use it).
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

import esper

from game.engine.answers import Answer, ChooseUnit, Decline, EndTurn
from game.engine.decision import Decision
from game.geometry.grid import Cell
from game.rules.grid import units
from game.rules.grid.attack import MeleeAttack, RangedAttack
from game.rules.grid.disengage import Disengage
from game.rules.grid.move import Move, path_to, reachable_cells
from game.rules.grid.resolution import assess, in_enemy_melee

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.context import Context


class BaselineAI:
    name = "baseline"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        # the last walking field: (grid, its version, the enemies' squares, the field);
        # the grid is held so its id is not reused by another battle's
        self._walk: tuple[object, int, tuple[Cell, ...], dict[Cell, int]] | None = None

    def _walking(self, ctx: Context, foes: list[Cell]) -> dict[Cell, int]:
        """``walking_distance`` to ``foes``, kept while the enemies stand where they are
        and the grid is unchanged: a side's turn walks many units at the same enemies
        (issue 31 · Scale: on 128×128 the field was 85% of the baseline's time)."""
        key = (ctx.grid, ctx.grid.version, tuple(foes))
        kept = self._walk
        if kept is not None and kept[0] is key[0] and kept[1:3] == key[1:]:
            return kept[3]
        field = walking_distance(ctx, foes)
        self._walk = (*key, field)
        return field

    def choose(self, battle: Battle, decision: Decision) -> Answer:
        # Read this battle's own esper world (another battle may have been active).
        if esper.current_world != battle.world_name:
            esper.switch_world(battle.world_name)
        ctx = battle.ctx
        if decision.kind == "choose_unit":
            return self._choose_unit(ctx, decision)
        if decision.kind == "turn" and decision.unit is not None:
            return self._turn(battle, decision.unit)
        for option in decision.options:
            if option.answer is not None and option.allowed and isinstance(option.answer, Decline):
                return option.answer
        answers = decision.answers
        if answers:
            return answers[0]
        return battle.legal_answers()[0]

    # -- choose_unit --------------------------------------------------------------------
    def _choose_unit(self, ctx: Context, decision: Decision) -> Answer:
        best: tuple[int, int] | None = None
        pick: Answer = decision.answers[0]
        for i, answer in enumerate(decision.answers):
            assert isinstance(answer, ChooseUnit)
            here = units.cell(ctx, answer.unit)
            near = min(
                (units.distance(here, units.cell(ctx, e)) for e in units.enemies(ctx, answer.unit)),
                default=999,
            )
            if best is None or (near, i) < best:
                best, pick = (near, i), answer
        return pick

    # -- turn -----------------------------------------------------------------------------
    def _turn(self, battle: Battle, unit: str) -> Answer:
        ctx = battle.ctx
        allowed = {o.kind for o in (battle.pending.options if battle.pending else ()) if o.allowed}
        # Housekeeping first: get up, get loose, reload a crossbow when nobody is at hand.
        for kind in ("stand_up", "break_free", "reload"):
            if kind in allowed and (kind != "reload" or not in_enemy_melee(ctx, unit)):
                first = next(iter(ctx.ruleset.actions[kind].enumerate(ctx, unit)), None)
                if first is not None:
                    return first
        if "melee_attack" in allowed or "ranged_attack" in allowed:
            attack = self._best_attack(battle, unit, allowed)
            if attack is not None:
                return attack
        if "move" in allowed:
            shooter = self._shooting_weapon(ctx, unit)
            if (
                shooter is not None
                and "disengage" in allowed
                and in_enemy_melee(ctx, unit)
                and units.budget(ctx, unit).can_move
                and not units.budget(ctx, unit).move_used
            ):
                return Disengage(unit)
            here = units.cell(ctx, unit)
            goal = self._shooting_square(ctx, unit, shooter) if shooter else None
            if goal == here:
                return EndTurn(unit)  # a good shooting square already
            if goal is None:
                goal = self._closing_square(ctx, unit)
            if goal is not None:
                path = path_to(ctx, unit, goal)
                if path:
                    return Move(unit, path)
        return EndTurn(unit)

    def _best_attack(self, battle: Battle, unit: str, allowed: set[str]) -> Answer | None:
        ctx = battle.ctx
        best: tuple[float, float] | None = None
        pick: Answer | None = None
        for spec_kind in ("melee_attack", "ranged_attack"):
            if spec_kind not in allowed:
                continue
            for answer in ctx.ruleset.actions[spec_kind].enumerate(ctx, unit):
                assert isinstance(answer, MeleeAttack | RangedAttack)
                p = battle.attack_preview(
                    unit, answer.target, answer.weapon, ranged=spec_kind == "ranged_attack"
                )
                if not p.allowed:
                    continue
                expected = p.hit_chance * (p.damage_min + p.damage_max) / 2
                score = (p.kill_chance, expected)
                if best is None or score > best:
                    best, pick = score, answer
        return pick

    def _shooting_weapon(self, ctx: Context, unit: str) -> str | None:
        for w in units.readied_weapons(ctx, unit):
            if w.ranged:
                return w.id
        return None

    def _shooting_square(self, ctx: Context, unit: str, weapon_id: str) -> Cell | None:
        """The cheapest reachable square with a shot at some enemy, preferring squares out
        of enemy reach; None when there is none."""
        weapon = units.weapon(ctx, weapon_id)
        long_sq = weapon.range_long_squares or 0
        foes = [units.cell(ctx, e) for e in units.enemies(ctx, unit)]
        enemies = units.enemies(ctx, unit)
        reach = {e: units.melee_reach(ctx, e) for e in enemies}
        fallback: Cell | None = None
        cells = reachable_cells(ctx, unit)
        cells[units.cell(ctx, unit)] = 0  # staying put is a candidate too
        for cell in sorted(cells, key=lambda c: (cells[c], c[1], c[0])):
            if not any(units.distance(cell, f) <= long_sq for f in foes):
                continue
            threatened = any(
                reach[e] and units.distance(units.cell(ctx, e), cell) <= reach[e] for e in enemies
            )
            if threatened and weapon.two_handed:
                continue
            if any(assess(ctx, unit, e, weapon, True, from_cell=cell).allowed for e in enemies):
                if not threatened:
                    return cell
                if fallback is None:
                    fallback = cell
        return fallback

    def _closing_square(self, ctx: Context, unit: str) -> Cell | None:
        """The reachable square with the shortest walk to any enemy."""
        foes = [units.cell(ctx, e) for e in units.enemies(ctx, unit)]
        if not foes:
            return None
        field = self._walking(ctx, foes)
        here = units.cell(ctx, unit)
        best: tuple[int, int, int, int] | None = None
        pick: Cell | None = None
        cells = reachable_cells(ctx, unit)
        for cell, cost in cells.items():
            d = field.get(cell)
            if d is None:
                continue
            score = (d, cost, cell[1], cell[0])
            if best is None or score < best:
                best, pick = score, cell
        here_d = field.get(here)
        if best is None or (here_d is not None and best[0] >= here_d):
            return None  # no square gets closer
        return pick


def walking_distance(ctx: Context, sources: list[Cell]) -> dict[Cell, int]:
    """Walking cost from every square to the nearest of ``sources`` (terrain only)."""
    grid = ctx.grid
    arrays = grid.arrays()
    block = arrays.blocks_move
    cost = arrays.move_cost
    best: dict[Cell, int] = {s: 0 for s in sources}
    frontier = [(0, s) for s in sources]
    heapq.heapify(frontier)
    w, h = grid.width, grid.height
    steps = ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1))
    while frontier:
        spent, (x, y) = heapq.heappop(frontier)
        if spent > best[(x, y)]:
            continue
        for dx, dy in steps:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < w and 0 <= ny < h) or block[ny, nx]:
                continue
            if dx and dy and block[y, nx] and block[ny, x]:
                continue
            # the cost of the step into (x, y) from (nx, ny): walking is toward the source
            total = spent + int(cost[y, x])
            if total < best.get((nx, ny), 1 << 30):
                best[(nx, ny)] = total
                heapq.heappush(frontier, (total, (nx, ny)))
    return best
