"""Play-test 3: tokens covered zone names. A zone's whole name goes where no unit stands
under it; when only its shorter name leaves the units clear, the shorter name is shown."""

from __future__ import annotations

import pygame

from game.geometry.zones import ZoneArea, ZoneGraph
from game.ui.zone_view import place_names, plate_size


def _row(name: str, width: int) -> ZoneGraph:
    cells = frozenset((x, 0) for x in range(width))
    return ZoneGraph([ZoneArea(0, name, cells)], dict.fromkeys(cells, 0), [frozenset()])


def test_the_shorter_name_when_only_it_leaves_the_units_clear() -> None:
    pygame.font.init()
    px, size = 64, 15
    assert plate_size("Old mill pond", size)[0] > px  # the whole name spills over
    graph = _row("Old mill pond", 3)
    [place] = place_names(graph, px, size, frozenset({(0, 0), (2, 0)}))
    assert place.text == "Old…" and place.cell == (1, 0)
    [place] = place_names(graph, px, size, frozenset())  # no units: the whole name
    assert place.text == "Old mill pond"


def test_the_whole_name_when_the_short_one_is_no_better() -> None:
    pygame.font.init()
    graph = _row("Old mill pond", 1)  # one square, a unit on it: no name leaves it clear
    [place] = place_names(graph, 64, 15, frozenset({(0, 0)}))
    assert place.text == "Old mill pond"
