"""Screen an Ally for the grid planner (004 · Screen an Ally): what screening a ward saves,
and the screen plans ``specials`` offers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.ai.grid import estimates
from game.engine.answers import Answer
from game.rules.grid import units
from game.rules.grid.state import GridState

if TYPE_CHECKING:
    from game.ai.grid.plans import Plan, Planner


def screen_saving(p: Planner, ward: str) -> float:
    """What ``p``'s unit saves by screening ``ward`` where the ward stands: about half
    the ward's expected loss next round, less the share of the blows the screener takes
    in its place (0 or less: not worth it)."""
    from game.ai.grid.plan import down_chance

    exposure = p.board.exposure_at(ward, p.board.cells[ward])
    if exposure <= 0:
        return 0.0
    st = p.board.stakes(ward, p.horizon, True)
    p_down = float(down_chance(np.array(exposure), st.hp))
    ward_loss = st.value(p_down, exposure)
    mine = p.stakes.value(0.0, exposure * 0.5)
    return 0.5 * ward_loss - mine


def screen_plans(p: Planner) -> list[Plan]:
    """Screen the ally whose expected loss is highest and who is worth more than us.
    A melee ally yet to act this round is not screened: it would most often walk to its
    blow and end the screen at once (004 · Screen an Ally: it holds while the two stay
    within 5 ft); in 20 hard fort games 26 of 66 screens ended so, at the ward's next
    step. A shooter shoots from where it stands."""
    from game.ai.grid.plan import Plan

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
        if not ctx.get(ward, GridState).acted and not estimates.is_shooter(ctx, ward):
            continue
        wx, wy = p.board.cells[ward]
        saved = screen_saving(p, ward)
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
                # a free Main with nothing to strike from here would be spent as a second
                # Move, away from the ward, and that ends the screen (004 · Screen an
                # Ally): screen only where the unit will stay, attacking
                strikes = p.attacks_from(c)
                if not strikes:
                    continue
                value += strikes[0][0]
            if best is None or value > best[0]:
                best = (value, ans)
        if best is not None:
            end = getattr(best[1], "path", ()) or (p.here,)
            out.append(Plan(best[0], "screen_ally", best[1], end[-1], f"screen {ward}"))
    return out
