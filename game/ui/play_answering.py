"""Giving answers to the engine and showing what happened: the animations, the autosave
after each answer (issue 6), the camera following what an AI unit does."""

from __future__ import annotations

import time
from collections.abc import Sequence

from game.engine import Answer, Battle, Decision
from game.engine.events import Event, Moved
from game.geometry.grid import Cell
from game.ui.camera import Camera
from game.ui.camera_follow import (
    FOLLOW_RATE,
    HANDS_OFF_S,
    aim_at,
    out_of_view,
    readable_start,
    step_toward,
)
from game.ui.play_animation import MOVE_CELLS_PER_S
from game.ui.play_fog import FogScene
from game.ui.play_motion import queue_batch, track_tone
from game.ui.tokens import TokenInfo

PLAYER_FOLLOW_RATE = FOLLOW_RATE["normal"]  # the camera easing to a player's own unit


class AnsweringScene(FogScene):
    """The battle screen answering its decisions."""

    def _init_answering(self) -> None:
        self.camera_goal: Camera | None = None  # where the camera is easing to (AI follow)
        self._goal_rate = 0.0  # how fast it eases there (0: at once)
        self._viewed: int | None = None  # the human decision the camera last looked at
        self._turn_key: tuple[str, int] | None = None  # (side, its first answer this turn)
        self._turn_began = 0.0  # when that turn came (monotonic s)
        self.on_own = False  # the screen answers by itself (a reaction declined unseen)
        self.played_side: str | None = None  # the side whose answer the board plays last

    def first_camera(self, camera: Camera) -> Camera:
        """Readable squares, centred on the units of the side in turn (or the viewer's)."""
        d = self.decision
        side = d.side if d is not None else self.viewer()
        if self.viewer() is not None and side not in self.human_sides():
            side = self.viewer()  # the AI goes first: show the player's own units
        hidden = self.hidden_tokens()
        standing = [t for t in self.engine.tokens() if not t.down and t.key not in hidden]
        focus = [t.cell for t in standing if t.side == side]
        also = [t.cell for t in standing if t.side != side]
        return readable_start(camera, self.model.width, self.model.height, focus, also)

    def follow(self, cells: list[Cell]) -> None:
        """An AI unit acts at ``cells``: bring them into view unless the player moved the
        camera lately, they are in view already, fog hides them, or the AI is instant."""
        speed = self.app.settings.ai_speed
        fogged = self.hidden_cells()
        cells = [c for c in cells if c not in fogged]
        if not cells or speed == "instant":
            return
        if time.monotonic() - self.user_camera_at < HANDS_OFF_S:
            return
        w, h = self.model.width, self.model.height
        if not out_of_view(self.camera, w, h, cells):
            return
        goal = aim_at(self.camera, w, h, cells)
        if speed in FOLLOW_RATE:
            self.camera_goal, self._goal_rate = goal, FOLLOW_RATE[speed]
        else:
            self.camera = goal

    def look_at_decision(self, d: Decision) -> None:
        """A human decision comes (choose a unit, a unit's turn, a reaction): the camera
        eases to the acting unit (for choose-unit, the side's units) when it is out of view,
        unless the player moved the camera themselves during this turn (issue 30 play-test:
        turns began with none of the player's units on screen)."""
        if d.id == self._viewed:
            return
        self._viewed = d.id
        key = (d.side, _turn_start(self.battle, d.side))
        if key != self._turn_key:
            self._turn_key, self._turn_began = key, time.monotonic()
        if self.user_camera_at >= self._turn_began:
            return
        tokens = [t for t in self.engine.tokens() if not t.down]
        if d.unit is not None and d.kind != "choose_unit":
            cells = [t.cell for t in tokens if t.key == d.unit]
        else:
            cells = [t.cell for t in tokens if t.side == d.side]
        w, h = self.model.width, self.model.height
        if cells and out_of_view(self.camera, w, h, cells):
            self.camera_goal = aim_at(self.camera, w, h, cells)
            self._goal_rate = PLAYER_FOLLOW_RATE

    def show_cells(self, cells: list[Cell | None]) -> None:
        """Bring ``cells`` into view at once (the units a reaction prompt is about: the
        player must see the attacked one), those fog hides left out."""
        fogged = self.hidden_cells()
        keep = [c for c in cells if c is not None and c not in fogged]
        w, h = self.model.width, self.model.height
        if keep and out_of_view(self.camera, w, h, keep):
            self.camera = aim_at(self.camera, w, h, keep)

    def _ease_camera(self, dt: float) -> None:
        goal = self.camera_goal
        if goal is None:
            return
        if self._dragging or time.monotonic() - self.user_camera_at < HANDS_OFF_S:
            self.camera_goal = None  # the player took the camera: let it be
            return
        if (goal.level, goal.view_w, goal.view_h) != (
            self.camera.level,
            self.camera.view_w,
            self.camera.view_h,
        ):
            self.camera_goal = None  # zoomed or resized since: the goal no longer fits
            return
        rate = self._goal_rate
        self.camera = step_toward(self.camera, goal, dt, rate) if rate else goal
        if (self.camera.x, self.camera.y) == (goal.x, goal.y):
            self.camera_goal = None

    def give(self, answer: Answer) -> bool:
        """Answer the pending decision; animate what happened; False if refused."""
        start = len(self.battle.events)
        ai = not self.human_turn() or self.on_own
        d = self.decision
        if d is not None and not self.human_turn():
            self.played_side = d.side
        before = {t.key: t for t in self.engine.tokens()}
        result = self.battle.answer(answer)
        if not result.ok:
            self.message = result.reason
            self.app.notify(f"Not allowed: {result.reason}")
            self.play_sound("refused")
            return False
        self.message = ""
        self.mode = None
        self._autosave()
        self.animate(self.battle.events[start:], acting_ai=ai, before=before, first=start)
        return True

    def animate(
        self,
        events: list[Event],
        *,
        acting_ai: bool = False,
        before: dict[str, TokenInfo] | None = None,
        first: int | None = None,
    ) -> None:
        """Show and sound what ``events`` did (issue 33): each animation is short, laid out
        after the one before; the player's own never hold up their input; the instant AI
        speed skips them. ``before``: the units as they stood before the answer. Fog of
        war: nothing is drawn on, and the camera does not go to, a square the viewer did
        not see when it happened (``unseen_at``: the log's decision). ``first``: the index
        of the first of ``events`` in the battle's (they are its latest): the log and the
        panels follow the board through them (play-test 11, ``Animations.cue``)."""
        speed = MOVE_CELLS_PER_S[self.app.settings.ai_speed if not self.human_turn() else "fast"]
        cells = self.engine.unit_cells()
        tokens = before if before is not None else {t.key: t for t in self.engine.tokens()}
        presenter = self.engine.presenter
        unseen = self.unseen_at(events)
        starts: list[float] = []
        aimed_at = queue_batch(
            self.anim,
            events,
            lambda event: presenter.motions(self.battle, event),
            tokens,
            speed,
            size=(self.model.width, self.model.height),
            tone_of=self._track_tone,
            blocks=acting_ai,
            unseen=unseen,
            starts=starts,
        )
        if first is not None:
            self.anim.cue(first, starts, acting_ai)
        self.app.sound.play_events(events, our_sides=self.human_sides(), cell_seconds=1 / speed)
        if self.app.settings.ai_speed == "instant" and not self.human_turn():
            self.anim.skip()
        if acting_ai:
            seen = [c for e in events if isinstance(e, Moved) for c in (e.start, *e.path[-1:])]
            seen += [cells[u] for pair in aimed_at.items() for u in pair if u in cells]
            hidden: frozenset[Cell] = frozenset().union(*unseen)
            seen = [c for c in seen if c not in hidden]
            if seen:
                self.follow(seen)

    def told_lines(self, lines: Sequence[tuple[str, str]]) -> Sequence[tuple[str, str]]:
        """The log tells an event when the board comes to it (play-test 11: it ran up to
        4 s ahead), or at once when it has nothing to show."""
        told = self.anim.told()
        return lines if told is None else lines[: self.engine.lines_before(told)]

    def _track_tone(self, unit: str, track: str) -> str:
        """The colour of harm to ``unit``'s health ``track`` (one per track, main first)."""
        view = self.battle.unit(unit)
        return track_tone([t.label for t in self.engine.presenter.tracks(view)], track)

    def _give_quietly(self, answer: Answer) -> None:
        self.give(answer)


def _turn_start(battle: Battle, side: str) -> int:
    """The index of ``side``'s first answer in its current run of answers (its turn)."""
    start = len(battle.answers)
    while start > 0 and battle.answered_by(start - 1) == side:
        start -= 1
    return start
