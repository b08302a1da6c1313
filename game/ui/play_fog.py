"""Fog of war (issue 4): what the viewing side's units cannot see stays hidden: the
squares, the enemies on them, their counts, their log lines, their cards. Enemies the
ruleset hides from the viewing side (``Presenter.hidden_from``: lying in wait) stay hidden
the same way, fog or not."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from game.engine.events import Event
from game.geometry.grid import Cell, Grid
from game.geometry.sight import Sight
from game.ui.battle_model import SideView
from game.ui.battle_scene import BattleScene
from game.ui.cell_mask import CellMask
from game.ui.engine_model import EngineModel
from game.ui.log_sight import LogSight, Standing, Stands
from game.ui.play_hotseat import HotseatScene
from game.ui.tokens import TokenInfo


def unseen_cells(
    grid: Grid,
    sight: Sight,
    eyes: tuple[Cell, ...],
    known: dict[Cell, npt.NDArray[np.uint8]] | None = None,
) -> CellMask:
    """Squares none of ``eyes`` can see (``unseen_mask``), as a set of squares."""
    return CellMask(unseen_mask(grid, sight, eyes, known))  # the board draws the fog from it


def unseen_mask(
    grid: Grid,
    sight: Sight,
    eyes: tuple[Cell, ...],
    known: dict[Cell, npt.NDArray[np.uint8]] | None = None,
) -> npt.NDArray[np.bool_]:
    """Squares none of ``eyes`` can see, ``[y, x]``. A wall is shown when an open square
    next to it is seen, so rooms keep their outline (the geometry's advice for fog).
    ``known``: what each eye sees (``seen_bits``), kept between calls (only eyes that
    moved are worked out again); it is trimmed to the current eyes."""
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
    return hidden


def seen_bits(sight: Sight, cell: Cell) -> npt.NDArray[np.uint8]:
    """What an eye on ``cell`` sees, one bit a square (issue 32: a side's 150 eyes on
    256x256 kept as bool maps were ~10 MiB)."""
    return np.packbits(sight.seen(cell))


FogKey = tuple[tuple[Cell, ...], int, int]  # a side's eyes, and the grid (id, version)


class FoggedView(BattleScene):
    """Fog of war on a battle screen (the game's and the replay viewer's): needs ``fog``
    (whether it is on), ``viewer()`` (whose eyes it follows, None = nobody's),
    ``watching_sides()`` and ``engine``; ``_init_fog()`` runs once before the first frame."""

    fog: bool
    engine: EngineModel

    if TYPE_CHECKING:

        def viewer(self) -> str | None: ...

        def watching_sides(self) -> list[str]:
            """The sides whose eyes ``viewer`` may follow (their players': the log keeps
            what each of them saw)."""

    def _init_fog(self) -> None:
        self._fog_key: object = None
        self._fog_hidden: frozenset[Cell] = frozenset()
        self._sight: Sight | None = None
        self._sight_grid: object = None  # the grid our own sight was made for
        self._fog_eyes: dict[str, dict[Cell, npt.NDArray[np.uint8]]] = {}  # by side: what
        self._fog_grid: object = None  # each eye sees, and the grid version it was seen on
        self._log_sight = LogSight()  # the sides that saw each event, decided as it comes
        self._side_fog: dict[str, tuple[FogKey, npt.NDArray[np.bool_]]] = {}  # by side

    def _prepare_fog(self, sides: list[str]) -> None:
        """Work out what each unit of ``sides`` sees now, while the screen is built (as a
        loading screen would): the battle's first frame then only adds them up."""
        if not self.fog:
            return
        for t in self.engine.tokens():
            known = self._known(t.side) if t.side in sides and not t.down else None
            if known is not None and t.cell not in known:
                known[t.cell] = seen_bits(self.sight, t.cell)

    def _known(self, side: str) -> dict[Cell, npt.NDArray[np.uint8]]:
        """What each eye of ``side`` sees (``seen_bits``), shared by the fog drawn and the
        log's; all dropped when a door opened or a wall fell (every eye looks again)."""
        grid = self.engine.battle.battlefield.grid
        if self._fog_grid != (id(grid), grid.version):
            self._fog_eyes = {}
            self._fog_grid = (id(grid), grid.version)
        return self._fog_eyes.setdefault(side, {})

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
        self._fog_hidden = unseen_cells(grid, self.sight, eyes, self._known(side))
        self._fog_key = key
        return self._fog_hidden

    def concealed_units(self) -> frozenset[str]:
        """Enemies the ruleset hides from the viewing side, fog or not
        (``Presenter.hidden_from``); none when nobody's eyes are followed."""
        side = self.viewer()
        if side is None:
            return frozenset()
        return frozenset(
            t.key for t in self.engine.tokens() if t.side != side and self.conceals(t.key, side)
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

    def conceals(self, unit: str, side: str) -> bool:
        """Whether the ruleset hides ``unit`` from ``side`` (``Presenter.hidden_from``)."""
        return self.engine.presenter.hidden_from(self.engine.battle, unit, side)

    def log_reader(self) -> str | None:
        """The log shown is the viewing side's: what it saw (issue 4 · hotseat)."""
        return self.viewer()

    def _sync_log(self) -> None:
        self.watch_log()
        super()._sync_log()

    def watch_log(self) -> None:
        """Decide, for every side, which of the events not decided yet it saw, from the
        fog the events imply at that moment (``log_sight``); asked before the log is
        drawn. Nothing to decide when nobody's eyes are followed."""
        if self.viewer() is None:
            return
        self._log_sight.catch_up(
            self.engine.battle.events,
            self._standing,
            self.watching_sides(),
            self._in_sight if self.fog else None,
            self.conceals,
        )

    def _standing(self) -> Stands:
        return {t.key: Standing(t.side, t.cell, not t.down) for t in self.engine.tokens()}

    def _in_sight(self, side: str, eyes: tuple[Cell, ...], places: Sequence[Cell]) -> bool:
        """Whether one of ``places`` is in the sight of ``side``'s units on ``eyes``."""
        grid = self.engine.battle.battlefield.grid
        key: FogKey = (eyes, id(grid), grid.version)
        kept = self._side_fog.get(side)
        if kept is None or kept[0] != key:
            mask = unseen_mask(grid, self.sight, eyes, self._known(side))
            kept = self._side_fog[side] = (key, mask)
        hidden = kept[1]
        h, w = hidden.shape
        return any(0 <= x < w and 0 <= y < h and not hidden[y, x] for x, y in places)

    def unseen_at(self, events: Sequence[Event]) -> list[frozenset[Cell]]:
        """For each of ``events`` (the battle's latest), the squares it names that the
        viewing side did not see when it happened: the log's own decision (``log_sight``),
        so no effect is drawn there and the camera does not go there. None of them when
        nobody's eyes are followed, or the events are not the battle's latest."""
        all_events = self.engine.battle.events
        first = len(all_events) - len(events)
        side = self.viewer()
        if side is None or not events or first < 0 or list(all_events[first:]) != list(events):
            return [frozenset() for _ in events]
        self.watch_log()
        return [self._log_sight.unseen(first + i, side) for i in range(len(events))]

    def read_log_line(self, index: int, line: tuple[str, str]) -> tuple[str, str] | None:
        """What a side could not see when it happened stays out of its log: an enemy
        acting where none of its units could see, or one the ruleset hides from it; a
        move it saw end out of its sight does not say where (``log_sight``)."""
        side = self.viewer()
        event = self.engine.log_event(index)
        if side is None or event is None:
            return line
        text = self._log_sight.reads(self.engine.battle.events, event, side)
        return None if text is None else (text, line[1])


class FogScene(FoggedView, HotseatScene):
    """The battle screen's fog of war."""

    def watching_sides(self) -> list[str]:
        return self.human_sides()

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
