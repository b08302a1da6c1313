"""What the battle screen reads: a small adapter between a battle and the drawing code.

The screen depends on ``BattleModel`` only (DESIGN.md · Style, the pyscroll
row). ``PreviewModel`` shows a map's spawns with their templates before any
battle exists; the engine-driven model implements the same reading methods
on a live ``Battle``.

Enemy tokens are numbered within their type and each type gets its own
colour, in order of first appearance (source 004 · The Grid).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.content.loader import Content
from game.content.templates import UnitTemplate
from game.engine.presentation import ConditionText
from game.engine.presenter import Presenter
from game.geometry.grid import Cell
from game.geometry.zones import ZoneGraph
from game.maps.battlefield import Battlefield, Spawn
from game.ui.objectives_view import (
    ObjectiveArea,
    areas,
    briefing_lines,
    briefing_with_objectives,
    objective_note,
    with_note,
)
from game.ui.theme import ENEMY_TYPE_COLOURS, colour
from game.ui.tokens import TokenInfo


@dataclass(frozen=True, slots=True)
class SideView:
    """One side as the initiative tracker shows it."""

    id: str
    name: str
    colour: str
    controller: str  # "human" | "ai"
    standing: int  # units still in the fight
    total: int


class BattleModel(Protocol):
    """Reading side of a battle for the screen."""

    title: str
    presenter: Presenter  # what the battle's ruleset shows, in its words

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    def tokens(self) -> Sequence[TokenInfo]: ...

    def token(self, key: str) -> TokenInfo | None: ...

    def sides(self) -> Sequence[SideView]: ...

    def current_side(self) -> str | None: ...

    def round_no(self) -> int: ...

    def before_rounds(self) -> str:
        """The top bar's words for a turn played before round 1 (round 0), "" when the
        battle is not in one."""
        ...

    def round_limit(self) -> int | None:
        """The map's last round (its ``round_limit``), None when it sets none."""
        ...

    def objective_areas(self) -> Sequence[ObjectiveArea]:
        """The map's objectives to shade on the board, with their labels."""
        ...

    def objective_progress(self) -> str:
        """The objectives under way, for the top bar ("" when none is)."""
        ...

    def log_lines(self) -> Sequence[tuple[str, str]]: ...

    def active_units(self) -> frozenset[str]: ...

    def hidden_units(self) -> frozenset[str]: ...

    def template_name(self, key: str) -> str: ...

    def card_lines(self, key: str) -> list[tuple[str, str]]: ...

    def sheet_lines(self, key: str) -> list[tuple[str, str]]: ...

    def cell_tooltip(self, cell: Cell) -> str: ...

    def ground_items(self) -> Sequence[tuple[Cell, str, str]]:
        """Weapons lying on the ground: (cell, weapon id, name)."""
        ...

    def condition_text(self, key: str) -> ConditionText:
        """How the battle's ruleset names condition ``key`` and what it does."""
        ...

    def condition_order(self) -> Sequence[str]:
        """The conditions the battle's ruleset names, in its order (the card lists a
        unit's in this order after the markers')."""
        ...

    def screen_links(self) -> Sequence[tuple[str, str]]:
        """Who screens whom now (004 · Screen an Ally): (screener, ward)."""
        ...

    def zone_graph(self) -> ZoneGraph | None:
        """The zones the battle's ruleset plays by (``Presenter.zone_graph``), or None."""
        ...


def type_colours(templates_in_order: Sequence[str], avoid: Sequence[str] = ()) -> dict[str, str]:
    """A distinct colour per enemy template id, in order of first appearance, leaving out
    palette colours too close to any of ``avoid`` (the party's side colours), so an
    enemy token never passes for one of yours."""
    avoid_rgb = [colour(c) for c in avoid]

    def far(c: str) -> bool:
        rgb = colour(c)
        return all(
            sum((a - b) ** 2 for a, b in zip(rgb, o, strict=True)) > 70**2 for o in avoid_rgb
        )

    palette = [c for c in ENEMY_TYPE_COLOURS if far(c)] or list(ENEMY_TYPE_COLOURS)
    out: dict[str, str] = {}
    for template in templates_in_order:
        if template not in out:
            out[template] = palette[len(out) % len(palette)]
    return out


def enemy_numbers(keys_and_templates: Sequence[tuple[str, str]]) -> dict[str, int]:
    """Number each enemy within its template: bandit 1, bandit 2, wolf 1 …"""
    counts: dict[str, int] = {}
    out: dict[str, int] = {}
    for key, template in keys_and_templates:
        counts[template] = counts.get(template, 0) + 1
        out[key] = counts[template]
    return out


