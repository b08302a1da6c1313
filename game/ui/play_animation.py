"""The battle screen's animations: tokens walking their path, numbers and words rising
from a square, strike lines (issue 4 · answers animated), and the effects of attacks
(``game.ui.motion_fx``; issue 33). Plain state advanced by the scene each frame; nothing
here reads the battle. Anything may wait for its moment in the batch (a negative ``age``,
or ``t`` for a walk).

Cues (play-test 11: the log and the panels ran seconds ahead of the board): when the
board comes to each event of a batch, and when the batch has played out. The log tells an
event once its cue has come (``told``); the panels show the battle as it stood after a
batch once that batch has played out (``shown_upto``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.engine.events import Damaged, Event, Moved, Rolled
from game.geometry.grid import Cell
from game.ui import theme
from game.ui.camera import Camera
from game.ui.motion_fx import Effect, draw_effect, drawn_units
from game.ui.theme import colour
from game.ui.tokens import TokenInfo, draw_token

MOVE_CELLS_PER_S = {"slow": 5.0, "normal": 9.0, "fast": 18.0, "instant": 1e9}
END_FADE_S = 0.5  # the words still rising when the end screen shows are gone within this


@dataclass
class Walk:
    """A token moving along a path (animation only)."""

    unit: str
    cells: list[Cell]
    speed: float  # cells per second
    t: float = 0.0  # cells walked (below 0 while it waits)
    dash: bool = False  # a charge: drawn with speed lines

    def position(self) -> tuple[float, float]:
        if len(self.cells) == 1:
            return float(self.cells[0][0]), float(self.cells[0][1])
        i = max(0, min(int(self.t), len(self.cells) - 2))
        f = max(0.0, min(1.0, self.t - i))
        (ax, ay), (bx, by) = self.cells[i], self.cells[i + 1]
        return ax + (bx - ax) * f, ay + (by - ay) * f

    @property
    def done(self) -> bool:
        return self.t >= len(self.cells) - 1


@dataclass
class Floater:
    """A number or word rising from a cell and fading."""

    text: str
    cell: Cell
    tone: str
    age: float = 0.0
    life: float = 1.3


@dataclass
class Flash:
    """A strike line from attacker to target."""

    a: Cell
    b: Cell
    tone: str
    age: float = 0.0
    life: float = 0.45


@dataclass
class Cue:
    """The board comes to event ``event`` (the battle's index) when ``age`` reaches 0; a
    batch's ``settles`` cue comes when, besides, ``waits`` (the animations queued up to
    its batch) have all played out. ``blocks``: the batch is not the player's own answer
    (the screen waits for it, as for its effects)."""

    event: int
    age: float
    blocks: bool
    settles: bool = False
    waits: tuple[object, ...] = ()


@dataclass
class Animations:
    walks: list[Walk] = field(default_factory=list)
    floaters: list[Floater] = field(default_factory=list)
    flashes: list[Flash] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    cues: list[Cue] = field(default_factory=list)

    @property
    def busy(self) -> bool:
        """Something the screen waits for before the next AI answer (the effects of the
        player's own answers never hold up the player's input)."""
        return bool(self.walks or self.flashes or any(e.blocks for e in self.effects) or self.owing)

    @property
    def owing(self) -> bool:
        """The board has not played out yet what an answer not the player's did."""
        return any(c.blocks for c in self._waiting())

    def told(self) -> int | None:
        """The first event the board has not come to (its log line waits, and those after
        it); None when it has come to every one."""
        return min((c.event for c in self._waiting() if not c.settles), default=None)

    def shown_upto(self) -> int | None:
        """How many of the battle's events the board has played out of what answers not
        the player's own did: the panels show the battle as it stood after at most these;
        None when it has played all of that out (the player's own answers show at once
        on the panels, as the player may go on at once)."""
        cues = [c for c in self._waiting() if c.blocks]
        return min((c.event - 1 if c.settles else c.event for c in cues), default=None)

    def cue(self, first: int, starts: Sequence[float], blocks: bool) -> None:
        """Cue the batch of events ``first``, ``first + 1`` … as the board comes to each
        (``starts``: seconds from now) and when all that is queued now has played out."""
        for i, start in enumerate(starts):
            if start > 0:
                self.cues.append(Cue(first + i, -start, blocks))
        waits = self._playing()
        if starts and waits:
            self.cues.append(Cue(first + len(starts), 0.0, blocks, True, waits))

    @property
    def showing(self) -> bool:
        """Anything to draw (the screen redraws every frame while it is)."""
        return bool(self.walks or self.floaters or self.flashes or self.effects)

    def drawn_units(self) -> set[str]:
        """Units drawn by an animation this frame, not by the board."""
        return {w.unit for w in self.walks} | drawn_units(self.effects)

    def walking_in(self, cells: frozenset[Cell]) -> set[str]:
        """Units whose walk has them on one of ``cells`` this frame (a foe is not drawn
        while its walk is in the viewer's fog)."""
        out = set()
        for w in self.walks:
            x, y = w.position()
            if (round(x), round(y)) in cells:
                out.add(w.unit)
        return out

    def update(self, dt: float) -> None:
        for w in self.walks:
            w.t += w.speed * dt
        self.walks = [w for w in self.walks if not w.done]
        for f in self.floaters:
            f.age += dt
        self.floaters = [f for f in self.floaters if f.age < f.life]
        for fl in self.flashes:
            fl.age += dt
        self.flashes = [fl for fl in self.flashes if fl.age < fl.life]
        for e in self.effects:
            e.age += dt
        self.effects = [e for e in self.effects if e.age < e.life]
        for c in self.cues:
            c.age += dt
        self.cues = self._waiting()

    def _waiting(self) -> list[Cue]:
        """The cues not come yet (what a cue waits for may have been dropped meanwhile: a
        walk the fog hides, one joined to the walk before it)."""
        if not self.cues:
            return self.cues
        playing = {id(a) for a in self._playing()}
        return [c for c in self.cues if c.age < 0 or any(id(w) in playing for w in c.waits)]

    def _playing(self) -> tuple[object, ...]:
        """What the board is playing (the rising words aside)."""
        return (*self.walks, *self.flashes, *self.effects)

    def skip(self) -> None:
        self.walks.clear()
        self.flashes.clear()
        self.effects.clear()
        self.cues.clear()
        for f in self.floaters:  # the words stay, all at once
            f.age = max(f.age, 0.0)

    def wind_down(self, within: float = END_FADE_S) -> None:
        """The battle is over and its end screen shows (play-test 8: the last round's
        numbers hung over the map's labels under it, for good): no strike line is drawn any
        more and nothing not yet begun begins; what is under way plays on, and the words
        still rising rise on faster, each from where it is, and are gone within ``within``
        seconds (the scene below the end screen keeps updating them); the log tells the
        rest at once."""
        self.cues.clear()
        self.flashes.clear()
        self.walks = [w for w in self.walks if w.t >= 0]
        self.effects = [e for e in self.effects if e.started]
        self.floaters = [f for f in self.floaters if f.age >= 0]
        for f in self.floaters:
            left = 1 - f.age / f.life  # the share of its life still to come
            if left * f.life > within:
                done = f.age / f.life
                f.life = within / left
                f.age = done * f.life


