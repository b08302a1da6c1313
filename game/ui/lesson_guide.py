"""The hint box of a guided battle (issue 30 · Learning the game).

A ruleset's lesson (``game.engine.lesson``: a table of steps, each with what finishes it)
is shown one step at a time in a short box in the side panel, between the unit card and
the log, so it never covers the board, the reaction prompt or the target preview. The
battle screen tells the guide what the players answered, and the guide reads the
battle's new events and what the screen shows (``looked``); the box goes on to the next
step by itself, never on a timer. **Skip lesson** (or F2) ends it at once; the last
words have a **Close** button (F2 too).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import pygame

from game.engine import Answer, Battle
from game.engine.lesson import Lesson, LessonTracker, history_of
from game.ui import theme
from game.ui.widgets import Button, draw_panel, draw_text, fit_text, wrap

if TYPE_CHECKING:
    from game.ui.play_scene import PlayScene

SKIP_KEY = pygame.K_F2
PAD = 10
GAP = 4  # between lines
MOVED = 24  # px the pointer moves before another look counts


class LessonGuide:
    """Shows ``lesson``'s current step and follows the battle to the next one."""

    def __init__(self, lesson: Lesson, battle: Battle) -> None:
        self.lesson = lesson
        self.tracker = LessonTracker(lesson)
        self.battle = battle
        self.seen = len(battle.events)  # events before the lesson began teach nothing
        if battle.answers:  # resumed from a save: the steps already done stay done
            self.tracker.catch_up(history_of(battle), self._players())
        self.closed = False  # the closing words were dismissed (or the lesson skipped)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.mouse = (-1, -1)  # where the pointer last moved
        self.anchor: tuple[int, int] | None = None  # where a look last finished a step
        self._looked_points: frozenset[str] = frozenset()  # what that step pointed at
        # the keys of the bar's actions as last shown to a player ("Disengage": "I"): a
        # hint that names a bar button names its key too (at 960×540 the bar is icons)
        self.bar_keys: dict[str, str] = {}
        self.button = Button(
            "Skip lesson",
            self.skip,
            shortcut=SKIP_KEY,
            hint="End the lesson: the hints go away and the battle goes on.",
            size=theme.SIZE_SMALL,
            style="flat",
        )

    # -- following the battle --------------------------------------------------------------

    @property
    def visible(self) -> bool:
        return not self.closed

    def skip(self) -> None:
        """Skip the lesson, or close its last words."""
        self.tracker.skip()
        self.closed = True

    def _players(self) -> Callable[[str], bool]:
        humans = {s for s, c in self.battle.controllers.items() if c == "human"}

        def mine(unit: str) -> bool:
            try:
                return self.battle.unit(unit).side in humans
            except KeyError:
                return False

        return mine

    def _follow_decision(self) -> None:
        """The kind of the decision a player has before them now: a step cued by it is
        the one shown (play-test 3: the reaction prompt came while the hint said Reveal)."""
        d = self.battle.pending
        human = d is not None and self.battle.controllers.get(d.side) == "human"
        self.tracker.cue = d.kind if d is not None and human else ""

    def observe(self) -> None:
        """Read the events the battle emitted since the last look (an undo that cut them
        starts again from where the battle now is)."""
        self._follow_decision()
        events = self.battle.events
        if len(events) < self.seen:
            self.seen = len(events)
        if len(events) > self.seen:
            self.tracker.happened(events[self.seen :], self._players())
            self.seen = len(events)

    def answered(self, decision: str, answer: Answer) -> None:
        """A player's answer to a ``decision`` kind was accepted."""
        self.observe()  # what came before the answer first
        self.tracker.answered(decision, answer)

    def looked(self, look: str) -> None:
        """The screen shows ``look`` (``game.engine.lesson.LOOKS``). After a look finished
        a step, the next counts only once the pointer has come to rest somewhere else (the
        panel that revealed the plans does not also finish "the order" at once)."""
        self.observe()
        if self.anchor is not None:
            if self._resting():
                return
            self.anchor = None
        before = self.points()
        if self.tracker.looked(look):
            self.anchor = self.mouse
            self._looked_points = before  # still shown while the pointer rests there

    def _resting(self) -> bool:
        """The pointer is still where a look last finished a step."""
        if self.anchor is None:
            return False
        ax, ay = self.anchor
        return max(abs(self.mouse[0] - ax), abs(self.mouse[1] - ay)) < MOVED

    def points(self) -> frozenset[str]:
        """What the current step's hint points at, for the screen to show it (play-test 3):
        "log" (the combat log, given room), "plans" (the round plan, unfolded), "cover"
        (the lines of sight, kept clear of the attack preview)."""
        self._follow_decision()
        step = self.tracker.step
        if not self.visible or step is None:
            return frozenset()
        looks = {d.look for d in step.deeds}
        out = set(step.points)
        if self._resting():  # what the step a look just finished pointed at stays shown
            out |= self._looked_points
        if looks & {"plans", "order"}:
            out.add("plans")
        if "cover" in looks:
            out.add("cover")
        return frozenset(out)

    # -- the box -----------------------------------------------------------------------------

    def _texts(self) -> tuple[str, str]:
        step = self.tracker.step
        if step is None:
            return f"{self.lesson.title} · done", self.lesson.closing
        index = self.tracker.position + 1
        hint = f"{self.tracker.note} {step.hint}" if self.tracker.note else step.hint
        hint = with_keys(hint, self.bar_keys)
        return f"Lesson {index}/{len(self.lesson.steps)} · {step.title}", hint

    def _style(self, width: int, most: int | None = None) -> tuple[int, int, int, int]:
        """(hint size, gap between its lines, title size, gap under the title): the
        roomiest in which the hint fits a box ``width`` wide in few lines and at most
        ``most`` tall, else the tightest (play-test 4: at 960×540 the hint took the card's
        rows; it shrinks before the card does)."""
        _, hint = self._texts()
        small, tiny = theme.SIZE_SMALL, theme.SIZE_TINY
        styles = [(small, GAP, small, 12), (small - 1, GAP, small, 12), (tiny, GAP, small, 12)]
        styles.append((tiny, GAP // 2, tiny, 6))
        for style in styles:
            if len(wrap(hint, width - 2 * PAD, "body", style[0])) <= 5:
                if most is None or self._height(width, style) <= most:
                    return style
        return styles[-1]

    def _height(self, width: int, style: tuple[int, int, int, int]) -> int:
        size, gap, title_size, under = style
        _, hint = self._texts()
        line = theme.font("body", size).get_height() + gap
        title = theme.font("bold", title_size).get_height() + under
        return 2 * PAD + title + len(wrap(hint, width - 2 * PAD, "body", size)) * line

    def height(self, width: int, most: int | None = None) -> int:
        """The box's height at ``width`` (kept under ``most`` as far as the type can
        shrink); 0 when it is not shown."""
        if not self.visible:
            return 0
        self._follow_decision()
        return self._height(width, self._style(width, most))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The box in ``rect`` (as tall as ``height`` asked)."""
        self.rect = rect
        if not self.visible:
            return
        title, hint = self._texts()
        draw_panel(surface, rect, fill="parchment", border="gold", radius=6)
        x, y, w = rect.x + PAD, rect.y + PAD, rect.w - 2 * PAD
        size, gap, title_size, under = self._style(rect.w, rect.h)
        # the Skip (Close) button on the title's line, at the right
        self.button.label = "Skip [F2]" if self.tracker.step else "Close [F2]"
        self.button.size = title_size
        bold = theme.font("bold", title_size)
        bw, bh = bold.size(self.button.label)[0] + 20, bold.get_height() + 6
        self.button.rect = pygame.Rect(rect.right - PAD + 2 - bw, rect.y + PAD // 2, bw, bh)
        title = self.title_in(w - bw - 6, title_size)
        draw_text(surface, title, (x, y), role="bold", size=title_size, fg="ink")
        y += bold.get_height() + under
        line = theme.font("body", size).get_height() + gap
        for text in wrap(hint, w, "body", size):
            draw_text(surface, text, (x, y), role="body", size=size, fg="ink")
            y += line
        self.button.draw(surface)

    def title_in(self, room: int, size: int | None = None) -> str:
        """The box's title as drawn ``room`` px wide (in ``size``, the small type unless
        said): "Lesson 8/11 · Attacks of opportunity" loses its first word before it would
        be cut."""
        title, _ = self._texts()
        size = size or theme.SIZE_SMALL
        if theme.font("bold", size).size(title)[0] > room:
            title = title.removeprefix("Lesson ")
        return fit_text(title, room, "bold", size)

    def handle(self, event: pygame.event.Event) -> bool:
        """The Skip (or Close) button and its key; True if the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if not self.visible:
            return False
        return self.button.handle(event)

    def tooltip(self, mouse: tuple[int, int]) -> str:
        return self.button.tooltip(mouse) if self.visible else ""


def with_keys(hint: str, keys: Mapping[str, str]) -> str:
    """A hint that names a button of the bar with its key (play-test 6: "pick Disengage
    in the bar" while the bar showed only icons): "pick Disengage (key I) in the bar"."""
    for label, key in keys.items():
        hint = hint.replace(f"{label} in the bar", f"{label} (key {key}) in the bar")
    return hint


def lesson_for(battle: Battle) -> Lesson | None:
    """The ruleset's lesson written for ``battle``'s map, if there is one."""
    from game.engine.presenter import presenter_of

    stem = battle.battlefield.path.stem
    return next((x for x in presenter_of(battle).lessons() if x.map == stem), None)


def looks_now(scene: PlayScene, guide: LessonGuide) -> list[str]:
    """What the battle screen shows this frame that the current step waits for
    (``game.engine.lesson.LOOKS``): only those its deeds name are worked out."""
    wanted = {d.look for step in guide.tracker.open_steps() for d in step.deeds if d.look}
    if not wanted:
        return []
    out = []
    if wanted & {"plans", "order"}:
        out += _plan_looks(scene, guide.mouse)
    d = scene.decision
    if d is None or d.kind != "turn" or not scene.human_turn() or d.unit is None:
        return out
    if "preview" in wanted or "cover" in wanted:
        shown = scene.target_preview()
        if shown is not None and shown[1] is not None:
            out.append("preview")
            me = scene.engine.token(d.unit)
            target = scene.token_at(scene.hover) if scene.hover is not None else None
            if me is not None and target is not None:
                cover = scene.cover.of(scene._strike_from(shown[1], me.cell), target.cell)
                if cover.sources:
                    out.append("cover")
    if "provoking" in wanted:
        hovered = scene._hovered_placed()
        if hovered is not None and scene.provocations(hovered):
            out.append("provoking")
    return out


def _plan_looks(scene: PlayScene, mouse: tuple[int, int]) -> list[str]:
    """ "plans": the pointer on the panel of the round's revealed intentions; "order": on a
    unit whose place in the order is known."""
    plan = scene.intentions.plan(scene)
    revealed = [r for r in plan.rows if r.turn] if plan is not None else []
    if not revealed:
        return []
    out = []
    if scene.intentions.rect.collidepoint(mouse):
        out.append("plans")
        if any(r.place for r in revealed):
            out.append("order")  # the panel numbers the order too
    cell = scene._cell_at(mouse)
    token = scene.token_at(cell) if cell is not None else None
    if token is not None and any(r.unit == token.key and r.place for r in revealed):
        out.append("order")
    return out
