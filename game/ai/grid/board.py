"""The AI's picture of the battle for one side (issue 5 · Behaviour: exposure, cover,
reach to targets).

A ``Board`` turns the world into ``[y, x]`` numpy arrays the planner reads in O(1) per
square:

- ``exposure(unit)``: the damage the enemies could be expected to deal to ``unit`` next
  round if it stood on each square: a melee enemy threatens every square within its
  reach of a square it can walk to (004 · Run; walking around other units' squares), a
  shooter every square it sees within its long range, with the cover modifier that
  square has against it and the long-range penalty (004 · Attack Rolls table, Line of
  Sight and Cover). Each enemy counts with its better way of hurting that square.
- ``offence(unit)``: what ``unit`` could deal next round from each square: a melee unit
  the best blow on an enemy within one move and reach, a shooter the best shot at an
  enemy it could see from there (the enemy's own sight map stands in for the unit's
  lines of sight, which the geometry makes near-symmetric; plans re-check exactly).
- ``walk``: walking distance from each square to the nearest enemy.
- ``reach_now``: the squares each armed enemy threatens with attacks of opportunity.

Arrays are cached in a ``BoardCache`` that lives as long as the controller, keyed by
what they depend on (an enemy's square, speed, reach and the squares around it), so a
side's turn pays for each enemy's maps once.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from game.ai.grid import estimates
from game.ai.grid.blow_value import value_array, value_of
from game.ai.grid.board_cache import BoardCache, Box, chebyshev, dilate
from game.content.weapons import Weapon
from game.geometry.grid import Cell
from game.geometry.movement import reachable
from game.rules.grid import units
from game.rules.grid.move import move_squares
from game.rules.grid.resolution import target_ac
from game.rules.grid.state import GridState

if TYPE_CHECKING:
    from game.ai.grid.exposure import ThreatArea
    from game.engine.context import Context

Array = npt.NDArray[Any]

SHOT_TARGETS = 5  # a shooter weighs its shots at the nearest few enemies only
LURE_HORIZON = 3.0  # rounds over which the enemy is assumed to value our units
UNSEEN_SHOT = 0.5  # chance an enemy shooter finds a line, after its move, to a square it cannot see
PRESS_AHEAD = 1.5  # strength ratio at which a side starts pressing the attack ...
PRESS_FULL = 2.5  # ... and at which it presses in full
OUTGUNNED_FROM = 1.2  # their missile fire to ours at which a side starts pressing ...
OUTGUNNED_FULL = 2.0  # ... and at which it presses in full (``Board.pressure``)
PRESS_ROUNDS = 4  # rounds before the round limit from which a side not behind presses
BROKEN_FROM = 0.25  # share of a side broken (routed, fled, surrendered) from which, and
BROKEN_FULL = 0.5  # ... up to which, its map posts are released (``Board.broken``)


@dataclass(frozen=True, slots=True)
class EnemyPicture:
    """One enemy as a threat: where its blows could land next round."""

    unit: str
    cell: Cell
    zone: Array  # bool: squares its melee weapon could reach after one move
    melee: Weapon | None
    shot: Weapon | None
    shot_mod: Array | None  # int: cover and range modifiers per square, valid where shot_ok
    shot_ok: Array | None  # bool: squares it could shoot at after one Move
    shot_factor: Array | float  # <1 where it must find a line first or a bow is pinned now


class Board:
    """The arrays of one side at one moment (cheap to build; the heavy parts are cached)."""

    def __init__(
        self,
        ctx: Context,
        side: str,
        cache: BoardCache,
        share: float = 1.0,
        lured: bool = False,
        press_from: float = PRESS_AHEAD,
        press_full: float = PRESS_FULL,
        outgunned: float = 0.0,
    ) -> None:
        cache.check(ctx)
        self.share = share  # how fully an enemy's blow is split among its targets (0..1)
        # True: an enemy's blow is split by how much each target is worth hitting (a leader
        # whose fall breaks the side draws the blows); False: evenly
        self.lured = lured
        self.press_from, self.press_full = press_from, max(press_full, press_from + 1e-6)
        self.outgunned = outgunned  # weight of the pressure of being outshot (0..1)
        self.ctx = ctx
        self.side = side
        self.cache = cache
        grid = ctx.grid
        self.width, self.height = grid.width, grid.height
        self.walls = grid.arrays().blocks_move
        self.friends = [
            u for u in ctx.units() if units.side(ctx, u) == side and units.in_fight(ctx, u)
        ]
        self.enemies = [
            u for u in ctx.units() if units.side(ctx, u) != side and units.in_fight(ctx, u)
        ]
        self.cells = {u: units.cell(ctx, u) for u in ctx.units()}
        self._pictures: dict[str, EnemyPicture] = {}
        self._exposure: dict[tuple[str, int, bool], Array] = {}
        self._areas: dict[tuple[str, bool], ThreatArea] = {}
        self._threats: list[EnemyPicture] | None = None
        self._friend_xy: tuple[Array, Array] | None = None
        self._lures: list[float] | None = None
        self._boxes: dict[bool, Array] = {}
        self._blows: dict[tuple[str, Weapon, int], float] = {}
        self._friend_reach: list[tuple[Cell, int]] | None = None
        self._late_zones: dict[str, Array] = {}
        self._walk: Array | None = None
        self._pinned: Array | None = None
        self._stakes: dict[tuple[str, float, bool, bool], estimates.Stakes] = {}
        self._memo: dict[Hashable, Any] = {}  # estimates' side-wide sums, for this picture
        self._adjacent: Array | None = None
        self._pressure: dict[bool, float] = {}
        self._broken: float | None = None
        self._strengths: tuple[float, float] | None = None  # (ours, theirs), ``pressure``

    # -- enemies ---------------------------------------------------------------------------
    def threats(self) -> list[EnemyPicture]:
        """Enemies that can still hurt anyone next round (routed ones only run)."""
        if self._threats is None:
            self._threats = [
                self.picture(e) for e in self.enemies if not self.ctx.get(e, GridState).routed
            ]
        return self._threats

    def friend_squares(self) -> tuple[Array, Array]:
        """The friends' columns and rows, in ``friends`` order (numpy index arrays)."""
        if self._friend_xy is None:
            cells = [self.cells[f] for f in self.friends]
            self._friend_xy = (
                np.array([c[0] for c in cells], dtype=np.intp),
                np.array([c[1] for c in cells], dtype=np.intp),
            )
        return self._friend_xy

    def lures(self) -> list[float]:
        """``lure`` of each friend, in ``friends`` order."""
        if self._lures is None:
            self._lures = [self.lure(f) for f in self.friends]
        return self._lures

    def picture(self, enemy: str) -> EnemyPicture:
        found = self._pictures.get(enemy)
        if found is None:
            found = self._pictures[enemy] = self._build_picture(enemy)
        return found

    def _build_picture(self, enemy: str) -> EnemyPicture:
        ctx = self.ctx
        at = self.cells[enemy]
        melee_w, _ = estimates.best_melee(ctx, enemy, estimates.TYPICAL_AC)
        reach = 0 if melee_w is None else max(1, melee_w.reach)
        cond = units.conditions(ctx, enemy)
        speed = 0 if (cond.grappled or cond.grappling) else move_squares(ctx, enemy)
        zone = self._zone(enemy, at, speed, reach)
        shot, _ = estimates.best_shot(ctx, enemy, estimates.TYPICAL_AC)
        shot_mod = shot_ok = None
        factor: Array | float = 1.0
        if shot is not None:
            pinned = shot.ranged and shot.two_handed and self._armed_friend_within(at, 1)
            key = ("shot", at, speed, shot, pinned)
            kept = self.cache.get(key, self.cache.shots)
            if kept is None:
                arrays = self._shot_arrays(at, speed, shot, pinned)
                kept = self.cache.put(key, arrays, self.cache.shots)
            shot_mod, shot_ok, factor = kept
        return EnemyPicture(enemy, at, zone, melee_w, shot, shot_mod, shot_ok, factor)

    def _shot_arrays(
        self, at: Cell, speed: int, shot: Weapon, pinned: bool
    ) -> tuple[Array, Array, Array]:
        """(cover and range modifier, squares in reach, factor) of a shooter standing on
        ``at`` (read-only arrays, kept in the cache across boards)."""
        vis = self.ctx.sight.visibility(at)
        dist = chebyshev(self.width, self.height, at)
        long_sq = shot.range_long_squares or 0
        normal_sq = shot.range_normal_squares or 0
        # it may Move before it shoots or throws (004: a Move and a Main action), so it
        # reaches one move further; a square it cannot see from where it stands may
        # come into sight on the way (counted at UNSEEN_SHOT, behind half cover)
        closer = np.maximum(dist - speed, 0)
        shot_ok = (closer <= long_sq) & (dist > 0)
        mod = np.where(vis == 1, -2, np.where(vis == 2, -4, np.where(vis < 0, -2, 0)))
        # kept small (issue 32: one shooter's arrays per enemy, ~70 MiB a decision on
        # 256x256 in int64 and float64): the modifiers (-8..0) as int16, the factor as
        # float16 when that holds it exactly (1.0 and 0.5 do); either reads back as the
        # same numbers in the float64 sums of ``exposure``
        shot_mod = (mod - 2 * (closer > normal_sq)).astype(np.int16)
        factor = np.where(vis >= 0, 1.0, UNSEEN_SHOT)
        if pinned:
            factor = factor * 0.3  # must step away (and take a blow) before shooting
        small = factor.astype(np.float16)
        if np.array_equal(small, factor):
            factor = small
        for array in (shot_mod, shot_ok, factor):
            array.setflags(write=False)
        return shot_mod, shot_ok, factor

    def _armed_friend_within(self, at: Cell, squares: int) -> bool:
        if self._friend_reach is None:
            self._friend_reach = [
                (self.cells[f], reach)
                for f in self.friends
                if (reach := units.melee_reach(self.ctx, f))
            ]
        return any(
            units.distance(cell, at) <= max(squares, reach) for cell, reach in self._friend_reach
        )

    def _zone(self, enemy: str, at: Cell, speed: int, reach: int) -> Array:
        """Squares ``enemy`` could strike next round: within ``reach`` of any square one
        Move takes it to, walking around the units in its way."""
        if reach == 0:
            return np.zeros((self.height, self.width), dtype=bool)
        near = speed + 1
        blocking = frozenset(
            self.cells[f]
            for f in self.friends
            if units.distance(self.cells[f], at) <= near
            and units.conditions(self.ctx, f).occupies_cell
        )
        key = ("zone", at, speed, reach, blocking)
        found = self.cache.get(key)
        if found is not None:
            return found
        cells = reachable(self.ctx.grid, at, speed, blocking)
        mask = np.zeros((self.height, self.width), dtype=bool)
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        mask[ys, xs] = True
        zone = dilate(mask, reach) & ~self.walls
        zone.setflags(write=False)
        return self.cache.put(key, zone)

    # -- what the enemies could do to a unit -----------------------------------------------
    def exposure(self, unit: str, *, late: bool = False) -> Array:
        """Expected damage to ``unit`` on each square next round (float ``[y, x]``). An
        enemy has one blow a round: its threat is shared among the units of ours it
        could reach, so standing together spreads the blows. ``late``: the round after,
        once every enemy has had a Move more to close in (where a unit stands after
        striking next round). Summed enemy by enemy over the squares each can touch
        (``exposure.exposure_region``)."""
        from game.ai.grid.exposure import exposure_region

        ac, _ = target_ac(self.ctx, unit)
        key = (unit, ac, late)
        found = self._exposure.get(key)
        if found is None:
            whole = (0, self.height, 0, self.width)
            found = self._exposure[key] = exposure_region(self, unit, ac, late, whole)
        return found

    def exposure_at(self, unit: str, cell: Cell, *, late: bool = False) -> float:
        """``exposure(unit)`` on one square, without building the whole map."""
        ac, _ = target_ac(self.ctx, unit)
        found = self._exposure.get((unit, ac, late))
        x, y = cell
        if found is not None:
            return float(found[y, x])
        from game.ai.grid.exposure import exposure_region

        return float(exposure_region(self, unit, ac, late, (y, y + 1, x, x + 1))[0, 0])

    def touching(self, region: Box, late: bool) -> list[int]:
        """Indexes into ``threats()``, in order, of the enemies whose threat area's box
        meets ``region`` (``late``: the round after next)."""
        boxes = self._boxes.get(late)
        if boxes is None:
            rows = []
            for pic in self.threats():
                box = self.threat_area(pic, late).box
                rows.append(box if box is not None else (0, 0, 0, 0))
            boxes = self._boxes[late] = np.array(rows, dtype=np.intp).reshape(-1, 4)
        y0, y1, x0, x1 = region
        meets = (boxes[:, 0] < y1) & (boxes[:, 1] > y0) & (boxes[:, 2] < x1) & (boxes[:, 3] > x0)
        return [int(i) for i in np.flatnonzero(meets)]

    def blow(self, enemy: str, weapon: Weapon, ac: int) -> float:
        """``estimates.blow_vs_ac`` of ``enemy``'s melee ``weapon`` against ``ac`` (no
        modifier), once a board."""
        key = (enemy, weapon, ac)
        found = self._blows.get(key)
        if found is None:
            found = self._blows[key] = estimates.blow_vs_ac(self.ctx, enemy, weapon, False, ac, 0)
        return found

    def threat_area(self, pic: EnemyPicture, late: bool) -> ThreatArea:
        """Where ``pic``'s blow and shot could land (``exposure.threat_area``), once a
        board."""
        from game.ai.grid.exposure import threat_area

        key = (pic.unit, late)
        found = self._areas.get(key)
        if found is None:
            found = self._areas[key] = threat_area(self, pic, late)
        return found

    def late_zone(self, pic: EnemyPicture) -> Array:
        """Squares ``pic``'s melee could strike the round after next: its zone grown by
        one more Move (around walls, square by square; a cheap stand-in for the walk)."""
        found = self._late_zones.get(pic.unit)
        if found is not None:
            return found
        cond = units.conditions(self.ctx, pic.unit)
        speed = 0 if (cond.grappled or cond.grappling) else move_squares(self.ctx, pic.unit)
        key = ("late", id(pic.zone), speed)
        kept = self.cache.get(key)  # (the zone it was grown from, the grown zone)
        if kept is None or kept[0] is not pic.zone:
            grown = pic.zone.copy()
            for _ in range(speed):
                grown = dilate(grown, 1) & ~self.walls
            grown.setflags(write=False)
            kept = self.cache.put(key, (pic.zone, grown))
        found = self._late_zones[pic.unit] = kept[1]
        return found

    def lure(self, unit: str) -> float:
        """How much an enemy gains per point of damage on ``unit`` (what its fall is worth,
        morale checks included, over its HP); 1 for every unit unless ``lured``."""
        if not self.lured:
            return 1.0
        st = self.stakes(unit, LURE_HORIZON, True, as_enemy=True)
        return max(1e-3, st.down / max(1, st.hp))

    def stakes(
        self, unit: str, horizon: float, morale: bool, *, as_enemy: bool = False
    ) -> estimates.Stakes:
        """``estimates.stakes`` of ``unit``, computed once per board. An enemy's fall
        counts every morale check it sets off; one of ours only its own (a leader's),
        unless seen ``as_enemy`` (what the enemy gains)."""
        shared = as_enemy or unit in self.enemies
        key = (unit, horizon, morale, shared)
        found = self._stakes.get(key)
        if found is None:
            found = self._stakes[key] = estimates.stakes(
                self.ctx, unit, horizon, morale=morale, shared=shared, memo=self._memo
            )
        return found

    def pinned_squares(self) -> Array:
        """Squares some armed melee enemy could reach next round (where a bow is likely
        to be pinned, 004 · Make a Ranged Attack)."""
        if self._pinned is None:
            found = np.zeros((self.height, self.width), dtype=bool)
            for pic in self.threats():
                if pic.melee is not None and not pic.melee.unarmed:
                    found = found | pic.zone
            self._pinned = found
        return self._pinned

    def offence(
        self,
        unit: str,
        horizon: float,
        kill_focus: bool,
        *,
        now: bool = False,
        charge: float = 0.0,
        follow: dict[str, float] | None = None,
    ) -> Array:
        """Value of the best blow ``unit`` could strike from each square: next round (after
        one more move), or with ``now`` this turn from that very square (no pinning
        guess, but a bow cannot shoot next to an armed enemy). ``charge`` > 0: next
        round's blow may also come from a charge (twice the movement, 004 · Charge), at
        that share of its value (the straight line may be blocked). ``follow``: what
        standing by each enemy would cost ``unit`` the round after it strikes there (its
        loss on the best square within reach of that enemy), taken off next round's melee
        blow on it: a blow that leaves the unit alone among the enemy's ranks is worth
        less than one struck beside its friends."""
        ctx = self.ctx
        here = self.cells[unit]
        out = np.zeros((self.height, self.width), dtype=np.float64)
        melee_w, _ = estimates.best_melee(ctx, unit, estimates.TYPICAL_AC)
        shot_w, _ = estimates.best_shot(ctx, unit, estimates.TYPICAL_AC)
        speed = 0 if now else move_squares(ctx, unit)
        reach_span = 2 * move_squares(ctx, unit)
        tmpl = units.stats(ctx, unit).template
        near = sorted(self.enemies, key=lambda e: units.distance(here, self.cells[e]))
        shot_at = set(near[:SHOT_TARGETS])
        for t in self.enemies:
            at = self.cells[t]
            st = self.stakes(t, horizon, kill_focus)
            if melee_w is not None:
                o = estimates.prospect(ctx, unit, t, melee_w, False, tmpl.attack_modifier(melee_w))
                gain = value_of(st, o.p_kill, o.expected, kill_focus)
                if follow is not None and not now:
                    gain = max(0.0, gain - follow.get(t, 0.0))
                dist = chebyshev(self.width, self.height, at)
                close = dist <= speed + max(1, melee_w.reach)
                out = np.maximum(out, np.where(close, gain, 0.0))
                if charge > 0 and not now:
                    far = dist <= 2 * speed + max(1, melee_w.reach)
                    out = np.maximum(out, np.where(far, charge * gain, 0.0))
            if shot_w is None or t not in shot_at:
                continue
            long_sq = shot_w.range_long_squares or 0
            if units.distance(here, at) > long_sq + reach_span:
                continue
            thrown = shot_w.thrown and not shot_w.ranged
            base = estimates.prospect(
                ctx, unit, t, shot_w, True, tmpl.attack_modifier(shot_w, thrown=thrown)
            )
            vis = ctx.sight.visibility(at)
            dist = chebyshev(self.width, self.height, at)
            ok = (vis >= 0) & (dist <= long_sq) & (dist > 0)
            mod = np.where(vis == 1, -2, np.where(vis == 2, -4, 0)) - 2 * (
                dist > (shot_w.range_normal_squares or 0)
            )
            if ctx.grid.terrain(at).concealment:
                mod = mod - 4
            # the chance to hit moves by 5% a point; kill chance scales with it
            ac, _ = target_ac(ctx, t)
            p0 = max(base.p_hit, 1e-9)
            p = np.clip(base.p_hit + mod / 20.0, 0.0, 1.0)
            if base.p_hit <= 0:
                bonus = tmpl.attack_modifier(shot_w, thrown=thrown)
                p = np.clip((21 - (ac - bonus - mod)) / 20.0, 0.0, 1.0)
            p_kill = base.p_kill / p0 * p if base.p_hit > 0 else np.zeros_like(p)
            expected = p * base.mean_hit
            gain_arr = value_array(st, p_kill, expected, kill_focus)
            if shot_w.ranged and shot_w.two_handed:
                if now:
                    gain_arr = np.where(self.adjacent_armed(), 0.0, gain_arr)
                else:
                    gain_arr = np.where(self.pinned_squares(), gain_arr * 0.35, gain_arr)
            out = np.maximum(out, np.where(ok, gain_arr, 0.0))
        return out

    def adjacent_armed(self) -> Array:
        """Squares within an armed enemy's melee reach right now."""
        if self._adjacent is None:
            found = np.zeros((self.height, self.width), dtype=bool)
            for e in self.enemies:
                reach = units.melee_reach(self.ctx, e)
                if reach:
                    found |= chebyshev(self.width, self.height, self.cells[e]) <= reach
            self._adjacent = found
        return self._adjacent

    def reach_now(self) -> list[tuple[str, Array]]:
        """(enemy, squares it threatens now) for enemies able to make attacks of
        opportunity (004 · Combat Action Types)."""
        from game.rules.grid.opportunity import can_make_opportunity

        out = []
        for e in self.enemies:
            if not can_make_opportunity(self.ctx, e):
                continue
            reach = units.melee_reach(self.ctx, e)
            if reach:
                mask = chebyshev(self.width, self.height, self.cells[e]) <= reach
                out.append((e, mask))
        return out

    # -- the state of the fight -------------------------------------------------------------
    def strength(self, side_units: list[str]) -> float:
        """What units are worth in the fight: each one's worth times its share of health
        (routed ones count a fifth, ``estimates.worth``)."""
        total = 0.0
        for u in side_units:
            h = units.health(self.ctx, u)
            total += estimates.worth(self.ctx, u) * max(0, h.hp) / max(1, h.max_hp)
        return total

    def firepower(self, side_units: list[str]) -> float:
        """The missile fire of ``side_units``: each shooter's best shot a round against
        a typical AC, times its share of health (routed ones count a fifth, as in
        ``strength``)."""
        total = 0.0
        for u in side_units:
            weapon, shot = estimates.best_shot(self.ctx, u, estimates.TYPICAL_AC)
            if weapon is None or not weapon.ranged:
                continue
            h = units.health(self.ctx, u)
            routed = self.ctx.get(u, GridState).routed
            total += shot * max(0, h.hp) / max(1, h.max_hp) * (0.2 if routed else 1.0)
        return total

    def pressure(self, *, posts: bool = False) -> float:
        """How much waiting gains this side nothing, 0..1 (the ``press`` of a level): when
        it is well ahead (its ``strength`` from ``press_from`` to ``press_full`` times
        the enemy's) every round it waits is a round the enemy gets to hit back; and when
        the round limit is near (the last ``PRESS_ROUNDS``) and it is not behind,
        waiting only buys a draw, which is not a win. ``posts``: the pressure that
        releases a map's hold and guard posts, which asks for more (from
        ``PRESS_AHEAD`` to ``PRESS_FULL`` times the enemy's strength): a map author's
        post is left only when the side is far the stronger."""
        from game.rules.grid.turn import DEFAULT_ROUND_LIMIT

        found = self._pressure.get(posts)
        if found is not None:
            return found
        start, full = (PRESS_AHEAD, PRESS_FULL) if posts else (self.press_from, self.press_full)
        if self._strengths is None:  # the same sums for both kinds of pressure
            self._strengths = (self.strength(self.friends), self.strength(self.enemies))
        ours, theirs = self._strengths
        ratio = ours / theirs if theirs > 0 else 0.0
        ahead = min(1.0, max(0.0, (ratio - start) / (full - start)))
        limit = self.ctx.battlefield.scenario.round_limit or DEFAULT_ROUND_LIMIT
        left = limit - self.ctx.round  # whole rounds after this one
        late = min(1.0, max(0.0, 1.0 - left / PRESS_ROUNDS)) if ratio >= 1.0 else 0.0
        outgunned = self.outgunned * self.outshot() if self.outgunned > 0 and not posts else 0.0
        found = self._pressure[posts] = max(ahead, late, outgunned)
        return found

    def broken(self) -> float:
        """How far this side has broken (004 · Morale), 0..1: 0 up to ``BROKEN_FROM`` of its
        units routed, fled or surrendered, 1 from ``BROKEN_FULL``. It releases a map's
        posts: once the band runs there is no line to hold (issue 31, blunder 5)."""
        if self._broken is not None:
            return self._broken
        side_units = [u for u in self.ctx.units() if units.side(self.ctx, u) == self.side]
        gone = 0
        for u in side_units:
            cond = units.conditions(self.ctx, u)
            if cond.fled or cond.surrendered:
                gone += 1
            elif units.in_fight(self.ctx, u) and self.ctx.get(u, GridState).routed:
                gone += 1
        share = gone / max(1, len(side_units))
        self._broken = min(1.0, max(0.0, (share - BROKEN_FROM) / (BROKEN_FULL - BROKEN_FROM)))
        return self._broken

    def outshot(self) -> float:
        """How far the enemy's missile fire outweighs ours, 0..1: 0 up to
        ``OUTGUNNED_FROM`` times ours, 1 from ``OUTGUNNED_FULL`` times."""
        ours, fire = self.firepower(self.friends), self.firepower(self.enemies)
        shot_ratio = fire / ours if ours > 0 else (OUTGUNNED_FULL if fire > 0 else 0.0)
        return min(1.0, max(0.0, (shot_ratio - OUTGUNNED_FROM) / (OUTGUNNED_FULL - OUTGUNNED_FROM)))

    # -- where the enemy is ----------------------------------------------------------------
    def walk(self) -> Array:
        """Walking distance (squares of movement) from each square to the nearest enemy;
        a large number where no enemy can be reached."""
        if self._walk is not None:
            return self._walk
        sources = tuple(sorted(self.cells[e] for e in self.enemies))
        key = ("walk", sources)
        found = self.cache.get(key)
        if found is None:
            found = self.cache.put(key, walking_field(self.ctx, list(sources)))
        self._walk = found
        return found


