"""Fog of war (issue 4): what the viewing side's units cannot see stays hidden: the
squares, the enemies on them, their counts, their log lines, their cards. Enemies the
ruleset hides from the viewing side (``Presenter.hidden_from``: lying in wait) stay hidden
the same way, fog or not."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from game.geometry.grid import Cell, Grid
from game.geometry.sight import Sight
from game.ui.battle_model import SideView
from game.ui.battle_scene import BattleScene
from game.ui.cell_mask import CellMask
from game.ui.engine_model import EngineModel
from game.ui.play_hotseat import HotseatScene
from game.ui.tokens import TokenInfo


def unseen_cells(
    grid: Grid,
    sight: Sight,
    eyes: tuple[Cell, ...],
    known: dict[Cell, npt.NDArray[np.uint8]] | None = None,
) -> CellMask:
    """Squares none of ``eyes`` can see. A wall is shown when an open square next to it is
    seen, so rooms keep their outline (the geometry's advice for fog). ``known``: what
    each eye sees (``seen_bits``), kept between calls (only eyes that moved are worked
    out again); it is trimmed to the current eyes."""
    squares = grid.height * grid.width
    bits = np.zeros((squares + 7) // 8, dtype=np.uint8)
    maps = {} if known is None else known
    for cell in eyes:
        one = maps.get(cell)
        if one is None:
            one = maps[cell] = seen_bits(sight, cell)
        bits |= one
    for cell in [c for c in maps if c not in eyes]:
        del maps[cell]
    seen = np.unpackbits(bits, count=squares).reshape(grid.height, grid.width).astype(bool)
    walls = grid.arrays().blocks_sight
    grown = seen.copy()
    grown[1:, :] |= seen[:-1, :]
    grown[:-1, :] |= seen[1:, :]
    grown[:, 1:] |= seen[:, :-1]
    grown[:, :-1] |= seen[:, 1:]
    seen |= grown & walls
    hidden = ~seen
    hidden.setflags(write=False)
    return CellMask(hidden)  # the board draws the fog from its mask


def seen_bits(sight: Sight, cell: Cell) -> npt.NDArray[np.uint8]:
    """What an eye on ``cell`` sees, one bit a square (issue 32: a side's 150 eyes on
    256x256 kept as bool maps were ~10 MiB)."""
    return np.packbits(sight.seen(cell))


class FoggedView(BattleScene):
    """Fog of war on a battle screen (the game's and the replay viewer's): needs ``fog``
    (whether it is on), ``viewer()`` (whose eyes it follows, None = nobody's) and
    ``engine``; ``_init_fog()`` runs once before the first frame."""

    fog: bool
    engine: EngineModel

    if TYPE_CHECKING:

        def viewer(self) -> str | None: ...

    def _init_fog(self) -> None:
        self._fog_key: object = None
        self._fog_hidden: frozenset[Cell] = frozenset()
        self._sight: Sight | None = None
        self._sight_grid: object = None  # the grid our own sight was made for
        self._fog_eyes: dict[Cell, npt.NDArray[np.uint8]] = {}  # what each eye sees
        self._fog_grid: object = None  # the grid version those were seen on

    def _prepare_fog(self, sides: list[str]) -> None:
        """Work out what each unit of ``sides`` sees now, while the screen is built (as a
        loading screen would): the battle's first frame then only adds them up."""
        if not self.fog:
            return
        grid = self.engine.battle.battlefield.grid
        self._fog_grid = (id(grid), grid.version)
        for t in self.engine.tokens():
            if t.side in sides and not t.down and t.cell not in self._fog_eyes:
                self._fog_eyes[t.cell] = seen_bits(self.sight, t.cell)

    @property
    def sight(self) -> Sight:
        """The battle's own line-of-sight cache when the ruleset keeps one, else ours."""
        shared = getattr(self.engine.battle.ctx, "sight", None)
        if isinstance(shared, Sight):
            return shared
        grid = self.engine.battle.battlefield.grid
        if self._sight is None or self._sight_grid is not grid:
            self._sight = Sight(grid)
            self._sight_grid = grid
        return self._sight

    def hidden_cells(self) -> frozenset[Cell]:
        """Fog of war (issue 4): squares no unit of the viewing side can see."""
        side = self.viewer()
        if not self.fog or side is None:
            return frozenset()
        eyes = tuple(sorted(t.cell for t in self.engine.tokens() if t.side == side and not t.down))
        grid = self.engine.battle.battlefield.grid
        key = (side, eyes, id(grid), grid.version)  # a door opened: the fog is looked at again
        if key == self._fog_key:
            return self._fog_hidden
        if self._fog_grid != (id(grid), grid.version):
            self._fog_eyes = {}  # a door opened or a wall fell: every eye looks again
            self._fog_grid = (id(grid), grid.version)
        self._fog_hidden = unseen_cells(grid, self.sight, eyes, self._fog_eyes)
        self._fog_key = key
        return self._fog_hidden

    def concealed_units(self) -> frozenset[str]:
        """Enemies the ruleset hides from the viewing side, fog or not
        (``Presenter.hidden_from``); none when nobody's eyes are followed."""
        side = self.viewer()
        if side is None:
            return frozenset()
        battle, presenter = self.engine.battle, self.engine.presenter
        return frozenset(
            t.key
            for t in self.engine.tokens()
            if t.side != side and presenter.hidden_from(battle, t.key, side)
        )

    def hidden_tokens(self) -> frozenset[str]:
        """Enemies in fog, or hidden by the ruleset, are not drawn."""
        hidden = set(super().hidden_tokens()) | self.concealed_units()
        fogged = self.hidden_cells()
        if fogged:
            side = self.viewer()
            hidden |= {t.key for t in self.engine.tokens() if t.side != side and t.cell in fogged}
        return frozenset(hidden)

    def side_count(self, side: SideView) -> str:
        """With fog, or with units the ruleset hides, an enemy side's chip counts only the
        units the viewer sees ("2 seen"), not how many it has: its strength is part of what
        is hidden."""
        viewer = self.viewer()
        if viewer is None or side.id == viewer:
            return super().side_count(side)
        concealed = self.concealed_units()
        mine = [t for t in self.engine.tokens() if t.side == side.id]
        if not self.fog and not any(t.key in concealed for t in mine):
            return super().side_count(side)
        fogged = self.hidden_cells()
        seen = [t for t in mine if t.cell not in fogged and t.key not in concealed]
        return f"{sum(1 for t in seen if not t.down)} seen"

    def fogged_unit(self, key: str | None) -> bool:
        """Whether the viewing side may not see ``key``: an enemy on a square fog hides,
        or one the ruleset hides from it."""
        token = self.engine.token(key) if key else None
        if token is None or token.side == self.viewer():
            return False
        if token.key in self.concealed_units():
            return True
        return self.fog and token.cell in self.hidden_cells()

    def card_token(self) -> TokenInfo | None:
        """The card never shows an enemy the fog hides (acting unseen on its turn)."""
        token = super().card_token()
        return None if token is not None and self.fogged_unit(token.key) else token

    def log_line_visible(self, index: int) -> bool:
        """With fog, what an enemy does where none of your units can see stays unlogged."""
        unit = self.engine.log_unit(index)
        if unit is None:
            return True
        return not self.fogged_unit(unit)


class FogScene(FoggedView, HotseatScene):
    """The battle screen's fog of war."""

    def hidden_tokens(self) -> frozenset[str]:
        # a walking (lunging, falling …) token is drawn by the animation
        return frozenset(super().hidden_tokens() | self.anim.drawn_units())

    def card_token(self) -> TokenInfo | None:
        """The card shows the reacting unit beside its reaction prompt, and never an enemy
        the fog hides (acting unseen on its turn)."""
        d = self.decision
        reacting = d is not None and d.kind == "reaction" and d.unit is not None
        if reacting and d is not None and self.human_turn() and not self.handoff_due(d):
            token = self.engine.token(d.unit or "")
            return None if token is not None and self.fogged_unit(token.key) else token
        return super().card_token()