def queue_events(
    anim: Animations, events: Sequence[Event], cells: dict[str, Cell], speed: float
) -> dict[str, str]:
    """Queue what ``events`` show: walks for moves, a number and a strike line for damage,
    "miss" over the unit missed. Returns attacker → the unit its last declared attack
    targets (whom the camera should show)."""
    aimed_at: dict[str, str] = {}
    for event in events:
        attacker, target = getattr(event, "attacker", None), getattr(event, "target", None)
        if isinstance(attacker, str) and isinstance(target, str) and target in cells:
            aimed_at[attacker] = target
        if isinstance(event, Moved) and event.path:
            anim.walks.append(Walk(event.unit, [event.start, *event.path], speed))
        elif isinstance(event, Damaged) and event.unit in cells:
            anim.floaters.append(Floater(f"-{event.amount}", cells[event.unit], "damage"))
            if event.by in cells:
                anim.flashes.append(Flash(cells[event.by], cells[event.unit], "hit"))
        elif isinstance(event, Rolled) and event.outcome == "miss" and event.unit in cells:
            # over the unit missed (when the ruleset names it), not the one who missed
            missed = aimed_at.get(event.unit, event.unit)
            anim.floaters.append(Floater("miss", cells[missed], "miss"))
    return aimed_at


def draw_animations(
    surface: pygame.Surface,
    anim: Animations,
    cam: Camera,
    viewport: pygame.Rect,
    token_of: Callable[[str], TokenInfo | None],
    fogged: frozenset[Cell],
    viewer: str | None,
) -> None:
    """Strike lines, walking tokens and rising words over the board; an enemy walking or
    a word rising where the viewer's units cannot see stays hidden."""
    clip = surface.get_clip()
    surface.set_clip(viewport)
    ox, oy = viewport.topleft
    for e in anim.effects:
        where = [getattr(e, n) for n in ("cell", "a", "b") if hasattr(e, n)]
        seen = not where or any(c not in fogged for c in where)
        draw_effect(surface, e, cam, (ox, oy), seen)
    for fl in anim.flashes:
        if fl.age < 0:
            continue
        a = cam.cell_centre(fl.a)
        b = cam.cell_centre(fl.b)
        width = max(2, int(6 * (1 - fl.age / fl.life)))
        pygame.draw.line(
            surface, colour(fl.tone), (a[0] + ox, a[1] + oy), (b[0] + ox, b[1] + oy), width
        )
    for w in anim.walks:
        token = token_of(w.unit)
        if token is None:
            continue
        x, y = w.position()
        if token.side != viewer and (round(x), round(y)) in fogged:
            continue  # an enemy moving where your units cannot see
        px = cam.cell_px
        sx, sy = cam.world_to_screen(x * cam.tile, y * cam.tile)
        rect = pygame.Rect(round(sx) + ox, round(sy) + oy, round(px), round(px))
        if w.dash and w.t > 0:
            _speed_lines(surface, w, rect)
        draw_token(surface, token, rect)
    shown = [f for f in anim.floaters if f.cell not in fogged and f.age >= 0]
    font = theme.font("bold", max(12, min(24, round(cam.cell_px * 0.6))))
    images = [font.render(f.text, True, colour(f.tone)) for f in shown]
    spots = floater_spots(shown, cam.cell_centre, [i.get_size() for i in images], viewport)
    for f, img, pos in zip(shown, images, spots, strict=True):
        alpha = max(0, min(255, int(255 * (1 - f.age / f.life) * 1.6)))
        shadow = font.render(f.text, True, (0, 0, 0))
        img.set_alpha(alpha)
        shadow.set_alpha(alpha)
        surface.blit(shadow, pos.move(1, 2))
        surface.blit(img, pos)
    surface.set_clip(clip)