def walking_field(ctx: Context, sources: list[Cell]) -> Array:
    """Multi-source walking cost to the nearest of ``sources`` over terrain (the cost of
    the squares entered, 004 · Run), as an int32 ``[y, x]`` array (``UNREACHED`` where
    none can be reached)."""
    import heapq

    grid = ctx.grid
    arrays = grid.arrays()
    block = arrays.blocks_move
    cost = arrays.move_cost
    w, h = grid.width, grid.height
    out = np.full((h, w), UNREACHED, dtype=np.int32)
    best: dict[Cell, int] = {}
    frontier: list[tuple[int, Cell]] = []
    for s in sources:
        best[s] = 0
        frontier.append((0, s))
    heapq.heapify(frontier)
    steps = ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1))
    while frontier:
        spent, (x, y) = heapq.heappop(frontier)
        if spent > best[(x, y)]:
            continue
        out[y, x] = spent
        step_in = int(cost[y, x])
        for dx, dy in steps:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < w and 0 <= ny < h) or block[ny, nx]:
                continue
            if dx and dy and block[y, nx] and block[ny, x]:
                continue
            total = spent + step_in
            if total < best.get((nx, ny), 1 << 30):
                best[(nx, ny)] = total
                heapq.heappush(frontier, (total, (nx, ny)))
    out.setflags(write=False)
    return out


UNREACHED = 10_000
