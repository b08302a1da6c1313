"""One answer's events laid out as animations in time (issue 33 · game feel): the walk,
then the lunge or the shot, the hit or the miss as the blow lands, the fall.

The events say what happened; the battle's presenter says how each one moves
(``Presenter.motions``: neutral ``Motion`` values, so the screen names no ruleset). This
module turns them into the plain animation state of ``play_animation`` and
``motion_fx``, each item starting when the one before it has landed. Nothing here keeps
or reads game state beyond the cells and token pictures it is handed.

Fog of war (issue 4): each event comes with the squares the viewer did not see when it
happened (the log's decision, ``log_sight``); nothing is drawn from or on them. A hidden
attacker's blow on a seen unit shows the hit and its number on the target only: no lunge,
no missile, no strike line (not even one from the fog's edge, which would point at it), and
a blade turned aside faces no hidden square.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from game.engine.events import Event, Moved, Rolled
from game.engine.presentation import Motion
from game.geometry.grid import Cell
from game.ui.motion_fx import (
    FALL_S,
    FLEE_S,
    GLINT_S,
    JOLT_S,
    LUNGE_HIT_S,
    LUNGE_S,
    Effect,
    Fall,
    Flee,
    Glint,
    Jolt,
    Lunge,
    Missile,
    flee_direction,
    flight_seconds,
)
from game.ui.play_animation import Animations, Flash, Floater, Walk
from game.ui.tokens import TokenInfo

DASH = 2.5  # a charge walks this many times faster
BEAT_S = 0.08  # between two harms of one batch
TRACK_TONES = ("damage", "track_2", "track_3", "track_4")


@dataclass
class Batch:
    """Where one batch stands while it is laid out."""

    anim: Animations
    where: dict[str, Cell]
    tokens: Mapping[str, TokenInfo]
    blocks: bool
    cursor: float = 0.0
    dashing: set[str] = field(default_factory=set)
    struck: set[tuple[str, str]] = field(default_factory=set)
    missiles: list[Missile] = field(default_factory=list)
    missed: set[Cell] = field(default_factory=set)
    blind: frozenset[Cell] = frozenset()  # the squares the viewer did not see (this event)

    def token(self, unit: str) -> TokenInfo | None:
        found = self.tokens.get(unit)
        cell = self.where.get(unit)
        if found is None or cell is None:
            return None
        return replace(found, cell=cell, down=False)

    def floater(self, text: str, cell: Cell, tone: str) -> None:
        if cell not in self.blind:
            self.anim.floaters.append(Floater(text, cell, tone, age=-self.cursor))

    def seen_at(self, unit: str | None) -> Cell | None:
        """Where ``unit`` stands, when the viewer saw that square at this event."""
        cell = self.where.get(unit) if unit else None
        return None if cell is None or cell in self.blind else cell

    def add(self, effect: Effect, *cells: Cell) -> None:
        """Queue ``effect``, unless one of ``cells`` (where it is drawn) was not seen."""
        if not any(c in self.blind for c in cells):
            self.anim.effects.append(effect)


def queue_batch(
    anim: Animations,
    events: Sequence[Event],
    motions: Callable[[Event], Sequence[Motion]],
    tokens: Mapping[str, TokenInfo],
    speed: float,
    *,
    size: tuple[int, int],
    tone_of: Callable[[str, str], str] = lambda _unit, _track: "damage",
    blocks: bool = True,
    unseen: Sequence[frozenset[Cell]] = (),
    starts: list[float] | None = None,
) -> dict[str, str]:
    """Queue what ``events`` show, one after another: walks for moves (a charge dashes),
    then each ``Motion`` the presenter gives (``motions``) at the moment the one before
    it lands. ``tokens``: each unit as it stood before the answer (its cell is where the
    batch starts it); ``size``: the map's width and height (where a fleeing unit runs);
    ``tone_of(unit, track)``: the colour name of harm to ``unit``'s health track;
    ``blocks``: the AI waits for these effects; ``unseen``: for each event, the squares
    the viewer did not see then (nothing is drawn there); ``starts``: filled with the
    seconds from now at which each event begins on the board. Returns attacker → the unit
    its last declared attack targets (whom the camera should show)."""
    batch = Batch(anim, {k: t.cell for k, t in tokens.items()}, tokens, blocks)
    aimed_at: dict[str, str] = {}
    for i, event in enumerate(events):
        batch.blind = unseen[i] if i < len(unseen) else frozenset()
        if starts is not None:
            starts.append(batch.cursor)
        attacker, target = getattr(event, "attacker", None), getattr(event, "target", None)
        if isinstance(attacker, str) and isinstance(target, str) and target in batch.where:
            aimed_at[attacker] = target
        if isinstance(event, Moved) and event.path:
            _walk(batch, event, speed)
            continue
        if isinstance(event, Rolled) and event.outcome == "miss" and event.unit in batch.where:
            # over the unit missed (when the ruleset names it), not the one who missed
            missed = batch.where[aimed_at.get(event.unit, event.unit)]
            if missed not in batch.missed:
                batch.missed.add(missed)
                batch.floater("miss", missed, "miss")
        for motion in motions(event):
            _queue(batch, motion, size, tone_of)
    return aimed_at


def _walk(batch: Batch, event: Moved, speed: float) -> None:
    dash = event.unit in batch.dashing
    pace = speed * DASH if dash else speed
    cells = [event.start, *event.path]
    batch.anim.walks.append(Walk(event.unit, cells, pace, t=-batch.cursor * pace, dash=dash))
    batch.cursor += len(event.path) / pace
    batch.where[event.unit] = event.path[-1]
    batch.dashing.discard(event.unit)


def _queue(
    batch: Batch, m: Motion, size: tuple[int, int], tone_of: Callable[[str, str], str]
) -> None:
    """One motion at the batch's cursor."""
    at, blocks, where = -batch.cursor, batch.blocks, batch.where
    target = where.get(m.target) if m.target else None
    if m.kind == "dash" and m.actor:
        batch.dashing.add(m.actor)
    elif m.kind in ("lunge", "close_in") and target is not None and m.target:
        for actor in m.actors or ((m.actor,) if m.actor else ()):
            token = batch.token(actor)
            if token is not None:
                batch.add(Lunge(at, LUNGE_S, blocks, actor, token.cell, target, token), token.cell)
                batch.struck.add((actor, m.target))
        batch.cursor += LUNGE_HIT_S
    elif m.kind == "shot" and target is not None and m.actor in where and m.target:
        start = where[m.actor]
        flight = flight_seconds(start, target)
        shot = Missile(at, flight, blocks, m.missile or "arrow", start, target, m.actor, m.target)
        batch.add(shot, start)
        batch.missiles.append(shot)
        batch.struck.add((m.actor, m.target))
        batch.cursor += flight
    elif m.kind == "miss" and target is not None:
        _miss(batch, m, target)
    elif m.kind == "lands" and m.cell is not None:
        for shot in reversed(batch.missiles):
            if shot.actor == m.actor and shot.kind == "thrown":
                shot.lands = m.cell
                break
    elif m.kind == "turned" and target is not None:
        batch.add(Glint(at, GLINT_S, blocks, target, _facing(batch, target)), target)
    elif m.kind == "harm" and target is not None and m.target:
        _harm(batch, m, target, tone_of)
    elif m.kind == "fall" and target is not None and m.target:
        token = batch.token(m.target)
        if token is not None:
            _fall(batch, m.target, target, token)
    elif m.kind == "flee" and target is not None and m.target:
        token = batch.token(m.target)
        if token is not None:
            away = flee_direction(target, *size)
            batch.add(Flee(at, FLEE_S, blocks, m.target, target, away, token), target)