def floater_spots(
    floaters: Sequence[Floater],
    centre_of: Callable[[Cell], tuple[float, float]],
    sizes: Sequence[tuple[int, int]],
    viewport: pygame.Rect,
) -> list[pygame.Rect]:
    """Where each rising word is drawn, on the screen (issue 30 play-test: "miss miss miss"
    piled up over one token, "-2 STR" hung over the top bar): the words over one unit rise
    from its square (``centre_of``, in the board's frame) as one stack, the newest lowest and
    each older one a line above it, moved aside or up clear of the words over the units
    beside it when it can be; the stack is kept inside ``viewport``."""
    ox, oy = viewport.topleft
    by_cell: dict[Cell, list[int]] = {}
    for i, f in enumerate(floaters):
        by_cell.setdefault(f.cell, []).append(i)
    spots = [pygame.Rect(0, 0, w, h) for w, h in sizes]
    placed: list[pygame.Rect] = []
    for cell, group in by_cell.items():
        cx, cy = centre_of(cell)
        newest = floaters[group[-1]]
        bottom = round(cy + oy - 14 - 36 * newest.age / newest.life + sizes[group[-1]][1] / 2)
        stack = []
        for i in reversed(group):
            spot = pygame.Rect(0, 0, *sizes[i])
            spot.midbottom = (round(cx + ox), bottom)
            bottom = spot.top - 2
            stack.append((i, spot))
        line, wide = sizes[group[-1]][1] + 2, max(sizes[i][0] for i in group) + 4
        tries = [(dx, -lift * line) for lift in range(5) for dx in (0, wide, -wide)]
        for dx, dy in tries:  # clear of the words over the units beside it, if it can be
            moved = _kept_inside([s.move(dx, dy) for _, s in stack], viewport)
            if not any(m.collidelist(placed) >= 0 for m in moved):
                break
        else:
            moved = _kept_inside([s for _, s in stack], viewport)
        for (i, _), spot in zip(stack, moved, strict=True):
            spots[i] = spot
        placed += moved
    return spots


def _kept_inside(stack: list[pygame.Rect], viewport: pygame.Rect) -> list[pygame.Rect]:
    """A stack of words moved as one into ``viewport`` (each then clamped into it)."""
    top, low = min(s.top for s in stack), max(s.bottom for s in stack)
    shift = max(viewport.top - top, 0) or min(viewport.bottom - low, 0)
    return [s.move(0, shift).clamp(viewport) for s in stack]


def _speed_lines(surface: pygame.Surface, walk: Walk, rect: pygame.Rect) -> None:
    """Streaks behind a charging token."""
    i = max(0, min(int(walk.t), len(walk.cells) - 2))
    (ax, ay), (bx, by) = walk.cells[i], walk.cells[i + 1]
    dx, dy = bx - ax, by - ay
    ink = colour("bone")
    for k in (-1, 0, 1):
        x0 = rect.centerx - dx * rect.w * 0.4 + dy * k * rect.w * 0.22
        y0 = rect.centery - dy * rect.h * 0.4 - dx * k * rect.h * 0.22
        x1, y1 = x0 - dx * rect.w * 0.6, y0 - dy * rect.h * 0.6
        pygame.draw.line(surface, ink, (x0, y0), (x1, y1), 2)
