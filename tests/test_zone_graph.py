"""The zone graph (DESIGN.md · Geometry · Zones; game/geometry/zones.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.grid import Cell, Grid, Terrain
from game.geometry.zones import AUTO_ZONE_MAX_CELLS, ZoneGraph, ZoneRange, auto_zones


@dataclass(frozen=True)
class Z:
    name: str
    cells: frozenset[Cell]
    properties: dict[str, str] = field(default_factory=dict, hash=False, compare=False)


def rect(name: str, x0: int, y0: int, x1: int, y1: int, **props: str) -> Z:
    return Z(
        name, frozenset((x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)), dict(props)
    )


CORRIDOR = Grid.from_ascii("...#...#...\n...........\n...#...#...\n")


def corridor_graph() -> ZoneGraph:
    return ZoneGraph.build(
        CORRIDOR,
        [
            rect("West", 0, 0, 2, 2),
            rect("Middle", 4, 0, 6, 2),
            rect("East", 8, 0, 10, 2),
        ],
    )


def test_cells_belong_to_their_zone_and_walls_to_none() -> None:
    g = corridor_graph()
    assert g.zone_at((0, 0)) == g.index("West")
    assert g.zone_at((5, 1)) == g.index("Middle")
    assert g.zone_at((3, 0)) is None  # a wall
    assert g.zone_at((-1, 0)) is None  # off the map


def test_gap_cells_join_the_nearest_zone_first_listed_on_ties() -> None:
    # (3, 1) and (7, 1) lie between two zones, one step from each: the first listed wins.
    g = corridor_graph()
    assert g.zone_at((3, 1)) == g.index("West")
    assert g.zone_at((7, 1)) == g.index("Middle")
    walkable = {c for c in CORRIDOR.cells() if not CORRIDOR.blocks_move(c)}
    assert set().union(*(z.cells for z in g.zones)) == walkable


def test_overlap_goes_to_the_zone_listed_first() -> None:
    g = ZoneGraph.build(CORRIDOR, [rect("A", 0, 0, 5, 2), rect("B", 4, 0, 10, 2)])
    assert g.zone_at((4, 1)) == g.index("A")
    assert g.zone_at((6, 1)) == g.index("B")


def test_ranges_close_nearby_far_away_distant() -> None:
    grid = Grid.from_ascii("." * 20)
    g = ZoneGraph.build(grid, [rect(str(i), 4 * i, 0, 4 * i + 3, 0) for i in range(5)])
    assert [g.range(0, j) for j in range(5)] == [
        ZoneRange.CLOSE,
        ZoneRange.NEARBY,
        ZoneRange.FAR_AWAY,
        ZoneRange.DISTANT,
        ZoneRange.DISTANT,
    ]
    assert g.steps(0, 4) == 4
    assert g.neighbours(2) == frozenset({1, 3})
    assert g.cell_range((0, 0), (9, 0)) is ZoneRange.FAR_AWAY
    assert ZoneRange.FAR_AWAY.label == "Far-Away"


def test_zones_a_wall_separates_are_not_adjacent_and_distant() -> None:
    grid = Grid.from_ascii("..#..\n..#..")
    g = ZoneGraph.build(grid, [rect("L", 0, 0, 1, 1), rect("R", 3, 0, 4, 1)])
    assert g.neighbours(0) == frozenset()
    assert g.steps(0, 1) is None
    assert g.range(0, 1) is ZoneRange.DISTANT


def test_diagonal_squeeze_between_walls_does_not_join_zones() -> None:
    grid = Grid.from_ascii(".#\n#.")
    g = ZoneGraph.build(grid, [rect("A", 0, 0, 0, 0), rect("B", 1, 1, 1, 1)])
    assert g.steps(0, 1) is None


def test_unreachable_island_becomes_a_zone_of_its_own() -> None:
    grid = Grid.from_ascii("..#..")
    g = ZoneGraph.build(grid, [rect("L", 0, 0, 1, 0)])
    island = g.zone_at((4, 0))
    assert island is not None and g.zones[island].name == "Unzoned area 1"
    assert g.zones[island].made and not g.zones[0].made


def test_zone_covering_only_walls_is_dropped() -> None:
    g = ZoneGraph.build(CORRIDOR, [rect("Wall", 3, 0, 3, 0), rect("All", 0, 0, 10, 2)])
    assert [z.name for z in g.zones] == ["All"]


def test_landing_is_the_free_cell_nearest_the_start() -> None:
    g = corridor_graph()
    middle = g.index("Middle")
    assert g.landing(middle, (), (3, 1)) == (4, 1)
    assert g.landing(middle, {(4, 1)}, (3, 1)) in {(4, 0), (4, 2)}
    full = set(g.zones[middle].cells)
    assert g.landing(middle, full, (3, 1)) is None
    assert g.free_cells(middle)[0] == (5, 1)  # the centre first


def test_border_cells_are_other_zones_cells_a_step_away() -> None:
    grid = Grid.from_ascii("......")
    g = ZoneGraph.build(grid, [rect("A", 0, 0, 1, 0), rect("B", 2, 0, 3, 0), rect("C", 4, 0, 5, 0)])
    assert g.border_cells(1) == frozenset({(1, 0), (4, 0)})


def test_capacity_reads_a_positive_whole_number() -> None:
    g = ZoneGraph.build(CORRIDOR, [rect("Bridge", 0, 0, 10, 2, capacity="2")])
    assert g.capacity(0) == 2
    for bad in ("0", "two", "-1"):
        assert ZoneGraph.build(CORRIDOR, [rect("B", 0, 0, 10, 2, capacity=bad)]).capacity(0) is None


def test_no_zones_means_zones_made_automatically() -> None:
    g = ZoneGraph.build(CORRIDOR)
    assert all(z.made for z in g.zones)
    assert [z.name for z in g.zones] == [f"Area {n}" for n in range(1, len(g.zones) + 1)]


def test_auto_zones_doors_bound_rooms() -> None:
    door = Terrain("wooden door")
    grid = Grid.from_ascii(
        "...#...\n...D...\n...#...",
        legend={
            ".": Terrain(),
            "#": Terrain("wall", blocks_move=True, blocks_sight=True),
            "D": door,
        },
    )
    zones = auto_zones(grid)
    assert len(zones) == 2
    left = next(z for z in zones if (0, 0) in z.cells)
    assert (3, 1) in left.cells  # the door joins the first room next to it
    assert all((4, 1) not in z.cells for z in zones if z is left)


def test_auto_zones_split_large_areas() -> None:
    grid = Grid(20, 20)
    zones = auto_zones(grid)
    assert all(len(z.cells) <= AUTO_ZONE_MAX_CELLS for z in zones)
    assert sum(len(z.cells) for z in zones) == 400
    assert len(zones) == 16  # 20 → 10 → 5 across each side: 5×5 pieces


@settings(max_examples=40, deadline=None)
@given(st.lists(st.booleans(), min_size=64, max_size=64))
def test_auto_zones_partition_every_walkable_cell(walls: list[bool]) -> None:
    grid = Grid.from_ascii(
        "\n".join("".join("#" if walls[y * 8 + x] else "." for x in range(8)) for y in range(8))
    )
    g = ZoneGraph.build(grid)
    walkable = {c for c in grid.cells() if not grid.blocks_move(c)}
    seen: set[Cell] = set()
    for z in g.zones:
        assert not (z.cells & seen)
        seen |= z.cells
        assert z.cells
    assert seen == walkable
    assert g.build(grid).zones == g.zones  # deterministic
    for i in range(len(g.zones)):
        for j in g.neighbours(i):
            assert g.range(i, j) is ZoneRange.NEARBY


def test_unknown_zone_name_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        corridor_graph().index("Nowhere")
