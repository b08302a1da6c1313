"""check-map on zones (maps/README.md · Zones, Zone conditions, What check-map says): the
small maps in tests/maps_zones each show one thing check-map says about a map's zones;
zone conditions (capacity, hazard) are read as the contract writes them."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.__main__ import main
from game.cli import check_map
from game.geometry.grid import Cell, Grid
from game.geometry.movement import STEPS, step_allowed
from game.geometry.zone_conditions import Hazard, parse_capacity, parse_hazard
from game.geometry.zones import ZoneGraph
from game.maps import load_battlefield
from game.maps.zone_checks import zone_info, zone_warnings

HERE = Path(__file__).parent / "maps_zones"
TEMPLATES = frozenset({"warrior", "bandit"})


@pytest.fixture(autouse=True)
def corpus_templates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check_map, "default_templates", lambda: TEMPLATES)


def _lines(name: str, capsys: pytest.CaptureFixture[str], *flags: str) -> tuple[int, list[str]]:
    status = main(["check-map", *flags, str(HERE / name)])
    return status, capsys.readouterr().out.splitlines()


def test_zones_covering_every_walkable_cell_once_check_clean_even_strict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, lines = _lines("zones_ok.tmx", capsys, "--strict")
    assert status == 0
    assert lines == [f"{HERE / 'zones_ok.tmx'}: ok — 5×3, 2 sides (Wardens 1, Bandits 1), 2 units"]


@pytest.mark.parametrize(
    ("name", "line"),
    [
        (
            "zone_gap.tmx",
            "zones: warning: 3 walkable cells in no zone, at (2, 0), (2, 1), "
            "(2, 2); they join the nearest zone (3 to 'West')",
        ),
        (
            "zone_on_walls.tmx",
            "zone 'Wall': warning: covers no walkable cell (only cells "
            "that block movement): no unit can stand in it",
        ),
        (
            "zone_unreachable.tmx",
            "zone 'East': warning: no unit can reach it: no spawn can walk there",
        ),
        (
            "zone_overlap.tmx",
            "zone 'East': warning: overlaps zone 'West' on 3 cells (the "
            "zone listed first keeps them)",
        ),
    ],
)
def test_each_zone_problem_is_one_warning_line_and_strict_refuses_it(
    name: str, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = HERE / name
    status, lines = _lines(name, capsys)
    assert status == 0
    assert lines == [
        f"{path}: {line}",
        f"{path}: ok — 5×3, 2 sides (Wardens 1, Bandits 1), 2 units",
    ]
    status, lines = _lines(name, capsys, "--strict")
    assert status == 2 and lines == [f"{path}: {line}"]


def test_a_map_without_zones_is_told_they_will_be_made_automatically(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = HERE / "no_zones.tmx"
    status, lines = _lines("no_zones.tmx", capsys, "--strict")
    assert status == 0
    assert lines == [
        f"{path}: ok — 5×3, 2 sides (Wardens 1, Bandits 1), 2 units",
        f"{path}: zones: info: no zones on the map; 1 zone will be made automatically "
        "(maps/README.md · Zones made automatically)",
    ]


def test_the_gap_joins_the_nearest_zone_in_the_graph_as_the_warning_says() -> None:
    field = load_battlefield(HERE / "zone_gap.tmx", TEMPLATES)
    graph = ZoneGraph.build(field.grid, field.zones)
    assert {graph.zone_at((2, y)) for y in range(3)} == {graph.index("West")}
    assert zone_info(field) == []
    assert len(zone_warnings(field, graph)) == 1


def test_zone_conditions_are_kept_and_read_by_the_zone_graph() -> None:
    field = load_battlefield(HERE / "zones_ok.tmx", TEMPLATES)
    assert not field.warnings
    graph = ZoneGraph.build(field.grid, field.zones)
    east = graph.index("East")
    assert graph.capacity(east) == 2
    assert graph.hazard(east) == Hazard("DEX", 12, None, "stuck")
    assert graph.capacity(graph.index("West")) is None
    assert graph.hazard(graph.index("West")) is None


def test_an_unknown_zone_property_is_a_warning_naming_the_near_miss(tmp_path: Path) -> None:
    text = (HERE / "zones_ok.tmx").read_text(encoding="utf-8")
    text = text.replace('name="capacity"', 'name="capacty"')
    text = text.replace(
        "../maps_broken/terrain.tsx", str(HERE.parent / "maps_broken" / "terrain.tsx")
    )
    path = tmp_path / "typo.tmx"
    path.write_text(text, encoding="utf-8")
    field = load_battlefield(path, TEMPLATES)
    assert [str(p) for p in field.warnings] == [
        "object 4 'East': warning: unknown property 'capacty'; did you mean 'capacity'? "
        "(known: capacity, hazard; others are kept but not used)"
    ]
    assert field.zones[1].properties["capacty"] == "2"


@pytest.mark.parametrize(
    ("text", "hazard"),
    [
        ("STR 12: 1d4", Hazard("STR", 12, "1d4", None)),
        ("DEX 12: stuck", Hazard("DEX", 12, None, "stuck")),
        ("  CON 14:2d6+1 weakened ", Hazard("CON", 14, "2d6+1", "weakened")),
    ],
)
def test_hazards_read_as_attribute_difficulty_damage_and_hindrance(
    text: str, hazard: Hazard
) -> None:
    assert parse_hazard(text) == hazard
    assert parse_hazard(hazard.text()) == hazard


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("STR twelve: 1d4", "does not read as"),
        ("STR 12", "does not read as"),
        ("STR 12:", "neither damage dice nor a hindrance"),
        ("STR 0: 1d4", "the DR 0 is not 1-30"),
        ("STR 12: 0d4", "is not a dice roll"),
        ("str 12: 1d4", "does not read as"),
    ],
)
def test_a_hazard_that_does_not_read_says_why(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse_hazard(text)


@pytest.mark.parametrize("text", ["0", "-1", "two", "1.5", ""])
def test_a_capacity_is_a_whole_number_from_one(text: str) -> None:
    with pytest.raises(ValueError, match="not a whole number of units from 1"):
        parse_capacity(text)
    assert parse_capacity(" 3 ") == 3


@pytest.mark.parametrize("name", ["duel", "village", "fort", "ambush", "battle"])
def test_every_shipped_map_has_hand_made_zones_covering_each_walkable_square_once(
    name: str,
) -> None:
    """maps/README.md · Drawing zones: the shipped maps' zones leave no walkable square
    out, overlap nowhere, each hold a room's worth of squares and lie where units go."""
    from game.maps import shipped_maps_dir

    field = load_battlefield(shipped_maps_dir() / f"{name}.tmx")
    graph = ZoneGraph.build(field.grid, field.zones)
    assert zone_warnings(field, graph) == []
    assert len(graph.zones) == len(field.zones) >= 5
    assert not any(z.made for z in graph.zones)
    walked = _walkable_from(field.grid, [s.cell for s in field.spawns])
    sizes = {z.name: len(z.cells & walked) for z in graph.zones}  # nooks in woods aside
    assert all(6 <= n <= 50 for n in sizes.values()), sizes