def _fall(batch: Batch, unit: str, cell: Cell, token: TokenInfo) -> None:
    """The unit topples; when the blow that drops it jolted it, the fall takes the jolt
    over (one picture of the unit at a time)."""
    jolt = next(
        (e for e in batch.anim.effects if isinstance(e, Jolt) and e.unit == unit and e.age <= 0),
        None,
    )
    if jolt is not None:
        batch.anim.effects.remove(jolt)
        fall = Fall(jolt.age, JOLT_S + FALL_S, batch.blocks, unit, cell, token, struck=True)
    else:
        fall = Fall(-batch.cursor, FALL_S, batch.blocks, unit, cell, token)
    batch.add(fall, cell)
    batch.cursor += FALL_S / 3


def _facing(batch: Batch, cell: Cell) -> Cell:
    """Where the last blow on ``cell`` came from (the cell to its left when unknown, or
    when the viewer did not see the striker's square)."""
    for actor, target in reversed(list(batch.struck)):
        if batch.where.get(target) == cell and actor in batch.where:
            return batch.seen_at(actor) or (cell[0] - 1, cell[1])
    return (cell[0] - 1, cell[1])


def _miss(batch: Batch, m: Motion, target: Cell) -> None:
    """A missile in flight at the target flies past; a blade is turned aside."""
    shot = next((s for s in reversed(batch.missiles) if s.target == m.target), None)
    if shot is not None:
        shot.past = True
    else:
        toward = (batch.seen_at(m.actor) or (target[0] - 1, target[1])) if m.actor else target
        batch.add(Glint(-batch.cursor, GLINT_S, batch.blocks, target, toward), target)
    if target not in batch.missed:
        batch.missed.add(target)
        batch.floater("miss", target, "miss")


def _harm(batch: Batch, m: Motion, target: Cell, tone_of: Callable[[str, str], str]) -> None:
    """A number rising in the colour of the track; a hit jolts the target, a graze only
    scrapes it; a blow nobody was seen to strike draws a strike line."""
    assert m.target is not None
    words = f" {m.words}" if m.words else ""
    tone = "graze" if m.graze else tone_of(m.target, m.track)
    # harm of nothing (a blow turned whole) says its words alone, never "-0"
    text = f"-{m.amount}{words}" if m.amount else (m.words or "0")
    batch.floater(text, target, tone)
    at = -batch.cursor
    token = batch.token(m.target)
    if m.graze:
        batch.add(Glint(at, GLINT_S, batch.blocks, target, _facing(batch, target)), target)
    elif token is not None:
        batch.add(Jolt(at, JOLT_S, batch.blocks, m.target, target, token), target)
    if m.actor and m.actor in batch.where and (m.actor, m.target) not in batch.struck:
        if batch.seen_at(m.actor) and target not in batch.blind:
            batch.anim.flashes.append(Flash(batch.where[m.actor], target, "hit", age=at))
        batch.struck.add((m.actor, m.target))
    batch.cursor += BEAT_S


def track_tone(tracks: Sequence[str], track: str) -> str:
    """The colour name of harm to ``track`` among a unit's ``tracks`` (main one first)."""
    i = tracks.index(track) if track in tracks else len(tracks)
    return TRACK_TONES[min(i, len(TRACK_TONES) - 1)]
