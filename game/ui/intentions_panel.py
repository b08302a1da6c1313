"""The battle screen's panel of declared intentions and the resolution order, and the
badges on the tokens (issue 7). What it shows comes from ``game.ui.intentions`` (events
and the viewer's own answers): in hotseat the other side's plans stay hidden until the
round's reveal, and units the fog hides are left out.

The panel sits in the top-left corner of the board (another corner when it would cover
the reaction prompt or the units it is about, or more of the units on the board). While
the units declare its lines are compact (``game.ui.plan_declaring``: the viewer's units
declared before the last two on one line, the unit deciding in gold, those still to
declare on one line, play-test 9); so they are while the round resolves
(``game.ui.plan_resolving``: the units done on one line, the step acting now in gold,
units of one count together, the steps to come cut to a budget of lines, play-test 9).
Ctrl+Tab or a click on its title folds it (Tab alone cycles the units that can act,
issue 30). On a small board it starts folded.
Badges (``game.ui.plan_badges``): the group's letter and the place in the order, or the
number that placed it (as the ruleset's presenter says, ``Presenter.plan_groups``; the
unit acting now in gold), ``?`` for a unit that has declared something the viewer may not
know yet, a tick for the viewer's own declared units; each over its unit as drawn.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from game.ui import theme
from game.ui.intentions import DECLARED, REVEALED, PlanRow, RoundPlan
from game.ui.intentions import round_plan as read_plan
from game.ui.log_redact import hide_names, hide_squares
from game.ui.plan_badges import badge_spots, draw_badges
from game.ui.plan_badges import badge_text as badge_text
from game.ui.plan_declaring import declaring_lines
from game.ui.plan_resolving import MAX_LINES, resolving_lines
from game.ui.theme import colour
from game.ui.widgets import draw_panel, draw_text, fit_text

if TYPE_CHECKING:
    from game.engine import Battle
    from game.geometry.grid import Cell
    from game.ui.camera import Camera
    from game.ui.engine_model import EngineModel
    from game.ui.play_animation import Animations

WIDTH = 360
MIN_WIDTH = 240  # on a narrow board the panel narrows to two fifths of it, not below this
SMALL_BOARD = (700, 460)  # a board smaller than this starts with the panel folded
LINE = 20
GAP = 8  # pixels at least between the title and the fold hint


class PlanScreen(Protocol):
    """What the panel reads of the battle screen it is drawn on (``PlayScene``)."""

    @property
    def battle(self) -> Battle: ...

    @property
    def engine(self) -> EngineModel: ...

    @property
    def anim(self) -> Animations: ...

    @property
    def viewport(self) -> pygame.Rect: ...

    @property
    def camera(self) -> Camera: ...

    def viewer(self) -> str | None: ...

    def hidden_tokens(self) -> frozenset[str]: ...

    def hidden_cells(self) -> frozenset[Cell]: ...


class IntentionsPanel:
    """Draws the round plan over the board; folds with Ctrl+Tab."""

    def __init__(self) -> None:
        self.chosen: bool | None = None  # folded or not by the player's Ctrl+Tab
        self.small = False  # the board is small (as last drawn): folded unless chosen
        self.pointed = False  # a lesson's hint points at it: unfolded unless chosen
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._key: object = None
        self._plan: RoundPlan | None = None
        self._colours: dict[str, str] = {}  # side id → colour, refreshed when drawn
        self._side_names: dict[str, str] = {}
        # the rectangle of every text as last drawn, title and fold hint first (no two of
        # them overlap)
        self.texts: list[pygame.Rect] = []
        self.badges: dict[str, pygame.Rect] = {}  # the token badges as last drawn, by unit
        self._corner: int | None = None  # the corner the panel was placed in last
        self._budget = MAX_LINES  # a resolving round's lines at most (as the board allows)

    @property
    def folded(self) -> bool:
        """Folded to its title: as the player chose (Ctrl+Tab), else when the board is
        small (play-test 960×540: the list covered most of the player's army) unless a
        lesson's hint asks to read it (play-test 3)."""
        if self.chosen is None:
            return self.small and not self.pointed
        return self.chosen

    @folded.setter
    def folded(self, value: bool) -> None:
        self.chosen = value

    def plan(self, scene: PlanScreen) -> RoundPlan | None:
        battle = scene.battle
        d = battle.pending
        key = (len(battle.events), len(battle.answers), d.id if d else None, scene.viewer())
        if key != self._key:
            self._key = key
            self._plan = read_plan(battle, scene.viewer())
        return self._plan

    def handle(self, event: pygame.event.Event, scene: PlanScreen) -> bool:
        if self.plan(scene) is None:
            return False
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_TAB
            and event.mod & pygame.KMOD_CTRL
        ):
            self.folded = not self.folded
            return True
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and pygame.Rect(self.rect.x, self.rect.y, self.rect.w, 30).collidepoint(event.pos)
        ):
            self.folded = not self.folded
            return True
        return False

    # -- drawing ---------------------------------------------------------------------------

    def draw(
        self, surface: pygame.Surface, scene: PlanScreen, avoid: Sequence[pygame.Rect] = ()
    ) -> None:
        """The panel in the board's top-left corner, else in the first other corner
        where it covers none of ``avoid`` (a reaction prompt, the units it is about) and
        the fewest units (``_place``); folded to its title while unfolded it would cover
        one of ``avoid`` in every corner."""
        plan = self.plan(scene)
        if plan is None or plan.round == 0:
            return
        rows = self.shown_rows(plan, scene)
        fogged = scene.hidden_cells()
        self._colours = {s.id: s.colour for s in scene.engine.sides()}
        self._side_names = {s.id: s.name for s in scene.engine.sides()}
        spots = badge_spots(rows, scene.engine.token, scene.anim, fogged, scene.viewer())
        boxes = draw_badges(surface, spots, scene.camera, scene.viewport)
        self.badges = {r.unit: box for (r, _label, _at), box in zip(spots, boxes, strict=True)}
        view = scene.viewport
        line, top = _metrics()
        room = max(1, (view.h - 60) // line - 2)
        self._budget = min(MAX_LINES, room)
        lines = self._lines(plan, rows, scene.viewer())
        self.small = view.h < SMALL_BOARD[1] or view.w < SMALL_BOARD[0]
        width = min(WIDTH, max(MIN_WIDTH, view.w * 2 // 5))
        titles = self._titles(plan, rows)
        units = self._unit_squares(scene)
        shown = self._place(view, width, self._height(lines, view), avoid, units)
        folded = shown is None or self.folded
        if folded:
            lines = []
            shown = self._place(view, width, self._height(lines, view), avoid, units)
            if shown is None:  # even its title would cover them: not drawn this frame
                self.rect, self.texts = pygame.Rect(0, 0, 0, 0), []
                return
        if len(lines) > room:
            acting = next((i for i, ln in enumerate(lines) if ln[3]), 0)
            start = max(0, min(acting - room // 2, len(lines) - room))
            cut = len(lines) - room
            lines = lines[start : start + room]
            lines.append((f"… {cut} more lines (Ctrl+Tab folds this list)", "", "muted", False, ""))
        self.rect = shown or pygame.Rect(view.x + 10, view.y + 10, width, top)
        self.rect.h = top + line * len(lines) + (8 if lines else 0)
        draw_panel(surface, self.rect, fill="wood_dark", border="gold", radius=6, alpha=225)
        hint = draw_text(
            surface,
            "Ctrl+Tab: show" if folded else "Ctrl+Tab: hide",
            (self.rect.right - 10, self.rect.y + 10),
            size=theme.SIZE_TINY,
            fg="muted",
            anchor="topright",
        )
        x = self.rect.x + 12
        text = fit_title(titles, hint.left - GAP - x)
        head = draw_text(
            surface,
            text,
            (x, self.rect.y + 8),
            role="bold",
            size=theme.SIZE_SMALL,
            fg="gold_bright",
        )
        self.texts = [head, hint]
        y = self.rect.y + top
        for left, right, tone, acting, side_colour in lines:
            if acting:
                pygame.draw.rect(
                    surface,
                    colour("wood_light"),
                    (self.rect.x + 4, y - 1, self.rect.w - 8, line),
                    border_radius=4,
                )
            x = self.rect.x + 12
            if side_colour:
                pygame.draw.circle(surface, colour(side_colour), (x + 4, y + line // 2 - 1), 4)
                x += 14
            role = "bold" if tone in ("gold", "gold_bright") else "body"
            room = self.rect.right - 12
            if right:
                note = draw_text(
                    surface,
                    right,
                    (self.rect.right - 10, y + 1),
                    size=theme.SIZE_TINY,
                    fg="muted",
                    anchor="topright",
                )
                room = note.left - GAP
                self.texts.append(note)
            text = fit_text(left, room - x, role, theme.SIZE_SMALL - 1)
            self.texts.append(
                draw_text(surface, text, (x, y), role=role, size=theme.SIZE_SMALL - 1, fg=tone)
            )
            y += line

    @staticmethod
    def shown_rows(plan: RoundPlan, scene: PlanScreen) -> list[PlanRow]:
        """The plan's rows the viewer may read: not those of units it cannot see (but
        those an animation draws), and another side's declaration without the squares it
        goes to that the viewer cannot see (play-test 8: "Red Haldor: move to 25,14", a
        square in fog) nor the name of a unit it aims at that the viewer cannot see."""
        fogged, viewer = scene.hidden_cells(), scene.viewer()
        # a unit an animation draws is seen, but not a foe walking in the fog (it is
        # not drawn there: play-test 9, "0/12 declared" beside "7 seen")
        drawn = scene.anim.drawn_units() - scene.anim.walking_in(fogged)
        hidden = scene.hidden_tokens() - drawn
        out = []
        for r in plan.rows:
            if r.unit in hidden:
                continue
            unseen = [c for c in r.to if c in fogged]
            if unseen and r.side != viewer:
                r = dataclasses.replace(r, text=hide_squares(r.text, unseen))
            if r.aims in hidden and r.side != viewer and r.aims_name:
                r = dataclasses.replace(r, text=hide_names(r.text, [r.aims_name]))
            out.append(r)
        return out

    def _height(self, lines: Sequence[object], view: pygame.Rect) -> int:
        """The panel's height with ``lines`` (as many as the board has room for)."""
        line, top = _metrics()
        n = min(len(lines), max(1, (view.h - 60) // line - 2) + 1)
        return top + line * n + (8 if n else 0)

    def _place(
        self,
        view: pygame.Rect,
        width: int,
        height: int,
        avoid: Sequence[pygame.Rect],
        units: Sequence[pygame.Rect] = (),
    ) -> pygame.Rect | None:
        """The corner of the board where the panel covers none of ``avoid`` and the
        fewest of ``units`` (play-test 8: it covered the player's own army while a corner
        of open ground was free): of equals the one it was in, else the first of the
        top-left, top-right, bottom-left and bottom-right. It keeps its corner while that
        covers no unit, or one fewer than any other corner does (it does not hop about as
        the camera pans)."""
        corners = [
            pygame.Rect(x, y, width, height)
            for y in (view.y + 10, view.bottom - 10 - height)
            for x in (view.x + 10, view.right - 10 - width)
        ]
        covered = [len(rect.collidelistall(list(units))) for rect in corners]
        free = [i for i, rect in enumerate(corners) if rect.collidelist(list(avoid)) < 0]
        if not free:
            return None
        last = self._corner if self._corner in free else None

        def cost(i: int) -> tuple[int, int]:
            if covered[i] == 0:
                return (0, 0 if i == last else 1)
            return (covered[i] + (0 if i == last else 1), 0 if i == last else 1)

        self._corner = min(free, key=cost)
        return corners[self._corner]

    @staticmethod
    def _unit_squares(scene: PlanScreen) -> list[pygame.Rect]:
        """The squares on the screen of the units the viewer sees standing."""
        hidden = scene.hidden_tokens()
        cam, view = scene.camera, scene.viewport
        out = []
        for token in scene.engine.tokens():
            if token.down or token.key in hidden:
                continue
            x, y, w, h = cam.cell_to_screen(token.cell)
            out.append(pygame.Rect(x + view.x, y + view.y, w, h))
        return out

    def _titles(self, plan: RoundPlan, rows: list[PlanRow]) -> tuple[str, ...]:
        """The panel's title, longest first: the first that fits beside the hint is drawn."""
        if plan.phase == "declaring":
            done = sum(1 for r in rows if r.state in (DECLARED, REVEALED))
            count = f"{done}/{len(rows)}"
            return (
                f"Round {plan.round} · declaring intentions ({count})",
                f"Round {plan.round} · declaring ({count})",
                f"Round {plan.round} · {count}",
            )
        return (f"Round {plan.round} · order of resolution", f"Round {plan.round} · order")

    def _lines(
        self, plan: RoundPlan, rows: list[PlanRow], viewer: str | None
    ) -> list[tuple[str, str, str, bool, str]]:
        """(text, right-hand note, colour, acting?, side colour) per line."""
        colours = self._side_colours
        if plan.phase == "declaring":
            return declaring_lines(plan, rows, viewer, self._side, self._budget)
        return resolving_lines(plan, rows, colours, self._budget)

    def _side(self, side: str) -> tuple[str, str]:
        """A side's name and colour, as last drawn."""
        return self._side_names.get(side, side), self._colours.get(side, "muted")

    def _side_colours(self, row: PlanRow) -> str:
        return self._colours.get(row.side, "muted")


def _metrics() -> tuple[int, int]:
    """(line height, title height): lines as tall as the (window-scaled) font, at least
    LINE; the list starts below the title."""
    line = max(LINE, theme.font("bold", theme.SIZE_SMALL - 1).get_linesize())
    return line, max(34, theme.font("bold", theme.SIZE_SMALL).get_linesize() + 10)


def fit_title(titles: tuple[str, ...], width: int) -> str:
    """The first of ``titles`` (longest first) that fits ``width`` pixels in the title's
    font, else the shortest cut with an ellipsis: the title never runs into the hint."""
    f = theme.font("bold", theme.SIZE_SMALL)
    for t in titles:
        if f.size(t)[0] <= width:
            return t
    return fit_text(titles[-1], width, "bold", theme.SIZE_SMALL)
