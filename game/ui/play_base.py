"""The battle screen's core: the battle, its engine model and what every part of the
screen reads (the pending decision, whether a human answers it). The parts of the screen
are layered on this class, one module each, and ``game.ui.play_scene.PlayScene``
coordinates them:

``play_hotseat`` (hand-off between human sides) → ``play_fog`` (fog of war) →
``play_answering`` (giving answers, animating them, the camera following the AI) →
``play_input`` (clicks and keys mapped to answers) → ``play_preview`` (board overlays,
target preview) → ``play_ai`` (the AI driver, the victory screen) → ``play_bar`` (the
action bar) → ``play_keys`` (the keyboard's cursor) → ``play_scene``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.engine import Battle, Decision
from game.geometry.grid import Cell
from game.ui.ai_worker import main_holds_lock
from game.ui.battle_scene import BattleScene
from game.ui.engine_model import EngineModel
from game.ui.heap import release_battle
from game.ui.map_view import MapView
from game.ui.play_animation import Animations

if TYPE_CHECKING:
    from game.ui.battle_saves import BattleSaves


class BattleFlow(Protocol):
    """What the battle screen asks of the screens around it (``game.ui.flow.GameFlow``):
    the menu, its saves, Play again and Watch replay from the victory screen."""

    @property
    def saves(self) -> BattleSaves: ...

    def back_to_menu(self) -> None: ...

    def play_again(self, battle: Battle, view: MapView, fog: bool, same_seed: bool) -> None: ...

    def watch_battle(self, battle: Battle, view: MapView, fog: bool) -> None: ...


class PlayBase(BattleScene):
    """The battle screen wired to a Battle: the state every part of it shares."""

    def __init__(
        self,
        battle: Battle,
        view: MapView,
        back_to_menu: Callable[[], None],
        *,
        fog: bool = False,
        saves: BattleSaves | None = None,
        flow: BattleFlow | None = None,
    ) -> None:
        self.battle = battle
        self.flow = flow  # for the victory screen's Play again and Watch replay
        self.fog = fog
        self.saves = saves
        self.engine = EngineModel(battle)
        self._leave_to_menu = back_to_menu
        self.closed = False
        super().__init__(self.engine, view, self.leave)
        self.mode: str | None = None  # action kind picked in the bar, None = click does default
        self.anim = Animations()
        self.message = ""

    def leave(self) -> None:
        """Back to the menu; the battle's esper world is deleted."""
        self.discard()
        self._leave_to_menu()

    def discard(self) -> None:
        """Let the battle go (another one is loaded in its place): its last autosave is
        written, then its world is deleted."""
        if not self.closed:
            if self.saves is not None:
                self.saves.flush()
            self.closed = True
            self.battle.close()
            release_battle()

    def _autosave(self) -> None:
        """After every answer (issue 6). In a frame of ``App``'s own loop the file is
        written by the autosave thread, off the frame (issue 30)."""
        if self.saves is not None and not self.closed:
            later = self.app.background_saves and main_holds_lock()
            self.saves.autosave(self.battle, self.fog, later=later)

    @property
    def decision(self) -> Decision | None:
        return self.battle.pending

    def human_turn(self) -> bool:
        d = self.decision
        return d is not None and self.battle.controllers.get(d.side) == "human"

    def human_sides(self) -> list[str]:
        return [s for s, c in self.battle.controllers.items() if c == "human"]

    def _weapon_name(self, weapon: str) -> str:
        w = self.battle.content.weapons.get(weapon)
        return w.name if w else weapon

    def _terrain_name(self, cell: Cell) -> str:
        grid = self.battle.battlefield.grid
        return grid.terrain(cell).name if grid.in_bounds(cell) else "map edge"