class PreviewModel:
    """The map's spawns as tokens at full health, with no battle running."""

    def __init__(
        self, battlefield: Battlefield, content: Content, presenter: Presenter | None = None
    ) -> None:
        self.battlefield = battlefield
        self.content = content
        # the rows of a unit template, in the terms of the ruleset the battle would use
        self.presenter = presenter or Presenter()
        self.title = battlefield.scenario.title
        party_sides = {s.id for s in battlefield.scenario.sides if s.party}
        enemies = [s for s in battlefield.spawns if s.side not in party_sides]
        party_colours = [s.colour for s in battlefield.scenario.sides if s.party]
        colours = type_colours([s.template for s in enemies], party_colours)
        numbers = enemy_numbers([(self._key(s), s.template) for s in enemies])
        self._tokens: list[TokenInfo] = []
        for spawn in battlefield.spawns:
            template = content.templates.get(spawn.template)
            side = battlefield.side(spawn.side)
            hp = _typical_hp(template)
            key = self._key(spawn)
            party = spawn.side in party_sides
            self._tokens.append(
                TokenInfo(
                    key=key,
                    name=spawn.name,
                    side=spawn.side,
                    side_colour=side.colour,
                    cell=spawn.cell,
                    hp=hp,
                    max_hp=hp,
                    party=party,
                    icon=template.icon if template else None,
                    type_colour=colours.get(spawn.template, "#888888"),
                    number=None if party else numbers.get(key),
                    template=spawn.template,
                )
            )
        self._by_key = {t.key: t for t in self._tokens}

    @staticmethod
    def _key(spawn: Spawn) -> str:
        return f"{spawn.side}:{spawn.cell[0]},{spawn.cell[1]}"

    @property
    def width(self) -> int:
        return self.battlefield.grid.width

    @property
    def height(self) -> int:
        return self.battlefield.grid.height

    def tokens(self) -> Sequence[TokenInfo]:
        return self._tokens

    def token(self, key: str) -> TokenInfo | None:
        return self._by_key.get(key)

    def sides(self) -> Sequence[SideView]:
        out = []
        for side in self.battlefield.scenario.sides:
            n = sum(1 for t in self._tokens if t.side == side.id)
            controller = "ai" if side.control == "ai" else "human"
            out.append(SideView(side.id, side.name, side.colour, controller, n, n))
        return out

    def current_side(self) -> str | None:
        return None

    def round_no(self) -> int:
        return 0

    def before_rounds(self) -> str:
        return ""  # a map shown without a battle: no round at all

    def round_limit(self) -> int | None:
        return self.battlefield.scenario.round_limit

    def objective_areas(self) -> Sequence[ObjectiveArea]:
        return areas(self.battlefield)

    def objective_progress(self) -> str:
        return ""

    def log_lines(self) -> Sequence[tuple[str, str]]:
        bf = self.battlefield
        text = briefing_with_objectives(bf.scenario.briefing, briefing_lines(bf))
        return [(text, "info")]

    def active_units(self) -> frozenset[str]:
        return frozenset()

    def hidden_units(self) -> frozenset[str]:
        return frozenset()

    def template_name(self, key: str) -> str:
        token = self._by_key.get(key)
        template = self.content.templates.get(token.template) if token else None
        return template.name if template else (token.template if token else "")

    def card_lines(self, key: str) -> list[tuple[str, str]]:
        token = self._by_key.get(key)
        if token is None:
            return []
        template = self.content.templates.get(token.template)
        if template is None:
            return [("Template", f"{token.template} (unknown)")]
        return [("HP", f"{token.hp}/{token.max_hp}")] + self.presenter.template_rows(
            self.content, template, full=False
        )

    def sheet_lines(self, key: str) -> list[tuple[str, str]]:
        token = self._by_key.get(key)
        if token is None:
            return []
        template = self.content.templates.get(token.template)
        if template is None:
            return []
        return [("HP", f"{token.hp}/{token.max_hp}")] + self.presenter.template_rows(
            self.content, template, full=True
        )

    def cell_tooltip(self, cell: Cell) -> str:
        terrain = self.battlefield.grid.terrain(cell)
        text = _terrain_text(
            terrain.name,
            terrain.move_cost,
            terrain.cover.name.lower(),
            terrain.blocks_move,
            terrain.blocks_sight,
            terrain.concealment,
        )
        return with_note(text, objective_note(self.battlefield, cell))

    def ground_items(self) -> Sequence[tuple[Cell, str, str]]:
        return ()  # no battle yet: nothing lies on the ground

    def condition_text(self, key: str) -> ConditionText:
        return self.presenter.condition_text(key)

    def condition_order(self) -> Sequence[str]:
        return tuple(self.presenter.condition_texts)

    def screen_links(self) -> Sequence[tuple[str, str]]:
        return ()  # no battle yet: nobody screens

    def zone_graph(self) -> ZoneGraph | None:
        return None  # the map's preview shows no zones


def _typical_hp(template: UnitTemplate | None) -> int:
    if template is None:
        return 1
    hp = template.hp
    if isinstance(hp, int):
        return hp
    return max(1, round(hp.mean))


def _terrain_text(
    name: str, cost: int, cover: str, blocks_move: bool, blocks_sight: bool, concealment: bool
) -> str:
    """What a square's terrain means in play; empty for plain ground (no tooltip)."""
    bits = [name.capitalize()]
    if blocks_move:
        bits.append("impassable")
    elif cost > 1:
        bits.append(f"difficult (costs {cost} squares)")
    if blocks_sight:
        bits.append("blocks sight")
    if cover != "none":
        bits.append(f"gives {cover} cover")
    if concealment:
        bits.append("conceals")
    return ", ".join(bits) if len(bits) > 1 else ""
