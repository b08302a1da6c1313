"""What a map gives a battle: terrain, spawns, zones, objectives and the scenario."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from game.maps.errors import Problem
from game.rulesets import DEFAULT as DEFAULT_RULESET

if TYPE_CHECKING:  # the geometry (and numpy) come with a battle, not with a summary
    from game.geometry.grid import Cell, Grid


@dataclass(frozen=True, slots=True)
class SideInfo:
    """One side of the scenario. ``party`` marks the player's side of source 004
    (adds its best DEX to initiative, wins ties, is mortally wounded at 0 HP)."""

    id: str
    name: str
    colour: str  # "#rrggbb"
    control: str = "any"  # "human" | "ai" | "any": who may control it
    party: bool = False
    # marked `; undecided`: its mind is not made up when the battle starts (a ruleset
    # with a reaction roll rolls it; the others ignore it)
    undecided: bool = False
    # the other flags of its sides line (after party and undecided), words a ruleset
    # may read: ``morale``, it checks morale as the computer's sides do in a ruleset
    # where only those check (maps/README.md · Sides)
    flags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Spawn:
    """A unit placed by the map author."""

    name: str
    side: str
    template: str
    cell: Cell
    ai: str | None = None  # AI hint: "hold", "guard", "aggressive", "skirmish", ...
    leader: bool = False
    arrives: int = 0  # the round it enters the battle (0: from the start)


@dataclass(frozen=True, slots=True)
class Zone:
    """A named area (for the zone rulesets): the cells whose centres it covers."""

    name: str
    cells: frozenset[Cell]
    properties: dict[str, str] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True, slots=True)
class Objective:
    """A goal marked on the map (maps/README.md · Objectives: hold, reach, escape,
    protect). ``rounds``: how many round ends in a row a hold (or an enemy's hold of a
    protected area) must last, None for "at the round limit"; ``count``: how many units
    must reach or escape; ``unit``: the spawn name a protect objective guards."""

    name: str
    kind: str
    cells: frozenset[Cell]
    side: str | None = None
    description: str = ""
    rounds: int | None = None
    count: int | None = None
    unit: str | None = None


@dataclass(frozen=True, slots=True)
class Scenario:
    """Map-level properties that set up the battle."""

    title: str
    briefing: str
    ruleset: str = DEFAULT_RULESET
    sides: tuple[SideInfo, ...] = ()
    surprise: str | None = None  # id of the side caught unawares, "check" or None
    round_limit: int | None = None
    fog: bool = False
    difficulty: str | None = None  # one of contract.DIFFICULTIES, or None when not given


@dataclass(slots=True)
class Battlefield:
    """A loaded map, ready to build a battle world from. No pygame, no images."""

    path: Path
    grid: Grid
    spawns: tuple[Spawn, ...]
    zones: tuple[Zone, ...]
    objectives: tuple[Objective, ...]
    scenario: Scenario
    content_hash: str  # sha256 of the .tmx bytes and its external tilesets
    # Ids of the layers Tiled hides (hidden themselves or inside a hidden group): not
    # played, and the screen does not draw them either.
    hidden_layers: frozenset[int] = frozenset()
    # What check-map warns about (unknown custom properties); the map plays all the same.
    warnings: tuple[Problem, ...] = ()

    @classmethod
    def from_ascii(
        cls,
        ascii_map: str,
        spawns: Iterable[tuple[str, str, str, Cell]],
        sides: Sequence[SideInfo] | None = None,
        *,
        title: str = "A battle made in code",
        round_limit: int | None = None,
        objectives: Sequence[Objective] = (),
    ) -> Battlefield:
        """A battlefield built in code: the grid from ``Grid.from_ascii`` (``#`` wall,
        ``.`` floor, ...), units as ``(name, side id, unit template, (x, y))``, and the
        sides (default: one side per side id in the spawns, the first the party)::

            field = Battlefield.from_ascii("......\\n......", [
                ("Ada", "party", "warrior", (0, 0)), ("Gor", "bandits", "bandit", (5, 1))])
            battle = Battle(field, ruleset="grid", seed=1)
        """
        from game.geometry.grid import Grid

        placed = tuple(Spawn(n, s, t, c) for n, s, t, c in spawns)
        if sides is None:
            ids = list(dict.fromkeys(s.side for s in placed))
            colours = ("#3366cc", "#cc3333", "#999933", "#33aa66")
            sides = tuple(
                SideInfo(i, i.replace("_", " ").title(), colours[k % len(colours)], party=k == 0)
                for k, i in enumerate(ids)
            )
        return cls(
            path=Path("in-code.tmx"),
            grid=Grid.from_ascii(ascii_map),
            spawns=placed,
            zones=(),
            objectives=tuple(objectives),
            scenario=Scenario(title, "", sides=tuple(sides), round_limit=round_limit),
            content_hash="in-code",
        )

    def side(self, side_id: str) -> SideInfo:
        for side in self.scenario.sides:
            if side.id == side_id:
                return side
        raise KeyError(side_id)
