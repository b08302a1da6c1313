"""The battle screen's view of a live ``Battle`` (the engine), and how clicks become answers.

Everything here reads the battle; nothing changes it except ``answer`` and
``undo``, which go through the engine's own validation (DESIGN.md · One path
for every choice).

Answers are matched to the board generically, from their fields, so every
action of any ruleset gets a place on the map without this module knowing
the ruleset: a field holding a unit id names the target (the cell it stands
on), a cell field or the last cell of a path names the destination.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import Answer, Battle, Decision
from game.engine.events import Event
from game.engine.presentation import ConditionText
from game.engine.presenter import presenter_of
from game.geometry.grid import Cell
from game.geometry.zones import ZoneGraph
from game.ui.battle_model import SideView, enemy_numbers, type_colours
from game.ui.battle_record import damage_by_side
from game.ui.objectives_view import (
    ObjectiveArea,
    areas,
    objective_note,
    progress_text,
    with_note,
)
from game.ui.tokens import TokenInfo
from game.ui.zone_view import zone_note
from game.world.components import Loadout


@dataclass(frozen=True, slots=True)
class Placed:
    """A concrete legal answer and where it lands on the board."""

    answer: Answer
    dest: Cell | None  # where the unit ends up (a cell field, or the last cell of a path)
    target: str | None  # unit id of the target, if any
    target_cell: Cell | None  # where that target stands
    path: tuple[Cell, ...]  # cells entered, if the answer carries a path
    zone: int | None = None  # the zone it moves into (an option aimed at zones)

    @property
    def cell(self) -> Cell | None:
        """The square a click should choose this answer by: the target, else the destination."""
        return self.target_cell if self.target_cell is not None else self.dest


def _is_cell(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def place(answer: Answer, unit_cells: dict[str, Cell]) -> Placed:
    """Where ``answer`` points: its target unit, its destination cell, its path."""
    dest: Cell | None = None
    target: str | None = None
    path: tuple[Cell, ...] = ()
    for f in dataclasses.fields(answer):
        if f.name == "unit":
            continue
        value = getattr(answer, f.name)
        if isinstance(value, str) and value in unit_cells and target is None:
            target = value
        elif _is_cell(value) and dest is None:
            dest = (value[0], value[1])
        elif isinstance(value, tuple) and value and all(_is_cell(v) for v in value):
            path = value
    if path and dest is None:
        dest = path[-1]
    return Placed(answer, dest, target, unit_cells[target] if target else None, path)


class EngineModel:
    """Reads a Battle for the screen (implements ``BattleModel``)."""

    def __init__(self, battle: Battle) -> None:
        self.battle = battle
        self.content = battle.content
        self.title = battle.battlefield.scenario.title
        self._party = {s.id for s in battle.battlefield.scenario.sides if s.party}
        views = battle.units()
        enemies = [(v.id, v.template) for v in views if v.side not in self._party]
        party_colours = [s.colour for s in battle.battlefield.scenario.sides if s.party]
        self._type_colour = type_colours([t for _, t in enemies], party_colours)
        self._numbers = enemy_numbers(enemies)
        self._names = {v.id: v.name for v in views}
        self.presenter = presenter_of(battle)  # what the ruleset shows, in its words
        self._tokens: list[TokenInfo] = []
        self._ground: list[tuple[Cell, str, str]] = []
        self._links: list[tuple[str, str]] = []
        self._stamp = -1
        self._progress_key: object = None  # the battle state the progress text is of
        self._progress = ""
        self._log: list[tuple[str, str]] = []
        self._log_events: list[int | None] = []  # the event each line tells, if one does
        self._line_of_event: list[int] = []
        self._events_seen = 0
        self.extra_conditions: dict[str, frozenset[str]] = {}
        self._zones: tuple[ZoneGraph | None] | None = None

    # -- refresh ----------------------------------------------------------------------------

    def _fresh(self) -> None:
        stamp = len(self.battle.events) + 100_000 * len(self.battle.answers)
        if stamp == self._stamp:
            return
        self._stamp = stamp
        out = []
        for v in self.battle.units():
            template = self.content.templates.get(v.template)
            conditions = self.presenter.conditions(v)
            bars = [t for t in self.presenter.tracks(v) if t.bar]
            hp, max_hp = (bars[0].current, bars[0].maximum) if bars else (v.hp, v.max_hp)
            side = self.battle.battlefield.side(v.side)
            party = v.side in self._party
            out.append(
                TokenInfo(
                    key=v.id,
                    name=v.name,
                    side=v.side,
                    side_colour=side.colour,
                    cell=v.cell,
                    hp=hp,
                    max_hp=max_hp,
                    party=party,
                    icon=template.icon if template else None,
                    type_colour=self._type_colour.get(v.template, "#888888"),
                    number=None if party else self._numbers.get(v.id),
                    conditions=conditions,
                    down=not v.in_fight,
                    template=v.template,
                    more_bars=tuple((t.current, t.maximum) for t in bars[1:]),
                )
            )
        self._ground = [
            (cell, w, self.content.weapons[w].name if w in self.content.weapons else w)
            for cell, w in self.battle.ground_items()
        ]
        # the fallen first, so the living are drawn on top of them
        out.sort(key=lambda t: not t.down)
        self._tokens = out
        self._by_key = {t.key: t for t in out}
        standing = {t.key for t in out if not t.down}
        self._links = [
            (link.a, link.b)
            for link in self.presenter.links(self.battle)
            if link.kind == "screen" and {link.a, link.b} <= standing
        ]

    def conditions_of(self, unit: str) -> frozenset[str]:
        """The unit's conditions (prone, grappled …), as its ruleset reports them."""
        try:
            return self.presenter.conditions(self.battle.unit(unit))
        except KeyError:
            return frozenset()

    def condition_text(self, key: str) -> ConditionText:
        """How the ruleset names condition ``key`` and what it does."""
        return self.presenter.condition_text(key)

    def condition_order(self) -> Sequence[str]:
        """The conditions the ruleset names, in its order (``Presenter.condition_texts``)."""
        return tuple(self.presenter.condition_texts)

    def screen_links(self) -> Sequence[tuple[str, str]]:
        """(screener, ward) for every unit screening an ally (the ruleset's links)."""
        self._fresh()
        return self._links

    def budget_text(self, unit: str) -> str:
        """What the unit has left this turn, in its ruleset's words."""
        return self.presenter.budget_line(self.battle, unit)

    # -- BattleModel ------------------------------------------------------------------------

    @property
    def width(self) -> int:
        return self.battle.battlefield.grid.width

    @property
    def height(self) -> int:
        return self.battle.battlefield.grid.height

    def tokens(self) -> Sequence[TokenInfo]:
        self._fresh()
        return self._tokens

    def token(self, key: str) -> TokenInfo | None:
        self._fresh()
        return self._by_key.get(key)

    def sides(self) -> Sequence[SideView]:
        self._fresh()
        out = []
        for side_id in self.battle.ctx.side_order:
            side = self.battle.battlefield.side(side_id)
            mine = [t for t in self._tokens if t.side == side_id]
            standing = sum(1 for t in mine if not t.down)
            ctrl = "human" if self.battle.controllers.get(side_id) == "human" else "ai"
            out.append(SideView(side_id, side.name, side.colour, ctrl, standing, len(mine)))
        return out

    def current_side(self) -> str | None:
        pending = self.battle.pending
        return pending.side if pending is not None else None

    def round_no(self) -> int:
        return self.battle.round

    def before_rounds(self) -> str:
        if self.battle.round or self.battle.pending is None:
            return ""
        return self.presenter.before_rounds(self.battle)

    def round_limit(self) -> int | None:
        return self.battle.battlefield.scenario.round_limit

    def objective_areas(self) -> Sequence[ObjectiveArea]:
        return areas(self.battle.battlefield)

    def objective_progress(self) -> str:
        """The top bar's objective progress, worked out again only when the battle
        changed (it reads every unit: asked every frame, it cost milliseconds)."""
        b = self.battle
        key = (b.world_name, id(b.events), len(b.events), len(b.answers), id(b.ctx.objectives))
        if key != self._progress_key:
            self._progress_key, self._progress = key, progress_text(b)
        return self._progress

    def log_lines(self) -> Sequence[tuple[str, str]]:
        """Every event's text and tone, in order. After an undo the battle replays to the
        same events, so the log drops the lines of the taken-back part and says so."""
        events = self.battle.events
        if len(events) < self._events_seen:  # undo rebuilt the battle
            self.sync_log()
        for event in events[self._events_seen :]:
            self._line_of_event.append(len(self._log))
            self._log_events.append(len(self._line_of_event) - 1)
            self._log.append((event.text(), event.tone))
        self._events_seen = len(events)
        return self._log

    def sync_log(self, note: str | None = "Move taken back.") -> None:
        """Right after an undo: drop the log lines of the taken-back part and add ``note``
        (None adds nothing, e.g. when the player only switched to another unit)."""
        events = self.battle.events
        if len(events) >= self._events_seen:
            return
        cut = self._line_of_event[len(events)]
        del self._log[cut:]
        del self._log_events[cut:]
        del self._line_of_event[len(events) :]
        if note:
            self._log.append((note, "info"))
            self._log_events.append(None)
        self._events_seen = len(events)

    def lines_before(self, event: int) -> int:
        """How many log lines tell what came before the battle's event ``event``."""
        self.log_lines()
        found = self._line_of_event
        return found[event] if 0 <= event < len(found) else len(self._log)

    def log_event(self, line: int) -> int | None:
        """The index in the battle's events of the event log line ``line`` tells (None: a
        line of the screen's own, "Move taken back.")."""
        return self._log_events[line] if 0 <= line < len(self._log_events) else None

    def active_units(self) -> frozenset[str]:
        pending = self.battle.pending
        if pending is not None and pending.unit is not None:
            return frozenset({pending.unit})
        return frozenset()

    def hidden_units(self) -> frozenset[str]:
        return frozenset()

    def template_name(self, key: str) -> str:
        token = self.token(key)
        if token is None:
            return ""
        template = self.content.templates.get(token.template)
        return template.name if template else token.template

    def card_lines(self, key: str) -> list[tuple[str, str]]:
        return self._lines(key, full=False)

    def sheet_lines(self, key: str) -> list[tuple[str, str]]:
        return self._lines(key, full=True)

    def _lines(self, key: str, *, full: bool) -> list[tuple[str, str]]:
        """The card's (or with ``full`` the sheet's) rows, in the ruleset's terms."""
        if self.token(key) is None:
            return []
        return self.presenter.unit_rows(self.battle, key, full=full)

    def carried(self, unit: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """The weapons ``unit`` holds now (in hand, stowed), from its ``Loadout``."""
        try:
            loadout = self.battle.component(unit, Loadout)
        except KeyError:
            return None
        return (tuple(loadout.readied), tuple(loadout.stowed))

    def cell_tooltip(self, cell: Cell) -> str:
        terrain = self.battle.battlefield.grid.terrain(cell)
        from game.ui.battle_model import _terrain_text

        text = _terrain_text(
            terrain.name,
            terrain.move_cost,
            terrain.cover.name.lower(),
            terrain.blocks_move,
            terrain.blocks_sight,
            terrain.concealment,
        )
        graph = self.zone_graph()
        if graph is not None:
            text = with_note(text, zone_note(graph, cell))
        return with_note(text, objective_note(self.battle.battlefield, cell))

    def zone_graph(self) -> ZoneGraph | None:
        """The zones the ruleset plays by (``Presenter.zone_graph``), asked once."""
        if self._zones is None:
            self._zones = (self.presenter.zone_graph(self.battle),)
        return self._zones[0]

    def ground_items(self) -> Sequence[tuple[Cell, str, str]]:
        """Weapons lying on the ground (the engine's reader): (cell, weapon id, name)."""
        self._fresh()
        return self._ground

    # -- answers ------------------------------------------------------------------------------

    def unit_cells(self) -> dict[str, Cell]:
        return {t.key: t.cell for t in self.tokens()}

    def placed_answers(self) -> list[Placed]:
        """Every legal answer to the pending decision, placed on the board (an answer of an
        option aimed at zones with its zone: the index in the option's ``target_field``)."""
        cells = self.unit_cells()
        d = self.battle.pending
        options = d.options if d else ()
        aimed = {o.kind: o.target_field for o in options if o.target_kind == "zone"}
        out = []
        for a in self.battle.legal_answers():
            placed = place(a, cells)
            zone = getattr(a, aimed[a.kind], None) if a.kind in aimed else None
            if isinstance(zone, int) and not isinstance(zone, bool):
                placed = dataclasses.replace(placed, zone=zone)
            out.append(placed)
        return out

    def name(self, unit: str | None) -> str:
        return self._names.get(unit or "", unit or "")

    def pending(self) -> Decision | None:
        return self.battle.pending

    def events_since(self, start: int) -> list[Event]:
        return self.battle.events[start:]

    def damage_by_side(self) -> dict[str, int]:
        """Damage each side dealt over the battle, every health track (for the victory
        summary)."""
        return damage_by_side(self.battle)