def _walkable_from(grid: Grid, starts: list[Cell]) -> frozenset[Cell]:
    """The squares a unit can walk to from any of ``starts``."""
    seen, todo = set(starts), list(starts)
    while todo:
        here = todo.pop()
        for dx, dy in STEPS:
            there = (here[0] + dx, here[1] + dy)
            if there not in seen and step_allowed(grid, here, there):
                seen.add(there)
                todo.append(there)
    return frozenset(seen)


def test_a_zone_condition_some_rules_cannot_play_is_a_warning_naming_those_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A hazard on a Constitution test: the map plays under the rules that have no use for
    it, so check-map warns (naming the rules that would refuse the battle), and --strict
    refuses it."""
    status, lines = _lines("zone_hazard_unplayable.tmx", capsys)
    name = HERE / "zone_hazard_unplayable.tmx"
    assert status == 0
    assert lines[:2] == [
        f"{name}: zone 'East': warning: not playable with 'factions' rules: hazard "
        "'CON 12: stuck': the factions rules save STR, DEX (AGI) or SKILL (WIT), not CON",
        f"{name}: zone 'East': warning: not playable with 'zones' rules: hazard "
        "'CON 12: stuck': the zones rules test STR, DEX or SKILL, not CON",
    ]
    assert lines[2].startswith(f"{name}: ok")
    status, _ = _lines("zone_hazard_unplayable.tmx", capsys, "--strict")
    assert status == 2
